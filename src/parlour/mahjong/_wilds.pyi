# Types of the compiled wild-tile search (_wilds.c); see parlour.mahjong.kernel.
from collections.abc import Callable, Sequence
from typing import Any

MAX_WILDS: int
MAX_SETS: int

def regular_search(
    counts: Sequence[int],
    sets: int,
    want_pair: bool,
    wild_pool: Sequence[int],
    pre_stands: Sequence[int],
    limit: Sequence[int],
    rules: Sequence[int],
    free: int,
    drops: int,
    first_only: bool,
    cache: dict[int, Any] | None = None,
    make_meld: Callable[[int], Any] | None = None,
    fixed: tuple[Any, ...] | None = None,
    /,
) -> list[Any]: ...
def set_reading_type(cls: type, /) -> None: ...

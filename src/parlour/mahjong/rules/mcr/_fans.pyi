# Types of MCR's compiled fan engine (_fans.c); see parlour.mahjong.rules.mcr.scoring.
from typing import Any

from parlour.mahjong.scoring import Situation

def score(
    situation: Situation, reference: bool, /
) -> tuple[int, bytes | None, int, bytes, int] | None: ...
def score_json(
    data: dict[str, Any], /
) -> tuple[int, bytes | None, int, bytes, int, bytes] | None: ...
def configure(
    keys: tuple[str, ...], source: tuple[int, ...], reference: tuple[int, ...], /
) -> None: ...
def points(hand: Any, reference: bool, /) -> int | None: ...

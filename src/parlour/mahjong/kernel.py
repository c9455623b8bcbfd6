"""Which shape kernel answers: the compiled one or the pure-Python reference.

The hot fast paths of :mod:`parlour.mahjong.shapes` (:func:`~parlour.mahjong.shapes.shanten_of`,
:func:`~parlour.mahjong.shapes.is_complete_of`, :func:`~parlour.mahjong.shapes.could_be_ready`,
:func:`~parlour.mahjong.shapes.is_complete_counts`, and the plain-list fast paths of
:func:`~parlour.mahjong.shapes.shanten` and :func:`~parlour.mahjong.shapes.is_complete`)
have a twin in C, the extension module ``parlour.mahjong._kernel``, built by setuptools
when the package is installed (``setup.py``). The Python code stays the reference and the
fallback: where the extension was not built (no compiler) or ``PARLOUR_PURE=1`` is set
in the environment before parlour is imported, the pure path answers.

>>> active() in ("compiled", "pure")
True
"""

from __future__ import annotations

import os
import sysconfig
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

PURE_ENV = "PARLOUR_PURE"
"""The environment variable that forces the pure-Python path (any value but "" or "0")."""


class Kernel(Protocol):
    """The functions of the compiled kernel (``parlour/mahjong/_kernel.c``)."""

    def shanten_of(self, tiles: Sequence[int], /) -> int: ...
    def need_of(self, tiles: Sequence[int], /) -> int: ...
    def is_complete_counts(self, counts: Sequence[int], /) -> bool: ...
    def is_complete_of(self, tiles: Sequence[int], /, melds: int = 0) -> bool: ...
    def could_be_ready(self, tiles: Sequence[int], /, melds: int = 0) -> bool: ...
    def regular_need(self, tiles: Sequence[int], sets: int, /) -> int: ...
    def waits_of(self, tiles: Sequence[int], /) -> list[int]: ...
    def general_need(
        self, counts: Sequence[int], sets: int, melds: int, size: int, loose: bool, /
    ) -> int: ...
    def suit_need(self, key: int, loose: bool = False, /) -> tuple[int, ...]: ...


def pure_forced() -> bool:
    """True when the environment asks for the pure-Python path."""
    return os.environ.get(PURE_ENV, "") not in ("", "0")


def stale_build(directory: Path | None = None) -> str | None:
    """Why the built kernel beside its C source is out of date, or None.

    In a source checkout (an editable install) the extension is built in place next to
    ``_kernel.c``; one older than its source was built before the source changed, and is
    not loaded. An installed wheel ships no source, so nothing is stale there.
    """
    here = Path(__file__).parent if directory is None else directory
    source = here / "_kernel.c"
    if not source.exists():
        return None
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    built = here / f"_kernel{suffix}"
    if built.exists() and built.stat().st_mtime < source.stat().st_mtime:
        return f"{built.name} is older than _kernel.c: rebuild it (make test, or pip install -e .)"
    return None


def load() -> Kernel | None:
    """The compiled kernel, or None when it is not built or is older than its source
    (whatever the environment says); a stale build is named in a warning."""
    stale = stale_build()
    if stale is not None:
        warnings.warn(f"parlour's shape kernel is not used: {stale}", stacklevel=2)
        return None
    try:
        from parlour.mahjong import _kernel
    except ImportError:
        return None
    return _kernel


native: Kernel | None = None if pure_forced() else load()
"""The kernel the shape functions were bound to when :mod:`parlour.mahjong.shapes` was
imported; None on the pure path."""


def active() -> str:
    """``"compiled"`` when the shape fast paths run in C, ``"pure"`` otherwise."""
    return "pure" if native is None else "compiled"


def main() -> int:
    """``python -m parlour.mahjong.kernel``: print the kernel in use; exit 1 when a built
    kernel is stale, or when ``--require`` is given and the kernel is not compiled."""
    import sys

    stale = stale_build()
    print(f"shape kernel: {active()}" + (f" ({stale})" if stale else ""))
    if stale or ("--require" in sys.argv[1:] and native is None and not pure_forced()):
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

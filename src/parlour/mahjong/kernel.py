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
from collections.abc import Sequence
from typing import Protocol

PURE_ENV = "PARLOUR_PURE"
"""The environment variable that forces the pure-Python path (any value but "" or "0")."""


class Kernel(Protocol):
    """The functions of the compiled kernel (``parlour/mahjong/_kernel.c``)."""

    def shanten_of(self, tiles: Sequence[int], /) -> int: ...
    def need_of(self, tiles: Sequence[int], /) -> int: ...
    def is_complete_counts(self, counts: Sequence[int], /) -> bool: ...
    def is_complete_of(self, tiles: Sequence[int], melds: int = 0, /) -> bool: ...
    def could_be_ready(self, tiles: Sequence[int], melds: int = 0, /) -> bool: ...
    def regular_need(self, tiles: Sequence[int], sets: int, /) -> int: ...
    def waits_of(self, tiles: Sequence[int], /) -> list[int]: ...
    def suit_need(self, key: int, /) -> tuple[int, ...]: ...


def pure_forced() -> bool:
    """True when the environment asks for the pure-Python path."""
    return os.environ.get(PURE_ENV, "") not in ("", "0")


def load() -> Kernel | None:
    """The compiled kernel, or None when it is not built (whatever the environment says)."""
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

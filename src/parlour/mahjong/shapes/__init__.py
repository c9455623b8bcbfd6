"""The hand-shape engine: decompositions, completeness, shanten and waits.

A winning hand is four sets and a pair (five sets and a pair in 16-tile games), or one of
the special shapes: seven pairs, thirteen orphans, knitted straight (147/258/369 spread
over the three suits, plus a set and a pair), and honours-and-knitted (fourteen distinct
tiles from the honours and one knitted pattern). Fixed melds (exposed sets, concealed
kongs) count as sets; each counts as three tiles towards the hand size.

Every function takes tiles as a list of tile ints or as notation:

>>> is_complete("123m 456p 789s EEE CC")
True
>>> shanten("123m 456p 789s EE CC")
0
>>> waits("123m 456p 789s EE CC", visible="C")
{27: 2, 31: 1}
>>> [str(d) for d in decompositions("111222333m 55p", melds=["[EEE]"])]
['[EEE] {111m} {222m} {333m} 55p', '[EEE] {123m} {123m} {123m} 55p']

Wild tiles (jokers, golds, laizi) are counted with ``wilds=`` or recognised in the tiles
by :class:`WildRules` (``wild_tile=``, jokers ``J`` are always wild); the rules say where a
wild may stand. Decompositions report what each wild stands for:

>>> d = next(decompositions("123m 456p 789s EEE C", wilds=1))
>>> d.wilds
((42, 31),)

The shanten number (tiles away from ready, -1 when complete) is computed from
per-suit tables: the default ``model="exact"`` never counts on a fifth copy of a tile
(a hand holding four 1m is not waiting on 1m); ``model="loose"`` is the common formula
of other calculators (PyMahjongGB) which does.

The package, bottom to top (a module imports only those above it in this list):

* :mod:`~parlour.mahjong.shapes.wilds`: :class:`WildRules`, the copy caps, which physical
  wild plays which kind;
* :mod:`~parlour.mahjong.shapes.hand`: the shape kinds, :class:`Decomposition`,
  :class:`PreparedHand` and :func:`prepare`;
* :mod:`~parlour.mahjong.shapes.shanten`: shanten and completeness on packed keys (the
  fast paths: :func:`shanten_of`, :func:`is_complete_of`, :func:`could_be_ready`, ...);
* :mod:`~parlour.mahjong.shapes.regular`: the search for the regular shape's readings;
* :mod:`~parlour.mahjong.shapes.special`: the special shapes' readings and
  :class:`SpecialShape`;
* :mod:`~parlour.mahjong.shapes.constrained`: shanten when the rules restrict wilds;
* :mod:`~parlour.mahjong.shapes.api`: :func:`shanten`, :func:`is_complete`, :func:`waits`,
  :func:`decompositions`, which check the hand and choose the path.

This module re-exports the names callers use.
"""

from __future__ import annotations

from parlour.mahjong import _tables as T  # noqa: F401 (the name the single module had)
from parlour.mahjong import _tables as _tables
from parlour.mahjong.shapes.api import decompositions, is_complete, shanten, waits
from parlour.mahjong.shapes.hand import (
    ALL_KINDS,
    KNITTED_PATTERNS,
    Decomposition,
    PreparedHand,
    knitted_tiles,
    prepare,
)
from parlour.mahjong.shapes.hand import MeldInput as MeldInput
from parlour.mahjong.shapes.hand import ShapeKind as ShapeKind
from parlour.mahjong.shapes.hand import TileInput as TileInput
from parlour.mahjong.shapes.regular import Group as Group
from parlour.mahjong.shapes.shanten import (
    could_be_ready,
    discard_needs,
    draw_needs,
    improving_of,
    is_complete_counts,
    is_complete_of,
    shanten_of,
    warm_tables,
)
from parlour.mahjong.shapes.shanten import shanten_without_chows as shanten_without_chows
from parlour.mahjong.shapes.special import AnyShapeWithWilds, SpecialShape
from parlour.mahjong.shapes.wilds import UNRESTRICTED as UNRESTRICTED
from parlour.mahjong.shapes.wilds import WildRules, copy_caps

__all__ = [
    "ALL_KINDS",
    "KNITTED_PATTERNS",
    "AnyShapeWithWilds",
    "Decomposition",
    "PreparedHand",
    "SpecialShape",
    "WildRules",
    "copy_caps",
    "could_be_ready",
    "decompositions",
    "discard_needs",
    "draw_needs",
    "improving_of",
    "is_complete",
    "is_complete_counts",
    "is_complete_of",
    "knitted_tiles",
    "prepare",
    "shanten",
    "shanten_of",
    "waits",
    "warm_tables",
]

"""The fields of a mahjong situation, read once for every rule system.

A rule system's scorer reads a *situation*, a JSON object (see
:mod:`parlour.mahjong.scoring`). The readers here check one field each and raise
:class:`~parlour.core.errors.InvalidHand` with a message that names the field (as
``'seat_wind'``; ``parlour score`` writes the field's flag there, ``--seat``). The
:class:`~parlour.core.systems.Field` values declare the fields most rule systems share,
with their meanings and flags; a rule system lists the ones it reads.

>>> wind("s", "'seat_wind'")
'S'
>>> wind("X", "'seat_wind'")
Traceback (most recent call last):
...
parlour.core.errors.InvalidHand: 'seat_wind' must be a wind: E, S, W or N, not 'X'
>>> tile_name(one_tile("9s", "'win_tile'")), flag({"robbing_kong": True}, "robbing_kong")
('9s', True)
>>> one_tile("CC", "'win_tile'")
Traceback (most recent call last):
...
parlour.core.errors.NotationError: 'win_tile' must be one tile, such as 9s or C, not 'CC'
>>> bonus("f1 x3", "'bonus'")
((34, 40), 2)
>>> count(9, "'bonus'", 0, 8)
Traceback (most recent call last):
...
parlour.core.errors.InvalidHand: 'bonus' must be a count from 0 to 8, not 9

A rule system reads its own fields with these too, saying what it needs where it differs:
a seat wind, the seats in play, a tile that may be marked wild, bonus tiles only.

>>> in_play = ("E", "W")
>>> wind("n", "'banker'", "a seat wind"), wind("W", "'seat_wind'", "a seat in play", winds=in_play)
('N', 'W')
>>> wind("S", "'seat_wind'", "a seat in play", winds=in_play)
Traceback (most recent call last):
...
parlour.core.errors.InvalidHand: 'seat_wind' must be a seat in play: E or W, not 'S'
>>> marked_tile("5p*", "'win_tile'"), bonus_tiles("x3 f1", "'bonus'"), tiles(None, "'visible'")
((13, True), [40, 34], [])
>>> marked_tile("5p 6p", "'gold'", "5p", "the indicator")
Traceback (most recent call last):
...
parlour.core.errors.InvalidHand: 'gold' must be exactly one tile (the indicator), not '5p 6p'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from parlour.core.errors import InvalidHand, NotationError
from parlour.core.systems import Field, listed
from parlour.mahjong.melds import Hand, Meld, parse_hand
from parlour.mahjong.tiles import (
    BONUS_TILES,
    TILES_ALL,
    TILES_BY_NAME,
    Tile,
    TileSet,
    check_counts,
    parse_tiles,
    plain_tiles,
    scan_tiles,
    tile_name,
)

WINDS = ("E", "S", "W", "N")
"""Seat winds in turn order: South plays after East, and so on."""


# -- readers ----------------------------------------------------------------------------


def wind(value: object, name: str, what: str = "a wind", *, winds: tuple[str, ...] = WINDS) -> str:
    """A wind letter (any case, spaces around allowed), one of ``winds`` (a rule system
    may narrow them to the seats in play, or add its own: a centre round ``C``);
    ``what`` says in the message what the field must be (``a seat wind``)."""
    if type(value) is str and value in winds:
        return value  # written as it is read
    if isinstance(value, str) and value.strip().upper() in winds:
        return value.strip().upper()
    raise InvalidHand(f"{name} must be {what}: {listed(winds)}, not {value!r}")


def flag(data: Mapping[str, Any], key: str) -> bool:
    """The true-or-false field ``key`` of ``data`` (False when missing)."""
    v = data.get(key, False)
    if not isinstance(v, bool):
        raise InvalidHand(f"{key!r} must be true or false, not {v!r}")
    return v


def count(value: object, name: str, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidHand(f"{name} must be a count from {low} to {high}, not {value!r}")
    if not low <= value <= high:
        raise InvalidHand(f"{name} must be a count from {low} to {high}, not {value}")
    return value


def one_tile(value: object, name: str) -> Tile:
    """Exactly one tile in notation (NotationError otherwise)."""
    if type(value) is str:
        tile = TILES_BY_NAME.get(value)  # the tile's name alone: nothing to scan
        if tile is not None:
            return tile
    try:
        tiles = parse_tiles(value) if isinstance(value, str) else []
    except NotationError:
        tiles = []
    if len(tiles) != 1:
        raise NotationError(f"{name} must be one tile, such as 9s or C, not {value!r}")
    return tiles[0]


def marked_tile(value: object, name: str, example: str = "9s", note: str = "") -> tuple[Tile, bool]:
    """Exactly one tile in notation, which may carry a wild mark ``*``: the tile and
    whether it is marked. InvalidHand naming the field otherwise (``example`` is a tile
    the message shows, ``note`` what the tile is: ``the indicator``)."""
    if type(value) is str:
        tile = TILES_BY_NAME.get(value)  # the tile's name alone, unmarked: nothing to scan
        if tile is not None:
            return tile, False
    if not isinstance(value, str):
        raise InvalidHand(f"{name} must be a tile in notation, such as {example!r}, not {value!r}")
    try:
        scanned = scan_tiles(value)
    except NotationError as e:
        raise InvalidHand(f"{name}: {e}") from None
    if len(scanned) != 1:
        what = f" ({note})" if note else ""
        raise InvalidHand(f"{name} must be exactly one tile{what}, not {value!r}")
    return scanned[0].tile, scanned[0].wild_mark


def marked_tiles(value: object, name: str) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
    """Tiles in notation of which some may be marked ``*`` as wild (a situation's
    concealed tiles), none written more often than the tile set holds: (all of them,
    the marked ones), each sorted. InvalidHand naming the field when ``value`` is not
    text; NotationError for notation that is not. Plain notation is read at once (no
    object per tile).

    >>> marked_tiles("5p* 123m 5p", "'concealed'")
    ((0, 1, 2, 13, 13), (13,))
    >>> marked_tiles(5, "'concealed'")
    Traceback (most recent call last):
    ...
    parlour.core.errors.InvalidHand: 'concealed' must be tiles in notation, not 5
    """
    if type(value) is str:
        codes = plain_tiles(value)
        if codes is not None:
            return tuple(sorted(codes)), ()
    if not isinstance(value, str):
        raise InvalidHand(f"{name} must be tiles in notation, not {value!r}")
    scanned = scan_tiles(value)
    check_counts(scanned, value)
    marked = tuple(sorted(s.tile for s in scanned if s.wild_mark))
    return tuple(sorted(s.tile for s in scanned)), marked


def place_win_tile(
    concealed: list[Tile], marks: list[Tile], melds: int, win: tuple[Tile, bool], before: int
) -> None:
    """Put the winning tile ``win`` (a tile, and whether it is a wild marked ``*``) among
    the ``concealed`` tiles (and the wild ``marks``) of a hand that holds ``before`` tiles
    without it (``melds`` sets counting three each); a hand already holding ``before + 1``
    must hold it. Anything else is :class:`InvalidHand`.

    >>> concealed, marks = [0, 1], []
    >>> place_win_tile(concealed, marks, 0, (2, False), 2); concealed
    [0, 1, 2]
    >>> place_win_tile([0, 1, 2], [], 0, (5, False), 2)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    parlour.core.errors.InvalidHand: the hand holds 3 tiles ... but not the winning tile 6m
    """
    tile, marked = win
    size = len(concealed) + 3 * melds
    if size == before:
        concealed.append(tile)
        if marked:
            marks.append(tile)
    elif size == before + 1:
        plain = concealed.count(tile) - marks.count(tile)
        if (marked and tile not in marks) or (not marked and plain == 0):
            what = f"{tile_name(tile)}*" if marked else tile_name(tile)
            raise InvalidHand(
                f"the hand holds {size} tiles (melds counting three) but not the winning tile "
                f"{what}"
            )
    else:
        raise InvalidHand(
            f"the winner's hand holds {size} tiles (melds counting three); it should hold "
            f"{before} before the winning tile (or {before + 1} with it)"
        )


def tiles(
    value: object, name: str, what: str = "tiles in notation", *, repeats: bool = False
) -> list[Tile]:
    """Tiles in notation, none marked wild (None or ``""``: none), in the order written.
    InvalidHand naming the field when ``value`` is not text (``what`` says what it must
    be); NotationError for notation that is not, or, unless ``repeats``, a tile written
    more often than the tile set holds (``repeats``: the caller refuses repeats among
    all the tiles it reads)."""
    if value is None or value == "":
        return []
    if not isinstance(value, str):
        raise InvalidHand(f"{name} must be {what}, not {value!r}")
    if repeats:
        codes = plain_tiles(value, counted=False)
        if codes is not None:
            return list(codes)
        return [s.tile for s in scan_tiles(value, allow_wild_marks=False)]
    return parse_tiles(value)


def bonus_tiles(
    value: object,
    name: str,
    what: str = "bonus tiles such as 'f1 x3'",
    *,
    repeats: bool = False,
) -> list[Tile]:
    """Flowers and seasons in notation (``"f1 x3"``; None or ``""``: none), in the order
    written: :func:`tiles`, and InvalidHand for any other tile."""
    got = tiles(value, name, what, repeats=repeats)
    for t in got:
        if t not in BONUS_TILES:
            raise InvalidHand(f"{name} holds {tile_name(t)}, which is not a flower or season")
    return got


def bonus(value: object, name: str) -> tuple[tuple[Tile, ...], int]:
    """Bonus tiles held: a count of them (0 to 8), or the flowers and seasons in
    notation (``"f1 x3"``, or a list of them); (the tiles, their number)."""
    if type(value) is int and 0 <= value <= len(BONUS_TILES):
        return (), value  # a count, as most situations give it
    if isinstance(value, bool) or not isinstance(value, int | str | list):
        raise InvalidHand(f"{name} must be a count or bonus tiles such as 'f1 x3', not {value!r}")
    if isinstance(value, int):
        return (), count(value, name, 0, len(BONUS_TILES))
    text = " ".join(value) if isinstance(value, list) else value
    held = bonus_tiles(text, name)
    return tuple(sorted(held)), len(held)


_MELD = re.compile(r"[\[{][^\[\]{}]*[\]}]")


def _substitutes_rewritten(text: str, substitute: Tile, kind: Tile) -> tuple[str, int]:
    """``text`` with each ``substitute`` of a meld that also holds other tiles written as
    ``kind`` (``[34pP]`` -> ``[34p5p]``), and how many were rewritten."""
    name, sub = tile_name(kind), tile_name(substitute)
    count = 0

    def fix(m: re.Match[str]) -> str:
        nonlocal count
        body = m.group()
        inner = re.sub(r">\d|[+\s\[\]{}*]", "", body)
        if sub not in inner or set(inner) == {sub}:
            return body
        count += body.count(sub)
        return body.replace(sub, name)

    return _MELD.sub(fix, text), count


def substituted_hand(
    text: str, substitute: Tile, kind: Tile, name: str = "'hand'"
) -> tuple[Hand, int]:
    """The hand ``text`` in which the ``substitute`` tiles (one-letter honours) are
    ordinary tiles of ``kind``, and how many substitutes its mixed melds hold: a
    substitute in a chow or pung beside other tiles is read as ``kind`` (``[34pP]`` is
    the chow 345p when the White Dragons play 5p); a meld of substitutes alone stays as
    written (:func:`meld_as` reads it as ``kind``). InvalidHand naming the field for a
    hand that is not one.

    >>> hand, n = substituted_hand("[34pP] 11s", 33, 13)
    >>> str(hand.melds[0]), n
    ('[345p]', 1)
    """
    try:
        return parse_hand(text), 0
    except NotationError as first:
        if substitute == kind:
            raise InvalidHand(f"{name}: {first}") from None
        rewritten, n = _substitutes_rewritten(text, substitute, kind)
        if not n:
            raise InvalidHand(f"{name}: {first}") from None
        counts = list(TILES_ALL.counts)
        counts[kind] += n
        try:
            return parse_hand(rewritten, tile_set=TileSet("substituted", tuple(counts))), n
        except NotationError:
            raise InvalidHand(f"{name}: {first}") from None


def meld_as(m: Meld, substitute: Tile, kind: Tile) -> Meld:
    """The meld with its ``substitute`` tiles read as ``kind`` (``[PPP]`` as a pung of
    the kind the White Dragons play).

    >>> from parlour.mahjong.melds import parse_meld
    >>> str(meld_as(parse_meld("[PPP]"), 33, 13))
    '[555p]'
    """
    if substitute == kind or substitute not in m.tiles:
        return m
    tiles = tuple(sorted(kind if t == substitute else t for t in m.tiles))
    return Meld(m.kind, tiles, m.exposed, m.claimed_from, m.wilds, m.added)


# -- the fields most rule systems share -----------------------------------------------------

HAND = Field(
    "hand",
    'The whole hand, winning tile included, e.g. "[123m] 456p 789s EEE CC"; "+C" names '
    "the winning tile.",
    flag=None,
    metavar="HAND",
)
WIN_TILE = Field(
    "win_tile", "The winning tile (or name it in the hand: +C).", flag="--win", metavar="TILE"
)
SEAT_WIND = Field(
    "seat_wind", "The winner's seat wind: E, S, W or N.", flag="--seat", metavar="WIND"
)
ROUND_WIND = Field(
    "round_wind", "The prevailing (round) wind: E, S, W or N.", flag="--round", metavar="WIND"
)
SELF_DRAWN = Field(
    "self_drawn",
    "Won by self-draw (from the wall).",
    "flag",
    off_flag="--discard",
)
DISCARDER = Field(
    "discarder",
    "The discarder's seat wind (or that of the player whose kong was robbed); default: "
    "the winner's left-hand neighbour.",
    flag="--from",
    metavar="SEAT",
)
LAST_WALL_TILE = Field(
    "last_wall_tile", "Won on the last tile of the wall.", "flag", flag="--last-tile"
)
KONG_REPLACEMENT = Field("kong_replacement", "Won on a kong's replacement tile.", "flag")
ROBBING_KONG = Field("robbing_kong", "Won by robbing another player's kong.", "flag")
BONUS_TILES_FIELD = Field(
    "bonus",
    'The winner\'s flowers and seasons, e.g. "f1 x3" (or write them in the hand).',
    flag="--bonus",
    metavar="TILES",
)

OFF_MEANINGS = {"--discard": "Won on another player's discard (the default)."}
"""The help of each ``off_flag`` (a flag that says a ``flag`` field is false)."""


def win_tile_from_hand(values: dict[str, Any]) -> str | None:
    """The winning tile the flags give: ``win_tile``, or the hand's ``+T``."""
    given = values.get("win_tile")
    if given is not None:
        return str(given)
    hand = values.get("hand")
    if not isinstance(hand, str):
        return None
    named = parse_hand(hand).win_tile
    return None if named is None else tile_name(named)


def left_of(seat: object) -> str:
    """The seat that plays just before ``seat`` (its left-hand neighbour; North for a
    seat that is not a wind, which the scorer then refuses)."""
    if isinstance(seat, str) and seat.strip().upper() in WINDS:
        return WINDS[(WINDS.index(seat.strip().upper()) - 1) % 4]
    return "N"


__all__ = [
    "BONUS_TILES_FIELD",
    "DISCARDER",
    "HAND",
    "KONG_REPLACEMENT",
    "LAST_WALL_TILE",
    "OFF_MEANINGS",
    "ROBBING_KONG",
    "ROUND_WIND",
    "SEAT_WIND",
    "SELF_DRAWN",
    "WINDS",
    "WIN_TILE",
    "bonus",
    "bonus_tiles",
    "count",
    "flag",
    "left_of",
    "marked_tile",
    "marked_tiles",
    "meld_as",
    "one_tile",
    "place_win_tile",
    "substituted_hand",
    "tiles",
    "win_tile_from_hand",
    "wind",
]

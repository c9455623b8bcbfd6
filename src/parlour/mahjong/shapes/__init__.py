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
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from operator import mul as _mul
from typing import Literal, Protocol

from parlour.core.errors import InvalidHand
from parlour.mahjong import _tables as T
from parlour.mahjong.melds import CHOW, KONG, PUNG, Meld, parse_hand, parse_meld
from parlour.mahjong.tiles import (
    HONORS,
    JOKER,
    NUM_KINDS,
    TERMINALS_AND_HONORS,
    Tile,
    format_tiles,
    parse_tiles,
    tile_name,
)

ShapeKind = Literal[
    "regular", "seven_pairs", "thirteen_orphans", "knitted_straight", "honors_knitted"
]
ALL_KINDS: tuple[ShapeKind, ...] = (
    "regular",
    "seven_pairs",
    "thirteen_orphans",
    "knitted_straight",
    "honors_knitted",
)

KNITTED_PATTERNS: tuple[tuple[int, int, int], ...] = (
    (0, 1, 2),
    (0, 2, 1),
    (1, 0, 2),
    (1, 2, 0),
    (2, 0, 1),
    (2, 1, 0),
)
"""For each of the six knitted patterns, the residue (0 = 147, 1 = 258, 2 = 369) carried
by characters, circles and bamboos."""


def knitted_tiles(pattern: int) -> tuple[Tile, ...]:
    """The nine tiles of one knitted pattern (0–5), e.g. 147m 258p 369s for pattern 0.

    >>> format_tiles(knitted_tiles(0))
    '147m 258p 369s'
    """
    res = KNITTED_PATTERNS[pattern]
    return tuple(sorted(9 * s + res[s] + 3 * j for s in range(3) for j in range(3)))


_KNITTED_TILES = tuple(knitted_tiles(p) for p in range(6))

# ---------------------------------------------------------------------------------------
# Wild-tile rules


@dataclass(frozen=True, slots=True)
class WildRules:
    """Where wild tiles may stand, as a ruleset sets it.

    ``wild_tile``: every copy of this kind in the hand is wild (a gold, a laizi, the 2
    Bamboos of a goulash); jokers (``J``) are always wild. ``substitutes``: designated
    tiles that always stand for another kind and are not wild, e.g. ``((WHITE, 13),)``
    when the White Dragons take the gold indicator's face value 5p. ``face_value``: may a
    wild stand for its own kind. ``max_in_set`` / ``max_in_pair``: at most this many wilds
    in one chow or pung / pair; ``all_wild_sets``: may a set be made of wilds only;
    ``extra_in_one_group``: one pair or one set may hold this many wilds more (the
    goulash rule for a wild winning tile). ``max_copies``: a kind may not appear more often
    than this, natural and represented together, fixed melds included. ``in_kong`` /
    ``max_in_kong`` are for the table's kong claims: concealed tiles never form kongs.

    >>> WildRules(in_chow=False, max_in_set=1).in_pung
    True
    """

    in_chow: bool = True
    in_pung: bool = True
    in_pair: bool = True
    in_kong: bool = True
    max_in_set: int = 3
    max_in_pair: int = 2
    max_in_kong: int = 4
    all_wild_sets: bool = True
    face_value: bool = True
    wild_tile: Tile | None = None
    substitutes: tuple[tuple[Tile, Tile], ...] = ()
    max_copies: int = 4
    extra_in_one_group: int = 0

    def __post_init__(self) -> None:
        for name, lo, hi in (
            ("max_in_set", 0, 3),
            ("max_in_pair", 0, 2),
            ("max_in_kong", 0, 4),
            ("max_copies", 2, 4),
            ("extra_in_one_group", 0, 3),
        ):
            v = getattr(self, name)
            if not isinstance(v, int) or not lo <= v <= hi:
                raise ValueError(
                    f"WildRules.{name} must be an integer from {lo} to {hi}, not {v!r}"
                )
        tiles = [self.wild_tile] if self.wild_tile is not None else []
        for pair in self.substitutes:
            if len(pair) != 2:
                raise ValueError(
                    f"WildRules.substitutes holds (tile, stands for) pairs, not {pair!r}"
                )
            tiles += pair
        for t in tiles:
            if not isinstance(t, int) or not 0 <= t < NUM_KINDS:
                raise ValueError(f"WildRules: {t!r} is not a playing tile (0-33)")

    def is_unrestricted(self) -> bool:
        """True if a wild may stand anywhere (the fast table path applies)."""
        return (
            self.in_chow
            and self.in_pung
            and self.in_pair
            and self.max_in_set >= 3
            and self.max_in_pair >= 2
            and self.all_wild_sets
            and (self.face_value or self.wild_tile is None)
            and self.max_copies == 4
        )


UNRESTRICTED = WildRules()

_CAPS: dict[tuple[tuple[tuple[Tile, Tile], ...], int], tuple[int, ...]] = {}
_FOURS = (4,) * NUM_KINDS


def copy_caps(rules: WildRules) -> tuple[int, ...]:
    """The most copies of each kind a hand may use, natural and represented together:
    ``max_copies`` (four at most), and four more for each substitute that stands for the
    kind, whose own four tiles play it (cached per rules).

    >>> caps = copy_caps(WildRules(substitutes=((33, 13),)))  # the Whites play 5p
    >>> caps[13], caps[12], caps[33]
    (8, 4, 4)
    """
    if not rules.substitutes and rules.max_copies >= 4:
        return _FOURS  # the common case
    k = (rules.substitutes, rules.max_copies)
    caps = _CAPS.get(k)
    if caps is None:
        out = [min(4, rules.max_copies)] * NUM_KINDS
        for _, stands in rules.substitutes:
            out[stands] += 4
        caps = _CAPS[k] = tuple(out)
    return caps


# ---------------------------------------------------------------------------------------
# Decompositions


@dataclass(frozen=True, slots=True)
class Decomposition:
    """One reading of a complete hand.

    ``melds``: the fixed melds, then the sets formed in the concealed tiles (``exposed``
    False, kind chow or pung). ``pair``: the pair's kind (regular shapes, knitted straight,
    and the doubled tile of thirteen orphans). ``pairs``: the seven pairs' kinds.
    ``singles``: the knitted tiles, the thirteen orphans, or the fourteen
    honours-and-knitted tiles. ``wilds``: ``(physical tile, stands for)`` for each wild
    of the concealed part.
    """

    shape: str
    melds: tuple[Meld, ...] = ()
    pair: Tile | None = None
    pairs: tuple[Tile, ...] = ()
    singles: tuple[Tile, ...] = ()
    wilds: tuple[tuple[Tile, Tile], ...] = field(default=())

    @property
    def sets(self) -> tuple[Meld, ...]:
        """All sets, fixed melds first (alias of ``melds``)."""
        return self.melds

    def __str__(self) -> str:
        parts = [_set_text(m) for m in self.melds]
        if self.singles:
            parts.append(format_tiles(self.singles))
        if self.pairs:
            parts += [
                tile_name(t) * 2 if t >= 27 else f"{tile_name(t)[0] * 2}{tile_name(t)[1]}"
                for t in self.pairs
            ]
        if self.pair is not None:
            t = self.pair
            parts.append(tile_name(t) * 2 if t >= 27 else f"{tile_name(t)[0] * 2}{tile_name(t)[1]}")
        text = " ".join(parts)
        if self.wilds:
            text += " (" + ", ".join(f"{tile_name(p)}*={tile_name(s)}" for p, s in self.wilds) + ")"
        return text


def _set_text(m: Meld) -> str:
    if m.exposed or m.kind == KONG:
        return str(m)
    body = format_tiles(m.tiles, style="compact", sort=False)
    return "{" + body + "}"


class SpecialShape(Protocol):
    """A ruleset-specific winning shape (for example any hand holding three golds).

    ``decompositions`` gets the prepared hand and yields the readings it accepts.
    """

    name: str

    def decompositions(self, hand: PreparedHand) -> Iterable[Decomposition]: ...


@dataclass(frozen=True, slots=True)
class AnyShapeWithWilds:
    """Wins whatever the other tiles are when the hand holds ``count`` wilds.

    >>> rules = WildRules(wild_tile=13)
    >>> is_complete("555p 147m 148s 369p ESWN C", constraints=rules,
    ...             special=[AnyShapeWithWilds(3, "three_golds")])
    True
    """

    count: int
    name: str = "any_shape_with_wilds"

    def decompositions(self, hand: PreparedHand) -> Iterable[Decomposition]:
        if len(hand.wild_tiles) >= self.count:
            yield Decomposition(
                self.name,
                hand.melds,
                singles=tuple(sorted(t for t in range(NUM_KINDS) for _ in range(hand.counts[t]))),
                wilds=tuple((w, w) for w in hand.wild_tiles),
            )


# ---------------------------------------------------------------------------------------
# Input


@dataclass(frozen=True, slots=True)
class PreparedHand:
    """A hand ready for shape analysis.

    ``counts``: natural playing tiles of the concealed part by kind (after substitutes);
    ``wild_tiles``: the physical wild tiles; ``melds``: fixed melds; ``size``: tiles in
    hand counting each meld as three; ``meld_counts``: tiles of each kind in the melds.
    """

    counts: tuple[int, ...]
    wild_tiles: tuple[Tile, ...]
    melds: tuple[Meld, ...]
    size: int
    meld_counts: tuple[int, ...]
    rules: WildRules

    @property
    def wilds(self) -> int:
        return len(self.wild_tiles)

    @property
    def sets_needed(self) -> int:
        """Sets still to be made in the concealed part (a 13/14-tile hand needs four)."""
        return (4 if self.size <= 14 else 5) - len(self.melds)


def _held_caps(rules: WildRules) -> tuple[int, ...]:
    """The most natural copies of each kind a hand may hold: four, more for a kind that
    substitutes play (whatever ``max_copies`` says: a shanten sets the surplus aside)."""
    if not rules.substitutes:
        return _FOURS
    k = (rules.substitutes, -1)
    held = _CAPS.get(k)
    if held is None:
        held = _CAPS[k] = tuple(max(4, c) for c in copy_caps(rules))
    return held


def _beyond_tables(hand: PreparedHand) -> bool:
    """Might a reading use more than four copies of a kind that substitutes stand for?
    The precomputed tables hold at most four of a kind (base-5 digits), so such a hand
    (the indicator drawn back beside four Whites standing for it, or with Golds) goes to
    the exact search. One attribute test when the rules have no substitutes.

    >>> rules = WildRules(substitutes=((33, 13),))  # the Whites play 5p
    >>> _beyond_tables(prepare("5p PPPP 123m 456m 789m 123s", constraints=rules))
    True
    >>> _beyond_tables(prepare("PPPP 123m 456m 789m 12s 99s", constraints=rules))
    False
    """
    subs = hand.rules.substitutes
    if not subs:
        return False
    spare = len(hand.wild_tiles)
    for _, t in subs:  # noqa: SIM110 (a plain loop: this runs on every gold hand)
        if hand.counts[t] + hand.meld_counts[t] + spare > 4:
            return True
    return False


def _complete_beyond_tables(hand: PreparedHand, ks: Sequence[str]) -> bool:
    """:func:`is_complete` for a hand :func:`_beyond_tables`, regular shape and free
    wilds: a reading within four of every kind is the exact tables' to find; a hand the
    loose tables (no cap; a second pung of a kind the substitutes play taken out first)
    cannot complete is not complete; only what is left goes to the search, which stops
    at its first reading. Other shapes (14 tiles) or rules: the search."""
    # 17 tiles: only the regular shape exists
    regular = "regular" in ks and (hand.size > 14 or tuple(ks) == ("regular",))
    if regular and hand.rules.is_unrestricted() and max(hand.counts) <= 4:
        sets, w = hand.sets_needed, hand.wilds
        within = all(c + m <= 4 for c, m in zip(hand.counts, hand.meld_counts, strict=True))
        if within and _shanten_prepared(hand, ("regular",), "exact") == -1:
            return True
        key = _key_of_counts(hand.counts)
        loose = T.LOOSE.need(key, sets) <= w
        for _, t in hand.rules.substitutes:
            if loose or sets < 1 or hand.counts[t] + w < 3:
                break
            n = min(3, hand.counts[t])  # one pung of t taken out: naturals first
            loose = T.LOOSE.need(key - n * _INC[t], sets - 1) <= w - (3 - n)
        if not loose:
            return False
    if not regular:
        return any(True for _ in _decompose(hand, ks))
    found = _regular(
        list(hand.counts), hand.sets_needed, True, hand.wild_tiles, hand, first_only=True
    )
    return any(True for _ in found)


TileInput = str | Sequence[Tile]
MeldInput = Sequence[Meld | str]


def prepare(
    tiles: TileInput,
    melds: MeldInput = (),
    *,
    wilds: int = 0,
    constraints: WildRules | None = None,
    sizes: tuple[int, ...] = (13, 14, 16, 17),
) -> PreparedHand:
    """Check and normalise a hand: parse notation, split off wilds, apply substitutes.

    Raises :class:`InvalidHand` for a hand that cannot exist (more than four of a kind,
    a bonus tile among the concealed tiles, a size not in ``sizes``) and
    :class:`~parlour.core.errors.NotationError` for bad notation.
    """
    rules = constraints or UNRESTRICTED
    fixed: list[Meld] = [m if isinstance(m, Meld) else parse_meld(m) for m in melds]
    if isinstance(tiles, str):
        hand = parse_hand(tiles)
        concealed = list(hand.concealed)
        fixed = list(hand.melds) + fixed
        marked = list(hand.wild_marks)
    else:
        concealed = list(tiles)
        marked = []
    if not isinstance(wilds, int) or wilds < 0:
        raise InvalidHand(f"wilds must be a non-negative integer, not {wilds!r}")
    counts = [0] * NUM_KINDS
    wild_tiles: list[Tile] = [JOKER] * wilds
    subs = dict(rules.substitutes)
    for t in concealed:
        if not isinstance(t, int) or not 0 <= t <= JOKER:
            raise InvalidHand(f"not a tile: {t!r}")
        if t in marked:
            marked.remove(t)
            wild_tiles.append(t)
        elif t == JOKER or t == rules.wild_tile:
            wild_tiles.append(t)
        elif 34 <= t < JOKER:
            raise InvalidHand(f"bonus tile {tile_name(t)} cannot be part of a hand's shape")
        else:
            counts[subs.get(t, t)] += 1
    meld_counts = [0] * NUM_KINDS
    for m in fixed:
        for t in m.tiles:  # kinds a set stands for, wilds included: they count as that kind
            meld_counts[t] += 1
    physical = [0] * NUM_KINDS
    for t in concealed:
        if t < NUM_KINDS:
            physical[t] += 1
    if fixed:
        played = {stands for _, stands in rules.substitutes}
        for m in fixed:
            for t in m.physical_tiles():
                # a kind that substitutes play may be written for them in a meld ([46pP]
                # read as 456p): its copies there are bounded by the copy caps below
                if t < NUM_KINDS and t not in played:
                    physical[t] += 1
    if max(physical) > 4:
        t = physical.index(max(physical))
        raise InvalidHand(f"{physical[t]} copies of {tile_name(t)} in one hand; a set has 4")
    if max(meld_counts) > 4 or max(counts) > 4 or rules.max_copies < 4:
        caps = copy_caps(rules)
        held = _held_caps(rules)  # (under max_copies, a shanten sets copies aside)
        for t in range(NUM_KINDS):
            if meld_counts[t] > caps[t]:
                raise InvalidHand(
                    f"the melds hold {meld_counts[t]} copies of {tile_name(t)}; "
                    f"the rules allow {caps[t]}"
                )
            if counts[t] > held[t]:
                raise InvalidHand(
                    f"{counts[t]} copies of {tile_name(t)} in one hand counting substitutes; "
                    f"the rules allow {held[t]}"
                )
    if len(fixed) > 5:
        raise InvalidHand(f"{len(fixed)} melds are more than a hand holds (five at most)")
    size = len(concealed) + wilds + 3 * len(fixed)
    if size not in sizes:
        want = ", ".join(str(s) for s in sizes[:-1]) + f" or {sizes[-1]}"
        if len(sizes) == 1:
            want = str(sizes[0])
        raise InvalidHand(
            f"a hand of {size} tiles (counting each meld as three) cannot be analysed here; "
            f"expected {want}"
        )
    return PreparedHand(
        tuple(counts), tuple(wild_tiles), tuple(fixed), size, tuple(meld_counts), rules
    )


def _kinds_for(hand: PreparedHand, kinds: Iterable[str] | None) -> tuple[str, ...]:
    if kinds is None:
        return ALL_KINDS
    out = tuple(kinds)
    for k in out:
        if k not in ALL_KINDS:
            raise ValueError(f"unknown shape kind {k!r}; expected one of {', '.join(ALL_KINDS)}")
    return out


# ---------------------------------------------------------------------------------------
# Per-suit summaries for the special shapes (cached by suit key)

_SUIT_INFO: dict[int, tuple[int, ...]] = {}


def _suit_info(key: int) -> tuple[int, ...]:
    """(pairs, singles, orphan kinds, orphan pair, present 147, 258, 369, and the keys of
    the present tiles of each residue)."""
    info = _SUIT_INFO.get(key)
    if info is None:
        d = T.digits(key, 9)
        pairs = sum(c // 2 for c in d)
        singles = sum(c % 2 for c in d)
        orphan_kinds = (d[0] > 0) + (d[8] > 0)
        orphan_pair = int(d[0] >= 2 or d[8] >= 2)
        present = [sum(1 for j in range(3) if d[r + 3 * j]) for r in range(3)]
        delta = [sum(T.POW5[r + 3 * j] for j in range(3) if d[r + 3 * j]) for r in range(3)]
        info = (pairs, singles, orphan_kinds, orphan_pair, *present, *delta)
        _SUIT_INFO[key] = info
    return info


_HONOR_INFO: dict[int, tuple[int, int, int, int]] = {}


def _honor_info(key: int) -> tuple[int, int, int, int]:
    """(pairs, singles, kinds present, any pair)."""
    info = _HONOR_INFO.get(key)
    if info is None:
        d = T.digits(key, 7)
        info = (
            sum(c // 2 for c in d),
            sum(c % 2 for c in d),
            sum(1 for c in d if c),
            int(any(c >= 2 for c in d)),
        )
        _HONOR_INFO[key] = info
    return info


def _key_of_counts(counts: Sequence[int]) -> int:
    """The packed key of a 34-long count vector."""
    return sum(map(_mul, T.INC, counts))


# ---------------------------------------------------------------------------------------
# Shanten


def shanten(
    tiles: TileInput,
    melds: MeldInput = (),
    *,
    wilds: int = 0,
    kinds: Iterable[str] | None = None,
    constraints: WildRules | None = None,
    model: Literal["exact", "loose"] = "exact",
) -> int:
    """Tiles away from ready: 0 = one tile from winning, -1 = complete.

    The hand has 13 or 16 tiles (or 14/17, after a draw), each meld counting as three.
    The result is the minimum over the shape ``kinds`` (default: all five); seven pairs,
    thirteen orphans and honours-and-knitted need a 13/14-tile hand without melds, and
    the knitted straight at most one meld.

    >>> shanten("19m 19p 19s ESWNCF 1m")
    0
    >>> shanten("1111m 234p 567p 789s"), shanten("1111m 234p 567p 789s", model="loose")
    (1, 0)
    >>> shanten("123m 456p 789s EEE C", wilds=1)
    -1
    """
    if type(tiles) is list and not melds and not wilds and model == "exact":
        n = len(tiles)
        if (n == 13 or n == 14) and kinds is None and constraints is None:
            key = _checked_key(tiles)
            if key is not None:
                try:
                    return _fast_need(key, n) - 1
                except _BadKey:
                    pass  # a fifth copy: the full checks below name it
    hand = prepare(tiles, melds, wilds=wilds, constraints=constraints)
    ks = _kinds_for(hand, kinds)
    if not hand.rules.is_unrestricted() or _beyond_tables(hand):
        return _constrained_shanten(hand, ks)
    return _shanten_prepared(hand, ks, model)


def shanten_without_chows(tiles: TileInput, melds: int = 0) -> int:
    """Shanten when every set must be a pung (no chows): tiles away from ready, -1 when
    complete. ``melds`` fixed sets count toward the four (five with 16 tiles).

    >>> shanten_without_chows("111m 222p 99s 345m EE")
    2
    >>> shanten_without_chows("111m 222p 99s 333s EE")
    0
    """
    hand = parse_tiles(tiles) if isinstance(tiles, str) else list(tiles)
    counts = [0] * NUM_KINDS
    for t in hand:
        if t < NUM_KINDS:
            counts[t] += 1
    need = (4 if len(hand) + 3 * melds <= 14 else 5) - melds
    pungs = sum(1 for c in counts if c >= 3)
    pairs = sum(1 for c in counts if c == 2)
    best = 2 * need  # nothing but the pair still to come
    for eye in (True, False):
        if eye and not (pairs or any(c >= 3 for c in counts)):
            continue
        p, q = pungs, pairs
        if eye:
            if q:
                q -= 1
            else:
                p -= 1  # break a pung for the eye (its third tile is spare)
        m = min(p, need)
        t = min(q, need - m)
        best = min(best, 2 * need - 2 * m - t - (1 if eye else 0))
    return best


def _checked_key(tiles: list[Tile]) -> int | None:
    """The packed key of a plain list of tile ints in 0-33, or None when the list needs the
    full checks (a negative or bonus tile, a non-int). Copies beyond four are caught later,
    by the key's digit sum (:class:`_BadKey`)."""
    try:
        # bytes() refuses non-ints and anything outside 0-255 in one C call; the table
        # refuses 34-255
        return sum(map(_INC.__getitem__, bytes(tiles)))
    except (TypeError, ValueError, IndexError):
        return None


class _BadKey(ValueError):
    """A packed key whose digit sum is not its tile count: some kind has five copies."""

    def __init__(self, n: int) -> None:
        super().__init__(f"not {n} tiles with at most four of a kind")


def shanten_of(tiles: list[Tile]) -> int:
    """Fast path: the shanten number of 13 or 14 concealed tile ints, no melds, no wilds,
    all shapes, exact model. Checks only what costs nothing: a fifth copy raises
    ``ValueError``, a negative tile is not caught.

    >>> shanten_of([0, 1, 2, 12, 13, 14, 24, 25, 26, 27, 27, 31, 31])
    0
    """
    return _fast_need(sum(map(_INC.__getitem__, tiles)), len(tiles)) - 1


# The fast path of a 13/14-tile concealed hand: one look-up per group gives its need
# vector id and a packed sum-able summary for the special shapes (5-bit fields: pairs,
# singles, orphan kinds, orphan pairs, best knitted residue count, honour kinds).
_INC = T.INC
_VEC = T.VEC
_COMBINED = T._COMBINED
_FAST_SUIT: dict[int, tuple[int, ...]] = {}
_FAST_HONOR: dict[int, tuple[int, int]] = {}
_KNIT_TOP: dict[int, int] = {}


# A group key beyond its digits (a carry from a fifth copy) gets a summary whose tile count
# (bits 30 and up) matches no hand, so the digit-sum check rejects it before any look-up.
_BAD_GROUP = (0, 31 << 30)


def _fast_suit(key: int) -> tuple[int, ...]:
    if key >= T.POW5[9]:
        return _BAD_GROUP
    i = _suit_info(key)
    packed = i[0] | (i[1] << 5) | (i[2] << 10) | (i[3] << 15) | (max(i[4], i[5], i[6]) << 20)
    packed |= sum(T.digits(key, 9)) << 30
    vid = T.EXACT.suit_id(key)
    code = i[4] | (i[5] << 2) | (i[6] << 4)  # knitted tiles present per residue
    # item 7 is the key itself: the ids once knitted tiles are taken out (only a knitted
    # shape asks for them, rarely) are worked out when first asked (_knit_reduced)
    entry = (vid << 24, packed, code, vid, *i[4:7], key, 0, 0, 0, 0, 0, code << 6, code << 12)
    _FAST_SUIT[key] = entry
    return entry


_FAST_REDUCED: dict[int, tuple[int, ...]] = {}


def _knit_reduced(entry: tuple[int, ...]) -> tuple[int, ...]:
    """For a suit's fast entry: its need-vector ids once the knitted tiles of residue
    0, 1, 2 are taken out, then the same ids shifted for a combined-id look-up."""
    key = entry[7]
    found = _FAST_REDUCED.get(key)
    if found is None:
        i = _suit_info(key)
        reduced = tuple(T.EXACT.suit_id(key - i[7 + r]) for r in range(3))
        found = _FAST_REDUCED[key] = (*reduced, *(r << 24 for r in reduced))
    return found


def _fast_honor(key: int) -> tuple[int, int]:
    if key >= T.POW5[7]:
        return _BAD_GROUP
    h = _honor_info(key)
    packed = h[0] | (h[1] << 5) | (h[2] << 10) | (h[3] << 15) | (h[2] << 25)
    packed |= sum(T.digits(key, 7)) << 30
    entry = (T.EXACT.honor_id(key), packed)
    _FAST_HONOR[key] = entry
    return entry


def _knit_top(code: int) -> int:
    r = [[(code >> (6 * s + 2 * k)) & 3 for k in range(3)] for s in range(3)]
    top = max(r[0][a] + r[1][b] + r[2][c] for a, b, c in KNITTED_PATTERNS)
    _KNIT_TOP[code] = top
    return top


def _pairs_need(pairs: int, singles: int) -> int:
    """Tiles seven pairs miss, from the pairs (at most seven count) and single tiles."""
    pairs = min(pairs, 7)
    return 7 - pairs + max(0, 7 - pairs - singles)


# The special shapes' needs from the summed 5-bit fields, two fields per table
_SEVEN_PAIRS_NEED = [_pairs_need(i & 31, i >> 5) for i in range(1024)]
_ORPHANS_NEED = [14 - (i & 31) - (1 if i >> 5 else 0) for i in range(1024)]
# the fewest tiles the knitted shapes could miss, from the most knitted tiles present
# (an upper bound: the best residue per suit) and the honour kinds
_KNITTED_BOUND = [min(9 - (i & 31), 14 - (i & 31) - (i >> 5)) for i in range(1024)]


def _fast_need(key: int, n: int) -> int:
    """Fewest tiles missing over all five shapes for the packed key of ``n`` (13 or 14)
    concealed tiles; raises :class:`_BadKey` if the key holds a fifth copy."""
    km = key & 0xFFFFFF
    kp = (key >> 24) & 0xFFFFFF
    ks = (key >> 48) & 0xFFFFFF
    kh = key >> 72
    a = _FAST_SUIT.get(km) or _fast_suit(km)
    b = _FAST_SUIT.get(kp) or _fast_suit(kp)
    c = _FAST_SUIT.get(ks) or _fast_suit(ks)
    h = _FAST_HONOR.get(kh) or _fast_honor(kh)
    s = a[1] + b[1] + c[1] + h[1]
    if s >> 30 != n:
        raise _BadKey(n)
    ab = _COMBINED.get(a[0] | b[3])
    if ab is None:
        ab = T.combine_ids(a[3], b[3])
    ch = _COMBINED.get(c[0] | h[0])
    if ch is None:
        ch = T.combine_ids(c[3], h[0])
    r = _COMBINED.get((ab << 24) | ch)
    if r is None:
        r = T.combine_ids(ab, ch)
    vec = _VEC[r]
    best = vec[9]
    if best <= 0:
        return best
    # a regular need of 1 does not settle it: a hand can be one tile from four sets and a
    # pair yet complete as seven pairs (11112222334455m), so the shapes below still count
    d = _SEVEN_PAIRS_NEED[s & 1023]
    if d < best:
        best = d
    d = _ORPHANS_NEED[(s >> 10) & 1023]
    if d < best:
        best = d
    if _KNITTED_BOUND[(s >> 20) & 1023] < best:
        hk = (s >> 25) & 31
        # the bound was from the most knitted tiles present; the exact best pattern is one look-up
        code = a[2] | b[13] | c[14]
        top = _KNIT_TOP.get(code)
        if top is None:
            top = _knit_top(code)
        d = 14 - top - hk if top + hk < 14 else 0
        if d < best:
            best = d
        # the straight's set and pair come from a subset of the hand, so they need at
        # least what one set and a pair need from the whole hand
        rest_bound = vec[3]
        if 9 - top + rest_bound < best:
            hid = h[0]
            ra, rb, rc = _knit_reduced(a), _knit_reduced(b), _knit_reduced(c)
            for x, y, z in KNITTED_PATTERNS:
                missing = 9 - a[4 + x] - b[4 + y] - c[4 + z]
                if missing + rest_bound >= best:
                    continue
                ab = _COMBINED.get(ra[3 + x] | rb[y])
                if ab is None:
                    ab = T.combine_ids(ra[x], rb[y])
                ch = _COMBINED.get(rc[3 + z] | hid)
                if ch is None:
                    ch = T.combine_ids(rc[z], hid)
                r = _COMBINED.get((ab << 24) | ch)
                if r is None:
                    r = T.combine_ids(ab, ch)
                d = missing + _VEC[r][3]
                if d < best:
                    best = d
    return best


def _knitted_straight_need(key: int, melds: int, tables: T.NeedTables, best: int) -> int:
    """Fewest tiles missing for a knitted straight plus (1 - melds) sets and a pair."""
    km = key & T.SUIT_MASK
    kp = (key >> T.SUIT_BITS) & T.SUIT_MASK
    ksu = (key >> (2 * T.SUIT_BITS)) & T.SUIT_MASK
    im = _SUIT_INFO.get(km) or _suit_info(km)
    ip = _SUIT_INFO.get(kp) or _suit_info(kp)
    is_ = _SUIT_INFO.get(ksu) or _suit_info(ksu)
    for a, b, c in KNITTED_PATTERNS:
        missing = 9 - im[4 + a] - ip[4 + b] - is_[4 + c]
        if missing >= best:
            continue
        rest = key - im[7 + a] - (ip[7 + b] << T.SUIT_BITS) - (is_[7 + c] << (2 * T.SUIT_BITS))
        d = missing + tables.need(rest, 1 - melds)
        if d < best:
            best = d
    return best


def _shanten_prepared(hand: PreparedHand, ks: tuple[str, ...], model: str) -> int:
    tables = T.EXACT if model == "exact" else T.LOOSE
    key = _key_of_counts(hand.counts)
    n = hand.size - 3 * len(hand.melds) - hand.wilds  # natural concealed tiles
    if model == "exact" and any(hand.meld_counts):
        # Only the regular shape and the knitted straight take melds; both are capped by
        # the tiles the melds hold.
        d = _capped_regular_need(hand) if "regular" in ks else 99
        if "knitted_straight" in ks and len(hand.melds) <= 1 and hand.size <= 14:
            d = min(d, _capped_knitted_need(hand))
    else:
        d = _shanten_key(key, n, hand.sets_needed, ks, tables, hand)
    return max(-1, d - hand.wilds - 1)


def _shanten_key(
    key: int,
    n: int,
    sets: int,
    ks: Sequence[str],
    tables: T.NeedTables,
    hand: PreparedHand | None = None,
) -> int:
    """Fewest tiles missing (before wilds) over the shape kinds, from a packed key."""
    if (
        ks == ALL_KINDS
        and tables is T.EXACT
        and (sets == 4 if hand is None else not (hand.wilds or hand.melds or hand.size > 14))
    ):
        return _fast_need(key, n)
    best = tables.need(key, sets) if "regular" in ks else 99
    if best <= 0:
        return best
    melds = 4 - sets if hand is None else len(hand.melds)
    size = n + (0 if hand is None else hand.wilds) + 3 * melds
    if size > 14:
        return best
    km = key & T.SUIT_MASK
    kp = (key >> T.SUIT_BITS) & T.SUIT_MASK
    ksu = (key >> (2 * T.SUIT_BITS)) & T.SUIT_MASK
    kh = key >> T.HONOR_SHIFT
    im = _SUIT_INFO.get(km) or _suit_info(km)
    ip = _SUIT_INFO.get(kp) or _suit_info(kp)
    is_ = _SUIT_INFO.get(ksu) or _suit_info(ksu)
    ih = _HONOR_INFO.get(kh) or _honor_info(kh)
    if melds == 0:
        if "seven_pairs" in ks:
            pairs = im[0] + ip[0] + is_[0] + ih[0]
            singles = im[1] + ip[1] + is_[1] + ih[1]
            if pairs > 7:
                pairs = 7
            d = 7 - pairs + max(0, 7 - pairs - singles)
            if d < best:
                best = d
        if "thirteen_orphans" in ks:
            kinds = im[2] + ip[2] + is_[2] + ih[2]
            has_pair = im[3] or ip[3] or is_[3] or ih[3]
            d = 14 - kinds - (1 if has_pair else 0)
            if d < best:
                best = d
        if "honors_knitted" in ks:
            top = max(im[4 + a] + ip[4 + b] + is_[4 + c] for a, b, c in KNITTED_PATTERNS)
            d = 14 - min(14, top + ih[2])
            if d < best:
                best = d
    if melds <= 1 and "knitted_straight" in ks:
        best = _knitted_straight_need(key, melds, tables, best)
    return best


def _capped_regular_need(hand: PreparedHand) -> int:
    """Regular need when fixed melds hold kinds the concealed tiles could use (exact)."""
    caps = [4 - c for c in hand.meld_counts]
    return _capped_need(hand.counts, caps, hand.sets_needed)


def _capped_knitted_need(hand: PreparedHand) -> int:
    """Knitted-straight need (with one set and a pair, less the melds) when fixed melds
    hold tiles: a straight tile whose copies are all in melds cannot be drawn, and the
    rest of the hand may use each kind only as often as the melds and straight leave."""
    best = 99
    for pattern in range(6):
        straight = knitted_tiles(pattern)
        if any(hand.meld_counts[t] >= 4 for t in straight):
            continue
        counts = list(hand.counts)
        caps = [4 - c for c in hand.meld_counts]
        missing = 0
        for t in straight:
            caps[t] -= 1
            if counts[t]:
                counts[t] -= 1
            else:
                missing += 1
        if missing >= best:
            continue
        best = min(best, missing + _capped_need(counts, caps, 1 - len(hand.melds)))
    return best


def _capped_need(counts: Sequence[int], caps: Sequence[int], sets: int) -> int:
    """Fewest tiles missing for ``sets`` sets and a pair, each kind capped (uncached for
    suits with a cap other than four). A kind gives one pung at most."""
    vec_id = T.ZERO_ID
    for s in range(3):
        suit = list(counts[9 * s : 9 * s + 9])
        suit_caps = list(caps[9 * s : 9 * s + 9])
        if min(suit_caps) < 4 or max(suit_caps) > 4:
            v = T.intern(T.suit_vector_capped(suit, suit_caps))
        else:
            v = T.EXACT.suit_id(sum(c * T.POW5[r] for r, c in enumerate(suit)))
        vec_id = T.combine_ids(vec_id, v)
    honor_caps = tuple(caps[27:34])
    vec_id = T.combine_ids(vec_id, T.intern(T.honor_vector(list(counts[27:34]), honor_caps)))
    return T.VEC[vec_id][2 * sets + 1]


# ---------------------------------------------------------------------------------------
# Completeness


def is_complete(
    tiles: TileInput,
    melds: MeldInput = (),
    *,
    wilds: int = 0,
    constraints: WildRules | None = None,
    kinds: Iterable[str] | None = None,
    special: Sequence[SpecialShape] = (),
) -> bool:
    """True if the hand (14 or 17 tiles, melds counting three) is a winning shape.

    >>> is_complete("19m19p19sESWNCFPP")
    True
    >>> is_complete("147m 258p 369s 456s 99m")
    True
    >>> is_complete("123m 456p 789s EEE C", wilds=1, constraints=WildRules(in_pair=False))
    False
    """
    if (
        type(tiles) is list
        and len(tiles) == 14
        and not melds
        and not wilds
        and constraints is None
        and kinds is None
        and not special
    ):
        key = _checked_key(tiles)
        if key is not None:
            try:
                return _fast_complete(key)
            except _BadKey:
                pass  # a fifth copy: the full checks below name it
    hand = prepare(tiles, melds, wilds=wilds, constraints=constraints, sizes=(14, 17))
    ks = _kinds_for(hand, kinds)
    for shape in special:
        if any(True for _ in shape.decompositions(hand)):
            return True
    if _beyond_tables(hand):
        return _complete_beyond_tables(hand, ks)
    if hand.rules.is_unrestricted() and hand.melds and not hand.wilds and ks == ALL_KINDS:
        # with fixed melds only the regular shape and (one meld) the knitted straight fit
        key = _key_of_counts(hand.counts)
        if T.is_regular_split(key):
            return True
        if len(hand.melds) != 1 or hand.size > 14:
            return False
        return any(
            all(hand.counts[t] for t in tiles)
            and T.is_regular_split(key - sum(_INC[t] for t in tiles))
            for tiles in _KNITTED_TILES
        )
    if hand.rules.is_unrestricted():
        if (not hand.wilds and ks == ALL_KINDS) or ks == ("regular",):
            key = _key_of_counts(hand.counts)
            if not hand.wilds and T.is_regular_split(key):
                return True
            if ks == ("regular",) and not hand.wilds:
                return False
        return _shanten_prepared(hand, ks, "exact") == -1
    return any(True for _ in _decompose(hand, ks))


def is_complete_counts(counts: Sequence[int]) -> bool:
    """Fast path: a 14-tile concealed hand given as a 34-long count vector, no wilds,
    all shapes.

    >>> c = [0] * 34; c[0] = c[1] = c[2] = 3; c[9] = 2; c[27] = 3
    >>> is_complete_counts(c)
    True
    """
    return _fast_complete(sum(map(_mul, _INC, counts)))


def warm_tables() -> None:
    """Fill the shape tables' halves now (about two seconds) rather than while games
    are played: a server does this as it starts. Nothing else changes."""
    T.EXACT.warm()


def could_be_ready(tiles: list[Tile], melds: int = 0) -> bool:
    """Fast filter for a game engine: False when ``tiles`` (13 - 3 * ``melds`` concealed
    playing-tile ints beside ``melds`` fixed melds) are surely not one tile from a
    winning shape, so no discard can complete them. True means "check the tile".

    >>> could_be_ready([0, 1, 2, 9, 9, 18, 19], 2), could_be_ready([0, 4, 8, 12, 16, 20, 24], 2)
    (True, False)
    """
    if not melds:
        return shanten_of(tiles) <= 0
    if melds == 1:
        return True  # a knitted straight may still be on its way
    return T.EXACT.need(sum(map(_INC.__getitem__, tiles)), 4 - melds) <= 1


def is_complete_of(tiles: list[Tile], melds: int = 0) -> bool:
    """Fast path for a game engine: are ``tiles`` (concealed playing-tile ints, 14 - 3 *
    ``melds`` of them, the winning tile included) a winning shape beside ``melds`` fixed
    melds? No wilds, no validation (the caller's state is known valid).

    >>> is_complete_of([0, 1, 2, 9, 9], melds=3), is_complete_of([0, 1, 2, 9, 10], melds=3)
    (True, False)
    """
    key = sum(map(_INC.__getitem__, tiles))
    if not melds:
        return _fast_complete(key)
    if T.is_regular_split(key):
        return True
    if melds != 1 or len(set(tiles)) < 9:  # a knitted straight has nine distinct tiles
        return False
    counts = tiles.count
    return any(
        all(map(counts, kt)) and T.is_regular_split(key - sum(map(_INC.__getitem__, kt)))
        for kt in _KNITTED_TILES
    )


def _fast_complete(key: int) -> bool:
    """Is a 14-tile concealed packed key a winning shape of any of the five kinds? Raises
    :class:`_BadKey` if the key holds a fifth copy."""
    a = _FAST_SUIT.get(key & 0xFFFFFF) or _fast_suit(key & 0xFFFFFF)
    b = _FAST_SUIT.get((key >> 24) & 0xFFFFFF) or _fast_suit((key >> 24) & 0xFFFFFF)
    c = _FAST_SUIT.get((key >> 48) & 0xFFFFFF) or _fast_suit((key >> 48) & 0xFFFFFF)
    h = _FAST_HONOR.get(key >> 72) or _fast_honor(key >> 72)
    s = a[1] + b[1] + c[1] + h[1]
    if s >> 30 != 14:
        raise _BadKey(14)
    if T.is_regular_split(key):
        return True
    if _SEVEN_PAIRS_NEED[s & 1023] == 0:
        return True  # seven pairs (a quad counts twice)
    if _ORPHANS_NEED[(s >> 10) & 1023] == 0:
        return True  # thirteen orphans: all thirteen kinds and a pair of one
    if _KNITTED_BOUND[(s >> 20) & 1023] > 0:
        return False
    hk = (s >> 25) & 31
    code = a[2] | b[13] | c[14]
    top = _KNIT_TOP.get(code)
    if top is None:
        top = _knit_top(code)
    if top + hk >= 14:
        return True  # honours-and-knitted: fourteen distinct tiles
    if top < 9:
        return False
    ra, rb, rc = _knit_reduced(a), _knit_reduced(b), _knit_reduced(c)
    for x, y, z in KNITTED_PATTERNS:  # knitted straight, then a set and a pair
        if a[4 + x] + b[4 + y] + c[4 + z] == 9:
            ab = T.combine_ids(ra[x], rb[y])
            if _VEC[T.combine_ids(T.combine_ids(rc[z], h[0]), ab)][3] == 0:
                return True
    return False


# ---------------------------------------------------------------------------------------
# Waits


def waits(
    tiles: TileInput,
    melds: MeldInput = (),
    *,
    visible: TileInput = (),
    wilds: int = 0,
    constraints: WildRules | None = None,
    kinds: Iterable[str] | None = None,
) -> dict[Tile, int]:
    """The tiles that complete a 13- or 16-tile hand, each with the copies still unseen
    (four, less those in the hand, its melds and ``visible`` tiles such as discards and
    other players' melds). A tile whose four copies are all in the hand is not a wait.

    >>> waits("123m 456p 789s 2355s")
    {18: 4, 21: 4}
    """
    hand = prepare(tiles, melds, wilds=wilds, constraints=constraints, sizes=(13, 16))
    ks = _kinds_for(hand, kinds)
    # physical copies in the hand and its melds (wilds and substitutes as themselves)
    held = [0] * NUM_KINDS
    concealed = parse_hand(tiles).concealed if isinstance(tiles, str) else tiles
    for t in (*concealed, *(p for m in hand.melds for p in m.physical_tiles())):
        if t < NUM_KINDS:
            held[t] += 1
    seen = list(held)
    if isinstance(visible, str):
        vh = parse_hand(visible)
        vis: Sequence[Tile] = [*vh.concealed, *(p for m in vh.melds for p in m.physical_tiles())]
    else:
        vis = tuple(visible)
    for t in vis:
        if not isinstance(t, int) or not 0 <= t <= JOKER:
            raise InvalidHand(f"not a tile: {t!r}")
        if t < NUM_KINDS:
            seen[t] += 1
            if seen[t] > 4:
                raise InvalidHand(
                    f"{seen[t]} copies of {tile_name(t)} in the hand and the visible tiles; "
                    "a set has 4"
                )
    out: dict[Tile, int] = {}
    fast = hand.rules.is_unrestricted()
    base_key = _key_of_counts(hand.counts)
    subs = dict(hand.rules.substitutes)
    caps = copy_caps(hand.rules)
    for t in range(NUM_KINDS):
        if held[t] >= 4 or t == hand.rules.wild_tile:
            continue  # no copy left to draw; a drawn wild is tried below
        if hand.counts[t] + hand.meld_counts[t] >= caps[t] and t not in subs:
            continue
        nat = subs.get(t, t)
        if subs and _beyond_tables(_grown(hand, nat)):
            ok = _complete_beyond_tables(_grown(hand, nat), ks)
        elif fast:
            if hand.counts[nat] + hand.meld_counts[nat] >= 4:
                continue
            n = hand.size - 3 * len(hand.melds) - hand.wilds + 1
            d = _shanten_key(
                base_key + T.INC[nat], n, hand.sets_needed, ks, T.EXACT, _grown(hand, nat)
            )
            # Without wilds no cap is needed here: the grown hand holds no fifth copy, and
            # a need of zero uses only tiles it holds. Wilds may stand for a copy the
            # melds already hold, so then the capped figures count.
            if hand.wilds and any(hand.meld_counts):
                grown = _grown(hand, nat)
                d = _capped_regular_need(grown) if "regular" in ks else 99
                if "knitted_straight" in ks and len(hand.melds) <= 1 and grown.size <= 14:
                    d = min(d, _capped_knitted_need(grown))
            ok = d - hand.wilds == 0
        else:
            ok = any(True for _ in _decompose(_grown(hand, subs.get(t, t)), ks))
        if ok:
            out[t] = max(0, 4 - seen[t])
    if hand.rules.wild_tile is not None or hand.wilds:
        w = hand.rules.wild_tile if hand.rules.wild_tile is not None else JOKER
        grown = PreparedHand(
            hand.counts,
            (*hand.wild_tiles, w),
            hand.melds,
            hand.size + 1,
            hand.meld_counts,
            hand.rules,
        )
        if _beyond_tables(grown):
            ok = _complete_beyond_tables(grown, ks)
        elif fast:
            ok = _shanten_prepared(grown, ks, "exact") == -1
        else:
            ok = any(True for _ in _decompose(grown, ks))
        if ok and w != JOKER and held[w] < 4:
            out[w] = max(0, 4 - seen[w])
    return dict(sorted(out.items()))


def _grown(hand: PreparedHand, t: Tile) -> PreparedHand:
    counts = list(hand.counts)
    counts[t] += 1
    return PreparedHand(
        tuple(counts), hand.wild_tiles, hand.melds, hand.size + 1, hand.meld_counts, hand.rules
    )


# ---------------------------------------------------------------------------------------
# Decompositions


def decompositions(
    tiles: TileInput,
    melds: MeldInput = (),
    *,
    wilds: int = 0,
    constraints: WildRules | None = None,
    kinds: Iterable[str] | None = None,
    special: Sequence[SpecialShape] = (),
) -> Iterator[Decomposition]:
    """Every reading of a complete hand (14 or 17 tiles, melds counting three), each once.

    Regular readings come first, then seven pairs, thirteen orphans, knitted straight,
    honours-and-knitted, then the ``special`` shapes.

    >>> [str(d) for d in decompositions("223344m 55p 666s 777s")]
    ['{234m} {234m} {666s} {777s} 55p']
    """
    hand = prepare(tiles, melds, wilds=wilds, constraints=constraints, sizes=(14, 17))
    ks = _kinds_for(hand, kinds)
    # checked now, read lazily: a bad hand raises at the call, not at the first next()
    return _all_decompositions(hand, ks, special)


def _all_decompositions(
    hand: PreparedHand, ks: Sequence[str], special: Sequence[SpecialShape]
) -> Iterator[Decomposition]:
    yield from _decompose(hand, ks)
    for shape in special:
        yield from shape.decompositions(hand)


def _decompose(hand: PreparedHand, ks: Sequence[str]) -> Iterator[Decomposition]:
    seen: set[tuple[object, ...]] = set()
    for d in _decompose_raw(hand, ks):
        key = (
            d.shape,
            tuple(sorted(_meld_key(m) for m in d.melds)),
            d.pair,
            d.pairs,
            d.singles,
            tuple(sorted(d.wilds)),
        )
        if key not in seen:
            seen.add(key)
            yield d


def _meld_key(m: Meld) -> tuple[object, ...]:
    claimed = -1 if m.claimed_from is None else m.claimed_from  # None sorts with the ints
    return (m.kind, m.tiles, m.exposed, tuple(sorted(m.wilds)), claimed)


def _decompose_raw(hand: PreparedHand, ks: Sequence[str]) -> Iterator[Decomposition]:
    caps = copy_caps(hand.rules)
    if any(hand.counts[t] + hand.meld_counts[t] > caps[t] for t in range(NUM_KINDS)):
        return  # the naturals alone hold more copies of a kind than the rules allow
    counts = list(hand.counts)
    sets = hand.sets_needed
    nmelds = len(hand.melds)
    wild_pool = list(hand.wild_tiles)
    if "regular" in ks:
        for groups, pair, used in _regular(counts, sets, True, wild_pool, hand):
            yield _make(hand, "regular", groups, pair, used)
    small = hand.size == 14
    if small and nmelds == 0 and "seven_pairs" in ks:
        yield from _seven_pairs(hand)
    if small and nmelds == 0 and "thirteen_orphans" in ks:
        yield from _thirteen_orphans(hand)
    if small and nmelds <= 1 and "knitted_straight" in ks:
        yield from _knitted_straight(hand)
    if small and nmelds == 0 and "honors_knitted" in ks:
        yield from _honors_knitted(hand)


Group = tuple[str, Tile, tuple[Tile, ...]]
"""A concealed set being built: (kind, first tile, kinds that wilds stand for)."""


def _make(
    hand: PreparedHand,
    shape: str,
    groups: Sequence[Group],
    pair: Tile | None,
    used: Sequence[tuple[Tile, Tile]],
    **extra: tuple[Tile, ...],
) -> Decomposition:
    made: list[Meld] = list(hand.melds)
    pool = list(used)
    # a fixed order (stands included) so one reading always gets the same physical wilds
    for kind, first, stands in sorted(groups, key=lambda g: (g[1], g[0], g[2])):
        tiles = (first, first + 1, first + 2) if kind == CHOW else (first,) * 3
        w: list[tuple[Tile, Tile]] = []
        for s in stands:
            for i, (p, s2) in enumerate(pool):
                if s2 == s:
                    w.append((p, s))
                    del pool[i]
                    break
        made.append(Meld(kind, tiles, exposed=False, wilds=tuple(w)))  # type: ignore[arg-type]
    return Decomposition(shape, tuple(made), pair, wilds=tuple(sorted(used)), **extra)


def _assign_wilds(
    wild_pool: Sequence[Tile], stands: Sequence[Tile], rules: WildRules
) -> list[tuple[Tile, Tile]] | None:
    """Pair physical wilds with the kinds they stand for (face-value rule respected), or
    None if no pairing obeys the rules.

    A physical wild is placed on a kind other than its face when it can be, so the
    report reads naturally; under ``face_value=False`` it may not stand for its own face
    (jokers have none). With several physical kinds of wild a greedy choice can paint
    itself into a corner (wilds 1s* 3s* for 2s 3s), so this is a bipartite matching.
    """
    pool = sorted(wild_pool)
    want = sorted(stands)
    if len(want) > len(pool):
        return None

    def allowed(p: Tile, s: Tile) -> bool:
        return rules.face_value or p == JOKER or p != s

    # preferred order per stand: other faces first, then its own face
    prefs = [
        [i for i, p in enumerate(pool) if p != s and allowed(p, s)]
        + [i for i, p in enumerate(pool) if p == s and allowed(p, s)]
        for s in want
    ]
    owner: list[int | None] = [None] * len(pool)

    def augment(j: int, seen: list[bool]) -> bool:
        for i in prefs[j]:
            if seen[i]:
                continue
            seen[i] = True
            o = owner[i]
            if o is None or augment(o, seen):
                owner[i] = j
                return True
        return False

    for j in range(len(want)):
        if not augment(j, [False] * len(pool)):
            return None
    got = [(pool[i], want[j]) for i, j in enumerate(owner) if j is not None]
    return sorted(got, key=lambda ps: (ps[1], ps[0]))


class _Found(Exception):
    """Raised inside the search to stop at the first completion."""


def _regular(
    counts: list[int],
    sets: int,
    want_pair: bool,
    wild_pool: Sequence[Tile],
    hand: PreparedHand,
    *,
    free: int = 0,
    drops: int = 0,
    first_only: bool = False,
    reserved: Sequence[Tile] = (),
    pre_stands: Sequence[Tile] = (),
) -> Iterator[tuple[list[Group], Tile | None, list[tuple[Tile, Tile]]]]:
    """Every split of ``counts`` plus the wilds into ``sets`` sets and (if ``want_pair``)
    a pair. Yields (groups, pair, (physical, stands for) per wild).

    For the shanten search, ``free`` tiles (drawn naturals of any kind but the wild kind:
    unrestricted fillers) may fill gaps too and ``drops`` natural tiles may be set aside; with
    ``first_only`` the search stops at the first split.

    ``reserved`` are kinds the rest of the shape already holds (the knitted straight's
    tiles): they count towards the copy limit. ``pre_stands`` are kinds that wilds of
    ``wild_pool`` already stand for elsewhere in the shape: the search uses the other
    wilds, and the physical wilds are matched to all the stands together.
    """
    rules = hand.rules
    w_total = len(wild_pool) - len(pre_stands)
    natural = sum(counts)
    if w_total < 0 or natural + w_total + free - drops != 3 * sets + (2 if want_pair else 0):
        return
    caps = copy_caps(rules)
    base = [hand.meld_counts[t] + counts[t] for t in range(NUM_KINDS)]
    for t in reserved:
        base[t] += 1
    if w_total == 0 and free == 0 and drops == 0:
        if any(b > c for b, c in zip(base, caps, strict=True)):
            return
        pre_used = _assign_wilds(wild_pool, pre_stands, rules) if pre_stands else []
        if pre_used is None:
            return
        for plain_groups, plain_pair in _plain_splits(tuple(counts), sets, want_pair):
            yield list(plain_groups), plain_pair, list(pre_used)
        return
    # copies each kind can still take from wilds and free tiles (a bound while searching,
    # checked exactly, with the tiles set aside, when a split is complete)
    limit = [caps[t] - base[t] for t in range(NUM_KINDS)]
    face_banned = rules.wild_tile if not rules.face_value else None
    face_budget = sum(1 for p in wild_pool if p != face_banned) - sum(
        1 for t in pre_stands if t == face_banned
    )
    rep = [0] * NUM_KINDS
    dropped = [0] * NUM_KINDS
    on_face = [0]  # wilds standing for the banned face so far
    groups: list[Group] = []
    pair_now: list[tuple[Tile, tuple[Tile, ...]] | None] = [None]
    extra_left = [rules.extra_in_one_group]
    results: list[tuple[list[Group], Tile | None, list[tuple[Tile, Tile]]]] = []

    undrawable = _undrawable(rules)

    def can_rep(t: Tile, n_wild: int, n_free: int) -> bool:
        if rep[t] + n_wild + n_free > limit[t] + dropped[t]:
            return False
        if n_free and t == undrawable:
            return False  # a drawn tile of the wild kind is a wild, not a natural
        # a wild of the banned face needs another wild (a joker) to stand for that kind
        return not (n_wild and t == face_banned and on_face[0] + n_wild > face_budget)

    def wild_ok(kind: str, n: int) -> tuple[bool, int]:
        """(allowed, extra allowance consumed) for n wilds in one group."""
        if n == 0:
            return True, 0
        if kind == "pair":
            if not rules.in_pair:
                return False, 0
            cap = rules.max_in_pair
        else:
            if (kind == CHOW and not rules.in_chow) or (kind == PUNG and not rules.in_pung):
                return False, 0
            cap = rules.max_in_set
        if n <= cap:
            return True, 0
        if n <= cap + extra_left[0]:
            # one group only may go over: it takes the whole allowance
            return True, extra_left[0]
        return False, 0

    def emit() -> None:
        if any(rep[t] > limit[t] + dropped[t] for t in range(NUM_KINDS)):
            return  # more copies than allowed (only when naturals alone exceed the cap)
        stands_all = [t for g in groups for t in g[2]]
        pair = pair_now[0]
        if pair is not None:
            stands_all += list(pair[1])
        used = _assign_wilds(wild_pool, [*pre_stands, *stands_all], rules)
        if used is None:
            return
        results.append((list(groups), pair[0] if pair else None, used))
        if first_only:
            raise _Found

    def splits(n: int, w: int, f: int) -> Iterator[tuple[int, int]]:
        """Ways to fill n gaps with (wilds, free tiles)."""
        for nw in range(min(n, w), -1, -1):
            if n - nw <= f:
                yield nw, n - nw

    def rec(w: int, f: int, dr: int, s: int, need_pair: bool) -> None:
        k = 0
        while k < NUM_KINDS and counts[k] == 0:
            k += 1
        if k == NUM_KINDS:
            if dr == 0:
                all_wild(w, f, s, need_pair, 0)
            return
        c = counts[k]
        if dr:
            counts[k] -= 1
            dropped[k] += 1
            rec(w, f, dr - 1, s, need_pair)
            dropped[k] -= 1
            counts[k] += 1
        if need_pair:
            for nat in (2, 1):
                if nat > c:
                    continue
                for nw, nf in splits(2 - nat, w, f):
                    ok, extra = wild_ok("pair", nw)
                    if not ok or not can_rep(k, nw, nf):
                        continue
                    counts[k] -= nat
                    rep[k] += nw + nf
                    face = nw if k == face_banned else 0
                    on_face[0] += face
                    extra_left[0] -= extra
                    pair_now[0] = (k, (k,) * nw)
                    rec(w - nw, f - nf, dr, s, False)
                    pair_now[0] = None
                    extra_left[0] += extra
                    on_face[0] -= face
                    rep[k] -= nw + nf
                    counts[k] += nat
        if s == 0:
            return
        for nat in (3, 2, 1):
            if nat > c:
                continue
            for nw, nf in splits(3 - nat, w, f):
                ok, extra = wild_ok(PUNG, nw)
                if not ok or not can_rep(k, nw, nf):
                    continue
                counts[k] -= nat
                rep[k] += nw + nf
                face = nw if k == face_banned else 0
                on_face[0] += face
                extra_left[0] -= extra
                groups.append((PUNG, k, (k,) * nw))
                rec(w - nw, f - nf, dr, s - 1, need_pair)
                groups.pop()
                extra_left[0] += extra
                on_face[0] -= face
                rep[k] -= nw + nf
                counts[k] += nat
        if k >= 27:
            return
        for first in (k - 2, k - 1, k):
            if first < 9 * (k // 9) or first % 9 > 6:
                continue
            others = [t for t in (first, first + 1, first + 2) if t != k]
            # each other tile: natural (only above k, if present), wild, or free
            for choice in range(9):
                kinds_ = (choice % 3, choice // 3)  # 0 natural, 1 wild, 2 free
                nats = [t for t, u in zip(others, kinds_, strict=True) if u == 0]
                wl = [t for t, u in zip(others, kinds_, strict=True) if u == 1]
                fr = [t for t, u in zip(others, kinds_, strict=True) if u == 2]
                if any(t < k or counts[t] == 0 for t in nats):
                    continue
                if len(wl) > w or len(fr) > f:
                    continue
                ok, extra = wild_ok(CHOW, len(wl))
                if not ok:
                    continue
                if any(not can_rep(t, t in wl, t in fr) for t in wl + fr):
                    continue
                counts[k] -= 1
                for t in nats:
                    counts[t] -= 1
                for t in wl + fr:
                    rep[t] += 1
                face = wl.count(face_banned) if face_banned is not None else 0
                on_face[0] += face
                extra_left[0] -= extra
                groups.append((CHOW, first, tuple(wl)))
                rec(w - len(wl), f - len(fr), dr, s - 1, need_pair)
                groups.pop()
                extra_left[0] += extra
                on_face[0] -= face
                for t in wl + fr:
                    rep[t] -= 1
                for t in nats:
                    counts[t] += 1
                counts[k] += 1

    def all_wild(w: int, f: int, s: int, need_pair: bool, start: int) -> None:
        if w + f != 3 * s + (2 if need_pair else 0):
            return
        if s == 0 and not need_pair:
            emit()
            return
        if s == 0:
            for nw, nf in splits(2, w, f):
                ok, extra = wild_ok("pair", nw)
                if not ok:
                    continue
                for t in range(NUM_KINDS):
                    if can_rep(t, nw, nf):
                        rep[t] += 2
                        face = nw if t == face_banned else 0
                        on_face[0] += face
                        pair_now[0] = (t, (t,) * nw)
                        extra_left[0] -= extra
                        all_wild(w - nw, f - nf, 0, False, 0)
                        extra_left[0] += extra
                        pair_now[0] = None
                        on_face[0] -= face
                        rep[t] -= 2
            return
        # sets of gap-fillers only, in non-decreasing (first, kind) order to avoid repeats
        for code in range(start, 2 * NUM_KINDS):
            kind = PUNG if code % 2 == 0 else CHOW
            first = code // 2
            if kind == CHOW and (first >= 27 or first % 9 > 6):
                continue
            tiles = (first,) * 3 if kind == PUNG else (first, first + 1, first + 2)
            for nw, nf in splits(3, w, f):
                if nw == 3 and not rules.all_wild_sets:
                    continue
                ok, extra = wild_ok(kind, nw)
                if not ok:
                    continue
                if kind == PUNG:
                    if not can_rep(first, nw, nf):
                        continue
                    placements = [tiles[:nw]]
                else:
                    # which of the chow's tiles the wilds stand for (the rest are free)
                    placements = [
                        wl
                        for wl in itertools.combinations(tiles, nw)
                        if all(can_rep(t, t in wl, t not in wl) for t in tiles)
                    ]
                for wl in placements:
                    for t in tiles:
                        rep[t] += 1
                    face = wl.count(face_banned) if face_banned is not None else 0
                    on_face[0] += face
                    extra_left[0] -= extra
                    groups.append((kind, first, tuple(wl)))
                    all_wild(w - nw, f - nf, s - 1, need_pair, code)
                    groups.pop()
                    extra_left[0] += extra
                    on_face[0] -= face
                    for t in tiles:
                        rep[t] -= 1

    with contextlib.suppress(_Found):
        rec(w_total, free, drops, sets, want_pair)
    yield from results


_PLAIN: dict[tuple[tuple[int, ...], int, bool], list[tuple[tuple[Group, ...], Tile | None]]] = {}


def _plain_splits(
    counts: tuple[int, ...], sets: int, want_pair: bool
) -> list[tuple[tuple[Group, ...], Tile | None]]:
    """Splits of counts (no wilds) into sets and a pair (cached per suit)."""
    out: list[tuple[tuple[Group, ...], Tile | None]] = [((), None)]
    # per group, then product with exactly one pair overall
    per_group: list[list[tuple[tuple[Group, ...], Tile | None]]] = []
    for g in range(4):
        lo, hi = (9 * g, 9 * g + 9) if g < 3 else (27, 34)
        sub = counts[lo:hi]
        n = sum(sub)
        if n % 3 == 1:
            return []
        key = (sub, lo, n % 3 == 2)
        got = _PLAIN.get(key)
        if got is None:
            got = []
            _split_group(list(sub), lo, 0, n // 3, n % 3 == 2, [], None, got)
            _PLAIN[key] = got
        if not got:
            return []
        per_group.append(got)
    for got in per_group:
        out = [(a + b, pa if pa is not None else pb) for a, pa in out for b, pb in got]
    total_sets = sum(len(g) for g, _ in out[:1])
    if out and (total_sets != sets or (out[0][1] is not None) != want_pair):
        return []
    return out


def _split_group(
    c: list[int],
    base: int,
    i: int,
    sets: int,
    need_pair: bool,
    acc: list[Group],
    pair: Tile | None,
    out: list[tuple[tuple[Group, ...], Tile | None]],
) -> None:
    while i < len(c) and c[i] == 0:
        i += 1
    if i == len(c):
        if sets == 0 and not need_pair:
            out.append((tuple(acc), pair))
        return
    t = base + i
    if need_pair and c[i] >= 2:
        c[i] -= 2
        _split_group(c, base, i, sets, False, acc, t, out)
        c[i] += 2
    if sets and c[i] >= 3:
        c[i] -= 3
        acc.append((PUNG, t, ()))
        _split_group(c, base, i, sets - 1, need_pair, acc, pair, out)
        acc.pop()
        c[i] += 3
    if sets and base < 27 and i <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        acc.append((CHOW, t, ()))
        _split_group(c, base, i, sets - 1, need_pair, acc, pair, out)
        acc.pop()
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1


# ---------------------------------------------------------------------------------------
# Special shapes


def _fill(hand: PreparedHand, wanted: Sequence[Tile]) -> list[tuple[Tile, Tile]] | None:
    """Wilds standing for ``wanted`` kinds (None if the rules or copies forbid it)."""
    rules = hand.rules
    cap = min(4, rules.max_copies)
    for t in set(wanted):
        if hand.counts[t] + hand.meld_counts[t] + wanted.count(t) > cap:
            return None
    return _assign_wilds(hand.wild_tiles, wanted, rules)


def _seven_pairs(hand: PreparedHand) -> Iterator[Decomposition]:
    """Seven pairs; a kind may give two pairs (four of a kind), as MCR allows.

    Every natural tile is used; a kind with an odd count gets a wild, and the spare wilds
    make further pairs: on new kinds, or by splitting a natural pair into two pairs of a
    natural and a wild each (which is how a rule of at most one wild per pair is met).
    """
    rules = hand.rules
    c = hand.counts
    w = hand.wilds
    cap = min(4, rules.max_copies)
    if w and not rules.in_pair:
        return
    min_pairs = sum((x + 1) // 2 for x in c)
    spare = 7 - min_pairs
    if spare < 0 or sum(x % 2 for x in c) + 2 * spare != w:
        return
    for extra in _wild_pairs(hand, spare, []):
        pairs: list[Tile] = []
        stands: list[Tile] = []
        over = 0
        for t in range(NUM_KINDS):
            n = (c[t] + 1) // 2 + extra.count(t)
            if not n:
                continue
            if n > 2 or 2 * n > cap:
                over = 99
                break
            pairs += [t] * n
            stands += [t] * (2 * n - c[t])
            over += _pairs_over(2 * n - c[t], n, rules)
            if over > 1:
                break
        if over > 1:
            continue
        used = _assign_wilds(hand.wild_tiles, stands, rules)
        if used is not None:
            yield Decomposition("seven_pairs", (), None, tuple(pairs), wilds=tuple(sorted(used)))


def _pairs_over(wilds: int, pairs: int, rules: WildRules) -> int:
    """Fewest of ``pairs`` pairs of one kind that go over ``max_in_pair`` when they share
    ``wilds`` wilds (99 if even the one-group allowance cannot cover it)."""
    best = 99
    for a in range(wilds + 1):
        spread = (a, wilds - a) if pairs == 2 else (wilds,)
        if len(spread) != pairs or max(spread) > 2:
            continue
        over = [x for x in spread if x > rules.max_in_pair]
        if any(x > rules.max_in_pair + rules.extra_in_one_group for x in over):
            continue
        best = min(best, len(over))
    return best


def _wild_pairs(hand: PreparedHand, n: int, base: list[Tile]) -> Iterator[list[Tile]]:
    if n == 0:
        yield []
        return

    def rec(start: int, left: int, acc: list[Tile]) -> Iterator[list[Tile]]:
        if left == 0:
            yield list(acc)
            return
        for t in range(start, NUM_KINDS):
            acc.append(t)
            yield from rec(t, left - 1, acc)
            acc.pop()

    yield from rec(0, n, [])


def _thirteen_orphans(hand: PreparedHand) -> Iterator[Decomposition]:
    c = hand.counts
    if any(c[t] for t in range(NUM_KINDS) if t not in TERMINALS_AND_HONORS):
        return
    for doubled in TERMINALS_AND_HONORS:
        want = [*list(TERMINALS_AND_HONORS), doubled]
        need: list[Tile] = []
        ok = True
        for t in TERMINALS_AND_HONORS:
            k = want.count(t)
            if c[t] > k:
                ok = False
                break
            need += [t] * (k - c[t])
        if not ok or len(need) != hand.wilds:
            continue
        used = _fill(hand, need)
        if used is not None:
            yield Decomposition(
                "thirteen_orphans",
                (),
                doubled,
                (),
                tuple(TERMINALS_AND_HONORS),
                tuple(sorted(used)),
            )


def _knitted_straight(hand: PreparedHand) -> Iterator[Decomposition]:
    sets = 1 - len(hand.melds)
    for pattern in range(6):
        straight = knitted_tiles(pattern)
        held = [t for t in straight if hand.counts[t]]
        missing = [t for t in straight if not hand.counts[t]]
        spare = hand.wilds - len(missing)
        if spare < 0:
            continue
        # A wild may also play a straight tile the hand holds, the natural copy going to
        # the set or the pair: a different reading, and sometimes the only one the wild
        # rules allow (a pair may hold at most one wild, say).
        for k in range(min(spare, len(held)) + 1):
            for swapped in itertools.combinations(held, k):
                counts = list(hand.counts)
                for t in held:
                    if t not in swapped:
                        counts[t] -= 1
                for groups, pair, used in _regular(
                    counts,
                    sets,
                    True,
                    hand.wild_tiles,
                    hand,
                    reserved=straight,
                    pre_stands=[*missing, *swapped],
                ):
                    yield _make(hand, "knitted_straight", groups, pair, used, singles=straight)


def _honors_knitted(hand: PreparedHand) -> Iterator[Decomposition]:
    c = hand.counts
    if any(x > 1 for x in c):
        return
    for pattern in range(6):
        allowed = set(knitted_tiles(pattern)) | set(HONORS)
        have = [t for t in range(NUM_KINDS) if c[t]]
        if any(t not in allowed for t in have):
            continue
        missing = sorted(allowed - set(have))
        w = hand.wilds
        if len(have) + w != 14:
            continue
        for fill in _choose(missing, w):
            used = _fill(hand, fill)
            if used is not None:
                yield Decomposition(
                    "honors_knitted", (), None, (), tuple(sorted(have + fill)), tuple(sorted(used))
                )


def _choose(items: list[Tile], k: int) -> Iterator[list[Tile]]:
    if k == 0:
        yield []
        return
    for i in range(len(items) - k + 1):
        for rest in _choose(items[i + 1 :], k - 1):
            yield [items[i], *rest]


# ---------------------------------------------------------------------------------------
# Constrained shanten (slow path: wild rules that restrict where a wild may stand)


def _undrawable(rules: WildRules) -> Tile | None:
    """The kind no draw gives as a natural tile: the wild kind (a drawn copy is a wild),
    unless a substitute stands for it (the White Dragons standing for the gold's kind)."""
    x = rules.wild_tile
    if x is None or any(stands == x for _, stands in rules.substitutes):
        return None
    return x


def _constrained_shanten(hand: PreparedHand, ks: Sequence[str]) -> int:
    """Shanten under wild rules that restrict where a wild may stand: the fewest tiles to
    draw so that, after setting the surplus aside, the hand is complete under the rules.

    A draw is a natural tile of any kind but the wild kind, or a copy of the wild kind
    (a wild, bound by the rules like the others). Every shape is searched exactly. Slow
    next to the table path: for analysis.
    """
    best = 99
    if hand.size <= 14:
        for k in ks:
            if k in ("seven_pairs", "thirteen_orphans", "honors_knitted") and not hand.melds:
                best = min(best, _constrained_singles_need(hand, k))
        if "knitted_straight" in ks and len(hand.melds) <= 1:
            best = min(best, _constrained_need(hand, best, knitted=True))
    if "regular" in ks:
        best = min(best, _constrained_need(hand, best))
    return max(-1, best - 1)


def _kept_wilds(hand: PreparedHand, keep: int) -> list[tuple[Tile, ...]]:
    """The different selections of ``keep`` of the hand's physical wilds."""
    return sorted(set(itertools.combinations(sorted(hand.wild_tiles), keep)))


def _constrained_need(hand: PreparedHand, bound: int, *, knitted: bool = False) -> int:
    """Fewest draws (below ``bound``, else ``bound``) for four sets and a pair, or with
    ``knitted`` for a knitted straight, (one less fixed melds) set and a pair."""
    rules = hand.rules
    target = 14 if hand.size <= 14 else 17
    x = rules.wild_tile
    n_natural = sum(hand.counts)
    n_tiles = n_natural + hand.wilds + 3 * len(hand.melds)
    # Rules only ever take options away, so the tables' figure for unrestricted wilds is
    # a lower bound: start there (a failed search is the expensive one). With every wild
    # set aside and only naturals drawn the hand can always be completed within a whole
    # new hand's draws, which bounds the search from above.
    key = _key_of_counts(hand.counts)
    if _beyond_tables(hand):
        lower = 0  # past the tables' four of a kind: no bound from them
    elif knitted:
        lower = _knitted_straight_need(key, len(hand.melds), T.EXACT, 99)
    elif any(hand.meld_counts):
        lower = _capped_regular_need(hand)
    else:
        lower = T.EXACT.need(key, hand.sets_needed)
    # ... and no more wilds count than the rules let the groups hold
    sets = hand.sets_needed if not knitted else 1 - len(hand.melds)
    room = sets * (rules.max_in_set if rules.in_chow or rules.in_pung else 0)
    room += (rules.max_in_pair if rules.in_pair else 0) + rules.extra_in_one_group
    room += 9 if knitted else 0
    lower = max(0, lower - min(hand.wilds, room))
    for k in range(lower, min(bound, 3 * hand.sets_needed + 3 + (9 if knitted else 0))):
        surplus = n_tiles + k - target
        if surplus < 0:
            continue
        for drawn_wilds in range(min(k, room) + 1 if x is not None else 1):
            free = k - drawn_wilds
            for set_aside in range(min(surplus, hand.wilds) + 1):
                drops = surplus - set_aside
                if drops > n_natural or hand.wilds - set_aside + drawn_wilds > room:
                    continue  # (more wilds than the groups can hold)
                for kept in _kept_wilds(hand, hand.wilds - set_aside):
                    pool: list[Tile] = list(kept)
                    if drawn_wilds:
                        assert x is not None  # drawn wilds are copies of the wild kind
                        pool += [x] * drawn_wilds
                    if knitted:
                        ok = _knitted_reachable(hand, pool, free, drops)
                    else:
                        ok = any(
                            True
                            for _ in _regular(
                                list(hand.counts),
                                hand.sets_needed,
                                True,
                                pool,
                                hand,
                                free=free,
                                drops=drops,
                                first_only=True,
                            )
                        )
                    if ok:
                        return k
    return bound


def _knitted_reachable(hand: PreparedHand, pool: list[Tile], free: int, drops: int) -> bool:
    """Can the naturals, the wilds of ``pool`` and ``free`` drawn naturals, less ``drops``
    naturals set aside, make a knitted straight with (1 - melds) set and a pair?"""
    undrawable = _undrawable(hand.rules)
    sets = 1 - len(hand.melds)
    for pattern in range(6):
        straight = knitted_tiles(pattern)
        held = [t for t in straight if hand.counts[t]]
        missing = [t for t in straight if not hand.counts[t]]
        # each straight tile: the natural copy, a wild, or a drawn tile
        for n_wild in range(min(len(pool), len(straight)) + 1):
            for by_wild in itertools.combinations(straight, n_wild):
                drawn = [t for t in missing if t not in by_wild]
                if len(drawn) > free or undrawable in drawn:
                    continue
                counts = list(hand.counts)
                for t in held:
                    if t not in by_wild:
                        counts[t] -= 1
                rest_drops = drops
                if sum(counts) - rest_drops < 0:
                    continue
                if any(
                    True
                    for _ in _regular(
                        counts,
                        sets,
                        True,
                        pool,
                        hand,
                        free=free - len(drawn),
                        drops=rest_drops,
                        first_only=True,
                        reserved=straight,
                        pre_stands=by_wild,
                    )
                ):
                    return True
    return False


def _constrained_singles_need(hand: PreparedHand, kind: str) -> int:
    """Fewest draws for seven pairs, thirteen orphans or honours-and-knitted under the
    wild rules (99 if none can be made)."""
    rules = hand.rules
    c = hand.counts
    n_wilds = hand.wilds
    cap = min(4, rules.max_copies)
    undrawable = _undrawable(rules)
    # wilds that may stand for kind t: not those whose face is t when face value is banned
    fill_cap = [
        n_wilds - (0 if rules.face_value else sum(1 for p in hand.wild_tiles if p == t))
        for t in range(NUM_KINDS)
    ]
    if kind == "seven_pairs":
        return _seven_pairs_need(hand, fill_cap)
    if kind == "thirteen_orphans":
        targets: Iterable[Sequence[Tile]] = (
            (*TERMINALS_AND_HONORS, d) for d in TERMINALS_AND_HONORS
        )
    else:
        targets = (
            combo
            for pattern in range(6)
            for combo in itertools.combinations(
                sorted(set(knitted_tiles(pattern)) | set(HONORS)), 14
            )
        )
    best = 99
    for tgt in targets:
        want = [0] * NUM_KINDS
        for t in tgt:
            want[t] += 1
        missing = {t: want[t] - c[t] for t in set(tgt) if want[t] > c[t]}
        if any(want[t] > cap for t in missing):
            continue
        # a kind no draw gives must be played by wilds (a drawn wild may play its own face
        # only when face value is allowed)
        if (
            undrawable in missing
            and not rules.face_value
            and missing[undrawable] > fill_cap[undrawable]
        ):
            continue
        fills = min(n_wilds, sum(min(m, fill_cap[t]) for t, m in missing.items()))
        best = min(best, sum(missing.values()) - fills)
    return best


def _seven_pairs_need(hand: PreparedHand, fill_cap: list[int]) -> int:
    """Fewest draws for seven pairs under the wild rules: a dynamic programme over the
    kinds, each giving 0-2 pairs whose gaps are filled by held wilds or by draws."""
    rules = hand.rules
    c = hand.counts
    n_wilds = hand.wilds
    cap = min(4, rules.max_copies)
    most = rules.max_in_pair if rules.in_pair else 0
    extra = rules.extra_in_one_group if rules.in_pair else 0
    undrawable = _undrawable(rules)

    def pair_options(naturals: int, t: Tile | None) -> list[tuple[int, int, int]]:
        """(wilds held, draws, over) for one pair of kind t holding some naturals."""
        out = []
        gap = 2 - naturals
        for h in range(gap + 1):
            d = gap - h
            wild_in_pair = h
            if t is not None and t == undrawable:
                if not rules.face_value:
                    if d:
                        continue
                else:
                    wild_in_pair += d  # drawn copies of the wild kind are wilds
            if wild_in_pair <= most:
                out.append((h, d, 0))
            elif wild_in_pair <= most + extra:
                out.append((h, d, 1))
        return out

    INF = 99
    # state: (pairs, wilds used, over used) -> fewest draws
    dp: dict[tuple[int, int, int], int] = {(0, 0, 0): 0}

    def add(options: list[tuple[int, int, int, int]]) -> None:
        nonlocal dp
        nxt = dict(dp)
        for (p, w, o), d in dp.items():
            for dp_, dw, dd, do in options:
                key = (p + dp_, w + dw, o + do)
                if key[0] > 7 or key[1] > n_wilds or key[2] > 1:
                    continue
                if d + dd < nxt.get(key, INF):
                    nxt[key] = d + dd
        dp = nxt

    for t in range(NUM_KINDS):
        if not c[t]:
            continue
        options: list[tuple[int, int, int, int]] = []
        for n in (1, 2):
            if 2 * n > cap:
                break
            kept = min(c[t], 2 * n)
            spreads = (
                {(kept,)} if n == 1 else {(a, kept - a) for a in range(3) if 0 <= kept - a <= 2}
            )
            for spread in spreads:
                per_pair = [pair_options(a, t) for a in spread]
                for choice in itertools.product(*per_pair):
                    h = sum(x[0] for x in choice)
                    if h > fill_cap[t]:
                        continue
                    options.append((n, h, sum(x[1] for x in choice), sum(x[2] for x in choice)))
        add(options)
    # pairs of kinds the hand does not hold (a drawable kind no wild's face bans)
    fresh = [(1, h, d, o) for h, d, o in pair_options(0, None)]
    for _ in range(7):
        add(fresh)
    return min((d for (p, _w, _o), d in dp.items() if p == 7), default=INF)


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

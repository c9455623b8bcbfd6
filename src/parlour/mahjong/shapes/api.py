"""The engine's entry points: :func:`shanten`, :func:`is_complete`, :func:`waits` and
:func:`decompositions`.

Each checks the hand (:func:`~parlour.mahjong.shapes.hand.prepare`) and sends it down the
fastest path that can answer: the packed-key tables (:mod:`~parlour.mahjong.shapes.shanten`),
the reading searches (:mod:`~parlour.mahjong.shapes.regular`,
:mod:`~parlour.mahjong.shapes.special`), or, when the wild rules restrict wilds, the
constrained search (:mod:`~parlour.mahjong.shapes.constrained`).

>>> shanten("123m 456p 789s EE C", wilds=1), is_complete("123m 456p 789s EE CC", wilds=1)
(0, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Literal

from parlour.core.errors import InvalidHand
from parlour.mahjong import _tables as T
from parlour.mahjong import kernel as _kernel
from parlour.mahjong.melds import parse_hand
from parlour.mahjong.shapes.constrained import _constrained_shanten
from parlour.mahjong.shapes.hand import (
    _KNITTED_TILES,
    ALL_KINDS,
    Decomposition,
    MeldInput,
    PreparedHand,
    TileInput,
    _beyond_tables,
    _kinds_for,
    prepare,
)
from parlour.mahjong.shapes.regular import _reading_key, _regular, _regular_readings
from parlour.mahjong.shapes.shanten import (
    _INC,
    _BadKey,
    _capped_knitted_need,
    _capped_regular_need,
    _checked_key,
    _fast_complete,
    _fast_need,
    _key_of_counts,
    _shanten_key,
    _shanten_prepared,
    regular_need,
    regular_split,
)
from parlour.mahjong.shapes.special import (
    SpecialShape,
    _honors_knitted,
    _knitted_straight,
    _seven_pairs,
    _thirteen_orphans,
)
from parlour.mahjong.shapes.wilds import WildRules, copy_caps
from parlour.mahjong.tiles import JOKER, NUM_KINDS, Tile, plain_tiles, tile_name

_NATIVE = _kernel.native


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
        loose = regular_need(hand.counts, sets, loose=True) <= w
        for _, t in hand.rules.substitutes:
            if loose or sets < 1 or hand.counts[t] + w < 3:
                break
            n = min(3, hand.counts[t])  # one pung of t taken out: naturals first
            rest = list(hand.counts)
            rest[t] -= n
            loose = regular_need(rest, sets - 1, loose=True) <= w - (3 - n)
        if not loose:
            return False
    if not regular:
        return _has_reading(hand, ks)
    found = _regular(
        list(hand.counts), hand.sets_needed, True, hand.wild_tiles, hand, first_only=True
    )
    return any(True for _ in found)


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
    if type(tiles) is str:
        codes = plain_tiles(tiles)  # plain notation: read at once, then the list path
        if codes is not None:
            tiles = list(codes)
    if type(tiles) is list and not melds and not wilds and model == "exact":
        n = len(tiles)
        if (n == 13 or n == 14) and kinds is None and constraints is None:
            if _NATIVE is not None:
                try:
                    return _NATIVE.shanten_of(tiles)
                except (TypeError, ValueError):
                    pass  # not plain tile ints, or a fifth copy: the full checks name it
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
    if type(tiles) is str:
        codes = plain_tiles(tiles)  # plain notation: read at once, then the list path
        if codes is not None:
            tiles = list(codes)
    if (
        type(tiles) is list
        and len(tiles) == 14
        and not melds
        and not wilds
        and constraints is None
        and kinds is None
        and not special
    ):
        if _NATIVE is not None:
            try:
                return _NATIVE.is_complete_of(tiles)
            except (TypeError, ValueError):
                pass  # not plain tile ints, or a fifth copy: the full checks name it
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
        if regular_split(hand.counts):
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
            if not hand.wilds and regular_split(hand.counts):
                return True
            if ks == ("regular",) and not hand.wilds:
                return False
        return _shanten_prepared(hand, ks, "exact") == -1
    return _has_reading(hand, ks)


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
    if type(tiles) is str:
        codes = plain_tiles(tiles)  # plain notation: read at once, then the list path
        if codes is not None:
            tiles = list(codes)
    if type(visible) is str:
        codes = plain_tiles(visible)
        if codes is not None:
            visible = codes
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
    if (
        _NATIVE is not None
        and constraints is None
        and not hand.melds
        and not hand.wild_tiles
        and hand.size == 13
        and ks == ALL_KINDS
    ):
        # 13 concealed tiles, nothing wild: the compiled kernel lists the kinds that
        # complete them (all five shapes), as the loop below would
        plain = [t for t, c in enumerate(hand.counts) for _ in range(c)]
        return {t: max(0, 4 - seen[t]) for t in _NATIVE.waits_of(plain)}
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
        grown = _grown(hand, nat)
        if subs and _beyond_tables(grown):
            ok = _complete_beyond_tables(grown, ks)
        elif fast:
            if hand.counts[nat] + hand.meld_counts[nat] >= 4:
                continue
            native = _kernel.native
            if hand.wilds and any(hand.meld_counts):
                # Wilds may stand for a copy the melds already hold: the capped figures
                d = _capped_regular_need(grown) if "regular" in ks else 99
                if "knitted_straight" in ks and len(hand.melds) <= 1 and grown.size <= 14:
                    d = min(d, _capped_knitted_need(grown))
            elif native is not None and ks == ALL_KINDS and max(grown.counts) <= 4:
                # the compiled twin of _shanten_key below
                d = native.general_need(
                    grown.counts, hand.sets_needed, len(hand.melds), grown.size, False
                )
            else:
                # Without wilds no cap is needed here: the grown hand holds no fifth copy,
                # and a need of zero uses only tiles it holds.
                n = hand.size - 3 * len(hand.melds) - hand.wilds + 1
                d = _shanten_key(base_key + T.INC[nat], n, hand.sets_needed, ks, T.EXACT, grown)
            ok = d - hand.wilds == 0
        else:
            ok = _has_reading(grown, ks)
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
            ok = _has_reading(grown, ks)
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
    return _all_decompositions(hand, ks, special) if special else _decompose(hand, ks)


def _all_decompositions(
    hand: PreparedHand, ks: Sequence[str], special: Sequence[SpecialShape]
) -> Iterator[Decomposition]:
    yield from _decompose(hand, ks)
    for shape in special:
        yield from shape.decompositions(hand)


def _decompose(hand: PreparedHand, ks: Sequence[str]) -> Iterator[Decomposition]:
    caps = copy_caps(hand.rules)
    if any(hand.counts[t] + hand.meld_counts[t] > caps[t] for t in range(NUM_KINDS)):
        return  # the naturals alone hold more copies of a kind than the rules allow
    if "regular" in ks:
        yield from _regular_readings(hand)  # each once
    seen: set[tuple[object, ...]] = set()
    for d in _special_readings(hand, ks):
        key = _reading_key(d)
        if key not in seen:
            seen.add(key)
            yield d


def _has_reading(hand: PreparedHand, ks: Sequence[str]) -> bool:
    """Has the hand any reading of the shapes ``ks`` (as ``any(_decompose(hand, ks))``,
    the regular search stopping at its first split)?"""
    caps = copy_caps(hand.rules)
    if any(hand.counts[t] + hand.meld_counts[t] > caps[t] for t in range(NUM_KINDS)):
        return False
    if "regular" in ks:
        found = _regular(
            list(hand.counts), hand.sets_needed, True, hand.wild_tiles, hand, first_only=True
        )
        if any(True for _ in found):
            return True
    return any(True for _ in _special_readings(hand, ks))


def _special_readings(hand: PreparedHand, ks: Sequence[str]) -> Iterator[Decomposition]:
    small = hand.size == 14
    nmelds = len(hand.melds)
    if small and nmelds == 0 and "seven_pairs" in ks:
        yield from _seven_pairs(hand)
    if small and nmelds == 0 and "thirteen_orphans" in ks:
        yield from _thirteen_orphans(hand)
    if small and nmelds <= 1 and "knitted_straight" in ks:
        yield from _knitted_straight(hand)
    if small and nmelds == 0 and "honors_knitted" in ks:
        yield from _honors_knitted(hand)

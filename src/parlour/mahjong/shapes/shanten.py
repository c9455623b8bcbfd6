"""Shanten and completeness on packed keys: the fast paths.

A hand's counts are one packed integer (base-5 digits, a 24-bit field per suit and the
honours above, see :mod:`parlour.mahjong._tables`); a warm regular-shanten call is four
dict look-ups for the groups and three for the combined need vectors, and the special
shapes are sums of per-group summaries. The entry points that check their input and choose
among the paths are in :mod:`~parlour.mahjong.shapes.api`.

>>> tiles = parse_tiles("123m 456p 789s EE CC")
>>> shanten_of(tiles), is_complete_of([*tiles, 27]), is_complete_of([*tiles, 28])
(0, True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import mul as _mul

from parlour.mahjong import _tables as T
from parlour.mahjong import kernel as _kernel
from parlour.mahjong.shapes.hand import (
    _KNITTED_TILES,
    ALL_KINDS,
    KNITTED_PATTERNS,
    PreparedHand,
    TileInput,
    knitted_tiles,
)
from parlour.mahjong.tiles import NUM_KINDS, Tile, parse_tiles

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
    if model == "exact" and any(hand.meld_counts):
        # Only the regular shape and the knitted straight take melds; both are capped by
        # the tiles the melds hold.
        d = _capped_regular_need(hand) if "regular" in ks else 99
        if "knitted_straight" in ks and len(hand.melds) <= 1 and hand.size <= 14:
            d = min(d, _capped_knitted_need(hand))
    elif _kernel.native is not None and ks in (ALL_KINDS, REGULAR_ONLY) and max(hand.counts) <= 4:
        # the compiled twin of _shanten_key with every kind (or the regular shape alone:
        # a size past 14 leaves the special shapes out)
        d = _kernel.native.general_need(
            hand.counts,
            hand.sets_needed,
            len(hand.melds),
            hand.size if ks == ALL_KINDS else 99,
            model != "exact",
        )
    else:
        key = _key_of_counts(hand.counts)
        n = hand.size - 3 * len(hand.melds) - hand.wilds  # natural concealed tiles
        d = _shanten_key(key, n, hand.sets_needed, ks, tables, hand)
    return max(-1, d - hand.wilds - 1)


REGULAR_ONLY = ("regular",)


def regular_split(counts: Sequence[int]) -> bool:
    """Do natural concealed ``counts`` (34 of them) split exactly into sets and one pair?
    (The compiled tables when built.)

    >>> c = [0] * NUM_KINDS; c[0] = c[1] = c[2] = 1; c[9] = 2
    >>> regular_split(c), regular_split([*c[:33], 1])
    (True, False)
    """
    native = _kernel.native
    n = sum(counts)
    if native is not None and n % 3 == 2 and n <= 17 and max(counts) <= 4:
        return native.general_need(counts, n // 3, 0, 99, False) == 0
    return T.is_regular_split(_key_of_counts(counts))


def regular_need(counts: Sequence[int], sets: int, *, loose: bool = False) -> int:
    """The fewest tiles natural concealed ``counts`` (34 of them) miss for ``sets`` sets
    and a pair, the regular shape alone, in the exact or the ``loose`` model (the
    compiled tables when built).

    >>> c = [0] * NUM_KINDS; c[0] = 4; c[1] = c[2] = 1
    >>> regular_need(c, 2), regular_need(c, 2, loose=True)
    (2, 2)
    """
    native = _kernel.native
    if native is not None and max(counts) <= 4 and 0 <= sets <= 5:
        return native.general_need(counts, sets, 0, 99, loose)
    return (T.LOOSE if loose else T.EXACT).need(_key_of_counts(counts), sets)


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
    return _special_need(key, melds, ks, tables, best)


def _special_need(key: int, melds: int, ks: Sequence[str], tables: T.NeedTables, best: int) -> int:
    """The fewest tiles missing for the special shapes among ``ks`` that fit beside
    ``melds`` melds (in a hand of at most 14), or ``best`` if none needs fewer."""
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


def general_need(counts: Sequence[int], sets: int, melds: int, size: int, loose: bool) -> int:
    """The fewest tiles natural concealed ``counts`` (34 of them, at most four of a kind)
    miss for ``sets`` sets and a pair beside ``melds`` fixed melds, or for a special shape
    that fits beside them when the hand's ``size`` (melds as three, wilds included) is at
    most 14; in the loose model when ``loose`` (as :func:`shanten` finds it: its figure
    less the wilds and one).

    >>> c = [0] * NUM_KINDS; c[0] = c[1] = c[2] = c[9] = 1
    >>> general_need(c, 1, 3, 13, False), general_need(c, 1, 3, 13, True)
    (1, 1)
    """
    tables = T.LOOSE if loose else T.EXACT
    key = _key_of_counts(counts)
    best = tables.need(key, sets)
    if best <= 0 or size > 14:
        return best
    return _special_need(key, melds, ALL_KINDS, tables, best)


def discard_needs(
    counts: Sequence[int], sets: int, melds: int, size: int, loose: bool
) -> dict[Tile, int]:
    """:func:`general_need` of ``counts`` less one copy of each kind held, by kind in
    order, in one call (``size``: the hand's size after the discard): a bot's discards
    weighed at once.

    >>> c = [0] * NUM_KINDS; c[0] = c[1] = c[2] = c[9] = c[20] = 1
    >>> discard_needs(c, 1, 3, 13, False)
    {0: 2, 1: 2, 2: 2, 9: 1, 20: 1}
    """
    out = {}
    grown = list(counts)
    for t in range(NUM_KINDS):
        if grown[t]:
            grown[t] -= 1
            out[t] = general_need(grown, sets, melds, size, loose)
            grown[t] += 1
    return out


def draw_needs(
    counts: Sequence[int], sets: int, melds: int, size: int, loose: bool
) -> dict[Tile, int]:
    """:func:`general_need` of ``counts`` and one more copy of each kind (but a fifth), by
    kind in order, in one call (``size``: the hand's size after the draw): a bot's draws
    weighed at once.

    >>> c = [0] * NUM_KINDS; c[0] = c[1] = c[2] = c[9] = 1
    >>> [t for t, n in draw_needs(c, 1, 3, 14, False).items() if n == 0]
    [9]
    >>> c[9] = 4; 9 in draw_needs(c, 1, 2, 17, False)
    False
    """
    out = {}
    grown = list(counts)
    for t in range(NUM_KINDS):
        if grown[t] < 4:
            grown[t] += 1
            out[t] = general_need(grown, sets, melds, size, loose)
            grown[t] -= 1
    return out


# ---------------------------------------------------------------------------------------
# The compiled kernel


def improving_of(tiles: list[Tile], shanten: int) -> tuple[Tile, ...]:
    """Fast path: the kinds, in order, of which one more copy brings concealed tile ints
    (no melds, no wilds, all shapes, exact model; as :func:`shanten_of`) below
    ``shanten``: a bot's improving draws, in one call.

    >>> improving_of([0, 1, 2, 12, 13, 14, 24, 25, 26, 27, 27, 31, 32], 1)
    (27, 31, 32)
    """
    out = []
    base = list(tiles)
    for t in range(NUM_KINDS):
        if base.count(t) >= 4:
            continue
        base.append(t)
        if shanten_of(base) < shanten:
            out.append(t)
        base.pop()
    return tuple(out)


pure_improving_of = improving_of
pure_general_need = general_need
pure_discard_needs = discard_needs
pure_draw_needs = draw_needs
pure_shanten_of = shanten_of
pure_is_complete_of = is_complete_of
pure_could_be_ready = could_be_ready
pure_is_complete_counts = is_complete_counts
"""The pure-Python fast paths above, kept under these names whichever kernel is active:
the reference the compiled kernel is tested against."""

if _kernel.native is not None:
    # The C twins answer alike (tests/mahjong/test_kernel.py); the names above stay bound
    # to the Python reference.
    shanten_of = _kernel.native.shanten_of  # type: ignore[assignment]
    is_complete_of = _kernel.native.is_complete_of  # type: ignore[assignment]
    could_be_ready = _kernel.native.could_be_ready  # type: ignore[assignment]
    is_complete_counts = _kernel.native.is_complete_counts  # type: ignore[assignment]
    improving_of = _kernel.native.improving_of  # type: ignore[assignment]
    general_need = _kernel.native.general_need  # type: ignore[assignment]
    discard_needs = _kernel.native.discard_needs  # type: ignore[assignment]
    draw_needs = _kernel.native.draw_needs  # type: ignore[assignment]

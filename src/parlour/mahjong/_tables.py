"""Precomputed tables behind :mod:`parlour.mahjong.shapes` (private).

A hand's playing tiles are held as four integer keys, one per group: each suit's nine
counts in base 5 (``sum(count[r] * 5**r)``) and the honours' seven counts in base 5.
For each key we compute once, and cache, a *need vector*: for ``m`` sets (0–5) and
``p`` pairs (0–1), the fewest tiles that must be added to the group's tiles so that
some ``m`` sets and ``p`` pairs can be picked from them, with at most four of a kind in
the picked sets (``need[2*m + p]``). The whole hand's "tiles missing" is the min-plus
combination of its four groups' vectors, so the shanten number is that minus one.

Need vectors repeat a lot, so each distinct vector is interned to a small int id; the
combination of two ids is itself cached, and the whole computation of a regular shanten
number is four dict look-ups once the tables are warm.

A suit's vector is computed by a dynamic programme over its nine positions, split in a
left half (ranks 1–5, at most 5**5 keys) and a right half (ranks 6–9, at most 5**4
keys), each cached, joined on the chows that cross the split.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

MAXM = 5
"""Most sets a group can be asked for (5 for 17-tile hands)."""
WIDTH = 2 * (MAXM + 1)
INF = 99
CAP = 4

POW5 = tuple(5**i for i in range(10))

# Packed hand key: three 24-bit suit fields and the honours above them. A suit's nine
# base-5 digits need 21 bits; the spare bits hold a tenth digit, so that even 14 copies of
# a 9 carry into their own field and never into the next suit. A fifth copy of a tile is
# then always a carry, which lowers the key's digit sum by four: a key whose digit sum is
# the number of tiles added holds at most four of each kind.
SUIT_BITS = 24
SUIT_MASK = (1 << SUIT_BITS) - 1
HONOR_SHIFT = 3 * SUIT_BITS
INC: tuple[int, ...] = tuple(
    (POW5[t % 9] << (SUIT_BITS * (t // 9))) if t < 27 else (POW5[t - 27] << HONOR_SHIFT)
    for t in range(34)
)
"""``INC[t]`` added to a packed key adds one tile ``t``."""


def digits(key: int, n: int) -> list[int]:
    """The base-5 digits of a group key, lowest rank first."""
    out = []
    for _ in range(n):
        key, d = divmod(key, 5)
        out.append(d)
    return out


# ---------------------------------------------------------------------------------------
# Interned need vectors

VEC: list[tuple[int, ...]] = []
_VEC_ID: dict[tuple[int, ...], int] = {}


def intern(vec: tuple[int, ...]) -> int:
    """The id of a need vector (adding it if new)."""
    i = _VEC_ID.get(vec)
    if i is None:
        i = len(VEC)
        VEC.append(vec)
        _VEC_ID[vec] = i
    return i


ZERO_ID = intern((0,) + (INF,) * (WIDTH - 1))


def _combine(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    out = [INF] * WIDTH
    for m1 in range(MAXM + 1):
        for p1 in (0, 1):
            x = a[2 * m1 + p1]
            if x >= INF:
                continue
            for m2 in range(MAXM + 1 - m1):
                j = 2 * (m1 + m2) + p1
                y = b[2 * m2]
                if x + y < out[j]:
                    out[j] = x + y
                if p1 == 0:
                    y = b[2 * m2 + 1]
                    if x + y < out[j + 1]:
                        out[j + 1] = x + y
    return tuple(out)


_COMBINED: dict[int, int] = {}


def combine_ids(a: int, b: int) -> int:
    """The id of the min-plus combination of two interned vectors (cached)."""
    k = (a << 24) | b
    r = _COMBINED.get(k)
    if r is None:
        r = intern(_combine(VEC[a], VEC[b]))
        _COMBINED[k] = r
    return r


_MINNED: dict[int, int] = {}


def min_ids(a: int, b: int) -> int:
    """The id of the element-wise least of two interned vectors (cached)."""
    if b < a:
        a, b = b, a
    k = (a << 24) | b
    r = _MINNED.get(k)
    if r is None:
        r = _MINNED[k] = intern(tuple(map(min, VEC[a], VEC[b])))
    return r


# ---------------------------------------------------------------------------------------
# Suits: a forward dynamic programme over positions.
# A state after position i is (a, b): a chows started at i (they need i+1 and i+2), b
# chows started at i-1 (they need i+1). Its value is a need vector for what was picked so
# far (a chow counts as a set when it starts).

State = dict[tuple[int, int], list[int]]


def _step(states: State, c: int, pos: int, cap: int) -> State:
    out: State = {}
    for (a, b), vec in states.items():
        base = a + b
        for pung in (0, 1):
            for pair in (0, 1):
                u0 = base + 3 * pung + 2 * pair
                if u0 > cap:
                    continue
                top = cap - u0 if pos <= 6 else 0
                for new in range(top + 1):
                    dm = pung + new
                    if dm > MAXM:
                        break
                    u = u0 + new
                    cost = u - c if u > c else 0
                    tgt = out.get((new, a))
                    if tgt is None:
                        tgt = out[(new, a)] = [INF] * WIDTH
                    for m in range(MAXM + 1 - dm):
                        for p in range(2 - pair):
                            v = vec[2 * m + p]
                            if v < INF:
                                j = 2 * (m + dm) + p + pair
                                if v + cost < tgt[j]:
                                    tgt[j] = v + cost
    return out


_START: State = {(0, 0): [0] + [INF] * (WIDTH - 1)}


def honor_vector(
    counts: list[int] | tuple[int, ...], caps: tuple[int, ...] | None = None, cap: int = CAP
) -> tuple[int, ...]:
    """The need vector of the honours (pungs and pairs; no chows).

    Within the cap of four, a kind holds a pung or a pair, never both; the loose model
    (``cap`` above four) also lets one kind hold both.
    """
    vec = [0] + [INF] * (WIDTH - 1)
    for i, c in enumerate(counts):
        kcap = cap if caps is None else caps[i]
        nxt = list(vec)
        for m in range(MAXM + 1):
            for p in (0, 1):
                v = vec[2 * m + p]
                if v >= INF:
                    continue
                if m < MAXM and kcap >= 3:
                    j = 2 * (m + 1) + p
                    x = v + (3 - c if c < 3 else 0)
                    if x < nxt[j]:
                        nxt[j] = x
                    if p == 0 and kcap >= 5:
                        x = v + (5 - c if c < 5 else 0)
                        if x < nxt[j + 1]:
                            nxt[j + 1] = x
                if p == 0 and kcap >= 2:
                    j = 2 * m + 1
                    x = v + (2 - c if c < 2 else 0)
                    if x < nxt[j]:
                        nxt[j] = x
        vec = nxt
    return tuple(vec)


class NeedTables:
    """Need-vector caches for one model: ``cap=4`` is exact (no fifth copy of a tile is
    ever counted on); a higher cap is the loose model of the common shanten formula,
    which PyMahjongGB uses, where a wait on a fifth copy still counts."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.suit_ids: dict[int, int] = {}
        self.honor_ids: dict[int, int] = {}
        self._left: dict[int, State] = {}
        self._right: dict[tuple[int, int, int], tuple[int, ...]] = {}
        self._left_ids: dict[int, tuple[tuple[int, int, int], ...]] = {}
        self._right_ids: dict[tuple[int, int, int], int] = {}

    def _left_states(self, key5: int) -> State:
        st = self._left.get(key5)
        if st is None:
            st = _START
            for pos, c in enumerate(digits(key5, 5)):
                st = _step(st, c, pos, self.cap)
            self._left[key5] = st
        return st

    def _right_vec(self, key4: int, a: int, b: int) -> tuple[int, ...]:
        k = (key4, a, b)
        r = self._right.get(k)
        if r is None:
            st: State = {(a, b): [0] + [INF] * (WIDTH - 1)}
            for i, c in enumerate(digits(key4, 4)):
                st = _step(st, c, 5 + i, self.cap)
            r = tuple(st.get((0, 0), [INF] * WIDTH))
            self._right[k] = r
        return r

    def _left_id_states(self, key5: int) -> tuple[tuple[int, int, int], ...]:
        """The left half's states as (a, b, interned vector id), cached."""
        found = self._left_ids.get(key5)
        if found is None:
            found = self._left_ids[key5] = tuple(
                (a, b, intern(tuple(v))) for (a, b), v in self._left_states(key5).items()
            )
        return found

    def warm(self) -> None:
        """Work out both halves of every suit key now (about two seconds), so that a
        suit key seen for the first time later costs a few look-ups: for a server,
        whose players should not wait while its tables fill."""
        starts: set[tuple[int, int]] = set()
        for key5 in range(3125):
            starts.update((a, b) for a, b, _ in self._left_id_states(key5))
        for key4 in range(625):
            for a, b in starts:
                k = (key4, a, b)
                if k not in self._right_ids:
                    self._right_ids[k] = intern(self._right_vec(key4, a, b))

    def _suit_vid(self, key: int) -> int:
        """The interned id of a suit key's need vector, from its halves: each left
        state's vector joined with the right half's from that state, and the best of
        them; every join and every best-of-two is an interned pair, cached, so that a
        key not seen before costs a few look-ups once its halves have been seen."""
        lo, hi = key % 3125, key // 3125
        right = self._right_ids
        best = -1
        for a, b, lid in self._left_id_states(lo):
            k = (hi, a, b)
            rid = right.get(k)
            if rid is None:
                rid = right[k] = intern(self._right_vec(hi, a, b))
            cid = combine_ids(lid, rid)
            best = cid if best < 0 else min_ids(best, cid)
        return best if best >= 0 else intern((INF,) * WIDTH)

    def suit_vector(self, key: int) -> tuple[int, ...]:
        """The need vector of one suit's key."""
        return VEC[self._suit_vid(key)]

    def suit_id(self, key: int) -> int:
        """The interned need-vector id of a suit key (cached)."""
        r = self.suit_ids.get(key)
        if r is None:
            r = self.suit_ids[key] = self._suit_vid(key)
        return r

    def honor_id(self, key: int) -> int:
        """The interned need-vector id of an honours key (cached)."""
        r = self.honor_ids.get(key)
        if r is None:
            counts = sorted(digits(key, 7), reverse=True)
            r = self.honor_ids[key] = intern(honor_vector(counts, cap=self.cap))
        return r

    def hand_id(self, key: int) -> int:
        """The interned need-vector id of a whole packed key."""
        suit_ids = self.suit_ids
        km = key & SUIT_MASK
        kp = (key >> SUIT_BITS) & SUIT_MASK
        ks = (key >> (2 * SUIT_BITS)) & SUIT_MASK
        kh = key >> HONOR_SHIFT
        a = suit_ids.get(km)
        if a is None:
            a = self.suit_id(km)
        b = suit_ids.get(kp)
        if b is None:
            b = self.suit_id(kp)
        c = suit_ids.get(ks)
        if c is None:
            c = self.suit_id(ks)
        d = self.honor_ids.get(kh)
        if d is None:
            d = self.honor_id(kh)
        ab = _COMBINED.get((a << 24) | b)
        if ab is None:
            ab = combine_ids(a, b)
        cd = _COMBINED.get((c << 24) | d)
        if cd is None:
            cd = combine_ids(c, d)
        r = _COMBINED.get((ab << 24) | cd)
        if r is None:
            r = combine_ids(ab, cd)
        return r

    def need(self, key: int, sets: int) -> int:
        """Fewest tiles missing to make ``sets`` sets and a pair from a packed key."""
        return VEC[self.hand_id(key)][2 * sets + 1]


EXACT = NeedTables(CAP)
LOOSE = NeedTables(3 * MAXM + 2)


def suit_vector_capped(counts: Sequence[int], caps: Sequence[int]) -> tuple[int, ...]:
    """The need vector of one suit with a per-rank cap (for tiles already in melds),
    cached by counts and caps (hands with melds share few cap patterns)."""
    return _suit_vector_capped(tuple(counts), tuple(caps))


@lru_cache(maxsize=1 << 16)
def _suit_vector_capped(counts: tuple[int, ...], caps: tuple[int, ...]) -> tuple[int, ...]:
    st = _START
    for pos in range(9):
        st = _step(st, counts[pos], pos, caps[pos])
    return tuple(st.get((0, 0), [INF] * WIDTH))


# ---------------------------------------------------------------------------------------
# Completeness without wilds: per group, can its tiles be split exactly into sets and at
# most one pair? 0 = no, 1 = yes without a pair, 2 = yes with a pair.

_SUIT_SPLIT: dict[int, int] = {}
_HONOR_SPLIT: dict[int, int] = {}


def _split_code(vec: tuple[int, ...], n: int) -> int:
    r = n % 3
    if r == 1:
        return 0
    if r == 0:
        return 1 if vec[2 * (n // 3)] == 0 else 0
    return 2 if vec[2 * (n // 3) + 1] == 0 else 0


def suit_split(key: int) -> int:
    r = _SUIT_SPLIT.get(key)
    if r is None:
        n = sum(digits(key, 9))
        r = 0 if n > 3 * MAXM + 2 else _split_code(VEC[EXACT.suit_id(key)], n)
        _SUIT_SPLIT[key] = r
    return r


def honor_split(key: int) -> int:
    r = _HONOR_SPLIT.get(key)
    if r is None:
        ds = digits(key, 7)
        if any(d == 1 or d == 4 for d in ds):
            r = 0
        else:
            pairs = sum(1 for d in ds if d == 2)
            r = 0 if pairs > 1 else (2 if pairs else 1)
        _HONOR_SPLIT[key] = r
    return r


def is_regular_split(key: int) -> bool:
    """True if a packed key splits exactly into sets and one pair."""
    a = _SUIT_SPLIT.get(key & SUIT_MASK)
    if a is None:
        a = suit_split(key & SUIT_MASK)
    if not a:
        return False
    b = _SUIT_SPLIT.get((key >> SUIT_BITS) & SUIT_MASK)
    if b is None:
        b = suit_split((key >> SUIT_BITS) & SUIT_MASK)
    if not b:
        return False
    c = _SUIT_SPLIT.get((key >> (2 * SUIT_BITS)) & SUIT_MASK)
    if c is None:
        c = suit_split((key >> (2 * SUIT_BITS)) & SUIT_MASK)
    if not c:
        return False
    d = _HONOR_SPLIT.get(key >> HONOR_SHIFT)
    if d is None:
        d = honor_split(key >> HONOR_SHIFT)
    return d != 0 and a + b + c + d == 5

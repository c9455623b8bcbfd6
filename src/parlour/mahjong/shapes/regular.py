"""The regular shape's search: every split of a hand's concealed tiles, wilds included,
into sets and a pair.

Without wilds, each group's (a suit's or the honours') exact splits are enumerated once
and cached by its counts, and a hand's splits are their product with exactly one pair
(:func:`_plain_splits`). With wilds, :func:`_regular` takes the lowest natural tile and
tries every group that can hold it, filling gaps with wilds as the hand's
:class:`~parlour.mahjong.shapes.wilds.WildRules` allow, then places the remaining wilds as
all-wild groups. The constrained shanten adds drawn tiles and set-aside tiles to the same
recursion. The search with wilds has a compiled twin (``parlour.mahjong._wilds``, see
:mod:`parlour.mahjong.kernel`) that yields the same splits in the same order; for
decompositions it also makes each reading's sets, each reading once
(:func:`_regular_readings`).

>>> from parlour.mahjong.shapes.hand import prepare
>>> hand = prepare("111222333m 55p E", wilds=2)
>>> for groups, pair, used in _regular(list(hand.counts), 4, True, hand.wild_tiles, hand):
...     print(_make(hand, "regular", groups, pair, used))
{111m} {222m} {333m} {EEE} 55p (J*=E, J*=E)
{111m} {222m} {333m} {555p} EE (J*=5p, J*=E)
{123m} {123m} {123m} {EEE} 55p (J*=E, J*=E)
{123m} {123m} {123m} {555p} EE (J*=5p, J*=E)
"""

from __future__ import annotations

import contextlib
import dataclasses
import itertools
from collections.abc import Iterator, Sequence

from parlour.mahjong import kernel as _kernel
from parlour.mahjong.melds import CHOW, PUNG, Meld
from parlour.mahjong.shapes.hand import Decomposition, PreparedHand
from parlour.mahjong.shapes.wilds import WildRules, _assign_wilds, _undrawable, copy_caps
from parlour.mahjong.tiles import NUM_KINDS, Tile

_WILDS = _kernel.wild_search
"""The compiled twin of the search with wilds (None on the pure path)."""
if _WILDS is not None:
    # it makes the readings of decompositions itself, as Decomposition(...) makes them
    _WILDS.set_reading_type(Decomposition)

Group = tuple[str, Tile, tuple[Tile, ...]]
"""A concealed set being built: (kind, first tile, kinds that wilds stand for)."""

Pair = tuple[Tile, tuple[Tile, ...]]
"""The pair being built: (kind, kinds that wilds stand for)."""


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


def _reading_key(d: Decomposition) -> tuple[object, ...]:
    """What makes two readings the same: the shape, the sets (in any order), the pairs,
    the singles and the wilds."""
    return (
        d.shape,
        tuple(sorted(_meld_key(m) for m in d.melds)),
        d.pair,
        d.pairs,
        d.singles,
        tuple(sorted(d.wilds)),
    )


def _meld_key(m: Meld) -> tuple[object, ...]:
    claimed = -1 if m.claimed_from is None else m.claimed_from  # None sorts with the ints
    return (m.kind, m.tiles, m.exposed, tuple(sorted(m.wilds)), claimed)


def _regular_readings(hand: PreparedHand) -> Iterator[Decomposition]:
    """Every regular reading of a complete hand, each once, in the search's order.

    >>> from parlour.mahjong.shapes.hand import prepare
    >>> [str(d) for d in _regular_readings(prepare("123m 456p 789s EEE C", wilds=1))]
    ['{123m} {456p} {789s} {EEE} CC (J*=C)']
    """
    native = _WILDS
    wild_pool = hand.wild_tiles
    counts = hand.counts
    if native is not None and wild_pool and len(wild_pool) <= native.MAX_WILDS:
        # the compiled search gives each reading once, made
        caps = copy_caps(hand.rules)
        limit = [c - m - n for c, m, n in zip(caps, hand.meld_counts, counts, strict=True)]
        yield from native.regular_search(
            counts,
            hand.sets_needed,
            True,
            wild_pool,
            (),
            limit,
            _rules_code(hand.rules),
            0,
            0,
            False,
            _MELDS,
            _concealed_meld,
            hand.melds,
        )
        return
    seen: set[tuple[object, ...]] = set()
    for groups, pair, used in _regular(list(counts), hand.sets_needed, True, wild_pool, hand):
        d = _make(hand, "regular", groups, pair, used)
        key = _reading_key(d)
        if key not in seen:
            seen.add(key)
            yield d


_MELDS: dict[int, Meld] = {}
"""The concealed sets the compiled search has made, by code (:func:`_concealed_meld`)."""


def _concealed_meld(code: int) -> Meld:
    """The concealed set of a code of the compiled search: its kind (0 chow, 1 pung) and
    first tile, then three 12-bit fields, each 0 or ``1 + physical + 64 * stands for``
    for one wild.

    >>> str(_concealed_meld(((1 * 64 + 13) * 4096 + 1 + 42 + 64 * 13) * 4096 * 4096))
    '{55pJ*}'
    >>> _concealed_meld(((1 * 64 + 13) * 4096 + 1 + 42 + 64 * 13) * 4096 * 4096).wilds
    ((42, 13),)
    """
    fields = [(code >> shift) & 4095 for shift in (24, 12, 0)]
    kind = CHOW if code >> 42 == 0 else PUNG
    first = (code >> 36) & 63
    tiles = (first, first + 1, first + 2) if kind == CHOW else (first,) * 3
    wilds = tuple(sorted(((c - 1) % 64, (c - 1) // 64) for c in fields if c))
    # The search made a valid concealed set: it is built as Meld(kind, tiles,
    # exposed=False, wilds=wilds) would build it, without the checks, which cost eight
    # times more (a hand with Golds meets sets not made before at every turn).
    values = {
        "kind": kind,
        "tiles": tiles,
        "exposed": False,
        "claimed_from": None,
        "wilds": wilds,
        "added": False,
    }
    meld = _new(Meld)
    for name in _MELD_FIELDS:
        _set(meld, name, values[name])
    return meld


_MELD_FIELDS = tuple(f.name for f in dataclasses.fields(Meld))
_new = object.__new__
_set = object.__setattr__


_RULE_CODES: dict[WildRules, tuple[int, ...]] = {}


def _rules_code(rules: WildRules) -> tuple[int, ...]:
    """The wild rules as the compiled search takes them (cached per rules): in_chow,
    in_pung, in_pair, max_in_set, max_in_pair, all_wild_sets, face_value, the face a
    wild may not stand for, the kind no draw gives (-1 for none), extra_in_one_group."""
    code = _RULE_CODES.get(rules)
    if code is None:
        banned = rules.wild_tile if not rules.face_value else None
        undrawable = _undrawable(rules)
        code = _RULE_CODES[rules] = (
            int(rules.in_chow),
            int(rules.in_pung),
            int(rules.in_pair),
            rules.max_in_set,
            rules.max_in_pair,
            int(rules.all_wild_sets),
            int(rules.face_value),
            -1 if banned is None else banned,
            -1 if undrawable is None else undrawable,
            rules.extra_in_one_group,
        )
    return code


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
    native = _WILDS
    if native is not None and len(wild_pool) <= native.MAX_WILDS and sets <= native.MAX_SETS:
        yield from native.regular_search(
            counts,
            sets,
            want_pair,
            wild_pool,
            pre_stands,
            limit,
            _rules_code(rules),
            free,
            drops,
            first_only,
        )
        return
    face_banned = rules.wild_tile if not rules.face_value else None
    face_budget = sum(1 for p in wild_pool if p != face_banned) - sum(
        1 for t in pre_stands if t == face_banned
    )
    rep = [0] * NUM_KINDS
    dropped = [0] * NUM_KINDS
    groups: list[Group] = []
    results: list[tuple[list[Group], Tile | None, list[tuple[Tile, Tile]]]] = []

    undrawable = _undrawable(rules)

    # The search shares ``counts``, ``rep``, ``dropped`` and ``groups`` (changed before a
    # recursive call, restored after) and passes down what one branch holds: ``pair``, the
    # pair placed so far (still wanted while None, if ``want_pair``); ``on_face``, the wilds
    # standing for the banned face so far; ``extra``, the one group's allowance while no
    # group has used it.

    def can_rep(t: Tile, n_wild: int, n_free: int, on_face: int) -> bool:
        if rep[t] + n_wild + n_free > limit[t] + dropped[t]:
            return False
        if n_free and t == undrawable:
            return False  # a drawn tile of the wild kind is a wild, not a natural
        # a wild of the banned face needs another wild (a joker) to stand for that kind
        return not (n_wild and t == face_banned and on_face + n_wild > face_budget)

    def wild_ok(kind: str, n: int, extra: int) -> tuple[bool, int]:
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
        if n <= cap + extra:
            # one group only may go over: it takes the whole allowance
            return True, extra
        return False, 0

    def emit(pair: Pair | None) -> None:
        if any(rep[t] > limit[t] + dropped[t] for t in range(NUM_KINDS)):
            return  # more copies than allowed (only when naturals alone exceed the cap)
        stands_all = [t for g in groups for t in g[2]]
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

    def rec(w: int, f: int, dr: int, s: int, pair: Pair | None, on_face: int, extra: int) -> None:
        need_pair = want_pair and pair is None
        k = 0
        while k < NUM_KINDS and counts[k] == 0:
            k += 1
        if k == NUM_KINDS:
            if dr == 0:
                all_wild(w, f, s, 0, pair, on_face, extra)
            return
        c = counts[k]
        if dr:
            counts[k] -= 1
            dropped[k] += 1
            rec(w, f, dr - 1, s, pair, on_face, extra)
            dropped[k] -= 1
            counts[k] += 1
        if need_pair:
            for nat in (2, 1):
                if nat > c:
                    continue
                for nw, nf in splits(2 - nat, w, f):
                    ok, used = wild_ok("pair", nw, extra)
                    if not ok or not can_rep(k, nw, nf, on_face):
                        continue
                    counts[k] -= nat
                    rep[k] += nw + nf
                    face = nw if k == face_banned else 0
                    rec(w - nw, f - nf, dr, s, (k, (k,) * nw), on_face + face, extra - used)
                    rep[k] -= nw + nf
                    counts[k] += nat
        if s == 0:
            return
        for nat in (3, 2, 1):
            if nat > c:
                continue
            for nw, nf in splits(3 - nat, w, f):
                ok, used = wild_ok(PUNG, nw, extra)
                if not ok or not can_rep(k, nw, nf, on_face):
                    continue
                counts[k] -= nat
                rep[k] += nw + nf
                face = nw if k == face_banned else 0
                groups.append((PUNG, k, (k,) * nw))
                rec(w - nw, f - nf, dr, s - 1, pair, on_face + face, extra - used)
                groups.pop()
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
                ok, used = wild_ok(CHOW, len(wl), extra)
                if not ok:
                    continue
                if any(not can_rep(t, t in wl, t in fr, on_face) for t in wl + fr):
                    continue
                counts[k] -= 1
                for t in nats:
                    counts[t] -= 1
                for t in wl + fr:
                    rep[t] += 1
                face = wl.count(face_banned) if face_banned is not None else 0
                groups.append((CHOW, first, tuple(wl)))
                rec(w - len(wl), f - len(fr), dr, s - 1, pair, on_face + face, extra - used)
                groups.pop()
                for t in wl + fr:
                    rep[t] -= 1
                for t in nats:
                    counts[t] += 1
                counts[k] += 1

    def all_wild(
        w: int, f: int, s: int, start: int, pair: Pair | None, on_face: int, extra: int
    ) -> None:
        need_pair = want_pair and pair is None
        if w + f != 3 * s + (2 if need_pair else 0):
            return
        if s == 0 and not need_pair:
            emit(pair)
            return
        if s == 0:
            for nw, nf in splits(2, w, f):
                ok, used = wild_ok("pair", nw, extra)
                if not ok:
                    continue
                for t in range(NUM_KINDS):
                    if can_rep(t, nw, nf, on_face):
                        rep[t] += 2
                        face = nw if t == face_banned else 0
                        all_wild(w - nw, f - nf, 0, 0, (t, (t,) * nw), on_face + face, extra - used)
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
                ok, used = wild_ok(kind, nw, extra)
                if not ok:
                    continue
                if kind == PUNG:
                    if not can_rep(first, nw, nf, on_face):
                        continue
                    placements = [tiles[:nw]]
                else:
                    # which of the chow's tiles the wilds stand for (the rest are free)
                    placements = [
                        wl
                        for wl in itertools.combinations(tiles, nw)
                        if all(can_rep(t, t in wl, t not in wl, on_face) for t in tiles)
                    ]
                for wl in placements:
                    for t in tiles:
                        rep[t] += 1
                    face = wl.count(face_banned) if face_banned is not None else 0
                    groups.append((kind, first, tuple(wl)))
                    all_wild(w - nw, f - nf, s - 1, code, pair, on_face + face, extra - used)
                    groups.pop()
                    for t in tiles:
                        rep[t] -= 1

    with contextlib.suppress(_Found):
        rec(w_total, free, drops, sets, None, 0, rules.extra_in_one_group)
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

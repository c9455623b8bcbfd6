"""Shanten under wild rules that restrict where a wild may stand (the slow path).

The tables count a wild as any missing tile; when the rules say otherwise (no wild in a
pair, at most one in a set, not at its face value, ...) the fewest draws are found by
search: :func:`_constrained_need` tries ever more draws through the regular search with
drawn tiles and tiles set aside, the tables' figure for free wilds its lower bound, and the
special shapes are counted kind by kind. Slow next to the tables: for analysis.

>>> from parlour.mahjong.shapes.hand import prepare
>>> from parlour.mahjong.shapes.wilds import WildRules
>>> strict = WildRules(in_pair=False, max_in_set=1)  # no wild in the pair, one in a set
>>> hand = prepare("123m 456p 789s E C", wilds=2, constraints=strict)
>>> _constrained_shanten(hand, ("regular",))  # free wilds would make it ready: E* C*
1
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence

from parlour.mahjong import _tables as T
from parlour.mahjong.shapes.hand import PreparedHand, _beyond_tables, knitted_tiles
from parlour.mahjong.shapes.regular import _regular
from parlour.mahjong.shapes.shanten import (
    _capped_regular_need,
    _key_of_counts,
    _knitted_straight_need,
)
from parlour.mahjong.shapes.wilds import _undrawable
from parlour.mahjong.tiles import HONORS, NUM_KINDS, TERMINALS_AND_HONORS, Tile


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
    if kind != "thirteen_orphans":
        # (one of a kind each: never more than the copy cap, two at least)
        blocked = None  # a kind no draw gives and no wild may play
        if undrawable is not None and not rules.face_value and fill_cap[undrawable] < 1:
            blocked = undrawable
        return _honors_knitted_need(c, n_wilds, fill_cap, blocked)
    targets: Iterable[Sequence[Tile]] = ((*TERMINALS_AND_HONORS, d) for d in TERMINALS_AND_HONORS)
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


_HONORS_KNITTED_KINDS = tuple(
    tuple(sorted(set(knitted_tiles(pattern)) | set(HONORS))) for pattern in range(6)
)


def _honors_knitted_need(
    c: Sequence[int], n_wilds: int, fill_cap: Sequence[int], blocked: Tile | None
) -> int:
    """Fewest draws for honours-and-knitted: fourteen of the sixteen kinds of a knitted
    pattern and the honours, one of each. A kind the hand lacks is played by a wild that
    may play it, or drawn; ``blocked`` (a kind no draw gives and no wild may play) must
    be held or be one of the two left out (99 if no choice works).

    >>> counts = [0] * 34
    >>> for t in (0, 3, 6, 10, 13, 16, 20, 23, 27, 28, 29, 30, 31):
    ...     counts[t] = 1
    >>> _honors_knitted_need(counts, 0, [0] * 34, None)  # 13 of the 14: one draw
    1
    >>> _honors_knitted_need(counts, 1, [1] * 34, None)  # or a wild
    0
    """
    best = 99
    for kinds in _HONORS_KNITTED_KINDS:
        absent = [t for t in kinds if not c[t]]
        fillable = sum(1 for t in absent if fill_cap[t] > 0)
        must = blocked is not None and blocked in absent
        # the two kinds left out
        for a, b in itertools.combinations(kinds, 2):
            if must and blocked != a and blocked != b:
                continue
            missing, fills = len(absent), fillable
            for t in (a, b):
                if not c[t]:
                    missing -= 1
                    fills -= fill_cap[t] > 0
            d = missing - min(n_wilds, fills)
            if d < best:
                best = d
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

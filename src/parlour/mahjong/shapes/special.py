"""The special shapes' readings: seven pairs, thirteen orphans, knitted straight and
honours-and-knitted, with wilds as the hand's rules allow; and a ruleset's own shapes
(:class:`SpecialShape`, :class:`AnyShapeWithWilds`).

Their figures on packed keys (no wilds, or unrestricted ones) are in
:mod:`~parlour.mahjong.shapes.shanten`; their shanten under rules that restrict wilds in
:mod:`~parlour.mahjong.shapes.constrained`.

>>> from parlour.mahjong.shapes.hand import prepare
>>> [str(d) for d in _seven_pairs(prepare("1122m 3344p 5566s E", wilds=1))]
['11m 22m 33p 44p 55s 66s EE (J*=E)']
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol

from parlour.mahjong.shapes.hand import Decomposition, PreparedHand, knitted_tiles
from parlour.mahjong.shapes.regular import _make, _regular
from parlour.mahjong.shapes.wilds import WildRules, _assign_wilds
from parlour.mahjong.tiles import HONORS, NUM_KINDS, TERMINALS_AND_HONORS, Tile


class SpecialShape(Protocol):
    """A ruleset-specific winning shape (for example any hand holding three golds).

    ``decompositions`` gets the prepared hand and yields the readings it accepts.
    """

    name: str

    def decompositions(self, hand: PreparedHand) -> Iterable[Decomposition]: ...


@dataclass(frozen=True, slots=True)
class AnyShapeWithWilds:
    """Wins whatever the other tiles are when the hand holds ``count`` wilds.

    >>> from parlour.mahjong.shapes import is_complete
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
# Readings of the engine's special shapes


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

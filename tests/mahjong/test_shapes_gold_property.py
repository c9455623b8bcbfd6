"""Property tests of the shape engine on 17-tile hands under the gold rules.

The gold games (Fuzhou, Xiamen, Quanzhou) play five sets and a pair from 17 tiles with
up to three Golds: wild tiles that may stand anywhere in the concealed hand, while the
White Dragons take the Gold's kind (a substitute, not a wild). The rules are
:func:`parlour.mahjong.rules.gold.wild_rules`. The engine is read in two ways:

* ``wild_tile`` mode: every concealed copy of the Gold's kind is wild
  (``WildRules(wild_tile=gold, ...)``);
* marked mode, as the games call it: the Golds are marked ``*`` in the notation and an
  unmarked tile of the Gold's kind (the indicator) stays ordinary.

Hands are complete five-sets-and-a-pair hands (some sets fixed: exposed pungs, chows and
kongs, concealed kongs, a claimed chow holding a White), with 0-3 tiles made Golds, a
White put for some tiles of the Gold's kind, sometimes a tile swapped; and random
17-tile hands with 0-3 Golds, nearly never complete. Every reading the engine gives
(sets, pair, what each Gold stands for and where) must be one of the brute-force
reference's and the reverse, and ``is_complete`` must agree.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace

import pytest
from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from parlour.mahjong.melds import Meld, chow, kong, pung
from parlour.mahjong.rules.gold import wild_rules
from parlour.mahjong.shapes import WildRules, copy_caps, decompositions, is_complete
from parlour.mahjong.tiles import WHITE, format_tiles, tile_name
from shape_reference import (
    NUM_KINDS,
    RefHand,
    canonical,
    chow_ok,
    ref_decompositions,
    ref_hand,
)

# ``PARLOUR_SLOW=1`` (the suite's slow mode, see conftest) runs ten times the examples.
SCALE = 1 if os.environ.get("PARLOUR_SLOW", "").strip().lower() in ("", "0", "false", "no") else 10
GOLD = settings(
    max_examples=60 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

CHOW_FIRSTS = [t for t in range(27) if chow_ok(t)]


@dataclass
class GoldDeal:
    """Concealed physical tiles (Golds as the Gold's kind), fixed melds, the Gold's kind
    and how many of the concealed tiles of that kind are marked Golds (marked mode)."""

    tiles: list[int]
    melds: list[Meld]
    gold: int
    golds: int

    def rules(self, marked: bool) -> WildRules:
        base = wild_rules(self.gold)
        return base if marked else replace(base, wild_tile=self.gold)

    @property
    def subs(self) -> dict[int, int]:
        return dict(wild_rules(self.gold).substitutes)

    def physical(self) -> list[int]:
        c = [0] * NUM_KINDS
        for t in self.tiles:
            c[t] += 1
        for m in self.melds:
            for t in m.physical_tiles():
                c[t] += 1
        return c

    def valid(self, marked: bool) -> bool:
        """No fifth physical copy, and no more natural copies counting the Whites as the
        Gold's kind, nor copies in the melds, than the kind has tiles (four, and for the
        Gold's kind the four Whites too): the engine refuses such hands."""
        if max(self.physical()) > 4 or len(self.tiles) + 3 * len(self.melds) != 17:
            return False
        natural = [0] * NUM_KINDS
        wild = self.golds if marked else self.tiles.count(self.gold)
        skip = wild
        for t in self.tiles:
            if t == self.gold and skip:
                skip -= 1
                continue
            natural[self.subs.get(t, t)] += 1
        in_melds = [sum(m.tiles.count(t) for m in self.melds) for t in range(NUM_KINDS)]
        caps = copy_caps(self.rules(marked))  # the Gold's kind: its own four and the Whites
        return (
            all(natural[t] <= max(4, caps[t]) for t in range(NUM_KINDS))
            and all(in_melds[t] <= caps[t] for t in range(NUM_KINDS))
            and wild <= 3
        )

    def engine_input(self, marked: bool) -> list[int] | str:
        """Tile ints (wild_tile mode) or notation with the Golds marked ``*``."""
        if not marked:
            return list(self.tiles)
        plain = list(self.tiles)
        for _ in range(self.golds):
            plain.remove(self.gold)
        return " ".join([format_tiles(plain), *[tile_name(self.gold) + "*"] * self.golds])

    def reference(self, marked: bool) -> RefHand:
        meld_tiles = [m.tiles for m in self.melds]
        if not marked:
            return ref_hand(
                self.tiles,
                meld_tiles,
                wild_tile=self.gold,
                substitutes=tuple(self.subs.items()),
            )
        plain = list(self.tiles)
        for _ in range(self.golds):
            plain.remove(self.gold)
        hand = ref_hand(plain, meld_tiles, substitutes=tuple(self.subs.items()))
        return RefHand(
            hand.counts,
            (self.gold,) * self.golds,
            hand.meld_tiles,
            hand.melds,
            hand.size + self.golds,
        )


@st.composite
def a_set(draw: st.DrawFn) -> tuple[str, int]:
    if draw(st.booleans()):
        return ("chow", draw(st.sampled_from(CHOW_FIRSTS)))
    return ("pung", draw(st.integers(0, 33)))


def set_tiles(g: tuple[str, int]) -> list[int]:
    kind, first = g
    return [first, first + 1, first + 2] if kind == "chow" else [first] * 3


@st.composite
def fixed_meld(draw: st.DrawFn, g: tuple[str, int], gold: int) -> Meld:
    """A fixed meld for the set: claimed chow (maybe holding a White as the Gold's kind),
    exposed pung or kong, concealed kong. Fixed melds never hold a Gold."""
    kind, first = g
    if kind == "chow":
        if gold != WHITE and gold in set_tiles(g) and draw(st.booleans()):
            return chow(first, claimed_from=3, wilds=((WHITE, gold),))
        return chow(first, claimed_from=3)
    return draw(
        st.sampled_from(
            [
                pung(first, claimed_from=draw(st.integers(1, 3))),
                kong(first, claimed_from=draw(st.integers(1, 3))),
                kong(first, exposed=False),
            ]
        )
    )


@st.composite
def complete_gold_deal(draw: st.DrawFn, swaps: int = 1) -> GoldDeal:
    """Five sets and a pair, some sets fixed, 0-3 concealed tiles made Golds, Whites for
    some tiles of the Gold's kind, then up to ``swaps`` tiles replaced."""
    gold = draw(st.integers(0, 33))
    sets = [draw(a_set()) for _ in range(5)]
    pair = draw(st.integers(0, 33))
    n_fixed = draw(st.integers(0, 5)) if draw(st.booleans()) else 0
    melds = [draw(fixed_meld(g, gold)) for g in sets[:n_fixed]]
    represented = [pair, pair] + [t for g in sets[n_fixed:] for t in set_tiles(g)]
    every = represented + [t for m in melds for t in m.tiles]
    caps = copy_caps(wild_rules(gold))
    assume(all(every.count(t) <= caps[t] for t in set(every)))
    n_golds = draw(st.integers(0, min(3, len(represented))))
    gold_at = set(draw(st.permutations(range(len(represented))))[:n_golds])
    tiles: list[int] = []
    golds = 0
    for i, t in enumerate(represented):
        if i in gold_at:
            tiles.append(gold)
            golds += 1
        elif t == gold and gold != WHITE and draw(st.booleans()):
            tiles.append(WHITE)  # the White takes the Gold's kind
        else:
            tiles.append(t)
    for _ in range(draw(st.integers(0, swaps))):
        i = draw(st.integers(0, len(tiles) - 1))
        if tiles[i] == gold and golds and tiles.count(gold) <= golds:
            golds -= 1
        tiles[i] = draw(st.integers(0, 33))
    golds = min(golds, tiles.count(gold))
    return GoldDeal(sorted(tiles), melds, gold, golds)


@st.composite
def random_gold_deal(draw: st.DrawFn) -> GoldDeal:
    """Random tiles (nearly never complete) with 0-3 Golds and 0-2 fixed melds."""
    gold = draw(st.integers(0, 33))
    melds = [draw(fixed_meld(draw(a_set()), gold)) for _ in range(draw(st.integers(0, 2)))]
    golds = draw(st.integers(0, 3))
    n = 17 - 3 * len(melds) - golds
    rest = draw(st.lists(st.integers(0, 33).filter(lambda t: t != gold), min_size=n, max_size=n))
    return GoldDeal(sorted([*rest, *[gold] * golds]), melds, gold, golds)


def check(deal: GoldDeal, marked: bool) -> set[object]:
    """The engine's readings are the reference's, with and without ``kinds``."""
    assert deal.valid(marked)
    rules = deal.rules(marked)
    tiles = deal.engine_input(marked)
    ref = ref_decompositions(deal.reference(marked), rules)
    for kinds in (("regular",), None):
        got = [
            canonical(d, len(deal.melds))
            for d in decompositions(tiles, deal.melds, constraints=rules, kinds=kinds)
        ]
        assert len(got) == len(set(got)), "a reading reported twice"
        assert set(got) == ref
        assert is_complete(tiles, deal.melds, constraints=rules, kinds=kinds) == bool(ref)
    return ref


# A pung and a chow sharing the Gold's kind (5p), a White and the indicator in them: the
# one marked Gold stands for its own kind in the pung or in the chow, or for 1s in a
# pung of 1s (three readings). With every 5p wild it is three Golds and many readings.
SHARED = GoldDeal(
    sorted([0, 1, 2, 12, 13, 14, 24, 25, 26, 27, 27, 27, 18, 18, 13, 33, 13]), [], 13, 1
)


# The indicator drawn back (an ordinary 5p) beside four Whites (5p): five of one kind, a
# pung and a pair; with every 5p wild the indicator is a wild instead.
FIVE = GoldDeal(sorted([0, 1, 2, 3, 4, 5, 6, 7, 8, 18, 19, 20, 13, 33, 33, 33, 33]), [], 13, 0)
# ... and a Gold standing for a sixth 5p beside a kong of Whites.
SIX = GoldDeal(
    sorted([0, 1, 2, 3, 4, 5, 6, 7, 8, 13, 13, 17, 17, 17]),
    [kong(13, exposed=False, wilds=((WHITE, 13),) * 4)],  # four Whites, recorded
    13,
    1,
)


@pytest.mark.slow
@GOLD
@example(SHARED)
@example(FIVE)
@example(SIX)
@given(complete_gold_deal())
def test_gold_readings_match_the_reference_with_every_gold_kind_wild(deal: GoldDeal) -> None:
    assume(deal.valid(marked=False))
    check(deal, marked=False)


@pytest.mark.slow
@GOLD
@example(SHARED)
@example(FIVE)
@example(SIX)
@given(complete_gold_deal())
def test_gold_readings_match_the_reference_with_marked_golds(deal: GoldDeal) -> None:
    assume(deal.valid(marked=True))
    check(deal, marked=True)


@pytest.mark.slow
@GOLD
@given(random_gold_deal(), st.booleans())
def test_random_gold_hands_match_the_reference(deal: GoldDeal, marked: bool) -> None:
    assume(deal.valid(marked))
    check(deal, marked)


@settings(max_examples=20 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(complete_gold_deal(swaps=0), st.booleans())
def test_unswapped_gold_hands_are_complete(deal: GoldDeal, marked: bool) -> None:
    """Without a swap the hand is complete unless a White had to stand for itself."""
    assume(deal.gold == WHITE or WHITE not in deal.tiles)
    assume(marked or deal.tiles.count(deal.gold) == deal.golds)
    assume(deal.valid(marked))
    assert check(deal, marked)


def test_the_shared_example_has_its_three_readings() -> None:
    assert len(check(SHARED, marked=True)) == 3
    assert len(check(SHARED, marked=False)) > 3


def test_five_and_six_of_the_golds_kind_are_read() -> None:
    """The indicator and four Whites are a pung and a pair of its kind; a kong of Whites,
    the indicator and a Gold as 5p are a kong and a pair."""
    assert len(check(FIVE, marked=True)) == 1
    assert len(check(SIX, marked=True)) >= 1

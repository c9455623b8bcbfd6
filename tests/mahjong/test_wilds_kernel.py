"""The compiled wild-tile search (``parlour.mahjong._wilds``) against the pure-Python reference.

Hands are drawn from a seeded generator: 14- and 17-tile hands of sets and a pair (some
sets fixed melds), 0-4 of their tiles made wild (jokers, or copies of a wild kind with
the Whites standing for it), under wild rules drawn at random (free wilds, the gold
games' rules, and restricted rules: no wild in a chow, a pung or the pair, at most one or
two in a set, no all-wild set, no wild at its own face, one group allowed one more, fewer
copies of a kind), half of them with a tile swapped. Each is read on both paths in one
run, the compiled code set aside for the reference (the wild search and the tables):

* every decomposition (the readings and their order),
* ``is_complete``, and the shanten and the waits of the hand less a tile,
* the raw search itself, with drawn tiles, tiles set aside, reserved kinds and wilds
  standing elsewhere, as the constrained shanten and the knitted straight call it.

The quick tests check a few thousand hands; the ``slow`` one many more.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

import pytest

from parlour.core.errors import InvalidHand
from parlour.mahjong import kernel
from parlour.mahjong.melds import Meld, chow, pung
from parlour.mahjong.shapes import (
    WildRules,
    api,
    decompositions,
    is_complete,
    regular,
    shanten,
    waits,
)
from parlour.mahjong.shapes.hand import prepare
from parlour.mahjong.shapes.regular import _regular
from parlour.mahjong.tiles import JOKER, WHITE

NATIVE = kernel.wild_search

needs_search = pytest.mark.skipif(NATIVE is None, reason="the compiled wild search is not built")

T = TypeVar("T")

Case = tuple[list[int], list[Meld], WildRules]
"""Concealed tiles (wilds among them), fixed melds, the rules."""


def both_paths(monkeypatch: pytest.MonkeyPatch, run: Callable[[], T]) -> tuple[T, T]:
    """``run`` on the compiled search, then on the pure reference."""
    compiled = run()
    with monkeypatch.context() as m:
        m.setattr(regular, "_WILDS", None)
        m.setattr(kernel, "native", None)  # (the tables in C, which shanten and waits use)
        m.setattr(api, "_NATIVE", None)
        pure = run()
    return compiled, pure


def random_rules(rng: random.Random) -> WildRules:
    """Free jokers, the gold games' rules with a wild kind, or restricted rules."""
    gold = rng.randrange(34)
    subs = ((WHITE, gold),) if gold != WHITE and rng.random() < 0.7 else ()
    style = rng.randrange(4)
    if style == 0:
        return WildRules()
    if style == 1:
        return WildRules(in_kong=False, wild_tile=gold, substitutes=subs)
    return WildRules(
        in_chow=rng.random() < 0.8,
        in_pung=rng.random() < 0.8,
        in_pair=rng.random() < 0.8,
        max_in_set=rng.choice((1, 2, 3, 3)),
        max_in_pair=rng.choice((0, 1, 2, 2)),
        all_wild_sets=rng.random() < 0.5,
        face_value=rng.random() < 0.5,
        wild_tile=gold if rng.random() < 0.7 else None,
        substitutes=subs if rng.random() < 0.5 else (),
        max_copies=rng.choice((3, 4, 4, 4)),
        extra_in_one_group=rng.choice((0, 0, 0, 1, 2)),
    )


def random_cases(count: int, seed: int) -> Iterator[Case]:
    """``count`` complete-or-nearly hands of 14 or 17 tiles with 0-4 wilds (see the
    module's docstring)."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        rules = random_rules(rng)
        sets = rng.choice((4, 5))
        groups: list[list[int]] = [[rng.randrange(34)] * 2]
        for _ in range(sets):
            t = rng.randrange(34)
            if t < 27 and t % 9 <= 6 and rng.random() < 0.6:
                groups.append([t, t + 1, t + 2])
            else:
                groups.append([t] * 3)
        melds: list[Meld] = []
        if rng.random() < 0.2:
            g = groups.pop()
            melds.append(chow(g[0]) if g[0] != g[1] else pung(g[0]))
        kinds = [t for g in groups for t in g]
        wild = rules.wild_tile if rules.wild_tile is not None else JOKER
        stands = dict((s, p) for p, s in rules.substitutes)
        n_wilds = rng.choice((0, 1, 1, 2, 2, 3, 3, 4))
        at = set(rng.sample(range(len(kinds)), min(n_wilds, len(kinds))))
        tiles = []
        for i, t in enumerate(kinds):
            if i in at:
                tiles.append(wild)
            elif t == rules.wild_tile:
                tiles.append(stands.get(t, rng.choice((JOKER, t + 1 if t < 33 else 0))))
            else:
                tiles.append(t)
        if rng.random() < 0.5:
            i = rng.randrange(len(tiles))
            tiles[i] = rng.randrange(34)
        try:
            prepare(tiles, melds, constraints=rules, sizes=(14, 17))
        except InvalidHand:
            continue  # a fifth copy, or the Whites both themselves and the Gold's kind
        made += 1
        yield sorted(tiles), melds, rules


def check_readings(monkeypatch: pytest.MonkeyPatch, count: int, seed: int) -> int:
    """Decompositions, completeness and shanten on both paths; the readings checked."""
    readings = 0
    wilds_seen = set()
    for tiles, melds, rules in random_cases(count, seed):

        def run(tiles: list[int] = tiles, melds: list[Meld] = melds, rules: WildRules = rules):
            found = list(decompositions(tiles, melds, constraints=rules))
            return (
                found,
                [str(d) for d in found],
                is_complete(tiles, melds, constraints=rules),
            )

        compiled, pure = both_paths(monkeypatch, run)
        assert compiled == pure, (tiles, melds, rules)
        assert compiled[2] == bool(compiled[0])
        readings += len(compiled[0])
        wilds_seen.add(prepare(tiles, melds, constraints=rules).wilds)
    assert {0, 1, 2, 3, 4} <= wilds_seen
    return readings


def check_shanten(monkeypatch: pytest.MonkeyPatch, count: int, seed: int) -> int:
    """The shanten and the waits of the hands less one tile (13 or 16) on both paths; how
    many were under restricted rules (the constrained search)."""
    constrained = 0
    rng = random.Random(seed)
    for tiles, melds, rules in random_cases(count, seed):
        less = list(tiles)
        less.pop(rng.randrange(len(less)))
        compiled, pure = both_paths(
            monkeypatch,
            lambda less=less, melds=melds, rules=rules: (
                shanten(less, melds, constraints=rules),
                waits(less, melds, constraints=rules),
            ),
        )
        assert compiled == pure, (less, melds, rules)
        constrained += not rules.is_unrestricted()
    return constrained


def _all_splits(counts: list[int], *args: Any, **kwargs: Any) -> list[object]:
    return list(_regular(list(counts), *args, **kwargs))


def check_raw_search(monkeypatch: pytest.MonkeyPatch, count: int, seed: int) -> int:
    """The raw search with drawn tiles, tiles set aside, first-only, reserved kinds and
    wilds standing elsewhere: the same splits in the same order; the splits found."""
    rng = random.Random(seed)
    found = checked = 0
    for tiles, melds, rules in random_cases(count, seed):
        hand = prepare(tiles, melds, constraints=rules)
        counts = list(hand.counts)
        pool = list(hand.wild_tiles) + [rules.wild_tile or JOKER] * rng.choice((0, 0, 1))
        pre = [rng.randrange(34) for _ in range(rng.choice((0, 0, 0, 1)))]
        reserved = [rng.randrange(34) for _ in range(rng.choice((0, 0, 2)))]
        drops = rng.choice((0, 0, 0, 1, 2))
        for _ in range(rng.choice((0, 1, 2))):  # fewer naturals: drawn tiles fill the gaps
            present = [t for t in range(34) if counts[t]]
            counts[rng.choice(present)] -= 1
        sets = hand.sets_needed
        want_pair = rng.random() < 0.9
        target = 3 * sets + (2 if want_pair else 0)
        free = target - sum(counts) - (len(pool) - len(pre)) + drops
        if free < 0:
            drops -= free
            free = 0
        if free + drops > 3 or free + len(pool) > 5:
            continue  # (the pure search takes seconds over such a hand)
        checked += 1
        # (every split with drawn tiles runs to thousands, or hundreds of thousands: the
        # constrained shanten, which draws them, stops at the first)
        first_only = free > 0 or rng.random() < 0.3

        run = functools.partial(
            _all_splits,
            list(counts),
            sets,
            want_pair,
            pool,
            hand,
            free=free,
            drops=drops,
            first_only=first_only,
            reserved=reserved,
            pre_stands=pre,
        )
        compiled, pure = both_paths(monkeypatch, run)
        assert compiled == pure, (counts, sets, want_pair, pool, pre, reserved, free, drops)
        found += len(compiled)
    assert checked > count // 2
    return found


@needs_search
def test_decompositions_with_wilds_match_the_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    assert check_readings(monkeypatch, 1500, seed=1) > 1500


@needs_search
def test_shanten_with_wilds_matches_the_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    assert check_shanten(monkeypatch, 250, seed=2) > 80


@needs_search
def test_the_raw_search_matches_the_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    assert check_raw_search(monkeypatch, 1000, seed=3) > 1000


@needs_search
@pytest.mark.slow
def test_the_wild_search_on_many_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    assert check_readings(monkeypatch, 40_000, seed=11) > 40_000
    assert check_raw_search(monkeypatch, 15_000, seed=13) > 15_000
    assert check_shanten(monkeypatch, 3000, seed=12) > 1000


def test_a_set_code_reads_back() -> None:
    """The compiled search names a concealed set by a code; the Python side makes it."""
    code = ((1 * 64 + 13) * 4096 + 1 + JOKER + 64 * 13) * 4096 * 4096
    meld = regular._concealed_meld(code)
    assert (meld.kind, meld.tiles, meld.exposed, meld.wilds) == (
        "pung",
        (13, 13, 13),
        False,
        ((JOKER, 13),),
    )
    code = (((0 * 64 + 3) * 4096 + 1 + 5 + 64 * 4) * 4096 + 1 + 42 + 64 * 5) * 4096
    assert regular._concealed_meld(code).wilds == ((5, 4), (42, 5))


def test_a_set_made_from_its_code_is_the_meld_the_constructor_makes() -> None:
    """The sets of the compiled search are built without Meld's checks: field for field
    what Meld(kind, tiles, exposed=False, wilds=...) makes, every kind and wild seen."""
    rng = random.Random(17)
    made = 0
    for _ in range(3000):
        kind = rng.randrange(2)
        first = rng.randrange(27) if kind == 0 else rng.randrange(34)
        if kind == 0 and first % 9 > 6:
            continue
        tiles = (first, first + 1, first + 2) if kind == 0 else (first,) * 3
        n = rng.randrange(4)
        stands = sorted(rng.sample(tiles, n)) if kind == 0 else list(tiles[:n])
        wilds = [(rng.choice((JOKER, rng.randrange(34))), s) for s in stands]
        fields = sorted(1 + p + 64 * s for p, s in wilds) + [0] * (3 - len(wilds))
        code = kind * 64 + first
        for f in fields:
            code = code * 4096 + f
        got = regular._concealed_meld(code)
        want = Meld("chow" if kind == 0 else "pung", tiles, exposed=False, wilds=tuple(wilds))
        assert got == want and hash(got) == hash(want) and str(got) == str(want)
        assert [getattr(got, f) for f in got.__slots__] == [
            getattr(want, f) for f in want.__slots__
        ]
        made += 1
    assert made > 2000


@needs_search
def test_only_a_class_of_the_reading_slots_is_taken_as_the_reading_type() -> None:
    """The compiled search fills a Decomposition's slots itself: a class without them
    (or not a class) is refused, and the registered one stays."""
    assert NATIVE is not None

    class Plain:
        shape = melds = pair = pairs = singles = wilds = None

    for cls in (Plain, 42, Meld):
        with pytest.raises(TypeError):
            NATIVE.set_reading_type(cls)  # type: ignore[arg-type]
    found = list(decompositions("123m 456p 789s EEE C", wilds=1))
    assert [type(d).__name__ for d in found] == ["Decomposition"]
    assert [str(d) for d in found] == ["{123m} {456p} {789s} {EEE} CC (J*=C)"]

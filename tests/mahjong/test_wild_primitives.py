"""Two generic wild-tile primitives: a wild that stands for a fifth copy of a kind
(``WildRules.beyond_four``), and readings that differ only in where a wild stands."""

from __future__ import annotations

import pytest

from parlour.core.errors import InvalidHand, NotationError
from parlour.mahjong.scoring.readings import winning_readings
from parlour.mahjong.shapes import WildRules, decompositions, is_complete
from parlour.mahjong.tiles import parse_tiles

FIFTH = "1111m 234p 567p 789s 4s*"
"""Four 1m and a wild: complete only if the wild may be a fifth 1m (or with a 1m of
the four in the pair, the wild a fifth in the pung)."""


def test_a_wild_stands_for_a_fifth_copy_only_when_the_rules_say_so() -> None:
    assert not is_complete(FIFTH, constraints=WildRules())
    assert not list(decompositions(FIFTH, constraints=WildRules(), kinds=("regular",)))
    found = list(decompositions(FIFTH, constraints=WildRules(beyond_four=True), kinds=("regular",)))
    assert found and all(len(d.wilds) == 1 and d.wilds[0][1] == 0 for d in found)


def test_beyond_four_never_lets_a_hand_hold_five_natural_copies() -> None:
    rules = WildRules(beyond_four=True)
    assert not rules.is_unrestricted()
    with pytest.raises((InvalidHand, NotationError), match="1m"):
        list(decompositions("11111m 234p 567p 789s", constraints=rules))


def test_readings_differing_in_where_a_wild_stands_are_both_kept() -> None:
    """{1m 1m 4s*} with 11m, and {111m} with 1m 4s*, print alike but the second pairs
    the wild with the winning tile: both readings are given."""
    win = parse_tiles("1m")[0]
    rs = winning_readings(
        FIFTH, win_tile=win, self_drawn=True, constraints=WildRules(beyond_four=True)
    )
    singles = [r for r in rs if r.wait == "single"]
    in_pair = sorted(len(r.wilds) - sum(len(m.wilds) for m in r.sets) for r in singles)
    assert in_pair == [0, 1]

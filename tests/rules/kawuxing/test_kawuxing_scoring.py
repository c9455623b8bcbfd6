"""Kawuxing scoring, rule by rule (``kawuxing.md`` §6-§10, §12, C1-C9): each doubling
pattern and what it combines with or replaces, the best reading, the cap and its
options, the minimum for claimed wins (a false win otherwise), disclosure, the kong
chain's payments and the drawn hand, and bad input refused with its reason."""

from __future__ import annotations

from typing import Any

import pytest

import parlour
from parlour.core.errors import InvalidHand
from parlour.mahjong.rules.kawuxing import (
    KAWUXING,
    OPTIONS,
    PATTERNS,
    draw_payments,
    kong_payments,
)
from parlour.registry import PLAYABLE, find_system


def score(hand: str, seat: str = "banker", **kw: Any) -> Any:
    return parlour.score({"rules": "kawuxing", "hand": hand, "seat": seat, **kw})


def keys(s: Any) -> dict[str, int]:
    return {p.key: p.count for p in s.patterns}


def wall(hand: str, seat: str = "banker", **kw: Any) -> Any:
    return score(hand, seat, self_drawn=True, **kw)


# -- the rule system ---------------------------------------------------------------------


def test_kawuxing_is_a_playable_rule_system_with_the_specs_options() -> None:
    system = find_system("kawuxing")
    assert system is KAWUXING and system.status == PLAYABLE and system.scores
    assert system.playable and system.bot_names() == ("greedy", "random")
    assert system.players == (3, 4)
    defaults = {o.name: o.default for o in system.options()}
    assert defaults == {
        "players": 3,
        "removed_suit": "m",
        "max_doubles": 3,
        "double_dragon_x16": False,
        "disclosure_scope": "full",
        "four_player_rotation": True,
    }
    assert system.check_options({"removed_suit": "s"})["removed_suit"] == "s"
    with pytest.raises(ValueError, match="removed_suit"):
        system.check_options({"removed_suit": "z"})
    with pytest.raises(ValueError, match="no option 'cap'"):
        system.check_options({"cap": 3})
    assert ["players", *(o.name for o in OPTIONS)] == list(defaults)
    for case in system.option_cases:
        system.check_options(case)


def test_every_pattern_of_section_9_with_its_doubles() -> None:
    doubles = {p.key: p.value for p in PATTERNS}
    assert doubles == {
        "all_pung": 1,
        "fit_five": 1,
        "open_four_in_one": 1,
        "bloom_on_kong": 1,
        "claimed_on_kong": 1,
        "robbing_a_kong": 1,
        "disclosure": 1,
        "fishing_the_bottom": 1,
        "pure_one_suit": 2,
        "seven_pairs": 2,
        "lone_tile": 2,
        "lesser_three_elements": 2,
        "closed_four_in_one": 2,
        "greater_three_elements": 3,
        "dragon_seven_pairs": 3,
        "double_dragon_seven_pairs": 4,
    }
    assert all(p.unit == "doubles" and p.native for p in PATTERNS)


# -- patterns and the best reading ------------------------------------------------------------


def test_all_pung_is_the_best_reading_of_three_consecutive_pungs() -> None:
    s = score("222p 333p 444p 55s 66s +6s", discarder="left")  # or 234p x3 and 666s
    assert s.valid and keys(s) == {"all_pung": 1} and s.payments["left"] == -2
    assert s.reading is not None and "234p" not in s.reading


def test_fit_five_is_read_where_it_scores_most_and_need_not_be_the_only_wait() -> None:
    # 4 5 5 5 6 + 5: 456 (the 5 in the middle) and 555, or 555 completed by the 5 (C2)
    s = score("123p 789p 4555s 6s FF +5s", discarder="left")
    assert keys(s) == {"fit_five": 1, "closed_four_in_one": 1} and s.total == 8
    for hand in ("123p 789p 34s 333s FF +5s", "123p 789p 67s 333s FF +5s"):
        edge = score(hand, discarder="left")  # 345 and 567: the 5 at an end
        assert not edge.valid and keys(edge) == {}


def test_open_four_in_one_strict_and_relaxed() -> None:
    s = score("[555s] 123p 456p 67s FF +5s", discarder="left")
    assert keys(s) == {"open_four_in_one": 1} and s.total == 2
    relaxed = wall("[222p] 234p 567p 789p 9p +9p")  # the fourth 2p kept, Pure One Suit
    assert keys(relaxed) == {"open_four_in_one": 1, "pure_one_suit": 1}
    assert relaxed.payments == {"banker": 16, "right": -8, "left": -8}
    plain = wall("[222p] 234p 567s 789s 9s +9s")  # no pattern of two doubles
    assert keys(plain) == {}


def test_bloom_on_kong_does_not_make_four_in_one_relaxed_nor_is_a_kong_one() -> None:
    s = score("[222p] 234p 567s {8888s} 9s +9s", kong_replacement=True)
    assert keys(s) == {"bloom_on_kong": 1}  # C3: Bloom is a one-double pattern
    kong = wall("[2222p] 345p 567s 789s 9s +9s")
    assert keys(kong) == {}  # C3: a declared kong is no Four in One


def test_closed_four_in_one_strict_and_relaxed() -> None:
    relaxed = wall("555s 567s 123s 789s 9s +9s")  # four 5s kept, Pure One Suit
    assert keys(relaxed) == {"pure_one_suit": 1, "closed_four_in_one": 1}
    assert relaxed.tally.doubles == 4 and relaxed.payments["right"] == -8  # capped at 3
    assert wall("555s 567s 123p 789p 9p +9p").tally.doubles == 0


def test_lone_tile_counts_a_concealed_kong_and_combines_with_all_pung() -> None:
    s = score("[222p] {5555s} [888s] [999p] 3s +3s", "left", discarder="right")
    assert keys(s) == {"all_pung": 1, "lone_tile": 1} and s.payments["right"] == -8


def test_three_elements() -> None:
    lesser = wall("[CCC] FFF P 123p 456p +P")
    assert keys(lesser) == {"lesser_three_elements": 1} and lesser.payments["left"] == -4
    greater = wall("[CCC] FFF PP 123p 55p +P")
    assert keys(greater) == {"greater_three_elements": 1} and greater.payments["left"] == -8
    both = wall("[CCC] FFF PP 222p 55p +P")
    assert keys(both) == {"all_pung": 1, "greater_three_elements": 1}
    assert both.tally.doubles == 4 and both.payments["left"] == -8


def test_seven_pairs_dragon_and_double_dragon_replace_each_other() -> None:
    plain = wall("11p 22p 33p 55s 66s 88s 9s +9s")
    assert keys(plain) == {"seven_pairs": 1}
    dragon = wall("1111p 22p 55s 66s 88s 9s +9s")
    assert keys(dragon) == {"dragon_seven_pairs": 1} and dragon.tally.doubles == 3
    # the win on the fourth 1p: Dragon Seven Pairs, never with Closed Four in One
    fourth = score("111p 22p 55s 66s 88s 99s +1p", discarder="left")
    assert keys(fourth) == {"dragon_seven_pairs": 1}
    three_fours = wall("1111p 2222p 3333s F +F")  # C5: two or more sets of four
    assert keys(three_fours) == {"double_dragon_seven_pairs": 1}


def test_four_alike_in_seven_pairs_only_when_undeclared() -> None:
    s = wall("{1111p} 22p 55s 66s 88s 99s", win_tile="9s")  # C5: a kong is no two pairs
    assert not s.valid and "seven_pairs" not in keys(s)


def test_fishing_the_bottom_only_for_the_last_wall_tile() -> None:
    ex1 = "123p 456p 789s 234s 5s +5s"
    assert keys(wall(ex1, last_tile=True)) == {"fishing_the_bottom": 1}
    supplement = score("123p 456p {7777s} 234s 5s +5s", kong_replacement=True, last_tile=True)
    assert keys(supplement) == {"bloom_on_kong": 1, "fishing_the_bottom": 1}
    last_discard = score(ex1, discarder="left", last_tile=True)  # §7.6, C8
    assert not last_discard.valid and keys(last_discard) == {}
    claimed = score(
        ex1, discarder="left", last_tile=True, discard_after_kong=True, kong_chain=["left"]
    )
    assert claimed.valid and keys(claimed) == {"claimed_on_kong": 1}  # C8


# -- kongs in the win ------------------------------------------------------------------------


def test_bloom_on_kong_counts_the_winners_own_kongs_ending_the_chain() -> None:
    hand = "[CCCC] {7777s} 123p 456p 9s +9s"
    assert keys(score(hand, kong_replacement=True)) == {"bloom_on_kong": 1}
    two = score(hand, kong_replacement=True, kong_chain=["banker", "banker"])
    assert keys(two) == {"bloom_on_kong": 2} and two.payments["right"] == -4
    # C7: left's kong, then the banker's direct kong on left's discard: one double
    c7 = score(hand, kong_replacement=True, kong_chain=["left", "banker"])
    assert keys(c7) == {"bloom_on_kong": 1}
    after = score(hand, kong_replacement=True, kong_chain=["banker", "left", "banker"])
    assert keys(after) == {"bloom_on_kong": 1}
    assert keys(score(hand, self_drawn=True, kong_replacement=True)) == {"bloom_on_kong": 1}


def test_claimed_on_kong_is_one_double_however_long_the_chain() -> None:
    s = score(
        "123p 456p 789p 12s CC +3s",
        discarder="left",
        discard_after_kong=True,
        kong_chain=["right", "left", "left"],
    )
    assert keys(s) == {"claimed_on_kong": 1} and s.payments == {
        "banker": 2,
        "right": 0,
        "left": -2,
    }


def test_robbing_a_kong_is_paid_by_the_robbed_player() -> None:
    s = score("123s 789s 55p 78p 888s +6p", "right", discarder="left", robbing_kong=True)
    assert keys(s) == {"robbing_a_kong": 1}
    assert s.payments == {"banker": 0, "right": 2, "left": -2}


# -- the minimum, disclosure -------------------------------------------------------------------


def test_a_claimed_win_without_a_pattern_is_a_false_win() -> None:
    s = score("123p 456p 789s 234s 5s +5s", "right", discarder="banker")
    assert not s.valid and "at least one doubling pattern" in (s.reason or "")
    assert s.payments == {"banker": 1, "right": -1, "left": 0} and s.total == -1
    assert s.to_json()["reason"] == s.reason


def test_a_hand_of_no_winning_shape_is_a_false_win_paying_what_it_claimed() -> None:
    s = wall("123p 456p 789s 234s 5s +6s")
    assert not s.valid and "four sets and a pair, or seven pairs" in (s.reason or "")
    assert s.payments == {"banker": -2, "right": 1, "left": 1}
    bloom = score("123p 456p {7777s} 234s 5s +6s", kong_replacement=True)
    assert not bloom.valid and bloom.payments == {"banker": -4, "right": 2, "left": 2}


def test_disclosure_alone_meets_the_minimum_and_the_discarder_pays_double() -> None:
    ex1 = "123p 456p 789s 234s 5s +5s"
    s = score(ex1, "right", discarder="banker", disclosed=True)  # C9
    assert s.valid and keys(s) == {"disclosure": 1}
    assert s.payments == {"banker": -4, "right": 4, "left": 0}
    own = wall(ex1, "right", disclosed=True)  # a wall win: each pays the amount
    assert own.payments == {"banker": -2, "right": 4, "left": -2}
    for scope in ("full", "waits_only"):  # C9: the scope never changes the score
        again = score(
            ex1, "right", discarder="banker", disclosed=True, options={"disclosure_scope": scope}
        )
        assert again == s


def test_a_disclosed_winner_robbing_a_kong_keeps_the_robbing_double() -> None:
    s = score(
        "123s 789s 55p 78p 888s +6p", discarder="left", robbing_kong=True, disclosed=True
    )  # C1
    assert keys(s) == {"robbing_a_kong": 1, "disclosure": 1}
    assert s.payments == {"banker": 8, "right": 0, "left": -8}


def test_a_disclosed_discarder_changes_nothing() -> None:
    hand = "123p 789p 46s 333s FF +5s"
    plain = score(hand, "left", discarder="banker")
    assert score(hand, "left", discarder="banker", discarder_disclosed=True) == plain  # C1


# -- the cap, the unit and the options -----------------------------------------------------


def test_the_cap_and_double_dragon_x16() -> None:
    ex3 = "[222p] 555p 777p 33p 99p +9p"
    assert wall(ex3, "right", options={"max_doubles": 2}).payments["banker"] == -4
    ex5 = "3333s 5555p 77p 99s F +F"
    assert wall(ex5).total == 16
    assert wall(ex5, options={"double_dragon_x16": True}).total == 32
    # C6: the cap is max(max_doubles, 4) for such a hand
    assert wall(ex5, options={"double_dragon_x16": True, "max_doubles": 2}).total == 32
    assert wall(ex5, options={"max_doubles": 5}).total == 32
    capped = wall(ex5, options={"double_dragon_x16": True, "max_doubles": 0})
    assert capped.total == 32
    # double_dragon_x16 lifts only that hand's cap
    ex4 = "11s 22s 33s 55s 66s 88s 9s +9s"
    assert wall(ex4, options={"double_dragon_x16": True}).payments["right"] == -8
    assert wall(ex4, options={"max_doubles": 0}).payments["right"] == -1


def test_the_unit_multiplies_every_payment() -> None:
    s = wall("[222p] 555p 777p 33p 99p +9p", "right", unit=5)
    assert s.payments == {"banker": -40, "right": 80, "left": -40}
    assert kong_payments({"konger": "right", "kong": "concealed", "unit": 3}).payments == {
        "banker": -6,
        "right": 12,
        "left": -6,
    }
    assert draw_payments({"disclosure_order": ["left"], "unit": 2}).payments == {
        "banker": 2,
        "right": 2,
        "left": -4,
    }


def test_removed_suit() -> None:
    hand = "123m 456m 789s 234s 5s +5s"
    with pytest.raises(InvalidHand, match="the m suit is removed"):
        wall(hand)
    s = wall(hand, options={"removed_suit": "p"})
    assert s.valid and s.total == 2
    with pytest.raises(InvalidHand, match="the p suit is removed"):
        wall("123p 456p 789s 234s 5s +5s", options={"removed_suit": "p"})


# -- kong payments and the drawn hand ------------------------------------------------------------


@pytest.mark.parametrize(
    ("kong", "chain", "payments"),
    [
        ({"kong": "direct", "discarder": "left"}, 1, {"banker": 2, "right": 0, "left": -2}),
        ({"kong": "growing"}, 1, {"banker": 2, "right": -1, "left": -1}),
        ({"kong": "concealed"}, 1, {"banker": 4, "right": -2, "left": -2}),
        ({"kong": "direct", "discarder": "right"}, 3, {"banker": 8, "right": -8, "left": 0}),
        ({"kong": "growing"}, 3, {"banker": 8, "right": -4, "left": -4}),
        ({"kong": "concealed"}, 5, {"banker": 64, "right": -32, "left": -32}),  # no cap
    ],
)
def test_kong_payments_with_the_chain_doubling(
    kong: dict[str, Any], chain: int, payments: dict[str, int]
) -> None:
    s = parlour.score({"rules": "kawuxing", "event": "kong", "konger": "banker", "chain": chain,
                       **kong})  # fmt: skip
    assert s.valid and s.payments == payments and s.total == payments["banker"]
    assert s.to_json()["payments"] == payments


def test_a_robbed_kong_is_never_paid() -> None:
    s = kong_payments({"konger": "left", "kong": "growing", "chain": 3, "robbed": True})
    assert s.payments == {"banker": 0, "right": 0, "left": 0} and s.total == 0
    assert any("void" in line for line in s.explain)


def test_the_first_discloser_pays_at_a_draw() -> None:
    assert draw_payments({"disclosure_order": ["banker", "right", "left"]}).payments == {
        "banker": -2,
        "right": 1,
        "left": 1,
    }
    nobody = parlour.score({"rules": "kawuxing", "event": "draw", "disclosure_order": []})
    assert nobody.payments == {"banker": 0, "right": 0, "left": 0} and nobody.total == 0


# -- bad input ------------------------------------------------------------------------------------

BAD_WINS = [
    ({"hand": "123p 456p 789s 234s 5s +5s", "seat_wind": "S"}, "Kawuxing has no winds"),
    ({"hand": "123p 456p 789s 234s 5s +5s", "seat": "E"}, "'seat' must be a role"),
    ({"hand": "123p 456p 789s 234s 5s +5s", "colour": 1}, "unknown field 'colour'"),
    ({"hand": "123p 456p 789s 234s E +E"}, "Kawuxing uses no winds"),
    ({"hand": "123p 456p 789s 234s f1 5s +5s"}, "no flowers or seasons"),
    ({"hand": "123p 456p 789s 234s 5s* +5s"}, "nothing is wild"),
    ({"hand": "[123p] 456p 789s 234s 5s +5s"}, "no chows"),
    ({"hand": "123p 456p 789s 5555s +5s"}, "5 copies of 5s"),
    ({"hand": "123p 456p 789s 234s +5s"}, "it should hold 13"),
    ({"hand": "123p 456p 789s 234s 5s"}, "no 'win_tile'"),
    ({"hand": "123p 456p 789s 234s 5s +5s", "win_tile": "4s"}, "names 5s as its winning"),
    ({"hand": "123p 456p 789s 234s 5s +5s", "win_tile": "55s"}, "'win_tile' must be one tile"),
    ({"hand": "12x"}, "'hand'"),
    ({"hand": 5}, "'hand' must be a hand"),
    ({"win_tile": "5s"}, "no 'hand'"),
]
HOW = [
    ({"self_drawn": False}, "say how banker won"),
    ({"discarder": "banker"}, "another role than the winner's"),
    ({"discarder": "north"}, "'discarder' must be a role"),
    ({"self_drawn": True, "discarder": "left"}, "has no 'discarder'"),
    ({"kong_replacement": True, "discarder": "left"}, "has no 'discarder'"),
    ({"robbing_kong": True}, "name the player whose kong was robbed"),
    ({"robbing_kong": True, "self_drawn": True, "discarder": "left"}, "cannot be 'self_drawn'"),
    ({"robbing_kong": True, "last_tile": True, "discarder": "left"}, "no tile left"),
    ({"self_drawn": True, "discard_after_kong": True}, "'discard_after_kong' is a win on"),
    ({"self_drawn": True, "discarder_disclosed": True}, "needs a 'discarder'"),
    ({"self_drawn": "yes"}, "'self_drawn' must be true or false"),
    ({"self_drawn": True, "unit": 0}, "'unit' must be a whole number"),
    ({"self_drawn": True, "unit": True}, "'unit' must be a whole number"),
    ({"self_drawn": True, "options": {"cap": 3}}, "no option 'cap'"),
    ({"self_drawn": True, "options": {"max_doubles": -1}}, "max_doubles"),
    ({"self_drawn": True, "options": []}, "'options' must be an object"),
    ({"self_drawn": True, "kong_chain": ["banker"]}, "this win is none of them"),
    ({"self_drawn": True, "kong_chain": "banker"}, "'kong_chain' must be a list"),
    ({"kong_replacement": True}, "the hand declares 0"),
    ({"self_drawn": True, "event": "flower"}, "'event' must be win, kong or draw"),
    ({"self_drawn": True, "rules": "mcr"}, None),
]


@pytest.mark.parametrize(("extra", "message"), BAD_WINS)
def test_bad_hands_are_refused_with_their_reason(extra: dict[str, Any], message: str) -> None:
    data = {"rules": "kawuxing", "self_drawn": True, **extra}
    with pytest.raises(InvalidHand, match=message.replace("(", r"\(").replace("*", r"\*")):
        parlour.score(data)


@pytest.mark.parametrize(("extra", "message"), HOW)
def test_how_the_win_came_is_checked(extra: dict[str, Any], message: str | None) -> None:
    data = {"rules": "kawuxing", "hand": "123p 456p 789s 234s 5s +5s", **extra}
    if message is None:  # another rule system's: it refuses the roles in its own words
        with pytest.raises(InvalidHand):
            parlour.score(data)
        return
    with pytest.raises(InvalidHand, match=message):
        parlour.score(data)


def test_the_kong_chain_is_checked_against_the_win() -> None:
    hand = "[CCCC] 123p 456p 789s 9s +9s"
    with pytest.raises(InvalidHand, match=r"must end with the winner"):
        score(hand, kong_replacement=True, kong_chain=["banker", "left"])
    with pytest.raises(
        InvalidHand, match=r"after 2 kongs of banker's own, but the hand declares 1"
    ):
        score(hand, kong_replacement=True, kong_chain=["banker", "banker"])
    with pytest.raises(InvalidHand, match=r"must end with the discarder"):
        score(hand, discarder="left", discard_after_kong=True, kong_chain=["right"])
    with pytest.raises(InvalidHand, match=r"'kong_chain'\[1\] must be a role"):
        score(hand, kong_replacement=True, kong_chain=["banker", "E"])
    with pytest.raises(InvalidHand, match="a chain has 12 at most"):
        score(hand, kong_replacement=True, kong_chain=["banker"] * 13)


def test_a_robbed_tile_is_the_only_one_of_its_kind_in_the_winners_hand() -> None:
    with pytest.raises(InvalidHand, match="the robbed kong holds the other three 6p"):
        score("123s 789s 66p 78p 888s +6p", discarder="left", robbing_kong=True)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"konger": "east", "kong": "growing"}, "'konger' must be a role"),
        ({"konger": "left", "kong": "open"}, "'kong' must be direct, growing or concealed"),
        ({"konger": "left", "kong": "direct"}, "give 'discarder'"),
        ({"konger": "left", "kong": "direct", "discarder": "left"}, "another player's discard"),
        ({"konger": "left", "kong": "concealed", "discarder": "right"}, "has no 'discarder'"),
        ({"konger": "left", "kong": "direct", "discarder": "right", "robbed": True},
         "only a growing kong can be robbed"),
        ({"konger": "left", "kong": "growing", "chain": 0}, "'chain'"),
        ({"konger": "left", "kong": "growing", "chain": 13}, "'chain'"),
        ({"konger": "left", "kong": "growing", "hand": "1p"}, "not one of a kong's fields"),
        ({"konger": "left", "kong": "growing", "unit": -1}, "'unit'"),
    ],
)  # fmt: skip
def test_bad_kongs_are_refused(data: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidHand, match=message):
        parlour.score({"rules": "kawuxing", "event": "kong", **data})


@pytest.mark.parametrize(
    ("order", "message"),
    [
        (["right", "right"], "names a role twice"),
        (["south"], r"'disclosure_order'\[0\] must be a role"),
        ("right", "must be a list"),
    ],
)
def test_bad_draws_are_refused(order: Any, message: str) -> None:
    with pytest.raises(InvalidHand, match=message):
        parlour.score({"rules": "kawuxing", "event": "draw", "disclosure_order": order})


def test_a_situation_that_is_not_an_object_is_refused() -> None:
    from parlour.mahjong.rules.kawuxing import score_json

    with pytest.raises(InvalidHand, match="must be a JSON object"):
        score_json(["kawuxing"])  # type: ignore[arg-type]


def test_roles_are_read_in_any_case_and_by_their_initials() -> None:
    a = score("123p 789p 46s 333s FF +5s", "LEFT", discarder="b")
    assert a.payments == {"banker": -2, "right": 0, "left": 2}

"""The Hangzhou scorer rule by rule (``hangzhou.md`` §3, §4.5, §6-§9, §11 and the
clarifications C1-C10): the winning shapes, every double, wild eye only on an own
tile, the discard-win restriction, the banker factor by lao, robbing, liability, every
scoring option, the chip limit, and bad input with the message that names the fault."""

from __future__ import annotations

from typing import Any

import pytest

import parlour
from parlour.core.errors import InvalidHand, ParlourError
from parlour.mahjong.rules.hangzhou import banker_factor, pay_within_chips
from parlour.mahjong.scoring import Score

# four sets: 123m 456m 789p 222s; with 9m 9m an ordinary pair, with 4s* 9m a wild eye
SETS = "123m 456m 789p 222s"


def situation(**kw: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"rules": "hangzhou", "fortune": "4s", "seat_wind": "S"}
    data.update(kw)
    return data


def score(**kw: Any) -> Score:
    return parlour.score(situation(**kw))


def own(hand: str, win: str, **kw: Any) -> Score:
    return score(hand=hand, win_tile=win, self_drawn=True, **kw)


def keys(s: Score) -> dict[str, int]:
    return {p.key: p.count for p in s.patterns}


def doubles(s: Score) -> int:
    assert s.tally is not None
    return s.tally.doubles


def refused(message: str, **kw: Any) -> None:
    with pytest.raises(InvalidHand) as e:
        score(**kw)
    assert str(e.value) == message


def false_win(s: Score, reason: str) -> None:
    assert not s.valid
    assert s.reason is not None and reason in s.reason, s.reason
    assert sum(s.payments.values()) == 0 and s.total < 0


# -- shapes -------------------------------------------------------------------------------


def test_four_sets_and_a_pair_with_no_double_pays_the_unit() -> None:
    s = own(f"{SETS} 9m 9m", "9m")
    assert s.valid and keys(s) == {} and doubles(s) == 0
    assert s.payments == {"E": -2, "S": 4, "W": -1, "N": -1}


def test_seven_pairs_with_a_fortune_is_x2_and_without_one_x4() -> None:
    s = own("11m 22m 33m 55p 66p 77s 9s 4s*", "4s*")  # the fortune pairs 9s: a wild eye too
    assert keys(s) == {"seven_pairs": 1, "wild_eye": 1}
    s = own("11m 22m 33m 55p 66p 7s 4s* 99s", "9s")  # 7s + 4s*: no wild eye on 9s
    assert keys(s) == {"seven_pairs": 1}
    s = own("11m 22m 33m 55p 66p 4s* 4s* 99s", "9s")  # 9s 4s* twice: six pairs + 4s*
    assert keys(s) == {"seven_pairs": 1, "wild_eye": 1}
    s = own("11m 22m 33m 55p 66p 77s 99s", "9s")
    assert keys(s) == {"clean_seven_pairs": 1} and doubles(s) == 2


def test_a_white_plays_the_indicators_kind_and_keeps_seven_pairs_clean() -> None:
    s = own("11m 22m 33m 55p 66p PP 99s", "9s")  # PP is a pair of 4s, no fortune (C5)
    assert keys(s) == {"clean_seven_pairs": 1}
    s = own("[3sP5s] [EEE] 123m 456m 9m 9m", "9m")  # a chow 345s (C1)
    assert s.valid and s.reading == "[345s] [EEE] {123m} {456m} 99m"
    s = own("{PPPP} 123m 456m 789p 9m 9m", "9m")  # a kong of 4s
    assert s.valid and s.reading == "{4444s} {123m} {456m} {789p} 99m"


def test_the_reading_with_the_most_doubles_is_scored() -> None:
    s = own("11m 22m 33m 44p 55p 66p 7s 7s", "7s")  # 123m x2 456p x2 or seven pairs
    assert keys(s) == {"clean_seven_pairs": 1}
    s = own("1111m 33m 55p 77p 99s EE", "E")
    assert keys(s) == {"clean_seven_pairs": 1, "deluxe": 1}


def test_deluxe_needs_four_natural_tiles_of_a_kind() -> None:
    s = own("111m 4s* 33m 55p 77p 99s EE", "E")  # 1m 1m + 1m 4s*: no deluxe
    assert keys(s) == {"seven_pairs": 1}


def test_a_hand_of_no_winning_shape_is_a_false_win_paid_back() -> None:
    s = own("123m 456m 789p 135s 9m", "E")
    false_win(s, "S's tiles do not make four sets and a pair, or seven pairs")
    assert s.payments == {"E": 2, "S": -4, "W": 1, "N": 1}


def test_a_fortune_may_stand_for_a_fifth_copy_of_a_kind() -> None:
    s = own("1111m 234p 567p 789s 4s*", "1m")
    assert s.valid and keys(s) == {"wild_eye": 1}


# -- wild eye ------------------------------------------------------------------------------


def test_wild_eye_is_an_eye_completed_with_a_fortune() -> None:
    assert keys(own(f"{SETS} 4s* 9m", "9m")) == {"wild_eye": 1}
    assert keys(own(f"{SETS} 9m 4s*", "4s*")) == {"wild_eye": 1}  # a drawn fortune (C6)
    assert keys(own("123m 456m 789p 55s 8m 9m 4s*", "4s*")) == {}  # it completes a chow
    assert keys(own("11m 22m 33m 55p 66p 77s 4s* 9s", "9s")) == {
        "seven_pairs": 1,
        "wild_eye": 1,
    }


def test_a_wild_eye_is_never_won_on_a_claimed_tile() -> None:
    s = score(seat_wind="E", hand=f"{SETS} 4s* 9m", win_tile="9m", discarder="S", lao=3)
    false_win(s, "E's hand is a wild eye on 9m: a wild eye wins only by an own tile (§6.3)")
    s = score(
        seat_wind="E", hand=f"{SETS} 4s* 9m", win_tile="9m", discarder="S", lao=3,
        robbing_kong=True,
    )  # fmt: skip
    false_win(s, "wild eye wins only by an own tile")
    s = score(seat_wind="E", hand="11m 22m 33m 55p 66p 77s 4s* 9s", win_tile="9s",
              discarder="S", lao=3)  # fmt: skip
    false_win(s, "wild eye wins only by an own tile")


def test_a_claim_is_allowed_when_a_plain_copy_stands_elsewhere_and_scores_no_wild_eye() -> None:
    """C3: 9m may complete 789m instead of the eye 9m + 4s*."""
    s = score(seat_wind="E", hand="123m 456m 78m 222s 4s* 9m 9m", win_tile="9m",
              discarder="S", lao=3)  # fmt: skip
    assert s.valid and keys(s) == {} and s.payments["S"] == -8
    s = score(seat_wind="E", hand="11m 22m 33m 55p 66p 9s 9s 9s 4s*", win_tile="9s",
              discarder="S", lao=3)  # fmt: skip
    assert s.valid and keys(s) == {"seven_pairs": 1}


# -- floats and kong bloom -----------------------------------------------------------------


@pytest.mark.parametrize(("floats", "total"), [(1, 16), (2, 32)])
def test_each_float_round_doubles_on_top_of_the_wild_eye(floats: int, total: int) -> None:
    s = own(f"{SETS} 4s* 9m", "9m", floats=floats)
    assert keys(s) == {"wild_eye": 1, "fortune_float": floats}
    assert s.payments["S"] == total


def test_floats_need_a_wild_eye_on_an_own_tile_and_at_most_three_fortunes() -> None:
    refused(
        "'floats': 1 needs a win by wild eye: the 13 tiles before the winning tile four sets "
        "(or six pairs) and a lone fortune (§8); this hand is not: score it without 'floats'",
        hand=f"{SETS} 9m 9m", win_tile="9m", self_drawn=True, floats=1,
    )  # fmt: skip
    refused(
        "a fortune float wins by wild eye on an own tile, never on a discard or a robbed "
        "kong (§8): 'floats' needs 'self_drawn': true",
        seat_wind="E", hand=f"{SETS} 4s* 9m", win_tile="9m", discarder="S", lao=3, floats=1,
    )  # fmt: skip
    refused(
        "the hand holds 2 fortunes and floated 2; there are 3 (C7)",
        hand="123m 456m 789p 22s 4s* 4s* 9m", win_tile="9m", self_drawn=True, floats=2,
    )  # fmt: skip


def test_kong_bloom_doubles_per_kong_of_the_streak() -> None:
    hand = "[NNNN] {7777p} 123m P56s 4s* 3s"
    s = own(hand, "3s", kong_replacement=True, kong_streak=2)
    assert keys(s) == {"wild_eye": 1, "kong_bloom": 2}
    s = own(hand, "3s", kong_replacement=True)  # a supplement ends a streak of one at least
    assert keys(s) == {"wild_eye": 1, "kong_bloom": 1}
    s = own(hand, "3s", kong_streak=2)  # C7: no bloom without the win on a supplement
    assert keys(s) == {"wild_eye": 1}


def test_kong_bloom_needs_the_kongs() -> None:
    refused(
        "a win on a kong's supplement tile needs a kong in the hand",
        hand=f"{SETS} 9m 9m", win_tile="9m", self_drawn=True, kong_replacement=True,
    )  # fmt: skip
    refused(
        "'kong_streak': 3 kongs in a streak, but the hand holds 2 kongs",
        hand="[NNNN] {7777p} 123m P56s 4s* 3s", win_tile="3s", self_drawn=True,
        kong_replacement=True, kong_streak=3,
    )  # fmt: skip


# -- the banker factor and the discard-win restriction ----------------------------------


@pytest.mark.parametrize(("lao", "f"), [(1, 2), (2, 4), (3, 8), (4, 8), (9, 8)])
def test_the_banker_factor_by_lao(lao: int, f: int) -> None:
    assert banker_factor(lao) == f
    s = own(f"{SETS} 9m 9m", "9m", lao=lao)  # a non-banker's own tile
    assert s.payments == {"E": -f, "S": f + 2, "W": -1, "N": -1}
    s = own(f"{SETS} 9m 9m", "9m", lao=lao, seat_wind="E")  # the banker's
    assert s.payments == {"E": 3 * f, "S": -f, "W": -f, "N": -f}
    s = own(f"{SETS} 9m 9m", "9m", lao=lao, seat_wind="N", banker="W")  # another banker
    assert s.payments == {"E": -1, "S": -1, "W": -f, "N": f + 2}


def test_a_win_on_a_discard_is_only_between_banker_and_non_banker_at_lao_3() -> None:
    hand = "[789m] 123p 456p 11s 99s 9s"
    assert score(seat_wind="E", hand=hand, win_tile="9s", discarder="W", lao=3).valid
    s = score(seat_wind="W", hand=hand, win_tile="9s", discarder="E", lao=5)
    assert s.valid and s.payments == {"E": -8, "S": 0, "W": 8, "N": 0}
    s = score(seat_wind="W", hand=hand, win_tile="9s", discarder="S", lao=3)
    false_win(s, "only between the banker and a non-banker (§6.2)")
    for lao in (1, 2):
        s = score(seat_wind="E", hand=hand, win_tile="9s", discarder="S", lao=lao)
        false_win(s, f"E may not win on a discard at lao {lao}: only at lao 3 or more (§6.2)")


def test_a_discarded_fortune_is_never_claimed() -> None:
    s = score(seat_wind="E", hand=f"{SETS} 9m 4s*", win_tile="4s*", discarder="S", lao=3)
    false_win(s, "a discarded fortune can never be claimed for a win (§6.2)")


# -- robbing a kong ---------------------------------------------------------------------------


def rob(**kw: Any) -> Score:
    base = {"hand": "123m 456m 789s 46p 22s 5p", "win_tile": "5p", "robbing_kong": True}
    return score(**{**base, **kw})


def test_robbing_a_kong_doubles_and_the_robbed_player_pays_for_all() -> None:
    s = rob(seat_wind="E", discarder="S", lao=3)
    assert keys(s) == {"robbing_kong": 1}
    assert s.payments == {"E": 48, "S": -48, "W": 0, "N": 0}


def test_robbing_follows_the_discard_restriction_and_its_own_lao() -> None:
    false_win(rob(seat_wind="E", discarder="S", lao=2), "only at lao 3 or more")
    s = rob(seat_wind="E", discarder="S", lao=2, options={"robbing_kong_from_lao": 2})
    assert s.valid and s.payments["S"] == -3 * 4 * 2
    false_win(rob(seat_wind="W", discarder="S", lao=3), "between the banker and a non-banker")
    # C8: robbing from lao 2 opens no discard win at lao 2
    s = score(seat_wind="E", hand="123m 456m 789s 46p 22s 5p", win_tile="5p", discarder="S",
              lao=2, options={"robbing_kong_from_lao": 2})  # fmt: skip
    false_win(s, "only at lao 3 or more")


def test_robbing_carries_no_three_set_liability() -> None:
    s = rob(seat_wind="E", hand="[123m] [456m] [789s] 46p 22s 5p", discarder="S", lao=3,
            claims={"E": {"W": 3}})  # fmt: skip
    assert s.payments == {"E": 48, "S": -48, "W": 0, "N": 0}


# -- liability ---------------------------------------------------------------------------------

W_HAND = "[678s] [333p] [CCC] 234m 9m 9m"


def test_the_giver_of_three_sets_pays_t_the_taker_2t_both_3t() -> None:
    s = own(W_HAND, "9m", seat_wind="W", claims={"W": {"S": 3}})
    assert s.payments == {"E": 0, "S": -4, "W": 4, "N": 0}
    s = own(f"{SETS} 9m 9m", "9m", seat_wind="S", claims={"W": {"S": 3}})
    assert s.payments == {"E": 0, "S": 8, "W": -8, "N": 0}
    s = own(W_HAND, "9m", seat_wind="W", claims={"W": {"S": 3}, "S": {"W": 3}})
    assert s.payments == {"E": 0, "S": -12, "W": 12, "N": 0}


def test_several_liabilities_each_pay_in_full() -> None:
    """W took three sets from S (S pays T) and E took three from W (E pays 2T)."""
    s = own(W_HAND, "9m", seat_wind="W", lao=2, claims={"W": {"S": 3}, "E": {"W": 4}})
    t = 4 + 1 + 1
    assert s.payments == {"E": -2 * t, "S": -t, "W": 3 * t, "N": 0}


def test_liability_counts_three_or_more_claims() -> None:
    s = own(W_HAND, "9m", seat_wind="W", claims={"W": {"S": 2, "N": 1}})
    assert s.payments == {"E": -2, "S": -1, "W": 4, "N": -1}  # no liability
    s = own(W_HAND, "9m", seat_wind="W", claims={"W": {"S": 4}})
    assert s.payments == {"E": 0, "S": -4, "W": 4, "N": 0}


def test_liability_on_a_claimed_win_is_an_option() -> None:
    hand = "[123m] [456m] [789p] 11s 99s 9s"
    base = {"seat_wind": "E", "hand": hand, "win_tile": "9s", "discarder": "S", "lao": 3}
    s = score(**base, claims={"E": {"W": 3}})
    assert s.payments == {"E": 8, "S": -8, "W": 0, "N": 0}
    on = {"liability_on_claimed_win": True}
    s = score(**base, claims={"E": {"W": 3}}, options=on)
    assert s.payments == {"E": 16, "S": -8, "W": -8, "N": 0}
    s = score(**base, claims={"E": {"S": 3}}, options=on)  # the discarder is liable too
    assert s.payments == {"E": 16, "S": -16, "W": 0, "N": 0}
    s = score(**base, claims={"E": {"S": 3}, "S": {"E": 3}}, options=on)
    assert s.payments == {"E": 32, "S": -32, "W": 0, "N": 0}  # triple with the payment


# -- options -----------------------------------------------------------------------------------


def test_no_clean_bonus_on_claim() -> None:
    hand = "11p 22p 55s 66s 88m CC F F"
    base = {"seat_wind": "W", "hand": hand, "win_tile": "F", "discarder": "E", "lao": 3}
    assert keys(score(**base)) == {"clean_seven_pairs": 1}
    assert keys(score(**base, options={"no_clean_bonus_on_claim": True})) == {"seven_pairs": 1}
    s = own(hand, "F", options={"no_clean_bonus_on_claim": True})  # own tile: kept
    assert keys(s) == {"clean_seven_pairs": 1}


def test_wall_only_forbids_every_claimed_win() -> None:
    hand = "[789m] 123p 456p 11s 99s 9s"
    s = score(seat_wind="E", hand=hand, win_tile="9s", discarder="S", lao=3,
              options={"wall_only": True})  # fmt: skip
    false_win(s, "with option wall_only every win is by an own tile")
    false_win(rob(seat_wind="E", discarder="S", lao=3, options={"wall_only": True}), "wall_only")


def test_permanent_white_fortune_makes_the_four_whites_wild() -> None:
    pw = {"permanent_white_fortune": True}
    s = own(f"{SETS} P* 9m", "9m", fortune=None, options=pw)
    assert keys(s) == {"wild_eye": 1}
    s = own("123m 456m 789p 22s P* P* 9m", "9m", fortune=None, options=pw, floats=2)
    assert keys(s) == {"wild_eye": 1, "fortune_float": 2}  # four fortunes: a third round
    s = own("123m 456m 789p 444s 9m P*", "P*", fortune=None, options=pw)
    assert s.valid  # 4s is an ordinary tile
    refused(
        "with option permanent_white_fortune no indicator is turned and the four Whites are "
        "the fortunes: give 'fortune': null",
        hand=f"{SETS} P* 9m", win_tile="9m", self_drawn=True, options=pw,
    )  # fmt: skip
    refused(
        "the hand holds 1 unmarked P: under permanent_white_fortune the four Whites are "
        "fortunes: mark them P*",
        hand=f"{SETS} P 9m", win_tile="9m", self_drawn=True, fortune=None, options=pw,
    )  # fmt: skip


def test_a_white_indicator_makes_the_other_three_whites_fortunes() -> None:
    s = own(f"{SETS} P* 9m", "9m", fortune="P")
    assert keys(s) == {"wild_eye": 1}


def test_liability_restriction_banker_only_forbids_the_claims_that_would_make_it() -> None:
    options = {"liability_restriction": "banker_only"}
    refused(
        "'claims': W claimed 3 of S's discards, but with option liability_restriction "
        "banker_only a claim between non-bankers that makes a three-set liability is "
        "forbidden",
        hand=W_HAND, win_tile="9m", self_drawn=True, seat_wind="W", claims={"W": {"S": 3}},
        options=options,
    )  # fmt: skip
    s = own(W_HAND, "9m", seat_wind="W", claims={"W": {"E": 3}}, options=options)
    assert s.payments == {"E": -4, "S": 0, "W": 4, "N": 0}  # the banker pays T alone
    lao3 = {**options, "liability_restriction_scope": "lao3"}
    s = own(W_HAND, "9m", seat_wind="W", claims={"W": {"S": 3}}, options=lao3)
    assert s.payments["S"] == -4  # at lao 1 the restriction does not apply
    staying = {**options, "liability_restriction_scope": "when_banker_staying"}
    with pytest.raises(InvalidHand, match="banker_only"):
        own(W_HAND, "9m", seat_wind="W", claims={"W": {"S": 3}}, options=staying, lao=2)
    chows = {"liability_restriction": "no_three_chows_nonbankers"}
    s = own(W_HAND, "9m", seat_wind="W", claims={"W": {"S": 3}}, options=chows)
    assert s.payments["S"] == -4  # a pung among the three: liability forms


def test_max_two_claims_same_source() -> None:
    refused(
        "'claims': W claimed 3 of S's discards, but with option max_two_claims_same_source "
        "nobody makes more than two claims from the same player",
        hand=W_HAND, win_tile="9m", self_drawn=True, seat_wind="W", claims={"W": {"S": 3}},
        options={"max_two_claims_same_source": True},
    )  # fmt: skip


def test_float_second_half_liability() -> None:
    """Two floats, the second kept going by a claim of E's discard: each pays his share
    at wild eye + one float (x4), E also the doubling gained after (§11 [DEF])."""
    options = {"float_player_may_claim": True, "float_second_half_liability": True}
    s = own("[123m] 456m 789p 222s 4s* 9m", "9m", floats=2, claims={"S": {"E": 1}},
            float_claim={"seat": "E", "floats": 1, "kong_streak": 0}, options=options)  # fmt: skip
    assert s.payments == {"E": -(8 + 16), "S": 32, "W": -4, "N": -4}
    refused(
        "option float_second_half_liability needs float_player_may_claim: only a floater "
        "who may claim makes a second half (§11)",
        hand=f"{SETS} 4s* 9m", win_tile="9m", self_drawn=True,
        options={"float_second_half_liability": True},
    )  # fmt: skip


@pytest.mark.parametrize(
    ("mode", "honours", "d"),
    [("own_tile_plus", 10, 0), ("own_tile_plus", 11, 1), ("own_tile_plus", 13, 3),
     ("wild_eye", 10, 1), ("wild_eye", 12, 1)],
)  # fmt: skip
def test_ten_honours(mode: str, honours: int, d: int) -> None:
    options = {"ten_honours": True, "ten_honours_mode": mode}
    s = score(hand="123m 456m 789p 135s 9m E", honour_discards=honours, options=options)
    assert s.valid and doubles(s) == d
    assert s.payments == {"E": -(2 << d), "S": 4 << d, "W": -(1 << d), "N": -(1 << d)}


def test_ten_honours_is_an_option() -> None:
    refused(
        "'honour_discards' is read under option ten_honours (§11)",
        hand="123m 456m 789p 135s 9m E", honour_discards=10,
    )  # fmt: skip


def test_the_table_options_are_accepted_and_change_no_score() -> None:
    table = {
        "max_loss": 50,
        "seating_method": "row",
        "first_banker_method": "highest_roll",
        "missed_pung_freeze": True,
        "missed_win_freeze": True,
        "float_player_may_claim": True,
        "immediate_third_banker": True,
    }
    assert own(f"{SETS} 9m 9m", "9m", options=table).payments == own(f"{SETS} 9m 9m", "9m").payments


# -- the chip limit -----------------------------------------------------------------------


def test_a_broke_player_pays_what_he_has_and_still_collects() -> None:
    payments = {"E": 192, "S": -64, "W": -64, "N": -64}
    assert pay_within_chips(payments, {"E": 0, "S": 100, "W": 0, "N": 10}) == {
        "E": 74,
        "S": -64,
        "W": 0,
        "N": -10,
    }
    # E had no chips, and collects in full when the others can pay
    assert pay_within_chips(payments, {"E": 0, "S": 64, "W": 64, "N": 64}) == payments


def test_the_chip_limit_applies_after_liability() -> None:
    s = own(W_HAND, "9m", seat_wind="W", claims={"W": {"S": 3}, "S": {"W": 3}})
    assert pay_within_chips(s.payments, {"E": 5, "S": 7, "W": 0, "N": 5}) == {
        "E": 0,
        "S": -7,
        "W": 7,
        "N": 0,
    }


def test_a_broke_false_winner_pays_in_turn_order() -> None:
    payments = {"E": 2, "S": -4, "W": 1, "N": 1}
    assert pay_within_chips(payments, {"E": 9, "S": 2, "W": 9, "N": 9}) == {
        "E": 0,
        "S": -2,
        "W": 1,
        "N": 1,
    }


def test_the_chip_limit_over_a_session_of_hands() -> None:
    balances = dict.fromkeys("ESWN", 10)
    hands = [own("[NNNN] {7777p} 123m P56s 4s* 3s", "3s", seat_wind="E", lao=3,
                 kong_replacement=True, kong_streak=2),
             own(f"{SETS} 9m 9m", "9m", seat_wind="S"),
             own(f"{SETS} 9m 9m", "9m", seat_wind="W")]  # fmt: skip
    for s in hands:
        paid = pay_within_chips(s.payments, balances)
        assert sum(paid.values()) == 0
        for seat, v in paid.items():
            balances[seat] += v
            assert balances[seat] >= 0
    # E takes all 30; S wins 2 from E only (W and N are broke); W wins 2 from E, 1 from S
    assert balances == {"E": 36, "S": 1, "W": 3, "N": 0}


# -- bad input ---------------------------------------------------------------------------------

GOOD = {"hand": f"{SETS} 9m 9m", "win_tile": "9m", "self_drawn": True}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"fortune": None}, "the situation has no 'fortune': give the fortune indicator"),
        ({"fortune": "4s*"}, "'fortune' is the indicator, which is not a fortune"),
        ({"fortune": "f1"}, "'fortune' must be a suit or honour tile, not f1"),
        ({"fortune": 4}, "'fortune' must be a tile in notation"),
        ({"lao": 0}, "'lao' is the banker's stay level"),
        ({"lao": "3"}, "'lao' is the banker's stay level"),
        ({"floats": -1}, "'floats' must be a whole number from 0 to 3, not -1"),
        ({"kong_streak": True}, "'kong_streak' must be a whole number from 0 to 4"),
        ({"claims": {"W": {"W": 3}}}, "'claims': W cannot claim his own discards"),
        ({"claims": {"W": {"S": 5}}}, "'claims'['W']['S'] must be a count from 0 to 4"),
        ({"claims": {"X": {"S": 1}}}, "a seat of 'claims' must be a seat wind"),
        ({"claims": [1]}, "'claims' must be an object such as"),
        ({"seat_wind": "X"}, "'seat_wind' must be a seat wind: E, S, W or N, not 'X'"),
        ({"banker": 1}, "'banker' must be a seat wind"),
        ({"discarder": "N"}, "a win by an own tile ('self_drawn') has no 'discarder'"),
        ({"self_drawn": False}, "say how S won: 'self_drawn': true (an own tile)"),
        ({"self_drawn": "yes"}, "'self_drawn' must be true or false, not 'yes'"),
        ({"self_drawn": False, "discarder": "S"}, "'discarder' must be another seat"),
        ({"robbing_kong": True}, "a win by robbing a kong is not an own tile"),
        ({"self_drawn": False, "robbing_kong": True}, "robbing a kong: name the player"),
        ({"self_drawn": False, "robbing_kong": True, "discarder": "E", "win_tile": "9m*"},
         "'win_tile' marks 9m* as a fortune, but the fortunes are the other three 4s"),
        ({"hand": f"{SETS} 4s 9m"}, "the hand holds 1 unmarked 4s: with indicator 4s"),
        ({"hand": f"{SETS} P* 9m"}, "the hand marks a White Dragon (P*) as a fortune"),
        ({"hand": f"{SETS} 9m* 9m"}, "the hand marks 9m* as a fortune, but the fortunes are"),
        ({"hand": "[4s*56s] 456m 789p 222s 9m 9m"}, "holds a fortune: a fortune may not be"),
        ({"hand": "{9m9m9m4s*} 456m 789p 222s 9m"}, "holds a fortune"),
        ({"hand": f"{SETS} 9m 9m 9m"}, "the winner's hand holds 15 tiles"),
        ({"win_tile": "4s*"}, "the hand holds 14 tiles (melds counting three) but not the "
         "winning tile 4s*"),
        ({"hand": "123m 456m 789p 2s 4s* 4s* 4s* 4s*", "win_tile": "4s*"},
         "the hand holds 4 fortunes; there are 3 (C7)"),
        ({"hand": "99999m 456m 789p 22s", "win_tile": "9m"}, "'hand'"),
        ({"hand": f"{SETS} 9m f1"}, "Hangzhou mahjong uses no flowers or seasons"),
        ({"hand": f"{SETS} 9m J"}, "Hangzhou mahjong has no jokers"),
        ({"hand": 5}, "'hand' must be a hand in notation, not 5"),
        ({"hand": f"{SETS} 9m +9m", "win_tile": None}, "the hand names a winning tile"),
        ({"win_tile": "8m"}, "the hand holds 14 tiles (melds counting three) but not the"),
        ({"win_tile": "f1"}, "'win_tile' must be a playing tile, not f1"),
        ({"rules": "hangzhou", "gold": "4s"}, "unknown field 'gold' in the situation"),
        ({"options": {"nope": 1}}, "hangzhou has no option 'nope'"),
        ({"options": {"robbing_kong_from_lao": 1}}, "option robbing_kong_from_lao must be"),
        ({"options": {"max_loss": 0}}, "option max_loss must be"),
        ({"options": []}, "'options' must be an object of name: value"),
        ({"float_claim": {"seat": "E"}}, "'float_claim' must be an object"),
        ({"kong_replacement": True, "self_drawn": False, "discarder": "N"},
         "a win on a kong's supplement tile is an own-tile win (§8): no 'discarder'"),
    ],
)  # fmt: skip
def test_bad_input_names_the_fault(change: dict[str, Any], message: str) -> None:
    data = situation(**{**GOOD, **change})
    with pytest.raises(ParlourError) as e:
        parlour.score(data)
    assert message in str(e.value)


def test_a_situation_that_is_not_an_object_is_refused() -> None:
    from parlour.mahjong.rules.hangzhou import score_json

    with pytest.raises(InvalidHand, match="a situation must be a JSON object, not list"):
        score_json([])  # type: ignore[arg-type]

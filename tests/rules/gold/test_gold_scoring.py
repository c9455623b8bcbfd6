"""The Xiamen and Quanzhou scorer rule by rule (``xiamen-gold.md`` §6, §9-§13 and the
clarifications C1-C4): the water of each set and of the bonus tiles and Golds, the
White as the indicator's kind, the Gold never in a claimed meld, the one highest
multiplier, the bases with stays and options, the floats, the three gold knocker,
robbing the Gold and a kong, the false win, the best reading by water, bad input with
its exact message, the command line and the registry."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from typer.testing import CliRunner

import parlour
from parlour.cli import app
from parlour.core.errors import InvalidHand, NotationError
from parlour.mahjong.melds import parse_hand, parse_meld
from parlour.mahjong.rules import find_ruleset, gold
from parlour.mahjong.scoring import Score
from parlour.registry import PLAYABLE, find_system

runner = CliRunner()

# 123m 456m 789m 234p, the set under test, and a pair of 9s completed by a wall tile
BASE = "123m 456m 789m 234p"


def score(**kw: Any) -> Score:
    data: dict[str, Any] = {"rules": "xiamen", "gold": "9p", "seat_wind": "S"}
    data.update(kw)
    return parlour.score(data)


def refused(message: str, **kw: Any) -> None:
    with pytest.raises(InvalidHand) as e:
        score(**kw)
    assert str(e.value) == message


def keys(s: Score) -> dict[str, int]:
    return {p.key: p.count for p in s.patterns}


def wall_win(set_text: str, rules: str = "xiamen", **kw: Any) -> Score:
    return score(rules=rules, hand=f"{BASE} {set_text} 9s", win_tile="9s", self_drawn=True, **kw)


# -- water -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("set_text", "water", "key"),
    [
        ("[EEE]", 1, "open_honour_pung"),
        ("EEE", 2, "closed_honour_pung"),
        ("[555s]", 0, None),
        ("555s", 1, "closed_suit_pung"),
        ("[EEEE]", 3, "open_honour_kong"),
        ("{EEEE}", 4, "closed_honour_kong"),
        ("[5555s]", 2, "open_suit_kong"),
        ("{5555s}", 3, "closed_suit_kong"),
        ("[EEE+E]", 3, "open_honour_kong"),
        ("[555s+5s]", 2, "open_suit_kong"),
        ("[567s]", 0, None),
    ],
)
def test_xiamen_water_of_each_set(set_text: str, water: int, key: str | None) -> None:
    """§10.3: honour 1/2/3/4 and suit 0/1/2/3 for open/closed pungs and kongs; an added
    kong is an open kong in Xiamen (C1); a run and the pair earn nothing."""
    s = wall_win(set_text)
    assert s.valid and s.tally is not None
    assert s.tally.water == water
    assert keys(s) == ({key: 1} if key else {}) | {"wall_tile": 1}
    # S is a non-banker: E (the banker, base 2) and W, N (base 1) pay (base + water) x 2
    assert s.payments == {
        "E": -(2 + water) * 2,
        "S": (4 + 3 * water) * 2,
        "W": -(1 + water) * 2,
        "N": -(1 + water) * 2,
    }


@pytest.mark.parametrize(
    ("set_text", "water", "key", "options"),
    [
        ("[EEE+E]", 2, "added_honour_kong", {}),
        ("[555s+5s]", 1, "added_suit_kong", {}),
        ("[EEEE]", 3, "open_honour_kong", {}),
        ("[5555s]", 2, "open_suit_kong", {}),
        ("[EEE]", 1, "open_honour_pung", {}),
        ("[555s]", 0, None, {}),
        ("[EEE]", 2, "open_honour_pung_as_closed", {"qz_open_pung_as_closed": True}),
        ("[555s]", 1, "open_suit_pung_as_closed", {"qz_open_pung_as_closed": True}),
        ("EEE", 2, "closed_honour_pung", {"qz_open_pung_as_closed": True}),
        ("[EEE+E]", 2, "added_honour_kong", {"qz_open_pung_as_closed": True}),
    ],
)
def test_quanzhou_water_of_each_set(
    set_text: str, water: int, key: str | None, options: dict[str, bool]
) -> None:
    """§11.2: an added kong scores as a closed pung, a direct kong as an open kong; with
    qz_open_pung_as_closed an open pung scores as a closed pung."""
    s = wall_win(set_text, "quanzhou", options=options)
    assert s.tally is not None and s.tally.water == water
    assert keys(s) == ({key: 1} if key else {}) | {"wall_tile": 1}


def test_a_pair_completed_by_a_discard_is_an_open_pung_by_a_wall_tile_a_closed_one() -> None:
    hand = f"{BASE} EE 99s"
    on_discard = score(hand=hand, win_tile="E", discarder="W")
    assert keys(on_discard) == {"open_honour_pung": 1, "common_win": 1}
    drawn = score(hand=hand, win_tile="E", self_drawn=True)
    assert keys(drawn) == {"closed_honour_pung": 1, "wall_tile": 1}
    # C4: a robbed tile is not from the wall, and M = x2 as for a wall tile
    robbed = score(hand=hand, win_tile="E", discarder="W", robbing_kong=True)
    assert keys(robbed) == {"open_honour_pung": 1, "robbing_a_kong": 1}
    assert robbed.payments == {"E": -6, "S": 14, "W": -4, "N": -4}


@pytest.mark.parametrize(
    ("rules", "bonus", "water", "lines"),
    [
        ("xiamen", "f1", 1, {"bonus_tile": 1}),
        ("xiamen", "f1 f2 f3 x4", 4, {"bonus_tile": 4}),
        ("xiamen", "f1 f2 f3 f4", 8, {"bonus_tile": 4, "all_flowers": 1}),
        ("xiamen", "x1 x2 x3 x4 f1", 9, {"bonus_tile": 5, "all_seasons": 1}),
        (
            "xiamen",
            "f1 f2 f3 f4 x1 x2 x3 x4",
            16,
            {"bonus_tile": 8, "all_flowers": 1, "all_seasons": 1},
        ),
        ("quanzhou", "f1 f2 f3 f4", 4, {"bonus_tile": 4}),
        ("quanzhou", "f1 f2 f3 f4 x1 x2 x3 x4", 8, {"bonus_tile": 8}),
    ],
)
def test_flower_sets_count_8_and_16_in_xiamen_and_nothing_extra_in_quanzhou(
    rules: str, bonus: str, water: int, lines: dict[str, int]
) -> None:
    s = wall_win("[567s]", rules, bonus=bonus)
    assert s.tally is not None and s.tally.water == water
    assert keys(s) == lines | {"wall_tile": 1}


def test_bonus_tiles_may_be_written_in_the_hand() -> None:
    s = score(hand=f"{BASE} [567s] 9s f1 x2", win_tile="9s", self_drawn=True, bonus="f3")
    assert keys(s)["bonus_tile"] == 3


def test_every_gold_held_is_one_water_wherever_it_stands() -> None:
    """§10.3: +1 for each Gold in the hand, those used as wilds included; a Gold may
    complete a pung, which then earns its set water too (XM-A6)."""
    s = score(gold="5p", hand="123m 456m 789m 23p EE 99s 5p* 5p*", win_tile="E", self_drawn=True)
    assert s.tally is not None
    assert keys(s) == {"gold": 2, "closed_honour_pung": 1, "wall_tile": 1}
    assert s.tally.water == 4  # one Gold makes EEE (2), the other a run with 23p
    assert s.reading is not None and "5p*=E" in s.reading


def test_the_best_reading_is_the_one_with_the_most_water() -> None:
    """C2: the Gold may make EEE (closed honour pung 2) or 111s (closed suit pung 1)."""
    s = score(gold="5p", hand="123m 456m 789m EE 5p* 11s 23s", win_tile="1s", self_drawn=True)
    assert s.reading == "{123m} {456m} {789m} {123s} {EEE} 11s (5p*=E)"
    assert s.tally is not None and s.tally.water == 3
    # on a discard 111s would be open (0): the Gold still makes EEE
    claimed = score(gold="5p", hand="123m 456m 789m EE 5p* 11s 23s", win_tile="1s", discarder="N")
    assert claimed.tally is not None and claimed.tally.water == 3
    assert claimed.payments == {"E": -5, "S": 13, "W": -4, "N": -4}


def test_the_winning_tile_is_placed_where_it_scores_most() -> None:
    """C2: a claimed 5s completing 555s would make it open (0); placed in 345s it leaves
    555s closed (1)."""
    t = score(hand="123m 456m 789m 555s 34s EE", win_tile="5s", discarder="N")
    assert t.tally is not None and t.tally.water == 1
    assert t.reading == "{123m} {456m} {789m} [345s] {555s} EE"


# -- the White and the Gold --------------------------------------------------------------


def test_a_white_is_an_ordinary_tile_of_the_indicators_kind() -> None:
    """§6.2, C3: with indicator 5p the Whites are 5p: PPP is a suit pung (closed 1), in
    a meld too; a White completes a run; with indicator E a {PPPP} is an honour kong."""
    closed = score(gold="5p", hand="PPP 123m 456m 789m EEE 9s", win_tile="9s", self_drawn=True)
    assert keys(closed) == {"closed_suit_pung": 1, "closed_honour_pung": 1, "wall_tile": 1}
    exposed = score(gold="5p", hand="[PPP] 123m 456m 789m EEE 9s", win_tile="9s", self_drawn=True)
    assert keys(exposed) == {"closed_honour_pung": 1, "wall_tile": 1}  # an open suit pung: 0
    run = score(gold="5p", hand="[34pP] 123m 456m 789m EEE 9s", win_tile="9s", self_drawn=True)
    assert run.reading is not None and run.reading.startswith("[345p]")
    kong = score(gold="E", hand="{PPPP} 123m 456m 789m 111s 9s", win_tile="9s", self_drawn=True)
    assert keys(kong) == {"closed_suit_pung": 1, "closed_honour_kong": 1, "wall_tile": 1}
    # a White winning tile is the indicator's kind: it completes 345p
    won = score(gold="5p", hand="123m 456m 789m EEE 99s 34p", win_tile="P", discarder="N")
    assert won.valid and won.reading is not None and "[345p]" in won.reading


@pytest.mark.parametrize("rules", ["xiamen", "quanzhou"])
def test_the_indicator_beside_four_whites_is_five_of_its_kind(rules: str) -> None:
    """§6.2, XM-A3: the Whites are 5p, so the indicator drawn back beside the four Whites
    is five tiles of one kind: a closed suit pung and the pair. A kong of Whites beside
    the indicator and a Gold standing for 5p (six of the kind) is read too."""
    five = score(
        rules=rules, gold="5p", hand="123m 456m 789m 123s PPPP", win_tile="5p", self_drawn=True
    )
    assert five.valid, five.reason
    assert five.reading == "{123m} {456m} {789m} {555p} {123s} 55p"
    assert keys(five) == {"closed_suit_pung": 1, "wall_tile": 1}
    on_discard = score(
        rules=rules, gold="5p", hand="123m 456m 789m 123s PPPP", win_tile="5p", discarder="N"
    )
    # the claimed 5p pairs a White (C2: the pung of Whites stays closed)
    assert on_discard.valid and keys(on_discard) == {"closed_suit_pung": 1, "common_win": 1}
    six = score(
        rules=rules,
        gold="5p",
        hand="{PPPP} 123m 456m 789m 5p 5p* 99s",
        win_tile="9s",
        self_drawn=True,
    )
    assert six.valid and six.reading == "{5555p} {123m} {456m} {789m} {999s} 55p (5p*=5p)"
    assert keys(six) == {"gold": 1, "closed_suit_pung": 1, "closed_suit_kong": 1, "wall_tile": 1}


def test_a_white_is_never_a_gold() -> None:
    refused(
        "the hand marks a White Dragon (P*) as a Gold: a White is never wild; with indicator 5p "
        "it is an ordinary 5p (§6.2)",
        gold="5p",
        hand="P* 123m 456m 789m EEE 11s 9s",
        win_tile="9s",
        self_drawn=True,
    )
    refused(
        "'win_tile' marks a White Dragon (P*) as a Gold: a White is never wild; with indicator "
        "5p it is an ordinary 5p (§6.2)",
        gold="5p",
        hand="123m 456m 789m EEE 99s",
        win_tile="P*",
        self_drawn=True,
    )
    # a White is a natural 5p, not a wild: it cannot pair the 1s
    s = score(gold="5p", hand="123m 456m 789m EEE 123p P", win_tile="1s", self_drawn=True)
    assert not s.valid and s.reason == "S's tiles do not make five sets and a pair"


def test_with_a_white_indicator_the_other_whites_are_the_golds() -> None:
    s = score(gold="P", hand="123m 456m 789m 234p EEE P*", win_tile="9s", self_drawn=True)
    assert s.valid and keys(s)["gold"] == 1
    assert s.reading == "{123m} {456m} {789m} {234p} {EEE} 99s (P*=9s)"
    refused(
        "the hand holds 2 unmarked P: with indicator P the other three are Golds, marked '*' "
        "(C3); only the indicator itself is an ordinary tile",
        gold="P",
        hand="123m 456m 789m 234p EE PP",
        win_tile="9s",
        self_drawn=True,
    )


def test_a_gold_is_never_in_a_claimed_meld() -> None:
    message = (
        "[55p5p*] holds a Gold: a Gold may not be part of a claimed chow or pung, nor of any "
        "kong (§6.3, §8.3-8.4)"
    )
    refused(
        message, gold="5p", hand="[55p5p*] 123m 456m 789m EEE 9s", win_tile="9s", self_drawn=True
    )
    refused(
        "[34p5p*] holds a Gold: a Gold may not be part of a claimed chow or pung, nor of any "
        "kong (§6.3, §8.3-8.4)",
        gold="5p",
        hand="[34p5p*] 123m 456m 789m EEE 9s",
        win_tile="9s",
        self_drawn=True,
    )


def test_an_unmarked_tile_of_the_indicators_kind_is_the_indicator_itself() -> None:
    """XM-A3: the indicator drawn late is an ordinary tile; the other three are Golds."""
    s = score(gold="5p", hand="123m 456m 789m 234p EEE 5p", win_tile="9s", self_drawn=True)
    assert not s.valid  # the indicator is no wild: 9s and 5p make no pair
    refused(
        "the hand holds 2 unmarked 5p: with indicator 5p the other three are Golds, marked '*' "
        "(C3); only the indicator itself is an ordinary tile",
        gold="5p",
        hand="123m 456m 789m 234p EE 55p",
        win_tile="9s",
        self_drawn=True,
    )
    refused(
        "the hand holds 4 Golds (5p*); there are three, the indicator being the fourth tile of "
        "the kind (§6.2)",
        gold="5p",
        hand="123m 456m 789m 234p 5p*5p*5p*5p*",
        win_tile="9s",
        self_drawn=True,
    )
    refused(
        "the hand holds an unmarked 5p, but the indicator was robbed and the other three 5p "
        "are Golds: mark them '*'",
        gold="5p",
        hand="123m 456m 789m 234p NNN 5p",
        win_tile="5p*",
        robbing_gold=True,
    )


# -- multipliers -------------------------------------------------------------------------

FLOAT_HAND = "111m 456m 789p WWW 345s 2s*"


@pytest.mark.parametrize(
    ("level", "xiamen", "quanzhou", "key"),
    [(1, 4, 3, "gold_float"), (2, 8, 6, "double_float"), (3, 12, 9, "triple_float")],
)
def test_floats_and_their_one_multiplier(level: int, xiamen: int, quanzhou: int, key: str) -> None:
    for rules, m in (("xiamen", xiamen), ("quanzhou", quanzhou)):
        s = score(
            rules=rules, gold="2s", hand=FLOAT_HAND, win_tile="7p", self_drawn=True, float=level
        )
        assert s.tally is not None and s.tally.multiplier == m
        assert [p.key for p in s.patterns if p.unit == "multiplier"] == [key]
        assert s.total == (4 + 3 * 4) * m  # water 4: Gold 1, 111m 1, WWW 2


def test_a_gold_float_drawing_a_gold_pairs_the_two_golds() -> None:
    s = score(gold="2s", hand=FLOAT_HAND, win_tile="2s*", self_drawn=True, float=1)
    assert s.valid and keys(s)["gold"] == 2 and s.tally is not None and s.tally.multiplier == 4


def test_a_float_needs_the_gold_float_shape() -> None:
    """§9.3: before the winning tile, five sets and a lone Gold waiting for the pair."""
    refused(
        "'float': 1 (gold float) needs the 16 tiles before the winning tile to be five sets and "
        "a lone Gold waiting for the pair (§9.3); this hand is not: score it without 'float'",
        gold="2s",
        hand="111m 456m 78p WWW 345s 2s* 7p",
        win_tile="9p",
        self_drawn=True,
        float=1,
    )
    # the same hand is a plain wall win
    assert score(
        gold="2s", hand="111m 456m 78p WWW 345s 2s* 7p", win_tile="9p", self_drawn=True
    ).valid


def test_a_float_never_wins_on_a_discard() -> None:
    message = (
        "a gold float wins only by a wall tile, never by a discard or a robbed kong (§9.3): "
        "'float' needs 'self_drawn': true"
    )
    refused(message, gold="2s", hand=FLOAT_HAND, win_tile="7p", discarder="E", float=1)
    refused(
        message.replace("a gold float", "a double float"),
        gold="2s",
        hand=FLOAT_HAND,
        win_tile="7p",
        discarder="E",
        robbing_kong=True,
        float=2,
    )


def test_a_hand_in_gold_float_shape_cannot_claim_the_tile_for_its_pair() -> None:
    """§9.3 [DEF]: the claim is a false win if every decomposition pairs the Gold with
    the claimed tile; another decomposition (7p with the hand's own 7p, the Gold in
    789p) makes it a valid common win."""
    s = score(gold="2s", hand=FLOAT_HAND, win_tile="N", discarder="E")
    assert not s.valid
    assert s.reason == (
        "S's hand is five sets and a lone Gold waiting for the pair (a gold float): it wins "
        "only by a wall tile, not by claiming N (§9.3)"
    )
    # valued as declared, a common win with the Gold pairing N: water 4
    assert s.payments == {"E": 6, "S": -16, "W": 5, "N": 5}
    other = score(gold="2s", hand=FLOAT_HAND, win_tile="7p", discarder="E")
    assert other.valid and other.total == 16


def test_only_the_highest_multiplier_is_counted() -> None:
    """§10.4: one multiplier, the highest; of two equal ones the first in the table
    stays (Quanzhou's gold float, three gold knocker and eighth bonus tile are all x3)."""
    for profile in ("xiamen", "quanzhou"):
        multipliers = [p for p in gold.PATTERNS[profile] if p.unit == "multiplier"]
        for p in multipliers:
            for q in multipliers:
                if p is not q:
                    assert (q.key in p.excludes) != (p.key in q.excludes), (p.key, q.key)
    qz = {p.key: p for p in gold.PATTERNS["quanzhou"]}
    assert qz["gold_float"].value == qz["three_golds_after_deal"].value == 3
    assert "three_golds_after_deal" in qz["gold_float"].excludes
    assert "gold_float" not in qz["three_golds_after_deal"].excludes
    assert {"heavenly_win", "earthly_win", "robbing_the_gold"}.isdisjoint(qz)
    # a double float drawn from the wall: x8 only, not x8 and x2
    s = score(gold="2s", hand=FLOAT_HAND, win_tile="7p", self_drawn=True, float=2)
    assert [(p.key, p.value) for p in s.patterns if p.unit == "multiplier"] == [("double_float", 8)]


def test_heavenly_and_earthly_wins_replace_the_wall_and_the_discard() -> None:
    hand = "123m 456m 789m EEE 99s 111p"
    heavenly = score(seat_wind="E", hand=hand, heavenly=True)
    assert [p.key for p in heavenly.patterns if p.unit == "multiplier"] == ["heavenly_win"]
    assert heavenly.payments == {"E": 60, "S": -20, "W": -20, "N": -20}  # (2 + 3) x 4
    earthly = score(hand=hand, win_tile="1p", discarder="E", earthly=True)
    assert [p.key for p in earthly.patterns if p.unit == "multiplier"] == ["earthly_win"]
    # 111p completed by the banker's discard is open: water 2 (EEE)
    assert earthly.payments == {"E": -16, "S": 40, "W": -12, "N": -12}


def test_quanzhou_has_no_heavenly_earthly_or_robbing_the_gold() -> None:
    hand = "123m 456m 789m EEE 99s 111p"
    refused(
        "quanzhou does not recognise the heavenly win (§11.4): score the banker's complete "
        "dealt hand as a wall-tile win ('self_drawn': true)",
        rules="quanzhou",
        seat_wind="E",
        hand=hand,
        heavenly=True,
    )
    refused(
        "quanzhou does not recognise the earthly win (§11.4): a win on the banker's first "
        "discard is a common win",
        rules="quanzhou",
        hand=hand,
        win_tile="1p",
        discarder="E",
        earthly=True,
    )
    dealt = score(rules="quanzhou", seat_wind="E", hand=hand, win_tile="1p", self_drawn=True)
    assert dealt.tally is not None and dealt.tally.multiplier == 2
    assert dealt.payments == {"E": 30, "S": -10, "W": -10, "N": -10}  # (2 + 3) x 2


def test_the_three_gold_knocker_at_the_last_turn_takes_the_higher_score() -> None:
    """§9.6 (b): x3 in Xiamen, with no set water (XM-A7); a complete wall-tile hand may
    score more as a wall win (x2 with set water): the higher score is taken."""
    knock = score(gold="9m", hand="9m*9m*9m* 147m 258p 369s ESW C", three_golds="last_turn")
    assert knock.tally is not None and (knock.tally.water, knock.tally.multiplier) == (3, 3)
    assert knock.total == (4 + 9) * 3
    # three Golds (as CCC) and four closed honour pungs: 13 water x 2 beats 3 water x 3
    rich = score(
        gold="9m",
        hand="9m*9m*9m* EEE SSS WWW NNN 5p",
        win_tile="5p",
        self_drawn=True,
        three_golds="last_turn",
    )
    assert rich.tally is not None and rich.tally.multiplier == 2
    assert rich.tally.water == 3 + 10 and rich.total == (4 + 3 * 13) * 2
    assert [p.key for p in rich.patterns if p.unit == "multiplier"] == ["wall_tile"]
    poor = score(
        gold="9m",
        hand="9m*9m*9m* 123p 456p 789p 234s 5p",
        win_tile="5p",
        self_drawn=True,
        three_golds="last_turn",
    )
    assert [p.key for p in poor.patterns if p.unit == "multiplier"] == ["three_golds_last_turn"]


def test_a_three_gold_knocker_without_three_golds_is_a_false_win() -> None:
    s = score(gold="9m", hand="9m*9m* 147m 258p 369s ESW CF", three_golds="after_deal")
    assert not s.valid and s.reason == "S declares a three gold knocker but holds 2 Golds (§9.6)"
    assert s.payments == {"E": 16, "S": -40, "W": 12, "N": 12}  # (base + 2 Golds) x 4


def test_robbing_the_gold_with_three_golds_takes_the_higher_score() -> None:
    """XM-A5: a player qualifying for both takes the higher score: the knocker counts
    the three Golds held (not the robbed indicator), robbing the Gold all four."""
    s = score(
        gold="6p",
        hand="6p*6p*6p* 123m 456m 789m NNN 7s",
        win_tile="6p*",
        robbing_gold=True,
        three_golds="after_deal",
    )
    assert [p.key for p in s.patterns if p.unit == "multiplier"] == ["robbing_the_gold"]
    assert keys(s)["gold"] == 4


def test_robbing_the_gold_needs_the_marked_indicator() -> None:
    refused(
        'robbing the Gold wins on the indicator, which counts as a Gold: give "win_tile": '
        '"6p*" (§9.7)',
        gold="6p",
        hand="123m 456m 789m 234s NNN 7s",
        win_tile="7s",
        robbing_gold=True,
    )
    refused(
        "robbing the Gold takes the indicator as it is turned up: give neither 'self_drawn' "
        "nor 'discarder' (§9.7)",
        gold="6p",
        hand="123m 456m 789m 234s NNN 7s",
        win_tile="6p*",
        robbing_gold=True,
        self_drawn=True,
    )


def test_the_quanzhou_eighth_bonus_tile_is_x3() -> None:
    s = score(
        rules="quanzhou",
        gold="3p",
        seat_wind="E",
        bonus="f1 f2 f3 f4 x1 x2 x3 x4",
        hand="[CCC] 147m 258m 147s 25s EW N",
        eight_flowers=True,
    )
    assert s.payments == {"E": 99, "S": -33, "W": -33, "N": -33}  # (2 + 8 + 1) x 3 each
    short = score(
        rules="quanzhou",
        gold="3p",
        bonus="f1 f2 f3 f4 x1 x2 x3",
        hand="[CCC] 147m 258m 147s 25s EW N",
        eight_flowers=True,
    )
    assert not short.valid
    assert short.reason == "S declares all eight flowers and seasons but has exposed 7 (§11.4)"


# -- bases -------------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "xiamen", "quanzhou"), [(0, 2, 2), (1, 4, 3), (2, 8, 4), (3, 16, 5)])
def test_the_banker_base_with_stays(n: int, xiamen: int, quanzhou: int) -> None:
    """§10.2, §11.1: 2 x 2^n in Xiamen, 2 + n in Quanzhou, between the banker and a
    non-banker (as payer or payee); 1 between two non-bankers."""
    for rules, base in (("xiamen", xiamen), ("quanzhou", quanzhou)):
        won = wall_win("[567s]", rules, banker="N", banker_stays=n)
        assert won.payments == {"E": -2, "S": 2 * (base + 2), "W": -2, "N": -2 * base}
        banker = wall_win("[567s]", rules, seat_wind="N", banker="N", banker_stays=n)
        assert banker.payments == {"E": -2 * base, "S": -2 * base, "W": -2 * base, "N": 6 * base}


def test_base_multiplier_scales_every_base() -> None:
    """§13: non-bankers k, the banker 2k x 2^n (Xiamen) or (2 + n) x k (Quanzhou)."""
    opts = {"base_multiplier": 5}
    xm = wall_win("[567s]", banker_stays=1, options=opts)
    assert xm.payments == {"E": -40, "S": 60, "W": -10, "N": -10}  # (20 + 0) x 2, (5 + 0) x 2
    qz = wall_win("[567s]", "quanzhou", banker_stays=1, options=opts)
    assert qz.payments == {"E": -30, "S": 50, "W": -10, "N": -10}  # (3 x 5) x 2
    refused("option base_multiplier must be 1 or more, not 0", options={"base_multiplier": 0})


def test_qz_banker_increment_by_multiplier() -> None:
    """§11.1 option: each stay adds the multiplier of the banker's win that made it (a
    draw adds 1): banker_stays is given as that list."""
    opts = {"qz_banker_increment_by_multiplier": True}
    s = wall_win("[567s]", "quanzhou", banker_stays=[2, 4, 1], options=opts)
    assert s.payments["E"] == -(2 + 7) * 2
    assert wall_win("[567s]", "quanzhou", banker_stays=0, options=opts).payments["E"] == -4
    refused(
        "with qz_banker_increment_by_multiplier give 'banker_stays' as the list of each stay's "
        "increment (the multiplier of the banker's win, 1 for a draw), such as [2, 1]",
        rules="quanzhou",
        options=opts,
        banker_stays=2,
    )
    refused(
        "'banker_stays' is the banker's stay count n; a list of increments is for quanzhou with "
        "the option qz_banker_increment_by_multiplier",
        rules="quanzhou",
        banker_stays=[2],
    )
    refused(
        "option qz_banker_increment_by_multiplier is for quanzhou only (§11)",
        options=opts,
    )
    refused(
        "option qz_open_pung_as_closed is for quanzhou only (§11)",
        options={"qz_open_pung_as_closed": True},
    )


# -- false wins and the options that refuse a win ---------------------------------------


def test_a_false_win_pays_back_and_compensates_a_floater_in_quanzhou() -> None:
    """§12.3: the reverse payments, and a floater in a triple float round (x9 in
    Quanzhou) is paid what he would have won."""
    s = score(
        rules="quanzhou",
        gold="5p",
        bonus="f1 f2 f3",
        hand="123m 456m 789m 123p 46p 1s 9s",
        win_tile="5s",
        self_drawn=True,
        floater={"seat": "E", "float": 3, "water": 2},
    )
    assert not s.valid
    # S pays E 10, W 8, N 8; E (the banker floating) is owed 3 x (2 + 2) x 9 = 108
    assert s.payments == {"E": 118, "S": -134, "W": 8, "N": 8}
    assert s.total == -134
    assert (
        s.explain[-1]
        == "S also pays E, in a triple float round, (2 + 2) x 9 + (2 + 2) x 9 + (2 + 2) x 9 = 108"
    )


def test_nobody_else_wins_on_a_discard_during_a_float_round() -> None:
    """§9.4 [DEF] and option others_discard_win_during_float."""
    floater = {"seat": "W", "float": 2, "water": 4}
    hand = f"{BASE} EE 99s"
    s = score(hand=hand, win_tile="E", discarder="N", floater=floater)
    assert not s.valid
    assert s.reason == (
        "W is in a double float round: nobody else may win on a discard or by robbing a kong "
        "(§9.4; option others_discard_win_during_float)"
    )
    # a false win: S pays back 3 x ... and W the double float's 128
    assert s.payments["W"] == (1 + 1) * 1 + 128
    allowed = score(
        hand=hand,
        win_tile="E",
        discarder="N",
        floater=floater,
        options={"others_discard_win_during_float": True},
    )
    assert allowed.valid and allowed.total == 3 + 2 + 2
    assert score(hand=hand, win_tile="E", self_drawn=True, floater=floater).valid


def test_gold_holder_no_discard_win() -> None:
    hand = "123m 456m 789m 234p EE 9s 9p*"
    assert score(hand=hand, win_tile="E", discarder="N").valid
    s = score(hand=hand, win_tile="E", discarder="N", options={"gold_holder_no_discard_win": True})
    assert not s.valid and s.reason == (
        "S holds a Gold and so wins only by a wall tile (option gold_holder_no_discard_win)"
    )
    assert score(
        hand=hand, win_tile="E", self_drawn=True, options={"gold_holder_no_discard_win": True}
    ).valid


def test_required_float_with_three_golds() -> None:
    hand = "9p*9p*9p* 123m 456m 789m 234s 5s"
    opts = {"required_float_with_three_golds": True}
    assert score(hand=hand, win_tile="5s", self_drawn=True).valid
    s = score(hand=hand, win_tile="5s", self_drawn=True, options=opts)
    assert not s.valid and s.reason == (
        "S holds three Golds and so wins only by three gold knocker or a float "
        "(option required_float_with_three_golds)"
    )
    assert score(
        hand=hand, win_tile="5s", self_drawn=True, three_golds="last_turn", options=opts
    ).valid


def test_a_discarded_gold_cannot_be_claimed() -> None:
    s = score(hand=f"{BASE} EEE 9s", win_tile="9p*", discarder="N")
    assert not s.valid and s.reason == "a discarded Gold cannot be claimed for a win (§8.7)"


# -- notation ----------------------------------------------------------------------------


def test_the_added_kong_notation() -> None:
    """C1: ``+`` before the added tile marks an added kong; written back without it."""
    m = parse_meld("[FFF+F]")
    assert m.added and m.kind == "kong" and str(m) == "[FFFF]"
    assert not parse_meld("[FFFF]").added
    assert parse_meld("[555p+5p>2]").claimed_from == 2
    assert parse_hand("[FFF+F] 123m +4m").melds[0].added
    with pytest.raises(NotationError, match="only an exposed kong such as"):
        parse_meld("{FFF+F}")
    with pytest.raises(NotationError, match="only an exposed kong such as"):
        parse_meld("[FF+F]")
    with pytest.raises(NotationError, match="a second '\\+' in a meld"):
        parse_meld("[FF+F+F]")


# -- bad input ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"foo": 1}, "unknown field 'foo' in the situation"),
        ({"options": []}, "'options' must be an object of name: value, not []"),
        ({"visible": "1m"}, "unknown field 'visible' in the situation"),
        (
            {"gold": None},
            "'gold' must be a tile in notation, such as '5p', not None",
        ),
        (
            {"gold": "5p*"},
            "'gold' is the indicator, which is not a Gold: write it without '*', not '5p*'",
        ),
        ({"gold": "5p 6p"}, "'gold' must be exactly one tile (the indicator), not '5p 6p'"),
        (
            {"gold": "f1"},
            "'gold' must be a suit or honour tile, not f1: a flower or season turned up is turned "
            "back and the dice are rolled again (§6.1)",
        ),
        (
            {"gold": "5x"},
            "'gold': unexpected character 'x' at position 1 in '5x' (numbers must end with a "
            "suit letter m, p or s)",
        ),
        (
            {"hand": "4p* 123m 456m 789m EEE 9s 9s"},
            "the hand marks 4p* as a Gold, but with indicator 9p the Golds are the other three 9p",
        ),
        (
            {"win_tile": "9s*"},
            "'win_tile' marks 9s* as a Gold, but with indicator 9p the Golds are the other "
            "three 9p",
        ),
        (
            {"hand": "11111m 456m 789m EEE 9s"},
            "'hand': 5 copies of 1m at position 4 in '11111m 456m 789m EEE 9s' (the tile set "
            "holds 4)",
        ),
        (
            {"hand": "1111m 1m"},
            "'hand': 5 copies of 1m at position 6 in '1111m 1m' (the tile set holds 4)",
        ),
        (
            {"hand": "123m 456m 789m EEE 9s", "bonus": "f1", "win_tile": "9s"},
            "the winner's hand holds 13 tiles (melds counting three); it should hold 16 before "
            "the winning tile (or 17 with it)",
        ),
        (
            {"hand": f"{BASE} EEE 99s", "win_tile": "1p"},
            "the hand holds 17 tiles (melds counting three) but not the winning tile 1p",
        ),
        (
            {"hand": f"{BASE} EEE J 9s"},
            "gold mahjong has no jokers (J): the Golds are the wild tiles",
        ),
        ({"bonus": "f1 f1"}, "the hand holds the bonus tile f1 twice"),
        ({"bonus": "f1", "hand": f"{BASE} EEE 9s f1"}, "the hand holds the bonus tile f1 twice"),
        ({"bonus": "5p"}, "'bonus' holds 5p, which is not a flower or season"),
        (
            {"bonus": 2},
            "'bonus' must be the exposed flowers and seasons such as 'f1 x3' ('' for none), not 2",
        ),
        (
            {"float": 4},
            "'float' must be 0, 1 (gold float), 2 (double float) or 3 (triple float), not 4",
        ),
        (
            {"float": True},
            "'float' must be 0, 1 (gold float), 2 (double float) or 3 (triple float), not True",
        ),
        (
            {"three_golds": True},
            "'three_golds' must be 'after_deal' or 'last_turn' (the moment of the three gold "
            "knocker, §9.6), or false, not True",
        ),
        ({"self_drawn": "yes"}, "'self_drawn' must be true or false, not 'yes'"),
        ({"seat_wind": "X"}, "'seat_wind' must be a seat wind: E, S, W or N, not 'X'"),
        ({"banker": 1}, "'banker' must be a seat wind: E, S, W or N, not 1"),
        ({"banker_stays": -1}, "'banker_stays' must be 0 or more, not -1"),
        (
            {"banker_stays": "1"},
            "'banker_stays' must be the banker's stay count (0, 1, ...), not '1'",
        ),
        (
            {"options": {"nope": 1}},
            "xiamen has no option 'nope' (options: base_multiplier, false_float_forfeit, "
            "gold_holder_no_discard_win, missed_claim_freeze, others_discard_win_during_float, "
            "qz_banker_increment_by_multiplier, qz_open_pung_as_closed, "
            "required_float_with_three_golds)",
        ),
        (
            {"options": {"base_multiplier": "5"}},
            "option base_multiplier must be a whole number, not '5'",
        ),
        (
            {"rules": "wuhan"},
            "unknown rule system 'wuhan' (scoring is available for: classical, fuzhou, "
            "hangzhou, kawuxing, mcr, ninety-nine, piquet, quanzhou, xiamen)",
        ),
        ({"discarder": "N"}, "a win by a wall tile ('self_drawn') has no 'discarder'"),
        (
            {"self_drawn": False},
            "say how S won: 'self_drawn': true (a wall tile), or 'discarder' with the seat that "
            "discarded the winning tile",
        ),
        (
            {"self_drawn": False, "discarder": "S"},
            "'discarder' must be another seat than the winner's",
        ),
        ({"heavenly": True}, "the heavenly win is the banker's (E) dealt hand (§9.8)"),
        (
            {"earthly": True},
            "the earthly win is a non-banker's win on the banker's first discard: give "
            "'discarder': 'E' (§9.8)",
        ),
        ({"kong_replacement": True}, "a win on a kong's supplement tile needs a kong in the hand"),
        (
            {"self_drawn": False, "discarder": "E", "kong_replacement": True},
            "a win on a kong's supplement tile is a wall-tile win: 'self_drawn'",
        ),
        (
            {"robbing_kong": True},
            "a win by robbing a kong is not a wall tile: name the robbed player as 'discarder' "
            "(C4)",
        ),
        (
            {"three_golds": "last_turn", "self_drawn": False, "discarder": "E"},
            "a three gold knocker is declared, not won on a discard or a robbed kong (§9.6)",
        ),
        (
            {"floater": {"seat": "W", "float": 1, "water": 0}},
            "the floater's 'float' must be 2 (double) or 3 (triple): a float round follows a "
            "float discard (§9.4), not 1",
        ),
        (
            {"floater": {"seat": "S", "float": 2, "water": 0}},
            "the 'floater' is another player; the winner's own float is given by 'float'",
        ),
        (
            {"floater": "W"},
            '\'floater\' must be an object {"seat": "W", "float": 2 or 3, "water": n}: the '
            "player in a double or triple float round",
        ),
    ],
)
def test_bad_input_is_refused_with_its_reason(fields: dict[str, Any], message: str) -> None:
    data: dict[str, Any] = {"hand": f"{BASE} EEE 9s", "win_tile": "9s", "self_drawn": True}
    data.update(fields)
    refused(message, **data)


def test_a_missing_field_is_named() -> None:
    with pytest.raises(InvalidHand) as e:
        parlour.score({"rules": "xiamen", "hand": f"{BASE} EEE 9s", "win_tile": "9s"})
    assert str(e.value) == (
        "the situation has no 'gold': give the Gold indicator, the tile turned up after the "
        'deal, such as "gold": "5p"'
    )
    refused("the situation has no 'hand'", win_tile="9s", self_drawn=True)
    refused("the situation has no 'win_tile'", hand=f"{BASE} EEE 9s", self_drawn=True)
    with pytest.raises(InvalidHand, match="a situation must be a JSON object, not list"):
        gold.score_json([])  # type: ignore[arg-type]


# -- the command line and the registry ---------------------------------------------------


def flat(text: str) -> str:
    return " ".join(text.split())


def test_score_on_the_command_line() -> None:
    args = ["score", "[EEE] [345m] 777s 123p 45s 99m", "--rules", "xiamen", "--gold", "5p"]
    args += ["--win", "6s", "--seat", "S", "--from", "N", "--bonus", "f1 x3"]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["payments"] == {"E": -6, "S": 16, "W": -5, "N": -5} and out["total"] == 16
    shown = flat(runner.invoke(app, args).output)
    assert "XIAMEN, gold 5p, S won on 6s on N's discard" in shown
    assert "E pays (2 + 4) x 1 = 6" in shown


def test_the_gold_flags_on_the_command_line() -> None:
    base = ["score", "111m 456m 789p WWW 345s 2s* +7p", "--gold", "2s", "--seat", "S"]
    base += ["--self-drawn", "--bonus", "x2", "--float", "2", "--json"]
    for rules, total in (("xiamen", 152), ("quanzhou", 114), ("fuzhou", 152)):
        result = runner.invoke(app, [*base, "--rules", rules])
        assert result.exit_code == 0, result.output
        assert json.loads(result.output)["total"] == total
    knock = ["score", "9m* 9m* 9m* 147m 258p 369s ESW C", "--rules", "xiamen", "--gold", "9m"]
    knock += ["--seat", "N", "--bonus", "f2 x3", "--three-golds", "after_deal", "--json"]
    result = runner.invoke(app, knock)
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["total"] == 76
    rob = ["score", "123m 456m 789m 234s NNN 7s", "--rules", "xiamen", "--gold", "6p"]
    rob += ["--seat", "W", "--win", "6p*", "--robbing-gold", "--json"]
    result = runner.invoke(app, rob)
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["total"] == 52
    stays = ["score", "[NNN] {5555s} 222p 678m 345p 7s +7s", "--rules", "quanzhou", "--gold"]
    stays += ["9p", "--seat", "S", "--self-drawn", "--bonus", "x1", "--banker-stays", "2"]
    result = runner.invoke(app, [*stays, "--banker", "E", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["total"] == 48


def test_a_false_win_on_the_command_line_exits_2() -> None:
    args = ["score", "123m 456m 789m 123p 46p 1s 9s +5s", "--rules", "xiamen", "--gold", "5p"]
    result = runner.invoke(app, [*args, "--seat", "S", "--self-drawn", "--bonus", "f1 f2 f3"])
    assert result.exit_code == 2
    out = flat(result.output)
    assert "false win: S's tiles do not make five sets and a pair" in out
    assert "S pays E (2 + 3) x 2 = 10" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--rules", "xiamen"],
            "give the Gold indicator turned up after the deal: --gold TILE, such as --gold 5p",
        ),
        (
            ["--rules", "mcr", "--gold", "5p"],
            "--gold applies to --rules xiamen, quanzhou or fuzhou only",
        ),
        (
            ["--rules", "classical", "--float", "1"],
            "--float applies to --rules xiamen, quanzhou or fuzhou only",
        ),
        (
            ["--three-golds", "last_turn"],
            "--three-golds applies to --rules xiamen, quanzhou or fuzhou only",
        ),
        (
            ["--rules", "xiamen", "--gold", "5p", "--flowers", "2"],
            "--flowers does not apply to --rules xiamen: give the flowers and seasons as "
            '--bonus "f1 x3"',
        ),
        (
            ["--rules", "xiamen", "--gold", "5p", "--last-tile"],
            "--last-tile does not apply to --rules xiamen",
        ),
        (
            ["--rules", "xiamen", "--gold", "5p", "--goulash"],
            "--goulash applies to --rules classical only",
        ),
        (
            ["--rules", "xiamen", "--gold", "5p", "--win", "1p", "--self-drawn"],
            "the hand holds 17 tiles (melds counting three) but not the winning tile 1p",
        ),
        (
            ["--rules", "xiamen", "--gold", "5p", "--win", "9s", "--float", "7", "--self-drawn"],
            "--float must be 0, 1 (gold float), 2 (double float) or 3 (triple float), not 7",
        ),
        (
            ["--rules", "xiamen", "--gold", "5p", "--win", "9s", "--banker", "X"],
            "--banker must be a seat wind: E, S, W or N, not 'X'",
        ),
        (
            ["--bonus", "f1"],
            "--bonus applies to --rules classical, xiamen, quanzhou or fuzhou only",
        ),
    ],
)
def test_the_command_line_refuses_with_a_clear_message(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["score", "123m 456m 789m 234p EEE 99s", *args])
    assert result.exit_code == 2, result.output
    assert message in flat(result.output)


def test_jsonl_refuses_the_gold_flags() -> None:
    result = runner.invoke(app, ["score", "--jsonl", "-", "--gold", "5p"], input="")
    assert result.exit_code == 2
    assert "--gold applies to --rules xiamen, quanzhou or fuzhou only" in flat(result.output)
    result = runner.invoke(
        app, ["score", "--jsonl", "-", "--rules", "xiamen", "--gold", "5p"], input=""
    )
    assert "--rules does not apply to --jsonl" in flat(result.output)


def test_the_registry_lists_xiamen_and_quanzhou_as_playable() -> None:
    for name in ("xiamen", "quanzhou"):
        system = find_system(name)
        assert system.status == PLAYABLE
        assert [o.name for o in system.options()] == [o.name for o in gold.OPTIONS]
        assert find_ruleset(name).score_json is gold.score_json
    assert find_system("fuzhou").name == "xiamen"
    assert find_ruleset("fuzhou").score_json is gold.score_json
    assert "unverified" in find_system("xiamen").title
    result = runner.invoke(app, ["rules", "quanzhou"])
    assert result.exit_code == 0 and "playable" in flat(result.output)
    assert "qz_open_pung_as_closed" in flat(result.output)


def test_a_gold_float_hand_may_claim_a_tile_another_reading_takes_without_the_gold_pair() -> None:
    """§9.3 [DEF]: the claim is refused only if every reading pairs the Gold with the
    claimed tile. 111m 456m 789p WWW 345s 2s* claims 8p: the Gold plays 8p in 789p and
    the pair is 8p 8p (the readings that place the Gold differently are both kept)."""
    s = score(gold="2s", hand="111m 456m 789p WWW 345s 2s*", win_tile="8p", discarder="E")
    assert s.valid and s.payments == {"E": -6, "S": 16, "W": -5, "N": -5}
    s = score(gold="2s", hand="111m 456m 789p WWW 345s 2s*", win_tile="N", discarder="E")
    assert not s.valid and s.reason is not None and "gold float" in s.reason


@pytest.mark.parametrize("rules", ["xiamen", "quanzhou"])
def test_wins_is_the_valid_score_of_every_hand_the_bots_weigh(
    rules: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """wins() (what a bot asks) answers as score_hand().valid, on every hand greedy bots
    weigh in seeded games, with and without the three-Golds option."""
    from parlour.bots import make_bot
    from parlour.mahjong.rules.gold import scoring as gold_scoring
    from parlour.mahjong.rules.gold import table as gold_table
    from parlour.mahjong.session import make_ruleset
    from parlour.mahjong.table import Table

    asked: list[Any] = []
    plain = gold_scoring.wins

    def spy(h: Any) -> bool:
        asked.append(h)
        return plain(h)

    monkeypatch.setattr(gold_table, "wins", spy)
    ruleset = make_ruleset(rules, {})
    for seed in range(3):
        table = Table(ruleset, seed=seed, ask_everyone=False)
        bots = [make_bot("greedy", seed=s, ruleset=ruleset) for s in range(4)]
        while not table.is_over():
            seat = table.to_act()[0]
            table.apply(seat, bots[seat].act(table.observation(seat), table.legal_actions(seat)))
    assert len(asked) > 20
    checked = won = 0
    for h in asked:
        for bound in (False, True):
            g = dataclasses.replace(
                h, options={**h.options, "required_float_with_three_golds": bound}
            )
            try:
                want = gold_scoring.score_hand(g).valid
            except InvalidHand:
                continue
            assert plain(g) == want, g
            checked += 1
            won += want
    assert checked > 20 and 0 < won < checked

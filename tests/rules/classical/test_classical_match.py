"""Classical matches: the five-player game (the dreamer's rotation, the end of a round,
the centre round, the dreamer's payment) and the goulash after a washout."""

from __future__ import annotations

from typing import Any

import pytest

from parlour.bots import make_bot
from parlour.core.match import Setup
from parlour.mahjong.actions import MahjongAction
from parlour.mahjong.session import Session, make_ruleset, play_session
from parlour.mahjong.table import Table
from parlour.records import record_of, validate

NAMES = ["Ann", "Bob", "Cid", "Dee", "Fay"]


def r1_first(s: Session) -> Setup:
    """R-1's first hand: Ann E, Bob S, Cid W, Dee N; Fay drew the dragon."""
    return Setup(
        1,
        7,
        (0, 1, 2, 3),
        prevailing=s.session_rules.rounds[0],
        flags={"round_dreamer": 4},
        resting=(4,),
    )


def session(options: dict[str, Any]) -> Session:
    players = NAMES if options.get("players") == 5 else NAMES[:4]
    return Session("classical", options, seed=1, players=players)


def won_by(seat: int, scores: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    result: dict[str, Any] = {"wins": [{"seat": seat}], "draw": False}
    if scores is not None:
        result["scores"] = scores
    return result


WASHOUT: dict[str, Any] = {"wins": [], "draw": True}


def chairs(setup: Any) -> list[str]:
    """Who sits in chairs c1-c4 with their winds, as five-players.md R-1 writes it."""
    winds = "ESWN"
    return [f"{NAMES[p]} {winds[(c - setup.dealer) % 4]}" for c, p in enumerate(setup.seating)]


def test_r1_rotation_through_one_round() -> None:
    """R-1: East loses every hand; the newcomer sits as North in the chair East left."""
    s = session({"players": 5})
    rules = s.session_rules
    setup = r1_first(s)
    want = [
        (["Ann E", "Bob S", "Cid W", "Dee N"], "Fay"),
        (["Fay N", "Bob E", "Cid S", "Dee W"], "Ann"),
        (["Fay W", "Ann N", "Cid E", "Dee S"], "Bob"),
        (["Fay S", "Ann W", "Bob N", "Dee E"], "Cid"),
        (["Fay E", "Ann S", "Bob W", "Cid N"], "Dee"),
        (["Dee N", "Ann E", "Bob S", "Cid W"], "Fay"),
    ]
    for hand, (seats, dreamer) in enumerate(want):
        assert chairs(setup) == seats, hand + 1
        assert [NAMES[p] for p in setup.resting] == [dreamer]
        assert setup.round == (0 if hand < 5 else 1)
        assert setup.prevailing == ("E" if hand < 5 else "S")
        # a seat other than East wins
        setup = rules.next_setup(s, setup, won_by((setup.dealer + 1) % 4))


def test_east_keeps_the_deal_on_a_win_and_a_washout() -> None:
    s = session({"players": 5})
    first = r1_first(s)
    after_win = s.session_rules.next_setup(s, first, won_by(first.dealer))
    after_washout = s.session_rules.next_setup(s, after_win, WASHOUT)
    for setup in (after_win, after_washout):
        assert setup.seating == first.seating and setup.resting == first.resting
        assert setup.dealer == first.dealer
    assert (after_win.streak, after_washout.streak) == (1, 2)


def test_a_washout_costs_east_the_deal_when_the_option_says_so() -> None:
    s = session({"players": 5, "east_retires_on_washout": True})
    first = r1_first(s)
    nxt = s.session_rules.next_setup(s, first, WASHOUT)
    assert [NAMES[p] for p in nxt.resting] == ["Ann"]
    assert chairs(nxt) == ["Fay N", "Bob E", "Cid S", "Dee W"]


def test_the_centre_round_follows_the_four_wind_rounds() -> None:
    s = session({"players": 5, "centre_round": True})
    assert s.session_rules.rounds == "ESWNC"
    assert s.ruleset.options == {"players": 5, "centre_round": True}
    setup = r1_first(s)
    seen = []
    while setup is not None and len(seen) < 40:
        seen.append(setup.prevailing)
        setup = s.session_rules.next_setup(s, setup, won_by((setup.dealer + 1) % 4))
    assert setup is None
    assert "".join(dict.fromkeys(seen)) == "ESWNC"
    assert len(seen) == 25  # five hands a round when East always loses


@pytest.mark.parametrize(
    ("options", "winner_tally", "want"),
    [
        # FP-2: d = 1, each loser 4, East (Ann, a loser) 8
        ({"dreamer_payment": True}, {"doubles": 1}, {"Ann": -8, "Bob": -4, "Dee": -4, "Fay": 16}),
        # a limit hand counts six doublings: 128 each, East 256
        (
            {"dreamer_payment": True},
            {"limit": True, "doubles": 2},
            {"Ann": -256, "Bob": -128, "Dee": -128, "Fay": 512},
        ),
        # seven doubles are capped at six (FA4)
        (
            {"dreamer_payment": True},
            {"doubles": 7},
            {"Ann": -256, "Bob": -128, "Dee": -128, "Fay": 512},
        ),
        # linear scale: 2 x d
        (
            {"dreamer_payment": True, "dreamer_payment_scale": "linear"},
            {"doubles": 3},
            {"Ann": -12, "Bob": -6, "Dee": -6, "Fay": 24},
        ),
        # East pays like the others
        (
            {"dreamer_payment": True, "dreamer_payment_east_double": False},
            {"doubles": 1},
            {"Ann": -4, "Bob": -4, "Dee": -4, "Fay": 12},
        ),
        # no payment without the option
        ({}, {"doubles": 5}, {}),
    ],
)
def test_the_dreamer_payment(
    options: dict[str, Any], winner_tally: dict[str, Any], want: dict[str, int]
) -> None:
    s = session({"players": 5, **options})
    setup = r1_first(s)  # Ann E, Bob S, Cid W (wins), Dee N; Fay dreams
    scores = [{"doubles": 0}, {"doubles": 0}, winner_tally, {"doubles": 0}]
    got = s.session_rules.adjust_payments(s, setup, won_by(2, scores), [0] * 5)
    assert {NAMES[p]: v for p, v in enumerate(got) if v} == want
    assert sum(got) == 0


def test_no_dreamer_payment_after_a_washout() -> None:
    s = session({"players": 5, "dreamer_payment": True})
    setup = r1_first(s)
    assert s.session_rules.adjust_payments(s, setup, WASHOUT, [0] * 5) == [0] * 5


@pytest.mark.slow
def test_a_five_player_match_replays_and_totals_ten_thousand() -> None:
    options = {"players": 5, "rounds": 1, "dreamer_payment": True}
    rs = make_ruleset("classical", options)
    s = play_session(
        [make_bot("greedy", i, ruleset=rs) for i in range(5)],
        seed=2,
        ruleset_name="classical",
        options=options,
        players=NAMES,
    )
    assert sum(s.results()["scores"]) == 5 * 2000
    assert all(len(h.setup.resting) == 1 for h in s.hands)
    assert validate(record_of(s)).ok


def test_a_goulash_follows_a_washout_with_the_same_east() -> None:
    s = session({"goulash": True})
    first = s.session_rules.first_setup(s)
    goulash = s.session_rules.next_setup(s, first, WASHOUT)
    assert goulash.flags.get("goulash") is True and goulash.dealer == first.dealer
    again = s.session_rules.next_setup(s, goulash, WASHOUT)
    assert again.flags.get("goulash") is True  # goulash_repeat
    normal = s.session_rules.next_setup(s, goulash, won_by(goulash.dealer))
    assert not normal.flags.get("goulash")
    once = session({"goulash": True, "goulash_repeat": False})
    g = once.session_rules.next_setup(once, first, WASHOUT)
    assert not once.session_rules.next_setup(once, g, WASHOUT).flags.get("goulash")
    plain = session({})
    assert not plain.session_rules.next_setup(plain, first, WASHOUT).flags.get("goulash")


def test_chows_are_played_with_five_players() -> None:
    """The four at the table play the four-player game (rule 128): chows allowed."""
    five = make_ruleset("classical", {"players": 5})
    assert five.allows(Table(five, seed=1), 0, MahjongAction("chow", 0))
    assert five.win_chows
    assert not make_ruleset("classical", {"players": 3}).win_chows


def test_the_seat_lot_decides_the_first_dreamer() -> None:
    """§3.1: the winds and a dragon drawn from the seeded lot: every player once, the
    same seed the same seats, other seeds other seats."""
    setups = [
        Session("classical", {"players": 5}, seed=k, players=NAMES).setups[0] for k in range(12)
    ]
    for setup in setups:
        assert sorted(setup.seating + setup.resting) == [0, 1, 2, 3, 4]
        assert setup.flags["round_dreamer"] == setup.resting[0]
    assert len({setup.resting for setup in setups}) > 1
    again = Session("classical", {"players": 5}, seed=3, players=NAMES).setups[0]
    assert again.seating == setups[3].seating

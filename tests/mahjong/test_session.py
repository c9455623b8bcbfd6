"""Sessions: a whole MCR match of 16 hands with seats, rounds, seat changes and scores."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

import pytest

from parlour.bots import RandomBot
from parlour.core.actions import Action
from parlour.core.errors import IllegalAction, ParlourError
from parlour.mahjong.rules.mcr import MCR_SESSION
from parlour.mahjong.ruleset import ruleset_state
from parlour.mahjong.session import (
    Session,
    SessionRules,
    hand_seed,
    play_session,
    session_rules_for,
)
from parlour.mahjong.table import Table
from table_bots import win_bots


@pytest.fixture(scope="module")
def match() -> Session:
    return play_session(win_bots(0), seed=0, players=["A", "B", "C", "D"])


# The first hand of each round, by seat wind East, South, West, North (spec §2).
SPEC_SEATING = {"E": "ABCD", "S": "BADC", "W": "CDBA", "N": "DCAB"}


def winds_of(session: Session, hand: int) -> str:
    """The players holding East, South, West, North in hand ``hand`` (0-based), as
    letters, read from the table's own seat winds."""
    table = session.tables[hand]
    seating = session.setups[hand].seating
    by_wind = {table.seat_wind(s): "ABCD"[seating[s]] for s in range(4)}
    return "".join(by_wind[w] for w in "ESWN")


def test_sixteen_hands_in_four_rounds(match: Session) -> None:
    assert match.is_over()
    assert len(match.hands) == len(match.tables) == 16
    assert [h.prevailing for h in match.hands] == list("EEEESSSSWWWWNNNN")
    assert [t.prevailing for t in match.tables] == list("EEEESSSSWWWWNNNN")
    assert [h.number for h in match.hands] == list(range(1, 17))
    assert all(t.is_over() for t in match.tables)


def test_first_hand_of_each_round_matches_the_spec_table(match: Session) -> None:
    for r, wind in enumerate("ESWN"):
        assert winds_of(match, 4 * r) == SPEC_SEATING[wind], wind


def test_seat_winds_rotate_within_a_round(match: Session) -> None:
    # hand 2: B=E, C=S, D=W, A=N (East becomes North, South becomes East, ...)
    assert winds_of(match, 1) == "BCDA"
    for h in range(16):
        if h % 4:
            before, now = winds_of(match, h - 1), winds_of(match, h)
            assert now == before[1:] + before[0], h


def test_each_player_holds_each_wind_once_per_round(match: Session) -> None:
    for r in range(4):
        for w in range(4):
            assert sorted(winds_of(match, 4 * r + k)[w] for k in range(4)) == list("ABCD")


def test_dealer_never_stays_in_mcr(match: Session) -> None:
    assert [s.dealer for s in match.setups] == [0, 1, 2, 3] * 4
    assert all(s.streak == 0 for s in match.setups)
    dealers = ["ABCD"[h.dealer] for h in match.hands]
    # each round deals from its first East around the table: ABCD, BADC, CDBA, DCAB
    assert "".join(dealers) == "ABCDBADCCDBADCAB"


def test_mcr_seatings_per_round() -> None:
    assert ["".join("ABCD"[p] for p in MCR_SESSION.seating(r)) for r in range(4)] == [
        "ABCD",
        "BADC",
        "CDBA",
        "DCAB",
    ]
    assert session_rules_for("mcr") is MCR_SESSION
    assert session_rules_for("nonesuch") == SessionRules()


def test_payments_map_from_seats_to_players(match: Session) -> None:
    totals = [0, 0, 0, 0]
    wins = 0
    for summary, table, setup in zip(match.hands, match.tables, match.setups, strict=True):
        result = table.result()
        assert result is not None
        assert sum(summary.payments) == 0
        for seat in range(4):
            assert summary.payments[setup.seating[seat]] == result["payments"][seat]
        if not result["wins"]:
            assert summary.winner is None and summary.total == 0
        else:
            wins += 1
            (win,) = result["wins"]
            assert summary.winner == setup.seating[win["seat"]]
            assert summary.winner_seat == win["seat"]
            assert summary.total == win["total"]
            if win["discarder"] is not None:
                assert summary.discarder == setup.seating[win["discarder"]]
        totals = [a + b for a, b in zip(totals, summary.payments, strict=True)]
    assert wins, "the fixture's match should hold at least one win"
    assert match.scores == totals
    assert sum(match.scores) == 0


def test_standings_rank_by_score(match: Session) -> None:
    rows = match.standings()
    assert sorted(r["player"] for r in rows) == [0, 1, 2, 3]
    assert [r["score"] for r in rows] == sorted(match.scores, reverse=True)
    assert rows[0]["rank"] == 1
    for a, b in itertools.pairwise(rows):
        assert b["rank"] == (a["rank"] if a["score"] == b["score"] else rows.index(b) + 1)
    results = match.results()
    assert results["scores"] == match.scores and results["hands"] == 16 and results["complete"]


def test_standings_share_ranks_on_ties() -> None:
    s = Session(seed=1)
    s.scores = [5, 10, 5, -20]
    assert [(r["player"], r["rank"]) for r in s.standings()] == [(1, 1), (0, 2), (2, 2), (3, 4)]


def test_results_text_lists_every_hand(match: Session) -> None:
    lines = match.results_text().splitlines()
    assert len(lines) == 1 + 16 + 1
    assert lines[-1].split()[1:] == [str(x) for x in match.scores]


def test_hand_seeds_derive_from_the_session_seed() -> None:
    a, b, c = Session(seed=9), Session(seed=9), Session(seed=10)
    assert a.current_table().seed == b.current_table().seed == hand_seed(9, 0)
    assert c.current_table().seed != a.current_table().seed
    assert len({hand_seed(9, i) for i in range(16)}) == 16


def test_a_session_is_determined_by_its_seed_and_actions() -> None:
    one = play_session(win_bots(3), seed=3)
    two = play_session(win_bots(3), seed=3)
    assert [t.actions for t in one.tables] == [t.actions for t in two.tables]
    assert [t.events for t in one.tables] == [t.events for t in two.tables]
    assert one.scores == two.scores
    # the same actions applied by hand reproduce it
    three = Session(seed=3)
    for table in one.tables:
        for seat, action in table.actions:
            three.apply(seat, action)
    assert three.is_over() and three.scores == one.scores


def test_apply_refuses_illegal_actions_and_plays_after_the_end() -> None:
    s = Session(seed=2)
    t = s.current_table()
    before = len(t.events)
    with pytest.raises(IllegalAction):
        s.apply(1, t.parse_action("discard 1m"))
    assert len(t.events) == before and not t.actions
    finished = play_session([RandomBot(seed=i) for i in range(4)], seed=2)
    with pytest.raises(IllegalAction, match="session is over"):
        finished.apply(0, Action("pass"))
    assert finished.current_table() is finished.tables[-1]


def test_apply_deals_the_next_hand_when_one_ends() -> None:
    s = Session(seed=4)
    bots = [RandomBot(seed=i) for i in range(4)]
    first = s.current_table()
    while not first.is_over():
        seat = first.to_act()[0]
        s.apply(seat, bots[s.player_at(seat)].act({}, first.legal_actions(seat)))
    assert s.current_table() is not first
    assert s.hand_number == 2 and s.current_table().dealer == 1
    assert len(s.hands) == 1 and s.hands[0].setup.number == 1
    assert s.seat_of(s.player_at(3)) == 3


def test_bots_play_for_players_not_seats() -> None:
    seen: list[tuple[int, int, str, int]] = []

    class Spy(RandomBot):
        def __init__(self, player: int) -> None:
            super().__init__(seed=player)
            self.player = player

        def act(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
            obs = observation
            seen.append((self.player, obs["seat"], obs["prevailing"], obs["dealer"]))
            return super().act(observation, legal)

    s = play_session([Spy(p) for p in range(4)], seed=6)
    setups = {(x.prevailing, x.dealer): x for x in s.setups}
    assert len(setups) == 16
    assert setups["S", 0].seating == (1, 0, 3, 2)  # South round: B at seat 0, A at seat 1
    for player, seat, prevalent, dealer in seen:
        assert setups[prevalent, dealer].seating[seat] == player


def test_dealer_stays_on_a_draw_when_the_rules_say_so() -> None:
    rules = SessionRules(dealer_stays_on_draw=True, max_hands=4)
    s = play_session([RandomBot(seed=i) for i in range(4)], seed=1, session_rules=rules)
    draws = [h.winner is None for h in s.hands]
    assert all(draws), "random bots rarely win MCR hands; pick another seed if this fails"
    assert [x.dealer for x in s.setups] == [0, 0, 0, 0]
    assert [x.streak for x in s.setups] == [0, 1, 2, 3]
    assert s.is_over() and len(s.hands) == 4


def test_dealer_stays_on_a_win_hook() -> None:
    class KeepTwice(SessionRules):
        def dealer_stays(self, result: Any, dealer: int, streak: int) -> bool:
            return streak < 2

    s = play_session(
        [RandomBot(seed=i) for i in range(4)], seed=1, session_rules=KeepTwice(rounds="E")
    )
    assert [x.dealer for x in s.setups] == [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]
    assert [x.streak for x in s.setups] == [0, 1, 2] * 4
    assert [x.number for x in s.setups] == list(range(1, 13))
    won_by = {2: {"wins": [{"seat": 2}]}, 1: {"wins": [{"seat": 1}]}, None: {"wins": []}}
    assert SessionRules(dealer_stays_on_win=True).dealer_stays(won_by[2], 2, 0)
    assert not SessionRules(dealer_stays_on_win=True).dealer_stays(won_by[1], 2, 0)
    assert not MCR_SESSION.dealer_stays(won_by[2], 2, 0)
    assert not MCR_SESSION.dealer_stays(won_by[None], 2, 0)


def test_one_round_without_seat_changes() -> None:
    s = play_session(
        [RandomBot(seed=i) for i in range(4)], seed=5, session_rules=SessionRules(rounds="E")
    )
    assert len(s.hands) == 4 and all(x.seating == (0, 1, 2, 3) for x in s.setups)


def test_the_older_names_still_work() -> None:
    """``rules`` (the session rules, argument and attribute), ``prevalent`` (the
    prevailing wind) and an observation saved with its ruleset state under ``rules``."""
    own = SessionRules(rounds="E", max_hands=2)
    s = Session(seed=5, rules=own)
    assert s.session_rules is own and s.rules is own
    with pytest.raises(AttributeError):
        s.rules = SessionRules()  # type: ignore[misc]
    with pytest.raises(TypeError, match="not both"):
        Session(seed=5, session_rules=own, rules=SessionRules())
    played = play_session([RandomBot(seed=i) for i in range(4)], seed=5, rules=own)
    assert played.session_rules is own and len(played.hands) == 2
    table = s.current_table()
    assert s.prevalent == s.prevailing == table.prevalent == table.prevailing == "E"
    assert played.hands[0].prevalent == played.hands[0].prevailing == "E"
    assert Table(seed=1, prevalent="S").prevailing == "S"
    obs = table.observation(0)
    assert obs["ruleset_state"] == {} and "rules" not in obs
    saved = {"rules": {"gold": "5p"}}
    assert (
        ruleset_state(saved) == {"gold": "5p"} == ruleset_state({"ruleset_state": saved["rules"]})
    )


def test_session_rules_json_round_trip() -> None:
    rules = SessionRules(rounds="ES", dealer_stays_on_win=True, max_hands=9)
    assert SessionRules.from_json(rules.to_json()) == rules
    with pytest.raises(ValueError, match="unknown session rule"):
        SessionRules.from_json({"dealer_repeats": True})
    with pytest.raises(ValueError, match="rounds"):
        SessionRules.from_json({"rounds": "EX"})
    with pytest.raises(ValueError, match="seat_changes"):
        SessionRules.from_json({"seat_changes": [[0, 0, 1, 2]]})


def test_bad_setups_are_refused() -> None:
    with pytest.raises(ValueError, match="4 players"):
        Session(players=["A", "B"])
    with pytest.raises(ParlourError, match="unknown rule system"):
        Session("nonesuch")
    with pytest.raises(ParlourError, match="kong_values"):
        Session(options={"kong_values": "nope"})
    with pytest.raises(ValueError, match="4 bots"):
        play_session([RandomBot()], seed=1)


def test_a_random_session_plays_to_the_end() -> None:
    s = play_session([RandomBot(seed=i) for i in range(4)], seed=11)
    assert s.is_over() and len(s.hands) == 16


def test_a_session_is_a_game_the_protocol_can_drive() -> None:
    """to_act / legal_actions / apply / observation / result over a whole match."""
    from parlour.bots import RandomBot
    from parlour.core.game import Game

    session = Session(seed=4)
    game: Game = session  # the protocol is satisfied structurally
    bots = [RandomBot(i) for i in range(4)]
    while not game.is_over():
        seat = game.to_act()[0]
        obs = game.observation(seat)
        assert obs["match"]["hand"] == session.hand_number
        game.apply(seat, bots[seat].act(obs, game.legal_actions(seat)))
    result = game.result()
    assert result is not None and result["complete"] and result["hands"] == 16
    assert game.to_act() == () and game.legal_actions(0) == []
    assert sum(result["scores"]) == 0


def test_the_winner_deals_and_a_draw_passes_the_deal_unless_the_dealer_stays() -> None:
    from parlour.core.match import Setup

    def nxt(rules: SessionRules, result: dict[str, Any]) -> Any:
        session = Session(seed=1)
        last = Setup(3, 5, (0, 1, 2, 3), dealer=2, prevailing="E", streak=1)
        return rules.next_setup(session, last, result)

    draw: dict[str, Any] = {"wins": []}
    won = {"wins": [{"seat": 0, "discarder": 3}]}
    double = {"wins": [{"seat": 0, "discarder": 3}, {"seat": 1, "discarder": 3}]}
    keeps = SessionRules(winner_deals=True, dealer_stays_on_draw=True)
    passes = SessionRules(winner_deals=True)
    assert (nxt(keeps, draw).dealer, nxt(keeps, draw).streak) == (2, 2)
    assert (nxt(passes, draw).dealer, nxt(passes, draw).streak) == (3, 0)
    assert (nxt(keeps, won).dealer, nxt(keeps, won).streak) == (0, 0)
    assert nxt(keeps, double).dealer == 3  # after a double win, the discarder deals


def test_players_who_sit_out_are_named_in_every_setup() -> None:
    class Five(SessionRules):
        def num_players(self, num_seats: int) -> int:
            return num_seats + 1

    s = play_session([RandomBot(seed=i) for i in range(5)], seed=1, session_rules=Five(rounds="ES"))
    assert len(s.setups) == 8
    assert all(x.resting == (4,) for x in s.setups)
    assert s.observation(0)["match"]["players"][4]["seat"] is None

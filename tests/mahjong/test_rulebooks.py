"""The engine's primitives, each proved end to end by a test-only rulebook.

For every rulebook of :mod:`rulebooks`, random sessions (hypothesis chooses the seeds)
check after every action: every tile in exactly one place (tiles set aside included),
no observation or event of any seat showing another seat's concealed tiles, the wall or
the seed, each hand's payments summing as the rulebook says; and at the end the record
validates, replays to the same events, and names the first altered move when one move
is changed. Then one test per primitive shows it doing what its rulebook says.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rulebooks
from leaks import shows_tiles
from parlour.core.actions import Action
from parlour.core.errors import IllegalAction
from parlour.mahjong.session import Session, play_session
from parlour.mahjong.table import Table, stacked_deal, tile_count_check
from parlour.mahjong.tiles import TILES_84, format_tiles
from parlour.records import record_of, replay, validate
from rulebooks import KeenBot

SETTINGS = settings(max_examples=4, deadline=None)


def check_table(table: Table, events_seen: int) -> None:
    """The invariants of every state of a hand."""
    assert tile_count_check(table) == list(table.tile_set.counts)
    n = table.num_seats
    hands = [format_tiles(h) for h in table.hands]
    for seat in range(n):
        obs = table.observation(seat)
        text = json.dumps(obs)
        assert obs["hand"] == hands[seat]
        assert '"seed"' not in text and "wall_tiles" not in text
        for other in range(n):
            if other == seat or other in table.public or table.is_over():
                continue
            if len(table.hands[other]) >= 5:
                assert not shows_tiles(text, hands[other]), "another seat's concealed tiles"
            for m in table.melds[other]:
                if not m.exposed:
                    assert str(m) not in text, "another seat's concealed kong"
        for s in range(n):
            if s in table.public and s != seat:
                assert obs["public_hands"][s] == hands[s]
            else:
                assert obs["public_hands"][s] is None
    for e in table.events[events_seen:]:
        if e.kind in ("deal", "drawn", "received", "concealed_kong_tile"):
            assert e.to is not None, f"{e.kind} is told to its seat only"


def play_checked(name: str, seed: int, choice_seed: int, *, ask_everyone: bool = True) -> Session:
    session = Session(name, seed=seed, ask_everyone=ask_everyone)
    bots = [KeenBot(choice_seed * 10 + p) for p in range(session.num_players)]
    steps = 0
    while not session.is_over():
        table = session.current_table()
        number = session.hand_number
        seat = table.to_act()[0]
        shown = len(table.events)
        action = bots[session.player_at(seat)].act(
            table.observation(seat), table.legal_actions(seat)
        )
        session.apply(seat, action, hand=number)
        check_table(table, shown)
        steps += 1
        assert steps < 20000
        if table.is_over():
            result = table.result()
            assert result is not None
            transfers = [t["payments"] for t in result.get("transfers", [])]
            wins = [w["payments"] for w in result["wins"]]
            for p in [*transfers, *wins, result["payments"]]:
                assert sum(p) == 0
            total = (
                [sum(x) for x in zip(*transfers, *wins, strict=True)] if transfers or wins else None
            )
            if total is not None and result["wins"]:
                assert total == result["payments"]
    return session


def check_record(session: Session, seed: int) -> None:
    record = record_of(session)
    report = validate(record)
    assert report.ok, report.message
    assert json.loads(json.dumps(record)) == record
    for h, table in enumerate(session.tables, start=1):
        events = [e for step in replay(record) if step.hand == h for e in step.events]
        assert events == table.events
    # change one move to another legal action and validation names that move
    rng = random.Random(seed)
    h = rng.randrange(len(record["hands"]))
    entry = record["hands"][h]
    replayed = Session(
        record["ruleset"], seed=record["seed"], ask_everyone=record["ask"] == "everyone"
    )
    for e in record["hands"][:h]:
        for seat, text, _ in e["actions"]:
            replayed.apply(seat, replayed.parse_action(text))
    table = replayed.current_table()
    candidates = []
    for i, (seat, text, _) in enumerate(entry["actions"]):
        others = [a for a in table.legal_actions(seat) if table.format_action(a) != text]
        if others:
            candidates.append((i, seat, table.format_action(rng.choice(others))))
        replayed.apply(seat, table.parse_action(text))
    if not candidates:
        return
    i, seat, other = rng.choice(candidates)
    changed = copy.deepcopy(record)
    changed["hands"][h]["actions"][i][1] = other
    report = validate(changed)
    assert not report.ok
    assert (report.hand, report.move) == (h + 1, i + 1), report.message


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(rulebooks.RULEBOOKS))
@SETTINGS
@given(seed=st.integers(0, 2**31), choice_seed=st.integers(0, 2**31))
def test_random_sessions_keep_every_invariant(name: str, seed: int, choice_seed: int) -> None:
    session = play_checked(name, seed, choice_seed)
    assert session.is_over()
    check_record(session, seed)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(rulebooks.RULEBOOKS))
def test_asking_only_able_seats_also_keeps_every_invariant(name: str) -> None:
    session = play_checked(name, 3, 3, ask_everyone=False)
    check_record(session, 3)


# -- three seats, the 84-tile set ----------------------------------------------------------


def test_three_seats_deal_the_84_tiles_from_14_stack_walls() -> None:
    table = Table(rulebooks.ThreeSeats(), seed=5, dealer=1)
    assert table.num_seats == 3
    assert [len(h) for h in table.hands] == [13, 14, 13]
    assert table.wall_count() == 84 - 40 == 44
    assert len(table.dice) == 2  # one throw breaks the wall
    assert table.observation(0)["seat_names"] == ["left", "banker", "right"]
    assert sum(table.tile_set.counts) == TILES_84.size
    assert all(t >= 9 for h in table.hands for t in h)  # no characters, no winds


def test_a_tile_set_that_does_not_fit_the_walls_is_refused() -> None:
    class Misfit(rulebooks.ThreeSeats):
        name = "test-misfit"
        wall = rulebooks.WallRules(stacks_per_wall=18)

    with pytest.raises(ValueError, match="84 tiles, but 3 walls of 18 stacks two high hold 108"):
        Table(Misfit(), seed=1)


@pytest.mark.slow
def test_no_chows_with_three_seats() -> None:
    for seed in range(5):
        session = play_checked("test-three-seats", seed, seed, ask_everyone=False)
        for table in session.tables:
            assert not any(a[0] == "chow" for _, a in table.actions)


# -- 16-tile hands, a Gold after the deal, an ordered window --------------------------------


def test_the_gold_is_turned_up_after_the_deal_and_replays_exactly() -> None:
    golds = set()
    for seed in range(40):
        table = Table(rulebooks.Gold(), seed=seed)
        assert [len(h) for h in table.hands] == [17, 16, 16, 16]
        gold = table.state.gold
        assert gold is not None and gold < 34
        *bonus, indicator = table.wall.set_aside  # a bonus tile turned up is set aside too
        assert indicator == table.state.indicator and all(t >= 34 for t in bonus)
        assert Table(rulebooks.Gold(), seed=seed).state.gold == gold
        obs = table.observation(2)
        assert obs["ruleset_state"]["gold"] == obs["window"]["gold"]
        golds.add(gold)
    assert len(golds) > 10


def test_the_after_deal_window_asks_one_seat_at_a_time_from_the_dealer() -> None:
    table = Table(rulebooks.Gold(), seed=3, dealer=2)
    assert table.phase == "after_deal"
    asked = []
    while table.phase == "after_deal":
        (seat,) = table.to_act()
        asked.append(seat)
        assert table.legal_actions(seat)[0] == Action("pass")
        table.apply(seat, table.parse_action("pass"))
    assert asked == [2, 3, 0, 1]
    assert table.phase == "turn" and table.current == 2


def test_three_golds_knock_in_the_window() -> None:
    found = 0
    for seed in range(3000):
        table = Table(rulebooks.Gold(), seed=seed, ask_everyone=False)
        if table.phase != "after_deal":
            continue
        (seat,) = table.to_act()
        assert table.hands[seat].count(table.state.gold) >= 3
        table.apply(seat, table.parse_action("knock"))
        result = table.result()
        assert result is not None and result["wins"][0]["seat"] == seat
        found += 1
        if found == 2:
            break
    assert found == 2


def test_a_discarded_gold_cannot_be_claimed() -> None:
    for seed in range(30):
        table = Table(rulebooks.Gold(), seed=seed)
        while table.phase == "after_deal":
            table.apply(table.to_act()[0], table.parse_action("pass"))
        gold = table.state.gold
        if gold in table.hands[table.dealer]:
            table.apply(table.dealer, Action("discard", gold))
            assert table.phase == "turn" and table.current == (table.dealer + 1) % 4
            return
    raise AssertionError("some dealer holds a Gold")


# -- the simultaneous exchange ------------------------------------------------------------


def test_three_exchanges_of_three_tiles_chosen_face_down() -> None:
    table = Table(rulebooks.Exchange(), seed=9, ask_everyone=False)
    rng = random.Random(9)
    for r in range(3):
        assert table.phase == "exchange" and table.to_act() == (0, 1, 2, 3)
        assert table.observation(1)["window"] == {"kind": "exchange", "round": r + 1}
        before = [list(h) for h in table.hands]
        chosen = {}
        for seat in (2, 0, 3, 1):
            legal = table.legal_actions(seat)
            assert all(a[0] == "exchange" and len(a[1]) == 3 for a in legal)
            chosen[seat] = rng.choice(legal)
            events = table.apply(seat, chosen[seat])
            if seat != 1:
                assert events == []  # a choice is face down: nobody hears of it
        partner = {}
        for a, b in rulebooks.EXCHANGE_ROUNDS[r]:
            partner[a], partner[b] = b, a
        for seat in range(4):
            giver = partner[seat]
            expect = list(before[seat])
            for t in chosen[seat][1]:
                expect.remove(t)
            assert sorted(table.hands[seat]) == sorted(expect + list(chosen[giver][1]))
    assert table.phase == "turn" and table.current == 0
    received = [e for e in table.events if e.kind == "received"]
    assert len(received) == 12 and all(e.to == e.seat for e in received)


def test_an_exchange_choice_must_be_three_tiles_held() -> None:
    table = Table(rulebooks.Exchange(), seed=2)
    missing = next(t for t in range(34) if t not in table.hands[0])
    for bad in [(missing, missing, missing), (0, 1), "1m 2m 3m", (0.0, 1, 2)]:
        with pytest.raises(IllegalAction):
            table.apply(0, Action("exchange", bad))
    assert not table.actions


# -- several winners on one discard ---------------------------------------------------------


def test_a_double_win_pays_each_winner_from_the_discarder() -> None:
    hands = [
        "123p 456p 789p 11s 2s 9s C",  # the dealer
        "123s 456s 789s 55p 23p",  # waits on 1p or 4p
        "123p 456p 789p 66s 23p",  # waits on 1p or 4p
    ]
    table = Table(
        rulebooks.DoubleWin(),
        deal=stacked_deal(hands, draws="F P 4p", tile_set=TILES_84),
        ask_everyone=False,
    )
    table.apply(0, table.parse_action("discard C"))  # seat 1 draws F
    table.apply(1, table.parse_action("discard F"))  # seat 2 draws P
    table.apply(2, table.parse_action("discard P"))  # the dealer draws 4p
    table.apply(0, table.parse_action("discard 4p"))  # seats 1 and 2 both win on it
    assert table.phase == "claim" and table.to_act() == (1, 2)
    table.apply(2, table.parse_action("win 4p"))
    table.apply(1, table.parse_action("win 4p"))
    result = table.result()
    assert result is not None
    assert [w["seat"] for w in result["wins"]] == [1, 2]  # nearest the discarder first
    assert all(w["discarder"] == 0 and w["payments"][0] == -1 for w in result["wins"])
    assert result["payments"] == [-2, 1, 1]
    # the one tile goes to the nearest winner; seat 2 keeps only the 4p of its 456p
    assert table.hands[1].count(12) == 1 and table.hands[2].count(12) == 1
    assert tile_count_check(table) == list(table.tile_set.counts)


@pytest.mark.slow
def test_double_wins_arise_in_random_play_and_keep_every_invariant() -> None:
    """Bots that play for a ready hand, until two hands have each been won by two
    seats on one discard: both paid by the discarder, every tile accounted for, the
    record valid and a changed move named."""
    found = 0
    for seed in range(800):
        session = Session(
            "test-double-win", seed=seed, session_rules=rulebooks.SessionRules(max_hands=1)
        )
        bots = [rulebooks.ReadyBot(seed * 3 + p) for p in range(3)]
        table = session.current_table()
        while not session.is_over():
            seat = table.to_act()[0]
            shown = len(table.events)
            session.apply(seat, bots[seat].act(table.observation(seat), table.legal_actions(seat)))
            check_table(table, shown)
        result = table.result()
        assert result is not None
        if len(result["wins"]) < 2:
            continue
        found += 1
        discarders = {w["discarder"] for w in result["wins"]}
        assert len(discarders) == 1 and None not in discarders
        (discarder,) = discarders
        for w in result["wins"]:
            assert not w["self_drawn"] and w["payments"][discarder] == -w["total"]
        assert result["payments"][discarder] == -sum(w["total"] for w in result["wins"])
        check_record(session, seed)
        if found == 2:
            return
    raise AssertionError(f"only {found} double wins in 800 random hands")


# -- a kept draw with no discard -------------------------------------------------------------


def test_the_last_four_draws_are_kept_without_a_discard() -> None:
    whole = 0
    for seed in range(10):
        table = Table(rulebooks.KeptDraw(), seed=seed, ask_everyone=False)
        rng = random.Random(seed)
        kept = 0
        while not table.is_over():
            seat = table.to_act()[0]
            legal = table.legal_actions(seat)
            kinds = {a[0] for a in legal}
            if table.phase == "turn" and table.drew and table.wall.live() < 4:
                assert kinds <= {"win", "keep"} and "keep" in kinds
                size = len(table.hands[seat])
                table.apply(seat, table.parse_action("keep"))
                kept += 1
                assert len(table.hands[seat]) == size  # kept: no discard
                continue
            assert "keep" not in kinds
            non_wins = [a for a in legal if a[0] not in ("win", "rob")]
            table.apply(seat, rng.choice(non_wins or legal))
        result = table.result()
        assert result is not None
        if not result["wins"]:
            assert 1 <= kept <= 4 and table.wall.live() == 0
            whole += kept == 4
    assert whole >= 3


# -- a declaration that makes a hand public ---------------------------------------------------


@pytest.mark.slow
def test_a_disclosed_hand_is_public_and_frozen() -> None:
    disclosures = 0
    for seed in range(60):
        table = Table(rulebooks.Disclosure(), seed=seed, ask_everyone=False)
        rng = random.Random(seed)
        while not table.is_over():
            seat = table.to_act()[0]
            legal = table.legal_actions(seat)
            declared = [a for a in legal if a[0] == "discard" and type(a[1]) is tuple]
            if declared and seat not in table.public:
                before = [table.observation(s)["public_hands"][seat] for s in range(4)]
                assert before == [None] * 4
                action = declared[0]
                table.apply(seat, action)
                disclosures += 1
                for s in range(4):
                    seen = table.observation(s)["public_hands"][seat]
                    assert seen == (None if s == seat else format_tiles(table.hands[seat]))
                reveal = [e for e in table.events if e.kind == "reveal"][-1]
                assert reveal.to is None and reveal.seat == seat
                continue
            if seat in table.public:
                kinds = {a[0] for a in legal}
                assert not kinds & {"chow", "pung", "kong", "concealed_kong", "added_kong"}
                discards = [a for a in legal if a[0] == "discard"]
                if table.phase == "turn":
                    assert discards == [Action("discard", table.last_drawn(seat))]
            table.apply(seat, rng.choice([a for a in legal if a[0] != "win"] or legal))
        result = table.result()
        assert result is not None
        if not result["wins"] and table.state.disclosed:
            first = table.state.disclosed[0]
            assert result["payments"][first] == -3
            assert all(result["payments"][s] == 1 for s in range(4) if s != first)
    assert disclosures >= 5


# -- kong payments made at once -----------------------------------------------------------


@pytest.mark.slow
def test_kongs_are_paid_when_they_stand_and_never_cancelled() -> None:
    paid = 0
    for seed in range(40):
        session = play_checked("test-kong-payments", seed, seed, ask_everyone=False)
        for table in session.tables:
            result = table.result()
            assert result is not None
            payments = [e for e in table.events if e.kind == "payment"]
            assert [t["payments"] for t in result.get("transfers", [])] == [
                list(e.data["payments"]) for e in payments
            ]
            for e in payments:
                amounts = list(e.data["payments"])
                assert sum(amounts) == 0 and amounts[e.seat] > 0
                paid += 1
    assert paid >= 10


def test_kong_payment_amounts() -> None:
    rules = rulebooks.KongPayments()

    class T:
        num_seats = 4

    from parlour.mahjong.melds import kong

    t: Any = T()
    assert rules.kong_payments(t, 1, kong(5, claimed_from=2), 1) == [0, 2, 0, -2]
    assert rules.kong_payments(t, 1, kong(5, claimed_from=1, added=True), 1) == [-1, 3, -1, -1]
    assert rules.kong_payments(t, 1, kong(5, exposed=False), 2) == [-4, 12, -4, -4]


# -- five players at four seats ------------------------------------------------------------


def test_a_dreamer_sits_out_each_hand() -> None:
    session = play_session([KeenBot(p) for p in range(5)], seed=2, ruleset_name="test-dreamer")
    assert session.num_players == 5 and session.num_seats == 4
    assert len(session.outcomes) == 8
    for outcome, nxt in zip(session.outcomes, [*session.setups[1:], None], strict=True):
        setup = outcome.setup
        assert len(setup.resting) == 1 and sorted([*setup.seating, *setup.resting]) == list(
            range(5)
        )
        assert outcome.payments[setup.resting[0]] == 0  # the dreamer plays no part
        assert sum(outcome.payments) == 0
        if nxt is not None and setup.dealer not in [w["seat"] for w in outcome.result["wins"]]:
            assert nxt.resting == (setup.seating[setup.dealer],)
    views = session.observation(0)["match"]["players"]
    assert [v["seat"] for v in views].count(None) == 1
    assert sum(session.scores) == 0


# -- the winner deals next ------------------------------------------------------------------


def test_the_winner_deals_the_next_hand() -> None:
    won = drawn = 0
    for seed in range(4):
        session = play_session(
            [KeenBot(p) for p in range(4)], seed=seed, ruleset_name="test-winner-deals"
        )
        assert len(session.outcomes) == 8
        for outcome, nxt in zip(session.outcomes, session.setups[1:], strict=False):
            wins = outcome.result["wins"]
            last = outcome.setup
            if wins:
                won += 1
                assert nxt.dealer == wins[0]["seat"]
                assert nxt.streak == (last.streak + 1 if nxt.dealer == last.dealer else 0)
            else:
                drawn += 1
                assert nxt.dealer == last.dealer and nxt.streak == last.streak + 1
    assert won >= 4 and drawn >= 4

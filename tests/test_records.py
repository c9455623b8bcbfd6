"""Game records: writing, reading, replaying and validating sessions and single hands,
and catching tampered records at the right hand and move."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from parlour.bots import RandomBot
from parlour.core.errors import ParlourError
from parlour.core.game import Action
from parlour.mahjong.session import Session, SessionRules, play_session
from parlour.mahjong.table import Table, stacked_deal
from parlour.records import (
    FORMAT,
    VERSION,
    RecordError,
    check_record,
    dumps_record,
    loads_record,
    read_record,
    record_of,
    replay,
    session_of,
    validate,
    write_record,
)
from table_bots import WinBot


@pytest.fixture(scope="module")
def match() -> Session:
    return play_session([WinBot(i) for i in range(4)], seed=0, players=["Ann", "Bob", "Cid", "Dee"])


@pytest.fixture(scope="module")
def pristine(match: Session) -> dict[str, Any]:
    return record_of(match)


@pytest.fixture
def record(pristine: dict[str, Any]) -> dict[str, Any]:
    """A fresh copy of the match's record, to tamper with."""
    return copy.deepcopy(pristine)


def won_hand(record: dict[str, Any]) -> int:
    """The index of the first hand with a winner."""
    return next(i for i, h in enumerate(record["hands"]) if h["result"]["winner"] is not None)


def turn_pair(actions: list[list[Any]]) -> int:
    """An index i where actions i and i+1 are discards by different seats (the first
    opens no claim), after the opening moves."""
    for i in range(5, len(actions) - 1):
        (s1, a1), (s2, a2) = actions[i], actions[i + 1]
        if a1.startswith("discard") and a2.startswith("discard") and s1 != s2:
            return i
    raise AssertionError("no pair of successive discards")


# -- the record's shape -------------------------------------------------------------------


def test_record_of_a_session(match: Session, pristine: dict[str, Any]) -> None:
    assert pristine["format"] == FORMAT and pristine["version"] == VERSION == 1
    assert pristine["kind"] == "session" and pristine["ruleset"] == "mcr"
    assert pristine["options"] == {} and pristine["seed"] == 0
    assert pristine["players"] == ["Ann", "Bob", "Cid", "Dee"]
    assert "session_rules" not in pristine  # MCR's own
    assert len(pristine["hands"]) == 16
    for entry, table, setup in zip(pristine["hands"], match.tables, match.setups, strict=True):
        assert entry["seed"] == table.seed and entry["dealer"] == table.dealer
        assert entry["prevalent"] == table.prevalent
        assert entry["seating"] == list(setup.seating)
        assert entry["actions"] == [[s, str(a)] for s, a in table.actions]
        assert entry["result"] == json.loads(json.dumps(table.result()))
    assert pristine["results"]["scores"] == match.scores
    assert pristine["results"]["complete"] is True
    assert json.loads(json.dumps(pristine)) == pristine


def test_write_and_read_round_trip(tmp_path: Path, pristine: dict[str, Any]) -> None:
    path = tmp_path / "match.json"
    write_record(path, pristine)
    assert read_record(path) == pristine
    assert json.loads(path.read_text()) == pristine
    assert loads_record(dumps_record(pristine)) == pristine
    assert not list(tmp_path.glob("*.tmp"))
    assert validate(read_record(path)).ok


def test_record_of_a_single_table() -> None:
    table = Table(seed=12)
    bots = [WinBot(i) for i in range(4)]
    while not table.is_over():
        for seat in table.to_act():
            table.apply(seat, bots[seat].act(table.observation(seat), table.legal_actions(seat)))
    rec = record_of(table)
    assert rec["kind"] == "hand" and len(rec["hands"]) == 1
    assert rec["results"]["scores"] == table.result()["payments"]  # type: ignore[index]
    report = validate(rec)
    assert report.ok, report.message
    assert report.moves == len(table.actions)
    events = [e for step in replay(rec) for e in step.events]
    assert events == table.events
    rec["hands"][0]["result"]["payments"][0] += 1
    assert validate(rec).message.startswith("hand 1: result differs: recorded payments")


def test_a_prepared_deal_cannot_be_recorded() -> None:
    hands = ["123456789m 1234p 5p", "19m19p19s ESWN CFP", "123456789s 1234m", "2345678p 5678s 56m"]
    table = Table(deal=stacked_deal(hands))
    with pytest.raises(RecordError, match="prepared deal"):
        record_of(table)


def test_a_session_in_progress_records_and_resumes() -> None:
    s = Session(seed=8)
    bots = [RandomBot(seed=i) for i in range(4)]
    while s.hand_number < 2 or len(s.current_table().actions) < 30:
        t = s.current_table()
        seat = t.to_act()[0]
        s.apply(seat, bots[s.player_at(seat)].act({}, t.legal_actions(seat)))
    rec = record_of(s)
    assert len(rec["hands"]) == 2 and rec["hands"][1]["result"] is None
    assert rec["results"]["complete"] is False and rec["results"]["hands"] == 1
    assert validate(rec).ok
    again = session_of(rec)
    assert again.hand_number == 2 and again.current_table().actions == s.current_table().actions
    assert again.current_table().events == s.current_table().events


def test_custom_session_rules_are_recorded() -> None:
    rules = SessionRules(rounds="E", dealer_stays_on_draw=True, max_hands=3)
    s = play_session([RandomBot(seed=i) for i in range(4)], seed=1, rules=rules)
    rec = record_of(s)
    assert SessionRules.from_json(rec["session_rules"]) == rules
    assert validate(rec).ok
    del rec["session_rules"]
    report = validate(rec)
    assert not report.ok and report.hand == 2 and "dealer" in report.message


# -- replay -------------------------------------------------------------------------------


def test_a_recorded_session_replays_to_the_same_events(
    match: Session, pristine: dict[str, Any]
) -> None:
    by_hand: dict[int, list[Any]] = {}
    moves: dict[int, list[int]] = {}
    for step in replay(pristine):
        by_hand.setdefault(step.hand, []).extend(step.events)
        moves.setdefault(step.hand, []).append(step.move)
        if step.move:
            assert step.action is not None and step.seat is not None
        else:
            assert step.action is None and step.seat is None
    assert sorted(by_hand) == list(range(1, 17))
    for h, table in enumerate(match.tables, start=1):
        assert by_hand[h] == table.events
        assert moves[h] == list(range(len(table.actions) + 1))


def test_session_of_rebuilds_the_standings(match: Session, pristine: dict[str, Any]) -> None:
    again = session_of(pristine)
    assert again.is_over() and again.scores == match.scores
    assert again.standings() == match.standings()
    assert [h.to_json() for h in again.hands] == [h.to_json() for h in match.hands]


def test_replay_stops_at_an_illegal_action(record: dict[str, Any]) -> None:
    record["hands"][2]["actions"][4] = [0, "kong 1m"]
    with pytest.raises(RecordError) as info:
        list(replay(record))
    assert (info.value.hand, info.value.move) == (3, 5)
    assert str(info.value).startswith("hand 3, move 5: seat 0 cannot 'kong 1m'")


# -- validation ---------------------------------------------------------------------------


def test_an_untouched_record_validates(pristine: dict[str, Any]) -> None:
    report = validate(pristine)
    assert report.ok and bool(report)
    moves = sum(len(h["actions"]) for h in pristine["hands"])
    assert (report.hands, report.moves) == (16, moves)
    assert str(report) == f"ok: 16 hands, {moves} moves replayed; results match"


def test_a_changed_action_is_caught_at_its_move(record: dict[str, Any]) -> None:
    actions = record["hands"][3]["actions"]
    i = turn_pair(actions)
    seat = actions[i][0]
    table = Table(seed=record["hands"][3]["seed"], dealer=record["hands"][3]["dealer"])
    for s, a in actions[:i]:
        table.apply(s, Action.parse(a))
    held = set(table.hands[seat])
    missing = next(t for t in range(34) if t not in held)
    actions[i] = [seat, str(Action("discard", missing))]
    report = validate(record)
    assert not report.ok
    assert (report.hand, report.move) == (4, i + 1)
    assert report.message.startswith(f"hand 4, move {i + 1}: seat {seat} cannot 'discard ")
    assert "holds no" in report.message


def test_a_changed_claim_is_caught(record: dict[str, Any]) -> None:
    actions = record["hands"][0]["actions"]
    i = turn_pair(actions) + 1  # a discard after which the next seat is to act
    seat = actions[i][0]
    actions[i] = [seat, "pung 5p"]
    report = validate(record)
    assert (report.hand, report.move) == (1, i + 1)
    assert report.message.startswith(f"hand 1, move {i + 1}: seat {seat} cannot 'pung 5p': ")


def test_a_changed_payment_is_caught(record: dict[str, Any]) -> None:
    h = won_hand(record)
    result = record["hands"][h]["result"]
    result["payments"][0] += 8
    result["payments"][1] -= 8
    report = validate(record)
    assert not report.ok and (report.hand, report.move) == (h + 1, None)
    assert report.message.startswith(f"hand {h + 1}: result differs: recorded payments [")


def test_a_changed_winner_is_caught(record: dict[str, Any]) -> None:
    h = won_hand(record)
    winner = record["hands"][h]["result"]["winner"]
    record["hands"][h]["result"]["winner"] = (winner + 1) % 4
    report = validate(record)
    assert report.message == (
        f"hand {h + 1}: result differs: recorded winner {(winner + 1) % 4}, replay winner {winner}"
    )


def test_a_draw_recorded_as_a_win_is_caught(record: dict[str, Any]) -> None:
    h = next(i for i, e in enumerate(record["hands"]) if e["result"]["winner"] is None)
    record["hands"][h]["result"]["winner"] = 2
    report = validate(record)
    assert report.message == f"hand {h + 1}: result differs: recorded winner 2, replay winner none"


def test_reordered_actions_are_caught(record: dict[str, Any]) -> None:
    actions = record["hands"][5]["actions"]
    i = turn_pair(actions)
    actions[i], actions[i + 1] = actions[i + 1], actions[i]
    report = validate(record)
    assert (report.hand, report.move) == (6, i + 1)
    assert "has nothing to decide now" in report.message


def test_a_dropped_action_is_caught(record: dict[str, Any]) -> None:
    actions = record["hands"][7]["actions"]
    i = turn_pair(actions)
    dropped_seat = actions[i][0]
    del actions[i]
    report = validate(record)
    assert (report.hand, report.move) == (8, i + 1)
    assert f"to act: {dropped_seat}" in report.message


def test_a_dropped_last_action_is_caught(record: dict[str, Any]) -> None:
    actions = record["hands"][0]["actions"]
    actions.pop()
    report = validate(record)
    assert (report.hand, report.move) == (1, len(actions) + 1)
    assert "the record ends before the hand does" in report.message


def test_an_extra_action_is_caught(record: dict[str, Any]) -> None:
    actions = record["hands"][1]["actions"]
    actions.append([0, "discard 1m"])
    report = validate(record)
    assert (report.hand, report.move) == (2, len(actions))
    assert "the hand is already over" in report.message


def test_an_unreadable_action_is_caught(record: dict[str, Any]) -> None:
    record["hands"][4]["actions"][2][1] = "discard 4x"
    report = validate(record)
    assert (report.hand, report.move) == (5, 3)
    assert "cannot read the action 'discard 4x'" in report.message


def test_changed_setups_are_caught(record: dict[str, Any]) -> None:
    other = copy.deepcopy(record)
    record["hands"][6]["seed"] += 1
    report = validate(record)
    assert (report.hand, report.move) == (7, None)
    assert report.message.startswith("hand 7: recorded seed")
    other["hands"][4]["seating"] = [0, 1, 2, 3]
    assert validate(other).message == (
        "hand 5: recorded seating [0, 1, 2, 3], the session's seating is [1, 0, 3, 2]"
    )


def test_a_changed_session_seed_is_caught(record: dict[str, Any]) -> None:
    record["seed"] = 1
    assert validate(record).message.startswith("hand 1: recorded seed")


def test_changed_standings_are_caught(record: dict[str, Any]) -> None:
    record["results"]["scores"][2] += 1
    report = validate(record)
    assert report.message.startswith("standings differ: recorded scores [")
    assert report.hand is None


def test_an_extra_hand_is_caught(record: dict[str, Any]) -> None:
    record["hands"].append(copy.deepcopy(record["hands"][0]))
    report = validate(record)
    assert report.message == "hand 17: the session is over after 16 hands"


def test_a_missing_hand_is_caught_by_the_standings(record: dict[str, Any]) -> None:
    del record["hands"][-1]
    report = validate(record)
    assert not report.ok and report.message.startswith("standings differ")


# -- malformed records --------------------------------------------------------------------


def test_record_error_is_a_parlour_error() -> None:
    assert issubclass(RecordError, ParlourError)


def test_reading_a_missing_or_non_json_file(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read"):
        read_record(tmp_path / "nope.json")
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "parlour-record",')
    with pytest.raises(RecordError, match=r"bad\.json is not JSON: .*line 1"):
        read_record(bad)
    binary = tmp_path / "bin.json"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(RecordError):
        read_record(binary)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r.pop("format"), "not a parlour record"),
        (lambda r: r.update(format="chess-pgn"), "not a parlour record"),
        (lambda r: r.pop("version"), "has no 'version'"),
        (lambda r: r.update(version=2), "record version 2 is not supported"),
        (lambda r: r.update(version="1"), "record version '1' is not supported"),
        (lambda r: r.pop("hands"), "has no 'hands'"),
        (lambda r: r.pop("seed"), "has no 'seed'"),
        (lambda r: r.update(seed="x"), "seed must be a whole number"),
        (lambda r: r.update(kind="match"), "kind must be"),
        (lambda r: r.update(options=[]), "options must be an object"),
        (lambda r: r.update(players="ABCD"), "players must be a list"),
        (lambda r: r.update(hands={}), "hands must be a list"),
        (lambda r: r["hands"][2].pop("actions"), "hand 3: the hand has no 'actions'"),
        (lambda r: r["hands"][0].update(dealer=4), "hand 1: dealer must be a seat"),
        (lambda r: r["hands"][0].update(prevalent="X"), "hand 1: prevalent must be a wind"),
        (lambda r: r["hands"][1].update(seating=[0, 0, 1, 2]), "hand 2: seating must"),
        (lambda r: r["hands"][1]["actions"].__setitem__(3, "discard 4p"), "hand 2, move 4: "),
        (lambda r: r["hands"][1]["actions"].__setitem__(0, [True, "pass"]), "hand 2, move 1: "),
        (lambda r: r["hands"][1].update(result=[1]), "hand 2: result must be"),
    ],
)
def test_malformed_records_are_refused(
    tmp_path: Path, record: dict[str, Any], change: Any, message: str
) -> None:
    change(record)
    with pytest.raises(RecordError, match=message):
        check_record(record)
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record))
    with pytest.raises(RecordError, match=message):
        read_record(path)
    report = validate(record)
    assert not report.ok and message.split(":")[0] in report.message


def test_non_object_records_are_refused() -> None:
    with pytest.raises(RecordError, match="a record is a JSON object, not list"):
        loads_record("[1, 2]")


def test_unknown_rule_systems_and_options_are_reported(record: dict[str, Any]) -> None:
    other = copy.deepcopy(record)
    record["ruleset"] = "nonesuch"
    assert "unknown rule system 'nonesuch'" in validate(record).message
    other["options"] = {"kong_values": "nope"}
    assert "kong_values" in validate(other).message
    with pytest.raises(RecordError, match="cannot set up the rule system"):
        list(replay(other))


def test_write_refuses_a_malformed_record(tmp_path: Path) -> None:
    with pytest.raises(RecordError):
        write_record(tmp_path / "x.json", {"format": FORMAT})
    assert not list(tmp_path.iterdir())

"""Game records: writing, reading, replaying and validating sessions and single hands,
catching tampered records at the right hand and move, and reading version-1 records."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from parlour.bots import RandomBot
from parlour.core.errors import ParlourError
from parlour.mahjong.session import Session, SessionRules, play_session
from parlour.mahjong.table import Table, stacked_deal
from parlour.records import (
    FORMAT,
    VERSION,
    RecordError,
    check_record,
    dumps_record,
    hand_digests,
    loads_record,
    read_record,
    read_records,
    record_of,
    replay,
    result_v1,
    session_of,
    validate,
    write_record,
)
from places import VECTORS
from table_bots import WinBot

V1 = VECTORS / "records_v1"


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
    return next(i for i, h in enumerate(record["hands"]) if h["result"]["wins"])


def discard_at(actions: list[list[Any]], after: int = 5) -> int:
    """The index of a discard after the opening moves."""
    return next(i for i in range(after, len(actions)) if actions[i][1].startswith("discard"))


def table_before(record: dict[str, Any], h: int, i: int) -> Table:
    """Hand ``h`` (0-based) of a session record replayed up to move ``i`` (0-based)."""
    session = Session(seed=record["seed"], players=record["players"])
    for entry in record["hands"][:h]:
        for seat, text, _ in entry["actions"]:
            session.apply(seat, session.parse_action(text))
    table = session.current_table()
    for seat, text, _ in record["hands"][h]["actions"][:i]:
        session.apply(seat, table.parse_action(text))
    return table


# -- the record's shape -------------------------------------------------------------------


def test_record_of_a_session(match: Session, pristine: dict[str, Any]) -> None:
    assert pristine["format"] == FORMAT and pristine["version"] == VERSION == 2
    assert pristine["kind"] == "session" and pristine["ruleset"] == "mcr"
    assert pristine["game"] == "mahjong" and pristine["ask"] == "everyone"
    assert pristine["options"] == {} and pristine["seed"] == 0
    assert pristine["players"] == ["Ann", "Bob", "Cid", "Dee"]
    assert "session_rules" not in pristine  # MCR's own
    assert len(pristine["hands"]) == 16
    for entry, table, setup in zip(pristine["hands"], match.tables, match.setups, strict=True):
        names = ["ESWN"[(s - setup.dealer) % 4] for s in range(4)]
        assert entry["setup"] == {**setup.to_json(), "seat_names": names}
        assert entry["setup"]["seed"] == table.seed and entry["setup"]["dealer"] == table.dealer
        assert entry["setup"]["prevailing"] == table.prevailing
        start, digests = hand_digests(table)
        assert entry["start"] == start
        assert entry["actions"] == [
            [s, table.format_action(a), d] for (s, a), d in zip(table.actions, digests, strict=True)
        ]
        assert entry["result"] == json.loads(json.dumps(table.result()))
    assert pristine["results"]["scores"] == match.scores
    assert pristine["results"]["complete"] is True
    assert json.loads(json.dumps(pristine)) == pristine


@pytest.mark.slow
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
        seat = table.to_act()[0]
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


def test_a_table_that_asks_only_able_seats_records_so() -> None:
    table = Table(seed=12, ask_everyone=False)
    bots = [WinBot(i) for i in range(4)]
    while not table.is_over():
        seat = table.to_act()[0]
        table.apply(seat, bots[seat].act(table.observation(seat), table.legal_actions(seat)))
    rec = record_of(table)
    assert rec["ask"] == "able" and validate(rec).ok
    rec["ask"] = "everyone"
    assert not validate(rec).ok  # replayed asking everyone, the moves no longer fit


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
    report = validate(rec)
    assert not report.ok and report.unfinished
    assert report.message.startswith("unfinished: hand 2 stops after move 30 (to act: seat")
    again = session_of(rec)
    assert again.hand_number == 2 and again.current_table().actions == s.current_table().actions
    assert again.current_table().events == s.current_table().events


def test_a_hand_dealt_but_not_begun_is_not_recorded_and_resumes_from_the_seed() -> None:
    s = Session(seed=8)
    bots = [RandomBot(seed=i) for i in range(4)]
    while s.hand_number < 2:  # the next hand is dealt as soon as one ends
        t = s.current_table()
        seat = t.to_act()[0]
        s.apply(seat, bots[s.player_at(seat)].act({}, t.legal_actions(seat)))
    assert not s.current_table().actions
    rec = record_of(s)
    assert len(rec["hands"]) == 1 and rec["hands"][0]["result"] is not None
    report = validate(rec)
    assert not report.ok and report.unfinished
    assert report.message.startswith("unfinished: the match goes on after hand 1")
    again = session_of(rec)
    assert again.hand_number == 2 and again.current_table().events == s.current_table().events


def test_a_finished_hand_without_its_result_or_standings_is_reported(
    record: dict[str, Any],
) -> None:
    other = copy.deepcopy(record)
    record["hands"][3]["result"] = None
    assert validate(record).message.startswith("hand 4: the hand ends but no result is recorded")
    del other["results"]
    assert validate(other).message == "the record ends without its results (standings)"


def test_an_unfinished_match_is_not_valid(record: dict[str, Any]) -> None:
    del record["hands"][-1]
    record["results"]["complete"] = False
    report = validate(record)
    assert not report.ok and report.unfinished
    assert report.message.startswith("unfinished: the match goes on after hand 15")


def test_custom_session_rules_are_recorded() -> None:
    rules = SessionRules(rounds="E", dealer_stays_on_draw=True, max_hands=3)
    s = play_session([RandomBot(seed=i) for i in range(4)], seed=1, session_rules=rules)
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
    record["hands"][2]["actions"][4][1] = "kong 1m"
    seat = record["hands"][2]["actions"][4][0]
    with pytest.raises(RecordError) as info:
        list(replay(record))
    assert (info.value.hand, info.value.move) == (3, 5)
    assert str(info.value).startswith(f"hand 3, move 5: seat {seat} cannot 'kong 1m'")


# -- validation ---------------------------------------------------------------------------


def test_an_untouched_record_validates(pristine: dict[str, Any]) -> None:
    report = validate(pristine)
    assert report.ok and bool(report)
    moves = sum(len(h["actions"]) for h in pristine["hands"])
    assert (report.hands, report.moves) == (16, moves)
    assert str(report) == f"ok: 16 hands, {moves} moves replayed; results match"


def test_an_illegal_changed_action_is_caught_at_its_move(record: dict[str, Any]) -> None:
    actions = record["hands"][3]["actions"]
    i = discard_at(actions)
    seat = actions[i][0]
    table = table_before(record, 3, i)
    missing = next(t for t in range(34) if t not in table.hands[seat])
    actions[i][1] = table.format_action(table.decode(table.encode(("discard", missing))))
    report = validate(record)
    assert not report.ok
    assert (report.hand, report.move) == (4, i + 1)
    assert report.message.startswith(f"hand 4, move {i + 1}: seat {seat} cannot 'discard ")
    assert "holds no" in report.message


@pytest.mark.slow
def test_every_changed_legal_discard_is_named_at_its_move() -> None:
    """The digest of each move names the first altered move exactly, even when the
    altered action is legal (another discard the seat could make)."""
    rules = SessionRules(max_hands=3)
    short = record_of(play_session([WinBot(i) for i in range(4)], seed=5, session_rules=rules))
    rng = random.Random(4)
    tried = 0
    replayed = Session(seed=5, session_rules=rules)
    for h, entry in enumerate(short["hands"]):
        table = replayed.current_table()
        discards = {i for i, a in enumerate(entry["actions"]) if a[1].startswith("discard")}
        chosen = set(rng.sample(sorted(discards), min(12, len(discards))))
        for i, (seat, text, _) in enumerate(entry["actions"]):
            if i in chosen:
                others = [
                    a
                    for a in table.legal_actions(seat)
                    if a[0] == "discard" and table.format_action(a) != text
                ]
                if others:
                    changed = copy.deepcopy(short)
                    changed["hands"][h]["actions"][i][1] = table.format_action(rng.choice(others))
                    report = validate(changed)
                    assert not report.ok
                    assert (report.hand, report.move) == (h + 1, i + 1), report.message
                    tried += 1
            replayed.apply(seat, table.parse_action(text))
    assert tried >= 25


def test_a_changed_claim_is_caught(record: dict[str, Any]) -> None:
    actions = record["hands"][0]["actions"]
    i = discard_at(actions) + 1  # a seat answering the claim window
    seat = actions[i][0]
    actions[i][1] = "pung 5p"
    report = validate(record)
    assert (report.hand, report.move) == (1, i + 1)
    assert report.message.startswith(f"hand 1, move {i + 1}: seat {seat} cannot 'pung 5p': ")


def test_a_changed_digest_is_caught(record: dict[str, Any]) -> None:
    record["hands"][2]["actions"][7][2] = "0" * 16
    report = validate(record)
    assert (report.hand, report.move) == (3, 8)
    assert "the record differs from the replay at this move" in report.message
    record = copy.deepcopy(record)
    record["hands"][2]["start"] = "0" * 16
    assert validate(record).message.startswith("hand 3: the deal differs from the replay")


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
    win = record["hands"][h]["result"]["wins"][0]
    win["seat"] = (win["seat"] + 1) % 4
    report = validate(record)
    assert report.message.startswith(f"hand {h + 1}: result differs: recorded wins [")


def test_a_draw_recorded_as_a_win_is_caught(record: dict[str, Any]) -> None:
    h = next(i for i, e in enumerate(record["hands"]) if not e["result"]["wins"])
    record["hands"][h]["result"]["draw"] = False
    report = validate(record)
    assert report.message == f"hand {h + 1}: result differs: recorded draw false, replay draw true"


def test_reordered_actions_are_caught(record: dict[str, Any]) -> None:
    actions = record["hands"][5]["actions"]
    i = discard_at(actions)
    actions[i], actions[i + 1] = actions[i + 1], actions[i]
    report = validate(record)
    assert (report.hand, report.move) == (6, i + 1)


def test_a_dropped_action_is_caught(record: dict[str, Any]) -> None:
    actions = record["hands"][7]["actions"]
    i = discard_at(actions)
    del actions[i]
    report = validate(record)
    assert (report.hand, report.move) == (8, i + 1)


def test_a_dropped_last_action_is_caught(record: dict[str, Any]) -> None:
    actions = record["hands"][0]["actions"]
    actions.pop()
    report = validate(record)
    assert (report.hand, report.move) == (1, len(actions) + 1)
    assert "the record ends before the hand does" in report.message


def test_an_extra_action_is_caught(record: dict[str, Any]) -> None:
    actions = record["hands"][1]["actions"]
    actions.append([0, "discard 1m", "0" * 16])
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
    record["hands"][6]["setup"]["seed"] += 1
    report = validate(record)
    assert (report.hand, report.move) == (7, None)
    assert report.message.startswith("hand 7: recorded setup seed")
    other["hands"][4]["setup"]["seating"] = [0, 1, 2, 3]
    assert validate(other).message == (
        "hand 5: recorded setup seating [0, 1, 2, 3], the session's is [1, 0, 3, 2]"
    )


def test_changed_seat_names_are_caught(record: dict[str, Any]) -> None:
    record["hands"][1]["setup"]["seat_names"] = ["E", "S", "W", "N"]
    assert validate(record).message.startswith("hand 2: recorded setup seat_names")


def test_a_changed_session_seed_is_caught(record: dict[str, Any]) -> None:
    record["seed"] = 1
    assert validate(record).message.startswith("hand 1: recorded setup seed")


def test_changed_standings_are_caught(record: dict[str, Any]) -> None:
    record["results"]["scores"][2] += 1
    report = validate(record)
    assert report.message.startswith("standings differ: recorded scores [")
    assert report.hand is None


def test_an_extra_hand_is_caught(record: dict[str, Any]) -> None:
    record["hands"].append(copy.deepcopy(record["hands"][0]))
    report = validate(record)
    assert report.message == "hand 17: the session is over after 16 hands"


# -- version 1 ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["session_greedy.json", "hand_greedy.json"])
def test_version_1_records_still_validate(name: str) -> None:
    record = read_record(V1 / name)
    assert record["version"] == 1
    report = validate(record)
    assert report.ok, report.message
    assert list(replay(record))


def test_version_1_simulation_records_still_validate() -> None:
    records = read_records(V1 / "sim_records.jsonl")
    assert len(records) == 6 and any(r["seed"] < 0 for r in records)  # dealt by the old seeds
    for record in records:
        assert validate(record).ok


def test_a_version_1_record_in_progress_is_unfinished() -> None:
    report = validate(read_record(V1 / "session_unfinished.json"))
    assert report.unfinished and report.message.startswith("unfinished: hand 2 stops after")


def test_a_tampered_version_1_record_is_still_caught() -> None:
    record = read_record(V1 / "session_greedy.json")
    h = next(i for i, e in enumerate(record["hands"]) if e["result"]["winner"] is not None)
    record["hands"][h]["result"]["total"] += 1
    assert validate(record).message.startswith(f"hand {h + 1}: result differs: recorded total")


def test_result_v1_reads_a_win() -> None:
    result = {
        "wins": [
            {"seat": 2, "tile": "C", "self_drawn": False, "discarder": 1, "total": 9,
             "patterns": [], "payments": [-8, -17, 33, -8]}
        ],
        "draw": False,
        "payments": [-8, -17, 33, -8],
    }  # fmt: skip
    assert result_v1(result) == {
        "winner": 2, "tile": "C", "self_drawn": False, "discarder": 1, "total": 9,
        "patterns": [], "payments": [-8, -17, 33, -8],
    }  # fmt: skip


# -- malformed records --------------------------------------------------------------------


def test_record_error_is_a_parlour_error() -> None:
    assert issubclass(RecordError, ParlourError)


def test_reading_a_missing_empty_or_non_json_file(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match=r"cannot read .*nope\.json: No such file"):
        read_record(tmp_path / "nope.json")
    with pytest.raises(RecordError, match="it is a directory"):
        read_record(tmp_path)
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "parlour-record",')
    with pytest.raises(RecordError, match=r"bad\.json is not JSON: .*line 1"):
        read_record(bad)
    binary = tmp_path / "bin.json"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(
        RecordError, match=r"bin\.json is not UTF-8 text \(byte 0xff at position 0\)"
    ):
        read_record(binary)
    empty = tmp_path / "empty.json"
    empty.write_text(" \n")
    with pytest.raises(RecordError, match=r"empty\.json is empty"):
        read_record(empty)
    lines = tmp_path / "none.jsonl"
    lines.write_text("\n\n")
    with pytest.raises(RecordError, match=r"none\.jsonl holds no records"):
        read_records(lines)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r.pop("format"), "not a parlour record"),
        (lambda r: r.update(format="chess-pgn"), "not a parlour record"),
        (lambda r: r.pop("version"), "has no 'version'"),
        (lambda r: r.update(version=3), "record version 3 is not supported"),
        (lambda r: r.update(version="2"), "record version '2' is not supported"),
        (lambda r: r.pop("hands"), "has no 'hands'"),
        (lambda r: r.pop("seed"), "has no 'seed'"),
        (lambda r: r.update(seed="x"), "seed must be a whole number"),
        (lambda r: r.update(kind="match"), "kind must be"),
        (lambda r: r.update(ask="some"), "ask must be"),
        (lambda r: r.update(game="chess"), "replays mahjong records"),
        (lambda r: r.update(options=[]), "options must be an object"),
        (lambda r: r.update(players="ABCD"), "players must be a list"),
        (lambda r: r.update(hands={}), "hands must be a list"),
        (lambda r: r["hands"][2].pop("actions"), "hand 3: the hand has no 'actions'"),
        (lambda r: r["hands"][2].pop("start"), "hand 3: the hand has no 'start'"),
        (lambda r: r["hands"][0]["setup"].update(dealer="E"), "hand 1: setup dealer must be"),
        (lambda r: r["hands"][0]["setup"].pop("streak"), "hand 1: the setup has no 'streak'"),
        (lambda r: r["hands"][1]["setup"].update(flags=[]), "hand 2: setup flags must be"),
        (lambda r: r["hands"][1]["actions"].__setitem__(3, "discard 4p"), "hand 2, move 4: "),
        (lambda r: r["hands"][1]["actions"][0].pop(), "hand 2, move 1: "),
        (lambda r: r["hands"][1]["actions"][0].__setitem__(0, True), "hand 2, move 1: "),
        (lambda r: r["hands"][1].update(result=[1]), "hand 2: result must be"),
    ],
)
@pytest.mark.slow
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
    with pytest.raises(RecordError, match=r"the record's options: .*kong_values"):
        list(replay(other))


def test_write_refuses_a_malformed_record(tmp_path: Path) -> None:
    with pytest.raises(RecordError):
        write_record(tmp_path / "x.json", {"format": FORMAT})
    assert not list(tmp_path.iterdir())

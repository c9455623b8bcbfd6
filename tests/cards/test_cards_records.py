"""Card game records: written, read back, replayed and validated; a changed action,
an illegal one, a changed result or deal named; records without digests."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from parlour.cards.cards import PIQUET_PACK, format_cards
from parlour.cards.games import make_game
from parlour.cards.piquet import deal
from parlour.cards.records import card_record
from parlour.cards.sim import play_card_game
from parlour.records import RecordError, check_record, read_record, replay, validate, write_record


def finished(rules: str, seed: int = 3, **kwargs: Any) -> dict[str, Any]:
    bots = ["heuristic"] * (2 if rules == "piquet" else 3)
    record: dict[str, Any] = play_card_game(rules, bots, seed, record=True, **kwargs)["record"]
    return record


@pytest.fixture(params=["piquet", "ninety-nine"])
def record(request: pytest.FixtureRequest) -> dict[str, Any]:
    return finished(request.param)


def test_round_trip_through_a_file_validates(record: dict[str, Any], tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    write_record(path, record)
    back = read_record(path)
    assert back == record
    report = validate(back)
    assert report.ok, report.message
    assert report.moves == len(record["actions"]) and report.hands >= 1
    assert record["format"] == "parlour-record" and record["version"] == 2
    assert record["game"] == "cards" and set(record) >= {"rules", "options", "seed", "players"}


def test_a_changed_legal_action_is_named(record: dict[str, Any]) -> None:
    game = make_game(record["rules"], record["options"], record["seed"])
    # the first move where the seat had another legal action: change it to that one
    m = 0
    for seat, text, _ in record["actions"]:
        m += 1
        others = [
            game.format_action(a) for a in game.legal_actions(seat) if game.format_action(a) != text
        ]
        if others:
            break
        game.apply(seat, game.parse_action(text))
    tampered = copy.deepcopy(record)
    tampered["actions"][m - 1][1] = others[0]
    report = validate(tampered)
    assert not report.ok and report.move == m
    assert report.message.startswith(f"move {m} (deal 1): seat {seat} {others[0]!r}")
    assert "not the move recorded" in report.message


def test_an_illegal_action_is_named(record: dict[str, Any]) -> None:
    tampered = copy.deepcopy(record)
    seat = tampered["actions"][4][0]
    tampered["actions"][4][1] = "play 6C"  # move 5 is an exchange or a premium offer
    report = validate(tampered)
    assert not report.ok and report.move == 5
    assert f"move 5 (deal 1): seat {seat} cannot" in report.message


def test_a_changed_result_or_seed_is_found(record: dict[str, Any]) -> None:
    tampered = copy.deepcopy(record)
    tampered["result"]["scores"] = [s + 1 for s in tampered["result"]["scores"]]
    report = validate(tampered)
    assert not report.ok and "the result differs: recorded scores" in report.message
    reseeded = copy.deepcopy(record)
    reseeded["seed"] += 1
    assert "the deal differs" in validate(reseeded).message


def test_records_without_digests_still_validate(record: dict[str, Any]) -> None:
    plain = copy.deepcopy(record)
    del plain["start"]
    plain["actions"] = [a[:2] for a in plain["actions"]]
    assert validate(plain).ok
    plain["actions"][-1][1] = "pass"
    report = validate(plain)
    assert not report.ok and report.move == len(plain["actions"])


def test_an_unfinished_record_says_so() -> None:
    game = make_game("piquet", seed=1)
    seat = game.to_act()[0]
    game.apply(seat, game.legal_actions(seat)[0])
    report = validate(card_record("piquet", game, seed=1))
    assert not report.ok and report.unfinished
    assert report.message.startswith("unfinished: the game stops after move 1 (deal 1")


def test_a_deck_is_kept_and_replayed() -> None:
    deck = format_cards(PIQUET_PACK)
    record = finished("piquet", 8, deck=deck, options={"packet_size": 2})
    assert record["deck"] == deck and record["options"]["packet_size"] == 2
    assert validate(record).ok
    steps = list(replay(record))
    assert steps[0].move == 0 and steps[0].action is None and steps[0].hand == 1
    assert [s.move for s in steps[1:]] == list(range(1, len(record["actions"]) + 1))
    hands = [e.data["cards"] for e in steps[0].events if e.kind == "hand"]
    elder, younger, _ = deal(PIQUET_PACK, 2)
    assert set(" ".join(hands).split()) == {str(c) for c in elder + younger}


def test_the_same_seed_gives_the_same_record() -> None:
    assert finished("ninety-nine", 11) == finished("ninety-nine", 11)
    assert finished("ninety-nine", 11)["actions"] != finished("ninety-nine", 12)["actions"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"rules": "bridge"}, "unknown card game 'bridge'"),
        ({"seed": "x"}, "seed must be a whole number"),
        ({"actions": [[0]]}, "move 1: an action is"),
        ({"players": ["only one"]}, "players must be"),
        ({"deck": 7}, "deck must be the pack order as text"),
        ({"colour": "red"}, "a card record has no field 'colour'"),
        ({"version": 3}, "record version 3 is not supported"),
    ],
)
def test_malformed_card_records_are_refused(change: dict[str, Any], message: str) -> None:
    bad = {**finished("piquet", 2), **change}
    with pytest.raises(RecordError, match=message):
        check_record(bad)
    assert message in validate(bad).message


def test_a_bad_deck_in_a_record_is_reported() -> None:
    bad = {**finished("piquet", 2), "deck": "AS KS"}
    assert validate(bad).message.startswith("cannot set up the game: the deck has 2 cards")

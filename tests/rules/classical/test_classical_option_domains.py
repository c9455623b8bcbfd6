"""Classical's options are refused outside their domains at every way in: the rule
system, a session, a table's ruleset, the scorer and the settler, a simulation, the
command line (play, simulate, score), the server's API and a record's validation. Each
case is a finding: a limit of -5 (the winner paid), no rounds or a million, a negative
opening balance, three winds that are one seat, a negative two-player minimum, a centre
round without the dreamer."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

import parlour
from parlour.cli import app
from parlour.core.errors import InvalidHand
from parlour.mahjong.rules.classical import ClassicalRuleset
from parlour.mahjong.session import Session, make_ruleset
from parlour.records import record_of, validate
from parlour.registry import find_system
from parlour.server.app import create_app
from parlour.sim import prepare

runner = CliRunner()

WHOLE = "must be a whole number from"
BAD: list[tuple[dict[str, Any], str]] = [
    ({"limit": -5}, f"option limit {WHOLE} 1 to 100000, not -5"),
    ({"limit": 0}, f"option limit {WHOLE} 1 to 100000, not 0"),
    ({"limit": 100001}, f"option limit {WHOLE} 1 to 100000, not 100001"),
    ({"rounds": 0}, f"option rounds {WHOLE} 1 to 4, not 0"),
    ({"rounds": -3}, f"option rounds {WHOLE} 1 to 4, not -3"),
    ({"rounds": 5}, f"option rounds {WHOLE} 1 to 4, not 5"),
    ({"rounds": 1000000}, f"option rounds {WHOLE} 1 to 4, not 1000000"),
    ({"starting_score": -1}, f"option starting_score {WHOLE} 0 to 1000000, not -1"),
    (
        {"players": 3, "three_player_winds": "E,E,E"},
        "option three_player_winds must be three distinct winds of E,S,W,N including E, "
        "not 'E,E,E'",
    ),
    (
        {"players": 3, "three_player_winds": "E,S,S"},
        "option three_player_winds must be three distinct winds of E,S,W,N including E, "
        "not 'E,S,S'",
    ),
    ({"three_player_winds": "S,W,N"}, "option three_player_winds must be three distinct"),
    ({"three_player_winds": "E,S"}, "option three_player_winds must be three distinct"),
    ({"three_player_winds": "E,S,X"}, "option three_player_winds must be three distinct"),
    (
        {"players": 2, "two_player_min_doubles": -1},
        f"option two_player_min_doubles {WHOLE} 0 to 20, not -1",
    ),
    (
        {"players": 2, "two_player_min_score": -1},
        f"option two_player_min_score {WHOLE} 0 to 100000, not -1",
    ),
    (
        {"centre_round": True},
        "option centre_round needs players=5 (the five-player game's fifth round), not players=4",
    ),
    (
        {"players": 3, "centre_round": True},
        "option centre_round needs players=5 (the five-player game's fifth round), not players=3",
    ),
]
IDS = [",".join(f"{k}={v}" for k, v in o.items()) for o, _ in BAD]

GOOD: list[dict[str, Any]] = [
    {"limit": 1},
    {"limit": 100000},
    {"rounds": 1},
    {"rounds": 4},
    {"starting_score": 0},
    {"starting_score": 1000000},
    {"players": 2, "two_player_min_doubles": 0, "two_player_min_score": 0},
    {"players": 3, "three_player_winds": "E,W,N"},
    {"players": 3, "three_player_winds": "n, e, s"},
    {"players": 5, "centre_round": True},
]


def seats_for(options: dict[str, Any]) -> list[str]:
    return ["human"] + ["greedy"] * (int(options.get("players", 4)) - 1)


@pytest.mark.parametrize(("options", "message"), BAD, ids=IDS)
def test_the_rule_system_refuses(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError) as e:
        find_system("classical").check_options(options)
    assert str(e.value).startswith(message)


@pytest.mark.parametrize(("options", "message"), BAD, ids=IDS)
def test_a_session_and_a_table_refuse(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError) as e:
        Session("classical", options, seed=1)
    assert str(e.value).startswith(message)
    with pytest.raises(ValueError) as e:
        ClassicalRuleset(options)
    assert str(e.value).startswith(message)
    with pytest.raises(ValueError) as e:
        make_ruleset("classical", options)
    assert str(e.value).startswith(message)
    with pytest.raises(ValueError) as e:
        find_system("classical").new_match(options, seed=1)
    assert str(e.value).startswith(message)


@pytest.mark.parametrize(("options", "message"), BAD, ids=IDS)
def test_the_scorer_and_the_settler_refuse(options: dict[str, Any], message: str) -> None:
    hand = {"hand": "999p 44s 67s [777m] [WWWW] f4", "win_tile": "5s", "self_drawn": True}
    with pytest.raises(InvalidHand) as e:
        parlour.score({"rules": "classical", "options": options, "seat_wind": "E", **hand})
    assert str(e.value).startswith(message)
    table = {"rules": "classical", "options": options, "winner": "E", "seats": {"E": hand}}
    with pytest.raises(InvalidHand) as e:
        parlour.settle(table)
    assert str(e.value).startswith(message)


@pytest.mark.parametrize(("options", "message"), BAD, ids=IDS)
def test_a_simulation_refuses(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError) as e:
        prepare("classical", ["greedy"] * len(seats_for(options)), options)
    assert str(e.value).startswith(message)


def option_flags(options: dict[str, Any]) -> list[str]:
    flags: list[str] = []
    for key, value in options.items():
        text = "true" if value is True else str(value)
        flags += ["--option", f"{key}={text}"]
    return flags


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"limit": -5}, "option limit must be a whole number from 1 to 100000, not -5"),
        ({"rounds": 0}, "option rounds must be a whole number from 1 to 4, not 0"),
        ({"rounds": -3}, "option rounds must be a whole number from 1 to 4, not -3"),
        ({"rounds": 1000000}, "option rounds must be a whole number from 1 to 4, not 1000000"),
        (
            {"starting_score": -1},
            "option starting_score must be a whole number from 0 to 1000000, not -1",
        ),
        (
            {"players": 3, "three_player_winds": "E,E,E"},
            "option three_player_winds must be three distinct winds",
        ),
        (
            {"players": 2, "two_player_min_doubles": -1},
            "option two_player_min_doubles must be a whole number from 0 to 20, not -1",
        ),
        ({"centre_round": True}, "option centre_round needs players=5"),
    ],
)
def test_the_command_line_refuses(options: dict[str, Any], message: str) -> None:
    flags = ["--rules", "classical", *option_flags(options)]
    for args in (
        ["simulate", "--games", "1", *flags],
        ["play", *flags],
        ["score", "999p 44s 67s [777m] [WWWW] f4", "--win", "5s", "--self-drawn", *flags],
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, (args, result.output)
        assert message in " ".join(result.output.split()), (args, result.output)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app("sqlite:///" + str(tmp_path / "games.db"))) as c:
        yield c


@pytest.mark.parametrize(("options", "message"), BAD, ids=IDS)
def test_the_server_refuses_a_table(
    client: TestClient, options: dict[str, Any], message: str
) -> None:
    spec = {"rules": "classical", "options": options, "seats": seats_for(options)}
    reply = client.post("/api/tables", json=spec)
    assert reply.status_code == 400, reply.text
    assert message in reply.json()["detail"]


def test_the_server_makes_a_table_within_the_domains(client: TestClient) -> None:
    options = {"rounds": 1, "limit": 1000, "players": 3, "three_player_winds": "E,W,N"}
    spec = {"rules": "classical", "options": options, "seats": seats_for(options)}
    reply = client.post("/api/tables", json=spec)
    assert reply.status_code == 201, reply.text


@pytest.mark.parametrize(("options", "message"), BAD, ids=IDS)
def test_a_record_with_bad_options_is_refused(options: dict[str, Any], message: str) -> None:
    record = record_of(Session("classical", {"rounds": 1}, seed=1))
    bad = copy.deepcopy(record)
    bad["options"] = options
    report = validate(bad)
    assert not report.ok and message in report.message


@pytest.mark.parametrize("options", GOOD, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_values_inside_the_domains_are_played(options: dict[str, Any]) -> None:
    values = find_system("classical").check_options(options)
    assert values == options
    players = ["Ann", "Bob", "Cid", "Dee", "Fay"][: int(options.get("players", 4))]
    session = Session("classical", options, seed=2, players=players)
    rules = session.session_rules
    assert rules.starting_score == options.get("starting_score", 2000)
    assert len(rules.rounds) == options.get("rounds", 4) + bool(options.get("centre_round"))


def test_three_winds_are_three_seats() -> None:
    """The finding: E,E,E used to make a table of one seat."""
    assert make_ruleset("classical", {"players": 3, "three_player_winds": "N,E,W"}).seat_names == (
        "E",
        "W",
        "N",
    )
    assert make_ruleset("classical", {"players": 3}).num_seats == 3

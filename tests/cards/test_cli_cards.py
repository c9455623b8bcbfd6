"""The card games on the command line: parlour rules, score, play, simulate, replay and
validate with --rules piquet and --rules ninety-nine, and their refusals."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import parlour
from card_scripts import scripted_answers
from parlour.cards.cards import PIQUET_PACK, format_cards
from parlour.cards.piquet import deal
from parlour.cli import app
from places import ROOT

runner = CliRunner()

ELDER = "AS KS QS JS 10S 9S AH KH QH KD KC 7C"
YOUNGER = "JH 10H 9H AD QD JD 10D 9D AC QC JC 10C"
PIQUET_DECK = format_cards(PIQUET_PACK)


def invoke(*args: str, **kwargs: Any) -> Any:
    return runner.invoke(app, list(args), **kwargs)


def flat(text: str) -> str:
    return " ".join(text.split())


def assert_error(result: Any, message: str) -> None:
    """``error: ...message...`` on stderr, exit status 2, no traceback."""
    assert result.exit_code == 2, result.output
    assert "error:" in result.stderr and message in flat(result.stderr), result.stderr
    assert "Traceback" not in result.output


# -- parlour rules ------------------------------------------------------------------------


def test_rules_lists_both_card_games_as_playable() -> None:
    data = json.loads(invoke("rules", "--json").stdout)
    by_name = {d["name"]: d for d in data}
    for name, players in (("piquet", [2]), ("ninety-nine", [3])):
        assert by_name[name]["status"] == "playable"
        assert by_name[name]["family"] == "cards"
        assert by_name[name]["players"] == players
        assert by_name[name]["options"]


def test_rules_piquet_shows_its_options_with_meanings() -> None:
    result = invoke("rules", "piquet")
    assert result.exit_code == 0, result.output
    assert "rule_set" in result.output and "packet_size" in result.output
    assert "seventeenth" in result.output
    data = json.loads(invoke("rules", "ninety-nine", "--json").stdout)
    options = {o["name"]: o for o in data["options"]}
    assert options["game_format"]["choices"] == ["fixed_deals", "three_game_wins"]
    assert options["deal_count"]["default"] == 9


# -- parlour score --------------------------------------------------------------------------


def test_score_ninety_nine_from_bids_and_tricks() -> None:
    args = ["--rules", "ninety-nine", "--bids", "A=5,B=5,C=2", "--tricks", "A=7,B=1,C=1"]
    result = invoke("score", *args, "--premium", "A=declare", "--json")
    assert result.exit_code == 0, result.output
    expected = parlour.score(
        {
            "rules": "ninety-nine",
            "bids": {"A": 5, "B": 5, "C": 2},
            "tricks": {"A": 7, "B": 1, "C": 1},
            "premium": {"holder": "A", "kind": "declare"},
        }
    ).to_json()
    assert json.loads(result.stdout) == expected
    table = invoke("score", *args)
    assert table.exit_code == 0, table.output
    assert "next deal's trumps" in table.output and "made it" in table.output


def test_score_ninety_nine_from_bid_cards_with_trumps() -> None:
    result = invoke(
        "score",
        "--rules",
        "ninety-nine",
        "--bids",
        "A=7S 9H 6H,B=QS 7D 9C,C=KH QH KD",
        "--tricks",
        "A=1,B=4,C=4",
        "--premium",
        "B=declare",
        "--trumps",
        "c",
        "--json",
    )
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["scores"] == {"A": 1, "B": 54, "C": 24}
    assert out["trumps"] == "C" and out["next_trumps"] == "H"


def test_score_ninety_nine_session_from_a_file(tmp_path: Path) -> None:
    session = {
        "rules": "ninety-nine",
        "deals": [
            {"bids": {"A": 2, "B": 4, "C": 3}, "tricks": {"A": 2, "B": 4, "C": 3}},
            {
                "bids": {"A": 5, "B": 4, "C": 4},
                "tricks": {"A": 1, "B": 4, "C": 4},
                "premium": {"holder": "B", "kind": "declare"},
            },
        ],
    }
    path = tmp_path / "session.json"
    path.write_text(json.dumps(session))
    result = invoke("score", "--situation", str(path), "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["points"] == {"A": 13, "B": 68, "C": 37}
    piped = invoke("score", "--situation", "-", "--json", input=json.dumps(session))
    assert json.loads(piped.stdout) == out
    shown = invoke("score", "--situation", str(path))
    assert shown.exit_code == 0 and "2 deals" in shown.output and "not over" in shown.output


def test_score_piquet_hands() -> None:
    result = invoke("score", "--rules", "piquet", "--elder", ELDER, "--younger", YOUNGER, "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["totals"] == {"elder": 99, "younger": 0} and out["repique"] == "elder"
    shown = invoke("score", "--rules", "piquet", "--elder", ELDER, "--younger", YOUNGER)
    assert "repique: elder" in shown.output and "♠" in shown.output
    old = invoke(
        "score",
        "--rules",
        "piquet",
        "--elder",
        ELDER,
        "--younger",
        YOUNGER,
        "--option",
        "rule_set=old",
        "--json",
    )
    assert json.loads(old.stdout)["options"]["point_rule"] == "value"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rules", "ninety-nine", "--bids", "A5", "--tricks", "A=9"], "--bids is PLAYER=VALUE"),
        (
            ["--rules", "ninety-nine", "--bids", "A=3,B=3,C=3", "--tricks", "A=3,B=3,C=2"],
            "add up to 8, not 9",
        ),
        (["--rules", "ninety-nine", "--bids", "A=3,B=3,C=3"], "give each player's bid and tricks"),
        (["--rules", "ninety-nine", "--elder", ELDER], "--elder applies to --rules piquet only"),
        (["--rules", "piquet", "--elder", ELDER], "give both hands"),
        (
            ["--rules", "piquet", "--elder", ELDER, "--younger", YOUNGER, "--option", "speed=3"],
            "piquet has no option 'speed'",
        ),
        (
            ["--rules", "piquet", "--elder", "AS KS", "--younger", YOUNGER],
            "elder's hand has 2 cards, not 12",
        ),
        (
            ["--rules", "piquet", "--elder", ELDER, "--younger", YOUNGER, "--win", "C"],
            "--win does not apply to the card games",
        ),
        (
            ["123m 456p 789s EEE CC", "--win", "C", "--bids", "A=1"],
            "--bids applies to --rules ninety-nine only",
        ),
    ],
)
def test_score_cards_refuses_bad_input(args: list[str], message: str) -> None:
    assert_error(invoke("score", *args), message)


# -- parlour play ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "bots", "options"),
    [("piquet", ["heuristic"], ["partie=single_game"]), ("ninety-nine", ["greedy", "random"], [])],
)
def test_play_to_the_end_writes_a_record_that_validates(
    rules: str, bots: list[str], options: list[str], tmp_path: Path
) -> None:
    parsed = dict(o.split("=") for o in options)
    answers, expected = scripted_answers(rules, 5, bots, parsed)
    record = tmp_path / "game.json"
    args = ["play", "--rules", rules, "--seed", "5", "--bots", ",".join(bots)]
    for o in options:
        args += ["--option", o]
    result = invoke(*args, "--record", str(record), input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    assert "the game is over" in result.output
    assert "your hand:" in result.output and "A (you)" in result.output
    saved = json.loads(record.read_text())
    assert saved["game"] == "cards" and saved["rules"] == rules
    assert saved["result"] == json.loads(json.dumps(expected.result()))
    checked = invoke("validate", str(record))
    assert checked.exit_code == 0, checked.output
    assert "valid:" in checked.output and "the result agrees" in checked.output
    replayed = invoke("replay", str(record))
    assert replayed.exit_code == 0 and "deal 1" in replayed.output


def test_play_help_and_illegal_input_change_nothing(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    answers = ["help", "bid 2C 3C 4C", "play AS", "99", "quit"]
    result = invoke(
        "play",
        "--rules",
        "ninety-nine",
        "--seed",
        "1",
        "--record",
        str(record),
        input="\n".join(answers) + "\n",
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "bid 7S 9H 6H (lay three cards aside" in out  # help
    assert "2C is not in the 36-card pack" in out or "not one of your actions" in out
    assert "play AS is not one of your actions now" in out
    assert "no choice 99: answer 1-12" in out  # a bid's cards are picked by number, one at a time
    assert json.loads(record.read_text())["actions"] == []


def test_play_from_a_deck_deals_it() -> None:
    elder, younger, _ = deal(PIQUET_PACK, 2)  # the hands dealt in packets of 2
    result = invoke(
        "play",
        "--rules",
        "piquet",
        "--seed",
        "2",
        "--deck",
        PIQUET_DECK,
        "--option",
        "packet_size=2",
        input="quit\n",
    )
    assert result.exit_code == 0, result.output
    assert "packets of 2" in result.output
    from parlour.cards.games import hand_text

    mine = elder if "you are elder" in result.output else younger
    assert f"your hand: {hand_text(mine)}" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rules", "piquet", "--option", "speed=3"], "piquet has no option 'speed'"),
        (["--rules", "piquet", "--option", "deck_size=40"], "option deck_size must be one of"),
        (["--rules", "piquet", "--deck", "7C 8C XX"], "XX"),
        (["--rules", "piquet", "--deck", PIQUET_DECK.replace("AS", "").strip()], "AS missing"),
        (["--rules", "piquet", "--deck", PIQUET_DECK.replace("AS", "KS")], "KS twice"),
        (["--rules", "ninety-nine", "--deck", PIQUET_DECK], "6C 6D 6H 6S missing"),
        (["--rules", "piquet", "--bots", "chess"], "unknown bot 'chess'"),
        (["--rules", "piquet", "--bots", "random,random"], "--bots names one bot"),
        (["--rules", "piquet", "--hands", "2"], "--hands applies to mahjong"),
        (["--rules", "piquet", "--players", "3"], "piquet is played by 2 players, not 3"),
        (["--rules", "mcr", "--deck", PIQUET_DECK], "--deck applies to the card games"),
    ],
)
def test_play_refuses_bad_input(args: list[str], message: str) -> None:
    assert_error(invoke("play", *args, input="quit\n"), message)


# -- parlour simulate -----------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("rules", ["piquet", "ninety-nine"])
def test_simulate_is_deterministic_and_its_records_validate(rules: str, tmp_path: Path) -> None:
    outs = []
    for n, workers in enumerate(("1", "2")):
        out = tmp_path / f"out{n}"
        result = invoke(
            "simulate",
            "--rules",
            rules,
            "--games",
            "3",
            "--seed",
            "4",
            "--workers",
            workers,
            "--out",
            str(out),
            "--records",
        )
        assert result.exit_code == 0, result.output
        assert "win rate" in result.output and "actions per game" in result.output
        outs.append(out)
    first, second = (json.loads((o / "summary.json").read_text()) for o in outs)
    assert first == second and first["games"] == 3
    assert (outs[0] / "games.jsonl").read_text() == (outs[1] / "games.jsonl").read_text()
    checked = invoke("validate", str(outs[0] / "records.jsonl"))
    assert checked.exit_code == 0 and "valid: 3 records" in checked.output


def test_simulate_from_a_deck_and_options(tmp_path: Path) -> None:
    result = invoke(
        "simulate",
        "--rules",
        "piquet",
        "--games",
        "2",
        "--deck",
        PIQUET_DECK,
        "--option",
        "partie=single_game",
        "--bots",
        "greedy",
        "--out",
        str(tmp_path),
    )
    assert result.exit_code == 0, result.output
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["deck"] == PIQUET_DECK and summary["options"]["partie"] == "single_game"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rules", "ninety-nine", "--fast"], "--fast applies to mahjong"),
        (["--rules", "ninety-nine", "--deck", "AS"], "missing"),
        (["--rules", "ninety-nine", "--bots", "a,b"], "unknown bot 'a'"),
        (["--rules", "ninety-nine", "--option", "deal_count=10"], "multiple of 9"),
        (["--rules", "piquet", "--records"], "give --out DIR"),
    ],
)
def test_simulate_refuses_bad_input(args: list[str], message: str) -> None:
    assert_error(invoke("simulate", *args, "--games", "1"), message)


def test_replay_with_events_names_each_move(tmp_path: Path) -> None:
    out = tmp_path / "sim"
    invoke("simulate", "--rules", "ninety-nine", "--games", "1", "--out", str(out), "--records")
    record = json.loads((out / "records.jsonl").read_text().splitlines()[0])
    path = tmp_path / "one.json"
    path.write_text(json.dumps(record))
    result = invoke("replay", str(path), "--events")
    assert result.exit_code == 0, result.output
    assert "   1. A (heuristic 1): bid" in result.output  # players counted from 1
    assert "deal 9" in result.output and "result:" in result.output


# -- the README's card commands run as written ---------------------------------------------

README = ROOT / "README.md"


def _readme_card_commands() -> list[list[str]]:
    import shlex

    text = README.read_text(encoding="utf-8")
    block = text.split("### Card games", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    return [shlex.split(line)[1:] for line in block.splitlines() if line.startswith("parlour ")]


@pytest.mark.slow
def test_readme_card_commands_run_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    commands = _readme_card_commands()
    assert {c[0] for c in commands} == {"rules", "score", "play", "simulate", "validate", "replay"}
    for args in commands:
        if args[0] == "simulate":  # the examples play 50 or 200 games: fewer will do
            args[args.index("--games") + 1] = "3"
        result = invoke(*args, input="help\nquit\n")
        assert result.exit_code == 0, (args, result.output)
    assert json.loads(Path("piquet.json").read_text())["game"] == "cards"

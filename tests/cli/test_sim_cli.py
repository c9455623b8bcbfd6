"""Simulation (deterministic over workers) and the play / simulate commands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlour.cli import app
from parlour.sim import simulate

runner = CliRunner()


def test_simulation_is_the_same_whatever_the_worker_count() -> None:
    one = simulate(["random"] * 4, 24, seed=11, workers=1)
    three = simulate(["random"] * 4, 24, seed=11, workers=3)
    assert one == three
    assert one["hands"] == 24 and len(one["results"]) == 24
    assert sum(s["wins"] for s in one["seats"]) + one["draws"] == 24
    for r in one["results"]:
        assert sum(r["payments"]) == 0


def test_simulate_command_writes_a_summary(tmp_path: Path) -> None:
    out = tmp_path / "sim"
    result = runner.invoke(
        app,
        ["simulate", "--games", "8", "--bots", "random,random,random,random", "--out", str(out)],
    )
    assert result.exit_code == 0, result.output
    assert "win rate" in result.output
    summary = json.loads((out / "summary.json").read_text())
    assert summary["hands"] == 8
    lines = (out / "hands.jsonl").read_text().splitlines()
    assert len(lines) == 8 and json.loads(lines[0])["index"] == 0


def test_simulate_refuses_bad_bots() -> None:
    result = runner.invoke(app, ["simulate", "--games", "2", "--bots", "random,nobody"])
    assert result.exit_code == 2
    assert "unknown bot 'nobody' in --bots (bots: greedy, random)" in result.output
    result = runner.invoke(app, ["simulate", "--games", "2", "--bots", "random,random"])
    assert result.exit_code == 2
    assert "--bots names one bot for every seat or 4 comma-separated, not 2" in result.output


def test_play_reads_answers_and_asks_again_on_bad_input() -> None:
    result = runner.invoke(
        app, ["play", "--hands", "1", "--bots", "random"], input="zzz\n99\ndiscard 9x\n"
    )
    assert result.exit_code == 0, result.output
    assert "unknown action 'zzz'" in result.output
    assert "no action 99" in result.output
    assert "stopped." in result.output  # the input ran out: the game stops cleanly
    assert "Traceback" not in result.output


def _recorded_session(tmp_path: Path) -> Path:
    from parlour.bots import RandomBot
    from parlour.mahjong.session import play_session
    from parlour.records import record_of, write_record

    session = play_session([RandomBot(i) for i in range(4)], seed=3)
    path = tmp_path / "game.json"
    write_record(path, record_of(session))
    return path


@pytest.mark.slow
def test_validate_and_replay_commands(tmp_path: Path) -> None:
    path = _recorded_session(tmp_path)
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 0, result.output
    assert "valid: 16 hands" in result.output
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0 and "hand 16" in result.output


def test_validate_reports_the_first_tampered_move(tmp_path: Path) -> None:
    path = _recorded_session(tmp_path)
    record = json.loads(path.read_text())
    seat, text, digest = record["hands"][2]["actions"][10]
    changed = "discard 1m" if text != "discard 1m" else "pass"
    record["hands"][2]["actions"][10] = [seat, changed, digest]
    path.write_text(json.dumps(record))
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 1
    assert "hand 3, move 11" in result.output


def test_validate_a_file_that_is_not_a_record(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    result = runner.invoke(app, ["validate", str(bad)])
    assert result.exit_code == 2
    assert "error:" in result.output and "Traceback" not in result.output


def test_simulated_hands_are_recorded_for_validation(tmp_path: Path) -> None:
    out = tmp_path / "sim"
    bots = "random,random,random,random"
    args = ["simulate", "--games", "6", "--bots", bots, "--out", str(out), "--records"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    lines = (out / "records.jsonl").read_text().splitlines()
    assert len(lines) == 6
    result = runner.invoke(app, ["validate", str(out / "records.jsonl")])
    assert result.exit_code == 0 and "valid: 6 records" in result.output
    record = json.loads(lines[0])
    record["hands"][0]["actions"].pop()
    (out / "records.jsonl").write_text(json.dumps(record) + "\n")
    result = runner.invoke(app, ["validate", str(out / "records.jsonl")])
    assert result.exit_code == 1 and "line 1" in result.output


@pytest.mark.slow
def test_play_a_short_match_and_record_it(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    result = runner.invoke(
        app,
        ["play", "--hands", "2", "--bots", "random", "--record", str(path)],
        input="1\n" * 600,  # always the first action offered
    )
    assert result.exit_code == 0, result.output
    assert "hand 1 of 16: round E" in result.output and "hand 2 of 16: round E" in result.output
    assert "balances (change since the start): " in result.output  # after each hand
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 1, result.output  # two played of 16: unfinished
    # the third hand, dealt but not begun, is not in the record
    assert "unfinished: the match goes on after hand 2" in result.output
    assert "moves recorded agree" in " ".join(result.output.split())

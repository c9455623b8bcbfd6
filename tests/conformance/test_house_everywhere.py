"""The test-only rule system ``test-house`` (tests/conformance/house.py) works everywhere
once registered, with no line of parlour's own changed: ``parlour rules``, ``score``
(with its own flag), ``play``, ``simulate``, ``validate``, ``replay`` and the server's
API, in its own process and in worker processes (which find it by ``PARLOUR_SYSTEMS``).
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import house
import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from parlour.cli import app
from parlour.records import read_record, validate
from parlour.registry import register, registry
from parlour.server.app import create_app

HERE = Path(__file__).resolve().parent
HAND = "123p 456p 789s CCC 55s"
runner = CliRunner()


@pytest.fixture(autouse=True)
def house_known(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    register(house.HOUSE, replace=True)
    monkeypatch.setenv("PARLOUR_SYSTEMS", "house")
    path = os.environ.get("PYTHONPATH", "")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(p for p in (str(HERE), path) if p))
    yield
    registry.unregister(house.NAME)


def flat(text: str) -> str:
    return " ".join(text.split())


def test_rules_lists_it_with_its_options_and_bots() -> None:
    listed = runner.invoke(app, ["rules"])
    assert listed.exit_code == 0 and "test-house" in listed.output
    shown = runner.invoke(app, ["rules", "test-house", "--json"])
    data = json.loads(shown.stdout)
    assert data["family"] == "mahjong" and data["players"] == [3]
    assert [o["name"] for o in data["options"]] == ["limit", "dragons_double"]
    text = flat(runner.invoke(app, ["rules", "test-house"]).output)
    assert "bots: greedy, random" in text and "--house-bonus" in text


def test_score_takes_its_own_flag_and_lists_only_its_flags() -> None:
    args = ["score", HAND, "--rules", "test-house", "--win", "5s", "--self-drawn", "--json"]
    result = runner.invoke(app, [*args, "--house-bonus", "2"])
    assert result.exit_code == 0, result.output
    scored = json.loads(result.stdout)
    assert scored["total"] == 1 + 1 + 1 + 2  # going out, the dragon pung, self-drawn, bonus
    assert scored["payments"] == {"E": 10, "S": -5, "W": -5}
    on_discard = runner.invoke(app, ["score", HAND + " +5s", "--rules", "test-house", "--json"])
    assert json.loads(on_discard.stdout)["payments"] == {"E": 2, "S": 0, "W": -2}
    helped = flat(runner.invoke(app, ["score", "--rules", "test-house", "--help"]).output)
    assert "--house-bonus" in helped and "Points the house adds" in helped
    assert "--gold" not in helped and "--flowers" not in helped
    refused = runner.invoke(app, ["score", HAND, "--win", "5s", "--house-bonus", "1"])
    assert refused.exit_code == 2
    assert "--house-bonus applies to --rules test-house only" in flat(refused.output)


@pytest.mark.slow
def test_it_is_played_at_the_terminal_to_the_end(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    args = ["play", "--rules", "test-house", "--bots", "random", "--seed", "4"]
    result = runner.invoke(app, [*args, "--record", str(record)], input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    assert "the match is over" in result.output
    report = validate(read_record(record))
    assert report.ok, report.message
    replayed = runner.invoke(app, ["replay", str(record)])
    assert replayed.exit_code == 0 and "hand 3" in replayed.output


def test_it_is_simulated_in_parallel_and_its_records_validate(tmp_path: Path) -> None:
    out = tmp_path / "sim"
    args = ["simulate", "--rules", "test-house", "--games", "6", "--workers", "2"]
    result = runner.invoke(app, [*args, "--seed", "3", "--out", str(out), "--records"])
    assert result.exit_code == 0, result.output
    assert "6 test-house hands" in result.output
    checked = runner.invoke(app, ["validate", str(out / "records.jsonl")])
    assert checked.exit_code == 0, checked.output
    assert "valid: 6 records" in checked.output


@pytest.mark.slow
@pytest.mark.parametrize(
    "workers",
    [pytest.param(0, id="in-process"), pytest.param(2, id="two-workers", marks=pytest.mark.slow)],
)
def test_the_server_plays_it_and_gives_its_record(tmp_path: Path, workers: int) -> None:
    server = create_app(f"sqlite:///{tmp_path / 'games.db'}", workers=workers)
    with TestClient(server) as client:
        made = client.post(
            "/api/tables",
            json={
                "rules": "test-house",
                "seats": ["random", "greedy", "random"],
                "policy": {"bot_seconds": 0},
            },
        )
        assert made.status_code == 201, made.text
        game = made.json()["id"]
        record: dict[str, Any] = {}
        deadline = time.monotonic() + 120  # bots alone play in slices, with rests
        while time.monotonic() < deadline:
            reply = client.get(f"/api/tables/{game}/record")
            if reply.status_code == 200:
                record = reply.json()
                break
            time.sleep(0.05)
        assert record, "the table of bots did not finish"
    assert record["ruleset"] == "test-house"
    report = validate(record)
    assert report.ok, report.message


@pytest.mark.slow
def test_a_fresh_process_finds_it_by_the_environment_and_names_a_module_it_cannot_load() -> None:
    import subprocess
    import sys

    def parlour(*args: str, systems: str) -> subprocess.CompletedProcess[str]:
        env = {**os.environ, "PARLOUR_SYSTEMS": systems}
        command = [sys.executable, "-m", "parlour.cli", *args]
        return subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)

    found = parlour("rules", "--json", systems="house")
    assert found.returncode == 0, found.stderr
    assert "test-house" in [s["name"] for s in json.loads(found.stdout)]
    missing = parlour("rules", systems="house,no_such_module")
    assert missing.returncode == 2
    assert "PARLOUR_SYSTEMS names 'no_such_module', which cannot be imported" in flat(
        missing.stderr
    )
    assert "Traceback" not in missing.stderr

"""``parlour tournament``: the ranking printed, the records written, the refusals, the
Ray engine asked for lazily, and the README's tournament commands as written."""

from __future__ import annotations

import shlex
import sys
import types
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from duplicates import check_duplicated
from parlour.cli import app
from parlour.sim import local_engine
from places import ROOT

runner = CliRunner()
FOUR = ["greedy", "random", "random", "random"]


def test_the_command_prints_the_ranking_and_writes_the_records(tmp_path: Path) -> None:
    out = tmp_path / "t"
    args = ["tournament", "--rules", "mcr", "--bots", "greedy,random,random,random"]
    result = runner.invoke(app, [*args, "--deals", "1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    text = result.output
    assert "mcr: 1 deal, each played with 24 seatings" in text
    for word in ("greedy", "random#1", "random#3", "mean", "win", "deal-in", "ordinal"):
        assert word in text
    assert check_duplicated(out, FOUR, 1) == 24


def test_the_command_takes_options_and_workers(tmp_path: Path) -> None:
    args = ["tournament", "--rules", "mcr", "--bots", "random,random,random,greedy"]
    result = runner.invoke(
        app, [*args, "--deals", "2", "--workers", "2", "--option", "kong_values=reference"]
    )
    assert result.exit_code == 0, result.output
    assert "mcr: 2 deals" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rules", "nope", "--bots", "a,b"], "unknown rule system 'nope'"),
        (["--bots", "random,random"], "mcr is played at 4 seats, give 4 comma-separated bots"),
        (["--bots", "random"], "give 4 comma-separated bots, not 1"),
        (["--bots", "random,random,random,nobody"], "unknown bot 'nobody' in --bots"),
        (["--bots", "random,random,random,random", "--deals", "0"], "--deals and --workers"),
        (["--bots", "random,random,random,random", "--engine", "spark"], "no engine named spark"),
        (["--bots", "random,random,random,random", "--address", "x:1"], "--engine ray"),
        (["--bots", "random,random,random,random", "--option", "nope=1"], "nope"),
    ],
)
def test_the_command_refuses_bad_input(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["tournament", "--rules", "mcr", *args])
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.output.split())
    assert "Traceback" not in result.output


def test_the_ray_engine_is_asked_for_lazily(monkeypatch: pytest.MonkeyPatch) -> None:
    args = ["tournament", "--bots", "random,random,random,random", "--deals", "1"]
    with monkeypatch.context() as m:
        m.setitem(sys.modules, "ray", None)  # as if Ray were not installed
        result = runner.invoke(app, [*args, "--engine", "ray"])
    assert result.exit_code == 2, result.output
    assert "pip install 'parlour[ray]'" in " ".join(result.output.replace("│", " ").split())
    asked: list[str | None] = []

    def ray_engine(address: str | None) -> Any:
        asked.append(address)
        return local_engine

    fake = types.ModuleType("parlour.sim.ray_engine")
    fake.ray_engine = ray_engine  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "parlour.sim.ray_engine", fake)
    result = runner.invoke(app, [*args, "--engine", "ray", "--address", "head:6379"])
    assert result.exit_code == 0, result.output
    assert asked == ["head:6379"]


def _readme_commands() -> list[list[str]]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split("### Tournaments", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    return [shlex.split(line)[1:] for line in block.splitlines() if line.startswith("parlour ")]


def test_the_readme_tournament_commands_run_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    commands = _readme_commands()
    assert len(commands) == 2 and all(c[0] == "tournament" for c in commands)
    for args in commands:
        result = runner.invoke(app, args)
        assert result.exit_code == 0, (args, result.output)
        assert "each played with" in result.output
    assert check_duplicated(tmp_path / "tour-out", ["heuristic", "random"], 4) == 8


def test_a_seed_beyond_64_bits_is_refused_with_out(tmp_path: Path) -> None:
    args = ["tournament", "--bots", "random,random,random,random", "--deals", "1"]
    result = runner.invoke(app, [*args, "--seed", str(2**64), "--out", str(tmp_path)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "--out keeps the seed as a 64-bit integer" in " ".join(result.output.split())
    assert not (tmp_path / "tournament.parquet").exists()
    result = runner.invoke(app, [*args, "--seed", str(2**64)])  # nothing written: any seed
    assert result.exit_code == 0, result.output

"""``parlour bench summary``: every speed target, on the compiled and the pure kernel
(no timing assertions: only that each target is measured on both paths and shown)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from parlour.bench.summary import PATHS, collect, main, merge, run_summary, target_rows
from parlour.cli import app

runner = CliRunner()


def test_only_the_rows_with_a_target_are_kept_and_named_by_their_benchmark() -> None:
    rows = [
        {"kind": "timing", "name": "parlour shanten", "per_second": 9.0},
        {"kind": "ratio", "name": "a vs b", "ratio": 0.5, "target": 1.0},
        {"kind": "goal", "name": "greedy hands", "per_second": 120.0, "target": 100.0},
        {"kind": "skipped", "name": "peer", "note": "not installed"},
    ]
    kept = target_rows(rows, "sim")
    assert [r["name"] for r in kept] == ["sim: a vs b", "sim: greedy hands"]


def test_merge_puts_both_paths_on_one_row_per_target() -> None:
    compiled = [{"kind": "ratio", "name": "x", "ratio": 3.0, "target": 1.0}]
    pure = [
        {"kind": "ratio", "name": "x", "ratio": 0.5, "target": 1.0},
        {"kind": "goal", "name": "y", "per_second": 4.0, "target": 20.0},
    ]
    rows = merge({"compiled": compiled, "pure": pure})
    assert rows == [
        {"name": "x", "kind": "ratio", "target": 1.0, "compiled": 3.0, "pure": 0.5},
        {"name": "y", "kind": "goal", "target": 20.0, "pure": 4.0},
    ]


def test_an_unknown_benchmark_is_named() -> None:
    result = runner.invoke(app, ["bench", "summary", "--only", "nothing"])
    assert result.exit_code == 2
    assert "--only nothing: no such benchmark (known: shapes" in result.output


def test_the_child_process_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--only", "nothing"]) == 0
    assert json.loads(capsys.readouterr().out) == []
    assert collect(only=["nothing"]) == []


@pytest.mark.slow
def test_the_shapes_targets_are_measured_on_both_kernels() -> None:
    rows = run_summary(only=["shapes"])
    assert len(rows) >= 5
    for r in rows:
        assert r["name"].startswith("shapes: ")
        assert all(r[p] > 0 for p in PATHS), r


@pytest.mark.slow
def test_the_command_prints_every_target() -> None:
    # Piped output (no terminal, no COLUMNS) keeps each target's name on one line.
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    out = subprocess.run(
        [sys.executable, "-m", "parlour.cli", "bench", "summary", "--only", "shapes"],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    ).stdout
    assert "parlour's speed targets" in out
    assert "shanten_of vs PyMahjongGB" in out

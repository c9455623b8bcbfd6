"""Smoke test of ``parlour bench mcr`` (no timing assertions)."""

from __future__ import annotations

import sys

import pytest
from typer.testing import CliRunner

from dev_deps import require
from parlour.bench.mcr import (
    GB_ROW,
    JSON_ROW,
    PARSED_ROW,
    RATIO_TARGETS,
    print_table,
    run_mcr_bench,
)
from parlour.cli import app
from parlour.mahjong.rules.mcr import scoring as mcr
from parlour.mahjong.rules.mcr.bench.scoring import PURE_JSON_ROW, PURE_PARSED_ROW

PURE_ROWS = [PURE_JSON_ROW, PURE_PARSED_ROW] if mcr._fans is not None else []
"""The pure-Python rows, timed beside the compiled ones when the fan engine is built."""

# a pinned dev dependency: a missing one fails the run (see dev_deps), it never skips
require("MahjongGB", "pymahjonggb==1.4.0")


def test_rows_and_table(capsys: pytest.CaptureFixture[str]) -> None:
    rows = run_mcr_bench(hands=60, seed=3, repeat=2)
    timed = [r["name"] for r in rows if r["kind"] == "timing"]
    assert timed == [JSON_ROW, PARSED_ROW, *PURE_ROWS, GB_ROW]
    for r in rows:
        if r["kind"] == "timing":
            assert r["hands"] == 60
            assert r["per_second"] > 0 and r["seconds"] > 0
            assert r["first_per_second"] > 0
    assert not [r for r in rows if r["kind"] == "skipped"]
    ratios = [r for r in rows if r["kind"] == "ratio"]
    gb = next(r for r in rows if r["name"] == GB_ROW)
    assert gb["refused"] == 0
    assert [r["name"] for r in ratios] == [name for name, *_ in RATIO_TARGETS]
    for r in ratios:
        assert r["ratio"] > 0 and r["ok"] == (r["ratio"] >= r["target"])
    (agreement,) = [r for r in rows if r["kind"] == "agreement"]
    assert agreement["hands"] == 60
    assert agreement["refused"] == 0
    assert agreement["agree"] == 60, agreement["disagree"]
    print_table(rows)
    out = capsys.readouterr().out
    assert JSON_ROW in out and PARSED_ROW in out
    assert "parlour score vs PyMahjongGB" in out
    assert "60/60" in out


def test_without_pymahjonggb_its_row_is_skipped(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Where PyMahjongGB cannot be imported (a None in sys.modules makes its import
    fail), the bench times parlour alone and says the peer was skipped."""
    monkeypatch.setitem(sys.modules, "MahjongGB", None)
    rows = run_mcr_bench(hands=20, seed=3, repeat=1)
    assert [r["name"] for r in rows if r["kind"] == "timing"] == [JSON_ROW, PARSED_ROW, *PURE_ROWS]
    assert not [r for r in rows if r["kind"] in ("ratio", "agreement")]
    assert [r["name"] for r in rows if r["kind"] == "skipped"] == [GB_ROW]
    print_table(rows)
    assert "not installed" in capsys.readouterr().out


def test_cli_command_runs() -> None:
    result = CliRunner().invoke(app, ["bench", "mcr", "--hands", "15", "--repeat", "1"])
    assert result.exit_code == 0, result.output
    assert "parlour score (JSON)" in result.stdout


def test_rejects_no_hands() -> None:
    with pytest.raises(ValueError):
        run_mcr_bench(hands=0)
    result = CliRunner().invoke(app, ["bench", "mcr", "--hands", "0"])
    assert result.exit_code == 2
    assert "--hands must be at least 1" in result.stderr

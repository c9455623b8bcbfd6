"""Smoke test of ``parlour bench sim`` (no timing assertions): its rows and their kinds,
which ``parlour bench summary`` reads."""

from __future__ import annotations

import pytest

from parlour.mahjong.rules.mcr.bench.hands_per_second import (
    GREEDY_TARGET,
    TARGET,
    print_sim_table,
    run_sim_bench,
)


def test_rows_name_their_kind_and_the_targets(capsys: pytest.CaptureFixture[str]) -> None:
    rows = run_sim_bench(games=2, seed=3, repeat=1)
    kinds = {r["name"]: r["kind"] for r in rows}
    assert kinds["parlour random"] == "timing"
    assert kinds["parlour greedy"] == "goal"
    assert kinds["random bots vs RLCard"] == "ratio"
    assert kinds["random bots with observations vs RLCard"] == "ratio-info"
    greedy = next(r for r in rows if r["name"] == "parlour greedy")
    assert greedy["target"] == GREEDY_TARGET and greedy["per_second"] > 0
    assert greedy["won"] + greedy["drawn"] == 2
    ratio = next(r for r in rows if r["kind"] == "ratio")
    assert ratio["target"] == TARGET and ratio["ratio"] > 0
    print_sim_table(rows)
    out = capsys.readouterr().out
    assert "parlour greedy: " in out and f"(target >= {GREEDY_TARGET:g})" in out


def test_without_peers_there_is_no_ratio() -> None:
    rows = run_sim_bench(games=1, seed=3, repeat=1, peers=False)
    assert all(r["kind"] in ("timing", "goal") for r in rows)

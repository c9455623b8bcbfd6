"""The 95% confidence intervals of a simulation's summary, against cases worked by hand."""

from __future__ import annotations

import math
from typing import Any

import pytest

from parlour.sim import simulate
from parlour.sim.intervals import add_intervals, mean_interval, rate_interval


def test_mean_interval_of_a_small_sample_worked_by_hand() -> None:
    # 1..5: mean 3, sample variance 2.5, standard error sqrt(2.5 / 5) = 0.70711;
    # 1.95996 * 0.70711 = 1.38590
    assert mean_interval([1, 2, 3, 4, 5]) == (1.6141, 4.3859)
    # 8 payments of a seat: mean 1, deviations 7 and -1 (x7): variance 56 / 7 = 8
    lo, hi = mean_interval([8, 0, 0, 0, 0, 0, 0, 0])
    half = 1.959963984540054 * math.sqrt(8 / 8)
    assert (lo, hi) == (round(1 - half, 4), round(1 + half, 4)) == (-0.96, 2.96)


def test_wilson_interval_worked_by_hand() -> None:
    # 5 of 10, z = 1.96: centre 0.5, half 1.96 / 1.38415 * sqrt(0.025 + 0.0096) = 0.26341
    assert rate_interval(5, 10) == (0.2366, 0.7634)
    # 0 of 20: from 0 to z^2 / (n + z^2) = 3.8415 / 23.8415
    assert rate_interval(0, 20) == (0.0, round(1.959963984540054**2 / (20 + 3.841459), 4))
    assert rate_interval(20, 20)[1] == 1.0


def test_a_summary_gets_its_intervals() -> None:
    summary: dict[str, Any] = {"seats": [{"wins": 1}, {"wins": 0}], "draws": 1, "draw_rate": 0.5}
    add_intervals(summary, [{"payments": [2, -2]}, {"payments": [0, 0]}])
    assert summary["seats"][0]["mean_score_ci"] == [-0.96, 2.96]
    assert summary["seats"][1]["mean_score_ci"] == [-2.96, 0.96]
    assert summary["seats"][0]["win_rate_ci"] == list(rate_interval(1, 2))
    assert summary["draw_rate_ci"] == [0.0945, 0.9055]


@pytest.mark.parametrize(
    ("rules", "bots"), [("mcr", ["random"] * 4), ("ninety-nine", ["heuristic", "random", "random"])]
)
def test_a_simulation_s_intervals_hold_its_means(rules: str, bots: list[str]) -> None:
    summary = simulate(bots, 12, seed=2, rules=rules)
    n = summary.get("hands", summary.get("games"))
    assert n == 12
    for seat in summary["seats"]:
        lo, hi = seat["mean_score_ci"]
        assert lo <= round(seat["mean_score"], 4) <= hi
        lo, hi = seat["win_rate_ci"]
        assert lo <= seat["win_rate"] <= hi and 0.0 <= lo <= hi <= 1.0
    if "draw_rate" in summary:
        lo, hi = summary["draw_rate_ci"]
        assert lo <= summary["draw_rate"] <= hi

"""95% confidence intervals of a simulation's means: a seat's mean score (normal
approximation, sample standard deviation; a duplicate tournament's per deal:
:func:`grouped_mean_interval`), its win rate and the draw rate (Wilson score
intervals, which stay inside 0..1 for few units or rates near 0 or 1).

>>> mean_interval([1, 2, 3, 4, 5])
(1.6141, 4.3859)
>>> rate_interval(5, 10)
(0.2366, 0.7634)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float]:
    """The confidence interval of the mean of ``values``: mean ± z·s/√n, ``s`` the
    sample standard deviation (n − 1); a single value (or none) gives a point,
    rounded to 4 decimals.

    >>> mean_interval([2.0]), mean_interval([])
    ((2.0, 2.0), (0.0, 0.0))
    """
    n = len(values)
    mean = sum(values) / n if n else 0.0
    if n < 2:
        return round(mean, 4), round(mean, 4)
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(variance / n)
    return round(mean - half, 4), round(mean + half, 4)


def grouped_mean_interval(groups: Sequence[Sequence[float]], z: float = Z95) -> tuple[float, float]:
    """The confidence interval of the mean of values drawn in groups that are alike
    within (the seatings of one duplicate deal share its tiles) and independent of one
    another: :func:`mean_interval` of the groups' means, the groups the samples. For
    groups of one size the mean of their means is the mean of all the values.

    >>> grouped_mean_interval([[1, 3], [2, 4], [3, 5], [4, 6], [5, 7]])
    (2.6141, 5.3859)
    """
    return mean_interval([sum(g) / len(g) for g in groups if g], z)


def rate_interval(hits: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate of ``hits`` in ``n`` trials, rounded to 4
    decimals (0..1 when there are no trials).

    >>> rate_interval(0, 20), rate_interval(0, 0)
    ((0.0, 0.1611), (0.0, 1.0))
    """
    if n <= 0:
        return 0.0, 1.0
    p = hits / n
    zz = z * z
    denominator = 1 + zz / n
    centre = (p + zz / (2 * n)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / n + zz / (4 * n * n))
    return round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)


def seat_scores(result: Mapping[str, Any]) -> Sequence[float]:
    """The score of every seat in one unit of a simulation: a mahjong hand's payments,
    a card game's scores.

    >>> seat_scores({"payments": [8, -8]}), seat_scores({"scores": [1, 0]})
    ([8, -8], [1, 0])
    """
    scores: Sequence[float] = result["payments"] if "payments" in result else result["scores"]
    return scores


def add_intervals(summary: dict[str, Any], results: Sequence[Mapping[str, Any]]) -> None:
    """Give ``summary`` (of ``results``, in order) its 95% intervals: each seat's
    ``mean_score_ci`` and ``win_rate_ci``, and ``draw_rate_ci`` when it has a draw
    rate; each a [low, high] pair.

    >>> s = {"seats": [{"wins": 1}, {"wins": 0}], "draws": 1, "draw_rate": 0.5}
    >>> add_intervals(s, [{"payments": [2, -2]}, {"payments": [0, 0]}])
    >>> s["seats"][0]["mean_score_ci"], s["draw_rate_ci"]
    ([-0.96, 2.96], [0.0945, 0.9055])
    """
    n = len(results)
    for s, seat in enumerate(summary["seats"]):
        scores = [float(seat_scores(r)[s]) for r in results]
        seat["mean_score_ci"] = list(mean_interval(scores))
        seat["win_rate_ci"] = list(rate_interval(int(seat["wins"]), n))
    if "draw_rate" in summary:
        summary["draw_rate_ci"] = list(rate_interval(int(summary["draws"]), n))


__all__ = [
    "Z95",
    "add_intervals",
    "grouped_mean_interval",
    "mean_interval",
    "rate_interval",
    "seat_scores",
]

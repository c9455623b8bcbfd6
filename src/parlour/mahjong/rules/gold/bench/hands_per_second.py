"""``parlour bench gold-sim``: whole Xiamen hands per second, greedy and random bots.

Side by side in one process, each hand dealt as ``parlour sim --rules xiamen`` deals it
(hand ``i`` of the simulation seeded ``seed``), the tables asking only the seats that
can act (what a simulation of bots may do):

* ``xiamen greedy``: four greedy bots (each keeps its Golds, weighs every wait with the
  gold scorer, floats when it pays): the figure a study of greedy play waits on;
* ``xiamen random``: four random bots (most such hands are drawn: the cost of the
  table alone).

No peer plays the gold games, so the greedy figure is set against its target in hands
per second (one core). Each measurement plays ``games`` hands; the passes go round robin
and each keeps its best of ``repeat``.

>>> rows = run_gold_sim_bench(games=1, repeat=1, bots=("random",))
>>> [r["name"] for r in rows]
['xiamen random']
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from parlour.mahjong.sim import play_hand

Row = dict[str, Any]
TARGET = 20.0
"""Greedy-bot Xiamen hands per second (one core)."""
RULES = "xiamen"


def play_hands(bot: str, games: int, seed: int) -> tuple[int, int]:
    """Play hands ``0 .. games - 1`` of the Xiamen simulation seeded ``seed`` with four
    ``bot`` bots; (hands won, hands drawn)."""
    won = drawn = 0
    for index in range(games):
        out = play_hand([bot] * 4, seed, index, rules=RULES, fast=True)
        if out["winners"]:
            won += 1
        else:
            drawn += 1
    return won, drawn


def run_gold_sim_bench(
    games: int = 20, seed: int = 1, repeat: int = 3, *, bots: Sequence[str] = ("greedy", "random")
) -> list[Row]:
    """Time the measurements: rows of ``{"kind", "name", "games", "per_second", "won",
    "drawn"}``, the greedy row of kind ``goal`` with its ``target`` (the others
    ``timing``)."""
    best: dict[str, float] = {}
    outcome: dict[str, tuple[int, int]] = {}
    for _ in range(max(1, repeat)):
        for bot in bots:
            start = time.perf_counter()
            outcome[bot] = play_hands(bot, games, seed)
            elapsed = time.perf_counter() - start
            best[bot] = min(best.get(bot, elapsed), elapsed)
    rows: list[Row] = []
    for bot in bots:
        row: Row = {
            "kind": "goal" if bot == "greedy" else "timing",
            "name": f"{RULES} {bot}",
            "games": games,
            "per_second": games / best[bot],
        }
        row["won"], row["drawn"] = outcome[bot]
        if bot == "greedy":
            row["target"] = TARGET
        rows.append(row)
    return rows


def print_gold_sim_table(rows: Sequence[Row]) -> None:
    from parlour.bench import print_hands_table

    print_hands_table(rows, "Whole Xiamen hands per second (one core, best of the runs)")

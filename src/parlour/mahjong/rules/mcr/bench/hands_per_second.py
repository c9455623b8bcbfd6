"""``parlour bench sim``: whole MCR hands per second, against RLCard's mahjong game.

Side by side in one process:

* ``parlour random``: full MCR hands (deal, flowers, claims, kongs, robbing, scoring every
  win with the 8-point minimum) with four random bots given their legal actions at every
  decision, as a batch simulation plays them (``observe=False``: the random bot reads no
  observation, so none is built), the tables asking only the seats that can act after a
  discard (what a simulation of bots may do);
* ``parlour random, observations built``: the same hands with every bot also handed its
  observation (a simulation's default);
* ``parlour random, every seat asked``: the same with the tables' default too, which asks
  every other seat after each discard so that nobody learns who could claim;
* ``parlour greedy``: the same with four greedy bots (shanten-minimising), when the greedy
  bot is available, as a batch simulation plays them (each handed only the entries of
  its observation it reads);
* ``RLCard mahjong``: ``rlcard.make("mahjong")`` games with four ``RandomAgent`` s (no
  flowers, no scoring, no minimum), when RLCard is installed.

Each measurement plays ``games`` hands (seeds ``seed``, ``seed + 1``, ...); the passes go
round robin and each keeps its best of ``repeat``. One core.

``parlour bench sim --engine ray`` times something else: a simulation of random-bot
hands (10,000 by default) on Ray against local processes, the same number of workers
each (:func:`print_engine_bench`).

>>> rows = run_sim_bench(games=3, repeat=1, peers=False)
>>> [r["name"] for r in rows][:1]
['parlour random']
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Sequence
from typing import Any

from parlour.bots import BOTS, make_bot
from parlour.mahjong.sim import play_out
from parlour.mahjong.table import Table

Row = dict[str, Any]
TARGET = 15.0
"""parlour's random-bot hands per second (a batch simulation) over RLCard's random-agent
games per second."""
GREEDY_TARGET = 100.0
"""Whole MCR hands per second played by four greedy bots on one core."""


def play_hands(
    bot: str, games: int, seed: int, *, ask_everyone: bool = False, observe: bool = True
) -> tuple[int, int]:
    """Play ``games`` hands with four ``bot`` bots; (hands won, hands drawn). By
    default the tables ask only the seats that can act after a discard (a simulation
    where nothing is hidden from anyone); ``ask_everyone`` asks every seat, as tables
    do by default. ``observe`` False skips the observations of bots that read none and
    builds only the entries a bot reads (:func:`parlour.mahjong.sim.play_out`): the same
    hands."""
    won = drawn = 0
    for g in range(seed, seed + games):
        table = Table(seed=g, dealer=g % 4, ask_everyone=ask_everyone)
        play_out(table, [make_bot(bot, seed=4 * g + i) for i in range(4)], observe=observe)
        result = table.result()
        assert result is not None
        if result["wins"]:
            won += 1
        else:
            drawn += 1
    return won, drawn


def _rlcard_runner(games: int, seed: int) -> Callable[[], None] | None:
    try:
        rlcard = importlib.import_module("rlcard")
        agents = importlib.import_module("rlcard.agents")
    except ImportError:
        return None
    env = rlcard.make("mahjong", config={"seed": seed})
    env.set_agents([agents.RandomAgent(num_actions=env.num_actions) for _ in range(4)])

    def run() -> None:
        for _ in range(games):
            env.run(is_training=False)

    return run


def run_sim_bench(
    games: int = 300, seed: int = 1, repeat: int = 3, *, peers: bool = True
) -> list[Row]:
    """Time the measurements; rows of ``{"kind", "name", "games", "per_second", ...}``
    (kind ``timing``; the greedy row ``goal``, with its ``target``) and the ratio rows
    when RLCard ran (kind ``ratio`` with a target, ``ratio-info`` without)."""
    runs: list[tuple[str, Callable[[], Any]]] = [
        ("parlour random", lambda: play_hands("random", games, seed, observe=False)),
        ("parlour random, observations built", lambda: play_hands("random", games, seed)),
        (
            "parlour random, every seat asked",
            lambda: play_hands("random", games, seed, ask_everyone=True),
        ),
    ]
    if "greedy" in BOTS:
        runs.append(("parlour greedy", lambda: play_hands("greedy", games, seed, observe=False)))
    rl = _rlcard_runner(games, seed) if peers else None
    if rl is not None:
        runs.append(("RLCard mahjong (random agents)", rl))
    best: dict[str, float] = {}
    outcome: dict[str, Any] = {}
    for _ in range(max(1, repeat)):
        for name, run in runs:
            start = time.perf_counter()
            out = run()
            elapsed = time.perf_counter() - start
            best[name] = min(best.get(name, elapsed), elapsed)
            outcome[name] = out
    rows: list[Row] = []
    for name, _ in runs:
        row: Row = {"kind": "timing", "name": name, "games": games}
        row["per_second"] = games / best[name]
        if name == "parlour greedy":
            row["kind"], row["target"] = "goal", GREEDY_TARGET
        if isinstance(outcome[name], tuple):
            row["won"], row["drawn"] = outcome[name]
        rows.append(row)
    if rl is not None:
        theirs = next(r for r in rows if r["name"].startswith("RLCard"))["per_second"]
        rows.append(
            {
                "kind": "ratio",
                "name": "random bots vs RLCard",
                "ratio": rows[0]["per_second"] / theirs,
                "target": TARGET,
            }
        )
        rows.append(
            {
                "kind": "ratio-info",
                "name": "random bots with observations vs RLCard",
                "ratio": rows[1]["per_second"] / theirs,
            }
        )
    elif peers:
        rows.append(
            {"kind": "skipped", "name": "RLCard not installed (pip install rlcard): no ratio"}
        )
    return rows


def print_engine_bench(
    engine: str, address: str | None, workers: int, hands: int, seed: int, repeat: int
) -> None:
    """``parlour bench sim --engine ENGINE``: ``hands`` MCR hands of four random bots (a
    batch simulation, as ``parlour simulate`` plays it) on the simulation engine
    ``engine`` (at ``address``) against local processes, ``workers`` each
    (:func:`parlour.sim.bench.run_engine_bench`)."""
    from rich.console import Console

    from parlour.sim.bench import print_engine_table, run_engine_bench

    status = Console(stderr=True).status("")
    with status:
        rows = run_engine_bench(
            "mcr",
            ["random"] * 4,
            hands,
            seed,
            workers,
            engine=engine,
            address=address,
            repeat=repeat,
            progress=lambda what: status.update(f"timing: {what}"),
        )
    title = f"Random-bot MCR hands, {engine} against local processes (best of {repeat} runs)"
    print_engine_table(rows, title)


def print_sim_table(rows: Sequence[Row]) -> None:
    from parlour.bench import print_hands_table

    print_hands_table(rows, "Whole hands per second (one core, best of the runs)")

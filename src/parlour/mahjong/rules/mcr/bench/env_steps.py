"""``parlour bench env``: learning-environment steps per second, with observation
tensors, against RLCard's mahjong environment; and :class:`~parlour.envs.VectorGames`
steps per second for every playable rule system.

Run side by side in one process, random legal actions throughout, best of the runs:

* ``parlour AEC env``: :func:`parlour.envs.steps_per_second` (PettingZoo's
  ``observe`` of the agent to act, the MCR feature planes and the action mask, then
  ``step``);
* ``parlour VectorGames``: :func:`parlour.envs.vector.vector_steps_per_second` (16
  games, every observation and mask written into the arrays);
* ``RLCard mahjong env.step``: ``rlcard.make("mahjong")``, ``env.step`` with its
  state encoding (the 6x34x4 planes and the legal actions; no flowers, no scoring),
  when RLCard is installed;
* ``MCR engine step`` and ``MCR observation encoded``:
  :func:`parlour.envs.encoding_cost` (the legal actions and a random one applied; the
  planes of the seat to act; timed side by side at every step), and their ratio (an
  encoding in engine steps);
* then ``VectorGames <system>`` for every playable rule system.

The target: the AEC environment at least 10x RLCard's ``env.step``; and an observation
encoded in well under an engine step.

>>> rows = run_env_bench(steps=60, repeat=1, peers=False, systems=("mcr",))
>>> [r["name"] for r in rows if r["kind"] == "timing"][2:]
['MCR engine step', 'MCR observation encoded', 'VectorGames mcr']
"""

from __future__ import annotations

import importlib
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

TARGET = 10.0
"""The AEC environment's steps per second over RLCard's, at least."""

GAMES = 16
"""The games of a VectorGames measurement."""

Row = dict[str, Any]


def _rlcard_runner(steps: int, seed: int) -> Callable[[], int] | None:
    try:
        rlcard = importlib.import_module("rlcard")
    except ImportError:
        return None
    env = rlcard.make("mahjong", config={"seed": seed})
    rng = random.Random(seed)

    def run() -> int:
        done = 0
        while done < steps:
            state, _ = env.reset()
            while not env.is_over() and done < steps:
                state, _ = env.step(rng.choice(list(state["legal_actions"])))
                done += 1
        return done

    return run


def _timed(steps: int, run: Callable[[], float | int]) -> float:
    """Steps per second of ``run`` (which answers its own rate, or how many steps)."""
    start = time.perf_counter()
    out = run()
    if isinstance(out, float):
        return out
    return out / (time.perf_counter() - start)


def run_env_bench(
    steps: int = 3_000,
    seed: int = 1,
    repeat: int = 3,
    *,
    peers: bool = True,
    systems: Sequence[str] | None = None,
) -> list[Row]:
    """Time the measurements (see the module docstring): rows ``{"kind": "timing",
    "name", "steps", "per_second"}``, then the ratio to RLCard (kind ``ratio`` with the
    target, ``ratio-info`` for VectorGames) or a ``skipped`` note."""
    from parlour.envs import encoding_cost, steps_per_second
    from parlour.envs.vector import vector_steps_per_second
    from parlour.registry import registry

    runs: list[tuple[str, Callable[[], float | int]]] = [
        ("parlour AEC env, tensors", lambda: steps_per_second("mcr", steps, seed=seed)),
        (
            f"parlour VectorGames ({GAMES} games), tensors",
            lambda: vector_steps_per_second("mcr", steps, games=GAMES, seed=seed),
        ),
    ]
    rl = _rlcard_runner(steps, seed) if peers else None
    if rl is not None:
        runs.append(("RLCard mahjong env.step (its state encoding)", rl))
    costs: list[tuple[float, float]] = []

    def engine() -> float:
        costs.append(encoding_cost("mcr", steps, seed=seed))
        return 1 / costs[-1][0]

    def encoded() -> float:
        return 1 / max(costs[-1][1], 1e-9)

    runs += [("MCR engine step", engine), ("MCR observation encoded", encoded)]
    names = list(systems) if systems is not None else [s.name for s in registry.playable()]
    for name in names:
        runs.append(
            (
                f"VectorGames {name}",
                lambda n=name: vector_steps_per_second(n, steps, games=GAMES, seed=seed),  # type: ignore[misc]
            )
        )
    best: dict[str, float] = {}
    for _ in range(max(1, repeat)):
        for name, run in runs:
            best[name] = max(best.get(name, 0.0), _timed(steps, run))
    rows: list[Row] = [
        {"kind": "timing", "name": name, "steps": steps, "per_second": best[name]}
        for name, _ in runs
    ]
    if rl is not None:
        theirs = best["RLCard mahjong env.step (its state encoding)"]
        rows.append(
            {
                "kind": "ratio",
                "name": "AEC env steps with tensors vs RLCard",
                "ratio": rows[0]["per_second"] / theirs,
                "target": TARGET,
            }
        )
        rows.append(
            {
                "kind": "ratio-info",
                "name": "VectorGames steps with tensors vs RLCard",
                "ratio": rows[1]["per_second"] / theirs,
            }
        )
    elif peers:
        rows.append(
            {"kind": "skipped", "name": "RLCard not installed (pip install rlcard): no ratio"}
        )
    rows.append(
        {
            "kind": "ratio-info",
            "name": "MCR observation encoded, in engine steps",
            "ratio": best["MCR engine step"] / best["MCR observation encoded"],
        }
    )
    return rows


def print_env_table(rows: Sequence[Row]) -> None:
    """Print the rows of :func:`run_env_bench`."""
    from rich.table import Table

    from parlour.bench import report_console

    console = report_console()
    table = Table(title="Environment steps per second (one core, random actions, best of runs)")
    for col in ("measurement", "steps", "steps/s", "µs/step"):
        table.add_column(col, justify="left" if col == "measurement" else "right")
    for r in rows:
        if r["kind"] == "timing":
            per = r["per_second"]
            table.add_row(r["name"], f"{r['steps']:,}", f"{per:,.0f}", f"{1e6 / per:.1f}")
    console.print(table)
    for r in rows:
        if r["kind"] == "ratio":
            ok = r["ratio"] >= r["target"]
            verdict = "[green]met[/green]" if ok else "[red]below target[/red]"
            console.print(f"{r['name']}: {r['ratio']:.2f}x (target >= {r['target']:g}x) {verdict}")
        elif r["kind"] == "ratio-info":
            console.print(f"{r['name']}: {r['ratio']:.2f}x")
        elif r["kind"] == "skipped":
            console.print(f"note: {r['name']}", highlight=False)


__all__ = ["TARGET", "print_env_table", "run_env_bench"]

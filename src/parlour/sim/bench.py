"""A simulation engine timed against local processes (``parlour bench sim --engine ray``).

The same simulation (a rule system, its bots, ``hands`` units, one seed, ``workers``
workers, a batch simulation as ``parlour simulate`` plays it) is played side by side:

* on local processes (:func:`~parlour.sim.local_engine`);
* on the engine, start-up included: the engine starts its Ray (or connects to the
  cluster), plays, and shuts it down (or disconnects), as one ``parlour simulate
  --engine ray`` does;
* on the engine started beforehand, its workers warm (a small simulation played first,
  not timed): what the engine costs a simulation once it runs, as in a long run or a
  session of several simulations (:meth:`~parlour.sim.ray_engine.RayEngine.started`).
  It is stopped after each pass: no local process is forked from a process running Ray.

Each of the engine's ``repeat`` passes is timed beside a pass on local processes (one
after the other, in turns: the load of the machine changes); the engine's time over the
local time, the median of these pairs, is the overhead (target :data:`TARGET` or less).
The table gives each measurement's best time; the results are checked to be the same.

>>> rows = run_engine_bench("mcr", ["random"] * 4, hands=4, workers=1, engine="local")
>>> [r["name"] for r in rows if r["kind"] == "timing"][0]
'local processes'
>>> [r["ratio"] > 0 for r in rows if r["kind"] == "time-ratio"]
[True, True]
>>> next(r["same"] for r in rows if r["kind"] == "same")
True
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from typing import Any

from parlour.sim import Engine, find_engine, simulate

Row = dict[str, Any]
TARGET = 1.2
"""The engine's time over local processes' time for the same simulation, at most."""


def run_engine_bench(
    rules: str,
    bots: Sequence[str],
    hands: int = 10_000,
    seed: int = 1,
    workers: int = 2,
    *,
    engine: str = "ray",
    address: str | None = None,
    repeat: int = 1,
    progress: Callable[[str], object] | None = None,
) -> list[Row]:
    """Time ``hands`` units of ``rules`` with ``bots`` on local processes and on the
    engine named ``engine`` (at ``address``), both with ``workers`` workers; rows of
    kind ``timing`` (``name``, ``hands``, ``seconds``, ``per_second``: the best pass),
    ``time-ratio`` (the engine's time over the local time, the median of ``pairs``
    passes side by side, with ``target``), ``startup`` (the seconds
    the engine's start-up and shutdown add) and ``same`` (whether the results agree).
    ``progress`` is told what is being timed."""
    chosen = find_engine(engine, address)
    started: Callable[[int], AbstractContextManager[Any]] = getattr(
        chosen, "started", lambda workers: nullcontext()
    )

    def play(on: Engine | None, units: int = hands) -> dict[str, Any]:
        return simulate(bots, units, seed, workers, rules=rules, observe=False, engine=on)

    times: dict[str, list[float]] = {}
    summaries: dict[str, dict[str, Any]] = {}

    def timed(name: str, on: Engine | None) -> float:
        if progress:
            progress(name)
        start = time.perf_counter()
        summaries[name] = play(on)
        elapsed = time.perf_counter() - start
        times.setdefault(name, []).append(elapsed)
        return elapsed

    def pair(engine_pass: Callable[[], float], turn: int) -> float:
        """The engine's time over local processes', timed one after the other (in turn
        order: the load of the machine changes)."""
        if turn % 2:
            theirs = engine_pass()
            return theirs / timed(local, None)
        ours = timed(local, None)
        return engine_pass() / ours

    def warm_pass() -> float:
        """A pass on the engine started beforehand, its workers warm (a small simulation
        played first); stopped after it, so that no local process is forked from a
        process running Ray (a fork of Ray's threads may hang)."""
        with started(workers):
            if progress:
                progress(f"{engine}: starting")
            play(chosen, 4 * workers)
            return timed(warm, chosen)

    local, cold, warm = (
        "local processes",
        f"{engine}, start-up included",
        f"{engine}, started beforehand",
    )
    passes = range(max(1, repeat))
    cold_ratios = [pair(lambda: timed(cold, chosen), turn) for turn in passes]
    warm_ratios = [pair(warm_pass, turn) for turn in passes]
    best = {name: min(spent) for name, spent in times.items()}
    rows: list[Row] = [
        {
            "kind": "timing",
            "name": name,
            "hands": hands,
            "workers": workers,
            "seconds": best[name],
            "per_second": hands / best[name],
        }
        for name in (local, cold, warm)
    ]
    for ratios, label in ((cold_ratios, "start-up included"), (warm_ratios, "started beforehand")):
        rows.append(
            {
                "kind": "time-ratio",
                "name": f"{engine} / local processes, {label}",
                "ratio": statistics.median(ratios),
                "pairs": len(ratios),
                "target": TARGET,
            }
        )
    rows.append({"kind": "startup", "name": engine, "seconds": best[cold] - best[warm]})
    same = summaries[cold] == summaries[local] == summaries[warm]
    rows.append({"kind": "same", "name": f"{engine} and local processes", "same": same})
    return rows


def print_engine_table(rows: Sequence[Row], title: str) -> None:
    """Print the rows of :func:`run_engine_bench`: the timings, then each time ratio
    against its target, the start-up's cost and whether the results agree.

    >>> print_engine_table([{"kind": "time-ratio", "name": "ray / local processes",
    ...     "ratio": 1.1, "target": 1.2}, {"kind": "startup", "name": "ray", "seconds": 3.5},
    ...     {"kind": "same", "name": "ray and local processes", "same": True}], "Hands")
    ...  # doctest: +ELLIPSIS
    Hands...
    ray / local processes: 1.10x the time (target <= 1.2x) met
    ray's start-up and shutdown: 3.5 s
    ray and local processes give the same results: yes
    """
    from rich.table import Table

    from parlour.bench import report_console

    console = report_console()
    table = Table(title=title)
    for col in ("measurement", "workers", "hands", "seconds", "hands/s"):
        table.add_column(col, justify="left" if col == "measurement" else "right")
    for r in rows:
        if r["kind"] == "timing":
            table.add_row(
                r["name"],
                str(r["workers"]),
                f"{r['hands']:,}",
                f"{r['seconds']:.2f}",
                f"{r['per_second']:,.1f}",
            )
    console.print(table)
    for r in rows:
        if r["kind"] == "time-ratio":
            ok = r["ratio"] <= r["target"]
            verdict = "[green]met[/green]" if ok else "[red]over target[/red]"
            pairs = f", median of {r['pairs']} pairs" if r.get("pairs", 1) > 1 else ""
            console.print(
                f"{r['name']}: {r['ratio']:.2f}x the time{pairs} (target <= {r['target']:g}x) "
                f"{verdict}",
                highlight=False,
            )
        elif r["kind"] == "startup":
            console.print(f"{r['name']}'s start-up and shutdown: {r['seconds']:.1f} s")
        elif r["kind"] == "same":
            answer = "yes" if r["same"] else "[red]NO[/red]"
            console.print(f"{r['name']} give the same results: {answer}", highlight=False)


__all__ = ["TARGET", "print_engine_table", "run_engine_bench"]

"""Every speed target of parlour in one table: ``parlour bench summary`` (``make bench``).

Each benchmark (the engine's :mod:`parlour.bench.shapes` and every rule system's own,
:attr:`parlour.core.systems.Benchmark.measure`) measures in one process and returns rows.
Two kinds of row carry a target: ``ratio`` rows (ours over a peer timed side by side,
``ratio`` against ``target``) and ``goal`` rows (hands per second on one core,
``per_second`` against ``target``). The summary runs every benchmark at a quick size twice,
in a child process on the compiled kernel and in one on the pure-Python reference
(``PARLOUR_PURE=1``), and prints one line per target with both figures.

>>> merge({"pure": [{"kind": "goal", "name": "x", "per_second": 5.0, "target": 10.0}],
...        "compiled": [{"kind": "goal", "name": "x", "per_second": 20.0, "target": 10.0}]})
[{'name': 'x', 'kind': 'goal', 'target': 10.0, 'compiled': 20.0, 'pure': 5.0}]
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any

Row = dict[str, Any]

PATHS = ("compiled", "pure")
"""The two kernels the summary compares, in the order of its columns."""


def measurements(seed: int = 1) -> list[tuple[str, Callable[[], Sequence[Row]]]]:
    """Every benchmark at its quick size, by name: the engine's shapes benchmark, then each
    rule system's own."""
    from parlour.bench.shapes import run_shapes_bench
    from parlour.registry import registry

    out: list[tuple[str, Callable[[], Sequence[Row]]]] = [
        ("shapes", lambda: run_shapes_bench(hands=2000, seed=seed, repeat=1))
    ]
    for system in registry.systems():
        for bench in system.benchmarks:
            if bench.measure is not None:
                out.append(
                    (bench.name, lambda b=bench: b.measure(b.quick, seed, 1))  # type: ignore[misc]
                )
    return out


def target_rows(rows: Sequence[Row], bench: str) -> list[Row]:
    """The rows of one benchmark that carry a target, named by the benchmark.

    >>> target_rows([{"kind": "timing", "name": "a"},
    ...              {"kind": "ratio", "name": "b", "ratio": 2.0, "target": 1.0}], "mcr")
    [{'kind': 'ratio', 'name': 'mcr: b', 'ratio': 2.0, 'target': 1.0}]
    """
    return [{**r, "name": f"{bench}: {r['name']}"} for r in rows if r["kind"] in ("ratio", "goal")]


def collect(seed: int = 1, only: Sequence[str] = ()) -> list[Row]:
    """The target rows of every benchmark (or of those named in ``only``), measured here."""
    out: list[Row] = []
    for name, measure in measurements(seed):
        if not only or name in only:
            out += target_rows(measure(), name)
    return out


def _value(row: Row) -> float:
    return float(row["ratio"] if row["kind"] == "ratio" else row["per_second"])


def merge(by_path: Mapping[str, Sequence[Row]]) -> list[Row]:
    """One row per target with each path's figure (a ratio, or hands per second)."""
    out: dict[str, Row] = {}
    for path in PATHS:
        for r in by_path.get(path, ()):
            row = out.setdefault(r["name"], {"name": r["name"], "kind": r["kind"]})
            row["target"] = r["target"]
            row[path] = _value(r)
    return list(out.values())


def run_summary(seed: int = 1, only: Sequence[str] = ()) -> list[Row]:
    """Measure every target on the compiled and on the pure path, each in a child process
    (the kernel is chosen when parlour is imported), and merge them."""
    by_path: dict[str, list[Row]] = {}
    for path in PATHS:
        env = {k: v for k, v in os.environ.items() if k != "PARLOUR_PURE"}
        if path == "pure":
            env["PARLOUR_PURE"] = "1"
        args = [sys.executable, "-m", "parlour.bench.summary", "--seed", str(seed)]
        for name in only:
            args += ["--only", name]
        done = subprocess.run(args, env=env, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"the {path} measurement failed:\n{done.stderr.strip()}")
        by_path[path] = json.loads(done.stdout)
    return merge(by_path)


def print_summary(rows: Sequence[Row], kernel: str) -> None:
    """Print one line per target: the pure and compiled figures, the target, and whether
    the compiled path meets it."""
    from rich.table import Table

    from parlour.bench import report_console

    table = Table(title=f"parlour's speed targets (shape kernel here: {kernel})")
    table.add_column("target")
    for path in PATHS:
        table.add_column(path, justify="right")
    table.add_column("goal", justify="right")
    table.add_column("")
    for r in rows:
        ratio = r["kind"] == "ratio"

        def shown(value: float | None, ratio: bool = ratio) -> str:
            if value is None:
                return "-"
            return f"{value:.2f}x" if ratio else f"{value:,.1f}/s"

        goal = f">= {r['target']:g}x" if ratio else f">= {r['target']:,g}/s"
        best = r.get("compiled", r.get("pure"))
        met = best is not None and best >= r["target"]
        table.add_row(
            r["name"],
            *(shown(r.get(p)) for p in PATHS),
            goal,
            "[green]met[/green]" if met else "[red]missed[/red]",
        )
    report_console().print(table)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m parlour.bench.summary [--seed N] [--only NAME ...]``: the target rows
    measured in this process, as JSON (what :func:`run_summary` reads)."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m parlour.bench.summary")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", action="append", default=[])
    args = parser.parse_args(argv)
    print(json.dumps(collect(args.seed, args.only)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

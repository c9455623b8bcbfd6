"""Benchmarks that time parlour against its peers (``parlour bench ...``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console


def print_speed_tables(rows: Sequence[dict[str, Any]], title: str) -> Console:
    """Print the ``timing`` rows (hands per second) and the ``ratio`` rows (ours over a
    peer, against a target) of a benchmark with rich, then its ``skipped`` notes; the
    console, for a benchmark's own lines after these."""
    from rich.console import Console
    from rich.table import Table

    console = Console()
    timing = Table(title=title)
    timing.add_column("measurement")
    timing.add_column("task")
    timing.add_column("hands", justify="right")
    timing.add_column("hands/s", justify="right")
    timing.add_column("µs/hand", justify="right")
    for r in rows:
        if r["kind"] != "timing":
            continue
        timing.add_row(
            r["name"],
            r["task"],
            f"{r['hands']:,}",
            f"{r['per_second']:,.0f}",
            f"{1e6 / r['per_second']:.2f}" if r["per_second"] else "-",
        )
    console.print(timing)
    ratios = [r for r in rows if r["kind"] == "ratio"]
    if ratios:
        table = Table(title="Ours / peer (hands per second)")
        table.add_column("comparison")
        table.add_column("ratio", justify="right")
        table.add_column("target", justify="right")
        table.add_column("")
        for r in ratios:
            table.add_row(
                r["name"],
                f"{r['ratio']:.2f}x",
                f">= {r['target']:g}x",
                "[green]met[/green]" if r["ok"] else "[red]below target[/red]",
            )
        console.print(table)
    for r in rows:
        if r["kind"] == "skipped":
            console.print(f"note: {r['note']}", highlight=False)
    return console

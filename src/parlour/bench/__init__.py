"""Benchmarks that time parlour against its peers (``parlour bench ...``)."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import Console


def report_console() -> Console:
    """The console a benchmark prints its tables on: the terminal's width, or 160
    columns when the output goes to a file or a pipe (and ``COLUMNS`` is not set), so a
    logged report keeps each measurement's name on one line.

    >>> report_console().width > 0
    True
    """
    from rich.console import Console

    console = Console()
    if not console.is_terminal and "COLUMNS" not in os.environ:
        console = Console(width=160)
    return console


def print_speed_tables(rows: Sequence[dict[str, Any]], title: str) -> Console:
    """Print the ``timing`` rows (hands per second) and the ``ratio`` rows (ours over a
    peer, against a target) of a benchmark with rich, then its ``skipped`` notes; the
    console, for a benchmark's own lines after these."""
    from rich.table import Table

    console = report_console()
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


def print_hands_table(rows: Sequence[dict[str, Any]], title: str) -> None:
    """Print a benchmark of whole hands: each row timed (``per_second`` over ``games``,
    with ``won``/``drawn`` where known), then each ``goal`` row against its target, each
    ratio (against its target where it has one) and each note."""
    from rich.table import Table

    console = report_console()
    table = Table(title=title)
    for col in ("measurement", "hands", "hands/s", "ms/hand", "won / drawn"):
        table.add_column(col, justify="left" if col == "measurement" else "right")
    for r in rows:
        if "per_second" in r:
            wd = f"{r['won']} / {r['drawn']}" if "won" in r else "-"
            ms = f"{1000 / r['per_second']:.2f}"
            table.add_row(r["name"], f"{r['games']:,}", f"{r['per_second']:,.1f}", ms, wd)
    console.print(table)
    for r in rows:
        if r.get("kind") == "goal":
            ok = r["per_second"] >= r["target"]
            verdict = "[green]met[/green]" if ok else "[red]below target[/red]"
            console.print(
                f"{r['name']}: {r['per_second']:.1f} hands/s (target >= {r['target']:g}) {verdict}"
            )
        elif "ratio" in r and "target" not in r:
            console.print(f"{r['name']}: {r['ratio']:.2f}x")
        elif "ratio" in r:
            ok = r["ratio"] >= r["target"]
            verdict = "[green]met[/green]" if ok else "[red]below target[/red]"
            console.print(f"{r['name']}: {r['ratio']:.2f}x (target >= {r['target']:g}x) {verdict}")
        elif "per_second" not in r:
            console.print(f"note: {r['name']}")

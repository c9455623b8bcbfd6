"""``parlour export``: game records as arrays for imitation learning (observation, mask,
action, reward, seat, hand), encoded as the learning environments encode them
(:mod:`parlour.envs.export`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from parlour.cli.app import Command, app, console, fail
from parlour.core.errors import ParlourError


@app.command("export", cls=Command)
def export_command(
    file: Annotated[
        str,
        typer.Argument(
            metavar="RECORDS",
            help="Game records: a .jsonl file with one record per line (as parlour "
            "simulate --records writes) or one record (JSON).",
        ),
    ],
    fmt: Annotated[
        str, typer.Option("--format", metavar="FORMAT", help="npz (numpy) or parquet (pyarrow).")
    ] = "npz",
    out: Annotated[
        Path | None,
        typer.Option("--out", metavar="FILE", help="The file to write (default: RECORDS.FORMAT)."),
    ] = None,
) -> None:
    """Turn game records into arrays: one row per recorded action, the acting seat's
    observation before it (the environments' encoding), its mask, the action's index,
    the reward it earned, the seat and the hand."""
    try:
        from parlour.envs.export import FORMATS, record_arrays, write_arrays
    except ImportError as e:  # numpy and the environments are the envs extra
        fail(f"export needs the envs extra (pip install 'parlour[envs]'): {e}")
    from parlour.records import read_record, read_records

    if fmt not in FORMATS:
        fail(f"--format {fmt}: not a format (known: {', '.join(FORMATS)})")
    target = out or Path(file).with_suffix(f".{fmt}")
    try:
        records = read_records(file) if file.endswith(".jsonl") else [read_record(file)]
        arrays = record_arrays(records)
        write_arrays(arrays, target, fmt)
    except ParlourError as e:
        fail(str(e))
    rows = len(arrays["action"])
    shape = "x".join(map(str, arrays["observation"].shape[1:]))
    console.print(
        f"{target}: {rows} actions of {len(records)} records (observations {shape})",
        highlight=False,
    )


__all__ = ["export_command"]

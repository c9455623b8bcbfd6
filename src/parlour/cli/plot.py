"""``parlour plot DIR``: the figures of a simulation that ``parlour simulate --out DIR``
wrote (``simulate --plots`` draws the same ones as it finishes), or of a tournament
``parlour tournament --out DIR`` wrote."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from parlour.cli.app import Command, app, console, fail


def draw(folder: Path, out: Path | None = None, formats: tuple[str, ...] = ("png", "svg")) -> None:
    """Draw the figures of the simulation in ``folder`` in ``out`` (default: the same
    directory) and say which files were written; fail saying why it cannot."""
    from parlour.sim.plots import write_plots

    try:
        written = write_plots(folder, out or folder, formats)
    except ValueError as e:
        fail(str(e))
    except OSError as e:
        fail(f"cannot write the figures in {out or folder}: {e.strerror or e}")
    if not written:
        fail(f"{folder} holds no hands or games to draw")
    console.print(
        f"figures: {', '.join(sorted({p.stem for p in written}))} "
        f"({', '.join(formats)}) in {out or folder}",
        highlight=False,
    )


@app.command("plot", cls=Command)
def plot_command(
    directory: Annotated[
        str,
        typer.Argument(
            metavar="DIR",
            help="A directory parlour simulate --out wrote (its hands.parquet or "
            "games.parquet; the chunks finished so far of a run that was stopped), or "
            "parlour tournament --out (its tournament.parquet: a series per entry).",
        ),
    ],
    out: Annotated[
        str | None,
        typer.Option(metavar="DIR", help="Write the figures there (default: DIR itself)."),
    ] = None,
    png: Annotated[bool, typer.Option(help="Draw PNG files (800 x 500 pixels).")] = True,
    svg: Annotated[bool, typer.Option(help="Draw SVG files.")] = True,
) -> None:
    """Draw the figures of a simulation: score distributions, cumulative scores, win
    (and deal-in) rates with 95% confidence bars, pattern frequencies (a card game:
    its own figures per game), each as score-distribution.png and .svg, ...
    """
    formats = tuple(f for f, on in (("png", png), ("svg", svg)) if on)
    if not formats:
        fail("--no-png and --no-svg leave nothing to draw")
    draw(Path(directory), Path(out) if out is not None else None, formats)

"""``parlour tournament``: a duplicate tournament between bots and its ranking
(:mod:`parlour.sim.tournament`): every deal played with every seating of the bots."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer

from parlour.cli.app import (
    Command,
    Options,
    Players,
    Rules,
    app,
    bot_names,
    directory_problem,
    err_console,
    fail,
    rule_system,
    show,
    table_options,
)
from parlour.core.errors import ParlourError
from parlour.core.views import Block, Column, Grid


@app.command("tournament", cls=Command)
def tournament_command(
    rules: Rules = None,
    option: Options = None,
    players: Players = None,
    bots: Annotated[
        str,
        typer.Option(
            metavar="BOTS",
            help="The entries, one bot per seat, comma-separated (parlour rules NAME lists "
            "the bots; a name entered twice is two entries: random#1, random#2).",
            show_default=False,
        ),
    ] = "",
    deals: Annotated[
        int,
        typer.Option(
            metavar="N",
            help="Deals (mahjong hands, whole card games), each played with every seating.",
        ),
    ] = 10,
    seed: Annotated[int, typer.Option(metavar="N", help="Seed of the tournament.")] = 0,
    workers: Annotated[
        int, typer.Option(metavar="N", help="Local processes (--engine ray: tasks at once).")
    ] = 1,
    engine: Annotated[
        str,
        typer.Option(metavar="ENGINE", help="What plays the games: local (processes) or ray."),
    ] = "local",
    address: Annotated[
        str | None,
        typer.Option(
            metavar="ADDRESS",
            help="--engine ray: the Ray cluster's address (default: RAY_ADDRESS, else a "
            "local Ray).",
        ),
    ] = None,
    out: Annotated[
        str | None,
        typer.Option(
            metavar="DIR",
            help="Write tournament.parquet (one row per deal and seating, with its game "
            "record) and summary.json (the ranking) in DIR, created if need be.",
        ),
    ] = None,
    plots: Annotated[
        bool,
        typer.Option(
            help="Also draw the figures by bot (score distributions, cumulative scores, win "
            "and deal-in rates, patterns) in the --out directory as PNG and SVG."
        ),
    ] = False,
) -> None:
    """Play a duplicate tournament between bots: every deal is played once with every
    seating of the bots (24 at four seats, 6 at three, 2 at two), so each bot plays the
    same tiles or cards from every seat.

    The ranking gives each bot its mean score per hand (game) and its win and deal-in
    rates with 95% confidence intervals, and its openskill rating (Plackett-Luce,
    mu ± sigma), ranked by the conservative ordinal mu − 3 sigma.
    """
    from rich.progress import MofNCompleteColumn, Progress

    from parlour.cli.play import _Rate, engine_of
    from parlour.sim.tournament import tournament

    system = rule_system(rules, players)
    values = table_options(system, option, players)
    seats = system.seats(values)
    given = [b.strip() for b in bots.split(",")] if bots.strip() else []
    if len(given) != seats:
        fail(
            f"--bots names one bot per seat: {system.name} is played at {seats} seats, give "
            f"{seats} comma-separated bots, not {len(given)}"
        )
    names = bot_names(system, ",".join(given), seats, "every seat")
    if deals < 1 or workers < 1:
        fail("--deals and --workers must be at least 1")
    run = engine_of(engine, address)
    if plots and out is None:
        fail("--plots draws the figures in the --out directory: give --out DIR")
    if out is not None and (problem := directory_problem(Path(out))):
        fail(f"cannot write the results to {out}: {problem}")  # before, not after, the run
    try:
        columns = (*Progress.get_default_columns(), MofNCompleteColumn(), _Rate(system.unit[1]))
        with Progress(*columns, console=err_console, transient=True) as bar:
            task = bar.add_task(system.unit[1], total=None)
            table = tournament(
                system.name,
                names,
                deals,
                seed,
                workers,
                options=values,
                engine=run,
                out=Path(out) if out is not None else None,
                progress=lambda done, total: bar.update(task, completed=done, total=total),
            )
    except KeyboardInterrupt:  # the engine has stopped its workers
        err_console.print("interrupted", highlight=False)
        raise typer.Exit(130) from None
    except (ParlourError, ValueError) as e:
        fail(str(e))
    except OSError as e:
        fail(f"cannot write the results to {out}: {e.strerror or e}")
    show(ranking_view(table.to_pylist(), system.name, deals, seats))
    if plots and out is not None:
        from parlour.cli.plot import draw

        draw(Path(out))


def ranking_view(
    rows: Sequence[Mapping[str, Any]], rules: str, deals: int, seats: int
) -> list[Block]:
    """The ranking of a tournament (its table's rows, best first) as a grid.

    >>> from parlour.core.views import as_text
    >>> row = {"rank": 1, "bot": "greedy", "hands": 48, "mean_score": 40.75,
    ...     "mean_score_low": 20.66, "mean_score_high": 60.84, "win_rate": 0.75,
    ...     "win_rate_low": 0.61, "win_rate_high": 0.85, "deal_in_rate": None,
    ...     "deal_in_rate_low": None, "deal_in_rate_high": None, "mu": 50.2,
    ...     "sigma": 5.55, "ordinal": 33.56}
    >>> print(as_text(ranking_view([row], "mcr", 2, 4)))
    mcr: 2 deals, each played with 24 seatings (95% intervals)
    # | bot | played | mean score | win rate | deal-in rate | rating | ordinal
    1 | greedy | 48 | +40.75 ± 20.09 | 75.0% (61.0 – 85.0) | - | 50.20 ± 5.55 | 33.56
    """
    from math import factorial

    grid = Grid(
        f"{rules}: {deals} deal{'s' * (deals != 1)}, each played with {factorial(seats)} "
        "seatings (95% intervals)",
        (
            Column("#", right=True),
            Column("bot", no_wrap=True),
            Column("played", right=True),
            Column("mean score", right=True),
            Column("win rate", right=True),
            Column("deal-in rate", right=True),
            Column("rating", right=True),
            Column("ordinal", right=True),
        ),
    )
    for r in rows:
        grid.add(
            str(r["rank"]),
            str(r["bot"]),
            f"{r['hands']:,}",
            f"{r['mean_score']:+.2f} ± {(r['mean_score_high'] - r['mean_score_low']) / 2:.2f}",
            _rate(r, "win_rate"),
            _rate(r, "deal_in_rate"),
            f"{r['mu']:.2f} ± {r['sigma']:.2f}",
            f"{r['ordinal']:.2f}",
        )
    return [grid]


def _rate(row: Mapping[str, Any], name: str) -> str:
    if row[name] is None:
        return "-"
    low, high = 100 * row[name + "_low"], 100 * row[name + "_high"]
    return f"{row[name]:.1%} ({low:.1f} – {high:.1f})"  # spaces: a narrow table wraps there


__all__ = ["ranking_view", "tournament_command"]

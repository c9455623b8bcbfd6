"""``parlour bench``: benchmarks that run parlour and its peers side by side.

``shapes`` (the hand-shape engine) and ``server`` (a real server under load) are the
engine's; every other benchmark is a rule system's own (its descriptor's
``benchmarks``: MCR's ``mcr`` and ``sim``), made commands by
:mod:`parlour.cli.benchmarks` when ``parlour bench`` is asked for."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from parlour.cli.app import Command, bench_app, console, fail


@bench_app.command("shapes", cls=Command)
def bench_shapes(
    hands: Annotated[int, typer.Option(metavar="N", help="Random hands per measurement.")] = 20000,
    seed: Annotated[int, typer.Option(metavar="N", help="Seed of the random hands.")] = 1,
    repeat: Annotated[int, typer.Option(metavar="N", help="Best of this many runs.")] = 3,
) -> None:
    """Shanten, completeness and decomposition speed against PyMahjongGB and mahjong."""
    from parlour.bench.shapes import print_table, run_shapes_bench

    if hands < 1:
        fail("--hands must be at least 1")
    print_table(run_shapes_bench(hands=hands, seed=seed, repeat=repeat))


@bench_app.command("server", cls=Command)
def bench_server(
    tables: Annotated[
        int, typer.Option(metavar="N", help="Tables played at once (one client, three bots).")
    ] = 100,
    seconds: Annotated[float, typer.Option(metavar="S", help="How long the clients play.")] = 20.0,
    bots: Annotated[
        str, typer.Option(metavar="BOT", help="The bots at every table: random or greedy.")
    ] = "random",
    client: Annotated[
        str,
        typer.Option(metavar="HOW", help="The clients pick a random legal action or the first."),
    ] = "random",
    seed: Annotated[int, typer.Option(metavar="N", help="Seed of the clients' choices.")] = 1,
    database_url: Annotated[
        str | None,
        typer.Option(
            "--database-url",
            metavar="URL",
            help="Keep the games in this database (default: a fresh SQLite file, deleted).",
        ),
    ] = None,
    profile: Annotated[
        Path | None,
        typer.Option(metavar="FILE", help="Run the server under cProfile, its profile to FILE."),
    ] = None,
    workers: Annotated[
        str,
        typer.Option(
            metavar="N",
            help="The server's --workers: processes that run the games (0: the server's own).",
        ),
    ] = "auto",
    bot_tables: Annotated[
        int,
        typer.Option(
            metavar="N",
            help="Tables of bots alone (the same bots) playing at full speed on the same "
            "server all the while.",
        ),
    ] = 20,
) -> None:
    """A real server under load: N tables over WebSockets on loopback at once.

    Reports actions per second, the latency from a client's action to its next prompt
    (p50, p99), and whether every game's log replays to what its client saw. The target
    is 100 tables with p99 under 100 ms and nothing lost; a missed target is reported,
    not an error (exit code 0).
    """
    from parlour.bench.server import BenchError, print_server_report, run_server_bench

    if tables < 1:
        fail("--tables must be at least 1")
    if not 0 <= bot_tables <= 1000:
        fail("--bot-tables must be a number from 0 to 1000")
    if not seconds > 0:
        fail("--seconds must be more than 0")
    try:
        with console.status("starting the server") as status:
            report = run_server_bench(
                tables,
                seconds,
                bots=bots,
                client=client,
                seed=seed,
                database_url=database_url,
                profile=profile,
                workers=workers,
                bot_tables=bot_tables,
                progress=lambda text: status.update(escape(text)),
            )
    except (BenchError, ValueError) as e:
        fail(str(e))
    print_server_report(report)


@bench_app.command("summary", cls=Command)
def bench_summary(
    seed: Annotated[int, typer.Option(metavar="N", help="Seed of the random hands.")] = 1,
    only: Annotated[
        list[str] | None,
        typer.Option(
            metavar="NAME", help="Only this benchmark (shapes, mcr, sim, ...); repeatable."
        ),
    ] = None,
) -> None:
    """Every speed target in one table, each measured on the compiled kernel and on the
    pure-Python reference side by side (quick sizes; the full benchmarks are their own
    commands). A missed target is reported, not an error (exit code 0)."""
    from parlour.bench.summary import measurements, print_summary, run_summary
    from parlour.mahjong.kernel import active

    known = [name for name, _ in measurements(seed)]
    for name in only or ():
        if name not in known:
            fail(f"--only {name}: no such benchmark (known: {', '.join(known)})")
    try:
        with console.status("measuring on the compiled and the pure kernel"):
            rows = run_summary(seed, only or ())
    except RuntimeError as e:
        fail(str(e))
    print_summary(rows, active())


__all__ = ["bench_server", "bench_shapes", "bench_summary"]

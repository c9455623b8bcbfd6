"""``parlour play`` and ``parlour simulate``: a match at the terminal against bots, and
many games played by bots in parallel, for any playable rule system.

What a rule system plays, how it asks the person at the terminal and what a simulation
prints of it are the rule system's (its descriptor); these commands read the options,
the players and the bots, and check them against it.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import ProgressColumn, Task
from rich.text import Text

from parlour.cli.app import (
    Command,
    Options,
    Players,
    Rules,
    app,
    bot_names,
    check_family_flags,
    console,
    directory_problem,
    err_console,
    fail,
    rule_system,
    show,
    table_options,
)
from parlour.core.errors import ParlourError
from parlour.core.systems import RuleSystem
from parlour.core.views import Line

_Deck = Annotated[
    str | None,
    typer.Option(
        metavar="CARDS",
        help='Card games: the first deal\'s pack order, top card first ("7C 8C 9C ...").',
    ),
]


def _ask(prompt: str) -> str:
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    return line


def _check_deck(system: RuleSystem, deck: str | None, values: dict[str, Any]) -> None:
    """``--deck`` checked against the rule system's pack."""
    if deck is None:
        return
    try:
        system.check_deck(deck, values)
    except (ParlourError, ValueError) as e:
        message = str(e)
        fail(f"--deck: {message}" if "deck" in message else message)


@app.command("play", cls=Command)
def play_command(
    rules: Rules = None,
    option: Options = None,
    players: Players = None,
    seed: Annotated[
        int | None,
        typer.Option(metavar="N", help="Seed of the match (default: a fresh random one)."),
    ] = None,
    hands: Annotated[
        int | None,
        typer.Option(
            metavar="N",
            help="Hands to play at most (mahjong: 16 by default; a card game is played to "
            "its end).",
        ),
    ] = None,
    bots: Annotated[
        str,
        typer.Option(
            metavar="BOTS",
            help="The other players' bots: one name for all of them, or one per player, "
            "comma-separated (parlour rules NAME lists a rule system's bots; greedy is every "
            "rule system's sensible bot).",
        ),
    ] = "greedy",
    record: Annotated[
        str | None,
        typer.Option(
            metavar="FILE",
            help="Write the game record (JSON) to FILE at the end, also when stopped early.",
        ),
    ] = None,
    deck: _Deck = None,
) -> None:
    """Play a match at the terminal against bots: a mahjong match (MCR's: 16 hands) or a
    whole card game (a Piquet partie, a game of Ninety-Nine).

    Answer with the number of an action or the action in words (discard 4p, play AS,
    bid 7S 9H 6H), or help; press Enter between hands; 'quit' or the end of input stops.
    """
    from parlour.terminal import record_problem

    system = rule_system(rules, players)
    check_family_flags(system, {"--hands": hands, "--deck": deck})
    values = table_options(system, option, players)
    count = system.num_players(values)
    names = bot_names(system, bots, count - 1, "every other player")
    if hands is not None and hands < 1:
        fail("--hands must be at least 1")
    _check_deck(system, deck, values)
    if record is not None and (problem := record_problem(record)):
        fail(f"cannot write the record to {record}: {problem}")
    if not sys.stdin.isatty():
        err_console.print("(input is not a terminal: answers are read from it line by line)")
    if seed is None:
        import secrets

        seed = secrets.randbits(32)  # nobody can rebuild the walls from a default seed
    how: dict[str, Any] = {"hands": hands} if hands is not None else {}
    if deck is not None:
        how["deck"] = deck
    try:
        system.play_at_terminal(
            values,
            seed=seed,
            bots=names,
            ask=_ask if not sys.stdin.isatty() else None,
            record=record,
            console=console,
            **how,
        )
    except KeyboardInterrupt:  # play said so and wrote the record of what was played
        raise typer.Exit(130) from None
    except ParlourError as e:  # the record could not be written after all
        fail(str(e))


def engine_of(engine: str, address: str | None) -> Any:
    """The engine ``--engine`` names, on the cluster at ``--address`` (Ray's), for
    ``simulate`` and ``tournament``: the command fails saying what is wrong (an
    unknown engine, an address without Ray, Ray not installed)."""
    from parlour.sim import find_engine

    if address is not None and engine != "ray":
        fail("--address is where Ray runs: give --engine ray")
    try:
        return find_engine(engine, address)
    except (ParlourError, ValueError) as e:
        fail(str(e))


@app.command("simulate", cls=Command)
def simulate_command(
    rules: Rules = None,
    option: Options = None,
    players: Players = None,
    games: Annotated[
        int, typer.Option(metavar="N", help="Games to play (mahjong hands, whole card games).")
    ] = 1000,
    bots: Annotated[
        str | None,
        typer.Option(
            metavar="BOTS",
            help="The bots: one name for every seat, or one per seat, comma-separated, "
            "seat 0 first (parlour rules NAME lists them). Default: the rule system's "
            "sensible bot on seats 0 and 1, random on the others.",
            show_default=False,
        ),
    ] = None,
    workers: Annotated[
        int,
        typer.Option(
            metavar="N",
            help="Local processes; with --engine ray, the Ray tasks run at once (a local "
            "Ray instance's CPUs).",
        ),
    ] = 1,
    seed: Annotated[int, typer.Option(metavar="N", help="Seed of the simulation.")] = 0,
    engine: Annotated[
        str,
        typer.Option(
            metavar="NAME",
            help="Where the games are played: local (local processes) or ray (Ray tasks: "
            "on the cluster at --address, else a local Ray instance; needs pip install "
            "'parlour\\[ray]'). The same seed gives the same results on either.",
        ),
    ] = "local",
    address: Annotated[
        str | None,
        typer.Option(
            metavar="ADDRESS",
            help="With --engine ray: the Ray cluster to run on (HEAD:6379, auto, "
            "ray://HEAD:10001); default RAY_ADDRESS if set, else a local Ray instance "
            "started for the run.",
            show_default=False,
        ),
    ] = None,
    out: Annotated[
        str | None,
        typer.Option(
            metavar="DIR",
            help="Write summary.json and hands.jsonl (one line per hand) in DIR, created if "
            "need be (a card game: games.jsonl, one line per game), and hands.parquet "
            "(games.parquet): one row per hand or game, written chunk by chunk as they are "
            "played, for --resume.",
        ),
    ] = None,
    resume: Annotated[
        bool,
        typer.Option(
            help="Continue the run that was stopped in the --out directory (the same "
            "options): the chunks it finished are kept, the others played."
        ),
    ] = False,
    records: Annotated[
        bool,
        typer.Option(
            help="Also write every game's record in DIR/records.jsonl (needs --out), "
            "for parlour validate and replay."
        ),
    ] = False,
    fast: Annotated[
        bool,
        typer.Option(
            help="Mahjong: after a discard ask only the seats that can act (faster; what the "
            "other seats see then hints at who could claim, which bots do not use)."
        ),
    ] = False,
    deck: _Deck = None,
    plots: Annotated[
        bool,
        typer.Option(
            help="Also draw the figures (score distributions, cumulative scores, win rates, "
            "patterns) in the --out directory as PNG and SVG (parlour plot DIR draws them later)."
        ),
    ] = False,
) -> None:
    """Play many games with bots, in parallel (a mahjong hand, or a whole card game,
    each).

    The same seed gives the same results whatever the number of workers, on local
    processes or on Ray (--engine ray). The means are given 95% confidence intervals;
    with --out a stopped run continues with --resume (on either engine).
    """
    from rich.progress import MofNCompleteColumn, Progress

    from parlour.sim import simulate, unit_name
    from parlour.sim.store import finish

    system = rule_system(rules, players)
    check_family_flags(system, {"--fast": fast, "--deck": deck})
    values = table_options(system, option, players)
    seats = system.seats(values)
    if bots is None:
        bots = ",".join(system.default_bots(seats))
    names = bot_names(system, bots, seats, "every seat")
    if games < 1 or workers < 1:
        fail("--games and --workers must be at least 1")
    if records and out is None:
        fail("--records writes records.jsonl in the --out directory: give --out DIR")
    if resume and out is None:
        fail("--resume continues the run in the --out directory: give --out DIR")
    if plots and out is None:
        fail("--plots draws the figures in the --out directory: give --out DIR")
    _check_deck(system, deck, values)
    if out is not None and (problem := directory_problem(Path(out))):
        fail(f"cannot write the results to {out}: {problem}")  # before, not after, the run
    chosen = engine_of(engine, address)
    try:
        columns = (*Progress.get_default_columns(), MofNCompleteColumn(), _Rate(system.unit[1]))
        with Progress(*columns, console=err_console, transient=True) as bar:
            task = bar.add_task(system.unit[1], total=games)
            summary = simulate(
                names,
                games,
                seed,
                workers,
                record=records,
                rules=system.name,
                options=values,
                fast=fast,
                deck=deck,
                progress=lambda done: bar.update(task, completed=done),
                observe=False,  # a batch simulation: the same summary, no unread observations
                out=Path(out) if out is not None else None,
                resume=resume,
                engine=chosen,
            )
    except KeyboardInterrupt:  # simulate has stopped its workers
        err_console.print("interrupted", highlight=False)
        if out is not None:
            err_console.print(
                f"the finished chunks are kept in {out}: the same command with --resume "
                "continues the run",
                highlight=False,
            )
        raise typer.Exit(130) from None
    except (ParlourError, ValueError) as e:
        fail(str(e))
    if out is not None:
        try:
            system.write_simulation(summary, Path(out))
            finish(Path(out), unit_name(summary))
            if plots:
                from parlour.cli.plot import draw

                draw(Path(out))
        except OSError as e:
            fail(f"cannot write the results to {out}: {e.strerror or e}")
    show(system.simulation_view(summary, seed))
    show(interval_lines(summary))


def interval_lines(summary: Mapping[str, Any]) -> list[Line]:
    """The 95% confidence intervals of a simulation's summary, a line per seat (and the
    draw rate's).

    >>> for line in interval_lines({"seats": [{"seat": 0, "bot": "random",
    ...     "mean_score_ci": [-1.5, 2.25], "win_rate_ci": [0.1, 0.4]}],
    ...     "draw_rate_ci": [0.05, 0.2]}):
    ...     print(line.text)
    95% confidence intervals:
      seat 0: mean score -1.50 .. +2.25, win rate 10.0% .. 40.0%
      draw rate 5.0% .. 20.0%
    """
    lines = [Line("95% confidence intervals:")]
    for seat in summary["seats"]:
        lo, hi = seat["mean_score_ci"]
        wlo, whi = seat["win_rate_ci"]
        lines.append(
            Line(
                f"  seat {seat['seat']}: mean score {lo:+.2f} .. {hi:+.2f}, "
                f"win rate {wlo:.1%} .. {whi:.1%}"
            )
        )
    if "draw_rate_ci" in summary:
        lo, hi = summary["draw_rate_ci"]
        lines.append(Line(f"  draw rate {lo:.1%} .. {hi:.1%}"))
    return lines


class _Rate(ProgressColumn):
    """The progress bar's speed: units per second."""

    def __init__(self, unit: str) -> None:
        super().__init__()
        self.unit = unit

    def render(self, task: Task) -> Text:
        speed = task.speed
        return Text("" if speed is None else f"{speed:,.0f} {self.unit}/s")


__all__ = ["interval_lines", "play_command", "simulate_command"]

"""The ``parlour`` command line.

``parlour rules`` lists the rule systems; ``parlour score`` scores a finished hand (the
flags of a rule system's situation: ``parlour score --rules NAME --help``);
``parlour play`` and ``parlour simulate`` play against bots and run bots in parallel;
``parlour replay`` and ``parlour validate`` read game records, ``parlour export`` turns
them into arrays for imitation learning; ``parlour analyse``
shows a hand's shapes; ``parlour plot`` draws a simulation's figures; ``parlour serve``
serves the browser pages; ``parlour bench`` times parlour against its peers. Each
command is a module of this package; every one reads the rule system's descriptor from
the registry and tests no rule system's name.
"""

from __future__ import annotations

from parlour.cli import (
    analyse,
    bench,
    export,
    play,
    plot,
    records,
    rules,
    score,
    serve,
    tournament,
)
from parlour.cli.analyse import analyse_hand
from parlour.cli.app import app, console, err_console
from parlour.cli.score import score_jsonl, situation_from_args
from parlour.cli.serve import _worker_count


def main() -> None:
    """Entry point of the ``parlour`` script."""
    from parlour.registry import RegistryError

    try:
        app()
    except RegistryError as e:  # a rule system that cannot be loaded is said, not a traceback
        err_console.print(f"[bold red]error:[/] {e}", highlight=False)
        raise SystemExit(2) from None


__all__ = [
    "_worker_count",
    "analyse",
    "analyse_hand",
    "app",
    "bench",
    "console",
    "err_console",
    "export",
    "main",
    "play",
    "plot",
    "records",
    "rules",
    "score",
    "score_jsonl",
    "serve",
    "situation_from_args",
    "tournament",
]

"""The rule systems' own benchmarks as ``parlour bench`` commands.

Each :class:`~parlour.core.systems.Benchmark` of a registered rule system becomes
``parlour bench NAME --COUNT N --seed N --repeat N``. (This module builds the commands'
signatures at run time, so its annotations are objects, not strings: no ``from
__future__ import annotations`` here.)
"""

from typing import Annotated, Any

import typer

from parlour.core.systems import Benchmark


def _command(bench: Benchmark) -> Any:
    """The typer command function of ``bench``."""
    from parlour.cli.app import fail

    count_flag = "--" + bench.count

    def command(
        count: Annotated[
            int, typer.Option(count_flag, metavar="N", help=bench.count_help)
        ] = bench.default,
        seed: Annotated[int, typer.Option(metavar="N", help="Seed of the random hands.")] = 1,
        repeat: Annotated[int, typer.Option(metavar="N", help="Best of this many runs.")] = 3,
    ) -> None:
        if count < 1:
            fail(f"{count_flag} must be at least 1")
        bench.run(count, seed, repeat)

    command.__doc__ = bench.help
    command.__name__ = f"bench_{bench.name}"
    return command


def add_benchmarks(group: typer.Typer) -> None:
    """Add a command to ``group`` for every benchmark of every registered rule system."""
    from parlour.cli.app import Command
    from parlour.registry import RegistryError, registry

    try:
        systems = registry.systems()
    except RegistryError:
        return  # the command line says what cannot be loaded (parlour.cli.main)
    for system in systems:
        for bench in system.benchmarks:
            group.command(bench.name, cls=Command)(_command(bench))


__all__ = ["add_benchmarks"]

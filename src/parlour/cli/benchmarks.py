"""The rule systems' own benchmarks as ``parlour bench`` commands.

Each :class:`~parlour.core.systems.Benchmark` of a registered rule system becomes
``parlour bench NAME --COUNT N --seed N --repeat N``. (This module builds the commands'
signatures at run time, so its annotations are objects, not strings: no ``from
__future__ import annotations`` here.)
"""

from typing import Annotated, Any

import typer
import typer.main

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


def benchmark_commands() -> dict[str, Any]:
    """The click command of every benchmark of every registered rule system, by name."""
    from parlour.cli.app import Command
    from parlour.registry import registry

    group = typer.Typer()
    for system in registry.systems():
        for bench in system.benchmarks:
            group.command(bench.name, cls=Command)(_command(bench))
    if not group.registered_commands:
        return {}
    built = typer.main.get_group(group) if len(group.registered_commands) > 1 else None
    if built is not None:
        return dict(built.commands)
    command = typer.main.get_command(group)
    return {group.registered_commands[0].name or command.name or "": command}


__all__ = ["benchmark_commands"]

"""The rule systems' own benchmarks as ``parlour bench`` commands.

Each :class:`~parlour.core.systems.Benchmark` of a registered rule system becomes
``parlour bench NAME --COUNT N --seed N --repeat N``. (This module builds the commands'
signatures at run time, so its annotations are objects, not strings: no ``from
__future__ import annotations`` here.)
"""

from typing import Annotated, Any

import typer
import typer.main

from parlour.core.errors import ParlourError
from parlour.core.systems import Benchmark


def _command(bench: Benchmark) -> Any:
    """The typer command function of ``bench``."""
    if bench.on_engine is not None:
        return _engine_command(bench)
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


def _engine_command(bench: Benchmark) -> Any:
    """The typer command function of ``bench``, which also times its simulation on a
    simulation engine against local processes (``--engine``)."""
    import os

    from parlour.cli.app import fail

    on_engine = bench.on_engine
    assert on_engine is not None
    flags = ["--" + name for name in (bench.count, *bench.aliases)]

    def command(
        count: Annotated[
            int | None,
            typer.Option(
                *flags,
                metavar="N",
                help=f"{bench.count_help} Default {bench.default:,}; with --engine, "
                f"{bench.engine_default:,}.",
                show_default=False,
            ),
        ] = None,
        seed: Annotated[int, typer.Option(metavar="N", help="Seed of the random hands.")] = 1,
        repeat: Annotated[
            int,
            typer.Option(
                metavar="N",
                help="Best of this many runs (with --engine: the median of this many pairs "
                "of runs side by side).",
            ),
        ] = 3,
        engine: Annotated[
            str | None,
            typer.Option(
                metavar="NAME",
                help="Time the simulation on this engine (ray: a local Ray instance, or "
                "the cluster at --address) against local processes, with and without the "
                "engine's start-up, instead of against the peers.",
                show_default=False,
            ),
        ] = None,
        address: Annotated[
            str | None,
            typer.Option(
                metavar="ADDRESS",
                help="With --engine ray: the Ray cluster (as parlour simulate --address).",
                show_default=False,
            ),
        ] = None,
        workers: Annotated[
            int | None,
            typer.Option(
                metavar="N",
                help="With --engine: the workers of either side. Default: the CPUs.",
                show_default=False,
            ),
        ] = None,
    ) -> None:
        if count is not None and count < 1:
            fail(f"{flags[0]} must be at least 1")
        if engine is None:
            if address is not None or workers is not None:
                fail("--address and --workers time an engine: give --engine ray")
            bench.run(count or bench.default, seed, repeat)
            return
        if repeat < 1 or (workers is not None and workers < 1):
            fail("--repeat and --workers must be at least 1")
        try:
            on_engine(
                engine,
                address,
                workers or os.cpu_count() or 1,
                count or bench.engine_default,
                seed,
                repeat,
            )
        except (ParlourError, ValueError) as e:
            fail(str(e))

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

"""The ``parlour`` command line's application and what its commands share: the typer
app, the consoles, failing with a message, reading files and options, finding a rule
system, and drawing a rule system's blocks (:mod:`parlour.core.views`) with rich.

The commands know no rule system: each asks the registry for the one ``--rules`` names
and lets its descriptor (:class:`~parlour.core.systems.RuleSystem`) say what it takes,
how it plays and what it prints.
"""

from __future__ import annotations

import inspect
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

from parlour.core.errors import InvalidHand
from parlour.core.systems import RuleSystem, listed
from parlour.core.views import Block, Grid

# -- help without type placeholders ------------------------------------------------------
# typer 0.29 (which carries its own copy of click) puts a type placeholder beside every
# parameter in the rich help: TyperOption.display_type_rich gives the metavar when there
# is one, else "<bool>", "<str>", "<int>" -- for flags too, --help included -- and an
# argument's display_type_rich ignores its metavar. These subclasses show nothing for a
# flag (it takes no value) and nothing beside an argument (its metavar names it); every
# value option and argument has a metavar (TILE, WIND, N, FILE, ...). A typer without
# display_type_rich never calls these overrides.


class PlainOption(TyperOption):
    def display_type_rich(self, ctx: Any) -> str | None:
        if self.is_flag or self.count:
            return None
        return super().display_type_rich(ctx)


class _Argument(TyperArgument):
    def display_type_rich(self, ctx: Any) -> str | None:
        return None


def plain_help(params: list[Any]) -> list[Any]:
    for param in params:
        if type(param) is TyperOption:
            param.__class__ = PlainOption
        elif type(param) is TyperArgument:
            param.__class__ = _Argument
    return params


def reflow(text: str | None) -> str | None:
    r"""``text`` with each paragraph's lines joined, as a terminal of any width wraps
    them (typer 0.29 keeps the docstring's line breaks after the first paragraph, so
    an 80-column terminal broke every line in two); a paragraph that is a list or is
    indented keeps its lines.

    >>> reflow("First.\n\nOne line\nand the next.\n\n- a\n- b")
    'First.\n\nOne line and the next.\n\n- a\n- b'
    """
    if not text:
        return text
    paragraphs = inspect.cleandoc(text).split("\n\n")
    return "\n\n".join(
        p
        if any(line.startswith((" ", "-", "*", "\b", "1.")) for line in p.splitlines())
        else " ".join(line.strip() for line in p.splitlines())
        for p in paragraphs
    )


class Command(TyperCommand):
    def get_params(self, ctx: Any) -> list[Any]:
        return plain_help(super().get_params(ctx))

    def format_help(self, ctx: Any, formatter: Any) -> None:
        self.help = reflow(self.help)
        super().format_help(ctx, formatter)


class _Group(TyperGroup):
    def get_params(self, ctx: Any) -> list[Any]:
        return plain_help(super().get_params(ctx))

    def format_help(self, ctx: Any, formatter: Any) -> None:
        self.help = reflow(self.help)
        super().format_help(ctx, formatter)


class _BenchGroup(_Group):
    """``parlour bench``: the engine's benchmarks, and the rule systems' own, found in
    the registry only when ``parlour bench`` is asked for (so no other command waits
    for every rule system to load)."""

    def _own(self) -> dict[str, Any]:
        from parlour.cli.benchmarks import benchmark_commands

        return benchmark_commands()

    def list_commands(self, ctx: Any) -> list[str]:
        return [*super().list_commands(ctx), *self._own()]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        return super().get_command(ctx, cmd_name) or self._own().get(cmd_name)


app = typer.Typer(
    name="parlour",
    help="Play, score and simulate traditional parlour games with the full rules.",
    no_args_is_help=True,
    add_completion=False,
    cls=_Group,
)
bench_app = typer.Typer(
    help="Benchmarks that run parlour and its peers side by side.", cls=_BenchGroup
)
app.add_typer(bench_app, name="bench")

console = Console()
err_console = Console(stderr=True)


def _version(value: bool) -> None:
    if value:
        from parlour import __version__
        from parlour.mahjong.kernel import active

        console.print(f"parlour {__version__} (shape kernel: {active()})", highlight=False)
        raise typer.Exit()


@app.callback()
def _main(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """Play, score and simulate traditional parlour games with the full rules."""


def fail(message: str) -> NoReturn:
    """Print ``error: message`` on the error stream and exit with status 2."""
    err_console.print(f"[bold red]error:[/] {escape(message)}", highlight=False)
    raise typer.Exit(2)


# -- options shared by the commands that take a rule system ------------------------------

Rules = Annotated[
    str | None,
    typer.Option(
        metavar="NAME",
        help="The rule system (parlour rules lists them; default: the default system).",
        show_default=False,
    ),
]
Options = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        metavar="KEY=VALUE",
        help="A rule-system option KEY=VALUE (repeatable; parlour rules NAME lists them).",
    ),
]
Players = Annotated[
    int | None, typer.Option(metavar="N", help="Players (default: the rule system's number).")
]


def rule_system(name: str | None, players: int | None = None) -> RuleSystem:
    """The playable rule system ``--rules`` names (the default one when None), checked
    against ``--players``; a clear error otherwise."""
    from parlour.registry import DEFAULT_SYSTEM, check_playable

    try:
        return check_playable(name or DEFAULT_SYSTEM, players)
    except ValueError as e:
        fail(str(e))


def parse_options(items: Iterable[str]) -> dict[str, Any]:
    """``--option KEY=VALUE`` items as a dict (a value that reads as a JSON scalar is
    taken as one: ``true``, ``3``; anything else is a string).

    >>> parse_options(["kong_values=reference", "rounds=2", "goulash=true"])
    {'kong_values': 'reference', 'rounds': 2, 'goulash': True}
    """
    out: dict[str, Any] = {}
    for item in items:
        key, sep, value = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise InvalidHand(
                f"--option must be KEY=VALUE, such as kong_values=reference, not {item!r}"
            )
        if key in out:
            raise InvalidHand(f"--option {key} is given twice")
        out[key] = _option_value(value.strip())
    return out


def _option_value(text: str) -> Any:
    try:
        value = json.loads(text)
    except ValueError:
        return text
    return value if value is None or isinstance(value, bool | int | float | str) else text


def table_options(
    system: RuleSystem, options: list[str] | None, players: int | None
) -> dict[str, Any]:
    """The options of a table of ``system``: ``--option`` items checked, with
    ``--players`` given as the option ``players`` to a rule system set by its players."""
    try:
        parsed = parse_options(options or ())
        by_players = players is not None and any(o.name == "players" for o in system.options())
        if by_players and parsed.setdefault("players", players) != players:
            fail(f"--players {players} and --option players={parsed['players']} differ")
        return system.check_options(parsed)
    except (InvalidHand, ValueError) as e:
        fail(str(e))


def family_flag(flag: str) -> str:
    """Which families of games a flag of ``play`` or ``simulate`` applies to.

    >>> family_flag("--deck")
    '--deck applies to the card games'
    """
    from parlour.registry import registry

    titles = dict.fromkeys(s.family_title for s in registry.playable() if flag in s.play_flags)
    return f"{flag} applies to {listed(titles) or 'no rule system'}"


def check_family_flags(system: RuleSystem, given: dict[str, Any]) -> None:
    """Refuse the flags of another family of games (``--deck`` with mahjong)."""
    for flag, value in given.items():
        if value not in (None, False) and flag not in system.play_flags:
            fail(f"{family_flag(flag)}, not to --rules {system.name}")


def bot_names(system: RuleSystem, bots: str, count: int, who: str) -> list[str]:
    """``--bots``: one name for every seat, or ``count`` comma-separated names; an
    outside program is ``PROTOCOL:COMMAND`` (``botzone:./bot``) where the rule system
    takes one (:meth:`~parlour.core.systems.RuleSystem.outside_bots`)."""
    names = [b.strip() for b in bots.split(",")]
    if len(names) == 1:
        names *= count
    known = sorted({*system.bot_names(), *system.bot_aliases()})
    unknown = [n for n in names if n not in known and not system.is_outside_bot(n)]
    if unknown:
        fail(f"unknown bot {unknown[0]!r} in --bots (bots: {', '.join(known)})")
    for name in names:
        if system.is_outside_bot(name):
            try:
                system.make_bot(name)
            except ValueError as e:
                fail(f"--bots: {e}")
    if len(names) != count:
        fail(f"--bots names one bot for {who} or {count} comma-separated, not {len(names)}")
    return names


# -- files ---------------------------------------------------------------------------------


def read_text(path: str) -> str:
    """The UTF-8 text of ``path`` (``-``: standard input); a file that cannot be read or
    is not UTF-8 text fails with a message that names it."""
    import sys

    if path == "-":
        return sys.stdin.read()
    try:
        data = Path(path).read_bytes()
    except OSError as e:
        fail(f"cannot read {path}: {e.strerror or e}")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        fail(f"{path} is not UTF-8 text (byte 0x{data[e.start]:02x} at position {e.start})")


def read_json_object(path: str) -> dict[str, Any]:
    """The JSON object in ``path`` (``-``: standard input), or a clear error (read by
    the records' JSON reader: a number too long to read is named as such)."""
    from parlour.core.records import RecordError, parse_json

    text = read_text(path)
    try:
        data = parse_json(text, path)
    except RecordError as e:
        fail(str(e))
    if not isinstance(data, dict):
        fail(f"{path} must hold a JSON object, not {type(data).__name__}")
    return data


def directory_problem(path: Path) -> str | None:
    """Why files cannot be written in the directory ``path`` (created if need be), or
    None when they can."""
    import tempfile

    if path.exists() and not path.is_dir():
        return "Not a directory"
    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=path):
            pass
    except OSError as e:
        return e.strerror or str(e)
    return None


# -- drawing blocks --------------------------------------------------------------------------


def show(blocks: Iterable[Block]) -> None:
    """Draw a rule system's blocks: lines as text, grids as rich tables; a line marked
    ``error`` goes to the error stream."""
    for b in blocks:
        if isinstance(b, Grid):
            table = Table(title=b.title)
            for c in b.columns:
                table.add_column(
                    c.heading, justify="right" if c.right else "left", no_wrap=c.no_wrap
                )
            for row in b.rows:
                table.add_row(*(escape(cell) for cell in row))
            if b.footer:
                table.add_section()
                for row in b.footer:
                    table.add_row(*(f"[bold]{escape(cell)}[/]" if cell else "" for cell in row))
            console.print(table)
            continue
        out = err_console if b.error else console
        text = escape(b.text)
        if b.bold:
            text = f"[bold]{text}[/]"
        if b.label:
            text = f"[bold red]{escape(b.label)}:[/] {text}"
        out.print(text, highlight=False)


__all__ = [
    "Command",
    "Options",
    "Players",
    "Rules",
    "app",
    "bench_app",
    "bot_names",
    "check_family_flags",
    "console",
    "directory_problem",
    "err_console",
    "fail",
    "parse_options",
    "read_json_object",
    "read_text",
    "rule_system",
    "show",
    "table_options",
]

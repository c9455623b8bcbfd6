"""``parlour replay`` and ``parlour validate``: a game record told hand by hand, or
checked move by move; any rule system's records (the registry finds each record's)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from parlour.cli.app import Command, app, console, err_console, fail, read_text, show
from parlour.core.errors import ParlourError

_RECORD_FILE_HELP = (
    "A game record (JSON), or a .jsonl file with one record per line "
    "(as parlour simulate --records writes)."
)


def _record_lines(path: str) -> list[tuple[int, str]]:
    """The non-blank lines of a ``.jsonl`` file of records, with their line numbers."""
    file = Path(path)
    simulation = (file.parent / "summary.json").exists()  # a directory parlour simulate wrote
    if file.name == "records.jsonl" and simulation and not file.exists():
        fail(
            f"cannot read {path}: No such file or directory "
            "(parlour simulate writes records.jsonl only with --records)"
        )
    lines = read_text(path).split("\n")
    found = [(n, line) for n, line in enumerate(lines, 1) if line.strip()]
    if not found:
        fail(f"{path} holds no records (it is empty)")
    return found


def _record_text(path: str) -> str:
    """The text of a single-record file (it must not be empty)."""
    text = read_text(path)
    if not text.strip():
        fail(f"{path} is empty")
    return text


def _replay(record: dict[str, Any], events: bool) -> None:
    from parlour.records import family_of

    show(family_of(record).replay_view(record, events))


@app.command("replay", cls=Command)
def replay_command(
    file: Annotated[str, typer.Argument(metavar="FILE", help=_RECORD_FILE_HELP)],
    events: Annotated[bool, typer.Option(help="Print every move, not only each hand.")] = False,
) -> None:
    """Replay a game record and print it hand by hand (a card game: deal by deal).

    A .jsonl file is replayed one record after another.
    """
    from parlour.records import loads_record

    try:
        if file.endswith(".jsonl"):
            for n, line in _record_lines(file):
                record = loads_record(line, name=f"line {n}")  # refused before its title
                console.rule(f"line {n}")
                _replay(record, events)
        else:
            _replay(loads_record(_record_text(file), name=file), events)
    except ParlourError as e:
        fail(str(e))


@app.command("validate", cls=Command)
def validate_command(
    file: Annotated[str, typer.Argument(metavar="FILE", help=_RECORD_FILE_HELP)],
) -> None:
    """Re-check every action of a record and recompute every score.

    Reports the first discrepancy, or that the game is unfinished (both exit status 1),
    or that the record holds.
    """
    from parlour.records import family_of, loads_record, validate

    try:
        if file.endswith(".jsonl"):  # one record per line, as parlour simulate writes them
            lines = _record_lines(file)
            for n, line in lines:
                report = validate(loads_record(line, name=f"line {n}"))
                if not report.ok:
                    label = "" if report.unfinished else "[bold red]invalid:[/] "
                    err_console.print(f"{label}line {n}: {escape(report.message)}", highlight=False)
                    raise typer.Exit(1)
            console.print(f"valid: {len(lines)} records, every score agrees", highlight=False)
            return
        record = loads_record(_record_text(file), name=file)
        report = validate(record)
    except ParlourError as e:
        fail(str(e))
    if report.ok:
        console.print(f"valid: {family_of(record).validate_text(report)}", highlight=False)
        return
    label = "" if report.unfinished else "[bold red]invalid:[/] "
    err_console.print(f"{label}{escape(report.message)}", highlight=False)
    raise typer.Exit(1)


__all__ = ["replay_command", "validate_command"]

"""Game records: any parlour game as JSON, written, read, replayed and validated.

A record holds what determines a game (rule system, options, seed, players, every action
in order, each with a digest chained from the one before) and what came of it. Its
``game`` field names its family's form (``mahjong``: :mod:`parlour.mahjong.records`;
``cards``: :mod:`parlour.cards.records`); this module reads the header, finds the rule
system through the registry (:mod:`parlour.registry`) and lets it check, replay and
validate the rest. A version-1 record (mahjong only) has no ``game``.

>>> from parlour.mahjong.table import Table
>>> t = Table(seed=4)
>>> _ = t.apply(0, t.legal_actions(0)[-1])
>>> rec = record_of(t)
>>> rec["kind"], [a[:2] for a in rec["hands"][0]["actions"]], validate(rec).ok
('hand', [[0, 'discard C']], False)
>>> print(validate(rec))
unfinished: hand 1 stops after move 1 (to act: seats 1, 2, 3); the 1 move recorded agrees
>>> rec["hands"][0]["actions"][0][1] = "discard 3m"
>>> print(validate(rec))
hand 1, move 1: seat 0 cannot 'discard 3m': seat 0 holds no 3m to discard
>>> validate({"format": "parlour-record", "version": 2, "game": "dominoes"}).message
"this parlour replays mahjong records and cards records, not 'dominoes'"
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from parlour.core.records import (
    FORMAT,
    VERSION,
    RecordError,
    ReplayStep,
    Report,
    check_header,
    dumps_record,
    parse_json,
    read_text,
)
from parlour.core.systems import RuleSystem, listed


def family_of(record: Mapping[str, Any]) -> RuleSystem:
    """A rule system of the family whose form ``record`` follows (by its ``game``)."""
    from parlour.registry import DEFAULT_SYSTEM, registry

    formats = registry.record_formats()
    game = record.get("game", registry.find(DEFAULT_SYSTEM).record_game)
    system = formats.get(game) if isinstance(game, str) else None
    if system is None:
        kinds = listed((f"{g} records" for g in formats), "and")
        raise RecordError(f"this parlour replays {kinds}, not {game!r}")
    return system


def check_record(record: Any) -> None:
    """Raise :class:`RecordError` unless ``record`` is a well-formed record (its form
    only: fields, types, version; :func:`validate` replays it).

    >>> check_record({"format": "parlour-record", "version": 3})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    parlour.records.RecordError: record version 3 is not supported (this parlour reads ...)
    >>> check_record({"format": "parlour-record", "version": 2, "ruleset": "mcr", "seed": 1})
    Traceback (most recent call last):
    ...
    parlour.records.RecordError: the record has no 'hands'
    """
    check_header(record)
    family_of(record).check_record(record)


def replay(record: Mapping[str, Any]) -> Iterator[ReplayStep]:
    """Re-apply every action of ``record``, yielding each hand's (deal's) start (move
    0) and then each action with its events. Raises :class:`RecordError` at the first
    action the rules refuse.

    >>> from parlour.mahjong.table import Table
    >>> t = Table(seed=4)
    >>> _ = t.apply(0, t.legal_actions(0)[-1])
    >>> [(s.hand, s.move, str(s.action), [e.kind for e in s.events][:2])
    ...  for s in replay(record_of(t))]
    [(1, 0, 'None', ['dice', 'deal']), (1, 1, 'discard C', ['discard'])]
    """
    check_header(record)
    yield from family_of(record).replay_record(record)


def validate(record: Any) -> Report:
    """Replay ``record`` and check everything it claims: its form, each hand's setup,
    each action's legality and digest, each result and the standings. Reports the first
    discrepancy, that the game is unfinished, or ok."""
    try:
        check_header(record)
        system = family_of(record)
    except RecordError as e:
        return Report(False, str(e), e.hand, e.move)
    return system.validate_record(record)


def record_of(game: Any, **about: Any) -> dict[str, Any]:
    """The record of ``game`` (a match or a single hand of any family, finished or not;
    ``about`` what the game itself does not know, such as a card game's seed).

    >>> from parlour.mahjong.session import Session
    >>> rec = record_of(Session(seed=2, players=["Ann", "Bob", "Cid", "Dee"]))
    >>> rec["kind"], rec["players"], len(rec["hands"]), rec["hands"][0]["result"]
    ('session', ['Ann', 'Bob', 'Cid', 'Dee'], 1, None)
    """
    from parlour.registry import registry

    for system in registry.record_formats().values():
        if system.owns(game):
            return system.record_of(game, **about)
    what = type(game).__name__
    raise TypeError(f"record_of takes a match or a hand of a parlour game, not {what}")


# -- files ------------------------------------------------------------------------------


def write_record(path: str | os.PathLike[str], record: Mapping[str, Any]) -> None:
    """Write ``record`` to ``path`` as JSON (through a temporary file, so a reader
    never sees half a record)."""
    check_record(record)
    target = Path(path)
    tmp = target.with_name(target.name + ".tmp")
    tmp.write_text(dumps_record(record), encoding="utf-8")
    os.replace(tmp, target)


def read_record(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read a record written by :func:`write_record`; raise :class:`RecordError` if the
    file cannot be read, is empty, is not JSON or is not a well-formed record (it does
    not replay the actions: see :func:`validate`)."""
    name = os.fspath(path)
    text = read_text(path)
    if not text.strip():
        raise RecordError(f"{name} is empty")
    return loads_record(text, name=name)


def read_records(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """Every record of a ``.jsonl`` file (one per line; blank lines skipped)."""
    name = os.fspath(path)
    lines = [(n, line) for n, line in enumerate(read_text(path).splitlines(), 1) if line.strip()]
    if not lines:
        raise RecordError(f"{name} holds no records (it is empty)")
    return [loads_record(line, name=f"{name} line {n}") for n, line in lines]


def loads_record(text: str, *, name: str = "the record") -> dict[str, Any]:
    """Parse a record from JSON text (see :func:`read_record`).

    >>> loads_record('{"format": "parlour-record"')
    Traceback (most recent call last):
    ...
    parlour.records.RecordError: the record is not JSON: Expecting ',' delimiter: line 1 column 28
    """
    record = parse_json(text, name)
    check_record(record)
    return record  # type: ignore[no-any-return]


_MAHJONG_NAMES = ("hand_digests", "result_v1", "session_of")
"""Names this module had when it held the mahjong records (they live in
:mod:`parlour.mahjong.records`; kept here for code that imports them from here)."""


def __getattr__(name: str) -> Any:
    if name in _MAHJONG_NAMES:
        from parlour.mahjong import records

        return getattr(records, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "FORMAT",
    "VERSION",
    "RecordError",
    "ReplayStep",
    "Report",
    "check_record",
    "dumps_record",
    "family_of",
    "loads_record",
    "read_record",
    "read_records",
    "read_text",
    "record_of",
    "replay",
    "validate",
    "write_record",
]

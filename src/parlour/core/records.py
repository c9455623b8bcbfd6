"""What every game record shares, whatever the game: its header, errors, replay steps,
the validation report, the proof of its seed (a server's ``fairness`` block:
:func:`check_fairness`), and the JSON text of a record.

A record is a JSON object with ``"format": "parlour-record"`` and a ``version``; its
``game`` field names the family whose form the rest follows (each family of games reads
its own); :mod:`parlour.records` finds the family of a record through the registry of
rule systems.

>>> check_header({"format": "parlour-record", "version": 3})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
parlour.records.RecordError: record version 3 is not supported (this parlour reads ...)
>>> print(dumps_record({"a": [[0, "discard F"], [1, "pass"]], "b": {}}))
{
  "a": [
    [0, "discard F"],
    [1, "pass"]
  ],
  "b": {}
}
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from parlour.core.actions import Action
from parlour.core.digests import seed_commitment
from parlour.core.errors import ParlourError
from parlour.core.game import Event

FORMAT = "parlour-record"
VERSION = 2
VERSIONS = (1, 2)


class RecordError(ParlourError, ValueError):
    """A record that cannot be read or does not replay: not JSON, missing or malformed
    fields, an unsupported version, an action the rules refuse. ``hand`` and ``move``
    (1-based, or None) say where."""

    def __init__(self, message: str, hand: int | None = None, move: int | None = None) -> None:
        self.hand = hand
        self.move = move
        self.reason = message
        where = ""
        if hand is not None:
            where = f"hand {hand}" + (f", move {move}" if move is not None else "") + ": "
        super().__init__(where + message)


RecordError.__module__ = "parlour.records"  # its public home, where users import it from


class ReplayStep(NamedTuple):
    """One step of a replay: hand and move numbers (1-based; move 0 is the deal, with
    ``seat`` and ``action`` None), the seat, the action and the events it caused. For
    a card game ``hand`` is the deal, and moves are counted through the whole game."""

    hand: int
    move: int
    seat: int | None
    action: Action | None
    events: list[Event]


@dataclass(frozen=True, slots=True)
class Report:
    """What validation found: ``ok`` (every move and score agrees and the game is
    complete), or ``unfinished`` (every move recorded agrees, but the game goes on), or
    the first discrepancy (``message``, with its ``hand`` and ``move`` numbers when it has
    them); ``hands`` and ``moves`` count what was replayed."""

    ok: bool
    message: str
    hand: int | None = None
    move: int | None = None
    hands: int = 0
    moves: int = 0
    unfinished: bool = False

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        return self.message


Report.__module__ = "parlour.records"
ReplayStep.__module__ = "parlour.records"


def is_int(x: Any) -> bool:
    """A whole number, and not a bool."""
    return isinstance(x, int) and not isinstance(x, bool)


def check_header(record: Any) -> None:
    """RecordError unless ``record`` is an object with parlour's format and a version
    this parlour reads."""
    if not isinstance(record, dict):
        raise RecordError(f"a record is a JSON object, not {type(record).__name__}")
    fmt = record.get("format")
    if fmt != FORMAT:
        got = "no 'format'" if fmt is None else f"format {fmt!r}"
        raise RecordError(f"not a parlour record ({got}; expected {FORMAT!r})")
    if "version" not in record:
        raise RecordError("the record has no 'version'")
    version = record["version"]
    if not is_int(version) or version not in VERSIONS:
        raise RecordError(
            f"record version {version!r} is not supported (this parlour reads versions 1 and 2)"
        )


# -- the proof of a seed ----------------------------------------------------------------

FAIRNESS_FIELDS = ("salt", "commitment")
"""The fields of a record's ``fairness`` block (a server's record: the salt it kept
secret and the commitment it published before the deal)."""

_HEX = frozenset("0123456789abcdefABCDEF")


def check_fairness_form(record: Mapping[str, Any]) -> None:
    """RecordError unless the record's ``fairness`` block (when it has one) is an object
    holding a ``salt`` (text) and a ``commitment`` (a SHA-256 digest, 64 hex digits) and
    nothing else; the message names what is wrong. A record without the block (or with
    ``null``) passes: only a server's records carry one.

    >>> check_fairness_form({"seed": 7, "fairness": 5})
    Traceback (most recent call last):
    ...
    parlour.records.RecordError: fairness must be an object with 'salt' and 'commitment', not 5
    >>> check_fairness_form({"fairness": {"salt": "ab", "commitment": "00"}})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    parlour.records.RecordError: fairness commitment must be a SHA-256 digest (64 hex ...), not "00"
    """
    fairness = record.get("fairness")
    if fairness is None:
        return
    if not isinstance(fairness, dict):
        raise RecordError(
            f"fairness must be an object with 'salt' and 'commitment', not {show(fairness)}"
        )
    unknown = sorted(str(k) for k in set(fairness) - set(FAIRNESS_FIELDS))
    if unknown:
        raise RecordError(
            f"fairness has no field {unknown[0]!r} (it holds 'salt' and 'commitment')"
        )
    for key in FAIRNESS_FIELDS:
        if key not in fairness:
            raise RecordError(f"fairness has no {key!r}")
    salt = fairness["salt"]
    if not isinstance(salt, str) or not salt:
        raise RecordError(f"fairness salt must be text, not {show(salt)}")
    commitment = fairness["commitment"]
    if not (isinstance(commitment, str) and len(commitment) == 64 and set(commitment) <= _HEX):
        raise RecordError(
            f"fairness commitment must be a SHA-256 digest (64 hex digits), not {show(commitment)}"
        )


def check_fairness(record: Mapping[str, Any]) -> None:
    """RecordError unless the record's ``fairness`` block (when it has one) is well
    formed and proves its seed: the commitment published before the deal is
    :func:`~parlour.core.digests.seed_commitment` of the record's ``seed`` and the salt.
    Every family's validation checks it, whatever the game.

    >>> good = {"salt": "ab", "commitment": seed_commitment(7, "ab")}
    >>> check_fairness({"seed": 7, "fairness": good})
    >>> check_fairness({"seed": 8, "fairness": good})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    parlour.records.RecordError: the seed and salt do not give the commitment published ...
    """
    check_fairness_form(record)
    fairness = record.get("fairness")
    if fairness is None:
        return
    seed = record.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError(f"seed must be a whole number, not {show(seed)}")
    if seed_commitment(seed, fairness["salt"]) != fairness["commitment"].lower():
        raise RecordError(
            "the seed and salt do not give the commitment published at the start "
            "(the seed was not the one promised)"
        )


def check_record_options(name: str, options: Any) -> None:
    """Raise :class:`RecordError` unless ``options`` are options the rule system
    ``name`` allows (each in its domain, the rules over several of them kept); a rule
    system this parlour does not know is left to the replay to name.

    >>> check_record_options("classical", {"rounds": 0})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    parlour.records.RecordError: the record's options: option rounds must be ... not 0
    """
    from parlour.registry import registry

    system = registry.get(name) if isinstance(name, str) else None
    if system is None or not isinstance(options, Mapping):
        return
    try:
        system.check_options(dict(options))
    except (ValueError, ParlourError) as e:
        raise RecordError(f"the record's options: {e}") from None


def plain(value: Any) -> Any:
    """``value`` as plain JSON data (tuples become lists), as reading it back gives."""
    return json.loads(json.dumps(value))


def show(value: Any) -> str:
    """A value as a message shows it (``none`` for None, else JSON; what JSON cannot
    write, as Python writes it)."""
    if value is None:
        return "none"
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


RESULT_KEYS = (
    "winner",
    "wins",
    "draw",
    "self_drawn",
    "discarder",
    "tile",
    "total",
    "transfers",
    "payments",
    "patterns",
)
"""The result fields compared first, in this order (then any others)."""


def compare_results(recorded: Mapping[str, Any], replayed: Mapping[str, Any]) -> str | None:
    """The first field where two results differ, as text, or None.

    >>> compare_results({"payments": [1, -1]}, {"payments": [2, -2]})
    'recorded payments [1, -1], replay payments [2, -2]'
    """
    keys = list(RESULT_KEYS) + sorted((set(recorded) | set(replayed)) - set(RESULT_KEYS))
    for k in keys:
        if k not in recorded and k not in replayed:
            continue
        a, b = recorded.get(k, "nothing"), replayed.get(k, "nothing")
        if a != b:
            return f"recorded {k} {show(a)}, replay {k} {show(b)}"
    return None


# -- the text of a record ---------------------------------------------------------------


def dumps_record(record: Mapping[str, Any]) -> str:
    """A record as JSON text: indented, with each action (and other short lists) on
    one line."""
    return _dump(record, 0) + "\n"


def _dump(value: Any, level: int) -> str:
    flat = json.dumps(value, ensure_ascii=False)
    if not isinstance(value, dict | list) or not value:
        return flat
    items = value.values() if isinstance(value, dict) else value
    if all(not isinstance(v, dict | list) for v in items) and len(flat) + 2 * level <= 90:
        return flat
    pad = "  " * (level + 1)
    if isinstance(value, dict):
        lines = [
            f"{pad}{json.dumps(k, ensure_ascii=False)}: {_dump(v, level + 1)}"
            for k, v in value.items()
        ]
        return "{\n" + ",\n".join(lines) + "\n" + "  " * level + "}"
    lines = [pad + _dump(v, level + 1) for v in value]
    return "[\n" + ",\n".join(lines) + "\n" + "  " * level + "]"


def read_text(path: str | os.PathLike[str]) -> str:
    """The text of a record file, or :class:`RecordError` saying why it cannot be read
    (missing, not a file, not UTF-8)."""
    name = os.fspath(path)
    try:
        data = Path(path).read_bytes()
    except IsADirectoryError:
        raise RecordError(f"cannot read {name}: it is a directory") from None
    except OSError as e:
        raise RecordError(f"cannot read {name}: {e.strerror or e}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise RecordError(
            f"{name} is not UTF-8 text (byte 0x{data[e.start]:02x} at position {e.start})"
        ) from None


def parse_json(text: str, name: str) -> Any:
    """The JSON value of ``text``, or :class:`RecordError` naming ``name`` and what is
    wrong (:func:`json_problem`): the one reader of JSON for records and the command
    line.

    >>> parse_json('{"seed": ' + "1" * 5000 + "}", "big.json")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    parlour.records.RecordError: a number in big.json has more than ... digits
    """
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as e:
        raise RecordError(json_problem(e, name)) from None


def json_problem(error: ValueError | RecursionError, name: str) -> str:
    """Why ``name`` could not be read as JSON, in one line, from what ``json.loads``
    raised: text that is not JSON (where), JSON nested too deeply, or a number of more
    digits than Python reads as an int (``sys.get_int_max_str_digits()``, 4300 by
    default), which ``json.loads`` refuses with a bare ValueError.

    >>> json_problem(json.JSONDecodeError("Expecting value", "x", 0), "a.json")
    'a.json is not JSON: Expecting value: line 1 column 1'
    """
    if isinstance(error, json.JSONDecodeError):
        return f"{name} is not JSON: {error.msg}: line {error.lineno} column {error.colno}"
    if isinstance(error, RecursionError):
        return f"{name} is nested too deeply to be read"
    limit = sys.get_int_max_str_digits()
    if limit and "digits" in str(error):
        return f"a number in {name} has more than {limit} digits"
    return f"{name} is not JSON: {error}"


__all__ = [
    "FAIRNESS_FIELDS",
    "FORMAT",
    "RESULT_KEYS",
    "VERSION",
    "VERSIONS",
    "RecordError",
    "ReplayStep",
    "Report",
    "check_fairness",
    "check_fairness_form",
    "check_header",
    "compare_results",
    "dumps_record",
    "is_int",
    "json_problem",
    "parse_json",
    "plain",
    "read_text",
    "show",
]

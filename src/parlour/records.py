"""Game records: a session or a single hand as JSON, replayed and validated.

A record holds what determines a game (rule system, options, seed, players and every
action in order) and what came of it (each hand's result and the standings)::

    {"format": "parlour-record", "version": 1, "kind": "session", "ruleset": "mcr",
     "options": {}, "seed": 7, "players": ["A", "B", "C", "D"],
     "hands": [{"seed": 1234, "dealer": 0, "prevalent": "E", "seating": [0, 1, 2, 3],
                "actions": [[0, "discard F"], [1, "discard 9s"], ...],
                "result": {"winner": null, "payments": [0, 0, 0, 0]}}, ...],
     "results": {"scores": [...], "standings": [...], "hands": 16, "complete": true}}

Seats in ``actions``, ``dealer`` and ``result`` are table seats; ``seating`` gives the
player at each seat. ``kind`` is ``"session"`` (a match, :mod:`parlour.mahjong.session`)
or ``"hand"`` (one :class:`~parlour.mahjong.table.Table`). Hand and move numbers in
messages are 1-based (move 1 is a hand's first action).

>>> from parlour.mahjong.table import Table
>>> t = Table(seed=4)
>>> _ = t.apply(0, t.legal_actions(0)[-1])
>>> rec = record_of(t)
>>> rec["kind"], rec["hands"][0]["actions"], validate(rec).ok
('hand', [[0, 'discard C']], True)
>>> rec["hands"][0]["actions"][0] = [0, "discard 3m"]
>>> print(validate(rec))
hand 1, move 1: seat 0 cannot 'discard 3m': seat 0 holds no 3m to discard
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from parlour.core.errors import IllegalAction, ParlourError
from parlour.core.game import Action, Event
from parlour.mahjong.ruleset import WIND_LETTERS, Ruleset
from parlour.mahjong.session import Session, SessionRules, make_ruleset, session_rules_for
from parlour.mahjong.table import Table

FORMAT = "parlour-record"
VERSION = 1
KINDS = ("session", "hand")


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


# -- making records ---------------------------------------------------------------------


def record_of(game: Session | Table) -> dict[str, Any]:
    """The record of a session or of a single table (finished or not).

    >>> from parlour.mahjong.session import Session
    >>> rec = record_of(Session(seed=2, players=["Ann", "Bob", "Cid", "Dee"]))
    >>> rec["kind"], rec["players"], len(rec["hands"]), rec["hands"][0]["result"]
    ('session', ['Ann', 'Bob', 'Cid', 'Dee'], 1, None)
    """
    if isinstance(game, Session):
        return _session_record(game)
    if isinstance(game, Table):
        return _table_record(game)
    raise TypeError(f"record_of takes a Session or a Table, not {type(game).__name__}")


def _hand_entry(table: Table, seating: tuple[int, ...] | list[int]) -> dict[str, Any]:
    return {
        "seed": table.seed,
        "dealer": table.dealer,
        "prevalent": table.prevalent,
        "seating": list(seating),
        "actions": [[seat, str(action)] for seat, action in table.actions],
        "result": _plain(table.result()),
    }


def _session_record(session: Session) -> dict[str, Any]:
    record: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "kind": "session",
        "ruleset": session.ruleset_name,
        "options": _plain(session.options),
        "seed": session.seed,
        "players": list(session.players),
    }
    if session.rules != session_rules_for(session.ruleset_name):
        record["session_rules"] = session.rules.to_json()
    record["hands"] = [
        _hand_entry(t, setup.seating)
        for t, setup in zip(session.tables, session.setups, strict=True)
    ]
    record["results"] = _plain(session.results())
    return record


def _table_record(table: Table) -> dict[str, Any]:
    if 0 in table.dice:
        raise RecordError("a table dealt from a prepared deal cannot be recorded by its seed")
    n = table.num_seats
    return {
        "format": FORMAT,
        "version": VERSION,
        "kind": "hand",
        "ruleset": table.rules.name,
        "options": _plain(table.rules.options),
        "seed": table.seed,
        "players": [f"seat {s}" for s in range(n)],
        "hands": [_hand_entry(table, list(range(n)))],
        "results": _table_results(table),
    }


def _table_results(table: Table) -> dict[str, Any]:
    result = table.result()
    n = table.num_seats
    scores = list(result["payments"]) if result else [0] * n
    order = sorted(range(n), key=lambda p: (-scores[p], p))
    standings: list[dict[str, Any]] = []
    for i, p in enumerate(order):
        tied = i and scores[p] == scores[order[i - 1]]
        rank = standings[-1]["rank"] if tied else i + 1
        standings.append({"player": p, "name": f"seat {p}", "score": scores[p], "rank": rank})
    return {
        "scores": scores,
        "standings": standings,
        "hands": int(result is not None),
        "complete": result is not None,
    }


def _plain(value: Any) -> Any:
    """``value`` as plain JSON data (tuples become lists), as reading it back gives."""
    return json.loads(json.dumps(value))


# -- files ------------------------------------------------------------------------------


def dumps_record(record: Mapping[str, Any]) -> str:
    """A record as JSON text: indented, with each action (and other short lists) on
    one line.

    >>> print(dumps_record({"a": [[0, "discard F"], [1, "pass"]], "b": {}}))
    {
      "a": [
        [0, "discard F"],
        [1, "pass"]
      ],
      "b": {}
    }
    """
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
    file cannot be read, is not JSON or is not a well-formed record (it does not replay
    the actions: see :func:`validate`)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise RecordError(f"cannot read {os.fspath(path)}: {e.strerror or e}") from e
    except UnicodeDecodeError as e:
        raise RecordError(f"{os.fspath(path)} is not a text file: {e.reason}") from e
    record = loads_record(text, name=os.fspath(path))
    return record


def loads_record(text: str, *, name: str = "the record") -> dict[str, Any]:
    """Parse a record from JSON text (see :func:`read_record`).

    >>> loads_record('{"format": "parlour-record"')
    Traceback (most recent call last):
    ...
    parlour.records.RecordError: the record is not JSON: Expecting ',' delimiter: line 1 column 28
    """
    try:
        record = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(
            f"{name} is not JSON: {e.msg}: line {e.lineno} column {e.colno}"
        ) from None
    check_record(record)
    return record  # type: ignore[no-any-return]


# -- checking the form ------------------------------------------------------------------


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def check_record(record: Any) -> None:
    """Raise :class:`RecordError` unless ``record`` is a well-formed record (its form
    only: fields, types, version).

    >>> check_record({"format": "parlour-record", "version": 2})
    Traceback (most recent call last):
    ...
    parlour.records.RecordError: record version 2 is not supported (this parlour reads version 1)
    >>> check_record({"format": "parlour-record", "version": 1, "ruleset": "mcr", "seed": 1})
    Traceback (most recent call last):
    ...
    parlour.records.RecordError: the record has no 'hands'
    """
    if not isinstance(record, dict):
        raise RecordError(f"a record is a JSON object, not {type(record).__name__}")
    fmt = record.get("format")
    if fmt != FORMAT:
        got = "no 'format'" if fmt is None else f"format {fmt!r}"
        raise RecordError(f"not a parlour record ({got}; expected {FORMAT!r})")
    if "version" not in record:
        raise RecordError("the record has no 'version'")
    version = record["version"]
    if version != VERSION or not _is_int(version):
        raise RecordError(
            f"record version {version!r} is not supported (this parlour reads version {VERSION})"
        )
    for key in ("ruleset", "seed", "hands"):
        if key not in record:
            raise RecordError(f"the record has no {key!r}")
    kind = record.get("kind", "session")
    if kind not in KINDS:
        raise RecordError(f"kind must be 'session' or 'hand', not {kind!r}")
    if not isinstance(record["ruleset"], str):
        raise RecordError(f"ruleset must be a name such as 'mcr', not {record['ruleset']!r}")
    if not _is_int(record["seed"]):
        raise RecordError(f"seed must be a whole number, not {record['seed']!r}")
    if not isinstance(record.get("options", {}), dict):
        raise RecordError(f"options must be an object, not {record['options']!r}")
    players = record.get("players")
    if players is not None and (
        not isinstance(players, list) or not all(isinstance(p, str) for p in players)
    ):
        raise RecordError(f"players must be a list of names, not {players!r}")
    if not isinstance(record.get("session_rules", {}), dict):
        raise RecordError("session_rules must be an object")
    results = record.get("results")
    if results is not None and not isinstance(results, dict):
        raise RecordError(f"results must be an object, not {results!r}")
    hands = record["hands"]
    if not isinstance(hands, list):
        raise RecordError(f"hands must be a list, not {type(hands).__name__}")
    if kind == "hand" and len(hands) != 1:
        raise RecordError(f"a hand record holds exactly one hand, not {len(hands)}")
    for h, entry in enumerate(hands, start=1):
        _check_hand(entry, h)


def _check_hand(entry: Any, h: int) -> None:
    if not isinstance(entry, dict):
        raise RecordError(f"a hand is an object, not {type(entry).__name__}", h)
    for key in ("seed", "dealer", "prevalent", "actions"):
        if key not in entry:
            raise RecordError(f"the hand has no {key!r}", h)
    if not _is_int(entry["seed"]):
        raise RecordError(f"seed must be a whole number, not {entry['seed']!r}", h)
    if not _is_int(entry["dealer"]) or not 0 <= entry["dealer"] < 4:
        raise RecordError(f"dealer must be a seat 0-3, not {entry['dealer']!r}", h)
    if entry["prevalent"] not in tuple(WIND_LETTERS):
        raise RecordError(f"prevalent must be a wind E, S, W or N, not {entry['prevalent']!r}", h)
    seating = entry.get("seating")
    if seating is not None and (
        not isinstance(seating, list) or sorted(seating) != list(range(len(seating)))
    ):
        raise RecordError(f"seating must list each player's number once, not {seating!r}", h)
    actions = entry["actions"]
    if not isinstance(actions, list):
        raise RecordError(f"actions must be a list, not {type(actions).__name__}", h)
    for m, item in enumerate(actions, start=1):
        if not (
            isinstance(item, list)
            and len(item) == 2
            and _is_int(item[0])
            and isinstance(item[1], str)
        ):
            raise RecordError(
                f"an action is [seat, text] such as [0, 'discard 4p'], not {item!r}", h, m
            )
    result = entry.get("result")
    if result is not None and not isinstance(result, dict):
        raise RecordError(f"result must be an object or null, not {result!r}", h)


# -- replaying --------------------------------------------------------------------------


class ReplayStep(NamedTuple):
    """One step of a replay: hand and move numbers (1-based; move 0 is the deal, with
    ``seat`` and ``action`` None), the seat, the action and the events it caused."""

    hand: int
    move: int
    seat: int | None
    action: Action | None
    events: list[Event]


def _ruleset_of(record: Mapping[str, Any]) -> Ruleset:
    try:
        return make_ruleset(record["ruleset"], record.get("options") or {})
    except (ParlourError, ValueError, TypeError) as e:
        raise RecordError(f"cannot set up the rule system: {e}") from e


def _parse(seat: int, text: str, h: int, m: int) -> Action:
    try:
        return Action.parse(text)
    except ParlourError as e:
        raise RecordError(f"seat {seat}: cannot read the action {text!r}: {e}", h, m) from e


def replay(record: Mapping[str, Any]) -> Iterator[ReplayStep]:
    """Re-apply every action of ``record`` on fresh tables, hand by hand, yielding each
    hand's deal (move 0) and then each action with its events. Raises
    :class:`RecordError` at the first action the rules refuse.

    >>> from parlour.mahjong.table import Table
    >>> t = Table(seed=4)
    >>> _ = t.apply(0, t.legal_actions(0)[-1])
    >>> [(s.hand, s.move, str(s.action), [e.kind for e in s.events][:2])
    ...  for s in replay(record_of(t))]
    [(1, 0, 'None', ['dice', 'deal']), (1, 1, 'discard C', ['discard', 'draw'])]
    """
    check_record(record)
    ruleset = _ruleset_of(record)
    for h, entry in enumerate(record["hands"], start=1):
        try:
            table = Table(
                ruleset, seed=entry["seed"], dealer=entry["dealer"], prevalent=entry["prevalent"]
            )
        except (ParlourError, ValueError) as e:
            raise RecordError(f"cannot deal the hand: {e}", h) from e
        yield ReplayStep(h, 0, None, None, list(table.events))
        for m, (seat, text) in enumerate(entry["actions"], start=1):
            action = _parse(seat, text, h, m)
            try:
                events = table.apply(seat, action)
            except IllegalAction as e:
                raise RecordError(f"seat {seat} cannot {text!r}: {e}", h, m) from e
            yield ReplayStep(h, m, seat, action, events)


# -- validating -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Report:
    """What :func:`validate` found: ``ok``, or the first discrepancy (``message``, with
    its ``hand`` and ``move`` numbers when it has them); ``hands`` and ``moves`` count
    what was replayed."""

    ok: bool
    message: str
    hand: int | None = None
    move: int | None = None
    hands: int = 0
    moves: int = 0

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        return self.message


class _Mismatch(Exception):
    def __init__(self, message: str, hand: int | None = None, move: int | None = None) -> None:
        super().__init__(message)
        self.message, self.hand, self.move = message, hand, move


# the result fields compared first, in this order (then any others)
_RESULT_KEYS = ("winner", "self_drawn", "discarder", "tile", "total", "payments", "patterns")


def _compare_results(recorded: Mapping[str, Any], replayed: Mapping[str, Any]) -> str | None:
    """The first field where two results differ, as text, or None."""
    keys = list(_RESULT_KEYS) + sorted((set(recorded) | set(replayed)) - set(_RESULT_KEYS))
    for k in keys:
        if k not in recorded and k not in replayed:
            continue
        a, b = recorded.get(k, "nothing"), replayed.get(k, "nothing")
        if a != b:
            return f"recorded {k} {_show(a)}, replay {k} {_show(b)}"
    return None


def _show(value: Any) -> str:
    return "none" if value is None else json.dumps(value, ensure_ascii=False)


def validate(record: Any) -> Report:
    """Replay ``record`` and check everything it claims: its form, each hand's seed,
    dealer, wind and seating (for a session, as the session's rules give them), each
    action's legality, each hand's result and the standings. Reports the first
    discrepancy, or ok.

    >>> from parlour.mahjong.session import Session
    >>> rec = record_of(Session(seed=2))
    >>> print(validate(rec))
    ok: 1 hand, 0 moves replayed; results match
    >>> rec["hands"][0]["dealer"] = 1
    >>> print(validate(rec))
    hand 1: recorded dealer 1, the session's dealer is seat 0
    """
    hands = moves = 0
    try:
        check_record(record)
        if record.get("kind", "session") == "hand":
            hands, moves = _validate_hand(record)
        else:
            hands, moves = _validate_session(record)
    except RecordError as e:
        return Report(False, str(e), e.hand, e.move)
    except _Mismatch as e:
        where = ""
        if e.hand is not None:
            where = f"hand {e.hand}" + (f", move {e.move}" if e.move is not None else "") + ": "
        return Report(False, where + e.message, e.hand, e.move)
    plural = "" if hands == 1 else "s"
    message = f"ok: {hands} hand{plural}, {moves} moves replayed; results match"
    return Report(True, message, hands=hands, moves=moves)


def _validate_hand(record: Mapping[str, Any]) -> tuple[int, int]:
    entry = record["hands"][0]
    try:
        table = Table(
            _ruleset_of(record),
            seed=entry["seed"],
            dealer=entry["dealer"],
            prevalent=entry["prevalent"],
        )
    except (ParlourError, ValueError) as e:
        raise RecordError(f"cannot deal the hand: {e}", 1) from e
    moves = _apply_actions(table.apply, table, entry, 1)
    _check_end(table, entry, 1, last=True)
    recorded = record.get("results")
    if recorded is not None:
        _compare_standings(recorded, _plain(_table_results(table)))
    return 1, moves


def _new_session(record: Mapping[str, Any]) -> Session:
    try:
        rules = (
            SessionRules.from_json(record["session_rules"]) if "session_rules" in record else None
        )
        return Session(
            record["ruleset"],
            record.get("options") or {},
            seed=record["seed"],
            players=record.get("players"),
            rules=rules,
        )
    except (ParlourError, ValueError, TypeError) as e:
        raise RecordError(f"cannot set up the session: {e}") from e


def _apply_actions(
    apply: Callable[[int, Action], Any], table: Table, entry: Mapping[str, Any], h: int
) -> int:
    """Apply a hand's recorded actions through ``apply`` (the table's or the session's),
    stopping at the first one that does not fit ``table``."""
    for m, (seat, text) in enumerate(entry["actions"], start=1):
        if table.is_over():
            raise _Mismatch(f"seat {seat} cannot {text!r}: the hand is already over", h, m)
        action = _parse(seat, text, h, m)
        try:
            apply(seat, action)
        except IllegalAction as e:
            raise _Mismatch(f"seat {seat} cannot {text!r}: {e}", h, m) from e
    return len(entry["actions"])


def _walk_session(record: Mapping[str, Any], *, check: bool) -> tuple[Session, int]:
    """Replay a session record through a :class:`Session`; with ``check``, compare
    every hand's setup and result and the standings with the record."""
    session = _new_session(record)
    entries = record["hands"]
    moves = 0
    for h, entry in enumerate(entries, start=1):
        if h > 1 and session.is_over():
            raise _Mismatch(f"the session is over after {h - 1} hands", h)
        table = session.current_table()
        setup = session.setup
        for key, want, what in (
            ("seed", setup.seed, "seed"),
            ("prevalent", setup.prevalent, "prevailing wind"),
            ("dealer", setup.dealer, "dealer"),
            ("seating", list(setup.seating), "seating"),
        ):
            got = entry.get(key, want)
            if got != want:
                seat = "seat " if key == "dealer" else ""
                raise _Mismatch(
                    f"recorded {key} {_show(got)}, the session's {what} is {seat}{_show(want)}", h
                )
        moves += _apply_actions(session.apply, table, entry, h)
        last = h == len(entries)
        if check:
            _check_end(table, entry, h, last=last)
        elif not last and not table.is_over():
            raise _Mismatch("the record ends before the hand does", h, len(entry["actions"]) + 1)
    if check and record.get("results") is not None:
        _compare_standings(record["results"], _plain(session.results()))
    return session, moves


def _validate_session(record: Mapping[str, Any]) -> tuple[int, int]:
    _, moves = _walk_session(record, check=True)
    return len(record["hands"]), moves


def _check_end(table: Table, entry: Mapping[str, Any], h: int, *, last: bool) -> None:
    recorded = entry.get("result")
    if not table.is_over():
        if recorded is not None or not last:
            who = ", ".join(str(s) for s in table.to_act())
            raise _Mismatch(
                f"the record ends before the hand does (seats to act: {who})",
                h,
                len(entry["actions"]) + 1,
            )
        return  # a hand in progress, recorded as such
    replayed = _plain(table.result())
    if recorded is None:
        raise _Mismatch(f"the hand ends but no result is recorded (replay: {_show(replayed)})", h)
    diff = _compare_results(recorded, replayed)
    if diff:
        raise _Mismatch(f"result differs: {diff}", h)


def _compare_standings(recorded: Mapping[str, Any], replayed: Mapping[str, Any]) -> None:
    if recorded == replayed:
        return
    keys = ["scores", "hands", "complete", "standings"]
    keys += sorted((set(recorded) | set(replayed)) - set(keys))
    for k in keys:
        a, b = recorded.get(k, "nothing"), replayed.get(k, "nothing")
        if a != b:
            raise _Mismatch(f"standings differ: recorded {k} {_show(a)}, replay {k} {_show(b)}")


def session_of(record: Mapping[str, Any]) -> Session:
    """The session a session record replays to (to show its standings or play on from
    it). Raises :class:`RecordError` at the first action the rules refuse or a hand
    that does not match the session's; recorded results are not compared (see
    :func:`validate`).

    >>> from parlour.mahjong.session import Session
    >>> session_of(record_of(Session(seed=2))).hand_number
    1
    """
    check_record(record)
    if record.get("kind", "session") != "session":
        raise RecordError("a hand record holds no session; replay it with replay()")
    try:
        session, _ = _walk_session(record, check=False)
    except _Mismatch as e:
        raise RecordError(e.message, e.hand, e.move) from None
    return session


__all__ = [
    "FORMAT",
    "VERSION",
    "RecordError",
    "ReplayStep",
    "Report",
    "check_record",
    "dumps_record",
    "loads_record",
    "read_record",
    "record_of",
    "replay",
    "session_of",
    "validate",
    "write_record",
]

"""Mahjong records: a session or a single hand as JSON, replayed and validated.

:mod:`parlour.records` reads every record and hands a mahjong one (``"game":
"mahjong"``, or a version-1 record with no ``game``) to this module.

A record holds what determines a game (rule system, options, seed, players, how the
tables ask, and every action in order) and what came of it (each hand's result and the
standings). Version 2::

    {"format": "parlour-record", "version": 2, "game": "mahjong", "kind": "session",
     "ruleset": "mcr", "options": {}, "seed": 7, "players": ["A", "B", "C", "D"],
     "ask": "everyone",
     "hands": [{"setup": {"number": 1, "seed": 1234, "seating": [0, 1, 2, 3],
                          "dealer": 0, "round": 0, "prevailing": "E", "streak": 0,
                          "flags": {}},
                "start": "9f2c...", "actions": [[0, "discard F", "41be..."], ...],
                "result": {"wins": [...], "draw": true, "payments": [0, 0, 0, 0]}}, ...],
     "results": {"scores": [...], "standings": [...], "hands": 16, "complete": true}}

Every move carries a digest chained from the one before (``start`` is the deal's): a
hash of the move and of everything it caused, so :func:`validate` names the first move
that differs from the replay, even when the changed action is legal. ``ask`` is how the
tables asked after a discard (``everyone``, or ``able``: only the seats that could act);
with ``able``, ``always_asked`` (when present) lists the players asked every time even
so (the people at a server's table, whose bots were asked only when they could act).
A server's record also has ``fairness`` (the seed's salt and the commitment published
before the deal), which :func:`validate` checks as every family's records are checked
(:func:`parlour.core.records.check_fairness`). A hand record (``kind: "hand"``) is dealt
from its ``seed``, which its setup repeats. Seats in ``actions``, ``setup`` and
``result`` are table seats; ``seating`` gives the player at each seat. Hand and move
numbers in messages are 1-based (move 1 is a hand's first action). Version-1 records
(no digests, one result per hand with a ``winner``) are still read, replayed and
validated as they were written.

>>> from parlour.mahjong.session import Session
>>> rec = record_of(Session(seed=5))
>>> rec["game"], rec["kind"], rec["ruleset"], validate(rec).unfinished
('mahjong', 'session', 'mcr', True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import fields, replace
from typing import Any

from parlour.core.actions import Action
from parlour.core.digests import events_text, short_hash
from parlour.core.errors import IllegalAction, ParlourError
from parlour.core.game import Event
from parlour.core.match import Setup, standings
from parlour.core.records import (
    FORMAT,
    VERSION,
    RecordError,
    ReplayStep,
    Report,
    check_fairness,
    check_fairness_form,
    check_header,
    check_record_options,
    compare_results,
    is_int,
    plain,
    show,
)
from parlour.mahjong.ruleset import WIND_LETTERS, Ruleset
from parlour.mahjong.session import Session, SessionRules, make_ruleset, rules_of
from parlour.mahjong.table import Table

GAME = "mahjong"
"""The ``game`` field of a mahjong record (a version-1 record has none)."""
KINDS = ("session", "hand")
ASK = ("everyone", "able")


# -- digests ----------------------------------------------------------------------------


def hand_digests(table: Table) -> tuple[str, list[str]]:
    """The digest of a hand's deal and of each move after it, chained: each covers the
    one before, the move and every event it caused (drawn tiles included)."""
    bounds = [*table.action_events, len(table.events)]
    start = short_hash("parlour-hand", str(table.seed), events_text(table.events[: bounds[0]]))
    digests: list[str] = []
    prev = start
    for i, (seat, action) in enumerate(table.actions):
        events = table.events[bounds[i] : bounds[i + 1]]
        prev = short_hash(prev, str(seat), table.format_action(action), events_text(events))
        digests.append(prev)
    return start, digests


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


def _setup_json(table: Table, setup: Setup) -> dict[str, Any]:
    """The setup block of a hand: the match's setup and the seats' names (roles)."""
    out = setup.to_json()
    out["seat_names"] = [table.seat_name(s) for s in range(table.num_seats)]
    return out


def _hand_entry(table: Table, setup: Setup) -> dict[str, Any]:
    start, digests = hand_digests(table)
    return {
        "setup": _setup_json(table, setup),
        "start": start,
        "actions": [
            [seat, table.format_action(action), d]
            for (seat, action), d in zip(table.actions, digests, strict=True)
        ],
        "result": plain(table.result()),
    }


def _ask(table: Table) -> str:
    return "everyone" if table.ask_everyone else "able"


def _session_record(session: Session) -> dict[str, Any]:
    record: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": GAME,
        "kind": "session",
        "ruleset": session.ruleset_name,
        "options": plain(session.options),
        "seed": session.seed,
        "players": list(session.players),
        "ask": _ask(session.tables[0]),
    }
    if session.always_asked:
        record["always_asked"] = sorted(session.always_asked)
    base = rules_of(session.ruleset)
    if session.session_rules != base:
        own = {f.name for f in fields(SessionRules)}
        if type(session.session_rules) is not type(base) or any(
            getattr(session.session_rules, f.name) != getattr(base, f.name)
            for f in fields(session.session_rules)
            if f.name not in own
        ):
            raise RecordError(
                "a session with its own SessionRules subclass cannot be recorded by name; "
                "register its rule system"
            )
        # the shared fields (rounds, max_hands...) over the rule system's own rules
        record["session_rules"] = session.session_rules.to_json()
    played = list(zip(session.tables, session.setups, strict=True))
    if len(played) > 1 and not played[-1][0].actions:
        # the next hand is dealt as soon as one ends: one not begun is not recorded (the
        # match goes on after the last hand played; the seed deals it again)
        played.pop()
    record["hands"] = [_hand_entry(t, setup) for t, setup in played]
    record["results"] = plain(session.results())
    return record


def _table_setup(table: Table) -> Setup:
    return Setup(
        1,
        table.seed,
        tuple(range(table.num_seats)),
        dealer=table.dealer,
        prevailing=table.prevailing,
        streak=table.streak,
        flags=table.flags,
    )


def _table_record(table: Table) -> dict[str, Any]:
    if table.prepared:
        raise RecordError("a table dealt from a prepared deal cannot be recorded by its seed")
    if table.seed_version != 2:
        raise RecordError("a table dealt by the version-1 seeds cannot be recorded anew")
    n = table.num_seats
    record: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": GAME,
        "kind": "hand",
        "ruleset": table.ruleset.name,
        "options": plain(table.ruleset.options),
        "seed": table.seed,
        "players": [f"seat {s}" for s in range(n)],
        "ask": _ask(table),
        "hands": [_hand_entry(table, _table_setup(table))],
        "results": _table_results(table),
    }
    if table.ask_always and not table.ask_everyone:
        record["always_asked"] = sorted(table.ask_always)
    return record


def _table_results(table: Table) -> dict[str, Any]:
    result = table.result()
    n = table.num_seats
    scores = list(result["payments"]) if result else [0] * n
    return {
        "scores": scores,
        "standings": standings(scores, [f"seat {p}" for p in range(n)]),
        "hands": int(result is not None),
        "complete": result is not None,
    }


# -- checking the form ------------------------------------------------------------------


def check_record(record: Any) -> None:
    """Raise :class:`RecordError` unless ``record`` is a well-formed mahjong record (its
    form only: fields, types, version).

    >>> record = {"format": "parlour-record", "version": 2, "ruleset": "mcr", "hands": []}
    >>> check_record(record | {"seed": "1"})
    Traceback (most recent call last):
    ...
    parlour.records.RecordError: seed must be a whole number, not '1'
    """
    check_header(record)
    version = record["version"]
    for key in ("ruleset", "seed", "hands"):
        if key not in record:
            raise RecordError(f"the record has no {key!r}")
    kind = record.get("kind", "session")
    if kind not in KINDS:
        raise RecordError(f"kind must be 'session' or 'hand', not {kind!r}")
    if record.get("game", GAME) != GAME:
        raise RecordError(f"a mahjong record's game is {GAME!r}, not {record['game']!r}")
    if record.get("ask", "everyone") not in ASK:
        raise RecordError(f"ask must be 'everyone' or 'able', not {record['ask']!r}")
    if "always_asked" in record:
        always = record["always_asked"]
        if record.get("ask") != "able":
            raise RecordError("always_asked goes with ask 'able' (everyone else is asked anyway)")
        if (
            not isinstance(always, list)
            or not all(is_int(p) and 0 <= p < 16 for p in always)
            or len(set(always)) != len(always)
        ):
            raise RecordError(f"always_asked must list distinct players, not {always!r}")
    if not isinstance(record["ruleset"], str):
        raise RecordError(f"ruleset must be a rule system's name, not {record['ruleset']!r}")
    if not is_int(record["seed"]):
        raise RecordError(f"seed must be a whole number, not {record['seed']!r}")
    if not isinstance(record.get("options", {}), dict):
        raise RecordError(f"options must be an object, not {record['options']!r}")
    check_record_options(record["ruleset"], record.get("options", {}))
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
        if version == 1:
            _check_hand_v1(entry, h)
        else:
            _check_hand(entry, h)
    if kind == "hand":
        _check_hand_seed(record)
    check_fairness_form(record)


def _check_hand_seed(record: Mapping[str, Any]) -> None:
    """A hand record's hand is dealt from the record's seed: its setup names the same
    one (the two are written alike, so a change to either is refused)."""
    entry = record["hands"][0]
    hand_seed = entry["seed"] if record["version"] == 1 else entry["setup"]["seed"]
    if hand_seed != record["seed"]:
        raise RecordError(
            f"the record's seed {record['seed']} is not its hand's seed {hand_seed} "
            "(a hand record's hand is dealt from the record's seed)",
            1,
        )


def _check_actions(entry: Mapping[str, Any], h: int, width: int) -> None:
    actions = entry["actions"]
    if not isinstance(actions, list):
        raise RecordError(f"actions must be a list, not {type(actions).__name__}", h)
    example = "[0, 'discard 4p']" if width == 2 else "[0, 'discard 4p', '<digest>']"
    for m, item in enumerate(actions, start=1):
        if not (
            isinstance(item, list)
            and len(item) == width
            and is_int(item[0])
            and all(isinstance(x, str) for x in item[1:])
        ):
            raise RecordError(f"an action is {example}, not {item!r}", h, m)
    result = entry.get("result")
    if result is not None and not isinstance(result, dict):
        raise RecordError(f"result must be an object or null, not {result!r}", h)


def _check_hand(entry: Any, h: int) -> None:
    if not isinstance(entry, dict):
        raise RecordError(f"a hand is an object, not {type(entry).__name__}", h)
    for key in ("setup", "start", "actions"):
        if key not in entry:
            raise RecordError(f"the hand has no {key!r}", h)
    setup = entry["setup"]
    if not isinstance(setup, dict):
        raise RecordError(f"setup must be an object, not {setup!r}", h)
    for key, ok, what in (
        ("number", is_int, "a whole number"),
        ("seed", is_int, "a whole number"),
        ("dealer", is_int, "a seat number"),
        ("round", is_int, "a whole number"),
        ("streak", is_int, "a whole number"),
        ("seating", lambda v: isinstance(v, list) and all(is_int(x) for x in v), "seats"),
        ("flags", lambda v: isinstance(v, dict), "an object"),
    ):
        if key not in setup:
            raise RecordError(f"the setup has no {key!r}", h)
        if not ok(setup[key]):
            raise RecordError(f"setup {key} must be {what}, not {setup[key]!r}", h)
    if not isinstance(entry["start"], str):
        raise RecordError(f"start must be a digest, not {entry['start']!r}", h)
    _check_actions(entry, h, 3)


def _check_hand_v1(entry: Any, h: int) -> None:
    if not isinstance(entry, dict):
        raise RecordError(f"a hand is an object, not {type(entry).__name__}", h)
    for key in ("seed", "dealer", "prevalent", "actions"):
        if key not in entry:
            raise RecordError(f"the hand has no {key!r}", h)
    if not is_int(entry["seed"]):
        raise RecordError(f"seed must be a whole number, not {entry['seed']!r}", h)
    if not is_int(entry["dealer"]) or not 0 <= entry["dealer"] < 4:
        raise RecordError(f"dealer must be a seat 0-3, not {entry['dealer']!r}", h)
    if entry["prevalent"] not in tuple(WIND_LETTERS):
        raise RecordError(f"prevalent must be a wind E, S, W or N, not {entry['prevalent']!r}", h)
    seating = entry.get("seating")
    if seating is not None and (
        not isinstance(seating, list) or sorted(seating) != list(range(len(seating)))
    ):
        raise RecordError(f"seating must list each player's number once, not {seating!r}", h)
    _check_actions(entry, h, 2)


# -- replaying --------------------------------------------------------------------------


def _ruleset_of(record: Mapping[str, Any]) -> Ruleset:
    try:
        return make_ruleset(record["ruleset"], record.get("options") or {})
    except (ParlourError, ValueError, TypeError) as e:
        raise RecordError(f"cannot set up the rule system: {e}") from e


def _ask_everyone(record: Mapping[str, Any]) -> bool:
    if record["version"] == 1:
        return False  # version 1 asked only the seats that could act
    return bool(record.get("ask", "everyone") == "everyone")


def _hand_table(record: Mapping[str, Any], ruleset: Ruleset, entry: Mapping[str, Any]) -> Table:
    """The table of the hand of a hand record, dealt as the record says (from the
    record's seed, which its setup repeats: see :func:`check_record`)."""
    v1 = record["version"] == 1
    setup = entry if v1 else entry["setup"]
    return Table(
        ruleset,
        seed=record["seed"],
        dealer=setup["dealer"],
        prevailing=setup["prevalent"] if v1 else (setup.get("prevailing") or "E"),
        streak=0 if v1 else setup["streak"],
        flags=None if v1 else dict(setup["flags"]),
        ask_everyone=_ask_everyone(record),
        ask_always=record.get("always_asked", ()),
        seed_version=1 if v1 else 2,
    )


def replay(record: Mapping[str, Any]) -> Iterator[ReplayStep]:
    """Re-apply every action of ``record`` on fresh tables, hand by hand, yielding each
    hand's deal (move 0) and then each action with its events. Raises
    :class:`RecordError` at the first action the rules refuse.

    >>> from parlour.mahjong.table import Table
    >>> t = Table(seed=4)
    >>> _ = t.apply(0, t.legal_actions(0)[-1])
    >>> [(s.hand, s.move, str(s.action), [e.kind for e in s.events][:2])
    ...  for s in replay(record_of(t))]
    [(1, 0, 'None', ['dice', 'deal']), (1, 1, 'discard C', ['discard'])]
    """
    check_record(record)
    if record.get("kind", "session") == "session":
        yield from _replay_session(record)
        return
    ruleset = _ruleset_of(record)
    for h, entry in enumerate(record["hands"], start=1):
        try:
            table = _hand_table(record, ruleset, entry)
        except (ParlourError, ValueError) as e:
            raise RecordError(f"cannot deal the hand: {e}", h) from e
        yield ReplayStep(h, 0, None, None, list(table.events))
        for m, seat, action, _, events in _moves(table.apply, table, entry, h, RecordError):
            yield ReplayStep(h, m, seat, action, events)


def replay_games(record: Mapping[str, Any]) -> Iterator[tuple[Any, int, Action]]:
    """Every action of ``record`` as (game, seat, action), the game (the session of a
    session's record, each hand's table of a hand's) as it stands before the action,
    which is applied when the next is asked for: what an exporter observes. Raises
    :class:`RecordError` at the first action the rules refuse.

    >>> from parlour.mahjong.table import Table
    >>> t = Table(seed=4)
    >>> _ = t.apply(0, t.legal_actions(0)[-1])
    >>> [(g.to_act(), seat, str(a)) for g, seat, a in replay_games(record_of(t))]
    [((0,), 0, 'discard C')]
    """
    check_record(record)
    session = record.get("kind", "session") == "session"
    game: Any = _new_session(record) if session else None
    ruleset = None if session else _ruleset_of(record)
    for h, entry in enumerate(record["hands"], start=1):
        if session:
            table = game.current_table()
        else:
            assert ruleset is not None
            try:
                game = table = _hand_table(record, ruleset, entry)
            except (ParlourError, ValueError) as e:
                raise RecordError(f"cannot deal the hand: {e}", h) from e
        for m, item in enumerate(entry["actions"], start=1):
            seat, text = item[0], item[1]
            try:
                action = table.parse_action(text)
            except ParlourError as e:
                raise RecordError(f"seat {seat}: cannot read the action {text!r}: {e}", h, m) from e
            yield game, seat, action
            try:
                game.apply(seat, action)
            except IllegalAction as e:
                raise RecordError(f"seat {seat} cannot {text!r}: {e}", h, m) from e


def _replay_session(record: Mapping[str, Any]) -> Iterator[ReplayStep]:
    session = _new_session(record)
    for h, entry in enumerate(record["hands"], start=1):
        if session.is_over():
            raise RecordError(f"the session is over after {h - 1} hands", h)
        table = session.current_table()
        yield ReplayStep(h, 0, None, None, list(table.events))
        for m, seat, action, _, events in _moves(session.apply, table, entry, h, RecordError):
            yield ReplayStep(h, m, seat, action, events)


def _moves(
    apply: Callable[[int, Action], Any],
    table: Table,
    entry: Mapping[str, Any],
    h: int,
    error: Callable[[str, int, int], Exception],
) -> Iterator[tuple[int, int, Action, list[Any], list[Event]]]:
    """Apply a hand's recorded actions through ``apply`` (the table's or the session's),
    yielding each move's number, seat, action, recorded item and events; ``error``
    makes the exception for a move that cannot be read or applied."""
    for m, item in enumerate(entry["actions"], start=1):
        seat, text = item[0], item[1]
        if table.is_over():
            raise error(f"seat {seat} cannot {text!r}: the hand is already over", h, m)
        try:
            action = table.parse_action(text)
        except ParlourError as e:
            raise error(f"seat {seat}: cannot read the action {text!r}: {e}", h, m) from e
        begin = len(table.events)
        try:
            apply(seat, action)
        except IllegalAction as e:
            raise error(f"seat {seat} cannot {text!r}: {e}", h, m) from e
        yield m, seat, action, item, table.events[begin:]


# -- validating -------------------------------------------------------------------------


class _Mismatch(Exception):
    def __init__(self, message: str, hand: int | None = None, move: int | None = None) -> None:
        super().__init__(message)
        self.message, self.hand, self.move = message, hand, move


class _Unfinished(Exception):
    def __init__(self, message: str, hands: int, moves: int) -> None:
        super().__init__(message)
        self.message, self.hands, self.moves = message, hands, moves


def result_v1(result: Mapping[str, Any]) -> dict[str, Any]:
    """A version-2 hand result in the shape version 1 recorded (one winner).

    >>> result_v1({"wins": [], "draw": True, "payments": [0, 0, 0, 0]})
    {'winner': None, 'payments': [0, 0, 0, 0]}
    """
    wins = result.get("wins") or []
    if not wins:
        return {"winner": None, "payments": list(result["payments"])}
    w = wins[0]
    return {
        "winner": w["seat"],
        "tile": w["tile"],
        "self_drawn": w["self_drawn"],
        "discarder": w["discarder"],
        "total": w["total"],
        "patterns": w["patterns"],
        "payments": list(result["payments"]),
    }


def record_results(record: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each finished hand of ``record`` as a simulation's hand result, by player (the
    record's seats are mapped through each hand's seating): ``winners``,
    ``self_drawn``, ``payments``, ``patterns`` (of every win) and ``dealt_in`` (the
    players whose discard, or robbed kong, was won on).

    >>> rec = {"hands": [{"setup": {"seating": [1, 0]}, "result": {"wins": [{"seat": 0,
    ...     "self_drawn": False, "discarder": 1, "patterns": [{"name": "Chicken Hand"}]}],
    ...     "payments": [8, -8]}}]}
    >>> [(r["winners"], r["payments"], r["dealt_in"]) for r in record_results(rec)]
    [([1], [-8, 8], 0)]
    """
    out: list[dict[str, Any]] = []
    players = record.get("players") or []
    for entry in record.get("hands", []):
        result = entry.get("result")
        if not isinstance(result, Mapping):
            continue  # a hand not finished
        payments = list(result.get("payments", []))
        seating = (entry.get("setup") or {}).get("seating") or list(range(len(payments)))
        # a player resting this hand (the five-player dreamer's) neither pays nor is paid
        by_player = [0] * max(len(players), len(seating))
        for seat, amount in enumerate(payments):
            by_player[seating[seat]] = amount
        wins = result.get("wins") or []
        out.append(
            {
                "winners": [seating[w["seat"]] for w in wins],
                "self_drawn": [bool(w.get("self_drawn")) for w in wins],
                "payments": by_player,
                "patterns": [p for w in wins for p in w.get("patterns", [])],
                "dealt_in": next(
                    (seating[w["discarder"]] for w in wins if w.get("discarder") is not None),
                    None,
                ),
            }
        )
    return out


def validate(record: Any) -> Report:
    """Replay ``record`` and check everything it claims: its form, each hand's setup
    (for a session, as the session's rules give it), each action's legality and digest,
    each hand's result and the standings. Reports the first discrepancy, that the game
    is unfinished, or ok.

    >>> from parlour.mahjong.session import Session
    >>> rec = record_of(Session(seed=2))
    >>> print(validate(rec))
    unfinished: hand 1 stops after move 0 (to act: seat 0); the 0 moves recorded agree
    >>> rec["hands"][0]["setup"]["dealer"] = 1
    >>> print(validate(rec))
    hand 1: recorded setup dealer 1, the session's is 0
    """
    hands = moves = 0
    try:
        check_record(record)
        check_fairness(record)
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
    except _Unfinished as e:
        return Report(False, e.message, hands=e.hands, moves=e.moves, unfinished=True)
    plural = "" if hands == 1 else "s"
    message = f"ok: {hands} hand{plural}, {moves} moves replayed; results match"
    return Report(True, message, hands=hands, moves=moves)


def _validate_hand(record: Mapping[str, Any]) -> tuple[int, int]:
    entry = record["hands"][0]
    if record["version"] != 1:
        setup = entry["setup"]
        if setup["number"] != 1 or setup["seating"] != list(range(len(setup["seating"]))):
            raise _Mismatch("a hand record's setup is hand 1 with every player at their seat", 1)
    try:
        table = _hand_table(record, _ruleset_of(record), entry)
    except (ParlourError, ValueError) as e:
        raise RecordError(f"cannot deal the hand: {e}", 1) from e
    moves = _apply_actions(table.apply, table, record, entry, 1)
    if not table.is_over():
        _unfinished(table, entry, 1, moves, moves)
    _check_end(table, record, entry, 1)
    recorded = record.get("results")
    if recorded is None:
        raise _Mismatch("the record ends without its results")
    _compare_standings(recorded, plain(_table_results(table)))
    return 1, moves


def _unfinished(table: Table, entry: Mapping[str, Any], h: int, m: int, total: int) -> None:
    if entry.get("result") is not None:
        raise _Mismatch(
            "the record ends before the hand does, but gives a result",
            h,
            len(entry["actions"]) + 1,
        )
    seats = table.to_act()
    who = ("seat " if len(seats) == 1 else "seats ") + ", ".join(map(str, seats))
    agree = "agrees" if total == 1 else "agree"
    raise _Unfinished(
        f"unfinished: hand {h} stops after move {m} (to act: {who}); "
        f"the {total} move{'' if total == 1 else 's'} recorded {agree}",
        h,
        total,
    )


def _new_session(record: Mapping[str, Any]) -> Session:
    try:
        session_rules = None
        if "session_rules" in record:
            plain = SessionRules.from_json(record["session_rules"])
            base = rules_of(make_ruleset(record["ruleset"], record.get("options") or {}))
            session_rules = replace(
                base, **{f.name: getattr(plain, f.name) for f in fields(SessionRules)}
            )
        session = Session(
            record["ruleset"],
            record.get("options") or {},
            seed=record["seed"],
            players=record.get("players"),
            session_rules=session_rules,
            ask_everyone=_ask_everyone(record),
            always_asked=record.get("always_asked", ()),
        )
    except (ParlourError, ValueError, TypeError) as e:
        raise RecordError(f"cannot set up the session: {e}") from e
    # hand seeds are never negative, so version-1 sessions deal as they were dealt
    return session


def _apply_actions(
    apply: Callable[[int, Action], Any],
    table: Table,
    record: Mapping[str, Any],
    entry: Mapping[str, Any],
    h: int,
) -> int:
    """Apply a hand's recorded actions through ``apply`` (the table's or the session's),
    stopping at the first one that does not fit ``table`` or whose digest differs."""
    v2 = record["version"] != 1
    if v2:
        start, _ = hand_digests(table)
        if entry["start"] != start:
            raise _Mismatch("the deal differs from the replay (the start digest does not match)", h)
        prev = start
    for m, seat, action, item, events in _moves(apply, table, entry, h, _Mismatch):
        if v2:
            prev = short_hash(prev, str(seat), table.format_action(action), events_text(events))
            if item[2] != prev:
                raise _Mismatch(
                    f"the record differs from the replay at this move (seat {seat} "
                    f"{item[1]!r}: recorded digest {item[2]}, replay {prev})",
                    h,
                    m,
                )
    return len(entry["actions"])


def _setup_of(record: Mapping[str, Any], entry: Mapping[str, Any]) -> dict[str, Any]:
    if record["version"] == 1:
        return {
            "seed": entry["seed"],
            "prevailing": entry["prevalent"],
            "dealer": entry["dealer"],
            "seating": entry.get("seating"),
        }
    return dict(entry["setup"])


_SETUP_KEYS = (
    "number",
    "seed",
    "prevailing",
    "dealer",
    "seating",
    "round",
    "streak",
    "flags",
    "seat_names",
)


def _validate_session(record: Mapping[str, Any]) -> tuple[int, int]:
    session = _new_session(record)
    entries = record["hands"]
    if not entries:
        raise _Mismatch("the record holds no hands")
    moves = 0
    for h, entry in enumerate(entries, start=1):
        if h > 1 and session.is_over():
            raise _Mismatch(f"the session is over after {h - 1} hands", h)
        table = session.current_table()
        want = _setup_json(table, session.setup)
        got = _setup_of(record, entry)
        for key in _SETUP_KEYS:
            if key not in got or (key == "seating" and got[key] is None):
                continue
            if got[key] != want[key]:
                raise _Mismatch(
                    f"recorded setup {key} {show(got[key])}, the session's is {show(want[key])}",
                    h,
                )
        if got.get("resting", []) != want.get("resting", []):
            raise _Mismatch(
                f"recorded setup resting {show(got.get('resting'))}, "
                f"the session's is {show(want.get('resting', []))}",
                h,
            )
        done = _apply_actions(session.apply, table, record, entry, h)
        moves += done
        if not table.is_over():
            if h != len(entries):
                raise _Mismatch("the record ends before the hand does", h, done + 1)
            _unfinished(table, entry, h, done, moves)
        _check_end(table, record, entry, h)
    if not session.is_over():
        raise _Unfinished(
            f"unfinished: the match goes on after hand {len(entries)}; "
            f"the {len(entries)} hands and {moves} moves recorded agree",
            len(entries),
            moves,
        )
    recorded = record.get("results")
    if recorded is None:
        raise _Mismatch("the record ends without its results (standings)")
    _compare_standings(recorded, plain(session.results()))
    return len(entries), moves


def _check_end(table: Table, record: Mapping[str, Any], entry: Mapping[str, Any], h: int) -> None:
    recorded = entry.get("result")
    result = table.result()
    assert result is not None
    replayed = plain(result_v1(result) if record["version"] == 1 else result)
    if recorded is None:
        raise _Mismatch(f"the hand ends but no result is recorded (replay: {show(replayed)})", h)
    diff = compare_results(recorded, replayed)
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
            raise _Mismatch(f"standings differ: recorded {k} {show(a)}, replay {k} {show(b)}")


def session_of(record: Mapping[str, Any]) -> Session:
    """The session a session record replays to (to show its standings or play on from
    it). Raises :class:`RecordError` at the first action the rules refuse or a move
    that does not match the record; recorded results are not compared (see
    :func:`validate`).

    >>> from parlour.mahjong.session import Session
    >>> session_of(record_of(Session(seed=2))).hand_number
    1
    """
    check_record(record)
    if record.get("kind", "session") != "session":
        raise RecordError("a hand record holds no session; replay it with replay()")
    session = _new_session(record)
    entries = record["hands"]
    for h, entry in enumerate(entries, start=1):
        if h > 1 and session.is_over():
            raise RecordError(f"the session is over after {h - 1} hands", h)
        table = session.current_table()
        try:
            done = _apply_actions(session.apply, table, record, entry, h)
        except _Mismatch as e:
            raise RecordError(e.message, e.hand, e.move) from None
        if not table.is_over() and h != len(entries):
            raise RecordError("the record ends before the hand does", h, done + 1)
    return session


__all__ = [
    "ASK",
    "GAME",
    "KINDS",
    "check_record",
    "hand_digests",
    "record_of",
    "replay",
    "result_v1",
    "session_of",
    "validate",
]

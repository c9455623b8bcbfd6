"""Records of the card games: one game (a whole Ninety-Nine game, a Piquet partie) as
JSON, replayed and validated.

A card record holds what determines the game and what came of it::

    {"format": "parlour-record", "version": 2, "game": "cards", "rules": "piquet",
     "options": {...every option's value...}, "seed": 7, "deck": "7C 8C ...",
     "players": ["you", "heuristic 1"], "start": "1f0c...",
     "actions": [[0, "discard 7C", "9a2e..."], [0, "exchange", "41be..."], ...],
     "result": {...} | null}

``deck`` (present only when given) is the first deal's pack order, top card first.
Each action is ``[seat, text]`` in the order played, with a digest chained from the one
before (``start`` is the deal's), as in the mahjong records: :func:`validate_card_record`
then names the first move that differs from the replay even when the changed action is
legal. Digests may be left out (a record written by hand, for a published deal): the
actions are still checked to be legal and the result to agree.

>>> from parlour.cards.games import make_game
>>> game = make_game("ninety-nine", seed=2)
>>> rec = card_record("ninety-nine", game, seed=2, players=["A", "B", "C"])
>>> rec["game"], rec["rules"], rec["actions"], rec["result"]
('cards', 'ninety-nine', [], None)
>>> print(validate_card_record(rec))
unfinished: the game stops after move 0 (deal 1; to act: seats 0, 1, 2); the 0 moves recorded agree
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from parlour.cards.games import CardGame, find_card_game
from parlour.core.actions import Action
from parlour.core.digests import events_text, short_hash
from parlour.core.errors import IllegalAction, ParlourError
from parlour.core.game import Event, Game
from parlour.core.records import (
    RecordError,
    Report,
    check_fairness,
    check_fairness_form,
    check_record_options,
    compare_results,
    is_int,
    plain,
)

GAME = "cards"
"""The ``game`` field of a card record."""

_FIELDS = frozenset(
    [
        "format",
        "version",
        "game",
        "rules",
        "options",
        "seed",
        "deck",
        "players",
        "start",
        "actions",
        "result",
        "fairness",
    ]
)


def start_digest(name: str, seed: int, events: Sequence[Event]) -> str:
    """The digest of a game's start: its rules, seed and the deal's events."""
    return short_hash("parlour-cards", name, str(seed), events_text(events))


def move_digest(previous: str, seat: int, text: str, events: Sequence[Event]) -> str:
    """The digest of one move, chained from the one before."""
    return short_hash(previous, str(seat), text, events_text(events))


def card_record(
    name: str,
    game: Any,
    *,
    seed: int,
    deck: str | None = None,
    players: Sequence[str] | None = None,
) -> dict[str, Any]:
    """The record of ``game`` (a game of card game ``name`` made with ``seed`` and
    ``deck``, finished or not): its options, every action so far with its digest, and
    the result. The game is replayed from its start to compute the digests."""
    spec = find_card_game(name)
    options = plain(_options_of(game))
    fresh = spec.make_game(options, seed, deck)
    prev = start_digest(name, seed, spec.start_events(fresh))
    start = prev
    actions: list[list[Any]] = []
    for seat, action in game.actions:
        text = game.format_action(action)
        events = fresh.apply(seat, action)
        prev = move_digest(prev, seat, text, events)
        actions.append([seat, text, prev])
    record: dict[str, Any] = {
        "format": "parlour-record",
        "version": 2,
        "game": GAME,
        "rules": name,
        "options": options,
        "seed": seed,
    }
    if deck is not None:
        record["deck"] = " ".join(deck.split())
    record["players"] = list(players or [f"seat {s}" for s in range(spec.players)])
    record["start"] = start
    record["actions"] = actions
    record["result"] = plain(game.result())
    return record


def _options_of(game: Any) -> dict[str, Any]:
    options = game.options
    return dict(options.to_json() if hasattr(options, "to_json") else options)


# -- the form ------------------------------------------------------------------------------


def check_card_record(record: Mapping[str, Any]) -> None:
    """Raise :class:`~parlour.records.RecordError` unless ``record`` is a well-formed
    card record (its form only; :func:`validate_card_record` replays it).

    >>> check_card_record({"format": "parlour-record", "version": 2, "game": "cards",
    ...     "rules": "bridge", "seed": 1, "actions": []})
    Traceback (most recent call last):
    ...
    parlour.records.RecordError: unknown card game 'bridge' (card games: piquet, ninety-nine)
    """
    unknown = sorted(set(record) - _FIELDS)
    if unknown:
        raise RecordError(f"a card record has no field {unknown[0]!r}")
    for key in ("rules", "seed", "actions"):
        if key not in record:
            raise RecordError(f"the record has no {key!r}")
    if not isinstance(record["rules"], str):
        raise RecordError(f"rules must be a card game's name, not {record['rules']!r}")
    try:
        spec = find_card_game(record["rules"])
    except ValueError as e:
        raise RecordError(str(e)) from None
    if not is_int(record["seed"]):
        raise RecordError(f"seed must be a whole number, not {record['seed']!r}")
    if not isinstance(record.get("options", {}), dict):
        raise RecordError(f"options must be an object, not {record['options']!r}")
    check_record_options(record["rules"], record.get("options", {}))
    if "deck" in record and not isinstance(record["deck"], str):
        raise RecordError(f"deck must be the pack order as text, not {record['deck']!r}")
    players = record.get("players")
    if players is not None and (
        not isinstance(players, list)
        or not all(isinstance(p, str) for p in players)
        or len(players) != spec.players
    ):
        raise RecordError(f"players must be {spec.players} names, not {players!r}")
    if "start" in record and not isinstance(record["start"], str):
        raise RecordError(f"start must be a digest, not {record['start']!r}")
    actions = record["actions"]
    if not isinstance(actions, list):
        raise RecordError(f"actions must be a list, not {type(actions).__name__}")
    for m, item in enumerate(actions, start=1):
        if not (
            isinstance(item, list)
            and len(item) in (2, 3)
            and is_int(item[0])
            and all(isinstance(x, str) for x in item[1:])
        ):
            raise RecordError(
                f"move {m}: an action is [0, 'play AS'] (and its digest), not {item!r}"
            )
    result = record.get("result")
    if result is not None and not isinstance(result, dict):
        raise RecordError(f"result must be an object or null, not {result!r}")
    check_fairness_form(record)


# -- replaying -----------------------------------------------------------------------------


def _new_game(record: Mapping[str, Any]) -> tuple[CardGame, Game]:
    spec = find_card_game(record["rules"])
    try:
        game = spec.make_game(record.get("options") or {}, record["seed"], record.get("deck"))
    except (ParlourError, ValueError) as e:
        raise RecordError(f"cannot set up the game: {e}") from None
    return spec, game


def _where(m: int, deal: int) -> str:
    return f"move {m} (deal {deal})"


def _moves(
    spec: CardGame, game: Game, record: Mapping[str, Any], check_digests: bool
) -> Iterator[tuple[int, int, int, Action, list[Event]]]:
    """Apply the record's actions, yielding (move, deal, seat, action, events); raise
    RecordError naming the first move that cannot be applied (or, with
    ``check_digests``, whose digest differs)."""
    prev = record.get("start")
    for m, item in enumerate(record["actions"], start=1):
        seat, text = item[0], item[1]
        deal = spec.deal_number(game)
        where = _where(m, deal)
        if game.is_over():
            raise RecordError(
                f"{where}: seat {seat} cannot {text!r}: the game is already over", None, m
            )
        try:
            action = game.parse_action(text)
        except ParlourError as e:
            raise RecordError(
                f"{where}: seat {seat}: cannot read the action {text!r}: {e}", None, m
            ) from e
        if not is_int(seat) or not 0 <= seat < spec.players:
            raise RecordError(f"{where}: there is no seat {seat!r}", None, m)
        try:
            events = game.apply(seat, action)
        except IllegalAction as e:
            raise RecordError(f"{where}: seat {seat} cannot {text!r}: {e}", None, m) from e
        if check_digests and prev is not None and len(item) == 3:
            prev = move_digest(prev, seat, game.format_action(action), events)
            if prev != item[2]:
                raise RecordError(
                    f"{where}: seat {seat} {text!r} is not the move recorded (its digest "
                    "differs: the action or what it caused was changed)",
                    None,
                    m,
                )
        yield m, deal, seat, action, events


Step = tuple[int, int, int | None, Action | None, list[Event]]
"""One step of a replay: move (0 for the start), deal, seat, action, events."""


def replay_card_record(record: Mapping[str, Any]) -> Iterator[Step]:
    """Re-apply every action of a card record: (move, deal, seat, action, events), the
    start first (move 0, seat and action None). Raises
    :class:`~parlour.records.RecordError` at the first action the rules refuse.

    >>> from parlour.cards.games import make_game
    >>> g = make_game("piquet", seed=1)
    >>> seat = g.to_act()[0]
    >>> _ = g.apply(seat, g.legal_actions(seat)[-1])
    >>> steps = list(replay_card_record(card_record("piquet", g, seed=1)))
    >>> [(m, d, a and g.format_action(a)) for m, d, _, a, _ in steps]
    [(0, 1, None), (1, 1, 'discard QS')]
    """
    check_card_record(record)
    spec, game = _new_game(record)
    yield 0, spec.deal_number(game), None, None, spec.start_events(game)
    yield from _moves(spec, game, record, check_digests=False)


def replay_card_games(record: Mapping[str, Any]) -> Iterator[tuple[Game, int, Action]]:
    """Every action of a card record as (game, seat, action), the game as it stands
    before the action, which is applied when the next is asked for. Raises
    :class:`~parlour.records.RecordError` at the first action the rules refuse.

    >>> from parlour.cards.games import make_game
    >>> g = make_game("piquet", seed=1)
    >>> seat = g.to_act()[0]
    >>> _ = g.apply(seat, g.legal_actions(seat)[-1])
    >>> [(s, g.format_action(a)) for _, s, a in replay_card_games(card_record("piquet", g, seed=1))]
    [(1, 'discard QS')]
    """
    check_card_record(record)
    _, game = _new_game(record)
    for m, item in enumerate(record["actions"], start=1):
        seat, text = item[0], item[1]
        try:
            action = game.parse_action(text)
        except ParlourError as e:
            raise RecordError(f"move {m}: seat {seat}: cannot read the action {text!r}: {e}") from e
        yield game, seat, action
        try:
            game.apply(seat, action)
        except IllegalAction as e:
            raise RecordError(f"move {m}: seat {seat} cannot {text!r}: {e}", None, m) from e


def names_of(record: Mapping[str, Any]) -> list[str]:
    """The players' names of a card record (``seat 0``... when it has none)."""
    spec = find_card_game(record["rules"])
    players = record.get("players")
    return list(players) if players else [f"seat {s}" for s in range(spec.players)]


def validate_card_record(record: Mapping[str, Any]) -> Report:
    """Replay a card record and check it: its form, the deal (by its digest), every
    action's legality and digest, and the result. A
    :class:`~parlour.records.Report` with the first discrepancy, ``unfinished``, or ok
    (``hands`` counts the deals played).
    """

    deal = moves = 0
    try:
        check_card_record(record)
        check_fairness(record)
        spec, game = _new_game(record)
        start = record.get("start")
        if start is not None and start != start_digest(
            spec.name, record["seed"], spec.start_events(game)
        ):
            raise RecordError("the deal differs from the record's (its start digest)")
        deal = spec.deal_number(game)
        for step in _moves(spec, game, record, check_digests=True):
            moves, deal = step[0], step[1]
        deal = spec.deal_number(game)
    except RecordError as e:
        return Report(False, str(e), None, e.move, hands=deal, moves=moves)
    total = len(record["actions"])
    if not game.is_over():
        seats = ", ".join(map(str, game.to_act()))
        plural = "s" if len(game.to_act()) > 1 else ""
        agree = "agree" if total != 1 else "agrees"
        message = (
            f"unfinished: the game stops after move {total} (deal {deal}; to act: "
            f"seat{plural} {seats}); the {total} move{'' if total == 1 else 's'} recorded {agree}"
        )
        if record.get("result") is not None:
            message = f"the record has a result, but the game goes on after move {total}"
            return Report(False, message, hands=deal, moves=total)
        return Report(False, message, hands=deal, moves=total, unfinished=True)
    replayed = plain(game.result())
    recorded = record.get("result")
    if recorded is None:
        return Report(False, "the game is over, but the record has no result", hands=deal)
    differs = compare_results(recorded, replayed)
    if differs is not None:
        return Report(False, f"the result differs: {differs}", hands=deal, moves=total)
    plural = "" if deal == 1 else "s"
    return Report(
        True,
        f"ok: {deal} deal{plural}, {total} moves replayed; the result matches",
        hands=deal,
        moves=total,
    )


__all__ = [
    "GAME",
    "card_record",
    "check_card_record",
    "move_digest",
    "names_of",
    "replay_card_record",
    "start_digest",
    "validate_card_record",
]

"""Many card games played by bots: the figures ``parlour simulate --rules piquet``
(or ``ninety-nine``) prints.

Game ``i`` of a simulation seeded ``seed`` is dealt from its own seed
(``derive_seed("cards-game", seed, i)``) and each bot draws from its own, so the
results depend on the seed only, whatever the number of worker processes.

>>> s = simulate_cards("ninety-nine", ["heuristic", "heuristic", "random"], games=2, seed=1)
>>> s["games"], [seat["bot"] for seat in s["seats"]], s == simulate_cards(
...     "ninety-nine", ["heuristic", "heuristic", "random"], games=2, seed=1)
(2, ['heuristic', 'heuristic', 'random'], True)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from parlour.cards.games import find_card_game
from parlour.cards.records import card_record
from parlour.core.names import table_names
from parlour.core.rng import derive_seed

__all__ = ["play_card_game", "simulate_cards", "write_card_outputs"]


def play_card_game(
    rules: str,
    bots: Sequence[str],
    seed: int,
    options: Mapping[str, Any] | None = None,
    deck: str | None = None,
    record: bool = False,
) -> dict[str, Any]:
    """One whole game between ``bots`` (one per seat): its seed, result, number of
    actions, the game's own figures and (with ``record``) its record."""
    spec = find_card_game(rules)
    game = spec.make_game(options or {}, seed, deck)
    players = [
        spec.make_bot(name, seed=derive_seed("cards-bot", seed, s)) for s, name in enumerate(bots)
    ]
    moves = 0
    while not game.is_over():
        seat = game.to_act()[0]
        action = players[seat].act(game.observation(seat), game.legal_actions(seat))
        game.apply(seat, action)
        moves += 1
    result = game.result()
    assert result is not None
    winners, scores = spec.outcome(result)
    out: dict[str, Any] = {
        "seed": seed,
        "winners": winners,
        "scores": scores,
        "actions": moves,
        "stats": spec.stats(game),
    }
    if record:
        names = table_names(bots)  # heuristic 1, greedy 2: as every table names them
        out["record"] = card_record(rules, game, seed=seed, deck=deck, players=names)
    return out


def simulate_cards(
    rules: str,
    bots: Sequence[str],
    games: int,
    seed: int = 0,
    *,
    options: Mapping[str, Any] | None = None,
    deck: str | None = None,
    workers: int = 1,
    record: bool = False,
    progress: Callable[[int], object] | None = None,
) -> dict[str, Any]:
    """Play ``games`` games of card game ``rules`` with ``bots`` (one name per seat) and
    sum them up: per seat its bot, wins (a shared win counts for each), win rate and
    mean score; the mean of the game's own figures (deals, successes...); the actions
    per game. ``deck`` deals the first deal of every game. With ``record``, every
    game's record is kept in ``records`` (and each game in ``played``). (The card
    games' :func:`parlour.sim.simulate`.)"""
    from parlour.sim import simulate

    if deck is not None:
        values = find_card_game(rules).check_options(options or {})
        find_card_game(rules).parse_deck(deck, values)
    return simulate(
        bots,
        games,
        seed,
        workers,
        record=record,
        rules=rules,
        options=options,
        deck=deck,
        progress=progress,
    )


def summarise(
    rules: str,
    bots: Sequence[str],
    played: Sequence[Mapping[str, Any]],
    *,
    seed: int,
    options: Mapping[str, Any],
    deck: str | None,
) -> dict[str, Any]:
    """The figures of games played (see :func:`simulate_cards`)."""
    n = max(1, len(played))
    seats = []
    for s, bot in enumerate(bots):
        wins = sum(s in g["winners"] for g in played)
        seats.append(
            {
                "seat": s,
                "bot": bot,
                "wins": wins,
                "win_rate": wins / n,
                "mean_score": sum(g["scores"][s] for g in played) / n,
            }
        )
    names = list(played[0]["stats"]) if played else []
    actions = [g["actions"] for g in played] or [0]
    summary: dict[str, Any] = {
        "rules": rules,
        "options": dict(options),
        "seed": seed,
        "games": len(played),
        "seats": seats,
        "stats": {k: sum(g["stats"][k] for g in played) / n for k in names},
        "actions_per_game": {
            "mean": sum(actions) / len(actions),
            "min": min(actions),
            "max": max(actions),
        },
        "played": [{k: v for k, v in g.items() if k != "record"} for g in played],
    }
    if deck is not None:
        summary["deck"] = deck
    if played and "record" in played[0]:
        summary["records"] = [g["record"] for g in played]
    return summary


def write_card_outputs(summary: Mapping[str, Any], out: Path) -> None:
    """``summary.json`` (the figures), ``games.jsonl`` (one line per game) and, when
    the records were kept, ``records.jsonl`` (one record per line) in ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    head = {k: v for k, v in summary.items() if k not in ("played", "records")}
    (out / "summary.json").write_text(json.dumps(head, indent=2) + "\n", encoding="utf-8")
    lines = [json.dumps(g) for g in summary["played"]]
    (out / "games.jsonl").write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    if "records" in summary:
        recs = [json.dumps(r, ensure_ascii=False) for r in summary["records"]]
        (out / "records.jsonl").write_text("".join(r + "\n" for r in recs), encoding="utf-8")

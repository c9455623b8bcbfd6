"""Classical on the server: its session rules (rounds, starting scores, five players),
bots that know its rules, and a clock that answers a goulash exchange for a silent
player (passing is no answer there)."""

from __future__ import annotations

import asyncio
from typing import Any

from parlour.mahjong.session import make_ruleset
from parlour.mahjong.table import Table
from parlour.server.live import LiveGame
from parlour.server.manager import Manager
from parlour.server.store import Store


async def classical_game(options: dict[str, Any], seats: list[str]) -> LiveGame:
    manager = Manager(Store("sqlite:///:memory:"))
    made = await manager.create(
        {"rules": "classical", "options": options, "seats": seats, "policy": {"pause_seconds": 0}}
    )
    game = manager.get(made["id"])
    assert game is not None
    return game


def test_the_server_plays_classical_by_its_own_session_rules() -> None:
    game = asyncio.run(classical_game({"rounds": 1}, ["human", "greedy", "greedy", "greedy"]))
    rules = game.session.session_rules
    assert (rules.rounds, rules.starting_score, rules.dealer_stays_on_win) == ("E", 2000, True)
    assert all(b.rules.name == "classical" for b in game.bots.values())  # type: ignore[attr-defined]


def test_five_players_on_the_server() -> None:
    seats = ["human", "greedy", "greedy", "greedy", "random"]
    game = asyncio.run(classical_game({"players": 5}, seats))
    assert game.session.num_players == 5 and game.session.ruleset.num_seats == 4
    assert len(game.session.setups[0].resting) == 1


def test_silence_in_an_exchange_is_answered_by_a_stand_in() -> None:
    game = asyncio.run(classical_game({"goulash": True}, ["human", "greedy", "greedy", "greedy"]))
    table = Table(make_ruleset("classical", {"goulash": True}), seed=5, flags={"goulash": True})
    assert table.phase == "exchange"
    for seat in table.to_act():
        answer = game._silence(seat, table)
        assert answer[0] == "exchange" and answer in table.legal_actions(seat)
    # where passing is an answer, silence passes
    plain = Table(make_ruleset("classical"), seed=5)
    assert plain.phase == "dealt_kong"  # the players dealt four of a kind may declare
    for seat in plain.to_act():
        assert game._silence(seat, plain)[0] == "pass"

"""Away seats and truthful clocks: who plays the seat of a person who closed their page
(the policy's ``away``: ``wait``, ``bot``, ``bot_hand``), what every seat is told of it,
the clocks every state message shows (a goulash exchange's among them), and what an
answer that comes after the clock answered is told."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from test_server_play import Clock, Inbox, new_game

from parlour.render.cards import card_words
from parlour.render.svg import tile_words
from parlour.server.live import SPECTATOR, LiveGame, Policy
from parlour.server.manager import Manager, new_token
from parlour.server.messages import handle_message
from parlour.server.store import Store


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def presence(message: dict[str, Any], player: int) -> dict[str, Any]:
    """The presence of ``player``'s seat in a state message."""
    (found,) = [p for p in message["presence"] if p["player"] == player]
    return found


def actions_of(game: LiveGame, player: int, by: str) -> int:
    """How many of the game's logged actions were made by ``by`` for ``player``."""
    match = game._new_match()
    count = 0
    for e in game.store.log(game.id):
        count += e.by == by and match.player_at(e.seat) == player
        match.apply(e.seat, match.parse_action(e.action), e.hand)
    return count


async def leave(game: LiveGame, inbox: Inbox) -> None:
    await game.disconnect(inbox.conn)


# -- the policy ---------------------------------------------------------------------------------


def test_a_new_table_is_bot_hand_and_an_old_policy_reads_as_bot() -> None:
    async def scenario() -> None:
        clock = Clock()
        _, game, _ = await new_game(["human", "random", "random", "random"], {}, clock)
        assert game.policy.away == "bot_hand"
        _, chosen, _ = await new_game(["human", "random"] * 2, {"away": "wait"}, clock)
        assert chosen.policy.away == "wait"
        await game.close()
        await chosen.close()

    run(scenario())
    stored = Policy.from_json({"claim_seconds": 10}).to_json()
    stored.pop("away")  # a policy stored before there was one
    assert Policy.from_json(stored).away == "bot"


def test_the_api_takes_the_away_choice_and_refuses_another(tmp_path: Path) -> None:
    from parlour.server.app import create_app

    with TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}")) as client:
        made = client.post("/api/tables", json={"policy": {"away": "wait"}})
        assert made.status_code == 201
        game = client.app.state.manager.get(made.json()["id"])  # type: ignore[attr-defined]
        assert game.policy.away == "wait"
        refused = client.post("/api/tables", json={"policy": {"away": "sometimes"}})
        assert refused.status_code == 400
        assert "away" in refused.json()["detail"]


# -- who plays a person's seat while they are away ----------------------------------------------


def test_bot_a_stand_in_plays_after_the_time_and_the_person_takes_the_seat_back() -> None:
    async def scenario() -> None:
        clock = Clock()
        policy = {"pause_seconds": 0, "absence_seconds": 30, "hand_pause_seconds": 0}
        policy |= {"away": "bot", "claim_seconds": None, "hands": 2}
        _, game, _ = await new_game(["human", "random", "random", "random"], policy, clock)
        ann, watcher = Inbox(0), Inbox(SPECTATOR)
        await game.connect(ann.conn)
        await game.connect(watcher.conn)
        assert presence(watcher.last, 0) == {
            "player": 0,
            "name": "player 1",
            "connected": True,
            "away_seconds": None,
            "bot_in_seconds": None,
            "bot_playing": False,
            "table_waits": False,
        }
        assert watcher.last["away_policy"] == "bot"
        await leave(game, ann)
        told = presence(watcher.last, 0)  # told at once, not at the next move
        assert not told["connected"] and told["bot_in_seconds"] == 30
        clock.now += 12
        await game.pump()
        told = presence(watcher.last, 0)
        assert (told["away_seconds"], told["bot_in_seconds"]) == (12, 18)
        assert not told["bot_playing"] and not told["table_waits"]
        assert presence(game.view(1), 0) == told  # the same for every seat
        assert game.seq == 0  # nobody has played for Ann yet
        clock.now += 18
        await game.settle()  # a stand-in plays Ann's seat: both hands
        assert game.match.is_over()
        assert presence(watcher.last, 0)["bot_playing"]
        ann_played = actions_of(game, 0, "bot")
        assert ann_played > 0
        back = Inbox(0)
        await game.connect(back.conn)
        assert back.last["played_for_you"] == ann_played
        assert presence(back.last, 0)["connected"]
        assert not presence(watcher.last, 0)["bot_playing"]
        assert "played_for_you" not in watcher.last
        await game.close()

    run(scenario())


def test_bot_hand_a_stand_in_plays_the_rest_of_the_hand_then_the_table_waits() -> None:
    async def scenario() -> None:
        clock = Clock()
        policy = {"pause_seconds": 0, "absence_seconds": 5, "hand_pause_seconds": 0}
        policy |= {"away": "bot_hand", "claim_seconds": None, "hands": 3}
        _, game, _ = await new_game(["human", "random", "random", "random"], policy, clock)
        ann = Inbox(0)
        await game.connect(ann.conn)
        await leave(game, ann)
        clock.now += 5
        await game.settle()  # the stand-in plays hand 1 out; hand 2 waits for Ann
        assert game.match.hand_number == 2 and not game.match.is_over()
        assert game.session.seat_of(0) in game.match.to_act()
        told = presence(game.view(SPECTATOR), 0)
        assert told["table_waits"] and not told["bot_playing"]
        assert told["bot_in_seconds"] is None
        played, moved = actions_of(game, 0, "bot"), game.seq
        assert played > 0
        clock.now += 1000
        await game.settle()
        assert game.seq == moved  # nobody plays hand 2 for Ann
        back = Inbox(0)
        await game.connect(back.conn)
        assert back.last["played_for_you"] == played
        await game.close()

    run(scenario())


def test_wait_nobody_ever_plays_for_the_person() -> None:
    async def scenario() -> None:
        clock = Clock()
        policy = {"pause_seconds": 0, "absence_seconds": 1, "hand_pause_seconds": 0}
        policy |= {"away": "wait", "claim_seconds": None}
        _, game, _ = await new_game(["human", "random", "random", "random"], policy, clock)
        ann = Inbox(0)
        await game.connect(ann.conn)
        await leave(game, ann)
        told = presence(game.view(1), 0)
        assert told["table_waits"] and told["bot_in_seconds"] is None
        for _ in range(5):
            clock.now += 1000
            await game.settle()
        assert actions_of(game, 0, "bot") == 0
        assert game.session.seat_of(0) in game.match.to_act()
        told = presence(game.view(1), 0)
        assert told["away_seconds"] == 5000 and not told["bot_playing"]
        back = Inbox(0)
        await game.connect(back.conn)
        assert "played_for_you" not in back.last
        await game.close()

    run(scenario())


# -- clocks that tell the truth -----------------------------------------------------------------


def goulash_table(manager: Manager, policy: dict[str, Any], *, unplayed: int = 0) -> str:
    """A classical table (goulash on; Ann and three greedy bots, two hands) whose first
    hand is a washout, so that the second opens with a goulash's exchanges: its id.
    The first hand is in its log but for its last ``unplayed`` actions, which the
    table's bots play when it is loaded (the end of the hand then happens live).

    (The seed is found as the browser tests find it: random bots play hand 1 over
    seeds 0, 1, ... until one is a washout.)"""
    from goulash_tables import NAMES, washed_out_first_hand

    seed, options, session, log = washed_out_first_hand(2)
    assert all(session.player_at(e.seat) != 0 for e in log[len(log) - unplayed :])
    game_id = f"goulash{seed:09d}"
    manager.store.create_game(
        game_id,
        ruleset="classical",
        options=options,
        players=NAMES,
        kinds=["human", "greedy", "greedy", "greedy"],
        policy=Policy.from_json(policy).to_json(),
        seed=seed,
        salt="0" * 32,
        tokens={new_token(): 0, new_token(): SPECTATOR},
    )
    manager.store.append_many(game_id, log[: len(log) - unplayed])
    return game_id


def test_a_goulash_exchange_clock_starts_after_the_pause_and_a_late_answer_is_told() -> None:
    async def scenario() -> None:
        clock = Clock()
        manager = Manager(Store("sqlite:///:memory:"), clock=clock)
        policy = {"pause_seconds": 0, "claim_seconds": 10, "hand_pause_seconds": 15}
        game = manager.get(goulash_table(manager, policy, unplayed=1))
        assert game is not None
        ann = Inbox(0)
        await game.connect(ann.conn)  # the bots end hand 1: the pause between hands
        state = ann.last
        assert state["hand"] == 2 and state["between_hands"]
        assert state["observation"]["window"] == {"kind": "exchange", "exchange": 1}
        assert state["claim_seconds_left"] == 10 and state["seconds_left"] == 10
        assert state["clock"] == "window"
        clock.now += 14.9  # the finished hand is shown: the exchange's clock waits
        await game.pump()
        assert game.view(0)["claim_seconds_left"] == 10
        clock.now += 0.1  # the pause ends: the exchange's ten seconds start
        await game.pump()
        assert game.view(0)["observation"]["window"]["exchange"] == 1
        clock.now += 4
        await game.pump()
        state = game.view(0)
        assert state["claim_seconds_left"] == state["seconds_left"] == pytest.approx(6)
        assert state["observation"]["window"]["exchange"] == 1
        clock.now += 6  # nobody answered: the clock passes three tiles for Ann
        await game.pump()
        assert game.view(0)["observation"]["window"]["exchange"] == 2
        (entry,) = [e for e in game.store.log(game.id) if e.hand == 2 and e.by == "clock"]
        passed = entry.action.split()[1:]
        assert entry.action.startswith("exchange ") and len(passed) == 3
        # Ann's own choice, sent from the page as it was, arrives now
        mine = [a for a in state["observation"]["legal"] if a.startswith("exchange ")]
        late = {"type": "action", "action": mine[0], "hand": 2, "step": state["step"]}
        reply = await handle_message(game, 0, json.dumps(late))
        assert reply is not None and reply["type"] == "error"
        words = ", ".join(f"the {tile_words(t)}" for t in passed[:2])
        assert reply["message"] == (
            f"the time ran out: {words} and the {tile_words(passed[2])} were passed for you"
        )
        assert reply["state"]["observation"]["window"]["exchange"] == 2
        await game.close()

    run(scenario())


def test_a_claim_answered_after_the_time_ran_out_is_told_it_passed() -> None:
    async def scenario() -> None:
        clock = Clock()
        policy = {"pause_seconds": 0, "claim_seconds": 5, "hand_pause_seconds": 0}
        _, game, _ = await new_game(["random", "human", "random", "random"], policy, clock)
        bob = Inbox(1)
        await game.connect(bob.conn)
        for _ in range(400):
            table = game.session.current_table()
            seat = game.session.seat_of(1)
            legal = table.legal_actions(seat) if seat in table.to_act() else []
            if table.phase == "claim" and len(legal) > 1:
                break
            if table.phase == "turn" and legal:
                await game.submit(1, {"action": table.format_action(legal[-1])})
            clock.now += 0.1
            await game.pump()
        else:
            raise AssertionError("Bob was never offered a claim")
        state = game.view(1)
        assert 0 < state["claim_seconds_left"] <= 5 and state["clock"] == "window"
        claim = next(a for a in state["observation"]["legal"] if a != "pass")
        clock.now = game.window_opened + 5
        await game.pump()
        late = {"type": "action", "action": claim, "hand": state["hand"], "step": state["step"]}
        reply = await handle_message(game, 1, json.dumps(late))
        assert reply is not None and reply["message"] == "the time ran out: you passed"
        assert reply["state"]["step"] != state["step"] or not reply["state"]["observation"]["legal"]
        await game.close()

    run(scenario())


def test_a_turn_clock_is_shown_as_seconds_left() -> None:
    async def scenario() -> None:
        clock = Clock()
        policy = {"pause_seconds": 0, "turn_seconds": 5, "bank_seconds": 3}
        policy |= {"hand_pause_seconds": 0}
        _, game, _ = await new_game(["human", "random", "random", "random"], policy, clock)
        ann, watcher = Inbox(0), Inbox(SPECTATOR)
        await game.connect(ann.conn)
        await game.connect(watcher.conn)
        assert ann.last["seconds_left"] == 8 and ann.last["clock"] == "turn"
        assert ann.last["clock_player"] == 0
        assert ann.last["claim_seconds_left"] is None
        clock.now += 3
        await game.pump()
        assert watcher.last["seconds_left"] == pytest.approx(5)  # everyone sees the same clock
        clock.now += 5
        await game.pump()  # the clock discards for Ann
        assert game.seq > 0
        await game.close()

    run(scenario())


def test_a_ninety_nine_bid_has_its_clock_and_a_late_bid_is_told_what_was_laid_aside() -> None:
    async def scenario() -> None:
        clock = Clock()
        manager = Manager(Store("sqlite:///:memory:"), clock=clock)
        spec = {"rules": "ninety-nine", "seats": ["human", "random", "random"]}
        made = await manager.create(spec | {"policy": {"claim_seconds": 2, "pause_seconds": 0}})
        game = manager.get(made["id"])
        assert game is not None
        ann = Inbox(0)
        await game.connect(ann.conn)
        state = ann.last
        assert state["claim_seconds_left"] == state["seconds_left"] == 2
        bids = [a for a in state["observation"]["legal"] if a.startswith("bid ")]
        assert bids
        clock.now += 2  # Ann does not bid: the clock bids for her
        await game.pump()
        (entry,) = [e for e in game.store.log(game.id) if e.by == "clock"]
        laid = [f"the {card_words(c)}" for c in entry.action.split()[1:]]
        late = {"type": "action", "action": bids[0], "hand": 1, "step": state["step"]}
        reply = await handle_message(game, 0, json.dumps(late))
        assert reply is not None and reply["message"] == (
            "the time ran out: a bid was made for you, laying aside "
            f"{laid[0]}, {laid[1]} and {laid[2]}"
        )
        await game.close()

    run(scenario())

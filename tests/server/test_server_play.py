"""Live games: the claim window's common pause, clocks, absent players, auto-actions,
short matches, and no leak through any seat's or spectator's socket."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from leaks import shows_tiles
from parlour.mahjong.tiles import format_tiles
from parlour.server.live import SPECTATOR, Connection, LiveGame
from parlour.server.manager import Manager
from parlour.server.store import Store


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def run(coro: Any) -> Any:
    return asyncio.run(coro)


async def new_game(
    seats: list[str], policy: dict[str, Any], clock: Clock, store: Store | None = None
) -> tuple[Manager, LiveGame, dict[str, Any]]:
    manager = Manager(store or Store("sqlite:///:memory:"), clock=clock)
    made = await manager.create({"seats": seats, "policy": policy})
    game = manager.get(made["id"])
    assert game is not None
    return manager, game, made


class Inbox:
    """A connection that keeps what it is sent."""

    def __init__(self, player: int, position: Callable[[], int] | None = None) -> None:
        self.messages: list[dict[str, Any]] = []
        self.positions: list[int] = []  # the game's log length when each was sent
        self.position = position
        self.conn = Connection(player, self.send)

    async def send(self, message: dict[str, Any]) -> None:
        self.messages.append(json.loads(json.dumps(message)))
        if self.position is not None:
            self.positions.append(self.position())

    @property
    def last(self) -> dict[str, Any]:
        return self.messages[-1]


# -- the claim window's common pause -----------------------------------------------------------


def test_every_claim_window_lasts_the_same_pause_whatever_anyone_holds() -> None:
    async def scenario() -> list[float]:
        clock = Clock()
        policy = {"pause_seconds": 2.0, "claim_seconds": 20, "hand_pause_seconds": 0}
        _, game, _ = await new_game(["human", "human", "random", "random"], policy, clock)
        east, south = Inbox(0), Inbox(1)
        await game.connect(east.conn)
        await game.connect(south.conn)
        durations: list[float] = []
        rng = random.Random(3)
        for _ in range(12):
            table = game.session.current_table()
            if table.is_over():
                break
            seats = table.to_act()
            if table.phase == "turn" and table.current in (0, 1):
                legal = table.legal_actions(table.current)
                discard = [a for a in legal if a[0] == "discard"]
                await game.submit(
                    table.current, {"action": table.format_action(rng.choice(discard)), "hand": 1}
                )
                opened = clock.now
                window = game.session.current_table().window
                assert window is not None and window.kind == "claim"
                # the window stays open until the pause is over, answered or not
                for seat in game.session.current_table().to_act():
                    if seat in (0, 1) and seat not in game.pending:
                        await game.submit(seat, {"action": "pass", "hand": 1})
                assert game.session.current_table().window is window
                clock.now += 1.99
                await game.pump()
                assert game.session.current_table().window is window
                clock.now += 0.01
                await game.pump()
                assert game.session.current_table().window is not window
                durations.append(clock.now - opened)
            elif seats:
                clock.now += 30  # let bots' turns and windows run out
                await game.pump()
        await game.close()
        return durations

    durations = run(scenario())
    assert len(durations) >= 4 and all(d == pytest.approx(2.0) for d in durations)


def test_silence_past_the_claim_window_is_a_pass() -> None:
    async def scenario() -> None:
        clock = Clock()
        policy = {"pause_seconds": 0, "claim_seconds": 5, "hand_pause_seconds": 0}
        _, game, made = await new_game(["random", "human", "random", "random"], policy, clock)
        for _ in range(400):
            table = game.session.current_table()
            if 1 in table.to_act() and table.phase == "claim" and len(table.legal_actions(1)) > 1:
                break
            if 1 in table.to_act() and table.phase == "turn":
                action = table.legal_actions(1)[-1]
                await game.submit(
                    1, {"action": table.format_action(action), "hand": game.session.hand_number}
                )
            clock.now += 0.1
            await game.pump()
        else:
            raise AssertionError("the human was never offered a claim")
        before = game.seq
        clock.now = game.window_opened + 4.9
        await game.pump()
        assert game.seq == before  # still waiting
        clock.now = game.window_opened + 5.0
        await game.pump()
        log = game.store.log(made["id"])
        assert any(e.by == "clock" and e.action == "pass" and e.seat == 1 for e in log[before:])
        await game.close()

    run(scenario())


# -- clocks, absence, auto-actions ------------------------------------------------------


def test_a_turn_clock_and_bank_then_the_drawn_tile_is_discarded() -> None:
    async def scenario() -> None:
        clock = Clock()
        policy = {"pause_seconds": 0, "turn_seconds": 5, "bank_seconds": 3, "hand_pause_seconds": 0}
        _, game, made = await new_game(["human", "random", "random", "random"], policy, clock)
        inbox = Inbox(0)
        await game.connect(inbox.conn)
        table = game.session.current_table()
        assert table.phase == "turn" and table.current == 0
        drawn = table.last_drawn(0)
        clock.now += 7.9
        await game.pump()
        assert game.seq == 0
        clock.now += 0.2
        await game.pump()
        first = game.store.log(made["id"])[0]
        assert first.by == "clock" and first.action == f"discard {format_tiles([drawn])}"
        await game.close()

    run(scenario())


def test_an_absent_player_is_played_by_a_bot_until_they_return() -> None:
    async def scenario() -> None:
        clock = Clock()
        policy = {"pause_seconds": 0, "absence_seconds": 30, "hand_pause_seconds": 0, "hands": 1}
        _, game, made = await new_game(["human", "random", "random", "random"], policy, clock)
        await game.pump()
        assert game.seq == 0  # the human has not been gone long enough
        clock.now += 31
        await game.settle()
        assert game.session.is_over()  # a stand-in played the hand out
        assert any(e.by == "bot" and e.seat == 0 for e in game.store.log(made["id"]))
        await game.close()

    run(scenario())


@pytest.mark.slow
def test_a_returning_player_takes_the_seat_back() -> None:
    async def scenario() -> None:
        clock = Clock()
        policy = {"pause_seconds": 0, "absence_seconds": 30, "hand_pause_seconds": 0}
        _, game, _ = await new_game(["human", "random", "random", "random"], policy, clock)
        inbox = Inbox(0)
        await game.connect(inbox.conn)
        clock.now += 100
        await game.pump()
        assert game.seq == 0  # connected: nobody plays for the human
        await game.disconnect(inbox.conn)
        clock.now += 100
        await game.pump()
        moved = game.seq
        assert moved > 0
        back = Inbox(0)
        await game.connect(back.conn)
        clock.now += 100
        await game.settle()  # the bots play on until the person must decide
        table = game.session.current_table()
        assert not table.is_over() and game.session.seat_of(0) in table.to_act()
        later = [e for e in game.store.log(game.id) if e.seq > moved]
        seat = game.session.seat_of(0)
        assert all(e.seat != seat or e.by != "bot" for e in later)  # no stand-in now
        await game.close()

    run(scenario())


def test_auto_actions_pass_claims_and_discard_the_drawn_tile_but_never_win() -> None:
    async def scenario() -> None:
        clock = Clock()
        policy = {"pause_seconds": 0, "claim_seconds": None, "hand_pause_seconds": 0, "hands": 1}
        _, game, made = await new_game(["human", "random", "random", "random"], policy, clock)
        inbox = Inbox(0)
        await game.connect(inbox.conn)
        await game.set_auto(
            0, {"pass_chow": True, "pass_pung": True, "pass_kong": True, "discard_drawn": True}
        )
        for _ in range(2000):
            if game.session.is_over():
                break
            table = game.session.current_table()
            if 0 in table.to_act():
                legal = table.legal_actions(0)
                assert any(
                    a[0] in ("win", "rob", "concealed_kong", "added_kong") for a in legal
                ) or (table.phase == "turn" and not table.drew), [
                    table.format_action(a) for a in legal
                ]
                choice = next((a for a in legal if a[0] in ("win", "rob")), legal[-1])
                await game.submit(
                    0, {"action": table.format_action(choice), "hand": game.session.hand_number}
                )
            clock.now += 0.1
            await game.pump()
        assert game.session.is_over()
        by_player = [e for e in game.store.log(made["id"]) if e.seat == 0 and e.by == "player"]
        assert by_player and any(e.action.startswith("discard") for e in by_player)
        await game.close()

    run(scenario())


# -- no leak through any socket ------------------------------------------------------------


def test_no_message_to_a_seat_or_spectator_shows_hidden_tiles_the_wall_or_the_seed() -> None:
    """Two whole hands with four humans playing at random and a spectator: every message
    sent to each (exactly what their sockets carry) is checked against the state it
    describes, rebuilt from the log: no other seat's concealed tiles, no face-down kong,
    no tile drawn by another, no seed or salt before the end."""

    async def scenario() -> tuple[LiveGame, list[tuple[int, dict[str, Any]]]]:
        clock = Clock()
        policy = {"pause_seconds": 0, "claim_seconds": None, "hand_pause_seconds": 0, "hands": 2}
        _, game, _ = await new_game(["human"] * 4, policy, clock)

        def position() -> int:
            return game.seq

        inboxes = [Inbox(p, position) for p in range(4)] + [Inbox(SPECTATOR, position)]
        for inbox in inboxes:
            await game.connect(inbox.conn)
        rng = random.Random(11)
        for _ in range(20000):
            if game.session.is_over():
                break
            table = game.session.current_table()
            waiting = [s for s in table.to_act() if s not in game.pending]
            if not waiting:
                clock.now += 1
                await game.pump()
                continue
            seat = rng.choice(waiting)
            legal = table.legal_actions(seat)
            action = table.format_action(rng.choice(legal))
            await game.submit(
                game.session.player_at(seat), {"action": action, "hand": game.session.hand_number}
            )
        await game.close()
        return game, [
            (i.conn.player, m, seq)
            for i in inboxes
            for m, seq in zip(i.messages, i.positions, strict=True)
        ]

    game, messages = run(scenario())
    assert game.session.is_over()
    hidden = _hidden_by_seq(game)
    checked = 0
    for player, message, seq in messages:
        text = json.dumps(message)
        if message.get("match_over"):
            continue  # the end: the record and seed may be shown
        assert game.row.salt not in text and str(game.row.seed) not in text
        number = message["hand"]
        hands, kongs = hidden[seq]
        seat = (
            None if player == SPECTATOR else game.session.setups[number - 1].seating.index(player)
        )
        for other, concealed in enumerate(hands):
            if other == seat:
                continue
            if len(concealed) >= 5:
                assert not shows_tiles(text, format_tiles(concealed)), (player, other)
            for kong in kongs[other]:
                assert kong not in text
        for e in message.get("events", []):
            assert e.get("to") in (None, seat), e
        checked += 1
    assert checked > 200


def _hidden_by_seq(game: LiveGame) -> dict[int, tuple[list[list[int]], list[list[str]]]]:
    """For every sequence number, each seat's concealed tiles and face-down kongs in the
    hand being played after that action (rebuilt from the log)."""

    replay = game._new_match().session  # type: ignore[attr-defined]

    def snapshot() -> tuple[list[list[int]], list[list[str]]]:
        table = replay.current_table()
        return (
            [list(h) for h in table.hands],
            [[str(m) for m in melds if not m.exposed] for melds in table.melds],
        )

    out = {0: snapshot()}
    for entry in game.store.log(game.id):
        table = replay.current_table()
        replay.apply(entry.seat, table.parse_action(entry.action), hand=entry.hand)
        out[entry.seq] = snapshot()
    return out


def test_the_pause_is_shortened_when_one_person_plays() -> None:
    async def scenario() -> tuple[float, float]:
        clock = Clock()
        policy = {"pause_seconds": 3.0, "pause_alone": 0.5, "hand_pause_seconds": 0}
        _, alone, _ = await new_game(["human", "random", "random", "random"], policy, clock)
        _, friends, _ = await new_game(["human", "human", "random", "random"], policy, clock)
        paused = (alone._pause(), friends._pause())
        await alone.close()
        await friends.close()
        return paused

    assert run(scenario()) == (0.5, 3.0)


@pytest.mark.slow
def test_spectators_see_the_table_late() -> None:
    async def scenario() -> None:
        policy = {"pause_seconds": 0, "spectator_delay": 0.3, "hand_pause_seconds": 0}
        _, game, _ = await new_game(["human", "random", "random", "random"], policy, Clock())
        game.clock = __import__("time").monotonic  # the delay runs on real time
        eye, player = Inbox(SPECTATOR), Inbox(0)
        await game.connect(eye.conn)
        await game.connect(player.conn)
        assert player.messages and not eye.messages
        await asyncio.sleep(0.5)
        assert eye.messages and eye.last["observation"]["hand"] is None
        await game.close()

    run(scenario())

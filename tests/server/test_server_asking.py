"""Who a server's table asks after a discard: people always, a bot only when it can
claim; nothing a person sees tells which it was (no event, the same pause, the same
public step); records name who was always asked; old games replay as they were begun."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from parlour.records import RecordError, record_of, validate
from parlour.server.live import LiveGame, Policy
from parlour.server.manager import Manager
from parlour.server.store import Store


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def _game(seats: list[str], policy: dict[str, Any], clock: Clock) -> LiveGame:
    manager = Manager(Store("sqlite:///:memory:"), clock=clock)
    made = await manager.create({"seats": seats, "policy": policy})
    game = manager.get(made["id"])
    assert game is not None
    return game


async def _play(game: LiveGame, clock: Clock, person: int, actions: int, seed: int) -> None:
    """The person plays at random ``actions`` times (the bots at once)."""
    rng = random.Random(seed)
    for _ in range(actions):
        if game.session.is_over():
            return
        table = game.session.current_table()
        seat = game.session.seat_of(person)
        if seat in table.to_act() and seat not in game.pending:
            action = table.format_action(rng.choice(table.legal_actions(seat)))
            await game.submit(person, {"action": action, "hand": game.session.hand_number})
        else:
            clock.now += 1
            await game.pump()


FAST = {"pause_seconds": 0, "claim_seconds": 30, "hand_pause_seconds": 0}


def _replayed(game: LiveGame) -> list[tuple[Any, Any, Any]]:
    """Each logged action with the table it was applied to, before it was applied:
    (entry, the seat's legal actions then, the window's asked seats after it)."""
    session = game._new_match().session  # type: ignore[attr-defined]
    out = []
    for entry in game.store.log(game.id):
        table = session.current_table()
        legal = table.legal_actions(entry.seat)
        session.apply(entry.seat, table.parse_action(entry.action), hand=entry.hand)
        after = session.current_table()
        asked = after.window.seats if after.window is not None else ()
        out.append((entry, legal, asked))
    return out


@pytest.mark.slow
def test_a_bot_is_asked_only_when_it_can_claim_and_a_person_always() -> None:
    async def scenario() -> LiveGame:
        clock = Clock()
        policy = {**FAST, "pause_alone": 0.5}  # a pause: the person is asked every time
        game = await _game(["random", "human", "random", "random"], policy, clock)
        await _play(game, clock, 1, 600, seed=5)
        return game

    game = asyncio.run(scenario())
    assert game.policy.bots_asked == "when_able"
    bot_passes = person_passes = discards_by_bots = 0
    for entry, legal, asked in _replayed(game):
        player = game.session.setups[entry.hand - 1].seating[entry.seat]
        if entry.action == "pass":
            if player == 1:
                person_passes += 1
            else:
                bot_passes += 1
                assert len(legal) > 1, "a bot with nothing but pass was asked"
        if entry.action.startswith("discard") and player != 1:
            discards_by_bots += 1
            person_seat = game.session.setups[entry.hand - 1].seating.index(1)
            # the person is asked after every discard by another, whatever they hold
            assert person_seat in asked or not asked, asked
    assert discards_by_bots > 20 and person_passes >= discards_by_bots // 2
    assert bot_passes > 0  # bots were asked, and passed, when they could claim


def test_a_person_alone_with_bots_and_no_pause_is_asked_only_when_able() -> None:
    """Nobody could tell whether they were asked: the server's pass for a seat with
    nothing else comes at once either way, so it is not asked for at all."""

    async def scenario() -> LiveGame:
        clock = Clock()
        game = await _game(["random", "human", "random", "random"], FAST, clock)
        await _play(game, clock, 1, 600, seed=5)
        return game

    game = asyncio.run(scenario())
    assert game.always_asked() == [] and record_of(game.session).get("always_asked") is None
    passes = [legal for e, legal, _ in _replayed(game) if e.action == "pass"]
    assert len(passes) > 5 and all(len(legal) > 1 for legal in passes)


def test_two_people_are_always_asked_even_without_a_pause() -> None:
    async def scenario() -> LiveGame:
        return await _game(["human", "human", "random", "random"], FAST, Clock())

    assert asyncio.run(scenario()).always_asked() == [0, 1]


def test_every_seat_is_asked_in_a_game_begun_so() -> None:
    async def scenario() -> LiveGame:
        clock = Clock()
        game = await _game(
            ["random", "human", "random", "random"], {**FAST, "bots_asked": "always"}, clock
        )
        await _play(game, clock, 1, 200, seed=5)
        return game

    game = asyncio.run(scenario())
    only_pass = [e for e, legal, _ in _replayed(game) if e.action == "pass" and len(legal) == 1]
    assert any(e.by == "bot" for e in only_pass)
    assert Policy.from_json({}).bots_asked == "always"  # a game stored before the choice
    with pytest.raises(ValueError, match="bots_asked"):
        Policy.from_json({"bots_asked": "sometimes"})


@pytest.mark.slow
def test_no_pause_when_only_bots_are_asked_and_the_same_pause_when_a_person_is() -> None:
    """One person with ``pause_alone``: after the person's own discard only bots can be
    asked, and such a window (when a bot can claim) does not wait, so the person cannot
    tell; every window that asks the person lasts the pause, answered or not."""

    async def scenario() -> tuple[int, list[float]]:
        clock = Clock()
        policy = {**FAST, "pause_alone": 3.0}
        game = await _game(["human", "random", "random", "random"], policy, clock)
        rng = random.Random(9)
        open_windows: dict[int, tuple[float, Any]] = {}
        durations: list[float] = []
        bots_only = 0
        for _ in range(3000):
            if game.session.is_over():
                break
            table = game.session.current_table()
            window = table.window
            person = game.session.seat_of(0)
            if window is not None and id(window) not in open_windows:
                open_windows[id(window)] = (clock.now, window)
                bots_only += person not in window.seats
            for key, (opened, seen) in list(open_windows.items()):
                if seen.closed:
                    durations.append(clock.now - opened)
                    del open_windows[key]
            if person in table.to_act() and person not in game.pending:
                legal = table.legal_actions(person)
                discards = [a for a in legal if a[0] == "discard"]
                action = table.format_action(rng.choice(discards or legal))
                await game.submit(0, {"action": action, "hand": game.session.hand_number})
            else:
                clock.now += 0.5
                await game.pump()
        await game.close()
        return bots_only, durations

    bots_only, durations = asyncio.run(scenario())
    assert bots_only == 0  # play never stopped at a window of bots alone
    assert len(durations) > 20 and all(d >= 3.0 for d in durations)


def test_the_record_names_who_is_always_asked_and_replays_only_with_it() -> None:
    async def scenario() -> LiveGame:
        clock = Clock()
        policy = {**FAST, "hands": 1, "pause_alone": 0.5}
        game = await _game(["random", "human", "random", "random"], policy, clock)
        await _play(game, clock, 1, 4000, seed=2)
        return game

    game = asyncio.run(scenario())
    assert game.session.is_over()
    record = record_of(game.session)
    assert record["ask"] == "able" and record["always_asked"] == [1]
    assert validate(record).ok
    without = {k: v for k, v in record.items() if k != "always_asked"}
    assert not validate(without).ok  # the person's passes were asked of them
    for bad, reason in (
        ({**record, "ask": "everyone"}, "goes with ask 'able'"),
        ({**record, "always_asked": [1, 1]}, "distinct"),
        ({**record, "always_asked": "1"}, "distinct"),
    ):
        with pytest.raises(RecordError, match=reason):
            from parlour.records import session_of

            session_of(bad)


def test_the_time_to_answer_is_told_from_the_first_message_that_shows_a_window(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A slice may end right after the discard that opens a window: the message sent
    then already tells the time left, counted from that discard."""
    import parlour.server.live as live

    monkeypatch.setattr(live, "SLICE", 0.0)  # one step a slice: every break is seen
    monkeypatch.setattr(live, "BACKGROUND_SLICE", 0.0)
    seen: list[float | None] = []

    async def scenario() -> None:
        clock = Clock()
        policy = {**FAST, "pause_alone": 0.5}  # the person is asked after every discard
        game = await _game(["random", "human", "random", "random"], policy, clock)
        rng = random.Random(3)
        for _ in range(400):
            if game.session.is_over():
                return
            view = game.view(1)
            obs = view["observation"]
            if obs["phase"] not in ("turn", "over") and obs["legal"]:
                seen.append(view["claim_seconds_left"])
                assert view["claim_seconds_left"] == 30.0, view["claim_seconds_left"]
            table = game.session.current_table()
            seat = game.session.seat_of(1)
            if seat in table.to_act() and seat not in game.pending:
                action = table.format_action(rng.choice(table.legal_actions(seat)))
                await game.submit(1, {"action": action, "hand": game.session.hand_number})
            else:
                await game.pump()  # the clock stands still: each window is fresh
                if not game._more:  # type: ignore[attr-defined]
                    clock.now += 1

    asyncio.run(scenario())
    assert len(seen) > 10

"""The engine primitive that ends a hand by a penalty (``Table.forfeit``), proved on the
test-only rulebooks: the hand ends at once with the penalty (and what was paid before
it), the match goes on, and the records of such matches validate and replay; a forfeit
is never a legal action, cannot be slipped in through ``check``, and a record whose
forfeit was edited fails validation."""

from __future__ import annotations

import copy

import pytest

import rulebooks  # noqa: F401  (registers the test rulebooks by name)
from parlour.core.errors import IllegalAction, NotationError
from parlour.mahjong.session import Session
from parlour.mahjong.table import FORFEIT, Table, forfeit_action
from parlour.records import record_of, replay, validate
from rulebooks import KeenBot


def play_with_forfeits(name: str, seed: int, every: int) -> tuple[Session, int]:
    """A whole match of ``name`` by keen bots in which, in every other hand, the seat
    asked at move ``every`` forfeits (paying 3 to each other seat)."""
    session = Session(name, seed=seed)
    bots = [KeenBot(seed * 10 + p) for p in range(session.num_players)]
    forfeits = 0
    steps = 0
    while not session.is_over():
        table = session.current_table()
        seat = table.to_act()[0]
        if session.hand_number % 2 == 1 and len(table.actions) == every:
            n = table.num_seats
            penalty = [3 if s != seat else -3 * (n - 1) for s in range(n)]
            before = [0] * n
            for t in table.transfers:
                before = [a + b for a, b in zip(before, t["payments"], strict=True)]
            number = session.hand_number
            events = session.apply(seat, forfeit_action(penalty))
            assert [e.kind for e in events] == [FORFEIT]
            assert table.is_over() and table.to_act() == () and table.legal_actions(seat) == []
            result = table.result()
            assert result is not None
            assert result["forfeit"] == {"seat": seat, "payments": penalty}
            assert result["wins"] == [] and result["draw"] is False
            assert result["payments"] == [a + b for a, b in zip(before, penalty, strict=True)]
            assert session.is_over() or session.hand_number == number + 1
            forfeits += 1
        else:
            legal = table.legal_actions(seat)
            assert all(a[0] != FORFEIT for a in legal)
            session.apply(seat, bots[session.player_at(seat)].act(table.observation(seat), legal))
        steps += 1
        assert steps < 50000
    return session, forfeits


@pytest.mark.parametrize("name", ["test-three-seats", "test-kong-payments", "test-dreamer"])
def test_a_forfeit_ends_the_hand_and_the_match_goes_on(name: str) -> None:
    forfeits = 0
    for seed in range(3):
        session, made = play_with_forfeits(name, seed, every=7 + seed)
        forfeits += made
        record = record_of(session)
        report = validate(record)
        assert report.ok, report.message
        steps = [s for s in replay(record) if s.action is not None and s.action[0] == FORFEIT]
        assert len(steps) == made
        assert all([e.kind for e in s.events] == [FORFEIT] for s in steps)
    assert forfeits >= 6


def test_an_edited_forfeit_does_not_validate() -> None:
    session, made = play_with_forfeits("test-kong-payments", 4, every=5)
    assert made
    record = record_of(session)
    edited = copy.deepcopy(record)
    hand = edited["hands"][0]
    seat, text, digest = hand["actions"][-1]
    assert text.startswith("forfeit ")
    hand["actions"][-1] = [seat, "forfeit -3 -3 -3 9", digest]
    report = validate(edited)
    assert not report.ok and report.hand == 1
    moved = copy.deepcopy(record)
    moved["hands"][0]["actions"][-1][0] = (seat + 1) % 4  # a seat not asked then
    assert not validate(moved).ok


def test_a_forfeit_is_refused_unless_the_seat_is_asked_and_pays_per_seat() -> None:
    table = Table(seed=7)
    with pytest.raises(IllegalAction, match="not asked"):
        table.forfeit(2, [10, 10, -30, 10])
    with pytest.raises(IllegalAction, match="one whole payment per seat"):
        table.forfeit(0, [-30, 10, 10])
    with pytest.raises(IllegalAction, match="one whole payment per seat"):
        table.forfeit(0, [-30, 10, 10, 10.0])  # type: ignore[list-item]
    assert not table.is_over() and table.actions == []
    # a forfeit is not an action anyone may choose: check (a server's) refuses it
    with pytest.raises(IllegalAction):
        table.check(0, table.parse_action("forfeit 30 -10 -10 -10"))
    with pytest.raises(NotationError):
        table.parse_action("forfeit thirty")
    assert table.parse_action("discard F") in table.legal_actions(0)
    table.forfeit(0, [-30, 10, 10, 10])
    with pytest.raises(IllegalAction):
        table.forfeit(0, [-30, 10, 10, 10])  # the hand is over

"""The table engine under random play: invariants after every action.

Random games (random seeds, random legal actions, wins taken when offered or not) check
that every tile is always in exactly one place, that an illegal action raises and
changes nothing, that no observation shows another seat's concealed tiles, that each
hand's payments sum to zero, and that a game replays exactly from its seed and actions.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.core.actions import Action
from parlour.core.errors import IllegalAction
from parlour.mahjong.table import OVER, Table, tile_count_check
from parlour.mahjong.tiles import format_tiles

SETTINGS = settings(max_examples=25, deadline=None)


def play(seed: int, choice_seed: int, *, take_wins: bool = True) -> Table:
    """A whole hand with random legal actions."""
    table = Table(seed=seed)
    rng = random.Random(choice_seed)
    while not table.is_over():
        seat = rng.choice(table.to_act())
        actions = table.legal_actions(seat)
        wins = [a for a in actions if a.kind in ("win", "rob")]
        action = wins[0] if take_wins and wins else rng.choice(actions)
        table.apply(seat, action)
    return table


def snapshot(table: Table) -> str:
    return json.dumps(
        [table.observation(s) for s in range(4)]
        + [len(table.events), table.wall_count(), table.phase],
        sort_keys=True,
    )


def concealed_kong_tiles(table: Table, seat: int) -> list[str]:
    return [str(m) for m in table.melds[seat] if not m.exposed]


@pytest.mark.slow
@SETTINGS
@given(st.integers(0, 2**32), st.integers(0, 2**32), st.booleans())
def test_random_hands_keep_every_invariant(seed: int, choice_seed: int, take_wins: bool) -> None:
    table = Table(seed=seed)
    rng = random.Random(choice_seed)
    steps = 0
    while not table.is_over():
        to_act = table.to_act()
        assert to_act, "a hand that is not over always has a seat to act"
        seat = rng.choice(to_act)
        actions = table.legal_actions(seat)
        assert actions
        # an action that is not legal raises and changes nothing
        before = snapshot(table)
        bogus = Action("discard", next(t for t in range(34) if t not in table.hands[seat]))
        if bogus not in actions:
            with pytest.raises(IllegalAction):
                table.apply(seat, bogus)
        other = next(s for s in range(4) if s not in to_act) if len(to_act) < 4 else None
        if other is not None:
            with pytest.raises(IllegalAction):
                table.apply(other, actions[0])
        assert snapshot(table) == before
        wins = [a for a in actions if a.kind in ("win", "rob")]
        action = wins[0] if take_wins and wins else rng.choice(actions)
        events = table.apply(seat, action)
        steps += 1
        counts = tile_count_check(table)
        assert counts == list(table.tile_set.counts)
        assert counts[:34] == [4] * 34, "every playing tile is in exactly one place"
        assert counts[34:42] == [1] * 8, "every bonus tile is in exactly one place"
        for s in range(4):
            obs = json.dumps(table.observation(s))
            for other_seat in range(4):
                if other_seat == s or table.phase == OVER:
                    continue
                for text in concealed_kong_tiles(table, other_seat):
                    assert text not in obs, "another seat's concealed kong is hidden"
            assert "seed" not in obs and "wall_tiles" not in obs
            for e in events:
                if e.to is not None and e.to != s:
                    assert not e.visible_to(s)
        assert steps < 1000
    result = table.result()
    assert result is not None
    assert sum(result["payments"]) == 0
    assert table.legal_actions(0) == [] and table.to_act() == ()


@pytest.mark.slow
@SETTINGS
@given(st.integers(0, 2**32), st.integers(0, 2**32))
def test_a_hand_replays_exactly_from_its_seed_and_actions(seed: int, choice_seed: int) -> None:
    first = play(seed, choice_seed)
    again = Table(seed=seed)
    for seat, action in first.actions:
        again.apply(seat, action)
    assert [e.to_json() for e in again.events] == [e.to_json() for e in first.events]
    assert again.result() == first.result()


def test_observation_holds_only_the_seats_own_tiles() -> None:
    table = Table(seed=3)
    for seat in range(4):
        obs = table.observation(seat)
        assert obs["hand"] == format_tiles(table.hands[seat])
        assert set(obs) >= {"melds", "discards", "bonus", "wall", "legal", "hand_sizes"}
        text = json.dumps(obs)
        assert "seed" not in text
        for other in range(4):
            if other != seat:
                # no field carries another seat's hand
                assert all(v != format_tiles(table.hands[other]) for v in obs.values())


@pytest.mark.slow
def test_many_random_hands_end_with_zero_sum_payments_and_some_wins() -> None:
    wins = 0
    for seed in range(150):  # random play rarely reaches 8 points: 9 of these 150 do
        table = play(seed, seed)
        result = table.result()
        assert result is not None and sum(result["payments"]) == 0
        if result["wins"]:
            wins += 1
            assert len(result["wins"]) == 1 and result["wins"][0]["total"] >= 8
            assert result["wins"][0]["payments"] == result["payments"]
    assert wins >= 1


def test_illegal_actions_name_the_reason() -> None:
    table = Table(seed=7)
    with pytest.raises(IllegalAction, match="seat 1 has nothing to decide now"):
        table.apply(1, Action("discard", 0))
    missing = next(t for t in range(34) if t not in table.hands[0])
    with pytest.raises(IllegalAction, match=r"seat 0 holds no \S+ to discard"):
        table.apply(0, Action("discard", missing))
    with pytest.raises(IllegalAction, match="not an action"):
        table.apply(0, "discard 1m")  # type: ignore[arg-type]


@pytest.mark.slow
@pytest.mark.parametrize("ask_everyone", [True, False])
def test_observations_do_not_name_who_else_may_claim(ask_everyone: bool) -> None:
    # a seat sees only whether it is asked itself; an error does not list the others
    for seed in range(30):
        table = Table(seed=seed, ask_everyone=ask_everyone)
        rng = random.Random(seed)
        while not table.is_over():
            deciding = table.to_act()
            for s in range(4):
                assert table.observation(s)["to_act"] == ([s] if s in deciding else [])
            if table.phase != "turn":
                idle = [s for s in range(4) if s not in deciding]
                for s in idle:
                    with pytest.raises(IllegalAction) as err:
                        table.apply(s, Action("pass"))
                    assert str(err.value) == f"seat {s} has nothing to decide now"
            seat = rng.choice(deciding)
            table.apply(seat, rng.choice(table.legal_actions(seat)))


def test_by_default_every_other_seat_is_asked_after_each_discard() -> None:
    # what a seat sees (the pause, the phase) never depends on what others hold
    for seed in range(5):
        table = Table(seed=seed)
        rng = random.Random(seed)
        discards = 0
        while not table.is_over():
            seat = table.to_act()[0]
            action = rng.choice(table.legal_actions(seat))
            table.apply(seat, action)
            if action.kind == "discard":
                discards += 1
                assert table.phase == "claim"
                assert table.to_act() == tuple(s for s in range(4) if s != seat)
                for s in range(4):
                    obs = table.observation(s)
                    assert obs["phase"] == "claim"
                    assert obs["window"] == {"kind": "claim", "seat": seat, "tile": str(action)[8:]}
        assert discards > 10


def test_asking_only_able_seats_is_an_explicit_option() -> None:
    table = Table(seed=5, ask_everyone=False)
    rng = random.Random(5)
    quiet = 0
    while not table.is_over():
        seat = table.to_act()[0]
        action = rng.choice(table.legal_actions(seat))
        table.apply(seat, action)
        if action.kind == "discard" and table.phase != "claim":
            quiet += 1  # nobody could claim: play went straight on
        for s in table.to_act():
            if table.phase == "claim":
                assert len(table.legal_actions(s)) > 1
    assert quiet > 10


def test_a_prepared_deal_can_start_two_tables() -> None:
    from parlour.mahjong.table import stacked_deal

    deal = stacked_deal(
        ["123456789m 1234p f1", "13579p 2468s EESS", "13579s 2468m WWNN", "CCFFPP 357p 468s 1m"]
    )
    first, second = Table(deal=deal), Table(deal=deal)
    assert first.wall_count() == second.wall_count()
    assert tile_count_check(first) == tile_count_check(second)


class _FixedDice(random.Random):
    """No shuffle, and the dice given."""

    def __init__(self, dice: list[int]) -> None:
        super().__init__(0)
        self.dice = list(dice)

    def shuffle(self, x: Any) -> None:  # type: ignore[override]
        pass

    def randint(self, a: int, b: int) -> int:
        return self.dice.pop(0)


def test_the_wall_is_broken_and_dealt_as_the_rulebook_says() -> None:
    from parlour.mahjong.rules.mcr import MCRRuleset
    from parlour.mahjong.tiles import TILES_144

    tiles = TILES_144.tiles()
    # first throw 3 + 4 = 7: counting East as 1, West's wall; second throw 2 + 3:
    # the wall breaks between its 12th and 13th stacks from the right
    deal = MCRRuleset().build_wall(_FixedDice([3, 4, 2, 3]), dealer=0)
    assert deal.dice == (3, 4, 2, 3)
    west = tiles[72:108]  # West's wall (seat offset 2), stacks from its right-hand end
    stacks = [west[i : i + 2] for i in range(0, 36, 2)]
    # East takes the two stacks left of the gap first, then South, West, North
    assert deal.hands[0][:4] == stacks[12] + stacks[13]
    assert deal.hands[1][:4] == stacks[14] + stacks[15]
    assert [len(h) for h in deal.hands] == [14, 13, 13, 13]
    # replacements come from the other side of the gap: the top of the 12th stack first
    assert deal.wall[-1] == stacks[11]
    assert sum(len(s) for s in deal.wall) == 144 - 53

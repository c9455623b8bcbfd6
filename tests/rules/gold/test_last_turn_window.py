"""The end-of-wall window of Xiamen and Quanzhou (``xiamen-gold.md`` §9.6b, XM-A8)
tells nobody what another seat holds.

When the hand would end in an exhaustive draw, whoever holds the three Golds may declare
a three gold knocker instead. The window for that declaration used to open only when
some seat could knock, so a seat asked it (offered only ``pass``) learned that another
seat held the three Golds. It now opens at every end of the wall, whoever holds what:
at a table that asks everyone, every seat is asked; at a table that asks only the seats
able to act, the seats always asked (people) are asked every time, and the others only
when they can knock.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from parlour.bots import RandomBot
from parlour.mahjong.actions import MahjongAction
from parlour.mahjong.rules.gold_table import GoldRuleset, QuanzhouRuleset, XiamenRuleset
from parlour.mahjong.session import make_ruleset
from parlour.mahjong.table import Table, stacked_deal
from parlour.mahjong.tiles import tile_name

PROFILES = [
    pytest.param(XiamenRuleset, id="xiamen"),
    # hands of three Golds are slow to score: Quanzhou's scenarios run with the slow tests
    pytest.param(QuanzhouRuleset, id="quanzhou", marks=pytest.mark.slow),
]

FILLER = "2s 2s 2s 2s 3s 3s 3s 3s 4s 4s 4s 4s"
"""Twelve tail tiles; the indicator (9m) is put where the seed's throw turns it up."""
EAST = "4p 7p 9p 5s 8s 9s 3m 6m 1m E S W C F P 1s 5s"
SOUTH = "1m 4m 7m 2m 5m 8m 1p 6s 9s E S W C F P 8p"
WEST = "1m 4m 7m 2m 5m 8m 2p 3p 5p E S W C F P 7s"
NORTH = "9m 9m 9m 6p 6p 3p 4p 8m 7m 6s 7s N N 1p 2p 5p"
"""North holds the three Golds (the indicator is 9m)."""
WEST_ONE_GOLD = "1m 4m 7m 2m 5m 8m 9m 3p 5p E S W C F P 7s"
NORTH_TWO_GOLDS = "9m 9m 2p 6p 6p 3p 4p 8m 7m 6s 7s N N 1p 2p 5p"
"""The same tiles, one Gold swapped from North to West for West's 2p: nobody holds
three Golds, and the wall, East's and South's hands are as they were."""

WITH_THREE = [EAST, SOUTH, WEST, NORTH]
WITHOUT_THREE = [EAST, SOUTH, WEST_ONE_GOLD, NORTH_TWO_GOLDS]


def table_of(
    hands: Sequence[str],
    profile: type[GoldRuleset],
    *,
    everyone: bool = True,
    always: Sequence[int] = (),
) -> Table:
    probe = Table(
        XiamenRuleset(),
        seed=0,
        deal=stacked_deal(list(hands), replacements=FILLER, hand_size=16),
    )
    k = probe.state.from_tail
    tiles = FILLER.split()
    tiles[k] = "9m"
    table = Table(
        profile(),
        seed=0,
        deal=stacked_deal(list(hands), replacements=" ".join(tiles), hand_size=16),
        ask_everyone=everyone,
        ask_always=always,
    )
    assert tile_name(table.state.indicator) == "9m"
    return table


def step(table: Table) -> None:
    """One move of a hand nobody tries to win: every seat asked passes; the seat whose
    turn it is discards the tile it drew (or the first discard it may make), never a
    Gold."""
    if table.phase == "turn":
        seat = table.current
        gold = table.state.gold
        legal = [a for a in table.legal_actions(seat) if a[0] == "discard" and a[1] != gold]
        drawn = table.last_drawn(seat)
        table.apply(seat, next((a for a in legal if a[1] == drawn), legal[0]))
        return
    for seat in table.to_act():
        table.apply(seat, MahjongAction("pass"))


def play_to_the_wall_end(table: Table) -> None:
    while table.phase not in ("over", "last_turn"):
        step(table)


def public(table: Table, seat: int) -> dict[str, Any]:
    """What ``seat`` sees, with its own hand and its offers (which differ between the
    two deals for West and North) left out."""
    obs = table.observation(seat)
    return {k: v for k, v in obs.items() if k not in ("hand", "legal")}


@pytest.mark.parametrize("profile", PROFILES)
def test_the_window_opens_whoever_holds_the_three_golds(profile: type[GoldRuleset]) -> None:
    """Two deals alike in everything public, one with a seat holding the three Golds:
    at the end of the wall every seat sees the same thing at both, and East and South
    (whose hands are the same at both) see exactly the same."""
    knocker = table_of(WITH_THREE, profile)
    nobody = table_of(WITHOUT_THREE, profile)
    while True:
        for seat in range(4):
            assert public(knocker, seat) == public(nobody, seat)
        for seat in (0, 1):
            assert knocker.observation(seat) == nobody.observation(seat)
        assert knocker.spectator_observation() == nobody.spectator_observation()
        assert knocker.phase == nobody.phase and knocker.to_act() == nobody.to_act()
        if knocker.phase in ("over", "last_turn"):
            break
        step(knocker)
        step(nobody)
    assert knocker.phase == nobody.phase == "last_turn"
    assert knocker.wall.live() == 0 and knocker.wall.count == 16
    assert sorted(knocker.to_act()) == sorted(nobody.to_act()) == [0, 1, 2, 3]
    for seat in range(4):
        assert knocker.observation(seat)["to_act"] == [seat]
    # only what a seat may do itself differs: North may knock at one table only
    assert MahjongAction("knock") in knocker.legal_actions(3)
    assert nobody.legal_actions(3) == [MahjongAction("pass")]
    for seat in range(3):
        assert knocker.legal_actions(seat) == nobody.legal_actions(seat) == [MahjongAction("pass")]
    # everyone passes where nobody can knock: the hand is drawn; North knocks: he wins
    for seat in nobody.to_act():
        nobody.apply(seat, MahjongAction("pass"))
    assert nobody.is_over() and not nobody.wins
    for seat in (0, 1, 2):
        knocker.apply(seat, MahjongAction("pass"))
    knocker.apply(3, MahjongAction("knock"))
    assert knocker.is_over() and [w.seat for w in knocker.wins] == [3]


@pytest.mark.parametrize("profile", PROFILES)
def test_a_table_asking_the_able_asks_its_people_every_time(profile: type[GoldRuleset]) -> None:
    """With ``ask_everyone=False`` the seats always asked (the people at a server) are
    asked at every end of the wall; a bot only when it can knock; nobody able and
    nobody always asked: the hand is drawn at once."""
    for hands in (WITH_THREE, WITHOUT_THREE):
        table = table_of(hands, profile, everyone=False, always=(1,))
        play_to_the_wall_end(table)
        assert table.phase == "last_turn"
        want = [1, 3] if hands is WITH_THREE else [1]
        assert sorted(table.to_act()) == want
        assert table.observation(1)["to_act"] == [1]
    bots_only = table_of(WITHOUT_THREE, profile, everyone=False)
    play_to_the_wall_end(bots_only)
    assert bots_only.is_over() and not bots_only.wins


@pytest.mark.parametrize("name", ["xiamen", "quanzhou"])
def test_every_end_of_the_wall_asks_every_seat(name: str) -> None:
    """Random hands: whenever the wall runs out, the window asks all four seats,
    whether or not anyone can knock."""
    ends = 0
    for seed in range(12):
        table = Table(make_ruleset(name), seed=seed)
        bots = [RandomBot(seed=seed * 4 + s) for s in range(4)]
        rng = random.Random(seed)
        seen_window = False
        while not table.is_over():
            if table.phase == "last_turn" and not seen_window:  # as it opens
                seen_window = True
                assert sorted(table.to_act()) == [0, 1, 2, 3]
                assert table.wall.live() == 0
                for seat in range(4):
                    assert table.observation(seat)["to_act"] == [seat]
                    assert table.observation(seat)["phase"] == "last_turn"
            seat = table.to_act()[0]
            legal = table.legal_actions(seat)
            # mostly discards and passes, so that many hands reach the end of the wall
            quiet = [a for a in legal if a[0] in ("discard", "pass")]
            choice = rng.choice(quiet) if quiet and rng.random() < 0.97 else None
            table.apply(seat, choice or bots[seat].act(table.observation(seat), legal))
        drawn = not table.wins and table.wall.live() == 0
        if drawn:
            ends += 1
            assert seen_window, f"seed {seed}: the hand was drawn without the window"
    assert ends >= 3

"""The ruleset hooks the table asks: a rulebook changes the game by overriding them."""

from __future__ import annotations

import random
from typing import Any

from parlour.core.actions import Action
from parlour.mahjong.rules.mcr import MCRRuleset
from parlour.mahjong.ruleset import WinContext
from parlour.mahjong.scoring import Score
from parlour.mahjong.table import Table


class NoChows(MCRRuleset):
    """A rulebook without chow claims (as the goulash and Kawuxing have)."""

    def allows(self, table: Any, seat: int, action: Action) -> bool:
        return action.kind != "chow"


class DiscarderPaysAll(MCRRuleset):
    """A rulebook where the discarder pays the whole hand (liability-like settlement)."""

    def settle(self, table: Any, seat: int, score: Score, how: WinContext) -> list[int]:
        payments = super().settle(table, seat, score, how)
        if how.discarder is None:
            return payments
        out = [0] * 4
        out[seat] = payments[seat]
        out[how.discarder] = -payments[seat]
        return out


def play(ruleset: MCRRuleset, seed: int) -> tuple[Table, set[str]]:
    table = Table(ruleset, seed=seed)
    rng = random.Random(seed)
    offered: set[str] = set()
    while not table.is_over():
        seat = rng.choice(table.to_act())
        legal = table.legal_actions(seat)
        offered |= {a.kind for a in legal}
        wins = [a for a in legal if a.kind in ("win", "rob")]
        table.apply(seat, wins[0] if wins else rng.choice(legal))
    return table, offered


def test_allows_removes_actions_from_every_seat() -> None:
    kinds_mcr: set[str] = set()
    kinds_no_chows: set[str] = set()
    for seed in range(30):
        kinds_mcr |= play(MCRRuleset(), seed)[1]
        kinds_no_chows |= play(NoChows(), seed)[1]
    assert "chow" in kinds_mcr
    assert "chow" not in kinds_no_chows
    assert "pung" in kinds_no_chows


def test_a_seat_left_with_only_pass_is_not_asked() -> None:
    # with chows forbidden, a claim window that asks only the seats able to act never
    # waits on a seat that could only chow
    for seed in range(30):
        table = Table(NoChows(), seed=seed, ask_everyone=False)
        rng = random.Random(seed)
        while not table.is_over():
            for seat in table.to_act():
                if table.phase == "claim":
                    assert len(table.legal_actions(seat)) > 1
            seat = rng.choice(table.to_act())
            table.apply(seat, rng.choice(table.legal_actions(seat)))


def test_settle_decides_the_payments() -> None:
    found = False
    for seed in range(300):
        plain, _ = play(MCRRuleset(), seed)
        result = plain.result()
        assert result is not None
        if not result["wins"] or result["wins"][0]["self_drawn"]:
            continue
        other, _ = play(DiscarderPaysAll(), seed)
        changed = other.result()
        assert changed is not None and changed["wins"][0]["seat"] == result["wins"][0]["seat"]
        winner, discarder = result["wins"][0]["seat"], result["wins"][0]["discarder"]
        assert changed["payments"][winner] == result["payments"][winner]
        assert changed["payments"][discarder] == -result["payments"][winner]
        assert sum(changed["payments"]) == 0
        found = True
        break
    assert found, "some random hand is won on a discard"

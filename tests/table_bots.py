"""A bot for tests that need won hands often (random bots rarely reach 8 points)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from parlour.core.game import Action


class WinBot:
    """Takes every win, claims melds often, otherwise plays at random."""

    name = "win"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        wins = [a for a in legal if a.kind in ("win", "rob")]
        if wins:
            return wins[0]
        melds = [a for a in legal if a.kind in ("chow", "pung", "kong")]
        if melds and self.rng.random() < 0.7:
            return self.rng.choice(melds)
        return self.rng.choice(list(legal))


def win_bots(seed: int) -> list[WinBot]:
    """Four seeded win bots, one per seat."""
    return [WinBot(seed * 10 + i) for i in range(4)]

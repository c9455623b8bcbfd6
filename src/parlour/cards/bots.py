"""Bots for the card games: players that see only their observation and legal actions.

They have the shape of :mod:`parlour.bots`: a ``name`` and ``act(observation, legal)``
returning one of the legal actions. :class:`RandomBot` picks uniformly among the legal
actions (any card game); each game's own bots live with the game
(``parlour.cards.<game>.bots``) and are found by name through its rule system.

>>> from parlour.core.actions import Action
>>> RandomBot(seed=1).act({}, [Action("pass")])
Action(kind='pass', payload=None)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from parlour.core.actions import Action

__all__ = ["RandomBot"]


class RandomBot:
    """Picks uniformly among the legal actions, with its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        return self.rng.choice(list(legal))


def __getattr__(name: str) -> Any:
    # a game's bots, once kept here
    if name in ("NinetyNineBot", "estimate_tricks"):
        import importlib

        return getattr(importlib.import_module("parlour.cards.ninety_nine.bots"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

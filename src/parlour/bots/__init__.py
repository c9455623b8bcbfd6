"""Bots: players that see only their observation and their legal actions.

>>> from parlour.mahjong.table import Table
>>> table, bot = Table(seed=1), RandomBot(seed=5)
>>> action = bot.act(table.observation(0), table.legal_actions(0))
>>> action in table.legal_actions(0)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from parlour.core.game import Action, Event
from parlour.core.rng import check_seed


class Bot(Protocol):
    """A player: given what its seat sees and may do, it picks one legal action."""

    name: str

    def act(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action: ...


def show_events(bot: object, events: Sequence[Event], seat: int) -> None:
    """Before a bot acts, hand it the events of the hand so far that ``seat`` sees, if
    it reads them (it has a ``watch`` method: a bot that speaks another program's
    protocol, :mod:`parlour.bots.botzone`); every table's driver calls this.

    >>> class Watcher:
    ...     def watch(self, events): self.kinds = [e.kind for e in events]
    >>> from parlour.mahjong.table import Table
    >>> w = Watcher()
    >>> show_events(w, Table(seed=1).events, 0)
    >>> w.kinds[:3], show_events(RandomBot(), [], 0)
    (['dice', 'deal', 'bonus'], None)
    """
    watch = getattr(bot, "watch", None)
    if watch is not None:
        watch([e for e in events if e.to is None or e.to == seat])


class RandomBot:
    """Picks uniformly among the legal actions (its own seeded generator)."""

    name = "random"
    observes = False
    """It reads no observation: a batch simulation hands it none (parlour.mahjong.sim)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(check_seed(seed))

    def act(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        return self.rng.choice(list(legal))


from parlour.bots.greedy import GreedyBot  # noqa: E402 (after RandomBot: no import cycle)

BOTS: dict[str, type] = {"random": RandomBot, "greedy": GreedyBot}
"""Bots by name (``make_bot`` builds one)."""


def make_bot(name: str, seed: int = 0, ruleset: Any = None) -> Bot:
    """A bot by name: ``random`` or ``greedy``, or an outside program
    (``botzone:COMMAND``: :mod:`parlour.bots.botzone`); a bot that weighs its hand by
    the rules (``greedy``) is given the table's ``ruleset`` (default: MCR's)."""
    cls = BOTS.get(name)
    if cls is None and ":" in name:
        from parlour.bots.botzone import BotzoneBot, is_botzone_name

        if is_botzone_name(name):
            return BotzoneBot.from_name(name)
    if cls is None:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(sorted(BOTS))})")
    bot: Bot = cls(seed=seed, ruleset=ruleset) if cls is GreedyBot else cls(seed=seed)
    return bot

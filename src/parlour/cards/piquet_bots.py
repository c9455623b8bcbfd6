"""An older home of Piquet's bots: see :mod:`parlour.cards.piquet.bots`."""

from parlour.cards.piquet.bots import HeuristicPiquetBot, RandomPiquetBot

__all__ = ["HeuristicPiquetBot", "RandomPiquetBot"]

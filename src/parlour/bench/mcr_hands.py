"""An older home of the seeded MCR hands: see :mod:`parlour.mahjong.rules.mcr.bench.hands`."""

from parlour.mahjong.rules.mcr.bench.hands import random_situation, situations, to_gb

__all__ = ["random_situation", "situations", "to_gb"]

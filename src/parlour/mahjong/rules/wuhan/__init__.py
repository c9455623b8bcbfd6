"""Wuhan mahjong as one package: the laizi wild tile, Red Dragon and laizi kongs, the
2-5-8 eye, shares with fans and caps, liability, and three players. The settlement is
:mod:`.scoring`, the table :mod:`.table`, the rule system's descriptor
:mod:`.system`.

>>> SYSTEMS[0].players
(3, 4)
"""

from parlour.mahjong.rules.wuhan.scoring import (
    OPTIONS,
    SeatFacts,
    Settlement,
    laizi_of,
    next_kind,
    read_table,
    settle,
)
from parlour.mahjong.rules.wuhan.system import SYSTEMS, WUHAN

__all__ = [
    "OPTIONS",
    "SYSTEMS",
    "WUHAN",
    "SeatFacts",
    "Settlement",
    "laizi_of",
    "next_kind",
    "read_table",
    "settle",
]

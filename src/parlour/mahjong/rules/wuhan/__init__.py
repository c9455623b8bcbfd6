"""Wuhan mahjong: the laizi wild tile, Red Dragon and laizi kongs, the 2-5-8 eye and the
caps. Planned: the rule system is known by name and not built yet (its spec is
wuhan.md).

>>> SYSTEMS[0].players
(3, 4)
"""

from parlour.core.systems import PLANNED
from parlour.mahjong.system import MahjongSystem

WUHAN = MahjongSystem(
    name="wuhan",
    title="Wuhan: the laizi wild tile, red-dragon kongs, the 2-5-8 eye and caps",
    players=(3, 4),
    status=PLANNED,
    source="a Japanese description",
    order=60,
)

SYSTEMS = (WUHAN,)

__all__ = ["SYSTEMS", "WUHAN"]

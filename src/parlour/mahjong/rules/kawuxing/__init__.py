"""Kawuxing (卡五星): three players, the 84-tile set, kong payments at once,
disclosure. Planned: the rule system is known by name and not built yet (its spec is
kawuxing.md).

>>> SYSTEMS[0].name
'kawuxing'
"""

from parlour.core.systems import PLANNED
from parlour.mahjong.system import MahjongSystem

KAWUXING = MahjongSystem(
    name="kawuxing",
    title="Kawuxing: three players, 84 tiles, kong payments at once, disclosure",
    players=(3, 4),
    status=PLANNED,
    source="an English and a Japanese description",
    order=70,
)

SYSTEMS = (KAWUXING,)

__all__ = ["KAWUXING", "SYSTEMS"]

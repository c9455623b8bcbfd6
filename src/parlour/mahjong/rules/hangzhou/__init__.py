"""Hangzhou mahjong: fortune wild tiles, the banker's stay level, floats and liability.
Planned: the rule system is known by name and not built yet (its spec is hangzhou.md).

>>> SYSTEMS[0].status
'planned'
"""

from parlour.core.systems import PLANNED
from parlour.mahjong.system import MahjongSystem

HANGZHOU = MahjongSystem(
    name="hangzhou",
    title="Hangzhou: fortune wild tiles, the banker's lao, floats and liability",
    players=(4,),
    status=PLANNED,
    source="an English and a Japanese description",
    order=50,
)

SYSTEMS = (HANGZHOU,)

__all__ = ["HANGZHOU", "SYSTEMS"]

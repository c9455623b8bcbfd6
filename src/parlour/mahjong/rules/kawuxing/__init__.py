"""Kawuxing (卡五星) as one package: three players by role (banker, right, left), the
84-tile set, kong payments at once with the chain doubling, disclosure and the doubling
patterns of §9. The scorer is :mod:`.scoring` (a win, a kong's payment, a drawn hand,
all through ``parlour.score``), the table :mod:`.table` (its ruleset) and the match
:mod:`.session`, the rule system's descriptor :mod:`.system`.

>>> score_json({"rules": "kawuxing", "hand": "123p 456p 789s 234s 5s +5s",
...             "seat": "right", "self_drawn": True}).payments
{'banker': -1, 'right': 2, 'left': -1}
>>> SYSTEMS[0].players
(3, 4)
"""

from parlour.mahjong.rules.kawuxing.scoring import (
    KONG_UNITS,
    OPTIONS,
    PATTERNS,
    ROLES,
    KawuxingDoubling,
    KawuxingWin,
    draw_payments,
    kong_payments,
    read_win,
    readings_of,
    score_hand,
    score_json,
    score_win,
)
from parlour.mahjong.rules.kawuxing.system import KAWUXING, SYSTEMS

__all__ = [
    "KAWUXING",
    "KONG_UNITS",
    "OPTIONS",
    "PATTERNS",
    "ROLES",
    "SYSTEMS",
    "KawuxingDoubling",
    "KawuxingWin",
    "draw_payments",
    "kong_payments",
    "read_win",
    "readings_of",
    "score_hand",
    "score_json",
    "score_win",
]

"""Chinese classical mahjong, with the British variations and the five-player game, as
one package: the scorer and the settlement of a whole table (:mod:`.scoring`), the
ruleset the table asks (:mod:`.table`), the match (:mod:`.session`) and the rule
system's descriptor (:mod:`.system`).

>>> s = score_json({"rules": "classical", "hand": "999p 44s 67s [777m] [WWWW] f4",
...                 "win_tile": "5s", "self_drawn": True, "seat_wind": "W"})
>>> s.total, s.tally.points, s.tally.doubles
(104, 52, 1)
"""

from parlour.mahjong.rules.classical.scoring import (
    OPTIONS,
    PATTERNS,
    WIN_FLAGS,
    SeatHand,
    TableScore,
    lines_text,
    readings_of,
    resolve_options,
    score,
    score_hand,
    score_json,
    seen_elsewhere,
    settle,
)
from parlour.mahjong.rules.classical.session import ClassicalSession, DreamerSession, lot_setup
from parlour.mahjong.rules.classical.system import CLASSICAL, SYSTEMS
from parlour.mahjong.rules.classical.table import RULESET, ClassicalRuleset

__all__ = [
    "CLASSICAL",
    "OPTIONS",
    "PATTERNS",
    "RULESET",
    "SYSTEMS",
    "WIN_FLAGS",
    "ClassicalRuleset",
    "ClassicalSession",
    "DreamerSession",
    "SeatHand",
    "TableScore",
    "lines_text",
    "lot_setup",
    "readings_of",
    "resolve_options",
    "score",
    "score_hand",
    "score_json",
    "seen_elsewhere",
    "settle",
]

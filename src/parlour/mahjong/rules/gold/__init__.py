"""Fujian gold mahjong (Xiamen, Quanzhou; ``fuzhou`` another name of Xiamen) as one
package: the scorer (:mod:`.scoring`), the ruleset the table asks (:mod:`.table`), the
match (:mod:`.session`) and the rule systems' descriptors (:mod:`.system`).

>>> s = score_json({"rules": "xiamen", "gold": "5p", "seat_wind": "S", "bonus": "f1 x3",
...                 "hand": "[EEE] [345m] 777s 123p 45s 99m", "win_tile": "6s",
...                 "discarder": "N"})
>>> s.total, s.payments
(16, {'E': -6, 'S': 16, 'W': -5, 'N': -5})
"""

from parlour.mahjong.rules.gold.scoring import (
    MOMENTS,
    OPTIONS,
    PATTERNS,
    PROFILES,
    Floater,
    GoldHand,
    banker_base,
    float_multiplier,
    float_pair,
    lines_text,
    read_situation,
    readings_of,
    score,
    score_hand,
    score_json,
    wild_rules,
)
from parlour.mahjong.rules.gold.session import GoldSession
from parlour.mahjong.rules.gold.system import QUANZHOU, SYSTEMS, XIAMEN
from parlour.mahjong.rules.gold.table import (
    GOLD_WALL,
    RULESET,
    FuzhouRuleset,
    GoldRuleset,
    QuanzhouRuleset,
    XiamenRuleset,
)

__all__ = [
    "GOLD_WALL",
    "MOMENTS",
    "OPTIONS",
    "PATTERNS",
    "PROFILES",
    "QUANZHOU",
    "RULESET",
    "SYSTEMS",
    "XIAMEN",
    "Floater",
    "FuzhouRuleset",
    "GoldHand",
    "GoldRuleset",
    "GoldSession",
    "QuanzhouRuleset",
    "XiamenRuleset",
    "banker_base",
    "float_multiplier",
    "float_pair",
    "lines_text",
    "read_situation",
    "readings_of",
    "score",
    "score_hand",
    "score_json",
    "wild_rules",
]

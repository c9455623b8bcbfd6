"""Hangzhou mahjong as one package: fortune wild tiles, the banker's stay level
``lao``, floats, three-set liability and the chip limit. The scorer is
:mod:`.scoring`, the table :mod:`.table`, the match :mod:`.session`, the rule
system's descriptor :mod:`.system`.

>>> s = score_json({"rules": "hangzhou", "fortune": "4s", "seat_wind": "S",
...                 "hand": "123m 456m 789p 23s P 5p 5p", "win_tile": "5p",
...                 "self_drawn": True})
>>> s.total, s.payments
(4, {'E': -2, 'S': 4, 'W': -1, 'N': -1})
"""

from parlour.mahjong.rules.hangzhou.scoring import (
    ARITHMETIC,
    BANKER_FACTORS,
    OPTIONS,
    PATTERNS,
    FloatClaim,
    HangzhouHand,
    banker_factor,
    is_wild_eye,
    liable,
    lines_text,
    pay_within_chips,
    payments_of,
    read_situation,
    readings_of,
    score_hand,
    score_json,
    shares,
    wild_rules,
)
from parlour.mahjong.rules.hangzhou.system import HANGZHOU, SYSTEMS

__all__ = [
    "ARITHMETIC",
    "BANKER_FACTORS",
    "HANGZHOU",
    "OPTIONS",
    "PATTERNS",
    "SYSTEMS",
    "FloatClaim",
    "HangzhouHand",
    "banker_factor",
    "is_wild_eye",
    "liable",
    "lines_text",
    "pay_within_chips",
    "payments_of",
    "read_situation",
    "readings_of",
    "score_hand",
    "score_json",
    "shares",
    "wild_rules",
]

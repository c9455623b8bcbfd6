"""Mahjong Competition Rules (MCR, Chinese Official), as one package: the fan table and
scorer (:mod:`.scoring`), the ruleset the table asks (:mod:`.table`), the match
(:mod:`.session`) and the rule system's descriptor (:mod:`.system`).

>>> s = score({"hand": "123m 456p 789s EEE CC", "win_tile": "C", "round_wind": "E"})
>>> s.valid, s.total, [(p.name, p.value) for p in s.patterns][:3]
(True, 21, [('Mixed Straight', 8), ('All Types', 6), ('Prevalent Wind', 2)])
"""

from parlour.mahjong.rules.mcr.scoring import (
    FANS,
    KONG_VALUES,
    MCROptions,
    clear_caches,
    fan_names,
    score,
)
from parlour.mahjong.rules.mcr.session import MCR_SESSION
from parlour.mahjong.rules.mcr.system import MCR, SYSTEMS
from parlour.mahjong.rules.mcr.table import RULESET, MCRRuleset

__all__ = [
    "FANS",
    "KONG_VALUES",
    "MCR",
    "MCR_SESSION",
    "RULESET",
    "SYSTEMS",
    "MCROptions",
    "MCRRuleset",
    "clear_caches",
    "fan_names",
    "score",
]

"""An older home of the gold rulesets: see :mod:`parlour.mahjong.rules.gold`."""

from parlour.mahjong.rules.gold.table import (
    RULESET,
    FuzhouRuleset,
    GoldRuleset,
    QuanzhouRuleset,
    XiamenRuleset,
)

__all__ = ["RULESET", "FuzhouRuleset", "GoldRuleset", "QuanzhouRuleset", "XiamenRuleset"]

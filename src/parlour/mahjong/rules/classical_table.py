"""An older home of the classical ruleset: see :mod:`parlour.mahjong.rules.classical`."""

from parlour.mahjong.rules.classical.table import RULESET, ClassicalRuleset

__all__ = ["RULESET", "ClassicalRuleset"]

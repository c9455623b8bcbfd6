"""Rule systems, one module each, found by name.

>>> find_ruleset("mcr").__name__
'parlour.mahjong.rules.mcr'
"""

from __future__ import annotations

import importlib
from types import ModuleType

from parlour.core.errors import InvalidHand

RULESETS = {"mcr": "parlour.mahjong.rules.mcr"}
"""Rule-system name -> module. Planned: classical, gold, hangzhou, wuhan, kawuxing."""


def find_ruleset(name: str) -> ModuleType:
    """The module of the rule system ``name`` (it has a ``score(situation)``)."""
    path = RULESETS.get(name)
    if path is None:
        known = ", ".join(sorted(RULESETS))
        raise InvalidHand(f"unknown rule system {name!r} (scoring is available for: {known})")
    return importlib.import_module(path)

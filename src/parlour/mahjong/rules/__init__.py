"""Rule systems, one module each, found by name.

A rule system's module has a ``score(situation)`` (the hand scorer) and, once it can be
played at a table, a ``RULESET`` class (its :class:`~parlour.mahjong.ruleset.Ruleset`).
:func:`register_ruleset` adds a ruleset class made elsewhere (a house rulebook, or the
test rulebooks that prove the engine's primitives), with its session rules.

>>> find_ruleset("mcr").__name__
'parlour.mahjong.rules.mcr'
>>> ruleset_class("mcr").__name__
'MCRRuleset'
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING

from parlour.core.errors import InvalidHand

if TYPE_CHECKING:
    from parlour.mahjong.ruleset import Ruleset
    from parlour.mahjong.session import SessionRules

RULESETS = {
    "mcr": "parlour.mahjong.rules.mcr",
    "classical": "parlour.mahjong.rules.classical_table",
    "xiamen": "parlour.mahjong.rules.gold_table",
    "quanzhou": "parlour.mahjong.rules.gold_table",
    "fuzhou": "parlour.mahjong.rules.gold_table",
}
"""Rule-system name -> module (``fuzhou`` is an alias of ``xiamen``). Planned (see
:mod:`parlour.registry`): hangzhou, wuhan, kawuxing."""

_REGISTERED: dict[str, type[Ruleset]] = {}


def find_ruleset(name: str) -> ModuleType:
    """The module of the rule system ``name`` (it has a ``score(situation)``)."""
    path = RULESETS.get(name)
    if path is None:
        known = ", ".join(sorted(RULESETS))
        raise InvalidHand(f"unknown rule system {name!r} (scoring is available for: {known})")
    return importlib.import_module(path)


def ruleset_class(name: str) -> type[Ruleset]:
    """The table ruleset class of rule system ``name``."""
    cls = _REGISTERED.get(name)
    if cls is not None:
        return cls
    if name not in RULESETS:
        known = ", ".join(sorted({*RULESETS, *_REGISTERED}))
        raise InvalidHand(f"unknown rule system {name!r} (known: {known})")
    module = find_ruleset(name)
    # a module serving several names (xiamen, quanzhou) has a class for each
    found: type[Ruleset] | None = getattr(module, "RULESETS_BY_NAME", {}).get(name) or getattr(
        module, "RULESET", None
    )
    if found is None:
        raise ValueError(f"the rule system {name!r} cannot be played at a table yet")
    return found


def register_ruleset(cls: type[Ruleset], session_rules: SessionRules | None = None) -> None:
    """Make the ruleset class ``cls`` playable by its ``name`` (tables, sessions,
    records, the command line), with its session rules."""
    from parlour.mahjong.session import SESSION_RULES

    _REGISTERED[cls.name] = cls
    if session_rules is not None:
        SESSION_RULES[cls.name] = session_rules


def registered() -> list[str]:
    """The names of every rule system that can be played at a table."""
    return sorted({*_REGISTERED, *(n for n in RULESETS if _has_table(n))})


def _has_table(name: str) -> bool:
    try:
        return getattr(find_ruleset(name), "RULESET", None) is not None
    except ImportError:
        return False


__all__ = ["RULESETS", "find_ruleset", "register_ruleset", "registered", "ruleset_class"]

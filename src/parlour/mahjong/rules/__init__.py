"""The mahjong rule systems, one package each, found through the registry.

Each package (``mcr``, ``classical``, ``gold`` for Xiamen and Quanzhou, and the planned
``hangzhou``, ``wuhan``, ``kawuxing``) describes its rule systems in its ``SYSTEMS``
(:class:`~parlour.mahjong.system.MahjongSystem` values); :mod:`parlour.registry` finds
them. The functions here are the mahjong views of the registry:
:func:`ruleset_class`, :func:`find_ruleset`, and :func:`register_ruleset` for a
ruleset class made elsewhere (a house rulebook, or the test rulebooks that prove the
engine's primitives).

>>> find_ruleset("mcr").__name__
'parlour.mahjong.rules.mcr'
>>> ruleset_class("mcr").__name__
'MCRRuleset'
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING, Any

from parlour.core.errors import InvalidHand

if TYPE_CHECKING:
    from parlour.mahjong.ruleset import Ruleset
    from parlour.mahjong.session import SessionRules
    from parlour.mahjong.system import MahjongSystem


def _mahjong(name: str) -> MahjongSystem:
    from parlour.mahjong.system import MahjongSystem
    from parlour.registry import registry

    system = registry.get(name)
    if not isinstance(system, MahjongSystem):
        known = ", ".join(sorted(registered()))
        raise InvalidHand(f"unknown rule system {name!r} (known: {known})")
    return system


def find_ruleset(name: str) -> ModuleType:
    """The package of the mahjong rule system ``name`` (it has a ``score(situation)``)."""
    from parlour.mahjong.system import MahjongSystem
    from parlour.registry import registry

    system = registry.get(name)
    if not isinstance(system, MahjongSystem) or system.scorer is None:
        scorers = sorted(n for s in registry.systems() if s.scores for n in s.names)
        raise InvalidHand(
            f"unknown rule system {name!r} (scoring is available for: {', '.join(scorers)})"
        )
    return importlib.import_module(system.scorer.__module__.rpartition(".")[0])


def ruleset_class(name: str) -> type[Ruleset]:
    """The table ruleset class of rule system ``name``."""
    system = _mahjong(name)
    if system.ruleset is None:
        raise ValueError(f"the rule system {name!r} cannot be played at a table yet")
    return system.ruleset


def register_ruleset(cls: type[Ruleset], session_rules: SessionRules | None = None) -> None:
    """Make the ruleset class ``cls`` playable by its ``name`` (tables, sessions,
    records, the command line, the server), with its session rules: a
    :class:`~parlour.mahjong.system.MahjongSystem` registered for it."""
    from parlour.mahjong.system import MahjongSystem
    from parlour.registry import register

    by_option = next((o for o in cls.options_spec if o.name == "players"), None)
    players = tuple(by_option.choices) if by_option and by_option.choices else (cls.num_seats,)
    register(
        MahjongSystem(
            name=cls.name,
            title=cls.title,
            players=players,
            source="registered from outside parlour",
            order=1000,
            ruleset=cls,
            session_rules=session_rules,
        ),
        replace=True,
    )


def registered() -> list[str]:
    """The names of every mahjong rule system that can be played at a table."""
    from parlour.mahjong.system import MahjongSystem
    from parlour.registry import registry

    return sorted(s.name for s in registry.systems() if isinstance(s, MahjongSystem) and s.playable)


def __getattr__(name: str) -> Any:
    if name == "RULESETS":  # rule-system name -> package, as this module once listed them
        from parlour.mahjong.system import MahjongSystem
        from parlour.registry import registry

        return {
            n: s.scorer.__module__.rpartition(".")[0]
            for s in registry.systems()
            if isinstance(s, MahjongSystem) and s.scorer is not None
            for n in s.names
        }
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["find_ruleset", "register_ruleset", "registered", "ruleset_class"]

"""parlour: traditional parlour games with the full rules of their rulebooks.

>>> score({"rules": "mcr", "hand": "123m 456p 789s EEE CC", "win_tile": "C"}).total
21
>>> score({"rules": "ninety-nine", "bids": {"A": 5, "B": 5, "C": 2},
...        "tricks": {"A": 7, "B": 1, "C": 1}, "premium": None}).to_json()["scores"]
{'A': 7, 'B': 1, 'C': 1}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, overload

if TYPE_CHECKING:
    from parlour.core.systems import Scored
    from parlour.mahjong.scoring import Score, Situation
    from parlour.sim.tournament import tournament as tournament

__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    """``parlour.tournament``: :func:`parlour.sim.tournament.tournament`, imported when
    first asked for (so that ``import parlour`` stays light)."""
    if name == "tournament":
        from parlour.sim.tournament import tournament as tournament

        return tournament
    raise AttributeError(f"module 'parlour' has no attribute {name!r}")


@overload
def score(situation: Situation) -> Score: ...
@overload
def score(situation: Mapping[str, Any]) -> Any: ...
def score(situation: Situation | Mapping[str, Any]) -> Any:
    """Score a finished hand (deal) given as a situation dict (or a parsed mahjong
    ``Situation``): the rule system named by its ``rules`` field (by default
    :data:`~parlour.registry.DEFAULT_SYSTEM`) scores it. Malformed or impossible input
    raises a :class:`~parlour.core.errors.ParlourError` naming the fault. The result
    has ``to_json()``; a mahjong score is a :class:`~parlour.mahjong.scoring.Score`, a
    card game's is its score keeper's result."""
    if isinstance(situation, Mapping):
        rules = situation.get("rules")
    elif hasattr(situation, "rules"):
        rules = situation.rules
    else:
        from parlour.core.errors import InvalidHand

        raise InvalidHand(f"a situation must be a JSON object, not {type(situation).__name__}")
    system = (_registry or _the_registry()).get(rules) if type(rules) is str else None
    if system is None or not system.scores:
        from parlour.core.errors import InvalidHand

        system = _scorer(rules, InvalidHand)
    return system.score(situation)


_registry: Any = None
"""The registry of rule systems, once :func:`score` has needed it (imported then, so that
``import parlour`` stays light)."""


def _the_registry() -> Any:
    global _registry
    from parlour.registry import registry

    _registry = registry
    return registry


def settle(table: Mapping[str, Any]) -> Scored:
    """Score every seat's hand of a finished hand and settle the table, for the rule
    systems that score every hand (classical): ``{"rules": "classical", "winner": "W",
    "seats": {"E": {...}, ...}}``. The result's ``net`` is the change to each balance
    by seat; ``to_json()`` has ``"scores"`` and ``"net"`` keyed by seat.

    >>> t = settle({"rules": "classical", "winner": None, "seats": {
    ...     s: {"hand": "1m 4m 7m 2p 5p 8p 3s 6s 9s E S W N"} for s in "E"}})
    Traceback (most recent call last):
    ...
    parlour.core.errors.InvalidHand: seat S has no hand
    """
    from parlour.core.errors import InvalidHand

    if not isinstance(table, Mapping):
        raise InvalidHand(f"a table must be a JSON object, not {type(table).__name__}")
    system = _scorer(table.get("rules", _settling_system()), InvalidHand, settling=True)
    if not system.settles:
        raise InvalidHand(
            f"{system.name} settles each win by itself: score the winning hand with score()"
        )
    settled: Scored = system.settle(table)
    return settled


def _scorer(rules: object, error: type[Exception], *, settling: bool = False) -> Any:
    """The rule system named ``rules`` that scores a hand (None: the default one), or
    with ``settling`` one that scores or settles a table."""
    from parlour.registry import DEFAULT_SYSTEM, registry

    if rules is None:
        rules = DEFAULT_SYSTEM
    if not isinstance(rules, str):
        raise error(f"'rules' must be a rule-system name, not {rules!r}")

    def able(system: Any) -> bool:
        return bool(system.scores or (settling and system.settles))

    system = registry.get(rules)
    if system is None or not able(system):
        scorers = sorted(n for s in registry.systems() if able(s) for n in s.names)
        raise error(
            f"unknown rule system {rules!r} (scoring is available for: {', '.join(scorers)})"
        )
    return system


def _settling_system() -> str:
    """The rule system a table without ``rules`` is settled by: the first that settles."""
    from parlour.registry import registry

    return next((s.name for s in registry.playable() if s.settles), "")

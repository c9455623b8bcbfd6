"""The rule systems parlour knows, found by name or alias: one registry for every face.

Each rule system describes itself once, in its own package, as a
:class:`~parlour.core.systems.RuleSystem` listed in the ``SYSTEMS`` of the package's
``system`` module (or of the package itself, for a planned one). The
registry finds the packages under the places rule systems live (the mahjong rule
systems, the card games) and imports them at the first look-up; rule systems of other
packages (a house rulebook, a test's) are added with :func:`register`, or named in the
environment variable ``PARLOUR_SYSTEMS`` (modules with a ``SYSTEMS``, comma-separated)
or by the ``parlour.systems`` entry points of installed packages.

>>> [s.name for s in rule_systems()][:3]
['mcr', 'classical', 'xiamen']
>>> find_system("fuzhou").name
'xiamen'
>>> find_system("mcr").options()[0].name
'kong_values'
>>> [o.name for o in find_system("piquet").options()][:2]
['rule_set', 'point_rule']
>>> check_playable("ninety-nine", 4)
Traceback (most recent call last):
...
ValueError: ninety-nine is played by 3 players, not 4
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import pkgutil
from collections.abc import Mapping
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any

from parlour.core.errors import ParlourError
from parlour.core.systems import PLANNED, PLAYABLE, SCORING, Registry, RuleSystem

if TYPE_CHECKING:
    from parlour.mahjong.ruleset import Ruleset

DEFAULT_SYSTEM = "mcr"
"""The rule system a table, a score or a match uses when none is named."""

PLACES = ("parlour.mahjong.rules", "parlour.cards")
"""The packages whose sub-packages are rule systems (each with a ``SYSTEMS`` tuple)."""

ENVIRONMENT = "PARLOUR_SYSTEMS"
"""The environment variable naming more modules with rule systems (comma-separated)."""

ENTRY_POINTS = "parlour.systems"
"""The entry-point group of installed packages that bring rule systems."""


class RegistryError(ParlourError, ValueError):
    """A rule system named in ``PARLOUR_SYSTEMS`` or by an entry point that cannot be
    loaded (the message names it and why)."""


def _register_module(reg: Registry, name: str, where: str = "") -> None:
    """Register the ``SYSTEMS`` of module ``name`` (of its ``system`` module, for a
    package that has one); ``where`` says who named it, for the error."""
    try:
        module = importlib.import_module(name)
        if hasattr(module, "__path__") and importlib.util.find_spec(f"{name}.system"):
            module = importlib.import_module(f"{name}.system")
    except ImportError as e:
        if not where:
            raise
        raise RegistryError(f"{where} names {name!r}, which cannot be imported: {e}") from None
    systems = getattr(module, "SYSTEMS", None)
    if where and (systems is None or not all(isinstance(s, RuleSystem) for s in systems)):
        raise RegistryError(f"{where} names {name!r}, which has no SYSTEMS of rule systems")
    for system in systems or ():
        reg.register(system)


def load_builtin(reg: Registry) -> None:
    """Register every rule system of parlour's places, then those of the environment
    and of installed packages."""
    for place in PLACES:
        package = importlib.import_module(place)
        for info in pkgutil.iter_modules(package.__path__):
            if info.ispkg:
                _register_module(reg, f"{place}.{info.name}")
    for name in os.environ.get(ENVIRONMENT, "").split(","):
        if name.strip():
            _register_module(reg, name.strip(), ENVIRONMENT)
    for point in entry_points(group=ENTRY_POINTS):
        try:
            found = point.load()
        except ImportError as e:
            raise RegistryError(f"the entry point {point.name!r} cannot be loaded: {e}") from None
        for system in found if isinstance(found, tuple | list) else (found,):
            reg.register(system)


registry = Registry(load_builtin)
"""Every rule system parlour knows (see the module docstring)."""


def register(system: RuleSystem, *, replace: bool = False) -> RuleSystem:
    """Make ``system`` known by its name and aliases to every face (the command line,
    records, the server, simulation); ``replace`` lets it take the place of a system
    of the same name."""
    registry._load()
    return registry.register(system, replace=replace)


def rule_systems() -> list[RuleSystem]:
    """Every rule system, the playable ones first."""
    return registry.systems()


def find_system(name: str) -> RuleSystem:
    """The rule system called ``name`` (or by an alias); ValueError naming the known
    ones otherwise."""
    return registry.find(name)


def check_playable(name: str, players: int | None = None) -> RuleSystem:
    """The rule system ``name``; ValueError unless it can be played at a table (with
    ``players`` players, when given)."""
    system = find_system(name)
    if system.status != PLAYABLE:
        raise ValueError(f"{system.name} is {system.status}: it cannot be played yet")
    if players is not None:
        system.check_players(players)
    return system


def describe_options(system: RuleSystem) -> list[Mapping[str, Any]]:
    """The options of ``system`` as rows (name, default, choices, meaning)."""
    return [o.to_json() for o in system.options()]


def default_ruleset() -> Ruleset:
    """The table ruleset of :data:`DEFAULT_SYSTEM` with its default options (what a
    table made without one plays)."""
    system: Any = find_system(DEFAULT_SYSTEM)
    ruleset: Ruleset = system.make_ruleset({})
    return ruleset


def __getattr__(name: str) -> Any:
    if name == "SYSTEMS":  # the systems as a tuple, as this module once listed them
        return tuple(rule_systems())
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "DEFAULT_SYSTEM",
    "PLANNED",
    "PLAYABLE",
    "SCORING",
    "RegistryError",
    "RuleSystem",
    "check_playable",
    "default_ruleset",
    "describe_options",
    "find_system",
    "load_builtin",
    "register",
    "registry",
    "rule_systems",
]

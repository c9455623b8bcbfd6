"""The rule systems parlour knows: their names, what they are, who plays them, their
options and how far each is built. ``parlour rules`` prints this.

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

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from parlour.core.options import Option

DEFAULT_SYSTEM = "mcr"
"""The rule system a table, a score or a match uses when none is named."""
PLAYABLE = "playable"
SCORING = "scoring only"
PLANNED = "planned"


@dataclass(frozen=True, slots=True)
class RuleSystem:
    """One rule system: ``name`` (what ``--rules`` takes), ``title``, ``family``
    (``mahjong`` or ``cards``), the numbers of ``players`` it is played by, its
    ``status`` (playable, scoring only, planned), the ``source`` its specification was
    written from, and ``aliases`` (other names for the same rules)."""

    name: str
    title: str
    family: str
    players: tuple[int, ...]
    status: str
    source: str = ""
    aliases: tuple[str, ...] = ()

    def options(self) -> tuple[Option, ...]:
        """The options of a system that can be played (none known for a planned one)."""
        if self.status == PLANNED:
            return ()
        if self.family == "cards":
            from parlour.cards.games import find_card_game

            return find_card_game(self.name).options
        from parlour.mahjong.rules import find_ruleset, ruleset_class

        try:
            return ruleset_class(self.name).options_spec
        except (ValueError, LookupError):
            # a system that scores but cannot be played yet keeps its options in its module
            found: tuple[Option, ...] = getattr(find_ruleset(self.name), "OPTIONS", ())
            return found

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "family": self.family,
            "players": list(self.players),
            "status": self.status,
            "source": self.source,
            "aliases": list(self.aliases),
            "options": [o.to_json() for o in self.options()],
        }


SYSTEMS: tuple[RuleSystem, ...] = (
    RuleSystem(
        "mcr",
        "Mahjong Competition Rules (MCR, Chinese Official): 81 fans, 8-point minimum",
        "mahjong",
        (4,),
        PLAYABLE,
        "a Hungarian club rulebook",
    ),
    RuleSystem(
        "classical",
        "Chinese classical: every hand scored, losers settle among themselves; with the "
        "British variations (goulash with wild tiles, 2 and 3 players) and the five-player "
        "game with the dreamer",
        "mahjong",
        (2, 3, 4, 5),
        PLAYABLE,
        "an online site's rules, British house rules and a Czech rulebook",
    ),
    RuleSystem(
        "xiamen",
        "Xiamen gold mahjong: 16-tile hands, the Gold wild tile, floats, robbing the Gold "
        "(fuzhou: an alias, unverified: no Fuzhou source)",
        "mahjong",
        (4,),
        PLAYABLE,
        "an English and a Japanese description",
        aliases=("fuzhou",),
    ),
    RuleSystem(
        "quanzhou",
        "Quanzhou gold mahjong: the Xiamen game with Quanzhou's scoring",
        "mahjong",
        (4,),
        PLAYABLE,
        "an English and a Japanese description",
    ),
    RuleSystem(
        "hangzhou",
        "Hangzhou: fortune wild tiles, the banker's lao, floats and liability",
        "mahjong",
        (4,),
        PLANNED,
        "an English and a Japanese description",
    ),
    RuleSystem(
        "wuhan",
        "Wuhan: the laizi wild tile, red-dragon kongs, the 2-5-8 eye and caps",
        "mahjong",
        (3, 4),
        PLANNED,
        "a Japanese description",
    ),
    RuleSystem(
        "kawuxing",
        "Kawuxing: three players, 84 tiles, kong payments at once, disclosure",
        "mahjong",
        (3, 4),
        PLANNED,
        "an English and a Japanese description",
    ),
    RuleSystem(
        "piquet",
        "Piquet: two players, the 32-card pack; modern, old and 17th-century rules "
        "(option rule_set)",
        "cards",
        (2,),
        PLAYABLE,
        "a Japanese description",
    ),
    RuleSystem(
        "ninety-nine",
        "Ninety-Nine: three players bid by laying three cards aside; trumps change with "
        "the bids made, premium bids declare or reveal",
        "cards",
        (3,),
        PLAYABLE,
        "a Japanese description",
    ),
)


def rule_systems() -> list[RuleSystem]:
    """Every rule system, the playable ones first."""
    order = {PLAYABLE: 0, SCORING: 1, PLANNED: 2}
    return sorted(SYSTEMS, key=lambda s: order[s.status])


def find_system(name: str) -> RuleSystem:
    """The rule system called ``name`` (or by an alias); ValueError naming the known
    ones otherwise."""
    for s in SYSTEMS:
        if name == s.name or name in s.aliases:
            return s
    known = ", ".join(s.name for s in SYSTEMS)
    raise ValueError(f"unknown rule system {name!r} (known: {known})")


def check_playable(name: str, players: int | None = None) -> RuleSystem | None:
    """Raise ValueError unless rule system ``name`` can be played at a table (with
    ``players`` players, when given). Systems registered from outside the list (a house
    rulebook) return None after the table check."""
    from parlour.mahjong.rules import ruleset_class

    try:
        system = find_system(name)
    except ValueError:
        system = None
    if system is not None and system.status != PLAYABLE:
        raise ValueError(f"{system.name} is {system.status}: it cannot be played yet")
    if system is not None and system.family == "cards":
        if players is not None and players not in system.players:
            which = " or ".join(str(p) for p in system.players)
            raise ValueError(f"{system.name} is played by {which} players, not {players}")
        return system
    try:
        cls = ruleset_class(system.name if system else name)
    except Exception as e:
        raise ValueError(str(e)) from None
    if players is not None:
        by_option = next((o for o in cls.options_spec if o.name == "players"), None)
        if system is not None:
            allowed = system.players
        elif by_option is not None and by_option.choices:
            allowed = tuple(by_option.choices)
        else:
            allowed = (cls.num_seats,)
        if players not in allowed:
            which = " or ".join(str(p) for p in allowed)
            title = system.name if system else name
            raise ValueError(f"{title} is played by {which} players, not {players}")
    return system


def describe_options(system: RuleSystem) -> list[Mapping[str, Any]]:
    """The options of ``system`` as rows (name, default, choices, meaning)."""
    return [o.to_json() for o in system.options()]


__all__ = [
    "PLANNED",
    "PLAYABLE",
    "SCORING",
    "SYSTEMS",
    "RuleSystem",
    "check_playable",
    "describe_options",
    "find_system",
    "rule_systems",
]

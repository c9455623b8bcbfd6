"""The game protocol: what every parlour game offers to bots, records, the CLI and the
server, and nothing about any particular game.

A game is a state machine over numbered seats. At any moment some seats are to act
(``to_act()``); each has its legal actions (``legal_actions(seat)``); ``apply(seat,
action)`` changes the state and returns the events it caused. Events are addressed to
everyone or to one seat; ``observation(seat)`` is what that seat may see. A game is
fully determined by its rules, options, seed and the actions applied, so a record of
those replays it exactly. Every game also has a fixed integer encoding of its actions
(``action_space_size``, ``encode``, ``decode``) and their text form (``format_action``,
``parse_action``).

>>> e = Event("discard", 0, {"tile": "4p", "melds": ["[EEE]"]})
>>> e.to_json()
{'kind': 'discard', 'seat': 0, 'tile': '4p', 'melds': ['[EEE]']}
>>> e.data["melds"]
('[EEE]',)
>>> check_seat(2.0, 4)
Traceback (most recent call last):
...
parlour.core.errors.InvalidSeat: a seat is a whole number 0-3, not 2.0
"""

from __future__ import annotations

import operator
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple, Protocol

from parlour.core.actions import Action, ActionSpace
from parlour.core.errors import InvalidSeat


def check_seat(seat: Any, num_seats: int) -> int:
    """``seat`` as a plain int if it is a seat of a table of ``num_seats``; integer
    types such as numpy's are accepted, bools, floats and anything out of range raise
    :class:`~parlour.core.errors.InvalidSeat` (an ``IllegalAction``)."""
    if not isinstance(seat, bool) and not isinstance(seat, float):
        try:
            s = operator.index(seat)
        except TypeError:
            pass
        else:
            if 0 <= s < num_seats:
                return s
    raise InvalidSeat(f"a seat is a whole number 0-{num_seats - 1}, not {seat!r}")


def freeze(value: Any) -> Any:
    """``value`` made read-only all the way down: dicts become read-only mappings and
    lists tuples (so an event or observation handed to one seat cannot be edited into
    what another sees)."""
    if isinstance(value, dict | MappingProxyType):
        return MappingProxyType({k: freeze(v) for k, v in value.items()})
    if isinstance(value, list | tuple):
        return tuple(freeze(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """The plain JSON form of a frozen value (mappings as dicts, tuples as lists)."""
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [thaw(v) for v in value]
    return value


_EMPTY: Mapping[str, Any] = MappingProxyType({})
_SCALARS = frozenset((str, int, bool, float, type(None)))


class _EventFields(NamedTuple):
    kind: str
    seat: int | None
    data: Mapping[str, Any]
    to: int | None


class Event(_EventFields):
    """Something that happened. ``to`` is None for an event everyone sees, or the one
    seat that sees it (a drawn tile). ``data`` is read-only (an event is handed to many
    seats, and none can change what the others see)."""

    __slots__ = ()

    def __new__(
        cls,
        kind: str,
        seat: int | None = None,
        data: Mapping[str, Any] | None = None,
        to: int | None = None,
    ) -> Event:
        if not data:
            frozen: Mapping[str, Any] = _EMPTY
        elif "kind" in data or "seat" in data or "to" in data:
            # to_json writes these three beside the data: one would hide the other
            raise ValueError(f"an event's data may not hold kind, seat or to: {dict(data)!r}")
        elif type(data) is MappingProxyType:
            frozen = data  # already read-only (a constant the game shares)
        elif all(type(v) in _SCALARS for v in data.values()):
            frozen = MappingProxyType(dict(data))
        else:
            frozen = freeze(data)
        return tuple.__new__(cls, (kind, seat, frozen, to))

    def visible_to(self, seat: int) -> bool:
        return self.to is None or self.to == seat

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.seat is not None:
            out["seat"] = self.seat
        for k, v in self.data.items():
            out[k] = thaw(v)
        if self.to is not None:
            out["to"] = self.to
        return out


class Game(Protocol):
    """What every game implements."""

    num_seats: int

    def to_act(self) -> tuple[int, ...]:
        """The seats that have a decision to make now (several at once in a window)."""
        ...

    def legal_actions(self, seat: int) -> list[Action]:
        """Exactly the actions the rules allow ``seat`` now (empty if it is not to act)."""
        ...

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply one seat's action; raise ``IllegalAction`` (changing nothing) if the rules
        do not allow it or it is malformed."""
        ...

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see, as a fresh dict: never another seat's concealed tiles,
        the wall or the seed."""
        ...

    def is_over(self) -> bool: ...

    def result(self) -> dict[str, Any] | None:
        """The outcome once over (payments per seat and what the game adds), else None."""
        ...

    @property
    def action_space_size(self) -> int:
        """How many actions the game's fixed encoding has."""
        ...

    def encode(self, action: Action) -> int:
        """The index of ``action`` in the game's fixed encoding."""
        ...

    def decode(self, index: int) -> Action:
        """The action at ``index`` of the game's fixed encoding."""
        ...

    def format_action(self, action: Action) -> str:
        """The text of ``action`` (``"discard 4p"``)."""
        ...

    def parse_action(self, text: str) -> Action:
        """Read an action from its text; ``NotationError`` if it cannot be read."""
        ...


class SpaceActions:
    """The protocol's action methods of a game whose actions are one fixed
    :class:`~parlour.core.actions.ActionSpace` (``space``): its size, the integer
    encoding, the text form and the mask of a seat's legal actions. A game mixes this
    in and defines ``space`` and ``legal_actions``."""

    space: ActionSpace

    def legal_actions(self, seat: int) -> list[Action]:
        raise NotImplementedError

    @property
    def action_space_size(self) -> int:
        return self.space.size

    def encode(self, action: Action) -> int:
        return self.space.encode(action)

    def decode(self, index: int) -> Action:
        return self.space.decode(index)

    def format_action(self, action: Action) -> str:
        return self.space.format(action)

    def parse_action(self, text: str) -> Action:
        return self.space.parse(text)

    def mask(self, seat: int) -> list[bool]:
        """The legal actions of ``seat`` as flags over the fixed encoding."""
        return self.space.mask(self.legal_actions(seat))


__all__ = ["Action", "Event", "Game", "SpaceActions", "check_seat", "freeze", "thaw"]

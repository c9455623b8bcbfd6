"""The game protocol: what every parlour game offers to bots, records, the CLI and the
server, and nothing about any particular game.

A game is a state machine over numbered seats. At any moment some seats are to act
(``to_act()``); each has its legal actions (``legal_actions(seat)``); ``apply(seat,
action)`` changes the state and returns the events it caused. Events are addressed to
everyone or to one seat; ``observation(seat)`` is what that seat may see. A game is
fully determined by its rules, options, seed and the actions applied, so a record of
those replays it exactly.

>>> a = Action("discard", 12)
>>> str(a), Action.parse("discard 4p") == a
('discard 4p', True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any, NamedTuple, Protocol

from parlour.core.errors import NotationError

# Action kinds whose argument is a tile (written in tile notation), and all kinds.
_TILE_KINDS = frozenset(
    ("discard", "chow", "pung", "kong", "concealed_kong", "added_kong", "win", "rob")
)
_KINDS = _TILE_KINDS | {"pass"}


class Action(NamedTuple):
    """One decision of one seat: ``kind`` and, for most kinds, a tile.

    Mahjong kinds: ``discard T``; on another seat's discard ``chow T`` (T the lowest tile
    of the chow), ``pung T``, ``kong T``, ``win T`` or ``pass``; on one's own turn
    ``concealed_kong T``, ``added_kong T`` or ``win`` (self-drawn); on an added kong
    ``rob T`` or ``pass``.
    """

    kind: str
    tile: int | None = None

    def __str__(self) -> str:
        if self.tile is None:
            return self.kind
        return f"{self.kind} {_tile_names()[self.tile]}"

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read an action written as ``str(action)`` does (``"discard 4p"``, ``"pass"``)."""
        if not isinstance(text, str):
            raise NotationError(f"an action must be text such as 'discard 4p', not {text!r}")
        parts = text.split()
        if not parts:
            raise NotationError("empty action", text)
        kind = parts[0].lower()
        if kind not in _KINDS:
            raise NotationError(
                f"unknown action {parts[0]!r}",
                text,
                0,
                detail=f"actions: {', '.join(sorted(_KINDS))}",
            )
        if len(parts) == 1:
            return cls(kind)
        if len(parts) != 2 or kind not in _TILE_KINDS:
            raise NotationError(
                f"cannot read the action {text!r}", text, detail="write e.g. 'discard 4p' or 'pass'"
            )
        from parlour.mahjong.tiles import parse_tiles

        tiles = parse_tiles(parts[1])
        if len(tiles) != 1:
            raise NotationError("an action names exactly one tile", text, len(parts[0]) + 1)
        return cls(kind, tiles[0])


@cache
def _tile_names() -> tuple[str, ...]:
    from parlour.mahjong.tiles import NUM_TILES, tile_name

    return tuple(tile_name(t) for t in range(NUM_TILES))


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened. ``to`` is None for an event everyone sees, or the one
    seat that sees it (a drawn tile)."""

    kind: str
    seat: int | None = None
    data: Mapping[str, Any] = field(default_factory=dict)
    to: int | None = None

    def visible_to(self, seat: int) -> bool:
        return self.to is None or self.to == seat

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.seat is not None:
            out["seat"] = self.seat
        out.update(self.data)
        if self.to is not None:
            out["to"] = self.to
        return out


class Game(Protocol):
    """What every game implements."""

    num_seats: int

    def to_act(self) -> tuple[int, ...]:
        """The seats that have a decision to make now (several at once for claims)."""
        ...

    def legal_actions(self, seat: int) -> list[Action]:
        """Exactly the actions the rules allow ``seat`` now (empty if it is not to act)."""
        ...

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply one seat's action; raise ``IllegalAction`` (changing nothing) if the rules
        do not allow it."""
        ...

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see: never another seat's concealed tiles or the wall."""
        ...

    def is_over(self) -> bool: ...

    def result(self) -> dict[str, Any] | None:
        """The outcome once over (winner, score, payments per seat), else None."""
        ...

"""Mahjong actions: the kinds every rule system shares, their payloads, text and encoding.

A mahjong action is a :class:`MahjongAction` (a :class:`~parlour.core.actions.Action`
whose ``str`` writes tiles in notation). Its payload is a tile (``discard 4p``), a tile
and a declaration (``discard 3s declare``), a tile and the wild tiles that complete a
meld (``pung C with 2s*``), several tiles (``exchange 2m 7p E``) or nothing (``pass``,
``win`` on one's own draw). :data:`MAHJONG_SPACE` holds the kinds every rule system
shares, in a fixed order; a ruleset that adds kinds appends them
(:meth:`~parlour.core.actions.ActionSpace.extended`), so the index of a shared action is
the same in every rule system.

>>> parse_action("pung C with 2s*")
MahjongAction(kind='pung', payload=(31, (19,)))
>>> str(MahjongAction("discard", (20, "declare"))), str(MahjongAction("exchange", (1, 15, 27)))
('discard 3s declare', 'exchange 2m 7p E')
>>> MAHJONG_SPACE.encode(parse_action("discard 4p")) == MAHJONG_SPACE.encode(("discard", 12))
True
>>> parse_action("discard 4q")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
parlour.core.errors.NotationError: cannot read the action 'discard 4q': unexpected character 'q'...
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from parlour.core.actions import (
    NOTHING,
    Action,
    ActionSpace,
    Domain,
    Items,
    OneOf,
    Parts,
    Repeated,
    Word,
)
from parlour.core.errors import NotationError
from parlour.mahjong.tiles import JOKER, NUM_KINDS, NUM_TILES, Tile, parse_tiles, tile_name

FORFEIT = "forfeit"
"""The kind of the move that ends a hand by a penalty (not in any action space:
:meth:`parlour.mahjong.table.Table.forfeit`); its payload is the payment of each seat."""


class MahjongAction(Action):
    """An action whose tiles print in notation (``discard 4p``; a forfeit prints its
    payments: ``forfeit -30 10 10 10``)."""

    __slots__ = ()

    def __str__(self) -> str:
        payload = self[1]
        if payload is None:
            return self[0]
        if self[0] == FORFEIT and type(payload) is tuple:
            return " ".join((FORFEIT, *map(str, payload)))
        domain = _KIND_DOMAINS.get(self[0])
        if domain is not None:
            try:
                text = domain.format(payload)
            except (ValueError, TypeError, IndexError):
                text = payload_text(payload)  # a malformed payload: shown as it is
            return f"{self[0]} {text}" if text else self[0]
        return f"{self[0]} {payload_text(payload)}"

    @property
    def tile(self) -> Tile | None:
        """The tile the action is about (the tile discarded, claimed, konged or won
        on), or None (``pass``, a self-drawn ``win``, several tiles)."""
        return action_tile(self)

    @property
    def wilds(self) -> tuple[Tile, ...]:
        """The wild tiles a meld claim or kong uses (``pung C with 2s*``)."""
        p = self[1]
        if type(p) is tuple and len(p) == 2 and type(p[1]) is tuple:
            wilds: tuple[Tile, ...] = p[1]
            return wilds
        return ()

    @property
    def declaration(self) -> str | None:
        """The word a discard carries (``discard 3s declare``), or None."""
        p = self[1]
        if type(p) is tuple and len(p) == 2 and type(p[1]) is str:
            word: str = p[1]
            return word
        return None

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The tiles of a several-tile payload (an exchange)."""
        p = self[1]
        if type(p) is tuple and all(type(x) is int for x in p):
            return p
        t = self.tile
        return () if t is None else (t,)

    @classmethod
    def parse(cls, text: str) -> MahjongAction:
        """Read an action of a kind every rule system shares (``"discard 4p"``); a
        ruleset's own kinds are read by its ``action_space``."""
        action = MAHJONG_SPACE.parse(text)
        assert isinstance(action, MahjongAction)
        return action


def action_tile(action: Action) -> Tile | None:
    """The tile a mahjong action is about (see :attr:`MahjongAction.tile`), for any
    action tuple.

    >>> action_tile(Action("pung", (31, (19,)))), action_tile(Action("pass"))
    (31, None)
    """
    p = action[1]
    if type(p) is int:
        return p
    if type(p) is tuple and len(p) == 2 and type(p[0]) is int and type(p[1]) is not int:
        return p[0]
    return None


def payload_text(payload: Any) -> str:
    """The text of a mahjong payload, by its shape (see the module docstring)."""
    if type(payload) is int:
        return tile_name(payload)
    if type(payload) is tuple:
        if len(payload) == 2 and type(payload[1]) is str:
            return f"{payload_text(payload[0])} {payload[1]}"
        if len(payload) == 2 and type(payload[1]) is tuple:
            wilds = " ".join(tile_name(t) + "*" for t in payload[1])
            return f"{payload_text(payload[0])} with {wilds}" if wilds else payload_text(payload[0])
        return " ".join(payload_text(p) for p in payload)
    return str(payload)


def _read_tile(word: str) -> int:
    tiles = parse_tiles(word)
    if len(tiles) != 1:
        raise ValueError(f"{word!r} is not one tile")
    return tiles[0]


TILE = Items([tile_name(t) for t in range(NUM_TILES)], read=_read_tile, what="tile")
"""One tile (0-42: suits, honours, bonus tiles, the joker)."""

KIND = Items([tile_name(t) for t in range(NUM_KINDS)], read=_read_tile, what="playing tile")
"""One playing tile (0-33: the suits and honours, what melds are made of)."""

WILD = Items(
    [tile_name(t) for t in (*range(NUM_KINDS), JOKER)],
    values=(*range(NUM_KINDS), JOKER),
    read=_read_tile,
    what="tile that can be wild",
)
"""A tile that can be wild: a playing tile or the joker."""

WILDS = Repeated(WILD, 1, 2, prefix="with", mark="*")
"""One or two wild tiles of one kind used in a meld (``with 2s*``, ``with J* J*``)."""


def with_wilds(base: Domain) -> Domain:
    """A tile, or a tile and the wild tiles used with it."""
    return OneOf(base, Parts(base, WILDS))


def make(kind: str, payload: Any) -> Action:
    return MahjongAction(kind, payload)


SHARED_KINDS: tuple[tuple[str, Domain], ...] = (
    ("pass", NOTHING),
    ("discard", OneOf(TILE, Parts(TILE, Word("declare")))),
    ("chow", KIND),
    ("pung", with_wilds(KIND)),
    ("kong", with_wilds(KIND)),
    ("concealed_kong", with_wilds(KIND)),
    ("added_kong", with_wilds(KIND)),
    ("win", OneOf(NOTHING, TILE)),
    ("rob", TILE),
)
"""The kinds of every mahjong rule system, in their fixed order: ``pass``; ``discard
T`` (or ``discard T declare``); on a discard ``chow T`` (T the lowest tile of the
chow), ``pung T``, ``kong T`` and ``win T``; on one's own turn ``concealed_kong T``,
``added_kong T`` and ``win``; on an added kong ``rob T``. Meld kinds may name the wild
tiles they use (``pung C with 2s*``)."""

_KIND_DOMAINS: dict[str, Domain] = dict(SHARED_KINDS)
"""The payload domain of every kind a mahjong space has declared (for ``str``)."""


class MahjongSpace(ActionSpace):
    """An action space of mahjong actions; the kinds a ruleset adds with
    :meth:`extended` are remembered, so that ``str(action)`` writes them as their space
    does (the last declaration of a kind name wins)."""

    def extended(self, kinds: Iterable[tuple[str, Domain]]) -> ActionSpace:
        added = list(kinds)
        for kind, domain in added:
            _KIND_DOMAINS[kind] = domain
        return MahjongSpace([*self.kinds.items(), *added], make=self.make)


MAHJONG_SPACE = MahjongSpace(SHARED_KINDS, make=make)
"""The shared kinds as an action space (a ruleset's space extends it)."""


def parse_action(text: str, space: ActionSpace = MAHJONG_SPACE) -> MahjongAction:
    """Read a mahjong action (the shared kinds, or those of ``space``)."""
    try:
        action = space.parse(text)
    except NotationError:
        raise
    assert isinstance(action, MahjongAction)
    return action


PASS = MahjongAction("pass")

__all__ = [
    "FORFEIT",
    "MAHJONG_SPACE",
    "PASS",
    "SHARED_KINDS",
    "TILE",
    "WILDS",
    "MahjongAction",
    "action_tile",
    "parse_action",
    "payload_text",
    "with_wilds",
]

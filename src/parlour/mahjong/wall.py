"""The wall as data: how it is built, broken, dealt from and drawn from.

:class:`WallRules` says what a rulebook's wall is: how many walls of how many stacks, how
many dice throws break it, how many tiles at its end are never drawn, whether a dead
wall is kept apart for replacement tiles (and topped up), which tile of the tail comes
first, and whether bonus tiles dealt are replaced in rounds. :func:`deal` builds,
breaks and deals a wall for any number of seats and any hand size; :class:`Wall` is the
wall during play: the live end (the head) for draws, the tail for replacement tiles.

>>> import random
>>> from parlour.mahjong.tiles import TILES_84, TILES_136
>>> d = deal(random.Random(1), dealer=0, num_seats=3, hand_size=13,
...          tile_set=TILES_84, wall=WallRules(stacks_per_wall=14, break_throws=1))
>>> [len(h) for h in d.hands], sum(len(s) for s in d.wall)
([14, 13, 13], 44)
>>> WallRules(stacks_per_wall=18).check(TILES_136, num_seats=4, hand_size=13)
Traceback (most recent call last):
...
ValueError: the tile set 136 has 136 tiles, but 4 walls of 18 stacks two high hold 144
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass

from parlour.mahjong.tiles import Tile, TileSet

__all__ = ["Deal", "Wall", "WallRules", "deal"]


@dataclass(frozen=True, slots=True)
class WallRules:
    """A rulebook's wall.

    ``num_walls`` walls (None: one per seat) of ``stacks_per_wall`` stacks two high.
    ``break_throws``: 2 = the first throw picks the wall and the sum of both throws
    counts the break (MCR); 1 = one throw does both. ``reserve``: tiles at the end of
    the wall that are never drawn (the hand is drawn when only they are left).
    ``dead_wall``: tiles set apart at the tail for replacements; after a replacement it
    is topped up from the live wall's end while it holds fewer than ``dead_wall_min``.
    ``tail_bottom_first``: a replacement takes the bottom tile of the tail's last stack
    before its top. ``bonus_in_rounds``: bonus tiles dealt are laid out and replaced in
    rounds (each seat in turn lays out all it holds and draws; a replacement that is a
    bonus tile waits for that seat's next round) instead of one seat after another.
    ``longer_walls``: this many walls, the dealer's first, have one stack more (148
    tiles with jokers are 74 stacks: two walls of 19 and two of 18).
    """

    num_walls: int | None = None
    stacks_per_wall: int = 18
    break_throws: int = 2
    reserve: int = 0
    dead_wall: int = 0
    dead_wall_min: int = 0
    tail_bottom_first: bool = False
    bonus_in_rounds: bool = False
    longer_walls: int = 0

    def __post_init__(self) -> None:
        for name in ("stacks_per_wall", "reserve", "dead_wall", "dead_wall_min", "longer_walls"):
            v = getattr(self, name)
            if type(v) is not int or v < 0:
                raise ValueError(f"WallRules.{name} must be a whole number >= 0, not {v!r}")
        if self.num_walls is not None and (type(self.num_walls) is not int or self.num_walls < 1):
            raise ValueError(
                f"WallRules.num_walls must be a positive number, not {self.num_walls!r}"
            )
        if self.break_throws not in (1, 2):
            raise ValueError(f"WallRules.break_throws must be 1 or 2, not {self.break_throws!r}")

    def walls(self, num_seats: int) -> int:
        return num_seats if self.num_walls is None else self.num_walls

    def check(self, tile_set: TileSet, *, num_seats: int, hand_size: int) -> None:
        """Raise ValueError unless ``tile_set`` fills the walls exactly and the deal
        leaves tiles to play with."""
        walls = self.walls(num_seats)
        if self.longer_walls > walls:
            raise ValueError(f"{self.longer_walls} longer walls, but only {walls} walls")
        holds = (walls * self.stacks_per_wall + self.longer_walls) * 2
        if tile_set.size != holds:
            longer = f" ({self.longer_walls} a stack longer)" if self.longer_walls else ""
            raise ValueError(
                f"the tile set {tile_set.name} has {tile_set.size} tiles, but {walls} walls "
                f"of {self.stacks_per_wall} stacks two high{longer} hold {holds}"
            )
        dealt = num_seats * hand_size + 1
        if dealt + self.reserve + self.dead_wall >= holds:
            raise ValueError(
                f"{num_seats} hands of {hand_size} leave no wall to play from "
                f"({holds} tiles, {self.reserve + self.dead_wall} kept back)"
            )


@dataclass(slots=True)
class Deal:
    """The result of dealing: each seat's tiles (the dealer's last one counts as
    drawn), the wall left (stacks, head first; each stack ``[top, bottom]`` or
    ``[one]``) and the dice thrown."""

    hands: list[list[Tile]]
    wall: deque[list[Tile]]
    dice: tuple[int, ...]


def deal(
    rng: random.Random,
    *,
    dealer: int,
    num_seats: int,
    hand_size: int,
    tile_set: TileSet,
    wall: WallRules,
) -> Deal:
    """Shuffle ``tile_set``, build the walls (by seat offset from the dealer, each
    listed from its right-hand end), throw the dice for the break and deal.

    The break: the first throw (two dice) counts the walls from the dealer's, 1 being
    the dealer's, in turn order; with two throws the second throw is added to count
    the stacks from that wall's right-hand end, with one the same throw counts them.
    The live wall runs on from the break; the tail is the other side of it.

    The deal: each seat in turn from the dealer takes two stacks (four tiles) while
    every hand still needs four or more, then each takes one tile, then the dealer
    one more. For four seats and 13 tiles this is the rulebooks' "three rounds of two
    stacks, then the dealer takes the tops of the next first and third stacks and the
    others one tile each": the same tiles in the same order.
    """
    tiles = tile_set.tiles()
    rng.shuffle(tiles)
    n = wall.walls(num_seats)
    walls: list[list[list[Tile]]] = []
    start = 0
    for w in range(n):
        size = 2 * (wall.stacks_per_wall + (w < wall.longer_walls))
        walls.append([tiles[i : i + 2] for i in range(start, start + size, 2)])
        start += size
    d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
    owner = (d1 + d2 - 1) % n  # counted from the dealer as 1, in turn order
    if wall.break_throws == 2:
        d3, d4 = rng.randint(1, 6), rng.randint(1, 6)
        dice: tuple[int, ...] = (d1, d2, d3, d4)
    else:
        dice = (d1, d2)
    cut = sum(dice)
    # going left along the owner's wall leads into the wall of the seat before it
    ring = [s for k in range(n) for s in walls[(owner - k) % n]]
    cut %= len(ring)
    ring = ring[cut:] + ring[:cut]
    stacks = deque(ring)
    hands: list[list[Tile]] = [[] for _ in range(num_seats)]
    order = [(dealer + k) % num_seats for k in range(num_seats)]
    head = [t for stack in ring for t in stack]  # the tiles from the break on
    taken = 0
    while hand_size - len(hands[dealer]) >= 4:
        for s in order:
            hands[s] += head[taken : taken + 4]
            taken += 4
    while len(hands[dealer]) < hand_size:
        for s in order:
            hands[s].append(head[taken])
            taken += 1
    hands[dealer].append(head[taken])
    taken += 1
    # the stacks the deal emptied leave the wall; a stack half taken keeps its bottom
    while taken >= 2 and stacks and len(stacks[0]) == 2:
        stacks.popleft()
        taken -= 2
    if taken:
        stacks[0] = stacks[0][taken:]
    return Deal(hands, stacks, dice)


class Wall:
    """The wall during a hand: ``stacks`` head first (draws), tail last (replacements).

    ``count`` is every tile still in the wall; :meth:`live` those that may still be
    drawn from the head; :meth:`can_replace` whether a replacement tile can be drawn.
    Tiles taken out of play (an indicator removed, tiles never drawn) stay counted in
    ``set_aside`` so that the tiles of a hand can always be accounted for.
    """

    __slots__ = ("_reserve", "count", "dead", "rules", "set_aside", "stacks")

    def __init__(self, stacks: deque[list[Tile]], rules: WallRules) -> None:
        self.stacks = deque(map(list, stacks))
        self.count = sum(map(len, self.stacks))
        self.rules = rules
        self._reserve = rules.reserve
        self.dead = min(rules.dead_wall, self.count)
        self.set_aside: list[Tile] = []

    def live(self) -> int:
        """Tiles that may still be drawn from the head."""
        live = self.count - self._reserve - self.dead
        return live if live > 0 else 0

    def can_replace(self) -> bool:
        """Can a replacement tile be drawn from the tail now?"""
        if self.rules.dead_wall:
            return self.dead > 0 and self.count > self._reserve
        return self.count > self._reserve

    def draw(self) -> Tile | None:
        """The next tile from the head (None when no live tile is left)."""
        if self.count - self._reserve - self.dead <= 0:
            return None
        stack = self.stacks[0]
        tile = stack.pop(0)
        if not stack:
            self.stacks.popleft()
        self.count -= 1
        return tile

    def draw_tail(self) -> Tile | None:
        """The next replacement tile from the tail (None when none can be drawn)."""
        if not self.can_replace():
            return None
        stack = self.stacks[-1]
        tile = stack.pop(-1 if self.rules.tail_bottom_first else 0)
        if not stack:
            self.stacks.pop()
        self.count -= 1
        if self.rules.dead_wall:
            self.dead -= 1
            if self.dead < self.rules.dead_wall_min:
                self.dead += min(2, self.count - self.dead)  # the live wall's last stack
        return tile

    def tail(self) -> Iterator[Tile]:
        """The tiles from the tail end inwards, in the order replacements take them."""
        for stack in reversed(self.stacks):
            yield from (reversed(stack) if self.rules.tail_bottom_first else stack)

    def take_from_tail(self, k: int) -> Tile:
        """Take the ``k``-th tile (0-based) counted from the tail out of play (an
        indicator set aside) and return it."""
        i = k
        for idx in range(len(self.stacks) - 1, -1, -1):
            stack = self.stacks[idx]
            order = list(range(len(stack)))
            if self.rules.tail_bottom_first:
                order.reverse()
            if i < len(stack):
                tile = stack.pop(order[i])
                if not stack:
                    del self.stacks[idx]
                self.count -= 1
                if self.rules.dead_wall and len(self.stacks) - idx <= self.dead:
                    self.dead = max(0, self.dead - 1)
                self.set_aside.append(tile)
                return tile
            i -= len(stack)
        raise ValueError(f"the wall has no tile {k} from the tail")

    def tiles(self) -> list[Tile]:
        """Every tile still in the wall, head first."""
        return [t for s in self.stacks for t in s]

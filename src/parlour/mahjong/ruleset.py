"""The rules a table asks about: one class per rule system, overriding a few hooks.

:class:`Ruleset` holds what most rulebooks share (four seats, 13-tile hands, a wall of
stacks broken by dice, chows only from the left, win over pung and kong over chow); a
rule system subclasses it and overrides what its rulebook changes. The table
(:mod:`parlour.mahjong.table`) never tests a rule system's name.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from parlour.mahjong.melds import Meld
from parlour.mahjong.scoring import Score
from parlour.mahjong.tiles import BONUS_TILES, TILES_144, Tile, TileSet

WIND_LETTERS = "ESWN"


@dataclass(frozen=True, slots=True)
class WinContext:
    """How a hand was won, as the table saw it (the scorer's flags)."""

    self_drawn: bool
    discarder: int | None = None
    last_wall_tile: bool = False
    kong_replacement: bool = False
    robbing_kong: bool = False
    last_of_kind: bool = False


@dataclass(slots=True)
class Deal:
    """The result of dealing: each seat's tiles, the wall left, and the dice thrown."""

    hands: list[list[Tile]]
    wall: deque[list[Tile]]  # stacks, live end first; each stack [top, bottom] or [one]
    dice: tuple[int, ...]


class Ruleset:
    """Defaults shared by most rulebooks; a rule system overrides what differs."""

    name = "base"
    num_seats = 4
    hand_size = 13
    tile_set: TileSet = TILES_144
    stacks_per_wall = 18

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options: dict[str, Any] = dict(options or {})

    # -- the wall and the deal ---------------------------------------------------------

    def build_wall(self, rng: random.Random, dealer: int) -> Deal:
        """Shuffle, build four walls of stacks two high, throw two dice twice for the
        break, and deal: three rounds of four tiles (two stacks) from the dealer on,
        then the dealer takes the top tiles of the next first and third stacks and the
        others one tile each (bottom of the first, top and bottom of the second).

        The live wall runs on from the break; replacement tiles come from the other
        side of the break, the top of the last stack first.
        """
        tiles = self.tile_set.tiles()
        rng.shuffle(tiles)
        n = self.num_seats
        per_wall = 2 * self.stacks_per_wall
        # walls by seat offset from the dealer; each listed from its right-hand end
        walls = [
            [tiles[i : i + 2] for i in range(w * per_wall, (w + 1) * per_wall, 2)] for w in range(n)
        ]
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        owner = (d1 + d2 - 1) % n  # counted from the dealer as 1, in turn order
        d3, d4 = rng.randint(1, 6), rng.randint(1, 6)
        cut = d1 + d2 + d3 + d4
        # going left along the owner's wall leads into the wall of the seat before it
        ring = [s for k in range(n) for s in walls[(owner - k) % n]]
        stacks = deque(ring[cut:] + ring[:cut])
        hands: list[list[Tile]] = [[] for _ in range(n)]
        for _ in range(3):
            for k in range(n):
                for _ in range(2):
                    hands[(dealer + k) % n] += stacks.popleft()
        a, b, c = stacks[0], stacks[1], stacks[2]
        hands[dealer].append(a.pop(0))
        hands[dealer].append(c.pop(0))
        hands[(dealer + 1) % n].append(a.pop(0))
        hands[(dealer + 2) % n].append(b.pop(0))
        hands[(dealer + 3) % n].append(b.pop(0))
        stacks.popleft()
        stacks.popleft()
        return Deal(hands, stacks, (d1, d2, d3, d4))

    def is_bonus(self, tile: Tile) -> bool:
        """Tiles laid aside at once and replaced (flowers and seasons)."""
        return tile in BONUS_TILES

    # -- claims ------------------------------------------------------------------------

    def may_chow(self, claimer: int, discarder: int) -> bool:
        """Chows are claimed only from the left-hand neighbour (the previous seat)."""
        return claimer == (discarder + 1) % self.num_seats

    def claim_rank(self, kind: str) -> int:
        """Priority of a claim: higher wins (win 3, kong and pung 2, chow 1)."""
        return {"win": 3, "rob": 3, "kong": 2, "pung": 2, "chow": 1}.get(kind, 0)

    def allows(self, table: Any, seat: int, action: Any) -> bool:
        """May ``seat`` take ``action``, which the shared procedure would offer it now?
        One filter for every restriction a rulebook adds (no chows, forced discards,
        float rounds, wins on discards only between certain seats...). The default
        allows everything; ``pass`` is always allowed."""
        return True

    def win_order(self, discarder: int, claimers: Sequence[int]) -> list[int]:
        """Among several winning claims, the one nearest the discarder in turn order."""
        n = self.num_seats
        return sorted(claimers, key=lambda s: (s - discarder) % n)

    # -- winning and settling ----------------------------------------------------------

    def score(
        self,
        concealed: Sequence[Tile],
        melds: Sequence[Meld],
        win_tile: Tile,
        seat_wind: str,
        round_wind: str,
        bonus: Sequence[Tile],
        how: WinContext,
        discarder_wind: str | None,
    ) -> Score:
        """Score a declared win (valid False if the rules refuse it)."""
        raise NotImplementedError

    def settle(self, table: Any, seat: int, score: Score, how: WinContext) -> list[int]:
        """Each seat's payment for a win by ``seat``, won as ``how`` says (summing to
        zero). The default reads
        the scorer's payments by seat wind; a rulebook whose payments depend on the
        other seats (their hands, the banker, liability) overrides this."""
        return [score.payments.get(table.seat_wind(s), 0) for s in range(self.num_seats)]

    def draw_payments(self) -> list[int]:
        """Payments of an exhaustive draw (none by default)."""
        return [0] * self.num_seats

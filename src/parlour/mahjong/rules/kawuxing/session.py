"""The Kawuxing match (§1-§2): three seats by lot, the first banker by one roll, the
winner banker next (after a double win the loser, the banker staying on a draw), and
with four people the resting player taking the last winner's seat.

A match stops by agreement (a number of hands or a time, §1): here after ``max_hands``
hands (12 unless ``--hands`` says otherwise).

>>> rules = KawuxingSession(four=True)
>>> rules.num_players(3), rules.winner_deals, rules.dealer_stays_on_draw, rules.max_hands
(4, True, True, 12)
>>> first_banker(7)
(1, [3, 5])
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from parlour.core.match import Setup, hand_seed
from parlour.mahjong.session import SessionRules


def first_banker(seed: int) -> tuple[int, list[int]]:
    """The first banker's seat and the dice (§2): the player ranked first by the seat
    lot (seat 0) rolls two dice and counts himself as 1, then to his right; the seat
    at the sum is (sum - 1) mod 3 steps to the right."""
    rng = random.Random(f"kawuxing first banker {seed}")
    dice = [rng.randint(1, 6), rng.randint(1, 6)]
    return (sum(dice) - 1) % 3, dice


def seat_lot(seed: int, players: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The players at the three seats (seat 0 first) and, with four people, the one who
    rests first: a lot drawn from the match's seed (§2: seats by any fair means).

    >>> seat_lot(1, 3)[1], len(seat_lot(1, 4)[1])
    ((), 1)
    """
    lot = list(range(players))
    random.Random(f"kawuxing seats {seed}").shuffle(lot)
    return tuple(lot[:3]), tuple(lot[3:])


@dataclass(frozen=True, slots=True)
class KawuxingSession(SessionRules):
    """The Kawuxing match: ``four`` people at three seats; with ``rotation`` (option
    ``four_player_rotation``) the resting player takes the seat and role of the last
    hand's winner (after a double win, of the winner nearer in turn to the discarder;
    after a draw nobody changes, §1 KW-A7). Without it the same player rests all match."""

    rounds: str = "E"
    winner_deals: bool = True
    dealer_stays_on_draw: bool = True
    max_hands: int | None = 12
    four: bool = False
    rotation: bool = True

    def num_players(self, num_seats: int) -> int:
        return num_seats + 1 if self.four else num_seats

    def first_setup(self, session: Any) -> Setup:
        """Seats by lot, then the first banker by the roll (the dice in the flags)."""
        seating, resting = seat_lot(session.seed, session.num_players)
        dealer, dice = first_banker(session.seed)
        return Setup(
            1,
            hand_seed(session.seed, 0),
            seating,
            dealer=dealer,
            round=0,
            prevailing="E",
            flags={"first_banker_dice": dice},
            resting=resting,
        )

    def next_setup(self, session: Any, last: Setup, result: Mapping[str, Any]) -> Setup | None:
        """The winner banker next (after a double win the discarder, who paid both),
        the banker staying on a draw; then, with four people, the resting player in the
        first winner's seat and role."""
        setup = SessionRules.next_setup(self, session, last, result)
        wins = result.get("wins", ())
        if setup is None or not (self.four and self.rotation and wins and last.resting):
            return setup
        seat = wins[0]["seat"]  # the winner nearest the discarder (or the only one)
        seating = list(setup.seating)
        out = seating[seat]
        seating[seat] = last.resting[0]
        return dataclasses.replace(setup, seating=tuple(seating), resting=(out,))


__all__ = ["KawuxingSession", "first_banker", "seat_lot"]

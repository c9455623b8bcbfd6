"""The Hangzhou match (§1-§3): seats drawn by lot, the first banker by the dice, the
winner dealing next (the banker stays on a draw), and the chip limit ``max_loss``.

The banker role does not rotate, so a match stops by agreement (by time at a real
table): here after ``max_hands`` hands (16 unless ``--hands`` says otherwise).

>>> rules = HangzhouSession(max_loss=50)
>>> rules.starting_score, rules.winner_deals, rules.dealer_stays_on_draw, rules.max_hands
(50, True, True, 16)
>>> first_banker(7, "dice"), first_banker(7, "highest_roll")
((0, [3, 6]), (1, [3, 6, 6, 5, 1, 5, 1, 6]))
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from parlour.core.match import Setup, hand_seed
from parlour.mahjong.rules.hangzhou.scoring import SEATS, pay_within_chips
from parlour.mahjong.session import SessionRules


def first_banker(seed: int, method: str) -> tuple[int, list[int]]:
    """The first banker's seat and the dice thrown (§3.1), from the match's seed:
    ``dice``: East throws two dice and counts the seats from himself as 1, in turn
    order; ``highest_roll``: everyone throws two dice (East first) and the highest sum
    deals, the tied throwing again."""
    rng = random.Random(f"hangzhou first banker {seed}")
    if method == "dice":
        d = [rng.randint(1, 6), rng.randint(1, 6)]
        return (sum(d) - 1) % 4, d
    thrown: list[int] = []
    seats = [0, 1, 2, 3]
    while True:
        sums = {}
        for s in seats:
            d = [rng.randint(1, 6), rng.randint(1, 6)]
            thrown += d
            sums[s] = sum(d)
        best = max(sums.values())
        seats = [s for s in seats if sums[s] == best]
        if len(seats) == 1:
            return seats[0], thrown


def seating_of(seed: int, method: str) -> tuple[int, ...]:
    """The player at each seat, E first (§2): drawn by lot from the four winds (``dice``
    or ``row``: the order the tiles are picked in changes nothing on a shuffled lot),
    or ``free``: the players sit in the order given."""
    seats = [0, 1, 2, 3]
    if method != "free":
        random.Random(f"hangzhou seats {seed}").shuffle(seats)
    return tuple(seats)


@dataclass(frozen=True, slots=True)
class HangzhouSession(SessionRules):
    """The Hangzhou match: ``max_loss`` chips each (the starting score), the first
    banker by ``first_banker`` (an option's value), seats by ``seating_method``."""

    rounds: str = "E"
    winner_deals: bool = True
    dealer_stays_on_draw: bool = True
    max_hands: int | None = 16
    max_loss: int = 100
    first_banker: str = "dice"
    seating_method: str = "dice"

    def __post_init__(self) -> None:
        object.__setattr__(self, "starting_score", self.max_loss)

    def first_setup(self, session: Any) -> Setup:
        """Seats by lot, then the first banker (his lao 1); the dice are in the flags."""
        seating = seating_of(session.seed, self.seating_method)
        dealer, dice = first_banker(session.seed, self.first_banker)
        return Setup(
            1,
            hand_seed(session.seed, 0),
            seating,
            dealer=dealer,
            round=0,
            prevailing="E",
            flags={"first_banker_dice": dice},
        )

    def adjust_payments(
        self, session: Any, setup: Setup, result: Mapping[str, Any], payments: list[int]
    ) -> list[int]:
        """The chip limit (§1, C10): a loser pays at most the chips he holds; the winner
        collects what is paid. Scores are chips."""
        wind_of = {p: SEATS[(s - setup.dealer) % 4] for s, p in enumerate(setup.seating)}
        by_wind = {wind_of[p]: v for p, v in enumerate(payments) if p in wind_of}
        balances = {wind_of[p]: session.scores[p] for p in wind_of}
        paid = pay_within_chips(by_wind, balances)
        return [paid[wind_of[p]] if p in wind_of else 0 for p in range(len(payments))]


__all__ = ["HangzhouSession", "first_banker", "seating_of"]

"""The classical match: East keeps the deal on a win or a washout, a goulash hand after a
washout (British variations G1), and the five-player game with the dreamer sitting out.

>>> ClassicalSession(goulash=True).next_flags(Setup(1, 0, (0, 1, 2, 3)), {"wins": []})
{'goulash': True}
>>> lot_setup(1, "E").seating, lot_setup(1, "E").resting
((0, 4, 2, 1), (3,))
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from parlour.core.match import Setup, hand_seed
from parlour.mahjong.session import SessionRules, winners


@dataclass(frozen=True, slots=True)
class ClassicalSession(SessionRules):
    """The classical match: a goulash hand after a washout (G1), and after a goulash
    that is a washout too when ``goulash_repeat`` (BA2)."""

    goulash: bool = False
    goulash_repeat: bool = True

    def next_flags(self, last: Any, result: Mapping[str, Any]) -> dict[str, Any]:
        if not self.goulash or winners(result):
            return {}
        if last.flags.get("goulash") and not self.goulash_repeat:
            return {}
        return {"goulash": True}


@dataclass(frozen=True, slots=True)
class DreamerSession(ClassicalSession):
    """Five players at four seats (five-players.md): the fifth, the dreamer, sits out.

    The first dreamer is the fifth player (the seat lot is the order of the players).
    When East loses the deal (another seat wins, or a washout with
    ``east_retires_on_washout``) he becomes the dreamer, South becomes East, and the
    dreamer comes in as North in the chair East left (rule 125). A round ends when the
    player who began it as the dreamer loses the deal as East (rule 126). The dreamer
    takes no part in a hand; with ``dreamer_payment`` the losers pay him 2 x 2^d (or
    2 x d) for the winner's d doubles, six at most or for a limit hand, East twice
    (§7).
    """

    east_retires_on_washout: bool = False
    dreamer_payment: bool = False
    dreamer_payment_east_double: bool = True
    dreamer_payment_linear: bool = False
    east_pays_double: bool = False

    def num_players(self, num_seats: int) -> int:
        return num_seats + 1

    def first_setup(self, session: Any) -> Setup:
        """The seat lot (§3.1): the four winds and the dragon, drawn face down with the
        match's seeded generator; whoever draws the dragon is the first dreamer."""
        return lot_setup(session.seed, self.rounds[0])

    def next_setup(self, session: Any, last: Setup, result: Mapping[str, Any]) -> Setup | None:
        if self.max_hands is not None and last.number >= self.max_hands:
            return None
        number, seed = last.number + 1, hand_seed(session.seed, last.number)
        won = winners(result)
        dealer = last.dealer
        east = last.seating[dealer]
        round_dreamer = last.flags.get("round_dreamer", last.resting[0])
        flags = {**self.next_flags(last, result), "round_dreamer": round_dreamer}
        loses = (bool(won) and won[0] != dealer) or (not won and self.east_retires_on_washout)
        if not loses:
            return Setup(
                number,
                seed,
                last.seating,
                dealer=dealer,
                round=last.round,
                prevailing=last.prevailing,
                streak=last.streak + 1,
                flags=flags,
                resting=last.resting,
            )
        seating = list(last.seating)
        seating[dealer] = last.resting[0]  # the dreamer comes in as North
        round_index = last.round
        if east == round_dreamer:  # the round's first dreamer has lost the deal as East
            round_index += 1
            if round_index >= len(self.rounds):
                return None
        return Setup(
            number,
            seed,
            tuple(seating),
            dealer=(dealer + 1) % len(seating),
            round=round_index,
            prevailing=self.rounds[round_index],
            flags=flags,
            resting=(east,),
        )

    def adjust_payments(
        self, session: Any, setup: Setup, result: Mapping[str, Any], payments: list[int]
    ) -> list[int]:
        """The dreamer's payment (§7), after the hand is settled."""
        won = winners(result)
        scores = result.get("scores")
        if not (self.dreamer_payment and won and scores):
            return payments
        tally = scores[won[0]]
        d = 6 if tally.get("limit") else min(int(tally.get("doubles", 0)), 6)
        amount = 2 * d if self.dreamer_payment_linear else 2 << d
        out = list(payments)
        dreamer = setup.resting[0]
        for seat, player in enumerate(setup.seating):
            if seat == won[0]:
                continue
            pay = amount * (2 if seat == setup.dealer and self.dreamer_payment_east_double else 1)
            out[player] -= pay
            out[dreamer] += pay
        return out


def lot_setup(seed: int, prevailing: str) -> Setup:
    """The first hand of a five-player match: each player draws one of E, S, W, N and
    the dragon from the seeded lot (the same seed, the same seats).

    >>> lot_setup(1, "E").seating, lot_setup(1, "E").resting
    ((0, 4, 2, 1), (3,))
    """
    lot = list(range(5))
    random.Random(f"classical seat lot {seed}").shuffle(lot)
    seating, dreamer = tuple(lot[:4]), lot[4]
    return Setup(
        1,
        hand_seed(seed, 0),
        seating,
        dealer=0,
        round=0,
        prevailing=prevailing,
        flags={"round_dreamer": dreamer},
        resting=(dreamer,),
    )


__all__ = ["ClassicalSession", "DreamerSession", "lot_setup"]

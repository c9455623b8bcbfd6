"""Scoring Ninety-Nine: one deal's scores (:func:`score_deal`, §8, giving a
:class:`DealScore`) and the game length and winners over a session of deals
(:class:`Standings`, §9).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from parlour.cards.ninety_nine.options import _check_ninety_nine_options
from parlour.cards.ninety_nine.rules import (
    FIRST_TRUMPS,
    NUM_SEATS,
    PLAYERS,
    PREMIUMS,
    SUCCESS_BONUS,
    TRICKS,
    Premium,
    trumps_after,
)
from parlour.core.errors import IllegalAction, InvalidHand


@dataclass(frozen=True, slots=True)
class DealScore:
    """The scoring of one deal (§8), by seat: ``bids``, ``tricks`` won, who
    ``succeeded`` (won exactly his bid), ``successes`` (n), the ``premium`` (holder and
    kind, or None), the three parts of each score and the ``next_trumps``."""

    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    succeeded: tuple[bool, ...]
    successes: int
    premium: tuple[int, Premium] | None
    trick_points: tuple[int, ...]
    bonus_points: tuple[int, ...]
    premium_points: tuple[int, ...]
    scores: tuple[int, ...]
    next_trumps: str

    def to_json(self, names: str = PLAYERS) -> dict[str, Any]:
        premium = None
        if self.premium is not None:
            holder, kind = self.premium
            premium = {
                "holder": names[holder],
                "kind": kind,
                "value": PREMIUMS[kind],
                "succeeded": self.succeeded[holder],
            }
        return {
            "bids": dict(zip(names, self.bids, strict=True)),
            "tricks": dict(zip(names, self.tricks, strict=True)),
            "succeeded": [names[s] for s in range(NUM_SEATS) if self.succeeded[s]],
            "successes": self.successes,
            "premium": premium,
            "breakdown": {
                names[s]: {
                    "tricks": self.trick_points[s],
                    "bonus": self.bonus_points[s],
                    "premium": self.premium_points[s],
                }
                for s in range(NUM_SEATS)
            },
            "scores": dict(zip(names, self.scores, strict=True)),
            "next_trumps": self.next_trumps,
        }


def score_deal(
    bids: Sequence[int], tricks: Sequence[int], premium: tuple[int, Premium] | None = None
) -> DealScore:
    """Score one deal (§8): 1 a trick; 10/20/30 to each successful player when three,
    two or one succeeded; the premium (30 declare, 60 reveal) to its holder if he
    succeeded, else to each of the other two.

    >>> d = score_deal(bids=(5, 4, 2), tricks=(4, 4, 1), premium=(0, "reveal"))  # D3
    >>> d.scores, d.successes, d.next_trumps
    ((4, 94, 61), 1, 'S')
    """
    if len(bids) != NUM_SEATS or len(tricks) != NUM_SEATS:
        raise InvalidHand("three bids and three trick counts are needed")
    for what, values in (("bid", bids), ("trick count", tricks)):
        for value in values:
            if type(value) is not int or not 0 <= value <= TRICKS:
                raise InvalidHand(f"a {what} is a whole number 0-9, not {value!r}")
    if sum(tricks) != TRICKS:
        raise InvalidHand(f"the tricks won add up to {sum(tricks)}, not 9")
    succeeded = tuple(b == t for b, t in zip(bids, tricks, strict=True))
    n = sum(succeeded)
    bonus = tuple(SUCCESS_BONUS[n] if ok else 0 for ok in succeeded)
    premium_points = [0, 0, 0]
    if premium is not None:
        holder, kind = premium
        if kind not in PREMIUMS:
            raise InvalidHand(f"a premium is declare or reveal, not {kind!r}")
        if succeeded[holder]:
            premium_points[holder] = PREMIUMS[kind]
        else:
            for seat in range(NUM_SEATS):
                if seat != holder:
                    premium_points[seat] = PREMIUMS[kind]
    scores = tuple(t + b + p for t, b, p in zip(tricks, bonus, premium_points, strict=True))
    return DealScore(
        bids=tuple(bids),
        tricks=tuple(tricks),
        succeeded=succeeded,
        successes=n,
        premium=premium,
        trick_points=tuple(tricks),
        bonus_points=bonus,
        premium_points=tuple(premium_points),
        scores=scores,
        next_trumps=trumps_after(n),
    )


@dataclass
class Standings:
    """Game length and winners (§9) over a session of deals: add each deal's scores with
    :meth:`add`; it says when a game or the whole match is won.

    ``totals`` are the current game's totals (they go back to 0 after a game of
    ``three_game_wins``), ``points`` the whole session's, ``game_wins`` the games each
    seat has won. ``over`` and ``winners`` (seats) once the session has ended.

    >>> st = Standings({"game_format": "three_game_wins"})
    >>> for scores in [(12, 14, 13), (1, 54, 24), (4, 94, 61)]:
    ...     _ = st.add(scores)
    >>> st.games, st.totals, st.game_wins
    ([(1,)], [0, 0, 0], [0, 1, 0])
    """

    options: Mapping[str, Any]
    totals: list[int] = field(default_factory=lambda: [0] * NUM_SEATS)
    points: list[int] = field(default_factory=lambda: [0] * NUM_SEATS)
    game_wins: list[int] = field(default_factory=lambda: [0] * NUM_SEATS)
    deals: int = 0
    games: list[tuple[int, ...]] = field(default_factory=list)
    over: bool = False
    winners: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        self.options = _check_ninety_nine_options(self.options)

    @property
    def game_number(self) -> int:
        """The game being played (1, 2, ...), or the last one once over."""
        return len(self.games) + (0 if self.over else 1)

    def add(self, scores: Sequence[int]) -> tuple[int, ...] | None:
        """Add one deal's scores. Returns the winners of the game this deal ended (seats;
        several only with ``tie_resolution="shared"``), or None if no game ended."""
        if self.over:
            raise IllegalAction("the session is over")
        self.deals += 1
        for seat, score in enumerate(scores):
            self.totals[seat] += score
            self.points[seat] += score
        opts = self.options
        top = max(self.totals)
        leaders = tuple(s for s in range(NUM_SEATS) if self.totals[s] == top)
        decided = len(leaders) == 1 or opts["tie_resolution"] == "shared"
        if opts["game_format"] == "fixed_deals":
            if self.deals < opts["deal_count"] or not decided:
                return None
            self.games.append(leaders)
            self.over, self.winners = True, leaders
            return leaders
        if top < opts["game_target"] or not decided:
            return None
        self.games.append(leaders)
        for seat in leaders:
            self.game_wins[seat] += 1
        self.totals = [0] * NUM_SEATS
        champions = tuple(s for s in range(NUM_SEATS) if self.game_wins[s] >= 3)
        if champions:
            self.over, self.winners = True, champions
        return leaders

    def next_trumps(self, deal: DealScore, game_ended: bool) -> str:
        """The trumps of the next deal: set by this deal's successes, or diamonds when a
        new game starts under ``trump_reset_each_game`` (three_game_wins only)."""
        return self.trumps_after(deal.successes, game_ended)

    def trumps_after(self, successes: int, game_ended: bool) -> str:
        """The trumps after a deal with ``successes`` successful players (see
        :meth:`next_trumps`).

        >>> st = Standings({"game_format": "three_game_wins", "trump_reset_each_game": True})
        >>> st.trumps_after(2, game_ended=False), st.trumps_after(2, game_ended=True)
        ('H', 'D')
        """
        if (
            game_ended
            and self.options["trump_reset_each_game"]
            and self.options["game_format"] == "three_game_wins"
        ):
            return FIRST_TRUMPS
        return trumps_after(successes)

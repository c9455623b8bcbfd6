"""Ninety-Nine's sensible bot, :class:`NinetyNineBot` (``heuristic``): it sees only its
observation and legal actions, like every bot (:mod:`parlour.bots`). It lays aside the
three cards whose bid best matches an honest estimate of the tricks its other nine cards
will take, declares only when that match is close, and in the play tries to win tricks
while it still needs some and to lose them once its bid is made.

>>> from parlour.cards.ninety_nine import NinetyNine
>>> game = NinetyNine(seed=4)
>>> bots = [NinetyNineBot(seed=s) for s in range(3)]
>>> while not game.is_over() and game.deal_number == 1:
...     for seat in game.to_act():
...         _ = game.apply(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat)))
>>> sum(game.deal_scores[0].tricks)
9
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from parlour.cards.cards import NINETY_NINE_PACK, Card, parse_card
from parlour.cards.ninety_nine import TRICKS, bid_value, trick_winner
from parlour.core.actions import Action
from parlour.core.rng import check_seed

__all__ = ["NinetyNineBot", "estimate_tricks"]


def estimate_tricks(cards: Iterable[Card], trumps: str) -> float:
    """A rough count of the tricks ``cards`` (the nine kept) should take with ``trumps``:
    high cards count by how likely they are to stand up (guarded kings and queens count
    more than bare ones, long side suits get ruffed), trumps also by their length.

    >>> from parlour.cards.cards import parse_cards
    >>> round(estimate_tricks(parse_cards("AD KD QD JD AS AC 7H 8H 9H"), "D"), 2)
    5.8
    >>> round(estimate_tricks(parse_cards("6D 7D AS KS 9S AH 7H 6C 7C"), "D"), 2)
    2.7
    >>> estimate_tricks(parse_cards("6D 7D 6S 7S 8S 6H 7H 6C 7C"), "C")
    0.0
    """
    by_suit: dict[str, list[int]] = {}
    for card in cards:
        by_suit.setdefault(card.suit, []).append(card.rank)
    total = 0.0
    low_trumps = 0  # trumps too low to win by rank, that may still ruff a short suit
    for suit, ranks in by_suit.items():
        ranks.sort(reverse=True)
        length = len(ranks)
        if suit == trumps:
            for position, rank in enumerate(ranks):
                # the n-th highest trump stands up if it is high enough for its guards
                strength = (rank - 9) / 5 + 0.2 * position
                total += max(0.0, min(1.0, strength))
                low_trumps += strength < 0.5
            total += 0.6 * max(0, length - 4)  # long trumps win late tricks
            continue
        ruff_risk = 0.15 * max(0, length - 3)
        for position, rank in enumerate(ranks):
            missing_above = 14 - rank - position  # higher cards of the suit held elsewhere
            if missing_above <= 0:
                total += max(0.0, 0.9 - ruff_risk)
            elif missing_above == 1 and length >= 2:
                total += max(0.0, 0.5 - ruff_risk)
            elif missing_above == 2 and length >= 3:
                total += max(0.0, 0.25 - ruff_risk)
    side_suits_short = sum(1 for s in "CDHS" if s != trumps and len(by_suit.get(s, ())) <= 1)
    total += 0.3 * min(side_suits_short, low_trumps)
    return total


def _card(index: int) -> Card:
    return NINETY_NINE_PACK[index]


class NinetyNineBot:
    """A sensible Ninety-Nine player (see the module docstring). ``declare_margin``: the
    largest gap between its estimate and its bid at which it declares."""

    name = "heuristic"

    def __init__(self, seed: int = 0, declare_margin: float = 0.2) -> None:
        self.rng = random.Random(check_seed(seed))
        self.declare_margin = declare_margin

    def act(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        kinds = {action.kind for action in legal}
        if "bid" in kinds:
            return self._bid(observation, legal)
        if "declare" in kinds:
            return self._offer(observation, legal)
        if "play" in kinds:
            return self._play(observation, legal)
        return self.rng.choice(list(legal))

    # -- bidding ------------------------------------------------------------------------

    def _bid(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        trumps = observation["trumps"]
        hand = [parse_card(text) for text in observation["hand"]]
        best: tuple[float, float, Action] | None = None
        for action in legal:
            if action.kind != "bid":
                continue
            laid = {_card(i) for i in action.payload}
            kept = [card for card in hand if card not in laid]
            gap = abs(estimate_tricks(kept, trumps) - bid_value(laid))
            key = (gap, self.rng.random(), action)
            if best is None or key[:2] < best[:2]:
                best = key
        assert best is not None
        return best[2]

    def _offer(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        trumps = observation["trumps"]
        kept = [parse_card(text) for text in observation["hand"]]
        bid = observation["bid"]
        close = abs(estimate_tricks(kept, trumps) - bid) <= self.declare_margin
        want = Action("declare") if close else Action("pass")
        return want if want in legal else Action("pass") if Action("pass") in legal else legal[0]

    # -- play ---------------------------------------------------------------------------

    def _play(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        trumps: str = observation["trumps"]
        seat: int = observation["seat"]
        need = observation["bid"] - observation["tricks_won"][seat]
        done = len(observation["tricks"])
        want_win = need > 0
        if need >= TRICKS - done:
            want_win = True
        options = sorted(
            ((_card(a.payload), a) for a in legal if a.kind == "play"),
            key=lambda pair: (pair[0].suit == trumps, pair[0].rank),
        )
        trick = [parse_card(p["card"]) for p in observation["trick"]]
        last = len(trick) == 2
        if not trick:
            return self._lead(observation, options, want_win)
        winners = [a for c, a in options if trick_winner([*trick, c], trumps) == len(trick)]
        losers = [a for c, a in options if a not in winners]
        if want_win:
            if winners:
                return winners[0] if last else winners[-1]
            return options[0][1]  # cannot win: throw the cheapest card
        if losers:
            return losers[-1]  # shed the highest card that still loses
        return winners[-1] if last else winners[0]

    def _lead(
        self,
        observation: dict[str, Any],
        options: list[tuple[Card, Action]],
        want_win: bool,
    ) -> Action:
        trumps: str = observation["trumps"]
        unseen = self._unseen(observation)
        masters = [
            (card, action)
            for card, action in options
            if not any(o.suit == card.suit and o.rank > card.rank for o in unseen)
        ]
        if want_win:
            side = [pair for pair in masters if pair[0].suit != trumps]
            if side:
                return side[-1][1]
            if masters:
                return masters[-1][1]
            return options[-1][1]
        # to lose: the lowest side-suit card, where others hold higher cards of its suit
        safe = [
            (card, action)
            for card, action in options
            if any(o.suit == card.suit and o.rank > card.rank for o in unseen)
        ]
        return (safe or options)[0][1]

    @staticmethod
    def _unseen(observation: dict[str, Any]) -> set[Card]:
        """The cards this seat cannot account for (held or laid aside by the others)."""
        known: set[str] = set(observation["hand"]) | set(observation["bid_cards"] or ())
        for trick in observation["tricks"]:
            known.update(trick["cards"])
        for play in observation["trick"]:
            known.add(play["card"])
        for shown in observation["shown_bid_cards"]:
            known.update(shown or ())
        for shown in observation["shown_hands"]:
            known.update(shown or ())
        return {card for card in NINETY_NINE_PACK if str(card) not in known}

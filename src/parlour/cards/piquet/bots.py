"""Bots for Piquet: they see only their observation and their legal actions, like the
mahjong bots (:mod:`parlour.bots`): ``act(observation, legal) -> Action``.

* :class:`RandomPiquetBot` picks uniformly among the legal actions, except that it
  never takes back a marked discard (``keep``), so an exchange always moves on;
* :class:`HeuristicPiquetBot` claims carte blanche, keeps the cards that make points,
  sequences, sets and tricks and exchanges the rest (elder takes all he may), declares
  and compares its strongest combinations honestly, and plays tricks plainly: aces
  first, the lowest card that wins, the cheapest discard.

>>> from parlour.cards.piquet import Piquet
>>> game, bots = Piquet(seed=4, partie="single_game"), [HeuristicPiquetBot(), HeuristicPiquetBot()]
>>> while not game.is_over():
...     seat = game.to_act()[0]
...     _ = game.apply(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat)))
>>> game.result()["winner"] in (0, 1)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from parlour.cards.cards import NINETY_NINE_PACK, Card, parse_cards
from parlour.cards.piquet import (
    SET_RANKS,
    Combination,
    card_action,
    combination_action,
    combinations,
)
from parlour.core.actions import Action
from parlour.core.rng import check_seed


class RandomPiquetBot:
    """Uniform among the legal actions (never ``keep``, so exchanges end)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(check_seed(seed))

    def act(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        choices = [a for a in legal if a.kind != "keep"] or list(legal)
        return self.rng.choice(choices)


_RANK_WORTH = {14: 12, 13: 9, 12: 7, 11: 6, 10: 5, 9: 2, 8: 1, 7: 0, 6: 0}


def keep_value(card: Card, hand: Sequence[Card]) -> int:
    """How much ``card`` is worth keeping in ``hand``: its trick-taking rank, plus its
    part in a long suit (the point), a run (a sequence, or one card from one) and a
    set of its rank.

    >>> hand = parse_cards("AS KS QS 7S 7H 8D 10C 10D 10H")
    >>> queen, seven = parse_cards("QS 7H")
    >>> keep_value(queen, hand) > keep_value(seven, hand)
    True
    """
    suit = [c for c in hand if c.suit == card.suit]
    value = _RANK_WORTH[card.rank]
    if len(suit) >= 4:
        value += len(suit)
    ranks = {c.rank for c in suit}
    neighbours = (card.rank - 1 in ranks) + (card.rank + 1 in ranks)
    value += 3 * neighbours
    if card.rank in SET_RANKS:
        same = sum(1 for c in hand if c.rank == card.rank)
        value += {2: 2, 3: 6, 4: 12}.get(same, 0)
    return value


def _strongest(options: list[Combination], point_rule: str) -> Combination | None:
    best = None
    for c in options:
        if best is None or c.strength(point_rule) > best.strength(point_rule):
            best = c
    return best


class HeuristicPiquetBot:
    """A sensible player (see the module docstring); deterministic."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.seed = check_seed(seed)

    def act(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        phase = observation["phase"]
        legal = list(legal)
        if phase == "choose":
            return Action("choose", 0)  # be elder
        if phase == "exchange":
            return self._exchange(observation, legal)
        if phase == "talon":
            return Action("pass") if Action("pass") in legal else legal[0]
        if phase in ("declare", "answer", "claim"):
            return self._declare(observation, legal)
        return self._play(observation, legal)

    def _exchange(self, obs: dict[str, Any], legal: list[Action]) -> Action:
        if Action("blank") in legal:
            return Action("blank")
        hand = parse_cards(obs["hand"])
        selected = set(parse_cards(obs["selected"]))
        options = obs["options"]
        if obs["role"] == "elder":
            least, most = 1, options["elder_max_exchange"]
            wanted = most
        else:
            most = obs["talon"] - (obs["announced"] or 0)
            least = min(options["younger_min_exchange"], most)
            wanted = sum(1 for c in hand if keep_value(c, hand) < 8)
        wanted = max(least, min(most, wanted))
        order = sorted(hand, key=lambda c: (keep_value(c, hand), c.rank, c.suit))
        target = set(order[:wanted])
        for c in sorted(selected - target):
            action = card_action("keep", c)
            if action in legal:
                return action
        for c in order[:wanted]:
            if c not in selected:
                action = card_action("discard", c)
                if action in legal:
                    return action
        return Action("exchange") if Action("exchange") in legal else legal[0]

    def _declare(self, obs: dict[str, Any], legal: list[Action]) -> Action:
        hand = parse_cards(obs["hand"])
        rule = obs["options"]["point_rule"]
        held = [c for c in combinations(obs["category"], hand) if combination_action(c) in legal]
        best = _strongest(held, rule)
        if best is not None:
            return combination_action(best)
        for word in ("good", "none"):
            if Action(word) in legal:
                return Action(word)
        return legal[0]

    def _play(self, obs: dict[str, Any], legal: list[Action]) -> Action:
        cards = [SPACE_CARD[a.payload] for a in legal]
        hand = parse_cards(obs["hand"])
        if not obs["trick"]:
            aces = [c for c in cards if c.rank == 14]
            suit_len = {c.suit: sum(1 for h in hand if h.suit == c.suit) for c in cards}
            if aces:
                pick = max(aces, key=lambda c: suit_len[c.suit])
            else:
                pick = max(cards, key=lambda c: (suit_len[c.suit], c.rank))
            return card_action("play", pick)
        led = parse_cards(obs["trick"][0]["card"])[0]
        following = [c for c in cards if c.suit == led.suit]
        if following:
            winners = [c for c in following if c.rank > led.rank]
            pick = min(winners or following, key=lambda c: c.rank)
            return card_action("play", pick)
        pick = min(cards, key=lambda c: (keep_value(c, hand), c.rank))
        return card_action("play", pick)


SPACE_CARD: tuple[Card, ...] = NINETY_NINE_PACK
"""The card of each card payload (its index in the 36-card pack, as in :data:`SPACE`)."""

PIQUET_BOTS: dict[str, type[RandomPiquetBot] | type[HeuristicPiquetBot]] = {
    "random": RandomPiquetBot,
    "heuristic": HeuristicPiquetBot,
}
"""Piquet's bots by name."""


def make_piquet_bot(name: str, seed: int = 0) -> RandomPiquetBot | HeuristicPiquetBot:
    """A Piquet bot by name (``random`` or ``heuristic``).

    >>> make_piquet_bot("heuristic").name
    'heuristic'
    """
    cls = PIQUET_BOTS.get(name)
    if cls is None:
        raise ValueError(f"unknown Piquet bot {name!r} (known: {', '.join(sorted(PIQUET_BOTS))})")
    return cls(seed=seed)


__all__ = ["PIQUET_BOTS", "HeuristicPiquetBot", "RandomPiquetBot", "keep_value", "make_piquet_bot"]

"""Ninety-Nine's fixed action space (:data:`ACTION_SPACE`) and the actions that play a
card or lay a bid aside (:func:`play_action`, :func:`bid_action`).

>>> ACTION_SPACE.size, ACTION_SPACE.encode(bid_action("6C 7C 8C"))
(7179, 39)
"""

from __future__ import annotations

from collections.abc import Iterable

from parlour.cards.cards import NINETY_NINE_PACK, Card, card_index, parse_card, parse_hand
from parlour.cards.ninety_nine.rules import BID_SIZE
from parlour.core.actions import NOTHING, Action, ActionSpace, Items, Several
from parlour.core.errors import InvalidHand


def _read_card_index(word: str) -> int:
    return card_index(parse_card(word), NINETY_NINE_PACK)


CARD_ITEMS = Items([str(card) for card in NINETY_NINE_PACK], read=_read_card_index, what="card")
"""One card of the 36-card pack, its payload being its index in :data:`NINETY_NINE_PACK`."""

ACTION_SPACE = ActionSpace(
    [
        ("pass", NOTHING),
        ("declare", NOTHING),
        ("reveal", NOTHING),
        ("play", CARD_ITEMS),
        ("bid", Several(CARD_ITEMS, BID_SIZE, repeat=False)),
    ]
)
"""The fixed action space of Ninety-Nine (see the module docstring)."""


def play_action(card: Card | str) -> Action:
    """The action of playing ``card`` to a trick.

    >>> play_action("AS")
    Action(kind='play', payload=35)
    """
    if isinstance(card, str):
        card = parse_card(card)
    return Action("play", card_index(card, NINETY_NINE_PACK))


def bid_action(cards: str | Iterable[Card]) -> Action:
    """The action of laying ``cards`` (three) aside as one's bid.

    >>> str(bid_action("JH KD JD"))
    'bid 14 16 23'
    """
    chosen = parse_hand(cards, NINETY_NINE_PACK)
    if len(chosen) != BID_SIZE:
        raise InvalidHand(f"a bid is 3 cards, not {len(chosen)}")
    return Action("bid", tuple(sorted(card_index(c, NINETY_NINE_PACK) for c in chosen)))

"""The pack and the deal: the 32- or 36-card pack (:func:`pack`), the written order of
a hand (:func:`sort_hand`), the deal in packets (:func:`deal`) and its inverse
(:func:`deal_order`), and a pack order checked (:func:`read_deck`).

>>> elder, younger, talon = deal(pack(32))
>>> len(elder), len(younger), len(talon), deal_order(elder, younger, talon) == pack(32)
(12, 12, 8, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from parlour.cards.cards import (
    NINETY_NINE_PACK,
    PIQUET_PACK,
    Card,
    format_cards,  # noqa: F401 (the examples use it)
    parse_cards,
    sort_cards,
)
from parlour.core.errors import InvalidHand

SUIT_ORDER = "SHDC"
"""Suits in the order hands are written and ties between equal holdings are broken."""

_CARD_INDEX = {card: i for i, card in enumerate(NINETY_NINE_PACK)}
"""Each card's number in actions: its index in the 36-card pack (6C = 0 .. AS = 35)."""


def pack(deck_size: int = 32) -> tuple[Card, ...]:
    """The pack of 32 (7..A) or 36 (6..A) cards.

    >>> len(pack(32)), str(pack(36)[0])
    (32, '6C')
    """
    return PIQUET_PACK if deck_size == 32 else NINETY_NINE_PACK


def sort_hand(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards in the written order: spades, hearts, diamonds, clubs, each ace down.

    >>> format_cards(sort_hand(parse_cards("7C AH 10S KS")))
    'KS 10S AH 7C'
    """
    return sort_cards(cards, SUIT_ORDER, descending=True)


def deal_order(
    elder: Sequence[Card], younger: Sequence[Card], talon: Sequence[Card], packet_size: int = 3
) -> tuple[Card, ...]:
    """The pack order that deals ``elder`` and ``younger`` these hands (in the order
    written) with this ``talon`` (top card first): the inverse of the deal.

    >>> deck = deal_order(parse_cards("AS KS QS"), parse_cards("AH KH QH"), (), 3)
    >>> format_cards(deck)
    'AS KS QS AH KH QH'
    """
    out: list[Card] = []
    for i in range(0, max(len(elder), len(younger)), packet_size):
        out.extend(elder[i : i + packet_size])
        out.extend(younger[i : i + packet_size])
    return (*out, *talon)


def deal(
    deck: Sequence[Card], packet_size: int = 3
) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
    """Deal a pack in order: packets of ``packet_size`` alternately, elder first, until
    each has 12; returns elder's hand, younger's hand and the talon (top first).

    >>> e, y, t = deal(PIQUET_PACK, 2)
    >>> format_cards(e[:4]), format_cards(y[:2]), len(t), str(t[0])
    ('7C 8C JC QC', '9C 10C', 8, '7S')
    """
    hands: tuple[list[Card], list[Card]] = ([], [])
    i = 0
    turn = 0
    while len(hands[1]) < 12:
        hands[turn].extend(deck[i : i + packet_size])
        i += packet_size
        turn = 1 - turn
    return tuple(hands[0]), tuple(hands[1]), tuple(deck[24:])


def read_deck(deck: Sequence[Card] | str, cards: Sequence[Card]) -> tuple[Card, ...]:
    """``deck`` (cards, or their text, top card first) if it is the pack ``cards`` in
    some order, else :class:`InvalidHand` saying what is wrong.

    >>> read_deck("7C 8C", PIQUET_PACK)
    Traceback (most recent call last):
    ...
    parlour.core.errors.InvalidHand: a deck is the 32-card pack in some order (missing 7D)
    """
    given = parse_cards(deck) if isinstance(deck, str) else tuple(deck)
    if len(given) != len(cards) or set(given) != set(cards):
        missing = sorted(set(cards) - set(given))
        extra = [c for c in given if c not in cards]
        detail = (
            f"missing {missing[0]}"
            if missing
            else (f"{extra[0]} is not in it" if extra else "a card repeats")
        )
        raise InvalidHand(f"a deck is the {len(cards)}-card pack in some order ({detail})")
    return given

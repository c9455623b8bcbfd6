"""The rules of Ninety-Nine, each in one place: the numbers of the game, the suits' bid
values and a bid (:data:`BID_VALUES`, :func:`bid_value`), the trump suit set by the
previous deal's count of successes (:func:`trumps_after`), the pack and the deal
(:func:`parse_deck`, :func:`shuffled_deck`, :func:`deal_hands`), premium offers and
their priority (:func:`resolve_premium`), and following suit and winning a trick
(:func:`legal_plays`, :func:`trick_winner`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Literal

from parlour.cards.cards import (
    NINETY_NINE_PACK,
    Card,
    format_cards,  # noqa: F401 (the examples use it)
    parse_card,
    parse_cards,
    parse_hand,
)
from parlour.core.errors import InvalidHand
from parlour.core.rng import game_rng

PLAYERS = "ABC"
"""The players' letters, by seat (clockwise)."""

NUM_SEATS = 3
HAND_SIZE = 12
BID_SIZE = 3
TRICKS = 9

BID_VALUES: Mapping[str, int] = {"C": 3, "H": 2, "S": 1, "D": 0}
"""The bid value of each suit: clubs 3, hearts 2, spades 1, diamonds 0."""

TRUMPS_BY_SUCCESSES = "DSHC"
"""The trump suit after a deal with ``n`` successes is ``TRUMPS_BY_SUCCESSES[n]``."""

FIRST_TRUMPS = "D"

PREMIUMS: Mapping[str, int] = {"declare": 30, "reveal": 60}
"""The premium of each kind of premium bid."""

SUCCESS_BONUS: Mapping[int, int] = {0: 0, 1: 30, 2: 20, 3: 10}
"""The bonus each successful player scores, by how many succeeded."""

Premium = Literal["declare", "reveal"]
_OFFER_RANK = {"pass": 0, "declare": 1, "reveal": 2}


def bid_value(cards: Iterable[Card]) -> int:
    """The bid made by laying ``cards`` aside: the sum of their suits' bid values (ranks
    do not count).

    >>> bid_value(parse_cards("AD KD QD")), bid_value(parse_cards("6H 6S 6D"))
    (0, 3)
    """
    return sum(BID_VALUES[card.suit] for card in cards)


def trumps_after(successes: int) -> str:
    """The trump suit of the deal after one in which ``successes`` players (0-3) made
    their bids exactly: the suit whose bid value is that number.

    >>> [trumps_after(n) for n in range(4)]
    ['D', 'S', 'H', 'C']
    """
    if type(successes) is not int or not 0 <= successes <= NUM_SEATS:
        raise ValueError(f"the number of successes is 0-3, not {successes!r}")
    return TRUMPS_BY_SUCCESSES[successes]


def deal_hands(deck: Sequence[Card], dealer: int) -> tuple[tuple[Card, ...], ...]:
    """The three 12-card hands dealt from ``deck`` (top card first) by ``dealer``: one
    card at a time, starting at the dealer's left and going clockwise.

    >>> hands = deal_hands(NINETY_NINE_PACK, dealer=2)
    >>> format_cards(hands[0][:3]), format_cards(hands[2][:3])
    ('6C 9C QC', '8C JC AC')
    """
    if len(deck) != NUM_SEATS * HAND_SIZE:
        raise InvalidHand(f"a deck has 36 cards, not {len(deck)}")
    hands: list[list[Card]] = [[] for _ in range(NUM_SEATS)]
    for i, card in enumerate(deck):
        hands[(dealer + 1 + i) % NUM_SEATS].append(card)
    return tuple(tuple(hand) for hand in hands)


def deck_for_hands(hands: Sequence[Sequence[Card]], dealer: int) -> tuple[Card, ...]:
    """A deck that :func:`deal_hands` deals into ``hands`` (each in the order given): the
    inverse of the deal, for setting up a known deal.

    >>> hands = deal_hands(NINETY_NINE_PACK, dealer=1)
    >>> deck_for_hands(hands, dealer=1) == NINETY_NINE_PACK
    True
    """
    if len(hands) != NUM_SEATS or any(len(hand) != HAND_SIZE for hand in hands):
        raise InvalidHand("three hands of 12 cards each are needed")
    deck = [hands[(dealer + 1 + i) % NUM_SEATS][i // NUM_SEATS] for i in range(36)]
    return parse_deck(deck)


def parse_deck(deck: str | Iterable[Card | str]) -> tuple[Card, ...]:
    """A pack order given as text (``"7C 8C ..."``), cards or card texts, checked to be
    the 36 cards of the pack, each once.

    >>> parse_deck(format_cards(NINETY_NINE_PACK)) == NINETY_NINE_PACK
    True
    >>> parse_deck("AS KS")
    Traceback (most recent call last):
    ...
    parlour.core.errors.InvalidHand: a deck has the 36 cards of the pack, not 2 cards
    """
    if isinstance(deck, str):
        cards = parse_cards(deck)
    else:
        cards = tuple(parse_card(c) if isinstance(c, str) else c for c in deck)
    cards = parse_hand(cards, NINETY_NINE_PACK)
    if len(cards) != len(NINETY_NINE_PACK):
        raise InvalidHand(f"a deck has the 36 cards of the pack, not {len(cards)} cards")
    return cards


def shuffled_deck(seed: int) -> tuple[Card, ...]:
    """The pack shuffled by ``seed`` (top card first).

    >>> sorted(shuffled_deck(3)) == sorted(NINETY_NINE_PACK), shuffled_deck(3) == shuffled_deck(4)
    (True, False)
    """
    deck = list(NINETY_NINE_PACK)
    game_rng(seed).shuffle(deck)
    return tuple(deck)


def resolve_premium(offers: Sequence[str | None], first: int) -> tuple[int, Premium] | None:
    """Who holds the premium, given each seat's offer (``None`` or ``"pass"``,
    ``"declare"``, ``"reveal"``) and the first seat in order (the dealer's left): a reveal
    outranks a declare, and between equal offers the earlier seat wins.

    >>> resolve_premium([None, "reveal", "declare"], first=0)   # dealer C
    (1, 'reveal')
    >>> resolve_premium(["declare", "declare", None], first=2)  # dealer B: C, A, B
    (0, 'declare')
    >>> resolve_premium(["pass", "pass", "pass"], first=1) is None
    True
    """
    best: tuple[int, Premium] | None = None
    for step in range(NUM_SEATS):
        seat = (first + step) % NUM_SEATS
        offer = offers[seat] or "pass"
        if offer not in _OFFER_RANK:
            raise ValueError(f"an offer is pass, declare or reveal, not {offer!r}")
        if offer == "pass":
            continue
        if best is None or _OFFER_RANK[offer] > _OFFER_RANK[best[1]]:
            best = (seat, "reveal" if offer == "reveal" else "declare")
    return best


def legal_plays(hand: Iterable[Card], led: str | None) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played to a trick whose led suit is ``led``
    (``None`` when leading): a card of the led suit if there is one, else any card.

    >>> format_cards(legal_plays(parse_cards("AS 7H 9H"), "H"))
    '7H 9H'
    >>> format_cards(legal_plays(parse_cards("AS 7H"), "C"))
    'AS 7H'
    """
    cards = tuple(hand)
    if led is None:
        return cards
    following = tuple(card for card in cards if card.suit == led)
    return following or cards


def trick_winner(cards: Sequence[Card], trumps: str) -> int:
    """The position (0 = the leader) of the card that wins a trick played in this order:
    the highest trump if any was played, else the highest card of the suit led.

    >>> trick_winner(parse_cards("AS 6D 8S"), "D")
    1
    >>> trick_winner(parse_cards("QC AC 7C"), "D")
    1
    """
    if not cards:
        raise ValueError("an empty trick has no winner")
    led = cards[0].suit
    best = 0
    for i, card in enumerate(cards[1:], 1):
        top = cards[best]
        if card.suit == top.suit:
            if card.rank > top.rank:
                best = i
        elif card.suit == trumps:
            best = i
        # a card of neither the winning suit nor trumps cannot win
    assert cards[best].suit in (led, trumps)
    return best

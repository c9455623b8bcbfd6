"""Playing cards and their notation, shared by the card games of the parlour.

A card is written as its rank then its suit letter: ``"AS"`` (ace of spades), ``"10D"``,
``"7C"``, ``"QH"``. Ranks are ``2``..``10``, ``J``, ``Q``, ``K``, ``A``; suits are
``C`` (clubs), ``D`` (diamonds), ``H`` (hearts), ``S`` (spades), and :data:`SUITS` gives
that order, which is also the order used for sorting and for the packs.

The parser is lenient in three documented ways: letters may be lower case (``"as"``),
``T`` stands for 10 (``"TD"``), and a suit may be given as its symbol
(``"A♠"``, ``"10♦"``), so that :meth:`Card.unicode` reads back. Printing always gives the
canonical form.

>>> hand = parse_cards("AS kh TD 7C")
>>> format_cards(hand)
'AS KH 10D 7C'
>>> format_cards(sort_cards(hand))
'7C 10D KH AS'
>>> [card_index(card, NINETY_NINE_PACK) for card in hand]
[35, 25, 13, 1]
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from parlour.core.errors import InvalidHand, NotationError

__all__ = [
    "FULL_PACK",
    "NINETY_NINE_PACK",
    "PIQUET_PACK",
    "RANKS",
    "RANK_TEXT",
    "SUITS",
    "SUIT_NAMES",
    "SUIT_SYMBOLS",
    "Card",
    "bits_to_cards",
    "card_from_index",
    "card_index",
    "cards_to_bits",
    "format_cards",
    "make_pack",
    "parse_card",
    "parse_cards",
    "parse_hand",
    "parse_rank",
    "sort_cards",
]

SUITS = "CDHS"
"""The suit letters: clubs, diamonds, hearts, spades (the order used for sorting)."""

SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}

RANKS = tuple(range(2, 15))
"""Rank numbers, 2..14 (11 = jack, 12 = queen, 13 = king, 14 = ace)."""

RANK_TEXT = {rank: str(rank) for rank in range(2, 11)} | {11: "J", 12: "Q", 13: "K", 14: "A"}
"""The text of each rank number: ``RANK_TEXT[10] == "10"``, ``RANK_TEXT[14] == "A"``."""

_RANK_OF_TEXT = {text: rank for rank, text in RANK_TEXT.items()} | {"T": 10}
_SUIT_OF_TEXT = {suit: suit for suit in SUITS} | {sym: suit for suit, sym in SUIT_SYMBOLS.items()}


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One playing card: ``rank`` 2..14 (11 = J, 12 = Q, 13 = K, 14 = A) and ``suit`` in "CDHS".

    Cards compare by rank, then suit letter; they are hashable and immutable.

    >>> card = Card(14, "S")
    >>> str(card), card.unicode(), repr(card)
    ('AS', 'A♠', "Card('AS')")
    >>> Card(10, "D") < Card(11, "C")
    True
    >>> Card(1, "S")
    Traceback (most recent call last):
    ...
    ValueError: a card's rank is 2..14, not 1
    """

    rank: int
    suit: str

    def __post_init__(self) -> None:
        if type(self.rank) is not int or not 2 <= self.rank <= 14:
            raise ValueError(f"a card's rank is 2..14, not {self.rank!r}")
        if not isinstance(self.suit, str) or len(self.suit) != 1 or self.suit not in SUITS:
            raise ValueError(f"a card's suit is one of {SUITS!r}, not {self.suit!r}")

    def __str__(self) -> str:
        return RANK_TEXT[self.rank] + self.suit

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def unicode(self) -> str:
        """The card with its suit symbol: rank text then one of ``♣ ♦ ♥ ♠``.

        >>> Card(10, "H").unicode()
        '10♥'
        >>> parse_card(Card(10, "H").unicode())
        Card('10H')
        """
        return RANK_TEXT[self.rank] + SUIT_SYMBOLS[self.suit]


def parse_rank(text: str) -> int:
    """The rank number of a rank's text (``"2"``..``"10"``, ``"T"``, ``"J"``, ``"Q"``,
    ``"K"``, ``"A"``, any case).

    >>> parse_rank("q"), parse_rank("10"), parse_rank("T")
    (12, 10, 10)
    """
    rank = _RANK_OF_TEXT.get(text.upper())
    if rank is None:
        raise NotationError(
            f"unknown rank {text!r}", text, 0, detail="ranks are 2..10, J, Q, K, A; T for 10"
        )
    return rank


def parse_card(text: str, *, _whole: str | None = None, _at: int = 0) -> Card:
    """Read one card such as ``"AS"``, ``"10D"``, ``"td"`` or ``"7♣"``.

    >>> parse_card("10d")
    Card('10D')
    >>> parse_card("1S")
    Traceback (most recent call last):
    ...
    parlour.core.errors.NotationError: unknown rank '1' at position 0 in '1S' (ranks are ...)
    >>> parse_card("AX")
    Traceback (most recent call last):
    ...
    parlour.core.errors.NotationError: unknown suit 'X' at position 1 in 'AX' (suits are C, D, H, S)
    """
    whole = text if _whole is None else _whole
    if not text or text.isspace():
        raise NotationError("empty card", whole, _at if whole else None)
    if any(ch.isspace() for ch in text):
        raise NotationError("one card expected", whole, _at, detail="use parse_cards for several")
    if len(text) < 2:
        raise NotationError(
            "a card is a rank then a suit", whole, _at, detail=f"{text!r} is too short"
        )
    rank_text, suit_text = text[:-1], text[-1]
    rank = _RANK_OF_TEXT.get(rank_text.upper())
    if rank is None:
        raise NotationError(
            f"unknown rank {rank_text!r}",
            whole,
            _at,
            detail="ranks are 2..10, J, Q, K, A; T for 10",
        )
    suit = _SUIT_OF_TEXT.get(suit_text.upper())
    if suit is None:
        raise NotationError(
            f"unknown suit {suit_text!r}",
            whole,
            _at + len(rank_text),
            detail="suits are C, D, H, S",
        )
    return Card(rank, suit)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read space-separated cards, in the order written (repeats are not checked here).

    >>> parse_cards("AS KH 10D 7C")
    (Card('AS'), Card('KH'), Card('10D'), Card('7C'))
    >>> parse_cards("")
    ()
    >>> parse_cards("AS KH 10Z")
    Traceback (most recent call last):
    ...
    parlour.core.errors.NotationError: unknown suit 'Z' at position 8 in 'AS KH 10Z' (...)
    """
    if not isinstance(text, str):
        raise NotationError(f"cards are written as text, not {type(text).__name__}", "", None)
    cards: list[Card] = []
    position = 0
    for word in text.split():
        position = text.index(word, position)
        cards.append(parse_card(word, _whole=text, _at=position))
        position += len(word)
    return tuple(cards)


def parse_hand(text: str | Iterable[Card], pack: Sequence[Card] | None = None) -> tuple[Card, ...]:
    """Read a hand and check it: no card twice and, when ``pack`` is given, every card in it.

    Accepts text or already-made cards.

    >>> parse_hand("AS 6H", NINETY_NINE_PACK)
    (Card('AS'), Card('6H'))
    >>> parse_hand("AS KH AS")
    Traceback (most recent call last):
    ...
    parlour.core.errors.InvalidHand: AS appears twice in 'AS KH AS'
    >>> parse_hand("5C AS", NINETY_NINE_PACK)
    Traceback (most recent call last):
    ...
    parlour.core.errors.InvalidHand: 5C is not in the 36-card pack (in '5C AS')
    """
    cards = parse_cards(text) if isinstance(text, str) else tuple(text)
    shown = text if isinstance(text, str) else format_cards(cards)
    seen: set[Card] = set()
    for card in cards:
        if not isinstance(card, Card):
            raise InvalidHand(f"{card!r} is not a card (in {shown!r})")
        if card in seen:
            raise InvalidHand(f"{card} appears twice in {shown!r}")
        seen.add(card)
        if pack is not None and card not in _index_table(tuple(pack)):
            raise InvalidHand(f"{card} is not in the {len(pack)}-card pack (in {shown!r})")
    return cards


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as space-separated text, in the order given.

    >>> format_cards([Card(14, "S"), Card(10, "D")])
    'AS 10D'
    """
    return " ".join(str(card) for card in cards)


def sort_cards(
    cards: Iterable[Card], suit_order: str = SUITS, *, descending: bool = False
) -> tuple[Card, ...]:
    """Cards grouped by suit in ``suit_order``, each suit by rank (low to high unless
    ``descending``). Suits missing from ``suit_order`` come last, in :data:`SUITS` order.

    >>> format_cards(sort_cards(parse_cards("AS 7C KS 9H 7H")))
    '7C 7H 9H KS AS'
    >>> format_cards(sort_cards(parse_cards("AS 7C KS 9H"), "SHDC", descending=True))
    'AS KS 9H 7C'
    """
    order = {suit: i for i, suit in enumerate(suit_order)}

    def key(card: Card) -> tuple[int, int, int]:
        return (
            order.get(card.suit, len(order)),
            SUITS.index(card.suit),
            -card.rank if descending else card.rank,
        )

    return tuple(sorted(cards, key=key))


def make_pack(lowest_rank: int = 2) -> tuple[Card, ...]:
    """A pack of every card from ``lowest_rank`` to ace in each suit, in the fixed order
    clubs, diamonds, hearts, spades, each from low to high.

    >>> format_cards(make_pack(12))
    'QC KC AC QD KD AD QH KH AH QS KS AS'
    """
    if not 2 <= lowest_rank <= 14:
        raise ValueError(f"the lowest rank of a pack is 2..14, not {lowest_rank}")
    return tuple(Card(rank, suit) for suit in SUITS for rank in range(lowest_rank, 15))


FULL_PACK = make_pack(2)
"""All 52 cards, clubs 2..A, diamonds, hearts, spades."""

PIQUET_PACK = make_pack(7)
"""The 32-card Piquet pack, 7..A of each suit: ``PIQUET_PACK[0]`` is 7C, ``[31]`` is AS."""

NINETY_NINE_PACK = make_pack(6)
"""The 36-card Ninety-Nine pack, 6..A of each suit: ``[0]`` is 6C, ``[35]`` is AS."""


@functools.lru_cache(maxsize=16)
def _index_table(pack: tuple[Card, ...]) -> dict[Card, int]:
    return {card: i for i, card in enumerate(pack)}


def card_index(card: Card, pack: Sequence[Card] = NINETY_NINE_PACK) -> int:
    """The position of ``card`` in ``pack``: a fixed integer for action spaces and masks.

    >>> card_index(parse_card("7C"), PIQUET_PACK), card_index(parse_card("AS"), PIQUET_PACK)
    (0, 31)
    >>> card_index(parse_card("6C"), PIQUET_PACK)
    Traceback (most recent call last):
    ...
    parlour.core.errors.InvalidHand: 6C is not in the 32-card pack
    """
    index = _index_table(tuple(pack)).get(card)
    if index is None:
        raise InvalidHand(f"{card} is not in the {len(pack)}-card pack")
    return index


def card_from_index(index: int, pack: Sequence[Card] = NINETY_NINE_PACK) -> Card:
    """The card at ``index`` of ``pack`` (the inverse of :func:`card_index`).

    >>> card_from_index(35, NINETY_NINE_PACK)
    Card('AS')
    """
    if type(index) is not int or not 0 <= index < len(pack):
        raise InvalidHand(f"card index {index!r} is outside the {len(pack)}-card pack")
    return pack[index]


def cards_to_bits(cards: Iterable[Card], pack: Sequence[Card] = NINETY_NINE_PACK) -> int:
    """A set of cards as an integer with bit ``card_index(card, pack)`` set for each card.

    >>> cards_to_bits(parse_cards("6C 7C AS"))
    34359738371
    >>> format_cards(bits_to_cards(34359738371))
    '6C 7C AS'
    """
    bits = 0
    for card in cards:
        bits |= 1 << card_index(card, pack)
    return bits


def bits_to_cards(bits: int, pack: Sequence[Card] = NINETY_NINE_PACK) -> tuple[Card, ...]:
    """The cards whose bits are set, in pack order (the inverse of :func:`cards_to_bits`)."""
    if bits < 0 or bits >> len(pack):
        raise InvalidHand(f"bit set {bits:#x} names cards outside the {len(pack)}-card pack")
    return tuple(card for i, card in enumerate(pack) if bits >> i & 1)

"""The declarations: the combinations a hand holds (:func:`points`, :func:`sequences`,
:func:`sets`), how they compare and score (:class:`Combination`), carte blanche
(:func:`is_blank`), and one category's declaration and answer (:func:`settle`).

>>> [c.describe() for c in sets(parse_cards("AS AH AD AC QS QH QD 9C"))]
['fourteen aces', 'three queens']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from parlour.cards.cards import Card, format_cards, parse_cards  # noqa: F401 (parse_cards: examples)
from parlour.cards.piquet.dealing import _CARD_INDEX, SUIT_ORDER, sort_hand
from parlour.cards.piquet.options import PiquetOptions

# ---------------------------------------------------------------------------------------
# A card's value and carte blanche

COURT = frozenset((11, 12, 13))
"""Ranks of the face cards (J, Q, K), whose absence makes a carte blanche."""


def card_value(card: Card) -> int:
    """What a card counts toward the point's value: ace 11, K Q J 10, others their pips.

    >>> [card_value(c) for c in parse_cards("AS KS 10S 7S")]
    [11, 10, 10, 7]
    """
    if card.rank == 14:
        return 11
    return min(card.rank, 10)


def is_blank(cards: Iterable[Card]) -> bool:
    """True when no card is a K, Q or J (a carte blanche, if these are the dealt cards).

    >>> is_blank(parse_cards("AS 10H 9D 7C")), is_blank(parse_cards("AS JH"))
    (True, False)
    """
    return not any(c.rank in COURT for c in cards)


# ---------------------------------------------------------------------------------------
# Combinations

POINT, SEQUENCE, SET = "point", "sequence", "set"
CATEGORIES = (POINT, SEQUENCE, SET)

_NUMBER_WORDS = (
    *("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"),
    *("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen"),
    *("seventeen", "eighteen", "nineteen"),
)
_TENS_WORDS = {
    2: "twenty",
    3: "thirty",
    4: "forty",
    5: "fifty",
    6: "sixty",
    7: "seventy",
    8: "eighty",
    9: "ninety",
}


def number_words(n: int) -> str:
    """A number 0..99 in words (how point values are spoken).

    >>> number_words(45), number_words(50), number_words(7)
    ('forty-five', 'fifty', 'seven')
    """
    if n < 20:
        return _NUMBER_WORDS[n]
    tens, units = divmod(n, 10)
    return _TENS_WORDS[tens] + (f"-{_NUMBER_WORDS[units]}" if units else "")


_SEQUENCE_NAMES = {
    3: "tierce",
    4: "quatrième",
    5: "quinte",
    6: "seizième",
    7: "dix-septième",
    8: "dix-huitième",
    9: "nine-card sequence",
}
_SEQUENCE_POINTS = {3: 3, 4: 4, 5: 15, 6: 16, 7: 17, 8: 18, 9: 19}
_RANK_NAMES = {
    14: "ace",
    13: "king",
    12: "queen",
    11: "jack",
    10: "ten",
    9: "nine",
    8: "eight",
    7: "seven",
    6: "six",
}
_RANK_PLURALS = {14: "aces", 13: "kings", 12: "queens", 11: "jacks", 10: "tens"}
SET_RANKS = (14, 13, 12, 11, 10)
"""The ranks that make sets (nines and lower never do)."""


def value_points(value: int) -> int:
    """Points of a point under ``point_rule=value``: the value rounded to the nearest
    ten (a units digit of 5 or more rounds up), divided by ten.

    >>> [value_points(v) for v in (41, 44, 45, 49, 51, 55, 81)]
    [4, 4, 5, 5, 5, 6, 8]
    """
    return (value + 5) // 10


@dataclass(frozen=True, slots=True)
class Combination:
    """One declarable holding: a *point* (all the cards of one suit), a *sequence* (a
    whole maximal run of three or more) or a *set* (all three or four cards of an A, K,
    Q, J or 10). ``cards`` are in the written order (highest first).

    >>> q = Combination(SEQUENCE, parse_cards("KH QH JH 10H 9H"))
    >>> q.describe(), q.score(), q.strength()
    ('quinte to the king', 15, (5, 13))
    >>> p = Combination(POINT, parse_cards("KC QC JC 9C 8C"))
    >>> p.describe(), p.score(), p.score("value"), p.strength("value")
    ('point of five (47)', 5, 5, (47,))
    """

    category: str
    cards: tuple[Card, ...]

    @property
    def length(self) -> int:
        return len(self.cards)

    @property
    def suit(self) -> str:
        return self.cards[0].suit

    @property
    def top(self) -> int:
        """The highest rank (a set's rank)."""
        return self.cards[0].rank

    @property
    def value(self) -> int:
        return sum(card_value(c) for c in self.cards)

    def strength(self, point_rule: str = "count") -> tuple[int, ...]:
        """A key that orders combinations of one category: higher is stronger, equal
        keys tie (suits are never compared)."""
        if self.category == POINT:
            return (self.length, self.value) if point_rule == "count" else (self.value,)
        return (self.length, self.top)

    def score(self, point_rule: str = "count") -> int:
        """The points it scores when it wins."""
        if self.category == POINT:
            return self.length if point_rule == "count" else value_points(self.value)
        if self.category == SEQUENCE:
            return _SEQUENCE_POINTS[self.length]
        return 14 if self.length == 4 else 3

    @property
    def key(self) -> int:
        """What names it in an action: a point's suit (0..3 in S H D C), a sequence's
        top card (its index in the 36-card pack), a set's rank."""
        if self.category == POINT:
            return SUIT_ORDER.index(self.suit)
        if self.category == SEQUENCE:
            return _CARD_INDEX[self.cards[0]]
        return self.top

    def describe(self, point_rule: str = "count") -> str:
        """Its name as spoken: ``point of five (47)``, ``quinte to the king``, ``three aces``."""
        if self.category == POINT:
            if point_rule == "value":
                return f"point of {self.value}"
            return f"point of {number_words(self.length)} ({self.value})"
        if self.category == SEQUENCE:
            return f"{_SEQUENCE_NAMES[self.length]} to the {_RANK_NAMES[self.top]}"
        size = "fourteen" if self.length == 4 else "three"
        return f"{size} {_RANK_PLURALS[self.top]}"

    def to_json(self, point_rule: str = "count") -> dict[str, Any]:
        return {
            "name": self.describe(point_rule),
            "cards": format_cards(self.cards),
            "points": self.score(point_rule),
        }


def points(cards: Iterable[Card]) -> list[Combination]:
    """The point of each suit held, in suit order S H D C.

    >>> [c.describe() for c in points(parse_cards("AS KS 9H"))]
    ['point of two (21)', 'point of one (9)']
    """
    hand = sort_hand(cards)
    return [
        Combination(POINT, tuple(c for c in hand if c.suit == s))
        for s in SUIT_ORDER
        if any(c.suit == s for c in hand)
    ]


def sequences(cards: Iterable[Card]) -> list[Combination]:
    """Every maximal run of three or more cards of one suit, in suit order, each suit's
    runs highest first.

    >>> [format_cards(c.cards) for c in sequences(parse_cards("AD KD QD 10D 9D 8D 7D JH"))]
    ['AD KD QD', '10D 9D 8D 7D']
    """
    out: list[Combination] = []
    for point in points(cards):
        run: list[Card] = []
        for card in point.cards:
            if run and run[-1].rank != card.rank + 1:
                if len(run) >= 3:
                    out.append(Combination(SEQUENCE, tuple(run)))
                run = []
            run.append(card)
        if len(run) >= 3:
            out.append(Combination(SEQUENCE, tuple(run)))
    return out


def sets(cards: Iterable[Card]) -> list[Combination]:
    """Every set held (three or four of an A, K, Q, J or 10), aces first.

    >>> [c.describe() for c in sets(parse_cards("AS AH AD 9S 9H 9D KS KH"))]
    ['three aces']
    """
    hand = sort_hand(cards)
    out = []
    for rank in SET_RANKS:
        same = tuple(c for c in hand if c.rank == rank)
        if len(same) >= 3:
            out.append(Combination(SET, same))
    return out


def combinations(category: str, cards: Iterable[Card]) -> list[Combination]:
    """The combinations of ``category`` (``point``, ``sequence`` or ``set``) held."""
    if category == POINT:
        return points(cards)
    if category == SEQUENCE:
        return sequences(cards)
    return sets(cards)


def strongest(
    category: str, cards: Iterable[Card], point_rule: str = "count"
) -> Combination | None:
    """The strongest combination of ``category`` held (between equals, the first in
    suit order S H D C), or None.

    >>> strongest(POINT, parse_cards("AS KS 9H 8H"), "count").describe()
    'point of two (21)'
    """
    best: Combination | None = None
    for c in combinations(category, cards):
        if best is None or c.strength(point_rule) > best.strength(point_rule):
            best = c
    return best


# ---------------------------------------------------------------------------------------
# One category's declaration and answer

ELDER, YOUNGER = "elder", "younger"


@dataclass(frozen=True, slots=True)
class Settlement:
    """How one category ended: what elder ``declared`` (None: no sequence, or silence
    on sets), what younger ``compared`` (or claimed unopposed; None: "good" or nothing),
    the ``dialogue`` as spoken (speaker, words), the ``outcome`` (``elder``, ``younger``,
    ``equal`` or ``none``) and the combinations the winner scores with their ``points``.
    """

    category: str
    declared: Combination | None
    compared: Combination | None
    dialogue: tuple[tuple[str, str], ...]
    outcome: str
    scored: tuple[Combination, ...]
    points: int

    @property
    def winner(self) -> str | None:
        return self.outcome if self.outcome in (ELDER, YOUNGER) else None


def _statement_parts(
    category: str, c: Combination, options: PiquetOptions
) -> list[tuple[tuple[int, ...], str]]:
    """Elder's statement of ``c`` as its successive parts, each with the part of the
    strength it discloses (a part is spoken only after younger's "equal")."""
    if category == POINT:
        if options.point_rule == "value":
            return [((c.value,), number_words(c.value))]
        return [((c.length,), number_words(c.length)), ((c.length, c.value), number_words(c.value))]
    if category == SEQUENCE:
        name = _SEQUENCE_NAMES[c.length]
        to = f"to the {_RANK_NAMES[c.top]}"
        if options.disclosure == "stepwise":
            return [((c.length,), f"a {name}"), ((c.length, c.top), to)]
        return [((c.length, c.top), f"{name} {to}")]
    size = "fourteen" if c.length == 4 else "three"
    if options.disclosure == "stepwise":
        word = "a quatorze" if c.length == 4 else "a trois"
        return [((c.length,), word), ((c.length, c.top), _RANK_PLURALS[c.top])]
    return [((c.length, c.top), f"{size} {_RANK_PLURALS[c.top]}")]


def settle(
    category: str,
    elder_cards: Iterable[Card],
    younger_cards: Iterable[Card],
    declared: Combination | None,
    compared: Combination | None,
    options: PiquetOptions | None = None,
) -> Settlement:
    """Settle one category: elder ``declared`` a combination (None for "no sequence" or
    silence on sets) and younger ``compared`` one of his (None: he says "good", or claims
    nothing). Younger's answer is derived: "not good" if his is stronger, "equal" if as
    strong, else "good". The winner also scores his other combinations of the category
    that ``extra_combinations`` allows; on "equal" nobody scores.

    >>> e = parse_cards("KH QH JH 10H 9H AC KC QC")
    >>> y = parse_cards("KD QD JD 10D 9D")
    >>> s = settle(SEQUENCE, e, y, sequences(e)[0], sequences(y)[0])
    >>> s.dialogue, s.outcome, s.points
    ((('elder', 'quinte to the king'), ('younger', 'equal')), 'equal', 0)
    """
    options = options or PiquetOptions()
    rule = options.point_rule
    dialogue: list[tuple[str, str]] = []
    if declared is None:
        dialogue.append((ELDER, "no sequence" if category == SEQUENCE else ""))
        outcome = YOUNGER if compared is not None else "none"
    else:
        outcome = ELDER
        theirs = compared.strength(rule) if compared is not None else None
        for disclosed, words in _statement_parts(category, declared, options):
            dialogue.append((ELDER, words))
            if theirs is None:
                dialogue.append((YOUNGER, "good"))
                break
            mine = disclosed
            other = theirs[: len(mine)]
            if other > mine:
                dialogue.append((YOUNGER, "not good"))
                outcome = YOUNGER
                break
            if other < mine:
                dialogue.append((YOUNGER, "good"))
                break
            dialogue.append((YOUNGER, "equal"))
            if len(mine) == len(declared.strength(rule)):
                outcome = "equal"
                break
    dialogue = [d for d in dialogue if d[1]]
    if outcome in (ELDER, YOUNGER):
        winning = declared if outcome == ELDER else compared
        assert winning is not None
        hand = elder_cards if outcome == ELDER else younger_cards
        scored = [winning]
        if category != POINT:
            for c in combinations(category, hand):
                if c == winning:
                    continue
                if options.extra_combinations == "unrestricted" or c.strength(
                    rule
                ) <= winning.strength(rule):
                    scored.append(c)
        return Settlement(
            category,
            declared,
            compared,
            tuple(dialogue),
            outcome,
            tuple(scored),
            sum(c.score(rule) for c in scored),
        )
    return Settlement(category, declared, compared, tuple(dialogue), outcome, (), 0)

"""Piquet: the two-player game of the point, sequences and sets, with modern, old and
17th-century rules.

A hand is dealt 12 cards each, the rest (8, or 12 with the 36-card pack) being the
*talon*. The *elder* (non-dealer) exchanges first, then the *younger*; then the elder
declares his point, sequence and sets, each answered by the younger, and twelve tricks
are played. Everything is scored in a canonical order (carte blanche, point, sequences,
sets, trick points, the cards or capot) that decides *repique*, *pique* and the end of
a game.

This module holds the rules in one place each:

* the combinations (:func:`points`, :func:`sequences`, :func:`sets`) and how they
  compare and score (:class:`Combination`);
* one category's declaration and answer (:func:`settle`);
* the canonical scoring order with its bonuses (:class:`Ledger`);
* the score keeper (:func:`score_json`);
* when a game is won (:func:`game_winner`);
* the engine: one deal is a game (:class:`PiquetDeal`, on the
  :class:`parlour.core.game.Game` protocol) and a partie of games of deals is a match of
  them (:class:`Piquet`, a :class:`~parlour.core.match.Match` under
  :class:`PiquetRules`).

>>> hand = parse_cards("AS KS QS JS 10S AH KH QH KD KC QC 8C")
>>> [c.describe() for c in sequences(hand)]
['quinte to the ace', 'tierce to the ace']
>>> [c.describe() for c in sets(hand)]
['fourteen kings', 'three queens']
>>> result = score_json({"rules": "piquet", "options": {},
...     "elder": "AS KS QS JS 10S 9S AH KH QH KD KC 7C",
...     "younger": "JH 10H 9H AD QD JD 10D 9D AC QC JC 10C"})
>>> result.totals, result.repique
((99, 0), 'elder')
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from parlour.cards.cards import (
    NINETY_NINE_PACK,
    PIQUET_PACK,
    Card,
    format_cards,
    parse_card,
    parse_cards,
    sort_cards,
)
from parlour.core.actions import NOTHING, Action, ActionSpace, Items
from parlour.core.errors import IllegalAction, InvalidHand
from parlour.core.game import Event, SpaceActions, check_seat, thaw
from parlour.core.match import Match, MatchRules, Setup, standings
from parlour.core.options import Option, check_options
from parlour.core.rng import derive_seed, game_rng

# ---------------------------------------------------------------------------------------
# Options


RULE_SETS = ("modern", "old", "seventeenth_century")

PRESETS: dict[str, dict[str, Any]] = {
    "modern": {},
    "old": {"point_rule": "value", "trick_scoring": "ten_or_higher"},
    "seventeenth_century": {
        "point_rule": "value",
        "trick_scoring": "ten_or_higher",
        "deck_size": 36,
        "elder_max_exchange": 8,
        "both_blanks": "both_score",
        "first_dealer": "high_card_chooses",
        "game_format": "six_deals",
    },
}
"""The options each ``rule_set`` changes (the rows marked (P) in the rules); an option
given explicitly overrides its preset."""

OPTIONS: tuple[Option, ...] = (
    Option("rule_set", "modern", "preset of the rows below", RULE_SETS),
    Option(
        "point_rule", "count", "point compared by count then value, or by value", ("count", "value")
    ),
    Option(
        "trick_scoring",
        "every_lead",
        "a point for every lead, or only for leads and wins with a 10 or higher",
        ("every_lead", "ten_or_higher"),
    ),
    Option("deck_size", 32, "32 cards (7..A) or 36 (6..A)", (32, 36)),
    Option("elder_max_exchange", 5, "most cards elder may exchange", (5, 8)),
    Option(
        "both_blanks",
        "neither_scores",
        "when both claim carte blanche",
        ("neither_scores", "both_score"),
    ),
    Option(
        "first_dealer",
        "low_card_deals",
        "lower card of the draw deals, or higher card chooses elder or younger",
        ("low_card_deals", "high_card_chooses"),
    ),
    Option(
        "game_format",
        "target",
        "play to target_score, or exactly six deals",
        ("target", "six_deals"),
    ),
    Option("target_score", 100, "the score that wins a game", (100, 150, 200)),
    Option(
        "partie",
        "best_of_three",
        "two games and a third if split, or one game",
        ("best_of_three", "single_game"),
    ),
    Option(
        "last_trick",
        "always",
        "last trick scored always, or only won with a 10 or higher",
        ("always", "needs_ten"),
    ),
    Option("last_trick_on_capot", True, "last-trick point also when one player takes all 12"),
    Option(
        "extra_combinations",
        "not_stronger",
        "the winner of a category also scores only combinations not stronger than his winning one",
        ("not_stronger", "unrestricted"),
    ),
    Option(
        "disclosure",
        "combined",
        "sequence and set stated at once, or size first",
        ("combined", "stepwise"),
    ),
    Option("younger_min_exchange", 1, "fewest cards younger exchanges", (1, 0)),
    Option(
        "younger_talon_view",
        "private",
        "younger sees the leftover talon alone, or only by exposing it",
        ("private", "expose"),
    ),
    Option(
        "own_discards_view",
        "forbidden",
        "may a player look at his own discards",
        ("forbidden", "allowed"),
    ),
    Option(
        "elder_blank_protocol",
        "protected",
        "a blank elder announces his count before younger discards",
        ("protected", "plain"),
    ),
    Option("tricks_view", "last_only", "which won tricks may be looked at", ("last_only", "all")),
    Option(
        "elder_point_choice",
        "any_suit",
        "elder may declare any suit as his point, or his best",
        ("any_suit", "best_only"),
    ),
    Option(
        "new_game_dealer",
        "redraw",
        "first dealer of a later game: a new draw, or the other player",
        ("redraw", "alternate"),
    ),
    Option("packet_size", 3, "cards dealt at a time (2 or 3)", (3, 2)),
)
"""Every option, with its default and meaning (``rule_set`` presets the others)."""


@dataclass(frozen=True, slots=True)
class PiquetOptions:
    """The options of one game, every one resolved (preset of ``rule_set``, then the
    options given).

    >>> o = PiquetOptions.make({"rule_set": "old", "target_score": 150})
    >>> o.point_rule, o.trick_scoring, o.target_score, o.deck_size
    ('value', 'ten_or_higher', 150, 32)
    >>> PiquetOptions.make({"elder_max_exchange": 8})
    Traceback (most recent call last):
    ...
    ValueError: elder_max_exchange=8 needs deck_size=36 (younger would have no card to take)
    """

    rule_set: str = "modern"
    point_rule: str = "count"
    trick_scoring: str = "every_lead"
    deck_size: int = 32
    elder_max_exchange: int = 5
    both_blanks: str = "neither_scores"
    first_dealer: str = "low_card_deals"
    game_format: str = "target"
    target_score: int = 100
    partie: str = "best_of_three"
    last_trick: str = "always"
    last_trick_on_capot: bool = True
    extra_combinations: str = "not_stronger"
    disclosure: str = "combined"
    younger_min_exchange: int = 1
    younger_talon_view: str = "private"
    own_discards_view: str = "forbidden"
    elder_blank_protocol: str = "protected"
    tricks_view: str = "last_only"
    elder_point_choice: str = "any_suit"
    new_game_dealer: str = "redraw"
    packet_size: int = 3

    @classmethod
    def make(cls, given: Mapping[str, Any] | None = None) -> PiquetOptions:
        """The options from ``given`` (unknown names and bad values raise ValueError)."""
        checked = check_options(OPTIONS, given or {}, "piquet")
        rule_set = checked.get("rule_set", "modern")
        values = {**PRESETS[rule_set], **checked, "rule_set": rule_set}
        options = cls(**values)
        if options.deck_size == 32 and options.elder_max_exchange == 8:
            raise ValueError(
                "elder_max_exchange=8 needs deck_size=36 (younger would have no card to take)"
            )
        return options

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @property
    def talon_size(self) -> int:
        return self.deck_size - 24


# ---------------------------------------------------------------------------------------
# Cards

SUIT_ORDER = "SHDC"
"""Suits in the order hands are written and ties between equal holdings are broken."""

_CARD_INDEX = {card: i for i, card in enumerate(NINETY_NINE_PACK)}
"""Each card's number in actions: its index in the 36-card pack (6C = 0 .. AS = 35)."""

COURT = frozenset((11, 12, 13))
"""Ranks of the face cards (J, Q, K), whose absence makes a carte blanche."""


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


# ---------------------------------------------------------------------------------------
# The canonical scoring order

BLANK, TRICK, CARDS = "carte_blanche", "trick", "cards"
STEPS = (BLANK, POINT, SEQUENCE, SET, TRICK, CARDS)
"""The canonical order in which a hand's points count as entering."""

REPIQUE, PIQUE = 60, 30


@dataclass(frozen=True, slots=True)
class Line:
    """One entry of a hand's score: ``who`` (a seat or a role index) scored ``points``
    at canonical ``step`` for ``what``; ``totals`` are both players' hand points after it."""

    step: str
    who: int
    points: int
    what: str
    totals: tuple[int, int]

    def to_json(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "who": self.who,
            "points": self.points,
            "what": self.what,
            "totals": list(self.totals),
        }


@dataclass(slots=True)
class Ledger:
    """A hand's points entered in the canonical order, with repique and pique.

    Each :meth:`add` is one step (all carte blanche awards at once, each category, each
    single trick point, the cards). After a step of carte blanche, point, sequences or
    sets, a scorer with 30 or more while his opponent has 0 scores repique (+60); after
    a trick point, pique (+30); once per hand, never for the cards.

    >>> ledger = Ledger()
    >>> _ = ledger.add(SEQUENCE, [(1, 35, "two quintes")])
    >>> ledger.points, ledger.bonus
    ([0, 95], (1, 'repique'))
    """

    points: list[int] = field(default_factory=lambda: [0, 0])
    lines: list[Line] = field(default_factory=list)
    bonus: tuple[int, str] | None = None

    def add(self, step: str, awards: Sequence[tuple[int, int, str]]) -> list[Line]:
        """Enter one step's ``awards`` (who, points, what); the lines added."""
        start = len(self.lines)
        for who, pts, what in awards:
            if pts:
                self.points[who] += pts
                self.lines.append(Line(step, who, pts, what, (self.points[0], self.points[1])))
        if self.bonus is None and step != CARDS:
            for who, pts, _ in awards:
                if pts and self.points[who] >= 30 and self.points[1 - who] == 0:
                    bonus, label = (PIQUE, "pique") if step == TRICK else (REPIQUE, "repique")
                    self.points[who] += bonus
                    self.bonus = (who, label)
                    self.lines.append(
                        Line(step, who, bonus, label, (self.points[0], self.points[1]))
                    )
                    break
        return self.lines[start:]


def blank_awards(claims: Iterable[int], options: PiquetOptions) -> list[tuple[int, int, str]]:
    """The carte blanche awards of the players who claimed it: 10 each, or nothing when
    both claim under ``both_blanks=neither_scores``."""
    who = sorted(set(claims))
    if len(who) == 2 and options.both_blanks == "neither_scores":
        return []
    return [(w, 10, "carte blanche") for w in who]


def trick_awards(
    number: int,
    leader: int,
    lead: Card,
    follow: Card,
    options: PiquetOptions,
    capot: bool = False,
) -> tuple[int, list[tuple[int, int, str]]]:
    """The winner of trick ``number`` (1..12) and its points in order: lead point, win
    point, last-trick point. ``capot`` says the winner has taken every trick (for
    ``last_trick_on_capot``).

    >>> trick_awards(12, 0, parse_card("10C"), parse_card("KC"), PiquetOptions())
    (1, [(0, 1, 'lead'), (1, 1, 'win'), (1, 1, 'last trick')])
    """
    follower = 1 - leader
    winner = follower if (follow.suit == lead.suit and follow.rank > lead.rank) else leader
    ten = options.trick_scoring == "ten_or_higher"
    awards: list[tuple[int, int, str]] = []
    if not ten or lead.rank >= 10:
        awards.append((leader, 1, "lead"))
    if winner == follower and (not ten or follow.rank >= 10):
        awards.append((follower, 1, "win"))
    if number == 12:
        card = follow if winner == follower else lead
        if (options.last_trick == "always" or card.rank >= 10) and (
            options.last_trick_on_capot or not capot
        ):
            awards.append((winner, 1, "last trick"))
    return winner, awards


def cards_award(tricks: Sequence[int]) -> list[tuple[int, int, str]]:
    """The cards (+10 for more tricks) or capot (+40 for all twelve); 6-6 scores nothing.

    >>> cards_award([12, 0]), cards_award([5, 7]), cards_award([6, 6])
    ([(0, 40, 'capot')], [(1, 10, 'the cards')], [])
    """
    for who in (0, 1):
        if tricks[who] == 12:
            return [(who, 40, "capot")]
        if tricks[who] > tricks[1 - who]:
            return [(who, 10, "the cards")]
    return []


def seventeenth_century_value(winner: int, loser: int) -> int:
    """What the winner of a six-deal game scores: both totals + 100 if the loser has
    under 100, else the difference + 100.

    >>> seventeenth_century_value(212, 87), seventeenth_century_value(180, 150)
    (399, 130)
    """
    if loser < 100:
        return winner + loser + 100
    return winner - loser + 100


# ---------------------------------------------------------------------------------------
# The score keeper


@dataclass(frozen=True, slots=True)
class DeclarationScore:
    """What each player scores for point, sequences and sets (each declaring his
    strongest), category by category, then in canonical order with any repique.
    ``totals`` are (elder, younger) hand points after the sets."""

    options: PiquetOptions
    elder: tuple[Card, ...]
    younger: tuple[Card, ...]
    carte_blanche: tuple[str, ...]
    settlements: tuple[Settlement, ...]
    lines: tuple[Line, ...]
    totals: tuple[int, int]
    repique: str | None

    def to_json(self) -> dict[str, Any]:
        rule = self.options.point_rule
        roles = (ELDER, YOUNGER)

        def held(c: Combination | None) -> dict[str, Any] | None:
            return None if c is None else {"name": c.describe(rule), "cards": format_cards(c.cards)}

        categories = []
        for s in self.settlements:
            categories.append(
                {
                    "category": s.category,
                    "elder": held(s.declared),
                    "younger": held(s.compared),
                    "dialogue": [{"who": who, "says": words} for who, words in s.dialogue],
                    "outcome": s.outcome,
                    "scores": [c.to_json(rule) for c in s.scored],
                    "points": s.points,
                    "why": _why(s, rule),
                }
            )
        return {
            "rules": "piquet",
            "options": self.options.to_json(),
            "elder": format_cards(sort_hand(self.elder)),
            "younger": format_cards(sort_hand(self.younger)),
            "carte_blanche": list(self.carte_blanche),
            "categories": categories,
            "steps": [
                {
                    "step": ln.step,
                    "who": roles[ln.who],
                    "points": ln.points,
                    "what": ln.what,
                    "elder": ln.totals[0],
                    "younger": ln.totals[1],
                }
                for ln in self.lines
            ],
            "repique": self.repique,
            "totals": {"elder": self.totals[0], "younger": self.totals[1]},
        }


def _why(s: Settlement, rule: str) -> str:
    """One sentence saying why a category went as it did."""
    e = s.declared.describe(rule) if s.declared else None
    y = s.compared.describe(rule) if s.compared else None
    if s.outcome == "none":
        return f"elder declares no {s.category}; younger has none" if e is None else "nobody scores"
    if s.outcome == "equal":
        return f"elder's {e} and younger's {y} are equal: nobody scores"
    if e is None:
        return f"elder declares no {s.category}: younger's {y} scores unopposed"
    if s.outcome == YOUNGER:
        return f"younger's {y} beats elder's {e}"
    if y is None:
        return f"younger has nothing as strong as elder's {e}"
    return f"elder's {e} beats younger's {y}"


_SITUATION_KEYS = frozenset(("rules", "options", "elder", "younger", "carte_blanche"))


def _read_hand(text: Any, who: str, deck: tuple[Card, ...]) -> tuple[Card, ...]:
    if not isinstance(text, str):
        raise InvalidHand(f"{who}'s hand must be text such as 'AS KS 10D', not {text!r}")
    cards = parse_cards(text)
    if len(cards) != 12:
        raise InvalidHand(f"{who}'s hand has {len(cards)} cards, not 12 (in {text!r})")
    seen: set[Card] = set()
    for c in cards:
        if c not in deck:
            raise InvalidHand(f"{c} in {who}'s hand is not in the {len(deck)}-card pack")
        if c in seen:
            raise InvalidHand(f"{c} appears twice in {who}'s hand")
        seen.add(c)
    return cards


def score_json(situation: Mapping[str, Any]) -> DeclarationScore:
    """Score a situation: ``{"rules": "piquet", "options": {...}, "elder": "<12 cards>",
    "younger": "<12 cards>"}`` and optionally ``"carte_blanche": ["elder"]`` (who claimed
    it; the hands given are those after the exchange, so the claim is taken as given).
    Each player declares (elder) or compares (younger) his strongest combination of
    each category; the result says who scores what and why, then the steps in canonical
    order with any repique. Bad input raises :class:`InvalidHand` or :class:`NotationError`.

    >>> r = score_json({"rules": "piquet", "options": {},
    ...     "elder": "AS KS 9S 8S 7S AH QH AD KD QD AC 10C",
    ...     "younger": "QS JS JH 10H 9H 8H 7D KC QC JC 9C 8C"})
    >>> [(c["category"], c["outcome"], c["points"]) for c in r.to_json()["categories"]]
    [('point', 'younger', 5), ('sequence', 'younger', 7), ('set', 'elder', 14)]
    >>> r.totals
    (14, 12)
    >>> score_json({"rules": "piquet", "elder": "AS", "younger": ""})
    Traceback (most recent call last):
    ...
    parlour.core.errors.InvalidHand: elder's hand has 1 cards, not 12 (in 'AS')
    """
    if not isinstance(situation, Mapping):
        raise InvalidHand(f"a situation is an object, not {type(situation).__name__}")
    unknown = set(situation) - _SITUATION_KEYS
    if unknown:
        raise InvalidHand(
            f"unknown situation field {sorted(unknown)[0]!r} "
            f"(fields: {', '.join(sorted(_SITUATION_KEYS))})"
        )
    rules = situation.get("rules", "piquet")
    if rules != "piquet":
        raise InvalidHand(f"this score keeper is for rules 'piquet', not {rules!r}")
    try:
        options = PiquetOptions.make(situation.get("options") or {})
    except ValueError as e:
        raise InvalidHand(str(e)) from None
    deck = pack(options.deck_size)
    elder = _read_hand(situation.get("elder"), ELDER, deck)
    younger = _read_hand(situation.get("younger"), YOUNGER, deck)
    both = set(elder) & set(younger)
    if both:
        raise InvalidHand(f"{min(both)} is in both hands")
    claims_given = situation.get("carte_blanche") or []
    if isinstance(claims_given, str) or not isinstance(claims_given, Sequence):
        raise InvalidHand(f"carte_blanche is a list of 'elder' and 'younger', not {claims_given!r}")
    claims: list[int] = []
    for c in claims_given:
        if c not in (ELDER, YOUNGER):
            raise InvalidHand(f"carte_blanche names 'elder' or 'younger', not {c!r}")
        claims.append(0 if c == ELDER else 1)
    rule = options.point_rule
    ledger = Ledger()
    ledger.add(BLANK, blank_awards(claims, options))
    done: list[Settlement] = []
    for category in CATEGORIES:
        s = settle(
            category,
            elder,
            younger,
            strongest(category, elder, rule),
            strongest(category, younger, rule),
            options,
        )
        done.append(s)
        if s.winner is not None:
            who = 0 if s.winner == ELDER else 1
            ledger.add(category, [(who, c.score(rule), c.describe(rule)) for c in s.scored])
    bonus = ledger.bonus
    return DeclarationScore(
        options=options,
        elder=elder,
        younger=younger,
        carte_blanche=tuple(sorted({ELDER if c == 0 else YOUNGER for c in claims})),
        settlements=tuple(done),
        lines=tuple(ledger.lines),
        totals=(ledger.points[0], ledger.points[1]),
        repique=None if bonus is None else (ELDER, YOUNGER)[bonus[0]],
    )


# ---------------------------------------------------------------------------------------
# The game: actions


def _read_card(word: str) -> int:
    card = parse_card(word)
    index = _CARD_INDEX.get(card)
    if index is None:
        raise ValueError(f"{card} is not a Piquet card")
    return index


CARD_ITEMS = Items([str(c) for c in NINETY_NINE_PACK], read=_read_card, what="card")
SUIT_ITEMS = Items(list(SUIT_ORDER), what="suit")
RANK_ITEMS = Items(["A", "K", "Q", "J", "10"], values=list(SET_RANKS), what="rank")
ROLE_ITEMS = Items([ELDER, YOUNGER], what="role")

SPACE = ActionSpace(
    [
        ("pass", NOTHING),
        ("choose", ROLE_ITEMS),
        ("blank", NOTHING),
        ("discard", CARD_ITEMS),
        ("keep", CARD_ITEMS),
        ("exchange", NOTHING),
        ("expose", NOTHING),
        ("name_lead", SUIT_ITEMS),
        ("point", SUIT_ITEMS),
        ("sequence", CARD_ITEMS),
        ("set", RANK_ITEMS),
        ("none", NOTHING),
        ("good", NOTHING),
        ("play", CARD_ITEMS),
    ]
)
"""Every Piquet action, in a fixed order (cards are numbered in the 36-card pack, 6C = 0
.. AS = 35, whatever the deck size; suits 0..3 are S H D C):

* ``pass`` — decline (younger does not expose the leftover; elder names no lead suit);
* ``choose elder|younger`` — the higher card of the first draw chooses a role (17th c.);
* ``blank`` — claim carte blanche;
* ``discard C`` / ``keep C`` — mark a card to exchange / take the mark back; then
  ``exchange`` confirms (a blank elder under the protected protocol thereby announces
  his count; his marked cards go when younger has discarded);
* ``expose`` — younger turns the leftover talon face up (``younger_talon_view=expose``);
* ``name_lead S`` — elder names his first lead's suit, which exposes the leftover;
* ``point S``, ``sequence KH`` (named by its top card), ``set A`` — elder declares, or
  younger compares (answer) or claims (an undeclared category);
* ``none`` — elder declares no sequence / stays silent on sets; younger claims nothing;
* ``good`` — younger's answer "good" (he compares nothing);
* ``play C`` — play a card to the trick.

>>> SPACE.size
165
>>> SPACE.parse("sequence kh"), SPACE.format(Action("point", 0))
(Action(kind='sequence', payload=33), 'point S')
"""


def card_action(kind: str, card: Card) -> Action:
    """The action ``kind`` with ``card`` as payload (``play``, ``discard``, ``keep``).

    >>> str(SPACE.format(card_action("play", parse_card("10D"))))
    'play 10D'
    """
    return Action(kind, _CARD_INDEX[card])


def combination_action(c: Combination) -> Action:
    """The action that declares, compares or claims ``c``."""
    return Action(c.category, c.key)


# ---------------------------------------------------------------------------------------
# The game: state

CHOOSE, EXCHANGE, TALON, DECLARE, ANSWER, CLAIM, PLAY, OVER = (
    "choose",
    "exchange",
    "talon",
    "declare",
    "answer",
    "claim",
    "play",
    "over",
)


@dataclass(slots=True)
class HandState:
    """Everything about the hand being played (a fresh one per deal)."""

    number: int
    dealer: int
    dealt: list[tuple[Card, ...]]
    hands: list[list[Card]]
    talon: list[Card]
    discards: list[list[Card]] = field(default_factory=lambda: [[], []])
    taken: list[tuple[Card, ...]] = field(default_factory=lambda: [(), ()])
    peek: tuple[Card, ...] = ()
    leftover: tuple[Card, ...] = ()
    leftover_seen: list[bool] = field(default_factory=lambda: [False, False])
    exposed: bool = False
    lead_suit: str | None = None
    exchanger: int = -1
    selected: list[Card] = field(default_factory=list)
    held_back: list[Card] = field(default_factory=list)
    announced: int | None = None
    blanks: list[int] = field(default_factory=list)
    shown: list[int] = field(default_factory=list)
    talon_step: str = ""
    category: str = POINT
    declared: dict[str, Combination | None] = field(default_factory=dict)
    settlements: dict[str, Settlement] = field(default_factory=dict)
    dialogue: list[tuple[str, int, str]] = field(default_factory=list)
    claims_due: list[str] = field(default_factory=list)
    ledger: Ledger = field(default_factory=Ledger)
    evaluated: bool = False
    spoken: list[int] = field(default_factory=lambda: [0, 0])
    tricks: list[tuple[int, Card, Card, int]] = field(default_factory=list)
    current: list[tuple[int, Card]] = field(default_factory=list)
    leader: int = 0
    won: list[int] = field(default_factory=lambda: [0, 0])
    ended: str = ""

    @property
    def elder(self) -> int:
        return 1 - self.dealer

    @property
    def younger(self) -> int:
        return self.dealer


SEATING = (0, 1)
"""Player 0 sits at seat 0 and player 1 at seat 1 throughout a partie."""


def deal_seed(seed: int, number: int) -> int:
    """The seed of deal ``number`` (from 1) of a partie seeded ``seed``. It draws for the
    first dealer (when the deal starts a game by a draw) and shuffles the pack, so a
    deal depends on its own setup only, not on the deals before it.

    >>> deal_seed(1, 1) == deal_seed(1, 1) != deal_seed(1, 2)
    True
    """
    return derive_seed("piquet-deal", seed, number)


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


def game_winner(
    options: PiquetOptions, totals: Sequence[int], hands: int, reached_at: Sequence[int | None]
) -> int | None:
    """The seat that has won a game whose ``totals`` are these after ``hands`` deals
    (None: the game goes on). To a target: the one player at the target, or of two the
    higher total, or with equal totals the first to reach it (``reached_at``, in scoring
    steps). Six deals: the higher total after six deals, or after each further pair
    while they are equal.

    >>> game_winner(PiquetOptions(), (104, 97), 3, (9, None))
    0
    >>> game_winner(PiquetOptions(), (101, 101), 4, (30, 22))
    1
    >>> six = PiquetOptions.make({"game_format": "six_deals"})
    >>> game_winner(six, (80, 150), 5, (None, None)), game_winner(six, (80, 150), 6, (None, 7))
    (None, 1)
    """
    a, b = totals
    if options.game_format == "target":
        reached = [s for s in (0, 1) if totals[s] >= options.target_score]
        if len(reached) == 1:
            return reached[0]
        if len(reached) == 2:
            if a != b:
                return 0 if a > b else 1
            first, second = reached_at
            if first is not None and second is not None and first != second:
                return 0 if first < second else 1
        return None
    if hands >= 6 and hands % 2 == 0 and a != b:
        return 0 if a > b else 1
    return None


class PiquetDeal(SpaceActions):
    """One deal (a *hand*) of Piquet between seats 0 and 1, on the game protocol: a
    :class:`Piquet` partie is a match of them.

    ``options`` are the partie's; ``number`` is the deal's number in the partie and
    ``game`` the game's; ``totals`` are the game's totals as the deal starts, ``played``
    the deals of the game before it, ``reached_at`` and ``steps`` when each seat reached
    the target and how many scoring steps the game has had (for a tie at the target).
    ``dealer`` is the dealer's seat; None when the deal starts a game by a draw (the
    lower card deals; under ``first_dealer=high_card_chooses`` the higher card chooses
    to be elder or younger). ``first_dealer`` is the game's first dealer (this deal's
    when it starts the game). The draw and the shuffle come from ``seed``; ``deck`` (top
    card first) is dealt instead of a shuffle.

    The deal ends after the twelfth trick, or during the declarations when a game to a
    target is decided there; it never deals again.

    >>> d = PiquetDeal(PiquetOptions(), seed=3, dealer=1, totals=(90, 40), played=2)
    >>> d.to_act(), d.phase, d.hand is not None and d.hand.elder, d.hands_in_game
    ((0,), 'exchange', 0, 3)
    >>> [e.kind for e in d.events]
    ['deal', 'hand', 'hand']
    >>> [e.kind for e in PiquetDeal(PiquetOptions(), seed=3).events][:2]
    ['game_start', 'draw']
    """

    space = SPACE

    num_seats = 2

    def __init__(
        self,
        options: PiquetOptions | None = None,
        *,
        seed: int = 0,
        deck: Sequence[Card] | str | None = None,
        dealer: int | None = None,
        first_dealer: int | None = None,
        number: int = 1,
        game: int = 1,
        totals: Sequence[int] = (0, 0),
        played: int = 0,
        reached_at: Sequence[int | None] = (None, None),
        steps: int = 0,
    ) -> None:
        self.options = options or PiquetOptions()
        self.seed = seed
        self.rng: random.Random = game_rng(seed)
        self.pack = pack(self.options.deck_size)
        self._deck = read_deck(deck, self.pack) if deck is not None else None
        self.number = number
        self.game_number = game
        self.scores: list[int] = [int(totals[0]), int(totals[1])]
        self.hands_in_game = played
        self.reached_at: list[int | None] = list(reached_at)
        self.step_count = steps
        self.events: list[Event] = []
        self.actions: list[tuple[int, Action]] = []
        self.phase = CHOOSE
        self.chooser = 0
        self.hand: HandState | None = None
        self.record: dict[str, Any] | None = None
        self.game_dealer: int | None = dealer if first_dealer is None else first_dealer
        if played:
            if dealer is None:
                raise ValueError("only the first deal of a game draws for the dealer")
            self._deal(check_seat(dealer, 2))
            return
        self._emit("game_start", None, {"game": game})
        if dealer is None:
            low, high = self._draw()
            if self.options.first_dealer == "high_card_chooses":
                self.phase, self.chooser = CHOOSE, high
                return
            dealer = low
        self.game_dealer = check_seat(dealer, 2)
        self._deal(self.game_dealer)

    def _emit(
        self,
        kind: str,
        seat: int | None = None,
        data: Mapping[str, Any] | None = None,
        to: int | None = None,
    ) -> None:
        self.events.append(Event(kind, seat, data, to))

    def _draw(self) -> tuple[int, int]:
        """Each player draws a card until the ranks differ; (lower seat, higher seat)."""
        while True:
            cards = self.rng.sample(self.pack, 2)
            self._emit("draw", None, {"cards": [str(c) for c in cards]})
            if cards[0].rank != cards[1].rank:
                low = 0 if cards[0].rank < cards[1].rank else 1
                return low, 1 - low

    def _deal(self, dealer: int) -> None:
        self.hands_in_game += 1
        if self._deck is not None:
            deck = list(self._deck)
        else:
            deck = list(self.pack)
            self.rng.shuffle(deck)
        e, y, talon = deal(deck, self.options.packet_size)
        elder = 1 - dealer
        dealt: list[tuple[Card, ...]] = [(), ()]
        dealt[elder], dealt[dealer] = e, y
        self.hand = HandState(
            number=self.number,
            dealer=dealer,
            dealt=dealt,
            hands=[list(dealt[0]), list(dealt[1])],
            talon=list(talon),
            exchanger=elder,
            leader=elder,
        )
        self.phase = EXCHANGE
        self._emit(
            "deal",
            dealer,
            {
                "hand": self.number,
                "elder": elder,
                "talon": len(talon),
                "packet_size": self.options.packet_size,
            },
        )
        for s in (0, 1):
            self._emit("hand", s, {"cards": format_cards(sort_hand(dealt[s]))}, to=s)

    # -- the protocol ------------------------------------------------------------------

    def to_act(self) -> tuple[int, ...]:
        h = self.hand
        if self.phase == OVER:
            return ()
        if self.phase == CHOOSE:
            return (self.chooser,)
        assert h is not None
        if self.phase == EXCHANGE:
            return (h.exchanger,)
        if self.phase == TALON:
            return (h.younger,) if h.talon_step == "expose" else (h.elder,)
        if self.phase == DECLARE:
            return (h.elder,)
        if self.phase in (ANSWER, CLAIM):
            return (h.younger,)
        return (self._turn(),)

    def _turn(self) -> int:
        h = self.hand
        assert h is not None
        return h.leader if not h.current else 1 - h.leader

    def legal_actions(self, seat: int) -> list[Action]:
        seat = check_seat(seat, 2)
        if seat not in self.to_act():
            return []
        out = self._legal(seat)
        out.sort(key=SPACE.encode)
        return out

    def _legal(self, seat: int) -> list[Action]:
        o = self.options
        if self.phase == CHOOSE:
            return [Action("choose", 0), Action("choose", 1)]
        h = self.hand
        assert h is not None
        hand = h.hands[seat]
        if self.phase == EXCHANGE:
            least, most = self._exchange_limits(seat)
            out: list[Action] = []
            if is_blank(h.dealt[seat]) and seat not in h.blanks:
                out.append(Action("blank"))
            if len(h.selected) < most:
                out.extend(card_action("discard", c) for c in hand if c not in h.selected)
            out.extend(card_action("keep", c) for c in h.selected)
            if least <= len(h.selected) <= most:
                out.append(Action("exchange"))
            return out
        if self.phase == TALON:
            if h.talon_step == "expose":
                return [Action("expose"), Action("pass")]
            suits = {c.suit for c in hand}
            return [Action("name_lead", i) for i, s in enumerate(SUIT_ORDER) if s in suits] + [
                Action("pass")
            ]
        rule = o.point_rule
        if self.phase == DECLARE:
            held = combinations(h.category, hand)
            if h.category == POINT:
                if o.elder_point_choice == "best_only":
                    best = max(c.strength(rule) for c in held)
                    held = [c for c in held if c.strength(rule) == best]
                return [combination_action(c) for c in held]
            return [combination_action(c) for c in held] + [Action("none")]
        if self.phase == ANSWER:
            # any of his own to compare (a weaker one draws "good", perhaps after "equal")
            held = combinations(h.category, hand)
            return [combination_action(c) for c in held] + [Action("good")]
        if self.phase == CLAIM:
            return [combination_action(c) for c in combinations(h.claims_due[0], hand)] + [
                Action("none")
            ]
        # PLAY
        if not h.current:
            if not h.tricks and h.lead_suit is not None:
                return [card_action("play", c) for c in hand if c.suit == h.lead_suit]
            return [card_action("play", c) for c in hand]
        led = h.current[0][1].suit
        follow = [c for c in hand if c.suit == led]
        return [card_action("play", c) for c in (follow or hand)]

    def _exchange_limits(self, seat: int) -> tuple[int, int]:
        h = self.hand
        assert h is not None
        if seat == h.elder:
            return 1, self.options.elder_max_exchange
        left = len(h.talon) - (h.announced or 0)
        return min(self.options.younger_min_exchange, left), left

    def apply(self, seat: int, action: Action) -> list[Event]:
        seat = check_seat(seat, 2)
        if self.phase == OVER:
            raise IllegalAction("the deal is over")
        if seat not in self.to_act():
            raise IllegalAction(
                f"seat {seat} is not to act now (phase {self.phase}; to act: {self.to_act()[0]})"
            )
        normal = SPACE.normalise(action)
        legal = self._legal(seat)
        if normal not in legal:
            raise IllegalAction(
                f"{SPACE.format(normal)} is not legal now for seat {seat} (phase {self.phase}; "
                f"legal: {', '.join(SPACE.texts(sorted(legal, key=SPACE.encode)))})"
            )
        start = len(self.events)
        self.actions.append((seat, normal))
        getattr(self, f"_on_{self.phase}")(seat, normal)
        return self.events[start:]

    # -- the phases --------------------------------------------------------------------

    def _on_choose(self, seat: int, action: Action) -> None:
        role = ROLE_ITEMS.names[action.payload]
        self._emit("choose", seat, {"role": role})
        dealer = seat if role == YOUNGER else 1 - seat
        self.game_dealer = dealer
        self._deal(dealer)

    def _on_exchange(self, seat: int, action: Action) -> None:
        h = self.hand
        assert h is not None
        kind = action.kind
        if kind in ("discard", "keep"):
            card = NINETY_NINE_PACK[action.payload]
            if kind == "discard":
                h.selected.append(card)
            else:
                h.selected.remove(card)
            self._emit(
                kind,
                seat,
                {"card": str(card), "selected": format_cards(sort_hand(h.selected))},
                to=seat,
            )
            return
        protected = self.options.elder_blank_protocol == "protected"
        if kind == "blank":
            h.blanks.append(seat)
            self._emit("carte_blanche", seat, {})
            pending_elder = seat == h.elder and protected
            pending_younger = seat == h.younger and h.announced is not None
            if not (pending_elder or pending_younger):
                self._show(seat)
            return
        # exchange
        if seat == h.elder:
            if h.elder in h.blanks and protected and h.announced is None:
                h.announced = len(h.selected)
                h.held_back = list(h.selected)
                h.selected = []
                h.exchanger = h.younger
                self._emit("announce", seat, {"count": h.announced})
                return
            self._take(seat, h.selected)
            h.selected = []
            h.exchanger = h.younger
            return
        # younger confirms
        mine = list(h.selected)
        h.selected = []
        if h.announced is not None:
            # the protected protocol: younger's discards are down; elder shows, exchanges;
            # a blank younger shows; younger draws
            for c in mine:
                h.hands[seat].remove(c)
            h.discards[seat].extend(mine)
            self._emit("discard_down", seat, {"count": len(mine)})
            self._show(h.elder)
            self._take(h.elder, h.held_back)
            h.held_back = []
            if seat in h.blanks:
                self._show(seat)
            self._draw_talon(seat, mine)
        else:
            self._take(seat, mine)
        self._after_exchange()

    def _show(self, seat: int) -> None:
        h = self.hand
        assert h is not None
        if seat not in h.shown:
            h.shown.append(seat)
            if self.options.both_blanks == "neither_scores" and len(h.shown) == 2:
                h.spoken[1 - seat] -= 10  # both blank: the first one's 10 is taken back
            else:
                h.spoken[seat] += 10
            cards = format_cards(sort_hand(h.dealt[seat]))
            self._emit("show", seat, {"cards": cards, "says": str(h.spoken[seat])})

    def _take(self, seat: int, discards: Sequence[Card]) -> None:
        """``seat`` discards ``discards`` and draws as many from the top of the talon."""
        h = self.hand
        assert h is not None
        for c in discards:
            h.hands[seat].remove(c)
        h.discards[seat].extend(discards)
        self._draw_talon(seat, discards)

    def _draw_talon(self, seat: int, discards: Sequence[Card]) -> None:
        h = self.hand
        assert h is not None
        k = len(discards)
        got, h.talon = h.talon[:k], h.talon[k:]
        h.hands[seat].extend(got)
        h.taken[seat] = tuple(got)
        self._emit("exchange", seat, {"count": k})
        self._emit(
            "take",
            seat,
            {"discarded": format_cards(sort_hand(discards)), "cards": format_cards(got)},
            to=seat,
        )
        if seat == h.elder:
            room = self.options.elder_max_exchange - k
            h.peek = tuple(h.talon[:room])
            if h.peek:
                self._emit("peek", seat, {"cards": format_cards(h.peek)}, to=seat)

    def _after_exchange(self) -> None:
        h = self.hand
        assert h is not None
        h.leftover = tuple(h.talon)
        if not h.leftover:
            self._start_declarations()
            return
        if self.options.younger_talon_view == "private":
            h.leftover_seen[h.younger] = True
            self._emit("leftover", h.younger, {"cards": format_cards(h.leftover)}, to=h.younger)
            h.talon_step = "name"
        else:
            h.talon_step = "expose"
        self.phase = TALON

    def _expose_leftover(self) -> None:
        h = self.hand
        assert h is not None
        h.exposed = True
        h.leftover_seen = [True, True]
        self._emit("leftover", None, {"cards": format_cards(h.leftover)})

    def _on_talon(self, seat: int, action: Action) -> None:
        h = self.hand
        assert h is not None
        if h.talon_step == "expose":
            if action.kind == "expose":
                self._expose_leftover()
                self._start_declarations()
            else:
                h.talon_step = "name"
            return
        if action.kind == "name_lead":
            h.lead_suit = SUIT_ORDER[action.payload]
            self._emit("name_lead", seat, {"suit": h.lead_suit})
            self._expose_leftover()
        self._start_declarations()

    def _start_declarations(self) -> None:
        h = self.hand
        assert h is not None
        h.category = POINT
        self.phase = DECLARE

    def _combination(self, seat: int, category: str, action: Action) -> Combination | None:
        h = self.hand
        assert h is not None
        if action.kind in ("none", "good"):
            return None
        for c in combinations(category, h.hands[seat]):
            if c.key == action.payload:
                return c
        raise AssertionError("a legal combination is held")

    def _on_declare(self, seat: int, action: Action) -> None:
        h = self.hand
        assert h is not None
        declared = self._combination(seat, h.category, action)
        h.declared[h.category] = declared
        if declared is None:
            self._settle(None)
        else:
            self.phase = ANSWER

    def _on_answer(self, seat: int, action: Action) -> None:
        h = self.hand
        assert h is not None
        self._settle(self._combination(seat, h.category, action))

    def _settle(self, compared: Combination | None) -> None:
        """Settle the category in hand: speak the dialogue, score elder's win now
        (spoken), leave younger's to his claims at trick 1; go to the next category."""
        h = self.hand
        assert h is not None
        category = h.category
        s = settle(
            category,
            h.hands[h.elder],
            h.hands[h.younger],
            h.declared[category],
            compared,
            self.options,
        )
        for who, words in s.dialogue:
            seat = h.elder if who == ELDER else h.younger
            h.dialogue.append((category, seat, words))
            self._emit("say", seat, {"category": category, "says": words})
        if h.declared[category] is None:
            h.claims_due.append(category)
        else:
            h.settlements[category] = s
            if s.outcome == ELDER:
                self._speak_score(h.elder, [s])
        index = CATEGORIES.index(category)
        if index < 2:
            h.category = CATEGORIES[index + 1]
            self.phase = DECLARE
        else:
            self.phase = PLAY

    def _speak_score(self, seat: int, won: Sequence[Settlement]) -> None:
        """``seat`` announces what it scores in the categories ``won`` (elder one at a
        time as each is accepted; younger all at once at trick 1) and its running total."""
        h = self.hand
        assert h is not None
        pts = sum(s.points for s in won)
        h.spoken[seat] += pts
        rule = self.options.point_rule
        self._emit(
            "score",
            seat,
            {
                "categories": [s.category for s in won],
                "points": pts,
                "combinations": [c.describe(rule) for s in won for c in s.scored],
                "says": str(h.spoken[seat]),
            },
        )

    def _on_claim(self, seat: int, action: Action) -> None:
        h = self.hand
        assert h is not None
        category = h.claims_due.pop(0)
        claimed = self._combination(seat, category, action)
        s = settle(category, h.hands[h.elder], h.hands[seat], None, claimed, self.options)
        h.settlements[category] = s
        if not h.claims_due:
            self._evaluate()

    def _evaluate(self) -> None:
        """Younger has claimed: steps 1-4 in canonical order, with repique and the end
        of the game; then the first lead's point, and younger plays."""
        h = self.hand
        assert h is not None
        o = self.options
        won = [s for c in CATEGORIES if (s := h.settlements.get(c)) and s.outcome == YOUNGER]
        if won:
            self._speak_score(h.younger, won)
        h.evaluated = True
        steps: list[tuple[str, list[tuple[int, int, str]]]] = [(BLANK, blank_awards(h.blanks, o))]
        for category in CATEGORIES:
            s = h.settlements.get(category)
            awards: list[tuple[int, int, str]] = []
            if s is not None and s.winner is not None:
                who = h.elder if s.winner == ELDER else h.younger
                awards = [(who, c.score(o.point_rule), c.describe(o.point_rule)) for c in s.scored]
            steps.append((category, awards))
        for step, awards in steps:
            self._enter(step, awards)
            if o.game_format == "target" and self._decided_now() is not None:
                self._end_hand("declarations")  # the game is won: see game_winner
                return
        self.phase = PLAY
        lead = h.current[0][1]
        self._lead_point(h.leader, lead)

    def _enter(self, step: str, awards: Sequence[tuple[int, int, str]]) -> None:
        h = self.hand
        assert h is not None
        for line in h.ledger.add(step, awards):
            if line.what in ("repique", "pique"):
                self._emit("bonus", line.who, {"name": line.what, "points": line.points})
        self.step_count += 1
        for s in (0, 1):
            if (
                self.reached_at[s] is None
                and self.scores[s] + h.ledger.points[s] >= self.options.target_score
            ):
                self.reached_at[s] = self.step_count

    def _running(self) -> list[int]:
        h = self.hand
        pts = h.ledger.points if h is not None else [0, 0]
        return [self.scores[0] + pts[0], self.scores[1] + pts[1]]

    def _decided_now(self) -> int | None:
        """The winner if the target is reached and the game is decided (one player at
        the target, or both with different totals)."""
        run = self._running()
        reached = [s for s in (0, 1) if run[s] >= self.options.target_score]
        if len(reached) == 1:
            return reached[0]
        if len(reached) == 2 and run[0] != run[1]:
            return 0 if run[0] > run[1] else 1
        return None

    def _lead_point(self, leader: int, card: Card) -> None:
        if self.options.trick_scoring == "every_lead" or card.rank >= 10:
            self._enter(TRICK, [(leader, 1, "lead")])

    def _on_play(self, seat: int, action: Action) -> None:
        h = self.hand
        assert h is not None
        card = NINETY_NINE_PACK[action.payload]
        h.hands[seat].remove(card)
        h.current.append((seat, card))
        self._emit("play", seat, {"card": str(card)})
        if len(h.current) == 1:
            if not h.evaluated:
                if h.claims_due:
                    self.phase = CLAIM
                else:
                    self._evaluate()
            else:
                self._lead_point(seat, card)
            return
        (leader, lead), (_, follow) = h.current
        number = len(h.tricks) + 1
        capot = number == 12
        if capot:
            w = leader if (follow.suit != lead.suit or follow.rank < lead.rank) else 1 - leader
            capot = h.won[w] == 11
        winner, awards = trick_awards(number, leader, lead, follow, self.options, capot)
        for award in awards:
            if award[2] != "lead":
                self._enter(TRICK, [award])
        h.tricks.append((leader, lead, follow, winner))
        h.won[winner] += 1
        h.current = []
        h.leader = winner
        self._emit(
            "trick",
            winner,
            {"number": number, "cards": [str(lead), str(follow)], "points": list(h.ledger.points)},
        )
        if number == 12:
            self._enter(CARDS, cards_award(h.won))
            self._end_hand("tricks")

    def _end_hand(self, how: str) -> None:
        h = self.hand
        assert h is not None
        h.ended = how
        pts = list(h.ledger.points)
        self.record = {
            "hand": h.number,
            "game": self.game_number,
            "dealer": h.dealer,
            "elder": h.elder,
            "points": pts,
            "lines": [ln.to_json() for ln in h.ledger.lines],
            "bonus": None
            if h.ledger.bonus is None
            else {"seat": h.ledger.bonus[0], "name": h.ledger.bonus[1]},
            "tricks": list(h.won),
            "ended": how,
        }
        self.scores = [self.scores[0] + pts[0], self.scores[1] + pts[1]]
        self.phase = OVER
        self._emit(
            "hand_end",
            None,
            {
                "hand": h.number,
                "points": pts,
                "scores": list(self.scores),
                "tricks": list(h.won),
                "ended": how,
            },
        )

    # -- outcome and views -------------------------------------------------------------

    def is_over(self) -> bool:
        return self.phase == OVER

    def result(self) -> dict[str, Any] | None:
        """Once the deal is over: its record (``hand``, ``game``, ``dealer``, ``elder``,
        ``points``, the ledger's ``lines``, ``bonus``, ``tricks``, ``ended``), the
        points as ``payments``, the game's ``totals`` after it, ``game_hands`` (the
        deals of the game so far), its ``first_dealer``, ``reached_at`` and ``steps``."""
        if self.record is None:
            return None
        return {
            **self.record,
            "payments": list(self.record["points"]),
            "totals": list(self.scores),
            "game_hands": self.hands_in_game,
            "first_dealer": self.game_dealer,
            "reached_at": list(self.reached_at),
            "steps": self.step_count,
        }

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` sees: its own cards (and marked discards), what it has seen of
        the talon, shown blank hands, the declarations as spoken, the current trick and
        the won tricks ``tricks_view`` allows, points and the game's totals. Never the
        other hand, unseen talon cards or the seed."""
        seat = check_seat(seat, 2)
        h = self.hand
        o = self.options
        obs: dict[str, Any] = {
            "game": "piquet",
            "seat": seat,
            "phase": self.phase,
            "to_act": [seat] if seat in self.to_act() else [],
            "legal": SPACE.texts(self.legal_actions(seat)),
            "options": o.to_json(),
            "game_number": self.game_number,
            "scores": list(self.scores),
        }
        if self.phase == CHOOSE or h is None:
            obs["chooser"] = self.chooser
            return obs
        rule = o.point_rule
        shown = [format_cards(sort_hand(h.dealt[s])) if s in h.shown else None for s in (0, 1)]
        tricks = [
            {"leader": lead_seat, "cards": [str(a), str(b)], "winner": w}
            for lead_seat, a, b, w in h.tricks
        ]
        if o.tricks_view == "last_only":
            tricks = tricks[-1:]
        obs.update(
            {
                "hand_number": h.number,
                "hands_in_game": self.hands_in_game,
                "dealer": h.dealer,
                "elder": h.elder,
                "role": ELDER if seat == h.elder else YOUNGER,
                "category": h.category
                if self.phase in (DECLARE, ANSWER)
                else (h.claims_due[0] if self.phase == CLAIM else None),
                "hand": format_cards(sort_hand(h.hands[seat])),
                "selected": format_cards(
                    sort_hand(
                        h.selected
                        if h.exchanger == seat
                        else h.held_back
                        if seat == h.elder
                        else []
                    )
                ),
                "hand_sizes": [len(h.hands[0]), len(h.hands[1])],
                "talon": len(h.talon),
                "peek": format_cards(h.peek) if seat == h.elder else "",
                "leftover": format_cards(h.leftover) if h.leftover_seen[seat] else None,
                "leftover_exposed": h.exposed,
                "discards": format_cards(sort_hand(h.discards[seat]))
                if o.own_discards_view == "allowed"
                else None,
                "discard_counts": [len(h.discards[0]), len(h.discards[1])],
                "carte_blanche": sorted(h.blanks),
                "shown": shown,
                "announced": h.announced,
                "lead_suit": h.lead_suit,
                "declarations": [{"category": c, "seat": s, "says": w} for c, s, w in h.dialogue],
                "spoken": list(h.spoken),
                "trick": [{"seat": s, "card": str(c)} for s, c in h.current],
                "tricks": tricks,
                "tricks_won": list(h.won),
                "hand_points": list(h.ledger.points),
                "point_rule": rule,
            }
        )
        return obs


# ---------------------------------------------------------------------------------------
# The partie: a match of deals


class PiquetRules(MatchRules):
    """How a partie of Piquet runs on the match layer.

    Each deal's :class:`~parlour.core.match.Setup` has the fixed seating
    (:data:`SEATING`), its seed (:func:`deal_seed`), ``round`` (the game, from 0), the
    ``dealer`` (the other player each deal of a game; for a game's first deal the first
    dealer, or 0 while a draw is to decide it) and in ``flags`` the game so far:
    ``game`` (its number, from 1), ``totals`` (its totals before the deal), ``deals``
    (its deals before the deal), ``first_dealer`` (None: the deal draws for it),
    ``games_won`` by each seat in earlier games, and ``reached_at`` and ``steps`` (for a
    tie at the target). A game ends when :func:`game_winner` names a winner; the partie
    after one game (``single_game``) or when a seat has won two. A player's score is the
    value of the games he won (1 a game to a target, :func:`seventeenth_century_value`
    of a six-deal game).

    ``first_dealer`` fixes the first game's first dealer (None: a draw), ``scores`` are
    the first game's starting totals and ``deck`` the first deal's pack order.
    """

    num_seats = 2

    def __init__(
        self,
        options: PiquetOptions | None = None,
        first_dealer: int | None = None,
        scores: Sequence[int] = (0, 0),
        deck: Sequence[Card] | None = None,
    ) -> None:
        self.options = options or PiquetOptions()
        self.first_dealer = None if first_dealer is None else check_seat(first_dealer, 2)
        self.scores = (int(scores[0]), int(scores[1]))
        self.deck = None if deck is None else tuple(deck)

    def _setup(self, match: Match, number: int, dealer: int, flags: dict[str, Any]) -> Setup:
        seed = deal_seed(match.seed, number)
        return Setup(number, seed, SEATING, dealer=dealer, round=flags["game"] - 1, flags=flags)

    def _new_game(
        self,
        match: Match,
        number: int,
        game: int,
        first: int | None,
        won: list[int],
        totals: Sequence[int] = (0, 0),
    ) -> Setup:
        flags = {
            "game": game,
            "totals": list(totals),
            "deals": 0,
            "first_dealer": first,
            "games_won": won,
            "reached_at": [None, None],
            "steps": 0,
        }
        return self._setup(match, number, 0 if first is None else first, flags)

    def first_setup(self, match: Match) -> Setup:
        return self._new_game(match, 1, 1, self.first_dealer, [0, 0], self.scores)

    def new_game(self, match: Match, setup: Setup) -> PiquetDeal:
        f = setup.flags
        starts = f["deals"] == 0
        return PiquetDeal(
            self.options,
            seed=setup.seed,
            deck=self.deck if setup.number == 1 else None,
            dealer=f["first_dealer"] if starts else setup.dealer,
            first_dealer=f["first_dealer"],
            number=setup.number,
            game=f["game"],
            totals=f["totals"],
            played=f["deals"],
            reached_at=f["reached_at"],
            steps=f["steps"],
        )

    def game_end(self, result: Mapping[str, Any]) -> dict[str, Any] | None:
        """The game a deal ended with ``result`` has won (``game``, final ``scores``,
        ``winner``, ``value``, ``hands``, ``first_dealer``), or None if it goes on."""
        totals = result["totals"]
        winner = game_winner(self.options, totals, result["game_hands"], result["reached_at"])
        if winner is None:
            return None
        value = 1
        if self.options.game_format == "six_deals":
            value = seventeenth_century_value(totals[winner], totals[1 - winner])
        return {
            "game": result["game"],
            "scores": list(totals),
            "winner": winner,
            "value": value,
            "hands": result["game_hands"],
            "first_dealer": result["first_dealer"],
        }

    def next_setup(self, match: Match, last: Setup, result: Mapping[str, Any]) -> Setup | None:
        f = last.flags
        number = last.number + 1
        ended = self.game_end(result)
        if ended is None:
            flags = {
                **thaw(f),
                "totals": list(result["totals"]),
                "deals": result["game_hands"],
                "first_dealer": result["first_dealer"],
                "reached_at": list(result["reached_at"]),
                "steps": result["steps"],
            }
            return self._setup(match, number, 1 - result["dealer"], flags)
        won = list(f["games_won"])
        won[ended["winner"]] += 1
        if self.options.partie == "single_game" or max(won) >= 2:
            return None
        first = None
        if self.options.new_game_dealer == "alternate":
            first = 1 - result["first_dealer"]
        return self._new_game(match, number, f["game"] + 1, first, won)

    def player_payments(self, match: Match, setup: Setup, result: Mapping[str, Any]) -> list[int]:
        """The value of the game the deal won, to its winner (nothing while it goes on)."""
        out = [0, 0]
        ended = self.game_end(result)
        if ended is not None:
            out[ended["winner"]] = ended["value"]
        return out


class Piquet(Match):
    """A partie of Piquet between seats 0 and 1: a :class:`~parlour.core.match.Match`
    of :class:`PiquetDeal` games under :class:`PiquetRules` (``setups`` and
    ``outcomes`` list the deals), itself on the game protocol.

    ``options`` (a mapping, or keywords) are those of :data:`OPTIONS`; ``seed`` gives
    each deal its seed (:func:`deal_seed`), which draws for the first dealer of a game
    and shuffles; ``deck`` (cards or text, top first) is the pack order of the first
    deal instead of a shuffle; ``dealer`` fixes the first dealer (no draw); ``scores``
    are the game totals the first game starts from.

    Its ``hand``, ``phase`` and ``chooser`` are the current deal's and ``totals`` the
    current game's; ``games`` are the games finished, ``scores`` (the match's) the
    values of the games each seat has won, ``hand_records`` every deal's record, and
    ``events`` and ``actions`` the partie's so far. A deal that wins a game is followed
    by ``game_end``, then ``partie_end`` or the next deal's events.

    >>> deck = deal_order(parse_cards("AS KS QS JS 10S 9S AH KH QH 8H 7H 8D"),
    ...                   parse_cards("8S 7S JH 9H QD JD 10D 9D 7D AC QC 9C"),
    ...                   parse_cards("KD KC 7C AD 10H JC 10C 8C"))
    >>> game = Piquet(seed=1, deck=deck, dealer=1)
    >>> game.to_act(), game.phase, game.observation(0)["hand"]
    ((0,), 'exchange', 'AS KS QS JS 10S 9S AH KH QH 8H 7H 8D')
    >>> for text in ("discard 8H", "discard 7H", "discard 8D", "exchange"):
    ...     _ = game.apply(0, game.parse_action(text))
    >>> game.observation(0)["hand"]
    'AS KS QS JS 10S 9S AH KH QH KD KC 7C'
    >>> game.hand_number, game.setup.dealer, game.setup.flags["totals"], game.outcomes
    (1, 1, (0, 0), [])
    """

    deals: list[PiquetDeal]

    def __init__(
        self,
        options: Mapping[str, Any] | None = None,
        *,
        seed: int = 0,
        deck: Sequence[Card] | str | None = None,
        dealer: int | None = None,
        scores: Sequence[int] | None = None,
        **more_options: Any,
    ) -> None:
        self.options = PiquetOptions.make({**(options or {}), **more_options})
        self.pack = pack(self.options.deck_size)
        first_deck = read_deck(deck, self.pack) if deck is not None else None
        if dealer is not None:
            dealer = check_seat(dealer, 2)
        start = [0, 0] if scores is None else [int(s) for s in scores]
        if len(start) != 2:
            raise ValueError("scores are the two seats' game totals")
        self.events: list[Event] = []
        self.actions: list[tuple[int, Action]] = []
        self.rules = PiquetRules(self.options, dealer, start, first_deck)
        super().__init__(self.rules, seed=seed)
        self.events.extend(self.deal.events)

    # -- the match layer keeps its deals as ``deals``; ``games`` are the games won -------

    @property  # type: ignore[override]
    def games(self) -> list[dict[str, Any]]:
        """Each game finished: its number, final ``scores``, ``winner``, ``value``,
        ``hands`` dealt and ``first_dealer``."""
        return [g for o in self.outcomes if (g := self.rules.game_end(o.result)) is not None]

    @games.setter
    def games(self, deals: list[Any]) -> None:
        self.deals = deals

    def _start(self, setup: Setup) -> None:
        self.setups.append(setup)
        self.deals.append(self.rules.new_game(self, setup))

    @property
    def game(self) -> PiquetDeal:
        """The deal in play (the last one, finished, once the partie is over)."""
        return self.deals[-1]

    @property
    def deal(self) -> PiquetDeal:
        return self.deals[-1]

    # -- the current deal --------------------------------------------------------------

    @property
    def hand(self) -> HandState | None:
        """The hand being played (None while the first dealer is being chosen)."""
        return self.deal.hand

    @property
    def phase(self) -> str:
        return self.deal.phase

    @property
    def chooser(self) -> int:
        return self.deal.chooser

    @property
    def totals(self) -> list[int]:
        """The game's totals (as the current deal started, or after it once over)."""
        return list(self.deal.scores)

    @property
    def hand_records(self) -> list[dict[str, Any]]:
        """Every finished deal's record (points, ledger lines, bonus, tricks, ended)."""
        return [d.record for d in self.deals if d.record is not None]

    # -- the protocol ------------------------------------------------------------------

    def legal_actions(self, seat: int) -> list[Action]:
        return super().legal_actions(check_seat(seat, 2))

    def apply(self, seat: int, action: Action, *, hand: int | None = None) -> list[Event]:
        """Apply ``action`` by ``seat`` to the current deal (``hand``, when given, is
        the deal it is meant for) and return its events; when the deal wins a game,
        they go on with ``game_end`` and ``partie_end`` or the next deal's."""
        seat = check_seat(seat, 2)
        if self.is_over():
            raise IllegalAction("the partie is over")
        current = self.deal
        finished = len(self.outcomes)
        events = super().apply(seat, action, hand=hand)
        self.actions.append(current.actions[-1])
        if len(self.outcomes) > finished:
            events = [*events, *self._deal_ended()]
        self.events.extend(events)
        return events

    def _deal_ended(self) -> list[Event]:
        out: list[Event] = []
        ended = self.rules.game_end(self.outcomes[-1].result)
        if ended is not None:
            out.append(Event("game_end", ended["winner"], ended))
            if self.is_over():
                won = [sum(1 for g in self.games if g["winner"] == s) for s in (0, 1)]
                out.append(Event("partie_end", ended["winner"], {"games_won": won}))
        if not self.is_over():
            out.extend(self.deal.events)
        return out

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` sees (:meth:`PiquetDeal.observation`), the ``games`` finished,
        the ``result`` once over and the match around it (``match``)."""
        obs = super().observation(check_seat(seat, 2))
        obs["games"] = [dict(g, scores=list(g["scores"])) for g in self.games]
        obs["result"] = self.result()
        return obs

    def spectator_observation(self) -> dict[str, Any]:
        """What everyone may see (a spectator): a player's view without that player's
        hand, marked cards, peek, discards and role, and the leftover talon only once
        it is exposed.

        >>> view = Piquet(seed=1).spectator_observation()
        >>> view["seat"], view["hand"], view["leftover"]
        (None, '', None)
        """
        obs = self.observation(0)
        obs.update(seat=None, hand="", selected="", peek="", discards=None, role=None)
        obs.update(legal=[], to_act=[])
        if not obs.get("leftover_exposed"):
            obs["leftover"] = None
        return obs

    def mask(self, seat: int) -> list[bool]:
        """The legal actions of ``seat`` as flags over the fixed encoding."""
        return SPACE.mask(self.legal_actions(seat))

    # -- the partie --------------------------------------------------------------------

    def result(self) -> dict[str, Any] | None:
        """Once the partie is over: each game (final totals, winner, value: 1 a game to
        a target, the 17th-century score of a six-deal game), ``games_won``, ``scores``
        (each seat's game values added), ``payments`` (each seat's score less the other's)
        and the ``winner``."""
        if not self.is_over():
            return None
        games = self.games
        wins = [sum(1 for g in games if g["winner"] == s) for s in (0, 1)]
        scores = [sum(g["value"] for g in games if g["winner"] == s) for s in (0, 1)]
        return {
            "games": [dict(g, scores=list(g["scores"])) for g in games],
            "games_won": wins,
            "scores": scores,
            "payments": [scores[0] - scores[1], scores[1] - scores[0]],
            "winner": 0 if wins[0] > wins[1] else 1,
        }

    def results(self) -> dict[str, Any]:
        """The match layer's summary: ``scores`` (game values), ``standings``, ``hands``
        (deals finished) and ``complete``."""
        return {
            "scores": list(self.scores),
            "standings": standings(self.scores, self.players),
            "hands": len(self.outcomes),
            "complete": self.is_over(),
        }

    def state(self) -> dict[str, Any]:
        """The whole state, hidden parts included (for tests and records, never for a
        player): hands, talon, discards, totals, phase."""
        h = self.hand
        out: dict[str, Any] = {
            "phase": self.phase,
            "scores": self.totals,
            "games": self.games,
            "hand_records": self.hand_records,
        }
        if h is not None:
            out.update(
                {
                    "hands": [format_cards(h.hands[0]), format_cards(h.hands[1])],
                    "talon": format_cards(h.talon),
                    "discards": [format_cards(h.discards[0]), format_cards(h.discards[1])],
                    "tricks": [(a, str(b), str(c), d) for a, b, c, d in h.tricks],
                    "current": [(s, str(c)) for s, c in h.current],
                    "points": list(h.ledger.points),
                }
            )
        return out


def replay(actions: Iterable[tuple[int, str]], **kwargs: Any) -> Piquet:
    """A game rebuilt from its constructor arguments and actions (seat, text).

    >>> game = replay([(0, "discard 7C"), (0, "exchange")], seed=3, dealer=1)
    >>> game.to_act(), game.phase
    ((1,), 'exchange')
    """
    game = Piquet(**kwargs)
    for seat, text in actions:
        game.apply(seat, game.parse_action(text))
    return game


__all__ = [
    "CATEGORIES",
    "OPTIONS",
    "POINT",
    "SEATING",
    "SEQUENCE",
    "SET",
    "SPACE",
    "Combination",
    "DeclarationScore",
    "Ledger",
    "Piquet",
    "PiquetDeal",
    "PiquetOptions",
    "PiquetRules",
    "Settlement",
    "card_value",
    "combinations",
    "deal",
    "deal_order",
    "deal_seed",
    "game_winner",
    "is_blank",
    "pack",
    "points",
    "read_deck",
    "replay",
    "score_json",
    "sequences",
    "sets",
    "settle",
    "sort_hand",
    "strongest",
]

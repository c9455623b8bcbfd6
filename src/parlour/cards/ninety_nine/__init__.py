"""Ninety-Nine: three players, 36 cards, a bid made by laying three cards aside.

The rules, each in one place:

* the suits' bid values and a bid (:data:`BID_VALUES`, :func:`bid_value`);
* the trump suit set by the previous deal's count of successes (:func:`trumps_after`);
* the deal, one card at a time from the dealer's left (:func:`deal_hands`);
* premium offers and their priority (:func:`resolve_premium`);
* following suit and winning a trick (:func:`legal_plays`, :func:`trick_winner`);
* scoring a deal (:func:`score_deal`);
* game length, game wins and ties (:class:`Standings`).

On top of them sit the score keeper (:func:`score_json`, one deal's scores from a JSON
situation) and the engine: one deal is a game (:class:`NinetyNineDeal`, on the
:class:`~parlour.core.game.Game` protocol) and a whole game of many deals is a match of
them (:class:`NinetyNine`, a :class:`~parlour.core.match.Match`).

Players are seats 0, 1, 2, written A, B, C, seated clockwise: the player at seat
``s``'s left is seat ``(s + 1) % 3``.

>>> bid_value(parse_cards("JH KD JD")), bid_value(parse_cards("9C 8C 7C"))
(2, 9)
>>> trumps_after(3), trumps_after(0)
('C', 'D')
>>> deal = score_deal(bids=(2, 4, 3), tricks=(2, 4, 3))
>>> deal.scores, deal.successes, deal.next_trumps
((12, 14, 13), 3, 'C')

**Actions** (the fixed encoding, 7,179 actions): ``pass`` (0), ``declare`` (1),
``reveal`` (2), ``play <card>`` (3-38, in :data:`NINETY_NINE_PACK` order) and
``bid <card> <card> <card>`` (39-7178: the three bid cards laid aside at once, as a set,
numbered by the combinatorial number system on their pack indices). A bid is one
action: a seat's legal actions while bidding are the 220 sets of three of its 12 cards.

>>> game = NinetyNine(seed=1)
>>> game.phase, game.to_act(), len(game.legal_actions(0)), game.action_space_size
('bid', (0, 1, 2), 220, 7179)
>>> game.parse_action("bid JH kd JD")
Action(kind='bid', payload=(14, 16, 23))
>>> game.format_action(game.parse_action("bid JH kd JD")), game.encode(Action("play", 35))
('bid JD KD JH', 38)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from parlour.cards.cards import (
    NINETY_NINE_PACK,
    SUIT_NAMES,
    Card,
    card_index,
    format_cards,
    parse_card,
    parse_cards,
    parse_hand,
    sort_cards,
)
from parlour.core.actions import NOTHING, Action, ActionSpace, Items, Several
from parlour.core.errors import IllegalAction, InvalidHand
from parlour.core.game import Event, SpaceActions, check_seat, thaw
from parlour.core.match import Match, MatchRules, Setup, standings
from parlour.core.options import Option, check_options, option_values
from parlour.core.rng import derive_seed, game_rng

__all__ = [
    "ACTION_SPACE",
    "BID_VALUES",
    "OPTIONS",
    "PLAYERS",
    "PREMIUMS",
    "SUCCESS_BONUS",
    "DealScore",
    "NinetyNine",
    "NinetyNineDeal",
    "NinetyNineRules",
    "ScoreResult",
    "SessionResult",
    "Standings",
    "bid_action",
    "bid_value",
    "deal_hands",
    "deal_seed",
    "deck_for_hands",
    "legal_plays",
    "parse_deck",
    "play_action",
    "resolve_premium",
    "score_deal",
    "score_json",
    "score_session_json",
    "shuffled_deck",
    "trick_winner",
    "trumps_after",
]

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

OPTIONS: tuple[Option, ...] = (
    Option(
        "game_format",
        "fixed_deals",
        "fixed_deals: a fixed number of deals; three_game_wins: first to win 3 races to 100",
        ("fixed_deals", "three_game_wins"),
    ),
    Option("deal_count", 9, "deals in a fixed_deals game: 9 or another multiple of 9"),
    Option("game_target", 100, "the total that wins one game of three_game_wins", (100,)),
    Option(
        "premium_announcement",
        "simultaneous",
        "premium offers made privately at once, or once each in seat order",
        ("simultaneous", "sequential"),
    ),
    Option(
        "revealed_hand_exposure",
        "whole_play",
        "a revealed hand stays face up the whole play, or is shown once before the lead",
        ("whole_play", "once"),
    ),
    Option(
        "trump_reset_each_game",
        False,
        "diamonds are trumps in the first deal of every game (three_game_wins only)",
    ),
    Option(
        "tie_resolution",
        "extra_deals",
        "a shared top total: play single extra deals, or the tied players share the win",
        ("extra_deals", "shared"),
    ),
)
"""The options of §1 of the rules, with their defaults."""


def _check_ninety_nine_options(given: Mapping[str, Any]) -> dict[str, Any]:
    """Every option's value (given or default), each checked; ValueError naming a bad one."""
    checked = check_options(OPTIONS, given, "ninety-nine")
    values = option_values(OPTIONS, checked)
    count = values["deal_count"]
    if count < 9 or count % 9:
        raise ValueError(f"option deal_count must be 9 or another multiple of 9, not {count}")
    return values


# --- the rules -------------------------------------------------------------------------


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


# --- the score keeper ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ScoreResult:
    """The score keeper's answer for one deal: scores by player, the number of
    successful bidders, the next deal's trumps, and the detail (:attr:`deal`);
    ``trumps`` echoes the deal's trump suit when the situation gave it."""

    players: str
    deal: DealScore
    trumps: str | None = None

    @property
    def scores(self) -> dict[str, int]:
        return dict(zip(self.players, self.deal.scores, strict=True))

    @property
    def successes(self) -> int:
        return self.deal.successes

    @property
    def next_trumps(self) -> str:
        return self.deal.next_trumps

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"rules": "ninety-nine"}
        if self.trumps is not None:
            out["trumps"] = self.trumps
        return out | self.deal.to_json(self.players)


@dataclass(frozen=True, slots=True)
class SessionResult:
    """The score keeper's answer for a session of deals: each deal's result with its
    trumps and the totals after it, and the standings (:class:`Standings`) at the end."""

    players: str
    options: Mapping[str, Any]
    deals: tuple[ScoreResult, ...]
    totals_after: tuple[tuple[int, ...], ...]
    games_ended: tuple[tuple[int, ...] | None, ...]
    standings: Standings
    next_trumps: str

    def to_json(self) -> dict[str, Any]:
        names = self.players

        def by_name(values: Sequence[int]) -> dict[str, int]:
            return dict(zip(names, values, strict=True))

        deals = []
        for result, totals, ended in zip(
            self.deals, self.totals_after, self.games_ended, strict=True
        ):
            entry = result.to_json()
            del entry["rules"]
            entry["totals"] = by_name(totals)
            entry["game_won_by"] = None if ended is None else [names[s] for s in ended]
            deals.append(entry)
        st = self.standings
        return {
            "rules": "ninety-nine",
            "options": dict(self.options),
            "deals": deals,
            "totals": by_name(st.totals),
            "points": by_name(st.points),
            "game_wins": by_name(st.game_wins),
            "games": [[names[s] for s in game] for game in st.games],
            "over": st.over,
            "winners": [names[s] for s in st.winners],
            "next_trumps": self.next_trumps,
        }


def _player_names(situation: Mapping[str, Any]) -> str:
    given = situation.get("players")
    if given is None:
        bids = situation.get("bids")
        if not isinstance(bids, Mapping):
            raise InvalidHand("'bids' must be an object of player: bid (or bid cards)")
        names = list(bids)
    elif isinstance(given, str | Sequence):
        names = list(given)
    else:
        raise InvalidHand(f"'players' must be three letters such as 'ABC', not {given!r}")
    if len(names) != NUM_SEATS or len(set(names)) != NUM_SEATS:
        raise InvalidHand(f"Ninety-Nine has three players, not {names!r}")
    for name in names:
        if not isinstance(name, str) or len(name) != 1 or not name.isalpha():
            raise InvalidHand(f"a player is named by one letter, not {name!r}")
    return "".join(names)


def _per_player(situation: Mapping[str, Any], key: str, names: str) -> list[Any]:
    value = situation.get(key)
    if not isinstance(value, Mapping):
        raise InvalidHand(f"{key!r} must be an object with one entry per player")
    unknown = [k for k in value if k not in names]
    if unknown:
        raise InvalidHand(f"{key!r} names an unknown player {unknown[0]!r} (players: {names})")
    missing = [n for n in names if n not in value]
    if missing:
        raise InvalidHand(f"{key!r} has no entry for player {missing[0]}")
    return [value[n] for n in names]


def _read_bids(situation: Mapping[str, Any], names: str) -> tuple[int, ...]:
    raw = _per_player(situation, "bids", names)
    bids: list[int] = []
    laid: list[Card] = []
    for name, bid in zip(names, raw, strict=True):
        if isinstance(bid, str) or (isinstance(bid, Sequence) and not isinstance(bid, bytes)):
            cards = parse_hand(bid if isinstance(bid, str) else _card_list(bid, name))
            cards = parse_hand(cards, NINETY_NINE_PACK)
            if len(cards) != BID_SIZE:
                raise InvalidHand(
                    f"player {name} lays aside 3 bid cards, not {len(cards)} "
                    f"({format_cards(cards)!r})"
                )
            laid.extend(cards)
            bids.append(bid_value(cards))
        elif type(bid) is int:
            if not 0 <= bid <= TRICKS:
                raise InvalidHand(f"player {name}'s bid is 0-9, not {bid}")
            bids.append(bid)
        else:
            raise InvalidHand(f"player {name}'s bid is a number 0-9 or three cards, not {bid!r}")
    parse_hand(laid)  # the same card laid aside by two players
    return tuple(bids)


def _card_list(value: Sequence[Any], name: str) -> tuple[Card, ...]:
    cards = []
    for item in value:
        if not isinstance(item, str):
            raise InvalidHand(f"player {name}'s bid cards are card texts, not {item!r}")
        cards.append(parse_card(item))
    return tuple(cards)


def _read_tricks(situation: Mapping[str, Any], names: str) -> tuple[int, ...]:
    raw = _per_player(situation, "tricks", names)
    for name, count in zip(names, raw, strict=True):
        if type(count) is not int or not 0 <= count <= TRICKS:
            raise InvalidHand(f"player {name}'s tricks are a whole number 0-9, not {count!r}")
    if sum(raw) != TRICKS:
        shown = ", ".join(f"{n} {t}" for n, t in zip(names, raw, strict=True))
        raise InvalidHand(f"the tricks won add up to {sum(raw)}, not 9 ({shown})")
    return tuple(raw)


def _read_premium(situation: Mapping[str, Any], names: str) -> tuple[int, Premium] | None:
    premium = situation.get("premium")
    offers = situation.get("offers")
    if offers is not None:
        if premium is not None:
            raise InvalidHand("give either 'premium' or 'offers', not both")
        dealer = situation.get("dealer")
        if not isinstance(dealer, str) or dealer not in names:
            raise InvalidHand(f"'offers' need the 'dealer', one of {names}, not {dealer!r}")
        if not isinstance(offers, Mapping):
            raise InvalidHand("'offers' must be an object of player: declare or reveal")
        unknown = [k for k in offers if k not in names]
        if unknown:
            raise InvalidHand(f"'offers' names an unknown player {unknown[0]!r}")
        by_seat: list[str | None] = [None] * NUM_SEATS
        for name, offer in offers.items():
            if offer not in (None, "pass", "declare", "reveal"):
                raise InvalidHand(
                    f"player {name}'s offer is pass, declare or reveal, not {offer!r}"
                )
            by_seat[names.index(name)] = offer
        return resolve_premium(by_seat, (names.index(dealer) + 1) % NUM_SEATS)
    if premium is None:
        return None
    if not isinstance(premium, Mapping):
        raise InvalidHand(f"'premium' is null or {{holder, kind}}, not {premium!r}")
    holder, kind = premium.get("holder"), premium.get("kind")
    if not isinstance(holder, str) or holder not in names:
        raise InvalidHand(f"the premium holder must be one of {names}, not {holder!r}")
    if kind not in PREMIUMS:
        raise InvalidHand(f"the premium kind is declare or reveal, not {kind!r}")
    extra = set(premium) - {"holder", "kind"}
    if extra:
        raise InvalidHand(f"'premium' has unknown field {sorted(extra)[0]!r}")
    return names.index(holder), "reveal" if kind == "reveal" else "declare"


_SITUATION_FIELDS = frozenset(
    {"rules", "players", "bids", "tricks", "premium", "offers", "dealer", "trumps"}
)
_SESSION_FIELDS = frozenset({"rules", "players", "options", "deals"})


def _check_fields(situation: Mapping[str, Any], allowed: frozenset[str], what: str) -> None:
    if not isinstance(situation, Mapping):
        raise InvalidHand(f"{what} is a JSON object, not {type(situation).__name__}")
    extra = set(situation) - allowed
    if extra:
        raise InvalidHand(
            f"unknown field {sorted(extra)[0]!r} in {what} (fields: {', '.join(sorted(allowed))})"
        )


def _score_one(situation: Mapping[str, Any], names: str) -> ScoreResult:
    trumps = situation.get("trumps")
    if trumps is not None and (not isinstance(trumps, str) or trumps not in BID_VALUES):
        raise InvalidHand(f"trumps are one suit letter C, D, H or S, not {trumps!r}")
    bids = _read_bids(situation, names)
    tricks = _read_tricks(situation, names)
    premium = _read_premium(situation, names)
    return ScoreResult(names, score_deal(bids, tricks, premium), trumps)


def score_session_json(session: Mapping[str, Any]) -> SessionResult:
    """Score a session of deals: ``deals`` (a list of one-deal situations as for
    :func:`score_json`, without ``rules``), ``options`` (those of :data:`OPTIONS`) and
    ``players`` (optional). Each deal's trumps follow the chain of §4 from diamonds; a
    deal that gives ``trumps`` must agree with it. Deals after the session is over are
    refused.

    >>> deals = [{"bids": {"A": 2, "B": 4, "C": 3}, "tricks": {"A": 2, "B": 4, "C": 3}},
    ...          {"bids": {"A": 5, "B": 4, "C": 4}, "tricks": {"A": 1, "B": 4, "C": 4},
    ...           "premium": {"holder": "B", "kind": "declare"}, "trumps": "C"}]
    >>> out = score_session_json({"deals": deals}).to_json()
    >>> out["points"], out["next_trumps"], [d["trumps"] for d in out["deals"]]
    ({'A': 13, 'B': 68, 'C': 37}, 'H', ['D', 'C'])
    """
    _check_fields(session, _SESSION_FIELDS, "a session")
    rules = session.get("rules", "ninety-nine")
    if rules != "ninety-nine":
        raise InvalidHand(f"this score keeper is for ninety-nine, not {rules!r}")
    options = session.get("options") or {}
    if not isinstance(options, Mapping):
        raise InvalidHand(f"'options' must be an object of name: value, not {options!r}")
    try:
        standings = Standings(options)
    except ValueError as e:
        raise InvalidHand(str(e)) from None
    deals = session.get("deals")
    if not isinstance(deals, Sequence) or isinstance(deals, str) or not deals:
        raise InvalidHand("'deals' must be a non-empty list of deals")
    names: str | None = None
    if "players" in session:
        names = _player_names(session)
    trumps = FIRST_TRUMPS
    results: list[ScoreResult] = []
    totals_after: list[tuple[int, ...]] = []
    ended_by_deal: list[tuple[int, ...] | None] = []
    for number, deal in enumerate(deals, 1):
        _check_fields(deal, _SITUATION_FIELDS - {"rules"}, f"deal {number}")
        deal_names = names or _player_names(deal)
        if names is None:
            names = deal_names
        elif set(deal_names) != set(names):
            raise InvalidHand(f"deal {number} has players {deal_names}, not {names}")
        if standings.over:
            raise InvalidHand(f"the session was over before deal {number}")
        result = _score_one(deal, names)
        if result.trumps is not None and result.trumps != trumps:
            raise InvalidHand(
                f"deal {number} gives trumps {result.trumps}, but the previous deal makes "
                f"them {trumps}"
            )
        result = ScoreResult(names, result.deal, trumps)
        ended = standings.add(result.deal.scores)
        trumps = standings.next_trumps(result.deal, ended is not None)
        results.append(result)
        totals_after.append(tuple(standings.totals))
        ended_by_deal.append(ended)
    assert names is not None
    return SessionResult(
        names,
        dict(standings.options),
        tuple(results),
        tuple(totals_after),
        tuple(ended_by_deal),
        standings,
        trumps,
    )


def score_json(situation: Mapping[str, Any]) -> ScoreResult | SessionResult:
    """Score one deal of Ninety-Nine from a JSON situation (or a session of deals, when
    the situation has ``deals``: see :func:`score_session_json`).

    Input: ``bids`` (player: bid 0-9, or the three bid cards as text ``"JH KD JD"`` or a
    list of card texts), ``tricks`` (player: tricks won, adding up to 9), and either
    ``premium`` (null or ``{"holder": "A", "kind": "declare" | "reveal"}``) or
    ``offers`` (player: ``declare``/``reveal``/``pass``) with the ``dealer`` (the holder
    is then found by the rules of priority). ``rules`` (if given) must be
    ``"ninety-nine"``; ``players`` (optional) gives the seat order clockwise, else the
    order of ``bids``. ``trumps`` (optional, the deal's trump suit) is checked and
    echoed; it does not change the scores.

    >>> result = score_json({"rules": "ninety-nine",
    ...     "bids": {"A": "7S 9H 6H", "B": "QS 7D 9C", "C": "KH QH KD"},
    ...     "tricks": {"A": 1, "B": 4, "C": 4},
    ...     "premium": {"holder": "B", "kind": "declare"}})
    >>> result.scores, result.successes, result.next_trumps
    ({'A': 1, 'B': 54, 'C': 24}, 2, 'H')
    >>> score_json({"bids": {"A": 3, "B": 3, "C": 3}, "tricks": {"A": 3, "B": 3, "C": 2}})
    Traceback (most recent call last):
    ...
    parlour.core.errors.InvalidHand: the tricks won add up to 8, not 9 (A 3, B 3, C 2)
    """
    if isinstance(situation, Mapping) and "deals" in situation:
        return score_session_json(situation)
    _check_fields(situation, _SITUATION_FIELDS, "a situation")
    rules = situation.get("rules", "ninety-nine")
    if rules != "ninety-nine":
        raise InvalidHand(f"this score keeper is for ninety-nine, not {rules!r}")
    return _score_one(situation, _player_names(situation))


# --- the engine game -------------------------------------------------------------------


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


BIDDING, OFFERING, PLAYING, OVER = "bid", "premium", "play", "over"


SEATING = tuple(range(NUM_SEATS))
"""Every deal's seating: player ``p`` at seat ``p`` (the deal moves round the table)."""


def deal_seed(seed: int, number: int) -> int:
    """The seed that shuffles deal ``number`` (from 1) of a game seeded ``seed``.

    >>> deal_seed(1, 1) == deal_seed(1, 1) != deal_seed(1, 2)
    True
    """
    return derive_seed("ninety-nine-deal", seed, number)


def shuffled_deck(seed: int) -> tuple[Card, ...]:
    """The pack shuffled by ``seed`` (top card first).

    >>> sorted(shuffled_deck(3)) == sorted(NINETY_NINE_PACK), shuffled_deck(3) == shuffled_deck(4)
    (True, False)
    """
    deck = list(NINETY_NINE_PACK)
    game_rng(seed).shuffle(deck)
    return tuple(deck)


class NinetyNineDeal(SpaceActions):
    """One deal of Ninety-Nine on the :class:`~parlour.core.game.Game` protocol.

    The hands are dealt from ``deck`` (top card first) by ``dealer``; every seat lays
    aside three bid cards at once (phase ``"bid"``); premium offers are collected
    (``"premium"``: all at once, or one seat at a time in seat order under
    ``premium_announcement="sequential"``); nine tricks are played with ``trumps``
    (``"play"``); then the deal is scored (``"over"``) and :meth:`result` gives each
    seat's points as ``payments``. ``number`` and ``game`` (the deal's and its game's
    numbers in a whole game) label its events and observations.

    >>> deal = NinetyNineDeal(NINETY_NINE_PACK, dealer=2, trumps="C")
    >>> deal.phase, deal.first_seat, deal.to_act(), format_cards(deal.hand(0)[:3])
    ('bid', 0, (0, 1, 2), '6C 9C QC')
    """

    num_seats = NUM_SEATS
    space = ACTION_SPACE

    def __init__(
        self,
        deck: str | Iterable[Card | str],
        *,
        dealer: int = 0,
        trumps: str = FIRST_TRUMPS,
        options: Mapping[str, Any] | None = None,
        number: int = 1,
        game: int = 1,
    ) -> None:
        self.options = _check_ninety_nine_options(dict(options or {}))
        self.deck = parse_deck(deck)
        self.dealer = check_seat(dealer, NUM_SEATS)
        if trumps not in BID_VALUES:
            raise ValueError(f"trumps are one suit letter C, D, H or S, not {trumps!r}")
        self.trumps = trumps
        self.number = number
        self.game_number = game
        self.phase = BIDDING
        self.actions: list[tuple[int, Action]] = []
        self._hands = [list(hand) for hand in deal_hands(self.deck, self.dealer)]
        self._bid_cards: list[tuple[Card, ...] | None] = [None] * NUM_SEATS
        self._offers: list[str | None] = [None] * NUM_SEATS
        self._offers_public = self.options["premium_announcement"] == "sequential"
        self.premium: tuple[int, Premium] | None = None
        self._hand_shown = False
        self.leader = self.first_seat
        self.trick: list[tuple[int, Card]] = []
        self.tricks: list[tuple[int, tuple[Card, ...], int]] = []
        self.tricks_won = [0] * NUM_SEATS
        self.deal_score: DealScore | None = None
        self._result: dict[str, Any] | None = None
        events = [
            Event(
                "deal",
                self.dealer,
                {"deal": number, "game": game, "dealer": self.dealer, "trumps": trumps},
            )
        ]
        for seat in range(NUM_SEATS):
            events.append(Event("hand", seat, {"cards": self._texts(self._hands[seat])}, seat))
        self._start_events = events

    def start_events(self) -> list[Event]:
        """The events of the deal (the deal and each seat's private hand)."""
        return list(self._start_events)

    @property
    def first_seat(self) -> int:
        """The dealer's left: first in seat order, and leader to the first trick."""
        return (self.dealer + 1) % NUM_SEATS

    @staticmethod
    def _texts(cards: Iterable[Card]) -> list[str]:
        return [str(card) for card in sort_cards(cards)]

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds now (for tests and tools; a seat sees only its own
        through :meth:`observation`)."""
        return tuple(self._hands[check_seat(seat, NUM_SEATS)])

    def bid_cards(self, seat: int) -> tuple[Card, ...] | None:
        """The cards ``seat`` has laid aside (None before it bids)."""
        return self._bid_cards[check_seat(seat, NUM_SEATS)]

    def bids(self) -> tuple[int | None, ...]:
        """Each seat's bid (None before it bids)."""
        return tuple(None if c is None else bid_value(c) for c in self._bid_cards)

    # -- the protocol -------------------------------------------------------------------

    def to_act(self) -> tuple[int, ...]:
        if self.phase == BIDDING:
            return tuple(s for s in range(NUM_SEATS) if self._bid_cards[s] is None)
        if self.phase == OFFERING:
            waiting = tuple(s for s in range(NUM_SEATS) if self._offers[s] is None)
            if self.options["premium_announcement"] == "sequential":
                order = [(self.first_seat + i) % NUM_SEATS for i in range(NUM_SEATS)]
                return tuple(s for s in order if s in waiting)[:1]
            return waiting
        if self.phase == PLAYING:
            return ((self.leader + len(self.trick)) % NUM_SEATS,)
        return ()

    def legal_actions(self, seat: int) -> list[Action]:
        seat = check_seat(seat, NUM_SEATS)
        if seat not in self.to_act():
            return []
        if self.phase == BIDDING:
            indices = sorted(card_index(c, NINETY_NINE_PACK) for c in self._hands[seat])
            out = []
            for i, a in enumerate(indices):
                for j in range(i + 1, len(indices)):
                    for k in range(j + 1, len(indices)):
                        out.append(Action("bid", (a, indices[j], indices[k])))
            return out
        if self.phase == OFFERING:
            return [Action("pass"), Action("declare"), Action("reveal")]
        led = self.trick[0][1].suit if self.trick else None
        return [play_action(card) for card in sort_cards(legal_plays(self._hands[seat], led))]

    def apply(self, seat: int, action: Action) -> list[Event]:
        seat = check_seat(seat, NUM_SEATS)
        if self.phase == OVER:
            raise IllegalAction("the deal is over")
        action = self.space.normalise(action)
        if seat not in self.to_act():
            raise IllegalAction(f"seat {PLAYERS[seat]} is not to act now ({self.phase} phase)")
        kind = action.kind
        if self.phase == BIDDING:
            if kind != "bid":
                raise IllegalAction(f"now each seat lays aside 3 bid cards, not {kind}")
            events = self._bid(seat, action.payload)
        elif self.phase == OFFERING:
            if kind not in _OFFER_RANK:
                raise IllegalAction(f"now each seat passes, declares or reveals, not {kind}")
            events = self._offer(seat, kind)
        else:
            if kind != "play":
                raise IllegalAction(f"now {PLAYERS[seat]} plays a card to the trick, not {kind}")
            events = self._play(seat, NINETY_NINE_PACK[action.payload])
        self.actions.append((seat, action))
        return events

    def _bid(self, seat: int, payload: tuple[int, ...]) -> list[Event]:
        cards = tuple(NINETY_NINE_PACK[i] for i in payload)
        hand = self._hands[seat]
        missing = [c for c in cards if c not in hand]
        if missing:
            raise IllegalAction(f"seat {PLAYERS[seat]} does not hold {format_cards(missing)}")
        self._bid_cards[seat] = cards
        self._hands[seat] = [c for c in hand if c not in cards]
        events = [
            Event("bid", seat),
            Event("bid_cards", seat, {"cards": self._texts(cards), "bid": bid_value(cards)}, seat),
        ]
        if all(c is not None for c in self._bid_cards):
            self.phase = OFFERING
            events.append(
                Event("premium_offers", None, {"mode": self.options["premium_announcement"]})
            )
        return events

    def _offer(self, seat: int, offer: str) -> list[Event]:
        events: list[Event] = []
        sequential = self.options["premium_announcement"] == "sequential"
        if sequential:
            best = max((_OFFER_RANK[o] for o in self._offers if o is not None), default=0)
            void = offer != "pass" and _OFFER_RANK[offer] <= best
            self._offers[seat] = "pass" if void else offer
            events.append(Event("offer", seat, {"offer": offer, "void": void}))
        else:
            self._offers[seat] = offer
            events.append(Event("offer", seat, {"offer": offer}, seat))
        if any(o is None for o in self._offers):
            return events
        self.premium = resolve_premium(self._offers, self.first_seat)
        self._offers_public = True
        data: dict[str, Any] = {
            "holder": None if self.premium is None else self.premium[0],
            "bid": None if self.premium is None else self.premium[1],
            "offers": list(self._offers),
        }
        events.append(Event("premium", None, data))
        if self.premium is not None:
            holder, kind = self.premium
            cards = self._bid_cards[holder]
            assert cards is not None
            events.append(
                Event(
                    "bid_cards_shown",
                    holder,
                    {"cards": self._texts(cards), "bid": bid_value(cards)},
                )
            )
            if kind == "reveal":
                self._hand_shown = True
                events.append(
                    Event("hand_shown", holder, {"cards": self._texts(self._hands[holder])})
                )
        self.phase = PLAYING
        self.leader = self.first_seat
        return events

    def _play(self, seat: int, card: Card) -> list[Event]:
        hand = self._hands[seat]
        if card not in hand:
            raise IllegalAction(f"seat {PLAYERS[seat]} does not hold {card}")
        led = self.trick[0][1].suit if self.trick else None
        if card not in legal_plays(hand, led):
            raise IllegalAction(
                f"seat {PLAYERS[seat]} must follow {SUIT_NAMES[led or 'C']}, not play {card}"
            )
        hand.remove(card)
        self.trick.append((seat, card))
        events = [Event("play", seat, {"card": str(card)})]
        if len(self.trick) < NUM_SEATS:
            return events
        cards = tuple(c for _, c in self.trick)
        winner = self.trick[trick_winner(cards, self.trumps)][0]
        self.tricks.append((self.leader, cards, winner))
        self.tricks_won[winner] += 1
        events.append(
            Event(
                "trick",
                winner,
                {
                    "number": len(self.tricks),
                    "leader": self.leader,
                    "cards": [str(c) for c in cards],
                },
            )
        )
        self.trick = []
        self.leader = winner
        if len(self.tricks) == TRICKS:
            events.append(self._end_deal())
        return events

    def _end_deal(self) -> Event:
        bids = tuple(bid_value(c or ()) for c in self._bid_cards)
        deal = score_deal(bids, tuple(self.tricks_won), self.premium)
        self.deal_score = deal
        self.phase = OVER
        summary: dict[str, Any] = {
            "deal": self.number,
            "dealer": self.dealer,
            "trumps": self.trumps,
            "bid_cards": [self._texts(c or ()) for c in self._bid_cards],
            "bids": list(deal.bids),
            "tricks": list(deal.tricks),
            "succeeded": list(deal.succeeded),
            "successes": deal.successes,
            "premium": None if deal.premium is None else list(deal.premium),
            "scores": list(deal.scores),
        }
        self._result = summary | {"payments": list(deal.scores)}
        return Event("deal_end", None, summary | {"next_trumps": deal.next_trumps})

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` sees: its own hand and bid cards, whether each seat has bid, the
        premium holder's bid cards (and, under ``whole_play``, a revealed hand), the
        trick in play and the tricks of this deal; every seat's bid cards once the deal
        is over; never another seat's hand, hidden bid cards, the deck or a seed."""
        seat = check_seat(seat, NUM_SEATS)
        over = self.phase == OVER
        own = self._bid_cards[seat]
        shown_bids: list[list[str] | None] = [None] * NUM_SEATS
        shown_hands: list[list[str] | None] = [None] * NUM_SEATS
        if over:
            shown_bids = [self._texts(c or ()) for c in self._bid_cards]
        elif self.premium is not None:
            holder, kind = self.premium
            shown_bids[holder] = self._texts(self._bid_cards[holder] or ())
            if kind == "reveal" and self.options["revealed_hand_exposure"] == "whole_play":
                shown_hands[holder] = self._texts(self._hands[holder])
        offers: list[str | None]
        if self._offers_public:
            offers = list(self._offers)
        else:
            offers = [self._offers[s] if s == seat else None for s in range(NUM_SEATS)]
        acting = self.to_act()
        return {
            "game": "ninety-nine",
            "seat": seat,
            "players": PLAYERS,
            "options": dict(self.options),
            "phase": self.phase,
            "asked": seat in acting,
            "turn": acting[0] if self.phase == PLAYING else None,
            "deal": self.number,
            "game_number": self.game_number,
            "dealer": self.dealer,
            "trumps": self.trumps,
            "hand": self._texts(self._hands[seat]),
            "hand_sizes": [len(h) for h in self._hands],
            "bid_cards": None if own is None else self._texts(own),
            "bid": None if own is None else bid_value(own),
            "has_bid": [c is not None for c in self._bid_cards],
            "offers": offers,
            "premium": None
            if self.premium is None
            else {"holder": self.premium[0], "kind": self.premium[1]},
            "shown_bid_cards": shown_bids,
            "shown_hands": shown_hands,
            "leader": self.leader,
            "trick": [{"seat": s, "card": str(c)} for s, c in self.trick],
            "tricks": [
                {"leader": lead, "cards": [str(c) for c in cards], "winner": winner}
                for lead, cards, winner in self.tricks
            ],
            "tricks_won": list(self.tricks_won),
            "result": self.result(),
        }

    def is_over(self) -> bool:
        return self.phase == OVER

    def result(self) -> dict[str, Any] | None:
        """Once over, the deal's scoring: ``payments`` (each seat's points, as
        ``scores``), and the deal, dealer, trumps, bid cards, bids, tricks, who
        succeeded, how many, and the premium."""
        return None if self._result is None else dict(self._result)


class NinetyNineRules(MatchRules):
    """How a whole game of Ninety-Nine runs on the match layer.

    Each deal's :class:`~parlour.core.match.Setup` has the fixed seating
    (:data:`SEATING`), the ``dealer`` (the first one chosen, then the next seat
    clockwise each deal), its seed (:func:`deal_seed`), ``round`` (the game being
    played, from 0) and in ``flags`` what the deal starts from: ``trumps`` (diamonds
    first, then set by the previous deal's successes), ``game`` (its number, from 1),
    ``totals`` (the game's totals so far), ``game_wins`` and ``games`` (the winners of
    each game won so far). A deal's points are the players' scores; the match ends when
    the :class:`Standings` say so. ``decks`` are the pack orders of the first deals.
    """

    num_seats = NUM_SEATS

    def __init__(
        self,
        options: Mapping[str, Any] | None = None,
        first_dealer: int = 0,
        decks: Sequence[Sequence[Card]] = (),
    ) -> None:
        self.options = _check_ninety_nine_options(dict(options or {}))
        self.first_dealer = check_seat(first_dealer, NUM_SEATS)
        self.decks = tuple(tuple(deck) for deck in decks)

    def _setup(self, match: Match, number: int, dealer: int, trumps: str, st: Standings) -> Setup:
        flags = {
            "trumps": trumps,
            "game": st.game_number,
            "totals": list(st.totals),
            "game_wins": list(st.game_wins),
            "games": [list(g) for g in st.games],
        }
        seed = deal_seed(match.seed, number)
        return Setup(number, seed, SEATING, dealer=dealer, round=len(st.games), flags=flags)

    def first_setup(self, match: Match) -> Setup:
        return self._setup(match, 1, self.first_dealer, FIRST_TRUMPS, Standings(self.options))

    def new_game(self, match: Match, setup: Setup) -> NinetyNineDeal:
        n = setup.number
        deck = self.decks[n - 1] if n <= len(self.decks) else shuffled_deck(setup.seed)
        return NinetyNineDeal(
            deck,
            dealer=setup.dealer,
            trumps=setup.flags["trumps"],
            options=self.options,
            number=n,
            game=setup.flags["game"],
        )

    def standings_before(self, match: Match, setup: Setup) -> Standings:
        """The standings as deal ``setup`` starts (``points`` from the deals before it)."""
        flags = setup.flags
        points = [0] * NUM_SEATS
        for outcome in match.outcomes[: setup.number - 1]:
            points = [p + q for p, q in zip(points, outcome.payments, strict=True)]
        return Standings(
            self.options,
            totals=list(flags["totals"]),
            points=points,
            game_wins=list(flags["game_wins"]),
            deals=setup.number - 1,
            games=[tuple(g) for g in flags["games"]],
        )

    def standings_after(
        self, match: Match, setup: Setup, result: Mapping[str, Any]
    ) -> tuple[Standings, tuple[int, ...] | None, str]:
        """The standings after deal ``setup`` ended with ``result``, the winners of the
        game it ended (None if none) and the next deal's trumps."""
        st = self.standings_before(match, setup)
        ended = st.add(result["scores"])
        return st, ended, st.trumps_after(result["successes"], ended is not None)

    def next_setup(self, match: Match, last: Setup, result: Mapping[str, Any]) -> Setup | None:
        st, _, trumps = self.standings_after(match, last, result)
        if st.over:
            return None
        return self._setup(match, last.number + 1, (last.dealer + 1) % NUM_SEATS, trumps, st)


class NinetyNine(Match):
    """A whole game of Ninety-Nine (as many deals as the game format needs): a
    :class:`~parlour.core.match.Match` of :class:`NinetyNineDeal` games under
    :class:`NinetyNineRules`, players A, B, C at seats 0, 1, 2.

    Its phase, dealer, trumps, hands, bids, premium and tricks are the current deal's;
    ``deal_scores`` the finished deals' scoring and ``standings`` the game length and
    winners. Each deal that ends adds its running ``totals`` and ``points`` to its
    ``deal_end`` event, then a ``game_end`` when it won a game, and the next deal's
    events (or ``over``).

    ``first_dealer`` is the seat of the first dealer (0 = A). ``deck`` is the pack
    order of the first deal (text or cards, top card first); ``decks`` gives the pack
    orders of several deals in turn; the other deals are shuffled from the seed
    (:func:`deal_seed`). Options are those of :data:`OPTIONS`, as keyword arguments or
    ``options``.

    >>> game = NinetyNine(seed=7, first_dealer=2, deal_count=9)
    >>> game.dealer, game.trumps, [len(game.hand(s)) for s in range(3)]
    (2, 'D', [12, 12, 12])
    >>> game.hand_number, game.setup.dealer, game.setup.flags["trumps"], game.outcomes
    (1, 2, 'D', [])
    """

    num_seats = NUM_SEATS
    space = ACTION_SPACE

    def __init__(
        self,
        seed: int = 0,
        *,
        first_dealer: int = 0,
        deck: str | Iterable[Card | str] | None = None,
        decks: Iterable[str | Iterable[Card | str]] | None = None,
        options: Mapping[str, Any] | None = None,
        **more_options: Any,
    ) -> None:
        if type(seed) is not int:
            raise ValueError(f"a seed is a whole number, not {seed!r}")
        given = dict(options or {})
        given.update(more_options)
        self.options = _check_ninety_nine_options(given)
        self.first_dealer = check_seat(first_dealer, NUM_SEATS)
        if deck is not None and decks is not None:
            raise ValueError("give deck or decks, not both")
        orders = [deck] if deck is not None else list(decks or ())
        self._decks = [parse_deck(order) for order in orders]
        self.actions: list[tuple[int, Action]] = []
        self._summaries: list[dict[str, Any]] = []
        self.rules = NinetyNineRules(self.options, self.first_dealer, self._decks)
        super().__init__(self.rules, seed=seed, players=list(PLAYERS))

    # -- the current deal ----------------------------------------------------------------

    @property
    def deals(self) -> list[NinetyNineDeal]:
        """Every deal so far, the current one last."""
        return self.games  # type: ignore[return-value]

    @property
    def deal(self) -> NinetyNineDeal:
        """The deal in play (the last one, finished, once the game is over)."""
        return self.deals[-1]

    @property
    def deal_number(self) -> int:
        return self.hand_number

    @property
    def phase(self) -> str:
        return self.deal.phase

    @property
    def dealer(self) -> int:
        return self.deal.dealer

    @property
    def trumps(self) -> str:
        return self.deal.trumps

    @property
    def first_seat(self) -> int:
        """The dealer's left: first in seat order, and leader to the first trick."""
        return self.deal.first_seat

    @property
    def premium(self) -> tuple[int, Premium] | None:
        return self.deal.premium

    @property
    def leader(self) -> int:
        return self.deal.leader

    @property
    def trick(self) -> list[tuple[int, Card]]:
        return self.deal.trick

    @property
    def tricks(self) -> list[tuple[int, tuple[Card, ...], int]]:
        return self.deal.tricks

    @property
    def tricks_won(self) -> list[int]:
        return self.deal.tricks_won

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds now (for tests and tools; a seat sees only its own
        through :meth:`observation`)."""
        return self.deal.hand(seat)

    def bid_cards(self, seat: int) -> tuple[Card, ...] | None:
        """The cards ``seat`` has laid aside this deal (None before it bids)."""
        return self.deal.bid_cards(seat)

    def bids(self) -> tuple[int | None, ...]:
        """Each seat's bid this deal (None before it bids)."""
        return self.deal.bids()

    def start_events(self) -> list[Event]:
        """The events of the first deal (the deal and each seat's private hand)."""
        return self.deals[0].start_events()

    # -- the whole game ------------------------------------------------------------------

    @property
    def deal_scores(self) -> list[DealScore]:
        """The scoring of every finished deal, in order."""
        return [d.deal_score for d in self.deals if d.deal_score is not None]

    @property
    def standings(self) -> Standings:  # type: ignore[override]
        """Game length and winners: as the current deal started, or at the end. (The
        match's ranking of players, a method on other matches, is ``ranking()``.)"""
        if self.is_over():
            last = self.outcomes[-1]
            return self.rules.standings_after(self, last.setup, last.result)[0]
        return self.rules.standings_before(self, self.setup)

    def apply(self, seat: int, action: Action, *, hand: int | None = None) -> list[Event]:
        """Apply ``action`` by ``seat`` to the current deal (``hand``, when given, is
        the deal it is meant for) and return its events; when the deal ends, they go
        on with the game's: the running totals, a game won, the next deal or the end.
        """
        seat = check_seat(seat, NUM_SEATS)
        if self.is_over():
            raise IllegalAction("the game is over")
        action = self.space.normalise(action)
        finished = len(self.outcomes)
        events = super().apply(seat, action, hand=hand)
        self.actions.append((seat, action))
        if len(self.outcomes) > finished:
            events = self._deal_ended(events)
        return events

    def _deal_ended(self, events: list[Event]) -> list[Event]:
        outcome = self.outcomes[-1]
        st, ended, next_trumps = self.rules.standings_after(self, outcome.setup, outcome.result)
        out: list[Event] = []
        for event in events:
            if event.kind == "deal_end":
                data = {k: v for k, v in thaw(event.data).items() if k != "next_trumps"}
                data |= {"totals": st.totals, "points": st.points, "next_trumps": next_trumps}
                self._summaries.append({k: v for k, v in data.items() if k != "bid_cards"})
                event = Event("deal_end", None, data)
            out.append(event)
        if ended is not None:
            data = {"game": len(st.games), "winners": list(ended), "game_wins": st.game_wins}
            out.append(Event("game_end", None, data))
        if self.is_over():
            out.append(Event("over", None, self.result() or {}))
        else:
            out.extend(self.deal.start_events())
        return out

    def legal_actions(self, seat: int) -> list[Action]:
        return super().legal_actions(check_seat(seat, NUM_SEATS))

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` sees: the current deal (:meth:`NinetyNineDeal.observation`),
        the game's ``totals``, ``points`` and ``game_wins``, the last deal's outcome,
        the result once over, and the match around it (``match``)."""
        obs = super().observation(seat)
        st = self.standings
        obs["game_number"] = st.game_number
        obs["totals"] = list(st.totals)
        obs["points"] = list(st.points)
        obs["game_wins"] = list(st.game_wins)
        obs["last_deal"] = dict(self._summaries[-1]) if self._summaries else None
        obs["result"] = self.result()
        return obs

    def spectator_observation(self) -> dict[str, Any]:
        """What everyone may see (a spectator): a seat's view without that seat's hand,
        bid cards and bid, and the premium offers only once they are told to all.

        >>> view = NinetyNine(seed=3).spectator_observation()
        >>> view["seat"], view["hand"], view["offers"]
        (None, [], [None, None, None])
        """
        obs = self.observation(0)
        obs.update(seat=None, hand=[], bid_cards=None, bid=None, asked=False, legal=[])
        deal = self.game
        if not (isinstance(deal, NinetyNineDeal) and deal._offers_public):
            obs["offers"] = [None] * NUM_SEATS
        return obs

    def result(self) -> dict[str, Any] | None:
        """Once over: ``scores`` (each seat's points over all deals), ``totals`` (the
        last game's), ``game_wins``, ``games`` (the winners of each game), ``winners``
        (several only when a tie is shared) and ``deals``."""
        if not self.is_over():
            return None
        st = self.standings
        return {
            "scores": list(st.points),
            "totals": list(st.totals),
            "game_wins": list(st.game_wins),
            "games": [list(w) for w in st.games],
            "winners": list(st.winners),
            "deals": st.deals,
        }

    def ranking(self) -> list[dict[str, Any]]:
        """The players by points, best first (see :func:`~parlour.core.match.standings`).

        >>> [r["name"] for r in NinetyNine(seed=1).ranking()]
        ['A', 'B', 'C']
        """
        return standings(self.scores, self.players)

    def results(self) -> dict[str, Any]:
        """The match layer's summary: ``scores``, ``standings`` (:meth:`ranking`),
        ``hands`` (deals finished) and ``complete``."""
        return {
            "scores": list(self.scores),
            "standings": self.ranking(),
            "hands": len(self.outcomes),
            "complete": self.is_over(),
        }

    def mask(self, seat: int) -> list[bool]:
        """The legal actions of ``seat`` as flags over the fixed encoding."""
        return self.space.mask(self.legal_actions(seat))

    # -- replay -------------------------------------------------------------------------

    def replay_args(self) -> dict[str, Any]:
        """What rebuilds this game's start: seed, first dealer, given decks, options."""
        return {
            "seed": self.seed,
            "first_dealer": self.first_dealer,
            "decks": [format_cards(d) for d in self._decks],
            "options": dict(self.options),
        }

    @classmethod
    def replay(cls, args: Mapping[str, Any], actions: Iterable[tuple[int, Action]]) -> NinetyNine:
        """A game rebuilt from :meth:`replay_args` and the actions applied, in order."""
        game = cls(
            args["seed"],
            first_dealer=args["first_dealer"],
            decks=args.get("decks"),
            options=args.get("options"),
        )
        for seat, action in actions:
            game.apply(seat, action)
        return game

"""The card games as data: what the command line, records and the Python API need to
know about each one, and nothing they have to special-case.

A :class:`CardGame` gives a game's ``name`` (what ``--rules`` takes), its players, its
options (:class:`~parlour.core.options.Option` values with defaults, choices and
meanings), how to make a game from options, a seed and a pack order, its bots by name,
its score keeper, and how to show it at a terminal: the state a seat sees
(:meth:`CardGame.render`) and each event in words (:meth:`CardGame.narrate`).

Bots: every game has ``random`` (uniform among the legal actions) and ``heuristic``
(Ninety-Nine: bids from an honest estimate of its tricks, declares when close, plays to
make its bid exactly; Piquet: keeps the cards that make points, sequences, sets and
tricks, declares its strongest, plays plainly). ``greedy``, the name of mahjong's
sensible bot, is taken as ``heuristic`` so that one ``--bots greedy`` suits every game.

>>> [g.name for g in card_games()]
['piquet', 'ninety-nine']
>>> game = make_game("ninety-nine", {"deal_count": 9}, seed=3)
>>> game.to_act(), len(game.legal_actions(0))
((0, 1, 2), 220)
>>> find_card_game("piquet").option_names()[:3]
('rule_set', 'point_rule', 'trick_scoring')
>>> make_game("piquet", {"rule_set": "modern", "points": 3}, seed=1)
Traceback (most recent call last):
...
ValueError: piquet has no option 'points' (options: both_blanks, deck_size, ...)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from parlour.cards.cards import (
    SUIT_NAMES,
    SUIT_SYMBOLS,
    Card,
    format_cards,
    parse_card,
    parse_cards,
)
from parlour.core.actions import Action
from parlour.core.errors import InvalidHand
from parlour.core.game import Event, Game
from parlour.core.options import Option
from parlour.core.rng import check_seed

__all__ = [
    "BOT_ALIASES",
    "CardBot",
    "CardGame",
    "CardScore",
    "card_games",
    "check_deck",
    "find_card_game",
    "hand_text",
    "is_card_game",
    "make_game",
]


class CardScore(Protocol):
    """What a card game's score keeper returns: it says itself as JSON."""

    def to_json(self) -> dict[str, Any]: ...


BOT_ALIASES: Mapping[str, str] = {"greedy": "heuristic"}
"""Other names of the card games' bots (mahjong's sensible bot is ``greedy``)."""


class CardBot(Protocol):
    """A card game's bot: it sees only its observation and legal actions."""

    name: str

    def act(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action: ...


# -- showing cards ------------------------------------------------------------------------


def hand_text(cards: str | Iterable[Card | str], suits: str = "SHDC") -> str:
    """Cards grouped by suit (in ``suits`` order), each suit high to low, with Unicode
    suit symbols; ``-`` for no cards.

    >>> hand_text("7C AS 10S KH 9C")
    '♠ A 10  ♥ K  ♣ 9 7'
    >>> hand_text(""), hand_text(["6D", "AD"])
    ('-', '♦ A 6')
    """
    if isinstance(cards, str):
        held = parse_cards(cards)
    else:
        held = tuple(parse_card(c) if isinstance(c, str) else c for c in cards)
    groups = []
    for suit in suits:
        ranks = sorted((c for c in held if c.suit == suit), key=lambda c: -c.rank)
        if ranks:
            groups.append(SUIT_SYMBOLS[suit] + " " + " ".join(str(c)[:-1] for c in ranks))
    return "  ".join(groups) or "-"


def cards_text(cards: str | Iterable[str]) -> str:
    """Card texts in the order given, with suit symbols (``10♠ J♠``); ``-`` for none.

    >>> cards_text("10S JS"), cards_text(["AH"])
    ('10♠ J♠', 'A♥')
    """
    words = cards.split() if isinstance(cards, str) else list(cards)
    return " ".join(w[:-1] + SUIT_SYMBOLS.get(w[-1], w[-1]) for w in words) or "-"


def by_name(names: Sequence[str], values: Sequence[Any]) -> str:
    """A value per seat, each after its seat's name.

    >>> by_name(["A", "B", "C"], [5, 3, 1])
    'A 5, B 3, C 1'
    """
    return ", ".join(f"{names[s]} {v}" for s, v in enumerate(values))


def suit_text(suit: str) -> str:
    """A suit's symbol and name: ``♦ diamonds``."""
    return f"{SUIT_SYMBOLS[suit]} {SUIT_NAMES[suit]}"


def check_deck(cards: Sequence[Card], pack: Sequence[Card]) -> tuple[Card, ...]:
    """``cards`` if they are ``pack`` in some order, else :class:`InvalidHand` naming the
    first card that is foreign, repeated or missing.

    >>> check_deck(parse_cards("7C 8C"), parse_cards("8C 7C"))
    (Card('7C'), Card('8C'))
    >>> check_deck(parse_cards("7C 7C"), parse_cards("8C 7C"))
    Traceback (most recent call last):
    ...
    parlour.core.errors.InvalidHand: the deck has 7C twice (a deck is the 2-card pack, ...)
    """
    what = f"a deck is the {len(pack)}-card pack, each card once"
    seen: set[Card] = set()
    members = set(pack)
    for card in cards:
        if card not in members:
            raise InvalidHand(f"{card} is not in the {len(pack)}-card pack ({what})")
        if card in seen:
            raise InvalidHand(f"the deck has {card} twice ({what})")
        seen.add(card)
    missing = [c for c in pack if c not in seen]
    if missing:
        raise InvalidHand(
            f"the deck has {len(cards)} cards: {format_cards(missing[:4])}"
            f"{' ...' if len(missing) > 4 else ''} missing ({what})"
        )
    return tuple(cards)


# -- the registry entry -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardGame:
    """One card game as the rest of parlour sees it (see the module docstring).

    ``build(options, seed, deck)`` makes the game from options already checked;
    ``resolve(given)`` checks options and gives every one's value (ValueError naming a
    bad one); ``pack(options)`` is the pack a ``deck`` must be; ``bots`` makes a bot by
    name and seed; ``view(observation, names)`` and ``words(event, names)`` are the
    terminal's lines; ``stats(game)`` are a finished game's figures for ``simulate``;
    ``deal_number(game)`` is the deal being played (1 the first); ``outcome(result)``
    reads a finished game's result as (the winning seats, each seat's score);
    ``spectator(game)`` is what everyone may see (the game's ``spectator_observation``);
    ``kind`` is the class of its games; ``inventory(game)`` every card of the deal being
    played, wherever it is; ``private(game, seat)`` the cards ``seat`` holds that no
    other seat may see.
    """

    name: str
    title: str
    players: int
    options: tuple[Option, ...]
    bots: Mapping[str, Callable[[int], CardBot]]
    help: tuple[str, ...]
    resolve: Callable[[Mapping[str, Any]], dict[str, Any]]
    pack: Callable[[Mapping[str, Any]], tuple[Card, ...]]
    build: Callable[[dict[str, Any], int, tuple[Card, ...] | None], Any]
    keeper: Callable[[Mapping[str, Any]], CardScore]
    view: Callable[[Mapping[str, Any], Sequence[str]], list[str]]
    words: Callable[[Event, Sequence[str]], str | None]
    stats: Callable[[Any], dict[str, float]]
    deal_number: Callable[[Any], int]
    outcome: Callable[[Mapping[str, Any]], tuple[list[int], list[int]]]
    kind: type
    inventory: Callable[[Any], Sequence[Card]]
    private: Callable[[Any, int], Iterable[Card]]
    spectator: Callable[[Any], dict[str, Any]] = lambda game: game.spectator_observation()

    def option_names(self) -> tuple[str, ...]:
        return tuple(o.name for o in self.options)

    def check_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Every option's value, the ``given`` ones checked (ValueError names a bad one)."""
        if not isinstance(given, Mapping):
            raise ValueError(f"options must be an object of name: value, not {given!r}")
        return self.resolve(given)

    def parse_deck(
        self, deck: str | Sequence[Card], options: Mapping[str, Any]
    ) -> tuple[Card, ...]:
        """A pack order (text, top card first) checked against this game's pack under
        ``options``; :class:`InvalidHand` or ``NotationError`` saying what is wrong."""
        cards = parse_cards(deck) if isinstance(deck, str) else tuple(deck)
        return check_deck(cards, self.pack(self.check_options(options)))

    def make_game(
        self,
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
        deck: str | Sequence[Card] | None = None,
    ) -> Game:
        """A new game: ``options`` checked, the first deal from ``deck`` when given
        (top card first), else shuffled from ``seed``."""
        seed = check_seed(seed)
        values = self.check_options(options or {})
        cards = None if deck is None else self.parse_deck(deck, values)
        game: Game = self.build(values, seed, cards)
        return game

    def start_events(self, game: Any) -> list[Event]:
        """The events of a new game before any action (the deal)."""
        starting = getattr(game, "start_events", None)
        if starting is not None:
            return list(starting())
        return list(game.events)

    def bot_names(self) -> list[str]:
        return sorted(self.bots)

    def make_bot(self, name: str, seed: int = 0) -> CardBot:
        """The bot called ``name`` (or an alias such as ``greedy``); ValueError naming
        the known ones."""
        make = self.bots.get(BOT_ALIASES.get(name, name))
        if make is None:
            known = ", ".join(self.bot_names())
            raise ValueError(f"unknown bot {name!r} for {self.name} (bots: {known})")
        return make(check_seed(seed))

    def score(self, situation: Mapping[str, Any]) -> CardScore:
        """The score keeper: a JSON situation scored (see the game module's
        ``score_json``)."""
        return self.keeper(situation)

    def render(self, observation: Mapping[str, Any], names: Sequence[str]) -> list[str]:
        """The lines a seat sees of the table: its hand sorted, the trick, the
        declarations, the running score (``names``: each seat's name)."""
        return self.view(observation, names)

    def narrate(self, event: Event, names: Sequence[str]) -> str | None:
        """An event in words, or None for one not worth a line."""
        return self.words(event, names)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "players": self.players,
            "options": [o.to_json() for o in self.options],
            "bots": self.bot_names(),
        }


def card_games() -> list[CardGame]:
    """Every card game, in the registry's order."""
    from parlour.cards.system import CardSystem
    from parlour.registry import registry

    return [s.game for s in registry.playable() if isinstance(s, CardSystem)]


def is_card_game(name: str) -> bool:
    """True if ``name`` is a card game's name.

    >>> is_card_game("piquet"), is_card_game("mcr")
    (True, False)
    """
    return any(g.name == name for g in card_games())


def find_card_game(name: str) -> CardGame:
    """The card game called ``name``; ValueError naming the known ones otherwise."""
    for g in card_games():
        if g.name == name:
            return g
    known = ", ".join(g.name for g in card_games())
    raise ValueError(f"unknown card game {name!r} (card games: {known})")


def __getattr__(name: str) -> Any:
    if name == "CARD_GAMES":  # every card game, as this module once listed them
        return tuple(card_games())
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def make_game(
    name: str,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    deck: str | Sequence[Card] | None = None,
) -> Game:
    """A new game of card game ``name`` (see :meth:`CardGame.make_game`).

    >>> from parlour.cards.cards import PIQUET_PACK
    >>> g = make_game("piquet", {"packet_size": 2}, seed=5, deck=format_cards(PIQUET_PACK))
    >>> g.observation(g.to_act()[0])["hand"]
    'QH JH 8H 7H QD JD 8D 7D QC JC 8C 7C'
    """
    return find_card_game(name).make_game(options, seed, deck)

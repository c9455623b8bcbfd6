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

from parlour.cards import ninety_nine, piquet
from parlour.cards.bots import NinetyNineBot, RandomBot
from parlour.cards.cards import (
    NINETY_NINE_PACK,
    PIQUET_PACK,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    Card,
    format_cards,
    parse_card,
    parse_cards,
)
from parlour.cards.piquet_bots import HeuristicPiquetBot, RandomPiquetBot
from parlour.core.actions import Action
from parlour.core.errors import InvalidHand
from parlour.core.game import Event, Game
from parlour.core.options import Option

__all__ = [
    "BOT_ALIASES",
    "CARD_GAMES",
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

CardScore = ninety_nine.ScoreResult | ninety_nine.SessionResult | piquet.DeclarationScore
"""What a card game's score keeper returns (each has ``to_json()``)."""

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
    ``spectator(game)`` is what everyone may see (the game's ``spectator_observation``).
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
        if type(seed) is not int:
            raise ValueError(f"a seed is a whole number, not {seed!r}")
        values = self.check_options(options or {})
        cards = None if deck is None else self.parse_deck(deck, values)
        game: Game = self.build(values, seed, cards)
        return game

    def start_events(self, game: Any) -> list[Event]:
        """The events of a new game before any action (the deal)."""
        if isinstance(game, ninety_nine.NinetyNine):
            return game.start_events()
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
        return make(seed)

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


# -- Ninety-Nine ---------------------------------------------------------------------------


def _nn_build(options: dict[str, Any], seed: int, deck: tuple[Card, ...] | None) -> Any:
    return ninety_nine.NinetyNine(seed, deck=deck, options=options)


def _by_name(names: Sequence[str], values: Sequence[Any]) -> str:
    return ", ".join(f"{names[s]} {v}" for s, v in enumerate(values))


def _nn_view(obs: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    me = obs["seat"]
    lines = [
        f"game {obs['game_number']}, deal {obs['deal']} · dealer {names[obs['dealer']]} · "
        f"trumps {suit_text(obs['trumps'])} · {obs['phase']}",
        f"your hand: {hand_text(obs['hand'])}",
    ]
    if obs["bid_cards"] is not None:
        lines.append(f"your bid: {obs['bid']} (laid aside: {cards_text(obs['bid_cards'])})")
    if obs["phase"] == "bid":
        waiting = [names[s] for s in range(3) if not obs["has_bid"][s]]
        lines.append(f"still to bid: {', '.join(waiting) or '-'}")
    premium = obs["premium"]
    if premium is not None:
        holder = premium["holder"]
        shown = obs["shown_bid_cards"][holder]
        lines.append(
            f"premium: {names[holder]} {premium['kind']}s, bid cards {cards_text(shown or [])}"
        )
    for s, cards in enumerate(obs["shown_hands"]):
        if cards is not None and s != me:
            lines.append(f"{names[s]}'s hand, face up: {hand_text(cards)}")
    if obs["phase"] == "play":
        trick = ", ".join(f"{names[t['seat']]} {cards_text([t['card']])}" for t in obs["trick"])
        lines.append(f"trick {len(obs['tricks']) + 1}: {trick or 'nothing played yet'}")
        lines.append(f"tricks won: {_by_name(names, obs['tricks_won'])}")
    lines.append(f"totals: {_by_name(names, obs['totals'])}")
    if obs["options"]["game_format"] == "three_game_wins":
        lines.append(f"games won: {_by_name(names, obs['game_wins'])}")
    return lines


def _nn_words(e: Event, names: Sequence[str]) -> str | None:
    d = e.data
    who = names[e.seat] if e.seat is not None else ""
    kind = e.kind
    if kind == "deal":
        return f"deal {d['deal']} (game {d['game']}): {who} deals; trumps {suit_text(d['trumps'])}"
    if kind == "hand":
        return f"{who}'s hand: {hand_text(d['cards'])}"
    if kind == "bid":
        return f"{who} lays three bid cards aside"
    if kind == "bid_cards":
        return f"{who} bids {d['bid']} with {cards_text(d['cards'])}"
    if kind == "offer":
        void = " (void: a higher offer came first)" if d.get("void") else ""
        return f"{who} offers {d['offer']}{void}"
    if kind == "premium":
        if d["holder"] is None:
            return "no premium bid: " + _by_name(names, [o or "-" for o in d["offers"]])
        return f"{names[d['holder']]} makes the premium bid: {d['bid']}"
    if kind == "bid_cards_shown":
        return f"{who}'s bid cards: {cards_text(d['cards'])} (bid {d['bid']})"
    if kind == "hand_shown":
        return f"{who} plays face up: {hand_text(d['cards'])}"
    if kind == "play":
        return f"{who} plays {cards_text([d['card']])}"
    if kind == "trick":
        return f"{who} wins trick {d['number']} ({cards_text(d['cards'])})"
    if kind == "deal_end":
        made = [names[s] for s in range(3) if d["succeeded"][s]]
        return (
            f"deal {d['deal']} scored: bids {_by_name(names, d['bids'])}; tricks "
            f"{_by_name(names, d['tricks'])}; made it: {', '.join(made) or 'nobody'}; "
            f"scores {_by_name(names, d['scores'])}; totals {_by_name(names, d['totals'])}; "
            f"next trumps {suit_text(d['next_trumps'])}"
        )
    if kind == "game_end":
        return f"game {d['game']} won by {', '.join(names[s] for s in d['winners'])}"
    if kind == "over":
        winners = ", ".join(names[s] for s in d.get("winners", ()))
        return f"the game is over: {winners} won; points {_by_name(names, d.get('scores', ()))}"
    return None


def _nn_stats(game: Any) -> dict[str, float]:
    deals = game.deal_scores
    return {
        "deals": len(deals),
        "successes per deal": sum(d.successes for d in deals) / max(1, len(deals)),
        "premium bids per deal": sum(d.premium is not None for d in deals) / max(1, len(deals)),
    }


def _nn_resolve(given: Mapping[str, Any]) -> dict[str, Any]:
    return ninety_nine._check_ninety_nine_options(given)


# -- Piquet --------------------------------------------------------------------------------


def _pq_resolve(given: Mapping[str, Any]) -> dict[str, Any]:
    return piquet.PiquetOptions.make(given).to_json()


def _pq_pack(options: Mapping[str, Any]) -> tuple[Card, ...]:
    return PIQUET_PACK if options.get("deck_size", 32) == 32 else NINETY_NINE_PACK


def _pq_build(options: dict[str, Any], seed: int, deck: tuple[Card, ...] | None) -> Any:
    return piquet.Piquet(options, seed=seed, deck=deck)


def _pq_view(obs: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    me = obs["seat"]
    other = 1 - me
    if "hand" not in obs:
        return [f"game {obs['game_number']}: {names[obs['chooser']]} chooses elder or younger"]
    lines = [
        f"game {obs['game_number']}, hand {obs['hand_number']} · you are {obs['role']} "
        f"(dealer {names[obs['dealer']]}) · {obs['phase']}",
        f"your hand: {hand_text(obs['hand'])}",
    ]
    if obs["phase"] == "exchange":
        lines.append(f"marked to exchange: {cards_text(obs['selected'])}")
    seen = []
    if obs["peek"]:
        seen.append(f"you saw {cards_text(obs['peek'])}")
    if obs["leftover"] is not None:
        seen.append(f"leftover {cards_text(obs['leftover'])}")
    if obs["discards"] is not None and obs["discards"]:
        seen.append(f"your discards {cards_text(obs['discards'])}")
    talon = f"talon: {obs['talon']} cards"
    lines.append(talon + (" · " + " · ".join(seen) if seen else ""))
    if obs["announced"] is not None:
        lines.append(f"elder exchanges {obs['announced']}")
    if obs["carte_blanche"]:
        lines.append("carte blanche: " + ", ".join(names[s] for s in obs["carte_blanche"]))
    for s, shown in enumerate(obs["shown"]):
        if shown and s != me:
            lines.append(f"{names[s]} showed: {hand_text(shown)}")
    if obs["declarations"]:
        said = "; ".join(f"{names[d['seat']]}: {d['says']}" for d in obs["declarations"])
        lines.append(f"declared: {said}")
    if obs["lead_suit"] is not None:
        lines.append(f"first lead named: {suit_text(obs['lead_suit'])}")
    if obs["phase"] == "play":
        trick = ", ".join(f"{names[t['seat']]} {cards_text([t['card']])}" for t in obs["trick"])
        lines.append(f"trick {sum(obs['tricks_won']) + 1}: {trick or '-'}")
        if obs["tricks"]:
            last = obs["tricks"][-1]
            lines.append(f"last trick: {cards_text(last['cards'])}, won by {names[last['winner']]}")
        won = obs["tricks_won"]
        lines.append(f"tricks won: you {won[me]}, {names[other]} {won[other]}")
    pts, totals = obs["hand_points"], obs["scores"]
    lines.append(
        f"this hand: you {pts[me]}, {names[other]} {pts[other]} · game {obs['game_number']}: "
        f"you {totals[me]}, {names[other]} {totals[other]}"
    )
    return lines


def _pq_words(e: Event, names: Sequence[str]) -> str | None:
    d = e.data
    who = names[e.seat] if e.seat is not None else ""
    kind = e.kind
    if kind == "game_start":
        return f"game {d['game']}"
    if kind == "draw":
        return f"cut for the deal: {cards_text(d['cards'])}"
    if kind == "choose":
        return f"{who} chooses to be {d['role']}"
    if kind == "deal":
        elder = names[d["elder"]]
        return (
            f"hand {d['hand']}: {who} deals in packets of {d['packet_size']}; {elder} is "
            f"elder; {d['talon']} cards in the talon"
        )
    if kind == "hand":
        return f"{who}'s hand: {hand_text(d['cards'])}"
    if kind == "discard":
        return f"{who} marks {cards_text([d['card']])} (marked: {cards_text(d['selected'])})"
    if kind == "keep":
        return f"{who} keeps {cards_text([d['card']])} (marked: {cards_text(d['selected'])})"
    if kind == "carte_blanche":
        return f"{who} claims carte blanche"
    if kind == "announce":
        return f"{who} will exchange {d['count']}"
    if kind == "discard_down":
        return f"{who} lays down {d['count']} discards"
    if kind == "show":
        return f"{who} shows carte blanche: {hand_text(d['cards'])}"
    if kind == "exchange":
        return f"{who} exchanges {d['count']}"
    if kind == "take":
        return f"{who} discards {cards_text(d['discarded'])} and takes {cards_text(d['cards'])}"
    if kind == "peek":
        return f"{who} looks at the talon cards left: {cards_text(d['cards'])}"
    if kind == "leftover":
        return f"the talon left over: {cards_text(d['cards'])}"
    if kind == "name_lead":
        return f"{who} names {suit_text(d['suit'])} for the first lead"
    if kind == "say":
        return f"{who}: {d['says']}"
    if kind == "score":
        what = ", ".join(d["combinations"])
        return f"{who} scores {d['points']} ({what}): says {d['says']}"
    if kind == "bonus":
        return f"{who}: {d['name']}, {d['points']}"
    if kind == "play":
        return f"{who} plays {cards_text([d['card']])}"
    if kind == "trick":
        return f"{who} wins trick {d['number']} ({cards_text(d['cards'])})"
    if kind == "hand_end":
        return (
            f"hand {d['hand']} over ({d['ended']}): points {_by_name(names, d['points'])}; "
            f"game totals {_by_name(names, d['scores'])}"
        )
    if kind == "game_end":
        return f"game {d['game']} won by {who}: {_by_name(names, d['scores'])}"
    if kind == "partie_end":
        return f"the partie is over: {who} wins, games won {_by_name(names, d['games_won'])}"
    return None


def _pq_stats(game: Any) -> dict[str, float]:
    records = game.hand_records
    return {
        "games": len(game.games),
        "hands": len(records),
        "capots per hand": sum(r.get("ended") == "capot" for r in records) / max(1, len(records)),
    }


# -- the registry --------------------------------------------------------------------------

_NN_HELP = (
    "type the number of an action, or the action in words:",
    "  bid 7S 9H 6H (lay three cards aside: clubs 3, hearts 2, spades 1, diamonds 0),",
    "  pass, declare or reveal (the premium bids), play AS;",
    "'help' shows this again; 'quit' stops the game (with --record, what was played is kept).",
)
_PQ_HELP = (
    "type the number of an action, or the action in words:",
    "  discard 7C / keep 7C (mark a card to exchange, or unmark it), exchange (confirm),",
    "  blank (carte blanche), point S, sequence KH (by its top card), set A, none, good,",
    "  expose, name_lead S, pass, choose elder, play AS;",
    "'help' shows this again; 'quit' stops the game (with --record, what was played is kept).",
)

CARD_GAMES: tuple[CardGame, ...] = (
    CardGame(
        name="piquet",
        title="Piquet: two players, the 32-card pack (modern, old and 17th-century rules)",
        players=2,
        options=piquet.OPTIONS,
        bots={"random": RandomPiquetBot, "heuristic": HeuristicPiquetBot},
        help=_PQ_HELP,
        resolve=_pq_resolve,
        pack=_pq_pack,
        build=_pq_build,
        keeper=piquet.score_json,
        view=_pq_view,
        words=_pq_words,
        stats=_pq_stats,
        deal_number=lambda game: game.hand_number,
        outcome=lambda result: ([result["winner"]], list(result["scores"])),
    ),
    CardGame(
        name="ninety-nine",
        title="Ninety-Nine: three players bid by laying three cards aside",
        players=3,
        options=ninety_nine.OPTIONS,
        bots={"random": RandomBot, "heuristic": NinetyNineBot},
        help=_NN_HELP,
        resolve=_nn_resolve,
        pack=lambda options: NINETY_NINE_PACK,
        build=_nn_build,
        keeper=ninety_nine.score_json,
        view=_nn_view,
        words=_nn_words,
        stats=_nn_stats,
        deal_number=lambda game: game.deal_number,
        outcome=lambda result: (list(result["winners"]), list(result["scores"])),
    ),
)
"""Every card game, by name."""


def card_games() -> list[CardGame]:
    """Every card game, in the registry's order."""
    return list(CARD_GAMES)


def is_card_game(name: str) -> bool:
    """True if ``name`` is a card game's name.

    >>> is_card_game("piquet"), is_card_game("mcr")
    (True, False)
    """
    return any(g.name == name for g in CARD_GAMES)


def find_card_game(name: str) -> CardGame:
    """The card game called ``name``; ValueError naming the known ones otherwise."""
    for g in CARD_GAMES:
        if g.name == name:
            return g
    known = ", ".join(g.name for g in CARD_GAMES)
    raise ValueError(f"unknown card game {name!r} (card games: {known})")


def make_game(
    name: str,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    deck: str | Sequence[Card] | None = None,
) -> Game:
    """A new game of card game ``name`` (see :meth:`CardGame.make_game`).

    >>> g = make_game("piquet", {"packet_size": 2}, seed=5, deck=format_cards(PIQUET_PACK))
    >>> g.observation(g.to_act()[0])["hand"]
    'QH JH 8H 7H QD JD 8D 7D QC JC 8C 7C'
    """
    return find_card_game(name).make_game(options, seed, deck)

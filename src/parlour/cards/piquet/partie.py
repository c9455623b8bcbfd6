"""A partie of Piquet: games of deals played as a :class:`~parlour.core.match.Match` of
:class:`~parlour.cards.piquet.hand.PiquetDeal` games (:class:`Piquet`) under
:class:`PiquetRules`, each deal seeded by :func:`deal_seed`; :func:`replay` rebuilds one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from parlour.cards.cards import Card, format_cards
from parlour.cards.piquet.dealing import pack, read_deck
from parlour.cards.piquet.hand import HandState, PiquetDeal
from parlour.cards.piquet.options import PiquetOptions
from parlour.cards.piquet.scoring import game_winner, seventeenth_century_value
from parlour.core.actions import Action
from parlour.core.errors import IllegalAction
from parlour.core.game import Event, check_seat, thaw
from parlour.core.match import Match, MatchRules, Setup, standings
from parlour.core.rng import check_seed, derive_seed

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

    >>> from parlour.cards.cards import parse_cards
    >>> from parlour.cards.piquet import deal_order
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
        seed = check_seed(seed)
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

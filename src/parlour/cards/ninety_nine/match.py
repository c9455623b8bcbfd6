"""A whole game of Ninety-Nine, as many deals as the game format needs: a
:class:`~parlour.core.match.Match` of
:class:`~parlour.cards.ninety_nine.deal.NinetyNineDeal` games (:class:`NinetyNine`)
under :class:`NinetyNineRules`, each deal seeded by :func:`deal_seed`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from parlour.cards.cards import Card, format_cards
from parlour.cards.ninety_nine.actions import ACTION_SPACE
from parlour.cards.ninety_nine.deal import NinetyNineDeal
from parlour.cards.ninety_nine.options import _check_ninety_nine_options
from parlour.cards.ninety_nine.rules import (
    FIRST_TRUMPS,
    NUM_SEATS,
    PLAYERS,
    Premium,
    parse_deck,
    shuffled_deck,
)
from parlour.cards.ninety_nine.scoring import DealScore, Standings
from parlour.core.actions import Action
from parlour.core.errors import IllegalAction
from parlour.core.game import Event, check_seat, thaw
from parlour.core.match import Match, MatchRules, Setup, standings
from parlour.core.rng import check_seed, derive_seed

SEATING = tuple(range(NUM_SEATS))
"""Every deal's seating: player ``p`` at seat ``p`` (the deal moves round the table)."""


def deal_seed(seed: int, number: int) -> int:
    """The seed that shuffles deal ``number`` (from 1) of a game seeded ``seed``.

    >>> deal_seed(1, 1) == deal_seed(1, 1) != deal_seed(1, 2)
    True
    """
    return derive_seed("ninety-nine-deal", seed, number)


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
        seed = check_seed(seed)
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
        # a fresh copy all the way down: a seat editing its view changes no other's
        obs["last_deal"] = thaw(self._summaries[-1]) if self._summaries else None
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

"""A session: a whole match of mahjong hands at one table, with seats, rounds and scores.

A :class:`Session` is the game-neutral :class:`~parlour.core.match.Match` with a mahjong
table per hand. The players (numbered in the order given; as many as the seats, or more
when some sit out) sit at the table's seats. Each hand's seed derives from the session's
seed (see :func:`hand_seed`), so a session is fully determined by its ruleset, options,
seed and the actions applied. Between hands the deal moves on (or stays, or goes to the
winner, in rule systems that say so); after a round the prevailing wind moves on and the
players may change seats. :class:`SessionRules` holds that progression; each rule system
gives its own (MCR's: 16 hands in 4 rounds, no dealer repeat, seat changes after the
first three rounds).

>>> s = Session(seed=3, players=["Ann", "Bob", "Cid", "Dee"])
>>> t = s.current_table()
>>> t.dealer, t.prevailing, s.player_at(0), s.hand_number
(0, 'E', 0, 1)
>>> [s.players[p] for p in s.seating]
['Ann', 'Bob', 'Cid', 'Dee']

The seating at the start of each round, as players A-D (MCR):

>>> ["".join("ABCD"[p] for p in s.session_rules.seating(r)) for r in range(4)]
['ABCD', 'BADC', 'CDBA', 'DCAB']

Table seat ``dealer`` is East; seat ``dealer + 1`` is South, and so on. The first hand
of every round is dealt by seat 0.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from parlour.core.errors import IllegalAction, InvalidHand
from parlour.core.match import Match, MatchRules, Outcome, Setup, hand_seed, standings
from parlour.core.rng import check_seed
from parlour.mahjong.ruleset import Ruleset
from parlour.mahjong.table import Table

if TYPE_CHECKING:
    from parlour.bots import Bot

DEFAULT_PLAYERS = ("A", "B", "C", "D", "E")

HandSetup = Setup
"""How one hand is dealt (the match layer's :class:`~parlour.core.match.Setup`)."""


def winners(result: Mapping[str, Any]) -> list[int]:
    """The winning seats of a hand's result, nearest the discarder first (empty for a
    drawn hand)."""
    return [w["seat"] for w in result.get("wins", ())]


@dataclass(frozen=True, slots=True)
class SessionRules:
    """How a rule system runs a match: rounds, dealer progression and seat changes.

    ``rounds``: the prevailing wind of each round, in order. A round ends when the deal
    has passed every seat once. ``dealer_stays_on_win``: the dealer deals again after
    winning; ``dealer_stays_on_draw``: after an exhaustive draw (each kept deal adds
    one to the banker streak, :attr:`Session.streak`). ``winner_deals``: the winner
    deals the next hand (after several winners, the seat that paid them: the
    discarder); after a draw the dealer keeps the deal when ``dealer_stays_on_draw``,
    else it passes to the next seat; the match then runs to ``max_hands``.
    ``seat_changes[r]`` is applied after round ``r`` (0-based): the player at new
    seat ``k`` is the one who sat at seat ``seat_changes[r][k]`` at the start of round
    ``r``; rounds without an entry keep their seats. ``max_hands`` stops a match
    early. ``starting_score`` is each player's score before the first hand.

    Subclass and override :meth:`dealer_stays`, :meth:`seating`, :meth:`next_setup` or
    :meth:`adjust_payments` for anything else (players who sit out, payments to them,
    limits on losses).

    >>> SessionRules().seating(2)
    [0, 1, 2, 3]
    >>> SessionRules(dealer_stays_on_draw=True).dealer_stays({"wins": []}, 1, 0)
    True
    """

    rounds: str = "ESWN"
    dealer_stays_on_win: bool = False
    dealer_stays_on_draw: bool = False
    seat_changes: tuple[tuple[int, ...], ...] = ()
    max_hands: int | None = None
    winner_deals: bool = False
    starting_score: int = 0

    def dealer_stays(self, result: Mapping[str, Any], dealer: int, streak: int) -> bool:
        """Does the dealer (table seat ``dealer``, already kept ``streak`` times) deal
        the next hand too, after a hand that ended with ``result``?"""
        won = winners(result)
        if not won:
            return self.dealer_stays_on_draw
        return self.dealer_stays_on_win and won[0] == dealer

    def seating(self, round_index: int, num_seats: int = 4) -> list[int]:
        """The player at each seat at the start of round ``round_index`` (0-based),
        players starting at the seat of their number."""
        seats = list(range(num_seats))
        for r in range(min(round_index, len(self.seat_changes))):
            perm = self.seat_changes[r]
            seats = [seats[perm[k]] for k in range(num_seats)]
        return seats

    def num_players(self, num_seats: int) -> int:
        """How many players the match has (override for players who sit out)."""
        return num_seats

    def first_setup(self, session: Session) -> Setup:
        """The first hand: the seating of round 0, seat 0 deals."""
        seating = tuple(self.seating(0, session.num_seats))
        return Setup(
            1,
            hand_seed(session.seed, 0),
            seating,
            dealer=0,
            round=0,
            prevailing=self.rounds[0],
            resting=_resting(session, seating),
        )

    def next_setup(self, session: Session, last: Setup, result: Mapping[str, Any]) -> Setup | None:
        """The hand after ``last`` (None: the match is over). The default: the dealer
        stays (:meth:`dealer_stays`), or the winner deals (``winner_deals``), or the
        deal passes to the next seat, and after the last seat the next round starts
        with its seating."""
        n = session.num_seats
        number = last.number + 1
        seed = hand_seed(session.seed, last.number)
        if self.max_hands is not None and last.number >= self.max_hands:
            return None
        stay = self.dealer_stays(result, last.dealer, last.streak)
        if self.winner_deals:
            won = winners(result)
            if won:
                wins = result["wins"]
                dealer = won[0] if len(won) == 1 else wins[0]["discarder"]
                if dealer is None:
                    dealer = won[0]
                stay = dealer == last.dealer
            else:
                dealer = last.dealer if stay else (last.dealer + 1) % n
            return Setup(
                number,
                seed,
                last.seating,
                dealer=dealer,
                round=last.round,
                prevailing=last.prevailing,
                streak=last.streak + 1 if stay else 0,
                flags=self.next_flags(last, result),
                resting=last.resting,
            )
        if stay:
            return Setup(
                number,
                seed,
                last.seating,
                dealer=last.dealer,
                round=last.round,
                prevailing=last.prevailing,
                streak=last.streak + 1,
                flags=self.next_flags(last, result),
                resting=last.resting,
            )
        if last.dealer + 1 < n:
            return Setup(
                number,
                seed,
                last.seating,
                dealer=last.dealer + 1,
                round=last.round,
                prevailing=last.prevailing,
                flags=self.next_flags(last, result),
                resting=last.resting,
            )
        round_index = last.round + 1
        if round_index >= len(self.rounds):
            return None
        seating = tuple(self.seating(round_index, n))
        return Setup(
            number,
            seed,
            seating,
            dealer=0,
            round=round_index,
            prevailing=self.rounds[round_index],
            flags=self.next_flags(last, result),
            resting=_resting(session, seating),
        )

    def next_flags(self, last: Setup, result: Mapping[str, Any]) -> dict[str, Any]:
        """What the next hand's ``flags`` carry (default: nothing)."""
        return {}

    def adjust_payments(
        self, session: Session, setup: Setup, result: Mapping[str, Any], payments: list[int]
    ) -> list[int]:
        """Each player's change of score from a hand, given ``payments`` (the seats'
        payments moved to the players at them). Override for payments to or from
        players not at the table, or limits on losses (totals need not sum to zero)."""
        return payments

    def to_json(self) -> dict[str, Any]:
        """The rules as JSON (``from_json`` reads it back).

        >>> rules = SessionRules(seat_changes=((1, 0, 3, 2),), max_hands=8)
        >>> SessionRules.from_json(rules.to_json()) == rules
        True
        """
        out: dict[str, Any] = {
            "rounds": self.rounds,
            "dealer_stays_on_win": self.dealer_stays_on_win,
            "dealer_stays_on_draw": self.dealer_stays_on_draw,
            "seat_changes": [list(p) for p in self.seat_changes],
            "max_hands": self.max_hands,
        }
        if self.winner_deals:
            out["winner_deals"] = True
        if self.starting_score:
            out["starting_score"] = self.starting_score
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SessionRules:
        """Read :meth:`to_json` output (missing keys keep their defaults)."""
        unknown = set(data) - {f.name for f in fields(cls)}
        if unknown:
            raise ValueError(f"unknown session rule(s): {', '.join(sorted(unknown))}")
        rounds = data.get("rounds", "ESWN")
        if not isinstance(rounds, str) or not rounds or any(w not in "ESWNC" for w in rounds):
            raise ValueError(f"rounds must be winds such as 'ESWN', not {rounds!r}")
        changes = data.get("seat_changes", [])
        if not isinstance(changes, list | tuple) or not all(
            isinstance(p, list | tuple) and sorted(p) == list(range(len(p))) for p in changes
        ):
            raise ValueError(f"seat_changes must be seat permutations, not {changes!r}")
        max_hands = data.get("max_hands")
        if max_hands is not None and (type(max_hands) is not int or max_hands < 1):
            raise ValueError(f"max_hands must be a positive number, not {max_hands!r}")
        for key in ("dealer_stays_on_win", "dealer_stays_on_draw", "winner_deals"):
            if type(data.get(key, False)) is not bool:
                raise ValueError(f"{key} must be true or false, not {data[key]!r}")
        start = data.get("starting_score", 0)
        if type(start) is not int:
            raise ValueError(f"starting_score must be a whole number, not {start!r}")
        return cls(
            rounds=rounds,
            dealer_stays_on_win=data.get("dealer_stays_on_win", False),
            dealer_stays_on_draw=data.get("dealer_stays_on_draw", False),
            seat_changes=tuple(tuple(p) for p in changes),
            max_hands=max_hands,
            winner_deals=data.get("winner_deals", False),
            starting_score=start,
        )


def _resting(session: Session, seating: tuple[int, ...]) -> tuple[int, ...]:
    """The players not seated."""
    return tuple(p for p in range(session.num_players) if p not in seating)


def session_rules_for(ruleset_name: str) -> SessionRules:
    """The session rules of a rule system (a plain :class:`SessionRules` if it has none
    of its own).

    >>> session_rules_for("mcr").seat_changes[0]
    (1, 0, 3, 2)
    """
    from parlour.registry import registry

    rules = getattr(registry.get(ruleset_name), "session_rules", None)
    return rules if rules is not None else SessionRules()


def rules_of(ruleset: Ruleset) -> SessionRules:
    """The session rules a ruleset plays a match by: its own (when they follow its
    options), else those of its rule system.

    >>> rules_of(make_ruleset("mcr")) == session_rules_for("mcr")
    True
    """
    return ruleset.session_rules() or session_rules_for(ruleset.name)


def make_ruleset(name: str, options: Mapping[str, Any] | None = None) -> Ruleset:
    """The table ruleset of rule system ``name`` with ``options``.

    >>> make_ruleset("mcr").name
    'mcr'
    """
    from parlour.registry import registry

    make = getattr(registry.get(name), "make_ruleset", None)
    if make is None:
        known = ", ".join(s.name for s in registry.playable() if hasattr(s, "make_ruleset"))
        raise InvalidHand(f"unknown rule system {name!r} (known: {known})")
    ruleset: Ruleset = make(options)
    return ruleset


@dataclass(frozen=True, slots=True)
class HandSummary:
    """One finished hand, in players' terms: the setup, the winner (a player, or None
    for a draw; the first when several won) and the winning seat, the hand's value (0
    for a draw), the discarder (a player, None when self-drawn or drawn), every winning
    player and each player's payment."""

    setup: Setup
    winner: int | None
    winner_seat: int | None
    total: int
    self_drawn: bool
    discarder: int | None
    payments: tuple[int, ...]
    winners: tuple[int, ...] = ()
    forfeited: int | None = None
    """The player who forfeited the hand (a penalty ended it: no win, no draw)."""

    @property
    def number(self) -> int:
        return self.setup.number

    @property
    def prevailing(self) -> str:
        return self.setup.prevailing or ""

    prevalent = prevailing  # an older name

    @property
    def dealer(self) -> int:
        """The player who dealt (was East)."""
        return self.setup.seating[self.setup.dealer]

    @classmethod
    def of(cls, outcome: Outcome) -> HandSummary:
        setup, result = outcome.setup, outcome.result
        wins = result.get("wins", [])
        first = wins[0] if wins else None
        seat = None if first is None else first["seat"]
        discarder = None if first is None else first["discarder"]
        forfeit = result.get("forfeit")
        return cls(
            setup=setup,
            winner=None if seat is None else setup.seating[seat],
            winner_seat=seat,
            total=0 if first is None else int(first["total"]),
            self_drawn=bool(first and first["self_drawn"]),
            discarder=None if discarder is None else setup.seating[discarder],
            payments=outcome.payments,
            winners=tuple(setup.seating[w["seat"]] for w in wins),
            forfeited=None if not forfeit else setup.seating[forfeit["seat"]],
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": self.number,
            "prevalent": self.prevailing,
            "dealer": self.dealer,
            "winner": self.winner,
            "total": self.total,
            "self_drawn": self.self_drawn,
            "discarder": self.discarder,
            "payments": list(self.payments),
        }


class _SessionMatchRules(MatchRules):
    """The match layer's view of a session: a table per hand, the session rules'
    progression and payments."""

    def __init__(
        self,
        ruleset: Ruleset,
        session_rules: SessionRules,
        ask_everyone: bool,
        always_asked: frozenset[int] = frozenset(),
    ) -> None:
        self.ruleset = ruleset
        self.session_rules = session_rules
        self.ask_everyone = ask_everyone
        self.always_asked = always_asked
        self.num_seats = ruleset.num_seats
        self.starting_score = session_rules.starting_score

    def num_players(self) -> int:
        return self.session_rules.num_players(self.num_seats)

    def new_game(self, match: Match, setup: Setup) -> Table:
        return Table(
            self.ruleset,
            seed=setup.seed,
            dealer=setup.dealer,
            prevailing=setup.prevailing or "E",
            streak=setup.streak,
            flags=dict(setup.flags),
            ask_everyone=self.ask_everyone,
            ask_always=[s for s, p in enumerate(setup.seating) if p in self.always_asked],
        )

    def first_setup(self, match: Match) -> Setup:
        assert isinstance(match, Session)
        return self.session_rules.first_setup(match)

    def next_setup(self, match: Match, last: Setup, result: Mapping[str, Any]) -> Setup | None:
        assert isinstance(match, Session)
        return self.session_rules.next_setup(match, last, result)

    def player_payments(self, match: Match, setup: Setup, result: Mapping[str, Any]) -> list[int]:
        assert isinstance(match, Session)
        payments = super().player_payments(match, setup, result)
        return self.session_rules.adjust_payments(match, setup, result, payments)


def _either(session_rules: SessionRules | None, rules: SessionRules | None) -> SessionRules | None:
    """The session rules given as ``session_rules`` or by their older name ``rules``."""
    if rules is None:
        return session_rules
    if session_rules is not None and session_rules is not rules:
        raise TypeError("give session_rules or rules (its older name), not both")
    return rules


class Session(Match):
    """A match of mahjong (see the module docstring).

    ``ruleset_name`` and ``options`` choose the rule system (or ``ruleset`` gives the
    ruleset itself); ``seed`` decides every hand; ``players`` names the players (player
    ``i`` starts at seat ``i``); ``session_rules`` overrides the rule system's
    :class:`SessionRules` (``rules`` is an older name of the argument, and of the
    attribute); ``ask_everyone`` is the tables' (see
    :class:`~parlour.mahjong.table.Table`); with ``ask_everyone=False``,
    ``always_asked`` names the players (people at a server) whose seats are asked
    after every discard even when they can only pass.
    """

    def __init__(
        self,
        ruleset_name: str | None = None,
        options: Mapping[str, Any] | None = None,
        *,
        seed: int = 0,
        players: Sequence[str] | None = None,
        session_rules: SessionRules | None = None,
        ruleset: Ruleset | None = None,
        ask_everyone: bool = True,
        always_asked: Collection[int] = (),
        rules: SessionRules | None = None,
    ) -> None:
        seed = check_seed(seed)
        session_rules = _either(session_rules, rules)
        if ruleset is None:
            from parlour.registry import DEFAULT_SYSTEM

            ruleset_name = ruleset_name or DEFAULT_SYSTEM
            ruleset = make_ruleset(ruleset_name, options)
        else:
            ruleset_name = ruleset.name
        self.ruleset = ruleset
        self.ruleset_name = ruleset_name
        self.options: dict[str, Any] = dict(self.ruleset.options)
        if session_rules is None:
            session_rules = rules_of(self.ruleset)
        self.session_rules = session_rules
        self.ask_everyone = ask_everyone
        self.always_asked = frozenset(() if ask_everyone else always_asked)
        match_rules = _SessionMatchRules(
            self.ruleset, self.session_rules, ask_everyone, self.always_asked
        )
        n = self.ruleset.num_seats
        count = match_rules.num_players()
        if players is None:
            players = DEFAULT_PLAYERS[:count]
        if len(players) != count:
            raise ValueError(f"a session needs {count} players, not {len(players)}")
        super().__init__(match_rules, seed=seed, players=players)
        assert self.num_seats == n

    # -- state -----------------------------------------------------------------------

    @property
    def rules(self) -> SessionRules:
        """The session rules (an older name of :attr:`session_rules`)."""
        return self.session_rules

    @property
    def tables(self) -> list[Table]:
        """Every hand's table, the current one last."""
        return self.games  # type: ignore[return-value]

    @property
    def hands(self) -> list[HandSummary]:
        """Every finished hand, in players' terms."""
        return [HandSummary.of(o) for o in self.outcomes]

    @property
    def prevailing(self) -> str:
        """The prevailing wind of the hand in play."""
        return self.setup.prevailing or ""

    prevalent = prevailing  # an older name

    @property
    def streak(self) -> int:
        """How many times in a row the current dealer has kept the deal."""
        return self.setup.streak

    def current_table(self) -> Table:
        """The hand in play (the last hand, finished, once the match is over)."""
        return self.tables[-1]

    def apply(self, seat: int, action: Any, *, hand: int | None = None) -> list[Any]:
        """Apply ``action`` by table ``seat`` to the current hand and return its events;
        when the hand ends, settle it and deal the next one (its opening events are in
        ``current_table().events``). ``hand``, when given, is the hand the action is
        meant for: an action for a hand that is over is refused. Raises
        ``IllegalAction`` (changing nothing) if the rules refuse the action or the
        match is over."""
        if self.is_over():
            raise IllegalAction("the session is over")
        return super().apply(seat, action, hand=hand)

    # -- results ---------------------------------------------------------------------

    def results_text(self) -> str:
        """The results table, one line per finished hand, then the scores.

        >>> print(Session(seed=1, players=["Ann", "Bob", "Cid", "Dee"]).results_text())
        hand  wind  dealer  winner  total     Ann     Bob     Cid     Dee
        total                                   0       0       0       0
        """
        width = max(7, *(len(p) + 1 for p in self.players))
        head = "hand  wind  dealer  winner  total" + "".join(
            f"{p:>{width + 1}}" for p in self.players
        )
        lines = [head]
        for h in self.hands:
            if h.forfeited is not None:  # a penalty ended it: the column names who paid
                winner = f"{self.players[h.forfeited]} forfeit"
            elif h.winner is None:
                winner = "draw"
            else:
                winner = "+".join(self.players[w] for w in h.winners)
            lines.append(
                f"{h.number:>4}  {h.prevailing:>4}  {self.players[h.dealer]:>6}  {winner:>6}  "
                f"{h.total:>5}" + "".join(f"{x:>{width + 1}}" for x in h.payments)
            )
        lines.append(f"{'total':<33}" + "".join(f"{x:>{width + 1}}" for x in self.scores))
        return "\n".join(lines)


def play_session(
    bots: Sequence[Bot],
    seed: int = 0,
    *,
    ruleset_name: str | None = None,
    options: Mapping[str, Any] | None = None,
    players: Sequence[str] | None = None,
    session_rules: SessionRules | None = None,
    ruleset: Ruleset | None = None,
    ask_everyone: bool = True,
    rules: SessionRules | None = None,
) -> Session:
    """Play a whole match with one bot per player (``bots[i]`` plays player ``i``,
    wherever that player sits) and return the finished session (``rules``: an older
    name of ``session_rules``).

    >>> from parlour.bots import RandomBot
    >>> s = play_session([RandomBot(seed=i) for i in range(4)], seed=5,
    ...                  session_rules=SessionRules(max_hands=2))
    >>> s.is_over(), len(s.hands), sum(s.scores)
    (True, 2, 0)
    """
    session = Session(
        ruleset_name,
        options,
        seed=seed,
        players=players,
        session_rules=_either(session_rules, rules),
        ruleset=ruleset,
        ask_everyone=ask_everyone,
    )
    if len(bots) != session.num_players:
        raise ValueError(f"a session needs {session.num_players} bots, not {len(bots)}")
    from parlour.bots import show_events

    while not session.is_over():
        table = session.current_table()
        number = session.hand_number
        for seat in table.to_act():
            bot = bots[session.player_at(seat)]
            show_events(bot, table.events, seat)
            action = bot.act(table.observation(seat), table.legal_actions(seat))
            session.apply(seat, action, hand=number)
            if table.is_over():
                break
    return session


__all__ = [
    "DEFAULT_PLAYERS",
    "HandSetup",
    "HandSummary",
    "Session",
    "SessionRules",
    "hand_seed",
    "make_ruleset",
    "play_session",
    "rules_of",
    "session_rules_for",
    "standings",
    "winners",
]

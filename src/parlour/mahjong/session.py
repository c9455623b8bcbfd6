"""A session: a whole match of hands at one table, with seats, rounds and scores.

Four players (numbered 0-3 in the order given) sit at the table's seats. Each hand is a
:class:`~parlour.mahjong.table.Table` whose seed derives from the session's seed (see
:func:`hand_seed`), so a session is fully determined by its ruleset, options, seed and
the actions applied. Between hands the deal moves on (or stays, in rule systems that
keep the dealer); after a round the prevailing wind moves on and the players may change
seats. :class:`SessionRules` holds that progression; :data:`MCR_SESSION` is the MCR one
(16 hands in 4 rounds, no dealer repeat, seat changes after the first three rounds).

>>> s = Session(seed=3, players=["Ann", "Bob", "Cid", "Dee"])
>>> t = s.current_table()
>>> t.dealer, t.prevalent, s.player_at(0), s.hand_number
(0, 'E', 0, 1)
>>> [s.players[p] for p in s.seating]
['Ann', 'Bob', 'Cid', 'Dee']

The seating at the start of each round, as players A-D (MCR):

>>> ["".join("ABCD"[p] for p in MCR_SESSION.seating(r)) for r in range(4)]
['ABCD', 'BADC', 'CDBA', 'DCAB']

Table seat ``dealer`` is East; seat ``dealer + 1`` is South, and so on. The first hand
of every round is dealt by seat 0.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from parlour.core.errors import IllegalAction
from parlour.core.game import Action, Event
from parlour.mahjong.ruleset import WIND_LETTERS, Ruleset
from parlour.mahjong.table import Table

if TYPE_CHECKING:
    from parlour.bots import Bot

DEFAULT_PLAYERS = ("A", "B", "C", "D")


@dataclass(frozen=True, slots=True)
class SessionRules:
    """How a rule system runs a match: rounds, dealer progression and seat changes.

    ``rounds``: the prevailing wind of each round, in order. A round ends when the deal
    has passed every seat once. ``dealer_stays_on_win``: the dealer deals again after
    winning; ``dealer_stays_on_draw``: after an exhaustive draw (each kept deal adds
    one to the banker streak, :attr:`Session.streak`). ``seat_changes[r]`` is applied
    after round ``r`` (0-based): the player at new seat ``k`` is the one who sat at seat
    ``seat_changes[r][k]`` at the start of round ``r``; rounds without an entry keep
    their seats. ``max_hands`` stops a match early (a safeguard for rule systems that
    keep the dealer).

    Subclass and override :meth:`dealer_stays` or :meth:`seating` for anything else.

    >>> SessionRules().seating(2)
    [0, 1, 2, 3]
    >>> SessionRules(dealer_stays_on_draw=True).dealer_stays({"winner": None}, 1, 0)
    True
    """

    rounds: str = "ESWN"
    dealer_stays_on_win: bool = False
    dealer_stays_on_draw: bool = False
    seat_changes: tuple[tuple[int, ...], ...] = ()
    max_hands: int | None = None

    def dealer_stays(self, result: Mapping[str, Any], dealer: int, streak: int) -> bool:
        """Does the dealer (table seat ``dealer``, already kept ``streak`` times) deal
        the next hand too, after a hand that ended with ``result``?"""
        winner = result.get("winner")
        if winner is None:
            return self.dealer_stays_on_draw
        return self.dealer_stays_on_win and winner == dealer

    def seating(self, round_index: int, num_seats: int = 4) -> list[int]:
        """The player at each seat at the start of round ``round_index`` (0-based),
        players starting at the seat of their number."""
        seats = list(range(num_seats))
        for r in range(min(round_index, len(self.seat_changes))):
            perm = self.seat_changes[r]
            seats = [seats[perm[k]] for k in range(num_seats)]
        return seats

    def to_json(self) -> dict[str, Any]:
        """The rules as JSON (``from_json`` reads it back).

        >>> SessionRules.from_json(MCR_SESSION.to_json()) == MCR_SESSION
        True
        """
        return {
            "rounds": self.rounds,
            "dealer_stays_on_win": self.dealer_stays_on_win,
            "dealer_stays_on_draw": self.dealer_stays_on_draw,
            "seat_changes": [list(p) for p in self.seat_changes],
            "max_hands": self.max_hands,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SessionRules:
        """Read :meth:`to_json` output (missing keys keep their defaults)."""
        unknown = set(data) - set(cls.__dataclass_fields__)
        if unknown:
            raise ValueError(f"unknown session rule(s): {', '.join(sorted(unknown))}")
        rounds = data.get("rounds", "ESWN")
        if not isinstance(rounds, str) or not rounds or any(w not in WIND_LETTERS for w in rounds):
            raise ValueError(f"rounds must be winds such as 'ESWN', not {rounds!r}")
        changes = data.get("seat_changes", [])
        if not isinstance(changes, list | tuple) or not all(
            isinstance(p, list | tuple) and sorted(p) == list(range(len(p))) for p in changes
        ):
            raise ValueError(f"seat_changes must be seat permutations, not {changes!r}")
        max_hands = data.get("max_hands")
        if max_hands is not None and (not isinstance(max_hands, int) or max_hands < 1):
            raise ValueError(f"max_hands must be a positive number, not {max_hands!r}")
        return cls(
            rounds=rounds,
            dealer_stays_on_win=bool(data.get("dealer_stays_on_win", False)),
            dealer_stays_on_draw=bool(data.get("dealer_stays_on_draw", False)),
            seat_changes=tuple(tuple(p) for p in changes),
            max_hands=max_hands,
        )


MCR_SESSION = SessionRules(seat_changes=((1, 0, 3, 2), (3, 2, 0, 1), (1, 0, 3, 2)))
"""MCR: 4 rounds E, S, W, N of 4 hands, the dealer never stays, and after the East and
the West rounds East and South swap, West and North swap; after the South round East
moves to West's seat, South to North's, West to South's and North to East's."""

SESSION_RULES: dict[str, SessionRules] = {"mcr": MCR_SESSION}
"""Session rules by rule-system name (others default to :class:`SessionRules`)."""


def session_rules_for(ruleset_name: str) -> SessionRules:
    """The session rules of a rule system (a plain :class:`SessionRules` if unknown).

    >>> session_rules_for("mcr") is MCR_SESSION
    True
    """
    return SESSION_RULES.get(ruleset_name, SessionRules())


def hand_seed(seed: int, index: int) -> int:
    """The seed of hand ``index`` (0-based) of the session with ``seed``: 32 bits of a
    hash, so it depends on nothing else (not on how many hands came before).

    >>> hand_seed(1, 0) == hand_seed(1, 0) != hand_seed(1, 1)
    True
    """
    digest = hashlib.sha256(f"parlour-session:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:4], "big")


def make_ruleset(name: str, options: Mapping[str, Any] | None = None) -> Ruleset:
    """The table ruleset of rule system ``name`` with ``options``.

    >>> make_ruleset("mcr").name
    'mcr'
    """
    from parlour.mahjong.rules import find_ruleset

    cls = getattr(find_ruleset(name), "RULESET", None)
    if cls is None:
        raise ValueError(f"the rule system {name!r} cannot be played at a table yet")
    ruleset: Ruleset = cls(dict(options or {}))
    return ruleset


@dataclass(frozen=True, slots=True)
class HandSetup:
    """How one hand of a session is dealt: its number (1-based), round (0-based) and
    prevailing wind, seed, dealer seat, the player at each seat, and the banker streak
    (how many times in a row this dealer has already kept the deal)."""

    number: int
    round: int
    prevalent: str
    seed: int
    dealer: int
    seating: tuple[int, ...]
    streak: int = 0


@dataclass(frozen=True, slots=True)
class HandSummary:
    """One finished hand, in players' terms: the setup, the winner (a player, or None
    for a draw) and the winning seat, the hand's value (0 for a draw), the discarder (a
    player, None when self-drawn or drawn) and each player's payment."""

    setup: HandSetup
    winner: int | None
    winner_seat: int | None
    total: int
    self_drawn: bool
    discarder: int | None
    payments: tuple[int, ...]

    @property
    def number(self) -> int:
        return self.setup.number

    @property
    def prevalent(self) -> str:
        return self.setup.prevalent

    @property
    def dealer(self) -> int:
        """The player who dealt (was East)."""
        return self.setup.seating[self.setup.dealer]

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": self.number,
            "prevalent": self.prevalent,
            "dealer": self.dealer,
            "winner": self.winner,
            "total": self.total,
            "self_drawn": self.self_drawn,
            "discarder": self.discarder,
            "payments": list(self.payments),
        }


class Session:
    """A match (see the module docstring).

    ``ruleset_name`` and ``options`` choose the rule system; ``seed`` decides every
    hand; ``players`` names the four players (player ``i`` starts at seat ``i``);
    ``rules`` overrides the rule system's :class:`SessionRules`.
    """

    def __init__(
        self,
        ruleset_name: str = "mcr",
        options: Mapping[str, Any] | None = None,
        *,
        seed: int = 0,
        players: Sequence[str] | None = None,
        rules: SessionRules | None = None,
    ) -> None:
        self.ruleset_name = ruleset_name
        self.options: dict[str, Any] = dict(options or {})
        self.seed = seed
        self.ruleset = make_ruleset(ruleset_name, self.options)
        n = self.num_seats = self.ruleset.num_seats
        names = list(DEFAULT_PLAYERS[:n] if players is None else players)
        if len(names) != n:
            raise ValueError(f"a session needs {n} players, not {len(names)}")
        self.players: list[str] = [str(p) for p in names]
        self.rules = session_rules_for(ruleset_name) if rules is None else rules
        self.scores: list[int] = [0] * n
        self.hands: list[HandSummary] = []
        self.setups: list[HandSetup] = []
        self.tables: list[Table] = []
        self._passes = 0  # times the deal has moved on in this round
        self._over = False
        self._start(
            HandSetup(
                1, 0, self.rules.rounds[0], hand_seed(seed, 0), 0, tuple(self.rules.seating(0, n))
            )
        )

    # -- state -----------------------------------------------------------------------

    @property
    def setup(self) -> HandSetup:
        """The setup of the current (or last) hand."""
        return self.setups[-1]

    @property
    def seating(self) -> tuple[int, ...]:
        """The player at each table seat in the current hand."""
        return self.setup.seating

    @property
    def hand_number(self) -> int:
        """The current hand's number, 1-based (the last hand's once the match is over)."""
        return self.setup.number

    @property
    def prevalent(self) -> str:
        return self.setup.prevalent

    @property
    def streak(self) -> int:
        """How many times in a row the current dealer has kept the deal."""
        return self.setup.streak

    def current_table(self) -> Table:
        """The hand in play (the last hand, finished, once the match is over)."""
        return self.tables[-1]

    def player_at(self, seat: int) -> int:
        """The player at table ``seat`` in the current hand."""
        return self.seating[seat]

    def seat_of(self, player: int) -> int:
        """The table seat of ``player`` in the current hand."""
        return self.seating.index(player)

    def is_over(self) -> bool:
        return self._over

    # -- the game protocol (seats are the current hand's table seats) -----------------

    def to_act(self) -> tuple[int, ...]:
        """The table seats to decide in the current hand (none once the match is over)."""
        return () if self._over else self.tables[-1].to_act()

    def legal_actions(self, seat: int) -> list[Action]:
        return [] if self._over else self.tables[-1].legal_actions(seat)

    def observation(self, seat: int) -> dict[str, Any]:
        """The current hand as ``seat`` sees it, with the match around it: the hand
        number, the round, and every player's name, seat and score."""
        obs = self.tables[-1].observation(seat)
        obs["match"] = {
            "hand": self.hand_number,
            "round": self.prevalent,
            "over": self._over,
            "players": [
                {"name": self.players[p], "seat": self.seat_of(p), "score": self.scores[p]}
                for p in range(self.num_seats)
            ],
        }
        return obs

    def result(self) -> dict[str, Any] | None:
        """The match result once it is over (:meth:`results`), else None."""
        return self.results() if self._over else None

    # -- play ------------------------------------------------------------------------

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply ``action`` by table ``seat`` to the current hand and return its events;
        when the hand ends, settle it and deal the next one (its opening events are in
        ``current_table().events``). Raises ``IllegalAction`` (changing nothing) if the
        rules refuse the action or the match is over."""
        if self._over:
            raise IllegalAction("the session is over")
        table = self.tables[-1]
        events = table.apply(seat, action)
        if table.is_over():
            self._finish_hand(table)
        return events

    def _finish_hand(self, table: Table) -> None:
        result = table.result()
        assert result is not None
        setup = self.setup
        seating = setup.seating
        n = self.num_seats
        payments = [0] * n
        for s, amount in enumerate(result["payments"]):
            payments[seating[s]] += amount
        for p in range(n):
            self.scores[p] += payments[p]
        winner_seat = result["winner"]
        discarder_seat = result.get("discarder")
        self.hands.append(
            HandSummary(
                setup=setup,
                winner=None if winner_seat is None else seating[winner_seat],
                winner_seat=winner_seat,
                total=int(result.get("total", 0)),
                self_drawn=bool(result.get("self_drawn", False)),
                discarder=None if discarder_seat is None else seating[discarder_seat],
                payments=tuple(payments),
            )
        )
        rules = self.rules
        if rules.max_hands is not None and setup.number >= rules.max_hands:
            self._over = True
            return
        if rules.dealer_stays(result, setup.dealer, setup.streak):
            self._start(
                replace(
                    setup,
                    number=setup.number + 1,
                    seed=hand_seed(self.seed, setup.number),
                    streak=setup.streak + 1,
                )
            )
            return
        self._passes += 1
        if self._passes < n:
            self._start(
                replace(
                    setup,
                    number=setup.number + 1,
                    seed=hand_seed(self.seed, setup.number),
                    dealer=(setup.dealer + 1) % n,
                    streak=0,
                )
            )
            return
        round_index = setup.round + 1
        if round_index >= len(rules.rounds):
            self._over = True
            return
        self._passes = 0
        self._start(
            HandSetup(
                number=setup.number + 1,
                round=round_index,
                prevalent=rules.rounds[round_index],
                seed=hand_seed(self.seed, setup.number),
                dealer=0,
                seating=tuple(rules.seating(round_index, n)),
            )
        )

    def _start(self, setup: HandSetup) -> None:
        self.setups.append(setup)
        self.tables.append(
            Table(self.ruleset, seed=setup.seed, dealer=setup.dealer, prevalent=setup.prevalent)
        )

    # -- results ---------------------------------------------------------------------

    def standings(self) -> list[dict[str, Any]]:
        """The players by score, best first: ``player`` (number), ``name``, ``score``
        and ``rank`` (equal scores share a rank).

        >>> [(r["name"], r["score"], r["rank"]) for r in Session(seed=1).standings()]
        [('A', 0, 1), ('B', 0, 1), ('C', 0, 1), ('D', 0, 1)]
        """
        order = sorted(range(self.num_seats), key=lambda p: (-self.scores[p], p))
        out: list[dict[str, Any]] = []
        for i, p in enumerate(order):
            tied = i and self.scores[p] == self.scores[order[i - 1]]
            rank = out[-1]["rank"] if tied else i + 1
            out.append(
                {"player": p, "name": self.players[p], "score": self.scores[p], "rank": rank}
            )
        return out

    def results(self) -> dict[str, Any]:
        """Standings as JSON: ``scores`` per player, ``standings``, ``hands`` finished
        and ``complete`` (the match is over)."""
        return {
            "scores": list(self.scores),
            "standings": self.standings(),
            "hands": len(self.hands),
            "complete": self._over,
        }

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
            winner = "draw" if h.winner is None else self.players[h.winner]
            lines.append(
                f"{h.number:>4}  {h.prevalent:>4}  {self.players[h.dealer]:>6}  {winner:>6}  "
                f"{h.total:>5}" + "".join(f"{x:>{width + 1}}" for x in h.payments)
            )
        lines.append(f"{'total':<33}" + "".join(f"{x:>{width + 1}}" for x in self.scores))
        return "\n".join(lines)


def play_session(
    bots: Sequence[Bot],
    seed: int = 0,
    *,
    ruleset_name: str = "mcr",
    options: Mapping[str, Any] | None = None,
    players: Sequence[str] | None = None,
    rules: SessionRules | None = None,
) -> Session:
    """Play a whole match with one bot per player (``bots[i]`` plays player ``i``,
    wherever that player sits) and return the finished session.

    >>> from parlour.bots import RandomBot
    >>> s = play_session([RandomBot(seed=i) for i in range(4)], seed=5,
    ...                  rules=SessionRules(max_hands=2))
    >>> s.is_over(), len(s.hands), sum(s.scores)
    (True, 2, 0)
    """
    session = Session(ruleset_name, options, seed=seed, players=players, rules=rules)
    if len(bots) != session.num_seats:
        raise ValueError(f"a session needs {session.num_seats} bots, not {len(bots)}")
    while not session.is_over():
        table = session.current_table()
        for seat in table.to_act():
            bot = bots[session.player_at(seat)]
            session.apply(seat, bot.act(table.observation(seat), table.legal_actions(seat)))
            if table.is_over():
                break
    return session


__all__ = [
    "DEFAULT_PLAYERS",
    "MCR_SESSION",
    "SESSION_RULES",
    "HandSetup",
    "HandSummary",
    "Session",
    "SessionRules",
    "hand_seed",
    "make_ruleset",
    "play_session",
    "session_rules_for",
]

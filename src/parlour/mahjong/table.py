"""The table: one hand of mahjong as a deterministic state machine, for any rule system.

The table deals from a seeded wall (:mod:`parlour.mahjong.wall`), replaces bonus tiles,
runs turns (draw, kongs, discard) and opens a decision window
(:class:`~parlour.core.window.Window`) wherever seats decide: after every discard (the
claims), after an added kong (robbing it), and wherever its ruleset opens one (an
exchange after the deal, an ordered window of special wins, declarations at the end of
the wall). It ends on one or more wins or an exhaustive draw, or when a seat asked to
act forfeits the hand (:meth:`Table.forfeit`: a player that cannot go on, such as an
outside program that answered nonsense, pays a penalty). It asks its
:class:`~parlour.mahjong.ruleset.Ruleset` at each decision point and knows no rule system
by name; the ruleset's own per-hand state lives in ``table.state``.

>>> t = Table(seed=7)
>>> t.to_act(), t.observation(0)["hand_sizes"], t.wall_count()
((0,), [14, 13, 13, 13], 89)
>>> [e.kind for e in t.apply(0, t.parse_action("discard F"))]
['discard']
>>> t.phase, t.to_act()
('claim', (1, 2, 3))
>>> for seat in (1, 2, 3):
...     _ = t.apply(seat, t.parse_action("pass"))
>>> t.current, t.phase, t.observation(2)["discards"][0]
(1, 'turn', 'F')

Seats are numbered in turn order; seat ``dealer`` is East (the first seat name) for the
hand. By default every other seat is asked after each discard (``pass`` its only choice
when it has nothing), so that nothing a seat sees depends on what others hold;
``ask_everyone=False`` asks only the seats that can act, for simulations where that
does not matter, and, with ``ask_always``, for a server whose bots' answers nobody
sees: the seats in ``ask_always`` (those played by people) are still asked every time,
the others only when they can act.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from parlour.core.actions import Action
from parlour.core.errors import IllegalAction, NotationError
from parlour.core.game import Event, SpaceActions, check_seat
from parlour.core.rng import SEED_VERSION, check_seed, game_rng
from parlour.core.window import Window
from parlour.mahjong.actions import FORFEIT, PASS, MahjongAction
from parlour.mahjong.melds import Meld, chow, format_meld, kong, pung
from parlour.mahjong.ruleset import Deal, Ruleset, WinContext
from parlour.mahjong.scoring import Score
from parlour.mahjong.shapes import WildRules, could_be_ready, is_complete, is_complete_of
from parlour.mahjong.tiles import (
    BONUS_TILES,
    JOKER,
    NUM_KINDS,
    NUM_TILES,
    Tile,
    format_tiles,
    tile_name,
)
from parlour.mahjong.wall import Wall

TURN, CLAIM, ROB, OVER = "turn", "claim", "rob", "over"

TilesSeen = tuple[
    list[Tile],
    list[tuple[str, ...]],
    list[list[Tile]],
    list[list[Tile]],
    list[list[Tile]],
    list[list[Tile]] | None,
    list[list[Tile] | None] | None,
    tuple[int, Tile] | None,
    tuple[Any, Any] | None,
]
"""What :meth:`Table.tiles_seen` answers: the tiles of one seat's observation."""


@dataclass(slots=True)
class Win:
    """One win of a hand: who, on which tile, how, the score and the seats' payments."""

    seat: int
    tile: Tile
    how: WinContext
    score: Score
    payments: list[int]

    def to_json(self, table: Table) -> dict[str, Any]:
        out: dict[str, Any] = {
            "seat": self.seat,
            "tile": tile_name(self.tile),
            "self_drawn": self.how.self_drawn,
            "discarder": self.how.discarder,
            "total": self.score.total,
            "patterns": [p.to_json() for p in self.score.patterns],
            "payments": list(self.payments),
        }
        flags = self.how.to_json()
        if flags:
            out["how"] = flags
        return out


class Table(SpaceActions):
    """One hand at a table (see the module docstring).

    ``ruleset`` is a :class:`Ruleset` (default: MCR); ``seed`` decides the shuffle, the
    dice and anything the ruleset draws after the deal; ``dealer`` is the seat named
    first (East); ``prevailing`` the prevailing value (the round wind; ``prevalent`` is an
    older name of the same argument). ``streak`` (how
    many times this dealer has kept the deal) and ``flags`` (what the match passes on,
    such as a goulash hand) are for the ruleset. ``deal`` replaces the seeded deal with
    a prepared one (scenario tests, puzzles): see :func:`stacked_deal`.
    ``seed_version`` 1 deals as version-1 records were dealt (seeds ``k`` and ``-k``
    alike).
    """

    def __init__(
        self,
        ruleset: Ruleset | None = None,
        *,
        seed: int = 0,
        dealer: int = 0,
        prevailing: str = "E",
        deal: Deal | None = None,
        ask_everyone: bool = True,
        ask_always: Collection[int] = (),
        streak: int = 0,
        flags: dict[str, Any] | None = None,
        seed_version: int = SEED_VERSION,
        prevalent: str | None = None,
    ) -> None:
        if ruleset is None:
            from parlour.registry import default_ruleset

            ruleset = default_ruleset()
        if prevalent is not None:
            prevailing = prevalent
        self.ruleset = ruleset
        self.num_seats = n = ruleset.num_seats
        if type(dealer) is not int or not 0 <= dealer < n:
            raise ValueError(f"dealer must be a seat 0-{n - 1}, not {dealer!r}")
        if (
            not isinstance(prevailing, str)
            or len(prevailing) != 1
            or (prevailing not in ruleset.prevailing_values)
        ):
            values = ", ".join(ruleset.prevailing_values)
            raise ValueError(f"the prevailing value must be one of {values}, not {prevailing!r}")
        seed = check_seed(seed)
        self.seed = seed
        self.seed_version = seed_version
        self.ask_everyone = ask_everyone
        self.ask_always = frozenset(ask_always)
        self.dealer = dealer
        self.prevailing = prevailing
        self.streak = streak
        self.flags: dict[str, Any] = dict(flags or {})
        self.space = ruleset.action_space
        hooks = type(ruleset)
        # hooks a ruleset leaves as the shared procedure has them are not asked
        self._asks_unclaimable = hooks.unclaimable is not Ruleset.unclaimable
        self._asks_special = hooks.special_actions is not Ruleset.special_actions
        self._asks_observe = hooks.observe is not Ruleset.observe
        self._asks_discard = hooks.on_discard is not Ruleset.on_discard
        self._asks_closed = hooks.window_closed is not Ruleset.window_closed
        self._asks_allows = hooks.allows is not Ruleset.allows
        self._asks_may_chow = hooks.may_chow is not Ruleset.may_chow
        # the shared bonus tiles are looked up, not asked for one by one
        self._is_bonus: Callable[[Tile], bool] = (
            ruleset.is_bonus if hooks.is_bonus is not Ruleset.is_bonus else BONUS_TILES.__contains__
        )
        self.rng = game_rng(seed, seed_version)
        self.tile_set = ruleset.tiles_of(self.flags)
        if deal is None:
            deal = ruleset.build_wall(self.rng, dealer, self.flags)
        self.dice = deal.dice
        self.prepared = 0 in deal.dice
        self._names = tuple(ruleset.seat_name((s - dealer) % n) for s in range(n))
        # the tile each seat drew last (the dealer's last dealt tile counts as drawn)
        self._last_tile: list[Tile | None] = [None] * n
        self._last_tile[dealer] = deal.hands[dealer][-1]
        self.wall = Wall(deal.wall, ruleset.wall_of(self.flags))
        self.hands: list[list[Tile]] = [sorted(h) for h in deal.hands]
        self.melds: list[list[Meld]] = [[] for _ in range(n)]
        self.bonus: list[list[Tile]] = [[] for _ in range(n)]
        self.discards: list[list[Tile]] = [[] for _ in range(n)]  # the river: not claimed
        self.discarded: list[list[Tile]] = [[] for _ in range(n)]  # every discard
        self.public: set[int] = set()  # seats whose concealed tiles everyone sees
        self.aside: list[list[Tile]] = [[] for _ in range(n)]  # laid aside face up
        self._aside_count = 0
        # the other seats after each seat, in turn order
        self._after = tuple(tuple((s + k) % n for k in range(1, n)) for s in range(n))
        self.events: list[Event] = [Event("dice", dealer, {"dice": list(self.dice)})]
        for s in range(n):
            self.events.append(Event("deal", s, {"tiles": format_tiles(self.hands[s])}, to=s))
        self.actions: list[tuple[int, Action]] = []
        self.action_events: list[int] = []  # where each action's events start
        self.transfers: list[dict[str, Any]] = []  # payments made during the hand
        self.wins: list[Win] = []
        # what everyone sees of each seat, formatted once per change
        self._seen: list[tuple[tuple[str, ...], tuple[str, ...]] | None] = [None] * n
        self._discard_text: list[str | None] = [None] * n
        self._discarded_text: list[str | None] = [None] * n
        self._bonus_text: list[str | None] = [None] * n
        self._legal: dict[int, list[Action]] = {}
        self._ready_cache: list[tuple[tuple[Tile, ...], bool] | None] = [None] * n
        self._result: dict[str, Any] | None = None
        self.phase = TURN
        self.current = dealer
        self.window: Window | None = None
        self._drew = True  # the dealer's last dealt tile counts as a draw
        self._after_kong = False  # the current seat's last draw replaced a kong
        self._chain = 0  # kongs in the current chain
        self._replacement: str | None = None  # the last draw replaced a kong or bonus tile
        self._discard_after_kong = False
        self._melds_made = False  # any meld claimed or kong declared this hand
        self._discard: tuple[int, Tile] | None = None
        self._robbed: tuple[int, Tile] | None = None
        self._ending = False
        self._forfeit: tuple[int, tuple[int, ...]] | None = None  # who forfeited, the penalty
        self._fast = False
        self._wild_rules: WildRules | None = None
        self._claim_wilds: WildRules | None = None
        self._claimed = [0] * n  # discards of each seat claimed by others
        self._claimable = (True, True)  # during a claim window: live tiles left, a replacement
        self.state: Any = ruleset.new_state(self)
        if ruleset.wall.bonus_in_rounds:
            self._replace_bonus_in_rounds()
        else:
            for k in range(n):
                self._replace_bonus((dealer + k) % n)
        self._replacement = None
        self.rules_changed()
        if self.phase == TURN:
            ruleset.after_deal(self)
            self.rules_changed()

    # -- the protocol --------------------------------------------------------------------

    def to_act(self) -> tuple[int, ...]:
        if self.phase == TURN:
            return (self.current,)
        if self.window is not None:
            return self.window.pending()
        return ()

    def legal_actions(self, seat: int) -> list[Action]:
        if type(seat) is int:
            cached = self._legal.get(seat)
            if cached is None and 0 <= seat < self.num_seats:
                cached = self._legal[seat] = self._legal_now(seat)
            if cached is not None:
                return list(cached)
        return list(self._legal_for(seat))

    def _legal_for(self, seat: int) -> list[Action]:
        """The legal actions of ``seat``, computed once per state (not to be changed)."""
        if type(seat) is not int:
            seat = check_seat(seat, self.num_seats)
        cached = self._legal.get(seat)
        if cached is None:
            if not 0 <= seat < self.num_seats:
                seat = check_seat(seat, self.num_seats)
            cached = self._legal[seat] = self._legal_now(seat)
        return cached

    def _allowed(self, seat: int, actions: list[Action]) -> list[Action]:
        """The actions the shared procedure offers, less those the ruleset forbids."""
        if not self._asks_allows:
            return actions  # the shared procedure's "allows everything"
        allows = self.ruleset.allows
        kept = [a for a in actions if a[0] == "pass" or allows(self, seat, a)]
        if actions and not kept:
            raise RuntimeError(f"the ruleset forbids every action of seat {seat}")
        return kept

    def _legal_now(self, seat: int) -> list[Action]:
        if self.phase == TURN:
            if seat != self.current:
                return []
            if not self._asks_allows:
                return self._turn_actions(seat)
            return self._allowed(seat, self._turn_actions(seat))
        if self.window is not None:
            return self.window.offers(seat)
        return []

    def apply(self, seat: int, action: Action) -> list[Event]:
        if type(seat) is not int or not 0 <= seat < self.num_seats:
            seat = check_seat(seat, self.num_seats)
        legal = self._legal.get(seat)
        if legal is None:
            legal = self._legal_for(seat)
        try:
            handed_out = legal[legal.index(action)] is action  # nothing more to check
        except (ValueError, TypeError):
            handed_out = False
        if not handed_out:
            if type(action) is MahjongAction and action[0] == FORFEIT:
                return self._forfeited(seat, action)
            action = self._checked(seat, action, legal)
        self.actions.append((seat, action))
        start = len(self.events)
        self.action_events.append(start)
        self._legal = {}
        self._result = None
        if self.phase == TURN:
            self._apply_turn(seat, action)
        else:
            window = self.window
            assert window is not None
            if window.answer(seat, action):
                self._close(window)
        return self.events[start:]

    def forfeit(self, seat: int, payments: Sequence[int]) -> list[Event]:
        """End the hand by a penalty: ``seat``, asked to act now, forfeits it and each
        seat is paid its entry of ``payments``. The forfeit is a move of the hand
        (``forfeit -30 10 10 10``, recorded and replayed like any other, though never
        among the legal actions): for a player that cannot go on, such as an outside
        program that answered nonsense or too late. The result has no win, is not a
        draw, and says ``forfeit`` (the seat and the penalty). IllegalAction if ``seat``
        is not asked to act or the payments are not one whole number per seat.

        >>> t = Table(seed=7)
        >>> [e.to_json() for e in t.forfeit(0, [-30, 10, 10, 10])]
        [{'kind': 'forfeit', 'seat': 0, 'payments': [-30, 10, 10, 10]}]
        >>> t.is_over(), t.result()["payments"], t.result()["forfeit"]["seat"]
        (True, [-30, 10, 10, 10], 0)
        >>> t.format_action(t.actions[-1][1])
        'forfeit -30 10 10 10'
        """
        return self.apply(seat, forfeit_action(payments))

    def _forfeited(self, seat: int, action: MahjongAction) -> list[Event]:
        payments = action[1]
        if seat not in self.to_act():
            raise IllegalAction(f"seat {seat} is not asked to act: it cannot forfeit now")
        if (
            type(payments) is not tuple
            or len(payments) != self.num_seats
            or not all(type(p) is int for p in payments)
        ):
            raise IllegalAction(
                f"a forfeit names one whole payment per seat ({self.num_seats}), not {payments!r}"
            )
        self.actions.append((seat, action))
        start = len(self.events)
        self.action_events.append(start)
        self._forfeit = (seat, payments)
        self.phase = OVER
        self.window = None
        self._legal = {}
        self._result = None
        self.events.append(Event(FORFEIT, seat, {"payments": list(payments)}))
        return self.events[start:]

    def format_action(self, action: Action) -> str:
        if type(action) is MahjongAction and action[0] == FORFEIT:
            return str(action)
        return self.space.format(action)

    def parse_action(self, text: str) -> Action:
        """Read an action from its text (``discard 4p``; ``forfeit -30 10 10 10``, the
        move :meth:`forfeit` makes); NotationError if it cannot be read."""
        if type(text) is str and text.startswith(FORFEIT):
            return parse_forfeit(text)
        return self.space.parse(text)

    def check(self, seat: int, action: Any) -> Action:
        """The legal action ``action`` names for ``seat`` now (in canonical form), or
        :class:`~parlour.core.errors.IllegalAction` saying why; nothing changes. For a
        server that holds an answer before applying it."""
        if type(seat) is not int or not 0 <= seat < self.num_seats:
            seat = check_seat(seat, self.num_seats)
        return self._checked(seat, action, self._legal_for(seat))

    def spectator_observation(self) -> dict[str, Any]:
        """What someone watching sees: everything public (melds with concealed kongs
        face down, discards, bonus tiles, hands made public, sizes, the wall, whose turn
        it is), no concealed tile of any seat."""
        obs = self.observation(self.current)
        n = self.num_seats
        over = self.phase == OVER
        obs.update(
            seat=None,
            seat_name=None,
            hand=None,
            legal=[],
            to_act=[],
            ruleset_state={},
            melds=[
                list((self._seen[s] or self._melds_seen(s))[1 if over else 0]) for s in range(n)
            ],
            public_hands=[
                _hand_text(tuple(self.hands[s])) if s in self.public else None for s in range(n)
            ],
        )
        return obs

    def _checked(self, seat: int, action: Any, legal: list[Action]) -> Action:
        """``action`` as the legal action it names, or IllegalAction (nothing changes)."""
        try:
            i = legal.index(action)
        except (ValueError, TypeError):
            i = -1
        if i >= 0 and legal[i] is action:
            return action  # one of the legal actions handed out: nothing to check
        if i >= 0 and _same_shape(legal[i][1], action[1]) and type(action[0]) is str:
            return legal[i]
        normal = self.space.normalise(action)  # a malformed action: IllegalAction
        if normal in legal:
            return legal[legal.index(normal)]
        raise IllegalAction(self._why_illegal(seat, normal, legal))

    def is_over(self) -> bool:
        return self.phase == OVER

    def result(self) -> dict[str, Any] | None:
        """Once the hand is over: ``wins`` (each winner's seat, tile, how, score and
        payments; empty for a drawn hand), ``transfers`` (payments made during the
        hand, such as kong payments), ``draw`` and ``payments`` (each seat's total)."""
        if self.phase != OVER:
            return None
        if self._result is None:
            n = self.num_seats
            payments = [0] * n
            for w in self.wins:
                for s in range(n):
                    payments[s] += w.payments[s]
            for t in self.transfers:
                for s in range(n):
                    payments[s] += t["payments"][s]
            out: dict[str, Any] = {
                "wins": [w.to_json(self) for w in self.wins],
                "draw": not self.wins and self._forfeit is None,
            }
            if self._forfeit is not None:
                seat, penalty = self._forfeit
                for s in range(n):
                    payments[s] += penalty[s]
                out["forfeit"] = {"seat": seat, "payments": list(penalty)}
            elif not self.wins:
                draw = self.ruleset.draw_payments(self)
                for s in range(n):
                    payments[s] += draw[s]
            if self.transfers:
                out["transfers"] = [dict(t, payments=list(t["payments"])) for t in self.transfers]
            out["payments"] = payments
            out.update(self.ruleset.result_fields(self))
            self._result = out
        copied: dict[str, Any] = _copy_json(self._result)
        return copied

    def observation(self, seat: int, keys: Iterable[str] | None = None) -> dict[str, Any]:
        """What ``seat`` sees: its own tiles, everyone's exposed melds (another seat's
        concealed kong face down until the hand ends), discards, bonus tiles, hands made
        public, the wall size, whose decision it is (in a window: only whether it is
        asked itself) and, under ``ruleset_state``, the ruleset's own facts of the hand
        that the seat may see (:meth:`Ruleset.observe`). A fresh dict every time.

        ``keys``: only those entries, in that order, each as the whole observation has
        it (what a bot that reads no more is handed in a batch simulation:
        :func:`parlour.mahjong.sim.play_out`); only the entries asked for are built.

        >>> t = Table(seed=3)
        >>> t.observation(0, ("hand", "prevailing")) == {
        ...     k: t.observation(0)[k] for k in ("hand", "prevailing")}
        True
        """
        n = self.num_seats
        if type(seat) is not int or not 0 <= seat < n:
            seat = check_seat(seat, n)
        if keys is not None:
            built = _OBSERVED
            return {
                k: built[k](self, seat) if k in built else self._observation_entry(k, seat)
                for k in keys
            }
        window = self.window
        rivers = self._rivers()
        return {
            "seat": seat,
            "seat_name": self._names[seat],
            "seat_names": list(self._names),
            "prevailing": self._prevailing_seen(),
            "dealer": self.dealer,
            "phase": self.phase,
            "window": None if window is None else {"kind": window.kind, **_copy_json(window.info)},
            "current": self.current,
            # in a window a seat sees only whether it is asked itself: who else may
            # claim would tell what they hold
            "to_act": [seat] if seat in self.to_act() else [],
            "hand": _hand_text(tuple(self.hands[seat])),
            "melds": self._melds_shown(seat),
            "discards": rivers,
            "discarded": [
                (self._discarded_text[s] or self._discarded_seen(s)) if self._claimed[s] else river
                for s, river in enumerate(rivers)
            ],
            "bonus": [self._bonus_seen(s) for s in range(n)],
            "aside": [" ".join(map(_NAMES.__getitem__, a)) for a in self.aside]
            if self._aside_count
            else [""] * n,
            "public_hands": [
                _hand_text(tuple(self.hands[s])) if s in self.public and s != seat else None
                for s in range(n)
            ]
            if self.public
            else [None] * n,
            "hand_sizes": [len(h) for h in self.hands],
            "wall": self.wall.live(),
            "last_discard": self._last_discard_seen(),
            "legal": self.space.texts(self._legal_for(seat)),
            "ruleset_state": self._ruleset_state(seat),
            "result": self.result(),
        }

    def tiles_seen(self, seat: int) -> TilesSeen:
        """The tiles of ``seat``'s observation as the table holds them, tile numbers
        instead of notation (for an encoder that reads the table, not the observation
        dict): ``(hand, melds, rivers, discarded, bonus, aside, shown, last_discard,
        window)``, each entry what the observation's entry of that name shows:

        * ``hand``: the seat's concealed tiles (sorted);
        * by seat: ``melds`` (notation, as :meth:`observation` writes them: another
          seat's concealed kong face down until the hand ends), ``rivers`` (the discards
          still lying), ``discarded`` (every discard, in order), ``bonus``, ``aside``
          (None when no tile is laid aside), ``shown`` (None when no hand is public;
          the seat's own entry None);
        * ``last_discard``: (seat, tile) while it may be claimed, else None;
        * ``window``: (kind, tile) of the window open (the tile None when it names
          none), else None.

        The lists are the table's own: read them, never change them.

        >>> t = Table(seed=7)
        >>> _ = t.apply(0, t.parse_action("discard F"))
        >>> hand, melds, rivers, discarded, bonus, aside, shown, last, window = t.tiles_seen(1)
        >>> format_tiles(hand, sort=False) == t.observation(1)["hand"], rivers[0], last, window
        (True, [32], (0, 32), ('claim', 'F'))
        """
        n = self.num_seats
        if type(seat) is not int or not 0 <= seat < n:
            seat = check_seat(seat, n)
        window = self.window
        public = self.public
        if any(self.melds):
            over = self.phase == OVER
            seen = self._seen
            melds = [
                (seen[s] or self._melds_seen(s))[1 if s == seat or over else 0] for s in range(n)
            ]
        else:
            melds = [()] * n
        return (
            self.hands[seat],
            melds,
            self.discards,
            self.discarded,  # as the observation's: the river until a discard is claimed
            self.bonus,
            self.aside if self._aside_count else None,
            [self.hands[s] if s in public and s != seat else None for s in range(n)]
            if public
            else None,
            self._discard if self._discard and self.phase == CLAIM else None,
            None
            if window is None
            else (window.info.get("kind", window.kind), window.info.get("tile")),
        )

    def _melds_shown(self, seat: int) -> list[list[str]]:
        """Every seat's melds as ``seat`` sees them: its own face up, another's concealed
        kongs face down until the hand ends."""
        over = self.phase == OVER
        out = []
        for s in range(self.num_seats):
            seen = self._seen[s] or self._melds_seen(s)
            out.append(list(seen[1] if (s == seat or over) else seen[0]))
        return out

    def _rivers(self) -> list[str]:
        """Every seat's discards still in sight (:meth:`_discards_seen`)."""
        return [
            self._discards_seen(s) if river is None else river
            for s, river in enumerate(self._discard_text)
        ]

    def _prevailing_seen(self) -> str | None:
        """The prevailing wind as the observation has it: None in a game without winds
        (:attr:`Ruleset.wind_rounds`)."""
        return self.prevailing if self.ruleset.wind_rounds else None

    def _last_discard_seen(self) -> dict[str, Any] | None:
        """The discard that may be claimed now: its seat and tile (None outside a
        claim window)."""
        if self._discard and self.phase == CLAIM:
            return {"seat": self._discard[0], "tile": tile_name(self._discard[1])}
        return None

    def _ruleset_state(self, seat: int) -> dict[str, Any]:
        """The ruleset's own facts of the hand that ``seat`` may see (a copy)."""
        if not self._asks_observe:
            return {}
        state: dict[str, Any] = _copy_json(self.ruleset.observe(self, seat))
        return state

    def _observation_entry(self, key: str, seat: int) -> Any:
        """One entry of ``seat``'s observation, from the whole of it (an entry with no
        builder of its own in :data:`_OBSERVED`)."""
        return self.observation(seat)[key]

    def _melds_seen(self, seat: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """``seat``'s melds as the others see them (a concealed kong face down) and as
        it sees them itself; formatted once per change."""
        seen = self._seen[seat]
        if seen is None:
            own = tuple(format_meld(m) for m in self.melds[seat])
            public = tuple(
                text if m.exposed else "{????}"
                for m, text in zip(self.melds[seat], own, strict=True)
            )
            seen = self._seen[seat] = (public, own)
        return seen

    def _discards_seen(self, seat: int) -> str:
        """``seat``'s discards still in sight, in order, one tile name each."""
        text = self._discard_text[seat]
        if text is None:
            text = self._discard_text[seat] = " ".join(map(_NAMES.__getitem__, self.discards[seat]))
        return text

    def _discarded_seen(self, seat: int) -> str:
        """Everything ``seat`` has discarded, claimed tiles included, in order."""
        text = self._discarded_text[seat]
        if text is None:
            text = self._discarded_text[seat] = " ".join(
                map(_NAMES.__getitem__, self.discarded[seat])
            )
        return text

    def _bonus_seen(self, seat: int) -> str:
        text = self._bonus_text[seat]
        if text is None:
            text = self._bonus_text[seat] = format_tiles(self.bonus[seat])
        return text

    # -- helpers for rulesets ------------------------------------------------------------

    def seat_wind(self, seat: int) -> str:
        """The name of ``seat`` this hand (its wind, counted from the dealer, where the
        ruleset names seats by winds)."""
        return self._names[seat]

    seat_name = seat_wind

    @property
    def rules(self) -> Ruleset:
        """The ruleset (an older name of :attr:`ruleset`)."""
        return self.ruleset

    @property
    def prevalent(self) -> str:
        """The prevailing value (an older name of :attr:`prevailing`)."""
        return self.prevailing

    def wall_count(self) -> int:
        """Tiles still in the wall, live and dead."""
        return self.wall.count

    def rules_changed(self) -> None:
        """Call after the ruleset changes what is wild or how wins are read: the table
        picks its shape checks again."""
        r = self.ruleset
        self._wild_rules = r.wild_rules(self)
        self._claim_wilds = r.claim_wilds(self)
        self._fast = (
            r.hand_size == 13
            and r.win_shapes is None
            and not r.special_shapes
            and self._wild_rules is None
        )
        # claims on a discard are the shared procedure's alone, on the tiles themselves
        self._plain_claims = (
            self._fast
            and self._claim_wilds is None
            and not self._asks_allows
            and not self._asks_closed
            and not self._asks_may_chow
        )
        self._legal = {}
        self._ready_cache = [None] * self.num_seats

    def open_window(
        self,
        kind: str,
        seats: Sequence[int],
        offer: Callable[[int], list[Action]],
        resolve: Callable[[Window], None],
        *,
        ordered: bool = False,
        closes: Callable[[int, Action], bool] | None = None,
        info: dict[str, Any] | None = None,
        ask: str | None = None,
    ) -> Window:
        """Open a decision window (see :class:`~parlour.core.window.Window`); the
        ruleset's ``allows`` filters what is offered. ``ask``: ``"everyone"`` asks every
        seat in ``seats`` (``pass`` its only choice when it has nothing), ``"able"``
        only those with more than ``pass`` (and the table's ``ask_always``); by default
        the table's ``ask_everyone`` decides. A window that asks nobody is resolved at once."""
        everyone = self.ask_everyone if ask is None else ask == "everyone"
        allowed = self._allowed

        def filtered(s: int) -> list[Action]:
            return allowed(s, offer(s))

        offered = filtered if self._asks_allows else offer

        known: dict[int, list[Action]] = {}
        if everyone:
            asked = tuple(seats)
        else:
            always = self.ask_always
            for s in seats:
                got = allowed(s, offer(s))
                if len(got) > 1 or s in always:
                    known[s] = got
            asked = tuple(known)
        return self._open(kind, asked, offered, resolve, known, ordered, closes, info)

    def _open(
        self,
        kind: str,
        asked: tuple[int, ...],
        offered: Callable[[int], list[Action]],
        resolve: Callable[[Window], None],
        known: dict[int, list[Action]],
        ordered: bool = False,
        closes: Callable[[int, Action], bool] | None = None,
        info: dict[str, Any] | None = None,
    ) -> Window:
        """Open a window asking ``asked``, what some of them are offered ``known``."""
        window = Window(kind, asked, offered, resolve, ordered=ordered, closes=closes, info=info)
        window.offered = known
        self.window = window
        self.phase = kind
        self._legal = {}
        if not asked:
            self._close(window)
        return window

    def _close(self, window: Window) -> None:
        if self.window is window:
            self.window = None
        if self._asks_closed:
            self.ruleset.window_closed(self, window)
        window.finish()
        self._legal = {}
        if self.window is None and self.phase not in (TURN, OVER):
            raise RuntimeError(f"the {window.kind} window closed and left no one to act")

    def start_turn(self, seat: int, *, drew: bool = True) -> None:
        """Make it ``seat``'s turn (after a window the ruleset resolved)."""
        self.phase = TURN
        self.current = seat
        self._drew = drew
        self._legal = {}

    def draw_for(self, seat: int, *, tail: bool = False) -> Tile | None:
        """Draw for ``seat`` from the head (or a replacement from the tail), laying out
        and replacing bonus tiles at once; None when the wall has no tile for it."""
        return self._draw(seat, replacement=tail)

    def next_turn(self, after: int) -> None:
        """The seat after ``after`` draws and plays (or the hand is drawn)."""
        self._next_turn(after)

    def reveal(self, seat: int) -> None:
        """Make ``seat``'s concealed tiles public: every other seat sees them from now
        on (a disclosed hand)."""
        if seat not in self.public:
            self.public.add(seat)
            self.events.append(Event("reveal", seat, {"hand": _hand_text(tuple(self.hands[seat]))}))

    def pay(self, reason: str, seat: int, payments: Sequence[int]) -> None:
        """Record payments made during the hand (a kong paid at once)."""
        amounts = [int(x) for x in payments]
        if len(amounts) != self.num_seats:
            raise ValueError(f"payments for {self.num_seats} seats, not {len(amounts)}")
        self.transfers.append({"reason": reason, "seat": seat, "payments": amounts})
        self.events.append(Event("payment", seat, {"reason": reason, "payments": amounts}))

    def take_from_tail(self, k: int, *, to: int | None = None, face_down: bool = False) -> Tile:
        """Take the ``k``-th tile from the tail (0: the next replacement tile) and show it
        to everyone: out of play (an indicator; it stays accounted for in
        ``wall.set_aside``), or into seat ``to``'s hand (the indicator robbed). With
        ``face_down`` the tile leaves play unseen (the tile beneath an indicator): the
        event says only that a tile was set aside."""
        tile = self.wall.take_from_tail(k)
        if to is None:
            data = {"face_down": True} if face_down else {"tile": tile_name(tile)}
            self.events.append(Event("set_aside", None, data))
        else:
            self.wall.set_aside.remove(tile)
            self.hands[to].append(tile)
            self.hands[to].sort()
            self._last_tile[to] = tile
            self._ready_cache[to] = None
            self.events.append(Event("taken", to, {"tile": tile_name(tile)}))
        self._legal = {}
        return tile

    def announce(self, kind: str, seat: int | None, data: Mapping[str, Any]) -> None:
        """Record a public event that changes nothing on the table: a step of a
        rulebook's ritual (dice thrown, who takes first), told to every seat and kept in
        the record like any other event."""
        self.events.append(Event(kind, seat, dict(data)))

    def show_wall_tile(self, k: int) -> Tile:
        """Turn up the ``k``-th tile from the tail where it lies: everyone sees it, it
        stays in the wall (an indicator drawn later as an ordinary tile)."""
        tile = list(self.wall.tail())[k]
        self.events.append(Event("shown", None, {"tile": tile_name(tile), "from_tail": k}))
        return tile

    def lay_aside(self, seat: int, tile: Tile, *, replace: bool = True) -> Tile | None:
        """Move ``tile`` from ``seat``'s concealed hand face up beside its melds (a tile
        a rulebook sets aside, such as a Red Dragon kong of one tile); everyone sees it
        in the seat's ``aside`` from then on. With ``replace`` the seat draws a
        replacement from the tail, which is returned (None when none could be drawn)."""
        self.hands[seat].remove(tile)
        self.aside[seat].append(tile)
        self._aside_count += 1
        self._ready_cache[seat] = None
        self._legal = {}
        self.events.append(Event("aside", seat, _TILE_DATA[tile]))
        if not replace:
            return None
        self._replacement = "kong"
        return self._draw(seat, replacement=True)

    def kong_from_hand(self, seat: int, tile: Tile) -> Tile | None:
        """``seat`` lays four ``tile`` of its hand down as a concealed kong outside its
        turn (a kong dealt, declared before play) and draws its replacement; whose turn
        it is does not change. The replacement tile, or None when none could be drawn
        (the caller ends the hand)."""
        hand = self.hands[seat]
        if hand.count(tile) < 4:
            raise ValueError(f"seat {seat} holds no four {tile_name(tile)}")
        meld = kong(tile, exposed=False, wilds=_take(hand, tile, 4, ()))
        self.melds[seat].append(meld)
        self._melds_made = True
        self._seen[seat] = None
        self.events.append(Event("concealed_kong", seat, {}))
        self.events.append(Event("concealed_kong_tile", seat, _TILE_DATA[tile], to=seat))
        self._kong_stands(seat, meld, False)
        self._replacement = "kong"
        drawn = self._draw(seat, replacement=True)
        self._ready_cache[seat] = None
        self._legal = {}
        return drawn

    def declare_wins(self, wins: Sequence[tuple[int, Tile, WinContext]]) -> None:
        """End the hand with these wins (a ruleset's special win)."""
        self._finish_wins(list(wins))

    def end_drawn(self) -> None:
        """End the hand without a winner (after a ruleset's end-of-wall window)."""
        self._ending = True
        self._end_drawn()

    @property
    def drew(self) -> bool:
        """Did the seat whose turn it is draw its last tile (so that it may win on it,
        or kong), rather than claim a discard?"""
        return self._drew

    def last_drawn(self, seat: int) -> Tile | None:
        """The tile ``seat`` drew last, if it still holds it."""
        tile = self._last_tile[seat]
        return tile if tile is not None and tile in self.hands[seat] else None

    def pass_tiles(self, giver: int, receiver: int, tiles: Sequence[Tile]) -> None:
        """Move ``tiles`` from ``giver``'s concealed hand to ``receiver``'s, face down
        (an exchange): only the receiver is told which tiles came."""
        hand = self.hands[giver]
        for t in tiles:
            hand.remove(t)
        self.hands[receiver].extend(tiles)
        self.hands[receiver].sort()
        for s in (giver, receiver):
            if self._last_tile[s] is not None and self._last_tile[s] not in self.hands[s]:
                self._last_tile[s] = self.hands[s][-1] if self.hands[s] else None
        self._ready_cache = [None] * self.num_seats
        self._legal = {}
        self.events.append(Event("passed", giver, {"receiver": receiver, "count": len(tiles)}))
        self.events.append(
            Event("received", receiver, {"tiles": format_tiles(tiles), "from": giver}, to=receiver)
        )

    def can_win_with(self, seat: int, tiles: Sequence[Tile]) -> bool:
        """Do ``tiles`` (the concealed tiles, winning tile included) beside ``seat``'s
        melds form a winning shape under this hand's rules?"""
        return self._complete(list(tiles), seat)

    # -- messages ------------------------------------------------------------------------

    def _why_illegal(self, seat: int, action: Action, legal: list[Action]) -> str:
        if (
            action[0] in ("win", "rob")
            and self.phase != OVER
            and not any(a[0] == action[0] for a in legal)
        ):
            reason = self._refusal(seat)
            if reason:
                return f"seat {seat} cannot declare a win: {reason}"
        if not legal:
            if self.phase == OVER:
                return "the hand is over"
            if self.phase == TURN:  # whose turn it is, everyone knows
                return f"seat {seat} has nothing to decide now (to act: {self.current})"
            # who may claim a discard or rob a kong tells what they hold: not named
            return f"seat {seat} has nothing to decide now"
        text = self.space.format(action)
        if action[0] == "win" and any(a[0] == "win" for a in legal):
            return f"{text} is not the winning tile"
        if action[0] == "discard" and type(action[1]) is int and action[1] not in self.hands[seat]:
            return f"seat {seat} holds no {tile_name(action[1])} to discard"
        shown = ", ".join(self.space.format(a) for a in legal[:_SHOWN_LEGAL])
        if len(legal) > _SHOWN_LEGAL:
            shown += f", and {len(legal) - _SHOWN_LEGAL} more"
        return f"{text} is not allowed for seat {seat} now (legal: {shown})"

    def _refusal(self, seat: int) -> str:
        """Why a win by ``seat`` would be refused now ("" when the seat has no win to
        declare at all: not its turn, its own discard or kong)."""
        if (
            (self.phase == TURN and (seat != self.current or not self._drew))
            or (self.phase == CLAIM and self._discard and seat == self._discard[0])
            or (self.phase == ROB and self._robbed and seat == self._robbed[0])
            or self.phase not in (TURN, CLAIM, ROB)
        ):
            return ""
        tile, how = self._candidate_win(seat)
        if tile is None:
            return ""
        concealed = list(self.hands[seat])
        if how.self_drawn:
            concealed.remove(tile)
        if not self._complete([*concealed, tile], seat):
            return "the hand is not complete"
        score = self._score(seat, tile, how, concealed)
        return score.reason or "the rules refuse it"

    # -- bonus tiles and drawing ---------------------------------------------------------

    def _draw(self, seat: int, *, replacement: bool) -> Tile | None:
        """Draw for ``seat`` from the live end (or the replacement end); replace bonus
        tiles at once. None if the wall has no tile for it."""
        wall = self.wall
        is_bonus = self._is_bonus
        events = self.events
        while True:
            tile = wall.draw_tail() if replacement else wall.draw()
            if tile is None:
                return None
            events.append(_event(Event, ("draw", seat, _REPLACEMENT[replacement], None)))
            events.append(_event(Event, ("drawn", seat, _TILE_DATA[tile], seat)))
            if is_bonus(tile):
                self.bonus[seat].append(tile)
                self._bonus_text[seat] = None
                self.events.append(Event("bonus", seat, {"tile": tile_name(tile)}))
                replacement = True
                self._replacement = "bonus"
                continue
            insort(self.hands[seat], tile)  # hands are kept sorted
            self._last_tile[seat] = tile
            return tile

    def _lay_out(self, seat: int, tile: Tile) -> None:
        self.hands[seat].remove(tile)
        self.bonus[seat].append(tile)
        self._bonus_text[seat] = None
        self.events.append(Event("bonus", seat, {"tile": tile_name(tile)}))

    def _replace_bonus(self, seat: int) -> None:
        """At the deal: lay out the bonus tiles dealt and draw a replacement for each; a
        replacement that is itself a bonus tile is laid out and replaced at once."""
        for t in list(filter(self._is_bonus, self.hands[seat])):
            self._lay_out(seat, t)
            if self._draw(seat, replacement=True) is None:
                return

    def _replace_bonus_in_rounds(self) -> None:
        """At the deal, in rounds from the dealer: each seat lays out every bonus tile
        it holds and draws as many replacements (one that is a bonus tile waits for the
        seat's next round), until a round finds none."""
        n = self.num_seats
        is_bonus = self._is_bonus
        while True:
            found = False
            for k in range(n):
                seat = (self.dealer + k) % n
                held = [t for t in self.hands[seat] if is_bonus(t)]
                for t in held:
                    found = True
                    self._lay_out(seat, t)
                for _ in held:
                    tile = self.wall.draw_tail()
                    if tile is None:
                        return
                    self.events.append(Event("draw", seat, {"replacement": True}))
                    self.events.append(Event("drawn", seat, {"tile": tile_name(tile)}, to=seat))
                    self.hands[seat].append(tile)
                    self.hands[seat].sort()
                    if seat == self.dealer:
                        self._last_tile[seat] = tile
            if not found:
                return

    # -- the player whose turn it is -----------------------------------------------------

    def _turn_actions(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        kinds = sorted(set(hand))
        out: list[Action] = []
        if self._drew:
            if self._fast:
                melds = len(self.melds[seat])
                if (
                    len(hand) + 3 * melds == 14
                    and self._was_ready(seat)
                    and is_complete_of(hand, melds)  # the shape before the rest
                    and self._can_win(seat, None)
                ):
                    out.append(_WIN)
            elif self._can_win(seat, None):
                out.append(_WIN)
            if self.wall.can_replace():
                if len(hand) - len(kinds) >= 3:  # a kind held four times repeats three times
                    out += [
                        _CONCEALED_KONG[t] for t in kinds if t < NUM_KINDS and hand.count(t) == 4
                    ]
                for m in self.melds[seat]:
                    if m.kind == "pung" and m.exposed and m.tiles[0] in hand:
                        out.append(_ADDED_KONG[m.tiles[0]])
                wr = self._claim_wilds
                if wr is not None:
                    out += self._wild_kongs(seat, wr)
        out += map(_DISCARD.__getitem__, kinds)
        if self._asks_special:
            out += self.ruleset.special_actions(self, seat)
        return out

    def _wild_kongs(self, seat: int, wr: WildRules) -> list[Action]:
        """Concealed kongs completed with wild tiles (``concealed_kong 3m with J* J*``)."""
        hand = self.hands[seat]
        wild = _wild_kind(hand, wr)
        if wild is None or not wr.in_kong:
            return []
        held = hand.count(wild)
        out: list[Action] = []
        for t in sorted(set(hand)):
            if t == wild or t >= NUM_KINDS:
                continue
            natural = hand.count(t)
            for k in range(1, min(wr.max_in_kong, held) + 1):
                if natural + k == 4:
                    out.append(MahjongAction("concealed_kong", (t, (wild,) * k)))
        return out

    def _apply_turn(self, seat: int, action: Action) -> None:
        kind = action[0]
        t: Any = action[1]
        hand = self.hands[seat]
        if kind == "win":
            tile, how = self._candidate_win(seat)
            assert tile is not None
            self._finish_wins([(seat, tile, how)])
        elif kind == "discard":
            declared = type(t) is tuple
            tile = t[0] if declared else t
            hand.remove(tile)
            self.discards[seat].append(tile)
            self.discarded[seat].append(tile)
            self._discard_text[seat] = None
            self._discarded_text[seat] = None
            self.events.append(_event(Event, ("discard", seat, _TILE_DATA[tile], None)))
            if self._asks_discard:
                self.ruleset.on_discard(self, seat, tile)
            if declared:
                self.ruleset.declare(self, seat, action)
            self._open_claims(seat, tile)
        elif kind == "concealed_kong":
            tile, wilds = (t, ()) if type(t) is int else t
            chained = self._after_kong and self._last_tile[seat] in (tile, *wilds)
            meld = kong(tile, exposed=False, wilds=_take(hand, tile, 4, wilds))
            self.melds[seat].append(meld)
            self._melds_made = True
            self._seen[seat] = None
            self.events.append(Event("concealed_kong", seat, {}))
            self.events.append(
                Event("concealed_kong_tile", seat, {"tile": tile_name(tile)}, to=seat)
            )
            self._kong_stands(seat, meld, chained)
            self._kong_replacement(seat)
        elif kind == "added_kong":
            tile, wilds = (t, ()) if type(t) is int else t
            chained = self._after_kong and self._last_tile[seat] in (tile, *wilds)
            self.events.append(Event("added_kong", seat, {"tile": tile_name(tile)}))
            hand.remove(wilds[0] if wilds else tile)
            self._robbed = (seat, tile)
            self.open_window(
                ROB,
                self._others(seat),
                self._rob_actions,
                lambda w: self._resolve_rob(w, chained, wilds),
                info={"seat": seat, "tile": tile_name(tile)},
            )
        else:
            self.ruleset.apply_special(self, seat, action)

    def _others(self, seat: int) -> tuple[int, ...]:
        """The other seats in turn order after ``seat``."""
        return self._after[seat]

    def _kong_replacement(self, seat: int) -> None:
        self._drew = True
        self._after_kong = True
        self._replacement = "kong"
        if self._draw(seat, replacement=True) is None:
            self._end_drawn()
        else:
            self.phase = TURN
            self.current = seat

    def _kong_stands(self, seat: int, meld: Meld, chained: bool) -> None:
        self._chain = self._chain + 1 if chained else 1
        paid = self.ruleset.kong_payments(self, seat, meld, self._chain)
        if paid is not None and any(paid):
            self.pay("kong", seat, paid)

    # -- claims on a discard -------------------------------------------------------------

    def _open_claims(self, seat: int, tile: Tile) -> None:
        self._discard = (seat, tile)
        self._claimable = (self.wall.live() > 0, self.wall.can_replace())
        self._discard_after_kong = self._after_kong
        self._drew = False
        self._after_kong = False
        if self._asks_unclaimable and self.ruleset.unclaimable(self, tile):
            self._resolve_claims(None)
            return
        if self._plain_claims and not self.ask_always:
            # claims by the shared procedure alone: the seats that can do no more than
            # pass are seen at a glance, without listing their pass
            known = self._claimants(seat, tile)
            if not known and not self.ask_everyone:
                self._next_turn(seat)  # as a window asking nobody resolves: no claim
                return
            info = {"seat": seat, "tile": tile_name(tile)}
            if self.ask_everyone:  # each seat asked, its claims listed when it is asked

                def claims(s: int) -> list[Action]:
                    got = known.get(s)
                    return [PASS] if got is None else got

                self._open(CLAIM, self._after[seat], claims, self._resolve_claims, {}, info=info)
            else:
                self._open(
                    CLAIM, tuple(known), self._claim_actions, self._resolve_claims, known, info=info
                )
            return
        self.open_window(
            CLAIM,
            self._others(seat),
            self._claim_actions,
            self._resolve_claims,
            info={"seat": seat, "tile": tile_name(tile)},
        )

    def _claimants(self, discarder: int, t: Tile) -> dict[int, list[Action]]:
        """The seats that may do more than pass on the discard ``t`` and their claims,
        by the shared procedure on a table of plain claims (see :meth:`_open_claims`)."""
        hands, melds = self.hands, self.melds
        live = self._claimable[0] and t < NUM_KINDS
        after = self._after[discarder]
        chows = after[0] if live and t < 27 else -1  # from the discarder's left only
        known: dict[int, list[Action]] = {}
        for s in after:
            hand = hands[s]
            m = len(melds[s])
            if (
                (live and hand.count(t) >= 2)
                or (s == chows and _chows(hand, t))
                or (
                    len(hand) + 3 * m == 13
                    and self._ready(s)
                    and is_complete_of([*hand, t], m)  # the shape, before the score
                )
            ):
                got = self._claim_actions(s)
                if len(got) > 1:
                    known[s] = got
        return known

    def _claim_actions(self, seat: int) -> list[Action]:
        assert self._discard is not None
        discarder, t = self._discard
        if seat == discarder:
            return []
        hand = self.hands[seat]
        out: list[Action] = [PASS]
        if self._can_win(seat, t):
            out.append(_WIN_ON[t])
        live, replace = self._claimable
        if not live:
            return out  # the discard after the last live tile can only be won on
        if t >= NUM_KINDS:
            return out  # a discarded joker stands for nothing yet: it can only be won on
        held = hand.count(t)
        if held >= 2:
            if held >= 3 and replace:
                out.append(_KONG[t])
            out.append(_PUNG[t])
        wr = self._claim_wilds
        if wr is not None:
            out += self._wild_claims(hand, t, wr, replace)
        if t < 27 and (
            self.ruleset.may_chow(seat, discarder)
            if self._asks_may_chow
            else seat == self._after[discarder][0]
        ):
            if self._wild_rules is None:  # the tiles themselves: no substitutes
                out += _chows(hand, t)
                return out
            r = t % 9
            for first in (t - 2, t - 1, t):
                if first < t - r or first + 2 > t - r + 8:
                    continue
                need = [x for x in (first, first + 1, first + 2) if x != t]
                if self._chow_tiles(hand, need) is not None:
                    out.append(_CHOW[first])
        return out

    def _chow_tiles(self, hand: list[Tile], need: list[Tile]) -> list[Tile] | None:
        """The tiles of ``hand`` a chow needing ``need`` takes: each natural, or a
        substitute standing for it (a White Dragon as the gold's kind), which is
        preferred when the natural tile is wild; None if the hand lacks one."""
        wr = self._wild_rules
        subs = {stands: tile for tile, stands in wr.substitutes} if wr is not None else {}
        if not subs:
            return need if all(x in hand for x in need) else None
        left = list(hand)
        out: list[Tile] = []
        for x in need:
            sub = subs.get(x)
            natural_first = wr is None or x != wr.wild_tile
            options = [x, sub] if natural_first else [sub, x]
            got = next((o for o in options if o is not None and o in left), None)
            if got is None:
                return None
            left.remove(got)
            out.append(got)
        return out

    def _wild_claims(self, hand: list[Tile], t: Tile, wr: WildRules, replace: bool) -> list[Action]:
        """Pungs and kongs of the discard completed with wild tiles."""
        wild = _wild_kind(hand, wr)
        if wild is None or t == wild or t >= NUM_KINDS:
            return []
        held, wilds = hand.count(t), hand.count(wild)
        out: list[Action] = []
        if replace and wr.in_kong:
            for k in range(1, min(wr.max_in_kong, wilds) + 1):
                if held + k == 3:
                    out.append(MahjongAction("kong", (t, (wild,) * k)))
        if wr.in_pung:
            for k in range(1, min(wr.max_in_set, wilds) + 1):
                if held + k == 2:
                    out.append(MahjongAction("pung", (t, (wild,) * k)))
        return out

    def _resolve_claims(self, window: Window | None) -> None:
        assert self._discard is not None
        discarder, t = self._discard
        answers = window.answers if window is not None else {}
        claims = {s: a for s, a in answers.items() if a[0] != "pass"}
        if not claims:
            self._next_turn(discarder)
            return
        rules = self.ruleset
        best = max(rules.claim_rank(a[0]) for a in claims.values())
        top = [s for s, a in claims.items() if rules.claim_rank(a[0]) == best]
        order = rules.win_order(discarder, top)
        action = claims[order[0]]
        if action[0] == "win":
            winners = order if rules.several_winners else order[:1]
            # the contexts as the claims saw them: the discard still in sight
            wins = [(s, t, self._discard_context(s, t, robbing=False)) for s in winners]
            self.discards[discarder].pop()
            self._discard_text[discarder] = None
            self._claimed[discarder] += 1
            self._finish_wins(wins)
            return
        self.discards[discarder].pop()
        self._discard_text[discarder] = None
        self._claimed[discarder] += 1
        seat = order[0]
        hand = self.hands[seat]
        payload: Any = action[1]
        wilds: tuple[Tile, ...] = () if type(payload) is int else payload[1]
        offset = self._offset(seat, discarder)
        if action[0] == "chow":
            first = payload
            need = [x for x in (first, first + 1, first + 2) if x != t]
            taken = self._chow_tiles(hand, need)
            assert taken is not None
            for x in taken:
                hand.remove(x)
            subs = tuple((got, x) for got, x in zip(taken, need, strict=True) if got != x)
            meld = chow(first, claimed_from=offset, wilds=subs)
        elif action[0] == "pung":
            meld = pung(t, claimed_from=offset, wilds=_take(hand, t, 2, wilds))
        else:
            meld = kong(t, claimed_from=offset, wilds=_take(hand, t, 3, wilds))
        self.melds[seat].append(meld)
        self._melds_made = True
        self._seen[seat] = None
        self.events.append(Event("claim", seat, {"meld": format_meld(meld), "from": discarder}))
        self._discard = None
        self.current = seat
        self.phase = TURN
        if action[0] == "kong":
            self._kong_stands(seat, meld, self._discard_after_kong)
            self._kong_replacement(seat)
        else:
            self._drew = False
            self._after_kong = False

    def _offset(self, seat: int, discarder: int) -> int:
        return (discarder - seat) % self.num_seats

    def _next_turn(self, discarder: int) -> None:
        if not self.wall.live():
            self._end_drawn()
            return
        seat = (discarder + 1) % self.num_seats
        self._discard = None
        self.current = seat
        self.phase = TURN
        self._drew = True
        self._after_kong = False
        self._chain = 0
        self._replacement = None
        if self._draw(seat, replacement=False) is None:
            self._end_drawn()

    # -- robbing an added kong -----------------------------------------------------------

    def _rob_actions(self, seat: int) -> list[Action]:
        assert self._robbed is not None
        kong_seat, t = self._robbed
        if seat == kong_seat:
            return []
        if self._can_win(seat, t, robbing=True):
            return [PASS, MahjongAction("rob", t)]
        return [PASS]

    def _resolve_rob(self, window: Window, chained: bool, wilds: tuple[Tile, ...]) -> None:
        assert self._robbed is not None
        kong_seat, t = self._robbed
        robbers = [s for s, a in window.answers.items() if a[0] == "rob"]
        if robbers:
            order = self.ruleset.win_order(kong_seat, robbers)
            winners = order if self.ruleset.several_winners else order[:1]
            wins = [
                (s, t, self._discard_context(s, t, robbing=True, discarder=kong_seat))
                for s in winners
            ]
            self._robbed = None
            self._finish_wins(wins)
            return
        melds = self.melds[kong_seat]
        i = next(i for i, m in enumerate(melds) if m.kind == "pung" and m.tiles[0] == t)
        old = melds[i]
        melds[i] = kong(
            t,
            claimed_from=old.claimed_from,
            added=True,
            wilds=old.wilds + tuple((w, t) for w in wilds),
        )
        self._seen[kong_seat] = None
        self._robbed = None
        self._melds_made = True
        self.phase = TURN
        self.current = kong_seat
        self.events.append(Event("kong_added", kong_seat, {"tile": tile_name(t)}))
        self._kong_stands(kong_seat, melds[i], chained)
        self._kong_replacement(kong_seat)

    # -- winning ---------------------------------------------------------------------------

    def _candidate_win(self, seat: int) -> tuple[Tile | None, WinContext]:
        """The tile ``seat`` would win on now, and how."""
        if self.phase == TURN and seat == self.current and self._drew:
            tile = self._last_drawn(seat)
            how = WinContext(
                self_drawn=True,
                last_wall_tile=self.wall.live() == 0,
                kong_replacement=self._after_kong,
                last_of_kind=self._visible(tile) == 3,
                replacement=self._replacement,
                kong_chain=self._chain if self._after_kong else 0,
                first_turn=not self._melds_made and not self.discarded[seat],
                live_wall_empty=self.wall.live() == 0,
            )
            return tile, how
        if self.phase == CLAIM and self._discard is not None:
            t = self._discard[1]
            return t, self._discard_context(seat, t, robbing=False)
        if self.phase == ROB and self._robbed is not None:
            t = self._robbed[1]
            return t, self._discard_context(seat, t, robbing=True, discarder=self._robbed[0])
        return None, WinContext(self_drawn=False)

    def _last_drawn(self, seat: int) -> Tile:
        tile = self._last_tile[seat]
        assert tile is not None and tile in self.hands[seat]
        return tile

    def _discard_context(
        self, seat: int, tile: Tile, *, robbing: bool, discarder: int | None = None
    ) -> WinContext:
        if discarder is None:
            assert self._discard is not None
            discarder = self._discard[0]
        visible = self._visible(tile) - (0 if robbing else 1)  # the discard is the win
        empty = self.wall.live() == 0
        return WinContext(
            self_drawn=False,
            discarder=discarder,
            last_wall_tile=empty,
            robbing_kong=robbing,
            last_of_kind=visible == 3 and tile not in self.hands[seat],
            after_kong_discard=not robbing and self._discard_after_kong,
            first_turn=not self._melds_made and not self.discarded[seat],
            live_wall_empty=empty,
        )

    def _visible(self, tile: Tile) -> int:
        """Copies of ``tile`` in sight: in the discard piles and in exposed melds."""
        n = sum(d.count(tile) for d in self.discards)
        for melds in self.melds:
            for m in melds:
                if m.exposed:
                    n += m.tiles.count(tile)
        return n

    def _complete(self, tiles: list[Tile], seat: int) -> bool:
        """Do ``tiles`` (winning tile included) beside ``seat``'s melds form a winning
        shape under this hand's rules?"""
        melds = self.melds[seat]
        if self._fast:
            return is_complete_of(tiles, len(melds))
        r = self.ruleset
        try:
            return is_complete(
                tiles,
                melds,
                constraints=self._wild_rules,
                kinds=r.win_shapes,
                special=r.special_shapes,
            )
        except ValueError:
            return False

    def _can_win(self, seat: int, tile: Tile | None, *, robbing: bool = False) -> bool:
        """May ``seat`` declare a win now: on ``tile`` (a discard or a robbed kong), or,
        with ``tile`` None, on the tile it just drew? (The shape first, then the score.)"""
        if tile is None:
            hand = self.hands[seat]
            melds = len(self.melds[seat])
            if not (
                (len(hand) + 3 * melds == 14 and is_complete_of(hand, melds))
                if self._fast
                else self._complete(hand, seat)
            ):
                return False  # the shape first: the win context costs more
            tile, how = self._candidate_win(seat)
            if tile is None:
                return False
            concealed = list(self.hands[seat])
            concealed.remove(tile)
        else:
            concealed = self.hands[seat]
            if self._fast:
                melds = len(self.melds[seat])
                if (
                    len(concealed) + 3 * melds != 13
                    or not self._ready(seat)
                    or not is_complete_of([*concealed, tile], melds)
                ):
                    return False
            elif not self._complete([*concealed, tile], seat):
                return False
            how = self._discard_context(
                seat,
                tile,
                robbing=robbing,
                discarder=self._robbed[0] if robbing and self._robbed else None,
            )
        return self._score(seat, tile, how, list(concealed)).valid

    def _ready(self, seat: int) -> bool:
        """Could one more tile complete ``seat``'s hand (cached until the hand changes)?"""
        hand = tuple(self.hands[seat])
        cached = self._ready_cache[seat]
        if cached is None or cached[0] != hand:
            cached = self._ready_cache[seat] = (
                hand,
                could_be_ready(self.hands[seat], len(self.melds[seat])),
            )
        return cached[1]

    def _was_ready(self, seat: int) -> bool:
        """Could the tile ``seat`` just drew complete its hand, as far as the readiness
        known of the hand before the draw tells (True when unknown)?"""
        cached = self._ready_cache[seat]
        if cached is None or cached[1]:
            return True
        before = list(self.hands[seat])
        drawn = self._last_tile[seat]
        if drawn not in before:
            return True
        before.remove(drawn)
        return cached[0] != tuple(before)  # not ready before the draw: no win now

    def _score(self, seat: int, tile: Tile, how: WinContext, concealed: list[Tile]) -> Score:
        return self.ruleset.score_win(self, seat, tile, how, concealed)

    def _finish_wins(self, wins: list[tuple[int, Tile, WinContext]]) -> None:
        first = True
        for seat, tile, how in wins:
            concealed = list(self.hands[seat])
            if how.self_drawn:
                concealed.remove(tile)
            score = self._score(seat, tile, how, concealed)
            hand = sorted([*concealed, tile])
            if first and not how.self_drawn:
                self.hands[seat].append(tile)  # the tile goes to the first winner
                self.hands[seat].sort()
            first = False
            win = Win(seat, tile, how, score, [0] * self.num_seats)
            self.wins.append(win)
            win.payments = [int(x) for x in self.ruleset.settle(self, seat, score, how)]
            self.events.append(
                Event(
                    "win",
                    seat,
                    {
                        "tile": tile_name(tile),
                        "hand": _hand_text(tuple(hand)),
                        "melds": [format_meld(m) for m in self.melds[seat]],
                        "total": score.total,
                        "payments": win.payments,
                    },
                )
            )
        self.phase = OVER
        self.window = None
        self._legal = {}

    def _end_drawn(self) -> None:
        if not self._ending:
            self._ending = True
            if self.ruleset.before_draw(self):
                return  # a window of declarations decides
        self.phase = OVER
        self.window = None
        self._legal = {}
        self.events.append(Event("exhaustive_draw", None, {}))


def forfeit_action(payments: Iterable[int]) -> MahjongAction:
    """The move by which a seat forfeits a hand, paying ``payments`` (one per seat:
    :meth:`Table.forfeit`).

    >>> forfeit_action([-30, 10, 10, 10])
    MahjongAction(kind='forfeit', payload=(-30, 10, 10, 10))
    """
    return MahjongAction(FORFEIT, tuple(payments))


def parse_forfeit(text: str) -> MahjongAction:
    """The forfeit written ``text`` (``forfeit -30 10 10 10``); NotationError if it is
    not one.

    >>> parse_forfeit("forfeit -30 10 10 10")[1]
    (-30, 10, 10, 10)
    >>> parse_forfeit("forfeit ten")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    parlour.core.errors.NotationError: a forfeit is 'forfeit' and one whole payment ...
    """
    words = text.split()
    try:
        if words[0] != FORFEIT or len(words) < 2:
            raise ValueError
        return forfeit_action(int(w) for w in words[1:])
    except ValueError:
        raise NotationError(
            f"a forfeit is {FORFEIT!r} and one whole payment per seat, not {text!r}"
        ) from None


_SHOWN_LEGAL = 24
"""At most this many legal actions are named in a refusal (an exchange offers hundreds)."""


def _take(
    hand: list[Tile], tile: Tile, count: int, wilds: tuple[Tile, ...]
) -> tuple[tuple[Tile, Tile], ...]:
    """Take ``count`` tiles for a meld of ``tile`` from ``hand``, the ``wilds`` standing
    in for as many of them; the meld's (wild, stands for) pairs."""
    for _ in range(count - len(wilds)):
        hand.remove(tile)
    for w in wilds:
        hand.remove(w)
    return tuple((w, tile) for w in wilds)


def _wild_kind(hand: list[Tile], wr: WildRules) -> Tile | None:
    """The wild tile the hand holds (the hand's wild kind, else a joker), or None."""
    if wr.wild_tile is not None and wr.wild_tile in hand:
        return wr.wild_tile
    if JOKER in hand:
        return JOKER
    return None


def _chows(hand: list[Tile], t: Tile) -> list[Action]:
    """The chows ``hand`` can make with the suited tile ``t`` of its own tiles (no
    substitutes), lowest first.

    >>> [str(a) for a in _chows([0, 1, 3, 4], 2)]
    ['chow 1m', 'chow 2m', 'chow 3m']
    """
    r = t % 9
    below = r >= 1 and t - 1 in hand
    above = r <= 7 and t + 1 in hand
    out: list[Action] = []
    if below and r >= 2 and t - 2 in hand:
        out.append(_CHOW[t - 2])
    if below and above:
        out.append(_CHOW[t - 1])
    if above and r <= 6 and t + 2 in hand:
        out.append(_CHOW[t])
    return out


def _same_shape(a: Any, b: Any) -> bool:
    """Are two payloads equal in type all the way down (1 and 1.0 are not)?"""
    if type(a) is not type(b):
        return False
    if type(a) is tuple:
        return len(a) == len(b) and all(_same_shape(x, y) for x, y in zip(a, b, strict=True))
    return True


def _copy_json(value: Any) -> Any:
    if type(value) is dict:
        return {k: _copy_json(v) for k, v in value.items()}
    if type(value) is list:
        return [_copy_json(v) for v in value]
    return value


_NAMES = tuple(tile_name(t) for t in range(NUM_TILES))
_WIN = MahjongAction("win")
_DISCARD = tuple(MahjongAction("discard", t) for t in range(NUM_TILES))
_WIN_ON = tuple(MahjongAction("win", t) for t in range(NUM_TILES))
_CHOW = tuple(MahjongAction("chow", t) for t in range(NUM_KINDS))
_PUNG = tuple(MahjongAction("pung", t) for t in range(NUM_KINDS))
_KONG = tuple(MahjongAction("kong", t) for t in range(NUM_KINDS))
_CONCEALED_KONG = tuple(MahjongAction("concealed_kong", t) for t in range(NUM_KINDS))
_ADDED_KONG = tuple(MahjongAction("added_kong", t) for t in range(NUM_KINDS))
"""The actions of one tile, made once: actions are immutable, a legal list shares them."""
_event = tuple.__new__
"""An event from fields known valid (read-only data the table shares): ``Event``
without its checks."""
_TILE_DATA = tuple(MappingProxyType({"tile": name}) for name in _NAMES)
_REPLACEMENT = (MappingProxyType({"replacement": False}), MappingProxyType({"replacement": True}))


@lru_cache(maxsize=1 << 16)
def _hand_text(hand: tuple[Tile, ...]) -> str:
    return format_tiles(hand, sort=False)  # hands are kept sorted


_OBSERVED: dict[str, Callable[[Table, int], Any]] = {
    "seat": lambda table, seat: seat,
    "seat_name": lambda table, seat: table._names[seat],
    "seat_names": lambda table, seat: list(table._names),
    "prevailing": lambda table, seat: table._prevailing_seen(),
    "hand": lambda table, seat: _hand_text(tuple(table.hands[seat])),
    "melds": Table._melds_shown,
    "discards": lambda table, seat: table._rivers(),
    "last_discard": lambda table, seat: table._last_discard_seen(),
    "ruleset_state": Table._ruleset_state,
}
"""The entries of an observation built alone (:meth:`Table.observation` with ``keys``),
each as the whole observation builds it; any other entry is read from the whole."""


def stacked_deal(
    hands: list[str],
    draws: str = "",
    replacements: str = "",
    *,
    dealer: int = 0,
    tile_set: Any = None,
    hand_size: int = 13,
) -> Deal:
    """A prepared deal: each seat's tiles (the dealer's ``hand_size + 1``, the others'
    ``hand_size``, in notation, seat 0 first), the live wall's next tiles in draw order
    (``draws``) and the replacement tiles in the order they will be drawn; the rest of
    the tile set (default: the 144 tiles) follows the draws in a fixed order. For
    scenario tests.

    >>> t = Table(deal=stacked_deal(["123456789m 1234p 5p"] + ["1s"] * 0 + ["", "", ""]))
    Traceback (most recent call last):
    ...
    ValueError: seat 1 has 0 tiles; a hand is dealt 13 (the dealer 14)
    """
    from parlour.mahjong.tiles import TILES_144, parse_tiles

    parsed = [parse_tiles(h) for h in hands]
    for s, h in enumerate(parsed):
        want = hand_size + 1 if s == dealer else hand_size
        if len(h) != want:
            raise ValueError(
                f"seat {s} has {len(h)} tiles; a hand is dealt {hand_size} "
                f"(the dealer {hand_size + 1})"
            )
    live = parse_tiles(draws)
    spare = parse_tiles(replacements)
    rest = (tile_set or TILES_144).tiles()
    for t in [x for h in parsed for x in h] + live + spare:
        if t not in rest:
            raise ValueError(f"{tile_name(t)} is dealt more often than the set holds")
        rest.remove(t)
    ordered = live + rest + spare[::-1]
    from collections import deque

    stacks: deque[list[Tile]] = deque([t] for t in ordered)
    hands_out = [list(h) for h in parsed]
    # the dealer's last listed tile counts as drawn
    return Deal(hands_out, stacks, (0, 0, 0, 0))


def tile_count_check(table: Table) -> list[int]:
    """Every tile's count across the wall (tiles set aside included), hands, melds,
    discards and bonus areas (a test helper: it equals the tile set's counts)."""
    counts = [0] * NUM_TILES
    for t in table.wall.tiles():
        counts[t] += 1
    for t in table.wall.set_aside:
        counts[t] += 1
    if table._robbed is not None:  # the tile an added kong offers, until resolved
        counts[table._robbed[1]] += 1
    for s in range(table.num_seats):
        for t in table.hands[s]:
            counts[t] += 1
        for m in table.melds[s]:
            for t in m.tiles:
                counts[t] += 1
            for physical, stands_for in m.wilds:
                counts[stands_for] -= 1
                counts[physical] += 1
        for t in table.discards[s]:
            counts[t] += 1
        for t in table.bonus[s]:
            counts[t] += 1
        for t in table.aside[s]:
            counts[t] += 1
    return counts


__all__ = [
    "CLAIM",
    "FORFEIT",
    "OVER",
    "PASS",
    "ROB",
    "TURN",
    "Table",
    "TilesSeen",
    "Win",
    "forfeit_action",
    "parse_forfeit",
    "stacked_deal",
    "tile_count_check",
]

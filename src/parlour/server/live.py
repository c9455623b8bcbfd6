"""Live games: a match in play on the server, its players, bots, clocks and connections.

A :class:`LiveGame` is a match (a :class:`~parlour.server.hosted.Hosted`: a mahjong
session, or a card game whose deals are its hands) rebuilt from its log (every
accepted action, committed before anyone hears of it) plus what the server keeps in
memory: the bots of bot seats, who is connected, the clocks, each player's
auto-actions, and the answers of a window not yet applied.

Claim windows (any simultaneous window) are where hidden information could leak: who
is asked and how long play waits could tell who holds what. Every seat played by a
person is asked after every discard by another (unless one person plays bots with no
pause: see :meth:`LiveGame.always_asked`); a bot's seat is asked only when it can
claim (``Policy.bots_asked``; games begun before that policy asked every seat). The
server collects the answers, holding them, and applies them together only when every
asked seat has answered and, when a person is asked, at least ``pause_seconds`` have
passed since the window opened, so every person sees the same pause; a seat with
nothing but ``pass`` is answered at once by the server, bots answer at once, and
silence past ``claim_seconds`` is a pass (where passing is no answer, as in a goulash
exchange, a stand-in bot chooses). Whether a bot was asked is never seen: its pass makes
no event, and what a seat is told of the game's progress (``step``) counts only what
everyone sees. A
player's own turn is applied as it comes.

A person who closes their page is *away*. The policy's ``away`` says who plays their
seat then: ``wait``, nobody (the table waits for them); ``bot``, a stand-in bot from
``absence_seconds`` after they left until they come back; ``bot_hand``, a stand-in
from ``absence_seconds`` after they left to the end of that hand (the next hand waits
for them). Whoever comes back takes the seat back at once. Every state message says,
for each person's seat, whether they are connected, how long they have been away, in
how many seconds a bot takes over, and whether one plays it now (``presence``); the
person who comes back is told how many actions a bot played for them.

Every clock the state message shows is the server's: ``claim_seconds_left`` (a
window's time left, as before) and ``seconds_left`` (whichever clock runs now, a
window's or a turn's; ``clock`` says which). A clock does not run while a finished
hand is shown: a window opened by the deal of the next hand starts its time when the
pause between hands ends. An answer that comes after the clock answered for the seat
is refused with what the clock did ("the time ran out: you passed").

Everything is driven by :meth:`LiveGame.pump`, which lets bots and clocks act until a
human must decide, commits what was done in one transaction, and only then sends every
connected seat what it may see. The game's lock is held meanwhile: its sockets and
clocks wait, the other games go on.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from parlour.bots import Bot
from parlour.core.actions import Action
from parlour.core.errors import IllegalAction, NotationError, ParlourError
from parlour.server.hosted import Hosted, host
from parlour.server.models import TimePolicy
from parlour.server.store import GameRow, LoggedAction, Store

if TYPE_CHECKING:
    from parlour.mahjong.session import Session

SPECTATOR = -1
SLICE = 0.05
"""Seconds of play a game takes at most before it lets the others go on: bots and
clocks play a slice at a time, and the rest of the game's play waits for its turn on
the event loop (a table of bots alone never holds up another table, an API call or a
socket)."""
BACKGROUND_SLICE = 0.01
BACKGROUND_REST = 0.05
"""A game no person is connected to (bots alone, or people all away) plays in shorter
slices with a rest between them, so that the tables where people wait for an answer
come first."""


Policy = TimePolicy
"""A table's time policy and options (:class:`~parlour.server.models.TimePolicy`)."""


class Refused(ParlourError):
    """A message the server cannot take (the reason is sent back on the socket)."""


class Stale(Refused):
    """An action sent from an older view of the table (another hand, an earlier
    step): refused, with ``state``, the table as the seat sees it now."""

    def __init__(self, message: str, state: dict[str, Any]) -> None:
        super().__init__(message)
        self.state = state


@dataclass
class Connection:
    """One socket: ``send`` delivers a message; ``player`` is -1 for a spectator."""

    player: int
    send: Callable[[dict[str, Any]], Awaitable[None]]
    hand: int = 0
    events: int = 0  # events of the current hand already sent
    queue: list[tuple[float, dict[str, Any]]] = field(default_factory=list)


class LiveGame:
    """A game in play (see the module docstring)."""

    def __init__(
        self,
        row: GameRow,
        store: Store,
        *,
        clock: Callable[[], float] = time.monotonic,
        log: Sequence[LoggedAction] | None = None,
    ) -> None:
        """The game of ``row`` played to the end of its log (or of ``log``, when
        given: a game replayed only so far, as a check does)."""
        self.id = row.id
        self.row = row
        self.store = store
        self.clock = clock
        self.policy = Policy.from_json(row.policy)
        self.kinds = list(row.kinds)
        self.match: Hosted = self._new_match()
        self.bots: dict[int, Bot] = {
            p: self.match.make_bot(kind, seed=row.seed + p)
            for p, kind in enumerate(self.kinds)
            if kind != "human"
        }
        self.standins: dict[int, Bot] = {}
        self.covering: dict[int, int] = {}  # person -> the hand a stand-in took over
        self.covered: dict[int, int] = {}  # person -> actions a stand-in played for them
        self.returned: dict[int, int] = {}  # person back -> actions played meanwhile
        # person -> (hand, step, action) of the last answer a clock gave for them
        self.timed_out: dict[int, tuple[int, int, str]] = {}
        self.connections: list[Connection] = []
        self.absent_since: dict[int, float] = {
            p: clock() for p, kind in enumerate(self.kinds) if kind == "human"
        }
        self.auto: dict[int, dict[str, bool]] = {p: {} for p in range(len(self.kinds))}
        self.seq = 0
        self.action_ids: set[tuple[int, str]] = set()  # (player, id): ids are a seat's own
        self.people = any(kind == "human" for kind in self.kinds)
        self.bot_due = 0.0  # a table of bots alone: when its next move may come
        self._more = False  # a slice ended with play still to come
        self.over = asyncio.Event()  # set when the match is over
        self.visited = False  # a person has connected or played (since it was loaded)
        # (when, hand, scores) as each hand ended: what the API may show of a game
        # whose spectators see it late
        self.shown: list[tuple[float, int, list[int]]] = []
        self._unsaved: list[LoggedAction] = []  # applied, to be committed by _save
        self._finish: str | None = None  # the game's new status, committed with them
        self._hand_ended = False  # a hand ended among them
        self.pending: dict[int, tuple[Action, str | None, str]] = {}  # seat -> answer
        self.window_key: object | None = None  # the window being collected
        self.window_opened = 0.0
        self.turn_started = 0.0
        self.turn_key: tuple[int, int] | None = None
        self.banks: dict[int, float] = {}
        self.hand_over_at: float | None = None  # when the last hand ended (a pause)
        self.ready_next: set[int] = set()
        self.lock = asyncio.Lock()
        self._timer: asyncio.TimerHandle | None = None  # the next wake, pending
        self._waking: asyncio.Task[None] | None = None  # a wake waiting for the lock
        self._replay(log)

    @property
    def session(self) -> Session:
        """The session of a game whose match is a mahjong session (AttributeError for a
        match of another family)."""
        session: Session | None = getattr(self.match, "session", None)
        if session is None:
            raise AttributeError(f"a {self.match.family} game has no mahjong session")
        return session

    # -- the log ---------------------------------------------------------------------

    def _replay(self, log: Sequence[LoggedAction] | None = None) -> None:
        match = self.match
        for entry in self.store.log(self.id) if log is None else log:
            player = match.player_at(entry.seat)
            if entry.by == "player":
                self.visited = True
            match.apply(entry.seat, match.parse_action(entry.action), entry.hand)
            self.seq = entry.seq
            if entry.action_id:
                self.action_ids.add((player, entry.action_id))
        if match.is_over():
            self.over.set()
        self.shown = [(float("-inf"), match.hand_number, list(match.scores))]

    def _apply(self, seat: int, action: Action, *, by: str, action_id: str | None) -> None:
        """Apply ``action`` and keep it for the log: :meth:`_save` commits it, with
        every other action of the same pump, before anyone hears of it."""
        match = self.match
        hand = match.hand_number
        text = match.format_action(action)
        player = match.player_at(seat)
        ended = match.apply(seat, action, hand)
        self.seq += 1
        if by == "bot" and self.is_human(player):
            self.covered[player] = self.covered.get(player, 0) + 1
        self._unsaved.append(LoggedAction(self.seq, hand, seat, text, action_id, by))
        if action_id:
            self.action_ids.add((player, action_id))
        self._track_window(self.clock())
        if ended:
            self._hand_ended = True
            self.hand_over_at = self.clock()
            self.ready_next = set()
            self.shown.append((self.hand_over_at, match.hand_number, list(match.scores)))
            if match.is_over():
                self._finish = "finished"
                self.over.set()

    def _track_window(self, now: float) -> object | None:
        """The open window, its clock started at ``now`` if it has just opened: the
        moment the action that opened it is applied, so that every seat is told its
        time left from the first message that shows it."""
        key = self.match.window()
        if key is not None and key is not self.window_key:
            self.window_key = key
            self.window_opened = now
            self.pending = {}
        return key

    async def _save(self) -> None:
        """Commit the actions applied since the last save, in one transaction. If the
        database refuses them, the game goes back to what its log holds (nobody has
        heard of them) and the error is raised.

        The store's writer thread commits them while the event loop serves the other
        games (this game's lock stays held: its sockets and clocks wait). A batch that
        ends a hand is committed before anything else runs, so that what is read of a
        game without its lock (the API's hand, scores, end and record) never runs
        ahead of its log: those change only when a hand ends.
        """
        if not self._unsaved and self._finish is None:
            return
        entries, finish, at_once = self._unsaved, self._finish, self._hand_ended
        self._unsaved, self._finish, self._hand_ended = [], None, False
        try:
            await self.store.commit(self.id, entries, finish=finish, at_once=at_once)
        except asyncio.CancelledError:
            raise  # the server stops: its log is what a restart goes on from
        except Exception:
            self._reload()
            raise

    def _new_match(self) -> Hosted:
        """The match of this game's row, at its start."""
        row = self.row
        return host(
            row.ruleset,
            row.options,
            seed=row.seed,
            players=row.players,
            hands=self.policy.hands,
            ask_everyone=self.policy.bots_asked == "always",
            always_asked=self.always_asked(),
        )

    def always_asked(self) -> list[int]:
        """The players whose seats are asked after every discard by another, whatever
        they hold: every person, when another person could learn from it (two or more
        at the table, or a pause when one plays alone); none when one person plays
        bots with no pause: nobody could tell whether they were asked (the server's
        answer for a seat that can only pass comes at once either way)."""
        people = [p for p, kind in enumerate(self.kinds) if kind == "human"]
        if len(people) <= 1 and self.policy.pause_alone == 0:
            return []
        return people

    def _reload(self) -> None:
        """The game as its log holds it (after a write that failed)."""
        self.match = self._new_match()
        self.seq = 0
        self.action_ids = set()
        self.pending = {}
        self.window_key = None
        self.turn_key = None
        self.hand_over_at = None
        self.ready_next = set()
        self.timed_out = {}  # the clock's answers may not be in the log
        self._replay()

    # -- who plays a seat -------------------------------------------------------------

    def is_human(self, player: int) -> bool:
        return self.kinds[player] == "human"

    def _controller(self, player: int) -> Bot | None:
        """The bot that plays ``player`` now: its own, or a stand-in while a person is
        away past the time limit, as the policy's ``away`` allows; None when the
        person decides (or the table waits for them)."""
        bot = self.bots.get(player)
        if bot is not None:
            return bot
        self._note_takeovers(self.clock())
        if self._standin_plays(player, self.clock()):
            standin = self.standins.get(player)
            if standin is None:
                standin = self.standins[player] = self.match.make_bot(
                    "greedy", seed=self.row.seed + 100 + player
                )
            return standin
        return None

    def _takeover_at(self, player: int) -> float | None:
        """When a stand-in takes (or took) ``player``'s seat: ``absence_seconds``
        after they left; None when they are here or nobody ever plays for them."""
        since = self.absent_since.get(player)
        if since is None or self.policy.away == "wait":
            return None
        return since + self.policy.absence_seconds

    def _note_takeovers(self, now: float) -> None:
        """Remember the hand in which each stand-in took over (``bot_hand`` plays
        only that one)."""
        for player in self.absent_since:
            at = self._takeover_at(player)
            if at is not None and now >= at and player not in self.covering:
                self.covering[player] = self.match.hand_number

    def _standin_plays(self, player: int, now: float) -> bool:
        """Whether a stand-in plays ``player``'s seat now (see the module docstring).

        A person away past the time limit under ``bot_hand`` is played only in the
        hand the stand-in took over:

        >>> import types
        >>> game = types.SimpleNamespace(
        ...     absent_since={0: 0.0}, covering={0: 3},
        ...     policy=types.SimpleNamespace(away="bot_hand", absence_seconds=60),
        ...     match=types.SimpleNamespace(hand_number=4))
        >>> game._takeover_at = lambda p: LiveGame._takeover_at(game, p)
        >>> LiveGame._standin_plays(game, 0, 100.0)
        False
        >>> game.match.hand_number = 3
        >>> LiveGame._standin_plays(game, 0, 100.0)
        True
        """
        at = self._takeover_at(player)
        if at is None or now < at:
            return False
        if self.policy.away == "bot_hand":
            return self.covering.get(player, self.match.hand_number) == self.match.hand_number
        return True

    def presence(self) -> list[dict[str, Any]]:
        """Each person's seat as everyone is told it: connected or away, for how
        long, in how many seconds a bot takes over, whether one plays it now, and
        whether the table waits for them (every seat is told the same)."""
        now = self.clock()
        here = {c.player for c in self.connections if c.player != SPECTATOR}
        seats: list[dict[str, Any]] = []
        for player, kind in enumerate(self.kinds):
            if kind != "human":
                continue
            since = self.absent_since.get(player)
            connected = player in here
            away = not connected and since is not None
            at = self._takeover_at(player) if away else None
            playing = away and self._standin_plays(player, now)
            bot_in = None if at is None or now >= at else round(at - now, 1)
            seats.append(
                {
                    "player": player,
                    "name": self.row.players[player],
                    "connected": connected,
                    "away_seconds": round(now - since, 1) if away and since is not None else None,
                    "bot_in_seconds": bot_in,
                    "bot_playing": playing,
                    "table_waits": away and not playing and bot_in is None,
                }
            )
        return seats

    # -- messages from players ---------------------------------------------------------

    async def submit(self, player: int, message: dict[str, Any]) -> dict[str, Any]:
        """Take an action message from ``player``'s socket; the acknowledgement to send
        back. Raises :class:`Refused` (changing nothing) when it cannot be taken."""
        async with self.lock:
            ack = self._submit(player, message)
            await self._pump()
            return ack

    def _submit(self, player: int, message: dict[str, Any]) -> dict[str, Any]:
        if player == SPECTATOR:
            raise Refused("a spectator cannot act")
        action_id = message.get("id")
        if action_id is not None and (
            not isinstance(action_id, str) or not 0 < len(action_id) <= 64
        ):
            raise Refused("an action's id is text of 1-64 characters")
        match = self.match
        if action_id is not None and (
            (player, action_id) in self.action_ids
            or any(
                answer[1] == action_id and match.player_at(seat) == player
                for seat, answer in self.pending.items()
            )
        ):
            return {"type": "ack", "id": action_id, "status": "duplicate"}
        if match.is_over():
            raise Refused("the match is over")
        hand = message.get("hand")
        if hand is not None and (type(hand) is not int or hand != match.hand_number):
            number = match.hand_number
            raise Stale(
                f"the action is for hand {hand!r}, but hand {number} is being played",
                self.view(player),
            )
        step = message.get("step")
        if step is not None and (type(step) is not int or step != match.public_step()):
            self._check_late(player, message)
            raise Stale(
                f"the action answers step {step!r}, but the game has moved on to step "
                f"{match.public_step()}: it is refused; here is the table as it is now",
                self.view(player),
            )
        text = message.get("action")
        if not isinstance(text, str) or not text.strip() or len(text) > 200:
            raise Refused("an action is text such as 'discard 4p' or 'play AS'")
        seat = match.seat_of(player)
        if seat is None:
            raise Refused("you sit out this hand")
        try:
            action = match.read(seat, text)
        except (IllegalAction, NotationError) as e:
            self._check_late(player, message)
            raise Refused(str(e)) from None
        self.absent_since.pop(player, None)
        self.timed_out.pop(player, None)
        self.returned.pop(player, None)
        if match.window() is not None:
            self.pending[seat] = (action, action_id, "player")
            return {"type": "ack", "id": action_id, "status": "held"}
        self._apply(seat, action, by="player", action_id=action_id)
        return {"type": "ack", "id": action_id, "status": "applied"}

    def _check_late(self, player: int, message: dict[str, Any]) -> None:
        """Raise :class:`Stale` saying what the clock did, when ``message`` (refused:
        from an older step, or no longer legal) answers a moment the clock has already
        answered for ``player``: an answer sent after the time ran out."""
        late = self.timed_out.get(player)
        if late is None:
            return
        hand, step, text = late
        sent_hand, sent_step = message.get("hand"), message.get("step")
        if sent_hand is not None and sent_hand != hand:
            return
        if type(sent_step) is int and sent_step > step:
            return
        raise Stale(f"the time ran out: {timeout_words(text)}", self.view(player))

    async def set_auto(self, player: int, settings: dict[str, Any]) -> dict[str, bool]:
        """Set ``player``'s auto-actions (kept across hands) and let them act at once."""
        if player == SPECTATOR:
            raise Refused("a spectator has no auto-actions")
        if not isinstance(settings, dict):
            raise Refused('auto-actions are an object such as {"pass_chow": true}')
        keys = self.match.auto_keys
        for k, v in settings.items():
            if k not in keys or type(v) is not bool:
                known = ", ".join(keys) or f"none in {self.match.family} games"
                raise Refused(f"unknown auto-action {k!r} (auto-actions: {known})")
        async with self.lock:
            self.auto[player].update(settings)
            await self._pump()
            return dict(self.auto[player])

    async def next_hand(self, player: int) -> None:
        async with self.lock:
            self.ready_next.add(player)
            await self._pump()

    # -- connections -------------------------------------------------------------------

    async def connect(self, conn: Connection) -> None:
        async with self.lock:
            self.connections.append(conn)
            if conn.player != SPECTATOR:
                if self.absent_since.pop(conn.player, None) is not None:
                    # back: the seat is theirs again, and they are told what a bot did
                    self.covering.pop(conn.player, None)
                    played = self.covered.pop(conn.player, 0)
                    if played:
                        self.returned[conn.player] = played
                self.visited = True
            await self._pump(force=conn)

    async def disconnect(self, conn: Connection) -> None:
        async with self.lock:
            if conn in self.connections:
                self.connections.remove(conn)
            if conn.player != SPECTATOR and not any(
                c.player == conn.player for c in self.connections
            ):
                self.absent_since[conn.player] = self.clock()
                self.covering.pop(conn.player, None)
                self.covered.pop(conn.player, None)
                self.returned.pop(conn.player, None)
                await self._broadcast()  # the others are told at once that they left
            self._schedule()

    # -- the driver ------------------------------------------------------------------

    async def pump(self) -> None:
        """Let bots and clocks act for a slice (:data:`SLICE`); the rest of their play
        comes on a timer, after the other games' turn."""
        async with self.lock:
            await self._pump()

    async def settle(self) -> None:
        """Let bots and clocks act until a human must decide or a clock must run
        (every slice at once: for tests and tools that drive one game)."""
        while True:
            async with self.lock:
                await self._pump()
                if not self._more:
                    return

    async def _pump(self, force: Connection | None = None) -> None:
        """Let bots and clocks act until a human must decide, commit what was done (one
        transaction), then tell everyone."""
        started = time.perf_counter()
        budget = BACKGROUND_SLICE if self._background() else SLICE
        self._more = False
        try:
            while self._step():
                if self._paced():
                    self.bot_due = self.clock() + self.policy.bot_seconds
                    break
                if time.perf_counter() - started >= budget:
                    self._more = True  # the rest after the other games' turn
                    break
        finally:
            await self._save()
        await self._broadcast(force)
        self._schedule()

    def _step(self) -> bool:
        """One thing that can happen without a human now; False when none can."""
        match = self.match
        if match.is_over():
            return False
        now = self.clock()
        self._note_takeovers(now)
        if self._waiting_for_next_hand(now):
            return False
        seats = match.to_act()
        if not seats:
            return False
        if self._paced() and now < self.bot_due:
            return False
        key = self._track_window(now)
        if key is not None:
            for seat in seats:
                if seat in self.pending:
                    continue
                answer = self._automatic(seat, window=True)
                if answer is not None:
                    self.pending[seat] = answer
            deadline = self.policy.claim_seconds
            if deadline is not None and now >= self.window_opened + deadline:
                for seat in seats:
                    if seat not in self.pending:
                        silence = self._silence(seat)
                        self._timed_out(seat, silence)
                        self.pending[seat] = (silence, None, "clock")
            if all(s in self.pending for s in seats) and (
                now >= self.window_opened + self._pause()
            ):
                answers = [(s, self.pending[s]) for s in sorted(self.pending) if s in seats]
                self.pending = {}
                self.window_key = None
                for seat, (action, action_id, by) in answers:
                    self._apply(seat, action, by=by, action_id=action_id)
                return True
            return False
        seat = seats[0]
        answer = self._automatic(seat, window=False)
        if answer is not None:
            action, action_id, by = answer
            self._apply(seat, action, by=by, action_id=action_id)
            return True
        return False

    def _timed_out(self, seat: int, action: Action) -> None:
        """Remember that the clock answered ``action`` for ``seat``'s person, so that
        their answer arriving afterwards is told so."""
        match = self.match
        player = match.player_at(seat)
        if self.is_human(player):
            text = match.format_action(action)
            self.timed_out[player] = (match.hand_number, match.public_step(), text)

    def _background(self) -> bool:
        """No person is connected: nobody waits for this game's next move."""
        return not any(c.player != SPECTATOR for c in self.connections)

    def _paced(self) -> bool:
        """A table of bots alone, played at a pace a spectator can follow."""
        return not self.people and self.policy.bot_seconds > 0

    def _silence(self, seat: int, table: Any = None) -> Action:
        """What a seat's silence in a window means: a pass, or, where passing is not
        an answer (a goulash exchange, a Ninety-Nine bid), the choice of a stand-in
        bot. ``table``: a game's hand to judge instead of the match's (for tests)."""
        match = self.match
        legal = match.legal_actions(seat) if table is None else table.legal_actions(seat)
        if any(a[0] == "pass" for a in legal):
            return Action("pass")
        player = match.player_at(seat)
        bot = match.make_bot("greedy", seed=self.row.seed + 200 + player)
        if table is not None:
            return bot.act(table.observation(seat), legal)
        return match.decide(bot, seat, legal)

    def _pause(self) -> float:
        """How long the window being collected lasts at least: no pause when no person
        is asked (only bots that can claim: nobody waits, and a pause would tell the
        people whether a bot could claim)."""
        match = self.match
        seats = match.window_seats()
        if seats and not any(self.kinds[match.player_at(s)] == "human" for s in seats):
            return 0.0
        humans = sum(1 for k in self.kinds if k == "human")
        return self.policy.pause_alone if humans <= 1 else self.policy.pause_seconds

    def _waiting_for_next_hand(self, now: float) -> bool:
        if self.hand_over_at is None:
            return False
        humans = {
            c.player for c in self.connections if c.player != SPECTATOR and self.is_human(c.player)
        }
        if (
            not humans
            or humans <= self.ready_next
            or now >= self.hand_over_at + self.policy.hand_pause_seconds
        ):
            self.hand_over_at = None
            # the clocks of the next hand start now: a window its deal opened (a
            # goulash exchange, a Ninety-Nine bid) has all its time from here
            self.window_opened = now
            self.turn_key = None
            return False
        return True

    def _automatic(self, seat: int, *, window: bool) -> tuple[Action, str | None, str] | None:
        """The answer the server gives for ``seat`` now without asking a human: a bot's
        (or a stand-in's), the only possible answer, an auto-action, or a clock's; None
        when the human decides."""
        match = self.match
        player = match.player_at(seat)
        bot = self._controller(player)
        legal = match.legal_actions(seat)
        if bot is not None:
            return match.decide(bot, seat, legal), None, "bot"
        prefs = self.auto.get(player, {})
        if window:
            if len(legal) == 1:
                return legal[0], None, "clock"
            auto = match.auto_answer(seat, legal, prefs, window=True) if prefs else None
            if auto is None and all(a[0] == "pass" for a in legal):
                auto = Action("pass")
            return None if auto is None else (auto, None, "player")
        # a turn
        key = (match.hand_number, match.moves())
        now = self.clock()
        if key != self.turn_key:
            self.turn_key = key
            self.turn_started = now
        if prefs:
            auto = match.auto_answer(seat, legal, prefs, window=False)
            if auto is not None:
                return auto, None, "player"
        limit = self.policy.turn_seconds
        if limit is not None:
            bank = self.banks.get(player, self.policy.bank_seconds)
            if now >= self.turn_started + limit + bank:
                self.banks[player] = 0.0
                answer = match.clock_answer(seat, legal)
                self._timed_out(seat, answer)
                return answer, None, "clock"
        return None

    # -- clocks ----------------------------------------------------------------------

    def _next_wake(self) -> float | None:
        """When something will happen without a message: a window's pause or deadline,
        a turn clock, an absent player's stand-in, the end of a hand's pause."""
        match = self.match
        if match.is_over():
            return None
        now = self.clock()
        if self._more:
            return now + (BACKGROUND_REST if self._background() else 0.0)
        times: list[float] = []
        if self._paced():
            times.append(self.bot_due)
        if self.hand_over_at is not None:
            times.append(self.hand_over_at + self.policy.hand_pause_seconds)
        if self.hand_over_at is not None:
            pass  # no clock runs while a finished hand is shown
        elif self.window_key is not None:
            times.append(self.window_opened + self._pause())
            if self.policy.claim_seconds is not None:
                times.append(self.window_opened + self.policy.claim_seconds)
        elif self.policy.turn_seconds is not None and (turn := match.turn_seat()) is not None:
            player = match.player_at(turn)
            bank = self.banks.get(player, self.policy.bank_seconds)
            times.append(self.turn_started + self.policy.turn_seconds + bank)
        for player in self.absent_since:
            at = self._takeover_at(player)
            if at is not None and at > now:
                times.append(at)
        later = [t for t in times if t > now - 1e-9]
        return min(later) if later else None

    def _schedule(self) -> None:
        """Wake the game when :meth:`_next_wake` says (a timer of the event loop, no
        task until it is due), instead of any wake set before."""
        when = self._next_wake()
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._waking is not None:  # due, but another pump came first
            self._waking.cancel()
            self._waking = None
        if when is None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        delay = max(0.0, when - self.clock())
        self._timer = loop.call_later(delay + 0.001, self._due, loop)

    def _due(self, loop: asyncio.AbstractEventLoop) -> None:
        self._timer = None
        self._waking = loop.create_task(self._wake())

    async def _wake(self) -> None:
        """A timer's wake: play on. Nobody waits on it, so a log that cannot be
        written (the database, or the server's process, gone) is said in one line;
        the game has gone back to what its log holds and goes on from there."""
        async with self.lock:
            self._waking = None
            try:
                await self._pump()
            except asyncio.CancelledError:
                raise
            except Exception as e:
                print(f"parlour: game {self.id} could not write its log: {e}", file=sys.stderr)

    async def close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        waking, self._waking = self._waking, None
        if waking is not None:
            waking.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await waking

    # -- what each seat is told --------------------------------------------------------

    def view(self, player: int) -> dict[str, Any]:
        """The state message for ``player`` (-1: a spectator): the observation of the
        current hand (the last one, finished, at the end), the match, clocks, and
        whether an answer is held."""
        match = self.match
        seat = None if player == SPECTATOR else match.seat_of(player)
        obs = match.observation(seat)
        held = seat is not None and seat in self.pending
        if held:
            obs["legal"] = []
        now = self.clock()
        deadline = None
        key = match.window()
        if key is not None and self.policy.claim_seconds is not None:
            # a window no clock has seen yet (a hand's first), or one whose clock waits
            # for the pause between hands to end, has all its time
            running = key is self.window_key and self.hand_over_at is None
            spent = now - self.window_opened if running else 0.0
            deadline = max(0.0, self.policy.claim_seconds - spent)
        over = match.is_over()
        left, clock, whose = (
            (deadline, "window", None) if deadline is not None else self._turn_clock(now)
        )
        message: dict[str, Any] = {
            "type": "state",
            "game": self.id,
            "step": match.public_step(),
            "player": None if player == SPECTATOR else player,
            "hand": match.hand_number,
            "observation": obs,
            "answered": held,
            "claim_seconds_left": deadline,
            "seconds_left": left,
            "clock": clock,
            "clock_player": whose,
            "away_policy": self.policy.away,
            "presence": self.presence(),
            "match_over": over,
            "auto": dict(self.auto.get(player, {})) if player != SPECTATOR else {},
            "commitment": self.row.commitment,
        }
        message["between_hands"] = self.hand_over_at is not None
        if player != SPECTATOR and self.returned.get(player):
            message["played_for_you"] = self.returned[player]
        last = match.last_hand()
        if last is not None:
            # the same for every message until another hand ends (shared by the
            # messages, which are only ever serialised)
            message["last_hand"] = last
            finished = getattr(match, "finished_table", None)  # mahjong: the table as it ended
            if finished is not None and (message["between_hands"] or over):
                message["finished_table"] = finished(None if player == SPECTATOR else player)
        if over:
            message.update(match.final())
        return message

    def _turn_clock(self, now: float) -> tuple[float | None, str | None, int | None]:
        """The seconds left on the turn clock of the person whose turn it is (with
        their time bank), ``"turn"`` and that player; Nones when no turn clock runs."""
        match = self.match
        limit = self.policy.turn_seconds
        seat = match.turn_seat()
        if limit is None or seat is None or match.is_over():
            return None, None, None
        player = match.player_at(seat)
        if not self.is_human(player) or self._controller_is_bot(player, now):
            return None, None, None
        key = (match.hand_number, match.moves())
        running = key == self.turn_key and self.hand_over_at is None
        spent = now - self.turn_started if running else 0.0
        bank = self.banks.get(player, self.policy.bank_seconds)
        return max(0.0, limit + bank - spent), "turn", player

    def _controller_is_bot(self, player: int, now: float) -> bool:
        return player in self.bots or (
            player in self.absent_since and self._standin_plays(player, now)
        )

    def progress(self) -> dict[str, Any]:
        """The hand being played and the scores, as the API shows them to anyone:
        ``spectator_delay`` seconds late while the game is played."""
        match = self.match
        delay = self.policy.spectator_delay
        if delay <= 0 or match.is_over():
            return {"hand": match.hand_number, "scores": match.scores}
        now = self.clock()
        _, hand, scores = [s for s in self.shown if s[0] <= now - delay][-1]
        return {"hand": hand, "scores": scores, "delayed_seconds": delay}

    def public_step(self) -> int:
        """How many events everyone has seen in the game so far (every hand's): the
        progress a seat is told, which never depends on what anyone holds (a bot's
        pass, asked only when it could claim, makes no event)."""
        return self.match.public_step()

    async def _broadcast(self, force: Connection | None = None) -> None:
        """Send every connection its state and the events it may see since the last."""
        now = self.clock()
        match = self.match
        for conn in list(self.connections):
            number = match.hand_number
            if conn.hand != number:
                conn.hand, conn.events = number, 0
            seat = None if conn.player == SPECTATOR else match.seat_of(conn.player)
            hand_events = match.events()
            events = [
                e.to_json()
                for e in hand_events[conn.events :]
                if (e.to is None if seat is None else e.visible_to(seat))
            ]
            conn.events = len(hand_events)
            message = self.view(conn.player)
            message["events"] = events
            if conn.player == SPECTATOR and self.policy.spectator_delay > 0:
                conn.queue.append((now + self.policy.spectator_delay, message))
                await self._flush_delayed(conn)
                continue
            try:
                await conn.send(message)
            except Exception:  # a socket gone: its handler will disconnect it
                continue

    async def _flush_delayed(self, conn: Connection) -> None:
        now = self.clock()
        while conn.queue and conn.queue[0][0] <= now:
            _, message = conn.queue.pop(0)
            with contextlib.suppress(Exception):
                await conn.send(message)
        if conn.queue:
            loop = asyncio.get_running_loop()
            delay = conn.queue[0][0] - now
            loop.call_later(max(0.0, delay), lambda: loop.create_task(self._flush_delayed(conn)))


def timeout_words(text: str) -> str:
    """What the clock did for a seat, in words, from the action it answered.

    >>> timeout_words("pass")
    'you passed'
    >>> timeout_words("exchange 3s 4s J")
    'the 3 of bamboos, the 4 of bamboos and the Joker were passed for you'
    >>> timeout_words("discard 4p")
    'the 4 of circles was discarded for you'
    >>> timeout_words("bid 6C 8C KC")
    'a bid was made for you, laying aside the 6 of clubs, the 8 of clubs and the King of clubs'
    >>> timeout_words("play AS")
    'the Ace of spades was played for you'
    >>> timeout_words("declare point 4")
    "'declare point 4' was played for you"
    """
    kind, _, rest = text.partition(" ")
    if kind == "pass" and not rest:
        return "you passed"
    pieces = [_piece_words(p) for p in rest.split()]
    named = [f"the {p}" for p in pieces if p is not None]
    if not named or len(named) != len(pieces):
        return f"{text!r} was played for you"
    listed = ", ".join(named[:-1]) + " and " + named[-1] if len(named) > 1 else named[0]
    if kind == "exchange":
        return f"{listed} were passed for you"
    if kind == "bid":
        return f"a bid was made for you, laying aside {listed}"
    if kind == "discard":
        return f"{listed} {'was' if len(named) == 1 else 'were'} discarded for you"
    if kind == "play" and len(named) == 1:
        return f"{listed} was played for you"
    return f"{text!r} was played for you"


def _piece_words(name: str) -> str | None:
    """A tile or a card named in words; None for anything else."""
    from parlour.render.cards import card_words
    from parlour.render.svg import tile_words

    for words in (tile_words, card_words):
        try:
            return words(name)
        except ValueError:
            continue
    return None


__all__ = ["SPECTATOR", "Connection", "LiveGame", "Policy", "Refused", "timeout_words"]

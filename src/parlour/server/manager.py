"""The games a server runs: creating tables, finding them by id or token, resuming them.

>>> import asyncio
>>> m = Manager(Store("sqlite:///:memory:"))
>>> made = asyncio.run(m.create({"seats": ["human", "random", "random", "random"],
...                              "policy": {"pause_seconds": 0}}))
>>> sorted(made), len(made["links"])
(['commitment', 'id', 'links', 'spectator', 'status'], 1)
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import gc
import secrets
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any

from parlour.core.errors import ParlourError
from parlour.core.names import table_names
from parlour.registry import DEFAULT_SYSTEM, check_playable
from parlour.server.limits import Limits
from parlour.server.live import SPECTATOR, LiveGame, Policy
from parlour.server.models import MAX_WAIT, NEW_TABLE_AWAY, Unwritable, check_text
from parlour.server.store import Store, seed_commitment

HUMAN = "human"


class CollectorPolicy:
    """While a server runs, the garbage collector's full passes walk only what is new.

    A full pass of Python's collector walks every object it tracks, and comes each
    time a quarter more objects have lived long. Live games keep every hand's tables
    and events: under ``parlour bench server`` (100 tables) the full passes stopped
    every table for 14 ms at the start and 313 ms twenty seconds later, and they grow
    as long as the server runs. After each full pass this freezes what survived it
    (``gc.freeze``: a frozen object is not walked again; it is still freed as soon as
    nothing refers to it), so a pass walks only what came since the last one. Every
    ``rescan`` seconds a full pass first unfreezes everything, so that objects that
    became unreachable cycles after they were frozen are still collected.

    :meth:`start` and :meth:`stop` nest: the policy holds from the first start to
    the last stop, which unfreezes everything.
    """

    _lock = threading.Lock()
    _users = 0
    _installed: CollectorPolicy | None = None

    def __init__(self, rescan: float = 600.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.rescan = rescan
        self.clock = clock
        self.rescanned = clock()

    @classmethod
    def start(cls) -> None:
        with cls._lock:
            cls._users += 1
            if cls._installed is None:
                cls._installed = cls()
                gc.callbacks.append(cls._installed._callback)

    @classmethod
    def stop(cls) -> None:
        with cls._lock:
            cls._users = max(0, cls._users - 1)
            policy = cls._installed
            if cls._users or policy is None:
                return
            cls._installed = None
            gc.callbacks.remove(policy._callback)
            gc.unfreeze()

    def _callback(self, phase: str, info: dict[str, int]) -> None:
        if info.get("generation") != 2:
            return
        if phase == "start":
            now = self.clock()
            if now - self.rescanned >= self.rescan:
                self.rescanned = now
                gc.unfreeze()  # this pass walks everything
        elif phase == "stop":
            gc.freeze()


class BadRequest(ParlourError, ValueError):
    """A request the server cannot take; the message says what is wrong."""


class Unavailable(ParlourError):
    """What was asked of a game cannot be given: ``status`` is the HTTP status (404:
    no such game or hand, 409: not before the game is over)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def new_game_id() -> str:
    """A new game's id: 16 random hex digits."""
    return secrets.token_hex(8)


def new_token() -> str:
    """An unguessable access token (192 random bits)."""
    return secrets.token_urlsafe(24)


class Manager:
    """Every game of one server (see the module docstring)."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], float] = time.monotonic,
        unplayed_hours: float | None = None,
    ) -> None:
        """``unplayed_hours``: a table no person has connected to or played at closes
        as ``expired`` after so long (0: never; None: :meth:`Limits.from_env`'s)."""
        self.store = store
        self.clock = clock
        if unplayed_hours is None:
            try:
                unplayed_hours = Limits.from_env().unplayed_hours
            except ValueError:
                unplayed_hours = Limits().unplayed_hours
        self.unplayed_hours = unplayed_hours
        self.live: dict[str, LiveGame] = {}
        self.broken: dict[str, str] = {}  # games whose log does not replay, and why
        self._collector = False  # under the CollectorPolicy (from resume to close)

    async def create(
        self, spec: Mapping[str, Any], *, game_id: str | None = None, creator: str | None = None
    ) -> dict[str, Any]:
        """Make a table from ``spec`` (``rules``, ``options``, ``seats``: ``"human"``
        or a bot's name for each player, ``names``, ``policy``, ``wait_seconds``); its
        id, the seed's commitment, one secret link per human seat, a spectator link
        and its ``status``. A table of bots alone plays at its policy's pace
        (``bot_seconds``) after this returns; ``wait_seconds`` (at most
        :data:`MAX_WAIT`) waits so long for it to finish, the other tables playing
        on meanwhile (``status`` says whether it did); a table with a person does
        not wait. ``game_id``:
        the new game's id (16 hex digits), chosen by the caller (a server that shards
        its games over processes picks the one that will own it); by default a random
        one. ``creator``: who made it (a digest of the client's address), for the
        server's limits and its listing's "mine"."""
        if not isinstance(spec, Mapping):
            raise BadRequest("a table is an object with rules, options, seats, names, policy")
        await self.sweep()
        try:
            check_text(dict(spec))
        except Unwritable as e:
            raise BadRequest(str(e)) from None
        unknown = set(spec) - {"rules", "options", "seats", "names", "policy", "wait_seconds"}
        if unknown:
            raise BadRequest(f"unknown field(s): {', '.join(sorted(unknown))}")
        rules = spec.get("rules", DEFAULT_SYSTEM)
        options = spec.get("options") or {}
        if not isinstance(rules, str) or not isinstance(options, dict):
            raise BadRequest("rules is a name and options an object")
        try:
            check_playable(rules)
            name, values, count, bots = _system(rules, options)
        except (ParlourError, ValueError) as e:
            raise BadRequest(str(e)) from None
        seats = spec.get("seats") or [HUMAN] + ["greedy"] * (count - 1)
        if not isinstance(seats, list) or len(seats) != count:
            raise BadRequest(f"{name} is played by {count}: give {count} seats")
        kinds: list[str] = []
        for s in seats:
            kind = HUMAN if s in (HUMAN, "you", "friend", "open") else s
            if kind != HUMAN and (not isinstance(kind, str) or kind not in bots):
                known = ", ".join(sorted(bots))
                raise BadRequest(f"a seat is 'human' or a bot ({known}), not {s!r}")
            kinds.append(kind)
        names = spec.get("names") or table_names([None if k == HUMAN else k for k in kinds])
        if (
            not isinstance(names, list)
            or len(names) != count
            or not all(isinstance(n, str) and 0 < len(n.strip()) <= 40 for n in names)
        ):
            raise BadRequest(f"names are {count} names of 1-40 characters")
        try:
            given = spec.get("policy")
            policy = Policy.from_json(given)
            if not (isinstance(given, dict) and "bots_asked" in given):
                policy.bots_asked = "when_able"  # a new table's default (see Policy)
            if not (isinstance(given, dict) and "away" in given):
                policy.away = NEW_TABLE_AWAY  # a new table's default (see Policy)
        except ValueError as e:
            raise BadRequest(str(e)) from None
        if policy.hands is not None and not check_playable(name).hands_limit:
            raise BadRequest(
                f"a {name} table plays the whole game: its length is set by its options, "
                "not by the time policy's hands"
            )
        wait = spec.get("wait_seconds", 0)
        if isinstance(wait, bool) or not isinstance(wait, int | float) or not 0 <= wait <= MAX_WAIT:
            raise BadRequest(f"wait_seconds must be a number of seconds from 0 to {MAX_WAIT}")
        game_id = game_id or new_game_id()
        seed = secrets.randbits(63)
        salt = secrets.token_hex(16)
        tokens = {new_token(): p for p, k in enumerate(kinds) if k == HUMAN}
        watch = new_token()
        tokens[watch] = SPECTATOR
        self.store.create_game(
            game_id,
            ruleset=name,
            options=values,
            players=[n.strip() for n in names],
            kinds=kinds,
            policy=policy.to_json(),
            seed=seed,
            salt=salt,
            tokens=tokens,
            creator=creator,
        )
        game = self.get(game_id)
        assert game is not None
        await game.pump()
        if wait and not game.people:  # a table with a person never ends by itself
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(game.over.wait(), wait)
        return {
            "id": game_id,
            "commitment": seed_commitment(seed, salt),
            "links": [
                {"player": p, "name": names[p], "url": f"/play/{t}"}
                for t, p in tokens.items()
                if p != SPECTATOR
            ],
            "spectator": f"/watch/{watch}",
            "status": "finished" if game.match.is_over() else "running",
        }

    async def sweep(self, now: dt.datetime | None = None) -> list[str]:
        """Close the tables no person has come to in ``unplayed_hours`` (``expired``:
        their links no longer open them), and let go of finished games nobody is
        connected to (what is asked of one later is rebuilt from its log); the ids of
        those expired."""
        now = now or dt.datetime.now(dt.UTC)
        expired: list[str] = []
        for game_id, game in list(self.live.items()):
            if game.match.is_over():
                if not game.connections and not game.lock.locked():
                    del self.live[game_id]
                    await game.close()
                continue
            if not self.unplayed_hours or not game.people or game.visited:
                continue
            created = game.row.created
            if created.tzinfo is None:
                created = created.replace(tzinfo=dt.UTC)
            if now - created >= dt.timedelta(hours=self.unplayed_hours):
                del self.live[game_id]
                await game.close()
                self.store.finish(game_id, "expired")
                expired.append(game_id)
        return expired

    def get(self, game_id: str) -> LiveGame | None:
        """The live game ``game_id`` (rebuilt from its log if the server restarted), or
        None (no such game, or one whose log no longer replays: marked ``broken``)."""
        game = self.live.get(game_id)
        if game is not None:
            return game
        row = self.store.game(game_id)
        if row is None or row.status in ("broken", "expired"):
            return None
        try:
            game = LiveGame(row, self.store, clock=self.clock)
        except (ParlourError, ValueError, KeyError) as e:
            self.store.finish(row.id, status="broken")
            self.broken[row.id] = str(e)
            return None
        self.live[game_id] = game
        return game

    def by_token(self, token: str) -> tuple[LiveGame, int] | None:
        found = self.store.find_token(token)
        if found is None:
            return None
        game = self.get(found[0])
        return None if game is None else (game, found[1])

    async def resume(self, owns: Callable[[str], bool] | None = None) -> int:
        """Load every running game (those ``owns`` accepts by id, when given) and let
        its bots and clocks go on; how many. A game whose log no longer replays (a
        record changed by hand, a rule system gone) is marked ``broken`` and left
        alone, so that the others go on. The server runs under the
        :class:`CollectorPolicy` until :meth:`close`."""
        CollectorPolicy.start()
        self._collector = True
        rows = self.store.games(status="running", limit=None)
        resumed = 0
        for row in rows:
            if owns is not None and not owns(row.id):
                continue
            game = self.get(row.id)
            if game is not None:
                await game.pump()
                resumed += 1
        return resumed

    # -- what the API reads of a game ----------------------------------------------

    def info(self, game_id: str) -> dict[str, Any] | None:
        """What the API shows of a game in play beyond its row: the hand being played
        and the scores, as late as its spectators see them (None: no such game here)."""
        game = self.get(game_id)
        if game is None:
            return None
        return game.progress()

    def record(self, game_id: str) -> dict[str, Any]:
        """The record of a finished game, with the seed's salt and commitment (which
        ``parlour validate`` checks); :class:`Unavailable` when there is none yet."""
        game = self.get(game_id)
        if game is None:
            raise Unavailable(404, f"no table {game_id!r}")
        if not game.match.is_over():
            raise Unavailable(409, "the record of a game is given once the game is over")
        record = game.match.record()
        record["fairness"] = {"salt": game.row.salt, "commitment": game.row.commitment}
        return record

    def replay(self, game_id: str, hand: int) -> dict[str, Any]:
        """Hand ``hand`` of a finished game, move by move (see :func:`replay_steps`)."""
        game = self.get(game_id)
        if game is None:
            raise Unavailable(404, f"no table {game_id!r}")
        if not game.match.is_over():
            raise Unavailable(409, "a game is replayed once it is over")
        if not 1 <= hand <= game.match.hand_number:
            raise Unavailable(404, f"the game has no hand {hand}")
        return {"hand": hand, "steps": game.match.replay(hand)}

    async def close(self) -> None:
        """Stop the games' timers, the store's writer (after its last writes) and the
        collector policy."""
        await asyncio.gather(*(g.close() for g in self.live.values()))
        await asyncio.to_thread(self.store.close)
        if self._collector:
            self._collector = False
            CollectorPolicy.stop()


def replay_steps(game: LiveGame, hand: int) -> list[dict[str, Any]]:
    """Every state of hand ``hand`` of a finished game, from the deal to its end."""
    return game.match.replay(hand)


def _system(rules: str, options: dict[str, Any]) -> tuple[str, dict[str, Any], int, set[str]]:
    """A rule system's name, its options as a table keeps them, its number of players
    and the names of its bots; ValueError or ParlourError saying what is wrong.

    >>> name, values, count, bots = _system("piquet", {"partie": "single_game"})
    >>> name, values["partie"], count, sorted(bots)
    ('piquet', 'single_game', 2, ['greedy', 'heuristic', 'random'])
    """
    system = check_playable(rules)
    values = system.check_options(options)
    system.new_match(values, seed=0)  # options that cannot make a match are refused here
    count = system.num_players(values)
    return system.name, values, count, {*system.bot_names(), *system.bot_aliases()}


__all__ = [
    "HUMAN",
    "BadRequest",
    "CollectorPolicy",
    "Manager",
    "Unavailable",
    "new_game_id",
    "new_token",
    "replay_steps",
]

"""``parlour bench server``: load on a real server process, over WebSockets on loopback.

The benchmark starts ``parlour serve`` in its own process (uvicorn, on a free port of
127.0.0.1) with a fresh SQLite database in a temporary directory, or the database given
(``--database-url``), makes ``tables`` tables of one human seat and three bots each
(``POST /api/tables``, a policy without pauses: bots and the server answer at once) and
plays every human seat at once with a scripted client on the seat's socket
(``/ws/{token}``), all of them in this process: the client answers every prompt at once
(a random legal action from a seeded generator, or the first legal action), says
``next`` between hands, and when a match ends makes a new table and goes on. A client
never sends more than the server's flood limit allows (it waits before sending when it
would; with many tables it never has to: each gets a few answers a second). After
``seconds`` each client waits for the answer to its last action, then leaves; the
server is stopped and the database is read:

* actions per second: every action the log gained during the run (the clients', the
  bots' and the server's own answers for a seat whose only choice is ``pass``) over the
  time the clients played;
* latency: from the moment a client sends an action to the moment it receives its next
  prompt (the next ``state`` message, later in the game's log, in which it has legal
  actions and has not answered), p50 and p99;
* nothing lost: every game's log has every sequence number once, holds every action a
  client sent and was not refused, and replays (:class:`~parlour.server.live.LiveGame`
  rebuilt from the log) to what the client last saw: the game's public step, the hand
  number, the scores and the client's whole observation (its tiles, legal actions, ...);
* errors: every ``error`` message a client received; sockets that closed while a
  client was playing; clients that heard nothing for ``STALL`` seconds;
* CPU: the server's (from ``/proc``) and the clients' while they played, and the
  server's per client action.

The target (issue 9): 100 concurrent tables on a 2-core machine with p99 under 100 ms
and nothing lost.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import os
import random
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections import Counter, deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from parlour.server.live import LiveGame
    from parlour.server.store import LoggedAction

TARGET_TABLES = 100
TARGET_P99_MS = 100.0
STALL = 30.0
"""Seconds a client waits for a message before it counts as stalled."""
POLICY: dict[str, Any] = {
    "pause_seconds": 0,
    "claim_seconds": 30,
    "hand_pause_seconds": 0,
    # no stand-in bot plays a seat between the moment its client leaves and the moment
    # the server stops, so the log is exactly what the clients and the bots made
    "absence_seconds": 3600,
}
CLIENTS = ("random", "first")
PACE = 0.8
"""A client sends at most this share of the server's flood limit (``FLOOD``)."""


class BenchError(RuntimeError):
    """The benchmark could not run (the server did not start, a table was refused)."""


@dataclass
class GameSeen:
    """One game as its scripted client saw it."""

    id: str
    token: str
    player: int = 0
    first_step: int | None = None  # the game's step when the client first heard of it
    last_state: dict[str, Any] | None = None
    sent: list[str] = field(default_factory=list)  # action ids sent
    refused: set[str] = field(default_factory=set)  # action ids answered by an error
    finished: bool = False


@dataclass
class ClientStats:
    """What one scripted client did and heard."""

    slot: int
    games: list[GameSeen] = field(default_factory=list)
    actions: int = 0
    latencies: list[float] = field(default_factory=list)  # seconds
    errors: list[str] = field(default_factory=list)
    closed: list[str] = field(default_factory=list)
    stalls: list[str] = field(default_factory=list)
    acks: Counter[str] = field(default_factory=Counter)
    paced: int = 0  # sends that waited for the flood limit
    stopped: float = 0.0


@dataclass
class ServerBenchReport:
    """The figures of a run (see the module docstring)."""

    tables: int
    seconds: float  # how long the clients played, measured
    bots: str
    client: str
    database_url: str
    games: int = 0
    finished: int = 0
    sent: int = 0  # actions the clients sent
    logged: Counter[str] = field(default_factory=Counter)  # actions logged in the run, by whom
    latencies_ms: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    closed: list[str] = field(default_factory=list)
    stalls: list[str] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)  # games that do not replay as seen
    verified: int = 0
    acks: Counter[str] = field(default_factory=Counter)
    paced: int = 0  # sends that waited for the flood limit
    server_cpu: float | None = None  # seconds of CPU the server process used
    client_cpu: float = 0.0  # seconds of CPU this process used while the clients played
    profile: str | None = None
    bot_tables: int = 0  # tables of bots alone kept playing at full speed meanwhile
    bot_games: int = 0  # how many of those were made (a finished one is replaced)

    @property
    def actions(self) -> int:
        return sum(self.logged.values())

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds if self.seconds > 0 else 0.0

    @property
    def server_ms_per_client_action(self) -> float | None:
        """The server's CPU for each action a client sent (the bots' answers and the
        messages that follow included), in ms."""
        if self.server_cpu is None or not self.logged["player"]:
            return None
        return 1000 * self.server_cpu / self.logged["player"]

    def percentile(self, q: float) -> float | None:
        """The ``q`` quantile (0-1) of the latencies in ms, nearest rank; None when
        nothing was measured."""
        if not self.latencies_ms:
            return None
        ordered = sorted(self.latencies_ms)
        rank = max(1, min(len(ordered), math.ceil(q * len(ordered))))
        return ordered[rank - 1]

    @property
    def p50(self) -> float | None:
        return self.percentile(0.50)

    @property
    def p99(self) -> float | None:
        return self.percentile(0.99)

    @property
    def sound(self) -> bool:
        """Nothing lost, no error, no socket dropped, no client stalled."""
        return not (self.lost or self.errors or self.closed or self.stalls)

    @property
    def fast(self) -> bool:
        p99 = self.p99
        return p99 is not None and p99 < TARGET_P99_MS

    @property
    def target_met(self) -> bool:
        return self.tables >= TARGET_TABLES and self.fast and self.sound

    def to_json(self) -> dict[str, Any]:
        return {
            "tables": self.tables,
            "seconds": self.seconds,
            "bots": self.bots,
            "client": self.client,
            "games": self.games,
            "finished": self.finished,
            "sent": self.sent,
            "logged": dict(self.logged),
            "actions": self.actions,
            "actions_per_second": self.actions_per_second,
            "latencies": len(self.latencies_ms),
            "p50_ms": self.p50,
            "p99_ms": self.p99,
            "max_ms": max(self.latencies_ms) if self.latencies_ms else None,
            "errors": self.errors,
            "closed": self.closed,
            "stalls": self.stalls,
            "lost": self.lost,
            "verified": self.verified,
            "paced": self.paced,
            "bot_tables": self.bot_tables,
            "bot_games": self.bot_games,
            "server_cpu": self.server_cpu,
            "server_ms_per_client_action": self.server_ms_per_client_action,
            "client_cpu": self.client_cpu,
            "target_met": self.target_met,
        }


# -- the server process -------------------------------------------------------------------


def free_port() -> int:
    """A TCP port of 127.0.0.1 that nothing listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class ServerProcess:
    """``parlour serve`` on ``port`` and the database ``url`` (under cProfile, writing
    to ``profile``, when given); its output goes to ``log``."""

    def __init__(
        self,
        url: str,
        port: int,
        log: Path,
        *,
        profile: Path | None = None,
        workers: str = "auto",
    ) -> None:
        self.url = url
        self.port = port
        self.log = log
        self.base = f"http://127.0.0.1:{port}"
        command = [sys.executable]
        if profile is not None:
            command += ["-m", "cProfile", "-o", str(profile)]
        command += ["-m", "parlour.cli", "serve", "--host", "127.0.0.1", "--port", str(port)]
        command += ["--database-url", url, "--workers", workers]
        self._out = log.open("wb")
        # one client makes every table: the per-client limits are lifted
        env = {**os.environ, "PARLOUR_TABLES_PER_MINUTE": "0", "PARLOUR_OPEN_TABLES": "0"}
        self.process = subprocess.Popen(
            command, stdout=self._out, stderr=subprocess.STDOUT, env=env
        )

    def wait_ready(self, timeout: float = 60.0) -> None:
        """Wait until the server answers HTTP; :class:`BenchError` if it stops first."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.process.poll() is not None:
                raise BenchError(f"the server stopped at start:\n{self.output()}")
            try:
                with urllib.request.urlopen(f"{self.base}/api/rules", timeout=2) as reply:
                    if reply.status == 200:
                        return
            except (OSError, urllib.error.URLError):
                pass
            time.sleep(0.1)
        raise BenchError(f"the server did not answer in {timeout:g} s:\n{self.output()}")

    def cpu_seconds(self) -> float | None:
        """User and system CPU the server and its worker processes have used (Linux
        ``/proc``; None elsewhere)."""
        return _tree_cpu(self.process.pid)

    def stop(self) -> None:
        """Stop the server as Ctrl-C does (so a profile is written); kill it if it
        does not stop in 30 s."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._out.close()

    def output(self) -> str:
        self._out.flush()
        try:
            return self.log.read_text(errors="replace")[-4000:]
        except OSError:
            return ""


class BotTables:
    """Keep ``count`` tables of ``bots`` alone playing at full speed on the server at
    ``base`` (a thread that replaces each one that finishes)."""

    def __init__(self, base: str, count: int, bots: str = "random") -> None:
        self.spec = {"seats": [bots] * 4, "policy": {**POLICY, "bot_seconds": 0}}
        self.base = base
        self.count = count
        self.made = 0
        self.playing: list[str] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> None:
        if self.count:
            self._top_up()
            self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=10)

    def _running(self, game_id: str) -> bool:
        try:
            url = f"{self.base}/api/tables/{game_id}"
            with urllib.request.urlopen(url, timeout=30) as reply:
                return bool(json.loads(reply.read())["status"] == "running")
        except (OSError, ValueError):
            return True  # asked again in a second

    def _top_up(self) -> None:
        while len(self.playing) < self.count:
            made = _post_json(f"{self.base}/api/tables", self.spec)
            self.playing.append(made["id"])
            self.made += 1

    def _run(self) -> None:
        while not self._stop.wait(1.0):
            self.playing = [g for g in self.playing if self._running(g)]
            with contextlib.suppress(BenchError):
                self._top_up()


def _post_json(url: str, body: Any) -> Any:
    request = urllib.request.Request(
        url,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as reply:
            return json.loads(reply.read())
    except urllib.error.HTTPError as e:
        raise BenchError(f"the server refused a table: {e.code} {e.read()[:300]!r}") from None
    except OSError as e:
        raise BenchError(f"the server did not make a table: {e}") from None


def create_table(base: str, bots: str) -> GameSeen:
    """``POST /api/tables``: one human seat and three ``bots``; the game and its link."""
    spec = {"seats": ["human", bots, bots, bots], "policy": POLICY}
    made = _post_json(f"{base}/api/tables", spec)
    link = made["links"][0]
    return GameSeen(id=made["id"], token=link["url"].rsplit("/", 1)[1], player=link["player"])


# -- the scripted clients -----------------------------------------------------------------

Chooser = Callable[[list[str]], str]


def chooser(how: str, rng: random.Random) -> Chooser:
    """How a client picks among the legal actions: ``random`` or ``first``."""
    if how == "first":
        return lambda legal: legal[0]
    if how == "random":
        return rng.choice
    raise ValueError(f"a client chooses 'random' or 'first', not {how!r}")


class Pacer:
    """Keeps one socket under the server's flood limit: at most ``PACE`` of
    ``FLOOD[0]`` messages in any ``FLOOD[1]`` seconds."""

    def __init__(self) -> None:
        from parlour.server.app import FLOOD

        self.limit = max(1, int(FLOOD[0] * PACE))
        self.window = FLOOD[1]
        self.sent: deque[float] = deque()

    async def wait(self) -> bool:
        """Wait, if need be, until one more message may be sent (and count it); whether
        it had to wait."""
        now = time.monotonic()
        while self.sent and self.sent[0] <= now - self.window:
            self.sent.popleft()
        waited = len(self.sent) >= self.limit
        if waited:
            await asyncio.sleep(self.sent[0] + self.window - now)
            now = time.monotonic()
            while self.sent and self.sent[0] <= now - self.window:
                self.sent.popleft()
        self.sent.append(now)
        return waited


def is_prompt(state: dict[str, Any]) -> bool:
    """Whether a state message asks its seat to act."""
    return bool(state["observation"].get("legal")) and not state.get("answered")


async def play_game(
    ws: Any, game: GameSeen, stats: ClientStats, choose: Chooser, deadline: float
) -> None:
    """Play ``game`` on the open socket ``ws`` until the match is over, or the deadline
    has passed and the last action has been answered."""
    from websockets.exceptions import ConnectionClosed

    pacer = Pacer()
    sent_at: float | None = None  # when the action awaiting its answer was sent
    sent_step = -1  # the game's public step when it was sent
    next_for = -1  # the hand a "next" was sent after
    last_prompt: dict[str, Any] | None = None
    while True:
        try:
            raw = await asyncio.wait_for(ws.recv(), timeout=STALL)
        except TimeoutError:
            stats.stalls.append(f"game {game.id}: no message for {STALL:g} s")
            return
        except ConnectionClosed as e:
            stats.closed.append(f"game {game.id}: the socket closed ({e})")
            return
        now = time.perf_counter()
        message = json.loads(raw)
        kind = message.get("type")
        if kind == "ack":
            stats.acks[str(message.get("status"))] += 1
            continue
        if kind == "error":
            stats.errors.append(f"game {game.id}: {message.get('message')}")
            refused = message.get("id")
            if isinstance(refused, str) and refused in game.sent:
                game.refused.add(refused)
            if sent_at is None or last_prompt is None or len(stats.errors) > 1000:
                continue
            # the action was refused and the game is unchanged: answer the prompt again,
            # this time with its first legal action
            sent_at = None
            state = last_prompt
            action = state["observation"]["legal"][0]
        elif kind != "state":
            continue
        else:
            state = message
            game.last_state = state
            if game.first_step is None:
                game.first_step = int(state["step"])
            prompt = is_prompt(state)
            if prompt and sent_at is not None and state["step"] > sent_step:
                stats.latencies.append(now - sent_at)
                sent_at = None
            if state["match_over"]:
                game.finished = True
                return
            if sent_at is not None:
                continue  # the answer to our action is still to come
            if time.monotonic() >= deadline:
                return
            if not prompt:
                if state["between_hands"] and next_for != state["hand"]:
                    next_for = state["hand"]
                    stats.paced += await pacer.wait()
                    try:
                        await ws.send(json.dumps({"type": "next"}))
                    except ConnectionClosed as e:
                        stats.closed.append(f"game {game.id}: the socket closed ({e})")
                        return
                continue
            last_prompt = state
            action = choose(state["observation"]["legal"])
        action_id = f"{stats.slot}-{len(stats.games)}-{len(game.sent)}"
        stats.paced += await pacer.wait()  # before the clock starts
        game.sent.append(action_id)
        stats.actions += 1
        sent_step = int(state["step"])
        sent_at = time.perf_counter()
        try:
            await ws.send(
                json.dumps(
                    {"type": "action", "action": action, "hand": state["hand"], "id": action_id}
                )
            )
        except ConnectionClosed as e:
            stats.closed.append(f"game {game.id}: the socket closed ({e})")
            return


async def run_client(
    stats: ClientStats,
    first: GameSeen,
    base: str,
    bots: str,
    choose: Chooser,
    deadline: float,
) -> None:
    """One table's scripted client: play ``first``, then new tables while time is left."""
    from websockets.asyncio.client import connect

    game: GameSeen | None = first
    while game is not None:
        stats.games.append(game)
        url = base.replace("http://", "ws://", 1) + f"/ws/{game.token}"
        try:
            async with connect(url, max_size=None, ping_interval=None, open_timeout=STALL) as ws:
                await play_game(ws, game, stats, choose, deadline)
        except (OSError, TimeoutError) as e:
            stats.closed.append(f"game {game.id}: could not connect ({e!r})")
        except Exception as e:  # websockets' handshake errors, a bad message
            stats.closed.append(f"game {game.id}: {type(e).__name__}: {e}")
        game = None
        last = stats.games[-1]
        if last.finished and time.monotonic() < deadline and not stats.closed:
            try:
                game = await asyncio.to_thread(create_table, base, bots)
            except BenchError as e:
                stats.errors.append(str(e))
    stats.stopped = time.perf_counter()


# -- checking the log ---------------------------------------------------------------------


def _plain(value: Any) -> Any:
    """``value`` as it arrives after a trip through JSON."""
    return json.loads(json.dumps(value))


def verify(url: str, games: Sequence[GameSeen], report: ServerBenchReport) -> None:
    """Replay every game from the database log and compare it with what its client last
    saw; count the actions the log gained in the run (see the module docstring)."""
    from parlour.server.live import LiveGame
    from parlour.server.store import Store

    store = Store(url)
    try:
        for seen in games:
            row = store.game(seen.id)
            if row is None:
                report.lost.append(f"game {seen.id}: not in the database")
                continue
            log = store.log(seen.id)
            start = _log_at_step(LiveGame(row, store, log=[]), log, seen.first_step or 0)
            report.logged.update(entry.by for entry in log if entry.seq > start)
            problems: list[str] = []
            if [e.seq for e in log] != list(range(1, len(log) + 1)):
                problems.append("the log's sequence numbers have gaps or repeats")
            ids = Counter(e.action_id for e in log if e.action_id)
            twice = sorted(i for i, n in ids.items() if n > 1)
            if twice:
                problems.append(f"action ids logged more than once: {twice[:5]}")
            missing = [i for i in seen.sent if i not in ids and i not in seen.refused]
            if missing:
                problems.append(f"{len(missing)} action(s) sent but not logged: {missing[:5]}")
            state = seen.last_state
            if state is None:
                problems.append("the client never received a state")
            else:
                game = LiveGame(row, store)
                view = _plain(game.view(seen.player))
                if state["step"] != view["step"]:
                    problems.append(f"step {state['step']} seen, {view['step']} replayed")
                if state["hand"] != view["hand"]:
                    problems.append(f"hand {state['hand']} seen, {view['hand']} replayed")
                if state["match_over"] != view["match_over"]:
                    problems.append("the match is over in one and not in the other")
                obs, again = state["observation"], view["observation"]
                scores = [p["score"] for p in obs["match"]["players"]]
                if scores != list(game.session.scores):
                    problems.append(f"scores {scores} seen, {game.session.scores} replayed")
                if obs.get("hand") != again.get("hand"):
                    problems.append(f"tiles {obs.get('hand')} seen, {again.get('hand')} replayed")
                if obs != again:
                    keys = sorted(
                        k for k in obs.keys() | again.keys() if obs.get(k) != again.get(k)
                    )
                    problems.append(f"the observations differ in {', '.join(keys)}")
            if problems:
                report.lost.append(f"game {seen.id}: " + "; ".join(problems))
            else:
                report.verified += 1
    finally:
        store.engine.dispose()


# -- the run --------------------------------------------------------------------------------


Progress = Callable[[str], None]
"""Told what the benchmark is doing, in a few words (a status line)."""


async def _drive(
    firsts: Sequence[GameSeen],
    base: str,
    bots: str,
    client: str,
    seed: int,
    seconds: float,
    progress: Progress | None = None,
) -> tuple[list[ClientStats], float, float]:
    """Every client at once; their stats, when they started and when the last stopped
    (``perf_counter``). ``progress`` hears how far the run is, every second."""
    stats = [ClientStats(slot) for slot in range(len(firsts))]
    start = time.perf_counter()
    deadline = time.monotonic() + seconds
    clients = asyncio.gather(
        *(
            run_client(
                s, g, base, bots, chooser(client, random.Random(seed * 7919 + s.slot)), deadline
            )
            for s, g in zip(stats, firsts, strict=True)
        )
    )
    while progress is not None and not clients.done():
        played = time.perf_counter() - start
        sent = sum(s.actions for s in stats)
        when = (
            f"{played:,.0f} s of {seconds:g}"
            if played < seconds
            else "waiting for the last answers"
        )
        progress(f"playing {len(firsts)} tables: {when}, {sent:,} client actions")
        await asyncio.wait([clients], timeout=1.0)
    await clients
    end = max((s.stopped for s in stats), default=time.perf_counter())
    return stats, start, end


def run_server_bench(
    tables: int = TARGET_TABLES,
    seconds: float = 60.0,
    *,
    bots: str = "random",
    client: str = "random",
    seed: int = 1,
    database_url: str | None = None,
    profile: Path | None = None,
    workers: str = "auto",
    bot_tables: int = 0,
    progress: Progress | None = None,
) -> ServerBenchReport:
    """Run the benchmark (see the module docstring) and return its figures.

    ``database_url``: the database the server keeps the games in (they stay there);
    by default a fresh SQLite file, deleted afterwards. ``profile``: run the server
    under cProfile and write its profile there (the figures are then slower; the
    games are then profiled only with ``workers="0"``). ``workers``: the server's
    ``--workers``. ``bot_tables``: so many tables of bots alone play as fast as the
    server lets them all the while (one that finishes is replaced), on the same
    server. ``progress`` is told what is being done (for a status line)."""
    from parlour.bots import BOTS

    if tables < 1:
        raise ValueError("tables must be at least 1")
    if seconds <= 0:
        raise ValueError("seconds must be more than 0")
    if client not in CLIENTS:
        raise ValueError(f"a client chooses {' or '.join(CLIENTS)}, not {client!r}")
    if bots not in BOTS:
        raise ValueError(f"the bots are {' or '.join(sorted(BOTS))}, not {bots!r}")
    say = progress or (lambda _text: None)
    with tempfile.TemporaryDirectory(prefix="parlour-bench-") as tmp:
        url = database_url or f"sqlite:///{Path(tmp) / 'bench.db'}"
        say("starting the server")
        server = ServerProcess(
            url, free_port(), Path(tmp) / "server.log", profile=profile, workers=workers
        )
        try:
            server.wait_ready()
            firsts = []
            for n in range(tables):
                say(f"making the tables: {n} of {tables}")
                firsts.append(create_table(server.base, bots))
            busy = BotTables(server.base, bot_tables, bots)
            busy.start()
            cpu_before = _own_cpu()
            server_before = server.cpu_seconds()
            try:
                stats, start, end = asyncio.run(
                    _drive(firsts, server.base, bots, client, seed, seconds, say)
                )
            finally:
                busy.stop()
            client_cpu = _own_cpu() - cpu_before
            server_after = server.cpu_seconds()
            say("stopping the server")
        finally:
            server.stop()
        report = ServerBenchReport(
            tables=tables,
            seconds=end - start,
            bots=bots,
            client=client,
            database_url=database_url or "",
            client_cpu=client_cpu,
            profile=str(profile) if profile is not None else None,
            bot_tables=bot_tables,
            bot_games=busy.made,
        )
        if server_before is not None and server_after is not None:
            report.server_cpu = server_after - server_before
        games = [g for s in stats for g in s.games]
        for s in stats:
            report.sent += s.actions
            report.latencies_ms += [1000 * t for t in s.latencies]
            report.errors += s.errors
            report.closed += s.closed
            report.stalls += s.stalls
            report.acks.update(s.acks)
            report.paced += s.paced
        report.games = len(games)
        report.finished = sum(g.finished for g in games)
        say(f"replaying {len(games)} games from the log")
        verify(url, games, report)
    return report


def _log_at_step(game: LiveGame, log: Sequence[LoggedAction], step: int) -> int:
    """How much of ``log`` had been played when ``game`` (begun afresh) reached the
    public step ``step``: the sequence number of its last action before the step went
    further."""
    at = 0
    for entry in log:
        table = game.session.current_table()
        game.session.apply(entry.seat, table.parse_action(entry.action), hand=entry.hand)
        if game.public_step() > step:
            break
        at = entry.seq
    return at


def _tree_cpu(pid: int) -> float | None:
    """CPU seconds of process ``pid`` and of its live children (Linux ``/proc``)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    found = False
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(entry.name) == pid or int(fields[1]) == pid:
            found = found or int(entry.name) == pid
            total += int(fields[11]) + int(fields[12])
    return total / ticks if found else None


def _own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


# -- the report -------------------------------------------------------------------------------


def print_server_report(report: ServerBenchReport) -> None:
    """The figures as a rich table, then the problems, if any, and the verdict."""
    from rich.markup import escape
    from rich.table import Table

    from parlour.bench import report_console

    console = report_console()
    table = Table(title="parlour bench server: concurrent tables over WebSockets (loopback)")
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_column("target", justify="right")
    table.add_column("")

    def verdict(ok: bool) -> str:
        return "[green]met[/green]" if ok else "[red]not met[/red]"

    def ms(value: float | None) -> str:
        return "-" if value is None else f"{value:,.1f} ms"

    logged = report.logged
    table.add_row(
        "tables",
        f"{report.tables:,}",
        f">= {TARGET_TABLES}",
        verdict(report.tables >= TARGET_TABLES),
    )
    table.add_row("bots / client", f"{report.bots} / {report.client}", "", "")
    if report.bot_tables:
        table.add_row(
            "tables of bots alone meanwhile",
            f"{report.bot_tables} ({report.bot_games} made)",
            "",
            "",
        )
    table.add_row("seconds played", f"{report.seconds:,.1f}", "", "")
    table.add_row("games (matches finished)", f"{report.games:,} ({report.finished:,})", "", "")
    table.add_row("actions logged", f"{report.actions:,}", "", "")
    table.add_row("  by the clients", f"{logged['player']:,}", "", "")
    table.add_row("  by the bots", f"{logged['bot']:,}", "", "")
    table.add_row("  by the server (only pass)", f"{logged['clock']:,}", "", "")
    table.add_row("actions per second", f"{report.actions_per_second:,.0f}", "", "")
    table.add_row(
        "client actions per second",
        f"{logged['player'] / report.seconds if report.seconds else 0:,.0f}",
        "",
        "",
    )
    table.add_row("latencies measured", f"{len(report.latencies_ms):,}", "", "")
    table.add_row("latency p50", ms(report.p50), "", "")
    table.add_row("latency p99", ms(report.p99), f"< {TARGET_P99_MS:g} ms", verdict(report.fast))
    table.add_row(
        "latency max", ms(max(report.latencies_ms) if report.latencies_ms else None), "", ""
    )
    table.add_row(
        "games replayed from the log",
        f"{report.verified:,} of {report.games:,}",
        "all",
        verdict(not report.lost),
    )
    table.add_row("games lost", f"{len(report.lost):,}", "0", verdict(not report.lost))
    table.add_row("errors received", f"{len(report.errors):,}", "0", verdict(not report.errors))
    table.add_row(
        "sockets closed early", f"{len(report.closed):,}", "0", verdict(not report.closed)
    )
    table.add_row("clients stalled", f"{len(report.stalls):,}", "0", verdict(not report.stalls))
    if report.paced:
        table.add_row("sends held for the flood limit", f"{report.paced:,}", "", "")
    if report.server_cpu is not None:
        share = report.server_cpu / report.seconds if report.seconds else 0.0
        table.add_row("server CPU", f"{report.server_cpu:,.1f} s ({share:.0%} of a core)", "", "")
    per_action = report.server_ms_per_client_action
    if per_action is not None:
        table.add_row("server CPU per client action", f"{per_action:,.2f} ms", "", "")
    share = report.client_cpu / report.seconds if report.seconds else 0.0
    table.add_row("clients' CPU", f"{report.client_cpu:,.1f} s ({share:.0%} of a core)", "", "")
    console.print(table)
    for title, items in (
        ("lost", report.lost),
        ("error", report.errors),
        ("closed", report.closed),
        ("stalled", report.stalls),
    ):
        for item in items[:10]:
            console.print(f"{title}: {escape(item)}", highlight=False)
        if len(items) > 10:
            console.print(f"{title}: ... and {len(items) - 10} more", highlight=False)
    if report.database_url:
        console.print(f"games kept in {escape(report.database_url)}", highlight=False)
    if report.profile:
        console.print(f"the server's profile (cProfile): {escape(report.profile)}", highlight=False)
    if report.target_met:
        console.print("[green]target met[/green]: 100 tables, p99 under 100 ms, nothing lost")
    else:
        missed = []
        if report.tables < TARGET_TABLES:
            missed.append(f"the target is for {TARGET_TABLES} tables")
        if not report.fast:
            missed.append(f"p99 {ms(report.p99)} (target under {TARGET_P99_MS:g} ms)")
        if not report.sound:
            missed.append("games lost, errors, dropped sockets or stalls")
        console.print(f"[red]target not met[/red]: {'; '.join(missed)}")


__all__ = [
    "POLICY",
    "STALL",
    "TARGET_P99_MS",
    "TARGET_TABLES",
    "BenchError",
    "ServerBenchReport",
    "print_server_report",
    "run_server_bench",
    "verify",
]

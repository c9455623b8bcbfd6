"""Stopping the server as a supervisor does: SIGTERM or SIGINT to its process, or to its
whole process group (systemd's KillMode=control-group, a terminal's Ctrl-C), stops it
within 10 s, games in its own process or in workers: /readyz says 503 at once, every
socket is told the server is going away (close code 1001), the writes in flight are
committed, the workers stop (none is started again) and none is left behind. Also:
the address is printed only once the server answers; /readyz says 503 while a worker
is being started again (/healthz 200 all along); a binary frame closes its socket with
1003 and a word rather than a traceback.

Every server here is a real ``parlour serve`` process in a session of its own, so that
its process group is the server and its workers alone."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from test_server_process import free_port
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from parlour.server.store import Store
from processes import children

STOP_SECONDS = 10.0
"""The longest a server may take to stop once told (the brief of a supervisor)."""

SEAT_POLICY = {"pause_seconds": 0, "claim_seconds": 60, "hand_pause_seconds": 0}
BOTS_POLICY = {"pause_seconds": 0, "bot_seconds": 0}
"""A table of bots alone playing as fast as it can (``bot_seconds`` where the server
knows it: a server that does not plays as fast already)."""


@dataclass
class Running:
    """A ``parlour serve`` process and what it printed."""

    proc: subprocess.Popen[bytes]
    port: int
    url: str
    workers: str
    out: list[str] = field(default_factory=list)
    err: list[str] = field(default_factory=list)
    banner: threading.Event = field(default_factory=threading.Event)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def ws(self, link: str) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/{link.rsplit('/', 1)[1]}"

    def stderr(self) -> str:
        return "".join(self.err)

    def status(self, path: str, timeout: float = 2.0) -> int | None:
        """The HTTP status of GET ``path`` (None: no answer)."""
        try:
            with urllib.request.urlopen(self.base + path, timeout=timeout) as reply:
                code: int = reply.status
                return code
        except urllib.error.HTTPError as e:
            return e.code
        except OSError:
            return None

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        request = urllib.request.Request(
            self.base + path,
            data=json.dumps(body).encode(),
            headers={"content-type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=30) as reply:
            data: dict[str, Any] = json.loads(reply.read())
            return data

    def workers_now(self) -> set[int]:
        return children(self.proc.pid)

    def owner(self, game_id: str) -> int:
        """The pid of the worker that runs ``game_id`` (its index is on its command
        line: ``python -m parlour.server.shards URL INDEX COUNT ...``)."""
        from parlour.server.shards import shard_of

        index = shard_of(game_id, int(self.workers))
        for pid in self.workers_now():
            args = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            at = args.index(b"parlour.server.shards")
            if int(args[at + 2]) == index:
                return pid
        raise AssertionError(f"no worker {index} running")

    def stop(self) -> None:
        """Kill what is left (the end of a test)."""
        if self.proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(timeout=10)


def _pump(stream: Any, lines: list[str], banner: threading.Event | None) -> None:
    for raw in iter(stream.readline, b""):
        line = raw.decode(errors="replace")
        lines.append(line)
        if banner is not None and "parlour is serving at" in line:
            banner.set()
    if banner is not None:
        banner.set()  # the process is gone: nobody waits for a banner that never comes


def serve(
    url: str, workers: str, *, port: int | None = None, env: dict[str, str] | None = None
) -> Running:
    """Start ``parlour serve`` in a session of its own and wait for its address line;
    the server must answer as soon as it is printed."""
    port = port or free_port()
    command = [sys.executable, "-m", "parlour.cli", "serve", "--port", str(port)]
    command += ["--database-url", url, "--workers", workers]
    proc = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        env={**os.environ, **(env or {})},
    )
    running = Running(proc, port, url, workers)
    for stream, lines, banner in (
        (proc.stdout, running.out, running.banner),
        (proc.stderr, running.err, None),
    ):
        threading.Thread(target=_pump, args=(stream, lines, banner), daemon=True).start()
    if not running.banner.wait(90) or proc.poll() is not None:
        running.stop()
        raise AssertionError(f"the server did not start: {''.join(running.out)}{running.stderr()}")
    return running


@pytest.fixture
def tmp_db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.db'}"


# -- people at tables --------------------------------------------------------------------------


def dial(url: str) -> ClientConnection:
    """A socket to ``url``, open until closed (``connect`` as a context entered)."""
    ws: ClientConnection = connect(url, open_timeout=30).__enter__()
    return ws


class Seat:
    """A person at a table, over its socket: what the server acknowledged and the last
    state it saw."""

    def __init__(self, ws: ClientConnection, name: str) -> None:
        self.ws = ws
        self.name = name
        self.acked: list[str] = []
        self.state: dict[str, Any] | None = None
        self.sent = 0
        self.closed: int | None = None

    def prompt(self, timeout: float = 30.0) -> dict[str, Any]:
        """The next state where the seat decides (or the match is over)."""
        while True:
            message = self.recv(timeout)
            if message["type"] != "state":
                continue
            self.state = message
            if message["match_over"] or (
                message["observation"]["legal"] and not message["answered"]
            ):
                return message
            if message["between_hands"]:
                self.ws.send(json.dumps({"type": "next"}))

    def recv(self, timeout: float) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.ws.recv(timeout=timeout))
        if message["type"] == "ack" and message.get("status") in ("applied", "held"):
            self.acked.append(message["id"])
        return message

    def act(self, state: dict[str, Any]) -> None:
        legal = state["observation"]["legal"]
        wins = [a for a in legal if a.split()[0] in ("win", "rob")]
        choice = wins[0] if wins else legal[self.sent % len(legal)]
        self.sent += 1
        action_id = f"{self.name}-{self.sent}"
        message = {"type": "action", "action": choice, "hand": state["hand"], "id": action_id}
        self.ws.send(json.dumps(message))

    def until_closed(self, timeout: float = STOP_SECONDS) -> int | None:
        """Read until the server closes the socket; the close code."""
        deadline = time.monotonic() + timeout
        try:
            while time.monotonic() < deadline:
                self.recv(max(0.01, deadline - time.monotonic()))
        except ConnectionClosed as e:
            self.closed = e.rcvd.code if e.rcvd is not None else None
            return self.closed
        except TimeoutError:
            return None
        return None


def seat_at_a_table(running: Running, name: str, moves: int = 4) -> tuple[str, Seat, Seat]:
    """A table of one person and three bots, its person having played ``moves`` moves,
    and a spectator watching it: the game's id, the seat and the spectator."""
    made = running.post(
        "/api/tables", {"seats": ["human", "random", "random", "random"], "policy": SEAT_POLICY}
    )
    seat = Seat(dial(running.ws(made["links"][0]["url"])), name)
    state = seat.prompt()
    for _ in range(moves):
        if state["match_over"]:
            break
        seat.act(state)
        state = seat.prompt()
    watcher = Seat(dial(running.ws(made["spectator"])), name + "-watching")
    watcher.recv(30)
    return made["id"], seat, watcher


def bots_alone(running: Running) -> str:
    """A table of bots alone, playing as fast as they can (a busy game)."""
    spec: dict[str, Any] = {"seats": ["greedy"] * 4, "policy": BOTS_POLICY}
    try:
        made = running.post("/api/tables", spec)
    except urllib.error.HTTPError as e:  # a server that plays bots as fast already
        if e.code not in (400, 422):
            raise
        made = running.post("/api/tables", {**spec, "policy": {"pause_seconds": 0}})
    game_id: str = made["id"]
    return game_id


def logged_ids(url: str, game_id: str) -> set[str]:
    return {e.action_id for e in Store(url).log(game_id) if e.action_id}


class Prober:
    """Asks /readyz (and /healthz) over and over from a thread: what each said when."""

    def __init__(self, running: Running, path: str = "/readyz") -> None:
        self.running = running
        self.path = path
        self.seen: list[tuple[float, float, int | None]] = []  # asked, answered, status
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> Prober:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(10)

    def _run(self) -> None:
        while not self._stop.is_set():
            asked = time.monotonic()
            status = self.running.status(self.path, timeout=1.0)
            self.seen.append((asked, time.monotonic(), status))
            time.sleep(0.005)


def _gone(pids: set[int]) -> set[int]:
    """Those of ``pids`` still alive (a zombie counts: nobody reaped it)."""
    return {pid for pid in pids if Path(f"/proc/{pid}").exists()}


def _no_trouble(running: Running) -> None:
    said = running.stderr()
    assert "Traceback" not in said, said
    assert "starting it again" not in said, said
    assert " 500" not in said, said


# -- stopping ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("workers", "sig", "group"),
    [
        ("0", signal.SIGTERM, True),
        ("2", signal.SIGTERM, True),
        ("2", signal.SIGINT, True),
        ("2", signal.SIGTERM, False),
    ],
    ids=["0-workers-SIGTERM-group", "2-workers-SIGTERM-group", "2-workers-SIGINT-group",
         "2-workers-SIGTERM-process"],
)  # fmt: skip
def test_a_signal_stops_the_server_within_10_seconds(
    tmp_db: str, workers: str, sig: signal.Signals, group: bool
) -> None:
    running = serve(tmp_db, workers)
    try:
        game_id, seat, watcher = seat_at_a_table(running, "east")
        bots_alone(running)
        bots_alone(running)
        pids = running.workers_now()
        assert len(pids) == int(workers)
        with Prober(running) as prober:
            time.sleep(0.3)
            said = time.monotonic()
            if group:
                os.killpg(running.proc.pid, sig)
            else:
                running.proc.send_signal(sig)
            # every socket is told that the server is going away
            assert seat.until_closed() == 1001
            assert watcher.until_closed() == 1001
            try:
                running.proc.wait(timeout=STOP_SECONDS)
            except subprocess.TimeoutExpired:
                pytest.fail(f"the server did not stop within {STOP_SECONDS} s of {sig.name}")
            took = time.monotonic() - said
        print(f"{workers} workers, {sig.name} to the {'group' if group else 'process'}: "
              f"stopped in {took:.2f} s")  # fmt: skip
        # uvicorn ends by the signal it was stopped with (Ctrl-C: KeyboardInterrupt)
        assert running.proc.returncode in (0, -sig, 128 + sig), running.stderr()
        assert not _gone(pids), "a worker outlived its server"
        _no_trouble(running)
        # from the signal on, /readyz said 503 (the server is stopping) until the
        # listener closed, never 200 (a longer stop shows it better: see below)
        after = {status for asked, _, status in prober.seen if asked > said + 0.01}
        assert after <= {503, None}, prober.seen[-20:]
        # every action the server acknowledged was committed
        assert set(seat.acked) <= logged_ids(tmp_db, game_id)
        assert seat.acked
    finally:
        running.stop()


def test_a_worker_that_does_not_stop_when_told_is_killed(tmp_db: str) -> None:
    """A SIGTERM to the group while a worker is stuck (stopped by SIGSTOP, as one busy
    with a long turn would be) and the other busy with tables of bots: the server kills
    the stuck one after a few seconds, reaps both, starts neither again, and exits
    within 10 s."""
    running = serve(tmp_db, "2")
    try:
        for _ in range(4):
            bots_alone(running)
        game_id, seat, _watcher = seat_at_a_table(running, "south", moves=2)
        pids = running.workers_now()
        stuck = min(pids)
        os.kill(stuck, signal.SIGSTOP)
        with Prober(running) as ready, Prober(running, "/healthz") as healthy:
            time.sleep(0.2)
            said = time.monotonic()
            os.killpg(running.proc.pid, signal.SIGTERM)
            try:
                running.proc.wait(timeout=STOP_SECONDS)
            except subprocess.TimeoutExpired:
                pytest.fail("the server waited for its stuck worker")
            took = time.monotonic() - said
        print(f"2 workers, one stuck, SIGTERM to the group: stopped in {took:.2f} s")
        assert not _gone(pids), "a worker outlived its server"
        said_err = running.stderr()
        assert "did not stop within" in said_err, said_err  # the stuck one, killed
        # while it stopped (seconds, waiting for the stuck worker), the server answered:
        # /readyz with 503, never 200; /healthz with 200
        readiness = [status for asked, _, status in ready.seen if asked > said + 0.01]
        assert set(readiness) <= {503, None} and readiness.count(503) > 10, readiness
        assert 200 in {status for asked, _, status in healthy.seen if asked > said + 0.5}
        assert "Traceback" not in said_err and "starting it again" not in said_err, said_err
        assert set(seat.acked) <= logged_ids(tmp_db, game_id)
    finally:
        running.stop()


# -- starting --------------------------------------------------------------------------------


@pytest.mark.parametrize("workers", ["0", "2"])
def test_the_address_is_printed_once_the_server_answers(tmp_db: str, workers: str) -> None:
    running = serve(tmp_db, workers)
    try:
        # at once: no wait, no retry
        assert running.status("/healthz") == 200
        assert running.status("/readyz") == 200
        line = next(line for line in running.out if "parlour is serving at" in line)
        assert line.strip() == (
            f"parlour is serving at http://localhost:{running.port}/ (games in {tmp_db})"
        )
    finally:
        running.stop()


# -- a worker started again ------------------------------------------------------------------


def test_readyz_says_503_while_a_worker_is_started_again(tmp_db: str) -> None:
    running = serve(tmp_db, "2")
    try:
        game_id, seat, _ = seat_at_a_table(running, "west")
        victim = running.owner(game_id)
        with Prober(running) as ready, Prober(running, "/healthz") as healthy:
            time.sleep(0.2)
            killed = time.monotonic()
            os.kill(victim, signal.SIGKILL)
            assert seat.until_closed(30) == 1012  # its game's worker is starting again
            deadline = time.monotonic() + 60
            while True:
                assert time.monotonic() < deadline, "the worker was not started again"
                now = running.workers_now()
                if len(now) == 2 and victim not in now and running.status("/readyz") == 200:
                    break
                time.sleep(0.05)
            time.sleep(0.2)
        statuses = [status for asked, _, status in ready.seen if asked > killed + 0.05]
        assert 503 in statuses  # while the worker started again
        assert statuses[-1] == 200
        assert {status for _, _, status in healthy.seen} == {200}  # the process answered
        # no zombie: the dead worker was reaped
        assert not _gone({victim})
        said = running.stderr()
        assert "Traceback" not in said and said.count("starting it again") == 1, said
        assert set(seat.acked) <= logged_ids(tmp_db, game_id)
    finally:
        running.stop()


# -- binary frames -----------------------------------------------------------------------------


@pytest.mark.parametrize("workers", ["0", "2"])
def test_a_binary_frame_closes_the_socket_with_1003_and_a_word(tmp_db: str, workers: str) -> None:
    running = serve(tmp_db, workers)
    try:
        made = running.post(
            "/api/tables",
            {"seats": ["human", "random", "random", "random"], "policy": SEAT_POLICY},
        )
        seat = Seat(dial(running.ws(made["links"][0]["url"])), "north")
        seat.prompt()
        seat.ws.send(b'{"type": "ping"}')
        said: list[dict[str, Any]] = []
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                said.append(seat.recv(10))
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1003
        errors = [m for m in said if m["type"] == "error"]
        assert errors and "binary" in (errors[-1].get("message") or errors[-1].get("error"))
        # the server goes on: the same seat connects again and plays
        again = Seat(dial(running.ws(made["links"][0]["url"])), "north-again")
        again.prompt()
        assert running.status("/readyz") == 200
        assert "KeyError" not in running.stderr() and "Traceback" not in running.stderr()
    finally:
        running.stop()


# -- a worker's start and stop, in this process ------------------------------------------------


async def _bots_alone(manager: Any) -> dict[str, Any]:
    from parlour.server.manager import BadRequest

    try:
        made: dict[str, Any] = await manager.create(
            {"seats": ["greedy"] * 4, "policy": BOTS_POLICY}
        )
    except BadRequest:
        made = await manager.create({"seats": ["greedy"] * 4, "policy": {"pause_seconds": 0}})
    return made


def test_a_worker_resumes_games_whose_bots_play_at_once(tmp_db: str) -> None:
    """A worker that resumes a table of bots sends batches of its log before it says
    it is ready: they are committed, and the worker starts."""
    from parlour.server.manager import Manager
    from parlour.server.shards import Shards

    async def scenario() -> tuple[int, int]:
        manager = Manager(Store(tmp_db))
        made = await _bots_alone(manager)
        await manager.close()
        before = len(Store(tmp_db).log(made["id"]))
        shards = Shards(Store(tmp_db), 1)
        await shards.start()
        try:
            assert shards.ready()
            deadline = time.monotonic() + 20
            while len(Store(tmp_db).log(made["id"])) == before:
                assert time.monotonic() < deadline, "the resumed bots did not play"
                await asyncio.sleep(0.05)
        finally:
            await shards.stop()
        return before, len(Store(tmp_db).log(made["id"]))

    before, after = asyncio.run(scenario())
    assert after > before


def test_a_worker_that_hangs_as_it_starts_again_is_killed_and_tried_again(
    tmp_db: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A worker started again after a crash that does not say it is ready in time is
    killed and reaped, and another is started later: the server never hangs on it, and
    is not ready meanwhile."""
    from parlour.server import shards as shards_module

    spawn = shards_module._spawn
    hung: list[subprocess.Popen[bytes]] = []

    def hangs_twice(command: list[str], fd: int) -> subprocess.Popen[bytes]:
        if len(hung) < 2:  # a process that never says it is ready
            sleeper = [sys.executable, "-c", "import time; time.sleep(120)"]
            hung.append(subprocess.Popen(sleeper, pass_fds=(fd,)))
            return hung[-1]
        monkeypatch.setattr(shards_module, "START_SECONDS", 60.0)  # the real one starts
        return spawn(command, fd)

    async def scenario() -> list[bool]:
        shards = shards_module.Shards(Store(tmp_db), 1, resume=False)
        await shards.start()
        worker = shards.workers[0]
        assert worker.process is not None
        monkeypatch.setattr(shards_module, "_spawn", hangs_twice)
        monkeypatch.setattr(shards_module, "START_SECONDS", 0.5)
        monkeypatch.setattr(shards_module, "RETRY_SECONDS", (0.05, 0.2))
        crashed = worker.process
        os.kill(crashed.pid, signal.SIGKILL)
        while crashed.returncode is None:  # reaped by the server
            await asyncio.sleep(0.01)
        readiness = []
        deadline = time.monotonic() + 60
        while not (len(hung) == 2 and shards.ready()):
            assert time.monotonic() < deadline, "the worker was not started again"
            readiness.append(shards.ready())
            await asyncio.sleep(0.02)
        assert worker.restarts == 1
        await shards.stop()
        assert worker.process.poll() is not None
        return readiness

    readiness = asyncio.run(scenario())
    assert readiness and not any(readiness)  # not ready from the crash until it started again
    assert [p.returncode for p in hung] == [-signal.SIGKILL] * 2  # killed and reaped
    said = capsys.readouterr().err
    assert said.count("trying again") == 2 and "did not start within 0.5 s" in said


def test_stopping_never_waits_for_a_worker_that_does_not_answer(tmp_db: str) -> None:
    """A worker that does not stop when told (here: stopped by SIGSTOP) is killed
    after STOP_SECONDS and reaped, and is not started again."""
    from parlour.server.shards import STOP_SECONDS, Shards

    async def scenario() -> float:
        shards = Shards(Store(tmp_db), 2, resume=False)
        await shards.start()
        stuck = shards.workers[0].process
        assert stuck is not None
        os.kill(stuck.pid, signal.SIGSTOP)
        began = time.monotonic()
        await shards.stop()
        took = time.monotonic() - began
        assert stuck.returncode == -signal.SIGKILL
        assert all(
            w.process is not None and w.process.returncode is not None for w in shards.workers
        )
        assert shards.workers[0].restarts == 0
        return took

    took = asyncio.run(scenario())
    assert STOP_SECONDS <= took < STOP_SECONDS + 3


def test_a_worker_killed_with_messages_unread_is_started_again(tmp_db: str) -> None:
    """A worker killed with bytes of its pipe unread resets the pipe rather than
    closing it: the server hears that it is gone all the same, reaps it and starts it
    again."""
    from parlour.server.shards import CALL, Shards

    async def scenario() -> tuple[int | None, int]:
        shards = Shards(Store(tmp_db), 1, resume=False)
        await shards.start()
        worker = shards.workers[0]
        dead = worker.process
        assert dead is not None
        try:
            os.kill(dead.pid, signal.SIGSTOP)
            worker.post((CALL, 10**6, "info", ("0" * 16,)))  # never read
            await asyncio.sleep(0.2)
            os.kill(dead.pid, signal.SIGKILL)
            deadline = time.monotonic() + 60
            while not (worker.process is not dead and shards.ready()):
                assert time.monotonic() < deadline, "the worker was not started again"
                await asyncio.sleep(0.05)
            return dead.returncode, worker.restarts
        finally:
            await shards.stop()

    code, restarts = asyncio.run(scenario())
    assert code == -signal.SIGKILL and restarts == 1

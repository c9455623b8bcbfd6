"""Games sharded over worker processes, so that a server uses every core.

One Python process runs one thing at a time. Under load the server's process is busy
with the games themselves (the engine, the bots, the observations, the log's writes)
far more than with the sockets, so ``parlour serve --workers N`` runs the games in
``N`` worker processes and keeps only the sockets and the HTTP pages in the server's
own process:

* a game belongs to one worker, the one its id names (:func:`shard_of`); a worker
  resumes its own running games when it starts, so a server started again with
  another number of workers shares its games out again;
* the server's process keeps each socket; it checks the socket's link in the
  database, counts its messages (a flood closes it) and forwards each message's text
  to the game's worker, which answers it as a one-process server does
  (:func:`~parlour.server.messages.handle_message`) and sends back the JSON text of
  every message for that socket, which the server's process passes on unread;
* what the API reads of a game in play (making a table, its hand and scores, its
  record, a replay) is a call to the game's worker;
* the server's process writes every game's log: a worker sends each batch of actions
  (a pump's) and waits for the word that it is committed before it sends the game's
  news, as in one process, so a server killed at any moment, workers and all,
  restarts with every game where its players saw it. One writer for the whole
  server groups the batches of every worker into one transaction, and SQLite (one
  writer at a time) never makes one process wait for another's lock; a worker reads
  the database itself (a game's log when it resumes, links, rows);
* a worker that dies is started again: it resumes its games from their logs, and
  their sockets are closed (code 1012) so that their clients connect again; a worker
  that does not start within :data:`START_SECONDS` is killed and started again later
  (each try waits longer), and meanwhile its games' sockets are closed with 1012 too;
* a worker stops when the server's process tells it to, or when that process is gone
  (its end of the pipe closes; on Linux the kernel also kills it then): no worker
  outlives its server. SIGTERM and SIGINT sent to the whole process group (a
  terminal's Ctrl-C, systemd stopping the service) are the server's to act on: a
  worker ignores them, and stops when its server says so. One that does not stop
  within :data:`STOP_SECONDS` of being told is killed; every worker that ends is
  reaped, and none is started again once the server is stopping.

The pipe between them carries frames: a 4-byte length, then a pickled tuple whose
first item says what it is.

>>> shard_of("00000000000000ff", 2), shard_of("00000000000000fe", 2)
(1, 0)
>>> read = _Frames()
>>> read.feed(frame((SEND, 7, '{"type":"pong"}')) + frame((READY,)))
[(1, 7, '{"type":"pong"}'), (4,)]
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import os
import pickle
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
import traceback
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from dataclasses import dataclass, field
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from parlour.server.messages import (
    BINARY,
    FLOODED,
    NO_SEAT,
    UNSUPPORTED,
    FloodGuard,
    handle_message,
)
from parlour.server.store import LoggedAction, Store

# what the server's process sends a worker
OPEN, MESSAGE, CLOSE, CALL, STOP, LOGGED = range(6)
# what a worker sends the server's process
REPLY, SEND, SHUT, LOGS, READY = range(5)

_HEADER = struct.Struct(">I")
_BUFFERED = 1 << 20
"""Bytes a side lets its pipe's buffer hold before it waits for the other side."""
RESTARTED = 1012
"""The close code of a socket whose game's worker died (the client connects again)."""
START_SECONDS = 120.0
"""The longest a worker may take to start (fill its shape tables, resume its games)."""
WAIT_SECONDS = 5.0
"""How long a socket or an API call waits for a worker being started again."""
STOP_SECONDS = 3.0
"""The longest a worker told to stop may take before it is killed."""
DRAIN_SECONDS = 2.0
"""In a worker told to stop: the longest it waits for the messages and calls under
way (their actions committed) before it closes its games."""
STORE_SECONDS = 2.0
"""The longest the server's process waits for its last commits when it stops."""
RETRY_SECONDS = (0.2, 10.0)
"""A worker that died is started again after the first of these (times the number of
times it died), and a start that fails is tried again after twice as long each time,
up to the second."""
_IGNORED = (signal.SIGTERM, signal.SIGINT)


def shard_of(game_id: str, count: int) -> int:
    """The worker (0 to ``count`` - 1) that owns the game ``game_id`` (hex digits)."""
    try:
        return int(game_id, 16) % count
    except ValueError:
        return sum(game_id.encode()) % count


def frame(item: tuple[Any, ...]) -> bytes:
    """``item`` as one frame of the pipe."""
    data = pickle.dumps(item, protocol=pickle.HIGHEST_PROTOCOL)
    return _HEADER.pack(len(data)) + data


class _Outgoing:
    """The frames for one end of a pipe, written together once per turn of the event
    loop (a pump's log batch, its state messages and its acknowledgement go in one
    write rather than one each)."""

    def __init__(self, writer: asyncio.StreamWriter) -> None:
        self.writer = writer
        self.pending: list[bytes] = []

    def put(self, item: tuple[Any, ...]) -> None:
        if not self.pending:
            asyncio.get_running_loop().call_soon(self.flush)
        self.pending.append(frame(item))

    def flush(self) -> None:
        data, self.pending = self.pending, []
        if data and not self.writer.is_closing():
            self.writer.write(b"".join(data))

    def backlog(self) -> int:
        """Bytes written and not yet taken by the other side."""
        return self.writer.transport.get_write_buffer_size()


class _Frames:
    """Frames cut out of the bytes of a pipe as they come."""

    def __init__(self) -> None:
        self.buffer = bytearray()

    def feed(self, data: bytes) -> list[tuple[Any, ...]]:
        buffer = self.buffer
        buffer += data
        out: list[tuple[Any, ...]] = []
        start = 0
        size = len(buffer)
        while size - start >= 4:
            (n,) = _HEADER.unpack_from(buffer, start)
            if size - start - 4 < n:
                break
            out.append(pickle.loads(buffer[start + 4 : start + 4 + n]))
            start += 4 + n
        if start:
            del buffer[:start]
        return out


async def _frames(reader: asyncio.StreamReader) -> Any:
    """Every frame that comes through ``reader``, until the other side closes it or is
    gone (a process killed with bytes unread in its end resets the pipe rather than
    closing it: the same end here)."""
    cutter = _Frames()
    while True:
        try:
            data = await reader.read(1 << 16)
        except OSError:  # ECONNRESET and the like
            return
        if not data:
            return
        for item in cutter.feed(data):
            yield item


class WorkerGone(Exception):
    """The worker that owns a game stopped before it answered."""


class LogRefused(Exception):
    """The server's process could not commit a batch of a game's log (the game goes
    back to what its log holds)."""


class ShardStore(Store):
    """A worker's store: it reads the database itself, and has its games' logs
    committed by the server's process (see the module docstring)."""

    def __init__(self, url: str, out: Callable[[tuple[Any, ...]], Awaitable[None]]) -> None:
        super().__init__(url)
        self._out = out
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[None]] = {}
        self._gone = False

    async def commit(
        self,
        game_id: str,
        entries: Sequence[LoggedAction],
        *,
        finish: str | None = None,
        at_once: bool = False,
    ) -> None:
        """Send the batch to the server's process and wait until it is committed
        (``at_once`` is the same here: what the API reads of a game in a worker is read
        under the game's lock, after its commit)."""
        if not entries and finish is None:
            return
        if self._gone:
            raise LogRefused("the server's process is gone")
        batch_id = next(self._ids)
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting[batch_id] = done
        await self._out((LOGS, batch_id, game_id, list(entries), finish))
        await done

    def logged(self, batch_id: int, error: str | None) -> None:
        """The server's process has committed batch ``batch_id`` (or could not)."""
        done = self._waiting.pop(batch_id, None)
        if done is None or done.done():
            return
        if error is None:
            done.set_result(None)
        else:
            done.set_exception(LogRefused(error))

    def fail_all(self, reason: str) -> None:
        """The server's process is gone: no batch waiting will be committed by it,
        nor any later one."""
        self._gone = True
        for batch_id in list(self._waiting):
            self.logged(batch_id, reason)


# -- the server's side -------------------------------------------------------------


@dataclass(eq=False)
class _Remote:
    """A socket of the server's process whose game runs in a worker."""

    ws: WebSocket
    outbox: asyncio.Queue[str | tuple[int, str] | None] = field(default_factory=asyncio.Queue)

    async def pass_on(self) -> None:
        """Send the socket what its game's worker sends it, in order; a ``(code,
        reason)`` closes it."""
        while True:
            item = await self.outbox.get()
            if item is None:
                return
            try:
                if isinstance(item, str):
                    await self.ws.send_text(item)
                else:
                    await self.ws.close(code=item[0], reason=item[1][:120])
                    return
            except Exception:  # the socket is gone: its handler ends it
                return


class Worker:
    """The server's end of one worker process (see the module docstring)."""

    def __init__(
        self, store: Store, index: int, count: int, *, resume: bool = True, warm: bool = False
    ) -> None:
        self.store = store
        self.url = store.url
        self.index = index
        self.count = count
        self.resume = resume
        self.warm = warm
        self.process: subprocess.Popen[bytes] | None = None
        self.writer: asyncio.StreamWriter | None = None
        self._outgoing: _Outgoing | None = None
        self.remotes: dict[int, _Remote] = {}
        self.calls: dict[int, asyncio.Future[Any]] = {}
        self._ids = itertools.count(1)
        self._reading: asyncio.Task[None] | None = None
        self._heard_ready: asyncio.Future[None] | None = None
        self._started = False  # the running process said it is ready
        self._restarting: asyncio.Task[None] | None = None
        self._logging: set[asyncio.Task[None]] = set()
        self._stopping = False
        self.restarts = 0

    async def start(self, timeout: float | None = None) -> None:
        """Start the worker process and wait until it has resumed its games.

        :class:`WorkerGone` when it stops first, says something else, takes longer than
        ``timeout`` seconds (:data:`START_SECONDS`) or the server stops meanwhile: the
        process is then killed and reaped. The batches of the log it sends while it
        resumes its games (bots that play at once) are committed as they come."""
        loop = asyncio.get_running_loop()
        ours, theirs = socket.socketpair()
        command = [sys.executable, "-m", "parlour.server.shards", self.url]
        command += [str(self.index), str(self.count), str(theirs.fileno())]
        command += ["resume" if self.resume else "fresh", "warm" if self.warm else "cold"]
        self._started = False
        try:
            process = self.process = _spawn(command, theirs.fileno())
        except BaseException:
            ours.close()
            raise
        finally:
            theirs.close()
        timeout = START_SECONDS if timeout is None else timeout
        try:
            reader, writer = await asyncio.open_unix_connection(sock=ours, limit=1 << 22)
            self.writer, self._outgoing = writer, _Outgoing(writer)
            ready = self._heard_ready = loop.create_future()
            reading = self._reading = loop.create_task(self._read(reader, process))
            deadline = time.monotonic() + timeout
            while not ready.done():
                if reading.done():
                    raise WorkerGone(f"worker {self.index} stopped while it started")
                if self._stopping:
                    raise WorkerGone(f"worker {self.index}: the server is stopping")
                left = deadline - time.monotonic()
                if left <= 0:
                    raise WorkerGone(f"worker {self.index} did not start within {timeout:g} s")
                await asyncio.wait({ready, reading}, timeout=min(0.1, left))
            ready.result()  # a worker that said something else first
        except BaseException:
            self.writer = None
            await _end(process, 0.0)
            if self._reading is not None:
                await asyncio.wait({self._reading}, timeout=1.0)
            raise
        self._started = True

    def ready(self) -> bool:
        """Started, not stopping, and its process alive."""
        process = self.process
        return (
            self._started
            and not self._stopping
            and self._reading is not None
            and not self._reading.done()
            and process is not None
            and process.poll() is None
        )

    async def running(self, timeout: float | None = None) -> bool:
        """Whether the worker is ready, waiting for it (at most ``timeout`` seconds,
        :data:`WAIT_SECONDS`) while it is being started again."""
        deadline = time.monotonic() + (WAIT_SECONDS if timeout is None else timeout)
        while not self.ready():
            if self._stopping or time.monotonic() >= deadline:
                return False
            await asyncio.sleep(0.05)
        return True

    def post(self, item: tuple[Any, ...]) -> None:
        """Send the worker one frame (dropped when the worker is gone)."""
        writer, outgoing = self.writer, self._outgoing
        if writer is not None and outgoing is not None and not writer.is_closing():
            outgoing.put(item)

    async def call(self, method: str, *args: Any) -> Any:
        """Ask the worker ``method(*args)`` of its games; its answer, or the
        :class:`~parlour.server.manager.BadRequest` or
        :class:`~parlour.server.manager.Unavailable` it raised (:class:`WorkerGone`
        when it is not running within :data:`WAIT_SECONDS`, or the server stops)."""
        if not await self.running():
            raise WorkerGone(f"worker {self.index} is not running")
        call_id = next(self._ids)
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.calls[call_id] = future
        self.post((CALL, call_id, method, args))
        return await future

    async def serve(self, ws: WebSocket, game_id: str, player: int) -> None:
        """Keep ``ws``, a socket of ``player`` at game ``game_id``, until it closes."""
        from parlour.server import app as app_module

        if not await self.running():  # still starting again, or stopping: come back later
            with contextlib.suppress(Exception):
                await ws.close(code=RESTARTED, reason="the table's games are starting again")
            return
        conn_id = next(self._ids)
        remote = _Remote(ws)
        self.remotes[conn_id] = remote
        sending = asyncio.get_running_loop().create_task(remote.pass_on())
        self.post((OPEN, conn_id, game_id, player))
        guard = FloodGuard(app_module.FLOOD)
        try:
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:  # a binary frame: not a message of ours
                    remote.outbox.put_nowait(json.dumps(BINARY))
                    remote.outbox.put_nowait((UNSUPPORTED, "binary frame"))
                    break
                if guard.flooded(time.monotonic()):
                    remote.outbox.put_nowait(json.dumps(FLOODED))
                    remote.outbox.put_nowait((1008, "flood"))
                    break
                self.post((MESSAGE, conn_id, text))
        except (WebSocketDisconnect, RuntimeError):
            pass  # closed by the client, or by us (then receiving raises RuntimeError)
        finally:
            self.remotes.pop(conn_id, None)
            self.post((CLOSE, conn_id))
            remote.outbox.put_nowait(None)
            with contextlib.suppress(Exception):
                await sending

    async def _read(self, reader: asyncio.StreamReader, process: subprocess.Popen[bytes]) -> None:
        try:
            await self._take(reader)
        finally:  # whatever ended it, the worker is gone: never left unreaped
            await self._lost(process)

    async def _take(self, reader: asyncio.StreamReader) -> None:
        """Act on every frame the worker sends, until its pipe closes."""
        async for item in _frames(reader):
            kind = item[0]
            if kind == SEND:
                remote = self.remotes.get(item[1])
                if remote is not None:
                    remote.outbox.put_nowait(item[2])
            elif kind == REPLY:
                future = self.calls.pop(item[1], None)
                if future is not None and not future.done():
                    if item[2]:
                        future.set_result(item[3])
                    else:
                        future.set_exception(_error(*item[3]))
            elif kind == LOGS:
                loop = asyncio.get_running_loop()
                task = loop.create_task(self._log(item[1], item[2], item[3], item[4]))
                self._logging.add(task)
                task.add_done_callback(self._logging.discard)
            elif kind == SHUT:
                remote = self.remotes.get(item[1])
                if remote is not None:
                    remote.outbox.put_nowait(item[3])
                    remote.outbox.put_nowait((item[2], "closed"))
            elif kind == READY:
                heard = self._heard_ready
                if heard is not None and not heard.done():
                    heard.set_result(None)
            else:
                heard = self._heard_ready
                if heard is not None and not heard.done():
                    said = f"worker {self.index} said {item!r} while it started"
                    heard.set_exception(WorkerGone(said))

    async def _log(
        self, batch_id: int, game_id: str, entries: list[LoggedAction], finish: str | None
    ) -> None:
        """Commit a batch of a game's log for the worker, then tell it."""
        try:
            await self.store.commit(game_id, entries, finish=finish)
        except Exception as e:
            self.post((LOGGED, batch_id, f"{type(e).__name__}: {e}"))
        else:
            self.post((LOGGED, batch_id, None))

    async def _lost(self, process: subprocess.Popen[bytes]) -> None:
        """The worker's pipe closed: close its sockets, fail its calls, reap its
        process and, unless the server is stopping, start it again."""
        if process is not self.process:  # a process that never started, long replaced
            await _end(process, 0.0)
            return
        was_running = self._started
        self._started = False
        self.writer = None
        for remote in list(self.remotes.values()):
            remote.outbox.put_nowait((RESTARTED, "the table's games are starting again"))
        self.remotes.clear()
        for future in self.calls.values():
            if not future.done():
                future.set_exception(WorkerGone(f"worker {self.index} stopped"))
        self.calls.clear()
        await _end(process, STOP_SECONDS)
        if self._stopping or not was_running:
            return
        self.restarts += 1
        said = (
            f"parlour: worker {self.index} stopped (exit {process.returncode}); starting it again"
        )
        print(said, file=sys.stderr, flush=True)
        self._restarting = asyncio.get_running_loop().create_task(self._start_again())

    async def _start_again(self) -> None:
        """Start the worker again, trying again later (each time later) while it
        fails; never once the server is stopping."""
        delay = min(RETRY_SECONDS[1], RETRY_SECONDS[0] * self.restarts)
        while True:
            await asyncio.sleep(delay)
            if self._stopping:
                return
            try:
                await self.start()
                return
            except Exception as e:
                if self._stopping:
                    return
                delay = min(RETRY_SECONDS[1], max(delay, RETRY_SECONDS[0]) * 2)
                said = f"parlour: worker {self.index} did not start ({e}); trying again in"
                print(f"{said} {delay:g} s", file=sys.stderr, flush=True)

    def begin_stop(self) -> None:
        """The server is stopping: never start this worker again (safe in a signal
        handler)."""
        self._stopping = True

    async def stop(self, timeout: float | None = None) -> None:
        """Tell the worker to stop (it commits what it has first) and wait for it, at
        most ``timeout`` seconds; then kill it. Its process is reaped, and the last
        batches it sent are committed (or given to the store's writer) on return."""
        timeout = STOP_SECONDS if timeout is None else timeout
        self._stopping = True
        restarting = self._restarting
        if restarting is not None and not restarting.done():
            restarting.cancel()
            with contextlib.suppress(BaseException):
                await restarting  # a start under way kills its process
        process = self.process
        if process is not None and process.poll() is None:
            told = self._started  # one still starting is killed at once: nothing to keep
            if told:
                self.post((STOP,))
            if not await _end(process, timeout if told else 0.0) and told:
                print(
                    f"parlour: worker {self.index} did not stop within {timeout:g} s; killed",
                    file=sys.stderr,
                    flush=True,
                )
        if self._reading is not None:
            await asyncio.wait({self._reading}, timeout=1.0)
        if self._logging:
            await asyncio.wait(set(self._logging), timeout=STORE_SECONDS)


def _spawn(command: list[str], fd: int) -> subprocess.Popen[bytes]:
    """Start a worker process with SIGTERM and SIGINT blocked until it ignores them (a
    signal to the whole process group while it starts is the server's, not its)."""
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, _IGNORED)
    try:
        return subprocess.Popen(command, pass_fds=(fd,))
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)


async def _end(process: subprocess.Popen[bytes], timeout: float) -> bool:
    """Wait at most ``timeout`` seconds for ``process`` to end, then kill it; reap it
    either way. Whether it ended by itself."""
    deadline = time.monotonic() + timeout
    while process.poll() is None:
        if time.monotonic() >= deadline:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            killed = time.monotonic()
            # SIGKILL: gone in a moment (unless the kernel holds it; then it is left)
            while process.poll() is None and time.monotonic() - killed < 5.0:
                await asyncio.sleep(0.01)
            return False
        await asyncio.sleep(0.02)
    return True


def _error(kind: str, status: int, message: str) -> Exception:
    from parlour.server.manager import BadRequest, Unavailable

    if kind == "bad":
        return BadRequest(message)
    return Unavailable(status, message)


class Shards:
    """The workers of a server and which game each owns."""

    def __init__(
        self, store: Store, count: int, *, resume: bool = True, warm: bool = False
    ) -> None:
        if count < 1:
            raise ValueError(f"a server shards its games over 1 or more workers, not {count}")
        self.store = store
        self.workers = [Worker(store, i, count, resume=resume, warm=warm) for i in range(count)]

        self.stopping = False

    async def start(self) -> None:
        """Start every worker and wait until each has resumed its games. A worker that
        cannot start stops the others and raises :class:`WorkerGone`, unless the server
        is stopping meanwhile (then they are stopped when it stops)."""
        done = await asyncio.gather(*(w.start() for w in self.workers), return_exceptions=True)
        failed = [e for e in done if isinstance(e, BaseException)]
        if failed and not self.stopping:
            await self.stop()
            raise failed[0]

    def begin_stop(self) -> None:
        """The server is stopping: not ready any more, and no worker is started again
        from now on (safe in a signal handler: it only sets flags)."""
        self.stopping = True
        for w in self.workers:
            w.begin_stop()

    async def stop(self) -> None:
        """Stop every worker (each within :data:`STOP_SECONDS`, then killed), then
        commit the last batches they sent (within :data:`STORE_SECONDS`). Bounded
        however the workers behave; stopping again does nothing more."""
        self.begin_stop()
        await asyncio.gather(*(w.stop() for w in self.workers))
        await _close_store(self.store, STORE_SECONDS)

    def ready(self) -> bool:
        """Every worker is running (started, not stopping, its process alive)."""
        return not self.stopping and all(w.ready() for w in self.workers)

    def owner(self, game_id: str) -> Worker:
        return self.workers[shard_of(game_id, len(self.workers))]


async def _close_store(store: Store, timeout: float) -> None:
    """Close ``store`` (its writer commits what it was given first), waiting at most
    ``timeout`` seconds: a database that does not answer never holds up the server's
    exit (its thread is a daemon; what it did not commit, nobody was told of)."""
    closing = threading.Thread(target=store.close, name="parlour-store-close", daemon=True)
    closing.start()
    deadline = time.monotonic() + timeout
    while closing.is_alive():
        if time.monotonic() >= deadline:
            print(
                f"parlour: the database did not take the last writes within {timeout:g} s",
                file=sys.stderr,
                flush=True,
            )
            return
        await asyncio.sleep(0.01)


# -- the worker's side -------------------------------------------------------------


class _Seat:
    """In a worker: one socket of the server's process, at one of its games."""

    def __init__(
        self,
        conn_id: int,
        game_id: str,
        player: int,
        out: Callable[[tuple[Any, ...]], Awaitable[None]],
    ) -> None:
        self.conn_id = conn_id
        self.game_id = game_id
        self.player = player
        self.out = out
        self.inbox: asyncio.Queue[str | None] = asyncio.Queue()

    async def send(self, message: dict[str, Any]) -> None:
        text = json.dumps(message, separators=(",", ":"), ensure_ascii=False)
        await self.out((SEND, self.conn_id, text))

    async def serve(self, manager: Any) -> None:
        from parlour.server.live import Connection

        game = manager.get(self.game_id)
        if game is None:
            await self.out((SHUT, self.conn_id, 4404, json.dumps(NO_SEAT)))
            return
        conn = Connection(self.player, self.send)
        await game.connect(conn)
        try:
            while (text := await self.inbox.get()) is not None:
                reply = await handle_message(game, self.player, text)
                if reply is not None:
                    await self.send(reply)
        finally:
            await game.disconnect(conn)


async def run_worker(
    url: str, index: int, count: int, fd: int, *, resume: bool = True, warm: bool = False
) -> None:
    """A worker process's life: fill its shape tables (``warm``), resume its games,
    then answer the server's process until it says stop or is gone."""
    from parlour.server.manager import BadRequest, Manager, Unavailable

    sock = socket.socket(fileno=fd)
    reader, writer = await asyncio.open_unix_connection(sock=sock, limit=1 << 22)

    outgoing = _Outgoing(writer)

    async def out(item: tuple[Any, ...]) -> None:
        if writer.is_closing():
            return
        outgoing.put(item)
        if outgoing.backlog() > _BUFFERED:
            await writer.drain()

    store = ShardStore(url, out)
    manager = Manager(store)

    async def read_game(method: str, game_id: str, *args: Any) -> Any:
        """What the API reads of a game, under its lock: never ahead of its log (a
        batch still on its way to the server's process is not seen)."""
        game = manager.get(game_id)
        if game is None:
            return getattr(manager, method)(game_id, *args)
        async with game.lock:
            return getattr(manager, method)(game_id, *args)

    async def answer(call_id: int, method: str, args: tuple[Any, ...]) -> None:
        try:
            value: Any
            if method == "create":
                creator = args[2] if len(args) > 2 else None
                value = await manager.create(args[0], game_id=args[1], creator=creator)
            elif method in ("info", "record", "replay"):
                value = await read_game(method, *args)
            else:
                raise Unavailable(404, f"no such call {method!r}")
            reply: tuple[Any, ...] = (REPLY, call_id, True, value)
        except BadRequest as e:
            reply = (REPLY, call_id, False, ("bad", 400, str(e)))
        except Unavailable as e:
            reply = (REPLY, call_id, False, ("unavailable", e.status, str(e)))
        except Exception as e:
            traceback.print_exc()
            reply = (REPLY, call_id, False, ("unavailable", 500, f"the call failed: {e}"))
        await out(reply)

    seats: dict[int, _Seat] = {}
    tasks: set[asyncio.Task[None]] = set()
    loop = asyncio.get_running_loop()

    def run(coro: Coroutine[Any, Any, None]) -> None:
        task = loop.create_task(coro)
        tasks.add(task)
        task.add_done_callback(_finished(tasks))

    stopping = asyncio.Event()

    async def read() -> None:
        try:
            await take()
        finally:
            # the server's process is gone (or says stop): nothing waiting will be
            # committed
            stopping.set()
            store.fail_all("the server's process is gone")

    async def take() -> None:
        async for item in _frames(reader):
            kind = item[0]
            if kind == LOGGED:  # still heard while stopping: the last commits
                store.logged(item[1], item[2])
            elif stopping.is_set():
                continue
            elif kind == MESSAGE:
                seat = seats.get(item[1])
                if seat is not None:
                    seat.inbox.put_nowait(item[2])
            elif kind == OPEN:
                seat = seats[item[1]] = _Seat(item[1], item[2], item[3], out)
                run(_serve_then_forget(seat, manager, seats))
            elif kind == CLOSE:
                seat = seats.get(item[1])
                if seat is not None:
                    seat.inbox.put_nowait(None)
            elif kind == CALL:
                run(answer(item[1], item[2], item[3]))
            elif kind == STOP:
                stopping.set()

    # the pipe is read from the start: a game resumed whose bots play at once waits
    # for its batches to be committed before the worker is ready
    reading = loop.create_task(read())
    try:
        if warm:
            from parlour.mahjong.shapes import warm_tables

            warm_tables()
        if resume:
            await manager.resume(owns=lambda game_id: shard_of(game_id, count) == index)
        await out((READY,))
        await stopping.wait()
    finally:
        for seat in seats.values():
            seat.inbox.put_nowait(None)
        if tasks:
            await asyncio.wait(list(tasks), timeout=DRAIN_SECONDS)
        await manager.close()
        reading.cancel()
        with contextlib.suppress(BaseException):
            await reading
        with contextlib.suppress(Exception):
            writer.close()


async def _serve_then_forget(seat: _Seat, manager: Any, seats: dict[int, _Seat]) -> None:
    try:
        await seat.serve(manager)
    finally:
        seats.pop(seat.conn_id, None)


def _finished(tasks: set[asyncio.Task[None]]) -> Callable[[asyncio.Task[None]], None]:
    def done(task: asyncio.Task[None]) -> None:
        tasks.discard(task)
        if not task.cancelled():
            exc = task.exception()
            if exc is not None:
                traceback.print_exception(exc)

    return done


def _die_with_parent() -> None:
    """On Linux, have the kernel kill this worker when the server's process ends: a
    server killed outright (SIGKILL, out of memory) leaves no worker behind, even one
    busy with a long turn of bots that would not see its pipe close for a while. The
    server's process writes every game's log, so nothing the worker holds then could
    have been committed anyway."""
    if not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(Exception):
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        pr_set_pdeathsig = 1
        libc.prctl(pr_set_pdeathsig, signal.SIGKILL, 0, 0, 0)


def main(argv: list[str] | None = None) -> None:
    """``python -m parlour.server.shards URL INDEX COUNT FD resume|fresh warm|cold``: a
    worker (started by the server's process, never by hand)."""
    args = sys.argv[1:] if argv is None else argv
    url, index, count, fd = args[0], int(args[1]), int(args[2]), int(args[3])
    resume = len(args) < 5 or args[4] == "resume"
    warm = len(args) >= 6 and args[5] == "warm"
    # Ctrl-C in a terminal, and systemd stopping the service, reach the whole process
    # group: the server's process decides when its workers stop (they were blocked
    # until now, so that none comes while the worker starts)
    for sig in _IGNORED:
        signal.signal(sig, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _IGNORED)
    _die_with_parent()
    os.environ.setdefault("PARLOUR_WORKER", str(index))
    asyncio.run(run_worker(url, index, count, fd, resume=resume, warm=warm))


if __name__ == "__main__":
    main()
    # the worker is done: its games are closed and their logs committed by the
    # server's process; freeing the shape tables and every module one by one would
    # only keep the server waiting (a second or more)
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


__all__ = ["RESTARTED", "Shards", "Worker", "WorkerGone", "frame", "run_worker", "shard_of"]

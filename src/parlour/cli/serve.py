"""``parlour serve``: the browser pages, the JSON API and the tables' sockets.

The address is printed once the server answers (its games resumed, its workers
started). SIGTERM or SIGINT, to the server's process or to its whole process group (a
terminal's Ctrl-C, systemd stopping the service), stops it within seconds: ``/readyz``
says 503 at once and new sockets and API writes are refused; every open socket is
closed with code 1001 ("going away": its client connects again later); the games stop
(the writes under way are committed; a worker that does not stop in time is killed;
none is started again); then uvicorn closes the listener and what is left of its
connections (at most :data:`GRACE_SECONDS`) and the process exits.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable
from types import FrameType
from typing import TYPE_CHECKING, Annotated, Any

import typer

from parlour.cli.app import Command, app, console, fail

if TYPE_CHECKING:
    import socket

    from starlette.types import ASGIApp, Message, Receive, Scope, Send

GOING_AWAY = 1001
"""The close code of every socket when the server stops."""
FAREWELL_SECONDS = 1.0
"""How long the sockets' handlers may take to end once their sockets are closed."""
GAMES_SECONDS = 7.0
"""The longest the games may take to stop (each worker's own bound is shorter)."""
GRACE_SECONDS = 2
"""uvicorn's ``timeout_graceful_shutdown``: how long it waits for the connections and
requests still open once the listener is closed."""


class _Socket:
    """One socket as the :class:`Gate` sees it: whether the app accepted it and whether
    it is closed, and the app's sends to it."""

    def __init__(self, gate: Gate, send: Send) -> None:
        self.gate = gate
        self.inner = send
        self.accepted = False
        self.closed = False
        self.farewell = False  # closed by the gate: what the app still sends goes nowhere
        self.done = _asyncio().Event()

    async def send(self, message: Message) -> None:
        kind = message["type"]
        if self.farewell:
            return
        if kind == "websocket.close":
            self.closed = True
        try:
            await self.inner(message)
        except (RuntimeError, OSError):
            if self.farewell:  # the gate closed it while this send waited
                return
            raise
        if kind == "websocket.accept":
            self.accepted = True
            if self.gate.stopping:
                await self.goodbye()

    async def goodbye(self) -> None:
        """Close the socket with 1001 (once it is accepted and not closed yet)."""
        if self.closed or not self.accepted:
            return
        self.closed = self.farewell = True
        close = {"type": "websocket.close", "code": GOING_AWAY, "reason": "the server is stopping"}
        with contextlib.suppress(RuntimeError, OSError):  # the client is gone already
            await self.inner(close)


class Gate:
    """The server's ASGI app behind a gate that closes when the server stops:
    ``/readyz`` then says 503, a new socket is accepted and closed at once with 1001,
    an API write (anything but GET and HEAD) is refused with 503, and
    :meth:`farewell` closes every open socket with 1001. ``/healthz`` and the pages
    are served as long as the process answers."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.stopping = False
        self.sockets: set[_Socket] = set()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind == "websocket":
            if self.stopping:
                await _refuse_socket(receive, send)
                return
            sock = _Socket(self, send)
            self.sockets.add(sock)
            try:
                await self.app(scope, receive, sock.send)
            finally:
                self.sockets.discard(sock)
                sock.done.set()
            return
        if kind == "http" and self.stopping:
            path, method = scope["path"], scope["method"]
            if path == "/readyz":
                await _answer(send, 503, b'{"status":"not ready"}')
                return
            if path != "/healthz" and method not in ("GET", "HEAD"):
                await _answer(send, 503, b'{"detail":"the server is stopping: try again soon"}')
                return
        await self.app(scope, receive, send)

    async def farewell(self, timeout: float = FAREWELL_SECONDS) -> None:
        """Close every open socket with 1001 and wait (at most ``timeout`` seconds)
        until their handlers have ended."""
        self.stopping = True
        open_now = list(self.sockets)
        for sock in open_now:
            await sock.goodbye()
        asyncio = _asyncio()
        waiting = [asyncio.ensure_future(sock.done.wait()) for sock in open_now]
        if waiting:
            _, late = await asyncio.wait(waiting, timeout=timeout)
            for task in late:
                task.cancel()


def _asyncio() -> Any:
    """asyncio, imported when the server runs (not by every command of the CLI)."""
    import asyncio

    return asyncio


async def _answer(send: Send, status: int, body: bytes) -> None:
    headers = [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(body))]
    if status == 503:
        headers.append((b"retry-after", b"5"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def _refuse_socket(receive: Receive, send: Send) -> None:
    """A socket opened while the server stops: accepted, then closed with 1001."""
    message = await receive()
    if message["type"] != "websocket.connect":
        return
    await send({"type": "websocket.accept"})
    close = {"type": "websocket.close", "code": GOING_AWAY, "reason": "the server is stopping"}
    await send(close)


def _server_class() -> type[Any]:
    """uvicorn's Server, printing the address once it answers and stopping the games
    (gate closed, sockets told, games stopped) before uvicorn's own shutdown."""
    import uvicorn

    class Server(uvicorn.Server):
        def __init__(
            self,
            config: uvicorn.Config,
            *,
            gate: Gate,
            games: Any,
            begin_stop: Callable[[], None],
            banner: str,
        ) -> None:
            super().__init__(config)
            self.gate = gate
            self.games = games
            self.begin_stop = begin_stop
            self.banner = banner

        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets)
            if self.started and not self.should_exit:
                console.print(self.banner, highlight=False, soft_wrap=True)

        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            # a signal handler: flags only (readyz says 503 from now on, no worker is
            # started again); the main loop sees should_exit within 0.1 s
            super().handle_exit(sig, frame)
            self.gate.stopping = True
            self.begin_stop()

        async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
            await self.stop_games()
            await super().shutdown(sockets)

        async def stop_games(self) -> None:
            self.gate.stopping = True
            self.begin_stop()
            await self.gate.farewell()
            try:
                await _asyncio().wait_for(self.games.stop(), GAMES_SECONDS)
            except TimeoutError:
                said = f"parlour: the games did not stop within {GAMES_SECONDS:g} s"
                print(said, file=sys.stderr, flush=True)
            except Exception as e:
                print(f"parlour: the games did not stop cleanly: {e}", file=sys.stderr, flush=True)

    return Server


def _worker_count(workers: str, url: str) -> int:
    """``--workers`` as a number: ``auto`` is one per core on a machine with several
    (none with one core, or with an in-memory database, which one process holds)."""
    if workers == "auto":
        cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None
        cores = cores or os.cpu_count() or 1
        return 0 if cores < 2 or ":memory:" in url else cores
    try:
        count = int(workers)
    except ValueError:
        count = -1
    if not 0 <= count <= 64:
        fail(f"--workers must be auto or a number from 0 to 64, not {workers!r}")
    return count


@app.command("serve", cls=Command)
def serve_command(
    host: Annotated[str, typer.Option(metavar="HOST", help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(metavar="PORT", help="Port to listen on.")] = 8000,
    database_url: Annotated[
        str | None,
        typer.Option(
            "--database-url",
            metavar="URL",
            help="The database (default: PARLOUR_DATABASE_URL, else sqlite:///var/parlour.db).",
        ),
    ] = None,
    workers: Annotated[
        str,
        typer.Option(
            metavar="N",
            help="Worker processes that run the games (0: in the server's own process; "
            "auto: one per core when there are several).",
        ),
    ] = "auto",
) -> None:
    """Serve the browser pages: play against bots or friends, watch, score, replay.

    Prints the address to open once the server answers. Games are kept in the database,
    so a server started again goes on with every game where it was. SIGTERM or Ctrl-C
    stops it within seconds: every socket is told, the writes under way are kept.
    """
    import uvicorn

    from parlour.server.app import create_app
    from parlour.server.app import database_url as default_url

    if not 0 < port < 65536:
        fail(f"--port must be 1-65535, not {port}")
    url = database_url or default_url()
    count = _worker_count(workers, url)
    try:
        application = create_app(url, workers=count, warm=True)
    except Exception as e:  # a database that cannot be opened or migrated
        fail(f"cannot open the database {url}: {e}")
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    games = application.state.games
    shards = getattr(games, "shards", None)
    gate = Gate(application)
    config = uvicorn.Config(
        gate, host=host, port=port, log_level="warning", timeout_graceful_shutdown=GRACE_SECONDS
    )
    server = _server_class()(
        config,
        gate=gate,
        games=games,
        begin_stop=getattr(shards, "begin_stop", lambda: None),
        banner=f"parlour is serving at http://{shown}:{port}/ (games in {url})",
    )
    server.run()
    if not server.started:
        raise typer.Exit(3)  # uvicorn said why (the port is taken...)


__all__ = ["GOING_AWAY", "Gate", "serve_command"]

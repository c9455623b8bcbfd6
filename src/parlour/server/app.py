"""The parlour server: pages, a JSON API and one WebSocket per seat.

``create_app()`` builds the ASGI app (FastAPI, served by uvicorn: ``parlour serve``).
HTTP serves the pages (home, table, calculator, records, replay, a finished table's
results, the results of an uploaded simulation), the API (rule systems, tables, records,
the scorer, the figures of a simulation) and the OpenAPI schema at ``/openapi.json``; each seat and
each spectator has a WebSocket at ``/ws/{token}``, reached through the secret link the
table's creator hands out.

Messages on a socket are JSON objects with a ``type``. From the client: ``action``
(``{"type": "action", "action": "discard 4p", "hand": 3, "id": "<unique>"}``), ``auto``
(auto-actions), ``next`` (ready for the next hand), ``help`` (waits, or why an action is
refused), ``ping``. From the server: ``state`` (the seat's observation, the events it may
see, clocks), ``ack``, ``auto``, ``help``, ``pong`` and ``error`` (with the reason; the
game is unchanged). Oversized messages and floods are refused; a flood closes the socket.

A browser asking for a page that cannot be served (a wrong or expired link) is answered
with a page saying what is wrong and what to do; the API's errors, and any request that
does not ask for HTML, are JSON (``{"detail": ...}``).
"""

from __future__ import annotations

import asyncio
import hashlib
import html
import json
import math
import os
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any, Literal, Protocol
from urllib.parse import urlencode

from fastapi import FastAPI, HTTPException, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from parlour import __version__
from parlour.core.errors import ParlourError
from parlour.server import pages
from parlour.server.limits import Limits, RateLimiter
from parlour.server.live import SPECTATOR, Connection
from parlour.server.manager import BadRequest, Manager, Unavailable
from parlour.server.messages import (
    FLOOD,
    FLOODED,
    MAX_MESSAGE,
    NO_SEAT,
    FloodGuard,
    handle_message,
    help_for,
    receive_text,
)
from parlour.server.models import (
    TableMade,
    TableRequest,
    Unwritable,
    check_text,
    explain_errors,
)
from parlour.server.shards import Shards, WorkerGone
from parlour.server.store import DEFAULT_URL, Store

STATIC = Path(__file__).parent / "static"


def database_url() -> str:
    """``PARLOUR_DATABASE_URL``, or the SQLite file ``./var/parlour.db``."""
    return os.environ.get("PARLOUR_DATABASE_URL") or DEFAULT_URL


class Games(Protocol):
    """Where a server's games run: in its own process (:class:`LocalGames`) or in
    worker processes (:class:`ShardedGames`). The pages, the API and the sockets reach
    them only through this."""

    store: Store

    async def start(self) -> None: ...

    async def stop(self) -> None: ...

    def ready(self) -> bool:
        """Whether the games are running and new ones can be made (``/readyz``)."""
        ...

    async def create(self, spec: Any, creator: str | None = None) -> dict[str, Any]: ...

    def find(self, token: str) -> tuple[str, int] | None:
        """The game and player (``SPECTATOR`` for a spectator) of a link's token."""
        ...

    async def info(self, game_id: str) -> dict[str, Any] | None: ...

    async def record(self, game_id: str) -> dict[str, Any]: ...

    async def replay(self, game_id: str, hand: int) -> dict[str, Any]: ...

    async def serve(self, ws: WebSocket, token: str) -> None:
        """Keep an accepted socket until it closes."""
        ...


class LocalGames:
    """Every game in the server's own process, held by one :class:`Manager`."""

    def __init__(self, store: Store, *, resume: bool = True, warm: bool = False) -> None:
        self.store = store
        self.manager = Manager(store)
        self.resume = resume
        self.warm = warm
        self._ready = False

    async def start(self) -> None:
        if self.warm:
            from parlour.mahjong.shapes import warm_tables

            warm_tables()
        if self.resume:
            await self.manager.resume()
        self._ready = True

    async def stop(self) -> None:
        self._ready = False
        await self.manager.close()

    def ready(self) -> bool:
        return self._ready

    async def create(self, spec: Any, creator: str | None = None) -> dict[str, Any]:
        return await self.manager.create(spec, creator=creator)

    def find(self, token: str) -> tuple[str, int] | None:
        found = self.manager.by_token(token)
        return None if found is None else (found[0].id, found[1])

    async def info(self, game_id: str) -> dict[str, Any] | None:
        return self.manager.info(game_id)

    async def record(self, game_id: str) -> dict[str, Any]:
        return self.manager.record(game_id)

    async def replay(self, game_id: str, hand: int) -> dict[str, Any]:
        return self.manager.replay(game_id, hand)

    async def serve(self, ws: WebSocket, token: str) -> None:
        found = self.manager.by_token(token)
        if found is None:
            await ws.send_json(NO_SEAT)
            await ws.close(code=4404)
            return
        game, player = found
        conn = Connection(player, ws.send_json)
        await game.connect(conn)
        guard = FloodGuard(FLOOD)
        try:
            while True:
                text = await receive_text(ws)
                if text is None:
                    return
                if guard.flooded(time.monotonic()):
                    await ws.send_json(FLOODED)
                    await ws.close(code=1008)
                    return
                reply = await handle_message(game, player, text)
                if reply is not None:
                    await ws.send_json(reply)
        except WebSocketDisconnect:
            pass
        finally:
            await game.disconnect(conn)


class ShardedGames:
    """The games in worker processes (see :mod:`parlour.server.shards`): this process
    keeps the sockets and finds links; each game's worker does the rest."""

    def __init__(
        self, store: Store, workers: int, *, resume: bool = True, warm: bool = False
    ) -> None:
        self.store = store
        self.shards = Shards(store, workers, resume=resume, warm=warm)

    async def start(self) -> None:
        await self.shards.start()

    async def stop(self) -> None:
        await self.shards.stop()

    def ready(self) -> bool:
        return self.shards.ready()

    async def create(self, spec: Any, creator: str | None = None) -> dict[str, Any]:
        from parlour.server.manager import new_game_id

        game_id = new_game_id()
        made: dict[str, Any] = await self._call(game_id, "create", spec, game_id, creator)
        return made

    def find(self, token: str) -> tuple[str, int] | None:
        found = self.store.find_token(token)
        if found is None:
            return None
        row = self.store.game(found[0])
        return None if row is None or row.status in ("broken", "expired") else found

    async def info(self, game_id: str) -> dict[str, Any] | None:
        found: dict[str, Any] | None = await self._call(game_id, "info", game_id)
        return found

    async def record(self, game_id: str) -> dict[str, Any]:
        found: dict[str, Any] = await self._call(game_id, "record", game_id)
        return found

    async def replay(self, game_id: str, hand: int) -> dict[str, Any]:
        found: dict[str, Any] = await self._call(game_id, "replay", game_id, hand)
        return found

    async def _call(self, game_id: str, method: str, *args: Any) -> Any:
        try:
            return await self.shards.owner(game_id).call(method, *args)
        except WorkerGone as e:
            raise Unavailable(503, f"{e}: try again in a moment") from None

    async def serve(self, ws: WebSocket, token: str) -> None:
        found = self.find(token)
        if found is None:
            await ws.send_json(NO_SEAT)
            await ws.close(code=4404)
            return
        game_id, player = found
        await self.shards.owner(game_id).serve(ws, game_id, player)


def client_of(request: Request | WebSocket) -> str:
    """Who a request comes from, as the limits count it: a digest of its address (the
    address itself is never stored)."""
    host = request.client.host if request.client is not None else "unknown"
    return hashlib.sha256(f"parlour-client:{host}".encode()).hexdigest()[:32]


def create_app(
    url: str | None = None,
    *,
    resume: bool = True,
    workers: int = 0,
    warm: bool = False,
    limits: Limits | None = None,
) -> FastAPI:
    """The server's ASGI app on the database at ``url`` (see :func:`database_url`).

    ``workers``: 0 runs the games in this process; ``N`` runs them in ``N`` worker
    processes (:mod:`parlour.server.shards`; not for an in-memory database, which one
    process holds). ``warm``: fill the shape tables as it starts (``parlour serve``
    does; a second or two per process) rather than while the first games are played.
    ``limits``: what one client may ask (:class:`Limits`; by default those of the
    environment, :meth:`Limits.from_env`)."""
    limits = Limits.from_env() if limits is None else limits
    rate = RateLimiter(limits.tables_per_minute)
    store = Store(url or database_url())
    if workers < 0:
        raise ValueError(f"workers is 0 (games in this process) or more, not {workers}")
    if workers and store.in_memory:
        raise ValueError("an in-memory database lives in one process: it takes no workers")
    games: Games = (
        ShardedGames(store, workers, resume=resume, warm=warm)
        if workers
        else LocalGames(store, resume=resume, warm=warm)
    )

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await games.start()
        yield
        await games.stop()

    app = FastAPI(
        title="parlour",
        version=__version__,
        description="Play traditional parlour games in the browser, every rule enforced.",
        lifespan=lifespan,
    )
    app.state.games = games
    app.state.limits = limits

    @app.exception_handler(RequestValidationError)
    async def refused(request: Request, error: RequestValidationError) -> JSONResponse:
        """A body that does not fit its model: 400 with one line saying what is wrong
        (and nothing stored)."""
        problems = list(error.errors())
        whole = problems and tuple(problems[0].get("loc", ())) == ("body",)
        raw = problems[0].get("input") if whole else None
        if any(p.get("type") == "json_invalid" for p in problems):
            detail = "the request is not JSON"
        elif isinstance(raw, bytes | str):  # sent as another content type
            try:
                json.loads(raw)
                detail = "send the request's JSON as content-type application/json"
            except (ValueError, RecursionError):
                detail = "the request is not JSON"
        else:
            detail = explain_errors(problems)
        return JSONResponse({"detail": detail}, status_code=400)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> Response:
        """An error a browser asked a page for is a page (what is wrong, what to do,
        the way home); the API's errors, and anything not asked for as HTML, stay
        JSON."""
        if wants_page(request):
            title, advice, replay = PROBLEMS.get(
                error.status_code,
                ("Something went wrong", "Go back to the home page and try again.", None),
            )
            problem = getattr(request.state, "problem", None)
            if problem is not None:
                title, advice, replay = problem
            page = pages.problem(title, _sentence(str(error.detail)), advice, replay=replay)
            return HTMLResponse(page, status_code=error.status_code, headers=error.headers)
        return await http_exception_handler(request, error)

    if isinstance(games, LocalGames):
        app.state.manager = games.manager
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_middleware(BodyLimit)

    # -- pages --------------------------------------------------------------------

    def _family(game_id: str) -> str:
        """The browser renderer of a game's rule system (the default system's for a
        game whose rule system is gone)."""
        from parlour.registry import DEFAULT_SYSTEM, find_system, registry

        row = store.game(game_id)
        system = registry.get(row.ruleset) if row is not None else None
        return (system or find_system(DEFAULT_SYSTEM)).renderer

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def home() -> str:
        return pages.home()

    def _wrong_link(request: Request, token: str, what: str) -> HTTPException:
        """The refusal of a link that opens nothing: wrong, or its table expired or
        broken (the page a browser is shown says which, and what to do)."""
        known = store.find_token(token)
        row = store.game(known[0]) if known is not None else None
        if row is not None and row.status == "expired":
            request.state.problem = (
                "This table has expired",
                "Nobody played at it for too long after it was made, so its links no "
                "longer open it. Start a new table and send the new links.",
                None,
            )
            return HTTPException(404, f"no such {what}: the table has expired")
        if row is not None and row.status == "broken":
            request.state.problem = (
                "This table cannot be played",
                "Its record no longer replays on this server. Its record may still be "
                "listed among the records.",
                None,
            )
            return HTTPException(404, f"no such {what}: the table's record does not replay")
        request.state.problem = (
            "This link does not open a table",
            "Check that the whole link was copied, or ask whoever made the table to send it again.",
            None,
        )
        return HTTPException(404, f"no such {what}: the link is wrong or the table is gone")

    @app.get("/play/{token}", response_class=HTMLResponse, include_in_schema=False)
    async def play_page(token: str, request: Request) -> str:
        found = games.find(token)
        if found is None or found[1] == SPECTATOR:
            raise _wrong_link(request, token, "seat")
        return _table_page(token, found[0], spectator=False)

    @app.get("/watch/{token}", response_class=HTMLResponse, include_in_schema=False)
    async def watch_page(token: str, request: Request) -> str:
        found = games.find(token)
        if found is None:
            raise _wrong_link(request, token, "table")
        return _table_page(token, found[0], spectator=True)

    def _table_page(token: str, game_id: str, *, spectator: bool) -> str:
        row = store.game(game_id)
        finished = row is not None and row.status == "finished"
        family = _family(game_id)
        return pages.table(token, game_id, spectator=spectator, family=family, finished=finished)

    @app.get("/calculator", response_class=HTMLResponse, include_in_schema=False)
    async def calculator_page() -> str:
        return pages.calculator()

    @app.get("/records", response_class=HTMLResponse, include_in_schema=False)
    async def records_page() -> str:
        return pages.records()

    @app.get("/replay/{game_id}", response_class=HTMLResponse, include_in_schema=False)
    async def replay_page(game_id: str) -> str:
        return pages.replay(game_id)

    drawing = asyncio.Semaphore(2)  # figures are drawn in threads: two at a time

    @app.get("/results", response_class=HTMLResponse, include_in_schema=False)
    async def results_page() -> str:
        return pages.results()

    @app.get("/tables/{game_id}/results", response_class=HTMLResponse, include_in_schema=False)
    async def table_results_page(game_id: str, request: Request) -> str:
        """The figures of a finished table's hands (only once its game is over, when
        its record is public)."""
        try:
            record = await games.record(game_id)
        except Unavailable as e:
            if e.status == 409:
                request.state.problem = (
                    "This table is still being played",
                    "Its results are drawn once its game is over: come back then.",
                    None,
                )
            raise HTTPException(e.status, str(e)) from None
        async with drawing:
            title, drawn = await asyncio.to_thread(_record_figures, record)
        return pages.table_results(game_id, title, drawn)

    def picture(draw: Callable[[], str], missing: str = "") -> Response:
        """A drawn tile or card (SVG), kept a day by the browser; 404 saying
        ``missing`` when the name is no tile or card."""
        try:
            svg = draw()
        except ValueError:
            raise HTTPException(404, missing) from None
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "max-age=86400"})

    @app.get("/tiles/back.svg", include_in_schema=False)
    async def tile_back_svg() -> Response:
        from parlour.render.svg import tile_back_svg as draw

        return picture(draw)

    @app.get("/tiles/{name}.svg", include_in_schema=False)
    async def tile_svg(name: str) -> Response:
        from parlour.render.svg import tile_svg as draw

        return picture(lambda: draw(name), f"no tile {name!r}")

    @app.get("/cards/back.svg", include_in_schema=False)
    async def card_back_svg() -> Response:
        from parlour.render.cards import card_back_svg as draw

        return picture(draw)

    @app.get("/cards/{name}.svg", include_in_schema=False)
    async def card_svg(name: str) -> Response:
        from parlour.render.cards import card_svg as draw

        rule = "a card is a rank 2..10, J, Q, K, A then a suit C, D, H, S"
        return picture(lambda: draw(name), f"no card {name!r}: {rule}")

    # -- for a supervisor ---------------------------------------------------------

    @app.get("/healthz", tags=["health"])
    async def healthz() -> dict[str, str]:
        """The server's process answers (a liveness probe)."""
        return {"status": "ok"}

    @app.get("/readyz", tags=["health"], responses={503: {"description": "Not ready"}})
    async def readyz() -> JSONResponse:
        """The games are running and tables can be made (a readiness probe): 503 while
        the server starts or stops, or while a worker is being started again."""
        if games.ready():
            return JSONResponse({"status": "ready"})
        return JSONResponse({"status": "not ready"}, status_code=503)

    # -- the API ------------------------------------------------------------------

    @app.get("/api/rules")
    async def api_rules() -> dict[str, Any]:
        """The rule systems (with their options, defaults and meanings) and the bots."""
        from parlour.bots import BOTS
        from parlour.registry import rule_systems

        return {"systems": [s.to_json() for s in rule_systems()], "bots": sorted(BOTS)}

    @app.post(
        "/api/tables",
        status_code=201,
        response_model=TableMade,
        responses={
            400: {"description": "The table cannot be made (the reason is given)"},
            413: {"description": "The request is too large"},
            429: {"description": "Too many tables from this client (see Retry-After)"},
        },
    )
    async def api_create(table: TableRequest, request: Request) -> JSONResponse:
        """Make a table. A table of bots alone plays at its policy's pace
        (``bot_seconds``); ``wait_seconds`` waits for it to finish."""
        client = client_of(request)
        retry = rate.wait(client)
        if retry:
            raise HTTPException(
                429,
                f"at most {limits.tables_per_minute} tables a minute from one client: "
                f"try again in {math.ceil(retry)} s",
                headers={"Retry-After": str(math.ceil(retry))},
            )
        if limits.open_tables:
            open_now = await asyncio.to_thread(store.count_games, creator=client, status="running")
            if open_now >= limits.open_tables:
                raise HTTPException(
                    429,
                    f"at most {limits.open_tables} open tables from one client: finish or "
                    "leave one first",
                    headers={"Retry-After": "60"},
                )
        rate.note(client)
        spec = table.model_dump(exclude_unset=True)
        try:
            made = await games.create(spec, creator=client)
        except BadRequest as e:
            raise HTTPException(400, str(e)) from None
        except Unavailable as e:
            raise HTTPException(e.status, str(e)) from None
        return JSONResponse(made, status_code=201)

    @app.get("/api/tables", responses={400: {"description": "A filter that is not known"}})
    async def api_tables(
        request: Request,
        status: Annotated[
            Literal["running", "finished", "expired", "broken"] | None,
            Query(description="Only the tables of this status."),
        ] = None,
        mine: Annotated[
            bool, Query(description="Only the tables made from this client's address.")
        ] = False,
        limit: Annotated[int, Query(ge=1, le=200, description="Tables on this page.")] = 50,
        offset: Annotated[
            int, Query(ge=0, le=1_000_000, description="Tables skipped (newest first).")
        ] = 0,
    ) -> dict[str, Any]:
        """The tables, newest first, a page at a time: ``next`` is the next page's
        address (null on the last page)."""
        creator = client_of(request) if mine else None
        rows = await asyncio.to_thread(
            store.games, status=status, limit=limit + 1, offset=offset, creator=creator
        )
        more = len(rows) > limit
        query = {"limit": limit, "offset": offset + limit}
        if status is not None:
            query["status"] = status  # type: ignore[assignment]
        if mine:
            query["mine"] = "true"  # type: ignore[assignment]
        return {
            "tables": [_summary(row) for row in rows[:limit]],
            "next": f"/api/tables?{urlencode(query)}" if more else None,
        }

    @app.get(
        "/api/tables/{game_id}",
        responses={404: {"description": "No such table"}, 503: UNAVAILABLE},
    )
    async def api_table(game_id: str) -> dict[str, Any]:
        row = store.game(game_id)
        if row is None:
            raise HTTPException(404, f"no table {game_id!r}")
        out = _summary(row)
        try:
            found = await games.info(game_id)
        except Unavailable as e:
            raise HTTPException(e.status, str(e)) from None
        if found is not None:
            out.update(found)
        return out

    @app.get(
        "/api/tables/{game_id}/record",
        responses={
            404: {"description": "No such table"},
            409: {"description": "The game is not over yet"},
            503: UNAVAILABLE,
        },
    )
    async def api_record(game_id: str) -> dict[str, Any]:
        """The game record (``parlour validate`` reads it): once the game is over,
        with the seed and the salt that prove the commitment."""
        try:
            return await games.record(game_id)
        except Unavailable as e:
            raise HTTPException(e.status, str(e)) from None

    @app.get(
        "/api/tables/{game_id}/replay/{hand}",
        responses={
            404: {"description": "No such table or hand"},
            409: {"description": "The game is not over yet"},
            503: UNAVAILABLE,
        },
    )
    async def api_replay(game_id: str, hand: int) -> dict[str, Any]:
        """Hand ``hand`` of a finished game, move by move: every seat's tiles after each
        move (the game is over, so nothing is hidden any more)."""
        try:
            return await games.replay(game_id, hand)
        except Unavailable as e:
            raise HTTPException(e.status, str(e)) from None

    @app.post(
        "/api/score",
        responses={
            400: {"description": "A situation the scorer cannot read (the reason is given)"},
            413: {"description": "The request is too large"},
        },
    )
    async def api_score(request: Request) -> dict[str, Any]:
        """Score a hand situation (the calculator): the same scorer as ``parlour score``,
        taking the same situation (``rules``, ``options``, ``hand`` or ``concealed`` and
        ``melds``, ``win_tile``, the winds, ``bonus`` as a count or as flowers and
        seasons, and the flags ``self_drawn``, ``last_wall_tile``, ``last_of_kind``,
        ``kong_replacement``, ``robbing_kong``). A situation the scorer cannot read is
        refused with 400 and the reason."""
        from parlour import score

        data = await _json_body(request)
        if not isinstance(data, dict):
            raise HTTPException(400, "a hand situation is a JSON object")
        try:
            scored: dict[str, Any] = score(data).to_json()
            return scored
        except (ParlourError, ValueError, TypeError) as e:
            # a field of the wrong type deep in the situation (a number among the bonus
            # tiles) is the request's fault, not the server's
            raise HTTPException(400, str(e) or type(e).__name__) from None

    @app.post(
        "/api/results",
        responses={
            400: {"description": "Not a simulation's rows (the reason is given)"},
            413: {"description": "The file is too large"},
        },
        openapi_extra={
            "requestBody": {
                "required": True,
                "description": "A simulation's hands.parquet or games.parquet (parlour "
                "simulate --out), or a JSON object with its results, rules and bots.",
                "content": {
                    "application/octet-stream": {"schema": {"type": "string", "format": "binary"}},
                    "application/json": {"schema": {"type": "object"}},
                },
            }
        },
    )
    async def api_results(request: Request) -> dict[str, Any]:
        """Draw the figures of an uploaded simulation (at most :data:`MAX_UPLOAD`
        bytes): each as SVG, with the simulation's title. Nothing is kept."""
        from parlour.sim.plots import load

        body = await request.body()
        if len(body) > MAX_UPLOAD:
            raise HTTPException(413, "the file is too large")
        if not body:
            raise HTTPException(400, "no file: send a simulation's hands.parquet or games.parquet")
        async with drawing:
            try:
                sim = await asyncio.to_thread(load, body)
            except ValueError as e:
                raise HTTPException(400, str(e)) from None
            if not sim.units:
                raise HTTPException(400, "the simulation holds no hands or games")
            drawn = await asyncio.to_thread(draw_figures, sim)
        return {
            "title": sim.heading,
            "rules": sim.rules,
            "units": len(sim.units),
            "figures": [{"name": n, "caption": c, "svg": svg} for n, c, svg in drawn],
        }

    # -- the schema -----------------------------------------------------------------

    describe = app.openapi

    def openapi() -> dict[str, Any]:
        """The schema, saying 400 where FastAPI would say 422: a request that does not
        fit its declared form is answered 400 with one line (see ``refused``)."""
        if app.openapi_schema is None:
            schema = describe()
            for path in schema.get("paths", {}).values():
                for operation in path.values():
                    answers = operation.get("responses", {})
                    invalid = answers.pop("422", None)
                    if invalid is not None:
                        answers.setdefault(
                            "400",
                            {
                                "description": "The request does not fit its form "
                                "(the reason is given)",
                                "content": {"application/json": {"schema": DETAIL}},
                            },
                        )
            schema.get("components", {}).get("schemas", {}).pop("HTTPValidationError", None)
            schema.get("components", {}).get("schemas", {}).pop("ValidationError", None)
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]

    # -- sockets --------------------------------------------------------------------

    @app.websocket("/ws/{token}")
    async def socket(ws: WebSocket, token: str) -> None:
        await ws.accept()
        await games.serve(ws, token)

    return app


async def _json_body(request: Request) -> Any:
    body = await request.body()
    if len(body) > MAX_BODY:
        raise HTTPException(413, "the request is too large")
    try:
        data = json.loads(body or b"{}")
    except (ValueError, RecursionError):
        raise HTTPException(400, "the request is not JSON") from None
    try:
        check_text(data)
    except Unwritable as e:
        raise HTTPException(400, str(e)) from None
    return data


def draw_figures(sim: Any) -> list[tuple[str, str, str]]:
    """The figures of a simulation (:mod:`parlour.sim.plots`) to put in a page: (name,
    caption, the ``<svg>`` element, named for screen readers by its caption)."""
    from parlour.sim.plots import CAPTIONS, figures, svg_text

    out = []
    for name, fig in figures(sim).items():
        caption = CAPTIONS.get(name, name)
        label = f'<svg role="img" aria-label="{html.escape(caption)}" '
        out.append((name, caption, svg_text(fig).replace("<svg ", label, 1)))
    return out


def _record_figures(record: dict[str, Any]) -> tuple[str, list[tuple[str, str, str]]]:
    """The title and figures of a finished game's record."""
    from parlour.registry import find_system
    from parlour.sim.plots import from_record

    system = find_system(record.get("ruleset") or record.get("rules") or "")
    sim = from_record(record, system.record_results(record))
    return sim.heading, draw_figures(sim)


PROBLEMS: dict[int, tuple[str, str, str | None]] = {
    404: (
        "There is no page at this address",
        "Check the address, or start again from the home page.",
        None,
    ),
    503: ("The table is starting again", "Try again in a moment.", None),
}
"""For the errors a browser is shown as a page: the title and what to do (and a
game to replay), by status."""

PAGE_PREFIXES = ("/api", "/static", "/ws", "/tiles", "/cards", "/openapi", "/docs", "/redoc")
"""Where requests are not pages: their errors stay JSON whatever they accept."""


def wants_page(request: Request) -> bool:
    """Whether a request is a browser's for a page: it accepts HTML, and its path is
    not the API's (or a file's).

    >>> from starlette.requests import Request
    >>> def asking(path, accept):
    ...     scope = {"type": "http", "path": path, "headers": [(b"accept", accept)]}
    ...     return wants_page(Request(scope))
    >>> asking("/play/x", b"text/html,application/xhtml+xml,*/*;q=0.8")
    True
    >>> asking("/api/tables/x", b"text/html"), asking("/play/x", b"application/json")
    (False, False)
    """
    path = request.url.path
    if any(path == p or path.startswith(p + "/") for p in PAGE_PREFIXES):
        return False
    return "text/html" in request.headers.get("accept", "")


def _sentence(detail: str) -> str:
    """An error's detail as a sentence: ``"no such seat: …"`` → ``"No such seat: …."``.

    >>> _sentence("no such seat: the link is wrong")
    'No such seat: the link is wrong.'
    """
    text = detail.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


UNAVAILABLE = {"description": "The table's worker is starting again: try again in a moment"}
DETAIL = {"type": "object", "properties": {"detail": {"type": "string"}}}

MAX_BODY = 65536
"""The largest request body, in bytes."""
MAX_UPLOAD = 8 * 1024 * 1024
"""The largest simulation uploaded to be drawn (``POST /api/results``), in bytes."""
UPLOADS = {"/api/results": MAX_UPLOAD}
"""The paths that take a larger body than :data:`MAX_BODY`, and their limits."""


class BodyLimit:
    """Refuse with 413 a request whose body is larger than :data:`MAX_BODY` (by its
    ``content-length``, or as it arrives), before anything reads it; the paths of
    :data:`UPLOADS` have their own limits."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = UPLOADS.get(scope.get("path", ""), MAX_BODY)
        length = dict(scope.get("headers") or ()).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > limit):
            await _too_large(send)
            return
        seen = 0

        async def limited() -> Any:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    raise _TooLarge
            return message

        try:
            await self.app(scope, limited, send)
        except _TooLarge:
            await _too_large(send)


class _TooLarge(Exception):
    pass


async def _too_large(send: Any) -> None:
    body = json.dumps({"detail": "the request is too large"}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [(b"content-type", b"application/json")],
        }
    )
    await send({"type": "http.response.body", "body": body})


def _summary(row: Any) -> dict[str, Any]:
    out = {
        "id": row.id,
        "rules": row.ruleset,
        "options": row.options,
        "players": row.players,
        "kinds": row.kinds,
        "status": row.status,
        "created": row.created.isoformat(),
        "commitment": row.commitment,
    }
    if row.status != "running":
        out["seed"] = row.seed
        out["salt"] = row.salt
    return out


__all__ = [
    "FLOOD",
    "MAX_MESSAGE",
    "Games",
    "LocalGames",
    "ShardedGames",
    "create_app",
    "database_url",
    "help_for",
]

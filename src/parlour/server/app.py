"""The parlour server: pages, a JSON API and one WebSocket per seat.

``create_app()`` builds the ASGI app (FastAPI, served by uvicorn: ``parlour serve``).
HTTP serves the pages (home, table, calculator, records, replay), the API (rule systems,
tables, records, the scorer) and the OpenAPI schema at ``/openapi.json``; each seat and
each spectator has a WebSocket at ``/ws/{token}``, reached through the secret link the
table's creator hands out.

Messages on a socket are JSON objects with a ``type``. From the client: ``action``
(``{"type": "action", "action": "discard 4p", "hand": 3, "id": "<unique>"}``), ``auto``
(auto-actions), ``next`` (ready for the next hand), ``help`` (waits, or why an action is
refused), ``ping``. From the server: ``state`` (the seat's observation, the events it may
see, clocks), ``ack``, ``auto``, ``help``, ``pong`` and ``error`` (with the reason; the
game is unchanged). Oversized messages and floods are refused; a flood closes the socket.
"""

from __future__ import annotations

import json
import os
import time
from collections import deque
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from parlour import __version__
from parlour.core.errors import IllegalAction, NotationError, ParlourError
from parlour.server import pages
from parlour.server.live import SPECTATOR, Connection, LiveGame, Refused
from parlour.server.manager import BadRequest, Manager
from parlour.server.store import DEFAULT_URL, Store

MAX_MESSAGE = 4096
"""The longest message a socket takes, in bytes."""
FLOOD = (300, 1.0)
"""At most this many messages in this many seconds; more closes the socket."""

STATIC = Path(__file__).parent / "static"


def database_url() -> str:
    """``PARLOUR_DATABASE_URL``, or the SQLite file ``./var/parlour.db``."""
    return os.environ.get("PARLOUR_DATABASE_URL") or DEFAULT_URL


def create_app(url: str | None = None, *, resume: bool = True) -> FastAPI:
    """The server's ASGI app on the database at ``url`` (see :func:`database_url`)."""
    store = Store(url or database_url())
    manager = Manager(store)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if resume:
            await manager.resume()
        yield
        await manager.close()

    app = FastAPI(
        title="parlour",
        version=__version__,
        description="Play traditional parlour games in the browser, every rule enforced.",
        lifespan=lifespan,
    )
    app.state.manager = manager
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    # -- pages --------------------------------------------------------------------

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def home() -> str:
        return pages.home()

    @app.get("/play/{token}", response_class=HTMLResponse, include_in_schema=False)
    async def play_page(token: str) -> str:
        found = manager.by_token(token)
        if found is None or found[1] == SPECTATOR:
            raise HTTPException(404, "no such seat: the link is wrong or the table is gone")
        return pages.table(token, found[0].id, spectator=False)

    @app.get("/watch/{token}", response_class=HTMLResponse, include_in_schema=False)
    async def watch_page(token: str) -> str:
        found = manager.by_token(token)
        if found is None:
            raise HTTPException(404, "no such table: the link is wrong or the table is gone")
        return pages.table(token, found[0].id, spectator=True)

    @app.get("/calculator", response_class=HTMLResponse, include_in_schema=False)
    async def calculator_page() -> str:
        return pages.calculator()

    @app.get("/records", response_class=HTMLResponse, include_in_schema=False)
    async def records_page() -> str:
        return pages.records()

    @app.get("/replay/{game_id}", response_class=HTMLResponse, include_in_schema=False)
    async def replay_page(game_id: str) -> str:
        return pages.replay(game_id)

    @app.get("/tiles/{name}.svg", include_in_schema=False)
    async def tile_svg(name: str) -> Response:
        from parlour.render.svg import tile_svg as draw

        try:
            svg = draw(name)
        except ValueError:
            raise HTTPException(404, f"no tile {name!r}") from None
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "max-age=86400"})

    # -- the API ------------------------------------------------------------------

    @app.get("/api/rules")
    async def api_rules() -> dict[str, Any]:
        """The rule systems (with their options, defaults and meanings) and the bots."""
        from parlour.bots import BOTS
        from parlour.registry import rule_systems

        return {"systems": [s.to_json() for s in rule_systems()], "bots": sorted(BOTS)}

    @app.post("/api/tables")
    async def api_create(request: Request) -> JSONResponse:
        """Make a table: ``{"rules", "options", "seats", "names", "policy"}``."""
        spec = await _json_body(request)
        try:
            made = await manager.create(spec)
        except BadRequest as e:
            raise HTTPException(400, str(e)) from None
        return JSONResponse(made, status_code=201)

    @app.get("/api/tables")
    async def api_tables() -> dict[str, Any]:
        """Finished and running games, newest first."""
        return {"tables": [_summary(row) for row in manager.store.games()]}

    @app.get("/api/tables/{game_id}")
    async def api_table(game_id: str) -> dict[str, Any]:
        row = manager.store.game(game_id)
        if row is None:
            raise HTTPException(404, f"no table {game_id!r}")
        out = _summary(row)
        game = manager.get(game_id)
        if game is not None:
            out["hand"] = game.session.hand_number
            out["scores"] = list(game.session.scores)
        return out

    @app.get("/api/tables/{game_id}/record")
    async def api_record(game_id: str) -> dict[str, Any]:
        """The game record (``parlour validate`` reads it): once the game is over,
        with the seed and the salt that prove the commitment."""
        game = manager.get(game_id)
        if game is None:
            raise HTTPException(404, f"no table {game_id!r}")
        if not game.session.is_over():
            raise HTTPException(409, "the record of a game is given once the game is over")
        from parlour.records import record_of

        record = record_of(game.session)
        record["fairness"] = {"salt": game.row.salt, "commitment": game.row.commitment}
        return record

    @app.get("/api/tables/{game_id}/replay/{hand}")
    async def api_replay(game_id: str, hand: int) -> dict[str, Any]:
        """Hand ``hand`` of a finished game, move by move: every seat's tiles after each
        move (the game is over, so nothing is hidden any more)."""
        game = manager.get(game_id)
        if game is None:
            raise HTTPException(404, f"no table {game_id!r}")
        if not game.session.is_over():
            raise HTTPException(409, "a game is replayed once it is over")
        if not 1 <= hand <= len(game.session.tables):
            raise HTTPException(404, f"the game has no hand {hand}")
        return {"hand": hand, "steps": replay_steps(game, hand)}

    @app.post("/api/score")
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
            return score(data).to_json()
        except (ParlourError, ValueError, TypeError) as e:
            # a field of the wrong type deep in the situation (a number among the bonus
            # tiles) is the request's fault, not the server's
            raise HTTPException(400, str(e) or type(e).__name__) from None

    # -- sockets --------------------------------------------------------------------

    @app.websocket("/ws/{token}")
    async def socket(ws: WebSocket, token: str) -> None:
        await ws.accept()
        found = manager.by_token(token)
        if found is None:
            await ws.send_json({"type": "error", "message": "no such seat: the link is wrong"})
            await ws.close(code=4404)
            return
        game, player = found
        conn = Connection(player, ws.send_json)
        await game.connect(conn)
        recent: deque[float] = deque()
        try:
            while True:
                text = await ws.receive_text()
                now = time.monotonic()
                recent.append(now)
                while recent and recent[0] < now - FLOOD[1]:
                    recent.popleft()
                if len(recent) > FLOOD[0]:
                    await ws.send_json(
                        {"type": "error", "message": "too many messages: the socket is closed"}
                    )
                    await ws.close(code=1008)
                    return
                reply = await _handle(game, player, text)
                if reply is not None:
                    await ws.send_json(reply)
        except WebSocketDisconnect:
            pass
        finally:
            await game.disconnect(conn)

    return app


async def _json_body(request: Request) -> Any:
    body = await request.body()
    if len(body) > 65536:
        raise HTTPException(413, "the request is too large")
    try:
        return json.loads(body or b"{}")
    except (ValueError, RecursionError):
        raise HTTPException(400, "the request is not JSON") from None


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


async def _handle(game: LiveGame, player: int, text: str) -> dict[str, Any] | None:
    """The reply to one message from a socket (None: nothing to say)."""
    if len(text.encode()) > MAX_MESSAGE:
        return {"type": "error", "message": f"the message is longer than {MAX_MESSAGE} bytes"}
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        return {"type": "error", "message": "the message is not JSON"}
    if not isinstance(message, dict):
        return {"type": "error", "message": "a message is a JSON object with a type"}
    kind = message.get("type")
    try:
        if kind == "action":
            return await game.submit(player, message)
        if kind == "auto":
            settings = message.get("auto")
            if not isinstance(settings, dict):
                raise Refused('auto-actions are an object such as {"pass_chow": true}')
            return {"type": "auto", "auto": await game.set_auto(player, settings)}
        if kind == "next":
            await game.next_hand(player)
            return None
        if kind == "help":
            async with game.lock:  # not while a pump waits for its commit
                return help_for(game, player, message.get("action"))
        if kind == "ping":
            return {"type": "pong"}
    except Refused as e:
        return {"type": "error", "message": str(e), "id": message.get("id")}
    known = "action, auto, next, help, ping"
    return {"type": "error", "message": f"unknown message type {kind!r} (types: {known})"}


def replay_steps(game: LiveGame, hand: int) -> list[dict[str, Any]]:
    """Every state of hand ``hand`` of a finished game, from the deal to its end."""
    from parlour.mahjong.table import Table

    session = game.session
    played = session.tables[hand - 1]
    setup = session.setups[hand - 1]
    table = Table(
        session.ruleset,
        seed=setup.seed,
        dealer=setup.dealer,
        prevalent=setup.prevailing or "E",
        streak=setup.streak,
        flags=dict(setup.flags),
    )

    def snapshot(seat: int | None, action: str | None) -> dict[str, Any]:
        seats = []
        for s in range(table.num_seats):
            obs = table.observation(s)
            seats.append(
                {
                    "name": session.players[setup.seating[s]],
                    "seat_name": obs["seat_name"],
                    "hand": obs["hand"],
                    "melds": obs["melds"][s],
                    "discards": obs["discards"][s],
                    "bonus": obs["bonus"][s],
                }
            )
        return {"seat": seat, "action": action, "wall": table.wall.live(), "seats": seats}

    steps = [snapshot(None, None)]
    for seat, action in played.actions:
        table.apply(seat, action)
        steps.append(snapshot(seat, table.format_action(action)))
    return steps


def help_for(game: LiveGame, player: int, action: Any) -> dict[str, Any]:
    """Help for a seat: the waits of a ready hand with the copies unseen, and, for an
    ``action``, whether the rules allow it now and why not."""
    from parlour.mahjong.shapes import waits
    from parlour.mahjong.tiles import tile_name

    if player == SPECTATOR:
        raise Refused("help is for the players at the table")
    session = game.session
    seat = session.seat_of(player)
    if seat is None:
        raise Refused("you sit out this hand")
    table = session.current_table()
    out: dict[str, Any] = {"type": "help"}
    hand = table.hands[seat]
    visible = [t for d in table.discards for t in d]
    for melds in table.melds:
        visible += [t for m in melds if m.exposed for t in m.tiles]
    try:
        found = waits(hand, table.melds[seat], visible=visible) if len(hand) % 3 == 1 else {}
        out["waits"] = {tile_name(t): n for t, n in found.items()}
    except (ParlourError, ValueError):
        out["waits"] = {}
    if action is not None:
        if not isinstance(action, str) or len(action) > 200:
            raise Refused("ask about an action written as text, such as 'win'")
        try:
            table.check(seat, table.parse_action(action))
            out["allowed"], out["why"] = True, f"{action} is allowed now"
        except (IllegalAction, NotationError) as e:
            out["allowed"], out["why"] = False, str(e)
    return out


__all__ = ["FLOOD", "MAX_MESSAGE", "create_app", "database_url", "help_for"]

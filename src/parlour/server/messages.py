"""What a seat's socket says, and how each message is answered.

The same whether the game runs in the server's process or in a worker process (see
:mod:`parlour.server.shards`): :func:`handle_message` takes one message's text and
gives the reply to send back (or None), and :class:`FloodGuard` counts what a socket
sends.

>>> import asyncio
>>> asyncio.run(handle_message(None, 0, "[1, 2]"))  # type: ignore[arg-type]
{'type': 'error', 'message': 'a message is a JSON object with a type'}
>>> guard = FloodGuard(limit=(2, 1.0))
>>> [guard.flooded(now) for now in (0.0, 0.1, 0.2, 1.5)]
[False, False, True, False]
"""

from __future__ import annotations

import json
from collections import deque
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from parlour.core.errors import IllegalAction, NotationError
from parlour.server.live import SPECTATOR, LiveGame, Refused, Stale

MAX_MESSAGE = 4096
"""The longest message a socket takes, in bytes."""
FLOOD = (300, 1.0)
"""At most this many messages in this many seconds; more closes the socket."""
FLOODED = {"type": "error", "message": "too many messages: the socket is closed"}
NO_SEAT = {"type": "error", "message": "no such seat: the link is wrong"}
BINARY = {"type": "error", "message": "messages are JSON text, not binary frames"}
UNSUPPORTED = 1003
"""The close code of a socket that sent a binary frame."""


async def receive_text(ws: WebSocket) -> str | None:
    """The next text message of ``ws``; None once a socket that sent a binary frame
    has been told so and closed (code 1003). A closed socket raises
    :class:`~starlette.websockets.WebSocketDisconnect`."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
    text = message.get("text")
    if text is None:
        await ws.send_json(BINARY)
        await ws.close(code=UNSUPPORTED)
        return None
    return str(text)


class FloodGuard:
    """The messages one socket sent in the last ``limit[1]`` seconds; more than
    ``limit[0]`` of them is a flood (the socket is closed)."""

    def __init__(self, limit: tuple[int, float] | None = None) -> None:
        self.limit = limit or FLOOD
        self.recent: deque[float] = deque()

    def flooded(self, now: float) -> bool:
        count, seconds = self.limit
        recent = self.recent
        recent.append(now)
        while recent and recent[0] < now - seconds:
            recent.popleft()
        return len(recent) > count


async def handle_message(game: LiveGame, player: int, text: str) -> dict[str, Any] | None:
    """The reply to one message from ``player``'s socket (None: nothing to say); a
    message the server cannot take gets an ``error`` and changes nothing."""
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
    except Stale as e:
        return {"type": "error", "message": str(e), "id": message.get("id"), "state": e.state}
    except Refused as e:
        return {"type": "error", "message": str(e), "id": message.get("id")}
    known = "action, auto, next, help, ping"
    return {"type": "error", "message": f"unknown message type {kind!r} (types: {known})"}


def help_for(game: LiveGame, player: int, action: Any) -> dict[str, Any]:
    """Help for a seat: for an ``action``, whether the rules allow it now and why not,
    and what the game's family adds (a mahjong hand's waits with the copies unseen)."""
    if player == SPECTATOR:
        raise Refused("help is for the players at the table")
    match = game.match
    seat = match.seat_of(player)
    if seat is None:
        raise Refused("you sit out this hand")
    out: dict[str, Any] = {"type": "help", **match.help(seat)}
    if action is not None:
        if not isinstance(action, str) or len(action) > 200:
            raise Refused("ask about an action written as text, such as 'win'")
        try:
            match.read(seat, action)
            out["allowed"], out["why"] = True, f"{action} is allowed now"
        except (IllegalAction, NotationError) as e:
            out["allowed"], out["why"] = False, str(e)
    return out


__all__ = [
    "BINARY",
    "FLOOD",
    "MAX_MESSAGE",
    "UNSUPPORTED",
    "FloodGuard",
    "handle_message",
    "help_for",
    "receive_text",
]

"""The server under a careless or hostile client: a table of bots alone never holds up
the server, bodies are checked against their models before anything is stored, one
client cannot flood the tables, action ids belong to a seat, stale actions are refused,
binary frames are closed, and a spectator's delay holds on every path."""

from __future__ import annotations

import datetime as dt
import json
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from test_server_play import Clock, Inbox, new_game, run

from parlour.server.app import create_app
from parlour.server.limits import Limits, RateLimiter
from parlour.server.live import LiveGame
from parlour.server.manager import Manager
from parlour.server.store import Store

NO_PAUSE = {"pause_seconds": 0, "claim_seconds": 30, "hand_pause_seconds": 0}


@pytest.fixture
def client(tmp_path: Path) -> Any:
    app = create_app(f"sqlite:///{tmp_path / 'games.db'}", limits=Limits.none())
    with TestClient(app) as c:
        yield c


def made(reply: Any) -> dict[str, Any]:
    assert reply.status_code == 201, reply.text
    out: dict[str, Any] = reply.json()
    return out


# -- a table of bots alone ----------------------------------------------------------------


def test_a_table_of_bots_alone_is_not_played_inside_the_request(client: TestClient) -> None:
    """Before: the whole match was played in the request that made it (35 s for 667
    hands of classical), on the event loop. Now the request answers at once and the
    bots play on, a slice at a time, while the server answers everyone else."""
    # (random bots rarely win a classical hand, and East deals again after a washout:
    # eight hands bound the match)
    policy = {**NO_PAUSE, "bot_seconds": 0, "hands": 8}
    spec = {"rules": "classical", "seats": ["random"] * 4, "policy": policy}
    started = time.monotonic()
    table = made(client.post("/api/tables", json=spec))
    assert table["status"] == "running"
    # the server answers other requests while the bots play
    answered = 0
    while client.get(f"/api/tables/{table['id']}").json()["status"] == "running":
        assert client.get("/api/tables").status_code == 200
        answered += 1
        assert time.monotonic() - started < 300
    assert answered > 0
    assert client.get(f"/api/tables/{table['id']}/record").status_code == 200


def test_a_table_of_bots_alone_plays_at_a_pace_a_spectator_can_follow() -> None:
    async def scenario() -> None:
        clock = Clock()
        policy = {**NO_PAUSE, "bot_seconds": 2.0}
        _, game, table = await new_game(["random"] * 4, policy, clock)
        assert table["status"] == "running"
        before = game.seq
        await game.settle()
        assert game.seq == before  # nothing more until the pace allows it
        clock.now += 2.0
        await game.settle()
        assert game.seq == before + 1
        clock.now += 1.0
        await game.settle()
        assert game.seq == before + 1
        await game.close()

    run(scenario())


def test_one_pump_plays_one_slice_and_leaves_the_rest_for_later() -> None:
    async def scenario() -> None:
        clock = Clock()
        policy = {**NO_PAUSE, "bot_seconds": 0, "hands": 8}
        manager = Manager(Store("sqlite:///:memory:"), clock=clock)
        table = await manager.create(
            {"rules": "classical", "seats": ["random"] * 4, "policy": policy}
        )
        game = manager.get(table["id"])
        assert game is not None and not game.match.is_over()
        await game.pump()
        assert not game.match.is_over() and game._more  # one slice, not the match
        await game.settle()
        assert game.match.is_over()
        await game.close()

    run(scenario())


def test_the_creator_may_wait_for_the_result(client: TestClient) -> None:
    spec = {
        "rules": "piquet",
        "options": {"partie": "single_game"},
        "seats": ["random", "random"],
        "policy": {**NO_PAUSE, "bot_seconds": 0},
        "wait_seconds": 60,
    }
    table = made(client.post("/api/tables", json=spec))
    assert table["status"] == "finished"
    assert client.get(f"/api/tables/{table['id']}").json()["status"] == "finished"
    refused = client.post("/api/tables", json={**spec, "wait_seconds": 61})
    assert refused.status_code == 400 and "wait_seconds" in refused.json()["detail"]


# -- bodies checked before anything is stored ------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "named"),
    [
        ({"names": ["x\ud800", "b", "c", "d"]}, "names.0"),
        ({"policy": {"claim_seconds\ud800": 1}}, "lone surrogate"),
        ({"colour\udfff": "red"}, "lone surrogate"),
        ({"options": {"kong_values": "source\ud800"}}, "options.kong_values"),
    ],
)
def test_text_that_cannot_be_written_is_refused_before_anything_is_stored(
    client: TestClient, spec: dict[str, Any], named: str
) -> None:
    """Before: a name with a lone surrogate gave 500 after the game was stored, and
    the listing answered 500 to everyone from then on."""
    body = json.dumps({"seats": ["human", "random", "random", "random"], **spec})
    reply = client.post("/api/tables", content=body, headers={"content-type": "application/json"})
    assert reply.status_code == 400 and named in reply.json()["detail"]
    assert client.get("/api/tables").json()["tables"] == []


def test_the_table_body_is_described_by_the_schema(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    body = schema["paths"]["/api/tables"]["post"]["requestBody"]["content"]["application/json"]
    assert body["schema"]["$ref"].endswith("/TableRequest")
    fields = schema["components"]["schemas"]["TableRequest"]["properties"]
    assert {"rules", "options", "seats", "names", "policy", "wait_seconds"} <= set(fields)
    assert "bot_seconds" in schema["components"]["schemas"]["TimePolicy"]["properties"]
    listing = schema["paths"]["/api/tables"]["get"]["parameters"]
    assert {p["name"] for p in listing} == {"status", "mine", "limit", "offset"}


def test_types_are_strict(client: TestClient) -> None:
    for spec, named in (
        ({"seats": "human"}, "seats"),
        ({"policy": {"claim_seconds": "5"}}, "claim_seconds"),
        ({"policy": {"claim_seconds": True}}, "claim_seconds"),
        ({"wait_seconds": -1}, "wait_seconds"),
    ):
        reply = client.post("/api/tables", json=spec)
        assert reply.status_code == 400 and named in reply.json()["detail"], spec


def test_a_body_too_large_is_refused_before_it_is_read(client: TestClient) -> None:
    reply = client.post(
        "/api/tables",
        content=b'{"names": ["' + b"x" * 70000 + b'"]}',
        headers={"content-type": "application/json"},
    )
    assert reply.status_code == 413


# -- limits -------------------------------------------------------------------------------


def test_one_client_makes_so_many_tables_a_minute(tmp_path: Path) -> None:
    """Before: 500 tables in 6.6 s from one client."""
    app = create_app(f"sqlite:///{tmp_path / 'g.db'}", limits=Limits(2, 0, 0))
    spec = {"seats": ["human", "random", "random", "random"]}
    with TestClient(app) as c:
        made(c.post("/api/tables", json=spec))
        made(c.post("/api/tables", json=spec))
        refused = c.post("/api/tables", json=spec)
        assert refused.status_code == 429
        assert 0 < int(refused.headers["retry-after"]) <= 60
        assert "2 tables a minute" in refused.json()["detail"]


def test_one_client_keeps_so_many_tables_open(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'g.db'}", limits=Limits(0, 1, 0))
    spec = {"seats": ["human", "random", "random", "random"]}
    with TestClient(app) as c:
        made(c.post("/api/tables", json=spec))
        refused = c.post("/api/tables", json=spec)
        assert refused.status_code == 429 and "retry-after" in refused.headers
        assert "1 open tables" in refused.json()["detail"]


def test_the_rate_limiter_forgets_after_a_minute() -> None:
    now = [0.0]
    limiter = RateLimiter(1, clock=lambda: now[0])
    limiter.note("a")
    assert limiter.wait("a") == 60.0
    now[0] = 59.5
    assert limiter.wait("a") == pytest.approx(0.5)
    now[0] = 60.0
    assert limiter.wait("a") == 0.0


def test_limits_come_from_the_environment() -> None:
    limits = Limits.from_env({"PARLOUR_TABLES_PER_MINUTE": "0", "PARLOUR_UNPLAYED_HOURS": "2"})
    assert (limits.tables_per_minute, limits.open_tables, limits.unplayed_hours) == (0, 30, 2.0)
    with pytest.raises(ValueError, match="PARLOUR_OPEN_TABLES"):
        Limits.from_env({"PARLOUR_OPEN_TABLES": "-1"})


def test_a_table_nobody_came_to_expires() -> None:
    async def scenario() -> None:
        store = Store("sqlite:///:memory:")
        manager = Manager(store, unplayed_hours=1)
        spec = {"seats": ["human", "random", "random", "random"], "policy": NO_PAUSE}
        lonely = await manager.create(spec)
        visited = await manager.create(spec)
        game = manager.get(visited["id"])
        assert game is not None
        inbox = Inbox(0)
        await game.connect(inbox.conn)
        later = dt.datetime.now(dt.UTC) + dt.timedelta(hours=1, minutes=1)
        assert await manager.sweep(later) == [lonely["id"]]
        row = store.game(lonely["id"])
        assert row is not None and row.status == "expired"
        assert manager.get(lonely["id"]) is None
        assert manager.get(visited["id"]) is game
        await manager.close()

    run(scenario())


def test_the_listing_is_paged_and_filtered(client: TestClient) -> None:
    human = {"seats": ["human", "random", "random", "random"]}
    ids = [made(client.post("/api/tables", json=human))["id"] for _ in range(3)]
    done = {
        "rules": "piquet",
        "options": {"partie": "single_game"},
        "seats": ["random", "random"],
        "policy": {"bot_seconds": 0},
        "wait_seconds": 60,
    }
    finished = made(client.post("/api/tables", json=done))["id"]
    first = client.get("/api/tables?limit=2").json()
    assert len(first["tables"]) == 2 and first["next"] is not None
    second = client.get(first["next"]).json()
    assert second["next"] is None
    seen = [t["id"] for t in first["tables"] + second["tables"]]
    assert sorted(seen) == sorted([*ids, finished])
    running = client.get("/api/tables?status=running").json()["tables"]
    assert sorted(t["id"] for t in running) == sorted(ids)
    assert [t["id"] for t in client.get("/api/tables?status=finished").json()["tables"]] == [
        finished
    ]
    assert len(client.get("/api/tables?mine=true").json()["tables"]) == 4
    assert client.get("/api/tables?status=nonsense").status_code == 400
    assert client.get("/api/tables?limit=0").status_code == 400


# -- actions ------------------------------------------------------------------------------


def test_action_ids_belong_to_a_seat() -> None:
    """Before: seat 1's action with id "1" was dropped as a duplicate of seat 0's."""

    async def scenario() -> None:
        clock = Clock()
        _, game, _ = await new_game(["human", "human", "human", "human"], NO_PAUSE, clock)
        first = await answer_turn(game, "1")
        assert first["status"] == "applied"
        again = await game.submit(first["player"], {"type": "action", "action": "x", "id": "1"})
        assert again["status"] == "duplicate"  # the same seat's id, sent twice
        await game.settle()
        second = await answer_turn(game, "1")
        assert second["player"] != first["player"] and second["status"] in ("applied", "held")
        await game.close()

    run(scenario())


async def answer_turn(game: LiveGame, action_id: str | None) -> dict[str, Any]:
    """The first seat to act answers its first legal action with ``action_id``."""
    match = game.match
    seat = match.to_act()[0]
    player = match.player_at(seat)
    legal = match.legal_actions(seat)
    text = match.format_action(legal[0])
    message = {"type": "action", "action": text}
    if action_id is not None:
        message["id"] = action_id
    ack = await game.submit(player, message)
    return {**ack, "player": player}


def test_a_stale_action_is_refused_with_the_table_as_it_is() -> None:
    """Before: an action sent from the view of step 3 was applied at step 15 (only
    the hand was checked)."""
    from parlour.server.live import Stale

    async def scenario() -> None:
        clock = Clock()
        _, game, _ = await new_game(["human", "human", "human", "human"], NO_PAUSE, clock)
        old_step = game.match.public_step()
        for _ in range(6):
            await answer_turn(game, None)
            await game.settle()
        assert game.match.public_step() > old_step
        match = game.match
        seat = match.to_act()[0]
        player = match.player_at(seat)
        text = match.format_action(match.legal_actions(seat)[0])
        with pytest.raises(Stale, match="step") as refused:
            await game.submit(player, {"type": "action", "action": text, "step": old_step})
        assert refused.value.state["step"] == match.public_step()
        before = game.seq
        ack = await game.submit(
            player, {"type": "action", "action": text, "step": match.public_step()}
        )
        assert ack["status"] in ("applied", "held") and (
            game.seq > before or ack["status"] == "held"
        )
        await game.close()

    run(scenario())


def test_a_binary_frame_closes_the_socket_with_1003(client: TestClient) -> None:
    """Before: KeyError('text') in the log and the socket dropped without a close."""
    table = made(
        client.post("/api/tables", json={"seats": ["human", "random", "random", "random"]})
    )
    link = table["links"][0]["url"].rsplit("/", 1)[1]
    with client.websocket_connect(f"/ws/{link}") as ws:
        assert ws.receive_json()["type"] == "state"
        ws.send_bytes(b"\x00\x01")
        assert ws.receive_json()["message"] == "messages are JSON text, not binary frames"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1003


# -- a spectator's delay ------------------------------------------------------------------


def test_the_spectator_delay_holds_for_the_api_too() -> None:
    """Before: with spectator_delay set, GET /api/tables/ID (ids are listed publicly)
    showed the current hand and scores at once."""

    async def scenario() -> None:
        clock = Clock()
        policy = {**NO_PAUSE, "spectator_delay": 60, "bot_seconds": 1}
        manager, game, table = await new_game(["random"] * 4, policy, clock)
        start = manager.info(table["id"])
        assert start is not None and start["hand"] == 1
        while game.match.hand_number == 1 and not game.match.is_over():
            clock.now += 1
            await game.settle()
        assert game.match.hand_number == 2
        shown = manager.info(table["id"])
        assert shown is not None
        assert (shown["hand"], shown["scores"]) == (1, start["scores"])
        clock.now += 61
        shown = manager.info(table["id"])
        assert shown is not None and shown["hand"] == 2
        await game.close()

    run(scenario())

"""The server through its API and sockets: create a table, play it, reconnect, download
the record, and refuse every kind of bad input without changing a game."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from parlour.records import validate
from parlour.server import app as app_module
from parlour.server.app import FLOOD, MAX_MESSAGE, create_app

FAST = {"pause_seconds": 0, "claim_seconds": 30, "hand_pause_seconds": 0}


@pytest.fixture(
    params=[
        pytest.param(0, id="in-process"),
        pytest.param(2, id="two-workers", marks=pytest.mark.slow),
    ]
)
def client(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[TestClient]:
    """The server with its games in its own process, and in two worker processes
    (every test of the API and the sockets holds for both)."""
    app = create_app(f"sqlite:///{tmp_path / 'games.db'}", workers=request.param)
    with TestClient(app) as c:
        yield c


def local_manager(client: TestClient) -> Any:
    """The manager of a server whose games run in its own process (a test that reads a
    live game directly skips the sharded server)."""
    manager = getattr(client.app.state, "manager", None)  # type: ignore[attr-defined]
    if manager is None:
        pytest.skip("the games run in worker processes")
    return manager


def make(client: TestClient, seats: list[str], **more: Any) -> dict[str, Any]:
    reply = client.post("/api/tables", json={"seats": seats, "policy": FAST, **more})
    assert reply.status_code == 201, reply.text
    made: dict[str, Any] = reply.json()
    return made


def token(url: str) -> str:
    return url.rsplit("/", 1)[1]


def next_state(ws: Any) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == "state":
            return message


def play_until(
    ws: Any,
    stop: Any,
    rng: random.Random,
    *,
    limit: int = 5000,
    state: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Answer every prompt with a random legal action until ``stop(state)``, from
    ``state`` (the last one received) or the next one to come."""
    if state is None:
        state = next_state(ws)
    for _ in range(limit):
        if stop(state):
            return state
        legal = state["observation"]["legal"]
        if legal and not state["answered"]:
            choice = rng.choice(legal)
            ws.send_json(
                {"type": "action", "action": choice, "hand": state["hand"], "id": str(rng.random())}
            )
        elif state["between_hands"] and not state["match_over"]:
            ws.send_json({"type": "next"})
        state = next_state(ws)
    raise AssertionError("the game did not get there")


def test_the_api_describes_itself(client: TestClient) -> None:
    assert client.get("/openapi.json").status_code == 200
    rules = client.get("/api/rules").json()
    assert rules["systems"][0]["name"] == "mcr" and "greedy" in rules["bots"]
    for page in ("/", "/calculator", "/records"):
        reply = client.get(page)
        assert reply.status_code == 200 and '<script type="module">' in reply.text
    assert client.get("/tiles/5p.svg").text.startswith("<svg")
    assert client.get("/tiles/5q.svg").status_code == 404
    assert client.get("/static/client.js").status_code == 200


def test_a_table_is_made_with_secret_links(client: TestClient) -> None:
    made = make(client, ["human", "greedy", "human", "random"])
    assert len(made["links"]) == 2 and made["spectator"].startswith("/watch/")
    for link in made["links"]:
        assert len(token(link["url"])) >= 32  # 192 random bits
        assert client.get(link["url"]).status_code == 200
    info = client.get(f"/api/tables/{made['id']}").json()
    assert info["status"] == "running" and "seed" not in info and "salt" not in info
    assert info["commitment"] == made["commitment"]
    assert client.get("/play/not-a-real-token-at-all").status_code == 404


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ({"rules": "nope"}, "unknown rule system 'nope'"),
        (
            {"rules": "kawuxing", "seats": ["human", "greedy", "random", "random"]},
            "kawuxing is played by 3: give 3 seats",
        ),
        ({"seats": ["human"]}, "mcr is played by 4: give 4 seats"),
        ({"seats": ["human", "human", "human", "wizard"]}, "a seat is 'human' or a bot"),
        ({"options": {"kong_values": "x"}}, "kong_values"),
        ({"policy": {"claim_seconds": -1}}, "claim_seconds must be"),
        ({"policy": {"speed": 1}}, "unknown time policy field"),
        ({"colour": "red"}, "unknown field(s): colour"),
        ({"names": ["a", "b"]}, "names are 4 names"),
    ],
)
def test_bad_tables_are_refused(client: TestClient, spec: dict[str, Any], message: str) -> None:
    reply = client.post("/api/tables", json=spec)
    assert reply.status_code == 400 and message in reply.json()["detail"]


def test_bad_requests_are_refused(client: TestClient) -> None:
    reply = client.post("/api/tables", content=b"{not json")
    assert reply.status_code == 400 and reply.json()["detail"] == "the request is not JSON"
    assert client.post("/api/tables", content=b"[1]").status_code == 400
    assert client.get("/api/tables/nope").status_code == 404
    reply = client.post("/api/score", json={"hand": "123m 456p 789s EEE CC", "win_tile": "C"})
    assert reply.status_code == 200 and reply.json()["total"] == 21
    assert client.post("/api/score", json={"hand": "12x"}).status_code == 400


def test_the_calculator_api_scores_flags_winds_and_bonus_tiles_as_parlour_score(
    client: TestClient,
) -> None:
    from parlour import score

    situation = {
        "rules": "mcr",
        "hand": "[123m] 456p 789s EEE CC +C",
        "win_tile": "C",
        "seat_wind": "S",
        "round_wind": "W",
        "self_drawn": True,
        "last_wall_tile": True,
        "bonus": "f1 x3",
    }
    reply = client.post("/api/score", json=situation)
    assert reply.status_code == 200
    assert reply.json() == score(situation).to_json()
    names = [p["name"] for p in reply.json()["patterns"]]
    assert "Last Tile Draw" in names and "Flower Tiles" in names
    on_discard = {**situation, "self_drawn": False, "last_wall_tile": False}
    on_discard |= {"hand": "[123m] 456p 78s EEE CC +9s", "win_tile": "9s"}
    on_discard |= {"last_of_kind": True, "discarder": "N", "bonus": 0}
    reply = client.post("/api/score", json=on_discard)
    assert reply.json() == score(on_discard).to_json()
    assert reply.json()["payments"]["N"] < 0


@pytest.mark.parametrize(
    "body",
    [
        [1],
        "hand",
        {"hand": "123m 456p 789s EEE CC", "win_tile": "C", "bonus": ["f1", 3]},
        {"hand": "123m 456p 789s EEE CC", "win_tile": "C", "self_drawn": "yes"},
        {"hand": "123m 456p 789s EEE CC", "win_tile": "C", "seat_wind": 2},
        {"hand": "123m 456p 789s EEE CC", "win_tile": "C", "rules": "nope"},
    ],
)
def test_the_calculator_api_refuses_what_it_cannot_read(client: TestClient, body: Any) -> None:
    reply = client.post("/api/score", json=body)
    assert reply.status_code == 400 and reply.json()["detail"]


def test_a_whole_match_against_bots_through_a_socket(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # this scripted client answers faster than any person, more than FLOOD[0] messages
    # a second against a quick server: the flood limit has its own test below
    monkeypatch.setattr(app_module, "FLOOD", (10**9, 1.0))
    made = make(client, ["human", "random", "random", "random"], policy={**FAST})
    rng = random.Random(1)
    with client.websocket_connect(f"/ws/{token(made['links'][0]['url'])}") as ws:
        first = next_state(ws)
        assert first["observation"]["seat"] == 0 and first["hand"] == 1
        assert first["commitment"] == made["commitment"]
        # one hand to its end: the result with every win and the payments
        state = play_until(ws, lambda s: s.get("last_hand") is not None, rng, state=first)
        assert state["hand"] == 2 or state["between_hands"]
        assert state["last_hand"]["number"] == 1
        assert sum(state["last_hand"]["result"]["payments"]) == 0
        # then the rest of the match (16 hands)
        state = play_until(ws, lambda s: s["match_over"], rng, limit=200000, state=state)
    assert state["results"]["complete"] and len(state["score_history"]) == 16
    record = client.get(f"/api/tables/{made['id']}/record").json()
    assert validate(record).ok
    info = client.get(f"/api/tables/{made['id']}").json()
    digest = hashlib.sha256(f"{info['seed']}:{info['salt']}".encode()).hexdigest()
    assert (
        info["status"] == "finished"
        and digest == made["commitment"] == record["fairness"]["commitment"]
    )
    assert record["seed"] == info["seed"]
    steps = client.get(f"/api/tables/{made['id']}/replay/1").json()["steps"]
    assert steps[0]["action"] is None and len(steps) == len(record["hands"][0]["actions"]) + 1
    assert client.get(f"/api/tables/{made['id']}/replay/17").status_code == 404


def test_the_record_and_replay_wait_for_the_end(client: TestClient) -> None:
    made = make(client, ["human", "random", "random", "random"])
    assert client.get(f"/api/tables/{made['id']}/record").status_code == 409
    assert client.get(f"/api/tables/{made['id']}/replay/1").status_code == 409


def test_a_client_that_reconnects_gets_its_current_state(client: TestClient) -> None:
    made = make(client, ["human", "random", "random", "random"])
    url = f"/ws/{token(made['links'][0]['url'])}"
    rng = random.Random(2)
    with client.websocket_connect(url) as ws:
        state = play_until(ws, lambda s: len(s["observation"]["discards"][0].split()) >= 3, rng)
    with client.websocket_connect(url) as ws:
        again = next_state(ws)
    assert again["observation"]["discards"] == state["observation"]["discards"]
    assert again["observation"]["hand"] == state["observation"]["hand"]
    assert again["step"] >= state["step"]


def test_an_action_id_is_applied_once(client: TestClient) -> None:
    made = make(client, ["human", "random", "random", "random"])
    with client.websocket_connect(f"/ws/{token(made['links'][0]['url'])}") as ws:
        state = next_state(ws)
        action = state["observation"]["legal"][-1]
        message = {"type": "action", "action": action, "hand": 1, "id": "click-1"}
        ws.send_json(message)
        ack = ws.receive_json()
        while ack["type"] != "ack":
            ack = ws.receive_json()
        assert ack["status"] == "applied"
        ws.send_json(message)  # a double click
        reply = ws.receive_json()
        while reply["type"] != "ack":
            reply = ws.receive_json()
        assert reply == {"type": "ack", "id": "click-1", "status": "duplicate"}
    store = client.app.state.games.store  # type: ignore[attr-defined]
    assert len([a for a in store.log(made["id"]) if a.action_id == "click-1"]) == 1


def errors_for(ws: Any, message: Any) -> dict[str, Any]:
    ws.send_text(message if isinstance(message, str) else json.dumps(message))
    while True:
        reply: dict[str, Any] = ws.receive_json()
        if reply["type"] in ("error", "ack"):
            return reply


def test_bad_messages_get_an_error_and_change_nothing(client: TestClient) -> None:
    made = make(client, ["human", "random", "random", "random"])
    game = local_manager(client).get(made["id"])
    with client.websocket_connect(f"/ws/{token(made['links'][0]['url'])}") as ws:
        state = next_state(ws)
        before = (game.seq, json.dumps(game.session.current_table().observation(0)))
        cases = [
            ("{not json", "the message is not JSON"),
            ("[1, 2]", "a message is a JSON object with a type"),
            ({"type": "shout"}, "unknown message type 'shout'"),
            ({"type": "action", "action": "discard 9q", "hand": 1}, "cannot read the action"),
            ({"type": "action", "action": "pung 5p", "hand": 1}, "is not allowed for seat 0"),
            ({"type": "action", "action": state["observation"]["legal"][0], "hand": 2},
             "the action is for hand 2, but hand 1 is being played"),
            ({"type": "action", "action": 42, "hand": 1}, "an action is text"),
            ({"type": "action", "action": "pass", "hand": 1, "id": 5}, "an action's id is text"),
            ({"type": "auto", "auto": {"win_always": True}}, "unknown auto-action 'win_always'"),
            ({"type": "help", "action": 5}, "ask about an action written as text"),
            ("x" * (MAX_MESSAGE + 1), f"longer than {MAX_MESSAGE} bytes"),
        ]  # fmt: skip
        for message, expected in cases:
            reply = errors_for(ws, message)
            assert reply["type"] == "error" and expected in reply["message"], (message, reply)
        assert (game.seq, json.dumps(game.session.current_table().observation(0))) == before
        ws.send_json({"type": "ping"})
        assert ws.receive_json()["type"] in ("pong", "state")


def test_a_seat_out_of_turn_is_refused(client: TestClient) -> None:
    # seat 0 answers nothing after its first discard: its claim windows pass after 2 s
    # and its turns' clocks discard for it after 1 s, so that seat 1's turn always comes
    # (a claim could bring seat 0's turn round first, and the game waited for it)
    policy = {**FAST, "claim_seconds": 2, "turn_seconds": 1}
    made = make(client, ["human", "human", "random", "random"], policy=policy)
    a_url, b_url = (f"/ws/{token(link['url'])}" for link in made["links"])
    with client.websocket_connect(a_url) as a, client.websocket_connect(b_url) as b:
        state = next_state(a)
        while not any(x.startswith("discard") for x in state["observation"]["legal"]):
            state = next_state(a)
        a.send_json({"type": "action", "action": state["observation"]["legal"][-1], "hand": 1})
        theirs = next_state(b)
        while not any(x.startswith("discard") for x in theirs["observation"]["legal"]):
            if theirs["observation"]["legal"] and not theirs["answered"]:
                b.send_json({"type": "action", "action": "pass", "hand": 1})
            theirs = next_state(b)
        a.send_json({"type": "action", "action": "discard 1m", "hand": 1, "id": "late"})
        reply = a.receive_json()
        while reply.get("id") != "late":
            reply = a.receive_json()
        assert reply["type"] == "error" and reply["id"] == "late"
        assert reply["message"].startswith("seat 0 has nothing to decide now (to act: ")


def test_a_flood_closes_the_socket(client: TestClient) -> None:
    made = make(client, ["human", "random", "random", "random"])
    with client.websocket_connect(f"/ws/{token(made['links'][0]['url'])}") as ws:
        next_state(ws)
        for _ in range(FLOOD[0] + 50):
            ws.send_json({"type": "ping"})
        texts = []
        with pytest.raises(WebSocketDisconnect):  # the server closes the socket
            for _ in range(FLOOD[0] + 100):
                texts.append(ws.receive_json())
        assert any(m.get("message") == "too many messages: the socket is closed" for m in texts)


def test_a_wrong_link_is_told_so(client: TestClient) -> None:
    with client.websocket_connect("/ws/not-a-real-token-at-all") as ws:
        assert ws.receive_json() == {"type": "error", "message": "no such seat: the link is wrong"}


def test_help_names_waits_and_why_not(client: TestClient) -> None:
    made = make(client, ["human", "random", "random", "random"])
    with client.websocket_connect(f"/ws/{token(made['links'][0]['url'])}") as ws:
        next_state(ws)
        ws.send_json({"type": "help", "action": "win"})
        reply = ws.receive_json()
        while reply["type"] != "help":
            reply = ws.receive_json()
        assert reply["allowed"] is False and "win" in reply["why"]
        assert isinstance(reply["waits"], dict)


def test_spectators_cannot_act(client: TestClient) -> None:
    made = make(client, ["human", "random", "random", "random"])
    with client.websocket_connect(f"/ws/{token(made['spectator'])}") as ws:
        state = next_state(ws)
        assert state["observation"]["hand"] is None and state["player"] is None
        reply = errors_for(ws, {"type": "action", "action": "pass", "hand": 1})
        assert reply["message"] == "a spectator cannot act"


def test_a_game_whose_log_does_not_replay_does_not_stop_the_others(tmp_path: Path) -> None:
    from parlour.server.store import Store

    url = f"sqlite:///{tmp_path / 'games.db'}"
    store = Store(url)
    store.create_game(
        "bad", ruleset="mcr", options={}, players=["a", "b", "c", "d"],
        kinds=["human", "random", "random", "random"], policy={}, seed=1, salt="s",
        tokens={"a-token-long-enough": 0},
    )  # fmt: skip
    store.append("bad", 1, hand=1, seat=3, action="discard 4p", action_id=None, by="player")
    with TestClient(create_app(url)) as client:
        assert client.get("/api/tables/bad").json()["status"] == "broken"
        manager = client.app.state.manager  # type: ignore[attr-defined]
        assert "seat 3" in manager.broken["bad"]
        made = make(client, ["human", "random", "random", "random"])
        assert client.get(f"/api/tables/{made['id']}").json()["status"] == "running"

"""A server whose games run in worker processes: a worker that dies is started again
and its games go on where they were; the pipe's frames; what cannot be sharded."""

from __future__ import annotations

import os
import random
import signal
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from parlour.server.app import create_app
from parlour.server.shards import READY, RESTARTED, SEND, _Frames, frame, shard_of

FAST = {"pause_seconds": 0, "claim_seconds": 30, "hand_pause_seconds": 0}


def next_prompt(ws: Any) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == "state" and (
            message["match_over"] or (message["observation"]["legal"] and not message["answered"])
        ):
            return message


@pytest.mark.slow
def test_a_worker_that_dies_is_started_again_and_its_games_go_on(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'games.db'}", workers=2)
    with TestClient(app) as client:
        made = client.post(
            "/api/tables", json={"seats": ["human", "random", "random", "random"], "policy": FAST}
        ).json()
        link = f"/ws/{made['links'][0]['url'].rsplit('/', 1)[1]}"
        rng = random.Random(4)
        with client.websocket_connect(link) as ws:
            state = next_prompt(ws)
            for _ in range(6):
                action = rng.choice(state["observation"]["legal"])
                ws.send_json({"type": "action", "action": action, "hand": state["hand"]})
                state = next_prompt(ws)
            worker = app.state.games.shards.owner(made["id"])
            dead = worker.process.pid
            os.kill(dead, signal.SIGKILL)
            with pytest.raises(WebSocketDisconnect) as closed:
                while True:
                    ws.receive_json()
            assert closed.value.code == RESTARTED
        deadline = time.monotonic() + 30
        while worker.process.pid == dead or worker.writer is None:
            assert time.monotonic() < deadline, "the worker was not started again"
            time.sleep(0.05)
        assert worker.restarts == 1
        with client.websocket_connect(link) as ws:
            again = next_prompt(ws)
            assert (again["step"], again["hand"]) == (state["step"], state["hand"])
            assert again["observation"]["hand"] == state["observation"]["hand"]
            action = rng.choice(again["observation"]["legal"])
            ws.send_json({"type": "action", "action": action, "hand": again["hand"]})
            assert next_prompt(ws)["step"] > again["step"]
        info = client.get(f"/api/tables/{made['id']}").json()
        assert info["status"] == "running" and info["hand"] == state["hand"]


def test_frames_are_cut_out_of_the_pipe_however_its_bytes_come() -> None:
    items = [(SEND, 1, '{"type":"state"}' * 50), (READY,), (SEND, 2, "é")]
    data = b"".join(frame(i) for i in items)
    for step in (1, 3, 7, 1000):
        cutter = _Frames()
        got = []
        for start in range(0, len(data), step):
            got += cutter.feed(data[start : start + step])
        assert got == items and not cutter.buffer


def test_every_game_has_one_owner_however_many_workers() -> None:
    ids = [f"{n:016x}" for n in range(0, 2000, 7)]
    for count in (1, 2, 3, 8):
        owners = [shard_of(i, count) for i in ids]
        assert set(owners) == set(range(count))
    assert shard_of("not-hex", 4) in range(4)  # any id has an owner


def test_an_in_memory_database_takes_no_workers() -> None:
    with pytest.raises(ValueError, match="in-memory"):
        create_app("sqlite:///:memory:", workers=2)
    with pytest.raises(ValueError, match="0"):
        create_app("sqlite:///:memory:", workers=-1)


def test_serve_refuses_a_number_of_workers_it_cannot_take() -> None:
    from typer.testing import CliRunner

    from parlour.cli import _worker_count, app

    for bad in ("many", "-1", "65"):
        result = CliRunner().invoke(app, ["serve", f"--workers={bad}"])
        assert result.exit_code == 2, result.output  # a usage error, as click's own
        assert "--workers must be auto or a number" in result.output
    assert _worker_count("3", "sqlite:///x.db") == 3
    assert _worker_count("auto", "sqlite:///:memory:") == 0

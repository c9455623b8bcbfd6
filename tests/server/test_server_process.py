"""The server as a real process: killed with SIGKILL in the middle of a hand and started
again, every game goes on exactly where it was; and the same server on PostgreSQL,
whenever a throwaway PostgreSQL server can be started from Debian's package."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from parlour.records import validate
from parlour.server.live import LiveGame
from parlour.server.store import Store
from processes import children


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(port: int, url: str, workers: str = "auto") -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "parlour.cli", "serve", "--port", str(port)]
    proc = subprocess.Popen(
        [*command, "--database-url", url, "--workers", workers],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/rules", timeout=1):
                return proc
        except OSError:
            if proc.poll() is not None:
                out = proc.stdout.read().decode() if proc.stdout else ""
                raise AssertionError(f"the server did not start: {out}") from None
            time.sleep(0.1)
    proc.kill()
    raise AssertionError("the server did not answer within 30 s")


def _gone(pids: list[int], timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    for pid in pids:
        while Path(f"/proc/{pid}").exists():
            stat = Path(f"/proc/{pid}/stat").read_text() if Path(f"/proc/{pid}").exists() else ""
            if ") Z" in stat:
                break  # a zombie: it has stopped, its parent is gone
            assert time.monotonic() < deadline, f"worker {pid} outlived its server"
            time.sleep(0.05)


def post(port: int, path: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as reply:
        data: dict[str, Any] = json.loads(reply.read())
        return data


def get(port: int, path: str) -> Any:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as reply:
        return json.loads(reply.read())


def state_of(ws: Any) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=20))
        if message["type"] == "state":
            return message


def prompt(ws: Any) -> dict[str, Any]:
    """The next state in which the seat must decide (or the match is over)."""
    while True:
        state = state_of(ws)
        if state["match_over"] or (state["observation"]["legal"] and not state["answered"]):
            return state
        if state["between_hands"]:
            ws.send(json.dumps({"type": "next"}))


def act(ws: Any, state: dict[str, Any], n: int) -> None:
    legal = state["observation"]["legal"]
    wins = [a for a in legal if a.split()[0] in ("win", "rob")]
    choice = wins[0] if wins else legal[n % len(legal)]
    ws.send(json.dumps({"type": "action", "action": choice, "hand": state["hand"], "id": f"a{n}"}))


POLICY = {"pause_seconds": 0, "claim_seconds": 60, "hand_pause_seconds": 0, "hands": 1}


@pytest.mark.slow
@pytest.mark.parametrize("workers", ["0", "2"])
def test_a_killed_server_goes_on_exactly_where_it_was(tmp_path: Path, workers: str) -> None:
    """SIGKILL in the middle of a hand, the games in the server's own process or in
    two worker processes (which must not outlive it): every game goes on where it was."""
    url = f"sqlite:///{tmp_path / 'games.db'}"
    port = free_port()
    server = start_server(port, url, workers)
    try:
        # a greedy bot may win before the middle of the hand: then another table
        for _ in range(10):
            made = post(
                port,
                "/api/tables",
                {"seats": ["human", "greedy", "greedy", "greedy"], "policy": POLICY},
            )
            seat_url = f"ws://127.0.0.1:{port}/ws/{made['links'][0]['url'].rsplit('/', 1)[1]}"
            with connect(seat_url) as ws:
                state = prompt(ws)
                n = 0
                # play into the middle of the hand, stopping at one of our own turns
                while n < 12 or not any(
                    a.startswith("discard") for a in state["observation"]["legal"]
                ):
                    act(ws, state, n)
                    n += 1
                    state = prompt(ws)
                    if state["match_over"]:
                        break
            if not state["match_over"]:
                break
        assert not state["match_over"], "every hand ended before the test could kill it"
        before = state
        running = sorted(children(server.pid))
        assert len(running) == int(workers)
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)
        _gone(running)  # the workers saw their server go and stopped
        logged = Store(url).log(made["id"])
        # every action seen was committed
        replayed = LiveGame(Store(url).game(made["id"]), Store(url))  # type: ignore[arg-type]
        assert logged and replayed.view(0)["step"] == before["step"]
        server = start_server(port, url, workers)
        with connect(seat_url) as ws:
            after = prompt(ws)
            assert after["step"] == before["step"] and after["hand"] == before["hand"]
            for key in (
                "hand",
                "melds",
                "discards",
                "bonus",
                "wall",
                "legal",
                "hand_sizes",
                "current",
            ):
                assert after["observation"][key] == before["observation"][key], key
            while not after["match_over"]:
                act(ws, after, n)
                n += 1
                after = prompt(ws)
        record = get(port, f"/api/tables/{made['id']}/record")
        assert validate(record).ok
    finally:
        server.kill()
        server.wait(timeout=10)


# -- PostgreSQL ------------------------------------------------------------------------------


def _pg_bin() -> Path | None:
    found = shutil.which("pg_ctl")
    if found:
        return Path(os.path.realpath(found)).parent
    for candidate in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (candidate / "pg_ctl").exists():
            return candidate
    return None


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    """A throwaway PostgreSQL server (Debian's package), or skip when there is none."""
    binaries = _pg_bin()
    if binaries is None:
        pytest.skip("no PostgreSQL server here (pg_ctl not found)")
    root = Path(tempfile.mkdtemp(prefix="parlour-pg-", dir="/tmp"))
    os.chmod(root, 0o777)
    as_user: list[str] = []
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        shutil.chown(root, "postgres")
        as_user = ["runuser", "-u", "postgres", "--"]
    port = free_port()
    data, sockets = root / "data", root / "sockets"

    def run(*args: str) -> None:
        subprocess.run([*as_user, *args], check=True, capture_output=True, timeout=120)

    run("mkdir", "-p", str(sockets))
    run(str(binaries / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres")
    options = f"-p {port} -k {sockets} -c listen_addresses=''"
    run(
        str(binaries / "pg_ctl"),
        "-D",
        str(data),
        "-o",
        options,
        "-l",
        str(root / "log"),
        "-w",
        "start",
    )
    try:
        run(
            str(binaries / "createdb"),
            "-h",
            str(sockets),
            "-p",
            str(port),
            "-U",
            "postgres",
            "parlour",
        )
        yield f"postgresql+psycopg://postgres@/parlour?host={sockets}&port={port}"
    finally:
        subprocess.run(
            [*as_user, str(binaries / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"],
            capture_output=True,
            timeout=60,
        )
        shutil.rmtree(root, ignore_errors=True)


@pytest.mark.slow
def test_the_store_on_postgresql(postgres_url: str) -> None:
    store = Store(postgres_url)
    store.create_game(
        "pg1", ruleset="mcr", options={}, players=["a", "b", "c", "d"],
        kinds=["human", "greedy", "greedy", "greedy"], policy={}, seed=2**62, salt="ab",
        tokens={"a-token-long-enough": 0},
    )  # fmt: skip
    store.append("pg1", 1, hand=1, seat=0, action="discard 4p", action_id="x", by="player")
    assert [e.action for e in store.log("pg1")] == ["discard 4p"]
    assert store.find_token("a-token-long-enough") == ("pg1", 0)
    assert Store(postgres_url).game("pg1").seed == 2**62  # type: ignore[union-attr]
    store.finish("pg1")


@pytest.mark.slow
def test_a_killed_server_on_postgresql_resumes_too(postgres_url: str) -> None:
    port = free_port()
    server = start_server(port, postgres_url)
    try:
        made = post(
            port,
            "/api/tables",
            {"seats": ["human", "random", "random", "random"], "policy": POLICY},
        )
        seat_url = f"ws://127.0.0.1:{port}/ws/{made['links'][0]['url'].rsplit('/', 1)[1]}"
        with connect(seat_url) as ws:
            state = prompt(ws)
            for n in range(6):
                act(ws, state, n)
                state = prompt(ws)
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)
        server = start_server(port, postgres_url)
        with connect(seat_url) as ws:
            after = prompt(ws)
            assert after["step"] == state["step"]
            assert after["observation"]["hand"] == state["observation"]["hand"]
            n = 6
            while not after["match_over"]:
                act(ws, after, n)
                n += 1
                after = prompt(ws)
        assert validate(get(port, f"/api/tables/{made['id']}/record")).ok
    finally:
        server.kill()
        server.wait(timeout=10)

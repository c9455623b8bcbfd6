"""A soak on loopback against a real ``parlour serve --workers 2``: many tables at once
(people who think before they act, two people at one table, tables of bots alone,
people who leave half-way and never come back, spectators), one worker killed with
SIGKILL in the middle, then the server stopped with SIGTERM and started again on the
same database, every client connecting again as a browser does.

Nothing committed is lost: every action a client was told was applied or held is in
the game's log, and no client ever saw a step of a game that its log does not reach.
The figures (tables, actions, kills survived, lost actions, p99 of action to ack,
memory of the server's processes) are printed and written to ``soak.json`` in the
test's temporary directory; only lost actions and the server's errors are asserted,
never a time.

The short form runs by default (about a minute here); ``--runslow`` runs the long one
(200 tables)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from test_server_shutdown import BOTS_POLICY, Running, serve
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from parlour.server.store import Store

NO_LIMITS = {"PARLOUR_TABLES_PER_MINUTE": "0", "PARLOUR_OPEN_TABLES": "0"}
"""The per-client limits lifted: every table here comes from one address."""


@dataclass
class Plan:
    """The soak's size and its timeline (seconds from the first table)."""

    tables: int
    every: float  # between two tables made
    kill_at: float  # SIGKILL to one worker
    stop_at: float  # SIGTERM to the server's group, then started again
    end_at: float  # the clients stop (those still playing)
    think: tuple[float, float] = (0.05, 0.35)  # a person's time to decide


SHORT = Plan(tables=40, every=0.3, kill_at=14.0, stop_at=26.0, end_at=52.0)
LONG = Plan(tables=200, every=0.3, kill_at=40.0, stop_at=80.0, end_at=170.0)


@dataclass
class Figures:
    """What the clients saw."""

    sent: int = 0
    acked: int = 0
    refused: int = 0  # an error answer (a stale or no longer legal action)
    latencies: list[float] = field(default_factory=list)
    closes: dict[str, int] = field(default_factory=dict)  # close codes seen, reconnects
    refused_connections: int = 0
    regressions: list[str] = field(default_factory=list)  # a step seen that went back
    http_errors: list[str] = field(default_factory=list)
    # a client connected again: its first state where it last saw the game, or
    # further on (its last action committed before the socket closed, bots, clocks)
    resumed: dict[str, int] = field(default_factory=lambda: {"where it was": 0, "further on": 0})

    def closed(self, code: int | None) -> None:
        key = str(code)
        self.closes[key] = self.closes.get(key, 0) + 1


@dataclass
class Client:
    """One socket's owner: a person at a seat or a spectator."""

    game_id: str
    link: str
    name: str
    spectator: bool = False
    leaves_after: int | None = None  # moves, then gone for good
    acked: list[str] = field(default_factory=list)
    last_step: int = -1
    last_hand: int = 0
    moves: int = 0
    done: bool = False
    left: bool = False


class Soak:
    def __init__(self, plan: Plan, url: str, rng: random.Random) -> None:
        self.plan = plan
        self.url = url
        self.rng = rng
        self.running: Running | None = None
        self.port = 0
        self.figures = Figures()
        self.clients: list[Client] = []
        self.games: dict[str, str] = {}  # game id: what kind of table
        self.stopping = False  # the clients' end
        self.began = 0.0

    # -- the server --------------------------------------------------------------------

    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def ws_url(self, link: str) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/{link.rsplit('/', 1)[1]}"

    def post(self, path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        request = urllib.request.Request(
            self.base() + path,
            data=json.dumps(body).encode(),
            headers={"content-type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as reply:
                return reply.status, json.loads(reply.read())
        except urllib.error.HTTPError as e:
            return e.code, {"detail": e.read().decode(errors="replace")}

    async def make_table(self, spec: dict[str, Any]) -> dict[str, Any] | None:
        """POST a table, waiting and trying again on 429 and 503 (a worker starting
        again, the server stopping); None past the soak's end."""
        while not self.stopping:
            try:
                status, made = await asyncio.to_thread(self.post, "/api/tables", spec)
            except OSError:  # the server is being started again
                await asyncio.sleep(0.5)
                continue
            if status == 201:
                return made
            if status in (429, 503):
                await asyncio.sleep(1.0)
                continue
            if status == 400 and "bot_seconds" in json.dumps(made):
                spec = {**spec, "policy": {"pause_seconds": 0}}  # a server without it
                continue
            self.figures.http_errors.append(f"{status} {made}")
            return None
        return None

    # -- the clients -------------------------------------------------------------------

    async def play(self, client: Client) -> None:
        """Play (or watch) until the match is over, the person leaves or the soak ends;
        connect again whenever the socket is closed."""
        delay = 0.2
        while not (client.done or client.left or self.stopping):
            try:
                async with connect(self.ws_url(client.link), open_timeout=10) as ws:
                    delay = 0.2
                    await self._session(client, ws)
            except ConnectionClosed as e:
                self.figures.closed(e.rcvd.code if e.rcvd is not None else None)
            except (OSError, InvalidHandshake, TimeoutError):
                self.figures.refused_connections += 1
            if client.done or client.left or self.stopping:
                return
            await asyncio.sleep(delay * (0.5 + self.rng.random()))
            delay = min(delay * 2, 2.0)

    async def _session(self, client: Client, ws: Any) -> None:
        first = True
        in_flight: tuple[str, float] | None = None
        latest: dict[str, Any] | None = None
        asked_next: set[int] = set()
        think_until = 0.0
        while not self.stopping:
            timeout = 0.5
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout)
            except TimeoutError:
                raw = None
            if raw is not None:
                message = json.loads(raw)
                kind = message.get("type")
                if kind == "state":
                    step, hand = message["step"], message["hand"]
                    if (hand, step) < (client.last_hand, client.last_step):
                        self.figures.regressions.append(
                            f"{client.name}: saw hand {client.last_hand} step "
                            f"{client.last_step}, then hand {hand} step {step}"
                            + (" (on connecting again)" if first else "")
                        )
                    if first and client.last_step >= 0:  # connected again
                        same = (hand, step) == (client.last_hand, client.last_step)
                        self.figures.resumed["where it was" if same else "further on"] += 1
                    first = False
                    client.last_step, client.last_hand = step, hand
                    latest = message
                    if message["match_over"]:
                        client.done = True
                        return
                    if client.spectator:
                        continue
                    if message["between_hands"] and hand not in asked_next:
                        asked_next.add(hand)
                        await ws.send(json.dumps({"type": "next"}))
                    if message["observation"]["legal"] and not message["answered"]:
                        think_until = time.monotonic() + self.rng.uniform(*self.plan.think)
                elif kind == "ack":
                    if in_flight is not None and message.get("id") == in_flight[0]:
                        self.figures.latencies.append(time.monotonic() - in_flight[1])
                        in_flight = None
                    if message.get("status") in ("applied", "held"):
                        client.acked.append(message["id"])
                        self.figures.acked += 1
                elif kind == "error":
                    if in_flight is not None and message.get("id") == in_flight[0]:
                        in_flight = None
                        self.figures.refused += 1
                    if "state" in message:  # stale: the table as it is now
                        latest = message["state"]
                        think_until = time.monotonic() + self.rng.uniform(*self.plan.think)
            if client.spectator or in_flight is not None or latest is None:
                continue
            state = latest
            if not state["observation"]["legal"] or state["answered"]:
                continue
            if time.monotonic() < think_until:
                continue
            if client.leaves_after is not None and client.moves >= client.leaves_after:
                client.left = True  # gone for good, half-way through
                return
            legal = state["observation"]["legal"]
            wins = [a for a in legal if a.split()[0] in ("win", "rob")]
            choice = wins[0] if wins else self.rng.choice(legal)
            client.moves += 1
            action_id = f"{client.name}-{client.moves}"
            message = {
                "type": "action",
                "action": choice,
                "hand": state["hand"],
                "step": state["step"],
                "id": action_id,
            }
            in_flight = (action_id, time.monotonic())
            self.figures.sent += 1
            latest = None  # decide again on the next state
            await ws.send(json.dumps(message))

    # -- the tables --------------------------------------------------------------------

    async def table(self, n: int) -> None:
        """Make table ``n`` (its kind by its number) and play it."""
        kind = ("person", "person", "two people", "bots", "leaves", "person", "bots")[n % 7]
        fast = {"pause_seconds": 0, "claim_seconds": 60, "hand_pause_seconds": 0}
        if kind == "bots":
            # half of them at once (a slice at a time), half at a spectator's pace
            policy = dict(BOTS_POLICY) if n % 2 else {"pause_seconds": 0, "bot_seconds": 0.2}
            spec: dict[str, Any] = {"seats": ["greedy"] * 4, "policy": {**policy, "hands": 2}}
        elif kind == "two people":
            spec = {"seats": ["human", "random", "human", "greedy"], "policy": {**fast, "hands": 1}}
        else:
            spec = {
                "seats": ["human", "greedy", "random", "greedy"],
                "policy": {**fast, "hands": 2},
            }
        made = await self.make_table(spec)
        if made is None:
            return
        self.games[made["id"]] = kind
        clients = [
            Client(
                made["id"],
                link["url"],
                f"t{n}p{link['player']}",
                leaves_after=self.rng.randint(3, 12) if kind == "leaves" else None,
            )
            for link in made["links"]
        ]
        if kind == "bots" or n % 4 == 0:
            clients.append(Client(made["id"], made["spectator"], f"t{n}w", spectator=True))
        self.clients += clients
        await asyncio.gather(*(self.play(c) for c in clients))

    async def run(self, events: Any) -> None:
        self.began = time.monotonic()
        playing = []
        timeline = asyncio.create_task(events(self))
        for n in range(self.plan.tables):
            playing.append(asyncio.create_task(self.table(n)))
            await asyncio.sleep(self.plan.every)
        left = self.plan.end_at - (time.monotonic() - self.began)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.gather(*playing, return_exceptions=True), max(left, 0))
        self.stopping = True
        await asyncio.gather(*playing, return_exceptions=True)
        await timeline


def rss_kib(pid: int) -> int:
    """The resident memory of ``pid`` (KiB; 0 once it is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def memory(running: Running) -> dict[str, int]:
    """RSS (KiB) of the server's process and of each worker."""
    out = {"server": rss_kib(running.proc.pid)}
    for n, pid in enumerate(sorted(running.workers_now())):
        out[f"worker{n}"] = rss_kib(pid)
    return out


def percentile(values: list[float], p: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def soak(plan: Plan, tmp_path: Path) -> dict[str, Any]:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    soak = Soak(plan, url, random.Random(20240607))
    first = serve(url, "2", env=NO_LIMITS)
    soak.running, soak.port = first, first.port
    servers = [first]
    figures: dict[str, Any] = {
        "tables": plan.tables,
        "worker_kills_survived": 0,
        "server_restarts_survived": 0,
        "memory_kib": {},
    }
    figures["memory_kib"]["first server, started"] = memory(first)

    async def events(soak: Soak) -> None:
        await asyncio.sleep(max(0.0, plan.kill_at - (time.monotonic() - soak.began)))
        running = soak.running
        assert running is not None
        victim = sorted(running.workers_now())[0]
        os.kill(victim, signal.SIGKILL)
        figures["worker_kills_survived"] += 1
        await asyncio.sleep(max(0.0, plan.stop_at - (time.monotonic() - soak.began)))
        figures["memory_kib"]["first server, before SIGTERM"] = memory(running)
        said = time.monotonic()
        os.killpg(running.proc.pid, signal.SIGTERM)
        await asyncio.to_thread(running.proc.wait, 15)
        figures["stop_seconds"] = round(time.monotonic() - said, 2)
        again = await asyncio.to_thread(serve, url, "2", port=soak.port, env=NO_LIMITS)
        figures["restart_seconds"] = round(time.monotonic() - said, 2)
        servers.append(again)
        soak.running = again
        figures["server_restarts_survived"] += 1
        figures["memory_kib"]["second server, started"] = memory(again)

    try:
        asyncio.run(soak.run(events))
        last = servers[-1]
        figures["memory_kib"]["second server, at the end"] = memory(last)
        os.killpg(last.proc.pid, signal.SIGTERM)
        last.proc.wait(timeout=15)
    finally:
        for running in servers:
            running.stop()

    # every action a client was told was applied or held is in its game's log, and no
    # client saw a step its game's log does not reach
    from parlour.server.live import SPECTATOR, LiveGame

    store = Store(url)
    lost: list[str] = []
    behind: list[str] = []
    games: dict[str, LiveGame] = {}
    for client in soak.clients:
        logged = {e.action_id for e in store.log(client.game_id) if e.action_id}
        lost += [i for i in client.acked if i not in logged]
        if client.game_id not in games:
            row = store.game(client.game_id)
            assert row is not None
            games[client.game_id] = LiveGame(row, store)
        game = games[client.game_id]
        player = SPECTATOR if client.spectator else int(client.name.rsplit("p", 1)[1])
        view = game.view(player)
        if (view["hand"], view["step"]) < (client.last_hand, client.last_step):
            behind.append(f"{client.name}: saw {client.last_step}, the log holds {view['step']}")
    rows = [store.game(g) for g in soak.games]
    f = soak.figures
    figures.update(
        {
            "tables_made": len(soak.games),
            "kinds": {k: list(soak.games.values()).count(k) for k in set(soak.games.values())},
            "finished": sum(1 for r in rows if r is not None and r.status == "finished"),
            "clients": len(soak.clients),
            "actions_sent": f.sent,
            "actions_acked": f.acked,
            "actions_refused": f.refused,
            "logged_actions": sum(len(store.log(g)) for g in soak.games),
            "lost_actions": len(lost),
            "steps_ahead_of_the_log": len(behind),
            "steps_that_went_back": len(f.regressions),
            "p50_action_to_ack_ms": round(percentile(f.latencies, 50) * 1000, 1),
            "p99_action_to_ack_ms": round(percentile(f.latencies, 99) * 1000, 1),
            "max_action_to_ack_ms": round(max(f.latencies, default=0.0) * 1000, 1),
            "reconnected_and_resumed": f.resumed,
            "closes_seen": f.closes,
            "connections_refused": f.refused_connections,
            "http_errors": f.http_errors,
        }
    )
    figures["lost"] = lost[:20]
    figures["behind"] = behind[:20]
    figures["regressions"] = f.regressions[:20]
    said = [r.stderr() for r in servers]
    figures["server_errors"] = sum(s.count("Traceback") + s.count(" 500") for s in said)
    figures["stderr"] = [s[-3000:] for s in said]
    memory_kib = figures["memory_kib"]
    figures["memory_growth_kib"] = {
        "first server": sum(memory_kib["first server, before SIGTERM"].values())
        - sum(memory_kib["first server, started"].values()),
        "second server": sum(memory_kib["second server, at the end"].values())
        - sum(memory_kib["second server, started"].values()),
    }
    return figures


def report(figures: dict[str, Any], tmp_path: Path) -> None:
    out = tmp_path / "soak.json"
    out.write_text(json.dumps(figures, indent=2))
    shown = {k: v for k, v in figures.items() if k != "stderr"}
    print("\nsoak:", json.dumps(shown, indent=1))
    print(f"soak figures written to {out}")


def check(figures: dict[str, Any]) -> None:
    assert figures["lost_actions"] == 0, figures["lost"]
    assert figures["steps_ahead_of_the_log"] == 0, figures["behind"]
    assert figures["steps_that_went_back"] == 0, figures["regressions"]
    assert not figures["http_errors"], figures["http_errors"]
    assert figures["server_errors"] == 0, figures["stderr"]
    assert figures["worker_kills_survived"] == 1 and figures["server_restarts_survived"] == 1
    assert figures["actions_acked"] > 0


def test_soak(tmp_path: Path) -> None:
    figures = soak(SHORT, tmp_path)
    report(figures, tmp_path)
    check(figures)


@pytest.mark.slow
def test_soak_long(tmp_path: Path, slow_factor: int) -> None:
    if slow_factor == 1:
        pytest.skip("the long soak runs with --runslow (or PARLOUR_SLOW=1)")
    figures = soak(LONG, tmp_path)
    report(figures, tmp_path)
    check(figures)

"""``parlour bench server`` on a few tables for a few seconds: the report's bookkeeping
(nothing lost, every game replayed from its log, latencies measured) and the command;
and the server's log written a pump at a time: committed before anyone hears of it, and
a write that fails leaves the game as its log holds it. No timing assertions."""

from __future__ import annotations

import asyncio
import itertools
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from parlour.bench.server import Pacer, ServerBenchReport, print_server_report, run_server_bench
from parlour.cli import app
from parlour.server.live import Connection, LiveGame
from parlour.server.manager import Manager
from parlour.server.store import LoggedAction, Store

pytestmark = pytest.mark.slow  # each test starts a real server and drives it for seconds


@pytest.fixture(scope="module")
def report() -> ServerBenchReport:
    return run_server_bench(3, 3.0, seed=2)


def test_a_small_run_loses_nothing(report: ServerBenchReport) -> None:
    assert report.tables == 3 and report.seconds > 0
    assert not report.lost and not report.errors and not report.closed and not report.stalls
    assert report.sound
    assert report.games >= 3 and report.verified == report.games
    # every action a client sent is in the log, once; the bots played too
    assert report.sent > 0 and report.logged["player"] == report.sent
    assert report.logged["bot"] > report.logged["player"]
    assert report.actions == sum(report.logged.values()) and report.actions_per_second > 0
    # an action is acknowledged after its prompt is sent: a client that leaves on its
    # last prompt does not wait for the last acknowledgement
    acks = report.acks["applied"] + report.acks["held"]
    assert report.sent - report.games <= acks <= report.sent
    assert not report.acks["duplicate"]


def test_a_small_run_measures_latencies(report: ServerBenchReport) -> None:
    # one per action answered by a prompt (an action that ends the match has none)
    assert 0 < len(report.latencies_ms) <= report.sent
    assert all(ms > 0 for ms in report.latencies_ms)
    p50, p99 = report.p50, report.p99
    assert p50 is not None and p99 is not None and p50 <= p99 <= max(report.latencies_ms)
    assert not report.target_met  # the target is for 100 tables
    figures = report.to_json()
    assert figures["latencies"] == len(report.latencies_ms) and figures["lost"] == []


def test_the_report_prints_every_figure_and_the_verdict(
    report: ServerBenchReport, capsys: pytest.CaptureFixture[str]
) -> None:
    print_server_report(report)
    out = capsys.readouterr().out
    for row in ("actions per second", "latency p50", "latency p99", "games replayed from"):
        assert row in out
    assert f"{report.verified} of {report.games}" in out
    assert "target not met" in out and "the target is for 100 tables" in out


def test_the_command_runs_and_prints_the_table() -> None:
    result = CliRunner().invoke(app, ["bench", "server", "--tables", "2", "--seconds", "1"])
    assert result.exit_code == 0, result.output  # a missed target is not an error
    assert "parlour bench server" in result.stdout and "latency p99" in result.stdout
    assert "target not met" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--tables", "0"], "--tables must be at least 1"),
        (["--seconds", "0"], "--seconds must be more than 0"),
        (["--client", "wild"], "a client chooses random or first"),
        (["--bots", "wizard"], "the bots are greedy or random"),
    ],
)
def test_the_command_refuses_bad_options(args: list[str], message: str) -> None:
    result = CliRunner().invoke(app, ["bench", "server", *args])
    assert result.exit_code == 2 and message in result.output


def test_a_client_keeps_under_the_flood_limit() -> None:
    async def scenario() -> list[bool]:
        pacer = Pacer()
        pacer.limit, pacer.window = 3, 0.05
        return [await pacer.wait() for _ in range(5)]

    waited = asyncio.run(scenario())
    assert waited[:3] == [False, False, False] and waited[3]


# -- the log, a pump at a time -------------------------------------------------------------

POLICY = {"pause_seconds": 0, "claim_seconds": 30, "hand_pause_seconds": 0}


def play(store: Store, actions: int) -> tuple[LiveGame, list[tuple[int, int]]]:
    """A table of one person and three bots, played ``actions`` actions at once; every
    state message's sequence number with the log's length when it was sent."""

    async def scenario() -> tuple[LiveGame, list[tuple[int, int]]]:
        manager = Manager(store)
        made = await manager.create({"seats": ["human", "random", "random", "random"],
                                     "policy": POLICY})  # fmt: skip
        game = manager.get(made["id"])
        assert game is not None
        seen: list[tuple[int, int]] = []
        states: list[dict[str, Any]] = []

        async def send(message: dict[str, Any]) -> None:
            seen.append((game.seq, len(store.log(game.id))))
            states.append(json.loads(json.dumps(message)))

        await game.connect(Connection(0, send))
        for n in range(actions):
            state = states[-1]
            legal = state["observation"]["legal"]
            if state["match_over"]:
                break
            if legal and not state["answered"]:
                await game.submit(0, {"action": legal[n % len(legal)], "hand": state["hand"]})
            else:
                await game.next_hand(0)
        await manager.close()
        return game, seen

    return asyncio.run(scenario())


@pytest.mark.parametrize("where", ["file", "memory"])
def test_every_action_is_committed_before_anyone_hears_of_it(tmp_path: Path, where: str) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}" if where == "file" else "sqlite:///:memory:"
    store = Store(url)
    game, seen = play(store, 60)
    # the bots' turns came in pumps: several actions logged for each of the person's
    # (about four: three bots' discards, and their claims or passes when they could act)
    assert len(seen) > 60 and game.seq > 60 * 3
    assert all(seq <= logged for seq, logged in seen)
    assert [e.seq for e in store.log(game.id)] == list(range(1, game.seq + 1))
    again = LiveGame(game.row, store)
    assert again.seq == game.seq and again.view(0)["observation"] == game.view(0)["observation"]


def test_only_batches_inside_a_hand_wait_for_the_writer(tmp_path: Path) -> None:
    # what the API reads without a game's lock (hand, scores, the end) changes only when a
    # hand ends: a batch that ends one is committed before anything else runs
    awaited: list[int] = []  # the last sequence number of each batch committed so
    at_once: list[int] = []  # ... while other games went on; before anything else

    class Watched(Store):
        async def commit(self, game_id: str, entries: Any, **kwargs: Any) -> None:
            if not kwargs.get("at_once"):  # else it goes through commit_now
                awaited.append(entries[-1].seq)
            await super().commit(game_id, entries, **kwargs)

        def commit_now(self, game_id: str, entries: Any, **kwargs: Any) -> None:
            at_once.append(entries[-1].seq)
            super().commit_now(game_id, entries, **kwargs)

    store = Watched(f"sqlite:///{tmp_path / 'games.db'}")
    game, _ = play(store, 400)
    log = store.log(game.id)
    ends = {e.seq for e, after in itertools.pairwise(log) if after.hand != e.hand}
    if game.session.is_over():
        ends.add(log[-1].seq)
    assert len(ends) == len(game.session.outcomes) > 0 and awaited
    assert not ends & set(awaited)
    for end in ends:  # the batch that holds a hand's last action
        assert min(seq for seq in at_once + awaited if seq >= end) in at_once


def test_a_write_that_fails_leaves_the_game_as_its_log_holds_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = Store(f"sqlite:///{tmp_path / 'games.db'}")

    async def scenario() -> None:
        manager = Manager(store)
        made = await manager.create({"seats": ["human", "random", "random", "random"],
                                     "policy": POLICY})  # fmt: skip
        game = manager.get(made["id"])
        assert game is not None
        inbox: list[dict[str, Any]] = []

        async def send(message: dict[str, Any]) -> None:
            inbox.append(message)

        await game.connect(Connection(0, send))
        before = game.view(0)
        seq, sent = game.seq, len(inbox)
        legal = before["observation"]["legal"]
        real = Store.commit

        async def broken(self: Store, *args: Any, **kwargs: Any) -> None:
            raise OSError("the disk is full")

        monkeypatch.setattr(Store, "commit", broken)
        with pytest.raises(OSError, match="the disk is full"):
            await game.submit(0, {"action": legal[0], "hand": before["hand"], "id": "a1"})
        assert len(inbox) == sent  # nobody heard of it
        assert game.seq == seq == len(store.log(game.id))
        assert game.view(0)["observation"] == before["observation"]
        monkeypatch.setattr(Store, "commit", real)
        ack = await game.submit(0, {"action": legal[0], "hand": before["hand"], "id": "a1"})
        assert ack["status"] in ("applied", "held") and game.seq > seq
        assert [e.action_id for e in store.log(game.id)].count("a1") == 1
        await manager.close()

    asyncio.run(scenario())


def test_a_batch_is_all_or_nothing(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'games.db'}")
    store.create_game(
        "g", ruleset="mcr", options={}, players=["a", "b", "c", "d"],
        kinds=["human", "random", "random", "random"], policy={}, seed=1, salt="s", tokens={},
    )  # fmt: skip
    first = LoggedAction(1, 1, 0, "discard 4p", "x", "player")
    store.append_many("g", [first])
    with pytest.raises(Exception, match="UNIQUE"):  # seq 1 again
        store.append_many("g", [LoggedAction(2, 1, 1, "pass", None, "bot"), first])
    assert store.log("g") == [first]

    async def both() -> list[BaseException | None]:
        # one bad batch among good ones: the writer commits the good ones
        good = store.commit("g", [LoggedAction(2, 1, 1, "pass", None, "bot")])
        bad = store.commit("g", [first])
        return await asyncio.gather(good, bad, return_exceptions=True)

    results = asyncio.run(both())
    store.close()
    assert results[0] is None and isinstance(results[1], Exception)
    assert [e.seq for e in store.log("g")] == [1, 2]


def test_the_collector_policy_freezes_survivors_while_a_server_runs() -> None:
    import gc

    from parlour.server.manager import CollectorPolicy

    assert gc.get_freeze_count() == 0
    CollectorPolicy.start()
    CollectorPolicy.start()  # a second server in the same process
    try:
        gc.collect()
        frozen = gc.get_freeze_count()
        assert frozen > 0  # what survived a full pass is not walked again
        garbage: list[Any] = []
        garbage.append(garbage)  # a cycle made after the freeze is still collected
        del garbage
        assert gc.collect() >= 1
        CollectorPolicy.stop()
        assert gc.get_freeze_count() >= frozen  # the other server still runs
    finally:
        CollectorPolicy.stop()
    assert gc.get_freeze_count() == 0 and CollectorPolicy._installed is None

"""Simulations on Ray (``parlour simulate --engine ray``): the same summary and the same
Parquet rows as local processes for the same seed whatever the number of workers, a run
stopped part way resumed on Ray with nothing lost or counted twice, where the engine
runs (a local instance, ``--address``, ``RAY_ADDRESS``, the caller's Ray), and the error
without Ray. One local Ray instance (two CPUs) serves the module."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import closing
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq  # type: ignore[import-untyped,import-not-found,unused-ignore]
import pytest
from typer.testing import CliRunner

from parlour.cli import app
from parlour.sim import Engine, Job, find_engine, simulate, write_outputs
from parlour.sim.store import PARTS

ray = pytest.importorskip("ray")

from parlour.sim import ray_engine as engines  # noqa: E402
from parlour.sim.ray_engine import (  # noqa: E402
    RayEngine,
    RayMissing,
    RayUnreachable,
    ray_engine,
)

runner = CliRunner()
SRC = str(Path(__file__).resolve().parents[2] / "src")
Chunk = tuple[int, list[dict[str, Any]]]


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    """A local Ray instance of two CPUs for the module's tests (the engines use it as
    they find it: started by the caller, it is left running)."""
    if ray.is_initialized():  # pragma: no cover - another module's, left as found
        yield
        return
    ray.init(
        address="local",
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        logging_level=logging.ERROR,
    )
    try:
        yield
    finally:
        ray.shutdown()


# _LOCAL: the local runs of this module, beside its Ray, play in this process (one
# worker): no local process is forked from a process that runs Ray, whose threads' locks a
# fork copies held (the child may hang); the results do not depend on the workers.


def _written(
    tmp: Path, bots: Sequence[str], rules: str, engine: Engine | None, workers: int, **kw: Any
) -> tuple[bytes, list[dict[str, Any]]]:
    """A simulation's summary.json and its Parquet rows, written to ``tmp``."""
    summary = simulate(bots, 10, seed=5, workers=workers, rules=rules, out=tmp, engine=engine, **kw)
    write_outputs(summary, tmp, rules)
    unit = "hands" if (tmp / "hands.parquet").exists() else "games"
    return (tmp / "summary.json").read_bytes(), pq.read_table(tmp / f"{unit}.parquet").to_pylist()


CASES = [
    pytest.param("mcr", ["greedy", "random", "random", "random"], id="mcr"),
    pytest.param("xiamen", ["random"] * 4, id="xiamen"),
    pytest.param("piquet", ["heuristic", "random"], id="piquet"),
]


@pytest.mark.usefixtures("local_ray")
@pytest.mark.parametrize(("rules", "bots"), CASES)
def test_ray_gives_the_local_summary_and_rows_whatever_the_workers(
    rules: str, bots: list[str], tmp_path: Path
) -> None:
    summary, rows = _written(tmp_path / "local", bots, rules, None, 1)
    assert len(rows) == 10 and [row["index"] for row in rows] == list(range(10))
    for workers in (1, 2, 3):
        on_ray = _written(tmp_path / f"ray{workers}", bots, rules, ray_engine(), workers)
        assert on_ray == (summary, rows), workers


@pytest.mark.usefixtures("local_ray")
def test_the_engine_yields_every_chunk_once_in_any_order() -> None:
    jobs: list[Job] = [
        ("mcr", ("random",) * 4, 2, start, start + 2, False, (), True, None, False)
        for start in range(0, 12, 2)
    ]
    chunks = list(ray_engine()(jobs, 3))
    assert sorted(start for start, _ in chunks) == list(range(0, 12, 2))
    for start, results in chunks:
        assert [r["index"] for r in results] == [start, start + 1]


@pytest.mark.usefixtures("local_ray")
def test_a_chunk_that_fails_on_ray_raises_what_it_raises_locally() -> None:
    from parlour.sim import play_chunk

    bots = ("random", "nobody", "random", "random")
    job: Job = ("mcr", bots, 1, 0, 1, False, (), True, None, False)
    with pytest.raises(Exception) as local:
        play_chunk(job)
    with pytest.raises(Exception) as on_ray:
        list(ray_engine()([job], 1))
    assert type(on_ray.value) is type(local.value) and str(on_ray.value) == str(local.value)
    assert "nobody" in str(local.value)


@pytest.mark.usefixtures("local_ray")
def test_local_processes_beside_ray_in_the_same_process() -> None:
    """Local processes started where Ray runs are fresh interpreters, not forks of
    Ray's threads (which could hang)."""
    from parlour.sim import _worker_context

    context = _worker_context()
    assert context is not None and context.get_start_method() == "spawn"
    bots = ["greedy", "random", "random", "random"]
    assert simulate(bots, 6, seed=4, workers=2) == simulate(bots, 6, seed=4, workers=1)


def _stopping(engine: RayEngine, after: int) -> Engine:
    """``engine`` interrupted (KeyboardInterrupt, as Ctrl-C) after ``after`` chunks."""

    def run(jobs: Sequence[Job], workers: int) -> Iterator[Chunk]:
        with closing(engine(jobs, workers)) as chunks:
            for n, chunk in enumerate(chunks):
                if n == after:
                    raise KeyboardInterrupt
                yield chunk

    return run


@pytest.mark.usefixtures("local_ray")
def test_a_run_stopped_on_ray_resumes_on_ray_with_nothing_lost_or_counted_twice(
    tmp_path: Path,
) -> None:
    bots = ["greedy", "random", "random", "random"]
    whole, broken = tmp_path / "whole", tmp_path / "broken"
    expected = simulate(bots, 24, seed=7, workers=1, out=whole)  # in this process: _LOCAL
    write_outputs(expected, whole)
    with pytest.raises(KeyboardInterrupt):
        simulate(bots, 24, seed=7, workers=3, out=broken, engine=_stopping(ray_engine(), 3))
    manifest = json.loads((broken / PARTS / "manifest.json").read_text())
    assert len(manifest["done"]) == 3 < 24 // manifest["size"]  # stopped part way
    resumed = simulate(bots, 24, seed=7, workers=2, out=broken, resume=True, engine=ray_engine())
    write_outputs(resumed, broken)
    assert resumed == expected
    a, b = pq.read_table(whole / "hands.parquet"), pq.read_table(broken / "hands.parquet")
    assert b.column("index").to_pylist() == list(range(24)) and a.equals(b)
    for name in ("summary.json", "hands.jsonl"):
        assert (whole / name).read_bytes() == (broken / name).read_bytes(), name


@pytest.mark.usefixtures("local_ray")
def test_stopping_cancels_the_tasks_in_flight_and_leaves_the_callers_ray(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    cancelled: list[Any] = []
    monkeypatch.setattr(ray, "cancel", lambda ref, **kw: cancelled.append(ref))
    jobs: list[Job] = [
        ("mcr", ("random",) * 4, 1, start, start + 1, False, (), True, None, False)
        for start in range(12)
    ]
    chunks = ray_engine()(jobs, 2)
    next(chunks)
    chunks.close()
    assert len(cancelled) == 2  # the task submitted when the first finished, and the other
    assert ray.is_initialized()  # the caller's Ray, left running


@pytest.mark.usefixtures("local_ray")
def test_simulate_on_ray_from_the_command_line(tmp_path: Path) -> None:
    args = ["simulate", "--rules", "ninety-nine", "--games", "4", "--seed", "2"]
    local = runner.invoke(app, [*args, "--workers", "1", "--out", str(tmp_path / "l")])  # _LOCAL
    on_ray = runner.invoke(
        app, [*args, "--workers", "2", "--engine", "ray", "--out", str(tmp_path / "r")]
    )
    assert local.exit_code == 0 and on_ray.exit_code == 0, on_ray.output
    assert on_ray.output == local.output
    for name in ("summary.json", "games.jsonl", "games.parquet"):
        assert (tmp_path / "l" / name).read_bytes() == (tmp_path / "r" / name).read_bytes()


def test_the_command_line_starts_its_own_ray_quietly_and_stops_it() -> None:
    """In a session of its own: a local Ray instance started for the run and shut down
    after it (no process of the session is left), with nothing of Ray's on the terminal."""
    env = {**os.environ, "PYTHONPATH": SRC}
    env.pop("RAY_ADDRESS", None)
    command = [sys.executable, "-m", "parlour.cli", "simulate", "--games", "6", "--seed", "3"]
    local = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    run = subprocess.Popen(
        [*command, "--engine", "ray", "--workers", "2"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    out, err = run.communicate(timeout=120)
    assert run.returncode == 0, err
    assert out == local.stdout
    assert err.strip() == "", err  # no log lines of Ray's
    deadline = time.monotonic() + 20
    while _session(run.pid) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert _session(run.pid) == []  # Ray's processes stopped with the run


def _session(sid: int) -> list[str]:
    """The processes still running in session ``sid`` (ps)."""
    ps = subprocess.run(["ps", "-eo", "sid=,args="], capture_output=True, text=True, check=True)
    return [line for line in ps.stdout.splitlines() if line.split(None, 1)[0] == str(sid)]


def test_without_ray_the_engine_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as if Ray were not installed
    with pytest.raises(RayMissing, match=r"pip install 'parlour\[ray\]'"):
        ray_engine()
    with pytest.raises(RayMissing):
        find_engine("ray")
    with pytest.raises(RayMissing):
        next(RayEngine()([], 1))
    result = runner.invoke(app, ["simulate", "--games", "2", "--engine", "ray"])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert lines == ["error: the Ray engine needs Ray, not installed: pip install 'parlour[ray]'"]


def test_the_engine_and_address_options_are_checked() -> None:
    result = runner.invoke(app, ["simulate", "--games", "2", "--engine", "spark"])
    assert result.exit_code == 2 and "no engine named spark (local or ray)" in result.output
    result = runner.invoke(app, ["simulate", "--games", "2", "--address", "auto"])
    assert result.exit_code == 2 and "give --engine ray" in result.output
    result = runner.invoke(app, ["simulate", "--help"])
    assert "--engine" in result.output and "--address" in result.output
    assert "pip install 'parlour[ray]'" in " ".join(result.output.replace("│", " ").split())


class _FakeRay:
    """What the engine asks of Ray, recorded: no Ray is started."""

    def __init__(self, initialized: bool = False) -> None:
        self.initialized = initialized
        self.calls: list[tuple[str, dict[str, Any]]] = []

    def is_initialized(self) -> bool:
        return self.initialized

    def init(self, **kw: Any) -> None:
        self.calls.append(("init", kw))

    def shutdown(self) -> None:
        self.calls.append(("shutdown", {}))


def _where(
    monkeypatch: pytest.MonkeyPatch, address: str | None, env: str | None, initialized: bool
) -> list[tuple[str, dict[str, Any]]]:
    fake = _FakeRay(initialized)
    if env is None:
        monkeypatch.delenv("RAY_ADDRESS", raising=False)
    else:
        monkeypatch.setenv("RAY_ADDRESS", env)
    with engines._connected(fake, address, 3):
        assert [name for name, _ in fake.calls] == (["init"] if not initialized else [])
    return fake.calls


def test_where_the_engine_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    local = _where(monkeypatch, None, None, False)
    assert [name for name, _ in local] == ["init", "shutdown"]
    kw = local[0][1]
    assert kw["address"] == "local" and kw["num_cpus"] == 3  # a local instance of its own
    assert kw["include_dashboard"] is False and kw["log_to_driver"] is False
    assert kw["logging_level"] >= logging.WARNING
    assert _where(monkeypatch, "local", None, False) == local
    from_env = _where(monkeypatch, None, "head:6379", False)
    assert from_env[0][1]["address"] == "head:6379" and "num_cpus" not in from_env[0][1]
    assert from_env[0][1]["log_to_driver"] is False and from_env[1][0] == "shutdown"
    given = _where(monkeypatch, "auto", "head:6379", False)
    assert given[0][1]["address"] == "auto"  # --address before RAY_ADDRESS
    assert _where(monkeypatch, "auto", None, True) == []  # the caller's Ray: left as it is


def test_a_cluster_not_reached_is_said_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    class Refusing(_FakeRay):
        def init(self, **kw: Any) -> None:
            try:
                raise RuntimeError("Failed to connect to GCS: InvalidAuthToken: ...")
            except RuntimeError as e:
                raise ConnectionError("Failed to connect to Ray cluster at head:6379") from e

    fake = Refusing()
    monkeypatch.setattr(engines, "import_ray", lambda: fake)
    jobs: list[Job] = [("mcr", ("random",) * 4, 1, 0, 1, False, (), True, None, False)]
    with pytest.raises(RayUnreachable, match="RAY_AUTH_MODE=token") as caught:
        next(RayEngine("head:6379")(jobs, 2))
    assert str(caught.value).startswith("cannot connect to the Ray cluster at head:6379: ")
    assert "\n" not in str(caught.value) and fake.calls == []  # nothing to shut down
    monkeypatch.setattr(engines, "import_ray", lambda: Refusing())
    result = runner.invoke(app, ["simulate", "--games", "2", "--engine", "ray", "--address", "x"])
    assert (
        result.exit_code == 2 and "error: cannot connect to the Ray cluster at x" in result.output
    )


def test_nothing_to_play_starts_no_ray(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = _FakeRay()
    monkeypatch.setattr(engines, "import_ray", lambda: fake)
    assert list(RayEngine()([], 2)) == [] and fake.calls == []


def test_the_engines_by_name() -> None:
    assert isinstance(find_engine("ray", "auto"), RayEngine)
    assert find_engine("ray").address is None  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="ray engine"):
        find_engine("local", "auto")
    assert ray_engine("") == RayEngine(None)


def _flat(text: str) -> str:
    return " ".join(text.replace("│", " ").replace("┃", " ").split())


@pytest.mark.usefixtures("local_ray")
def test_bench_sim_times_ray_against_local_processes() -> None:
    args = ["bench", "sim", "--engine", "ray", "--hands", "8", "--workers", "1", "--repeat", "1"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    text = _flat(result.output)
    for name in ("local processes 1 8", "ray, start-up included 1 8", "ray, started beforehand"):
        assert name in text, text
    assert "ray / local processes, start-up included:" in text
    assert "ray / local processes, started beforehand:" in text
    assert "ray and local processes give the same results: yes" in text


def test_bench_sim_checks_its_engine_options(monkeypatch: pytest.MonkeyPatch) -> None:
    result = runner.invoke(app, ["bench", "sim", "--workers", "2"])
    assert result.exit_code == 2 and "give --engine ray" in result.output
    result = runner.invoke(app, ["bench", "sim", "--engine", "ray", "--hands", "0"])
    assert result.exit_code == 2 and "--games must be at least 1" in result.output
    monkeypatch.setitem(sys.modules, "ray", None)
    result = runner.invoke(app, ["bench", "sim", "--engine", "ray", "--hands", "4"])
    assert result.exit_code == 2 and "pip install 'parlour[ray]'" in result.output


def test_ray_is_not_imported_with_parlour() -> None:
    code = (
        "import sys, parlour, parlour.sim, parlour.sim.bench, parlour.cli\n"
        "from parlour.sim import find_engine\n"
        "find_engine('local')\n"
        "sys.exit('ray' in sys.modules)"
    )
    env = {**os.environ, "PYTHONPATH": SRC}
    assert subprocess.run([sys.executable, "-c", code], env=env, check=False).returncode == 0

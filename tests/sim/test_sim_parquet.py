"""``parlour simulate --out DIR`` writes one Parquet row per unit beside the JSON, for
every playable rule system and both card games; ``--resume`` continues a killed run."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq  # type: ignore[import-untyped,import-not-found,unused-ignore]
import pytest
from typer.testing import CliRunner

from parlour.cli import app
from parlour.core.systems import Registry, RuleSystem
from parlour.registry import load_builtin
from parlour.sim import simulate
from parlour.sim.store import COLUMNS, PARTS

runner = CliRunner()
SRC = str(Path(__file__).resolve().parents[2] / "src")


def _playable() -> list[RuleSystem]:
    return Registry(load_builtin).playable()


def _units(out: Path) -> tuple[str, list[str]]:
    stem = "hands" if (out / "hands.jsonl").exists() else "games"
    return stem, (out / f"{stem}.jsonl").read_text().splitlines()


@pytest.mark.parametrize("system", [pytest.param(s, id=s.name) for s in _playable()])
def test_every_rule_system_writes_a_parquet_row_per_unit(
    system: RuleSystem, tmp_path: Path
) -> None:
    options = dict(system.option_cases[0])
    values = system.check_options(options)
    bots = ["random"] * system.seats(values)
    out = tmp_path / "sim"
    args = ["simulate", "--rules", system.name, "--games", "3", "--seed", "4"]
    for key, value in options.items():
        args += ["--option", f"{key}={value}"]
    result = runner.invoke(app, [*args, "--bots", ",".join(bots), "--out", str(out), "--records"])
    assert result.exit_code == 0, result.output
    stem, lines = _units(out)
    table = pq.read_table(out / f"{stem}.parquet")
    assert table.column_names == list(COLUMNS)
    assert table.num_rows == len(lines) == 3
    rows = table.to_pylist()
    records = (out / "records.jsonl").read_text().splitlines()
    for i, (row, line) in enumerate(zip(rows, lines, strict=True)):
        unit = json.loads(line)
        assert row["index"] == i and row["seed"] == 4 and row["rules"] == system.name
        assert row["bots"] == bots and row["seats"] == len(bots)
        assert json.loads(row["options"]) == json.loads(json.dumps(values))
        assert json.loads(row["result"]) == unit  # the hands.jsonl line, as it is
        assert row["winners"] == unit["winners"] and row["actions"] == unit["actions"]
        scores = unit["payments"] if "payments" in unit else unit["scores"]
        assert row["payments"] == [float(x) for x in scores]
        assert row["patterns"] == [p["name"] for p in unit.get("patterns", [])]
        assert json.loads(row["record"]) == json.loads(records[i])
    assert not (out / PARTS).exists()  # the parts became the one file
    summary = json.loads((out / "summary.json").read_text())
    assert all("mean_score_ci" in seat for seat in summary["seats"])
    assert "95% confidence intervals:" in result.output


def test_simulate_with_out_gives_the_same_summary_as_without(tmp_path: Path) -> None:
    plain = simulate(["random"] * 4, 10, seed=8, workers=1)
    written = simulate(["random"] * 4, 10, seed=8, workers=2, out=tmp_path)
    assert written == plain
    assert len(list((tmp_path / PARTS).glob("part-*.parquet"))) > 1


def test_resume_refuses_another_run(tmp_path: Path) -> None:
    simulate(["random"] * 4, 4, seed=1, out=tmp_path)
    with pytest.raises(ValueError, match="differs in seed"):
        simulate(["random"] * 4, 4, seed=2, out=tmp_path, resume=True)
    with pytest.raises(ValueError, match="64-bit"):
        simulate(["random"] * 4, 4, seed=2**64, out=tmp_path)
    result = runner.invoke(app, ["simulate", "--games", "2", "--resume"])
    assert result.exit_code == 2 and "give --out DIR" in result.output


def _command(out: Path, *more: str) -> list[str]:
    return [
        sys.executable, "-m", "parlour.cli", "simulate", "--games", "160", "--bots", "random",
        "--seed", "9", "--out", str(out), "--records", *more,
    ]  # fmt: skip


def test_a_killed_run_resumes_with_no_hand_lost_or_counted_twice(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": SRC}
    whole, broken = tmp_path / "whole", tmp_path / "broken"
    done = subprocess.run(_command(whole), env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    run = subprocess.Popen(
        _command(broken), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    parts = broken / PARTS
    deadline = time.monotonic() + 120
    while len(list(parts.glob("part-*.parquet"))) < 2 and time.monotonic() < deadline:
        time.sleep(0.005)
    run.send_signal(signal.SIGKILL)
    run.wait()
    kept = sorted(p.name for p in parts.glob("part-*.parquet"))
    assert 2 <= len(kept) < 8  # killed part way: chunks of 20 hands, 8 of them
    assert not (broken / "summary.json").exists() and not (broken / "hands.parquet").exists()
    again = subprocess.run(
        _command(broken, "--resume"), env=env, capture_output=True, text=True, check=False
    )
    assert again.returncode == 0, again.stderr
    assert again.stdout == done.stdout  # the same summary printed
    a, b = pq.read_table(whole / "hands.parquet"), pq.read_table(broken / "hands.parquet")
    assert b.num_rows == 160 and b.column("index").to_pylist() == list(range(160))
    assert a.equals(b)
    for name in ("summary.json", "hands.jsonl", "records.jsonl"):
        assert (whole / name).read_bytes() == (broken / name).read_bytes(), name


def test_another_engine_may_play_the_chunks_in_any_order(tmp_path: Path) -> None:
    from parlour.sim import Job, play_chunk

    seen: list[int] = []

    def backwards(jobs: Sequence[Job], workers: int) -> list[tuple[int, list[dict[str, Any]]]]:
        seen.extend(job[3] for job in jobs)
        return [(job[3], play_chunk(job)) for job in reversed(jobs)]

    plain = simulate(["random"] * 4, 9, seed=6, workers=2)
    other = simulate(["random"] * 4, 9, seed=6, workers=2, out=tmp_path, engine=backwards)
    assert len(seen) > 1 and other == plain


def test_the_progress_bar_shows_units_per_second() -> None:
    from rich.progress import Progress

    from parlour.cli.play import _Rate

    with Progress(_Rate("hands"), disable=True) as bar:
        task = bar.add_task("hands", total=10)
        column = _Rate("hands")
        assert str(column.render(bar.tasks[task])) == ""  # no speed before any progress
        bar.update(task, completed=2)
        time.sleep(0.02)  # a clock that moves between the samples
        bar.update(task, completed=6)
        text = str(column.render(bar.tasks[task]))
    assert text.endswith(" hands/s") and text != " hands/s"


def test_a_run_stopped_by_its_engine_resumes_with_other_workers(tmp_path: Path) -> None:
    from parlour.sim import Job, local_engine

    class Stop(Exception):
        pass

    def two_then_stop(jobs: Sequence[Job], workers: int) -> Iterator[tuple[int, list[Any]]]:
        for n, pair in enumerate(local_engine(jobs, workers)):
            if n == 2:
                raise Stop
            yield pair

    bots = ["greedy", "random", "random", "random"]
    with pytest.raises(Stop):
        simulate(bots, 16, seed=3, workers=1, out=tmp_path, engine=two_then_stop)
    manifest = json.loads((tmp_path / PARTS / "manifest.json").read_text())
    assert manifest["size"] == 2 and manifest["done"] == [0, 2]
    resumed = simulate(bots, 16, seed=3, workers=2, out=tmp_path, resume=True)
    assert resumed == simulate(bots, 16, seed=3, workers=1)
    assert [r["index"] for r in resumed["results"]] == list(range(16))

"""Duplicate tournaments (:mod:`parlour.sim.tournament`): every deal played with every
seating, verified from the written records; the ranking's intervals and ratings; the
same results whatever the worker count (``parlour tournament``:
tests/cli/test_tournament_cli.py)."""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pyarrow as pa  # type: ignore[import-untyped,import-not-found,unused-ignore]
import pyarrow.parquet as pq  # type: ignore[import-untyped,import-not-found,unused-ignore]
import pytest

import parlour
from duplicates import check_duplicated
from parlour.records import validate
from parlour.sim import local_engine, simulate
from parlour.sim.intervals import Z95, grouped_mean_interval, mean_interval
from parlour.sim.tournament import (
    COLUMNS,
    FILE,
    Played,
    chunk_plan,
    ranks_of,
    ratings,
    seatings,
    standings,
    tournament,
)

SRC = str(Path(__file__).resolve().parents[2] / "src")
FOUR = ["greedy", "random", "random", "random"]


def test_every_deal_is_played_with_every_seating_of_the_same_tiles(tmp_path: Path) -> None:
    table = tournament("mcr", FOUR, deals=2, seed=4, out=tmp_path)
    assert check_duplicated(tmp_path, FOUR, 2) == 48
    rows = pq.read_table(tmp_path / FILE).to_pylist()
    assert len(seatings(4)) == 24
    for row in rows[:24:5]:  # the records replay to the results written beside them
        report = validate(json.loads(row["record"]))
        assert report.ok, report.message
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["seatings"] == 24 and summary["units"] == 48
    assert summary["ranking"] == table.to_pylist()
    assert summary["entries"] == ["greedy", "random#1", "random#2", "random#3"]


@pytest.mark.parametrize(
    ("rules", "bots", "count"),
    [
        ("piquet", ["heuristic", "random"], 2),
        ("ninety-nine", ["heuristic", "random", "random"], 6),
        ("kawuxing", ["greedy", "random", "random"], 6),
    ],
)
def test_card_games_and_three_seats_are_duplicated_too(
    tmp_path: Path, rules: str, bots: list[str], count: int
) -> None:
    assert len(seatings(len(bots))) == count
    table = tournament(rules, bots, deals=1, seed=2, out=tmp_path)
    assert check_duplicated(tmp_path, bots, 1) == count
    assert table.column("hands").to_pylist() == [count] * len(bots)


def test_a_card_game_has_no_deal_in() -> None:
    rows = tournament("piquet", ["heuristic", "random"], deals=1, seed=2).to_pylist()
    assert all(r["deal_ins"] is None and r["deal_in_rate"] is None for r in rows)
    assert all(r["deal_in_rate_low"] is None for r in rows)


def test_the_results_are_the_same_whatever_the_worker_count(tmp_path: Path) -> None:
    one = tournament("mcr", FOUR, deals=3, seed=7, workers=1, out=tmp_path / "one")
    two = tournament("mcr", FOUR, deals=3, seed=7, workers=2, out=tmp_path / "two")
    assert one.equals(two)
    for name in (FILE, "summary.json"):
        a, b = tmp_path / "one" / name, tmp_path / "two" / name
        if name == FILE:
            assert pq.read_table(a).equals(pq.read_table(b))
        else:
            assert a.read_bytes() == b.read_bytes()


@pytest.mark.parametrize(("deals", "calls"), [(2, 2), (4, 1)])
def test_an_engine_plays_the_chunks_in_any_order(deals: int, calls: int) -> None:
    jobs_seen: list[int] = []

    def engine(jobs: Any, workers: int) -> Any:
        jobs_seen.append(len(jobs))
        chunks = list(local_engine(jobs, workers))
        random.Random(len(jobs)).shuffle(chunks)  # in any order
        return iter(chunks)

    seen: list[tuple[int, int]] = []
    table = tournament(
        "mcr",
        FOUR,
        deals=deals,
        seed=7,
        engine=engine,
        progress=lambda done, total: seen.append((done, total)),
    )
    assert table.equals(tournament("mcr", FOUR, deals=deals, seed=7))
    # greedy on each of the 4 seats: 4 distinct games a deal, in one engine call when
    # there are as many deals
    total = 4 * deals
    assert len(jobs_seen) == calls and seen[0] == (0, total) and seen[-1] == (total, total)


@pytest.mark.parametrize("workers", [1, 2, 16])
def test_the_chunks_of_an_engine_call_are_told_apart(workers: int) -> None:
    cases = 0
    for games in (1, 2, 4, 6, 24, 120):
        for deals in (1, 2, 3, 5, 23, 24, 25, 100, 1001):
            calls = chunk_plan(games, deals, workers)
            assert len(calls) == -(-games // min(games, deals))
            played: dict[int, list[int]] = {}
            for call in calls:
                assert len({(a, b) for _, a, b in call}) == len(call)  # told apart
                for g, a, b in call:
                    played.setdefault(g, []).extend(range(a, b))
            assert played == {g: list(range(deals)) for g in range(games)}  # each deal once
            cases += 1
    assert cases == 54


def test_the_mean_interval_is_the_textbook_one() -> None:
    scores = [2.0, 4.0, 4.0, 5.0, 10.0]
    mean = 5.0
    sd = math.sqrt(((2 - 5) ** 2 + 1 + 1 + 0 + 25) / 4)  # sample sd: sqrt(9)
    assert sd == 3.0
    half = Z95 * sd / math.sqrt(5)  # 1.96 * 3 / 2.236 = 2.6296
    assert mean_interval(scores) == (round(mean - half, 4), round(mean + half, 4))
    assert mean_interval(scores) == (2.3704, 7.6296)
    # per deal: the deals' means are the samples, here the list above
    groups = [[1.0, 3.0], [4.0, 4.0], [5.0, 3.0], [5.0, 5.0], [12.0, 8.0]]
    assert grouped_mean_interval(groups) == (2.3704, 7.6296)


def test_the_standings_count_scores_wins_and_deal_ins() -> None:
    # entries x and y, two deals, both seatings each (seating (1, 0): y at seat 0)
    played: list[Played] = [
        (0, (0, 1), {"payments": [6, -6], "winners": [0], "dealt_in": 1}),  # x wins off y
        (0, (1, 0), {"payments": [-2, 2], "winners": [1], "dealt_in": None}),  # x self-drawn
        (1, (0, 1), {"payments": [4, -4], "winners": [0], "dealt_in": 1}),  # x wins off y
        (1, (1, 0), {"payments": [8, -8], "winners": [0], "dealt_in": 1}),  # y wins off x
    ]
    x, y = standings(["x", "y"], played)
    assert (x["bot"], y["bot"]) == ("x", "y") and (x["rank"], y["rank"]) == (1, 2)
    assert x["hands"] == y["hands"] == 4
    assert x["mean_score"] == (6 + 2 + 4 - 8) / 4 == 1.0 and y["mean_score"] == -1.0
    # per deal x made (6 + 2) / 2 = 4 and (4 - 8) / 2 = -2: mean 1, sd sqrt(18) over 2 deals
    half = Z95 * math.sqrt(18) / math.sqrt(2)  # 1.96 * 3 = 5.88
    assert (x["mean_score_low"], x["mean_score_high"]) == (round(1 - half, 4), round(1 + half, 4))
    assert (x["mean_score_low"], x["mean_score_high"]) == (-4.8799, 6.8799)
    assert (x["wins"], y["wins"]) == (3, 1) and (x["deal_ins"], y["deal_ins"]) == (1, 2)
    assert (x["win_rate"], x["deal_in_rate"]) == (0.75, 0.25)
    # Wilson, 1 in 4: centre (0.25 + z²/8) / (1 + z²/4), half-width 0.3269
    assert (x["deal_in_rate_low"], x["deal_in_rate_high"]) == (0.0456, 0.6994)
    assert (x["win_rate_low"], x["win_rate_high"]) == (0.3006, 0.9544)
    assert x["mu"] > 25 > y["mu"] and x["ordinal"] > y["ordinal"]
    assert list(x) == list(COLUMNS)


def test_ratings_rank_by_score_with_ties_equal() -> None:
    assert ranks_of([8, -8, 0, 0]) == [0, 3, 1, 1]
    assert ranks_of([0, 0]) == [0, 0]
    # entry 2 always best, 0 and 1 always tied, 3 always last
    rated = ratings(4, [[1, 1, 5, -7]] * 6)
    (mu0, s0, o0), (mu1, s1, o1), (mu2, _, o2), (mu3, _, o3) = rated
    assert (mu0, s0, o0) == (mu1, s1, o1)  # tied entries rated alike
    assert mu2 > mu0 > mu3 and o2 > o0 > o3
    assert all(abs(o - (mu - 3 * s)) < 1e-9 for mu, s, o in rated)
    # from the start (25, 25/3) a win moves the winner up and the loser down alike
    (w, ws, _), (lo, ls, _) = ratings(2, [[1, 0]])
    assert w > 25 > lo and math.isclose(w - 25, 25 - lo) and ws == ls < 25 / 3
    assert ratings(2, []) == [(25.0, 25 / 3, 0.0)] * 2


def test_greedy_ranks_first_against_random_bots() -> None:
    table = tournament("mcr", ["random", "random", "greedy", "random"], deals=3, seed=1)
    rows = table.to_pylist()
    assert [r["rank"] for r in rows] == [1, 2, 3, 4]
    assert rows[0]["bot"] == "greedy" and rows[0]["entry"] == 2
    assert rows[0]["mean_score_low"] > max(r["mean_score_high"] for r in rows[1:])
    assert rows[0]["ordinal"] > max(r["mu"] for r in rows[1:])
    assert sum(r["mean_score"] for r in rows) == pytest.approx(0)  # MCR pays within the table


def test_the_python_api_returns_a_pyarrow_table() -> None:
    table = parlour.tournament("mcr", FOUR, deals=1, seed=3)
    assert isinstance(table, pa.Table)
    assert table.column_names == list(COLUMNS)
    assert table.num_rows == 4
    assert table.schema.field("hands").type == pa.int64()
    assert table.schema.field("mu").type == pa.float64()


def test_import_parlour_stays_light() -> None:
    code = (
        "import sys, parlour\n"
        "heavy = [m for m in sys.modules if m.split('.')[0] in ('pyarrow', 'openskill')"
        " or m.startswith('parlour.sim')]\n"
        "print(heavy)\n"
        "print(parlour.tournament.__module__)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": SRC},
    ).stdout.split()
    assert out == ["[]", "parlour.sim.tournament"]


@pytest.mark.parametrize(
    ("rules", "bots", "deals", "message"),
    [
        ("nope", FOUR, 1, "unknown rule system 'nope'"),
        ("mcr", ["random"] * 3, 1, "mcr is played at 4 seats: give 4 bots, not 3"),
        ("mcr", ["random"] * 3 + ["nobody"], 1, "unknown bot 'nobody'"),
        ("mcr", FOUR, 0, "a tournament plays at least 1 deal, not 0"),
    ],
)
def test_bad_input_is_refused(rules: str, bots: list[str], deals: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        tournament(rules, bots, deals)


def test_a_mahjong_hand_names_who_dealt_in() -> None:
    results = simulate(["greedy"] * 4, 12, seed=2)["results"]
    kinds: Counter[str] = Counter()
    for r in results:
        if not r["winners"]:
            assert r["dealt_in"] is None
            kinds["draw"] += 1
        elif all(r["self_drawn"]):
            assert r["dealt_in"] is None
            kinds["self-drawn"] += 1
        else:
            assert r["dealt_in"] in range(4) and r["dealt_in"] not in r["winners"]
            kinds["discard"] += 1
    assert kinds["discard"] and kinds["self-drawn"]

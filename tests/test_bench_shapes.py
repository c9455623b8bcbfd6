"""Smoke test of ``parlour bench shapes`` (no timing assertions)."""

from __future__ import annotations

import importlib.util

import pytest

from parlour.bench.shapes import (
    RATIO_TARGETS,
    complete_hands,
    print_table,
    random_hands,
    run_shapes_bench,
)
from parlour.mahjong.shapes import is_complete

OURS = [
    "parlour shanten_of",
    "parlour shanten",
    "parlour is_complete_counts",
    "parlour is_complete",
    "parlour decompositions",
]
PEERS = {
    "PyMahjongGB MahjongShanten": "MahjongGB",
    "mahjong Shanten.calculate_shanten": "mahjong",
}


def test_rows_and_table(capsys: pytest.CaptureFixture[str]) -> None:
    rows = run_shapes_bench(hands=200, seed=3, repeat=2)
    timed = [r["name"] for r in rows if r["kind"] == "timing"]
    skipped = [r["name"] for r in rows if r["kind"] == "skipped"]
    installed = [n for n, m in PEERS.items() if importlib.util.find_spec(m) is not None]
    assert sorted(timed) == sorted(OURS + installed)
    assert sorted(skipped) == sorted(set(PEERS) - set(installed))
    for r in rows:
        if r["kind"] == "timing":
            assert r["hands"] == 200
            assert r["per_second"] > 0 and r["seconds"] > 0
    ratios = [r["name"] for r in rows if r["kind"] == "ratio"]
    if len(installed) == len(PEERS):
        assert ratios == [name for name, *_ in RATIO_TARGETS]
    print_table(rows)
    out = capsys.readouterr().out
    for name in timed[:1] + ratios[:1]:
        assert name in out


def test_hand_sets_are_seeded_and_valid() -> None:
    assert random_hands(5, 13, 1) == random_hands(5, 13, 1)
    assert random_hands(5, 13, 1) != random_hands(5, 13, 2)
    hands = complete_hands(30, 4)
    assert hands == complete_hands(30, 4)
    for h in hands:
        assert len(h) == 14 and max(h.count(t) for t in h) <= 4
        assert is_complete(h)


def test_rejects_no_hands() -> None:
    with pytest.raises(ValueError):
        run_shapes_bench(hands=0)

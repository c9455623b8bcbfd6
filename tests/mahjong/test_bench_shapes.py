"""Smoke test of ``parlour bench shapes`` (no timing assertions)."""

from __future__ import annotations

import sys

import pytest

from dev_deps import require
from parlour.bench.shapes import (
    GOLD_DECOMPOSITION_SHARE,
    GOLD_GOALS,
    GOLD_NOTE,
    GOLD_WILDS,
    PURE_SUFFIX,
    PURE_TWINS,
    RATIO_TARGETS,
    complete_hands,
    gold_hands,
    print_table,
    random_hands,
    run_shapes_bench,
)
from parlour.mahjong.kernel import active
from parlour.mahjong.rules.gold import wild_rules
from parlour.mahjong.shapes import is_complete
from parlour.mahjong.tiles import WHITE

OURS = [
    "parlour shanten_of",
    "parlour shanten",
    "parlour is_complete_counts",
    "parlour is_complete",
    "parlour shanten (strings)",
    "parlour is_complete (strings)",
    "parlour decompositions",
]
GOLD_ROWS = {
    f"parlour {fn}, {n} gold" + ("" if n == 1 else "s"): fn
    for n in GOLD_WILDS
    for fn in ("is_complete", "decompositions")
}
# pinned dev dependencies: a missing one fails the run (see dev_deps), it never skips
PEERS = {
    "PyMahjongGB MahjongShanten": "MahjongGB",
    "mahjong Shanten.calculate_shanten": "mahjong",
}
require("MahjongGB", "pymahjonggb==1.4.0")
require("mahjong.shanten", "mahjong>=2.0")


@pytest.mark.slow
def test_rows_and_table(capsys: pytest.CaptureFixture[str]) -> None:
    rows = run_shapes_bench(hands=200, seed=3, repeat=2)
    timed = [r["name"] for r in rows if r["kind"] == "timing"]
    skipped = [r["name"] for r in rows if r["kind"] == "skipped"]
    assert sorted(timed) == sorted(OURS + list(PEERS) + list(GOLD_ROWS))
    assert skipped == []
    for r in rows:
        if r["kind"] == "timing":
            decomposing = GOLD_ROWS.get(r["name"]) == "decompositions"
            assert r["hands"] == (200 // GOLD_DECOMPOSITION_SHARE if decomposing else 200)
            assert r["per_second"] > 0 and r["seconds"] > 0
            assert r["first_per_second"] > 0
            if r["name"] in GOLD_ROWS:
                assert r["library"] == "parlour" and "no peer" in r["task"]
                assert "17" in r["task"]
    ratios = [r["name"] for r in rows if r["kind"] == "ratio"]
    assert ratios == [name for name, *_ in RATIO_TARGETS]
    assert not any(" gold" in r["ours"] for r in rows if r["kind"] == "ratio")
    print_table(rows)
    out = capsys.readouterr().out
    for name in timed[:1] + ratios[:1]:
        assert name in out
    assert "no peer" in out and "parlour alone" in " ".join(out.split())
    assert "parlour alone" in GOLD_NOTE


def test_peers_that_cannot_be_imported_are_skipped_rows(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Where the peers cannot be imported (a None in sys.modules makes an import fail),
    the bench times parlour alone and names each peer as skipped."""
    for module in ("MahjongGB", "mahjong", "mahjong.shanten"):
        monkeypatch.setitem(sys.modules, module, None)
    rows = run_shapes_bench(hands=20, seed=3, repeat=1)
    timed = [r["name"] for r in rows if r["kind"] == "timing"]
    assert sorted(timed) == sorted(OURS + list(GOLD_ROWS))
    assert sorted(r["name"] for r in rows if r["kind"] == "skipped") == sorted(PEERS)
    assert not [r for r in rows if r["kind"] == "ratio"]
    print_table(rows)
    assert "not installed" in capsys.readouterr().out


def test_hand_sets_are_seeded_and_valid() -> None:
    assert random_hands(5, 13, 1) == random_hands(5, 13, 1)
    assert random_hands(5, 13, 1) != random_hands(5, 13, 2)
    hands = complete_hands(30, 4)
    assert hands == complete_hands(30, 4)
    for h in hands:
        assert len(h) == 14 and max(h.count(t) for t in h) <= 4
        assert is_complete(h)


def test_gold_hands_are_seeded_and_hold_their_golds() -> None:
    for n in GOLD_WILDS:
        hands = gold_hands(20, n, 5)
        assert hands == gold_hands(20, n, 5) and hands != gold_hands(20, n, 6)
        whole = gold_hands(20, n, 5, complete=True)
        for i, (tiles, rules) in enumerate(hands):
            gold = rules.wild_tile
            assert gold is not None
            assert len(tiles) == 17 and max(tiles.count(t) for t in tiles) <= 4
            assert tiles.count(gold) == n  # every copy of the Gold's kind is a Gold
            assert rules.substitutes == wild_rules(gold).substitutes
            if gold != WHITE:
                assert rules.substitutes == ((WHITE, gold),)
            if i % 2 == 0:
                assert is_complete(tiles, constraints=rules)
        assert all(is_complete(t, constraints=r) for t, r in whole)


def test_rejects_no_hands() -> None:
    with pytest.raises(ValueError):
        run_shapes_bench(hands=0)


def test_pure_and_compiled_side_by_side(capsys: pytest.CaptureFixture[str]) -> None:
    """With the compiled kernel in use, the kernel's entry points are timed on both paths
    and compared; without it, the table says which kernel was timed."""
    rows = run_shapes_bench(hands=20, seed=5, repeat=1)
    kernel_rows = [r for r in rows if r["kind"] == "kernel"]
    print_table(rows)
    out = capsys.readouterr().out
    if active() == "compiled":
        assert [r["name"] for r in kernel_rows] == list(PURE_TWINS)
        assert all(r["ratio"] > 0 and r["pure_per_second"] > 0 for r in kernel_rows)
        pure = {r["name"] for r in rows if r["kind"] == "pure"}
        assert pure == {name + PURE_SUFFIX for name in PURE_TWINS}
        assert "compiled / pure" in out
    else:
        assert kernel_rows == []
        assert "shape kernel: pure" in out


def test_the_gold_decomposition_goals_are_rows(capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's hands per second for 17-tile decompositions with 1 and 3 Golds are
    goal rows (what parlour bench summary collects), printed with their targets."""
    rows = run_shapes_bench(hands=50, seed=7, repeat=1)
    goals = [r for r in rows if r["kind"] == "goal"]
    speed = {r["name"]: r["per_second"] for r in rows if r["kind"] == "timing"}
    assert [(r["name"], r["row"], r["target"]) for r in goals] == list(GOLD_GOALS)
    for r in goals:
        assert r["per_second"] == speed[r["row"]] > 0
        assert r["ok"] == (r["per_second"] >= r["target"])
    print_table(rows)
    out = capsys.readouterr().out
    assert "Goals (hands per second, one core)" in out
    assert all(name in out for name, *_ in GOLD_GOALS)

"""The ``parlour analyse`` command: human and JSON output, wild options, bad input."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from parlour.cli import app

runner = CliRunner()


def run_json(*args: str) -> dict:
    result = runner.invoke(app, ["analyse", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_ready_hand_lists_waits_with_unseen_copies() -> None:
    out = run_json("123m 456p 789s EE CC", "--visible", "C")
    assert out["tiles"] == 13
    assert out["shanten"] == 0
    assert out["complete"] is False
    assert out["waits"] == {"E": 2, "C": 1}


def test_complete_hand_lists_every_decomposition() -> None:
    out = run_json("11122233344455m")
    assert out["complete"] is True
    assert out["shanten"] == -1
    readings = sorted(d["text"] for d in out["decompositions"])
    assert readings == [
        "{111m} {222m} {333m} {444m} 55m",
        "{111m} {234m} {234m} {234m} 55m",
        "{111m} {234m} {345m} {345m} 22m",
        "{123m} {123m} {123m} {444m} 55m",
    ]
    assert out["decompositions_total"] == 4


def test_fourteen_tiles_not_complete_suggest_discards() -> None:
    out = run_json("123m 456p 789s EE CC 1s")
    assert out["complete"] is False
    best = out["discards"][0]
    assert best == {"discard": "1s", "shanten": 0, "waits": {"E": 2, "C": 2}, "unseen": 4}
    assert all(row["shanten"] >= 0 for row in out["discards"])


def test_shanten_by_shape_only_lists_shapes_the_hand_can_take() -> None:
    out = run_json("[EEE] 123m 456p 78s 99s")
    assert set(out["shanten_by_shape"]) == {"regular", "knitted_straight"}
    assert out["waits"] == {"6s": 4, "9s": 2}


def test_wilds_option_reports_what_the_wild_stands_for() -> None:
    out = run_json("123m 456p 789s EEE C", "--wilds", "1")
    assert out["tiles"] == 14
    assert out["complete"] is True
    assert out["decompositions"][0]["wilds"] == [{"tile": "J", "stands_for": "C"}]
    ready = run_json("123m 456p 789s EE C", "--wilds", "1")
    assert ready["tiles"] == 13
    assert ready["shanten"] == 0
    complete = run_json("123m 456p 789s EEE C C", "--wilds", "0")
    assert complete["complete"] is True
    with_wild = run_json("123m 456p 789s EEE C J")
    assert with_wild["complete"] is True
    stands = [w["stands_for"] for d in with_wild["decompositions"] for w in d["wilds"]]
    assert "C" in stands


def test_wild_tile_option_makes_every_copy_wild() -> None:
    out = run_json("123m 456p 789s 5p 5p E C", "--wild-tile", "5p")
    assert out["shanten"] == 0
    assert "E" in out["waits"] and "C" in out["waits"]


def test_loose_model_counts_a_fifth_copy() -> None:
    assert run_json("1111m 234p 567p 789s")["shanten"] == 1
    assert run_json("1111m 234p 567p 789s", "--model", "loose")["shanten"] == 0


def test_human_output_mentions_shanten_and_waits() -> None:
    result = runner.invoke(app, ["analyse", "123m 456p 789s EE CC"])
    assert result.exit_code == 0
    assert "shanten: 0" in result.stdout
    assert "E (2 unseen)" in result.stdout


@pytest.mark.parametrize(
    ("hand", "extra", "message"),
    [
        ("12x", [], "unexpected character 'x' at position 2"),
        ("11111m 234p 567p 78s", [], "5 copies of 1m at position 4"),
        ("123m 456p 789s EE CCC 1s", [], "a hand of 15 tiles"),
        ("123m 456p 789s EE CC f1", [], "bonus tile f1 cannot be part of a hand's shape"),
        ("[124m] 456p 789s EE CC", [], "'[124m]' is not a chow, pung or kong at position 0"),
        ("123m 456p 789s EE CC", ["--wild-tile", "Q"], "not a tile: 'Q'"),
        ("123m 456p 789s EE CC", ["--model", "fast"], "unknown shanten model 'fast'"),
        ("123m 456p 789s EE CC", ["--wilds", "-1"], "wilds must be a non-negative integer"),
    ],
)
def test_bad_input_prints_the_error_and_exits_2(hand: str, extra: list[str], message: str) -> None:
    result = runner.invoke(app, ["analyse", hand, *extra])
    assert result.exit_code == 2
    assert "error:" in result.output
    assert message in " ".join(result.output.split())
    assert "Traceback" not in result.output

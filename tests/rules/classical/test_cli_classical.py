"""``parlour score`` for classical: one winning hand, and ``--table`` for a whole table
(every seat's breakdown and the settlement), with its bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlour.cli import app
from places import VECTORS

runner = CliRunner()
VECTORS = json.loads((VECTORS / "classical" / "worked_examples.json").read_text())
TV1 = VECTORS[0]["table"]


def flat(text: str) -> str:
    return " ".join(text.split())


def test_table_prints_every_breakdown_and_the_settlement(tmp_path: Path) -> None:
    path = tmp_path / "tv1.json"
    path.write_text(json.dumps(TV1))
    result = runner.invoke(app, ["score", "--table", str(path)])
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    for seat, total in (("E", 10), ("S", 68), ("W", 104), ("N", 28)):
        assert f"{seat}: {total}" in out
    assert "52 points x 2^1 = 104" in out
    assert "each loser pays W 104" in out
    for seat, change in (("E", "-180"), ("S", "-6"), ("W", "+312"), ("N", "-126")):
        assert f"│ {seat} │ {change} │" in out


def test_table_json_from_stdin() -> None:
    result = runner.invoke(app, ["score", "--table", "-", "--json"], input=json.dumps(TV1))
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["net"] == {"E": -180, "S": -6, "W": 312, "N": -126}
    assert {s: v["total"] for s, v in out["scores"].items()} == {
        "E": 10,
        "S": 68,
        "W": 104,
        "N": 28,
    }
    west = out["scores"]["W"]
    assert (west["points"], west["doubles"]) == (52, 1)
    assert {
        "key": "own_wind_set",
        "name": "pung or kong of one's own wind",
        "value": 1,
        "count": 1,
        "unit": "doubles",
    } in west["patterns"]


def test_one_classical_hand() -> None:
    result = runner.invoke(
        app,
        [
            "score",
            "999p 44s 67s [777m] [WWWW] f4",
            "--rules",
            "classical",
            "--win",
            "5s",
            "--seat",
            "W",
            "--self-drawn",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["total"] == 104
    assert out["payments"] == {"E": -104, "S": -104, "N": -104, "W": 312}


def test_one_classical_hand_with_bonus_and_visible_tiles() -> None:
    # EX-4's winner: the last live tile, and the other pair (3p) exhausted by the discards
    args = [
        "score",
        "888s 55p 33p [SSS] [999m]",
        "--rules",
        "classical",
        "--win",
        "5p",
        "--seat",
        "S",
        "--self-drawn",
        "--last-tile",
        "--visible",
        "3p 3p",
    ]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["total"] == 320
    without = runner.invoke(app, [*args[:-2], "--json"])
    assert json.loads(without.output)["total"] == 304  # 38 points: no "only possible tile"
    shown = runner.invoke(app, args)
    assert "the only possible tile" in shown.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["score", "123m", "--table", "x.json"], "give a HAND, --table FILE or --jsonl FILE"),
        (
            ["score", "123m 456p 789s EEE CC", "--win", "C", "--bonus", "f1"],
            "--bonus applies to --rules classical, xiamen, quanzhou or fuzhou only",
        ),
        (
            ["score", "123m 456p 789s EEE CC", "--win", "C", "--goulash"],
            "--goulash applies to --rules classical only",
        ),
        (
            [
                "score",
                "123m 456p 789s EEE CC",
                "--rules",
                "classical",
                "--win",
                "C",
                "--flowers",
                "2",
            ],
            "give them as --bonus",
        ),
        (["score", "123m 456p 789s EEE C5", "--rules", "classical", "--win", "C"], "5"),
        (["score", "--table", "/nonexistent/table.json"], "cannot read"),
    ],
)
def test_bad_input_exits_2_with_a_message(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert message in flat(result.output)
    assert "Traceback" not in result.output


def test_table_that_is_not_json(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    result = runner.invoke(app, ["score", "--table", str(path)])
    assert result.exit_code == 2
    assert "is not JSON" in flat(result.output)


def test_table_with_an_impossible_hand(tmp_path: Path) -> None:
    table = json.loads(json.dumps(TV1))
    table["seats"]["E"]["hand"] = "234m 678s EE 1p 9p [9999p]"  # a fifth 9p
    path = tmp_path / "five.json"
    path.write_text(json.dumps(table))
    result = runner.invoke(app, ["score", "--table", str(path)])
    assert result.exit_code == 2
    assert "copies of 9p" in flat(result.output)

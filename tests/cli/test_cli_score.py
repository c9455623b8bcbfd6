"""The ``parlour score`` command: one hand (table and JSON), bad input, and ``--jsonl``."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import parlour
from parlour.cli import app, situation_from_args

runner = CliRunner()

HAND = "123m 456p 789s EEE CC"
FALSE_HAND = "[222m] 222p 333s 567s 99m"


def flat(text: str) -> str:
    """The output with runs of whitespace made single spaces (rich wraps long lines)."""
    return " ".join(text.split())


def row(out: str, name: str) -> list[str]:
    """The cells of the table row that starts with ``name``."""
    for line in out.splitlines():
        cells = [c.strip() for c in re.split(r"[│┃|]", line)]
        cells = [c for c in cells if c]
        if cells and cells[0] == name:
            return cells
    raise AssertionError(f"no row {name!r} in:\n{out}")


def score_cli(*args: str) -> Any:
    return runner.invoke(app, ["score", *args])


# ---------------------------------------------------------------------------------------
# One hand


def test_table_lists_the_fans_total_and_payments() -> None:
    result = score_cli(HAND, "--win", "C", "--seat", "E", "--round", "E")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert row(out, "Mixed Straight") == ["Mixed Straight", "8", "1", "8"]
    assert row(out, "All Types") == ["All Types", "6", "1", "6"]
    assert row(out, "total") == ["total", "21"]
    assert row(out, "E") == ["E", "winner", "+45"]
    assert row(out, "N") == ["N", "discarder (assumed: the winner's left)", "-29"]
    assert row(out, "S") == ["S", "-8"]
    assert "= 21" in flat(out)  # the explain lines


def test_self_drawn_and_flowers() -> None:
    drawn = score_cli(HAND, "--win", "C", "--self-drawn")
    assert drawn.exit_code == 0, drawn.output
    assert row(drawn.stdout, "total") == ["total", "23"]
    # self-drawn with a concealed hand: Fully Concealed Hand 4 (not Concealed Hand 2)
    assert row(drawn.stdout, "Fully Concealed Hand") == ["Fully Concealed Hand", "4", "1", "4"]
    assert row(drawn.stdout, "W") == ["W", "pays (self-drawn)", "-31"]
    flowers = score_cli(HAND, "--win", "C", "--flowers", "2")
    assert flowers.exit_code == 0, flowers.output
    assert row(flowers.stdout, "Flower Tiles") == ["Flower Tiles", "1", "2", "2"]
    assert row(flowers.stdout, "total") == ["total", "23"]


def test_discarder_and_robbed_player_are_marked() -> None:
    out = score_cli(HAND, "--win", "C", "--from", "W").stdout
    assert row(out, "W") == ["W", "discarder", "-29"]
    assert row(out, "N") == ["N", "-8"]
    robbed = score_cli("123m 456p 78s EEE CC 9s", "--win", "9s", "--robbing-kong", "--from", "S")
    assert robbed.exit_code == 0, robbed.output
    assert row(robbed.stdout, "Robbing The Kong") == ["Robbing The Kong", "8", "1", "8"]
    total = int(row(robbed.stdout, "total")[1])
    assert row(robbed.stdout, "S") == ["S", "robbed kong", f"-{8 + total}"]


def test_plus_names_the_winning_tile() -> None:
    plus = score_cli(HAND + " +C", "--json")
    win = score_cli(HAND, "--win", "C", "--json")
    assert plus.exit_code == win.exit_code == 0
    assert json.loads(plus.stdout)["total"] == json.loads(win.stdout)["total"] == 21
    both = score_cli(HAND + " +C", "--win", "C", "--json")
    assert json.loads(both.stdout)["total"] == 21


@pytest.mark.parametrize(
    ("args", "situation"),
    [
        ([HAND, "--win", "C"], {"hand": HAND, "win_tile": "C"}),
        (
            [HAND, "--win", "C", "--round", "S", "--seat", "W", "--from", "N", "--flowers", "3"],
            {
                "hand": HAND,
                "win_tile": "C",
                "round_wind": "S",
                "seat_wind": "W",
                "discarder": "N",
                "bonus": 3,
            },
        ),
        (
            ["[1111m] 456p 789s EEE CC", "--win", "C", "--self-drawn", "--kong-replacement"],
            {
                "hand": "[1111m] 456p 789s EEE CC",
                "win_tile": "C",
                "self_drawn": True,
                "kong_replacement": True,
            },
        ),
        (
            [
                "[1111m] {2222p} 78s EEE CC +9s",
                "--last-tile",
                "--last-of-kind",
                "--option",
                "kong_values=reference",
            ],
            {
                "hand": "[1111m] {2222p} 78s EEE CC +9s",
                "win_tile": "9s",
                "last_wall_tile": True,
                "last_of_kind": True,
                "options": {"kong_values": "reference"},
            },
        ),
    ],
)
def test_json_is_the_scores_json(args: list[str], situation: dict[str, Any]) -> None:
    result = score_cli(*args, "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == parlour.score({"rules": "mcr", **situation}).to_json()
    assert result.stdout.count("\n") == 1


def test_kong_values_option_changes_the_kong_fans() -> None:
    hand = "[1111m] {2222p} 789s EEE CC"
    source = json.loads(score_cli(hand, "--win", "C", "--json").stdout)
    reference = json.loads(
        score_cli(hand, "--win", "C", "--json", "--option", "kong_values=reference").stdout
    )
    kong = "Concealed Kong and Melded Kong"
    assert {p["name"]: p["value"] for p in source["patterns"]}[kong] == 6
    assert {p["name"]: p["value"] for p in reference["patterns"]}[kong] == 5
    assert source["total"] == reference["total"] + 1


def test_situation_from_args_builds_the_dict() -> None:
    d = situation_from_args(HAND + " +C", seat="S", options=["kong_values=reference", "n=3"])
    assert d["win_tile"] == "C" and d["seat_wind"] == "S"
    assert d["options"] == {"kong_values": "reference", "n": 3}
    assert "discarder" not in d


# ---------------------------------------------------------------------------------------
# False mahjong and bad input


def test_false_mahjong_prints_the_reason_and_exits_2() -> None:
    result = score_cli(FALSE_HAND, "--win", "7s")
    assert result.exit_code == 2
    text = flat(result.stdout)
    assert "not valid: false mahjong" in text
    assert "8-point minimum" in text
    assert row(result.stdout, "total") == ["total", "5"]
    assert row(result.stdout, "E") == ["E", "declarer (false mahjong)", "-30"]
    assert "Traceback" not in result.output


def test_false_mahjong_json() -> None:
    result = score_cli(FALSE_HAND, "--win", "7s", "--json")
    assert result.exit_code == 2
    out = json.loads(result.stdout)
    assert out == parlour.score({"hand": FALSE_HAND, "win_tile": "7s"}).to_json()
    assert out["valid"] is False and "8" in out["reason"]


def test_not_a_winning_shape() -> None:
    result = score_cli("123m 456p 789s EEE 1s C", "--win", "C")
    assert result.exit_code == 2
    assert "not a winning hand" in flat(result.stdout)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["12x", "--win", "1m"],
            "unexpected character 'x' at position 2 in '12x' "
            "(numbers must end with a suit letter m, p or s)",
        ),
        (
            ["11111m 456p 789s EE C", "--win", "1m"],
            "5 copies of 1m at position 4 in '11111m 456p 789s EE C' (the tile set holds 4)",
        ),
        (
            [HAND, "--win", "1s"],
            f"the winning tile 1s is not among the concealed tiles of {HAND!r}",
        ),
        (
            [HAND, "--win", "C", "--robbing-kong", "--self-drawn"],
            "robbing the kong is a win on another player's tile: it cannot be self-drawn",
        ),
        (
            [HAND, "--win", "C", "--option", "speed=fast"],
            "unknown MCR option 'speed' (MCR has: kong_values)",
        ),
        (
            [HAND, "--win", "C", "--option", "fast"],
            "--option must be KEY=VALUE, such as kong_values=reference, not 'fast'",
        ),
        (
            [HAND],
            "no winning tile: give --win TILE or write it in the hand as +TILE",
        ),
        (
            [HAND + " +C", "--win", "E"],
            "the hand names C as its winning tile but --win is E",
        ),
        (
            [HAND, "--win", "C", "--seat", "Q"],
            "--seat must be a wind: E, S, W or N, not 'Q'",
        ),
        (
            [HAND, "--win", "C", "--rules", "gold"],
            "unknown rule system 'gold' (scoring is available for: "
            "classical, fuzhou, hangzhou, kawuxing, mcr, ninety-nine, piquet, quanzhou, wuhan, "
            "xiamen)",
        ),
        (
            [HAND, "--win", "C", "--self-drawn", "--from", "S"],
            "a self-drawn win has no discarder",
        ),
        ([], "give a HAND to score (or --jsonl FILE)"),
        ([HAND, "--jsonl", "-"], "give a HAND or --jsonl FILE, not both"),
        (["--jsonl", "-", "--seat", "S"], "--seat does not apply to --jsonl"),
    ],
)
def test_bad_input_prints_the_error_and_exits_2(args: list[str], message: str) -> None:
    result = score_cli(*args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert flat(result.stderr).startswith("error: ")
    assert message in flat(result.stderr)
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_a_hand_one_tile_short_gets_a_hint() -> None:
    result = score_cli("123m 456p 789s EEE C", "--win", "C")
    assert result.exit_code == 2
    err = flat(result.stderr)
    assert "an MCR winning hand has 14 tiles" in err
    assert "the hand holds 13 tiles: HAND is the whole hand, the winning tile included" in err


def test_bracketed_melds_in_messages_are_not_taken_for_markup() -> None:
    result = score_cli("[EEE] [f1] 123m", "--win", "1m")
    assert result.exit_code == 2
    assert "[f1]" in result.stderr


# ---------------------------------------------------------------------------------------
# --jsonl

GOOD = {"rules": "mcr", "hand": HAND, "win_tile": "C", "self_drawn": True}
FALSE = {"hand": FALSE_HAND, "win_tile": "7s"}
MALFORMED = {"hand": "12x", "win_tile": "1m"}
UNKNOWN_FIELD = {"hand": HAND, "win_tile": "C", "colour": "red"}
LINES = [
    json.dumps(GOOD),
    json.dumps(FALSE),
    json.dumps(MALFORMED),
    "this is not JSON",
    "",
    json.dumps(UNKNOWN_FIELD),
    "[1, 2]",
    "   ",
    json.dumps({**GOOD, "bonus": 3}),
]


def check_bulk(stdout: str) -> None:
    out = [json.loads(line) for line in stdout.splitlines()]
    assert len(out) == len(LINES)
    assert out[0] == parlour.score(GOOD).to_json() and out[0]["total"] == 23
    assert out[1] == parlour.score(FALSE).to_json() and out[1]["valid"] is False
    assert out[2] == {
        "valid": False,
        "reason": "unexpected character 'x' at position 2 in '12x' "
        "(numbers must end with a suit letter m, p or s)",
    }
    assert out[3]["valid"] is False
    assert out[3]["reason"].startswith("line 4 is not JSON: ")
    assert out[4] == {"valid": False, "reason": "line 5 is empty"}
    assert out[5] == {"valid": False, "reason": "unknown field 'colour' in the situation"}
    assert out[6] == {"valid": False, "reason": "a situation must be a JSON object, not list"}
    assert out[7] == {"valid": False, "reason": "line 8 is empty"}
    assert out[8]["valid"] is True and out[8]["total"] == 26
    # compact separators, one object per line
    for line, obj in zip(stdout.splitlines(), out, strict=True):
        assert line == json.dumps(obj, separators=(",", ":"))


def test_jsonl_file(tmp_path: Path) -> None:
    path = tmp_path / "hands.jsonl"
    path.write_text("\n".join(LINES) + "\n", encoding="utf-8")
    result = score_cli("--jsonl", str(path))
    assert result.exit_code == 0, result.output
    check_bulk(result.stdout)


def test_jsonl_stdin_without_a_final_newline() -> None:
    result = runner.invoke(app, ["score", "--jsonl", "-"], input="\n".join(LINES))
    assert result.exit_code == 0, result.output
    check_bulk(result.stdout)
    assert result.stderr == ""


def test_jsonl_crlf_lines() -> None:
    result = runner.invoke(app, ["score", "--jsonl", "-"], input="\r\n".join(LINES) + "\r\n")
    assert result.exit_code == 0, result.output
    check_bulk(result.stdout)


def test_jsonl_missing_file(tmp_path: Path) -> None:
    result = score_cli("--jsonl", str(tmp_path / "nope.jsonl"))
    assert result.exit_code == 2
    assert "error: cannot read" in flat(result.stderr)


def test_jsonl_empty_input() -> None:
    result = runner.invoke(app, ["score", "--jsonl", "-"], input="")
    assert result.exit_code == 0
    assert result.stdout == ""

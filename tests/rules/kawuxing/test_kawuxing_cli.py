"""Kawuxing on the command line: ``parlour score --rules kawuxing`` with its own flags
(roles instead of winds: ``--seat``, ``--from``; ``--kong-chain``, ``--disclosed``...),
the JSON forms (``--situation FILE`` for a kong or a drawn hand, ``--jsonl``), a false
win's exit status, and ``parlour rules kawuxing``."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from parlour.cli import app

runner = CliRunner()


def flat(text: str) -> str:
    return " ".join(text.split())


def test_score_help_lists_kawuxings_own_flags() -> None:
    result = runner.invoke(app, ["score", "--rules", "kawuxing", "--help"])
    assert result.exit_code == 0, result.output
    text = flat(result.output)
    for flag in ("--seat", "--from", "--self-drawn", "--kong-replacement", "--kong-chain",
                 "--robbing-kong", "--discard-after-kong", "--last-tile", "--disclosed",
                 "--discarder-disclosed", "--unit"):  # fmt: skip
        assert flag in text, flag
    assert "ROLE" in text and "banker, right" in text
    assert "--fortune" not in text and "--round" not in text and "--flowers" not in text
    assert "--rules kawuxing --seat left --from banker" in text  # its examples


def test_score_by_flags_ex2() -> None:
    args = ["score", "--rules", "kawuxing", "123p 789p 46s 333s FF +5s", "--seat", "left",
            "--from", "banker", "--json"]  # fmt: skip
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["payments"] == {"banker": -2, "right": 0, "left": 2} and out["total"] == 2
    assert [p["key"] for p in out["patterns"]] == ["fit_five"]


def test_the_discarder_is_by_default_the_role_before_the_winner() -> None:
    result = runner.invoke(
        app, ["score", "--rules", "kawuxing", "123p 789p 46s 333s FF +5s", "--seat", "banker",
              "--json"],
    )  # fmt: skip
    assert json.loads(result.output)["payments"] == {"banker": 2, "right": 0, "left": -2}


def test_score_by_flags_ex7_prints_the_doubles_and_payments() -> None:
    args = ["score", "--rules", "kawuxing", "123p 456p {7777s} [FFFF] 99s +9s",
            "--kong-replacement", "--kong-chain", "banker,banker"]  # fmt: skip
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    text = flat(result.output)
    assert "KAWUXING, banker won on 9s on a kong supplement" in text
    assert "Bloom on Kong" in text and "+8" in text and "-4" in text


def test_options_disclosure_and_unit_by_flags() -> None:
    args = ["score", "--rules", "kawuxing", "3333s 5555p 77p 99s F +F", "--self-drawn",
            "--option", "double_dragon_x16=true", "--unit", "2", "--json"]  # fmt: skip
    out = json.loads(runner.invoke(app, args).output)
    assert out["payments"] == {"banker": 64, "right": -32, "left": -32}
    args = ["score", "--rules", "kawuxing", "123p 789p 46s 333s FF +5s", "--seat", "right",
            "--from", "left", "--disclosed", "--json"]  # fmt: skip
    out = json.loads(runner.invoke(app, args).output)
    assert out["payments"] == {"banker": 0, "right": 8, "left": -8}


def test_a_false_win_exits_2_with_its_reason() -> None:
    args = ["score", "--rules", "kawuxing", "123p 456p 789s 234s 5s +5s", "--seat", "right"]
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert "false win" in result.output and "at least one doubling pattern" in flat(result.output)


def test_errors_name_the_flag() -> None:
    result = runner.invoke(
        app, ["score", "--rules", "kawuxing", "123p 789p 46s 333s FF +5s", "--seat", "E"]
    )
    assert result.exit_code == 2 and "--seat must be a role" in flat(result.output)
    result = runner.invoke(
        app, ["score", "--rules", "kawuxing", "123p 789p 46s 333s FF +5s", "--round", "E"]
    )
    assert result.exit_code == 2 and "Kawuxing has no winds" in flat(result.output)
    result = runner.invoke(
        app, ["score", "--rules", "kawuxing", "123m 789p 46s 333s FF +5s", "--self-drawn"]
    )
    assert result.exit_code == 2 and "the m suit is removed" in flat(result.output)


def test_a_kong_and_a_draw_by_situation_file(tmp_path: Path) -> None:
    kong = tmp_path / "kong.json"
    kong.write_text(json.dumps({"event": "kong", "konger": "left", "kong": "direct",
                                "discarder": "right", "chain": 2}))  # fmt: skip
    result = runner.invoke(app, ["score", "--rules", "kawuxing", "--situation", str(kong)])
    assert result.exit_code == 0, result.output
    text = flat(result.output)
    assert "left's direct kong, chain position 2" in text and "+4" in text and "-4" in text
    draw = tmp_path / "draw.json"
    draw.write_text(json.dumps({"event": "draw", "disclosure_order": ["right", "left"]}))
    result = runner.invoke(app, ["score", "--rules", "kawuxing", "--situation", str(draw),
                                 "--json"])  # fmt: skip
    assert json.loads(result.output)["payments"] == {"banker": 1, "right": -2, "left": 1}
    result = runner.invoke(app, ["score", "--rules", "kawuxing", "--situation", str(draw)])
    assert "a drawn hand; disclosed: right, left" in flat(result.output)


def test_jsonl_reports_bad_lines_in_order() -> None:
    lines = [
        {"rules": "kawuxing", "hand": "123p 789p 46s 333s FF +5s", "seat": "left",
         "discarder": "banker"},
        {"rules": "kawuxing", "event": "kong", "konger": "left", "kong": "open"},
    ]  # fmt: skip
    result = runner.invoke(
        app, ["score", "--jsonl", "-"], input="".join(json.dumps(x) + "\n" for x in lines)
    )
    assert result.exit_code == 0, result.output
    out = [json.loads(line) for line in result.stdout.splitlines()]
    assert out[0]["total"] == 2
    assert out[1]["valid"] is False and "'kong' must be direct" in out[1]["reason"]


def test_rules_kawuxing_shows_its_status_flags_and_options() -> None:
    result = runner.invoke(app, ["rules", "kawuxing"])
    assert result.exit_code == 0, result.output
    text = flat(result.output)
    assert "status: playable" in text and "--kong-chain" in text
    assert "players = 3" in text and 'removed_suit = "m"' in text and "max_doubles = 3" in text
    assert "double_dragon_x16 = false" in text and 'disclosure_scope = "full"' in text
    data = json.loads(runner.invoke(app, ["rules", "kawuxing", "--json"]).output)
    assert data["status"] == "playable" and data["players"] == [3, 4]

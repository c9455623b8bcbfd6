"""Hangzhou on the command line and in the registry: ``parlour score --rules hangzhou``
with its own flags (``--fortune``, ``--lao``, ``--floats``, ``--kong-streak``,
``--claims``), the JSON forms (``--situation FILE``, ``--jsonl``), ``parlour rules
hangzhou``, and the descriptor (playable, its options with the spec's defaults)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlour.cli import app
from parlour.mahjong.rules.hangzhou import HANGZHOU, OPTIONS
from parlour.registry import PLAYABLE, find_system

runner = CliRunner()


def flat(text: str) -> str:
    return " ".join(text.split())


def test_hangzhou_is_a_playable_rule_system_with_the_specs_options() -> None:
    system = find_system("hangzhou")
    assert system is HANGZHOU and system.status == PLAYABLE and system.scores
    assert system.playable and set(system.bot_names()) == {"greedy", "random"}
    defaults = {o.name: o.default for o in system.options()}
    assert defaults == {o.name: o.default for o in OPTIONS}
    assert defaults["max_loss"] == 100 and defaults["robbing_kong_from_lao"] == 3
    assert defaults["liability_restriction"] == "none"
    assert defaults["liability_restriction_scope"] == "always"
    assert defaults["ten_honours_mode"] == "own_tile_plus"
    off = [n for n, v in defaults.items() if v is False]
    assert len(off) == 11  # every other option is off by default (§11)
    match = system.new_match({}, seed=1)
    assert match.to_act() and match.scores == [100] * 4  # max_loss chips each
    with pytest.raises(ValueError, match="max_loss"):
        system.new_match({"max_loss": 0}, seed=1)


def test_score_help_lists_hangzhous_own_flags() -> None:
    result = runner.invoke(app, ["score", "--rules", "hangzhou", "--help"])
    assert result.exit_code == 0, result.output
    text = flat(result.output)
    for flag in ("--fortune", "--lao", "--floats", "--kong-streak", "--claims", "--banker",
                 "--kong-replacement", "--robbing-kong", "--from", "--self-drawn"):  # fmt: skip
        assert flag in text, flag
    assert "--gold" not in text and "--bonus" not in text
    assert "--rules hangzhou --fortune 4s" in text  # its examples


def test_score_by_flags() -> None:
    result = runner.invoke(
        app,
        ["score", "--rules", "hangzhou", "[NNNN] {7777p} 123m P56s 4s* 3s", "--win", "3s",
         "--fortune", "4s", "--lao", "3", "--kong-replacement", "--kong-streak", "2", "--json"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["payments"] == {"E": 192, "S": -64, "W": -64, "N": -64}
    assert out["doubles"] == 3
    assert {p["key"]: p["count"] for p in out["patterns"]} == {"wild_eye": 1, "kong_bloom": 2}


def test_score_by_flags_prints_the_doubles_and_payments() -> None:
    result = runner.invoke(
        app,
        ["score", "--rules", "hangzhou", "123m 456m 789p 222s 4s* 9m", "--win", "9m",
         "--fortune", "4s", "--seat", "S", "--lao", "2", "--floats", "1", "--self-drawn"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    text = flat(result.output)
    assert "HANGZHOU, fortune 4s, banker E at lao 2, S won on 9m by an own tile" in text
    assert "wild eye" in text and "fortune float" in text and "+24" in text


def test_claims_flag_makes_liability() -> None:
    args = ["score", "--rules", "hangzhou", "[678s] [333p] [CCC] 234m 9m +9m", "--seat", "W",
            "--fortune", "4s", "--self-drawn", "--json"]  # fmt: skip
    for claims in ("W:S=3", '{"W": {"S": 3}}'):
        result = runner.invoke(app, [*args, "--claims", claims])
        assert result.exit_code == 0, result.output
        assert json.loads(result.output)["payments"] == {"E": 0, "S": -4, "W": 4, "N": 0}
    result = runner.invoke(app, [*args, "--claims", "W-S-3"])
    assert result.exit_code == 2
    assert "--claims must be an object such as" in flat(result.output)


def test_a_discard_win_defaults_to_the_left_neighbour_and_a_refused_one_exits_2() -> None:
    args = ["score", "--rules", "hangzhou", "[789m] 123p 456p 11s 99s +9s", "--fortune", "4s"]
    result = runner.invoke(app, [*args, "--seat", "E", "--lao", "3", "--json"])
    out = json.loads(result.output)
    assert out["payments"] == {"E": 8, "S": 0, "W": 0, "N": -8}  # N sits at E's left
    result = runner.invoke(app, [*args, "--seat", "N", "--from", "S", "--lao", "3"])
    assert result.exit_code == 2
    assert "only between the banker and a non-banker" in flat(result.output)
    assert "false win" in result.output


def test_missing_indicator_and_foreign_flags_are_refused() -> None:
    result = runner.invoke(app, ["score", "--rules", "hangzhou", "123m 456m 789p 222s 9m +9m",
                                 "--self-drawn"])  # fmt: skip
    assert result.exit_code == 2
    assert "give the fortune indicator turned up after the deal: --fortune TILE" in flat(
        result.output
    )
    result = runner.invoke(app, ["score", "--rules", "hangzhou", "123m 456m 789p 222s 9m +9m",
                                 "--gold", "4s"])  # fmt: skip
    assert result.exit_code == 2
    assert "--gold does not apply to --rules hangzhou: give the indicator as --fortune" in flat(
        result.output
    )


def test_permanent_white_fortune_by_option_needs_no_indicator() -> None:
    result = runner.invoke(
        app,
        ["score", "--rules", "hangzhou", "123m 456m 789p 222s P* 9m", "--win", "9m",
         "--self-drawn", "--option", "permanent_white_fortune=true", "--json"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["doubles"] == 1


def test_situation_file_and_jsonl(tmp_path: Path) -> None:
    data = {
        "rules": "hangzhou", "hand": "1111m 33m 55p 77p 99s E E", "win_tile": "E",
        "self_drawn": True, "discarder": None, "kong_replacement": False,
        "robbing_kong": False, "seat_wind": "S", "banker": "E", "fortune": "4s", "lao": 1,
        "floats": 0, "kong_streak": 0, "claims": {}, "options": {},
    }  # fmt: skip
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(data))
    result = runner.invoke(app, ["score", "--situation", str(path), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["payments"] == {"E": -16, "S": 32, "W": -8, "N": -8}
    bad = {**data, "lao": 0}
    result = runner.invoke(
        app, ["score", "--jsonl", "-"], input=json.dumps(data) + "\n" + json.dumps(bad) + "\n"
    )
    assert result.exit_code == 0, result.output
    first, second = (json.loads(line) for line in result.output.splitlines())
    assert first["total"] == 32
    assert second["valid"] is False and second["reason"].startswith("'lao' is the banker's")


def test_rules_hangzhou() -> None:
    result = runner.invoke(app, ["rules", "hangzhou"])
    assert result.exit_code == 0, result.output
    text = flat(result.output)
    assert "status: playable" in text and "--fortune" in text and "bots: greedy" in text
    for o in OPTIONS:
        assert o.name in text
    data = json.loads(runner.invoke(app, ["rules", "hangzhou", "--json"]).output)
    assert data["status"] == PLAYABLE and len(data["options"]) == len(OPTIONS)
    listing = flat(runner.invoke(app, ["rules"]).output)
    assert "hangzhou" in listing

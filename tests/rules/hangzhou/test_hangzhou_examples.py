"""Every worked example of the Hangzhou spec (``hangzhou.md`` §13, Ex 1-Ex 12), scored
through ``parlour.score`` in the scoring API's contract form: the exact payment of
every seat, the total the winner receives, the doubles and the lines; a refused claim
(Ex 3) is a false win with its reason; the chip limit (Ex 12) is applied to the
payments with the players' balances."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

import parlour
from parlour.cli import app
from parlour.mahjong.rules.hangzhou import pay_within_chips
from places import VECTORS

FILES = sorted((VECTORS / "hangzhou").glob("ex*.json"))
EXAMPLES = [json.loads(f.read_text()) for f in FILES]
CASES = [
    pytest.param(c, id=f"{e['example']} {i}".replace(" ", "-"))
    for e in EXAMPLES
    for i, c in enumerate(e["cases"])
]
CONTRACT = {
    "rules",
    "hand",
    "win_tile",
    "self_drawn",
    "discarder",
    "kong_replacement",
    "robbing_kong",
    "seat_wind",
    "banker",
    "fortune",
    "lao",
    "floats",
    "kong_streak",
    "claims",
    "options",
}


def test_every_worked_example_has_a_vector() -> None:
    assert [e["example"] for e in EXAMPLES] == [f"Ex {n}" for n in range(1, 13)]
    assert len(CASES) == 20
    for e in EXAMPLES:
        for c in e["cases"]:
            assert set(c["situation"]) == CONTRACT  # every field of the contract, no other


@pytest.mark.parametrize("case", CASES)
def test_worked_example(case: dict[str, Any]) -> None:
    expect = case["expect"]
    s = parlour.score(case["situation"])
    assert s.valid is expect["valid"], s.reason
    assert s.payments == expect["payments"]
    assert s.total == expect["total"]
    assert sum(s.payments.values()) == 0
    assert s.tally is not None and s.tally.doubles == expect["doubles"]
    if expect["valid"]:
        assert s.total == s.payments[case["situation"]["seat_wind"]] > 0
        assert {p.key: p.count for p in s.patterns} == expect["patterns"]
        assert all(p.unit == "doubles" for p in s.patterns)
    else:
        assert s.reason is not None and expect["reason_has"] in s.reason
        assert s.total == s.payments[case["situation"]["seat_wind"]] < 0
    if "limited" in expect:
        assert pay_within_chips(s.payments, expect["balances"]) == expect["limited"]
    out = s.to_json()
    assert out["payments"] == expect["payments"] and out["total"] == expect["total"]


@pytest.mark.parametrize("case", CASES)
def test_worked_example_on_the_command_line(case: dict[str, Any]) -> None:
    """``parlour score --jsonl`` gives the same result line by line."""
    result = CliRunner().invoke(
        app, ["score", "--jsonl", "-"], input=json.dumps(case["situation"]) + "\n"
    )
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    expect = case["expect"]
    assert (out["valid"], out["total"], out["payments"]) == (
        expect["valid"],
        expect["total"],
        expect["payments"],
    )

"""Every worked example of the Xiamen gold spec (``xiamen-gold.md`` §15, Ex 1-Ex 10) for
each profile it names: the exact payment of every seat, the total the winner receives,
the water, the one multiplier and the lines. A case the profile refuses (robbing the
Gold in Quanzhou, the eighth bonus tile in Xiamen) is refused with its message. Ex 10
is a table rule (the honour-following discard, §8.2): no scorer case."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

import parlour
from parlour.cli import app
from parlour.core.errors import InvalidHand
from places import VECTORS

FILES = sorted((VECTORS / "gold").glob("ex*.json"))
EXAMPLES = [json.loads(f.read_text()) for f in FILES]
CASES = [
    pytest.param(c, id=f"{e['example']} {c['profile']} {i}".replace(" ", "-"))
    for e in EXAMPLES
    for i, c in enumerate(e["cases"])
]


def test_every_worked_example_has_a_vector() -> None:
    assert [e["example"] for e in EXAMPLES] == [f"Ex {n}" for n in range(1, 11)]
    profiles = {e["example"]: {c["profile"] for c in e["cases"]} for e in EXAMPLES}
    for n in (1, 2, 3, 4, 6, 7):
        assert profiles[f"Ex {n}"] == {"xiamen", "quanzhou"}
    assert profiles["Ex 5"] == profiles["Ex 8"] == {"xiamen", "quanzhou"}  # one refuses
    assert profiles["Ex 9"] == {"xiamen"}


@pytest.mark.parametrize("case", CASES)
def test_worked_example(case: dict[str, Any]) -> None:
    expect = case["expect"]
    if "error" in expect:
        with pytest.raises(InvalidHand) as err:
            parlour.score(case["situation"])
        assert str(err.value) == expect["error"]
        return
    s = parlour.score(case["situation"])
    assert s.valid is expect["valid"], s.reason
    assert s.payments == expect["payments"]
    assert s.total == expect["total"]
    winner = case["situation"]["seat_wind"]
    assert s.total == s.payments[winner]
    assert sum(s.payments.values()) == 0
    assert s.tally is not None
    assert (s.tally.water, s.tally.multiplier) == (expect["water"], expect["multiplier"])
    assert {p.key: p.count for p in s.patterns} == expect["patterns"]
    # one multiplier line only, and it is the tally's
    multipliers = [p for p in s.patterns if p.unit == "multiplier"]
    assert [p.value for p in multipliers] == [expect["multiplier"]]
    if not expect["valid"]:
        assert s.reason == expect["reason"]
    out = s.to_json()
    assert out["payments"] == expect["payments"] and out["total"] == expect["total"]
    assert out["water"] == expect["water"]


@pytest.mark.parametrize("case", CASES)
def test_worked_example_on_the_command_line(case: dict[str, Any]) -> None:
    """``parlour score --jsonl`` gives the same result line by line."""
    result = CliRunner().invoke(
        app, ["score", "--jsonl", "-"], input=json.dumps(case["situation"]) + "\n"
    )
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    expect = case["expect"]
    if "error" in expect:
        assert out == {"valid": False, "reason": expect["error"]}
    else:
        assert (out["valid"], out["total"], out["payments"]) == (
            expect["valid"],
            expect["total"],
            expect["payments"],
        )


def test_ex10_is_a_table_rule() -> None:
    ex10 = next(e for e in EXAMPLES if e["example"] == "Ex 10")
    assert ex10["scorer"] is False and ex10["cases"] == []
    assert "table" in ex10["note"]
    # Ex 10 (honour-following, §8.2) governs discards at the table, not a score: its
    # three cases are played in tests/test_gold_table.py (a lone honour already
    # discarded, a second copy drawn, two such honours to choose between)
    from test_gold_table import (
        test_a_lone_honour_already_discarded_must_be_discarded_first,
        test_two_lone_honours_already_discarded_leave_the_choice_between_them,
    )

    test_a_lone_honour_already_discarded_must_be_discarded_first()
    test_two_lone_honours_already_discarded_leave_the_choice_between_them()


def test_fuzhou_is_scored_as_xiamen_and_says_so() -> None:
    ex2 = next(e for e in EXAMPLES if e["example"] == "Ex 2")["cases"][0]
    s = parlour.score(dict(ex2["situation"], rules="fuzhou"))
    assert s.total == 108 and s.payments == ex2["expect"]["payments"]
    assert s.explain[0] == "fuzhou is scored as xiamen (unverified: no Fuzhou source)"

"""Every worked example of the Kawuxing spec (``kawuxing.md`` §14, Ex 1-Ex 12), scored
through ``parlour.score`` in the scoring API's contract form: a win with every field of
the contract, a kong's payment (``"event": "kong"``) and a drawn hand (``"event":
"draw"``). Each case checks the exact payment of every role, the total, and for a win
its doubles and lines; an example made of several events (Ex 7, Ex 8, Ex 11) checks
the sum of its payments against the spec's totals."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from typer.testing import CliRunner

import parlour
from parlour.cli import app
from parlour.mahjong.rules.kawuxing import ROLES, draw_payments, kong_payments, score_win
from places import VECTORS

FILES = sorted((VECTORS / "kawuxing").glob("ex*.json"))
EXAMPLES = [json.loads(f.read_text(encoding="utf-8")) for f in FILES]
CASES = [
    pytest.param(c, id=f"{e['example']} {i}".replace(" ", "-"))
    for e in EXAMPLES
    for i, c in enumerate(e["cases"])
]
WIN = {
    "rules",
    "hand",
    "win_tile",
    "seat",
    "self_drawn",
    "discarder",
    "kong_replacement",
    "kong_chain",
    "robbing_kong",
    "discard_after_kong",
    "last_tile",
    "disclosed",
    "discarder_disclosed",
    "unit",
    "options",
}
KONG = {"rules", "event", "konger", "kong", "discarder", "chain", "robbed", "unit"}
DRAW = {"rules", "event", "disclosure_order", "unit"}


def test_every_worked_example_has_a_vector() -> None:
    assert [e["example"] for e in EXAMPLES] == [f"Ex {n}" for n in range(1, 13)]
    assert len(CASES) == 19
    kinds: Counter[str] = Counter()
    for e in EXAMPLES:
        for c in e["cases"]:
            event = c["situation"].get("event", "win")
            kinds[event] += 1
            assert set(c["situation"]) == {"win": WIN, "kong": KONG, "draw": DRAW}[event]
    assert kinds == {"win": 13, "kong": 5, "draw": 1}


@pytest.mark.parametrize("case", CASES)
def test_worked_example(case: dict[str, Any]) -> None:
    situation, expect = case["situation"], case["expect"]
    s = parlour.score(situation)
    assert s.valid is expect["valid"], s.reason
    assert s.payments == expect["payments"]
    assert list(s.payments) == list(ROLES)
    assert s.total == expect["total"]
    assert sum(s.payments.values()) == 0
    if "doubles" in expect:  # a win
        assert s.tally is not None and s.tally.doubles == expect["doubles"]
        assert {p.key: p.count for p in s.patterns} == expect["patterns"]
        assert all(p.unit == "doubles" for p in s.patterns)
        seat = situation["seat"]
        if expect["valid"]:
            assert s.total == s.payments[seat] > 0
        else:
            assert s.reason is not None and expect["reason_has"] in s.reason
            assert s.total == s.payments[seat] < 0
    out = s.to_json()
    assert out["payments"] == expect["payments"] and out["total"] == expect["total"]


@pytest.mark.parametrize("case", CASES)
def test_the_named_functions_give_the_same(case: dict[str, Any]) -> None:
    """``score_win``, ``kong_payments`` and ``draw_payments`` are what ``parlour.score``
    dispatches to."""
    situation = case["situation"]
    named = {"kong": kong_payments, "draw": draw_payments}.get(situation.get("event"), score_win)
    assert named(situation) == parlour.score(situation)
    bare = {k: v for k, v in situation.items() if k != "rules"}
    assert named(bare).payments == case["expect"]["payments"]


@pytest.mark.parametrize("example", [e for e in EXAMPLES if "net" in e], ids=lambda e: e["example"])
def test_the_events_of_an_example_add_up_to_its_totals(example: dict[str, Any]) -> None:
    net = dict.fromkeys(ROLES, 0)
    for c in example["cases"]:
        for who, amount in parlour.score(c["situation"]).payments.items():
            net[who] += amount
    assert net == example["net"]


def test_ex8_the_direct_kong_is_paid_even_though_its_discard_loses() -> None:
    """Ex 8: L's direct kong earned L 4 from R, not cancelled by the win on L's discard."""
    ex8 = next(e for e in EXAMPLES if e["example"] == "Ex 8")
    left = [parlour.score(c["situation"]).payments["left"] for c in ex8["cases"]]
    assert left == [-2, 4, -2]


@pytest.mark.parametrize("case", CASES)
def test_worked_example_on_the_command_line(case: dict[str, Any]) -> None:
    """``parlour score --jsonl`` gives the same result line by line."""
    result = CliRunner().invoke(
        app, ["score", "--jsonl", "-"], input=json.dumps(case["situation"]) + "\n"
    )
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["valid"] is case["expect"]["valid"]
    assert out["payments"] == case["expect"]["payments"]
    assert out["total"] == case["expect"]["total"]

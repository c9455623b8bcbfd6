"""Every worked example of the classical specs (classical, the British variations, five
players), settled for the whole table: each seat's score, its points and doubles as the
spec breaks them down, and the change to every balance."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import parlour

VECTORS = json.loads(
    (Path(__file__).parent / "vectors" / "classical" / "worked_examples.json").read_text()
)


@pytest.mark.parametrize("vector", VECTORS, ids=[v["name"] for v in VECTORS])
def test_worked_example(vector: dict[str, Any]) -> None:
    result = parlour.settle(vector["table"])
    expect = vector["expect"]
    assert {seat: s.total for seat, s in result.scores.items()} == expect["scores"]
    assert result.net == expect["net"]
    assert sum(result.net.values()) == 0
    for seat, want in expect.get("points_doubles", {}).items():
        tally = result.scores[seat].tally
        assert tally is not None, seat
        if want == "limit":
            assert tally.limit, seat
        else:
            assert [tally.points, tally.doubles] == want, seat
    out = result.to_json()
    assert set(out["scores"]) == set(expect["scores"])
    assert out["net"] == expect["net"]

"""Every worked example of the classical specs (classical, the British variations, five
players), settled for the whole table: each seat's score, its points and doubles as the
spec breaks them down, and the change to every balance."""

from __future__ import annotations

import json
from typing import Any

import pytest

import parlour
import parlour.core.errors
from places import VECTORS

VECTORS = json.loads((VECTORS / "classical" / "worked_examples.json").read_text())


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


def bv4(bonus: str) -> dict[str, Any]:
    return {
        "rules": "classical",
        "options": {"players": 2},
        "winner": "W",
        "seats": {
            "W": {
                "hand": f"555s 7m {{9999p}} [PPP] [WWW] {bonus}",
                "win_tile": "7m",
                "self_drawn": True,
            },
            "E": {"hand": "1m 4m 2p 5p 3s 7s 8s E N C [FFF] x1"},
        },
    }


def test_a_win_under_the_two_player_minimum_is_refused_with_its_reason() -> None:
    """BV-4 without x3: 68 points and 2 doubles (272) may not go out (T3)."""
    assert parlour.settle(bv4("x3")).valid
    refused = parlour.settle(bv4(""))
    assert not refused.valid
    assert refused.reason is not None and "two players" in refused.reason
    assert refused.net == {"E": 0, "W": 0}
    out = refused.to_json()
    assert out["valid"] is False and "4 doubles" in out["reason"]
    single = parlour.score(
        {
            "rules": "classical",
            "options": {"players": 2},
            "seat_wind": "W",
            "hand": "555s 7m {9999p} [PPP] [WWW]",
            "win_tile": "7m",
            "self_drawn": True,
        }
    )
    assert not single.valid and single.reason == refused.scores["W"].reason


def test_the_dreamer_is_named_and_paid_under_that_name() -> None:
    fp2 = next(v for v in VECTORS if v["name"] == "FP-2")
    table = dict(fp2["table"], dreamer="Fay")
    assert parlour.settle(table).net["Fay"] == 16
    for bad in (True, "", "W"):
        with pytest.raises(parlour.core.errors.InvalidHand, match="'dreamer' must be the name"):
            parlour.settle(dict(table, dreamer=bad))

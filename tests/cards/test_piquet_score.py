"""Piquet's score keeper (``score_json``): each player declaring his strongest, what
each scores and why, the canonical steps with repique, and bad input."""

from __future__ import annotations

import json
from typing import Any

import pytest
import test_piquet_vectors as vec

from parlour.cards.piquet import score_json
from parlour.core.errors import InvalidHand, NotationError


def situation(name: str, **extra: Any) -> dict[str, Any]:
    v = vec.load(vec.VECTORS / f"{name}.json")
    return {
        "rules": "piquet",
        "options": v["options"],
        "elder": v["final_elder"],
        "younger": v["final_younger"],
        **extra,
    }


def outcomes(result: dict[str, Any]) -> list[tuple[str, str, int]]:
    return [(c["category"], c["outcome"], c["points"]) for c in result["categories"]]


def test_p1() -> None:
    r = score_json(situation("P1")).to_json()
    assert outcomes(r) == [
        ("point", "younger", 5),
        ("sequence", "younger", 7),
        ("set", "elder", 14),
    ]
    seq = r["categories"][1]
    assert [s["name"] for s in seq["scores"]] == ["quatrième to the jack", "tierce to the king"]
    assert [d["says"] for d in r["categories"][0]["dialogue"]] == [
        "five",
        "equal",
        "forty-five",
        "not good",
    ]
    assert r["totals"] == {"elder": 14, "younger": 12} and r["repique"] is None
    assert [(s["step"], s["elder"], s["younger"]) for s in r["steps"]][-1] == ("set", 14, 12)


def test_p2_repique() -> None:
    r = score_json(situation("P2"))
    assert r.totals == (99, 0) and r.repique == "elder"
    assert r.to_json()["steps"][-1] == {
        "step": "set",
        "who": "elder",
        "points": 60,
        "what": "repique",
        "elder": 99,
        "younger": 0,
    }


def test_p4_carte_blanche_blocks_the_repique() -> None:
    with_blank = score_json(situation("P4", carte_blanche=["elder"]))
    assert with_blank.totals == (10, 42) and with_blank.repique is None
    without = score_json(situation("P4"))
    assert without.totals == (0, 102) and without.repique == "younger"


def test_p5_younger_repique_by_category_order() -> None:
    r = score_json(situation("P5"))
    assert outcomes(r.to_json()) == [
        ("point", "younger", 5),
        ("sequence", "younger", 30),
        ("set", "elder", 14),
    ]
    assert r.totals == (14, 95) and r.repique == "younger"
    why = r.to_json()["categories"][1]["why"]
    assert "unopposed" in why


def test_p6_strongest_declared_under_old_rules() -> None:
    """The score keeper declares the strongest: elder's hidden quinte now scores."""
    r = score_json(situation("P6"))
    assert outcomes(r.to_json()) == [
        ("point", "elder", 5),
        ("sequence", "elder", 19),
        ("set", "elder", 3),
    ]
    assert r.totals == (27, 0)


def test_p7_17th_century_both_blank() -> None:
    r = score_json(situation("P7", carte_blanche=["elder", "younger"]))
    assert r.totals == (19, 37)
    assert r.to_json()["categories"][0]["scores"][0]["points"] == 8
    assert r.to_json()["categories"][1]["scores"][0]["name"] == "nine-card sequence to the ace"


def test_equal_sequences_score_nothing() -> None:
    r = score_json(
        {
            "rules": "piquet",
            "elder": "KH QH JH 10H 9H AC KC QC 7S 8S 7D 8D",
            "younger": "KD QD JD 10D 9D AS KS 9S 10S 7H 8H JC",
        }
    ).to_json()
    seq = r["categories"][1]
    assert seq["outcome"] == "equal" and seq["points"] == 0 and seq["scores"] == []
    assert "equal" in seq["why"]


def test_the_result_is_json() -> None:
    r = score_json(situation("P3")).to_json()
    assert json.loads(json.dumps(r)) == r
    assert r["options"]["rule_set"] == "modern" and r["rules"] == "piquet"
    assert set(r) == {
        "rules",
        "options",
        "elder",
        "younger",
        "carte_blanche",
        "categories",
        "steps",
        "repique",
        "totals",
    }


P1 = situation("P1")


@pytest.mark.parametrize(
    ("change", "error", "words"),
    [
        ({"elder": "AS KS"}, InvalidHand, "has 2 cards, not 12"),
        ({"elder": P1["elder"].replace("10C", "AS")}, InvalidHand, "AS appears twice"),
        ({"elder": P1["elder"].replace("10C", "6C")}, InvalidHand, "not in the 32-card pack"),
        ({"elder": P1["elder"].replace("10C", "QS")}, InvalidHand, "QS is in both hands"),
        ({"elder": P1["elder"].replace("10C", "1X")}, NotationError, "unknown rank"),
        ({"elder": 12}, InvalidHand, "must be text"),
        ({"options": {"colour": "red"}}, InvalidHand, "no option 'colour'"),
        ({"options": {"point_rule": "max"}}, InvalidHand, "point_rule must be one of"),
        ({"options": {"elder_max_exchange": 8}}, InvalidHand, "needs deck_size=36"),
        ({"rules": "mcr"}, InvalidHand, "not 'mcr'"),
        ({"dealer": 1}, InvalidHand, "unknown situation field 'dealer'"),
        ({"carte_blanche": ["dealer"]}, InvalidHand, "'elder' or 'younger'"),
        ({"carte_blanche": "elder"}, InvalidHand, "is a list"),
    ],
)
def test_bad_input(change: dict[str, Any], error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words):
        score_json({**P1, **change})


def test_not_a_mapping() -> None:
    with pytest.raises(InvalidHand, match="is an object"):
        score_json("AS KS")  # type: ignore[arg-type]


def test_36_cards_need_the_option() -> None:
    six = {**P1, "elder": P1["elder"].replace("10C", "6C")}
    r = score_json({**six, "options": {"rule_set": "seventeenth_century"}})
    assert r.options.deck_size == 36

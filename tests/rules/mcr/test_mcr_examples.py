"""The MCR specification's worked examples (X1–X55) as test vectors for ``parlour.score``.

The vectors live in ``vectors/mcr_examples.json`` next to this file: one object per
example with the scorer's input (``situation``) and the expected verdict, total, fans
(name, value of one occurrence, count) and zero-sum payments keyed by seat wind. Totals
use the engine's kong values (Concealed Kong and Melded Kong 6, Two Concealed Kongs 8);
the ``reference`` kong option reproduces the calculator's 5 and 6.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from typing import Any

import pytest

from places import VECTORS

VECTORS_PATH = VECTORS / "mcr_examples.json"
VECTORS: list[dict[str, Any]] = json.loads(VECTORS_PATH.read_text(encoding="utf-8"))
BY_ID: dict[str, dict[str, Any]] = {v["id"]: v for v in VECTORS}
SEATS = ("E", "S", "W", "N")


def _score(situation: dict[str, Any]) -> Any:
    """Score a copy of ``situation`` (imported here so the file's data checks run alone)."""
    from parlour import score

    return score(copy.deepcopy(situation))


def _get(obj: Any, key: str) -> Any:
    """A field of a result object or of its mapping form."""
    if isinstance(obj, dict):
        return obj[key]
    return getattr(obj, key)


def _pattern_multiset(patterns: Any) -> Counter[tuple[str, int, int]]:
    return Counter(
        (str(_get(p, "name")), int(_get(p, "value")), int(_get(p, "count"))) for p in patterns
    )


def _expected_multiset(patterns: list[dict[str, Any]]) -> Counter[tuple[str, int, int]]:
    return Counter((p["name"], p["value"], p["count"]) for p in patterns)


@pytest.mark.parametrize("vector", VECTORS, ids=[v["id"] for v in VECTORS])
def test_example(vector: dict[str, Any]) -> None:
    expected = vector["expected"]
    result = _score(vector["situation"])
    assert _get(result, "valid") is expected["valid"]
    assert _get(result, "total") == expected["total"]
    assert dict(_get(result, "payments")) == expected["payments"]
    assert _pattern_multiset(_get(result, "patterns")) == _expected_multiset(expected["patterns"])
    if "reason_contains" in expected:
        assert expected["reason_contains"] in str(_get(result, "reason"))


@pytest.mark.parametrize("vector", VECTORS, ids=[v["id"] for v in VECTORS])
def test_example_json_round_trip(vector: dict[str, Any]) -> None:
    expected = vector["expected"]
    data = json.loads(json.dumps(_score(vector["situation"]).to_json()))
    assert data["valid"] is expected["valid"]
    assert data["total"] == expected["total"]
    assert data["payments"] == expected["payments"]


@pytest.mark.parametrize(
    ("xid", "total", "fan", "value"),
    [
        ("X24", 12, "Two Concealed Kongs", 6),
        ("X25", 10, "Concealed Kong and Melded Kong", 5),
    ],
)
def test_reference_kong_values(xid: str, total: int, fan: str, value: int) -> None:
    situation = {**BY_ID[xid]["situation"], "options": {"kong_values": "reference"}}
    result = _score(situation)
    assert _get(result, "valid") is True
    assert _get(result, "total") == total
    values = {str(_get(p, "name")): int(_get(p, "value")) for p in _get(result, "patterns")}
    assert values[fan] == value


def test_vector_ids() -> None:
    ids = [v["id"] for v in VECTORS]
    assert len(ids) == len(set(ids))
    assert set(ids) == {f"X{i}" for i in range(1, 56)}


@pytest.mark.parametrize("vector", VECTORS, ids=[v["id"] for v in VECTORS])
def test_vector_payments_are_zero_sum(vector: dict[str, Any]) -> None:
    payments = vector["expected"]["payments"]
    assert sorted(payments) == sorted(SEATS)
    assert sum(payments.values()) == 0

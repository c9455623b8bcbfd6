"""A Score built when read (``Score.deferred``) is the same value as one built at once.

The lines, payments, explanation and reading of a deferred score are built by one call,
the first time any of them (or ``to_json``) is read; ``valid``, ``total``, ``reason``
and ``tally`` are there from the start. Equality, ``repr`` and ``to_json`` do not tell
the two apart.
"""

from __future__ import annotations

from typing import Any

import pytest

from parlour import score
from parlour.mahjong.scoring import PatternLine, Score, ScoreParts
from parlour.mahjong.scoring.arithmetic import Tally

LINES = (PatternLine("Pure Straight", 16, key="pure_straight"),)
PAYMENTS = {"E": 72, "S": -24, "W": -24, "N": -24}
EXPLAIN = ("reading: 123456789m", "Pure Straight 16 = 16")


def _eager() -> Score:
    return Score(True, 16, LINES, dict(PAYMENTS), None, EXPLAIN, Tally(points=16), "123456789m")


class Builder:
    """A build function that counts its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, data: Any) -> ScoreParts:
        self.calls += 1
        assert data == "the data"
        return LINES, dict(PAYMENTS), EXPLAIN, "123456789m"


def test_a_deferred_score_builds_once_when_read() -> None:
    build = Builder()
    s = Score.deferred(True, 16, None, build, "the data", tally=Tally(points=16))
    assert (s.valid, s.total, s.reason, s.tally) == (True, 16, None, Tally(points=16))
    assert build.calls == 0  # nothing read that needs the build
    assert s.payments == PAYMENTS
    assert build.calls == 1
    assert (s.patterns, s.explain, s.reading) == (LINES, EXPLAIN, "123456789m")
    assert s.to_json() == _eager().to_json()
    assert build.calls == 1


@pytest.mark.parametrize("first", ["patterns", "payments", "explain", "reading", "to_json"])
def test_any_part_read_first_builds_them_all(first: str) -> None:
    build = Builder()
    s = Score.deferred(True, 16, None, build, "the data", tally=Tally(points=16))
    got = getattr(s, first)
    if first == "to_json":
        got()
    assert build.calls == 1
    assert s == _eager()


def test_equal_and_printed_alike() -> None:
    lazy = Score.deferred(True, 16, None, Builder(), "the data", tally=Tally(points=16))
    eager = _eager()
    assert lazy == eager and eager == lazy
    assert repr(lazy) == repr(eager)
    assert repr(eager).startswith("Score(valid=True, total=16, patterns=(PatternLine(")
    assert lazy != Score(True, 17, LINES, dict(PAYMENTS), None, EXPLAIN, Tally(points=16))
    assert (lazy == "a score") is False


def test_defaults_of_the_constructor() -> None:
    s = Score(False, 0, reason="not a winning hand")
    assert (s.patterns, s.payments, s.explain, s.tally, s.reading) == ((), {}, (), None, None)
    assert s.to_json() == {
        "valid": False,
        "reason": "not a winning hand",
        "total": 0,
        "patterns": [],
        "payments": {},
        "explain": [],
    }
    with pytest.raises(TypeError):
        hash(s)  # a value holding a dict


def test_an_mcr_score_reads_the_same_in_any_order() -> None:
    """Reading an MCR score's parts in any order gives the same values (the text is
    written when first read)."""
    situation = {"hand": "123m 456p 789s EEE CC", "win_tile": "C", "round_wind": "E"}
    a, b = score(situation), score(situation)
    first = (a.explain, a.payments, a.patterns)
    assert b.patterns == first[2] and b.payments == first[1] and b.explain == first[0]
    assert a == b and a.to_json() == b.to_json()
    assert a.explain[0] == "reading: 123m 789s 456p EEE CC"  # the reference's order

"""Differential test: the MCR scorer (``parlour.score``) against PyMahjongGB's fan calculator.

The seeded situations of :mod:`mcr_hands` (2,000 of them; 100,000 with ``--runslow`` or
``PARLOUR_SLOW=1``) are scored by both. Our scorer differs from PyMahjongGB on purpose in
two places only: the kong fans' values (the ``kong_values: "reference"`` option gives
PyMahjongGB's) and the flowers and the minimum (PyMahjongGB always adds the flowers and
has no 8-point minimum). So, with the Flower Tiles lines left out of both:

* the fans must be the same multiset of (name, value each, count);
* if PyMahjongGB's fans make 8 points or more, the hand is valid, its total is those
  points plus the flowers, and it has a Flower Tiles line (1 point, one per flower)
  exactly when there are flowers;
* below 8 points the hand is not valid and its total is PyMahjongGB's points.

The generator is checked here too: it is deterministic, every situation is legal and
PyMahjongGB accepts it, and together the situations make every fan PyMahjongGB can report
(all of them but the blessings, which this build of PyMahjongGB leaves out).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import MahjongGB
import pytest

from parlour import score as parlour_score
from parlour.bench.mcr_hands import random_situation, situations, to_gb
from parlour.mahjong.tiles import parse_tiles

N = 2_000
"""Situations in the normal suite."""
N_SLOW = 100_000
"""Situations with ``--runslow`` or ``PARLOUR_SLOW=1``."""
SEED = 20240701
FLOWERS = "Flower Tiles"

GB_FANS: dict[str, int] = {
    # 88
    "Big Four Winds": 88,
    "Big Three Dragons": 88,
    "All Green": 88,
    "Nine Gates": 88,
    "Four Kongs": 88,
    "Seven Shifted Pairs": 88,
    "Thirteen Orphans": 88,
    # 64
    "All Terminals": 64,
    "Little Four Winds": 64,
    "Little Three Dragons": 64,
    "All Honors": 64,
    "Four Concealed Pungs": 64,
    "Pure Terminal Chows": 64,
    # 48
    "Quadruple Chow": 48,
    "Four Pure Shifted Pungs": 48,
    # 32
    "Four Pure Shifted Chows": 32,
    "Three Kongs": 32,
    "All Terminals and Honors": 32,
    # 24
    "Seven Pairs": 24,
    "Greater Honors and Knitted Tiles": 24,
    "All Even Pungs": 24,
    "Full Flush": 24,
    "Pure Triple Chow": 24,
    "Pure Shifted Pungs": 24,
    "Upper Tiles": 24,
    "Middle Tiles": 24,
    "Lower Tiles": 24,
    # 16
    "Pure Straight": 16,
    "Three-Suited Terminal Chows": 16,
    "Pure Shifted Chows": 16,
    "All Five": 16,
    "Triple Pung": 16,
    "Three Concealed Pungs": 16,
    # 12
    "Lesser Honors and Knitted Tiles": 12,
    "Knitted Straight": 12,
    "Upper Four": 12,
    "Lower Four": 12,
    "Big Three Winds": 12,
    # 8
    "Mixed Straight": 8,
    "Reversible Tiles": 8,
    "Mixed Triple Chow": 8,
    "Mixed Shifted Pungs": 8,
    "Chicken Hand": 8,
    "Last Tile Draw": 8,
    "Last Tile Claim": 8,
    "Out with Replacement Tile": 8,
    "Robbing The Kong": 8,
    # 6
    "All Pungs": 6,
    "Half Flush": 6,
    "Mixed Shifted Chows": 6,
    "All Types": 6,
    "Melded Hand": 6,
    "Two Concealed Kongs": 6,
    "Two Dragons Pungs": 6,
    # 4
    "Outside Hand": 4,
    "Fully Concealed Hand": 4,
    "Two Melded Kongs": 4,
    "Last Tile": 4,
    # 2
    "Dragon Pung": 2,
    "Prevalent Wind": 2,
    "Seat Wind": 2,
    "Concealed Hand": 2,
    "All Chows": 2,
    "Tile Hog": 2,
    "Double Pung": 2,
    "Two Concealed Pungs": 2,
    "Concealed Kong": 2,
    "All Simples": 2,
    # 1
    "Pure Double Chow": 1,
    "Mixed Double Chow": 1,
    "Short Straight": 1,
    "Two Terminal Chows": 1,
    "Pung of Terminals or Honors": 1,
    "Melded Kong": 1,
    "One Voided Suit": 1,
    "No Honors": 1,
    "Edge Wait": 1,
    "Closed Wait": 1,
    "Single Wait": 1,
    "Self-Drawn": 1,
    FLOWERS: 1,
    # PyMahjongGB's extra fan for one concealed and one melded kong
    "Concealed Kong and Melded Kong": 5,
}
"""Every fan PyMahjongGB 1.4.0 reports (English name: value each), in its own order."""

GbFan = tuple[int, int, str, str]
"""One fan from ``MahjongFanCalculator(..., verbose=True)``: (value each, count, Chinese
name, English name)."""


def gb_fans(situation: dict[str, Any]) -> tuple[GbFan, ...]:
    """PyMahjongGB's fans for ``situation``."""
    result: tuple[GbFan, ...] = MahjongGB.MahjongFanCalculator(**to_gb(situation), verbose=True)
    return result


# ---------------------------------------------------------------------------------------
# Reporting


def check(name: str, failures: list[str], total: int, capsys: pytest.CaptureFixture[str]) -> None:
    """Print the agreement count and fail with the first ten disagreements."""
    with capsys.disabled():
        print(f"\n[differential] {name}: {total - len(failures)}/{total} agree")
    assert not failures, f"{len(failures)} of {total} disagree, e.g.:\n" + "\n\n".join(
        failures[:10]
    )


def note(text: str, capsys: pytest.CaptureFixture[str]) -> None:
    with capsys.disabled():
        print(f"\n[differential] {text}")


def show_gb(fans: tuple[GbFan, ...]) -> str:
    return ", ".join(f"{en} {v}x{c}" for v, c, _, en in fans) or "(none)"


def show_ours(result: Any) -> str:
    lines = ", ".join(f"{p.name} {p.value}x{p.count}" for p in result.patterns) or "(none)"
    return f"valid={result.valid} total={result.total}: {lines}"


# ---------------------------------------------------------------------------------------
# The generator


def test_situations_are_deterministic() -> None:
    first = situations(SEED, 300)
    assert situations(SEED, 300) == first
    assert situations(SEED, 100) == first[:100]
    assert situations(SEED + 1, 300) != first
    assert json.loads(json.dumps(first)) == first


def test_situations_are_legal() -> None:
    for sit in situations(SEED, N):
        text = json.dumps(sit)
        concealed = parse_tiles(sit["concealed"])
        win = parse_tiles(sit["win_tile"])[0]
        melded: list[int] = []
        kongs = 0
        for m in sit["melds"]:
            tiles = parse_tiles(m[1:-1])
            assert (m[0], m[-1]) in (("[", "]"), ("{", "}")), text
            assert len(tiles) in (3, 4) and (m[0] == "[" or len(tiles) == 4), text
            kongs += len(tiles) == 4
            melded += tiles
        assert len(concealed) + 1 + 3 * len(sit["melds"]) == 14, text
        every = Counter([*concealed, *melded, win])
        assert max(every.values()) <= 4, text
        assert 0 <= sit["bonus"] <= 8, text
        if sit["robbing_kong"]:
            assert not sit["self_drawn"] and not sit["kong_replacement"], text
            assert every[win] == 1, text
        if sit["kong_replacement"]:
            assert sit["self_drawn"] and kongs, text
        if sit["last_of_kind"]:
            assert win not in concealed, text
        if sit["self_drawn"]:
            assert sit["discarder"] is None, text
        else:
            assert sit["discarder"] in "ESWN" and sit["discarder"] != sit["seat_wind"], text


def test_generated_hands_cover_every_gb_fan(capsys: pytest.CaptureFixture[str]) -> None:
    """PyMahjongGB accepts every situation, and every fan it can report turns up."""
    seen: Counter[str] = Counter()
    rejected: list[str] = []
    wrong_value: set[tuple[str, int]] = set()
    for sit in situations(SEED, N):
        try:
            fans = gb_fans(sit)
        except TypeError as e:
            rejected.append(f"{e}: {json.dumps(sit)}")
            continue
        for v, _, _, en in fans:
            seen[en] += 1
            if GB_FANS.get(en, v) != v:
                wrong_value.add((en, v))
    rarest = sorted(GB_FANS, key=lambda f: (seen[f], f))[:10]
    note(
        "rarest MCR fans in the generated hands: " + ", ".join(f"{f} {seen[f]}" for f in rarest),
        capsys,
    )
    assert not rejected, f"PyMahjongGB rejects {len(rejected)} of {N}, e.g.:\n" + "\n".join(
        rejected[:10]
    )
    assert set(seen) <= set(GB_FANS), f"fans not in the table: {set(seen) - set(GB_FANS)}"
    assert not wrong_value, f"values differ from the table: {sorted(wrong_value)}"
    missing = [f for f in GB_FANS if not seen[f]]
    assert not missing, f"never generated: {missing}"


def test_random_situation_uses_only_the_rng() -> None:
    a, b = random.Random(5), random.Random(5)
    assert [random_situation(a) for _ in range(50)] == [random_situation(b) for _ in range(50)]


# ---------------------------------------------------------------------------------------
# The scorer against PyMahjongGB


def disagreement(score: Callable[[dict[str, Any]], Any], sit: dict[str, Any]) -> str | None:
    """None if our score of ``sit`` agrees with PyMahjongGB's, else a report."""
    gb = gb_fans(sit)
    flowers = sit["bonus"]
    expected = Counter((en, v, c) for v, c, _, en in gb if en != FLOWERS)
    points = sum(v * c for en, v, c in expected.elements())
    try:
        ours = score({**sit, "options": {"kong_values": "reference"}})
    except Exception as e:
        found = f"raised {type(e).__name__}: {e}"
    else:
        fans = Counter((p.name, p.value, p.count) for p in ours.patterns if p.name != FLOWERS)
        flower_lines = [(p.value, p.count) for p in ours.patterns if p.name == FLOWERS]
        problems = []
        if fans != expected:
            only_ours = sorted((fans - expected).elements())
            only_gb = sorted((expected - fans).elements())
            problems.append(f"fans differ: only ours {only_ours}, only GB {only_gb}")
        if points >= 8:
            if not ours.valid:
                problems.append(f"not valid with {points} points")
            if ours.total != points + flowers:
                problems.append(f"total {ours.total} != {points} + {flowers} flowers")
            if flower_lines != ([(1, flowers)] if flowers else []):
                problems.append(f"Flower Tiles lines {flower_lines} for {flowers} flowers")
        else:
            if ours.valid:
                problems.append(f"valid with {points} points (< 8)")
            if ours.total != points:
                problems.append(f"total {ours.total} != {points}")
        if not problems:
            return None
        found = "; ".join(problems) + f"\n  ours: {show_ours(ours)}"
    return f"{json.dumps(sit)}\n  {found}\n  GB:   {show_gb(gb)}"


def test_mcr_fans_vs_gb(slow_factor: int, capsys: pytest.CaptureFixture[str]) -> None:
    score = parlour_score
    n = N_SLOW if slow_factor > 1 else N
    failures = []
    for sit in situations(SEED, n):
        report = disagreement(score, sit)
        if report is not None:
            failures.append(report)
    check("MCR fans", failures, n, capsys)

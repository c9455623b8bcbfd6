"""The one "best reading" search every pattern-based rulebook shares.

A rulebook gives its patterns (each with a unit and a counting function), its
arithmetic, and the readings of a hand; :func:`best_reading` counts the patterns on
every reading, removes what other patterns exclude (or replace), adds the lines up by
the arithmetic and keeps the reading worth the most: the highest total, then the most
doubles, then the most points, then the first found.

>>> from parlour.mahjong.scoring.arithmetic import DoublingToLimit
>>> from parlour.mahjong.scoring.readings import partial_readings
>>> pung = Pattern("pung", "pung", 4, unit="points", count=lambda r, h: len(r.pungs))
>>> best = best_reading(partial_readings("111m 2m 3m 4m"), [pung], None, DoublingToLimit(500))
>>> str(best.reading), best.tally.total
('{111m} {234m}', 4)

``accept`` keeps only the readings whose tally passes (a minimum to go out, met by any
legal reading):

>>> best = best_reading(partial_readings("111m 2m 3m 4m"), [pung], None, DoublingToLimit(500),
...                     accept=lambda t: t.total == 0)
>>> str(best.reading), best.tally.total
('{123m} 11m 4m', 0)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from parlour.mahjong.scoring import Pattern, PatternLine, Score
from parlour.mahjong.scoring.arithmetic import Arithmetic, Tally
from parlour.mahjong.scoring.readings import Reading


@dataclass(frozen=True, slots=True)
class Best:
    """The reading chosen, its pattern lines and its tally."""

    reading: Reading
    lines: tuple[PatternLine, ...]
    tally: Tally


def count_patterns(patterns: Sequence[Pattern], reading: Reading, facts: Any) -> list[PatternLine]:
    """The lines of ``patterns`` on one reading: each pattern's count (0: absent), then
    every line excluded by another present line removed. When a limit pattern is
    present only the first limit line is kept: nothing is added to a limit."""
    lines: list[PatternLine] = []
    for p in patterns:
        if p.count is None:
            continue
        n = int(p.count(reading, facts))
        if n:
            lines.append(PatternLine(p.name, p.value, n, p.key, p.unit))
    limits = [line for line in lines if line.unit == "limit"]
    if limits:
        return limits[:1]
    present = {line.key for line in lines}
    excluded: set[str] = set()
    by_key = {p.key: p for p in patterns}
    for key in present:
        excluded.update(by_key[key].excludes)
    return [line for line in lines if line.key not in excluded]


def best_reading(
    readings: Iterable[Reading],
    patterns: Sequence[Pattern],
    facts: Any,
    arithmetic: Arithmetic,
    *,
    accept: Callable[[Tally], bool] | None = None,
) -> Best | None:
    """The reading worth the most (see the module docstring); None if there is none.
    ``accept``: only readings whose tally it accepts count (a rulebook's minimum to go
    out, met by any legal reading)."""
    best: Best | None = None
    best_key: tuple[int, int, int] | None = None
    for r in readings:
        lines = count_patterns(patterns, r, facts)
        t = arithmetic.tally(lines)
        if accept is not None and not accept(t):
            continue
        key = (t.total, t.doubles, t.points + t.water)
        if best_key is None or key > best_key:
            best, best_key = Best(r, tuple(lines), t), key
    return best


def declared_score(
    seat: str,
    best: Best,
    payments: dict[str, int],
    explain: list[str],
    lines: Sequence[str],
    reason: str | None,
) -> Score:
    """The score of a win ``seat`` declared, valued on ``best`` and paid ``payments``
    (the payment ``lines`` explained after ``explain``); or, with a ``reason`` the rules
    refuse it, a false win: valid False, the declarer paying each other player what
    that player would have paid.

    >>> from parlour.mahjong.scoring.arithmetic import CappedDoubling
    >>> best = Best(Reading("declared", (), complete=False), (), CappedDoubling(1).tally(()))
    >>> declared_score("E", best, {"E": 2, "S": -2}, [], [], "no shape").payments
    {'E': -2, 'S': 2}
    """
    t = best.tally
    if reason is None:
        text = [*explain, *lines, f"{seat} receives {payments[seat]}"]
        return Score(
            True, payments[seat], best.lines, payments,
            explain=tuple(text), tally=t, reading=str(best.reading),
        )  # fmt: skip
    back = {other: -v for other, v in payments.items()}
    text = [f"false win: {reason}", *explain]
    text += [f"{seat} pays {other} {v}" for other, v in back.items() if other != seat and v > 0]
    return Score(
        False, back[seat], best.lines, back, reason=reason,
        explain=tuple(text), tally=t, reading=str(best.reading),
    )  # fmt: skip


__all__ = ["Best", "best_reading", "count_patterns", "declared_score"]

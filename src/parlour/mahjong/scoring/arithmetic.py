"""How a rulebook turns counted patterns into a hand's value.

Every pattern line has a unit (:data:`parlour.mahjong.scoring.UNITS`). A :class:`Tally`
adds the lines up by unit; an arithmetic strategy turns the tally into a value, and,
where a payment depends on who pays, into each payer's share:

* :class:`DoublingToLimit`: points × 2^doubles, capped at a limit (the classical
  family); a limit pattern is worth the limit.
* :class:`WaterTimesMultiplier`: (base + water) × the one highest multiplier, the base
  depending on the payer (Xiamen and Quanzhou).
* :class:`CappedDoubling`: a unit × 2^doubles with the doubles capped (Kawuxing,
  Hangzhou), with a factor per payer.
* Per-loser shares with fans of both sides and caps (Wuhan) are a
  :class:`CappedDoubling` per payer, the payer's own fans added.

>>> lines = [PatternLine("pung", 8, 1, unit="points"), PatternLine("dragon", 1, 2, unit="doubles")]
>>> DoublingToLimit(500).tally(lines).total
32
>>> DoublingToLimit(20).tally(lines).total
20
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from parlour.mahjong.scoring import PatternLine


@dataclass(frozen=True, slots=True)
class Tally:
    """A hand's quantities, by unit: ``points`` (and ``water``) added up, ``doubles``
    (and fan) added up, the highest ``multiplier``, ``half`` for a ×1.5, ``limit`` when
    a limit pattern applies, and ``total``, the hand's value under its rulebook's
    arithmetic (before any payer's factor). ``raw`` is the value before a cap."""

    points: int = 0
    doubles: int = 0
    water: int = 0
    multiplier: int = 1
    half: bool = False
    limit: bool = False
    total: int = 0
    raw: int = 0

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.points:
            out["points"] = self.points
        if self.doubles:
            out["doubles"] = self.doubles
        if self.water:
            out["water"] = self.water
        if self.multiplier != 1:
            out["multiplier"] = self.multiplier
        if self.half:
            out["half"] = True
        if self.limit:
            out["limit"] = True
        return out


def add_up(lines: Sequence[PatternLine]) -> Tally:
    """Sum the lines by unit (no arithmetic yet: ``total`` and ``raw`` stay 0)."""
    points = doubles = water = 0
    multiplier = 1
    limit = half = False
    for line in lines:
        unit = line.unit
        if unit == "points":
            points += line.points
        elif unit in ("doubles", "fan"):
            doubles += line.points
        elif unit == "water":
            water += line.points
        elif unit == "multiplier":
            multiplier = max(multiplier, line.value)
        elif unit == "limit":
            limit = True
        elif unit == "half":
            half = True
        else:
            raise ValueError(f"pattern {line.name!r} has no known unit ({unit!r})")
    return Tally(points, doubles, water, multiplier, half, limit)


class Arithmetic(Protocol):
    """A rulebook's arithmetic: a tally of the lines, with its total."""

    def tally(self, lines: Sequence[PatternLine]) -> Tally: ...


@dataclass(frozen=True, slots=True)
class DoublingToLimit:
    """points × 2^doubles, never more than ``limit`` (None: no limit); a hand with a
    limit pattern is worth exactly the limit.

    >>> DoublingToLimit(500).tally([PatternLine("L3", 1, unit="limit")]).total
    500
    """

    limit: int | None

    def tally(self, lines: Sequence[PatternLine]) -> Tally:
        t = add_up(lines)
        if t.limit and self.limit is not None:
            return _with(t, self.limit, self.limit)
        raw = t.points << t.doubles
        total = raw if self.limit is None else min(self.limit, raw)
        return _with(t, total, raw)


@dataclass(frozen=True, slots=True)
class WaterTimesMultiplier:
    """(base + water) × the one highest multiplier; the base is the payer's
    (:meth:`payment`). ``total`` is the payment on a base of 0, or, with ``bases`` (one
    per payer), the sum of the payments: what the winner receives, so that the best
    reading is the one paid most even across multipliers.

    >>> a = WaterTimesMultiplier()
    >>> t = a.tally([PatternLine("flower", 1, 3, unit="water"),
    ...              PatternLine("self-drawn", 2, unit="multiplier"),
    ...              PatternLine("gold float", 4, unit="multiplier")])
    >>> t.water, t.multiplier, a.payment(t, base=2), t.total
    (3, 4, 20, 12)
    >>> WaterTimesMultiplier(bases=(2, 1, 1)).tally([
    ...     PatternLine("flower", 1, 3, unit="water"),
    ...     PatternLine("self-drawn", 2, unit="multiplier")]).total
    26
    """

    bases: tuple[int, ...] = ()

    def tally(self, lines: Sequence[PatternLine]) -> Tally:
        t = add_up(lines)
        if self.bases:
            value = sum((b + t.water) * t.multiplier for b in self.bases)
        else:
            value = t.water * t.multiplier
        return _with(t, value, value)

    @staticmethod
    def payment(t: Tally, base: int) -> int:
        return (base + t.water) * t.multiplier


@dataclass(frozen=True, slots=True)
class CappedDoubling:
    """``unit`` × 2^doubles with the doubles capped at ``max_doubles`` (None: no cap);
    :meth:`payment` applies a payer's own extra doubles and factor, then a cap on the
    amount (``max_amount``).

    >>> a = CappedDoubling(unit=1, max_doubles=3)
    >>> t = a.tally([PatternLine("seven pairs", 2, unit="doubles"),
    ...              PatternLine("pure one suit", 2, unit="doubles")])
    >>> t.doubles, t.total, t.raw
    (4, 8, 16)
    """

    unit: int = 1
    max_doubles: int | None = None
    max_amount: int | None = None

    def tally(self, lines: Sequence[PatternLine]) -> Tally:
        t = add_up(lines)
        base = t.points or self.unit
        d = t.doubles if self.max_doubles is None else min(t.doubles, self.max_doubles)
        return _with(t, base << d, base << t.doubles)

    def payment(self, t: Tally, *, extra_doubles: int = 0, factor: int = 1) -> int:
        base = t.points or self.unit
        d = t.doubles + extra_doubles
        if self.max_doubles is not None:
            d = min(d, self.max_doubles)
        amount = (base << d) * factor
        if t.half:
            amount = amount * 3 // 2
        return amount if self.max_amount is None else min(self.max_amount, amount)


def _with(t: Tally, total: int, raw: int) -> Tally:
    return Tally(t.points, t.doubles, t.water, t.multiplier, t.half, t.limit, total, raw)


__all__ = [
    "Arithmetic",
    "CappedDoubling",
    "DoublingToLimit",
    "Tally",
    "WaterTimesMultiplier",
    "add_up",
]

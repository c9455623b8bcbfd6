"""The scoring framework shared by every rule system: hand situations, patterns, scores.

A *situation* is everything a scorer needs to know about a finished hand: the concealed
tiles, the melds, the winning tile and how it was won, the winds, the bonus tiles. It is
written as JSON (the same dict everywhere: CLI, server, records, tests)::

    {"rules": "mcr", "concealed": "123m 456p 789s EE C", "melds": [], "win_tile": "C",
     "self_drawn": false, "seat_wind": "E", "round_wind": "S", "bonus": 2}

``concealed`` excludes the winning tile. Instead of ``concealed`` and ``melds`` a
situation may give the whole hand as the rulebooks write it, winning tile included:
``"hand": "[123m] 456p 789s EEE CC"`` with ``"win_tile": "C"``.

A :class:`Pattern` is one scoring element of a rulebook (a fan, a double, a bonus); a
:class:`Score` is the breakdown a ruleset chose, with its total and the payments, able
to explain itself line by line.

>>> s = Situation.from_json({"rules": "mcr", "hand": "123m 456p 789s EEE CC", "win_tile": "C"})
>>> format_tiles(s.concealed), tile_name(s.win_tile), s.seat_wind, s.self_drawn
('123m 456p 789s EEE C', 'C', 'E', False)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from parlour.core.errors import InvalidHand
from parlour.mahjong import situation as read
from parlour.mahjong.melds import Meld, format_meld, parse_hand, parse_meld
from parlour.mahjong.tiles import (
    Tile,
    check_counts,
    format_tiles,
    scan_tiles,
    tile_name,
)

SEATS = read.WINDS
"""Seat winds in turn order: South plays after East, and so on."""

_FLAGS = ("self_drawn", "last_wall_tile", "kong_replacement", "robbing_kong", "last_of_kind")
_FIELDS = frozenset(
    ("rules", "options", "concealed", "hand", "melds", "win_tile", "seat_wind", "round_wind")
) | {"bonus", "discarder", *_FLAGS}


if TYPE_CHECKING:
    from parlour.mahjong.scoring.arithmetic import Tally

UNITS = ("points", "doubles", "fan", "water", "multiplier", "limit")
"""What a pattern's value counts: points added up; doubles (each multiplies by two);
fan (MCR's points, or Wuhan's doublings); water (Fujian points added to a base); a
multiplier (the one highest applies); a limit (the hand is worth the rulebook's limit)."""


@dataclass(frozen=True, slots=True)
class Pattern:
    """One scoring element of a rulebook.

    ``key`` is the snake_case id, ``name`` the English name printed everywhere,
    ``native`` the rulebook's own name, ``value`` what one occurrence is worth in its
    ``unit`` (see :data:`UNITS`; empty for a rulebook with one unit, MCR's fan), and
    ``excludes`` the keys of the patterns it implies or replaces (not counted beside it).
    ``count`` is the pattern's counting function for the shared framework: given a
    :class:`~parlour.mahjong.scoring.readings.Reading` and the hand's facts, how many
    times the pattern occurs (0: not at all).
    """

    key: str
    name: str
    value: int
    native: str = ""
    excludes: tuple[str, ...] = ()
    unit: str = ""
    count: Callable[[Any, Any], int] | None = None


@dataclass(frozen=True, slots=True)
class PatternLine:
    """One line of a score: a pattern counted ``count`` times at ``value`` each."""

    name: str
    value: int
    count: int = 1
    key: str = ""
    unit: str = ""

    @property
    def points(self) -> int:
        return self.value * self.count

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "value": self.value, "count": self.count}
        if self.unit:
            out["unit"] = self.unit
            out["key"] = self.key
        return out


ScoreParts = tuple[tuple[PatternLine, ...], dict[str, int], tuple[str, ...], "str | None"]
"""What a deferred score builds when first read: its pattern lines, its payments, its
explanation lines and its reading (see :meth:`Score.deferred`)."""


class Score:
    """A scored hand.

    ``valid`` is False for a false declaration (not a winning shape, or under the
    rulebook's minimum), with ``reason`` saying why. ``total`` is the hand's value,
    ``patterns`` the chosen breakdown (for an invalid hand under the minimum: what it
    did score), ``payments`` what each seat wins (+) or pays (-), summing to zero, and
    ``explain`` a few lines a player can read (the reading chosen, the arithmetic).

    A score is a value: treat it as immutable. A rulebook may give its lines, payments,
    explanation and reading at once (the constructor) or have them built when first
    read (:meth:`deferred`): a search over many hands reads only ``valid`` and
    ``total``, and pays nothing for the text.

    >>> line = PatternLine("Chicken Hand", 8, key="chicken_hand")
    >>> s = Score(True, 8, (line,))
    >>> s.total, s.payments, s == Score(True, 8, (line,))
    (8, {}, True)
    """

    __slots__ = (
        "_build",
        "_data",
        "_explain",
        "_patterns",
        "_payments",
        "_reading",
        "reason",
        "tally",
        "total",
        "valid",
    )

    valid: bool
    total: int
    reason: str | None
    tally: Tally | None

    def __init__(
        self,
        valid: bool,
        total: int,
        patterns: tuple[PatternLine, ...] = (),
        payments: dict[str, int] | None = None,
        reason: str | None = None,
        explain: tuple[str, ...] = (),
        tally: Tally | None = None,
        reading: str | None = None,
    ) -> None:
        self.valid = valid
        self.total = total
        self.reason = reason
        self.tally = tally
        self._patterns = patterns
        self._payments = {} if payments is None else payments
        self._explain = explain
        self._reading = reading
        self._build: Callable[[Any], ScoreParts] | None = None
        self._data: Any = None

    @classmethod
    def deferred(
        cls,
        valid: bool,
        total: int,
        reason: str | None,
        build: Callable[[Any], ScoreParts],
        data: Any,
        tally: Tally | None = None,
    ) -> Score:
        """A score whose lines, payments, explanation and reading are
        ``build(data)``, called once, when one of them is first read.

        >>> s = Score.deferred(True, 8, None, lambda d: ((), {"E": d}, ("...",), None), 24)
        >>> s.payments, s.explain, s.reading
        ({'E': 24}, ('...',), None)
        """
        self = _new_score(cls)
        self.valid = valid
        self.total = total
        self.reason = reason
        self.tally = tally
        self._build = build
        self._data = data
        return self

    def _fill(self) -> None:
        build = self._build
        if build is not None:
            self._patterns, self._payments, self._explain, self._reading = build(self._data)
            self._build = self._data = None

    @property
    def patterns(self) -> tuple[PatternLine, ...]:
        if self._build is not None:
            self._fill()
        return self._patterns

    @property
    def payments(self) -> dict[str, int]:
        if self._build is not None:
            self._fill()
        return self._payments

    @property
    def explain(self) -> tuple[str, ...]:
        if self._build is not None:
            self._fill()
        return self._explain

    @property
    def reading(self) -> str | None:
        if self._build is not None:
            self._fill()
        return self._reading

    def _fields(self) -> tuple[Any, ...]:
        return (
            self.valid,
            self.total,
            self.patterns,
            self.payments,
            self.reason,
            self.explain,
            self.tally,
            self.reading,
        )

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Score)
        return self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]  # a value holding a dict: not hashable

    def __repr__(self) -> str:
        names = ("valid", "total", "patterns", "payments", "reason", "explain", "tally", "reading")
        body = ", ".join(f"{n}={v!r}" for n, v in zip(names, self._fields(), strict=True))
        return f"{type(self).__name__}({body})"

    def to_json(self) -> dict[str, Any]:
        """The output JSON (what ``parlour score --json`` prints)."""
        if self._build is not None:
            self._fill()
        out: dict[str, Any] = {"valid": self.valid}
        if self.reason is not None:
            out["reason"] = self.reason
        out["total"] = self.total
        if self.tally is not None:
            out.update(self.tally.to_json())
        if self._reading is not None:
            out["reading"] = self._reading
        out["patterns"] = [p.to_json() for p in self._patterns]
        out["payments"] = dict(self._payments)
        out["explain"] = list(self._explain)
        return out


_new_score = object.__new__


@dataclass(frozen=True, slots=True)
class Situation:
    """A finished hand to be scored (see the module docstring for the JSON form).

    ``concealed`` excludes the winning tile; ``bonus`` holds bonus tiles (flowers,
    seasons), ``bonus_count`` their number (which is all MCR needs, so a count may be
    given instead of tiles). ``discarder`` is the seat that discarded the winning tile
    (or whose kong was robbed); for a win on a discard it defaults to the winner's
    left-hand neighbour, the seat that plays just before the winner.
    """

    rules: str
    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...]
    win_tile: Tile
    self_drawn: bool = False
    seat_wind: str = "E"
    round_wind: str = "E"
    bonus: tuple[Tile, ...] = ()
    bonus_count: int = 0
    last_wall_tile: bool = False
    kong_replacement: bool = False
    robbing_kong: bool = False
    last_of_kind: bool = False
    discarder: str | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    wild_marks: tuple[Tile, ...] = ()

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Situation:
        """Read and check a situation dict; raise :class:`InvalidHand` or
        :class:`NotationError` naming the first thing wrong."""
        if not isinstance(data, Mapping):
            raise InvalidHand(f"a situation must be a JSON object, not {type(data).__name__}")
        unknown = sorted(k for k in data if k not in _FIELDS)
        if unknown:
            raise InvalidHand(f"unknown field {unknown[0]!r} in the situation")
        from parlour.registry import DEFAULT_SYSTEM

        rules = data.get("rules", DEFAULT_SYSTEM)
        if not isinstance(rules, str):
            raise InvalidHand(f"'rules' must be a rule-system name, not {rules!r}")
        options = data.get("options", {})
        if not isinstance(options, Mapping):
            raise InvalidHand(f"'options' must be an object, not {options!r}")
        for name in _FLAGS:
            read.flag(data, name)
        win_text = data.get("win_tile")
        if win_text is None:
            raise InvalidHand("the situation has no 'win_tile'")
        win_tile = read.one_tile(win_text, "'win_tile'")
        concealed, melds, wild_marks = _hand_part(data, win_tile)
        seat = read.wind(data.get("seat_wind", "E"), "'seat_wind'")
        round_wind = read.wind(data.get("round_wind", "E"), "'round_wind'")
        bonus, bonus_count = read.bonus(data.get("bonus", 0), "'bonus'")
        discarder = data.get("discarder")
        if discarder is not None:
            discarder = read.wind(discarder, "'discarder'")
        return cls(
            rules=rules,
            concealed=tuple(sorted(concealed)),
            melds=melds,
            win_tile=win_tile,
            self_drawn=data.get("self_drawn", False),
            seat_wind=seat,
            round_wind=round_wind,
            bonus=bonus,
            bonus_count=bonus_count,
            last_wall_tile=data.get("last_wall_tile", False),
            kong_replacement=data.get("kong_replacement", False),
            robbing_kong=data.get("robbing_kong", False),
            last_of_kind=data.get("last_of_kind", False),
            discarder=discarder,
            options=dict(options),
            wild_marks=wild_marks,
        )

    def to_json(self) -> dict[str, Any]:
        """The situation as JSON (``from_json(s.to_json())`` gives it back)."""
        out: dict[str, Any] = {
            "rules": self.rules,
            "concealed": _concealed_text(self.concealed, self.wild_marks),
            "melds": [format_meld(m) for m in self.melds],
            "win_tile": tile_name(self.win_tile),
            "seat_wind": self.seat_wind,
            "round_wind": self.round_wind,
        }
        if self.options:
            out["options"] = dict(self.options)
        out["bonus"] = format_tiles(self.bonus) if self.bonus else self.bonus_count
        for name in _FLAGS:
            if getattr(self, name):
                out[name] = True
        if self.discarder is not None:
            out["discarder"] = self.discarder
        return out

    @property
    def payer(self) -> str:
        """The seat that pays as discarder (the discarder given, or the winner's left)."""
        if self.discarder is not None:
            return self.discarder
        return SEATS[(SEATS.index(self.seat_wind) - 1) % 4]


def _concealed_text(concealed: tuple[Tile, ...], marks: tuple[Tile, ...]) -> str:
    plain = list(concealed)
    for t in marks:
        plain.remove(t)
    return " ".join([format_tiles(plain), *(tile_name(t) + "*" for t in marks)]).strip()


def _hand_part(
    data: Mapping[str, Any], win_tile: Tile
) -> tuple[tuple[Tile, ...], tuple[Meld, ...], tuple[Tile, ...]]:
    """Concealed tiles (without the winning tile), melds, and tiles marked ``*`` as wild."""
    if "hand" in data:
        if "concealed" in data or "melds" in data:
            raise InvalidHand("give either 'hand' or 'concealed' and 'melds', not both")
        text = data["hand"]
        if not isinstance(text, str):
            raise InvalidHand(f"'hand' must be a hand in notation, not {text!r}")
        hand = parse_hand(text)
        if hand.win_tile is not None and hand.win_tile != win_tile:
            raise InvalidHand(
                f"the hand names {tile_name(hand.win_tile)} as its winning tile "
                f"but 'win_tile' is {tile_name(win_tile)}"
            )
        standing = list(hand.concealed)
        if win_tile not in standing:
            raise InvalidHand(
                f"the winning tile {tile_name(win_tile)} is not among the concealed tiles "
                f"of {text!r}"
            )
        standing.remove(win_tile)
        return tuple(standing), hand.melds, tuple(sorted(hand.wild_marks))
    text = data.get("concealed", "")
    if not isinstance(text, str):
        raise InvalidHand(f"'concealed' must be tiles in notation, not {text!r}")
    scanned = scan_tiles(text)
    check_counts(scanned, text)
    concealed = tuple(sorted(s.tile for s in scanned))
    marks = tuple(sorted(s.tile for s in scanned if s.wild_mark))
    raw_melds = data.get("melds", [])
    if isinstance(raw_melds, str) or not isinstance(raw_melds, list | tuple):
        raise InvalidHand(f"'melds' must be a list of melds such as ['[123m]'], not {raw_melds!r}")
    melds = []
    for m in raw_melds:
        if not isinstance(m, str):
            raise InvalidHand(f"a meld must be written in notation such as '[EEE]', not {m!r}")
        melds.append(parse_meld(m))
    return concealed, tuple(melds), marks

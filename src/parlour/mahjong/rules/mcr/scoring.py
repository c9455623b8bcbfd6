"""Mahjong Competition Rules (MCR, Chinese Official): scoring.

All 81 fans plus Flower Tiles, the five accounting principles, the 8-point minimum
(flowers do not count toward it), settlement and the false-mahjong penalty. The fan
arithmetic reproduces the reference calculator the club rulebook was checked against,
with the rulebook's own values for two kong fans (option ``kong_values``).

>>> s = score({"hand": "123m 456p 789s EEE CC", "win_tile": "C", "round_wind": "E"})
>>> s.valid, s.total, [(p.name, p.value) for p in s.patterns][:3]
(True, 21, [('Mixed Straight', 8), ('All Types', 6), ('Prevalent Wind', 2)])
>>> s.payments
{'E': 45, 'S': -8, 'W': -8, 'N': -29}

How a hand is scored: every reading of the concealed tiles (each division into sets and a
pair, and the special shapes) is scored, and the reading worth the most is kept
(principle 4). Within a reading each tile belongs to one set (principle 2); the group
fans of chows and pungs follow the combination limits of principles 3 and 5; each fan
removes the fans it implies (principle 1, the ``excludes`` of :data:`FANS`).

Internally tiles are codes ``16 * (suit + 1) + rank`` with the suits ordered characters,
bamboo, dots, then honours ``0x41``-``0x47`` (E S W N C F P): a chow's tiles are three
consecutive codes, no arithmetic crosses a suit, and readings are tried in the order
the reference tries them (which decides between readings of equal value).

The engine has a compiled twin, ``_fans.c`` (loaded through
:func:`parlour.mahjong.kernel.load_extension`; ``PARLOUR_PURE=1`` sets it aside): it
answers the plain case (a parsed :class:`Situation`, or a situation dict in its plainest
form, read without building one), and leaves everything else, refused situations
included, to this module, which stays the reference. The score keeps the reading chosen
and the fan counts; its lines, payments and explanation are written when first read.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import compress
from operator import mul as _mul
from typing import Any, Protocol

from parlour.core.errors import InvalidHand
from parlour.mahjong.kernel import load_extension
from parlour.mahjong.melds import CHOW, KONG, PUNG, Meld
from parlour.mahjong.scoring import SEATS, Pattern, PatternLine, Score, ScoreParts, Situation
from parlour.mahjong.tiles import NUM_KINDS, Tile, format_tiles, tile_name

# ---------------------------------------------------------------------------------------
# The fan table, in the reference's order (value descending; it breaks ties in output)

FANS: tuple[Pattern, ...] = (
    Pattern("big_four_winds", "Big Four Winds", 88, "Négy nagy szél"),
    Pattern("big_three_dragons", "Big Three Dragons", 88, "Három nagy sárkány"),
    Pattern("all_green", "All Green", 88, "Zöld játék"),
    Pattern("nine_gates", "Nine Gates", 88, "Kilenclámpás ház"),
    Pattern("four_kongs", "Four Kongs", 88, "Négy kong"),
    Pattern("seven_shifted_pairs", "Seven Shifted Pairs", 88, "Lépcsős páros játék"),
    Pattern("thirteen_orphans", "Thirteen Orphans", 88, "A világ 13 csodája"),
    Pattern("all_terminals", "All Terminals", 64, "Határkő-játék"),
    Pattern("little_four_winds", "Little Four Winds", 64, "Négy kis szél"),
    Pattern("little_three_dragons", "Little Three Dragons", 64, "Három kis sárkány"),
    Pattern("all_honors", "All Honors", 64, "Honőr-játék"),
    Pattern("four_concealed_pungs", "Four Concealed Pungs", 64, "Négy kézben pong"),
    Pattern("pure_terminal_chows", "Pure Terminal Chows", 64, "Tiszta szín határkő csaó"),
    Pattern("quadruple_chow", "Quadruple Chow", 48, "Négy azonos csaó"),
    Pattern("four_pure_shifted_pungs", "Four Pure Shifted Pungs", 48, "Négy egyszínű lépcsős pong"),
    Pattern("four_pure_shifted_chows", "Four Pure Shifted Chows", 32, "Négy egyszínű lépcsős csaó"),
    Pattern("three_kongs", "Three Kongs", 32, "Három kong"),
    Pattern("all_terminals_and_honors", "All Terminals and Honors", 32, "Csak határkő és honőr"),
    Pattern("seven_pairs", "Seven Pairs", 24, "Páros játék"),
    Pattern(
        "greater_honors_and_knitted_tiles",
        "Greater Honors and Knitted Tiles",
        24,
        "Nagy honőrök és kötött kövek",
    ),
    Pattern("all_even_pungs", "All Even Pungs", 24, "Csupa páros számok"),
    Pattern("full_flush", "Full Flush", 24, "Tiszta színjáték"),
    Pattern("pure_triple_chow", "Pure Triple Chow", 24, "Három egyforma csaó"),
    Pattern("pure_shifted_pungs", "Pure Shifted Pungs", 24, "Egyszínű lépcsős pongok"),
    Pattern("upper_tiles", "Upper Tiles", 24, "Felső kövek"),
    Pattern("middle_tiles", "Middle Tiles", 24, "Középső kövek"),
    Pattern("lower_tiles", "Lower Tiles", 24, "Alsó kövek"),
    Pattern("pure_straight", "Pure Straight", 16, "Nagy sor"),
    Pattern(
        "three_suited_terminal_chows", "Three-Suited Terminal Chows", 16, "Háromszínű határkő csaó"
    ),
    Pattern("pure_shifted_chows", "Pure Shifted Chows", 16, "Egyszínű lépcsős csaó"),
    Pattern("all_five", "All Five", 16, "Színötös"),
    Pattern("triple_pung", "Triple Pung", 16, "Tripla pong"),
    Pattern("three_concealed_pungs", "Three Concealed Pungs", 16, "Három kézben pong"),
    Pattern(
        "lesser_honors_and_knitted_tiles",
        "Lesser Honors and Knitted Tiles",
        12,
        "Kis honőrök és kötött kövek",
    ),
    Pattern("knitted_straight", "Knitted Straight", 12, "Kötött sor"),
    Pattern("upper_four", "Upper Four", 12, "Felső négy"),
    Pattern("lower_four", "Lower Four", 12, "Alsó négy"),
    Pattern("big_three_winds", "Big Three Winds", 12, "Három nagy szél"),
    Pattern("mixed_straight", "Mixed Straight", 8, "Vegyes sor"),
    Pattern("reversible_tiles", "Reversible Tiles", 8, "Megfordítható kövek"),
    Pattern("mixed_triple_chow", "Mixed Triple Chow", 8, "Vegyes egyforma csaó"),
    Pattern("mixed_shifted_pungs", "Mixed Shifted Pungs", 8, "Vegyes lépcsős pongok"),
    Pattern("chicken_hand", "Chicken Hand", 8, "Nullásliszt"),
    Pattern("last_tile_draw", "Last Tile Draw", 8, "Utolsó húzott kő"),
    Pattern("last_tile_claim", "Last Tile Claim", 8, "Utolsó dobott kő"),
    Pattern("out_with_replacement_tile", "Out with Replacement Tile", 8, "Cserekővel mahjong"),
    Pattern("robbing_the_kong", "Robbing The Kong", 8, "Rabolt kong"),
    Pattern("all_pungs", "All Pungs", 6, "Pong-játék"),
    Pattern("half_flush", "Half Flush", 6, "Egyszerű színjáték"),
    Pattern("mixed_shifted_chows", "Mixed Shifted Chows", 6, "Vegyes lépcsős csaó"),
    Pattern("all_types", "All Types", 6, "Minden típus"),
    Pattern("melded_hand", "Melded Hand", 6, "Mind mástól"),
    Pattern("two_concealed_kongs", "Two Concealed Kongs", 8, "Két kézben kong"),
    Pattern("two_dragons_pungs", "Two Dragons Pungs", 6, "Két sárkány pong"),
    Pattern("outside_hand", "Outside Hand", 4, "Gyenge szépségek"),
    Pattern("fully_concealed_hand", "Fully Concealed Hand", 4, "Teljes rejtett kincs"),
    Pattern("two_melded_kongs", "Two Melded Kongs", 4, "Két húzott kong"),
    Pattern("last_tile", "Last Tile", 4, "Negyedik kő"),
    Pattern("dragon_pung", "Dragon Pung", 2, "Sárkány pong"),
    Pattern("prevalent_wind", "Prevalent Wind", 2, "Uralkodó szél pong"),
    Pattern("seat_wind", "Seat Wind", 2, "Saját szél pong"),
    Pattern("concealed_hand", "Concealed Hand", 2, "Rejtett kincs"),
    Pattern("all_chows", "All Chows", 2, "Csaó-játék"),
    Pattern("tile_hog", "Tile Hog", 2, "Elválasztott kong"),
    Pattern("double_pung", "Double Pung", 2, "Dupla pong"),
    Pattern("two_concealed_pungs", "Two Concealed Pungs", 2, "Két kézben pong"),
    Pattern("concealed_kong", "Concealed Kong", 2, "Kézben kong"),
    Pattern("all_simples", "All Simples", 2, "Egyszerű játék"),
    Pattern("pure_double_chow", "Pure Double Chow", 1, "Egyszínű dupla csaó"),
    Pattern("mixed_double_chow", "Mixed Double Chow", 1, "Két színű dupla csaó"),
    Pattern("short_straight", "Short Straight", 1, "Kis sor"),
    Pattern("two_terminal_chows", "Two Terminal Chows", 1, "Két határkő csaó"),
    Pattern(
        "pung_of_terminals_or_honors", "Pung of Terminals or Honors", 1, "Határkő vagy honőr pong"
    ),
    Pattern("melded_kong", "Melded Kong", 1, "Húzott kong"),
    Pattern("one_voided_suit", "One Voided Suit", 1, "Színhiányos kéz"),
    Pattern("no_honors", "No Honors", 1, "Nincs honőr"),
    Pattern("edge_wait", "Edge Wait", 1, "Szélsőre várt"),
    Pattern("closed_wait", "Closed Wait", 1, "Középsőre várt"),
    Pattern("single_wait", "Single Wait", 1, "Zárókőre várt"),
    Pattern("self_drawn", "Self-Drawn", 1, "Húzott kővel mahjong"),
    Pattern("flower_tiles", "Flower Tiles", 1, "Virágkő"),
    Pattern(
        "concealed_kong_and_melded_kong",
        "Concealed Kong and Melded Kong",
        6,
        "Egy húzott és egy kézben kong",
    ),
)
"""The 81 fans and Flower Tiles, with the rulebook's values (the engine default)."""

FAN_INDEX = {f.key: i for i, f in enumerate(FANS)}

(
    BIG_FOUR_WINDS, BIG_THREE_DRAGONS, ALL_GREEN, NINE_GATES, FOUR_KONGS, SEVEN_SHIFTED_PAIRS,
    THIRTEEN_ORPHANS, ALL_TERMINALS, LITTLE_FOUR_WINDS, LITTLE_THREE_DRAGONS, ALL_HONORS,
    FOUR_CONCEALED_PUNGS, PURE_TERMINAL_CHOWS, QUADRUPLE_CHOW, FOUR_PURE_SHIFTED_PUNGS,
    FOUR_PURE_SHIFTED_CHOWS, THREE_KONGS, ALL_TERMINALS_AND_HONORS, SEVEN_PAIRS,
    GREATER_HONORS_AND_KNITTED_TILES, ALL_EVEN_PUNGS, FULL_FLUSH, PURE_TRIPLE_CHOW,
    PURE_SHIFTED_PUNGS, UPPER_TILES, MIDDLE_TILES, LOWER_TILES, PURE_STRAIGHT,
    THREE_SUITED_TERMINAL_CHOWS, PURE_SHIFTED_CHOWS, ALL_FIVE, TRIPLE_PUNG,
    THREE_CONCEALED_PUNGS, LESSER_HONORS_AND_KNITTED_TILES, KNITTED_STRAIGHT, UPPER_FOUR,
    LOWER_FOUR, BIG_THREE_WINDS, MIXED_STRAIGHT, REVERSIBLE_TILES, MIXED_TRIPLE_CHOW,
    MIXED_SHIFTED_PUNGS, CHICKEN_HAND, LAST_TILE_DRAW, LAST_TILE_CLAIM,
    OUT_WITH_REPLACEMENT_TILE, ROBBING_THE_KONG, ALL_PUNGS, HALF_FLUSH, MIXED_SHIFTED_CHOWS,
    ALL_TYPES, MELDED_HAND, TWO_CONCEALED_KONGS, TWO_DRAGONS_PUNGS, OUTSIDE_HAND,
    FULLY_CONCEALED_HAND, TWO_MELDED_KONGS, LAST_TILE, DRAGON_PUNG, PREVALENT_WIND, SEAT_WIND,
    CONCEALED_HAND, ALL_CHOWS, TILE_HOG, DOUBLE_PUNG, TWO_CONCEALED_PUNGS, CONCEALED_KONG,
    ALL_SIMPLES, PURE_DOUBLE_CHOW, MIXED_DOUBLE_CHOW, SHORT_STRAIGHT, TWO_TERMINAL_CHOWS,
    PUNG_OF_TERMINALS_OR_HONORS, MELDED_KONG, ONE_VOIDED_SUIT, NO_HONORS, EDGE_WAIT,
    CLOSED_WAIT, SINGLE_WAIT, SELF_DRAWN, FLOWER_TILES, CONCEALED_KONG_AND_MELDED_KONG,
) = range(len(FANS))  # fmt: skip
NUM_FANS = len(FANS)

KONG_VALUES = {"source": (6, 8), "reference": (5, 6)}
"""``kong_values`` option: (Concealed Kong and Melded Kong, Two Concealed Kongs). The
rulebook states 6 and 8; the reference calculator uses 5 and 6."""

MINIMUM = 8
"""Fan points (flowers not counted) a hand needs to be a valid mahjong."""
WIN_BASE = 8
"""Every other player pays the winner this for the win, on top of the hand's value."""
FALSE_MAHJONG_PENALTY = 10
"""A false declaration pays this to each other player."""


@dataclass(frozen=True, slots=True)
class MCROptions:
    """Options of the MCR ruleset.

    ``kong_values``: ``"source"`` (default) scores Concealed Kong and Melded Kong 6 and
    Two Concealed Kongs 8 as the rulebook states; ``"reference"`` scores 5 and 6 as the
    reference calculator (and the 1998 official table) does.
    """

    kong_values: str = "source"

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MCROptions:
        for k in data:
            if k != "kong_values":
                raise InvalidHand(f"unknown MCR option {k!r} (MCR has: kong_values)")
        kv = data.get("kong_values", "source")
        if not isinstance(kv, str) or kv not in KONG_VALUES:
            raise InvalidHand(f"kong_values must be 'source' or 'reference', not {kv!r}")
        return cls(kong_values=kv)

    def values(self) -> tuple[int, ...]:
        """The value of each fan of :data:`FANS` under these options."""
        return _VALUES[self.kong_values]


def _values(kong_values: str) -> tuple[int, ...]:
    v = [f.value for f in FANS]
    v[CONCEALED_KONG_AND_MELDED_KONG], v[TWO_CONCEALED_KONGS] = KONG_VALUES[kong_values]
    return tuple(v)


_VALUES = {k: _values(k) for k in KONG_VALUES}
_DEFAULT_OPTIONS = MCROptions()

# ---------------------------------------------------------------------------------------
# Tile codes

_CODE = tuple(
    0x11 + t if t < 9 else 0x31 + t - 9 if t < 18 else 0x21 + t - 18 if t < 27 else 0x41 + t - 27
    for t in range(NUM_KINDS)
)
_TILE_OF = {c: t for t, c in enumerate(_CODE)}
_ALL_CODES = tuple(sorted(_CODE))


def _mask(tiles: object) -> int:
    return sum(1 << t for t in tiles)  # type: ignore[attr-defined]


# Tile masks (bit t for our tile t) for the whole-hand traits
_M, _PD, _SB = _mask(range(9)), _mask(range(9, 18)), _mask(range(18, 27))
_WINDS, _DRAGONS = _mask(range(27, 31)), _mask(range(31, 34))
_HONORS_MASK = _WINDS | _DRAGONS
_TERMINALS_MASK = _mask((0, 8, 9, 17, 18, 26))
_GREEN_MASK = _mask((19, 20, 21, 23, 25, 32))  # 2 3 4 6 8 bamboo, green dragon
_REVERSIBLE_MASK = _mask((9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 33))
_RANKS = [0] + [_mask(9 * s + r - 1 for s in range(3)) for r in range(1, 10)]  # by rank 1-9
_LOW_FOUR = _RANKS[1] | _RANKS[2] | _RANKS[3] | _RANKS[4]
_UP_FOUR = _RANKS[6] | _RANKS[7] | _RANKS[8] | _RANKS[9]
_MIDDLE = _RANKS[4] | _RANKS[5] | _RANKS[6]
_ORPHANS_MASK = _TERMINALS_MASK | _HONORS_MASK
_SUIT_MASKS = (_M, _PD, _SB)
_E, _S, _W, _N, _C, _F, _P = range(0x41, 0x48)
TABLE = 0x48

_TERMINAL = [c < 0x41 and (c & 15) in (1, 9) for c in range(TABLE)]

_ORPHANS = (0x11, 0x19, 0x21, 0x29, 0x31, 0x39, *range(0x41, 0x48))
_KNITTED = tuple(
    tuple(sorted(16 * (s + 1) + r + 3 * j for s, r in zip(suits, (1, 2, 3), strict=True)
                 for j in range(3)))
    for suits in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
)  # fmt: skip
"""The six knitted straights (147, 258, 369 spread over the three suits)."""
_KNITTED_MASKS = tuple((k, _mask(_TILE_OF[c] for c in k)) for k in _KNITTED)

CHOW_SET, PUNG_SET, KONG_SET, PAIR_SET = range(4)
_SET_SIZE = (3, 3, 4, 2)

# A set of a reading: (kind, tile code — the middle tile of a chow —, melded)
Set = tuple[int, int, bool]
Values = tuple[int, ...]

# The shapes a reading can have; the words that start its text
(
    REGULAR, SEVEN_SHIFTED_PAIRS_SHAPE, SEVEN_PAIRS_SHAPE, HONOURS_AND_KNITTED, ORPHANS,
    KNITTED_STRAIGHT_SHAPE, NINE_GATES_SHAPE,
) = range(7)  # fmt: skip
_SHAPE_WORDS = (
    "",
    "seven shifted pairs",
    "seven pairs",
    "honours and knitted tiles",
    "thirteen orphans",
    "knitted straight",
    "nine gates",
)
Reading = tuple[int, "tuple[Set, ...] | bytes", int]
"""The reading chosen: its shape, its sets in order (the fixed melds first; the pair
last) and, for a knitted straight, the index of its straight in :data:`_KNITTED`. Its
text (:func:`_reading_words`) is written only when the explanation is read."""


def _is_dragon(c: int) -> bool:
    return c >= _C


def _is_wind(c: int) -> bool:
    return _E <= c <= _N


# ---------------------------------------------------------------------------------------
# The hand being scored


@dataclass(slots=True)
class _Hand:
    standing: list[int]  # counts of the concealed tiles with the winning tile, by code
    counts: tuple[int, ...]  # the same counts in our tile order (34)
    win_tile: Tile
    fixed: tuple[Set, ...]  # exposed sets and concealed kongs
    melded_sets: int  # exposed sets among them
    fixed_table: list[int]  # counts of the tiles in ``fixed``
    present: int  # bit t set when tile t (our order) is anywhere in the hand
    standing_present: int  # the same for the concealed tiles and the winning tile
    fours: int  # kinds held four times (kongs included)
    win: int
    self_drawn: bool
    last_tile: bool
    wall_last: bool
    kong_involved: bool
    seat: int  # wind code
    prevailing: int
    values: tuple[int, ...]


def score(situation: Situation | Mapping[str, Any]) -> Score:
    """Score an MCR hand situation (a :class:`Situation` or its JSON dict)."""
    if _fans is not None and type(situation) is dict:
        read = _fans.score_json(situation)  # the plainest JSON, read without a Situation
        if read is not None:
            points, fans, shape, sets, knitted, facts = read
            values = _VALUES["reference" if facts[4] else "source"]
            return _scored(facts, fans, points, (shape, sets, knitted), values)
    sit = situation if isinstance(situation, Situation) else Situation.from_json(situation)
    options = MCROptions.from_json(sit.options) if sit.options else _DEFAULT_OPTIONS
    if _fans is not None:
        found = _fans.score(sit, options.kong_values == "reference")
        if found is not None:  # None: a situation out of the ordinary, answered below
            points, fans, shape, sets, knitted = found
            return _scored(sit, fans, points, (shape, sets, knitted), options.values())
    hand = _prepare(sit, options)
    table, points, reading = _best(hand)
    return _scored(sit, table, points, reading, hand.values)


class FanEngine(Protocol):
    """The compiled fan engine (``_fans.c``): :func:`score`'s twin on a parsed
    :class:`Situation`, answering (points, fan counts, shape, sets, knitted) as
    :func:`_best` does (the sets packed three bytes each), or None where the Python code
    must answer."""

    def score(
        self, situation: Situation, reference: bool, /
    ) -> tuple[int, bytes | None, int, bytes, int] | None: ...
    def score_json(
        self, data: dict[str, Any], /
    ) -> tuple[int, bytes | None, int, bytes, int, bytes] | None: ...
    def configure(
        self, keys: tuple[str, ...], source: tuple[int, ...], reference: tuple[int, ...], /
    ) -> None: ...
    def points(self, hand: Any, reference: bool, /) -> int | None: ...


def _load_engine() -> FanEngine | None:
    engine = load_extension("parlour.mahjong.rules.mcr._fans")
    if engine is None:
        return None
    ready: FanEngine = engine
    ready.configure(tuple(f.key for f in FANS), _VALUES["source"], _VALUES["reference"])
    return ready


_fans = _load_engine()


def won_points(hand: Any, reference: bool) -> int | None:
    """The points (flowers left out) of the reading worth the most of a hand won at the
    table (a :class:`~parlour.mahjong.ruleset.WonHand`: what the table and the bots
    hand a ruleset), -1 when its tiles form no MCR shape, from the compiled engine with
    no :class:`Situation` built and no :class:`Score` (``reference``: the kong_values
    option is ``reference``); None when the engine is not in use or the hand is out of
    the ordinary (:func:`score` then answers). A win is accepted when they reach
    :data:`MINIMUM`.

    >>> from parlour.mahjong.ruleset import WinContext, WonHand
    >>> from parlour.mahjong.tiles import parse_tiles
    >>> hand = WonHand(parse_tiles("123m 456p 789s EEE C"), (), parse_tiles("C")[0],
    ...                how=WinContext(self_drawn=True))
    >>> sit = Situation("mcr", tuple(hand.concealed), (), hand.tile, self_drawn=True)
    >>> won_points(hand, False) in (None, score(sit).total)
    True
    """
    if _fans is None:
        return None
    return _fans.points(hand, reference)


class _Facts:
    """What the text of a score needs of a situation the compiled engine read from its
    JSON (the ``facts`` bytes of ``score_json``), named as a :class:`Situation` names
    them; ``tiles``: the concealed tiles with the winning tile, sorted."""

    __slots__ = ("bonus_count", "payer", "seat_wind", "self_drawn", "tiles")

    def __init__(self, facts: bytes) -> None:
        self.seat_wind = SEATS[facts[0]]
        self.payer = SEATS[facts[1]]
        self.self_drawn = bool(facts[2])
        self.bonus_count = facts[3]
        self.tiles = list(facts[5:])


def _facts_of(sit: Situation | bytes) -> Situation | _Facts:
    return _Facts(sit) if isinstance(sit, bytes) else sit


def _scored(
    sit: Situation | bytes,
    table: Sequence[int] | None,
    points: int,
    reading: Reading,
    values: Values,
) -> Score:
    """The score of the chosen reading: its total and verdict now, its lines, payments
    and explanation when first read (:meth:`Score.deferred`). ``sit`` is the situation,
    or the facts the compiled engine read from its JSON."""
    if table is None:
        reason = "not a winning hand: the tiles form no MCR shape"
        return _false_mahjong(_facts_of(sit), (), 0, reason)
    if points < MINIMUM:
        reason = (
            f"false mahjong: the hand is worth {points} without flowers, "
            f"under the {MINIMUM}-point minimum"
        )
        data = (sit, table, values, reading, reason)
        return Score.deferred(False, points, reason, _false_parts, data)
    total = points + (sit[3] if isinstance(sit, bytes) else sit.bonus_count)
    return Score.deferred(True, total, None, _valid_parts, (sit, table, values, reading, total))


_Valid = tuple["Situation | bytes", Sequence[int], "Values", "Reading", int]
_False = tuple["Situation | bytes", Sequence[int], "Values", "Reading", str]


def _valid_parts(data: _Valid) -> ScoreParts:
    """The lines, payments and explanation of a valid hand."""
    given, table, values, reading, total = data
    sit = _facts_of(given)
    lines = _lines(table, values)
    flowers = sit.bonus_count
    if flowers:
        lines = (*lines, _line(FLOWER_TILES, 1, flowers))
    winner = sit.seat_wind
    payments = dict.fromkeys(SEATS, 0)
    if sit.self_drawn:
        for s in SEATS:
            payments[s] = -(WIN_BASE + total)
        payments[winner] = 3 * (WIN_BASE + total)
    else:
        for s in SEATS:
            payments[s] = -WIN_BASE
        payments[sit.payer] = -(WIN_BASE + total)
        payments[winner] = 3 * WIN_BASE + total
    how = "self-drawn" if sit.self_drawn else f"on {sit.payer}'s tile"
    explain = (
        f"reading: {_reading_words(sit, reading)}",
        f"{' + '.join(map(_line_text, lines))} = {total}",
        f"won {how}: E {payments['E']:+d}, S {payments['S']:+d}, "
        f"W {payments['W']:+d}, N {payments['N']:+d}",
    )
    return lines, payments, explain, None


def _false_parts(data: _False) -> ScoreParts:
    """The lines, payments and explanation of a hand under the minimum."""
    given, table, values, reading, reason = data
    sit = _facts_of(given)
    payments, explain = _penalty(sit, reason, _reading_words(sit, reading))
    return _lines(table, values), payments, explain, None


def _penalty(
    sit: Situation | _Facts, reason: str, reading: str
) -> tuple[dict[str, int], tuple[str, ...]]:
    payments = {s: FALSE_MAHJONG_PENALTY for s in SEATS}
    payments[sit.seat_wind] = -3 * FALSE_MAHJONG_PENALTY
    explain: tuple[str, ...] = (f"reading: {reading}",) if reading else ()
    explain += (f"{reason}; the declarer pays {FALSE_MAHJONG_PENALTY} to each player",)
    return payments, explain


def _false_mahjong(
    sit: Situation | _Facts,
    lines: tuple[PatternLine, ...],
    points: int,
    reason: str,
) -> Score:
    payments, explain = _penalty(sit, reason, "")
    return Score(False, points, lines, payments, reason, explain)


def _lines(table: Sequence[int], values: tuple[int, ...]) -> tuple[PatternLine, ...]:
    """The fans of a table as lines, by value (then the table's order)."""
    order = _ORDER[values]
    return tuple(
        _line(i, values[i], table[i]) for i in compress(order, map(table.__getitem__, order))
    )


def _fan_order(values: tuple[int, ...]) -> list[int]:
    return sorted(range(NUM_FANS), key=lambda i: (-values[i], i))


_ORDER = {v: _fan_order(v) for v in _VALUES.values()}


@lru_cache(maxsize=1024)
def _line(i: int, value: int, count: int) -> PatternLine:
    return PatternLine(FANS[i].name, value, count, FANS[i].key)


def _line_text(line: PatternLine) -> str:
    return (
        f"{line.name} {line.value}×{line.count}" if line.count > 1 else f"{line.name} {line.value}"
    )


def _prepare(sit: Situation, options: MCROptions) -> _Hand:
    if sit.rules != "mcr":
        raise InvalidHand(f"the MCR scorer cannot score a {sit.rules!r} situation")
    concealed = sit.concealed
    melds = sit.melds
    worst = max(max(concealed, default=0), sit.win_tile)
    if worst >= NUM_KINDS:
        raise InvalidHand(
            f"{tile_name(worst)} cannot be in an MCR hand"
            + (": flowers and seasons go in 'bonus'" if worst < 42 else ": MCR has no jokers")
        )
    if sit.wild_marks:
        raise InvalidHand(
            f"{tile_name(sit.wild_marks[0])}* is marked as a wild tile: MCR has no wild tiles"
        )
    if len(concealed) + 3 * len(melds) != 13:
        raise InvalidHand(
            f"an MCR winning hand has 14 tiles (a kong counting as 3): got "
            f"{len(concealed) + 3 * len(melds) + 1} ({len(concealed)} concealed, "
            f"{len(melds)} melds and the winning tile)"
        )
    own = [0] * NUM_KINDS
    for t in concealed:
        own[t] += 1
    own[sit.win_tile] += 1
    counts = list(own)
    fixed: list[Set] = []
    fixed_table = [0] * TABLE
    for m in melds:
        if m.wilds or max(m.tiles) >= NUM_KINDS:
            raise InvalidHand(f"the meld {m} holds a wild tile: MCR has no wild tiles")
        for t in m.tiles:
            counts[t] += 1
            fixed_table[_CODE[t]] += 1
        fixed.append(_fixed_set(m))
    if max(counts) > 4:
        t = max(range(NUM_KINDS), key=counts.__getitem__)
        raise InvalidHand(
            f"{counts[t]} copies of {tile_name(t)} in one hand; there are only 4 of each tile"
        )
    win = _CODE[sit.win_tile]
    standing = [0] * TABLE
    present = mine = 0
    for t, n in enumerate(counts):
        if n:
            bit = 1 << t
            present |= bit
            k = own[t]
            if k:
                mine |= bit
                standing[_CODE[t]] = k
    if sit.robbing_kong or sit.kong_replacement or sit.last_of_kind or sit.discarder:
        has_kong = any(k == KONG_SET for k, _, _ in fixed)
        _check_flags(sit, has_kong, standing[win] - 1, fixed_table[win])
    return _Hand(
        standing,
        tuple(own),
        sit.win_tile,
        tuple(sorted(fixed, key=_eigen)),  # melds in a fixed order, however written
        sum(1 for _, _, melded in fixed if melded),
        fixed_table,
        present,
        mine,
        counts.count(4),
        win,
        sit.self_drawn,
        sit.last_of_kind or fixed_table[win] == 3,
        sit.last_wall_tile,
        sit.kong_replacement or sit.robbing_kong,
        _E + SEATS.index(sit.seat_wind),
        _E + SEATS.index(sit.round_wind),
        options.values(),
    )


def _fixed_set(m: Meld) -> Set:
    if m.kind == CHOW:
        return (CHOW_SET, _CODE[m.tiles[1]], True)
    if m.kind == PUNG:
        if not m.exposed:
            raise InvalidHand(f"the pung {m} is concealed: only kongs are declared concealed")
        return (PUNG_SET, _CODE[m.tiles[0]], True)
    assert m.kind == KONG
    return (KONG_SET, _CODE[m.tiles[0]], m.exposed)


def _check_flags(sit: Situation, has_kong: bool, others_held: int, in_melds: int) -> None:
    win = tile_name(sit.win_tile)
    if sit.robbing_kong and sit.self_drawn:
        raise InvalidHand(
            "robbing the kong is a win on another player's tile: it cannot be self-drawn"
        )
    if sit.kong_replacement and not sit.self_drawn:
        raise InvalidHand("a win on a kong replacement tile is self-drawn")
    if sit.kong_replacement and not has_kong:
        raise InvalidHand("a win on a kong replacement tile needs a kong among the melds")
    if sit.robbing_kong and (others_held or in_melds):
        raise InvalidHand(
            f"robbing the kong: the robbed player holds three {win} and adds the fourth, "
            f"so the winner cannot hold another {win}"
        )
    if sit.last_of_kind and others_held:
        raise InvalidHand(
            f"last of its kind: the other three {win} must be in sight, "
            f"but the hand holds another {win}"
        )
    if sit.self_drawn and sit.discarder is not None:
        raise InvalidHand("a self-drawn win has no discarder")
    if sit.discarder == sit.seat_wind:
        raise InvalidHand("the discarder cannot be the winner")


# ---------------------------------------------------------------------------------------
# Choosing the reading


def _best(hand: _Hand) -> tuple[list[int] | None, int, Reading]:
    """The fan table of the reading worth the most, its points (flowers aside) and the
    reading."""
    values = hand.values
    best: list[int] | None = None
    best_points = 0
    reading: Reading = (REGULAR, (), 0)
    seven_pairs = False
    n_fixed = len(hand.fixed)
    if n_fixed <= 1:
        special = None
        if n_fixed == 0:
            special = _special_shape(hand)
        if special is None:
            special = _knitted_straight(hand)
        if special is None and n_fixed == 0:
            special = _nine_gates(hand)
        if special is not None:
            best, reading = special
            best_points = _points(best, values)
            seven_pairs = best[SEVEN_PAIRS] == 1
            if not seven_pairs:
                return best, best_points, reading
    divisions = _divisions(hand.counts, 4 - n_fixed)
    if not divisions:
        return best, best_points, reading
    unique_wait = _unique_wait(hand.counts, 13 - 3 * n_fixed, hand.win_tile)
    shared = _hand_fans(hand)
    chosen = None
    for division in divisions:
        table = _regular_fans(hand, division, unique_wait, shared)
        points = _points(table, values)
        if points > best_points or (
            points == best_points
            and (table[PURE_TRIPLE_CHOW] == 1 or seven_pairs or table[TRIPLE_PUNG])
        ):
            best, best_points, chosen = table, points, division
    if chosen is not None:
        reading = (REGULAR, (*hand.fixed, *chosen), 0)
    return best, best_points, reading


def _points(table: list[int], values: tuple[int, ...]) -> int:
    return sum(map(_mul, values, table))


@lru_cache(maxsize=1 << 16)
def _divisions(counts: tuple[int, ...], sets: int) -> tuple[tuple[Set, ...], ...]:
    """Every division of the tiles ``counts`` (34 counts, our tile order) into ``sets``
    concealed sets and a pair, in the reference's order: the divisions sorted by their
    sets' tiles, sets ascending within each; each division ends with its pair.

    Each suit's splits come from a table shared by every hand (:func:`_group_splits`);
    a division picks one split per suit, exactly one of them holding the pair.
    """
    options = []
    for lo, hi, base in _GROUPS:
        splits = _group_splits(counts[lo:hi], base)
        if not splits:
            return ()
        options.append(splits)
    out = []
    for combo in itertools.product(*options):
        pairs = [pair for _, pair in combo if pair]
        if len(pairs) != 1:
            continue
        chosen = [s for group, _ in combo for s in group]
        if len(chosen) == sets:
            out.append((*chosen, (PAIR_SET, pairs[0], False)))
    if len(out) > 1:
        out.sort(key=lambda d: [_eigen(s) for s in d[:-1]])
    return tuple(out)


# (slice of our counts, code base) per suit, in the reference's order: m, s, p, honours
_GROUPS = ((0, 9, 0x10), (18, 27, 0x20), (9, 18, 0x30), (27, 34, 0x40))


def _eigen(s: Set) -> int:
    """A set's sort key: its three tile codes, as the reference orders sets."""
    c = s[1]
    if s[0] == CHOW_SET:
        return ((c - 1) << 16) | (c << 8) | (c + 1)
    return (c << 16) | (c << 8) | c


@lru_cache(maxsize=1 << 14)
def _group_splits(digits: tuple[int, ...], base: int) -> tuple[tuple[tuple[Set, ...], int], ...]:
    """Every way the tiles of one suit (or the honours, ``base`` 0x40) split wholly into
    sets and at most one pair: (sets in order, pair code or 0)."""
    honor = base == 0x40
    d = list(digits)
    found: set[tuple[tuple[Set, ...], int]] = set()
    work: list[Set] = []

    def rec(pair: int) -> None:
        i = next((i for i, n in enumerate(d) if n), None)
        if i is None:
            found.add((tuple(sorted(work, key=_eigen)), pair))
            return
        c = base + i + 1
        if not pair and d[i] >= 2:
            d[i] -= 2
            rec(c)
            d[i] += 2
        if d[i] >= 3:
            d[i] -= 3
            work.append((PUNG_SET, c, False))
            rec(pair)
            work.pop()
            d[i] += 3
        if not honor and i <= 6 and d[i + 1] and d[i + 2]:
            d[i] -= 1
            d[i + 1] -= 1
            d[i + 2] -= 1
            work.append((CHOW_SET, c + 1, False))
            rec(pair)
            work.pop()
            d[i] += 1
            d[i + 1] += 1
            d[i + 2] += 1

    rec(0)
    return tuple(sorted(found, key=lambda f: ([_eigen(s) for s in f[0]], f[1])))


@lru_cache(maxsize=512)
def _set_text(s: Set) -> str:
    kind, c, melded = s
    t = _TILE_OF[c]
    tiles = [t - 1, t, t + 1] if kind == CHOW_SET else [t] * _SET_SIZE[kind]
    body = format_tiles(tiles, style="compact")
    if kind == KONG_SET and not melded:
        return f"{{{body}}}"
    return f"[{body}]" if melded else body


# ---------------------------------------------------------------------------------------
# Waits


def _unique_wait(counts: Sequence[int], n: int, win: Tile) -> bool:
    """Does the hand before the winning tile wait on exactly one tile?

    ``counts`` are the standing tiles with the winning tile (our tile order), ``n`` the
    number before it. Seven pairs count when ``n`` is 13. A wait on a fifth copy counts
    as a wait: the reference does not look at the tiles in sight.
    """
    rest = list(counts)
    rest[win] -= 1
    groups = (
        _group_waits(tuple(rest[0:9]), False),
        _group_waits(tuple(rest[9:18]), False),
        _group_waits(tuple(rest[18:27]), False),
        _group_waits(tuple(rest[27:34]), True),
    )
    bad = sum(1 for g in groups if g[0] == 0)
    twos = sum(1 for g in groups if g[0] == 2)
    masks = [0, 0, 0, 0]
    found = 0
    if bad <= 1:
        for i, (code, sets_only, with_pair) in enumerate(groups):
            if bad - (code == 0):
                continue
            others = twos - (code == 2)
            mask = with_pair if others == 0 else sets_only if others == 1 else 0
            masks[i] = mask
            found += mask.bit_count()
            if found > 1:
                return False
    if n == 13 and sum(c // 2 for c in rest) == 6:
        odd = next(t for t, c in enumerate(rest) if c & 1)
        if not masks[odd // 9] >> (odd % 9) & 1:
            found += 1
    return found == 1


@lru_cache(maxsize=1 << 14)
def _group_waits(digits: tuple[int, ...], honor: bool) -> tuple[int, int, int]:
    """For one suit (or the honours): its split code (0 none, 1 sets only, 2 sets and a
    pair), and the bit masks of the ranks whose addition gives code 1, and code 2."""
    sets_only = with_pair = 0
    for r in range(len(digits)):
        grown = list(digits)
        grown[r] += 1
        code = _split_code(tuple(grown), honor)
        if code == 1:
            sets_only |= 1 << r
        elif code == 2:
            with_pair |= 1 << r
    return _split_code(digits, honor), sets_only, with_pair


@lru_cache(maxsize=1 << 14)
def _split_code(digits: tuple[int, ...], honor: bool) -> int:
    """0: no split; 1: the tiles split into sets; 2: into sets and one pair (any number
    of copies: a wait on a fifth copy is still a wait)."""
    total = sum(digits)
    if total % 3 == 0:
        return 1 if _sets_only(list(digits), honor) else 0
    if total % 3 == 2:
        d = list(digits)
        for i, c in enumerate(digits):
            if c >= 2:
                d[i] -= 2
                ok = _sets_only(d, honor)
                d[i] += 2
                if ok:
                    return 2
    return 0


def _sets_only(d: list[int], honor: bool) -> bool:
    i = next((i for i, c in enumerate(d) if c), None)
    if i is None:
        return True
    if d[i] >= 3:
        d[i] -= 3
        ok = _sets_only(d, honor)
        d[i] += 3
        if ok:
            return True
    if not honor and i <= 6 and d[i + 1] and d[i + 2]:
        d[i] -= 1
        d[i + 1] -= 1
        d[i + 2] -= 1
        ok = _sets_only(d, honor)
        d[i] += 1
        d[i + 1] += 1
        d[i + 2] += 1
        return ok
    return False


# ---------------------------------------------------------------------------------------
# Group fans: chows and pungs


def _shifted_1(a: int, b: int, c: int) -> bool:
    return a + 1 == b and b + 1 == c


def _shifted_2(a: int, b: int, c: int) -> bool:
    return a + 2 == b and b + 2 == c


def _shifted_1_any_order(a: int, b: int, c: int) -> bool:
    lo, mid, hi = sorted((a, b, c))
    return lo + 1 == mid and mid + 1 == hi


def _three_suits(a: int, b: int, c: int) -> bool:
    sa, sb, sc = a >> 4, b >> 4, c >> 4
    return sa != sb and sa != sc and sb != sc


def _four_chows_fan(t0: int, t1: int, t2: int, t3: int) -> int | None:
    if t0 + 2 == t1 and t1 + 2 == t2 and t2 + 2 == t3:
        return FOUR_PURE_SHIFTED_CHOWS
    if t0 + 1 == t1 and t1 + 1 == t2 and t2 + 1 == t3:
        return FOUR_PURE_SHIFTED_CHOWS
    if t0 == t1 == t2 == t3:
        return QUADRUPLE_CHOW
    return None


def _three_chows_fan(t0: int, t1: int, t2: int) -> int | None:
    if _three_suits(t0, t1, t2):
        r0, r1, r2 = t0 & 15, t1 & 15, t2 & 15
        if _shifted_1_any_order(r0, r1, r2):
            return MIXED_SHIFTED_CHOWS
        if r0 == r1 == r2:
            return MIXED_TRIPLE_CHOW
        if sorted((r0, r1, r2)) == [2, 5, 8]:
            return MIXED_STRAIGHT
        return None
    if t0 + 3 == t1 and t1 + 3 == t2:
        return PURE_STRAIGHT
    if _shifted_2(t0, t1, t2) or _shifted_1(t0, t1, t2):
        return PURE_SHIFTED_CHOWS
    if t0 == t1 == t2:
        return PURE_TRIPLE_CHOW
    return None


def _two_chows_fan(t0: int, t1: int) -> int | None:
    if t0 >> 4 != t1 >> 4:
        return MIXED_DOUBLE_CHOW if t0 & 15 == t1 & 15 else None
    if t0 + 3 == t1 or t1 + 3 == t0:
        return SHORT_STRAIGHT
    if {t0 & 15, t1 & 15} == {2, 8}:
        return TWO_TERMINAL_CHOWS
    if t0 == t1:
        return PURE_DOUBLE_CHOW
    return None


_PAIR_FANS = (PURE_DOUBLE_CHOW, MIXED_DOUBLE_CHOW, SHORT_STRAIGHT, TWO_TERMINAL_CHOWS)


def _extra_chow_fan(t0: int, t1: int, t2: int, extra: int) -> int | None:
    """The one pairwise fan a fourth chow adds to a three-chow fan (principle 5)."""
    found = {_two_chows_fan(t0, extra), _two_chows_fan(t1, extra), _two_chows_fan(t2, extra)}
    for fan in _PAIR_FANS:
        if fan in found:
            return fan
    return None


def _limit_pair_fans(fans: list[int | None], most: int, table: list[int]) -> None:
    """Count pairwise chow fans, at most ``most`` of them: repeated fans are cut first
    (down to one, then to none), starting from Two Terminal Chows and working up."""
    counts = [0, 0, 0, 0]
    n = 0
    for f in fans:
        if f is not None:
            counts[_PAIR_FANS.index(f)] += 1
            n += 1
    limit = 1
    while n > most and limit >= 0:
        for i in (3, 2, 1, 0):
            while counts[i] > limit and n > most:
                counts[i] -= 1
                n -= 1
            if n <= most:
                break
        limit -= 1
    for i, fan in enumerate(_PAIR_FANS):
        table[fan] = counts[i]


def _four_chows(mids: list[int], table: list[int]) -> None:
    t0, t1, t2, t3 = mids
    fan = _four_chows_fan(t0, t1, t2, t3)
    if fan is not None:
        table[fan] = 1
        return
    for a, b, c, extra in ((t0, t1, t2, t3), (t0, t1, t3, t2), (t0, t2, t3, t1), (t1, t2, t3, t0)):
        fan = _three_chows_fan(a, b, c)
        if fan is not None:
            table[fan] = 1
            fan = _extra_chow_fan(a, b, c, extra)
            if fan is not None:
                table[fan] = 1
            return
    pairs = [
        _two_chows_fan(t0, t1),
        _two_chows_fan(t0, t2),
        _two_chows_fan(t0, t3),
        _two_chows_fan(t1, t2),
        _two_chows_fan(t1, t3),
        _two_chows_fan(t2, t3),
    ]
    most = 3
    # a chow related to no other chow lowers the limit by one
    for i, j, k in ((0, 1, 2), (0, 3, 4), (1, 3, 5), (2, 4, 5)):
        if pairs[i] is None and pairs[j] is None and pairs[k] is None:
            most -= 1
    if most > 0:
        _limit_pair_fans(pairs, most, table)


def _three_chows(mids: list[int], table: list[int]) -> None:
    t0, t1, t2 = mids
    fan = _three_chows_fan(t0, t1, t2)
    if fan is not None:
        table[fan] = 1
        return
    _limit_pair_fans([_two_chows_fan(t0, t1), _two_chows_fan(t0, t2), _two_chows_fan(t1, t2)], 2,
                     table)  # fmt: skip


def _four_pungs_fan(t0: int, t1: int, t2: int, t3: int) -> int | None:
    if t0 < 0x41 and t0 + 1 == t1 and t1 + 1 == t2 and t2 + 1 == t3:
        return FOUR_PURE_SHIFTED_PUNGS
    if (t0, t1, t2, t3) == (_E, _S, _W, _N):
        return BIG_FOUR_WINDS
    return None


def _three_pungs_fan(t0: int, t1: int, t2: int) -> int | None:
    if t0 < 0x41 and t1 < 0x41 and t2 < 0x41:
        if _three_suits(t0, t1, t2):
            r0, r1, r2 = t0 & 15, t1 & 15, t2 & 15
            if _shifted_1_any_order(r0, r1, r2):
                return MIXED_SHIFTED_PUNGS
            if r0 == r1 == r2:
                return TRIPLE_PUNG
        elif t0 + 1 == t1 and t1 + 1 == t2:
            return PURE_SHIFTED_PUNGS
        return None
    if t0 >= _E and t2 <= _N:
        return BIG_THREE_WINDS
    if (t0, t1, t2) == (_C, _F, _P):
        return BIG_THREE_DRAGONS
    return None


def _two_pungs_fan(t0: int, t1: int) -> int | None:
    if t0 < 0x41 and t1 < 0x41:
        return DOUBLE_PUNG if t0 & 15 == t1 & 15 else None
    if _is_dragon(t0) and _is_dragon(t1):
        return TWO_DRAGONS_PUNGS
    return None


def _four_pungs(tiles: list[int], table: list[int]) -> None:
    t0, t1, t2, t3 = tiles
    fan = _four_pungs_fan(t0, t1, t2, t3)
    if fan is not None:
        table[fan] = 1
        return
    for a, b, c, free in ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)):
        fan = _three_pungs_fan(tiles[a], tiles[b], tiles[c])
        if fan is not None:
            table[fan] = 1
            # the fourth pung combines once, with the first of the three it relates to
            for i in range(4):
                if i != free:
                    fan = _two_pungs_fan(tiles[i], tiles[free])
                    if fan is not None:
                        table[fan] += 1
                        break
            return
    for i in range(4):
        for j in range(i + 1, 4):
            fan = _two_pungs_fan(tiles[i], tiles[j])
            if fan is not None:
                table[fan] += 1


def _three_pungs(tiles: list[int], table: list[int]) -> None:
    t0, t1, t2 = tiles
    fan = _three_pungs_fan(t0, t1, t2)
    if fan is not None:
        table[fan] = 1
        return
    for a, b in ((t0, t1), (t0, t2), (t1, t2)):
        fan = _two_pungs_fan(a, b)
        if fan is not None:
            table[fan] += 1


def _kong_fans(concealed_pungs: int, melded_kongs: int, concealed_kongs: int, t: list[int]) -> None:
    """Kong fans and concealed-pung fans (``concealed_pungs`` excludes concealed kongs)."""
    kongs = melded_kongs + concealed_kongs
    hidden = concealed_pungs + concealed_kongs
    if kongs == 0:
        _concealed_pungs_fan(concealed_pungs, t)
    elif kongs == 1:
        t[MELDED_KONG if melded_kongs else CONCEALED_KONG] = 1
        if melded_kongs:
            if concealed_pungs in (2, 3):
                _concealed_pungs_fan(concealed_pungs, t)
        else:
            _concealed_pungs_fan(hidden, t)
    elif kongs == 2:
        if concealed_kongs == 0:
            t[TWO_MELDED_KONGS] = 1
            if concealed_pungs == 2:
                t[TWO_CONCEALED_PUNGS] = 1
        elif concealed_kongs == 1:
            t[CONCEALED_KONG_AND_MELDED_KONG] = 1
            if concealed_pungs in (1, 2):
                _concealed_pungs_fan(hidden, t)
        else:
            t[TWO_CONCEALED_KONGS] = 1
            # two concealed kongs alone do not add Two Concealed Pungs
            if concealed_pungs in (1, 2):
                _concealed_pungs_fan(hidden, t)
    elif kongs == 3:
        t[THREE_KONGS] = 1
        if concealed_kongs == 1 and concealed_pungs > 0:
            t[TWO_CONCEALED_PUNGS] = 1
        elif concealed_kongs == 2:
            t[TWO_CONCEALED_PUNGS if concealed_pungs == 0 else THREE_CONCEALED_PUNGS] = 1
        elif concealed_kongs == 3:
            t[THREE_CONCEALED_PUNGS if concealed_pungs == 0 else FOUR_CONCEALED_PUNGS] = 1
    else:
        t[FOUR_KONGS] = 1
        if concealed_kongs >= 2:
            _concealed_pungs_fan(concealed_kongs, t)


def _concealed_pungs_fan(n: int, t: list[int]) -> None:
    if n == 2:
        t[TWO_CONCEALED_PUNGS] = 1
    elif n == 3:
        t[THREE_CONCEALED_PUNGS] = 1
    elif n == 4:
        t[FOUR_CONCEALED_PUNGS] = 1


def _terminal_chows(chows: list[int], pair: int) -> int | None:
    """Pure Terminal Chows or Three-Suited Terminal Chows (four chows and a pair of 5s)."""
    if pair >= 0x41 or pair & 15 != 5:
        return None
    if any(c & 15 not in (2, 8) for c in chows):
        return None
    suit = pair >> 4
    if all(c >> 4 == suit for c in chows):
        ranks = sorted(c & 15 for c in chows)
        return PURE_TERMINAL_CHOWS if ranks == [2, 2, 8, 8] else None
    if any(c >> 4 == suit for c in chows):
        return None
    others = {s for s in (1, 2, 3) if s != suit}
    lows = {c >> 4 for c in chows if c & 15 == 2}
    highs = {c >> 4 for c in chows if c & 15 == 8}
    return THREE_SUITED_TERMINAL_CHOWS if lows == highs == others else None


# ---------------------------------------------------------------------------------------
# Whole-hand traits


def _win_flag_fans(hand: _Hand, t: list[int]) -> None:
    if hand.last_tile:
        t[LAST_TILE] = 1
    if hand.self_drawn:
        t[SELF_DRAWN] = 1
        if hand.wall_last:
            t[LAST_TILE_DRAW] = 1
            t[SELF_DRAWN] = 0
        if hand.kong_involved:
            t[OUT_WITH_REPLACEMENT_TILE] = 1
            t[SELF_DRAWN] = 0
    else:
        if hand.wall_last:
            t[LAST_TILE_CLAIM] = 1
        if hand.kong_involved:
            t[ROBBING_THE_KONG] = 1
            t[LAST_TILE] = 0


def _suit_fans(present: int, t: list[int]) -> None:
    """No Honors, One Voided Suit, Half Flush, Full Flush, All Types."""
    if not present & _HONORS_MASK:
        t[NO_HONORS] = 1
    voided = (not present & _M) + (not present & _SB) + (not present & _PD)
    if voided == 2:
        if t[NO_HONORS]:
            t[FULL_FLUSH] = 1
            t[NO_HONORS] = 0
        else:
            t[HALF_FLUSH] = 1
    else:
        t[ONE_VOIDED_SUIT] += voided
    if not voided and present & _WINDS and present & _DRAGONS:
        t[ALL_TYPES] = 1


def _tile_trait_fans(present: int, t: list[int]) -> None:
    """All Simples, Reversible Tiles, All Green, All Honors, All Terminals, All Terminals
    and Honors."""
    if not present & (_TERMINALS_MASK | _HONORS_MASK):
        t[ALL_SIMPLES] = 1
    if not present & ~_REVERSIBLE_MASK:
        t[REVERSIBLE_TILES] = 1
    if not present & ~_GREEN_MASK:
        t[ALL_GREEN] = 1
    if t[ALL_SIMPLES]:
        return
    if not present & ~_HONORS_MASK:
        t[ALL_HONORS] = 1
    elif not present & ~_TERMINALS_MASK:
        t[ALL_TERMINALS] = 1
    elif not present & ~_ORPHANS_MASK:
        t[ALL_TERMINALS_AND_HONORS] = 1


def _rank_range_fans(present: int, t: list[int]) -> None:
    """Lower Four / Lower Tiles, Upper Four / Upper Tiles, Middle Tiles (suited only)."""
    if present & _HONORS_MASK:
        return
    if not present & ~_LOW_FOUR:
        t[LOWER_FOUR if present & _RANKS[4] else LOWER_TILES] = 1
    elif not present & ~_UP_FOUR:
        t[UPPER_FOUR if present & _RANKS[6] else UPPER_TILES] = 1
    elif not present & ~_MIDDLE:
        t[MIDDLE_TILES] = 1


def _set_trait_fans(sets: tuple[Set, ...], t: list[int]) -> None:
    """Outside Hand, All Five, All Even Pungs: a trait every set and the pair share."""
    terminal = honor = five = even = 0
    for kind, c, _ in sets:
        if c >= 0x41:
            honor += 1
            continue
        r = c & 15
        if kind == CHOW_SET:
            if r in (2, 8):
                terminal += 1
            elif r in (4, 5, 6):
                five += 1
        elif r in (1, 9):
            terminal += 1
        elif r == 5:
            five += 1
        elif r in (2, 4, 6, 8):
            even += 1
    if terminal + honor == 5:
        t[OUTSIDE_HAND] = 1
    elif five == 5:
        t[ALL_FIVE] = 1
    elif even == 5:
        t[ALL_EVEN_PUNGS] = 1


def _wait_fans(concealed: tuple[Set, ...], win: int, t: list[int]) -> None:
    if t[MELDED_HAND] or t[FOUR_KONGS]:
        return
    edge = closed = single = False
    for kind, c, _ in concealed:
        if kind == CHOW_SET:
            if c == win:
                closed = True
            elif c + 1 == win or c - 1 == win:
                edge = True
        elif kind == PAIR_SET and c == win:
            single = True
    if edge:
        t[EDGE_WAIT] = 1
    elif closed:
        t[CLOSED_WAIT] = 1
    elif single:
        t[SINGLE_WAIT] = 1


def _exclusions(t: list[int]) -> None:
    """Principle 1: remove the fans each fan implies (the Excludes column)."""
    if t[BIG_FOUR_WINDS]:
        t[ALL_PUNGS] = 0
        t[PUNG_OF_TERMINALS_OR_HONORS] = 0
    if t[BIG_THREE_DRAGONS]:
        t[DRAGON_PUNG] = 0
    if t[ALL_GREEN]:
        t[HALF_FLUSH] = 0
        t[ONE_VOIDED_SUIT] = 0
    if t[FOUR_KONGS]:
        t[SINGLE_WAIT] = 0
    if t[ALL_TERMINALS]:
        t[ALL_PUNGS] = 0
        t[OUTSIDE_HAND] = 0
        t[PUNG_OF_TERMINALS_OR_HONORS] = 0
        t[NO_HONORS] = 0
        t[DOUBLE_PUNG] = 0
    if t[LITTLE_FOUR_WINDS]:
        t[PUNG_OF_TERMINALS_OR_HONORS] = 0
    if t[LITTLE_THREE_DRAGONS]:
        t[DRAGON_PUNG] = 0
    if t[ALL_HONORS]:
        t[ALL_PUNGS] = 0
        t[OUTSIDE_HAND] = 0
        t[PUNG_OF_TERMINALS_OR_HONORS] = 0
        t[ONE_VOIDED_SUIT] = 0
    if t[FOUR_CONCEALED_PUNGS]:
        t[ALL_PUNGS] = 0
        t[CONCEALED_HAND] = 0
        if t[FULLY_CONCEALED_HAND]:
            t[FULLY_CONCEALED_HAND] = 0
            t[SELF_DRAWN] = 1
    if t[PURE_TERMINAL_CHOWS]:
        t[FULL_FLUSH] = 0
        t[ALL_CHOWS] = 0
        t[NO_HONORS] = 0
    if t[FOUR_PURE_SHIFTED_PUNGS]:
        t[ALL_PUNGS] = 0
    if t[ALL_TERMINALS_AND_HONORS]:
        t[ALL_PUNGS] = 0
        t[OUTSIDE_HAND] = 0
        t[PUNG_OF_TERMINALS_OR_HONORS] = 0
    if t[ALL_EVEN_PUNGS]:
        t[ALL_PUNGS] = 0
        t[ALL_SIMPLES] = 0
        t[NO_HONORS] = 0
    if t[UPPER_TILES]:
        t[NO_HONORS] = 0
    if t[MIDDLE_TILES]:
        t[ALL_SIMPLES] = 0
        t[NO_HONORS] = 0
    if t[LOWER_TILES]:
        t[NO_HONORS] = 0
    if t[THREE_SUITED_TERMINAL_CHOWS]:
        t[ALL_CHOWS] = 0
        t[NO_HONORS] = 0
    if t[ALL_FIVE]:
        t[ALL_SIMPLES] = 0
        t[NO_HONORS] = 0
    if t[UPPER_FOUR]:
        t[NO_HONORS] = 0
    if t[LOWER_FOUR]:
        t[NO_HONORS] = 0
    if t[BIG_THREE_WINDS] and not t[ALL_HONORS] and not t[ALL_TERMINALS_AND_HONORS]:
        t[PUNG_OF_TERMINALS_OR_HONORS] -= 3  # the three wind pungs are in the fan
    if t[REVERSIBLE_TILES]:
        t[ONE_VOIDED_SUIT] = 0
    if t[LAST_TILE_DRAW]:
        t[SELF_DRAWN] = 0
    if t[OUT_WITH_REPLACEMENT_TILE]:
        t[SELF_DRAWN] = 0
    if t[MELDED_HAND]:
        t[SINGLE_WAIT] = 0
    if t[TWO_DRAGONS_PUNGS]:
        t[DRAGON_PUNG] = 0
    if t[FULLY_CONCEALED_HAND]:
        t[SELF_DRAWN] = 0
    if t[ALL_CHOWS]:
        t[NO_HONORS] = 0
    if t[ALL_SIMPLES]:
        t[NO_HONORS] = 0


def _wind_fans(tile: int, hand: _Hand, t: list[int]) -> None:
    """Prevalent and Seat Wind for a wind pung; each replaces that pung's Pung of
    Terminals or Honors unless a larger wind or honour fan has already taken it."""
    taken = (
        t[BIG_THREE_WINDS] or t[ALL_TERMINALS_AND_HONORS] or t[ALL_HONORS] or t[LITTLE_FOUR_WINDS]
    )
    if tile == hand.prevailing:
        t[PREVALENT_WIND] = 1
        if not taken:
            t[PUNG_OF_TERMINALS_OR_HONORS] -= 1
    if tile == hand.seat:
        t[SEAT_WIND] = 1
        if hand.seat != hand.prevailing and not taken:
            t[PUNG_OF_TERMINALS_OR_HONORS] -= 1


# ---------------------------------------------------------------------------------------
# Readings: four sets and a pair


def _hand_fans(hand: _Hand) -> tuple[list[int], int]:
    """The fans every reading of the hand shares (how it was won, its suits, its tiles,
    its rank range), and the number of kinds held four times."""
    t = [0] * NUM_FANS
    _win_flag_fans(hand, t)
    present = hand.present
    _suit_fans(present, t)
    _tile_trait_fans(present, t)
    _rank_range_fans(present, t)
    return t, hand.fours


def _regular_fans(
    hand: _Hand, division: tuple[Set, ...], unique_wait: bool, shared: tuple[list[int], int]
) -> list[int]:
    """The fans of one reading: four sets (``hand.fixed`` and ``division``) and a pair."""
    base, fours = shared
    t = list(base)
    win = hand.win
    pair = division[-1][1]
    chows: list[int] = []
    pungs: list[int] = []
    concealed_pungs = melded_kongs = concealed_kongs = 0
    chow_takes_win = False
    for kind, c, melded in (*hand.fixed, *division[:-1]):
        if kind == CHOW_SET:
            chows.append(c)
            if not melded and c - 1 <= win <= c + 1:
                chow_takes_win = True
            continue
        pungs.append(c)
        if kind == PUNG_SET:
            if not melded:
                concealed_pungs += 1
        elif melded:
            melded_kongs += 1
        else:
            concealed_kongs += 1
        if c >= _C:
            t[DRAGON_PUNG] += 1
        elif c >= _E or _TERMINAL[c]:
            t[PUNG_OF_TERMINALS_OR_HONORS] += 1
    if not hand.self_drawn and not chow_takes_win and hand.standing[win] >= 3:
        # won on a discard that no concealed chow can take: the pung it completes is melded
        for kind, c, _ in division:
            if c == win and kind == PUNG_SET:
                concealed_pungs -= 1
    if pungs:
        _kong_fans(concealed_pungs, melded_kongs, concealed_kongs, t)
        if len(pungs) == 4 and not t[FOUR_KONGS] and not t[FOUR_CONCEALED_PUNGS]:
            t[ALL_PUNGS] = 1
    n_chows = len(chows)
    if n_chows == 4:
        fan = _terminal_chows(chows, pair)
        if fan is not None:
            t[fan] = 1
        else:
            chows.sort()
            _four_chows(chows, t)
    elif n_chows == 3:
        chows.sort()
        _three_chows(chows, t)
    elif n_chows == 2:
        fan = _two_chows_fan(chows[0], chows[1])
        if fan is not None:
            t[fan] += 1
        fan = _two_pungs_fan(pungs[0], pungs[1])
        if fan is not None:
            t[fan] += 1
    elif n_chows == 1:
        pungs.sort()
        _three_pungs(pungs, t)
    else:
        pungs.sort()
        _four_pungs(pungs, t)
    melded_sets = hand.melded_sets
    if melded_sets == 0:
        t[FULLY_CONCEALED_HAND if hand.self_drawn else CONCEALED_HAND] = 1
    elif melded_sets == 4:
        t[SELF_DRAWN if hand.self_drawn else MELDED_HAND] = 1
    elif hand.self_drawn:
        t[SELF_DRAWN] = 1
    # the pair: All Chows; Little Three Dragons; Little Four Winds
    if n_chows == 4:
        if pair < 0x41:
            t[ALL_CHOWS] = 1
    elif t[TWO_DRAGONS_PUNGS]:
        if pair >= _C:
            t[LITTLE_THREE_DRAGONS] = 1
            t[TWO_DRAGONS_PUNGS] = 0
    elif t[BIG_THREE_WINDS] and _E <= pair <= _N:
        t[LITTLE_FOUR_WINDS] = 1
        t[BIG_THREE_WINDS] = 0
    _set_trait_fans((*hand.fixed, *division), t)
    if not t[QUADRUPLE_CHOW]:
        t[TILE_HOG] = fours - melded_kongs - concealed_kongs
    if unique_wait:
        _wait_fans(division, win, t)
    _exclusions(t)
    if not t[BIG_FOUR_WINDS]:
        for c in pungs:
            if _E <= c <= _N:
                _wind_fans(c, hand, t)
    if not any(t):
        t[CHICKEN_HAND] = 1
    return t


# ---------------------------------------------------------------------------------------
# Special shapes


def _special_shape(hand: _Hand) -> tuple[list[int], Reading] | None:
    """Seven pairs, Seven Shifted Pairs, the honours-and-knitted hands, Thirteen Orphans."""
    standing = hand.standing
    present = hand.present
    t = [0] * NUM_FANS
    if not any(map(_odd, hand.counts)):
        suit = hand.win >> 4
        if suit < 4 and _seven_shifted_pairs(standing, suit):
            t[SEVEN_SHIFTED_PAIRS] = 1
            if not standing[16 * suit + 1] and not standing[16 * suit + 9]:
                t[ALL_SIMPLES] = 1
            _win_flag_fans(hand, t)
            return t, (SEVEN_SHIFTED_PAIRS_SHAPE, (), 0)
        t[SEVEN_PAIRS] = 1
        _suit_fans(present, t)
        _tile_trait_fans(present, t)
        _rank_range_fans(present, t)
        t[TILE_HOG] = hand.fours
        _win_flag_fans(hand, t)
        _exclusions(t)
        return t, (SEVEN_PAIRS_SHAPE, (), 0)
    if present.bit_count() == 14:
        suited = {c for c in _ALL_CODES if c < 0x41 and standing[c]}
        if 7 <= len(suited) <= 9 and any(suited <= set(k) for k in _KNITTED):
            if len(suited) == 7:
                t[GREATER_HONORS_AND_KNITTED_TILES] = 1
            else:
                t[LESSER_HONORS_AND_KNITTED_TILES] = 1
                if len(suited) == 9:
                    t[KNITTED_STRAIGHT] = 1
            _win_flag_fans(hand, t)
            return t, (HONOURS_AND_KNITTED, (), 0)
    elif present == _ORPHANS_MASK:
        t[THIRTEEN_ORPHANS] = 1
        _win_flag_fans(hand, t)
        return t, (ORPHANS, (), 0)
    return None


_odd = (1).__and__


def _reading_words(sit: Situation | _Facts, reading: Reading) -> str:
    """The reading in notation: its sets, or the shape's name and the hand's tiles.

    >>> sit = Situation.from_json({"hand": "123m 456p 789s EEE CC", "win_tile": "C"})
    >>> _reading_words(sit, (REGULAR, ((CHOW_SET, 0x12, False), (PAIR_SET, 0x45, False)), 0))
    '123m CC'
    >>> _reading_words(sit, (SEVEN_PAIRS_SHAPE, (), 0))
    'seven pairs 123m 456p 789s EEE CC'
    """
    shape, sets, knitted = reading
    if isinstance(sets, bytes):  # packed by the compiled engine: (kind, code, melded)s
        sets = tuple((sets[i], sets[i + 1], bool(sets[i + 2])) for i in range(0, len(sets), 3))
    if shape == REGULAR:
        return " ".join(map(_set_text, sets))
    if shape == KNITTED_STRAIGHT_SHAPE:
        straight = format_tiles([_TILE_OF[c] for c in _KNITTED[knitted]], style="compact")
        return f"knitted straight {straight} " + " ".join(map(_set_text, sets))
    tiles = sit.tiles if isinstance(sit, _Facts) else sorted((*sit.concealed, sit.win_tile))
    return f"{_SHAPE_WORDS[shape]} {format_tiles(tiles)}"


def _seven_shifted_pairs(standing: list[int], suit: int) -> bool:
    base = 16 * suit
    if not all(standing[base + r] == 2 for r in range(3, 8)):
        return False
    if standing[base + 2] == 2:
        return standing[base + 1] == 2 or standing[base + 8] == 2
    return standing[base + 8] == 2 and standing[base + 9] == 2


def _knitted_straight(hand: _Hand) -> tuple[list[int], Reading] | None:
    """A knitted straight with one more set (which may be exposed) and a pair."""
    standing = hand.standing
    mine = hand.standing_present
    body = next((k for k, m in _KNITTED_MASKS if mine & m == m), None)
    if body is None:
        return None
    rest = list(hand.counts)
    for c in body:
        rest[_TILE_OF[c]] -= 1
    n_fixed = len(hand.fixed)
    divisions = _divisions(tuple(rest), 1 - n_fixed)
    if len(divisions) != 1:
        return None
    division = divisions[0]
    fourth = hand.fixed[0] if n_fixed else division[0]
    pair = division[-1][1]
    kind, tile, melded = fourth
    t = [0] * NUM_FANS
    t[KNITTED_STRAIGHT] = 1
    total = hand.fixed_table
    if kind == CHOW_SET:
        if pair < 0x41:
            t[ALL_CHOWS] = 1
        if total[pair] + standing[pair] == 4:
            t[TILE_HOG] = 1
    elif tile >= 0x41:
        if _is_wind(tile):
            t[PUNG_OF_TERMINALS_OR_HONORS] = 1
            _wind_fans(tile, hand, t)
            if _is_dragon(pair):
                t[ALL_TYPES] = 1
        else:
            t[DRAGON_PUNG] = 1
            if _is_wind(pair):
                t[ALL_TYPES] = 1
    else:
        if _TERMINAL[tile]:
            t[PUNG_OF_TERMINALS_OR_HONORS] = 1
        if pair < 0x41:
            t[NO_HONORS] = 1
        if kind != KONG_SET and total[tile] + standing[tile] == 4:
            t[TILE_HOG] = 1
    _win_flag_fans(hand, t)
    if melded:
        if kind == KONG_SET:
            t[MELDED_KONG] = 1
    else:
        if kind == KONG_SET:
            t[CONCEALED_KONG] = 1
        if hand.self_drawn:
            t[FULLY_CONCEALED_HAND] = 1
            t[SELF_DRAWN] = 0
        else:
            t[CONCEALED_HAND] = 1
    win = hand.win
    if n_fixed == 0:
        if rest[hand.win_tile] and _unique_wait(rest, 4, hand.win_tile):
            _wait_fans(division, win, t)
    elif win not in body or standing[win] == 3:
        t[SINGLE_WAIT] = 1
    _exclusions(t)
    return t, (KNITTED_STRAIGHT_SHAPE, (*hand.fixed, *division), _KNITTED.index(body))


def _nine_gates(hand: _Hand) -> tuple[list[int], Reading] | None:
    """1112345678999 of one suit, concealed, and any tile of that suit."""
    win = hand.win
    if win >= 0x41:
        return None
    suit = _SUIT_MASKS[hand.win_tile // 9]
    if hand.standing_present != suit:
        return None
    standing = hand.standing
    base = win & 0xF0
    r = win & 15
    ones, nines = standing[base + 1], standing[base + 9]
    middle = [standing[base + k] for k in range(2, 9)]
    if r in (1, 9):
        if standing[win] != 4 or (nines if r == 1 else ones) != 3 or any(n != 1 for n in middle):
            return None
    else:
        if standing[win] != 2 or ones != 3 or nines != 3:
            return None
        if any(n != 1 for k, n in enumerate(middle, start=2) if k != r):
            return None
    t = [0] * NUM_FANS
    t[NINE_GATES] = 1
    if r in (1, 9):
        t[PURE_STRAIGHT] = 1
        t[TILE_HOG] = 1
    elif r in (2, 8):
        t[TWO_CONCEALED_PUNGS] = 1
        t[SHORT_STRAIGHT] = 1
        t[PUNG_OF_TERMINALS_OR_HONORS] = 1
    elif r == 5:
        t[TWO_CONCEALED_PUNGS] = 1
        t[PUNG_OF_TERMINALS_OR_HONORS] = 1
    else:
        t[SHORT_STRAIGHT] = 1
    _win_flag_fans(hand, t)
    return t, (NINE_GATES_SHAPE, (), 0)


def clear_caches() -> None:
    """Forget the divisions cached per hand (benchmarks call this between passes so that
    no pass is timed on the previous pass's work). The per-suit wait tables stay: like
    the shape tables, they are shared by every hand holding the same suit."""
    _divisions.cache_clear()


def fan_names() -> list[str]:
    """The English names of all fans, in the table's order."""
    return [f.name for f in FANS]


__all__ = ["FANS", "KONG_VALUES", "MCROptions", "clear_caches", "fan_names", "score"]

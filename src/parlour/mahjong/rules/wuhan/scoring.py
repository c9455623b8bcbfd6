"""Wuhan mahjong: the settlement of a won hand (spec ``wuhan.md``, §5-§12 and the
clarifications C1-C10).

A hand is won with at least one opening (開口: a chow, pung or open kong claimed), no
Red (nor any other kong-only kind) in the hand, four sets and a 2-5-8 pair (the winds
and 2-5-8 hands need no structure; all pungs, one suit, winds and 2-5-8 hands any
pair), at most one laizi for a small win, and every loser's share at least the minimum.
Each loser pays a share: the hand's points (1 for a small win, 10 for each big
pattern) doubled for each fan of the winner, of that loser, and of the pair (the dealer,
the discarder), times 1.5 for a big win's half fan; shares are capped (300, 金頂 400,
陽光頂 500, 三陽 600); a liable player pays every share alone.

The settlement reads the whole table, because each loser's own openings and kongs
raise what he pays. Ex 1 of the spec:

>>> t = settle({"rules": "wuhan", "laizi": "7s", "dealer": "E", "winner": "N", "seats": {
...     "E": {"hand": "[123p]"}, "S": {"hand": "[456p]"},
...     "W": {"hand": "[789m]", "red_kongs": 1, "laizi_kongs": 1},
...     "N": {"hand": "[234m] 345s 678p 999p 55m", "win_tile": "9p", "discarder": "S"}}})
>>> t.valid, t.net
(True, {'E': -16, 'S': -16, 'W': -64, 'N': 96})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass, field
from typing import Any

from parlour.core.errors import InvalidHand
from parlour.core.options import Option, check_options
from parlour.mahjong import situation as read
from parlour.mahjong.melds import CHOW, KONG, Meld, parse_hand
from parlour.mahjong.scoring.readings import Reading, winning_readings
from parlour.mahjong.shapes import WildRules
from parlour.mahjong.tiles import (
    BONUS_TILES,
    GREEN,
    JOKER,
    NUM_KINDS,
    RED,
    WHITE,
    Tile,
    format_tiles,
    tile_name,
)

SEATS_4 = ("E", "S", "W", "N")
SEATS_3 = ("E", "S", "W")
WINDS = range(27, 31)
"""E S W N."""
EAST = 27

OPTIONS: tuple[Option, ...] = (
    Option(
        "minimum_points",
        8,
        "the minimum of every loser's share before caps (0: none; §10.5); with three "
        "players at least one share must reach it",
        minimum=0,
        maximum=1000,
    ),
    Option(
        "minimum_fans",
        0,
        "a minimum of fans per share instead of points (3 or 4; 0: off); big wins exempt",
        (0, 3, 4),
    ),
    Option(
        "green_is_kong_tile",
        False,
        "the Green is a kong-only tile like the Red; the minimum becomes 32 points for "
        "every win (four players only)",
    ),
    Option(
        "pizi_kong",
        False,
        "the indicator's kind and the kind below it are kong-only (pizi); Red and Green "
        "are ordinary unless pizi",
    ),
    Option("high_caps", False, "caps 400, 金頂 500, 陽光頂 600, 三陽 700"),
    Option("sanyang_800", False, "with high_caps: 三陽 800"),
)
"""The options of §12."""

_FIELDS = frozenset(
    (
        "rules",
        "players",
        "laizi",
        "indicator",
        "dealer",
        "winner",
        "removed_suit",
        "options",
        "seats",
    )
)
_SEAT_FIELDS = frozenset(
    (
        "hand",
        "red_kongs",
        "laizi_kongs",
        "ready",
        "win_tile",
        "self_drawn",
        "discarder",
        "kong_replacement",
        "haitei",
        "robbing_kong",
        "third_opening_from",
    )
)
_WINNER_ONLY = _SEAT_FIELDS - {"hand", "red_kongs", "laizi_kongs", "ready"}

BIG = 10
"""Points of each big pattern (§10.2)."""

PATTERN_NAMES = {
    "all_pungs": "碰碰胡 all pungs",
    "winds": "風一色 winds",
    "two_five_eight": "将一色 2-5-8",
    "one_suit": "清一色 one suit",
    "haitei": "海底撈 the haitei draw",
    "kong_bloom": "槓上開 a kong's replacement",
    "robbing_kong": "搶槓 robbing a kong",
    "all_claimed": "全求人 all claimed",
}


def resolve_options(given: object, players: int) -> dict[str, Any]:
    """Every option, the given ones checked, the rest at their defaults."""
    if given is None:
        given = {}
    if not isinstance(given, Mapping):
        raise InvalidHand(f"'options' must be an object of name: value, not {given!r}")
    try:
        checked = check_options(OPTIONS, given, "wuhan")
    except ValueError as e:
        raise InvalidHand(str(e)) from None
    out = {o.name: o.default for o in OPTIONS}
    out.update(checked)
    if out["green_is_kong_tile"] and out["pizi_kong"]:
        raise InvalidHand("options green_is_kong_tile and pizi_kong exclude each other (C10)")
    if out["green_is_kong_tile"] and players == 3:
        raise InvalidHand("option green_is_kong_tile is not played by three (§11)")
    if out["sanyang_800"] and not out["high_caps"]:
        raise InvalidHand("option sanyang_800 needs high_caps (C6)")
    return out


# -- the laizi -------------------------------------------------------------------------------


def next_kind(t: Tile, players: int = 4) -> Tile:
    """The kind after ``t`` in its cycle (§5.1): n → n+1 with 9 → 1, E → S → W → N → E
    (S → W → N → S with three players), C → F → P → C.

    >>> [tile_name(next_kind(t)) for t in (8, 26, 30, 33)]
    ['1m', '1s', 'E', 'C']
    >>> tile_name(next_kind(30, 3))
    'S'
    """
    if t < 27:
        return t - 8 if t % 9 == 8 else t + 1
    if t < 31:
        if players == 3:
            return 28 + (t - 28 + 1) % 3
        return 27 + (t - 27 + 1) % 4
    return 31 + (t - 31 + 1) % 3


def previous_kind(t: Tile, players: int = 4) -> Tile:
    """The kind before ``t`` in its cycle (the pizi one below the indicator).

    >>> [tile_name(previous_kind(t)) for t in (0, 27, 31)]
    ['9m', 'N', 'P']
    """
    k = t
    while next_kind(k, players) != t:
        k = next_kind(k, players)
    return k


def kong_only_kinds(options: Mapping[str, Any], indicator: Tile | None, players: int) -> set[Tile]:
    """The kinds that are never in a winning hand, set aside or discarded as a 'kong'
    (§6, §12): the Red; the Green too under ``green_is_kong_tile``; under ``pizi_kong``
    the indicator's kind and the one below it instead."""
    if options["pizi_kong"]:
        if indicator is None:
            raise InvalidHand("option pizi_kong needs the 'indicator' (the pizi are its kinds)")
        return {indicator, previous_kind(indicator, players)}
    return {RED, GREEN} if options["green_is_kong_tile"] else {RED}


def laizi_of(indicator: Tile, kong_only: set[Tile], players: int = 4) -> Tile:
    """The laizi kind: the kind after the indicator, stepping past kong-only kinds
    (§5.1; under ``green_is_kong_tile`` an indicator P makes P the laizi, C10).

    >>> tile_name(laizi_of(23, {RED}))
    '7s'
    >>> tile_name(laizi_of(33, {RED}))
    'F'
    """
    k = next_kind(indicator, players)
    while k in kong_only:
        k = next_kind(k, players)
    return k


# -- the table as read --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatFacts:
    """One seat as the settlement reads it: its declared melds (an exposed meld is an
    opening), its Red and laizi kongs (set aside or discarded), and whether it was
    ready (for the liability of §10.7)."""

    melds: tuple[Meld, ...] = ()
    red_kongs: int = 0
    laizi_kongs: int = 0
    ready: bool = True

    @property
    def openings(self) -> int:
        """Chows, pungs and open kongs claimed (an added kong is its pung, §8.3)."""
        return sum(1 for m in self.melds if m.exposed)

    def fans(self) -> int:
        """The seat's own fans (§10.3): one for any opening, two per concealed kong and
        laizi kong, one per open kong and Red kong."""
        f = 1 if self.openings else 0
        for m in self.melds:
            if m.kind == KONG:
                f += 1 if m.exposed else 2
        return f + self.red_kongs + 2 * self.laizi_kongs


@dataclass(frozen=True, slots=True)
class WuhanTable:
    """A won hand as read from its JSON (see :func:`read_table`)."""

    options: Mapping[str, Any]
    players: int
    seats: tuple[str, ...]
    laizi: Tile
    kong_only: frozenset[Tile]
    dealer: str
    winner: str
    facts: Mapping[str, SeatFacts]
    concealed: tuple[Tile, ...]
    marks: tuple[Tile, ...]
    win_tile: Tile
    win_marked: bool
    source: str
    """``wall`` (self-drawn), ``discard`` or ``rob``."""
    discarder: str | None = None
    kong_replacement: bool = False
    haitei: bool = False
    third_opening_from: str | None = None
    removed: frozenset[Tile] = frozenset()

    @property
    def big_half(self) -> bool:
        return self.players == 4


@dataclass(frozen=True, slots=True)
class Settlement:
    """The settlement: ``valid`` (False: the win may not be declared and nobody pays),
    ``net`` by seat, the hand's ``points`` and ``patterns``, each loser's ``shares``
    before caps and what he ``paid``, the ``liable`` seat, the reading and the lines
    that explain it."""

    valid: bool
    winner: str
    net: dict[str, int]
    points: int = 0
    patterns: tuple[str, ...] = ()
    shares: dict[str, float] = field(default_factory=dict)
    paid: dict[str, int] = field(default_factory=dict)
    fans: dict[str, float] = field(default_factory=dict)
    liable: str | None = None
    cap: str | None = None
    reading: str = ""
    explain: tuple[str, ...] = ()
    reason: str | None = None

    @property
    def total(self) -> int:
        return self.net.get(self.winner, 0)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"valid": self.valid}
        if self.reason is not None:
            out["reason"] = self.reason
        out.update(
            {
                "winner": self.winner,
                "total": self.total,
                "points": self.points,
                "patterns": list(self.patterns),
                "fans": dict(self.fans),
                "shares": {s: _number(v) for s, v in self.shares.items()},
                "paid": dict(self.paid),
                "liable": self.liable,
                "cap": self.cap,
                "net": dict(self.net),
                "reading": self.reading,
                "explain": list(self.explain),
            }
        )
        return out


def _number(v: float) -> int | float:
    return int(v) if float(v).is_integer() else v


def _seat(value: object, name: str, seats: Sequence[str]) -> str:
    return read.wind(value, name, "a seat", winds=tuple(seats))


def _melds_of(text: object, where: str) -> tuple[Meld, ...]:
    if not isinstance(text, str):
        raise InvalidHand(f"{where}'s 'hand' must be a hand in notation, not {text!r}")
    return tuple(parse_hand(text).melds)


def read_table(data: Mapping[str, Any]) -> WuhanTable:
    """Read and check a table dict; raise :class:`InvalidHand` naming the first thing
    wrong."""
    if not isinstance(data, Mapping):
        raise InvalidHand(f"a table must be a JSON object, not {type(data).__name__}")
    unknown = sorted(k for k in data if k not in _FIELDS)
    if unknown:
        raise InvalidHand(f"unknown field {unknown[0]!r} in the table")
    if data.get("rules", "wuhan") != "wuhan":
        raise InvalidHand(f"'rules' must be wuhan here, not {data.get('rules')!r}")
    players = data.get("players", 4)
    if players not in (3, 4) or isinstance(players, bool):
        raise InvalidHand(f"'players' must be 4 or 3, not {players!r}")
    seats = SEATS_4 if players == 4 else SEATS_3
    options = resolve_options(data.get("options"), players)
    removed: frozenset[Tile] = frozenset()
    if players == 3:
        suit = data.get("removed_suit", "m")
        if suit not in ("m", "p", "s"):
            raise InvalidHand(f"'removed_suit' must be m, p or s, not {suit!r}")
        base = "mps".index(suit) * 9
        removed = frozenset((*range(base, base + 9), EAST))
    elif "removed_suit" in data:
        raise InvalidHand("'removed_suit' is for three players ('players': 3)")
    indicator = None
    if data.get("indicator") is not None:
        indicator = read.one_tile(data["indicator"], "'indicator'")
    kong_only = kong_only_kinds(options, indicator, players)
    if data.get("laizi") is not None:
        laizi = read.one_tile(data["laizi"], "'laizi'")
        if indicator is not None and laizi != laizi_of(indicator, kong_only, players):
            raise InvalidHand(
                f"indicator {tile_name(indicator)} makes the laizi "
                f"{tile_name(laizi_of(indicator, kong_only, players))}, not {tile_name(laizi)}"
            )
    elif indicator is not None:
        laizi = laizi_of(indicator, kong_only, players)
    else:
        raise InvalidHand("give the laizi ('laizi': '7s') or its indicator ('indicator': '6s')")
    if laizi in kong_only or laizi >= NUM_KINDS or laizi in removed:
        raise InvalidHand(f"{tile_name(laizi)} cannot be the laizi here")
    dealer = _seat(data.get("dealer", "E"), "'dealer'", seats)
    if "winner" not in data:
        raise InvalidHand("the table has no 'winner'")
    winner = _seat(data["winner"], "'winner'", seats)
    raw = data.get("seats")
    if not isinstance(raw, Mapping):
        raise InvalidHand("'seats' must be an object with one entry per seat: E, S, W" + (
            ", N" if players == 4 else ""))  # fmt: skip
    extra = sorted(k for k in raw if k not in seats)
    if extra:
        raise InvalidHand(f"'seats' names {extra[0]!r}, which is no seat of this table")
    facts: dict[str, SeatFacts] = {}
    for s in seats:
        entry = raw.get(s, {})
        if not isinstance(entry, Mapping):
            raise InvalidHand(f"seat {s} must be an object, not {entry!r}")
        bad = sorted(k for k in entry if k not in _SEAT_FIELDS)
        if bad:
            raise InvalidHand(f"unknown field {bad[0]!r} for seat {s}")
        if s != winner:
            given = sorted(k for k in entry if k in _WINNER_ONLY)
            if given:
                raise InvalidHand(f"{given[0]!r} is the winner's, not seat {s}'s")
        melds = _melds_of(entry["hand"], f"seat {s}") if "hand" in entry else ()
        for m in melds:
            if any(t in kong_only or t == laizi for t in m.tiles) or m.wilds:
                raise InvalidHand(
                    f"seat {s}'s {m} holds a laizi or a kong-only tile: no claimed set or kong "
                    "holds one (§5.2, §6)"
                )
        facts[s] = SeatFacts(
            melds,
            read.count(entry.get("red_kongs", 0), f"seat {s}'s 'red_kongs'", 0, 8),
            read.count(entry.get("laizi_kongs", 0), f"seat {s}'s 'laizi_kongs'", 0, 4),
            _bool(entry.get("ready", True), f"seat {s}'s 'ready'"),
        )
    w = raw.get(winner)
    if not isinstance(w, Mapping) or "hand" not in w:
        raise InvalidHand(f"the winner {winner} has no 'hand'")
    hand = parse_hand(w["hand"]) if isinstance(w["hand"], str) else None
    if hand is None:
        raise InvalidHand(f"the winner's 'hand' must be a hand in notation, not {w['hand']!r}")
    concealed = list(hand.concealed)
    marks = list(hand.wild_marks)
    for t in marks:
        if t != laizi:
            raise InvalidHand(
                f"the winner's hand marks {tile_name(t)}* but the laizi is {tile_name(laizi)}"
            )
    if concealed.count(laizi) != marks.count(laizi):
        raise InvalidHand(
            f"every laizi is written with '*' (C1): write {tile_name(laizi)}* for each "
            f"{tile_name(laizi)} of the winner's hand"
        )
    for t in (*concealed, *(x for m in hand.melds for x in m.tiles)):
        if t in removed:
            raise InvalidHand(f"{tile_name(t)} is not in the three-player set (§11)")
        if t >= NUM_KINDS or t in BONUS_TILES or t == JOKER:
            raise InvalidHand(f"Wuhan mahjong has no {tile_name(t)}")
    if "win_tile" not in w:
        raise InvalidHand("the winner has no 'win_tile'")
    win_tile, win_marked = read.marked_tile(w["win_tile"], "'win_tile'", "5p")
    if win_tile == laizi and not win_marked:
        raise InvalidHand(f"a laizi is written with '*': 'win_tile': '{tile_name(laizi)}*'")
    melds = facts[winner].melds
    read.place_win_tile(concealed, marks, len(melds), (win_tile, win_marked), 13)
    flags = {k: _bool(w.get(k, False), f"'{k}'") for k in
             ("self_drawn", "kong_replacement", "haitei", "robbing_kong")}  # fmt: skip
    discarder = None
    if w.get("discarder") is not None:
        discarder = _seat(w["discarder"], "'discarder'", seats)
        if discarder == winner:
            raise InvalidHand("'discarder' must be another seat than the winner's")
    if flags["self_drawn"] or flags["kong_replacement"] or flags["haitei"]:
        if discarder is not None or flags["robbing_kong"]:
            raise InvalidHand("a self-drawn win has no 'discarder' and robs no kong")
        source = "wall"
    elif flags["robbing_kong"]:
        if discarder is None:
            raise InvalidHand("robbing a kong: name the robbed player as 'discarder'")
        source = "rob"
    elif discarder is not None:
        source = "discard"
    else:
        raise InvalidHand(
            "say how the winner won: 'self_drawn': true, or 'discarder' with the seat that "
            "discarded the winning tile"
        )
    if flags["haitei"] and players == 3:
        raise InvalidHand("three players have no haitei draws (§11)")
    if source != "wall" and win_marked:
        raise InvalidHand("a discarded laizi is never claimed (§5.3)")
    third = None
    if w.get("third_opening_from") is not None:
        third = _seat(w["third_opening_from"], "'third_opening_from'", seats)
        if third == winner:
            raise InvalidHand("'third_opening_from' is the seat that gave the third opening")
    return WuhanTable(
        options=options,
        players=players,
        seats=seats,
        laizi=laizi,
        kong_only=frozenset(kong_only),
        dealer=dealer,
        winner=winner,
        facts=facts,
        concealed=tuple(sorted(concealed)),
        marks=tuple(sorted(marks)),
        win_tile=win_tile,
        win_marked=win_marked,
        source=source,
        discarder=discarder,
        kong_replacement=flags["kong_replacement"],
        haitei=flags["haitei"],
        third_opening_from=third,
        removed=removed,
    )


def _bool(value: object, name: str) -> bool:
    if type(value) is not bool:
        raise InvalidHand(f"{name} must be true or false, not {value!r}")
    return value


# -- readings and patterns ------------------------------------------------------------------------


def _wild_rules() -> WildRules:
    """A laizi stands for any tile in the concealed hand (a fifth copy too, C1), or for
    itself; never in a claimed set or a kong."""
    return WildRules(in_kong=False, beyond_four=True)


def readings_of(t: WuhanTable) -> list[Reading]:
    """Every reading of four sets and a pair, the winning tile in each group that can
    hold it; a laizi never stands for a tile the three-player set lacks."""
    plain = list(t.concealed)
    for m in t.marks:
        plain.remove(m)
    text = " ".join([format_tiles(plain), *(tile_name(m) + "*" for m in t.marks)]).strip()
    try:
        found = winning_readings(
            text,
            t.facts[t.winner].melds,
            win_tile=t.laizi if t.win_marked else t.win_tile,
            win_wild=t.win_marked,
            self_drawn=t.source == "wall",
            constraints=_wild_rules(),
            kinds=("regular",),
        )
    except ValueError:
        return []
    return [r for r in found if not any(s in t.removed for _, s in r.wilds)]


def _pair_wilds(r: Reading) -> int:
    return len(r.wilds) - sum(len(m.wilds) for m in r.sets)


def _is_258(k: Tile) -> bool:
    return k < 27 and k % 9 in (1, 4, 7)


def pair_is_258(r: Reading, t: WuhanTable) -> bool:
    """The pair is a 2, 5 or 8; a pair of two laizi only if the laizi is one (W4)."""
    if r.pair is None:
        return False
    if _pair_wilds(r) >= 2:
        return _is_258(t.laizi)
    return _is_258(r.pair)


def _free_kinds(t: WuhanTable, allowed: Set[Tile]) -> bool:
    """Are all the winner's tiles, laizi apart (they stand for any), of ``allowed``?"""
    plain = list(t.concealed)
    for m in t.marks:
        plain.remove(m)
    tiles = [*plain, *(x for m in t.facts[t.winner].melds for x in m.tiles)]
    return all(k in allowed for k in tiles)


def _winds_kinds(t: WuhanTable) -> frozenset[Tile]:
    """The kinds of a winds hand: the winds, Green and White, but the kong-only kinds
    and those the three-player set lacks."""
    k = (t.kong_only, t.removed)
    kinds = _WINDS_KINDS.get(k)
    if kinds is None:
        kinds = _WINDS_KINDS[k] = frozenset((*WINDS, GREEN, WHITE)) - t.kong_only - t.removed
    return kinds


_WINDS_KINDS: dict[tuple[frozenset[Tile], frozenset[Tile]], frozenset[Tile]] = {}


_TWO_FIVE_EIGHT = {k for k in range(27) if k % 9 in (1, 4, 7)}
_TWO_FIVE_EIGHT_ORDER = tuple(sorted(_TWO_FIVE_EIGHT))


@dataclass(frozen=True, slots=True)
class _Win:
    """One way to read the win: its reading (None: a winds or 2-5-8 hand with no
    structure), big patterns, hardness and the validity of its pair."""

    reading: Reading | None
    patterns: tuple[str, ...]
    hard: bool
    reason: str | None


def _wins(t: WuhanTable) -> list[_Win]:
    """Every way to read the win, each with what it scores or why it is refused."""
    openings = t.facts[t.winner].openings
    laizi_held = len(t.marks)
    winds_free = openings >= 1 and _free_kinds(t, _winds_kinds(t))
    two58_free = openings >= 1 and _free_kinds(t, _TWO_FIVE_EIGHT)
    out: list[_Win] = []
    for r in readings_of(t):
        kinds = r.kinds()
        pats: list[str] = []
        if all(m.kind != CHOW for m in r.sets):
            pats.append("all_pungs")
        if all(k in _winds_kinds(t) for k in kinds):
            pats.append("winds")
        if all(k in _TWO_FIVE_EIGHT for k in kinds):
            pats.append("two_five_eight")
        suits = {k // 9 for k in kinds}
        if all(k < 27 for k in kinds) and len(suits) == 1:
            pats.append("one_suit")
        pair_ok = pair_is_258(r, t)
        if pair_ok:
            if t.source == "wall" and t.haitei and t.players == 4:
                pats.append("haitei")
            if t.source == "wall" and t.kong_replacement:
                pats.append("kong_bloom")
            if t.source == "rob":
                pats.append("robbing_kong")
            exposed = sum(1 for m in t.facts[t.winner].melds if m.exposed)
            if t.source == "discard" and exposed == 4 and r.win_set is None:
                pats.append("all_claimed")
        free_pair = {"all_pungs", "winds", "two_five_eight", "one_suit"} & set(pats)
        reason = None
        if not free_pair and not pair_ok:
            reason = "the pair must be a 2, 5 or 8 (W4)"
        hard = all(s == t.laizi for _, s in r.wilds)
        out.append(_Win(r, tuple(pats), hard, reason))
    for name, free in (("winds", winds_free), ("two_five_eight", two58_free)):
        if free:
            out.append(_Win(None, (name,), laizi_held == 0, None))
    if not out:
        return [_Win(None, (), laizi_held == 0, "the tiles do not make four sets and a pair")]
    if any(t.concealed.count(k) for k in t.kong_only):
        names = ", ".join(tile_name(k) for k in sorted(t.kong_only))
        return [_Win(w.reading, w.patterns, w.hard, f"no {names} may be in a winning hand (W1)")
                for w in out]  # fmt: skip
    if not openings:
        return [
            _Win(w.reading, w.patterns, w.hard, "a win needs at least one opening 開口 (W2)")
            for w in out
        ]
    return [
        w
        if w.reason or w.patterns or laizi_held <= 1
        else _Win(w.reading, w.patterns, w.hard, "a small win holds at most one laizi (W5)")
        for w in out
    ]


# -- shares, caps, liability ----------------------------------------------------------------------


def _caps(options: Mapping[str, Any]) -> tuple[int, int, int, int]:
    """The cap, 金頂, 陽光頂 and 三陽 (§10.6, high_caps, sanyang_800)."""
    if options["high_caps"]:
        return 400, 500, 600, 800 if options["sanyang_800"] else 700
    return 300, 400, 500, 600


def _shares(t: WuhanTable, w: _Win) -> tuple[int, int, dict[str, float], dict[str, float]]:
    """The hand's points, the winner's fans, each loser's share before caps and his
    fans (§10.3, §10.4)."""
    big = bool(w.patterns)
    points = BIG * len(w.patterns) if big else 1
    winner = t.facts[t.winner]
    self_drawn = t.source == "wall"
    includes_draw = {"kong_bloom", "haitei"} & set(w.patterns)
    fw = winner.fans() + (1 if w.hard else 0)
    half_all = False
    if self_drawn and not includes_draw:
        if not big or t.players == 3:
            fw += 1
        else:
            half_all = True
    shares: dict[str, float] = {}
    fans: dict[str, float] = {}
    for seat in t.seats:
        if seat == t.winner:
            continue
        f: float = fw + t.facts[seat].fans()
        if not big and t.dealer in (seat, t.winner):
            f += 1
        half = half_all
        if seat == t.discarder:
            if not big or t.players == 3:
                f += 1
            else:
                half = True
        share = points * 2 ** int(f) * (1.5 if half else 1)
        shares[seat] = share
        fans[seat] = f + (0.5 if half else 0)
    return points, fw, shares, fans


def _settle_one(t: WuhanTable, w: _Win) -> Settlement:
    """The settlement of one reading of the win (valid False with the reason when the
    rules refuse it)."""
    big = bool(w.patterns)
    points, fw, shares, fans = _shares(t, w)
    # the minimum (§10.5, C7)
    opts = t.options
    reason = w.reason
    if reason is None:
        reason = _under_minimum(t, big, shares, fans)
    # caps (§10.6; three players: winds and 2-5-8 hands are 金頂 at once)
    cap, gold, sun, sanyang = _caps(opts)
    losers = list(shares)
    no_opening = [s for s in losers if not t.facts[s].openings]
    auto_gold = t.players == 3 and bool({"winds", "two_five_eight"} & set(w.patterns))
    capped: str | None = None
    if auto_gold or all(shares[s] >= cap for s in losers):
        if len(no_opening) == len(losers):
            paid = dict.fromkeys(losers, sanyang)
            capped = "三陽"
        else:
            paid = {s: sun if s in no_opening else gold for s in losers}
            capped = "陽光頂" if no_opening else "金頂"
    else:
        paid = {s: int(min(shares[s], cap)) for s in losers}
        if any(shares[s] > cap for s in losers):
            capped = "封頂"
    # liability (§10.7): robbing, then all claimed, then one suit
    liable = None
    if t.source == "rob" or (
        "all_claimed" in w.patterns and t.discarder and not t.facts[t.discarder].ready
    ):
        liable = t.discarder
    elif "one_suit" in w.patterns and t.facts[t.winner].openings >= 3 and t.third_opening_from:
        liable = t.third_opening_from
    if liable is not None:
        whole = sum(paid.values())
        paid = {s: whole if s == liable else 0 for s in losers}
    net = {s: -paid.get(s, 0) for s in t.seats}
    net[t.winner] = sum(paid.values())
    reading = "winds or 2-5-8 tiles, no structure needed" if w.reading is None else str(w.reading)
    explain = [f"reading: {reading}"]
    names = [PATTERN_NAMES[p] for p in w.patterns]
    explain.append(
        f"big win: {' + '.join(names)} = {points} points" if big else "small win: 1 point"
    )
    explain.append(f"winner's fans {fw}{' (hard win)' if w.hard else ''}")
    for s in losers:
        explain.append(f"{s}: {_number(fans[s])} fans, share {_number(shares[s])}, pays {paid[s]}")
    if capped:
        explain.append(f"cap: {capped}")
    if liable:
        explain.append(f"{liable} is liable and pays every share alone (包)")
    if reason is not None:
        return Settlement(
            False,
            t.winner,
            dict.fromkeys(t.seats, 0),
            points,
            w.patterns,
            shares,
            {},
            fans,
            reading=reading,
            explain=(f"not a win: {reason}", *explain),
            reason=reason,
        )
    return Settlement(
        True,
        t.winner,
        net,
        points,
        w.patterns,
        shares,
        paid,
        fans,
        liable,
        capped,
        reading,
        tuple(explain),
    )


def _under_minimum(
    t: WuhanTable, big: bool, shares: Mapping[str, float], fans: Mapping[str, float]
) -> str | None:
    """Why the shares fall short of the minimum (§10.5, C7), or None."""
    opts = t.options
    every = t.players == 4
    if opts["minimum_fans"] and not opts["green_is_kong_tile"]:
        if big:
            return None
        need = int(opts["minimum_fans"])
        ok = [fans[s] >= need for s in fans]
        what = f"{need} fans"
    else:
        need = 32 if opts["green_is_kong_tile"] else int(opts["minimum_points"])
        if not need:
            return None
        ok = [shares[s] >= need for s in shares]
        what = f"{need} points"
    if all(ok) if every else any(ok):
        return None
    who = "every loser's share" if every else "at least one loser's share"
    return f"{who} must reach the minimum of {what} (§10.5)"


def may_win(t: WuhanTable) -> bool:
    """Could the win be valid at all, by the tile counts alone (no reading searched)?
    False only when :func:`wins` is False: no opening (W2) or a kong-only tile (W1);
    or no big pattern within reach of the naturals (the winner's tiles but his laizi)
    and no small win either: more than one laizi (W5), shares under the minimum even
    for a hard win, or no split into sets and a 2-5-8 pair (W4; the laizi at face
    value when only a hard win reaches the minimum). Most hands a bot weighs end here.

    >>> t = read_table({"rules": "wuhan", "laizi": "7s", "winner": "S", "seats": {
    ...     "S": {"hand": "[234m] 345s 678p 999p 11m", "win_tile": "1m", "discarder": "E"}}})
    >>> may_win(t), wins(t)  # a pair of 1m, no 2, 5 or 8 to pair instead
    (False, False)
    """
    melds = t.facts[t.winner].melds
    exposed = sum(1 for m in melds if m.exposed)
    if not exposed:
        return False
    counts = [0] * NUM_KINDS
    for k in t.concealed:
        counts[k] += 1
    held = len(t.marks)
    counts[t.laizi] -= held
    if any(counts[k] for k in t.kong_only):
        return False
    # the patterns that ask only for a 2-5-8 pair
    if t.source == "rob" or (t.source == "discard" and exposed == 4):
        return True
    if t.source == "wall" and (t.kong_replacement or (t.haitei and t.players == 4)):
        return True
    # the patterns of kinds: every natural tile of the winds, of 2-5-8, of one suit;
    # all pungs: no chow claimed, each concealed kind in one pung or the pair
    kinds = {k for k in t.concealed if counts[k]}
    every = kinds.union(*(m.tiles for m in melds))
    if every <= _winds_kinds(t) or every <= _TWO_FIVE_EIGHT:
        return True
    if max(every) < 27 and len({k // 9 for k in every}) == 1:
        return True
    if all(m.kind != CHOW for m in melds) and len(kinds) <= 5 - len(melds):
        return True
    # a small win: one laizi at most, the minimum met by a hard win, a 2-5-8 pair
    if held > 1 or _small_under_minimum(t, hard=True):
        return False
    if held and not _small_under_minimum(t, hard=False):
        return _sets_and_pair_258(counts, wild=True)
    # only a hard win reaches the minimum: the laizi at face value, no wild at all
    counts[t.laizi] += held
    return _sets_and_pair_258(counts)


def _small_under_minimum(t: WuhanTable, *, hard: bool) -> bool:
    """Does a small win, hard or not, fall short of the minimum?"""
    _, _, shares, fans = _shares(t, _Win(None, (), hard, None))
    return _under_minimum(t, False, shares, fans) is not None


_GROUPS = ((0, 9), (9, 18), (18, 27), *((k, k + 1) for k in range(27, NUM_KINDS)))
"""The kinds a set never crosses: each suit, each honour."""


def _sets_and_pair_258(counts: list[int], *, wild: bool = False) -> bool:
    """Do the natural tiles ``counts``, with one ``wild`` standing for any kind or none,
    split into sets and a pair of 2, 5 or 8? (One wild joins naturals in its group: it
    never stands for a kind the three-player set lacks.)

    >>> from parlour.mahjong.tiles import parse_tiles
    >>> def split(text: str, wild: bool = False) -> bool:
    ...     counts = [0] * NUM_KINDS
    ...     for k in parse_tiles(text):
    ...         counts[k] += 1
    ...     return _sets_and_pair_258(counts, wild=wild)
    >>> split("123456m 55p"), split("123456m 99p"), split("111222333m EEE 22s")
    (True, False, True)
    >>> split("123456m 5p", True), split("13456m 55p", True), split("2345m 999p", True)
    (True, True, True)
    >>> split("123456m 9p", True), split("13456m 99p", True), split("13m 99p EEE", True)
    (False, False, False)
    """
    for k in _TWO_FIVE_EIGHT_ORDER:
        c = counts[k]
        # the pair of two naturals (the wild in a set), or of one and the wild
        for naturals in (2, 1) if wild else (2,):
            if c >= naturals:
                counts[k] -= naturals
                ok = _sets_only(counts, wild=wild and naturals == 2)
                counts[k] += naturals
                if ok:
                    return True
    return False


def _sets_only(counts: list[int], *, wild: bool) -> bool:
    """Do the natural tiles ``counts``, with one ``wild`` or none, split into sets alone?
    The wild fills the one suit or honour that does not split without it."""
    broken = [g for g in _GROUPS if not _group_splits(counts, *g)]
    if not broken:
        return not wild
    if not wild or len(broken) > 1:
        return False
    lo, hi = broken[0]
    for x in range(lo, hi):
        counts[x] += 1
        ok = _group_splits(counts, lo, hi)
        counts[x] -= 1
        if ok:
            return True
    return False


def _group_splits(counts: list[int], lo: int, hi: int) -> bool:
    """Do the tiles of one suit (or one honour) split into chows and pungs? The lowest
    kind's count modulo 3 starts as many chows (three chows of a run are three pungs of
    its kinds): the split, if any, is found in one pass."""
    if hi - lo == 1:
        return counts[lo] % 3 == 0
    a = counts[lo:hi]
    for i in range(7):
        r = a[i] % 3
        if r:
            if a[i + 1] < r or a[i + 2] < r:
                return False
            a[i + 1] -= r
            a[i + 2] -= r
    return a[7] % 3 == 0 and a[8] % 3 == 0


def wins(t: WuhanTable) -> bool:
    """``settle_table(t).valid``, without writing any settlement: some reading the rules
    accept whose every share meets the minimum (what bots ask of many hands)."""
    if not may_win(t):
        return False
    for w in _wins(t):
        if w.reason is None:
            _, _, shares, fans = _shares(t, w)
            if _under_minimum(t, bool(w.patterns), shares, fans) is None:
                return True
    return False


def settle_table(t: WuhanTable) -> Settlement:
    """The best reading's settlement (C3: the one that pays the winner most, on a tie
    the one that makes nobody liable), or the refusal of the first reading."""
    results = [_settle_one(t, w) for w in _wins(t)]
    valid = [r for r in results if r.valid]
    if not valid:
        return results[0]
    return max(valid, key=lambda r: (r.total, r.liable is None))


def settle(data: Mapping[str, Any]) -> Settlement:
    """Settle a won Wuhan hand from its table JSON (see the module docstring)."""
    return settle_table(read_table(data))


__all__ = [
    "OPTIONS",
    "PATTERN_NAMES",
    "SeatFacts",
    "Settlement",
    "WuhanTable",
    "kong_only_kinds",
    "laizi_of",
    "may_win",
    "next_kind",
    "pair_is_258",
    "previous_kind",
    "read_table",
    "readings_of",
    "resolve_options",
    "settle",
    "settle_table",
    "wins",
]

"""Fujian gold mahjong: the scorer of the Xiamen (Amoy) and Quanzhou profiles.

Sixteen-tile hands (five sets and a pair at the win), the Gold wild tile chosen by an
indicator turned up after the deal, the White Dragons taking the indicator's face
value, and the payment (base + water) × the one highest multiplier from each of the
other three players (spec ``xiamen-gold.md``, §6, §9-§13). This module is the scorer:
patterns as data on the shared framework (:mod:`parlour.mahjong.scoring`), the
situation of one win read from JSON with strict errors, and the payments. ``fuzhou``
is an alias of ``xiamen`` (unverified: there is no Fuzhou source, §1).

A situation names the indicator (``gold``); every physical Gold is marked ``*``, the
winning tile included, and a White is never marked (C3). Ex 1 of the spec:

>>> s = score_json({"rules": "xiamen", "gold": "5p", "seat_wind": "S", "bonus": "f1 x3",
...                 "hand": "[EEE] [345m] 777s 123p 45s 99m", "win_tile": "6s",
...                 "discarder": "N"})
>>> s.total, s.tally.water, s.tally.multiplier, s.payments
(16, 4, 1, {'E': -6, 'S': 16, 'W': -5, 'N': -5})

An added kong is written with ``+`` before the added tile, ``[FFF+F]`` (C1): Quanzhou
scores it as a closed pung (§11.2).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from parlour.core.errors import InvalidHand, NotationError
from parlour.core.options import NO_BOUND, Option, check_options
from parlour.mahjong import situation as read
from parlour.mahjong.melds import CHOW, KONG, Hand, Meld
from parlour.mahjong.scoring import Pattern, PatternLine, Score, ScoreParts
from parlour.mahjong.scoring.arithmetic import WaterTimesMultiplier
from parlour.mahjong.scoring.readings import Reading, winning_readings
from parlour.mahjong.scoring.search import Best, best_reading
from parlour.mahjong.shapes import AnyShapeWithWilds, WildRules, prepare
from parlour.mahjong.tiles import (
    BONUS_TILES,
    FLOWERS,
    JOKER,
    NUM_KINDS,
    SEASONS,
    WHITE,
    Tile,
    format_tiles,
    tile_name,
)

SEATS = ("E", "S", "W", "N")
"""Seats in turn order (counter-clockwise at the table: South plays after East)."""

PROFILES = {"xiamen": "xiamen", "fuzhou": "xiamen", "quanzhou": "quanzhou"}
"""Rule-system name -> profile; ``fuzhou`` is an unverified alias of ``xiamen`` (§1)."""

MOMENTS = ("after_deal", "last_turn")
"""The two moments of a three gold knocker (§9.6): right after the deal, or at the end
of the hand instead of the exhaustive draw."""

OPTIONS: tuple[Option, ...] = (
    Option(
        "gold_holder_no_discard_win",
        False,
        "a player holding a Gold wins only by a wall tile",
    ),
    Option(
        "others_discard_win_during_float",
        False,
        "during another player's float round, a win on a discard or by robbing a kong is allowed",
    ),
    Option(
        "missed_claim_freeze",
        False,
        "after missing a win or a pung, no win or pung on that kind until one's turn "
        "(a table rule: the scorer does not see it)",
    ),
    Option(
        "required_float_with_three_golds",
        False,
        "a player holding three Golds wins only by three gold knocker or a float",
    ),
    Option(
        "false_float_forfeit",
        False,
        "discarding a Gold other than as a float discard forfeits the win "
        "(a table rule: the scorer does not see it)",
    ),
    Option(
        "base_multiplier",
        1,
        "every base times k: k between non-bankers, 2k with the banker before the stays",
        minimum=1,
        maximum=NO_BOUND,
    ),
    Option(
        "qz_banker_increment_by_multiplier",
        False,
        "quanzhou only: each banker stay adds the multiplier of the win that made it "
        "(1 for a draw); give banker_stays as that list",
    ),
    Option(
        "qz_open_pung_as_closed",
        False,
        "quanzhou only: an open pung scores as a closed pung",
    ),
)
"""The options of §13. ``base_multiplier`` is 1 or more, with no maximum: it only
scales the payments ("some multiply by 5, 8 ...") and makes no game longer."""
_QUANZHOU_ONLY = ("qz_banker_increment_by_multiplier", "qz_open_pung_as_closed")

_FIELDS = frozenset(
    (
        "rules",
        "options",
        "gold",
        "hand",
        "win_tile",
        "self_drawn",
        "discarder",
        "seat_wind",
        "round_wind",
        "bonus",
        "banker",
        "banker_stays",
        "float",
        "robbing_gold",
        "three_golds",
        "heavenly",
        "earthly",
        "robbing_kong",
        "kong_replacement",
        "eight_flowers",
        "floater",
    )
)
_BOOL_FLAGS = (
    "self_drawn",
    "robbing_gold",
    "heavenly",
    "earthly",
    "robbing_kong",
    "kong_replacement",
    "eight_flowers",
)
FLOAT_NAMES = {1: "gold float", 2: "double float", 3: "triple float"}


def resolve_options(given: object, profile: str) -> dict[str, Any]:
    """Every option, the given ones checked (the ``qz_`` ones in Quanzhou only), the
    rest at their defaults."""
    if given is None:
        given = {}
    if not isinstance(given, Mapping):
        raise InvalidHand(f"'options' must be an object of name: value, not {given!r}")
    try:
        checked = check_options(OPTIONS, given, profile)
    except ValueError as e:
        raise InvalidHand(str(e)) from None
    for name in _QUANZHOU_ONLY:
        # at its default (off) it changes nothing, so a form that sends every option passes
        if checked.get(name) and profile != "quanzhou":
            raise InvalidHand(f"option {name} is for quanzhou only (§11)")
    out = {o.name: o.default for o in OPTIONS}
    out.update(checked)
    return out


# -- the winner's hand and the facts the patterns read -----------------------------------


@dataclass(frozen=True, slots=True)
class GoldHand:
    """The winner's hand as the scorer sees it.

    ``concealed`` holds the physical concealed tiles (a White as itself), the winning
    tile included when there is one; ``marks`` the concealed tiles marked ``*`` (the
    Golds held, the robbed indicator included). ``melds`` are the declared sets, a
    White read as the indicator's kind. ``source`` is how the winning tile came:
    ``wall`` (a draw or supplement, or the dealt hand of a heavenly win), ``discard``,
    ``rob`` (a robbed added kong), ``gold`` (the robbed indicator) or None (a three
    gold knocker or the eighth bonus tile, declared without a winning tile).
    ``bases`` is the base of each other seat's payment, by seat.
    """

    profile: str
    options: Mapping[str, Any]
    seat: str
    banker: str
    gold: Tile
    concealed: tuple[Tile, ...]
    marks: tuple[Tile, ...]
    melds: tuple[Meld, ...]
    bonus: tuple[Tile, ...]
    bases: Mapping[str, int]
    banker_base: int = 2
    win_tile: Tile | None = None
    win_marked: bool = False
    source: str | None = None
    discarder: str | None = None
    float_level: int = 0
    robbing_gold: bool = False
    three_golds: str | None = None
    heavenly: bool = False
    earthly: bool = False
    eight_flowers: bool = False
    kong_replacement: bool = False
    floater: Floater | None = None

    @property
    def quanzhou(self) -> bool:
        return self.profile == "quanzhou"

    @property
    def win_kind(self) -> Tile | None:
        """The kind the winning tile is (a White is the indicator's kind)."""
        if self.win_tile is None:
            return None
        return _kind_of(self.win_tile, self.gold)

    @property
    def golds_held(self) -> int:
        return len(self.marks)


@dataclass(frozen=True, slots=True)
class Floater:
    """Another player in a double or triple float round when the win was declared
    (§9.4, §12.3): his seat, float level (2 or 3) and current water."""

    seat: str
    level: int
    water: int


def _kind_of(t: Tile, gold: Tile) -> Tile:
    """A White is an ordinary tile of the indicator's kind (§6.2), unless the indicator
    is itself a White."""
    return gold if t == WHITE and gold != WHITE else t


def wild_rules(gold: Tile) -> WildRules:
    """Where Golds stand (§6.3): anywhere in the concealed hand, never in a kong (a
    claimed set never holds one: the melds are checked when read). The Golds are the
    tiles marked ``*``, so an unmarked tile of the indicator's kind (the indicator
    itself, drawn late, XM-A3) stays ordinary; the Whites take the indicator's kind."""
    if gold == WHITE:
        return WildRules(in_kong=False)
    return WildRules(in_kong=False, substitutes=((WHITE, gold),))


# -- patterns ----------------------------------------------------------------------------

Count = Callable[[Reading, GoldHand], int]


def _set_class(m: Meld, h: GoldHand) -> str | None:
    """How a pung or kong scores water (§10.3, §11.2): ``open pung``, ``closed pung``,
    ``open kong``, ``closed kong``, or in Quanzhou ``added kong`` (as a closed pung)
    and ``open pung as closed`` (option); None for a chow. A set holding a discarded
    tile is open: the claimed melds, and a pair completed by a claimed tile."""
    if m.kind == CHOW:
        return None
    if m.kind == KONG:
        if not m.exposed:
            return "closed kong"
        if m.added and h.quanzhou:
            return "added kong"
        return "open kong"
    if not m.exposed:
        return "closed pung"
    if h.quanzhou and h.options["qz_open_pung_as_closed"]:
        return "open pung as closed"
    return "open pung"


def _sets(cls: str, honour: bool) -> Count:
    def count(r: Reading, h: GoldHand) -> int:
        return sum(1 for m in r.sets if _set_class(m, h) == cls and (m.first >= 27) == honour)

    return count


def _structured(r: Reading) -> bool:
    """A reading of five sets and a pair (or of a declared hand that made none)."""
    return r.shape in ("regular", "declared")


def _all_of(group: Sequence[Tile]) -> Count:
    return lambda r, h: int(not h.quanzhou and all(t in h.bonus for t in group))


WATER: tuple[Pattern, ...] = (
    Pattern("bonus_tile", "flower or season", 1, "花", (), "water", lambda r, h: len(h.bonus)),
    Pattern("all_flowers", "all four flowers (8 in all)", 4, "", (), "water", _all_of(FLOWERS)),
    Pattern("all_seasons", "all four seasons (8 in all)", 4, "", (), "water", _all_of(SEASONS)),
    Pattern("gold", "Gold held", 1, "金", (), "water", lambda r, h: len(r.wilds)),
    Pattern(
        "open_honour_pung", "open honour pung", 1, "明刻", (), "water", _sets("open pung", True)
    ),
    Pattern(
        "open_honour_pung_as_closed",
        "open honour pung (as closed)",
        2,
        "明刻",
        (),
        "water",
        _sets("open pung as closed", True),
    ),
    Pattern(
        "open_suit_pung_as_closed",
        "open suit pung (as closed)",
        1,
        "明刻",
        (),
        "water",
        _sets("open pung as closed", False),
    ),
    Pattern(
        "closed_honour_pung",
        "closed honour pung",
        2,
        "暗刻",
        (),
        "water",
        _sets("closed pung", True),
    ),
    Pattern(
        "closed_suit_pung", "closed suit pung", 1, "暗刻", (), "water", _sets("closed pung", False)
    ),
    Pattern(
        "added_honour_kong",
        "added honour kong (as a closed pung)",
        2,
        "加槓",
        (),
        "water",
        _sets("added kong", True),
    ),
    Pattern(
        "added_suit_kong",
        "added suit kong (as a closed pung)",
        1,
        "加槓",
        (),
        "water",
        _sets("added kong", False),
    ),
    Pattern(
        "open_honour_kong", "open honour kong", 3, "明槓", (), "water", _sets("open kong", True)
    ),
    Pattern("open_suit_kong", "open suit kong", 2, "明槓", (), "water", _sets("open kong", False)),
    Pattern(
        "closed_honour_kong",
        "closed honour kong",
        4,
        "暗槓",
        (),
        "water",
        _sets("closed kong", True),
    ),
    Pattern(
        "closed_suit_kong", "closed suit kong", 3, "暗槓", (), "water", _sets("closed kong", False)
    ),
)
"""The water of the winner (§10.3, §11.2-11.3). An open suit pung, a run and the pair
earn nothing and have no line."""


def _knocker(moment: str) -> Count:
    def count(r: Reading, h: GoldHand) -> int:
        if h.three_golds != moment:
            return 0
        return int(r.shape == "three_golds" or r.shape == "declared")

    return count


def _floated(level: int) -> Count:
    return lambda r, h: int(_structured(r) and h.float_level == level)


def _special(flag: str) -> Count:
    """Heavenly, earthly, robbing the Gold: a win of five sets and a pair."""
    return lambda r, h: int(_structured(r) and bool(getattr(h, flag)))


def _eight(r: Reading, h: GoldHand) -> int:
    return int(r.shape in ("eight_flowers", "declared") and h.eight_flowers)


def _source_is(source: str) -> Count:
    return lambda r, h: int(h.source == source)


_MULTIPLIERS: tuple[tuple[str, str, str, int | None, int | None, Count], ...] = (
    # key, name, native, xiamen value, quanzhou value (None: not recognised), count
    ("triple_float", "triple float", "三游", 12, 9, _floated(3)),
    ("double_float", "double float", "双游", 8, 6, _floated(2)),
    ("gold_float", "gold float", "游金", 4, 3, _floated(1)),
    ("heavenly_win", "heavenly win", "天胡", 4, None, _special("heavenly")),
    ("earthly_win", "earthly win", "地胡", 4, None, _special("earthly")),
    ("robbing_the_gold", "robbing the Gold", "搶金", 4, None, _special("robbing_gold")),
    ("three_golds_after_deal", "three gold knocker, right after the deal", "三金倒", 4, 3,
     _knocker("after_deal")),
    ("three_golds_last_turn", "three gold knocker, last turn", "三金倒", 3, 3,
     _knocker("last_turn")),
    ("eight_bonus_tiles", "all eight flowers and seasons", "八花", None, 3, _eight),
    ("wall_tile", "won by a wall tile", "自摸", 2, 2, _source_is("wall")),
    ("robbing_a_kong", "robbing a kong", "搶槓", 2, 2, _source_is("rob")),
    ("common_win", "common win (a discard)", "平胡", 1, 1, _source_is("discard")),
)  # fmt: skip


def float_multiplier(profile: str, level: int) -> int:
    """The multiplier of a wall win at float ``level`` (0: an ordinary wall tile, 1 a
    gold float, 2 a double, 3 a triple float) in ``profile`` (§10.4, §11.4).

    >>> [float_multiplier("xiamen", n) for n in range(4)], float_multiplier("quanzhou", 3)
    ([2, 4, 8, 12], 9)
    """
    key = ("wall_tile", "gold_float", "double_float", "triple_float")[level]
    value = next(
        xm if profile == "xiamen" else qz for k, _, _, xm, qz, _ in _MULTIPLIERS if k == key
    )
    assert value is not None
    return value


def _multipliers(profile: str) -> tuple[Pattern, ...]:
    """The multiplier patterns of a profile (§10.4, §11.4). Only one applies, the
    highest: each excludes the lower ones, and of two equal ones the first in the table
    excludes the second."""
    rows = [
        (key, name, native, value, count)
        for key, name, native, xm, qz, count in _MULTIPLIERS
        if (value := xm if profile == "xiamen" else qz) is not None
    ]
    out = []
    for i, (key, name, native, value, count) in enumerate(rows):
        excludes = tuple(
            k for j, (k, _, _, v, _) in enumerate(rows) if v < value or (v == value and j > i)
        )
        out.append(Pattern(key, name, value, native, excludes, "multiplier", count))
    return tuple(out)


PATTERNS: dict[str, tuple[Pattern, ...]] = {
    profile: WATER + _multipliers(profile) for profile in ("xiamen", "quanzhou")
}
"""Every pattern of each profile: the water, then the multipliers."""


# -- readings ----------------------------------------------------------------------------


def _concealed_text(tiles: Sequence[Tile], marks: Sequence[Tile]) -> str:
    plain = list(tiles)
    for t in marks:
        plain.remove(t)
    return " ".join([format_tiles(plain), *(tile_name(t) + "*" for t in marks)]).strip()


def _pair_wilds(r: Reading) -> int:
    """How many Golds stand in the reading's pair (the melds never hold one)."""
    return len(r.wilds) - sum(len(m.wilds) for m in r.sets)


def float_pair(r: Reading, h: GoldHand) -> bool:
    """The reading pairs a Gold with the winning tile: without the winning tile the hand
    is five sets and a lone Gold (§9.3)."""
    if r.shape != "regular" or r.pair is None:
        return False
    if h.win_marked:
        return _pair_wilds(r) == 2
    return _pair_wilds(r) == 1 and r.pair == h.win_kind


def regular_readings(h: GoldHand) -> list[Reading]:
    """Every reading of five sets and a pair, the winning tile placed in each group that
    can hold it; a set completed by a discarded or robbed tile counts as open."""
    if h.win_tile is None or len(h.concealed) + 3 * len(h.melds) != 17:
        return []
    kind = h.win_kind
    assert kind is not None
    return list(
        _regular_readings(
            h.concealed,
            h.marks,
            h.melds,
            h.gold if h.win_marked else kind,
            h.win_marked,
            h.source in ("wall", "gold"),
            h.gold,
        )
    )


@functools.lru_cache(maxsize=2048)
def _regular_readings(
    concealed: tuple[Tile, ...],
    marks: tuple[Tile, ...],
    melds: tuple[Meld, ...],
    win_tile: Tile,
    win_wild: bool,
    self_drawn: bool,
    gold: Tile,
) -> tuple[Reading, ...]:
    """:func:`regular_readings` by what they depend on (a win is often read twice: for
    its float shape, then for its score; a bot weighs the same hands again)."""
    return tuple(
        winning_readings(
            _concealed_text(concealed, marks),
            melds,
            win_tile=win_tile,
            win_wild=win_wild,
            self_drawn=self_drawn,
            constraints=wild_rules(gold),
            kinds=("regular",),
        )
    )


def knocker_readings(h: GoldHand) -> list[Reading]:
    """The three gold knocker (§9.6): any hand holding the three Golds. The concealed
    tiles form no sets (XM-A7); the robbed indicator was not held at the knock."""
    tiles = list(h.concealed)
    marks = list(h.marks)
    if h.robbing_gold and h.win_tile is not None:
        tiles.remove(h.win_tile)
        marks.remove(h.win_tile)
    hand = prepare(
        _concealed_text(tiles, marks), h.melds, constraints=wild_rules(h.gold), sizes=(16, 17)
    )
    return [
        Reading(d.shape, d.melds, singles=d.singles, wilds=d.wilds, complete=False)
        for d in AnyShapeWithWilds(3, "three_golds").decompositions(hand)
    ]


def _bare(h: GoldHand, shape: str) -> Reading:
    """The hand as declared, its concealed tiles forming no sets: the melds, the loose
    tiles and the Golds."""
    rest = list(h.concealed)
    for t in h.marks:
        rest.remove(t)
    return Reading(
        shape,
        h.melds,
        singles=tuple(sorted(_kind_of(t, h.gold) for t in rest)),
        wilds=tuple((t, t) for t in h.marks),
        complete=False,
    )


def readings_of(h: GoldHand) -> tuple[list[Reading], str | None]:
    """The readings the declared win may be scored by, and why there are none (the
    reason of a false win). A float declared for a complete hand not in gold-float
    shape is refused (:class:`InvalidHand`): the situation contradicts itself."""
    out: list[Reading] = []
    reason: str | None = None
    regular = regular_readings(h)
    if h.source in ("discard", "rob"):
        claimable = [r for r in regular if not float_pair(r, h)]
        if regular and not claimable:
            reason = (
                f"{h.seat}'s hand is five sets and a lone Gold waiting for the pair (a gold "
                "float): it wins only by a wall tile, not by claiming "
                f"{tile_name(h.win_tile or 0)} (§9.3)"
            )
        regular = claimable
    if h.float_level and regular and not any(float_pair(r, h) for r in regular):
        raise InvalidHand(
            f"'float': {h.float_level} ({FLOAT_NAMES[h.float_level]}) needs the 16 tiles before "
            "the winning tile to be five sets and a lone Gold waiting for the pair (§9.3); "
            "this hand is not: score it without 'float'"
        )
    out += regular
    if h.three_golds is not None:
        knock = knocker_readings(h)
        if not knock:
            reason = reason or (
                f"{h.seat} declares a three gold knocker but holds {h.golds_held} "
                f"Gold{'s' if h.golds_held != 1 else ''} (§9.6)"
            )
        out += knock
    if h.eight_flowers:
        if len(h.bonus) == len(BONUS_TILES):
            out.append(_bare(h, "eight_flowers"))
        else:
            reason = reason or (
                f"{h.seat} declares all eight flowers and seasons but has exposed "
                f"{len(h.bonus)} (§11.4)"
            )
    if not out and reason is None:
        reason = f"{h.seat}'s tiles do not make five sets and a pair"
    return out, reason


def _rule_breach(h: GoldHand, best: Best) -> str | None:
    """Why a win the tiles allow is still refused by the rules or the options (§8.7,
    §9.4, §13): the reason of a false win, or None."""
    reason = _claim_breach(h)
    if reason is None and _three_golds_bound(h):
        keys = {line.key for line in best.lines}
        allowed = {"gold_float", "double_float", "triple_float"}
        allowed |= {"three_golds_after_deal", "three_golds_last_turn"}
        if not keys & allowed:
            return (
                f"{h.seat} holds three Golds and so wins only by three gold knocker or a "
                "float (option required_float_with_three_golds)"
            )
    return reason


def _three_golds_bound(h: GoldHand) -> bool:
    """Does the hand hold three Golds under the option that they win only by a float or
    the knocker (§13)? Only then does the best reading's value decide whether it wins."""
    return h.golds_held >= 3 and bool(h.options["required_float_with_three_golds"])


def _claim_breach(h: GoldHand) -> str | None:
    """:func:`_rule_breach` of what does not depend on the reading: how the winning tile
    came (§8.7, §9.4, §13)."""
    claimed = h.source in ("discard", "rob")
    if claimed and h.win_marked:
        return "a discarded Gold cannot be claimed for a win (§8.7)"
    if claimed and h.floater is not None and not h.options["others_discard_win_during_float"]:
        return (
            f"{h.floater.seat} is in a {FLOAT_NAMES[h.floater.level]} round: nobody else may "
            "win on a discard or by robbing a kong (§9.4; option others_discard_win_during_float)"
        )
    if claimed and h.golds_held and h.options["gold_holder_no_discard_win"]:
        return (
            f"{h.seat} holds a Gold and so wins only by a wall tile "
            "(option gold_holder_no_discard_win)"
        )
    return None


# -- scoring -----------------------------------------------------------------------------


def banker_base(profile: str, stays: int | Sequence[int], k: int) -> int:
    """The base between the banker and a non-banker (§10.2, §11.1, §13
    ``base_multiplier`` k): Xiamen 2k × 2^n; Quanzhou (2 + n) × k, or with
    ``qz_banker_increment_by_multiplier`` 2 + the sum of the stays' increments, × k.

    >>> banker_base("xiamen", 2, 1), banker_base("quanzhou", 2, 1)
    (8, 4)
    >>> banker_base("quanzhou", [2, 1], 5)
    25
    """
    if not isinstance(stays, int):
        return (2 + sum(stays)) * k
    if profile == "quanzhou":
        return (2 + stays) * k
    return 2 * k * (1 << stays)


def bases_for(payee: str, banker: str, banker_b: int, k: int) -> dict[str, int]:
    """The base of each other seat's payment to ``payee``."""
    return {seat: banker_b if banker in (seat, payee) else k for seat in SEATS if seat != payee}


def _best(h: GoldHand) -> tuple[Best | None, str | None]:
    """The declared win's best reading (None if there is none) and the reason of a
    false win so far."""
    readings, reason = readings_of(h)
    if not readings:
        return None, reason
    arithmetic = WaterTimesMultiplier(bases=tuple(h.bases.values()))
    return best_reading(readings, PATTERNS[h.profile], h, arithmetic), reason


def wins(h: GoldHand) -> bool:
    """``score_hand(h).valid``, without valuing a false win (a bot asks it of many
    hands that are not complete), nor a true one unless its value decides whether it
    wins (three Golds bound to a float: :func:`_three_golds_bound`): any reading is
    then a win."""
    if _three_golds_bound(h):
        best, _ = _best(h)
        return best is not None and _rule_breach(h, best) is None
    readings, _ = readings_of(h)
    return bool(readings) and _claim_breach(h) is None


def score_hand(h: GoldHand) -> Score:
    """The declared win's score: its best reading, lines and payments; or, for a false
    win (§12.3), valid False with the reverse payments."""
    patterns = PATTERNS[h.profile]
    best, reason = _best(h)
    if best is not None:
        breach = _rule_breach(h, best)
        if breach is None:
            return _valid_score(h, best)
        reason = breach
    else:
        # valued as the claimed category with the best decomposition, or with none (§12.3)
        everything = regular_readings(h) or [_bare(h, "declared")]
        arithmetic = WaterTimesMultiplier(bases=tuple(h.bases.values()))
        best = best_reading(everything, patterns, h, arithmetic)
        assert best is not None
    return _false_win(h, best, reason or "")


def _valid_score(h: GoldHand, best: Best) -> Score:
    """The win's score; its explanation and reading written when first read."""
    t = best.tally
    payments = {seat: 0 for seat in SEATS}
    amounts = []
    for seat, base in h.bases.items():
        amount = WaterTimesMultiplier.payment(t, base)
        payments[seat] = -amount
        payments[h.seat] += amount
        amounts.append((seat, base, amount))
    return Score.deferred(
        True, payments[h.seat], None, _valid_parts, (h, best, payments, amounts), tally=t
    )


def _valid_parts(data: Any) -> ScoreParts:
    h, best, payments, amounts = data
    t = best.tally
    explain = [f"reading: {best.reading}", f"water {t.water}, multiplier x{t.multiplier}"]
    for seat, base, amount in amounts:
        explain.append(f"{seat} pays ({base} + {t.water}) x {t.multiplier} = {amount}")
    explain.append(f"{h.seat} receives {payments[h.seat]}")
    return best.lines, payments, tuple(explain), str(best.reading)


def _false_win(h: GoldHand, best: Best, reason: str) -> Score:
    """§12.3: the declarer pays each other player what that player would have paid him,
    and a floater in a double or triple float round the whole of a float win (the
    explanation and reading written when first read)."""
    t = best.tally
    payments = {seat: 0 for seat in SEATS}
    amounts = []
    for seat, base in h.bases.items():
        amount = WaterTimesMultiplier.payment(t, base)
        payments[seat] += amount
        payments[h.seat] -= amount
        amounts.append((seat, base, amount))
    floated: tuple[int, dict[str, int], int] | None = None
    f = h.floater
    if f is not None:
        m = next(p.value for p in PATTERNS[h.profile] if p.key == _FLOAT_KEYS[f.level])
        k = h.options["base_multiplier"]
        shares = bases_for(f.seat, h.banker, h.banker_base, k)
        amount = sum((b + f.water) * m for b in shares.values())
        payments[f.seat] += amount
        payments[h.seat] -= amount
        floated = (m, shares, amount)
    data = (h, best, reason, payments, amounts, floated)
    return Score.deferred(False, payments[h.seat], reason, _false_parts, data, tally=t)


def _false_parts(data: Any) -> ScoreParts:
    h, best, reason, payments, amounts, floated = data
    t = best.tally
    explain = [
        f"false win: {reason}",
        f"valued as declared: water {t.water}, multiplier x{t.multiplier}",
    ]
    for seat, base, amount in amounts:
        explain.append(f"{h.seat} pays {seat} ({base} + {t.water}) x {t.multiplier} = {amount}")
    if floated is not None:
        f = h.floater
        m, shares, amount = floated
        parts = " + ".join(f"({b} + {f.water}) x {m}" for b in shares.values())
        explain.append(
            f"{h.seat} also pays {f.seat}, in a {FLOAT_NAMES[f.level]} round, {parts} = {amount}"
        )
    return best.lines, payments, tuple(explain), str(best.reading)


_FLOAT_KEYS = {2: "double_float", 3: "triple_float"}


# -- situations from JSON ----------------------------------------------------------------


_SEAT_WIND = "a seat wind"
"""What a seat field (the winner's, the banker's, the discarder's) must be."""


def _seat(value: object, name: str) -> str:
    """A seat wind: E, S, W or N."""
    return read.wind(value, name, _SEAT_WIND)


def _gold_field(data: Mapping[str, Any]) -> Tile:
    """The Gold indicator: one playing tile, not marked as a Gold (§6.1)."""
    if "gold" not in data:
        raise InvalidHand(
            "the situation has no 'gold': give the Gold indicator, the tile turned up after "
            'the deal, such as "gold": "5p"'
        )
    text = data["gold"]
    t, marked = read.marked_tile(text, "'gold'", "5p", "the indicator")
    if marked:
        raise InvalidHand(
            f"'gold' is the indicator, which is not a Gold: write it without '*', not {text!r}"
        )
    if t >= NUM_KINDS:
        raise InvalidHand(
            f"'gold' must be a suit or honour tile, not {tile_name(t)}: a flower or season "
            "turned up is turned back and the dice are rolled again (§6.1)"
        )
    return t


def _win_field(data: Mapping[str, Any]) -> tuple[Tile, bool] | None:
    """The winning tile and whether it is marked as a Gold (None when not given)."""
    if "win_tile" not in data:
        return None
    t, marked = read.marked_tile(data["win_tile"], "'win_tile'", "5s")
    if t >= NUM_KINDS:
        raise InvalidHand(f"'win_tile' must be a playing tile, not {tile_name(t)}")
    return t, marked


def _bonus_field(value: object) -> list[Tile]:
    """The exposed flowers and seasons, as written (a repeat is refused with those of
    the hand)."""
    what = "the exposed flowers and seasons such as 'f1 x3' ('' for none)"
    try:
        return read.bonus_tiles(value, "'bonus'", what, repeats=True)
    except NotationError as e:
        raise InvalidHand(f"'bonus': {e}") from None


def _stays_field(value: object, profile: str, by_multiplier: bool) -> int | tuple[int, ...]:
    if isinstance(value, int) and not isinstance(value, bool):
        if value < 0:
            raise InvalidHand(f"'banker_stays' must be 0 or more, not {value}")
        if by_multiplier and value:
            raise InvalidHand(
                "with qz_banker_increment_by_multiplier give 'banker_stays' as the list of "
                "each stay's increment (the multiplier of the banker's win, 1 for a draw), "
                "such as [2, 1]"
            )
        return value
    if isinstance(value, list) and all(
        isinstance(v, int) and not isinstance(v, bool) and v >= 1 for v in value
    ):
        if not by_multiplier:
            raise InvalidHand(
                "'banker_stays' is the banker's stay count n; a list of increments is for "
                "quanzhou with the option qz_banker_increment_by_multiplier"
            )
        return tuple(value)
    raise InvalidHand(f"'banker_stays' must be the banker's stay count (0, 1, ...), not {value!r}")


def _floater_field(value: object, seat: str) -> Floater | None:
    if value is None:
        return None
    shape = (
        '\'floater\' must be an object {"seat": "W", "float": 2 or 3, "water": n}: the '
        "player in a double or triple float round"
    )
    if not isinstance(value, Mapping) or set(value) != {"seat", "float", "water"}:
        raise InvalidHand(shape)
    who = _seat(value["seat"], "'floater seat'")
    level, water = value["float"], value["water"]
    if type(level) is not int or level not in (2, 3):
        raise InvalidHand(
            f"the floater's 'float' must be 2 (double) or 3 (triple): a float round follows a "
            f"float discard (§9.4), not {level!r}"
        )
    if type(water) is not int or water < 0:
        raise InvalidHand(f"the floater's 'water' must be 0 or more, not {water!r}")
    if who == seat:
        raise InvalidHand(
            "the 'floater' is another player; the winner's own float is given by 'float'"
        )
    return Floater(who, level, water)


def _parse_hand(text: str, gold: Tile) -> tuple[Hand, int]:
    """The hand, and how many Whites its mixed melds hold (read as the indicator's
    kind): a White in a chow or pung beside other tiles stands for the indicator's kind,
    ``[34pP]`` with indicator 5p."""
    return read.substituted_hand(text, WHITE, gold)


def _normal_meld(m: Meld, gold: Tile) -> Meld:
    return read.meld_as(m, WHITE, gold)


def read_situation(data: Mapping[str, Any]) -> GoldHand:
    """Read and check a situation dict; raise :class:`InvalidHand` naming the first
    thing wrong."""
    if not isinstance(data, Mapping):
        raise InvalidHand(f"a situation must be a JSON object, not {type(data).__name__}")
    unknown = sorted(k for k in data if k not in _FIELDS)
    if unknown:
        raise InvalidHand(f"unknown field {unknown[0]!r} in the situation")
    rules = data.get("rules", "xiamen")
    if rules not in PROFILES:
        raise InvalidHand(f"'rules' must be xiamen, quanzhou or fuzhou here, not {rules!r}")
    profile = PROFILES[rules]
    options = resolve_options(data.get("options"), profile)
    gold = _gold_field(data)
    seat = _seat(data.get("seat_wind", "E"), "'seat_wind'")
    if "round_wind" in data:
        read.wind(data["round_wind"], "'round_wind'")  # accepted; no pattern reads it
    banker = _seat(data.get("banker", "E"), "'banker'")
    by_multiplier = bool(options["qz_banker_increment_by_multiplier"])
    stays = _stays_field(data.get("banker_stays", 0), profile, by_multiplier)
    flags = {name: read.flag(data, name) for name in _BOOL_FLAGS}
    level = data.get("float", 0)
    if type(level) is not int or level not in (0, 1, 2, 3):
        raise InvalidHand(
            f"'float' must be 0, 1 (gold float), 2 (double float) or 3 (triple float), "
            f"not {level!r}"
        )
    moment = data.get("three_golds", False)
    if moment is False:
        moment = None
    elif moment not in MOMENTS:
        raise InvalidHand(
            "'three_golds' must be 'after_deal' or 'last_turn' (the moment of the three gold "
            f"knocker, §9.6), or false, not {moment!r}"
        )
    floater = _floater_field(data.get("floater"), seat)

    # the tiles
    if "hand" not in data:
        raise InvalidHand("the situation has no 'hand'")
    text = data["hand"]
    if not isinstance(text, str):
        raise InvalidHand(f"'hand' must be a hand in notation, not {text!r}")
    hand, mixed_whites = _parse_hand(text, gold)
    bonus = [t for t in hand.concealed if t in BONUS_TILES]
    bonus += _bonus_field(data.get("bonus"))
    if len(set(bonus)) != len(bonus):
        dup = next(t for t in bonus if bonus.count(t) > 1)
        raise InvalidHand(f"the hand holds the bonus tile {tile_name(dup)} twice")
    concealed = [t for t in hand.concealed if t not in BONUS_TILES]
    marks = list(hand.wild_marks)
    if JOKER in concealed or any(JOKER in m.tiles for m in hand.melds):
        raise InvalidHand("gold mahjong has no jokers (J): the Golds are the wild tiles")
    for m in hand.melds:
        if m.wilds:
            raise InvalidHand(
                f"{m} holds a Gold: a Gold may not be part of a claimed chow or pung, nor of "
                "any kong (§6.3, §8.3-8.4)"
            )
    _check_marks(marks, gold)
    melds = tuple(_normal_meld(m, gold) for m in hand.melds)
    if hand.win_tile is not None and "win_tile" not in data:
        raise InvalidHand(
            "the hand names a winning tile with '+': give it as 'win_tile' too (with '*' if "
            "it is a Gold)"
        )
    win = _win_field(data)
    if win is not None and hand.win_tile is not None and hand.win_tile != win[0]:
        raise InvalidHand(
            f"the hand names {tile_name(hand.win_tile)} as its winning tile but 'win_tile' is "
            f"{tile_name(win[0])}"
        )
    if win is not None and win[1]:
        _check_marks([win[0]], gold, "'win_tile'")

    # how the hand was won
    source = _source(data, flags, win, moment, profile, seat)
    discarder = data.get("discarder")
    if discarder is not None:
        discarder = _seat(discarder, "'discarder'")
        if discarder == seat:
            raise InvalidHand("'discarder' must be another seat than the winner's")
    _check_wins(flags, level, moment, profile, seat, banker, discarder, source, melds, win, gold)

    # the tile count: 16 before the winning tile, 17 with it (melds counting three)
    size = len(concealed) + 3 * len(melds)
    if win is None and flags["heavenly"] and size == 17:
        # the dealt hand: any of its tiles may stand as the last one drawn
        natural = [t for t in concealed if concealed.count(t) > marks.count(t)]
        win = (max(natural), False) if natural else (gold, True)
    if win is not None:
        read.place_win_tile(concealed, marks, len(melds), win, 16)
    elif size not in (16, 17):
        raise InvalidHand(
            f"the hand holds {size} tiles (melds counting three); a hand holds 16 "
            "(the banker 17 right after the deal)"
        )
    _check_counts(concealed, marks, hand.melds, mixed_whites, gold, flags["robbing_gold"])

    k = options["base_multiplier"]
    banker_b = banker_base(profile, stays, k)
    return GoldHand(
        profile=profile,
        options=options,
        seat=seat,
        banker=banker,
        gold=gold,
        concealed=tuple(sorted(concealed)),
        marks=tuple(sorted(marks)),
        melds=melds,
        bonus=tuple(sorted(bonus)),
        bases=bases_for(seat, banker, banker_b, k),
        banker_base=banker_b,
        win_tile=win[0] if win else None,
        win_marked=bool(win and win[1]),
        source=source,
        discarder=discarder,
        float_level=level,
        robbing_gold=flags["robbing_gold"],
        three_golds=moment,
        heavenly=flags["heavenly"],
        earthly=flags["earthly"],
        eight_flowers=flags["eight_flowers"],
        kong_replacement=flags["kong_replacement"],
        floater=floater,
    )


def _check_marks(marks: Sequence[Tile], gold: Tile, where: str = "the hand") -> None:
    """Only the Golds are marked ``*`` (C3): never a White standing for the indicator's
    kind, never another tile."""
    for t in marks:
        if t == gold:
            continue
        if t == WHITE:
            raise InvalidHand(
                f"{where} marks a White Dragon (P*) as a Gold: a White is never wild; with "
                f"indicator {tile_name(gold)} it is an ordinary {tile_name(gold)} (§6.2)"
            )
        raise InvalidHand(
            f"{where} marks {tile_name(t)}* as a Gold, but with indicator {tile_name(gold)} "
            f"the Golds are the other three {tile_name(gold)}"
        )


def _source(
    data: Mapping[str, Any],
    flags: Mapping[str, bool],
    win: tuple[Tile, bool] | None,
    moment: str | None,
    profile: str,
    seat: str,
) -> str | None:
    """How the winning tile came (see :class:`GoldHand`)."""
    self_drawn = flags["self_drawn"]
    discarder = data.get("discarder")
    if self_drawn and discarder is not None:
        raise InvalidHand("a win by a wall tile ('self_drawn') has no 'discarder'")
    if flags["robbing_gold"]:
        if profile == "quanzhou":
            raise InvalidHand("quanzhou does not recognise robbing the Gold (§11.4)")
        if self_drawn or discarder is not None:
            raise InvalidHand(
                "robbing the Gold takes the indicator as it is turned up: give neither "
                "'self_drawn' nor 'discarder' (§9.7)"
            )
        if win is None:
            raise InvalidHand(
                "robbing the Gold needs the robbed indicator as 'win_tile', marked as a "
                'Gold, such as "win_tile": "5p*" (§9.7)'
            )
        return "gold"
    if flags["robbing_kong"]:
        if self_drawn:
            raise InvalidHand(
                "a win by robbing a kong is not a wall tile: name the robbed player as "
                "'discarder' (C4)"
            )
        if discarder is None:
            raise InvalidHand(
                "robbing a kong: name the player whose kong was robbed as 'discarder'"
            )
        source: str | None = "rob"
    elif self_drawn or (flags["heavenly"] and discarder is None):
        source = "wall"
    elif discarder is not None:
        source = "discard"
    else:
        source = None
    if win is None and source is not None and not flags["heavenly"]:
        raise InvalidHand("the situation has no 'win_tile'")
    if win is not None and source is None:
        raise InvalidHand(
            f"say how {seat} won: 'self_drawn': true (a wall tile), or 'discarder' with the "
            "seat that discarded the winning tile"
        )
    if win is None and moment is None and not (flags["eight_flowers"] or flags["heavenly"]):
        raise InvalidHand("the situation has no 'win_tile'")
    return source


def _check_wins(
    flags: Mapping[str, bool],
    level: int,
    moment: str | None,
    profile: str,
    seat: str,
    banker: str,
    discarder: str | None,
    source: str | None,
    melds: Sequence[Meld],
    win: tuple[Tile, bool] | None,
    gold: Tile,
) -> None:
    """The win flags that only some wins can have (§9, §11.4)."""
    if level and source != "wall":
        raise InvalidHand(
            f"a {FLOAT_NAMES[level]} wins only by a wall tile, never by a discard or a "
            "robbed kong (§9.3): 'float' needs 'self_drawn': true"
        )
    if flags["heavenly"]:
        if profile == "quanzhou":
            raise InvalidHand(
                "quanzhou does not recognise the heavenly win (§11.4): score the banker's "
                "complete dealt hand as a wall-tile win ('self_drawn': true)"
            )
        if seat != banker:
            raise InvalidHand(f"the heavenly win is the banker's ({banker}) dealt hand (§9.8)")
        if source != "wall" or level or moment == "last_turn":
            raise InvalidHand(
                "the heavenly win is the banker's dealt hand: no discard, float or last turn"
            )
    if flags["earthly"]:
        if profile == "quanzhou":
            raise InvalidHand(
                "quanzhou does not recognise the earthly win (§11.4): a win on the banker's "
                "first discard is a common win"
            )
        if seat == banker or discarder != banker or source != "discard":
            raise InvalidHand(
                f"the earthly win is a non-banker's win on the banker's first discard: give "
                f"'discarder': '{banker}' (§9.8)"
            )
    if flags["heavenly"] and flags["earthly"]:
        raise InvalidHand("a win is heavenly or earthly, not both")
    if flags["robbing_gold"]:
        if win is None or not win[1] or win[0] != gold:
            raise InvalidHand(
                f"robbing the Gold wins on the indicator, which counts as a Gold: give "
                f'"win_tile": "{tile_name(gold)}*" (§9.7)'
            )
        if moment == "last_turn" or flags["heavenly"]:
            raise InvalidHand(
                "robbing the Gold happens as the indicator is turned up, before any other "
                "win but the heavenly win and the three gold knocker (§9.9)"
            )
    if moment is not None and source in ("discard", "rob"):
        raise InvalidHand(
            "a three gold knocker is declared, not won on a discard or a robbed kong (§9.6)"
        )
    if flags["eight_flowers"]:
        if profile != "quanzhou":
            raise InvalidHand(
                "all eight flowers and seasons win at once only in quanzhou (§11.4); in "
                "xiamen they are 16 water in a later win"
            )
        if source in ("discard", "rob", "gold"):
            raise InvalidHand(
                "the eighth bonus tile wins as it is exposed, not on a discard (§11.4)"
            )
    if flags["kong_replacement"]:
        if source != "wall":
            raise InvalidHand("a win on a kong's supplement tile is a wall-tile win: 'self_drawn'")
        if not any(m.kind == KONG for m in melds):
            raise InvalidHand("a win on a kong's supplement tile needs a kong in the hand")


def _check_counts(
    concealed: Sequence[Tile],
    marks: Sequence[Tile],
    melds: Sequence[Meld],
    mixed_whites: int,
    gold: Tile,
    robbing_gold: bool,
) -> None:
    """No more than four of a kind (``melds`` as written, the Whites of mixed melds
    counted as Whites: ``mixed_whites``); at most three
    Golds (the robbed indicator is a fourth); one ordinary tile of the indicator's kind
    at most, the indicator itself drawn late (XM-A3), none when it was robbed."""
    physical = [0] * NUM_KINDS
    for t in concealed:
        physical[t] += 1
    for m in melds:
        for t in m.tiles:
            physical[t] += 1
    physical[gold] -= mixed_whites
    physical[WHITE] += mixed_whites
    for t in range(NUM_KINDS):
        if physical[t] > 4:
            raise InvalidHand(
                f"the hand holds {physical[t]} copies of {tile_name(t)}; there are only 4"
            )
    golds = len(marks) - (1 if robbing_gold else 0)
    if golds > 3:
        raise InvalidHand(
            f"the hand holds {golds} Golds ({tile_name(gold)}*); there are three, the "
            "indicator being the fourth tile of the kind (§6.2)"
        )
    plain = physical[gold] - len(marks)
    if robbing_gold and plain:
        raise InvalidHand(
            f"the hand holds an unmarked {tile_name(gold)}, but the indicator was robbed and "
            f"the other three {tile_name(gold)} are Golds: mark them '*'"
        )
    if plain > 1:
        raise InvalidHand(
            f"the hand holds {plain} unmarked {tile_name(gold)}: with indicator "
            f"{tile_name(gold)} the other three are Golds, marked '*' (C3); only the "
            "indicator itself is an ordinary tile"
        )


def score_json(data: Mapping[str, Any]) -> Score:
    """Score one win given as a situation dict (``parlour.score`` with ``"rules"``
    ``xiamen``, ``quanzhou`` or ``fuzhou``). ``payments`` are by seat, the winner's
    positive; ``total`` is what the winner receives. A false win (§12.3) is scored
    valid False, with the reverse payments and ``total`` the declarer's (negative)."""
    h = read_situation(data)
    s = score_hand(h)
    if data.get("rules") == "fuzhou":
        note = "fuzhou is scored as xiamen (unverified: no Fuzhou source)"
        return Score(
            s.valid, s.total, s.patterns, s.payments, s.reason, (note, *s.explain), s.tally,
            s.reading,
        )  # fmt: skip
    return s


def score(situation: Any) -> Score:
    """``parlour.score`` reads gold situations from their JSON (:func:`score_json`)."""
    raise InvalidHand("gold mahjong hands are scored from their JSON: use parlour.score(dict)")


def lines_text(lines: Sequence[PatternLine]) -> list[str]:
    """The lines as a player reads them: ``closed honour pung x2: 4 water``."""
    out = []
    for line in lines:
        times = f" x{line.count}" if line.count > 1 else ""
        what = f"x{line.value}" if line.unit == "multiplier" else f"{line.points} water"
        out.append(f"{line.name}{times}: {what}")
    return out


__all__ = [
    "MOMENTS",
    "OPTIONS",
    "PATTERNS",
    "PROFILES",
    "Floater",
    "GoldHand",
    "banker_base",
    "float_multiplier",
    "float_pair",
    "lines_text",
    "read_situation",
    "readings_of",
    "score_hand",
    "score_json",
    "wild_rules",
]

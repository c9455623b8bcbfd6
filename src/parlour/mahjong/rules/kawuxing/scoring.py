"""Kawuxing (卡五星): the scorer of one win, the kong payments and the drawn hand (spec
``kawuxing.md`` §6-§10, §12 and the clarifications C1-C9).

Three seats named by role, in turn order ``banker``, ``right``, ``left``; 84 tiles (two
suits, the removed one an option, and the dragons C F P); nothing wild, no chows. A win
is worth ``unit`` × 2^d, d the doubles of the best reading (§9) capped at
``max_doubles`` (C6). A wall-tile win (a draw or a kong supplement) is paid by each of
the other two; a discard by the discarder, a robbed kong by the robbed player, twice
the amount when the winner had disclosed (§10). A win on a discard or by robbing a kong
needs a doubling pattern (§7.3): without one it is a false win (§11), the declarer
paying each player what he would have paid.

Three entry points, all reached through :func:`parlour.score` with ``"rules":
"kawuxing"``, which :func:`score_json` dispatches on the field ``event``:

* a win (no ``event``, or ``"event": "win"``): :func:`score_win`;
* ``"event": "kong"``, a kong's immediate payment (§6): :func:`kong_payments`;
* ``"event": "draw"``, the disclosure penalty of a drawn hand (§8): :func:`draw_payments`.

Each returns a :class:`~parlour.mahjong.scoring.Score`: ``valid``, ``payments`` by role
(the receiver positive, summing to zero), ``total`` (what the winner or konger
receives; at a draw what the first discloser pays), ``patterns``, ``explain``,
``reason`` when refused, ``to_json()``. Bad input raises
:class:`~parlour.core.errors.InvalidHand` naming the fault.

Ex 2 of the spec (Fit Five on the banker's discard):

>>> s = score_json({"rules": "kawuxing", "hand": "123p 789p 46s 333s FF +5s",
...                 "win_tile": "5s", "seat": "left", "discarder": "banker"})
>>> s.total, s.payments, [p.key for p in s.patterns]
(2, {'banker': -2, 'right': 0, 'left': 2}, ['fit_five'])
>>> kong_payments({"event": "kong", "konger": "left", "kong": "direct",
...                "discarder": "right", "chain": 2}).payments
{'banker': 0, 'right': -4, 'left': 4}
>>> draw_payments({"event": "draw", "disclosure_order": ["right", "left"]}).payments
{'banker': 1, 'right': -2, 'left': 1}
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from parlour.core.errors import InvalidHand, NotationError
from parlour.core.options import NO_BOUND, Option, check_options
from parlour.core.systems import listed
from parlour.mahjong import situation as read
from parlour.mahjong.melds import CHOW, KONG, PUNG, Meld, parse_hand
from parlour.mahjong.scoring import Pattern, PatternLine, Score
from parlour.mahjong.scoring.arithmetic import CappedDoubling, Tally
from parlour.mahjong.scoring.readings import Reading, winning_readings
from parlour.mahjong.scoring.search import Best, best_reading, count_patterns, declared_score
from parlour.mahjong.tiles import (
    BONUS_TILES,
    DRAGONS,
    JOKER,
    NUM_KINDS,
    SUITS,
    WINDS,
    Tile,
    rank_of,
    suit_of,
    tile_name,
)

ROLES = ("banker", "right", "left")
"""The three active seats in turn order (banker, then his right, then his left)."""

_ABBREVIATIONS = {"b": "banker", "r": "right", "l": "left"}

OPTIONS: tuple[Option, ...] = (
    Option(
        "removed_suit",
        "m",
        "the suit left out of the 84 tiles: characters m, circles p or bamboos s (§1)",
        ("m", "p", "s"),
    ),
    Option(
        "max_doubles",
        3,
        "the cap on a win's doubles: 3 is x8 (§9); kong payments have no cap (C6)",
        minimum=0,
        maximum=NO_BOUND,
    ),
    Option(
        "double_dragon_x16",
        False,
        "Double Dragon Seven Pairs may reach 4 doubles (x16): the cap is then "
        "max(max_doubles, 4) for such a hand (C6)",
    ),
    Option(
        "disclosure_scope",
        "full",
        "a disclosure lays open the whole hand (full) or only its waiting part "
        "(waits_only); it changes what others see, never the score (§8, C9)",
        ("full", "waits_only"),
    ),
    Option(
        "four_player_rotation",
        True,
        "with four people the resting player takes the last winner's seat (§1; a table rule)",
    ),
)
"""The options of §12, with their defaults."""

_DEFAULTS = {o.name: o.default for o in OPTIONS}

_WIN_FIELDS = frozenset(
    (
        "rules",
        "event",
        "options",
        "hand",
        "win_tile",
        "seat",
        "self_drawn",
        "discarder",
        "kong_replacement",
        "kong_chain",
        "robbing_kong",
        "discard_after_kong",
        "last_tile",
        "disclosed",
        "discarder_disclosed",
        "unit",
    )
)
_KONG_FIELDS = frozenset(
    ("rules", "event", "options", "konger", "kong", "discarder", "chain", "robbed", "unit")
)
_DRAW_FIELDS = frozenset(("rules", "event", "options", "disclosure_order", "unit"))

KONG_UNITS = {"direct": 2, "growing": 1, "concealed": 2}
"""Units of a kong's payment before the chain doubling (§6): a direct kong paid by the
discarder, a growing or concealed kong by each of the other two."""

MAX_CHAIN = 12
"""The longest kong chain: three players of four kongs each."""

_WIN_MARK = re.compile(r"\+[^\s,\[{+]*")
"""The ``+T`` that names the winning tile in a hand."""


# -- options, roles and small fields ------------------------------------------------------


def resolve_options(given: object) -> dict[str, Any]:
    """Every option, the given ones checked, the rest at their defaults.

    >>> resolve_options({"max_doubles": 4})["max_doubles"], resolve_options(None)["removed_suit"]
    (4, 'm')
    """
    if given is None or (isinstance(given, Mapping) and not given):
        return dict(_DEFAULTS)
    if not isinstance(given, Mapping):
        raise InvalidHand(f"'options' must be an object of name: value, not {given!r}")
    try:
        checked = check_options(OPTIONS, given, "kawuxing")
    except ValueError as e:
        raise InvalidHand(str(e)) from None
    return {**_DEFAULTS, **checked}


def role(value: object, name: str) -> str:
    """A seat's role: ``banker``, ``right`` or ``left`` (any case; B, R, L for short).

    >>> role("Banker", "'seat'"), role("l", "'discarder'")
    ('banker', 'left')
    >>> role("E", "'seat'")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    parlour.core.errors.InvalidHand: 'seat' must be a role: banker, right or left (...), not 'E'
    """
    if isinstance(value, str):
        v = value.strip().lower()
        v = _ABBREVIATIONS.get(v, v)
        if v in ROLES:
            return v
    raise InvalidHand(
        f"{name} must be a role: {listed(ROLES)} (Kawuxing has no seat winds), not {value!r}"
    )


def before(seat: str) -> str:
    """The role that plays just before ``seat`` (whose discard he sees first).

    >>> before("banker"), before("right"), before("left")
    ('left', 'banker', 'right')
    """
    return ROLES[(ROLES.index(seat) - 1) % 3]


def _flag(data: Mapping[str, Any], key: str) -> bool:
    v = data.get(key)
    if v is None:
        return False
    if not isinstance(v, bool):
        raise InvalidHand(f"{key!r} must be true or false, not {v!r}")
    return v


def _unit(data: Mapping[str, Any]) -> int:
    v = data.get("unit", 1)
    if v is None:
        return 1
    if isinstance(v, bool) or not isinstance(v, int) or v < 1:
        raise InvalidHand(
            f"'unit' must be a whole number of 1 or more (the agreed unit), not {v!r}"
        )
    return v


def _check_fields(data: object, allowed: frozenset[str], what: str) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise InvalidHand(f"a situation must be a JSON object, not {type(data).__name__}")
    for k in data:
        if k not in allowed:
            hint = ""
            if k in ("seat_wind", "round_wind"):
                hint = ": Kawuxing has no winds; give the winner's role as 'seat'"
            elif k in _WIN_FIELDS | _KONG_FIELDS | _DRAW_FIELDS:
                hint = f" (not one of {what}'s fields)"
            raise InvalidHand(f"unknown field {k!r} in the situation{hint}")
    if data.get("rules", "kawuxing") != "kawuxing":
        raise InvalidHand(f"'rules' must be kawuxing here, not {data.get('rules')!r}")
    return data


def _ordered(pay: Mapping[str, int]) -> dict[str, int]:
    return {r: pay.get(r, 0) for r in ROLES}


# -- the winner's hand and the facts the patterns read ------------------------------------


@dataclass(frozen=True, slots=True)
class KawuxingWin:
    """One win as the scorer sees it.

    ``tiles`` are the concealed tiles, the winning tile included; ``melds`` the declared
    pungs and kongs. ``source`` is how the winning tile came: ``wall`` (a draw or a kong
    supplement), ``discard`` or ``rob`` (a robbed growing kong); ``discarder`` the
    discarder or the robbed player. ``bloom`` is the number of the winner's own kongs
    ending the chain whose supplement he won on (C7; 0: not a supplement win).
    """

    options: Mapping[str, Any]
    seat: str
    tiles: tuple[Tile, ...]
    melds: tuple[Meld, ...]
    win_tile: Tile
    source: str
    discarder: str | None = None
    bloom: int = 0
    chain: tuple[str, ...] = ()
    discard_after_kong: bool = False
    last_tile: bool = False
    disclosed: bool = False
    discarder_disclosed: bool = False
    unit: int = 1

    @property
    def claimed(self) -> bool:
        """Won on another player's tile: a discard or a robbed kong."""
        return self.source != "wall"

    @property
    def all_tiles(self) -> list[Tile]:
        return list(self.tiles) + [t for m in self.melds for t in m.tiles]


def readings_of(h: KawuxingWin) -> list[Reading]:
    """Every reading of four sets and a pair, and of seven pairs (four alike in the
    concealed hand counting as two pairs); a set completed by a claimed tile counts as
    exposed."""
    return winning_readings(
        list(h.tiles),
        h.melds,
        win_tile=h.win_tile,
        self_drawn=not h.claimed,
        kinds=("regular", "seven_pairs"),
    )


# -- patterns ----------------------------------------------------------------------------

Count = Callable[[Reading, KawuxingWin], int]


def _regular(r: Reading) -> bool:
    return r.shape == "regular"


def _all_pung(r: Reading, h: KawuxingWin) -> int:
    return int(_regular(r) and not r.chows)


def _fit_five(r: Reading, h: KawuxingWin) -> int:
    """The winning 5 in the middle of a 4-5-6 of the reading scored (C2)."""
    if not _regular(r) or r.win_set is None or r.wait != "closed":
        return 0
    return int(rank_of(h.win_tile) == 5)


def _exposed_pungs(h: KawuxingWin) -> set[Tile]:
    return {m.tiles[0] for m in h.melds if m.kind == PUNG}


def _open_four(r: Reading, h: KawuxingWin) -> int:
    """The winning tile is the fourth of an exposed pung; or, beside a pattern of two
    doubles or more, the fourth is in the concealed hand (§9, C3; a kong is none)."""
    if not _regular(r):
        return 0
    pungs = _exposed_pungs(h)
    if h.win_tile in pungs:
        return 1
    return int(any(k in h.tiles for k in pungs) and _higher(r, h, closed_four=True))


def _closed_four(r: Reading, h: KawuxingWin) -> int:
    """Three of the winning tile's kind among the concealed tiles and the win on the
    fourth; or, beside another pattern of two doubles or more, four of any kind among
    them (§9, C3; a declared kong is none)."""
    if h.tiles.count(h.win_tile) == 4:
        return 1
    fours = any(h.tiles.count(k) == 4 for k in set(h.tiles))
    return int(fours and _higher(r, h, closed_four=False))


def _strict_closed_four(h: KawuxingWin) -> bool:
    return h.tiles.count(h.win_tile) == 4


def _bloom(r: Reading, h: KawuxingWin) -> int:
    return h.bloom


def _claimed_on_kong(r: Reading, h: KawuxingWin) -> int:
    return int(h.discard_after_kong)


def _robbing(r: Reading, h: KawuxingWin) -> int:
    return int(h.source == "rob")


def _disclosure(r: Reading, h: KawuxingWin) -> int:
    return int(h.disclosed)


def _fishing(r: Reading, h: KawuxingWin) -> int:
    """The last wall tile drawn (head or tail); never the last discard (C8)."""
    return int(h.last_tile and h.source == "wall")


def _pure_one_suit(r: Reading, h: KawuxingWin) -> int:
    suits = {suit_of(t) for t in h.all_tiles}
    return int(len(suits) == 1 and "z" not in suits)


def _seven_pairs(r: Reading, h: KawuxingWin) -> int:
    return int(r.shape == "seven_pairs")


def _fours_as_pairs(r: Reading) -> int:
    """Sets of four (undeclared, C5) making two of the seven pairs."""
    return sum(1 for t in set(r.pairs) if r.pairs.count(t) == 2)


def _dragon_seven_pairs(r: Reading, h: KawuxingWin) -> int:
    return int(r.shape == "seven_pairs" and _fours_as_pairs(r) == 1)


def _double_dragon_seven_pairs(r: Reading, h: KawuxingWin) -> int:
    return int(r.shape == "seven_pairs" and _fours_as_pairs(r) >= 2)


def _lone_tile(r: Reading, h: KawuxingWin) -> int:
    """Four declared sets (a concealed kong among them, C4) and a single tile waiting
    for its pair."""
    return int(_regular(r) and len(h.melds) == 4)


def _dragon_sets(r: Reading) -> int:
    return sum(1 for m in r.sets if m.kind != CHOW and m.tiles[0] in DRAGONS)


def _lesser_three(r: Reading, h: KawuxingWin) -> int:
    return int(_regular(r) and _dragon_sets(r) == 2 and r.pair in DRAGONS)


def _greater_three(r: Reading, h: KawuxingWin) -> int:
    return int(_regular(r) and _dragon_sets(r) == 3)


_HIGHER: tuple[Count, ...] = (
    _pure_one_suit,
    _seven_pairs,
    _lone_tile,
    _lesser_three,
    _greater_three,
    _dragon_seven_pairs,
    _double_dragon_seven_pairs,
)
"""The patterns listed at two doubles or more, but Closed Four in One (KW-A6, C3)."""


def _higher(r: Reading, h: KawuxingWin, *, closed_four: bool) -> bool:
    """Does the reading hold a pattern of two doubles or more (with ``closed_four``,
    the strict Closed Four in One among them: C3)?"""
    if closed_four and _strict_closed_four(h):
        return True
    return any(count(r, h) for count in _HIGHER)


PATTERNS: tuple[Pattern, ...] = (
    Pattern("all_pung", "All Pung", 1, "碰碰胡", (), "doubles", _all_pung),
    Pattern("fit_five", "Fit Five", 1, "卡五星", (), "doubles", _fit_five),
    Pattern("open_four_in_one", "Open Four in One", 1, "明四归一", (), "doubles", _open_four),
    Pattern("bloom_on_kong", "Bloom on Kong", 1, "杠上开花", (), "doubles", _bloom),
    Pattern("claimed_on_kong", "Claimed on Kong", 1, "杠上炮", (), "doubles", _claimed_on_kong),
    Pattern("robbing_a_kong", "Robbing a Kong", 1, "抢杠胡", (), "doubles", _robbing),
    Pattern("disclosure", "Disclosure", 1, "亮倒", (), "doubles", _disclosure),
    Pattern("fishing_the_bottom", "Fishing the Bottom", 1, "海底捞", (), "doubles", _fishing),
    Pattern("pure_one_suit", "Pure One Suit", 2, "清一色", (), "doubles", _pure_one_suit),
    Pattern("seven_pairs", "Seven Pairs", 2, "七对", (), "doubles", _seven_pairs),
    Pattern("lone_tile", "Lone Tile", 2, "手抓一", (), "doubles", _lone_tile),
    Pattern(
        "lesser_three_elements", "Lesser Three Elements", 2, "小三元", (), "doubles", _lesser_three
    ),
    Pattern("closed_four_in_one", "Closed Four in One", 2, "暗四归一", (), "doubles", _closed_four),
    Pattern(
        "greater_three_elements",
        "Greater Three Elements",
        3,
        "大三元",
        (),
        "doubles",
        _greater_three,
    ),
    Pattern(
        "dragon_seven_pairs",
        "Dragon Seven Pairs",
        3,
        "龙七对",
        ("seven_pairs", "closed_four_in_one"),
        "doubles",
        _dragon_seven_pairs,
    ),
    Pattern(
        "double_dragon_seven_pairs",
        "Double Dragon Seven Pairs",
        4,
        "双龙七对",
        ("seven_pairs", "dragon_seven_pairs", "closed_four_in_one"),
        "doubles",
        _double_dragon_seven_pairs,
    ),
)
"""Every doubling pattern of §9, each counted once (Bloom on Kong once per kong of the
winner's chain); Dragon and Double Dragon Seven Pairs replace Seven Pairs (KW-A4, C5)
and exclude Closed Four in One."""


@dataclass(frozen=True, slots=True)
class KawuxingDoubling:
    """``unit`` × 2^doubles, the doubles capped at ``max_doubles``; under
    ``double_dragon_x16`` a hand with Double Dragon Seven Pairs is capped at
    max(``max_doubles``, 4) (C6).

    >>> a = KawuxingDoubling(1, 3, True)
    >>> a.tally([PatternLine("dd", 4, key="double_dragon_seven_pairs", unit="doubles")]).total
    16
    >>> a.tally([PatternLine("sp", 2, 3, key="seven_pairs", unit="doubles")]).total
    8
    """

    unit: int = 1
    max_doubles: int = 3
    double_dragon_x16: bool = False

    def cap(self, lines: Sequence[PatternLine]) -> int:
        if self.double_dragon_x16 and any(
            line.key == "double_dragon_seven_pairs" for line in lines
        ):
            return max(self.max_doubles, 4)
        return self.max_doubles

    def tally(self, lines: Sequence[PatternLine]) -> Tally:
        return CappedDoubling(unit=self.unit, max_doubles=self.cap(lines)).tally(lines)


def arithmetic_of(h: KawuxingWin) -> KawuxingDoubling:
    """The arithmetic of ``h``'s options and unit."""
    o = h.options
    return KawuxingDoubling(h.unit, int(o["max_doubles"]), bool(o["double_dragon_x16"]))


# -- payments ------------------------------------------------------------------------------


def payments_of(h: KawuxingWin, amount: int) -> tuple[dict[str, int], list[str]]:
    """Each role's payment for a win worth ``amount`` (§10), and the lines that say it:
    a wall-tile win paid by each of the other two; a discard by the discarder, a robbed
    kong by the robbed player, 2 × the amount when the winner had disclosed (§8)."""
    pay: dict[str, int] = {}
    explain: list[str] = []
    if h.source == "wall":
        for r in ROLES:
            if r != h.seat:
                pay[r] = amount
                explain.append(f"{r} pays {amount}")
    else:
        assert h.discarder is not None
        how = "whose kong was robbed" if h.source == "rob" else "who discarded the winning tile"
        if h.disclosed:
            pay[h.discarder] = 2 * amount
            explain.append(
                f"{h.discarder}, {how}, pays for both losers: 2 x {amount} = {2 * amount} "
                "(the winner had disclosed, §8)"
            )
        else:
            pay[h.discarder] = amount
            explain.append(f"{h.discarder}, {how}, pays {amount}")
    payments = {r: -pay.get(r, 0) for r in ROLES}
    payments[h.seat] = sum(pay.values())
    return payments, explain


# -- scoring a win ---------------------------------------------------------------------------


def _valued(h: KawuxingWin, readings: Sequence[Reading]) -> Best:
    """The reading with the most doubles (§9); a hand of no winning shape is valued by
    its declared facts alone (what a false win pays back)."""
    arithmetic = arithmetic_of(h)
    best = best_reading(readings, PATTERNS, h, arithmetic)
    if best is None:
        bare = Reading("declared", h.melds, complete=False)
        lines = tuple(count_patterns(PATTERNS, bare, h))
        best = Best(bare, lines, arithmetic.tally(lines))
    return best


def score_hand(h: KawuxingWin) -> Score:
    """The win's score: its best reading, lines and payments; or, for a false win (no
    winning shape, or a claimed win without a doubling pattern, §7.3), valid False with
    each other player paid by the declarer what he would have paid (§11)."""
    readings = readings_of(h)
    best = _valued(h, readings)
    t = best.tally
    reason = None
    if not readings:
        reason = f"{h.seat}'s tiles do not make four sets and a pair, or seven pairs (§7.1)"
    elif h.claimed and t.doubles == 0:
        how = "by robbing a kong" if h.source == "rob" else "on a discard"
        reason = (
            f"a win {how} needs at least one doubling pattern (§7.3), and {h.seat}'s hand has none"
        )
    payments, lines = payments_of(h, t.total)
    cap = arithmetic_of(h).cap(best.lines)
    explain = [f"reading: {best.reading}"] if best.reading.complete else []
    capped = f", capped at {cap}" if t.doubles > cap else ""
    explain.append(f"{t.doubles} doubles{capped}: {h.unit} x {t.total // h.unit} = {t.total}")
    return declared_score(h.seat, best, payments, explain, lines, reason)


# -- reading a win -----------------------------------------------------------------------------


def _tile_check(t: Tile, removed: str, where: str) -> None:
    if t == JOKER:
        raise InvalidHand(f"{where} holds a joker (J): nothing is wild in Kawuxing")
    if t in BONUS_TILES:
        raise InvalidHand(f"{where} holds {tile_name(t)}: Kawuxing uses no flowers or seasons")
    if t in WINDS:
        raise InvalidHand(
            f"{where} holds {tile_name(t)}: Kawuxing uses no winds, only two suits and the "
            "dragons C, F, P (§1)"
        )
    if t < 27 and suit_of(t) == removed:
        kept = "".join(s for s in SUITS if s != removed)
        raise InvalidHand(
            f"{where} holds {tile_name(t)}, but the {removed} suit is removed (option "
            f"removed_suit): the tiles are the {kept[0]} and {kept[1]} suits and C, F, P"
        )


def _chain_field(value: object) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str) or not isinstance(value, list | tuple):
        raise InvalidHand(
            "'kong_chain' must be a list of roles, the konger of each kong of the unbroken "
            f'chain in order, such as ["left", "banker"], not {value!r}'
        )
    if len(value) > MAX_CHAIN:
        raise InvalidHand(f"'kong_chain' holds {len(value)} kongs; a chain has {MAX_CHAIN} at most")
    return tuple(role(v, f"'kong_chain'[{i}]") for i, v in enumerate(value))


def _hand_field(data: Mapping[str, Any], removed: str) -> tuple[list[Tile], tuple[Meld, ...], Tile]:
    """The concealed tiles (the winning tile among them), the declared sets, the
    winning tile."""
    if "hand" not in data:
        raise InvalidHand("the situation has no 'hand'")
    text = data["hand"]
    if not isinstance(text, str):
        raise InvalidHand(f"'hand' must be a hand in notation, not {text!r}")
    try:
        hand = parse_hand(text)
    except NotationError as e:
        raise InvalidHand(f"'hand': {e}") from None
    if hand.wild_marks:
        raise InvalidHand("'hand' marks a tile '*' as wild: nothing is wild in Kawuxing")
    given = data.get("win_tile")
    if given is None:
        if hand.win_tile is None:
            raise InvalidHand("the situation has no 'win_tile' (or write it in the hand: +5s)")
        win = hand.win_tile
    else:
        try:
            win = read.one_tile(given, "'win_tile'")
        except NotationError as e:
            raise InvalidHand(str(e)) from None
        if hand.win_tile is not None and hand.win_tile != win:
            raise InvalidHand(
                f"the hand names {tile_name(hand.win_tile)} as its winning tile but "
                f"'win_tile' is {tile_name(win)}"
            )
    _tile_check(win, removed, "'win_tile'")
    for t in hand.concealed:
        _tile_check(t, removed, "'hand'")
    for m in hand.melds:
        for t in m.tiles:
            _tile_check(t, removed, f"'hand' ({m})")
        if m.kind == CHOW:
            raise InvalidHand(f"'hand' declares the chow {m}: there are no chows in Kawuxing (§4)")
    # the tiles written beside the winning tile: 13 (``+T`` adds it) or 14 (it is
    # among them); ``+T`` names it either way (the spec writes ``5s +5s`` for 55s)
    written = parse_hand(_WIN_MARK.sub(" ", text)) if hand.win_tile is not None else hand
    concealed = list(written.concealed)
    read.place_win_tile(concealed, [], len(hand.melds), (win, False), 13)
    counts = [0] * NUM_KINDS
    for t in concealed + [t for m in hand.melds for t in m.tiles]:
        counts[t] += 1
        if counts[t] > 4:
            raise InvalidHand(
                f"the hand holds {counts[t]} copies of {tile_name(t)}; there are only 4"
            )
    return concealed, hand.melds, win


def _source(
    data: Mapping[str, Any], seat: str, flags: Mapping[str, bool]
) -> tuple[str, str | None]:
    """How the winning tile came, and the discarder (or robbed player)."""
    discarder = data.get("discarder")
    if discarder is not None:
        discarder = role(discarder, "'discarder'")
        if discarder == seat:
            raise InvalidHand(f"'discarder' must be another role than the winner's ({seat})")
    if flags["robbing_kong"]:
        for k in ("self_drawn", "kong_replacement", "discard_after_kong", "last_tile"):
            if flags[k]:
                why = {
                    "last_tile": "no kong is made when the wall has no tile left (§5.5)",
                }.get(k, "the robbed tile is another player's")
                raise InvalidHand(f"a win by robbing a kong cannot be {k!r} too: {why}")
        if discarder is None:
            raise InvalidHand(
                "robbing a kong: name the player whose kong was robbed as 'discarder'"
            )
        return "rob", discarder
    if flags["kong_replacement"] or flags["self_drawn"]:
        how = "a kong supplement" if flags["kong_replacement"] else "a tile drawn from the wall"
        if discarder is not None:
            raise InvalidHand(f"a win on {how} is a wall-tile win: it has no 'discarder'")
        if flags["discard_after_kong"]:
            raise InvalidHand(
                f"'discard_after_kong' is a win on the discard after a kong, not on {how}"
            )
        return "wall", None
    if discarder is None:
        raise InvalidHand(
            f"say how {seat} won: 'self_drawn': true (a wall tile), 'kong_replacement': true "
            "(a kong supplement), or 'discarder' with the role that discarded the winning "
            "tile (or whose kong was robbed, with 'robbing_kong')"
        )
    return "discard", discarder


def read_win(data: Mapping[str, Any]) -> KawuxingWin:
    """Read and check a win's situation; :class:`InvalidHand` naming the first fault."""
    data = _check_fields(data, _WIN_FIELDS, "a win")
    if data.get("event") not in (None, "win"):
        raise InvalidHand(f"'event' must be win, kong or draw, not {data.get('event')!r}")
    options = resolve_options(data.get("options"))
    seat = role(data.get("seat", "banker"), "'seat'")
    keys = (
        "self_drawn",
        "kong_replacement",
        "robbing_kong",
        "discard_after_kong",
        "last_tile",
        "disclosed",
        "discarder_disclosed",
    )
    flags = {k: _flag(data, k) for k in keys}
    unit = _unit(data)
    chain = _chain_field(data.get("kong_chain"))
    tiles, melds, win = _hand_field(data, str(options["removed_suit"]))
    source, discarder = _source(data, seat, flags)
    if flags["discarder_disclosed"] and discarder is None:
        raise InvalidHand("'discarder_disclosed' needs a 'discarder' (a win on a discard or a rob)")
    if source == "rob" and tiles.count(win) != 1:
        raise InvalidHand(
            f"the robbed kong holds the other three {tile_name(win)}: the winner cannot hold "
            f"another (his hand holds {tiles.count(win)} with the winning tile)"
        )
    bloom = 0
    kongs = sum(1 for m in melds if m.kind == KONG)
    if chain:
        last = {"wall": seat, "discard": discarder, "rob": discarder}[source]
        if not (flags["kong_replacement"] or flags["discard_after_kong"] or source == "rob"):
            raise InvalidHand(
                "'kong_chain' lists the kongs before a win on a kong supplement "
                "('kong_replacement'), on the discard after a kong ('discard_after_kong') or "
                "by robbing a kong: this win is none of them"
            )
        if chain[-1] != last:
            who = {
                "wall": "the winner, who drew the supplement",
                "discard": "the discarder, who discarded after his kong",
                "rob": "the robbed player, who grew the kong with its supplement",
            }[source]
            raise InvalidHand(f"'kong_chain' must end with {who} ({last}), not {chain[-1]}")
    if flags["kong_replacement"]:
        bloom = 1
        if chain:
            bloom = 0
            for r in reversed(chain):
                if r != seat:
                    break
                bloom += 1
        if bloom > kongs:
            raise InvalidHand(
                f"a win on a kong supplement after {bloom} kong{'s' if bloom > 1 else ''} of "
                f"{seat}'s own, but the hand declares {kongs}: write the kongs as [XXXX] or "
                "{XXXX}"
            )
    return KawuxingWin(
        options=options,
        seat=seat,
        tiles=tuple(sorted(tiles)),
        melds=melds,
        win_tile=win,
        source=source,
        discarder=discarder,
        bloom=bloom,
        chain=chain,
        discard_after_kong=flags["discard_after_kong"],
        last_tile=flags["last_tile"],
        disclosed=flags["disclosed"],
        discarder_disclosed=flags["discarder_disclosed"],
        unit=unit,
    )


def score_win(data: Mapping[str, Any]) -> Score:
    """The score of one win given as a situation dict (see the module docstring).

    Ex 7's win (Bloom on Kong after the banker's two kongs):

    >>> s = score_win({"hand": "123p 456p {7777s} [FFFF] 99s", "win_tile": "9s",
    ...                "seat": "banker", "kong_replacement": True,
    ...                "kong_chain": ["banker", "banker"]})
    >>> s.tally.doubles, s.payments
    (2, {'banker': 8, 'right': -4, 'left': -4})
    """
    return score_hand(read_win(data))


# -- kong payments and the drawn hand ------------------------------------------------------------


def kong_payments(data: Mapping[str, Any]) -> Score:
    """A kong's immediate payment (§6): ``{"event": "kong", "konger": role, "kong":
    "direct" | "growing" | "concealed", "discarder": role (a direct kong's), "chain": n
    (its place in an unbroken chain, 1 by default), "robbed": bool, "unit": 1}``. A
    direct kong is paid 2 units by the discarder, a growing kong 1 by each of the other
    two, a concealed kong 2 by each, all × 2^(chain − 1), without cap (C6); a robbed
    growing kong is never paid. ``total`` is what the konger receives.

    >>> kong_payments({"konger": "banker", "kong": "growing", "chain": 2}).payments
    {'banker': 4, 'right': -2, 'left': -2}
    >>> kong_payments({"konger": "left", "kong": "growing", "robbed": True}).total
    0
    """
    data = _check_fields(data, _KONG_FIELDS, "a kong")
    resolve_options(data.get("options"))
    konger = role(data.get("konger"), "'konger'")
    kind = data.get("kong")
    if kind not in KONG_UNITS:
        raise InvalidHand(f"'kong' must be direct, growing or concealed, not {kind!r}")
    chain = data.get("chain", 1)
    if chain is None:
        chain = 1
    chain = read.count(chain, "'chain' (the kong's place in its chain)", 1, MAX_CHAIN)
    robbed = _flag(data, "robbed")
    unit = _unit(data)
    given = data.get("discarder")
    payers = [r for r in ROLES if r != konger]
    if kind == "direct":
        if given is None:
            raise InvalidHand("a direct kong is paid by the discarder: give 'discarder'")
        discarder = role(given, "'discarder'")
        if discarder == konger:
            raise InvalidHand("a direct kong is made on another player's discard")
        payers = [discarder]
    elif given is not None:
        raise InvalidHand(f"a {kind} kong has no 'discarder': each of the other two pays")
    if robbed and kind != "growing":
        raise InvalidHand(f"only a growing kong can be robbed (§5.6), not a {kind} kong")
    lines = [PatternLine(f"{kind} kong", KONG_UNITS[kind], key=f"{kind}_kong", unit="points")]
    if chain > 1:
        lines.append(PatternLine("kong chain", 1, chain - 1, key="kong_chain", unit="doubles"))
    t = CappedDoubling(unit=1).tally(lines)
    each = 0 if robbed else unit * t.total
    pay = {r: -each for r in payers}
    pay[konger] = each * len(payers)
    explain = [f"{konger}'s {kind} kong, chain position {chain}"]
    if robbed:
        explain.append("the kong was robbed: it is void and earns nothing (§5.6)")
    else:
        per = f"{KONG_UNITS[kind]} x {1 << (chain - 1)} x unit {unit} = {each}"
        explain += [f"{r} pays {per}" for r in payers]
    return Score(
        True,
        pay[konger],
        () if robbed else tuple(lines),
        _ordered(pay),
        explain=tuple(explain),
        tally=t,
    )


def draw_payments(data: Mapping[str, Any]) -> Score:
    """A drawn hand (§8, §10): ``{"event": "draw", "disclosure_order": [roles in the
    order they disclosed], "unit": 1}``. The first discloser pays 1 unit to each of the
    other two; nobody else pays (kong payments already made stand). ``total`` is what
    the first discloser pays.

    >>> draw_payments({"disclosure_order": []}).payments
    {'banker': 0, 'right': 0, 'left': 0}
    """
    data = _check_fields(data, _DRAW_FIELDS, "a drawn hand")
    resolve_options(data.get("options"))
    order = data.get("disclosure_order", [])
    if order is None:
        order = []
    if isinstance(order, str) or not isinstance(order, list | tuple):
        raise InvalidHand(
            "'disclosure_order' must be a list of the roles that disclosed, first "
            f'discloser first, such as ["right", "left"], not {order!r}'
        )
    roles = [role(v, f"'disclosure_order'[{i}]") for i, v in enumerate(order)]
    if len(set(roles)) != len(roles):
        raise InvalidHand(f"'disclosure_order' names a role twice: {roles}")
    unit = _unit(data)
    pay = dict.fromkeys(ROLES, 0)
    explain = ["a drawn hand: no win is paid; kong payments made stand (§10)"]
    if roles:
        first = roles[0]
        for r in ROLES:
            if r != first:
                pay[r] = unit
                pay[first] -= unit
        explain.append(f"{first} disclosed first: pays {unit} to each of the other two (§8)")
    else:
        explain.append("nobody disclosed: nobody pays")
    return Score(True, -pay[roles[0]] if roles else 0, (), pay, explain=tuple(explain))


def score_json(data: Mapping[str, Any]) -> Score:
    """What ``parlour.score`` calls for ``"rules": "kawuxing"``: a win, or by its
    ``event`` a kong payment (:func:`kong_payments`) or a drawn hand
    (:func:`draw_payments`)."""
    if not isinstance(data, Mapping):
        raise InvalidHand(f"a situation must be a JSON object, not {type(data).__name__}")
    event = data.get("event")
    if event == "kong":
        return kong_payments(data)
    if event == "draw":
        return draw_payments(data)
    if event not in (None, "win"):
        raise InvalidHand(f"'event' must be win, kong or draw, not {event!r}")
    return score_win(data)


__all__ = [
    "KONG_UNITS",
    "OPTIONS",
    "PATTERNS",
    "ROLES",
    "KawuxingDoubling",
    "KawuxingWin",
    "arithmetic_of",
    "before",
    "draw_payments",
    "kong_payments",
    "payments_of",
    "read_win",
    "readings_of",
    "resolve_options",
    "role",
    "score_hand",
    "score_json",
    "score_win",
]

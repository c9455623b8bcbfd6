"""Chinese classical mahjong: every hand scored, the losers settle among themselves.

With the British variations (the goulash with wild tiles, games of two and three) and
the five-player game with the dreamer as options. This module is the scorer: patterns as
data on the shared framework (:mod:`parlour.mahjong.scoring`), the hand situation of each
seat, and the settlement of a whole table.

>>> s = score_json({"rules": "classical", "hand": "999p 44s 67s [777m] [WWWW] f4",
...                 "win_tile": "5s", "self_drawn": True, "seat_wind": "W"})
>>> s.total, s.tally.points, s.tally.doubles
(104, 52, 1)

The source's own example, settled for the whole table (East 1820, South 1994, West
2312 and North 1874 from 2000 each):

>>> t = settle({"rules": "classical", "winner": "W", "seats": {
...     "W": {"hand": "999p 44s 67s [777m] [WWWW] f4", "win_tile": "5s", "self_drawn": True},
...     "N": {"hand": "PPP 2m 5m 8m 3p 7p 2s 9s [666m] x1"},
...     "E": {"hand": "234m 678s EE 1p 9m [8888p]"},
...     "S": {"hand": "111s FF 3m 4p 6p 3s 8s [1111m] f2 x3"}}})
>>> {seat: 2000 + n for seat, n in t.net.items()}
{'E': 1820, 'S': 1994, 'W': 2312, 'N': 1874}
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from parlour.core.errors import InvalidHand, NotationError
from parlour.core.options import Option, OptionRule, OptionSpec, check_options
from parlour.mahjong import situation as read
from parlour.mahjong.melds import KONG, Meld, parse_hand
from parlour.mahjong.scoring import Pattern, PatternLine, Score
from parlour.mahjong.scoring.arithmetic import DoublingToLimit, Tally
from parlour.mahjong.scoring.readings import (
    Reading,
    is_major,
    partial_readings,
    winning_readings,
)
from parlour.mahjong.scoring.search import Best, best_reading
from parlour.mahjong.shapes import Decomposition, PreparedHand, WildRules
from parlour.mahjong.tiles import (
    BONUS_TILES,
    DRAGONS,
    FLOWERS,
    JOKER,
    NUM_KINDS,
    SEASONS,
    WINDS,
    Tile,
    tile_name,
)

NAME = "classical"
WIND_SEATS = ("E", "S", "W", "N")
RED, GREEN, WHITE = DRAGONS
ONE_P, FIVE_P, TWO_S = 9, 13, 19
ALL_GREEN = frozenset((19, 20, 21, 23, 25, GREEN))


def _three_winds(text: str) -> bool:
    """Three distinct winds of E, S, W, N, East among them (H1): ``E,S,W``."""
    winds = [w.strip().upper() for w in text.split(",")]
    return len(set(winds)) == len(winds) == 3 and "E" in winds and set(winds) <= set(WIND_SEATS)


def _centre_round_players(values: Mapping[str, Any]) -> str | None:
    """The centre round is the fifth round of the five-player game (five-players §6):
    with fewer players it would only switch the prevailing wind on (FA2)."""
    if values["centre_round"] and values["players"] != 5:
        return (
            "option centre_round needs players=5 (the five-player game's fifth round), "
            f"not players={values['players']}"
        )
    return None


OPTIONS = OptionSpec(
    (
        Option(
            "limit",
            500,
            "the most any hand is worth, winner's or loser's",
            minimum=1,
            maximum=100_000,
        ),
        Option(
            "own_bonus_tile_double", True, "a double for each bonus tile of one's own seat number"
        ),
        Option("prevailing_wind_scoring", False, "score the prevailing (round) wind as well"),
        Option("east_pays_double", False, "East pays and receives double"),
        Option("rob_kong", False, "a tile added to an exposed pung may be robbed to go out"),
        Option("rounds", 4, "wind rounds in a game", minimum=1, maximum=4),
        Option(
            "starting_score", 2000, "each player's opening balance", minimum=0, maximum=1_000_000
        ),
        Option("goulash", False, "play a goulash hand (wild tiles, exchanges) after a washout"),
        Option(
            "goulash_wild",
            "bamboo_2",
            "in a goulash: the 2 Bamboos are wild, or four jokers are added",
            ("bamboo_2", "jokers"),
        ),
        Option("goulash_repeat", True, "a washout in a goulash is followed by another goulash"),
        Option(
            "no_chows", False, "chows forbidden (always so in a goulash and with 2 or 3 players)"
        ),
        Option("players", 4, "players: 2, 3, 4 or 5 (5: the dreamer sits out)", (2, 3, 4, 5)),
        Option(
            "two_player_min_doubles",
            4,
            "two players: doubles needed to go out",
            minimum=0,
            maximum=20,
        ),
        Option(
            "two_player_min_score",
            500,
            "two players: or this score before the limit",
            minimum=0,
            maximum=100_000,
        ),
        Option(
            "two_player_difference_payment",
            True,
            "two players: a winner with the lower score pays the difference",
        ),
        Option(
            "three_player_winds",
            "E,S,W",
            "three players: the seat winds in use",
            fits=_three_winds,
            allowed="three distinct winds of E,S,W,N including E",
        ),
        Option(
            "dreamer_lot_dragon",
            "red",
            "five players: the dragon of the seat lot",
            ("red", "white"),
        ),
        Option("east_retires_on_washout", False, "five players: a washout costs East the deal"),
        Option("centre_round", False, "five players: a fifth round ruled by the Red Dragon"),
        Option("dreamer_payment", False, "five players: the losers pay the dreamer"),
        Option(
            "dreamer_payment_east_double",
            True,
            "five players: East as loser pays the dreamer twice",
        ),
        Option(
            "dreamer_payment_scale",
            "doubling",
            "five players: the dreamer is paid 2 x 2^d (doubling) or 2 x d (linear)",
            ("doubling", "linear"),
        ),
    ),
    rules=(OptionRule("centre_round needs players=5", _centre_round_players),),
)
"""The options (classical.md, british-variations.md, five-players.md). The bounds: a
limit of 1 to 100000 (500 the default, 1000 the usual other; 100000 is as good as
none), one to four wind rounds (the game has no more winds), opening balances up to a
million, and the two-player minimum up to 20 doubles or a score of 100000 (a score
before the limit, so above the limit is meaningful: BV-4)."""

WIN_FLAGS = (
    "kong_replacement",
    "bonus_replacement",
    "last_wall_tile",
    "robbing_kong",
    "heavenly",
    "earthly",
    "kong_on_kong",
)
"""The win flags a winner's situation may set. ``last_wall_tile``: no live-wall tile was
left when the winning tile came: the last live tile drawn (D1), the discard after it
(D2), or a replacement drawn with the live wall empty (D4)."""


def resolve_options(given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Every option, the given ones checked, the rest at their defaults (the centre
    round switches the prevailing wind on unless it is given, five-players FA2)."""
    try:
        checked = check_options(OPTIONS, given or {}, NAME)
    except ValueError as e:
        raise InvalidHand(str(e)) from None
    out = {o.name: o.default for o in OPTIONS}
    if checked.get("centre_round"):
        out["prevailing_wind_scoring"] = True
    out.update(checked)
    return out


# -- a seat's hand -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatHand:
    """One seat's hand as the scorer sees it.

    ``concealed`` holds the physical concealed tiles (wilds as themselves), the winning
    tile included for the winner; ``win_tile`` is None for a hand that did not win.
    ``unavailable[k]`` counts the copies of kind ``k`` seen outside this hand (dead
    discards, other seats' melds made from discards), for the "only possible tile".
    ``round_wind`` is the prevailing value: a wind, ``C`` in the centre round, or None.
    """

    seat: str
    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...]
    bonus: tuple[Tile, ...]
    options: Mapping[str, Any]
    win_tile: Tile | None = None
    win_wild: bool = False
    self_drawn: bool = False
    discarder: str | None = None
    flags: frozenset[str] = frozenset()
    round_wind: str | None = None
    goulash: bool = False
    unavailable: tuple[int, ...] = (0,) * NUM_KINDS

    @property
    def winner(self) -> bool:
        return self.win_tile is not None

    @property
    def seat_tile(self) -> Tile:
        return WINDS[WIND_SEATS.index(self.seat)]

    @property
    def seat_number(self) -> int:
        """1 for East ... 4 for North: the number of one's own flower and season."""
        return WIND_SEATS.index(self.seat) + 1

    @property
    def prevailing_tile(self) -> Tile | None:
        """The prevailing tile that scores (None when the prevailing wind does not)."""
        if self.round_wind == "C":
            return RED
        if self.round_wind is None or not self.options["prevailing_wind_scoring"]:
            return None
        return WINDS[WIND_SEATS.index(self.round_wind)]

    @property
    def replacement(self) -> bool:
        return bool(self.flags & {"kong_replacement", "bonus_replacement"})

    @property
    def wild_rules(self) -> WildRules | None:
        """The goulash's wild tiles and their limits (G2, G6.2-G6.5); None otherwise."""
        if not self.goulash:
            return None
        wild = TWO_S if self.options["goulash_wild"] == "bamboo_2" else None
        return WildRules(
            in_chow=False,
            max_in_set=1,
            max_in_pair=1,
            max_in_kong=2,
            all_wild_sets=False,
            wild_tile=wild,
            extra_in_one_group=1 if self.win_wild else 0,
        )

    @property
    def special_wild_rules(self) -> WildRules | None:
        """The wilds' limits inside a special (limit) hand (G6.3, BA14): a pung or kong
        needs only one natural tile; a pair still holds one wild, two under G6.4 (C3)."""
        rules = self.wild_rules
        if rules is None:
            return None
        return replace(rules, max_in_set=2, max_in_kong=3, all_wild_sets=False)

    @property
    def chows_allowed(self) -> bool:
        return not (self.goulash or self.options["no_chows"] or self.options["players"] in (2, 3))

    def own(self, kind: Tile) -> int:
        """Copies of ``kind`` in this hand, natural tiles only."""
        wild = self.wild_rules
        n = sum(1 for t in self.concealed if t == kind and not _wild(t, wild))
        for m in self.melds:
            n += m.tiles.count(kind) - sum(1 for _, s in m.wilds if s == kind)
        return n

    def exhausted(self, kind: Tile) -> bool:
        """Every copy of ``kind`` is in this hand or seen outside it (C2)."""
        return self.own(kind) + self.unavailable[kind] >= 4


def _wild(t: Tile, rules: WildRules | None) -> bool:
    return t == JOKER or (rules is not None and rules.wild_tile == t)


# -- patterns ----------------------------------------------------------------------------

Count = Callable[[Reading, SeatHand], int]


def _pungs(major: bool, kong: bool, exposed: bool) -> Count:
    def count(r: Reading, h: SeatHand) -> int:
        return sum(
            1
            for m in r.pungs
            if is_major(m.first) == major and (m.kind == KONG) == kong and m.exposed == exposed
        )

    return count


def _regular(r: Reading) -> bool:
    return r.shape in ("regular", "partial")


def _pair_points(r: Reading, h: SeatHand) -> int:
    """The pair's points by §12.1 (dragons, own wind), without the prevailing wind."""
    if r.pair is None:
        return 0
    return 2 if r.pair in DRAGONS or r.pair == h.seat_tile else 0


def _dragon_pungs(r: Reading) -> int:
    return sum(1 for m in r.pungs if m.first in DRAGONS)


def _wind_pungs(r: Reading) -> int:
    return sum(1 for m in r.pungs if m.first in WINDS)


def _winner(count: Count) -> Count:
    return lambda r, h: count(r, h) if h.winner else 0


def _bonus_tiles(h: SeatHand, group: Iterable[Tile]) -> bool:
    return all(t in h.bonus for t in group)


def _suits(r: Reading) -> set[int]:
    return {t // 9 for t in r.kinds() if t < 27}


def _honours(r: Reading) -> bool:
    return any(27 <= t < NUM_KINDS for t in r.kinds())


def _only_possible(r: Reading, h: SeatHand) -> int:
    """W3: the winning tile was the only possible one (§12.6, A19), never in a goulash."""
    if h.goulash or r.win_tile is None or r.wait is None:
        return 0
    if r.wait in ("single", "closed", "edge"):
        return 1
    if r.wait == "open" and r.win_set is not None:
        chow = r.sets[r.win_set]
        other = chow.first + 3 if r.win_tile == chow.first else chow.first - 1
        return 1 if h.exhausted(other) else 0
    if r.wait == "pung" and r.pair is not None:
        return 1 if h.exhausted(r.pair) else 0
    return 0


def _concealed_hand(r: Reading, h: SeatHand) -> bool:
    """No tile came from a discard except possibly the winning tile."""
    return all(not m.exposed for m in h.melds)


def _p(
    key: str, name: str, value: int, unit: str, count: Count, *excludes: str, native: str = ""
) -> Pattern:
    return Pattern(key, name, value, native, excludes, unit, count)


PATTERNS: tuple[Pattern, ...] = (
    # limit hands (§11): the winner only
    _p(
        "heavens_blessing",
        "Heaven's Blessing",
        1,
        "limit",
        _winner(lambda r, h: "heavenly" in h.flags),
    ),
    _p(
        "earths_blessing",
        "Earth's Blessing",
        1,
        "limit",
        _winner(lambda r, h: "earthly" in h.flags),
    ),
    _p(
        "thirteen_unique_wonders",
        "Thirteen Unique Wonders",
        1,
        "limit",
        _winner(lambda r, h: r.shape == "thirteen_orphans" and _concealed_hand(r, h)),
    ),
    _p(
        "moon_from_the_bottom_of_the_sea",
        "Catching the Moon from the Bottom of the Sea",
        1,
        "limit",
        _winner(
            lambda r, h: (
                h.self_drawn
                and "last_wall_tile" in h.flags
                and not h.replacement
                and h.win_tile == ONE_P
                and not h.win_wild
            )
        ),
    ),
    _p(
        "plum_blossom_from_the_roof",
        "Gathering the Plum Blossom from the Roof",
        1,
        "limit",
        _winner(lambda r, h: h.replacement and h.win_tile == FIVE_P and not h.win_wild),
    ),
    _p(
        "three_great_scholars",
        "The Three Great Scholars",
        1,
        "limit",
        _winner(lambda r, h: r.shape == "regular" and _dragon_pungs(r) == 3),
    ),
    _p(
        "four_large_blessings",
        "Four Large Blessings",
        1,
        "limit",
        _winner(lambda r, h: r.shape == "regular" and _wind_pungs(r) == 4),
    ),
    _p(
        "kong_on_kong",
        "Twofold Plenty (Kong on Kong)",
        1,
        "limit",
        _winner(lambda r, h: "kong_on_kong" in h.flags),
    ),
    _p(
        "fourfold_plenty",
        "Fourfold Plenty",
        1,
        "limit",
        _winner(lambda r, h: r.shape == "regular" and len(r.kongs) == 4),
    ),
    _p(
        "nine_gates",
        "The Nine Gates",
        1,
        "limit",
        _winner(lambda r, h: r.shape == "nine_gates"),
    ),
    _p(
        "buried_treasure",
        "Buried Treasure",
        1,
        "limit",
        _winner(
            lambda r, h: (
                r.shape == "regular" and len(r.pungs) == 4 and all(not m.exposed for m in r.sets)
            )
        ),
    ),
    _p(
        "all_honours",
        "All Honours",
        1,
        "limit",
        _winner(lambda r, h: r.shape == "regular" and not _suits(r)),
    ),
    _p(
        "all_green",
        "All Green (Imperial Jade)",
        1,
        "limit",
        _winner(lambda r, h: r.shape == "regular" and all(t in ALL_GREEN for t in r.kinds())),
    ),
    _p(
        "heads_and_tails",
        "Heads and Tails",
        1,
        "limit",
        _winner(
            lambda r, h: (
                r.shape == "regular" and not _honours(r) and all(t % 9 in (0, 8) for t in r.kinds())
            )
        ),
    ),
    _p(
        "wriggling_snake",
        "The Wriggling Snake",
        1,
        "limit",
        _winner(lambda r, h: r.shape == "wriggling_snake" and _concealed_hand(r, h)),
    ),
    # points for sets and pairs (§12.1)
    _p("exposed_pung_simples", "exposed pung of simples", 2, "points", _pungs(False, False, True)),
    _p(
        "concealed_pung_simples",
        "concealed pung of simples",
        4,
        "points",
        _pungs(False, False, False),
    ),
    _p(
        "exposed_pung_majors",
        "exposed pung of terminals or honours",
        4,
        "points",
        _pungs(True, False, True),
    ),
    _p(
        "concealed_pung_majors",
        "concealed pung of terminals or honours",
        8,
        "points",
        _pungs(True, False, False),
    ),
    _p("exposed_kong_simples", "exposed kong of simples", 8, "points", _pungs(False, True, True)),
    _p(
        "concealed_kong_simples",
        "concealed kong of simples",
        16,
        "points",
        _pungs(False, True, False),
    ),
    _p(
        "exposed_kong_majors",
        "exposed kong of terminals or honours",
        16,
        "points",
        _pungs(True, True, True),
    ),
    _p(
        "concealed_kong_majors",
        "concealed kong of terminals or honours",
        32,
        "points",
        _pungs(True, True, False),
    ),
    _p("dragon_pair", "pair of dragons", 2, "points", lambda r, h: r.pair in DRAGONS),
    _p("own_wind_pair", "pair of one's own wind", 2, "points", lambda r, h: r.pair == h.seat_tile),
    _p(
        "prevailing_pair",
        "pair of the prevailing wind (or Red Dragon in the centre round)",
        2,
        "points",
        lambda r, h: r.pair is not None and r.pair == h.prevailing_tile,
    ),
    _p("bonus_tile", "flower or season", 4, "points", lambda r, h: len(h.bonus)),
    # winner-only points (§12.4)
    _p("going_out", "going out", 20, "points", _winner(lambda r, h: 1)),
    _p(
        "drawn_winning_tile",
        "winning tile from the wall",
        2,
        "points",
        _winner(lambda r, h: h.self_drawn),
    ),
    _p("only_possible_tile", "the only possible tile", 2, "points", _winner(_only_possible)),
    # basic doubles (§12.3), every player
    _p("dragon_set", "pung or kong of dragons", 1, "doubles", lambda r, h: _dragon_pungs(r)),
    _p(
        "own_wind_set",
        "pung or kong of one's own wind",
        1,
        "doubles",
        lambda r, h: sum(1 for m in r.pungs if m.first == h.seat_tile),
    ),
    _p(
        "prevailing_set",
        "pung or kong of the prevailing wind (or Red Dragon in the centre round)",
        1,
        "doubles",
        lambda r, h: sum(1 for m in r.pungs if m.first == h.prevailing_tile),
    ),
    _p("all_seasons", "all four seasons", 2, "doubles", lambda r, h: _bonus_tiles(h, SEASONS)),
    _p("all_flowers", "all four flowers", 2, "doubles", lambda r, h: _bonus_tiles(h, FLOWERS)),
    _p(
        "all_bonus_tiles",
        "all eight bonus tiles",
        5,
        "doubles",
        lambda r, h: _bonus_tiles(h, BONUS_TILES),
        "all_seasons",
        "all_flowers",
    ),
    _p(
        "little_three_dragons",
        "two dragon sets and a pair of the third",
        3,
        "doubles",
        lambda r, h: _dragon_pungs(r) == 2 and r.pair in DRAGONS,
        "dragon_set",
    ),
    _p(
        "three_dragon_sets",
        "three dragon sets (Three Great Scholars)",
        5,
        "doubles",
        lambda r, h: _dragon_pungs(r) == 3,
        "dragon_set",
    ),
    _p(
        "little_four_winds",
        "three wind sets and a pair of the fourth",
        1,
        "doubles",
        lambda r, h: _wind_pungs(r) == 3 and r.pair in WINDS,
    ),
    _p(
        "four_wind_sets",
        "four wind sets (Four Large Blessings)",
        3,
        "doubles",
        lambda r, h: _wind_pungs(r) == 4,
        "own_wind_set",
    ),
    _p(
        "three_concealed_pungs",
        "three concealed pungs",
        1,
        "doubles",
        lambda r, h: sum(1 for m in r.pungs if not m.exposed) >= 3,
    ),
    _p(
        "own_bonus_tile",
        "one's own flower or season",
        1,
        "doubles",
        lambda r, h: (
            sum(1 for t in h.bonus if (t - FLOWERS[0]) % 4 + 1 == h.seat_number)
            if h.options["own_bonus_tile_double"]
            else 0
        ),
    ),
    # winner-only doubles (§12.5)
    _p(
        "last_wall_tile",
        "the last tile of the wall",
        1,
        "doubles",
        _winner(lambda r, h: h.self_drawn and "last_wall_tile" in h.flags and not h.replacement),
    ),
    _p(
        "last_discard",
        "the last discard",
        1,
        "doubles",
        _winner(lambda r, h: not h.self_drawn and "last_wall_tile" in h.flags),
    ),
    _p(
        "winning_on_the_roof",
        "Winning on the Roof (a replacement tile)",
        1,
        "doubles",
        _winner(lambda r, h: h.replacement),
    ),
    _p(
        "opening_a_flower",
        "Opening a Flower (a replacement with the live wall empty)",
        2,
        "doubles",
        _winner(lambda r, h: h.replacement and "last_wall_tile" in h.flags),
        "winning_on_the_roof",
    ),
    _p(
        "worthless_hand",
        "a worthless hand (four chows and a pair of no points)",
        1,
        "doubles",
        _winner(
            lambda r, h: r.shape == "regular" and len(r.chows) == 4 and _pair_points(r, h) == 0
        ),
    ),
    _p(
        "no_chows",
        "no chows",
        1,
        "doubles",
        _winner(lambda r, h: r.shape == "regular" and not r.chows and h.chows_allowed),
    ),
    _p(
        "major_pungs",
        "all sets pungs of terminals or honours",
        1,
        "doubles",
        _winner(
            lambda r, h: (
                r.shape == "regular"
                and len(r.pungs) == 4
                and all(is_major(m.first) for m in r.pungs)
            )
        ),
    ),
    _p(
        "one_suit_with_honours",
        "honours and one suit",
        1,
        "doubles",
        _winner(lambda r, h: len(_suits(r)) == 1 and _honours(r)),
    ),
    _p(
        "one_suit",
        "one suit only",
        3,
        "doubles",
        _winner(lambda r, h: len(_suits(r)) == 1 and not _honours(r)),
    ),
)


def _gates(suit: int) -> list[int]:
    """Counts of ``1112345678999`` of one suit (L10)."""
    want = [0] * NUM_KINDS
    for i in range(9):
        want[suit * 9 + i] = 3 if i in (0, 8) else 1
    return want


def _snake(suit: int) -> list[int]:
    """Counts of ``11 2 3 4 5 6 7 8 9`` of one suit and the four winds (L15)."""
    want = [0] * NUM_KINDS
    for i in range(9):
        want[suit * 9 + i] = 2 if i == 0 else 1
    for w in WINDS:
        want[w] = 1
    return want


def _fill(
    counts: Sequence[int], wilds: Sequence[Tile], want: Sequence[int]
) -> tuple[tuple[Tile, Tile], ...] | None:
    """The wilds standing for what the natural tiles lack of the fixed pattern ``want``
    (None: the tiles do not make it). Wilds may stand for any tile of a fixed pattern
    (BA14); in a game without wilds the tiles must be the pattern exactly."""
    if any(c > w for c, w in zip(counts, want, strict=True)):
        return None
    missing = [t for t in range(NUM_KINDS) for _ in range(want[t] - counts[t])]
    if len(missing) != len(wilds):
        return None
    return tuple(zip(wilds, missing, strict=True))


def _kinds(want: Sequence[int]) -> tuple[Tile, ...]:
    return tuple(t for t in range(NUM_KINDS) for _ in range(want[t]))


@dataclass(slots=True)
class WrigglingSnake:
    """L15: ``11 2 3 4 5 6 7 8 9`` of one suit and the four winds, concealed. A fixed
    pattern: no sets, so allowed where chows are not (BA6)."""

    name: str = "wriggling_snake"

    def decompositions(self, hand: PreparedHand) -> Iterable[Decomposition]:
        if hand.melds:
            return
        for suit in range(3):
            want = _snake(suit)
            wilds = _fill(hand.counts, hand.wild_tiles, want)
            if wilds is not None:
                yield Decomposition(self.name, (), singles=_kinds(want), wilds=wilds)


@dataclass(slots=True)
class NineGates:
    """L10 (C3): the 13 tiles before the win are ``1112345678999`` of one suit and the
    winning tile (drawn or claimed) is any tile of that suit. A fixed pattern, read as
    such, so it stays allowed where chows are not (BA6)."""

    win_tile: Tile
    win_wild: bool = False
    name: str = "nine_gates"

    def decompositions(self, hand: PreparedHand) -> Iterable[Decomposition]:
        if hand.melds or hand.size != 14:
            return
        counts = list(hand.counts)
        wilds = list(hand.wild_tiles)
        if self.win_wild:
            if self.win_tile not in wilds:
                return
            wilds.remove(self.win_tile)
        elif self.win_tile >= NUM_KINDS or counts[self.win_tile] == 0:
            return
        else:
            counts[self.win_tile] -= 1
        for suit in range(3):
            if not self.win_wild and self.win_tile // 9 != suit:
                continue
            want = _gates(suit)
            filled = _fill(counts, wilds, want)
            if filled is None:
                continue
            last = suit * 9 if self.win_wild else self.win_tile  # a wild: any tile of the suit
            if self.win_wild:
                filled = (*filled, (self.win_tile, last))
            yield Decomposition(
                self.name, (), singles=tuple(sorted((*_kinds(want), last))), wilds=filled
            )


# -- scoring one hand --------------------------------------------------------------------


def readings_of(h: SeatHand, *, special_hand: bool = False) -> list[Reading]:
    """Every reading of the hand: winning readings for the winner (four sets and a pair
    with chows where they are allowed, and the fixed patterns: thirteen unique wonders,
    the nine gates, the wriggling snake), partial readings for the others.

    ``special_hand``: the winner's readings with the wilds' limits of a special hand
    (G6.3), which count only if they make a limit hand (:func:`score_hand`)."""
    if h.win_tile is None:
        return partial_readings(
            h.concealed, h.melds, constraints=h.wild_rules, chows=h.chows_allowed
        )
    rules = h.special_wild_rules if special_hand else h.wild_rules
    if rules is not None:
        rules = _rules_after_melds(h.melds, rules)
        if rules is None:
            return []
    found = winning_readings(
        h.concealed,
        h.melds,
        win_tile=h.win_tile,
        win_wild=h.win_wild,
        self_drawn=h.self_drawn,
        constraints=rules,
        kinds=("regular", "thirteen_orphans"),
        special=(WrigglingSnake(), NineGates(h.win_tile, h.win_wild)),
    )
    if h.chows_allowed or (h.flags & {"heavenly", "earthly"} and h.goulash):
        return found
    return [r for r in found if not r.chows]


def _rules_after_melds(melds: Sequence[Meld], rules: WildRules) -> WildRules | None:
    """The wilds' limits left for the concealed part once the fixed melds are counted
    (G6.2): None if a fixed meld holds more wilds than allowed. Under G6.4 one pung may
    hold one wild more; a fixed pung that takes it leaves none for the concealed part."""
    over = []
    for m in melds:
        n = len(m.wilds) - (rules.max_in_kong if m.kind == KONG else rules.max_in_set)
        if n > 0:
            over.append((m, n))
    if not over:
        return rules
    if len(over) == 1 and over[0][0].kind != KONG and over[0][1] <= rules.extra_in_one_group:
        return replace(rules, extra_in_one_group=0)
    return None


def score_hand(h: SeatHand) -> Score:
    """The hand's score (§12): its best reading, the lines and the arithmetic. A winner
    whose tiles do not make a winning hand gets an invalid score saying so; so does a
    two-player winner under the minimum (T3). In a goulash a hand whose wilds are legal
    only in a special hand (G6.3) counts if it is a limit hand."""
    arithmetic = DoublingToLimit(h.options["limit"])
    accept = None
    if h.winner and h.options["players"] == 2:
        # C6: the minimum is met if any legal reading meets it; that reading is scored
        def accept(t: Tally) -> bool:
            return _meets_two_player_minimum(t, h)

    best = best_reading(readings_of(h), PATTERNS, h, arithmetic, accept=accept)
    if h.winner and h.goulash and (best is None or not best.tally.limit):
        special = best_reading(readings_of(h, special_hand=True), PATTERNS, h, arithmetic)
        if special is not None and special.tally.limit:
            best = special
    if best is not None:
        return _score_of(best, h)
    if not h.winner:
        return Score(True, 0, reading="")
    fallback = best_reading(readings_of(h), PATTERNS, h, arithmetic)
    if fallback is None:
        return Score(False, 0, reason=_not_a_win(h))
    score = _score_of(fallback, h)
    t = fallback.tally
    return Score(
        False,
        score.total,
        score.patterns,
        reason=(
            f"two players: going out needs {h.options['two_player_min_doubles']} doubles "
            f"or {h.options['two_player_min_score']} points before the limit, or a limit "
            f"hand; this hand has {t.doubles} doubles and {t.raw}"
        ),
        explain=score.explain,
        tally=t,
        reading=score.reading,
    )


def _not_a_win(h: SeatHand) -> str:
    """Why a winner's tiles are no win."""
    rules = h.wild_rules
    if rules is not None and _rules_after_melds(h.melds, rules) is None:
        return (
            f"{h.seat}'s melds hold too many wilds: a pung may hold one and a kong two "
            "(G6.2), one pung one more if the winning tile is a wild (G6.4), or more in "
            "a limit hand (G6.3)"
        )
    what = "four sets and a pair without chows" if not h.chows_allowed else "a winning hand"
    return f"{h.seat}'s tiles do not make {what}"


def _meets_two_player_minimum(t: Tally, h: SeatHand) -> bool:
    return bool(
        t.limit
        or t.doubles >= h.options["two_player_min_doubles"]
        or t.raw >= h.options["two_player_min_score"]
    )


def _score_of(best: Best, h: SeatHand) -> Score:
    t = best.tally
    if t.limit:
        arithmetic = f"limit hand: {t.total}"
    else:
        arithmetic = f"{t.points} points x 2^{t.doubles} = {t.raw}"
        if t.total != t.raw:
            arithmetic += f", capped at the limit {t.total}"
    return Score(
        True,
        t.total,
        best.lines,
        explain=(f"reading: {best.reading}", arithmetic),
        tally=t,
        reading=str(best.reading),
    )


# -- situations from JSON ----------------------------------------------------------------

_SEAT_FIELDS = frozenset(("hand", "bonus", "win_tile", "self_drawn", "discarder", *WIN_FLAGS))
_SINGLE_FIELDS = _SEAT_FIELDS | {
    "rules",
    "options",
    "seat_wind",
    "round_wind",
    "visible",
    "goulash",
}
_TABLE_FIELDS = frozenset(
    ("rules", "options", "winner", "seats", "visible", "round_wind", "goulash", "dreamer")
)


@dataclass(frozen=True, slots=True)
class _Parsed:
    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...]
    bonus: tuple[Tile, ...]
    win_tile: Tile | None
    win_wild: bool


def _parse_seat(
    seat: str, data: Mapping[str, Any], *, winner: bool, options: Mapping[str, Any], goulash: bool
) -> tuple[_Parsed, dict[str, Any]]:
    if not isinstance(data, Mapping):
        raise InvalidHand(f"seat {seat} must be an object with a 'hand', not {data!r}")
    unknown = sorted(k for k in data if k not in _SEAT_FIELDS)
    if unknown:
        raise InvalidHand(f"unknown field {unknown[0]!r} for seat {seat}")
    text = data.get("hand")
    if not isinstance(text, str):
        raise InvalidHand(f"seat {seat} needs a 'hand' in notation, such as '123m 456p EEE'")
    try:
        hand = parse_hand(text)
    except (NotationError, ValueError) as e:
        raise InvalidHand(f"seat {seat}'s hand: {e}") from None
    bonus = [t for t in hand.concealed if t in BONUS_TILES]
    concealed = [t for t in hand.concealed if t not in BONUS_TILES]
    bonus += read.bonus_tiles(data.get("bonus"), f"seat {seat}'s 'bonus'")
    if len(set(bonus)) != len(bonus):
        raise InvalidHand(f"seat {seat} holds the same bonus tile twice")
    wild = TWO_S if goulash and options["goulash_wild"] == "bamboo_2" else None
    marked = [*hand.wild_marks, *(p for m in hand.melds for p, _ in m.wilds)]
    _check_wild_tiles(seat, marked + [t for t in concealed if t == JOKER], goulash, wild)
    size = len(concealed) + 3 * len(hand.melds)
    flags: dict[str, Any] = {}
    win_tile: Tile | None = None
    win_wild = False
    if winner:
        raw_win = data.get("win_tile")
        if not isinstance(raw_win, str):
            raise InvalidHand(f"the winner {seat} needs a 'win_tile', such as '5s'")
        win_tile, win_marked = read.marked_tile(raw_win, "'win_tile'", "5s")
        if win_tile >= NUM_KINDS and win_tile != JOKER:
            raise InvalidHand(
                f"'win_tile' must be a playing tile, not the bonus tile {tile_name(win_tile)}"
            )
        used = [win_tile] if win_marked or win_tile == JOKER else []
        _check_wild_tiles(seat, used, goulash, wild)
        win_wild = win_tile in (JOKER, wild) or win_marked
        if size == 13:
            concealed.append(win_tile)
        elif size == 14:
            if win_tile not in concealed:
                raise InvalidHand(
                    f"{seat}'s hand holds 14 tiles but not the winning tile {tile_name(win_tile)}"
                )
        else:
            raise InvalidHand(
                f"the winner {seat}'s hand holds {size} tiles (melds counting three); it "
                "should hold 13 before the winning tile (or 14 with it)"
            )
        self_drawn = read.flag(data, "self_drawn")
        discarder = data.get("discarder")
        if self_drawn and discarder is not None:
            raise InvalidHand("a self-drawn win has no 'discarder'")
        if not self_drawn and discarder is None:
            raise InvalidHand(
                f"say how {seat} won: 'self_drawn': true, or 'discarder' with the seat that "
                "discarded the winning tile"
            )
        if discarder is not None:
            others = tuple(s for s in _seats_in_play(options) if s != seat)
            discarder = read.wind(discarder, "'discarder'", "another seat in play", winds=others)
        flags["self_drawn"] = self_drawn
        flags["discarder"] = discarder
        for name in WIN_FLAGS:
            flags[name] = read.flag(data, name)
        if (flags["kong_replacement"] or flags["bonus_replacement"]) and not self_drawn:
            raise InvalidHand("a win on a replacement tile is self-drawn")
        if flags["robbing_kong"] and self_drawn:
            raise InvalidHand("a win by robbing a kong is not self-drawn: name the 'discarder'")
        if flags["robbing_kong"] and not options["rob_kong"]:
            raise InvalidHand("a kong may be robbed only with the option rob_kong (§6.6)")
        _check_win_flags(seat, flags, sum(1 for m in hand.melds if m.kind == KONG))
    else:
        present = sorted(
            k for k in ("win_tile", "self_drawn", "discarder", *WIN_FLAGS) if k in data
        )
        if present:
            raise InvalidHand(f"{seat} did not win, so {present[0]!r} does not apply")
        if size != 13:
            raise InvalidHand(
                f"{seat}'s hand holds {size} tiles (melds counting three); a hand that did not "
                "win holds 13"
            )
    return _Parsed(
        tuple(sorted(concealed)), hand.melds, tuple(sorted(bonus)), win_tile, win_wild
    ), flags


def _check_wild_tiles(seat: str, tiles: Sequence[Tile], goulash: bool, wild: Tile | None) -> None:
    """The tiles used as wilds (marked ``*``, and jokers) are the goulash's wilds only
    (G2): the 2 Bamboos (``wild``) or, with ``goulash_wild = jokers``, the jokers."""
    for t in tiles:
        if not goulash:
            raise InvalidHand(
                f"seat {seat}'s hand holds a wild tile ({tile_name(t)}*), but wilds are used "
                "only in a goulash"
            )
        if t == JOKER and wild is not None:
            raise InvalidHand(
                f"seat {seat} holds a joker (J): jokers are wild only with goulash_wild "
                "'jokers'; here the 2 Bamboos are the wilds"
            )
        if t == TWO_S and wild is None:
            raise InvalidHand(
                f"seat {seat}: with jokers as the wilds a 2 Bamboo is an ordinary tile"
            )
        if t not in (JOKER, wild):
            name = "the 2 Bamboos" if wild is not None else "the jokers (J)"
            raise InvalidHand(f"seat {seat}: {tile_name(t)}* is no wild; {name} are")


def _check_win_flags(seat: str, flags: Mapping[str, Any], kongs: int) -> None:
    """The win flags that only some wins can have (§11 L1, L2, L8; §12.5 D3)."""
    if flags["heavenly"] and (seat != "E" or not flags["self_drawn"]):
        raise InvalidHand(
            "Heaven's Blessing ('heavenly') is East's own dealt hand, self-drawn (L1)"
        )
    if flags["earthly"] and (seat == "E" or flags["discarder"] != "E"):
        raise InvalidHand(
            "Earth's Blessing ('earthly') is another player's win on East's first discard: "
            "give 'discarder': 'E' (L2)"
        )
    if flags["kong_replacement"] and kongs == 0:
        raise InvalidHand("a win on a kong's replacement tile needs a kong in the hand")
    if flags["kong_on_kong"] and (not flags["kong_replacement"] or kongs < 2):
        raise InvalidHand(
            "Kong on Kong ('kong_on_kong') is a win on the replacement tile of a second "
            "kong: the hand holds two kongs and sets 'kong_replacement' (L8)"
        )


def _seat_hand(
    seat: str,
    parsed: _Parsed,
    flags: Mapping[str, Any],
    options: Mapping[str, Any],
    round_wind: str | None,
    goulash: bool,
    unavailable: Sequence[int],
) -> SeatHand:
    return SeatHand(
        seat,
        parsed.concealed,
        parsed.melds,
        parsed.bonus,
        options,
        win_tile=parsed.win_tile,
        win_wild=parsed.win_wild,
        self_drawn=bool(flags.get("self_drawn", False)),
        discarder=flags.get("discarder"),
        flags=frozenset(k for k in WIN_FLAGS if flags.get(k)),
        round_wind=round_wind,
        goulash=goulash,
        unavailable=tuple(unavailable),
    )


def _round_wind(value: object, options: Mapping[str, Any]) -> str | None:
    """The round wind (None when not given), or ``C``, the centre round of the
    five-player game, with the option ``centre_round``."""
    if value is None:
        return None
    wind = read.wind(value, "'round_wind'", "a wind or the centre round", winds=(*WIND_SEATS, "C"))
    if wind == "C" and not options["centre_round"]:
        raise InvalidHand(
            "round_wind 'C' is the centre round of the five-player game (centre_round)"
        )
    return wind


def _visible(value: object) -> list[Tile]:
    """The dead discards (playing tiles and jokers)."""
    tiles = read.tiles(value, "'visible'", "tiles in notation (the dead discards)")
    for t in tiles:
        if t >= NUM_KINDS and t != JOKER:
            raise InvalidHand(f"'visible' holds {tile_name(t)}; it lists discarded playing tiles")
    return tiles


def seen_elsewhere(dead: Iterable[Tile], others_melds: Iterable[Iterable[Meld]]) -> list[int]:
    """Copies of each kind seen outside a hand (C2): the dead discards and the other
    seats' melds made from discards (not their concealed kongs). A discarded joker is
    no kind.

    >>> from parlour.mahjong.tiles import parse_tiles
    >>> seen_elsewhere(parse_tiles("3p 3p J"), [[]])[parse_tiles("3p")[0]]
    2
    """
    seen = [0] * NUM_KINDS
    for t in dead:
        if t < NUM_KINDS:
            seen[t] += 1
    for melds in others_melds:
        for m in melds:
            if m.exposed:
                for t in m.tiles:
                    seen[t] += 1
    return seen


def score_json(data: Mapping[str, Any]) -> Score:
    """Score one winning hand given as a situation dict (``parlour.score`` with
    ``"rules": "classical"``): ``hand``, ``win_tile``, ``self_drawn`` or ``discarder``,
    ``seat_wind``, optional ``round_wind``, ``bonus``, ``visible``, ``goulash`` and the
    win flags. ``payments`` are the winner's from each of the other seats (the losers'
    own hands are not known, so they do not settle among themselves here)."""
    if not isinstance(data, Mapping):
        raise InvalidHand(f"a situation must be a JSON object, not {type(data).__name__}")
    unknown = sorted(k for k in data if k not in _SINGLE_FIELDS)
    if unknown:
        raise InvalidHand(f"unknown field {unknown[0]!r} in the situation")
    options = resolve_options(data.get("options"))
    in_play = _seats_in_play(options)
    seat = read.wind(data.get("seat_wind", "E"), "'seat_wind'", "a seat in play", winds=in_play)
    goulash = read.flag(data, "goulash")
    seat_data = {k: v for k, v in data.items() if k in _SEAT_FIELDS}
    parsed, flags = _parse_seat(seat, seat_data, winner=True, options=options, goulash=goulash)
    visible = _visible(data.get("visible"))
    _check_counts([("the hand", parsed)], visible, goulash, options)
    unavailable = seen_elsewhere(visible, [])
    h = _seat_hand(
        seat,
        parsed,
        flags,
        options,
        _round_wind(data.get("round_wind"), options),
        goulash,
        unavailable,
    )
    s = score_hand(h)
    if not s.valid:
        return s
    others = [x for x in in_play if x != seat]
    payments = {x: -_pay(s.total, seat, x, options) for x in others}
    payments[seat] = -sum(payments.values())
    return Score(True, s.total, s.patterns, payments, None, s.explain, s.tally, s.reading)


def _seats_in_play(options: Mapping[str, Any]) -> tuple[str, ...]:
    players = options["players"]
    if players == 2:
        return ("E", "W")
    if players == 3:
        winds = tuple(w.strip().upper() for w in str(options["three_player_winds"]).split(","))
        if len(winds) != 3 or "E" not in winds or any(w not in WIND_SEATS for w in winds):
            raise InvalidHand(
                f"option three_player_winds must name three winds including E, not "
                f"{options['three_player_winds']!r}"
            )
        return tuple(w for w in WIND_SEATS if w in winds)
    return WIND_SEATS


def _pay(amount: int, a: str, b: str, options: Mapping[str, Any]) -> int:
    """One payment between seats ``a`` and ``b``, doubled when East is one of them and
    East pays double (never with two players, BA1)."""
    if options["east_pays_double"] and options["players"] != 2 and "E" in (a, b):
        return 2 * amount
    return amount


def _check_counts(
    hands: Sequence[tuple[str, _Parsed]],
    visible: Sequence[Tile],
    goulash: bool,
    options: Mapping[str, Any],
) -> None:
    """No more than four of a kind and one of each bonus tile across the table."""
    counts: dict[Tile, int] = {}

    def add(t: Tile) -> None:
        counts[t] = counts.get(t, 0) + 1

    for _, p in hands:
        for t in p.concealed:
            add(t)
        for m in p.melds:
            for t in m.physical_tiles():
                add(t)
        for t in p.bonus:
            add(t)
    for t in visible:
        add(t)
    for t, n in sorted(counts.items()):
        limit = 1 if t in BONUS_TILES else 4
        if t == JOKER:
            limit = 4 if goulash and options["goulash_wild"] == "jokers" else 0
        if n > limit and limit == 0:
            raise InvalidHand(
                "jokers (J) are used only in a goulash with goulash_wild 'jokers', "
                f"but the {'table' if len(hands) > 1 else 'hand'} holds {n}"
            )
        if n > limit:
            where = "the table" if len(hands) > 1 else "the hand"
            raise InvalidHand(f"{where} holds {n} copies of {tile_name(t)}; there are only {limit}")


# -- the whole table ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TableScore:
    """Every seat's score and the settlement: ``net`` is the change to each balance by
    seat (summing to zero), ``payments`` the single payments ``(payer, payee, amount)``
    in the order the rulebook makes them."""

    winner: str | None
    scores: dict[str, Score]
    net: dict[str, int]
    payments: tuple[tuple[str, str, int], ...] = ()
    explain: tuple[str, ...] = field(default=())
    valid: bool = True
    reason: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"valid": self.valid}
        if self.reason is not None:
            out["reason"] = self.reason
        out.update(
            {
                "winner": self.winner,
                "scores": {seat: s.to_json() for seat, s in self.scores.items()},
                "net": dict(self.net),
                "payments": [{"from": a, "to": b, "amount": n} for a, b, n in self.payments],
                "explain": list(self.explain),
            }
        )
        return out


def settle(data: Mapping[str, Any]) -> TableScore:
    """Score every seat's hand and settle the table (§12, §13; two players T5; the
    dreamer's payment, five players §7). See the module docstring for the JSON."""
    if not isinstance(data, Mapping):
        raise InvalidHand(f"a table must be a JSON object, not {type(data).__name__}")
    unknown = sorted(k for k in data if k not in _TABLE_FIELDS)
    if unknown:
        raise InvalidHand(f"unknown field {unknown[0]!r} in the table")
    options = resolve_options(data.get("options"))
    in_play = _seats_in_play(options)
    seats = data.get("seats")
    if not isinstance(seats, Mapping):
        raise InvalidHand("the table needs 'seats': an object of seat wind -> hand situation")
    for seat in seats:
        if seat not in in_play:
            raise InvalidHand(f"seat {seat!r} is not in play (seats: {', '.join(in_play)})")
    missing = [s for s in in_play if s not in seats]
    if missing:
        raise InvalidHand(f"seat {missing[0]} has no hand")
    winner = data.get("winner")
    if winner is not None and winner not in in_play:
        raise InvalidHand(f"'winner' must be a seat in play or null (a washout), not {winner!r}")
    goulash = read.flag(data, "goulash")
    round_wind = _round_wind(data.get("round_wind"), options)
    visible = _visible(data.get("visible"))
    parsed: dict[str, tuple[_Parsed, dict[str, Any]]] = {}
    for seat in in_play:
        parsed[seat] = _parse_seat(
            seat, seats[seat], winner=seat == winner, options=options, goulash=goulash
        )
    _check_counts([(s, p) for s, (p, _) in parsed.items()], visible, goulash, options)
    dreamer = data.get("dreamer")
    if dreamer is not None:
        if options["players"] != 5:
            raise InvalidHand("a dreamer sits out only in the five-player game (players 5)")
        if not isinstance(dreamer, str) or not dreamer.strip() or dreamer in in_play:
            raise InvalidHand(
                f"'dreamer' must be the name of the player sitting out, not {dreamer!r}"
            )
    if winner is None:
        zero = {s: Score(True, 0, explain=("washout: nobody scores",)) for s in in_play}
        net = dict.fromkeys(in_play, 0)
        if dreamer is not None:
            net[dreamer] = 0
        return TableScore(None, zero, net, (), ("washout: nothing is paid",))
    scores: dict[str, Score] = {}
    for seat in in_play:
        others = [parsed[other][0].melds for other in in_play if other != seat]
        unavailable = seen_elsewhere(visible, others)
        p, flags = parsed[seat]
        h = _seat_hand(seat, p, flags, options, round_wind, goulash, unavailable)
        scores[seat] = score_hand(h)
    if not scores[winner].valid:
        # a win the rules refuse: every hand as it stands, nothing paid
        net = dict.fromkeys(in_play, 0)
        if dreamer is not None:
            net[dreamer] = 0
        reason = f"{winner} may not go out: {scores[winner].reason}"
        return TableScore(winner, scores, net, (), (reason,), valid=False, reason=reason)
    return _settle_scores(winner, scores, in_play, options, dreamer)


def _settle_scores(
    winner: str,
    scores: Mapping[str, Score],
    in_play: Sequence[str],
    options: Mapping[str, Any],
    dreamer: str | None,
) -> TableScore:
    sw = scores[winner].total
    losers = [s for s in _turn_order_from(winner, in_play) if s != winner]
    payments: list[tuple[str, str, int]] = []
    explain: list[str] = []
    for loser in losers:
        payments.append((loser, winner, _pay(sw, loser, winner, options)))
    explain.append(f"each loser pays {winner} {sw}")
    if options["players"] == 2:
        loser = losers[0]
        sl = scores[loser].total
        if options["two_player_difference_payment"] and sl > sw:
            payments.append((winner, loser, sl - sw))
            explain.append(
                f"{loser}'s hand ({sl}) beats {winner}'s, so {winner} pays the difference"
            )
    else:
        for collector in losers:
            for payer in losers:
                if payer == collector:
                    continue
                a = scores[collector].total
                b = scores[payer].total
                # between two losers only the difference moves, from the lower score
                if a > b:
                    payments.append((payer, collector, _pay(a - b, payer, collector, options)))
    if dreamer is not None and options["dreamer_payment"]:
        d = _winner_doubles(scores[winner])
        for loser in losers:
            amount = 2 << d if options["dreamer_payment_scale"] == "doubling" else 2 * d
            if loser == "E" and options["dreamer_payment_east_double"]:
                amount *= 2
            payments.append((loser, dreamer, amount))
        explain.append(f"the dreamer is paid for {d} double" + ("" if d == 1 else "s"))
    net: dict[str, int] = dict.fromkeys(in_play, 0)
    if dreamer is not None:
        net[dreamer] = 0
    for payer, payee, amount in payments:
        net[payer] -= amount
        net[payee] += amount
    return TableScore(winner, dict(scores), net, tuple(payments), tuple(explain))


def _winner_doubles(s: Score) -> int:
    """The winner's doubles for the dreamer's payment: a limit hand counts six, and no
    hand more than six (FA4)."""
    t = s.tally
    if t is None or t.limit:
        return 6
    return min(t.doubles, 6)


def _turn_order_from(seat: str, in_play: Sequence[str]) -> list[str]:
    i = in_play.index(seat)
    return [in_play[(i + k) % len(in_play)] for k in range(len(in_play))]


def score(situation: Any) -> Score:
    """``parlour.score`` for a parsed MCR-style situation is not used by classical;
    :func:`score_json` reads the dict."""
    raise InvalidHand("classical hands are scored from their JSON: use parlour.score(dict)")


def lines_text(lines: Sequence[PatternLine]) -> list[str]:
    """The lines as a player reads them: ``concealed pung of simples x2: 8 points``."""
    out = []
    for line in lines:
        times = f" x{line.count}" if line.count > 1 else ""
        unit = "limit" if line.unit == "limit" else f"{line.points} {line.unit}"
        out.append(f"{line.name}{times}: {unit}")
    return out


__all__ = [
    "OPTIONS",
    "PATTERNS",
    "WIN_FLAGS",
    "SeatHand",
    "TableScore",
    "lines_text",
    "readings_of",
    "resolve_options",
    "score_hand",
    "score_json",
    "seen_elsewhere",
    "settle",
]

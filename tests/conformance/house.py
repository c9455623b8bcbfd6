"""``test-house``: a rule system that lives in the tests, as a house rulebook would live in
its own package, and touches nothing of parlour's.

It is the proof that a new rule system is its own package and nothing else: registered
(``register(HOUSE)``, or ``PARLOUR_SYSTEMS=house`` with this folder on the path), it is
listed by ``parlour rules``, scored by ``parlour score`` with a flag of its own
(``--house-bonus``), played at the terminal, simulated, recorded, validated and served,
and it passes the conformance suite.

The house rules: three players (East, South, West) on the 84 tiles of two suits and the
dragons, walls of 14 stacks broken by one throw; no chows; any complete hand goes out
(four sets and a pair, or seven pairs). A win is worth 1, and 1 more for each kong, for
a dragon pung (2 with the option ``dragons_double``) and for a self-drawn win, plus the
house bonus, to the option ``limit``; the discarder pays it, or both others when
self-drawn. A match is one round of three hands.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parlour.core.errors import InvalidHand
from parlour.core.options import Option, check_options, option_values
from parlour.core.systems import PLAYABLE, Field
from parlour.mahjong import situation as fields
from parlour.mahjong.melds import KONG, PUNG, Meld, parse_hand
from parlour.mahjong.ruleset import Ruleset, WonHand
from parlour.mahjong.scoring import PatternLine, Score
from parlour.mahjong.session import SessionRules
from parlour.mahjong.shapes import decompositions
from parlour.mahjong.system import MahjongSystem
from parlour.mahjong.tiles import DRAGONS, TILES_84, Tile, tile_name
from parlour.mahjong.wall import WallRules

NAME = "test-house"
SEATS = ("E", "S", "W")
OPTIONS = (
    Option("limit", 10, "the most a hand is worth"),
    Option("dragons_double", False, "a dragon pung is worth 2, not 1"),
)


def value(
    concealed: list[Tile],
    melds: tuple[Meld, ...],
    *,
    self_drawn: bool,
    options: Mapping[str, Any],
    bonus: int = 0,
) -> Score:
    """The value of a hand (concealed tiles with the winning tile, and melds)."""
    found = next(iter(decompositions(concealed, list(melds))), None)
    if found is None:
        return Score(False, 0, (), reason="the tiles make no complete hand")
    lines = [PatternLine("Going out", 1)]
    kongs = sum(1 for m in found.melds if m.kind == KONG)
    if kongs:
        lines.append(PatternLine("Kong", 1, kongs))
    dragons = sum(1 for m in found.melds if m.kind in (PUNG, KONG) and m.tiles[0] in DRAGONS)
    if dragons:
        lines.append(PatternLine("Dragon pung", 2 if options["dragons_double"] else 1, dragons))
    if self_drawn:
        lines.append(PatternLine("Self-drawn", 1))
    if bonus:
        lines.append(PatternLine("House bonus", bonus))
    total = min(sum(line.points for line in lines), options["limit"])
    return Score(True, total, tuple(lines), explain=(f"worth {total}",))


def payments(total: int, seat: str, discarder: str | None) -> dict[str, int]:
    out = dict.fromkeys(SEATS, 0)
    payers = [s for s in SEATS if s != seat] if discarder is None else [discarder]
    for p in payers:
        out[p] -= total
        out[seat] += total
    return out


def _options(given: object) -> dict[str, Any]:
    if given is None:
        given = {}
    if not isinstance(given, Mapping):
        raise InvalidHand(f"'options' must be an object, not {given!r}")
    try:
        return option_values(OPTIONS, check_options(OPTIONS, given, NAME))
    except ValueError as e:
        raise InvalidHand(str(e)) from None


def score_json(data: Mapping[str, Any]) -> Score:
    """Score a house situation: ``hand`` (winning tile included), ``win_tile``,
    ``seat_wind``, ``self_drawn`` or ``discarder``, ``house_bonus``, ``options``."""
    if not isinstance(data, Mapping):
        raise InvalidHand(f"a situation must be a JSON object, not {type(data).__name__}")
    known = {"rules", "options", "hand", "win_tile", "seat_wind", "self_drawn", "discarder"}
    unknown = sorted(set(data) - known - {"house_bonus"})
    if unknown:
        raise InvalidHand(f"unknown field {unknown[0]!r} in the situation")
    options = _options(data.get("options"))
    hand = parse_hand(data.get("hand", "")) if isinstance(data.get("hand"), str) else None
    if hand is None:
        raise InvalidHand("the situation has no 'hand'")
    win = fields.one_tile(data.get("win_tile"), "'win_tile'")
    if win not in hand.concealed:
        raise InvalidHand(f"the winning tile {tile_name(win)} is not among the concealed tiles")
    seat = fields.wind(data.get("seat_wind", "E"), "'seat_wind'")
    self_drawn = fields.flag(data, "self_drawn")
    discarder = data.get("discarder")
    if self_drawn and discarder is not None:
        raise InvalidHand("a self-drawn win has no 'discarder'")
    if not self_drawn:
        discarder = fields.wind(discarder or SEATS[SEATS.index(seat) - 1], "'discarder'")
    if seat not in SEATS or (discarder is not None and discarder not in SEATS):
        raise InvalidHand("the house plays at three seats: E, S and W")
    bonus = fields.count(data.get("house_bonus", 0), "'house_bonus'", 0, 9)
    score = value(
        list(hand.concealed), hand.melds, self_drawn=self_drawn, options=options, bonus=bonus
    )
    if not score.valid:
        return score
    return Score(True, score.total, score.patterns, payments(score.total, seat, discarder))


class HouseRuleset(Ruleset):
    """The house rules at the table: the shared procedure with three seats on 84 tiles,
    no chows, and the house's scoring."""

    name = NAME
    title = "A house rulebook (test-only)"
    num_seats = 3
    tile_set = TILES_84
    wall = WallRules(stacks_per_wall=14, break_throws=1)
    win_shapes = ("regular", "seven_pairs")
    win_chows = True
    options_spec = OPTIONS

    def may_chow(self, claimer: int, discarder: int) -> bool:
        return False

    def score(self, hand: WonHand) -> Score:
        settings = option_values(OPTIONS, self.options)
        s = value(
            [*hand.concealed, hand.tile],
            tuple(hand.melds),
            self_drawn=hand.how.self_drawn,
            options=settings,
        )
        if not s.valid:
            return s
        return Score(
            True, s.total, s.patterns, payments(s.total, hand.seat_wind, hand.discarder_wind)
        )


SITUATION = (
    fields.HAND,
    fields.WIN_TILE,
    Field("seat_wind", "The winner's seat: E, S or W.", flag="--seat", metavar="WIND"),
    fields.SELF_DRAWN,
    Field(
        "discarder",
        "The discarder's seat (default: the winner's left-hand neighbour).",
        flag="--from",
        metavar="SEAT",
    ),
    Field("house_bonus", "Points the house adds to a win (0 to 9).", "count", metavar="N"),
)

HOUSE = MahjongSystem(
    name=NAME,
    title="A house rulebook registered from the tests: three players, 84 tiles, no chows",
    players=(3,),
    status=PLAYABLE,
    source="the conformance suite",
    order=500,
    situation=SITUATION,
    examples=(
        f'parlour score "{"123p 456p 789s CCC 55s"}" --rules {NAME} --win 5s --house-bonus 2',
    ),
    option_cases=({}, {"limit": 3, "dragons_double": True}),
    ruleset=HouseRuleset,
    session_rules=SessionRules(rounds="E"),
    scorer=score_json,
)

SYSTEMS = (HOUSE,)

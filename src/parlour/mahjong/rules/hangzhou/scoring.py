"""Hangzhou mahjong: the scorer (spec ``hangzhou.md``, §3, §6-§9, §11 and the
clarifications C1-C10).

Fourteen-tile hands (four sets and a pair, or seven pairs), three fortune tiles (财神)
wild, the White Dragons taking the indicator's face value, and one payment rule: each
loser pays 1 × the banker factor f (2, 4, 8 by the banker's stay level ``lao``) when
the banker wins or pays, × 2 for each double. Every double multiplies: wild eye,
fortune floats, kong bloom (per kong of the streak), robbing a kong, seven pairs (×4
when clean), deluxe. A win on a discard or by robbing a kong is allowed only between
the banker and a non-banker at lao ≥ 3; three-set liability makes one player pay
alone; the chip limit ``max_loss`` is applied by the match (:func:`pay_within_chips`).

A situation names the indicator (``fortune``); every fortune is marked ``*``, the
winning tile included, and a White is written ``P``. Ex 4 of the spec:

>>> s = score_json({"rules": "hangzhou", "fortune": "4s", "seat_wind": "E", "lao": 3,
...                 "hand": "123m 456m 789p 222s 4s* 9m", "win_tile": "9m",
...                 "self_drawn": True})
>>> s.tally.doubles, s.payments
(1, {'E': 48, 'S': -16, 'W': -16, 'N': -16})
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from parlour.core.errors import InvalidHand
from parlour.core.options import NO_BOUND, Option, check_options
from parlour.mahjong import situation as read
from parlour.mahjong.melds import KONG, Meld
from parlour.mahjong.scoring import Pattern, Score
from parlour.mahjong.scoring.arithmetic import CappedDoubling, Tally
from parlour.mahjong.scoring.readings import Reading, winning_readings
from parlour.mahjong.scoring.search import Best, best_reading, count_patterns, declared_score
from parlour.mahjong.shapes import WildRules
from parlour.mahjong.tiles import (
    BONUS_TILES,
    JOKER,
    NUM_KINDS,
    WHITE,
    Tile,
    format_tiles,
    tile_name,
)

SEATS = read.WINDS
"""Seats in turn order (counter-clockwise at the table: South plays after East)."""

BANKER_FACTORS = {1: 2, 2: 4, 3: 8}
"""The banker factor f by stay level (§3.3): 2 at 1牢, 4 at 2牢, 8 at 3牢 or more (C9)."""

OPTIONS: tuple[Option, ...] = (
    Option(
        "max_loss",
        100,
        "the chip limit: each player starts with this many chips and never pays more than "
        "he holds (a session rule, §1)",
        minimum=1,
        maximum=NO_BOUND,
    ),
    Option(
        "seating_method",
        "dice",
        "how seats are drawn: dice, a row of tiles, or free picks (a table rule, §2)",
        ("dice", "row", "free"),
    ),
    Option(
        "first_banker_method",
        "dice",
        "the first banker: East's roll, or everyone rolls and the highest is banker "
        "(a table rule, §3.1)",
        ("dice", "highest_roll"),
    ),
    Option(
        "missed_pung_freeze",
        False,
        "after not punging a tile, no pung of that kind until one's turn (a table rule)",
    ),
    Option(
        "missed_win_freeze",
        False,
        "after not winning on a tile, no win on that kind until one's turn (a table rule)",
    ),
    Option(
        "float_player_may_claim",
        False,
        "in his float round the floater may chow, pung or kong a discard to win by kong "
        "bloom or float again (§8)",
    ),
    Option(
        "robbing_kong_from_lao",
        3,
        "the stay level from which a kong may be robbed (between banker and non-banker)",
        (2, 3),
    ),
    Option(
        "no_clean_bonus_on_claim",
        False,
        "no extra double for clean seven pairs won on a discard or by robbing (§8)",
    ),
    Option(
        "liability_restriction",
        "none",
        "banker_only: three-set liability only between banker and non-banker, the claim "
        "between non-bankers that would make it forbidden; no_three_chows_nonbankers: "
        "only three chows between non-bankers forbidden",
        ("none", "banker_only", "no_three_chows_nonbankers"),
    ),
    Option(
        "liability_restriction_scope",
        "always",
        "when liability_restriction applies: always, when_banker_staying (lao 2 or more) or lao3",
        ("always", "when_banker_staying", "lao3"),
    ),
    Option(
        "max_two_claims_same_source",
        False,
        "nobody makes more than two claims from the same player in a hand",
    ),
    Option(
        "liability_on_claimed_win",
        False,
        "three-set liability applies to wins on a discard too: the giver of three sets "
        "pays the discarder's payment again, the receiver twice it",
    ),
    Option(
        "float_second_half_liability",
        False,
        "needs float_player_may_claim: the player whose discard the floater claimed pays "
        "alone for the doubles gained after the claim",
    ),
    Option(
        "permanent_white_fortune",
        False,
        "no indicator: the four Whites are the fortune tiles",
    ),
    Option("wall_only", False, "only own-tile wins, even at 3 lao; no robbing"),
    Option(
        "ten_honours",
        False,
        "a player whose first ten or more discards were all honours may declare a win",
    ),
    Option(
        "ten_honours_mode",
        "own_tile_plus",
        "ten honours scores as an own-tile win with x2 per honour beyond ten "
        "(own_tile_plus) or as a wild eye (wild_eye)",
        ("own_tile_plus", "wild_eye"),
    ),
    Option(
        "immediate_third_banker",
        False,
        "a double on the wall-breaking roll sets lao to 3 at once (a table rule)",
    ),
)
"""The options of §11, with their defaults."""

_FIELDS = frozenset(
    (
        "rules",
        "options",
        "hand",
        "win_tile",
        "self_drawn",
        "discarder",
        "kong_replacement",
        "robbing_kong",
        "seat_wind",
        "round_wind",
        "banker",
        "fortune",
        "lao",
        "floats",
        "kong_streak",
        "claims",
        "honour_discards",
        "float_claim",
    )
)


_DEFAULTS = {o.name: o.default for o in OPTIONS}


def resolve_options(given: object) -> dict[str, Any]:
    """Every option, the given ones checked, the rest at their defaults."""
    if given is None or (isinstance(given, Mapping) and not given):
        return dict(_DEFAULTS)
    if not isinstance(given, Mapping):
        raise InvalidHand(f"'options' must be an object of name: value, not {given!r}")
    try:
        checked = check_options(OPTIONS, given, "hangzhou")
    except ValueError as e:
        raise InvalidHand(str(e)) from None
    out = dict(_DEFAULTS)
    out.update(checked)
    if out["float_second_half_liability"] and not out["float_player_may_claim"]:
        raise InvalidHand(
            "option float_second_half_liability needs float_player_may_claim: only a "
            "floater who may claim makes a second half (§11)"
        )
    return out


def banker_factor(lao: int) -> int:
    """The banker factor f at stay level ``lao`` (§3.3, C9).

    >>> [banker_factor(n) for n in (1, 2, 3, 7)]
    [2, 4, 8, 8]
    """
    return BANKER_FACTORS[min(lao, 3)]


# -- the winner's hand and the facts the patterns read -----------------------------------


@dataclass(frozen=True, slots=True)
class FloatClaim:
    """Under ``float_second_half_liability``: the seat whose discard the floater claimed
    in a float round, and the floats and kong streak the win had before that claim."""

    seat: str
    floats: int
    kong_streak: int


@dataclass(frozen=True, slots=True)
class HangzhouHand:
    """The winner's hand as the scorer sees it.

    ``concealed`` holds the physical concealed tiles (a White as itself), the winning
    tile included; ``marks`` the concealed fortunes (marked ``*``). ``melds`` are the
    declared sets, a White read as the indicator's kind. ``fortune`` is the fortunes'
    kind (the indicator's, or the White under ``permanent_white_fortune``).
    ``source`` is how the winning tile came: ``wall`` (a draw or a kong supplement),
    ``discard``, ``rob`` (a robbed filling kong) or ``ten_honours`` (a declared win).
    ``claims[a][b]`` is how many of ``b``'s discards ``a`` claimed in the hand.
    """

    options: Mapping[str, Any]
    seat: str
    banker: str
    lao: int
    fortune: Tile
    concealed: tuple[Tile, ...]
    marks: tuple[Tile, ...]
    melds: tuple[Meld, ...]
    win_tile: Tile | None
    win_marked: bool
    source: str
    discarder: str | None = None
    floats: int = 0
    kong_streak: int = 0
    kong_replacement: bool = False
    claims: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    honour_discards: int = 0
    float_claim: FloatClaim | None = None

    @property
    def factor(self) -> int:
        return banker_factor(self.lao)

    @property
    def claimed(self) -> bool:
        """Won on another player's tile: a discard or a robbed kong."""
        return self.source in ("discard", "rob")

    @property
    def win_kind(self) -> Tile | None:
        """The kind the winning tile is (a White the indicator's kind)."""
        if self.win_tile is None:
            return None
        return _kind_of(self.win_tile, self.fortune)


def _kind_of(t: Tile, fortune: Tile) -> Tile:
    """A White is an ordinary tile of the indicator's kind (§4.5), unless the Whites are
    the fortunes themselves."""
    return fortune if t == WHITE and fortune != WHITE else t


def wild_rules(fortune: Tile) -> WildRules:
    """Where fortunes stand (§4.5, §6.1): anywhere in the concealed hand, for any tile,
    a fifth copy of a kind included (C4), never in an exposed set or a kong (the melds
    are checked when read). The fortunes are the tiles marked ``*``; the Whites play the
    indicator's kind.

    >>> wild_rules(21).substitutes, wild_rules(WHITE).substitutes
    (((33, 21),), ())
    """
    if fortune == WHITE:
        return WildRules(in_kong=False, beyond_four=True)
    return WildRules(in_kong=False, substitutes=((WHITE, fortune),), beyond_four=True)


# -- readings ----------------------------------------------------------------------------


def _concealed_text(tiles: Sequence[Tile], marks: Sequence[Tile]) -> str:
    plain = list(tiles)
    for t in marks:
        plain.remove(t)
    return " ".join([format_tiles(plain), *(tile_name(t) + "*" for t in marks)]).strip()


def _pair_wilds(r: Reading) -> int:
    """How many fortunes stand in the reading's pair (the sets hold the others)."""
    return len(r.wilds) - sum(len(m.wilds) for m in r.sets)


def _stands_for(r: Reading, kind: Tile) -> int:
    return sum(1 for _, s in r.wilds if s == kind)


def is_wild_eye(r: Reading, h: HangzhouHand) -> bool:
    """The winning tile completes an eye (or the seventh pair) with a fortune: before
    it the hand was four sets (or six pairs) and a lone fortune, or (a drawn fortune)
    four sets and a lone tile (§8, C6). A fortune completing a set is no wild eye.

    >>> h = read_situation({"rules": "hangzhou", "fortune": "4s", "self_drawn": True,
    ...                     "hand": "123m 456m 789p 222s 4s* 9m", "win_tile": "9m"})
    >>> [is_wild_eye(r, h) for r in readings_of(h)]
    [True]
    """
    if h.win_tile is None:
        return False
    if r.shape == "regular":
        if r.win_set is not None or r.pair is None:
            return False
        return _pair_wilds(r) >= 1 if h.win_marked else _pair_wilds(r) == 1
    if r.shape == "seven_pairs":
        if h.win_marked:
            return bool(r.wilds)
        return _stands_for(r, h.win_kind or 0) >= 1
    return False


def _only_by_wild_eye(r: Reading, h: HangzhouHand) -> bool:
    """The claimed tile can only be the one in an eye with a fortune (C3): every plain
    copy of its kind is in such an eye."""
    if r.shape == "regular":
        return is_wild_eye(r, h)
    kind = h.win_kind
    if r.shape != "seven_pairs" or kind is None:
        return False
    naturals = 2 * r.pairs.count(kind) - _stands_for(r, kind)
    return _stands_for(r, kind) >= 1 and naturals == 1


def readings_of(h: HangzhouHand) -> list[Reading]:
    """Every reading of four sets and a pair, and of seven pairs, the winning tile
    placed in each group that can hold it (a set completed by a claimed tile counts as
    exposed)."""
    if h.win_tile is None:
        return []
    kind = h.win_kind
    assert kind is not None
    return winning_readings(
        _concealed_text(h.concealed, h.marks),
        h.melds,
        win_tile=h.fortune if h.win_marked else kind,
        win_wild=h.win_marked,
        self_drawn=not h.claimed,
        constraints=wild_rules(h.fortune),
        kinds=("regular", "seven_pairs"),
    )


# -- patterns ----------------------------------------------------------------------------

Count = Callable[[Reading, HangzhouHand], int]


def _own_wild_eye(r: Reading, h: HangzhouHand) -> int:
    return int(not h.claimed and is_wild_eye(r, h))


def _floats(r: Reading, h: HangzhouHand) -> int:
    return h.floats if _own_wild_eye(r, h) else 0


def _bloom(r: Reading, h: HangzhouHand) -> int:
    return h.kong_streak if h.kong_replacement else 0


def _robbing(r: Reading, h: HangzhouHand) -> int:
    return int(h.source == "rob")


def _clean(h: HangzhouHand) -> bool:
    """No fortune in the hand (C5: a White that plays the indicator's kind is no
    fortune)."""
    return not h.marks


def _seven_pairs(r: Reading, h: HangzhouHand) -> int:
    return int(r.shape == "seven_pairs")


def _clean_seven_pairs(r: Reading, h: HangzhouHand) -> int:
    if r.shape != "seven_pairs" or not _clean(h):
        return 0
    return int(not (h.claimed and h.options["no_clean_bonus_on_claim"]))


def _deluxe(r: Reading, h: HangzhouHand) -> int:
    """Four identical tiles as two of the seven pairs, no fortune among them (§8)."""
    if r.shape != "seven_pairs":
        return 0
    return sum(1 for t in set(r.pairs) if r.pairs.count(t) == 2 and not _stands_for(r, t))


def _ten_honours(r: Reading, h: HangzhouHand) -> int:
    if r.shape != "ten_honours":
        return 0
    if h.options["ten_honours_mode"] == "wild_eye":
        return 1
    return h.honour_discards - 10


PATTERNS: tuple[Pattern, ...] = (
    Pattern("wild_eye", "wild eye", 1, "暴头", (), "doubles", _own_wild_eye),
    Pattern("fortune_float", "fortune float", 1, "财飘", (), "doubles", _floats),
    Pattern("kong_bloom", "kong bloom", 1, "杠开", (), "doubles", _bloom),
    Pattern("robbing_kong", "robbing a kong", 1, "拉杠", (), "doubles", _robbing),
    Pattern("seven_pairs", "seven pairs", 1, "七对", (), "doubles", _seven_pairs),
    Pattern(
        "clean_seven_pairs",
        "seven pairs without fortune",
        2,
        "清七对",
        ("seven_pairs",),
        "doubles",
        _clean_seven_pairs,
    ),
    Pattern("deluxe", "deluxe", 1, "豪华", (), "doubles", _deluxe),
    Pattern("ten_honours", "ten honours", 1, "十风", (), "doubles", _ten_honours),
)
"""Every double of §8 (and §11's ten honours): each line is ×2 per count (clean seven
pairs ×4), and they all multiply together."""

ARITHMETIC = CappedDoubling(unit=1)
"""1 × 2^doubles, no cap (§7.3); each payment's banker factor on top."""


# -- payments ----------------------------------------------------------------------------


def shares(h: HangzhouHand, doubles: int) -> dict[str, int]:
    """What each loser pays on an own-tile win (§7.1): 1 × f (when the winner or the
    loser is the banker) × 2^doubles."""
    return {
        seat: (h.factor if h.banker in (seat, h.seat) else 1) << doubles
        for seat in SEATS
        if seat != h.seat
    }


def liable(h: HangzhouHand, giver: str, taker: str) -> bool:
    """Has ``taker`` claimed three or more of ``giver``'s discards, making a three-set
    liability (§9.1, C8)? (A claim the options forbid is refused when read.)"""
    return h.claims.get(taker, {}).get(giver, 0) >= 3


def restriction_applies(options: Mapping[str, Any], lao: int) -> bool:
    """Does ``liability_restriction`` apply at stay level ``lao``
    (``liability_restriction_scope``: always, when the banker stays, or at lao 3)?

    >>> o = {"liability_restriction": "banker_only", "liability_restriction_scope": "lao3"}
    >>> restriction_applies(o, 2), restriction_applies(o, 3)
    (False, True)
    """
    if options["liability_restriction"] == "none":
        return False
    scope = options["liability_restriction_scope"]
    return scope == "always" or lao >= (2 if scope == "when_banker_staying" else 3)


def payments_of(h: HangzhouHand, doubles: int) -> tuple[dict[str, int], list[str]]:
    """Each seat's payment (winner positive) for a win worth ``doubles``, and the lines
    that explain it: own tile (each loser his share, or liability: the liable pay
    alone), a claimed discard (the discarder his share, liability on a claimed win by
    option), a robbed kong (the robbed player the total T, §7.2)."""
    own = shares(h, doubles)
    total = sum(own.values())
    pay = dict.fromkeys(SEATS, 0)
    explain: list[str] = []
    if h.source == "rob":
        assert h.discarder is not None
        pay[h.discarder] = total
        explain.append(f"{h.discarder}'s kong was robbed: pays T = {total} alone (§7.2)")
    elif h.source == "discard":
        assert h.discarder is not None
        p = own[h.discarder]
        pay[h.discarder] = p
        explain.append(f"{h.discarder} discarded the winning tile: pays {p}")
        if h.options["liability_on_claimed_win"]:
            for seat in own:
                times = liable(h, seat, h.seat) + 2 * liable(h, h.seat, seat)
                if times:
                    pay[seat] += times * p
                    explain.append(f"{seat} is liable: pays {times} x {p} more")
    else:
        ties = {seat: liable(h, seat, h.seat) + 2 * liable(h, h.seat, seat) for seat in own}
        if any(ties.values()):
            for seat, times in ties.items():
                pay[seat] = times * total
                if times:
                    explain.append(
                        f"{seat} is liable ({_ties_text(times)}): pays {times} x T = "
                        f"{times * total} alone (§9.1)"
                    )
        else:
            for seat, p in own.items():
                pay[seat] = p
                explain.append(f"{seat} pays {p}")
    payments = {seat: -pay[seat] for seat in SEATS}
    payments[h.seat] = sum(pay.values())
    return payments, explain


def _ties_text(times: int) -> str:
    return {1: "gave three sets", 2: "took three sets", 3: "gave and took three sets"}[times]


def pay_within_chips(payments: Mapping[str, int], balances: Mapping[str, int]) -> dict[str, int]:
    """The payments of one hand under the chip limit (§1, C10): a loser pays at most the
    chips he holds (none when he has none) and incurs no debt; a winner collects what
    is paid, in full when the losers can pay. A payer who owes several (a false win)
    pays them in turn order from his right until his chips run out.

    >>> pay_within_chips({"E": 192, "S": -64, "W": -64, "N": -64},
    ...                  {"E": 100, "S": 100, "W": 100, "N": 10})
    {'E': 138, 'S': -64, 'W': -64, 'N': -10}
    """
    out = dict.fromkeys(payments, 0)
    receivers = [s for s in SEATS if payments.get(s, 0) > 0]
    payers = [s for s in SEATS if payments.get(s, 0) < 0]
    owed = {s: payments[s] for s in receivers}
    if len(receivers) <= 1:
        for s in payers:
            paid = min(-payments[s], max(0, balances.get(s, 0)))
            out[s] -= paid
            for r in receivers:
                out[r] += paid
        return out
    for s in payers:
        left = min(-payments[s], max(0, balances.get(s, 0)))
        out[s] -= left
        i = SEATS.index(s)
        for k in range(1, 4):
            r = SEATS[(i + k) % 4]
            if r in owed and left:
                paid = min(owed[r], left)
                owed[r] -= paid
                out[r] += paid
                left -= paid
    return out


# -- scoring -----------------------------------------------------------------------------


def _rule_breach(h: HangzhouHand, readings: Sequence[Reading]) -> str | None:
    """Why a win the tiles allow is still refused by the rules (§6.2, §6.3): the reason
    of a false win, or None."""
    if not h.claimed:
        return None
    how = "rob a kong" if h.source == "rob" else "win on a discard"
    if h.win_marked:
        return "a discarded fortune can never be claimed for a win (§6.2)"
    if h.options["wall_only"]:
        return f"with option wall_only every win is by an own tile: {h.seat} may not {how}"
    if h.banker not in (h.seat, h.discarder) or h.seat == h.discarder:
        return (
            f"{h.seat} may not {how} of {h.discarder}: a win on a discard or by robbing a "
            "kong is only between the banker and a non-banker (§6.2)"
        )
    need = h.options["robbing_kong_from_lao"] if h.source == "rob" else 3
    if h.lao < need:
        words = "lao 3 or more" if need == 3 else f"lao {need} or more"
        return f"{h.seat} may not {how} at lao {h.lao}: only at {words} (§6.2)"
    if readings and all(_only_by_wild_eye(r, h) for r in readings):
        return (
            f"{h.seat}'s hand is a wild eye on {tile_name(h.win_tile or 0)}: a wild eye "
            "wins only by an own tile (§6.3)"
        )
    return None


def _valued(h: HangzhouHand, readings: Sequence[Reading]) -> Best:
    """The reading with the most doubles (C2); a hand of no winning shape is valued by
    its declared facts alone."""
    best = best_reading(readings, PATTERNS, h, ARITHMETIC)
    if best is None:
        bare = Reading("declared", h.melds, complete=False)
        lines = tuple(count_patterns(PATTERNS, bare, h))
        best = Best(bare, lines, ARITHMETIC.tally(lines))
    return best


def score_hand(h: HangzhouHand) -> Score:
    """The declared win's score: its best reading, lines and payments; or, for a false
    win (§10), valid False with each other player paid what he would have paid."""
    if h.source == "ten_honours":
        readings = [Reading("ten_honours", h.melds, complete=False)]
        reason = None
    else:
        readings = readings_of(h)
        claimable = [r for r in readings if not (h.claimed and _only_by_wild_eye(r, h))]
        reason = _rule_breach(h, readings)
        if h.floats and readings and not any(_own_wild_eye(r, h) for r in readings):
            raise InvalidHand(
                f"'floats': {h.floats} needs a win by wild eye: the 13 tiles before the "
                "winning tile four sets (or six pairs) and a lone fortune (§8); this hand "
                "is not: score it without 'floats'"
            )
        if h.floats:
            readings = [r for r in readings if _own_wild_eye(r, h)]
        elif reason is None:
            readings = claimable
        if not readings and reason is None:
            reason = f"{h.seat}'s tiles do not make four sets and a pair, or seven pairs"
    best = _valued(h, readings)
    t = best.tally
    payments, lines = payments_of(h, t.doubles)
    explain = [f"reading: {best.reading}"] if best.reading.complete else []
    explain.append(f"{t.doubles} doubles: x{1 << t.doubles}; banker factor {h.factor}")
    if h.float_claim is not None and reason is None:
        payments, lines = _second_half(h, t, payments)
    return declared_score(h.seat, best, payments, explain, lines, reason)


def _second_half(
    h: HangzhouHand, t: Tally, payments: dict[str, int]
) -> tuple[dict[str, int], list[str]]:
    """``float_second_half_liability`` (§11 [DEF]): each loser pays his share at the
    doubles before the floater's claim; the player claimed from also pays, alone, what
    the doubles gained since added to every share."""
    c = h.float_claim
    assert c is not None
    earlier = t.doubles - (h.floats - c.floats)
    if h.kong_replacement:
        earlier -= h.kong_streak - c.kong_streak
    before, lines = payments_of(h, earlier)
    gained = payments[h.seat] - before[h.seat]
    out = dict(before)
    out[c.seat] -= gained
    out[h.seat] += gained
    return out, [
        f"before {c.seat}'s discard was claimed: {earlier} doubles",
        *lines,
        f"{c.seat} also pays alone what the doubles gained after it add: {gained}",
    ]


# -- situations from JSON ----------------------------------------------------------------


def _seat(value: object, name: str) -> str:
    return read.wind(value, name, "a seat wind")


def _fortune_field(data: Mapping[str, Any], white: bool) -> Tile:
    """The fortunes' kind: the indicator's (§4.4), or the White under
    ``permanent_white_fortune`` (no indicator: ``fortune`` null)."""
    text = data.get("fortune")
    if white:
        if text is not None:
            raise InvalidHand(
                "with option permanent_white_fortune no indicator is turned and the four "
                "Whites are the fortunes: give 'fortune': null"
            )
        return WHITE
    if text is None:
        raise InvalidHand(
            "the situation has no 'fortune': give the fortune indicator, the tile turned "
            'up after the deal, such as "fortune": "4s" (null only under '
            "permanent_white_fortune)"
        )
    t, marked = read.marked_tile(text, "'fortune'", "4s", "the indicator")
    if marked:
        raise InvalidHand(
            f"'fortune' is the indicator, which is not a fortune: write it without '*', "
            f"not {text!r}"
        )
    if t >= NUM_KINDS:
        raise InvalidHand(
            f"'fortune' must be a suit or honour tile, not {tile_name(t)}: Hangzhou "
            "mahjong uses no flowers or seasons"
        )
    return t


def _whole(data: Mapping[str, Any], key: str, low: int, high: int, default: int) -> int:
    value = data.get(key, default)
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidHand(f"{key!r} must be a whole number from {low} to {high}, not {value!r}")
    if not low <= value <= high:
        raise InvalidHand(f"{key!r} must be a whole number from {low} to {high}, not {value}")
    return value


def _lao_field(data: Mapping[str, Any]) -> int:
    value = data.get("lao", 1)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise InvalidHand(
            f"'lao' is the banker's stay level: 1 in his first hand, 2 in his second, "
            f"3 or more after (§3.3), not {value!r}"
        )
    return value


def _claims_field(value: object) -> dict[str, dict[str, int]]:
    """``{"W": {"S": 3}}``: the claims (chow, pung, direct kong) each seat made of each
    other seat's discards in the hand."""
    if value is None:
        return {}
    shape = (
        '\'claims\' must be an object such as {"W": {"S": 3}}: for each seat, how many of '
        "each other seat's discards it claimed"
    )
    if not isinstance(value, Mapping):
        raise InvalidHand(f"{shape}, not {value!r}")
    out: dict[str, dict[str, int]] = {}
    for taker, row in value.items():
        a = _seat(taker, "a seat of 'claims'")
        if not isinstance(row, Mapping):
            raise InvalidHand(f"{shape}, not {value!r}")
        for giver, n in row.items():
            b = _seat(giver, f"a seat of 'claims'[{taker!r}]")
            if a == b:
                raise InvalidHand(f"'claims': {a} cannot claim his own discards")
            if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 4:
                raise InvalidHand(
                    f"'claims'[{taker!r}][{giver!r}] must be a count from 0 to 4 (a hand "
                    f"holds four sets at most), not {n!r}"
                )
            out.setdefault(a, {})[b] = out.get(a, {}).get(b, 0) + n
        if sum(out.get(a, {}).values()) > 4:
            raise InvalidHand(
                f"'claims': {a} made {sum(out[a].values())} claims; a hand holds four sets at most"
            )
    return out


def _float_claim_field(value: object, seat: str) -> FloatClaim | None:
    if value is None:
        return None
    shape = (
        '\'float_claim\' must be an object {"seat": "S", "floats": n, "kong_streak": n}: '
        "the seat whose discard the floater claimed, and the floats and kong streak "
        "before the claim"
    )
    if not isinstance(value, Mapping) or set(value) != {"seat", "floats", "kong_streak"}:
        raise InvalidHand(shape)
    who = _seat(value["seat"], "'float_claim' seat")
    if who == seat:
        raise InvalidHand("'float_claim': the floater does not claim his own discard")
    n = {k: _whole(value, k, 0, 4, 0) for k in ("floats", "kong_streak")}
    return FloatClaim(who, n["floats"], n["kong_streak"])


def read_situation(data: Mapping[str, Any]) -> HangzhouHand:
    """Read and check a situation dict; raise :class:`InvalidHand` naming the first
    thing wrong."""
    if not isinstance(data, Mapping):
        raise InvalidHand(f"a situation must be a JSON object, not {type(data).__name__}")
    unknown = sorted(k for k in data if k not in _FIELDS)
    if unknown:
        raise InvalidHand(f"unknown field {unknown[0]!r} in the situation")
    if data.get("rules", "hangzhou") != "hangzhou":
        raise InvalidHand(f"'rules' must be hangzhou here, not {data.get('rules')!r}")
    options = resolve_options(data.get("options"))
    white = bool(options["permanent_white_fortune"])
    fortune = _fortune_field(data, white)
    seat = _seat(data.get("seat_wind", "E"), "'seat_wind'")
    if data.get("round_wind") is not None:
        read.wind(data["round_wind"], "'round_wind'")  # accepted; no double reads it
    banker = _seat(data.get("banker", "E"), "'banker'")
    lao = _lao_field(data)
    floats = _whole(data, "floats", 0, 4 if white else 3, 0)
    streak = _whole(data, "kong_streak", 0, 4, 0)
    claims = _claims_field(data.get("claims"))
    flags = {k: read.flag(data, k) for k in ("self_drawn", "kong_replacement", "robbing_kong")}
    honours = data.get("honour_discards")
    float_claim = _float_claim_field(data.get("float_claim"), seat)

    # the tiles
    if "hand" not in data:
        raise InvalidHand("the situation has no 'hand'")
    text = data["hand"]
    if not isinstance(text, str):
        raise InvalidHand(f"'hand' must be a hand in notation, not {text!r}")
    hand, mixed = read.substituted_hand(text, WHITE, fortune)
    concealed = list(hand.concealed)
    marks = list(hand.wild_marks)
    if JOKER in concealed or any(JOKER in m.tiles for m in hand.melds):
        raise InvalidHand("Hangzhou mahjong has no jokers (J): the fortunes are the wild tiles")
    if any(t in BONUS_TILES for t in concealed):
        raise InvalidHand("Hangzhou mahjong uses no flowers or seasons (§1)")
    for m in hand.melds:
        if m.wilds:
            raise InvalidHand(
                f"{m} holds a fortune: a fortune may not be part of an exposed chow or "
                "pung, nor of any kong (§4.5)"
            )
    _check_marks(marks, fortune, white)
    melds = tuple(read.meld_as(m, WHITE, fortune) for m in hand.melds)
    if hand.win_tile is not None and data.get("win_tile") is None:
        raise InvalidHand(
            "the hand names a winning tile with '+': give it as 'win_tile' too (with '*' "
            "if it is a fortune)"
        )
    win = _win_field(data)
    if win is not None and hand.win_tile is not None and hand.win_tile != win[0]:
        raise InvalidHand(
            f"the hand names {tile_name(hand.win_tile)} as its winning tile but 'win_tile' "
            f"is {tile_name(win[0])}"
        )
    if win is not None and win[1]:
        _check_marks([win[0]], fortune, white, "'win_tile'")

    # how the hand was won
    discarder = data.get("discarder")
    if discarder is not None:
        discarder = _seat(discarder, "'discarder'")
        if discarder == seat:
            raise InvalidHand("'discarder' must be another seat than the winner's")
    source = _source(flags, discarder, honours, options, win, seat)
    if floats and source != "wall":
        raise InvalidHand(
            "a fortune float wins by wild eye on an own tile, never on a discard or a "
            "robbed kong (§8): 'floats' needs 'self_drawn': true"
        )

    # the tile count: 13 before the winning tile, 14 with it (melds counting three)
    size = len(concealed) + 3 * len(melds)
    if win is not None:
        read.place_win_tile(concealed, marks, len(melds), win, 13)
    elif size != 14:
        raise InvalidHand(
            f"the hand holds {size} tiles (melds counting three); a hand that declares "
            "ten honours holds 14"
        )
    _check_counts(concealed, marks, hand.melds, mixed, fortune, white, floats)
    kongs = sum(1 for m in melds if m.kind == KONG)
    if flags["kong_replacement"]:
        if not kongs:
            raise InvalidHand("a win on a kong's supplement tile needs a kong in the hand")
        streak = max(streak, 1)
    if streak > kongs:
        raise InvalidHand(
            f"'kong_streak': {streak} kongs in a streak, but the hand holds {kongs} "
            f"kong{'s' if kongs != 1 else ''}"
        )
    _check_claims(claims, options, banker, lao)
    if float_claim is not None:
        if not options["float_second_half_liability"]:
            raise InvalidHand("'float_claim' is read under option float_second_half_liability")
        if not floats or float_claim.floats > floats or float_claim.kong_streak > streak:
            raise InvalidHand(
                "'float_claim': the floats and kong streak before the claim are at most "
                "those of the win, and the win is a float"
            )
    return HangzhouHand(
        options=options,
        seat=seat,
        banker=banker,
        lao=lao,
        fortune=fortune,
        concealed=tuple(sorted(concealed)),
        marks=tuple(sorted(marks)),
        melds=melds,
        win_tile=win[0] if win else None,
        win_marked=bool(win and win[1]),
        source=source,
        discarder=discarder,
        floats=floats,
        kong_streak=streak,
        kong_replacement=flags["kong_replacement"],
        claims=claims,
        honour_discards=honours if isinstance(honours, int) else 0,
        float_claim=float_claim,
    )


def _win_field(data: Mapping[str, Any]) -> tuple[Tile, bool] | None:
    if data.get("win_tile") is None:
        return None
    t, marked = read.marked_tile(data["win_tile"], "'win_tile'", "3m")
    if t >= NUM_KINDS:
        raise InvalidHand(f"'win_tile' must be a playing tile, not {tile_name(t)}")
    return t, marked


def _source(
    flags: Mapping[str, bool],
    discarder: str | None,
    honours: object,
    options: Mapping[str, Any],
    win: tuple[Tile, bool] | None,
    seat: str,
) -> str:
    """How the winning tile came (see :class:`HangzhouHand`)."""
    if honours is not None:
        if not options["ten_honours"]:
            raise InvalidHand("'honour_discards' is read under option ten_honours (§11)")
        if isinstance(honours, bool) or not isinstance(honours, int) or not 10 <= honours <= 30:
            raise InvalidHand(
                f"'honour_discards' must be how many honours {seat} discarded first, 10 "
                f"or more, not {honours!r}"
            )
        if discarder is not None or flags["robbing_kong"] or flags["kong_replacement"]:
            raise InvalidHand("ten honours is declared in one's own turn: no 'discarder'")
        return "ten_honours"
    if win is None:
        raise InvalidHand("the situation has no 'win_tile'")
    if flags["self_drawn"] and discarder is not None:
        raise InvalidHand("a win by an own tile ('self_drawn') has no 'discarder'")
    if flags["robbing_kong"]:
        if flags["self_drawn"] or flags["kong_replacement"]:
            raise InvalidHand(
                "a win by robbing a kong is not an own tile: give the robbed player as "
                "'discarder', without 'self_drawn' or 'kong_replacement'"
            )
        if discarder is None:
            raise InvalidHand(
                "robbing a kong: name the player whose kong was robbed as 'discarder'"
            )
        if win[1]:
            raise InvalidHand(
                "a kong never holds a fortune, so a robbed tile is never one: write "
                "'win_tile' without '*'"
            )
        return "rob"
    if flags["kong_replacement"]:
        if discarder is not None:
            raise InvalidHand(
                "a win on a kong's supplement tile is an own-tile win (§8): no 'discarder'"
            )
        return "wall"
    if flags["self_drawn"]:
        return "wall"
    if discarder is None:
        raise InvalidHand(
            f"say how {seat} won: 'self_drawn': true (an own tile), or 'discarder' with the "
            "seat that discarded the winning tile"
        )
    return "discard"


def _check_marks(
    marks: Sequence[Tile], fortune: Tile, white: bool, where: str = "the hand"
) -> None:
    """Only the fortunes are marked ``*`` (C1)."""
    for t in marks:
        if t == fortune:
            continue
        if t == WHITE:
            raise InvalidHand(
                f"{where} marks a White Dragon (P*) as a fortune: a White is never wild; "
                f"with indicator {tile_name(fortune)} it is an ordinary {tile_name(fortune)} "
                "(§4.5)"
            )
        kind = "the four Whites (P*)" if white else f"the other three {tile_name(fortune)}"
        raise InvalidHand(
            f"{where} marks {tile_name(t)}* as a fortune, but the fortunes are {kind}"
        )


def _check_counts(
    concealed: Sequence[Tile],
    marks: Sequence[Tile],
    melds: Sequence[Meld],
    mixed: int,
    fortune: Tile,
    white: bool,
    floats: int,
) -> None:
    """No more than four of a kind (the Whites of mixed melds counted as Whites); no
    unmarked tile of the fortunes' kind (C1: the indicator is out of play and the other
    three are fortunes); three fortunes (four under ``permanent_white_fortune``), the
    floated ones included (C7)."""
    physical = [0] * NUM_KINDS
    for t in concealed:
        physical[t] += 1
    for m in melds:
        for t in m.tiles:
            physical[t] += 1
    physical[fortune] -= mixed
    physical[WHITE] += mixed
    for t in range(NUM_KINDS):
        if physical[t] > 4:
            raise InvalidHand(
                f"the hand holds {physical[t]} copies of {tile_name(t)}; there are only 4"
            )
    plain = physical[fortune] - len(marks)
    if plain:
        if white:
            why = "under permanent_white_fortune the four Whites are fortunes: mark them P*"
        elif fortune == WHITE:
            why = (
                "with indicator P the indicator is out of play and the other three Whites "
                "are fortunes, marked P* (C1)"
            )
        else:
            why = (
                f"with indicator {tile_name(fortune)} the indicator is out of play and the "
                f"other three are fortunes, marked '*' (C1); a White (P) plays "
                f"{tile_name(fortune)}"
            )
        raise InvalidHand(f"the hand holds {plain} unmarked {tile_name(fortune)}: {why}")
    most = 4 if white else 3
    if len(marks) + floats > most:
        floated = f" and floated {floats}" if floats else ""
        raise InvalidHand(f"the hand holds {len(marks)} fortunes{floated}; there are {most} (C7)")


def _check_claims(
    claims: Mapping[str, Mapping[str, int]], options: Mapping[str, Any], banker: str, lao: int
) -> None:
    """The claims the options forbid (§11): a third from one player, or one between
    non-bankers that makes a liability under ``banker_only``."""
    for a, row in claims.items():
        for b, n in row.items():
            if n > 2 and options["max_two_claims_same_source"]:
                raise InvalidHand(
                    f"'claims': {a} claimed {n} of {b}'s discards, but with option "
                    "max_two_claims_same_source nobody makes more than two claims from "
                    "the same player"
                )
            if (
                n >= 3
                and options["liability_restriction"] == "banker_only"
                and restriction_applies(options, lao)
                and banker not in (a, b)
            ):
                raise InvalidHand(
                    f"'claims': {a} claimed {n} of {b}'s discards, but with option "
                    "liability_restriction banker_only a claim between non-bankers that "
                    "makes a three-set liability is forbidden"
                )


def score_json(data: Mapping[str, Any]) -> Score:
    """Score one win given as a situation dict (``parlour.score`` with ``"rules":
    "hangzhou"``). ``payments`` are by seat, the winner's positive; ``total`` is what
    the winner receives. A false win (§10) is scored valid False, with each other
    player paid what he would have paid, and ``total`` the declarer's (negative)."""
    return score_hand(read_situation(data))


def lines_text(lines: Sequence[Any]) -> list[str]:
    """The lines as a player reads them: ``kong bloom x2: x4``."""
    out = []
    for line in lines:
        times = f" x{line.count}" if line.count > 1 else ""
        out.append(f"{line.name}{times}: x{1 << line.points}")
    return out


__all__ = [
    "ARITHMETIC",
    "BANKER_FACTORS",
    "OPTIONS",
    "PATTERNS",
    "FloatClaim",
    "HangzhouHand",
    "banker_factor",
    "is_wild_eye",
    "liable",
    "lines_text",
    "pay_within_chips",
    "payments_of",
    "read_situation",
    "readings_of",
    "restriction_applies",
    "score_hand",
    "score_json",
    "shares",
    "wild_rules",
]

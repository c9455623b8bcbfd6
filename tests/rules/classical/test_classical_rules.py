"""One test per scoring rule of the classical specs (classical.md, british-variations.md,
five-players.md), each on a hand built to isolate that rule.

Each test names its rule (§ of classical.md, G/T/H of the British variations, FA/C of
the five-player game) and asserts the exact pattern lines (key -> points, a double
line's points being its doubles), the points and doubles, the total, and for the table
tests every balance's change. Every hand is counted: 13 tiles per loser with melds
counting three, the winner 13 plus the winning tile, at most four copies of a tile
across the table and one of each bonus tile (the scorer refuses anything else, which
the bad-input tests check too).
"""

from __future__ import annotations

from typing import Any

import pytest

import parlour
from parlour.core.errors import InvalidHand, NotationError
from parlour.mahjong.rules.classical import TableScore
from parlour.mahjong.scoring import Score

# -- helpers -----------------------------------------------------------------------------


def situation(hand: str, win_tile: str, *, seat: str = "E", **extra: Any) -> dict[str, Any]:
    """A single winning hand for ``parlour.score``: self-drawn unless a discarder is given."""
    data: dict[str, Any] = {
        "rules": "classical",
        "hand": hand,
        "win_tile": win_tile,
        "seat_wind": seat,
    }
    if "discarder" not in extra:
        data["self_drawn"] = True
    data.update(extra)
    return data


def win(hand: str, win_tile: str, *, seat: str = "E", **extra: Any) -> Score:
    s = parlour.score(situation(hand, win_tile, seat=seat, **extra))
    assert s.valid, s.reason
    return s


def lines(s: Score) -> dict[str, int]:
    """The score's lines: key -> points (for a double line, its doubles)."""
    out = {line.key: line.points for line in s.patterns}
    assert len(out) == len(s.patterns), "a pattern appears twice"
    return out


def tally(s: Score) -> tuple[int, int, int]:
    """(points, doubles, total)."""
    assert s.tally is not None
    return s.tally.points, s.tally.doubles, s.total


def is_limit(s: Score, limit: int = 500) -> bool:
    return s.tally is not None and s.tally.limit and s.total == limit


# Two hands of thirteen singles (no pair, no chow possible, score 0) and a quiet winner,
# used around a loser under test. Together they hold at most two of any suit tile
# (three 9s) and no honour, so the hand under test has all the honours.
F1 = "1m 4m 7m 9m 1p 2p 5p 7p 8p 3s 4s 6s 9s"
F2 = "2m 3m 5m 8m 3p 4p 6p 9p 1s 2s 5s 7s 8s"
QUIET = {"hand": "234p 567p 345m 678m 9s", "win_tile": "9s", "self_drawn": True}
QUIET_SCORE = 48  # W1 20 + W2 2 + W3 (a) 2 = 24, D5 worthless hand -> 48
ORDER = ("E", "S", "W", "N")


def loser_table(hand: str, seat: str = "S", **table: Any) -> TableScore:
    """A table where ``seat`` holds ``hand`` and loses; the next seat wins quietly and
    the other two hold the zero hands F1 and F2."""
    i = ORDER.index(seat)
    winner = ORDER[(i + 1) % 4]
    rest = [ORDER[(i + 2) % 4], ORDER[(i + 3) % 4]]
    seats = {seat: {"hand": hand}, winner: dict(QUIET), rest[0]: {"hand": F1}}
    seats[rest[1]] = {"hand": F2}
    return parlour.settle({"rules": "classical", "winner": winner, "seats": seats, **table})


def loser(hand: str, seat: str = "S", **table: Any) -> Score:
    return loser_table(hand, seat, **table).scores[seat]


def formula_net(result: TableScore) -> dict[str, int]:
    """classical §13.2: net(W) = 3 S_W; net(L) = -S_W + sum over the other losers of
    (S_L - S_L')."""
    w = result.winner
    assert w is not None
    sw = result.scores[w].total
    losers = [s for s in result.scores if s != w]
    net = {w: sw * len(losers)}
    for a in losers:
        sa = result.scores[a].total
        net[a] = -sw + sum(sa - result.scores[b].total for b in losers if b != a)
    return net


# -- §12.1 points for sets and pairs -----------------------------------------------------

# "123m 456p 78s X 99p" won on 6s discarded by South: 678s is an open wait (9s is not
# exhausted), so the hand scores only W1 and the set X.
SET_ROWS = [
    ("[555m]", "exposed_pung_simples", 2),
    ("555m", "concealed_pung_simples", 4),
    ("[5555m]", "exposed_kong_simples", 8),
    ("{5555m}", "concealed_kong_simples", 16),
    ("[999m]", "exposed_pung_majors", 4),
    ("[NNN]", "exposed_pung_majors", 4),
    ("999m", "concealed_pung_majors", 8),
    ("NNN", "concealed_pung_majors", 8),
    ("[9999m]", "exposed_kong_majors", 16),
    ("[NNNN]", "exposed_kong_majors", 16),
    ("{9999m}", "concealed_kong_majors", 32),
    ("{NNNN}", "concealed_kong_majors", 32),
]


@pytest.mark.parametrize(("meld", "key", "points"), SET_ROWS, ids=[r[0] for r in SET_ROWS])
def test_points_for_sets(meld: str, key: str, points: int) -> None:
    """§12.1: each row of the table of sets (N is not East's wind: no double)."""
    s = win(f"123m 456p 78s {meld} 99p", "6s", discarder="S")
    assert lines(s) == {key: points, "going_out": 20}
    assert tally(s) == (20 + points, 0, 20 + points)


PAIR_ROWS = [
    ("CC", "E", {"dragon_pair": 2}),
    ("FF", "E", {"dragon_pair": 2}),
    ("PP", "E", {"dragon_pair": 2}),
    ("EE", "E", {"own_wind_pair": 2}),
    ("SS", "S", {"own_wind_pair": 2}),
    ("NN", "E", {}),  # another wind's pair
    ("SS", "E", {}),  # the round wind is not scored (prevailing_wind_scoring off)
    ("99p", "E", {}),
    ("11s", "E", {}),
]


@pytest.mark.parametrize(("pair", "seat", "extra"), PAIR_ROWS)
def test_points_for_pairs(pair: str, seat: str, extra: dict[str, int]) -> None:
    """§12.1: a pair of dragons or of one's own wind scores 2, any other pair 0."""
    s = win(f"123m 456p 78s [555m] {pair}", "6s", seat=seat, discarder="W", round_wind="S")
    assert lines(s) == {"exposed_pung_simples": 2, "going_out": 20, **extra}
    points = 22 + sum(extra.values())
    assert tally(s) == (points, 0, points)
    # a yes/no pattern is counted once, as a number in the JSON
    assert all(type(p["count"]) is int for p in s.to_json()["patterns"])


def test_chows_score_nothing() -> None:
    """§12.1 (A13): chows are worth 0 points; four chows and a 0-point pair leave only
    W1 (and D5, the worthless hand)."""
    s = win("123m 456p 78s 345m 99p", "6s", discarder="S")
    assert lines(s) == {"going_out": 20, "worthless_hand": 1}
    assert tally(s) == (20, 1, 40)


def test_bonus_tiles_four_points_each() -> None:
    """§12.2: each flower or season 4 points (f3 and x4 are not East's: no double)."""
    s = win("123m 456p 78s [555m] 99p f3 x4", "6s", discarder="S")
    assert lines(s) == {"exposed_pung_simples": 2, "going_out": 20, "bonus_tile": 8}
    assert tally(s) == (30, 0, 30)


def test_bonus_tiles_given_apart() -> None:
    """The bonus tiles may also be given in the 'bonus' field."""
    s = win("123m 456p 78s [555m] 99p", "6s", discarder="S", bonus="f3 x4")
    assert tally(s) == (30, 0, 30)


# -- §12.3 basic doubles -----------------------------------------------------------------


def test_b1_dragon_pung() -> None:
    """B1: 1 double for a pung of dragons."""
    s = win("123m 456p 78s [CCC] 99p", "6s", discarder="S")
    assert lines(s) == {"exposed_pung_majors": 4, "going_out": 20, "dragon_set": 1}
    assert tally(s) == (24, 1, 48)


def test_b1_dragon_kong_and_two_dragon_sets() -> None:
    """B1 counts each dragon pung or kong."""
    s = win("123m 456p 78s {FFFF} 99p", "6s", discarder="S")
    assert lines(s) == {"concealed_kong_majors": 32, "going_out": 20, "dragon_set": 1}
    assert tally(s) == (52, 1, 104)
    s = win("123m 78s [CCC] [FFF] 99p", "6s", discarder="S")
    assert lines(s) == {"exposed_pung_majors": 8, "going_out": 20, "dragon_set": 2}
    assert tally(s) == (28, 2, 112)


@pytest.mark.parametrize(
    ("meld", "seat", "double"),
    [("[EEE]", "E", True), ("[SSS]", "E", False), ("[SSS]", "S", True), ("{WWWW}", "W", True)],
)
def test_b2_own_wind_pung(meld: str, seat: str, double: bool) -> None:
    """B2: 1 double for a pung or kong of one's own seat wind only."""
    s = win(f"123m 456p 78s {meld} 99p", "6s", seat=seat, discarder="N" if seat != "N" else "E")
    points = 32 if meld.startswith("{") else 4
    key = "concealed_kong_majors" if meld.startswith("{") else "exposed_pung_majors"
    want = {key: points, "going_out": 20}
    if double:
        want["own_wind_set"] = 1
    assert lines(s) == want
    assert tally(s) == (20 + points, int(double), (20 + points) << int(double))


@pytest.mark.parametrize(
    ("tiles", "key"), [("x1 x2 x3 x4", "all_seasons"), ("f1 f2 f3 f4", "all_flowers")]
)
def test_b3_b4_all_seasons_or_flowers(tiles: str, key: str) -> None:
    """B3/B4: 2 doubles for all four seasons or flowers; B11 adds one for the own one
    (A15 d)."""
    s = win(f"123m 456p 78s [555m] 99p {tiles}", "6s", discarder="S")
    assert lines(s) == {
        "exposed_pung_simples": 2,
        "going_out": 20,
        "bonus_tile": 16,
        key: 2,
        "own_bonus_tile": 1,
    }
    assert tally(s) == (38, 3, 304)
    off = win(
        f"123m 456p 78s [555m] 99p {tiles}",
        "6s",
        discarder="S",
        options={"own_bonus_tile_double": False},
    )
    assert lines(off) == {"exposed_pung_simples": 2, "going_out": 20, "bonus_tile": 16, key: 2}
    assert tally(off) == (38, 2, 152)


def test_b5_all_eight_bonus_tiles_replaces_b3_b4() -> None:
    """B5: 5 doubles for all eight bonus tiles, replacing B3 and B4 (A15 a); B11 still
    adds the own flower and season."""
    hand = "123m 456p 78s [555m] 99p f1 f2 f3 f4 x1 x2 x3 x4"
    s = win(hand, "6s", discarder="S", options={"limit": 100000})
    assert lines(s) == {
        "exposed_pung_simples": 2,
        "going_out": 20,
        "bonus_tile": 32,
        "all_bonus_tiles": 5,
        "own_bonus_tile": 2,
    }
    assert tally(s) == (54, 7, 54 << 7)
    capped = win(hand, "6s", discarder="S")
    assert tally(capped) == (54, 7, 500)


def test_b6_little_three_dragons_replaces_b1() -> None:
    """B6: two dragon sets and a pair of the third are 3 doubles in all, not 3 + 2 B1
    (A15 b)."""
    s = win("123m 45p [CCC] [FFF] PP", "6p", discarder="S")
    assert lines(s) == {
        "exposed_pung_majors": 8,
        "dragon_pair": 2,
        "going_out": 20,
        "little_three_dragons": 3,
    }
    assert tally(s) == (30, 3, 240)


def test_b6_for_a_loser() -> None:
    """B6 is a basic double: a loser scores it too (§12.3 "all players")."""
    s = loser("CCC FFF PP 6m 9m 1p 8p 9p")
    assert lines(s) == {"concealed_pung_majors": 16, "dragon_pair": 2, "little_three_dragons": 3}
    assert tally(s) == (18, 3, 144)


def test_b7_three_dragon_sets_for_a_loser() -> None:
    """B7: a loser with three dragon sets has 5 doubles (replacing B1); only the winner
    can score the limit hand L6 (§11.1)."""
    s = loser("[CCC] [FFF] PPP 5m 6m 8m 9m", options={"limit": 10000})
    assert lines(s) == {
        "exposed_pung_majors": 8,
        "concealed_pung_majors": 8,
        "three_dragon_sets": 5,
    }
    assert tally(s) == (16, 5, 512)
    assert not s.tally or not s.tally.limit


def test_b8_little_four_winds_adds_to_b2() -> None:
    """B8: three wind sets and a pair of the fourth: 1 double on top of B2 (A15 d)."""
    s = win("[EEE] [SSS] [WWW] 123m N", "N")
    assert lines(s) == {
        "exposed_pung_majors": 12,
        "going_out": 20,
        "drawn_winning_tile": 2,
        "only_possible_tile": 2,
        "own_wind_set": 1,
        "little_four_winds": 1,
        "one_suit_with_honours": 1,
    }
    assert tally(s) == (36, 3, 288)


def test_b8_for_a_loser() -> None:
    s = loser("[EEE] [SSS] WWW NN 5m 7m", seat="S")
    assert lines(s) == {
        "exposed_pung_majors": 8,
        "concealed_pung_majors": 8,
        "own_wind_set": 1,
        "little_four_winds": 1,
    }
    assert tally(s) == (16, 2, 64)


def test_b9_four_wind_sets_replaces_b2() -> None:
    """B9: four wind sets are 3 doubles, replacing B2 (A15 c); a loser scores them, the
    winner would have the limit hand L7."""
    s = loser("[EEE] [SSS] [WWW] NNN 5m", seat="S")
    assert lines(s) == {"exposed_pung_majors": 12, "concealed_pung_majors": 8, "four_wind_sets": 3}
    assert tally(s) == (20, 3, 160)


def test_b9_never_replaces_the_prevailing_wind() -> None:
    """§12.7: the prevailing wind's double is added on top of B2 and never replaced by
    B9."""
    s = loser(
        "[EEE] [SSS] [WWW] NNN 5m",
        seat="S",
        round_wind="W",
        options={"prevailing_wind_scoring": True},
    )
    assert lines(s) == {
        "exposed_pung_majors": 12,
        "concealed_pung_majors": 8,
        "four_wind_sets": 3,
        "prevailing_set": 1,
    }
    assert tally(s) == (20, 4, 320)


def test_b10_three_concealed_pungs() -> None:
    """B10: at least three concealed pungs, 1 double; a win on a discard to the pair
    keeps them concealed."""
    s = win("222m 555p 888s 456s 9m", "9m")
    assert lines(s) == {
        "concealed_pung_simples": 12,
        "going_out": 20,
        "drawn_winning_tile": 2,
        "only_possible_tile": 2,
        "three_concealed_pungs": 1,
    }
    assert tally(s) == (36, 1, 72)
    s = win("222m 555p 888s 456s 9m", "9m", discarder="N")
    assert tally(s) == (34, 1, 68)
    assert "three_concealed_pungs" in lines(s)


def test_b10_not_when_the_discard_completes_a_pung() -> None:
    """B10 with §7.3: the pung completed by a claimed tile is exposed, so two concealed
    pungs remain."""
    s = win("222m 555p 88s 456s 99m", "8s", discarder="N")
    assert lines(s) == {
        "concealed_pung_simples": 8,
        "exposed_pung_simples": 2,
        "going_out": 20,
    }
    assert tally(s) == (30, 0, 30)


def test_b10_concealed_kongs_count() -> None:
    """B10: a declared concealed kong counts as a concealed pung (default)."""
    s = win("{2222m} 555p 888s 456s 9m", "9m", discarder="N")
    assert lines(s) == {
        "concealed_kong_simples": 16,
        "concealed_pung_simples": 8,
        "going_out": 20,
        "only_possible_tile": 2,
        "three_concealed_pungs": 1,
    }
    assert tally(s) == (46, 1, 92)


@pytest.mark.parametrize(
    ("seat", "tiles", "own"),
    [("S", "f2", 1), ("S", "f2 x2", 2), ("S", "f1 x3", 0), ("N", "x4", 1), ("W", "f3 f4", 1)],
)
def test_b11_own_bonus_tile(seat: str, tiles: str, own: int) -> None:
    """B11 (A1, A14): a double for each bonus tile whose number is the seat's (1 East
    ... 4 North), flowers and seasons alike."""
    other = "E" if seat != "E" else "S"
    s = win(f"123m 456p 78s [555m] 99p {tiles}", "6s", seat=seat, discarder=other)
    n = len(tiles.split())
    want = {"exposed_pung_simples": 2, "going_out": 20, "bonus_tile": 4 * n}
    if own:
        want["own_bonus_tile"] = own
    assert lines(s) == want
    assert tally(s) == (22 + 4 * n, own, (22 + 4 * n) << own)


def test_b11_option_off() -> None:
    s = win(
        "123m 456p 78s [555m] 99p f2 x2",
        "6s",
        seat="S",
        discarder="E",
        options={"own_bonus_tile_double": False},
    )
    assert lines(s) == {"exposed_pung_simples": 2, "going_out": 20, "bonus_tile": 8}
    assert tally(s) == (30, 0, 30)


# -- §12.4 winner-only points ------------------------------------------------------------


def test_w1_w2_self_drawn_and_discard() -> None:
    """W1 20 for going out, always; W2 2 only for a tile from the wall."""
    drawn = win("123m 456p 78s [555m] 99p", "6s")
    assert lines(drawn) == {"exposed_pung_simples": 2, "going_out": 20, "drawn_winning_tile": 2}
    assert tally(drawn) == (24, 0, 24)
    claimed = win("123m 456p 78s [555m] 99p", "6s", discarder="W")
    assert "drawn_winning_tile" not in lines(claimed)
    assert tally(claimed) == (22, 0, 22)


@pytest.mark.parametrize("flag", ["kong_replacement", "bonus_replacement"])
def test_w2_and_d3_on_a_replacement_tile(flag: str) -> None:
    """W2 is earned by a winning replacement tile (A17), and so is D3, Winning on the
    Roof, whether it replaced a kong or a bonus tile."""
    s = win("123m 456p 78s [5555m] 99p f3", "6s", **{flag: True})
    assert lines(s) == {
        "exposed_kong_simples": 8,
        "bonus_tile": 4,
        "going_out": 20,
        "drawn_winning_tile": 2,
        "winning_on_the_roof": 1,
    }
    assert tally(s) == (34, 1, 68)


# -- §12.6 W3, the only possible tile ----------------------------------------------------


def test_w3_a_the_pair() -> None:
    """W3 (a): the winning tile completes the pair."""
    s = win("123m 456p 789s [NNN] 5p", "5p", discarder="S")
    assert lines(s) == {"exposed_pung_majors": 4, "going_out": 20, "only_possible_tile": 2}
    assert tally(s) == (26, 0, 26)


def test_w3_a_by_shape_alone() -> None:
    """A19: (a) earns W3 by its shape even though 3s (123s + 11s) would also have
    completed the hand."""
    s = win("123m 456p 789s 111s 2s", "2s", discarder="S")
    assert lines(s) == {"concealed_pung_majors": 8, "going_out": 20, "only_possible_tile": 2}
    assert tally(s) == (30, 0, 30)


def test_w3_b_middle_tile() -> None:
    """W3 (b): the middle tile of a chow."""
    s = win("46m 123p 789s [NNN] 99p", "5m", discarder="S")
    assert lines(s) == {"exposed_pung_majors": 4, "going_out": 20, "only_possible_tile": 2}


@pytest.mark.parametrize(
    ("hand", "tile"), [("12m 456p 789s [NNN] 99p", "3m"), ("89m 456p 123s [NNN] 99p", "7m")]
)
def test_w3_c_edge_wait(hand: str, tile: str) -> None:
    """W3 (c): the chow's other end does not exist (12 + 3, 89 + 7)."""
    s = win(hand, tile, discarder="S")
    assert lines(s) == {"exposed_pung_majors": 4, "going_out": 20, "only_possible_tile": 2}


def test_w3_c_open_wait_other_end_exhausted() -> None:
    """W3 (c): 78p + 9p with every 6p unavailable: the dead discards (given as
    'visible') and the winner's own copy; with one 6p unseen there is no W3."""
    hand = "123m 456p 78p [NNN] 99s"
    s = win(hand, "9p", discarder="S", visible="6p 6p 6p")
    assert lines(s) == {"exposed_pung_majors": 4, "going_out": 20, "only_possible_tile": 2}
    s = win(hand, "9p", discarder="S", visible="6p 6p")
    assert lines(s) == {"exposed_pung_majors": 4, "going_out": 20}
    s = win("123m 456s 78p [NNN] 99s", "6p", discarder="S", visible="9p 9p 9p 9p")
    assert "only_possible_tile" in lines(s)
    s = win("123m 456s 78p [NNN] 99s", "6p", discarder="S")
    assert "only_possible_tile" not in lines(s)


def _w3_table(east: str, visible: str = "") -> TableScore:
    """West wins with 78p + 9p; East's hand is the one under test."""
    return parlour.settle(
        {
            "rules": "classical",
            "winner": "W",
            "visible": visible,
            "seats": {
                "W": {"hand": "123m 78p 456s [NNN] 99s", "win_tile": "9p", "discarder": "N"},
                "E": {"hand": east},
                "S": {"hand": "2m 5m 8m 3p 5p 1s 3s 7s 9m E S W P"},
                "N": {"hand": "3m 6m 9m 1p 4p 4s 6s 9s N C F P E"},
            },
        }
    )


def test_w3_c_exhausted_by_other_players_exposed_sets() -> None:
    """C2: other players' melds made from discards count as unavailable."""
    t = _w3_table("[666p] 1m 4m 7m 2s 5s 8s E S W C", visible="6p")
    assert lines(t.scores["W"]) == {
        "exposed_pung_majors": 4,
        "going_out": 20,
        "only_possible_tile": 2,
    }
    t = _w3_table("[6666p] 1m 4m 7m 2s 5s 8s E S W C")
    assert "only_possible_tile" in lines(t.scores["W"])
    t = _w3_table("[666p] 1m 4m 7m 2s 5s 8s E S W C")
    assert "only_possible_tile" not in lines(t.scores["W"])


def test_w3_c_another_players_concealed_kong_does_not_count() -> None:
    """C2: another player's declared concealed kong does not make the tile exhausted."""
    t = _w3_table("{6666p} 1m 4m 7m 2s 5s 8s E S W C")
    assert lines(t.scores["W"]) == {"exposed_pung_majors": 4, "going_out": 20}
    assert t.scores["W"].total == 24


def test_w3_d_two_pairs_other_exhausted() -> None:
    """W3 (d): two pairs, the winning tile makes one a pung and the other pair's tile is
    exhausted (the two 3p the winner does not hold are dead discards)."""
    hand = "888s 55p 33p [SSS] [999m]"
    s = win(hand, "5p", seat="S", visible="3p 3p")
    assert lines(s) == {
        "exposed_pung_majors": 8,
        "concealed_pung_simples": 8,
        "going_out": 20,
        "drawn_winning_tile": 2,
        "only_possible_tile": 2,
        "own_wind_set": 1,
        "no_chows": 1,
    }
    assert tally(s) == (40, 2, 160)
    s = win(hand, "5p", seat="S", visible="3p")
    assert "only_possible_tile" not in lines(s)
    assert tally(s) == (38, 2, 152)


def test_w3_not_for_an_open_wait() -> None:
    """W3 is not given for a two-sided wait with the other end still live."""
    s = win("123m 456p 78s [555m] 99p", "9s", discarder="S")
    assert "only_possible_tile" not in lines(s)


# -- §12.5 winner-only doubles -----------------------------------------------------------


def test_d1_last_live_wall_tile() -> None:
    s = win("123m 456p 78s [555m] 99p", "6s", last_wall_tile=True)
    assert lines(s) == {
        "exposed_pung_simples": 2,
        "going_out": 20,
        "drawn_winning_tile": 2,
        "last_wall_tile": 1,
    }
    assert tally(s) == (24, 1, 48)


def test_d2_last_discard() -> None:
    s = win("123m 456p 78s [555m] 99p", "6s", discarder="N", last_wall_tile=True)
    assert lines(s) == {"exposed_pung_simples": 2, "going_out": 20, "last_discard": 1}
    assert tally(s) == (22, 1, 44)


def test_d4_opening_a_flower_replaces_d3_without_d1() -> None:
    """D4 (A16): a replacement drawn with the live wall empty is 2 doubles in all; D3 is
    replaced and D1 does not apply."""
    s = win("123m 456p 78s [555m] 99p f3", "6s", bonus_replacement=True, last_wall_tile=True)
    assert lines(s) == {
        "exposed_pung_simples": 2,
        "bonus_tile": 4,
        "going_out": 20,
        "drawn_winning_tile": 2,
        "opening_a_flower": 2,
    }
    assert tally(s) == (28, 2, 112)
    s = win("123m 456p 78s [5555m] 99p", "6s", kong_replacement=True, last_wall_tile=True)
    assert "opening_a_flower" in lines(s)
    assert "winning_on_the_roof" not in lines(s)
    assert "last_wall_tile" not in lines(s)


def test_d5_worthless_hand() -> None:
    """D5: four chows and a pair worth 0 points; bonus tiles, W2 and W3 do not stop a
    hand being worthless (A18)."""
    s = win("123m 46p 789s 345m 99p f3", "5p")
    assert lines(s) == {
        "bonus_tile": 4,
        "going_out": 20,
        "drawn_winning_tile": 2,
        "only_possible_tile": 2,
        "worthless_hand": 1,
    }
    assert tally(s) == (28, 1, 56)


@pytest.mark.parametrize(
    ("hand", "seat"),
    [
        ("123m 456p 78s 345m CC", "E"),  # a dragon pair scores
        ("123m 456p 78s 345m SS", "S"),  # the own wind's pair scores
        ("123m 456p 78s 555m 99p", "E"),  # a pung
    ],
)
def test_d5_not_with_a_scoring_pair_or_a_pung(hand: str, seat: str) -> None:
    s = win(hand, "6s", seat=seat, discarder="W")
    assert "worthless_hand" not in lines(s)


def test_d5_with_a_pair_of_the_prevailing_wind() -> None:
    """D5 says "a pair worth 0 points (§12.1)": the scorer reads the pair's worth by the
    §12.1 table, so a pair of the round wind (2 points by §12.7 when the option is on)
    still leaves a worthless hand. An ambiguity: this pins the scorer's reading."""
    on = {"prevailing_wind_scoring": True}
    s = win("123m 456p 789s 234s S", "S", round_wind="S", options=on)
    assert lines(s) == {
        "prevailing_pair": 2,
        "going_out": 20,
        "drawn_winning_tile": 2,
        "only_possible_tile": 2,
        "worthless_hand": 1,
    }
    assert tally(s) == (26, 1, 52)


def test_d6_no_chows() -> None:
    s = win("[555m] 888p [NNN] 222s 7s", "7s")
    assert lines(s) == {
        "exposed_pung_simples": 2,
        "concealed_pung_simples": 8,
        "exposed_pung_majors": 4,
        "going_out": 20,
        "drawn_winning_tile": 2,
        "only_possible_tile": 2,
        "no_chows": 1,
    }
    assert tally(s) == (38, 1, 76)


def test_d7_major_pungs_with_a_simple_pair() -> None:
    """D7 (A18): all four sets pungs of terminals or honours, the pair anything; D6
    also applies."""
    s = win("[111m] [999p] NNN 111s 5p", "5p")
    assert lines(s) == {
        "exposed_pung_majors": 8,
        "concealed_pung_majors": 16,
        "going_out": 20,
        "drawn_winning_tile": 2,
        "only_possible_tile": 2,
        "no_chows": 1,
        "major_pungs": 1,
    }
    assert tally(s) == (48, 2, 192)


def test_d8_one_suit_with_honours() -> None:
    s = win("123m 456m 789m EEE N", "N", seat="S")
    assert lines(s) == {
        "concealed_pung_majors": 8,
        "going_out": 20,
        "drawn_winning_tile": 2,
        "only_possible_tile": 2,
        "one_suit_with_honours": 1,
    }
    assert tally(s) == (32, 1, 64)


def test_d9_one_suit() -> None:
    """D9: one suit, no honours, 3 doubles; D8 does not also apply (A18)."""
    s = win("123p 456p 789p 111p 5p", "5p")
    assert lines(s) == {
        "concealed_pung_majors": 8,
        "going_out": 20,
        "drawn_winning_tile": 2,
        "only_possible_tile": 2,
        "one_suit": 3,
    }
    assert tally(s) == (32, 3, 256)


# -- §11 limit hands ---------------------------------------------------------------------


def assert_limit(s: Score, key: str) -> None:
    """A limit hand is worth exactly the limit, nothing added (§11.1)."""
    assert s.valid, s.reason
    assert lines(s) == {key: 1}
    assert is_limit(s)
    assert s.tally is not None and (s.tally.points, s.tally.doubles) == (0, 0)


def test_l1_heavens_blessing() -> None:
    """L1: East's dealt hand complete, any hand (here a worthless one)."""
    s = win("123m 456p 789s 345m 9p", "9p", heavenly=True)
    assert_limit(s, "heavens_blessing")


def test_l1_is_east_only_and_self_drawn() -> None:
    with pytest.raises(InvalidHand, match="East"):
        parlour.score(situation("123m 456p 789s 345m 9p", "9p", seat="S", heavenly=True))
    with pytest.raises(InvalidHand, match="self-drawn"):
        parlour.score(situation("123m 456p 789s 345m 9p", "9p", discarder="S", heavenly=True))


def test_l2_earths_blessing() -> None:
    """L2: a player other than East goes out on East's first discard."""
    s = win("123m 456p 789s 345m 9p", "9p", seat="S", discarder="E", earthly=True)
    assert_limit(s, "earths_blessing")


def test_l2_is_on_easts_discard_by_another_player() -> None:
    with pytest.raises(InvalidHand, match="East"):
        parlour.score(situation("123m 456p 789s 345m 9p", "9p", discarder="S", earthly=True))
    with pytest.raises(InvalidHand, match="East"):
        parlour.score(
            situation("123m 456p 789s 345m 9p", "9p", seat="W", discarder="S", earthly=True)
        )
    with pytest.raises(InvalidHand, match="discard"):
        parlour.score(situation("123m 456p 789s 345m 9p", "9p", seat="W", earthly=True))


@pytest.mark.parametrize("how", [{"discarder": "W"}, {}])
def test_l3_thirteen_unique_wonders(how: dict[str, str]) -> None:
    s = win("1m 9m 1p 9p 1s 9s E S W N C F P", "9s", seat="N", **how)
    assert_limit(s, "thirteen_unique_wonders")


def test_l4_moon_from_the_bottom_of_the_sea() -> None:
    """L4: the last live-wall tile, drawn normally, is 1p."""
    s = win("23p 456m 789m [NNN] 99s", "1p", last_wall_tile=True)
    assert_limit(s, "moon_from_the_bottom_of_the_sea")


@pytest.mark.parametrize(
    "how",
    [
        {"discarder": "S", "last_wall_tile": True},  # the last discard: D2
        {"bonus_replacement": True, "last_wall_tile": True},  # a replacement: D4
        {},  # not the last tile
    ],
)
def test_l4_not_otherwise(how: dict[str, Any]) -> None:
    hand = "23p 456m 789m [NNN] 99s" + (" f3" if "bonus_replacement" in how else "")
    s = win(hand, "1p", **how)
    assert "moon_from_the_bottom_of_the_sea" not in lines(s)
    assert not is_limit(s)


@pytest.mark.parametrize("flag", ["kong_replacement", "bonus_replacement"])
def test_l5_plum_blossom_from_the_roof(flag: str) -> None:
    """L5 (A17): a winning replacement tile, after a kong or a bonus tile, that is 5p."""
    s = win("46p 123m 789s [EEEE] 99s f3", "5p", **{flag: True})
    assert_limit(s, "plum_blossom_from_the_roof")


def test_l5_not_from_the_live_wall() -> None:
    s = win("46p 123m 789s [EEEE] 99s", "5p")
    assert not is_limit(s)


def test_l6_three_great_scholars() -> None:
    s = win("[CCC] [FFF] PPP 123m 5s", "5s")
    assert_limit(s, "three_great_scholars")


def test_l7_four_large_blessings() -> None:
    s = win("[EEE] [SSS] [WWW] NNN 5s", "5s", seat="S")
    assert_limit(s, "four_large_blessings")


def test_l8_kong_on_kong() -> None:
    """L8: the replacement of a second kong, itself declared on the first kong's
    replacement, completes the hand."""
    s = win("{EEEE} [5555m] 123p 456s 9s", "9s", kong_replacement=True, kong_on_kong=True)
    assert_limit(s, "kong_on_kong")


def test_l8_needs_two_kongs_and_a_kong_replacement() -> None:
    with pytest.raises(InvalidHand, match="kong"):
        parlour.score(situation("123m 456p 789s 345m 9p", "9p", kong_on_kong=True))
    with pytest.raises(InvalidHand, match="kong"):
        parlour.score(
            situation("{EEEE} [5555m] 123p 456s 9s", "9s", discarder="S", kong_on_kong=True)
        )
    with pytest.raises(InvalidHand, match="kong"):
        parlour.score(
            situation("{EEEE} 555m 123p 456s 9s", "9s", kong_replacement=True, kong_on_kong=True)
        )


def test_l9_fourfold_plenty() -> None:
    s = win("[1111m] {EEEE} [5555p] {9999s} C", "C", discarder="S")
    assert_limit(s, "fourfold_plenty")


@pytest.mark.parametrize(
    ("tile", "how"),
    [("5m", {}), ("1m", {"discarder": "S"}), ("9m", {}), ("2m", {"discarder": "W"})],
)
def test_l10_nine_gates(tile: str, how: dict[str, str]) -> None:
    """L10 (C3): the 13 tiles before the win are 1112345678999 of one suit, the 14th
    any tile of that suit, drawn or claimed."""
    s = win("1112345678999m", tile, **how)
    assert_limit(s, "nine_gates")


def test_l10_not_when_the_thirteen_are_not_the_gates() -> None:
    """C3: 1111345678999m waiting on 2m is one suit (D9), not the Nine Gates; an exposed
    set is not concealed."""
    s = win("1111345678999m", "2m")
    assert "nine_gates" not in lines(s)
    assert "one_suit" in lines(s)
    s = win("[111m] 2345678999m", "5m")
    assert "nine_gates" not in lines(s)
    assert not is_limit(s)


@pytest.mark.parametrize(
    ("hand", "tile", "how"),
    [
        ("222m 555p 888s EEE 9m", "9m", {"discarder": "N"}),  # a discard to the pair
        ("222m 555p 88s EEE 99m", "8s", {}),  # self-drawn, completing a pung
        ("{2222m} 555p 888s EEE 9m", "9m", {}),  # concealed kongs count
    ],
)
def test_l11_buried_treasure(hand: str, tile: str, how: dict[str, str]) -> None:
    s = win(hand, tile, **how)
    assert_limit(s, "buried_treasure")


def test_l11_not_on_a_discard_completing_a_pung() -> None:
    """C4: a discard claimed to complete a pung makes it exposed, so no Buried Treasure;
    the other three concealed pungs still earn B10."""
    s = win("222m 555p 88s EEE 99m", "8s", discarder="N")
    assert lines(s) == {
        "concealed_pung_simples": 8,
        "exposed_pung_simples": 2,
        "concealed_pung_majors": 8,
        "going_out": 20,
        "own_wind_set": 1,
        "three_concealed_pungs": 1,
        "no_chows": 1,
    }
    assert tally(s) == (38, 3, 304)


def test_l12_all_honours() -> None:
    s = win("EEE SSS [WWW] CCC P", "P", seat="N", discarder="E")
    assert_limit(s, "all_honours")


def test_l13_all_green() -> None:
    """L13: only 2s 3s 4s 6s 8s and Green Dragons; the chow 234s is allowed."""
    s = win("234s 666s 888s [FFF] 3s", "3s")
    assert_limit(s, "all_green")
    s = win("234s 678s 888s [FFF] 3s", "3s")
    assert not is_limit(s)


def test_l14_heads_and_tails() -> None:
    s = win("111m 999m [111p] 999s 9p", "9p")
    assert_limit(s, "heads_and_tails")


def test_l15_wriggling_snake() -> None:
    s = win("1123456789s E S W", "N")
    assert_limit(s, "wriggling_snake")
    s = win("123456789s E S W N", "1s", discarder="S")
    assert_limit(s, "wriggling_snake")


def test_l15_not_with_another_pair() -> None:
    """L15 is 11 2 3 4 5 6 7 8 9 of one suit and the four winds; a pair of 5s is no
    snake (and no winning hand)."""
    s = parlour.score(situation("1234556789s E S W", "N"))
    assert not s.valid
    assert s.reason and "do not make" in s.reason


def test_a_hand_fitting_several_limits_is_one_limit() -> None:
    """§11.1: All Honours with Four Large Blessings is still one limit."""
    s = win("[EEE] [SSS] [WWW] NNN C", "C", seat="S")
    assert s.tally is not None and s.tally.limit and s.total == 500
    assert len(s.patterns) == 1


def test_limit_option() -> None:
    s = win("[CCC] [FFF] PPP 123m 5s", "5s", options={"limit": 1000})
    assert s.total == 1000


# -- §12.8 the limit caps every hand, losers too -----------------------------------------


def test_limit_caps_the_winner() -> None:
    s = win("[111m] [999p] NNN 111s 5p f1", "5p", last_wall_tile=True)
    # 52 points, D1 + D6 + D7 + B11 = 4 doubles: 832, capped
    assert tally(s) == (52, 4, 500)
    assert s.tally is not None and s.tally.raw == 832 and not s.tally.limit


def test_limit_caps_a_loser_and_the_settlement_uses_it() -> None:
    """§12.8 (EX-3): a loser's 16 points x 2^5 = 512 counts as 500; the losers settle on
    the capped scores."""
    t = loser_table("[CCC] [FFF] PPP 5m 6m 8m 9m", seat="S")
    assert tally(t.scores["S"]) == (16, 5, 500)
    assert t.scores["W"].total == QUIET_SCORE
    assert t.net == {"S": -48 + 500 + 500, "W": 3 * 48, "N": -48 - 500, "E": -48 - 500}
    assert t.net == formula_net(t)


def test_rob_kong_scores_nothing_extra() -> None:
    """§6.6: with rob_kong on, a robbed tile is treated as a claimed discard and scores
    nothing extra."""
    s = win(
        "123m 456p 78s [555m] 99p",
        "6s",
        discarder="S",
        robbing_kong=True,
        options={"rob_kong": True},
    )
    assert lines(s) == {"exposed_pung_simples": 2, "going_out": 20}


def test_b10_for_a_loser_with_four_concealed_pungs() -> None:
    """B10 is "at least three" concealed pungs, once; a loser scores it (no limit)."""
    s = loser("111m 999p EEE 555s 6m", seat="S")
    assert lines(s) == {
        "concealed_pung_majors": 24,
        "concealed_pung_simples": 4,
        "three_concealed_pungs": 1,
    }
    assert tally(s) == (28, 1, 56)


# -- §12.9 a loser's hand ----------------------------------------------------------------


def test_loser_counts_at_most_one_pair() -> None:
    """A21: of CC, FF and SS (South's own wind) only one pair counts."""
    s = loser("CC FF SS EE N W P 6m 9m", seat="S")
    assert sum(lines(s).values()) == 2
    assert tally(s) == (2, 0, 2)


def test_loser_four_undeclared_tiles_are_a_pung_and_a_loose_tile() -> None:
    """§6.3: four undeclared identical tiles count as a concealed pung plus one loose
    tile, never as a kong."""
    s = loser("EEEE 6m 9m 1p 8p 9p 1s 6s 8s 5m", seat="S")
    assert lines(s) == {"concealed_pung_majors": 8}
    assert tally(s) == (8, 0, 8)
    s = loser("EEEE 6m 9m 1p 8p 9p 1s 6s 8s 5m", seat="E")
    assert lines(s) == {"concealed_pung_majors": 8, "own_wind_set": 1}
    assert tally(s) == (8, 1, 16)


def test_loser_declared_concealed_kong_scores_as_a_kong() -> None:
    s = loser("{EEEE} 6m 9m 1p 8p 9p 1s 6s 8s 5m 3s", seat="S")
    assert lines(s) == {"concealed_kong_majors": 32}


def test_loser_best_arrangement() -> None:
    """§12.9: 1112m 3m is read as the pung 111m (8) and two loose tiles, not the chow
    123m and the pair 11m (0)."""
    s = loser("111m 2m 3m N W P C F E S 9p", seat="S")
    assert lines(s) == {"concealed_pung_majors": 8}
    assert tally(s) == (8, 0, 8)


def test_loser_pung_and_pair_of_dragons() -> None:
    s = loser("CCC PP 6m 9m 1p 8p 9p 1s 6s 3s", seat="S")
    assert lines(s) == {"concealed_pung_majors": 8, "dragon_pair": 2, "dragon_set": 1}
    assert tally(s) == (10, 1, 20)


def test_loser_gets_no_winner_only_items() -> None:
    """§12.9: a loser's pung-only, one-suit-and-honours hand earns no W1-W3 and no
    D1-D9; he counts his bonus tiles and basic doubles."""
    s = loser("[111m] 999m NNN 55m 6m 7m x2", seat="S", options={"limit": 10000})
    assert lines(s) == {
        "exposed_pung_majors": 4,
        "concealed_pung_majors": 16,
        "bonus_tile": 4,
        "own_bonus_tile": 1,
    }
    assert tally(s) == (24, 1, 48)


# -- §7.3 and C1: concealed or exposed, and where the winning tile sits ------------------


def test_claimed_tile_makes_its_pung_exposed() -> None:
    """§7.3: the set completed by a claimed tile counts as exposed; a drawn one stays
    concealed."""
    claimed = win("123m 789m 456s 55p 99s", "5p", discarder="S")
    assert lines(claimed) == {"exposed_pung_simples": 2, "going_out": 20}
    drawn = win("123m 789m 456s 55p 99s", "5p")
    assert lines(drawn) == {
        "concealed_pung_simples": 4,
        "going_out": 20,
        "drawn_winning_tile": 2,
    }


def test_winning_tile_placed_for_the_best_score() -> None:
    """C1: a claimed 5p completing 345p or 555p is put in the chow, which keeps 555p a
    concealed pung (4 rather than 2)."""
    s = win("123m 789m 99s 34p 555p", "5p", discarder="S")
    assert lines(s) == {"concealed_pung_simples": 4, "going_out": 20}
    assert s.reading is not None and "{555p}" in s.reading and "[345p]" in s.reading


def test_winning_tile_place_decides_w3() -> None:
    """C1: 5p completing the pair 55p (single wait, W3) or the chow 345p (open wait):
    the pair reading is worth more."""
    s = win("34p 55p 555s 123m 789m", "5p", discarder="S")
    assert lines(s) == {"concealed_pung_simples": 4, "going_out": 20, "only_possible_tile": 2}
    assert tally(s) == (26, 0, 26)


# -- §12.7 the prevailing wind (C5: nothing unless the option is on) ---------------------


def test_round_wind_changes_nothing_without_the_option() -> None:
    base = win("123m 456p 78s [SSS] 99p", "6s", discarder="W")
    s = win("123m 456p 78s [SSS] 99p", "6s", discarder="W", round_wind="S")
    assert lines(s) == lines(base) == {"exposed_pung_majors": 4, "going_out": 20}
    assert tally(s) == (24, 0, 24)


def test_prevailing_wind_pung_and_pair() -> None:
    on = {"prevailing_wind_scoring": True}
    s = win("123m 456p 78s [SSS] 99p", "6s", discarder="W", round_wind="S", options=on)
    assert lines(s) == {"exposed_pung_majors": 4, "going_out": 20, "prevailing_set": 1}
    assert tally(s) == (24, 1, 48)
    s = win("123m 456p 78s [555m] SS", "6s", discarder="W", round_wind="S", options=on)
    assert lines(s) == {"exposed_pung_simples": 2, "going_out": 20, "prevailing_pair": 2}
    # the own wind when it is also the round wind: 4 for the pair, 2 doubles for a pung
    s = win("123m 456p 78s [555m] SS", "6s", seat="S", discarder="W", round_wind="S", options=on)
    assert lines(s) == {
        "exposed_pung_simples": 2,
        "going_out": 20,
        "own_wind_pair": 2,
        "prevailing_pair": 2,
    }
    s = win("123m 456p 78s [SSS] 99p", "6s", seat="S", discarder="W", round_wind="S", options=on)
    assert lines(s) == {
        "exposed_pung_majors": 4,
        "going_out": 20,
        "own_wind_set": 1,
        "prevailing_set": 1,
    }
    assert tally(s) == (24, 2, 96)


# -- §13 settlement ----------------------------------------------------------------------

TV1: dict[str, Any] = {
    "rules": "classical",
    "winner": "W",
    "seats": {
        "W": {"hand": "999p 44s 67s [777m] [WWWW] f4", "win_tile": "5s", "self_drawn": True},
        "N": {"hand": "PPP 2m 5m 8m 3p 7p 2s 9s [666m] x1"},
        "E": {"hand": "234m 678s EE 1p 9m [8888p]"},
        "S": {"hand": "111s FF 3m 4p 6p 3s 8s [1111m] f2 x3"},
    },
}


def test_settlement_formula() -> None:
    """§13.2: net(W) = 3 S_W, net(L) = -S_W + the differences with the other losers;
    the nets sum to 0."""
    t = parlour.settle(TV1)
    assert {s: x.total for s, x in t.scores.items()} == {"W": 104, "N": 28, "E": 10, "S": 68}
    assert t.net == formula_net(t) == {"E": -180, "S": -6, "W": 312, "N": -126}
    assert sum(t.net.values()) == 0


def test_between_two_losers_only_the_difference_moves() -> None:
    """§13.1: each pair of losers exchanges only the difference, from the lower score to
    the higher; the winner never pays."""
    t = parlour.settle(TV1)
    between = {(a, b): n for a, b, n in t.payments if b != "W"}
    assert between == {("E", "N"): 18, ("E", "S"): 58, ("N", "S"): 40}
    assert all(a != "W" for a, _, _ in t.payments)


def test_equal_losers_pay_nothing_to_each_other() -> None:
    """§13.1: three losers on 0 exchange nothing; each only pays the winner."""
    t = loser_table("1m 4m 7m 9m 1p 2p 5p 7p 8p 3s 4s 6s 5s", seat="S")
    assert {s: x.total for s, x in t.scores.items()} == {"S": 0, "W": 48, "N": 0, "E": 0}
    assert t.net == {"S": -48, "W": 144, "N": -48, "E": -48}
    assert t.payments == (("N", "W", 48), ("E", "W", 48), ("S", "W", 48))


def test_east_pays_double() -> None:
    """§13.3: with the option every payment with East as payer or payee is doubled,
    after the limit; West wins 104: East pays 208, and East's differences with North
    (18) and South (58) double."""
    t = parlour.settle({**TV1, "options": {"east_pays_double": True}})
    assert t.net == {
        "W": 208 + 104 + 104,
        "E": -208 - 36 - 116,
        "S": -104 + 116 + 40,
        "N": -104 + 36 - 40,
    }
    assert sum(t.net.values()) == 0


def test_east_pays_double_when_east_wins() -> None:
    """EX-2: East as winner receives double; loser-to-loser payments are unchanged."""
    t = loser_table("CC FF SS EE N W P 6m 9m", seat="N", options={"east_pays_double": True})
    assert t.scores["E"].total == QUIET_SCORE
    assert t.scores["N"].total == 2
    assert t.net == {"E": 6 * 48, "N": -96 + 2 + 2, "S": -96 - 2, "W": -96 - 2}


def test_east_pays_double_after_the_limit() -> None:
    t = loser_table("[CCC] [FFF] PPP 5m 6m 8m 9m", seat="S", options={"east_pays_double": True})
    # South's 512 is capped at 500 before East's payment to him is doubled to 1000
    assert t.net["E"] == -2 * 48 - 1000
    assert t.net["S"] == -48 + 1000 + 500


def test_washout_pays_nothing() -> None:
    """§8, A9, §13.4: nobody scores and nothing is paid."""
    t = parlour.settle(
        {
            "rules": "classical",
            "winner": None,
            "seats": {
                "E": {"hand": "[CCC] [FFF] PPP 5m 6m 8m 9m"},
                "S": {"hand": "[EEE] [SSS] [WWW] NNN 5m"},
                "W": {"hand": F1},
                "N": {"hand": F2},
            },
        }
    )
    assert t.winner is None
    assert t.net == {"E": 0, "S": 0, "W": 0, "N": 0}
    assert {s.total for s in t.scores.values()} == {0}
    assert t.payments == ()


# -- British variations: the goulash (G) -------------------------------------------------

GOULASH = {"goulash": True}
# Zero hands and a quiet winner without a 2 Bamboo (every 2s is wild in the goulash).
G2 = "2m 3m 5m 8m 1p 3p 4p 6p 9p 1s 5s 7s 8s"
GOULASH_QUIET = {"hand": "[555m] [777p] [999s] 444m 6p", "win_tile": "6p", "self_drawn": True}


def goulash_loser(hand: str, seat: str = "S", **table: Any) -> Score:
    i = ORDER.index(seat)
    winner = ORDER[(i + 1) % 4]
    seats = {
        seat: {"hand": hand},
        winner: dict(GOULASH_QUIET),
        ORDER[(i + 2) % 4]: {"hand": F1},
        ORDER[(i + 3) % 4]: {"hand": G2},
    }
    t = parlour.settle(
        {"rules": "classical", "goulash": True, "winner": winner, "seats": seats, **table}
    )
    assert t.scores[winner].total == 34
    return t.scores[seat]


def refused(data: dict[str, Any], *words: str) -> str:
    """The hand is no win: ``parlour.score`` says so (valid False) with a reason."""
    s = parlour.score(data)
    assert not s.valid
    assert s.reason is not None
    for w in words:
        assert w in s.reason, s.reason
    return s.reason


def test_goulash_no_chows() -> None:
    """G6.1: a winning hand may not hold a chow in the goulash."""
    refused(situation("123m 456p 789s [NNN] 5p", "5p", **GOULASH), "without chows")


def test_goulash_no_d6_and_no_w3() -> None:
    """G6.1: D6 is never scored in the goulash; G6.7: nor is W3 (here a single wait)."""
    hand = "[555m] [777p] [999s] 444m 6p"
    s = win(hand, "6p", **GOULASH)
    assert lines(s) == {
        "exposed_pung_simples": 4,
        "exposed_pung_majors": 4,
        "concealed_pung_simples": 4,
        "going_out": 20,
        "drawn_winning_tile": 2,
    }
    assert tally(s) == (34, 0, 34)
    plain = win(hand, "6p")
    assert {"only_possible_tile", "no_chows"} <= set(lines(plain))
    assert tally(plain) == (36, 1, 72)


def test_goulash_g6_2_a_pung_holds_one_wild() -> None:
    """G6.2: C with two wilds would be a dragon pung worth 76; with a natural winning
    tile it is refused, and the wilds go one to the pung 555p, one to the pair of C."""
    s = win("C 2s* 2s* 5p [777p] [999m] [444m]", "5p", **GOULASH)
    assert lines(s) == {
        "exposed_pung_simples": 4,
        "exposed_pung_majors": 4,
        "concealed_pung_simples": 4,
        "dragon_pair": 2,
        "going_out": 20,
        "drawn_winning_tile": 2,
    }
    assert tally(s) == (36, 0, 36)


def test_goulash_g6_4_a_wild_winning_tile_allows_one_more() -> None:
    """G6.4: the same tiles won on a wild: one pung may hold two wilds, and the reading
    worth the most is the dragon pung C + two wilds with the pair 55p."""
    s = win("C 2s* 55p [777p] [999m] [444m]", "2s*", **GOULASH)
    assert lines(s) == {
        "exposed_pung_simples": 4,
        "exposed_pung_majors": 4,
        "concealed_pung_majors": 8,
        "going_out": 20,
        "drawn_winning_tile": 2,
        "dragon_set": 1,
    }
    assert tally(s) == (38, 1, 76)


def test_goulash_c4_the_winning_wild_completes_any_set() -> None:
    """C4: under G6.4 the winning wild may complete another group than the one holding
    the extra wild: C + two wilds is the dragon pung, the winning wild pairs the 5p."""
    s = win("C 2s* 2s* 5p [777p] [999m] [444m]", "2s*", **GOULASH)
    assert lines(s) == {
        "exposed_pung_simples": 4,
        "exposed_pung_majors": 4,
        "concealed_pung_majors": 8,
        "going_out": 20,
        "drawn_winning_tile": 2,
        "dragon_set": 1,
    }
    assert tally(s) == (38, 1, 76)


def test_goulash_c3_a_pair_of_two_wilds_only_on_a_wild_win() -> None:
    """C3 (G6.4): two wilds make a pair only when the winning tile is a wild."""
    s = win("2s* 555s [777p] [999m] [444m]", "2s*", **GOULASH)
    assert tally(s) == (36, 0, 36)
    assert set(lines(s)) & {"dragon_pair", "own_wind_pair"}
    refused(situation("2s* 2s* 55s [777p] [999m] [444m]", "5s", **GOULASH), "do not make")


def test_goulash_g6_5_no_fifth_copy() -> None:
    """G6.5: with [EEE] and a natural E, the wild may not stand for a fifth East Wind,
    so it cannot pair the E; with [CCC] instead the pair E + wild is fine."""
    refused(situation("[EEE] [777p] [999m] 55p E 2s*", "5p", **GOULASH), "do not make")
    s = win("[CCC] [777p] [999m] 55p E 2s*", "5p", **GOULASH)
    assert lines(s)["own_wind_pair"] == 2
    assert tally(s) == (38, 1, 76)


def test_goulash_g6_2_fixed_melds() -> None:
    """G6.2 holds for exposed and declared melds too: an exposed pung with two wilds and
    a concealed kong with three are refused; a kong with two wilds is fine (BV-6)."""
    refused(situation("[P2s*2s*] [777p] [999m] 55p EE", "5p", **GOULASH), "G6.2")
    refused(situation("{N2s*2s*2s*} [777p] [999m] 55p EE", "5p", **GOULASH), "G6.2")
    s = win("{NN2s*2s*} [777p] [999m] 55p EE", "5p", **GOULASH)
    assert lines(s)["concealed_kong_majors"] == 32


def test_goulash_g6_4_for_an_exposed_pung() -> None:
    """G6.4 reads "one pair or one pong of that hand": on a wild winning tile an exposed
    pung may be the one holding two wilds (and the winning wild pairs the E)."""
    s = win("[P2s*2s*] [777p] [999m] 555p E", "2s*", **GOULASH)
    assert tally(s) == (38, 1, 76)
    refused(situation("[P2s*2s*] [777p] [999m] 555p E", "E", **GOULASH), "G6.2")


def test_goulash_g6_3_special_hands() -> None:
    """G6.3 (BA14): in a limit hand a pung may hold two wilds (a Red Dragon pung of one
    C and two wilds in the Three Great Scholars), concealed or exposed; never a pung of
    wilds only."""
    s = win("C 2s* 2s* [FFF] [PPP] [555m] 9s", "9s", **GOULASH)
    assert_limit(s, "three_great_scholars")
    s = win("[C2s*2s*] [FFF] [PPP] [555m] 9s", "9s", **GOULASH)
    assert_limit(s, "three_great_scholars")
    refused(situation("2s* 2s* 2s* [FFF] [PPP] [CCC] 9s", "9s", **GOULASH), "do not make")


def test_goulash_g6_6_a_wild_counts_as_its_tile() -> None:
    """G6.6: a Red Dragon pung with one wild is a Red Dragon pung: 4 exposed, and B1."""
    s = win("[CC2s*] [777p] [999m] 555s 4p", "4p", **GOULASH)
    assert lines(s) == {
        "exposed_pung_majors": 8,
        "exposed_pung_simples": 2,
        "concealed_pung_simples": 4,
        "going_out": 20,
        "drawn_winning_tile": 2,
        "dragon_set": 1,
    }
    assert tally(s) == (36, 1, 72)


def test_goulash_loser_places_wilds_for_the_best_score() -> None:
    """G6.6: a loser's wild joins CC as a concealed dragon pung (8, B1)."""
    s = goulash_loser("CC 2s* 1m 9m 8p 6s 8s E S W N P")
    assert lines(s) == {"concealed_pung_majors": 8, "dragon_set": 1}
    assert tally(s) == (8, 1, 16)


def test_goulash_loser_within_g6_2() -> None:
    """G6.2 for a loser: C with two wilds is no pung; one wild pairs the C."""
    s = goulash_loser("2s* 2s* C 1m 9m 8p 6s 8s 3m 6m E W N")
    assert lines(s) == {"dragon_pair": 2}
    assert tally(s) == (2, 0, 2)


def test_goulash_loser_no_pair_of_two_wilds() -> None:
    """C3: a loser's two wilds are no pair (a loser has no wild winning tile)."""
    s = goulash_loser("2s* 2s* 1m 9m 8p 6s 8s 3m 6m E W N 8m")
    assert tally(s) == (0, 0, 0)


def test_goulash_loser_within_g6_5() -> None:
    """G6.5 for a loser: with [CCC] and a natural C, the wild may not pair the C."""
    s = goulash_loser("[CCC] C 2s* 1m 9m 8p 6s 8s 3m 6m N", seat="W")
    assert lines(s) == {"exposed_pung_majors": 4, "dragon_set": 1}
    assert tally(s) == (4, 1, 8)


def test_goulash_jokers_are_wild_and_2s_ordinary() -> None:
    """G2.2: with goulash_wild = jokers, J is wild and the 2 Bamboos are ordinary."""
    opts = {"goulash_wild": "jokers"}
    s = win("222s [CCJ*] [777p] [999m] 5p", "5p", options=opts, **GOULASH)
    assert lines(s) == {
        "concealed_pung_simples": 4,
        "exposed_pung_simples": 2,
        "exposed_pung_majors": 8,
        "going_out": 20,
        "drawn_winning_tile": 2,
        "dragon_set": 1,
    }
    assert tally(s) == (36, 1, 72)
    with pytest.raises(InvalidHand, match="ordinary"):
        parlour.score(situation("222s [CC2s*] [777p] [999m] 5p", "5p", options=opts, **GOULASH))
    with pytest.raises(InvalidHand, match="joker"):
        parlour.score(situation("333s [CCJ*] [777p] [999m] 5p", "5p", **GOULASH))


def test_goulash_discarded_jokers_may_be_visible() -> None:
    """G6.8: a discarded joker may lie among the dead discards of a jokers goulash; it
    counts towards the four jokers."""
    opts = {"goulash_wild": "jokers"}
    s = win("222s [CCJ*] [777p] [999m] 5p", "5p", options=opts, visible="J J J", **GOULASH)
    assert s.total == 72
    with pytest.raises(InvalidHand, match="5 copies of J"):
        win("222s [CCJ*] [777p] [999m] 5p", "5p", options=opts, visible="J J J J", **GOULASH)


def test_goulash_fixed_pattern_limit_hands_stay_allowed() -> None:
    """BA6: the Nine Gates, the Wriggling Snake and the Thirteen Unique Wonders hold no
    sets, so they are allowed in the goulash, wilds standing for missing tiles."""
    assert_limit(win("1112345678999m", "5m", **GOULASH), "nine_gates")
    assert_limit(win("111345678999m 2s*", "5m", **GOULASH), "nine_gates")
    assert_limit(win("1112345678999m", "2s*", **GOULASH), "nine_gates")
    assert_limit(win("113456789m E S W N 2s*", "5m", **GOULASH), "wriggling_snake")
    s = win("1m 9m 1p 9p 1s 9s E S W N C F 2s*", "P", **GOULASH)
    assert_limit(s, "thirteen_unique_wonders")


def test_goulash_c5_no_l4_l5_with_a_wild() -> None:
    """C5: L4 and L5 do not count when the winning tile is a wild standing for 1p or 5p."""
    s = win("[555m] [777p] [999s] 11p 66m", "2s*", last_wall_tile=True, **GOULASH)
    assert not is_limit(s)
    assert "last_wall_tile" in lines(s)
    s = win("[555m] [777p] [999s] 11p 66m", "1p", last_wall_tile=True, **GOULASH)
    assert_limit(s, "moon_from_the_bottom_of_the_sea")
    s = win("[5555m] [777p] [999s] 55p 66m", "2s*", kong_replacement=True, **GOULASH)
    assert not is_limit(s)
    assert "winning_on_the_roof" in lines(s)
    s = win("[5555m] [777p] [999s] 55p 66m", "5p", kong_replacement=True, **GOULASH)
    assert_limit(s, "plum_blossom_from_the_roof")


def test_goulash_heavens_blessing_may_hold_chows() -> None:
    """G6.1: Heaven's Blessing and Earth's Blessing are the exceptions to no chows."""
    s = win("123m 456p 789s [NNN] 5p", "5p", heavenly=True, **GOULASH)
    assert_limit(s, "heavens_blessing")


# -- two players (T) ---------------------------------------------------------------------

TWO = {"players": 2}
BV4_WEST = "555s 7m {9999p} [PPP] [WWW]"


def test_two_players_no_chows_not_even_for_l1() -> None:
    """T2, BA6: no chows with two players, not even in Heaven's Blessing."""
    refused(situation("123m 456p 789s [NNN] 5p", "5p", options=TWO), "without chows")
    refused(situation("123m 456p 789s [NNN] 5p", "5p", options=TWO, heavenly=True), "without chows")


def test_two_players_no_d6() -> None:
    s = win("[555m] 888p [NNN] 222s 7s", "7s", options={**TWO, "two_player_min_doubles": 0})
    assert "no_chows" not in lines(s)
    assert tally(s) == (38, 0, 38)


def test_two_players_t3_minimum_refused() -> None:
    """T3/C6: BV-4 without x3 (272, 2 doubles) may not go out: parlour.score says why;
    parlour.settle refuses the win (valid False, the reason, nothing paid)."""
    reason = refused(situation(BV4_WEST, "7m", seat="W", options=TWO), "4 doubles", "500")
    assert "2 doubles" in reason
    t = parlour.settle(
        {
            "rules": "classical",
            "options": TWO,
            "winner": "W",
            "seats": {
                "W": {"hand": BV4_WEST, "win_tile": "7m", "self_drawn": True},
                "E": {"hand": "1m 4m 2p 5p 3s 7s 8s E N C [FFF] x1"},
            },
        }
    )
    assert not t.valid
    assert t.reason is not None and "two players" in t.reason and "4 doubles" in t.reason
    assert t.net == {"E": 0, "W": 0}
    assert t.payments == ()
    assert t.to_json()["valid"] is False


def test_settle_refuses_a_winner_whose_tiles_are_no_win() -> None:
    """A winner whose tiles make no winning hand: settle says so and pays nothing."""
    t = parlour.settle(_tv1(W={"hand": "999p 44s 68s [777m] [WWWW] f4"}))
    assert not t.valid
    assert t.reason is not None and "do not make a winning hand" in t.reason
    assert set(t.net.values()) == {0}


def test_two_players_t3_met_by_points_doubles_or_a_limit() -> None:
    """T3: 500 before the limit (BV-4 with x3: 576), or 4 doubles, or a limit hand."""
    s = win(BV4_WEST + " x3", "7m", seat="W", options=TWO)
    assert s.tally is not None and s.tally.raw == 576 and s.total == 500
    s = win("5m [222m] [444m] [666m] [888m]", "5m", discarder="W", last_wall_tile=True, options=TWO)
    assert tally(s) == (30, 4, 480)
    assert_limit(win("[CCC] [FFF] PPP 555m 5s", "5s", options=TWO), "three_great_scholars")


def test_two_players_minimum_options() -> None:
    s = win(BV4_WEST, "7m", seat="W", options={**TWO, "two_player_min_doubles": 2})
    assert tally(s) == (68, 2, 272)
    s = win(BV4_WEST, "7m", seat="W", options={**TWO, "two_player_min_score": 272})
    assert s.total == 272


BV3: dict[str, Any] = {
    "rules": "classical",
    "options": TWO,
    "winner": "E",
    "seats": {
        "E": {
            "hand": "5m [222m] [444m] [666m] [888m]",
            "win_tile": "5m",
            "discarder": "W",
            "last_wall_tile": True,
        },
        "W": {"hand": "1p 5p 9s S {CCCC} [FFF] [WWW] x3"},
    },
}


def test_two_players_t5_difference_payment() -> None:
    """T5: the loser pays 480; his own 500 beats it, so the winner pays 20 back."""
    t = parlour.settle(BV3)
    assert {s: x.total for s, x in t.scores.items()} == {"E": 480, "W": 500}
    assert t.net == {"E": 460, "W": -460}
    assert t.payments == (("W", "E", 480), ("E", "W", 20))


def test_two_players_difference_payment_off() -> None:
    t = parlour.settle({**BV3, "options": {**TWO, "two_player_difference_payment": False}})
    assert t.net == {"E": 480, "W": -480}


def test_two_players_east_never_doubles() -> None:
    """T4 (BA1): east_pays_double is forced off with two players."""
    t = parlour.settle({**BV3, "options": {**TWO, "east_pays_double": True}})
    assert t.net == {"E": 460, "W": -460}


def test_two_players_seats_are_east_and_west() -> None:
    with pytest.raises(InvalidHand, match="seat_wind"):
        parlour.score(situation(BV4_WEST + " x3", "7m", seat="S", options=TWO))


# -- three players (H) -------------------------------------------------------------------


def test_three_players_no_chows_and_no_d6() -> None:
    """H2: no chows and no D6 with three players; W3 stays (not a goulash)."""
    three = {"players": 3}
    refused(situation("123m 456p 789s [NNN] 5p", "5p", options=three), "without chows")
    s = win("[555m] 888p [NNN] 222s 7s", "7s", options=three)
    assert lines(s) == {
        "exposed_pung_simples": 2,
        "concealed_pung_simples": 8,
        "exposed_pung_majors": 4,
        "going_out": 20,
        "drawn_winning_tile": 2,
        "only_possible_tile": 2,
    }
    assert tally(s) == (38, 0, 38)


def test_three_player_winds_option() -> None:
    """H1, C7: with three_player_winds E,W,N North plays and owns f4; South is out."""
    table = {
        "rules": "classical",
        "options": {"players": 3, "three_player_winds": "E,W,N"},
        "winner": "N",
        "seats": {
            "N": {"hand": "999p 44s NN [CCC] [777m] f4", "win_tile": "4s", "self_drawn": True},
            "E": {"hand": "1m 4m 8m 2p 5p 6p 2s 6s 9s F [EEE] f1"},
            "W": {"hand": "111m 3m 5m 9m 1p 3p 7p 1s 3s 8s N"},
        },
    }
    t = parlour.settle(table)
    assert lines(t.scores["N"]) == {
        "exposed_pung_majors": 4,
        "concealed_pung_majors": 8,
        "exposed_pung_simples": 2,
        "concealed_pung_simples": 4,
        "own_wind_pair": 2,
        "bonus_tile": 4,
        "going_out": 20,
        "drawn_winning_tile": 2,
        "dragon_set": 1,
        "own_bonus_tile": 1,
    }
    assert {s: x.total for s, x in t.scores.items()} == {"N": 184, "E": 32, "W": 8}
    assert t.net == {"E": -160, "W": -208, "N": 368}
    assert t.net == formula_net(t)
    seats = dict(table["seats"])
    seats["S"] = seats.pop("W")
    with pytest.raises(InvalidHand, match="not in play"):
        parlour.settle({**table, "seats": seats})


# -- five players: the dreamer (five-players.md) -----------------------------------------

FP2: dict[str, Any] = {
    "rules": "classical",
    "options": {"players": 5, "dreamer_payment": True},
    "dreamer": "Fay",
    "winner": "W",
    "seats": {
        "W": {"hand": "888s 234m 789p 5p [CCC]", "win_tile": "5p", "discarder": "N"},
        "E": {"hand": "1m 4m 7m 2s 5s 3p 6p S W F [999p] f1"},
        "S": {"hand": "2m 5m 8m 3s 6s 9s 1p 4p E N W P 7s"},
        "N": {"hand": "PP 3m 6m 9m 1s 4s 7s 2p E [NNN]"},
    },
}
FP4: dict[str, Any] = {
    "rules": "classical",
    "options": {"players": 5, "dreamer_payment": True},
    "dreamer": "Fay",
    "winner": "N",
    "seats": {
        "N": {"hand": "999m 111p 9p [111m] [999s]", "win_tile": "9p", "discarder": "E"},
        "E": {"hand": "FF 2m 5m 8m 3s 6s 4p 7p S [CCC]"},
        "S": {"hand": "3m 4m 6m 2s 4s 7s 2p 5p 8p E N P 1s"},
        "W": {"hand": "2m 6m 7m 3s 5s 8s 3p 6p E S {WWWW}"},
    },
}


def _with(table: dict[str, Any], **options: Any) -> dict[str, Any]:
    return {**table, "options": {**table["options"], **options}}


def test_dreamer_takes_no_part_without_the_payment() -> None:
    """Rule 127: the dreamer plays, scores and settles nothing (FP-1)."""
    t = parlour.settle(_with(FP2, dreamer_payment=False))
    assert t.net == {"W": 180, "E": -40, "S": -88, "N": -52, "Fay": 0}


def test_dreamer_payment_doubling() -> None:
    """§7.2: d = 1: each loser pays 2 x 2^1 = 4, East 8 (FP-2)."""
    t = parlour.settle(FP2)
    assert t.net == {"W": 180, "E": -48, "S": -92, "N": -56, "Fay": 16}
    assert sum(t.net.values()) == 0


def test_dreamer_payment_linear() -> None:
    """FA3, dreamer_payment_scale = linear: 2 x d, East twice: d = 1 pays 2 and 4; a
    limit hand (d = 6) pays 12 and 24."""
    t = parlour.settle(_with(FP2, dreamer_payment_scale="linear"))
    assert t.net == {"W": 180, "E": -44, "S": -90, "N": -54, "Fay": 8}
    t = parlour.settle(_with(FP4, dreamer_payment_scale="linear"))
    assert t.net == {"N": 1500, "E": -564, "S": -588, "W": -396, "Fay": 48}


def test_dreamer_payment_limit_hand_counts_six_doubles() -> None:
    """§7.2: a limit hand counts d = 6: 128 each, 256 from East (FP-4)."""
    t = parlour.settle(FP4)
    assert t.net == {"N": 1500, "E": -796, "S": -704, "W": -512, "Fay": 512}


def test_dreamer_payment_east_double_off() -> None:
    """FA5: with dreamer_payment_east_double false East pays the dreamer like the others."""
    t = parlour.settle(_with(FP4, dreamer_payment_east_double=False))
    assert t.net == {"N": 1500, "E": -668, "S": -704, "W": -512, "Fay": 384}


def test_dreamer_payment_with_east_pays_double_is_doubled_once() -> None:
    """C2: with east_pays_double and dreamer_payment_east_double both on, East's dreamer
    payment is 2 x 128, not 4 x; his hand payments double as in classical §13.3."""
    t = parlour.settle(_with(FP4, east_pays_double=True))
    assert ("E", "Fay", 256) in t.payments
    assert t.net == {"N": 2000, "E": -1336, "S": -716, "W": -460, "Fay": 512}
    assert sum(t.net.values()) == 0


def test_dreamer_only_with_five_players() -> None:
    with pytest.raises(InvalidHand, match="five-player"):
        parlour.settle({**TV1, "dreamer": "Fay"})


def test_dreamer_nothing_on_a_washout() -> None:
    """§7.1, FP-6: a washout pays the dreamer nothing."""
    t = parlour.settle(
        {
            **FP2,
            "winner": None,
            "seats": {"E": {"hand": F1}, "S": {"hand": F1}, "W": {"hand": F2}, "N": {"hand": F2}},
        }
    )
    assert t.net == {"E": 0, "S": 0, "W": 0, "N": 0, "Fay": 0}


FP7: dict[str, Any] = {
    "rules": "classical",
    "options": {"players": 5, "dreamer_payment": True, "centre_round": True},
    "round_wind": "C",
    "dreamer": "Fay",
    "winner": "S",
    "seats": {
        "S": {"hand": "SSS 34m 22s [CCC] [678p]", "win_tile": "5m", "self_drawn": True},
        "E": {"hand": "1m 4m 7m 9m 2p 5p 9p 3s 6s N [PPP]"},
        "W": {"hand": "WWW 5m 8m 1p 3p 4s 5s 8s E F C f3"},
        "N": {"hand": "NN 2m 6m 9m 4p 4p 8p 1s 7s 9s E F"},
    },
}


def test_centre_round_red_dragon_set_two_doubles() -> None:
    """§6.2, C3: in the centre round a Red Dragon pung has B1 and a prevailing double,
    whatever prevailing_wind_scoring says."""
    t = parlour.settle(_with(FP7, prevailing_wind_scoring=False))
    assert lines(t.scores["S"]) == {
        "exposed_pung_majors": 4,
        "concealed_pung_majors": 8,
        "going_out": 20,
        "drawn_winning_tile": 2,
        "dragon_set": 1,
        "prevailing_set": 1,
        "own_wind_set": 1,
    }
    assert t.net == {"S": 816, "E": -338, "W": -202, "N": -340, "Fay": 64}


def test_centre_round_red_dragon_pair_four_points() -> None:
    """§6.2: a pair of Red Dragons scores 4 in the centre round, for a loser too."""
    s = loser(
        "CC FF SS EE N W P 6m 9m",
        seat="S",
        round_wind="C",
        options={"players": 5, "centre_round": True},
    )
    assert tally(s) == (4, 0, 4)
    assert lines(s) == {"dragon_pair": 2, "prevailing_pair": 2}


def test_centre_round_extra_double_on_top_of_b7() -> None:
    """§6.3: the centre double is a prevailing double, added even when B7 replaces B1:
    a loser with three dragon sets has 5 + 1 doubles."""
    s = loser(
        "[CCC] [FFF] PPP 5m 6m 8m 9m",
        seat="S",
        round_wind="C",
        options={"players": 5, "centre_round": True, "limit": 10000},
    )
    assert lines(s) == {
        "exposed_pung_majors": 8,
        "concealed_pung_majors": 8,
        "three_dragon_sets": 5,
        "prevailing_set": 1,
    }
    assert tally(s) == (16, 6, 1024)


def test_centre_round_switches_the_prevailing_wind_on() -> None:
    """FA2: with centre_round the prevailing wind scores in rounds 1-4 unless the option
    is given."""
    opts = {"players": 5, "centre_round": True}
    s = win("123m 456p 78s [555m] SS", "6s", discarder="W", round_wind="S", options=opts)
    assert lines(s)["prevailing_pair"] == 2
    opts["prevailing_wind_scoring"] = False
    s = win("123m 456p 78s [555m] SS", "6s", discarder="W", round_wind="S", options=opts)
    assert "prevailing_pair" not in lines(s)


def test_round_wind_c_only_in_the_centre_round() -> None:
    with pytest.raises(InvalidHand, match="centre"):
        parlour.score(situation("123m 456p 78s [555m] CC", "6s", discarder="W", round_wind="C"))
    with pytest.raises(InvalidHand, match="centre"):
        parlour.settle({**TV1, "round_wind": "C"})


# -- bad input ---------------------------------------------------------------------------


def _tv1(**changes: Any) -> dict[str, Any]:
    """TV-1 with some seats' fields changed (``E={...}``) or table fields (``table=``)."""
    seats = {s: dict(v) for s, v in TV1["seats"].items()}
    for seat, fields in changes.items():
        if seat != "table":
            seats[seat].update(fields)
    return {**TV1, "seats": seats, **changes.get("table", {})}


BAD_SINGLE = [
    ("notation", {"hand": "123m 456p 78x [555m] 99p"}, "unexpected character 'x'"),
    ("unclosed meld", {"hand": "123m 456p 78s [555m 99p"}, "unclosed '['"),
    ("not a meld", {"hand": "123m 456p 78s [556m] 99p"}, "not a chow, pung or kong"),
    ("five in a hand", {"hand": "123m 456p 78s [5555m] 5m 9p"}, "5 copies of 5m"),
    ("winner too big", {"hand": "123m 456p 78s [555m] 99p 1s 2s"}, "15 tiles"),
    ("winner too small", {"hand": "123m 456p 7s [555m] 99p"}, "12 tiles"),
    ("14 without the winning tile", {"hand": "123m 456p 789s [555m] 99p"}, "not the winning"),
    ("bonus twice", {"hand": "123m 456p 78s [555m] 99p f1 f1"}, "f1"),
    (
        "bonus in hand and field",
        {"hand": "123m 456p 78s [555m] 99p f1", "bonus": "f1"},
        "same bonus tile twice",
    ),
    ("not a bonus tile", {"bonus": "5m"}, "not a flower or season"),
    ("unknown field", {"colour": "red"}, "unknown field 'colour'"),
    ("no way of winning", {"self_drawn": False}, "'self_drawn': true, or 'discarder'"),
    ("both ways", {"discarder": "S"}, "self-drawn win has no 'discarder'"),
    ("discarder is the winner", {"self_drawn": False, "discarder": "E"}, "another seat"),
    ("discarder not a seat", {"self_drawn": False, "discarder": "X"}, "another seat"),
    ("no win tile", {"win_tile": None}, "needs a 'win_tile'"),
    ("two win tiles", {"win_tile": "6s 6s"}, "exactly one tile"),
    ("bonus win tile", {"win_tile": "f2"}, "playing tile"),
    ("wild outside a goulash", {"hand": "123m 456p 78s [55m2s*] 99p"}, "only in a goulash"),
    ("joker outside a goulash", {"hand": "123m 456p 78s 55m J 99p"}, "only in a goulash"),
    ("unknown option", {"options": {"lmit": 500}}, "no option 'lmit'"),
    ("bad option value", {"options": {"limit": "lots"}}, "limit"),
    ("option choice", {"options": {"goulash_wild": "flowers"}}, "goulash_wild"),
    ("flag not a bool", {"last_wall_tile": "yes"}, "'last_wall_tile' must be true or false"),
    ("seat wind", {"seat_wind": "X"}, "'seat_wind'"),
    ("round wind", {"round_wind": "Q"}, "'round_wind'"),
    ("visible not notation", {"visible": ["6p"]}, "'visible'"),
    ("visible bonus", {"visible": "f1"}, "'visible' holds f1"),
    ("five with the discards", {"visible": "5m 5m"}, "5 copies of 5m"),
    (
        "replacement on a discard",
        {"self_drawn": False, "discarder": "S", "bonus_replacement": True},
        "self-drawn",
    ),
    ("kong replacement without a kong", {"kong_replacement": True}, "needs a kong"),
    ("robbing a kong self-drawn", {"robbing_kong": True}, "discarder"),
    (
        "robbing a kong without the option",
        {"self_drawn": False, "discarder": "S", "robbing_kong": True},
        "rob_kong",
    ),
]


@pytest.mark.parametrize(("fault", "change", "message"), BAD_SINGLE, ids=[b[0] for b in BAD_SINGLE])
def test_bad_single_hand(fault: str, change: dict[str, Any], message: str) -> None:
    data = situation("123m 456p 78s [555m] 99p", "6s")
    data.update(change)
    data = {k: v for k, v in data.items() if v is not None}
    with pytest.raises((InvalidHand, NotationError)) as caught:
        parlour.score(data)
    assert message in str(caught.value)


BAD_TABLE = [
    ("loser with a win tile", {"E": {"win_tile": "1p"}}, "E did not win, so 'win_tile'"),
    ("loser self-drawn", {"N": {"self_drawn": True}}, "N did not win, so 'self_drawn'"),
    ("loser with a flag", {"S": {"last_wall_tile": True}}, "S did not win"),
    ("winner without a way", {"W": {"self_drawn": False}}, "say how W won"),
    ("loser too small", {"E": {"hand": "234m 678s EE 1p [8888p]"}}, "12 tiles"),
    ("loser too big", {"E": {"hand": "234m 678s EE 1p 9m 9s [8888p]"}}, "14 tiles"),
    (
        "five across the table",
        {"E": {"hand": "234m 678s EE 9p 9m [8888p]"}, "table": {"visible": "9p"}},
        "5 copies of 9p",
    ),
    (
        "bonus twice across the table",
        {"E": {"hand": "234m 678s EE 1p 9m [8888p] f4"}},
        "2 copies of f4",
    ),
    ("unknown seat field", {"E": {"score": 10}}, "unknown field 'score' for seat E"),
    ("unknown table field", {"table": {"dealer": "E"}}, "unknown field 'dealer'"),
    ("malformed hand", {"N": {"hand": "PPP 2m 5m 8m 3p 7p 2s 9s [666m x1"}}, "unclosed '['"),
    (
        "wild outside a goulash",
        {"N": {"hand": "PPP 2m 5m 8m 3p 7p 2s* 9s [666m] x1"}},
        "only in a goulash",
    ),
    ("unknown option", {"table": {"options": {"east_double": True}}}, "no option 'east_double'"),
    ("winner not a seat", {"table": {"winner": "X"}}, "'winner'"),
    ("seat not in play", {"table": {"options": {"players": 3}}}, "not in play"),
    ("discarder is the winner", {"W": {"self_drawn": False, "discarder": "W"}}, "another seat"),
]


@pytest.mark.parametrize(("fault", "change", "message"), BAD_TABLE, ids=[b[0] for b in BAD_TABLE])
def test_bad_table(fault: str, change: dict[str, Any], message: str) -> None:
    with pytest.raises((InvalidHand, NotationError)) as caught:
        parlour.settle(_tv1(**change))
    assert message in str(caught.value)


def test_bad_table_missing_seat_and_not_objects() -> None:
    seats = {s: v for s, v in TV1["seats"].items() if s != "N"}
    with pytest.raises(InvalidHand, match="seat N has no hand"):
        parlour.settle({**TV1, "seats": seats})
    with pytest.raises(InvalidHand, match="JSON object"):
        parlour.settle(["not", "a", "table"])  # type: ignore[arg-type]
    with pytest.raises(InvalidHand, match="must be an object"):
        parlour.settle({**TV1, "seats": {**TV1["seats"], "E": "234m"}})
    with pytest.raises(InvalidHand, match="'seats'"):
        parlour.settle({"rules": "classical", "winner": None})

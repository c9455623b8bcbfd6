"""Scenario tests of the table engine: one prepared deal and move list per MCR claim rule.

Each test stacks a deal (:func:`stacked_deal`: seat 0 is the dealer, East, with 14 tiles;
``draws`` are the live wall's next tiles, ``replacements`` the tiles drawn from the
replacement end, in order), applies ``(seat, "action text")`` moves and checks the exact
outcome: phase, whose turn, the legal actions offered, melds, and the result (winner,
value, fans, payments). The rules are those of the MCR spec, sections 3-6; the expected
values were worked out by hand from its fan table and settlement (section 6.2: on a
discard the discarder pays 8 + V and the others 8; self-drawn, each pays 8 + V).

Seats 0-3 are E S W N; the prevalent wind is East.
"""

from __future__ import annotations

from typing import Any

import pytest

from parlour.core.errors import IllegalAction
from parlour.core.game import Event
from parlour.mahjong.table import Table, stacked_deal, tile_count_check
from parlour.mahjong.tiles import tile_name
from parlour.records import result_v1

Moves = list[tuple[int, str]]

FULL_SET = [4] * 34 + [1] * 8 + [0]
"""``tile_count_check`` of a table that lost or invented no tile."""


# -- helpers -------------------------------------------------------------------------------


def deal(hands: list[str], draws: str = "", replacements: str = "") -> Table:
    """A table on a prepared deal (MCR, dealer seat 0, prevalent wind East) that asks
    only the seats that can act, so that the move lists name only real decisions."""
    return Table(
        deal=stacked_deal(hands, draws=draws, replacements=replacements), ask_everyone=False
    )


def hand_result(table: Table) -> dict[str, Any] | None:
    """The result as one winner (or none): the single win of the full result, which
    these scenarios always have at most one of."""
    result = table.result()
    if result is None:
        return None
    assert len(result["wins"]) <= 1 and result["draw"] is (not result["wins"])
    if result["wins"]:
        assert result["wins"][0]["payments"] == result["payments"]
    return result_v1(result)


def play(table: Table, moves: Moves) -> list[Event]:
    """Apply the moves in order; return every event they caused."""
    events: list[Event] = []
    for seat, text in moves:
        events += table.apply(seat, table.parse_action(text))
    return events


def legal(table: Table, seat: int) -> list[str]:
    return [str(a) for a in table.legal_actions(seat)]


def all_legal(table: Table) -> list[list[str]]:
    return [legal(table, s) for s in range(table.num_seats)]


def melds(table: Table, seat: int, *, seen_by: int | None = None) -> list[str]:
    """``seat``'s melds as ``seen_by`` (default: the seat itself) observes them."""
    viewer = seat if seen_by is None else seen_by
    return list(table.observation(viewer)["melds"][seat])


def snapshot(table: Table) -> tuple[Any, ...]:
    """Everything an illegal action must leave alone."""
    return (
        [table.observation(s) for s in range(table.num_seats)],
        len(table.events),
        list(table.actions),
        table.wall_count(),
        tile_count_check(table),
    )


def fan(name: str, value: int, count: int = 1) -> dict[str, Any]:
    return {"name": name, "value": value, "count": count}


def drawn_tile(events: list[Event], seat: int) -> str:
    """The last tile ``seat`` was told it drew."""
    return [e.data["tile"] for e in events if e.kind == "drawn" and e.seat == seat][-1]


def pass_all(table: Table) -> None:
    """Every seat deciding on a claim passes."""
    for seat in table.to_act():
        table.apply(seat, table.parse_action("pass"))


def assert_hand_over(table: Table, winner: int | None) -> None:
    """The hand is over: nobody is to act, nothing is legal, every action is refused."""
    assert table.is_over()
    assert table.phase == "over"
    assert table.to_act() == ()
    assert all_legal(table) == [[], [], [], []]
    for seat in range(table.num_seats):
        tile = tile_name(table.hands[seat][0])
        for text in (f"discard {tile}", "pass", "win"):
            before = snapshot(table)
            with pytest.raises(IllegalAction, match="the hand is over"):
                table.apply(seat, table.parse_action(text))
            assert snapshot(table) == before
    assert hand_result(table) is not None
    assert hand_result(table)["winner"] == winner  # type: ignore[index]
    assert tile_count_check(table) == FULL_SET


# -- claim priority (spec 5.3) -------------------------------------------------------------

# Seat 0 discards C: seat 1 holds CC (pung), seat 3 wins on it.
WIN_OVER_PUNG = [
    "11m 47m 258p 369s S W N C",
    "5m 9m 1p 5p 9p 1s 5s 9s CC F P P",
    "2m 6m 2p 6p 2s 6s W F F P N S S",
    "123m 456p 789s EEE C",
]


@pytest.mark.parametrize("pung_first", [True, False], ids=["pung-first", "win-first"])
def test_win_beats_pung_on_the_same_discard(pung_first: bool) -> None:
    """Claim priority: a mahjong claim beats a pung claim (spec 5.3.2), whoever answers
    first."""
    table = deal(WIN_OVER_PUNG)
    play(table, [(0, "discard C")])
    assert table.phase == "claim"
    assert table.to_act() == (1, 3)
    assert all_legal(table) == [[], ["pass", "pung C"], [], ["pass", "win C"]]

    claims = [(1, "pung C"), (3, "win C")]
    play(table, claims if pung_first else claims[::-1])

    assert melds(table, 1) == []
    assert hand_result(table) == {
        "winner": 3,
        "tile": "C",
        "self_drawn": False,
        "discarder": 0,
        "total": 19,
        "patterns": [
            fan("Mixed Straight", 8),
            fan("All Types", 6),
            fan("Prevalent Wind", 2),
            fan("Concealed Hand", 2),
            fan("Single Wait", 1),
        ],
        "payments": [-27, -8, -8, 43],
    }
    assert table.observation(1)["discards"][0] == ""  # the claimed discard left the pile
    assert_hand_over(table, winner=3)


# Seat 0 discards 5p: seat 1 (next) holds 46p, seat 2 holds 4556p, seat 3 holds 46p.
CHOW_DEAL = [
    "1m 4m 7m 2p 5p 8p 3s 6s 9s S W N C C",
    "46p 1m 5m 9m 1s 5s 9s E S W N F",
    "4p 55p 6p 2m 6m 2s 6s E S W N F",
    "46p 3m 7m 8m 3s 7s 8s E S W N F",
]


@pytest.mark.parametrize("chow_first", [True, False], ids=["chow-first", "pung-first"])
def test_pung_beats_chow_on_the_same_discard(chow_first: bool) -> None:
    """Claim priority: a pung claim beats a chow claim (spec 5.3.1); the pung claimer
    takes the turn and the chow claimer keeps its tiles."""
    table = deal(CHOW_DEAL, draws="P P P")
    play(table, [(0, "discard 5p")])
    assert table.to_act() == (1, 2)

    claims = [(1, "chow 4p"), (2, "pung 5p")]
    events = play(table, claims if chow_first else claims[::-1])

    assert [e.to_json() for e in events] == [
        {"kind": "claim", "seat": 2, "meld": "[555p>2]", "from": 0}
    ]
    assert table.phase == "turn"
    assert table.current == 2
    assert melds(table, 1) == []
    assert melds(table, 2) == ["[555p>2]"]
    assert table.observation(1)["hand"] == "159m 46p 159s E S W N F"
    # after a claim: discard only (no draw, so no self-drawn win and no kong)
    assert legal(table, 2) == [
        "discard 2m",
        "discard 6m",
        "discard 4p",
        "discard 6p",
        "discard 2s",
        "discard 6s",
        "discard E",
        "discard S",
        "discard W",
        "discard N",
        "discard F",
    ]
    assert table.observation(0)["hand_sizes"] == [13, 13, 11, 13]


# Seat 0 discards N; seat 1 draws C and discards it: seats 3 and 0 both win on it.
TWO_WINNERS = [
    "123m 456p 789s EEE C N",
    "2m 5m 8m 1p 5p 9p 2s 5s 8s S W N P",
    "3m 6m 9m 2p 6p 8p 1s 3s 6s S W N P",
    "123p 456s 789m FFF C",
]


@pytest.mark.parametrize("order", [(0, 3), (3, 0)], ids=["seat0-first", "seat3-first"])
def test_two_wins_on_one_discard_nearest_in_turn_order_takes_it(order: tuple[int, int]) -> None:
    """Claim priority: of two mahjong claims on one discard, the seat nearest the
    discarder in turn order wins (spec 5.3.3): seat 1 discards, seat 3 (two seats on)
    beats seat 0 (three seats on), although seat 0's hand is worth more."""
    table = deal(TWO_WINNERS, draws="C")
    events = play(table, [(0, "discard N")])
    assert drawn_tile(events, 1) == "C"
    play(table, [(1, "discard C")])
    assert table.to_act() == (0, 3)
    assert all_legal(table) == [["pass", "win C"], [], [], ["pass", "win C"]]

    play(table, [(seat, "win C") for seat in order])

    assert hand_result(table) == {
        "winner": 3,
        "tile": "C",
        "self_drawn": False,
        "discarder": 1,
        "total": 13,
        "patterns": [
            fan("Mixed Straight", 8),
            fan("Dragon Pung", 2),
            fan("Concealed Hand", 2),
            fan("Single Wait", 1),
        ],
        "payments": [-8, -21, -8, 37],
    }
    assert table.observation(0)["hand"] == "123m 456p 789s EEE C"  # seat 0 won nothing
    assert_hand_over(table, winner=3)


# -- chows only from the left (spec 5.2) ---------------------------------------------------


def test_chow_only_from_the_left() -> None:
    """A discard may be chowed only by the next seat in turn order (spec 5.2): seat 1 is
    offered ``chow 4p`` on seat 0's 5p; seat 2 (pung only) and seat 3 (nothing) also
    hold 46p but are not; their chows are refused and change nothing."""
    table = deal(CHOW_DEAL, draws="P P P")
    play(table, [(0, "discard 5p")])
    assert table.phase == "claim"
    assert table.to_act() == (1, 2)
    assert all_legal(table) == [[], ["pass", "chow 4p"], ["pass", "pung 5p"], []]
    assert table.observation(3)["last_discard"] == {"seat": 0, "tile": "5p"}

    before = snapshot(table)
    for seat in (2, 3, 0):
        with pytest.raises(IllegalAction):
            table.apply(seat, table.parse_action("chow 4p"))
        assert snapshot(table) == before

    play(table, [(1, "chow 4p"), (2, "pass")])
    assert table.phase == "turn"
    assert table.current == 1
    assert melds(table, 1) == ["[456p>3]"]
    assert melds(table, 1, seen_by=3) == ["[456p>3]"]
    assert table.observation(1)["hand"] == "159m 159s E S W N F"
    assert all(a.kind == "discard" for a in table.legal_actions(1))
    assert tile_count_check(table) == FULL_SET


# -- turn order after a claim (spec 5.2) ---------------------------------------------------

# Seat 0 discards C; seat 3 (the seat before seat 0) pungs it.
TURN_ORDER = [
    "1m 1m 7m 2p 5p 8p 3s 6s 9s S W N C P",
    "2m 5m 8m 1p 4p 9p 1s 5s 8s E S W F",
    "3m 6m 9m 3p 6p 7p 2s 4s 7s E S W F",
    "CC 2m 5m 8m 1p 4p 9p 1s 5s 8s E N",
]


def test_play_continues_from_the_claimers_right() -> None:
    """After a claim the claimer discards and play continues with the seat after the
    claimer (spec 5.2): seat 3 pungs seat 0's discard, so seats 1 and 2 lose their
    turns and seat 0 draws next."""
    table = deal(TURN_ORDER, draws="7m 7p")
    play(table, [(0, "discard C")])
    assert table.to_act() == (3,)
    assert legal(table, 3) == ["pass", "pung C"]

    play(table, [(3, "pung C")])
    assert (table.phase, table.current) == ("turn", 3)
    assert table.wall_count() == 91  # nobody drew
    events = play(table, [(3, "discard E")])

    assert (table.phase, table.current) == ("turn", 0)
    assert [(e.kind, e.seat) for e in events] == [("discard", 3), ("draw", 0), ("drawn", 0)]
    assert drawn_tile(events, 0) == "7m"
    assert table.wall_count() == 90
    assert table.observation(1)["hand_sizes"] == [14, 13, 13, 10]
    assert melds(table, 3, seen_by=1) == ["[CCC>1]"]
    assert table.observation(2)["discards"] == ["", "", "", "E"]


# -- robbing the kong (spec 5.4) -----------------------------------------------------------

# Seat 1 pungs seat 0's 7s, later draws the fourth 7s and adds it; seat 3 waits on 4s/7s.
ROB_DEAL = [
    "1m 4m 7m 2p 5p 8p 3s 7s 9s S W N C C",
    "77s 1m 5m 9m 1s 2p 9s E S W N F",
    "2m 3m 6m 2s 6s 8s 4p 6p W F F N S",
    "123m 345p 56s 999p EE",
]
ROB_MOVES: Moves = [
    (0, "discard 7s"),
    (1, "pung 7s"),
    (1, "discard 1s"),
    (2, "discard P"),
    (3, "discard P"),
    (0, "discard P"),
]


def test_robbing_the_kong() -> None:
    """Robbing the Kong (spec 5.4): seat 1 adds the drawn 4th 7s to its exposed pung;
    seat 3 can win on 7s and is offered ``rob``; robbing wins with Robbing The Kong
    (which excludes Last Tile) and seat 1 pays as the discarder."""
    table = deal(ROB_DEAL, draws="P P P 7s")
    # seat 3 could not win on the discarded 7s: 3 points without Robbing The Kong
    play(table, ROB_MOVES[:1])
    assert table.to_act() == (1,)
    play(table, ROB_MOVES[1:])
    assert (table.phase, table.current) == ("turn", 1)
    assert "added_kong 7s" in legal(table, 1)

    events = play(table, [(1, "added_kong 7s")])
    assert [e.to_json() for e in events] == [{"kind": "added_kong", "seat": 1, "tile": "7s"}]
    assert table.phase == "rob"
    assert table.to_act() == (3,)
    assert all_legal(table) == [[], [], [], ["pass", "rob 7s"]]
    assert tile_count_check(table) == FULL_SET

    play(table, [(3, "rob 7s")])
    assert hand_result(table) == {
        "winner": 3,
        "tile": "7s",
        "self_drawn": False,
        "discarder": 1,
        "total": 11,
        "patterns": [
            fan("Robbing The Kong", 8),
            fan("Concealed Hand", 2),
            fan("Pung of Terminals or Honors", 1),
        ],
        "payments": [-8, -19, -8, 35],
    }
    assert melds(table, 1) == ["[777s>3]"]  # the kong was never made
    assert table.observation(3)["hand"] == "123m 345999p 567s EE"
    assert_hand_over(table, winner=3)


def test_declined_rob_completes_the_added_kong() -> None:
    """Robbing the Kong (spec 5.4): when the seat that could rob passes, the pung becomes
    a kong and its owner draws a replacement tile from the replacement end."""
    table = deal(ROB_DEAL, draws="P P P 7s", replacements="8m")
    play(table, [*ROB_MOVES, (1, "added_kong 7s")])
    events = play(table, [(3, "pass")])

    assert [e.kind for e in events] == ["kong_added", "draw", "drawn"]
    assert events[1].data == {"replacement": True}
    assert drawn_tile(events, 1) == "8m"
    assert (table.phase, table.current) == ("turn", 1)
    assert melds(table, 1, seen_by=0) == ["[7777s>3]"]
    assert table.observation(1)["hand"] == "1589m 2p 9s E S W N F"
    assert tile_count_check(table) == FULL_SET


# -- a win on a kong replacement tile (spec 5.2, fan 42) -----------------------------------

# Seat 1 holds 999p and claims seat 0's 9p for a kong; the replacement 7s completes it.
REPLACEMENT_WIN = [
    "1m 4m 7m 2p 5p 8p 9p 3s 6s S W N C C",
    "999p 123m 345p 56s EE",
    "2m 5m 8m 1p 4p 7p 1s 4s 8s S W N F",
    "3m 6m 9m 2p 6p 3p 2s 3s 9s S W N F",
]


def test_win_on_a_kong_replacement_tile() -> None:
    """Out with Replacement Tile: seat 1 claims a melded kong on a discard (from any
    seat, spec 5.2), draws the replacement tile from the replacement end and wins on
    it; Self-Drawn is not added; everyone pays 8 + V."""
    table = deal(REPLACEMENT_WIN, replacements="7s")
    play(table, [(0, "discard 9p")])
    assert all_legal(table) == [[], ["pass", "kong 9p", "pung 9p"], [], []]

    events = play(table, [(1, "kong 9p")])
    assert [e.kind for e in events] == ["claim", "draw", "drawn"]
    assert events[1].data == {"replacement": True}
    assert drawn_tile(events, 1) == "7s"
    assert (table.phase, table.current) == ("turn", 1)
    assert legal(table, 1)[0] == "win"

    play(table, [(1, "win")])
    assert hand_result(table) == {
        "winner": 1,
        "tile": "7s",
        "self_drawn": True,
        "discarder": None,
        "total": 10,
        "patterns": [
            fan("Out with Replacement Tile", 8),
            fan("Pung of Terminals or Honors", 1),
            fan("Melded Kong", 1),
        ],
        "payments": [-18, 54, -18, -18],
    }
    assert melds(table, 1, seen_by=2) == ["[9999p>3]"]
    assert_hand_over(table, winner=1)


# -- the end of the wall (spec 5.5, fans 40-41) --------------------------------------------

# All eight bonus tiles are dealt to seat 2 and replaced at the deal by the first eight
# replacement tiles, so the wall holds no bonus tile. The ninth replacement tile then
# sits at the replacement end and is the last tile of the wall: the live end reaches it
# last. Seats 1 and 3 both wait on 7s only; seat 0 holds 77s; seat 2 the other 7s.
WALL_END = [
    "1m 5m 9m 1p 7p 9p 1s 3s 9s 77s S W C",
    "234m 567m 345p 68s NN",
    "f1 f2 f3 f4 x1 x2 x3 x4 7s 2p 2p 6p W",
    "123m 345p 68s 999p EE",
]
WALL_END_REPLACEMENTS = "F F F P P P 8p 8p 7s"


def run_down_the_wall() -> Table:
    """Seat 0 discards C; then each seat discards the tile it drew and every claim is
    passed, until the wall is empty (83 draws: seat 3 draws the last tile, 7s)."""
    table = deal(WALL_END, replacements=WALL_END_REPLACEMENTS)
    assert table.wall_count() == 83
    assert table.observation(0)["bonus"][2] == "f1 f2 f3 f4 x1 x2 x3 x4"
    play(table, [(0, "discard C")])
    while table.wall_count() or table.phase != "turn":
        assert table.phase in ("turn", "claim")
        if table.phase == "claim":
            pass_all(table)
        else:
            tile = drawn_tile(table.events, table.current)
            table.apply(table.current, table.parse_action(f"discard {tile}"))
    live_draws = [e for e in table.events if e.kind == "draw" and not e.data["replacement"]]
    assert len(live_draws) == 83
    assert table.current == 3
    assert drawn_tile(table.events, 3) == "7s"
    assert table.observation(3)["hand"] == "123m 345999p 678s EE"
    return table


def test_last_tile_draw() -> None:
    """Last Tile Draw: seat 3 wins self-drawn on the last tile of the wall (no kong is
    offered with an empty wall); everyone pays 8 + V."""
    table = run_down_the_wall()
    assert legal(table, 3) == [
        "win",
        "discard 1m",
        "discard 2m",
        "discard 3m",
        "discard 3p",
        "discard 4p",
        "discard 5p",
        "discard 9p",
        "discard 6s",
        "discard 7s",
        "discard 8s",
        "discard E",
    ]
    play(table, [(3, "win")])
    assert hand_result(table) == {
        "winner": 3,
        "tile": "7s",
        "self_drawn": True,
        "discarder": None,
        "total": 14,
        "patterns": [
            fan("Last Tile Draw", 8),
            fan("Fully Concealed Hand", 4),
            fan("Pung of Terminals or Honors", 1),
            fan("Closed Wait", 1),
        ],
        "payments": [-22, -22, -22, 66],
    }
    assert_hand_over(table, winner=3)


def test_last_tile_claim() -> None:
    """Last Tile Claim: seat 3 discards the last tile of the wall and seat 1 wins on it;
    seat 3 pays 8 + V."""
    table = run_down_the_wall()
    play(table, [(3, "discard 7s")])
    assert legal(table, 1) == ["pass", "win 7s"]
    play(table, [(1, "win 7s")])
    pass_all(table)  # whoever else was asked
    assert hand_result(table) == {
        "winner": 1,
        "tile": "7s",
        "self_drawn": False,
        "discarder": 3,
        "total": 12,
        "patterns": [
            fan("Last Tile Claim", 8),
            fan("Concealed Hand", 2),
            fan("Short Straight", 1),
            fan("Closed Wait", 1),
        ],
        "payments": [-8, 36, -8, -20],
    }
    assert_hand_over(table, winner=1)


def test_exhaustive_draw() -> None:
    """Exhaustive draw (spec 5.5): nobody wins on the discard of the seat that drew the
    last tile, so the hand is a draw with no payments."""
    table = run_down_the_wall()
    play(table, [(3, "discard 7s")])
    pass_all(table)
    assert hand_result(table) == {"winner": None, "payments": [0, 0, 0, 0]}
    assert table.events[-1].kind == "exhaustive_draw"
    assert table.wall_count() == 0
    assert_hand_over(table, winner=None)


def test_last_discard_may_be_claimed_only_for_a_win() -> None:
    """Exhaustive draw (spec 5.5): if nobody wins on the discard made after the last wall
    tile, the hand is a draw; so that discard may not be claimed for a pung (seat 0
    holds 77s) or a chow: only seat 1's win is offered."""
    table = run_down_the_wall()
    play(table, [(3, "discard 7s")])
    assert table.to_act() == (1,)
    assert all_legal(table) == [[], ["pass", "win 7s"], [], []]


# -- a false win is refused (spec 5.1, 6.1) ------------------------------------------------


def test_false_self_drawn_win_is_refused() -> None:
    """The 8-point minimum (spec 6.1): seat 1 completes a concealed hand by drawing N,
    worth 5 (Fully Concealed Hand 4, Single Wait 1); ``win`` is not offered, and
    declaring it is refused with the reason and changes nothing."""
    table = deal(
        [
            "1m 4m 7m 2p 5p 8p 3s 6s 9s S W E C C",
            "123m 345p 567s 789s N",
            "2m 5m 8m 1p 4p 7p 1s 4s 8s S W E F",
            "3m 6m 9m 2p 6p 9p 2s 3s 8s S W E F",
        ],
        draws="N",
    )
    events = play(table, [(0, "discard E")])
    assert drawn_tile(events, 1) == "N"
    assert (table.phase, table.current) == ("turn", 1)
    assert "win" not in legal(table, 1)
    assert all(a.kind == "discard" for a in table.legal_actions(1))

    before = snapshot(table)
    with pytest.raises(IllegalAction, match="8-point minimum") as info:
        table.apply(1, table.parse_action("win"))
    assert "worth 5" in str(info.value)
    assert snapshot(table) == before


# Seat 0 discards 4s: seat 1 (next) would complete 234p 234p 567p 234s EE, worth 6.
FALSE_CLAIM = [
    "1m 4m 7m 2p 5p 8p 4s 6s 9s S W N C C",
    "234p 234p 567p EE 23s",
    "2m 5m 8m 1p 9p 1s 5s 8s S W N F F",
    "3m 6m 9m 1p 9p 2s 7s 8s S W N F P",
]


def test_false_win_on_a_discard_is_refused() -> None:
    """The 8-point minimum (spec 6.1): seat 1 could complete its hand with seat 0's 4s
    but it would be worth 6 (Concealed Hand 2, Pure Double Chow, Mixed Double Chow,
    Short Straight, One Voided Suit); it is offered only the chow, and ``win 4s`` is
    refused with the reason and changes nothing."""
    table = deal(FALSE_CLAIM)
    play(table, [(0, "discard 4s")])
    assert all_legal(table) == [[], ["pass", "chow 2s"], [], []]

    before = snapshot(table)
    with pytest.raises(IllegalAction, match="8-point minimum") as info:
        table.apply(1, table.parse_action("win 4s"))
    assert "worth 6" in str(info.value)
    assert snapshot(table) == before


def test_false_win_on_a_discard_without_another_claim_is_refused_with_the_reason() -> None:
    """The 8-point minimum (spec 6.1): seat 2 would complete 234p 234p 567p 234s EE with
    seat 0's 4s (worth 6) and has no other claim, while seat 3's pung keeps the claim
    window open; declaring ``win 4s`` is refused with the 8-point reason, not a bare
    "nothing to decide", and changes nothing."""
    table = deal(
        [
            "1m 4m 7m 2p 5p 8p 4s 6s 9s S W N C C",
            "2m 5m 8m 1p 9p 1s 5s 8s S W N F F",
            "234p 234p 567p EE 23s",
            "3m 6m 9m 1p 9p 4s 4s 8s S W N F P",
        ]
    )
    play(table, [(0, "discard 4s")])
    assert table.to_act() == (3,)
    assert all_legal(table) == [[], [], [], ["pass", "pung 4s"]]

    before = snapshot(table)
    with pytest.raises(IllegalAction, match="8-point minimum"):
        table.apply(2, table.parse_action("win 4s"))
    assert snapshot(table) == before


# -- flowers (spec 4) ----------------------------------------------------------------------


def test_flowers_dealt_are_replaced_from_the_replacement_end() -> None:
    """Flowers at the deal (spec 4): bonus tiles go to the bonus area and are replaced
    from the replacement end, East first, then in turn order; a replacement that is
    itself a flower is replaced at once. The live wall is untouched."""
    table = deal(
        [
            "f1 2m 5m 8m 1p 5p 9p 2s 5s 8s S W N P",
            "3m 6m 9m 2p 6p 8p 1s 3s 6s S W N P",
            "x2 147m 258p 369s E E F",
            "4m 4m 7p 7p 4s 4s 7s 7s E F F C C",
        ],
        draws="1m",
        replacements="f3 5m 6m",
    )
    bonus_events = [e.to_json() for e in table.events if e.kind in ("bonus", "draw", "drawn")]
    assert bonus_events == [
        {"kind": "bonus", "seat": 0, "tile": "f1"},
        {"kind": "draw", "seat": 0, "replacement": True},
        {"kind": "drawn", "seat": 0, "tile": "f3", "to": 0},
        {"kind": "bonus", "seat": 0, "tile": "f3"},
        {"kind": "draw", "seat": 0, "replacement": True},
        {"kind": "drawn", "seat": 0, "tile": "5m", "to": 0},
        {"kind": "bonus", "seat": 2, "tile": "x2"},
        {"kind": "draw", "seat": 2, "replacement": True},
        {"kind": "drawn", "seat": 2, "tile": "6m", "to": 2},
    ]
    seen = table.observation(1)
    assert seen["bonus"] == ["f1 f3", "", "x2", ""]
    assert seen["hand_sizes"] == [14, 13, 13, 13]
    assert seen["wall"] == 144 - 53 - 3
    assert table.observation(0)["hand"] == "2558m 159p 258s S W N P"
    assert table.observation(2)["hand"] == "1467m 258p 369s EE F"
    assert (table.phase, table.current) == ("turn", 0)

    events = play(table, [(0, "discard N")])
    assert drawn_tile(events, 1) == "1m"  # the live end still starts at the first draw
    assert tile_count_check(table) == FULL_SET


def test_flower_drawn_in_play_is_replaced_and_the_win_is_self_drawn() -> None:
    """Flowers in play (spec 4): seat 1 draws f2, lays it out and draws again from the
    replacement end; winning on that tile is self-drawn (Fully Concealed Hand), not Out
    with Replacement Tile (fan 42: kong replacements only), and the flower scores."""
    table = deal(
        [
            "1m 4m 7m 2p 5p 8p 3s 6s 9s S W N C C",
            "123p 456s 89m SSS CC",
            "2m 5m 1p 3p 6p 9p 2s 4s 7s E W N P",
            "3m 6m 4p 7p 1s 5s 8s E W N P F F",
        ],
        draws="f2",
        replacements="7m",
    )
    events = play(table, [(0, "discard N")])
    assert [e.to_json() for e in events] == [
        {"kind": "discard", "seat": 0, "tile": "N"},
        {"kind": "draw", "seat": 1, "replacement": False},
        {"kind": "drawn", "seat": 1, "tile": "f2", "to": 1},
        {"kind": "bonus", "seat": 1, "tile": "f2"},
        {"kind": "draw", "seat": 1, "replacement": True},
        {"kind": "drawn", "seat": 1, "tile": "7m", "to": 1},
    ]
    assert table.observation(3)["bonus"] == ["", "f2", "", ""]
    assert table.observation(1)["hand"] == "789m 123p 456s SSS CC"
    assert table.wall_count() == 89
    assert legal(table, 1)[0] == "win"

    play(table, [(1, "win")])
    assert hand_result(table) == {
        "winner": 1,
        "tile": "7m",
        "self_drawn": True,
        "discarder": None,
        "total": 22,
        "patterns": [
            fan("Mixed Straight", 8),
            fan("All Types", 6),
            fan("Fully Concealed Hand", 4),
            fan("Seat Wind", 2),
            fan("Edge Wait", 1),
            fan("Flower Tiles", 1),
        ],
        "payments": [-30, 90, -30, -30],
    }
    assert_hand_over(table, winner=1)


# -- kongs (spec 5.2, 5.4) -----------------------------------------------------------------

# Seat 1 pungs seat 0's 5p; seat 0 later draws and discards the fourth 5p.
EXPOSED_PUNG = [
    "1m 4m 7m 2p 5p 8p 3s 6s 9s S W N C C",
    "4p 55p 6p 1m 5m 9m 1s 5s 9s E S F",
    "2m 6m 8m 1p 3p 9p 2s 4s 8s E S W F",
    "3m 5m 9m 2p 7p 9p 2s 3s 7s E W N F",
]


def test_exposed_pung_cannot_be_extended_with_a_discard() -> None:
    """An exposed pung may not be extended with a discarded tile (spec 5.2): seat 1 holds
    an exposed pung of 5p and is the next seat after the discarder of the fourth 5p; it
    is offered the chow only, not ``kong 5p``."""
    table = deal(EXPOSED_PUNG, draws="P P 5p P")
    play(table, [(0, "discard 5p")])
    assert legal(table, 1) == ["pass", "pung 5p", "chow 4p"]
    events = play(
        table,
        [(1, "pung 5p"), (1, "discard 1s"), (2, "discard P"), (3, "discard P")],
    )
    assert drawn_tile(events, 0) == "5p"
    play(table, [(0, "discard 5p")])

    assert melds(table, 1) == ["[555p>3]"]
    assert table.to_act() == (1,)
    assert all_legal(table) == [[], ["pass", "chow 4p"], [], []]
    before = snapshot(table)
    with pytest.raises(IllegalAction):
        table.apply(1, table.parse_action("kong 5p"))
    assert snapshot(table) == before


# Seat 0 (dealer) holds 9999p; seat 2 waits on 6p/9p and could win on 9p by robbing.
CONCEALED_KONG = [
    "9999p 123m 345p 56s EE",
    "2m 5m 8m 1p 4p 7p 1s 4s 8s S W N F",
    "123s 456m 78p CCC NN",
    "3m 6m 9m 2p 6p 3p 2s 3s 9s S W N F",
]


def test_concealed_kong_is_face_down_and_cannot_be_robbed() -> None:
    """A concealed kong is laid face down (spec 5.2): the others see ``{????}`` and the
    public events do not name the tile; it cannot be robbed (spec 5.4), so seat 2,
    waiting on 9p, is offered nothing and seat 0 draws its replacement at once. Seat 0
    wins on that tile, and the kong is shown face up once the hand is over."""
    table = deal(CONCEALED_KONG, replacements="7s")
    assert legal(table, 0)[0] == "concealed_kong 9p"

    events = play(table, [(0, "concealed_kong 9p")])
    assert [e.to_json() for e in events] == [
        {"kind": "concealed_kong", "seat": 0},
        {"kind": "concealed_kong_tile", "seat": 0, "tile": "9p", "to": 0},
        {"kind": "draw", "seat": 0, "replacement": True},
        {"kind": "drawn", "seat": 0, "tile": "7s", "to": 0},
    ]
    assert not any("9p" in str(e.data) for e in events if e.visible_to(2))
    assert (table.phase, table.current) == ("turn", 0)
    assert table.to_act() == (0,)
    assert all_legal(table)[1:] == [[], [], []]
    assert melds(table, 0) == ["{9999p}"]
    for viewer in (1, 2, 3):
        assert melds(table, 0, seen_by=viewer) == ["{????}"]

    play(table, [(0, "win")])
    assert hand_result(table) == {
        "winner": 0,
        "tile": "7s",
        "self_drawn": True,
        "discarder": None,
        "total": 15,
        "patterns": [
            fan("Out with Replacement Tile", 8),
            fan("Fully Concealed Hand", 4),
            fan("Concealed Kong", 2),
            fan("Pung of Terminals or Honors", 1),
        ],
        "payments": [69, -23, -23, -23],
    }
    for viewer in (1, 2, 3):
        assert melds(table, 0, seen_by=viewer) == ["{9999p}"]
    assert_hand_over(table, winner=0)


# -- after a win (spec 5.1) ----------------------------------------------------------------


def test_the_winner_does_not_discard() -> None:
    """Mahjong ends the hand (spec 5.1): the winner keeps its 14 tiles and does not
    discard; nobody has a legal action and every ``apply`` is refused."""
    table = deal(WIN_OVER_PUNG)
    play(table, [(0, "discard C"), (1, "pass"), (3, "win C")])
    assert table.observation(3)["hand"] == "123m 456p 789s EEE CC"
    assert table.observation(0)["hand_sizes"] == [13, 13, 13, 14]
    assert table.observation(2)["to_act"] == []
    assert table.observation(2)["legal"] == []
    before = snapshot(table)
    with pytest.raises(IllegalAction, match="the hand is over"):
        table.apply(3, table.parse_action("discard C"))
    with pytest.raises(IllegalAction, match="the hand is over"):
        table.apply(1, table.parse_action("pung C"))
    assert snapshot(table) == before
    assert_hand_over(table, winner=3)

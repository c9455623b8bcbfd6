"""Scenario tests of the Chinese classical rules at the table (``classical.md`` §3-§10,
§13; ``british-variations.md`` §T and §H for two and three players).

Each scenario stacks a deal (:func:`stacked_deal`: seat 0 is East with 14 tiles,
``draws`` are the live wall's next tiles, ``replacements`` the tiles drawn from the dead
wall, in order), applies moves and checks what the spec says must happen: the dead
wall, bonus tiles, who may claim what, kongs, the last discard, the washout, the
dealer's rotation and the settlement. Seats 0-3 are E S W N (E W with two players,
E S W with three); the prevailing wind is East.

Random sessions with the greedy and random bots (four, three and two players) then
check after every action that every tile is accounted for, that the dead wall is kept
at 13 or more while live tiles remain, that no observation shows another seat's
concealed tiles, that every won hand settles exactly as ``parlour.settle`` settles the
same hands, that the deal moves as §9 says, and that the record replays exactly.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest

import parlour
from dev_deps import require
from leaks import shows_tiles
from parlour.bots import make_bot
from parlour.core.game import Event
from parlour.mahjong.melds import chow, format_meld
from parlour.mahjong.rules.classical_table import ClassicalRuleset
from parlour.mahjong.ruleset import WinContext, WonHand
from parlour.mahjong.session import Session, make_ruleset, rules_of
from parlour.mahjong.table import Table, stacked_deal, tile_count_check
from parlour.mahjong.tiles import format_tiles, parse_tiles, tile_name
from parlour.records import record_of, replay, validate

Moves = list[tuple[int, str]]

# Four hands that claim nothing from each other's honour discards (seat 0 discards P,
# which nobody else holds); each of S, W, N ends in "S W N", three spare tiles that a
# scenario replaces with what it needs.
EAST = "2m 5m 8m 1p 4p 7p 1s 4s 7s E E C F P"
SOUTH = "1m 4m 7m 2p 5p 8p 2s 5s 8s C S W N"
WEST = "1m 4m 7m 3p 6p 9p 3s 6s 8s F S W N"
NORTH = "2m 5m 8m 3p 6p 9p 3s 6s 7s 9m S W N"
NEUTRAL = [EAST, SOUTH, WEST, NORTH]


# -- helpers -----------------------------------------------------------------------------


def classical(
    hands: Sequence[str],
    draws: str = "",
    replacements: str = "",
    *,
    everyone: bool = False,
    deal_window: bool = False,
    **options: Any,
) -> Table:
    """A classical table on a prepared deal (East at seat 0). ``everyone``: every other
    seat is asked after each discard and at the deal (else only the seats that can act).
    Unless ``deal_window``, every seat passes in the window after the deal where the
    players dealt four of a kind may declare it (§3.7), so play starts with East."""
    table = Table(
        ClassicalRuleset(options),
        deal=stacked_deal(list(hands), draws=draws, replacements=replacements),
        ask_everyone=everyone,
    )
    if not deal_window:
        pass_deal_window(table)
    return table


def pass_deal_window(table: Table) -> None:
    """Every seat asked in the window after the deal passes."""
    while table.phase == "dealt_kong":
        for s in table.to_act():
            table.apply(s, table.parse_action("pass"))


def spare(hand: str, tiles: str) -> str:
    """``hand`` with its last three tiles ("S W N") replaced by ``tiles`` (three)."""
    assert hand.endswith(" S W N") and len(parse_tiles(tiles)) == 3
    return hand[: -len("S W N")] + tiles


def play(table: Table, moves: Moves) -> list[Event]:
    events: list[Event] = []
    for seat, text in moves:
        events += table.apply(seat, table.parse_action(text))
    return events


def legal(table: Table, seat: int) -> list[str]:
    return [table.format_action(a) for a in table.legal_actions(seat)]


def pass_all(table: Table) -> None:
    """Every seat asked about a discard (or an added kong) passes."""
    if table.phase == "turn":
        return
    for seat in table.to_act():
        table.apply(seat, table.parse_action("pass"))


def drawn(events: Sequence[Event], seat: int) -> list[str]:
    """The tiles ``seat`` was told it drew, in order."""
    return [e.data["tile"] for e in events if e.kind == "drawn" and e.seat == seat]


def draws_of(events: Sequence[Event]) -> list[tuple[int | None, bool]]:
    """Each draw: (seat, from the dead wall?)."""
    return [(e.seat, bool(e.data["replacement"])) for e in events if e.kind == "draw"]


def full_set(table: Table) -> bool:
    return tile_count_check(table) == list(table.tile_set.counts)


def dead_wall(table: Table) -> list[str]:
    """The dead wall's tiles, innermost (next to the live wall) first."""
    tiles = table.wall.tiles()
    return [tile_name(t) for t in tiles[len(tiles) - table.wall.dead :]]


def settle_input(table: Table, options: Mapping[str, Any]) -> dict[str, Any]:
    """The ``parlour.settle`` table of a finished, won hand, built from the table's
    final hands, melds, bonus tiles, dead discards and how the hand was won."""
    result = table.result()
    assert result is not None and result["wins"]
    win = result["wins"][0]
    how = win.get("how", {})
    winner = win["seat"]
    discards = sum(len(d) for d in table.discarded)
    seats: dict[str, Any] = {}
    for s in range(table.num_seats):
        parts = [format_meld(m) for m in table.melds[s]]
        if table.hands[s]:
            parts.append(format_tiles(table.hands[s]))
        data: dict[str, Any] = {"hand": " ".join(parts)}
        if table.bonus[s]:
            data["bonus"] = format_tiles(table.bonus[s])
        if s == winner:
            data["win_tile"] = win["tile"]
            if win["self_drawn"]:
                data["self_drawn"] = True
            else:
                data["discarder"] = table.seat_wind(win["discarder"])
            kong = how.get("replacement") == "kong" or how.get("kong_replacement", False)
            flags = {
                "last_wall_tile": bool(how.get("last_wall_tile") or how.get("live_wall_empty")),
                "kong_replacement": kong,
                "kong_on_kong": kong and how.get("kong_chain", 0) >= 2,
                "bonus_replacement": not kong and how.get("replacement") == "bonus",
                "robbing_kong": bool(how.get("robbing_kong")),
                "heavenly": win["self_drawn"] and s == table.dealer and discards == 0,
                "earthly": not win["self_drawn"]
                and win["discarder"] == table.dealer
                and s != table.dealer
                and discards == 1,
            }
            data.update({k: v for k, v in flags.items() if v})
        seats[table.seat_wind(s)] = data
    return {
        "rules": "classical",
        "options": dict(options),
        "winner": table.seat_wind(winner),
        "round_wind": table.prevailing,
        "visible": " ".join(format_tiles(d) for d in table.discards if d),
        "seats": seats,
    }


def check_settlement(table: Table, options: Mapping[str, Any]) -> None:
    """A finished hand pays as §13 says: a washout nothing; a win carries every seat's
    score, and its payments sum to zero and equal ``parlour.settle``'s for the same
    hands."""
    result = table.result()
    assert result is not None
    n = table.num_seats
    assert sum(result["payments"]) == 0
    assert "transfers" not in result  # classical pays nothing during a hand
    if not result["wins"]:
        assert result["draw"] is True
        assert result["payments"] == [0] * n
        assert "scores" not in result
        return
    assert len(result["wins"]) == 1
    win = result["wins"][0]
    assert win["payments"] == result["payments"]
    scores = result["scores"]
    assert len(scores) == n
    assert scores[win["seat"]]["total"] == win["total"]
    settled = parlour.settle(settle_input(table, options))
    names = [table.seat_wind(s) for s in range(n)]
    assert [settled.net[x] for x in names] == result["payments"]
    assert [settled.scores[x].total for x in names] == [s["total"] for s in scores]


# -- the wall and the deal (§3) ----------------------------------------------------------


@pytest.mark.parametrize("seed", range(8))
def test_the_deal_leaves_77_live_tiles_and_a_dead_wall_of_14(seed: int) -> None:
    """§3.4-§3.6: after the deal (E 14, the others 13) the live wall holds
    144 - 14 - 53 = 77 and the dead wall 14; each bonus replacement takes a dead-wall
    tile, and whenever the dead wall falls below 13 the live wall's last stack tops it
    up; no bonus tile stays in a hand."""
    table = Table(ClassicalRuleset(), seed=seed)
    replaced = sum(1 for e in table.events if e.kind == "draw")
    assert replaced == sum(len(b) for b in table.bonus)
    assert [len(h) for h in table.hands] == [14, 13, 13, 13]
    assert not any(table.rules.is_bonus(t) for h in table.hands for t in h)
    assert table.wall.count + replaced == 144 - 53
    live, dead = 77, 14
    for _ in range(replaced):
        dead -= 1
        if dead < 13:
            dead, live = dead + 2, live - 2
    assert (table.wall.live(), table.wall.dead) == (live, dead)
    assert table.observation(1)["wall"] == live
    assert full_set(table)


def test_a_deal_without_bonus_tiles_leaves_exactly_77() -> None:
    table = classical(NEUTRAL)
    assert (table.wall.live(), table.wall.dead, table.wall.count) == (77, 14, 91)
    assert table.observation(0)["wall"] == 77
    assert table.to_act() == (0,) and table.phase == "turn"
    assert [len(h) for h in table.hands] == [14, 13, 13, 13]


def test_replacements_come_from_the_dead_wall_which_is_topped_up_from_the_live_end() -> None:
    """§3.4, §3.7, §6.1: East declares three dealt concealed kongs before his first
    discard; each replacement is the tail tile of the dead wall; the dead wall goes
    14 -> 13 -> 12, topped up to 14 with the live wall's last two tiles, -> 13."""
    hands = ["1111p 9999s EEEE 2m 3m", SOUTH, WEST, NORTH]
    table = classical(hands, replacements="4m 5m 6m")
    assert "concealed_kong 1p" in legal(table, 0)
    assert (table.wall.live(), table.wall.dead) == (77, 14)
    tail = dead_wall(table)[-1]
    events = play(table, [(0, "concealed_kong 1p")])
    assert draws_of(events) == [(0, True)] and drawn(events, 0) == ["4m"] == [tail]
    assert (table.wall.live(), table.wall.dead) == (77, 13)
    live_end = [tile_name(t) for t in table.wall.tiles()[75:77]]
    events = play(table, [(0, "concealed_kong 9s")])
    assert drawn(events, 0) == ["5m"]
    assert (table.wall.live(), table.wall.dead) == (75, 14)
    assert dead_wall(table)[:2] == live_end  # the live wall's end moved onto the dead wall
    events = play(table, [(0, "concealed_kong E")])
    assert drawn(events, 0) == ["6m"]
    assert (table.wall.live(), table.wall.dead) == (75, 13)
    assert table.hands[0] == parse_tiles("23456m")
    assert table.current == 0 and table.phase == "turn"
    assert [format_meld(m) for m in table.melds[0]] == ["{1111p}", "{9999s}", "{EEEE}"]
    assert table.observation(1)["melds"][0] == ["{????}"] * 3
    assert full_set(table)


def test_east_dealt_a_complete_hand_goes_out_before_discarding() -> None:
    """§4.1, §4.2, L1: East's dealt 14 tiles count as drawn; complete, they win at
    once: Heaven's Blessing, the limit, paid by each of the others."""
    hands = ["1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p C C", SOUTH, WEST, NORTH]
    table = classical(hands)
    assert legal(table, 0)[0] == "win"
    play(table, [(0, "win")])
    result = table.result()
    assert result is not None
    win = result["wins"][0]
    assert (win["seat"], win["self_drawn"], win["total"]) == (0, True, 500)
    assert [p["key"] for p in win["patterns"]] == ["heavens_blessing"]
    check_settlement(table, {})


def test_a_dealt_kong_may_be_declared_at_the_start_by_any_player() -> None:
    hands = [EAST, "9s 9s 9s 9s 1m 4m 7m 2p 5p 8p 2s 5s C", WEST, NORTH]
    table = classical(hands, replacements="6m", everyone=True, deal_window=True)
    assert "concealed_kong 9s" in legal(table, 1)
    # West and North are asked too (pass only): the question tells nobody who holds four
    assert legal(table, 2) == ["pass"] and legal(table, 3) == ["pass"]
    table.apply(1, table.parse_action("concealed_kong 9s"))
    table.apply(2, table.parse_action("pass"))
    table.apply(3, table.parse_action("pass"))
    assert [str(m) for m in table.melds[1]] == ["{9999s}"]
    assert parse_tiles("6m")[0] in table.hands[1] and len(table.hands[1]) == 10
    assert table.phase == "turn" and table.to_act() == (0,)


def test_bonus_tiles_dealt_are_replaced_in_rounds_before_easts_first_discard() -> None:
    """§3.6: in turn order from East each player lays out every bonus tile he holds and
    draws as many replacements; a replacement that is itself a bonus tile waits for his
    next round. East's replacement x1 is laid out only after North's f4 and x4."""
    hands = [
        "2m 5m 8m 1p 4p 7p 1s 4s 7s E E C F f1",
        "1m 4m 7m 2p 5p 8p 2s 5s 8s C S W f2",
        WEST,
        "2m 5m 8m 3p 6p 9p 3s 6s 7s 9m S f4 x4",
    ]
    table = classical(hands, replacements="x1 9m 9p 9s 3m")
    laid = [(e.seat, e.data["tile"]) for e in table.events if e.kind == "bonus"]
    assert laid == [(0, "f1"), (1, "f2"), (3, "f4"), (3, "x4"), (0, "x1")]
    assert [format_tiles(b) for b in table.bonus] == ["f1 x1", "f2", "", "f4 x4"]
    assert [len(h) for h in table.hands] == [14, 13, 13, 13]
    assert not any(table.rules.is_bonus(t) for h in table.hands for t in h)
    assert parse_tiles("3m")[0] in table.hands[0] and parse_tiles("9m")[0] in table.hands[1]
    # five replacements: 14 -> 13 -> 12/14 -> 13 -> 12/14 -> 13, the live wall 77 -> 73
    assert (table.wall.live(), table.wall.dead) == (73, 13)
    assert table.actions == [] and table.to_act() == (0,)
    assert table.observation(2)["bonus"] == ["f1 x1", "f2", "", "f4 x4"]
    assert full_set(table)


def test_a_drawn_bonus_tile_is_replaced_at_once() -> None:
    """§4.3: South draws f2, lays it out and draws from the dead wall: x3, laid out and
    replaced in turn, then 9m; he then discards as usual."""
    table = classical(NEUTRAL, draws="f2", replacements="x3 9m")
    events = play(table, [(0, "discard P")])
    assert draws_of(events) == [(1, False), (1, True), (1, True)]
    assert drawn(events, 1) == ["f2", "x3", "9m"]
    assert [e.data["tile"] for e in events if e.kind == "bonus"] == ["f2", "x3"]
    assert format_tiles(table.bonus[1]) == "f2 x3"
    assert len(table.hands[1]) == 14 and table.current == 1 and table.phase == "turn"
    # one live draw, two replacements (14 -> 13 -> 12, topped up to 14)
    assert (table.wall.live(), table.wall.dead) == (74, 14)
    assert all(a.startswith("discard") for a in legal(table, 1))
    assert full_set(table)


# -- claims (§5) -------------------------------------------------------------------------


@pytest.mark.parametrize("claimer", [1, 2, 3])
@pytest.mark.parametrize("kind", ["pung", "kong"])
def test_pung_and_kong_from_any_seat(claimer: int, kind: str) -> None:
    """§5.2, §5.3: a pung or a kong may be claimed from any player; play goes on with
    the player after the claimer (A7), the seats between are skipped; a claimed kong
    draws its replacement from the dead wall at once."""
    hands = list(NEUTRAL)
    hands[claimer] = spare(hands[claimer], "P P N" if kind == "pung" else "P P P")
    table = classical(hands, draws="9p", replacements="6m")
    play(table, [(0, "discard P")])
    assert table.to_act() == (claimer,)
    offered = ["pass", "pung P"] if kind == "pung" else ["pass", "kong P", "pung P"]
    assert sorted(legal(table, claimer)) == sorted(offered)
    events = play(table, [(claimer, f"{kind} P")])
    meld = table.melds[claimer][0]
    assert (meld.kind, meld.exposed, tile_name(meld.tiles[0])) == (kind, True, "P")
    assert table.current == claimer and table.phase == "turn"
    if kind == "kong":
        assert draws_of(events) == [(claimer, True)] and drawn(events, claimer) == ["6m"]
        assert (table.wall.live(), table.wall.dead) == (77, 13)
        assert len(table.hands[claimer]) == 11
    else:
        assert draws_of(events) == []
        assert len(table.hands[claimer]) == 11
        assert all(a.startswith("discard") for a in legal(table, claimer))
    tile = tile_name(table.hands[claimer][0])
    events = play(table, [(claimer, f"discard {tile}")])
    pass_all(table)
    after = (claimer + 1) % 4
    assert table.current == after
    assert [e.seat for e in table.events if e.kind == "draw" and not e.data["replacement"]] == [
        after
    ]
    assert full_set(table)


# East discards 3m: South could chow it (12m), West could chow it with 45m and North
# with 24m if chows were open to any seat.
CHOW_HANDS = [
    "3m 5m 8m 1p 4p 7p 1s 4s 7s E E C F P",
    "1m 2m 7m 2p 5p 8p 2s 5s 8s C S W N",
    "4m 5m 7m 3p 6p 9p 3s 6s 8s F S W N",
    "2m 4m 8m 3p 6p 9p 3s 6s 7s 9m S W N",
]


def test_chow_only_from_the_next_seat() -> None:
    """§5.4: only the player after the discarder may chow; he exposes the chow,
    discards, and play goes on with the player after him."""
    table = classical(CHOW_HANDS, everyone=True)
    play(table, [(0, "discard 3m")])
    assert [legal(table, s) for s in (1, 2, 3)] == [["pass", "chow 1m"], ["pass"], ["pass"]]
    play(table, [(1, "chow 1m"), (2, "pass"), (3, "pass")])
    assert [format_meld(m) for m in table.melds[1]] == ["[123m>3]"]
    assert table.current == 1 and table.phase == "turn"
    play(table, [(1, "discard 7m")])
    pass_all(table)
    assert table.current == 2 and len(table.hands[2]) == 14


@pytest.mark.parametrize(
    ("options", "players"),
    [
        ({"no_chows": True}, 4),
        ({"players": 3}, 3),
        ({"players": 2}, 2),
    ],
    ids=["no_chows", "three-players", "two-players"],
)
def test_no_chows_with_two_or_three_players_or_no_chows(
    options: dict[str, Any], players: int
) -> None:
    """British variations T2, H2 and the ``no_chows`` option: no chow may be claimed,
    even by the next player."""
    hands = CHOW_HANDS[:players]  # with two players West (seat 1) holds 12m
    table = classical(hands, everyone=True, **options)
    assert table.num_seats == players
    play(table, [(0, "discard 3m")])
    assert legal(table, 1) == ["pass"]
    assert all(legal(table, s) == ["pass"] for s in range(1, players))


# South holds four sets with chows and waits on C for the pair.
CHOW_WINNER = "1m 2m 3m 4p 5p 6p 7s 8s 9s E E E C"
EAST_NO_WINDS = "2m 5m 8m 1p 4p 7p 9p 1s 4s 7s C F P S"


@pytest.mark.parametrize("players", [4, 3])
def test_no_winning_hand_with_chows_with_three_players(players: int) -> None:
    """H2 with BA6: with three players a winning hand may hold no chow at all (not even
    Earth's Blessing); with four the same hand goes out on East's C."""
    hands = [EAST_NO_WINDS, CHOW_WINNER, WEST, NORTH][:players]
    table = classical(hands, everyone=True, players=players)
    play(table, [(0, "discard C")])
    if players == 4:
        assert legal(table, 1) == ["pass", "win C"]
    else:
        assert legal(table, 1) == ["pass"]


def test_a_win_may_complete_a_chow_from_any_seat() -> None:
    """§5.5: a mahjong claim may complete a chow whoever discarded the tile: West goes
    out on East's 3m with 12m (a chow he could not claim otherwise)."""
    hands = [
        "3m 5m 8m 1p 4p 7p 1s 4s 7s E E C F P",
        SOUTH,
        "1m 2m 4p 5p 6p 7p 8p 9p 7s 8s 9s N N",
        NORTH,
    ]
    table = classical(hands, draws="F 6m", everyone=True)
    play(table, [(0, "discard P")])
    pass_all(table)
    play(table, [(1, "discard F")])
    pass_all(table)
    play(table, [(2, "discard 6m")])
    pass_all(table)
    play(table, [(3, "discard 9m")])
    pass_all(table)
    # East draws and throws 3m: West, two seats on, may go out on it
    play(table, [(0, "discard 3m")])
    assert legal(table, 2) == ["pass", "win 3m"]
    assert legal(table, 1) == ["pass"]  # South, the next seat, has no chow of 3m
    play(table, [(1, "pass"), (2, "win 3m"), (3, "pass")])
    result = table.result()
    assert result is not None
    assert [(w["seat"], w["discarder"]) for w in result["wins"]] == [(2, 0)]
    check_settlement(table, {})


# East discards 3m: South can chow it, West pung it, North goes out on it.
PRIORITY_HANDS = [
    "3m 5m 8m 1p 4p 7p 1s 4s 7s E E C F P",
    "1m 2m 7m 2p 5p 8p 2s 5s 8s C S W N",
    "3m 3m 7m 3p 6p 9p 3s 6s 8s F S W N",
    "1m 2m 4p 5p 6p 7p 8p 9p 7s 8s 9s N N",
]


@pytest.mark.parametrize(
    ("answers", "taker", "meld"),
    [
        ({1: "chow 1m", 2: "pung 3m", 3: "win 3m"}, 3, None),
        ({1: "chow 1m", 2: "pung 3m", 3: "pass"}, 2, "[333m>2]"),
        ({1: "chow 1m", 2: "pass", 3: "pass"}, 1, "[123m>3]"),
    ],
    ids=["win-beats-all", "pung-beats-chow", "chow"],
)
def test_claim_priority(answers: dict[int, str], taker: int, meld: str | None) -> None:
    """§5.6: mahjong beats every claim, a pung beats a chow."""
    table = classical(PRIORITY_HANDS)
    play(table, [(0, "discard 3m")])
    assert table.to_act() == (1, 2, 3)
    assert [legal(table, s) for s in (1, 2, 3)] == [
        ["pass", "chow 1m"],
        ["pass", "pung 3m"],
        ["pass", "win 3m"],
    ]
    play(table, sorted(answers.items()))
    if meld is None:
        result = table.result()
        assert result is not None and [w["seat"] for w in result["wins"]] == [taker]
        # North goes out on East's first discard: Earth's Blessing (L2), the limit
        assert [p["key"] for p in result["wins"][0]["patterns"]] == ["earths_blessing"]
        assert result["wins"][0]["total"] == 500
        check_settlement(table, {})
    else:
        assert [format_meld(m) for m in table.melds[taker]] == [meld]
        assert table.current == taker and table.phase == "turn"
        assert all(not table.melds[s] for s in range(4) if s != taker)


def test_two_winners_the_nearest_after_the_discarder_takes_the_tile() -> None:
    """§5.6: when two players go out on one discard, the one nearest after the
    discarder wins it: West discards C; North (next after West) beats South."""
    hands = [
        "2m 5m 8m 1p 4p 7p 2s 5s 8s E E F P W",
        "1s 2s 3s 4s 5s 6s 7s 8s 9s 4p 5p 6p C",
        "1m 4m 7m 3p 6p 9p 1s 4s 7s S W N F",
        "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p C",
    ]
    table = classical(hands, draws="F C")
    play(table, [(0, "discard P")])
    pass_all(table)
    play(table, [(1, "discard F")])
    pass_all(table)
    play(table, [(2, "discard C")])
    assert table.to_act() == (1, 3)
    assert legal(table, 1) == ["pass", "win C"] and legal(table, 3) == ["pass", "win C"]
    play(table, [(1, "win C"), (3, "win C")])
    result = table.result()
    assert result is not None
    assert [(w["seat"], w["discarder"]) for w in result["wins"]] == [(3, 2)]
    check_settlement(table, {})


# South holds C to throw after the last live tile; West could pung it (CC), North goes
# out on it (four chows and the C pair).
LAST_HANDS = [
    "2m 5m 8m 1p 4p 7p 2s 5s 8s E E F P W",
    "1s 2s 3s 4s 5s 6s 7s 8s 9s 4p 5p 6p C",
    "1m 4m 7m 3p 6p 9p 1s 4s 7s S W C C",
    "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p C",
]


def throw_until(table: Table, done: Callable[[Table], bool]) -> None:
    """Each player in turn throws the tile he drew, every claim passed, until ``done``
    holds at the start of a turn."""
    while True:
        pass_all(table)
        assert table.phase == "turn"
        if done(table):
            return
        seat = table.current
        tile = table.last_drawn(seat)
        assert tile is not None
        play(table, [(seat, f"discard {tile_name(tile)}")])


def draw_to_the_end(table: Table) -> None:
    """East throws P; then each player throws the tile he draws and every claim is
    passed, until the last live tile has been drawn."""
    play(table, [(0, "discard P")])
    throw_until(table, lambda t: t.wall.live() == 0)


def test_the_pung_is_open_before_the_end_of_the_wall() -> None:
    """The control of the next test: South's first discard C may be punged by West."""
    table = classical(LAST_HANDS, draws="9s", everyone=True)
    play(table, [(0, "discard P")])
    pass_all(table)
    play(table, [(1, "discard C")])
    assert legal(table, 2) == ["pass", "pung C"]
    assert legal(table, 3) == ["pass", "win C"]


@pytest.mark.parametrize("north_wins", [True, False], ids=["mahjong", "washout"])
def test_the_last_discard_may_be_claimed_only_for_mahjong(north_wins: bool) -> None:
    """§5.7, §8: after the last live-wall tile is drawn (by South, the 77th draw) his
    discard may be claimed only to go out: West may not pung it, North may win on it
    (the last discard, D2); if nobody does, the hand is a washout that pays nothing."""
    table = classical(LAST_HANDS, everyone=True)
    draw_to_the_end(table)
    assert table.current == 1 and table.wall.live() == 0
    assert table.wall.dead == 14 and table.wall.count == 14
    play(table, [(1, "discard C")])
    assert [legal(table, s) for s in (0, 2, 3)] == [["pass"], ["pass"], ["pass", "win C"]]
    play(table, [(0, "pass"), (2, "pass"), (3, "win C" if north_wins else "pass")])
    assert table.is_over()
    result = table.result()
    assert result is not None
    if north_wins:
        win = result["wins"][0]
        assert (win["seat"], win["discarder"], win["self_drawn"]) == (3, 1, False)
        assert "last_discard" in {p["key"] for p in win["patterns"]}
    else:
        assert result["draw"] is True and result["wins"] == []
        assert result["payments"] == [0, 0, 0, 0]
        assert table.events[-1].kind == "exhaustive_draw"
    check_settlement(table, {})
    assert full_set(table)


def test_the_last_live_tile_tops_up_the_dead_wall_and_the_hand_ends_in_a_washout() -> None:
    """§3.4: with the dead wall at 12 after a replacement and a single live tile left,
    that tile moves onto the dead wall (13); the live wall is then empty, so the
    discard that follows may only be won on (§5.7) and the hand is a washout (§8)."""
    hands = ["1111p 9999s 2m 5m 8m E E C", SOUTH, WEST, NORTH]
    table = classical(hands, replacements="4p 7p")
    play(table, [(0, "concealed_kong 1p")])
    assert (table.wall.live(), table.wall.dead) == (77, 13)
    play(table, [(0, "discard 4p")])
    throw_until(table, lambda t: t.current == 0 and t.wall.live() == 1)
    assert table.current == 0 and table.phase == "turn"
    assert (table.wall.live(), table.wall.dead) == (1, 13)
    last_live = tile_name(table.wall.tiles()[0])
    events = play(table, [(0, "concealed_kong 9s")])
    assert drawn(events, 0) == ["7p"]
    assert (table.wall.live(), table.wall.dead) == (0, 13)
    assert dead_wall(table)[0] == last_live
    washout_after_discard(table)


def washout_after_discard(table: Table) -> None:
    """The player to act throws his last tile; only a win is offered; nobody wins."""
    seat = table.current
    tile = tile_name(table.hands[seat][-1])
    play(table, [(seat, f"discard {tile}")])
    for other in table.to_act():
        assert [a for a in legal(table, other) if a != "pass"] in ([], [f"win {tile}"])
    pass_all(table)
    result = table.result()
    assert result is not None and result["draw"] and result["payments"] == [0, 0, 0, 0]
    assert full_set(table)


# -- seats with two and three players (§T, §H) -------------------------------------------


def test_two_players_are_east_and_west_and_alternate() -> None:
    """T1: the players are East and West and play alternates E -> W -> E; the deal is
    the usual one (East 14, West 13) with the usual dead wall."""
    table = classical([EAST, WEST], draws="9p 9s", players=2)
    assert table.num_seats == 2
    assert [table.observation(s)["seat_names"] for s in (0, 1)] == [["E", "W"]] * 2
    assert [table.observation(s)["seat_name"] for s in (0, 1)] == ["E", "W"]
    assert (table.wall.live(), table.wall.dead) == (144 - 14 - 27, 14)
    play(table, [(0, "discard P")])
    pass_all(table)
    assert table.current == 1 and drawn(table.events, 1) == ["9p"]
    play(table, [(1, "discard 9p")])
    pass_all(table)
    assert table.current == 0 and drawn(table.events, 0) == ["9s"]
    assert len(table.hands[0]) == 14


@pytest.mark.parametrize(("min_doubles", "east_double"), [(4, False), (1, False), (1, True)])
def test_two_players_need_the_minimum_to_go_out(min_doubles: int, east_double: bool) -> None:
    """T3: with two players a hand goes out only with 4 doubles (or 500 before the
    limit, or a limit hand). West's 222m 444p 666s 88s + 555m is 34 points with one
    double (three concealed pungs): 68, so he may not go out on East's 5m, only pung
    it; with ``two_player_min_doubles`` 1 he may, and East (2 for his pair of East
    Winds) pays him 68, never doubled with two players (T4), with no difference (T5)."""
    west = "2m 2m 2m 4p 4p 4p 6s 6s 6s 8s 8s 5m 5m"
    options = {"players": 2, "two_player_min_doubles": min_doubles}
    if east_double:
        options["east_pays_double"] = True
    table = classical([EAST, west], draws="9p 9s", everyone=True, **options)
    play(table, [(0, "discard P")])
    pass_all(table)
    play(table, [(1, "discard 9p")])
    pass_all(table)
    play(table, [(0, "discard 5m")])
    if min_doubles == 4:
        assert legal(table, 1) == ["pass", "pung 5m"]
    else:
        assert legal(table, 1) == ["pass", "win 5m", "pung 5m"]
        play(table, [(1, "win 5m")])
        result = table.result()
        assert result is not None and result["wins"][0]["total"] == 68
        assert [x["total"] for x in result["scores"]] == [2, 68]
        assert result["payments"] == [-68, 68]
        check_settlement(table, options)


def test_three_players_are_east_south_and_west() -> None:
    """H1 (BA12): with three players the seats are E, S, W, in that turn order; the
    deal is the usual one."""
    table = classical([EAST, SOUTH, WEST], draws="9p 9s 1m", players=3)
    assert table.num_seats == 3
    assert table.observation(2)["seat_names"] == ["E", "S", "W"]
    assert (table.wall.live(), table.wall.dead) == (144 - 14 - 40, 14)
    order = []
    play(table, [(0, "discard P")])
    for _ in range(3):
        pass_all(table)
        order.append(table.current)
        tile = table.last_drawn(table.current)
        assert tile is not None
        play(table, [(table.current, f"discard {tile_name(tile)}")])
    assert order == [1, 2, 0]
    other = Table(ClassicalRuleset({"players": 3, "three_player_winds": "N,E,W"}), seed=1)
    assert other.observation(0)["seat_names"] == ["E", "W", "N"]  # C7: in wind order


def test_three_players_dealer_rotation_names_the_seats() -> None:
    """H3: when East loses the deal, South becomes East, West South and East West."""
    table = Table(ClassicalRuleset({"players": 3}), seed=4, dealer=1)
    assert table.observation(0)["seat_names"] == ["W", "E", "S"]
    assert table.phase == "dealt_kong" and table.to_act() == (0, 2)  # all but East
    pass_deal_window(table)
    assert len(table.hands[1]) == 14 and table.to_act() == (1,)


# -- kongs and robbing (§6) --------------------------------------------------------------

# East throws 5p; South pungs it (and holds 9999s); West waits on 5p (46p).
KONG_HANDS = [
    "2m 5m 8m 1p 5p 7p 1s 4s 7s E E C F P",
    "5p 5p 9s 9s 9s 9s 2p 8p 2s 5s 8s C S",
    "1m 2m 3m 4m 5m 6m 7m 8m 9m 4p 6p W W",
    NORTH,
]


def throw_drawn(table: Table, times: int) -> None:
    """``times`` players in turn each throw the tile they drew, every claim passed."""
    for _ in range(times):
        pass_all(table)
        seat = table.current
        tile = table.last_drawn(seat)
        assert tile is not None
        play(table, [(seat, f"discard {tile_name(tile)}")])
    pass_all(table)


def pung_then_round(table: Table, draws: int = 3) -> None:
    """East throws 5p, South pungs it and throws 2p; then West, North and East each
    throw the tile they draw, every claim passed."""
    play(table, [(0, "discard 5p")])
    for seat in table.to_act():
        play(table, [(seat, "pung 5p" if seat == 1 else "pass")])
    play(table, [(1, "discard 2p")])
    throw_drawn(table, draws)


def test_no_kong_right_after_claiming_a_pung() -> None:
    """A4: kongs of one's own tiles are declared only after a draw, never right after
    claiming a discard for a pung; after South's next draw his 9999s may be declared."""
    table = classical(KONG_HANDS, draws="3s F N 7m", everyone=True)
    play(table, [(0, "discard 5p"), (1, "pung 5p"), (2, "pass"), (3, "pass")])
    assert table.current == 1 and not table.drew
    assert all(a.startswith("discard") for a in legal(table, 1))
    play(table, [(1, "discard 2p")])
    throw_drawn(table, 3)
    assert table.current == 1 and table.drew
    assert "concealed_kong 9s" in legal(table, 1)


def test_the_fourth_tile_of_an_exposed_pung_is_never_claimed() -> None:
    """§6.4: South holds the exposed pung [555p]; when East throws the fourth 5p South
    may not claim it (no kong, no pung), and he holds no 5p to promote the pung."""
    hands = list(KONG_HANDS)
    hands[0] = "2m 5m 8m 1p 5p 5p 1s 4s 7s E E C F P"
    table = classical(hands, draws="3s F N", everyone=True)
    pung_then_round(table, draws=2)
    assert table.current == 0 and table.phase == "turn"
    play(table, [(0, "discard 5p")])
    assert legal(table, 1) == ["pass"]
    assert legal(table, 2) == ["pass", "win 5p"]  # West may still go out on it
    play(table, [(1, "pass"), (2, "pass"), (3, "pass")])
    assert table.current == 1
    assert not any(a.startswith("added_kong") for a in legal(table, 1))


@pytest.mark.parametrize("rob_kong", [False, True])
def test_promoting_a_pung_with_a_drawn_tile_and_robbing_it(rob_kong: bool) -> None:
    """§6.4: South promotes his exposed pung with the 5p he draws himself and draws a
    replacement; §6.6: West, waiting on 5p, may rob the kong only with ``rob_kong``
    (a claimed discard of South's)."""
    table = classical(
        KONG_HANDS, draws="3s F N 5p", replacements="7m", everyone=True, rob_kong=rob_kong
    )
    pung_then_round(table)
    assert table.current == 1 and table.drew
    assert "added_kong 5p" in legal(table, 1)
    play(table, [(1, "added_kong 5p")])
    assert table.phase == "rob"
    if rob_kong:
        assert legal(table, 2) == ["pass", "rob 5p"]
        play(table, [(2, "rob 5p"), (3, "pass"), (0, "pass")])
        result = table.result()
        assert result is not None
        win = result["wins"][0]
        assert (win["seat"], win["discarder"], win["self_drawn"]) == (2, 1, False)
        assert win["how"]["robbing_kong"] is True
        # 20 going out + 2 own-wind pair + 2 middle tile of 456p: nothing for robbing
        assert {p["key"] for p in win["patterns"]} == {
            "going_out",
            "own_wind_pair",
            "only_possible_tile",
        }
        assert win["total"] == 24
        assert [format_meld(m) for m in table.melds[1]] == ["[555p>3]"]
        check_settlement(table, {"rob_kong": True})
    else:
        assert [legal(table, s) for s in (2, 3, 0)] == [["pass"]] * 3
        before = table.wall.live()
        events = play(table, [(2, "pass"), (3, "pass"), (0, "pass")])
        meld = table.melds[1][0]
        assert (meld.kind, meld.exposed) == ("kong", True)
        assert draws_of(events) == [(1, True)] and drawn(events, 1) == ["7m"]
        assert table.wall.live() == before and table.wall.dead == 13
        assert table.current == 1 and table.phase == "turn"
    assert full_set(table)


def test_a_promoted_kong_may_use_a_tile_drawn_earlier_but_not_after_a_claim() -> None:
    """A4: South keeps the 5p he draws; right after claiming a chow he may not promote
    his pung with it, but after his next draw he may."""
    table = classical(KONG_HANDS, draws="3s F N 5p 1m 6s 7s", replacements="7m")
    pung_then_round(table)
    assert table.current == 1 and "added_kong 5p" in legal(table, 1)
    play(table, [(1, "discard 2s")])
    throw_drawn(table, 2)
    play(table, [(0, "discard 7s")])
    assert "chow 7s" in legal(table, 1)
    for seat in table.to_act():
        play(table, [(seat, "chow 7s" if seat == 1 else "pass")])
    assert table.current == 1 and not table.drew
    assert not any(a.startswith(("added_kong", "concealed_kong")) for a in legal(table, 1))
    play(table, [(1, "discard C")])
    throw_drawn(table, 3)
    assert table.current == 1 and table.drew
    assert "added_kong 5p" in legal(table, 1)


# South waits on 2p or 5p with 333m and 111p concealed and the pair of his own wind.
ROOF_HANDS = [EAST, "3m 3m 3m 1p 1p 1p 7s 8s 9s 3p 4p S S", WEST, NORTH]


@pytest.mark.parametrize(
    ("draws", "declare", "total"),
    [
        # {3333m} 16 + 111p 8 + SS 2 + going out 20 + W2 2 = 48, D3 x2
        ("3m", "concealed_kong 3m", 96),
        # 333m 4 + 111p 8 + SS 2 + f2 4 + 20 + 2 = 40, D3 and his own flower x4
        ("f2", None, 160),
    ],
    ids=["kong", "bonus"],
)
def test_going_out_on_a_replacement_tile(draws: str, declare: str | None, total: int) -> None:
    """§6.5, §4.3, D3 (A17): a replacement tile, after a kong or a bonus tile, may
    complete the hand; it is self-drawn (W2) and wins on the roof."""
    table = classical(ROOF_HANDS, draws=draws, replacements="2p")
    play(table, [(0, "discard P")])
    assert table.current == 1
    if declare is not None:
        assert "win" not in legal(table, 1)
        play(table, [(1, declare)])
    assert "win" in legal(table, 1)
    play(table, [(1, "win")])
    result = table.result()
    assert result is not None
    win = result["wins"][0]
    assert (win["seat"], win["tile"], win["self_drawn"]) == (1, "2p", True)
    keys = {p["key"] for p in win["patterns"]}
    assert "winning_on_the_roof" in keys
    assert win["total"] == total
    check_settlement(table, {})


# -- the settlement (§12.9, §13) ---------------------------------------------------------

# North goes out on East's second discard, C (four chows and the C pair: 20 + 2 + W3 2
# = 24). East holds EEE (8, own wind x2 = 16), South only his own flower f2 (4 x2 = 8),
# West PPP (8, dragons x2 = 16).
SETTLE_HANDS = [
    "1m 4m 7m 2p 5p 8p 3s 6s 9s E E E C S",
    "1m 5m 9m 1p 5p 9p 1s 5s 9s W N F f2",
    "2m 6m 3p 7p 2s 4s 8s E S N P P P",
    "1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p C",
]


@pytest.mark.parametrize(
    ("options", "payments"),
    [
        ({}, [-16, -40, -16, 72]),
        ({"east_pays_double": True}, [-32, -48, -16, 96]),
    ],
    ids=["default", "east_pays_double"],
)
def test_every_seat_is_scored_and_the_losers_settle_among_themselves(
    options: dict[str, Any], payments: list[int]
) -> None:
    """§13.1-§13.3: each loser pays the winner 24; between the losers only the
    difference moves (South pays East 8 and West 8; East and West are level); with
    ``east_pays_double`` every payment to or from East is doubled."""
    table = classical(SETTLE_HANDS, draws="6p 4s 6s 2m", replacements="7s", **options)
    play(table, [(0, "discard 1m")])
    for seat in (1, 2, 3):
        pass_all(table)
        tile = table.last_drawn(seat)
        assert table.current == seat and tile is not None
        play(table, [(seat, f"discard {tile_name(tile)}")])
    pass_all(table)
    play(table, [(0, "discard C")])
    assert table.to_act() == (3,)
    play(table, [(3, "win C")])
    result = table.result()
    assert result is not None
    assert [s["total"] for s in result["scores"]] == [16, 8, 16, 24]
    assert result["wins"][0]["total"] == 24
    assert result["payments"] == payments
    check_settlement(table, options)


def test_the_result_of_a_washout_carries_no_scores_and_pays_nothing() -> None:
    table = classical(LAST_HANDS)
    draw_to_the_end(table)
    play(table, [(1, "discard C")])
    pass_all(table)
    result = table.result()
    assert result is not None
    assert result == {"wins": [], "draw": True, "payments": [0, 0, 0, 0]}


# -- the match (§9, §10) -----------------------------------------------------------------


def win_by(seat: int, discarder: int | None = None) -> dict[str, Any]:
    return {
        "wins": [{"seat": seat, "discarder": discarder, "self_drawn": discarder is None}],
        "draw": False,
        "payments": [0, 0, 0, 0],
    }


WASHOUT: dict[str, Any] = {"wins": [], "draw": True, "payments": [0, 0, 0, 0]}


def test_the_dealer_keeps_the_deal_after_his_win_or_a_washout() -> None:
    """§9.1-§9.3 and A10: East keeps the deal after his own win or a washout, and the
    repeat counter goes up; after another seat's win the deal passes to the next seat
    and the counter starts again at 0."""
    session = Session("classical", seed=1)
    rules, first = session.session_rules, session.setup
    assert (first.dealer, first.streak, first.prevailing) == (0, 0, "E")
    washout = rules.next_setup(session, first, WASHOUT)
    assert washout is not None and (washout.dealer, washout.streak) == (0, 1)
    east_won = rules.next_setup(session, washout, win_by(0, 2))
    assert east_won is not None and (east_won.dealer, east_won.streak) == (0, 2)
    south_won = rules.next_setup(session, east_won, win_by(1))
    assert south_won is not None and (south_won.dealer, south_won.streak) == (1, 0)
    west_won = rules.next_setup(session, south_won, win_by(2, 1))
    assert west_won is not None and (west_won.dealer, west_won.streak) == (2, 0)
    assert west_won.prevailing == "E" and west_won.seating == first.seating


@pytest.mark.parametrize(
    ("options", "after"),
    [
        ({"rounds": 1}, None),
        ({"rounds": 2}, "S"),
        ({"rounds": 1, "players": 3}, None),
        ({"rounds": 1, "players": 2}, None),
        ({"players": 2}, "S"),
    ],
)
def test_a_round_ends_when_the_deal_has_gone_round(
    options: dict[str, Any], after: str | None
) -> None:
    """§10 (A11): a round ends when the last seat loses the deal; the match ends after
    ``rounds`` rounds, else the next round's wind is the next one and seat 0 deals."""
    session = Session("classical", options, seed=1)
    rules = session.session_rules
    last = dataclasses.replace(session.setup, dealer=session.num_seats - 1, streak=2)
    kept = rules.next_setup(session, last, WASHOUT)
    assert kept is not None and (kept.dealer, kept.streak, kept.round) == (last.dealer, 3, 0)
    nxt = rules.next_setup(session, last, win_by(0, last.dealer))
    if after is None:
        assert nxt is None
    else:
        assert nxt is not None
        assert (nxt.dealer, nxt.streak, nxt.round, nxt.prevailing) == (0, 0, 1, after)


@pytest.mark.parametrize("players", [4, 3, 2])
def test_every_player_starts_at_the_starting_score(players: int) -> None:
    session = Session("classical", {"players": players}, seed=1)
    assert session.scores == [2000] * players
    custom = Session("classical", {"players": players, "starting_score": 500}, seed=1)
    assert custom.scores == [500] * players
    assert custom.observation(0)["match"]["players"][0]["score"] == 500


def test_two_equal_chows_one_claimed_from_a_seat_score() -> None:
    """North goes out on West's 4p with [234m] [234m] 678p 456s 4p (one chow claimed
    from seat 3). §12: chows and a simple pair score 0 (A13); W1 going out 20; W3 (a)
    the tile completes the pair of a hand whose four sets were complete 2; no W2 (a
    discard). D5 a worthless hand (four chows, a 0-point pair; A18: W3 does not stop it)
    1 double; three suits, so no D8/D9. 22 points x 2 = 44. §13: each loser pays 44."""
    melds = (chow(1, claimed_from=3), chow(1))
    how = WinContext(self_drawn=False, discarder=0)
    concealed = parse_tiles("4678p 456s")
    score = ClassicalRuleset().score(
        WonHand(concealed, melds, parse_tiles("4p")[0], "N", "E", [], how, "W")
    )
    situation = {"rules": "classical", "hand": "[234m>3] [234m] 4678p 456s", "win_tile": "4p"}
    scored = parlour.score({**situation, "discarder": "W", "seat_wind": "N"})
    for result in (score, scored):
        assert result.valid
        assert [(p.key, p.unit, p.value, p.count) for p in result.patterns] == [
            ("going_out", "points", 20, 1),
            ("only_possible_tile", "points", 2, 1),
            ("worthless_hand", "doubles", 1, 1),
        ]
        assert (result.tally.points, result.tally.doubles, result.total) == (22, 1, 44)
        assert result.reading == "[234m] [234m] {678p} {456s} 44p"
    assert scored.payments == {"E": -44, "S": -44, "W": -44, "N": 132}


def test_two_equal_chows_one_claimed_from_a_seat_score_under_mcr() -> None:
    """The same hand under MCR (mcr.md): Pure Double Chow 1 (the claimed chow counts),
    All Chows 2, All Simples 2 (which implies No Honors), Single Wait 1 (only 4p, to the
    pair): 6 points, under the 8-point minimum. PyMahjongGB's fan calculator agrees."""
    situation = {
        "rules": "mcr",
        "hand": "[234m>3] [234m] 44678p 456s",
        "win_tile": "4p",
        "discarder": "W",
        "seat_wind": "N",
    }
    score = parlour.score(situation)
    fans = sorted((p.name, p.value, p.count) for p in score.patterns)
    assert fans == [
        ("All Chows", 2, 1),
        ("All Simples", 2, 1),
        ("Pure Double Chow", 1, 1),
        ("Single Wait", 1, 1),
    ]
    assert score.total == 6 and not score.valid
    gb = require("MahjongGB", "pymahjonggb==1.4.0").MahjongFanCalculator(
        pack=(("CHI", "W3", 1), ("CHI", "W3", 1)),  # 234m twice (W: characters)
        hand=("B4", "B6", "B7", "B8", "T4", "T5", "T6"),  # 4678p 456s (B: dots, T: bamboo)
        winTile="B4",
        flowerCount=0,
        isSelfDrawn=False,
        is4thTile=False,
        isAboutKong=False,
        isWallLast=False,
        seatWind=3,
        prevalentWind=0,
        verbose=True,
    )
    assert sorted((en, value, count) for value, count, _, en in gb) == fans


# -- random sessions ---------------------------------------------------------------------


def check_state(table: Table, events_seen: int) -> None:
    """The invariants of every state of a hand."""
    assert full_set(table)
    wall = table.wall
    assert wall.dead <= 14
    assert wall.dead >= 13 or wall.live() == 0, "the dead wall fell below 13"
    n = table.num_seats
    for s in range(n):
        size = len(table.hands[s]) + 3 * len(table.melds[s])
        turn = (table.phase == "turn" and s == table.current) or (
            table.phase == "dealt_kong" and s == table.dealer
        )
        assert size == (14 if turn or (table.is_over() and size == 14) else 13), "§4.5"
    hands = [format_tiles(h) for h in table.hands]
    names = [table.seat_wind(s) for s in range(n)]
    assert sorted(names, key="ESWN".index) == (["E", "W"] if n == 2 else list("ESWN"[:n]))
    for seat in range(n):
        obs = table.observation(seat)
        assert obs["hand"] == hands[seat]
        assert obs["seat_names"] == names
        assert obs["public_hands"] == [None] * n
        if table.is_over():
            continue
        text = json.dumps({k: v for k, v in obs.items() if k not in ("hand", "legal")})
        for other in range(n):
            if other == seat:
                continue
            if len(table.hands[other]) >= 4:
                assert not shows_tiles(text, hands[other]), "another seat's concealed tiles"
            for m, shown in zip(table.melds[other], obs["melds"][other], strict=True):
                assert shown == (format_meld(m) if m.exposed else "{????}")
    for e in table.events[events_seen:]:
        if e.kind in ("deal", "drawn", "concealed_kong_tile"):
            assert e.to == e.seat, f"{e.kind} is told to its own seat only"


def check_progression(session: Session) -> None:
    """§9, §10: every hand after the first is dealt as the last one's result says."""
    n = session.num_seats
    for i, outcome in enumerate(session.outcomes):
        setup, result = outcome.setup, outcome.result
        won = [w["seat"] for w in result["wins"]]
        nxt = session.setups[i + 1] if i + 1 < len(session.setups) else None
        if nxt is None and setup.number == session.session_rules.max_hands:
            continue
        if not won or won[0] == setup.dealer:
            assert nxt is not None
            assert (nxt.dealer, nxt.streak, nxt.round) == (
                setup.dealer,
                setup.streak + 1,
                setup.round,
            )
        elif setup.dealer + 1 < n:
            assert nxt is not None
            assert (nxt.dealer, nxt.streak, nxt.round) == (setup.dealer + 1, 0, setup.round)
        elif setup.round + 1 < len(session.session_rules.rounds):
            assert nxt is not None
            assert (nxt.dealer, nxt.streak, nxt.round) == (0, 0, setup.round + 1)
        else:
            assert nxt is None and session.is_over()


def play_checked(
    players: int,
    bots: Sequence[str],
    seed: int,
    *,
    options: Mapping[str, Any] | None = None,
    max_hands: int | None = None,
) -> Session:
    opts = {"players": players, "rounds": 1, **(options or {})}
    ruleset = make_ruleset("classical", opts)
    rules = None
    if max_hands is not None:
        rules = dataclasses.replace(rules_of(ruleset), max_hands=max_hands)
    session = Session("classical", opts, seed=seed, session_rules=rules)
    assert session.scores == [2000] * players
    robots = [make_bot(b, seed * 10 + i, ruleset=ruleset) for i, b in enumerate(bots)]
    steps = 0
    while not session.is_over():
        table = session.current_table()
        number = session.hand_number
        seat = table.to_act()[0]
        shown = len(table.events)
        action = robots[session.player_at(seat)].act(
            table.observation(seat), table.legal_actions(seat)
        )
        session.apply(seat, action, hand=number)
        check_state(table, shown)
        steps += 1
        assert steps < 50000
        if table.is_over():
            check_settlement(table, opts)
    scores = [2000] * players
    for o in session.outcomes:
        scores = [a + b for a, b in zip(scores, o.payments, strict=True)]
    assert session.scores == scores
    assert sum(session.scores) == 2000 * players
    check_progression(session)
    return session


def check_record(session: Session) -> None:
    record = record_of(session)
    report = validate(record)
    assert report.ok, report.message
    assert json.loads(json.dumps(record)) == record
    for h, table in enumerate(session.tables, start=1):
        events = [e for step in replay(record) if step.hand == h for e in step.events]
        assert events == table.events


@pytest.mark.slow
@pytest.mark.parametrize(
    ("players", "bots", "seed", "options"),
    [
        (4, ["greedy", "random", "greedy", "random"], 1, {}),
        (4, ["greedy", "greedy", "greedy", "greedy"], 2, {"rob_kong": True}),
        (4, ["greedy", "random", "greedy", "greedy"], 3, {"east_pays_double": True}),
        (3, ["greedy", "random", "greedy"], 3, {}),
        (2, ["greedy", "greedy"], 1, {}),
    ],
    ids=["four", "four-rob-kong", "four-east-double", "three", "two"],
)
def test_random_sessions_keep_every_rule(
    players: int, bots: list[str], seed: int, options: dict[str, Any]
) -> None:
    """A whole match of ``rounds: 1``: it ends once the deal has gone round (the last
    hand is lost by the last seat to deal, in the East round)."""
    session = play_checked(players, bots, seed, options=options)
    assert session.is_over()
    assert all(s.prevailing == "E" for s in session.setups)
    last = session.outcomes[-1]
    assert last.setup.dealer == players - 1
    assert last.result["wins"] and last.result["wins"][0]["seat"] != last.setup.dealer
    assert [s.dealer for s in session.setups] == sorted(s.dealer for s in session.setups)
    assert any(o.result["wins"] for o in session.outcomes)
    check_record(session)


@pytest.mark.slow
@pytest.mark.parametrize("players", [4, 3, 2])
def test_random_bots_keep_every_rule(players: int) -> None:
    """Random bots claim, declare and rob at random; a few hands each (East keeps the
    deal on every washout, so their matches are long)."""
    session = play_checked(players, ["random"] * players, 7, max_hands=3)
    assert len(session.outcomes) == 3
    check_record(session)

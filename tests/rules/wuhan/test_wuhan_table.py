"""Wuhan mahjong at the table (``wuhan.md`` §2-§11): the deal for four and three
players, the laizi turned from the tail, Red and laizi kongs with their replacements,
the haitei draws, the 10 tiles never drawn, wins refused under the minimum, the match,
and random games whose every win is paid as ``parlour.settle`` pays the table.

Scenarios stack a deal (seat 0 is the dealer, East, with 14 tiles; ``replacements`` are
the tail's tiles in the order replacements take them: the first is turned up as the
laizi indicator).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

import parlour
from parlour.core.rng import game_rng
from parlour.mahjong.actions import MahjongAction
from parlour.mahjong.rules.wuhan.table import WuhanRuleset
from parlour.mahjong.table import Table, stacked_deal, tile_count_check
from parlour.mahjong.tiles import TILES_136, parse_tiles, tile_name
from parlour.mahjong.wall import deal
from parlour.records import record_of, replay, validate
from parlour.registry import find_system

EAST = "1m 1m 1m 2m 2m 2m 3m 3m 3m 9p 9p 9p 1s E"
SOUTH = "7m 7m 7m 8m 8m 8m 9m 9m 9m 2s 2s 2s 3s"
WEST = "4m 4m 4m 5m 5m 5m 6m 6m 6m 5s 5s 5s S"
NORTH = "4s 4s 4s 8s 8s 8s 9s 9s 9s W W W N"
HANDS = (EAST, SOUTH, WEST, NORTH)


def wh_table(
    hands: Sequence[str] = HANDS,
    indicator: str = "6s",
    draws: str = "",
    *,
    tail: str = "",
    options: dict[str, Any] | None = None,
    seed: int = 0,
) -> Table:
    ruleset = WuhanRuleset(options or {})
    return Table(
        ruleset,
        seed=seed,
        deal=stacked_deal(
            list(hands), draws=draws, replacements=f"{indicator} {tail}", tile_set=ruleset.tile_set
        ),
    )


def act(table: Table, seat: int, text: str) -> None:
    table.apply(seat, table.parse_action(text))


def legal(table: Table, seat: int) -> set[str]:
    return {table.format_action(a) for a in table.legal_actions(seat)}


def pass_all(table: Table) -> None:
    while table.phase not in ("turn", "over"):
        for s in table.to_act():
            table.apply(s, MahjongAction("pass"))


def full_set(table: Table) -> bool:
    return tile_count_check(table) == list(table.tile_set.counts)


# -- the deal and the laizi (§2, §4, §5.1, §11) ------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_the_deal_and_the_laizi_turned_from_the_tail(seed: int) -> None:
    table = Table(WuhanRuleset(), seed=seed)
    d = deal(game_rng(seed, 2), dealer=0, num_seats=4, hand_size=13, tile_set=TILES_136,
             wall=WuhanRuleset.wall)  # fmt: skip
    assert len(d.dice) == 2  # one throw breaks the wall
    top = d.wall[-1][0]  # the top tile of the tail-end stack
    st = table.state
    assert st.indicator == top and table.wall.set_aside == [top]
    assert [len(h) for h in table.hands] == [14, 13, 13, 13]
    assert table.wall.live() == 136 - 53 - 1 - 10
    laizi = st.laizi
    assert laizi != parse_tiles("C")[0] and tile_name(laizi) == table.observation(2)[
        "ruleset_state"]["laizi"]  # fmt: skip
    assert full_set(table)


def test_three_players_deal_96_tiles_without_a_suit_and_the_east_winds() -> None:
    for seed in range(4):
        ruleset = WuhanRuleset({"players": 3, "removed_suit": "m"})
        table = Table(ruleset, seed=seed)
        assert table.num_seats == 3 and ruleset.tile_set.size == 96
        assert [len(h) for h in table.hands] == [14, 13, 13]
        everything = [
            *table.wall.tiles(),
            *table.wall.set_aside,
            *(t for h in table.hands for t in h),
        ]
        assert len(everything) == 96
        assert not any(t < 9 or t == parse_tiles("E")[0] for t in everything)
        assert table.wall.live() == 96 - 40 - 1 - 10


def test_the_three_player_laizi_cycle_skips_east() -> None:
    table = wh_table(["1p 1p 1p 2p 2p 2p 3p 3p 3p 9p 9p 9p 1s S",
                      "7p 7p 7p 8p 8p 8p 6p 6p 6p 2s 2s 2s 3s",
                      "4p 4p 4p 5p 5p 5p 4s 4s 4s 5s 5s 5s W"],
                     indicator="N", options={"players": 3})  # fmt: skip
    assert tile_name(table.state.laizi) == "S"


# -- Red and laizi kongs (§5.3, §6) ------------------------------------------------------------


def test_a_red_kong_sets_the_red_aside_with_a_replacement_from_the_tail() -> None:
    east = "1m 1m 1m 2m 2m 2m 3m 3m 3m 9p 9p 9p C E"
    table = wh_table([east, SOUTH, WEST, NORTH], tail="1p 2p")
    assert "red_kong C" in legal(table, 0)
    act(table, 0, "red_kong C")
    assert table.aside[0] == parse_tiles("C") and table.last_drawn(0) == parse_tiles("1p")[0]
    assert table.state.red_kongs == {0: 1} and table.current == 0
    assert table.observation(1)["ruleset_state"]["red_kongs"] == {"0": 1}
    assert full_set(table)


def test_a_laizi_kong_and_a_discarded_laizi_both_count() -> None:
    east = "1m 1m 1m 2m 2m 2m 3m 3m 3m 9p 9p 9p 7s 7s"  # two laizi (indicator 6s)
    table = wh_table([east, SOUTH, WEST, NORTH], tail="1p 2p")
    act(table, 0, "laizi_kong")
    assert table.aside[0] == parse_tiles("7s") and table.state.laizi_kongs == {0: 1}
    act(table, 0, "discard 7s")  # the second one thrown: a laizi kong too, never claimed
    assert table.state.laizi_kongs == {0: 2}
    assert table.phase == "turn" and table.current == 1  # no claim window


def test_a_discarded_red_is_never_claimed() -> None:
    south = "C C 7m 7m 7m 8m 8m 8m 9m 9m 9m 2s 3s"
    east = "1m 1m 1m 2m 2m 2m 3m 3m 3m 9p 9p 9p C E"
    table = wh_table([east, south, WEST, NORTH])
    act(table, 0, "discard C")
    assert table.phase == "turn" and table.current == 1 and table.state.red_kongs == {0: 1}
    assert "pung C" not in legal(table, 1)


def test_no_laizi_nor_red_in_a_claimed_set_or_a_kong() -> None:
    south = "7s 7s 7m 7m 7m 8m 8m 8m 9m 9m 9m 2s 3s"  # two laizi: no pung of a laizi
    table = wh_table([EAST, south, WEST, NORTH])
    assert not any(a.startswith("concealed_kong 7s") for a in legal(table, 0))
    south = "6s 7s 1p 7m 7m 8m 8m 8m 9m 9m 9m 2s 3s"  # 6s 7s*: no chow 5s 6s 7s*
    east = "1m 1m 1m 2m 2m 2m 3m 3m 3m 9p 9p 9p 5s E"
    table = wh_table([east, south, WEST, NORTH])  # laizi 7s
    act(table, 0, "discard 5s")
    assert not any(a.startswith("chow") for a in legal(table, 1))


# -- the haitei and the end of the wall (§7) -------------------------------------------------------


def play_out(table: Table) -> tuple[int, int]:
    """Every seat discards what it draws (or keeps a haitei tile) and passes every claim:
    the discards and the keeps until the hand ends."""
    discards = keeps = 0
    while table.phase != "over":
        if table.phase == "turn":
            seat = table.current
            if "keep" in legal(table, seat):
                assert legal(table, seat) <= {"keep", "win"}  # no discard, no kong
                act(table, seat, "keep")
                keeps += 1
                continue
            tile = table.last_drawn(seat) or table.hands[seat][-1]
            act(table, seat, f"discard {tile_name(tile)}")
            discards += 1
        else:
            pass_all(table)
    return discards, keeps


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_four_haitei_tiles_are_kept_and_ten_are_never_drawn(seed: int) -> None:
    table = Table(WuhanRuleset({"minimum_points": 10_00}), seed=seed)  # nobody can win
    discards, keeps = play_out(table)
    assert keeps == 4 and discards == 1 + 72 - 4
    assert table.wall.count == 10 and table.result()["payments"] == [0, 0, 0, 0]
    assert sorted(len(h) for h in table.hands) == [14, 14, 14, 14]  # each kept one
    assert full_set(table)


def test_three_players_have_no_haitei() -> None:
    table = Table(WuhanRuleset({"players": 3, "minimum_points": 1000}), seed=2)
    discards, keeps = play_out(table)
    assert keeps == 0 and discards == 1 + 45 and table.wall.count == 10


# South opens with a pung of East's 7m and then waits on 5m (a 2-5-8 pair, no laizi)
EAST_7M = "1m 1m 1m 2m 2m 2m 3m 3m 3m 9p 9p 9p 7m E"
SOUTH_5M = "7m 7m 8m 8m 8m 9m 9m 9m 1p 2p 3p 5m 2s"
WEST_5M = "4m 4m 4m 6m 6m 6m 5m 5p 5p 5s 5s 5s S"


def south_opens(table: Table) -> None:
    act(table, 0, "discard 7m")
    act(table, 1, "pung 7m")
    pass_all(table)
    act(table, 1, "discard 2s")
    pass_all(table)


def test_a_haitei_tile_wins_by_self_draw_with_the_haitei_pattern() -> None:
    # the live wall: 72 tiles after the deal and the indicator; South draws the last
    # haitei tile (the 72nd: West draws first after South's discard), his 5m
    used = parse_tiles(" ".join([EAST_7M, SOUTH_5M, WEST_5M, NORTH, "6s 5m"]))
    pool = TILES_136.tiles()
    for t in used:
        pool.remove(t)
    # no laizi nor Red among them: thrown, each would be a kong raising the thrower's fans
    filler = [tile_name(t) for t in pool if tile_name(t) not in ("5m", "7s", "C")][:71]
    table = wh_table([EAST_7M, SOUTH_5M, WEST_5M, NORTH], draws=" ".join([*filler, "5m"]))
    south_opens(table)
    keeps = 0
    while table.phase != "over":
        seat = table.current
        if "keep" in legal(table, seat):
            if seat == 1:
                assert legal(table, 1) == {"keep", "win"}
                act(table, 1, "win")
                break
            act(table, seat, "keep")
            keeps += 1
            continue
        tile = table.last_drawn(seat) or table.hands[seat][-1]
        act(table, seat, f"discard {tile_name(tile)}")
        pass_all(table)
    assert keeps == 3
    win = table.wins[0]
    assert win.seat == 1 and [p.key for p in win.score.patterns] == ["haitei"]
    # 10 points, the winner's fans: an opening and a hard win (the haitei holds the
    # self-draw): 10 x 2^2 from each
    assert table.result()["payments"] == [-40, 120, -40, -40]


# -- the minimum (§10.5) at the table ------------------------------------------------------------


@pytest.mark.parametrize(("minimum", "offered"), [(8, False), (0, True)])
def test_a_win_under_the_minimum_is_not_offered(minimum: int, offered: bool) -> None:
    # South wins on West's 5m, small and hard: West (the discarder) and East (the
    # dealer) would pay 2^3 = 8, North only 2^2 = 4
    table = wh_table([EAST_7M, SOUTH_5M, WEST_5M, NORTH], draws="N",
                     options={"minimum_points": minimum})  # fmt: skip
    south_opens(table)
    act(table, 2, "discard 5m")
    assert ("win 5m" in legal(table, 1)) is offered
    if offered:
        act(table, 1, "win 5m")
        pass_all(table)
        assert table.result()["payments"] == [-8, 20, -8, -4]


# -- random games: every win paid as parlour.settle pays the table -------------------------------


def table_json(table: Table) -> dict[str, Any]:
    """The won hand as the settlement API's table (the contract's fields)."""
    st = table.state
    win = table.wins[0]
    wind = table.seat_wind
    ruleset = table.ruleset
    assert isinstance(ruleset, WuhanRuleset)

    def meld_text(m: Any) -> str:
        body = "".join(tile_name(t) for t in m.tiles)
        return f"[{body}]" if m.exposed else "{" + body + "}"

    seats: dict[str, Any] = {}
    for s in range(table.num_seats):
        melds = [meld_text(m) for m in table.melds[s]]
        entry: dict[str, Any] = {
            "red_kongs": st.red_kongs.get(s, 0),
            "laizi_kongs": st.laizi_kongs.get(s, 0),
        }
        if s == win.seat:
            tiles = [tile_name(t) + ("*" if t == st.laizi else "") for t in table.hands[s]]
            entry["hand"] = " ".join(melds + tiles)
            how = win.how
            entry["win_tile"] = tile_name(win.tile) + ("*" if win.tile == st.laizi else "")
            if how.self_drawn:
                entry["self_drawn"] = True
                entry["kong_replacement"] = how.kong_replacement or how.replacement == "kong"
                entry["haitei"] = ruleset.players == 4 and table.wall.live() < 4
            else:
                entry["discarder"] = wind(how.discarder or 0)
                entry["robbing_kong"] = how.robbing_kong
            givers = st.givers.get(s, [])
            if len(givers) >= 3:
                entry["third_opening_from"] = wind(givers[2])
        else:
            entry["hand"] = " ".join(melds)
        seats[wind(s)] = entry
    options = {k: v for k, v in ruleset.options.items() if k not in ("players", "removed_suit")}
    out: dict[str, Any] = {
        "rules": "wuhan",
        "players": ruleset.players,
        "laizi": tile_name(st.laizi),
        "indicator": tile_name(st.indicator),
        "dealer": wind(table.dealer),
        "winner": wind(win.seat),
        "options": options,
        "seats": seats,
    }
    if ruleset.players == 3:
        out["removed_suit"] = ruleset.options.get("removed_suit", "m")
    return out


@pytest.mark.parametrize("options", find_system("wuhan").option_cases)
def test_every_win_at_the_table_is_paid_as_the_settlement_api_says(
    options: dict[str, Any],
) -> None:
    system = find_system("wuhan")
    wins = 0
    n = system.num_players(options)
    for index in range(20):
        table = system.new_hand(options, seed=70 + index, index=index)
        bots = [system.make_bot("greedy", seed=index * 4 + p, options=options) for p in range(n)]
        while not table.is_over():
            seat = table.to_act()[0]
            table.apply(seat, bots[seat].act(table.observation(seat), table.legal_actions(seat)))
        assert full_set(table)
        assert sum(table.result()["payments"]) == 0
        if not table.wins:
            continue
        wins += 1
        data = table_json(table)
        settled = parlour.settle(data)
        assert settled.valid, (data, settled.reason)
        assert table.result()["payments"] == [settled.net[table.seat_wind(s)] for s in range(n)], (
            data
        )
    assert wins >= 3


def test_a_match_records_replays_and_validates() -> None:
    system = find_system("wuhan")
    for options in ({}, {"players": 3}):
        match = system.new_match(options, seed=3, hands=4)
        n = system.num_players(options)
        bots = [system.make_bot("greedy", seed=p, options=options) for p in range(n)]
        while not match.is_over():
            seat = match.to_act()[0]
            player = match.player_at(seat)
            match.apply(seat, bots[player].act(match.observation(seat), match.legal_actions(seat)))
        assert len(match.hands) == 4 and sum(match.scores) == 0
        record = record_of(match)
        assert validate(record).ok
        assert {step.hand for step in replay(record)} == {1, 2, 3, 4}
        for last, nxt in zip(match.hands, match.hands[1:], strict=False):
            if last.winner_seat is None:  # a draw: the dealer stays
                assert nxt.setup.dealer == last.setup.dealer
            else:  # the winner deals next
                assert nxt.setup.dealer == last.winner_seat


def test_what_bots_ask_is_answered_as_the_settlement_would() -> None:
    """``accepts`` (quick refusals, then ``wins``) says ``score(hand).valid`` on every hand
    the greedy bots weigh."""
    from parlour.bots.greedy import GreedyBot

    asked = {"hands": 0, "valid": 0}

    class Checked(WuhanRuleset):
        def accepts(self, hand: Any) -> bool:
            quick = super().accepts(hand)
            assert quick is self.score(hand).valid, hand
            asked["hands"] += 1
            asked["valid"] += quick
            return quick

    for options in ({}, {"players": 3}):
        for seed in range(3):
            table = Table(WuhanRuleset(options), seed=seed)
            bots = [GreedyBot(seed=p, ruleset=Checked(options)) for p in range(table.num_seats)]
            while not table.is_over():
                s = table.to_act()[0]
                table.apply(s, bots[s].act(table.observation(s), table.legal_actions(s)))
    assert asked["hands"] > 1000 and asked["valid"] > 10


@pytest.mark.parametrize(
    ("options", "some_win"),
    [
        ({}, True),
        ({"players": 3}, True),
        ({"minimum_points": 0}, True),
        ({"minimum_points": 16, "high_caps": True}, True),
        ({"minimum_fans": 3}, True),
        ({"green_is_kong_tile": True}, False),  # 32 points: the bots' hands seldom reach it
        ({"players": 3, "removed_suit": "s", "pizi_kong": True}, True),
    ],
    ids=repr,
)
def test_may_win_refuses_only_hands_the_settlement_refuses(
    options: dict[str, Any], some_win: bool
) -> None:
    """``may_win`` (the tile counts alone) is False only where ``settle_table(t).valid``
    is False, on every table the greedy bots weigh under each minimum; it refuses most of
    them, and some it lets through do win."""
    from parlour.bots.greedy import GreedyBot
    from parlour.mahjong.rules.wuhan.scoring import WuhanTable, may_win, settle_table

    seen = {"tables": 0, "refused": 0, "valid": 0}

    class Checked(WuhanRuleset):
        def _weighed(self, hand: Any) -> WuhanTable | None:
            t = super()._weighed(hand)
            if t is not None:
                valid = settle_table(t).valid
                quick = may_win(t)
                assert quick or not valid, t
                seen["tables"] += 1
                seen["refused"] += not quick
                seen["valid"] += valid
            return t

    for seed in range(2):
        table = Table(WuhanRuleset(options), seed=seed)
        bots = [GreedyBot(seed=p, ruleset=Checked(options)) for p in range(table.num_seats)]
        while not table.is_over():
            s = table.to_act()[0]
            table.apply(s, bots[s].act(table.observation(s), table.legal_actions(s)))
    assert seen["tables"] > 500
    assert seen["refused"] > seen["tables"] // 2
    assert seen["valid"] > 0 or not some_win

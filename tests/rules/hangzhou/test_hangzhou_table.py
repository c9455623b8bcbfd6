"""Hangzhou mahjong at the table (``hangzhou.md`` §3-§11): the walls, the fortune
indicator at T(2S), the 20 tiles never drawn, the banker's lao, the claims the rules
allow, float rounds, kong streaks, the options of §11 and the match (winner deals, the
chip limit).

Scenarios stack a deal (seat 0 is the banker, East, with 14 tiles; the others 13;
``replacements`` are the tail's tiles in the order supplements take them). On a
prepared deal the breaking throw S comes from the table's seeded generator, so a
scenario first asks where the seed's throw puts the indicator (:func:`indicator_at`)
and lays the indicator it wants there (the tile beneath it just before).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

import pytest

from leaks import shows_tiles
from parlour.core.match import Setup
from parlour.core.rng import game_rng
from parlour.mahjong.actions import MahjongAction
from parlour.mahjong.rules.hangzhou.session import HangzhouSession
from parlour.mahjong.rules.hangzhou.table import HangzhouRuleset
from parlour.mahjong.table import Table, stacked_deal, tile_count_check
from parlour.mahjong.tiles import TILES_136, format_tiles, parse_tiles, tile_name
from parlour.mahjong.wall import Wall, deal
from parlour.records import record_of, replay, validate
from parlour.registry import find_system

# Four 13-tile hands that claim nothing from each other, East with one tile more.
EAST = "1m 1m 1m 2m 2m 2m 3m 3m 3m 9p 9p 9p 1s E"
SOUTH = "7m 7m 7m 8m 8m 8m 9m 9m 9m 2s 2s 2s 3s"
WEST = "4m 4m 4m 5m 5m 5m 6m 6m 6m 5s 5s 5s S"
NORTH = "7s 7s 7s 8s 8s 8s 9s 9s 9s W W W N"
HANDS = (EAST, SOUTH, WEST, NORTH)


def indicator_at(seed: int) -> int:
    """Where (from the tail, 0-based, in supplement order) the seed's throw turns the
    indicator up on a prepared deal: the top of stack T(2S)."""
    rng = game_rng(seed, 2)
    s = rng.randint(1, 6) + rng.randint(1, 6)
    return 4 * s - 1


def tail_with(
    indicator: str, at: int, used: Sequence[str], beneath: str = "F", filler: str = ""
) -> str:
    """The tail's tiles: ``filler`` first, then tiles nobody holds (``used``: the hands
    and draws) up to the indicator's place, the tile ``beneath`` it, the indicator."""
    tiles = filler.split()
    taken = parse_tiles(" ".join([*used, *tiles, indicator, beneath]))
    pool = TILES_136.tiles()
    for t in taken:
        pool.remove(t)
    kind = parse_tiles(indicator)[0]
    pool = [t for t in pool if t != kind]
    while len(tiles) < at - 1:
        tiles.append(tile_name(pool.pop()))
    return " ".join([*tiles, beneath, indicator])


def hz_table(
    hands: Sequence[str] = HANDS,
    indicator: str = "4s",
    draws: str = "",
    *,
    seed: int = 0,
    streak: int = 0,
    options: dict[str, Any] | None = None,
    filler: str = "",
) -> Table:
    ruleset = HangzhouRuleset(options or {})
    replacements = ""
    if not ruleset.settings["permanent_white_fortune"]:
        used = [*hands, draws]
        replacements = tail_with(indicator, indicator_at(seed), used, filler=filler)
    table = Table(
        ruleset,
        seed=seed,
        deal=stacked_deal(list(hands), draws=draws, replacements=replacements, tile_set=TILES_136),
        streak=streak,
    )
    if not ruleset.settings["permanent_white_fortune"]:
        assert tile_name(table.state.indicator) == indicator
    return table


def act(table: Table, seat: int, text: str) -> None:
    table.apply(seat, table.parse_action(text))


def legal(table: Table, seat: int) -> set[str]:
    return {table.format_action(a) for a in table.legal_actions(seat)}


def pass_all(table: Table) -> None:
    while table.phase not in ("turn", "over"):
        for s in table.to_act():
            table.apply(s, MahjongAction("pass"))


def full_set(table: Table) -> bool:
    return tile_count_check(table) == list(TILES_136.counts)


# -- the walls, the deal and the indicator (§4) -------------------------------------------


@pytest.mark.parametrize("seed", range(12))
def test_the_indicator_is_the_top_of_stack_t2s_and_the_tile_beneath_is_never_seen(
    seed: int,
) -> None:
    table = Table(HangzhouRuleset(), seed=seed)
    # the same wall, built again: stack T(2S) counted from the tail, its top tile
    d = deal(game_rng(seed, 2), dealer=0, num_seats=4, hand_size=13,
             tile_set=TILES_136, wall=HangzhouRuleset.wall)  # fmt: skip
    assert [len(h) for h in d.hands] == [14, 13, 13, 13]
    s = sum(d.dice)
    assert len(d.dice) == 2 and 2 <= s <= 12  # one throw breaks the wall
    stacks = list(d.wall)
    assert all(len(x) == 2 for x in stacks[-2 * s :])  # the tail's stacks are whole
    top, beneath = stacks[-2 * s]
    assert table.state.indicator == top
    assert table.state.fortune == top
    assert sorted(table.wall.set_aside) == sorted([top, beneath])
    assert table.wall.count == 136 - 53 - 2 and table.wall.live() == 63
    assert full_set(table)
    shown = [e for e in table.events if e.kind == "set_aside"]
    assert [dict(e.data) for e in shown] == [{"tile": tile_name(top)}, {"face_down": True}]
    for seat in range(4):
        obs = table.observation(seat)
        assert obs["ruleset_state"]["indicator"] == tile_name(top)
        assert obs["ruleset_state"]["lao"] == 1


def test_supplements_come_from_the_tail_bottom_first() -> None:
    assert HangzhouRuleset.wall.tail_bottom_first
    wall = Wall(deal(game_rng(3, 2), dealer=0, num_seats=4, hand_size=13,
                     tile_set=TILES_136, wall=HangzhouRuleset.wall).wall,
                HangzhouRuleset.wall)  # fmt: skip
    top, bottom = wall.stacks[-1]
    assert wall.draw_tail() == bottom and wall.draw_tail() == top


def play_out(table: Table) -> int:
    """Every seat discards what it draws and passes every claim: the number of tiles
    drawn (from the head and as supplements) until the hand ends."""
    drawn = 0
    while table.phase != "over":
        if table.phase == "turn":
            seat = table.current
            tile = table.last_drawn(seat)
            drawn += 1
            if tile is None:
                tile = table.hands[seat][-1]
            act(table, seat, f"discard {tile_name(tile)}")
        else:
            pass_all(table)
    return drawn


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_63_tiles_are_drawn_and_20_never(seed: int) -> None:
    table = Table(HangzhouRuleset(), seed=seed)
    drawn = play_out(table)
    assert drawn == 64  # the banker's 14th tile, then 63 draws
    assert table.result()["draw"] is True and table.result()["payments"] == [0, 0, 0, 0]
    assert table.wall.count + len(table.wall.set_aside) == 20
    assert full_set(table)


def test_with_permanent_white_fortune_no_indicator_is_turned_and_20_tiles_stay() -> None:
    table = Table(HangzhouRuleset({"permanent_white_fortune": True}), seed=4)
    assert table.state.indicator is None and tile_name(table.state.fortune) == "P"
    assert table.wall.set_aside == [] and table.wall.live() == 63
    assert table.observation(1)["ruleset_state"]["fortune"] == "P"
    assert play_out(table) == 64
    assert table.wall.count == 20


# -- the fortunes (§4.5) -------------------------------------------------------------------


def test_a_fortune_stands_for_any_tile_and_a_white_plays_the_indicators_kind() -> None:
    # East: 123m 456m 789p 11p + a White (as 4s) + 3s: waiting on 2s/5s, or on the
    # fortune drawn (standing for 2s or 5s)
    east = "1m 2m 3m 4m 5m 6m 7p 8p 9p 1p 1p P 3s E"
    table = hz_table([east, SOUTH, WEST, NORTH], "4s", draws="C C C 4s")
    act(table, 0, "discard E")
    pass_all(table)
    for seat in (1, 2, 3):
        tile = table.last_drawn(seat) or table.hands[seat][-1]
        act(table, seat, f"discard {tile_name(tile)}")
        pass_all(table)
    # East drew the fortune 4s (the fourth draw is his): it completes 3s P(4s) 4s*(5s)
    assert table.current == 0 and table.last_drawn(0) == parse_tiles("4s")[0]
    assert "win" in legal(table, 0)
    act(table, 0, "win")
    win = table.result()["wins"][0]
    assert win["seat"] == 0 and table.result()["payments"][0] > 0


def test_a_discarded_fortune_is_never_claimed() -> None:
    south = "4s 4s 7m 7m 8m 8m 8m 9m 9m 9m 2s 2s 3s"  # two fortunes: could 'pung' one
    east = "1m 1m 1m 2m 2m 2m 3m 3m 3m 9p 9p 9p 5s 4s"
    table = hz_table([east, south, WEST, NORTH], "4s")
    act(table, 0, "discard 4s")
    assert table.phase == "turn" and table.current == 1  # no claim window opened


def test_no_pung_or_kong_of_fortunes_and_no_fortune_in_a_chow() -> None:
    # South holds 3s and a fortune 4s: East's 5s could make 345s only with the fortune
    south = "3s 4s 7m 7m 7m 8m 8m 8m 9m 9m 9m 1p 1p"
    east = "1m 1m 1m 2m 2m 2m 3m 3m 3m 9p 9p 9p 5s 1p"
    table = hz_table([east, south, WEST, NORTH], "4s")
    act(table, 0, "discard 5s")
    assert not any(a.startswith("chow") for a in legal(table, 1))  # asked or not
    # with a White it may: the White plays 4s
    south = "3s P 7m 7m 7m 8m 8m 8m 9m 9m 9m 1p 1p"
    table = hz_table([east, south, WEST, NORTH], "4s")
    act(table, 0, "discard 5s")
    assert table.phase == "claim" and "chow 3s" in legal(table, 1)
    act(table, 1, "chow 3s")
    pass_all(table)
    meld = table.melds[1][0]
    assert meld.kind == "chow" and table.hands[1].count(parse_tiles("P")[0]) == 0


def test_whites_may_be_punged() -> None:
    south = "P P 7m 7m 7m 8m 8m 8m 9m 9m 9m 1p 1p"
    east = "1m 1m 1m 2m 2m 2m 3m 3m 3m 9p 9p 9p P 1p"
    table = hz_table([east, south, WEST, NORTH], "4s")
    act(table, 0, "discard P")
    assert "pung P" in legal(table, 1)


# -- wins on a discard and robbing (§6.2, §6.3) -----------------------------------------------

# South waits on 1p (or 4p): 789m x3 sets, 2s pung, 1p 1p... a plain pair wait
SOUTH_READY = "7m 7m 7m 8m 8m 8m 9m 9m 9m 2s 2s 2s 1p"
EAST_GIVES = "1m 1m 1m 2m 2m 2m 3m 3m 3m 9p 9p 9p 5s 1p"


@pytest.mark.parametrize(("streak", "offered"), [(0, False), (1, False), (2, True), (5, True)])
def test_a_discard_win_only_between_banker_and_non_banker_at_lao_3(
    streak: int, offered: bool
) -> None:
    table = hz_table([EAST_GIVES, SOUTH_READY, WEST, NORTH], streak=streak)
    assert table.state.lao == streak + 1
    act(table, 0, "discard 1p")
    assert ("win 1p" in legal(table, 1)) is offered
    if offered:
        act(table, 1, "win 1p")
        pass_all(table)
        result = table.result()
        # South wins on the banker's discard at lao >= 3: the banker pays 8
        assert result["payments"] == [-8, 8, 0, 0]
        assert result["lao"] == streak + 1


def test_a_non_banker_never_wins_on_another_non_bankers_discard() -> None:
    north = "7s 7s 7s 8s 8s 8s 9s 9s 9s W W W 1p"  # North gives 1p? West discards it
    west = "4m 4m 4m 5m 5m 5m 6m 6m 6m 5s 5s 5s 1p"
    table = hz_table([EAST, SOUTH_READY, west, north], streak=4, draws="C C")
    act(table, 0, "discard E")
    pass_all(table)
    act(table, 1, "discard C")
    pass_all(table)
    act(table, 2, "discard 1p")  # West, a non-banker: South may not win on it
    assert table.phase != "claim" or "win 1p" not in legal(table, 1)


def test_wall_only_refuses_every_discard_win() -> None:
    table = hz_table([EAST_GIVES, SOUTH_READY, WEST, NORTH], streak=3,
                     options={"wall_only": True})  # fmt: skip
    act(table, 0, "discard 1p")
    assert table.phase != "claim" or "win 1p" not in legal(table, 1)


@pytest.mark.parametrize(
    ("streak", "option", "paid"),
    [(1, 3, None), (1, 2, 12), (2, 3, 20), (0, 2, None)],
)
def test_robbing_the_bankers_filling_kong(streak: int, option: int, paid: int | None) -> None:
    # East pungs North's 1p, then draws the fourth and fills the kong; South waits on
    # 1p-4p (2p 3p) and may rob it from lao 3, or lao 2 by option (§6.2)
    east = "1p 1p 1m 1m 1m 2m 2m 2m 3m 3m 3m 9p 9p E"
    south = "7m 7m 7m 8m 8m 8m 9m 9m 9m 2s 2s 2p 3p"
    north = "7s 7s 7s 8s 8s 8s 9s 9s 9s W W W 1p"
    table = hz_table([east, south, WEST, north], streak=streak, draws="C C C F F F 1p",
                     options={"robbing_kong_from_lao": option})  # fmt: skip
    act(table, 0, "discard E")
    pass_all(table)
    for seat in (1, 2):
        act(table, seat, "discard C")
        pass_all(table)
    act(table, 3, "discard 1p")
    act(table, 0, "pung 1p")
    pass_all(table)
    act(table, 0, "discard 9p")
    pass_all(table)
    for seat in (1, 2, 3):
        act(table, seat, "discard F")
        pass_all(table)
    assert table.current == 0 and "added_kong 1p" in legal(table, 0)
    act(table, 0, "added_kong 1p")
    if paid is None:
        assert table.phase != "rob" or "rob 1p" not in legal(table, 1)
        return
    assert table.phase == "rob" and "rob 1p" in legal(table, 1)
    act(table, 1, "rob 1p")
    pass_all(table)
    # robbing x2; the robbed banker pays the total T of all three losers (§7.2)
    assert table.result()["payments"] == [-paid, paid, 0, 0]


# -- float rounds (§8) -----------------------------------------------------------------------

# West: four sets and two fortunes: discarding one leaves a wild eye (a float discard)
WEST_FLOAT = "4m 4m 4m 5m 5m 5m 6m 6m 6m 5s 5s 5s 4s"


def float_table(**kw: Any) -> Table:
    east = "1m 1m 1m 2m 2m 2m 3m 3m 3m 9p 9p 9p 1s E"
    south = "7m 7m 7m 8m 8m 8m 9m 9m 9m 2s 2s 1p 1p"
    # draws: South N, West 4s (its second fortune), North C, East 2s, South ..., West 7p
    return hz_table([east, south, WEST_FLOAT, NORTH], draws="N 4s C 2s 1p 7p", **kw)


def test_a_float_round_bars_the_others_claims_and_the_floater_wins_by_wild_eye() -> None:
    table = float_table()
    act(table, 0, "discard E")
    pass_all(table)
    act(table, 1, "discard N")
    pass_all(table)
    assert table.current == 2
    offer = table.observation(2)["ruleset_state"]["float_discard"]
    # the win now: a wild eye (the drawn fortune pairs the lone one, C6), x2; the float
    # aims at a wild eye after one float round, x4
    assert offer == {"tile": "4s", "floats": 1, "multiplier": 4, "now": 2}
    act(table, 2, "discard 4s")  # a float discard: no claim on a fortune
    assert table.observation(0)["ruleset_state"]["float"] == {"seat": 2, "floats": 1}
    assert table.current == 3
    act(table, 3, "discard C")
    pass_all(table)
    act(table, 0, "discard 2s")  # South could pung 2s, but not in a float round
    assert table.phase != "claim" or "pung 2s" not in legal(table, 1)
    pass_all(table)
    act(table, 1, "discard 1p")
    pass_all(table)
    assert table.current == 2 and "win" in legal(table, 2)
    act(table, 2, "win")
    result = table.result()
    assert result["wins"][0]["seat"] == 2
    # wild eye x2, one float x2: East the banker pays 4 x 2 = 8, the others 4
    assert result["payments"] == [-8, -4, 16, -4], result


def test_after_the_float_round_claims_are_allowed_again() -> None:
    table = float_table()
    act(table, 0, "discard E")
    pass_all(table)
    act(table, 1, "discard N")
    pass_all(table)
    act(table, 2, "discard 4s")
    act(table, 3, "discard C")
    pass_all(table)
    act(table, 0, "discard 2s")
    pass_all(table)
    act(table, 1, "discard 1p")
    pass_all(table)
    act(table, 2, "discard 7p")  # an ordinary discard: the float is over
    assert "float" not in table.observation(0)["ruleset_state"]
    assert table.state.floating is None


# -- kong streaks (§8) -----------------------------------------------------------------------


def test_a_win_on_a_kong_supplement_is_a_bloom_for_each_kong_of_the_streak() -> None:
    # East holds 1m x4 and 2m x4: two kongs in a row, then wins on the second supplement
    east = "1m 1m 1m 1m 2m 2m 2m 2m 3m 3m 3m 9p 9p 1s"
    table = hz_table([east, SOUTH, WEST, NORTH], filler="1s 1s")
    act(table, 0, "concealed_kong 1m")
    act(table, 0, "concealed_kong 2m")
    assert table.state.streaks == {0: 2}
    assert "win" in legal(table, 0)
    act(table, 0, "win")
    result = table.result()
    # two blooms: x4; the banker at lao 1 (factor 2): 2 x 4 = 8 from each
    assert result["payments"] == [24, -8, -8, -8]


# -- the options of §11 -----------------------------------------------------------------------


def test_missed_pung_freeze_lasts_until_the_seats_turn() -> None:
    south = "1p 1p 7m 7m 7m 8m 8m 8m 9m 9m 9m 2s 3s"
    east = "1m 1m 1m 2m 2m 2m 3m 3m 3m 9p 9p 9p 1p 1p"
    for frozen in (False, True):
        table = hz_table([east, south, WEST, NORTH], draws="C",
                         options={"missed_pung_freeze": frozen})  # fmt: skip
        act(table, 0, "discard 1p")
        assert "pung 1p" in legal(table, 1)
        act(table, 1, "pass")
        pass_all(table)
        # South's turn comes at once (it is next): the freeze is lifted by its discard
        assert table.state.frozen_pung == ({1: [parse_tiles("1p")[0]]} if frozen else {})


def test_max_two_claims_from_one_player() -> None:
    ruleset = HangzhouRuleset({"max_two_claims_same_source": True})
    table = hz_table(options={"max_two_claims_same_source": True})
    table.state.claims = {1: {0: ["pung", "chow"]}}
    assert not ruleset._claim_allowed(_in_window(table, 0), 1, "pung")
    table.state.claims = {1: {0: ["pung"]}}
    assert ruleset._claim_allowed(_in_window(table, 0), 1, "pung")


def _in_window(table: Table, giver: int) -> Any:
    """The table as a claim window on ``giver``'s discard shows it to the claim limits."""
    window = SimpleNamespace(info={"seat": giver})
    return SimpleNamespace(window=window, dealer=table.dealer, state=table.state)


@pytest.mark.parametrize(
    ("restriction", "made", "kind", "allowed"),
    [
        ("none", ["chow", "chow"], "chow", True),
        ("banker_only", ["chow", "pung"], "pung", False),
        ("banker_only", ["chow"], "pung", True),
        ("no_three_chows_nonbankers", ["chow", "chow"], "chow", False),
        ("no_three_chows_nonbankers", ["chow", "pung"], "chow", True),
        ("no_three_chows_nonbankers", ["chow", "chow"], "pung", True),
    ],
)
def test_the_liability_restriction_between_non_bankers(
    restriction: str, made: list[str], kind: str, allowed: bool
) -> None:
    options = {"liability_restriction": restriction}
    ruleset = HangzhouRuleset(options)
    table = hz_table(options=options)
    table.state.claims = {2: {1: list(made)}}
    assert ruleset._claim_allowed(_in_window(table, 1), 2, kind) is allowed
    table.state.claims = {1: {0: list(made)}}  # with the banker: never restricted
    assert ruleset._claim_allowed(_in_window(table, 0), 1, kind) is True


def test_the_restriction_scope_follows_lao() -> None:
    options = {"liability_restriction": "banker_only", "liability_restriction_scope": "lao3"}
    ruleset = HangzhouRuleset(options)
    for streak, allowed in ((0, True), (1, True), (2, False)):
        table = hz_table(options=options, streak=streak)
        table.state.claims = {2: {1: ["pung", "pung"]}}
        assert ruleset._claim_allowed(_in_window(table, 1), 2, "pung") is allowed


def test_immediate_third_banker_on_a_double() -> None:
    for seed in range(40):
        table = Table(HangzhouRuleset({"immediate_third_banker": True}), seed=seed)
        dice = table.dice[:2]
        assert table.state.lao == (3 if dice[0] == dice[1] else 1)


# -- the match (§3) and the chip limit (§1) ------------------------------------------------------


def test_the_winner_deals_next_and_the_banker_stays_on_a_draw() -> None:
    rules = HangzhouSession()
    last = Setup(1, 0, (0, 1, 2, 3), dealer=1, streak=0)
    session = type("S", (), {"num_seats": 4, "seed": 0})()
    drawn = rules.next_setup(session, last, {"wins": [], "draw": True})
    assert drawn is not None and drawn.dealer == 1 and drawn.streak == 1  # lao 2
    kept = rules.next_setup(session, drawn, {"wins": [{"seat": 1, "discarder": None}]})
    assert kept is not None and kept.dealer == 1 and kept.streak == 2  # lao 3
    lost = rules.next_setup(session, kept, {"wins": [{"seat": 3, "discarder": 1}]})
    assert lost is not None and lost.dealer == 3 and lost.streak == 0  # a new banker


def test_the_chip_limit_a_broke_player_pays_nothing_more_but_collects() -> None:
    rules = HangzhouSession(max_loss=40)
    setup = Setup(5, 0, (0, 1, 2, 3), dealer=0)
    session = type("S", (), {"scores": [100, 0, 40, 20]})()
    # East (banker) wins by his own tile: 16 from each at lao 3
    paid = rules.adjust_payments(session, setup, {}, [48, -16, -16, -16])
    assert paid == [16 + 16, 0, -16, -16]
    # the broke South wins: he collects in full
    paid = rules.adjust_payments(session, setup, {}, [-8, 12, -2, -2])
    assert paid == [-8, 12, -2, -2]


def test_a_match_starts_with_max_loss_chips_and_the_first_banker_by_the_dice() -> None:
    system = find_system("hangzhou")
    dealers = set()
    for seed in range(12):
        match = system.new_match({"max_loss": 50}, seed=seed)
        assert match.scores == [50] * 4
        setup = match.setup
        d = setup.flags["first_banker_dice"]
        assert setup.dealer == (sum(d) - 1) % 4  # counted from East as 1
        dealers.add(setup.dealer)
        assert sorted(setup.seating) == [0, 1, 2, 3]
        again = system.new_match({"max_loss": 50}, seed=seed)
        assert again.setup == setup  # the same seed, the same seats and banker
    assert len(dealers) > 1


def test_the_highest_roll_and_free_seating() -> None:
    system = find_system("hangzhou")
    single = 0
    for seed in range(12):
        options = {"first_banker_method": "highest_roll", "seating_method": "free"}
        setup = system.new_match(options, seed=seed).setup
        assert setup.seating == (0, 1, 2, 3)  # the players sit in the order given
        thrown = setup.flags["first_banker_dice"]
        sums = [thrown[i] + thrown[i + 1] for i in range(0, len(thrown), 2)]
        assert len(sums) >= 4
        if len(sums) == 4:  # no tie: the highest of the four throws deals
            single += 1
            assert sums.count(max(sums)) == 1 and setup.dealer == sums.index(max(sums))
        else:  # the tied threw again
            assert sums[:4].count(max(sums[:4])) > 1
    assert single >= 3


def test_a_match_played_by_bots_records_replays_and_validates() -> None:
    system = find_system("hangzhou")
    match = system.new_match({}, seed=11, hands=4)
    bots = [system.make_bot("greedy", seed=p, options={}) for p in range(4)]
    moves = 0
    while not match.is_over():
        for seat in match.to_act():
            player = match.player_at(seat)
            obs = match.observation(seat)
            action = bots[player].act(obs, match.legal_actions(seat))
            match.apply(seat, action)
            moves += 1
            for other in range(4):
                if other == seat:
                    continue
                hidden = format_tiles(match.current_table().hands[other])
                assert not shows_tiles(str(match.observation(seat)), hidden) or not hidden
            break
    assert moves > 100 and len(match.hands) == 4
    record = record_of(match)
    assert validate(record).ok
    steps = list(replay(record))
    assert {step.hand for step in steps} == {1, 2, 3, 4}
    assert record["results"]["scores"] == match.scores if "scores" in record["results"] else True
    assert sum(match.scores) <= 400  # the chip limit: nobody pays more than he holds
    tampered = json.loads(json.dumps(record))
    tampered["seed"] += 1
    assert not validate(tampered).ok


# -- liability at the table (§9.1) ------------------------------------------------------------

# East's 14 dealt tiles are complete: he wins by his own tile at once
EAST_COMPLETE = "1m 1m 1m 2m 2m 2m 3m 3m 3m 9p 9p 9p 1s 1s"


@pytest.mark.parametrize(
    ("claims", "payments"),
    [
        ({}, [6, -2, -2, -2]),  # no liability: 2 from each (the banker at lao 1)
        ({0: {2: ["pung", "chow", "pung"]}}, [6, 0, -6, 0]),  # West gave three: pays T
        ({2: {0: ["pung", "pung", "kong"]}}, [12, 0, -12, 0]),  # West took three: 2T
        ({0: {2: ["pung"] * 3}, 2: {0: ["chow"] * 3}}, [18, 0, -18, 0]),  # both: 3T
        ({0: {2: ["pung"] * 2}}, [6, -2, -2, -2]),  # two claims make no liability
    ],
)
def test_three_set_liability_on_an_own_tile_win(
    claims: dict[int, dict[int, list[str]]], payments: list[int]
) -> None:
    table = hz_table([EAST_COMPLETE, SOUTH, WEST, NORTH])
    table.state.claims = claims  # the claims made earlier in the hand
    act(table, 0, "win")
    assert table.result()["payments"] == payments


def test_the_chip_limit_across_a_session() -> None:
    """Six chips each: a player who runs out pays nothing more (the others' wins cost him
    nothing), yet still collects in full when he wins; no balance goes below zero."""
    system = find_system("hangzhou")
    broke_paid_nothing = 0
    for seed in range(6):
        match = system.new_match({"max_loss": 6}, seed=seed, hands=10)
        bots = [system.make_bot("greedy", seed=p, options={}) for p in range(4)]
        before = list(match.scores)
        hands = 0
        while not match.is_over():
            seat = match.to_act()[0]
            player = match.player_at(seat)
            match.apply(seat, bots[player].act(match.observation(seat), match.legal_actions(seat)))
            if len(match.hands) > hands:
                hands = len(match.hands)
                change = match.hands[-1].payments
                outcome = match.outcomes[-1]
                owed = {  # what the table said each player pays, before the limit
                    player: outcome.result["payments"][s]
                    for s, player in enumerate(outcome.setup.seating)
                }
                assert all(x >= 0 for x in match.scores), match.scores
                for p, x in enumerate(change):
                    if owed[p] < 0:  # a loser pays his due, at most what he holds
                        assert x == -min(-owed[p], before[p])
                    else:  # a winner collects what is paid, at most his due
                        assert 0 <= x <= owed[p]
                    if before[p] == 0 and owed[p] < 0:
                        assert x == 0
                        broke_paid_nothing += 1
                before = list(match.scores)
    assert broke_paid_nothing > 0  # the limit came into play


# -- random games: every win paid as the scoring API says --------------------------------------


def situation_of(table: Table) -> dict[str, Any]:
    """The win that ended ``table`` as a situation of the scoring API (the contract's
    fields), written from what the table shows."""
    win = table.wins[0]
    st = table.state
    fortune = st.fortune

    def name(t: int) -> str:
        return tile_name(t) + ("*" if t == fortune else "")

    def meld_text(m: Any) -> str:
        tiles = list(m.tiles)
        for physical, stands in m.wilds:  # a White standing for the indicator's kind
            tiles[tiles.index(stands)] = physical
        body = "".join(tile_name(t) for t in tiles)
        return f"[{body}]" if m.exposed else "{" + body + "}"

    seat = win.seat
    wind = table.seat_wind
    hand = [meld_text(m) for m in table.melds[seat]] + [name(t) for t in table.hands[seat]]
    how = win.how
    floating = st.floating
    data: dict[str, Any] = {
        "rules": "hangzhou",
        "hand": " ".join(hand),
        "win_tile": name(win.tile),
        "self_drawn": how.self_drawn,
        "kong_replacement": how.kong_replacement and how.self_drawn,
        "robbing_kong": how.robbing_kong,
        "seat_wind": wind(seat),
        "banker": wind(table.dealer),
        "fortune": None if st.indicator is None else tile_name(st.indicator),
        "lao": st.lao,
        "floats": floating[1] if floating and floating[0] == seat and how.self_drawn else 0,
        "kong_streak": st.streaks.get(seat, 0) if how.kong_replacement else 0,
        "claims": {
            wind(a): {wind(b): len(k) for b, k in given.items()} for a, given in st.claims.items()
        },
        "options": dict(table.ruleset.options),
    }
    if how.discarder is not None:
        data["discarder"] = wind(how.discarder)
    return data


@pytest.mark.parametrize("options", find_system("hangzhou").option_cases)
def test_every_win_at_the_table_is_paid_as_the_scoring_api_says(options: dict[str, Any]) -> None:
    import parlour

    system = find_system("hangzhou")
    wins = 0
    for index in range(25):
        table = system.new_hand(options, seed=40 + index, index=index)
        bots = [system.make_bot("greedy", seed=index * 4 + p, options=options) for p in range(4)]
        while not table.is_over():
            seat = table.to_act()[0]
            table.apply(seat, bots[seat].act(table.observation(seat), table.legal_actions(seat)))
        assert full_set(table)  # the indicator pair included
        if not table.wins:
            continue
        wins += 1
        data = situation_of(table)
        score = parlour.score(data)
        assert score.valid, (data, score.reason)
        by_wind = [score.payments[table.seat_wind(s)] for s in range(4)]
        assert table.result()["payments"] == by_wind, data
    assert wins >= 10


def test_in_matches_the_lao_rises_and_every_win_is_paid_as_the_api_says() -> None:
    import parlour

    system = find_system("hangzhou")
    options = {"robbing_kong_from_lao": 2, "immediate_third_banker": True}
    laos: set[int] = set()
    wins = claimed = 0
    for seed in range(4):
        match = system.new_match(options, seed=seed, hands=12)
        bots = [system.make_bot("greedy", seed=seed * 4 + p, options=options) for p in range(4)]
        while not match.is_over():
            seat = match.to_act()[0]
            player = match.player_at(seat)
            match.apply(seat, bots[player].act(match.observation(seat), match.legal_actions(seat)))
        for table, setup in zip(match.tables, match.setups, strict=True):
            assert table.state.lao == setup.streak + 1 or table.state.lao == 3
            laos.add(table.state.lao)
            if not table.wins:
                continue
            wins += 1
            claimed += not table.wins[0].how.self_drawn
            data = situation_of(table)
            score = parlour.score(data)
            assert score.valid, (data, score.reason)
            assert table.result()["payments"] == [
                score.payments[table.seat_wind(s)] for s in range(4)
            ]
    assert wins >= 20 and {1, 2, 3} <= laos
    assert claimed >= 1  # wins on a discard or a robbed kong happen at lao 3


# -- more scenarios: claims in one's own float round, wild eye on a claim, ten honours ----------


def floater_kong_table(options: dict[str, Any]) -> Table:
    """West floats (discards his second fortune leaving a wild eye); North then discards
    the fourth 5m, of which West holds three."""
    east = "1m 1m 1m 2m 2m 2m 3m 3m 3m 9p 9p 9p 1s E"
    south = "7m 7m 7m 8m 8m 8m 9m 9m 9m 2s 2s 1p 1p"
    table = hz_table([east, south, WEST_FLOAT, NORTH], draws="N 4s 5m", filler="C",
                     options=options)  # fmt: skip
    act(table, 0, "discard E")
    pass_all(table)
    act(table, 1, "discard N")
    pass_all(table)
    act(table, 2, "discard 4s")  # the float discard
    act(table, 3, "discard 5m")
    return table


def test_in_his_float_round_the_floater_claims_only_by_option() -> None:
    table = floater_kong_table({})
    assert table.phase != "claim" or "kong 5m" not in legal(table, 2)
    table = floater_kong_table({"float_player_may_claim": True})
    assert table.phase == "claim" and "kong 5m" in legal(table, 2)
    act(table, 2, "kong 5m")
    pass_all(table)
    assert table.current == 2 and "win" in legal(table, 2)  # any supplement: a wild eye
    act(table, 2, "win")
    # wild eye, one float, one kong bloom: x8; East the banker pays 2 x 8, the others 8
    assert table.result()["payments"] == [-16, -8, 32, -8]


def test_the_second_half_of_a_float_is_paid_by_the_player_whose_discard_kept_it() -> None:
    options = {"float_player_may_claim": True, "float_second_half_liability": True}
    table = floater_kong_table(options)
    act(table, 2, "kong 5m")
    pass_all(table)
    assert table.state.float_claim == (2, 3, 1, 0)  # North's discard, 1 float, no kong before
    act(table, 2, "win")
    # before the claim: x4 (East 8, South 4, North 4); the bloom's doubling after it is
    # North's alone: 8 + 4 + 4 more
    assert table.result()["payments"] == [-8, -4, 32, -20]


def test_a_wild_eye_never_wins_on_a_discard_even_at_lao_3() -> None:
    south = "7m 7m 7m 8m 8m 8m 9m 9m 9m 2s 2s 2s 4s"  # four sets and a lone fortune
    table = hz_table([EAST_GIVES, south, WEST, NORTH], streak=2)
    act(table, 0, "discard 1p")
    assert table.phase != "claim" or "win 1p" not in legal(table, 1)


def test_missed_win_freeze() -> None:
    # East (the banker, lao 3) waits on 1p; he passes South's 1p and may not win on
    # West's until his own turn comes
    east = "1m 1m 1m 2m 2m 2m 3m 3m 3m 9p 9p 9p 1p E"
    for frozen in (False, True):
        table = hz_table([east, SOUTH, WEST, NORTH], streak=2, draws="1p 1p",
                         options={"missed_win_freeze": frozen})  # fmt: skip
        act(table, 0, "discard E")
        pass_all(table)
        act(table, 1, "discard 1p")
        assert "win 1p" in legal(table, 0)
        act(table, 0, "pass")
        pass_all(table)
        assert table.state.frozen_win == ({0: [parse_tiles("1p")[0]]} if frozen else {})
        act(table, 2, "discard 1p")
        offered = table.phase == "claim" and "win 1p" in legal(table, 0)
        assert offered is not frozen


def test_ten_honours_is_a_declared_win_in_ones_turn() -> None:
    # East throws an honour at each of his first ten turns (five dealt, five drawn);
    # the others throw what they draw
    east = "1m 2m 3m 4m 5m 6m 7m 8m 9m E S W N C"
    used = [east, SOUTH, WEST, NORTH, "3p F F F F C C"]  # F: beneath the indicator
    pool = TILES_136.tiles()
    for t in parse_tiles(" ".join(used)):
        pool.remove(t)
    plain = [tile_name(t) for t in pool if t < 27 and tile_name(t) != "3p"]
    easts = ["F", "F", "F", "C", "C"] + [plain.pop() for _ in range(5)]
    draws = []
    for r in range(10):
        draws += [plain.pop(), plain.pop(), plain.pop(), easts[r]]
    options = {"ten_honours": True}
    table = hz_table([east, SOUTH, WEST, NORTH], indicator="3p", draws=" ".join(draws),
                     options=options)  # fmt: skip
    for _ in range(10):
        assert "ten_honours" not in legal(table, 0)
        honour = next(t for t in table.hands[0] if t >= 27)
        act(table, 0, f"discard {tile_name(honour)}")
        pass_all(table)
        for seat in (1, 2, 3):
            act(table, seat, f"discard {tile_name(table.last_drawn(seat) or 0)}")
            pass_all(table)
    assert table.current == 0 and table.state.honours[0] == 10
    assert "ten_honours" in legal(table, 0)
    act(table, 0, "ten_honours")
    # own_tile_plus: exactly ten honours are an own-tile win; the banker at lao 1: 2 each
    assert table.result()["payments"] == [6, -2, -2, -2]
    broken = hz_table(options=options)
    broken.state.honours = {0: 9}
    broken.ruleset.on_discard(broken, 0, parse_tiles("1m")[0])
    assert broken.state.honours[0] == -1  # any other tile breaks the run for good


def test_a_floaters_pung_that_frees_a_fortune_floats_again() -> None:
    # West holds three fortunes: one stands for 6m beside 6m 6m; his float discard leaves
    # four sets and a lone fortune; punging North's 6m frees the fortune in 66m, which he
    # must throw at once: a second float round (§8, float_player_may_claim)
    west = "4m 4m 4m 5m 5m 5m 6m 6m 5s 5s 5s 4s 4s"
    east = "1m 1m 1m 2m 2m 2m 3m 3m 3m 9p 9p 9p 1s E"
    south = "7m 7m 7m 8m 8m 8m 9m 9m 9m 2s 2s 1p 1p"
    table = hz_table([east, south, west, NORTH], draws="N 4s 6m C 2p 3p 1p",
                     options={"float_player_may_claim": True})  # fmt: skip
    act(table, 0, "discard E")
    pass_all(table)
    act(table, 1, "discard N")
    pass_all(table)
    act(table, 2, "discard 4s")  # the first float
    assert table.state.floating == (2, 1)
    act(table, 3, "discard 6m")
    assert "pung 6m" in legal(table, 2)
    act(table, 2, "pung 6m")
    pass_all(table)
    assert table.current == 2
    assert {a for a in legal(table, 2) if a.startswith("discard")} == {"discard 4s"}
    act(table, 2, "discard 4s")  # the second float
    assert table.state.floating == (2, 2)
    for seat, tile in ((3, "C"), (0, "2p"), (1, "3p")):
        act(table, seat, f"discard {tile}")
        pass_all(table)
    assert table.current == 2 and "win" in legal(table, 2)
    act(table, 2, "win")
    # wild eye and two floats: x8; East the banker pays 2 x 8, the others 8
    assert table.result()["payments"] == [-16, -8, 32, -8]

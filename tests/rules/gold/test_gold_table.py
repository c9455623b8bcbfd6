"""Fujian gold mahjong at the table (``xiamen-gold.md`` §2-§9, §13): the Xiamen and
Quanzhou profiles played by :mod:`parlour.mahjong.rules.gold_table`.

Scenarios stack a deal (seat 0 is the banker, East, with 17 tiles; the others 16;
``replacements`` are the tail's tiles in the order supplements take them). The Gold
indicator is counted from the tail with dice thrown by the table's seeded generator,
so a scenario first asks where the seed's throw lands (:func:`throw_for`) and puts the
indicator it wants there. Random sessions then check the invariants after every action:
every tile accounted for, no observation showing another seat's concealed tiles,
payments summing to zero, the banker's stays, and records that validate and replay.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import Any

import pytest

from leaks import shows_tiles
from parlour.bots import make_bot
from parlour.core.actions import Action
from parlour.mahjong.actions import MahjongAction
from parlour.mahjong.rules import ruleset_class
from parlour.mahjong.rules.gold_table import (
    FuzhouRuleset,
    GoldRuleset,
    QuanzhouRuleset,
    XiamenRuleset,
)
from parlour.mahjong.session import Session, make_ruleset, rules_of
from parlour.mahjong.table import Table, stacked_deal, tile_count_check
from parlour.mahjong.tiles import TILES_144, format_tiles, parse_tiles, tile_name
from parlour.records import record_of, replay, validate
from parlour.registry import PLAYABLE, find_system
from rulebooks import KeenBot

# Four hands that claim nothing from each other (all pungs of different kinds).
EAST = "1m 1m 1m 2m 2m 2m 3m 3m 3m 9p 9p 9p 1s 1s 1s 6p E"
SOUTH = "4p 5p 7m 7m 7m 8m 8m 8m 9m 9m 9m 2s 2s 2s 3s 7p"
WEST = "4m 4m 4m 5m 5m 5m 6m 6m 6m 4s 4s 4s 5s 5s 5s S"
NORTH = "7s 7s 7s 8s 8s 8s 9s 9s 9s W W W N N N S"
FILLER = "1p 2p 3p 1p 2p 3p 1p 2p 3p 2p 6s 6s"
"""Twelve tail tiles nobody holds; the indicator is put in its place."""


def tail(indicator: str, at: int, filler: str = FILLER) -> str:
    tiles = filler.split()
    tiles[at] = indicator
    return " ".join(tiles)


def throw_for(seed: int, hands: Sequence[str], filler: str = FILLER) -> int:
    """Where (from the tail, 0-based) the seed's first throw turns the indicator up."""
    table = Table(
        XiamenRuleset(),
        seed=seed,
        deal=stacked_deal(list(hands), replacements=filler, hand_size=16),
    )
    k = table.state.from_tail
    assert isinstance(k, int) and 1 <= k <= 11  # two dice, the tail tile being 1
    return k


def gold_table(
    hands: Sequence[str],
    indicator: str,
    draws: str = "",
    *,
    profile: type[GoldRuleset] = XiamenRuleset,
    seed: int = 0,
    everyone: bool = True,
    streak: int = 0,
    filler: str = FILLER,
    deal_window: bool = False,
) -> Table:
    """A table on a prepared deal with ``indicator`` turned up; unless
    ``deal_window``, every seat passes in the window after the deal."""
    k = throw_for(seed, hands, filler)
    table = Table(
        profile(),
        seed=seed,
        deal=stacked_deal(
            list(hands), draws=draws, replacements=tail(indicator, k, filler), hand_size=16
        ),
        ask_everyone=everyone,
        streak=streak,
    )
    assert tile_name(table.state.indicator) == indicator
    if not deal_window:
        pass_all(table)
    return table


def act(table: Table, seat: int, text: str) -> None:
    table.apply(seat, table.parse_action(text))


def pass_all(table: Table) -> None:
    while table.phase not in ("turn", "over"):
        for s in table.to_act():
            table.apply(s, MahjongAction("pass"))


def full_set(table: Table) -> bool:
    return tile_count_check(table) == list(TILES_144.counts)


# -- the hand ----------------------------------------------------------------------------


def test_the_rule_systems_are_playable() -> None:
    for name in ("xiamen", "quanzhou"):
        assert find_system(name).status == PLAYABLE
    assert ruleset_class("xiamen") is XiamenRuleset
    assert ruleset_class("quanzhou") is QuanzhouRuleset
    assert ruleset_class("fuzhou") is FuzhouRuleset
    assert make_ruleset("quanzhou").profile == "quanzhou"
    with pytest.raises(ValueError, match="quanzhou only"):
        make_ruleset("xiamen", {"qz_open_pung_as_closed": True})


def test_the_deal_is_sixteen_tiles_and_sixteen_are_never_drawn() -> None:
    for seed in range(5):
        table = Table(XiamenRuleset(), seed=seed)
        sizes = [len(table.hands[s]) for s in range(4)]
        assert sizes[table.dealer] == 17 and sorted(sizes) == [16, 16, 16, 17]
        assert all(not (t >= 34) for h in table.hands for t in h), "bonus tiles laid out"
        assert table.wall.count + sum(len(b) for b in table.bonus) == 144 - 65
        assert table.wall.live() == table.wall.count - 16
        assert full_set(table)


def test_the_indicator_is_turned_up_with_the_seeded_throw_and_shown() -> None:
    seen = set()
    for seed in range(30):
        table = Table(XiamenRuleset(), seed=seed)
        st = table.state
        gold = st.gold
        assert gold is not None and gold < 34 and gold == st.indicator
        assert list(table.wall.tail())[st.from_tail] == gold  # it stays in the wall
        assert Table(XiamenRuleset(), seed=seed).state.gold == gold  # replays exactly
        shown = [e for e in table.events if e.kind == "shown"]
        assert shown and shown[-1].data["tile"] == tile_name(gold) and shown[-1].to is None
        obs = table.observation((table.dealer + 1) % 4)
        assert obs["ruleset_state"] == {
            "indicator": tile_name(gold),
            "gold": tile_name(gold),
            "wild": tile_name(gold),
        }
        seen.add(gold)
    assert len(seen) > 10


def test_a_bonus_tile_turned_up_is_turned_back_and_the_dice_thrown_again() -> None:
    hands = [EAST, SOUTH, WEST, NORTH]
    k = throw_for(0, hands)
    table = Table(
        XiamenRuleset(),
        seed=0,
        deal=stacked_deal(hands, replacements=tail("f2", k), hand_size=16),
    )
    st = table.state
    assert st.from_tail != k
    assert st.indicator == list(table.wall.tail())[st.from_tail]
    assert st.indicator < 34
    assert list(table.wall.tail())[k] == parse_tiles("f2")[0]  # still in the wall, face down
    assert len([e for e in table.events if e.kind == "shown"]) == 1


def test_whites_take_the_indicators_face_value_and_the_twins_are_wild() -> None:
    table = gold_table([EAST, SOUTH, WEST, NORTH], "5p")
    wr = table.rules.wild_rules(table)
    assert wr is not None
    assert wr.wild_tile == parse_tiles("5p")[0]
    assert wr.substitutes == ((parse_tiles("P")[0], parse_tiles("5p")[0]),)
    assert not wr.in_kong


# -- claims ------------------------------------------------------------------------------


def test_a_gold_may_not_complete_a_chow() -> None:
    """§8.3: South holds 4p and a Gold 5p; East's 6p cannot be chowed with them."""
    table = gold_table([EAST, SOUTH, WEST, NORTH], "5p")
    act(table, 0, "discard 6p")
    assert table.phase == "claim"
    assert table.legal_actions(1) == [MahjongAction("pass")]
    # with another indicator the same 5p is an ordinary tile and the chow is offered
    other = gold_table([EAST, SOUTH, WEST, NORTH], "6s")
    act(other, 0, "discard 6p")
    assert MahjongAction("chow", parse_tiles("4p")[0]) in other.legal_actions(1)


def test_a_gold_may_not_complete_a_pung() -> None:
    """§8.4: North holds a Gold beside one S: East's S cannot be punged with it."""
    north = "7s 7s 7s 8s 8s 8s 9s 9s 9s W W W N N 5p S"
    east = "1m 1m 1m 2m 2m 2m 3m 3m 3m 9p 9p 9p 1s 1s 1s 6p S"
    table = gold_table([east, SOUTH, WEST, north], "5p")
    act(table, 0, "discard S")
    for s in (1, 2, 3):
        assert all(a[0] != "pung" for a in table.legal_actions(s))
    assert MahjongAction("pung", parse_tiles("S")[0]) not in table.legal_actions(3)


def test_a_discarded_gold_cannot_be_claimed() -> None:
    """§8.7: East discards a Gold that South could chow and nobody may claim: no claim
    window opens and South draws."""
    east = "1m 1m 1m 2m 2m 2m 3m 3m 3m 9p 9p 9p 1s 1s 1s 6p 5p"
    south = "4p 6p 7m 7m 7m 8m 8m 8m 9m 9m 9m 2s 2s 2s 3s 3s"
    table = gold_table([east, south, WEST, NORTH], "5p")
    act(table, 0, "discard 5p")
    assert table.phase == "turn" and table.current == 1
    assert format_tiles(table.discards[0]) == "5p"
    assert full_set(table)


def test_a_lone_honour_already_discarded_must_be_discarded_first() -> None:
    """§8.2 (Ex 10): East discards E; South holds one E and one C: unless he wins, his
    discard must be the E. A second E drawn ends the duty."""
    south = "E C 7m 7m 7m 8m 8m 8m 9m 9m 9m 2s 2s 2s 3s 3s"
    table = gold_table([EAST, south, WEST, NORTH], "5p", draws="4s", everyone=False)
    act(table, 0, "discard E")
    assert table.phase == "turn" and table.current == 1
    discards = [a for a in table.legal_actions(1) if a[0] == "discard"]
    assert discards == [MahjongAction("discard", parse_tiles("E")[0])]
    assert table.rules.honour_duty(table, 1) == {parse_tiles("E")[0]}  # type: ignore[attr-defined]
    # a second E: no longer a singleton
    table = gold_table([EAST, south, WEST, NORTH], "5p", draws="E", everyone=False)
    act(table, 0, "discard E")
    discards = [a for a in table.legal_actions(1) if a[0] == "discard"]
    assert len(discards) > 1
    # before any E is discarded there is no duty
    table = gold_table([EAST, south, WEST, NORTH], "5p", everyone=False)
    assert table.rules.honour_duty(table, 1) == set()  # type: ignore[attr-defined]


def test_two_lone_honours_already_discarded_leave_the_choice_between_them() -> None:
    """§8.2 (Ex 10, last case): South holds a lone S (West discarded one) and draws an E
    (East discarded one): two qualifying singletons, and he may discard either, but
    nothing else; his lone C, never discarded, owes nothing."""
    south = "S C 7m 7m 7m 8m 8m 8m 9m 9m 9m 2s 2s 2s 3s 3s"
    table = gold_table([EAST, south, WEST, NORTH], "5p", draws="4s 1p 2p 3p E", everyone=False)
    act(table, 0, "discard E")
    act(table, 1, "discard C")  # no duty yet: neither S nor C has been discarded
    pass_all(table)
    act(table, 2, "discard S")
    pass_all(table)
    # North's lone S is now a discarded kind: his duty
    assert [a for a in table.legal_actions(3) if a[0] == "discard"] == [
        MahjongAction("discard", parse_tiles("S")[0])
    ]
    act(table, 3, "discard S")
    pass_all(table)
    act(table, 0, "discard 6p")
    pass_all(table)
    assert table.phase == "turn" and table.current == 1
    assert table.last_drawn(1) == parse_tiles("E")[0]
    discards = {tile_name(a[1]) for a in table.legal_actions(1) if a[0] == "discard"}
    assert discards == {"S", "E"}


# -- winning and paying ------------------------------------------------------------------

# South waits on 7s for the pair; his 4p P 6p is a run with the White as 5p (§6.2).
SOUTH_READY = "1m 2m 3m 4m 5m 6m 7m 8m 9m 4p P 6p 1s 2s 3s 7s"
EAST_7S = "1m 1m 1m 2m 2m 2m 3m 3m 3m 9p 9p 9p 1s E E E 7s"
WEST_PUNGS = "4m 4m 4m 5m 5m 5m 6m 6m 6m 4s 4s 4s 5s 5s 5s S"
NORTH_PUNGS = "8s 8s 8s 9s 9s 9s W W W N N N S S 7p 7p"


@pytest.mark.parametrize(
    ("profile", "streak", "base", "m"),
    [(XiamenRuleset, 0, 2, 4), (XiamenRuleset, 1, 4, 4), (QuanzhouRuleset, 1, 3, 1)],
)
def test_a_white_stands_for_the_indicator_and_the_winner_is_paid_by_all(
    profile: type[GoldRuleset], streak: int, base: int, m: int
) -> None:
    """South wins on East's first discard, 7s, with 4p-White-6p read as 4p 5p 6p
    (indicator 5p): water 0; an earthly win ×4 in Xiamen, a common win ×1 in Quanzhou
    (§11.4); the banker's base 2 × 2^n (Xiamen) or 2 + n (Quanzhou), the others 1."""
    hands = [EAST_7S, SOUTH_READY, WEST_PUNGS, NORTH_PUNGS]
    table = gold_table(hands, "5p", profile=profile, streak=streak)
    act(table, 0, "discard 7s")
    assert MahjongAction("win", parse_tiles("7s")[0]) in table.legal_actions(1)
    act(table, 1, "win 7s")
    pass_all(table)
    assert table.is_over() and len(table.wins) == 1
    win = table.wins[0]
    assert win.seat == 1 and win.score.valid
    assert win.score.tally is not None
    assert (win.score.tally.water, win.score.tally.multiplier) == (0, m)
    assert win.payments == [-base * m, (base + 2) * m, -m, -m]
    assert sum(win.payments) == 0
    assert full_set(table)


def test_a_wall_win_in_gold_float_shape_is_a_gold_float() -> None:
    """§9.3: South holds five sets and a lone Gold; any wall tile wins, ×4."""
    south = "1m 2m 3m 4m 5m 6m 7m 8m 9m 4p P 6p 1s 2s 3s 5p"
    table = gold_table([EAST_7S, south, WEST_PUNGS, NORTH_PUNGS], "5p", draws="8p")
    act(table, 0, "discard 7s")
    # a gold float never wins on a discard (§9.3)
    assert all(a[0] != "win" for a in table.legal_actions(1))
    pass_all(table)
    assert table.current == 1 and table.phase == "turn"
    act(table, 1, "win")
    win = table.wins[0]
    assert win.score.valid and win.score.tally is not None
    assert win.score.tally.multiplier == 4
    water = 1  # the Gold held
    assert win.payments == [-(2 + water) * 4, (2 + water) * 4 + 2 * (1 + water) * 4, -8, -8]


# -- random sessions ---------------------------------------------------------------------


def check_state(table: Table, shown: int) -> None:
    assert full_set(table)
    n = table.num_seats
    hands = [format_tiles(h) for h in table.hands]
    for s in range(n):
        size = len(table.hands[s]) + 3 * len(table.melds[s])
        assert size in (16, 17)
    if table.is_over():
        return
    for seat in range(n):
        obs = table.observation(seat)
        assert obs["hand"] == hands[seat]
        text = json.dumps({k: v for k, v in obs.items() if k not in ("hand", "legal")})
        for other in range(n):
            if other != seat and len(table.hands[other]) >= 4:
                assert not shows_tiles(text, hands[other]), "another seat's concealed tiles"
    for e in table.events[shown:]:
        if e.kind in ("deal", "drawn", "concealed_kong_tile"):
            assert e.to == e.seat


def play_checked(
    name: str,
    bots: Sequence[Any],
    seed: int,
    max_hands: int,
    options: dict[str, Any] | None = None,
) -> Session:
    ruleset = make_ruleset(name, options)
    rules = dataclasses.replace(rules_of(ruleset), max_hands=max_hands)
    session = Session(name, options, seed=seed, session_rules=rules)
    steps = 0
    while not session.is_over():
        table = session.current_table()
        number = session.hand_number
        seat = table.to_act()[0]
        shown = len(table.events)
        action: Action = bots[session.player_at(seat)].act(
            table.observation(seat), table.legal_actions(seat)
        )
        session.apply(seat, action, hand=number)
        check_state(table, shown)
        steps += 1
        assert steps < 100000
    assert sum(session.scores) == 0
    for o in session.outcomes:
        assert sum(o.payments) == 0
    # §3.3: the banker keeps the deal on his win or a draw, the stay count rising
    for i, o in enumerate(session.outcomes[:-1]):
        nxt = session.setups[i + 1]
        won = [w["seat"] for w in o.result["wins"]]
        if not won or won[0] == o.setup.dealer:
            assert (nxt.dealer, nxt.streak) == (o.setup.dealer, o.setup.streak + 1)
        else:
            assert (nxt.dealer, nxt.streak) == ((o.setup.dealer + 1) % 4, 0)
    record = record_of(session)
    report = validate(record)
    assert report.ok, report.message
    assert json.loads(json.dumps(record)) == record
    for h, table in enumerate(session.tables, start=1):
        events = [e for step in replay(record) if step.hand == h for e in step.events]
        assert events == table.events
    return session


@pytest.mark.slow
@pytest.mark.parametrize("name", ["xiamen", "quanzhou"])
def test_keen_bots_keep_every_rule(name: str) -> None:
    """Bots that claim and win whenever they may: wins, stays and claims happen."""
    bots = [KeenBot(seed=i) for i in range(4)]
    session = play_checked(name, bots, seed=3, max_hands=12)
    assert any(o.result["wins"] for o in session.outcomes)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["xiamen", "quanzhou"])
def test_random_bots_keep_every_rule(name: str) -> None:
    bots = [make_bot("random", seed=i) for i in range(4)]
    play_checked(name, bots, seed=5, max_hands=3)


# -- the window after the deal (§9.6-§9.9) ----------------------------------------------

ROB_EAST = "4p 7p 9p 5s 8s 9s 3m 6m 9m E S W C F P 1s 5s"
ROB_SOUTH = "1m 4m 7m 2m 5m 8m 3s 6s 9s E S W C F P 8p"
ROB_WEST = "1m 2m 3m 4m 5m 6m 7m 8m 9m 2s 3s 4s N N N 7s"
ROB_NORTH = "1m 4m 7m 2m 5m 8m 5s 8s 9s E S W C F P 7s"


def answer_window(table: Table, answers: dict[int, str]) -> None:
    assert table.phase == "after_deal"
    while table.phase == "after_deal":
        for s in table.to_act():
            act(table, s, answers.get(s, "pass"))


def test_robbing_the_gold() -> None:
    """Ex 5: West's five sets and a lone 7s take the indicator 6p as a Gold: water 3
    (NNN closed 2, the robbed Gold 1), ×4: 20 + 16 + 16 = 52."""
    hands = [ROB_EAST, ROB_SOUTH, ROB_WEST, ROB_NORTH]
    table = gold_table(hands, "6p", deal_window=True)
    assert MahjongAction("rob_gold") in table.legal_actions(2)
    assert table.legal_actions(1) == [MahjongAction("pass")]
    answer_window(table, {2: "rob_gold"})
    assert table.is_over()
    win = table.wins[0]
    assert win.seat == 2 and win.score.valid
    assert win.payments == [-20, -16, 52, -16]
    assert full_set(table)


def test_the_non_banker_nearest_the_banker_counter_clockwise_robs_first() -> None:
    """§9.7: West and North can both rob the Gold (each one tile short); play goes
    East, South, West, North, so West is the nearer to the banker and his claim wins,
    whichever order the answers come in."""
    north = "2m 3m 4m 5m 6m 7m 9p 9p 9p 3s 4s 5s 1s 1s 1s 8p"
    for order in ((2, 3), (3, 2)):
        table = gold_table([ROB_EAST, ROB_SOUTH, ROB_WEST, north], "6p", deal_window=True)
        for seat in (2, 3):
            assert MahjongAction("rob_gold") in table.legal_actions(seat)
        assert table.phase == "after_deal"
        while table.phase == "after_deal":
            waiting = table.to_act()
            for s in sorted(waiting, key=lambda x: order.index(x) if x in order else -1):
                act(table, s, "rob_gold" if s in (2, 3) else "pass")
        assert table.is_over() and [w.seat for w in table.wins] == [2]
        assert full_set(table)


def test_quanzhou_does_not_rob_the_gold() -> None:
    hands = [ROB_EAST, ROB_SOUTH, ROB_WEST, ROB_NORTH]
    table = gold_table(hands, "6p", profile=QuanzhouRuleset, deal_window=True)
    assert table.legal_actions(2) == [MahjongAction("pass")]
    answer_window(table, {})
    assert table.phase == "turn" and table.current == 0


KNOCK_FILLER = "2s 2s 2s 2s 3s 3s 3s 3s 4s 4s 4s 4s"
KNOCK_EAST = "4p 7p 9p 5s 8s 9s 3m 6m 1m E S W C F P 1s 5s"
KNOCK_SOUTH = "1m 4m 7m 2m 5m 8m 1p 6s 9s E S W C F P 8p"
KNOCK_WEST = "1m 4m 7m 2m 5m 8m 2p 3p 5p E S W C F P 7s"
KNOCK_NORTH = "9m 9m 9m 6p 6p 3p 4p 8m 7m 6s 7s N N 1p 2p 5p"


@pytest.mark.parametrize(("profile", "total"), [(XiamenRuleset, 52), (QuanzhouRuleset, 39)])
def test_a_three_gold_knocker_right_after_the_deal(profile: type[GoldRuleset], total: int) -> None:
    """Ex 4 (without flowers): North holds the three Golds 9m: water 3; ×4 in Xiamen,
    ×3 in Quanzhou. The knock comes before robbing the Gold (XM-A5), which North
    could also do."""
    hands = [KNOCK_EAST, KNOCK_SOUTH, KNOCK_WEST, KNOCK_NORTH]
    table = gold_table(hands, "9m", profile=profile, filler=KNOCK_FILLER, deal_window=True)
    offered = table.legal_actions(3)
    assert MahjongAction("knock") in offered
    answer_window(table, {3: "knock"})
    win = table.wins[0]
    assert win.seat == 3 and win.score.valid
    assert win.payments[3] == total and sum(win.payments) == 0
    assert full_set(table)


# -- float rounds (§9.3-§9.5) -----------------------------------------------------------

FLOAT_EAST = "2m 2m 2m 3m 3m 3m 9p 9p 9p 1s 1s 1s E E E 6s 7s"
FLOAT_SOUTH = "1m 1m 1m 4m 5m 6m 7p 8p 9p W W W 3s 4s 5s 2s"
FLOAT_WEST = "4m 4m 4m 5m 5m 5m 6m 6m 6m 4s 4s 4s 5s 5s 5s S"
FLOAT_NORTH = "8s 8s 8s 9s 9s 9s C C C N N N S S 7p 7p"


def test_a_double_float() -> None:
    """Ex 3 (without the flower): South, in gold-float shape, draws a second Gold and
    discards it (a float discard). In the float round nobody may pung or kong the
    discards; at his next turn any wall tile wins: water 4 (a Gold held, 111m closed
    1, WWW closed 2), ×8: 48 + 40 + 40 = 128."""
    hands = [FLOAT_EAST, FLOAT_SOUTH, FLOAT_WEST, FLOAT_NORTH]
    table = gold_table(hands, "2s", draws="2s N 1p 3p 7p", everyone=False)
    act(table, 0, "discard 7s")
    assert table.current == 1 and table.phase == "turn"
    assert MahjongAction("win") in table.legal_actions(1)  # a gold float, ×4
    act(table, 1, "discard 2s")
    assert table.state.floating == (1, 2)
    rules = table.rules
    assert isinstance(rules, GoldRuleset) and rules.float_round(table) == 1
    for seat in range(4):  # a float discard is public: everyone is told of the round
        assert table.observation(seat)["ruleset_state"]["float"] == {"seat": 1, "level": 2}
    act(table, 2, "discard N")
    # North holds three N: no pung nor kong in the float round, no window opens
    assert table.phase == "turn" and table.current == 3
    act(table, 3, "discard 1p")
    act(table, 0, "discard 3p")
    assert table.current == 1 and rules.float_round(table) is None
    assert "float" not in table.observation(0)["ruleset_state"]
    act(table, 1, "win")
    win = table.wins[0]
    assert win.score.valid and win.score.tally is not None
    assert (win.score.tally.water, win.score.tally.multiplier) == (4, 8)
    assert win.payments == [-48, 128, -40, -40]
    assert full_set(table)


def test_in_a_float_round_the_discards_may_be_claimed_for_a_pung_again_afterwards() -> None:
    """The float ends when the floater discards anything but a float discard."""
    hands = [FLOAT_EAST, FLOAT_SOUTH, FLOAT_WEST, FLOAT_NORTH]
    table = gold_table(hands, "2s", draws="2s 1p 3p 8p 6p", everyone=False)
    act(table, 0, "discard 7s")
    act(table, 1, "discard 2s")
    act(table, 2, "discard 1p")
    act(table, 3, "discard 3p")
    act(table, 0, "discard 8p")
    assert table.current == 1
    act(table, 1, "discard 6p")
    assert table.state.floating is None


def play_to_the_end(table: Table) -> None:
    """Every seat discards the tile it drew (or the first discard it may make) and
    passes every claim, until the hand ends or the end-of-wall window opens."""
    gold = table.state.gold
    while table.phase in ("turn", "claim", "rob"):
        if table.phase != "turn":
            pass_all(table)
            continue
        seat = table.current
        legal = [a for a in table.legal_actions(seat) if a[0] == "discard" and a[1] != gold]
        drawn = table.last_drawn(seat)
        choice = next((a for a in legal if a[1] == drawn), legal[0])
        table.apply(seat, choice)


@pytest.mark.slow
@pytest.mark.parametrize(("profile", "m"), [(XiamenRuleset, 3), (QuanzhouRuleset, 3)])
def test_a_three_gold_knocker_instead_of_the_draw(profile: type[GoldRuleset], m: int) -> None:
    """§9.6b (XM-A8): North still holds the three Golds when the wall is down to its 16
    tiles: he knocks instead of the draw, ×3."""
    hands = [KNOCK_EAST, KNOCK_SOUTH, KNOCK_WEST, KNOCK_NORTH]
    table = gold_table(hands, "9m", profile=profile, filler=KNOCK_FILLER, everyone=False)
    play_to_the_end(table)
    assert table.phase == "last_turn" and table.wall.live() == 0
    assert table.wall.count == 16
    assert MahjongAction("knock") in table.legal_actions(3)
    act(table, 3, "knock")
    win = table.wins[0]
    assert win.seat == 3 and win.score.valid and win.score.tally is not None
    assert win.score.tally.multiplier == m
    assert sum(win.payments) == 0 and win.payments[3] > 0
    assert full_set(table)


def test_the_hand_is_drawn_with_sixteen_tiles_left() -> None:
    table = gold_table([EAST, SOUTH, WEST, NORTH], "5p", everyone=False)
    play_to_the_end(table)
    assert table.is_over() and not table.wins
    assert table.wall.count == 16
    assert full_set(table)


# -- Quanzhou: the eighth bonus tile (§11.4) --------------------------------------------

EIGHT_SOUTH = "f1 f2 f3 f4 x1 x2 x3 x4 7m 7m 7m 8m 8m 8m 9m 9m"
EIGHT_FILLER = "1p 2p 3p 1p 2p 3p 1p 2p 3p 2p 6s 6s 7p 7p 8p 8p 4p 4p 5p 5p"


def eight_table(profile: type[GoldRuleset]) -> Table:
    hands = [EAST, EIGHT_SOUTH, WEST, NORTH]
    k = throw_for(0, hands, EIGHT_FILLER)
    tiles = EIGHT_FILLER.split()
    tiles[8 + k] = "9p"  # South's eight supplements come first
    deal = stacked_deal(hands, replacements=" ".join(tiles), hand_size=16)
    table = Table(profile(), seed=0, deal=deal)
    assert tile_name(table.state.indicator) == "9p"
    return table


def test_all_eight_bonus_tiles_dealt_win_at_once_in_quanzhou() -> None:
    """Ex 8 (water 8, no Gold, no meld): ×3, the banker's base 2: 30 + 27 + 27."""
    table = eight_table(QuanzhouRuleset)
    assert table.is_over()
    win = table.wins[0]
    assert win.seat == 1 and win.score.valid
    assert win.payments == [-30, 84, -27, -27]
    assert full_set(table)
    # in Xiamen they are only water for a later win
    table = eight_table(XiamenRuleset)
    assert not table.is_over() and len(table.bonus[1]) == 8


def test_the_eighth_bonus_tile_drawn_wins_at_once_in_quanzhou() -> None:
    south = "f1 f2 f3 f4 x1 x2 x3 7m 7m 7m 8m 8m 8m 9m 9m 9m"
    hands = [EAST, south, WEST, NORTH]
    k = throw_for(0, hands, EIGHT_FILLER)
    tiles = EIGHT_FILLER.split()
    tiles[7 + k] = "9p"
    deal = stacked_deal(hands, draws="x4", replacements=" ".join(tiles), hand_size=16)
    table = Table(QuanzhouRuleset(), seed=0, deal=deal, ask_everyone=False)
    pass_all(table)
    act(table, 0, "discard 6p")
    assert table.current == 1 and len(table.bonus[1]) == 8
    assert table.legal_actions(1) == [MahjongAction("eight")]
    act(table, 1, "eight")
    win = table.wins[0]
    assert win.seat == 1 and win.score.valid and win.score.tally is not None
    assert win.score.tally.multiplier == 3
    assert sum(win.payments) == 0
    assert full_set(table)


# -- options (§13) ----------------------------------------------------------------------

FREEZE_EAST = "2m 2m 2m 3m 3m 3m 9p 9p 9p 1s 1s 1s E E E 6s 8p"
FREEZE_WEST = "7s 7s 7s 8s 8s 8s 9s 9s 9s C C C N N N S"
FREEZE_NORTH = "1m 1m 1m 4m 5m 6m 7p 8p 9p W W W 3s 4s 5s 8p"


@pytest.mark.parametrize("freeze", [False, True])
def test_a_missed_win_freezes_that_kind_until_ones_turn(freeze: bool) -> None:
    """``missed_claim_freeze``: North passes a win on East's 8p; South's 8p then cannot
    be won on by North (it can without the option)."""
    hands = [FREEZE_EAST, WEST_PUNGS, FREEZE_WEST, FREEZE_NORTH]
    k = throw_for(0, hands)
    deal = stacked_deal(hands, draws="8p", replacements=tail("6p", k), hand_size=16)
    table = Table(XiamenRuleset({"missed_claim_freeze": freeze}), seed=0, deal=deal)
    pass_all(table)
    act(table, 0, "discard 8p")
    assert MahjongAction("win", parse_tiles("8p")[0]) in table.legal_actions(3)
    pass_all(table)
    assert table.current == 1
    act(table, 1, "discard 8p")
    can_win = MahjongAction("win", parse_tiles("8p")[0]) in table.legal_actions(3)
    assert can_win is not freeze
    assert table.state.frozen == ({3: [parse_tiles("8p")[0]]} if freeze else {})


@pytest.mark.parametrize("forfeit", [False, True])
def test_a_gold_thrown_away_forfeits_the_win(forfeit: bool) -> None:
    """``false_float_forfeit``: South discards his only Gold (not a float discard: his
    tiles are then not five sets and a lone Gold); the 8p he then waits on cannot be
    won on."""
    hands = [FLOAT_EAST, FLOAT_SOUTH, FLOAT_WEST, FLOAT_NORTH]
    k = throw_for(0, hands)
    deal = stacked_deal(hands, draws="8p 8p", replacements=tail("2s", k), hand_size=16)
    table = Table(XiamenRuleset({"false_float_forfeit": forfeit}), seed=0, deal=deal)
    pass_all(table)
    act(table, 0, "discard 7s")
    pass_all(table)
    act(table, 1, "discard 2s")
    pass_all(table)
    assert table.state.floating is None
    assert table.state.forfeit == ([1] if forfeit else [])
    act(table, 2, "discard 8p")
    can_win = MahjongAction("win", parse_tiles("8p")[0]) in table.legal_actions(1)
    assert can_win is not forfeit


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("xiamen", {"missed_claim_freeze": True, "false_float_forfeit": True}),
        ("quanzhou", {"qz_banker_increment_by_multiplier": True, "base_multiplier": 5}),
        ("fuzhou", {"others_discard_win_during_float": True}),
    ],
)
def test_sessions_with_options_keep_every_rule(name: str, options: dict[str, Any]) -> None:
    bots = [KeenBot(seed=10 + i) for i in range(4)]
    session = play_checked(name, bots, seed=11, max_hands=10, options=options)
    if options.get("qz_banker_increment_by_multiplier"):
        for setup in session.setups:
            stays = setup.flags.get("stays", [])
            assert len(stays) == setup.streak
        # 7 of the 10 hands with this seed: the stays were recorded, not just absent
        assert sum(setup.streak > 0 for setup in session.setups) >= 3


def test_quanzhou_stays_add_the_multiplier_of_the_bankers_win() -> None:
    """§11.1 option: the banker's base is 2 + the sum of the stays' increments."""
    hands = [EAST_7S, SOUTH_READY, WEST_PUNGS, NORTH_PUNGS]
    k = throw_for(0, hands)
    deal = stacked_deal(hands, replacements=tail("5p", k), hand_size=16)
    ruleset = QuanzhouRuleset({"qz_banker_increment_by_multiplier": True})
    table = Table(ruleset, seed=0, deal=deal, streak=2, flags={"stays": [2, 1]})
    pass_all(table)
    act(table, 0, "discard 7s")
    act(table, 1, "win 7s")
    pass_all(table)
    assert table.wins[0].payments == [-5, 7, -1, -1]  # base 2 + 2 + 1, water 0, x1
    assert table.result() is not None and table.result()["multiplier"] == 1  # type: ignore[index]


def test_the_indicator_drawn_as_a_supplement_is_an_ordinary_tile() -> None:
    """XM-A3: the indicator stays in the wall; East's second kong supplement reaches it:
    he holds it as an ordinary 5p, and discarded it can be claimed (South chows it)."""
    east = "1m 1m 1m 1m 2m 2m 2m 2m 3m 3m 3m 9p 9p 9p 1s 1s E"
    south = "3p 4p 7m 7m 7m 8m 8m 8m 9m 9m 9m 2s 2s 2s 3s 7p"
    hands = [east, south, WEST, NORTH]
    table = gold_table(hands, "5p", seed=2)  # seed 2 turns up the second tail tile
    assert table.state.from_tail == 1
    rules = table.rules
    assert isinstance(rules, GoldRuleset)
    act(table, 0, "concealed_kong 1m")
    assert rules.indicator_holder(table) is None
    act(table, 0, "concealed_kong 2m")
    assert rules.indicator_holder(table) == 0
    assert table.last_drawn(0) == parse_tiles("5p")[0]
    act(table, 0, "discard 5p")
    assert table.state.discard_is_indicator and table.phase == "claim"
    assert MahjongAction("chow", parse_tiles("3p")[0]) in table.legal_actions(1)
    act(table, 1, "chow 3p")
    pass_all(table)
    assert table.melds[1][0].tiles == tuple(parse_tiles("3p 4p 5p"))
    assert full_set(table)


def test_a_white_stands_for_the_indicators_kind_in_a_claimed_chow() -> None:
    """§6.2: with indicator 5p South chows East's 6p with 4p and a White (5p); he also
    holds a Gold 5p, which the chow does not take."""
    south = "4p P 5p 7m 7m 7m 8m 8m 8m 9m 9m 9m 2s 2s 2s 3s"
    table = gold_table([EAST, south, WEST, NORTH], "5p")
    act(table, 0, "discard 6p")
    assert MahjongAction("chow", parse_tiles("4p")[0]) in table.legal_actions(1)
    act(table, 1, "chow 4p")
    pass_all(table)
    meld = table.melds[1][0]
    assert meld.tiles == tuple(parse_tiles("4p 5p 6p"))
    assert meld.wilds == ((parse_tiles("P")[0], parse_tiles("5p")[0]),)
    assert parse_tiles("5p")[0] in table.hands[1]  # the Gold kept
    assert parse_tiles("P")[0] not in table.hands[1]
    assert full_set(table)


def test_the_banker_robs_the_gold_after_discarding_a_tile() -> None:
    """§9.7: East lays out E and takes the indicator 5p as a Gold to pair his 6p: five
    closed suit pungs 5 + the robbed Gold 1 = water 6, ×4, the banker paid 8 × 4 by
    each."""
    table = gold_table([EAST, SOUTH, WEST, NORTH], "5p", deal_window=True)
    assert MahjongAction("rob_gold", parse_tiles("E")[0]) in table.legal_actions(0)
    answer_window(table, {0: "rob_gold E"})
    win = table.wins[0]
    assert win.seat == 0 and win.score.valid
    assert win.payments == [96, -32, -32, -32]
    assert format_tiles(table.aside[0]) == "E"
    assert full_set(table)


def test_the_indicator_drawn_back_beside_four_whites_makes_five_of_its_kind() -> None:
    """§6.2, XM-A3: East holds the four Whites (5p each) and draws the indicator 5p back
    as his second kong supplement: five tiles of the Gold's kind, a pung and a pair, none
    of them a Gold. Closed suit kongs 3 + 3 and a closed suit pung 1: water 7, a wall tile
    ×2, the banker paid (2 + 7) × 2 by each."""
    east = "1m 1m 1m 1m 2m 2m 2m 2m P P P P 3s 4s 5s 6s 7s"
    filler = "8s " + " ".join(FILLER.split()[1:])  # the first supplement: 8s
    table = gold_table([east, SOUTH, WEST, NORTH], "5p", seed=2, filler=filler)
    assert table.state.from_tail == 1
    act(table, 0, "concealed_kong 1m")
    act(table, 0, "concealed_kong 2m")
    assert table.last_drawn(0) == parse_tiles("5p")[0]
    assert format_tiles(table.hands[0]) == "5p 345678s PPPP"
    assert MahjongAction("win") in table.legal_actions(0)
    act(table, 0, "win")
    win = table.wins[0]
    assert win.seat == 0 and win.score.valid and win.score.tally is not None
    assert (win.score.tally.water, win.score.tally.multiplier) == (7, 2)
    assert win.payments == [54, -18, -18, -18]
    assert full_set(table)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_walls_and_their_dice_are_told_from_the_deals_throws(seed: int) -> None:
    """§4: the banker's throw picks P1, who takes first from the inner walls; P1's throw
    picks the breaker of the outer wall and the tile the gap follows; the breaker throws
    for the indicator (§6.1), again after a bonus tile. Told in public events from the
    deal's own dice: the deal itself is the shared one (any fixed way of dealing a
    shuffled wall gives every seat the same chances)."""
    table = Table(XiamenRuleset(), seed=seed)
    walls = [e for e in table.events if e.kind == "walls"]
    assert len(walls) == 1
    w = walls[0]
    d1, d2, d3, d4 = table.dice
    assert w.seat == table.dealer == 0 and w.to is None  # told to everyone
    assert (tuple(w.data["dice"]), tuple(w.data["breaker_dice"])) == ((d1, d2), (d3, d4))
    assert w.data["first"] == (d1 + d2 - 1) % 4
    assert w.data["breaker"] == (w.data["first"] + d3 + d4 - 1) % 4
    assert w.data["break_after"] == d3 + d4
    assert (w.data["inner"], w.data["outer"]) == (64, 80)
    throws = [e for e in table.events if e.kind == "indicator_dice"]
    assert throws and all(e.seat == w.data["breaker"] for e in throws)
    assert sum(throws[-1].data["dice"]) - 1 == table.state.from_tail
    kinds = [e.kind for e in table.events]
    assert kinds.index("walls") < kinds.index("indicator_dice") < kinds.index("shown")


def test_a_prepared_deal_has_no_walls_ritual() -> None:
    table = gold_table([EAST, SOUTH, WEST, NORTH], "5p")
    assert not any(e.kind in ("walls", "indicator_dice") for e in table.events)


def _honour_duty_as_written(ruleset: Any, table: Table, seat: int) -> set[int]:
    """§8.2 read plainly: the honour kinds held exactly once (a White as the Gold's kind,
    the Golds exempt) of which a tile (so read) has been discarded this hand."""
    gold = ruleset._gold_of(table)
    if gold is None:
        return set()

    def kind(t: int) -> int:
        return gold if t == 33 and gold != 33 else t

    held: dict[int, int] = {}
    for t in table.hands[seat]:
        if t != gold:
            held[kind(t)] = held.get(kind(t), 0) + 1
    lone = {k for k, n in held.items() if n == 1 and 27 <= k < 34}
    return lone & {kind(t) for pile in table.discarded for t in pile}


def test_the_honour_duty_is_the_rule_as_written_at_every_step() -> None:
    checked = duties = honour_golds = 0
    for seed in range(40):
        ruleset = make_ruleset("xiamen", {})
        table = Table(ruleset, seed=seed, ask_everyone=False)
        bots = [make_bot("random", seed=4 * seed + s) for s in range(4)]
        gold = None
        while not table.is_over():
            for seat in range(4):
                got = ruleset.honour_duty(table, seat)
                assert got == _honour_duty_as_written(ruleset, table, seat), (seed, seat)
                checked += 1
                duties += bool(got)
            gold = ruleset._gold_of(table)
            seat = table.to_act()[0]
            table.apply(seat, bots[seat].act(table.observation(seat), table.legal_actions(seat)))
        honour_golds += gold is not None and gold >= 27
    assert checked > 1000 and duties > 50 and honour_golds > 0

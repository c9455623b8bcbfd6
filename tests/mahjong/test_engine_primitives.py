"""The engine's primitives one by one: the game core without mahjong in it, wall rules
(reserve, dead wall and its top-up, tail order, bonus tiles in rounds, one throw), the
deal for any seats and hand size, wild tiles in claims, declarations at the end of the
wall, a prevailing Red Dragon, and session payments that need not sum to zero."""

from __future__ import annotations

import random
import subprocess
import sys
from collections import deque
from dataclasses import dataclass, field
from typing import Any

import pytest

import rulebooks
from parlour.core.actions import NOTHING, Action
from parlour.core.match import Setup
from parlour.core.window import Window
from parlour.mahjong.actions import PASS, MahjongAction
from parlour.mahjong.ruleset import WinContext
from parlour.mahjong.session import Session, SessionRules, play_session
from parlour.mahjong.shapes import WildRules
from parlour.mahjong.table import Table, stacked_deal, tile_count_check
from parlour.mahjong.tiles import TILES_84, TILES_136, TILES_144, TILES_148, parse_tiles, tile_name
from parlour.mahjong.wall import Wall, WallRules, deal
from places import ROOT
from rulebooks import KeenBot

CORE = ROOT / "src" / "parlour" / "core"


# -- the core knows no mahjong --------------------------------------------------------------


def test_the_core_imports_no_mahjong() -> None:
    for path in CORE.glob("*.py"):
        assert "parlour.mahjong" not in path.read_text(), path.name
    code = (
        "import sys, parlour.core.actions, parlour.core.game, parlour.core.match, "
        "parlour.core.window, parlour.core.rng, parlour.core.options, parlour.core.errors; "
        "bad = [m for m in sys.modules if m.startswith('parlour.mahjong')]; "
        "assert not bad, bad"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# -- wall rules -----------------------------------------------------------------------------


def stacks(tiles: list[int]) -> deque[list[int]]:
    return deque([tiles[i : i + 2] for i in range(0, len(tiles), 2)])


def test_a_reserve_is_never_drawn_from_either_end() -> None:
    wall = Wall(stacks(list(range(30))), WallRules(reserve=16))
    assert wall.live() == 14
    drawn = [wall.draw() for _ in range(10)] + [wall.draw_tail() for _ in range(4)]
    assert None not in drawn and wall.count == 16 and wall.live() == 0
    assert wall.draw() is None and wall.draw_tail() is None and not wall.can_replace()


def test_the_dead_wall_is_kept_apart_and_topped_up() -> None:
    wall = Wall(stacks(list(range(40))), WallRules(dead_wall=14, dead_wall_min=13))
    assert (wall.live(), wall.dead) == (26, 14)
    assert wall.draw_tail() == 38  # the top of the last stack
    assert (wall.live(), wall.dead) == (26, 13)
    assert wall.draw_tail() == 39
    # 12 left in the dead wall: the live wall's last stack joins it
    assert (wall.live(), wall.dead) == (24, 14)
    while wall.live():
        assert wall.draw() is not None
    assert wall.draw() is None and wall.can_replace() and wall.dead == 14


def test_replacements_may_take_the_bottom_tile_first() -> None:
    wall = Wall(stacks(list(range(10))), WallRules(tail_bottom_first=True))
    assert [wall.draw_tail() for _ in range(3)] == [9, 8, 7]
    assert list(Wall(stacks(list(range(6))), WallRules()).tail()) == [4, 5, 2, 3, 0, 1]


def test_a_tile_taken_from_the_tail_is_set_aside() -> None:
    wall = Wall(stacks(list(range(10))), WallRules())
    assert wall.take_from_tail(3) == 7  # tail order: 8 9 6 7 ...
    assert wall.set_aside == [7] and wall.count == 9
    assert [wall.draw_tail() for _ in range(3)] == [8, 9, 6]
    with pytest.raises(ValueError, match="no tile 99 from the tail"):
        wall.take_from_tail(99)


@pytest.mark.parametrize(
    ("seats", "size", "walls", "stacks_per_wall", "tiles", "hands"),
    [
        (4, 13, None, 18, TILES_144, [14, 13, 13, 13]),
        (3, 13, 4, 18, TILES_144, [14, 13, 13]),  # three players, four walls
        (2, 13, 4, 18, TILES_144, [14, 13]),
        (4, 16, None, 18, TILES_144, [17, 16, 16, 16]),
        (4, 13, None, 17, TILES_136, [14, 13, 13, 13]),
        (3, 13, None, 14, TILES_84, [14, 13, 13]),
    ],
)
def test_the_deal_for_any_seats_and_hand_size(
    seats: int, size: int, walls: int | None, stacks_per_wall: int, tiles: Any, hands: list[int]
) -> None:
    rules = WallRules(num_walls=walls, stacks_per_wall=stacks_per_wall)
    for dealer in range(seats):
        d = deal(
            random.Random(dealer),
            dealer=dealer,
            num_seats=seats,
            hand_size=size,
            tile_set=tiles,
            wall=rules,
        )
        assert [len(h) for h in d.hands] == hands[-dealer:] + hands[:-dealer] if dealer else hands
        left = [t for s in d.wall for t in s]
        assert sorted(left + [t for h in d.hands for t in h]) == tiles.tiles()


def test_one_throw_breaks_the_wall() -> None:
    d = deal(
        random.Random(1),
        dealer=0,
        num_seats=4,
        hand_size=13,
        tile_set=TILES_136,
        wall=WallRules(stacks_per_wall=17, break_throws=1),
    )
    assert len(d.dice) == 2


@pytest.mark.parametrize(
    ("rules", "kwargs", "message"),
    [
        (WallRules(), {"tile_set": TILES_136}, "136 tiles, but 4 walls of 18 stacks"),
        (
            WallRules(num_walls=3),
            {"tile_set": TILES_144},
            "144 tiles, but 3 walls of 18 stacks two high hold 108",
        ),
        (
            WallRules(reserve=100),
            {"tile_set": TILES_144},
            "4 hands of 13 leave no wall to play from",
        ),
    ],
)
def test_a_wall_that_does_not_fit_is_refused(
    rules: WallRules, kwargs: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        rules.check(num_seats=4, hand_size=13, **kwargs)


def test_wall_rules_are_checked() -> None:
    with pytest.raises(ValueError, match="break_throws must be 1 or 2"):
        WallRules(break_throws=3)
    with pytest.raises(ValueError, match="reserve must be a whole number"):
        WallRules(reserve=-1)


class DeadWall(rulebooks.SimpleRules):
    """A dead wall of 14 topped up to 13, bonus tiles replaced in rounds."""

    name = "test-dead-wall"
    wall = WallRules(dead_wall=14, dead_wall_min=13, bonus_in_rounds=True)


def test_a_hand_ends_when_the_live_wall_is_empty_and_the_dead_wall_stays() -> None:
    drawn = 0  # hands that ran to the end of the wall, whose end is checked
    for seed in range(5):
        table = Table(DeadWall(), seed=seed, ask_everyone=False)
        rng = random.Random(seed)
        while not table.is_over():
            seat = table.to_act()[0]
            legal = table.legal_actions(seat)
            table.apply(seat, rng.choice([a for a in legal if a[0] != "win"] or legal))
            assert table.wall.dead >= 13 or not table.wall.live()
            assert tile_count_check(table) == list(TILES_144.counts)
        if not table.wins:
            assert table.wall.live() == 0 and table.wall_count() >= 13
            drawn += 1
    # wins are never taken: all five hands run to the end of the wall
    assert drawn == 5


def test_bonus_tiles_dealt_are_replaced_in_rounds() -> None:
    hands = [
        "123456789m 1234p f1",  # East: one flower, its replacement is a flower too
        "12345678p 1234s f2",
        "12345678s 1234m x1",
        "666m 777p 888s 999s C",
    ]
    # replacements in the order drawn: East gets x2 (a bonus: waits for East's next
    # round), South E, West S, then East again W
    table = Table(DeadWall(), deal=stacked_deal(hands, replacements="x2 E S W"))
    laid = [(e.seat, e.data["tile"]) for e in table.events if e.kind == "bonus"]
    assert laid == [(0, "f1"), (1, "f2"), (2, "x1"), (0, "x2")]
    assert table.bonus[0] == parse_tiles("f1 x2")
    names = [[tile_name(t) for t in h] for h in table.hands]
    assert "W" in names[0] and "E" in names[1] and "S" in names[2]
    assert [len(h) for h in table.hands] == [14, 13, 13, 13]


# -- wild tiles in claims -------------------------------------------------------------------


class WildPungs(rulebooks.SimpleRules):
    """The 2 Bamboos are wild, and a claimed pung or kong may hold them (a goulash)."""

    name = "test-wild-pungs"

    def wild_rules(self, table: Any) -> WildRules:
        return WildRules(wild_tile=19, max_in_set=1, max_in_kong=2)

    def claim_wilds(self, table: Any) -> WildRules:
        return self.wild_rules(table)


def test_a_claim_may_use_a_wild_tile_where_the_rules_allow_it() -> None:
    hands = [
        "123456789m 1234p C",
        "2s 2s C 123p 456p 789p 1m",  # one natural C and two wild 2 Bamboos
        "123456789s 1234m",
        "666m 666p 666s 777m 8p",
    ]
    table = Table(WildPungs(), deal=stacked_deal(hands), ask_everyone=False)
    table.apply(0, table.parse_action("discard C"))
    offered = [table.format_action(a) for a in table.legal_actions(1)]
    assert "pung C with 2s*" in offered and "kong C with 2s* 2s*" in offered
    assert "pung C" not in offered  # one natural C is not enough
    table.apply(1, table.parse_action("pung C with 2s*"))
    meld = table.melds[1][0]
    assert str(meld).startswith("[") and meld.wilds == ((19, 31),)
    assert tile_count_check(table) == list(TILES_144.counts)
    plain = Table(rulebooks.SimpleRules(), deal=stacked_deal(hands), ask_everyone=False)
    plain.apply(0, plain.parse_action("discard C"))  # without wild claims: nobody is asked
    assert plain.phase == "turn" and plain.current == 1


def test_a_concealed_kong_may_be_completed_with_wilds() -> None:
    hands = [
        "EEE 2s 12345678m 12p",
        "123456789p 1234s",
        "123456789s 1234m",
        "666m 666p 666s 777m 8p",
    ]
    table = Table(WildPungs(), deal=stacked_deal(hands), ask_everyone=False)
    offered = [table.format_action(a) for a in table.legal_actions(0)]
    assert "concealed_kong E with 2s*" in offered
    table.apply(0, table.parse_action("concealed_kong E with 2s*"))
    assert table.melds[0][0].wilds == ((19, 27),)
    assert tile_count_check(table) == list(TILES_144.counts)


# -- declarations at the end of the wall ------------------------------------------------------


class LastCall(rulebooks.SimpleRules):
    """When the wall runs out, every seat in turn from the dealer may knock (a special
    win) before the hand is drawn."""

    name = "test-last-call"
    kinds = (("knock", NOTHING),)

    def before_draw(self, table: Table) -> bool:
        n = table.num_seats
        table.open_window(
            "last_call",
            [(table.dealer + k) % n for k in range(n)],
            lambda s: [PASS, MahjongAction("knock")],
            lambda w: self._resolve(table, w),
            ordered=True,
            closes=lambda s, a: a[0] == "knock",
        )
        return True

    def _resolve(self, table: Table, window: Window) -> None:
        knocked = [s for s, a in window.answers.items() if a[0] == "knock"]
        if knocked:
            seat = knocked[0]
            tile = table.hands[seat][-1]
            table.declare_wins([(seat, tile, WinContext(self_drawn=True))])
        else:
            table.end_drawn()


def play_to_the_end_of_the_wall(seed: int) -> Table:
    table = Table(LastCall(), seed=seed, ask_everyone=False)
    rng = random.Random(seed)
    while table.phase != "last_call":
        seat = table.to_act()[0]
        legal = [a for a in table.legal_actions(seat) if a[0] not in ("win", "rob")]
        table.apply(seat, rng.choice(legal))
    return table


def test_a_window_of_declarations_opens_at_the_end_of_the_wall() -> None:
    table = play_to_the_end_of_the_wall(3)
    asked = []
    while not table.is_over():
        (seat,) = table.to_act()
        asked.append(seat)
        table.apply(seat, Action("pass"))
    assert asked == [0, 1, 2, 3]
    result = table.result()
    assert result is not None and result["draw"] and table.events[-1].kind == "exhaustive_draw"
    knocked = play_to_the_end_of_the_wall(3)
    knocked.apply(0, Action("pass"))
    knocked.apply(1, knocked.parse_action("knock"))
    result = knocked.result()
    assert result is not None and result["wins"][0]["seat"] == 1 and result["payments"][1] == 6


# -- a prevailing Red Dragon; seat names --------------------------------------------------------


class CentreRound(rulebooks.SimpleRules):
    name = "test-centre"
    prevailing_values = "ESWNC"


def test_the_prevailing_value_may_be_the_red_dragon() -> None:
    table = Table(CentreRound(), seed=1, prevalent="C")
    assert table.observation(0)["prevailing"] == "C"
    with pytest.raises(ValueError, match="prevailing value must be one of E, S, W, N, not 'C'"):
        Table(seed=1, prevalent="C")


# -- session payments that need not sum to zero -----------------------------------------------


class LossLimit(SessionRules):
    """No player loses more than 1 in a hand; winners keep what they won."""

    def adjust_payments(
        self, session: Session, setup: Setup, result: Any, payments: list[int]
    ) -> list[int]:
        return [max(-1, p) for p in payments]


def test_session_payments_may_be_adjusted() -> None:
    adjusted = 0
    for seed in range(6):
        session = play_session(
            [KeenBot(seed * 4 + i) for i in range(4)],
            seed=seed,
            ruleset=rulebooks.SimpleRules(),
            session_rules=LossLimit(rounds="E", starting_score=100),
        )
        for o in session.outcomes:
            raw = [0] * 4
            for seat, amount in enumerate(o.result["payments"]):
                raw[o.setup.seating[seat]] += amount
            assert list(o.payments) == [max(-1, p) for p in raw]
            adjusted += list(o.payments) != raw
        assert session.scores == [
            100 + sum(o.payments[p] for o in session.outcomes) for p in range(4)
        ]
        assert session.result() is not None
    assert adjusted >= 1  # some hand's losers were spared, and the totals no longer balance


# -- a tile set for one hand, read from the hand's flags ----------------------------------------


class Goulash(rulebooks.SimpleRules):
    """A goulash hand (flag ``goulash``) adds four jokers: 148 tiles, 74 stacks."""

    name = "test-goulash"

    def tiles_of(self, flags: Any) -> Any:
        return TILES_148 if flags.get("goulash") else TILES_144

    def wall_of(self, flags: Any) -> WallRules:
        return WallRules(longer_walls=2) if flags.get("goulash") else WallRules()


def test_a_hands_flags_choose_its_tile_set_and_walls() -> None:
    plain = Table(Goulash(), seed=3)
    goulash = Table(Goulash(), seed=3, flags={"goulash": True})
    assert plain.tile_set is TILES_144 and goulash.tile_set is TILES_148
    assert tile_count_check(goulash) == list(TILES_148.counts)
    assert sum(tile_count_check(goulash)) == 148
    with pytest.raises(ValueError, match=r"2 walls .* \(2 a stack longer\)|148 tiles, but"):
        WallRules(num_walls=2, longer_walls=2).check(TILES_148, num_seats=4, hand_size=13)
    with pytest.raises(ValueError, match="5 longer walls, but only 4 walls"):
        WallRules(longer_walls=5).check(TILES_148, num_seats=4, hand_size=13)


# -- hooks that keep per-hand state: every discard, every closed window --------------------------


@dataclass(slots=True)
class MissedWinState:
    """The state of a ``test-missed-win`` hand."""

    frozen: set[int] = field(default_factory=set)
    """The seats that passed a win offered on a discard, until their next turn."""
    quiet: bool = False
    """The last discard was a Red Dragon: nobody claims it."""
    discards: int = 0
    """The discards made so far."""


class MissedWin(rulebooks.SimpleRules):
    """A seat that passes a win it was offered on a discard may not win on a discard
    until its own next turn; a discard of a Red Dragon starts a 'quiet round' in which
    nobody claims."""

    name = "test-missed-win"

    def new_state(self, table: Table) -> MissedWinState:
        return MissedWinState()

    def on_discard(self, table: Table, seat: int, tile: int) -> None:
        table.state.discards += 1
        table.state.quiet = tile == 31
        table.state.frozen.discard(seat)  # its own turn has come and gone

    def window_closed(self, table: Table, window: Window) -> None:
        for seat, answer in window.answers.items():
            offered = window.offered.get(seat, [])
            if answer[0] == "pass" and any(a[0] == "win" for a in offered):
                table.state.frozen.add(seat)

    def allows(self, table: Table, seat: int, action: Action) -> bool:
        if action[0] in ("chow", "pung", "kong") and table.state.quiet:
            return False
        return not (action[0] == "win" and action[1] is not None and seat in table.state.frozen)


def test_rulesets_see_every_discard_and_every_closed_window() -> None:
    hands = [
        "123m 456m 789m 11p 2p 9s C",
        "1p 23456789s 1234m",
        "123s 456s 789s 55p 23p",  # West waits on 1p or 4p
        "147m 258p 369s ESW C",
    ]
    deal_ = stacked_deal(hands, draws="E S W 4p N F")
    table = Table(MissedWin(), deal=deal_, ask_everyone=False)
    table.apply(0, table.parse_action("discard C"))  # a quiet round: nobody claims
    assert table.state.quiet and table.phase == "turn" and table.current == 1
    table.apply(1, table.parse_action("discard E"))
    table.apply(2, table.parse_action("discard S"))
    table.apply(3, table.parse_action("discard W"))
    table.apply(0, table.parse_action("discard 4p"))
    assert table.to_act() == (2,) and Action("win", 12) in table.legal_actions(2)
    table.apply(2, Action("pass"))  # West passes the win it was offered: frozen
    assert table.state.frozen == {2} and table.state.discards == 5
    table.apply(1, table.parse_action("discard 1p"))  # West waits on 1p, but is frozen
    assert table.phase == "claim" and 2 in table.to_act()
    offered = table.legal_actions(2)
    assert Action("chow", 9) in offered and not any(a[0] == "win" for a in offered)
    for seat in table.to_act():
        table.apply(seat, Action("pass"))
    assert table.phase == "turn" and table.current == 2
    table.apply(2, table.parse_action("discard F"))  # West's own turn ends the freeze
    assert table.state.frozen == set()


# -- helpers for rulesets: tiles laid aside, kongs out of turn, wall tiles shown or taken ---------


def test_a_tile_laid_aside_is_public_and_accounted_for() -> None:
    table = Table(rulebooks.SimpleRules(), seed=4)
    tile = table.hands[0][0]
    drawn = table.lay_aside(0, tile)
    assert drawn is not None and len(table.hands[0]) == 14
    assert table.aside[0] == [tile] and tile_count_check(table) == list(TILES_144.counts)
    table.lay_aside(1, table.hands[1][0], replace=False)
    assert len(table.hands[1]) == 12 and not table.legal_actions(1)
    assert all(table.observation(s)["aside"][0] == tile_name(tile) for s in range(4))
    assert table.events[-1].kind == "aside" and table.events[-1].to is None


def test_a_kong_dealt_is_declared_before_play() -> None:
    hands = [
        "1111m 23456789m 12p",
        "123456789p 1234s",
        "123456789s 2345m",
        "666m 666p 666s 777m 8p",
    ]
    table = Table(rulebooks.SimpleRules(), deal=stacked_deal(hands, replacements="E"))
    drawn = table.kong_from_hand(0, 0)
    assert drawn == 27 and str(table.melds[0][0]) == "{1111m}" and len(table.hands[0]) == 11
    assert table.current == 0 and table.phase == "turn"
    assert table.observation(1)["melds"][0] == ["{????}"]
    assert tile_count_check(table) == list(TILES_144.counts)
    with pytest.raises(ValueError, match="holds no four"):
        table.kong_from_hand(1, 9)


def test_wall_tiles_are_shown_in_place_or_taken_into_a_hand() -> None:
    table = Table(rulebooks.SimpleRules(), seed=6)
    shown = table.show_wall_tile(2)
    assert list(table.wall.tail())[2] == shown and table.events[-1].kind == "shown"
    count = table.wall_count()
    taken = table.take_from_tail(0, to=1)
    assert taken in table.hands[1] and table.wall_count() == count - 1
    assert table.wall.set_aside == [] and tile_count_check(table) == list(TILES_144.counts)


def test_a_wall_tile_taken_face_down_leaves_play_unseen() -> None:
    table = Table(rulebooks.SimpleRules(), seed=6)
    count = table.wall_count()
    beneath = list(table.wall.tail())[4]
    taken = table.take_from_tail(4, face_down=True)
    assert taken == beneath and table.wall.set_aside == [beneath]
    assert table.wall_count() == count - 1
    assert dict(table.events[-1].data) == {"face_down": True}  # no tile named
    assert tile_count_check(table) == list(TILES_144.counts)
    shown = [e for e in table.events if e.kind == "set_aside"]
    assert shown and all(e.visible_to(s) for e in shown for s in range(4))  # told to all

"""Test-only rulebooks: each proves one primitive of the engine end to end.

They are small rule systems written the way a real one is (data and a few hooks, never
an edit to the table) and registered by name, so that sessions, records, replay and
validation work for them as for MCR:

* ``test-three-seats``: three seats named banker/right/left, the 84-tile two-suit set,
  walls of 14 stacks broken by one throw, no chows, seven pairs;
* ``test-gold``: 16-tile hands; a Gold kind turned up from the tail after the deal with
  the table's seeded generator; an ordered window after the deal in which the holders of
  three Golds may knock (a special win); a discarded Gold cannot be claimed;
* ``test-exchange``: three rounds of a simultaneous, face-down exchange of three tiles;
* ``test-double-win``: several seats may win on one discard or one robbed kong, each paid
  by the discarder (three seats on the 84 tiles, as in the game that has the rule);
* ``test-kept-draw``: the last four live tiles are drawn and kept, with no discard;
* ``test-disclosure``: a discard may carry a declaration that makes the hand public in
  every other seat's observation; a hand drawn pays the first discloser's penalty;
* ``test-kong-payments``: kongs paid at once (direct 2 from the discarder, added 1 and
  concealed 2 from each other seat, doubled along a chain of kongs);
* ``test-dreamer``: five players at four seats, one sitting out each hand;
* ``test-winner-deals``: the winner deals the next hand.

Every one scores a win simply (1 point, 2 self-drawn; the discarder or robbed seat pays
it, or each other seat when self-drawn), so that random play wins often enough.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from parlour.core.actions import NOTHING, Action, Several
from parlour.core.match import Setup, hand_seed
from parlour.core.window import Window
from parlour.mahjong.actions import PASS, TILE, MahjongAction
from parlour.mahjong.melds import Meld
from parlour.mahjong.rules import register_ruleset
from parlour.mahjong.ruleset import Ruleset, WinContext, WonHand
from parlour.mahjong.scoring import PatternLine, Score
from parlour.mahjong.session import Session, SessionRules, winners
from parlour.mahjong.shapes import AnyShapeWithWilds, WildRules, shanten, shanten_of
from parlour.mahjong.table import Table
from parlour.mahjong.tiles import TILES_84, Tile, parse_tiles, tile_name
from parlour.mahjong.wall import WallRules


class KeenBot:
    """Takes every win and special move (knock), claims melds and kongs often, plays
    at random otherwise."""

    name = "keen"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        for kind in ("win", "rob", "knock"):
            for a in legal:
                if a[0] == kind:
                    return a
        kongs = [a for a in legal if a[0] in ("kong", "concealed_kong", "added_kong")]
        if kongs:
            return kongs[0]
        melds = [a for a in legal if a[0] in ("pung", "chow")]
        if melds and self.rng.random() < 0.8:
            return self.rng.choice(melds)
        declared = [a for a in legal if a[0] == "discard" and type(a[1]) is tuple]
        if declared and self.rng.random() < 0.5:
            return self.rng.choice(declared)
        return self.rng.choice(list(legal))


class ReadyBot:
    """Plays towards a ready concealed hand: takes every win, claims nothing, discards
    the tile that leaves the lowest shanten (ties at random)."""

    name = "ready"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        for a in legal:
            if a[0] in ("win", "rob"):
                return a
        discards = [a for a in legal if a[0] == "discard" and type(a[1]) is int]
        if not discards:
            return next((a for a in legal if a[0] == "pass"), legal[0])
        hand = parse_tiles(observation["hand"])
        best: tuple[tuple[int, float], Action] | None = None
        for a in discards:
            rest = list(hand)
            rest.remove(a[1])
            key = (shanten_of(rest) if len(rest) == 13 else 9, self.rng.random())
            if best is None or key < best[0]:
                best = (key, a)
        assert best is not None
        return best[1]


class SimpleRules(Ruleset):
    """Any complete hand wins: 1 point, 2 when self-drawn; the discarder (or robbed
    seat) pays the winner, or every other seat pays when self-drawn."""

    name = "test-simple"

    def score(self, hand: WonHand) -> Score:
        total = 2 if hand.how.self_drawn else 1
        return Score(True, total, (PatternLine("Win", total),))

    def settle(self, table: Any, seat: int, score: Score, how: WinContext) -> list[int]:
        n = table.num_seats
        out = [0] * n
        if how.self_drawn:
            for s in range(n):
                if s != seat:
                    out[s] -= score.total
                    out[seat] += score.total
        else:
            assert how.discarder is not None
            out[how.discarder] -= score.total
            out[seat] += score.total
        return out


class ThreeSeats(SimpleRules):
    """Three seats, 84 tiles (circles, bamboos, dragons), 3 walls of 14 stacks."""

    name = "test-three-seats"
    num_seats = 3
    tile_set = TILES_84
    wall = WallRules(stacks_per_wall=14, break_throws=1)
    seat_names = ("banker", "right", "left")
    win_shapes = ("regular", "seven_pairs")

    def may_chow(self, claimer: int, discarder: int) -> bool:
        return False


KNOCK = "knock"


@dataclass(slots=True)
class GoldState:
    """The state of a ``test-gold`` hand."""

    gold: Tile | None = None
    """The Gold kind, once turned up."""
    indicator: Tile | None = None
    """The tile turned up from the tail (the Gold kind itself here)."""


class Gold(SimpleRules):
    """16-tile hands, a Gold kind chosen after the deal, three Golds knock."""

    name = "test-gold"
    hand_size = 16
    win_shapes = ("regular",)
    special_shapes = (AnyShapeWithWilds(3, "three_golds"),)
    kinds = ((KNOCK, NOTHING),)

    def new_state(self, table: Table) -> GoldState:
        return GoldState()

    def after_deal(self, table: Table) -> None:
        # turn up tiles counted from the tail until one is not a bonus tile
        while True:
            tile = table.take_from_tail(table.rng.randrange(12))
            if not self.is_bonus(tile):
                break
        table.state.indicator = tile
        table.state.gold = tile
        table.rules_changed()
        n = table.num_seats
        order = [(table.dealer + k) % n for k in range(n)]
        table.open_window(
            "after_deal",
            order,
            lambda s: [PASS, MahjongAction(KNOCK)] if self._golds(table, s) >= 3 else [PASS],
            lambda w: self._after_window(table, w),
            ordered=True,
            closes=lambda s, a: a[0] == KNOCK,
            info={"gold": tile_name(tile)},
        )

    def _golds(self, table: Table, seat: int) -> int:
        return table.hands[seat].count(table.state.gold)

    def _after_window(self, table: Table, window: Window) -> None:
        knockers = [s for s, a in window.answers.items() if a[0] == KNOCK]
        if knockers:
            seat = knockers[0]
            tile = table.hands[seat][-1]
            table.declare_wins([(seat, tile, WinContext(self_drawn=True, first_turn=True))])
        else:
            table.start_turn(table.dealer)

    def wild_rules(self, table: Table) -> WildRules | None:
        gold = table.state.gold if isinstance(table.state, GoldState) else None
        return None if gold is None else WildRules(wild_tile=gold)

    def unclaimable(self, table: Table, tile: Tile) -> bool:
        return tile == table.state.gold

    def observe(self, table: Table, seat: int) -> dict[str, Any]:
        gold = table.state.gold
        return {"gold": None if gold is None else tile_name(gold)}


EXCHANGE = "exchange"
EXCHANGE_ROUNDS = (((0, 2), (1, 3)), ((0, 1), (2, 3)), ((0, 3), (1, 2)))
"""The pairs of each round, as seat offsets from the dealer: across, right, left."""


@dataclass(slots=True)
class ExchangeState:
    """The state of a ``test-exchange`` hand."""

    round: int = 0
    """The exchanges done so far (0 to 3)."""


class Exchange(SimpleRules):
    """Three rounds of passing three tiles face down, all chosen before any is passed."""

    name = "test-exchange"
    kinds = ((EXCHANGE, Several(TILE, 3)),)

    def new_state(self, table: Table) -> ExchangeState:
        return ExchangeState()

    def after_deal(self, table: Table) -> None:
        self._open(table)

    def _open(self, table: Table) -> None:
        r = table.state.round
        table.open_window(
            EXCHANGE,
            [(table.dealer + k) % table.num_seats for k in range(table.num_seats)],
            lambda s: choices(table.hands[s], 3),
            lambda w: self._exchange(table, w),
            info={"round": r + 1},
            ask="everyone",
        )

    def _exchange(self, table: Table, window: Window) -> None:
        r = table.state.round
        n = table.num_seats
        chosen = {s: window.answers[s][1] for s in window.seats}
        for a, b in EXCHANGE_ROUNDS[r]:
            x, y = (table.dealer + a) % n, (table.dealer + b) % n
            table.pass_tiles(x, y, chosen[x])  # y still holds what it chose
            table.pass_tiles(y, x, chosen[y])
        table.state.round = r + 1
        if r + 1 < len(EXCHANGE_ROUNDS):
            self._open(table)
        else:
            table.start_turn(table.dealer)


def choices(hand: list[Tile], k: int) -> list[Action]:
    """Every distinct choice of ``k`` tiles from ``hand``, as exchange actions."""
    seen = sorted(set(itertools.combinations(sorted(hand), k)))
    return [MahjongAction(EXCHANGE, c) for c in seen]


class DoubleWin(SimpleRules):
    """Several seats may win on one discard or robbed kong: three seats on the 84 tiles,
    no chows (the game where two may win at once)."""

    name = "test-double-win"
    several_winners = True
    num_seats = 3
    tile_set = TILES_84
    wall = WallRules(stacks_per_wall=14, break_throws=1)

    def may_chow(self, claimer: int, discarder: int) -> bool:
        return False


KEEP = "keep"
HAITEI = 4


class KeptDraw(SimpleRules):
    """The last four live tiles are drawn one per turn and kept: win or keep, never
    discard or kong."""

    name = "test-kept-draw"
    kinds = ((KEEP, NOTHING),)

    def _kept(self, table: Table, seat: int) -> bool:
        return (
            table.phase == "turn"
            and table.current == seat
            and table.drew
            and table.wall.live() < HAITEI
        )

    def special_actions(self, table: Table, seat: int) -> list[Action]:
        return [MahjongAction(KEEP)] if self._kept(table, seat) else []

    def allows(self, table: Table, seat: int, action: Action) -> bool:
        if action[0] in ("discard", "concealed_kong", "added_kong"):
            return not self._kept(table, seat)
        return True

    def apply_special(self, table: Table, seat: int, action: Action) -> None:
        assert action[0] == KEEP
        table.events.append(_event("kept", seat))
        table.next_turn(seat)


def _event(kind: str, seat: int) -> Any:
    from parlour.core.game import Event

    return Event(kind, seat)


@dataclass(slots=True)
class DisclosureState:
    """The state of a ``test-disclosure`` hand."""

    disclosed: list[int] = field(default_factory=list)
    """The seats that disclosed their hands, in order."""


class Disclosure(SimpleRules):
    """A discard that leaves the hand ready may disclose it: everyone sees the hand from
    then on, and the disclosed seat only wins or discards what it drew, never claims a
    meld. A hand drawn: the first discloser pays 1 to each other seat."""

    name = "test-disclosure"

    def new_state(self, table: Table) -> DisclosureState:
        return DisclosureState()

    def special_actions(self, table: Table, seat: int) -> list[Action]:
        if seat in table.state.disclosed or not table.drew:
            return []
        hand = table.hands[seat]
        out: list[Action] = []
        for t in sorted(set(hand)):
            rest = list(hand)
            rest.remove(t)
            if shanten(rest, table.melds[seat], model="loose") == 0:
                out.append(MahjongAction("discard", (t, "declare")))
        return out

    def declare(self, table: Table, seat: int, action: Action) -> None:
        table.state.disclosed.append(seat)
        table.reveal(seat)

    def allows(self, table: Table, seat: int, action: Action) -> bool:
        if seat not in table.state.disclosed:
            return True
        kind = action[0]
        if kind in ("chow", "pung", "kong", "concealed_kong", "added_kong"):
            return False
        if kind == "discard":
            return action[1] == table.last_drawn(seat)
        return True

    def draw_payments(self, table: Table) -> list[int]:
        n = table.num_seats
        out = [0] * n
        if table.state.disclosed:
            first = table.state.disclosed[0]
            for s in range(n):
                if s != first:
                    out[s] += 1
                    out[first] -= 1
        return out

    def observe(self, table: Table, seat: int) -> dict[str, Any]:
        return {"disclosed": list(table.state.disclosed)}


class KongPayments(SimpleRules):
    """Kongs are paid when they stand: a direct kong 2 from the discarder, an added kong
    1 from each other seat, a concealed kong 2 from each; the c-th kong of a chain pays
    2^(c-1) times as much."""

    name = "test-kong-payments"

    def kong_payments(self, table: Table, seat: int, meld: Meld, chain: int) -> list[int]:
        n = table.num_seats
        factor = 2 ** (chain - 1)
        out = [0] * n
        if meld.exposed and not meld.added:
            assert meld.claimed_from is not None
            payer = (seat + meld.claimed_from) % n
            out[payer] -= 2 * factor
            out[seat] += 2 * factor
        else:
            each = (1 if meld.added else 2) * factor
            for s in range(n):
                if s != seat:
                    out[s] -= each
                    out[seat] += each
        return out


class Dreamer(SimpleRules):
    """Played by five: four at the table, the fifth (the dreamer) sits out."""

    name = "test-dreamer"


class DreamerSession(SessionRules):
    """Five players for four seats: player 4 starts out; after each hand a dealer who
    did not win leaves the table and the dreamer takes that seat; the deal passes on.
    The dreamer is paid nothing. Eight hands."""

    def num_players(self, num_seats: int) -> int:
        return num_seats + 1

    def first_setup(self, session: Session) -> Setup:
        return Setup(1, hand_seed(session.seed, 0), (0, 1, 2, 3), prevailing="E", resting=(4,))

    def next_setup(self, session: Session, last: Setup, result: Mapping[str, Any]) -> Setup | None:
        if last.number >= 8:
            return None
        seating = list(last.seating)
        resting = last.resting
        if last.dealer not in winners(result):
            out = seating[last.dealer]
            seating[last.dealer] = resting[0]
            resting = (out,)
        return Setup(
            last.number + 1,
            hand_seed(session.seed, last.number),
            tuple(seating),
            dealer=(last.dealer + 1) % session.num_seats,
            prevailing="E",
            resting=resting,
        )


class WinnerDeals(SimpleRules):
    """The winner deals next (the dealer stays after a draw)."""

    name = "test-winner-deals"


RULEBOOKS: dict[str, type[Ruleset]] = {
    cls.name: cls
    for cls in (
        ThreeSeats,
        Gold,
        Exchange,
        DoubleWin,
        KeptDraw,
        Disclosure,
        KongPayments,
        Dreamer,
        WinnerDeals,
    )
}

SESSIONS: dict[str, SessionRules] = {
    "test-three-seats": SessionRules(rounds="ES"),
    "test-gold": SessionRules(rounds="E"),
    "test-exchange": SessionRules(rounds="E"),
    "test-double-win": SessionRules(rounds="E"),
    "test-kept-draw": SessionRules(rounds="E"),
    "test-disclosure": SessionRules(rounds="E"),
    "test-kong-payments": SessionRules(rounds="E"),
    "test-dreamer": DreamerSession(),
    "test-winner-deals": SessionRules(winner_deals=True, dealer_stays_on_draw=True, max_hands=8),
}


def register() -> None:
    for name, cls in RULEBOOKS.items():
        register_ruleset(cls, SESSIONS[name])


register()

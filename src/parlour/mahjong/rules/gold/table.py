"""Fujian gold mahjong at the table: the Xiamen and Quanzhou profiles (``xiamen-gold.md``)
on the shared procedure; the winner's hand is scored by :mod:`parlour.mahjong.rules.gold`.

What the rulebook changes from the shared procedure, each in one hook:

* the hand (§2, §4, §7): 144 tiles, 16-tile hands (the banker 17), 16 tiles never drawn
  (the hand is drawn when only they are left: ``WallRules.reserve``), supplements from
  the tail, bonus tiles laid out and replaced in rounds after the deal (§5.1). The deal
  is the shared one (four walls of 18 stacks, two stacks at a time): the inner and
  outer walls of §4 are approximated by it;
* the Gold (§6): after the deal the indicator is counted from the tail with two dice
  thrown with ``table.rng`` and turned up where it lies (:meth:`after_deal`); a bonus
  tile means another throw. The other three of its kind are Gold (wild), every White
  takes its face value (:meth:`wild_rules`). The indicator stays in the wall; drawn
  later as a supplement it is an ordinary tile (XM-A3): the table knows which seat drew
  it from the supplements drawn since it was turned up;
* claims (§8): no Gold in a claimed chow or pung, nor in any kong (:meth:`allows`); a
  discarded Gold cannot be claimed (:meth:`unclaimable`); one winner, the nearest in
  turn order (the shared rule); the duty to discard a lone honour of a kind already
  discarded (§8.2, :meth:`allows`);
* after the deal (§9.6-§9.9, XM-A5): one window in which every seat answers at once:
  the heavenly win (Xiamen), then a three gold knocker, then robbing the Gold (Xiamen;
  non-bankers nearest the banker first, then the banker, who names the tile he
  discards: it is laid aside face up);
* floats (§9.3-§9.5): a Gold discarded leaving five sets and a lone Gold starts a float
  round (:meth:`on_discard`): no chow, pung or direct kong, and no win on a discard or a
  robbed kong (others only with ``others_discard_win_during_float``); the floater's next
  wall win is a double, then a triple float;
* the end of the wall (§9.6b, XM-A8): whoever holds the three Golds may knock instead of
  the draw, in a window that opens at every end of the wall whoever holds what (so
  being asked tells a seat nothing of the others' hands: :meth:`before_draw`);
* Quanzhou's eighth bonus tile wins at once (§11.4): dealt, or drawn (``eight``);
* scoring (§9-§11): the winner's hand as a :class:`~parlour.mahjong.rules.gold.GoldHand`
  (banker = dealer, stays = ``table.streak``, or with
  ``qz_banker_increment_by_multiplier`` the increments in the hand's flags; wall /
  discard / robbed kong; gold floats read from the hand; heavenly and earthly wins in
  Xiamen), paid by each other seat;
* the match (§3.3): the banker keeps the deal on a win or a draw; the streak is the
  stay count;
* the table options ``missed_claim_freeze`` (:meth:`window_closed`) and
  ``false_float_forfeit``; the others are the scorer's.

A White stands for the indicator's kind in a claimed chow too (the table's chows take
substitutes); not played: a White in a claimed pung, or a discarded White claimed as
the indicator's kind; the walls of §4 (the shared deal stands for them); false wins and long or
short hands (§12: the table offers only valid wins and keeps every hand's size).

>>> r = XiamenRuleset()
>>> r.hand_size, r.wall.reserve, r.name
(16, 16, 'xiamen')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from parlour.core.actions import NOTHING, Action, OneOf
from parlour.core.errors import InvalidHand
from parlour.mahjong.actions import PASS, TILE, MahjongAction
from parlour.mahjong.melds import Meld
from parlour.mahjong.rules.gold.scoring import (
    OPTIONS,
    GoldHand,
    _normal_meld,
    banker_base,
    bases_for,
    float_multiplier,
    float_pair,
    regular_readings,
    resolve_options,
    score_hand,
    wild_rules,
    wins,
)
from parlour.mahjong.rules.gold.session import GoldSession
from parlour.mahjong.ruleset import (
    HandHints,
    Ruleset,
    Wager,
    WinContext,
    WonHand,
    ruleset_state,
)
from parlour.mahjong.scoring import Score
from parlour.mahjong.session import SessionRules
from parlour.mahjong.shapes import WildRules
from parlour.mahjong.tiles import (
    BONUS_TILES,
    JOKER,
    NUM_KINDS,
    TILES_144,
    WHITE,
    Tile,
    parse_tiles,
    tile_name,
)
from parlour.mahjong.wall import WallRules

if TYPE_CHECKING:
    from parlour.mahjong.table import Table

GOLD_WALL = WallRules(reserve=16, bonus_in_rounds=True)
"""144 tiles in four walls of 18 stacks (the shared deal stands for §4's inner and outer
walls); 16 tiles never drawn (§7); bonus tiles dealt replaced in rounds (§5.1)."""

HONOURS = range(27, NUM_KINDS)
KNOCK = "knock"
ROB_GOLD = "rob_gold"
EIGHT = "eight"
LAST_TURN = "last_turn"
"""The window of declarations when the hand would end drawn (§9.6b)."""
AFTER_DEAL = "after_deal"
"""The window after the Gold is turned up (§9.6-§9.9, XM-A5)."""
_MELD_CLAIMS = frozenset(("chow", "pung", "kong"))
_KONGS = frozenset(("concealed_kong", "added_kong"))
_FLOAT_LIMITED = frozenset(("chow", "pung", "kong", "win", "rob"))
_FROZEN = frozenset(("win", "rob", "pung", "kong"))
_WINS = frozenset(("win", "rob", "knock", "rob_gold"))


@dataclass(slots=True)
class GoldHandState:
    """The gold ruleset's own state of one hand (``table.state``), made by
    :meth:`GoldRuleset.new_state` and changed only by the deal and the actions, so that
    a replay rebuilds it.

    >>> GoldHandState().gold is None, GoldHandState().frozen
    (True, {})
    """

    gold: Tile | None = None
    """The Gold kind (the indicator's kind), once the indicator is turned up."""
    indicator: Tile | None = None
    """The indicator turned up after the deal (§6.1)."""
    from_tail: int | None = None
    """Where the indicator lies in the wall, counted from the tail (0: the tail tile)."""
    shown_at: int | None = None
    """How many events the table had when the indicator was turned up (the supplements
    drawn since then tell who draws it, XM-A3)."""
    indicator_out: bool = False
    """The indicator, drawn back from the wall, has been discarded."""
    indicator_river: tuple[int, int] | None = None
    """Where the discarded indicator lies: its discarder's seat and its place in his
    river."""
    discard_is_indicator: bool = False
    """The last discard is the indicator (an ordinary, claimable tile, not a Gold)."""
    floating: tuple[int, int] | None = None
    """The float under way: the floater's seat and the float level (2 a double, 3 a
    triple float, §9.4-§9.5)."""
    frozen: dict[int, list[Tile]] = field(default_factory=dict)
    """``missed_claim_freeze``: by seat, the kinds it may not win on or pung until its
    turn comes or a claim passes over it."""
    forfeit: list[int] = field(default_factory=list)
    """``false_float_forfeit``: the seats that threw a Gold away and may not win this
    hand."""
    special: tuple[str, int] | None = None
    """The special win declared (``knock_after_deal``, ``knock_last_turn``,
    ``robbing_gold``, ``eight_flowers``) and the seat that declared it."""


class GoldRuleset(Ruleset):
    """Fujian gold mahjong at the table (see the module docstring); ``profile`` is
    ``xiamen`` or ``quanzhou``."""

    name = "xiamen"
    title = "Xiamen gold mahjong"
    profile = "xiamen"
    hand_size = 16
    tile_set = TILES_144
    wall = GOLD_WALL
    win_shapes = ("regular",)
    options_spec = OPTIONS
    kinds = ((KNOCK, NOTHING), (ROB_GOLD, OneOf(NOTHING, TILE)), (EIGHT, NOTHING))
    """``knock``: the three gold knocker (§9.6); ``rob_gold`` (the banker: ``rob_gold
    T``, the tile he discards): robbing the Gold (§9.7); ``eight``: Quanzhou's eighth
    bonus tile exposed (§11.4)."""

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        try:
            self.settings = resolve_options(self.options, self.profile)
        except InvalidHand as e:
            raise ValueError(str(e)) from None
        self._gold: Tile | None = None  # the last hand's Gold kind (for :meth:`score`)

    # -- the Gold ------------------------------------------------------------------------

    def new_state(self, table: Table) -> GoldHandState:
        return GoldHandState()

    def after_deal(self, table: Table) -> None:
        """§6.1: two dice (``table.rng``) count from the tail, the tail tile being 1; the
        tile reached is turned up where it lies; a bonus tile is turned back and the dice
        thrown again."""
        self._walls_ritual(table)
        tail = list(table.wall.tail())
        breaker = _breaker(table)
        while True:
            dice = (table.rng.randint(1, 6), table.rng.randint(1, 6))
            k = min(sum(dice) - 1, len(tail) - 1)
            if breaker is not None:  # B throws for the indicator (§6.1)
                table.announce("indicator_dice", breaker, {"dice": list(dice)})
            if not self.is_bonus(tail[k]):
                break
        tile = table.show_wall_tile(k)
        st = _state(table)
        st.indicator = tile
        st.gold = tile
        st.from_tail = k
        st.shown_at = len(table.events)
        self._gold = tile
        table.rules_changed()
        eight = [s for s in range(table.num_seats) if self._eight_flowers(table, s)]
        if eight:  # Quanzhou: all eight bonus tiles dealt win at once (§11.4)
            self._declare_eight(table, eight[0])
            return
        self._open_after_deal(table)

    def _walls_ritual(self, table: Table) -> None:
        """§4 told in events, from the deal's own dice (``walls``): the banker's throw
        picks P1, who takes stacks 1-2 of each inner wall first, and P1's throw picks the
        breaker B of his outer wall and the tile S the gap follows. The tiles come from
        the shared deal: on a shuffled wall any fixed way of dealing gives every seat the
        same chances (the choice is in ``docs/architecture.md``). A prepared deal has no
        dice and no ritual."""
        first, breaker, gap = _ritual_seats(table)
        if first is None:
            return
        d = list(table.dice)
        table.announce(
            "walls",
            table.dealer,
            {
                "dice": d[:2],
                "first": first,
                "breaker_dice": d[2:4],
                "breaker": breaker,
                "break_after": gap,
                "inner": 64,
                "outer": 80,
            },
        )

    # -- Quanzhou's eight bonus tiles (§11.4) --------------------------------------------

    def _eight_flowers(self, table: Table, seat: int) -> bool:
        return self.profile == "quanzhou" and len(table.bonus[seat]) == len(BONUS_TILES)

    def _declare_eight(self, table: Table, seat: int) -> None:
        _state(table).special = ("eight_flowers", seat)
        tile = table.last_drawn(seat) or table.hands[seat][-1]
        table.declare_wins([(seat, tile, WinContext(self_drawn=True))])

    def special_actions(self, table: Table, seat: int) -> list[Action]:
        """Quanzhou: the player who has just exposed his eighth bonus tile wins at once
        (``eight``, the only move he is allowed)."""
        if self._eight_flowers(table, seat):
            return [MahjongAction(EIGHT)]
        return []

    def apply_special(self, table: Table, seat: int, action: Action) -> None:
        if action[0] != EIGHT:
            super().apply_special(table, seat, action)
        self._declare_eight(table, seat)

    # -- the window after the deal (§9.6-§9.9) -------------------------------------------

    def _open_after_deal(self, table: Table) -> None:
        """XM-A5: every seat answers at once; the heavenly win (the banker, Xiamen) comes
        first, then a three gold knocker (the nearest to the banker, banker first), then
        robbing the Gold (Xiamen: non-bankers nearest the banker first, then the
        banker), then the banker's first turn."""
        n = table.num_seats
        order = [(table.dealer + k) % n for k in range(n)]
        table.open_window(
            AFTER_DEAL,
            order,
            lambda s: self._after_deal_offers(table, s),
            lambda w: self._after_deal_resolved(table, w),
            info={"gold": tile_name(_gold(table))},
        )

    def _after_deal_offers(self, table: Table, seat: int) -> list[Action]:
        out: list[Action] = [PASS]
        xiamen = self.profile == "xiamen"
        hand = list(table.hands[seat])
        gold = _gold(table)
        if xiamen and seat == table.dealer and table.can_win_with(seat, hand):
            tile = table.last_drawn(seat) or hand[-1]
            rest = list(hand)
            rest.remove(tile)
            how = WinContext(self_drawn=True, first_turn=True)
            if self.score_win(table, seat, tile, how, rest).valid:
                out.append(MahjongAction("win"))
        if self._can_knock(table, seat, "knock_after_deal"):
            out.append(MahjongAction(KNOCK))
        if not xiamen:
            return out
        if seat != table.dealer:
            rob = table.can_win_with(seat, [*hand, gold])
            if rob and self._special_score(table, seat, "robbing_gold", hand).valid:
                out.append(MahjongAction(ROB_GOLD))
            return out
        for t in sorted(set(hand)):
            rest = list(hand)
            rest.remove(t)
            rob = table.can_win_with(seat, [*rest, gold])
            if rob and self._special_score(table, seat, "robbing_gold", rest).valid:
                out.append(MahjongAction(ROB_GOLD, t))
        return out

    def _after_deal_resolved(self, table: Table, window: Any) -> None:
        answers: dict[int, Action] = dict(window.answers)
        n = table.num_seats
        dealer = table.dealer
        order = [(dealer + k) % n for k in range(n)]
        first = WinContext(self_drawn=True, first_turn=True)
        if answers.get(dealer, PASS)[0] == "win":
            tile = table.last_drawn(dealer) or table.hands[dealer][-1]
            table.declare_wins([(dealer, tile, first)])
            return
        knockers = [s for s in order if answers.get(s, PASS)[0] == KNOCK]
        if knockers:
            seat = knockers[0]
            _state(table).special = ("knock_after_deal", seat)
            table.declare_wins([(seat, table.hands[seat][-1], first)])
            return
        robbers = [s for s in order[1:] + order[:1] if answers.get(s, PASS)[0] == ROB_GOLD]
        if robbers:
            seat = robbers[0]
            action = answers[seat]
            if seat == dealer:
                table.lay_aside(seat, action[1], replace=False)  # his discard, face up
            st = _state(table)
            assert st.from_tail is not None
            tile = table.take_from_tail(st.from_tail, to=seat)
            st.special = ("robbing_gold", seat)
            table.declare_wins([(seat, tile, first)])
            return
        table.start_turn(dealer)

    # -- the end of the wall (§9.6b) ------------------------------------------------------

    def before_draw(self, table: Table) -> bool:
        """XM-A8: when the hand would end drawn, whoever holds the three Golds may
        declare a three gold knocker instead (a window of declarations).

        The window opens at every such end, whoever holds what: were it opened only
        when someone can knock, a seat asked it with nothing but ``pass`` to say would
        learn that another holds the three Golds. A table that asks everyone asks every
        seat; one that asks only the able asks the seats that can knock and those it
        always asks (people), and when that is nobody the hand is drawn at once."""
        if _state(table).gold is None:
            return False
        n = table.num_seats
        order = [(table.current + k) % n for k in range(n)]
        table.open_window(
            LAST_TURN,
            order,
            lambda s: self._last_turn_offers(table, s),
            lambda w: self._last_turn_resolved(table, w, order),
            info={"gold": tile_name(_gold(table))},
        )
        return True

    def _last_turn_offers(self, table: Table, seat: int) -> list[Action]:
        if self._can_knock(table, seat, "knock_last_turn"):
            return [PASS, MahjongAction(KNOCK)]
        return [PASS]

    def _can_knock(self, table: Table, seat: int, moment: str) -> bool:
        hand = list(table.hands[seat])
        if self._golds_held(table, seat, hand) < 3:
            return False
        return self._special_score(table, seat, moment, hand).valid

    def _last_turn_resolved(self, table: Table, window: Any, order: list[int]) -> None:
        answers: dict[int, Action] = dict(window.answers)
        knockers = [s for s in order if answers.get(s, PASS)[0] == KNOCK]
        if not knockers:
            table.end_drawn()
            return
        seat = knockers[0]
        _state(table).special = ("knock_last_turn", seat)
        table.declare_wins([(seat, table.hands[seat][-1], WinContext(self_drawn=True))])

    def _special_score(self, table: Table, seat: int, kind: str, tiles: Sequence[Tile]) -> Score:
        """A three gold knocker (``knock_after_deal``, ``knock_last_turn``: ``tiles``
        are the concealed tiles) or robbing the Gold (``tiles``: the 16 without the
        indicator)."""
        gold = _gold(table)
        marks = self._golds_held(table, seat, tiles)
        rob = kind == "robbing_gold"
        eight = kind == "eight_flowers"
        h = self._gold_hand(
            gold=gold,
            seat_name=table.seat_wind(seat),
            concealed=tiles,
            melds=table.melds[seat],
            bonus=table.bonus[seat],
            win_tile=gold if rob else None,
            win_marked=rob,
            marks=marks + int(rob),
            source="gold" if rob else None,
            discarder=None,
            stays=self._stays(table),
            three_golds=kind.removeprefix("knock_") if kind.startswith("knock_") else None,
            robbing_gold=rob,
            eight_flowers=eight,
        )
        try:
            return score_hand(h)
        except InvalidHand as e:
            return Score(False, 0, (), reason=str(e))

    def _gold_of(self, table: Table) -> Tile | None:
        st = table.state
        return st.gold if isinstance(st, GoldHandState) else None

    def indicator_holder(self, table: Table) -> int | None:
        """The seat that drew the indicator as a supplement and still holds it as an
        ordinary tile (XM-A3), or None. Its first discard of the Gold kind is the
        indicator (a player keeps his wild Golds)."""
        st = table.state
        if not isinstance(st, GoldHandState) or st.shown_at is None or st.indicator_out:
            return None
        k = st.from_tail
        assert k is not None  # turned up with the indicator
        for e in table.events[st.shown_at :]:
            if e.kind == "draw" and e.data.get("replacement"):
                if k == 0:
                    return e.seat
                k -= 1
        return None

    def _golds_held(self, table: Table, seat: int, tiles: Sequence[Tile]) -> int:
        gold = self._gold_of(table)
        if gold is None:
            return 0
        n = list(tiles).count(gold)
        if n and self.indicator_holder(table) == seat:
            n -= 1
        return n

    def wild_rules(self, table: Table) -> WildRules | None:
        """The three Golds wild anywhere in the concealed hand, never in a kong; every
        White an ordinary tile of the indicator's kind (§6.2-§6.3)."""
        gold = self._gold_of(table)
        if gold is None:
            return None
        return dataclasses.replace(wild_rules(gold), wild_tile=gold)

    def unclaimable(self, table: Table, tile: Tile) -> bool:
        """§8.7: a discarded Gold cannot be claimed (the indicator discarded can)."""
        st = _state(table)
        return tile == st.gold and not st.discard_is_indicator

    def on_discard(self, table: Table, seat: int, tile: Tile) -> None:
        """Note a discarded indicator (claimable) and float discards (§9.4-§9.5): a Gold
        discarded leaving five sets and a lone Gold starts a float round (level 2, one
        more for each float discard in a row); any other discard by the floater ends
        his float."""
        st = _state(table)
        st.discard_is_indicator = False
        if tile == st.gold and self.indicator_holder(table) == seat:
            st.discard_is_indicator = True
            st.indicator_out = True
            st.indicator_river = (seat, len(table.discards[seat]) - 1)
        st.frozen.pop(seat, None)  # his turn came (missed_claim_freeze)
        floating = st.floating
        a_gold = tile == st.gold and not st.discard_is_indicator
        if a_gold and self._float_shape(table, seat):
            level = floating[1] + 1 if floating and floating[0] == seat else 2
            st.floating = (seat, min(level, 3))
        else:
            if floating and floating[0] == seat:
                st.floating = None
            if a_gold and self.settings["false_float_forfeit"] and seat not in st.forfeit:
                st.forfeit.append(seat)  # a Gold thrown away: no win this hand (§13)

    def window_closed(self, table: Table, window: Any) -> None:
        """``missed_claim_freeze`` (§13): a seat that passed a win, a pung or a kong it
        was offered on a discard may not win on or pung that kind until its turn comes
        or a claim passes over it."""
        if window.kind != "claim" or not self.settings["missed_claim_freeze"]:
            return
        discarder = window.info.get("seat")
        if discarder is None or not table.discarded[discarder]:
            return
        tile = table.discarded[discarder][-1]
        frozen = _state(table).frozen
        answers: dict[int, Action] = dict(window.answers)
        for s, offered in window.offered.items():
            missed = any(a[0] in _FROZEN for a in offered)
            if missed and answers.get(s, PASS)[0] == "pass" and tile not in frozen.get(s, []):
                frozen.setdefault(s, []).append(tile)
        claims = {s: a for s, a in answers.items() if a[0] != "pass"}
        if claims:
            best = max(self.claim_rank(a[0]) for a in claims.values())
            top = [s for s, a in claims.items() if self.claim_rank(a[0]) == best]
            claimer = self.win_order(discarder, top)[0]
            n = table.num_seats
            k = 1
            while (discarder + k) % n != claimer:
                frozen.pop((discarder + k) % n, None)  # passed over by the claim
                k += 1

    def _float_shape(self, table: Table, seat: int, tiles: Sequence[Tile] | None = None) -> bool:
        """Are ``seat``'s tiles (or ``tiles``, his concealed ones less a discard) five sets
        and a lone Gold waiting for its pair (§9.3)?"""
        gold = _gold(table)
        hand = list(table.hands[seat] if tiles is None else tiles)
        marks = self._golds_held(table, seat, hand)
        if not marks:
            return False
        h = self._gold_hand(
            gold=gold,
            seat_name=table.seat_wind(seat),
            concealed=hand,
            melds=table.melds[seat],
            bonus=(),
            win_tile=gold,
            win_marked=True,
            marks=marks + 1,
            source="wall",
            discarder=None,
            stays=0,
        )
        try:
            return any(float_pair(r, h) for r in regular_readings(h))
        except (InvalidHand, ValueError):
            return False

    def float_offer(self, table: Table, seat: int) -> dict[str, Any] | None:
        """On ``seat``'s turn, a Gold whose discard leaves five sets and a lone Gold (a
        float discard, §9.4-§9.5): its ``tile``, the float ``level`` it starts (2 a double,
        3 a triple float), the ``multiplier`` of the win it aims at, and ``now``, the
        multiplier of the wall win the seat may declare instead (0: none). None when no
        Gold discard floats. Cheap unless two Golds or more are held."""
        gold = self._gold_of(table)
        if gold is None or table.phase != "turn" or table.current != seat:
            return None
        hand = list(table.hands[seat])
        if self._golds_held(table, seat, hand) < 2:
            return None
        rest = list(hand)
        rest.remove(gold)
        if not self._float_shape(table, seat, rest):
            return None
        level = min(3, _float_level(table, seat) + 1) if _float_level(table, seat) else 2
        now = 0
        if MahjongAction("win") in table.legal_actions(seat):
            drawn = table.last_drawn(seat)
            before = list(hand)
            if drawn is not None:
                before.remove(drawn)
            held = _float_level(table, seat) or int(self._float_shape(table, seat, before))
            now = float_multiplier(self.profile, held)
        return {
            "tile": tile_name(gold),
            "level": level,
            "multiplier": float_multiplier(self.profile, level),
            "now": now,
        }

    def float_round(self, table: Table) -> int | None:
        """The floater while a float round lasts: from his float discard until his next
        turn (§9.4), else None."""
        st = table.state
        floating = st.floating if isinstance(st, GoldHandState) else None
        if not floating:
            return None
        seat: int = floating[0]
        if table.phase == "turn" and table.current == seat:
            return None
        return seat

    # -- what may be done ----------------------------------------------------------------

    def allows(self, table: Table, seat: int, action: Action) -> bool:
        kind = action[0]
        gold = self._gold_of(table)
        if gold is None:
            return True
        if table.phase == "turn" and self._eight_flowers(table, seat):
            return kind == EIGHT  # the eighth bonus tile wins at once (§11.4)
        st = _state(table)
        if kind in _WINS and seat in st.forfeit:
            return False  # false_float_forfeit
        if kind in _FROZEN and table.phase in ("claim", "rob"):
            payload = action[1]
            t = payload if type(payload) is int else None
            if t is not None and t in st.frozen.get(seat, ()):
                return False  # missed_claim_freeze
        floater = self.float_round(table) if kind in _FLOAT_LIMITED else None
        if floater is not None:
            if kind in _MELD_CLAIMS:
                return False  # no chow, pung or direct kong in a float round (§9.4)
            # a claim: in its window, or offered as the window opens (still the turn)
            if table.phase in ("claim", "rob") or seat != table.current:
                others = bool(self.settings["others_discard_win_during_float"])
                return seat != floater and others
        if kind in _KONGS or kind in ("pung", "kong"):
            return bool(action[1] != gold)  # a kong or pung never holds a Gold (§6.3)
        if kind == "chow":
            return self._chow_allowed(table, seat, action[1], gold)
        if kind == "discard" and type(action[1]) is int:
            duty = self.honour_duty(table, seat)
            return not duty or (_kind(action[1], gold) in duty and action[1] != gold)
        return True

    def _chow_allowed(self, table: Table, seat: int, first: Tile, gold: Tile) -> bool:
        """No Gold in a chowed run (§8.3): a tile of the Gold kind from the hand is one,
        unless it is the indicator drawn as an ordinary tile, or a White stands for it
        (the table takes a White before a wild tile of the kind it stands for)."""
        window = table.window
        if window is None:
            return True
        discarder = window.info.get("seat")
        if discarder is None or not table.discarded[discarder]:
            return True
        taken = table.discarded[discarder][-1]
        used = [x for x in (first, first + 1, first + 2) if x != taken]
        if gold not in used or WHITE in table.hands[seat]:
            return True  # a White stands for the Gold's kind in it (the table takes it)
        return self.indicator_holder(table) == seat

    def honour_duty(self, table: Table, seat: int) -> set[Tile]:
        """§8.2: the honour kinds ``seat`` holds exactly one of (a White as the
        indicator's kind, the Golds exempt) of which a tile has already been discarded
        this hand (claimed discards included): it must discard one of them first."""
        gold = self._gold_of(table)
        if gold is None:
            return set()
        # only the honour kinds count (a White held is a tile of the Gold's kind, which
        # may be an honour); the rivers are looked at only for the lone ones
        white_is_gold = gold != WHITE
        held: dict[Tile, int] = {}
        for t in table.hands[seat]:
            if t < 27 or t == gold:
                continue
            k = gold if t == WHITE and white_is_gold else t
            held[k] = held.get(k, 0) + 1
        lone = [k for k, n in held.items() if n == 1 and k in HONOURS]
        if not lone:
            return set()
        out = set()
        for k in lone:
            # the discards of kind k: k itself (but a White, when it is the Gold's
            # kind), and a White when k is the Gold's kind
            shown: tuple[Tile, ...] = () if k == WHITE and white_is_gold else (k,)
            if k == gold and white_is_gold:
                shown += (WHITE,)
            if any(x in pile for pile in table.discarded for x in shown):
                out.add(k)
        return out

    # -- winning -------------------------------------------------------------------------

    def _gold_hand(
        self,
        *,
        gold: Tile,
        seat_name: str,
        concealed: Sequence[Tile],
        melds: Sequence[Meld],
        bonus: Sequence[Tile],
        win_tile: Tile | None,
        win_marked: bool,
        marks: int,
        source: str | None,
        discarder: str | None,
        stays: int | tuple[int, ...],
        heavenly: bool = False,
        earthly: bool = False,
        float_level: int = 0,
        three_golds: str | None = None,
        robbing_gold: bool = False,
        eight_flowers: bool = False,
    ) -> GoldHand:
        k = int(self.settings["base_multiplier"])
        b = banker_base(self.profile, stays, k)
        return GoldHand(
            profile=self.profile,
            options=self.settings,
            seat=seat_name,
            banker="E",
            gold=gold,
            concealed=tuple(sorted([*concealed, *([] if win_tile is None else [win_tile])])),
            marks=(gold,) * marks,
            melds=tuple(_normal_meld(_plain(m), gold) for m in melds),
            bonus=tuple(sorted(bonus)),
            bases=bases_for(seat_name, "E", b, k),
            banker_base=b,
            win_tile=win_tile,
            win_marked=win_marked,
            source=source,
            discarder=discarder,
            float_level=float_level,
            heavenly=heavenly,
            earthly=earthly,
            three_golds=three_golds,
            robbing_gold=robbing_gold,
            eight_flowers=eight_flowers,
        )

    def _scored(self, h: GoldHand) -> Score:
        """Score ``h``, a wall win in gold-float shape as a gold float (§9.3), or as the
        double or triple float ``h.float_level`` says (§9.4-§9.5)."""
        try:
            return score_hand(_as_floated(h))
        except InvalidHand as e:
            return Score(False, 0, (), reason=str(e))

    def score(self, hand: WonHand) -> Score:
        """The hand's value with the Gold of the last hand dealt (bots weigh waits with
        it); a banker with no stays."""
        return self._scored(self._weighed(hand))

    def accepts(self, hand: WonHand) -> bool:
        """``score(hand).valid`` without valuing a false win."""
        try:
            return wins(_as_floated(self._weighed(hand)))
        except InvalidHand:
            return False

    def _weighed(self, hand: WonHand) -> GoldHand:
        """A hand a bot weighs, with the Gold of the last hand dealt; a banker with no
        stays."""
        gold = self._gold if self._gold is not None else WHITE
        marks = hand.tiles.count(gold) if self._gold is not None else 0
        return self._gold_hand(
            gold=gold,
            seat_name=hand.seat_wind,
            concealed=hand.concealed,
            melds=hand.melds,
            bonus=hand.bonus,
            win_tile=hand.tile,
            win_marked=hand.tile == gold and hand.how.self_drawn,
            marks=marks,
            source=_source(hand.how),
            discarder=hand.discarder_wind,
            stays=0,
        )

    def score_win(
        self, table: Table, seat: int, tile: Tile, how: WinContext, concealed: Sequence[Tile]
    ) -> Score:
        gold = self._gold_of(table)
        if gold is None:
            return Score(False, 0, (), reason="no Gold has been turned up yet")
        st = _state(table)
        special = st.special
        if special is not None and special[1] == seat:
            if special[0] == "robbing_gold":
                return self._special_score(table, seat, special[0], concealed)
            return self._special_score(table, seat, special[0], [*concealed, tile])
        tiles = [*concealed, tile]
        marks = self._golds_held(table, seat, tiles)
        if how.self_drawn:
            win_marked = tile == gold and marks > 0 and not self._drew_indicator(table, seat)
        else:
            # a claimed Gold is refused by the scorer (§8.7); the indicator is not one
            indicator = tile == gold and st.discard_is_indicator
            win_marked = tile == gold and not indicator
            marks -= int(indicator)
        discards = sum(len(d) for d in table.discarded)
        xiamen = self.profile == "xiamen"
        heavenly = xiamen and how.self_drawn and seat == table.dealer and discards == 0
        heavenly = heavenly and not table.melds[seat]
        earthly = (
            xiamen
            and not how.self_drawn
            and not how.robbing_kong
            and how.discarder == table.dealer
            and seat != table.dealer
            and discards == 1
            and how.first_turn
        )
        h = self._gold_hand(
            gold=gold,
            seat_name=table.seat_wind(seat),
            concealed=concealed,
            melds=table.melds[seat],
            bonus=table.bonus[seat],
            win_tile=tile,
            win_marked=win_marked,
            marks=marks,
            source=_source(how),
            discarder=None if how.discarder is None else table.seat_wind(how.discarder),
            stays=self._stays(table),
            heavenly=heavenly,
            earthly=earthly,
            float_level=_float_level(table, seat) if how.self_drawn else 0,
        )
        return self._scored(h)

    def _drew_indicator(self, table: Table, seat: int) -> bool:
        """Was ``seat``'s last draw the indicator (an ordinary tile, XM-A3)?"""
        gold = _gold(table)
        return (
            self.indicator_holder(table) == seat
            and table.last_drawn(seat) == gold
            and table.hands[seat].count(gold) == 1
        )

    # -- the match -----------------------------------------------------------------------

    def session_rules(self) -> SessionRules:
        """§3.3: the banker keeps the deal on a win or a draw; each stay adds one to the
        streak, the stay count ``n`` of the banker's base. With Quanzhou's
        ``qz_banker_increment_by_multiplier`` each stay's increment (the multiplier of
        the banker's win, 1 for a draw) is passed on in the hand's flags."""
        return GoldSession(
            dealer_stays_on_win=True,
            dealer_stays_on_draw=True,
            by_multiplier=bool(self.settings["qz_banker_increment_by_multiplier"]),
        )

    def result_fields(self, table: Table) -> dict[str, Any]:
        """``multiplier``: the multiplier of the win (for the next hand's stays)."""
        if not table.wins or table.wins[0].score.tally is None:
            return {}
        return {"multiplier": table.wins[0].score.tally.multiplier}

    def _stays(self, table: Table) -> int | tuple[int, ...]:
        if self.settings["qz_banker_increment_by_multiplier"]:
            return tuple(int(x) for x in table.flags.get("stays", ()))
        return table.streak

    # -- what each seat sees -------------------------------------------------------------

    def observe(self, table: Table, seat: int) -> dict[str, Any]:
        """The indicator turned up and the Gold kind (``wild``: the tile bots keep), the
        float round under way (its floater and level), who holds the indicator drawn
        back from the wall and where it lies once discarded (``indicator_discard``: seat
        and place in the river; an ordinary tile, not a Gold), and on the seat's own
        turn the float discard it may make (``float_discard``, :meth:`float_offer`)."""
        gold = self._gold_of(table)
        if gold is None:
            return {}
        name = tile_name(gold)
        out: dict[str, Any] = {"indicator": name, "gold": name, "wild": name}
        floater = self.float_round(table)
        if floater is not None:  # a float discard is a Gold thrown face up: public
            floating = _state(table).floating
            assert floating is not None
            out["float"] = {"seat": floater, "level": floating[1]}
        holder = self.indicator_holder(table)
        if holder is not None:  # the face-up indicator taken from the wall: public
            out["indicator_holder"] = holder
        river = _state(table).indicator_river
        if river is not None:  # the indicator discarded, still in its river: public
            s, i = river
            if i < len(table.discards[s]) and table.discards[s][i] == gold:
                out["indicator_discard"] = {"seat": s, "index": i}
        offer = self.float_offer(table, seat)
        if offer is not None:  # his own tiles only: private
            out["float_discard"] = offer
        return out

    def hints(self, observation: Mapping[str, Any]) -> HandHints:
        """The Golds (the kind the indicator names) and the float discard offered."""
        own = ruleset_state(observation)
        wild = own.get("wild")
        wilds = frozenset((JOKER, *parse_tiles(wild))) if wild else frozenset((JOKER,))
        offer = own.get("float_discard")
        wager = None
        if offer:
            wager = Wager(parse_tiles(offer["tile"])[0], offer["multiplier"], offer["now"])
        return HandHints(wilds=wilds, pungs_only=not self.win_chows, wager=wager)


class XiamenRuleset(GoldRuleset):
    """The ``xiamen`` profile."""


class QuanzhouRuleset(GoldRuleset):
    """The ``quanzhou`` profile (§11)."""

    name = "quanzhou"
    title = "Quanzhou gold mahjong"
    profile = "quanzhou"


def _as_floated(h: GoldHand) -> GoldHand:
    """``h`` as scored: a wall win in gold-float shape is a gold float (§9.3), or the
    double or triple float ``h.float_level`` says (§9.4-§9.5); anything else at float
    level 0."""
    level = h.float_level
    if level:
        h = dataclasses.replace(h, float_level=0)
    if h.source == "wall" and any(float_pair(r, h) for r in regular_readings(h)):
        h = dataclasses.replace(h, float_level=max(1, level), heavenly=False)
    return h


def _ritual_seats(table: Table) -> tuple[int | None, int | None, int | None]:
    """§4.2-§4.3 from the deal's four dice: P1, counted from the banker by his throw
    (the thrower 1, then in turn order), the breaker B counted from P1 by P1's throw,
    and S, the tile of B's outer wall the gap follows; Nones for a prepared deal.

    >>> from types import SimpleNamespace as T
    >>> _ritual_seats(T(prepared=False, dice=(3, 4, 1, 1), dealer=0, num_seats=4))
    (2, 3, 2)
    """
    if table.prepared or len(table.dice) < 4:
        return None, None, None
    n = table.num_seats
    d1, d2, d3, d4 = table.dice[:4]
    first = (table.dealer + d1 + d2 - 1) % n
    return first, (first + d3 + d4 - 1) % n, d3 + d4


def _breaker(table: Table) -> int | None:
    return _ritual_seats(table)[1]


def _kind(t: Tile, gold: Tile) -> Tile:
    """A White is a tile of the indicator's kind (§6.2)."""
    return gold if t == WHITE and gold != WHITE else t


def _state(table: Table) -> GoldHandState:
    """The hand's state, as :meth:`GoldRuleset.new_state` made it."""
    st: GoldHandState = table.state
    return st


def _gold(table: Table) -> Tile:
    """The Gold kind, once turned up (after the deal)."""
    gold = _state(table).gold
    assert gold is not None, "no Gold has been turned up yet"
    return gold


def _float_level(table: Table, seat: int) -> int:
    floating = _state(table).floating
    return int(floating[1]) if floating and floating[0] == seat else 0


def _plain(m: Meld) -> Meld:
    """A table meld without its (wild, stands for) record (no Gold is ever in one)."""
    if not m.wilds:
        return m
    return Meld(m.kind, m.tiles, m.exposed, m.claimed_from, (), m.added)


def _source(how: WinContext) -> str:
    if how.self_drawn:
        return "wall"
    return "rob" if how.robbing_kong else "discard"


RULESET = XiamenRuleset
FuzhouRuleset = XiamenRuleset
"""``fuzhou`` is another name of ``xiamen`` (unverified: no Fuzhou source, §1)."""

__all__ = [
    "GOLD_WALL",
    "RULESET",
    "FuzhouRuleset",
    "GoldHandState",
    "GoldRuleset",
    "QuanzhouRuleset",
    "XiamenRuleset",
]

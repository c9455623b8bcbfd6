"""Chinese classical at the table: the wall, the claims and the match, on the shared
procedure; every seat's hand is scored by :mod:`parlour.mahjong.rules.classical`.

What the rulebook changes from the shared procedure, each in one hook:

* the wall (§3): four walls of 18 stacks, a dead wall of 14 kept at 13 or more by
  moving the last stack of the live wall onto it, bonus tiles replaced in rounds after
  the deal (:attr:`ClassicalRuleset.wall`);
* claims (§5, §6): chows only from the left (the shared rule), none at all with two
  or three players; robbing a kong only with ``rob_kong`` (:meth:`allows`);
* winning (§7, §11): four sets and a pair, thirteen unique wonders, the wriggling snake;
  any complete hand wins with four players (the two-player minimum is the scorer's);
* settling (§12, §13): every seat's hand is scored and the losers settle among
  themselves (:meth:`settle`); the result carries every seat's score;
* the match (§9, §10): East keeps the deal on a win or a washout, the repeat counter,
  ``rounds`` wind rounds, each player starting from ``starting_score``;
* the goulash (British variations §G), a hand flagged ``goulash`` after a washout when
  the option is on: the wild tiles (:meth:`wild_rules`, :meth:`claim_wilds`; with
  ``goulash_wild = jokers`` four jokers join the wall, :meth:`tiles_of`), three
  exchanges of three tiles face down (:meth:`after_deal`), Heaven's Blessing declared
  during them, fishing and the frozen hand it brings (:meth:`allows`), no chows.

>>> from parlour.mahjong.session import Session
>>> s = Session("classical", seed=3, options={"rounds": 1})
>>> s.session_rules.rounds, s.session_rules.starting_score, s.ruleset.num_seats
('E', 2000, 4)
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from parlour.core.actions import NOTHING, Action, OneOf, Several
from parlour.mahjong.actions import TILE, MahjongAction
from parlour.mahjong.melds import Meld
from parlour.mahjong.rules.classical.scoring import (
    NAME,
    OPTIONS,
    SeatHand,
    WrigglingSnake,
    _seats_in_play,
    _settle_scores,
    resolve_options,
    score_hand,
    seen_elsewhere,
)
from parlour.mahjong.rules.classical.session import ClassicalSession, DreamerSession
from parlour.mahjong.ruleset import HandHints, Ruleset, WinContext, WonHand, ruleset_state
from parlour.mahjong.scoring import Score
from parlour.mahjong.session import SessionRules
from parlour.mahjong.shapes import WildRules, shanten_without_chows
from parlour.mahjong.tiles import JOKER, NUM_KINDS, TILES_144, Tile, TileSet, parse_tiles
from parlour.mahjong.wall import WallRules

if TYPE_CHECKING:
    from parlour.mahjong.table import Table

CLASSICAL_WALL = WallRules(num_walls=4, dead_wall=14, dead_wall_min=13, bonus_in_rounds=True)
"""Four walls of 18 stacks; the dead wall of 14 (7 stacks) kept at 13 or more (§3.4);
bonus tiles dealt are replaced in rounds (§3.6)."""
JOKER_WALL = WallRules(
    num_walls=4, dead_wall=14, dead_wall_min=13, bonus_in_rounds=True, longer_walls=2
)
"""A goulash with four jokers: 148 tiles, two walls a stack longer (BA3)."""
TILES_148 = TILES_144.with_jokers(4, name="144+4J")
TWO_S = 19
EXCHANGE = "exchange"
FISH = "fish"
DEALT_KONG = "dealt_kong"
"""The window after the deal in which the players dealt four of a kind may declare it."""
EXCHANGES: dict[int, tuple[tuple[tuple[int, int], ...], ...]] = {
    4: (((0, 2), (3, 1)), ((0, 1), (2, 3)), ((0, 3), (2, 1))),
    3: (((0, 2),), ((0, 1),), ((1, 2),)),
    2: (((0, 1),), ((0, 1),), ((0, 1),)),
}
"""The pairs of each exchange, as seat offsets from East (G4, H4 with BA13, BA11)."""


@dataclass(slots=True)
class ClassicalHandState:
    """The classical ruleset's own state of one hand (``table.state``), made by
    :meth:`ClassicalRuleset.new_state` and changed only by the deal and the actions, so
    that a replay rebuilds it.

    >>> ClassicalHandState()
    ClassicalHandState(exchange=0, fishing={}, scores=None)
    """

    exchange: int = 0
    """The goulash exchanges done so far (0 to 3)."""
    fishing: dict[int, Tile | None] = field(default_factory=dict)
    """The seats that declared fishing in a goulash, each with the tile it named (East's
    first discard) or None."""
    scores: list[dict[str, Any]] | None = None
    """Every seat's scored hand, by seat, once a win is settled (the result's
    ``scores``)."""


class ClassicalRuleset(Ruleset):
    """Chinese classical at the table (see the module docstring)."""

    name = NAME
    title = "Chinese classical"
    options_spec = OPTIONS
    wall = CLASSICAL_WALL
    win_shapes = ("regular", "thirteen_orphans")
    special_shapes = (WrigglingSnake(),)
    prevailing_values = "ESWNC"
    kinds = ((EXCHANGE, Several(TILE, 3)), (FISH, OneOf(NOTHING, TILE)))
    """``exchange T T T``: the three tiles passed in a goulash exchange; ``fish`` (East:
    ``fish T``, the tile he will discard first): declaring the hand one tile away."""

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self.settings = resolve_options(self.options)
        players = self.settings["players"]
        seats = _seats_in_play(self.settings)
        self.num_seats = len(seats)
        self.seat_names = seats
        self.chows = players in (4, 5) and not self.settings["no_chows"]
        self.win_chows = self.chows

    # -- the goulash's tiles and walls ---------------------------------------------------

    def _jokers(self, flags: Mapping[str, Any]) -> bool:
        return bool(flags.get("goulash")) and self.settings["goulash_wild"] == "jokers"

    def tiles_of(self, flags: Mapping[str, Any]) -> TileSet:
        return TILES_148 if self._jokers(flags) else self.tile_set

    def wall_of(self, flags: Mapping[str, Any]) -> WallRules:
        return JOKER_WALL if self._jokers(flags) else self.wall

    def _wild(self, table: Table) -> Tile | None:
        """The wild kind of a bamboo_2 goulash (jokers are always wild)."""
        return TWO_S if self.settings["goulash_wild"] == "bamboo_2" else None

    def wild_rules(self, table: Table) -> WildRules | None:
        """G6.2-G6.5: one wild in a pair or pung, two in a kong, never a set of wilds
        only, no fifth tile of a kind; one group may hold one more when the winning tile
        is a wild (the scorer checks that it is)."""
        if not table.flags.get("goulash"):
            return None
        return WildRules(
            in_chow=False,
            max_in_set=1,
            max_in_pair=1,
            max_in_kong=2,
            all_wild_sets=False,
            wild_tile=self._wild(table),
            extra_in_one_group=1,
        )

    def claim_wilds(self, table: Table) -> WildRules | None:
        """A claimed pung may hold one wild, a claimed or declared kong two (G6.2)."""
        if not table.flags.get("goulash"):
            return None
        return WildRules(in_chow=False, max_in_set=1, max_in_kong=2, wild_tile=self._wild(table))

    # -- the goulash's exchanges -------------------------------------------------------

    def new_state(self, table: Table) -> ClassicalHandState:
        return ClassicalHandState()

    def after_deal(self, table: Table) -> None:
        if table.flags.get("goulash"):
            self._open_exchange(table)
        else:
            self._open_dealt_kongs(table)

    def _open_dealt_kongs(self, table: Table) -> None:
        """§3.7: a player dealt four of a kind may declare the concealed kong at once
        and draw its replacement. Every seat but East (whose turn comes first) is asked,
        holding four or not, so the question tells nobody anything."""
        n = table.num_seats
        seats = [(table.dealer + k) % n for k in range(1, n)]

        def offer(s: int) -> list[Action]:
            hand = table.hands[s]
            quads = sorted({t for t in hand if t < NUM_KINDS and hand.count(t) == 4})
            return [MahjongAction("pass"), *(MahjongAction("concealed_kong", t) for t in quads)]

        table.open_window(DEALT_KONG, seats, offer, lambda w: self._dealt_kongs(table, w))

    def _dealt_kongs(self, table: Table, window: Any) -> None:
        answers: dict[int, Action] = dict(window.answers)
        n = table.num_seats
        for k in range(1, n):
            seat = (table.dealer + k) % n
            a = answers.get(seat)
            if (
                a is not None
                and a[0] == "concealed_kong"
                and table.kong_from_hand(seat, a[1]) is None
            ):
                table.end_drawn()
                return
        table.start_turn(table.dealer)

    def _pairs(self, table: Table, r: int) -> list[tuple[int, int]]:
        n = table.num_seats
        return [((table.dealer + a) % n, (table.dealer + b) % n) for a, b in EXCHANGES[n][r]]

    def _open_exchange(self, table: Table) -> None:
        st = _state(table)
        r, fishing = st.exchange, st.fishing
        exchanging = {
            s for pair in self._pairs(table, r) if not (set(pair) & set(fishing)) for s in pair
        }
        seats = [
            (table.dealer + k) % table.num_seats
            for k in range(table.num_seats)
            if (table.dealer + k) % table.num_seats not in fishing
        ]

        def offer(s: int) -> list[Action]:
            out: list[Action] = []
            if s == table.dealer and self._complete(table, s):
                out.append(MahjongAction("win"))
            if s in exchanging:
                combos = sorted(set(itertools.combinations(sorted(table.hands[s]), 3)))
                out += [MahjongAction(EXCHANGE, c) for c in combos]
            else:
                out.append(MahjongAction("pass"))
            out += self._fish_offers(table, s)
            return out

        table.open_window(
            EXCHANGE,
            seats,
            offer,
            lambda w: self._exchange(table, w),
            info={"exchange": r + 1},
            ask="everyone",
        )

    def _exchange(self, table: Table, window: Any) -> None:
        st = _state(table)
        r, fishing = st.exchange, st.fishing
        answers: dict[int, Action] = dict(window.answers)
        dealer = table.dealer
        if answers.get(dealer, ("pass",))[0] == "win":
            tile = table.last_drawn(dealer) or table.hands[dealer][-1]
            table.declare_wins([(dealer, tile, WinContext(self_drawn=True, first_turn=True))])
            return
        for s, a in answers.items():
            if a[0] == FISH:
                fishing[s] = a[1]
        for x, y in self._pairs(table, r):
            if x in fishing or y in fishing:
                continue  # a fishing player and his partner sit this exchange out
            ax, ay = answers[x], answers[y]
            table.pass_tiles(x, y, ax[1])  # y still holds what it chose
            table.pass_tiles(y, x, ay[1])
        st.exchange = r + 1
        if r + 1 < len(EXCHANGES[table.num_seats]):
            self._open_exchange(table)
        else:
            table.start_turn(dealer)

    def _fish_offers(self, table: Table, seat: int) -> list[Action]:
        """``fish`` when ``seat`` is one tile away from a legal goulash mahjong (G5.2):
        a 13-tile hand waiting; East's 14 tiles waiting once one is discarded (he names
        that tile)."""
        hand = list(table.hands[seat])
        melds = table.melds[seat]
        if len(hand) + 3 * len(melds) == 13:
            return [MahjongAction(FISH)] if self._waiting(table, seat, hand) else []
        out: list[Action] = []
        for d in sorted(set(hand)):
            rest = list(hand)
            rest.remove(d)
            if self._waiting(table, seat, rest):
                out.append(MahjongAction(FISH, d))
        return out

    def _waiting(self, table: Table, seat: int, hand: list[Tile]) -> bool:
        wild = self._wild(table)
        wilds = sum(1 for t in hand if t in (JOKER, wild))
        naturals = [t for t in hand if t not in (JOKER, wild)]
        melds = table.melds[seat]
        if shanten_without_chows(naturals, len(melds)) - wilds > 0:
            return False  # each wild brings the hand at most one tile nearer
        return any(self._wins_with(table, seat, hand, t) for t in self._candidates(table))

    def _candidates(self, table: Table) -> list[Tile]:
        wild = self._wild(table)
        kinds = [t for t in range(NUM_KINDS) if t != wild]
        return [*kinds, wild if wild is not None else JOKER]

    def _wins_with(self, table: Table, seat: int, hand: list[Tile], tile: Tile) -> bool:
        h = self._hand(
            table.seat_wind(seat),
            hand,
            table.melds[seat],
            table.bonus[seat],
            table.prevailing,
            win_tile=tile,
            how=WinContext(self_drawn=True),
            goulash=True,
            wild=self._wild(table),
        )
        return score_hand(h).valid

    def _complete(self, table: Table, seat: int) -> bool:
        """Do East's 14 tiles make a winning hand now (Heaven's Blessing, G5.1)?"""
        hand = list(table.hands[seat])
        tile = hand.pop()
        return self._wins_with(table, seat, hand, tile)

    def observe(self, table: Table, seat: int) -> dict[str, Any]:
        """In a goulash: the wild tile (``2s`` or ``J``), the exchange under way and the
        seats that declared fishing (public facts)."""
        if not table.flags.get("goulash"):
            return {}
        wild = self._wild(table)
        st = _state(table)
        return {
            "goulash": True,
            "wild": "2s" if wild is not None else "J",
            "exchange": min(st.exchange + 1, 3),
            "fishing": sorted(st.fishing),
        }

    def hints(self, observation: Mapping[str, Any]) -> HandHints:
        """A goulash hand: its wild tile (the 2 Bamboos, or the jokers), pungs only, and
        any complete hand goes out."""
        own = ruleset_state(observation)
        if not own.get("goulash"):
            return super().hints(observation)
        wilds = frozenset((JOKER, *parse_tiles(own["wild"]))) if own.get("wild") else None
        return HandHints(wilds=wilds or frozenset((JOKER,)), pungs_only=True, every_win_scores=True)

    # -- what may be done --------------------------------------------------------------

    def allows(self, table: Table, seat: int, action: Action) -> bool:
        kind = action[0]
        goulash = bool(table.flags.get("goulash"))
        if kind == "chow":
            return self.chows and not goulash
        if goulash and kind in _MELDS and _meld_kind(action) == self._wild(table):
            return False  # a set of wilds only (G6.3)
        if kind == "rob":
            return bool(self.settings["rob_kong"])
        st = table.state
        fishing = st.fishing if isinstance(st, ClassicalHandState) else {}
        if seat in fishing:
            return self._frozen_allows(table, seat, action, fishing[seat])
        return True

    def _frozen_allows(self, table: Table, seat: int, action: Action, named: Tile | None) -> bool:
        """G5.3: a fishing hand wins, or discards the tile it drew (a fishing East his
        named tile first); it claims only to win and declares no kong."""
        kind = action[0]
        if kind in ("win", "pass"):
            return True
        if kind != "discard":
            return False
        tile = action[1]
        if seat == table.dealer and not table.discarded[seat] and named is not None:
            return bool(tile == named)
        drawn = table.last_drawn(seat)
        return drawn is None or tile == drawn

    # -- winning -------------------------------------------------------------------------

    def _hand(
        self,
        seat_name: str,
        concealed: Sequence[Tile],
        melds: Sequence[Meld],
        bonus: Sequence[Tile],
        round_wind: str,
        *,
        win_tile: Tile | None = None,
        how: WinContext | None = None,
        discarder: str | None = None,
        flags: frozenset[str] = frozenset(),
        unavailable: Sequence[int] = (0,) * NUM_KINDS,
        goulash: bool = False,
        wild: Tile | None = None,
    ) -> SeatHand:
        tiles = list(concealed)
        if win_tile is not None:
            tiles.append(win_tile)
        win_wild = win_tile is not None and (win_tile == JOKER or (goulash and win_tile == wild))
        return SeatHand(
            seat_name,
            tuple(sorted(tiles)),
            tuple(melds),
            tuple(sorted(bonus)),
            self.settings,
            win_tile=win_tile,
            win_wild=win_wild,
            self_drawn=how.self_drawn if how is not None else False,
            discarder=discarder,
            flags=flags,
            round_wind=round_wind,
            goulash=goulash,
            unavailable=tuple(unavailable),
        )

    def score(self, hand: WonHand) -> Score:
        """The winner's score (no table: no tiles seen elsewhere, no first-turn wins)."""
        h = self._hand(
            hand.seat_wind,
            hand.concealed,
            hand.melds,
            hand.bonus,
            hand.prevailing,
            win_tile=hand.tile,
            how=hand.how,
            discarder=hand.discarder_wind,
            flags=_win_flags(hand.how),
        )
        return score_hand(h)

    def score_win(
        self, table: Table, seat: int, tile: Tile, how: WinContext, concealed: Sequence[Tile]
    ) -> Score:
        flags = set(_win_flags(how))
        dealer = table.dealer
        discards = sum(len(d) for d in table.discarded)
        if how.self_drawn and seat == dealer and discards == 0:
            flags.add("heavenly")
        if not how.self_drawn and how.discarder == dealer and seat != dealer and discards == 1:
            flags.add("earthly")
        h = self._hand(
            table.seat_wind(seat),
            concealed,
            table.melds[seat],
            table.bonus[seat],
            table.prevailing,
            win_tile=tile,
            how=how,
            discarder=None if how.discarder is None else table.seat_wind(how.discarder),
            flags=frozenset(flags),
            unavailable=_seen_elsewhere(table, seat),
            goulash=bool(table.flags.get("goulash")),
            wild=self._wild(table),
        )
        return score_hand(h)

    # -- settling ------------------------------------------------------------------------

    def settle(self, table: Table, seat: int, score: Score, how: WinContext) -> list[int]:
        """Score every other seat's hand as it stands (§12.9) and settle (§13)."""
        names = [table.seat_wind(s) for s in range(table.num_seats)]
        scores: dict[str, Score] = {}
        for s in range(table.num_seats):
            if s == seat:
                scores[names[s]] = score
                continue
            h = self._hand(
                names[s],
                table.hands[s],
                table.melds[s],
                table.bonus[s],
                table.prevailing,
                unavailable=_seen_elsewhere(table, s),
                goulash=bool(table.flags.get("goulash")),
                wild=self._wild(table),
            )
            scores[names[s]] = score_hand(h)
        in_play = tuple(self.seat_name(k) for k in range(table.num_seats))
        settled = _settle_scores(names[seat], scores, in_play, self.settings, dreamer=None)
        _state(table).scores = [scores[names[s]].to_json() for s in range(table.num_seats)]
        return [settled.net[names[s]] for s in range(table.num_seats)]

    def result_fields(self, table: Table) -> dict[str, Any]:
        """``scores``: every seat's scored hand (the winner's and the losers'), by seat."""
        st = table.state
        scores = st.scores if isinstance(st, ClassicalHandState) else None
        return {"scores": scores} if scores else {}

    # -- the match -----------------------------------------------------------------------

    def session_rules(self) -> SessionRules:
        """East keeps the deal on a win or a washout (the streak is the repeat counter);
        ``rounds`` wind rounds; every player starts from ``starting_score``; a goulash
        follows a washout when the option is on."""
        rounds = "ESWN"[: max(1, min(4, int(self.settings["rounds"])))]
        if self.settings["players"] == 5:
            return DreamerSession(
                rounds=rounds + ("C" if self.settings["centre_round"] else ""),
                dealer_stays_on_win=True,
                dealer_stays_on_draw=True,
                starting_score=int(self.settings["starting_score"]),
                goulash=bool(self.settings["goulash"]),
                goulash_repeat=bool(self.settings["goulash_repeat"]),
                east_retires_on_washout=bool(self.settings["east_retires_on_washout"]),
                dreamer_payment=bool(self.settings["dreamer_payment"]),
                dreamer_payment_east_double=bool(self.settings["dreamer_payment_east_double"]),
                dreamer_payment_linear=self.settings["dreamer_payment_scale"] == "linear",
                east_pays_double=bool(self.settings["east_pays_double"]),
            )
        return ClassicalSession(
            rounds=rounds,
            dealer_stays_on_win=True,
            dealer_stays_on_draw=True,
            starting_score=int(self.settings["starting_score"]),
            goulash=bool(self.settings["goulash"]),
            goulash_repeat=bool(self.settings["goulash_repeat"]),
        )


_MELDS = frozenset(("pung", "kong", "concealed_kong", "added_kong"))


def _meld_kind(action: Action) -> Tile | None:
    """The kind a meld action names (``pung C`` and ``pung C with 2s*`` alike)."""
    p = action[1]
    if type(p) is tuple:
        p = p[0]
    return p if type(p) is int else None


def _win_flags(how: WinContext) -> frozenset[str]:
    """The scorer's win flags from how the table saw the win."""
    flags = set()
    if how.live_wall_empty or how.last_wall_tile:
        flags.add("last_wall_tile")
    kind = how.replacement or ("kong" if how.kong_replacement else None)
    if kind == "kong":
        flags.add("kong_replacement")
        if how.kong_chain >= 2:
            flags.add("kong_on_kong")
    elif kind == "bonus":
        flags.add("bonus_replacement")
    if how.robbing_kong:
        flags.add("robbing_kong")
    return frozenset(flags)


def _state(table: Table) -> ClassicalHandState:
    """The hand's state, as :meth:`ClassicalRuleset.new_state` made it."""
    st: ClassicalHandState = table.state
    return st


def _seen_elsewhere(table: Table, seat: int) -> list[int]:
    """What ``seat`` sees outside its hand at the table (classical C2)."""
    dead = [t for pile in table.discards for t in pile]
    others = [table.melds[s] for s in range(table.num_seats) if s != seat]
    return seen_elsewhere(dead, others)


RULESET = ClassicalRuleset

__all__ = ["RULESET", "ClassicalHandState", "ClassicalRuleset"]

"""Wuhan mahjong at the table (``wuhan.md``) on the shared procedure; a win is settled
by :mod:`parlour.mahjong.rules.wuhan.scoring` from the whole table.

What the rulebook changes from the shared procedure, each in one hook:

* the hand (§2, §4, §11): 136 tiles in four walls of 17 stacks (three players: 96
  tiles, one suit and the East winds removed, three walls of 16 stacks), one throw
  breaks the wall; replacements come from the tail; the last 10 tiles are never drawn
  (``WallRules.reserve``);
* the laizi (§5.1, WH-A2): after the deal the top tile of the tail-end stack is turned
  up and set aside (:meth:`after_deal`); the laizi is the next kind in its cycle,
  stepping past kong-only kinds (the Red; the Green too under ``green_is_kong_tile``;
  the pizi kinds under ``pizi_kong``); laizi are wild in the concealed hand only
  (:meth:`wild_rules`), never in a claimed set or a kong;
* Red and laizi kongs (§5.3, §6): on his turn a player sets a single Red (any kong-only
  tile) or laizi aside face up and draws a replacement from the tail (``red_kong T``,
  ``laizi_kong``), or discards it: either counts as one such kong; a discarded Red or
  laizi is never claimed (:meth:`unclaimable`); their replacements count for 槓上開;
* the haitei (§7, four players): the four tiles before the last ten are drawn one per
  turn; whoever draws one may win by it or keeps it (``keep``) without discarding, and
  makes no kong of any kind;
* winning (§9): four sets and a pair, and the winds and 2-5-8 hands with no structure
  (:data:`special_shapes`); the settlement decides (W1-W6, the minimum over every
  loser's share, with each seat's openings and kongs), so only wins it accepts are
  offered; the discarder's readiness is judged for 全求人 liability (C8);
* the match (WH-A1): the winner deals next, the dealer stays after a draw; payments
  only when a hand is won.

>>> r = WuhanRuleset()
>>> r.num_seats, r.wall.reserve, r.tile_set.size
(4, 10, 136)
>>> three = WuhanRuleset({"players": 3, "removed_suit": "p"})
>>> three.num_seats, three.tile_set.size, three.wall.stacks_per_wall
(3, 96, 16)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from parlour.core.actions import NOTHING, Action
from parlour.core.errors import InvalidHand
from parlour.core.options import Option
from parlour.mahjong.actions import TILE, MahjongAction
from parlour.mahjong.melds import Meld
from parlour.mahjong.rules.wuhan.scoring import (
    EAST,
    OPTIONS,
    SeatFacts,
    Settlement,
    WuhanTable,
    kong_only_kinds,
    laizi_of,
    resolve_options,
    settle_table,
    wins,
)
from parlour.mahjong.ruleset import HandHints, Ruleset, WinContext, WonHand, ruleset_state
from parlour.mahjong.scoring import PatternLine, Score
from parlour.mahjong.session import SessionRules
from parlour.mahjong.shapes import Decomposition, PreparedHand, SpecialShape, WildRules
from parlour.mahjong.tiles import (
    GREEN,
    JOKER,
    NUM_KINDS,
    TILES_136,
    WHITE,
    Tile,
    TileSet,
    parse_tiles,
    tile_name,
)
from parlour.mahjong.wall import WallRules

if TYPE_CHECKING:
    from parlour.core.window import Window
    from parlour.mahjong.table import Table

WUHAN_WALL = WallRules(stacks_per_wall=17, break_throws=1, reserve=10)
"""Four walls of 17 stacks, one throw; the last 10 tiles never drawn."""
THREE_WALL = WallRules(stacks_per_wall=16, break_throws=1, reserve=10)
"""Three players: three walls of 16 stacks."""
HAITEI = 4
"""The tiles before the last ten drawn one per turn, kept without a discard (§7)."""

RED_KONG = "red_kong"
LAIZI_KONG = "laizi_kong"
KEEP = "keep"

TABLE_OPTIONS: tuple[Option, ...] = (
    Option(
        "players", 4, "four players, or three (§11: one suit and the East winds removed)", (4, 3)
    ),
    Option(
        "removed_suit",
        "m",
        "three players: the suit taken out of the set (four players use every suit)",
        ("m", "p", "s"),
    ),
    *OPTIONS,
)
"""The table's options: the players, then the settlement's (§12)."""

_MELD_CLAIMS = frozenset(("chow", "pung", "kong"))
_NO_FACTS = SeatFacts()
"""A seat with no melds nor kongs, as a bot weighs the other seats."""
_TWO_FIVE_EIGHT = frozenset(k for k in range(27) if k % 9 in (1, 4, 7))


@dataclass(slots=True)
class FreeHand:
    """The winds and 2-5-8 hands (§10.2): any fourteen tiles of ``kinds`` win, with no
    sets or pair (laizi stand for any of them); the settlement asks for an opening."""

    kinds: frozenset[Tile]
    name: str

    def decompositions(self, hand: PreparedHand) -> Iterable[Decomposition]:
        if hand.size != 14:
            return
        counts = hand.counts
        if any(counts[t] for t in range(NUM_KINDS) if t not in self.kinds):
            return
        if any(t not in self.kinds for m in hand.melds for t in m.tiles):
            return
        yield Decomposition(
            self.name,
            hand.melds,
            singles=tuple(t for t in range(NUM_KINDS) for _ in range(counts[t])),
            wilds=tuple((w, w) for w in hand.wild_tiles),
        )


@dataclass(slots=True)
class WuhanHandState:
    """The Wuhan ruleset's own state of one hand (``table.state``), made by
    :meth:`WuhanRuleset.new_state` and changed only by the deal and the actions.

    >>> WuhanHandState().laizi is None
    True
    """

    indicator: Tile | None = None
    laizi: Tile | None = None
    kong_only: frozenset[Tile] = frozenset()
    red_kongs: dict[int, int] = field(default_factory=dict)
    """By seat, its Red (kong-only) kongs: set aside or discarded."""
    laizi_kongs: dict[int, int] = field(default_factory=dict)
    """By seat, its laizi kongs: set aside or discarded."""
    givers: dict[int, list[int]] = field(default_factory=dict)
    """By seat, whose discards gave its openings, in order (the third for §10.7)."""


class WuhanRuleset(Ruleset):
    """Wuhan mahjong at the table (see the module docstring)."""

    name = "wuhan"
    title = "Wuhan mahjong"
    hand_size = 13
    tile_set = TILES_136
    wall = WUHAN_WALL
    win_shapes = ("regular",)
    options_spec = TABLE_OPTIONS
    kinds = ((RED_KONG, TILE), (LAIZI_KONG, NOTHING), (KEEP, NOTHING))
    """``red_kong T``: a kong-only tile set aside with a replacement; ``laizi_kong``: a
    laizi set aside with a replacement; ``keep``: a haitei tile kept, no discard."""

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self.players = int(self.options.get("players", 4))
        scoring = {o.name: self.options[o.name] for o in OPTIONS if o.name in self.options}
        try:
            self.settings = resolve_options(scoring, self.players)
        except InvalidHand as e:
            raise ValueError(str(e)) from None
        self.num_seats = self.players
        removed: frozenset[Tile] = frozenset()
        if self.players == 3:
            suit = str(self.options.get("removed_suit", "m"))
            self.tile_set = TILES_136.without(suit=suit, kinds=(EAST,), name=f"96-{suit}")
            self.wall = THREE_WALL
            self.seat_names = ("E", "S", "W")
            base = "mps".index(suit) * 9
            removed = frozenset((*range(base, base + 9), EAST))
        self.removed = removed
        self._seats = tuple(self.seat_name(k) for k in range(self.num_seats))
        self._laizi: Tile | None = None  # the last hand's laizi (for :meth:`score`)
        self._kong_only: frozenset[Tile] = frozenset()
        self.special_shapes = self._free_shapes(frozenset({31}))

    def _free_shapes(self, kong_only: frozenset[Tile]) -> tuple[SpecialShape, ...]:
        winds = frozenset({27, 28, 29, 30, GREEN, WHITE}) - kong_only - self.removed
        return (
            FreeHand(winds, "winds"),
            FreeHand(_TWO_FIVE_EIGHT - self.removed, "two_five_eight"),
        )

    def tiles_of(self, flags: Mapping[str, Any]) -> TileSet:
        return self.tile_set

    def wall_of(self, flags: Mapping[str, Any]) -> WallRules:
        return self.wall

    def is_bonus(self, tile: Tile) -> bool:
        return False

    # -- the laizi ------------------------------------------------------------------------

    def new_state(self, table: Table) -> WuhanHandState:
        return WuhanHandState()

    def after_deal(self, table: Table) -> None:
        """§5.1: the top tile of the tail-end stack turned up and set aside; the laizi the
        next kind, past the kong-only kinds."""
        st = _state(table)
        indicator = table.take_from_tail(0)
        kong_only = frozenset(kong_only_kinds(self.settings, indicator, self.players))
        st.indicator = indicator
        st.kong_only = kong_only
        st.laizi = laizi_of(indicator, set(kong_only), self.players)
        self._laizi = st.laizi
        self._kong_only = kong_only
        self.special_shapes = self._free_shapes(kong_only)
        table.rules_changed()

    def wild_rules(self, table: Table) -> WildRules | None:
        st = table.state
        if not isinstance(st, WuhanHandState) or st.laizi is None:
            return None
        return WildRules(in_kong=False, beyond_four=True, wild_tile=st.laizi)

    def unclaimable(self, table: Table, tile: Tile) -> bool:
        """A discarded laizi or Red (kong-only tile) is never claimed (§5.3, §6)."""
        st = _state(table)
        return tile == st.laizi or tile in st.kong_only

    # -- what may be done -------------------------------------------------------------------

    def haitei_draw(self, table: Table, seat: int) -> bool:
        """Is it ``seat``'s turn on a haitei tile: one of the four drawn before the last
        ten (four players, §7)?"""
        return (
            self.players == 4
            and table.phase == "turn"
            and table.current == seat
            and table.drew
            and table.wall.live() < HAITEI
        )

    def special_actions(self, table: Table, seat: int) -> list[Action]:
        """On his turn after a draw: ``keep`` a haitei tile; otherwise set aside a
        kong-only tile or a laizi with a replacement (while the tail can give one)."""
        st = table.state
        if not isinstance(st, WuhanHandState) or st.laizi is None:
            return []
        if self.haitei_draw(table, seat):
            return [MahjongAction(KEEP)]
        if not table.wall.can_replace():
            return []
        hand = table.hands[seat]
        out: list[Action] = [MahjongAction(RED_KONG, t) for t in sorted(set(hand) & st.kong_only)]
        if st.laizi in hand:
            out.append(MahjongAction(LAIZI_KONG))
        return out

    def apply_special(self, table: Table, seat: int, action: Action) -> None:
        st = _state(table)
        kind = action[0]
        if kind == KEEP:
            table.announce(KEEP, seat, {})  # the tile kept face down, no discard (§7)
            table.next_turn(seat)
            return
        if kind == RED_KONG:
            tile = action[1]
            st.red_kongs[seat] = st.red_kongs.get(seat, 0) + 1
        elif kind == LAIZI_KONG:
            tile = st.laizi
            st.laizi_kongs[seat] = st.laizi_kongs.get(seat, 0) + 1
        else:
            super().apply_special(table, seat, action)
            return
        assert tile is not None
        if table.lay_aside(seat, tile) is None:
            table.end_drawn()

    def allows(self, table: Table, seat: int, action: Action) -> bool:
        st = table.state
        if not isinstance(st, WuhanHandState) or st.laizi is None:
            return True
        kind = action[0]
        if self.haitei_draw(table, seat):
            return kind in ("win", KEEP)  # a haitei tile: win by it or keep it (§7)
        payload = action[1]
        t = payload if type(payload) is int else None
        if kind in _MELD_CLAIMS or kind in ("concealed_kong", "added_kong"):
            if t == st.laizi or t in st.kong_only:
                return False  # no laizi nor Red in a claimed set or a kong (§5.2, §6)
            if kind == "chow" and t is not None:
                taken = _claimed_tile(table)
                used = {x for x in (t, t + 1, t + 2) if x != taken}
                return st.laizi not in used and not (used & st.kong_only)
        return True

    def on_discard(self, table: Table, seat: int, tile: Tile) -> None:
        """A discarded Red (kong-only tile) or laizi counts as one such kong (§5.3, §6)."""
        st = _state(table)
        if tile == st.laizi:
            st.laizi_kongs[seat] = st.laizi_kongs.get(seat, 0) + 1
        elif tile in st.kong_only:
            st.red_kongs[seat] = st.red_kongs.get(seat, 0) + 1

    def window_closed(self, table: Table, window: Window) -> None:
        """Note whose discard gave each opening (chow, pung, direct kong claimed)."""
        if window.kind != "claim":
            return
        discarder = window.info.get("seat")
        answers: dict[int, Action] = dict(window.answers)
        claims = {s: a for s, a in answers.items() if a[0] != "pass"}
        if discarder is None or not claims:
            return
        best = max(self.claim_rank(a[0]) for a in claims.values())
        top = [s for s, a in claims.items() if self.claim_rank(a[0]) == best]
        claimer = self.win_order(discarder, top)[0]
        if claims[claimer][0] in _MELD_CLAIMS:
            _state(table).givers.setdefault(claimer, []).append(discarder)

    def before_draw(self, table: Table) -> bool:
        return False

    # -- winning ------------------------------------------------------------------------------

    def _table_of(
        self,
        table: Table,
        seat: int,
        tiles: Sequence[Tile],
        tile: Tile,
        how: WinContext,
        ready: Mapping[int, bool] | None = None,
    ) -> WuhanTable:
        st = _state(table)
        assert st.laizi is not None
        wind = table.seat_wind
        n = table.num_seats
        facts = {
            wind(s): SeatFacts(
                tuple(_plain(m) for m in table.melds[s]),
                st.red_kongs.get(s, 0),
                st.laizi_kongs.get(s, 0),
                True if ready is None else ready.get(s, True),
            )
            for s in range(n)
        }
        concealed = tuple(sorted(tiles))
        source = "wall" if how.self_drawn else "rob" if how.robbing_kong else "discard"
        givers = st.givers.get(seat, [])
        return WuhanTable(
            options=self.settings,
            players=self.players,
            seats=tuple(wind(s) for s in range(n)),
            laizi=st.laizi,
            kong_only=st.kong_only,
            dealer=wind(table.dealer),
            winner=wind(seat),
            facts=facts,
            concealed=concealed,
            marks=tuple(t for t in concealed if t == st.laizi),
            win_tile=tile,
            win_marked=tile == st.laizi and how.self_drawn,
            source=source,
            discarder=None if how.discarder is None else wind(how.discarder),
            kong_replacement=how.self_drawn and (how.kong_replacement or how.replacement == "kong"),
            haitei=how.self_drawn and self.haitei_draw(table, seat),
            third_opening_from=wind(givers[2]) if len(givers) >= 3 else None,
            removed=self.removed,
        )

    def score_win(
        self, table: Table, seat: int, tile: Tile, how: WinContext, concealed: Sequence[Tile]
    ) -> Score:
        st = table.state
        if not isinstance(st, WuhanHandState) or st.laizi is None:
            return Score(False, 0, (), reason="no laizi has been turned up yet")
        tiles = [*concealed, tile]
        try:
            t = self._table_of(table, seat, tiles, tile, how)
            result = settle_table(t)
            claimed = result.valid and "all_claimed" in result.patterns
            if claimed and how.discarder is not None and not self._ready(table, how.discarder):
                ready = {how.discarder: False}
                result = settle_table(self._table_of(table, seat, tiles, tile, how, ready))
        except InvalidHand as e:
            return Score(False, 0, (), reason=str(e))
        return as_score(result)

    def _ready(self, table: Table, seat: int) -> bool:
        """Was ``seat`` ready after its discard (§9, C8): some tile still unseen that
        would make a valid win of its 13 tiles, drawn from the wall or discarded by
        another seat?"""
        st = _state(table)
        hand = list(table.hands[seat])
        seen = [0] * NUM_KINDS
        for pile in table.discards:
            for x in pile:
                seen[x] += 1
        for melds in table.melds:
            for m in melds:
                for x in m.tiles:
                    seen[x] += 1
        for x in hand:
            seen[x] += 1
        other = next(s for s in range(table.num_seats) if s != seat)
        for t in range(NUM_KINDS):
            if self.tile_set.counts[t] - seen[t] <= 0 or t in st.kong_only:
                continue
            if not table.can_win_with(seat, [*hand, t]):
                continue
            for how in (
                WinContext(self_drawn=True),
                WinContext(self_drawn=False, discarder=other),
            ):
                try:
                    if settle_table(self._table_of(table, seat, [*hand, t], t, how)).valid:
                        return True
                except InvalidHand:
                    continue
        return False

    def accepts(self, hand: WonHand) -> bool:
        """``score(hand).valid``, refusing at once a hand with no opening (W2) or with a
        kong-only tile (W1): most hands a bot weighs."""
        if not any(m.exposed for m in hand.melds) or self._kong_only.intersection(hand.tiles):
            return False
        t = self._weighed(hand)
        return t is not None and wins(t)

    def score(self, hand: WonHand) -> Score:
        """The hand's value with the last hand's laizi, the other seats with no fans (bots
        weigh waits with it)."""
        t = self._weighed(hand)
        if t is None:
            return Score(False, 0, (), reason="no laizi yet")
        try:
            return as_score(settle_table(t))
        except InvalidHand as e:
            return Score(False, 0, (), reason=str(e))

    def _weighed(self, hand: WonHand) -> WuhanTable | None:
        """The table a bot weighs ``hand`` on: the last hand's laizi, the dealer East,
        the other seats with no fans."""
        laizi = self._laizi
        if laizi is None:
            return None
        seats = self._seats
        concealed = tuple(sorted(hand.tiles))
        how = hand.how
        facts = dict.fromkeys(seats, _NO_FACTS)
        facts[hand.seat_wind] = SeatFacts(tuple(_plain(m) for m in hand.melds))
        return WuhanTable(
            options=self.settings,
            players=self.players,
            seats=seats,
            laizi=laizi,
            kong_only=self._kong_only,
            dealer="E",
            winner=hand.seat_wind,
            facts=facts,
            concealed=concealed,
            marks=tuple(x for x in concealed if x == laizi),
            win_tile=hand.tile,
            win_marked=hand.tile == laizi and how.self_drawn,
            source="wall" if how.self_drawn else "rob" if how.robbing_kong else "discard",
            discarder=hand.discarder_wind,
            kong_replacement=how.self_drawn and how.kong_replacement,
            removed=self.removed,
        )

    # -- the match -------------------------------------------------------------------------

    def session_rules(self) -> SessionRules:
        """WH-A1: the winner deals next, the dealer stays after a draw; 16 hands unless
        ``--hands`` says otherwise."""
        return SessionRules(rounds="E", winner_deals=True, dealer_stays_on_draw=True, max_hands=16)

    def result_fields(self, table: Table) -> dict[str, Any]:
        st = table.state
        if not isinstance(st, WuhanHandState) or st.laizi is None:
            return {}
        out: dict[str, Any] = {"laizi": tile_name(st.laizi)}
        if st.indicator is not None:
            out["indicator"] = tile_name(st.indicator)
        return out

    # -- what each seat sees ----------------------------------------------------------------

    def observe(self, table: Table, seat: int) -> dict[str, Any]:
        """The indicator and the laizi (``wild``: the tile bots keep), the kong-only
        kinds, each seat's Red and laizi kongs, and whether the haitei has begun (all
        public)."""
        st = table.state
        if not isinstance(st, WuhanHandState) or st.laizi is None:
            return {}
        out: dict[str, Any] = {
            "indicator": None if st.indicator is None else tile_name(st.indicator),
            "laizi": tile_name(st.laizi),
            "wild": tile_name(st.laizi),
            "kong_only": [tile_name(t) for t in sorted(st.kong_only)],
        }
        if st.red_kongs:
            out["red_kongs"] = {str(s): n for s, n in sorted(st.red_kongs.items())}
        if st.laizi_kongs:
            out["laizi_kongs"] = {str(s): n for s, n in sorted(st.laizi_kongs.items())}
        if self.players == 4 and table.wall.live() < HAITEI:
            out["haitei"] = True  # the haitei draws have begun
        return out

    def hints(self, observation: Mapping[str, Any]) -> HandHints:
        """The laizi (the kind ``wild`` names) are the wilds a bot keeps; a win needs an
        opening (W2). The hand's laizi and kong-only kinds are noted for :meth:`score`
        (a bot's ruleset is not the table's)."""
        own = ruleset_state(observation)
        wild = own.get("wild")
        wilds = frozenset((JOKER, *parse_tiles(wild))) if wild else frozenset((JOKER,))
        if wild:  # the hand a bot weighs its waits in (:meth:`score`)
            self._laizi = parse_tiles(wild)[0]
            self._kong_only = frozenset(parse_tiles(" ".join(own.get("kong_only", ()))))
        return HandHints(wilds=wilds, win_needs_opening=True)


def as_score(result: Settlement) -> Score:
    """A settlement as the table's :class:`Score`: its patterns as lines (10 points each,
    or the small win's 1), the net payments by seat, the explanation."""
    if result.patterns:
        from parlour.mahjong.rules.wuhan.scoring import BIG, PATTERN_NAMES

        lines = tuple(PatternLine(PATTERN_NAMES[p], BIG, key=p) for p in result.patterns)
    else:
        lines = (PatternLine("small win 小胡", 1, key="small_win"),)
    return Score(
        result.valid,
        result.total,
        lines,
        dict(result.net),
        reason=result.reason,
        explain=result.explain,
        reading=result.reading,
    )


def _claimed_tile(table: Table) -> Tile | None:
    window = table.window
    discarder = window.info.get("seat") if window is not None else None
    if discarder is None or not table.discarded[discarder]:
        return None
    tile: Tile = table.discarded[discarder][-1]
    return tile


def _plain(m: Meld) -> Meld:
    if not m.wilds:
        return m
    return Meld(m.kind, m.tiles, m.exposed, m.claimed_from, (), m.added)


def _state(table: Table) -> WuhanHandState:
    st: WuhanHandState = table.state
    return st


RULESET = WuhanRuleset

__all__ = [
    "HAITEI",
    "RULESET",
    "THREE_WALL",
    "WUHAN_WALL",
    "FreeHand",
    "WuhanHandState",
    "WuhanRuleset",
    "as_score",
]

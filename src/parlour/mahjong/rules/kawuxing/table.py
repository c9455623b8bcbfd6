"""Kawuxing (卡五星) at the table (``kawuxing.md``) on the shared procedure; every win,
kong and drawn hand is paid by :mod:`parlour.mahjong.rules.kawuxing.scoring` from the
situation the table writes, the same one ``parlour.score`` reads.

What the rulebook changes from the shared procedure, each in one hook:

* the hand (§1-§3): three seats named banker, right and left (turn order); 84 tiles
  (two suits and the dragons, the removed suit an option) in three walls of 14 stacks
  broken by one roll; supplements from the tail, top tile first; no flowers;
* claims (§4-§5): no chows (:meth:`may_chow`); a player holding three of the discard
  must kong it, never pung (:meth:`allows`); a growing kong only with the tile just
  drawn (KW-A1); no kong after one's own pung and none when the wall cannot supply,
  and the discard after the last wall tile claimed for a win only (the shared
  procedure's own rules);
* kongs (§6): paid at once (:meth:`kong_payments`) by the scorer's
  :func:`~parlour.mahjong.rules.kawuxing.scoring.kong_payments`, the chain position
  the table counts, never cancelled; a robbed growing kong never stands, so is never
  paid; the kongers of the chain are kept for Bloom on Kong (C7);
* wins (§7): four sets and a pair or seven pairs; a discard or robbed-kong win needs a
  doubling pattern (the scorer refuses it otherwise, so it is never offered); two
  players may win on one discard or robbed kong (:attr:`several_winners`), each paid
  by the discarder;
* the missed-win freeze (§7.5): a seat that lets a win on a discard or a robbed kong
  go may not win on one until its own turn comes or a pung or kong passes its turn by,
  unless the new win scores more than the best it let go (:meth:`window_closed`,
  :meth:`allows`); a win on its own draw is always allowed;
* disclosure (§8): a discard that leaves the hand ready may carry a declaration
  (``discard 5s declare``, :meth:`special_actions`, :meth:`declare`): the hand is made
  public to the others (``disclosure_scope`` ``full``) and its waits are shown in their
  observations (with ``waits_only``, the waits alone); afterwards the discloser only
  wins or discards the tile he drew, makes no pung or direct kong, and a concealed
  kong only if his waits stay the same; at a drawn hand the first discloser pays each
  other player 1 (:meth:`draw_payments`);
* the match (:class:`~parlour.mahjong.rules.kawuxing.session.KawuxingSession`).

>>> r = KawuxingRuleset()
>>> r.num_seats, r.tile_set.size, r.wall.stacks_per_wall, r.seat_names
(3, 84, 14, ('banker', 'right', 'left'))
>>> KawuxingRuleset({"removed_suit": "s"}).tile_set.name
'84-s'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from parlour.core.actions import Action
from parlour.core.errors import InvalidHand
from parlour.core.options import Option
from parlour.mahjong.actions import PASS, MahjongAction
from parlour.mahjong.melds import KONG, Meld, kong
from parlour.mahjong.rules.kawuxing import scoring
from parlour.mahjong.rules.kawuxing.scoring import (
    OPTIONS,
    ROLES,
    KawuxingWin,
    before,
    resolve_options,
)
from parlour.mahjong.rules.kawuxing.session import KawuxingSession
from parlour.mahjong.ruleset import HandHints, Ruleset, WinContext, WonHand, ruleset_state
from parlour.mahjong.scoring import Score
from parlour.mahjong.session import SessionRules
from parlour.mahjong.shapes import could_be_ready, is_complete_of
from parlour.mahjong.tiles import (
    NUM_KINDS,
    TILES_84,
    TILES_136,
    WINDS,
    Tile,
    TileSet,
    format_tiles,
    parse_tiles,
    tile_name,
)
from parlour.mahjong.wall import WallRules

if TYPE_CHECKING:
    from parlour.core.window import Window
    from parlour.mahjong.table import Table

KAWUXING_WALL = WallRules(stacks_per_wall=14, break_throws=1)
"""84 tiles in three walls of 14 stacks, one roll; supplements from the tail."""

TABLE_OPTIONS: tuple[Option, ...] = (
    Option(
        "players",
        3,
        "three people, or four: one rests each hand and takes the last winner's seat (§1)",
        (3, 4),
    ),
    *OPTIONS,
)
"""The table's options: the people at it, then the scorer's (§12)."""

SHAPES = ("regular", "seven_pairs")
"""Four sets and a pair, or seven pairs (four alike counting as two pairs, §7.1)."""

_CACHE_LIMIT = 50_000


@dataclass(slots=True)
class KawuxingHandState:
    """The Kawuxing ruleset's own state of one hand (``table.state``), changed only by
    the deal and the actions, so that a replay rebuilds it.

    >>> KawuxingHandState().disclosed
    []
    """

    disclosed: list[int] = field(default_factory=list)
    """The seats that disclosed, in order (the first pays at a drawn hand)."""
    waits: dict[int, tuple[Tile, ...]] = field(default_factory=dict)
    """By discloser, the tiles his disclosed hand waits on."""
    chain: list[int] = field(default_factory=list)
    """The kongers of the current chain of kongs, in order (Bloom on Kong, C7)."""
    kong_turn: int | None = None
    """The seat whose last move was a kong: its next discard is one after a kong."""
    after_kong: bool = False
    """The last discard was made right after the discarder's kong (Claimed on Kong)."""
    frozen: dict[int, int] = field(default_factory=dict)
    """By seat, the highest win on a discard or robbed kong it let go (§7.5): until its
    turn comes or a claim passes it by, only a win scoring more is allowed."""


class KawuxingRuleset(Ruleset):
    """Kawuxing at the table (see the module docstring)."""

    name = "kawuxing"
    title = "Kawuxing"
    num_seats = 3
    hand_size = 13
    tile_set = TILES_84
    wall = KAWUXING_WALL
    seat_names = ROLES
    wind_rounds = False  # no winds: roles, and no round
    several_winners = True
    win_shapes = None
    """Every shape the engine knows: on two suits and the dragons they are exactly four
    sets and a pair or seven pairs (:data:`SHAPES`; the others need the winds or three
    suits), so the table checks them with the compiled shape tables; the scorer reads
    :data:`SHAPES` alone."""
    options_spec = TABLE_OPTIONS

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self.players = int(self.options.get("players", 3))
        given = {o.name: self.options[o.name] for o in OPTIONS if o.name in self.options}
        try:
            self.settings = resolve_options(given)
        except InvalidHand as e:
            raise ValueError(str(e)) from None
        removed = str(self.settings["removed_suit"])
        if removed != "m":
            self.tile_set = TILES_136.without(suit=removed, kinds=WINDS, name=f"84-{removed}")
        self.kinds_in_play = tuple(t for t in range(NUM_KINDS) if self.tile_set.counts[t])
        self._waits: dict[tuple[tuple[Tile, ...], tuple[Meld, ...]], tuple[Tile, ...]] = {}
        self._disclosed = False  # a bot's own seat has disclosed (for :meth:`score`)

    def tiles_of(self, flags: Mapping[str, Any]) -> TileSet:
        return self.tile_set

    def is_bonus(self, tile: Tile) -> bool:
        return False  # no flowers or seasons (§0)

    def new_state(self, table: Table) -> KawuxingHandState:
        return KawuxingHandState()

    def may_chow(self, claimer: int, discarder: int) -> bool:
        return False  # no chows (§4)

    # -- waits -------------------------------------------------------------------------

    def waits_of(self, tiles: Sequence[Tile], melds: Sequence[Meld]) -> tuple[Tile, ...]:
        """The kinds that complete the concealed ``tiles`` (13 with melds counted as
        three) beside ``melds`` in one of :data:`SHAPES`, leaving out a kind whose four
        copies the hand holds (cached).

        >>> KawuxingRuleset().waits_of(parse_tiles("123p 789p 46s 333s FF"), ())
        (22,)
        """
        key = (tuple(sorted(tiles)), tuple(melds))
        got = self._waits.get(key)
        if got is None:
            if len(self._waits) > _CACHE_LIMIT:
                self._waits.clear()
            hand = list(key[0])
            out: list[Tile] = []
            if could_be_ready(hand, len(melds)):
                held = [0] * NUM_KINDS
                for t in (*hand, *(x for m in melds for x in m.tiles)):
                    held[t] += 1
                n = len(melds)
                for t in self.kinds_in_play:
                    if held[t] < 4 and is_complete_of([*hand, t], n):
                        out.append(t)
            got = self._waits[key] = tuple(out)
        return got

    # -- what may be done --------------------------------------------------------------

    def special_actions(self, table: Table, seat: int) -> list[Action]:
        """A discard that leaves the hand ready may disclose it (``discard T declare``,
        §8), while the wall has a tile left to draw and the seat has not disclosed."""
        st = _state(table)
        if seat in st.disclosed or not table.wall.live():
            return []
        hand = table.hands[seat]
        melds = table.melds[seat]
        out: list[Action] = []
        for t in sorted(set(hand)):
            rest = list(hand)
            rest.remove(t)
            if self.waits_of(rest, melds):
                out.append(MahjongAction("discard", (t, "declare")))
        return out

    def declare(self, table: Table, seat: int, action: Action) -> None:
        """Disclosure (§8): the seat's waits noted and shown; its hand made public
        (``disclosure_scope`` full)."""
        st = _state(table)
        st.disclosed.append(seat)
        waits = self.waits_of(table.hands[seat], table.melds[seat])
        st.waits[seat] = waits
        scope = str(self.settings["disclosure_scope"])
        table.announce("disclosure", seat, {"waits": [tile_name(t) for t in waits], "scope": scope})
        if scope == "full":
            table.reveal(seat)

    def allows(self, table: Table, seat: int, action: Action) -> bool:
        kind = action[0]
        if kind == "pass":
            return True
        st = _state(table)
        payload = action[1]
        disclosed = seat in st.disclosed
        if kind == "pung":
            # §5.5: holding three, a discard is konged, never punged; a discloser never
            return not disclosed and table.hands[seat].count(payload) < 3
        if kind == "kong":
            return not disclosed  # a direct kong (KW-A5)
        if kind == "added_kong":
            return bool(payload == table.last_drawn(seat))  # the tile just drawn (KW-A1)
        if kind == "concealed_kong":
            return not disclosed or self._kong_keeps_waits(table, seat, payload)
        if kind == "discard":
            if type(payload) is tuple:
                return not disclosed
            if not disclosed:
                return True
            drawn = table.last_drawn(seat)
            if drawn is not None:
                return bool(payload == drawn)
            rest = list(table.hands[seat])
            rest.remove(payload)
            return self.waits_of(rest, table.melds[seat]) == st.waits[seat]
        if kind in ("win", "rob") and type(payload) is int and seat in st.frozen:
            # §7.5: a win on a discard or a robbed kong after one let go
            score = self._claim_score(table, seat, payload, table.current, kind == "rob")
            return score.valid and score.total > st.frozen[seat]
        return True

    def _kong_keeps_waits(self, table: Table, seat: int, tile: Tile) -> bool:
        """Would a concealed kong of ``tile`` leave the discloser's waits as they were
        (KW-A5)?"""
        rest = list(table.hands[seat])
        for _ in range(4):
            rest.remove(tile)
        melds = [*table.melds[seat], kong(tile, exposed=False)]
        return self.waits_of(rest, melds) == _state(table).waits.get(seat)

    def _claim_score(
        self, table: Table, seat: int, tile: Tile, discarder: int, robbing: bool
    ) -> Score:
        """The score of ``seat``'s win on ``tile`` discarded (or added to a kong) by
        ``discarder``, now."""
        st = _state(table)
        empty = table.wall.live() == 0
        how = WinContext(
            self_drawn=False,
            discarder=discarder,
            last_wall_tile=empty,
            robbing_kong=robbing,
            after_kong_discard=not robbing and st.after_kong,
            live_wall_empty=empty,
        )
        return self.score_win(table, seat, tile, how, list(table.hands[seat]))

    def on_discard(self, table: Table, seat: int, tile: Tile) -> None:
        """Note whether the discard follows the discarder's kong; the discarder's turn
        came, so a freeze of his ends (§7.5)."""
        st = _state(table)
        st.after_kong = st.kong_turn == seat
        st.kong_turn = None
        st.frozen.pop(seat, None)

    def window_closed(self, table: Table, window: Window) -> None:
        """§7.5: a seat offered a win on the discard (or the robbed kong) that did not
        take it is frozen at the win's score; a pung or kong lifts the freezes of the
        seats whose turn it passes by."""
        if window.kind not in ("claim", "rob"):
            return
        discarder = window.info.get("seat")
        name = window.info.get("tile")
        if discarder is None or name is None:
            return
        tile = parse_tiles(name)[0]
        st = _state(table)
        want = "rob" if window.kind == "rob" else "win"
        answers: dict[int, Action] = dict(window.answers)
        for s, offered in window.offered.items():
            if answers.get(s, PASS)[0] == want or not any(a[0] == want for a in offered):
                continue
            score = self._claim_score(table, s, tile, discarder, window.kind == "rob")
            if score.valid:
                st.frozen[s] = max(st.frozen.get(s, 0), score.total)
        claims = {s: a for s, a in answers.items() if a[0] != "pass"}
        if window.kind != "claim" or not claims:
            return
        best = max(self.claim_rank(a[0]) for a in claims.values())
        top = [s for s, a in claims.items() if self.claim_rank(a[0]) == best]
        claimer = self.win_order(discarder, top)[0]
        n = table.num_seats
        k = 1
        while (discarder + k) % n != claimer:  # their turn passed by
            st.frozen.pop((discarder + k) % n, None)
            k += 1

    # -- kongs -------------------------------------------------------------------------

    def kong_payments(self, table: Table, seat: int, meld: Meld, chain: int) -> list[int]:
        """§6: the kong paid at once as the scorer's ``kong_payments`` says, at its place
        ``chain`` in the chain of kongs; the chain's kongers are noted (C7)."""
        st = _state(table)
        st.chain = [seat] if chain == 1 else [*st.chain, seat]
        st.kong_turn = seat
        role = table.seat_name
        data: dict[str, Any] = {
            "event": "kong",
            "konger": role(seat),
            "kong": kong_kind(meld),
            "chain": chain,
        }
        if kong_kind(meld) == "direct":
            assert meld.claimed_from is not None
            data["discarder"] = role((seat + meld.claimed_from) % table.num_seats)
        paid = scoring.kong_payments(data).payments
        return [paid[role(s)] for s in range(table.num_seats)]

    # -- winning -----------------------------------------------------------------------

    def situation(
        self, table: Table, seat: int, tile: Tile, how: WinContext, concealed: Sequence[Tile]
    ) -> dict[str, Any]:
        """The win of ``seat`` on ``tile`` as the scoring API's situation (``concealed``
        without the winning tile)."""
        st = _state(table)
        role = table.seat_name
        hand = [meld_text(m) for m in table.melds[seat]]
        if concealed:
            hand.append(format_tiles(sorted(concealed)))
        data: dict[str, Any] = {
            "rules": "kawuxing",
            "hand": " ".join(hand),
            "win_tile": tile_name(tile),
            "seat": role(seat),
            "options": dict(self.settings),
        }
        if how.self_drawn:
            data["self_drawn"] = True
            if how.kong_replacement:
                data["kong_replacement"] = True
                data["kong_chain"] = [role(s) for s in st.chain]
        else:
            assert how.discarder is not None
            data["discarder"] = role(how.discarder)
            if how.robbing_kong:
                data["robbing_kong"] = True
            elif how.after_kong_discard:
                data["discard_after_kong"] = True
                if st.chain and st.chain[-1] == how.discarder:
                    data["kong_chain"] = [role(s) for s in st.chain]
            if how.discarder in st.disclosed:
                data["discarder_disclosed"] = True
        if how.last_wall_tile and not how.robbing_kong:
            data["last_tile"] = True
        if seat in st.disclosed:
            data["disclosed"] = True
        return data

    def score_win(
        self, table: Table, seat: int, tile: Tile, how: WinContext, concealed: Sequence[Tile]
    ) -> Score:
        try:
            return scoring.score_win(self.situation(table, seat, tile, how, concealed))
        except InvalidHand as e:
            return Score(False, 0, (), reason=str(e))

    def _weighed(self, hand: WonHand) -> KawuxingWin:
        """A hand a bot weighs, as the scorer reads it: the seat by its role (a wind:
        the banker), a discard from the role before it, disclosed if the bot's seat
        has disclosed."""
        seat = hand.seat_wind if hand.seat_wind in ROLES else "banker"
        how = hand.how
        discarder = None
        source = "wall"
        if not how.self_drawn:
            source = "rob" if how.robbing_kong else "discard"
            given = hand.discarder_wind
            discarder = given if given in ROLES and given != seat else before(seat)
        kongs = sum(1 for m in hand.melds if m.kind == KONG)
        return KawuxingWin(
            options=self.settings,
            seat=seat,
            tiles=tuple(sorted(hand.tiles)),
            melds=tuple(_plain(m) for m in hand.melds),
            win_tile=hand.tile,
            source=source,
            discarder=discarder,
            bloom=1 if how.self_drawn and how.kong_replacement and kongs else 0,
            discard_after_kong=not how.self_drawn and how.after_kong_discard,
            disclosed=self._disclosed,
        )

    def score(self, hand: WonHand) -> Score:
        """A hand's value as a bot weighs it (see :meth:`_weighed`)."""
        try:
            return scoring.score_hand(self._weighed(hand))
        except (InvalidHand, ValueError) as e:
            return Score(False, 0, (), reason=str(e))

    # -- paying ------------------------------------------------------------------------

    def draw_payments(self, table: Table) -> list[int]:
        """§8: the first discloser pays each other player 1 unit."""
        order = [table.seat_name(s) for s in _state(table).disclosed]
        paid = scoring.draw_payments({"event": "draw", "disclosure_order": order}).payments
        return [paid[table.seat_name(s)] for s in range(table.num_seats)]

    def result_fields(self, table: Table) -> dict[str, Any]:
        """``disclosed``: the roles that disclosed, in order."""
        st = table.state
        if not isinstance(st, KawuxingHandState) or not st.disclosed:
            return {}
        return {"disclosed": [table.seat_name(s) for s in st.disclosed]}

    def session_rules(self) -> SessionRules:
        """The winner banker next (after a double win the loser), the banker staying on
        a draw; with four people the resting player takes the winner's seat."""
        return KawuxingSession(
            four=self.players == 4, rotation=bool(self.settings["four_player_rotation"])
        )

    # -- what each seat sees -------------------------------------------------------------

    def observe(self, table: Table, seat: int) -> dict[str, Any]:
        """The disclosed seats in order and their waits (public); the kongs paid so far
        (``transfers``, public: each kong's payments as made, §6); the seat's own
        freeze (the highest win it let go, §7.5)."""
        st = table.state
        if not isinstance(st, KawuxingHandState):
            return {}
        out: dict[str, Any] = {}
        if table.transfers:
            out["transfers"] = [dict(t, payments=list(t["payments"])) for t in table.transfers]
        if st.disclosed:
            out["disclosed"] = list(st.disclosed)
            out["waits"] = {
                str(s): " ".join(tile_name(t) for t in st.waits.get(s, ())) for s in st.disclosed
            }
        if seat in st.frozen:
            out["frozen"] = st.frozen[seat]
        return out

    def hints(self, observation: Mapping[str, Any]) -> HandHints:
        """Nothing wild, runs win; a ready discard may disclose (``ready_declaration``,
        §8). The bot's seat's disclosure is noted for :meth:`score` (a disclosed hand
        wins on any discard)."""
        own = ruleset_state(observation)
        self._disclosed = observation.get("seat") in own.get("disclosed", ())
        return HandHints(ready_declaration=True)


def kong_kind(meld: Meld) -> str:
    """A kong as §6 names it: ``concealed``, ``growing`` (added to a pung) or ``direct``.

    >>> kong_kind(kong(20, exposed=False)), kong_kind(kong(20, claimed_from=1))
    ('concealed', 'direct')
    """
    if not meld.exposed:
        return "concealed"
    return "growing" if meld.added else "direct"


def meld_text(meld: Meld) -> str:
    """A meld in the scorer's notation: ``[222p]`` shown, ``{2222p}`` concealed.

    >>> meld_text(kong(20, exposed=False)), meld_text(kong(20, claimed_from=1, added=True))
    ('{3333s}', '[3333s]')
    """
    name = tile_name(meld.tiles[0])
    n = len(meld.tiles)
    body = name[0] * n + name[1:]  # one suit letter: 333s; an honour alone: FFFF
    return f"[{body}]" if meld.exposed else "{" + body + "}"


def _plain(m: Meld) -> Meld:
    if not m.wilds:
        return m
    return Meld(m.kind, m.tiles, m.exposed, m.claimed_from, (), m.added)


def _state(table: Table) -> KawuxingHandState:
    st: KawuxingHandState = table.state
    return st


RULESET = KawuxingRuleset

__all__ = [
    "KAWUXING_WALL",
    "RULESET",
    "SHAPES",
    "TABLE_OPTIONS",
    "KawuxingHandState",
    "KawuxingRuleset",
    "kong_kind",
    "meld_text",
]

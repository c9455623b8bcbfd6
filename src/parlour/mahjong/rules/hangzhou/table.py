"""Hangzhou mahjong at the table (``hangzhou.md``) on the shared procedure; the winner's
hand is scored by :mod:`parlour.mahjong.rules.hangzhou.scoring`.

What the rulebook changes from the shared procedure, each in one hook:

* the hand (§4): 136 tiles in four walls of 17 stacks broken by one throw S (the seat at
  S counts S stacks from the right end of its wall); the shared deal gives the banker
  the 1st and 5th tiles after the three rounds of two stacks; supplements come from the
  tail, its bottom tile first; the hand is drawn when 20 tiles are left, the indicator
  pair among them (``WallRules.reserve`` 18 once the pair is out of play);
* the fortune (§4.4-§4.5, HZ-A2): after the deal the top tile of stack T(2S), counted
  from the tail, is turned up (:meth:`after_deal`) and set aside with the tile beneath it
  (face down: no one sees it). The other three of its kind are the fortunes (wild),
  every White an ordinary tile of its kind (:meth:`wild_rules`); under
  ``permanent_white_fortune`` no indicator is turned and the four Whites are the
  fortunes;
* the banker (§3): the winner deals next, the banker stays on a draw; ``lao`` is 1 in a
  banker's first hand, one more for each hand he keeps (``table.streak``), 3 at once
  when ``immediate_third_banker`` and the break was thrown as a double;
* claims (§5, §6.2): no fortune in a chow, a pung or any kong, a discarded fortune never
  claimed (:meth:`unclaimable`); a win on a discard or by robbing a filling kong only
  between the banker and a non-banker at lao 3 (robbing from ``robbing_kong_from_lao``),
  a wild eye never (the scorer refuses such a win, so it is never offered);
* floats (§8): a fortune discarded leaving four sets (or six pairs) and a lone fortune
  starts a float round (:meth:`on_discard`): until the floater's next turn the others
  may not chow, pung, make an open kong (direct or filling), win on a discard or rob;
  the floater's next own-tile win counts his float rounds; a float keeps his kong streak
  (bloom doubles, one per kong of the streak, :meth:`kong_payments` counts them);
* the options of §11: ``missed_pung_freeze`` and ``missed_win_freeze``
  (:meth:`window_closed`), ``max_two_claims_same_source``, ``liability_restriction``
  (with its scope), ``float_player_may_claim`` (a claim in one's own float round that
  keeps the float going or wins by kong bloom; the claim is recorded for
  ``float_second_half_liability``), ``wall_only``, ``ten_honours`` (a declared win,
  ``ten_honours``), ``immediate_third_banker``; the chip limit ``max_loss`` is the
  match's (:class:`~parlour.mahjong.rules.hangzhou.session.HangzhouSession`).

The banker is the table's East (seat names follow the deal, as everywhere in parlour);
the spec's fixed seat winds decide nothing in Hangzhou's scoring. Not played: a
discarded White claimed for a chow as the indicator's kind (a White from the hand may
be), false wins and long or short hands (the table offers only valid wins and keeps
every hand's size).

>>> r = HangzhouRuleset()
>>> r.hand_size, r.wall.reserve, r.wall.stacks_per_wall, r.name
(13, 18, 17, 'hangzhou')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from parlour.core.actions import NOTHING, Action
from parlour.core.errors import InvalidHand
from parlour.mahjong.actions import PASS, MahjongAction
from parlour.mahjong.melds import Meld
from parlour.mahjong.rules.hangzhou.scoring import (
    OPTIONS,
    FloatClaim,
    HangzhouHand,
    is_wild_eye,
    readings_of,
    resolve_options,
    restriction_applies,
    score_hand,
    wild_rules,
)
from parlour.mahjong.rules.hangzhou.session import HangzhouSession
from parlour.mahjong.ruleset import HandHints, Ruleset, Wager, WinContext, WonHand, ruleset_state
from parlour.mahjong.scoring import Score
from parlour.mahjong.session import SessionRules
from parlour.mahjong.shapes import WildRules
from parlour.mahjong.situation import meld_as
from parlour.mahjong.tiles import JOKER, TILES_136, WHITE, Tile, parse_tiles, tile_name
from parlour.mahjong.wall import WallRules

if TYPE_CHECKING:
    from parlour.core.window import Window
    from parlour.mahjong.table import Table

HANGZHOU_WALL = WallRules(stacks_per_wall=17, break_throws=1, reserve=18, tail_bottom_first=True)
"""136 tiles in four walls of 17 stacks, one throw; supplements from the tail, bottom
first; 18 tiles never drawn beside the indicator pair set aside (20 in all, §6.5)."""

WHITE_FORTUNE_WALL = dataclasses.replace(HANGZHOU_WALL, reserve=20)
"""``permanent_white_fortune``: no indicator pair is set aside; 20 tiles never drawn."""

TEN_HONOURS = "ten_honours"
"""The declared win of a player whose first ten or more discards were honours (§11)."""

_MELD_CLAIMS = frozenset(("chow", "pung", "kong"))
_OPEN_KONGS = frozenset(("kong", "added_kong"))
_CLAIM_WINS = frozenset(("win", "rob"))
_HONOURS = range(27, 34)


@dataclass(slots=True)
class HangzhouHandState:
    """The Hangzhou ruleset's own state of one hand (``table.state``), made by
    :meth:`HangzhouRuleset.new_state` and changed only by the deal and the actions, so
    that a replay rebuilds it.

    >>> HangzhouHandState().fortune is None, HangzhouHandState().lao
    (True, 1)
    """

    fortune: Tile | None = None
    """The fortunes' kind: the indicator's, or the White (``permanent_white_fortune``)."""
    indicator: Tile | None = None
    """The indicator turned up after the deal (None with ``permanent_white_fortune``)."""
    lao: int = 1
    """The banker's stay level this hand (§3.3)."""
    floating: tuple[int, int] | None = None
    """The float under way: the floater and his float rounds so far (§8)."""
    streaks: dict[int, int] = field(default_factory=dict)
    """By seat, the kongs of its streak still running (a float does not break it)."""
    claims: dict[int, dict[int, list[str]]] = field(default_factory=dict)
    """``claims[taker][giver]``: the kinds of the claims ``taker`` made of ``giver``'s
    discards (chow, pung, kong), for liability and the claim limits."""
    frozen_pung: dict[int, list[Tile]] = field(default_factory=dict)
    """``missed_pung_freeze``: by seat, the kinds it may not pung until its turn."""
    frozen_win: dict[int, list[Tile]] = field(default_factory=dict)
    """``missed_win_freeze``: by seat, the kinds it may not win on until its turn."""
    honours: dict[int, int] = field(default_factory=dict)
    """By seat, how many honours it discarded before any other tile (-1: broken)."""
    float_claim: tuple[int, int, int, int] | None = None
    """``float_player_may_claim``: the floater, the seat whose discard he claimed in his
    float round, and his floats and kong streak before that claim."""
    must_float: int | None = None
    """The floater who claimed to float again: his discard must be a float discard."""
    declared: int | None = None
    """The seat that declared ten honours."""


class HangzhouRuleset(Ruleset):
    """Hangzhou mahjong at the table (see the module docstring)."""

    name = "hangzhou"
    title = "Hangzhou mahjong"
    hand_size = 13
    tile_set = TILES_136
    wall = HANGZHOU_WALL
    win_shapes = ("regular", "seven_pairs")
    options_spec = OPTIONS
    kinds = ((TEN_HONOURS, NOTHING),)
    """``ten_honours``: the declared win of option ``ten_honours`` (§11)."""

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        try:
            self.settings = resolve_options(self.options)
        except InvalidHand as e:
            raise ValueError(str(e)) from None
        self._white = bool(self.settings["permanent_white_fortune"])
        self._fortune: Tile | None = WHITE if self._white else None  # for :meth:`score`

    def wall_of(self, flags: Mapping[str, Any]) -> WallRules:
        return WHITE_FORTUNE_WALL if self._white else HANGZHOU_WALL

    def is_bonus(self, tile: Tile) -> bool:
        return False  # no flowers or seasons (§1)

    # -- the fortune and the banker ---------------------------------------------------

    def new_state(self, table: Table) -> HangzhouHandState:
        return HangzhouHandState()

    def after_deal(self, table: Table) -> None:
        """§3.3 and §4.4: the stay level, then the indicator: the top tile of stack
        T(2S) counted from the tail (S the breaking throw; a prepared deal throws with
        ``table.rng``), turned up and set aside with the tile beneath it."""
        st = _state(table)
        st.lao = table.streak + 1
        dice = tuple(table.dice[:2])
        if table.prepared:
            dice = (table.rng.randint(1, 6), table.rng.randint(1, 6))
        if self.settings["immediate_third_banker"] and dice[0] == dice[1]:
            st.lao = max(st.lao, 3)
        table.announce("lao", None, {"lao": st.lao, "banker": table.dealer, "dice": list(dice)})
        if self._white:
            st.fortune = WHITE
        else:
            stack = 2 * sum(dice)  # T(2S), counted from the tail (1: the tail stack)
            stacks = len(table.wall.stacks)
            stack = min(stack, stacks)
            bottom = 2 * (stack - 1)  # replacements take a stack's bottom tile first
            top = table.take_from_tail(bottom + 1)
            table.take_from_tail(bottom, face_down=True)
            st.indicator = top
            st.fortune = top
        self._fortune = st.fortune
        table.rules_changed()

    def _fortune_of(self, table: Table) -> Tile | None:
        st = table.state
        return st.fortune if isinstance(st, HangzhouHandState) else None

    def wild_rules(self, table: Table) -> WildRules | None:
        """The three fortunes wild anywhere in the concealed hand, never in a kong;
        every White an ordinary tile of the indicator's kind (§4.5, §6.1)."""
        fortune = self._fortune_of(table)
        if fortune is None:
            return None
        return dataclasses.replace(wild_rules(fortune), wild_tile=fortune)

    def unclaimable(self, table: Table, tile: Tile) -> bool:
        """§6.2: a discarded fortune is never claimed."""
        return tile == self._fortune_of(table)

    # -- floats, streaks, claims --------------------------------------------------------

    def on_discard(self, table: Table, seat: int, tile: Tile) -> None:
        """A fortune discarded leaving four sets (or six pairs) and a lone fortune starts
        (or continues) a float round; any other discard ends the seat's float and its
        kong streak. Counts a seat's leading honour discards (``ten_honours``) and lifts
        its freezes (its turn came)."""
        st = _state(table)
        st.frozen_pung.pop(seat, None)
        st.frozen_win.pop(seat, None)
        st.must_float = None
        run = st.honours.get(seat, 0)
        if run >= 0:
            st.honours[seat] = run + 1 if tile in _HONOURS and tile != st.fortune else -1
        floating = st.floating
        if tile == st.fortune and self._float_shape(table, seat):
            floats = floating[1] + 1 if floating and floating[0] == seat else 1
            st.floating = (seat, floats)
            return
        if floating and floating[0] == seat:
            st.floating = None
            if st.float_claim is not None and st.float_claim[0] == seat:
                st.float_claim = None
        st.streaks.pop(seat, None)

    def kong_payments(self, table: Table, seat: int, meld: Meld, chain: int) -> list[int] | None:
        """No payment: a kong that stands adds one to ``seat``'s kong streak (§8), which
        its next ordinary discard ends."""
        st = _state(table)
        st.streaks[seat] = st.streaks.get(seat, 0) + 1
        return None

    def window_closed(self, table: Table, window: Window) -> None:
        """A claim window: note the claim made (its kind, taker and giver), the freezes
        of the seats that passed a pung or a win they were offered (``missed_pung_freeze``,
        ``missed_win_freeze``), the freezes lifted for the seats a claim passed over, and
        a claim by the floater in his float round."""
        if window.kind != "claim":
            return
        discarder = window.info.get("seat")
        if discarder is None or not table.discarded[discarder]:
            return
        tile = table.discarded[discarder][-1]
        st = _state(table)
        answers: dict[int, Action] = dict(window.answers)
        for s, offered in window.offered.items():
            if answers.get(s, PASS)[0] != "pass":
                continue
            kinds = {a[0] for a in offered}
            if self.settings["missed_pung_freeze"] and kinds & {"pung", "kong"}:
                st.frozen_pung.setdefault(s, []).append(tile)
            if self.settings["missed_win_freeze"] and "win" in kinds:
                st.frozen_win.setdefault(s, []).append(tile)
        claims = {s: a for s, a in answers.items() if a[0] != "pass"}
        if not claims:
            return
        best = max(self.claim_rank(a[0]) for a in claims.values())
        top = [s for s, a in claims.items() if self.claim_rank(a[0]) == best]
        claimer = self.win_order(discarder, top)[0]
        kind = claims[claimer][0]
        n = table.num_seats
        k = 1
        while (discarder + k) % n != claimer:  # passed over by the claim: their turn came
            st.frozen_pung.pop((discarder + k) % n, None)
            st.frozen_win.pop((discarder + k) % n, None)
            k += 1
        if kind not in _MELD_CLAIMS:
            return
        st.claims.setdefault(claimer, {}).setdefault(discarder, []).append(kind)
        floating = st.floating
        if floating and floating[0] == claimer:  # float_player_may_claim
            before = (claimer, discarder, floating[1], st.streaks.get(claimer, 0))
            if st.float_claim is None:
                st.float_claim = before
            if kind != "kong":
                st.must_float = claimer

    def _float_shape(self, table: Table, seat: int, tiles: Sequence[Tile] | None = None) -> bool:
        """Are ``seat``'s concealed tiles (or ``tiles``) four sets (or six pairs) and a
        lone fortune beside its melds: a wild eye that any tile completes (§8)?"""
        fortune = self._fortune_of(table)
        hand = list(table.hands[seat] if tiles is None else tiles)
        if fortune is None or fortune not in hand:
            return False
        h = self._hand(
            table,
            seat,
            concealed=[*hand, fortune],
            tile=fortune,
            source="wall",
            discarder=None,
        )
        try:
            return any(is_wild_eye(r, h) for r in readings_of(h))
        except (InvalidHand, ValueError):
            return False

    def float_round(self, table: Table) -> int | None:
        """The floater while a float round lasts: from his float discard until his next
        turn (§8), else None."""
        st = table.state
        floating = st.floating if isinstance(st, HangzhouHandState) else None
        if not floating:
            return None
        seat: int = floating[0]
        if table.phase == "turn" and table.current == seat:
            return None
        return seat

    def _float_offer(self, table: Table, seat: int) -> dict[str, Any] | None:
        """On ``seat``'s turn, a fortune whose discard leaves a wild eye (a float
        discard): the ``tile``, the float rounds it makes (``floats``), the ``multiplier``
        of the wild-eye win it aims at (×2 the wild eye, ×2 each float) and ``now``, the
        multiplier of the win the seat may declare instead (0: none)."""
        fortune = self._fortune_of(table)
        if fortune is None or table.phase != "turn" or table.current != seat:
            return None
        hand = list(table.hands[seat])
        if hand.count(fortune) < 2:
            return None
        rest = list(hand)
        rest.remove(fortune)
        if not self._float_shape(table, seat, rest):
            return None
        st = _state(table)
        floats = st.floating[1] + 1 if st.floating and st.floating[0] == seat else 1
        now = 0
        if MahjongAction("win") in table.legal_actions(seat):
            tile = table.last_drawn(seat)
            if tile is not None:
                concealed = list(hand)
                concealed.remove(tile)
                score = self.score_win(table, seat, tile, WinContext(self_drawn=True), concealed)
                if score.valid and score.tally is not None:
                    now = 1 << score.tally.doubles
        return {
            "tile": tile_name(fortune),
            "floats": floats,
            "multiplier": 1 << (floats + 1),
            "now": now,
        }

    # -- what may be done ----------------------------------------------------------------

    def allows(self, table: Table, seat: int, action: Action) -> bool:
        kind = action[0]
        st = table.state
        if not isinstance(st, HangzhouHandState) or st.fortune is None:
            return True
        fortune = st.fortune
        payload = action[1]
        t = payload if type(payload) is int else None
        if st.must_float == seat and kind == "discard":
            return t == fortune and self._float_shape(table, seat, _less(table.hands[seat], t))
        if kind in ("concealed_kong", "added_kong", "pung", "kong") and t == fortune:
            return False  # a kong or pung never holds a fortune (§4.5)
        floater = self.float_round(table)
        in_claim = table.phase in ("claim", "rob") or seat != table.current
        if floater is not None and floater != seat:
            if kind in _MELD_CLAIMS or kind == "added_kong":
                return False  # no chow, pung or open kong in a float round (§8)
            if kind in _CLAIM_WINS and in_claim:
                return False  # no win on a discard nor robbing in a float round
        if floater is not None and floater == seat and kind in _MELD_CLAIMS:
            return self._floater_claim(table, seat, action)
        if kind in _CLAIM_WINS and in_claim and t in st.frozen_win.get(seat, ()):
            return False  # missed_win_freeze
        if kind in ("pung", "kong") and t is not None and t in st.frozen_pung.get(seat, ()):
            return False  # missed_pung_freeze
        if kind in _MELD_CLAIMS:
            if not self._claim_allowed(table, seat, kind):
                return False
            if kind == "chow":
                return self._chow_allowed(table, seat, action[1], fortune)
        return True

    def _claim_allowed(self, table: Table, seat: int, kind: str) -> bool:
        """The claim limits of §11: at most two claims of one player's discards
        (``max_two_claims_same_source``), and ``liability_restriction`` between
        non-bankers."""
        window = table.window
        giver = window.info.get("seat") if window is not None else None
        if giver is None:
            return True
        st = _state(table)
        made = st.claims.get(seat, {}).get(giver, [])
        if self.settings["max_two_claims_same_source"] and len(made) >= 2:
            return False
        if len(made) < 2 or table.dealer in (seat, giver):
            return True
        if not restriction_applies(self.settings, st.lao):
            return True
        if self.settings["liability_restriction"] == "banker_only":
            return False  # the third claim between non-bankers would make a liability
        return not (kind == "chow" and made[:2] == ["chow", "chow"])

    def _chow_allowed(self, table: Table, seat: int, first: Tile, fortune: Tile) -> bool:
        """No fortune in a chow (§5.2): a tile of the fortune's kind from the hand is one,
        unless a White stands for it (the table takes a White first)."""
        window = table.window
        discarder = window.info.get("seat") if window is not None else None
        if discarder is None or not table.discarded[discarder]:
            return True
        taken = table.discarded[discarder][-1]
        used = [x for x in (first, first + 1, first + 2) if x != taken]
        if fortune not in used:
            return True
        return fortune != WHITE and WHITE in table.hands[seat]

    def _floater_claim(self, table: Table, seat: int, action: Action) -> bool:
        """``float_player_may_claim`` (§8): in his float round the floater may kong a
        discard (his wild eye then wins on any supplement: kong bloom), or chow or pung
        one when the claim frees a fortune he then discards to float again."""
        if not self.settings["float_player_may_claim"]:
            return False
        kind = action[0]
        if kind == "kong":
            return True
        fortune = _state(table).fortune
        window = table.window
        discarder = window.info.get("seat") if window is not None else None
        if fortune is None or discarder is None:
            return False
        taken = table.discarded[discarder][-1]
        if kind == "chow":
            first = action[1]
            if not self._chow_allowed(table, seat, first, fortune):
                return False
            used = [x for x in (first, first + 1, first + 2) if x != taken]
        else:
            used = [taken, taken]
        rest = list(table.hands[seat])
        for x in used:
            if x not in rest:
                return False
            rest.remove(x)
        if rest.count(fortune) < 2:
            return False
        rest.remove(fortune)
        meld = Meld("chow" if kind == "chow" else "pung", tuple(sorted([*used, taken])), True)
        return self._float_shape_with(table, seat, rest, meld)

    def _float_shape_with(self, table: Table, seat: int, tiles: list[Tile], meld: Meld) -> bool:
        fortune = _state(table).fortune
        assert fortune is not None
        if fortune not in tiles:
            return False
        h = self._hand(
            table, seat, concealed=[*tiles, fortune], tile=fortune, source="wall", discarder=None
        )
        h = dataclasses.replace(h, melds=(*h.melds, _normal(meld, fortune)))
        try:
            return any(is_wild_eye(r, h) for r in readings_of(h))
        except (InvalidHand, ValueError):
            return False

    def special_actions(self, table: Table, seat: int) -> list[Action]:
        """``ten_honours``: a player whose first ten or more discards were all honours
        may declare a win in his turn (§11)."""
        if not self.settings["ten_honours"] or table.state is None:
            return []
        if _state(table).honours.get(seat, 0) >= 10:
            return [MahjongAction(TEN_HONOURS)]
        return []

    def apply_special(self, table: Table, seat: int, action: Action) -> None:
        if action[0] != TEN_HONOURS:
            super().apply_special(table, seat, action)
        _state(table).declared = seat
        hand = table.hands[seat]
        tile = table.last_drawn(seat) or hand[-1]
        table.declare_wins([(seat, tile, WinContext(self_drawn=True))])

    # -- winning -------------------------------------------------------------------------

    def _hand(
        self,
        table: Table,
        seat: int,
        *,
        concealed: Sequence[Tile],
        tile: Tile,
        source: str,
        discarder: int | None,
        kong_replacement: bool = False,
    ) -> HangzhouHand:
        """The hand ``seat`` would win with ``tile`` (``concealed`` holds it too)."""
        st = _state(table)
        fortune = st.fortune
        assert fortune is not None
        tiles = tuple(sorted(concealed))
        wind = table.seat_wind
        claims = {
            wind(a): {wind(b): len(kinds) for b, kinds in given.items()}
            for a, given in st.claims.items()
        }
        floating = st.floating
        floats = floating[1] if floating and floating[0] == seat and source == "wall" else 0
        float_claim = None
        fc = st.float_claim
        second_half = self.settings["float_second_half_liability"]
        if fc is not None and fc[0] == seat and floats and second_half:
            float_claim = FloatClaim(wind(fc[1]), fc[2], fc[3])
        return HangzhouHand(
            options=self.settings,
            seat=wind(seat),
            banker=wind(table.dealer),
            lao=st.lao,
            fortune=fortune,
            concealed=tiles,
            marks=tuple(t for t in tiles if t == fortune),
            melds=tuple(_normal(m, fortune) for m in table.melds[seat]),
            win_tile=tile,
            win_marked=tile == fortune,
            source=source,
            discarder=None if discarder is None else wind(discarder),
            floats=floats,
            kong_streak=st.streaks.get(seat, 0) if kong_replacement else 0,
            kong_replacement=kong_replacement,
            claims=claims,
            honour_discards=max(0, st.honours.get(seat, 0)),
            float_claim=float_claim,
        )

    def score_win(
        self, table: Table, seat: int, tile: Tile, how: WinContext, concealed: Sequence[Tile]
    ) -> Score:
        st = table.state
        if not isinstance(st, HangzhouHandState) or st.fortune is None:
            return Score(False, 0, (), reason="no fortune has been turned up yet")
        source = "wall" if how.self_drawn else "rob" if how.robbing_kong else "discard"
        if st.declared == seat:
            source = TEN_HONOURS
        h = self._hand(
            table,
            seat,
            concealed=[*concealed, tile],
            tile=tile,
            source=source,
            discarder=how.discarder,
            kong_replacement=how.kong_replacement and how.self_drawn,
        )
        if source == TEN_HONOURS:
            h = dataclasses.replace(h, win_tile=None, win_marked=False)
        return _scored(h)

    def score(self, hand: WonHand) -> Score:
        """The hand's value with the fortune of the last hand dealt (bots weigh waits
        with it); the banker East at lao 1."""
        return _scored(self._weighed(hand))

    def _weighed(self, hand: WonHand) -> HangzhouHand:
        fortune = self._fortune if self._fortune is not None else WHITE
        tiles = tuple(sorted(hand.tiles))
        how = hand.how
        source = "wall" if how.self_drawn else "rob" if how.robbing_kong else "discard"
        return HangzhouHand(
            options=self.settings,
            seat=hand.seat_wind,
            banker="E",
            lao=1,
            fortune=fortune,
            concealed=tiles,
            marks=tuple(t for t in tiles if t == fortune) if self._fortune is not None else (),
            melds=tuple(_normal(m, fortune) for m in hand.melds),
            win_tile=hand.tile,
            win_marked=hand.tile == fortune and self._fortune is not None,
            source=source,
            discarder=hand.discarder_wind,
            kong_replacement=how.kong_replacement and how.self_drawn,
            kong_streak=1 if how.kong_replacement and how.self_drawn else 0,
        )

    # -- the match -----------------------------------------------------------------------

    def session_rules(self) -> SessionRules:
        """§3.2: the winner deals next, the banker stays on a draw; every player starts
        with ``max_loss`` chips and never pays more than he holds (§1)."""
        return HangzhouSession(
            max_loss=int(self.settings["max_loss"]),
            first_banker=str(self.settings["first_banker_method"]),
            seating_method=str(self.settings["seating_method"]),
        )

    def result_fields(self, table: Table) -> dict[str, Any]:
        """``lao``: the banker's stay level in the hand; ``fortune``: the fortunes'
        kind."""
        st = table.state
        if not isinstance(st, HangzhouHandState) or st.fortune is None:
            return {}
        return {"lao": st.lao, "fortune": tile_name(st.fortune)}

    # -- what each seat sees -------------------------------------------------------------

    def observe(self, table: Table, seat: int) -> dict[str, Any]:
        """The indicator turned up and the fortunes' kind (``wild``: the tile bots keep),
        the banker's stay level and factor, the float round under way (its floater and
        rounds), every seat's kong streak and the claims each seat made of each other's
        discards (all public), and on the seat's own turn the float discard it may make
        (``float_discard``: its own tiles, private)."""
        st = table.state
        if not isinstance(st, HangzhouHandState) or st.fortune is None:
            return {}
        name = tile_name(st.fortune)
        out: dict[str, Any] = {
            "indicator": None if st.indicator is None else tile_name(st.indicator),
            "fortune": name,
            "wild": name,
            "lao": st.lao,
            "banker_factor": {1: 2, 2: 4}.get(st.lao, 8),
        }
        floater = self.float_round(table)
        if floater is not None:  # a float discard is a fortune thrown face up: public
            assert st.floating is not None
            out["float"] = {"seat": floater, "floats": st.floating[1]}
        if st.streaks:
            out["kong_streaks"] = {str(s): n for s, n in sorted(st.streaks.items())}
        if st.claims:
            out["claims"] = {
                str(a): {str(b): len(k) for b, k in sorted(given.items())}
                for a, given in sorted(st.claims.items())
            }
        offer = self._float_offer(table, seat)
        if offer is not None:
            out["float_discard"] = offer
        return out

    def hints(self, observation: Mapping[str, Any]) -> HandHints:
        """The fortunes (the kind ``wild`` names) and the float discard offered."""
        own = ruleset_state(observation)
        wild = own.get("wild")
        wilds = frozenset((JOKER, *parse_tiles(wild))) if wild else frozenset((JOKER,))
        offer = own.get("float_discard")
        wager = None
        if offer:
            wager = Wager(parse_tiles(offer["tile"])[0], offer["multiplier"], offer["now"])
        return HandHints(wilds=wilds, wager=wager)


def _scored(h: HangzhouHand) -> Score:
    """Score ``h``; a hand whose float rounds no wild eye carries is scored without
    them (a float that ended in another win)."""
    try:
        return score_hand(h)
    except InvalidHand:
        pass
    try:
        return score_hand(dataclasses.replace(h, floats=0, float_claim=None))
    except InvalidHand as e:
        return Score(False, 0, (), reason=str(e))


def _normal(m: Meld, fortune: Tile) -> Meld:
    """A table meld as the scorer reads it: without the table's record of the Whites
    that stand in it, a White read as the indicator's kind."""
    if m.wilds:
        m = Meld(m.kind, m.tiles, m.exposed, m.claimed_from, (), m.added)
    return meld_as(m, WHITE, fortune)


def _less(hand: Sequence[Tile], t: Tile | None) -> list[Tile]:
    rest = list(hand)
    if t is not None and t in rest:
        rest.remove(t)
    return rest


def _state(table: Table) -> HangzhouHandState:
    st: HangzhouHandState = table.state
    return st


RULESET = HangzhouRuleset

__all__ = [
    "HANGZHOU_WALL",
    "RULESET",
    "TEN_HONOURS",
    "WHITE_FORTUNE_WALL",
    "HangzhouHandState",
    "HangzhouRuleset",
]

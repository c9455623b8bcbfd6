"""The rules a table asks: one class per rule system, declaring data and overriding hooks.

:class:`Ruleset` holds what most rulebooks share (four seats named by the winds, 13-tile
hands, four walls of 18 stacks broken by two throws, chows only from the left, win over
pung and kong over chow, one winner, the nearest in turn order) as *data* (tile set,
:class:`~parlour.mahjong.wall.WallRules`, seat names, win shapes, the action kinds it
adds, its options) and *hooks* the table calls at each decision point. A rule system
subclasses it and overrides what its rulebook changes; the table
(:mod:`parlour.mahjong.table`) never tests a rule system's name.

The hooks, by moment of the hand:

* the deal: :meth:`build_wall`, :meth:`is_bonus`, :meth:`new_state` (the ruleset's own
  per-hand state, kept by the table), :meth:`after_deal` (an indicator turned up with the
  table's seeded generator, an exchange or an ordered window opened);
* what may be done: :meth:`allows` (one filter over everything the shared procedure
  offers), :meth:`special_actions` and :meth:`apply_special` (moves the shared procedure
  does not know), :meth:`declare` (a discard that carries a declaration),
  :meth:`on_discard` and :meth:`window_closed` (to keep per-hand state: float rounds,
  missed wins),
  :meth:`unclaimable`, :meth:`may_chow`, :meth:`claim_wilds`;
* who gets a discard: :meth:`claim_rank`, :meth:`win_order`, :attr:`several_winners`;
* winning: :attr:`win_shapes`, :attr:`special_shapes`, :meth:`wild_rules`,
  :meth:`score` (a pure valuation of a hand), :meth:`score_win` (a win at the table);
* paying: :meth:`settle` (a win), :meth:`kong_payments` (paid when a kong stands),
  :meth:`draw_payments`, :meth:`result_fields` (what the result adds);
* the match: :meth:`session_rules` (rounds, dealers and scores that follow the options);
* the end of the wall: :meth:`before_draw` (declarations instead of a drawn hand);
* what each seat sees: :meth:`observe` (the observation's ``ruleset_state``, read back
  with :func:`ruleset_state`), and the table's ``reveal`` for a hand made public.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

from parlour.core.actions import ActionSpace, Domain
from parlour.core.options import Option, check_options
from parlour.mahjong.actions import MAHJONG_SPACE
from parlour.mahjong.melds import Meld
from parlour.mahjong.scoring import Score
from parlour.mahjong.shapes import SpecialShape, WildRules
from parlour.mahjong.tiles import BONUS_TILES, JOKER, TILES_144, Tile, TileSet
from parlour.mahjong.wall import Deal, WallRules, deal

if TYPE_CHECKING:
    from parlour.core.actions import Action
    from parlour.core.window import Window
    from parlour.mahjong.session import SessionRules
    from parlour.mahjong.table import Table

WIND_LETTERS = "ESWN"

__all__ = [
    "WIND_LETTERS",
    "Deal",
    "HandHints",
    "Ruleset",
    "Wager",
    "WinContext",
    "WonHand",
    "ruleset_state",
]


def ruleset_state(observation: Mapping[str, Any]) -> Mapping[str, Any]:
    """The ruleset's own facts of the hand in a seat's observation (what
    :meth:`Ruleset.observe` gave, under ``ruleset_state``); an observation saved before
    the key had that name has them under ``rules``. Empty when there are none.

    >>> ruleset_state({"ruleset_state": {"gold": "5p"}}), ruleset_state({"rules": {"gold": "5p"}})
    ({'gold': '5p'}, {'gold': '5p'})
    >>> ruleset_state({"rules": "mcr"})
    {}
    """
    for key in ("ruleset_state", "rules"):
        own = observation.get(key)
        if isinstance(own, Mapping):
            return own
    return {}


@dataclass(frozen=True, slots=True)
class WinContext:
    """How a hand was won, as the table saw it (the scorer's flags).

    ``discarder`` is the seat that discarded the winning tile or whose kong was robbed.
    ``replacement`` is ``"kong"`` or ``"bonus"`` for a win on a replacement tile;
    ``kong_chain`` counts the kongs in a row that led to it (a kong made with the
    replacement tile of the kong before, or on a discard made right after one);
    ``after_kong_discard``: won on a discard made right after a kong; ``first_turn``:
    no meld has been claimed or declared yet and the winner has not discarded;
    ``live_wall_empty``: no live tile is left.
    """

    self_drawn: bool
    discarder: int | None = None
    last_wall_tile: bool = False
    kong_replacement: bool = False
    robbing_kong: bool = False
    last_of_kind: bool = False
    replacement: str | None = None
    kong_chain: int = 0
    after_kong_discard: bool = False
    first_turn: bool = False
    live_wall_empty: bool = False

    def to_json(self) -> dict[str, Any]:
        """The flags that are set (for results and records)."""
        out: dict[str, Any] = {}
        for name in self.__slots__:
            v = getattr(self, name)
            if name in ("self_drawn", "discarder"):
                continue
            if v:
                out[name] = v
        return out


@dataclass(frozen=True, slots=True)
class WonHand:
    """A hand won, as a ruleset's :meth:`Ruleset.score` values it: the ``concealed``
    tiles (without the winning ``tile``), the ``melds``, the winner's ``seat_wind`` and
    the ``prevailing`` value (a wind), its ``bonus`` tiles, ``how`` it was won and the
    discarder's seat name (``discarder_wind``; None when self-drawn).

    >>> from parlour.mahjong.tiles import parse_tiles
    >>> hand = WonHand(parse_tiles("123m 456p 789s EEE C"), (), parse_tiles("C")[0],
    ...                how=WinContext(self_drawn=True))
    >>> hand.seat_wind, hand.prevailing, len(hand.tiles)
    ('E', 'E', 14)
    """

    concealed: Sequence[Tile]
    melds: Sequence[Meld]
    tile: Tile
    seat_wind: str = "E"
    prevailing: str = "E"
    bonus: Sequence[Tile] = ()
    how: WinContext = WinContext(self_drawn=False)
    discarder_wind: str | None = None

    @property
    def tiles(self) -> list[Tile]:
        """The concealed tiles with the winning tile."""
        return [*self.concealed, self.tile]


@dataclass(frozen=True, slots=True)
class Wager:
    """A discard the rules offer a seat that pays more later if it comes off (a Gold
    thrown for a float): the ``tile``, the ``multiplier`` the win would then be paid at,
    and what the win the seat may declare ``now`` is worth."""

    tile: Tile
    multiplier: int
    now: int


@dataclass(frozen=True, slots=True)
class HandHints:
    """What a bot may know of this hand's rules from its own observation, as the
    ruleset reads it (:meth:`Ruleset.hints`): the tiles that are ``wilds``, whether the
    hand's sets are ``pungs_only``, whether ``every_win_scores`` (any complete hand may
    go out: no minimum to weigh), whether a win needs a claimed set
    (``win_needs_opening``: a concealed hand then claims whenever it helps), a
    ``wager`` the rules offer now, and whether a discard that leaves the hand ready may
    carry a declaration that raises what its wins pay (``ready_declaration``: a
    disclosure, ``discard T declare``, after which the seat only wins or discards what
    it draws).

    >>> HandHints().wilds == frozenset((JOKER,)), HandHints().pungs_only
    (True, False)
    """

    wilds: frozenset[Tile] = frozenset((JOKER,))
    pungs_only: bool = False
    every_win_scores: bool = False
    wager: Wager | None = None
    win_needs_opening: bool = False
    ready_declaration: bool = False


_PLAIN_HINTS = (HandHints(), HandHints(pungs_only=True))
"""The default hints (:meth:`Ruleset.hints`), chows allowed or not (frozen: built once)."""


class Ruleset:
    """Defaults shared by most rulebooks; a rule system overrides what differs."""

    name = "base"
    title = "the shared procedure"
    num_seats = 4
    hand_size = 13
    tile_set: TileSet = TILES_144
    wall: WallRules = WallRules()
    seat_names: tuple[str, ...] | None = None
    """Seat names by offset from the dealer (None: the winds E, S, W, N)."""
    prevailing_values: str = WIND_LETTERS
    """What the prevailing value of a hand may be (a wind; a rule system may add ``C``)."""
    wind_rounds = True
    """Is a hand played in a round of a prevailing wind? False for a game without winds:
    its observations say ``"prevailing": None`` and no face names a round."""
    several_winners = False
    """May several seats win on one discard or one robbed kong (each paid separately)?"""
    win_shapes: tuple[str, ...] | None = None
    """The shapes a winning hand may take (shape engine names); None: every shape the
    engine knows, which are MCR's five."""
    special_shapes: tuple[SpecialShape, ...] = ()
    """Winning shapes of the ruleset's own (three golds...)."""
    win_chows = True
    """May a winning hand hold chows? (False: its sets are pungs and kongs only, as in
    a goulash; bots then aim for pungs.)"""
    kinds: tuple[tuple[str, Domain], ...] = ()
    """The action kinds this ruleset adds to the shared ones, with their payloads."""
    options_spec: tuple[Option, ...] = ()
    """The options of the rule system (name, default, meaning)."""

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options: dict[str, Any] = check_options(self.options_spec, options or {}, self.name)

    @property
    def stacks_per_wall(self) -> int:
        return self.wall.stacks_per_wall

    @cached_property
    def action_space(self) -> ActionSpace:
        """The shared kinds, then the kinds this ruleset adds."""
        return MAHJONG_SPACE.extended(self.kinds) if self.kinds else MAHJONG_SPACE

    def seat_name(self, offset: int) -> str:
        """The name of the seat ``offset`` places after the dealer in turn order."""
        names = self.seat_names or WIND_LETTERS[: self.num_seats]
        return names[offset % len(names)]

    # -- the deal ----------------------------------------------------------------------

    def build_wall(
        self, rng: random.Random, dealer: int, flags: Mapping[str, Any] | None = None
    ) -> Deal:
        """Shuffle, build and break the walls and deal (:func:`parlour.mahjong.wall.deal`
        with this ruleset's tile set, wall rules, seats and hand size). ``flags`` are the
        hand's (what the match passes on): a ruleset whose tile set or walls change for
        one hand (jokers in a goulash) reads them here."""
        tiles, wall = self.tiles_of(flags or {}), self.wall_of(flags or {})
        wall.check(tiles, num_seats=self.num_seats, hand_size=self.hand_size)
        return deal(
            rng,
            dealer=dealer,
            num_seats=self.num_seats,
            hand_size=self.hand_size,
            tile_set=tiles,
            wall=wall,
        )

    def tiles_of(self, flags: Mapping[str, Any]) -> TileSet:
        """The tile set of a hand with ``flags`` (default: :attr:`tile_set`; a goulash
        adds jokers)."""
        return self.tile_set

    def wall_of(self, flags: Mapping[str, Any]) -> WallRules:
        """The wall of a hand with ``flags`` (default: :attr:`wall`)."""
        return self.wall

    def is_bonus(self, tile: Tile) -> bool:
        """Tiles laid aside at once and replaced (flowers and seasons)."""
        return tile in BONUS_TILES

    def new_state(self, table: Table) -> Any:
        """The ruleset's own state for one hand (an indicator, float rounds, disclosed
        seats, freezes), kept by the table as ``table.state``: a small mutable dataclass
        of the ruleset's own with one typed field per fact, read and set as attributes
        (:class:`~parlour.mahjong.rules.gold.table.GoldHandState`,
        :class:`~parlour.mahjong.rules.classical.table.ClassicalHandState`). It must
        follow from the deal and the actions alone, so that a replay rebuilds it (a
        dataclass also compares equal field by field and copies with :mod:`copy`).
        Default: None, a ruleset with no state of its own."""
        return None

    def after_deal(self, table: Table) -> None:
        """Called once the hands are dealt and the bonus tiles replaced, before the
        dealer's first turn: turn up an indicator (with ``table.rng``), open an exchange
        or an ordered window (``table.open_window``). Default: nothing."""

    # -- what may be done --------------------------------------------------------------

    def allows(self, table: Table, seat: int, action: Action) -> bool:
        """May ``seat`` take ``action``, which the shared procedure would offer it now?
        One filter for every restriction a rulebook adds (no chows, forced discards,
        float rounds, wins on discards only between certain seats...). The default
        allows everything; ``pass`` is always allowed."""
        return True

    def special_actions(self, table: Table, seat: int) -> list[Action]:
        """Moves of the ruleset's own offered to ``seat`` at its turn, beside the
        shared ones (a kept draw, a discard with a declaration...). Default: none."""
        return []

    def apply_special(self, table: Table, seat: int, action: Action) -> None:
        """Carry out one of :meth:`special_actions` (with the table's helpers)."""
        raise NotImplementedError(f"{self.name} offers no action {action.kind!r}")

    def on_discard(self, table: Table, seat: int, tile: Tile) -> None:
        """Called after every discard, before any declaration it carries and before the
        claim window opens (a float round begins, a duty to discard ends). Default:
        nothing."""

    def window_closed(self, table: Table, window: Window) -> None:
        """Called when a decision window closes, before its resolver: every seat's
        answer is in ``window.answers`` and what it was offered in
        ``window.offered`` (a seat that passed a win it was offered is frozen in some
        rulebooks). Default: nothing."""

    def declare(self, table: Table, seat: int, action: Action) -> None:
        """A discard that carries a declaration (``discard 3s declare``): called after
        the tile is discarded and before the claim window opens."""
        raise NotImplementedError(f"{self.name} has no declaration {action!s}")

    def unclaimable(self, table: Table, tile: Tile) -> bool:
        """Can no one claim this discard at all (a wild tile in some rulebooks)?"""
        return False

    def may_chow(self, claimer: int, discarder: int) -> bool:
        """Chows are claimed only from the left-hand neighbour (the previous seat)."""
        return claimer == (discarder + 1) % self.num_seats

    def claim_wilds(self, table: Table) -> WildRules | None:
        """Wild tiles that may complete a claimed pung or kong, or a declared kong
        (``pung C with 2s*``), and how many: None (the default) means claims never use
        wilds."""
        return None

    def claim_rank(self, kind: str) -> int:
        """Priority of a claim: higher wins (win 3, kong and pung 2, chow 1)."""
        return {"win": 3, "rob": 3, "kong": 2, "pung": 2, "chow": 1}.get(kind, 0)

    def win_order(self, discarder: int, claimers: Sequence[int]) -> list[int]:
        """Claimers of equal rank, the first to get the tile first: the nearest to the
        discarder in turn order."""
        n = self.num_seats
        return sorted(claimers, key=lambda s: (s - discarder) % n)

    # -- winning and settling ----------------------------------------------------------

    def wild_rules(self, table: Table) -> WildRules | None:
        """Which tiles are wild this hand and where they may stand (None: no wilds)."""
        return None

    def score(self, hand: WonHand) -> Score:
        """Value a hand won (valid False if the rules refuse it). A pure function of the
        hand, for the table and for bots that weigh a wait."""
        raise NotImplementedError

    def accepts(self, hand: WonHand) -> bool:
        """Would the rules accept this win (``score(hand).valid``)? A bot weighing its
        waits asks this of many hands; a ruleset may answer it without valuing a win
        it refuses."""
        return self.score(hand).valid

    def score_win(
        self, table: Table, seat: int, tile: Tile, how: WinContext, concealed: Sequence[Tile]
    ) -> Score:
        """Score a win at the table (``concealed`` without the winning tile). The
        default calls :meth:`score` with the seat's melds, names and bonus tiles."""
        return self.score(
            WonHand(
                concealed,
                table.melds[seat],
                tile,
                table.seat_wind(seat),
                table.prevailing,
                table.bonus[seat],
                how,
                None if how.discarder is None else table.seat_wind(how.discarder),
            )
        )

    def settle(self, table: Table, seat: int, score: Score, how: WinContext) -> list[int]:
        """Each seat's payment for one win by ``seat``, won as ``how`` says. The default
        reads the scorer's payments by seat name; a rulebook whose payments depend on
        the other seats (their hands, the banker, liability) overrides this."""
        return [score.payments.get(table.seat_wind(s), 0) for s in range(self.num_seats)]

    def kong_payments(self, table: Table, seat: int, meld: Meld, chain: int) -> list[int] | None:
        """Payments made at once when ``seat``'s kong ``meld`` stands (after any rob
        window); ``chain`` is its place in a chain of kongs (1 for the first). None
        (the default): kongs are paid with the hand, if at all."""
        return None

    def draw_payments(self, table: Table) -> list[int]:
        """Payments of an exhaustive draw (none by default)."""
        return [0] * self.num_seats

    def result_fields(self, table: Table) -> dict[str, Any]:
        """The ruleset's own fields in the hand's result (every seat's scored hand, when
        every hand is scored). Called once the hand is over. Default: none."""
        return {}

    def session_rules(self) -> SessionRules | None:
        """How a match of this rule system runs, when it depends on the options (the
        number of rounds, players, starting scores). None (the default): the rules
        registered for the rule system's name."""
        return None

    def before_draw(self, table: Table) -> bool:
        """Called when the hand would end without a winner: return True after opening
        a window of declarations instead (its resolver ends the hand). Default: False."""
        return False

    # -- what each seat sees -------------------------------------------------------------

    def observe(self, table: Table, seat: int) -> dict[str, Any]:
        """The ruleset's own facts of the hand that ``seat`` may see (an indicator,
        float rounds, disclosed seats): public facts only, or what ``seat`` may know.
        The table puts them in the observation under ``ruleset_state``. Default: none."""
        return {}

    def hints(self, observation: Mapping[str, Any]) -> HandHints:
        """What a bot may know of this hand's rules from ``observation`` (the facts
        :meth:`observe` put under ``ruleset_state``: :func:`ruleset_state` reads them):
        the wild tiles, whether chows make no
        winning hand, a wager offered. Default: the jokers are wild; pungs only when
        :attr:`win_chows` is False."""
        return _PLAIN_HINTS[not self.win_chows]

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
  ``rounds`` wind rounds, each player starting from ``starting_score``.

>>> from parlour.mahjong.session import Session
>>> s = Session("classical", seed=3, options={"rounds": 1})
>>> s.rules.rounds, s.rules.starting_score, s.ruleset.num_seats
('E', 2000, 4)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from parlour.core.actions import Action
from parlour.mahjong.melds import Meld
from parlour.mahjong.rules.classical import (
    NAME,
    OPTIONS,
    SeatHand,
    WrigglingSnake,
    _seats_in_play,
    _settle_scores,
    resolve_options,
    score,
    score_hand,
    score_json,
    settle,
)
from parlour.mahjong.ruleset import Ruleset, WinContext
from parlour.mahjong.scoring import Score
from parlour.mahjong.session import SessionRules
from parlour.mahjong.tiles import JOKER, NUM_KINDS, Tile
from parlour.mahjong.wall import WallRules

if TYPE_CHECKING:
    from parlour.mahjong.table import Table

CLASSICAL_WALL = WallRules(num_walls=4, dead_wall=14, dead_wall_min=13, bonus_in_rounds=True)
"""Four walls of 18 stacks; the dead wall of 14 (7 stacks) kept at 13 or more (§3.4);
bonus tiles dealt are replaced in rounds (§3.6)."""


class ClassicalRuleset(Ruleset):
    """Chinese classical at the table (see the module docstring)."""

    name = NAME
    title = "Chinese classical"
    options_spec = OPTIONS
    wall = CLASSICAL_WALL
    win_shapes = ("regular", "thirteen_orphans")
    special_shapes = (WrigglingSnake(),)

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(options)
        self.settings = resolve_options(self.options)
        players = self.settings["players"]
        if players == 5:
            raise ValueError("the five-player game (the dreamer) cannot be played at a table yet")
        seats = _seats_in_play(self.settings)
        self.num_seats = len(seats)
        self.seat_names = seats
        self.chows = players == 4 and not self.settings["no_chows"]
        self.win_chows = self.chows

    # -- what may be done --------------------------------------------------------------

    def allows(self, table: Table, seat: int, action: Action) -> bool:
        kind = action[0]
        if kind == "chow":
            return self.chows
        if kind == "rob":
            return bool(self.settings["rob_kong"])
        return True

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
    ) -> SeatHand:
        tiles = list(concealed)
        if win_tile is not None:
            tiles.append(win_tile)
        return SeatHand(
            seat_name,
            tuple(sorted(tiles)),
            tuple(melds),
            tuple(sorted(bonus)),
            self.settings,
            win_tile=win_tile,
            win_wild=win_tile == JOKER,
            self_drawn=how.self_drawn if how is not None else False,
            discarder=discarder,
            flags=flags,
            round_wind=round_wind,
            goulash=goulash,
            unavailable=tuple(unavailable),
        )

    def score(
        self,
        concealed: Sequence[Tile],
        melds: Sequence[Meld],
        win_tile: Tile,
        seat_wind: str,
        round_wind: str,
        bonus: Sequence[Tile],
        how: WinContext,
        discarder_wind: str | None,
    ) -> Score:
        """The winner's score (no table: no tiles seen elsewhere, no first-turn wins)."""
        h = self._hand(
            seat_wind,
            concealed,
            melds,
            bonus,
            round_wind,
            win_tile=win_tile,
            how=how,
            discarder=discarder_wind,
            flags=_win_flags(how),
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
            table.prevalent,
            win_tile=tile,
            how=how,
            discarder=None if how.discarder is None else table.seat_wind(how.discarder),
            flags=frozenset(flags),
            unavailable=_seen_elsewhere(table, seat),
            goulash=bool(table.flags.get("goulash")),
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
                table.prevalent,
                unavailable=_seen_elsewhere(table, s),
                goulash=bool(table.flags.get("goulash")),
            )
            scores[names[s]] = score_hand(h)
        in_play = tuple(self.seat_name(k) for k in range(table.num_seats))
        settled = _settle_scores(names[seat], scores, in_play, self.settings, dreamer=False)
        table.state["scores"] = [scores[names[s]].to_json() for s in range(table.num_seats)]
        return [settled.net[names[s]] for s in range(table.num_seats)]

    def result_fields(self, table: Table) -> dict[str, Any]:
        """``scores``: every seat's scored hand (the winner's and the losers'), by seat."""
        scores = table.state.get("scores") if isinstance(table.state, dict) else None
        return {"scores": scores} if scores else {}

    # -- the match -----------------------------------------------------------------------

    def session_rules(self) -> SessionRules:
        """East keeps the deal on a win or a washout (the streak is the repeat counter);
        ``rounds`` wind rounds; every player starts from ``starting_score``."""
        rounds = "ESWN"[: max(1, min(4, int(self.settings["rounds"])))]
        return SessionRules(
            rounds=rounds,
            dealer_stays_on_win=True,
            dealer_stays_on_draw=True,
            starting_score=int(self.settings["starting_score"]),
        )


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


def _seen_elsewhere(table: Table, seat: int) -> list[int]:
    """Copies of each kind seen outside ``seat``'s hand: the dead discards and the other
    seats' melds made from discards (classical C2)."""
    seen = [0] * NUM_KINDS
    for s in range(table.num_seats):
        for t in table.discards[s]:
            if t < NUM_KINDS:
                seen[t] += 1
        if s == seat:
            continue
        for m in table.melds[s]:
            if m.exposed:
                for t in m.tiles:
                    seen[t] += 1
    return seen


RULESET = ClassicalRuleset

__all__ = ["OPTIONS", "RULESET", "ClassicalRuleset", "score", "score_json", "settle"]

"""The table: one hand of mahjong as a deterministic state machine.

The table deals from a seeded wall, replaces bonus tiles, runs turns (draw, kongs,
discard), opens a claim window after every discard (every seat that can claim decides;
the ruleset ranks the claims), lets an added kong be robbed, and ends on a win or an
exhaustive draw. It asks its :class:`~parlour.mahjong.ruleset.Ruleset` at each decision
point and knows no rule system by name.

>>> t = Table(seed=7)
>>> t.to_act(), t.observation(0)["hand_sizes"], t.wall_count()
((0,), [14, 13, 13, 13], 89)
>>> [e.kind for e in t.apply(0, Action.parse("discard F"))]
['discard', 'draw', 'drawn']
>>> t.current, t.phase, t.observation(2)["discards"][0]
(1, 'turn', 'F')

Seats are numbered 0-3 in turn order; seat ``dealer`` is East for the hand.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from parlour.core.errors import IllegalAction
from parlour.core.game import Action, Event
from parlour.mahjong.melds import Meld, chow, format_meld, kong, pung
from parlour.mahjong.ruleset import WIND_LETTERS, Deal, Ruleset, WinContext
from parlour.mahjong.scoring import Score
from parlour.mahjong.shapes import could_be_ready, is_complete, is_complete_of
from parlour.mahjong.tiles import Tile, format_tiles, tile_name

PASS = Action("pass")

TURN, CLAIM, ROB, OVER = "turn", "claim", "rob", "over"


@dataclass(slots=True)
class _Win:
    seat: int
    tile: Tile
    how: WinContext
    score: Score


class Table:
    """One hand at a table (see the module docstring).

    ``ruleset`` is a :class:`Ruleset` (default: MCR); ``seed`` decides the shuffle and
    the dice; ``dealer`` is the seat that is East; ``prevalent`` the round wind.
    ``deal`` replaces the seeded deal with a prepared one (scenario tests, puzzles):
    see :func:`stacked_deal`.

    After a discard (or an added kong) only the seats that can claim (or rob) are asked,
    and an observation shows a seat only whether it is asked itself. Whether a window
    opened at all still shows in how play moves on; ``ask_everyone=True`` asks every
    other seat every time (``pass`` its only choice when it has nothing), so that
    nothing can be read from it, at the cost of three decisions per discard.
    """

    def __init__(
        self,
        ruleset: Ruleset | None = None,
        *,
        seed: int = 0,
        dealer: int = 0,
        prevalent: str = "E",
        deal: Deal | None = None,
        ask_everyone: bool = False,
    ) -> None:
        if ruleset is None:
            from parlour.mahjong.rules.mcr import MCRRuleset

            ruleset = MCRRuleset()
        self.rules = ruleset
        self.num_seats = n = ruleset.num_seats
        if not 0 <= dealer < n:
            raise ValueError(f"dealer must be a seat 0-{n - 1}, not {dealer!r}")
        if prevalent not in WIND_LETTERS:
            raise ValueError(f"prevalent must be a wind E, S, W or N, not {prevalent!r}")
        self.seed = seed
        self.ask_everyone = ask_everyone
        self.dealer = dealer
        self.prevalent = prevalent
        if deal is None:
            deal = ruleset.build_wall(random.Random(seed), dealer)
        self.dice = deal.dice
        # the tile each seat drew last (the dealer's fourteenth counts as drawn)
        self._last_tile: list[Tile | None] = [None] * n
        self._last_tile[dealer] = deal.hands[dealer][-1]
        self._wall = deque(list(stack) for stack in deal.wall)  # a prepared deal stays as given
        self._wall_count = sum(len(s) for s in deal.wall)
        self.hands: list[list[Tile]] = [sorted(h) for h in deal.hands]
        self.melds: list[list[Meld]] = [[] for _ in range(n)]
        self.bonus: list[list[Tile]] = [[] for _ in range(n)]
        self.discards: list[list[Tile]] = [[] for _ in range(n)]
        self.events: list[Event] = [Event("dice", dealer, {"dice": list(self.dice)})]
        for s in range(n):
            self.events.append(Event("deal", s, {"tiles": format_tiles(self.hands[s])}, to=s))
        self.actions: list[tuple[int, Action]] = []
        # what everyone sees of each seat (melds, discards, bonus), formatted; None when
        # that seat's tiles in sight have changed since
        self._seen: list[tuple[list[str], list[str]] | None] = [None] * n  # melds
        self._discard_text: list[str | None] = [None] * n
        self._bonus_text: list[str | None] = [None] * n
        self._legal: dict[int, list[Action]] = {}
        self._ready_cache: list[tuple[tuple[Tile, ...], bool] | None] = [
            None
        ] * n  # legal actions by seat, until the next apply
        self.phase = TURN
        self.current = dealer
        self._drew = True  # the dealer's fourteenth tile counts as a draw
        self._after_kong = False
        self._discard: tuple[int, Tile] | None = None
        self._claims: dict[int, Action] = {}
        self._deciding: set[int] = set()
        self._robbed: tuple[int, Tile] | None = None
        self._win: _Win | None = None
        self._drawn_game = False
        self._win_cache: dict[tuple[int, Tile, bool, bool], Score | None] = {}
        for k in range(n):
            self._replace_bonus((dealer + k) % n)

    # -- the protocol --------------------------------------------------------------------

    def to_act(self) -> tuple[int, ...]:
        if self.phase == TURN:
            return (self.current,)
        if self.phase in (CLAIM, ROB):
            return tuple(sorted(self._deciding))
        return ()

    def legal_actions(self, seat: int) -> list[Action]:
        cached = self._legal.get(seat)
        if cached is None:
            cached = self._legal[seat] = self._allowed(seat, self._legal_now(seat))
        return list(cached)

    def _allowed(self, seat: int, actions: list[Action]) -> list[Action]:
        """The actions the shared procedure offers, less those the ruleset forbids."""
        allows = self.rules.allows
        kept = [a for a in actions if a.kind == "pass" or allows(self, seat, a)]
        if actions and not kept:
            raise RuntimeError(f"the ruleset forbids every action of seat {seat}")
        return kept

    def _legal_now(self, seat: int) -> list[Action]:
        if self.phase == TURN:
            return self._turn_actions(seat) if seat == self.current else []
        if self.phase == CLAIM:
            return self._claim_actions(seat) if seat in self._deciding else []
        if self.phase == ROB:
            return self._rob_actions(seat) if seat in self._deciding else []
        return []

    def apply(self, seat: int, action: Action) -> list[Event]:
        if not isinstance(action, Action):
            raise IllegalAction(f"not an action: {action!r}")
        legal = self.legal_actions(seat)
        if action not in legal:
            raise IllegalAction(self._why_illegal(seat, action, legal))
        self.actions.append((seat, action))
        self._legal = {}
        start = len(self.events)
        if self.phase == TURN:
            self._apply_turn(seat, action)
        elif self.phase == CLAIM:
            self._claims[seat] = action
            self._deciding.discard(seat)
            if not self._deciding:
                self._resolve_claims()
        else:
            self._claims[seat] = action
            self._deciding.discard(seat)
            if not self._deciding:
                self._resolve_rob()
        return self.events[start:]

    def is_over(self) -> bool:
        return self.phase == OVER

    def result(self) -> dict[str, Any] | None:
        if self.phase != OVER:
            return None
        if self._win is None:
            return {"winner": None, "payments": self.rules.draw_payments()}
        w = self._win
        return {
            "winner": w.seat,
            "tile": tile_name(w.tile),
            "self_drawn": w.how.self_drawn,
            "discarder": w.how.discarder,
            "total": w.score.total,
            "patterns": [p.to_json() for p in w.score.patterns],
            "payments": self._seat_payments(w),
        }

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` sees: its own tiles, everyone's exposed melds (another seat's
        concealed kong face down until the hand ends), discards, bonus tiles, the wall
        size and whose decision it is."""
        over = self.phase == OVER
        n = self.num_seats
        seen = [self._melds_seen(s) for s in range(n)]
        return {
            "seat": seat,
            "seat_wind": self.seat_wind(seat),
            "prevalent": self.prevalent,
            "dealer": self.dealer,
            "phase": self.phase,
            "current": self.current,
            # in a claim or rob window a seat sees only whether it is asked itself:
            # who else may claim would tell what they hold
            "to_act": [seat] if seat in self.to_act() else [],
            "hand": _hand_text(tuple(self.hands[seat])),
            "melds": [seen[s][1] if (s == seat or over) else seen[s][0] for s in range(n)],
            "discards": [self._discards_seen(s) for s in range(n)],
            "bonus": [self._bonus_seen(s) for s in range(n)],
            "hand_sizes": [len(h) for h in self.hands],
            "wall": self._wall_count,
            "last_discard": (
                {"seat": self._discard[0], "tile": tile_name(self._discard[1])}
                if self._discard and self.phase == CLAIM
                else None
            ),
            "legal": [_action_text(a) for a in self.legal_actions(seat)],
            "result": self.result(),
        }

    def _melds_seen(self, seat: int) -> tuple[list[str], list[str]]:
        """``seat``'s melds as the others see them (a concealed kong face down) and as
        it sees them itself; formatted once per change."""
        seen = self._seen[seat]
        if seen is None:
            own = [format_meld(m) for m in self.melds[seat]]
            public = [
                text if m.exposed else "{????}"
                for m, text in zip(self.melds[seat], own, strict=True)
            ]
            seen = self._seen[seat] = (public, own)
        return seen

    def _discards_seen(self, seat: int) -> str:
        text = self._discard_text[seat]
        if text is None:
            text = self._discard_text[seat] = format_tiles(self.discards[seat], sort=False)
        return text

    def _bonus_seen(self, seat: int) -> str:
        text = self._bonus_text[seat]
        if text is None:
            text = self._bonus_text[seat] = format_tiles(self.bonus[seat])
        return text

    # -- helpers the protocol uses -----------------------------------------------------

    def seat_wind(self, seat: int) -> str:
        return WIND_LETTERS[(seat - self.dealer) % self.num_seats]

    def wall_count(self) -> int:
        return self._wall_count

    def _seat_payments(self, win: _Win) -> list[int]:
        return self.rules.settle(self, win.seat, win.score, win.how)

    def _why_illegal(self, seat: int, action: Action, legal: list[Action]) -> str:
        if (
            action.kind in ("win", "rob")
            and self.phase != OVER
            and not any(a.kind == action.kind for a in legal)
        ):
            reason = self._refusal(seat)
            if reason:
                return f"seat {seat} cannot declare a win: {reason}"
        if not legal:
            if self.phase == OVER:
                return "the hand is over"
            if self.phase == TURN:  # whose turn it is, everyone knows
                return f"seat {seat} has nothing to decide now (to act: {self.current})"
            # who may claim a discard or rob a kong tells what they hold: not named
            return f"seat {seat} has nothing to decide now"
        if action.kind == "win" and any(a.kind == "win" for a in legal):
            return f"{action} is not the winning tile"
        if action.kind == "discard" and action.tile is not None:
            return f"seat {seat} holds no {tile_name(action.tile)} to discard"
        return f"{action} is not allowed for seat {seat} now (legal: {', '.join(map(str, legal))})"

    def _refusal(self, seat: int) -> str:
        """Why a win by ``seat`` would be refused now ("" when the seat has no win to
        declare at all: not its turn, its own discard or kong)."""
        if (
            (self.phase == TURN and (seat != self.current or not self._drew))
            or (self.phase == CLAIM and self._discard and seat == self._discard[0])
            or (self.phase == ROB and self._robbed and seat == self._robbed[0])
        ):
            return ""
        tile, how = self._candidate_win(seat)
        if tile is None:
            return ""
        concealed = list(self.hands[seat])
        if how.self_drawn:
            concealed.remove(tile)
        if not is_complete([*concealed, tile], self.melds[seat]):
            return "the hand is not complete"
        score = self._score(seat, tile, how)
        return score.reason or "the rules refuse it"

    # -- bonus tiles and drawing ---------------------------------------------------------

    def _draw(self, seat: int, *, replacement: bool) -> Tile | None:
        """Draw for ``seat`` from the live end (or the replacement end); replace bonus
        tiles at once. None if the wall is empty."""
        while True:
            if not self._wall:
                return None
            if replacement:
                stack = self._wall[-1]
                tile = stack.pop(0)
                if not stack:
                    self._wall.pop()
            else:
                stack = self._wall[0]
                tile = stack.pop(0)
                if not stack:
                    self._wall.popleft()
            self._wall_count -= 1
            self.events.append(Event("draw", seat, {"replacement": replacement}))
            self.events.append(Event("drawn", seat, {"tile": tile_name(tile)}, to=seat))
            if self.rules.is_bonus(tile):
                self.bonus[seat].append(tile)
                self._bonus_text[seat] = None
                self.events.append(Event("bonus", seat, {"tile": tile_name(tile)}))
                replacement = True
                continue
            self.hands[seat].append(tile)
            self.hands[seat].sort()
            self._last_tile[seat] = tile
            return tile

    def _replace_bonus(self, seat: int) -> None:
        """At the deal: lay out the bonus tiles dealt and draw a replacement for each; a
        replacement that is itself a bonus tile is laid out and replaced at once."""
        for t in [t for t in self.hands[seat] if self.rules.is_bonus(t)]:
            self.hands[seat].remove(t)
            self.bonus[seat].append(t)
            self._bonus_text[seat] = None
            self.events.append(Event("bonus", seat, {"tile": tile_name(t)}))
            if self._draw(seat, replacement=True) is None:
                return

    # -- the player whose turn it is -----------------------------------------------------

    def _turn_actions(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        out: list[Action] = []
        if self._drew and self._can_win(seat, None):
            out.append(Action("win"))
        if self._wall_count and self._drew:
            kinds = sorted(set(hand))
            for t in kinds:
                if hand.count(t) == 4:
                    out.append(Action("concealed_kong", t))
            for m in self.melds[seat]:
                if m.kind == "pung" and m.exposed and m.tiles[0] in hand:
                    out.append(Action("added_kong", m.tiles[0]))
        out += [Action("discard", t) for t in sorted(set(hand))]
        return out

    def _apply_turn(self, seat: int, action: Action) -> None:
        kind, t = action.kind, action.tile
        hand = self.hands[seat]
        if kind == "win":
            tile, how = self._candidate_win(seat)
            assert tile is not None
            self._finish_win(seat, tile, how)
        elif kind == "discard":
            assert t is not None
            hand.remove(t)
            self.discards[seat].append(t)
            self._discard_text[seat] = None
            self.events.append(Event("discard", seat, {"tile": tile_name(t)}))
            self._open_claims(seat, t)
        elif kind == "concealed_kong":
            assert t is not None
            for _ in range(4):
                hand.remove(t)
            self.melds[seat].append(kong(t, exposed=False))
            self._seen[seat] = None
            self.events.append(Event("concealed_kong", seat, {}))
            self.events.append(Event("concealed_kong_tile", seat, {"tile": tile_name(t)}, to=seat))
            self._kong_replacement(seat)
        elif kind == "added_kong":
            assert t is not None
            self.events.append(Event("added_kong", seat, {"tile": tile_name(t)}))
            hand.remove(t)
            self._robbed = (seat, t)
            self._claims = {}
            self._deciding = {
                s
                for s in range(self.num_seats)
                if s != seat
                and (self.ask_everyone or len(self._allowed(s, self._rob_actions(s))) > 1)
            }
            self.phase = ROB
            if not self._deciding:
                self._resolve_rob()

    def _kong_replacement(self, seat: int) -> None:
        self._drew = True
        self._after_kong = True
        if self._draw(seat, replacement=True) is None:
            self._end_drawn()
        else:
            self.phase = TURN
            self.current = seat

    # -- claims on a discard -------------------------------------------------------------

    def _open_claims(self, seat: int, tile: Tile) -> None:
        self._discard = (seat, tile)
        self._claims = {}
        self.phase = CLAIM
        self._drew = False
        self._after_kong = False
        self._deciding = {
            s
            for s in range(self.num_seats)
            if s != seat
            and (self.ask_everyone or len(self._allowed(s, self._claim_actions(s))) > 1)
        }
        if not self._deciding:
            self._resolve_claims()

    def _claim_actions(self, seat: int) -> list[Action]:
        assert self._discard is not None
        discarder, t = self._discard
        if seat == discarder:
            return []
        hand = self.hands[seat]
        out = [PASS]
        if self._can_win(seat, t):
            out.append(Action("win", t))
        if not self._wall_count:
            return out  # the discard after the last wall tile can only be won on
        held = hand.count(t)
        if held >= 3 and self._wall_count:
            out.append(Action("kong", t))
        if held >= 2:
            out.append(Action("pung", t))
        if t < 27 and self.rules.may_chow(seat, discarder):
            r = t % 9
            for first in (t - 2, t - 1, t):
                if first < t - r or first + 2 > t - r + 8:
                    continue
                need = [x for x in (first, first + 1, first + 2) if x != t]
                if all(x in hand for x in need):
                    out.append(Action("chow", first))
        return out

    def _resolve_claims(self) -> None:
        assert self._discard is not None
        discarder, t = self._discard
        claims = {s: a for s, a in self._claims.items() if a.kind != "pass"}
        if not claims:
            self._next_turn(discarder)
            return
        best = max(self.rules.claim_rank(a.kind) for a in claims.values())
        top = [s for s, a in claims.items() if self.rules.claim_rank(a.kind) == best]
        seat = self.rules.win_order(discarder, top)[0]
        action = claims[seat]
        if action.kind == "win":
            how = self._discard_context(seat, t, robbing=False)
            self.discards[discarder].pop()
            self._discard_text[discarder] = None
            self._finish_win(seat, t, how)
            return
        self.discards[discarder].pop()
        self._discard_text[discarder] = None
        hand = self.hands[seat]
        if action.kind == "chow":
            first = action.tile
            assert first is not None
            for x in (first, first + 1, first + 2):
                if x != t:
                    hand.remove(x)
            meld = chow(first, claimed_from=self._offset(seat, discarder))
        elif action.kind == "pung":
            hand.remove(t)
            hand.remove(t)
            meld = pung(t, claimed_from=self._offset(seat, discarder))
        else:
            for _ in range(3):
                hand.remove(t)
            meld = kong(t, claimed_from=self._offset(seat, discarder))
        self.melds[seat].append(meld)
        self._seen[seat] = None
        self.events.append(Event("claim", seat, {"meld": format_meld(meld), "from": discarder}))
        self._discard = None
        self.current = seat
        self.phase = TURN
        if action.kind == "kong":
            self._kong_replacement(seat)
        else:
            self._drew = False
            self._after_kong = False

    def _offset(self, seat: int, discarder: int) -> int:
        return (discarder - seat) % self.num_seats

    def _next_turn(self, discarder: int) -> None:
        if not self._wall_count:
            self._end_drawn()
            return
        seat = (discarder + 1) % self.num_seats
        self._discard = None
        self.current = seat
        self.phase = TURN
        self._drew = True
        self._after_kong = False
        if self._draw(seat, replacement=False) is None:
            self._end_drawn()

    # -- robbing an added kong -----------------------------------------------------------

    def _rob_actions(self, seat: int) -> list[Action]:
        assert self._robbed is not None
        kong_seat, t = self._robbed
        if seat == kong_seat:
            return []
        if self._can_win(seat, t, robbing=True):
            return [PASS, Action("rob", t)]
        return [PASS]

    def _resolve_rob(self) -> None:
        assert self._robbed is not None
        kong_seat, t = self._robbed
        robbers = [s for s, a in self._claims.items() if a.kind == "rob"]
        if robbers:
            seat = self.rules.win_order(kong_seat, robbers)[0]
            how = self._discard_context(seat, t, robbing=True, discarder=kong_seat)
            self._robbed = None
            self._finish_win(seat, t, how)
            return
        melds = self.melds[kong_seat]
        i = next(i for i, m in enumerate(melds) if m.kind == "pung" and m.tiles[0] == t)
        melds[i] = kong(t, claimed_from=melds[i].claimed_from, added=True)
        self._seen[kong_seat] = None
        self._robbed = None
        self.events.append(Event("kong_added", kong_seat, {"tile": tile_name(t)}))
        self._kong_replacement(kong_seat)

    # -- winning ---------------------------------------------------------------------------

    def _candidate_win(self, seat: int) -> tuple[Tile | None, WinContext]:
        """The tile ``seat`` would win on now, and how."""
        if self.phase == TURN and seat == self.current and self._drew:
            tile = self._last_drawn(seat)
            how = WinContext(
                self_drawn=True,
                last_wall_tile=self._wall_count == 0,
                kong_replacement=self._after_kong,
                last_of_kind=self._visible(tile) == 3,
            )
            return tile, how
        if self.phase == CLAIM and self._discard is not None:
            t = self._discard[1]
            return t, self._discard_context(seat, t, robbing=False)
        if self.phase == ROB and self._robbed is not None:
            t = self._robbed[1]
            return t, self._discard_context(seat, t, robbing=True, discarder=self._robbed[0])
        return None, WinContext(self_drawn=False)

    def _last_drawn(self, seat: int) -> Tile:
        tile = self._last_tile[seat]
        assert tile is not None and tile in self.hands[seat]
        return tile

    def _discard_context(
        self, seat: int, tile: Tile, *, robbing: bool, discarder: int | None = None
    ) -> WinContext:
        if discarder is None:
            assert self._discard is not None
            discarder = self._discard[0]
        visible = self._visible(tile) - (0 if robbing else 1)  # the discard is the win
        return WinContext(
            self_drawn=False,
            discarder=discarder,
            last_wall_tile=self._wall_count == 0,
            robbing_kong=robbing,
            last_of_kind=visible == 3 and tile not in self.hands[seat],
        )

    def _visible(self, tile: Tile) -> int:
        """Copies of ``tile`` in sight: in the discard piles and in exposed melds."""
        n = sum(d.count(tile) for d in self.discards)
        for melds in self.melds:
            for m in melds:
                if m.exposed:
                    n += m.tiles.count(tile)
        return n

    def _can_win(self, seat: int, tile: Tile | None, *, robbing: bool = False) -> bool:
        """May ``seat`` declare a win now: on ``tile`` (a discard or a robbed kong), or,
        with ``tile`` None, on the tile it just drew? (The shape first, then the score.)"""
        n_melds = len(self.melds[seat])
        if tile is None:
            if not is_complete_of(self.hands[seat], n_melds):
                return False  # the shape first: the win context costs more
            tile, how = self._candidate_win(seat)
            if tile is None:
                return False
            concealed = list(self.hands[seat])
            concealed.remove(tile)
        else:
            concealed = self.hands[seat]
            if not self._ready(seat) or not is_complete_of([*concealed, tile], n_melds):
                return False
            how = self._discard_context(
                seat,
                tile,
                robbing=robbing,
                discarder=self._robbed[0] if robbing and self._robbed else None,
            )
        return self._score(seat, tile, how, list(concealed)).valid

    def _ready(self, seat: int) -> bool:
        """Could one more tile complete ``seat``'s hand (cached until the hand changes)?"""
        hand = tuple(self.hands[seat])
        cached = self._ready_cache[seat]
        if cached is None or cached[0] != hand:
            cached = self._ready_cache[seat] = (
                hand,
                could_be_ready(self.hands[seat], len(self.melds[seat])),
            )
        return cached[1]

    def _score(
        self, seat: int, tile: Tile, how: WinContext, concealed: list[Tile] | None = None
    ) -> Score:
        if concealed is None:
            concealed = list(self.hands[seat])
            if how.self_drawn:
                concealed.remove(tile)
        return self.rules.score(
            concealed,
            self.melds[seat],
            tile,
            self.seat_wind(seat),
            self.prevalent,
            self.bonus[seat],
            how,
            None if how.discarder is None else self.seat_wind(how.discarder),
        )

    def _finish_win(self, seat: int, tile: Tile, how: WinContext) -> None:
        concealed = list(self.hands[seat])
        if how.self_drawn:
            concealed.remove(tile)
        else:
            self.hands[seat].append(tile)
            self.hands[seat].sort()
        score = self._score(seat, tile, how, concealed)
        self._win = _Win(seat, tile, how, score)
        self.phase = OVER
        self._deciding = set()
        self.events.append(
            Event(
                "win",
                seat,
                {
                    "tile": tile_name(tile),
                    "hand": _hand_text(tuple(self.hands[seat])),
                    "melds": [format_meld(m) for m in self.melds[seat]],
                    "total": score.total,
                    "payments": self._seat_payments(self._win),
                },
            )
        )

    def _end_drawn(self) -> None:
        self.phase = OVER
        self._deciding = set()
        self._drawn_game = True
        self.events.append(Event("exhaustive_draw", None, {}))


@lru_cache(maxsize=1 << 16)
def _hand_text(hand: tuple[Tile, ...]) -> str:
    return format_tiles(hand, sort=False)  # hands are kept sorted


_ACTION_TEXT: dict[Action, str] = {}


def _action_text(action: Action) -> str:
    text = _ACTION_TEXT.get(action)
    if text is None:
        text = _ACTION_TEXT[action] = str(action)
    return text


def stacked_deal(
    hands: list[str], draws: str = "", replacements: str = "", *, dealer: int = 0
) -> Deal:
    """A prepared deal: each seat's tiles (the dealer's 14, the others' 13, in notation,
    seat 0 first), the live wall's next tiles in draw order (``draws``) and the
    replacement tiles in the order they will be drawn; the rest of the 144 tiles follow
    the draws in a fixed order. For scenario tests.

    >>> t = Table(deal=stacked_deal(["123456789m 1234p 5p"] + ["1s"] * 0 + ["", "", ""]))
    Traceback (most recent call last):
    ...
    ValueError: seat 1 has 0 tiles; a hand is dealt 13 (the dealer 14)
    """
    from parlour.mahjong.tiles import TILES_144, parse_tiles

    parsed = [parse_tiles(h) for h in hands]
    for s, h in enumerate(parsed):
        want = 14 if s == dealer else 13
        if len(h) != want:
            raise ValueError(f"seat {s} has {len(h)} tiles; a hand is dealt 13 (the dealer 14)")
    live = parse_tiles(draws)
    spare = parse_tiles(replacements)
    rest = TILES_144.tiles()
    for t in [x for h in parsed for x in h] + live + spare:
        if t not in rest:
            raise ValueError(f"{tile_name(t)} is dealt more often than the set holds")
        rest.remove(t)
    ordered = live + rest + spare[::-1]
    stacks: deque[list[Tile]] = deque([t] for t in ordered)
    hands_out = [list(h) for h in parsed]
    # the dealer's last listed tile counts as drawn
    return Deal(hands_out, stacks, (0, 0, 0, 0))


def tile_count_check(table: Table) -> list[int]:
    """Every tile's count across wall, hands, melds, discards and bonus areas (a test
    helper: each playing tile 4 times, each bonus tile once)."""
    counts = [0] * 42
    for stack in table._wall:
        for t in stack:
            counts[t] += 1
    if table._robbed is not None:  # the tile an added kong offers, until resolved
        counts[table._robbed[1]] += 1
    for s in range(table.num_seats):
        for t in table.hands[s]:
            counts[t] += 1
        for m in table.melds[s]:
            for t in m.tiles:
                counts[t] += 1
        for t in table.discards[s]:
            counts[t] += 1
        for t in table.bonus[s]:
            counts[t] += 1
    return counts


__all__ = ["CLAIM", "OVER", "PASS", "ROB", "TURN", "Table", "stacked_deal", "tile_count_check"]

"""``GreedyBot``: a shanten-minimising mahjong bot that knows MCR's 8-point minimum.

The bot sees only its observation and its legal actions. At each decision it

* takes a win (``win``, ``rob``) whenever one is offered: the table only offers wins that
  meet the rules' minimum; except that in the gold games it makes the float discard the
  rules offer (a Gold thrown to win a double or triple float next turn) when its
  multiplier, counted at :data:`FLOAT_ODDS`, beats the win at hand;
* never discards a wild tile (a Gold) while it holds another tile, but for that float;
* discards the tile that leaves the lowest *effective* shanten, then the most *useful*
  tiles still unseen (each counted by its copies not in sight: its own hand, every meld
  shown, every discard), then honours before terminals before 2s/8s before the middle
  ranks (a fixed order: the bot makes no random choice);
* claims a discard (chow, pung, kong) only when the hand after the claim and its best
  discard has a lower effective shanten than now, and, while its hand is concealed,
  only when the claim makes it ready with a wait that scores; else passes;
* declares a concealed or added kong when that does not raise the effective shanten.

The 8-point minimum. *Effective* shanten is the shanten number, except that a ready hand
(shanten 0) none of whose waits would score enough counts as one step further (1). The
bot scores each wait with the rules' own scorer, as the table would, so among ready
discards it keeps the ones whose waits score, and it does not trade Concealed Hand for a
claim that leaves only refused wins. Useful tiles follow the value too: in a ready hand
the waits that score (one that scores only when self-drawn weighs
:data:`SELF_DRAWN_ONLY_WEIGHT`); one step from ready, the tiles that make it ready with a
wait that scores (one that makes it ready on worthless waits weighs
:data:`DEAD_READY_WEIGHT`); further away, every tile that lowers the shanten.

Limits (it is greedy, not a planner): value is looked at only from one step before
ready, so a hand can drift towards a shape that cannot reach 8 points and stay stuck
there; it never aims at a fan (flushes, All Pungs, dragon pungs) beyond what the waits
happen to score; it never defends (discards what a rival may win on) and ignores the
claims its discards give others. An open hand keeps claiming whatever lowers its
shanten. A hand with melds uses the ``loose`` model of
:func:`~parlour.mahjong.shapes.shanten` (the exact one is slow with melds: milliseconds),
which may count on a copy shown in a meld, and its useful tiles are looked for only next
to its tiles (a far tile helps only the special shapes).

Speed (the decisions are those of the plain reading above, found with less work):

* every figure is cached per bot and per hand context (the wilds, the winds, whether
  chows win, whether every win scores), keyed by the sorted tiles: shanten, the kinds
  that lower it, the kinds that complete a ready hand, each win's verdict, whether a
  hand can become ready with a wait that scores;
* the discards of a level are weighed best bound first (every useful tile at full
  weight): a discard whose bound falls below the best key found is dropped, and its
  tiles stop being weighed as soon as the dead ones bring it there, so the rules' scorer
  never runs for a hand that cannot be chosen;
* "can this hand become ready with a wait that scores" stops at the first wait that
  scores (a self-drawn win tried first), a ready discard already known to score first;
* a claim or a kong needs only the effective shanten: a ready hand's waits are looked at
  until one scores with a copy unseen, and a hand already ready so passes at once;
* shanten with melds or wilds is read from the compiled shape tables at once (the shape
  engine's loose model); the shanten after every discard of a hand (and after every draw
  of a hand with melds or wilds) comes from one call
  (:func:`~parlour.mahjong.shapes.discard_needs`,
  :func:`~parlour.mahjong.shapes.draw_needs`); the waits of a 16-tile hand come from the
  loose regular tables, only kinds next to a tile held tried when no wild is held, and
  one lone kind standing for all the kinds next to no natural tile when one is.

>>> from parlour.mahjong.table import Table
>>> table, bot = Table(seed=3), GreedyBot(seed=0)
>>> str(bot.act(table.observation(0), table.legal_actions(0)))
'discard S'
"""

from __future__ import annotations

import sys
import time
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator, Sequence
from operator import mul
from typing import Any

from parlour.core.actions import Action
from parlour.core.errors import ParlourError
from parlour.core.rng import check_seed
from parlour.mahjong import _tables as T
from parlour.mahjong import kernel
from parlour.mahjong.actions import MahjongAction, action_tile
from parlour.mahjong.melds import Meld, chow, kong, parse_meld, pung
from parlour.mahjong.ruleset import WIND_LETTERS, HandHints, Ruleset, WinContext, WonHand
from parlour.mahjong.shapes import (
    discard_needs,
    draw_needs,
    improving_of,
    is_complete,
    is_complete_of,
    shanten,
    shanten_of,
    shanten_without_chows,
)
from parlour.mahjong.tiles import JOKER, NUM_KINDS, Tile, parse_tiles

Tiles = tuple[Tile, ...]
Melds = tuple[Meld, ...]
Key = tuple[int, float, int]
"""How good a 13-tile hand is, smaller better: (effective shanten, -useful tiles, order)."""

Winds = tuple[str, str, str]
"""The seat wind, the prevailing wind and a discarder's wind (for scoring a win)."""

SELF_DRAWN_ONLY_WEIGHT = 0.25
"""Weight of a wait that scores enough only when self-drawn (a discard win would not)."""

DEAD_READY_WEIGHT = 0.1
"""Weight of a tile that makes a hand ready but with no wait that scores enough."""

FLOAT_ODDS = 0.75
"""How much of a float's multiplier the bot counts on: the float round may end in another
seat's wall win or the wall's end, and the Gold thrown loses its water."""

_CACHE_LIMIT = 200_000
_CONTEXTS = 8
_EPS = 1e-6
"""Useful counts are multiples of 0.05 (weights 1, 0.25 and 0.1 of whole copies): two
that differ by less than this are equal."""
_CLAIM_ORDER = {"kong": 0, "pung": 1, "chow": 2}
_SELF_DRAWN = WinContext(self_drawn=True)
_ON_DISCARD = WinContext(self_drawn=False, discarder=0)
"""How the wins the bot weighs are won (frozen: built once)."""


def discard_order(tile: Tile) -> int:
    """The fixed tie-break among equal discards, smaller first: honours, then
    terminals, then 2s and 8s, then the middle ranks; by tile within each.

    >>> sorted(parse_tiles("5s 2p 1m E"), key=discard_order) == parse_tiles("E 1m 2p 5s")
    True
    """
    if tile >= 27:
        return tile
    rank = tile % 9
    band = 1 if rank in (0, 8) else 2 if rank in (1, 7) else 3
    return band * 34 + tile


_DISCARD_ORDER = tuple(discard_order(t) for t in range(JOKER + 1))
""":func:`discard_order` of every tile, looked up."""


class GreedyBot:
    """The greedy bot (see the module docstring); deterministic.

    ``seed`` is accepted for the bot protocol (and kept as ``self.seed``): the bot has no
    random choices, every tie is broken by a fixed order. ``ruleset`` scores the wins
    the bot considers (default: MCR, as the table's default).

    >>> bot = GreedyBot()
    >>> obs = {"seat": 0, "hand": "123m 456p 789s EE CC 9p", "melds": [[], [], [], []],
    ...        "discards": ["", "", "", ""], "seat_name": "E", "prevailing": "E"}
    >>> legal = [Action("discard", t) for t in sorted(set(parse_tiles(obs["hand"])))]
    >>> str(bot.act(obs, legal))
    'discard 9p'
    """

    name = "greedy"
    observes = (
        "seat",
        "seat_name",
        "seat_names",
        "prevailing",
        "hand",
        "melds",
        "discards",
        "last_discard",
        "ruleset_state",
    )
    """The entries of its observation the bot reads (its rules' :meth:`~parlour.mahjong.
    ruleset.Ruleset.hints` among them): a batch simulation hands it those only
    (:func:`parlour.mahjong.sim.play_out`)."""

    def __init__(self, seed: int = 0, ruleset: Ruleset | None = None) -> None:
        if ruleset is None:
            from parlour.registry import default_ruleset

            ruleset = default_ruleset()
        self.seed = check_seed(seed)
        self.rules = ruleset
        self._memos: dict[tuple[frozenset[Tile], bool, bool, Winds], _Memo] = {}
        self._memo = _Memo()
        self._melds: dict[str, Meld | None] = {}
        # copies in sight packed one byte a kind (see _packed): of a river (its text),
        # of a meld (its text)
        self._rivers: dict[str, int] = {"": 0}
        self._shown: dict[str, int] = {}
        # set per decision by ``act``
        self._unseen: list[int] = [4] * NUM_KINDS
        self._winds: Winds = ("E", "E", "S")  # seat wind, prevailing wind, a discarder's wind
        self._discard_tile: Tile = -1  # the discard a claim would take
        self._wilds: frozenset[Tile] = frozenset((JOKER,))  # the tiles wild this hand
        self._no_chows = not ruleset.win_chows  # this hand's sets are pungs only
        self._must_open = False  # a win needs a claimed set: a concealed hand opens freely
        self._goulash = False  # every complete hand goes out (a goulash): no minimum
        self._remember()

    # -- the protocol ----------------------------------------------------------------

    def act(self, observation: dict[str, Any], legal: Sequence[Action]) -> Action:
        """Pick one of ``legal`` for the seat whose ``observation`` this is."""
        legal = list(legal)
        if len(legal) == 1:  # nothing to weigh (a pass, say)
            return legal[0]
        hints = self.rules.hints(observation)
        floated = self._float(observation, legal, hints)
        if floated is not None:
            return floated
        for a in legal:
            if a.kind in ("win", "rob"):
                return a
        hand = tuple(sorted(parse_tiles(observation["hand"])))
        melds = self._own_melds(observation)
        self._wilds = hints.wilds
        self._no_chows = hints.pungs_only
        self._goulash = hints.every_win_scores
        self._must_open = hints.win_needs_opening
        self._see(observation, hand)
        self._remember()
        if any(a.kind == "exchange" for a in legal):
            return self._exchange(hand, melds, legal)
        if any(a.kind == "discard" for a in legal):
            choice = self._turn(hand, melds, legal)
            if hints.ready_declaration and choice.kind == "discard":
                # the discard leaves the hand ready: declare it (it raises what wins pay)
                declared = MahjongAction("discard", (choice.payload, "declare"))
                if declared in legal:
                    return declared
        else:
            choice = self._claim(hand, melds, legal)
        return choice if choice in legal else legal[0]

    def _remember(self) -> None:
        """Choose the caches of this hand's context: its wilds, whether its sets are
        pungs only, whether every win scores, and the winds its wins are scored with."""
        ctx = (self._wilds, self._no_chows, self._goulash, self._winds)
        memo = self._memos.get(ctx)
        if memo is None:
            if len(self._memos) >= _CONTEXTS:
                self._memos.clear()
            memo = self._memos[ctx] = _Memo()
        self._memo = memo

    # -- decisions -------------------------------------------------------------------

    def _float(
        self, observation: dict[str, Any], legal: list[Action], hints: HandHints | None = None
    ) -> Action | None:
        """The wager the rules offer (a float discard in the gold games: the ruleset's
        :meth:`~parlour.mahjong.ruleset.Ruleset.hints`), when it pays: the multiplier,
        discounted by :data:`FLOAT_ODDS`, beats the win the seat may declare now. The
        only time the bot lets a wild tile go while it holds others (``hints``: the
        observation's, when already read)."""
        wager = (hints or self.rules.hints(observation)).wager
        if wager is None:
            return None
        action = MahjongAction("discard", wager.tile)
        if action in legal and FLOAT_ODDS * wager.multiplier > wager.now:
            return action
        return None

    def _turn(self, hand: Tiles, melds: Melds, legal: list[Action]) -> Action:
        key, tile = self.best_discard(hand, melds)
        best: Action = MahjongAction("discard", tile)
        for a in legal:
            t = action_tile(a)
            if a.kind not in ("concealed_kong", "added_kong") or type(a.payload) is not int:
                continue
            assert t is not None
            if a.kind == "concealed_kong":
                rest = _without(hand, (t, t, t, t))
                after = (*melds, kong(t, exposed=False))
            else:
                rest = _without(hand, (t,))
                i = next(i for i, m in enumerate(melds) if m.kind == "pung" and m.first == t)
                after = (*melds[:i], kong(t, claimed_from=melds[i].claimed_from, added=True),
                         *melds[i + 1 :])  # fmt: skip
            # the replacement draw comes after: the kong leaves a 13-tile hand
            if self._level(rest, after) <= key[0]:
                return a
        return best

    def _exchange(self, hand: Tiles, melds: Melds, legal: list[Action]) -> Action:
        """Pass the three tiles whose loss hurts least (never a wild while another
        tile can go), one at a time."""
        rest = hand
        given: list[Tile] = []
        for _ in range(3):
            kinds = sorted(set(rest), key=lambda t: (t in self._wilds, discard_order(t)))
            tame = [t for t in kinds if t not in self._wilds] or kinds
            d = min(
                tame, key=lambda t: (self.shanten(_without(rest, (t,)), melds), discard_order(t))
            )
            given.append(d)
            rest = _without(rest, (d,))
        want = MahjongAction("exchange", tuple(sorted(given)))
        return want if want in legal else next(a for a in legal if a.kind == "exchange")

    def _claim(self, hand: Tiles, melds: Melds, legal: list[Action]) -> Action:
        now = self._level(hand, melds)
        if now <= 0:  # ready with a wait that scores: no claim does better
            return next((a for a in legal if a.kind == "pass"), legal[0])
        t = self._discard_tile
        options: list[tuple[Action, Tiles, Melds]] = []
        for a in legal:
            if a.kind not in _CLAIM_ORDER or type(a.payload) is not int:
                continue  # a claim with wild tiles: not in MCR
            if a.kind == "chow":
                first = a.payload
                used = tuple(x for x in (first, first + 1, first + 2) if x != t)
                if not all(hand.count(x) >= used.count(x) for x in used):
                    continue  # a chow with a substitute tile (a White for the gold's kind)
                options.append((a, _without(hand, used), (*melds, chow(first))))
            elif a.kind == "pung":
                options.append((a, _without(hand, (t, t)), (*melds, pung(t))))
            else:  # a kong: the replacement draw follows, so a 13-tile hand now
                options.append((a, _without(hand, (t, t, t)), (*melds, kong(t))))
        # the claims that lower the effective shanten (cheap: no useful tiles), then the
        # best of them in full. An open hand rarely reaches the minimum (it loses
        # Concealed Hand and has no plan for a fan): a concealed hand opens only to be
        # ready at once with a wait that scores.
        concealed = not self._must_open and not any(m.exposed for m in melds)
        better = []
        for o in options:
            a, rest, after_melds = o
            if a.kind == "kong":
                after = self._level(rest, after_melds)
            else:
                after = self._best_level(rest, after_melds)
            if after < now and (after == 0 or not concealed):
                better.append(o)
        if not better:
            return next((a for a in legal if a.kind == "pass"), legal[0])
        if len(better) == 1:
            return better[0][0]
        return min(
            better,
            key=lambda o: (self._after_claim(*o), _CLAIM_ORDER[o[0].kind]),
        )[0]

    def _after_claim(self, action: Action, hand: Tiles, melds: Melds) -> Key:
        """The key of the hand after the claim ``action`` (and its best discard)."""
        if action.kind == "kong":
            return self.evaluate(hand, melds)
        return self.best_discard(hand, melds)[0]

    def _level(self, hand: Tiles, melds: Melds) -> int:
        """The effective shanten of a 13-tile ``hand``: ``evaluate(hand, melds,
        quick=True)[0]``, a ready hand's waits looked at only until one that scores
        has a copy unseen."""
        sh = self.shanten(hand, melds)
        if sh > 0:
            return sh
        return 0 if self._any_live_wait(hand, melds) else 1

    def _best_level(self, hand: Tiles, melds: Melds) -> int:
        """The effective shanten after the best discard from a hand of 14 (melds as
        three): ``best_discard(hand, melds, quick=True)[0][0]``, found as
        :meth:`_level` finds it."""
        kinds = set(hand)
        if not self._wilds.issuperset(kinds):
            kinds -= self._wilds  # keep the wilds
        after = self._after_discards(hand, melds)
        raw = {d: after[d] for d in kinds}
        low = min(raw.values())
        if low > 0:
            return low
        for d, sh in raw.items():
            if sh <= 0 and self._any_live_wait(_without(hand, (d,)), melds):
                return 0
        return 1

    def _any_live_wait(self, hand: Tiles, melds: Melds) -> bool:
        """Has a ready 13-tile ``hand`` a wait that scores with a copy unseen?"""
        unseen = self._unseen
        done = self._memo.waits.get((hand, melds))
        if done is not None:
            return any(unseen[t] > 0 for t, _ in done)
        tiles = self._memo.completions.get((hand, melds))
        for t in self._completing(hand, melds) if tiles is None else tiles:
            if unseen[t] > 0 and (
                self._goulash
                or self._scores(hand, melds, t, True)
                or self._scores(hand, melds, t, False)
            ):
                return True
        return False

    # -- evaluation ------------------------------------------------------------------

    def best_discard(self, hand: Tiles, melds: Melds, *, quick: bool = False) -> tuple[Key, Tile]:
        """The best discard from a hand of 14 (counting melds as three) and its key.

        Only discards at the lowest shanten are weighed in full (useful tiles, the value
        of the waits); the ones a step further are looked at only when every ready
        discard turns out to have no wait that scores. ``quick``: leave the useful tiles
        out unless ready (the effective shanten is right, the rest of the key is not).

        The discards of a level are weighed best bound first: a discard whose useful
        tiles, all counted at full weight, cannot beat the best key found is left
        unweighed (the choice is the same as weighing every one).
        """
        rank = _DISCARD_ORDER
        kinds = sorted(set(hand), key=rank.__getitem__)
        if any(t not in self._wilds for t in kinds):
            kinds = [t for t in kinds if t not in self._wilds]  # keep the wilds
        after = self._after_discards(hand, melds)
        raw = {d: after[d] for d in kinds}
        low = min(raw.values())
        rests: dict[Tile, Tiles] = {}
        best: tuple[Key, Tile] | None = None
        unseen = self._unseen
        for level in (low, low + 1):
            if quick and level > 0:
                # no useful tiles to weigh: the first discard in the fixed order
                for d in kinds:
                    if raw[d] == level:
                        key: Key = (level, 0.0, rank[d])
                        if best is None or key < best[0]:
                            best = (key, d)
                        break
            else:
                bounded = []
                for d in kinds:
                    if raw[d] != level:
                        continue
                    rest = rests[d] = _without(hand, (d,))
                    if level <= 0:
                        tiles = self._completions(rest, melds)
                    else:
                        tiles = self._improving(rest, melds, level)
                    # every useful tile at full weight (no count unseen is negative)
                    bound = sum(map(unseen.__getitem__, tiles))
                    bounded.append((-bound, rank[d], d))
                bounded.sort()
                for neg, order, d in bounded:
                    if best is not None and _cannot_beat(level, -neg, best[0]):
                        continue
                    v = self._weigh(rests[d], melds, level, -neg, best)
                    if v is None:
                        continue  # it fell below the best while being weighed
                    key = (v[0], v[1], order)
                    if best is None or key < best[0]:
                        best = (key, d)
            assert best is not None
            if best[0][0] <= level:
                break
        assert best is not None
        return best

    def _weigh(
        self,
        hand: Tiles,
        melds: Melds,
        sh: int,
        bound: float,
        best: tuple[Key, Tile] | None,
    ) -> Key | None:
        """:meth:`evaluate` of a 13-tile ``hand`` of shanten ``sh`` whose useful tiles
        count at most ``bound``; None when, while its tiles are weighed, it can no longer
        beat ``best``."""
        unseen = self._unseen
        if sh <= 0:
            if best is not None:
                for t in self._completions(hand, melds):
                    u = unseen[t]
                    if u <= 0:
                        continue
                    w = self._wait_weight(hand, melds, t)
                    if w < 1.0:
                        bound -= (1.0 - w) * u
                        if _cannot_beat(sh, bound, best[0]):
                            return None
            return self.evaluate(hand, melds, sh)
        if sh == 1 and best is not None:
            for t in self._improving(hand, melds, sh):
                u = unseen[t]
                if u > 0 and not self._live_with(hand, melds, t):
                    bound -= (1.0 - DEAD_READY_WEIGHT) * u
                    if _cannot_beat(sh, bound, best[0]):
                        return None
        return self.evaluate(hand, melds, sh)

    def evaluate(
        self, hand: Tiles, melds: Melds, sh: int | None = None, *, quick: bool = False
    ) -> Key:
        """(effective shanten, -useful unseen tiles, 0) of a sorted 13-tile hand (melds
        as three each); ``sh`` its shanten if known. ``quick``: count the useful tiles
        only for a ready hand (where they decide the effective shanten).

        Useful tiles: in a ready hand, its waits that score (a self-drawn-only one
        weighed :data:`SELF_DRAWN_ONLY_WEIGHT`); one step from ready, the tiles that make
        it ready with a wait that scores (those that make it ready with none weighed
        :data:`DEAD_READY_WEIGHT`); further away, the tiles that lower the shanten. Each
        counts its unseen copies. In a hand with melds only tiles next to its tiles are
        tried (a far tile helps only the special shapes).
        """
        if sh is None:
            sh = self.shanten(hand, melds)
        unseen = self._unseen
        if sh <= 0:
            # the waits that score, each weighed by its copies unseen (a wait with none
            # counts nothing, so its verdict is not asked for)
            useful: float = 0
            for t in self._completions(hand, melds):
                u = unseen[t]
                if u > 0:
                    useful += self._wait_weight(hand, melds, t) * u
            return (0, -useful, 0) if useful else (1, 0.0, 0)
        if quick:
            return (sh, 0.0, 0)
        useful = 0.0
        for t in self._improving(hand, melds, sh):
            u = unseen[t]
            if u <= 0:
                continue
            useful += u if sh > 1 or self._live_with(hand, melds, t) else DEAD_READY_WEIGHT * u
        return (sh, -useful, 0)

    def _improving(self, hand: Tiles, melds: Melds, sh: int) -> tuple[Tile, ...]:
        """The kinds whose draw lowers the shanten ``sh`` of a 13-tile ``hand``, in
        order (in a hand with melds, only kinds next to its tiles: see
        :meth:`evaluate`); cached."""
        memo = self._memo.improving
        k = (hand, melds)
        v = memo.get(k)
        if v is None:
            if len(memo) > _CACHE_LIMIT:
                memo.clear()
            held = [0] * (JOKER + 1)
            wild = self._wilds
            if not melds and not self._no_chows and wild.isdisjoint(hand):
                # the plain case: the shape tables at once (one kernel call), a wild
                # kind drawn weighed as the wild it is
                v = improving_of(list(hand), sh)
                wild_kinds = [t for t in wild if t < NUM_KINDS]
                if wild_kinds:
                    drawn_wild = [
                        t
                        for t in wild_kinds
                        if hand.count(t) < 4 and self.shanten(_with(hand, t), melds) < sh
                    ]
                    v = tuple(sorted([t for t in v if t not in wild] + drawn_wild))
            else:
                for t in hand:
                    held[t] += 1
                for m in melds:
                    for t in m.physical_tiles():
                        held[t] += 1
                draws = self._after_draws(hand, melds)

                def drawn(t: Tile) -> int:
                    """The shanten of the hand with ``t`` drawn."""
                    if draws is not None and t not in wild:
                        return draws[t]
                    return self.shanten(_with(hand, t), melds)

                if melds:
                    v = tuple(t for t in _near(hand) if held[t] < 4 and drawn(t) < sh)
                elif len(hand) > 14 and not self._no_chows:
                    # 16 tiles, only the regular shape: a kind next to no natural
                    # tile helps as much as any other such kind (see _completing)
                    near = set(_near([t for t in hand if t not in wild]))
                    lone: bool | None = None
                    out = []
                    for t in range(NUM_KINDS):
                        if held[t] >= 4:
                            continue
                        if t in near or t in wild:
                            if drawn(t) < sh:
                                out.append(t)
                            continue
                        if lone is None:
                            lone = drawn(t) < sh
                        if lone:
                            out.append(t)
                    v = tuple(out)
                else:
                    v = tuple(t for t in range(NUM_KINDS) if held[t] < 4 and drawn(t) < sh)
            memo[k] = v
        return v

    def _live_with(self, hand: Tiles, melds: Melds, t: Tile) -> bool:
        """:meth:`live` of ``hand`` with ``t`` drawn."""
        return self.live(_with(hand, t), melds)

    def live(self, hand: Tiles, melds: Melds) -> bool:
        """Can a 14-tile ``hand`` discard to a ready hand with a wait that scores?"""
        memo = self._memo.live
        k = (hand, melds)
        v = memo.get(k)
        if v is None:
            if len(memo) > _CACHE_LIMIT:
                memo.clear()
            # a ready discard already known to score first, then the others in order
            known = self._memo.alive
            waits = self._memo.waits
            ready = []
            v = False
            candidates = [d for d, sh in self._after_discards(hand, melds).items() if sh == 0]
            if candidates:
                hopeless = self._hopeless_discards(hand, melds)
                if hopeless:
                    candidates = [d for d in candidates if d not in hopeless]
            for d in candidates:
                rest = _without(hand, (d,))
                kr = (rest, melds)
                done = waits.get(kr)
                alive = known.get(kr) if done is None else bool(done)
                if alive:
                    v = True
                    break
                if alive is None:
                    ready.append(rest)
            if not v:
                v = any(self._any_scoring_wait(rest, melds) for rest in ready)
            memo[k] = v
        return v

    def _hopeless_discards(self, hand: Tiles, melds: Melds) -> frozenset[Tile]:
        """The discards from a 17-tile ``hand`` (melds as three) that leave a hand no tile
        completes, as :meth:`_completing` first checks (its loose regular need more than
        one beyond its wilds), all in one call; empty for other hands."""
        n = len(melds)
        if _NATIVE is None or self._goulash or self._no_chows or len(hand) - 1 + 3 * n <= 13:
            return _NONE
        split = self._natural_counts(hand)
        if split is None:
            return _NONE
        counts, wilds = split
        needs = discard_needs(counts, 5 - n, n, 17, True)  # as _loose_need of each
        return frozenset(d for d, x in needs.items() if x > wilds + 1)

    def _any_scoring_wait(self, hand: Tiles, melds: Melds) -> bool:
        """``bool(scoring_waits(hand, melds))``, stopping at the first wait that scores
        (self-drawn wins tried first: they are the likelier to score)."""
        done = self._memo.waits.get((hand, melds))
        if done is not None:
            return bool(done)
        memo = self._memo.alive
        k = (hand, melds)
        v = memo.get(k)
        if v is None:
            if len(memo) > _CACHE_LIMIT:
                memo.clear()
            tiles = self._memo.completions.get(k)
            found = self._completing(hand, melds) if tiles is None else iter(tiles)
            if self._goulash:
                v = next(found, None) is not None
            elif self._unopened(melds):
                v = False  # no win scores without an opening: no wait is looked for
            else:
                # every wait won self-drawn first (the likelier to score), then on a discard
                tried: list[Tile] = []
                v = False
                for t in found:
                    if self._scores(hand, melds, t, True):
                        v = True
                        break
                    tried.append(t)
                if not v:
                    v = any(self._scores(hand, melds, t, False) for t in tried)
            memo[k] = v
        return v

    def _wait_weight(self, hand: Tiles, melds: Melds, t: Tile) -> float:
        """The weight of a completing ``t`` in :meth:`scoring_waits` (0 if no win on it
        scores)."""
        if self._goulash:
            return 1.0
        if self._scores(hand, melds, t, False):
            return 1.0
        if self._scores(hand, melds, t, True):
            return SELF_DRAWN_ONLY_WEIGHT
        return 0.0

    def scoring_waits(self, hand: Tiles, melds: Melds) -> tuple[tuple[Tile, float], ...]:
        """The waits of a ready 13-tile ``hand`` whose win the rules would accept, each
        with its weight: 1 if a discard win scores enough, :data:`SELF_DRAWN_ONLY_WEIGHT`
        if only a self-drawn one does (cached)."""
        memo = self._memo.waits
        k = (hand, melds)
        v = memo.get(k)
        if v is None:
            if len(memo) > _CACHE_LIMIT:
                memo.clear()
            out: list[tuple[Tile, float]] = []
            for t in self._completions(hand, melds):
                w = self._wait_weight(hand, melds, t)
                if w:
                    out.append((t, w))
            v = memo[k] = tuple(out)
        return v

    def _completions(self, hand: Tiles, melds: Melds) -> tuple[Tile, ...]:
        """The kinds that complete a 13-tile ``hand`` (:meth:`_completing`), cached."""
        memo = self._memo.completions
        k = (hand, melds)
        v = memo.get(k)
        if v is None:
            if len(memo) > _CACHE_LIMIT:
                memo.clear()
            v = memo[k] = tuple(self._completing(hand, melds))
        return v

    def _completing(self, hand: Tiles, melds: Melds) -> Iterator[Tile]:
        """The kinds that complete a 13-tile ``hand``, in order, found one at a time: in
        a goulash any of them, else only those with a copy not in the hand or its
        melds. In a hand of 16 (the gold games) only a kind next to a tile held can
        complete it, unless a wild is held."""
        shanten = self.shanten
        if self._goulash:
            # any complete hand of pungs wins: the waits are the tiles that complete it
            for t in range(NUM_KINDS):
                if shanten(_with(hand, t), melds) < 0:
                    yield t
            return
        n = len(melds)
        held = [0] * NUM_KINDS
        for t in (*hand, *(x for m in melds for x in m.tiles)):
            if t < NUM_KINDS:
                held[t] += 1
        wild = self._wilds
        if len(hand) + 3 * n > 13 and not self._no_chows:
            # 16 tiles: only the regular shape (five sets and a pair), each wild
            # filling a gap (the loose model, as :meth:`shanten`)
            wilds = 0
            counts = [0] * NUM_KINDS
            for t in hand:
                if t in wild:
                    wilds += 1
                else:
                    counts[t] += 1
            sets = 5 - n
            base = _loose_need(counts, sets, n)
            if base > wilds + 1:
                return  # one tile lowers the need by one at most: none completes it
            needs = _loose_draw_needs(counts, sets, n)
            if not wilds:
                for t in _near(hand):
                    if held[t] < 4 and needs(t) <= wilds:
                        yield t
                return
            # A kind next to no natural tile joins the hand as a lone tile, as any
            # other such kind would (a pair or a set to be made with it): one figure
            # serves them all.
            near = set(_near([t for t in hand if t not in wild]))
            lone: bool | None = None
            for t in range(NUM_KINDS):
                if held[t] >= 4:
                    continue
                if t in wild:  # one more wild
                    if base <= wilds + 1:
                        yield t
                    continue
                if t not in near and lone is not None:
                    if lone:
                        yield t
                    continue
                need = needs(t)
                if t not in near:
                    lone = need <= wilds
                if need <= wilds:
                    yield t
        elif not wild.isdisjoint(hand):  # a gold or laizi held
            # each natural kind drawn from the shape tables at once, where they answer
            drawn = self._after_draws(hand, melds) or {}
            for t in range(NUM_KINDS):
                if held[t] < 4:
                    v = drawn.get(t)
                    if (shanten(_with(hand, t), melds) if v is None else v) < 0:
                        yield t
        elif not n and len(hand) == 13 and _NATIVE is not None:
            yield from _NATIVE.waits_of(hand)  # every shape, one kernel call
        else:
            for t in range(NUM_KINDS):
                if held[t] < 4 and _complete([*hand, t], n):
                    yield t

    def _after_discards(self, hand: Tiles, melds: Melds) -> dict[Tile, int]:
        """The shanten (:meth:`shanten`) of sorted ``hand`` less one copy of each kind
        held, by kind in order (cached): the shape tables asked once for every discard
        (:func:`~parlour.mahjong.shapes.discard_needs`), a wild kind's own discard
        looked at alone."""
        memo = self._memo.discards
        k = (hand, len(melds))
        v = memo.get(k)
        if v is None:
            if len(memo) > _CACHE_LIMIT:
                memo.clear()
            v = memo[k] = self._discards_now(hand, melds)
        return v

    def _discards_now(self, hand: Tiles, melds: Melds) -> dict[Tile, int]:
        n = len(melds)
        if _NATIVE is None:  # the pure path: each rest's shanten, cached, is the cheaper
            shanten = self.shanten
            return {d: shanten(_without(hand, (d,)), melds) for d in sorted(set(hand))}
        if not n and not self._no_chows and hand[-1] < NUM_KINDS and self._wilds.isdisjoint(hand):
            # the plain path (:func:`shanten_of` of each): four sets and a pair or a
            # special shape, whatever the hand's size
            counts = [0] * NUM_KINDS
            for t in hand:
                counts[t] += 1
            return {d: x - 1 for d, x in discard_needs(counts, 4, 0, 13, False).items()}
        split = None if self._no_chows else self._natural_counts(hand)
        if split is not None:
            counts, wilds = split
            if not n and not wilds:
                # the plain path (:func:`shanten_of` of each): four sets and a pair or a
                # special shape, whatever the hand's size
                return {d: x - 1 for d, x in discard_needs(counts, 4, 0, 13, False).items()}
            size = len(hand) - 1 + 3 * n
            if size in (13, 14, 16, 17):  # the loose model (as _loose_shanten)
                sets = (4 if size <= 14 else 5) - n
                out = {
                    d: max(-1, x - wilds - 1)
                    for d, x in discard_needs(counts, sets, n, size, True).items()
                }
                held_wild = self._wilds.intersection(hand)
                if held_wild:
                    shanten = self.shanten
                    for d in held_wild:
                        out[d] = shanten(_without(hand, (d,)), melds)
                    out = dict(sorted(out.items()))
                return out
        shanten = self.shanten
        return {d: shanten(_without(hand, (d,)), melds) for d in sorted(set(hand))}

    def _after_draws(self, hand: Tiles, melds: Melds) -> dict[Tile, int] | None:
        """The shanten (:meth:`shanten`) of sorted ``hand`` with one more copy of each
        natural kind (none where four are held), when the shape tables' loose model
        answers it (a hand with melds or wilds; :func:`_loose_shanten`), by kind in
        order (cached); else None. A wild kind drawn is not in it (it adds a wild)."""
        memo = self._memo.draws
        k = (hand, len(melds))
        v = memo.get(k, False)
        if v is False:
            if len(memo) > _CACHE_LIMIT:
                memo.clear()
            v = None
            n = len(melds)
            size = len(hand) + 1 + 3 * n
            split = None if self._no_chows or _NATIVE is None else self._natural_counts(hand)
            if split is not None and (n or split[1]) and size in (13, 14, 16, 17):
                counts, wilds = split
                sets = (4 if size <= 14 else 5) - n
                wild = self._wilds
                v = {
                    t: max(-1, x - wilds - 1)
                    for t, x in draw_needs(counts, sets, n, size, True).items()
                    if t not in wild
                }
            memo[k] = v
        return v  # type: ignore[return-value]

    def _natural_counts(self, hand: Tiles) -> tuple[list[int], int] | None:
        """The counts of the natural kinds of ``hand`` and its wilds; None when it holds
        a tile of neither (the shape engine then speaks)."""
        counts = [0] * NUM_KINDS
        wilds = 0
        wild = self._wilds
        for t in hand:
            if t in wild:
                wilds += 1
            elif t < NUM_KINDS:
                counts[t] += 1
            else:
                return None
        return counts, wilds

    def shanten(self, hand: Tiles, melds: Melds) -> int:
        """Shanten of sorted ``hand`` beside ``melds`` (cached; see the module docstring
        for the model used with melds)."""
        memo = self._memo.shanten
        k = (hand, len(melds))
        v = memo.get(k)
        if v is None:
            if len(memo) > _CACHE_LIMIT:
                memo.clear()
            wild = self._wilds
            if self._no_chows:
                # each wild brings the hand at most one tile nearer: a fair guess
                v = _pungs_shanten(hand, len(melds), wild)
            elif melds or not wild.isdisjoint(hand):
                v = None if _NATIVE is None else _loose_shanten(hand, len(melds), wild)
                if v is None:
                    v = self._api_shanten(hand, melds)
            else:
                v = shanten_of(list(hand))
            memo[k] = v
        return v

    def _api_shanten(self, hand: Tiles, melds: Melds) -> int:
        """Shanten with melds or wilds by the shape engine's loose model (see
        :func:`_loose_shanten`)."""
        wild = self._wilds
        if not wild.isdisjoint(hand):
            wilds = sum(1 for t in hand if t in wild)
            naturals = [t for t in hand if t not in wild]
            return shanten(naturals + [JOKER] * wilds, melds, model="loose")
        return shanten(list(hand), melds, model="loose")

    def scores(self, hand: Tiles, melds: Melds, tile: Tile, *, self_drawn: bool) -> bool:
        """Would a win on ``tile`` (complete beside ``hand`` and ``melds``) score enough?"""
        seat_wind, prevailing, other = self._winds
        how = _SELF_DRAWN if self_drawn else _ON_DISCARD
        try:
            return self.rules.accepts(
                WonHand(
                    hand, melds, tile, seat_wind, prevailing, (), how, None if self_drawn else other
                )
            )
        except (ParlourError, ValueError):
            return False

    def _unopened(self, melds: Melds) -> bool:
        """Does a win need an opening (``HandHints.win_needs_opening``) that ``melds``
        lack? Then no win of the hand is accepted, and none need be asked."""
        return self._must_open and not any(m.exposed for m in melds)

    def _scores(self, hand: Tiles, melds: Melds, tile: Tile, self_drawn: bool) -> bool:
        """:meth:`scores`, cached."""
        if self._unopened(melds):
            return False
        memo = self._memo.scores
        k = (hand, melds, tile, self_drawn)
        v = memo.get(k)
        if v is None:
            if len(memo) > _CACHE_LIMIT:
                memo.clear()
            v = memo[k] = self.scores(hand, melds, tile, self_drawn=self_drawn)
        return v

    # -- reading the observation -----------------------------------------------------

    def _meld(self, text: str) -> Meld | None:
        m = self._melds.get(text, False)
        if m is False:
            try:
                m = parse_meld(text)
            except (ParlourError, ValueError):
                m = None  # another seat's face-down kong
            self._melds[text] = m
        return m  # type: ignore[return-value]

    def _own_melds(self, obs: dict[str, Any]) -> Melds:
        out = [self._meld(t) for t in obs["melds"][obs["seat"]]]
        return tuple(m for m in out if m is not None)

    def _see(self, obs: dict[str, Any], hand: Tiles) -> None:
        """Count the copies of each kind not in sight, note the winds and the discard.
        The copies in sight are summed packed (:func:`_packed`); a river is read once,
        from the river it was one tile before."""
        seen = _packed(hand)
        shown = self._shown
        for melds in obs["melds"]:
            for text in melds:
                v = shown.get(text)
                if v is None:
                    m = self._meld(text)  # None for a face-down kong
                    v = shown[text] = _packed(m.physical_tiles()) if m else 0
                seen += v
        rivers = self._rivers
        for river in obs["discards"]:
            v = rivers.get(river)
            if v is None:
                v = rivers[river] = self._river(river)
            seen += v
        self._unseen = list(map(_UNSEEN.__getitem__, seen.to_bytes(NUM_KINDS, "little")))
        seat_wind = obs["seat_name"]
        names = obs.get("seat_names") or WIND_LETTERS
        if seat_wind in WIND_LETTERS and all(n in WIND_LETTERS for n in names):
            other = names[(names.index(seat_wind) - 1) % len(names)]  # the left neighbour
        else:  # seats named otherwise (banker, left...): scored as winds from East
            seat_wind, other = "E", "N"
        prevailing = obs["prevailing"] or "E"  # None: a game without winds
        if prevailing not in WIND_LETTERS:
            prevailing = "E"
        self._winds = (seat_wind, prevailing, other)
        last = obs.get("last_discard")
        self._discard_tile = parse_tiles(last["tile"])[0] if last else -1

    def _river(self, river: str) -> int:
        """The copies a river (its tiles' names one by one) shows, packed: the river one
        tile shorter's, read before as a rule, and its last tile's."""
        rivers = self._rivers
        if len(rivers) > _CACHE_LIMIT:
            rivers.clear()
            rivers[""] = 0
        before, _, name = river.rpartition(" ")
        v = rivers.get(before)
        if v is None:
            v = rivers[before] = self._river(before) if before else 0
        return v + _packed(parse_tiles(name))


class _Memo:
    """The bot's caches for one context (see :meth:`GreedyBot._remember`), each keyed by
    the sorted tiles (and the melds): shanten, the kinds that lower it, the kinds that
    complete a ready hand, which of those score, and whether a hand can become ready
    with a wait that scores."""

    __slots__ = (
        "alive",
        "completions",
        "discards",
        "draws",
        "improving",
        "live",
        "scores",
        "shanten",
        "waits",
    )

    def __init__(self) -> None:
        self.shanten: dict[tuple[Tiles, int], int] = {}
        self.discards: dict[tuple[Tiles, int], dict[Tile, int]] = {}
        self.draws: dict[tuple[Tiles, int], dict[Tile, int] | None] = {}
        self.improving: dict[tuple[Tiles, Melds], tuple[Tile, ...]] = {}
        self.completions: dict[tuple[Tiles, Melds], tuple[Tile, ...]] = {}
        self.scores: dict[tuple[Tiles, Melds, Tile, bool], bool] = {}
        self.waits: dict[tuple[Tiles, Melds], tuple[tuple[Tile, float], ...]] = {}
        self.alive: dict[tuple[Tiles, Melds], bool] = {}
        self.live: dict[tuple[Tiles, Melds], bool] = {}


def _cannot_beat(level: int, bound: float, best: Key) -> bool:
    """Can no hand of shanten ``level`` whose useful tiles count at most ``bound`` have
    a key below ``best``? (Its key is at least ``(level, -bound, order)``.) A bound
    within :data:`_EPS` of the best's count is not enough: the sums are compared as
    floats, and equal counts summed in another order may differ in their last bit.

    >>> _cannot_beat(1, 5.0, (1, -6.0, 90)), _cannot_beat(1, 6.0, (1, -6.0, 90))
    (True, False)
    """
    k0, k1, _ = best
    if level != k0:
        return level > k0
    return bound < -k1 - _EPS


_NATIVE = kernel.native
_NONE: frozenset[Tile] = frozenset()


def _loose_need(counts: list[int], sets: int, melds: int) -> int:
    """Tiles missing from natural ``counts`` (a 16- or 17-tile hand beside ``melds``) for
    ``sets`` sets and a pair, a fifth copy allowed (what a wild may stand for): the
    shape tables' regular figure, as :func:`~parlour.mahjong.shapes.shanten` finds it
    for a hand of 17 with ``model="loose"``.

    >>> c = [0] * NUM_KINDS; c[0] = c[1] = c[2] = 3; c[9] = 2; c[27] = 3; c[30] = 2
    >>> _loose_need(c, 5, 0), _loose_need(c, 4, 1)
    (1, 0)
    """
    if _NATIVE is not None:
        return _NATIVE.general_need(counts, sets, melds, 17, True)
    return T.LOOSE.need(sum(map(mul, T.INC, counts)), sets)


def _loose_draw_needs(counts: list[int], sets: int, melds: int) -> Callable[[Tile], int]:
    """:func:`_loose_need` of ``counts`` with one more copy of a kind, as a function of
    the kind: every kind's figure from one call to the compiled tables
    (:func:`~parlour.mahjong.shapes.draw_needs`), or each kind's alone on the pure path
    (where the shape tables' cache of single hands is the cheaper)."""
    if _NATIVE is not None:
        return draw_needs(counts, sets, melds, 17, True).__getitem__

    def one(t: Tile) -> int:
        grown = list(counts)
        grown[t] += 1
        return _loose_need(grown, sets, melds)

    return one


def _loose_shanten(hand: Tiles, melds: int, wild: frozenset[Tile]) -> int | None:
    """The shape engine's ``model="loose"`` shanten of ``hand`` (its ``wild`` tiles free)
    beside ``melds`` melds, from the compiled tables at once (what
    :func:`~parlour.mahjong.shapes.shanten` finds after checking the hand); None when
    the hand is not one the tables take (the engine's checks then speak)."""
    assert _NATIVE is not None
    counts = [0] * NUM_KINDS
    wilds = 0
    for t in hand:
        if t in wild:
            wilds += 1
        elif t < NUM_KINDS:
            counts[t] += 1
        else:
            return None
    size = len(hand) + 3 * melds
    if size not in (13, 14, 16, 17) or max(counts) > 4:
        return None
    sets = (4 if size <= 14 else 5) - melds
    return max(-1, _NATIVE.general_need(counts, sets, melds, size, True) - wilds - 1)


def _pungs_shanten(hand: Tiles, melds: int, wild: frozenset[Tile]) -> int:
    """Shanten of a hand whose sets must be pungs beside ``melds`` melds, each wild
    bringing it one tile nearer: :func:`~parlour.mahjong.shapes.shanten_without_chows`
    of the natural tiles less the wilds, at least -1. That figure depends only on how
    many natural tiles there are and how many of their kinds make pungs and pairs, so
    it is computed once for each such profile.

    >>> _pungs_shanten(tuple(parse_tiles("111m 222p 99s 345m EE")), 0, frozenset())
    2
    >>> _pungs_shanten((0, 0, 0, 10, 10, 10, 19, 19, 22, 23, 24, 27, 42), 0, frozenset((42,)))
    2
    """
    counts: dict[Tile, int] = {}
    naturals = 0
    for t in hand:
        if t not in wild:
            counts[t] = counts.get(t, 0) + 1
            naturals += 1
    pungs = pairs = 0
    for c in counts.values():
        if c >= 3:
            pungs += 1
        elif c == 2:
            pairs += 1
    k = (naturals, melds, pungs, pairs)
    v = _PUNGS_SHANTEN.get(k)
    if v is None:
        plain = [t for t in hand if t not in wild]
        v = _PUNGS_SHANTEN[k] = shanten_without_chows(plain, melds)
    return max(-1, v - (len(hand) - naturals))


_PUNGS_SHANTEN: dict[tuple[int, int, int, int], int] = {}
""":func:`~parlour.mahjong.shapes.shanten_without_chows` by the profile of a hand: its
natural tiles, melds, pungs and pairs."""


def _packed(tiles: Iterable[Tile]) -> int:
    """The copies of each kind among ``tiles`` packed one byte a kind, kind 0 lowest (a
    joker, a flower left out): summed as one int, read back with ``int.to_bytes``.

    >>> _packed(parse_tiles("1m 1m 2m E")).to_bytes(NUM_KINDS, "little")[:4], _packed([42])
    (b'\\x02\\x01\\x00\\x00', 0)
    """
    return sum(map(_BYTE.__getitem__, tiles))


_BYTE = tuple(1 << (8 * t) if t < NUM_KINDS else 0 for t in range(JOKER + 1))
"""Each tile's copy packed (see :func:`_packed`)."""
_UNSEEN = tuple(max(0, 4 - c) for c in range(256))
"""The copies not in sight of a kind of which ``c`` are."""


def _with(hand: Tiles, t: Tile) -> Tiles:
    """``hand`` with ``t`` added in its place (sorted stays sorted).

    >>> _with((1, 3, 5), 4)
    (1, 3, 4, 5)
    """
    i = bisect_right(hand, t)
    return (*hand[:i], t, *hand[i:])


def _near(hand: Sequence[Tile]) -> list[Tile]:
    """Kinds that can join a tile of ``hand`` in a set: the honours held, and suited
    tiles up to two ranks from a held one of the same suit.

    >>> _near(tuple(parse_tiles("1m 9p E")))
    [0, 1, 2, 15, 16, 17, 27]
    """
    out: set[Tile] = set()
    for t in set(hand):
        if t < NUM_KINDS:  # a joker has no kind of its own
            out.update(_NEIGHBOURS[t])
    return sorted(out)


_NEIGHBOURS = tuple(
    (t,) if t >= 27 else tuple(range(max(t - t % 9, t - 2), min(t - t % 9 + 8, t + 2) + 1))
    for t in range(NUM_KINDS)
)
"""The kinds each kind can share a set with (itself among them)."""


def _without(hand: Tiles, tiles: Sequence[Tile]) -> Tiles:
    """``hand`` less one copy of each of ``tiles`` (sorted stays sorted)."""
    out = list(hand)
    for t in tiles:
        out.remove(t)
    return tuple(out)


# ---------------------------------------------------------------------------------------
# Measuring: greedy against random


def play_hand(bots: Sequence[Any], seed: int, dealer: int = 0) -> dict[str, Any]:
    """Play one hand at an MCR table with ``bots`` (one per seat); the table's result."""
    from parlour.mahjong.table import Table

    table = Table(seed=seed, dealer=dealer)
    while not table.is_over():
        seat = table.to_act()[0]
        action = bots[seat].act(table.observation(seat), table.legal_actions(seat))
        table.apply(seat, action)
    result = table.result()
    assert result is not None
    return result


def win_rates(hands: int, seed: int = 0) -> dict[str, Any]:
    """Play ``hands`` hands of one greedy bot against three random bots and sum up.

    Hand ``h`` uses table seed ``seed + h``; the greedy bot sits at seat ``h % 4`` and
    the dealer is seat ``(h // 4) % 4``, so every seat meets every dealer. Win rates are
    per seat and hand (a random bot's is its three seats' wins over ``3 * hands``); mean
    payments are per seat and hand; ``greedy_mean_points`` is the mean total of the greedy
    bot's wins; ``greedy_win_rate_by_wind`` its win rate by its seat wind (East deals).

    >>> r = win_rates(4, seed=1)
    >>> r["hands"], r["greedy_wins"] + r["random_wins"] + r["draws"]
    (4, 4)
    """
    from parlour.bots import RandomBot

    greedy_wins = random_wins = draws = 0
    greedy_pay = random_pay = 0
    points: list[int] = []
    by_wind = dict.fromkeys(WIND_LETTERS, 0)  # the greedy bot's wins by its seat wind
    start = time.perf_counter()
    for h in range(hands):
        s = seed + h
        g = h % 4
        bots: list[Any] = [RandomBot(seed=4 * s + i) for i in range(4)]
        bots[g] = GreedyBot(seed=s)
        result = play_hand(bots, s, dealer=(h // 4) % 4)
        wins = result["wins"]
        winner = wins[0]["seat"] if wins else None
        pay = result["payments"]
        greedy_pay += pay[g]
        random_pay += sum(pay) - pay[g]
        if winner is None:
            draws += 1
        elif winner == g:
            greedy_wins += 1
            by_wind[WIND_LETTERS[(g - (h // 4) % 4) % 4]] += 1
            points.append(wins[0]["total"])
        else:
            random_wins += 1
    elapsed = time.perf_counter() - start
    n = max(1, hands)
    return {
        "hands": hands,
        "greedy_wins": greedy_wins,
        "random_wins": random_wins,
        "draws": draws,
        "greedy_win_rate": greedy_wins / n,
        "random_win_rate": random_wins / (3 * n),
        "draw_rate": draws / n,
        "greedy_mean_payment": greedy_pay / n,
        "random_mean_payment": random_pay / (3 * n),
        "greedy_mean_points": sum(points) / len(points) if points else 0.0,
        # each wind is the greedy bot's in a quarter of the hands
        "greedy_win_rate_by_wind": {w: c / max(1, hands / 4) for w, c in by_wind.items()},
        "seconds": elapsed,
        "ms_per_hand": 1000 * elapsed / n,
    }


def main(argv: Sequence[str] | None = None) -> None:
    """Print :func:`win_rates` for ``[HANDS] [SEED]`` (default 1000 hands, seed 0), e.g.
    ``python -c "from parlour.bots.greedy import main; main()" 1000 0``."""
    args = list(sys.argv[1:] if argv is None else argv)
    hands = int(args[0]) if args else 1000
    seed = int(args[1]) if len(args) > 1 else 0
    for k, v in win_rates(hands, seed).items():
        if isinstance(v, dict):
            v = "  ".join(f"{w} {x:.4f}" for w, x in v.items())
        print(f"{k:24} {v:.4f}" if isinstance(v, float) else f"{k:24} {v}")


def _complete(tiles: list[Tile], melds: int) -> bool:
    """Regular completeness of ``tiles`` beside ``melds`` sets, for 14-tile hands and the
    gold games' 17 (the concealed part is sets and a pair either way)."""
    extra = len(tiles) + 3 * melds - 14
    if extra == 0:
        return is_complete_of(tiles, melds)
    if melds:
        return is_complete_of(tiles, melds - extra // 3)
    try:
        if _NATIVE is not None and len(tiles) % 3 == 2 and max(tiles) < NUM_KINDS:
            return _NATIVE.regular_need(tiles, len(tiles) // 3) == 0
        return is_complete(list(tiles), kinds=("regular",))
    except ValueError:
        return False

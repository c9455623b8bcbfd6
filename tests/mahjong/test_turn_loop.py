"""The turn loop's short cuts against the procedure they stand for.

The table skips work where a ruleset leaves a hook as the shared procedure has it: it
does not ask ``allows``, ``may_chow`` or ``is_bonus`` one action or tile at a time, and,
asking only the seats able to claim, it sees at a glance which seats can do more than
pass on a discard and opens no window when none can. A ruleset that overrides those
hooks with the very same answers takes the general path: both must play every seeded
hand alike, move for move (the legal actions of every seat asked, the events, the
result). A batch simulation (``observe=False``) plays the same hands as the default.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter
from typing import Any

import pytest

from parlour.bots import RandomBot, make_bot
from parlour.core.actions import Action
from parlour.core.window import Window
from parlour.mahjong.rules.mcr import MCRRuleset
from parlour.mahjong.shapes import ALL_KINDS, could_be_ready
from parlour.mahjong.sim import play_hand, play_out
from parlour.mahjong.table import Table
from parlour.mahjong.tiles import Tile

SEEDS = range(60)


class SameHooks(MCRRuleset):
    """MCR with the hooks the table short-cuts overridden by the same answers and its
    winning shapes named one by one: the table takes its general path (asks each hook,
    opens every claim window, reads every shape with the full search)."""

    win_shapes = tuple(ALL_KINDS)

    def allows(self, table: Any, seat: int, action: Action) -> bool:
        return super().allows(table, seat, action)

    def may_chow(self, claimer: int, discarder: int) -> bool:
        return super().may_chow(claimer, discarder)

    def is_bonus(self, tile: Tile) -> bool:
        return super().is_bonus(tile)

    def window_closed(self, table: Any, window: Window) -> None:
        super().window_closed(table, window)


def walk(table: Table, seed: int, counts: Counter[str]) -> str:
    """Play ``table`` out, claims and wins first when offered, else at random; a
    digest of every legal action offered, every event and the result."""
    rng = random.Random(seed)
    digest = hashlib.sha256()
    while not table.is_over():
        seat = rng.choice(table.to_act())
        legal = table.legal_actions(seat)
        digest.update(repr((table.to_act(), legal)).encode())
        eager = [a for a in legal if a.kind not in ("pass", "discard")]
        action = eager[0] if eager and rng.random() < 0.7 else rng.choice(legal)
        counts[action.kind] += 1
        digest.update(repr([e.to_json() for e in table.apply(seat, action)]).encode())
    digest.update(json.dumps(table.result(), sort_keys=True).encode())
    return digest.hexdigest()


@pytest.mark.parametrize("ask_everyone", [False, True])
def test_the_short_cuts_play_as_the_general_procedure(ask_everyone: bool) -> None:
    counts: Counter[str] = Counter()
    for seed in SEEDS:
        fast = Table(MCRRuleset(), seed=seed, dealer=seed % 4, ask_everyone=ask_everyone)
        general = Table(SameHooks(), seed=seed, dealer=seed % 4, ask_everyone=ask_everyone)
        assert fast._fast and fast._plain_claims
        assert not general._fast and not general._plain_claims
        assert walk(fast, seed, counts) == walk(general, seed, Counter()), seed
    # the hands walked claims of every kind, kongs and wins
    for kind in ("chow", "pung", "kong", "concealed_kong", "win"):
        assert counts[kind] > 0, kind


def test_a_seat_is_passed_over_for_a_win_only_when_it_was_not_ready() -> None:
    """The turn's win is looked for unless the readiness cached for the hand before
    the draw says no tile could complete it: wherever it says so, the shape check on
    that hand agrees."""
    skipped = looked = 0
    for seed in SEEDS:
        table = Table(MCRRuleset(), seed=seed, dealer=seed % 4, ask_everyone=False)
        rng = random.Random(seed)
        while not table.is_over():
            seat = table.to_act()[0]
            drawn = table.last_drawn(seat)
            if table.phase == "turn" and table.drew and drawn is not None:
                before = list(table.hands[seat])
                before.remove(drawn)
                if table._was_ready(seat):
                    looked += 1
                else:
                    skipped += 1
                    assert not could_be_ready(before, len(table.melds[seat])), seed
            table.apply(seat, rng.choice(table.legal_actions(seat)))
    assert skipped > 1000 and looked > 1000


def greedy_walk(table: Table, seed: int) -> str:
    """Play ``table`` out with four greedy bots (they go for wins, self-drawn ones
    too); a digest of every legal action offered, every event and the result."""
    bots = [make_bot("greedy", seed=4 * seed + s, ruleset=MCRRuleset()) for s in range(4)]
    digest = hashlib.sha256()
    while not table.is_over():
        seat = table.to_act()[0]
        legal = table.legal_actions(seat)
        digest.update(repr(legal).encode())
        events = table.apply(seat, bots[seat].act(table.observation(seat), legal))
        digest.update(repr([e.to_json() for e in events]).encode())
    digest.update(json.dumps(table.result(), sort_keys=True).encode())
    return digest.hexdigest()


def test_the_short_cuts_offer_the_same_wins_to_greedy_players() -> None:
    self_drawn = 0
    for seed in range(8):
        fast = Table(MCRRuleset(), seed=seed, dealer=seed % 4, ask_everyone=False)
        general = Table(SameHooks(), seed=seed, dealer=seed % 4, ask_everyone=False)
        assert greedy_walk(fast, seed) == greedy_walk(general, seed), seed
        result = fast.result()
        assert result is not None
        self_drawn += sum(w["self_drawn"] for w in result["wins"])
    assert self_drawn > 0


def test_a_batch_simulation_plays_the_same_hands() -> None:
    checked = 0
    for rules in ("mcr", "classical", "xiamen", "quanzhou"):
        for index in range(4):
            default = play_hand(["random"] * 4, 11, index, rules=rules, record=True)
            batch = play_hand(["random"] * 4, 11, index, rules=rules, record=True, observe=False)
            assert batch == default, (rules, index)
            checked += 1
    assert checked == 16


def test_a_bot_that_reads_its_observation_is_still_handed_it() -> None:
    seen: list[dict[str, Any]] = []

    class Watcher(RandomBot):
        observes = True

        def act(self, observation: dict[str, Any], legal: Any) -> Action:
            seen.append(observation)
            return super().act(observation, legal)

    players = [Watcher(seed=1), RandomBot(seed=2), RandomBot(seed=3), RandomBot(seed=4)]
    table = play_out(Table(seed=5), players, observe=False)
    assert table.is_over() and seen
    assert all(o["seat"] == 0 and "hand" in o for o in seen)


def test_a_greedy_bot_decides_alike_in_a_batch_simulation() -> None:
    bots = ["greedy", "random", "random", "random"]
    assert play_hand(bots, 2, 0, observe=False) == play_hand(bots, 2, 0)
    assert getattr(make_bot("greedy"), "observes", True)


def test_the_entries_a_bot_reads_are_those_of_its_whole_observation() -> None:
    """``observation(seat, keys)``: each entry asked for, alone or with the greedy bot's,
    as the whole observation has it, and nothing more, at every decision of seeded hands
    of several rule systems (their ``ruleset_state`` among the entries)."""
    from parlour.mahjong.session import make_ruleset

    greedy = make_bot("greedy").observes
    assert isinstance(greedy, tuple) and "hand" in greedy
    compared = 0
    for rules in ("mcr", "classical", "xiamen", "kawuxing", "hangzhou"):
        ruleset = make_ruleset(rules, None)
        table = Table(ruleset, seed=7)
        rng = random.Random(7)
        steps = 0
        while not table.is_over():
            seat = table.to_act()[0]
            whole = table.observation(seat)
            if steps % 5 == 0:
                for key in whole:
                    assert table.observation(seat, (key,)) == {key: whole[key]}, (rules, key)
            part = table.observation(seat, greedy)
            assert list(part) == list(greedy)
            assert part == {k: whole[k] for k in greedy}, rules
            compared += 1
            steps += 1
            table.apply(seat, rng.choice(table.legal_actions(seat)))
        assert table.observation(0, greedy) == {k: table.observation(0)[k] for k in greedy}
    assert compared > 200, compared


@pytest.mark.parametrize(("rules", "seats"), [("mcr", 4), ("classical", 4), ("kawuxing", 3)])
def test_greedy_bots_handed_only_what_they_read_play_the_same_hands(rules: str, seats: int) -> None:
    """A batch simulation hands a greedy bot only the entries it reads (its
    ``observes``): every seat greedy, the hands and their records are the default's."""
    for index in range(3):
        bots = ["greedy"] * seats
        default = play_hand(bots, 4, index, rules=rules, record=True)
        batch = play_hand(bots, 4, index, rules=rules, record=True, observe=False)
        assert batch == default, (rules, index)

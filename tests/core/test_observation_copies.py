"""A seat's observation is its own: changing it changes nothing another seat sees.

Bots and clients are handed ``observation(seat)`` and may keep or edit it. Each game
builds it fresh (or copies it deeply), so editing every nested list and dict of one
seat's observation leaves another seat's observation (one handed out before, and a
fresh one), the spectator's view and the game itself as they were. Checked through
whole games of Piquet, Ninety-Nine and mahjong tables of several rule systems.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest

from parlour.cards.ninety_nine import NinetyNine, NinetyNineDeal
from parlour.cards.ninety_nine.rules import shuffled_deck
from parlour.cards.piquet import Piquet, PiquetDeal, PiquetOptions
from parlour.mahjong.session import Session, SessionRules, make_ruleset
from parlour.mahjong.table import Table

SENTINEL = "mutated by a seat"


def mutate(value: Any) -> int:
    """Change every list and dict inside ``value`` (and ``value`` itself): each list
    gets an item appended, each dict a key added and its values changed in turn.
    Returns how many containers were changed."""
    count = 0
    if isinstance(value, dict):
        for v in list(value.values()):
            count += mutate(v)
        value[SENTINEL] = [SENTINEL]
        return count + 1
    if isinstance(value, list):
        for v in list(value):
            count += mutate(v)
        value.append(SENTINEL)
        return count + 1
    if isinstance(value, tuple):
        return sum(mutate(v) for v in value)
    return 0


def views(game: Any) -> dict[Any, dict[str, Any]]:
    out: dict[Any, dict[str, Any]] = {s: game.observation(s) for s in range(game.num_seats)}
    spectator = getattr(game, "spectator_observation", None)
    if spectator is not None:
        out["spectator"] = spectator()
    return out


def check_copies(game: Any) -> int:
    """For each seat: edit its observation through and through, and check that nothing
    else changed; the same for the result. Returns the containers edited."""
    edited = 0
    result = game.result()
    if result is not None:
        kept = copy.deepcopy(result)
        edited += mutate(result)
        assert game.result() == kept, "editing the result changed the game's"
    for seat in range(game.num_seats):
        handed = views(game)
        before = copy.deepcopy(handed)
        edited += mutate(handed[seat])
        for who, obs in handed.items():
            if who != seat:
                assert obs == before[who], f"seat {seat}'s edit changed what {who} was given"
        fresh = views(game)
        for who, obs in fresh.items():
            assert obs == before[who], f"seat {seat}'s edit changed {who}'s fresh view"
    return edited


def play_through(game: Any, seed: int, every: int, limit: int = 4000) -> int:
    """Play ``game`` to its end with random legal actions, checking the observations
    at the start, every ``every`` moves and at the end."""
    rng = random.Random(seed)
    edited = check_copies(game)
    moves = 0
    while not game.is_over() and moves < limit:
        seat = game.to_act()[0]
        legal = game.legal_actions(seat)
        # never keep a Piquet exchange going for ever
        choices = [a for a in legal if a[0] != "keep"] or legal
        game.apply(seat, rng.choice(choices))
        moves += 1
        if moves % every == 0:
            edited += check_copies(game)
    edited += check_copies(game)
    return edited


GAMES: dict[str, Callable[[int], Any]] = {
    "piquet": lambda seed: Piquet(seed=seed, partie="single_game"),
    "ninety-nine": lambda seed: NinetyNine(seed),
    "piquet deal": lambda seed: PiquetDeal(PiquetOptions(), seed=seed),
    "ninety-nine deal": lambda seed: NinetyNineDeal(shuffled_deck(seed)),
    "mcr table": lambda seed: Table(seed=seed),
    "xiamen table": lambda seed: Table(make_ruleset("xiamen"), seed=seed),
    "quanzhou table": lambda seed: Table(make_ruleset("quanzhou"), seed=seed),
    "classical table": lambda seed: Table(make_ruleset("classical"), seed=seed),
    "mcr session": lambda seed: Session(seed=seed, session_rules=SessionRules(max_hands=2)),
}


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("seed", [1, 2])
def test_editing_one_seats_observation_changes_no_other_view(name: str, seed: int) -> None:
    game = GAMES[name](seed)
    every = 1 if name.startswith(("piquet", "ninety-nine")) else 7
    assert play_through(game, seed, every) > 0


def test_ninety_nine_last_deal_is_each_seats_own() -> None:
    """The finding: ``last_deal`` was a shallow copy, so a seat editing its lists
    changed what the next seat saw."""
    game = NinetyNine(3)
    rng = random.Random(3)
    while game.observation(0)["last_deal"] is None:
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    mine = game.observation(0)["last_deal"]
    theirs = copy.deepcopy(game.observation(1)["last_deal"])
    mutate(mine)
    assert game.observation(1)["last_deal"] == theirs


def test_a_rulesets_own_facts_are_copied_into_each_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """A ruleset's ``observe`` may hand back what it keeps; the table copies it."""
    ruleset = make_ruleset("xiamen")
    shared: dict[str, Any] = {"kept": [1, 2], "deep": {"list": ["a"]}}
    monkeypatch.setattr(type(ruleset), "observe", lambda self, table, seat: shared)
    table = Table(ruleset, seed=4)
    mutate(table.observation(0)["ruleset_state"])
    assert shared == {"kept": [1, 2], "deep": {"list": ["a"]}}
    assert table.observation(1)["ruleset_state"] == shared

"""The learning environments (parlour.envs) over the registry: PettingZoo's api_test and
seed_test for every playable rule system (and every option combination its descriptor
gives the conformance suite), Gymnasium's env_checker for the single-seat environment,
masks equal to the legal actions at every step of seeded random games, no tensor that
shows another seat's concealed tiles or cards (decoded and checked as the conformance
suite checks observations), no seat told what an earlier seat of the same window
answered, and determinism.
"""

from __future__ import annotations

import json
import random
import warnings
from collections import Counter
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import gymnasium
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from leaks import shows_tiles
from parlour.core.errors import IllegalAction
from parlour.core.systems import Registry, RuleSystem
from parlour.envs import env, single, steps_per_second
from parlour.envs.games import Episodes
from parlour.registry import load_builtin

GAMES = 50
"""Seeded random games per rule system whose every mask is checked (the slow run: 1,000)."""


def systems() -> list[RuleSystem]:
    return Registry(load_builtin).playable()


SYSTEMS = [pytest.param(s.name, id=s.name) for s in systems()]
CASES = [
    pytest.param(s.name, dict(options), id=f"{s.name}-{i}")
    for s in systems()
    for i, options in enumerate(s.option_cases)
]


@pytest.fixture(autouse=True)
def quiet_checkers() -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # the checkers' advice (no spec)
        yield


@pytest.mark.parametrize(("name", "options"), CASES)
def test_api_test_passes(name: str, options: dict[str, Any]) -> None:
    api_test(env(name, **options), num_cycles=200)


@pytest.mark.parametrize("name", SYSTEMS)
def test_seed_test_passes(name: str) -> None:
    seed_test(lambda: env(name), num_cycles=200)


@pytest.mark.parametrize("name", SYSTEMS)
def test_a_whole_match_passes_the_api_test(name: str) -> None:
    api_test(env(name, match=True, hands=2), num_cycles=200)


@pytest.mark.parametrize("name", SYSTEMS)
def test_the_single_seat_environment_passes_the_checker(name: str) -> None:
    check_env(single(name, opponents="random"), skip_render_check=True)


@pytest.mark.parametrize("name", ["mcr", "ninety-nine"])
@pytest.mark.parametrize("vector", ["sync", "async"])
def test_the_single_seat_environment_runs_vectorised(name: str, vector: str) -> None:
    """Under Gymnasium's SyncVectorEnv and AsyncVectorEnv (each game in a process of
    its own): auto-reset, masks only while the episode runs."""
    make = gymnasium.vector.SyncVectorEnv if vector == "sync" else gymnasium.vector.AsyncVectorEnv
    vec = make([lambda: single(name) for _ in range(2)])
    obs, infos = vec.reset(seed=4)
    assert obs["action_mask"].shape[0] == 2
    rng = np.random.default_rng(0)
    ended = 0
    for _ in range(300):
        # an episode that ended is reset at the next step (its action ignored)
        actions = [
            int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in infos["action_mask"]
        ]
        obs, _, terminated, _, infos = vec.step(np.array(actions))
        ended += int(terminated.sum())
        for mask, over in zip(infos["action_mask"], terminated, strict=True):
            assert bool(mask.any()) != bool(over)
    vec.close()
    assert ended > 0 or name != "mcr"


def test_the_learner_is_rewarded_with_its_seats_payments() -> None:
    """Over a hand, the learner's rewards add up to what the result pays its seat."""
    g = single("kawuxing", opponents="greedy", seat=1)
    rng = np.random.default_rng(1)
    paid = 0
    for seed in range(8):
        _, info = g.reset(seed=seed)
        total, terminated = 0.0, False
        while not terminated:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            _, reward, terminated, _, info = g.step(action)
            total += reward
        result = g.game.result() if g.game is not None else None
        assert result is not None
        assert total == result["payments"][1]
        paid += total != 0
    assert paid > 0


def test_an_illegal_action_raises_in_the_aec_environment_and_changes_nothing() -> None:
    e = env("mcr")
    e.reset(seed=0)
    obs = e.observe(e.agent_selection)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction):
        e.step(illegal)
    assert np.array_equal(e.observe(e.agent_selection)["observation"], obs["observation"])
    g = single("mcr", strict=True)
    g.reset(seed=0)
    with pytest.raises(IllegalAction):
        g.step(illegal)


def play_checked(name: str, games: int, counts: Counter[str]) -> None:
    """Play ``games`` seeded random games through the AEC environment, checking the
    mask of the seat to act against its legal actions at every step, and, every few
    steps, that the other seats' masks are empty unless they are asked too."""
    e = env(name)
    for g in range(games):
        e.reset(seed=g)
        rng = random.Random(g)
        step = 0
        while e.agents:
            agent = e.agent_selection
            obs, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            game = e.game
            assert game is not None
            seat = e.possible_agents.index(agent)
            legal = game.legal_actions(seat)
            assert list(np.flatnonzero(obs["action_mask"])) == sorted(game.encode(a) for a in legal)
            counts["masks"] += 1
            if step % 7 == 0:
                for other in range(len(e.possible_agents)):
                    mask = e.episodes.mask(game, other)
                    assert bool(mask.any()) == (other in game.to_act())
                    counts["other masks"] += 1
            e.step(game.encode(rng.choice(legal)))
            step += 1
        counts["games"] += 1


@pytest.mark.parametrize("name", SYSTEMS)
def test_masks_are_the_legal_actions_at_every_step(name: str) -> None:
    counts: Counter[str] = Counter()
    play_checked(name, GAMES if name not in SLOW_UNITS else GAMES // 5, counts)
    assert counts["games"] > 0 and counts["masks"] > counts["games"] and counts["other masks"]


SLOW_UNITS = {s.name for s in systems() if s.family_title != systems()[0].family_title}
"""Rule systems whose unit is a whole game of many deals (fewer of them by default)."""


@pytest.mark.slow
@pytest.mark.parametrize("name", SYSTEMS)
def test_masks_are_the_legal_actions_in_a_thousand_games(name: str) -> None:
    counts: Counter[str] = Counter()
    play_checked(name, 1_000, counts)
    assert counts["games"] == 1_000


def decoded(episodes: Episodes, game: Any, seat: int) -> str:
    x = episodes.encode(game.observation(seat))
    return json.dumps(episodes.encoder.decode(x), ensure_ascii=False)


@pytest.mark.parametrize(("name", "options"), CASES)
def test_no_tensor_shows_another_seats_concealed_tiles_or_cards(
    name: str, options: dict[str, Any]
) -> None:
    """Every tensor, decoded back to tiles or cards, shows none of what another seat
    holds hidden (``RuleSystem.private``), at every state of seeded random games."""
    episodes = Episodes(name, **options)
    system = episodes.system
    counts: Counter[str] = Counter()
    for g in range(2):
        game = episodes.new_game(seed=100 + g)
        rng = random.Random(g)
        for step in range(400):
            if game.is_over():
                break
            if step % 3 == 0:
                for seat in range(game.num_seats):
                    text = decoded(episodes, game, seat)
                    for other in range(game.num_seats):
                        if other != seat:
                            for hidden in system.private(game, other):
                                assert not shows_tiles(text, hidden), (seat, other, hidden)
                                counts["hidden"] += 1
            seat = game.to_act()[0]
            game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert counts["hidden"] > 0


WINDOWS = 12
"""Windows checked per rule system."""


@pytest.mark.parametrize("name", SYSTEMS)
def test_no_seat_is_told_what_an_earlier_seat_of_its_window_answered(name: str) -> None:
    """Where several seats are asked at once, the later seat's tensor is the same
    whichever legal answer the first seat gave (while it is still to answer): the
    game is replayed from its seed to answer both ways."""
    episodes = Episodes(name)
    windows = 0
    for g in range(8):
        seed = 200 + g
        game = episodes.new_game(seed=seed)
        rng = random.Random(g)
        played: list[tuple[int, Any]] = []
        for _ in range(3000):
            if game.is_over() or windows >= WINDOWS:
                break
            to_act = game.to_act()
            first = to_act[0]
            legal = game.legal_actions(first)
            if len(to_act) > 1 and len(legal) > 1 and rng.random() < 0.3:
                later = to_act[1]
                seen = []
                texts: list[str] = []
                for answer in legal[:2]:
                    other = episodes.new_game(seed=seed)
                    for seat, action in [*played, (first, answer)]:
                        other.apply(seat, action)
                    if later in other.to_act():
                        seen.append(episodes.encode(other.observation(later)))
                        texts.append(episodes.text(other, later))
                if len(seen) == 2:
                    assert np.array_equal(seen[0], seen[1]), (first, later, legal[:2])
                    assert texts[0] == texts[1], (first, later, legal[:2])
                    windows += 1
            action = rng.choice(legal)
            game.apply(first, action)
            played.append((first, action))
    if windows == 0:
        pytest.skip(f"{name}: no window where two seats answer and the first may choose")


@pytest.mark.parametrize("name", SYSTEMS)
def test_the_same_seed_and_actions_give_the_same_observations_and_rewards(name: str) -> None:
    runs = []
    for _ in range(2):
        e = env(name)
        e.reset(seed=9)
        rng = np.random.default_rng(9)
        trace: list[Any] = []
        for _ in range(300):
            if not e.agents:
                break
            obs, reward, terminated, truncated, _ = e.last()
            trace.append((e.agent_selection, obs["observation"].tobytes(), reward))
            if terminated or truncated:
                e.step(None)
            else:
                e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        runs.append(trace)
    assert runs[0] == runs[1] and len(runs[0]) > 10


@pytest.mark.parametrize("name", SYSTEMS)
def test_the_text_view_is_the_seats_table_and_its_legal_actions(name: str) -> None:
    """Every seat's text view at every step of a seeded game: its table (the rule
    system's view of its observation), then its legal actions as the game writes them,
    or that it is not to act; the AEC and single-seat environments give the same text."""
    e = env(name)
    e.reset(seed=5)
    rng = np.random.default_rng(5)
    system = e.episodes.system
    checked = 0
    for _ in range(60):
        if not e.agents:
            break
        game = e.game
        assert game is not None
        for seat, agent in enumerate(e.possible_agents):
            text = e.text(agent)
            view, _, last = text.rpartition("\n")
            assert view == system.text_view(game.observation(seat), e.possible_agents)
            assert view.strip()
            legal = game.legal_actions(seat)
            if legal:
                assert last == "you may: " + ", ".join(game.format_action(a) for a in legal)
            else:
                assert last == "not yours to act"
            checked += 1
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
        else:
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert checked > 20
    g = single(name, opponents="random")
    g.reset(seed=5)
    assert g.game is not None
    assert g.text() == g.episodes.text(g.game, g.seat)


def test_the_spaces_are_the_same_objects_each_call() -> None:
    e = env("piquet")
    for agent in e.possible_agents:
        assert e.observation_space(agent) is e.observation_space(agent)
        assert e.action_space(agent) is e.action_space(agent)


def test_steps_per_second_is_measured() -> None:
    assert steps_per_second("kawuxing", steps=50) > 0
    assert steps_per_second("kawuxing", steps=50, tensors=False) > 0


def swapped(game: Any, other: int, rng: random.Random) -> bool:
    """Swap one of ``other``'s concealed tiles for a tile of another kind still in the
    wall (a different deal that every other seat sees the same); False when none."""
    hand = game.hands[other]
    stacks = [s for s in game.wall.stacks if s]
    if not hand or not stacks:
        return False
    stack = stacks[-1]
    for i, mine in enumerate(hand):
        for j, walled in enumerate(stack):
            if walled != mine:
                hand[i], stack[j] = walled, mine
                hand.sort()
                return True
    return False


TABLES = [
    pytest.param(s.name, id=s.name)
    for s in systems()
    if hasattr(s.new_hand({}, seed=0), "wall")  # a tile game: hands and a wall
]


@pytest.mark.parametrize("name", TABLES)
def test_two_deals_a_seat_cannot_tell_apart_give_the_same_tensor(name: str) -> None:
    """Swap a tile of another seat's concealed hand with a tile of the wall: the seat's
    observation and tensor are the same in both deals (the concealed hand changed)."""
    episodes = Episodes(name)
    checked = 0
    for g in range(4):
        rng = random.Random(g)
        played: list[tuple[int, Any]] = []
        game = episodes.new_game(seed=300 + g)
        for step in range(200):
            if game.is_over():
                break
            if step % 11 == 5:
                twin = episodes.new_game(seed=300 + g)
                for seat, action in played:
                    twin.apply(seat, action)
                seat = game.to_act()[0]
                other = (seat + 1) % game.num_seats
                if other not in game.public and swapped(twin, other, rng):
                    assert twin.hands[other] != game.hands[other]
                    x = episodes.encode(game.observation(seat))
                    y = episodes.encode(twin.observation(seat))
                    assert np.array_equal(x, y), (name, step, seat, other)
                    mine = episodes.encode(game.observation(other))
                    assert not np.array_equal(mine, episodes.encode(twin.observation(other)))
                    # the text view too: the same for the seat, not for the one whose hand changed
                    assert episodes.text(game, seat) == episodes.text(twin, seat)
                    assert episodes.text(game, other) != episodes.text(twin, other)
                    checked += 1
            seat = game.to_act()[0]
            action = rng.choice(game.legal_actions(seat))
            game.apply(seat, action)
            played.append((seat, action))
    assert checked > 0

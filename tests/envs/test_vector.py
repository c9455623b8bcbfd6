"""VectorGames: deterministic, masks equal to the legal actions of the seat to act,
observations equal to what the AEC environment's encoder gives, auto-reset at the end
of every game, rewards the rulebook's payments."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from parlour.core.errors import IllegalAction
from parlour.core.systems import Registry
from parlour.envs import VectorGames
from parlour.registry import load_builtin

SYSTEMS = [pytest.param(s.name, id=s.name) for s in Registry(load_builtin).playable()]


def _run(name: str, steps: int, seed: int) -> list[bytes]:
    vg = VectorGames(name, 3, seed)
    rng = np.random.default_rng(seed)
    obs, mask = vg.reset()
    out = [obs.tobytes() + mask.tobytes()]
    for _ in range(steps):
        obs, mask, rewards, dones, _ = vg.step(vg.sample(rng))
        out.append(obs.tobytes() + mask.tobytes() + rewards.tobytes() + dones.tobytes())
    return out


@pytest.mark.parametrize("name", SYSTEMS)
def test_the_same_seed_gives_the_same_arrays(name: str) -> None:
    first = _run(name, 60, 5)
    assert first == _run(name, 60, 5)
    assert first != _run(name, 60, 6)


@pytest.mark.parametrize("name", SYSTEMS)
def test_masks_are_the_legal_actions_and_games_reset_at_their_end(name: str) -> None:
    vg = VectorGames(name, 4, seed=2)
    enc = vg.episodes.encoder
    rng = np.random.default_rng(2)
    vg.reset()
    ended = checked = 0
    paid = np.zeros(vg.num_seats)
    for _ in range(2_000):
        for i, game in enumerate(vg.games):
            seat = int(vg.seats[i])
            assert seat == game.to_act()[0]
            legal = sorted(game.encode(a) for a in game.legal_actions(seat))
            assert np.flatnonzero(vg.masks[i]).tolist() == legal
            assert np.array_equal(vg.observations[i], enc.encode(game.observation(seat)))
            checked += 1
        before = [g for g in vg.games]
        _, _, rewards, dones, infos = vg.step(vg.sample(rng))
        paid += rewards.sum(axis=0)
        for i in np.flatnonzero(dones):
            ended += 1
            assert before[i].is_over()
            assert vg.games[i] is not before[i] and not vg.games[i].is_over()
            assert infos["episode"][i] >= 1
        if ended >= 6:
            break
    assert ended >= 6 and checked > 0


def test_rewards_are_the_payments_of_the_hands_that_ended() -> None:
    vg = VectorGames("mcr", 2, seed=4)
    rng = np.random.default_rng(4)
    vg.reset()
    seen = 0
    for _ in range(3_000):
        before = list(vg.games)
        _, _, rewards, dones, _ = vg.step(vg.sample(rng))
        for i in np.flatnonzero(dones):
            result = before[i].result()
            assert result is not None
            assert rewards[i].tolist() == [float(p) for p in result["payments"]]
            seen += 1
    assert seen > 0


def test_an_illegal_action_raises() -> None:
    vg = VectorGames("mcr", 2, seed=1)
    _, mask = vg.reset()
    bad = int(np.flatnonzero(mask[0] == 0)[0])
    with pytest.raises(IllegalAction):
        vg.step([bad, int(np.flatnonzero(mask[1])[0])])


def test_the_env_benchmark_runs_with_its_peer_and_every_rule_system() -> None:
    from typer.testing import CliRunner

    from parlour.cli import app

    out = CliRunner().invoke(app, ["bench", "env", "--steps", "40", "--repeat", "1"])
    assert out.exit_code == 0, out.output
    for name in [p.values[0] for p in SYSTEMS]:
        assert f"VectorGames {name}" in out.output
    assert "vs RLCard" in out.output or "RLCard not installed" in out.output


def test_the_example_training_loop_runs() -> None:
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root / "src")}
    out = subprocess.run(
        [sys.executable, str(root / "examples" / "train_random.py"), "--steps", "2000"],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
        check=True,
    )
    lines = out.stdout.splitlines()
    assert [line.split(":")[0] for line in lines] == [
        "AEC, random",
        "VectorGames, tabular",
        "single seat, random",
    ]

"""The compiled counter of the mahjong encoder (parlour.envs._planes) against numpy's
bincount, and the encoder's planes on both paths for seeded games of every mahjong rule
system."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from parlour.core.systems import Registry
from parlour.envs import mahjong
from parlour.envs.games import Episodes
from parlour.mahjong.kernel import load_extension
from parlour.registry import load_builtin

PLANES = load_extension("parlour.envs._planes")
needs_compiled = pytest.mark.skipif(PLANES is None, reason="parlour.envs._planes not built")

MAHJONG = [
    pytest.param(s.name, id=s.name)
    for s in Registry(load_builtin).playable()
    if Episodes(s.name).encoder.width == mahjong.WIDTH
]


@needs_compiled
def test_the_counter_agrees_with_bincount() -> None:
    assert PLANES is not None
    rng = np.random.default_rng(7)
    cases = 0
    for _ in range(500):
        size = int(rng.integers(1, 6000))
        positions = rng.integers(0, size, int(rng.integers(0, 400))).astype(np.int32)
        out = np.zeros(size, np.float32)
        PLANES.count_into(out, bytearray(positions.tobytes()))
        assert np.array_equal(out, np.bincount(positions, minlength=size).astype(np.float32))
        cases += 1
    assert cases == 500


@needs_compiled
def test_the_counter_refuses_what_is_not_its_planes() -> None:
    assert PLANES is not None
    with pytest.raises(IndexError):
        PLANES.count_into(np.zeros(4, np.float32), np.asarray([4], np.int32).tobytes())
    with pytest.raises(TypeError):
        PLANES.count_into(np.zeros(4, np.float64), b"")
    with pytest.raises(TypeError):
        PLANES.count_into(np.zeros(4, np.float32))  # type: ignore[call-arg]


@needs_compiled
@pytest.mark.parametrize("name", MAHJONG)
def test_the_planes_are_the_same_on_both_paths(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    eps = Episodes(name)
    observations = []
    for index in range(3):
        game = eps.new_game(seed=11, index=index)
        rng = random.Random(index)
        while not game.is_over():
            seat = game.to_act()[0]
            observations += [game.observation(s) for s in range(game.num_seats)]
            game.apply(seat, rng.choice(game.legal_actions(seat)))
    compiled = [eps.encoder.encode(o) for o in observations]
    monkeypatch.setattr(mahjong, "_PLANES", None)
    pure = [eps.encoder.encode(o) for o in observations]
    assert len(pure) > 100
    assert all(np.array_equal(a, b) for a, b in zip(compiled, pure, strict=True))

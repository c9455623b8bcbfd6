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


CASES = [
    pytest.param(s.name, dict(options), id=f"{s.name}-{i}")
    for s in Registry(load_builtin).playable()
    if Episodes(s.name).encoder.width == mahjong.WIDTH
    for i, options in enumerate(s.option_cases)
]


def read_both_ways(
    name: str, options: dict[str, object], games: int, *, match: bool = False
) -> int:
    """Every seat's planes at every state of ``games`` seeded random games (hands, or
    matches cut after two hands), read from the table (the direct path, into a fresh
    array and into a used one) and from the observation dict: byte-identical. Answers
    how many were compared."""
    eps = Episodes(name, match=match, hands=2, **options)
    enc = eps.encoder
    used = np.full(enc.shape, 7.0, np.float32)
    compared = 0
    for index in range(games):
        game = eps.new_game(seed=29, index=index)
        rng = random.Random(index)
        for _ in range(5_000):
            for seat in range(game.num_seats):
                reference = enc.encode(game.observation(seat))
                direct = enc.encode_game(game, seat)
                assert direct is not None, (name, seat)
                assert direct.tobytes() == reference.tobytes(), (name, options, seat)
                assert enc.encode_game(game, seat, used) is used
                assert used.tobytes() == reference.tobytes()
                assert eps.encode_game(game, seat).tobytes() == reference.tobytes()
                compared += 1
            if game.is_over():
                break
            seat = game.to_act()[0]
            game.apply(seat, rng.choice(game.legal_actions(seat)))
    return compared


@needs_compiled
@pytest.mark.parametrize(("name", "options"), CASES)
def test_the_planes_read_from_the_table_are_the_observations(
    name: str, options: dict[str, object], slow_factor: int
) -> None:
    assert read_both_ways(name, options, 2 * slow_factor) > 200 * slow_factor
    assert read_both_ways(name, options, slow_factor, match=True) > 100 * slow_factor


@pytest.mark.slow
@needs_compiled
def test_the_planes_read_from_the_table_are_the_observations_in_many_mcr_hands() -> None:
    assert read_both_ways("mcr", {}, 150) > 50_000


@pytest.mark.parametrize("name", MAHJONG)
def test_without_the_compiled_part_the_observation_is_encoded(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On the pure path (``PARLOUR_PURE=1``, or the extension not built) the table is
    not read: the observation dict is encoded, and the arrays are the same."""
    eps = Episodes(name)
    game = eps.new_game(seed=3)
    rng = random.Random(3)
    for _ in range(40):
        if game.is_over():
            break
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    before = [eps.encode_game(game, s) for s in range(game.num_seats)]
    monkeypatch.setattr(mahjong, "_PLANES", None)
    assert eps.encoder.encode_game(game, 0) is None
    after = [eps.encode_game(game, s) for s in range(game.num_seats)]
    assert all(a.tobytes() == b.tobytes() for a, b in zip(before, after, strict=True))
    assert all(
        a.tobytes() == eps.encode(game.observation(s)).tobytes() for s, a in enumerate(after)
    )


@needs_compiled
def test_the_filler_refuses_what_is_not_its_planes() -> None:
    assert PLANES is not None
    enc = Episodes("mcr").encoder
    out = np.zeros(enc.shape, np.float32)
    layout = enc._layout
    args = (b"", [1, 2], [[1], [2], [3], [4]], 80, None, None, None, None, None)
    PLANES.fill(out, layout, 0, *args)
    assert out.sum() > 0
    with pytest.raises(ValueError):
        PLANES.fill(out, layout, 4, *args)  # not a seat
    with pytest.raises(ValueError):
        PLANES.fill(out, layout, 0, b"", [43], *args[2:])  # not a tile
    with pytest.raises(IndexError):
        PLANES.fill(out, layout, 0, np.asarray([out.size], np.int32).tobytes(), *args[1:])
    with pytest.raises(TypeError):
        PLANES.fill(out, layout, 0, b"", [1], [[1]], *args[3:])  # hands not one by seat
    with pytest.raises(TypeError):
        PLANES.fill(np.zeros(enc.shape, np.float64), layout, 0, *args)
    with pytest.raises(TypeError):
        PLANES.fill(out, layout)


@needs_compiled
def test_put_at_sets_the_mask() -> None:
    assert PLANES is not None
    mask = np.zeros(10, np.int8)
    PLANES.put_at(mask, [1, 7, 7, 3], 1)
    PLANES.put_at(mask, [3], 0)
    assert np.flatnonzero(mask).tolist() == [1, 7]
    with pytest.raises(IndexError):
        PLANES.put_at(mask, [10], 1)
    with pytest.raises(ValueError):
        PLANES.put_at(mask, [1], 128)
    with pytest.raises(TypeError):
        PLANES.put_at(np.zeros(10, np.float32), [1], 1)


@needs_compiled
def test_the_planes_read_from_the_table_follow_a_match_into_its_next_round() -> None:
    """The winds change with the round: the planes read from the table of a later
    round are still its observation's (what the encoder keeps is keyed by them)."""
    eps = Episodes("mcr", match=True, hands=8)
    enc = eps.encoder
    game = eps.new_game(seed=5)
    rng = random.Random(5)
    first = game.game.prevailing  # type: ignore[attr-defined]
    for _ in range(12_000):
        if game.is_over() or game.game.prevailing != first:  # type: ignore[attr-defined]
            break
        seat = game.to_act()[0]
        enc.encode_game(game, seat)  # what the encoder keeps, from the first round
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert game.game.prevailing != first  # type: ignore[attr-defined]
    compared = 0
    for _ in range(60):
        for seat in range(game.num_seats):
            reference = enc.encode(game.observation(seat))
            assert enc.encode_game(game, seat).tobytes() == reference.tobytes()  # type: ignore[union-attr]
            compared += 1
        seat = game.to_act()[0]
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert compared == 240

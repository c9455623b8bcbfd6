"""Filling the shape tables ahead (a server's start) changes no answer, and afterwards
a suit key never seen costs no dynamic programme."""

from __future__ import annotations

import random

import pytest

from parlour.mahjong import _tables as T


@pytest.mark.slow
def test_warm_tables_give_the_same_need_vectors_as_cold_ones() -> None:
    warm, cold = T.NeedTables(T.CAP), T.NeedTables(T.CAP)
    warm.warm()
    steps_before = len(warm._left) + len(warm._right)
    rng = random.Random(3)
    keys = set()
    while len(keys) < 3000:
        counts = [0] * 9
        for _ in range(rng.randint(0, 14)):
            r = rng.randrange(9)
            if counts[r] < 4:
                counts[r] += 1
        keys.add(sum(c * 5**i for i, c in enumerate(counts)))
    for key in keys:
        assert warm.suit_vector(key) == cold.suit_vector(key), key
        assert T.VEC[warm.suit_id(key)] == warm.suit_vector(key)
    # every half was already there: no key needed the dynamic programme again
    assert len(warm._left) + len(warm._right) == steps_before == 3125 + len(warm._right_ids)


def test_the_best_of_two_vectors_is_taken_place_by_place() -> None:
    a = T.intern((0, 1, 2) + (T.INF,) * (T.WIDTH - 3))
    b = T.intern((1, 0, 3) + (T.INF,) * (T.WIDTH - 3))
    assert T.VEC[T.min_ids(a, b)][:3] == (0, 0, 2)
    assert T.min_ids(a, b) == T.min_ids(b, a)

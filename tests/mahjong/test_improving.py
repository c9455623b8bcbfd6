"""``improving_of``: the kinds one more copy of which lowers a hand's shanten, in one
call, compiled or pure, against the definition (shanten_of of the hand with each kind)."""

from __future__ import annotations

import random

import pytest

from parlour.mahjong import kernel
from parlour.mahjong.shapes import improving_of
from parlour.mahjong.shapes.shanten import pure_improving_of, pure_shanten_of

WALL = [t for t in range(34) for _ in range(4)]


def by_definition(hand: list[int], sh: int) -> tuple[int, ...]:
    return tuple(t for t in range(34) if hand.count(t) < 4 and pure_shanten_of([*hand, t]) < sh)


@pytest.mark.parametrize("size", [13, 10, 7, 4, 1, 16])
def test_each_kind_that_lowers_the_shanten_and_no_other(size: int) -> None:
    rng = random.Random(size)
    found = 0
    for _ in range(1500 if size == 13 else 300):
        wall = WALL[:]
        rng.shuffle(wall)
        hand = sorted(wall[:size])
        sh = pure_shanten_of(hand) + (0 if size == 13 else rng.randrange(-1, 2))
        expected = by_definition(hand, sh)
        assert improving_of(hand, sh) == expected, hand
        assert pure_improving_of(hand, sh) == expected, hand
        found += len(expected)
    assert found > 0


def test_hands_near_four_of_a_kind() -> None:
    hand = [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3]
    sh = pure_shanten_of(hand)
    assert 0 not in improving_of(hand, sh + 1)  # no fifth copy is offered
    assert improving_of(hand, sh) == by_definition(hand, sh)


def test_a_fifth_copy_is_refused() -> None:
    with pytest.raises(ValueError):
        improving_of([0, 0, 0, 0, 0], 3)


@pytest.mark.skipif(kernel.native is None, reason="the compiled kernel's own checks")
def test_the_compiled_kernel_names_what_is_not_a_hand() -> None:
    # the pure fast path checks only what costs nothing, as shanten_of does
    for bad in ([34], [-1]):
        with pytest.raises(ValueError, match="not a playing tile"):
            improving_of(bad, 3)
    with pytest.raises(ValueError, match="too many"):
        improving_of(list(range(17)), 3)

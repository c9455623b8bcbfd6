"""The compiled shape kernel (``parlour.mahjong._kernel``) against the pure-Python reference.

Every hand is drawn from a seeded generator: random deals, and complete hands of every
shape (four sets and a pair, seven pairs, thirteen orphans, knitted straights,
honours-and-knitted) with up to two tiles swapped, so that most hands are near a shape.
The quick tests draw a few thousand hands; the ``slow`` ones 100,000. The reference is
the pure functions kept in :mod:`parlour.mahjong.shapes.shanten` under ``pure_*`` names,
whichever kernel the shape functions are bound to, so both paths are checked in one run;
a subprocess checks that ``PARLOUR_PURE=1`` binds the pure ones.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import sysconfig
from collections.abc import Iterator
from pathlib import Path

import pytest

from parlour.mahjong import _tables as T
from parlour.mahjong import kernel
from parlour.mahjong.kernel import Kernel
from parlour.mahjong.melds import Meld, chow, kong, pung
from parlour.mahjong.shapes import (
    api,
    could_be_ready,
    is_complete_counts,
    is_complete_of,
    shanten,
    shanten_of,
    waits,
)
from parlour.mahjong.shapes.hand import _KNITTED_TILES
from parlour.mahjong.shapes.shanten import (
    pure_could_be_ready,
    pure_is_complete_counts,
    pure_is_complete_of,
    pure_shanten_of,
)

NATIVE = kernel.load()

needs_kernel = pytest.mark.skipif(NATIVE is None, reason="the compiled kernel is not built")

ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


@pytest.fixture
def native() -> Kernel:
    assert NATIVE is not None
    return NATIVE


# ---------------------------------------------------------------------------------------
# Hands


def _complete(rng: random.Random) -> list[int]:
    """A complete 14-tile hand of a random shape (at most four of a kind)."""
    while True:
        shape = rng.random()
        hand: list[int]
        if shape < 0.6:
            hand = [rng.randrange(34)] * 2
            for _ in range(4):
                t = rng.randrange(34)
                if t < 27 and t % 9 <= 6 and rng.random() < 0.6:
                    hand += [t, t + 1, t + 2]
                else:
                    hand += [t] * 3
        elif shape < 0.75:
            kinds = rng.sample(range(34), 7)
            if rng.random() < 0.2:  # a quad counts as two pairs
                kinds[1] = kinds[0]
            hand = [t for t in kinds for _ in range(2)]
        elif shape < 0.85:
            hand = [*ORPHANS, rng.choice(ORPHANS)]
        elif shape < 0.95:
            hand = list(rng.choice(_KNITTED_TILES))
            t = rng.randrange(34)
            if t < 27 and t % 9 <= 6 and rng.random() < 0.5:
                hand += [t, t + 1, t + 2]
            else:
                hand += [t] * 3
            hand += [rng.randrange(34)] * 2
        else:
            knitted = rng.choice(_KNITTED_TILES)
            honours = list(range(27, 34))
            k = rng.randrange(5, 8)
            hand = rng.sample(honours, k) + rng.sample(knitted, 14 - k)
        if max(hand.count(t) for t in hand) <= 4:
            return sorted(hand)


def _swapped(rng: random.Random, hand: list[int], swaps: int) -> list[int]:
    """``hand`` with ``swaps`` tiles replaced by random ones, within four of a kind."""
    out = list(hand)
    for _ in range(swaps):
        i = rng.randrange(len(out))
        while True:
            t = rng.randrange(34)
            if out.count(t) < 4:
                break
        out[i] = t
    return sorted(out)


def hands(count: int, size: int, seed: int) -> Iterator[list[int]]:
    """``count`` concealed hands of ``size`` tiles (14 or 13): a third random deals, the
    rest complete hands with up to two tiles swapped (and one dropped for 13)."""
    rng = random.Random(seed)
    wall = [t for t in range(34) for _ in range(4)]
    for i in range(count):
        if i % 3 == 0:
            rng.shuffle(wall)
            yield sorted(wall[:size])
            continue
        hand = _swapped(rng, _complete(rng), rng.choice((0, 0, 1, 2)))
        if size == 13:
            hand.pop(rng.randrange(14))
        yield hand


def meld_hands(count: int, seed: int, *, ready: bool) -> Iterator[tuple[list[int], int]]:
    """``count`` (concealed tiles, melds) for 1-4 fixed melds: 14 - 3 * melds tiles (13 -
    3 * melds when ``ready``), mostly a set-and-pair shape or a knitted straight and a
    pair with a tile or two swapped."""
    rng = random.Random(seed)
    for _ in range(count):
        melds = rng.randrange(1, 5)
        n = 14 - 3 * melds
        while True:
            if melds == 1 and rng.random() < 0.3:
                hand = [*rng.choice(_KNITTED_TILES), *[rng.randrange(34)] * 2]
            else:
                hand = [rng.randrange(34)] * 2
                for _ in range(4 - melds):
                    t = rng.randrange(34)
                    if t < 27 and t % 9 <= 6 and rng.random() < 0.6:
                        hand += [t, t + 1, t + 2]
                    else:
                        hand += [t] * 3
            if max(hand.count(t) for t in hand) <= 4:
                break
        hand = _swapped(rng, hand, rng.choice((0, 0, 1, 2)))
        assert len(hand) == n
        if ready:
            hand.pop(rng.randrange(n))
        yield hand, melds


def counts_of(hand: list[int]) -> list[int]:
    c = [0] * 34
    for t in hand:
        c[t] += 1
    return c


# ---------------------------------------------------------------------------------------
# The differential checks


def check_hands(native: Kernel, count: int, seed: int) -> None:
    for hand in hands(count, 14, seed):
        want = pure_shanten_of(hand)
        assert native.shanten_of(hand) == want, hand
        assert native.need_of(hand) == want + 1, hand
        assert native.is_complete_of(hand) == pure_is_complete_of(hand) == (want == -1), hand
        assert native.is_complete_counts(counts_of(hand)) == (want == -1), hand
        assert pure_is_complete_counts(counts_of(hand)) == (want == -1), hand
    for hand in hands(count, 13, seed + 1):
        want = pure_shanten_of(hand)
        assert native.shanten_of(hand) == want, hand
        assert native.could_be_ready(hand) == pure_could_be_ready(hand), hand
        expected = [
            t for t in range(34) if hand.count(t) < 4 and pure_is_complete_of(sorted([*hand, t]))
        ]
        assert native.waits_of(hand) == expected, hand


def check_meld_hands(native: Kernel, count: int, seed: int) -> None:
    for hand, melds in meld_hands(count, seed, ready=False):
        assert native.is_complete_of(hand, melds) == pure_is_complete_of(hand, melds), (
            hand,
            melds,
        )
    for hand, melds in meld_hands(count, seed + 1, ready=True):
        assert native.could_be_ready(hand, melds) == pure_could_be_ready(hand, melds), (
            hand,
            melds,
        )
        want = T.EXACT.need(sum(T.INC[t] for t in hand), 4 - melds)
        assert native.regular_need(hand, 4 - melds) == want, (hand, melds)


@needs_kernel
def test_kernel_matches_the_reference_on_seeded_hands(native: Kernel) -> None:
    check_hands(native, 3000, seed=19)


@needs_kernel
def test_kernel_matches_the_reference_with_melds(native: Kernel) -> None:
    check_meld_hands(native, 3000, seed=190)


@needs_kernel
@pytest.mark.slow
def test_kernel_matches_the_reference_on_100000_hands(native: Kernel) -> None:
    check_hands(native, 100_000, seed=1919)
    check_meld_hands(native, 100_000, seed=19190)


@needs_kernel
def test_suit_vectors_match_the_tables(native: Kernel) -> None:
    rng = random.Random(7)
    for _ in range(2000):
        key = rng.randrange(5**9)
        assert native.suit_need(key) == T.EXACT.suit_vector(key), key
    for _ in range(60):  # the pure loose tables are slow to fill
        key = rng.randrange(5**9)
        assert native.suit_need(key, True) == T.LOOSE.suit_vector(key), key


@needs_kernel
@pytest.mark.slow
def test_suit_vectors_match_the_tables_on_many_keys(native: Kernel) -> None:
    # the kernel builds a suit's vector from its halves (the first five ranks, the last
    # four from each state between): every kind of half, many of their pairings
    rng = random.Random(19)
    keys = [rng.randrange(5**9) for _ in range(30_000)]
    keys += [h * 625 + t for h in range(0, 3125, 7) for t in (0, 124, 311, 624)]
    for key in keys:
        assert native.suit_need(key) == T.EXACT.suit_vector(key), key
    for key in keys[:600]:
        assert native.suit_need(key, True) == T.LOOSE.suit_vector(key), key


def dealt_with_melds(count: int, seed: int) -> Iterator[tuple[list[int], list[Meld], int]]:
    """``count`` (concealed tiles, melds, jokers) of 13/14 or 16/17 tiles: 0-2 melds
    (pungs, chows, kongs), up to two of the concealed tiles jokers, the rest mostly near
    a shape (a complete hand's tiles, a tile or two swapped)."""
    rng = random.Random(seed)
    for _ in range(count):
        size = rng.choice((13, 14, 13, 14, 16, 17))
        left = [4] * 34
        melds: list[Meld] = []
        for _ in range(rng.choice((0, 0, 1, 2))):
            t = rng.randrange(34)
            if t < 27 and t % 9 <= 6 and rng.random() < 0.5:
                if min(left[t : t + 3]) < 1:
                    continue
                melds.append(chow(t))
                for k in (t, t + 1, t + 2):
                    left[k] -= 1
            elif left[t] == 4 and rng.random() < 0.2:
                melds.append(kong(t))
                left[t] = 0
            elif left[t] >= 3:
                melds.append(pung(t))
                left[t] -= 3
        n = size - 3 * len(melds)
        base = _complete(rng) if n <= 14 else [*_complete(rng), *[rng.randrange(27, 34)] * 3]
        wall = [t for t in range(34) for _ in range(left[t])]
        tiles: list[int] = []
        for t in base:
            if len(tiles) < n and left[t] > 0:
                tiles.append(t)
                left[t] -= 1
        rng.shuffle(wall)
        for t in wall:
            if len(tiles) == n:
                break
            if left[t] > 0 and rng.random() < 0.3:
                tiles.append(t)
                left[t] -= 1
        while len(tiles) < n:
            t = rng.randrange(34)
            if left[t] > 0:
                tiles.append(t)
                left[t] -= 1
        jokers = rng.choice((0, 0, 0, 1, 2))
        yield sorted(tiles[jokers:]), melds, jokers


def check_general(native: Kernel, monkeypatch: pytest.MonkeyPatch, count: int, seed: int) -> None:
    cases = list(dealt_with_melds(count, seed))
    answers = []
    for bound in (native, None):
        monkeypatch.setattr(kernel, "native", bound)
        monkeypatch.setattr(api, "_NATIVE", bound)
        answers.append(
            [
                (
                    shanten(tiles, melds, wilds=jokers, model="loose"),
                    shanten(tiles, melds, wilds=jokers),
                )
                for tiles, melds, jokers in cases
            ]
        )
    for case, compiled, pure in zip(cases, *answers, strict=True):
        assert compiled == pure, case


@needs_kernel
def test_shanten_with_melds_and_wilds_matches_the_pure_path(
    native: Kernel, monkeypatch: pytest.MonkeyPatch
) -> None:
    check_general(native, monkeypatch, 3000, seed=1901)


@needs_kernel
@pytest.mark.slow
def test_shanten_with_melds_and_wilds_on_100000_hands(
    native: Kernel, monkeypatch: pytest.MonkeyPatch
) -> None:
    check_general(native, monkeypatch, 100_000, seed=19019)


@needs_kernel
def test_every_shape_is_complete(native: Kernel) -> None:
    for text in (
        [0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27, 27, 31, 31],  # sets and a pair
        [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5],  # seven pairs with a quad
        [*ORPHANS, 33],
        sorted([*_KNITTED_TILES[0], 27, 27, 27, 30, 30]),  # knitted straight
        sorted([*_KNITTED_TILES[3][:7], *range(27, 34)]),  # honours and knitted
    ):
        assert native.is_complete_of(text) and pure_is_complete_of(text)
        assert native.shanten_of(text) == -1


@needs_kernel
def test_melds_by_position_or_keyword(native: Kernel) -> None:
    assert native.is_complete_of([0, 1, 2, 9, 9], melds=3)
    assert not native.is_complete_of([0, 1, 2, 9, 10], 3)
    assert native.could_be_ready([0, 1, 2, 9, 9, 18, 19], melds=2)
    assert not native.could_be_ready([0, 4, 8, 12, 16, 20, 24], 2)


@needs_kernel
def test_kernel_refuses_what_the_reference_refuses(native: Kernel) -> None:
    five = [0] * 5 + list(range(9, 18))
    with pytest.raises(ValueError, match="not 14 tiles with at most four of a kind"):
        native.shanten_of(five)
    for fn in (native.is_complete_of, pure_is_complete_of):
        with pytest.raises(ValueError, match="not 14 tiles with at most four of a kind"):
            fn(five[:13])
        with pytest.raises(ValueError, match="not 14 tiles with at most four of a kind"):
            fn([0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4])
    with pytest.raises(TypeError, match="unexpected keyword argument 'meld'"):
        native.could_be_ready([0, 1, 2, 9, 9, 18, 19], meld=2)  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="0-4 melds"):
        native.could_be_ready([0], 5)
    with pytest.raises(ValueError):
        native.shanten_of([40] * 13)
    with pytest.raises(ValueError):
        native.shanten_of([2**70] * 13)
    with pytest.raises(TypeError):
        native.shanten_of(["1m"] * 13)  # type: ignore[list-item]


@needs_kernel
def test_waits_takes_the_kernel_and_the_pure_path_alike(
    native: Kernel, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(23)
    cases = [
        (h, [t for t in sorted(rng.sample(range(34), 6)) if h.count(t) < 4])
        for h in hands(400, 13, seed=29)
    ]
    monkeypatch.setattr(api, "_NATIVE", native)
    compiled = [waits(h, visible=v) for h, v in cases]
    monkeypatch.setattr(api, "_NATIVE", None)
    pure = [waits(h, visible=v) for h, v in cases]
    assert compiled == pure
    assert any(compiled)


def test_the_active_kernel_is_the_bound_one() -> None:
    if kernel.pure_forced() or NATIVE is None:
        assert kernel.active() == "pure"
        assert shanten_of is pure_shanten_of
        assert is_complete_of is pure_is_complete_of
        assert could_be_ready is pure_could_be_ready
        assert is_complete_counts is pure_is_complete_counts
    else:
        assert kernel.active() == "compiled"
        assert shanten_of is NATIVE.shanten_of
        assert is_complete_of is NATIVE.is_complete_of
        assert could_be_ready is NATIVE.could_be_ready
        assert is_complete_counts is NATIVE.is_complete_counts


def test_parlour_pure_forces_the_pure_path() -> None:
    code = (
        "from parlour.mahjong import kernel; "
        "from parlour.mahjong.shapes.shanten import shanten_of, pure_shanten_of; "
        "print(kernel.active(), shanten_of is pure_shanten_of, "
        "shanten_of([0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27, 31, 31]))"
    )
    env = {**os.environ, "PARLOUR_PURE": "1"}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.split() == ["pure", "True", "0"]


def test_a_build_older_than_its_source_is_stale(tmp_path: Path) -> None:
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    source, built = tmp_path / "_kernel.c", tmp_path / f"_kernel{suffix}"
    assert kernel.stale_build(tmp_path) is None  # nothing built, no source: a wheel
    built.write_bytes(b"")
    assert kernel.stale_build(tmp_path) is None  # an installed wheel has no source
    source.write_text("/* */")
    os.utime(built, (1_000_000, 1_000_000))
    stale = kernel.stale_build(tmp_path)
    assert stale is not None and "older than _kernel.c" in stale
    os.utime(built, None)
    os.utime(source, (1_000_000, 1_000_000))
    assert kernel.stale_build(tmp_path) is None


def test_the_kernel_module_names_the_kernel_in_use() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "parlour.mahjong.kernel"], capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    first, *others = out.stdout.strip().splitlines()
    assert first == f"shape kernel: {kernel.active()}"
    # then each other extension (MCR's fan engine, ...) with its state
    assert [line.rpartition(": ")[2] for line in others] == [
        state
        for module, state in kernel.extensions().items()
        if module != "parlour.mahjong._kernel"
    ]

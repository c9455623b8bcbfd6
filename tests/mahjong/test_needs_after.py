"""``discard_needs`` and ``draw_needs``: every discard's (or every draw's) need in one call,
compiled and pure, against :func:`general_need` of each changed hand (the definition).

The hands are the kernel tests' seeded ones (near a shape, 13/14 and 16/17 tiles, with
melds and wilds), in both models, the size after the change given as the bot gives it.
"""

from __future__ import annotations

import pytest
from test_kernel import counts_of, dealt_with_melds

from parlour.mahjong import kernel
from parlour.mahjong.shapes import discard_needs, draw_needs
from parlour.mahjong.shapes.shanten import (
    pure_discard_needs,
    pure_draw_needs,
    pure_general_need,
)

NATIVE = kernel.load()


SPECIAL = [0]
"""How many changed hands a special shape decided (nearer than the regular shape)."""


def definition(counts: list[int], delta: int, sets: int, melds: int, size: int, loose: bool
               ) -> dict[int, int]:  # fmt: skip
    out = {}
    for t in range(34):
        if counts[t] + delta < 0 or counts[t] + delta > 4:
            continue
        changed = list(counts)
        changed[t] += delta
        out[t] = pure_general_need(changed, sets, melds, size, loose)
        SPECIAL[0] += out[t] < pure_general_need(changed, sets, melds, 99, loose)
        if NATIVE is not None:
            assert NATIVE.general_need(changed, sets, melds, size, loose) == out[t]
    return out


@pytest.mark.parametrize("loose", [False, True])
def test_every_discard_and_every_draw_in_one_call(loose: bool) -> None:
    checked = 0
    SPECIAL[0] = 0
    for tiles, melds, jokers in dealt_with_melds(600, seed=1919 + loose):
        counts = counts_of(tiles)
        size = len(tiles) + jokers + 3 * len(melds)
        n = len(melds)
        for delta, bound, pure in ((-1, discard_needs, pure_discard_needs),
                                   (1, draw_needs, pure_draw_needs)):  # fmt: skip
            after = size + delta
            sets = (4 if after <= 14 else 5) - n
            want = definition(counts, delta, sets, n, after, loose)
            assert pure(counts, sets, n, after, loose) == want, (tiles, melds, delta)
            assert bound(counts, sets, n, after, loose) == want, (tiles, melds, delta)
            if NATIVE is not None:
                got = (NATIVE.discard_needs if delta < 0 else NATIVE.draw_needs)(
                    counts, sets, n, after, loose
                )
                assert got == want and list(got) == sorted(got), (tiles, melds, delta)
            checked += 1
    assert checked == 1200
    assert SPECIAL[0] > 100  # some by a special shape (seven pairs nearer than sets, ...)


def test_the_plain_figure_at_any_size() -> None:
    # sets 4, no melds, size 13: shanten_of's need (four sets and a pair, or a special
    # shape) of 13, 14, 16 and 17 tiles alike
    from parlour.mahjong.shapes.shanten import pure_shanten_of

    hand = [0, 0, 1, 1, 9, 9, 10, 10, 18, 18, 27, 27, 31, 32, 33, 33]
    counts = counts_of(hand)
    got = discard_needs(counts, 4, 0, 13, False)
    for t, need in got.items():
        rest = list(hand)
        rest.remove(t)
        assert need == pure_shanten_of(rest) + 1
    assert len(got) == len(set(hand))


@pytest.mark.skipif(NATIVE is None, reason="the compiled kernel's own checks")
def test_the_compiled_kernel_refuses_what_is_not_a_hand() -> None:
    # the pure twins check only what costs nothing, as shanten_of does
    assert NATIVE is not None
    for f in (NATIVE.discard_needs, NATIVE.draw_needs):
        with pytest.raises(ValueError, match="at most four"):
            f([5] + [0] * 33, 4, 0, 13, False)
        with pytest.raises(ValueError, match="34 entries"):
            f([1] * 33, 4, 0, 13, False)
        with pytest.raises(ValueError, match="sets and melds"):
            f([0] * 34, 6, 0, 13, False)
        with pytest.raises(TypeError):
            f([0] * 34, 4, 0, 13)  # type: ignore[call-arg]


def test_the_regular_shape_alone_matches_the_pure_tables(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from parlour.mahjong import _tables as T
    from parlour.mahjong.shapes import shanten
    from parlour.mahjong.shapes.shanten import _key_of_counts, regular_need, regular_split

    cases = list(dealt_with_melds(800, seed=2024))
    answers = []
    for bound in (NATIVE, None):
        monkeypatch.setattr(kernel, "native", bound)
        out = []
        for tiles, melds, jokers in cases:
            counts = counts_of(tiles)
            out.append(
                (
                    regular_split(counts),
                    shanten(tiles, melds, wilds=jokers, kinds=("regular",)),
                    shanten(tiles, melds, wilds=jokers, kinds=("regular",), model="loose"),
                    [
                        regular_need(counts, s, loose=loose)
                        for s in range(6)
                        for loose in (False, True)
                    ],
                )
            )
            assert out[-1][0] == T.is_regular_split(_key_of_counts(counts))
            assert out[-1][3][10:] == [
                T.EXACT.need(_key_of_counts(counts), 5),
                T.LOOSE.need(_key_of_counts(counts), 5),
            ]
        answers.append(out)
    assert answers[0] == answers[1]
    assert sum(a[0] for a in answers[0]) > 50  # complete hands among them

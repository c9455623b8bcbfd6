"""Unit tests of the hand-shape engine :mod:`parlour.mahjong.shapes`, checked by hand."""

from __future__ import annotations

from parlour.mahjong.shapes import is_complete, shanten, shanten_of, waits
from parlour.mahjong.tiles import parse_tiles

# ---------------------------------------------------------------------------------------
# Regressions


def test_seven_pairs_with_a_quad_one_tile_from_regular_is_complete() -> None:
    # 1111 2222 33 44 55m: seven pairs (two quads as two pairs each), and one tile away
    # from four sets and a pair. The fast path stopped at the regular need of one.
    hand = "11112222334455m"
    assert is_complete(hand)
    assert shanten(hand) == -1
    assert shanten(parse_tiles(hand)) == -1
    assert shanten_of(parse_tiles(hand)) == -1
    assert waits("1111222233445m") == {2: 2, 3: 2, 4: 3, 5: 4}

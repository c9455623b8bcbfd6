"""The constrained shanten's count for honours-and-knitted against every target.

:func:`~parlour.mahjong.shapes.constrained._honors_knitted_need` chooses the two kinds
left out of a pattern's sixteen; the reference here tries every fourteen of them as a
target, as the count was first written. Seeded inputs: 8-14 of the sixteen kinds held
(sometimes a kind outside), 0-3 wilds that may or may not play each kind, and sometimes
a kind no draw gives and no wild may play.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

from parlour.mahjong.shapes.constrained import _honors_knitted_need
from parlour.mahjong.shapes.hand import knitted_tiles
from parlour.mahjong.tiles import HONORS, Tile


def reference_need(
    c: Sequence[int], n_wilds: int, fill_cap: Sequence[int], blocked: Tile | None
) -> int:
    best = 99
    for pattern in range(6):
        kinds = sorted(set(knitted_tiles(pattern)) | set(HONORS))
        for target in itertools.combinations(kinds, 14):
            missing = [t for t in target if c[t] == 0]
            if blocked in missing:
                continue
            fills = min(n_wilds, sum(min(1, fill_cap[t]) for t in missing))
            best = min(best, len(missing) - fills)
    return best


def test_the_honours_and_knitted_count_matches_every_target() -> None:
    rng = random.Random(29)
    blocked_seen = 0
    for _ in range(1500):
        kinds = sorted(set(knitted_tiles(rng.randrange(6))) | set(HONORS))
        counts = [0] * 34
        for t in rng.sample(kinds, rng.randrange(8, 15)):
            counts[t] = 1
        if rng.random() < 0.3:
            counts[rng.randrange(34)] += 1
        n_wilds = rng.randrange(4)
        fill_cap = [n_wilds - (rng.random() < 0.2) * n_wilds for _ in range(34)]
        blocked = rng.choice(kinds) if rng.random() < 0.3 else None
        if blocked is not None:
            fill_cap[blocked] = 0
            blocked_seen += 1
        want = reference_need(counts, n_wilds, fill_cap, blocked)
        assert _honors_knitted_need(counts, n_wilds, fill_cap, blocked) == want, (
            counts,
            n_wilds,
            fill_cap,
            blocked,
        )
    assert blocked_seen > 300

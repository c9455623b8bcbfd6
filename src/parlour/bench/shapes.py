"""``parlour bench shapes``: the hand-shape engine against PyMahjongGB and ``mahjong``.

Everything runs side by side in one process on the same seeded random hands:

* shanten of 13-tile hands: our :func:`~parlour.mahjong.shapes.shanten_of` (the fast int
  path) and :func:`~parlour.mahjong.shapes.shanten` (the full API), PyMahjongGB's
  ``MahjongShanten((), hand)`` and the riichi library's ``Shanten.calculate_shanten``;
* completeness of 14-tile hands: our ``is_complete_counts`` and ``is_complete``;
* every decomposition of complete 14-tile hands: ``list(decompositions(tiles))``.

Each peer gets its input prebuilt outside the timing (PyMahjongGB tile-name tuples, 34-long
count lists). Every function first makes one warm-up pass over a *different* seeded set of
hands, so the engine's per-suit tables are built as in a long-running program but the
measured hands are not already cached; then the best of ``repeat`` passes over the
measured hands counts. (The engine caches per suit, not per hand, so the later passes
find the measured hands' suits in its tables; each row also records its first measured
pass, ``first_per_second``, though a function timed after another one on the same hands
finds them cached already.)

>>> rows = run_shapes_bench(hands=30, repeat=1)
>>> [r["name"] for r in rows if r["kind"] == "timing"][:2]
['parlour shanten_of', 'parlour shanten']
"""

from __future__ import annotations

import gc
import importlib
import itertools
import random
import time
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from parlour.bench import print_speed_tables
from parlour.mahjong.shapes import (
    decompositions,
    is_complete,
    is_complete_counts,
    shanten,
    shanten_of,
)
from parlour.mahjong.tiles import gb_name

Row = dict[str, Any]

WARMUP_SEED_OFFSET = 1_000_003
"""The warm-up hands are drawn with ``seed + WARMUP_SEED_OFFSET``."""

RATIO_TARGETS: tuple[tuple[str, str, str, float], ...] = (
    ("shanten_of vs mahjong", "parlour shanten_of", "mahjong Shanten.calculate_shanten", 10.0),
    ("shanten vs mahjong", "parlour shanten", "mahjong Shanten.calculate_shanten", 10.0),
    ("shanten_of vs PyMahjongGB", "parlour shanten_of", "PyMahjongGB MahjongShanten", 1.0),
    ("shanten vs PyMahjongGB", "parlour shanten", "PyMahjongGB MahjongShanten", 1.0),
    (
        "is_complete_counts vs PyMahjongGB shanten",
        "parlour is_complete_counts",
        "PyMahjongGB MahjongShanten",
        1.0,
    ),
    (
        "is_complete vs PyMahjongGB shanten",
        "parlour is_complete",
        "PyMahjongGB MahjongShanten",
        1.0,
    ),
)
"""(ratio name, ours, peer, target): ours in hands/second over the peer's."""


# ---------------------------------------------------------------------------------------
# Hands


def random_hands(count: int, size: int, seed: int) -> list[list[int]]:
    """``count`` hands of ``size`` tiles, each the start of a freshly shuffled 136-tile
    wall (sorted)."""
    rng = random.Random(seed)
    wall = [t for t in range(34) for _ in range(4)]
    out = []
    for _ in range(count):
        rng.shuffle(wall)
        out.append(sorted(wall[:size]))
    return out


def complete_hands(count: int, seed: int) -> list[list[int]]:
    """``count`` complete 14-tile hands: mostly four sets and a pair, every tenth seven
    pairs (sorted)."""
    rng = random.Random(seed)
    out: list[list[int]] = []
    while len(out) < count:
        left = [4] * 34
        hand: list[int] = []
        groups: list[list[int]] = []
        if len(out) % 10 == 9:
            kinds = rng.sample(range(34), 7)
            groups = [[t, t] for t in kinds]
        else:
            for _ in range(4):
                t = rng.randrange(34)
                if t < 27 and t % 9 <= 6 and rng.random() < 0.6:
                    groups.append([t, t + 1, t + 2])
                else:
                    groups.append([t] * 3)
            groups.append([rng.randrange(34)] * 2)
        for g in groups:
            for t in g:
                left[t] -= 1
            hand += g
        if min(left) >= 0:
            out.append(sorted(hand))
    return out


def counts_of(hand: Iterable[int]) -> list[int]:
    c = [0] * 34
    for t in hand:
        c[t] += 1
    return c


def _optional(module: str) -> Any | None:
    try:
        return importlib.import_module(module)
    except ImportError:
        return None


# ---------------------------------------------------------------------------------------
# Timing


def _drain(fn: Callable[..., object], *args: Iterable[Any]) -> None:
    deque(map(fn, *args), maxlen=0)


def _time(run: Callable[[], None], repeat: int) -> tuple[float, float]:
    """(best, first) seconds of ``repeat`` runs, garbage collection off."""
    times = []
    enabled = gc.isenabled()
    gc.disable()
    try:
        for _ in range(max(1, repeat)):
            t0 = time.perf_counter()
            run()
            times.append(time.perf_counter() - t0)
    finally:
        if enabled:
            gc.enable()
    return min(times), times[0]


def _list_decompositions(tiles: list[int]) -> int:
    return len(list(decompositions(tiles)))


def run_shapes_bench(hands: int = 20000, seed: int = 1, repeat: int = 3) -> list[dict[str, Any]]:
    """Time the engine and its peers; one row per measurement, then one per ratio.

    Timing rows: ``kind="timing"``, ``name``, ``library``, ``task``, ``hands``,
    ``seconds`` (best), ``first_seconds``, ``per_second`` (best), ``first_per_second``;
    a peer that is not installed gives ``kind="skipped"`` with a ``note``. Ratio rows:
    ``kind="ratio"``, ``name``, ``ours``, ``peer``, ``ratio`` (ours/peer hands per
    second, best runs), ``target`` and ``ok``.
    """
    if hands < 1:
        raise ValueError("hands must be at least 1")
    warm = seed + WARMUP_SEED_OFFSET
    sets = {
        "13": (random_hands(hands, 13, seed), random_hands(hands, 13, warm)),
        "14": (random_hands(hands, 14, seed + 1), random_hands(hands, 14, warm + 1)),
        "complete": (complete_hands(hands, seed + 2), complete_hands(hands, warm + 2)),
    }
    counts = {k: (list(map(counts_of, a)), list(map(counts_of, b))) for k, (a, b) in sets.items()}
    gb_sets = {
        k: ([tuple(map(gb_name, h)) for h in a], [tuple(map(gb_name, h)) for h in b])
        for k, (a, b) in sets.items()
        if k == "13"
    }

    gb = _optional("MahjongGB")
    riichi = _optional("mahjong.shanten")

    # (name, library, task, function, measured inputs, warm-up inputs)
    cases: list[tuple[str, str, str, Callable[..., object] | None, Sequence[Any], Sequence[Any]]]
    cases = [
        ("parlour shanten_of", "parlour", "shanten, 13 tiles", shanten_of, *sets["13"]),
        ("parlour shanten", "parlour", "shanten, 13 tiles", shanten, *sets["13"]),
        (
            "PyMahjongGB MahjongShanten",
            "PyMahjongGB",
            "shanten, 13 tiles",
            None if gb is None else gb.MahjongShanten,
            *gb_sets["13"],
        ),
        (
            "mahjong Shanten.calculate_shanten",
            "mahjong",
            "shanten, 13 tiles",
            None if riichi is None else riichi.Shanten.calculate_shanten,
            *counts["13"],
        ),
        (
            "parlour is_complete_counts",
            "parlour",
            "complete?, 14 tiles",
            is_complete_counts,
            *counts["14"],
        ),
        ("parlour is_complete", "parlour", "complete?, 14 tiles", is_complete, *sets["14"]),
        (
            "parlour decompositions",
            "parlour",
            "all readings, complete 14",
            _list_decompositions,
            *sets["complete"],
        ),
    ]

    rows: list[Row] = []
    runnable: list[tuple[str, str, str, Sequence[Any], Callable[[], None]]] = []
    for name, library, task, fn, measured, warmup in cases:
        if fn is None:
            rows.append(
                {
                    "kind": "skipped",
                    "name": name,
                    "library": library,
                    "task": task,
                    "note": f"{library} is not installed: skipped",
                }
            )
            continue
        packs = library == "PyMahjongGB"  # MahjongShanten(packs, hand): no packs here

        def run(
            fn: Callable[..., object] = fn, data: Sequence[Any] = measured, packs: bool = packs
        ) -> None:
            if packs:
                _drain(fn, itertools.repeat((), len(data)), data)
            else:
                _drain(fn, data)

        run(data=warmup)
        runnable.append((name, library, task, measured, run))

    # Round robin: each pass times every case once, so a burst of load on a noisy machine
    # falls on all of them alike; each case keeps its best pass.
    times: dict[str, list[float]] = {name: [] for name, *_ in runnable}
    for _ in range(max(1, repeat)):
        for name, _library, _task, _measured, timed in runnable:
            times[name].append(_time(timed, 1)[0])
    for name, library, task, measured, _timed in runnable:
        best, first = min(times[name]), times[name][0]
        rows.append(
            {
                "kind": "timing",
                "name": name,
                "library": library,
                "task": task,
                "hands": len(measured),
                "seconds": best,
                "first_seconds": first,
                "per_second": len(measured) / best if best > 0 else float("inf"),
                "first_per_second": len(measured) / first if first > 0 else float("inf"),
            }
        )

    speed = {r["name"]: r["per_second"] for r in rows if r["kind"] == "timing"}
    for ratio_name, ours, peer, target in RATIO_TARGETS:
        if ours not in speed or peer not in speed:
            continue
        ratio = speed[ours] / speed[peer]
        rows.append(
            {
                "kind": "ratio",
                "name": ratio_name,
                "ours": ours,
                "peer": peer,
                "ratio": ratio,
                "target": target,
                "ok": ratio >= target,
            }
        )
    return rows


# ---------------------------------------------------------------------------------------
# Output


def print_table(rows: Sequence[dict[str, Any]]) -> None:
    """Print the timings, the ratios and any skipped peer with rich."""
    print_speed_tables(rows, "Hand-shape speed (best of the runs, after a warm-up on other hands)")

"""``parlour bench shapes``: the hand-shape engine against PyMahjongGB and ``mahjong``.

Everything runs side by side in one process on the same seeded random hands:

* shanten of 13-tile hands: our :func:`~parlour.mahjong.shapes.shanten_of` (the fast int
  path) and :func:`~parlour.mahjong.shapes.shanten` (the full API), PyMahjongGB's
  ``MahjongShanten((), hand)`` and the riichi library's ``Shanten.calculate_shanten``;
* completeness of 14-tile hands: our ``is_complete_counts`` and ``is_complete``;
* the same two from notation strings (``"123m 456p 789s EE C"``, written beforehand):
  ``shanten`` and ``is_complete`` reading the text, against PyMahjongGB on its own tile
  names;
* every decomposition of complete 14-tile hands: ``list(decompositions(tiles))``;
* the gold games' hands (17 tiles, five sets and a pair) with 0, 1, 2 and 3 Golds under
  the gold rules (:func:`gold_rules`): ``is_complete`` on hands half complete, half one
  tile off, and ``list(decompositions(...))`` on complete ones (fewer hands:
  :data:`GOLD_DECOMPOSITION_SHARE`). No peer plays wild tiles, so these rows time parlour
  alone (the table says so) and enter no ratio.

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

import functools
import gc
import importlib
import itertools
import random
import time
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from parlour.bench import print_speed_tables
from parlour.mahjong import kernel
from parlour.mahjong import tiles as _tiles
from parlour.mahjong.rules.gold import wild_rules
from parlour.mahjong.shapes import (
    WildRules,
    decompositions,
    is_complete,
    is_complete_counts,
    shanten,
    shanten_of,
)
from parlour.mahjong.shapes import api as _api
from parlour.mahjong.shapes import regular as _regular
from parlour.mahjong.shapes.shanten import pure_is_complete_counts, pure_shanten_of
from parlour.mahjong.tiles import WHITE, format_tiles, gb_name

if TYPE_CHECKING:
    from rich.console import Console

Row = dict[str, Any]

PURE_SUFFIX = " (pure)"
"""A row timed on the pure-Python path beside the compiled kernel: its ``kind`` is
``"pure"`` and its name the compiled row's with this suffix."""

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
    (
        "shanten from notation strings vs PyMahjongGB",
        "parlour shanten (strings)",
        "PyMahjongGB MahjongShanten",
        1.0,
    ),
    (
        "is_complete from notation strings vs PyMahjongGB shanten",
        "parlour is_complete (strings)",
        "PyMahjongGB MahjongShanten",
        1.0,
    ),
)
"""(ratio name, ours, peer, target): ours in hands/second over the peer's."""

GOLD_GOALS: tuple[tuple[str, str, float], ...] = (
    ("17-tile decompositions, 1 gold", "parlour decompositions, 1 gold", 20_000.0),
    ("17-tile decompositions, 3 golds", "parlour decompositions, 3 golds", 5_000.0),
)
"""(goal name, timing row, target): hands per second on one core that the gold rows must
reach (no peer plays wild tiles, so these are goals, not ratios)."""


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


GOLD_WILDS: tuple[int, ...] = (0, 1, 2, 3)
"""How many Golds the gold rows' hands hold."""

GOLD_DECOMPOSITION_SHARE = 50
"""The gold decomposition rows time ``hands // GOLD_DECOMPOSITION_SHARE`` hands (at least
one): listing every reading of a hand with Golds is slow (three Golds give some twenty
readings a hand, each found by the general search)."""

GOLD_SEED_OFFSET = 10
"""The gold hands with ``n`` Golds are drawn with ``seed + GOLD_SEED_OFFSET + n``."""

GoldHand = tuple[list[int], WildRules]
"""17 concealed tile ints and the gold rules they are read under."""


def gold_rules(gold: int) -> WildRules:
    """The gold games' wild rules (:func:`parlour.mahjong.rules.gold.wild_rules`: Golds
    anywhere in the concealed hand, the Whites as the Gold's kind) with every copy of the
    Gold's kind wild, so that plain tile ints carry the Golds."""
    return WildRules(
        in_kong=False,
        wild_tile=gold,
        substitutes=wild_rules(gold).substitutes,
    )


def gold_hands(count: int, wilds: int, seed: int, *, complete: bool = False) -> list[GoldHand]:
    """``count`` 17-tile hands of five sets and a pair, each with its own Gold's kind, of
    which ``wilds`` tiles are Golds; a tile of the Gold's kind that is not a Gold is held
    as a White (which stands for it). Unless ``complete``, every second hand has one other
    tile replaced by a random one (nearly always breaking it). Sorted tile ints."""
    rng = random.Random(seed)
    out: list[GoldHand] = []
    while len(out) < count:
        gold = rng.randrange(34)
        kinds: list[int] = [rng.randrange(34)] * 2
        for _ in range(5):
            t = rng.randrange(34)
            if t < 27 and t % 9 <= 6 and rng.random() < 0.6:
                kinds += [t, t + 1, t + 2]
            else:
                kinds += [t] * 3
        golds = set(rng.sample(range(17), wilds))
        tiles: list[int] = []
        for i, t in enumerate(kinds):
            if i in golds:
                tiles.append(gold)
            elif t == gold:
                tiles.append(WHITE)  # a White, not a Gold (gold == WHITE: redrawn below)
            elif t == WHITE and gold != WHITE:
                tiles.append(-1)  # a White here would be the Gold's kind: redraw
            else:
                tiles.append(t)
        if not complete and len(out) % 2 == 1:
            i = rng.choice([i for i in range(17) if i not in golds])
            tiles[i] = rng.choice([t for t in range(34) if t not in (gold, WHITE)])
        if -1 in tiles or tiles.count(gold) != wilds:
            continue
        if max(kinds.count(t) for t in kinds) > 4 or max(tiles.count(t) for t in tiles) > 4:
            continue
        out.append((sorted(tiles), gold_rules(gold)))
    return out


def _gold_is_complete(hand: GoldHand) -> bool:
    return is_complete(hand[0], constraints=hand[1])


def _gold_decompositions(hand: GoldHand) -> int:
    return len(list(decompositions(hand[0], constraints=hand[1])))


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
# The pure path beside the compiled kernel

PURE_TWINS: dict[str, Callable[..., object]] = {
    "parlour shanten_of": pure_shanten_of,
    "parlour shanten": shanten,
    "parlour is_complete_counts": pure_is_complete_counts,
    "parlour is_complete": is_complete,
    "parlour shanten (strings)": shanten,
    "parlour is_complete (strings)": is_complete,
    **{
        f"parlour {what}, {n} gold" + ("" if n == 1 else "s"): fn
        for n in GOLD_WILDS
        for what, fn in (
            ("is_complete", _gold_is_complete),
            ("decompositions", _gold_decompositions),
        )
    },
}
"""The rows timed a second time on the pure-Python path when the compiled kernel is in
use: the reference functions (``pure_*``), or the entry point itself with the compiled
code set aside for the pass (:func:`_on_pure_path`)."""


def _on_pure_path(run: Callable[[], None]) -> Callable[[], None]:
    """``run`` with the shape functions' compiled paths set aside: the fast paths of
    :mod:`~parlour.mahjong.shapes.api`, the compiled tables, the wild-tile search and the
    notation scanner."""

    def pure_run() -> None:
        saved = _api._NATIVE, kernel.native, _regular._WILDS, _tiles._NOTATION
        _api._NATIVE = kernel.native = _regular._WILDS = _tiles._NOTATION = None
        try:
            run()
        finally:
            _api._NATIVE, kernel.native, _regular._WILDS, _tiles._NOTATION = saved

    return pure_run


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
    second, best runs), ``target`` and ``ok``. Goal rows (:data:`GOLD_GOALS`):
    ``kind="goal"``, ``name``, ``row``, ``per_second``, ``target`` and ``ok``.
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
    notation = {
        k: ([format_tiles(h) for h in a], [format_tiles(h) for h in b])
        for k, (a, b) in sets.items()
        if k in ("13", "14")
    }
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
            "parlour shanten (strings)",
            "parlour",
            "shanten, 13 tiles, from notation",
            shanten,
            *notation["13"],
        ),
        (
            "parlour is_complete (strings)",
            "parlour",
            "complete?, 14 tiles, from notation",
            is_complete,
            *notation["14"],
        ),
        (
            "parlour decompositions",
            "parlour",
            "all readings, complete 14",
            _list_decompositions,
            *sets["complete"],
        ),
    ]
    few = max(1, hands // GOLD_DECOMPOSITION_SHARE)
    for n in GOLD_WILDS:
        gseed, gwarm = seed + GOLD_SEED_OFFSET + n, warm + GOLD_SEED_OFFSET + n
        mixed = (gold_hands(hands, n, gseed), gold_hands(hands, n, gwarm))
        whole = (
            gold_hands(few, n, gseed, complete=True),
            gold_hands(few, n, gwarm, complete=True),
        )
        golds = f"{n} gold" + ("" if n == 1 else "s")
        cases += [
            (
                f"parlour is_complete, {golds}",
                "parlour",
                f"complete?, 17 tiles, {golds} (half complete), no peer",
                _gold_is_complete,
                *mixed,
            ),
            (
                f"parlour decompositions, {golds}",
                "parlour",
                f"all readings, complete 17, {golds}, no peer",
                _gold_decompositions,
                *whole,
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
        twin = PURE_TWINS.get(name)
        if twin is not None and kernel.active() == "compiled":

            def pure(fn: Callable[..., object] = twin, data: Sequence[Any] = measured) -> None:
                _drain(fn, data)

            pure_run = _on_pure_path(pure)
            _on_pure_path(functools.partial(pure, data=warmup))()
            runnable.append((name + PURE_SUFFIX, library, task, measured, pure_run))

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
                "kind": "pure" if name.endswith(PURE_SUFFIX) else "timing",
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
    for r in [r for r in rows if r["kind"] == "pure"]:
        compiled = r["name"].removesuffix(PURE_SUFFIX)
        rows.append(
            {
                "kind": "kernel",
                "name": compiled,
                "task": r["task"],
                "pure_per_second": r["per_second"],
                "compiled_per_second": speed[compiled],
                "ratio": speed[compiled] / r["per_second"],
            }
        )
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
    for goal, row, target in GOLD_GOALS:
        if row in speed:
            rows.append(
                {
                    "kind": "goal",
                    "name": goal,
                    "row": row,
                    "per_second": speed[row],
                    "target": target,
                    "ok": speed[row] >= target,
                }
            )
    return rows


# ---------------------------------------------------------------------------------------
# Output


GOLD_NOTE = (
    "the gold rows (17 tiles, five sets and a pair, 0-3 Golds under the gold rules) time "
    "parlour alone: no peer here plays wild tiles"
)


def print_table(rows: Sequence[dict[str, Any]]) -> None:
    """Print the timings, the ratios and any skipped peer with rich, then say that the
    gold rows have no peer."""
    console = print_speed_tables(
        rows, "Hand-shape speed (best of the runs, after a warm-up on other hands)"
    )
    print_kernel_table(rows, console)
    print_goal_table(rows, console)
    if any(r["kind"] == "timing" and " gold" in r["name"] for r in rows):
        console.print(f"note: {GOLD_NOTE}", highlight=False)


def print_kernel_table(rows: Sequence[dict[str, Any]], console: Console) -> None:
    """The ``kernel`` rows: each entry point on the pure path and the compiled kernel side
    by side, with compiled over pure; or a line saying which kernel was timed."""
    from rich.table import Table

    kernel_rows = [r for r in rows if r["kind"] == "kernel"]
    if not kernel_rows:
        console.print(
            f"shape kernel: {kernel.active()} (no compiled kernel in use: nothing to compare)",
            highlight=False,
        )
        return
    table = Table(title="Shape kernel: pure Python and compiled (hands per second)")
    table.add_column("measurement")
    table.add_column("task")
    table.add_column("pure", justify="right")
    table.add_column("compiled", justify="right")
    table.add_column("compiled / pure", justify="right")
    for r in kernel_rows:
        table.add_row(
            r["name"],
            r["task"],
            f"{r['pure_per_second']:,.0f}",
            f"{r['compiled_per_second']:,.0f}",
            f"{r['ratio']:.1f}x",
        )
    console.print(table)


def print_goal_table(rows: Sequence[dict[str, Any]], console: Console) -> None:
    """The ``goal`` rows: hands per second against the target, and whether it is met."""
    from rich.table import Table

    goals = [r for r in rows if r["kind"] == "goal"]
    if not goals:
        return
    table = Table(title="Goals (hands per second, one core)")
    table.add_column("goal")
    table.add_column("hands/s", justify="right")
    table.add_column("target", justify="right")
    table.add_column("")
    for r in goals:
        table.add_row(
            r["name"],
            f"{r['per_second']:,.0f}",
            f">= {r['target']:,g}/s",
            "[green]met[/green]" if r["ok"] else "[red]below target[/red]",
        )
    console.print(table)

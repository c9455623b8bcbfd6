"""``parlour bench mcr``: the MCR scorer against PyMahjongGB's fan calculator.

Both score the same seeded random winning hands
(:func:`parlour.mahjong.rules.mcr.bench.hands.situations`)
side by side in one process:

* ``parlour score (JSON)``: :func:`parlour.score` on the situation dicts, as a program
  reading JSON would call it (parsing and checking the situation included);
* ``parlour score (parsed)``: :func:`parlour.mahjong.rules.mcr.score` on ``Situation``
  objects parsed beforehand, so the cost of parsing shows as the difference;
* the same two on the pure-Python reference (the compiled fan engine set aside for the
  pass, as ``PARLOUR_PURE=1`` would), when the compiled engine is built;
* ``PyMahjongGB MahjongFanCalculator``: on keyword arguments prebuilt by
  :func:`~parlour.mahjong.rules.mcr.bench.hands.to_gb` (a hand it refuses with
  ``TypeError`` is counted, not timed apart; the generator's hands are all accepted).

Each pass times one function over all the hands; the passes go round robin (every
function once, then again) and each function keeps its best of ``repeat`` passes. Before
every parlour pass :func:`~parlour.mahjong.rules.mcr.clear_caches` empties the scorer's
caches, so no pass is timed on work cached by the pass before; and every function first
makes one warm-up pass over hands of another seed, so imports and table building are not
timed. The whole job of each library is timed: parlour also picks the reading, checks the
minimum, settles the payments and writes the explanation; PyMahjongGB returns the fans.

Then the two are compared on the benched hands, with ``kong_values: "reference"`` (the
kong fans' values PyMahjongGB uses) and the Flower Tiles lines left out (PyMahjongGB adds
the flowers below the 8-point minimum too): the count of hands whose fans, as a multiset of
(name, value, count), are the same shows the benchmark compares like with like.

>>> rows = run_mcr_bench(hands=20, repeat=1)
>>> [r["name"] for r in rows if r["kind"] == "timing"][:2]
['parlour score (JSON)', 'parlour score (parsed)']
"""

from __future__ import annotations

import gc
import importlib
import time
from collections import Counter, deque
from collections.abc import Callable, Sequence
from typing import Any

from parlour import score as parlour_score
from parlour.bench import print_speed_tables
from parlour.core.errors import ParlourError
from parlour.mahjong.rules.mcr import scoring as mcr
from parlour.mahjong.rules.mcr.bench.hands import situations, to_gb
from parlour.mahjong.scoring import Situation

Row = dict[str, Any]

WARMUP_SEED_OFFSET = 1_000_003
"""The warm-up hands are dealt with ``seed + WARMUP_SEED_OFFSET``."""

JSON_ROW = "parlour score (JSON)"
PARSED_ROW = "parlour score (parsed)"
PURE_JSON_ROW = "parlour score (JSON), pure Python"
PURE_PARSED_ROW = "parlour score (parsed), pure Python"
GB_ROW = "PyMahjongGB MahjongFanCalculator"

RATIO_TARGETS: tuple[tuple[str, str, str, float], ...] = (
    ("parlour score vs PyMahjongGB", JSON_ROW, GB_ROW, 0.5),
    ("parsed vs PyMahjongGB", PARSED_ROW, GB_ROW, 1.0),
)
"""(ratio name, ours, peer, target): ours in hands/second over the peer's."""

FLOWERS = "Flower Tiles"
REFERENCE_OPTIONS = {"kong_values": "reference"}
"""The scorer's options that give PyMahjongGB's kong values, for the agreement check."""


def _optional(module: str) -> Any | None:
    try:
        return importlib.import_module(module)
    except ImportError:
        return None


# ---------------------------------------------------------------------------------------
# Timing


def _timed(run: Callable[[], object]) -> float:
    """Seconds of one call of ``run``, garbage collection off."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        t0 = time.perf_counter()
        run()
        return time.perf_counter() - t0
    finally:
        if enabled:
            gc.enable()


def _parlour_pass(fn: Callable[[Any], object], data: Sequence[Any]) -> None:
    mcr.clear_caches()
    deque(map(fn, data), maxlen=0)


def _pure_pass(fn: Callable[[Any], object], data: Sequence[Any]) -> None:
    """A pass on the pure-Python reference: the compiled fan engine set aside meanwhile."""
    engine = mcr._fans
    mcr._fans = None
    try:
        _parlour_pass(fn, data)
    finally:
        mcr._fans = engine


def _gb_pass(calc: Callable[..., object], kwargs: Sequence[dict[str, Any]]) -> int:
    """Score every hand; the number PyMahjongGB refused (``TypeError``)."""
    refused = 0
    for kw in kwargs:
        try:
            calc(**kw)
        except TypeError:
            refused += 1
    return refused


def _fans_agree(gb: Any, situation: dict[str, Any]) -> bool | None:
    """Whether parlour and PyMahjongGB find the same fans (None: PyMahjongGB refuses)."""
    try:
        theirs = gb.MahjongFanCalculator(**to_gb(situation), verbose=True)
    except TypeError:
        return None
    expected = Counter((en, v, c) for v, c, _, en in theirs if en != FLOWERS)
    try:
        ours = parlour_score({**situation, "options": REFERENCE_OPTIONS})
    except ParlourError:
        return False
    patterns = getattr(ours, "patterns", ())  # a mahjong Score (card scores have none)
    found = Counter((p.name, p.value, p.count) for p in patterns if p.name != FLOWERS)
    return found == expected


def run_mcr_bench(hands: int = 5000, seed: int = 1, repeat: int = 3) -> list[Row]:
    """Time parlour's MCR scorer and PyMahjongGB's; one row per measurement, then one per
    ratio, then the agreement.

    Timing rows: ``kind="timing"``, ``name``, ``library``, ``task``, ``hands``,
    ``seconds`` (best pass), ``first_seconds``, ``per_second`` (best),
    ``first_per_second`` (and ``refused`` for PyMahjongGB); without PyMahjongGB its row is
    ``kind="skipped"`` with a ``note``. Ratio rows: ``kind="ratio"``, ``name``, ``ours``,
    ``peer``, ``ratio`` (ours/peer hands per second, best passes), ``target``, ``ok``.
    The agreement row: ``kind="agreement"``, ``hands``, ``agree``, ``refused`` and
    ``disagree`` (up to three situations whose fans differ).
    """
    if hands < 1:
        raise ValueError("hands must be at least 1")
    measured = situations(seed, hands)
    warmup = situations(seed + WARMUP_SEED_OFFSET, hands)
    parsed = [Situation.from_json(s) for s in measured]
    parsed_warmup = [Situation.from_json(s) for s in warmup]
    gb = _optional("MahjongGB")

    # (name, library, task, one pass over the measured hands)
    cases: list[tuple[str, str, str, Callable[[], object]]] = [
        (
            JSON_ROW,
            "parlour",
            "situation dict",
            lambda: _parlour_pass(parlour_score, measured),
        ),
        (
            PARSED_ROW,
            "parlour",
            "parsed Situation",
            lambda: _parlour_pass(mcr.score, parsed),
        ),
    ]
    _parlour_pass(parlour_score, warmup)
    _parlour_pass(mcr.score, parsed_warmup)
    if mcr._fans is not None:
        cases += [
            (
                PURE_JSON_ROW,
                "parlour",
                "situation dict",
                lambda: _pure_pass(parlour_score, measured),
            ),
            (
                PURE_PARSED_ROW,
                "parlour",
                "parsed Situation",
                lambda: _pure_pass(mcr.score, parsed),
            ),
        ]
        _pure_pass(parlour_score, warmup)
    rows: list[Row] = []
    refused: list[int] = []
    if gb is None:
        rows.append(
            {
                "kind": "skipped",
                "name": GB_ROW,
                "library": "PyMahjongGB",
                "task": "prebuilt kwargs",
                "note": "PyMahjongGB is not installed: skipped",
            }
        )
    else:
        calc = gb.MahjongFanCalculator
        gb_kwargs = [to_gb(s) for s in measured]
        _gb_pass(calc, [to_gb(s) for s in warmup])
        cases.append(
            (
                GB_ROW,
                "PyMahjongGB",
                "prebuilt kwargs",
                lambda: refused.append(_gb_pass(calc, gb_kwargs)),
            )
        )

    # Round robin: a burst of load on a noisy machine falls on every case alike.
    times: dict[str, list[float]] = {name: [] for name, *_ in cases}
    for _ in range(max(1, repeat)):
        for name, _library, _task, run in cases:
            times[name].append(_timed(run))
    for name, library, task, _run in cases:
        best, first = min(times[name]), times[name][0]
        row: Row = {
            "kind": "timing",
            "name": name,
            "library": library,
            "task": task,
            "hands": hands,
            "seconds": best,
            "first_seconds": first,
            "per_second": hands / best if best > 0 else float("inf"),
            "first_per_second": hands / first if first > 0 else float("inf"),
        }
        if name == GB_ROW:
            row["refused"] = max(refused)
        rows.append(row)

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

    if gb is not None:
        mcr.clear_caches()
        agree = gb_refused = 0
        disagree: list[dict[str, Any]] = []
        for s in measured:
            same = _fans_agree(gb, s)
            if same is None:
                gb_refused += 1
            elif same:
                agree += 1
            elif len(disagree) < 3:
                disagree.append(s)
        rows.append(
            {
                "kind": "agreement",
                "name": "same fans as PyMahjongGB (kong_values=reference, flowers aside)",
                "hands": hands,
                "agree": agree,
                "refused": gb_refused,
                "disagree": disagree,
            }
        )
    return rows


# ---------------------------------------------------------------------------------------
# Output


def print_table(rows: Sequence[Row]) -> None:
    """Print the timings, the ratios, the agreement and any skipped peer with rich."""
    import json

    from rich.markup import escape

    console = print_speed_tables(
        rows, "MCR scoring speed (best of the runs, after a warm-up on other hands)"
    )
    for r in rows:
        if r["kind"] == "agreement":
            scored = r["hands"] - r["refused"]
            style = "green" if r["agree"] == scored else "red"
            console.print(
                f"[{style}]{r['agree']:,}/{scored:,}[/{style}] hands: {r['name']}; "
                f"PyMahjongGB refused {r['refused']:,}",
                highlight=False,
            )
            for s in r["disagree"]:
                console.print(f"  differs: {escape(json.dumps(s))}", highlight=False)

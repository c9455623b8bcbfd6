"""Many hands in parallel: local processes, deterministic whatever the worker count.

Hand ``i`` of a simulation with seed ``S`` is dealt with seed ``S + i``, its dealer is seat
``i % 4``, and its bots are seeded from ``S`` and ``i``; hands are played in chunks by
worker processes and the results are put back in hand order, so the same seed gives the
same results with 1 worker or 16. The workers ignore SIGINT: a KeyboardInterrupt (Ctrl-C,
or SIGINT sent to the main process alone) stops the main process, which terminates them.

>>> summary = simulate(["random"] * 4, hands=4, seed=3, workers=1)
>>> summary["hands"], summary["draws"] + sum(s["wins"] for s in summary["seats"])
(4, 4)
"""

from __future__ import annotations

import json
import signal
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from parlour.bots import make_bot
from parlour.mahjong.table import Table

HandResult = dict[str, Any]


def play_hand(bots: Sequence[str], seed: int, index: int, *, record: bool = False) -> HandResult:
    """Play hand ``index`` of a simulation seeded ``seed`` with the named bots."""
    hand_seed = seed + index
    dealer = index % 4
    table = Table(seed=hand_seed, dealer=dealer)
    players = [make_bot(name, seed=hand_seed * 4 + s) for s, name in enumerate(bots)]
    while not table.is_over():
        seat = table.to_act()[0]
        table.apply(seat, players[seat].act(table.observation(seat), table.legal_actions(seat)))
    result = table.result()
    assert result is not None
    out: HandResult = {
        "index": index,
        "seed": hand_seed,
        "dealer": dealer,
        "winner": result["winner"],
        "self_drawn": result.get("self_drawn"),
        "total": result.get("total", 0),
        "patterns": result.get("patterns", []),
        "payments": result["payments"],
        "actions": len(table.actions),
    }
    if record:
        from parlour.records import record_of

        out["record"] = record_of(table)  # replayable: ``parlour validate hands.jsonl``
    return out


def _chunk(args: tuple[tuple[str, ...], int, int, int, bool]) -> list[HandResult]:
    bots, seed, start, stop, record = args
    return [play_hand(bots, seed, i, record=record) for i in range(start, stop)]


def _ignore_sigint() -> None:
    """Worker initializer: SIGINT is for the main process, which stops the workers."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _terminate(pool: ProcessPoolExecutor) -> None:
    """Stop ``pool`` now: cancel the chunks not started and terminate the workers, not
    waiting for the chunks they are playing."""
    terminate_workers = getattr(pool, "terminate_workers", None)  # Python 3.14+
    if terminate_workers is not None:
        terminate_workers()
        return
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.terminate()
    for process in processes:
        process.join(timeout=5)


def simulate(
    bots: Sequence[str],
    hands: int,
    seed: int = 0,
    workers: int = 1,
    *,
    record: bool = False,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Play ``hands`` hands with the four named bots (seat order) and summarise them.

    ``progress`` is called with the number of hands finished after each chunk. A
    KeyboardInterrupt terminates the worker processes and is raised again.
    """
    if len(bots) != 4:
        raise ValueError(f"MCR needs four bots, one per seat, not {len(bots)}")
    for name in bots:
        make_bot(name)  # an unknown name fails here, not in a worker
    size = max(1, min(50, hands // max(1, workers * 8) or 1))
    jobs = [
        (tuple(bots), seed, start, min(hands, start + size), record)
        for start in range(0, hands, size)
    ]
    results: list[HandResult] = []
    if workers <= 1:
        for job in jobs:
            results += _chunk(job)
            if progress:
                progress(len(results))
    else:
        pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_sigint)
        try:
            for chunk in pool.map(_chunk, jobs):
                results += chunk
                if progress:
                    progress(len(results))
        except BaseException:  # KeyboardInterrupt above all: do not wait for the workers
            _terminate(pool)
            raise
        pool.shutdown()
    return summarise(bots, results)


def summarise(bots: Sequence[str], results: Sequence[HandResult]) -> dict[str, Any]:
    """Win rate and mean score per seat and per bot, draw rate, fan frequencies, hand
    lengths (actions per hand)."""
    n = len(results)
    seats = []
    for s, name in enumerate(bots):
        wins = sum(1 for r in results if r["winner"] == s)
        score = sum(r["payments"][s] for r in results)
        seats.append(
            {
                "seat": s,
                "bot": name,
                "wins": wins,
                "win_rate": wins / n if n else 0.0,
                "mean_score": score / n if n else 0.0,
                "self_drawn": sum(1 for r in results if r["winner"] == s and r["self_drawn"]),
            }
        )
    by_bot: dict[str, dict[str, float]] = {}
    for name in sorted(set(bots)):
        mine = [x for x in seats if x["bot"] == name]
        by_bot[name] = {
            "seats": len(mine),
            "win_rate": sum(float(x["win_rate"]) for x in mine) / len(mine),
            "mean_score": sum(float(x["mean_score"]) for x in mine) / len(mine),
        }
    fans: Counter[str] = Counter()
    for r in results:
        for p in r["patterns"]:
            fans[p["name"]] += 1
    lengths = sorted(r["actions"] for r in results)
    draws = sum(1 for r in results if r["winner"] is None)
    return {
        "hands": n,
        "draws": draws,
        "draw_rate": draws / n if n else 0.0,
        "seats": seats,
        "bots": by_bot,
        "fans": dict(fans.most_common()),
        "mean_total": (
            sum(r["total"] for r in results if r["winner"] is not None) / (n - draws)
            if n > draws
            else 0.0
        ),
        "actions_per_hand": {
            "mean": sum(lengths) / n if n else 0.0,
            "min": lengths[0] if lengths else 0,
            "max": lengths[-1] if lengths else 0,
        },
        "results": list(results),
    }


def write_outputs(summary: dict[str, Any], out: Path) -> None:
    """``summary.json`` (without the per-hand list), ``hands.jsonl`` (one line per hand)
    and, when the hands were recorded, ``records.jsonl`` (one game record per line, for
    ``parlour validate`` and ``parlour replay``) in ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    brief = {k: v for k, v in summary.items() if k != "results"}
    (out / "summary.json").write_text(json.dumps(brief, indent=2) + "\n")
    with (out / "hands.jsonl").open("w") as f:
        for r in summary["results"]:
            brief = {k: v for k, v in r.items() if k != "record"}
            f.write(json.dumps(brief, separators=(",", ":")) + "\n")
    if summary["results"] and "record" in summary["results"][0]:
        with (out / "records.jsonl").open("w") as f:
            for r in summary["results"]:
                f.write(json.dumps(r["record"], separators=(",", ":")) + "\n")

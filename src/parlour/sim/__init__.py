"""Many hands in parallel: local processes, deterministic whatever the worker count.

Hand ``i`` of a simulation with seed ``S`` is dealt with the seed ``hand_seed(S, i)`` (a
hash, so every simulation seed and hand number gives its own deal), its dealer is seat
``i`` modulo the number of seats, and its bots are seeded from that seed; hands are
played in chunks by worker processes and the results are put back in hand order, so
the same seed gives the same results with 1 worker or 16. The workers ignore SIGINT: a
KeyboardInterrupt (Ctrl-C, or SIGINT sent to the main process alone) stops the main
process, which terminates them.

By default the tables ask every seat after each discard, as at a real table; ``fast``
asks only the seats that can act (what a simulation of bots, where nothing is hidden
from anyone, may do).

>>> summary = simulate(["random"] * 4, hands=4, seed=3, workers=1)
>>> summary["hands"], summary["draws"] + sum(s["wins"] for s in summary["seats"])
(4, 4)
"""

from __future__ import annotations

import json
import signal
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from parlour.bots import make_bot
from parlour.core.match import hand_seed
from parlour.mahjong.session import make_ruleset
from parlour.mahjong.table import Table

HandResult = dict[str, Any]


def play_hand(
    bots: Sequence[str],
    seed: int,
    index: int,
    *,
    record: bool = False,
    rules: str = "mcr",
    options: Mapping[str, Any] | None = None,
    fast: bool = False,
) -> HandResult:
    """Play hand ``index`` of a simulation seeded ``seed`` with the named bots."""
    ruleset = make_ruleset(rules, options)
    seed_i = hand_seed(seed, index)
    dealer = index % ruleset.num_seats
    table = Table(ruleset, seed=seed_i, dealer=dealer, ask_everyone=not fast)
    players = [make_bot(name, seed=seed_i * 4 + s, ruleset=ruleset) for s, name in enumerate(bots)]
    while not table.is_over():
        seat = table.to_act()[0]
        table.apply(seat, players[seat].act(table.observation(seat), table.legal_actions(seat)))
    result = table.result()
    assert result is not None
    wins = result["wins"]
    out: HandResult = {
        "index": index,
        "seed": seed_i,
        "dealer": dealer,
        "winners": [w["seat"] for w in wins],
        "self_drawn": [w["self_drawn"] for w in wins],
        "totals": [w["total"] for w in wins],
        "patterns": [p for w in wins for p in w["patterns"]],
        "payments": result["payments"],
        "actions": len(table.actions),
    }
    if record:
        from parlour.records import record_of

        out["record"] = record_of(table)  # replayable: ``parlour validate records.jsonl``
    return out


Job = tuple[tuple[str, ...], int, int, int, bool, str, tuple[tuple[str, Any], ...], bool]


def _chunk(args: Job) -> list[HandResult]:
    bots, seed, start, stop, record, rules, options, fast = args
    opts = dict(options)
    return [
        play_hand(bots, seed, i, record=record, rules=rules, options=opts, fast=fast)
        for i in range(start, stop)
    ]


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
    rules: str = "mcr",
    options: Mapping[str, Any] | None = None,
    fast: bool = False,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Play ``hands`` hands of rule system ``rules`` (with ``options``) with the named
    bots (one per seat, seat order) and summarise them.

    ``progress`` is called with the number of hands finished after each chunk. A
    KeyboardInterrupt terminates the worker processes and is raised again.
    """
    ruleset = make_ruleset(rules, options)  # bad rules or options fail here, not in a worker
    if len(bots) != ruleset.num_seats:
        raise ValueError(
            f"{rules} is played at {ruleset.num_seats} seats: give {ruleset.num_seats} bots, "
            f"not {len(bots)}"
        )
    for name in bots:
        make_bot(name)  # an unknown name fails here, not in a worker
    opts = tuple(sorted(dict(ruleset.options).items()))
    size = max(1, min(50, hands // max(1, workers * 8) or 1))
    jobs: list[Job] = [
        (tuple(bots), seed, start, min(hands, start + size), record, rules, opts, fast)
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
        wins = sum(r["winners"].count(s) for r in results)
        score = sum(r["payments"][s] for r in results)
        own = sum(
            1
            for r in results
            for w, drawn in zip(r["winners"], r["self_drawn"], strict=True)
            if w == s and drawn
        )
        seats.append(
            {
                "seat": s,
                "bot": name,
                "wins": wins,
                "win_rate": wins / n if n else 0.0,
                "mean_score": score / n if n else 0.0,
                "self_drawn": own,
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
    draws = sum(1 for r in results if not r["winners"])
    totals = [t for r in results for t in r["totals"]]
    return {
        "hands": n,
        "draws": draws,
        "draw_rate": draws / n if n else 0.0,
        "seats": seats,
        "bots": by_bot,
        "fans": dict(fans.most_common()),
        "mean_total": sum(totals) / len(totals) if totals else 0.0,
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

"""Many games in parallel: local processes, deterministic whatever the worker count.

A simulation plays units of a rule system (a mahjong hand, a whole card game) with one
bot per seat; unit ``i`` of a simulation seeded ``S`` follows from ``S`` and ``i`` alone
(the rule system's :meth:`~parlour.core.systems.RuleSystem.play_one` says how), units
are played in chunks by worker processes and the results put back in order, so the same
seed gives the same results with 1 worker or 16. The workers ignore SIGINT: a
KeyboardInterrupt (Ctrl-C, or SIGINT sent to the main process alone) stops the main
process, which terminates them. A chunk is the unit of work of any engine (local
processes: :func:`local_engine`; Ray tasks: :mod:`parlour.sim.ray_engine`; another engine
yields the chunks' results from :func:`play_chunk`); with an output directory every
finished chunk is written there at once (:mod:`parlour.sim.store`), so that a stopped run
resumes where it stopped.

>>> summary = simulate(["random"] * 4, hands=4, seed=3, workers=1)
>>> summary["hands"], summary["draws"] + sum(s["wins"] for s in summary["seats"])
(4, 4)
>>> simulate(["random"] * 4, hands=4, seed=3, workers=1, observe=False) == summary
True
"""

from __future__ import annotations

import json
import multiprocessing
import signal
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from multiprocessing.context import BaseContext
from pathlib import Path
from typing import Any

from parlour.core.systems import RuleSystem
from parlour.sim.intervals import add_intervals

Job = tuple[
    str, tuple[str, ...], int, int, int, bool, tuple[tuple[str, Any], ...], bool, str | None, bool
]
"""(rule system, bots, seed, first unit, end, record, options, fast, deck, observe)."""


def _chunk(job: Job) -> list[dict[str, Any]]:
    from parlour.registry import find_system

    rules, bots, seed, start, stop, record, options, fast, deck, observe = job
    system = find_system(rules)
    how: dict[str, Any] = {"record": record, "fast": fast}
    if deck is not None:
        how["deck"] = deck
    if not observe:
        how["observe"] = False
    return [system.play_one(bots, seed, i, dict(options), **how) for i in range(start, stop)]


Engine = Callable[[Sequence[Job], int], Iterable[tuple[int, list[dict[str, Any]]]]]
"""What plays a simulation's chunks: given the chunks (:data:`Job`) and a worker count,
it yields each chunk's first unit and results, in any order. A chunk's results follow from
the chunk alone (:func:`play_chunk`), whoever plays it."""


def play_chunk(job: Job) -> list[dict[str, Any]]:
    """The results of the units of chunk ``job``, in order: the same wherever it is played.

    >>> job = ("mcr", ("random",) * 4, 3, 0, 2, False, (), False, None, False)
    >>> [r["index"] for r in play_chunk(job)]
    [0, 1]
    """
    return _chunk(job)


def local_engine(jobs: Sequence[Job], workers: int) -> Iterator[tuple[int, list[dict[str, Any]]]]:
    """Play ``jobs`` in this process (``workers`` 1) or in ``workers`` local processes,
    yielding (first unit, results) chunk by chunk in order. Stopped early (a
    KeyboardInterrupt, or the caller stops iterating), it terminates the workers.

    >>> job = ("mcr", ("random",) * 4, 3, 0, 1, False, (), False, None, False)
    >>> [(start, len(chunk)) for start, chunk in local_engine([job], 1)]
    [(0, 1)]
    """
    if workers <= 1:
        for job in jobs:
            yield job[3], _chunk(job)
        return
    pool = ProcessPoolExecutor(
        max_workers=workers, initializer=_ignore_sigint, mp_context=_worker_context()
    )
    try:
        for job, chunk in zip(jobs, pool.map(_chunk, jobs), strict=True):
            yield job[3], chunk
    except BaseException:  # KeyboardInterrupt above all: do not wait for the workers
        _terminate(pool)
        raise
    pool.shutdown()


def _worker_context() -> BaseContext | None:
    """How the worker processes start: the platform's default (fork on Linux), except
    in a process running Ray (:mod:`parlour.sim.ray_engine`), where a fork would copy the
    locks Ray's threads hold and the workers could hang: fresh interpreters (spawn).

    >>> _worker_context() is None  # no Ray here
    True
    """
    ray = sys.modules.get("ray")
    if ray is not None and ray.is_initialized():
        return multiprocessing.get_context("spawn")
    return None


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


ENGINES = ("local", "ray")
"""The engines a simulation runs on, by name (``parlour simulate --engine``)."""


def find_engine(name: str, address: str | None = None) -> Engine:
    """The engine named ``name`` (:data:`ENGINES`): ``local`` (:func:`local_engine`,
    local processes) or ``ray`` (:func:`parlour.sim.ray_engine.ray_engine`, Ray tasks on
    the cluster at ``address``, else a local Ray instance). ValueError for another name
    or for an address given to the local engine; a ParlourError saying how to install
    Ray when it is not installed.

    >>> find_engine("local") is local_engine
    True
    >>> find_engine("spark")
    Traceback (most recent call last):
    ...
    ValueError: no engine named spark (local or ray)
    """
    if name == "ray":
        from parlour.sim.ray_engine import ray_engine

        return ray_engine(address)
    if name != "local":
        raise ValueError(f"no engine named {name} ({' or '.join(ENGINES)})")
    if address is not None:
        raise ValueError("an address is for the ray engine, not the local one")
    return local_engine


def prepare(
    rules: str, bots: Sequence[str], options: Mapping[str, Any] | None = None
) -> tuple[RuleSystem, dict[str, Any]]:
    """The rule system and its options for a simulation with ``bots`` (one per seat);
    ValueError (or a ParlourError) saying what is wrong, before any game is played."""
    from parlour.registry import check_playable

    system = check_playable(rules)
    values = system.check_options(options or {})
    seats = system.seats(values)
    if len(bots) != seats:
        raise ValueError(
            f"{system.name} is played at {seats} seats: give {seats} bots, not {len(bots)}"
        )
    for name in bots:
        system.make_bot(name, options=values)  # an unknown name fails here, not in a worker
    return system, values


def simulate(
    bots: Sequence[str],
    hands: int,
    seed: int = 0,
    workers: int = 1,
    *,
    record: bool = False,
    rules: str | None = None,
    options: Mapping[str, Any] | None = None,
    fast: bool = False,
    deck: str | None = None,
    progress: Callable[[int], object] | None = None,
    observe: bool = True,
    out: Path | None = None,
    resume: bool = False,
    engine: Engine | None = None,
) -> dict[str, Any]:
    """Play ``hands`` units (hands, or whole card games) of rule system ``rules`` (with
    ``options``) with the named bots (one per seat, seat order) and summarise them (the
    rule system's summary). ``deck`` deals the first deal of every card game.

    ``progress`` is called with the number of units finished after each chunk. A
    KeyboardInterrupt terminates the worker processes and is raised again.

    ``observe=False`` is a batch simulation: the bots that read no observation (the
    random bot) are handed none, which the tables then do not build. The summary is
    the same.

    With ``out``, every chunk of units is written there as it is finished (Parquet:
    :mod:`parlour.sim.store`); ``resume`` continues the run found there, playing only
    the chunks it had not finished: the summary is the same as an uninterrupted run's.
    The summary gives each seat's mean score and win rate (and the draw rate) a 95%
    confidence interval (:func:`parlour.sim.intervals.add_intervals`).

    ``engine`` plays the chunks (default :func:`local_engine`, local processes;
    :func:`parlour.sim.ray_engine.ray_engine` plays them on Ray): the results are the same
    on every engine.
    """
    from parlour.registry import DEFAULT_SYSTEM

    system, values = prepare(rules or DEFAULT_SYSTEM, bots, options)
    opts = tuple(sorted(values.items()))
    size = max(1, min(50, hands // max(1, workers * 8) or 1))
    run = None
    if out is not None:
        from parlour.sim.store import Run

        params = {
            "rules": system.name,
            "bots": list(bots),
            "seed": seed,
            "hands": hands,
            "options": dict(opts),
            "fast": fast,
            "deck": deck,
            "record": record,
        }
        run = Run(Path(out), json.loads(json.dumps(params, sort_keys=True)))
        run.open(size, resume)
        size = run.size  # a resumed run keeps its chunks
    jobs: list[Job] = [
        (
            system.name,
            tuple(bots),
            seed,
            start,
            min(hands, start + size),
            record,
            opts,
            fast,
            deck,
            observe,
        )
        for start in range(0, hands, size)
    ]
    played: dict[int, list[dict[str, Any]]] = {}
    todo = [job for job in jobs if run is None or job[3] not in run.done]
    count = run.count_done(hands) if run is not None else 0
    if count and progress:
        progress(count)

    def finished(start: int, chunk: list[dict[str, Any]]) -> None:
        nonlocal count
        if run is not None:
            run.write(start, chunk)
        played[start] = chunk
        count += len(chunk)
        if progress:
            progress(count)

    chunks = (engine or local_engine)(todo, workers)
    try:
        for start, chunk in chunks:
            finished(start, chunk)
    finally:  # stopped while writing a chunk: the engine stops its workers now
        close = getattr(chunks, "close", None)
        if close is not None:
            close()
    results: list[dict[str, Any]] = []
    for job in jobs:
        start = job[3]
        results += played[start] if start in played else run.read(start) if run else []
    summary = system.summarise(bots, results, seed=seed, options=values, deck=deck)
    add_intervals(summary, results)
    return summary


def write_outputs(summary: dict[str, Any], out: Path, rules: str | None = None) -> None:
    """Write a simulation's summary and its units (and records) in directory ``out``,
    as the rule system ``rules`` lays them out (default: the summary's own, else the
    default system's)."""
    from parlour.registry import DEFAULT_SYSTEM, find_system
    from parlour.sim.store import finish

    system = find_system(rules or summary.get("rules") or DEFAULT_SYSTEM)
    system.write_simulation(summary, out)
    finish(out, unit_name(summary))


def unit_name(summary: Mapping[str, Any]) -> str:
    """What a simulation's units are called in its files: ``hands`` (mahjong) or
    ``games`` (card games), by the count its summary holds.

    >>> unit_name({"hands": 4}), unit_name({"games": 2})
    ('hands', 'games')
    """
    return "hands" if "hands" in summary else "games"


def play_hand(*args: Any, **kw: Any) -> dict[str, Any]:
    """One mahjong hand of a simulation (:func:`parlour.mahjong.sim.play_hand`)."""
    from parlour.mahjong.sim import play_hand as play

    return play(*args, **kw)


def summarise(bots: Sequence[str], results: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The summary of mahjong hands (:func:`parlour.mahjong.sim.summarise`)."""
    from parlour.mahjong.sim import summarise as summary

    return summary(bots, results)


__all__ = [
    "ENGINES",
    "Engine",
    "Job",
    "find_engine",
    "local_engine",
    "play_chunk",
    "play_hand",
    "prepare",
    "simulate",
    "summarise",
    "unit_name",
    "write_outputs",
]

"""Simulations on Ray: the chunks of a simulation played as Ray tasks, on a cluster or on
a local Ray instance.

:func:`ray_engine` is an :data:`~parlour.sim.Engine` for :func:`parlour.sim.simulate`
(``parlour simulate --engine ray``). A chunk's results follow from the chunk alone
(:func:`~parlour.sim.play_chunk`), so a simulation gives the same results on Ray as on
local processes, whatever the number of workers or nodes. Ray is an optional extra
(``pip install 'parlour[ray]'``): it is imported when an engine is made, and started (or
connected to) only when a simulation runs.

Where the engine runs, by ``address``:

* none given, and no ``RAY_ADDRESS`` in the environment: a local Ray instance of its own,
  with as many CPUs as workers, started for the simulation and shut down after it;
* an address (``HEAD:6379``, ``auto``, ``ray://HEAD:10001``; else ``RAY_ADDRESS``): the
  cluster there, which the simulation connects to and disconnects from, leaving it
  running;
* Ray already initialised in this process (``ray.init`` called by the caller): that Ray,
  left as it was found.

At most ``workers`` tasks are in flight at once (on a local instance of its own, also its
CPUs); each task plays one chunk or a few (:func:`task_size`). The results are yielded as
the tasks finish. Stopped early (a KeyboardInterrupt, or the caller stops iterating), the
engine cancels the tasks not finished. Ray's own logs are kept off the terminal.

>>> engine = ray_engine()  # a local Ray instance, started when a simulation runs
>>> engine.address is None
True
>>> from parlour.sim import simulate
>>> summary = simulate(["random"] * 4, 8, seed=1, workers=2, engine=engine)  # doctest: +SKIP
"""

from __future__ import annotations

import logging
import os
from collections.abc import Generator, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from types import ModuleType
from typing import Any, cast

from parlour.core.errors import ParlourError
from parlour.sim import Job, play_chunk

INSTALL = "pip install 'parlour[ray]'"
"""How Ray is installed for parlour."""

Chunk = tuple[int, list[dict[str, Any]]]
"""A chunk's first unit and its results."""


class RayMissing(ParlourError):
    """The Ray engine was asked for where Ray is not installed."""


class RayUnreachable(ParlourError):
    """Ray could not be started, or its cluster not connected to."""


def _unreachable(address: str | None, error: BaseException) -> str:
    """What went wrong, on one line, when Ray did not start or connect (``error``).

    >>> _unreachable("head:6379", ConnectionError("Failed to connect to Ray cluster"))
    'cannot connect to the Ray cluster at head:6379: Failed to connect to Ray cluster'
    >>> print(_unreachable("head:6379", RuntimeError("...: InvalidAuthToken: ...")))
    cannot connect to the Ray cluster at head:6379: it asks for its token: set
    RAY_AUTH_MODE=token and give the token (RAY_AUTH_TOKEN, or the file ~/.ray/auth_token)
    """
    where = "start Ray" if address is None else f"connect to the Ray cluster at {address}"
    texts: list[str] = []
    cause: BaseException | None = error
    while cause is not None and len(texts) < 5:
        texts.append(str(cause))
        cause = cause.__cause__ or cause.__context__
    if any("InvalidAuthToken" in text for text in texts):
        why = (
            "it asks for its token: set RAY_AUTH_MODE=token and give the token "
            "(RAY_AUTH_TOKEN, or the file ~/.ray/auth_token)"
        )
    else:
        why = (str(error).strip().splitlines() or [type(error).__name__])[0]
    return f"cannot {where}: {why}"


def import_ray() -> ModuleType:
    """The ``ray`` module; :class:`RayMissing` saying how to install it when it is not
    installed.

    >>> import sys
    >>> saved, sys.modules["ray"] = sys.modules.get("ray"), None  # as if not installed
    >>> try:
    ...     import_ray()
    ... except RayMissing as e:
    ...     print(e)
    ... finally:
    ...     _ = sys.modules.pop("ray") if saved is None else sys.modules.update(ray=saved)
    the Ray engine needs Ray, not installed: pip install 'parlour[ray]'
    """
    try:
        import ray
    except ImportError:
        raise RayMissing(f"the Ray engine needs Ray, not installed: {INSTALL}") from None
    return ray


def task_size(chunks: int, workers: int) -> int:
    """How many chunks one Ray task plays, of ``chunks`` chunks for ``workers`` workers:
    enough to keep the per-task cost of Ray small, few enough to keep every worker busy
    to the end (at least four tasks per worker) and to write the results often (for
    ``--resume``).

    >>> task_size(200, 2), task_size(10, 2), task_size(1, 4)
    (4, 1, 1)
    """
    return max(1, min(4, chunks // (4 * max(1, workers))))


def _play(jobs: Sequence[Job]) -> list[Chunk]:
    """A Ray task: play the chunks ``jobs``; each one's first unit and results."""
    return [(job[3], play_chunk(job)) for job in jobs]


@dataclass(frozen=True)
class RayEngine:
    """An :data:`~parlour.sim.Engine` that plays the chunks as Ray tasks on the Ray found
    by ``address`` (:func:`ray_engine`). Calling it runs the simulation's chunks: a
    generator of (first unit, results), in the order the tasks finish."""

    address: str | None = None
    """Where the cluster is (``HEAD:6379``, ``auto``, ``ray://...``); None: ``RAY_ADDRESS``
    if set, else a local Ray instance of the engine's own."""

    def __call__(self, jobs: Sequence[Job], workers: int) -> Generator[Chunk, None, None]:
        ray = import_ray()
        if not jobs:  # a resumed run that had finished: nothing to start Ray for
            return
        workers = max(1, workers)
        with _connected(ray, self.address, workers):
            yield from _run(ray, jobs, workers)

    @contextmanager
    def started(self, workers: int) -> Iterator[None]:
        """Ray started (or connected to) once for the whole block, for ``workers``
        workers: the simulations in it use it as they find it, instead of each starting
        and stopping its own; it is shut down (or disconnected) at the end.

        >>> engine = ray_engine()
        >>> with engine.started(workers=2):  # doctest: +SKIP
        ...     first = simulate(["random"] * 4, 100, seed=1, workers=2, engine=engine)
        ...     second = simulate(["random"] * 4, 100, seed=2, workers=2, engine=engine)
        """
        with _connected(import_ray(), self.address, max(1, workers)):
            yield


def ray_engine(address: str | None = None) -> RayEngine:
    """The engine that plays a simulation on Ray (module docs: where, by ``address``).
    :class:`RayMissing` when Ray is not installed: this fails before anything is played.

    >>> ray_engine("auto")
    RayEngine(address='auto')
    """
    import_ray()
    return RayEngine(address or None)


@contextmanager
def _connected(ray: Any, address: str | None, workers: int) -> Iterator[None]:
    """Ray ready for tasks while the block runs: the caller's Ray if initialised (left
    as is), else a connection to the cluster at ``address`` (or ``RAY_ADDRESS``), else a
    local instance of ``workers`` CPUs; what was started or connected is shut down or
    disconnected at the end."""
    if ray.is_initialized():
        yield
        return
    address = address or os.environ.get("RAY_ADDRESS") or None
    # Ray's notices (token authentication, ...) are noise here; its errors are raised
    quiet: dict[str, Any] = {
        "log_to_driver": False,
        "configure_logging": True,
        "logging_level": logging.ERROR,
    }
    try:
        if address is None or address == "local":
            ray.init(address="local", num_cpus=workers, include_dashboard=False, **quiet)
        else:
            ray.init(address=address, **quiet)
    except Exception as e:
        raise RayUnreachable(_unreachable(address, e)) from e
    try:
        yield
    finally:
        ray.shutdown()


def _results(ray: Any, ref: Any) -> list[Chunk]:
    """The results of the finished task ``ref``; a task that failed raises what it
    raised, as a local process's would (Ray's report of it, with the task's traceback,
    as its cause)."""
    try:
        return cast(list[Chunk], ray.get(ref))
    except ray.exceptions.RayTaskError as e:
        cause = getattr(e, "cause", None)
        if isinstance(cause, Exception):
            raise cause from e
        raise


def _run(ray: Any, jobs: Sequence[Job], workers: int) -> Iterator[Chunk]:
    """Play ``jobs`` as Ray tasks, at most ``workers`` in flight; yield each chunk's
    results as its task finishes. Stopped early, cancel the tasks not finished."""
    size = task_size(len(jobs), workers)
    tasks = iter([jobs[i : i + size] for i in range(0, len(jobs), size)])
    play = ray.remote(num_cpus=1)(_play)
    pending: list[Any] = []

    def submit() -> None:
        batch = next(tasks, None)
        if batch is not None:
            pending.append(play.remote(batch))

    try:
        for _ in range(workers):
            submit()
        while pending:
            ready, rest = ray.wait(pending, num_returns=1)
            pending[:] = rest
            submit()  # before the results are handed on, so that no worker waits
            for ref in ready:
                yield from _results(ray, ref)
    finally:  # stopped early: the tasks not finished are not wanted
        for ref in pending:
            ray.cancel(ref)


__all__ = [
    "INSTALL",
    "RayEngine",
    "RayMissing",
    "RayUnreachable",
    "import_ray",
    "ray_engine",
    "task_size",
]

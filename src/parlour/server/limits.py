"""What one client may ask of a server, and how long an unplayed table stays open.

>>> limiter = RateLimiter(2, clock=lambda: 100.0)
>>> limiter.note("a"); limiter.note("a")
>>> limiter.wait("a"), limiter.wait("b")
(60.0, 0.0)
"""

from __future__ import annotations

import os
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any


@dataclass(frozen=True)
class Limits:
    """What one client (one address) may ask of a server: ``tables_per_minute`` new
    tables in any minute, ``open_tables`` tables in play at once (made by it and not
    finished), and how long a table that no person has played at stays open
    (``unplayed_hours``; then it is closed as ``expired``). 0 lifts a limit. Past a
    limit a request is answered 429 with ``Retry-After``.

    The defaults suit a club: a few people making a table now and then. A server that
    is tested or benchmarked with many tables lifts them (:meth:`none`); the
    environment sets them for ``parlour serve`` (:meth:`from_env`).
    """

    tables_per_minute: int = 20
    open_tables: int = 30
    unplayed_hours: float = 24.0

    @classmethod
    def none(cls) -> Limits:
        return cls(0, 0, 0.0)

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Limits:
        """The limits ``PARLOUR_TABLES_PER_MINUTE``, ``PARLOUR_OPEN_TABLES`` and
        ``PARLOUR_UNPLAYED_HOURS`` set (the defaults for those not set).

        >>> Limits.from_env({"PARLOUR_OPEN_TABLES": "5"}).open_tables
        5
        """
        env = os.environ if env is None else env
        out = cls()
        values: dict[str, Any] = {}
        for name, kind in (
            ("tables_per_minute", int),
            ("open_tables", int),
            ("unplayed_hours", float),
        ):
            text = env.get(f"PARLOUR_{name.upper()}")
            if text is None or text == "":
                continue
            try:
                value = kind(text)
            except ValueError:
                value = -1
            if value < 0:
                raise ValueError(f"PARLOUR_{name.upper()} must be a number 0 or more, not {text!r}")
            values[name] = value
        return replace(out, **values)


class RateLimiter:
    """The tables each client made in the last minute (in memory: a restart forgets)."""

    def __init__(self, per_minute: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_minute = per_minute
        self.clock = clock
        self.made: dict[str, deque[float]] = {}

    def wait(self, client: str) -> float:
        """Seconds until ``client`` may make another table (0: now)."""
        if not self.per_minute:
            return 0.0
        now = self.clock()
        recent = self.made.get(client)
        if recent is None:
            return 0.0
        while recent and recent[0] <= now - 60:
            recent.popleft()
        if not recent:
            del self.made[client]
            return 0.0
        return max(0.0, recent[0] + 60 - now) if len(recent) >= self.per_minute else 0.0

    def note(self, client: str) -> None:
        if self.per_minute:
            self.made.setdefault(client, deque()).append(self.clock())


__all__ = ["Limits", "RateLimiter"]

"""Digests of moves for game records: each move's digest hashes the one before, the
move and every event it caused, so a check names the first move that differs; and the
commitment to a seed that a server publishes before the deal (:func:`seed_commitment`).

>>> short_hash("a", "b") == short_hash("a", "b") != short_hash("ab")
True
>>> events_text([])
'[]'
>>> seed_commitment(7, "ab")[:12]
'ad6ba0f9c42b'
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence

from parlour.core.game import Event


def short_hash(*parts: str) -> str:
    """16 hex digits of the SHA-256 of ``parts``, each ended by a unit separator (so
    that ``("ab",)`` and ``("a", "b")`` differ)."""
    h = hashlib.sha256()
    for p in parts:
        h.update(p.encode())
        h.update(b"\x1f")
    return h.hexdigest()[:16]


def seed_commitment(seed: int, salt: str) -> str:
    """The commitment a server publishes when a game starts, before any card or tile is
    dealt: the SHA-256 of ``"<seed>:<salt>"`` as 64 hex digits. Once the game is over the
    seed and the salt are shown, and anyone can check that they give it (so the seed was
    fixed before the deal)."""
    return hashlib.sha256(f"{seed}:{salt}".encode()).hexdigest()


def events_text(events: Sequence[Event]) -> str:
    """The events as canonical JSON (sorted keys, no spaces): what a digest covers."""
    return json.dumps([e.to_json() for e in events], sort_keys=True, separators=(",", ":"))


__all__ = ["events_text", "seed_commitment", "short_hash"]

"""Seeds and random generators: every distinct seed gives a distinct game.

``random.Random(k)`` and ``random.Random(-k)`` are the same generator (Python seeds
with the absolute value), so a simulation seeded ``-10`` would play the hands of seed
``10``. :func:`game_rng` keeps ``random.Random(seed)`` for seeds 0 and up (so games
recorded with such seeds deal as they always did) and seeds a negative seed through
its text, which no non-negative seed shares. :func:`derive_seed` makes independent
seeds for the parts of a match or a simulation. :func:`check_seed` is the one check of
a seed given to a game, a match or a bot: a whole number (``random.Random`` would take
``1.0``, ``"7"`` or None as well, and deal a game no record can name).

>>> game_rng(5).random() == game_rng(5).random()
True
>>> game_rng(-5).random() == game_rng(5).random()
False
>>> derive_seed("hand", 1, 0) == derive_seed("hand", 1, 0) != derive_seed("hand", 1, 1)
True
"""

from __future__ import annotations

import hashlib
import operator
import random
from typing import Any

from parlour.core.errors import ParlourError

SEED_VERSION = 2
"""How seeds become generators: 1 = ``random.Random(seed)`` (version 1 records, where
``k`` and ``-k`` deal alike), 2 = :func:`game_rng`."""


class InvalidSeed(ParlourError, TypeError, ValueError):
    """A seed that is not a whole number (a float, a bool, text, None). Both a TypeError
    and a ValueError, so code that caught either from a game's constructor still does."""


def check_seed(seed: Any, what: str = "a seed") -> int:
    """``seed`` as a plain int, or :class:`InvalidSeed` naming it: ints and integer
    types such as numpy's are taken; bools, floats (even ``1.0``), text and None are
    not.

    >>> check_seed(7)
    7
    >>> check_seed(1.0)
    Traceback (most recent call last):
    ...
    parlour.core.rng.InvalidSeed: a seed is a whole number, not 1.0
    """
    if type(seed) is int:
        return seed
    if not isinstance(seed, bool | float | str | bytes):
        try:
            return operator.index(seed)
        except TypeError:
            pass
    raise InvalidSeed(f"{what} is a whole number, not {seed!r}")


def game_rng(seed: int, version: int = SEED_VERSION) -> random.Random:
    """The generator of a game with ``seed`` (see the module docstring)."""
    if version == 1 or seed >= 0:
        return random.Random(seed)
    return random.Random(f"parlour-negative-seed:{seed}")


def derive_seed(label: str, *parts: int) -> int:
    """A 32-bit seed that depends only on ``label`` and ``parts`` (a hash, so nearby
    inputs give unrelated seeds)."""
    text = ":".join([f"parlour-{label}", *map(str, parts)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "big")


__all__ = ["SEED_VERSION", "InvalidSeed", "check_seed", "derive_seed", "game_rng"]

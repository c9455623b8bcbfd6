"""The version-1 table's 40 seeded MCR hands (``vectors/records_v1/legal_digests.json``,
written by the version-1 table in commit b174288), played again by today's table.

Each entry holds, for seed 0-39, a digest of the legal actions along one hand, the number
of actions the hand took and its winner. The hand: ``Table(seed=seed, dealer=seed % 4)``
asking only the seats able to act (the version-1 table's only way), and at every step a
seat drawn from ``to_act()`` and then an action drawn from that seat's
``legal_actions()``, both by ``random.Random(seed)``. Every draw depends on how many
legal actions the seat has and in which order, so a hand that takes as many actions as
stored, to the same end, has walked the same legal actions: any change to the legal
actions along the way sends it elsewhere within a move or two.

The stored digests themselves are not recomputed here: how they were made is not in the
repository (no code ever read or wrote the file, and no serialisation of the legal
actions tried against them reproduces one), so they are only checked to be there.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from parlour.mahjong.table import Table
from places import VECTORS

VECTORS: dict[str, dict[str, Any]] = json.loads(
    (VECTORS / "records_v1" / "legal_digests.json").read_text()
)
SEEDS = range(40)


def play(seed: int) -> Table:
    """The hand of ``seed`` as the vectors were played (see the module docstring)."""
    table = Table(seed=seed, dealer=seed % 4, ask_everyone=False, seed_version=1)
    rng = random.Random(seed)
    while not table.is_over():
        seat = rng.choice(table.to_act())
        table.apply(seat, rng.choice(table.legal_actions(seat)))
    return table


def test_the_vectors_hold_forty_seeds() -> None:
    assert sorted(VECTORS, key=int) == [str(s) for s in SEEDS]
    for entry in VECTORS.values():
        assert set(entry) == {"digest", "actions", "winner"}
        assert re.fullmatch(r"[0-9a-f]{64}", entry["digest"])
        assert isinstance(entry["actions"], int) and entry["actions"] > 50


@pytest.mark.parametrize("seed", SEEDS)
def test_the_seeded_hand_walks_the_version_1_legal_actions(seed: int) -> None:
    stored = VECTORS[str(seed)]
    table = play(seed)
    result = table.result()
    assert result is not None
    winner = result["wins"][0]["seat"] if result["wins"] else None
    assert (len(table.actions), winner) == (stored["actions"], stored["winner"])

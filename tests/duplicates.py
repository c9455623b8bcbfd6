"""What the tests of duplicate tournaments check in a tournament's files: every deal
played with every seating of the bots, the same deal each time."""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Sequence
from itertools import permutations
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq  # type: ignore[import-untyped,import-not-found,unused-ignore]

from parlour.records import replay
from parlour.sim.intervals import seat_scores
from parlour.sim.tournament import FILE, entry_labels


def dealt(record: dict[str, Any]) -> list[Any]:
    """What the first deal of ``record`` dealt, seat by seat: the events of its move 0
    (the dice, every seat's tiles or cards)."""
    first = next(step for step in replay(record) if step.move == 0)
    return [e.to_json() for e in first.events]


def check_duplicated(out: Path, bots: Sequence[str], deals: int) -> int:
    """Check from the files in ``out`` that every deal was played with every seating of
    ``bots``, the same deal each time; the number of rows checked."""
    table = pq.read_table(out / FILE)
    rows = table.to_pylist()
    seats = len(bots)
    every = set(permutations(range(seats)))
    assert len(rows) == deals * len(every)
    labels = entry_labels(bots)
    by_deal: dict[int, list[dict[str, Any]]] = {}
    for row in rows:
        by_deal.setdefault(row["deal"], []).append(row)
        assert row["index"] == row["deal"]
        assert row["bots"] == [bots[e] for e in row["seating"]]
        assert row["entries"] == [labels[e] for e in row["seating"]]
    assert sorted(by_deal) == list(range(deals))
    unit_seeds = set()
    deals_dealt: list[list[Any]] = []
    for deal, played in by_deal.items():
        assert {tuple(r["seating"]) for r in played} == every  # every seating, once
        assert len({r["unit_seed"] for r in played}) == 1  # one deal's seed
        unit_seeds.add(played[0]["unit_seed"])
        records = [json.loads(r["record"]) for r in played]
        first = [dealt(rec) for rec in records]
        assert all(d == first[0] for d in first), deal  # the same tiles to the same seats
        assert first[0] not in deals_dealt  # and not another deal's
        deals_dealt.append(first[0])
        # each entry played every seat's tiles of the deal, as often as any other
        for entry in range(seats):
            sat = Counter(r["seating"].index(entry) for r in played)
            assert sat == dict.fromkeys(range(seats), math.factorial(seats - 1))
        for r in played:
            assert r["payments"] == [float(x) for x in seat_scores(json.loads(r["result"]))]
    assert len(unit_seeds) == deals  # the deals differ from one another
    return len(rows)

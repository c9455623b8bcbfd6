"""The greedy bot's decisions on fixed seeds stay what they were.

Every action of seeded hands played by greedy bots (four greedy bots, or greedy bots
beside random ones) was recorded with the bot as it was before it was made fast (issue
19), in ``tests/vectors/greedy_decisions.json``; the bot now must play the same hands
action for action. The cases cover MCR (the 8-point minimum, claims, kongs), the gold
games (17 tiles, the Gold wild, floats), and the classical game, with and without a
goulash (wilds, pungs only, every complete hand goes out, the exchanges); Wuhan (the
laizi wild, a win needs an opening; four and three players), Hangzhou (the fortune
wilds) and Kawuxing were recorded before Wuhan's bots were made fast (issue 21).

Regenerate (only when a decision rule changes on purpose, with its measured strength):
``PYTHONPATH=src python tests/mahjong/test_greedy_decisions.py``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from parlour.bots import make_bot
from parlour.mahjong.session import make_ruleset
from parlour.mahjong.table import Table

VECTORS = Path(__file__).resolve().parent.parent / "vectors" / "greedy_decisions.json"

Case = tuple[str, dict[str, Any], tuple[str, ...], int, dict[str, Any]]
"""A case: rule system, its options, the four bots, the table seed, the table's flags."""

G, R = "greedy", "random"
CASES: dict[str, Case] = {
    **{f"mcr greedy x4 seed {s}": ("mcr", {}, (G, G, G, G), s, {}) for s in range(24)},
    **{f"mcr greedy/random seed {s}": ("mcr", {}, (G, R, G, R), s, {}) for s in range(100, 112)},
    **{
        f"xiamen greedy x4 seed {s}": ("xiamen", {}, (G, G, G, G), s, {})
        for s in (0, 1, 2, 1049025078, 3866745802)
    },
    **{f"xiamen greedy/random seed {s}": ("xiamen", {}, (R, G, R, G), s, {}) for s in (10, 11)},
    "quanzhou greedy x4 seed 20": ("quanzhou", {}, (G, G, G, G), 20, {}),
    **{f"classical greedy x4 seed {s}": ("classical", {}, (G, G, G, G), s, {}) for s in (30, 31)},
    **{
        f"classical goulash {wild} seed {s}": (
            "classical",
            {"goulash": True, "goulash_wild": wild},
            (G, G, G, G),
            s,
            {"goulash": True},
        )
        for wild, s in (("bamboo_2", 40), ("bamboo_2", 41), ("jokers", 42))
    },
    **{f"wuhan greedy x4 seed {s}": ("wuhan", {}, (G, G, G, G), s, {}) for s in range(50, 56)},
    **{
        f"wuhan three players seed {s}": ("wuhan", {"players": 3}, (G, G, G), s, {})
        for s in range(56, 60)
    },
    "hangzhou greedy x4 seed 60": ("hangzhou", {}, (G, G, G, G), 60, {}),
    "kawuxing greedy x3 seed 70": ("kawuxing", {}, (G, G, G), 70, {}),
}


def decisions(case: Case) -> list[str]:
    """Play the case's hand (the tables ask only the seats that can act); every action
    taken, as ``seat action``."""
    rules, options, bots, seed, flags = case
    ruleset = make_ruleset(rules, options)
    table = Table(
        ruleset, seed=seed, dealer=seed % ruleset.num_seats, flags=dict(flags), ask_everyone=False
    )
    players = [make_bot(b, seed=4 * seed + s, ruleset=ruleset) for s, b in enumerate(bots)]
    out: list[str] = []
    while not table.is_over():
        seat = table.to_act()[0]
        action = players[seat].act(table.observation(seat), table.legal_actions(seat))
        out.append(f"{seat} {action}")
        table.apply(seat, action)
        assert len(out) < 5000
    return out


def _stored() -> dict[str, list[str]]:
    data: dict[str, list[str]] = json.loads(VECTORS.read_text())
    return data


@pytest.mark.parametrize("name", sorted(CASES))
def test_greedy_decisions_unchanged(name: str) -> None:
    want = _stored()[name]
    got = decisions(CASES[name])
    assert len(want) > 10  # a hand of several turns was recorded
    first = next((i for i, (a, b) in enumerate(zip(got, want, strict=False)) if a != b), None)
    assert first is None and len(got) == len(want), (
        f"{name}: first difference at action {first}: "
        f"{got[first] if first is not None else '-'} != {want[first] if first is not None else '-'}"
    )


def test_the_vectors_cover_every_case() -> None:
    assert sorted(_stored()) == sorted(CASES)
    assert sum(len(v) for v in _stored().values()) > 2000


if __name__ == "__main__":  # regenerate the vectors (see the module docstring)
    names = sys.argv[1:] or sorted(CASES)
    data = _stored() if VECTORS.exists() else {}
    for n in names:
        data[n] = decisions(CASES[n])
        print(n, len(data[n]), flush=True)
    lines = [f"{json.dumps(k)}: {json.dumps(data[k])}" for k in sorted(data)]
    VECTORS.write_text("{\n" + ",\n".join(lines) + "\n}\n")

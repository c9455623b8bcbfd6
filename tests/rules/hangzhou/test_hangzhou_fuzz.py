"""Any situation, however malformed, is scored or refused with a ParlourError naming
the fault: never another exception (seeded mutations of the worked examples)."""

from __future__ import annotations

import json
import random
from typing import Any

import parlour
from parlour.core.errors import ParlourError
from places import VECTORS

SITUATIONS = [
    c["situation"]
    for f in sorted((VECTORS / "hangzhou").glob("ex*.json"))
    for c in json.loads(f.read_text())["cases"]
]
JUNK: list[Any] = [
    None, True, False, 0, 1, 3, -1, 99, 2.5, "", "E", "X", "4s", "4s*", "P", "P*", "f1",
    "9m", "+9m", "[", "{PPPP}", "123m 456m", [], {}, {"W": {"S": 3}}, {"W": 3},
    {"seat": "E", "floats": 1, "kong_streak": 0}, {"permanent_white_fortune": True},
    {"ten_honours": True}, {"liability_restriction": "banker_only"}, "1111m 33m 55p 77p 99s E E",
    "[NNNN] {7777p} 123m P56s 4s* 3s", "[4s*56s] 123m", "123m 456m 789p 222s 4s* 4s* 9m",
]  # fmt: skip
FIELDS = [*SITUATIONS[0], "honour_discards", "float_claim", "round_wind", "nope"]


def test_malformed_situations_are_refused_by_name() -> None:
    rng = random.Random(20)
    scored = refused = 0
    for _ in range(3000):
        data = dict(rng.choice(SITUATIONS))
        for _ in range(rng.randint(1, 3)):
            data[rng.choice(FIELDS)] = rng.choice(JUNK)
        try:
            s = parlour.score(data)
        except ParlourError as e:
            assert str(e)
            refused += 1
        else:
            assert sum(s.payments.values()) == 0
            assert s.total == s.payments[data.get("seat_wind", "E").strip().upper()]
            scored += 1
    assert scored > 20 and refused > 1000  # both kinds of outcome were exercised


def test_random_hands_are_scored_or_refused_and_payments_sum_to_zero() -> None:
    """Random 14-tile hands of the Hangzhou wall (indicator 4s: three fortunes, Whites
    playing 4s), won every way, at every lao: valid wins, false wins and refusals."""
    from parlour.mahjong.tiles import NUM_KINDS, tile_name

    rng = random.Random(7)
    fortune = 21  # 4s
    wall = [t for t in range(NUM_KINDS) if t != fortune for _ in range(4)]
    wall += [fortune] * 3
    outcomes = {"valid": 0, "false": 0, "refused": 0}
    for _ in range(1500):
        tiles = rng.sample(wall, 14)
        names = [tile_name(t) + ("*" if t == fortune else "") for t in tiles]
        win = rng.choice(names)
        seat, banker = rng.choice("ESWN"), rng.choice("ESWN")
        data: dict[str, Any] = {
            "rules": "hangzhou", "hand": " ".join(names), "win_tile": win, "fortune": "4s",
            "seat_wind": seat, "banker": banker, "lao": rng.randint(1, 4),
        }  # fmt: skip
        how = rng.randrange(3)
        if how == 0:
            data["self_drawn"] = True
        else:
            data["discarder"] = rng.choice([s for s in "ESWN" if s != seat])
            data["robbing_kong"] = how == 2
        try:
            s = parlour.score(data)
        except ParlourError:
            outcomes["refused"] += 1
            continue
        assert sum(s.payments.values()) == 0
        outcomes["valid" if s.valid else "false"] += 1
    assert outcomes["false"] > 1000 and outcomes["refused"] > 0, outcomes


def test_four_sets_and_a_pair_won_by_an_own_tile_are_always_a_win() -> None:
    """Random complete hands (four sets and a pair of the wall without the indicator's
    kind), up to three tiles of them replaced by fortunes: every own-tile win is valid,
    and paid by the others."""
    from parlour.mahjong.tiles import tile_name

    rng = random.Random(11)
    kinds = [t for t in range(34) if t != 21]  # every kind but 4s (the indicator)
    checked = 0
    while checked < 200:
        counts = dict.fromkeys(range(34), 0)
        hand: list[int] = []
        for _ in range(4):
            first = rng.choice(kinds)
            run = first < 27 and first % 9 <= 6 and rng.random() < 0.6
            group = [first, first + 1, first + 2] if run else [first] * 3
            hand += group
            for t in group:
                counts[t] += 1
        pair = rng.choice(kinds)
        hand += [pair, pair]
        counts[pair] += 2
        if any(counts[t] > 4 for t in counts) or 21 in hand:
            continue
        names = [tile_name(t) for t in hand]
        plain = parlour.score({"rules": "hangzhou", "fortune": "4s", "seat_wind": "W",
                               "hand": " ".join(names), "win_tile": rng.choice(names),
                               "self_drawn": True})  # fmt: skip
        for i in rng.sample(range(14), rng.randint(0, 3)):
            names[i] = "4s*"
        win = rng.choice(names)
        s = parlour.score({"rules": "hangzhou", "fortune": "4s", "seat_wind": "W",
                           "hand": " ".join(names), "win_tile": win, "self_drawn": True,
                           "lao": rng.randint(1, 3)})  # fmt: skip
        assert plain.valid and s.valid, (names, win, s.reason)
        assert sum(s.payments.values()) == 0 and min(v for k, v in s.payments.items()
                                                     if k != "W") < 0  # fmt: skip
        checked += 1

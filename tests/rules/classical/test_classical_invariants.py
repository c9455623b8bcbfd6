"""Random classical hands under every option combination, with what only classical has:
the table's settlement agrees with ``parlour.settle`` of the same finished hand (every
seat's hand scored), and the result carries every seat's score.

What every rule system must hold (every tile accounted for, jokers included; payments
summing to zero; no observation showing another seat's concealed tiles; records that
validate) is the conformance suite's (tests/conformance), under the same option
combinations."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
from parlour.bots import make_bot
from parlour.mahjong.melds import format_meld
from parlour.mahjong.session import make_ruleset
from parlour.mahjong.table import Table
from parlour.mahjong.tiles import format_tiles

COMBOS: list[tuple[dict[str, Any], dict[str, Any]]] = [
    ({}, {}),
    ({"east_pays_double": True, "prevailing_wind_scoring": True, "rob_kong": True}, {}),
    ({"players": 3}, {}),
    ({"players": 2}, {}),
    ({"players": 5, "dreamer_payment": True}, {}),
    ({"goulash": True}, {"goulash": True}),
    ({"goulash": True, "goulash_wild": "jokers"}, {"goulash": True}),
    ({"players": 3, "goulash": True}, {"goulash": True}),
    ({"players": 2, "goulash": True, "goulash_wild": "jokers"}, {"goulash": True}),
]


def settle_input(table: Table, result: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    """The finished hand as ``parlour.settle`` takes it."""
    win = result["wins"][0]
    how = win.get("how", {})
    seats: dict[str, Any] = {}
    for s in range(table.num_seats):
        concealed = list(table.hands[s])
        hand = " ".join([*(format_meld(m) for m in table.melds[s]), format_tiles(concealed)])
        entry: dict[str, Any] = {"hand": hand.strip()}
        if table.bonus[s]:
            entry["bonus"] = format_tiles(table.bonus[s])
        if s == win["seat"]:
            entry["win_tile"] = win["tile"]
            if win["self_drawn"]:
                entry["self_drawn"] = True
            else:
                entry["discarder"] = table.seat_wind(win["discarder"])
            if how.get("live_wall_empty") or how.get("last_wall_tile"):
                entry["last_wall_tile"] = True
            replacement = how.get("replacement") or (
                "kong" if how.get("kong_replacement") else None
            )
            if replacement:
                entry[f"{replacement}_replacement"] = True
            if replacement == "kong" and how.get("kong_chain", 0) >= 2:
                entry["kong_on_kong"] = True
            if how.get("robbing_kong"):
                entry["robbing_kong"] = True
        seats[table.seat_wind(s)] = entry
    visible = format_tiles([t for pile in table.discards for t in pile])
    return {
        "rules": "classical",
        "options": options,
        "winner": table.seat_wind(win["seat"]),
        "seats": seats,
        "visible": visible,
        "round_wind": table.prevailing,
        "goulash": bool(table.flags.get("goulash")),
    }


@pytest.mark.slow
@pytest.mark.parametrize(("options", "flags"), COMBOS, ids=[json.dumps(c[0]) for c in COMBOS])
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10**6), choice=st.integers(0, 10**6))
def test_random_hands_keep_every_invariant(
    options: dict[str, Any], flags: dict[str, Any], seed: int, choice: int
) -> None:
    ruleset = make_ruleset("classical", options)
    table = Table(ruleset, seed=seed, flags=flags)
    rng = random.Random(choice)
    bots = [make_bot(rng.choice(["greedy", "random"]), choice + s, ruleset) for s in range(4)]
    while not table.is_over():
        seat = table.to_act()[0]
        table.apply(seat, bots[seat].act(table.observation(seat), table.legal_actions(seat)))
    result = table.result()
    assert result is not None
    assert sum(result["payments"]) == 0
    if result["wins"]:
        assert len(result["scores"]) == table.num_seats
        assert [s["total"] for s in result["scores"]][result["wins"][0]["seat"]] == result["wins"][
            0
        ]["total"]
    win = result["wins"][0] if result["wins"] else None
    if win is not None and not win.get("how", {}).get("first_turn"):
        settled = parlour.settle(settle_input(table, result, options))
        assert settled.valid
        assert [settled.net[table.seat_wind(s)] for s in range(table.num_seats)] == result[
            "payments"
        ]

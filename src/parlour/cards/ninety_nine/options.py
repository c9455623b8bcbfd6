"""Ninety-Nine's options (:data:`OPTIONS`, §1 of the rules) and their check.

>>> _check_ninety_nine_options({"deal_count": 18})["deal_count"]
18
>>> _check_ninety_nine_options({"deal_count": 10})
Traceback (most recent call last):
...
ValueError: option deal_count must be a multiple of 9 from 9 to 999, not 10
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parlour.core.options import Option, check_options, option_values

MOST_DEALS = 999
"""The most deals a fixed_deals game may have: 111 rounds of nine, more than any table
plays (a server table of bots would otherwise play for hours)."""


def _ninefold(count: int) -> bool:
    return count % 9 == 0


OPTIONS: tuple[Option, ...] = (
    Option(
        "game_format",
        "fixed_deals",
        "fixed_deals: a fixed number of deals; three_game_wins: first to win 3 races to 100",
        ("fixed_deals", "three_game_wins"),
    ),
    Option(
        "deal_count",
        9,
        "deals in a fixed_deals game: 9 or another multiple of 9",
        minimum=9,
        maximum=MOST_DEALS,
        fits=_ninefold,
        allowed=f"a multiple of 9 from 9 to {MOST_DEALS}",
    ),
    Option("game_target", 100, "the total that wins one game of three_game_wins", (100,)),
    Option(
        "premium_announcement",
        "simultaneous",
        "premium offers made privately at once, or once each in seat order",
        ("simultaneous", "sequential"),
    ),
    Option(
        "revealed_hand_exposure",
        "whole_play",
        "a revealed hand stays face up the whole play, or is shown once before the lead",
        ("whole_play", "once"),
    ),
    Option(
        "trump_reset_each_game",
        False,
        "diamonds are trumps in the first deal of every game (three_game_wins only)",
    ),
    Option(
        "tie_resolution",
        "extra_deals",
        "a shared top total: play single extra deals, or the tied players share the win",
        ("extra_deals", "shared"),
    ),
)
"""The options of §1 of the rules, with their defaults."""


def _check_ninety_nine_options(given: Mapping[str, Any]) -> dict[str, Any]:
    """Every option's value (given or default), each checked; ValueError naming a bad one."""
    return option_values(OPTIONS, check_options(OPTIONS, given, "ninety-nine"))

"""Classical tables with the goulash whose first hand is a washout, for tests that need
a goulash's exchanges at once (the server's and the browser's).

A table's seed is the server's secret and a washout cannot be asked for, so the first
hand is found beforehand: random bots play it over seeds 0, 1, ... (as the server
would, from the same ruleset, options and seed) until one is a washout; its moves are
then put in the table's log, which the server replays when the table is loaded.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, NamedTuple

from parlour.bots import make_bot
from parlour.mahjong.session import Session, make_ruleset, rules_of
from parlour.server.store import LoggedAction

NAMES = ["Ann", "greedy 2", "greedy 3", "greedy 4"]
"""Ann in the first seat, three bots."""


class WashedOut(NamedTuple):
    """A goulash table's seed, its options, and its first hand: the session after it
    and the moves that played it (a washout)."""

    seed: int
    options: dict[str, Any]
    session: Session
    log: list[LoggedAction]


def washed_out_first_hand(hands: int = 2) -> WashedOut:
    """The first seed (from 0) whose first hand, played by random bots, is a washout
    followed by a goulash.

    >>> found = washed_out_first_hand()
    >>> found.session.hand_number, found.session.current_table().flags["goulash"]
    (2, True)
    """
    ruleset = make_ruleset("classical", {"goulash": True})
    rules = replace(rules_of(ruleset), max_hands=hands)
    for seed in range(100):
        session = Session(
            "classical", ruleset.options, seed=seed, players=NAMES, session_rules=rules
        )
        bots = [make_bot("random", seed=seed + p) for p in range(4)]
        log: list[LoggedAction] = []
        while session.hand_number == 1 and not session.is_over():
            table = session.current_table()
            for seat in table.to_act():
                action = bots[session.player_at(seat)].act({}, table.legal_actions(seat))
                log.append(
                    LoggedAction(len(log) + 1, 1, seat, table.format_action(action), None, "bot")
                )
                session.apply(seat, action, hand=1)
        first = session.tables[0].result()
        if first is not None and not first["wins"] and session.current_table().flags["goulash"]:
            return WashedOut(seed, dict(ruleset.options), session, log)
    raise AssertionError("no seed from 0 to 99 has a washout for its first hand")

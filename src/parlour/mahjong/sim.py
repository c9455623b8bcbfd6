"""Simulating mahjong: one hand of a simulation played by bots, and the summary of many.

Hand ``i`` of a simulation with seed ``S`` is dealt with the seed ``hand_seed(S, i)`` (a
hash, so every simulation seed and hand number gives its own deal), its dealer is seat
``i`` modulo the number of seats, and its bots are seeded from that seed. By default the
tables ask every seat after each discard, as at a real table; ``fast`` asks only the
seats that can act (what a simulation of bots, where nothing is hidden from anyone, may
do). :func:`parlour.sim.simulate` plays many of them in parallel. A hand's result names
the seat that dealt in (``dealt_in``: discarded the winning tile, or had its kong robbed;
None for a self-drawn win or a draw).

Every bot is handed its observation with its legal actions; with ``observe=False`` (a
batch simulation) a bot that reads none (its ``observes`` is False: the random bot) is
handed an empty one and the table builds none, and a bot that names the entries it reads
(its ``observes`` a tuple of keys: the greedy bot) is handed those only. The hand, its
record and its result are the same either way: a bot decides alike on what it reads.

>>> r = play_hand(["random"] * 4, seed=3, index=0)
>>> r["index"], len(r["payments"]), sum(r["payments"])
(0, 4, 0)
>>> play_hand(["random"] * 4, seed=3, index=0, observe=False) == r
True
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from parlour.bots import Bot, make_bot, show_events
from parlour.core.match import hand_seed
from parlour.mahjong.session import make_ruleset
from parlour.mahjong.table import Table

HandResult = dict[str, Any]


def play_out(table: Table, players: Sequence[Bot], *, observe: bool = True) -> Table:
    """Play ``table``'s hand to its end: whichever seat is to act first (by seat
    number) is given its observation and legal actions and its bot's action is
    applied (a bot that reads the events its seat sees is handed them first:
    :func:`parlour.bots.show_events`). With ``observe`` False a bot whose
    ``observes`` is False is handed an empty observation, one whose ``observes``
    names keys only those entries (see the module docstring). The table, over.

    >>> from parlour.bots import RandomBot
    >>> t = play_out(Table(seed=3), [RandomBot(seed=s) for s in range(4)], observe=False)
    >>> t.is_over(), len(t.actions)
    (True, 368)
    """
    reads = [None if observe else _reads(p) for p in players]
    blind = [keys == () for keys in reads]
    watching = [hasattr(p, "watch") for p in players]
    to_act, legal, apply, observation = (
        table.to_act,
        table.legal_actions,
        table.apply,
        table.observation,
    )
    while True:
        seats = to_act()
        if not seats:
            if table.is_over():
                return table
            raise RuntimeError("the hand is not over and no seat is to act")
        seat = seats[0]
        seen: dict[str, Any] = {} if blind[seat] else observation(seat, reads[seat])
        if watching[seat]:
            show_events(players[seat], table.events, seat)
        apply(seat, players[seat].act(seen, legal(seat)))


def _reads(bot: Bot) -> tuple[str, ...] | None:
    """The entries of its observation ``bot`` reads, by its ``observes``: all (None)
    when True or not said, none when False, else the keys it names.

    >>> from parlour.bots import GreedyBot, RandomBot
    >>> _reads(RandomBot()), "hand" in (_reads(GreedyBot()) or ())
    ((), True)
    """
    said = getattr(bot, "observes", True)
    if said is True:
        return None
    if said is False:
        return ()
    return tuple(said)


def play_hand(
    bots: Sequence[str],
    seed: int,
    index: int,
    *,
    record: bool = False,
    rules: str | None = None,
    options: Mapping[str, Any] | None = None,
    fast: bool = False,
    observe: bool = True,
) -> HandResult:
    """Play hand ``index`` of a simulation seeded ``seed`` with the named bots
    (``observe``: see the module docstring)."""
    from parlour.registry import DEFAULT_SYSTEM

    ruleset = make_ruleset(rules or DEFAULT_SYSTEM, options)
    seed_i = hand_seed(seed, index)
    dealer = index % ruleset.num_seats
    table = Table(ruleset, seed=seed_i, dealer=dealer, ask_everyone=not fast)
    players = [make_bot(name, seed=seed_i * 4 + s, ruleset=ruleset) for s, name in enumerate(bots)]
    try:
        play_out(table, players, observe=observe)
    finally:
        for player in players:
            close = getattr(player, "close", None)
            if close is not None:
                close()  # an outside program stops with its hand
    result = table.result()
    assert result is not None
    wins = result["wins"]
    out: HandResult = {
        "index": index,
        "seed": seed_i,
        "dealer": dealer,
        "winners": [w["seat"] for w in wins],
        "self_drawn": [w["self_drawn"] for w in wins],
        "totals": [w["total"] for w in wins],
        "patterns": [p for w in wins for p in w["patterns"]],
        "payments": result["payments"],
        "actions": len(table.actions),
        "dealt_in": next((w["discarder"] for w in wins if w["discarder"] is not None), None),
    }
    if "forfeit" in result:  # a seat (an outside program) forfeited the hand
        out["forfeit"] = result["forfeit"]["seat"]
    if record:
        from parlour.records import record_of

        out["record"] = record_of(table)  # replayable: ``parlour validate records.jsonl``
    return out


def summarise(bots: Sequence[str], results: Sequence[HandResult]) -> dict[str, Any]:
    """Win rate and mean score per seat and per bot, draw rate, fan frequencies, hand
    lengths (actions per hand); when hands were forfeited (by outside programs), each
    seat's ``forfeits`` (such a hand is no draw)."""
    n = len(results)
    seats = []
    for s, name in enumerate(bots):
        wins = sum(r["winners"].count(s) for r in results)
        score = sum(r["payments"][s] for r in results)
        own = sum(
            1
            for r in results
            for w, drawn in zip(r["winners"], r["self_drawn"], strict=True)
            if w == s and drawn
        )
        seats.append(
            {
                "seat": s,
                "bot": name,
                "wins": wins,
                "win_rate": wins / n if n else 0.0,
                "mean_score": score / n if n else 0.0,
                "self_drawn": own,
            }
        )
    by_bot: dict[str, dict[str, float]] = {}
    for name in sorted(set(bots)):
        mine = [x for x in seats if x["bot"] == name]
        by_bot[name] = {
            "seats": len(mine),
            "win_rate": sum(float(x["win_rate"]) for x in mine) / len(mine),
            "mean_score": sum(float(x["mean_score"]) for x in mine) / len(mine),
        }
    fans: Counter[str] = Counter()
    for r in results:
        for p in r["patterns"]:
            fans[p["name"]] += 1
    lengths = sorted(r["actions"] for r in results)
    draws = sum(1 for r in results if not r["winners"] and "forfeit" not in r)
    forfeits = [r["forfeit"] for r in results if "forfeit" in r]
    totals = [t for r in results for t in r["totals"]]
    if forfeits:  # hands ended by a forfeit (outside programs), by seat
        for x in seats:
            x["forfeits"] = forfeits.count(x["seat"])
    return {
        "hands": n,
        "draws": draws,
        "draw_rate": draws / n if n else 0.0,
        "seats": seats,
        "bots": by_bot,
        "fans": dict(fans.most_common()),
        "mean_total": sum(totals) / len(totals) if totals else 0.0,
        "actions_per_hand": {
            "mean": sum(lengths) / n if n else 0.0,
            "min": lengths[0] if lengths else 0,
            "max": lengths[-1] if lengths else 0,
        },
        "results": list(results),
    }


def write_outputs(summary: dict[str, Any], out: Path) -> None:
    """``summary.json`` (without the per-hand list), ``hands.jsonl`` (one line per hand)
    and, when the hands were recorded, ``records.jsonl`` (one game record per line, for
    ``parlour validate`` and ``parlour replay``) in ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    brief = {k: v for k, v in summary.items() if k != "results"}
    (out / "summary.json").write_text(json.dumps(brief, indent=2) + "\n")
    with (out / "hands.jsonl").open("w") as f:
        for r in summary["results"]:
            brief = {k: v for k, v in r.items() if k != "record"}
            f.write(json.dumps(brief, separators=(",", ":")) + "\n")
    if summary["results"] and "record" in summary["results"][0]:
        with (out / "records.jsonl").open("w") as f:
            for r in summary["results"]:
                f.write(json.dumps(r["record"], separators=(",", ":")) + "\n")


__all__ = ["HandResult", "play_hand", "play_out", "summarise", "write_outputs"]

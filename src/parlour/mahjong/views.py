"""What the command line shows of mahjong: scores, settlements, replays and simulations,
as plain blocks (:mod:`parlour.core.views`) that the rule systems put together.

>>> from parlour.mahjong.scoring import PatternLine, Score
>>> s = Score(True, 8, (PatternLine("Pure Straight", 16, key="pure_straight"),),
...           {"E": 24, "S": -8, "W": -8, "N": -8})
>>> print(as_text([payments_grid(s.payments)]))
Payments
seat | points
E    |    +24
S    |     -8
W    |     -8
N    |     -8
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from parlour.core.views import Block, Column, Grid, Line, as_text, seats_grid
from parlour.mahjong.scoring import Score


def lines_grid(result: Score, title: str = "Points and doubles") -> list[Block]:
    """A score's lines (item, unit, count, value), its total and its arithmetic."""
    grid = Grid(
        title,
        (
            Column("item", no_wrap=True),
            Column("unit"),
            Column("count", right=True),
            Column("value", right=True),
        ),
    )
    for p in result.patterns:
        grid.add(p.name, p.unit, str(p.count), "limit" if p.unit == "limit" else str(p.points))
    grid.footer = (("score", "", "", str(result.total)),)
    return [grid, *(Line(line) for line in result.explain)]


def fans_grid(result: Score) -> Grid:
    """A fan score's lines (fan, value, count, points) and its total."""
    grid = Grid(
        "Fans",
        (
            Column("fan", no_wrap=True),
            Column("value", right=True),
            Column("count", right=True),
            Column("points", right=True),
        ),
    )
    for p in result.patterns:
        grid.add(p.name, str(p.value), str(p.count), str(p.points))
    grid.footer = (("total", "", "", str(result.total)),)
    return grid


def payments_grid(payments: Mapping[str, int], roles: Mapping[str, str] | None = None) -> Grid:
    """Each seat's payment (and, when given, its part in the win)."""
    columns: tuple[Column, ...] = (Column("seat"), Column("points", right=True))
    if roles is not None:
        columns = (Column("seat"), Column(""), Column("points", right=True))
    grid = Grid("Payments", columns)
    for seat, amount in payments.items():
        text = f"{amount:+d}" if amount else "0"
        if roles is None:
            grid.add(seat, f"{amount:+d}")
        else:
            grid.add(seat, roles.get(seat, ""), text)
    return grid


def settlement_view(table: Mapping[str, Any], result: Any) -> list[Block]:
    """Every seat's scored hand, the settlement between the seats and the net change
    (a rulebook that scores every hand: ``parlour score --table``)."""
    out: list[Block] = []
    seats = table.get("seats", {})
    for who, s in result.scores.items():
        role = "winner" if who == result.winner else "loser"
        hand_text = seats.get(who, {}).get("hand", "")
        win_text = seats.get(who, {}).get("win_tile")
        suffix = f" +{win_text}" if role == "winner" and win_text else ""
        out.append(Line(""))
        out.append(Line(f"{who} ({role})  {hand_text}{suffix}", bold=True))
        out.extend(lines_grid(s, title=f"{who}: {s.total}"))
    if result.payments:
        grid = Grid("Settlement", (Column("payer"), Column("payee"), Column("amount", right=True)))
        for payer, payee, amount in result.payments:
            grid.add(payer, payee, str(amount))
        out.append(grid)
    out.extend(Line(line) for line in result.explain)
    net = Grid("Net", (Column("seat"), Column("change", right=True)))
    for who, amount in result.net.items():
        net.add(who, f"{amount:+d}")
    out.append(net)
    return out


def replay_view(steps: Iterator[Any], events: bool) -> Iterator[Block]:
    """A mahjong record replayed: each hand, its wins and draws, and with ``events``
    every move."""
    hand = 0
    for step in steps:
        if step.hand != hand:
            hand = step.hand
            yield Line(f"hand {hand}", bold=True)
        if step.action is None:
            continue
        if events:
            yield Line(f"{step.move:4d}. seat {step.seat}: {step.action}")
        for e in step.events:
            if e.kind == "win":
                d = e.data
                melds = " ".join(d["melds"])
                yield Line(
                    f"seat {e.seat} wins on {d['tile']} with {d['hand']} {melds}: "
                    f"{d['total']} points, payments {d['payments']}"
                )
            elif e.kind == "exhaustive_draw":
                yield Line("exhaustive draw")
            elif e.kind == "forfeit":
                yield Line(f"seat {e.seat} forfeits the hand: payments {list(e.data['payments'])}")


def simulation_view(
    summary: Mapping[str, Any], name: str, pattern_word: str = "scoring lines"
) -> list[Block]:
    """What ``parlour simulate`` prints of a mahjong simulation."""
    hands = summary["hands"]
    title = f"{hands:,} {name} hands · draw rate {summary['draw_rate']:.1%}"
    grid = seats_grid(title, summary["seats"])
    top = ", ".join(f"{k} {v}" for k, v in list(summary["fans"].items())[:8])
    length = summary["actions_per_hand"]
    forfeits = [f"seat {x['seat']} {x['forfeits']}" for x in summary["seats"] if x.get("forfeits")]
    return [
        grid,
        *([Line(f"hands forfeited: {', '.join(forfeits)}")] if forfeits else []),
        Line(f"most frequent {pattern_word}: {top or '-'}"),
        Line(
            f"actions per hand: mean {length['mean']:.1f}, min {length['min']}, max {length['max']}"
        ),
    ]


def short_hand_hint(hand: str | None) -> str:
    """A hint for an error on a hand written one tile short (13 tiles, or 16 where the
    game has 17): HAND must hold the winning tile too.

    >>> short_hand_hint("123m 456p 789s EEE C")[:39]
    ' (the hand holds 13 tiles: HAND is the '
    """
    from parlour.core.errors import ParlourError
    from parlour.mahjong.melds import parse_hand

    if not hand:
        return ""
    try:
        parsed = parse_hand(hand)
    except ParlourError:
        return ""
    size = len(parsed.concealed) + 3 * len(parsed.melds)
    if size % 3 != 1:
        return ""
    return (
        f" (the hand holds {size} tiles: HAND is the whole hand, the winning tile included, "
        f'e.g. "123m 456p 789s EEE CC" --win C)'
    )


__all__ = [
    "as_text",
    "fans_grid",
    "lines_grid",
    "payments_grid",
    "replay_view",
    "settlement_view",
    "short_hand_hint",
    "simulation_view",
]

"""What a face shows, as plain data: lines of text and tables.

A rule system describes what its scores, results and replays look like as a list of
*blocks* (:class:`Line` and :class:`Grid`); the command line draws them with rich, a
test reads them as text. Nothing here knows a game.

>>> grid = Grid("Payments", (Column("seat"), Column("points", right=True)))
>>> grid.add("E", "+24").add("S", "-8")
Grid(title='Payments', columns=(...), rows=[('E', '+24'), ('S', '-8')], footer=())
>>> print(as_text([Line("won on C", bold=True), grid]))
won on C
Payments
seat | points
E    |    +24
S    |     -8
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Column:
    """A column of a :class:`Grid`: its heading, right-aligned or not, never wrapped."""

    heading: str
    right: bool = False
    no_wrap: bool = False


@dataclass(slots=True)
class Grid:
    """A table: a title, columns, rows of cells and footer rows (a total, after a rule)."""

    title: str
    columns: tuple[Column, ...]
    rows: list[tuple[str, ...]] = field(default_factory=list)
    footer: tuple[tuple[str, ...], ...] = ()

    def add(self, *cells: str) -> Grid:
        """Add one row (as many cells as columns); returns the grid."""
        if len(cells) != len(self.columns):
            raise ValueError(f"a row of {self.title!r} has {len(self.columns)} cells")
        self.rows.append(tuple(cells))
        return self


@dataclass(frozen=True, slots=True)
class Line:
    """A line of text; ``bold`` for a heading, ``error`` for a refusal (shown in red on
    the error stream), ``label`` a bold word before it (``not valid: ...``)."""

    text: str
    bold: bool = False
    error: bool = False
    label: str = ""


Block = Line | Grid
"""One thing a face shows."""


def seats_grid(title: str, seats: Iterable[Mapping[str, Any]]) -> Grid:
    """A simulation's figures per seat: its bot, wins, win rate and mean score.

    >>> print(as_text([seats_grid("2 games", [{"seat": 0, "bot": "random", "wins": 1,
    ...     "win_rate": 0.5, "mean_score": 2.0}])]))
    2 games
    seat | bot    | wins | win rate | mean score
       0 | random |    1 |    50.0% |      +2.00
    """
    grid = Grid(
        title,
        (
            Column("seat", right=True),
            Column("bot"),
            Column("wins", right=True),
            Column("win rate", right=True),
            Column("mean score", right=True),
        ),
    )
    for s in seats:
        grid.add(
            str(s["seat"]),
            s["bot"],
            f"{s['wins']:,}",
            f"{s['win_rate']:.1%}",
            f"{s['mean_score']:+.2f}",
        )
    return grid


def as_text(blocks: Iterable[Block]) -> str:
    """Blocks as plain text (columns padded, ``|`` between them)."""
    out: list[str] = []
    for b in blocks:
        if isinstance(b, Line):
            out.append(f"{b.label}: {b.text}" if b.label else b.text)
            continue
        out.append(b.title)
        rows: list[Sequence[str]] = [tuple(c.heading for c in b.columns), *b.rows, *b.footer]
        widths = [max(len(r[i]) for r in rows) for i in range(len(b.columns))]
        for r in rows:
            cells = [
                cell.rjust(w) if col.right else cell.ljust(w)
                for cell, w, col in zip(r, widths, b.columns, strict=True)
            ]
            out.append(" | ".join(cells).rstrip())
    return "\n".join(out)


__all__ = ["Block", "Column", "Grid", "Line", "as_text", "seats_grid"]

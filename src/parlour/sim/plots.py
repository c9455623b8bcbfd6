"""Figures of a simulation (or of a finished table's hands): how each seat's scores are
spread, the cumulative score over the run, the win (and deal-in) rates with their 95%
confidence bars, and how often each pattern made the winning hands (a card game: the
spread of its own figures per game).

The figures are matplotlib :class:`~matplotlib.figure.Figure` objects made directly (no
pyplot, whose global state a server's threads would share), drawn by the Agg and SVG
backends; matplotlib is imported only when a figure is made. A :class:`Simulation` is
read from the rows ``parlour simulate --out DIR`` writes (:func:`load`: the directory,
its ``hands.parquet`` or ``games.parquet``, or their bytes), from results in memory
(:func:`from_results`) or from a finished table's record (:func:`from_record`).

>>> sim = from_results([{"winners": [0], "payments": [3, -1, -1, -1],
...     "patterns": [{"name": "Chicken Hand"}]}, {"winners": [], "payments": [0, 0, 0, 0]}],
...     rules="mcr", bots=["greedy", "greedy", "random", "random"])
>>> sorted(figures(sim))
['cumulative-score', 'patterns', 'score-distribution', 'win-rates']
>>> [(s.label, s.wins, s.scores) for s in series(sim, by="bot")]
[('greedy', 1, (3.0, -1.0, 0.0, 0.0)), ('random', 0, (-1.0, -1.0, 0.0, 0.0))]
"""

from __future__ import annotations

import functools
import io
import json
import math
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from parlour.sim.intervals import rate_interval

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

WIDTH, HEIGHT, DPI = 8.0, 5.0, 100
"""A figure's size in inches and its resolution: 800 × 500 pixels as PNG."""
FORMATS = ("png", "svg")
TOP = 15
"""How many patterns the pattern figure shows (the most frequent)."""
MAX_UNITS = 200_000
"""The most units (rows) a simulation read from bytes may hold (an upload); files are
read whole."""
POINTS = 2000
"""The most points a cumulative line is drawn with (a longer run is sampled evenly)."""
FLIERS = 1000
"""Past this many units a score distribution draws no outliers one by one (its
whiskers then reach the 1st and 99th percentiles)."""
UNIT_FILES = ("hands", "games")
"""The names of a simulation's row files, ``<name>.parquet``."""
COLUMNS = ("rules", "bots", "result")
"""The columns of a simulation's rows that the figures read (and ``entries``, a
tournament's names of the bots at each seat, when there is one)."""

CAPTIONS = {
    "score-distribution": "Score distribution",
    "cumulative-score": "Cumulative score",
    "win-rates": "Win rates (95% confidence bars)",
    "patterns": "Pattern frequencies",
    "game-stats": "Per game figures",
}
"""What each figure shows, by name."""

By = Literal["seat", "bot"]


@dataclass(frozen=True)
class Unit:
    """One unit of a simulation (a mahjong hand, a whole card game), as the figures
    read it: each seat's score, the winning seats, the patterns of the winning hands,
    the seats that dealt in (None: the result does not say), the unit's own figures
    (a card game's) and the bot at each seat."""

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    bots: tuple[str, ...]
    patterns: tuple[str, ...] = ()
    dealt_in: tuple[int, ...] | None = None
    stats: Mapping[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class Simulation:
    """The units of a simulation of rule system ``rules``, in order; ``unit`` names
    them (``hands``, ``games``); ``labels`` names each seat's series (default
    ``seat N: bot``); ``claims``: a winning tile may be another's discard (so
    deal-in rates mean something); ``by``: its series are seats or bots by default
    (a tournament's, whose seatings change, are its entries: ``bot``)."""

    rules: str
    units: tuple[Unit, ...]
    unit: str = "hands"
    labels: tuple[str, ...] | None = None
    claims: bool = False
    by: By = "seat"

    @property
    def bots(self) -> tuple[str, ...]:
        """The bots of the first unit, seat by seat."""
        return self.units[0].bots if self.units else ()

    @property
    def heading(self) -> str:
        """The :attr:`title` as a page shows it (a ``$`` as itself, not escaped for the
        figures).

        >>> Simulation("mcr", (Unit((0.0,), (), (clean_label("$a"),)),)).heading
        'mcr · $a · 1 hand'
        """
        return self.title.replace("\\$", "$")

    @property
    def title(self) -> str:
        """``rules · bots · N units`` (a figure's second line).

        >>> Simulation("mcr", (Unit((0.0, 0.0), (), ("a", "b")),)).title
        'mcr · a, b · 1 hand'
        """
        names = ", ".join(self.labels or self.bots)
        n = len(self.units)
        unit = self.unit if n != 1 else self.unit.rstrip("s")
        return f"{self.rules} · {names} · {n} {unit}"


@dataclass(frozen=True)
class Series:
    """One line, box or bar of the figures: a seat or a bot (``label``), its score in
    each unit it played (in order), its wins and deal-ins (None: not known)."""

    label: str
    scores: tuple[float, ...]
    wins: int
    dealt_in: int | None = None

    @property
    def units(self) -> int:
        return len(self.scores)


# -- reading ---------------------------------------------------------------------------


def clean_label(text: object, limit: int = 40) -> str:
    """``text`` fit for a figure: printable, without the characters the figures' font
    cannot draw (unless that leaves nothing), at most ``limit`` characters, and no
    mathtext (a ``$`` is drawn as itself).

    >>> clean_label("a$b\\x00c"), len(clean_label("y" * 99))
    ('a\\\\$bc', 40)
    """
    return _clean(str(text), limit)


@functools.lru_cache(maxsize=4096)
def _clean(text: str, limit: int) -> str:
    """:func:`clean_label` of a string (the same names come back row after row)."""
    s = "".join(c for c in text if c.isprintable())
    glyphs = _glyphs()
    if glyphs is not None:  # "small win 小胡" as "small win" when the font has no 小胡
        drawn = " ".join("".join(c for c in s if ord(c) in glyphs).split())
        s = drawn or s
    s = s if len(s) <= limit else s[: limit - 1] + "…"
    return s.replace("$", r"\$")


@functools.cache
def _glyphs() -> frozenset[int] | None:
    """The characters matplotlib's default font draws (None: not known)."""
    try:
        from matplotlib import font_manager, ft2font

        path = font_manager.findfont(font_manager.FontProperties(), fallback_to_default=True)
        return frozenset(ft2font.FT2Font(path).get_charmap())
    except (OSError, RuntimeError, ValueError):  # pragma: no cover - no font at all
        return None


def _number(value: Any, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError(f"{what} is not a number: {value!r}"[:200])
    return float(value)


def _seats(value: Any, seats: int, what: str) -> tuple[int, ...]:
    if value is None:
        return ()
    if isinstance(value, int) and not isinstance(value, bool):
        value = [value]
    if not isinstance(value, list) or not all(
        isinstance(s, int) and not isinstance(s, bool) and 0 <= s < seats for s in value
    ):
        raise ValueError(f"{what} is not a list of seats 0 to {seats - 1}: {value!r}"[:200])
    return tuple(value)


def unit_of(result: Any, bots: Sequence[str], where: str = "a result") -> Unit:
    """The :class:`Unit` of one result (a line of ``hands.jsonl``, a row's ``result``);
    ValueError saying what is wrong with it.

    >>> unit_of({"winners": [1], "payments": [-8, 8], "dealt_in": [0]}, ["a", "b"])
    Unit(scores=(-8.0, 8.0), winners=(1,), bots=('a', 'b'), patterns=(), dealt_in=(0,), stats={})
    >>> unit_of({"scores": [1]}, ["a", "b"])
    Traceback (most recent call last):
    ...
    ValueError: a result: 1 scores for 2 seats
    """
    if not isinstance(result, Mapping):
        raise ValueError(f"{where} is not a JSON object")
    raw = result.get("payments", result.get("scores"))
    if not isinstance(raw, list):
        raise ValueError(f"{where} has no payments or scores (a list of numbers)")
    if len(raw) != len(bots):
        raise ValueError(f"{where}: {len(raw)} scores for {len(bots)} seats")
    scores = tuple(_number(x, f"{where}: a score") for x in raw)
    winners = _seats(result.get("winners", []), len(bots), f"{where}: winners")
    patterns = result.get("patterns", [])
    if not isinstance(patterns, list):
        raise ValueError(f"{where}: patterns is not a list")
    names = tuple(
        dict.fromkeys(clean_label(p["name"] if isinstance(p, Mapping) else p) for p in patterns)
    )
    dealt = result.get("dealt_in", ...)
    dealt_in = None if dealt is ... else _seats(dealt, len(bots), f"{where}: dealt_in")
    raw_stats = result.get("stats", {})
    if not isinstance(raw_stats, Mapping):
        raise ValueError(f"{where}: stats is not an object")
    stats = {
        clean_label(k): float(v)
        for k, v in raw_stats.items()
        if isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)
    }
    return Unit(scores, winners, tuple(bots), names, dealt_in, stats)


def _unit_name(results: Sequence[Any]) -> str:
    """``games`` when the results carry a card game's ``scores``, else ``hands``."""
    first = results[0] if results else None
    return (
        "games"
        if isinstance(first, Mapping) and "payments" not in first and ("scores" in first)
        else "hands"
    )


def _claims(results: Iterable[Any]) -> bool:
    """Whether the results tell self-drawn wins from claimed ones (mahjong's do)."""
    return any(isinstance(r, Mapping) and "self_drawn" in r for r in results)


def from_results(
    results: Sequence[Mapping[str, Any]],
    *,
    rules: str,
    bots: Sequence[str],
    unit: str | None = None,
    labels: Sequence[str] | None = None,
) -> Simulation:
    """The simulation of ``results`` (the per-unit dicts :func:`parlour.sim.simulate`
    summarises) played by ``bots`` (one per seat) at rule system ``rules``; ``unit``
    (default: ``games`` when the results carry card-game ``scores``, else ``hands``).

    >>> from_results([{"scores": [1, 0], "winners": [0]}], rules="piquet", bots="ab").unit
    'games'
    """
    names = tuple(clean_label(b) for b in bots)
    units = tuple(unit_of(r, names, f"result {i}") for i, r in enumerate(results))
    return Simulation(
        clean_label(rules),
        units,
        unit or _unit_name(results),
        tuple(clean_label(x) for x in labels) if labels else None,
        _claims(results),
    )


def from_table(table: Any, unit: str | None = None) -> Simulation:
    """The simulation of a pyarrow table of rows (:mod:`parlour.sim.store`'s columns:
    ``rules``, ``bots`` (or a tournament's ``entries``) and ``result`` are read);
    ``unit`` as :func:`from_results` says; ValueError when they are not there or not
    what they should be."""
    missing = [c for c in COLUMNS if c not in table.column_names]
    if missing:
        raise ValueError(
            f"the rows have no {', '.join(missing)} column: they are not the rows "
            "parlour simulate --out writes (hands.parquet, games.parquet)"
        )
    rules_col = table.column("rules").to_pylist()
    named = "entries" if "entries" in table.column_names else "bots"
    bots_col = table.column(named).to_pylist()
    lines = table.column("result").to_pylist()
    results: list[Any] = []
    units: list[Unit] = []
    for i, (line, bots) in enumerate(zip(lines, bots_col, strict=True)):
        if not isinstance(line, str) or not isinstance(bots, list) or not bots:
            raise ValueError(f"row {i} has no result or no bots")
        try:
            result = json.loads(line)
        except (ValueError, RecursionError):
            raise ValueError(f"row {i}: its result is not JSON") from None
        results.append(result)
        units.append(unit_of(result, [clean_label(b) for b in bots], f"row {i}"))
    rules = rules_col[0] if rules_col and isinstance(rules_col[0], str) else "?"
    if unit is None:
        unit = _unit_name(results)
    by: By = "bot" if named == "entries" else "seat"
    return Simulation(clean_label(rules), tuple(units), unit, None, _claims(results), by)


def _parquet(source: Path | bytes, unit: str | None = None) -> Simulation:
    """The simulation in a Parquet file, or in its bytes (at most :data:`MAX_UNITS`
    rows)."""
    try:
        import pyarrow as pa  # type: ignore[import-untyped,import-not-found,unused-ignore]
        import pyarrow.parquet as pq  # type: ignore[import-untyped,import-not-found,unused-ignore]
    except ImportError as e:  # pragma: no cover - pyarrow is a dependency of parlour
        raise ValueError("reading Parquet needs pyarrow: pip install pyarrow") from e
    where = pa.BufferReader(source) if isinstance(source, bytes) else str(source)
    try:
        file = pq.ParquetFile(where)
        rows = file.metadata.num_rows
        if isinstance(source, bytes) and rows > MAX_UNITS:
            raise ValueError(f"at most {MAX_UNITS} rows are drawn, not {rows}")
        names = set(file.schema_arrow.names)
        table = file.read(columns=[c for c in (*COLUMNS, "entries") if c in names])
    except (pa.ArrowException, OSError) as e:
        raise ValueError(f"not a Parquet file that can be read ({e})"[:300]) from None
    return from_table(table, unit)


def _json(data: Any) -> Simulation:
    """A simulation from JSON: an object with the ``results`` (a list of per-unit
    results) and the ``rules`` and ``bots`` (or a summary's ``seats``), at the top or
    in its ``summary``."""
    if not isinstance(data, Mapping) or not isinstance(data.get("results"), list):
        raise ValueError(
            "the JSON is not a simulation: an object with its results (a list) and its "
            "rules and bots (or a summary with its seats)"
        )
    summary = data.get("summary", data)
    if not isinstance(summary, Mapping):
        raise ValueError("the JSON's summary is not an object")
    bots = data.get("bots", summary.get("bots"))
    if not isinstance(bots, list):
        seats = summary.get("seats")
        if isinstance(seats, list) and all(isinstance(s, Mapping) for s in seats):
            bots = [s.get("bot", "?") for s in seats]
    if not isinstance(bots, list) or not bots:
        raise ValueError("the JSON says no bots: give its bots (a list) or its summary's seats")
    rules = data.get("rules", summary.get("rules", "?"))
    unit = "games" if "games" in summary else "hands" if "hands" in summary else None
    return from_results(data["results"], rules=str(rules), bots=[str(b) for b in bots], unit=unit)


def load(source: Path | str | bytes) -> Simulation:
    """The simulation in ``source``: a directory ``parlour simulate --out`` wrote (its
    ``hands.parquet`` or ``games.parquet``, else the chunks of a run not finished; or
    the ``tournament.parquet`` of ``parlour tournament --out``),
    such a Parquet file, or the bytes of one (or of a JSON simulation: its
    ``results`` with its ``rules`` and ``bots``); ValueError saying what is wrong.

    >>> load(b"not a simulation")
    Traceback (most recent call last):
    ...
    ValueError: neither Parquet nor JSON: upload a simulation's hands.parquet or games.parquet
    """
    if isinstance(source, bytes):
        if source[:4] == b"PAR1":
            return _parquet(source)
        try:
            data = json.loads(source)
        except (ValueError, RecursionError):
            raise ValueError(
                "neither Parquet nor JSON: upload a simulation's hands.parquet or games.parquet"
            ) from None
        return _json(data)
    path = Path(source)
    if path.is_dir():
        for name in (*UNIT_FILES, "tournament"):
            if (path / f"{name}.parquet").is_file():
                return _parquet(path / f"{name}.parquet", name if name in UNIT_FILES else None)
        parts = sorted((path / "parts").glob("part-*.parquet"))
        if parts:
            return _parts(parts)
        raise ValueError(
            f"{path} holds no hands.parquet or games.parquet (parlour simulate --out DIR "
            "writes them)"
        )
    if not path.is_file():
        raise ValueError(f"{path}: no such file or directory")
    return _parquet(path, path.stem if path.stem in UNIT_FILES else None)


def _parts(parts: Sequence[Path]) -> Simulation:
    """The units of the chunks a run has finished so far (in unit order)."""
    sims = [_parquet(p) for p in parts]
    units = tuple(u for s in sims for u in s.units)
    first = sims[0]
    claims = any(s.claims for s in sims)
    return Simulation(first.rules, units, first.unit, None, claims, first.by)


def from_record(record: Mapping[str, Any], results: Sequence[Mapping[str, Any]]) -> Simulation:
    """The simulation of a finished table: its ``results`` (per hand, each player's
    score: :meth:`~parlour.core.systems.RuleSystem.record_results`), labelled with
    the record's players."""
    players = [clean_label(p) for p in record.get("players", [])]
    rules = record.get("ruleset", record.get("rules", "?"))
    sim = from_results(results, rules=str(rules), bots=players, labels=players)
    unit = "hands" if "hands" in record else "games"
    return Simulation(sim.rules, sim.units, unit, sim.labels, sim.claims)


# -- the series ----------------------------------------------------------------------------


def series(sim: Simulation, by: By = "seat") -> list[Series]:
    """The figures' series: one per seat (``by="seat"``, labelled ``seat N: bot`` or
    with the simulation's labels) or one per bot (``by="bot"``: every seat a bot
    played, in order of first appearance; for tournaments, whose seatings change).

    >>> sim = from_results([{"winners": [0], "scores": [2, 0]}], rules="piquet", bots="ab")
    >>> [(s.label, s.wins) for s in series(sim)]
    [('seat 0: a', 1), ('seat 1: b', 0)]
    """
    keys: dict[str, int] = {}
    scores: list[list[float]] = []
    wins: list[int] = []
    dealt: list[int] = []
    known = bool(sim.units) and all(u.dealt_in is not None for u in sim.units)
    for u in sim.units:
        for s, score in enumerate(u.scores):
            if by == "bot":
                key = u.bots[s]
            elif sim.labels is not None:
                key = sim.labels[s]
            else:
                key = f"seat {s}: {u.bots[s]}" if s < len(u.bots) else f"seat {s}"
            k = keys.setdefault(key, len(keys))
            if k == len(scores):
                scores.append([])
                wins.append(0)
                dealt.append(0)
            scores[k].append(score)
            wins[k] += s in u.winners
            dealt[k] += u.dealt_in is not None and s in u.dealt_in
    return [
        Series(label, tuple(scores[k]), wins[k], dealt[k] if known else None)
        for label, k in keys.items()
    ]


# -- the figures ---------------------------------------------------------------------------


def new_figure() -> Figure:
    """An empty figure of :data:`WIDTH` × :data:`HEIGHT` inches at :data:`DPI`, its
    layout constrained (no pyplot).

    >>> new_figure().get_size_inches().tolist(), new_figure().dpi
    ([8.0, 5.0], 100)"""
    from matplotlib.figure import Figure

    return Figure(figsize=(WIDTH, HEIGHT), dpi=DPI, layout="constrained")


def _titled(fig: Figure, ax: Axes, what: str, title: str) -> None:
    ax.set_title(f"{what}\n{title}", fontsize=10)


def score_distribution(lines: Sequence[Series], title: str, unit: str = "hands") -> Figure:
    """Box plots of each series' scores per unit (the mean a diamond; past
    :data:`FLIERS` units, whiskers at the 1st and 99th percentiles and no outliers).

    >>> fig = score_distribution([Series("a", (1.0, -1.0), 1)], "a test")
    >>> fig.axes[0].get_title()
    'Score distribution\\na test'
    """
    fig = new_figure()
    ax = fig.add_subplot()
    data = [list(s.scores) or [0.0] for s in lines]
    many = max((len(d) for d in data), default=0) > FLIERS
    ax.boxplot(
        data,
        showmeans=True,
        meanprops={"marker": "D", "markersize": 5},
        showfliers=not many,
        whis=(1.0, 99.0) if many else 1.5,
    )
    ax.set_xticks(range(1, len(lines) + 1), [s.label for s in lines], rotation=0, fontsize=8)
    ax.axhline(0, color="0.7", linewidth=0.8, zorder=0)
    ax.set_ylabel(
        f"score per {unit.rstrip('s')}" + (" (whiskers: 1st, 99th percentiles)" if many else "")
    )
    ax.set_xlabel("seat" if lines and lines[0].label.startswith("seat ") else "player")
    _titled(fig, ax, "Score distribution", title)
    return fig


def cumulative_score(lines: Sequence[Series], title: str, unit: str = "hands") -> Figure:
    """Each series' running total over the units it played, in order (drawn with
    :data:`POINTS` points at most).

    >>> fig = cumulative_score([Series("a", (1.0, 2.0), 1)], "a test")
    >>> fig.axes[0].lines[0].get_ydata().tolist()
    [0.0, 1.0, 3.0]
    """
    fig = new_figure()
    ax = fig.add_subplot()
    for s in lines:
        total = 0.0
        running = [0.0]
        for x in s.scores:
            total += x
            running.append(total)
        step = max(1, math.ceil(len(running) / POINTS))
        xs = list(range(0, len(running), step))
        if xs[-1] != len(running) - 1:
            xs.append(len(running) - 1)
        ax.plot(xs, [running[x] for x in xs], label=s.label, linewidth=1.4)
    ax.axhline(0, color="0.7", linewidth=0.8, zorder=0)
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel(unit)
    ax.set_ylabel("cumulative score")
    ax.legend(fontsize=8, loc="best")
    _titled(fig, ax, "Cumulative score", title)
    return fig


def rates(
    lines: Sequence[Series],
    title: str,
    *,
    draws: int | None = None,
    units: int | None = None,
    note: str | None = None,
) -> Figure:
    """Each series' win rate (and deal-in rate, when known) with its 95% Wilson
    interval (:func:`parlour.sim.intervals.rate_interval`); the draw rate a line;
    ``note`` said under the bars.

    >>> fig = rates([Series("a", (1.0, -1.0), 1, 0)], "a test", draws=0, units=2)
    >>> [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    ['draw rate 0.0%', 'win rate', 'deal-in rate']
    """
    fig = new_figure()
    ax = fig.add_subplot()
    bars = [("win rate", [s.wins for s in lines], "tab:blue")]
    if lines and all(s.dealt_in is not None for s in lines):
        bars.append(("deal-in rate", [s.dealt_in or 0 for s in lines], "tab:red"))
    width = 0.8 / len(bars)
    for b, (name, hits, colour) in enumerate(bars):
        xs = [i + (b - (len(bars) - 1) / 2) * width for i in range(len(lines))]
        heights, low, high = [], [], []
        for s, h in zip(lines, hits, strict=True):
            p = h / s.units if s.units else 0.0
            lo, hi = rate_interval(h, s.units)
            heights.append(p)
            low.append(max(0.0, p - lo))
            high.append(max(0.0, hi - p))
        ax.bar(xs, heights, width, yerr=[low, high], capsize=4, label=name, color=colour)
    if draws is not None and units:
        rate = draws / units
        lo, hi = rate_interval(draws, units)
        ax.axhline(rate, color="0.4", linestyle="--", linewidth=1, label=f"draw rate {rate:.1%}")
        ax.axhspan(lo, hi, color="0.6", alpha=0.2, zorder=0)
    ax.set_xticks(range(len(lines)), [s.label for s in lines], fontsize=8)
    ax.set_ylim(0, 1)
    ax.set_ylabel("rate (95% confidence bars)")
    ax.legend(fontsize=8, loc="upper right")
    if note:
        ax.text(0.01, 0.97, note, transform=ax.transAxes, fontsize=7, va="top", color="0.3")
    _titled(fig, ax, "Win rates" + (" and deal-in rates" if len(bars) > 1 else ""), title)
    return fig


def pattern_frequencies(counts: Mapping[str, int], wins: int, title: str, top: int = TOP) -> Figure:
    """The ``top`` patterns most often in the winning hands: the share of the ``wins``
    holding each.

    >>> fig = pattern_frequencies({"Chicken Hand": 1, "Flower Tiles": 2}, 2, "a test")
    >>> [t.get_text() for t in fig.axes[0].get_yticklabels()]
    ['Chicken Hand', 'Flower Tiles']
    """
    fig = new_figure()
    ax = fig.add_subplot()
    best = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:top][::-1]
    shares = [n / wins if wins else 0.0 for _, n in best]
    ax.barh([name for name, _ in best], shares, color="tab:green")
    for y, (share, (_, n)) in enumerate(zip(shares, best, strict=True)):
        ax.text(share, y, f" {n}", va="center", fontsize=7)
    ax.tick_params(axis="y", labelsize=7)
    ax.set_xlabel(f"share of the {wins} winning hands")
    ax.set_xlim(0, max([*shares, 0.01]) * 1.15)
    _titled(fig, ax, f"Pattern frequencies (top {len(best)})", title)
    return fig


def game_stats(values: Mapping[str, Sequence[float]], title: str, unit: str = "games") -> Figure:
    """A histogram of each of a card game's own figures over the ``unit``.

    >>> len(game_stats({"deals": [9, 9, 12], "capots": [0, 1, 0]}, "a test").axes)
    2
    """
    fig = new_figure()
    names = list(values)[:6]
    axes = fig.subplots(1, len(names), squeeze=False)[0]
    for ax, name in zip(axes, names, strict=True):
        ax.hist(values[name], bins=min(20, max(1, len(set(values[name])))), color="tab:purple")
        ax.set_xlabel(name, fontsize=8)
        ax.tick_params(labelsize=7)
    axes[0].set_ylabel(unit)
    fig.suptitle(f"Per {unit.rstrip('s')} figures\n{title}", fontsize=10)
    return fig


def figures(sim: Simulation, *, by: By | None = None, top: int = TOP) -> dict[str, Figure]:
    """The figures of ``sim`` by name: ``score-distribution``, ``cumulative-score``,
    ``win-rates``, and ``patterns`` (when winning hands have patterns) or
    ``game-stats`` (when the units carry their own figures); none for no units. The
    series are :func:`series` ``by`` seat or bot (default: the simulation's own
    :attr:`Simulation.by`).

    >>> sim = from_results([{"winners": [1], "scores": [1, 2], "stats": {"hands": 9}}],
    ...     rules="piquet", bots=["heuristic", "random"])
    >>> list(figures(sim))
    ['score-distribution', 'cumulative-score', 'win-rates', 'game-stats']
    """
    if not sim.units:
        return {}
    lines = series(sim, by or sim.by)
    title = sim.title
    out = {
        "score-distribution": score_distribution(lines, title, sim.unit),
        "cumulative-score": cumulative_score(lines, title, sim.unit),
    }
    draws = sum(1 for u in sim.units if not u.winners)
    note = None
    if sim.claims and lines and lines[0].dealt_in is None:
        note = "deal-in rates not drawn: these results do not say who discarded the winning tile"
    out["win-rates"] = rates(
        lines,
        title,
        draws=draws if draws or sim.claims else None,
        units=len(sim.units),
        note=note,
    )
    counts: Counter[str] = Counter()
    wins = 0
    for u in sim.units:
        if u.winners:
            wins += 1
            counts.update(u.patterns)
    if counts:
        out["patterns"] = pattern_frequencies(counts, wins, title, top)
    stats: dict[str, list[float]] = {}
    for u in sim.units:
        for k, v in u.stats.items():
            stats.setdefault(k, []).append(v)
    if stats:
        out["game-stats"] = game_stats(stats, title, sim.unit)
    return out


# -- rendering -----------------------------------------------------------------------------


def render(fig: Figure, fmt: str = "svg") -> bytes:
    """``fig`` as PNG (800 × 500 pixels) or SVG bytes, with no date in them (the same
    figure gives the same bytes).

    >>> png = render(new_figure(), "png")
    >>> png[:4], int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    (b'\\x89PNG', 800, 500)
    """
    if fmt not in FORMATS:
        raise ValueError(f"a figure is drawn as {' or '.join(FORMATS)}, not {fmt!r}")
    buffer = io.BytesIO()
    metadata: dict[str, Any] = {"Date": None} if fmt == "svg" else {"Software": None}
    fig.savefig(buffer, format=fmt, dpi=DPI, metadata=metadata)
    return buffer.getvalue()


_PROLOGUE = re.compile(r"^.*?(?=<svg)", re.S)


def svg_text(fig: Figure) -> str:
    """``fig`` as an ``<svg>`` element to put in a page (no XML prologue or doctype).

    >>> sim = from_results([{"winners": [0], "scores": [1, 0]}], rules="piquet", bots="ab")
    >>> svg_text(figures(sim)["win-rates"]).startswith("<svg")
    True
    """
    return _PROLOGUE.sub("", render(fig, "svg").decode("utf-8"), count=1)


def write_plots(
    source: Simulation | Path | str,
    out: Path | str,
    formats: Sequence[str] = FORMATS,
    *,
    by: By | None = None,
) -> list[Path]:
    """Draw the figures of ``source`` (a :class:`Simulation`, or a directory or
    Parquet file :func:`load` reads) in directory ``out`` (created if need be), each
    as ``<name>.<format>``; the files written.

    >>> import tempfile
    >>> sim = from_results([{"winners": [0], "scores": [2, 0]}], rules="piquet", bots="ab")
    >>> with tempfile.TemporaryDirectory() as out:
    ...     [p.name for p in write_plots(sim, out, ["svg"])]
    ['score-distribution.svg', 'cumulative-score.svg', 'win-rates.svg']
    """
    sim = source if isinstance(source, Simulation) else load(source)
    for fmt in formats:
        if fmt not in FORMATS:
            raise ValueError(f"a figure is drawn as {' or '.join(FORMATS)}, not {fmt!r}")
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for name, fig in figures(sim, by=by).items():
        for fmt in formats:
            path = folder / f"{name}.{fmt}"
            path.write_bytes(render(fig, fmt))
            written.append(path)
    return written


__all__ = [
    "CAPTIONS",
    "FLIERS",
    "FORMATS",
    "MAX_UNITS",
    "POINTS",
    "Series",
    "Simulation",
    "Unit",
    "clean_label",
    "cumulative_score",
    "figures",
    "from_record",
    "from_results",
    "from_table",
    "game_stats",
    "load",
    "new_figure",
    "pattern_frequencies",
    "rates",
    "render",
    "score_distribution",
    "series",
    "svg_text",
    "unit_of",
    "write_plots",
]

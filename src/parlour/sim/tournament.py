"""Duplicate tournaments: every deal played by the bots from every seat, and their ranking.

A tournament of ``deals`` deals seeded ``S`` deals unit ``d`` (a mahjong hand, a whole
card game) of a simulation seeded ``S`` for every ``d`` below ``deals``, and plays it
once with every *seating* of the bots the rule system seats: every permutation of the
entries (24 at four seats, 6 at three, 2 at two). A unit follows from the seed, its
number and the bots per seat alone (:meth:`~parlour.core.systems.RuleSystem.play_one`),
so the same tiles or cards reach the same seat under every seating: each bot plays
every seat's tiles of every deal, and the luck of the deal cancels out.

The ``bots`` are the *entries*, one per seat; an entry is known by its bot's name, and
when a name is entered more than once by the name and its occurrence
(``random#1``, ``random#2``, ...: :func:`entry_labels`), each entry rated apart.
Seatings that seat the same names alike play the same game: it is played once and
counted for each (:func:`seatings`).

Per entry: the units it played, its mean score per unit with a 95% confidence
interval (the deals are the independent samples, the seatings of one deal share its
tiles: :func:`~parlour.sim.intervals.grouped_mean_interval`), its wins (a shared win
counts for each winner) and deal-ins (mahjong: it discarded the winning tile; a card
game has none: null) with Wilson intervals over its units, and an openskill rating
(Plackett-Luce; every unit a ranking of the entries by score, equal scores tied)
with its ``mu``, ``sigma`` and conservative ``ordinal`` (mu − 3 sigma). The ranking
is by ordinal, then mean score, then entry.

>>> table = tournament("mcr", ["greedy", "random", "random", "random"], deals=1, seed=5)
>>> table.column_names[:4], table.num_rows
(['rank', 'entry', 'bot', 'hands'], 4)
>>> table.column("hands").to_pylist()
[24, 24, 24, 24]
"""

from __future__ import annotations

import itertools
import json
import os
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from parlour.sim import Engine, Job, local_engine, prepare
from parlour.sim.intervals import grouped_mean_interval, rate_interval, seat_scores

Seating = tuple[int, ...]
"""The entry (index in the tournament's bots) at each seat, seat 0 first."""

FILE = "tournament.parquet"
"""The file of a tournament's units in its output directory, one row per (deal, seating)."""

SUMMARY = "summary.json"

COLUMNS = (
    "rank",
    "entry",
    "bot",
    "hands",
    "mean_score",
    "mean_score_low",
    "mean_score_high",
    "wins",
    "win_rate",
    "win_rate_low",
    "win_rate_high",
    "deal_ins",
    "deal_in_rate",
    "deal_in_rate_low",
    "deal_in_rate_high",
    "mu",
    "sigma",
    "ordinal",
)
"""The ranking's columns, one row per entry, best first (the module docstring says what
each holds; the ``_low``/``_high`` pairs are 95% intervals)."""


def seatings(seats: int) -> list[Seating]:
    """Every seating of ``seats`` entries, in order.

    >>> seatings(2), len(seatings(3)), len(seatings(4)), len(seatings(5))
    ([(0, 1), (1, 0)], 6, 24, 120)
    """
    return list(itertools.permutations(range(seats)))


def entry_labels(bots: Sequence[str]) -> list[str]:
    """How each entry is known: its bot's name, with ``#k`` (its occurrence) when the
    name is entered more than once.

    >>> entry_labels(["greedy", "random", "random", "random"])
    ['greedy', 'random#1', 'random#2', 'random#3']
    """
    counts = Counter(bots)
    seen: Counter[str] = Counter()
    labels = []
    for name in bots:
        seen[name] += 1
        labels.append(name if counts[name] == 1 else f"{name}#{seen[name]}")
    return labels


def ranks_of(scores: Sequence[float]) -> list[int]:
    """The ranking of one unit by score, 0 the best; equal scores share a rank (the
    number of better scores).

    >>> ranks_of([8, -8, 0, 0])
    [0, 3, 1, 1]
    """
    return [sum(other > mine for other in scores) for mine in scores]


def ratings(entries: int, units: Sequence[Sequence[float]]) -> list[tuple[float, float, float]]:
    """The openskill Plackett-Luce rating (mu, sigma, ordinal) of each of ``entries``
    entries after ``units`` in order, each the score of every entry (a ranking by
    score, ties equal).

    >>> [round(mu, 2) for mu, _, _ in ratings(2, [[1, 0], [1, 0], [0, 0]])]
    [28.79, 21.21]
    """
    from openskill.models import PlackettLuce  # type: ignore[import-untyped,import-not-found,unused-ignore]

    model = PlackettLuce()
    rated = [model.rating() for _ in range(entries)]
    for scores in units:
        teams = model.rate([[r] for r in rated], ranks=[float(r) for r in ranks_of(scores)])
        rated = [team[0] for team in teams]
    return [(float(r.mu), float(r.sigma), float(r.ordinal())) for r in rated]


BATCH = (False, None, False)
"""A tournament's chunks are played not fast, with no deck, as a batch (no unread
observations built): :data:`~parlour.sim.Job`'s last three fields."""

Played = tuple[int, Seating, Mapping[str, Any]]
"""One unit of a tournament: its deal, its seating and its result."""


def standings(bots: Sequence[str], played: Sequence[Played]) -> list[dict[str, Any]]:
    """The ranking of the entries ``bots`` after the units ``played`` (in the order they
    are rated: deal by deal, every seating of a deal in :func:`seatings` order): one
    row per entry with :data:`COLUMNS`, best first.

    >>> rows = standings(["a", "b"], [(0, (0, 1), {"payments": [4, -4], "winners": [0],
    ...     "dealt_in": 1}), (0, (1, 0), {"payments": [-2, 2], "winners": [1],
    ...     "dealt_in": 0})])
    >>> [(r["bot"], r["hands"], r["mean_score"], r["wins"], r["deal_ins"]) for r in rows]
    [('a', 2, 3.0, 2, 0), ('b', 2, -3.0, 0, 2)]
    """
    n = len(bots)
    by_deal: list[dict[int, list[float]]] = [{} for _ in range(n)]
    wins = [0] * n
    deal_ins = [0] * n
    units = [0] * n
    dealing_in = bool(played) and all("dealt_in" in r for _, _, r in played)
    rated: list[list[float]] = []
    for deal, seating, result in played:
        scores = seat_scores(result)
        mine = [0.0] * n
        for seat, entry in enumerate(seating):
            score = float(scores[seat])
            mine[entry] = score
            by_deal[entry].setdefault(deal, []).append(score)
            units[entry] += 1
            wins[entry] += seat in result.get("winners", ())
            deal_ins[entry] += dealing_in and result["dealt_in"] == seat
        rated.append(mine)
    rating = ratings(n, rated)
    labels = entry_labels(bots)
    rows: list[dict[str, Any]] = []
    for e in range(n):
        groups = list(by_deal[e].values())
        total = sum(sum(g) for g in groups)
        low, high = grouped_mean_interval(groups)
        wlow, whigh = rate_interval(wins[e], units[e])
        dlow, dhigh = rate_interval(deal_ins[e], units[e]) if dealing_in else (None, None)
        mu, sigma, ordinal = rating[e]
        rows.append(
            {
                "rank": 0,
                "entry": e,
                "bot": labels[e],
                "hands": units[e],
                "mean_score": total / units[e] if units[e] else 0.0,
                "mean_score_low": low,
                "mean_score_high": high,
                "wins": wins[e],
                "win_rate": wins[e] / units[e] if units[e] else 0.0,
                "win_rate_low": wlow,
                "win_rate_high": whigh,
                "deal_ins": deal_ins[e] if dealing_in else None,
                "deal_in_rate": (deal_ins[e] / units[e] if units[e] else 0.0)
                if dealing_in
                else None,
                "deal_in_rate_low": dlow,
                "deal_in_rate_high": dhigh,
                "mu": mu,
                "sigma": sigma,
                "ordinal": ordinal,
            }
        )
    rows.sort(key=lambda r: (-r["ordinal"], -r["mean_score"], r["entry"]))
    for place, row in enumerate(rows, 1):
        row["rank"] = place
    return rows


def _pyarrow() -> Any:
    from parlour.sim.store import _pyarrow as load

    return load()


def ranking_table(rows: Sequence[Mapping[str, Any]]) -> Any:
    """The ranking ``rows`` (:func:`standings`) as a pyarrow table of :data:`COLUMNS`."""
    pa, _ = _pyarrow()
    f64, i64 = pa.float64(), pa.int64()
    types = {"rank": pa.int32(), "entry": pa.int32(), "bot": pa.string()}
    types |= {"hands": i64, "wins": i64, "deal_ins": i64}
    schema = pa.schema([(c, types.get(c, f64)) for c in COLUMNS])
    return pa.table({c: [r[c] for r in rows] for c in COLUMNS}, schema=schema)


def chunk_plan(games: int, deals: int, workers: int) -> list[list[tuple[int, int, int]]]:
    """How the ``deals`` deals of each of ``games`` games (distinct seatings) are played:
    the engine calls, each a list of chunks (game, first deal, end). An engine tells a
    chunk by its first unit and the number of its results, and every game plays the
    same deals: within a call the games' chunks are cut apart (game ``j`` of a call
    first plays deals ``0..j``, then chunks of ``c`` deals, ``c`` at least the games
    in the call), so that no two chunks of a call start at the same deal and end at the
    same deal. One call when there are at least as many deals as games.

    >>> chunk_plan(3, 5, 1)
    [[(0, 0, 1), (0, 1, 4), (0, 4, 5), (1, 0, 2), (1, 2, 5), (2, 0, 3), (2, 3, 5)]]
    >>> [[(g, a, b) for g, a, b in call] for call in chunk_plan(3, 2, 1)]
    [[(0, 0, 1), (0, 1, 2), (1, 0, 2)], [(2, 0, 1), (2, 1, 2)]]
    """
    per_call = max(1, min(games, deals))
    calls = []
    for first in range(0, games, per_call):
        group = range(first, min(games, first + per_call))
        size = max(1, min(50, len(group) * deals // max(1, workers * 8) or 1))
        step = max(size, len(group))
        call = []
        for j, g in enumerate(group):
            cuts = [0, *range(min(j + 1, deals), deals, step), deals]
            call += [(g, a, b) for a, b in itertools.pairwise(cuts) if a < b]
        assert len({(a, b) for _, a, b in call}) == len(call)
        calls.append(call)
    return calls


def _played(
    jobs: Sequence[Job], workers: int, engine: Engine
) -> Iterator[tuple[int, list[dict[str, Any]]]]:
    """The chunks of ``jobs`` as ``engine`` plays them; an engine stopped early (the
    caller stops, or KeyboardInterrupt) is closed, which stops its workers."""
    chunks = engine(jobs, workers)
    try:
        yield from chunks
    finally:
        close = getattr(chunks, "close", None)
        if close is not None:
            close()


def tournament(
    rules: str,
    bots: Sequence[str],
    deals: int,
    seed: int = 0,
    workers: int = 1,
    *,
    options: Mapping[str, Any] | None = None,
    engine: Engine | None = None,
    out: Path | str | None = None,
    progress: Callable[[int, int], object] | None = None,
    record: bool = True,
) -> Any:
    """Play a duplicate tournament of ``deals`` deals of rule system ``rules`` (with
    ``options``) between the entries ``bots`` (one per seat; see the module docstring)
    and return its ranking, a pyarrow table of :data:`COLUMNS`, best first.

    The units are played as :data:`~parlour.sim.Job` chunks by ``engine`` (default:
    :func:`~parlour.sim.local_engine` with ``workers`` local processes): the results are
    the same whatever the engine and the number of workers. ``progress`` is called with
    the number of units played and the number to play (seatings that seat the same
    names alike share one). With ``out``, the directory gets ``tournament.parquet``, one
    row per deal and seating in that order (:func:`write_tournament`), and
    ``summary.json``; ``record`` keeps each unit's game record in its row.

    ValueError for an unknown rule system or bot, a count of bots other than the rule
    system's seats, fewer than one deal, or (with ``out``) a seed beyond 64 bits, before
    anything is played.
    """
    if deals < 1:
        raise ValueError(f"a tournament plays at least 1 deal, not {deals}")
    system, values = prepare(rules, bots, options)
    if out is not None:
        from parlour.sim.store import check_seed

        check_seed(seed)
    entries = list(bots)
    arrangements = seatings(len(entries))
    games = list(dict.fromkeys(tuple(entries[e] for e in s) for s in arrangements))
    keep = record and out is not None
    opts = tuple(sorted(values.items()))
    total = len(games) * deals
    results: dict[tuple[tuple[str, ...], int], dict[str, Any]] = {}
    done = 0
    if progress:
        progress(0, total)
    run = engine or local_engine
    for call in chunk_plan(len(games), deals, workers):
        jobs: list[Job] = [
            # not fast, no deck, a batch (no unread observations): the same games
            (system.name, games[g], seed, start, end, keep, opts, *BATCH)
            for g, start, end in call
        ]
        which = {(start, end): games[g] for g, start, end in call}
        for start, chunk in _played(jobs, workers, run):
            names = which[start, start + len(chunk)]
            for i, result in enumerate(chunk):
                results[names, start + i] = result
            done += len(chunk)
            if progress:
                progress(done, total)
    played: list[Played] = [
        (d, s, results[tuple(entries[e] for e in s), d]) for d in range(deals) for s in arrangements
    ]
    rows = standings(entries, played)
    if out is not None:
        params = {
            "rules": system.name,
            "bots": entries,
            "entries": entry_labels(entries),
            "deals": deals,
            "seed": seed,
            "options": dict(opts),
            "seatings": len(arrangements),
            "units": len(played),
        }
        write_tournament(Path(out), params, played, rows)
    return ranking_table(rows)


def write_tournament(
    out: Path,
    params: Mapping[str, Any],
    played: Sequence[Played],
    rows: Sequence[Mapping[str, Any]],
) -> None:
    """Write a tournament in directory ``out`` (created if need be):
    ``tournament.parquet``, one row per unit, deal by deal and seating by seating, with
    the columns of a simulation's units (:mod:`parlour.sim.store`: ``index`` the deal,
    ``unit_seed`` its seed, ``bots`` the bot at each seat, ``record`` the game record)
    and ``deal``, ``seating`` (the entry at each seat) and ``entries`` (their labels);
    and ``summary.json``: the tournament's parameters and its ranking."""
    from parlour.sim.store import rows as unit_rows
    from parlour.sim.store import unit_schema

    pa, pq = _pyarrow()
    out.mkdir(parents=True, exist_ok=True)
    entries, bots = params["entries"], params["bots"]
    cols: dict[str, list[Any]] = {"deal": [], "seating": [], "entries": []}
    for deal, seating, result in played:
        names = [bots[e] for e in seating]
        one = unit_rows(
            [result],
            deal,
            rules=params["rules"],
            seed=params["seed"],
            bots=names,
            options=params["options"],
        )
        for name, values in one.items():
            cols.setdefault(name, []).extend(values)
        cols["deal"].append(deal)
        cols["seating"].append(list(seating))
        cols["entries"].append([entries[e] for e in seating])
    extra = [
        ("deal", pa.int64()),
        ("seating", pa.list_(pa.int32())),
        ("entries", pa.list_(pa.string())),
    ]
    schema = unit_schema(pa, extra)
    table = pa.table({f.name: cols.get(f.name, []) for f in schema}, schema=schema)
    path = out / FILE
    tmp = path.with_name(path.name + ".tmp")
    pq.write_table(table, tmp)
    os.replace(tmp, path)
    summary = {**params, "ranking": [dict(r) for r in rows]}
    text = json.dumps(summary, indent=2) + "\n"
    (out / SUMMARY).write_text(text, encoding="utf-8")


__all__ = [
    "COLUMNS",
    "FILE",
    "Played",
    "Seating",
    "chunk_plan",
    "entry_labels",
    "ranking_table",
    "ranks_of",
    "ratings",
    "seatings",
    "standings",
    "tournament",
    "write_tournament",
]

"""Readings: the ways a hand can be read for scoring.

A decomposition (:func:`parlour.mahjong.shapes.decompositions`) splits a complete hand
into sets and a pair. A *reading* adds what a pattern-based rulebook scores beyond the
split: which set the winning tile completed (the same 5p may complete ``555p`` or
``345p``), whether each set counts as concealed or exposed given how the hand was won (a
set completed by a claimed discard counts as exposed), the kind of wait, and what each
wild stands for. A hand that did not win has *partial readings*: its fixed melds, the
sets and at most one pair formed in its concealed tiles, and the loose tiles left over.

>>> rs = winning_readings("345p 55p 555s 123m 789m", win_tile=parse_tiles("5p")[0])
>>> sorted((r.wait or "", str(r)) for r in rs)
[('open', '{123m} {789m} [345p] {555s} 55p'), ('single', '{123m} {789m} {345p} {555s} 55p')]
>>> best = max(partial_readings("111m 22p 2p 9s"), key=lambda r: len(r.sets))
>>> str(best)
'{111m} {222p} 9s'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from parlour.mahjong.melds import CHOW, KONG, PUNG, Meld, parse_meld
from parlour.mahjong.shapes import (
    UNRESTRICTED,
    Decomposition,
    SpecialShape,
    WildRules,
    decompositions,
)
from parlour.mahjong.tiles import (
    HONORS,
    JOKER,
    NUM_KINDS,
    Tile,
    format_tiles,
    parse_tiles,
    tile_name,
)

Wait = Literal["single", "closed", "edge", "open", "pung"]
"""How the winning tile completed its group: the pair (a single wait), the middle of a
chow, the end of a chow whose other end does not exist (``12`` + ``3``), the end of a
two-sided chow wait, or a pair made into a pung."""


@dataclass(frozen=True, slots=True)
class Reading:
    """One reading of a hand (see the module docstring).

    ``sets``: fixed melds first, then the sets formed in the concealed tiles, each with
    ``exposed`` as it counts for scoring. ``pair``: the pair's kind (None: no pair);
    ``pairs``: the pairs of a seven-pairs hand; ``singles``: the tiles of a special
    shape, or the loose tiles of a partial reading. ``wilds``: ``(physical, stands
    for)`` of the concealed wilds. ``win_tile`` is the kind the winning tile stands for;
    ``win_set`` the index in ``sets`` of the set it completed (None when it completed
    the pair, a special shape, or the hand did not win); ``wait`` how it completed it.
    """

    shape: str
    sets: tuple[Meld, ...] = ()
    pair: Tile | None = None
    pairs: tuple[Tile, ...] = ()
    singles: tuple[Tile, ...] = ()
    wilds: tuple[tuple[Tile, Tile], ...] = ()
    win_tile: Tile | None = None
    win_set: int | None = None
    wait: Wait | None = None
    complete: bool = True

    @property
    def chows(self) -> tuple[Meld, ...]:
        return tuple(m for m in self.sets if m.kind == CHOW)

    @property
    def pungs(self) -> tuple[Meld, ...]:
        """Pungs and kongs (a kong is a pung of four for every rule that counts pungs)."""
        return tuple(m for m in self.sets if m.kind != CHOW)

    @property
    def kongs(self) -> tuple[Meld, ...]:
        return tuple(m for m in self.sets if m.kind == KONG)

    def kinds(self) -> list[Tile]:
        """Every tile of the reading as the kind it stands for (a kong counted four
        times, a pair twice, loose tiles once)."""
        out = [t for m in self.sets for t in m.tiles]
        if self.pair is not None:
            out += [self.pair, self.pair]
        for p in self.pairs:
            out += [p, p]
        return out + list(self.singles)

    def __str__(self) -> str:
        parts = [_set_text(m) for m in self.sets]
        for p in ((self.pair,) if self.pair is not None else ()) + self.pairs:
            parts.append(format_tiles([p, p]))
        if self.singles:
            parts.append(format_tiles(self.singles))
        text = " ".join(parts)
        if self.wilds:
            text += " (" + ", ".join(f"{tile_name(p)}*={tile_name(s)}" for p, s in self.wilds) + ")"
        return text


def _set_text(m: Meld) -> str:
    body = format_tiles(m.tiles, style="compact", sort=False)
    return f"[{body}]" if m.exposed else "{" + body + "}"


def wait_of(meld: Meld | None, tile: Tile) -> Wait:
    """How ``tile`` completed ``meld`` (None: the pair).

    >>> c = parse_meld("[123m]")
    >>> [wait_of(c, t) for t in parse_tiles("123m")], wait_of(None, 5)
    (['open', 'closed', 'edge'], 'single')
    >>> wait_of(parse_meld("[456p]"), parse_tiles("5p")[0])
    'closed'
    """
    if meld is None:
        return "single"
    if meld.kind != CHOW:
        return "pung"
    pos = tile - meld.first
    if pos == 1:
        return "closed"
    rank = meld.first % 9  # 0 for a chow 123, 6 for a chow 789
    if (pos == 2 and rank == 0) or (pos == 0 and rank == 6):
        return "edge"
    return "open"


def winning_readings(
    tiles: str | Sequence[Tile],
    melds: Sequence[Meld | str] = (),
    *,
    win_tile: Tile,
    win_wild: bool = False,
    self_drawn: bool = False,
    constraints: WildRules | None = None,
    kinds: Iterable[str] | None = ("regular",),
    special: Sequence[SpecialShape] = (),
) -> list[Reading]:
    """Every reading of a complete hand won on ``win_tile`` (which is among ``tiles``).

    For each decomposition, the winning tile is placed in each concealed group that can
    hold it: a group holding that kind naturally, or, for a wild winning tile
    (``win_wild``), a group holding a wild. When the hand was not self-drawn the set it
    completed counts as exposed. Special shapes give one reading each, with no place.
    """
    fixed = [m if isinstance(m, Meld) else parse_meld(m) for m in melds]
    out: list[Reading] = []
    seen: set[str] = set()
    for d in decompositions(tiles, fixed, constraints=constraints, kinds=kinds, special=special):
        for r in _placements(d, len(fixed), win_tile, win_wild, self_drawn):
            # where each wild stands is part of a reading: a pung 1m 1m 1m* beside a
            # pair 1m 1m reads as {111m} 11m, as does a pung 1m 1m 1m beside 1m 1m*
            placed = tuple(m.wilds for m in r.sets)
            key = f"{r.shape}|{r}|{r.win_set}|{r.wait}|{r.win_tile}|{placed}"
            if key not in seen:
                seen.add(key)
                out.append(r)
    return out


def _placements(
    d: Decomposition, n_fixed: int, win: Tile, win_wild: bool, self_drawn: bool
) -> Iterator[Reading]:
    base = Reading(d.shape, d.melds, d.pair, d.pairs, d.singles, d.wilds, win_tile=win)
    if d.shape != "regular":
        yield base
        return
    pair_wilds = _pair_wilds(d)
    if d.pair is not None:
        if win_wild and pair_wilds:
            yield replace(base, win_tile=d.pair, wait="single")
        elif not win_wild and d.pair == win and pair_wilds < 2:
            yield replace(base, wait="single")
    for i in range(n_fixed, len(d.melds)):
        m = d.melds[i]
        if win_wild:
            targets = sorted({s for _, s in m.wilds})
        elif m.tiles.count(win) > sum(1 for _, s in m.wilds if s == win):
            targets = [win]
        else:
            targets = []
        for t in targets:
            sets = d.melds
            if not self_drawn:
                sets = (*sets[:i], replace(m, exposed=True), *sets[i + 1 :])
            yield replace(base, sets=sets, win_tile=t, win_set=i, wait=wait_of(m, t))


def _pair_wilds(d: Decomposition) -> int:
    """How many of the decomposition's concealed wilds stand in its pair."""
    in_sets = sum(len(m.wilds) for m in d.melds if not m.exposed and m.kind != KONG)
    return len(d.wilds) - in_sets


def partial_readings(
    tiles: str | Sequence[Tile],
    melds: Sequence[Meld | str] = (),
    *,
    constraints: WildRules | None = None,
    chows: bool = True,
) -> list[Reading]:
    """The readings of a hand that did not win: its fixed melds, then pungs (and chows,
    unless ``chows`` is False) formed in the concealed tiles and at most one pair; the
    rest are loose. Four concealed tiles of a kind make a pung and a loose tile, never a
    kong. Wilds (by ``constraints``) may complete a pung or a pair within its limits; a
    wild left over is loose. Only maximal readings are given (no loose tiles that could
    still form a pung, or the pair when there is none).
    """
    rules = constraints or UNRESTRICTED
    fixed = tuple(m if isinstance(m, Meld) else parse_meld(m) for m in melds)
    raw = parse_tiles(tiles) if isinstance(tiles, str) else list(tiles)
    wild_tiles = [t for t in raw if _is_wild(t, rules)]
    natural = [t for t in raw if not _is_wild(t, rules)]
    counts = [0] * NUM_KINDS
    for t in natural:
        if t < NUM_KINDS:
            counts[t] += 1
    held = [0] * NUM_KINDS  # every copy in the hand, natural or represented (G6.5)
    for m in fixed:
        for t in m.tiles:
            held[t] += 1
    for t in natural:
        if t < NUM_KINDS:
            held[t] += 1
    found: dict[str, Reading] = {}
    sets: list[Meld] = []
    used_wilds: list[tuple[Tile, Tile]] = []

    def emit(pair: Tile | None, pair_wild: bool) -> None:
        loose = [t for t in range(NUM_KINDS) for _ in range(counts[t])]
        spare = wild_tiles[len(used_wilds) + pair_wild :]
        wilds = list(used_wilds)
        if pair_wild and pair is not None:
            wilds.append((wild_tiles[len(used_wilds)], pair))
        r = Reading(
            "partial",
            fixed + tuple(sets),
            pair,
            singles=tuple(sorted(loose + spare)),
            wilds=tuple(sorted(wilds)),
            complete=False,
        )
        found.setdefault(str(r), r)

    def wild_left() -> bool:
        return len(used_wilds) < len(wild_tiles)

    def rec(k: int) -> None:
        while k < NUM_KINDS and counts[k] == 0:
            k += 1
        if k >= NUM_KINDS:
            finish()
            return
        if counts[k] >= 3:
            counts[k] -= 3
            sets.append(Meld(PUNG, (k, k, k), exposed=False))
            rec(k)
            sets.pop()
            counts[k] += 3
        if (
            counts[k] == 2
            and wild_left()
            and rules.in_pung
            and rules.max_in_set >= 1
            and held[k] < rules.max_copies
        ):
            w = wild_tiles[len(used_wilds)]
            counts[k] -= 2
            held[k] += 1
            used_wilds.append((w, k))
            sets.append(Meld(PUNG, (k, k, k), exposed=False, wilds=((w, k),)))
            rec(k)
            sets.pop()
            used_wilds.pop()
            held[k] -= 1
            counts[k] += 2
        if chows and k < 27 and k % 9 <= 6 and counts[k + 1] and counts[k + 2]:
            for t in (k, k + 1, k + 2):
                counts[t] -= 1
            sets.append(Meld(CHOW, (k, k + 1, k + 2), exposed=False))
            rec(k)
            sets.pop()
            for t in (k, k + 1, k + 2):
                counts[t] += 1
        # leave one copy of k aside: it stays loose or is kept for the pair
        counts[k] -= 1
        aside.append(k)
        rec(k)
        aside.pop()
        counts[k] += 1

    aside: list[Tile] = []

    def finish() -> None:
        # the set-aside tiles are loose; at most one pair is taken from them
        for t in aside:
            counts[t] += 1
        pairs = [t for t in range(NUM_KINDS) if counts[t] >= 2]
        singles = [t for t in range(NUM_KINDS) if counts[t] == 1]
        for p in pairs:
            counts[p] -= 2
            emit(p, False)
            counts[p] += 2
        if wild_left() and rules.in_pair and rules.max_in_pair >= 1:
            for p in singles:
                if held[p] >= rules.max_copies:
                    continue
                counts[p] -= 1
                emit(p, True)
                counts[p] += 1
        if not pairs:
            emit(None, False)
        for t in aside:
            counts[t] -= 1

    rec(0)
    return _maximal(list(found.values()))


def _is_wild(t: Tile, rules: WildRules) -> bool:
    return t == JOKER or (rules.wild_tile is not None and t == rules.wild_tile)


def _maximal(readings: list[Reading]) -> list[Reading]:
    """Drop readings whose loose tiles still hold a natural pung (a better reading of
    the same tiles exists)."""
    out = []
    for r in readings:
        natural_loose = [t for t in r.singles if t < NUM_KINDS]
        if any(natural_loose.count(t) >= 3 for t in set(natural_loose)):
            continue
        out.append(r)
    return out or readings


def is_major(t: Tile) -> bool:
    """A terminal (1 or 9 of a suit) or an honour."""
    return t in HONORS or (t < 27 and t % 9 in (0, 8))


__all__ = [
    "Reading",
    "Wait",
    "is_major",
    "partial_readings",
    "wait_of",
    "winning_readings",
]

"""The shape engine's vocabulary and its input: the shape kinds, the knitted patterns, one
reading of a complete hand (:class:`Decomposition`), and :func:`prepare`, which checks a
hand and splits it into natural counts, wilds and fixed melds (:class:`PreparedHand`).

>>> hand = prepare("123m 456p 789s EEE C", wilds=1)
>>> hand.size, hand.wild_tiles, hand.sets_needed
(14, (42,), 4)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from parlour.core.errors import InvalidHand
from parlour.mahjong.melds import KONG, Meld, parse_hand, parse_meld
from parlour.mahjong.shapes.wilds import UNRESTRICTED, WildRules, _held_caps, copy_caps
from parlour.mahjong.tiles import JOKER, NUM_KINDS, Tile, format_tiles, tile_name

ShapeKind = Literal[
    "regular", "seven_pairs", "thirteen_orphans", "knitted_straight", "honors_knitted"
]
ALL_KINDS: tuple[ShapeKind, ...] = (
    "regular",
    "seven_pairs",
    "thirteen_orphans",
    "knitted_straight",
    "honors_knitted",
)

KNITTED_PATTERNS: tuple[tuple[int, int, int], ...] = (
    (0, 1, 2),
    (0, 2, 1),
    (1, 0, 2),
    (1, 2, 0),
    (2, 0, 1),
    (2, 1, 0),
)
"""For each of the six knitted patterns, the residue (0 = 147, 1 = 258, 2 = 369) carried
by characters, circles and bamboos."""


def knitted_tiles(pattern: int) -> tuple[Tile, ...]:
    """The nine tiles of one knitted pattern (0–5), e.g. 147m 258p 369s for pattern 0.

    >>> format_tiles(knitted_tiles(0))
    '147m 258p 369s'
    """
    res = KNITTED_PATTERNS[pattern]
    return tuple(sorted(9 * s + res[s] + 3 * j for s in range(3) for j in range(3)))


_KNITTED_TILES = tuple(knitted_tiles(p) for p in range(6))


# ---------------------------------------------------------------------------------------
# Decompositions


@dataclass(frozen=True, slots=True)
class Decomposition:
    """One reading of a complete hand.

    ``melds``: the fixed melds, then the sets formed in the concealed tiles (``exposed``
    False, kind chow or pung). ``pair``: the pair's kind (regular shapes, knitted straight,
    and the doubled tile of thirteen orphans). ``pairs``: the seven pairs' kinds.
    ``singles``: the knitted tiles, the thirteen orphans, or the fourteen
    honours-and-knitted tiles. ``wilds``: ``(physical tile, stands for)`` for each wild
    of the concealed part.
    """

    shape: str
    melds: tuple[Meld, ...] = ()
    pair: Tile | None = None
    pairs: tuple[Tile, ...] = ()
    singles: tuple[Tile, ...] = ()
    wilds: tuple[tuple[Tile, Tile], ...] = field(default=())

    @property
    def sets(self) -> tuple[Meld, ...]:
        """All sets, fixed melds first (alias of ``melds``)."""
        return self.melds

    def __str__(self) -> str:
        parts = [_set_text(m) for m in self.melds]
        if self.singles:
            parts.append(format_tiles(self.singles))
        if self.pairs:
            parts += [
                tile_name(t) * 2 if t >= 27 else f"{tile_name(t)[0] * 2}{tile_name(t)[1]}"
                for t in self.pairs
            ]
        if self.pair is not None:
            t = self.pair
            parts.append(tile_name(t) * 2 if t >= 27 else f"{tile_name(t)[0] * 2}{tile_name(t)[1]}")
        text = " ".join(parts)
        if self.wilds:
            text += " (" + ", ".join(f"{tile_name(p)}*={tile_name(s)}" for p, s in self.wilds) + ")"
        return text


def _set_text(m: Meld) -> str:
    if m.exposed or m.kind == KONG:
        return str(m)
    body = format_tiles(m.tiles, style="compact", sort=False)
    return "{" + body + "}"


# ---------------------------------------------------------------------------------------
# Input


@dataclass(frozen=True, slots=True)
class PreparedHand:
    """A hand ready for shape analysis.

    ``counts``: natural playing tiles of the concealed part by kind (after substitutes);
    ``wild_tiles``: the physical wild tiles; ``melds``: fixed melds; ``size``: tiles in
    hand counting each meld as three; ``meld_counts``: tiles of each kind in the melds.
    """

    counts: tuple[int, ...]
    wild_tiles: tuple[Tile, ...]
    melds: tuple[Meld, ...]
    size: int
    meld_counts: tuple[int, ...]
    rules: WildRules

    @property
    def wilds(self) -> int:
        return len(self.wild_tiles)

    @property
    def sets_needed(self) -> int:
        """Sets still to be made in the concealed part (a 13/14-tile hand needs four)."""
        return (4 if self.size <= 14 else 5) - len(self.melds)


TileInput = str | Sequence[Tile]
MeldInput = Sequence[Meld | str]


def prepare(
    tiles: TileInput,
    melds: MeldInput = (),
    *,
    wilds: int = 0,
    constraints: WildRules | None = None,
    sizes: tuple[int, ...] = (13, 14, 16, 17),
) -> PreparedHand:
    """Check and normalise a hand: parse notation, split off wilds, apply substitutes.

    Raises :class:`InvalidHand` for a hand that cannot exist (more than four of a kind,
    a bonus tile among the concealed tiles, a size not in ``sizes``) and
    :class:`~parlour.core.errors.NotationError` for bad notation.
    """
    rules = constraints or UNRESTRICTED
    fixed: list[Meld] = [m if isinstance(m, Meld) else parse_meld(m) for m in melds]
    if isinstance(tiles, str):
        hand = parse_hand(tiles)
        concealed = list(hand.concealed)
        fixed = list(hand.melds) + fixed
        marked = list(hand.wild_marks)
    else:
        concealed = list(tiles)
        marked = []
    if not isinstance(wilds, int) or wilds < 0:
        raise InvalidHand(f"wilds must be a non-negative integer, not {wilds!r}")
    counts = [0] * NUM_KINDS
    physical = [0] * NUM_KINDS  # tiles of each kind as they are (wilds, substitutes)
    wild_tiles: list[Tile] = [JOKER] * wilds
    subs = _substitutes(rules)
    wild_tile = rules.wild_tile
    for t in concealed:
        if t.__class__ is int and 0 <= t < NUM_KINDS and t != wild_tile and not marked:
            physical[t] += 1  # the common tile: a natural, unmarked
            counts[subs.get(t, t)] += 1
            continue
        if not isinstance(t, int) or not 0 <= t <= JOKER:
            raise InvalidHand(f"not a tile: {t!r}")
        if t < NUM_KINDS:
            physical[t] += 1
        if t in marked:
            marked.remove(t)
            wild_tiles.append(t)
        elif t in (JOKER, wild_tile):
            wild_tiles.append(t)
        elif 34 <= t < JOKER:
            raise InvalidHand(f"bonus tile {tile_name(t)} cannot be part of a hand's shape")
        else:
            counts[subs.get(t, t)] += 1
    meld_counts = [0] * NUM_KINDS
    for m in fixed:
        for t in m.tiles:  # kinds a set stands for, wilds included: they count as that kind
            meld_counts[t] += 1
    if fixed:
        played = {stands for _, stands in rules.substitutes}
        for m in fixed:
            for t in m.physical_tiles():
                # a kind that substitutes play may be written for them in a meld ([46pP]
                # read as 456p): its copies there are bounded by the copy caps below
                if t < NUM_KINDS and t not in played:
                    physical[t] += 1
    if max(physical) > 4:
        t = physical.index(max(physical))
        raise InvalidHand(f"{physical[t]} copies of {tile_name(t)} in one hand; a set has 4")
    if (fixed and max(meld_counts) > 4) or max(counts) > 4 or rules.max_copies < 4:
        caps = copy_caps(rules)
        held = _held_caps(rules)  # (under max_copies, a shanten sets copies aside)
        for t in range(NUM_KINDS):
            if meld_counts[t] > caps[t]:
                raise InvalidHand(
                    f"the melds hold {meld_counts[t]} copies of {tile_name(t)}; "
                    f"the rules allow {caps[t]}"
                )
            if counts[t] > held[t]:
                raise InvalidHand(
                    f"{counts[t]} copies of {tile_name(t)} in one hand counting substitutes; "
                    f"the rules allow {held[t]}"
                )
    if len(fixed) > 5:
        raise InvalidHand(f"{len(fixed)} melds are more than a hand holds (five at most)")
    size = len(concealed) + wilds + 3 * len(fixed)
    if size not in sizes:
        want = ", ".join(str(s) for s in sizes[:-1]) + f" or {sizes[-1]}"
        if len(sizes) == 1:
            want = str(sizes[0])
        raise InvalidHand(
            f"a hand of {size} tiles (counting each meld as three) cannot be analysed here; "
            f"expected {want}"
        )
    return PreparedHand(
        tuple(counts), tuple(wild_tiles), tuple(fixed), size, tuple(meld_counts), rules
    )


_SUBSTITUTES: dict[tuple[tuple[Tile, Tile], ...], dict[Tile, Tile]] = {}


def _substitutes(rules: WildRules) -> dict[Tile, Tile]:
    """The rules' substitutes as a dict, tile to the kind it stands for (cached; not to
    be changed)."""
    subs = _SUBSTITUTES.get(rules.substitutes)
    if subs is None:
        subs = _SUBSTITUTES[rules.substitutes] = dict(rules.substitutes)
    return subs


def _kinds_for(hand: PreparedHand, kinds: Iterable[str] | None) -> tuple[str, ...]:
    if kinds is None:
        return ALL_KINDS
    out = tuple(kinds)
    for k in out:
        if k not in ALL_KINDS:
            raise ValueError(f"unknown shape kind {k!r}; expected one of {', '.join(ALL_KINDS)}")
    return out


def _beyond_tables(hand: PreparedHand) -> bool:
    """Might a reading use more than four copies of a kind that substitutes stand for?
    The precomputed tables hold at most four of a kind (base-5 digits), so such a hand
    (the indicator drawn back beside four Whites standing for it, or with Golds) goes to
    the exact search. One attribute test when the rules have no substitutes.

    >>> rules = WildRules(substitutes=((33, 13),))  # the Whites play 5p
    >>> _beyond_tables(prepare("5p PPPP 123m 456m 789m 123s", constraints=rules))
    True
    >>> _beyond_tables(prepare("PPPP 123m 456m 789m 12s 99s", constraints=rules))
    False
    """
    subs = hand.rules.substitutes
    if not subs:
        return False
    spare = len(hand.wild_tiles)
    for _, t in subs:  # noqa: SIM110 (a plain loop: this runs on every gold hand)
        if hand.counts[t] + hand.meld_counts[t] + spare > 4:
            return True
    return False

"""Seeded random MCR winning hands (situations), for the differential tests against
PyMahjongGB and for ``parlour bench mcr``.

:func:`situations` deals ``n`` winning-hand situations in the scorer's input format;
:func:`to_gb` turns one into the keyword arguments of ``MahjongGB.MahjongFanCalculator``.

About a third of the hands are plain: four random sets and a pair, some of the sets
fixed as exposed chows, pungs or kongs or as concealed kongs. The rest come from
templates aimed at the rarer fans (Nine Gates, All Green, the shifted and knitted shapes,
the wind and dragon hands, the kong hands, Chicken Hand, ...), so that every fan
PyMahjongGB can report turns up in a few thousand hands. The win tile is drawn from the
hand's concealed tiles (the set it completes decides the wait fans); the winds, the
number of flowers and the win flags are drawn in legal combinations only:

* ``robbing_kong`` only on a discard win, when the winner holds no other copy of the win
  tile (the robbed player had the other three);
* ``kong_replacement`` only on a self-drawn win with a kong among the melds;
* ``last_of_kind`` only when the concealed tiles hold no other copy of the win tile;
* ``last_wall_tile`` with any of these.

Only the standard library and parlour's tile helpers are used, so a benchmark can import
this module too.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import accumulate, permutations
from typing import Any

from parlour.mahjong.tiles import format_tiles, gb_name, parse_tiles

Set = tuple[str, int]
"""A set of a regular hand: ``("c", t)`` the chow t, t+1, t+2 or ``("p", t)`` a pung."""
Meld = tuple[str, int]
"""A fixed meld: ``("chow", t)`` from t up, ``("pung", t)``, ``("kong", t)``, ``("ckong", t)``."""

WIND_LETTERS = "ESWN"
WINDS = (27, 28, 29, 30)
DRAGONS = (31, 32, 33)
HONORS = WINDS + DRAGONS
TERMINALS = (0, 8, 9, 17, 18, 26)
ORPHANS = TERMINALS + HONORS
KNITTED = ((0, 3, 6), (1, 4, 7), (2, 5, 8))
"""The ranks (0-based) of the three knitted suits 147, 258 and 369."""
SUIT_ORDERS = tuple(permutations(range(3)))

P_SELF_DRAWN = 0.5
P_ROBBING = 0.2
"""Chance of trying Robbing the Kong on a discard win (if the hand allows it)."""
P_REPLACEMENT = 0.45
"""Chance of a kong-replacement win on a self-drawn win with a kong among the melds."""
P_LAST_WALL = 0.07
P_LAST_OF_KIND = 0.25
MELD_COUNT_WEIGHTS = (30, 20, 20, 15, 15)
"""Weights of 0-4 fixed melds in a plain hand."""
_MELD_CUM = tuple(accumulate(MELD_COUNT_WEIGHTS))


def _suited(suit: int, rank: int) -> int:
    """The tile of 0-based ``rank`` in ``suit`` (0 m, 1 p, 2 s)."""
    return suit * 9 + rank


def _sets_of(kinds: Iterable[int], *, chows: bool = True, pungs: bool = True) -> list[Set]:
    """Every chow and pung made only of ``kinds``."""
    ks = set(kinds)
    out: list[Set] = []
    if chows:
        out += [("c", t) for t in sorted(ks) if t < 27 and t % 9 <= 6 and {t + 1, t + 2} <= ks]
    if pungs:
        out += [("p", t) for t in sorted(ks)]
    return out


def _ranks(ranks: Iterable[int], suits: Iterable[int] = (0, 1, 2)) -> list[int]:
    """The tiles of the given 1-based ranks in the given suits."""
    return [_suited(s, r - 1) for s in suits for r in ranks]


ALL_KINDS = list(range(34))
ALL_SETS = _sets_of(ALL_KINDS)
ALL_CHOWS = _sets_of(ALL_KINDS, pungs=False)
ALL_PUNGS = _sets_of(ALL_KINDS, chows=False)
SUITED = list(range(27))
SIMPLES = _ranks(range(2, 9))
GREEN = [19, 20, 21, 23, 25, 32]
REVERSIBLE = [9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 33]

POOLS: dict[str, tuple[list[int], bool, bool]] = {
    # name: (kinds, chows allowed, pungs allowed)
    "all_terminals": (list(TERMINALS), False, True),
    "all_honours": (list(HONORS), False, True),
    "terminals_and_honours": (list(ORPHANS), False, True),
    "all_even_pungs": (_ranks((2, 4, 6, 8)), False, True),
    "reversible": (REVERSIBLE, True, True),
    "all_green": (GREEN, True, True),
    "upper_tiles": (_ranks((7, 8, 9)), True, True),
    "middle_tiles": (_ranks((4, 5, 6)), True, True),
    "lower_tiles": (_ranks((1, 2, 3)), True, True),
    "upper_four": (_ranks((6, 7, 8, 9)), True, True),
    "lower_four": (_ranks((1, 2, 3, 4)), True, True),
    "all_simples": (SIMPLES, True, True),
    "all_chows": (SUITED, True, False),
    "all_pungs": (ALL_KINDS, False, True),
}
POOL_SETS = {name: _sets_of(k, chows=c, pungs=p) for name, (k, c, p) in POOLS.items()}
OUTSIDE_SETS = [s for s in ALL_SETS if s[1] in ORPHANS or (s[0] == "c" and s[1] % 9 in (0, 6))]
FIVE_SETS = [
    s for s in ALL_SETS if s[1] < 27 and (s[1] % 9 == 4 or (s[0] == "c" and s[1] % 9 in (2, 3)))
]
FIVES = [4, 13, 22]
POOL_SUITS = [_sets_of(_ranks(range(1, 10), (s,))) for s in range(3)]
SEVEN_PAIR_POOLS: tuple[list[int], ...] = (
    list(HONORS),
    list(ORPHANS),
    SIMPLES,
    GREEN,
    REVERSIBLE,
    _ranks((7, 8, 9)),
    _ranks((4, 5, 6)),
    _ranks((1, 2, 3)),
    _ranks((6, 7, 8, 9)),
    _ranks((1, 2, 3, 4)),
)


@dataclass(slots=True)
class Hand:
    """A complete hand before the win tile and the flags are drawn."""

    concealed: list[int]
    """The concealed tiles, the win tile among them (14 less 3 a meld)."""
    melds: list[Meld] = field(default_factory=list)
    win_choices: list[int] | None = None
    """Tiles the win tile is drawn from (default: any concealed tile)."""
    self_drawn: bool | None = None
    """A forced self-drawn (True) or discard (False) win; None draws it."""


# ---------------------------------------------------------------------------------------
# Building blocks


def _set_tiles(s: Set) -> list[int]:
    kind, t = s
    return [t, t + 1, t + 2] if kind == "c" else [t, t, t]


def _add(counts: list[int], s: Set) -> bool:
    """Add the tiles of ``s`` to ``counts`` if no kind goes over four."""
    kind, t = s
    if kind == "c":
        if counts[t] > 3 or counts[t + 1] > 3 or counts[t + 2] > 3:
            return False
        counts[t] += 1
        counts[t + 1] += 1
        counts[t + 2] += 1
        return True
    if counts[t] > 1:
        return False
    counts[t] += 3
    return True


def _arrange(
    rng: random.Random,
    sets: list[Set],
    pair: int,
    counts: list[int],
    *,
    melds: int | None = None,
    concealed_only: bool = False,
    kongs: Sequence[str] = (),
    meldable: Sequence[int] | None = None,
    kong_rate: float = 0.45,
    self_drawn: bool | None = None,
    win_on_pair: bool = False,
) -> Hand | None:
    """Fix some of the four ``sets`` as melds; the rest and the pair stay concealed.

    ``melds`` is the number of fixed melds (drawn if None); ``kongs`` forces kongs
    (``"kong"`` exposed, ``"ckong"`` concealed) on that many pungs; ``meldable`` limits
    the sets that may be exposed; ``kong_rate`` is the chance that a fixed pung is a kong.
    """
    order = list(range(len(sets)))
    rng.shuffle(order)
    fixed: list[Meld] = []
    taken: set[int] = set()
    if kongs:
        pungs = [i for i in order if sets[i][0] == "p"]
        if len(pungs) < len(kongs):
            return None
        for kind, i in zip(kongs, pungs, strict=False):
            t = sets[i][1]
            if counts[t] > 3:
                return None
            counts[t] += 1
            fixed.append((kind, t))
            taken.add(i)
    free = [i for i in order if i not in taken and (meldable is None or i in meldable)]
    if concealed_only:
        for i in free:
            kind, t = sets[i]
            if kind == "p" and counts[t] < 4 and rng.random() < 0.2:
                counts[t] += 1
                fixed.append(("ckong", t))
                taken.add(i)
    else:
        n = melds if melds is not None else rng.choices(range(5), cum_weights=_MELD_CUM)[0]
        for i in free[: max(0, n - len(taken))]:
            kind, t = sets[i]
            if kind == "c":
                fixed.append(("chow", t))
            else:
                r = rng.random()
                if r < kong_rate and counts[t] < 4:
                    counts[t] += 1
                    fixed.append(("kong" if r < kong_rate / 2 else "ckong", t))
                else:
                    fixed.append(("pung", t))
            taken.add(i)
    concealed = [pair, pair]
    for i, s in enumerate(sets):
        if i not in taken:
            concealed += _set_tiles(s)
    return Hand(concealed, fixed, [pair] if win_on_pair else None, self_drawn)


def _regular(
    rng: random.Random,
    fixed: Sequence[Set] = (),
    pair: int | None = None,
    *,
    pool: Sequence[Set] = ALL_SETS,
    pairs: Sequence[int] = ALL_KINDS,
    **arrange: Any,
) -> Hand | None:
    """The sets ``fixed`` plus random sets from ``pool`` up to four, and a pair."""
    counts = [0] * 34
    for s in fixed:
        if not _add(counts, s):
            return None
    sets = list(fixed)
    while len(sets) < 4:
        for _ in range(10):
            s = rng.choice(pool)
            if _add(counts, s):
                sets.append(s)
                break
        else:
            return None
    if pair is None:
        for _ in range(10):
            p = rng.choice(pairs)
            if counts[p] <= 2:
                pair = p
                break
        else:
            return None
    elif counts[pair] > 2:
        return None
    counts[pair] += 2
    return _arrange(rng, sets, pair, counts, **arrange)


# ---------------------------------------------------------------------------------------
# Templates: each returns a hand, or None to be drawn again


def plain(rng: random.Random) -> Hand | None:
    """Four random sets (chows and pungs equally likely) and a random pair."""
    counts = [0] * 34
    sets: list[Set] = []
    while len(sets) < 4:
        s = rng.choice(ALL_CHOWS if rng.random() < 0.5 else ALL_PUNGS)
        if _add(counts, s):
            sets.append(s)
    while True:
        p = rng.randrange(34)
        if counts[p] <= 2:
            counts[p] += 2
            return _arrange(rng, sets, p, counts)


def seven_pairs(rng: random.Random, kinds: Sequence[int] = ALL_KINDS) -> Hand | None:
    """Seven pairs of ``kinds``, sometimes two of them the same."""
    double = len(kinds) < 7 or rng.random() < 0.2
    picked = rng.sample(kinds, 6 if double else 7)
    if double:
        picked.append(rng.choice(picked))
    return Hand([t for t in picked for _ in range(2)])


def pooled_seven_pairs(rng: random.Random) -> Hand | None:
    r = rng.randrange(len(SEVEN_PAIR_POOLS) + 2)
    if r < len(SEVEN_PAIR_POOLS):
        return seven_pairs(rng, SEVEN_PAIR_POOLS[r])
    suit = _ranks(range(1, 10), (rng.randrange(3),))
    return seven_pairs(rng, suit if r == len(SEVEN_PAIR_POOLS) else suit + list(HONORS))


def seven_shifted_pairs(rng: random.Random) -> Hand | None:
    start = _suited(rng.randrange(3), rng.randrange(3))
    return Hand([t for t in range(start, start + 7) for _ in range(2)])


def thirteen_orphans(rng: random.Random) -> Hand | None:
    return Hand([*ORPHANS, rng.choice(ORPHANS)])


def _knitted(rng: random.Random) -> list[int]:
    order = rng.choice(SUIT_ORDERS)
    return [_suited(s, r) for s, ranks in zip(order, KNITTED, strict=True) for r in ranks]


def knitted_straight(rng: random.Random) -> Hand | None:
    """A knitted straight, a set (exposed four times in ten) and a pair."""
    counts = [0] * 34
    tiles = _knitted(rng)
    for t in tiles:
        counts[t] += 1
    while True:
        s = rng.choice(ALL_SETS)
        if _add(counts, s):
            break
    while True:
        p = rng.randrange(34)
        if counts[p] <= 2:
            counts[p] += 2
            break
    hand = Hand([*tiles, p, p])
    kind, t = s
    if rng.random() < 0.4:
        if kind == "c":
            hand.melds.append(("chow", t))
        elif counts[t] < 4 and rng.random() < 0.5:
            hand.melds.append((rng.choice(("kong", "ckong")), t))
        else:
            hand.melds.append(("pung", t))
    else:
        hand.concealed += _set_tiles(s)
    return hand


def honours_and_knitted(rng: random.Random, greater: bool | None = None) -> Hand | None:
    """Greater (all seven honours) or lesser (five or six) honours and knitted tiles."""
    knitted = _knitted(rng)
    honours = list(HONORS)
    if greater is None:
        greater = rng.random() < 0.5
    if greater:
        return Hand(honours + rng.sample(knitted, 7))
    if rng.random() < 0.5:  # six honours, eight knitted tiles
        return Hand(rng.sample(honours, 6) + rng.sample(knitted, 8))
    return Hand(rng.sample(honours, 5) + knitted)


def nine_gates(rng: random.Random) -> Hand | None:
    """1112345678999 and one more of the suit, winning on that tile (mostly)."""
    suit = rng.randrange(3)
    extra = _suited(suit, rng.randrange(9))
    base = [_suited(suit, r) for r in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8)]
    return Hand([*base, extra], win_choices=[extra] if rng.random() < 0.85 else None)


def _pungs(tiles: Iterable[int]) -> list[Set]:
    return [("p", t) for t in tiles]


def _chows(tiles: Iterable[int]) -> list[Set]:
    return [("c", t) for t in tiles]


def big_four_winds(rng: random.Random) -> Hand | None:
    return _regular(rng, _pungs(WINDS))


def little_four_winds(rng: random.Random) -> Hand | None:
    w = list(WINDS)
    rng.shuffle(w)
    return _regular(rng, _pungs(w[:3]), w[3])


def big_three_winds(rng: random.Random) -> Hand | None:
    w = list(WINDS)
    rng.shuffle(w)
    pairs = [t for t in ALL_KINDS if t != w[3]]
    return _regular(rng, _pungs(w[:3]), pairs=pairs)


def big_three_dragons(rng: random.Random) -> Hand | None:
    return _regular(rng, _pungs(DRAGONS))


def little_three_dragons(rng: random.Random) -> Hand | None:
    d = list(DRAGONS)
    rng.shuffle(d)
    return _regular(rng, _pungs(d[:2]), d[2])


def two_dragon_pungs(rng: random.Random) -> Hand | None:
    d = list(DRAGONS)
    rng.shuffle(d)
    pool = [s for s in ALL_SETS if s[1] < 31]
    return _regular(rng, _pungs(d[:2]), pool=pool, pairs=list(range(31)))


def kong_hand(rng: random.Random) -> Hand | None:
    """Two, three or four kongs, exposed and concealed in every mix."""
    n = rng.choice((2, 2, 2, 3, 3, 4))
    kinds = rng.sample(ALL_KINDS, n)
    kongs = [rng.choice(("kong", "ckong")) for _ in range(n)]
    return _regular(rng, _pungs(kinds), kongs=kongs, melds=rng.randint(n, 4))


def pooled(name: str) -> Callable[[random.Random], Hand | None]:
    """A hand of sets and a pair from the pool ``name`` of :data:`POOLS`."""
    sets = POOL_SETS[name]
    kinds = POOLS[name][0]
    if name in ("all_chows", "all_pungs"):
        kinds = SUITED if name == "all_chows" else ALL_KINDS

    def make(rng: random.Random) -> Hand | None:
        return _regular(rng, pool=sets, pairs=kinds)

    make.__name__ = name
    return make


def outside_hand(rng: random.Random) -> Hand | None:
    return _regular(rng, pool=OUTSIDE_SETS, pairs=ORPHANS)


def all_five(rng: random.Random) -> Hand | None:
    return _regular(rng, pool=FIVE_SETS, pairs=FIVES)


def flush(rng: random.Random) -> Hand | None:
    """Full flush, or half flush with at least one honour set or an honour pair."""
    suit = _ranks(range(1, 10), (rng.randrange(3),))
    if rng.random() < 0.5:
        return _regular(rng, pool=_sets_of(suit), pairs=suit)
    honour = rng.choice(HONORS)
    if rng.random() < 0.5:
        return _regular(rng, pool=_sets_of(suit + list(HONORS)), pair=honour)
    return _regular(rng, [("p", honour)], pool=_sets_of(suit + list(HONORS)))


def four_concealed_pungs(rng: random.Random) -> Hand | None:
    """Four concealed pungs (some concealed kongs): won by self-draw or on the pair."""
    drawn = rng.random() < 0.5
    return _regular(
        rng,
        pool=ALL_PUNGS,
        concealed_only=True,
        self_drawn=True if drawn else None,
        win_on_pair=not drawn,
    )


def three_concealed_pungs(rng: random.Random) -> Hand | None:
    """Three pungs kept concealed; the fourth set may be exposed."""
    counts = [0] * 34
    sets: list[Set] = []
    while len(sets) < 3:
        s = rng.choice(ALL_PUNGS)
        if _add(counts, s):
            sets.append(s)
    while len(sets) < 4:
        s = rng.choice(ALL_SETS)
        if _add(counts, s):
            sets.append(s)
    pair = rng.choice([t for t in ALL_KINDS if counts[t] <= 2])
    counts[pair] += 2
    return _arrange(rng, sets, pair, counts, meldable=[3], self_drawn=True)


def _shift_template(
    kind: str, n: int, *, steps: Sequence[int] = (1,), mixed: bool = False
) -> Callable[[random.Random], Hand | None]:
    """``n`` chows or pungs shifted up one rank (or ``steps``), in one suit or in three."""

    def make(rng: random.Random) -> Hand | None:
        step = rng.choice(steps)
        top = (6 if kind == "c" else 8) - step * (n - 1)
        rank = rng.randint(0, top)
        suits = rng.choice(SUIT_ORDERS) if mixed else [rng.randrange(3)] * n
        fixed = [(kind, _suited(suits[i], rank + step * i)) for i in range(n)]
        return _regular(rng, fixed)

    return make


def identical_chows(rng: random.Random) -> Hand | None:
    """Three or four copies of one chow (Pure Triple Chow, Quadruple Chow)."""
    t = rng.choice(ALL_CHOWS)
    return _regular(rng, [t] * rng.choice((3, 3, 4)))


def pure_terminal_chows(rng: random.Random) -> Hand | None:
    base = rng.randrange(3) * 9
    return _regular(rng, _chows((base, base, base + 6, base + 6)), base + 4)


def pure_straight(rng: random.Random) -> Hand | None:
    base = rng.randrange(3) * 9
    return _regular(rng, _chows((base, base + 3, base + 6)))


def mixed_straight(rng: random.Random) -> Hand | None:
    order = rng.choice(SUIT_ORDERS)
    return _regular(rng, _chows(_suited(s, 3 * i) for i, s in enumerate(order)))


def three_suited_terminal_chows(rng: random.Random) -> Hand | None:
    a, b, c = rng.choice(SUIT_ORDERS)
    fixed = _chows((_suited(a, 0), _suited(a, 6), _suited(b, 0), _suited(b, 6)))
    return _regular(rng, fixed, _suited(c, 4))


def mixed_triple_chow(rng: random.Random) -> Hand | None:
    rank = rng.randrange(7)
    return _regular(rng, _chows(_suited(s, rank) for s in range(3)))


def triple_pung(rng: random.Random) -> Hand | None:
    rank = rng.randrange(9)
    return _regular(rng, _pungs(_suited(s, rank) for s in range(3)))


def all_types(rng: random.Random) -> Hand | None:
    """A set in each suit, a wind (or dragon) set and a dragon (or wind) pair."""
    counts = [0] * 34
    sets: list[Set] = []
    for suit in range(3):
        while True:
            s = rng.choice(POOL_SUITS[suit])
            if _add(counts, s):
                sets.append(s)
                break
    winds_set = rng.random() < 0.5
    h_set = rng.choice(WINDS if winds_set else DRAGONS)
    pair = rng.choice(DRAGONS if winds_set else WINDS)
    _add(counts, ("p", h_set))
    counts[pair] += 2
    return _arrange(rng, [*sets, ("p", h_set)], pair, counts)


def melded_hand(rng: random.Random) -> Hand | None:
    """All four sets fixed, won on a discard: the pair is a single wait."""
    return _regular(rng, melds=4, self_drawn=False)


def fully_concealed(rng: random.Random) -> Hand | None:
    return _regular(rng, concealed_only=True, self_drawn=True)


def chicken(rng: random.Random) -> Hand | None:
    """Likely no-fan hands: three suits, an honour pair, chows and pungs of simples that
    make no pattern, some exposed, won on a discard."""
    counts = [0] * 34
    suits = [0, 1, 2, rng.randrange(3)]
    rng.shuffle(suits)
    sets: list[Set] = []
    starts: set[int] = set()
    for suit in suits:
        for _ in range(10):
            if rng.random() < 0.7:
                rank = rng.randrange(1, 6)  # no terminal chows
                clash = rank in starts or any(
                    k == "c" and t // 9 == suit and abs(t % 9 - rank) in (3, 6) for k, t in sets
                )
                s: Set = ("c", _suited(suit, rank))
            else:
                rank = rng.randrange(1, 8)
                clash = any(k == "p" and t % 9 == rank for k, t in sets)
                s = ("p", _suited(suit, rank))
            if not clash and _add(counts, s):
                sets.append(s)
                if s[0] == "c":
                    starts.add(rank)
                break
        else:
            return None
    pair = rng.choice(HONORS)
    counts[pair] += 2
    return _arrange(rng, sets, pair, counts, melds=rng.randint(1, 3), kong_rate=0, self_drawn=False)


TEMPLATES: tuple[tuple[float, Callable[[random.Random], Hand | None]], ...] = (
    (32, plain),
    (3, seven_pairs),
    (3, pooled_seven_pairs),
    (1, seven_shifted_pairs),
    (1.5, thirteen_orphans),
    (2.5, knitted_straight),
    (3, honours_and_knitted),
    (1, nine_gates),
    (1, big_four_winds),
    (1, little_four_winds),
    (1.5, big_three_winds),
    (1, big_three_dragons),
    (1.5, little_three_dragons),
    (1.5, two_dragon_pungs),
    (5, kong_hand),
    (1, pooled("all_terminals")),
    (1, pooled("all_honours")),
    (1, pooled("terminals_and_honours")),
    (1, pooled("all_even_pungs")),
    (1, pooled("reversible")),
    (1, pooled("all_green")),
    (1, pooled("upper_tiles")),
    (1, pooled("middle_tiles")),
    (1, pooled("lower_tiles")),
    (1, pooled("upper_four")),
    (1, pooled("lower_four")),
    (1, pooled("all_simples")),
    (1.5, pooled("all_chows")),
    (1.5, pooled("all_pungs")),
    (1.5, outside_hand),
    (1, all_five),
    (2.5, flush),
    (1.5, four_concealed_pungs),
    (1.5, three_concealed_pungs),
    (3, identical_chows),
    (1, pure_terminal_chows),
    (1, _shift_template("p", 4)),
    (1, _shift_template("p", 3)),
    (1, _shift_template("c", 4, steps=(1, 2))),
    (1, _shift_template("c", 3, steps=(1, 2))),
    (1, _shift_template("c", 3, mixed=True)),
    (1, _shift_template("p", 3, mixed=True)),
    (1, pure_straight),
    (1, mixed_straight),
    (1, three_suited_terminal_chows),
    (1, mixed_triple_chow),
    (1, triple_pung),
    (1.5, all_types),
    (1.5, melded_hand),
    (1.5, fully_concealed),
    (3, chicken),
)
_TEMPLATE_CUM = tuple(accumulate(w for w, _ in TEMPLATES))
_TEMPLATE_FNS = tuple(f for _, f in TEMPLATES)


# ---------------------------------------------------------------------------------------
# Situations


def _meld_text(meld: Meld) -> str:
    kind, t = meld
    if kind == "chow":
        return f"[{format_tiles([t, t + 1, t + 2])}]"
    if kind == "pung":
        return f"[{format_tiles([t] * 3)}]"
    text = format_tiles([t] * 4)
    return f"{{{text}}}" if kind == "ckong" else f"[{text}]"


def _finish(rng: random.Random, hand: Hand) -> dict[str, Any]:
    """Draw the win tile, the flags, the winds and the flowers of ``hand``."""
    concealed = hand.concealed
    in_hand = [0] * 34
    for t in concealed:
        in_hand[t] += 1
    in_melds = [0] * 34
    for kind, t in hand.melds:
        for u in (t, t + 1, t + 2) if kind == "chow" else (t,):
            in_melds[u] += 1
    choices = hand.win_choices or concealed
    self_drawn = hand.self_drawn
    if self_drawn is None:
        self_drawn = rng.random() < P_SELF_DRAWN
    robbing = False
    win = -1
    if not self_drawn and rng.random() < P_ROBBING:
        singles = [t for t in choices if in_hand[t] == 1 and in_melds[t] == 0]
        if singles:
            win = rng.choice(singles)
            robbing = True
    if not robbing:
        win = rng.choice(choices)
    has_kong = any(kind in ("kong", "ckong") for kind, _ in hand.melds)
    replacement = self_drawn and has_kong and rng.random() < P_REPLACEMENT
    last_wall = rng.random() < P_LAST_WALL
    last_of_kind = in_hand[win] == 1 and rng.random() < P_LAST_OF_KIND
    rest = list(concealed)
    rest.remove(win)
    seat = rng.randrange(4)
    round_wind = rng.randrange(4)
    discarder = None if self_drawn else WIND_LETTERS[(seat + rng.randint(1, 3)) % 4]
    bonus = 0 if rng.random() < 0.5 else rng.randint(1, 8)
    return {
        "rules": "mcr",
        "concealed": format_tiles(rest),
        "melds": [_meld_text(m) for m in hand.melds],
        "win_tile": format_tiles([win]),
        "self_drawn": self_drawn,
        "seat_wind": WIND_LETTERS[seat],
        "round_wind": WIND_LETTERS[round_wind],
        "bonus": bonus,
        "last_wall_tile": last_wall,
        "kong_replacement": replacement,
        "robbing_kong": robbing,
        "last_of_kind": last_of_kind,
        "discarder": discarder,
    }


def random_situation(rng: random.Random) -> dict[str, Any]:
    """One random winning-hand situation (see the module docstring)."""
    for _ in range(50):
        make = rng.choices(_TEMPLATE_FNS, cum_weights=_TEMPLATE_CUM)[0]
        hand = make(rng)
        if hand is not None:
            return _finish(rng, hand)
    hand = thirteen_orphans(rng)  # never None
    assert hand is not None
    return _finish(rng, hand)


def situations(seed: int, n: int) -> list[dict[str, Any]]:
    """``n`` situations from the seed ``seed`` (the same list every time)."""
    rng = random.Random(seed)
    return [random_situation(rng) for _ in range(n)]


def to_gb(situation: dict[str, Any]) -> dict[str, Any]:
    """The keyword arguments of ``MahjongGB.MahjongFanCalculator`` for ``situation``
    (add ``verbose=True`` for English names)."""
    packs: list[tuple[str, str, int]] = []
    for text in situation["melds"]:
        tiles = sorted(parse_tiles(text[1:-1]))
        if text.startswith("{"):
            packs.append(("GANG", gb_name(tiles[0]), 0))
        elif len(tiles) == 4:
            packs.append(("GANG", gb_name(tiles[0]), 1))
        elif tiles[0] == tiles[1]:
            packs.append(("PENG", gb_name(tiles[0]), 1))
        else:
            packs.append(("CHI", gb_name(tiles[1]), 1))
    return {
        "pack": tuple(packs),
        "hand": tuple(gb_name(t) for t in parse_tiles(situation["concealed"])),
        "winTile": gb_name(parse_tiles(situation["win_tile"])[0]),
        "flowerCount": situation["bonus"],
        "isSelfDrawn": situation["self_drawn"],
        "is4thTile": situation["last_of_kind"],
        "isAboutKong": situation["kong_replacement"] or situation["robbing_kong"],
        "isWallLast": situation["last_wall_tile"],
        "seatWind": WIND_LETTERS.index(situation["seat_wind"]),
        "prevalentWind": WIND_LETTERS.index(situation["round_wind"]),
    }

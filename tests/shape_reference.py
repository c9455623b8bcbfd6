"""A slow, obviously-correct reference for the hand-shape engine (tests only).

Written from the rules, not from :mod:`parlour.mahjong.shapes`: it imports nothing of
the engine's internals and uses only plain tile ints (0-33 playing tiles, 42 a joker).

Two things are computed by brute force:

* :func:`ref_decompositions` - every reading of a complete hand: the concealed natural
  tiles (a 34-count vector) plus some physical wild tiles, split into ``sets`` chows or
  pungs and one pair (and the special shapes), with the wild-tile constraints applied
  group by group. A reading is returned in a canonical, hashable form that says what
  each wild stands for and in which group it sits.

* :func:`ref_need` / :func:`ref_shanten` - the replacement-number shanten: the fewest
  tiles of a complete target hand that the hand lacks, over every target hand that
  holds at most four copies of a kind (fixed melds included), minus the wilds.

Nothing here is cached or clever; the searches are small because they are pruned with
simple, safe bounds (explained where they are used).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

JOKER = 42
NUM_KINDS = 34
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
HONORS = tuple(range(27, 34))
# (characters, circles, bamboos) residues: 0 = 147, 1 = 258, 2 = 369
KNIT_RESIDUES = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))


def knitted(pattern: int) -> tuple[int, ...]:
    """The nine tiles of a knitted pattern, sorted."""
    res = KNIT_RESIDUES[pattern]
    return tuple(sorted(9 * suit + res[suit] + 3 * j for suit in range(3) for j in range(3)))


def chow_ok(first: int) -> bool:
    return first < 27 and first % 9 <= 6


def group_tiles(kind: str, first: int) -> tuple[int, ...]:
    if kind == "chow":
        return (first, first + 1, first + 2)
    if kind == "pung":
        return (first,) * 3
    if kind == "pair":
        return (first,) * 2
    raise ValueError(kind)


# ---------------------------------------------------------------------------------------
# Wild-tile rules (read off any object with WildRules' attribute names)


@dataclass(frozen=True)
class Rules:
    """The reference's own copy of the wild-tile rules."""

    in_chow: bool = True
    in_pung: bool = True
    in_pair: bool = True
    max_in_set: int = 3
    max_in_pair: int = 2
    all_wild_sets: bool = True
    face_value: bool = True
    wild_tile: int | None = None
    max_copies: int = 4
    extra_in_one_group: int = 0
    substitutes: tuple[tuple[int, int], ...] = ()

    def cap(self, kind: int) -> int:
        """Copies of ``kind`` a reading may use: ``max_copies`` (at most four), and the
        four tiles of each substitute playing the kind on top."""
        return min(4, self.max_copies) + 4 * sum(1 for _, t in self.substitutes if t == kind)

    @classmethod
    def of(cls, rules: object | None) -> Rules:
        if rules is None:
            return cls()
        return cls(**{f: getattr(rules, f) for f in cls.__dataclass_fields__})

    def limit(self, kind: str) -> int | None:
        """Most wilds a group of this kind may hold without the extra allowance (None:
        none at all, whatever the allowance)."""
        if kind == "pair":
            return self.max_in_pair if self.in_pair else None
        if kind == "chow" and not self.in_chow:
            return None
        if kind == "pung" and not self.in_pung:
            return None
        return self.max_in_set


def groups_allowed(groups: Sequence[tuple[str, int, tuple[int, ...]]], rules: Rules) -> bool:
    """Do these groups (kind, first, kinds the wilds stand for) obey the rules? At most
    one group may go over its limit, by at most ``extra_in_one_group``."""
    over = 0
    for kind, _first, stands in groups:
        n = len(stands)
        if n == 0:
            continue
        lim = rules.limit(kind)
        if lim is None:
            return False
        if kind != "pair" and n == 3 and not rules.all_wild_sets:
            return False
        if n > lim:
            if n > lim + rules.extra_in_one_group:
                return False
            over += 1
    return over <= 1


def assignable(wild_tiles: Sequence[int], stands: Sequence[int], rules: Rules) -> bool:
    """Can the physical wilds be matched to the kinds they stand for? Only a ban on a
    wild standing for its own face (``face_value=False``) can get in the way."""
    assert len(wild_tiles) == len(stands)
    if rules.face_value:
        return True
    # a physical wild of kind k may not stand for k; jokers may stand for anything
    for perm in set(_perms(sorted(wild_tiles))):
        if all(p == JOKER or p != s for p, s in zip(perm, sorted(stands), strict=True)):
            return True
    return False


def _perms(items: list[int]) -> Iterator[tuple[int, ...]]:
    if not items:
        yield ()
        return
    for i in range(len(items)):
        for rest in _perms(items[:i] + items[i + 1 :]):
            yield (items[i], *rest)


# ---------------------------------------------------------------------------------------
# Decompositions

Group = tuple[str, int, tuple[int, ...]]  # (chow | pung | pair, first tile, wild stands)


def _masks(n: int) -> Iterator[tuple[bool, ...]]:
    """Every way to mark n slots natural (False) or wild (True)."""
    for bits in range(1 << n):
        yield tuple(bool(bits >> i & 1) for i in range(n))


def _regular_readings(
    counts: list[int], wilds: int, sets: int, want_pair: bool
) -> set[tuple[tuple[Group, ...], Group | None]]:
    """Every multiset of ``sets`` sets and (if ``want_pair``) a pair, each slot natural or
    wild, using every natural tile and exactly ``wilds`` wilds. No rules applied."""
    out: set[tuple[tuple[Group, ...], Group | None]] = set()
    chosen: list[Group] = []

    def rec(w: int, s: int, pair: Group | None, need_pair: bool) -> None:
        k = next((t for t in range(NUM_KINDS) if counts[t]), None)
        if k is None:
            _all_wild(w, s, pair, need_pair)
            return
        # some group must use a natural k: try every group holding k in a natural slot
        options: list[tuple[str, int]] = []
        if need_pair:
            options.append(("pair", k))
        if s:
            options.append(("pung", k))
            options += [("chow", f) for f in (k - 2, k - 1, k) if f >= 0 and chow_ok(f)]
            options = [o for o in options if o[0] != "chow" or k in group_tiles(*o)]
        for kind, first in options:
            tiles = group_tiles(kind, first)
            for mask in _masks(len(tiles)):
                if not any(t == k and not m for t, m in zip(tiles, mask, strict=True)):
                    continue  # k must be natural somewhere in the group
                nat = Counter(t for t, m in zip(tiles, mask, strict=True) if not m)
                stands = tuple(sorted(t for t, m in zip(tiles, mask, strict=True) if m))
                if len(stands) > w or any(counts[t] < n for t, n in nat.items()):
                    continue
                for t, n in nat.items():
                    counts[t] -= n
                g = (kind, first, stands)
                if kind == "pair":
                    rec(w - len(stands), s, g, False)
                else:
                    chosen.append(g)
                    rec(w - len(stands), s - 1, pair, need_pair)
                    chosen.pop()
                for t, n in nat.items():
                    counts[t] += n

    def _all_wild(w: int, s: int, pair: Group | None, need_pair: bool) -> None:
        if w != 3 * s + 2 * need_pair:
            return
        pairs = [("pair", t, (t, t)) for t in range(NUM_KINDS)] if need_pair else [pair]
        sets_ = [("pung", t, (t, t, t)) for t in range(NUM_KINDS)] + [
            ("chow", t, (t, t + 1, t + 2)) for t in range(27) if chow_ok(t)
        ]
        for p in pairs:
            for extra in _multisets(sets_, s):
                out.add((tuple(sorted(chosen + list(extra))), p))

    rec(wilds, sets, None, want_pair)
    return out


def _multisets(items: list[Group], n: int, start: int = 0) -> Iterator[tuple[Group, ...]]:
    if n == 0:
        yield ()
        return
    for i in range(start, len(items)):
        for rest in _multisets(items, n - 1, i):
            yield (items[i], *rest)


def _copies_ok(represented: Counter[int], rules: Rules) -> bool:
    return all(n <= rules.cap(t) for t, n in represented.items())


@dataclass(frozen=True)
class RefHand:
    """A hand for the reference: concealed natural counts (substitutes applied), the
    physical wild tiles, the kinds held in fixed melds (as they stand) and the size."""

    counts: tuple[int, ...]
    wild_tiles: tuple[int, ...]
    meld_tiles: tuple[int, ...] = ()
    melds: int = 0
    size: int = 14

    @property
    def sets(self) -> int:
        return (4 if self.size <= 14 else 5) - self.melds


def ref_hand(
    tiles: Sequence[int],
    melds: Sequence[Sequence[int]] = (),
    *,
    jokers: int = 0,
    wild_tile: int | None = None,
    substitutes: Sequence[tuple[int, int]] = (),
) -> RefHand:
    """Build a :class:`RefHand` from tile ints; ``melds`` are the kinds of each fixed
    meld (a kong gives four; it still counts as three towards the size)."""
    subs = dict(substitutes)
    counts = [0] * NUM_KINDS
    wild: list[int] = [JOKER] * jokers
    for t in tiles:
        if t in (JOKER, wild_tile):
            wild.append(t)
        else:
            counts[subs.get(t, t)] += 1
    size = len(tiles) + jokers + 3 * len(melds)
    return RefHand(
        tuple(counts),
        tuple(sorted(wild)),
        tuple(sorted(t for m in melds for t in m)),
        len(melds),
        size,
    )


Reading = tuple[object, ...]


def ref_decompositions(hand: RefHand, rules: object | None = None) -> set[Reading]:
    """Every reading of a complete hand, canonical:

    * ``("regular", groups, pair)`` with ``groups`` the sorted concealed sets and
      ``pair`` a group, each group ``(kind, first, kinds its wilds stand for)``;
    * ``("seven_pairs", pair kinds, stands)``; ``("thirteen_orphans", doubled, stands)``;
      ``("honors_knitted", the 14 kinds, stands)``;
    * ``("knitted_straight", straight, groups, pair kind, stands)`` (all the hand's wild
      stands together: where among straight and pair a wild sits is not reported).
    """
    r = Rules.of(rules)
    base = Counter(hand.meld_tiles)
    for t in range(NUM_KINDS):
        base[t] += hand.counts[t]
    out: set[Reading] = set()
    w = len(hand.wild_tiles)

    def accept(groups: Sequence[Group], stands: Sequence[int]) -> bool:
        rep = base + Counter(stands)
        return (
            _copies_ok(rep, r)
            and groups_allowed(groups, r)
            and assignable(hand.wild_tiles, stands, r)
        )

    counts = list(hand.counts)
    for groups, pair in _regular_readings(counts, w, hand.sets, True):
        assert pair is not None
        stands = [t for g in (*groups, pair) for t in g[2]]
        if accept((*groups, pair), stands):
            out.add(("regular", groups, pair))
    if hand.size != 14:
        return out
    if hand.melds == 0:
        out |= _seven_pairs(hand, accept)
        out |= _thirteen_orphans(hand, accept)
        out |= _honors_knitted(hand, accept)
    if hand.melds <= 1:
        for pattern in range(6):
            straight = knitted(pattern)
            if sum(1 for t in straight if not counts[t]) > w:
                continue  # too few wilds for the straight tiles the hand lacks
            # each straight tile is natural or wild
            for mask in _masks(9):
                used = Counter(t for t, m in zip(straight, mask, strict=True) if not m)
                s_stands = [t for t, m in zip(straight, mask, strict=True) if m]
                if len(s_stands) > w or any(counts[t] < n for t, n in used.items()):
                    continue
                rest = [counts[t] - used[t] for t in range(NUM_KINDS)]
                for groups, pair in _regular_readings(
                    rest, w - len(s_stands), 1 - hand.melds, True
                ):
                    assert pair is not None
                    stands = s_stands + [t for g in (*groups, pair) for t in g[2]]
                    # straight tiles stand alone: only the copies and face value bind them
                    if accept((*groups, pair), stands):
                        out.add(
                            ("knitted_straight", straight, groups, pair[1], tuple(sorted(stands)))
                        )
    return out


def _seven_pairs(hand: RefHand, accept) -> set[Reading]:  # type: ignore[no-untyped-def]
    """Seven pairs; a kind may give two pairs (four of a kind), as MCR allows."""
    out: set[Reading] = set()
    w = len(hand.wild_tiles)
    # per kind: how many pairs (0-2) and how its naturals/wilds are spread over them
    choices: list[list[tuple[Group, ...]]] = []
    for t in range(NUM_KINDS):
        c = hand.counts[t]
        opts: list[tuple[Group, ...]] = []
        if c == 0:
            opts.append(())
        for npairs in (1, 2):
            for nats in _spreads(c, npairs):
                opts.append(tuple(("pair", t, (t,) * (2 - n)) for n in nats))
        choices.append(opts)

    def rec(t: int, acc: list[Group], wl: int) -> None:
        if wl < 0 or len(acc) > 7:
            return
        if t == NUM_KINDS:
            if len(acc) == 7 and wl == 0:
                stands = [s for g in acc for s in g[2]]
                if accept(acc, stands):
                    out.add(
                        (
                            "seven_pairs",
                            tuple(sorted(g[1] for g in acc)),
                            tuple(sorted(stands)),
                        )
                    )
            return
        for opt in choices[t]:
            rec(t + 1, acc + list(opt), wl - sum(len(g[2]) for g in opt))

    rec(0, [], w)
    return out


def _spreads(c: int, npairs: int) -> list[tuple[int, ...]]:
    """Ways to spread c naturals over npairs pairs (each 0-2), as sorted tuples."""
    out = set()
    for combo in _product(range(3), npairs):
        if sum(combo) == c:
            out.add(tuple(sorted(combo)))
    return sorted(out)


def _product(values: range, n: int) -> Iterator[tuple[int, ...]]:
    if n == 0:
        yield ()
        return
    for v in values:
        for rest in _product(values, n - 1):
            yield (v, *rest)


def _thirteen_orphans(hand: RefHand, accept) -> set[Reading]:  # type: ignore[no-untyped-def]
    out: set[Reading] = set()
    for doubled in ORPHANS:
        want = Counter(ORPHANS) + Counter([doubled])
        have = Counter({t: hand.counts[t] for t in range(NUM_KINDS) if hand.counts[t]})
        if have - want:
            continue  # a natural tile that the shape cannot hold
        stands = sorted((want - have).elements())
        if len(stands) != len(hand.wild_tiles):
            continue
        # single tiles: only copies and face value bind a wild here
        if accept((), stands):
            out.add(("thirteen_orphans", doubled, tuple(stands)))
    return out


def _honors_knitted(hand: RefHand, accept) -> set[Reading]:  # type: ignore[no-untyped-def]
    out: set[Reading] = set()
    if any(c > 1 for c in hand.counts):
        return out  # fourteen distinct kinds
    for pattern in range(6):
        pool = sorted(set(knitted(pattern)) | set(HONORS))
        for kinds in combinations(pool, 14):
            have = Counter({t: hand.counts[t] for t in range(NUM_KINDS) if hand.counts[t]})
            want = Counter(kinds)
            if have - want:
                continue
            stands = sorted((want - have).elements())
            if len(stands) != len(hand.wild_tiles):
                continue
            if accept((), stands):
                out.add(("honors_knitted", tuple(kinds), tuple(stands)))
    return out


# ---------------------------------------------------------------------------------------
# Shanten (replacement number)
#
# need(hand) = min over complete target hands H of |H minus the hand| (tiles of H the
# hand lacks, as multisets), where H holds at most ``cap`` copies of each kind with the
# fixed melds' tiles counted. Wilds fill missing tiles one for one, so with w wilds the
# shanten number is max(-1, need - w - 1).
#
# The regular targets are searched over groups that share a kind with the hand. That is
# safe: a set sharing no kind with the hand costs exactly 3 and a pair sharing none costs
# exactly 2, and such a set or pair can always be placed on a kind nobody touches (there
# are 34 kinds; the hand, its melds and the other groups touch at most 28), so the search
# adds them as "fresh" groups at that fixed price.


def ref_need_regular(
    counts: Sequence[int],
    sets: int,
    *,
    meld_counts: Sequence[int] = (0,) * NUM_KINDS,
    cap: int | None = 4,
    start: Sequence[int] = (0,) * NUM_KINDS,
) -> int:
    """Fewest tiles missing for ``sets`` sets and a pair (plus the tiles ``start``
    already in the target), each kind within ``cap`` copies counting ``meld_counts``."""
    held = [t for t in range(NUM_KINDS) if counts[t]]
    cand: list[tuple[int, ...]] = []
    for t in held:
        cand.append((t, t, t))
        for f in (t - 2, t - 1, t):
            if f >= 0 and chow_ok(f) and f <= t <= f + 2:
                cand.append((f, f + 1, f + 2))
    cand = sorted(set(cand))
    target = list(start)
    limit = [99 if cap is None else cap - meld_counts[t] for t in range(NUM_KINDS)]
    best = [99]
    # cost: target tiles the hand lacks; spare: held tiles the target does not use
    state = [
        sum(max(0, target[t] - counts[t]) for t in range(NUM_KINDS)),
        sum(max(0, counts[t] - target[t]) for t in range(NUM_KINDS)),
    ]

    def put(t: int, n: int) -> None:
        """Add n (or take away -n) copies of t to the target, keeping cost and spare."""
        for _ in range(abs(n)):
            if n > 0:
                if target[t] < counts[t]:
                    state[1] -= 1
                else:
                    state[0] += 1
                target[t] += 1
            else:
                target[t] -= 1
                if target[t] < counts[t]:
                    state[1] += 1
                else:
                    state[0] -= 1

    def rec(i: int, left: int) -> None:
        cost, spare = state
        # the rest (left sets and the pair) need 3*left + 2 tiles; spare held tiles can
        # give at most `spare` of them
        if cost + max(0, 3 * left + 2 - spare) >= best[0]:
            return
        # finish: the pair on a held kind or fresh, the remaining sets fresh
        pair_cost = 2
        for t in held:
            if target[t] + 2 <= limit[t]:
                pair_cost = min(pair_cost, max(0, target[t] + 2 - max(counts[t], target[t])))
        best[0] = min(best[0], cost + 3 * left + pair_cost)
        if left == 0:
            return
        for j in range(i, len(cand)):
            g = cand[j]
            if any(target[t] + g.count(t) > limit[t] for t in g):
                continue
            for t in g:
                put(t, 1)
            rec(j, left - 1)
            for t in g:
                put(t, -1)

    if any(start[t] > limit[t] for t in range(NUM_KINDS)):
        return 99
    rec(0, sets)
    return best[0]


def ref_need_seven_pairs(counts: Sequence[int], cap: int | None = 4) -> int:
    """14 minus the most held tiles seven pairs can use (a kind may give two pairs)."""
    most_pairs = 2 if cap is None or cap >= 4 else 1
    # dp over kinds: best[p] = most held tiles covered by p pairs
    best = [0] + [-1] * 7
    for t in range(NUM_KINDS):
        nxt = list(best)
        for p in range(8):
            if best[p] < 0:
                continue
            for k in range(1, most_pairs + 1):
                if p + k <= 7:
                    nxt[p + k] = max(nxt[p + k], best[p] + min(counts[t], 2 * k))
        best = nxt
    return 14 - best[7]


def ref_need_orphans(counts: Sequence[int]) -> int:
    best = 99
    for doubled in ORPHANS:
        want = Counter(ORPHANS) + Counter([doubled])
        best = min(best, sum(max(0, n - counts[t]) for t, n in want.items()))
    return best


def ref_need_honors_knitted(counts: Sequence[int]) -> int:
    best = 99
    for pattern in range(6):
        pool = sorted(set(knitted(pattern)) | set(HONORS))
        for kinds in combinations(pool, 14):
            best = min(best, sum(1 for t in kinds if not counts[t]))
    return best


def ref_need_knitted_straight(
    counts: Sequence[int], melds: int, meld_counts: Sequence[int], cap: int | None = 4
) -> int:
    best = 99
    for pattern in range(6):
        start = [0] * NUM_KINDS
        for t in knitted(pattern):
            start[t] += 1
        best = min(
            best,
            ref_need_regular(counts, 1 - melds, meld_counts=meld_counts, cap=cap, start=start),
        )
    return best


def ref_need(
    counts: Sequence[int],
    melds: Sequence[Sequence[int]] = (),
    *,
    size: int | None = None,
    kinds: Sequence[str] = (
        "regular",
        "seven_pairs",
        "thirteen_orphans",
        "knitted_straight",
        "honors_knitted",
    ),
    cap: int | None = 4,
) -> int:
    """Fewest tiles missing over the shapes (``cap=None``: the loose model, no cap)."""
    meld_counts = [0] * NUM_KINDS
    for m in melds:
        for t in m:
            meld_counts[t] += 1
    if size is None:
        size = sum(counts) + 3 * len(melds)
    sets = (4 if size <= 14 else 5) - len(melds)
    best = 99
    if "regular" in kinds:
        best = ref_need_regular(counts, sets, meld_counts=meld_counts, cap=cap)
    if size <= 14 and not melds:
        if "seven_pairs" in kinds:
            best = min(best, ref_need_seven_pairs(counts, cap))
        if "thirteen_orphans" in kinds:
            best = min(best, ref_need_orphans(counts))
        if "honors_knitted" in kinds:
            best = min(best, ref_need_honors_knitted(counts))
    if size <= 14 and len(melds) <= 1 and "knitted_straight" in kinds:
        best = min(best, ref_need_knitted_straight(counts, len(melds), meld_counts, cap))
    return best


def ref_shanten(
    counts: Sequence[int],
    melds: Sequence[Sequence[int]] = (),
    *,
    wilds: int = 0,
    **kw: object,
) -> int:
    """max(-1, need - wilds - 1); ``counts`` are the natural concealed tiles."""
    size = sum(counts) + wilds + 3 * len(melds)
    need = ref_need(counts, melds, size=size, **kw)  # type: ignore[arg-type]
    return max(-1, need - wilds - 1)


# ---------------------------------------------------------------------------------------
# Reading the engine's answers in the same canonical form (attributes only)


def canonical(decomposition: object, fixed_melds: int = 0) -> Reading:
    """The canonical form of an engine ``Decomposition`` (read through its attributes)."""
    d = decomposition
    shape = d.shape  # type: ignore[attr-defined]
    stands = tuple(sorted(s for _p, s in d.wilds))  # type: ignore[attr-defined]
    groups = tuple(
        sorted(
            (m.kind, m.tiles[0], tuple(sorted(s for _p, s in m.wilds)))
            for m in d.melds[fixed_melds:]  # type: ignore[attr-defined]
        )
    )
    if shape == "regular":
        rest = Counter(stands)
        for g in groups:
            rest -= Counter(g[2])
        return ("regular", groups, ("pair", d.pair, tuple(sorted(rest.elements()))))  # type: ignore[attr-defined]
    if shape == "seven_pairs":
        return ("seven_pairs", tuple(d.pairs), stands)  # type: ignore[attr-defined]
    if shape == "thirteen_orphans":
        return ("thirteen_orphans", d.pair, stands)  # type: ignore[attr-defined]
    if shape == "honors_knitted":
        return ("honors_knitted", tuple(d.singles), stands)  # type: ignore[attr-defined]
    if shape == "knitted_straight":
        return ("knitted_straight", tuple(d.singles), groups, d.pair, stands)  # type: ignore[attr-defined]
    return (shape,)

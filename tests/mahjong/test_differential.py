"""Differential tests: the hand-shape engine against two independent calculators.

* PyMahjongGB (module ``MahjongGB``, the Chinese Official rules' reference code) for the
  shanten number of every shape and for completeness (through its useful-tile lists);
* the riichi library ``mahjong`` (``mahjong.shanten.Shanten``) where its definitions
  coincide with ours.

Every run is seeded. Half of the hands are drawn straight from a shuffled 136-tile wall;
the other half are biased towards the shapes where calculators go wrong: near-complete
sets and pairs, many quads, honours-heavy hands, knitted 147/258/369 patterns,
thirteen-orphans-heavy hands, ready hands (a complete hand less one tile), and hands with
one to three fixed melds (13 - 3k standing tiles). Agreement must be total.

``--runslow`` or ``PARLOUR_SLOW=1`` multiplies every count by ten.

The two shanten models. PyMahjongGB uses the common formula, which counts on a fifth copy
of a tile (four 1m in hand still "wait" on 1m): that is our ``model="loose"``, compared
with it directly. Our default ``model="exact"`` never does; it must equal the loose
figure except where the loose figure counts on a fifth copy, and there be higher. Such
hands hold four of some kind (hand and melds together), or, more rarely, a fixed pung of
a kind the standing tiles lack, which a loose plan can still draw twice (see
:func:`fifth_copy_reason`). The riichi library does not count on a fifth copy either (its regular
shanten handles quads, the ``jidahai``/four-copies corrections), so it is compared with
the exact model; see :func:`test_riichi_regular_matches_exact_model`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import pytest

from dev_deps import require
from parlour.mahjong.melds import Meld, chow, kong, pung
from parlour.mahjong.shapes import (
    Decomposition,
    decompositions,
    is_complete,
    is_complete_counts,
    knitted_tiles,
    shanten,
    shanten_of,
    waits,
)
from parlour.mahjong.tiles import (
    HONORS,
    TERMINALS_AND_HONORS,
    format_tiles,
    gb_name,
    parse_tiles,
)

# pinned dev dependencies: a missing one fails the run (see dev_deps), it never skips
G = require("MahjongGB", "pymahjonggb==1.4.0")
Shanten = require("mahjong.shanten", "mahjong>=2.0").Shanten

BASE_HANDS = 10_000
"""Hands per comparison in the normal suite (times ``slow_factor``)."""
BASE_EXACT_MELD_HANDS = 3_000
"""Hands with fixed melds added to the 10,000 concealed ones for the exact model (with
melds the exact model takes the engine's uncached capped-table path, ~1 ms a hand)."""
BASE_MELD_COMPLETENESS_HANDS = 200
"""Hands with fixed melds for the completeness check, on top of the 10,000 concealed
hands: with melds, a hand that is not complete goes through the engine's uncached
capped-table path (~1 ms a call, 34 calls a hand), so fewer are run by default."""

# ---------------------------------------------------------------------------------------
# Seeded hand generation


@dataclass(frozen=True, slots=True)
class Deal:
    """A hand: standing tiles (13 - 3k), fixed melds, their PyMahjongGB forms."""

    tiles: tuple[int, ...]
    melds: tuple[Meld, ...] = ()
    packs: tuple[tuple[str, str, int], ...] = ()
    mode: str = "uniform"
    gb: tuple[str, ...] = field(default=())

    def text(self) -> str:
        parts = [str(m) for m in self.melds]
        return " ".join([*parts, format_tiles(self.tiles)])

    def totals(self) -> list[int]:
        """Copies of each kind in the standing tiles and the melds together."""
        c = [0] * 34
        for t in self.tiles:
            c[t] += 1
        for m in self.melds:
            for t in m.tiles:
                c[t] += 1
        return c


def counts34(tiles: Iterable[int]) -> list[int]:
    c = [0] * 34
    for t in tiles:
        c[t] += 1
    return c


class Wall:
    """The 136 playing tiles, four of each kind, taken without replacement."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.left = [4] * 34

    def take(self, tiles: Sequence[int]) -> bool:
        """Take all of ``tiles`` if the wall still holds them (else take none)."""
        need: dict[int, int] = {}
        for t in tiles:
            need[t] = need.get(t, 0) + 1
        if any(self.left[t] < n for t, n in need.items()):
            return False
        for t in tiles:
            self.left[t] -= 1
        return True

    def draw(self, honour_weight: int = 1) -> int:
        """One random tile of those left (honours ``honour_weight`` times as likely)."""
        kinds = [t for t in range(34) if self.left[t]]
        weights = [self.left[t] * (honour_weight if t >= 27 else 1) for t in kinds]
        t = self.rng.choices(kinds, weights)[0]
        self.left[t] -= 1
        return t

    def put_back(self, t: int) -> None:
        self.left[t] += 1


def _random_group(rng: random.Random, honours: float) -> list[int]:
    """A chow, pung, pair, quad, two-sided or gapped partial chow, or a single."""
    t = rng.choice(HONORS) if rng.random() < honours else rng.randrange(27)
    r = rng.random()
    suited = t < 27
    if r < 0.35 and suited and t % 9 <= 6:
        return [t, t + 1, t + 2]
    if r < 0.55:
        return [t] * 3
    if r < 0.70:
        return [t] * 2
    if r < 0.78:
        return [t] * 4
    if r < 0.90 and suited and t % 9 <= 7:
        return [t, t + 1]
    if r < 0.95 and suited and t % 9 <= 6:
        return [t, t + 2]
    return [t]


def _complete_shape(wall: Wall, rng: random.Random, n: int, n_melds: int) -> list[int]:
    """Up to ``n`` tiles (n = 14 - 3k) of a complete shape; may come back short when the
    wall runs out of a kind (the caller fills up)."""
    shapes = ["regular"] * 5
    if n_melds == 0:
        shapes += ["seven_pairs", "thirteen_orphans", "knitted_straight", "honors_knitted"]
    elif n_melds == 1:
        shapes += ["knitted_straight"]
    shape = rng.choice(shapes)
    out: list[int] = []

    def add(tiles: list[int]) -> bool:
        if wall.take(tiles):
            out.extend(tiles)
            return True
        return False

    def sets_and_pair(sets: int) -> None:
        for _ in range(sets):
            for _ in range(20):
                t = rng.randrange(34)
                if rng.random() < 0.5 and t < 27 and t % 9 <= 6:
                    if add([t, t + 1, t + 2]):
                        break
                elif add([t] * 3):
                    break
        for _ in range(20):
            if add([rng.randrange(34)] * 2):
                break

    if shape == "regular":
        sets_and_pair(4 - n_melds)
    elif shape == "seven_pairs":
        for _ in range(7):
            for _ in range(20):
                t = rng.randrange(34)
                if (rng.random() < 0.25 or t not in out) and add([t, t]):
                    break
    elif shape == "thirteen_orphans":
        add(list(TERMINALS_AND_HONORS))
        add([rng.choice(TERMINALS_AND_HONORS)])
    elif shape == "knitted_straight":
        add(list(knitted_tiles(rng.randrange(6))))
        sets_and_pair(1 - n_melds)
    else:
        pool = list(knitted_tiles(rng.randrange(6))) + list(HONORS)
        rng.shuffle(pool)
        add(pool[:14])
    return out[:n]


def _biased_tiles(wall: Wall, rng: random.Random, n: int, mode: str) -> list[int]:
    """``n`` standing tiles drawn with a bias (``mode``), then lightly mutated."""
    out: list[int] = []
    honour_weight = 6 if mode == "honours" else 1

    def add(tiles: list[int]) -> None:
        tiles = tiles[: n - len(out)]
        if tiles and wall.take(tiles):
            out.extend(tiles)

    if mode == "ready":
        out = _complete_shape(wall, rng, n + 1, (13 - n) // 3)
        if len(out) == n + 1:
            wall.put_back(out.pop(rng.randrange(len(out))))
    elif mode == "knitted":
        straight = list(knitted_tiles(rng.randrange(6)))
        rng.shuffle(straight)
        for t in straight[: rng.randint(4, 9)]:
            add([t])
        honours = list(HONORS)
        rng.shuffle(honours)
        for t in honours[: rng.randint(0, 7)]:
            add([t])
    elif mode == "orphans":
        kinds = list(TERMINALS_AND_HONORS)
        rng.shuffle(kinds)
        for t in kinds[: rng.randint(7, 13)]:
            add([t])
        for _ in range(rng.randint(0, 3)):
            add([rng.choice(TERMINALS_AND_HONORS)])
    elif mode == "pairs":
        for _ in range(12):
            t = rng.randrange(34)
            add([t] * (4 if rng.random() < 0.2 else 2))
    else:  # groups, quads, honours
        if mode == "quads":
            for _ in range(rng.randint(1, 3)):
                add([rng.randrange(34)] * 4)
        honours = {"groups": 0.2, "quads": 0.25, "honours": 0.7}[mode]
        for _ in range(40):
            if len(out) >= n:
                break
            add(_random_group(rng, honours))
    while len(out) < n:
        out.append(wall.draw(honour_weight))
    mutations = (0, 0, 0, 0, 1) if mode == "ready" else (0, 0, 1, 1, 2, 3)
    for _ in range(rng.choice(mutations)):
        i = rng.randrange(n)
        wall.put_back(out[i])
        out[i] = wall.draw(honour_weight)
    return out


def _random_meld(wall: Wall, rng: random.Random) -> tuple[Meld, tuple[str, str, int]]:
    while True:
        t = rng.randrange(34)
        r = rng.random()
        if r < 0.4:
            if t < 27 and t % 9 <= 6 and wall.take([t, t + 1, t + 2]):
                return chow(t), ("CHI", gb_name(t + 1), 1)
        elif r < 0.8:
            if wall.take([t] * 3):
                return pung(t), ("PENG", gb_name(t), 1)
        elif wall.take([t] * 4):
            return kong(t), ("GANG", gb_name(t), 1)


BIASED_MODES = ("groups", "pairs", "quads", "honours", "knitted", "orphans", "ready")


def deal(rng: random.Random, n_melds: int, mode: str) -> Deal:
    """One hand with ``n_melds`` fixed melds and 13 - 3 * n_melds standing tiles."""
    n = 13 - 3 * n_melds
    wall = Wall(rng)
    if mode == "uniform" and n_melds == 0:
        # literally the first 13 tiles of a shuffled 136-tile wall
        tiles136 = [t for t in range(34) for _ in range(4)]
        rng.shuffle(tiles136)
        tiles = tiles136[:13]
        melds: list[Meld] = []
        packs: list[tuple[str, str, int]] = []
    else:
        made = [_random_meld(wall, rng) for _ in range(n_melds)]
        melds = [m for m, _ in made]
        packs = [p for _, p in made]
        seed: list[int] = []
        if melds and rng.random() < 0.4:
            # standing tiles that overlap the melds' kinds: the capped (exact) case
            for m in melds:
                t = rng.choice(m.tiles) + rng.choice((-1, 0, 0, 1))
                if 0 <= t < 34 and len(seed) < n and wall.take([t]):
                    seed.append(t)
        if mode == "uniform":
            tiles = seed + [wall.draw() for _ in range(n - len(seed))]
        else:
            tiles = seed + _biased_tiles(wall, rng, n - len(seed), mode)
    tiles.sort()
    return Deal(
        tuple(tiles),
        tuple(melds),
        tuple(packs),
        mode,
        tuple(gb_name(t) for t in tiles),
    )


def deals(seed: int, count: int, melds: Callable[[random.Random], int]) -> list[Deal]:
    """``count`` hands: half uniform from the wall, half spread over the biased modes."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        mode = "uniform" if i % 2 == 0 else BIASED_MODES[(i // 2) % len(BIASED_MODES)]
        out.append(deal(rng, melds(rng), mode))
    return out


@pytest.fixture(scope="module")
def concealed(slow_factor: int) -> list[Deal]:
    """13-tile concealed hands."""
    return deals(20240601, BASE_HANDS * slow_factor, lambda rng: 0)


@pytest.fixture(scope="module")
def melded(slow_factor: int) -> list[Deal]:
    """Hands with one to three fixed melds (10, 7 or 4 standing tiles)."""
    return deals(20240602, BASE_HANDS * slow_factor, lambda rng: rng.randint(1, 3))


# ---------------------------------------------------------------------------------------
# Reporting


def check(name: str, failures: list[str], total: int, capsys: pytest.CaptureFixture[str]) -> None:
    """Print the agreement count and fail with the first disagreements."""
    with capsys.disabled():
        print(f"\n[differential] {name}: {total - len(failures)}/{total} agree")
    assert not failures, f"{len(failures)} of {total} disagree, e.g.:\n" + "\n".join(failures[:15])


def note(text: str, capsys: pytest.CaptureFixture[str]) -> None:
    with capsys.disabled():
        print(f"\n[differential] {text}")


# ---------------------------------------------------------------------------------------
# PyMahjongGB: shanten


@pytest.mark.slow
def test_generator_is_seeded_and_valid(concealed: list[Deal], melded: list[Deal]) -> None:
    again = deals(20240601, 50, lambda rng: 0)
    assert again == concealed[:50]
    for d in concealed[:2000] + melded[:2000]:
        assert len(d.tiles) + 3 * len(d.melds) == 13
        assert max(d.totals()) <= 4
    assert {d.mode for d in melded} == {"uniform", *BIASED_MODES}
    assert {len(d.melds) for d in melded} == {1, 2, 3}


@pytest.mark.slow
def test_mahjong_shanten_vs_loose_model(
    concealed: list[Deal], melded: list[Deal], capsys: pytest.CaptureFixture[str]
) -> None:
    hands = concealed + melded
    failures = []
    for d in hands:
        ours = shanten(list(d.tiles), d.melds, model="loose")
        peer = G.MahjongShanten(d.packs, d.gb)
        if ours != peer:
            failures.append(f"{d.text()}: ours {ours}, MahjongShanten {peer}")
    check("MahjongShanten vs shanten(model='loose')", failures, len(hands), capsys)


GB_KINDS: dict[str, Callable[[tuple[str, ...]], tuple[int, tuple[str, ...]]]] = {
    "regular": G.RegularShanten,
    "seven_pairs": G.SevenPairsShanten,
    "thirteen_orphans": G.ThirteenOrphansShanten,
    "knitted_straight": G.KnittedStraightShanten,
    "honors_knitted": G.HonorsAndKnittedTilesShanten,
}


@pytest.mark.slow
@pytest.mark.parametrize("kind", list(GB_KINDS))
def test_each_kind_vs_gb(
    kind: str, concealed: list[Deal], melded: list[Deal], capsys: pytest.CaptureFixture[str]
) -> None:
    # PyMahjongGB takes the standing tiles only: regular shapes with any number of melds,
    # the knitted straight with 13 or 10 standing tiles, the others with 13.
    if kind == "regular":
        hands = concealed + melded
    elif kind == "knitted_straight":
        hands = concealed + [d for d in melded if len(d.melds) == 1]
    else:
        hands = concealed
    failures = []
    for d in hands:
        ours = shanten(list(d.tiles), d.melds, kinds=[kind], model="loose")
        peer = GB_KINDS[kind](d.gb)[0]
        if ours != peer:
            failures.append(f"{d.text()}: ours {ours}, {GB_KINDS[kind].__name__} {peer}")
    check(f"{kind} vs PyMahjongGB", failures, len(hands), capsys)


# ---------------------------------------------------------------------------------------
# The exact model against the loose one


def fifth_copy_reason(d: Deal) -> str | None:
    """Why a loose figure may count on a fifth copy of a kind the exact model cannot use:
    the hand holds four of the kind (standing tiles and melds together), or a fixed pung
    holds three and the standing tiles none (a loose plan may then draw two more of that
    kind: [777p] with 6889p reads 678p 789p, five 7p in all). None otherwise."""
    c = d.totals()
    if 4 in c:
        return "four of a kind"
    if any(m.kind == "pung" and c[m.tiles[0]] == 3 for m in d.melds):
        return "fixed pung, none standing"
    return None


def tiles_missing(
    held: Sequence[int],
    sets: int,
    meld_counts: Sequence[int],
    cap: int | None,
    start: Sequence[int] = (),
    below: int = 99,
) -> int:
    """Brute force, independent of the engine: the fewest tiles to add to ``held`` (34
    counts) so that ``sets`` sets and a pair, plus the tiles ``start``, can be picked with
    at most ``cap`` copies of a kind counting ``meld_counts`` (``cap=None``: no limit, the
    loose model). Returns ``below`` when no way needs fewer than ``below`` (a bound that
    keeps the search short).

    The search takes the lowest held kind left and either sets one copy aside or builds a
    group containing it (pair, pung, or one of the three chows through it), held copies
    first and the rest drawn; groups with no held tile cost 3 (a pair 2) at the end."""
    rem = list(held)
    target = list(start) if start else [0] * 34
    limit = [99 if cap is None else cap - meld_counts[t] for t in range(34)]
    if any(target[t] > limit[t] for t in range(34)):
        return below
    cost0 = 0
    for t in range(34):
        used = min(target[t], rem[t])
        rem[t] -= used
        cost0 += target[t] - used
    best = [below]
    left = [sum(rem)]

    def groups_through(k: int, s: int, p: int) -> list[tuple[tuple[int, ...], int, int]]:
        out: list[tuple[tuple[int, ...], int, int]] = []
        if p and target[k] + 2 <= limit[k]:
            out.append(((k, k), 1, 0))
        if s and target[k] + 3 <= limit[k]:
            out.append(((k, k, k), 0, 1))
        if s and k < 27:
            for f in (k - 2, k - 1, k):
                g = (f, f + 1, f + 2)
                if f >= 9 * (k // 9) and f % 9 <= 6 and all(target[t] < limit[t] for t in g):
                    out.append((g, 0, 1))
        return out

    def rec(k: int, cost: int, s: int, p: int) -> None:
        while k < 34 and rem[k] == 0:
            k += 1
        if cost + max(0, 3 * s + 2 * p - left[0]) >= best[0]:
            return
        if k == 34:
            best[0] = cost + 3 * s + 2 * p
            return
        rem[k] -= 1
        left[0] -= 1
        rec(k, cost, s, p)  # this copy set aside
        rem[k] += 1
        left[0] += 1
        for g, dp, ds in groups_through(k, s, p):
            taken = []
            for t in g:
                target[t] += 1
                if rem[t]:
                    rem[t] -= 1
                    taken.append(t)
            left[0] -= len(taken)
            rec(k, cost + len(g) - len(taken), s - ds, p - dp)
            left[0] += len(taken)
            for t in taken:
                rem[t] += 1
            for t in g:
                target[t] -= 1

    rec(0, cost0, sets, 1)
    return best[0]


def check_by_brute_force(d: Deal) -> list[str]:
    """Our exact and loose figures of the shapes whose models differ (regular, knitted
    straight) against :func:`tiles_missing` with a cap of four and with none."""
    held = counts34(d.tiles)
    meld_counts = [0] * 34
    for m in d.melds:
        for t in m.tiles:
            meld_counts[t] += 1
    sets = 4 - len(d.melds)
    errors = []
    for model, cap in (("exact", 4), ("loose", None)):
        ours = shanten(list(d.tiles), d.melds, kinds=["regular"], model=model)  # type: ignore[arg-type]
        bf = tiles_missing(held, sets, meld_counts, cap, below=ours + 2) - 1
        if bf != ours:
            errors.append(f"{d.text()}: regular {model} {ours}, brute force {bf}")
        if d.melds:
            continue  # with a meld: test_knitted_straight_with_a_meld_vs_brute_force
        ours = shanten(list(d.tiles), d.melds, kinds=["knitted_straight"], model=model)  # type: ignore[arg-type]
        bf = 99
        for pattern in range(6):
            start = counts34(knitted_tiles(pattern))
            bf = min(bf, tiles_missing(held, sets - 3, meld_counts, cap, start, below=ours + 2))
        if bf - 1 != ours:
            errors.append(f"{d.text()}: knitted straight {model} {ours}, brute force {bf - 1}")
    return errors


def knitted_straight_by_brute_force(d: Deal, cap: int | None, below: int) -> int:
    """The knitted straight's shanten by :func:`tiles_missing` (``below``: a bound)."""
    held = counts34(d.tiles)
    meld_counts = counts34(t for m in d.melds for t in m.tiles)
    need = below + 1
    for pattern in range(6):
        start = counts34(knitted_tiles(pattern))
        need = min(need, tiles_missing(held, 1 - len(d.melds), meld_counts, cap, start, need))
    return need - 1


@pytest.mark.slow
def test_knitted_straight_with_a_meld_vs_brute_force(
    melded: list[Deal], capsys: pytest.CaptureFixture[str]
) -> None:
    # The knitted straight with one fixed meld: 9 knitted tiles and a pair among 10
    # standing tiles. The exact model must count the meld's tiles towards the four
    # copies of a kind, as it does for the regular shape; PyMahjongGB cannot check this
    # (it ignores what the packs hold), so an independent brute force does.
    hands = [d for d in melded if len(d.melds) == 1]
    failures = []
    for d in hands:
        for model, cap in (("exact", 4), ("loose", None)):
            ours = shanten(list(d.tiles), d.melds, kinds=["knitted_straight"], model=model)  # type: ignore[arg-type]
            if knitted_straight_by_brute_force(d, cap, ours + 1) != ours:
                bf = knitted_straight_by_brute_force(d, cap, 99)
                failures.append(f"{d.text()}: knitted straight {model} {ours}, brute force {bf}")
    check("knitted straight with a meld vs brute force", failures, 2 * len(hands), capsys)


@pytest.mark.slow
def test_exact_model_differs_only_on_fifth_copies(
    concealed: list[Deal],
    melded: list[Deal],
    slow_factor: int,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # With melds the exact model goes through the engine's uncached capped tables (about
    # 1 ms a hand), so 3,000 of the hands with melds are added to the 10,000 concealed.
    hands = concealed + melded[: BASE_EXACT_MELD_HANDS * slow_factor]
    failures = []
    fifth: dict[str, int] = {}
    regular_only = with_melds = 0
    differing: list[Deal] = []
    for d in hands:
        reason = fifth_copy_reason(d)
        for kinds in (None, ["regular"]):
            if kinds and d.melds:
                continue  # the same capped regular computation as for all shapes
            exact = shanten(list(d.tiles), d.melds, kinds=kinds)
            loose = shanten(list(d.tiles), d.melds, kinds=kinds, model="loose")
            if exact == loose:
                continue
            if exact > loose and reason:
                if kinds:
                    regular_only += 1
                else:
                    differing.append(d)
                    fifth[reason] = fifth.get(reason, 0) + 1
                    with_melds += bool(d.melds)
                continue
            failures.append(f"{d.text()} (kinds={kinds}): exact {exact}, loose {loose}")
        for kind in ("seven_pairs", "thirteen_orphans", "honors_knitted"):
            if d.melds:
                break
            exact = shanten(list(d.tiles), kinds=[kind])
            if exact != shanten(list(d.tiles), kinds=[kind], model="loose"):
                failures.append(f"{d.text()} ({kind}): the models differ")
    # The differences are the fifth copy indeed: a brute force with and without the cap of
    # four copies gives our two figures (on every rare case and a sample of the others).
    fours = [d for d in differing if fifth_copy_reason(d) == "four of a kind"]
    sample = [d for d in differing if fifth_copy_reason(d) != "four of a kind"]
    sample += fours[:: max(1, len(fours) // (20 * slow_factor))]
    for d in sample:
        failures += check_by_brute_force(d)
    note(
        f"exact != loose on {sum(fifth.values())} of {len(hands)} hands ({fifth}; "
        f"{with_melds} of them with melds); "
        f"for the regular shape alone on {regular_only} of {len(concealed)} concealed hands",
        capsys,
    )
    check("exact == loose, or exact > loose on a fifth copy", failures, len(hands), capsys)
    # the biased hands must exercise the fifth-copy case
    assert fifth.get("four of a kind", 0) > 0


def test_exact_model_known_fifth_copy_hands() -> None:
    # four 1m: the loose formula waits on a fifth 1m
    assert shanten("1111m 234p 567p 789s", model="loose") == 0
    assert shanten("1111m 234p 567p 789s") == 1
    assert G.MahjongShanten((), tuple(gb_name(t) for t in parse_tiles("1111m 234p 567p 789s"))) == 0
    # a pung of 5p among the melds leaves one 5p: 5p 5p cannot be a pair-wait
    t = parse_tiles("5p 123m 456s 789s")
    melds = [pung(13)]
    assert shanten(t, melds, model="loose") == 0
    assert shanten(t, melds) == 1
    # no four of a kind, yet the loose figure draws a fourth and fifth 7p (678p 789p)
    t = parse_tiles("569m 6889p 4s S F")
    melds = [pung(15)]
    assert shanten(t, melds, model="loose") == 3
    assert shanten(t, melds) == 4
    assert G.MahjongShanten((("PENG", "B7", 1),), tuple(gb_name(x) for x in t)) == 3
    assert fifth_copy_reason(Deal(tuple(t), tuple(melds))) == "fixed pung, none standing"


# ---------------------------------------------------------------------------------------
# The riichi library


@pytest.mark.slow
def test_riichi_regular_matches_exact_model(
    concealed: list[Deal], melded: list[Deal], capsys: pytest.CaptureFixture[str]
) -> None:
    # Does the riichi library count on a fifth copy? No: on a concealed hand holding four
    # of a kind, its regular shanten is our exact model's, and differs from the loose one
    # (e.g. 1111m 234p 567p 789s is 1-shanten for it, 0 for PyMahjongGB). So it is
    # compared with model="exact". It sees only the standing tiles (10, 7 or 4 of them
    # with implied melds), so for hands with melds we give our engine stand-in melds that
    # cannot interact with the standing tiles: pungs of honours the hand does not hold.
    failures = []
    differs_from_loose = 0
    total = 0
    for d in concealed:
        c = counts34(d.tiles)
        peer = Shanten.calculate_shanten(c, use_chiitoitsu=False, use_kokushi=False)
        ours = shanten(list(d.tiles), kinds=["regular"])
        total += 1
        if ours != peer:
            failures.append(f"{d.text()}: ours {ours}, riichi {peer}")
        if peer != shanten(list(d.tiles), kinds=["regular"], model="loose"):
            differs_from_loose += 1
    for d in melded:
        absent = [t for t in HONORS if t not in d.tiles]
        if len(absent) < len(d.melds):
            continue
        stand_in = [pung(t) for t in absent[: len(d.melds)]]
        c = counts34(d.tiles)
        peer = Shanten.calculate_shanten(c, use_chiitoitsu=False, use_kokushi=False)
        ours = shanten(list(d.tiles), stand_in, kinds=["regular"])
        total += 1
        if ours != peer:
            failures.append(f"{d.text()} (as {format_tiles(d.tiles)}): ours {ours}, riichi {peer}")
    note(f"riichi regular shanten != our loose model on {differs_from_loose} hands", capsys)
    check("riichi regular vs shanten(kinds=['regular'])", failures, total, capsys)
    assert differs_from_loose > 0
    c = counts34(parse_tiles("1111m 234p 567p 789s"))
    assert Shanten.calculate_shanten(c, use_chiitoitsu=False, use_kokushi=False) == 1


def test_riichi_kokushi(concealed: list[Deal], capsys: pytest.CaptureFixture[str]) -> None:
    failures = []
    for d in concealed:
        peer = Shanten.calculate_shanten_for_kokushi_hand(counts34(d.tiles))
        ours = shanten(list(d.tiles), kinds=["thirteen_orphans"])
        if ours != peer:
            failures.append(f"{d.text()}: ours {ours}, riichi {peer}")
    check("riichi kokushi vs thirteen_orphans", failures, len(concealed), capsys)


def test_riichi_chiitoitsu(concealed: list[Deal], capsys: pytest.CaptureFixture[str]) -> None:
    # Riichi seven pairs must be seven *different* pairs; ours (the Chinese rules') lets
    # four of a kind be two pairs. The definitions coincide only when no kind has three
    # or more copies: with three (say 22m 55m 11p 33p 66s 777s) the fourth copy makes
    # our seventh pair (0-shanten) but is useless to riichi (1-shanten), so "no kind has
    # four copies" is not enough. Elsewhere ours can only be lower.
    failures = []
    compared = 0
    for d in concealed:
        c = counts34(d.tiles)
        peer = Shanten.calculate_shanten_for_chiitoitsu_hand(c)
        ours = shanten(list(d.tiles), kinds=["seven_pairs"])
        if max(c) <= 2:
            compared += 1
            if ours != peer:
                failures.append(f"{d.text()}: ours {ours}, riichi {peer}")
        elif ours > peer:
            failures.append(f"{d.text()} (a kind 3+ times): ours {ours} > riichi {peer}")
    check(
        f"riichi chiitoitsu vs seven_pairs ({compared} with no triple)",
        failures,
        len(concealed),
        capsys,
    )
    c = counts34(parse_tiles("22m 55m 11p 33p 66s 777s"))
    assert Shanten.calculate_shanten_for_chiitoitsu_hand(c) == 1
    assert shanten("22m 55m 11p 33p 66s 777s", kinds=["seven_pairs"]) == 0


def test_riichi_all_three_shapes(concealed: list[Deal], capsys: pytest.CaptureFixture[str]) -> None:
    # the riichi minimum over regular, chiitoitsu and kokushi, where seven pairs coincide
    failures = []
    hands = [d for d in concealed if max(counts34(d.tiles)) <= 2]
    for d in hands:
        peer = Shanten.calculate_shanten(counts34(d.tiles))
        ours = shanten(list(d.tiles), kinds=["regular", "seven_pairs", "thirteen_orphans"])
        if ours != peer:
            failures.append(f"{d.text()}: ours {ours}, riichi {peer}")
    check(
        "riichi calculate_shanten vs regular+seven_pairs+thirteen_orphans",
        failures,
        len(hands),
        capsys,
    )


# ---------------------------------------------------------------------------------------
# Completeness


def gb_completing_tiles(d: Deal) -> set[int]:
    """The tiles that complete a hand, by PyMahjongGB: those in the useful list of a shape
    whose shanten is 0 (a 0-shanten hand's useful tiles are exactly its winning tiles).
    PyMahjongGB counts on fifth copies; the caller drops tiles the hand holds four of."""
    n = len(d.tiles)
    kinds = list(GB_KINDS.values()) if n == 13 else [G.RegularShanten]
    if n == 10:
        kinds.append(G.KnittedStraightShanten)
    out: set[int] = set()
    for fn in kinds:
        s, useful = fn(d.gb)
        if s == 0:
            out.update(_GB_TO_TILE[u] for u in useful)
    return out


_GB_TO_TILE = {gb_name(t): t for t in range(34)}


@pytest.mark.slow
def test_is_complete_vs_gb(concealed: list[Deal], capsys: pytest.CaptureFixture[str]) -> None:
    # 10,000 concealed hands (plus the hands with melds below) and every kind as the 14th
    # tile: is_complete, is_complete_counts and shanten_of (-1) must all say what
    # PyMahjongGB's useful-tile lists say.
    failures: list[str] = []
    checked = positives = 0
    for d in concealed:
        wins = gb_completing_tiles(d)
        c = d.totals()
        base = list(d.tiles)
        for t in range(34):
            if c[t] == 4:
                continue
            checked += 1
            hand = [*base, t]
            want = t in wins
            positives += want
            c[t] += 1
            got = (is_complete(hand), is_complete_counts(c), shanten_of(hand) == -1)
            c[t] -= 1
            if got != (want,) * 3:
                failures.append(
                    f"{d.text()} + {format_tiles([t])}: PyMahjongGB {want}, (is_complete, "
                    f"is_complete_counts, shanten_of == -1) = {got}"
                )
    note(f"is_complete: {positives} complete of {checked} 14-tile hands", capsys)
    check("is_complete (concealed) vs PyMahjongGB useful tiles", failures, checked, capsys)
    assert positives > 1000


def test_is_complete_with_melds_vs_gb(
    melded: list[Deal], slow_factor: int, capsys: pytest.CaptureFixture[str]
) -> None:
    hands = melded[: BASE_MELD_COMPLETENESS_HANDS * slow_factor]
    failures: list[str] = []
    checked = positives = 0
    for d in hands:
        wins = gb_completing_tiles(d)
        c = d.totals()
        for t in range(34):
            if c[t] == 4:
                continue
            checked += 1
            want = t in wins
            positives += want
            got = is_complete([*d.tiles, t], d.melds)
            if got != want:
                failures.append(f"{d.text()} + {format_tiles([t])}: ours {got}, GB {want}")
    check("is_complete (with melds) vs PyMahjongGB useful tiles", failures, checked, capsys)
    assert positives > 20


@pytest.mark.slow
def test_decompositions_agree_with_is_complete(
    concealed: list[Deal], capsys: pytest.CaptureFixture[str]
) -> None:
    # every complete hand has a reading whose tiles are the hand's; one tile that does
    # not complete the hand gives none
    failures: list[str] = []
    rng = random.Random(7)
    checked = 0
    for d in concealed:
        wins = gb_completing_tiles(d)
        c = d.totals()
        losers = [t for t in range(34) if c[t] < 4 and t not in wins]
        for t in [*sorted(t for t in wins if c[t] < 4), rng.choice(losers)]:
            checked += 1
            hand = sorted([*d.tiles, t])
            readings = list(decompositions(hand))
            if bool(readings) != (t in wins):
                failures.append(f"{d.text()} + {format_tiles([t])}: {len(readings)} readings")
            for r in readings:
                if _reading_tiles(r) != hand:
                    failures.append(f"{d.text()} + {format_tiles([t])}: reading {r}")
    check("decompositions vs completeness", failures, checked, capsys)


def _reading_tiles(r: Decomposition) -> list[int]:
    """The concealed tiles a decomposition accounts for (the hand has no fixed melds)."""
    out: list[int] = []
    for m in r.melds:
        out += m.tiles
    for p in r.pairs:
        out += [p, p]
    out += r.singles
    if r.pair is not None:
        # the doubled tile of thirteen orphans is already once among the singles
        out += [r.pair] if r.shape == "thirteen_orphans" else [r.pair, r.pair]
    return sorted(out)


# ---------------------------------------------------------------------------------------
# Regressions found by these tests


def test_complete_seven_pairs_with_a_quad_when_regular_need_is_one() -> None:
    # 66m 33s 55s 66s 77s CC CC: seven pairs (four Red Dragons are two pairs, as in the
    # Chinese rules and PyMahjongGB); the regular shape is one tile away
    # (567s 567s CCC 66m + 33s C). The 14-tile fast path once returned the regular need
    # when it was <= 1 without looking at the special shapes: shanten 0, not complete.
    hand = "66m 33556677s CCCC"
    tiles = parse_tiles(hand)
    assert [str(r) for r in decompositions(hand)] == ["66m 33s 55s 66s 77s CC CC"]
    assert shanten(hand, kinds=["seven_pairs"]) == -1
    c = counts34(tiles)
    assert is_complete_counts(c)
    assert shanten(hand) == -1
    assert shanten_of(tiles) == -1
    assert is_complete(hand)


def test_exact_knitted_straight_counts_the_tiles_of_a_fixed_meld() -> None:
    # [222s] 258m 147p 2369s: the standing tiles hold the knitted straight 258m 147p 369s
    # and a 2s, whose pair-wait is the fifth 2s (three in the pung, one in hand). The
    # loose figure is 0 (PyMahjongGB's too); the exact one must be 1 (set the 2s aside,
    # draw a pair), as waits() agrees: no tile completes the hand.
    tiles = parse_tiles("258m 147p 2369s")
    melds = [pung(19)]
    assert G.MahjongShanten((("PENG", "T2", 1),), tuple(map(gb_name, tiles))) == 0
    assert shanten(tiles, melds, model="loose") == 0
    assert waits(tiles, melds) == {}
    assert shanten(tiles, melds, kinds=["knitted_straight"]) == 1
    assert shanten(tiles, melds) == 1
    # [7777s] 258m 369p 149s S: one tile from 258m 369p 147s and a pair, but 147s needs
    # a fifth 7s (the kong holds all four). Without that pattern the best straight is
    # 258m 147p 369s, six tiles away; the regular shape is seven away: shanten 5, not 1.
    tiles = parse_tiles("258m 369p 149s S")
    melds = [kong(24)]
    assert shanten(tiles, melds, model="loose") == 1
    assert shanten(tiles, melds, kinds=["regular"]) == 6
    assert knitted_straight_by_brute_force(Deal(tuple(tiles), tuple(melds)), 4, 99) == 5
    assert shanten(tiles, melds) == 5

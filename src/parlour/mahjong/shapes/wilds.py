"""Wild tiles: where a ruleset lets them stand (:class:`WildRules`), how many copies of a
kind a hand may use (:func:`copy_caps`), and which physical wild plays which kind
(:func:`_assign_wilds`).

The bottom of the package: it imports none of the other shape modules. The searches that
place wilds are above it: :mod:`~parlour.mahjong.shapes.regular` (the readings) and
:mod:`~parlour.mahjong.shapes.constrained` (shanten under rules that restrict wilds).

>>> gold = WildRules(wild_tile=13, face_value=False)  # 5p is wild, never at face value
>>> gold.is_unrestricted(), _undrawable(gold)
(False, 13)
>>> _assign_wilds([13, 42], [13, 14], gold)  # the joker plays 5p, the gold 6p
[(42, 13), (13, 14)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from parlour.mahjong.tiles import JOKER, NUM_KINDS, Tile


@dataclass(frozen=True, slots=True)
class WildRules:
    """Where wild tiles may stand, as a ruleset sets it.

    ``wild_tile``: every copy of this kind in the hand is wild (a gold, a laizi, the 2
    Bamboos of a goulash); jokers (``J``) are always wild. ``substitutes``: designated
    tiles that always stand for another kind and are not wild, e.g. ``((WHITE, 13),)``
    when the White Dragons take the gold indicator's face value 5p. ``face_value``: may a
    wild stand for its own kind. ``max_in_set`` / ``max_in_pair``: at most this many wilds
    in one chow or pung / pair; ``all_wild_sets``: may a set be made of wilds only;
    ``extra_in_one_group``: one pair or one set may hold this many wilds more (the
    goulash rule for a wild winning tile). ``max_copies``: a kind may not appear more often
    than this, natural and represented together, fixed melds included; ``beyond_four``:
    wilds may stand for copies beyond the four a kind has (a fifth copy), up to four
    more. ``in_kong`` /
    ``max_in_kong`` are for the table's kong claims: concealed tiles never form kongs.

    >>> WildRules(in_chow=False, max_in_set=1).in_pung
    True
    """

    in_chow: bool = True
    in_pung: bool = True
    in_pair: bool = True
    in_kong: bool = True
    max_in_set: int = 3
    max_in_pair: int = 2
    max_in_kong: int = 4
    all_wild_sets: bool = True
    face_value: bool = True
    wild_tile: Tile | None = None
    substitutes: tuple[tuple[Tile, Tile], ...] = ()
    max_copies: int = 4
    extra_in_one_group: int = 0
    beyond_four: bool = False

    def __post_init__(self) -> None:
        for name, lo, hi in (
            ("max_in_set", 0, 3),
            ("max_in_pair", 0, 2),
            ("max_in_kong", 0, 4),
            ("max_copies", 2, 4),
            ("extra_in_one_group", 0, 3),
        ):
            v = getattr(self, name)
            if not isinstance(v, int) or not lo <= v <= hi:
                raise ValueError(
                    f"WildRules.{name} must be an integer from {lo} to {hi}, not {v!r}"
                )
        tiles = [self.wild_tile] if self.wild_tile is not None else []
        for pair in self.substitutes:
            if len(pair) != 2:
                raise ValueError(
                    f"WildRules.substitutes holds (tile, stands for) pairs, not {pair!r}"
                )
            tiles += pair
        for t in tiles:
            if not isinstance(t, int) or not 0 <= t < NUM_KINDS:
                raise ValueError(f"WildRules: {t!r} is not a playing tile (0-33)")

    def is_unrestricted(self) -> bool:
        """True if a wild may stand anywhere (the fast table path applies)."""
        return (
            self.in_chow
            and self.in_pung
            and self.in_pair
            and self.max_in_set >= 3
            and self.max_in_pair >= 2
            and self.all_wild_sets
            and (self.face_value or self.wild_tile is None)
            and self.max_copies == 4
            and not self.beyond_four
        )


UNRESTRICTED = WildRules()

_CAPS: dict[tuple[tuple[tuple[Tile, Tile], ...], int], tuple[int, ...]] = {}
_FOURS = (4,) * NUM_KINDS


def copy_caps(rules: WildRules) -> tuple[int, ...]:
    """The most copies of each kind a hand may use, natural and represented together:
    ``max_copies`` (four at most), and four more for each substitute that stands for the
    kind, whose own four tiles play it (cached per rules).

    >>> caps = copy_caps(WildRules(substitutes=((33, 13),)))  # the Whites play 5p
    >>> caps[13], caps[12], caps[33]
    (8, 4, 4)
    >>> copy_caps(WildRules(beyond_four=True))[12]  # a wild may be a fifth 4p
    8
    """
    if not rules.substitutes and rules.max_copies >= 4 and not rules.beyond_four:
        return _FOURS  # the common case
    more = 4 if rules.beyond_four else 0
    k = (rules.substitutes, rules.max_copies + 2 * more)
    caps = _CAPS.get(k)
    if caps is None:
        out = [min(4, rules.max_copies) + more] * NUM_KINDS
        for _, stands in rules.substitutes:
            out[stands] += 4
        caps = _CAPS[k] = tuple(out)
    return caps


def _held_caps(rules: WildRules) -> tuple[int, ...]:
    """The most natural copies of each kind a hand may hold: four, more for a kind that
    substitutes play (whatever ``max_copies`` says: a shanten sets the surplus aside)."""
    if not rules.substitutes:
        return _FOURS
    k = (rules.substitutes, -1)
    held = _CAPS.get(k)
    if held is None:
        plain = replace(rules, beyond_four=False)  # what wilds may stand for does not count
        held = _CAPS[k] = tuple(max(4, c) for c in copy_caps(plain))
    return held


def _undrawable(rules: WildRules) -> Tile | None:
    """The kind no draw gives as a natural tile: the wild kind (a drawn copy is a wild),
    unless a substitute stands for it (the White Dragons standing for the gold's kind)."""
    x = rules.wild_tile
    if x is None or any(stands == x for _, stands in rules.substitutes):
        return None
    return x


def _assign_wilds(
    wild_pool: Sequence[Tile], stands: Sequence[Tile], rules: WildRules
) -> list[tuple[Tile, Tile]] | None:
    """Pair physical wilds with the kinds they stand for (face-value rule respected), or
    None if no pairing obeys the rules.

    A physical wild is placed on a kind other than its face when it can be, so the
    report reads naturally; under ``face_value=False`` it may not stand for its own face
    (jokers have none). With several physical kinds of wild a greedy choice can paint
    itself into a corner (wilds 1s* 3s* for 2s 3s), so this is a bipartite matching.
    """
    pool = sorted(wild_pool)
    want = sorted(stands)
    if len(want) > len(pool):
        return None

    def allowed(p: Tile, s: Tile) -> bool:
        return rules.face_value or p == JOKER or p != s

    # preferred order per stand: other faces first, then its own face
    prefs = [
        [i for i, p in enumerate(pool) if p != s and allowed(p, s)]
        + [i for i, p in enumerate(pool) if p == s and allowed(p, s)]
        for s in want
    ]
    owner: list[int | None] = [None] * len(pool)

    def augment(j: int, seen: list[bool]) -> bool:
        for i in prefs[j]:
            if seen[i]:
                continue
            seen[i] = True
            o = owner[i]
            if o is None or augment(o, seen):
                owner[i] = j
                return True
        return False

    for j in range(len(want)):
        if not augment(j, [False] * len(pool)):
            return None
    got = [(pool[i], want[j]) for i, j in enumerate(owner) if j is not None]
    return sorted(got, key=lambda ps: (ps[1], ps[0]))

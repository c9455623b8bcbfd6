"""Property and unit tests of the game-neutral action spaces (``parlour.core.actions``)
and of the mahjong space built on them (``parlour.mahjong.actions``).

Every domain kind is checked the same way: each index (or a hypothesis sample of a big
domain) gives a payload that round-trips through ``index``, is already normal, and reads
back from its own text; sizes are the documented counts; payloads that only compare
equal to a normal one (floats, bools) are refused while numpy integers are normalised.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from math import comb
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parlour.core.actions import (
    NOTHING,
    Action,
    ActionSpace,
    Domain,
    Items,
    OneOf,
    Parts,
    Repeated,
    Several,
    Word,
    as_int,
    kinds_json,
)
from parlour.core.errors import IllegalAction, NotationError
from parlour.mahjong.actions import (
    MAHJONG_SPACE,
    SHARED_KINDS,
    TILE,
    WILDS,
    MahjongAction,
    parse_action,
)
from parlour.mahjong.tiles import JOKER, NUM_KINDS, NUM_TILES, tile_name

PROPERTY = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# -- helpers ---------------------------------------------------------------------------


def plain(value: Any) -> bool:
    """Is ``value`` a canonical payload: None, a str, a plain int (never a bool or a
    numpy int), or a tuple of those?"""
    if value is None or type(value) is int or type(value) is str:
        return True
    if type(value) is tuple:
        return all(plain(v) for v in value)
    return False


def numpyfied(value: Any) -> Any:
    """``value`` with every int a numpy int64 and every tuple a list (what a learning
    environment may hand in)."""
    if type(value) is int:
        return np.int64(value)
    if type(value) is tuple:
        return [numpyfied(v) for v in value]
    return value


def indices(domain: Domain, limit: int = 3000) -> Iterator[int]:
    """Every index of a small domain; for a big one the first and last ``limit // 2``
    and a stride through the middle."""
    if domain.size <= limit:
        yield from range(domain.size)
        return
    half = limit // 2
    yield from range(half)
    step = max(1, (domain.size - 2 * half) // half)
    yield from range(half, domain.size - half, step)
    yield from range(domain.size - half, domain.size)


def check_roundtrip(domain: Domain, i: int) -> Any:
    """The payload at ``i`` round-trips through index, normalise, format and parse."""
    v = domain.value(i)
    assert plain(v), (i, v)
    assert domain.index(v) == i
    n = domain.normalise(v)
    assert n == v and plain(n)
    words = domain.format(v).split()
    got, end = domain.parse(words, 0)
    assert got == v and plain(got), (i, v, words, got)
    assert end == len(words)
    # a numpy form (ints as numpy int64, tuples as lists) normalises to the same payload
    numpy_form = domain.normalise(numpyfied(v))
    assert numpy_form == v and plain(numpy_form)
    return v


def check_domain(domain: Domain) -> None:
    seen = [check_roundtrip(domain, i) for i in indices(domain)]
    if domain.size <= 3000:
        assert len(seen) == domain.size
        assert len(set(seen)) == domain.size  # distinct indices, distinct payloads


def names_strategy(min_size: int = 1, max_size: int = 8) -> st.SearchStrategy[list[str]]:
    word = st.text("abcdefghijklmnopqrstuvwxyz0123456789", min_size=1, max_size=4)
    return st.lists(
        word.filter(lambda w: w not in ("with", "x")),
        min_size=min_size,
        max_size=max_size,
        unique_by=str.lower,
    )


@st.composite
def items_strategy(draw: st.DrawFn, min_size: int = 1, max_size: int = 8) -> Items:
    """Items with random names and, half the time, their own values (any distinct
    numbers, in no particular order)."""
    names = draw(names_strategy(min_size, max_size))
    if draw(st.booleans()):
        values = draw(
            st.lists(st.integers(0, 500), min_size=len(names), max_size=len(names), unique=True)
        )
        return Items(names, values=values, what="piece")
    return Items(names, what="piece")


COLOURS = Items(("red", "green", "blue"), what="colour")

# -- as_int ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "value",
    [3, np.int64(3), np.int8(3), np.uint16(3), np.intp(3)],
    ids=repr,
)
def test_as_int_accepts_integers_and_returns_a_plain_int(value: Any) -> None:
    got = as_int(value)
    assert got == 3 and type(got) is int


@pytest.mark.parametrize(
    "value",
    [1.0, np.float64(1.0), np.float32(1.0), True, False, np.bool_(True), "1", None, (1,)],
    ids=repr,
)
def test_as_int_refuses_what_only_compares_equal_to_an_int(value: Any) -> None:
    with pytest.raises(ValueError, match="is not a whole number"):
        as_int(value)


# -- NOTHING ---------------------------------------------------------------------------


def test_nothing_has_one_payload_none() -> None:
    assert NOTHING.size == 1
    check_domain(NOTHING)
    assert NOTHING.value(0) is None and NOTHING.format(None) == ""
    assert NOTHING.parse(["extra"], 0) == (None, 0)  # reads no word
    for bad in (0, "", (), False):
        with pytest.raises(ValueError, match="takes nothing"):
            NOTHING.normalise(bad)
        with pytest.raises(ValueError, match="takes nothing"):
            NOTHING.index(bad)


# -- Items -----------------------------------------------------------------------------


@PROPERTY
@given(items_strategy())
def test_items_round_trip_every_index(items: Items) -> None:
    assert items.size == len(items.names)
    check_domain(items)
    for i in range(items.size):
        assert items.format(items.value(i)) == items.names[i]
        # names are read whatever their case
        assert items.parse([items.names[i].upper()], 0) == (items.value(i), 1)


@PROPERTY
@given(items_strategy(), st.data())
def test_items_refuse_floats_bools_text_and_strangers(items: Items, data: st.DataObject) -> None:
    v = items.value(data.draw(st.integers(0, items.size - 1)))
    for bad in (float(v), np.float64(v), True, False, str(v), items.format(v), None, (v,)):
        with pytest.raises(ValueError, match="piece"):
            items.normalise(bad)
        with pytest.raises(ValueError):
            items.index(bad)
    stranger = max(items.values) + 1
    for bad in (stranger, -1 if -1 not in items.values else stranger + 1):
        with pytest.raises(ValueError, match=f"{bad} is not a piece"):
            items.normalise(bad)
        with pytest.raises(ValueError):
            items.index(bad)
    with pytest.raises(ValueError, match="piece is missing"):
        items.parse([], 0)
    with pytest.raises(ValueError, match="'x' is not a piece"):
        items.parse(["x"], 0)


def test_items_with_values_and_a_reader() -> None:
    honours = Items(["E", "S"], values=[27, 28], what="wind")
    assert (honours.index(28), honours.value(0), honours.format(28)) == (1, 27, "S")
    assert honours.normalise(np.int64(27)) == 27
    with pytest.raises(ValueError, match="0 is not a wind"):
        honours.normalise(0)  # a position is not a value
    with pytest.raises(ValueError, match="one value per name"):
        Items(["a", "b"], values=[1])
    # a reader's value outside the items is refused
    odd = Items(["one", "two"], values=[1, 2], read=int, what="number")
    assert odd.parse(["2"], 0) == (2, 1)
    with pytest.raises(ValueError, match="'3' is not a number"):
        odd.parse(["3"], 0)


# -- Word ------------------------------------------------------------------------------


@pytest.mark.parametrize("word", ["declare", "ready", "x"])
def test_word_round_trips_and_refuses_other_values(word: str) -> None:
    d = Word(word)
    assert d.size == 1
    check_domain(d)
    assert d.value(0) == word and d.format(word) == word
    assert d.parse([word.upper()], 0) == (word, 1)
    for bad in (word + "s", word.upper(), None, 0, (word,), [word]):
        with pytest.raises(ValueError, match=f"expected {word!r}"):
            d.normalise(bad)
    with pytest.raises(ValueError, match="expected the word"):
        d.parse([], 0)
    with pytest.raises(ValueError, match="expected the word"):
        d.parse(["other"], 0)


# -- Several ---------------------------------------------------------------------------


def several_size(n: int, least: int, most: int, repeat: bool) -> int:
    return sum(comb(n + k - 1, k) if repeat else comb(n, k) for k in range(least, most + 1))


@st.composite
def several_strategy(draw: st.DrawFn) -> Several:
    items = draw(items_strategy(1, 7))
    least = draw(st.integers(0, 3))
    most = draw(st.integers(least, 4))
    repeat = draw(st.booleans())
    prefix = draw(st.sampled_from(["", "with"]))
    mark = draw(st.sampled_from(["", "*"]))
    return Several(items, least, most, repeat=repeat, prefix=prefix, mark=mark)


@PROPERTY
@given(several_strategy())
def test_several_round_trips_every_index(d: Several) -> None:
    n = d.items.size
    assert d.size == several_size(n, d.least, d.most, d.repeat)
    check_domain(d)
    position = {v: i for i, v in enumerate(d.items.values)}
    for i in range(d.size):
        v = d.value(i)
        assert d.least <= len(v) <= d.most
        pos = [position[x] for x in v]
        # in the items' order, distinct unless repeats are allowed
        assert pos == sorted(pos)
        if not d.repeat:
            assert len(set(pos)) == len(pos)


@pytest.mark.parametrize("n", [1, 2, 5, 9, 34])
@pytest.mark.parametrize("k", [0, 1, 2, 3, 4])
def test_several_sizes_are_the_documented_counts(n: int, k: int) -> None:
    items = Items([f"i{j}" for j in range(n)])
    assert Several(items, k).size == comb(n + k - 1, k)  # multisets
    assert Several(items, k, repeat=False).size == comb(n, k)  # combinations
    assert Several(items, 0, k).size == sum(comb(n + j - 1, j) for j in range(k + 1))


def test_several_docstring_order() -> None:
    d = Several(Items("abc"), 2)
    assert [d.value(i) for i in range(d.size)] == [
        (0, 0),
        (0, 1),
        (1, 1),
        (0, 2),
        (1, 2),
        (2, 2),
    ]


def test_several_over_items_with_their_own_values() -> None:
    """Payloads are the items' values, not their positions, and every index is in range
    (the encoding once ranked the raw values: index((5, 7)) was 33 of 6)."""
    items = Items(["x", "y", "z"], values=[5, 7, 9])
    d = Several(items, 2)
    assert [d.value(i) for i in range(d.size)] == [
        (5, 5),
        (5, 7),
        (7, 7),
        (5, 9),
        (7, 9),
        (9, 9),
    ]
    assert [d.index(d.value(i)) for i in range(d.size)] == list(range(d.size))
    assert d.index((5, 7)) == 1
    assert d.normalise([9, 5]) == (5, 9)
    # values out of numeric order: the items' order decides
    shuffled = Several(Items(["p", "q", "r"], values=[9, 5, 7]), 0, 2, repeat=False)
    assert [shuffled.value(i) for i in range(shuffled.size)] == [
        (),
        (9,),
        (5,),
        (7,),
        (9, 5),
        (9, 7),
        (5, 7),
    ]
    assert shuffled.normalise([7, 9]) == (9, 7)
    assert shuffled.parse(["r", "p"], 0) == ((9, 7), 2)


@PROPERTY
@given(several_strategy(), st.data())
def test_several_normalises_any_order_and_numpy(d: Several, data: st.DataObject) -> None:
    if d.size == 0:  # more distinct items asked for than there are
        with pytest.raises(ValueError):
            d.normalise(d.items.values * d.least)
        return
    v = d.value(data.draw(st.integers(0, d.size - 1)))
    shuffled = data.draw(st.permutations(list(v)))
    assert d.normalise(shuffled) == v
    assert d.normalise(tuple(np.int64(x) for x in shuffled)) == v
    assert d.normalise(np.array(shuffled, dtype=np.int64)) == v
    if len(v) >= 2 and v[0] != v[-1]:
        with pytest.raises(ValueError, match="in order"):
            d.index(tuple(reversed(v)))  # index takes only the normal form
    if v:
        with_float = (float(v[0]), *v[1:])
        with pytest.raises(ValueError, match="is not a piece"):
            d.normalise(with_float)
        with pytest.raises(ValueError):
            d.index(with_float)
        with_bool = (True, *v[1:])
        with pytest.raises(ValueError):
            d.normalise(with_bool)
        with pytest.raises(ValueError):
            d.index(with_bool)


def test_several_refusals_name_the_problem() -> None:
    d = Several(COLOURS, 2, 3, repeat=False)
    with pytest.raises(ValueError, match="1 colours given, 2-3 colours expected"):
        d.normalise([0])
    with pytest.raises(ValueError, match="4 colours given"):
        d.normalise([0, 1, 2, 2])
    with pytest.raises(ValueError, match="the same colour is given twice"):
        d.normalise([1, 1])
    for bad in ("ab", b"ab", 3, None):
        with pytest.raises(ValueError, match="is not 2-3 colours"):
            d.normalise(bad)
    with pytest.raises(ValueError, match="is not 2-3 colours"):
        d.index([0, 1])  # a list is not a normal payload
    with pytest.raises(ValueError, match="2-3 colours expected, 1 given"):
        d.parse(["red"], 0)
    with pytest.raises(ValueError, match="'pink' is not a colour"):
        d.parse(["pink", "red"], 0)
    prefixed = Several(COLOURS, 1, 2, prefix="with")
    with pytest.raises(ValueError, match="expected 'with'"):
        prefixed.parse(["red"], 0)
    optional = Several(COLOURS, 0, 2, prefix="with")
    assert optional.parse(["red"], 0) == ((), 0)  # left out: reads nothing


# -- Repeated --------------------------------------------------------------------------


@st.composite
def repeated_strategy(draw: st.DrawFn) -> Repeated:
    items = draw(items_strategy(1, 8))
    least = draw(st.integers(1, 3))
    most = draw(st.integers(least, 4))
    prefix = draw(st.sampled_from(["", "with"]))
    mark = draw(st.sampled_from(["", "*"]))
    return Repeated(items, least, most, prefix=prefix, mark=mark)


@PROPERTY
@given(repeated_strategy())
def test_repeated_round_trips_every_index(d: Repeated) -> None:
    assert d.size == d.items.size * (d.most - d.least + 1)
    check_domain(d)
    for i in range(d.size):
        v = d.value(i)
        assert d.least <= len(v) <= d.most and len(set(v)) == 1


@PROPERTY
@given(repeated_strategy(), st.data())
def test_repeated_refuses_mixed_floats_and_bools(d: Repeated, data: st.DataObject) -> None:
    v = d.value(data.draw(st.integers(0, d.size - 1)))
    x = v[0]
    if len(v) >= 2:
        for bad in ((*v[:-1], float(x)), (*v[:-1], True)):
            with pytest.raises(ValueError):
                d.normalise(bad)
            # index takes only normal payloads: a copy that only compares equal is not one
            with pytest.raises(ValueError):
                d.index(bad)
        if d.items.size > 1:
            other = next(y for y in d.items.values if y != x)
            with pytest.raises(ValueError, match="mixes different kinds"):
                d.normalise((*v[:-1], other))
    refused: list[Any] = [(float(x),), (True,), (None,), x, "a"]
    for bad in refused:
        with pytest.raises(ValueError):
            d.normalise(bad)
    with pytest.raises(ValueError, match="copies of one piece"):
        d.normalise((x,) * (d.most + 1))


def test_repeated_needs_one_item() -> None:
    with pytest.raises(ValueError, match="at least one"):
        Repeated(COLOURS, 0, 2)


def test_repeated_docstring_order_and_text() -> None:
    d = Repeated(Items("ab"), 1, 2)
    assert [d.value(i) for i in range(d.size)] == [(0,), (1,), (0, 0), (1, 1)]
    assert WILDS.format((19, 19)) == "with 2s* 2s*"
    assert WILDS.parse(["with", "J*", "J*"], 0) == ((JOKER, JOKER), 3)
    with pytest.raises(ValueError, match="expected 'with'"):
        WILDS.parse(["2s*"], 0)


# -- Parts -----------------------------------------------------------------------------


@st.composite
def parts_strategy(draw: st.DrawFn) -> Parts:
    first = draw(items_strategy(1, 6))
    second = draw(
        st.sampled_from(
            [
                Word("x"),
                NOTHING,
                Repeated(Items(["k", "l"]), 1, 2, prefix="with", mark="*"),
                Several(Items(["k", "l", "m"]), 1, 2, prefix="with"),
            ]
        )
    )
    return Parts(first, second) if draw(st.booleans()) else Parts(first, second, Word("x"))


@PROPERTY
@given(parts_strategy())
def test_parts_round_trip_every_index(d: Parts) -> None:
    size = 1
    for p in d.parts:
        size *= p.size
    assert d.size == size
    check_domain(d)


def test_parts_docstring_and_refusals() -> None:
    d = Parts(Items("ab"), Word("x"))
    assert (d.size, d.value(1), d.format((1, "x"))) == (2, (1, "x"), "b x")
    assert d.normalise([np.int64(1), "x"]) == (1, "x")
    for bad in ((1,), (1, "x", 2), 1, "b x", None):
        with pytest.raises(ValueError, match="has not 2 parts"):
            d.normalise(bad)
    with pytest.raises(ValueError, match="expected 'x'"):
        d.normalise((1, "y"))
    with pytest.raises(ValueError):
        d.normalise((1.0, "x"))
    with pytest.raises(ValueError, match="has not 2 parts"):
        d.index([1, "x"])


# -- OneOf -----------------------------------------------------------------------------


ONE_OF_CASES: list[OneOf] = [
    OneOf(NOTHING, COLOURS),
    OneOf(COLOURS, Parts(COLOURS, Word("declare"))),
    OneOf(COLOURS, Parts(COLOURS, Repeated(Items(["k", "l"]), 1, 2, prefix="with", mark="*"))),
    OneOf(NOTHING, Several(COLOURS, 2, 3, prefix="with")),
    *(d for _, d in SHARED_KINDS if isinstance(d, OneOf)),
]


@pytest.mark.parametrize("d", ONE_OF_CASES, ids=repr)
def test_one_of_round_trips_every_index(d: OneOf) -> None:
    assert d.size == sum(s.size for s in d.shapes)
    check_domain(d)
    with pytest.raises(ValueError, match="index out of range"):
        d.value(d.size)


def test_one_of_indices_run_through_the_shapes_in_order() -> None:
    d = OneOf(NOTHING, Items("ab"))
    assert (d.size, d.value(0), d.value(2), d.index(1)) == (3, None, 1, 2)
    with pytest.raises(ValueError, match="is not a payload of this kind"):
        d.index(1.0)


def test_one_of_refusals_name_the_simplest_shape() -> None:
    plain_or_declared = OneOf(COLOURS, Parts(COLOURS, Word("declare")))
    with pytest.raises(ValueError, match=r"^1\.0 is not a colour$"):
        plain_or_declared.normalise(1.0)
    with pytest.raises(ValueError, match=r"^expected 'declare', not 'shout'$"):
        plain_or_declared.normalise((1, "shout"))
    none_or_colour = OneOf(NOTHING, COLOURS)
    with pytest.raises(ValueError, match=r"^True is not a colour$"):
        none_or_colour.normalise(True)
    assert none_or_colour.normalise(None) is None
    assert none_or_colour.normalise(np.int64(2)) == 2


# -- ActionSpace (game-neutral) ---------------------------------------------------------


@st.composite
def space_strategy(draw: st.DrawFn) -> ActionSpace:
    domains: list[Domain] = [
        NOTHING,
        draw(items_strategy(1, 6)),
        draw(several_strategy()),
        draw(repeated_strategy()),
        OneOf(NOTHING, draw(items_strategy(1, 5))),
    ]
    chosen = draw(st.lists(st.sampled_from(domains), min_size=1, max_size=5))
    return ActionSpace([(f"k{i}", d) for i, d in enumerate(chosen)])


@PROPERTY
@given(space_strategy())
def test_space_encode_decode_format_parse_are_inverse(space: ActionSpace) -> None:
    assert space.size == sum(d.size for d in space.kinds.values())
    actions = list(space)
    assert len(actions) == space.size
    for i, a in enumerate(actions):
        assert space.decode(i) == a
        numpy_index: Any = np.int64(i)
        assert space.decode(numpy_index) == a
        assert space.encode(a) == i
        assert space.normalise(a) == a
        assert space.parse(space.format(a)) == a
    first = 0
    for row in kinds_json(space):
        assert row["first"] == first
        if row["size"]:
            assert space.decode(first).kind == row["kind"]
        first += row["size"]
    assert first == space.size


def test_space_docstring_example() -> None:
    space = ActionSpace([("pass", NOTHING), ("paint", COLOURS), ("mix", Several(COLOURS, 2))])
    assert space.size == 1 + 3 + 6
    assert space.parse("mix blue red") == Action("mix", (0, 2))
    assert space.format(Action("paint", 1)) == "paint green"
    assert [space.decode(i) for i in range(space.size)] == list(space)
    with pytest.raises(ValueError, match="declared twice"):
        ActionSpace([("pass", NOTHING), ("pass", NOTHING)])


@pytest.mark.parametrize("bad", [-1, 10, 1.0, True, "3", None])
def test_space_decode_refuses_indices_outside_or_not_whole(bad: Any) -> None:
    space = ActionSpace([("pass", NOTHING), ("paint", COLOURS), ("mix", Several(COLOURS, 2))])
    with pytest.raises(ValueError):
        space.decode(bad)


def test_space_mask_has_exactly_the_legal_indices() -> None:
    space = ActionSpace([("pass", NOTHING), ("paint", COLOURS), ("mix", Several(COLOURS, 2))])
    legal = [Action("pass"), Action("mix", (1, 2)), Action("paint", 0)]
    mask = space.mask(legal)
    assert len(mask) == space.size
    assert [i for i, m in enumerate(mask) if m] == sorted(space.encode(a) for a in legal)


# -- the mahjong space -----------------------------------------------------------------


def test_mahjong_space_encode_decode_inverse_over_the_whole_space() -> None:
    actions = list(MAHJONG_SPACE)
    assert len(actions) == MAHJONG_SPACE.size
    assert len(set(actions)) == MAHJONG_SPACE.size
    for i in range(MAHJONG_SPACE.size):
        a = MAHJONG_SPACE.decode(i)
        assert isinstance(a, MahjongAction)
        assert a == actions[i]
        assert MAHJONG_SPACE.encode(a) == i
        assert plain(a.payload)


def test_mahjong_space_str_parses_back_to_the_same_action() -> None:
    for a in MAHJONG_SPACE:
        text = str(a)
        assert MAHJONG_SPACE.format(a) == text
        assert MahjongAction.parse(text) == a
        assert parse_action(text) == a
        assert MAHJONG_SPACE.normalise(a) == a


def test_mahjong_space_kinds_sizes_and_order() -> None:
    rows = {r["kind"]: r for r in kinds_json(MAHJONG_SPACE)}
    assert list(rows) == [k for k, _ in SHARED_KINDS]
    wild = NUM_KINDS + 1  # playing tiles and the joker
    with_wilds = NUM_KINDS + NUM_KINDS * 2 * wild
    assert rows["pass"]["size"] == 1
    assert rows["discard"]["size"] == 2 * NUM_TILES
    assert rows["chow"]["size"] == NUM_KINDS
    for k in ("pung", "kong", "concealed_kong", "added_kong"):
        assert rows[k]["size"] == with_wilds
    assert rows["win"]["size"] == 1 + NUM_TILES
    assert rows["rob"]["size"] == NUM_TILES
    assert MAHJONG_SPACE.size == sum(r["size"] for r in rows.values())
    assert MAHJONG_SPACE.encode(Action("pass")) == 0
    assert MAHJONG_SPACE.encode(Action("discard", 0)) == 1
    assert MAHJONG_SPACE.decode(MAHJONG_SPACE.size - 1) == MahjongAction("rob", NUM_TILES - 1)


def test_mahjong_action_text_examples() -> None:
    assert parse_action("pung C with 2s*") == MahjongAction("pung", (31, (19,)))
    assert str(MahjongAction("discard", (20, "declare"))) == "discard 3s declare"
    assert str(MahjongAction("concealed_kong", (0, (JOKER, JOKER)))) == (
        "concealed_kong 1m with J* J*"
    )
    assert parse_action("win") == MahjongAction("win")
    assert parse_action("win 1m") == MahjongAction("win", 0)
    a = parse_action("discard 4p")
    assert (a.tile, a.declaration, a.wilds, a.tiles) == (12, None, (), (12,))
    p = parse_action("kong C with J*")
    assert (p.tile, p.wilds) == (31, (JOKER,))


@st.composite
def legal_sets(draw: st.DrawFn) -> list[Action]:
    idx = draw(st.lists(st.integers(0, MAHJONG_SPACE.size - 1), max_size=40, unique=True))
    return [MAHJONG_SPACE.decode(i) for i in idx]


@PROPERTY
@given(legal_sets())
def test_mahjong_mask_has_exactly_the_legal_indices(legal: list[Action]) -> None:
    mask = MAHJONG_SPACE.mask(legal)
    assert len(mask) == MAHJONG_SPACE.size
    assert {i for i, m in enumerate(mask) if m} == {MAHJONG_SPACE.encode(a) for a in legal}
    assert sum(mask) == len(legal)


EXTRA_KINDS: list[tuple[str, Domain]] = [
    ("exchange", Several(TILE, 3)),
    ("call", Word("ready")),
    ("swap", Parts(TILE, Several(TILE, 0, 2, repeat=False, prefix="for"))),
]


def test_extended_space_keeps_the_shared_indices_and_appends_the_new() -> None:
    extended = MAHJONG_SPACE.extended(EXTRA_KINDS)
    # the original space is not changed
    assert list(MAHJONG_SPACE.kinds) == [k for k, _ in SHARED_KINDS]
    assert extended.size == MAHJONG_SPACE.size + sum(d.size for _, d in EXTRA_KINDS)
    assert extended.size == MAHJONG_SPACE.size + comb(NUM_TILES + 2, 3) + 1 + NUM_TILES * (
        1 + NUM_TILES + comb(NUM_TILES, 2)
    )
    for i in range(MAHJONG_SPACE.size):
        a = MAHJONG_SPACE.decode(i)
        assert extended.decode(i) == a
        assert extended.encode(a) == i
    first = MAHJONG_SPACE.size
    for kind, domain in EXTRA_KINDS:
        assert extended.decode(first).kind == kind
        assert extended.decode(first + domain.size - 1).kind == kind
        for j in indices(domain, 600):
            a = extended.decode(first + j)
            assert isinstance(a, MahjongAction)
            assert a == MahjongAction(kind, domain.value(j))
            assert extended.encode(a) == first + j
            assert parse_action(extended.format(a), extended) == a
            if kind != "swap":  # see the test below
                assert str(a) == extended.format(a)
        first += domain.size
    assert first == extended.size
    # a legal set mixing shared and new kinds
    legal = [MahjongAction("pass"), MahjongAction("exchange", (1, 15, 27))]
    mask = extended.mask(legal)
    assert [i for i, m in enumerate(mask) if m] == [
        0,
        MAHJONG_SPACE.size + Several(TILE, 3).index((1, 15, 27)),
    ]
    # extending twice keeps the first extension's indices too
    twice = extended.extended([("shout", NOTHING)])
    assert twice.size == extended.size + 1
    assert twice.decode(extended.size) == MahjongAction("shout")
    for i in range(0, extended.size, 97):
        assert twice.decode(i) == extended.decode(i)
    # the shared parse does not read the new kinds
    with pytest.raises(NotationError, match="unknown action 'exchange'"):
        MahjongAction.parse("exchange 2m 7p E")
    assert parse_action("exchange 2m 7p E", extended) == MahjongAction("exchange", (1, 15, 27))
    assert str(parse_action("exchange E 7p 2m", extended)) == "exchange 2m 7p E"


def test_str_of_an_extended_kind_is_its_space_text() -> None:
    extended = MAHJONG_SPACE.extended(EXTRA_KINDS)
    a = parse_action("swap 1m for 1m", extended)
    assert a == MahjongAction("swap", (0, (0,)))
    assert str(a) == extended.format(a) == "swap 1m for 1m"


# -- normalise refusals: IllegalAction naming the kind and the problem ------------------


REFUSED: list[tuple[Any, str]] = [
    (("discard", 1.0), r"^discard: 1\.0 is not a tile$"),
    (("discard", np.float64(1.0)), r"^discard: np\.float64\(1\.0\) is not a tile$"),
    (("discard", True), r"^discard: True is not a tile$"),
    (("discard", False), r"^discard: False is not a tile$"),
    (("discard", 99), r"^discard: 99 is not a tile$"),
    (("discard", -1), r"^discard: -1 is not a tile$"),
    (("discard", NUM_TILES), rf"^discard: {NUM_TILES} is not a tile$"),
    (("discard", "1m"), r"^discard: '1m' is not a tile$"),
    (("discard", None), r"^discard: None is not a tile$"),
    (("discard", (1, "shout")), r"^discard: expected 'declare', not 'shout'$"),
    (("discard", (1,)), r"^discard: .*has not 2 parts"),
    (("discard", (1.0, "declare")), r"^discard: 1\.0 is not a tile$"),
    (("chow", NUM_KINDS), rf"^chow: {NUM_KINDS} is not a playing tile$"),
    (("chow", (0, 1, 2)), r"^chow: \(0, 1, 2\) is not a playing tile$"),
    (("pung", 2.0), r"^pung: 2\.0 is not a playing tile$"),
    (("pung", (31, 19)), r"^pung: 19 is not 1-2 copies of one tile that can be wild$"),
    (("pung", (31, (19, 20))), r"^pung: \(19, 20\) mixes different kinds$"),
    (("pung", (31, (19, 19, 19))), r"^pung: .*is not 1-2 copies"),
    (("pung", (31, ())), r"^pung: \(\) is not 1-2 copies"),
    (("kong", (31, (19.0,))), r"^kong: 19\.0 is not a tile that can be wild$"),
    (("win", 1.0), r"^win: 1\.0 is not a tile$"),
    (("win", "win"), r"^win: 'win' is not a tile$"),
    (("pass", 0), r"^pass: takes nothing, not 0$"),
    (("pass", False), r"^pass: takes nothing, not False$"),
    (("rob", None), r"^rob: None is not a tile$"),
    ((None, 1), r"kind is a word such as 'discard', not None"),
    ((1, 1), r"kind is a word such as 'discard', not 1"),
    ((b"discard", 1), r"kind is a word such as 'discard', not b'discard'"),
    (("fold", 1), r"^unknown action kind 'fold' \(kinds: pass, discard, chow"),
    (("Discard", 1), r"^unknown action kind 'Discard'"),
    ("discard 1m", r"^not an action: 'discard 1m'$"),
    (("discard", 1, 2), r"^not an action: \('discard', 1, 2\)$"),
    (("discard",), r"^not an action: \('discard',\)$"),
    (["discard", 1], r"^not an action: \['discard', 1\]$"),
    (None, r"^not an action: None$"),
    (7, r"^not an action: 7$"),
]


@pytest.mark.parametrize(("action", "message"), REFUSED, ids=repr)
def test_normalise_refuses_with_illegal_action_naming_kind_and_problem(
    action: Any, message: str
) -> None:
    with pytest.raises(IllegalAction, match=message):
        MAHJONG_SPACE.normalise(action)


@pytest.mark.parametrize(
    ("action", "want"),
    [
        (("discard", np.int64(4)), MahjongAction("discard", 4)),
        (("discard", np.int32(4)), MahjongAction("discard", 4)),
        (("discard", (np.int64(20), "declare")), MahjongAction("discard", (20, "declare"))),
        (("discard", [20, "declare"]), MahjongAction("discard", (20, "declare"))),
        (("pung", (np.int64(31), [np.int64(19)])), MahjongAction("pung", (31, (19,)))),
        (("kong", np.uint8(5)), MahjongAction("kong", 5)),
        (("win", None), MahjongAction("win")),
        (("win", np.int64(JOKER)), MahjongAction("win", JOKER)),
        (Action("pass"), MahjongAction("pass")),
    ],
    ids=repr,
)
def test_normalise_accepts_numpy_ints_and_returns_plain_ints(action: Any, want: Action) -> None:
    got = MAHJONG_SPACE.normalise(action)
    assert got == want
    assert isinstance(got, MahjongAction)
    assert plain(got.payload)
    assert MAHJONG_SPACE.encode(got) == MAHJONG_SPACE.encode(want)


@PROPERTY
@given(st.integers(0, MAHJONG_SPACE.size - 1))
def test_normalise_of_a_numpy_form_is_the_plain_action(i: int) -> None:
    a = MAHJONG_SPACE.decode(i)
    got = MAHJONG_SPACE.normalise((a.kind, numpyfied(a.payload)))
    assert got == a and plain(got.payload) and type(got) is MahjongAction


@PROPERTY
@given(st.integers(0, MAHJONG_SPACE.size - 1))
def test_encode_refuses_payloads_that_only_compare_equal(i: int) -> None:
    """encode takes only normal payloads: a float or bool where an int belongs, in any
    position of the payload, is refused (ValueError) rather than given an index."""
    a = MAHJONG_SPACE.decode(i)

    def variants(p: Any) -> Iterator[Any]:
        if type(p) is int:
            yield float(p)
            if p in (0, 1):
                yield bool(p)
        elif type(p) is tuple:
            for j, x in enumerate(p):
                for v in variants(x):
                    yield (*p[:j], v, *p[j + 1 :])

    for bad in variants(a.payload):
        with pytest.raises(ValueError):
            MAHJONG_SPACE.encode(Action(a.kind, bad))
        with pytest.raises(IllegalAction):
            MAHJONG_SPACE.normalise(Action(a.kind, bad))


# -- parse refusals: NotationError naming the problem -----------------------------------


PARSE_REFUSED: list[tuple[str, str]] = [
    ("fold 1m", r"unknown action 'fold'.*actions: pass, discard"),
    ("exchange 1m", r"unknown action 'exchange'"),
    ("discard 4q", r"cannot read the action 'discard 4q': unexpected character 'q'"),
    ("discard 10m", r"cannot read the action 'discard 10m'"),
    ("discard zz", r"cannot read the action 'discard zz'"),
    ("discard 1m2m", r"'1m2m' is not one tile"),
    ("chow f1", r"'f1' is not a playing tile"),
    ("pung J", r"'J' is not a playing tile"),
    ("discard 1m 2m", r"cannot read the action 'discard 1m 2m': unexpected '2m'"),
    ("discard 1m declare now", r"unexpected 'now'"),
    ("pass 1m", r"cannot read the action 'pass 1m': unexpected '1m'"),
    ("win 1m 2m", r"unexpected '2m'"),
    ("pung C with 2s* 2s* 2s*", r"unexpected '2s\*'"),
    ("discard", r"cannot read the action 'discard': a tile is missing"),
    ("chow", r"a playing tile is missing"),
    ("rob", r"cannot read the action 'rob': a tile is missing"),
    ("", r"^empty action$"),
    ("   ", r"^empty action"),
]


@pytest.mark.parametrize(("text", "message"), PARSE_REFUSED, ids=repr)
def test_parse_refuses_malformed_text_naming_the_problem(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_action(text)
    with pytest.raises(NotationError, match=message):
        MahjongAction.parse(text)


@pytest.mark.parametrize("bad", [None, 5, b"discard 1m", ("discard", 1)], ids=repr)
def test_parse_refuses_what_is_not_text(bad: Any) -> None:
    with pytest.raises(NotationError, match="an action is text"):
        MAHJONG_SPACE.parse(bad)


def test_parse_reads_case_insensitive_kinds_and_honours() -> None:
    assert parse_action("DISCARD 4p") == MahjongAction("discard", 12)
    assert parse_action("Pung C With 2s*") == MahjongAction("pung", (31, (19,)))
    assert parse_action("  discard   E  ") == MahjongAction("discard", 27)


@PROPERTY
@given(st.sampled_from(range(NUM_TILES)), st.sampled_from(["discard", "win", "rob"]))
def test_every_tile_reads_back_by_its_name(tile: int, kind: str) -> None:
    a = parse_action(f"{kind} {tile_name(tile)}")
    assert a == MahjongAction(kind, tile)
    assert re.fullmatch(rf"{kind} \S+", str(a))

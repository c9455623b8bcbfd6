"""Property tests: notation round trips and count bounds over random tiles and melds."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from parlour.core.errors import NotationError
from parlour.mahjong.melds import CHOW, KONG, PUNG, Hand, Meld, parse_hand, parse_meld
from parlour.mahjong.tiles import (
    JOKER,
    NUM_KINDS,
    NUM_TILES,
    TILE_SETS,
    TILES_ALL,
    TileSet,
    format_tiles,
    gb_name,
    parse_gb_tiles,
    parse_tiles,
    scan_tiles,
    tile_name,
)

settings.register_profile("notation", max_examples=150, deadline=None)
settings.load_profile("notation")

SETS = [*TILE_SETS.values(), TILES_ALL]


@st.composite
def tiles_within(draw: st.DrawFn, tile_set: TileSet = TILES_ALL, max_size: int = 40) -> list[int]:
    """A random multiset of tiles (in random order) that the set can hold."""
    wall = tile_set.tiles()
    picks = draw(st.lists(st.integers(0, len(wall) - 1), unique=True, max_size=max_size))
    return [wall[i] for i in picks]


@st.composite
def set_and_tiles(draw: st.DrawFn) -> tuple[TileSet, list[int]]:
    ts = draw(st.sampled_from(SETS))
    return ts, draw(tiles_within(ts))


def within(tiles: list[int], tile_set: TileSet = TILES_ALL) -> bool:
    return all(n <= tile_set.counts[t] for t, n in Counter(tiles).items())


# ---------------------------------------------------------------------------------------
# Tiles


@given(set_and_tiles(), st.sampled_from(["spaced", "compact", "unicode"]))
def test_format_then_parse_gives_the_sorted_tiles(
    ts_tiles: tuple[TileSet, list[int]], style: str
) -> None:
    tile_set, tiles = ts_tiles
    text = format_tiles(tiles, style=style)  # type: ignore[arg-type]
    assert parse_tiles(text, tile_set=tile_set) == sorted(tiles)


@given(tiles_within(), st.sampled_from(["spaced", "compact", "unicode"]))
def test_unsorted_format_keeps_the_order(tiles: list[int], style: str) -> None:
    text = format_tiles(tiles, style=style, sort=False)  # type: ignore[arg-type]
    assert parse_tiles(text) == tiles


@given(tiles_within())
def test_spaced_and_compact_differ_only_in_spaces(tiles: list[int]) -> None:
    spaced = format_tiles(tiles)
    compact = format_tiles(tiles, style="compact")
    assert spaced.replace(" ", "") == compact.replace(" ", "")
    assert len(format_tiles(tiles, style="unicode")) == len(tiles)


@given(tiles_within(), st.booleans())
def test_gb_round_trip(tiles: list[int], sort: bool) -> None:
    text = format_tiles(tiles, style="gb", sort=sort)
    assert parse_gb_tiles(text) == (sorted(tiles) if sort else tiles)
    assert parse_gb_tiles([gb_name(t) for t in tiles]) == tiles
    assert text.split() == [gb_name(t) for t in (sorted(tiles) if sort else tiles)]


@given(tiles_within())
def test_names_round_trip_one_by_one(tiles: list[int]) -> None:
    assert parse_tiles(" ".join(tile_name(t) for t in tiles)) == tiles
    assert parse_tiles("".join(tile_name(t) for t in tiles if t < NUM_KINDS)) == [
        t for t in tiles if t < NUM_KINDS
    ]


def first_over_limit(tiles_in_text: list[tuple[int, int]], tile_set: TileSet):
    """(position, tile, copies) of the first copy, in text order, beyond the set's count."""
    seen: Counter[int] = Counter()
    for pos, t in sorted(tiles_in_text):
        seen[t] += 1
        if seen[t] > tile_set.counts[t]:
            return pos, t, seen[t]
    return None


@given(
    st.lists(st.integers(0, NUM_TILES - 1), max_size=60),
    st.sampled_from(SETS),
    st.sampled_from(["spaced", "compact", "unicode"]),
    st.booleans(),
)
def test_parse_accepts_exactly_what_the_set_holds(
    tiles: list[int], tile_set: TileSet, style: str, sort: bool
) -> None:
    text = format_tiles(tiles, style=style, sort=sort)  # type: ignore[arg-type]
    written = [(s.position, s.tile) for s in scan_tiles(text)]
    over = first_over_limit(written, tile_set)
    if over is None:
        assert within(tiles, tile_set)
        assert parse_tiles(text, tile_set=tile_set) == (sorted(tiles) if sort else tiles)
        return
    assert not within(tiles, tile_set)
    with pytest.raises(NotationError) as info:
        parse_tiles(text, tile_set=tile_set)
    e = info.value
    pos, t, copies = over
    assert e.position == pos and e.text == text
    holds = tile_set.counts[t]
    if holds:
        assert e.reason == f"{copies} copies of {tile_name(t)}"
        assert e.detail == f"the tile set holds {holds}"
    else:
        assert e.reason == f"{tile_name(t)} is not in the tile set"


@pytest.mark.slow
@given(tiles_within(max_size=20), st.data())
def test_over_full_input_always_raises(tiles: list[int], data: st.DataObject) -> None:
    kind = data.draw(st.integers(0, NUM_TILES - 1))
    limit = TILES_ALL.counts[kind]
    extra = limit + 1 - tiles.count(kind)
    over = data.draw(st.permutations(tiles + [kind] * extra))
    style = data.draw(st.sampled_from(["spaced", "compact", "unicode", "gb"]))
    text = format_tiles(over, style=style, sort=False)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match=r"\d+ copies of .* \(the tile set holds \d\)"):
        if style == "gb":
            parse_gb_tiles(text)
        else:
            parse_tiles(text)


@given(st.text(alphabet="123456789mpsESWNCFPfxJ* ,0", max_size=30))
def test_parse_never_fails_other_than_notation_error(text: str) -> None:
    try:
        tiles = parse_tiles(text)
    except NotationError as e:
        assert e.text == text
        assert e.position is None or 0 <= e.position < len(text)
    else:
        assert within(tiles)
        assert all(0 <= t < NUM_TILES for t in tiles)


# ---------------------------------------------------------------------------------------
# Melds


@st.composite
def melds(draw: st.DrawFn, *, wild_physical: list[int] | None = None) -> Meld:
    """A random meld that notation can write: chows, pungs and kongs, exposed or (for
    kongs) concealed, with a claimed-from seat and wilds of any physical tile."""
    kind = draw(st.sampled_from([CHOW, PUNG, KONG]))
    if kind == CHOW:
        first = draw(st.sampled_from([s * 9 + r for s in range(3) for r in range(7)]))
        tiles = (first, first + 1, first + 2)
    else:
        t = draw(st.integers(0, NUM_KINDS - 1))
        tiles = (t,) * (3 if kind == PUNG else 4)
    exposed = kind != KONG or draw(st.booleans())
    claimed_from = draw(st.none() | st.integers(1, 3)) if exposed else None
    physical = wild_physical or [*range(NUM_TILES)]
    slots = draw(st.lists(st.integers(0, len(tiles) - 1), unique=True, max_size=len(tiles)))
    wilds = tuple(
        (draw(st.sampled_from([JOKER, JOKER, *physical])), tiles[i]) for i in sorted(slots)
    )
    m = Meld(kind, tiles, exposed, claimed_from, wilds)
    assume(within(m.physical_tiles()))
    return m


@given(melds())
def test_meld_round_trip(m: Meld) -> None:
    text = str(m)
    assert parse_meld(text) == m
    assert parse_meld(f"  {text} ") == m


@given(melds())
def test_meld_written_physically(m: Meld) -> None:
    """The written meld holds its physical tiles, and nothing else."""
    text = str(m)
    body = text[1:-1].split(">")[0]
    for _, stands_for in m.wilds:
        body = body.replace("=" + tile_name(stands_for), "", 1)
    assert sorted(s.tile for s in scan_tiles(body)) == m.physical_tiles()
    assert text[0] == ("[" if m.exposed else "{")


@given(st.lists(melds(wild_physical=[JOKER]), max_size=4), tiles_within(max_size=14), st.data())
def test_hand_round_trip(meld_list: list[Meld], concealed: list[int], data: st.DataObject) -> None:
    physical = [t for m in meld_list for t in m.physical_tiles()] + concealed
    n_marks = data.draw(st.integers(0, len(concealed)))
    marked = data.draw(st.permutations(concealed))[:n_marks]
    win = data.draw(st.none() | st.sampled_from(concealed)) if concealed else None
    hand = Hand(tuple(concealed), tuple(meld_list), tuple(marked), win)
    text = str(hand)
    if not within(physical):
        with pytest.raises(NotationError, match="copies of"):
            parse_hand(text)
        return
    back = parse_hand(text)
    assert back.melds == hand.melds
    assert sorted(back.concealed) == sorted(hand.concealed)
    assert sorted(back.wild_marks) == sorted(hand.wild_marks)
    assert back.win_tile == hand.win_tile
    assert str(back) == text


@given(st.lists(melds(wild_physical=[JOKER]), min_size=1, max_size=5), tiles_within(max_size=14))
def test_hand_counts_span_melds_and_concealed_tiles(
    meld_list: list[Meld], concealed: list[int]
) -> None:
    text = " ".join([*(str(m) for m in meld_list), format_tiles(concealed)])
    physical = [t for m in meld_list for t in m.physical_tiles()] + concealed
    if within(physical):
        h = parse_hand(text)
        assert h.melds == tuple(meld_list)
        assert sorted(h.concealed) == sorted(concealed)
    else:
        with pytest.raises(NotationError) as info:
            parse_hand(text)
        e = info.value
        assert e.text == text and e.position is not None
        # the named copy is the first one, in text order, beyond the set's count
        named = _tile_at(text, e.position)
        before = [s.tile for s in _scan_hand(text) if s.position <= e.position]
        assert before[-1] == named
        assert within(before[:-1])
        assert Counter(before)[named] == TILES_ALL.counts[named] + 1
        assert e.reason == f"{TILES_ALL.counts[named] + 1} copies of {tile_name(named)}"


def _scan_hand(text: str):
    """Every tile written in a hand, melds included, with its position: brackets, seats
    and the ``=T`` after wilds are blanked out (keeping positions) and the rest scanned."""
    masked = re.sub(r">[1-3]|=(?:[1-9][mps]|[ESWNCFP])|[\[\]{}]", _blank, text)
    assert len(masked) == len(text)
    return scan_tiles(masked)


def _blank(m: re.Match[str]) -> str:
    return " " * len(m.group())


def _tile_at(text: str, position: int) -> int:
    return next(s.tile for s in _scan_hand(text) if s.position == position)


def _slow_parse(text: str) -> list[int]:
    """parse_tiles without its cached fast path: the scanner and the count check."""
    from parlour.mahjong.tiles import check_counts

    scanned = scan_tiles(text, allow_wild_marks=False)
    check_counts(scanned, text, None)
    return [s.tile for s in scanned]


@given(st.text(alphabet="123456789mpsESWNCFP ,0x*f", max_size=24))
def test_parse_fast_path_agrees_with_the_scanner(text: str) -> None:
    # the fast path answers only plain notation with at most four of a kind; anything
    # else must reach the scanner and fail (or succeed) exactly as before
    try:
        want: list[int] | str = _slow_parse(text)
    except NotationError as e:
        want = str(e)
    try:
        got: list[int] | str = parse_tiles(text)
    except NotationError as e:
        got = str(e)
    assert got == want


def test_parse_fast_path_refuses_a_fifth_copy_with_the_scanner_message() -> None:
    with pytest.raises(NotationError, match="5 copies of 1m at position 6"):
        parse_tiles("1111m 1m")  # the fifth 1m is the character at position 6

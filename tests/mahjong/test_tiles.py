"""Tiles: kinds, names, predicates, notation in every style, errors and tile sets."""

from __future__ import annotations

import pytest

from parlour.core.errors import NotationError, ParlourError
from parlour.mahjong.tiles import (
    BONUS_TILES,
    DRAGONS,
    FLOWERS,
    HONORS,
    JOKER,
    NUM_KINDS,
    NUM_TILES,
    SEASONS,
    TERMINALS,
    TERMINALS_AND_HONORS,
    TILE_SETS,
    TILES_84,
    TILES_136,
    TILES_136_JOKERS,
    TILES_144,
    TILES_148,
    TILES_ALL,
    WINDS,
    TileSet,
    check_counts,
    counts_of,
    format_tiles,
    gb_name,
    is_bonus,
    is_honor,
    is_suited,
    is_terminal,
    parse_gb_tiles,
    parse_tiles,
    rank_of,
    scan_tiles,
    suit_of,
    tile_from_name,
    tile_name,
)

# Written out by hand, not derived from the module, so a shifted table is caught.
NAMES = [
    "1m",
    "2m",
    "3m",
    "4m",
    "5m",
    "6m",
    "7m",
    "8m",
    "9m",
    "1p",
    "2p",
    "3p",
    "4p",
    "5p",
    "6p",
    "7p",
    "8p",
    "9p",
    "1s",
    "2s",
    "3s",
    "4s",
    "5s",
    "6s",
    "7s",
    "8s",
    "9s",
    *"ESWN",
    *"CFP",
    "f1",
    "f2",
    "f3",
    "f4",
    "x1",
    "x2",
    "x3",
    "x4",
    "J",
]
GB_NAMES = [
    *(f"W{r}" for r in range(1, 10)),
    *(f"B{r}" for r in range(1, 10)),
    *(f"T{r}" for r in range(1, 10)),
    "F1",
    "F2",
    "F3",
    "F4",
    "J1",
    "J2",
    "J3",
    *(f"H{i}" for i in range(1, 9)),
    "J",
]
# Unicode Mahjong Tiles block code points, tile by tile.
GLYPH_POINTS = (
    list(range(0x1F007, 0x1F010))  # characters 1-9
    + list(range(0x1F019, 0x1F022))  # circles 1-9
    + list(range(0x1F010, 0x1F019))  # bamboos 1-9
    + [0x1F000, 0x1F001, 0x1F002, 0x1F003]  # E S W N
    + [0x1F004, 0x1F005, 0x1F006]  # red, green, white dragon
    + [0x1F022, 0x1F023, 0x1F024, 0x1F025]  # plum orchid chrysanthemum bamboo
    + [0x1F026, 0x1F027, 0x1F028, 0x1F029]  # spring summer autumn winter
    + [0x1F02A]  # joker
)


def raises_notation(fn, *args, **kwargs) -> NotationError:
    with pytest.raises(NotationError) as info:
        fn(*args, **kwargs)
    return info.value


# ---------------------------------------------------------------------------------------
# Kinds and names


def test_name_tables_cover_every_kind() -> None:
    assert len(NAMES) == len(GB_NAMES) == len(GLYPH_POINTS) == NUM_TILES == 43
    assert NUM_KINDS == 34


@pytest.mark.parametrize(("tile", "name"), list(enumerate(NAMES)))
def test_tile_name_both_ways(tile: int, name: str) -> None:
    assert tile_name(tile) == name
    assert tile_from_name(name) == tile
    assert parse_tiles(name) == [tile]


@pytest.mark.parametrize(("tile", "name"), list(enumerate(GB_NAMES)))
def test_gb_name_both_ways(tile: int, name: str) -> None:
    assert gb_name(tile) == name
    assert parse_gb_tiles(name) == [tile]
    assert parse_gb_tiles([name]) == [tile]


@pytest.mark.parametrize(("tile", "point"), list(enumerate(GLYPH_POINTS)))
def test_unicode_glyph_both_ways(tile: int, point: int) -> None:
    assert format_tiles([tile], style="unicode") == chr(point)
    assert parse_tiles(chr(point)) == [tile]


def test_named_constants() -> None:
    assert WINDS == (27, 28, 29, 30)
    assert DRAGONS == (31, 32, 33)
    assert tuple(range(27, 34)) == HONORS
    assert FLOWERS == (34, 35, 36, 37)
    assert SEASONS == (38, 39, 40, 41)
    assert tuple(range(34, 42)) == BONUS_TILES
    assert JOKER == 42
    assert [tile_name(t) for t in TERMINALS] == ["1m", "9m", "1p", "9p", "1s", "9s"]
    assert len(set(TERMINALS_AND_HONORS)) == 13


def test_dragon_colours() -> None:
    # C (chun) is red, F (fa) green, P (bai, "plain") white.
    assert parse_tiles("C F P") == [31, 32, 33]
    assert gb_name(31) == "J1" and gb_name(32) == "J2" and gb_name(33) == "J3"
    assert format_tiles([31, 32, 33], style="unicode") == "\U0001f004\U0001f005\U0001f006"


def test_bonus_tiles_in_gb_are_flowers_then_seasons() -> None:
    assert [gb_name(t) for t in FLOWERS] == ["H1", "H2", "H3", "H4"]
    assert [gb_name(t) for t in SEASONS] == ["H5", "H6", "H7", "H8"]


@pytest.mark.parametrize("tile", range(NUM_TILES))
def test_predicates(tile: int) -> None:
    name = NAMES[tile]
    suited = name[-1] in "mps" and name[0].isdigit()
    assert is_suited(tile) is suited
    assert is_honor(tile) is (name in list("ESWNCFP"))
    assert is_terminal(tile) is (suited and name[0] in "19")
    assert is_bonus(tile) is (name[0] in "fx")
    if suited:
        assert suit_of(tile) == name[1]
        assert rank_of(tile) == int(name[0])
    elif name in list("ESWNCFP"):
        assert suit_of(tile) == "z"
        with pytest.raises(ValueError, match=f"tile {tile} is not a numbered tile"):
            rank_of(tile)
    else:
        with pytest.raises(ValueError, match=f"tile {tile} has no suit"):
            suit_of(tile)
        with pytest.raises(ValueError, match=f"tile {tile} is not a numbered tile"):
            rank_of(tile)


def test_predicate_spot_checks() -> None:
    assert is_terminal(0) and is_terminal(8) and is_terminal(26)
    assert not is_terminal(1) and not is_terminal(27) and not is_terminal(JOKER)
    assert not is_honor(JOKER) and not is_bonus(JOKER) and not is_suited(JOKER)
    assert is_bonus(34) and is_bonus(41) and not is_bonus(33)
    assert suit_of(13) == "p" and rank_of(13) == 5
    assert suit_of(26) == "s" and rank_of(26) == 9


@pytest.mark.parametrize("name", ["", "0m", "10m", "m", "f5", "x0", "JJ", "1M", "E ", 5, None])
def test_tile_from_name_rejects(name: object) -> None:
    e = raises_notation(tile_from_name, name)
    assert str(e).startswith(f"not a tile: {name!r}")
    assert e.position is None


# ---------------------------------------------------------------------------------------
# Parsing


def test_parse_spaced_and_compact() -> None:
    want = [0, 1, 2, 12, 13, 14, 24, 25, 26, 27, 27, 27, 31, 31]
    assert parse_tiles("123m 456p 789s EEE CC") == want
    assert parse_tiles("123m456p789sEEECC") == want
    assert parse_tiles("1m2m3m 4p5p6p 7s8s9s E E E C C") == want
    assert parse_tiles("123m,456p,\t789s\nEEE CC") == want
    assert parse_tiles("  123m  ") == [0, 1, 2]


def test_parse_keeps_written_order() -> None:
    assert parse_tiles("P 9s 1m E") == [33, 26, 0, 27]
    assert parse_tiles("321m") == [2, 1, 0]


def test_parse_empty() -> None:
    assert parse_tiles("") == []
    assert parse_tiles("   ") == []


def test_parse_bonus_tiles() -> None:
    assert parse_tiles("f1 x3") == [34, 40]
    assert parse_tiles("f12") == [34, 35]
    assert parse_tiles("f1234 x1234") == list(range(34, 42))
    assert parse_tiles("f1x2") == [34, 39]
    assert parse_tiles("f1 2m") == [34, 1]
    assert parse_tiles("f1E") == [34, 27]


def test_parse_jokers() -> None:
    assert parse_tiles("J") == [JOKER]
    assert parse_tiles("123mJJ") == [0, 1, 2, JOKER, JOKER]
    assert parse_tiles("J" * 8) == [JOKER] * 8


def test_parse_unicode_glyphs() -> None:
    assert parse_tiles("🀇🀈🀉") == [0, 1, 2]
    assert parse_tiles("🀇🀈🀉 🀀🀀 🀄") == [0, 1, 2, 27, 27, 31]
    assert parse_tiles("🀙🀐🀢🀦🀪") == [9, 18, 34, 38, JOKER]
    # glyphs and letters mix
    assert parse_tiles("🀇 23m") == [0, 1, 2]


def test_parse_glyph_with_variation_selector() -> None:
    # 🀄️ is often typed with the emoji presentation selector U+FE0F after it.
    assert parse_tiles("\U0001f004\ufe0f\U0001f004\ufe0e") == [31, 31]
    assert parse_tiles("\U0001f004\ufe0f 1m") == [31, 0]
    e = raises_notation(parse_tiles, "1m\ufe0f")
    assert str(e) == "unexpected character '\ufe0f' at position 2 in '1m\ufe0f' (U+FE0F)"


def test_parse_tiles_with_tile_sets() -> None:
    assert parse_tiles("1111m", tile_set=TILES_136) == [0, 0, 0, 0]
    assert parse_tiles("f1 J", tile_set=TILES_148) == [34, JOKER]
    assert parse_tiles("JJJJ", tile_set=TILES_136_JOKERS) == [JOKER] * 4
    assert parse_tiles("5p 9s P", tile_set=TILES_84) == [13, 26, 33]


# ---------------------------------------------------------------------------------------
# Errors: exact message, position and text


BAD_TILES = [
    # (text, message, position)
    (
        "12x",
        "unexpected character 'x' at position 2 in '12x'"
        " (numbers must end with a suit letter m, p or s)",
        2,
    ),
    ("1m?", "unexpected character '?' at position 2 in '1m?'", 2),
    ("1m Z", "unexpected character 'Z' at position 3 in '1m Z'", 3),
    ("0m", "unexpected character '0' at position 0 in '0m'", 0),
    ("10m", "unexpected character '0' at position 1 in '10m'", 1),
    ("12", "numbers without a suit letter at position 0 in '12'", 0),
    ("123m 45", "numbers without a suit letter at position 5 in '123m 45'", 5),
    ("12 3m", "numbers without a suit letter at position 0 in '12 3m'", 0),
    ("123m 4 5p", "numbers without a suit letter at position 5 in '123m 4 5p'", 5),
    ("1,2m", "numbers without a suit letter at position 0 in '1,2m'", 0),
    ("m", "suit letter 'm' has no numbers before it at position 0 in 'm'", 0),
    ("123m p", "suit letter 'p' has no numbers before it at position 5 in '123m p'", 5),
    ("1mm", "suit letter 'm' has no numbers before it at position 2 in '1mm'", 2),
    ("f", "'f' must be followed by a number 1-4 at position 0 in 'f'", 0),
    ("x E", "'x' must be followed by a number 1-4 at position 0 in 'x E'", 0),
    ("f5", "bonus tile number '5' is not 1-4 at position 1 in 'f5'", 1),
    ("x0", "bonus tile number '0' is not 1-4 at position 1 in 'x0'", 1),
    ("f15", "bonus tile number '5' is not 1-4 at position 2 in 'f15'", 2),
    ("11111m", "5 copies of 1m at position 4 in '11111m' (the tile set holds 4)", 4),
    (
        "1m 1m 1m 1m 1m",
        "5 copies of 1m at position 12 in '1m 1m 1m 1m 1m' (the tile set holds 4)",
        12,
    ),
    ("11m 5p 111m", "5 copies of 1m at position 9 in '11m 5p 111m' (the tile set holds 4)", 9),
    ("EEEEE", "5 copies of E at position 4 in 'EEEEE' (the tile set holds 4)", 4),
    ("PPP 9s9s P P", "5 copies of P at position 11 in 'PPP 9s9s P P' (the tile set holds 4)", 11),
    ("1m\u3000", "unexpected character '\\u3000' at position 2 in '1m\\u3000' (U+3000)", 2),
    ("１m", "unexpected character '１' at position 0 in '１m' (U+FF11)", 0),
    ("🀄🀄🀄🀄🀄", "5 copies of C at position 4 in '🀄🀄🀄🀄🀄' (the tile set holds 4)", 4),
    ("f1 f1", "2 copies of f1 at position 3 in 'f1 f1' (the tile set holds 1)", 3),
    ("f1f1", "2 copies of f1 at position 2 in 'f1f1' (the tile set holds 1)", 2),
    ("f11", "2 copies of f1 at position 2 in 'f11' (the tile set holds 1)", 2),
    ("x4 x34", "2 copies of x4 at position 5 in 'x4 x34' (the tile set holds 1)", 5),
    ("JJJJJJJJJ", "9 copies of J at position 8 in 'JJJJJJJJJ' (the tile set holds 8)", 8),
    # wild marks are not tile notation
    ("*", "wild mark '*' is not allowed here at position 0 in '*'", 0),
    ("**", "wild mark '*' is not allowed here at position 0 in '**'", 0),
    ("123s*", "wild mark '*' is not allowed here at position 4 in '123s*'", 4),
    ("12*3m", "wild mark '*' is not allowed here at position 2 in '12*3m'", 2),
]


@pytest.mark.parametrize(("text", "message", "position"), BAD_TILES)
def test_parse_tiles_errors(text: str, message: str, position: int) -> None:
    e = raises_notation(parse_tiles, text)
    assert str(e) == message
    assert e.position == position
    assert e.text == text
    assert isinstance(e, ValueError) and isinstance(e, ParlourError)


@pytest.mark.parametrize(
    ("arg", "typename"), [(5, "int"), (None, "NoneType"), (b"1m", "bytes"), (["1m"], "list")]
)
def test_parse_tiles_rejects_non_strings(arg: object, typename: str) -> None:
    e = raises_notation(parse_tiles, arg)
    assert str(e) == f"tile notation must be a string, not {typename}"
    assert e.position is None
    assert e.text == ""


@pytest.mark.parametrize(
    ("text", "tile_set", "message", "position"),
    [
        (
            "f1",
            TILES_136,
            "f1 is not in the tile set at position 0 in 'f1' (the 136 set has no f1)",
            0,
        ),
        (
            "1m x3",
            TILES_136,
            "x3 is not in the tile set at position 3 in '1m x3' (the 136 set has no x3)",
            3,
        ),
        (
            "123m J",
            TILES_136,
            "J is not in the tile set at position 5 in '123m J' (the 136 set has no J)",
            5,
        ),
        ("J", TILES_144, "J is not in the tile set at position 0 in 'J' (the 144 set has no J)", 0),
        (
            "5p 1m",
            TILES_84,
            "1m is not in the tile set at position 3 in '5p 1m' (the 84 set has no 1m)",
            3,
        ),
        ("E", TILES_84, "E is not in the tile set at position 0 in 'E' (the 84 set has no E)", 0),
        (
            "JJJJJ",
            TILES_136_JOKERS,
            "5 copies of J at position 4 in 'JJJJJ' (the tile set holds 4)",
            4,
        ),
        (
            "9p9p9p9p9p",
            TILES_84,
            "5 copies of 9p at position 8 in '9p9p9p9p9p' (the tile set holds 4)",
            8,
        ),
    ],
)
def test_parse_tiles_respects_tile_set(
    text: str, tile_set: TileSet, message: str, position: int
) -> None:
    e = raises_notation(parse_tiles, text, tile_set=tile_set)
    assert str(e) == message
    assert e.position == position
    assert e.text == text


def test_check_counts_is_the_shared_bound() -> None:
    check_counts(scan_tiles("1111m"), "1111m")
    e = raises_notation(check_counts, scan_tiles("f2 f2"), "f2 f2", TILES_144)
    assert str(e) == "2 copies of f2 at position 3 in 'f2 f2' (the tile set holds 1)"


# ---------------------------------------------------------------------------------------
# scan_tiles and wild marks


def marks(text: str) -> list[tuple[str, int, bool]]:
    return [(tile_name(s.tile), s.position, s.wild_mark) for s in scan_tiles(text)]


def test_scan_positions_and_marks() -> None:
    assert marks("12*3m P*") == [
        ("1m", 0, False),
        ("2m", 1, True),
        ("3m", 3, False),
        ("P", 6, True),
    ]
    assert marks("1s*") == [("1s", 0, True)]
    assert marks("9p* J* E*") == [("9p", 0, True), ("J", 4, True), ("E", 7, True)]
    assert marks("🀄*") == [("C", 0, True)]
    assert marks("🀄\ufe0f*") == [("C", 0, True)]
    assert marks("f12*") == [("f1", 0, False), ("f2", 2, True)]
    assert marks("1*m") == [("1m", 0, True)]


BAD_MARKS = [
    ("*", "wild mark '*' does not follow a tile at position 0 in '*'", 0),
    ("**", "wild mark '*' does not follow a tile at position 0 in '**'", 0),
    ("1m *", "wild mark '*' does not follow a tile at position 3 in '1m *'", 3),
    ("E,*", "wild mark '*' does not follow a tile at position 2 in 'E,*'", 2),
    ("123s*", "ambiguous wild mark at position 4 in '123s*' (put '*' after the digit it marks)", 4),
    ("11m*", "ambiguous wild mark at position 3 in '11m*' (put '*' after the digit it marks)", 3),
    ("1**m", "double wild mark at position 2 in '1**m'", 2),
    ("E**", "double wild mark at position 2 in 'E**'", 2),
    ("1m**", "double wild mark at position 3 in '1m**'", 3),
    ("J**", "double wild mark at position 2 in 'J**'", 2),
    ("1*m*", "double wild mark at position 3 in '1*m*'", 3),
]


@pytest.mark.parametrize(("text", "message", "position"), BAD_MARKS)
def test_scan_wild_mark_errors(text: str, message: str, position: int) -> None:
    e = raises_notation(scan_tiles, text)
    assert str(e) == message
    assert e.position == position
    assert e.text == text


def test_scan_without_wild_marks() -> None:
    e = raises_notation(scan_tiles, "E*", allow_wild_marks=False)
    assert str(e) == "wild mark '*' is not allowed here at position 1 in 'E*'"


# ---------------------------------------------------------------------------------------
# Formatting


def test_format_styles_sorted() -> None:
    tiles = parse_tiles("C 9s E 1m 3m 2m E 5p f2 J x1")
    assert format_tiles(tiles) == "123m 5p 9s EE C f2 x1 J"
    assert format_tiles(tiles, style="spaced") == "123m 5p 9s EE C f2 x1 J"
    assert format_tiles(tiles, style="compact") == "123m5p9sEECf2x1J"
    assert format_tiles(tiles, style="unicode") == "🀇🀈🀉🀝🀘🀀🀀🀄🀣🀦🀪"
    assert format_tiles(tiles, style="gb") == "W1 W2 W3 B5 T9 F1 F1 J1 H2 H5 J"


def test_format_styles_unsorted() -> None:
    tiles = parse_tiles("C 9s E 1m 3m 2m E 5p f2 J x1")
    assert format_tiles(tiles, sort=False) == "C 9s E 132m E 5p f2 J x1"
    assert format_tiles(tiles, style="compact", sort=False) == "C9sE132mE5pf2Jx1"
    assert format_tiles(tiles, style="unicode", sort=False) == "🀄🀘🀀🀇🀉🀈🀀🀝🀣🀪🀦"
    assert format_tiles(tiles, style="gb", sort=False) == "J1 T9 F1 W1 W3 W2 F1 B5 H2 J H5"
    assert parse_tiles(format_tiles(tiles, sort=False)) == tiles
    assert parse_tiles(format_tiles(tiles, style="compact", sort=False)) == tiles


def test_format_groups_and_separators() -> None:
    assert format_tiles(parse_tiles("123m456p789sEEECC")) == "123m 456p 789s EEE CC"
    assert format_tiles([]) == ""
    assert format_tiles([], style="gb") == ""
    assert format_tiles([JOKER, JOKER]) == "J J"
    assert format_tiles([JOKER, JOKER], style="compact") == "JJ"
    assert format_tiles([34, 35, 38]) == "f1 f2 x1"
    assert format_tiles([34, 35, 38], style="compact") == "f1f2x1"
    # a bonus tile before a digit group keeps a space, or "f12m" would read as f1 f2 m
    assert format_tiles([34, 1], style="compact", sort=False) == "f1 2m"
    assert parse_tiles("f1 2m") == [34, 1]
    assert format_tiles([27, 28, 27], sort=False) == "E S E"
    assert format_tiles(iter([2, 1, 0])) == "123m"


@pytest.mark.parametrize("bad", [-1, 43, 1.0, "1m", None])
def test_format_rejects_non_tiles(bad: object) -> None:
    with pytest.raises(ValueError, match="not a tile"):
        format_tiles([0, bad])  # type: ignore[list-item]


def test_format_rejects_unknown_style() -> None:
    with pytest.raises(ValueError, match="unknown format style 'fancy'"):
        format_tiles([0], style="fancy")  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------
# PyMahjongGB notation


def test_parse_gb_tiles() -> None:
    assert parse_gb_tiles("W1 B5 T9 F2 J1 H5") == [0, 13, 26, 28, 31, 38]
    assert parse_gb_tiles(["W1", "B5", "T9"]) == [0, 13, 26]
    assert parse_gb_tiles(("J3", "J")) == [33, JOKER]
    assert parse_gb_tiles("  W1\tW2\nW3 ") == [0, 1, 2]
    assert parse_gb_tiles("") == []
    assert parse_gb_tiles([]) == []
    assert format_tiles(parse_tiles("123m EE C"), style="gb") == "W1 W2 W3 F1 F1 J1"


@pytest.mark.parametrize(
    ("text", "message", "position"),
    [
        ("W1 X1", "not a PyMahjongGB tile name: 'X1' at position 3 in 'W1 X1'", 3),
        ("W0", "not a PyMahjongGB tile name: 'W0' at position 0 in 'W0'", 0),
        ("W1  W10", "not a PyMahjongGB tile name: 'W10' at position 4 in 'W1  W10'", 4),
        ("F5", "not a PyMahjongGB tile name: 'F5' at position 0 in 'F5'", 0),
        ("J4", "not a PyMahjongGB tile name: 'J4' at position 0 in 'J4'", 0),
        ("H9", "not a PyMahjongGB tile name: 'H9' at position 0 in 'H9'", 0),
        ("w1", "not a PyMahjongGB tile name: 'w1' at position 0 in 'w1'", 0),
        ("1m", "not a PyMahjongGB tile name: '1m' at position 0 in '1m'", 0),
        ("W1 W1W1", "not a PyMahjongGB tile name: 'W1W1' at position 3 in 'W1 W1W1'", 3),
        (["W1", "W2", "Q"], "not a PyMahjongGB tile name: 'Q' at position 6 in 'W1 W2 Q'", 6),
        (["B1", "B1B1"], "not a PyMahjongGB tile name: 'B1B1' at position 3 in 'B1 B1B1'", 3),
        ("H1 H1", "2 copies of f1 at position 3 in 'H1 H1' (the tile set holds 1)", 3),
        (
            "W1 W1 W1 W1 W1",
            "5 copies of 1m at position 12 in 'W1 W1 W1 W1 W1' (the tile set holds 4)",
            12,
        ),
        (["J1"] * 5, "5 copies of C at position 12 in 'J1 J1 J1 J1 J1' (the tile set holds 4)", 12),
    ],
)
def test_parse_gb_tiles_errors(text: object, message: str, position: int) -> None:
    e = raises_notation(parse_gb_tiles, text)
    assert str(e) == message
    assert e.position == position
    assert e.text == (text if isinstance(text, str) else " ".join(text))


def test_parse_gb_tiles_tile_set_and_types() -> None:
    e = raises_notation(parse_gb_tiles, "W1 H1", tile_set=TILES_136)
    assert str(e) == "f1 is not in the tile set at position 3 in 'W1 H1' (the 136 set has no f1)"
    e = raises_notation(parse_gb_tiles, 5)
    assert str(e) == "PyMahjongGB notation must be a string or a sequence of names, not int"
    e = raises_notation(parse_gb_tiles, ["W1", 3])
    assert str(e) == "a PyMahjongGB tile name must be a string, not int"


# ---------------------------------------------------------------------------------------
# Tile sets


@pytest.mark.parametrize(
    ("tile_set", "size", "name"),
    [
        (TILES_144, 144, "144"),
        (TILES_136, 136, "136"),
        (TILES_136_JOKERS, 140, "136+4J"),
        (TILES_148, 148, "144+4J"),
        (TILES_84, 84, "84"),
        (TILES_ALL, 152, "all"),
    ],
)
def test_tile_set_sizes(tile_set: TileSet, size: int, name: str) -> None:
    assert tile_set.size == size
    assert tile_set.name == name
    wall = tile_set.tiles()
    assert len(wall) == size
    assert wall == sorted(wall)
    assert len(tile_set.counts) == NUM_TILES
    for t in range(NUM_TILES):
        assert wall.count(t) == tile_set.counts[t]


def test_tile_set_compositions() -> None:
    for t in range(34):
        assert TILES_136.counts[t] == TILES_144.counts[t] == TILES_148.counts[t] == 4
    assert all(TILES_144.counts[t] == 1 for t in BONUS_TILES)
    assert all(TILES_136.counts[t] == 0 for t in BONUS_TILES)
    assert TILES_136.counts[JOKER] == TILES_144.counts[JOKER] == 0
    assert TILES_136_JOKERS.counts[JOKER] == TILES_148.counts[JOKER] == 4
    assert TILES_ALL.counts[JOKER] == 8
    kept = {t for t in range(NUM_TILES) if TILES_84.counts[t]}
    assert kept == set(range(9, 27)) | set(DRAGONS)
    assert TILE_SETS == {
        "144": TILES_144,
        "136": TILES_136,
        "136+4J": TILES_136_JOKERS,
        "144+4J": TILES_148,
        "84": TILES_84,
    }


def test_tile_set_without() -> None:
    no_m = TILES_136.without(suit="m")
    assert no_m.size == 100
    assert no_m.name == "136-1m2m3m4m5m6m7m8m9m"
    assert all(no_m.counts[t] == 0 for t in range(9))
    assert no_m.counts[9:] == TILES_136.counts[9:]
    assert TILES_144.without(suit="s").size == 108
    assert TILES_144.without(suit="p", name="no dots").name == "no dots"
    no_winds = TILES_136.without(kinds=WINDS, name="no winds")
    assert no_winds.size == 120 and no_winds.name == "no winds"
    assert TILES_144.without(kinds=BONUS_TILES).counts == TILES_136.counts
    both = TILES_136.without(suit="m", kinds=[EAST := 27])
    assert both.size == 96 and both.counts[EAST] == 0
    # removing is idempotent and leaves the original alone
    assert no_m.without(suit="m").counts == no_m.counts
    assert TILES_136.size == 136
    with pytest.raises(ValueError, match="not a suit: 'z'"):
        TILES_136.without(suit="z")
    with pytest.raises(ValueError, match="not a tile: 43"):
        TILES_136.without(kinds=[43])
    with pytest.raises(ValueError, match="not a tile: 'E'"):
        TILES_136.without(kinds=["E"])  # type: ignore[list-item]


def test_tile_set_with_jokers() -> None:
    assert TILES_136.with_jokers(4).counts == TILES_136_JOKERS.counts
    assert TILES_136.with_jokers(4).name == "136+4J"
    assert TILES_144.with_jokers(8, name="big").size == 152
    assert TILES_144.with_jokers(8, name="big").name == "big"
    assert TILES_148.with_jokers(0).counts == TILES_144.counts
    assert len(TILES_84.with_jokers(2).tiles()) == 86
    with pytest.raises(ValueError, match="non-negative"):
        TILES_136.with_jokers(-1)
    ts = TILES_136.with_jokers(2)
    assert parse_tiles("JJ", tile_set=ts) == [JOKER, JOKER]
    e = raises_notation(parse_tiles, "JJJ", tile_set=ts)
    assert str(e) == "3 copies of J at position 2 in 'JJJ' (the tile set holds 2)"


def test_counts_of() -> None:
    c = counts_of(parse_tiles("1123m EE f1 J"))
    assert len(c) == NUM_KINDS
    assert c[0] == 2 and c[1] == 1 and c[2] == 1 and c[27] == 2
    assert sum(c) == 6

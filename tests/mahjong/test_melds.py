"""Melds and whole-hand notation: parsing, writing back, and every kind of bad input."""
# ruff: noqa: E501

from __future__ import annotations

import pytest

from parlour.core.errors import NotationError
from parlour.mahjong.melds import (
    CHOW,
    KONG,
    PUNG,
    Hand,
    Meld,
    chow,
    format_meld,
    kong,
    parse_hand,
    parse_meld,
    pung,
)
from parlour.mahjong.tiles import (
    EAST,
    JOKER,
    NORTH,
    RED,
    TILES_84,
    TILES_136,
    TILES_136_JOKERS,
    WHITE,
    parse_tiles,
    tile_from_name,
)


def T(name: str) -> int:
    return tile_from_name(name)


def raises_notation(fn, *args, **kwargs) -> NotationError:
    with pytest.raises(NotationError) as info:
        fn(*args, **kwargs)
    return info.value


# ---------------------------------------------------------------------------------------
# Parsing melds


@pytest.mark.parametrize(
    ("text", "kind", "tiles", "exposed", "claimed_from", "written"),
    [
        ("[123m]", CHOW, "123m", True, None, "[123m]"),
        ("[312m]", CHOW, "123m", True, None, "[123m]"),
        ("[789s]", CHOW, "789s", True, None, "[789s]"),
        ("[4p5p6p]", CHOW, "456p", True, None, "[456p]"),
        ("[EEE]", PUNG, "EEE", True, None, "[EEE]"),
        ("[555p]", PUNG, "555p", True, None, "[555p]"),
        ("[CCCC]", KONG, "CCCC", True, None, "[CCCC]"),
        ("[9999s]", KONG, "9999s", True, None, "[9999s]"),
        ("{EEEE}", KONG, "EEEE", False, None, "{EEEE}"),
        ("{1111m}", KONG, "1111m", False, None, "{1111m}"),
        ("[234p>3]", CHOW, "234p", True, 3, "[234p>3]"),
        ("[EEE>1]", PUNG, "EEE", True, 1, "[EEE>1]"),
        ("[CCC>2]", PUNG, "CCC", True, 2, "[CCC>2]"),
        ("[NNNN>3]", KONG, "NNNN", True, 3, "[NNNN>3]"),
        ("  [ 1m2m 3m ]  ", CHOW, "123m", True, None, "[123m]"),
        ("[🀇🀈🀉]", CHOW, "123m", True, None, "[123m]"),
    ],
)
def test_parse_meld(
    text: str, kind: str, tiles: str, exposed: bool, claimed_from: int | None, written: str
) -> None:
    m = parse_meld(text)
    assert m.kind == kind
    assert m.tiles == tuple(parse_tiles(tiles))
    assert m.exposed is exposed
    assert m.concealed is (not exposed)
    assert m.claimed_from == claimed_from
    assert m.wilds == ()
    assert m.added is False
    assert str(m) == written
    assert parse_meld(str(m)) == m


def test_meld_properties() -> None:
    m = parse_meld("[456p]")
    assert m.first == T("4p") and m.size == 3
    assert parse_meld("{PPPP}").size == 4
    assert parse_meld("{PPPP}").physical_tiles() == [WHITE] * 4


@pytest.mark.parametrize(
    ("text", "kind", "tiles", "wilds", "written"),
    [
        # (physical tile, what it stands for), sorted
        ("[PPJ]", PUNG, "PPP", [("J", "P")], "[PPJ*]"),
        ("[JPP]", PUNG, "PPP", [("J", "P")], "[PPJ*]"),
        ("[PPJ*]", PUNG, "PPP", [("J", "P")], "[PPJ*]"),
        ("[PJJ]", PUNG, "PPP", [("J", "P"), ("J", "P")], "[PJ*J*]"),
        ("[5p*5p5p]", PUNG, "555p", [("5p", "5p")], "[55p5p*]"),
        ("[55p5p*]", PUNG, "555p", [("5p", "5p")], "[55p5p*]"),
        ("[13m2m*]", CHOW, "123m", [("2m", "2m")], "[13m2m*]"),
        ("[12*3m]", CHOW, "123m", [("2m", "2m")], "[13m2m*]"),
        ("[13mJ]", CHOW, "123m", [("J", "2m")], "[13mJ*]"),
        ("[89mJ]", CHOW, "789m", [("J", "7m")], "[89mJ*]"),
        ("[12mJ]", CHOW, "123m", [("J", "3m")], "[12mJ*]"),
        ("[23mJ]", CHOW, "234m", [("J", "4m")], "[23mJ*]"),  # the default: the run upwards
        ("[13m5s*]", CHOW, "123m", [("5s", "2m")], "[13m5s*]"),
        ("{NNJJ}", KONG, "NNNN", [("J", "N"), ("J", "N")], "{NNJ*J*}"),
        ("{N*NNN}", KONG, "NNNN", [("N", "N")], "{NNNN*}"),
        ("[EEE*E>2]", KONG, "EEEE", [("E", "E")], "[EEEE*>2]"),
        ("[CCf1*]", PUNG, "CCC", [("f1", "C")], "[CCf1*]"),
        ("[🀄🀄🀪]", PUNG, "CCC", [("J", "C")], "[CCJ*]"),
        # ``=T`` names what a wild stands for
        ("[23mJ=1m]", CHOW, "123m", [("J", "1m")], "[23mJ*=1m]"),
        ("[23mJ*=4m]", CHOW, "234m", [("J", "4m")], "[23mJ*]"),
        ("[J=3mJ=4m5m]", CHOW, "345m", [("J", "3m"), ("J", "4m")], "[5mJ*=3mJ*=4m]"),
        ("[5mJ*=3mJ*=4m]", CHOW, "345m", [("J", "3m"), ("J", "4m")], "[5mJ*=3mJ*=4m]"),
        ("[J=EJ=EJ=E]", PUNG, "EEE", [("J", "E")] * 3, "[J*=EJ*=EJ*=E]"),
        ("[23m4m*=1m]", CHOW, "123m", [("4m", "1m")], "[23m4m*=1m]"),
        ("[5mJ=5mJ]", PUNG, "555m", [("J", "5m")] * 2, "[5mJ*J*]"),
    ],
)
def test_parse_meld_with_wilds(
    text: str, kind: str, tiles: str, wilds: list[tuple[str, str]], written: str
) -> None:
    m = parse_meld(text)
    assert m.kind == kind
    assert m.tiles == tuple(parse_tiles(tiles))
    assert m.wilds == tuple(sorted((T(p), T(s)) for p, s in wilds))
    assert str(m) == written
    assert parse_meld(str(m)) == m


def test_physical_tiles_of_a_meld_with_wilds() -> None:
    assert parse_meld("[PPJ]").physical_tiles() == [WHITE, WHITE, JOKER]
    assert parse_meld("[13m5s*]").physical_tiles() == [T("1m"), T("3m"), T("5s")]
    assert parse_meld("{NNJJ}").physical_tiles() == [NORTH, NORTH, JOKER, JOKER]


BAD_MELDS = [
    # (text, message, position)
    ("[124m]", "'[124m]' is not a chow, pung or kong at position 0 in '[124m]'", 0),
    ("[EE]", "'[EE]' is not a chow, pung or kong at position 0 in '[EE]'", 0),
    ("[]", "'[]' is not a chow, pung or kong at position 0 in '[]'", 0),
    ("[11111m]", "'[11111m]' is not a chow, pung or kong at position 0 in '[11111m]'", 0),
    ("[EEES]", "'[EEES]' is not a chow, pung or kong at position 0 in '[EEES]'", 0),
    ("[f1f1f1]", "'[f1f1f1]' is not a chow, pung or kong at position 0 in '[f1f1f1]'", 0),
    ("[f1f2f3]", "'[f1f2f3]' is not a chow, pung or kong at position 0 in '[f1f2f3]'", 0),
    ("[89m1p]", "'[89m1p]' is not a chow, pung or kong at position 0 in '[89m1p]'", 0),
    ("[9m1p2p]", "'[9m1p2p]' is not a chow, pung or kong at position 0 in '[9m1p2p]'", 0),
    ("[ESW]", "'[ESW]' is not a chow, pung or kong at position 0 in '[ESW]'", 0),
    ("[CFP]", "'[CFP]' is not a chow, pung or kong at position 0 in '[CFP]'", 0),
    ("[JJJ]", "'[JJJ]' is not a chow, pung or kong at position 0 in '[JJJ]'", 0),
    ("[1m9mJ]", "'[1m9mJ]' is not a chow, pung or kong at position 0 in '[1m9mJ]'", 0),
    ("[EEJ=S]", "'[EEJ=S]' is not a chow, pung or kong at position 0 in '[EEJ=S]'", 0),
    ("{123m}", "a concealed meld in braces must be a kong at position 0 in '{123m}'", 0),
    ("{EEE}", "a concealed meld in braces must be a kong at position 0 in '{EEE}'", 0),
    ("{EEEE>1}", "a concealed kong cannot be claimed from a seat at position 0 in '{EEEE>1}'", 0),
    (
        "[EEE>5]",
        "claimed-from seat offset must be 1, 2 or 3, not '5' at position 5 in '[EEE>5]'",
        5,
    ),
    (
        "[EEE>0]",
        "claimed-from seat offset must be 1, 2 or 3, not '0' at position 5 in '[EEE>0]'",
        5,
    ),
    ("[EEE>]", "claimed-from seat offset must be 1, 2 or 3, not '' at position 5 in '[EEE>]'", 5),
    (
        "[111m>1>2]",
        "claimed-from seat offset must be 1, 2 or 3, not '1>2' at position 6 in '[111m>1>2]'",
        6,
    ),
    ("[11m", "unclosed '[' at position 0 in '[11m'", 0),
    ("{EEEE", "unclosed '{' at position 0 in '{EEEE'", 0),
    ("[123m}", "'[' closed by '}' at position 5 in '[123m}'", 5),
    ("{EEEE]", "'{' closed by ']' at position 5 in '{EEEE]'", 5),
    ("(123m)", "a meld must start with '[' or '{' at position 0 in '(123m)'", 0),
    ("123m", "a meld must start with '[' or '{' at position 0 in '123m'", 0),
    ("  x[123m]", "a meld must start with '[' or '{' at position 2 in '  x[123m]'", 2),
    ("[123m] x", "unexpected text after the meld at position 7 in '[123m] x'", 7),
    ("[123m]E", "unexpected text after the meld at position 6 in '[123m]E'", 6),
    ("[123m]]", "unexpected text after the meld at position 6 in '[123m]]'", 6),
    (" [EEE] [SSS]", "unexpected text after the meld at position 7 in ' [EEE] [SSS]'", 7),
    (
        "[12x]",
        "unexpected character 'x' at position 3 in '[12x]' (numbers must end with a suit letter m, p or s)",
        3,
    ),
    ("[ 1m 2m 3]", "numbers without a suit letter at position 8 in '[ 1m 2m 3]'", 8),
    (
        "[123m*]",
        "ambiguous wild mark at position 5 in '[123m*]' (put '*' after the digit it marks)",
        5,
    ),
    ("[EE**E]", "double wild mark at position 4 in '[EE**E]'", 4),
    ("[*EE]", "wild mark '*' does not follow a tile at position 1 in '[*EE]'", 1),
    (
        "[EE =E]",
        "'=' must follow a wild tile (J or a tile marked '*') at position 4 in '[EE =E]'",
        4,
    ),
    (
        "[EEE=E]",
        "'=' must follow a wild tile (J or a tile marked '*') at position 4 in '[EEE=E]'",
        4,
    ),
    (
        "[EEJ=f1]",
        "'=' must be followed by the suit or honour tile the wild stands for at position 4 in '[EEJ=f1]'",
        4,
    ),
    (
        "[EEJ=]",
        "'=' must be followed by the suit or honour tile the wild stands for at position 4 in '[EEJ=]'",
        4,
    ),
    (
        "[JJJJJJJJJ=E]",
        "'[JJJJJJJJJ=E]' is not a chow, pung or kong at position 0 in '[JJJJJJJJJ=E]'",
        0,
    ),
]


@pytest.mark.parametrize(("text", "message", "position"), BAD_MELDS)
def test_parse_meld_errors(text: str, message: str, position: int) -> None:
    e = raises_notation(parse_meld, text)
    assert str(e) == message
    assert e.position == position
    assert e.text == text


@pytest.mark.parametrize(("arg", "message"), [(5, "int"), (None, "NoneType"), (["[EEE]"], "list")])
def test_parse_meld_rejects_non_strings(arg: object, message: str) -> None:
    e = raises_notation(parse_meld, arg)
    assert str(e) == f"meld notation must be a string, not {message}"
    assert e.position is None and e.text == ""


@pytest.mark.parametrize("text", ["", "   "])
def test_parse_meld_rejects_empty(text: str) -> None:
    e = raises_notation(parse_meld, text)
    assert e.reason == "empty meld notation"
    assert e.position is None


def test_parse_meld_tile_set() -> None:
    assert parse_meld("[PPJ]", tile_set=TILES_136_JOKERS).wilds == ((JOKER, WHITE),)
    e = raises_notation(parse_meld, "[PPJ]", tile_set=TILES_136)
    assert str(e) == "J is not in the tile set at position 3 in '[PPJ]' (the 136 set has no J)"
    e = raises_notation(parse_meld, " [EEE]", tile_set=TILES_84)
    assert str(e) == "E is not in the tile set at position 2 in ' [EEE]' (the 84 set has no E)"
    assert parse_meld("[555p]", tile_set=TILES_84).tiles == (13, 13, 13)


# ---------------------------------------------------------------------------------------
# Building melds


def test_meld_helpers() -> None:
    assert chow(0) == parse_meld("[123m]")
    assert pung(EAST) == parse_meld("[EEE]")
    assert kong(RED, exposed=False) == parse_meld("{CCCC}")
    assert pung(RED, claimed_from=2) == parse_meld("[CCC>2]")
    assert chow(T("7s")).tiles == (24, 25, 26)


@pytest.mark.parametrize(
    ("kind", "tiles", "message"),
    [
        (CHOW, (0, 1, 3), "tiles 124m do not make a chow"),
        (CHOW, (2, 1, 0), "tiles 321m do not make a chow"),
        (CHOW, (7, 8, 9), "tiles 89m 1p do not make a chow"),
        (CHOW, (27, 28, 29), "tiles E S W do not make a chow"),
        (CHOW, (0, 1), "tiles 12m do not make a chow"),
        (PUNG, (27, 27, 28), "tiles EE S do not make a pung"),
        (PUNG, (27, 27, 27, 27), "tiles EEEE do not make a pung"),
        (PUNG, (34, 34, 34), "tiles f1 f1 f1 do not make a pung"),
        (PUNG, (JOKER,) * 3, "tiles J J J do not make a pung"),
        (KONG, (27, 27, 27), "tiles EEE do not make a kong"),
        (KONG, (0, 0, 0, 1), "tiles 1112m do not make a kong"),
        ("flush", (0, 0, 0), "unknown meld kind 'flush'"),
        (PUNG, (-1, -1, -1), "not tiles"),
        (PUNG, ("E", "E", "E"), "not tiles"),
    ],
)
def test_meld_rejects_wrong_tiles(kind: str, tiles: tuple, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Meld(kind, tiles)  # type: ignore[arg-type]


def test_meld_tiles_as_list_become_a_tuple() -> None:
    m = Meld(PUNG, [RED, RED, RED])  # type: ignore[arg-type]
    assert m.tiles == (RED, RED, RED)
    assert hash(m) == hash(pung(RED))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"wilds": ((JOKER, NORTH),)}, "a wild stands for N, which the pung CCC does not hold"),
        ({"wilds": ((JOKER, RED),) * 4}, "a wild stands for C, which the pung CCC does not hold"),
        ({"wilds": ((JOKER,),)}, "a wild must be a"),
        ({"wilds": ((99, RED),)}, "a wild must be a"),
        ({"claimed_from": 0}, "claimed_from must be a seat offset 1, 2 or 3, not 0"),
        ({"claimed_from": 4}, "claimed_from must be a seat offset 1, 2 or 3, not 4"),
        ({"claimed_from": True}, "claimed_from must be a seat offset 1, 2 or 3, not True"),
        ({"exposed": False, "claimed_from": 1}, "a concealed set cannot be claimed from a seat"),
        ({"added": True}, "only an exposed kong can be made by adding a tile"),
    ],
)
def test_meld_rejects_inconsistent_fields(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        pung(RED, **kwargs)


def test_meld_fields_that_are_allowed() -> None:
    assert kong(RED, added=True).added
    with pytest.raises(ValueError, match="only an exposed kong"):
        kong(RED, exposed=False, added=True)
    # concealed sets formed in a hand may hold wilds only
    m = Meld(CHOW, (0, 1, 2), exposed=False, wilds=((JOKER, 0), (JOKER, 1), (JOKER, 2)))
    assert m.physical_tiles() == [JOKER] * 3
    # wilds are kept sorted so that equal melds compare equal
    a = pung(RED, wilds=((RED, RED), (JOKER, RED)))
    b = pung(RED, wilds=((JOKER, RED), (RED, RED)))
    assert a == b and a.wilds == ((RED, RED), (JOKER, RED))
    assert pung(RED, wilds=[[JOKER, RED]]).wilds == ((JOKER, RED),)


def test_format_meld() -> None:
    assert format_meld(chow(0)) == "[123m]"
    assert format_meld(kong(EAST, exposed=False)) == "{EEEE}"
    # a wild that the other tiles leave ambiguous is written with what it stands for
    assert format_meld(chow(0, wilds=((JOKER, 0),))) == "[23mJ*=1m]"
    assert format_meld(chow(1, wilds=((JOKER, 3),))) == "[23mJ*]"
    assert format_meld(chow(0, wilds=((JOKER, 0), (JOKER, 1)))) == "[3mJ*=1mJ*=2m]"
    assert format_meld(pung(EAST, wilds=((JOKER, EAST),) * 3)) == "[J*=EJ*=EJ*=E]"
    assert format_meld(pung(EAST, claimed_from=3), style="gb") == "PENG F1 3"
    assert format_meld(chow(T("2p")), style="gb") == "CHI B3 1"
    assert format_meld(kong(T("9s"), exposed=False), style="gb") == "GANG T9 0"


# ---------------------------------------------------------------------------------------
# Whole hands


def test_parse_hand_melds_concealed_and_win() -> None:
    h = parse_hand("[EEE] {CCCC} 123m 456p 99s +9s")
    assert h.melds == (pung(EAST), kong(RED, exposed=False))
    assert h.concealed == tuple(parse_tiles("123m 456p 99s"))  # 9s already there
    assert h.win_tile == T("9s")
    assert h.wild_marks == ()
    assert str(h) == "[EEE] {CCCC} 123m 456p 99s +9s"


def test_parse_hand_win_tile_added_or_named() -> None:
    named = parse_hand("123m 456p 789s EE CC +C")
    assert len(named.concealed) == 13 and named.concealed.count(RED) == 2
    added = parse_hand("123m 456p 789s EE C +P")
    assert len(added.concealed) == 13 and added.concealed.count(WHITE) == 1
    assert added.concealed[-1] == WHITE and added.win_tile == WHITE
    assert parse_hand("+E E") == parse_hand("E +E")
    assert parse_hand("123m+E").concealed == (0, 1, 2, EAST)
    assert parse_hand("[EEE>2]+S").melds[0].claimed_from == 2
    assert parse_hand("123m").win_tile is None


def test_parse_hand_empty() -> None:
    assert parse_hand("") == Hand(())
    assert parse_hand(" \t") == Hand(())
    assert str(Hand(())) == ""


def test_parse_hand_wild_marks() -> None:
    h = parse_hand("123m 2s* 5p* +5p")
    assert h.concealed == (0, 1, 2, T("2s"), T("5p"))
    assert h.wild_marks == (T("2s"), T("5p"))
    assert h.win_tile == T("5p")
    assert str(h) == "123m 2s* 5p* +5p"
    # a wild winning tile not yet among the concealed tiles is added with its mark
    h = parse_hand("123m +E*")
    assert h.concealed == (0, 1, 2, EAST) and h.wild_marks == (EAST,)
    assert str(h) == "123m E* +E"
    assert parse_hand(str(h)) == h


def test_parse_hand_wild_winning_tile_already_held() -> None:
    # "+5p*": the winning 5p is a wild; an unmarked 5p held becomes the marked one
    h = parse_hand("123m 5p +5p*")
    assert h.concealed == (0, 1, 2, T("5p")) and h.wild_marks == (T("5p"),)
    # ... but a 5p already marked is that winning wild: no second mark on one tile
    h = parse_hand("123m 5p* +5p*")
    assert h.concealed == (0, 1, 2, T("5p")) and h.wild_marks == (T("5p"),)
    assert str(h) == "123m 5p* +5p"
    assert parse_hand(str(h)) == h
    h = parse_hand("123m 5p* 5p +5p")
    assert h.wild_marks == (T("5p"),)
    assert parse_hand(str(h)).wild_marks == (T("5p"),)


def test_parse_hand_meld_wilds_and_concealed_wilds() -> None:
    h = parse_hand("[PPJ] {NNJJ} 1m* 23m J")
    assert h.melds[0].wilds == ((JOKER, WHITE),)
    assert h.melds[1].wilds == ((JOKER, NORTH), (JOKER, NORTH))
    assert h.concealed == (0, 1, 2, JOKER)
    assert h.wild_marks == (0,)


BAD_HANDS = [
    ("123m +1m +2m", "a second winning tile at position 9 in '123m +1m +2m'", 9),
    ("+1m +1m", "a second winning tile at position 4 in '+1m +1m'", 4),
    ("123m] 4p", "unmatched ']' at position 4 in '123m] 4p'", 4),
    ("[EEE]] 4p", "unmatched ']' at position 5 in '[EEE]] 4p'", 5),
    ("123m } 4p", "unmatched '}' at position 5 in '123m } 4p'", 5),
    ("123m +", "'+' must be followed by exactly one tile at position 5 in '123m +'", 5),
    ("+12m", "'+' must be followed by exactly one tile at position 0 in '+12m'", 0),
    ("+[EEE]", "'+' must be followed by exactly one tile at position 0 in '+[EEE]'", 0),
    ("1111m [1111m]", "5 copies of 1m at position 7 in '1111m [1111m]' (the tile set holds 4)", 7),
    ("[1111m] 1111m", "5 copies of 1m at position 8 in '[1111m] 1111m' (the tile set holds 4)", 8),
    ("[111m] 1m 1m", "5 copies of 1m at position 10 in '[111m] 1m 1m' (the tile set holds 4)", 10),
    ("11m [111m]", "5 copies of 1m at position 7 in '11m [111m]' (the tile set holds 4)", 7),
    (
        "[1111m] 2m +1m*",
        "5 copies of 1m at position 12 in '[1111m] 2m +1m*' (the tile set holds 4)",
        12,
    ),
    (
        "[EEE] [EEE>2] EE",
        "5 copies of E at position 8 in '[EEE] [EEE>2] EE' (the tile set holds 4)",
        8,
    ),
    ("f1 [123m] f1", "2 copies of f1 at position 10 in 'f1 [123m] f1' (the tile set holds 1)", 10),
    (
        "[PPJ] " + "J" * 8,
        "9 copies of J at position 13 in '[PPJ] JJJJJJJJ' (the tile set holds 8)",
        13,
    ),
    (
        "[J*=PJJ] JJJJJJ",
        "9 copies of J at position 14 in '[J*=PJJ] JJJJJJ' (the tile set holds 8)",
        14,
    ),
    ("123m [EE] 4p", "'[EE]' is not a chow, pung or kong at position 5 in '123m [EE] 4p'", 5),
    ("[EEE] [12m", "unclosed '[' at position 6 in '[EEE] [12m'", 6),
    (
        "[EEE] 1x",
        "unexpected character 'x' at position 7 in '[EEE] 1x' (numbers must end with a suit letter m, p or s)",
        7,
    ),
    ("12m 3 [EEE]", "numbers without a suit letter at position 4 in '12m 3 [EEE]'", 4),
    ("1m +2", "numbers without a suit letter at position 4 in '1m +2'", 4),
    ("1m ** E", "wild mark '*' does not follow a tile at position 3 in '1m ** E'", 3),
    ("1m E*E**", "double wild mark at position 7 in '1m E*E**'", 7),
    (
        "[EEE>4] 1m",
        "claimed-from seat offset must be 1, 2 or 3, not '4' at position 5 in '[EEE>4] 1m'",
        5,
    ),
]


@pytest.mark.parametrize(("text", "message", "position"), BAD_HANDS)
def test_parse_hand_errors(text: str, message: str, position: int) -> None:
    e = raises_notation(parse_hand, text)
    assert str(e) == message
    assert e.position == position
    assert e.text == text


def test_parse_hand_tile_set() -> None:
    e = raises_notation(parse_hand, "5p [PPJ]", tile_set=TILES_136)
    assert str(e) == "J is not in the tile set at position 6 in '5p [PPJ]' (the 136 set has no J)"
    e = raises_notation(parse_hand, "[EEE] 5p", tile_set=TILES_84)
    assert str(e) == "E is not in the tile set at position 1 in '[EEE] 5p' (the 84 set has no E)"
    e = raises_notation(parse_hand, "1m 1m [1111m]", tile_set=TILES_136)
    assert str(e) == "5 copies of 1m at position 9 in '1m 1m [1111m]' (the tile set holds 4)"
    e = raises_notation(parse_hand, "5p +f1", tile_set=TILES_136)
    assert str(e) == "f1 is not in the tile set at position 4 in '5p +f1' (the 136 set has no f1)"
    assert parse_hand("[555p] 5p", tile_set=TILES_84).concealed == (13,)


def test_parse_hand_rejects_non_strings() -> None:
    e = raises_notation(parse_hand, ["123m"])
    assert str(e) == "hand notation must be a string, not list"
    assert e.position is None


def test_hand_rejects_inconsistent_fields() -> None:
    with pytest.raises(ValueError, match="wild mark on E"):
        Hand((0, 1, 2), wild_marks=(EAST,))
    with pytest.raises(ValueError, match="wild mark on 1m"):
        Hand((0,), wild_marks=(0, 0))
    with pytest.raises(ValueError, match="the winning tile must be among the concealed tiles"):
        Hand((0, 1, 2), win_tile=EAST)
    assert str(Hand((0, 1, 2, 2), wild_marks=(2,), win_tile=2)) == "123m 3m* +3m"

"""Unit tests of the hand-shape engine :mod:`parlour.mahjong.shapes`, checked by hand.

Tiles: 0-8 = 1m-9m, 9-17 = 1p-9p, 18-26 = 1s-9s, 27-30 = E S W N, 31-33 = C F P
(red, green, white), 42 = joker.
"""

from __future__ import annotations

import pytest

from parlour.core.errors import InvalidHand, NotationError
from parlour.mahjong.melds import chow, kong, pung
from parlour.mahjong.shapes import (
    ALL_KINDS,
    AnyShapeWithWilds,
    Decomposition,
    WildRules,
    decompositions,
    is_complete,
    is_complete_counts,
    knitted_tiles,
    prepare,
    shanten,
    shanten_of,
    waits,
)
from parlour.mahjong.tiles import JOKER, format_tiles, parse_tiles

E, S, W, N, C, F, P = range(27, 34)


def m(rank: int) -> int:
    return rank - 1


def p(rank: int) -> int:
    return 8 + rank


def s(rank: int) -> int:
    return 17 + rank


def texts(hand: str, **kw: object) -> list[str]:
    return [str(d) for d in decompositions(hand, **kw)]  # type: ignore[arg-type]


def counts(text: str) -> list[int]:
    c = [0] * 34
    for t in parse_tiles(text):
        c[t] += 1
    return c


# ---------------------------------------------------------------------------------------
# knitted_tiles, WildRules


def test_knitted_tiles_all_six_patterns() -> None:
    got = [format_tiles(knitted_tiles(i)) for i in range(6)]
    assert got == [
        "147m 258p 369s",
        "147m 369p 258s",
        "258m 147p 369s",
        "258m 369p 147s",
        "369m 147p 258s",
        "369m 258p 147s",
    ]
    with pytest.raises(IndexError):
        knitted_tiles(6)


def test_wild_rules_defaults_and_unrestricted() -> None:
    r = WildRules()
    assert (r.in_chow, r.in_pung, r.in_pair, r.max_in_set, r.max_in_pair) == (
        True,
        True,
        True,
        3,
        2,
    )
    assert r.all_wild_sets and r.face_value and r.max_copies == 4
    assert r.is_unrestricted()
    assert WildRules(wild_tile=p(5)).is_unrestricted()
    assert not WildRules(wild_tile=p(5), face_value=False).is_unrestricted()
    assert WildRules(face_value=False).is_unrestricted()  # no wild kind: nothing to ban
    for kw in (
        {"in_chow": False},
        {"in_pung": False},
        {"in_pair": False},
        {"max_in_set": 2},
        {"max_in_pair": 1},
        {"all_wild_sets": False},
        {"max_copies": 3},
    ):
        assert not WildRules(**kw).is_unrestricted(), kw  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kw", "message"),
    [
        ({"max_in_set": 4}, "WildRules.max_in_set must be an integer from 0 to 3, not 4"),
        ({"max_in_pair": -1}, "WildRules.max_in_pair must be an integer from 0 to 2, not -1"),
        ({"max_copies": 1}, "WildRules.max_copies must be an integer from 2 to 4, not 1"),
        ({"max_copies": 5}, "WildRules.max_copies must be an integer from 2 to 4, not 5"),
        (
            {"extra_in_one_group": 1.5},
            "WildRules.extra_in_one_group must be an integer from 0 to 3, not 1.5",
        ),
        ({"wild_tile": JOKER}, "WildRules: 42 is not a playing tile (0-33)"),
        ({"substitutes": ((P, 40),)}, "WildRules: 40 is not a playing tile (0-33)"),
        (
            {"substitutes": ((P,),)},
            "WildRules.substitutes holds (tile, stands for) pairs, not (33,)",
        ),
    ],
)
def test_wild_rules_reject_nonsense(kw: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError) as e:
        WildRules(**kw)  # type: ignore[arg-type]
    assert str(e.value) == message


# ---------------------------------------------------------------------------------------
# prepare


def test_prepare_counts_wilds_melds_and_size() -> None:
    h = prepare("123m 456p 78*s J EE", melds=["[CCC]"])
    assert h.counts == tuple(counts("123m 456p 7s EE"))
    assert sorted(h.wild_tiles) == [s(8), JOKER]
    assert [str(x) for x in h.melds] == ["[CCC]"]
    assert h.size == 14 and h.wilds == 2 and h.sets_needed == 3
    assert h.meld_counts[C] == 3 and sum(h.meld_counts) == 3


def test_prepare_wild_tile_substitutes_and_wilds_count() -> None:
    rules = WildRules(wild_tile=p(5), substitutes=((P, p(5)),))
    h = prepare("5p 5p PP 123m 456s 789s", wilds=1, constraints=rules)
    assert h.counts[p(5)] == 2 and h.counts[P] == 0
    assert sorted(h.wild_tiles) == [p(5), p(5), JOKER]
    assert h.size == 14 and h.rules is rules


def test_prepare_kongs_count_three_and_17_tile_hands_need_five_sets() -> None:
    h = prepare("11m", melds=["{EEEE}", "[SSSS]", "[123p]", "[456p]", "[789p]"])
    assert h.size == 17 and h.sets_needed == 0
    assert h.meld_counts[E] == 4
    assert prepare("123m 456p 789s 123s EE CC").sets_needed == 5


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (
            lambda: shanten("12x"),
            NotationError,
            "unexpected character 'x' at position 2 in '12x' "
            "(numbers must end with a suit letter m, p or s)",
        ),
        (
            lambda: is_complete("123m 4"),
            NotationError,
            "numbers without a suit letter at position 5 in '123m 4'",
        ),
        (
            lambda: shanten("11111m 234p 567p 789s"),
            NotationError,
            "5 copies of 1m at position 4 in '11111m 234p 567p 789s' (the tile set holds 4)",
        ),
        (
            lambda: shanten("123m 456p 789s EE C", melds=["[124m]"]),
            NotationError,
            "'[124m]' is not a chow, pung or kong at position 0 in '[124m]'",
        ),
        (
            lambda: is_complete("11m 234p 567p 789s", melds=["[1111m]"]),
            InvalidHand,
            "6 copies of 1m in one hand; a set has 4",
        ),
        (
            lambda: is_complete([0, 0, 0, 0, 0, 9, 10, 11, 12, 13, 14, 15, 16, 17]),
            InvalidHand,
            "5 copies of 1m in one hand; a set has 4",
        ),
        (
            lambda: shanten("123m f1 456p 789s EE C"),
            InvalidHand,
            "bonus tile f1 cannot be part of a hand's shape",
        ),
        (
            lambda: shanten("123m 456p 789s EE"),
            InvalidHand,
            "a hand of 11 tiles (counting each meld as three) cannot be analysed here; "
            "expected 13, 14, 16 or 17",
        ),
        (
            lambda: is_complete("123m 456p 789s EE C"),
            InvalidHand,
            "a hand of 12 tiles (counting each meld as three) cannot be analysed here; "
            "expected 14 or 17",
        ),
        (
            lambda: decompositions("123m 456p 789s EE C"),
            InvalidHand,
            "a hand of 12 tiles (counting each meld as three) cannot be analysed here; "
            "expected 14 or 17",
        ),
        (
            lambda: waits("123m 456p 789s EE CC 1s"),
            InvalidHand,
            "a hand of 14 tiles (counting each meld as three) cannot be analysed here; "
            "expected 13 or 16",
        ),
        (
            lambda: shanten("1m", melds=["[EEE]", "[SSS]", "[WWW]", "[NNN]", "[CCC]", "[FFF]"]),
            InvalidHand,
            "6 melds are more than a hand holds (five at most)",
        ),
        (lambda: shanten([0, 1, 2, 99]), InvalidHand, "not a tile: 99"),
        (
            lambda: shanten("123m 456p 789s EE C", wilds=-1),
            InvalidHand,
            "wilds must be a non-negative integer, not -1",
        ),
        (
            lambda: shanten("123m 456p 789s EE CC", kinds=["pairs"]),
            ValueError,
            "unknown shape kind 'pairs'; expected one of regular, seven_pairs, "
            "thirteen_orphans, knitted_straight, honors_knitted",
        ),
        (
            lambda: waits("123m 456p 789s EE CC", visible="CCC"),
            InvalidHand,
            "5 copies of C in the hand and the visible tiles; a set has 4",
        ),
        (
            lambda: waits("123m 456p 789s EE CC", visible=[99]),
            InvalidHand,
            "not a tile: 99",
        ),
        (
            lambda: shanten(
                "1m 456p 789s EE C", melds=["[2222m]"], constraints=WildRules(max_copies=3)
            ),
            InvalidHand,
            "the melds hold 4 copies of 2m; the rules allow 3",
        ),
        (
            lambda: is_complete("123m 456p 11s", melds=["[PPJ*]", "[PPJ*]"]),
            InvalidHand,
            "the melds hold 6 copies of P; the rules allow 4",
        ),
    ],
)
def test_bad_input_raises_the_exact_error(call, error: type[Exception], message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(error) as e:
        call()
    assert type(e.value) is error
    assert str(e.value) == message


# ---------------------------------------------------------------------------------------
# is_complete and decompositions: regular shape


def test_simple_complete_hand_and_its_one_reading() -> None:
    assert is_complete("123m 456p 789s EEE CC")
    assert texts("123m 456p 789s EEE CC") == ["{123m} {456p} {789s} {EEE} CC"]
    assert not is_complete("123m 456p 789s EEE CF")
    assert texts("123m 456p 789s EEE CF") == []


def test_tile_ints_and_notation_agree() -> None:
    hand = parse_tiles("123m 456p 789s EEE CC")
    assert is_complete(hand)
    (d,) = decompositions(hand)
    assert d.shape == "regular" and d.pair == C and d.wilds == ()
    assert [(x.kind, x.tiles, x.exposed) for x in d.melds] == [
        ("chow", (0, 1, 2), False),
        ("chow", (12, 13, 14), False),
        ("chow", (24, 25, 26), False),
        ("pung", (E, E, E), False),
    ]
    assert d.sets == d.melds


def test_every_reading_of_a_pure_hand() -> None:
    # 111 222 333 444 55m: pungs, three chows and a pung, two ways with 234m
    assert sorted(texts("11122233344455m")) == sorted(
        [
            "{111m} {222m} {333m} {444m} 55m",
            "{123m} {123m} {123m} {444m} 55m",
            "{111m} {234m} {234m} {234m} 55m",
            "{111m} {234m} {345m} {345m} 22m",
        ]
    )


def test_nine_gates_waits_on_every_tile_of_its_suit() -> None:
    assert waits("1112345678999m") == {t: (1 if t in (0, 8) else 3) for t in range(9)}
    assert shanten("1112345678999m") == 0
    for t in range(9):
        assert is_complete([*parse_tiles("1112345678999m"), t])


def test_seventeen_tile_hands() -> None:
    assert is_complete("123m 456p 789s 111s EEE CC")
    assert texts("123m 456p 789s 111s EEE CC") == ["{123m} {456p} {111s} {789s} {EEE} CC"]
    assert shanten("123m 456p 789s 111s EEE C") == 0
    assert waits("123m 456p 789s 111s EEE C") == {C: 3}
    assert shanten("123m 456p 789s 111s EE CF") == 1
    # seven pairs and the other special shapes belong to 14-tile hands only
    assert not is_complete("11m 22m 33m 44p 55p 66p 77s 88s E")  # 17 tiles: no shape


def test_fixed_melds_exposed_chow_pung_kong_and_concealed_kong() -> None:
    melds = ["[456p]", "{EEEE}", "[789s>1]"]
    assert is_complete("123m 55p", melds=melds)
    assert texts("123m 55p", melds=melds) == ["[456p] {EEEE} [789s>1] {123m} 55p"]
    (d,) = decompositions("123m 55p", melds=melds)
    assert [x.exposed for x in d.melds] == [True, False, True, False]
    assert d.melds[1].kind == "kong" and d.melds[2].claimed_from == 1
    # Meld objects work as well as notation; melds written in the hand text too
    assert is_complete("123m 55p", melds=[chow(p(4)), kong(E, exposed=False), chow(s(7))])
    assert is_complete("[456p] {EEEE} [789s>1] 123m 55p")
    assert is_complete("[CCC] [123s] 999m 11p", melds=[pung(F)])


def test_fixed_melds_cap_the_concealed_hand() -> None:
    # [1111m] is all four 1m: a concealed 23m waits on 4m only
    assert waits("23m 456p 789s EE", melds=["[1111m]"]) == {m(4): 4}
    assert shanten("23m 456p 789s EE", melds=["[1111m]"]) == 0
    # with a 1m left it waits on both sides
    assert waits("23m 456p 789s EE", melds=["[111m]"]) == {m(1): 1, m(4): 4}


def test_four_of_a_kind_in_hand_is_not_a_wait_on_a_fifth() -> None:
    hand = "1111m 234p 567p 789s"
    assert shanten(hand) == 1  # exact: no fifth 1m
    assert shanten(hand, model="loose") == 0  # the common formula counts on one
    assert waits(hand) == {}
    assert shanten("1111m 234p 567p 78s 9s", model="loose") == 0
    # a complete hand with a quad as pung + one of a chow
    assert is_complete("1111m 23m 456p 789s EE")


# ---------------------------------------------------------------------------------------
# Special shapes


def test_seven_pairs_and_four_of_a_kind_as_two_pairs() -> None:
    assert texts("1122m 3344p 5566s EE") == ["11m 22m 33p 44p 55s 66s EE"]
    assert is_complete("1111m 3344p 5566s EE")
    (d,) = decompositions("1111m 3344p 5566s EE")
    assert d.shape == "seven_pairs" and d.pairs == (0, 0, 11, 12, 22, 23, E)
    assert not is_complete("1111m 3344p 5566s EE", kinds=["regular"])
    assert shanten("1122m 3344p 5566s E") == 0
    assert waits("1122m 3344p 5566s E") == {E: 3}


def test_seven_pairs_with_a_quad_one_tile_from_regular_is_complete() -> None:
    # Regression: 1111 2222 33 44 55m is seven pairs (two quads as two pairs each) and
    # one tile from four sets and a pair; the fast path stopped at that regular need.
    hand = "11112222334455m"
    assert is_complete(hand)
    assert is_complete_counts(counts(hand))
    assert shanten(hand) == -1
    assert shanten(parse_tiles(hand)) == -1
    assert shanten_of(parse_tiles(hand)) == -1
    assert waits("1111222233445m") == {m(3): 2, m(4): 2, m(5): 3, m(6): 4}


def test_thirteen_orphans() -> None:
    hand = "19m 19p 19s ESWNCF PP"
    assert is_complete(hand)
    (d,) = decompositions(hand)
    assert d.shape == "thirteen_orphans" and d.pair == P and len(d.singles) == 13
    assert str(d) == "19m 19p 19s E S W N C F P PP"
    # thirteen-sided wait, and a single wait
    orphans = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
    assert waits("19m 19p 19s ESWNCFP") == dict.fromkeys(orphans, 3)
    assert waits("19m 19p 19s ESWNCFP", visible="1m 9s 9s") == {
        0: 2,
        8: 3,
        9: 3,
        17: 3,
        18: 3,
        26: 1,
        27: 3,
        28: 3,
        29: 3,
        30: 3,
        31: 3,
        32: 3,
        33: 3,
    }
    assert waits("19m 19p 19s ESWNCF 1m") == {P: 4}
    assert shanten("19m 19p 19s ESWNCF 2m") == 1


def test_knitted_straight_with_a_set_and_a_pair() -> None:
    assert is_complete("147m 258p 369s 456s 99m")
    (d,) = decompositions("147m 258p 369s 456s 99m")
    assert d.shape == "knitted_straight" and d.pair == m(9)
    assert d.singles == knitted_tiles(0)
    assert str(d) == "{456s} 147m 258p 369s 99m"
    assert waits("147m 258p 369s 456s 9m") == {m(9): 3}
    # with one exposed meld the straight, the meld and a pair make 14
    assert is_complete("147m 258p 369s 99m", melds=["[456s]"])
    assert texts("147m 258p 369s 99m", melds=["[456s]"]) == ["[456s] 147m 258p 369s 99m"]
    assert waits("147m 258p 36s 99m", melds=["[EEE]"]) == {s(9): 4}
    # not with two melds
    assert not is_complete("147m 258p 36s", melds=["[EEE]", "[SSS]"])


def test_lesser_and_greater_honors_and_knitted() -> None:
    five = "147m 258p 369s ESWNC"  # nine knitted, five honours
    six = "147m 258p 36s ESWNCF"  # eight knitted, six honours
    seven = "147m 25p 36s ESWNCFP"  # seven knitted, all seven honours (greater)
    for hand in (five, six, seven):
        assert is_complete(hand), hand
        (d,) = decompositions(hand)
        assert d.shape == "honors_knitted"
        assert sorted(d.singles) == sorted(parse_tiles(hand))
    assert texts(seven) == ["147m 25p 36s E S W N C F P"]
    assert waits("147m 258p 369s ESWN") == {C: 4, F: 4, P: 4}
    assert waits("147m 25p 36s ESWNCP") == {p(8): 4, s(9): 4, F: 4}
    assert not is_complete("147m 258p 369s ESWNN")  # a pair is not allowed
    assert not is_complete("147m 258p 359s ESWNC")  # 5s is not of the pattern


def test_kinds_restrict_the_shapes() -> None:
    assert is_complete("1122m 3344p 5566s EE", kinds=["seven_pairs"])
    assert not is_complete("1122m 3344p 5566s EE", kinds=["regular"])
    assert shanten("1122m 3344p 5566s E", kinds=["regular"]) == 3
    assert shanten("19m 19p 19s ESWNCF 1m", kinds=["regular", "seven_pairs"]) > 0
    assert set(ALL_KINDS) == {
        "regular",
        "seven_pairs",
        "thirteen_orphans",
        "knitted_straight",
        "honors_knitted",
    }


# ---------------------------------------------------------------------------------------
# shanten, shanten_of, is_complete_counts


def test_shanten_values() -> None:
    assert shanten("123m 456p 789s EE CC") == 0
    assert shanten("123m 456p 789s EEE CC") == -1
    assert shanten("123m 456p 789s EE C F") == 1
    assert shanten("159m 159p 159s EWCP") == 3  # thirteen orphans: 10 kinds, no pair
    assert shanten("147m 258p 369s EEE C", kinds=["knitted_straight"]) == 0
    assert shanten("13579m 2468p 135s E") == 4


def test_shanten_of_matches_shanten_and_is_complete_counts() -> None:
    for hand in (
        "123m 456p 789s EE CC",
        "19m 19p 19s ESWNCF 1m",
        "1122m 3344p 5566s E",
        "147m 258p 369s 456s 9m",
        "13579m 2468p 135s E",
    ):
        assert shanten_of(parse_tiles(hand)) == shanten(hand)
    for hand in ("123m 456p 789s EEE CC", "1122m 3344p 5566s EE", "19m 19p 19s ESWNCF 1m P"):
        assert is_complete_counts(counts(hand))
        assert shanten_of(parse_tiles(hand)) == -1
    assert not is_complete_counts(counts("123m 456p 789s EEE CF"))


@pytest.mark.parametrize("tile", range(34))
@pytest.mark.parametrize("copies", [5, 6, 9, 13, 14])
def test_fast_paths_refuse_more_than_four_of_a_kind(tile: int, copies: int) -> None:
    # The fast paths check copies by the packed key's digit sum: a fifth copy carries,
    # and even fourteen 9s carry only within their own suit's field.
    for size in (13, 14):
        if copies > size:
            continue
        filler = [t for t in range(34) if t != tile][: size - copies]
        hand = [tile] * copies + filler
        name = format_tiles([tile])
        message = f"{copies} copies of {name} in one hand; a set has 4"
        with pytest.raises(InvalidHand) as err:
            shanten(hand)
        assert str(err.value) == message
        with pytest.raises(ValueError, match=f"not {size} tiles with at most four of a kind"):
            shanten_of(hand)
        if size == 14:
            with pytest.raises(InvalidHand) as err:
                is_complete(hand)
            assert str(err.value) == message


# ---------------------------------------------------------------------------------------
# waits


def test_waits_count_unseen_copies() -> None:
    assert waits("123m 456p 789s EE CC") == {E: 2, C: 2}
    assert waits("123m 456p 789s EE CC", visible="C") == {E: 2, C: 1}
    assert waits("123m 456p 789s EE CC", visible="CC") == {E: 2, C: 0}
    assert waits("123m 456p 789s EE CC", visible=[E, E]) == {E: 0, C: 2}
    assert waits("123m 456p 789s 2355s") == {s(1): 4, s(4): 4}
    assert waits("123m 456p 789s 2355s", visible="[234s] 5s") == {s(1): 4, s(4): 3}


def test_waits_use_the_model_exact() -> None:
    # 1111m 234p 567p 789s holds every 1m: no wait on it (and none at all)
    assert waits("1111m 234p 567p 789s") == {}
    assert waits("1111m 234p 567p 78s 9s") == {}
    assert waits("111m 234p 567p 789s 9s") == {s(6): 4, s(9): 2}


# ---------------------------------------------------------------------------------------
# Wild tiles


# ---------------------------------------------------------------------------------------
# Wild tiles: jokers, a wild kind, substitutes, and what each wild stands for


def test_joker_tiles_and_the_wilds_argument_agree() -> None:
    for hand, kw in (("123m 456p 789s EEE C J", {}), ("123m 456p 789s EEE C", {"wilds": 1})):
        assert is_complete(hand, **kw)  # type: ignore[arg-type]
        (d,) = decompositions(hand, **kw)  # type: ignore[arg-type]
        assert d.wilds == ((JOKER, C),)  # the joker is the second C of the pair
        assert d.pair == C
        assert str(d) == "{123m} {456p} {789s} {EEE} CC (J*=C)"
    assert shanten("123m 456p 789s EE C", wilds=1) == 0
    assert shanten("123m 456p 789s EE", wilds=2) == 0
    assert shanten("123m 456p 789s EEE", wilds=2) == -1
    assert shanten("123m 456p 789s E", wilds=3) == 0  # 13 tiles: ready at best
    assert shanten("1m 4p 7s E", wilds=9) == 0  # wilds fill every gap
    assert shanten("147m 258p 369s ESW", wilds=1, kinds=["honors_knitted"]) == 0


def test_each_wild_is_reported_in_its_group() -> None:
    got = {str(d) for d in decompositions("123m 456p 78s EEE C JJ")}
    assert got == {
        "{123m} {456p} {678s} {EEE} CC (J*=6s, J*=C)",
        "{123m} {456p} {789s} {EEE} CC (J*=9s, J*=C)",
    }
    for d in decompositions("123m 456p 78s EEE C JJ"):
        chows = [x for x in d.melds if x.tiles[0] in (s(6), s(7))]
        assert len(chows) == 1 and len(chows[0].wilds) == 1
        physical, stands = chows[0].wilds[0]
        assert physical == JOKER and stands in (s(6), s(9))
        assert chows[0].physical_tiles() == sorted([s(7), s(8), JOKER])


def test_wild_in_a_pung_chow_or_pair_readings() -> None:
    assert sorted(texts("1m 456p 789s EEE CC JJ")) == sorted(
        [
            "{456p} {789s} {EEE} {CCC} 11m (J*=1m, J*=C)",
            "{111m} {456p} {789s} {EEE} CC (J*=1m, J*=1m)",
            "{123m} {456p} {789s} {EEE} CC (J*=2m, J*=3m)",
        ]
    )


def test_wild_kind_stands_for_anything_including_itself() -> None:
    gold = WildRules(wild_tile=p(5))
    (d,) = decompositions("123m 46p 789s EEE CC 5p", constraints=gold)
    assert d.wilds == ((p(5), p(5)),)
    (d,) = decompositions("123m 789p 789s EEE C 5p", constraints=gold)
    assert d.wilds == ((p(5), C),)
    # in notation a trailing * marks any tile as wild
    (d,) = decompositions("123m 46p 789s EEE CC 9s*")
    assert d.wilds == ((s(9), p(5)),)
    assert shanten("123m 46p 789s EEE C 5p", constraints=gold) == 0
    # the 5p held is wild: either it completes 456p and C waits, or it pairs the C
    # and a drawn 5p (another wild) completes 456p
    assert waits("123m 46p 789s EEE C 5p", constraints=gold) == {p(5): 3, C: 3}


def test_face_value_ban() -> None:
    banned = WildRules(wild_tile=p(5), face_value=False)
    assert not is_complete("123m 46p 789s EEE CC 5p", constraints=banned)
    assert is_complete("123m 789p 789s EEE C 5p", constraints=banned)  # 5p* = C
    # a joker is no copy of anything: it may stand for 5p
    assert is_complete("123m 46p 789s EEE CC J", constraints=banned)
    (d,) = decompositions("123m 46p 789s EEE C J 5p", constraints=banned)
    assert d.wilds == ((p(5), C), (JOKER, p(5)))


def test_face_value_ban_leaves_jokers_free_to_play_the_wild_kind() -> None:
    # Regression: a wild could not stand for the banned kind at all once a non-joker wild
    # was in the hand, although a joker may. Pair F-F made of two jokers, and the two F*
    # in the chow 345p.
    rules = WildRules(wild_tile=F, face_value=False)
    readings = list(decompositions("5888p 333s CCC FF JJ", constraints=rules))
    assert all((F, F) not in d.wilds for d in readings)  # F* never plays F
    assert any(
        d.pair == F and sorted(d.wilds) == sorted([(F, p(3)), (F, p(4)), (JOKER, F), (JOKER, F)])
        for d in readings
    )


def test_physical_wilds_are_matched_not_assigned_greedily() -> None:
    # Regression: 1s* and 3s* standing for 2s and 3s with face value banned: 3s* must
    # play 2s and 1s* play 3s; a greedy pairing gave up.
    rules = WildRules(face_value=False)
    readings = list(decompositions("123m 456p 789s EE 4s 1s* 3s*", constraints=rules))
    assert any(sorted(d.wilds) == [(s(1), s(3)), (s(3), s(2))] for d in readings)
    assert all((s(1), s(1)) not in d.wilds and (s(3), s(3)) not in d.wilds for d in readings)


def test_substitutes_play_the_gold_kind_and_are_not_wild() -> None:
    # The gold is 5p: every 5p is wild, and the White Dragons stand for 5p.
    rules = WildRules(wild_tile=p(5), substitutes=((P, p(5)),))
    (d,) = decompositions("123m 46p P 789s EEE CC", constraints=rules)
    assert d.wilds == () and str(d) == "{123m} {456p} {789s} {EEE} CC"
    (d,) = decompositions("123m 46p P 789s EEE C 5p", constraints=rules)
    assert d.wilds == ((p(5), C),)
    # a White completes the chow as a natural 5p; a drawn 5p is a wild
    assert waits("123m 46p 789s EEE CC", constraints=rules) == {p(5): 4, P: 4}
    assert shanten("123m 46p 789s EEE CC", constraints=rules) == 0


def test_substitutes_add_copies_beyond_four_of_the_kind_they_play() -> None:
    """The Whites play 5p, so 5p may be used more than four times: the indicator drawn
    back (an ordinary 5p) beside four Whites is a pung and a pair of 5p; a White kong
    beside it too. The tables hold four of a kind at most: such hands take the exact
    search, whatever the entry point."""
    marked = WildRules(substitutes=((P, p(5)),))  # the Golds marked '*', the indicator not
    hand = "123m 456m 789m 123s PPPP 5p"
    assert is_complete(hand, constraints=marked, kinds=["regular"])
    assert [str(d) for d in decompositions(hand, constraints=marked)] == [
        "{123m} {456m} {789m} {555p} {123s} 55p"
    ]
    assert shanten(hand, constraints=marked) == -1
    assert shanten("123m 456m 789m 12s PPPP 5p", constraints=marked) == 0
    assert waits("123m 456m 789m 123s PPPP", constraints=marked) == {p(5): 4}
    # with a Gold standing for a sixth 5p, and beside a kong of Whites (5p)
    assert is_complete("123m 456m 789m PPPP 5p 5p* 99s", constraints=marked)
    assert is_complete("123m 456m 789m 5p 5p* 999s", ["{PPPP}"], constraints=marked)
    assert not is_complete("123m 456m 789m PPPP 5p 7s 8s 9p", constraints=marked)
    assert is_complete("123m 456m 789m 123s PPPP 5p*", constraints=marked)
    # two pungs of the kind (the Whites and two Golds): past what the capped need counts
    east = WildRules(substitutes=((P, E),))
    assert is_complete("123m 456m 789m PPPP E* E* 99s", constraints=east)
    assert not is_complete("123m 456m 789m PPPP E* E* 1s 9s", constraints=east)
    assert not is_complete("123m 456m 789m PPPP E* 7p 8s 9s", constraints=east)
    # other kinds keep their four: a Gold may not stand for a fifth C
    assert not is_complete("123m 456m 789m CCCC 5p* 999s", constraints=marked)


def test_in_chow() -> None:
    no_chow = WildRules(in_chow=False)
    assert not is_complete("12m 456p 789s EEE CC J", constraints=no_chow)  # J = 3m
    assert is_complete("11m 456p 789s EEE CC J", constraints=no_chow)  # J = 1m, a pung
    assert is_complete("12m 456p 789s EEE CC J")


def test_in_pung() -> None:
    no_pung = WildRules(in_pung=False)
    assert not is_complete("11m 456p 789s EEE CC J", constraints=no_pung)
    assert is_complete("12m 456p 789s EEE CC J", constraints=no_pung)


def test_in_pair() -> None:
    no_pair = WildRules(in_pair=False)
    assert not is_complete("123m 456p 789s EEE C J", constraints=no_pair)
    assert is_complete("12m 456p 789s EEE CC J", constraints=no_pair)


def test_max_in_set_and_max_in_pair() -> None:
    hand = "1m 456p 789s EEE CC JJ"  # [1m J J] + CC, or [1m J] pair + [CC J]
    assert is_complete(hand, constraints=WildRules(max_in_set=1))
    assert not is_complete(hand, constraints=WildRules(max_in_set=1, max_in_pair=0))
    assert is_complete(hand, constraints=WildRules(max_in_set=2, max_in_pair=0))
    hand = "123m 456p 789s CCC JJ"  # with no wild in a set: the pair J J
    assert not is_complete(hand, constraints=WildRules(max_in_set=0, max_in_pair=1))
    assert is_complete(hand, constraints=WildRules(max_in_set=0, max_in_pair=2))
    assert is_complete(hand, constraints=WildRules(max_in_set=1, max_in_pair=1))  # CJ + CCJ


def test_all_wild_sets() -> None:
    hand = "123m 456p 789s EE JJJ"
    # the three wilds all in one set: with no natural tile, or with one (12m J, 3m J J)
    one_group = WildRules(in_pair=False, max_in_set=0, extra_in_one_group=3)
    readings = list(decompositions(hand, constraints=one_group))
    # any set of three wilds (21 chows, 34 pungs) but a fifth E
    assert len(readings) == 21 + 33
    for d in readings:
        assert d.pair == E and len(d.wilds) == 3
        assert [len(x.wilds) for x in d.melds].count(3) == 1
    no_all_wild = WildRules(in_pair=False, max_in_set=0, extra_in_one_group=3, all_wild_sets=False)
    assert not is_complete(hand, constraints=no_all_wild)
    assert is_complete(hand, constraints=WildRules(all_wild_sets=False))  # [12m J] [3m J J]


def test_max_copies_counts_fixed_melds_and_wilds() -> None:
    got = {d.wilds for d in decompositions("23m 456p 789s EE J", melds=["[111m]"])}
    assert got == {((JOKER, m(1)),), ((JOKER, m(4)),)}
    three = WildRules(max_copies=3)
    got = {
        d.wilds for d in decompositions("23m 456p 789s EE J", melds=["[111m]"], constraints=three)
    }
    assert got == {((JOKER, m(4)),)}
    # four natural 1m under a rule of three copies: never complete, one to set aside
    assert not is_complete("1111m 23m 456p 789s EE", constraints=three)
    assert is_complete("1111m 23m 456p 789s EE")
    assert shanten("1111m 23m 456p 789s EE", constraints=three) == 0  # 1m out, 4m in


def test_extra_wild_in_one_group() -> None:
    hand = "1m 456p 789s EEE CC JJ"
    strict = WildRules(max_in_set=0, max_in_pair=0)
    assert not is_complete(hand, constraints=strict)
    one = WildRules(max_in_set=0, max_in_pair=0, extra_in_one_group=1)
    assert not is_complete(hand, constraints=one)  # needs two groups with a wild each
    two = WildRules(max_in_set=0, max_in_pair=0, extra_in_one_group=2)
    # the one group is the set of 1m: [1m J J] as a pung or as a chow
    assert sorted(texts(hand, constraints=two)) == [
        "{111m} {456p} {789s} {EEE} CC (J*=1m, J*=1m)",
        "{123m} {456p} {789s} {EEE} CC (J*=2m, J*=3m)",
    ]


def test_extra_wild_goes_to_one_group_only() -> None:
    # Regression: the allowance was a shared budget, so two groups could each go over.
    hand = "12m 45p 789s EEE CC JJ"  # the two chows need a wild each
    assert is_complete(hand, constraints=WildRules(max_in_set=1))
    assert not is_complete(hand, constraints=WildRules(max_in_set=0, extra_in_one_group=2))


def test_any_shape_with_wilds() -> None:
    rules = WildRules(wild_tile=p(5))
    three = AnyShapeWithWilds(3, "three_golds")
    hand = "555p 147m 148s 369p ESWN C"
    assert not is_complete(hand, constraints=rules)
    assert is_complete(hand, constraints=rules, special=[three])
    got = list(decompositions(hand, constraints=rules, special=[three]))
    assert len(got) == 1 and isinstance(got[0], Decomposition)
    assert got[0].shape == "three_golds"
    assert got[0].wilds == ((p(5), p(5)),) * 3
    assert len(got[0].singles) == 14  # a 17-tile hand less the three golds
    assert not is_complete("55p 147m 148s 369p ESWN CF", constraints=rules, special=[three])
    assert three.name == "three_golds" and AnyShapeWithWilds(4).name == "any_shape_with_wilds"


# ---------------------------------------------------------------------------------------
# Wilds in the special shapes


def test_seven_pairs_with_wilds() -> None:
    (d,) = decompositions("1122m 3344p 55s EE F J")
    assert d.shape == "seven_pairs" and d.pairs == (0, 1, 11, 12, 22, E, F)
    assert d.wilds == ((JOKER, F),)
    assert not is_complete("1122m 3344p 55s EE F J", constraints=WildRules(in_pair=False))


def test_seven_pairs_split_a_natural_pair_to_keep_one_wild_a_pair() -> None:
    # Regression: with at most one wild per pair, two spare wilds can still make two
    # pairs by splitting a natural pair (11m -> 1m J, 1m J); only all-wild pairs were tried.
    rules = WildRules(max_in_pair=1)
    assert sorted(texts("1122m 3344p 55s E JJJ", constraints=rules)) == [
        "11m 11m 22m 33p 44p 55s EE (J*=1m, J*=1m, J*=E)",
        "11m 22m 22m 33p 44p 55s EE (J*=2m, J*=2m, J*=E)",
        "11m 22m 33p 33p 44p 55s EE (J*=3p, J*=3p, J*=E)",
        "11m 22m 33p 44p 44p 55s EE (J*=4p, J*=4p, J*=E)",
        "11m 22m 33p 44p 55s 55s EE (J*=5s, J*=5s, J*=E)",
    ]
    assert not is_complete("1122m 3344p 55s E JJJ", constraints=WildRules(max_in_pair=0))


def test_seven_pairs_take_the_one_group_allowance() -> None:
    # Regression: extra_in_one_group was ignored in seven pairs.
    hand = "11m 22m 33p 44p 55s EE F J"
    assert not is_complete(hand, constraints=WildRules(max_in_pair=0))
    assert texts(hand, constraints=WildRules(max_in_pair=0, extra_in_one_group=1)) == [
        "11m 22m 33p 44p 55s EE FF (J*=F)"
    ]


def test_thirteen_orphans_and_honors_knitted_with_wilds() -> None:
    (d,) = decompositions("19m 19p 19s ESWNCF 1m J")
    assert d.pair == m(1) and d.wilds == ((JOKER, P),)
    got = {d.pair for d in decompositions("19m 19p 19s ESWNCFP J")}
    assert got == {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33}
    got = {d.wilds for d in decompositions("147m 258p 3s ESWNCF J")}
    assert got == {((JOKER, s(6)),), ((JOKER, s(9)),), ((JOKER, P),)}


def test_knitted_straight_a_wild_may_play_a_held_straight_tile() -> None:
    # Regression: the straight always took the natural 1m, leaving 1m + J as the pair,
    # so a rule of no wild in a pair lost the hand; the joker can be the straight's 1m.
    hand = "147m 258p 369s 1m EEE J"
    assert texts(hand) == ["{EEE} 147m 258p 369s 11m (J*=1m)"]
    assert is_complete(hand, constraints=WildRules(in_pair=False))
    assert texts(hand, constraints=WildRules(in_pair=False)) == ["{EEE} 147m 258p 369s 11m (J*=1m)"]


# ---------------------------------------------------------------------------------------
# Shanten and waits under wild rules


def test_constrained_shanten_seven_pairs() -> None:
    # complete as seven pairs only with a wild in two pairs
    hand = "1122m 3344p 55s E F JJ"
    assert shanten(hand) == -1
    assert not is_complete(hand, constraints=WildRules(max_in_pair=0))
    assert shanten(hand, constraints=WildRules(max_in_pair=0)) == 1
    assert shanten(hand, constraints=WildRules(max_in_pair=1)) == -1


def test_constrained_shanten_never_draws_a_natural_wild_kind() -> None:
    # Regression: a drawn 5p is a wild when 5p is the gold, and wilds may not sit in a
    # chow here, so 46p is not waiting on 5p.
    rules = WildRules(wild_tile=p(5), in_chow=False)
    assert waits("123m 46p 789s EEE CC", constraints=rules) == {}
    assert shanten("123m 46p 789s EEE CC", constraints=rules) == 1
    # a joker may stand in a chow when the rules allow it
    assert shanten("123m 46p 789s EEE CC", constraints=WildRules(wild_tile=p(5))) == 0
    no_chow = WildRules(in_chow=False)
    assert waits("123m 46p 789s EEE C J", constraints=no_chow) == {p(5): 4}
    assert shanten("123m 46p 789s EEE C J", constraints=no_chow) == 0


def test_waits_never_list_a_wild_kind_whose_copies_are_all_held() -> None:
    # Regression: 3p is the wild kind and all four are in the hand: drawing a fifth is
    # impossible, yet it was listed (with 0 copies left).
    rules = WildRules(wild_tile=p(3), in_chow=False)
    got = waits("1333344p 88s SS NW", constraints=rules)
    assert p(3) not in got
    assert got and all(n > 0 for n in got.values())


# ---------------------------------------------------------------------------------------
# Fixed melds cap what the concealed tiles and the wilds can count on


def test_knitted_straight_cannot_count_on_a_tile_the_melds_hold() -> None:
    # Regression: every 1m is in the kong, so 147m 258p 369s is out of reach; the
    # knitted figure ignored the melds and called the hand ready with no wait.
    hand, melds = "47m 258p 369s 99m", ["[1111m]"]
    assert waits(hand, melds=melds) == {}
    assert shanten(hand, melds=melds) == 5
    assert shanten("147m 258p 369s 9m", melds=["[EEE]"]) == 0


def test_waits_with_wilds_respect_the_melds_copies() -> None:
    # Regression: with a joker in hand, a waits short cut ignored the melds' copies and
    # listed 6m, whose only reading needs a wild as a fifth 6m.
    hand, melds = "1m 22m 33m 4m J", ["[111m]", "[444m]", "[666m]"]
    got = waits(hand, melds=melds)
    assert m(6) not in got
    tiles = parse_tiles(hand)
    want = {t for t in range(34) if t not in (m(1), m(4)) and is_complete([*tiles, t], melds)}
    assert set(got) == want

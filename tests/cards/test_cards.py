"""The card notation shared by the card games (parlour.cards.cards)."""

from __future__ import annotations

import pytest

from parlour.cards.cards import (
    FULL_PACK,
    NINETY_NINE_PACK,
    PIQUET_PACK,
    RANK_TEXT,
    SUITS,
    Card,
    bits_to_cards,
    card_from_index,
    card_index,
    cards_to_bits,
    format_cards,
    make_pack,
    parse_card,
    parse_cards,
    parse_hand,
    parse_rank,
    sort_cards,
)
from parlour.core.errors import InvalidHand, NotationError


def test_every_card_prints_and_reads_back() -> None:
    assert len(FULL_PACK) == len(set(FULL_PACK)) == 52
    for card in FULL_PACK:
        assert parse_card(str(card)) == card
        assert parse_card(str(card).lower()) == card
        assert parse_card(card.unicode()) == card
    assert parse_cards(format_cards(FULL_PACK)) == FULL_PACK


def test_canonical_text_and_unicode() -> None:
    assert [str(c) for c in parse_cards("as 10d 7c td jh qs kc 2h")] == [
        "AS",
        "10D",
        "7C",
        "10D",
        "JH",
        "QS",
        "KC",
        "2H",
    ]
    assert Card(14, "S").unicode() == "A♠"
    assert Card(10, "D").unicode() == "10♦"
    assert Card(7, "C").unicode() == "7♣"
    assert Card(12, "H").unicode() == "Q♥"
    assert repr(Card(11, "C")) == "Card('JC')"


def test_rank_numbers() -> None:
    assert [RANK_TEXT[r] for r in range(2, 15)] == [
        "2",
        "3",
        "4",
        "5",
        "6",
        "7",
        "8",
        "9",
        "10",
        "J",
        "Q",
        "K",
        "A",
    ]
    assert [parse_rank(t) for t in ("J", "q", "K", "a", "T", "10", "2")] == [
        11,
        12,
        13,
        14,
        10,
        10,
        2,
    ]
    with pytest.raises(NotationError, match="unknown rank '1'"):
        parse_rank("1")


@pytest.mark.parametrize(
    ("text", "reason", "position"),
    [
        ("AX", "unknown suit 'X'", 1),
        ("1S", "unknown rank '1'", 0),
        ("11S", "unknown rank '11'", 0),
        ("A", "a card is a rank then a suit", 0),
        ("", "empty card", None),
        ("AS KS", "one card expected", 0),
        ("ZZS", "unknown rank 'ZZ'", 0),
    ],
)
def test_parse_card_errors_name_the_fault(text: str, reason: str, position: int | None) -> None:
    with pytest.raises(NotationError) as err:
        parse_card(text)
    assert err.value.reason.startswith(reason)
    assert err.value.position == position
    assert err.value.text == text


def test_parse_cards_errors_point_into_the_whole_text() -> None:
    with pytest.raises(NotationError) as err:
        parse_cards("AS  KH 10Z 7C")
    assert err.value.position == 9  # the 'Z'
    assert err.value.text == "AS  KH 10Z 7C"
    with pytest.raises(NotationError) as err:
        parse_cards("AS KH 1C")
    assert err.value.position == 6
    assert "unknown rank '1'" in str(err.value)
    with pytest.raises(NotationError):
        parse_cards(["AS"])  # type: ignore[arg-type]
    assert parse_cards("  ") == ()


def test_card_checks_its_fields() -> None:
    for rank, suit in [(1, "S"), (15, "S"), (True, "S"), (10, "X"), (10, "s"), (10, "SH")]:
        with pytest.raises(ValueError):
            Card(rank, suit)
    with pytest.raises(AttributeError):
        Card(10, "S").rank = 11  # type: ignore[misc]


def test_cards_compare_by_rank_then_suit_and_hash() -> None:
    assert sorted(parse_cards("AS 10D 10C 6H")) == list(parse_cards("6H 10C 10D AS"))
    assert len({parse_card("AS"), parse_card("as"), parse_card("A♠")}) == 1


def test_parse_hand_refuses_repeats_and_foreign_cards() -> None:
    assert parse_hand("AS KH") == parse_cards("AS KH")
    with pytest.raises(InvalidHand, match="AS appears twice"):
        parse_hand("AS KH as")
    with pytest.raises(InvalidHand, match="6C is not in the 32-card pack"):
        parse_hand("6C AS", PIQUET_PACK)
    with pytest.raises(InvalidHand, match="5C is not in the 36-card pack"):
        parse_hand([Card(5, "C")], NINETY_NINE_PACK)
    with pytest.raises(InvalidHand, match="not a card"):
        parse_hand(["AS"])  # type: ignore[list-item]
    assert parse_hand("7C AS", PIQUET_PACK) == parse_cards("7C AS")


def test_sort_cards() -> None:
    hand = parse_cards("AS 7C KS 9H 7H 10D")
    assert format_cards(sort_cards(hand)) == "7C 10D 7H 9H KS AS"
    assert format_cards(sort_cards(hand, "SHDC")) == "KS AS 7H 9H 10D 7C"
    assert format_cards(sort_cards(hand, "SH", descending=True)) == "AS KS 9H 7H 7C 10D"
    assert sort_cards([]) == ()


def test_packs() -> None:
    assert SUITS == "CDHS"
    assert len(PIQUET_PACK) == len(set(PIQUET_PACK)) == 32
    assert len(NINETY_NINE_PACK) == len(set(NINETY_NINE_PACK)) == 36
    assert {c.rank for c in PIQUET_PACK} == set(range(7, 15))
    assert {c.rank for c in NINETY_NINE_PACK} == set(range(6, 15))
    assert format_cards(PIQUET_PACK[:9]) == "7C 8C 9C 10C JC QC KC AC 7D"
    assert format_cards(NINETY_NINE_PACK[-3:]) == "QS KS AS"
    assert make_pack(7) == PIQUET_PACK
    with pytest.raises(ValueError):
        make_pack(1)


@pytest.mark.parametrize("pack", [PIQUET_PACK, NINETY_NINE_PACK, FULL_PACK])
def test_card_indices_and_bits(pack: tuple[Card, ...]) -> None:
    for i, card in enumerate(pack):
        assert card_index(card, pack) == i
        assert card_from_index(i, pack) == card
    assert bits_to_cards(cards_to_bits(pack, pack), pack) == pack
    some = pack[::5]
    assert bits_to_cards(cards_to_bits(some, pack), pack) == some
    with pytest.raises(InvalidHand):
        card_from_index(len(pack), pack)
    with pytest.raises(InvalidHand):
        bits_to_cards(1 << len(pack), pack)


def test_card_index_outside_the_pack() -> None:
    with pytest.raises(InvalidHand, match="6S is not in the 32-card pack"):
        card_index(parse_card("6S"), PIQUET_PACK)
    with pytest.raises(InvalidHand):
        card_from_index(-1)
    with pytest.raises(InvalidHand):
        card_from_index(True)  # type: ignore[arg-type]


def test_an_events_data_may_not_hide_its_kind_seat_or_addressee() -> None:
    """``Event.to_json`` writes kind, seat and to beside the data: a data field of
    the same name would overwrite one of them (a public event would look private)."""
    import pytest

    from parlour.core.game import Event

    for key in ("kind", "seat", "to"):
        with pytest.raises(ValueError, match="kind, seat or to"):
            Event("premium", None, {key: 1})
    assert Event("premium", None, {"bid": "declare"}).to_json()["kind"] == "premium"

"""The drawn playing cards: each card of a pack is well-formed SVG of shapes and paths
(no text, no font), 5 by 7, named in words, small, and told apart from every other card;
a numbered card shows as many pips in its middle as its rank."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from parlour.cards.cards import make_pack
from parlour.render.cards import card_back_svg, card_svg, card_words

PACK = [str(card) for card in make_pack()]
SVG = "{http://www.w3.org/2000/svg}"
WORDS = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack"}
SUITS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def test_the_pack_has_52_cards() -> None:
    assert len(PACK) == 52 and "10D" in PACK and "AS" in PACK


@pytest.mark.parametrize("name", PACK)
def test_each_card_is_drawn_art_named_in_words(name: str) -> None:
    svg = card_svg(name)
    root = parse(svg)
    words = f"{WORDS.get(name[:-1], name[:-1])} of {SUITS[name[-1]]}"
    assert card_words(name) == words
    assert root.get("role") == "img" and root.get("aria-label") == words
    title = root.find(f"{SVG}title")
    assert title is not None and title.text == words
    tags = {element.tag.removeprefix(SVG) for element in root.iter()}
    assert not tags & {"text", "tspan", "textPath", "font", "foreignObject", "image"}
    assert "font" not in svg
    assert root.get("viewBox") == "0 0 100 140"  # 5 by 7
    assert len(svg.encode()) < 4000


def test_distinct_cards_have_distinct_faces() -> None:
    faces = {card_svg(name).split("</title>", 1)[1] for name in PACK}
    assert len(faces) == 52
    assert card_back_svg().split("</title>", 1)[1] not in faces


@pytest.mark.parametrize("rank", range(2, 11))
def test_a_numbered_card_shows_as_many_pips_as_its_rank(rank: int) -> None:
    for suit in SUITS:
        root = parse(card_svg(f"{rank}{suit}"))
        pips = [u for u in root.iter(f"{SVG}use") if u.get("href") == "#p"]
        assert len(pips) == rank + 1  # and one in the corner index, drawn twice


def test_red_suits_are_red_and_black_suits_black() -> None:
    assert 'fill="#C8102E"' in card_svg("QH") and 'fill="#C8102E"' in card_svg("3D")
    assert 'fill="#C8102E"' not in card_svg("QS") + card_svg("3C")


def test_the_lenient_notation_reads_the_same_card() -> None:
    assert card_svg("as") == card_svg("AS") and card_svg("TD") == card_svg("10D")
    assert card_words("7♣") == "7 of clubs"


def test_a_bad_name_is_refused() -> None:
    for name in ("1S", "AX", "", "back", "10", "11H", "A S"):
        with pytest.raises(ValueError, match="not a card"):
            card_svg(name)


def test_the_back_hides_the_face() -> None:
    svg = card_back_svg()
    root = parse(svg)
    assert root.get("aria-label") == "Face-down card" and root.get("viewBox") == "0 0 100 140"
    assert "<text" not in svg and len(svg.encode()) < 4000

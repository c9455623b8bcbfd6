"""SVG playing cards: one small drawn picture per card, named in words for screen readers.

A card is written in the notation of :mod:`parlour.cards.cards` (``"AS"``, ``"10D"``,
``"7C"``, ``"QH"``). Its picture is 5 by 7: the rank and a small suit in two corners, and
in the middle the suit's pips in the usual layout (one big pip for an ace; a framed letter
for a jack, queen or king). Everything is drawn with paths and shapes, no font. Hearts
and diamonds are red, clubs and spades black, and the four suits differ in shape.

>>> svg = card_svg("10D")
>>> svg.startswith("<svg") and "<title>10 of diamonds</title>" in svg and "<text" not in svg
True
>>> card_words("AS"), card_words("qh")
('Ace of spades', 'Queen of hearts')
>>> card_words("1S")
Traceback (most recent call last):
...
ValueError: not a card: '1S'
"""

from __future__ import annotations

from functools import lru_cache
from html import escape

from parlour.cards.cards import RANK_TEXT, SUIT_NAMES, Card, parse_card
from parlour.render._strokes import num, stroked, text_width

RED = "#C8102E"
BLACK = "#1a1a1a"

_COURT = {11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}
GOLD = "#E69F00"
_HEADWEAR = {
    11: "M41 35Q41 26 50 26Q59 26 59 35ZM55 27Q60 22 64 23Q60 25 57 30",
    12: "M40 35L39 28L44.5 31L50 25.5L55.5 31L61 28L60 35Z",
    13: "M39 35L37 25L44 30L50 22L56 30L63 25L61 35ZM39 32H61",
}
"""What the jack (a feathered cap), the queen and the king (crowns) wear over their letter."""

_PIPS = {
    "H": '<path id="p" d="M10 19C4 13.6 0 10 0 5.8 0 2.6 2.3.6 5 .6 7.2.6 9 1.9 10 3.9 11 1.9'
    ' 12.8.6 15 .6 17.7.6 20 2.6 20 5.8 20 10 16 13.6 10 19Z"/>',
    "D": '<path id="p" d="M10 0Q13.4 5.6 17.6 10 13.4 14.4 10 20 6.6 14.4 2.4 10 6.6 5.6 10 0Z"/>',
    "S": '<path id="p" d="M10 .6C8 4.4.4 8.2.4 12.8.4 15.4 2.4 17.2 4.9 17.2 6.7 17.2 8.2 16.2 9.1'
    " 14.8 8.9 17 7.8 18.6 5.8 19.6H14.2C12.2 18.6 11.1 17 10.9 14.8 11.8 16.2 13.3 17.2 15.1"
    ' 17.2 17.6 17.2 19.6 15.4 19.6 12.8 19.6 8.2 12 4.4 10 .6Z"/>',
    "C": '<g id="p"><circle cx="10" cy="5.2" r="4.7"/><circle cx="4.9" cy="11.6" r="4.7"/>'
    '<circle cx="15.1" cy="11.6" r="4.7"/>'
    '<path d="M10 7C10 13.4 9 16.8 5.8 19.6H14.2C11 16.8 10 13.4 10 7Z"/></g>',
}
"""Each suit's pip, drawn in a box 20 by 20 (id ``p`` for ``<use>``)."""

_C1, _C2, _C3 = 33.0, 50.0, 67.0
_ROWS4 = (31.0, 57.0, 83.0, 109.0)
_LAYOUTS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((_C2, 30), (_C2, 110)),
    3: ((_C2, 30), (_C2, 70), (_C2, 110)),
    4: ((_C1, 30), (_C3, 30), (_C1, 110), (_C3, 110)),
    5: ((_C1, 30), (_C3, 30), (_C2, 70), (_C1, 110), (_C3, 110)),
    6: tuple((x, y) for y in (30, 70, 110) for x in (_C1, _C3)),
    7: (*tuple((x, y) for y in (30, 70, 110) for x in (_C1, _C3)), (_C2, 50)),
    8: (*tuple((x, y) for y in (30, 70, 110) for x in (_C1, _C3)), (_C2, 50), (_C2, 90)),
    9: (*tuple((x, y) for y in _ROWS4 for x in (_C1, _C3)), (_C2, 44.0)),
    10: (*tuple((x, y) for y in _ROWS4 for x in (_C1, _C3)), (_C2, 44.0), (_C2, 96.0)),
}
"""Where the pips of a numbered card go (their centres, on a card 100 by 140)."""


def _card(name: str) -> Card:
    try:
        return parse_card(name)
    except ValueError:
        raise ValueError(f"not a card: {name!r}") from None


def card_words(name: str) -> str:
    """A card named in words (for ``title`` and ``aria-label``).

    >>> card_words("10D"), card_words("7c"), card_words("KH")
    ('10 of diamonds', '7 of clubs', 'King of hearts')
    """
    card = _card(name)
    return f"{_COURT.get(card.rank, RANK_TEXT[card.rank])} of {SUIT_NAMES[card.suit]}"


def _svg(words: str, body: str) -> str:
    title = escape(words)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 140" role="img" '
        f'aria-label="{title}"><title>{title}</title>{body}</svg>'
    )


def _pip(x: float, y: float, size: float) -> str:
    """A pip of ``size`` centred on ``(x, y)``; below the middle it is upside down."""
    scale = size / 20
    turn = " rotate(180 10 10)" if y > 70 else ""
    return (
        f'<use href="#p" transform="translate({num(x - size / 2)} {num(y - size / 2)}) '
        f'scale({num(scale)}){turn}"/>'
    )


@lru_cache(maxsize=64)
def card_svg(name: str) -> str:
    """The SVG picture of the card written ``name`` (``"AS"``, ``"10D"``, ``"td"``).

    >>> card_svg("ZZ")
    Traceback (most recent call last):
    ...
    ValueError: not a card: 'ZZ'
    """
    card = _card(name)
    colour = RED if card.suit in "DH" else BLACK
    rank = RANK_TEXT[card.rank]
    index = (
        '<g id="i">'
        + stroked(rank, 11.5 - text_width(rank, 1.2) / 2, 6, 1.2, 2.8, colour)
        + _pip(11.5, 33, 12)
        + "</g>"
    )
    if card.rank in _LAYOUTS:
        size = 17 if card.rank < 9 else 15.5
        middle = "".join(_pip(x, y, size) for x, y in _LAYOUTS[card.rank])
    elif card.rank == 14:
        middle = _pip(50, 70, 44)
    else:
        letter = RANK_TEXT[card.rank]
        middle = (
            f'<rect x="22" y="22" width="56" height="96" rx="4" fill="#f6efdc" '
            f'stroke="{colour}" stroke-width="1.5"/>'
            + f'<path d="{_HEADWEAR[card.rank]}" fill="{GOLD}" stroke="{colour}" '
            'stroke-width="1.2" stroke-linejoin="round"/>'
            + stroked(letter, 50 - text_width(letter, 2.6) / 2, 39, 2.6, 5, colour)
            + _pip(50, 95, 24).replace(" rotate(180 10 10)", "")
            + _pip(31, 31, 9)
            + _pip(69, 109, 9)
        )
    body = (
        '<rect x=".75" y=".75" width="98.5" height="138.5" rx="7" fill="#fff" stroke="#888" '
        f'stroke-width="1.5"/><defs>{_PIPS[card.suit]}</defs><g fill="{colour}">'
        f'{index}<use href="#i" transform="rotate(180 50 70)"/>{middle}</g>'
    )
    return _svg(card_words(name), body)


@lru_cache(maxsize=1)
def card_back_svg() -> str:
    """The back of a card, shown for a card that is face down (its face is not told)."""
    return _svg(
        "Face-down card",
        '<defs><pattern id="b" width="10" height="10" patternUnits="userSpaceOnUse">'
        '<path d="M5 0L10 5 5 10 0 5Z" fill="none" stroke="#fff" stroke-opacity=".5"/>'
        "</pattern></defs>"
        '<rect x=".75" y=".75" width="98.5" height="138.5" rx="7" fill="#fff" stroke="#888" '
        'stroke-width="1.5"/>'
        '<rect x="7" y="7" width="86" height="126" rx="4" fill="#0072B2"/>'
        '<rect x="7" y="7" width="86" height="126" rx="4" fill="url(#b)"/>'
        '<rect x="11" y="11" width="78" height="118" rx="2" fill="none" stroke="#fff" '
        'stroke-width="1.5"/>',
    )


__all__ = ["card_back_svg", "card_svg", "card_words"]

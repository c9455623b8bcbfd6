"""Stroked glyphs shared by the tile and card pictures: letters, digits and a few Chinese
characters drawn as SVG path outlines of pen strokes, so that no font is needed.

Latin letters and digits are drawn in a box 10 wide and 14 high (origin at its top left);
the Chinese characters in a box 20 by 20; "10" is one glyph 16 wide. :func:`stroked`
places a run of them.

>>> print(stroked("10", 0, 0, 1, 2, "#000"))  # doctest: +ELLIPSIS
<g transform="translate(0 0)" fill="none" stroke="#000" stroke-width="2" ...><path d="M0 3.2...
"""

from __future__ import annotations

LATIN: dict[str, str] = {
    "0": "M5 0C1 0 0 4 0 7S1 14 5 14 10 10 10 7 9 0 5 0Z",
    "1": "M3 3.2L7 0V14",
    "2": "M.6 3.4C1.2 1 3 0 5 0 7.8 0 9.5 1.8 9.5 4 9.5 7 5.5 9.3.4 14H9.8",
    "3": "M.6 1.6C2 .4 3.4 0 5 0 7.8 0 9.4 1.6 9.4 3.6S7.6 6.8 4.4 6.8C8 6.8 10 8.3 10 10.5"
    " 10 12.8 8 14 5 14 3 14 1.4 13.4 0 12.2",
    "4": "M7.6 14V0L0 10H10",
    "5": "M9.2 0H1.6L1 6.2C2.4 5.2 3.6 4.9 5 4.9 8 4.9 10 6.9 10 9.5 10 12.2 8 14 5 14 3 14"
    " 1.4 13.4 0 12.3",
    "6": "M8.8 1.2C7.8.4 6.6 0 5.4 0 2 0 0 3.4 0 8.4 0 12 2 14 5 14S10 12 10 9.3 8 4.8 5.2"
    " 4.8C2.6 4.8.6 6.5.1 8.5",
    "7": "M0 0H10C6.4 4 4.4 9 3.8 14",
    "8": "M5 6.6C2.2 6.6.8 5.2.8 3.3S2.5 0 5 0 9.2 1.3 9.2 3.3 7.8 6.6 5 6.6C2 6.6 0 8.2 0"
    " 10.3S2.2 14 5 14 10 12.5 10 10.3 8 6.6 5 6.6Z",
    "9": "M1.2 12.8C2.2 13.6 3.4 14 4.6 14 8 14 10 10.6 10 5.6 10 2 8 0 5 0S0 2 0 4.7 2 9.2"
    " 4.8 9.2C7.4 9.2 9.4 7.5 9.9 5.5",
    "10": "M0 3.2L4 0V14M11.6 0C8 0 7 4 7 7S8 14 11.6 14 16 10 16 7 15.2 0 11.6 0Z",
    "A": "M0 14L5 0 10 14M2 8.8H8",
    "J": "M3 0H9.5M7.8 0V10C7.8 12.8 6.4 14 4.2 14S.6 12.8.3 10.6",
    "K": "M1 0V14M9.6 0L1 8.8M4.1 5.8L10 14",
    "Q": "M5 0C1 0 0 4 0 7S1 14 5 14 10 10 10 7 9 0 5 0ZM6 9.6L10 14.4",
    "E": "M9.6 0H.8V14H9.8M.8 7H8",
    "S": "M9.4 2C8.4.6 7 0 5 0 2.3 0 .6 1.5.6 3.7.6 6 2.5 6.7 5 7.2 8 7.9 10 8.7 10 10.8"
    " 10 12.8 8 14 5 14 2.8 14 1.2 13.3 0 11.8",
    "W": "M-1 0L1.8 14 5 3.5 8.2 14 11 0",
    "N": "M.8 14V0L9.2 14V0",
}
"""Latin letters and digits, each a path in a box 10 wide and 14 high."""

WIDTH: dict[str, float] = {"10": 16.0}
"""How wide a glyph is (10 unless given): "10" is drawn as one glyph, set tight."""

HANZI: dict[str, str] = {
    "一": "M1 10.4Q10 9.4 19 10",
    "二": "M4 5.5H16M1 15.5H19",
    "三": "M3 3H17M5 10H15M1 17.5H19",
    "四": "M2 3V18M2 3H18V18M2 17H18M8 3Q8 10 4.6 12.6M12.4 3V10.6Q12.4 12.2 14 12.2H18",
    "五": "M3 2.6H17M9.6 2.6L7.6 17.6M4.6 9.6H15L14.4 17.6M1 17.6H19",
    "六": "M9.4 1L11 4.4M1.4 7.4H18.6M7.4 11Q6.4 16 2.4 18.8M12.8 11Q15 15 17.8 18.4",
    "七": "M1 9.4L19 6.4M8 1V15Q8 18 11 18H16.6Q19 18 19 14.6",
    "八": "M8 3Q7.6 12.6 1.8 18.4M12 3.6Q13.4 13.4 19 18",
    "九": "M8.6 1Q8.6 13 2 18.8M3 7H13.6V15.8Q13.6 18 15.8 18H17Q19 18 19 14.8",
    "万": "M1 3.8H19M8.4 3.8Q8.4 14.4 2 19M8.2 9.4H16.4V17Q16.4 19 13.4 18.4",
    "中": "M2.6 5.4V14.2M2.6 5.4H17.4V14.2M2.6 13.6H17.4M10 .6V19.6",
    "发": "M5.6 1.4L4 7.4H18M13 1.8L15.6 4.6M10.6 1.2Q10.4 12 2.4 19M8.2 10.6H15.4Q13 16"
    " 6.4 19.2M9.4 13Q12.6 17.6 18.6 19",
}
"""Chinese numerals and characters, each a path in a box 20 by 20."""


def num(value: float) -> str:
    """A number written short for SVG (two decimals at most).

    >>> num(2.50), num(3.0), num(-0.125)
    ('2.5', '3', '-0.12')
    """
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def text_width(text: str, scale: float = 1.0) -> float:
    """How wide a run of Latin glyphs is drawn at ``scale``.

    >>> text_width("10"), text_width("A", 2), text_width("EN")
    (16.0, 20.0, 23.0)
    """
    glyphs = _glyphs(text)
    return (sum(WIDTH.get(g, 10.0) for g in glyphs) + 3.0 * (len(glyphs) - 1)) * scale


def _glyphs(text: str) -> list[str]:
    return [text] if text in LATIN else list(text)


def stroked(text: str, x: float, y: float, scale: float, width: float, colour: str) -> str:
    """A run of glyphs drawn from the top left corner ``(x, y)`` at ``scale`` with a pen
    ``width`` wide (in the picture's units). Latin glyphs and Chinese ones may not mix.
    """
    paths = []
    pen = 0.0
    for glyph in _glyphs(text):
        shape = LATIN.get(glyph) or HANZI[glyph]
        shift = f' transform="translate({num(pen)} 0)"' if pen else ""
        paths.append(f'<path d="{shape}"{shift}/>')
        pen += WIDTH.get(glyph, 10.0) + 3.0
    return (
        f'<g transform="translate({num(x)} {num(y)})'
        + (f" scale({num(scale)})" if scale != 1 else "")
        + f'" fill="none" stroke="{colour}" stroke-width="{num(width / scale)}" '
        'stroke-linecap="round" stroke-linejoin="round">' + "".join(paths) + "</g>"
    )


__all__ = ["HANZI", "LATIN", "WIDTH", "num", "stroked", "text_width"]

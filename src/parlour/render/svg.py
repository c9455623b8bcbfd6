"""SVG tiles: one small picture per tile, named in words for screen readers.

Each tile shows its rank or character and a short label, so that nothing is told by
colour alone; its ``<title>`` names it in words ("5 of circles", "East wind"). The three
suits differ in shape as well as colour (a dot, a drawn bamboo stick, the character 萬),
and the honours carry their English word, so a tile reads even where no Chinese font is
installed.

>>> svg = tile_svg("5p")
>>> svg.startswith("<svg") and "<title>5 of circles</title>" in svg
True
>>> tile_words("C"), tile_words("f2"), tile_words("J")
('Red dragon', 'Flower 2 (orchid)', 'Joker')
"""

from __future__ import annotations

from functools import lru_cache
from html import escape

from parlour.core.errors import NotationError
from parlour.mahjong.tiles import tile_from_name

_SUITS = {
    "m": ("characters", "萬", "#a11"),
    "p": ("circles", "●", "#14a"),
    "s": ("bamboos", "竹", "#163"),
}
_HONOURS = {
    "E": ("East wind", "東", "#222"),
    "S": ("South wind", "南", "#222"),
    "W": ("West wind", "西", "#222"),
    "N": ("North wind", "北", "#222"),
    "C": ("Red dragon", "中", "#b11"),
    "F": ("Green dragon", "發", "#163"),
    "P": ("White dragon", "□", "#14a"),
}
_HONOUR_LABELS = {
    "E": "East",
    "S": "South",
    "W": "West",
    "N": "North",
    "C": "Red",
    "F": "Green",
    "P": "White",
}
_BAMBOO = (
    '<rect x="26" y="55" width="8" height="18" rx="3" fill="{c}"/>'
    '<rect x="24" y="63" width="12" height="2.5" fill="{c}"/>'
)
"""The bamboo suit's mark, drawn (a stick with a node) rather than written."""
_FLOWERS = ("plum", "orchid", "chrysanthemum", "bamboo")
_SEASONS = ("spring", "summer", "autumn", "winter")
_BONUS = {"f": ("Flower", "花", _FLOWERS), "x": ("Season", "季", _SEASONS)}


def tile_words(name: str) -> str:
    """A tile named in words (for ``title`` and ``aria-label``)."""
    _check(name)
    if name[-1] in _SUITS:
        return f"{name[0]} of {_SUITS[name[-1]][0]}"
    if name in _HONOURS:
        return _HONOURS[name][0]
    if name[0] in _BONUS:
        kind, _, names = _BONUS[name[0]]
        return f"{kind} {name[1]} ({names[int(name[1]) - 1]})"
    return "Joker"


def _check(name: str) -> None:
    try:
        tile_from_name(name)
    except NotationError:
        raise ValueError(f"not a tile: {name!r}") from None


@lru_cache(maxsize=64)
def tile_svg(name: str) -> str:
    """The SVG picture of the tile written ``name`` (``"5p"``, ``"E"``, ``"f1"``)."""
    _check(name)
    mark = ""
    if name[-1] in _SUITS:
        _, glyph, colour = _SUITS[name[-1]]
        big, small = name[0], glyph
        if name[-1] == "s":
            mark, small = _BAMBOO.format(c=colour), ""
    elif name in _HONOURS:
        _, glyph, colour = _HONOURS[name]
        big, small = glyph, _HONOUR_LABELS[name]
    elif name[0] in _BONUS:
        _, _glyph, names = _BONUS[name[0]]
        colour = "#640"
        word = names[int(name[1]) - 1]
        big, small = name[1], "mum" if word == "chrysanthemum" else word
    else:
        colour = "#505"
        big, small = "J", "joker"
    title = escape(tile_words(name))
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 80" role="img" '
        f'aria-label="{title}"><title>{title}</title>'
        '<rect x="1.5" y="1.5" width="57" height="77" rx="7" fill="#fffdf5" '
        'stroke="#776" stroke-width="3"/>'
        f'<text x="30" y="46" font-size="34" text-anchor="middle" fill="{colour}" '
        f'font-family="sans-serif" font-weight="bold">{escape(big)}</text>'
        + (
            f'<text x="30" y="70" font-size="{13 if len(small) > 3 else 15}" '
            f'text-anchor="middle" fill="{colour}" font-family="sans-serif">{escape(small)}</text>'
            if small
            else ""
        )
        + f"{mark}</svg>"
    )


__all__ = ["tile_svg", "tile_words"]

"""SVG tiles: one small picture per tile, named in words for screen readers.

Each tile shows its rank or character and a short label, so that nothing is told by
colour alone; its ``<title>`` names it in words ("5 of circles", "East wind").

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
    if name[-1] in _SUITS:
        _, glyph, colour = _SUITS[name[-1]]
        big, small = name[0], glyph
    elif name in _HONOURS:
        _, glyph, colour = _HONOURS[name]
        big, small = glyph, name
    elif name[0] in _BONUS:
        _, glyph, _names = _BONUS[name[0]]
        colour = "#640"
        big, small = glyph, name
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
        f'<text x="30" y="70" font-size="15" text-anchor="middle" fill="{colour}" '
        f'font-family="sans-serif">{escape(small)}</text></svg>'
    )


__all__ = ["tile_svg", "tile_words"]

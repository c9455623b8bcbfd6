"""SVG tiles: one small drawn picture per tile, named in words for screen readers.

Every face is made of shapes and stroked paths only (no ``<text>``, no font), so a tile
looks the same on every machine. Nothing is told by colour alone: the suits differ in
shape (dots for circles, sticks for bamboos, a numeral over the mark 万 for characters),
the winds carry the letters E S W N, the dragons 中, 发 and a blue frame, the flowers a
blossom and the seasons a sun under their number. The colours are the Okabe–Ito ones
(vermillion, blue, bluish green, black), which colour-blind eyes tell apart. Each picture's
``<title>`` names it in words ("5 of circles", "East wind").

>>> svg = tile_svg("5p")
>>> svg.startswith("<svg") and "<title>5 of circles</title>" in svg and "<text" not in svg
True
>>> tile_words("C"), tile_words("f2"), tile_words("J")
('Red dragon', 'Flower 2 (orchid)', 'Joker')
>>> "<title>Concealed tile</title>" in tile_back_svg()
True
"""

from __future__ import annotations

import math
from functools import lru_cache
from html import escape

from parlour.core.errors import NotationError
from parlour.mahjong.tiles import tile_from_name
from parlour.render._strokes import num, stroked, text_width

RED = "#D55E00"
BLUE = "#0072B2"
GREEN = "#009E73"
INK = "#222"
ORANGE = "#E69F00"
PURPLE = "#CC79A7"
FACE = "#fffdf5"

_SUITS = {"m": "characters", "p": "circles", "s": "bamboos"}
_HONOURS = {
    "E": "East wind",
    "S": "South wind",
    "W": "West wind",
    "N": "North wind",
    "C": "Red dragon",
    "F": "Green dragon",
    "P": "White dragon",
}
_FLOWERS = ("plum", "orchid", "chrysanthemum", "bamboo")
_SEASONS = ("spring", "summer", "autumn", "winter")
_BONUS = {"f": ("Flower", _FLOWERS), "x": ("Season", _SEASONS)}
_NUMERALS = "一二三四五六七八九"

# The face is the rectangle x 2..58, y 1.5..75.5 (its centre 30, 38.5); the strip below
# it is the tile's edge.
_CX, _CY = 30.0, 38.5

_B, _G, _R = BLUE, GREEN, RED
_DOTS: dict[int, tuple[float, tuple[tuple[float, float, str], ...]]] = {
    2: (10, ((30, 20, _G), (30, 57, _B))),
    3: (9, ((15, 14, _B), (30, 38.5, _R), (45, 63, _G))),
    4: (9.5, ((18, 20, _B), (42, 20, _G), (18, 57, _G), (42, 57, _B))),
    5: (9, ((16, 15, _B), (44, 15, _G), (30, 38.5, _R), (16, 62, _G), (44, 62, _B))),
    6: (8.5, tuple((x, y, _G if y < 20 else _R) for y in (15, 38.5, 62) for x in (19, 41))),
    7: (
        7,
        (
            (14, 10, _G),
            (30, 17, _G),
            (46, 24, _G),
            *tuple((x, y, _R) for y in (44, 63) for x in (20, 40)),
        ),
    ),
    8: (7.6, tuple((x, y, _B) for y in (11, 28.8, 46.6, 64.4) for x in (19, 41))),
    9: (
        7.2,
        tuple((x, y, c) for y, c in ((14, _B), (38.5, _R), (63, _G)) for x in (14, 30, 46)),
    ),
}
"""The circles' dots: their radius and (x, y, colour) in the traditional arrangement."""

_STICKS: dict[int, tuple[float, tuple[tuple[float, float, str], ...]]] = {
    2: (26, ((30, 21, _G), (30, 56, _G))),
    3: (26, ((30, 21, _G), (19, 56, _G), (41, 56, _G))),
    4: (26, tuple((x, y, _G) for y in (21, 56) for x in (19, 41))),
    5: (26, (*tuple((x, y, _G) for y in (21, 56) for x in (15, 45)), (30, 38.5, _R))),
    6: (26, tuple((x, y, _G) for y in (21, 56) for x in (15, 30, 45))),
    7: (18, ((30, 14, _R), *tuple((x, y, _G) for y in (39, 62.5) for x in (15, 30, 45)))),
    8: (26, tuple((x, y, _G) for y in (21, 56) for x in (12, 24, 36, 48))),
    9: (19, tuple((x, y, _R if x == 30 else _G) for y in (14, 38.5, 63) for x in (15, 30, 45))),
}
"""The bamboos' sticks: their length and (x, y, colour) of each stick's middle."""

_BIRD = (
    f'<path d="M38 47L50 64M41 45L54 55M36 50L43 67" stroke="{GREEN}" stroke-width="4" '
    'stroke-linecap="round"/>'
    f'<path d="M17 31C15 22 24 16 31 22C43 26 48 40 42 51C36 59 22 58 19 48Z" fill="{GREEN}"/>'
    f'<path d="M27 34C36 33 42 41 39 50C31 50 27 44 27 34Z" fill="{BLUE}"/>'
    f'<circle cx="21" cy="20" r="8" fill="{GREEN}"/>'
    f'<path d="M14 17L5 21L14 23Z" fill="{RED}"/>'
    f'<circle cx="19.5" cy="18.5" r="2.4" fill="{FACE}"/><circle cx="19" cy="18.5" r="1.2"/>'
    f'<path d="M26 56L24 68M33 57L34 68" stroke="{RED}" stroke-width="2.4" '
    'stroke-linecap="round"/>'
)
"""The 1 of bamboos: a bird (a sparrow, by tradition), drawn."""


def tile_words(name: str) -> str:
    """A tile named in words (for ``title`` and ``aria-label``).

    >>> tile_words("7m"), tile_words("N"), tile_words("x3")
    ('7 of characters', 'North wind', 'Season 3 (autumn)')
    """
    _check(name)
    if name[-1] in _SUITS:
        return f"{name[0]} of {_SUITS[name[-1]]}"
    if name in _HONOURS:
        return _HONOURS[name]
    if name[0] in _BONUS:
        kind, names = _BONUS[name[0]]
        return f"{kind} {name[1]} ({names[int(name[1]) - 1]})"
    return "Joker"


def _check(name: str) -> None:
    try:
        tile_from_name(name)
    except NotationError:
        raise ValueError(f"not a tile: {name!r}") from None


def _frame(words: str, face: str, art: str) -> str:
    title = escape(words)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 80" role="img" '
        f'aria-label="{title}"><title>{title}</title>'
        '<rect x=".75" y=".75" width="58.5" height="78.5" rx="7" fill="#d8cca8" '
        'stroke="#776" stroke-width="1.5"/>'
        f'<rect x="2" y="1.5" width="56" height="74" rx="6" fill="{face}"/>{art}</svg>'
    )


def _dot(x: float, y: float, r: float, colour: str) -> str:
    return (
        f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r)}" fill="{colour}"/>'
        f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r * 0.55)}" fill="none" '
        f'stroke="{FACE}" stroke-width="{num(r * 0.2)}"/>'
    )


def _circles(rank: int) -> str:
    if rank == 1:
        return (
            _dot(_CX, _CY, 22, BLUE)
            + f'<circle cx="30" cy="38.5" r="8" fill="{RED}"/>'
            + f'<circle cx="30" cy="38.5" r="17.5" fill="none" stroke="{GREEN}" '
            'stroke-width="3" stroke-dasharray="3 2.5"/>'
            + f'<circle cx="30" cy="38.5" r="2.6" fill="{FACE}"/>'
        )
    radius, dots = _DOTS[rank]
    return "".join(_dot(x, y, radius, colour) for x, y, colour in dots)


def _bamboos(rank: int) -> str:
    if rank == 1:
        return _BIRD
    length, sticks = _STICKS[rank]
    half = length / 2
    out = []
    for colour in (GREEN, RED):
        ends = "".join(
            f"M{num(x)} {num(y - half)}V{num(y + half)}" for x, y, c in sticks if c == colour
        )
        if ends:
            out.append(
                f'<path d="{ends}" stroke="{colour}" stroke-width="5.2" stroke-linecap="round"/>'
            )
    nodes = "".join(f"M{num(x - 2.6)} {num(y)}h5.2" for x, y, _ in sticks)
    out.append(f'<path d="{nodes}" stroke="{FACE}" stroke-width="1.3"/>')
    return "".join(out)


def _characters(rank: int) -> str:
    return (
        stroked(_NUMERALS[rank - 1], 14, 5, 1.6, 3.6, INK)
        + stroked("万", 14, 40.5, 1.6, 3.8, RED)
        + stroked(str(rank), 4.5, 4.5, 0.62, 1.7, INK)
    )


def _honour(name: str) -> str:
    if name in "ESWN":
        return stroked(name, 30 - text_width(name, 2.8) / 2, 19, 2.8, 5, INK)
    if name == "C":
        return stroked("中", 7, 15.5, 2.3, 4.6, RED)
    if name == "F":
        return stroked("发", 7, 15.5, 2.3, 4.6, GREEN)
    return (
        f'<rect x="10" y="9.5" width="40" height="58" rx="3" fill="none" stroke="{BLUE}" '
        'stroke-width="4"/>'
        f'<rect x="16" y="15.5" width="28" height="46" fill="none" stroke="{BLUE}" '
        'stroke-width="1.6"/>'
    )


def _star(cx: float, cy: float, outer: float, inner: float) -> str:
    points = []
    for i in range(10):
        r = outer if i % 2 == 0 else inner
        a = math.pi * i / 5 - math.pi / 2
        points.append(f"{num(cx + r * math.cos(a))} {num(cy + r * math.sin(a))}")
    return "M" + "L".join(points) + "Z"


def _bonus(kind: str, number: int) -> str:
    art = stroked(str(number), 30 - text_width(str(number), 1.7) / 2, 7, 1.7, 3.6, INK)
    if kind == "f":
        petals = "".join(
            f'<circle cx="{num(30 + 8.4 * math.cos(a))}" cy="{num(55 + 8.4 * math.sin(a))}" '
            'r="6.8"/>'
            for a in (2 * math.pi * i / 5 - math.pi / 2 for i in range(5))
        )
        return (
            art + f'<g fill="{RED}">{petals}</g><circle cx="30" cy="55" r="4.4" fill="{ORANGE}"/>'
        )
    rays = "".join(
        f"M{num(30 + 11 * math.cos(a))} {num(55 + 11 * math.sin(a))}"
        f"L{num(30 + 17.5 * math.cos(a))} {num(55 + 17.5 * math.sin(a))}"
        for a in (2 * math.pi * i / 8 for i in range(8))
    )
    return (
        art
        + f'<path d="{rays}" stroke="{ORANGE}" stroke-width="3" stroke-linecap="round"/>'
        + f'<circle cx="30" cy="55" r="8" fill="{ORANGE}"/>'
    )


@lru_cache(maxsize=64)
def tile_svg(name: str) -> str:
    """The SVG picture of the tile written ``name`` (``"5p"``, ``"E"``, ``"f1"``).

    >>> tile_svg("Z")
    Traceback (most recent call last):
    ...
    ValueError: not a tile: 'Z'
    """
    words = tile_words(name)
    if name[-1] in _SUITS:
        rank = int(name[0])
        draw = {"m": _characters, "p": _circles, "s": _bamboos}[name[-1]]
        art = draw(rank)
    elif name in _HONOURS:
        art = _honour(name)
    elif name[0] in _BONUS:
        art = _bonus(name[0], int(name[1]))
    else:
        art = (
            f'<path d="{_star(_CX, _CY, 23, 9.5)}" fill="{PURPLE}" stroke="{INK}" '
            'stroke-width="2" stroke-linejoin="round"/>'
            f'<circle cx="30" cy="38.5" r="4" fill="{FACE}"/>'
        )
    return _frame(words, FACE, art)


@lru_cache(maxsize=1)
def tile_back_svg() -> str:
    """The back of a tile, shown for a concealed tile (its face is not told)."""
    return _frame(
        "Concealed tile",
        GREEN,
        '<rect x="7" y="6.5" width="46" height="64" rx="3" fill="none" stroke="#fff" '
        'stroke-opacity=".55" stroke-width="2"/>'
        f'<path d="{_star(_CX, _CY, 9, 4)}" fill="#fff" fill-opacity=".45"/>',
    )


__all__ = ["tile_back_svg", "tile_svg", "tile_words"]

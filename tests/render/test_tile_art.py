"""The drawn tiles: every face is well-formed SVG made of shapes and paths only (no text,
no font), named in words, small, in the colour-blind-safe palette, and told apart from
every other face; the circles and bamboos show as many dots or sticks as their rank."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from parlour.mahjong.tiles import NUM_TILES, tile_name
from parlour.render.svg import tile_back_svg, tile_svg, tile_words

NAMES = [tile_name(tile) for tile in range(NUM_TILES)]
SVG = "{http://www.w3.org/2000/svg}"
PALETTE = {"#D55E00", "#0072B2", "#009E73", "#222", "#E69F00", "#CC79A7"}
"""The Okabe–Ito colours the art is drawn in (the face, edge and back aside)."""
FRAME = {"#fffdf5", "#d8cca8", "#776", "#fff", "none"}


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def local_names(root: ET.Element) -> set[str]:
    return {element.tag.removeprefix(SVG) for element in root.iter()}


def face(svg: str) -> str:
    """The picture without its title: what a sighted player sees."""
    return svg.split("</title>", 1)[1]


@pytest.mark.parametrize("name", NAMES)
def test_each_tile_is_drawn_art_named_in_words(name: str) -> None:
    svg = tile_svg(name)
    root = parse(svg)
    words = tile_words(name)
    assert root.get("role") == "img" and root.get("aria-label") == words
    title = root.find(f"{SVG}title")
    assert title is not None and title.text == words
    assert not local_names(root) & {"text", "tspan", "textPath", "font", "foreignObject"}
    assert "font" not in svg and "<image" not in svg
    assert root.get("viewBox") == "0 0 60 80"
    assert len(svg.encode()) < 2500


@pytest.mark.parametrize("name", NAMES)
def test_the_art_keeps_to_the_palette(name: str) -> None:
    colours = {
        value
        for element in parse(tile_svg(name)).iter()
        for key, value in element.attrib.items()
        if key in ("fill", "stroke")
    }
    assert colours <= PALETTE | FRAME, colours - PALETTE - FRAME
    assert colours & PALETTE


def test_distinct_tiles_have_distinct_faces() -> None:
    faces = {face(tile_svg(name)) for name in NAMES}
    assert len(faces) == len(NAMES)
    assert face(tile_back_svg()) not in faces


@pytest.mark.parametrize("rank", range(1, 10))
def test_a_circle_shows_as_many_dots_as_its_rank(rank: int) -> None:
    root = parse(tile_svg(f"{rank}p"))
    dots = [c for c in root.iter(f"{SVG}circle") if c.get("fill") not in ("none", "#fffdf5")]
    # the 1 of circles is one big ornate dot: a dot with a red heart in it
    assert len(dots) == (2 if rank == 1 else rank)


@pytest.mark.parametrize("rank", range(2, 10))
def test_a_bamboo_shows_as_many_sticks_as_its_rank(rank: int) -> None:
    root = parse(tile_svg(f"{rank}s"))
    sticks = sum(
        len(re.findall(r"M[\d.]+ [\d.]+V", path.get("d", "")))
        for path in root.iter(f"{SVG}path")
        if path.get("stroke") != "#fffdf5"
    )
    assert sticks == rank


def test_the_suits_differ_in_shape_not_only_colour() -> None:
    for rank in range(2, 10):
        circles = local_names(parse(tile_svg(f"{rank}p")))
        bamboos = local_names(parse(tile_svg(f"{rank}s")))
        characters = local_names(parse(tile_svg(f"{rank}m")))
        assert "circle" in circles and "path" not in circles
        assert "path" in bamboos and "circle" not in bamboos
        assert "g" in characters and "circle" not in characters


def test_a_bad_name_is_refused() -> None:
    for name in ("5q", "Z", "", "f5", "0m", "back"):
        with pytest.raises(ValueError, match="not a tile"):
            tile_svg(name)


def test_the_back_hides_the_face() -> None:
    svg = tile_back_svg()
    root = parse(svg)
    assert root.get("aria-label") == "Concealed tile"
    assert "<text" not in svg and len(svg.encode()) < 2500

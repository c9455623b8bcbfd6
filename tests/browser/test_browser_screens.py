"""Every game's table as a person sees it, compared with reviewed pictures.

For each rule system and both card games, a table with a fixed seed is played by a
person who always makes the same choices (the first tile or card offered, passing on
claims) beside bots; its page is photographed at desktop and at phone size at
the start, in the middle of the hand (a discard the person may claim; for the card
games the first trick), and at the hand's end, and each picture is compared with the
reviewed reference in ``tests/browser/screens/``: a layout that moves, a tile drawn
differently or a missing panel changes far more pixels than the tolerance allows.
Each moment photographed is also audited for accessibility (as
``test_browser_pages.py`` audits the other pages).

The references are made, after reviewing what changed, by running these tests with
``PARLOUR_UPDATE_SCREENS=1``; a missing reference fails the test. The pictures taken
are also written to ``var/screenshots/screens/`` to look at.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from playwright.sync_api import Browser, Page
from test_browser import ROOT, Running, browser, running  # noqa: F401
from test_browser_pages import audit

REFERENCES = Path(__file__).parent / "screens"
TAKEN = ROOT / "var" / "screenshots" / "screens"
UPDATE = os.environ.get("PARLOUR_UPDATE_SCREENS") == "1"

TOLERANCE = 0.02
"""The share of a picture's pixels that may differ from the reference (text
antialiasing, a font's hinting); a pixel differs when a channel moves by more than
:data:`NOISE`."""
NOISE = 48

SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}

GAMES: dict[str, tuple[list[str], dict[str, Any], int]] = {
    # rules: seats, options, seed
    "mcr": (["human", "greedy", "greedy", "greedy"], {}, 11),
    "classical": (["human", "greedy", "greedy", "greedy"], {}, 11),
    "xiamen": (["human", "greedy", "greedy", "greedy"], {}, 11),
    "quanzhou": (["human", "greedy", "greedy", "greedy"], {}, 11),
    "piquet": (["human", "heuristic"], {}, 11),
    "ninety-nine": (["human", "heuristic", "heuristic"], {}, 11),
}
CARDS = {"piquet", "ninety-nine"}

MAHJONG_READY = (
    '#table:not([data-busy])[data-asked="turn"], '
    '#table:not([data-busy])[data-asked="claim"], '
    '#table:not([data-busy])[data-asked="exchange"], '
    ".result:not([hidden])"
)
CARDS_READY = '#table:not([data-busy])[data-asked="yes"], .result:not([hidden])'


@contextmanager
def fixed_seed(seed: int) -> Iterator[None]:
    """Tables made meanwhile get ``seed`` (the server's secret otherwise)."""
    with mock.patch("parlour.server.manager.secrets.randbits", return_value=seed):
        yield


def _difference(taken: bytes, reference: Path) -> float:
    """The share of pixels that differ between two pictures of the same size (1.0
    when the sizes differ)."""
    import io

    from PIL import Image, ImageChops

    a = Image.open(io.BytesIO(taken)).convert("RGB")
    b = Image.open(reference).convert("RGB")
    if a.size != b.size:
        return 1.0
    diff = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v > NOISE else 0)
    histogram = diff.histogram()
    return histogram[255] / (a.size[0] * a.size[1])


def compare(page: Page, name: str) -> None:
    """Photograph the page (the window, without animation) and hold it against the
    reference ``name``."""
    page.wait_for_function(
        "() => [...document.images].every((i) => i.complete) && document.fonts.status === 'loaded'"
    )
    picture = page.screenshot(animations="disabled", caret="hide")
    TAKEN.mkdir(parents=True, exist_ok=True)
    (TAKEN / f"{name}.png").write_bytes(picture)
    # each moment photographed is also audited for accessibility
    assert audit(page) == [], name
    reference = REFERENCES / f"{name}.png"
    if UPDATE:
        REFERENCES.mkdir(parents=True, exist_ok=True)
        reference.write_bytes(picture)
        return
    assert reference.exists(), (
        f"no reviewed picture {reference.name}: review {TAKEN / (name + '.png')} and run "
        "these tests with PARLOUR_UPDATE_SCREENS=1"
    )
    share = _difference(picture, reference)
    assert share <= TOLERANCE, (
        f"{name}: {share:.1%} of the pixels differ from the reviewed picture "
        f"(tolerance {TOLERANCE:.0%}); see {TAKEN / (name + '.png')}"
    )


def _mahjong_choice(page: Page) -> str:
    """Make the person's fixed choice on a mahjong table; what was asked."""
    asked = page.get_attribute("#table", "data-asked") or ""
    if asked == "turn":
        page.locator('.seat.mine .hand .tile-button[aria-disabled="false"]').first.click()
    elif asked == "exchange":
        tiles = page.locator('.seat.mine .hand .tile-button[aria-disabled="false"]')
        for k in range(3):
            tiles.nth(k).click()
        page.locator('.actions button[data-kind="exchange"]').click()
    else:
        passing = page.locator('.actions button[data-kind="pass"]')
        (passing if passing.count() else page.locator(".actions button[data-action]")).first.click()
    return asked


def _cards_choice(page: Page) -> str:
    """Make the person's fixed choice on a card table."""
    bid = page.locator(".bid-button")
    if bid.count():
        for k in range(3):
            page.locator(".hand .card-button").nth(k).click()
        bid.click()
        return "bid"
    cards = page.locator(".hand .card-button:not([aria-disabled])")
    buttons = page.locator(".actions button[data-action]")
    if buttons.count():
        buttons.first.click()
        return "action"
    cards.first.click()
    return "card"


def play_and_photograph(page: Page, rules: str, size: str) -> None:
    cards = rules in CARDS
    ready = page.locator(CARDS_READY if cards else MAHJONG_READY).first
    choose: Callable[[Page], str] = _cards_choice if cards else _mahjong_choice
    ready.wait_for()
    compare(page, f"{rules}-{size}-start")
    middle = False
    for decision in range(600):
        ready.wait_for()
        if page.locator(".result:not([hidden])").count():
            assert middle, "the hand ended before its middle was photographed"
            compare(page, f"{rules}-{size}-end")
            return
        asked = page.get_attribute("#table", "data-asked")
        if not middle and (asked == "claim" if not cards else decision >= 6):
            compare(page, f"{rules}-{size}-middle")
            middle = True
        choose(page)
    raise AssertionError("the hand did not end")


def start_from_the_home_page(page: Page, base: str, rules: str) -> None:
    """Make the table as a person does: the home page, the rules, you in the first
    seat and greedy bots in the others, no claim timer, one hand; then take the seat."""
    seats, options, _ = GAMES[rules]
    page.goto(base + "/")
    page.select_option("#rules", rules)
    for name, value in options.items():
        page.select_option(f"#opt-{name}", str(value))
    for p, kind in enumerate(seats):
        page.select_option(f"#seat-{p}", kind)
    page.check("#no-timer")
    if rules not in CARDS:
        page.select_option("#hands", "1")
    page.click("#start")
    page.click("#your-seat")


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("rules", sorted(GAMES))
def test_each_games_table_from_the_home_page_looks_as_reviewed(
    running: Running,  # noqa: F811
    browser: Browser,  # noqa: F811
    rules: str,
    size: str,
) -> None:
    """From the home page to the end of a hand, at desktop and at phone size."""
    context = browser.new_context(viewport=SIZES[size], reduced_motion="reduce")
    context.set_default_timeout(15_000)
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        with fixed_seed(GAMES[rules][2]):
            start_from_the_home_page(page, running.url, rules)
            page.wait_for_selector("#table")
        play_and_photograph(page, rules, size)
    finally:
        context.close()
    assert errors == [], errors

"""The card games in a real browser: a deal of Piquet and one of Ninety-Nine played from
the home page to their end by clicking (the same server, browser and helpers as
``test_browser.py``)."""

from __future__ import annotations

import random

import pytest
from test_browser import Watched, browser, person, running, server, shot  # noqa: F401

READY = '#table:not([data-busy])[data-asked="yes"], .result:not([hidden])'
"""The table waits for this page: something to click, or a deal's end."""


def play_a_deal(page: object, rng: random.Random) -> str:
    """Answer every question of the table by clicking until the first deal ends; the
    title of the end-of-deal panel."""
    from playwright.sync_api import Page

    assert isinstance(page, Page)
    for _ in range(400):
        page.wait_for_selector(READY)
        result = page.locator(".result:not([hidden])")
        if result.count():
            return result.locator("h2").inner_text()
        bid = page.locator(".bid-button")
        if bid.count():  # Ninety-Nine: pick three cards, then bid
            cards = page.locator(".hand .card-button")
            for k in rng.sample(range(cards.count()), 3):
                page.locator(".hand .card-button").nth(k).click()
            assert "Bid: lay aside" in page.locator(".bid-button").inner_text()
            page.locator(".bid-button").click()
            continue
        exchange = page.locator('.actions button[data-action="exchange"]')
        if exchange.count() and rng.random() < 0.6:
            exchange.click()
            continue
        cards = page.locator(".hand .card-button:not([aria-disabled])")
        buttons = page.locator(".actions button[data-action]")
        if cards.count() and (not buttons.count() or rng.random() < 0.7):
            cards.nth(rng.randrange(cards.count())).click()
        else:
            assert buttons.count(), "the table asks but offers nothing to click"
            buttons.nth(rng.randrange(buttons.count())).click()
    raise AssertionError("the deal did not end")


@pytest.mark.parametrize(
    ("rules", "seats"), [("piquet", 2), ("ninety-nine", 3)], ids=["piquet", "ninety-nine"]
)
def test_a_deal_of_a_card_game_played_by_clicking_from_the_home_page(
    server: str,  # noqa: F811
    person: Watched,  # noqa: F811
    rules: str,
    seats: int,
) -> None:
    page = person.page()
    page.goto(server + "/")
    page.select_option("#rules", rules)
    assert page.locator(".seat-choice").count() == seats
    assert page.locator("#hands").is_hidden()
    page.click("#start")
    page.click("#your-seat")
    page.wait_for_selector("#table[data-phase]")
    assert page.locator(".hand .card-button").count() >= 9
    label = page.locator(".hand .card-button").first.get_attribute("aria-label") or ""
    assert " of " in label  # a card is named in words for screen readers
    shot(page, f"cards-{rules}-start")
    title = play_a_deal(page, random.Random(4))
    assert title == "Deal 1 is over"
    lines = page.locator(".result .deal-scores li").all_inner_texts()
    assert len(lines) >= seats and "(you)" in " ".join(lines)
    shot(page, f"cards-{rules}-deal-end")
    page.click(".result .next-hand")
    page.wait_for_function(
        "() => document.querySelector('.status').textContent.includes('deal 2')"
        " || document.querySelector('.result h2')?.textContent.includes('over')"
    )


@pytest.mark.parametrize(
    ("rules", "seats", "options"),
    [
        ("piquet", ["heuristic", "random"], {"partie": "single_game"}),
        ("ninety-nine", ["heuristic", "random", "random"], {}),
    ],
)
def test_a_finished_card_game_is_replayed_move_by_move(
    server: str,  # noqa: F811
    person: Watched,  # noqa: F811
    rules: str,
    seats: list[str],
    options: dict[str, object],
) -> None:
    """The records page's replay of a card game (bots only, played at once while the
    request waits for it): each move named by its player and action, and what it
    caused listed in words."""
    from test_browser import api

    spec = {
        "rules": rules,
        "options": options,
        "seats": seats,
        "policy": {"bot_seconds": 0},
        "wait_seconds": 60,
    }
    made = api(server, "/api/tables", spec)
    game = made["id"]
    assert api(server, f"/api/tables/{game}")["status"] == "finished"
    steps = api(server, f"/api/tables/{game}/replay/1")["steps"]
    page = person.page()
    page.goto(f"{server}/replay/{game}")
    page.wait_for_function("document.getElementById('replay').dataset.move === '0'")
    assert "move 0 of" in page.inner_text("#replay-title")
    page.click("#next-move")
    page.wait_for_function("document.getElementById('replay').dataset.move === '1'")
    title = page.inner_text("#replay-title")
    first = next(s for s in steps[1:] if s["action"] != "pass")
    assert f"{first['name']} {first['action']}" in title or steps[1]["action"] in title, title
    assert page.locator("#replay-board .replay-events li").count() >= 1
    shot(page, f"cards-replay-{rules}")

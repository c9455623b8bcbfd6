"""The card games in a real browser: a deal of Piquet and one of Ninety-Nine played from
the home page to their end by clicking (the same server, browser and helpers as
``test_browser.py``), with what a player sees checked on the way: cards as pictures
named in words, the other hands as backs (their number only), no empty actions box, the
talon's count in good English, the bid as a number of tricks, the end of a deal told in
full; and a finished card game replayed as a table."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import Page
from test_browser import Watched, browser, person, running, server, shot  # noqa: F401

READY = '#table:not([data-busy])[data-asked="yes"], .result:not([hidden])'
"""The table waits for this page: something to click, or a deal's end."""

CARD_NAME = re.compile(
    r"^(Ace|King|Queen|Jack|Ten|Nine|Eight|Seven|Six) of (spades|hearts|diamonds|clubs)"
)
BID_VALUES = {"C": 3, "H": 2, "S": 1, "D": 0}
"""Ninety-Nine: what each suit laid aside bids (the rules' BID_VALUES)."""


def check_table(page: Page, seen: dict[str, object]) -> None:
    """What must hold of a card table whenever it waits for the player: the hand's
    cards are pictures named in words, the other hands rows of backs as many as their
    count says, no face of another hand, no empty actions box, the talon counted in
    good English; ``seen`` gathers what was met (talon texts, asked without actions)."""
    hand = page.locator(".my-hand .card-button")
    for k in range(hand.count()):
        button = hand.nth(k)
        card = button.get_attribute("data-card") or ""
        img = button.locator("img.playing-card")
        assert img.get_attribute("src") == f"/cards/{card}.svg"
        assert CARD_NAME.match(button.get_attribute("aria-label") or ""), card
    for seat in page.locator(".opponent").all():
        said = re.search(r"(\d+) cards? in hand", seat.inner_text())
        assert said, seat.inner_text()
        backs = seat.locator(".card-backs img")
        faces = seat.locator('img.playing-card:not([src="/cards/back.svg"])')
        if faces.count() == 0:  # a hand shown face up by the rules has no backs
            assert backs.count() == int(said.group(1))
            assert seat.locator(".card-backs").get_attribute("data-count") == said.group(1)
            for k in range(backs.count()):
                assert backs.nth(k).get_attribute("src") == "/cards/back.svg"
    for box in page.locator(".actions").all():
        assert box.locator("button").count() >= 1, "an empty actions box"
    if page.get_attribute("#table", "data-asked") == "no":
        assert page.locator(".actions").count() == 0
        assert re.search(r"waiting for|over", page.inner_text(".status"))
    talon = page.locator(".talon p")
    if talon.count():
        text = talon.inner_text()
        assert re.fullmatch(r"Talon: (1 card|(\d+) cards)", text), text
        assert text != "Talon: 1 cards"
        seen.setdefault("talon", set()).add(text)  # type: ignore[union-attr]


def both_sizes(page: Page, name: str) -> None:
    """Photograph the page at desktop size and at a phone's."""
    shot(page, name)
    size = page.viewport_size
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, f"{name}-phone")
    if size:
        page.set_viewport_size(size)


def photograph_phases(page: Page, seen: dict[str, object]) -> None:
    """One picture (both sizes) of the first moment of each phase the player is asked in,
    and of the first trick with a card on it."""
    rules = page.get_attribute("#table", "data-rules")
    phase = page.get_attribute("#table", "data-phase") or ""
    if phase == "play" and not page.locator(".trick .played").count():
        return
    key = f"phase {phase}"
    if key not in seen:
        seen[key] = True
        both_sizes(page, f"cards-{rules}-{phase}")


def play_a_deal(page: Page, rng: random.Random, seen: dict[str, object]) -> str:
    """Answer every question of the table by clicking until the deal ends, checking
    the table at each question; the title of the end-of-deal panel. As Piquet's
    younger hand, exchange all but one card of the talon, so that one card is left."""
    for _ in range(400):
        page.wait_for_selector(READY)
        result = page.locator(".result:not([hidden])")
        if result.count():
            return result.locator("h2").inner_text()
        check_table(page, seen)
        photograph_phases(page, seen)
        bid = page.locator(".bid-button")
        if bid.count():  # Ninety-Nine: pick three cards, then bid
            assert "pick" in bid.inner_text().lower()
            cards = page.locator(".my-hand .card-button")
            picked = []
            for k in rng.sample(range(cards.count()), 3):
                button = page.locator(".my-hand .card-button").nth(k)
                picked.append(button.get_attribute("data-card") or "")
                button.click()
            words = page.locator(".bid-button").inner_text()
            value = sum(BID_VALUES[c[-1]] for c in picked)
            trick = "trick" if value == 1 else "tricks"
            assert words.startswith(f"Bid {value} {trick}: lay aside "), (words, picked)
            seen["bid"] = words
            page.locator(".bid-button").click()
            continue
        exchange = page.locator('.actions button[data-action="exchange"]')
        younger = page.get_attribute("#table", "data-seat-role") == "younger"
        if younger and page.get_attribute("#table", "data-phase") == "exchange":
            talon = int(page.get_attribute(".talon", "data-count") or "0")
            marked = page.locator(".my-hand .card-button.picked").count()
            if marked < talon - 1:
                page.locator(
                    ".my-hand .card-button:not(.picked):not([aria-disabled])"
                ).first.click()
                continue
            assert exchange.inner_text() == f"Exchange {talon - 1} cards"
            exchange.click()
            seen["younger exchanged"] = True
            continue
        if exchange.count() and rng.random() < 0.6:
            exchange.click()
            continue
        cards = page.locator(".my-hand .card-button:not([aria-disabled])")
        buttons = page.locator(".actions button[data-action]")
        if cards.count() and (not buttons.count() or rng.random() < 0.7):
            cards.nth(rng.randrange(cards.count())).click()
        else:
            assert buttons.count(), "the table asks but offers nothing to click"
            buttons.nth(rng.randrange(buttons.count())).click()
    raise AssertionError("the deal did not end")


def start(page: Page, server: str, rules: str, seats: int) -> None:  # noqa: F811
    page.goto(server + "/")
    page.select_option("#rules", rules)
    assert page.locator(".seat-choice").count() == seats
    assert page.locator("#hands").is_hidden()
    page.click("#start")
    page.click("#your-seat")
    page.wait_for_selector("#table[data-phase]")


def test_a_deal_of_piquet_played_by_clicking_shows_cards_backs_and_the_whole_end(
    server: str,  # noqa: F811
    person: Watched,  # noqa: F811
) -> None:
    page = person.page()
    start(page, server, "piquet", 2)
    page.wait_for_selector(".my-hand .card-button")
    assert page.locator(".my-hand .card-button").count() == 12
    assert page.locator(".opponent .card-backs img").count() == 12
    shot(page, "cards-piquet-start")
    seen: dict[str, object] = {}
    rng = random.Random(4)
    deal = 1
    while True:
        title = play_a_deal(page, rng, seen)
        assert title == f"Deal {deal} is over"
        # the finished deal stays in view: the next deal (dealt already) is not shown
        # under its result, and nothing on the table answers until you go on
        status = page.inner_text(".status")
        assert f"deal {deal} is over" in status and f"deal {deal + 1}" not in status, status
        assert page.get_attribute("#table", "data-asked") == "no"
        result = page.locator(".result")
        names = ["player 1 (you)", page.locator(".opponent h2").first.inner_text().split(" · ")[0]]
        lines = result.locator(".deal-scores li").all_inner_texts()
        assert len(lines) == 2 and "(you)" in " ".join(lines)
        summary = result.locator(".tricks-summary").inner_text()
        if "declarations" not in summary:  # the deal was played out: who took which trick
            assert all(n in summary for n in names), summary
            tricks = result.locator(".trick-history li")
            assert tricks.count() == 12
            takers = [re.search(r"taken by (.+)$", t).group(1) for t in tricks.all_text_contents()]  # type: ignore[union-attr]
            assert set(takers) <= set(names)
            counts = [takers.count(n) for n in names]
            assert summary == f"Tricks: {names[0]} {counts[0]}, {names[1]} {counts[1]}"
        ledger = result.locator(".ledger tbody tr")
        assert ledger.count() >= 1
        said = result.locator(".dialogue .said li")
        assert said.count() >= 1, "the declarations are listed"
        assert re.match(r"(player 1 \(you\)|heuristic \d): Point of ", said.first.inner_text())
        assert "point" in [u.get_attribute("data-category") for u in result.locator(".said").all()]
        both_sizes(page, f"cards-piquet-deal-{deal}-end")
        if seen.get("younger exchanged") or deal == 2:
            break
        page.click(".result .next-hand")
        deal += 1
        page.wait_for_function(
            f"() => document.querySelector('.status').textContent.includes('deal {deal} ·')"
        )
    assert seen.get("younger exchanged"), "younger in one of the first two deals"
    assert "Talon: 1 card" in seen["talon"], seen  # type: ignore[operator]
    assert any(t.endswith(" cards") for t in seen["talon"]), seen  # type: ignore[union-attr]


def test_a_deal_of_ninety_nine_played_by_clicking_bids_tricks_and_shows_backs(
    server: str,  # noqa: F811
    person: Watched,  # noqa: F811
) -> None:
    page = person.page()
    start(page, server, "ninety-nine", 3)
    page.wait_for_selector(".my-hand .card-button")
    assert page.locator(".my-hand .card-button").count() == 12
    assert page.locator(".opponent").count() == 2
    assert page.locator(".opponent .card-backs img").count() == 24
    assert "Trumps: diamonds" in page.inner_text(".trumps")
    shot(page, "cards-ninety-nine-start")
    seen: dict[str, object] = {}
    rng = random.Random(4)
    for _ in range(400):  # to the play: the bid counts against the tricks taken
        page.wait_for_selector(READY)
        if page.get_attribute("#table", "data-phase") == "play":
            break
        play_one(page, rng, seen)
    mine = page.inner_text(".my-hand h2")
    assert re.search(r"bid \d+, took \d+", mine), mine
    assert re.search(r"Your bid: \d+ tricks?", page.inner_text(".my-bid"))
    shot(page, "cards-ninety-nine-play")
    title = play_a_deal(page, rng, seen)
    assert title == "Deal 1 is over"
    assert re.match(r"Bid \d+ tricks?: lay aside ", str(seen["bid"]))
    rows = page.locator(".result .deal-scores tbody tr")
    tricks: list[int] = []
    assert rows.count() == 3
    for row in rows.all():
        cells = row.locator("td")
        assert re.fullmatch(r"\d+ tricks?", cells.nth(0).inner_text())
        assert row.locator("img.playing-card").count() == 3  # the cards laid aside
        took = re.fullmatch(r"(\d+), (made it|missed)", cells.nth(2).inner_text())
        assert took, cells.nth(2).inner_text()
        tricks.append(int(took.group(1)))
    assert sum(tricks) == 9
    both_sizes(page, "cards-ninety-nine-deal-end")
    page.set_viewport_size({"width": 390, "height": 844})
    page.click(".result .next-hand")
    page.wait_for_selector('#table[data-asked="yes"] .bid-button')
    shot(page, "cards-ninety-nine-phone")
    boxes = [b.bounding_box() for b in page.locator(".my-hand .card-button").all()]
    right = max(b["x"] + b["width"] for b in boxes if b)
    assert right <= 390, "the hand fits a phone's width"


def play_one(page: Page, rng: random.Random, seen: dict[str, object]) -> None:
    """One answer of the table, as ``play_a_deal`` gives it."""
    check_table(page, seen)
    photograph_phases(page, seen)
    bid = page.locator(".bid-button")
    if bid.count():
        for k in rng.sample(range(page.locator(".my-hand .card-button").count()), 3):
            page.locator(".my-hand .card-button").nth(k).click()
        seen["bid"] = page.locator(".bid-button").inner_text()
        if "picked" not in seen:
            seen["picked"] = True
            both_sizes(page, "cards-ninety-nine-bid-picked")
        page.locator(".bid-button").click()
        return
    buttons = page.locator(".actions button[data-action]")
    if buttons.count():
        buttons.nth(rng.randrange(buttons.count())).click()
        return
    page.locator(".my-hand .card-button:not([aria-disabled])").first.click()


def test_the_match_chart_of_one_deal_draws_a_bar_per_player(
    server: str,  # noqa: F811
    person: Watched,  # noqa: F811
) -> None:
    page = person.page()
    page.goto(server + "/")
    one, two = page.evaluate(
        """async () => {
        const { scoreChart } = await import('/static/cards.js');
        const one = scoreChart([[12, 30, 5]], ['A', 'B', 'C']);
        const two = scoreChart([[12, 30, 5], [1, -20, 40]], ['A', 'B', 'C']);
        const read = (f) => ({
          bars: f.querySelectorAll('rect').length,
          lines: f.querySelectorAll('polyline').length,
          label: f.querySelector('svg').getAttribute('aria-label'),
          legend: f.querySelector('.legend').textContent,
        });
        return [read(one), read(two)];
    }"""
    )
    assert one["bars"] == 3 and one["lines"] == 0
    assert "A 12" in one["label"] and "B 30" in one["label"] and "1 deal" in one["label"]
    assert two["bars"] == 0 and two["lines"] == 3
    assert "B 10" in two["label"] and "C 45" in two["label"]  # running totals


@pytest.mark.parametrize(
    ("rules", "seats", "options"),
    [
        ("piquet", ["heuristic", "random"], {"partie": "single_game"}),
        ("ninety-nine", ["heuristic", "random", "random"], {}),
    ],
)
def test_a_finished_card_game_is_replayed_move_by_move_as_a_table(
    server: str,  # noqa: F811
    person: Watched,  # noqa: F811
    rules: str,
    seats: list[str],
    options: dict[str, object],
) -> None:
    """The records page's replay of a card game (bots only, played at once while the
    request waits for it): each move named by its player and action, the hands drawn
    as cards, the trick with who played each card, the tricks taken."""
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
    board = page.locator("#replay-board")
    assert board.locator(".replay-seat").count() == len(seats)
    for seat in board.locator(".replay-seat").all():  # the deal: every hand, face up
        cards = seat.locator("img.playing-card")
        assert cards.count() == 12
        assert CARD_NAME.match(cards.first.get_attribute("alt") or "")
        assert re.fullmatch(
            r"/cards/(10|[2-9AKQJ])[SHDC]\.svg", cards.first.get_attribute("src") or ""
        )
    page.click("#next-move")
    page.wait_for_function("document.getElementById('replay').dataset.move === '1'")
    title = page.inner_text("#replay-title")
    first = next(s for s in steps[1:] if s["action"] != "pass")
    assert f"{first['name']} {first['action']}" in title or steps[1]["action"] in title, title
    assert board.locator(".replay-events li").count() >= 1
    # step on to the first card played: the trick shows it, with who played it
    plays = [i for i, s in enumerate(steps) if s["action"] and s["action"].startswith("play ")]
    shown = [s for s in steps if s["action"] != "pass"]
    target = shown.index(steps[plays[0]])
    for _ in range(target - 1):
        page.keyboard.press("ArrowRight")
    page.wait_for_function(f"document.getElementById('replay').dataset.move === '{target}'")
    card = steps[plays[0]]["action"].split()[1]
    played = board.locator(".trick .played")
    assert played.count() == 1
    assert played.locator("img").get_attribute("src") == f"/cards/{card}.svg"
    assert played.locator("figcaption").inner_text() == steps[plays[0]]["name"]
    mover = board.locator(".replay-seat.current")
    assert mover.count() == 1 and mover.locator(f'img[src="/cards/{card}.svg"]').count() == 0
    shot(page, f"cards-replay-{rules}")
    # the last move: the tricks taken, each with its taker
    for _ in range(len(shown)):
        if page.locator("#next-move").is_disabled():
            break
        page.keyboard.press("ArrowRight")
    history = board.locator(".trick-history li")
    assert history.count() >= 1
    assert all("taken by " in t for t in history.all_inner_texts())
    end = board.locator(".replay-end .deal-breakdown")  # the deal's end, told as at the table
    assert end.count() == 1
    assert end.locator(".ledger, .deal-scores").count() >= 1
    both_sizes(page, f"cards-replay-{rules}-end")


def test_a_finished_card_game_shows_the_standings_the_last_deal_and_a_chart(
    server: str,  # noqa: F811
    person: Watched,  # noqa: F811
) -> None:
    """A spectator of a finished Piquet game (bots only) sees the final scores, the last
    deal told in full and the scores over the deals: a line per player."""
    from test_browser import api

    spec = {
        "rules": "piquet",
        "options": {"partie": "single_game"},
        "seats": ["heuristic", "random"],
        "policy": {"bot_seconds": 0},
        "wait_seconds": 60,
    }
    made = api(server, "/api/tables", spec)
    assert made["status"] == "finished"
    page = person.page()
    page.goto(server + made["spectator"])
    page.wait_for_selector(".result:not([hidden]) h2")
    result = page.locator(".result")
    assert result.locator("h2").first.inner_text() == "The game is over"
    assert result.locator(".final tbody tr").count() == 2
    assert result.locator(".winner").inner_text() in ("heuristic 1 wins", "random 2 wins")
    assert result.locator(".deal-breakdown").count() == 1
    chart = result.locator(".match-chart")
    deals = api(server, f"/api/tables/{made['id']}")["hand"]
    assert chart.locator("polyline").count() == (2 if deals > 1 else 0)
    assert chart.locator("rect").count() == (2 if deals == 1 else 0)
    assert chart.locator(".legend li").count() == 2
    assert page.locator(".opponent").count() == 2  # a spectator sees both hands as backs
    assert page.locator(".my-hand").count() == 0
    assert page.locator(".actions").count() == 0
    shot(page, "cards-piquet-game-over")

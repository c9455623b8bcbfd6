"""The pages in a real browser: Debian's Chromium, driven by Playwright, against a real
server on a loopback port with a throwaway SQLite database.

A person starts a game from the home page and plays a whole hand by clicking tiles,
claims a discard, and reads the end-of-hand breakdown and payments; two friends sit at
one table, each in their own browser; the calculator scores a hand built by clicking as
``parlour score`` does; the records page lists a finished game whose replay steps move
by move and whose record validates; at phone width the hand fits, the keyboard plays,
tiles are named for screen readers and the last discard is marked by more than colour.

Playwright's own browsers are never downloaded: without ``chromium`` on the PATH these
tests are skipped, or fail when ``CI=true`` (``make test`` installs it when it can).
Screenshots go to ``var/screenshots/``.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from parlour.render.svg import tile_words

try:
    from playwright.sync_api import (
        Browser,
        BrowserContext,
        ConsoleMessage,
        Page,
        sync_playwright,
    )
except ImportError:  # pragma: no cover - the dev extra installs it
    sync_playwright = None  # type: ignore[assignment]

CHROMIUM = shutil.which("chromium")
ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENSHOTS = Path(__file__).resolve().parent.parent / "var" / "screenshots"
WAIT = 15_000  # ms: the longest any single step may take before a test fails
TILE_WORDS = re.compile(
    r"^([1-9] of (characters|circles|bamboos)|(East|South|West|North) wind"
    r"|(Red|Green|White) dragon)"
)


def _no_browser(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason}: CI=true needs the browser tests to run")
    pytest.skip(f"{reason} (make test installs Debian's chromium when run as root)")


# -- the server and the browser ---------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, headless."""
    if sync_playwright is None:
        _no_browser("Playwright is not installed")
    if CHROMIUM is None:
        _no_browser("no chromium on the PATH")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, browser: Browser) -> Iterator[str]:
    """A real parlour server (uvicorn in a thread); its base URL. (Started once the
    browser is there: without one the tests skip at once.)"""
    import uvicorn

    from parlour.server.app import create_app

    database = tmp_path_factory.mktemp("browser") / "games.db"
    port = _free_port()
    config = uvicorn.Config(
        create_app(f"sqlite:///{database}"), host="127.0.0.1", port=port, log_level="warning"
    )
    uv = uvicorn.Server(config)
    thread = threading.Thread(target=uv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not uv.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    uv.should_exit = True
    thread.join(timeout=10)


class Watched:
    """A browser context whose pages' script errors are collected."""

    def __init__(self, browser: Browser, **options: Any) -> None:
        self.context: BrowserContext = browser.new_context(**options)
        self.context.set_default_timeout(WAIT)
        self.errors: list[str] = []
        self.expected: list[str] = []  # console errors a test provokes on purpose

    def page(self) -> Page:
        page = self.context.new_page()
        page.on("pageerror", lambda e: self.errors.append(f"{page.url}: {e}"))
        page.on("console", lambda m: self._console(page, m))
        return page

    def _console(self, page: Page, message: ConsoleMessage) -> None:
        if message.type != "error":
            return
        where = message.location.get("url", "")
        if any(re.search(p, f"{message.text} {where}") for p in self.expected):
            return
        self.errors.append(f"{page.url}: {message.text} ({where})")

    def close(self) -> None:
        self.context.close()
        assert self.errors == [], "the pages logged errors:\n" + "\n".join(self.errors)


@pytest.fixture
def person(browser: Browser) -> Iterator[Watched]:
    """One person's browser (a desktop window); their pages must log no error."""
    watched = Watched(browser, viewport={"width": 1280, "height": 900})
    yield watched
    watched.close()


def shot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def api(base: str, path: str, body: Any = None) -> Any:
    """A JSON request to the server (POST when ``body`` is given)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        base + path, data=data, headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as reply:
        return json.loads(reply.read())


# -- a seat's table ---------------------------------------------------------------------------

READY = (
    '#table:not([data-busy])[data-asked="turn"], '
    '#table:not([data-busy])[data-asked="claim"], '
    ".result:not([hidden])"
)
"""The table waits for this page: a tile to discard, a claim to answer, or a hand's end."""


def asked(page: Page) -> str:
    """What the table asks of this seat now: turn, claim, answered or none."""
    return page.get_attribute("#table", "data-asked") or "none"


def discard_by_click(page: Page, rng: random.Random) -> str:
    """Click one of the tiles the seat may discard; its name."""
    tiles = page.locator('.seat.mine .hand .tile-button[aria-disabled="false"]')
    names = tiles.evaluate_all("bs => bs.map(b => b.dataset.tile)")
    assert names, "the seat is asked to discard but no tile can be clicked"
    k = rng.randrange(len(names))
    tiles.nth(k).click()
    return str(names[k])


def read_result(page: Page) -> dict[str, Any]:
    """The end-of-hand panel: the winners' breakdowns and the payments."""
    result = page.locator(".result")
    tables = []
    for t in result.locator("table.breakdown").all():
        rows = t.locator("tr.pattern").evaluate_all(
            "rs => rs.map(r => [...r.cells].map(c => c.textContent))"
        )
        total = t.locator("tr.total td.points").inner_text()
        tables.append({"rows": rows, "total": int(total)})
    payments = result.locator(".payments li").evaluate_all(
        "ls => ls.map(l => Number(l.dataset.amount))"
    )
    return {
        "title": result.locator("h2").first.inner_text(),
        "wins": tables,
        "winners": result.locator("h3.winner").all_inner_texts(),
        "drawn": result.locator(".drawn-hand").count() > 0,
        "payments": payments,
    }


def test_a_hand_played_by_clicking_from_the_home_page_with_a_claim(
    server: str, person: Watched
) -> None:
    page = person.page()
    page.goto(server + "/")
    page.select_option("#rules", "mcr")
    page.select_option("#seat-0", "human")
    for p in (1, 2, 3):
        page.select_option(f"#seat-{p}", "greedy")
    page.select_option("#hands", "8")
    shot(page, "home")
    page.click("#start")
    page.click("#your-seat")
    page.wait_for_selector(".seat.mine .hand .tile-button")
    assert "you are E" in page.inner_text(".status")
    assert page.locator(".board .seat").count() == 4

    rng = random.Random(9)
    ready = page.locator(READY).first
    claimed = ticked = False
    hands_over: list[dict[str, Any]] = []
    discards = 0
    for _ in range(2000):
        ready.wait_for()
        if page.locator(".result").is_visible():
            result = read_result(page)
            hands_over.append(result)
            if len(hands_over) == 1:
                shot(page, "end-of-hand")
            if claimed and any(r["wins"] for r in hands_over):
                break
            assert len(hands_over) < 8, "eight hands without both a claim and a win"
            page.click("#next")
            continue
        if asked(page) == "claim":
            countdown = page.locator(".actions .countdown")
            if not ticked:
                # the countdown ticks in the page, between the server's messages
                first = countdown.inner_text()
                assert re.fullmatch(r"\d+ s left to answer", first), first
                shot(page, "claim")
                page.wait_for_function(
                    "n => { const c = document.querySelector('.actions .countdown');"
                    " return c !== null && parseInt(c.textContent) < n; }",
                    arg=int(first.split()[0]),
                )
                ticked = True
            claim = page.locator(".actions button[data-action]:not([data-action=pass])")
            assert claim.count() > 0, "a claim window with nothing but pass was put to the seat"
            claim.first.click()
            claimed = True
            continue
        win = page.locator(".actions button[data-kind=win]")
        if win.count():
            win.first.click()
            continue
        discard_by_click(page, rng)
        discards += 1
    else:
        raise AssertionError("the game never got there")

    assert claimed and ticked and discards > 0
    assert hands_over[0]["title"] == "Hand 1 is over"
    for result in hands_over:
        assert len(result["payments"]) == 4 and sum(result["payments"]) == 0
        assert result["drawn"] or result["wins"]
        for win in result["wins"]:
            points = sum(int(row[3]) for row in win["rows"])
            assert win["rows"] and points == win["total"]
    assert any(" wins on the " in w for r in hands_over for w in r["winners"])


def test_two_friends_at_one_table_each_play_their_own_turn(server: str, browser: Browser) -> None:
    ann, bob = Watched(browser), Watched(browser)
    a = ann.page()
    a.goto(server + "/")
    a.select_option("#seat-1", "human")
    a.fill("#name-0", "Ann")
    a.fill("#name-1", "Bob")
    a.click("#start")
    link = a.get_attribute("#seat-link-1", "href")
    assert link is not None and link.startswith("/play/")
    a.click("#your-seat")
    b = bob.page()
    b.goto(server + link)
    for page, me, friend in ((a, "E", "Bob"), (b, "S", "Ann")):
        page.wait_for_selector(".seat.mine .hand .tile-button")
        assert f"you are {me}" in page.inner_text(".status")
        assert friend in page.locator(".board").inner_text()
        assert page.locator(".board .seat").count() == 4

    rng = random.Random(4)
    played: dict[str, str] = {}
    deadline = time.monotonic() + 60
    while len(played) < 2:
        assert time.monotonic() < deadline, "the friends did not both get a turn"
        for page, name, other in ((a, "Ann", b), (b, "Bob", a)):
            if page.get_attribute("#table", "data-busy"):
                continue
            now = asked(page)
            if now == "turn" and name not in played:
                # the other friend cannot discard while it is not their turn
                assert asked(other) != "turn"
                idle = other.locator('.seat.mine .hand .tile-button[aria-disabled="false"]')
                assert idle.count() == 0
                played[name] = discard_by_click(page, rng)
            elif now == "claim":
                page.click('.actions button[data-action="pass"]')
        a.wait_for_timeout(100)
    shot(a, "friends-ann")
    shot(b, "friends-bob")
    # each saw the other's discard (the events name who discarded what)
    for page, name in ((a, "Bob"), (b, "Ann")):
        words = tile_words(played[name])
        page.locator(".events li", has_text=f"{name} discards the {words}").first.wait_for(
            state="attached"
        )
    ann.close()
    bob.close()


def _cli_score(*args: str) -> dict[str, Any]:
    from typer.testing import CliRunner

    from parlour.cli import app

    out = CliRunner().invoke(app, ["score", *args, "--json"])
    assert out.exit_code == 0, out.output
    scored: dict[str, Any] = json.loads(out.output)
    return scored


def _page_score(page: Page) -> tuple[dict[str, Any], dict[str, Any]]:
    """Press Score: the situation the page sent, and the breakdown it shows."""
    with page.expect_request("**/api/score") as request:
        page.click("#score")
    sent = request.value.post_data_json
    assert isinstance(sent, dict)
    page.wait_for_selector("#calc-breakdown tr.total")
    rows = page.locator("#calc-breakdown tr.pattern").evaluate_all(
        "rs => rs.map(r => [...r.cells].map(c => c.textContent))"
    )
    total = int(page.locator("#calc-breakdown tr.total td.points").inner_text())
    return sent, {"rows": rows, "total": total, "verdict": page.inner_text("#verdict")}


def _same(shown: dict[str, Any], scored: dict[str, Any]) -> None:
    assert shown["total"] == scored["total"]
    expected = [[p["name"], str(p["value"]), str(p["count"])] for p in scored["patterns"]]
    assert [row[:3] for row in shown["rows"]] == expected
    assert [int(row[3]) for row in shown["rows"]] == [
        p["value"] * p["count"] for p in scored["patterns"]
    ]


def test_the_calculator_scores_a_clicked_hand_as_parlour_score_does(
    server: str, person: Watched
) -> None:
    page = person.page()
    page.goto(server + "/calculator")
    page.wait_for_selector(".palette button")
    systems = api(server, "/api/rules")["systems"]
    offered = page.locator("#calc-rules option:not([disabled])").evaluate_all(
        "os => os.map(o => o.value)"
    )
    assert "mcr" in offered
    assert set(offered) <= {s["name"] for s in systems if s["status"] != "planned"}
    page.select_option("#calc-rules", "mcr")

    page.check("#mode-chow")
    page.click(".palette [data-tile='1m']")
    page.check("#mode-concealed")
    for t in ["4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "E", "C"]:
        page.click(f".palette [data-tile='{t}']")
    page.check("#mode-win")
    page.click(".palette [data-tile='C']")
    page.check("#flag-self_drawn")
    page.check("#flag-last_wall_tile")
    page.select_option("#seat-wind", "S")
    page.select_option("#round-wind", "W")
    page.click("#bonus-f1")
    page.click("#bonus-x3")
    assert page.get_attribute("#bonus-x3", "aria-pressed") == "true"
    assert page.input_value("#hand-text") == "[123m] 456p 789s EEE CC +C"
    sent, shown = _page_score(page)
    assert sent == {
        "rules": "mcr",
        "hand": "[123m] 456p 789s EEE CC +C",
        "win_tile": "C",
        "seat_wind": "S",
        "round_wind": "W",
        "self_drawn": True,
        "last_wall_tile": True,
        "bonus": "f1 x3",
    }
    scored = _cli_score(
        "[123m] 456p 789s EEE CC +C", "--self-drawn", "--last-tile", "--seat", "S",
        "--round", "W", "--flowers", "2",
    )  # fmt: skip
    _same(shown, scored)
    assert shown["verdict"] == f"A winning hand: {scored['total']} points"
    assert "Flower Tiles" in [row[0] for row in shown["rows"]]
    shot(page, "calculator")

    # every other rule system offered scores the same hand with its own rulebook
    from parlour import score

    for rules in offered:
        if rules == "mcr":
            continue
        page.select_option("#calc-rules", rules)
        sent, shown = _page_score(page)
        assert sent["rules"] == rules
        scored = score(sent).to_json()
        assert shown["total"] == scored["total"]
        assert [row[0] for row in shown["rows"]] == [p["name"] for p in scored["patterns"]]
    page.select_option("#calc-rules", "mcr")

    # typed notation, on another's discard, the last tile of its kind
    page.fill("#hand-text", "[123m] 456p 78s EEE CC +9s")
    page.uncheck("#flag-self_drawn")
    page.uncheck("#flag-last_wall_tile")
    page.check("#flag-last_of_kind")
    page.select_option("#seat-wind", "E")
    page.select_option("#round-wind", "E")
    page.select_option("#discarder", "N")
    page.click("#bonus-f1")
    page.click("#bonus-x3")
    sent, shown = _page_score(page)
    assert sent["last_of_kind"] is True and sent["discarder"] == "N" and "bonus" not in sent
    _same(shown, _cli_score("[123m] 456p 78s EEE CC +9s", "--last-of-kind", "--from", "N"))

    # a hand that is no win is told so, with the reason; a typing slip too
    page.fill("#hand-text", "123m 456p 789s EEE CF +F")
    _, shown = _page_score(page)
    assert shown["verdict"].startswith("Not a valid win: not a winning hand")
    person.expected.append(r"status of 400 .*/api/score")
    page.fill("#hand-text", "123m 456p 789s EEE CX +X")
    assert page.locator("#picked .unknown").all_inner_texts() == ["CX?", "X?"]
    page.click("#score")
    assert "X" in page.locator("#calc-result .error").inner_text()


def test_a_finished_game_is_listed_replayed_and_its_record_validates(
    server: str, person: Watched, tmp_path: Path
) -> None:
    from parlour.records import validate

    made = api(server, "/api/tables", {"seats": ["greedy"] * 4, "policy": {"hands": 1}})
    game = made["id"]
    assert api(server, f"/api/tables/{game}")["status"] == "finished"
    page = person.page()
    page.goto(server + "/records")
    row = page.locator(f'#records tr[data-game="{game}"]')
    assert row.get_attribute("data-status") == "finished"
    assert "greedy 1" in row.inner_text()

    with page.expect_download() as download:
        row.locator(".record-link").click()
    saved = tmp_path / "record.json"
    download.value.save_as(saved)
    record = json.loads(saved.read_text())
    report = validate(record)
    assert report.ok, report.message

    row.locator(".replay-link").click()
    replay = page.locator("#replay")
    page.wait_for_function("document.getElementById('replay').dataset.move === '0'")
    assert "move 0 of" in page.inner_text("#replay-title")
    assert page.locator("#replay-board .seat").count() == 4
    before = page.locator("#replay-board").inner_html()
    for k in (1, 2, 3):
        page.click("#next-move")
        assert replay.get_attribute("data-move") == str(k)
    assert page.locator("#replay-board").inner_html() != before
    title = page.inner_text("#replay-title")
    assert re.search(r"move 3 of \d+: greedy \d \([ESWN]\) \w+", title), title
    page.keyboard.press("ArrowLeft")
    assert replay.get_attribute("data-move") == "2"
    # the last move of the hand is its end: a win or the wall run dry
    page.check("#show-passes")
    found = re.search(r"move \d+ of (\d+)", page.inner_text("#replay-title"))
    assert found is not None
    last = int(found.group(1))
    steps = api(server, f"/api/tables/{game}/replay/1")["steps"]
    assert last == len(steps) - 1
    shot(page, "replay")

    # a spectator of the finished game sees the last hand, the standings and the chart
    page.goto(server + made["spectator"])
    standings = page.locator(".result .standings")
    standings.wait_for()
    assert standings.locator("tr").count() == 5  # a head and four players
    assert standings.locator("svg.chart polyline").count() == 4
    assert page.locator(".result #next, .seat.mine").count() == 0
    assert len(read_result(page)["payments"]) == 4
    shot(page, "match-over")


def test_at_phone_width_the_keyboard_plays_and_tiles_are_named(
    server: str, browser: Browser
) -> None:
    phone = Watched(browser, viewport={"width": 390, "height": 844}, has_touch=True)
    policy = {"pause_seconds": 0, "claim_seconds": 60, "hand_pause_seconds": 60}
    made = api(
        server, "/api/tables", {"seats": ["human", "greedy", "greedy", "greedy"], "policy": policy}
    )
    page = phone.page()
    page.goto(server + made["links"][0]["url"])
    page.wait_for_selector('#table[data-asked="turn"]:not([data-busy])')

    # the whole hand fits on one row, and the page does not scroll sideways
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    boxes = [b.bounding_box() for b in page.locator(".seat.mine .hand .tile-button").all()]
    assert len(boxes) == 14
    assert all(b is not None and b["x"] >= 0 and b["x"] + b["width"] <= 390 for b in boxes)
    assert len({round(b["y"]) for b in boxes if b is not None}) == 1
    shot(page, "phone")

    # every tile is named in words for screen readers
    for button in page.locator(".seat.mine .hand .tile-button").all():
        label = button.get_attribute("aria-label") or ""
        name = button.get_attribute("data-tile") or ""
        assert TILE_WORDS.match(label) and label.startswith(tile_words(name)), label
    for img in page.locator(".discards img, .bonus img").all():
        assert (img.get_attribute("alt") or "").strip()

    # Enter on a focused tile discards it; after the others play, the keyboard is
    # back on the hand, where an arrow moves and Space discards
    def discard_with(key: str, move: bool) -> None:
        if move:
            page.keyboard.press("ArrowRight")
        else:
            page.locator('.seat.mine .hand .tile-button[aria-disabled="false"]').first.focus()
        tile = page.evaluate("document.activeElement.dataset.tile")
        assert tile, "no tile has the keyboard focus"
        page.keyboard.press(key)
        words = tile_words(tile)
        page.locator(".events li", has_text=f"player 1 discards the {words}").first.wait_for(
            state="attached"
        )

    def until_my_turn() -> None:
        """Pass every claim by keyboard (and go on after a hand's end) until the seat's
        turn; the keyboard follows: to the claim buttons, the Next button, the hand."""
        for _ in range(200):
            page.wait_for_selector(READY)
            if page.locator(".result").is_visible():
                assert page.evaluate("document.activeElement.id === 'next'")
                page.keyboard.press("Enter")
            elif asked(page) == "claim":
                # the keyboard is on the claim buttons; P passes
                assert page.evaluate("document.activeElement.dataset.action === 'pass'")
                page.keyboard.press("p")
                page.wait_for_selector("#table[data-busy]", state="detached")
            else:
                return
        raise AssertionError("the seat's turn never came")

    discard_with("Enter", move=False)
    until_my_turn()
    assert page.evaluate("document.activeElement.classList.contains('tile-button')")
    discard_with(" ", move=True)
    until_my_turn()

    # the last discard is marked by an outline, a lift and the word "last"
    page.wait_for_selector('#table[data-asked="turn"]:not([data-busy]) [data-last="yes"]')
    marked = page.locator('[data-last="yes"]')
    assert marked.count() == 1
    assert marked.locator(".last-mark").inner_text().endswith("last")
    assert (marked.locator("img").get_attribute("alt") or "").endswith(", the last discard")
    shot(page, "phone-last-discard")

    # the other pages do not scroll sideways either
    for path in ("/", "/calculator", "/records"):
        page.goto(server + path)
        page.wait_for_load_state("networkidle")
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), path
    phone.close()


def test_when_something_goes_wrong_the_log_and_record_are_offered(
    server: str, person: Watched
) -> None:
    made = api(
        server,
        "/api/tables",
        {"seats": ["human", "greedy", "greedy", "greedy"], "policy": {"pause_seconds": 0}},
    )
    page = person.page()
    page.goto(server + made["links"][0]["url"])
    page.wait_for_selector('#table[data-asked="turn"]')
    # an action the rules refuse (as a stale page might send): the reason, then help
    page.evaluate("window.parlour.act('discard 9z')")
    box = page.locator(".error-box")
    box.wait_for()
    assert box.locator(".error").inner_text().strip()
    record = box.locator(f'a[href="/api/tables/{made["id"]}/record"]')
    assert record.count() == 1
    box.locator(".copy-log").click()
    log = json.loads(page.input_value("#log-text"))
    assert log["game"] == made["id"]
    assert any("sent" in m and m["sent"].get("action") == "discard 9z" for m in log["messages"])
    assert any(m.get("received", {}).get("type") == "error" for m in log["messages"])
    shot(page, "error")

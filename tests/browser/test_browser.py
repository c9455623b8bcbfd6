"""The pages in a real browser: Debian's Chromium, driven by Playwright, against a real
server on a loopback port with a throwaway SQLite database.

A person starts a game from the home page and plays a whole hand by clicking tiles,
claims a discard, and reads the end-of-hand breakdown and payments; two friends sit at
one table, each in their own browser; the calculator scores a hand built by clicking as
``parlour score`` does; the records page lists a finished game whose replay steps move
by move and whose record validates; at phone width the hand fits, the keyboard plays,
tiles are named for screen readers and the last discard is marked by more than colour.
Chinese classical: a hand played from the home page ends with every seat's breakdown and
the settlement; tables of two, three and five players (one resting); a goulash's three
exchanges are three tiles picked in the hand (never hundreds of buttons), by mouse and by
keyboard, on a table whose washed-out first hand is put in its log beforehand.
Gold mahjong: a Xiamen hand from the home page shows the Gold indicator, marks every
Gold in the hand and the rivers, and ends with the water lines and the multiplier (or
the draw); a float round and the after-deal choices are drawn by the page's renderer.

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
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

import pytest

from parlour.render.svg import tile_words
from places import ROOT

if TYPE_CHECKING:
    from parlour.server.manager import Manager

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
SCREENSHOTS = ROOT / "var" / "screenshots"
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


class Running(NamedTuple):
    """The server under test: its base URL, and its games (read by the tests, and
    given a game whose first hand is already in its log)."""

    url: str
    manager: Manager


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
def running(tmp_path_factory: pytest.TempPathFactory, browser: Browser) -> Iterator[Running]:
    """A real parlour server (uvicorn in a thread): its base URL and its games. (Started
    once the browser is there: without one the tests skip at once.)"""
    import uvicorn

    from parlour.server.app import create_app
    from parlour.server.limits import Limits

    database = tmp_path_factory.mktemp("browser") / "games.db"
    port = _free_port()
    app = create_app(f"sqlite:///{database}", limits=Limits.none())
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    uv = uvicorn.Server(config)
    thread = threading.Thread(target=uv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not uv.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the server did not start")
        time.sleep(0.05)
    yield Running(f"http://127.0.0.1:{port}", app.state.manager)
    uv.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def server(running: Running) -> str:
    """The server's base URL."""
    return running.url


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
    # movement on the table (a discard sliding in) is taken at its end
    page.screenshot(path=str(shots() / f"{name}.png"), full_page=True, animations="disabled")


def shots() -> Path:
    """The folder of the screenshots (made when missing)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


def start_from_home(
    page: Page, base: str, rules: str, seats: int, *, hands: str, options: Sequence[str] = ()
) -> None:
    """Start a table from the home page: ``rules`` with ``seats`` people (the players
    option), this person in seat 0 and greedy bots in the others, ``hands`` hands (a
    choice of the hands menu); every named option is offered; this person takes the seat."""
    page.goto(base + "/")
    page.select_option("#rules", rules)
    for name in ("players", *options):
        assert page.locator(f"#opt-{name}").count() == 1, name
    page.select_option("#opt-players", str(seats))
    assert page.locator("#seats select").count() == seats
    page.select_option("#seat-0", "human")
    for p in range(1, seats):
        page.select_option(f"#seat-{p}", "greedy")
    page.select_option("#hands", hands)
    page.click("#start")
    page.click("#your-seat")


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


def win_pass_or_discard(page: Page, rng: random.Random) -> None:
    """Win whenever the table offers it; otherwise pass a claim, or discard a tile at
    random by clicking."""
    win = page.locator(".actions button[data-kind=win]")
    if win.count():
        win.first.click()
    elif asked(page) == "claim":
        page.locator('.actions [data-action="pass"]').click()
    else:
        discard_by_click(page, rng)


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


GOLD_RULES = {"xiamen", "quanzhou", "fuzhou"}


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

    # (a rule system whose scorer needs a field of its own, a fortune indicator, is
    # checked with a hand of its own in test_browser_hangzhou.py)
    needs = {s["name"] for s in systems if s.get("required")}
    # (nor one whose tile set lacks the hand's tiles: Kawuxing's 84 have no characters
    # and no winds, so it refuses this hand as bad input)
    from parlour.mahjong.tiles import parse_tiles
    from parlour.registry import find_system

    held = parse_tiles("123m 456p 789s EEE CC")
    lacking = {
        name
        for name in offered
        if hasattr(find_system(name), "make_ruleset")
        and not all(find_system(name).make_ruleset({}).tile_set.counts[t] for t in held)
    }
    for rules in offered:
        if rules == "mcr" or rules in GOLD_RULES or rules in needs or rules in lacking:
            continue  # a gold hand holds 17 tiles: checked below
        page.select_option("#calc-rules", rules)
        sent, shown = _page_score(page)
        assert sent["rules"] == rules
        scored = score(sent).to_json()
        assert shown["total"] == scored["total"]
        assert [row[0] for row in shown["rows"]] == [p["name"] for p in scored["patterns"]]
    page.select_option("#calc-rules", "mcr")
    assert page.is_hidden("#calc-gold-row")

    # gold mahjong: the Gold indicator (xiamen-gold.md Ex 1, 16 in all)
    if "xiamen" in offered:
        page.select_option("#calc-rules", "xiamen")
        assert page.is_visible("#calc-gold-row")
        page.select_option("#calc-gold", "5p")
        page.uncheck("#flag-self_drawn")
        page.uncheck("#flag-last_wall_tile")
        page.fill("#hand-text", "[EEE] [345m] 777s 123p 45s 99m +6s")
        page.select_option("#seat-wind", "S")
        page.select_option("#discarder", "N")  # f1 and x3 are still pressed from above
        sent, shown = _page_score(page)
        assert sent["gold"] == "5p" and sent["discarder"] == "N" and sent["bonus"] == "f1 x3"
        assert shown["total"] == score(sent).total == 16
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

    spec = {"seats": ["greedy"] * 4, "policy": {"hands": 1, "bot_seconds": 0}, "wait_seconds": 60}
    made = api(server, "/api/tables", spec)
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
    # one hand: each player's total as a bar (a line over one hand would be a dot)
    bars = standings.locator("svg.chart rect.bar")
    assert bars.count() == 4 and standings.locator("svg.chart polyline").count() == 0
    totals = sorted(int(t) for t in bars.evaluate_all("bs => bs.map(b => b.dataset.total)"))
    scores = sorted(int(t) for t in standings.locator("tr td:nth-child(3)").all_inner_texts())
    assert totals == scores
    widths = bars.evaluate_all("bs => bs.map(b => Number(b.getAttribute('width')))")
    assert max(widths) > 50 or max(abs(t) for t in totals) == 0
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


# -- Chinese classical: every seat's hand scored, the goulash's exchanges ----------------


def read_scores(page: Page) -> dict[str, Any]:
    """The end-of-hand panel of a rule system that scores every seat: each seat's
    breakdown (heading, reading, lines, arithmetic, total) and the settlement."""
    result = page.locator(".result")
    seats = []
    for article in result.locator(".scores article.seat-score").all():
        lines = article.locator("tr.pattern").evaluate_all(
            "rs => rs.map(r => [...r.cells].map(c => c.textContent))"
        )
        reading = article.locator(".reading")
        arithmetic = article.locator("tr.arithmetic")
        seats.append(
            {
                "seat": int(article.get_attribute("data-seat") or -1),
                "heading": article.locator("h4").inner_text(),
                "reading": reading.get_attribute("data-reading") if reading.count() else None,
                "lines": lines,
                "arithmetic": arithmetic.inner_text() if arithmetic.count() else None,
                "total": int(article.locator("tr.total td.points").inner_text()),
            }
        )
    nets = result.locator(".payments li").evaluate_all(
        "ls => ls.map(l => [Number(l.dataset.seat), Number(l.dataset.amount), l.textContent])"
    )
    return {
        "title": result.locator("h2").first.inner_text(),
        "winners": result.locator("h3.winner").all_inner_texts(),
        "settlement": result.locator("h3", has_text="Settlement").count() == 1,
        "seats": seats,
        "nets": nets,
    }


def _worth(pattern: dict[str, Any]) -> str:
    """A line's worth as the page should write it: "8 points", "1 double", "limit"."""
    if pattern["unit"] == "limit":
        return "limit"
    n = pattern["value"] * pattern["count"]
    unit = pattern["unit"]
    return f"{n} {unit[:-1] if n == 1 else unit}"


def test_a_classical_hand_from_the_home_page_shows_every_seats_score_and_the_settlement(
    running: Running, person: Watched
) -> None:
    page = person.page()
    page.goto(running.url + "/")
    page.select_option("#rules", "classical")
    # the seats follow the 'players' option
    for count in ("2", "3", "5", "4"):
        page.select_option("#opt-players", count)
        assert page.locator("#seats select").count() == int(count)
    page.select_option("#seat-0", "human")
    page.fill("#name-0", "Ann")
    for p in (1, 2, 3):
        page.select_option(f"#seat-{p}", "greedy")
    page.select_option("#hands", "8")
    page.click("#start")
    page.click("#your-seat")
    page.wait_for_selector(".seat.mine .hand .tile-button")
    assert "you are E" in page.inner_text(".status")
    assert page.locator(".board .seat").count() == 4
    game = page.get_attribute("#table", "data-game")
    assert game is not None

    rng = random.Random(10)
    ready = page.locator(READY).first
    washouts = 0
    for _ in range(3000):
        ready.wait_for()
        if page.locator(".result").is_visible():
            shown = read_scores(page)
            if not shown["winners"]:
                washouts += 1
                assert shown["seats"] == [], "a washout has no scores"
                assert washouts < 8, "eight washouts in a row"
                page.click("#next")
                continue
            break
        win_pass_or_discard(page, rng)
    else:
        raise AssertionError("no classical hand was won")
    shot(page, "classical-end-of-hand")

    # what the page shows is the hand's result as the server scored it
    live = running.manager.get(game)
    assert live is not None
    session = live.session
    number = int(shown["title"].split()[1])
    result = session.tables[number - 1].result()
    assert result is not None and result["wins"]
    scores = result["scores"]
    assert len(shown["seats"]) == 4 == len(scores)
    for seat, (on_page, scored) in enumerate(zip(shown["seats"], scores, strict=True)):
        assert on_page["seat"] == seat
        assert on_page["total"] == scored["total"]
        assert str(scored["total"]) in on_page["heading"]
        assert on_page["reading"] == scored.get("reading")
        assert [[line[0], line[2]] for line in on_page["lines"]] == [
            [p["name"], _worth(p)] for p in scored["patterns"]
        ]
        # the arithmetic: "52 points x 2^1 = 104", "limit hand: 500" (none for a hand
        # of no sets at all, which scores nothing)
        assert on_page["arithmetic"] == (scored["explain"][-1] if scored["explain"] else None)
        if on_page["arithmetic"] is not None:
            assert re.search(
                r"= \d+(, capped at the limit \d+)?$|^limit hand: \d+$", on_page["arithmetic"]
            )
    winner = result["wins"][0]
    assert shown["seats"][winner["seat"]]["total"] == winner["total"]
    assert "winner" in shown["seats"][winner["seat"]]["heading"]
    # each seat's breakdown is headed by its player's name and wind
    named = [
        re.sub(r" \([ESWN]\)$", "", s["heading"].split(":")[0].split(" · ")[0])
        for s in shown["seats"]
    ]
    assert sorted(named) == sorted(session.players)
    # the settlement: each player's net, named, summing to zero
    assert shown["settlement"]
    nets = [amount for _, amount, _ in shown["nets"]]
    assert nets == result["payments"] and sum(nets) == 0 and len(nets) == 4
    assert shown["nets"][0][2].startswith("Ann (E): ")
    # at phone width the breakdowns fit: the page does not scroll sideways
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shot(page, "classical-end-of-hand-phone")


def test_classical_tables_of_two_three_and_five_players_from_the_home_page(
    server: str, person: Watched
) -> None:
    page = person.page()
    for count, seats in ((2, 2), (3, 3), (5, 4)):
        page.goto(server + "/")
        page.select_option("#rules", "classical")
        page.select_option("#opt-players", str(count))
        assert page.locator("#seats select").count() == count
        page.select_option("#seat-0", "human")
        page.click("#start")
        page.click("#your-seat")
        page.wait_for_selector(".board .seat")
        # (a resting person's table of bots may finish the hand before the page shows it:
        # then the hand's end names who sat out)
        page.wait_for_function(
            "() => /sit(s)? this hand out|you are|is over/.test(document.querySelector('.status')"
            " ?.textContent || '')"
        )
        # as many seats at the table as the rules seat; with five, one player rests
        assert page.locator(".board .seat").count() == seats
        # around the centre from your side (from seat 0's while you sit out): with
        # three, the others to your right and left; with two, across
        places = _around_the_centre(page)
        assert sorted(places) == sorted(_PLACES[seats])
        # read together: a table of bots with you resting plays on between two reads
        status, now = page.evaluate(
            "() => [document.querySelector('.status').innerText, (" + _BOARD_NOW + ")()]"
        )
        # the players of the hand drawn (the finished one while its result is up)
        players = now["observation"]["match"]["players"]
        state = now["state"]
        resting = [p["name"] for p in players if p["seat"] is None]
        # with five, the seat lot decides who rests first (it may be you: player 1)
        assert len(resting) == (1 if count == 5 else 0)
        if players[state["player"]]["seat"] is None and " is over" in status:
            note = page.locator(".result .resting").inner_text()
            assert note == f"{resting[0]} sat this hand out.", note
        elif players[state["player"]]["seat"] is None:
            assert "you sit this hand out" in status, status
        else:
            assert "you are " in status, status
            assert ("sits this hand out" in status) == (count == 5), status
            if count == 5:
                assert f"{resting[0]} sits this hand out" in status
        shot(page, f"classical-{count}-players")

    # a finished five-player game: the last hand's breakdowns are the four seats in
    # play, and the player who rested is named
    for _ in range(12):
        made = api(
            server,
            "/api/tables",
            {"rules": "classical", "options": {"players": 5}, "seats": ["greedy"] * 5,
             "policy": {"hands": 2, "bot_seconds": 0}, "wait_seconds": 60},
        )  # fmt: skip
        page.goto(server + made["spectator"])
        page.locator(".result .standings").wait_for()
        shown = read_scores(page)
        if shown["winners"]:
            break
    else:
        raise AssertionError("twelve five-player games ended on a washout")
    assert len(shown["seats"]) == 4 and len(shown["nets"]) == 4
    assert sum(amount for _, amount, _ in shown["nets"]) == 0
    assert re.fullmatch(r"greedy \d sat this hand out\.", page.inner_text(".result .resting"))


def _goulash_table(manager: Manager, hands: int = 2) -> tuple[str, str, int]:
    """A classical table (goulash on; you + three greedy bots) whose first hand is
    already played to a washout, so that the next is a goulash: its id, your seat's
    link and the seed.

    A table's seed is the server's secret, and a washout cannot be asked for, so the
    first hand is found beforehand: random bots play it over seeds 0, 1, ... (as the
    server would, from the same ruleset, options and seed) until one is a washout, and
    its moves are the table's log, which the server replays when the seat's link is
    first opened."""
    from goulash_tables import NAMES, washed_out_first_hand
    from parlour.server.live import SPECTATOR, Policy
    from parlour.server.manager import new_token

    seed, options, _, log = washed_out_first_hand(hands)
    game_id = f"goulash{seed:09d}"
    token = new_token()
    manager.store.create_game(
        game_id,
        ruleset="classical",
        options=options,
        players=NAMES,
        kinds=["human", "greedy", "greedy", "greedy"],
        policy=Policy.from_json(
            {"pause_seconds": 0, "claim_seconds": None, "hands": hands}
        ).to_json(),
        seed=seed,
        salt="0" * 32,
        tokens={token: 0, new_token(): SPECTATOR},
    )
    manager.store.append_many(game_id, log)
    return game_id, f"/play/{token}", seed


EXCHANGE = '#table:not([data-busy])[data-asked="exchange"]'


def _pick(page: Page, k: int, *, keyboard: bool = False) -> str:
    """Pick (or put back) the ``k``-th tile of the hand in an exchange; its name."""
    button = page.locator(".seat.mine .hand .tile-button").nth(k)
    if keyboard:
        button.focus()
        page.keyboard.press("Space")
    else:
        button.click()
    return str(button.get_attribute("data-tile"))


def _sent(page: Page) -> list[str]:
    """The actions this page has sent, oldest first."""
    log = json.loads(page.evaluate("window.parlour.log()"))
    return [m["sent"]["action"] for m in log["messages"] if m.get("sent", {}).get("action")]


def test_a_goulash_exchange_is_three_tiles_picked_in_the_hand(
    running: Running, person: Watched
) -> None:
    game, link, _ = _goulash_table(running.manager)
    page = person.page()
    page.goto(running.url + link)
    # the first hand's end (a washout) is shown; then the goulash's first exchange
    page.locator(".result .drawn-hand").wait_for()
    page.click("#next")
    page.wait_for_selector(EXCHANGE)
    assert page.inner_text(".status").startswith("Hand 2 ")
    assert "exchange 1 of 3" in page.inner_text(".status")
    info = page.locator(".goulash")
    assert info.get_attribute("data-wild") == "2s" and info.get_attribute("data-exchange") == "1"
    assert "the 2 of bamboos are wild" in info.inner_text()
    assert "nobody is fishing" in info.inner_text()

    legal = page.evaluate("window.parlour.state().observation.legal")
    exchanges = [a for a in legal if a.startswith("exchange ")]
    assert len(exchanges) > 100  # every choice of three of fourteen tiles...
    buttons = page.locator(".actions button")
    assert buttons.count() <= 3 + len(legal) - len(exchanges)  # ...is never a button
    send = page.locator('.actions button[data-kind="exchange"]')
    assert send.get_attribute("aria-disabled") == "true"
    hand = page.locator(".seat.mine .hand .tile-button")
    assert hand.count() == 14
    assert all(b.get_attribute("aria-pressed") == "false" for b in hand.all())
    # the other choices are buttons: Win (Heaven's Blessing), Fish, as offered
    for action in legal:
        if not action.startswith("exchange "):
            assert page.locator(f'.actions button[data-action="{action}"]').count() == 1, action

    # pick three by click and keyboard; a fourth is refused; one is put back
    picked = [_pick(page, 0), _pick(page, 5)]
    assert send.get_attribute("aria-disabled") == "true"
    assert page.inner_text(".exchange-note") == "2 of 3 picked"
    picked.append(_pick(page, 13, keyboard=True))
    assert page.get_attribute(".seat.mine .hand .tile-button >> nth=13", "aria-pressed") == "true"
    _pick(page, 9)
    assert "put one back first" in page.inner_text(".exchange-note")
    assert page.get_attribute(".seat.mine .hand .tile-button >> nth=9", "aria-pressed") == "false"
    picked.remove(_pick(page, 5))
    picked.append(_pick(page, 7))
    expected = [a for a in exchanges if sorted(a.split()[1:]) == sorted(picked)]
    assert len(expected) == 1, (picked, expected)
    assert send.get_attribute("aria-disabled") == "false"
    assert send.get_attribute("data-action") == expected[0]
    label = send.get_attribute("aria-label") or ""
    assert label.startswith("Pass these three: ") and tile_words(picked[0]) in label
    shot(page, "goulash-exchange")
    send.click()
    page.wait_for_function(
        "() => document.querySelector('#table').dataset.asked !== 'exchange'"
        " || document.querySelector('.goulash').dataset.exchange !== '1'"
    )
    assert _sent(page)[-1] == expected[0]

    # the other exchanges (or passes, beside a fishing player) by keyboard alone
    rounds = 1
    for _ in range(4):
        page.wait_for_selector(READY + ", " + EXCHANGE)
        if asked(page) != "exchange":
            break
        number = page.get_attribute(".goulash", "data-exchange")
        if page.locator('.actions button[data-kind="exchange"]').count():
            page.locator(".seat.mine .hand .tile-button").first.focus()
            for k in range(3):
                if k:
                    page.keyboard.press("ArrowRight")
                page.keyboard.press("Enter")
            legal = page.evaluate("window.parlour.state().observation.legal")
            page.keyboard.press("x")
            assert _sent(page)[-1] in legal and _sent(page)[-1].startswith("exchange ")
        else:
            page.keyboard.press("p")
            assert _sent(page)[-1] == "pass"
        page.wait_for_function(
            "n => document.querySelector('#table').dataset.asked !== 'exchange'"
            " || document.querySelector('.goulash').dataset.exchange !== n",
            arg=number,
        )
        rounds += 1
    assert rounds == 3
    # the exchanges are over: East plays first, and the tiles passed are in the log
    page.wait_for_selector('#table:not([data-busy])[data-asked="turn"]')
    assert "the exchanges are over" in page.inner_text(".goulash")
    events = page.locator(".events li")
    assert events.filter(has_text=re.compile(r"^Ann passes 3 tiles face down to ")).count() == 3
    assert events.filter(has_text=re.compile(r"^you receive ")).count() == 3

    # the goulash is played to its end (the match's last hand): every seat's breakdown
    rng = random.Random(2)
    ready = page.locator(READY).first
    for _ in range(2000):
        ready.wait_for()
        if (
            page.locator(".result").is_visible()
            and page.locator(".result h2").first.inner_text() == "Hand 2 is over"
        ):
            break
        win_pass_or_discard(page, rng)
    else:
        raise AssertionError("the goulash hand never ended")
    shot(page, "goulash-end")
    live = running.manager.get(game)
    assert live is not None
    session = live.session
    result = session.tables[1].result()
    assert result is not None and session.tables[1].flags["goulash"]
    shown = read_scores(page)
    assert sum(amount for _, amount, _ in shown["nets"]) == 0
    if result["wins"]:
        assert [s["total"] for s in shown["seats"]] == [s["total"] for s in result["scores"]]
    else:
        assert shown["seats"] == [] and page.locator(".result .drawn-hand").count() == 1


# -- Fujian gold mahjong ----------------------------------------------------------------------

GOLD_OPTIONS = (
    "gold_holder_no_discard_win",
    "others_discard_win_during_float",
    "missed_claim_freeze",
    "required_float_with_three_golds",
    "false_float_forfeit",
    "base_multiplier",
    "qz_banker_increment_by_multiplier",
    "qz_open_pung_as_closed",
)

_GOLD_MARKS = """() => {
  const st = window.parlour.state();
  const gold = st.observation.ruleset_state.gold;
  const bare = (t) => t.replace(/\\*$/, '');
  const hand = [...document.querySelectorAll('.seat.mine .hand .tile-button')];
  const river = (s) => [...document.querySelectorAll(`.seat[data-seat="${s}"] .discards img.tile`)];
  return {
    gold,
    hand: hand.map((b) => [
      bare(b.dataset.tile), b.classList.contains('gold'), b.getAttribute('aria-label'),
      b.dataset.indicator === 'yes']),
    rivers: st.observation.seat_names.map((_, s) => river(s).map((i) => [
      i.closest('.gold-tile') !== null, i.getAttribute('alt')])),
    discards: st.observation.discards,
    holder: st.observation.ruleset_state.indicator_holder ?? null,
    thrown: st.observation.ruleset_state.indicator_discard ?? null,
    seat: st.observation.seat,
  };
}"""


def _check_gold_marks(page: Page) -> int:
    """Every Gold in the hand and the rivers is marked, in words too, and nothing else
    is; how many Golds were shown."""
    shown = page.evaluate(_GOLD_MARKS)
    gold = shown["gold"]
    seen = 0
    # the indicator drawn back from the wall is an ordinary tile: one copy unmarked
    held = [indicator for *_, indicator in shown["hand"]]
    assert sum(held) == (1 if shown["holder"] == shown["seat"] else 0)
    for tile, marked, label, indicator in shown["hand"]:
        assert marked == (tile == gold and not indicator), (tile, gold)
        assert ("(a Gold)" in label) == (tile == gold and not indicator), label
        assert ("(the indicator: an ordinary tile" in label) == indicator, label
        seen += marked
    thrown = shown["thrown"]
    for s, (river, text) in enumerate(zip(shown["rivers"], shown["discards"], strict=True)):
        names = text.split()
        assert len(river) == len(names)
        for i, ((marked, alt), name) in enumerate(zip(river, names, strict=True)):
            ordinary = thrown is not None and (thrown["seat"], thrown["index"]) == (s, i)
            assert marked == (name == gold and not ordinary), (name, gold)
            assert ("(a Gold)" in alt) == (name == gold and not ordinary), alt
            seen += marked
    return seen


def _play_a_gold_hand(server: str, person: Watched, profile: str) -> tuple[Page, Any, int, int]:
    """Start a ``profile`` table from the home page (a person and three greedy bots, one
    hand), play it to the end by clicking (passing every after-deal choice, winning when
    offered, else discarding the tile just drawn), checking the Gold marks at every step
    and the result panel at the end: (the page, its last state, turns, Golds seen)."""
    page = person.page()
    page.goto(server + "/")
    # both profiles are offered with their options, at four seats
    for rules in ("quanzhou", "xiamen"):
        page.select_option("#rules", rules)
        for name in GOLD_OPTIONS:
            assert page.locator(f"#opt-{name}").count() == 1, (rules, name)
        assert page.locator("#seats select").count() == 4
    page.select_option("#rules", profile)
    page.select_option("#seat-0", "human")
    for p in (1, 2, 3):
        page.select_option(f"#seat-{p}", "greedy")
    page.select_option("#hands", "1")
    page.click("#start")  # every option shown is sent, Quanzhou's own at their defaults
    page.click("#your-seat")
    page.wait_for_selector(".gold-info")

    # the indicator, as the observation has it, in a tile and in words
    own = page.evaluate("window.parlour.state().observation.ruleset_state")
    indicator = own["indicator"]
    info = page.locator(".gold-info")
    assert info.get_attribute("data-indicator") == indicator == own["gold"]
    words = info.inner_text()
    assert f"the Gold indicator: {indicator}; the other three {indicator} are Golds" in words
    alt = info.locator("img.indicator-tile").get_attribute("alt") or ""
    assert alt == f"{tile_words(indicator)}, the Gold indicator"
    log = page.evaluate("document.querySelector('.events').textContent")
    assert f"the Gold indicator is turned up: the {tile_words(indicator)}" in log
    hand = page.evaluate("window.parlour.state().observation.hand_sizes")
    assert sorted(hand) == [16, 16, 16, 17]

    ready = page.locator(READY).first
    golds = turns = after_deal = 0
    for _ in range(600):
        ready.wait_for()
        if page.locator(".result").is_visible():
            break
        golds += _check_gold_marks(page)
        if asked(page) == "claim":
            window = page.evaluate("(window.parlour.state().observation.window || {}).kind")
            if window == "after_deal":
                after_deal += 1
                if profile == "quanzhou":  # no robbing the Gold nor heavenly win (§11.4)
                    assert page.locator('.actions button[data-kind="rob_gold"]').count() == 0
                assert "after the deal" in page.inner_text(".status")
                assert "After the deal" in info.inner_text()
                shot(page, "gold-after-deal")
            page.locator('.actions button[data-action="pass"]').click()
            continue
        win = page.locator(".actions button[data-kind=win]")
        if win.count():
            win.first.click()
            continue
        drawn = page.locator('.seat.mine .hand .tile-button.drawn[aria-disabled="false"]')
        (
            drawn
            if drawn.count()
            else page.locator('.seat.mine .hand .tile-button[aria-disabled="false"]')
        ).first.click()
        turns += 1
    else:
        raise AssertionError("the hand never ended")
    # a seat with nothing to declare after the deal is not asked (the server passes)
    assert after_deal <= 1 and turns > 0

    # the end: the winner's water lines and multiplier as the server scored them, or the draw
    state = page.evaluate("window.parlour.state()")
    result = state["last_hand"]["result"]
    panel = page.locator(".result")
    if result["wins"]:
        win = result["wins"][0]
        table = panel.locator("table.gold-breakdown")
        assert table.count() == 1
        rows = table.locator("tr.pattern").evaluate_all(
            "rs => rs.map(r => [r.dataset.unit, ...[...r.cells].map(c => c.textContent)])"
        )
        assert [r[1] for r in rows] == [p["name"] for p in win["patterns"]]
        water = sum(p["value"] * p["count"] for p in win["patterns"] if p["unit"] == "water")
        assert table.get_attribute("data-water") == str(water)
        assert table.get_attribute("data-multiplier") == str(result["multiplier"])
        assert f"× {result['multiplier']}" in table.locator("tr.arithmetic").inner_text()
        assert int(table.locator("tr.total td.points").inner_text()) == win["total"]
        assert " wins on the " in panel.locator("h3.winner").inner_text()
    else:
        assert panel.locator(".drawn-hand").inner_text() == "Nobody won: the hand is drawn."
    amounts = panel.locator(".payments li").evaluate_all(
        "ls => ls.map(l => Number(l.dataset.amount))"
    )
    assert amounts == result["payments"] and sum(amounts) == 0
    return page, state, turns, golds


def test_a_xiamen_hand_from_the_home_page_shows_the_gold_and_ends_with_water_and_multiplier(
    server: str, person: Watched
) -> None:
    start = time.monotonic()
    page, state, turns, golds = _play_a_gold_hand(server, person, "xiamen")
    own = state["observation"]["ruleset_state"]
    indicator = own["indicator"]
    shot(page, "gold-table")

    # what the rules may put to a player that one hand seldom shows: a float round, the
    # Golds in a hand, the after-deal choices; drawn by the page's own renderer
    fake = dict(state)
    obs = dict(state["observation"])
    gold = indicator
    plain = [t for t in ("1s", "9m", "1m") if t != gold][:2]
    obs.update(
        phase="after_deal",
        window={"kind": "after_deal", "gold": gold},
        hand=f"{gold} {gold} {'P' if gold != 'P' else 'C'} {plain[0]} {plain[1]}",
        legal=["pass", "knock", f"rob_gold {plain[0]}", "win"],
        ruleset_state={**own, "float": {"seat": 1, "level": 2}},
        discards=[gold, "", "", ""],
        to_act=[0],
    )
    # and a won hand (as the scorer writes one): its Golds, water lines and multiplier
    patterns = [
        {"name": "Gold held", "value": 1, "count": 2, "unit": "water", "key": "gold"},
        {"name": "closed suit pung", "value": 1, "count": 1, "unit": "water", "key": "x"},
        {"name": "won by a wall tile", "value": 2, "count": 1, "unit": "multiplier", "key": "y"},
    ]
    won = {"seat": 1, "tile": plain[0], "self_drawn": True, "discarder": None, "total": 32,
           "patterns": patterns, "payments": [-12, 32, -10, -10]}  # fmt: skip
    last = {
        "number": state["hand"],
        "result": {"wins": [won], "draw": False, "payments": won["payments"], "multiplier": 2},
        "seat_names": obs["seat_names"],
        "revealed": [{"kind": "win", "seat": 1, "hand": f"{gold} {gold} {plain[0]}", "melds": []}],
    }
    # a hand in play (not the table of a finished one, which the real state may carry)
    fake.update(observation=obs, answered=False, last_hand=last, match_over=False)
    fake.update(between_hands=False, finished_table=None)
    drawn = page.evaluate(
        """async (state) => {
          const { MahjongView } = await import('/static/mahjong.js');
          const root = document.createElement('div');
          root.id = 'gold-sample';
          document.querySelector('main').prepend(root);
          const view = new MahjongView(root, { role: 'player', game: 'x', act() {}, auto() {} });
          window.goldSample = view;
          view.render(state);
          const q = (s) => [...root.querySelectorAll(s)];
          const out = {
            golds: q('.hand .tile-button.gold').map((b) => b.getAttribute('aria-label')),
            white: q('.hand .tile-button[data-tile="P"]').map((b) => b.getAttribute('aria-label')),
            river: q('.seat[data-seat="0"] .discards .gold-tile').length,
            float: root.querySelector('.float-round').textContent,
            water: root.querySelector('.result .gold-breakdown')?.dataset.water,
            times: root.querySelector('.result .gold-breakdown')?.dataset.multiplier,
            sum: root.querySelector('.result .gold-breakdown tr.arithmetic')?.textContent,
            shownGolds: q('.result .winning-hand .gold-tile').length,
            buttons: q('.actions button').map((b) => [
              b.dataset.kind, b.textContent, b.getAttribute('aria-label')]),
          };
          return out;
        }""",
        fake,
    )
    page.locator("#gold-sample").screenshot(path=str(SCREENSHOTS / "gold-table-marks.png"))
    page.evaluate(
        "() => { clearInterval(window.goldSample.ticker); "
        "document.querySelector('#gold-sample').remove(); }"
    )
    assert drawn["golds"] == [f"{tile_words(gold)} (a Gold)"] * 2
    if gold != "P":
        assert drawn["white"] == [f"White dragon (stands for the {tile_words(gold)})"]
    assert drawn["river"] == 1
    assert (drawn["water"], drawn["times"], drawn["shownGolds"]) == ("3", "2", 2)
    assert drawn["sum"] == "each other player pays (their base + 3 water) × 2"
    assert "Float round:" in drawn["float"] and "floats (a double float)" in drawn["float"]
    kinds = {k: (text, label) for k, text, label in drawn["buttons"]}
    assert kinds["knock"][0] == "★ Knock (three Golds)"
    assert "three gold knocker" in kinds["knock"][1]
    assert kinds["rob_gold"][1].startswith(f"Rob the Gold: lay the {tile_words(plain[0])} aside")
    assert kinds["win"][0] == "★ Heavenly win"
    assert kinds["pass"][1] == "Pass: no declaration after the deal"
    print(f"gold hand: {time.monotonic() - start:.1f} s, {turns} turns, {golds} Golds shown")


def test_a_quanzhou_hand_from_the_home_page_is_played_to_the_end(
    server: str, person: Watched
) -> None:
    """The Quanzhou profile from the home page: the indicator and the Golds shown and
    marked, the hand played by clicking to its end, the result as the server scored it;
    no robbing the Gold nor heavenly win is ever offered (§11.4)."""
    start = time.monotonic()
    page, state, turns, golds = _play_a_gold_hand(server, person, "quanzhou")
    own = state["observation"]["ruleset_state"]
    assert own["indicator"] == own["gold"]
    result = state["last_hand"]["result"]
    if result["wins"]:  # Quanzhou's multipliers: ×1 ×2 ×3 ×6 ×9
        assert result["multiplier"] in (1, 2, 3, 6, 9)
    shot(page, "gold-quanzhou")

    # the indicator drawn back (XM-A3) is an ordinary tile wherever it goes: in the
    # holder's hand one copy of the Gold's kind is plain, discarded it is plain in the
    # river, and a meld never holds a Gold; drawn by the page's own renderer
    obs = dict(state["observation"])
    gold = obs["ruleset_state"]["gold"]
    other = "1s" if gold != "1s" else "2s"
    obs.update(
        phase="turn",
        current=0,
        window=None,
        hand=f"{gold} {gold} {other}",
        legal=[],
        melds=[
            [],
            [f"[{gold}{gold}{gold}]" if len(gold) == 1 else f"[{gold[0] * 3}{gold[1]}]"],
            [],
            [],
        ],
        discards=["", f"{other} {gold}", "", ""],
        ruleset_state={
            **obs["ruleset_state"],
            "indicator_holder": 0,
            "indicator_discard": {"seat": 1, "index": 1},
        },
        to_act=[],
    )
    fake = {**state, "observation": obs, "answered": False, "last_hand": None}
    fake.update(between_hands=False, finished_table=None)  # a hand in play
    drawn = page.evaluate(
        """async (state) => {
          const { MahjongView } = await import('/static/mahjong.js');
          const root = document.createElement('div');
          document.querySelector('main').prepend(root);
          const view = new MahjongView(root, { role: 'player', game: 'x', act() {}, auto() {} });
          view.render(state);
          const q = (s) => [...root.querySelectorAll(s)];
          const out = {
            golds: q('.hand .tile-button.gold').length,
            plain: q('.hand .tile-button[data-indicator="yes"]')
              .map((b) => b.getAttribute('aria-label')),
            river: q('.seat[data-seat="1"] .discards .gold-tile').length,
            riverAlt: q('.seat[data-seat="1"] .discards img.tile')
              .map((i) => i.getAttribute('alt')),
            meldGolds: q('.seat[data-seat="1"] .melds .gold-tile').length,
          };
          clearInterval(view.ticker);
          root.remove();
          return out;
        }""",
        fake,
    )
    assert drawn["golds"] == 1
    assert len(drawn["plain"]) == 1 and "(the indicator: an ordinary tile" in drawn["plain"][0]
    assert drawn["river"] == 0 and "(the indicator: an ordinary tile" in drawn["riverAlt"][1]
    assert drawn["meldGolds"] == 0
    print(f"quanzhou hand: {time.monotonic() - start:.1f} s, {turns} turns, {golds} Golds shown")


# -- the table: seats around the centre, rivers, the finished hand ----------------------------

_PLACES = {
    2: ["bottom", "top"],
    3: ["bottom", "right", "left"],
    4: ["bottom", "right", "top", "left"],
    5: ["bottom", "right", "top-right", "top-left", "left"],
}
"""Where each seat sits, from the viewer's own seat on in play order."""


_BOARD_NOW = """() => {
  const box = (e) => { if (!e) return null; const r = e.getBoundingClientRect();
    return r.width || r.height ? { x: r.x, y: r.y, width: r.width, height: r.height } : null; };
  const panels = {};
  for (const p of document.querySelectorAll('.board .seat[data-seat]'))
    panels[p.dataset.seat] = { place: p.dataset.place || '', box: box(p) };
  const state = window.parlour.state();
  // while a hand's result is up, the board shows that hand's table, not the next one dealt
  const finished = document.querySelector('.board')?.dataset.view === 'finished';
  const observation = finished ? state.finished_table.observation : state.observation;
  return { state, observation, centre: box(document.querySelector('.board .centre')),
    panels, mine: document.querySelectorAll('.seat.mine[data-place="bottom"]').length };
}"""
"""The table as drawn and the state it was drawn from, read at one moment (a table of
bots plays on between two reads): `observation` is the one the board shows, the finished
hand's while its result is up (the state's own is then the next hand's, where a player
resting in five may be seated)."""


def _around_the_centre(page: Page) -> dict[str, int]:
    """Every seat sits on its side of the centre, placed from the viewer's seat (seat 0
    for a spectator or a player sitting out): its place by seat, checked by the boxes."""
    now = page.evaluate(_BOARD_NOW)
    obs = now["observation"]
    n = len(obs["seat_names"])
    viewer = obs["seat"] if obs["seat"] is not None else 0
    centre = now["centre"]
    assert centre is not None
    places: dict[str, int] = {}
    for seat in range(n):
        panel = now["panels"][str(seat)]
        place = panel["place"]
        assert place == _PLACES[n][(seat - viewer) % n], (n, viewer, seat, place)
        places[place] = seat
        box = panel["box"]
        assert box is not None, (seat, place)
        middle_x = box["x"] + box["width"] / 2
        if place == "bottom":
            assert box["y"] >= centre["y"] + centre["height"] - 1, place
        elif place.startswith("top"):
            assert box["y"] + box["height"] <= centre["y"] + 1, place
            if place == "top-left":
                assert middle_x < centre["x"] + centre["width"] / 2, place
            elif place == "top-right":
                assert middle_x > centre["x"] + centre["width"] / 2, place
        elif place == "left":
            assert box["x"] + box["width"] <= centre["x"] + 1, place
        elif place == "right":
            assert box["x"] >= centre["x"] + centre["width"] - 1, place
        if place in ("left", "right"):  # beside the centre, level with it
            assert (
                box["y"] < centre["y"] + centre["height"] and box["y"] + box["height"] > centre["y"]
            )
    if obs["seat"] is not None:
        assert now["mine"] == 1
    return places


_LAST_IN_RIVER = """m => {
  const river = m.parentElement;
  return river.classList.contains('river') && m === river.lastElementChild
    ? river.closest('.seat').dataset.seat : null;
}"""


_FIVE = """async (state) => {
  const { MahjongView } = await import('/static/mahjong.js');
  const root = document.createElement('div');
  root.id = 'five-sample';
  document.querySelector('main').append(root);
  const view = new MahjongView(root, { role: 'player', game: 'x', act() {}, auto() {} });
  view.render(state);
  const box = (q) => { const r = root.querySelector(q).getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height }; };
  const out = { centre: box('.centre'), places: [] };
  for (const seat of root.querySelectorAll('.seat')) {
    out[seat.dataset.place] = box(`.seat[data-seat="${seat.dataset.seat}"]`);
    out.places.push(seat.dataset.place);
  }
  clearInterval(view.ticker);
  return out;
}"""
"""A five-seat table drawn by the page's renderer: where its seats and centre are."""

_SLIDE = """(movement) => {
  const box = document.createElement('div');
  box.dataset.movement = movement;
  box.innerHTML = '<section class="seat" data-place="left"><div class="river">'
    + '<img class="tile small fresh" alt="x"></div></section>';
  document.body.append(box);
  const name = getComputedStyle(box.querySelector('.fresh')).animationName;
  box.remove();
  return name;
}"""
"""The animation a new discard in a river has, under a table's movement setting."""


def test_the_seats_sit_around_the_centre_and_the_rivers_run_in_rows_of_six(
    server: str, person: Watched
) -> None:
    """Four seats: you at the bottom, the next to play on your right, then across, then
    on your left, around the centre (the wall, the round, the dealer, whose turn); each
    river in rows of six toward the centre, the last discard marked; the others' tiles
    face down; a spectator sees seat 0 at the bottom; movement and sounds are settings
    kept in the browser."""
    policy = {"pause_seconds": 0, "claim_seconds": 60, "hand_pause_seconds": 60}
    made = api(
        server, "/api/tables", {"seats": ["human", "greedy", "greedy", "greedy"], "policy": policy}
    )
    page = person.page()
    page.goto(server + made["links"][0]["url"])
    page.wait_for_selector('#table:not([data-busy])[data-asked="turn"]')
    places = _around_the_centre(page)
    assert places == {"bottom": 0, "right": 1, "top": 2, "left": 3}
    centre = page.locator(".board .centre")
    state = page.evaluate("window.parlour.state()")
    obs = state["observation"]
    assert centre.locator(".wall").get_attribute("data-wall") == str(obs["wall"])
    assert f"{obs['wall']} tiles left" in centre.inner_text()
    assert "East wind round" in centre.inner_text() and "Dealer:" in centre.inner_text()
    assert centre.locator('.to-act[data-toward="bottom"]').count() == 1  # your turn
    assert page.locator(".seat.current").get_attribute("data-seat") == "0"
    # the others' concealed tiles are tile backs, named by their number in words
    for seat in (1, 2, 3):
        backs = page.locator(f'.seat[data-seat="{seat}"] .concealed-tiles')
        assert backs.locator(".tile.back").count() == obs["hand_sizes"][seat]
        assert (
            backs.get_attribute("aria-label")
            == f"{obs['hand_sizes'][seat]} tiles in hand, face down"
        )
    # the 5-seat table (two across) and the others, as the page places them
    placed = page.evaluate(
        """async () => { const { placeOf } = await import('/static/mahjong.js');
          return [2, 3, 4, 5].map((n) => [...Array(n).keys()].map((s) => placeOf(s, 1, n))); }"""
    )
    assert placed == [_PLACES[n][-1:] + _PLACES[n][:-1] for n in (2, 3, 4, 5)]

    # five seats (no rule system seats five today): two across, drawn by the renderer
    five = dict(state)
    obs5 = dict(obs)
    for key in ("melds", "discards", "discarded", "bonus", "aside", "public_hands", "hand_sizes"):
        obs5[key] = [*obs[key], obs[key][1]]
    obs5["seat_names"] = [*obs["seat_names"], "C"]
    match = dict(obs["match"])
    match["players"] = [*match["players"], {"name": "fifth", "seat": 4, "score": 0}]
    obs5["match"] = match
    five.update(observation=obs5, last_hand=None, between_hands=False, finished_table=None)
    boxes = page.evaluate(_FIVE, five)
    page.locator("#five-sample").screenshot(path=str(SCREENSHOTS / "table-five-seats.png"))
    page.evaluate("document.querySelector('#five-sample').remove()")
    centre_box = boxes["centre"]
    for place in ("top-left", "top-right"):
        assert boxes[place]["y"] + boxes[place]["height"] <= centre_box["y"] + 1, place
    assert boxes["top-left"]["x"] + boxes["top-left"]["width"] <= boxes["top-right"]["x"] + 1
    assert boxes["left"]["x"] + boxes["left"]["width"] <= centre_box["x"] + 1
    assert boxes["right"]["x"] >= centre_box["x"] + centre_box["width"] - 1
    assert boxes["bottom"]["y"] >= centre_box["y"] + centre_box["height"] - 1
    assert boxes["places"] == _PLACES[5]

    # movement is on unless turned off (kept in the browser), sounds off unless on
    assert page.get_attribute("#table", "data-movement") == "on"
    assert not page.is_checked("#sounds")

    rng = random.Random(3)
    rows_checked = marks = 0
    for _ in range(1000):
        page.locator(READY).first.wait_for()
        if page.locator(".result").is_visible():
            page.click("#next")
            continue
        rivers = page.locator(".board .river")
        counts = rivers.evaluate_all("rs => rs.map(r => r.querySelectorAll('img.tile').length)")
        if max(counts) >= 8 and not rows_checked:
            # a river of eight: six on the first row, the seventh under the first
            river = rivers.nth(counts.index(max(counts)))
            boxes = [b.bounding_box() for b in river.locator("img.tile").all()[:7]]
            first, sixth, seventh = boxes[0], boxes[5], boxes[6]
            assert first is not None and sixth is not None and seventh is not None
            assert abs(sixth["y"] - first["y"]) < first["height"] / 2  # one row of six
            assert seventh["y"] > first["y"] + first["height"] / 2  # the seventh starts a new row
            assert abs(seventh["x"] - first["x"]) < 2  # under the first
            rows_checked += 1
            shot(page, "table-four-seats")
        if asked(page) == "claim":
            # the discard offered is the last discard: marked in words and by a mark,
            # the last tile of its owner's river, and the only one marked
            last = page.evaluate("window.parlour.state().observation.last_discard")
            marked = page.locator('[data-last="yes"]')
            assert marked.count() == 1
            assert marked.evaluate(_LAST_IN_RIVER) == str(last["seat"])
            alt = marked.locator("img").get_attribute("alt") or ""
            assert alt == f"{tile_words(last['tile'])}, the last discard", alt
            marks += 1
            page.click('.actions button[data-action="pass"]')
        elif rows_checked and marks:
            break
        else:
            discard_by_click(page, rng)
    assert rows_checked and marks, (rows_checked, marks)

    # a new discard slides into its river, unless movement is off or the system asks
    # for reduced motion
    def slides(movement: str) -> bool:
        name = page.evaluate(_SLIDE, movement)
        return bool(name) and name != "none"

    assert slides("on") and not slides("off")
    page.emulate_media(reduced_motion="reduce")
    assert not slides("on")
    page.emulate_media(reduced_motion="no-preference")

    # movement off, kept across a reload; sounds on likewise
    page.click("summary:has-text('Auto-actions')")
    page.uncheck("#movement")
    page.check("#sounds")
    assert page.get_attribute("#table", "data-movement") == "off"
    page.reload()
    page.wait_for_selector(".board .seat")
    assert page.get_attribute("#table", "data-movement") == "off"
    assert page.is_checked("#sounds") and not page.is_checked("#movement")

    # a spectator sees seat 0 at the bottom and nobody's concealed tiles
    watch = person.page()
    watch.goto(server + made["spectator"])
    watch.wait_for_selector(".board .seat")
    watch.wait_for_function("() => window.parlour.state() !== null")
    assert _around_the_centre(watch) == {"bottom": 0, "right": 1, "top": 2, "left": 3}
    assert watch.locator(".seat.mine, .hand .tile-button").count() == 0
    shot(watch, "table-spectator")


def test_the_finished_hand_stays_on_the_table_until_the_player_goes_on(
    server: str, person: Watched
) -> None:
    """At a hand's end the table it ended on stays in view under the result: the seats
    named by the winds they held, every river, the winner's hand laid open with the
    winning tile marked, the other hands face down (MCR shows only the winner's); the
    next hand, dealt already, is drawn only once the player presses Next."""
    policy = {"pause_seconds": 0, "claim_seconds": 60, "hand_pause_seconds": 120}
    made = api(
        server, "/api/tables", {"seats": ["human", "greedy", "greedy", "greedy"], "policy": policy}
    )
    page = person.page()
    page.goto(server + made["links"][0]["url"])
    rng = random.Random(11)
    won = False
    for _ in range(3000):
        page.locator(READY).first.wait_for()
        if page.locator(".result").is_visible():
            state = page.evaluate("window.parlour.state()")
            last, fin = state["last_hand"], state["finished_table"]
            number = last["number"]
            assert state["between_hands"] and fin["number"] == number
            assert state["hand"] == number + 1  # the next hand is dealt already ...
            # ... but the finished one is on the table
            assert page.get_attribute("#table", "data-view") == "finished"
            assert page.inner_text(".status").startswith(f"Hand {number} is over")
            assert page.locator(".seat.mine .hand .tile-button").count() == 0
            obs = fin["observation"]
            assert obs["phase"] == "over" and obs["seat_names"] == last["seat_names"]
            for seat, wind in enumerate(last["seat_names"]):
                head = page.locator(f'.board .seat[data-seat="{seat}"] h2').inner_text()
                assert f" · {wind}" in head, (head, wind)
                river = page.locator(f'.board .seat[data-seat="{seat}"] .river img.tile')
                assert river.count() == len(obs["discards"][seat].split()), seat
            _around_the_centre_of(page, obs)
            winners = {w["seat"]: w["tile"] for w in last["result"]["wins"]}
            me = obs["seat"]
            for seat in range(4):
                shown = fin["hands"][seat]
                # only the winners' hands (and your own) are shown: MCR reveals no other
                assert (shown is not None) == (seat in winners or seat == me), (seat, shown)
            if winners:
                seat, tile = next(iter(winners.items()))
                panel = page.locator(f'.board .seat.winner[data-seat="{seat}"]')
                mark = panel.locator('[data-winning="yes"]')
                assert mark.count() == 1
                assert (mark.locator("img").get_attribute("alt") or "") == (
                    f"{tile_words(tile)}, the winning tile"
                )
                hand = panel.locator(".hand.finished img.tile")
                held = fin["hands"][seat]
                assert hand.count() == sum(c.isdigit() or c.isupper() for c in held), held
                assert page.locator('.result .winning-hand [data-winning="yes"]').count() == 1
                for other in set(range(4)) - {seat, me}:
                    backs = page.locator(
                        f'.board .seat[data-seat="{other}"] .concealed-tiles .tile.back'
                    )
                    assert backs.count() == obs["hand_sizes"][other]
                shot(page, "finished-hand")
                page.click("button.fold")
                assert not page.locator(".result .payments").is_visible()
                shot(page, "finished-hand-folded")
                page.click("button.fold")
                won = True
            # the next hand appears only when the player goes on
            page.wait_for_timeout(300)
            assert page.get_attribute("#table", "data-view") == "finished"
            page.click("#next")
            page.wait_for_selector('#table[data-view="live"]')
            assert page.inner_text(".status").startswith(f"Hand {number + 1}")
            if won:
                break
            continue
        win_pass_or_discard(page, rng)
    assert won, "no hand was won"


def _around_the_centre_of(page: Page, obs: dict[str, Any]) -> None:
    """The finished table's seats sit where they sat in that hand, from the viewer's seat."""
    n = len(obs["seat_names"])
    viewer = obs["seat"] if obs["seat"] is not None else 0
    for seat in range(n):
        place = page.get_attribute(f'.board .seat[data-seat="{seat}"]', "data-place")
        assert place == _PLACES[n][(seat - viewer) % n]

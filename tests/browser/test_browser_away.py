"""Away seats, truthful clocks and errors as pages, in a real browser (the same server,
browser and helpers as ``test_browser.py``): a person closes their page and the other
person's page says when a bot takes over, then that one plays; the person comes back,
takes the seat back and is told what the bot did; under the ``wait`` policy nobody ever
plays for them; a goulash exchange shows the seconds left; a wrong link is a page with
the way home; and "Join by link" says what is wrong with text that is not a link.

Every policy time here is short, and every seat the tests wait on is played by a clock
or a bot: no test waits on a seat that never acts."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from test_browser import (  # noqa: F401
    EXCHANGE,
    Running,
    Watched,
    _goulash_table,
    api,
    browser,
    person,
    running,
    server,
    shot,
)

AWAY = '#away p[data-player="{player}"][data-away="{state}"]'
"""The away notice's line for a player in a state: soon (a bot takes over in so many
seconds), bot (a bot plays now) or waits (the table waits for them)."""


def two_people(at: Running, policy: dict[str, Any]) -> tuple[str, str, str]:
    """A table of Ann, Bob and two greedy bots under ``policy``: its id and the two
    seats' links."""
    made = api(
        at.url,
        "/api/tables",
        {
            "rules": "mcr",
            "seats": ["human", "human", "greedy", "greedy"],
            "names": ["Ann", "Bob", "greedy 3", "greedy 4"],
            "policy": policy,
        },
    )
    links = {link["player"]: link["url"] for link in made["links"]}
    return made["id"], links[0], links[1]


def test_a_closed_page_is_played_by_a_bot_and_the_person_takes_it_back(
    running: Running,  # noqa: F811
    person: Watched,  # noqa: F811
) -> None:
    # Bob's turns and claims are answered by their clocks, so play goes on without him
    policy = {
        "away": "bot",
        "absence_seconds": 4,
        "claim_seconds": 1,
        "turn_seconds": 1,
        "pause_seconds": 0,
        "hand_pause_seconds": 1,
        "hands": 1,
    }
    game_id, ann_link, bob_link = two_people(running, policy)
    bob = person.page()
    bob.goto(running.url + bob_link)
    ann = person.page()
    ann.goto(running.url + ann_link)
    ann.wait_for_selector(".seat.mine .hand .tile-button")
    assert bob.locator("#away").is_hidden()  # everyone is here
    ann.close()
    soon = bob.locator(AWAY.format(player=0, state="soon"))
    soon.wait_for()
    assert re.fullmatch(r"Ann is away: a bot plays for them in [0-4] s\.", soon.inner_text())
    assert bob.get_attribute("#away", "role") == "status"
    shot(bob, "away-soon")
    playing = bob.locator(AWAY.format(player=0, state="bot"))
    playing.wait_for()
    assert playing.inner_text() == "A bot is playing for Ann until they return."
    game = running.manager.get(game_id)
    assert game is not None
    deadline = time.monotonic() + 15
    while not game.covered.get(0) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert game.covered.get(0), "the bot never played for Ann"
    shot(bob, "away-bot")
    back = person.page()
    back.goto(running.url + ann_link)
    note = back.locator("#away .played-for-you")
    note.wait_for()
    assert re.fullmatch(
        r"A bot played for you while you were away \(\d+ actions?\)\.", note.inner_text()
    )
    bob.locator('#away p[data-player="0"]').wait_for(state="detached")
    assert 0 not in game.absent_since  # the seat is Ann's again
    shot(back, "away-back")


def test_under_wait_nobody_plays_for_the_person(
    running: Running,  # noqa: F811
    person: Watched,  # noqa: F811
) -> None:
    policy = {"away": "wait", "absence_seconds": 0.5, "claim_seconds": None, "pause_seconds": 0}
    game_id, ann_link, bob_link = two_people(running, policy)
    bob = person.page()
    bob.goto(running.url + bob_link)
    ann = person.page()
    ann.goto(running.url + ann_link)
    ann.wait_for_selector(".seat.mine .hand .tile-button")  # Ann (East) is to discard
    ann.close()
    waits = bob.locator(AWAY.format(player=0, state="waits"))
    waits.wait_for()
    assert waits.inner_text() == "Ann is away: the table waits for them."
    time.sleep(1.5)  # three times the absence: a bot would have played by now
    game = running.manager.get(game_id)
    assert game is not None and game.seq == 0  # nobody discarded for Ann
    assert bob.locator(AWAY.format(player=0, state="waits")).count() == 1
    assert bob.locator('#away [data-away="bot"]').count() == 0


def test_a_goulash_exchange_shows_the_seconds_left(
    running: Running,  # noqa: F811
    person: Watched,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from parlour.server.live import Policy

    made = Policy.from_json

    def with_clock(data: Any) -> Policy:
        return made({**data, "claim_seconds": 8, "hand_pause_seconds": 0})

    with monkeypatch.context() as patch:  # the table's policy: an 8-second window
        patch.setattr(Policy, "from_json", with_clock)
        _, link, _ = _goulash_table(running.manager)
    page = person.page()
    page.goto(running.url + link)
    page.locator(".result .drawn-hand").wait_for()
    page.click("#next")
    page.wait_for_selector(EXCHANGE)
    countdown = page.locator(".actions .countdown")
    said = countdown.inner_text()
    assert said != "no time limit"
    assert re.fullmatch(r"[1-8] s left to answer", said), said
    shot(page, "goulash-countdown")
    # nobody answers: the clock passes three tiles, and the second exchange is asked
    page.locator('.goulash[data-exchange="2"]').wait_for()


def test_a_wrong_link_is_a_page_with_the_way_home(
    server: str,  # noqa: F811
    person: Watched,  # noqa: F811
) -> None:
    person.expected.append(r"404 \(Not Found\)")  # the page's own answer
    page = person.page()
    answer = page.goto(server + "/play/not-a-real-token-at-all")
    assert answer is not None and answer.status == 404
    assert page.inner_text("h1") == "This link does not open a table"
    assert "the link is wrong or the table is gone" in page.inner_text("main")
    assert page.locator('a[href="/records"]').count() >= 1
    shot(page, "wrong-link")
    page.click("#home")
    page.wait_for_selector("#rules option", state="attached")
    assert page.url == server + "/"


def test_join_by_link_says_what_is_wrong(
    running: Running,  # noqa: F811
    person: Watched,  # noqa: F811
) -> None:
    page = person.page()
    page.goto(running.url + "/")
    page.wait_for_selector("#rules option", state="attached")
    problem = page.locator("#link-problem")
    assert problem.is_hidden()
    page.click("#join button[type=submit]")
    assert problem.inner_text().startswith("Paste the link you were sent first")
    page.fill("#link", "my friend's table")
    page.click("#join button[type=submit]")
    assert problem.inner_text().startswith("That is not a table's link")
    assert page.get_attribute("#link", "aria-invalid") == "true"
    assert page.url == running.url + "/"
    shot(page, "join-junk")
    page.fill("#link", "")
    assert problem.is_hidden()  # typing clears what was said
    _, link, _ = two_people(running, {"claim_seconds": None})
    page.fill("#link", running.url + link)
    page.click("#join button[type=submit]")
    page.wait_for_url(running.url + link)


def test_the_home_page_sets_who_plays_for_someone_away(
    running: Running,  # noqa: F811
    person: Watched,  # noqa: F811
) -> None:
    page = person.page()
    page.goto(running.url + "/")
    page.wait_for_selector("#rules option", state="attached")
    assert page.input_value("#away") == "bot_hand"  # a new table's default
    page.select_option("#away", "wait")
    page.fill("#absence", "30")
    page.click("#start")
    link = page.get_attribute("#your-seat", "href")
    assert link is not None
    found = running.manager.by_token(link.rsplit("/", 1)[1])
    assert found is not None
    game, _ = found
    assert (game.policy.away, game.policy.absence_seconds) == ("wait", 30)


def test_a_card_table_shows_the_seconds_left_to_bid(
    running: Running,  # noqa: F811
    person: Watched,  # noqa: F811
) -> None:
    made = api(
        running.url,
        "/api/tables",
        {
            "rules": "ninety-nine",
            "seats": ["human", "random", "random"],
            "policy": {"claim_seconds": 30, "pause_seconds": 0},
        },
    )
    page = person.page()
    page.goto(running.url + made["links"][0]["url"])
    clock = page.locator("#clock:not([hidden])")
    clock.wait_for()
    said = clock.inner_text()
    assert re.fullmatch(r"Time left to answer: ([1-9]|[12]\d|30) s", said), said
    assert clock.get_attribute("role") == "timer"
    shot(page, "cards-clock")

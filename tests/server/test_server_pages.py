"""Errors as pages: a browser that opens a wrong or expired link is shown a page saying
what is wrong and what to do (with the way home and to the records), while the API, and
anything not asked for as HTML, is still answered in JSON; a finished table's page links
to its replay; the home page offers the away choice."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from parlour.server.app import create_app
from parlour.server.limits import Limits

BROWSER = {"accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}
WRONG = "/play/not-a-real-token-at-all"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}", limits=Limits.none())) as c:
        yield c


def test_a_wrong_seat_link_is_a_page_with_the_way_home(client: TestClient) -> None:
    for link in (WRONG, "/watch/not-a-real-token-at-all", "/play/x"):
        answer = client.get(link, headers=BROWSER)
        assert answer.status_code == 404
        assert answer.headers["content-type"].startswith("text/html")
        page = answer.text
        assert "This link does not open a table" in page
        assert "the link is wrong or the table is gone" in page
        assert 'href="/" id="home"' in page and 'href="/records"' in page
        assert '"detail"' not in page


def test_the_api_and_non_browsers_still_get_json(client: TestClient) -> None:
    answer = client.get(WRONG)  # no Accept: text/html (a script, curl)
    assert answer.status_code == 404
    assert answer.json() == {"detail": "no such seat: the link is wrong or the table is gone"}
    answer = client.get("/api/tables/nope", headers=BROWSER)
    assert answer.status_code == 404 and answer.json() == {"detail": "no table 'nope'"}


def test_an_expired_table_says_so(client: TestClient) -> None:
    made = client.post("/api/tables", json={"seats": ["human", "random", "random", "random"]})
    game_id, link = made.json()["id"], made.json()["links"][0]["url"]
    manager = client.app.state.manager  # type: ignore[attr-defined]
    manager.live.pop(game_id)  # as the server's sweep does
    manager.store.finish(game_id, "expired")
    answer = client.get(link, headers=BROWSER)
    assert answer.status_code == 404
    assert "This table has expired" in answer.text and "Start a new table" in answer.text
    assert client.get(link).json()["detail"] == "no such seat: the table has expired"


def test_another_address_is_a_page_too(client: TestClient) -> None:
    answer = client.get("/no/such/page", headers=BROWSER)
    assert answer.status_code == 404 and "There is no page at this address" in answer.text


def test_a_finished_table_links_to_its_replay(client: TestClient) -> None:
    spec = {"seats": ["random"] * 4, "policy": {"hands": 1, "bot_seconds": 0}}
    made = client.post("/api/tables", json=spec | {"wait_seconds": 30}).json()
    assert made["status"] == "finished"
    page = client.get(made["spectator"], headers=BROWSER).text
    assert f'href="/replay/{made["id"]}"' in page and 'id="finished"' in page
    running = client.post("/api/tables", json={"seats": ["human", "random", "random", "random"]})
    page = client.get(running.json()["links"][0]["url"], headers=BROWSER).text
    assert 'id="finished"' not in page
    assert '<div id="away" class="away" role="status" aria-live="polite"' in page


def test_the_home_page_offers_the_away_choice(client: TestClient) -> None:
    page = client.get("/", headers=BROWSER).text
    for value in ("bot_hand", "bot", "wait"):
        assert f'<option value="{value}"' in page
    assert 'id="link-problem"' in page

"""The server hands out the drawn tiles and cards: ``/tiles/<tile>.svg``,
``/tiles/back.svg``, ``/cards/<card>.svg`` and ``/cards/back.svg``, as SVG with a day's
cache, and 404 with a clear message for a name that is not a tile or a card."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from parlour.server.app import create_app


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("pictures") / "games.db"
    with TestClient(create_app(f"sqlite:///{Path(db)}", workers=0)) as c:
        yield c


@pytest.mark.parametrize(
    ("url", "words"),
    [
        ("/tiles/5p.svg", "5 of circles"),
        ("/tiles/E.svg", "East wind"),
        ("/tiles/back.svg", "Concealed tile"),
        ("/cards/AS.svg", "Ace of spades"),
        ("/cards/10D.svg", "10 of diamonds"),
        ("/cards/back.svg", "Face-down card"),
    ],
)
def test_a_picture_is_served_as_svg(client: TestClient, url: str, words: str) -> None:
    reply = client.get(url)
    assert reply.status_code == 200
    assert reply.headers["content-type"].startswith("image/svg+xml")
    assert reply.headers["cache-control"] == "max-age=86400"
    assert reply.text.startswith("<svg") and f"<title>{words}</title>" in reply.text


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("/tiles/5q.svg", "no tile '5q'"),
        ("/tiles/front.svg", "no tile 'front'"),
        ("/cards/1S.svg", "no card '1S'"),
        ("/cards/AX.svg", "no card 'AX'"),
        ("/cards/front.svg", "no card 'front'"),
    ],
)
def test_a_bad_name_is_not_found(client: TestClient, url: str, message: str) -> None:
    reply = client.get(url)
    assert reply.status_code == 404
    assert message in reply.json()["detail"]

"""Checks a person would make of every page: an accessibility audit (axe-core, run in
the page by the browser tests) with no serious or critical violation, and the weight
of a table's first load under its budget.

Pages audited: the home page, the calculator, the records, a mahjong seat's table, a
card seat's table, a spectator's table, a replay, and the page a wrong link gives.
(The same server, browser and helpers as ``test_browser.py``.)
"""

from __future__ import annotations

from typing import Any

import pytest
from test_browser import (  # noqa: F401
    Running,
    Watched,
    api,
    browser,
    person,
    running,
    server,
)

try:
    from axe_playwright_python.sync_playwright import Axe
except ImportError:  # pragma: no cover - the dev extra installs it
    Axe = None

from playwright.sync_api import Page

FIRST_LOAD_BUDGET = 300 * 1024
"""Bytes a table's first load may bring (the page, its scripts and styles, the
pictures it shows), as the issue's page-weight budget says."""

SERIOUS = ("serious", "critical")


def audit(page: Page) -> list[str]:
    """The serious and critical accessibility violations of the page as it is now,
    one line each (rule, impact, how many elements, the first element)."""
    if Axe is None:
        pytest.fail("axe-playwright-python is not installed (the dev extra installs it)")
    results = Axe().run(page)
    found = []
    for v in results.response["violations"]:
        if v["impact"] in SERIOUS:
            first = v["nodes"][0]["target"] if v["nodes"] else "?"
            many = len(v["nodes"])
            found.append(f"{v['id']} ({v['impact']}, {many}×, e.g. {first}): {v['help']}")
    return found


def _table(base: str, rules: str, seats: list[str], **extra: Any) -> dict[str, Any]:
    body = {"rules": rules, "seats": seats, **extra}
    made: dict[str, Any] = api(base, "/api/tables", body)
    return made


def _seat_link(made: dict[str, Any]) -> str:
    return str(made["links"][0]["url"])


@pytest.mark.parametrize("path", ["/", "/calculator", "/records"])
def test_the_site_pages_have_no_serious_accessibility_violation(
    server: str,  # noqa: F811
    person: Watched,  # noqa: F811
    path: str,
) -> None:
    page = person.page()
    page.goto(server + path)
    page.wait_for_load_state("networkidle")
    assert audit(page) == []


@pytest.mark.parametrize(
    ("rules", "seats", "options"),
    [
        ("mcr", ["human", "greedy", "greedy", "greedy"], {}),
        ("classical", ["human", "greedy", "greedy"], {"players": 3}),
        ("xiamen", ["human", "greedy", "greedy", "greedy"], {}),
        ("hangzhou", ["human", "greedy", "greedy", "greedy"], {}),
        ("wuhan", ["human", "greedy", "greedy", "greedy"], {}),
        ("wuhan", ["human", "greedy", "greedy"], {"players": 3}),
        ("piquet", ["human", "greedy"], {}),
        ("ninety-nine", ["human", "greedy", "greedy"], {}),
    ],
    ids=["mcr", "classical-3", "xiamen", "hangzhou", "wuhan", "wuhan-3", "piquet", "ninety-nine"],
)
def test_a_table_has_no_serious_accessibility_violation_and_loads_within_its_budget(
    server: str,  # noqa: F811
    person: Watched,  # noqa: F811
    rules: str,
    seats: list[str],
    options: dict[str, Any],
) -> None:
    made = _table(server, rules, seats, options=options)
    page = person.page()
    loaded: list[int] = []

    def count(response: Any) -> None:
        if response.url.startswith(server) and response.request.resource_type != "websocket":
            try:
                loaded.append(len(response.body()))
            except Exception:  # a redirect or an aborted load has no body
                loaded.append(0)

    page.on("response", count)
    page.goto(server + _seat_link(made))
    page.wait_for_selector("#table[data-asked]")
    page.wait_for_load_state("networkidle")
    weight = sum(loaded)
    assert 0 < weight < FIRST_LOAD_BUDGET, f"the first load of a {rules} table is {weight:,} bytes"
    assert audit(page) == []


def test_a_spectator_and_a_replay_have_no_serious_accessibility_violation(
    server: str,  # noqa: F811
    person: Watched,  # noqa: F811
) -> None:
    made = _table(server, "mcr", ["greedy"] * 4, policy={"bot_seconds": 0}, wait_seconds=30)
    page = person.page()
    page.goto(server + made["spectator"])
    page.wait_for_selector("#table[data-asked]")
    page.wait_for_load_state("networkidle")
    assert audit(page) == []
    page.goto(f"{server}/replay/{made['id']}")
    page.wait_for_load_state("networkidle")
    assert audit(page) == []


def test_a_wrong_link_gives_a_page_without_serious_accessibility_violation(
    server: str,  # noqa: F811
    person: Watched,  # noqa: F811
) -> None:
    person.expected.append("404")  # the page itself answers 404
    page = person.page()
    page.goto(server + "/play/not-a-seat")
    assert audit(page) == []

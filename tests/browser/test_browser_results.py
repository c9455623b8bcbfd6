"""The results pages in a browser: a finished table's figures are drawn (inline SVG of
a real size) and linked from its table and the records, and a simulation uploaded on
the results page is drawn; both pages pass the accessibility audit. (The same server,
browser and helpers as ``test_browser.py``.)"""

from __future__ import annotations

from pathlib import Path
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
from test_browser_pages import audit


def _finished_table(base: str) -> dict[str, Any]:
    spec = {"seats": ["greedy"] * 4, "policy": {"hands": 2, "bot_seconds": 0}, "wait_seconds": 30}
    made: dict[str, Any] = api(base, "/api/tables", spec)
    assert made["status"] == "finished"
    return made


def _figures_drawn(page: Any, least: int) -> list[dict[str, float]]:
    page.wait_for_selector("#figures figure.plot svg")
    boxes: list[dict[str, float]] = page.eval_on_selector_all(
        "#figures figure.plot svg",
        "svgs => svgs.map(s => { const r = s.getBoundingClientRect();"
        " return {width: r.width, height: r.height, paths: s.querySelectorAll('path').length}; })",
    )
    assert len(boxes) >= least, boxes
    for box in boxes:
        assert box["width"] > 200 and box["height"] > 100 and box["paths"] > 5, boxes
    return boxes


def test_a_finished_tables_results_are_drawn_in_the_browser(
    server: str,  # noqa: F811
    person: Watched,  # noqa: F811
) -> None:
    made = _finished_table(server)
    page = person.page()
    page.goto(server + made["spectator"])
    page.click("#results-link")
    page.wait_for_url(f"**/tables/{made['id']}/results")
    _figures_drawn(page, 3)
    assert "greedy 1" in page.inner_text("#results-title")
    assert audit(page) == []
    # the records list the results of each finished table too
    page.goto(server + "/records")
    page.locator(f'tr[data-game="{made["id"]}"] .results-link').click()
    page.wait_for_url(f"**/tables/{made['id']}/results")
    _figures_drawn(page, 3)


def test_an_uploaded_simulation_is_drawn_in_the_browser(
    server: str,  # noqa: F811
    person: Watched,  # noqa: F811
    tmp_path: Path,
) -> None:
    from parlour.sim import simulate, write_outputs

    summary = simulate(["greedy", "random", "random", "random"], hands=4, seed=2, out=tmp_path)
    write_outputs(summary, tmp_path, "mcr")
    page = person.page()
    page.goto(server + "/")
    page.click('nav a[href="/results"]')
    page.wait_for_url("**/results")
    page.set_input_files("#file", str(tmp_path / "hands.parquet"))
    page.click("#draw")
    _figures_drawn(page, 3)
    assert "4 hands" in page.inner_text("#results-title")
    assert audit(page) == []
    # a file that is no simulation: the reason is said, nothing drawn
    bad = tmp_path / "bad.parquet"
    bad.write_bytes(b"not parquet at all")
    page.set_input_files("#file", str(bad))
    person.expected.append("the server responded with a status of 400")
    page.click("#draw")
    page.wait_for_selector("#upload-problem:not([hidden])")
    assert "neither Parquet nor JSON" in page.inner_text("#upload-problem")


if __name__ == "__main__":  # pragma: no cover
    pytest.main([__file__])

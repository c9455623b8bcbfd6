"""Shared pytest configuration: the test folders by layer, their markers, and
``--runslow``.

The tests are in folders by layer (``core``, ``mahjong``, ``rules/<name>``, ``cards``,
``cli``, ``server``, ``browser``, ``conformance``); the helpers they share (``leaks``,
``rulebooks``, ``places``...) are modules of this folder, on the path by the
``pythonpath`` setting. Markers: ``browser`` (every test under ``browser/``, given here)
and ``slow`` (long runs, marked where they are written): ``pytest -m "not browser and not
slow"`` is the quick part, and ``make test`` runs everything.

``--runslow`` (or the environment variable ``PARLOUR_SLOW=1``) multiplies the sizes of
the seeded random runs by :data:`SLOW_FACTOR` (see the ``slow_factor`` fixture).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

SLOW_FACTOR = 10
"""How much longer the seeded random runs are with ``--runslow`` / ``PARLOUR_SLOW=1``."""

BROWSER = Path(__file__).resolve().parent / "browser"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--runslow",
        action="store_true",
        default=False,
        help="multiply the sizes of the seeded random runs by 10 (also PARLOUR_SLOW=1)",
    )


def is_slow_run(config: pytest.Config) -> bool:
    """True when ``--runslow`` is given or ``PARLOUR_SLOW`` is set to a true value."""
    env = os.environ.get("PARLOUR_SLOW", "").strip().lower()
    return bool(config.getoption("--runslow")) or env not in ("", "0", "false", "no")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if BROWSER in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def slow_factor(request: pytest.FixtureRequest) -> int:
    """1 normally, :data:`SLOW_FACTOR` with ``--runslow`` or ``PARLOUR_SLOW=1``."""
    return SLOW_FACTOR if is_slow_run(request.config) else 1

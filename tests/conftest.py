"""Shared pytest configuration: the ``--runslow`` option.

``--runslow`` (or the environment variable ``PARLOUR_SLOW=1``) runs the tests marked
``slow`` and multiplies the sizes of the seeded random runs by :data:`SLOW_FACTOR`
(see the ``slow_factor`` fixture).
"""

from __future__ import annotations

import os

import pytest

SLOW_FACTOR = 10
"""How much longer the seeded random runs are with ``--runslow`` / ``PARLOUR_SLOW=1``."""


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--runslow",
        action="store_true",
        default=False,
        help="run the slow tests and multiply random-run sizes by 10 (also PARLOUR_SLOW=1)",
    )


def is_slow_run(config: pytest.Config) -> bool:
    """True when ``--runslow`` is given or ``PARLOUR_SLOW`` is set to a true value."""
    env = os.environ.get("PARLOUR_SLOW", "").strip().lower()
    return bool(config.getoption("--runslow")) or env not in ("", "0", "false", "no")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if is_slow_run(config):
        return
    skip = pytest.mark.skip(reason="slow: enable with --runslow or PARLOUR_SLOW=1")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def slow_factor(request: pytest.FixtureRequest) -> int:
    """1 normally, :data:`SLOW_FACTOR` with ``--runslow`` or ``PARLOUR_SLOW=1``."""
    return SLOW_FACTOR if is_slow_run(request.config) else 1

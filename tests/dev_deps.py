"""The dev extra's packages that tests compare against (``pyproject.toml``, ``dev``).

They are pinned dependencies of the test suite, so a test that needs one imports it
through :func:`require`: when it is missing the test module fails to import, naming the
package and how to install it, instead of skipping in silence.
"""

from __future__ import annotations

import importlib
from types import ModuleType


def require(module: str, package: str) -> ModuleType:
    """Import ``module`` (from the dev extra's ``package``), or fail saying what to install.

    >>> require("json", "the standard library").__name__
    'json'
    """
    try:
        return importlib.import_module(module)
    except ImportError as e:
        raise ImportError(
            f"the tests need {module!r} from {package}, a pinned dev dependency: "
            "install the dev extra (make .venv/.installed-dev, or pip install -e '.[dev]')"
        ) from e


__all__ = ["require"]

"""Where the tests find their files: the repository (``ROOT``) and the JSON test vectors
(``VECTORS``, the worked examples of the specs and the records kept from earlier
versions)."""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
VECTORS = TESTS / "vectors"

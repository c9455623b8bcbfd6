"""parlour: traditional parlour games with the full rules of their rulebooks.

>>> score({"rules": "mcr", "hand": "123m 456p 789s EEE CC", "win_tile": "C"}).total
21
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from parlour.mahjong.scoring import Score, Situation

__version__ = "0.1.0"


def score(situation: Situation | Mapping[str, Any]) -> Score:
    """Score a finished hand given as a hand-situation dict (or a ``Situation``): the
    ruleset named by its ``rules`` field scores it. Malformed or impossible input raises
    a :class:`~parlour.core.errors.ParlourError` naming the fault."""
    from parlour.mahjong.rules import find_ruleset
    from parlour.mahjong.scoring import Situation

    sit = situation if isinstance(situation, Situation) else Situation.from_json(situation)
    result: Score = find_ruleset(sit.rules).score(sit)
    return result

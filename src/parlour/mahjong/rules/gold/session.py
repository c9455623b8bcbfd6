"""The gold match: the banker keeps the deal on a win or a draw; with Quanzhou's
``qz_banker_increment_by_multiplier`` each stay adds the multiplier of the banker's win.

>>> GoldSession(by_multiplier=True).next_flags(
...     type("Last", (), {"dealer": 0, "flags": {}})(), {"wins": [], "draw": True})
{'stays': [1]}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from parlour.mahjong.session import SessionRules, winners


@dataclass(frozen=True, slots=True)
class GoldSession(SessionRules):
    """The gold match: with ``by_multiplier`` (Quanzhou's
    ``qz_banker_increment_by_multiplier``) the next hand's flags carry ``stays``, each
    stay's increment: the multiplier of the banker's win, 1 for a draw (§11.1)."""

    by_multiplier: bool = False

    def next_flags(self, last: Any, result: Mapping[str, Any]) -> dict[str, Any]:
        if not self.by_multiplier:
            return {}
        won = winners(result)
        if won and won[0] != last.dealer:
            return {}  # a new banker: no stays
        step = int(result.get("multiplier", 1)) if won else 1
        return {"stays": [*last.flags.get("stays", []), step]}


__all__ = ["GoldSession"]

"""Wuhan mahjong as the faces of parlour see it: a rule system that settles a won hand
from the whole table (``parlour.settle``, ``parlour score --table FILE``); its table
comes later.

>>> WUHAN.status, WUHAN.settles, [o.name for o in WUHAN.options()][:2]
('scoring only', True, ['minimum_points', 'minimum_fans'])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from parlour.core.options import Option, check_options, option_values
from parlour.core.systems import SCORING
from parlour.core.views import Block, Column, Grid, Line
from parlour.mahjong.rules.wuhan.scoring import OPTIONS, Settlement, settle
from parlour.mahjong.system import MahjongSystem


@dataclass(frozen=True, kw_only=True)
class WuhanSystem(MahjongSystem):
    """Wuhan: settled from a table, its options declared here until its table declares
    them."""

    def options(self) -> tuple[Option, ...]:
        return OPTIONS if self.ruleset is None else self.ruleset.options_spec

    def check_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        if self.ruleset is not None:
            return super().check_options(given)
        return option_values(OPTIONS, check_options(OPTIONS, given, self.name))

    def bot_names(self) -> tuple[str, ...]:
        return () if self.ruleset is None else super().bot_names()

    def settle_view(self, table: Mapping[str, Any], result: Any) -> list[Block]:
        """The winner's hand, the patterns, each loser's fans, share and payment."""
        assert isinstance(result, Settlement)
        seat = result.winner
        hand = dict(table.get("seats", {})).get(seat, {})
        out: list[Block] = [
            Line(
                f"{hand.get('hand', '')} +{hand.get('win_tile', '')}  WUHAN, laizi "
                f"{table.get('laizi') or '(from ' + str(table.get('indicator')) + ')'}, "
                f"{seat} wins",
                bold=True,
            )
        ]
        if not result.valid:
            out.append(Line(f"not a win: {result.reason}"))
        grid = Grid(
            "Shares",
            (Column("loser"), Column("fans", right=True), Column("share", right=True),
             Column("pays", right=True)),
        )  # fmt: skip
        for loser, share in result.shares.items():
            fans = result.fans.get(loser, 0)
            grid.add(loser, f"{fans:g}", f"{share:g}", str(result.paid.get(loser, 0)))
        out.append(grid)
        out.extend(Line(line) for line in result.explain)
        net = Grid("Net", (Column("seat"), Column("change", right=True)))
        for who, amount in result.net.items():
            net.add(who, f"{amount:+d}")
        out.append(net)
        return out


WUHAN = WuhanSystem(
    name="wuhan",
    title="Wuhan: the laizi wild tile, red-dragon kongs, the 2-5-8 eye and caps",
    players=(3, 4),
    status=SCORING,
    source="a Japanese description",
    order=60,
    examples=("parlour score --table examples/wuhan-table.json",),
    settler=settle,
    refusal="not a win",
)

SYSTEMS = (WUHAN,)

__all__ = ["SYSTEMS", "WUHAN", "WuhanSystem"]

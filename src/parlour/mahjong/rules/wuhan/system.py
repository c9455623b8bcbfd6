"""Wuhan mahjong as the faces of parlour see it: the rule system (its table, and the
settlement of a won hand from the whole table: ``parlour.settle``, ``parlour score
--table FILE``), its options and what a settlement prints.

>>> WUHAN.status, WUHAN.settles, [o.name for o in WUHAN.options()][:3]
('playable', True, ['players', 'removed_suit', 'minimum_points'])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from parlour.core.systems import PLAYABLE
from parlour.core.views import Block, Column, Grid, Line
from parlour.mahjong.rules.wuhan.scoring import Settlement, settle
from parlour.mahjong.rules.wuhan.table import WuhanRuleset
from parlour.mahjong.system import MahjongSystem


@dataclass(frozen=True, kw_only=True)
class WuhanSystem(MahjongSystem):
    """Wuhan: a won hand is settled from the whole table (each loser's own openings and
    kongs raise his share)."""

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
    status=PLAYABLE,
    source="a Japanese description",
    order=60,
    examples=("parlour score --table examples/wuhan-table.json",),
    option_cases=(
        {},
        {"players": 3},
        {"players": 3, "removed_suit": "s", "minimum_points": 0},
        {"high_caps": True, "sanyang_800": True, "minimum_points": 16},
        {"pizi_kong": True, "minimum_fans": 3},
    ),
    ruleset=WuhanRuleset,
    settler=settle,
    refusal="not a win",
)

SYSTEMS = (WUHAN,)

__all__ = ["SYSTEMS", "WUHAN", "WuhanSystem"]

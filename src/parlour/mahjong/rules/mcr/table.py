"""MCR at the table: the shared procedure and MCR's scoring.

>>> from parlour.mahjong.table import Table
>>> Table(MCRRuleset(), seed=7).observation(0)["hand"]
'44789m 9p 136669s E F'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parlour.core.options import Option
from parlour.mahjong.rules.mcr.scoring import KONG_VALUES, MCROptions, score
from parlour.mahjong.ruleset import Ruleset, WonHand
from parlour.mahjong.scoring import Score, Situation


class MCRRuleset(Ruleset):
    """MCR at the table: the shared procedure (wall, deal, claims from the left for
    chows, win over pung and kong over chow, nearest winner first) and MCR's scoring,
    which refuses a win under 8 points."""

    name = "mcr"
    title = "Mahjong Competition Rules (MCR, Chinese Official)"
    options_spec = (
        Option(
            "kong_values",
            "source",
            "fan values of kongs: the rulebook's 6/8 (source) or the reference calculator's "
            "5/6 (reference)",
            tuple(KONG_VALUES),
        ),
    )

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        MCROptions.from_json(options or {})  # refuse bad options at the table, not at a win
        super().__init__(options)

    def score(self, hand: WonHand) -> Score:
        how = hand.how
        return score(
            Situation(
                rules=self.name,
                concealed=tuple(sorted(hand.concealed)),
                melds=tuple(hand.melds),
                win_tile=hand.tile,
                self_drawn=how.self_drawn,
                seat_wind=hand.seat_wind,
                round_wind=hand.prevailing,
                bonus=tuple(sorted(hand.bonus)),
                bonus_count=len(hand.bonus),
                last_wall_tile=how.last_wall_tile,
                kong_replacement=how.kong_replacement,
                robbing_kong=how.robbing_kong,
                last_of_kind=how.last_of_kind,
                discarder=hand.discarder_wind,
                options=self.options,
            )
        )


RULESET = MCRRuleset

__all__ = ["RULESET", "MCRRuleset"]

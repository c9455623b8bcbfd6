"""MCR at the table: the shared procedure and MCR's scoring.

>>> from parlour.mahjong.table import Table
>>> Table(MCRRuleset(), seed=7).observation(0)["hand"]
'44789m 9p 136669s E F'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parlour.core.options import Option
from parlour.mahjong.rules.mcr.scoring import KONG_VALUES, MINIMUM, MCROptions, score, won_points
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
        read = MCROptions.from_json(options or {})  # refuse bad options at the table
        super().__init__(options)
        self._reference = read.kong_values == "reference"

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

    def accepts(self, hand: WonHand) -> bool:
        """``score(hand).valid``, from the compiled engine's points of the hand
        (:func:`~parlour.mahjong.rules.mcr.scoring.won_points`): no situation, no score
        built (what a bot weighing its waits asks of many hands).

        >>> from parlour.mahjong.ruleset import WinContext
        >>> from parlour.mahjong.tiles import parse_tiles
        >>> straight = WonHand(parse_tiles("123m 456p 789s EEE C"), (), parse_tiles("C")[0],
        ...                    how=WinContext(self_drawn=True))
        >>> cheap = WonHand(parse_tiles("234m 345p 567s 678m 9p"), (), parse_tiles("9p")[0],
        ...                 discarder_wind="N")
        >>> [MCRRuleset().accepts(h) for h in (straight, cheap)]
        [True, False]
        """
        points = won_points(hand, self._reference)
        if points is None:
            return self.score(hand).valid
        return points >= MINIMUM


RULESET = MCRRuleset

__all__ = ["RULESET", "MCRRuleset"]

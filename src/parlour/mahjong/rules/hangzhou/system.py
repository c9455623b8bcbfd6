"""Hangzhou mahjong as the faces of parlour see it: the rule system (its table, its
scorer), its situation fields and options, and what ``parlour score`` prints of a win.

>>> HANGZHOU.status, HANGZHOU.scores, [o.name for o in HANGZHOU.options()][:2]
('playable', True, ['max_loss', 'seating_method'])
>>> read_claims("W:S=3, S:W=1")
{'W': {'S': 3}, 'S': {'W': 1}}
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from parlour.core.errors import InvalidHand
from parlour.core.systems import PLAYABLE, Field
from parlour.core.views import Block, Line
from parlour.mahjong import situation as fields
from parlour.mahjong.rules.hangzhou.scoring import score_json
from parlour.mahjong.rules.hangzhou.table import HangzhouRuleset
from parlour.mahjong.system import MahjongSystem


def read_claims(text: str) -> Any:
    """The ``--claims`` flag: ``TAKER:GIVER=N`` entries separated by commas or spaces
    (``W:S=3``: West claimed three of South's discards), or the JSON object itself.
    Text that is neither is passed on whole, for the scorer to name the fault.

    >>> read_claims("W-S-3")
    'W-S-3'
    """
    if text.strip().startswith("{"):
        try:
            return json.loads(text)
        except ValueError:
            return text
    out: dict[str, dict[str, Any]] = {}
    for entry in text.replace(",", " ").split():
        taker, _, rest = entry.partition(":")
        giver, _, n = rest.partition("=")
        if not (taker and giver and n.strip().isdigit()):
            return text  # the scorer says what 'claims' must be
        out.setdefault(taker.strip().upper(), {})[giver.strip().upper()] = int(n)
    return out


SITUATION = (
    fields.HAND,
    fields.WIN_TILE,
    fields.SEAT_WIND,
    fields.SELF_DRAWN,
    fields.DISCARDER,
    fields.KONG_REPLACEMENT,
    fields.ROBBING_KONG,
    Field(
        "fortune",
        "The fortune indicator turned up after the deal (the other three of its kind are "
        "the fortunes, marked * in the hand: 4s*; a White P plays 4s).",
        metavar="TILE",
        required=True,
    ),
    Field("banker", "The banker's seat (default E).", metavar="SEAT"),
    Field(
        "lao",
        "The banker's stay level: 1 in his first hand (default), 2 in his second, 3 or more.",
        "count",
        metavar="N",
    ),
    Field(
        "floats",
        "Fortune float rounds before the win by wild eye (default 0).",
        "count",
        metavar="N",
    ),
    Field(
        "kong_streak",
        "Kongs in the streak the winning supplement tile ended (with --kong-replacement).",
        "count",
        metavar="N",
    ),
    Field(
        "claims",
        "Claims each seat made of each other seat's discards, for liability: W:S=3 "
        '(or {"W": {"S": 3}}).',
        metavar="TAKER:GIVER=N",
        read=read_claims,
    ),
    Field(
        "honour_discards",
        "Option ten_honours: a win declared after this many honours discarded first.",
        "count",
        metavar="N",
    ),
    Field(
        "float_claim",
        'Option float_second_half_liability: {"seat": "S", "floats": 1, "kong_streak": 0}, '
        "the seat whose discard the floater claimed and the doubles before it.",
        flag=None,
    ),
)
"""What the Hangzhou scorer reads of one win."""


@dataclass(frozen=True, kw_only=True)
class HangzhouSystem(MahjongSystem):
    """Hangzhou: a fortune indicator before anything; its options are the table's (the
    scorer reads the same ones)."""

    def situation_from_flags(self, values: dict[str, Any]) -> dict[str, Any]:
        data = {k: v for k, v in values.items() if v is not False}
        white = bool(dict(data.get("options") or {}).get("permanent_white_fortune"))
        if "fortune" not in data and not white:
            raise InvalidHand(
                "give the fortune indicator turned up after the deal: --fortune TILE, such "
                "as --fortune 4s (or --option permanent_white_fortune=true)"
            )
        win = fields.win_tile_from_hand(data)
        if win is None and "honour_discards" not in data:
            raise InvalidHand(
                "no winning tile: give --win TILE (4s* for a fortune) or write it in the "
                "hand as +TILE"
            )
        if win is not None:
            data["win_tile"] = win
        seat = str(data.get("seat_wind", "E")).strip().upper()
        if data.get("discarder") is not None:
            data["discarder"] = str(data["discarder"]).strip().upper()
        elif not (
            data.get("self_drawn") or data.get("kong_replacement") or "honour_discards" in data
        ):
            data["discarder"] = fields.left_of(seat)
        return data

    def score_view(self, situation: Mapping[str, Any], result: Any) -> list[Block]:
        from parlour.mahjong.views import lines_grid, payments_grid

        seat = str(situation.get("seat_wind", "E")).strip().upper()
        win = situation.get("win_tile")
        if situation.get("robbing_kong"):
            how = f"by robbing {situation.get('discarder')}'s kong"
        elif situation.get("discarder"):
            how = f"on {situation['discarder']}'s discard"
        elif win is None:
            how = "by ten honours"
        else:
            how = "by an own tile"
        fortune = situation.get("fortune") or "the Whites"
        won = f"won on {win} {how}" if win is not None else f"won {how}"
        return [
            Line(
                f"{situation.get('hand', '')}  HANGZHOU, fortune {fortune}, banker "
                f"{situation.get('banker', 'E')} at lao {situation.get('lao', 1)}, {seat} {won}",
                bold=True,
            ),
            *lines_grid(result, title="Doubles"),
            payments_grid(result.payments),
        ]


_HINTS = {
    "--gold": "--gold does not apply to --rules {rules}: give the indicator as --fortune TILE",
    "--float": "--float does not apply to --rules {rules}: give --floats N",
    "--bonus": "--bonus does not apply to --rules {rules}: Hangzhou uses no flowers or seasons",
    "--flowers": "--flowers does not apply to --rules {rules}: Hangzhou uses no flowers",
    "--round": "--round does not apply to --rules {rules}: no double reads the round wind",
}

HANGZHOU = HangzhouSystem(
    name="hangzhou",
    title="Hangzhou: fortune wild tiles, the banker's lao, floats and liability",
    players=(4,),
    status=PLAYABLE,
    source="an English and a Japanese description",
    order=50,
    situation=SITUATION,
    examples=(
        'parlour score "123m 456m 789p 222s 4s* 9m" --rules hangzhou --fortune 4s --lao 3 '
        "--self-drawn",
        'parlour score "[789m] 123p 456p 11s 99s 9s" --rules hangzhou --fortune 4s --lao 3 '
        "--from S",
    ),
    flag_hints=_HINTS,
    option_cases=(
        {},
        {"missed_pung_freeze": True, "missed_win_freeze": True, "max_two_claims_same_source": True},
        {
            "permanent_white_fortune": True,
            "float_player_may_claim": True,
            "float_second_half_liability": True,
            "ten_honours": True,
        },
        {
            "liability_restriction": "banker_only",
            "immediate_third_banker": True,
            "robbing_kong_from_lao": 2,
            "max_loss": 40,
        },
        {"wall_only": True, "liability_restriction": "no_three_chows_nonbankers"},
    ),
    ruleset=HangzhouRuleset,
    scorer=score_json,
    refusal="false win",
)

SYSTEMS = (HANGZHOU,)

__all__ = ["HANGZHOU", "SITUATION", "SYSTEMS", "HangzhouSystem", "read_claims"]

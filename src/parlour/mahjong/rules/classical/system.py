"""Chinese classical as the faces of parlour see it: the descriptor, the situation fields
of one winning hand and what ``parlour score`` prints of it.

>>> CLASSICAL.name, CLASSICAL.players, CLASSICAL.settles
('classical', (2, 3, 4, 5), True)
>>> CLASSICAL.situation_from_flags({"hand": "999p 44s 67s [777m] [WWWW] f4 +5s",
...                                 "seat_wind": "w"})["discarder"]
'S'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from parlour.core.errors import InvalidHand
from parlour.core.systems import PLAYABLE, Field
from parlour.core.views import Block, Line
from parlour.mahjong import situation as fields
from parlour.mahjong.rules.classical.scoring import score_json, settle
from parlour.mahjong.rules.classical.session import ClassicalSession
from parlour.mahjong.rules.classical.table import ClassicalRuleset
from parlour.mahjong.system import MahjongSystem

SITUATION = (
    fields.HAND,
    fields.WIN_TILE,
    fields.SEAT_WIND,
    fields.ROUND_WIND,
    fields.SELF_DRAWN,
    fields.DISCARDER,
    fields.BONUS_TILES_FIELD,
    fields.LAST_WALL_TILE,
    fields.KONG_REPLACEMENT,
    Field("bonus_replacement", "Won on a flower's replacement tile.", "flag"),
    fields.ROBBING_KONG,
    Field("heavenly", "Heaven's Blessing: East's own dealt hand, self-drawn (L1).", "flag"),
    Field("earthly", "Earth's Blessing: a win on East's first discard (L2).", "flag"),
    Field(
        "kong_on_kong",
        "Kong on Kong: won on the replacement tile of a second kong (L8).",
        "flag",
    ),
    Field(
        "visible",
        "The dead discards, for the only-possible-tile rule.",
        metavar="TILES",
    ),
    Field("goulash", "A goulash hand (the wild tiles are in play).", "flag"),
)
"""What the classical scorer reads of one winning hand (``parlour score --table`` reads
every seat's)."""


@dataclass(frozen=True, kw_only=True)
class ClassicalSystem(MahjongSystem):
    """Classical: one winning hand is paid by every other seat (``parlour score``), a
    whole table is settled between all the seats (``parlour score --table``)."""

    def situation_from_flags(self, values: dict[str, Any]) -> dict[str, Any]:
        win = fields.win_tile_from_hand(values)
        if win is None:
            raise InvalidHand("no winning tile: give --win TILE or write it in the hand as +TILE")
        seat = str(values.get("seat_wind", "E")).strip().upper()
        data = {
            **values,
            "win_tile": win,
            "seat_wind": seat,
            "round_wind": values.get("round_wind", "E"),
            "goulash": bool(values.get("goulash", False)),
        }
        if not data.pop("self_drawn", False):
            given = values.get("discarder")
            data["discarder"] = given.strip().upper() if given else fields.left_of(seat)
        else:
            data["self_drawn"] = True
        return data

    def score_view(self, situation: Mapping[str, Any], result: Any) -> list[Block]:
        from parlour.mahjong.views import lines_grid, payments_grid

        seat = situation.get("seat_wind", "E")
        how = (
            "self-drawn"
            if situation.get("self_drawn")
            else f"on {situation.get('discarder')}'s discard"
        )
        out: list[Block] = [
            Line(
                f"{situation.get('hand', '')}  CLASSICAL, {seat} won on "
                f"{situation.get('win_tile')} {how}",
                bold=True,
            ),
            *lines_grid(result),
        ]
        if result.payments:
            out.append(payments_grid(result.payments))
        return out


CLASSICAL = ClassicalSystem(
    name="classical",
    title="Chinese classical: every hand scored, losers settle among themselves; with the "
    "British variations (goulash with wild tiles, 2 and 3 players) and the five-player "
    "game with the dreamer",
    players=(2, 3, 4, 5),
    status=PLAYABLE,
    source="an online site's rules, British house rules and a Czech rulebook",
    order=20,
    situation=SITUATION,
    examples=(
        'parlour score "999p 44s 67s [777m] [WWWW] f4" --rules classical --win 5s --seat W '
        "--self-drawn",
        "parlour score --table examples/classical-table.json",
    ),
    flag_hints={
        "--flowers": 'classical scores each bonus tile: give them as --bonus "f1 x3", '
        "not --flowers",
        "--last-of-kind": "--last-of-kind does not apply to classical (give --visible TILES "
        "instead)",
    },
    option_cases=(
        {},
        {"east_pays_double": True, "prevailing_wind_scoring": True, "rob_kong": True},
        {"players": 3},
        {"players": 2},
        {"players": 5, "dreamer_payment": True},
        {"goulash": True},
        {"goulash": True, "goulash_wild": "jokers"},
        {"players": 3, "goulash": True},
        {"players": 2, "goulash": True, "goulash_wild": "jokers"},
    ),
    ruleset=ClassicalRuleset,
    session_rules=ClassicalSession(),
    scorer=score_json,
    settler=settle,
)

SYSTEMS = (CLASSICAL,)

__all__ = ["CLASSICAL", "SITUATION", "SYSTEMS", "ClassicalSystem"]

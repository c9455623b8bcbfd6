"""Kawuxing as the faces of parlour see it: a rule system played at the table
(:mod:`.table`, :mod:`.session`) that scores one win, a kong's payment and a drawn hand
(``parlour.score``, ``parlour score --rules kawuxing``), its situation fields with roles
instead of winds (``--seat banker``), its options.

>>> KAWUXING.status, KAWUXING.scores, [o.name for o in KAWUXING.options()][:3]
('playable', True, ['players', 'removed_suit', 'max_doubles'])
>>> read_chain("left, banker")
['left', 'banker']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from parlour.core.systems import PLAYABLE, Field
from parlour.core.views import Block, Line
from parlour.mahjong import situation as fields
from parlour.mahjong.rules.kawuxing.scoring import ROLES, before, score_json
from parlour.mahjong.rules.kawuxing.table import KawuxingRuleset
from parlour.mahjong.system import MahjongSystem


def read_chain(text: str) -> Any:
    """The ``--kong-chain`` flag: the kongers' roles in order, separated by commas or
    spaces (``left,banker``), or the JSON list itself (passed on for the scorer to
    check)."""
    if text.strip().startswith("["):
        import json

        try:
            return json.loads(text)
        except ValueError:
            return text
    return [part for part in text.replace(",", " ").split() if part]


SITUATION = (
    fields.HAND,
    fields.WIN_TILE,
    Field(
        "seat",
        "The winner's role: banker, right (the banker's right, next in turn) or left "
        "(default banker).",
        flag="--seat",
        metavar="ROLE",
    ),
    fields.SELF_DRAWN,
    Field(
        "discarder",
        "The role that discarded the winning tile (or whose kong was robbed); default: "
        "the role that plays before the winner.",
        flag="--from",
        metavar="ROLE",
    ),
    Field(
        "kong_replacement",
        "Won on a kong's supplement tile (Bloom on Kong: a wall-tile win).",
        "flag",
    ),
    Field(
        "kong_chain",
        "The kongers of the unbroken kong chain before the win, in order: left,banker "
        "(Bloom on Kong counts the winner's own kongs at its end).",
        metavar="ROLES",
        read=read_chain,
    ),
    Field("robbing_kong", "Won by robbing another player's growing kong.", "flag"),
    Field(
        "discard_after_kong",
        "Won on the discard the discarder made right after his kong (Claimed on Kong).",
        "flag",
    ),
    Field(
        "last_tile",
        "The last wall tile: drawn (Fishing the Bottom), or the discard after it.",
        "flag",
    ),
    Field("disclosed", "The winner had disclosed his hand (亮倒).", "flag"),
    Field(
        "discarder_disclosed",
        "The discarder (or robbed player) had disclosed (it changes nothing: C1).",
        "flag",
    ),
    Field("unit", "The value of a unit (default 1).", "count", metavar="N"),
)
"""What the Kawuxing scorer reads of one win (a kong or a drawn hand is JSON only:
``--situation FILE`` with ``"event": "kong"`` or ``"draw"``)."""


@dataclass(frozen=True, kw_only=True)
class KawuxingSystem(MahjongSystem):
    """Kawuxing: scored by roles; its options are the table's (the people at it, then
    the scorer's)."""

    def situation_from_flags(self, values: dict[str, Any]) -> dict[str, Any]:
        """The flags' situation: the winning tile from the hand's ``+T``, and, for a
        win on a discard, the discarder by default the role that plays before the
        winner."""
        data = {k: v for k, v in values.items() if v is not False}
        win = fields.win_tile_from_hand(data)
        if win is not None:
            data["win_tile"] = win
        seat = data.get("seat", "banker")
        wall = data.get("self_drawn") or data.get("kong_replacement")
        if data.get("discarder") is None and not wall and isinstance(seat, str):
            who = seat.strip().lower()
            who = {"b": "banker", "r": "right", "l": "left"}.get(who, who)
            if who in ROLES:
                data["discarder"] = before(who)
        return data

    def score_view(self, situation: Mapping[str, Any], result: Any) -> list[Block]:
        from parlour.mahjong.views import lines_grid, payments_grid

        event = situation.get("event")
        if event == "kong":
            title = (
                f"KAWUXING, {situation.get('konger')}'s {situation.get('kong')} kong, "
                f"chain position {situation.get('chain') or 1}"
            )
            return [Line(title, bold=True), *lines_grid(result, "Kong payment"),
                    payments_grid(result.payments)]  # fmt: skip
        if event == "draw":
            order = ", ".join(situation.get("disclosure_order") or []) or "nobody"
            return [
                Line(f"KAWUXING, a drawn hand; disclosed: {order}", bold=True),
                *(Line(line) for line in result.explain),
                payments_grid(result.payments),
            ]
        seat = situation.get("seat", "banker")
        win = situation.get("win_tile")
        if situation.get("robbing_kong"):
            how = f"by robbing {situation.get('discarder')}'s kong"
        elif situation.get("kong_replacement"):
            how = "on a kong supplement"
        elif situation.get("discarder"):
            how = f"on {situation['discarder']}'s discard"
        else:
            how = "from the wall"
        return [
            Line(f"{situation.get('hand', '')}  KAWUXING, {seat} won on {win} {how}", bold=True),
            *lines_grid(result, title="Doubles"),
            payments_grid(result.payments),
        ]


_HINTS = {
    "--round": "--round does not apply to --rules {rules}: Kawuxing has no winds",
    "--flowers": "--flowers does not apply to --rules {rules}: Kawuxing uses no flowers",
    "--bonus": "--bonus does not apply to --rules {rules}: Kawuxing uses no flowers",
}

KAWUXING = KawuxingSystem(
    name="kawuxing",
    title="Kawuxing: three players, 84 tiles, kong payments at once, disclosure",
    players=(3, 4),
    status=PLAYABLE,
    source="an English and a Japanese description",
    order=70,
    situation=SITUATION,
    examples=(
        'parlour score "123p 789p 46s 333s FF +5s" --rules kawuxing --seat left --from banker',
        'parlour score "123p 456p {7777s} [FFFF] 99s +9s" --rules kawuxing --seat banker '
        "--kong-replacement --kong-chain banker,banker",
    ),
    flag_hints=_HINTS,
    option_cases=(
        {},
        {"removed_suit": "p", "max_doubles": 4},
        {"double_dragon_x16": True, "disclosure_scope": "waits_only"},
        {"players": 4},
        {"players": 4, "four_player_rotation": False, "removed_suit": "s"},
    ),
    ruleset=KawuxingRuleset,
    scorer=score_json,
    refusal="false win",
)

SYSTEMS = (KAWUXING,)

__all__ = ["KAWUXING", "SITUATION", "SYSTEMS", "KawuxingSystem", "read_chain"]

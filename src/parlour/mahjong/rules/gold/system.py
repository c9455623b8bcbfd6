"""Xiamen and Quanzhou gold mahjong as the faces of parlour see them: two rule systems
on one table and one scorer (``fuzhou`` is another name of ``xiamen``), their situation
fields and what ``parlour score`` prints of a win.

>>> [s.name for s in SYSTEMS], XIAMEN.aliases, XIAMEN.refusal
(['xiamen', 'quanzhou'], ('fuzhou',), 'false win')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from parlour.core.errors import InvalidHand
from parlour.core.systems import PLAYABLE, Benchmark, Field
from parlour.core.views import Block, Line
from parlour.mahjong import situation as fields
from parlour.mahjong.rules.gold.scoring import score_json
from parlour.mahjong.rules.gold.table import QuanzhouRuleset, XiamenRuleset
from parlour.mahjong.system import MahjongSystem

SITUATION = (
    fields.HAND,
    fields.WIN_TILE,
    fields.SEAT_WIND,
    fields.ROUND_WIND,
    fields.SELF_DRAWN,
    fields.DISCARDER,
    fields.BONUS_TILES_FIELD,
    fields.KONG_REPLACEMENT,
    fields.ROBBING_KONG,
    Field(
        "gold",
        "The Gold indicator turned up after the deal (the other three of its kind are the "
        "Golds, marked * in the hand: 5p*).",
        metavar="TILE",
    ),
    Field("banker", "The banker's seat (default E).", metavar="SEAT"),
    Field(
        "banker_stays",
        "How many times the banker has stayed (default 0).",
        "count",
        metavar="N",
    ),
    Field(
        "float",
        "Won by gold float (1), double float (2) or triple float (3).",
        "count",
        metavar="N",
    ),
    Field("robbing_gold", "Xiamen: won by robbing the Gold indicator.", "flag"),
    Field(
        "three_golds",
        "A three gold knocker, after_deal or last_turn.",
        metavar="MOMENT",
    ),
    Field("heavenly", "Xiamen: the banker's heavenly win.", "flag"),
    Field("earthly", "Xiamen: an earthly win on the banker's first discard.", "flag"),
    Field("eight_flowers", "Quanzhou: the win of all eight flowers and seasons.", "flag"),
    Field(
        "floater",
        'The player in a double or triple float round: {"seat": "W", "float": 2, "water": 3}.',
        flag=None,
    ),
)
"""What the gold scorer reads of one win."""


@dataclass(frozen=True, kw_only=True)
class GoldSystem(MahjongSystem):
    """A gold rule system: a win is paid by the three others, a false win paid back."""

    def situation_from_flags(self, values: dict[str, Any]) -> dict[str, Any]:
        data = {k: v for k, v in values.items() if v is not False}
        if "gold" not in data:
            raise InvalidHand(
                "give the Gold indicator turned up after the deal: --gold TILE, such as --gold 5p"
            )
        seat = str(data.get("seat_wind", "E")).strip().upper()
        data["seat_wind"] = data.get("seat_wind", "E")
        declared = data.get("three_golds") or data.get("eight_flowers")
        win = fields.win_tile_from_hand(data)
        if win is None and not (declared or data.get("heavenly")):
            raise InvalidHand(
                "no winning tile: give --win TILE (5p* for a Gold) or write it in the hand as +TILE"
            )
        if win is not None:
            data["win_tile"] = win
        if data.get("self_drawn"):
            return data
        if data.get("discarder") is not None:
            data["discarder"] = str(data["discarder"]).strip().upper()
        elif win is not None and not (data.get("robbing_gold") or data.get("heavenly")):
            data["discarder"] = fields.left_of(seat)
        return data

    def score_view(self, situation: Mapping[str, Any], result: Any) -> list[Block]:
        from parlour.mahjong.views import lines_grid, payments_grid

        seat = str(situation.get("seat_wind", "E")).strip().upper()
        win = situation.get("win_tile")
        if situation.get("self_drawn"):
            how = "by a wall tile"
        elif situation.get("discarder"):
            what = "kong" if situation.get("robbing_kong") else "discard"
            how = f"on {situation['discarder']}'s {what}"
        else:
            how = "as declared"
        won = f"won on {win} {how}" if win is not None else "declared a win"
        return [
            Line(
                f"{situation.get('hand', '')}  {str(situation.get('rules')).upper()}, gold "
                f"{situation.get('gold')}, {seat} {won}",
                bold=True,
            ),
            *lines_grid(result, title="Water and multiplier"),
            payments_grid(result.payments),
        ]


_HINTS = {
    "--flowers": "--flowers does not apply to --rules {rules}: give the flowers and seasons "
    'as --bonus "f1 x3"',
    "--last-tile": "--last-tile does not apply to --rules {rules}",
    "--last-of-kind": "--last-of-kind does not apply to --rules {rules}",
}


def _bench_hands(games: int, seed: int, repeat: int) -> None:
    from parlour.mahjong.rules.gold.bench.hands_per_second import print_gold_sim_table

    print_gold_sim_table(_measure_hands(games, seed, repeat))


def _measure_hands(games: int, seed: int, repeat: int) -> list[dict[str, Any]]:
    from parlour.mahjong.rules.gold.bench.hands_per_second import run_gold_sim_bench

    return run_gold_sim_bench(games=games, seed=seed, repeat=repeat)


BENCHMARKS = (
    Benchmark(
        "gold-sim",
        "Whole Xiamen hands per second with greedy bots (and random ones beside them).",
        "games",
        "Hands per measurement.",
        20,
        _bench_hands,
        measure=_measure_hands,
        quick=10,
    ),
)
"""The gold games' benchmarks (``parlour bench gold-sim``)."""

XIAMEN = GoldSystem(
    name="xiamen",
    title="Xiamen gold mahjong: 16-tile hands, the Gold wild tile, floats, robbing the Gold "
    "(fuzhou: an alias, unverified: no Fuzhou source)",
    players=(4,),
    status=PLAYABLE,
    source="an English and a Japanese description",
    aliases=("fuzhou",),
    order=30,
    situation=SITUATION,
    examples=(
        'parlour score "[EEE] [345m] 777s 123p 45s 99m" --rules xiamen --gold 5p --win 6s '
        '--seat S --from N --bonus "f1 x3"',
    ),
    flag_hints=_HINTS,
    option_cases=({}, {"missed_claim_freeze": True, "false_float_forfeit": True}),
    ruleset=XiamenRuleset,
    scorer=score_json,
    refusal="false win",
    benchmarks=BENCHMARKS,
)

QUANZHOU = GoldSystem(
    name="quanzhou",
    title="Quanzhou gold mahjong: the Xiamen game with Quanzhou's scoring",
    players=(4,),
    status=PLAYABLE,
    source="an English and a Japanese description",
    order=40,
    situation=SITUATION,
    examples=(
        'parlour score "[EEE] [345m] 777s 123p 45s 99m" --rules quanzhou --gold 5p --win 6s '
        "--seat S --self-drawn",
    ),
    flag_hints=_HINTS,
    option_cases=({}, {"qz_banker_increment_by_multiplier": True, "base_multiplier": 5}),
    ruleset=QuanzhouRuleset,
    scorer=score_json,
    refusal="false win",
)

SYSTEMS = (XIAMEN, QUANZHOU)

__all__ = ["QUANZHOU", "SITUATION", "SYSTEMS", "XIAMEN", "GoldSystem"]

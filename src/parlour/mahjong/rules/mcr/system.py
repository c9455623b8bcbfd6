"""MCR as the faces of parlour see it: the rule system's descriptor, its situation
fields and what ``parlour score`` prints of a score.

>>> MCR.name, [f.option for f in MCR.situation][:4]
('mcr', [None, '--win', '--seat', '--round'])
>>> MCR.situation_from_flags({"hand": "123m 456p 789s EEE CC +C"})["win_tile"]
'C'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from parlour.core.errors import InvalidHand
from parlour.core.systems import PLAYABLE, Benchmark, Field
from parlour.core.views import Block, Line
from parlour.mahjong import situation as fields
from parlour.mahjong.rules.mcr.scoring import score
from parlour.mahjong.rules.mcr.session import MCR_SESSION
from parlour.mahjong.rules.mcr.table import MCRRuleset
from parlour.mahjong.scoring import SEATS, Situation
from parlour.mahjong.system import MahjongSystem
from parlour.mahjong.tiles import tile_name

SITUATION = (
    fields.HAND,
    fields.WIN_TILE,
    fields.SEAT_WIND,
    fields.ROUND_WIND,
    fields.SELF_DRAWN,
    fields.DISCARDER,
    Field("bonus", "Flowers and seasons held (0 to 8).", "count", flag="--flowers", metavar="N"),
    fields.LAST_WALL_TILE,
    fields.KONG_REPLACEMENT,
    fields.ROBBING_KONG,
    Field(
        "last_of_kind",
        "The winning tile is the last of its kind (3 in sight).",
        "flag",
    ),
)
"""What the MCR scorer reads (see :class:`~parlour.mahjong.scoring.Situation`)."""


@dataclass(frozen=True, kw_only=True)
class MCRSystem(MahjongSystem):
    """MCR: a win is paid by the discarder or by everyone; its score is a fan table."""

    def outside_bots(self) -> tuple[str, ...]:
        """Programs for Botzone's Chinese Standard Mahjong (:mod:`parlour.bots.botzone`)."""
        return ("botzone",)

    def situation_from_flags(self, values: dict[str, Any]) -> dict[str, Any]:
        win = fields.win_tile_from_hand(values)
        if win is None:
            raise InvalidHand("no winning tile: give --win TILE or write it in the hand as +TILE")
        return {**values, "win_tile": win}

    def error_hint(self, situation: Mapping[str, Any]) -> str:
        from parlour.mahjong.views import short_hand_hint

        return short_hand_hint(situation.get("hand"))

    def score_view(self, situation: Mapping[str, Any], result: Any) -> list[Block]:
        from parlour.mahjong.views import fans_grid, payments_grid

        sit = Situation.from_json(situation)
        how = "self-drawn" if sit.self_drawn else "on a discard"
        hand = situation.get("hand", "")
        refused = [] if result.valid else [Line(result.reason or "", label=self.refusal)]
        return [
            Line(f"{hand}  {sit.rules.upper()}, won on {tile_name(sit.win_tile)} {how}", bold=True),
            fans_grid(result),
            *refused,
            payments_grid(result.payments, _seat_roles(sit, result.valid)),
            *(Line(line) for line in result.explain),
        ]


def _seat_roles(sit: Situation, valid: bool) -> dict[str, str]:
    roles = dict.fromkeys(SEATS, "")
    if not valid:
        roles[sit.seat_wind] = "declarer (false mahjong)"
    elif sit.self_drawn:
        roles = dict.fromkeys(SEATS, "pays (self-drawn)")
        roles[sit.seat_wind] = "winner"
    else:
        role = "robbed kong" if sit.robbing_kong else "discarder"
        if sit.discarder is None:
            role += " (assumed: the winner's left)"
        roles[sit.payer] = role
        roles[sit.seat_wind] = "winner"
    return roles


def _bench_scoring(hands: int, seed: int, repeat: int) -> None:
    from parlour.mahjong.rules.mcr.bench.scoring import print_table

    print_table(_measure_scoring(hands, seed, repeat))


def _measure_scoring(hands: int, seed: int, repeat: int) -> list[dict[str, Any]]:
    from parlour.mahjong.rules.mcr.bench.scoring import run_mcr_bench

    return run_mcr_bench(hands=hands, seed=seed, repeat=repeat)


def _bench_hands(games: int, seed: int, repeat: int) -> None:
    from parlour.mahjong.rules.mcr.bench.hands_per_second import print_sim_table

    print_sim_table(_measure_hands(games, seed, repeat))


def _measure_hands(games: int, seed: int, repeat: int) -> list[dict[str, Any]]:
    from parlour.mahjong.rules.mcr.bench.hands_per_second import run_sim_bench

    return run_sim_bench(games=games, seed=seed, repeat=repeat)


def _bench_engine(
    engine: str, address: str | None, workers: int, hands: int, seed: int, repeat: int
) -> None:
    from parlour.mahjong.rules.mcr.bench.hands_per_second import print_engine_bench

    print_engine_bench(engine, address, workers, hands, seed, repeat)


def _bench_env(steps: int, seed: int, repeat: int) -> None:
    from parlour.mahjong.rules.mcr.bench.env_steps import print_env_table

    print_env_table(_measure_env(steps, seed, repeat))


def _measure_env(steps: int, seed: int, repeat: int) -> list[dict[str, Any]]:
    from parlour.mahjong.rules.mcr.bench.env_steps import run_env_bench

    return run_env_bench(steps=steps, seed=seed, repeat=repeat)


BENCHMARKS = (
    Benchmark(
        "mcr",
        "MCR scoring speed against PyMahjongGB's fan calculator, and their agreement.",
        "hands",
        "Random MCR hands per measurement.",
        5000,
        _bench_scoring,
        measure=_measure_scoring,
        quick=2000,
    ),
    Benchmark(
        "sim",
        "Whole MCR hands per second (random and greedy bots) against RLCard's mahjong; "
        "with --engine ray, random-bot hands simulated on Ray against local processes.",
        "games",
        "Hands per measurement.",
        300,
        _bench_hands,
        measure=_measure_hands,
        quick=100,
        on_engine=_bench_engine,
        engine_default=10_000,
        aliases=("hands",),
    ),
    Benchmark(
        "env",
        "Learning-environment steps per second with observation tensors against RLCard's "
        "mahjong env.step, and VectorGames steps per second for every rule system.",
        "steps",
        "Environment steps per measurement.",
        3000,
        _bench_env,
        measure=_measure_env,
        quick=1000,
    ),
)
"""MCR's benchmarks (``parlour bench mcr``, ``parlour bench sim``, ``parlour bench env``)."""

MCR = MCRSystem(
    name="mcr",
    title="Mahjong Competition Rules (MCR, Chinese Official): 81 fans, 8-point minimum",
    players=(4,),
    status=PLAYABLE,
    source="a Hungarian club rulebook",
    order=10,
    situation=SITUATION,
    examples=(
        'parlour score "123m 456p 789s EEE CC" --win C --round S',
        'parlour score "[123m] 456p 789s EEE CC +C" --self-drawn --flowers 2 --json',
    ),
    option_cases=({}, {"kong_values": "reference"}),
    ruleset=MCRRuleset,
    session_rules=MCR_SESSION,
    scorer=score,
    pattern_word="fans",
    benchmarks=BENCHMARKS,
)

SYSTEMS = (MCR,)

__all__ = ["MCR", "SITUATION", "SYSTEMS", "MCRSystem"]

"""An older home of ``parlour bench sim``: see
:mod:`parlour.mahjong.rules.mcr.bench.hands_per_second`."""

from parlour.mahjong.rules.mcr.bench.hands_per_second import (
    play_hands,
    print_sim_table,
    run_sim_bench,
)

__all__ = ["play_hands", "print_sim_table", "run_sim_bench"]

"""An older home of ``parlour bench mcr``: see :mod:`parlour.mahjong.rules.mcr.bench.scoring`."""

from parlour.mahjong.rules.mcr.bench.scoring import (
    GB_ROW,
    JSON_ROW,
    PARSED_ROW,
    RATIO_TARGETS,
    print_table,
    run_mcr_bench,
)

__all__ = ["GB_ROW", "JSON_ROW", "PARSED_ROW", "RATIO_TARGETS", "print_table", "run_mcr_bench"]

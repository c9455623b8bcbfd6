"""Every game, match and bot constructor that takes a seed takes a whole number only.

``random.Random`` takes floats, strings and None as seeds, so ``Session(seed=1.0)`` used
to deal (a game whose own record then failed validation, since a record's seed is a
whole number). Each constructor now refuses such a seed through one shared check
(:func:`parlour.core.rng.check_seed`), with an error that is both a TypeError and a
ValueError and names the seed; numpy integers are taken as the ints they are.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from parlour.cards.games import find_card_game, make_game
from parlour.cards.ninety_nine import NinetyNine
from parlour.cards.ninety_nine.bots import NinetyNineBot
from parlour.cards.piquet import Piquet, PiquetDeal, PiquetOptions
from parlour.cards.piquet.bots import HeuristicPiquetBot, RandomPiquetBot
from parlour.core.rng import InvalidSeed, check_seed
from parlour.mahjong.session import Session
from parlour.mahjong.table import Table
from parlour.records import record_of, validate

BAD_SEEDS: list[Any] = [1.0, True, False, None, "7", 2.5, np.float64(3.0), np.True_, [1], (1,)]

MAKERS: dict[str, Callable[[Any], Any]] = {
    "Table": lambda seed: Table(seed=seed),
    "Session": lambda seed: Session(seed=seed),
    "Session xiamen": lambda seed: Session("xiamen", seed=seed),
    "Piquet": lambda seed: Piquet(seed=seed),
    "PiquetDeal": lambda seed: PiquetDeal(PiquetOptions(), seed=seed),
    "NinetyNine": lambda seed: NinetyNine(seed),
    "NinetyNine keyword": lambda seed: NinetyNine(seed=seed),
    "make_game piquet": lambda seed: make_game("piquet", seed=seed),
    "make_game ninety-nine": lambda seed: make_game("ninety-nine", seed=seed),
    "RandomPiquetBot": lambda seed: RandomPiquetBot(seed),
    "HeuristicPiquetBot": lambda seed: HeuristicPiquetBot(seed),
    "NinetyNineBot": lambda seed: NinetyNineBot(seed),
    "piquet make_bot": lambda seed: find_card_game("piquet").make_bot("random", seed),
    "ninety-nine make_bot": lambda seed: find_card_game("ninety-nine").make_bot("random", seed),
}


@pytest.mark.parametrize("maker", sorted(MAKERS))
@pytest.mark.parametrize("seed", BAD_SEEDS, ids=repr)
def test_a_seed_that_is_not_a_whole_number_is_refused(maker: str, seed: Any) -> None:
    with pytest.raises(TypeError, match=r"seed") as caught:
        MAKERS[maker](seed)
    assert isinstance(caught.value, ValueError)
    assert repr(seed) in str(caught.value)


@pytest.mark.parametrize("maker", sorted(MAKERS))
@pytest.mark.parametrize("seed", [0, 7, -3, 10**30])
def test_whole_number_seeds_are_taken(maker: str, seed: int) -> None:
    MAKERS[maker](seed)


@pytest.mark.parametrize("maker", ["Table", "Session", "Piquet", "NinetyNine"])
def test_a_numpy_integer_seed_is_the_int_it_is(maker: str) -> None:
    game = MAKERS[maker](np.int64(7))
    same = MAKERS[maker](7)
    assert type(game.seed) is int and game.seed == 7
    assert game.observation(0) == same.observation(0)


@pytest.mark.parametrize("seed", [1.0, True, None, "7", 2.5])
def test_the_shared_check(seed: Any) -> None:
    with pytest.raises(InvalidSeed, match=r"^a seed is a whole number, not "):
        check_seed(seed)
    assert check_seed(np.int32(5)) == 5 and type(check_seed(np.int32(5))) is int


def test_a_session_made_with_a_whole_seed_validates() -> None:
    record = record_of(Session(seed=3))
    report = validate(record)
    assert report.unfinished, report.message


@pytest.mark.parametrize("seed", [1.0, True, None, "7", 2.5])
def test_bots_and_the_match_refuse_a_seed_that_is_not_a_whole_number(seed: object) -> None:
    from parlour.bots import RandomBot
    from parlour.bots.greedy import GreedyBot
    from parlour.core.match import Match
    from parlour.core.rng import InvalidSeed
    from parlour.mahjong.rules.mcr import MCR_SESSION

    makers = (
        lambda: RandomBot(seed),  # type: ignore[arg-type]
        lambda: GreedyBot(seed),  # type: ignore[arg-type]
        lambda: Match(MCR_SESSION, seed=seed),  # type: ignore[arg-type]
    )
    for make in makers:
        with pytest.raises(InvalidSeed, match="a seed is a whole number"):
            make()

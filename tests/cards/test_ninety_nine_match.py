"""Ninety-Nine on the match layer: a whole game is a Match whose deals are games, with
each deal's setup (dealer, trumps, starting totals) and outcome kept."""

from __future__ import annotations

from typing import Any

import pytest

from parlour.cards.bots import NinetyNineBot
from parlour.cards.cards import NINETY_NINE_PACK
from parlour.cards.ninety_nine import (
    NinetyNine,
    NinetyNineDeal,
    NinetyNineRules,
    deal_seed,
    shuffled_deck,
)
from parlour.core.errors import IllegalAction
from parlour.core.match import Match, Outcome, Setup


def play_out(game: NinetyNine, seed: int = 0) -> NinetyNine:
    bots = [NinetyNineBot(seed=seed + s) for s in range(3)]
    while not game.is_over():
        seat = game.to_act()[0]
        game.apply(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat)))
    return game


def test_a_game_is_a_match_of_deals() -> None:
    game = NinetyNine(seed=3, first_dealer=1)
    assert isinstance(game, Match) and isinstance(game.match_rules, NinetyNineRules)
    assert isinstance(game.game, NinetyNineDeal) and game.deal is game.game
    assert game.players == ["A", "B", "C"] and game.seating == (0, 1, 2)
    first = game.setup
    assert isinstance(first, Setup)
    assert (first.number, first.dealer, first.seed) == (1, 1, deal_seed(3, 1))
    assert dict(first.flags) == {
        "trumps": "D",
        "game": 1,
        "totals": (0, 0, 0),
        "game_wins": (0, 0, 0),
        "games": (),
    }
    assert game.deal.deck == shuffled_deck(deal_seed(3, 1))
    assert game.observation(0)["match"]["hand"] == 1


@pytest.mark.parametrize(
    "options",
    [{}, {"game_format": "three_game_wins", "trump_reset_each_game": True}],
    ids=["fixed", "three-wins-reset"],
)
def test_deals_appear_as_outcomes_with_their_setups(options: dict[str, Any]) -> None:
    game = play_out(NinetyNine(seed=5, first_dealer=2, options=options), seed=5)
    result = game.result()
    assert result is not None
    outcomes, setups = game.outcomes, game.setups
    assert len(outcomes) == len(setups) == result["deals"] == len(game.deal_scores)
    assert all(isinstance(o, Outcome) for o in outcomes)
    assert [o.setup for o in outcomes] == setups
    # the deal goes round the table clockwise from the first dealer
    assert [s.dealer for s in setups] == [(2 + i) % 3 for i in range(len(setups))]
    assert [s.number for s in setups] == list(range(1, len(setups) + 1))
    # each deal's trumps follow from the deal before (diamonds when a new game starts)
    assert setups[0].flags["trumps"] == "D"
    reset = options.get("trump_reset_each_game", False)
    for before, after, score in zip(setups, setups[1:], game.deal_scores, strict=False):
        new_game = after.flags["game"] != before.flags["game"]
        expected = "D" if reset and new_game else score.next_trumps
        assert after.flags["trumps"] == expected
        assert after.round == after.flags["game"] - 1
    # each deal's points are its payments, and the match's scores are their sums
    for outcome, score in zip(outcomes, game.deal_scores, strict=True):
        assert outcome.payments == score.scores == tuple(outcome.result["payments"])
    assert game.scores == result["scores"] == game.standings.points
    assert game.results()["hands"] == len(outcomes) and game.results()["complete"]
    assert game.ranking()[0]["player"] in result["winners"]
    with pytest.raises(IllegalAction, match="over"):
        game.apply(0, game.parse_action("pass"))


def test_starting_totals_carry_the_game_so_far() -> None:
    game = play_out(NinetyNine(seed=8, game_format="three_game_wins"), seed=8)
    for setup, outcome in zip(game.setups, game.outcomes, strict=True):
        totals = list(setup.flags["totals"])
        after = [t + p for t, p in zip(totals, outcome.payments, strict=True)]
        nxt = setup.number  # index of the next setup
        if nxt < len(game.setups):
            following = game.setups[nxt]
            if following.flags["game"] == setup.flags["game"]:
                assert list(following.flags["totals"]) == after
            else:  # a game was won: the totals start again
                assert list(following.flags["totals"]) == [0, 0, 0]
                assert max(after) >= 100


def test_a_deal_alone_is_a_game() -> None:
    deal = NinetyNineDeal(NINETY_NINE_PACK, dealer=0, trumps="H")
    assert deal.to_act() == (0, 1, 2) and deal.result() is None
    assert deal.start_events()[0].data["trumps"] == "H"
    with pytest.raises(ValueError, match="trumps"):
        NinetyNineDeal(NINETY_NINE_PACK, trumps="X")

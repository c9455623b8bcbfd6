"""Piquet on the match layer: a partie is a Match whose deals are games, each with the
setup it was dealt from (dealer, seed, the game so far in its flags) and its outcome."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
import test_piquet_vectors as vec

from parlour.cards.piquet import (
    Piquet,
    PiquetDeal,
    PiquetOptions,
    PiquetRules,
    deal_seed,
    game_winner,
    seventeenth_century_value,
)
from parlour.cards.piquet_bots import HeuristicPiquetBot, RandomPiquetBot
from parlour.core.actions import Action
from parlour.core.errors import IllegalAction
from parlour.core.match import Match, Outcome, Setup


def play_out(game: Piquet, seed: int = 0) -> Piquet:
    bots = [HeuristicPiquetBot(), RandomPiquetBot(seed)]
    while not game.is_over():
        (seat,) = game.to_act()
        game.apply(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat)))
    return game


def test_a_partie_is_a_match_of_deals() -> None:
    game = Piquet(seed=3, dealer=1, scores=[40, 7])
    assert isinstance(game, Match) and isinstance(game.match_rules, PiquetRules)
    assert isinstance(game.game, PiquetDeal) and game.deal is game.game
    assert game.players == ["A", "B"] and game.seating == (0, 1)
    first = game.setup
    assert isinstance(first, Setup)
    assert (first.number, first.dealer, first.seed, first.round) == (1, 1, deal_seed(3, 1), 0)
    assert dict(first.flags) == {
        "game": 1,
        "totals": (40, 7),
        "deals": 0,
        "first_dealer": 1,
        "games_won": (0, 0),
        "reached_at": (None, None),
        "steps": 0,
    }
    assert game.hand is not None and game.hand.dealer == 1
    assert game.observation(0)["match"]["hand"] == 1
    assert game.observation(0)["scores"] == [40, 7]
    assert game.outcomes == [] and game.games == [] and game.result() is None


def test_each_deal_comes_from_its_setup_alone() -> None:
    game = play_out(Piquet(seed=21, new_game_dealer="redraw"), seed=21)
    assert len(game.deals) == len(game.setups) > 2
    for setup, played in zip(game.setups, game.deals, strict=True):
        again = game.rules.new_game(game, setup)
        assert again.events == played.events[: len(again.events)]
        if again.hand is not None:
            assert played.hand is not None and again.hand.dealt == played.hand.dealt
    # another seed, other deals; a deck given fixes the first deal only
    other = Piquet(seed=22, new_game_dealer="redraw")
    assert other.deal.events != game.deals[0].events[: len(other.deal.events)]
    deck = "7C 8C 9C 10C JC QC KC AC 7D 8D 9D 10D JD QD KD AD"
    deck += " 7H 8H 9H 10H JH QH KH AH 7S 8S 9S 10S JS QS KS AS"
    fixed = [Piquet(seed=s, deck=deck, dealer=0) for s in (1, 2)]
    assert fixed[0].hand is not None and fixed[1].hand is not None
    assert fixed[0].hand.dealt == fixed[1].hand.dealt
    assert [e.kind for e in fixed[0].deal.events] == ["game_start", "deal", "hand", "hand"]
    first = fixed[0].setup
    second = Setup(2, deal_seed(1, 2), (0, 1), dealer=1, flags={**first.flags, "deals": 1})
    shuffled = fixed[0].rules.new_game(fixed[0], second).hand
    assert shuffled is not None and shuffled.dealt != fixed[0].hand.dealt


@pytest.mark.parametrize(
    "options",
    [{}, {"new_game_dealer": "alternate", "packet_size": 2}, {"rule_set": "old"}],
    ids=["modern", "alternate", "old"],
)
def test_deals_appear_as_outcomes_with_their_setups(options: dict[str, Any]) -> None:
    game = play_out(Piquet(options, seed=5), seed=5)
    result = game.result()
    assert result is not None
    outcomes, setups = game.outcomes, game.setups
    assert len(outcomes) == len(setups) == len(game.hand_records)
    assert all(isinstance(o, Outcome) for o in outcomes)
    assert [o.setup for o in outcomes] == setups
    assert [s.number for s in setups] == list(range(1, len(setups) + 1))
    assert [o.result["points"] for o in outcomes] == [r["points"] for r in game.hand_records]
    for before, after, done in zip(setups, setups[1:], outcomes, strict=False):
        if after.flags["game"] == before.flags["game"]:
            # the same game: the deal passes to the other player, the totals carry on
            assert after.dealer == 1 - done.result["dealer"]
            assert after.flags["totals"] == tuple(done.result["totals"])
            assert after.flags["deals"] == before.flags["deals"] + 1
            assert after.flags["first_dealer"] == done.result["first_dealer"]
            assert game.rules.game_end(done.result) is None
        else:
            # a new game: totals from nothing, the last deal won the game before
            assert after.flags["game"] == before.flags["game"] + 1
            assert after.flags["totals"] == (0, 0) and after.flags["deals"] == 0
            assert game.rules.game_end(done.result) is not None
            if options.get("new_game_dealer") == "alternate":
                assert after.flags["first_dealer"] == 1 - done.result["first_dealer"]
            else:
                assert after.flags["first_dealer"] is None  # a new draw, in the deal
        assert after.round == after.flags["game"] - 1
    dealers = [o.result["dealer"] for o in outcomes]
    games = [o.setup.flags["game"] for o in outcomes]
    for _, group in itertools.groupby(zip(games, dealers, strict=True), key=lambda x: x[0]):
        in_game = [d for _, d in group]
        assert all(a != b for a, b in itertools.pairwise(in_game))
    # the games are those the deals won, and the scores their values
    assert [g["game"] for g in game.games] == list(range(1, len(game.games) + 1))
    assert result["games"] == game.games and max(result["games_won"]) == 2
    assert game.scores == result["scores"] == [sum(o.payments[s] for o in outcomes) for s in (0, 1)]
    assert game.results()["hands"] == len(outcomes) and game.results()["complete"]
    kinds = [e.kind for e in game.events]
    assert kinds.count("game_end") == len(game.games) and kinds[-1] == "partie_end"
    with pytest.raises(IllegalAction, match="over"):
        game.apply(0, Action("pass"))


def test_a_game_to_the_target_ends_with_the_deal_that_reaches_it() -> None:
    game = play_out(Piquet(seed=8, partie="single_game"), seed=8)
    (won,) = game.games
    last = game.outcomes[-1]
    assert max(last.result["totals"]) >= 100 and won["scores"] == last.result["totals"]
    assert all(max(o.result["totals"]) < 100 for o in game.outcomes[:-1])
    assert [list(o.payments) for o in game.outcomes[:-1]] == [[0, 0]] * (len(game.outcomes) - 1)
    assert list(last.payments) == [1 if s == won["winner"] else 0 for s in (0, 1)]
    assert game.result() == {
        "games": [won],
        "games_won": [1 if s == won["winner"] else 0 for s in (0, 1)],
        "scores": list(last.payments),
        "payments": [1, -1] if won["winner"] == 0 else [-1, 1],
        "winner": won["winner"],
    }


def test_a_game_can_end_in_a_deals_declarations() -> None:
    v = vec.load(vec.VECTORS / "P2.json")
    game, _ = vec.play_out({**v, "options": {**v["options"], "partie": "single_game"}}, [1, 50])
    (outcome,) = game.outcomes
    assert outcome.result["ended"] == "declarations" and outcome.result["totals"] == [100, 50]
    assert game.is_over() and game.games[0]["winner"] == vec.ELDER


def test_a_seventeenth_century_game_lasts_six_deals_or_more() -> None:
    game = play_out(Piquet(seed=2, rule_set="seventeenth_century", partie="single_game"), seed=2)
    (won,) = game.games
    n = len(game.outcomes)
    assert n >= 6 and n % 2 == 0 and won["hands"] == n
    assert [o.setup.flags["deals"] for o in game.outcomes] == list(range(n))
    a, b = won["scores"]
    value = seventeenth_century_value(max(a, b), min(a, b))
    assert game.scores == [value if s == won["winner"] else 0 for s in (0, 1)]
    assert game.setups[0].flags["first_dealer"] is None  # the high card chose
    assert game.deals[0].events[1].kind == "draw"


def test_game_winner() -> None:
    target = PiquetOptions()
    assert game_winner(target, (99, 99), 4, (None, None)) is None
    assert game_winner(target, (120, 101), 4, (10, 3)) == 0
    assert game_winner(target, (101, 101), 4, (12, 12)) is None
    six = PiquetOptions.make({"rule_set": "seventeenth_century"})
    assert game_winner(six, (300, 20), 5, (None, None)) is None
    assert game_winner(six, (90, 90), 6, (None, None)) is None
    assert game_winner(six, (90, 91), 8, (None, None)) == 1

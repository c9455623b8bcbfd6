"""Ninety-Nine: invariants over many seeded games played by the bots, with what only
Ninety-Nine has: hand sizes through the deal, scores adding up (tricks, bonuses, premium
bids), the trump chain, observations and events showing only cards the seat may see
(a revealed hand included), and replay.

What every rule system must hold (each card in one place, a mask equal to the legal
actions, encodings that read back, records that validate) is the conformance suite's
(tests/conformance), under the same option combinations."""

from __future__ import annotations

import contextlib
import json
from typing import Any

import pytest

from parlour.cards.bots import NinetyNineBot, RandomBot
from parlour.cards.cards import Card, parse_card
from parlour.cards.ninety_nine import NinetyNine
from parlour.core.errors import NotationError

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"premium_announcement": "sequential", "revealed_hand_exposure": "once"},
    {"game_format": "three_game_wins", "trump_reset_each_game": True},
    {"game_format": "three_game_wins", "tie_resolution": "shared"},
    {"deal_count": 18, "tie_resolution": "shared"},
]


def cards_in(value: Any) -> set[Card]:
    """Every card written anywhere in a JSON value."""
    found: set[Card] = set()
    if isinstance(value, dict):
        for v in value.values():
            found |= cards_in(v)
    elif isinstance(value, list | tuple):
        for v in value:
            found |= cards_in(v)
    elif isinstance(value, str):
        with contextlib.suppress(NotationError):
            found.add(parse_card(value))
    return found


def visible_to(game: NinetyNine, seat: int, shown_once: bool = False) -> set[Card]:
    """The cards of the current deal that ``seat`` may see now (with ``shown_once``:
    also a revealed hand shown only once, under ``revealed_hand_exposure="once"``)."""
    known = set(game.hand(seat)) | set(game.bid_cards(seat) or ())
    for _, cards, _ in game.tricks:
        known |= set(cards)
    known |= {card for _, card in game.trick}
    if game.is_over():
        for s in range(3):
            known |= set(game.bid_cards(s) or ())
    elif game.premium is not None:
        holder, kind = game.premium
        known |= set(game.bid_cards(holder) or ())
        whole_play = game.options["revealed_hand_exposure"] == "whole_play"
        if kind == "reveal" and (whole_play or shown_once):
            known |= set(game.hand(holder))
    return known


def check_state(game: NinetyNine) -> None:
    played = len(game.tricks)
    for s in range(3):
        in_trick = sum(1 for seat, _ in game.trick if seat == s)
        expected = 12 if game.bid_cards(s) is None else 9 - played - in_trick
        assert len(game.hand(s)) == expected
    assert sum(game.tricks_won) == played
    for s in range(3):
        obs = game.observation(s)
        json.dumps(obs)
        assert "seed" not in obs and "deck" not in obs
        assert cards_in(obs) <= visible_to(game, s), (s, cards_in(obs) - visible_to(game, s))
        assert obs["hand"] == [str(c) for c in sorted(game.hand(s), key=str_key)]
        assert (s in game.to_act()) == bool(game.legal_actions(s))


def str_key(card: Card) -> tuple[int, int]:
    return ("CDHS".index(card.suit), card.rank)


def check_scores(game: NinetyNine) -> None:
    st = game.standings
    assert st.deals == len(game.deal_scores)
    assert st.points == [sum(d.scores[s] for d in game.deal_scores) for s in range(3)]
    for deal in game.deal_scores:
        assert sum(deal.trick_points) == 9
        assert deal.successes == sum(deal.succeeded)
        assert all(0 <= b <= 9 for b in deal.bids)
        for s in range(3):
            assert deal.scores[s] == (
                deal.trick_points[s] + deal.bonus_points[s] + deal.premium_points[s]
            )
        assert sum(deal.bonus_points) == {0: 0, 1: 30, 2: 40, 3: 30}[deal.successes]
        if deal.premium is None:
            assert deal.premium_points == (0, 0, 0)
        else:
            assert sorted(deal.premium_points) in ([0, 0, 30], [0, 0, 60], [0, 30, 30], [0, 60, 60])


def play(seed: int, options: dict[str, Any], check_every: int) -> NinetyNine:
    game = NinetyNine(seed=seed, first_dealer=seed % 3, options=options)
    bots = [
        NinetyNineBot(seed=seed) if (seed + s) % 2 else RandomBot(seed=seed * 7 + s)
        for s in range(3)
    ]
    reset = options.get("trump_reset_each_game") and options.get("game_format") == (
        "three_game_wins"
    )
    trumps = [game.trumps]
    step = 0
    while not game.is_over():
        acting = game.to_act()
        assert acting
        seat = acting[-1] if step % 2 else acting[0]
        action = bots[seat].act(game.observation(seat), game.legal_actions(seat))
        events = game.apply(seat, action)
        kinds = [e.kind for e in events]
        new_deal = kinds.index("deal") if "deal" in kinds else None
        for i, event in enumerate(events):
            json.dumps(event.to_json())
            if event.kind == "deal":
                trumps.append(event.data["trumps"])
                # the trump chain: set by the deal before, or diamonds for a new game
                last = game.deal_scores[-1]
                expected = "D" if reset and "game_end" in kinds else last.next_trumps
                assert event.data["trumps"] == expected == game.trumps
            if event.to is not None or (new_deal is not None and i < new_deal):
                continue  # private, or of the deal just ended (all its cards are up)
            # a public event never names a card another seat still hides
            for s in range(3):
                shown_once = event.kind == "hand_shown"
                assert cards_in(event.to_json()) <= visible_to(game, s, shown_once), event.kind
        if step % check_every == 0:
            check_state(game)
        step += 1
    check_state(game)
    check_scores(game)
    assert trumps[0] == "D" and len(trumps) == len(game.deal_scores)
    return game


@pytest.mark.slow
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(map(str, o.values())))
@pytest.mark.parametrize("seed", range(4))
def test_random_games_keep_the_invariants(seed: int, options: dict[str, Any]) -> None:
    game = play(seed, options, check_every=7)
    result = game.result()
    assert result is not None and game.is_over()
    if options.get("game_format") == "three_game_wins":
        assert max(result["game_wins"]) >= 3
    else:
        assert result["deals"] >= options.get("deal_count", 9)
    if options.get("tie_resolution", "extra_deals") == "extra_deals":
        assert len(result["winners"]) == 1


@pytest.mark.parametrize("seed", range(3))
def test_replay_gives_the_same_game(seed: int) -> None:
    game = play(seed + 100, {"premium_announcement": "sequential"}, check_every=50)
    again = NinetyNine.replay(game.replay_args(), game.actions)
    assert again.result() == game.result()
    assert again.deal_scores == game.deal_scores
    assert [again.observation(s) for s in range(3)] == [game.observation(s) for s in range(3)]
    # replaying half of it reaches the same state as the original did at that point
    half = len(game.actions) // 2
    a = NinetyNine.replay(game.replay_args(), game.actions[:half])
    b = NinetyNine.replay(game.replay_args(), game.actions[:half])
    assert [a.observation(s) for s in range(3)] == [b.observation(s) for s in range(3)]
    assert a.deal_number == b.deal_number and not a.is_over()


def test_same_seed_same_bots_same_game_and_different_seed_differs() -> None:
    a = play(7, {}, check_every=1000)
    b = play(7, {}, check_every=1000)
    c = play(8, {}, check_every=1000)
    assert a.actions == b.actions and a.result() == b.result()
    assert a.actions != c.actions


def test_heuristic_bot_makes_its_bid_more_often_than_random() -> None:
    made = {"bot": 0, "random": 0}
    deals = {"bot": 0, "random": 0}
    for seed in range(6):
        game = NinetyNine(seed=seed)
        bots = [NinetyNineBot(seed=seed), RandomBot(seed=seed), RandomBot(seed=seed + 50)]
        while not game.is_over():
            for seat in game.to_act():
                game.apply(seat, bots[seat].act(game.observation(seat), game.legal_actions(seat)))
        for deal in game.deal_scores:
            deals["bot"] += 1
            deals["random"] += 2
            made["bot"] += deal.succeeded[0]
            made["random"] += deal.succeeded[1] + deal.succeeded[2]
    assert made["bot"] / deals["bot"] > 2 * made["random"] / deals["random"]

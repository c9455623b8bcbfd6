"""Piquet: random games by seed under each rule set and many options, with what only
Piquet has: every card a seat sees is one it may have seen in this hand (the cards laid
aside, the talon looked at, a carte blanche shown), the ledger adds up, each game's and
the partie's scores follow the rule set, and every game replays to the same state.

What every rule system must hold (each card in one place, a mask equal to the legal
actions, encodings that read back, no private card shown, records that validate) is the
conformance suite's (tests/conformance), under the same option combinations."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from parlour.cards.cards import Card, parse_cards
from parlour.cards.piquet import SPACE, HandState, Piquet, replay
from parlour.cards.piquet_bots import HeuristicPiquetBot, RandomPiquetBot
from parlour.core.game import Event

CARD = re.compile(r"(?<![0-9A-Za-z])(?:10|[6-9JQKA])[SHDC](?![0-9A-Za-z])")

CONFIGS: list[dict[str, Any]] = [
    {},
    {"rule_set": "old"},
    {"rule_set": "seventeenth_century", "partie": "single_game"},
    {"rule_set": "seventeenth_century", "both_blanks": "neither_scores", "partie": "single_game"},
    {
        "extra_combinations": "unrestricted",
        "disclosure": "stepwise",
        "younger_min_exchange": 0,
        "younger_talon_view": "expose",
        "own_discards_view": "allowed",
        "elder_blank_protocol": "plain",
    },
    {"tricks_view": "all", "elder_point_choice": "best_only", "packet_size": 2},
    {"last_trick": "needs_ten", "last_trick_on_capot": False, "new_game_dealer": "alternate"},
    {"first_dealer": "high_card_chooses", "target_score": 150, "partie": "single_game"},
]


def tokens(value: Any) -> set[str]:
    return set(CARD.findall(json.dumps(value, ensure_ascii=False)))


def names(cards: Any) -> set[str]:
    return {str(c) for c in cards}


def known(game: Piquet, seat: int, hand: HandState | None = None) -> set[str]:
    """Every card ``seat`` may have seen in the hand being played (or in ``hand``)."""
    h = hand or game.hand
    if h is None:
        return set()
    out = names(h.hands[seat]) | names(h.dealt[seat]) | names(h.taken[seat])
    out |= names(h.discards[seat])
    out |= {str(c) for t in h.tricks for c in t[1:3]} | {str(c) for _, c in h.current}
    if seat == h.elder:
        out |= names(h.peek)
    if h.leftover_seen[seat]:
        out |= names(h.leftover)
    for s in h.shown:
        out |= names(h.dealt[s])
    return out


def check_state(game: Piquet) -> None:
    h = game.hand
    if h is not None:
        assert set(h.held_back) <= set(h.hands[h.elder])
        assert set(h.selected) <= set(h.hands[h.exchanger])
        assert h.ledger.points == [
            sum(ln.points for ln in h.ledger.lines if ln.who == s) for s in (0, 1)
        ]
    if game.is_over():
        assert game.to_act() == () and game.result() is not None
        return
    (seat,) = game.to_act()
    legal = game.legal_actions(seat)
    assert legal, (game.phase, seat)
    assert game.legal_actions(1 - seat) == []
    for s in (0, 1):
        obs = game.observation(s)
        assert "seed" not in obs
        seen = tokens(obs)
        assert seen <= known(game, s), (s, game.phase, seen - known(game, s))
        if h is not None:
            hidden = names(h.hands[1 - s]) - known(game, s)
            assert not seen & hidden


def check_events(events: list[Event], before: HandState | None, game: Piquet) -> None:
    """Events may show a seat the cards it has seen in the hand the action was made in
    (as it stands after the action) or in the hand now dealt."""
    for s in (0, 1):
        allowed = known(game, s, before) | known(game, s)
        for e in events:
            if e.visible_to(s) and e.kind != "draw":
                assert tokens(e.to_json()) <= allowed, (s, e)


def play(
    seed: int, options: dict[str, Any], heuristic: bool
) -> tuple[Piquet, list[tuple[int, str]]]:
    game = Piquet(options, seed=seed)
    bots: list[Any]
    if heuristic:
        bots = [HeuristicPiquetBot(), RandomPiquetBot(seed)]
    else:
        bots = [RandomPiquetBot(seed), RandomPiquetBot(seed + 1000)]
    record: list[tuple[int, str]] = []
    check_state(game)
    while not game.is_over():
        (seat,) = game.to_act()
        action = bots[seat].act(game.observation(seat), game.legal_actions(seat))
        before = game.hand
        events = game.apply(seat, action)
        record.append((seat, game.format_action(action)))
        check_events(events, before, game)
        check_state(game)
        assert len(record) < 20000
    return game, record


@pytest.mark.slow
@pytest.mark.parametrize("config", range(len(CONFIGS)))
def test_random_games(config: int) -> None:
    options = CONFIGS[config]
    for seed in range(3):
        game, record = play(seed + 10 * config, options, heuristic=bool(seed % 2))
        again = replay(record, options=options, seed=seed + 10 * config)
        assert again.state() == game.state()
        assert again.events == game.events
        assert again.result() == game.result()
        for s in (0, 1):
            assert again.observation(s) == game.observation(s)
        result = game.result()
        assert result is not None
        assert result["payments"][0] == -result["payments"][1]
        for g in result["games"]:
            a, b = g["scores"]
            if game.options.game_format == "six_deals":
                assert g["hands"] >= 6 and g["hands"] % 2 == 0 and a != b
                lose = min(a, b)
                win = max(a, b)
                assert g["value"] == (win + lose + 100 if lose < 100 else win - lose + 100)
            else:
                assert max(a, b) >= game.options.target_score
                assert g["scores"][g["winner"]] >= game.options.target_score
        wins = result["games_won"]
        if game.options.partie == "best_of_three":
            assert max(wins) == 2 and len(result["games"]) in (2, 3)
        else:
            assert len(result["games"]) == 1


def test_hand_points_add_up_over_a_game() -> None:
    game, _ = play(5, {"partie": "single_game"}, heuristic=True)
    totals = [0, 0]
    for record in game.hand_records:
        for s in (0, 1):
            totals[s] += record["points"][s]
            assert record["points"][s] == sum(
                ln["points"] for ln in record["lines"] if ln["who"] == s
            )
    assert totals == game.games[0]["scores"]


def test_same_seed_same_game_and_different_seeds_differ() -> None:
    a, ra = play(3, {}, heuristic=True)
    b, rb = play(3, {}, heuristic=True)
    c, _ = play(4, {}, heuristic=True)
    assert ra == rb and a.state() == b.state()
    assert a.events[:4] != c.events[:4] or a.state() != c.state()


def test_observations_are_fresh() -> None:
    game = Piquet(seed=1)
    obs = game.observation(0)
    obs["hand"] = "AS"
    obs["scores"].append(5)
    assert game.observation(0)["hand"] != "AS"
    assert game.observation(0)["scores"] == [0, 0]


def test_the_action_space_is_fixed() -> None:
    assert SPACE.size == 165
    assert [a for a in SPACE][:3] == [SPACE.decode(0), SPACE.decode(1), SPACE.decode(2)]
    assert SPACE.format(SPACE.decode(SPACE.encode(SPACE.parse("play 6C")))) == "play 6C"
    assert str(parse_cards("6C")[0]) == "6C" and isinstance(parse_cards("6C")[0], Card)

"""What a spectator of a card game sees: each game says it (``spectator_observation``),
and it never holds a player's own hand, bid cards, marked cards, peek or a leftover
talon before it is exposed, nor a premium offer before offers are told to all."""

from __future__ import annotations

import json
import random

import pytest

from parlour.cards.games import find_card_game


@pytest.mark.parametrize("rules", ["piquet", "ninety-nine"])
def test_a_spectator_sees_no_private_card(rules: str) -> None:
    spec = find_card_game(rules)
    options = {"partie": "single_game"} if rules == "piquet" else {}
    rng = random.Random(5)
    for seed in range(3):
        game = spec.make_game(options, seed)
        checked = 0
        while not game.is_over():
            view = spec.spectator(game)
            text = json.dumps(view)
            assert view["seat"] is None and not view["hand"] and view["legal"] == []
            for seat in range(spec.players):
                own = game.observation(seat)
                shown = view.get("shown_hands") or [], view.get("shown_bid_cards") or []
                for key in ("hand", "selected", "peek", "bid_cards"):
                    value = own.get(key)
                    cards = value.split() if isinstance(value, str) else value or []
                    if len(cards) < 3 or any(value in public for public in shown):
                        continue  # a card or two may lie in the tricks; a shown hand is public
                    assert json.dumps(value) not in text, (key, seat)
            if rules == "ninety-nine":
                offers = [game.observation(s)["offers"] for s in range(spec.players)]
                if any(a != b for a in offers for b in offers):  # each sees only its own
                    assert view["offers"] == [None] * spec.players
            else:
                assert view["leftover"] is None or view["leftover_exposed"]
            seat = game.to_act()[0]
            game.apply(seat, rng.choice(game.legal_actions(seat)))
            checked += 1
        assert checked > 20

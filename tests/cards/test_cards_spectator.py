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
    secrets = 0  # a seat's own cards looked for in the spectator's view
    offers_hidden = 0  # views taken while the seats' premium offers differed
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
                    secrets += 1
            if rules == "ninety-nine":
                offers = [game.observation(s)["offers"] for s in range(spec.players)]
                if any(a != b for a in offers for b in offers):  # each sees only its own
                    assert view["offers"] == [None] * spec.players
                    offers_hidden += 1
            else:
                assert view["leftover"] is None or view["leftover_exposed"]
            seat = game.to_act()[0]
            game.apply(seat, rng.choice(game.legal_actions(seat)))
            checked += 1
        assert checked > 20
    # 2029 (Piquet) and 3595 (Ninety-Nine) cards looked for, and offers hidden 54 times
    assert secrets > 500, f"only {secrets} private cards looked for"
    assert offers_hidden > 10 or rules != "ninety-nine", "no premium offers were hidden"

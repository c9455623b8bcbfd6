"""Answers a human would type to play a card game to its end at ``parlour play``: the
game is played here as ``play_cards`` plays it (same seeds, same bots), seat 0 taking
the first action of its menu, or ``exchange`` when it may (a bid: its first three
cards), and every line it would type is kept, the Enter after each deal included."""

from __future__ import annotations

from typing import Any

from parlour.cards.games import find_card_game
from parlour.cards.terminal import card_order, menu_actions
from parlour.core.rng import derive_seed


def scripted_answers(
    rules: str,
    seed: int,
    bots: list[str],
    options: dict[str, Any] | None = None,
    deck: str | None = None,
) -> tuple[list[str], Any]:
    spec = find_card_game(rules)
    game = spec.make_game(options or {}, seed, deck)
    players = [
        spec.make_bot(b, seed=derive_seed("cards-bot", seed, i)) for i, b in enumerate(bots, 1)
    ]
    answers: list[str] = []
    while not game.is_over():
        acting = game.to_act()
        seat = 0 if 0 in acting else acting[0]
        legal = game.legal_actions(seat)
        if seat == 0:
            legal = card_order(legal, game.format_action)
            if len(legal) > 30:  # typed in words: a bid of the first three cards
                action = next(a for a in legal if a.kind == "bid")
                answers.append(game.format_action(action))
            else:  # the first action, or confirm an exchange as soon as it may be
                numbered = menu_actions(legal, game.format_action)  # the menu's numbers
                assert numbered is not None
                confirm = [k for k, a in enumerate(numbered) if a.kind == "exchange"]
                k = confirm[0] if confirm else 0
                action = numbered[k]
                answers.append(str(k + 1))
        else:
            action = players[seat - 1].act(game.observation(seat), legal)
        events = game.apply(seat, action)
        if any(e.kind in ("deal_end", "hand_end") for e in events) and not game.is_over():
            answers.append("")
    return answers, game

"""Piquet as the faces of parlour see it: the card game's descriptor, the fields of two
hands whose declarations are scored, and what a seat may not see of the other's cards.

>>> PIQUET.name, PIQUET.players, [f.option for f in PIQUET.situation]
('piquet', (2,), ['--elder', '--younger', '--carte-blanche'])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from parlour.cards import piquet
from parlour.cards.cards import NINETY_NINE_PACK, PIQUET_PACK, Card
from parlour.cards.games import CardGame
from parlour.cards.piquet import views
from parlour.cards.piquet.bots import HeuristicPiquetBot, RandomPiquetBot
from parlour.cards.system import CardSystem
from parlour.core.errors import InvalidHand
from parlour.core.systems import PLAYABLE, Field
from parlour.core.views import Block

SITUATION = (
    Field("elder", 'Elder\'s 12 cards, "AS KS QS ..."', metavar="CARDS"),
    Field("younger", "Younger's 12 cards.", metavar="CARDS"),
    Field(
        "carte_blanche",
        "Elder or younger claimed carte blanche (repeatable).",
        "list",
        metavar="ROLE",
    ),
)
"""Two hands whose point, sequences and sets ``parlour score`` scores."""


@dataclass(frozen=True, kw_only=True)
class PiquetSystem(CardSystem):
    """Piquet: the declarations of two hands are scored."""

    def situation_from_flags(self, values: dict[str, Any]) -> dict[str, Any]:
        if values.get("elder") is None or values.get("younger") is None:
            raise InvalidHand(
                'give both hands: --elder "AS KS QS ..." --younger "JH 10H 9H ..." (12 cards each)'
            )
        data: dict[str, Any] = {
            "rules": values.get("rules", self.name),
            "options": dict(values.get("options") or {}),
            "elder": values["elder"],
            "younger": values["younger"],
        }
        if values.get("carte_blanche"):
            data["carte_blanche"] = [c.strip().lower() for c in values["carte_blanche"]]
        return data

    def score_view(self, situation: Mapping[str, Any], result: Any) -> list[Block]:
        return views.score_view(result.to_json())


def _names(cards: Any) -> set[Card]:
    return set(cards)


def seen_by(game: Any, seat: int) -> set[Card]:
    """Every card ``seat`` may have seen in the hand being played: its own, the cards
    played, the talon cards elder looked at, the leftover when shown, a hand shown for
    carte blanche."""
    h = game.hand
    if h is None:
        return set()
    out = _names(h.hands[seat]) | _names(h.dealt[seat]) | _names(h.taken[seat])
    out |= _names(h.discards[seat])
    out |= {c for t in h.tricks for c in t[1:3]} | {c for _, c in h.current}
    if seat == h.elder:
        out |= _names(h.peek)
    if h.leftover_seen[seat]:
        out |= _names(h.leftover)
    for s in h.shown:
        out |= _names(h.dealt[s])
    return out


def inventory(game: Any) -> list[Card]:
    """Every card of the hand in play: both hands, the talon, the discards, the tricks
    (the pack itself before the first hand of a game is dealt)."""
    h = game.hand
    if h is None:
        return list(game.pack)
    played = [c for t in h.tricks for c in t[1:3]] + [c for _, c in h.current]
    return [*h.hands[0], *h.hands[1], *h.talon, *h.discards[0], *h.discards[1], *played]


def private(game: Any, seat: int) -> set[Card]:
    """The cards ``seat`` holds or has laid aside that the other seat may not see."""
    h = game.hand
    if h is None:
        return set()
    return (_names(h.hands[seat]) | _names(h.discards[seat])) - seen_by(game, 1 - seat)


GAME = CardGame(
    name="piquet",
    title="Piquet: two players, the 32-card pack (modern, old and 17th-century rules)",
    players=2,
    options=piquet.OPTIONS,
    bots={"random": RandomPiquetBot, "heuristic": HeuristicPiquetBot},
    help=views.HELP,
    resolve=lambda given: piquet.PiquetOptions.make(given).to_json(),
    pack=lambda options: PIQUET_PACK if options.get("deck_size", 32) == 32 else NINETY_NINE_PACK,
    build=lambda options, seed, deck: piquet.Piquet(options, seed=seed, deck=deck),
    keeper=piquet.score_json,
    view=views.seat_view,
    words=views.event_words,
    stats=views.game_figures,
    deal_number=lambda game: game.hand_number,
    outcome=lambda result: ([result["winner"]], list(result["scores"])),
    kind=piquet.Piquet,
    inventory=inventory,
    private=private,
)

PIQUET = PiquetSystem(
    name="piquet",
    title="Piquet: two players, the 32-card pack; modern, old and 17th-century rules "
    "(option rule_set)",
    players=(2,),
    status=PLAYABLE,
    source="a Japanese description",
    order=80,
    zero_sum=False,
    situation=SITUATION,
    examples=(
        'parlour score --rules piquet --elder "AS KS QS JS 10S 9S AH KH QH KD KC 7C" '
        '--younger "JH 10H 9H AD QD JD 10D 9D AC QC JC 10C" --option rule_set=old',
    ),
    option_cases=(
        {},
        {"rule_set": "old"},
        {"rule_set": "seventeenth_century", "partie": "single_game"},
        {
            "rule_set": "seventeenth_century",
            "both_blanks": "neither_scores",
            "partie": "single_game",
        },
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
    ),
    game=GAME,
    match_word="parties",
)

SYSTEMS = (PIQUET,)

__all__ = ["GAME", "PIQUET", "SITUATION", "SYSTEMS", "PiquetSystem"]

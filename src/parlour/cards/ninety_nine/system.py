"""Ninety-Nine as the faces of parlour see it: the card game's descriptor, the fields of
a deal to score and what a seat may not see of another's cards.

>>> NINETY_NINE.name, NINETY_NINE.players, [f.option for f in NINETY_NINE.situation]
('ninety-nine', (3,), ['--bids', '--tricks', '--premium', '--trumps'])
>>> NINETY_NINE.situation_from_flags(
...     {"rules": "ninety-nine", "bids": "A=5,B=5,C=2", "tricks": "A=7,B=1,C=1"})["bids"]
{'A': 5, 'B': 5, 'C': 2}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from parlour.cards import ninety_nine
from parlour.cards.bots import RandomBot
from parlour.cards.cards import NINETY_NINE_PACK, Card
from parlour.cards.games import CardGame
from parlour.cards.ninety_nine import views
from parlour.cards.ninety_nine.bots import NinetyNineBot
from parlour.cards.system import CardSystem, pairs
from parlour.core.errors import InvalidHand
from parlour.core.systems import PLAYABLE, Field
from parlour.core.views import Block

SITUATION = (
    Field(
        "bids",
        "Each player's bid, A=5,B=5,C=2, or the three cards laid aside, "
        '"A=7S 9H 6H,B=QS 7D 9C,C=KH QH KD" (the players in seat order).',
        metavar="P=BID,...",
    ),
    Field("tricks", "The tricks each player won, A=7,B=1,C=1.", metavar="P=N,..."),
    Field(
        "premium",
        "The premium bid, A=declare or A=reveal (default: none).",
        metavar="P=KIND",
    ),
    Field("trumps", "The deal's trumps (C, D, H or S), checked.", metavar="SUIT"),
)
"""A deal as ``parlour score`` takes it by flags (a session: ``--situation FILE``)."""


@dataclass(frozen=True, kw_only=True)
class NinetyNineSystem(CardSystem):
    """Ninety-Nine: a deal is scored from the bids and the tricks."""

    def situation_from_flags(self, values: dict[str, Any]) -> dict[str, Any]:
        if values.get("bids") is None or values.get("tricks") is None:
            raise InvalidHand(
                "give each player's bid and tricks: --bids A=5,B=5,C=2 --tricks A=7,B=1,C=1"
            )
        if values.get("options"):
            raise InvalidHand(
                "a Ninety-Nine deal is scored the same under every option: no --option"
            )
        bid_texts = pairs("--bids", values["bids"], "A=5,B=5,C=2")
        bids: dict[str, Any] = {k: int(v) if v.isdigit() else v for k, v in bid_texts.items()}
        tricks = {}
        for k, v in pairs("--tricks", values["tricks"], "A=7,B=1,C=1").items():
            if not v.isdigit():
                raise InvalidHand(f"--tricks gives each player a number of tricks, not {k}={v}")
            tricks[k] = int(v)
        data: dict[str, Any] = {
            "rules": values.get("rules", self.name),
            "players": "".join(bids),
            "bids": bids,
            "tricks": tricks,
            "premium": None,
        }
        given = values.get("premium")
        if given is not None and given.strip().lower() not in ("none", "null", "-"):
            said = pairs("--premium", given, "A=declare")
            if len(said) != 1:
                raise InvalidHand(f"--premium names one player, such as A=declare, not {given!r}")
            ((holder, kind),) = said.items()
            data["premium"] = {"holder": holder, "kind": kind}
        if values.get("trumps") is not None:
            data["trumps"] = values["trumps"].strip().upper()
        return data

    def score_view(self, situation: Mapping[str, Any], result: Any) -> list[Block]:
        return views.score_view(result.to_json())


def _seen_by(game: Any, seat: int) -> set[Card]:
    """The cards of the deal in play that ``seat`` may see (a hand revealed by a premium
    bid counted as seen, also where it is shown only once)."""
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
        if kind == "reveal":
            known |= set(game.hand(holder))
    return known


def inventory(game: Any) -> list[Card]:
    """Every card of the deal in play: the hands, the bid cards, the tricks."""
    places: list[Card] = []
    for s in range(3):
        places += game.hand(s)
        places += game.bid_cards(s) or ()
    for _, cards, _ in game.tricks:
        places += cards
    places += [card for _, card in game.trick]
    return places


def private(game: Any, seat: int) -> set[Card]:
    """The cards ``seat`` holds (hand and bid cards) that neither other seat may see."""
    mine = set(game.hand(seat)) | set(game.bid_cards(seat) or ())
    for other in range(3):
        if other != seat:
            mine -= _seen_by(game, other)
    return mine


GAME = CardGame(
    name="ninety-nine",
    title="Ninety-Nine: three players bid by laying three cards aside",
    players=3,
    options=ninety_nine.OPTIONS,
    bots={"random": RandomBot, "heuristic": NinetyNineBot},
    help=views.HELP,
    resolve=ninety_nine._check_ninety_nine_options,
    pack=lambda options: NINETY_NINE_PACK,
    build=lambda options, seed, deck: ninety_nine.NinetyNine(seed, deck=deck, options=options),
    keeper=ninety_nine.score_json,
    view=views.seat_view,
    words=views.event_words,
    stats=views.game_figures,
    deal_number=lambda game: game.deal_number,
    outcome=lambda result: (list(result["winners"]), list(result["scores"])),
    kind=ninety_nine.NinetyNine,
    inventory=inventory,
    private=private,
)

NINETY_NINE = NinetyNineSystem(
    name="ninety-nine",
    title="Ninety-Nine: three players bid by laying three cards aside; trumps change with "
    "the bids made, premium bids declare or reveal",
    players=(3,),
    status=PLAYABLE,
    source="a Japanese description",
    order=90,
    zero_sum=False,
    situation=SITUATION,
    examples=(
        "parlour score --rules ninety-nine --bids A=5,B=5,C=2 --tricks A=7,B=1,C=1 "
        "--premium A=declare",
        'parlour score --rules ninety-nine --situation session.json (a session: {"deals": [...]})',
    ),
    option_cases=(
        {},
        {"premium_announcement": "sequential", "revealed_hand_exposure": "once"},
        {"game_format": "three_game_wins", "trump_reset_each_game": True},
        {"game_format": "three_game_wins", "tie_resolution": "shared"},
        {"deal_count": 18, "tie_resolution": "shared"},
    ),
    game=GAME,
)

SYSTEMS = (NINETY_NINE,)

__all__ = ["GAME", "NINETY_NINE", "SITUATION", "SYSTEMS", "NinetyNineSystem"]

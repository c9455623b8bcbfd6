"""Ninety-Nine: three players, 36 cards, a bid made by laying three cards aside.

This package holds the rules in one place each, a module for each part; every name is
importable from the package itself (``from parlour.cards.ninety_nine import NinetyNine``):

* the options (:data:`OPTIONS`) in :mod:`~parlour.cards.ninety_nine.options`;
* in :mod:`~parlour.cards.ninety_nine.rules`: the suits' bid values and a bid
  (:data:`BID_VALUES`, :func:`bid_value`); the trump suit set by the previous deal's
  count of successes (:func:`trumps_after`); the deal, one card at a time from the
  dealer's left (:func:`deal_hands`); premium offers and their priority
  (:func:`resolve_premium`); following suit and winning a trick (:func:`legal_plays`,
  :func:`trick_winner`);
* in :mod:`~parlour.cards.ninety_nine.scoring`: scoring a deal (:func:`score_deal`) and
  game length, game wins and ties (:class:`Standings`).

On top of them sit the score keeper (:func:`score_json`, one deal's scores from a JSON
situation, in :mod:`~parlour.cards.ninety_nine.keeper`), the action space
(:data:`ACTION_SPACE`, in :mod:`~parlour.cards.ninety_nine.actions`) and the engine: one
deal is a game (:class:`NinetyNineDeal`, on the :class:`~parlour.core.game.Game`
protocol, in :mod:`~parlour.cards.ninety_nine.deal`) and a whole game of many deals is a
match of them (:class:`NinetyNine`, a :class:`~parlour.core.match.Match`, in
:mod:`~parlour.cards.ninety_nine.match`).

Players are seats 0, 1, 2, written A, B, C, seated clockwise: the player at seat
``s``'s left is seat ``(s + 1) % 3``.

>>> from parlour.cards.cards import parse_cards
>>> bid_value(parse_cards("JH KD JD")), bid_value(parse_cards("9C 8C 7C"))
(2, 9)
>>> trumps_after(3), trumps_after(0)
('C', 'D')
>>> deal = score_deal(bids=(2, 4, 3), tricks=(2, 4, 3))
>>> deal.scores, deal.successes, deal.next_trumps
((12, 14, 13), 3, 'C')

**Actions** (the fixed encoding, 7,179 actions): ``pass`` (0), ``declare`` (1),
``reveal`` (2), ``play <card>`` (3-38, in :data:`NINETY_NINE_PACK` order) and
``bid <card> <card> <card>`` (39-7178: the three bid cards laid aside at once, as a set,
numbered by the combinatorial number system on their pack indices). A bid is one
action: a seat's legal actions while bidding are the 220 sets of three of its 12 cards.

>>> from parlour.core.actions import Action
>>> game = NinetyNine(seed=1)
>>> game.phase, game.to_act(), len(game.legal_actions(0)), game.action_space_size
('bid', (0, 1, 2), 220, 7179)
>>> game.parse_action("bid JH kd JD")
Action(kind='bid', payload=(14, 16, 23))
>>> game.format_action(game.parse_action("bid JH kd JD")), game.encode(Action("play", 35))
('bid JD KD JH', 38)
"""

from __future__ import annotations

from parlour.cards.ninety_nine.actions import ACTION_SPACE, bid_action, play_action
from parlour.cards.ninety_nine.actions import CARD_ITEMS as CARD_ITEMS
from parlour.cards.ninety_nine.deal import BIDDING as BIDDING
from parlour.cards.ninety_nine.deal import OFFERING as OFFERING
from parlour.cards.ninety_nine.deal import OVER as OVER
from parlour.cards.ninety_nine.deal import PLAYING as PLAYING
from parlour.cards.ninety_nine.deal import NinetyNineDeal
from parlour.cards.ninety_nine.keeper import (
    ScoreResult,
    SessionResult,
    score_json,
    score_session_json,
)
from parlour.cards.ninety_nine.match import SEATING as SEATING
from parlour.cards.ninety_nine.match import NinetyNine, NinetyNineRules, deal_seed
from parlour.cards.ninety_nine.options import OPTIONS
from parlour.cards.ninety_nine.options import (
    _check_ninety_nine_options as _check_ninety_nine_options,
)
from parlour.cards.ninety_nine.rules import BID_SIZE as BID_SIZE
from parlour.cards.ninety_nine.rules import (
    BID_VALUES,
    PLAYERS,
    PREMIUMS,
    SUCCESS_BONUS,
    bid_value,
    deal_hands,
    deck_for_hands,
    legal_plays,
    parse_deck,
    resolve_premium,
    shuffled_deck,
    trick_winner,
    trumps_after,
)
from parlour.cards.ninety_nine.rules import FIRST_TRUMPS as FIRST_TRUMPS
from parlour.cards.ninety_nine.rules import HAND_SIZE as HAND_SIZE
from parlour.cards.ninety_nine.rules import NUM_SEATS as NUM_SEATS
from parlour.cards.ninety_nine.rules import TRICKS as TRICKS
from parlour.cards.ninety_nine.rules import TRUMPS_BY_SUCCESSES as TRUMPS_BY_SUCCESSES
from parlour.cards.ninety_nine.rules import Premium as Premium
from parlour.cards.ninety_nine.scoring import DealScore, Standings, score_deal

# The public names, as when Ninety-Nine was one module; the names imported above ``as``
# themselves are re-exported too, so every name importable then still is.
__all__ = [
    "ACTION_SPACE",
    "BID_VALUES",
    "OPTIONS",
    "PLAYERS",
    "PREMIUMS",
    "SUCCESS_BONUS",
    "DealScore",
    "NinetyNine",
    "NinetyNineDeal",
    "NinetyNineRules",
    "ScoreResult",
    "SessionResult",
    "Standings",
    "bid_action",
    "bid_value",
    "deal_hands",
    "deal_seed",
    "deck_for_hands",
    "legal_plays",
    "parse_deck",
    "play_action",
    "resolve_premium",
    "score_deal",
    "score_json",
    "score_session_json",
    "shuffled_deck",
    "trick_winner",
    "trumps_after",
]

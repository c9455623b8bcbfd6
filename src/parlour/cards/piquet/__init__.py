"""Piquet: the two-player game of the point, sequences and sets, with modern, old and
17th-century rules.

A hand is dealt 12 cards each, the rest (8, or 12 with the 36-card pack) being the
*talon*. The *elder* (non-dealer) exchanges first, then the *younger*; then the elder
declares his point, sequence and sets, each answered by the younger, and twelve tricks
are played. Everything is scored in a canonical order (carte blanche, point, sequences,
sets, trick points, the cards or capot) that decides *repique*, *pique* and the end of
a game.

This package holds the rules in one place each, a module for each part; every name is
importable from the package itself (``from parlour.cards.piquet import Piquet``):

* the options (:class:`PiquetOptions`, :data:`OPTIONS`) in
  :mod:`~parlour.cards.piquet.options`;
* the pack, a hand's written order and the deal (:func:`pack`, :func:`sort_hand`,
  :func:`deal`) in :mod:`~parlour.cards.piquet.dealing`;
* the combinations (:func:`points`, :func:`sequences`, :func:`sets`), how they compare
  and score (:class:`Combination`) and one category's declaration and answer
  (:func:`settle`) in :mod:`~parlour.cards.piquet.declarations`;
* the canonical scoring order with its bonuses (:class:`Ledger`) and when a game is won
  (:func:`game_winner`) in :mod:`~parlour.cards.piquet.scoring`;
* the score keeper (:func:`score_json`) in :mod:`~parlour.cards.piquet.keeper`;
* the action space (:data:`SPACE`) in :mod:`~parlour.cards.piquet.actions`;
* the engine: one deal is a game (:class:`PiquetDeal`, on the
  :class:`parlour.core.game.Game` protocol, in :mod:`~parlour.cards.piquet.hand`) and a
  partie of games of deals is a match of them (:class:`Piquet`, a
  :class:`~parlour.core.match.Match` under :class:`PiquetRules`, in
  :mod:`~parlour.cards.piquet.partie`).

>>> from parlour.cards.cards import parse_cards
>>> hand = parse_cards("AS KS QS JS 10S AH KH QH KD KC QC 8C")
>>> [c.describe() for c in sequences(hand)]
['quinte to the ace', 'tierce to the ace']
>>> [c.describe() for c in sets(hand)]
['fourteen kings', 'three queens']
>>> result = score_json({"rules": "piquet", "options": {},
...     "elder": "AS KS QS JS 10S 9S AH KH QH KD KC 7C",
...     "younger": "JH 10H 9H AD QD JD 10D 9D AC QC JC 10C"})
>>> result.totals, result.repique
((99, 0), 'elder')
"""

from __future__ import annotations

from parlour.cards.piquet.actions import CARD_ITEMS as CARD_ITEMS
from parlour.cards.piquet.actions import RANK_ITEMS as RANK_ITEMS
from parlour.cards.piquet.actions import ROLE_ITEMS as ROLE_ITEMS
from parlour.cards.piquet.actions import SPACE
from parlour.cards.piquet.actions import SUIT_ITEMS as SUIT_ITEMS
from parlour.cards.piquet.actions import card_action as card_action
from parlour.cards.piquet.actions import combination_action as combination_action
from parlour.cards.piquet.dealing import SUIT_ORDER as SUIT_ORDER
from parlour.cards.piquet.dealing import deal, deal_order, pack, read_deck, sort_hand
from parlour.cards.piquet.declarations import (
    CATEGORIES,
    POINT,
    SEQUENCE,
    SET,
    Combination,
    Settlement,
    card_value,
    combinations,
    is_blank,
    points,
    sequences,
    sets,
    settle,
    strongest,
)
from parlour.cards.piquet.declarations import COURT as COURT
from parlour.cards.piquet.declarations import ELDER as ELDER
from parlour.cards.piquet.declarations import SET_RANKS as SET_RANKS
from parlour.cards.piquet.declarations import YOUNGER as YOUNGER
from parlour.cards.piquet.declarations import number_words as number_words
from parlour.cards.piquet.declarations import value_points as value_points
from parlour.cards.piquet.hand import ANSWER as ANSWER
from parlour.cards.piquet.hand import CHOOSE as CHOOSE
from parlour.cards.piquet.hand import CLAIM as CLAIM
from parlour.cards.piquet.hand import DECLARE as DECLARE
from parlour.cards.piquet.hand import EXCHANGE as EXCHANGE
from parlour.cards.piquet.hand import OVER as OVER
from parlour.cards.piquet.hand import PLAY as PLAY
from parlour.cards.piquet.hand import TALON as TALON
from parlour.cards.piquet.hand import HandState as HandState
from parlour.cards.piquet.hand import PiquetDeal
from parlour.cards.piquet.keeper import DeclarationScore, score_json
from parlour.cards.piquet.options import OPTIONS, PiquetOptions
from parlour.cards.piquet.options import PRESETS as PRESETS
from parlour.cards.piquet.options import RULE_SETS as RULE_SETS
from parlour.cards.piquet.partie import SEATING, Piquet, PiquetRules, deal_seed, replay
from parlour.cards.piquet.scoring import BLANK as BLANK
from parlour.cards.piquet.scoring import CARDS as CARDS
from parlour.cards.piquet.scoring import PIQUE as PIQUE
from parlour.cards.piquet.scoring import REPIQUE as REPIQUE
from parlour.cards.piquet.scoring import STEPS as STEPS
from parlour.cards.piquet.scoring import TRICK as TRICK
from parlour.cards.piquet.scoring import Ledger, game_winner
from parlour.cards.piquet.scoring import Line as Line
from parlour.cards.piquet.scoring import blank_awards as blank_awards
from parlour.cards.piquet.scoring import cards_award as cards_award
from parlour.cards.piquet.scoring import seventeenth_century_value as seventeenth_century_value
from parlour.cards.piquet.scoring import trick_awards as trick_awards

# The public names, as when Piquet was one module; the names imported above ``as``
# themselves are re-exported too, so every name importable then still is.
__all__ = [
    "CATEGORIES",
    "OPTIONS",
    "POINT",
    "SEATING",
    "SEQUENCE",
    "SET",
    "SPACE",
    "Combination",
    "DeclarationScore",
    "Ledger",
    "Piquet",
    "PiquetDeal",
    "PiquetOptions",
    "PiquetRules",
    "Settlement",
    "card_value",
    "combinations",
    "deal",
    "deal_order",
    "deal_seed",
    "game_winner",
    "is_blank",
    "pack",
    "points",
    "read_deck",
    "replay",
    "score_json",
    "sequences",
    "sets",
    "settle",
    "sort_hand",
    "strongest",
]

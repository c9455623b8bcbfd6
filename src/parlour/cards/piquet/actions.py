"""Piquet's action space (:data:`SPACE`) and the actions that name a card or a
combination (:func:`card_action`, :func:`combination_action`).
"""

from __future__ import annotations

from parlour.cards.cards import NINETY_NINE_PACK, Card, parse_card
from parlour.cards.piquet.dealing import _CARD_INDEX, SUIT_ORDER
from parlour.cards.piquet.declarations import ELDER, SET_RANKS, YOUNGER, Combination
from parlour.core.actions import NOTHING, Action, ActionSpace, Items


def _read_card(word: str) -> int:
    card = parse_card(word)
    index = _CARD_INDEX.get(card)
    if index is None:
        raise ValueError(f"{card} is not a Piquet card")
    return index


CARD_ITEMS = Items([str(c) for c in NINETY_NINE_PACK], read=_read_card, what="card")
SUIT_ITEMS = Items(list(SUIT_ORDER), what="suit")
RANK_ITEMS = Items(["A", "K", "Q", "J", "10"], values=list(SET_RANKS), what="rank")
ROLE_ITEMS = Items([ELDER, YOUNGER], what="role")

SPACE = ActionSpace(
    [
        ("pass", NOTHING),
        ("choose", ROLE_ITEMS),
        ("blank", NOTHING),
        ("discard", CARD_ITEMS),
        ("keep", CARD_ITEMS),
        ("exchange", NOTHING),
        ("expose", NOTHING),
        ("name_lead", SUIT_ITEMS),
        ("point", SUIT_ITEMS),
        ("sequence", CARD_ITEMS),
        ("set", RANK_ITEMS),
        ("none", NOTHING),
        ("good", NOTHING),
        ("play", CARD_ITEMS),
    ]
)
"""Every Piquet action, in a fixed order (cards are numbered in the 36-card pack, 6C = 0
.. AS = 35, whatever the deck size; suits 0..3 are S H D C):

* ``pass`` — decline (younger does not expose the leftover; elder names no lead suit);
* ``choose elder|younger`` — the higher card of the first draw chooses a role (17th c.);
* ``blank`` — claim carte blanche;
* ``discard C`` / ``keep C`` — mark a card to exchange / take the mark back; then
  ``exchange`` confirms (a blank elder under the protected protocol thereby announces
  his count; his marked cards go when younger has discarded);
* ``expose`` — younger turns the leftover talon face up (``younger_talon_view=expose``);
* ``name_lead S`` — elder names his first lead's suit, which exposes the leftover;
* ``point S``, ``sequence KH`` (named by its top card), ``set A`` — elder declares, or
  younger compares (answer) or claims (an undeclared category);
* ``none`` — elder declares no sequence / stays silent on sets; younger claims nothing;
* ``good`` — younger's answer "good" (he compares nothing);
* ``play C`` — play a card to the trick.

>>> SPACE.size
165
>>> SPACE.parse("sequence kh"), SPACE.format(Action("point", 0))
(Action(kind='sequence', payload=33), 'point S')
"""


def card_action(kind: str, card: Card) -> Action:
    """The action ``kind`` with ``card`` as payload (``play``, ``discard``, ``keep``).

    >>> str(SPACE.format(card_action("play", parse_card("10D"))))
    'play 10D'
    """
    return Action(kind, _CARD_INDEX[card])


def combination_action(c: Combination) -> Action:
    """The action that declares, compares or claims ``c``."""
    return Action(c.category, c.key)

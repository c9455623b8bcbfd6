"""parlour: traditional parlour games with the full rules of their rulebooks.

>>> score({"rules": "mcr", "hand": "123m 456p 789s EEE CC", "win_tile": "C"}).total
21
>>> score({"rules": "ninety-nine", "bids": {"A": 5, "B": 5, "C": 2},
...        "tricks": {"A": 7, "B": 1, "C": 1}, "premium": None}).to_json()["scores"]
{'A': 7, 'B': 1, 'C': 1}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, overload

if TYPE_CHECKING:
    from parlour.cards.games import CardScore
    from parlour.mahjong.rules.classical import TableScore
    from parlour.mahjong.scoring import Score, Situation

__version__ = "0.1.0"


@overload
def score(situation: Situation) -> Score: ...
@overload
def score(situation: Mapping[str, Any]) -> Score | CardScore: ...
def score(situation: Situation | Mapping[str, Any]) -> Score | CardScore:
    """Score a finished hand given as a hand-situation dict (or a ``Situation``): the
    ruleset named by its ``rules`` field scores it. Malformed or impossible input raises
    a :class:`~parlour.core.errors.ParlourError` naming the fault.

    A card game's situation (``"rules": "ninety-nine"`` or ``"piquet"``) goes to that
    game's score keeper (:mod:`parlour.cards.ninety_nine`, :mod:`parlour.cards.piquet`:
    ``score_json``; a :data:`~parlour.cards.games.CardScore`), whose result also has
    ``to_json()``. (Typed: a ``Situation`` gives a ``Score``; a dict, whose rules are
    known only when it is read, either.)"""
    from parlour.core.errors import InvalidHand
    from parlour.mahjong.rules import find_ruleset
    from parlour.mahjong.scoring import Situation

    if isinstance(situation, Mapping):
        rules = situation.get("rules", "mcr")
        if not isinstance(rules, str):
            raise InvalidHand(f"'rules' must be a rule-system name, not {rules!r}")
        from parlour.cards.games import find_card_game, is_card_game

        if is_card_game(rules):
            return find_card_game(rules).score(situation)
        module = find_ruleset(rules)
        reader = getattr(module, "score_json", None)
        if reader is not None:
            read: Score = reader(situation)
            return read
    sit = situation if isinstance(situation, Situation) else Situation.from_json(situation)
    result: Score = find_ruleset(sit.rules).score(sit)
    return result


def settle(table: Mapping[str, Any]) -> TableScore:
    """Score every seat's hand of a finished hand and settle the table, for the rule
    systems that score every hand (classical): ``{"rules": "classical", "winner": "W",
    "seats": {"E": {...}, ...}}``. The result's ``net`` is the change to each balance
    by seat; ``to_json()`` has ``"scores"`` and ``"net"`` keyed by seat.

    >>> t = settle({"rules": "classical", "winner": None, "seats": {
    ...     s: {"hand": "1m 4m 7m 2p 5p 8p 3s 6s 9s E S W N"} for s in "E"}})
    Traceback (most recent call last):
    ...
    parlour.core.errors.InvalidHand: seat S has no hand
    """
    from parlour.core.errors import InvalidHand
    from parlour.mahjong.rules import find_ruleset

    if not isinstance(table, Mapping):
        raise InvalidHand(f"a table must be a JSON object, not {type(table).__name__}")
    rules = table.get("rules", "classical")
    if not isinstance(rules, str):
        raise InvalidHand(f"'rules' must be a rule-system name, not {rules!r}")
    settler = getattr(find_ruleset(rules), "settle", None)
    if settler is None:
        raise InvalidHand(
            f"{rules} settles each win by itself: score the winning hand with score()"
        )
    result: TableScore = settler(table)
    return result

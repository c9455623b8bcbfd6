"""A game's ``encode`` and ``format_action`` take what its ``apply`` takes, and refuse
anything else with a clear error.

Something that is not an action (None, a word, a tuple of the wrong length, a list) or
an action the game's space cannot hold is refused with
:class:`~parlour.core.actions.MalformedAction`, which is both an
:class:`~parlour.core.errors.IllegalAction` and a ValueError, naming what is wrong (it
used to raise TypeError or IndexError, or read the word ``"pass"`` as the kind ``p``).
What ``apply`` accepts, numpy integers where a number belongs and the cards of a bid in
any order, is encoded and written as the normal action it stands for.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from parlour.cards.games import make_game
from parlour.cards.ninety_nine import NinetyNine
from parlour.core.actions import Action, MalformedAction
from parlour.core.errors import IllegalAction
from parlour.mahjong.actions import MAHJONG_SPACE
from parlour.mahjong.session import Session, make_ruleset
from parlour.mahjong.table import Table

GAMES: dict[str, Callable[[], Any]] = {
    "mcr table": lambda: Table(seed=1),
    "xiamen table": lambda: Table(make_ruleset("xiamen"), seed=1),
    "classical table": lambda: Table(make_ruleset("classical"), seed=1),
    "mahjong session": lambda: Session(seed=1),
    "ninety-nine": lambda: NinetyNine(1),
    "piquet": lambda: make_game("piquet", seed=1),
}

NOT_ACTIONS: list[tuple[Any, str]] = [
    (None, r"^not an action: None$"),
    (("pass",), r"^not an action: \('pass',\)$"),
    ("pass", r"^not an action: 'pass'$"),
    ("discard 4p", r"^not an action: 'discard 4p'$"),
    (5, r"^not an action: 5$"),
    (("pass", None, 1), r"^not an action: \('pass', None, 1\)$"),
    (["pass", None], r"^not an action: \['pass', None\]$"),
    ((), r"^not an action: \(\)$"),
    ((5, None), r"^an action's kind is a word such as 'discard', not 5$"),
    (("no such kind", None), r"^unknown action kind 'no such kind' \(kinds: "),
    (object(), r"^not an action: <object object at "),
]


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize(("action", "message"), NOT_ACTIONS, ids=repr)
def test_a_non_action_is_refused_naming_it(name: str, action: Any, message: str) -> None:
    game = GAMES[name]()
    for method in (game.encode, game.format_action):
        with pytest.raises(MalformedAction, match=message) as caught:
            method(action)
        assert isinstance(caught.value, IllegalAction) and isinstance(caught.value, ValueError)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_payload_the_kind_cannot_hold_is_refused_naming_the_kind(name: str) -> None:
    game = GAMES[name]()
    kind = game.decode(game.action_space_size - 1)[0]
    for payload in (1.5, "x", [1], {"a": 1}, True):
        for method in (game.encode, game.format_action):
            with pytest.raises(MalformedAction, match=f"^{kind}: "):
                method((kind, payload))


def numpyfied(payload: Any) -> Any:
    if type(payload) is int:
        return np.int64(payload)
    if type(payload) is tuple:
        return tuple(numpyfied(p) for p in payload)
    return payload


@pytest.mark.parametrize("name", sorted(GAMES))
def test_numpy_payloads_encode_and_read_as_the_plain_action(name: str) -> None:
    game = GAMES[name]()
    rng = random.Random(4)
    size = game.action_space_size
    for i in [*sorted(rng.sample(range(size), min(300, size))), 0]:
        action = game.decode(i)
        numpy_form = (action[0], numpyfied(action[1]))
        assert game.encode(numpy_form) == i
        assert game.format_action(numpy_form) == game.format_action(action)
        assert game.encode(tuple(numpy_form)) == i


def test_a_numpy_discard_is_encoded_as_apply_takes_it() -> None:
    table = Table(seed=3)
    legal = table.legal_actions(0)
    discard = next(a for a in legal if a[0] == "discard")
    numpy_form = ("discard", np.int64(discard[1]))
    assert table.encode(numpy_form) == table.encode(discard)
    assert table.format_action(numpy_form) == table.format_action(discard)
    assert table.mask(0)[table.encode(numpy_form)]
    table.apply(0, numpy_form)  # apply takes it too


def test_an_unsorted_bid_is_encoded_as_apply_takes_it() -> None:
    game = NinetyNine(2)
    seat = game.to_act()[0]
    bid = next(a for a in game.legal_actions(seat) if a[0] == "bid")
    shuffled = ("bid", tuple(reversed(bid[1])))
    assert shuffled[1] != bid[1]
    assert game.encode(shuffled) == game.encode(bid)
    assert game.format_action(shuffled) == game.format_action(bid)
    numpy_shuffled = ("bid", tuple(np.int64(c) for c in shuffled[1]))
    assert game.encode(numpy_shuffled) == game.encode(bid)
    game.apply(seat, shuffled)  # apply takes it too
    assert game.actions[-1] == (seat, bid)


def test_encode_and_format_of_every_legal_action_are_unchanged() -> None:
    """The normal actions take the quick way: every index round-trips."""
    for i in range(MAHJONG_SPACE.size):
        action = MAHJONG_SPACE.decode(i)
        assert MAHJONG_SPACE.encode(action) == i
        assert MAHJONG_SPACE.parse(MAHJONG_SPACE.format(action)) == action
    plain = Action("discard", 3)
    assert MAHJONG_SPACE.encode(plain) == MAHJONG_SPACE.encode(("discard", 3))

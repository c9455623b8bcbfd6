"""The seam between the server and the games it hosts: a match in play.

:class:`~parlour.server.live.LiveGame` drives bots, clocks, windows, the log and the
sockets of any game through :class:`Hosted`, a small protocol over numbered players
and the seats of the hand (or deal) being played: who is to act, their legal actions,
a simultaneous *window* (every asked seat answers, and the answers are applied
together), applying an action, what each seat (or a spectator) sees, the events of the
hand, and the match's standing, record and replay. Each family of games implements it
once (a mahjong :class:`~parlour.mahjong.hosted.MahjongHosted`, a card game's
:class:`~parlour.cards.hosted.CardHosted`); :func:`host` asks the rule system's
descriptor for its match.

>>> match = host("ninety-nine", {}, seed=3, players=["A", "B", "C"])
>>> match.family, match.hand_number, match.to_act(), match.window() is not None
('cards', 1, (0, 1, 2), True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from parlour.bots import Bot
from parlour.core.actions import Action
from parlour.core.game import Event


class Hosted(Protocol):
    """A match as the server hosts it (see the module docstring).

    Players are numbered from 0 (as the table was created); ``seat_of`` and
    ``player_at`` map them to the seats of the hand in play. ``hand_number`` counts
    the hands (deals) from 1. ``window()`` is the simultaneous window open now (the
    same object as long as it stays open, a new one for the next), or None when one
    seat acts in turn. ``apply`` returns True when the action ended a hand (the next
    one, if any, is dealt at once and its opening events are in ``events()``).
    """

    family: str
    num_players: int
    players: list[str]
    auto_keys: tuple[str, ...]

    @property
    def hand_number(self) -> int: ...

    @property
    def scores(self) -> list[int]: ...

    def is_over(self) -> bool: ...

    def seat_of(self, player: int) -> int | None: ...

    def player_at(self, seat: int) -> int: ...

    def to_act(self) -> tuple[int, ...]: ...

    def window(self) -> object | None: ...

    def window_seats(self) -> Sequence[int]:
        """Every seat the open window asks (empty when none is open)."""
        ...

    def turn_seat(self) -> int | None:
        """The seat whose turn clock runs now (None: nobody's)."""
        ...

    def moves(self) -> int:
        """Actions applied so far in the hand in play (a turn clock restarts when it
        changes)."""
        ...

    def legal_actions(self, seat: int) -> list[Action]: ...

    def read(self, seat: int, text: str) -> Action:
        """``text`` as an action ``seat`` may take now; IllegalAction or NotationError
        saying why not."""
        ...

    def parse_action(self, text: str) -> Action: ...

    def format_action(self, action: Action) -> str: ...

    def apply(self, seat: int, action: Action, hand: int) -> bool: ...

    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees (None: a spectator, who sees only what is public), with
        the match's standing under ``match``."""
        ...

    def events(self) -> Sequence[Event]:
        """The events of the hand in play, from its deal."""
        ...

    def public_step(self) -> int:
        """How many events everyone has seen so far (every hand's)."""
        ...

    def last_hand(self) -> dict[str, Any] | None:
        """The last finished hand's summary (None before one ends): the same object
        until another hand ends."""
        ...

    def final(self) -> dict[str, Any]:
        """What the state message adds once the match is over."""
        ...

    def make_bot(self, kind: str, seed: int) -> Bot: ...

    def decide(self, bot: Bot, seat: int, legal: Sequence[Action]) -> Action:
        """``bot``'s choice for ``seat`` among ``legal``."""
        ...

    def auto_answer(
        self, seat: int, legal: Sequence[Action], prefs: Mapping[str, bool], *, window: bool
    ) -> Action | None:
        """The answer ``prefs`` (a player's auto-actions) give now, or None."""
        ...

    def clock_answer(self, seat: int, legal: Sequence[Action]) -> Action:
        """What a seat does when its turn clock runs out."""
        ...

    def record(self) -> dict[str, Any]:
        """The record of the match (``parlour validate`` reads it)."""
        ...

    def replay(self, hand: int) -> list[dict[str, Any]]:
        """Every state of a finished hand, move by move (the match is over)."""
        ...

    def help(self, seat: int) -> dict[str, Any]:
        """What the family adds to a seat's help (a mahjong hand's waits)."""
        ...


def host(
    rules: str,
    options: Mapping[str, Any],
    *,
    seed: int,
    players: Sequence[str],
    hands: int | None = None,
    ask_everyone: bool = False,
    always_asked: Sequence[int] = (),
) -> Hosted:
    """The match of rule system ``rules`` as the server hosts it."""
    from parlour.registry import find_system

    hosted: Hosted = find_system(rules).host(
        options,
        seed=seed,
        players=players,
        hands=hands,
        ask_everyone=ask_everyone,
        always_asked=always_asked,
    )
    return hosted


def __getattr__(name: str) -> Any:
    # the families' matches, once defined here
    if name in ("MahjongHosted", "AUTO_KEYS"):
        from parlour.mahjong import hosted as mahjong

        return getattr(mahjong, name)
    if name == "CardHosted":
        from parlour.cards import hosted as cards

        return cards.CardHosted
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["Hosted", "host"]

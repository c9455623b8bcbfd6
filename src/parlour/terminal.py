"""Playing at the terminal, for every game: reading answers, stopping, pausing, and
checking that a record can be written before a game starts.

A family of games plays at the terminal with these (mahjong:
:func:`parlour.mahjong.terminal.play`; the card games:
:func:`parlour.cards.terminal.play_cards`); a rule system's descriptor says which
(``parlour play`` asks it).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

QUIT_WORDS = ("q", "quit", "exit")
HELP_WORDS = ("h", "help", "?")


class Quit(Exception):
    """The human stopped (end of input or 'quit')."""


def record_problem(path: str | os.PathLike[str]) -> str | None:
    """Why a game record cannot be written to ``path`` (``No such file or directory``,
    ``Is a directory``, ``Permission denied``...), or None when it can: checked before
    the first deal, so that a game is not played only to be lost. The file itself (when
    it exists) and its directory must be writable; nothing is left behind.

    >>> record_problem("/no/such/directory/game.json")
    'No such file or directory'
    """
    target = Path(path)
    existed = target.exists()
    try:
        with open(target, "a"):
            pass
        if existed:  # the record is written beside it first, then moved over it
            with tempfile.TemporaryFile(dir=target.parent):
                pass
    except OSError as e:
        return e.strerror or str(e)
    if not existed:
        target.unlink(missing_ok=True)
    return None


def read_answer(
    ask: Callable[[str], str], say: Callable[[str], None], help_lines: Sequence[str]
) -> str | None:
    """One answer at the action prompt: the text typed; None after ``help`` (whose
    lines are said); :class:`Quit` for ``quit`` or the end of the input.

    >>> read_answer(lambda p: " pass ", print, ["help!"])
    'pass'
    >>> read_answer(lambda p: "?", print, ["help!"]) is None
    help!
    True
    """
    try:
        text = ask("your action").strip()
    except EOFError:
        raise Quit from None
    if text.lower() in QUIT_WORDS:
        raise Quit
    if text.lower() in HELP_WORDS:
        for line in help_lines:
            say(line)
        return None
    return text


PATIENCE = 25
"""Answers in a row that choose nothing (an unknown action, a number out of range,
``help``, a card already chosen) after which the game stops: input that repeats an
answer the game cannot use ends with a message instead of being asked forever."""


class Misses:
    """Counts the answers in a row that chose nothing; the ``limit``-th says so and
    stops the game (:class:`Quit`). An answer that chooses something starts the count
    again (:meth:`reset`).

    >>> misses = Misses(print, limit=2)
    >>> misses.miss()
    >>> misses.miss()
    Traceback (most recent call last):
    ...
    parlour.terminal.Quit
    """

    def __init__(self, say: Callable[[str], None], limit: int = PATIENCE) -> None:
        self.say = say
        self.limit = limit
        self.count = 0

    def miss(self) -> None:
        """One more answer that chose nothing; :class:`Quit` (said why) at the limit."""
        self.count += 1
        if self.count >= self.limit:
            self.say(
                f"{self.count} answers in a row chose none of your actions: the game stops "
                "here ('help' lists them; 'quit' stops)"
            )
            raise Quit

    def reset(self) -> None:
        self.count = 0


# -- where a seat sits ------------------------------------------------------------------------


def place(seat: int, me: int, num_seats: int) -> str:
    """Where ``seat`` sits as seen from seat ``me``: ``you``, ``right`` (plays after
    you), ``opposite`` or ``left`` (plays before you); at larger tables, counted.

    >>> [place(s, 1, 4) for s in range(4)], [place(s, 0, 3) for s in range(3)]
    (['left', 'you', 'right', 'opposite'], ['you', 'right', 'left'])
    """
    k = (seat - me) % num_seats
    if k == 0:
        return "you"
    if 2 * k == num_seats:
        return "opposite"
    if k == 1:
        return "right"
    if k == num_seats - 1:
        return "left"
    return f"{k} seats right" if 2 * k < num_seats else f"{num_seats - k} seats left"


def pause(ask: Callable[[str], str], prompt: str = "press Enter for the next hand") -> None:
    """Wait until the human goes on: one line read (Enter); 'quit' or the end of input
    stops the game."""
    try:
        text = ask(prompt).strip().lower()
    except EOFError:
        raise Quit from None
    if text in QUIT_WORDS:
        raise Quit


_pause = pause  # an older name


_MOVED = {
    "HELP": "parlour.mahjong.terminal",
    "HandView": "parlour.mahjong.terminal",
    "Names": "parlour.mahjong.terminal",
    "choose": "parlour.mahjong.terminal",
    "field_text": "parlour.mahjong.terminal",
    "hand_text": "parlour.mahjong.terminal",
    "match_length": "parlour.mahjong.terminal",
    "meld_kind": "parlour.mahjong.terminal",
    "meld_text": "parlour.mahjong.terminal",
    "offer_text": "parlour.mahjong.terminal",
    "play": "parlour.mahjong.terminal",
    "standings_lines": "parlour.mahjong.terminal",
    "tiles_of": "parlour.mahjong.terminal",
    "card_menu": "parlour.cards.terminal",
    "card_names": "parlour.cards.terminal",
    "card_order": "parlour.cards.terminal",
    "choose_card_action": "parlour.cards.terminal",
    "play_cards": "parlour.cards.terminal",
}
"""Names this module had when it held each family's play (they live with the family)."""


def __getattr__(name: str) -> Any:
    home = _MOVED.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(home), name)


__all__ = [
    "HELP_WORDS",
    "PATIENCE",
    "QUIT_WORDS",
    "Misses",
    "Quit",
    "pause",
    "place",
    "read_answer",
    "record_problem",
]

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
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from parlour.core.actions import Action

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


# -- building an action piece by piece ---------------------------------------------------------

MENU_LIMIT = 30
"""A choice among more actions than this (Ninety-Nine's 220 bids, a goulash's 364
exchanges) is not listed action by action."""


class Picked(NamedTuple):
    """What one answer did to a :class:`Picker`: the ``action`` made or chosen (None
    while picking), the ``lines`` to say, and whether the answer ``missed`` (chose
    nothing)."""

    action: Action | None
    lines: list[str]
    missed: bool


class Picker:
    """An action that names several pieces (cards or tiles: Ninety-Nine's bid of three
    cards, a goulash's exchange of three tiles) built one piece at a time, when there
    are too many such actions to list. The pieces that can still complete one are
    numbered; a number or a piece picks it, once (a piece held twice can be picked
    twice), and the last pick makes the action; the other actions are numbered after
    the pieces; ``again`` starts again. ``part(word)`` reads a word as a piece (None when
    it is none), ``order(piece)`` sorts them as the hand shows them.

    >>> legal = [Action("bid", p) for p in (("a", "b"), ("a", "c"), ("b", "c"))]
    >>> legal.append(Action("pass"))
    >>> fmt = str  # bid a b
    >>> part = lambda w: w if w in "abc" else None
    >>> picker = Picker.of(legal, fmt, part, str, limit=2)
    >>> for line in picker.lines():
    ...     print(line)
    your bid: choose its 2 pieces one at a time (2 to choose), or type it whole (bid a b):
      1. a
      2. b
      3. c
      4. pass
    >>> picker.answer("2", part).lines[0]
    'your bid so far: b (1 more to choose; again starts it again):'
    >>> picker.answer("b", part).lines
    ['b is already chosen; again starts the bid again']
    >>> picker.answer("1", part).action
    Action(kind='bid', payload=('a', 'b'))
    """

    def __init__(
        self,
        kind: str,
        pieces: Mapping[Action, Sequence[str]],
        others: Sequence[Action],
        fmt: Callable[[Action], str],
        order: Callable[[str], Any],
        noun: str = "pieces",
    ) -> None:
        self.kind = kind
        self.noun = noun
        self.pieces = {a: Counter(p) for a, p in pieces.items()}
        self.size = len(next(iter(pieces.values())))
        self.others = list(others)
        self.fmt = fmt
        self.order = order
        self.example = fmt(next(iter(pieces)))
        self.picked: list[str] = []

    @classmethod
    def of(
        cls,
        legal: Sequence[Action],
        fmt: Callable[[Action], str],
        part: Callable[[str], str | None],
        order: Callable[[str], Any],
        *,
        limit: int = MENU_LIMIT,
        noun: str = "pieces",
    ) -> Picker | None:
        """A picker for ``legal`` when there are more than ``limit`` actions and one
        kind names two pieces or more (the same number in each action), else None."""
        if len(legal) <= limit:
            return None
        named: dict[str, dict[Action, list[str]]] = {}
        for action in legal:
            kind, *words = fmt(action).split()
            parts = [part(w) for w in words]
            if len(parts) >= 2 and all(p is not None for p in parts):
                named.setdefault(kind, {})[action] = [p for p in parts if p is not None]
        if not named:
            return None
        kind = max(named, key=lambda k: len(named[k]))
        pieces = named[kind]
        if len({len(p) for p in pieces.values()}) != 1:
            return None
        return cls(kind, pieces, [a for a in legal if a not in pieces], fmt, order, noun)

    def choices(self) -> list[str]:
        """The pieces that can be picked next, in the order of the hand."""
        chosen = Counter(self.picked)
        left = {p for held in self.pieces.values() if chosen <= held for p in held - chosen}
        return sorted(left, key=self.order)

    def lines(self) -> list[str]:
        """The menu of the next pick."""
        to_go = self.size - len(self.picked)
        if self.picked:
            head = (
                f"your {self.kind} so far: {' '.join(self.picked)} ({to_go} more to choose; "
                "again starts it again):"
            )
        else:
            head = (
                f"your {self.kind}: choose its {self.size} {self.noun} one at a time ({to_go} to "
                f"choose), or type it whole ({self.example}):"
            )
        choices = self.choices()
        return (
            [head]
            + [f"  {k}. {p}" for k, p in enumerate(choices, 1)]
            + [f"  {k}. {self.fmt(a)}" for k, a in enumerate(self.others, len(choices) + 1)]
        )

    def follow(
        self,
        text: str,
        part: Callable[[str], str | None],
        say: Callable[[str], None],
        misses: Misses,
    ) -> tuple[bool, Action | None]:
        """Take answer ``text`` as :meth:`answer` does, saying its lines and counting a
        miss (a pick starts the count again): whether it was a picker's answer, and the
        action it made (None while picking)."""
        picked = self.answer(text, part)
        if picked is None:
            return False, None
        for line in picked.lines:
            say(line)
        if picked.action is None:
            if picked.missed:
                misses.miss()
            else:  # a piece picked: the answers in a row that chose nothing start again
                misses.reset()
        return True, picked.action

    def answer(self, text: str, part: Callable[[str], str | None]) -> Picked | None:
        """What answer ``text`` does: a number, a piece (read by ``part``) or ``again``;
        None when it is none of those (the action typed in words, say)."""
        if text.lower() == "again":
            self.picked = []
            return Picked(None, self.lines(), True)
        choices = self.choices()
        if text.isdigit():
            k = int(text)
            if 1 <= k <= len(choices):
                return self._pick(choices[k - 1])
            if len(choices) < k <= len(choices) + len(self.others):
                self.picked = []
                return Picked(self.others[k - len(choices) - 1], [], False)
            return Picked(
                None, [f"no choice {k}: answer 1-{len(choices) + len(self.others)}"], True
            )
        piece = part(text) if " " not in text else None
        if piece is None:
            return None
        if piece in choices:
            return self._pick(piece)
        if piece in self.picked:
            return Picked(
                None, [f"{piece} is already chosen; again starts the {self.kind} again"], True
            )
        return Picked(None, [f"{piece} cannot be chosen now: answer a number or one listed"], True)

    def _pick(self, piece: str) -> Picked:
        self.picked.append(piece)
        if len(self.picked) < self.size:
            return Picked(None, self.lines(), False)
        made = Counter(self.picked)
        self.picked = []
        return Picked(next(a for a, held in self.pieces.items() if held == made), [], False)


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
    "MENU_LIMIT",
    "PATIENCE",
    "QUIT_WORDS",
    "Misses",
    "Picked",
    "Picker",
    "Quit",
    "pause",
    "place",
    "read_answer",
    "record_problem",
]

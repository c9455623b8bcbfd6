"""Decision windows: the moments when seats decide at once or one after another.

A :class:`Window` says which seats are asked, what each is offered, and what happens
once they have answered. A claim on a discard is a simultaneous window (every asked seat
answers, then the rules pick the claim that stands); robbing a kong is another; an
exchange of tiles chosen face down is a simultaneous window whose answers all take
effect; the moments after a deal where a heavenly win, a special declaration and a
robbing of the indicator are offered in turn are ordered windows (one seat is asked at a
time, and an answer may close the window at once). The game that opens a window passes
a ``resolve`` function: the rules decide, the window only collects.

>>> from parlour.core.actions import Action
>>> w = Window("vote", (0, 2), lambda s: [Action("yes"), Action("no")], lambda w: None)
>>> w.pending()
(0, 2)
>>> w.answer(2, Action("no")), w.pending(), w.answer(0, Action("yes"))
(False, (0,), True)
>>> sorted(w.answers.items())
[(0, Action(kind='yes', payload=None)), (2, Action(kind='no', payload=None))]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from parlour.core.actions import Action


class Window:
    """Seats ``seats`` decide; ``offer(seat)`` is what a seat may answer (asked when
    the seat's turn in the window comes, so an ordered window can offer what earlier
    answers left); ``resolve(window)`` runs once the window closes.

    ``ordered``: the seats are asked one at a time, in order; ``closes(seat, action)``
    (ordered windows) says whether an answer ends the window before the seats after
    it are asked. ``info`` holds what everyone may know about the window (the tile
    discarded); ``data`` is the opener's own state; ``answers`` and ``offered`` fill
    as the seats are asked and answer.
    """

    __slots__ = (
        "_pending",
        "answers",
        "closed",
        "closes",
        "data",
        "info",
        "kind",
        "offer",
        "offered",
        "ordered",
        "resolve",
        "seats",
    )

    def __init__(
        self,
        kind: str,
        seats: tuple[int, ...],
        offer: Callable[[int], list[Action]],
        resolve: Callable[[Window], None],
        *,
        ordered: bool = False,
        closes: Callable[[int, Action], bool] | None = None,
        info: Mapping[str, Any] | None = None,
        data: dict[str, Any] | None = None,
    ) -> None:
        self.kind = kind
        self.seats = seats
        self.offer = offer
        self.resolve = resolve
        self.ordered = ordered
        self.closes = closes
        self.info: Mapping[str, Any] = info if info is not None else {}
        self.data: dict[str, Any] = data if data is not None else {}
        self.answers: dict[int, Action] = {}
        self.offered: dict[int, list[Action]] = {}
        self.closed = False
        self._pending: tuple[int, ...] | None = None

    def __repr__(self) -> str:
        return f"Window({self.kind!r}, seats={self.seats}, answers={self.answers})"

    def pending(self) -> tuple[int, ...]:
        """The seats to answer now: every seat not yet answered (by seat number: they
        answer at once, in no order), or in an ordered window the next one."""
        got = self._pending
        if got is None:
            if self.closed:
                got = ()
            elif self.ordered:
                got = next(((s,) for s in self.seats if s not in self.answers), ())
            else:
                answers = self.answers
                got = tuple([s for s in sorted(self.seats) if s not in answers])
            self._pending = got
        return got

    def offers(self, seat: int) -> list[Action]:
        """What ``seat`` may answer now (empty when it is not asked now)."""
        if seat not in self.pending():
            return []
        got = self.offered.get(seat)
        if got is None:
            got = self.offered[seat] = self.offer(seat)
        return got

    def answer(self, seat: int, action: Action) -> bool:
        """Record ``seat``'s answer; True when the window is now closed (then the
        opener calls :meth:`finish`)."""
        self.answers[seat] = action
        self._pending = None
        if self.ordered and self.closes is not None and self.closes(seat, action):
            return True
        return not self.pending()

    def finish(self) -> None:
        """Close the window and run its resolver."""
        self.closed = True
        self._pending = ()
        self.resolve(self)


__all__ = ["Window"]

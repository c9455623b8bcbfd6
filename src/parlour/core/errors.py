"""Errors shared by every game in parlour."""

from __future__ import annotations


class ParlourError(Exception):
    """Base class of every error parlour raises on purpose."""


class NotationError(ParlourError, ValueError):
    """Text that is not valid notation.

    The message names what is wrong and where; ``text`` and ``position`` (0-based
    character index, or ``None`` when the whole text is at fault) are kept for callers
    that want to point at the spot.

    >>> print(NotationError("unexpected character 'x'", "12x", 2, detail="a suit letter?"))
    unexpected character 'x' at position 2 in '12x' (a suit letter?)
    """

    def __init__(
        self, reason: str, text: str = "", position: int | None = None, *, detail: str = ""
    ) -> None:
        self.reason = reason
        self.text = text
        self.position = position
        self.detail = detail
        message = reason
        if position is not None:
            message += f" at position {position}"
        if text:
            message += f" in {text!r}"
        if detail:
            message += f" ({detail})"
        super().__init__(message)


class InvalidHand(ParlourError, ValueError):
    """A hand that cannot exist or cannot be analysed (wrong size, too many copies, ...)."""


class IllegalAction(ParlourError):
    """An action that the rules do not allow in the current state."""


class InvalidSeat(IllegalAction, ValueError):
    """A seat that is not a seat of the table (a float, a bool, a number out of range)."""

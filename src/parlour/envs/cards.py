"""Card planes of a card game's observation: :class:`CardEncoder`.

The encoder reads only the observation dict of one seat and writes a float32 array of
shape ``(rows, 52)``: one column per card of a full pack (``2C 3C … AC 2D … AS``, clubs,
diamonds, hearts, spades; a game played with a short pack leaves the columns of the
cards it lacks empty). Every part of the observation is read by the generic
:class:`~parlour.envs.encoding.Walker`, its layout learnt from seeded games, so the rows
are the game's own fields (:meth:`CardEncoder.channels` names them):

* a card row for each field that shows cards, by path: the seat's ``hand``, the cards
  of the trick in play (``trick/[]/card``) and of the tricks played
  (``tricks/[]/cards/[]``), the talon or stock seen, cards shown or declared, and, for
  fields kept by seat, one row per relative seat (``shown_hands/@1/[]``: the hand the
  next seat shows);
* a suit (``trumps``, ``lead_suit``) is a card row too: every card of the suit;
* then the scalar rows, 52 to a row: every number by path (``scores/@0``,
  ``tricks_won/@1``, ``talon``, the match's scores), each list's length
  (``tricks/#len``), and one flag for each value of the fields in words
  (``phase=play``, ``trumps=D``, ``role=elder``).

Seats are relative: ``@0`` is the observing seat, ``@1`` the next, and so on. The
``legal`` list is left out (the action mask says it).

>>> from parlour.registry import find_system
>>> piquet = find_system("piquet")
>>> game = piquet.new_hand({}, seed=1)
>>> enc = CardEncoder(2, [(s, game.observation(s)) for s in range(2)])
>>> x = enc.encode(game.observation(0))
>>> x.shape == enc.shape, int(x[enc.channels().index("hand")].sum())
(True, 12)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from parlour.cards.cards import FULL_PACK, SUITS, card_index, format_cards, parse_cards
from parlour.core.errors import NotationError
from parlour.envs.encoding import UNBOUNDED, Array, Walker, cached_reader

WIDTH = len(FULL_PACK)
"""One column per card of a full pack."""

LEFT_OUT = frozenset(("legal",))
"""Fields of an observation the planes leave out."""


_SUIT_COLUMNS = {
    suit: np.asarray([c.suit == suit for c in FULL_PACK], np.float32) for suit in SUITS
}


_COLUMN = {card: card_index(card, FULL_PACK) for card in FULL_PACK}


def _read_cards(text: str) -> npt.NDArray[np.float32] | None:
    if text in _SUIT_COLUMNS:
        return _SUIT_COLUMNS[text]
    try:
        cards = parse_cards(text)
    except (NotationError, ValueError):
        return None
    if not cards:
        return None
    index = [_COLUMN[c] for c in cards]
    return np.bincount(np.asarray(index, np.int64), minlength=WIDTH).astype(np.float32)


_card_counts = cached_reader(_read_cards)


def _kept(observation: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in observation.items() if k not in LEFT_OUT}


class CardEncoder:
    """The card planes of a card game's observation (see the module docstring) at a
    table of ``seats`` seats; ``samples`` are (seat, observation) pairs from seeded
    games the layout is learnt from."""

    width = WIDTH

    def __init__(self, seats: int, samples: Iterable[tuple[int, Mapping[str, Any]]]) -> None:
        self.seats = seats
        self.walker = Walker(seats, _card_counts, WIDTH, ((s, _kept(o)) for s, o in samples))
        self._names = [*self.walker.piece_names]
        self._names += [f"scalars.{i}" for i in range(self.walker.scalar_rows)]
        self.shape = (len(self._names), WIDTH)
        """The shape of every encoded observation."""
        self.scalar_names = list(self.walker.scalar_names)
        """The scalars, in the order they fill the scalar rows."""
        pieces = len(self.walker.piece_names)
        self.low = np.zeros(self.shape, np.float32)
        self.high = np.full(self.shape, UNBOUNDED, np.float32)
        self.low[pieces:] = -UNBOUNDED

    def channels(self) -> list[str]:
        """The name of every row, in order (see the module docstring)."""
        return list(self._names)

    def decode(self, planes: Array) -> dict[str, str]:
        """The cards of every card row of ``planes`` as text, by channel (the scalar
        rows left out; a row that is a whole suit as the suit's letter): what a leak
        check reads.

        >>> enc = CardEncoder(2, [(0, {"seat": 0, "hand": "7C AS", "trumps": "S"})])
        >>> enc.decode(enc.encode({"seat": 0, "hand": "AS 10D", "trumps": "H"}))
        {'hand': '10D AS', 'trumps': 'H'}
        """
        out: dict[str, str] = {}
        for name, row in zip(self.walker.piece_names, planes, strict=False):
            suit = next((s for s, cols in _SUIT_COLUMNS.items() if np.array_equal(row, cols)), None)
            if suit is not None:
                out[name] = suit
                continue
            cards = [FULL_PACK[int(i)] for i in np.flatnonzero(row) for _ in range(int(row[i]))]
            out[name] = format_cards(cards)
        return out

    def encode(self, observation: Mapping[str, Any], out: Array | None = None) -> Array:
        """The planes of ``observation`` (one seat's), written into ``out`` when given."""
        if out is None:
            out = np.zeros(self.shape, np.float32)
        else:
            out.fill(0.0)
        self.walker.encode(observation["seat"], _kept(observation), out)
        return out


def make_encoder(
    seats: int, samples: Iterable[tuple[int, Mapping[str, Any]]], **how: Any
) -> CardEncoder:
    """The encoder of a card game's observations (the family's hook).

    >>> make_encoder(3, []).shape
    (0, 52)
    """
    return CardEncoder(seats, samples)


__all__ = ["WIDTH", "CardEncoder", "make_encoder"]

"""What every observation encoder shares: piece strings read once, and the generic
:class:`Walker` that turns any part of an observation dict into rows and numbers.

An encoder turns the observation dict one seat gets (``game.observation(seat)``, and
nothing else, so a tensor can never show more than the dict) into a float32 array of
shape ``(rows, width)``: ``width`` is one column per kind of piece (43 tile kinds for
mahjong, the 52 cards of a full pack for the card games). Seats in an observation are
written relative to the observing seat: relative seat 0 is the seat itself, 1 the next
in turn order, and so on.

The :class:`Walker` reads the parts whose layout a family does not fix (a mahjong rule
system's own ``ruleset_state``, a card game's whole observation). Its layout is learnt
from sample observations (seeded random games: the environments play a few when they
are made) and stays fixed after that:

* a text that reads as pieces (``"5m P"``, ``"KS 9S"``), or a list of them, adds its
  pieces to the row of its *path* (the keys leading to it: ``("ruleset_state",
  "wild")``);
* a number (a bool as 0 or 1) is a scalar of its path (summed when a path holds many);
* an empty text is nothing; any other text is a category: one scalar per value of
  its path seen in the samples (a path with more than :data:`MAX_CATEGORIES`
  values is free text, left out);
* a list as long as the table in every sample (``hand_sizes``), and a map keyed by
  seat numbers (``{"1": …}``), is by seat: its items are paths of their own, by
  relative seat (``@0``, ``@1``, …); every other list also gives its length
  (path ``…/#len``).

Paths never seen in the samples are left out. The scalars and categories fill the rows
after the piece rows, ``width`` to a row, in the order of :attr:`Walker.scalar_names`.

>>> import numpy as np
>>> def digits(text):
...     return np.bincount([int(c) for c in text], minlength=4)[:4] if text.isdigit() else None
>>> samples = [(0, {"held": "0121", "mood": "calm", "sizes": [4, 3]}),
...            (1, {"held": "33", "mood": "cross", "sizes": [2, 2]})]
>>> w = Walker(2, digits, 4, samples)
>>> w.piece_names, w.scalar_names
(['held'], ['mood=calm', 'mood=cross', 'sizes/@0', 'sizes/@1'])
>>> out = np.zeros((w.rows, 4), np.float32)
>>> w.encode(1, {"held": "30", "mood": "cross", "sizes": [5, 1]}, out)
>>> out.tolist()
[[1.0, 0.0, 0.0, 1.0], [0.0, 1.0, 1.0, 5.0]]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.float32]
"""An encoded observation (or part of one)."""

PieceReader = Callable[[str], "npt.NDArray[Any] | None"]
"""Reads a text as pieces: their counts by column, or None when it is not pieces."""

MAX_CATEGORIES = 32
"""A text path with more values than this in the samples is free text (left out)."""

UNBOUNDED = float(np.finfo(np.float32).max)
"""The bound of an encoding's values that have none (the largest float32)."""

SEAT = "@"
LIST = "[]"
LENGTH = "#len"


def cached_reader(read: PieceReader, limit: int = 1 << 16) -> PieceReader:
    """``read`` with its answers kept (observations repeat the same texts: a hand, a
    river, a meld); the store is emptied when it holds ``limit`` texts.

    >>> calls = []
    >>> r = cached_reader(lambda s: calls.append(s) or None)
    >>> r("x"), r("x"), calls
    (None, None, ['x'])
    """
    kept: dict[str, npt.NDArray[Any] | None] = {}

    def reader(text: str) -> npt.NDArray[Any] | None:
        try:
            return kept[text]
        except KeyError:
            pass
        if len(kept) >= limit:
            kept.clear()
        found = kept[text] = read(text)
        return found

    return reader


def _path_name(path: tuple[str, ...]) -> str:
    return "/".join(path)


class Walker:
    """The generic part of an encoder (see the module docstring): ``seats`` at the
    table, ``pieces`` reads a text as pieces (counts over ``width`` columns),
    ``samples`` are (seat, observation) pairs the layout is learnt from."""

    def __init__(
        self,
        seats: int,
        pieces: PieceReader,
        width: int,
        samples: Iterable[tuple[int, Mapping[str, Any]]],
    ) -> None:
        self.seats = seats
        self.width = width
        self._pieces = pieces
        kept = list(samples)
        lengths: dict[tuple[str, ...], set[int]] = {}
        piece_lists: set[tuple[str, ...]] = set()
        for _, obs in kept:
            self._lists(obs, (), lengths, piece_lists)
        self._by_seat = frozenset(
            p for p, ls in lengths.items() if ls == {seats} and p not in piece_lists
        )
        piece_paths: set[tuple[str, ...]] = set()
        numbers: set[tuple[str, ...]] = set()
        texts: dict[tuple[str, ...], set[str]] = {}
        for seat, obs in kept:
            self._learn(seat, obs, (), (), piece_paths, numbers, texts)
        self._rows = {p: i for i, p in enumerate(sorted(piece_paths))}
        slots: list[tuple[tuple[str, ...], str | None]] = [(p, None) for p in numbers]
        for p, values in texts.items():
            if len(values) <= MAX_CATEGORIES:
                slots += [(p, v) for v in values]
        slots.sort(key=lambda s: (s[0], s[1] or ""))
        self._numbers = {p: i for i, (p, v) in enumerate(slots) if v is None}
        self._texts = {(p, v): i for i, (p, v) in enumerate(slots) if v is not None}
        self.piece_names = [_path_name(p) for p in sorted(piece_paths)]
        """The piece rows, by path, in order."""
        self.scalar_names = [_path_name(p) + ("" if v is None else f"={v}") for p, v in slots]
        """The scalars (``path`` for a number, ``path=value`` for a category), in order."""
        self.scalar_rows = -(-len(slots) // width)
        self.rows = len(self._rows) + self.scalar_rows
        """How many rows the walker fills (the piece rows, then the scalar rows)."""

    # -- learning the layout -------------------------------------------------------------

    def _is_pieces(self, value: Any) -> bool:
        return isinstance(value, str) and self._pieces(value) is not None

    def _lists(
        self,
        value: Any,
        raw: tuple[str, ...],
        lengths: dict[tuple[str, ...], set[int]],
        piece_lists: set[tuple[str, ...]],
    ) -> None:
        if isinstance(value, Mapping):
            for k, v in value.items():
                self._lists(v, (*raw, "#" if k.isdigit() else k), lengths, piece_lists)
        elif isinstance(value, list | tuple):
            lengths.setdefault(raw, set()).add(len(value))
            if any(self._is_pieces(v) for v in value):
                piece_lists.add(raw)
            for v in value:
                self._lists(v, (*raw, LIST), lengths, piece_lists)

    def _learn(
        self,
        seat: int,
        value: Any,
        raw: tuple[str, ...],
        path: tuple[str, ...],
        piece_paths: set[tuple[str, ...]],
        numbers: set[tuple[str, ...]],
        texts: dict[tuple[str, ...], set[str]],
    ) -> None:
        if value is None or value == "":
            return
        if isinstance(value, Mapping):
            for k, v in value.items():
                r, p = self._step(seat, raw, path, k)
                self._learn(seat, v, r, p, piece_paths, numbers, texts)
        elif isinstance(value, list | tuple):
            by_seat = raw in self._by_seat
            if not by_seat:
                numbers.add((*path, LENGTH))
            for i, v in enumerate(value):
                p = (*path, f"{SEAT}{(i - seat) % self.seats}") if by_seat else (*path, LIST)
                self._learn(seat, v, (*raw, LIST), p, piece_paths, numbers, texts)
        elif isinstance(value, bool | int | float):
            numbers.add(path)
        elif isinstance(value, str):
            if self._pieces(value) is not None:
                piece_paths.add(path)
            else:
                texts.setdefault(path, set()).add(value)

    def _step(
        self, seat: int, raw: tuple[str, ...], path: tuple[str, ...], key: str
    ) -> tuple[tuple[str, ...], tuple[str, ...]]:
        if key.isdigit():
            s = int(key)
            rel = f"{SEAT}{(s - seat) % self.seats}" if s < self.seats else key
            return (*raw, "#"), (*path, rel)
        return (*raw, key), (*path, key)

    # -- encoding ------------------------------------------------------------------------

    def encode(self, seat: int, observation: Mapping[str, Any], out: Array, first: int = 0) -> None:
        """Add what ``seat``'s ``observation`` holds to ``out`` (zeroed by the caller),
        the walker's rows starting at row ``first``."""
        scalars = np.zeros(self.scalar_rows * self.width, np.float32)
        self._encode(seat, observation, (), (), out, first, scalars)
        if self.scalar_rows:
            start = first + len(self._rows)
            out[start : start + self.scalar_rows] = scalars.reshape(self.scalar_rows, self.width)

    def _encode(
        self,
        seat: int,
        value: Any,
        raw: tuple[str, ...],
        path: tuple[str, ...],
        out: Array,
        first: int,
        scalars: Array,
    ) -> None:
        if value is None or value == "":
            return
        if isinstance(value, Mapping):
            for k, v in value.items():
                r, p = self._step(seat, raw, path, k)
                self._encode(seat, v, r, p, out, first, scalars)
        elif isinstance(value, list | tuple):
            by_seat = raw in self._by_seat
            if not by_seat:
                slot = self._numbers.get((*path, LENGTH))
                if slot is not None:
                    scalars[slot] += len(value)
            for i, v in enumerate(value):
                p = (*path, f"{SEAT}{(i - seat) % self.seats}") if by_seat else (*path, LIST)
                self._encode(seat, v, (*raw, LIST), p, out, first, scalars)
        elif isinstance(value, bool | int | float):
            slot = self._numbers.get(path)
            if slot is not None:
                scalars[slot] += value
        elif isinstance(value, str):
            counts = self._pieces(value)
            if counts is not None:
                row = self._rows.get(path)
                if row is not None:
                    out[first + row] += counts
            else:
                slot = self._texts.get((path, value))
                if slot is not None:
                    scalars[slot] = 1.0


__all__ = ["MAX_CATEGORIES", "UNBOUNDED", "Array", "PieceReader", "Walker", "cached_reader"]

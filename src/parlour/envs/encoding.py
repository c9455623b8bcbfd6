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

Parts = tuple[list[tuple[int, "npt.NDArray[Any]"]], list[tuple[int, float]], set[int]]
"""What a :class:`Walker` reads in an observation: pieces by row, numbers by scalar
slot, categories' slots (see :meth:`Walker.parts`)."""

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
        self._compile()

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

    def _compile(self) -> None:
        """The layout as a tree of :class:`_Node` (made as paths are first met): what
        :meth:`encode` walks, so that a path's rows and slots are looked up once."""
        known: list[tuple[str, ...]] = [*self._rows, *self._numbers]
        known += [p for p, _ in self._texts]
        self._live = {p[:i] for p in known for i in range(len(p) + 1)}
        self._categories: dict[tuple[str, ...], dict[str, int]] = {}
        for (p, v), slot in self._texts.items():
            self._categories.setdefault(p, {})[v] = slot
        self._root = self._node((), ())

    def _node(self, raw: tuple[str, ...], path: tuple[str, ...]) -> _Node | None:
        if path not in self._live:
            return None  # nothing below this path is in the layout
        by_seat = raw in self._by_seat
        return _Node(
            raw,
            path,
            self._rows.get(path),
            self._numbers.get(path),
            self._categories.get(path, {}),
            None if by_seat else self._numbers.get((*path, LENGTH)),
            by_seat,
        )

    def _key(self, node: _Node, key: str, seat: int) -> _Node | None:
        kids = node.kids
        found: _Node | None = kids.get((key, seat) if key.isdigit() else key, _MISSING)
        if found is not _MISSING:
            return found
        r, p = self._step(seat, node.raw, node.path, key)
        made = kids[(key, seat) if key.isdigit() else key] = self._node(r, p)
        return made

    def _item(self, node: _Node, i: int, seat: int) -> _Node | None:
        kids = node.items
        at = (i - seat) % self.seats if node.by_seat else -1
        found: _Node | None = kids.get(at, _MISSING)
        if found is not _MISSING:
            return found
        p = (*node.path, f"{SEAT}{at}") if node.by_seat else (*node.path, LIST)
        made = kids[at] = self._node((*node.raw, LIST), p)
        return made

    def encode(self, seat: int, observation: Mapping[str, Any], out: Array, first: int = 0) -> None:
        """Add what ``seat``'s ``observation`` holds to ``out`` (zeroed by the caller),
        the walker's rows starting at row ``first``."""
        pieces, scalars, flags = self.parts(seat, observation)
        for row, counts in pieces:
            out[first + row] += counts
        if scalars or flags:
            flat = out[first + len(self._rows) :].reshape(-1)
            for slot, value in scalars:
                flat[slot] += value
            for slot in flags:
                flat[slot] = 1.0

    def slots(self, path: tuple[str, ...]) -> tuple[int | None, dict[str, int]] | None:
        """The scalar slot of the number at ``path`` and the slots of its categories,
        for a caller that reads a field itself; None when the path holds pieces (or
        lists by seat) in the layout, which only the walker reads.

        >>> w = Walker(2, lambda s: None, 4, [(0, {"n": 2, "mood": "calm"})])
        >>> w.slots(("n",)), w.slots(("mood",))
        ((1, {}), (None, {'calm': 0}))
        """
        if path in self._rows or path in self._by_seat:
            return None
        return self._numbers.get(path), self._categories.get(path, {})

    def seat_slots(self, path: tuple[str, ...]) -> list[int | None] | None:
        """The scalar slots of a list of numbers by seat at ``path``, by relative seat
        (None when ``path`` is not a list by seat of the layout).

        >>> w = Walker(2, lambda s: None, 4, [(0, {"sizes": [4, 3]})])
        >>> w.seat_slots(("sizes",)), w.seat_slots(("other",))
        ([0, 1], None)
        """
        if path not in self._by_seat:
            return None
        out = []
        for r in range(self.seats):
            item = (*path, f"{SEAT}{r}")
            if item in self._rows or item in self._by_seat:
                return None
            out.append(self._numbers.get(item))
        return out

    def parts(self, seat: int, observation: Mapping[str, Any], node: _Node | None = None) -> Parts:
        """What :meth:`encode` writes, unwritten: the pieces by row (rows counted from
        the walker's first), the numbers by scalar slot (to be added, a slot may come
        more than once) and the categories' slots (each 1).

        >>> w = Walker(1, lambda s: None, 4, [(0, {"n": 2, "mood": "calm"})])
        >>> w.parts(0, {"n": 3, "mood": "calm"})
        ([], [(1, 3)], {0})
        """
        pieces: list[tuple[int, npt.NDArray[Any]]] = []
        scalars: list[tuple[int, float]] = []
        flags: set[int] = set()
        root = self._root if node is None else node
        if root is not None:
            if node is not None:
                root.memo, memo = None, root.memo
            self._walk(root, seat, observation, pieces, scalars, flags)
            if node is not None:
                root.memo = memo
        return pieces, scalars, flags

    def _walk(
        self,
        node: _Node,
        seat: int,
        value: Any,
        pieces: list[tuple[int, npt.NDArray[Any]]],
        scalars: list[tuple[int, float]],
        flags: set[int],
    ) -> None:
        kind = type(value)
        if kind is str:
            if not value:
                return
            slot = node.categories.get(value)
            if slot is not None:
                flags.add(slot)
            elif node.row is not None:
                counts = self._pieces(value)
                if counts is not None:
                    pieces.append((node.row, counts))
        elif kind is int or kind is float or kind is bool:
            if node.number is not None:
                scalars.append((node.number, value))
        elif kind is dict or isinstance(value, Mapping):
            memo = node.memo
            if memo is not None:  # a map of plain values read before is looked up
                try:
                    key = (seat, *value.items())
                    found = memo.get(key)
                except TypeError:  # it holds lists or maps: walked every time
                    node.memo = None
                else:
                    if found is None:
                        if len(memo) >= _MEMO:
                            memo.clear()
                        found = memo[key] = self.parts(seat, value, node)
                    pieces += found[0]
                    scalars += found[1]
                    flags |= found[2]
                    return
            kids = node.kids
            for k, v in value.items():
                child = kids.get(k, _MISSING)
                if child is _MISSING:
                    child = self._key(node, k, seat)
                if child is None:
                    continue
                leaf = type(v)
                if leaf is int or leaf is float:  # the common leaves, read here
                    if child.number is not None:
                        scalars.append((child.number, v))
                elif leaf is str and v in child.categories:
                    flags.add(child.categories[v])
                elif v is not None:
                    self._walk(child, seat, v, pieces, scalars, flags)
        elif kind is list or kind is tuple or isinstance(value, list | tuple):
            if node.length is not None:
                scalars.append((node.length, len(value)))
            items, seats = node.items, self.seats if node.by_seat else 0
            for i, v in enumerate(value):
                child = items.get((i - seat) % seats if seats else -1, _MISSING)
                if child is _MISSING:
                    child = self._item(node, i, seat)
                if child is None:
                    continue
                if type(v) is int:
                    if child.number is not None:
                        scalars.append((child.number, v))
                else:
                    self._walk(child, seat, v, pieces, scalars, flags)
        elif isinstance(value, str):
            self._walk(node, seat, str(value), pieces, scalars, flags)
        elif isinstance(value, bool | int | float) and node.number is not None:
            scalars.append((node.number, value))


_MISSING: Any = object()
_MEMO = 1 << 12
"""How many maps of plain values a path keeps read (forgotten all at once when full)."""


class _Node:
    """One path of a :class:`Walker`'s layout: its piece row, number slot, category
    slots and length slot (None where it has none), and its children, made as met."""

    __slots__ = (
        "by_seat",
        "categories",
        "items",
        "kids",
        "length",
        "memo",
        "number",
        "path",
        "raw",
        "row",
    )

    def __init__(
        self,
        raw: tuple[str, ...],
        path: tuple[str, ...],
        row: int | None,
        number: int | None,
        categories: dict[str, int],
        length: int | None,
        by_seat: bool,
    ) -> None:
        self.raw, self.path = raw, path
        self.row, self.number, self.categories = row, number, categories
        self.length, self.by_seat = length, by_seat
        self.kids: dict[Any, _Node | None] = {}
        self.items: dict[int, _Node | None] = {}
        self.memo: dict[Any, Parts] | None = {}


__all__ = ["MAX_CATEGORIES", "UNBOUNDED", "Array", "PieceReader", "Walker", "cached_reader"]

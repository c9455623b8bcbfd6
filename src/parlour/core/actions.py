"""Actions of any game: a kind plus a payload, their text form and a fixed integer encoding.

An :class:`Action` is a small value: ``Action("discard", 12)``, ``Action("pass")``,
``Action("exchange", (1, 15, 27))``. What a payload may hold is declared per kind by a
:class:`Domain` (one item of a list, a fixed word, several items, a tuple of parts, one of
several shapes); an :class:`ActionSpace` is the kinds of a game, in a fixed order, each
with its domain. The space gives every possible action a stable index (for action masks
in bots and learning environments), checks and normalises payloads (a float ``1.0`` where
a tile belongs is refused, a numpy integer becomes an int), and reads and writes the text
form. Nothing here knows a particular game: a game family supplies the item names.

>>> colours = Items(("red", "green", "blue"))
>>> space = ActionSpace([("pass", NOTHING), ("paint", colours), ("mix", Several(colours, 2))])
>>> space.size
10
>>> space.parse("mix blue red")
Action(kind='mix', payload=(0, 2))
>>> space.format(Action("paint", 1)), space.encode(Action("paint", 1)), space.decode(2)
('paint green', 2, Action(kind='paint', payload=1))
>>> [space.decode(i) for i in range(space.size)] == list(space)
True
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Iterator, Sequence
from math import comb
from typing import Any, NamedTuple, Protocol

from parlour.core.errors import IllegalAction, NotationError


class MalformedAction(IllegalAction, ValueError):
    """Something that is not an action of a game's space: not a ``(kind, payload)``
    pair, a kind the space does not have, or a payload the kind cannot carry. Both an
    :class:`~parlour.core.errors.IllegalAction` (``apply`` refuses it) and a ValueError
    (``encode`` and ``format`` refuse it)."""


class Action(NamedTuple):
    """One decision of one seat: ``kind`` and a ``payload`` whose shape the kind's
    :class:`Domain` declares (None, an int, a word, or a tuple of those)."""

    kind: str
    payload: Any = None

    def __str__(self) -> str:
        if self.payload is None:
            return self.kind
        return f"{self.kind} {_plain_text(self.payload)}"


def _plain_text(payload: Any) -> str:
    if isinstance(payload, tuple):
        return " ".join(_plain_text(p) for p in payload)
    return str(payload)


class Domain(Protocol):
    """The payloads one action kind may carry, in a fixed order (index 0 .. size - 1)."""

    size: int

    def index(self, value: Any) -> int:
        """The index of a normalised payload (ValueError if it is not one)."""
        ...

    def value(self, index: int) -> Any:
        """The payload at ``index``."""
        ...

    def normalise(self, value: Any) -> Any:
        """``value`` in canonical form (ints as int, sets sorted), or ValueError naming
        what is wrong."""
        ...

    def format(self, value: Any) -> str:
        """The text of a payload (words separated by spaces; "" for none)."""
        ...

    def parse(self, words: Sequence[str], start: int) -> tuple[Any, int]:
        """Read a payload from ``words[start:]``; return it and the index after it
        (ValueError if the words do not start with one)."""
        ...


def as_int(value: Any, what: str = "a whole number") -> int:
    """``value`` as a plain int: ints and integer types such as numpy's (anything with
    ``__index__``) are accepted, bools and floats are not.

    >>> as_int(3)
    3
    >>> as_int(1.0)
    Traceback (most recent call last):
    ...
    ValueError: 1.0 is not a whole number
    """
    if isinstance(value, bool | float):
        raise ValueError(f"{value!r} is not {what}")
    try:
        return operator.index(value)
    except TypeError:
        raise ValueError(f"{value!r} is not {what}") from None


class _Nothing:
    """No payload (``pass``)."""

    size = 1

    def index(self, value: Any) -> int:
        if value is not None:
            raise ValueError(f"takes nothing, not {value!r}")
        return 0

    def value(self, index: int) -> Any:
        return None

    def normalise(self, value: Any) -> Any:
        if value is not None:
            raise ValueError(f"takes nothing, not {value!r}")
        return None

    def format(self, value: Any) -> str:
        return ""

    def parse(self, words: Sequence[str], start: int) -> tuple[Any, int]:
        return None, start

    def __repr__(self) -> str:
        return "NOTHING"


NOTHING: Domain = _Nothing()
"""The domain of kinds that carry no payload."""


class Items:
    """One item of a fixed list: tiles, cards, bids...

    ``names`` are the items' words. The payload of item ``i`` is ``values[i]`` (by
    default ``i`` itself). ``read`` (optional) reads one word into a payload, for
    notations with aliases or their own error messages; ``what`` names an item in
    errors.

    >>> honours = Items(["E", "S"], values=[27, 28], what="wind")
    >>> honours.index(28), honours.value(0), honours.format(28), honours.normalise(27)
    (1, 27, 'S', 27)
    """

    def __init__(
        self,
        names: Sequence[str],
        *,
        values: Sequence[int] | None = None,
        read: Callable[[str], int] | None = None,
        what: str = "item",
    ) -> None:
        self.names = tuple(names)
        self.size = len(self.names)
        self.values = tuple(range(self.size)) if values is None else tuple(values)
        if len(self.values) != self.size:
            raise ValueError("one value per name")
        self.what = what
        self._read = read
        self._position = {v: i for i, v in enumerate(self.values)}
        self._lookup = {n.lower(): v for n, v in zip(self.names, self.values, strict=True)}

    def index(self, value: Any) -> int:
        i = self._position.get(value) if type(value) is int else None
        if i is None:
            raise ValueError(f"{value!r} is not a {self.what}")
        return i

    def value(self, index: int) -> Any:
        return self.values[index]

    def normalise(self, value: Any) -> Any:
        v = as_int(value, f"a {self.what}")
        if v not in self._position:
            raise ValueError(f"{value!r} is not a {self.what}")
        return v

    def format(self, value: Any) -> str:
        i = self._position.get(value) if type(value) is int else None
        if i is None:
            raise ValueError(f"{value!r} is not a {self.what}")
        return self.names[i]

    def parse(self, words: Sequence[str], start: int) -> tuple[Any, int]:
        if start >= len(words):
            raise ValueError(f"a {self.what} is missing")
        word = words[start]
        if self._read is not None:
            v = self._read(word)
            if v not in self._position:
                raise ValueError(f"{word!r} is not a {self.what}")
            return v, start + 1
        got = self._lookup.get(word.lower())
        if got is None:
            raise ValueError(f"{word!r} is not a {self.what}")
        return got, start + 1

    def __repr__(self) -> str:
        return f"Items({self.what}, {self.size})"


class Word:
    """A fixed word as the payload (``"declare"``)."""

    size = 1

    def __init__(self, word: str) -> None:
        self.word = word

    def index(self, value: Any) -> int:
        if value != self.word or type(value) is not str:
            raise ValueError(f"expected {self.word!r}, not {value!r}")
        return 0

    def value(self, index: int) -> Any:
        return self.word

    def normalise(self, value: Any) -> Any:
        self.index(value)
        return self.word

    def format(self, value: Any) -> str:
        return self.word

    def parse(self, words: Sequence[str], start: int) -> tuple[Any, int]:
        if start >= len(words) or words[start].lower() != self.word:
            raise ValueError(f"expected the word {self.word!r}")
        return self.word, start + 1

    def __repr__(self) -> str:
        return f"Word({self.word!r})"


class Several:
    """Between ``least`` and ``most`` items of ``items`` as a sorted tuple; with
    ``repeat`` an item may appear more than once (three tiles of a hand), without it
    the items are distinct (cards). ``prefix`` is a word written before them (``with``);
    a prefixed group may be left out when ``least`` is 0.

    >>> d = Several(Items("abc"), 2)
    >>> [d.value(i) for i in range(d.size)]
    [(0, 0), (0, 1), (1, 1), (0, 2), (1, 2), (2, 2)]
    """

    def __init__(
        self,
        items: Items,
        least: int,
        most: int | None = None,
        *,
        repeat: bool = True,
        prefix: str = "",
        mark: str = "",
    ) -> None:
        self.items = items
        self.least = least
        self.most = least if most is None else most
        self.repeat = repeat
        self.prefix = prefix
        self.mark = mark
        n = items.size
        self._sizes = [self._count(n, k) for k in range(self.most + 1)]
        self._offsets = [sum(self._sizes[self.least : k]) for k in range(self.most + 2)]
        self.size = sum(self._sizes[self.least :])

    def _count(self, n: int, k: int) -> int:
        return comb(n + k - 1, k) if self.repeat else comb(n, k)

    def index(self, value: Any) -> int:
        if type(value) is not tuple or not self.least <= len(value) <= self.most:
            raise ValueError(f"{value!r} is not {self._what()}")
        k = len(value)
        rank = 0
        # ranks run over the items' positions (their values may be any numbers)
        positions = [self.items.index(v) for v in value]
        for i, p in enumerate(positions):
            if i and (p < positions[i - 1] or (not self.repeat and p == positions[i - 1])):
                raise ValueError(f"{value!r} is not {self._what()} in order")
            # combinatorial number system on strictly increasing positions
            rank += comb(p + i if self.repeat else p, i + 1)
        return self._offsets[k] + rank

    def value(self, index: int) -> Any:
        k = self.least
        while k < self.most and index >= self._offsets[k + 1]:
            k += 1
        index -= self._offsets[k]
        out: list[int] = []
        for i in range(k, 0, -1):
            c = i - 1
            while comb(c + 1, i) <= index:
                c += 1
            index -= comb(c, i)
            out.append(c)
        out.reverse()
        if self.repeat:
            out = [c - i for i, c in enumerate(out)]
        return tuple(self.items.value(c) for c in out)

    def _what(self) -> str:
        count = str(self.least) if self.least == self.most else f"{self.least}-{self.most}"
        return f"{count} {self.items.what}s"

    def normalise(self, value: Any) -> Any:
        if isinstance(value, str | bytes) or not isinstance(value, Iterable):
            raise ValueError(f"{value!r} is not {self._what()}")
        items = sorted((self.items.normalise(v) for v in value), key=self.items.index)
        if not self.least <= len(items) <= self.most:
            raise ValueError(f"{len(items)} {self.items.what}s given, {self._what()} expected")
        if not self.repeat and len(set(items)) != len(items):
            raise ValueError(f"the same {self.items.what} is given twice")
        return tuple(items)

    def format(self, value: Any) -> str:
        if not value:
            return ""
        text = " ".join(self.items.format(v) + self.mark for v in value)
        return f"{self.prefix} {text}" if self.prefix else text

    def parse(self, words: Sequence[str], start: int) -> tuple[Any, int]:
        absent = start >= len(words) or words[start].lower() != self.prefix
        if self.prefix and self.least == 0 and absent:
            return (), start
        out, i = _read_items(self, words, start)
        return self.normalise(out), i

    def __repr__(self) -> str:
        return f"Several({self.items!r}, {self.least}, {self.most})"


def _read_items(
    group: Several | Repeated, words: Sequence[str], start: int
) -> tuple[list[int], int]:
    """Read ``group``'s prefix word (if it has one), then ``least`` to ``most`` items,
    each perhaps with the group's mark; the items and the index after them."""
    i = start
    if group.prefix:
        if i >= len(words) or words[i].lower() != group.prefix:
            raise ValueError(f"expected {group.prefix!r}")
        i += 1
    out: list[int] = []
    while len(out) < group.most and i < len(words):
        word = words[i].removesuffix(group.mark) if group.mark else words[i]
        try:
            v, _ = group.items.parse([word], 0)
        except ValueError:
            if len(out) >= group.least:
                break
            raise
        out.append(v)
        i += 1
    if len(out) < group.least:
        raise ValueError(f"{group._what()} expected, {len(out)} given")
    return out, i


class Repeated:
    """One item written ``least`` to ``most`` times, as a tuple (``with 2s* 2s*``: two
    wild tiles of the one wild kind).

    >>> d = Repeated(Items("ab"), 1, 2)
    >>> [d.value(i) for i in range(d.size)]
    [(0,), (1,), (0, 0), (1, 1)]
    """

    def __init__(
        self, items: Items, least: int, most: int, *, prefix: str = "", mark: str = ""
    ) -> None:
        if least < 1:
            raise ValueError("Repeated needs at least one item")
        self.items = items
        self.least, self.most = least, most
        self.prefix, self.mark = prefix, mark
        self.size = items.size * (most - least + 1)

    def index(self, value: Any) -> int:
        if type(value) is not tuple or not self.least <= len(value) <= self.most:
            raise ValueError(f"{value!r} is not {self._what()}")
        positions = [self.items.index(v) for v in value]
        if any(p != positions[0] for p in positions):
            raise ValueError(f"{value!r} mixes different kinds")
        return (len(value) - self.least) * self.items.size + positions[0]

    def value(self, index: int) -> Any:
        k, i = divmod(index, self.items.size)
        return (self.items.value(i),) * (k + self.least)

    def _what(self) -> str:
        return f"{self.least}-{self.most} copies of one {self.items.what}"

    def normalise(self, value: Any) -> Any:
        if isinstance(value, str | bytes) or not isinstance(value, Iterable):
            raise ValueError(f"{value!r} is not {self._what()}")
        items = tuple(self.items.normalise(v) for v in value)
        self.index(items)
        return items

    def format(self, value: Any) -> str:
        text = " ".join(self.items.format(v) + self.mark for v in value)
        return f"{self.prefix} {text}" if self.prefix else text

    def parse(self, words: Sequence[str], start: int) -> tuple[Any, int]:
        out, i = _read_items(self, words, start)
        return self.normalise(out), i

    def __repr__(self) -> str:
        return f"Repeated({self.items!r}, {self.least}, {self.most})"


class Parts:
    """A tuple of parts, each from its own domain (a tile and a word; a tile and the
    wilds used).

    >>> d = Parts(Items("ab"), Word("x"))
    >>> d.size, d.value(1), d.format((1, "x"))
    (2, (1, 'x'), 'b x')
    """

    def __init__(self, *parts: Domain) -> None:
        self.parts = parts
        size = 1
        for p in parts:
            size *= p.size
        self.size = size

    def index(self, value: Any) -> int:
        if type(value) is not tuple or len(value) != len(self.parts):
            raise ValueError(f"{value!r} has not {len(self.parts)} parts")
        i = 0
        for part, v in zip(self.parts, value, strict=True):
            i = i * part.size + part.index(v)
        return i

    def value(self, index: int) -> Any:
        out = []
        for part in reversed(self.parts):
            index, r = divmod(index, part.size)
            out.append(part.value(r))
        return tuple(reversed(out))

    def normalise(self, value: Any) -> Any:
        if not isinstance(value, tuple | list) or len(value) != len(self.parts):
            raise ValueError(f"{value!r} has not {len(self.parts)} parts")
        return tuple(p.normalise(v) for p, v in zip(self.parts, value, strict=True))

    def format(self, value: Any) -> str:
        texts = (p.format(v) for p, v in zip(self.parts, value, strict=True))
        return " ".join(t for t in texts if t)

    def parse(self, words: Sequence[str], start: int) -> tuple[Any, int]:
        out = []
        i = start
        for p in self.parts:
            v, i = p.parse(words, i)
            out.append(v)
        return tuple(out), i

    def __repr__(self) -> str:
        return f"Parts{self.parts!r}"


class OneOf:
    """One of several shapes (a plain tile, or a tile with a declaration); indices
    run through the first shape, then the second. A value belongs to the first shape
    whose :meth:`normalise` accepts it.

    >>> d = OneOf(NOTHING, Items("ab"))
    >>> d.size, d.value(0), d.value(2), d.index(1)
    (3, None, 1, 2)
    """

    def __init__(self, *shapes: Domain) -> None:
        self.shapes = shapes
        self.size = sum(s.size for s in shapes)

    def _which(self, value: Any) -> tuple[int, Domain]:
        offset = 0
        for s in self.shapes:
            try:
                s.index(value)
            except ValueError:
                offset += s.size
                continue
            return offset, s
        raise ValueError(f"{value!r} is not a payload of this kind")

    def index(self, value: Any) -> int:
        offset, s = self._which(value)
        return offset + s.index(value)

    def value(self, index: int) -> Any:
        for s in self.shapes:
            if index < s.size:
                return s.value(index)
            index -= s.size
        raise ValueError("index out of range")

    def normalise(self, value: Any) -> Any:
        errors = []
        for s in self.shapes:
            try:
                return s.normalise(value)
            except ValueError as e:
                errors.append(str(e))
        # report what the simplest shape that can hold such a value found wrong
        if isinstance(value, tuple | list):
            raise ValueError(errors[-1])
        if value is not None and len(errors) > 1 and self.shapes[0] is NOTHING:
            raise ValueError(errors[1])
        raise ValueError(errors[0])

    def format(self, value: Any) -> str:
        _, s = self._which(value)
        return s.format(value)

    def parse(self, words: Sequence[str], start: int) -> tuple[Any, int]:
        # the shape that reads the most words wins (a tile plus a word beats a tile)
        best: tuple[Any, int] | None = None
        error: ValueError | None = None
        for s in self.shapes:
            try:
                got = s.parse(words, start)
            except ValueError as e:
                error = e
                continue
            if best is None or got[1] > best[1]:
                best = got
        if best is None:
            assert error is not None
            raise error
        return best

    def __repr__(self) -> str:
        return f"OneOf{self.shapes!r}"


class ActionSpace:
    """The kinds of one game in a fixed order, each with its payload :class:`Domain`.

    Index ``encode(action)`` runs through the first kind's payloads, then the second's;
    a game that adds kinds appends them, so the indices of the kinds before stay as they
    were. ``parse``/``format`` are the text form (``"discard 4p"``); ``normalise``
    checks an action offered by a caller and returns it in canonical form, raising
    :class:`MalformedAction` (an :class:`~parlour.core.errors.IllegalAction` and a
    ValueError) with the reason when it is malformed; ``encode`` and ``format`` take
    what it takes, as the canonical action. ``make`` builds the action objects (a game
    family may use its own subclass of :class:`Action`, for its ``str``).
    """

    def __init__(
        self,
        kinds: Iterable[tuple[str, Domain]],
        *,
        make: Callable[[str, Any], Action] = Action,
    ) -> None:
        self.kinds: dict[str, Domain] = {}
        self._offsets: dict[str, int] = {}
        self._order: list[tuple[int, str]] = []
        self.make = make
        self._texts: dict[Action, str] = {}
        size = 0
        for kind, domain in kinds:
            if kind in self.kinds:
                raise ValueError(f"the kind {kind!r} is declared twice")
            self.kinds[kind] = domain
            self._offsets[kind] = size
            self._order.append((size, kind))
            size += domain.size
        self.size = size

    def __contains__(self, kind: object) -> bool:
        return kind in self.kinds

    def __iter__(self) -> Iterator[Action]:
        for kind, domain in self.kinds.items():
            for i in range(domain.size):
                yield self.make(kind, domain.value(i))

    def extended(self, kinds: Iterable[tuple[str, Domain]]) -> ActionSpace:
        """This space with more kinds appended (a ruleset's own kinds)."""
        return ActionSpace([*self.kinds.items(), *kinds], make=self.make)

    def encode(self, action: Action) -> int:
        """The index of ``action``. What :meth:`normalise` takes is taken (a numpy
        integer where a number belongs, several items in any order), as the normal
        action it stands for; anything else is refused with :class:`MalformedAction`
        (a ValueError) naming what is wrong."""
        found = self._index(action)
        if found >= 0:
            return found
        normal = self.normalise(action)
        return self._offsets[normal[0]] + self.kinds[normal[0]].index(normal[1])

    def _index(self, action: Any) -> int:
        """The index of a normal ``action`` (the quick way), or -1."""
        if not isinstance(action, tuple):
            return -1
        if len(action) != 2 or type(action[0]) is not str:
            return -1
        domain = self.kinds.get(action[0])
        if domain is None:
            return -1
        try:
            return self._offsets[action[0]] + domain.index(action[1])
        except (ValueError, TypeError):
            return -1

    def decode(self, index: int) -> Action:
        """The action at ``index``."""
        i = as_int(index, "an action index")
        if not 0 <= i < self.size:
            raise ValueError(f"action index {index!r} is outside 0-{self.size - 1}")
        lo, kind = self._order[0]
        for offset, k in self._order:
            if offset > i:
                break
            lo, kind = offset, k
        return self.make(kind, self.kinds[kind].value(i - lo))

    def mask(self, legal: Iterable[Action]) -> list[bool]:
        """A list of ``size`` flags, True at the index of each legal action."""
        out = [False] * self.size
        for a in legal:
            out[self.encode(a)] = True
        return out

    def normalise(self, action: Any) -> Action:
        """``action`` checked and in canonical form, or IllegalAction saying why."""
        if not isinstance(action, tuple) or len(action) != 2:
            raise MalformedAction(f"not an action: {action!r}")
        kind, payload = action
        if type(kind) is not str:
            raise MalformedAction(f"an action's kind is a word such as 'discard', not {kind!r}")
        domain = self.kinds.get(kind)
        if domain is None:
            known = ", ".join(self.kinds)
            raise MalformedAction(f"unknown action kind {kind!r} (kinds: {known})")
        try:
            value = domain.normalise(payload)
        except (ValueError, TypeError) as e:
            raise MalformedAction(f"{kind}: {e}") from None
        return self.make(kind, value)

    def text(self, action: Action) -> str:
        """The text of a well-formed ``action`` (:meth:`format`, remembered)."""
        cache = self._texts
        got = cache.get(action)
        if got is None:
            got = cache[action] = self.format(action)
        return got

    def texts(self, actions: Iterable[Action]) -> list[str]:
        """The texts of well-formed ``actions`` (remembered)."""
        cache = self._texts
        out = []
        for a in actions:
            got = cache.get(a)
            if got is None:
                got = cache[a] = self.format(a)
            out.append(got)
        return out

    def format(self, action: Action) -> str:
        """The text of ``action``: of the normal action it stands for when
        :meth:`normalise` takes it (as :meth:`encode`), else :class:`MalformedAction`
        naming what is wrong."""
        if self._index(action) < 0:
            action = self.normalise(action)
        kind, payload = action
        text = self.kinds[kind].format(payload)
        return f"{kind} {text}" if text else kind

    def parse(self, text: str) -> Action:
        """Read an action from its text (``"discard 4p"``); NotationError if it cannot."""
        if not isinstance(text, str):
            raise NotationError(f"an action is text such as 'discard 4p', not {text!r}")
        words = text.split()
        if not words:
            raise NotationError("empty action", text)
        kind = words[0].lower()
        domain = self.kinds.get(kind)
        if domain is None:
            raise NotationError(
                f"unknown action {words[0]!r}", text, 0, detail=f"actions: {', '.join(self.kinds)}"
            )
        try:
            payload, end = domain.parse(words, 1)
        except ValueError as e:
            raise NotationError(f"cannot read the action {text!r}: {e}") from None
        if end != len(words):
            raise NotationError(
                f"cannot read the action {text!r}: unexpected {' '.join(words[end:])!r}"
            )
        return self.make(kind, payload)


def kinds_json(space: ActionSpace) -> list[dict[str, Any]]:
    """The kinds of a space with the first index of each and how many payloads it has
    (for documentation and clients that build masks).

    >>> kinds_json(ActionSpace([("pass", NOTHING), ("pick", Items("ab"))]))
    [{'kind': 'pass', 'first': 0, 'size': 1}, {'kind': 'pick', 'first': 1, 'size': 2}]
    """
    return [{"kind": k, "first": space._offsets[k], "size": d.size} for k, d in space.kinds.items()]


__all__ = [
    "NOTHING",
    "Action",
    "ActionSpace",
    "Domain",
    "Items",
    "MalformedAction",
    "OneOf",
    "Parts",
    "Repeated",
    "Several",
    "Word",
    "as_int",
    "kinds_json",
]

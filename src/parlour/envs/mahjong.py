"""Feature planes of a mahjong observation: :class:`MahjongEncoder`.

The encoder reads only what one seat observes: its observation dict (what
:meth:`parlour.mahjong.table.Table.observation` gives it: :meth:`MahjongEncoder.encode`,
the reference) or, quicker, the same tiles as the table holds them
(:meth:`parlour.mahjong.table.Table.tiles_seen`, written into the planes by the compiled
``_planes.fill``: :meth:`MahjongEncoder.encode_game`, the environments' path, tested
byte-identical to the reference at every state of seeded games); it writes a float32
array of shape ``(rows, 43)``: one column per tile kind (``0-8`` characters, ``9-17``
circles, ``18-26`` bamboos, ``27-30`` winds E S W N, ``31-33`` dragons C F P,
``34-41`` flowers and seasons, ``42`` the joker; see :mod:`parlour.mahjong.tiles`).
Seats are relative: block ``r`` is the seat ``r`` places after the observing one in
turn order (block 0 is the seat itself). The rows, in order (:meth:`channels` names
them):

======================= ====== =====================================================
channel                 rows   what it holds
======================= ====== =====================================================
``hand>=k``             4      the seat's concealed tiles: 1 where it holds at least
                               ``k`` of the kind (k = 1..4)
``melds@r``             S      tiles of seat r's melds, counted (wilds as their own
                               kind); concealed kongs too (they are the seat's own
                               or shown face down as the rules say)
``concealed_kongs@r``   S      tiles of seat r's concealed kongs (``{EEEE}``)
``river@r``             S      seat r's discards still lying in front of it
``discard@r.k``         S x D  seat r's k-th discard (k = 0..D-1, in the order they
                               were made, claimed ones included); the D-th row counts
                               every discard after the first D-1
``bonus@r``             S      seat r's flowers and seasons (and other tiles the rules
                               set aside as bonus)
``aside@r``             S      tiles seat r has set aside (where the rules do)
``shown@r``             S      seat r's hand when it is shown (a win, a disclosure)
``last_discard``        1      the last discard (one tile)
``window``              1      the tile a claim window is open on
``seat_wind``           1      the seat's wind (none for a table without winds)
``prevailing``          1      the prevailing wind (none when the game has none)
``state:<path>``        ...    tiles of the rule system's own state (the wild, the
                               indicator, the gold, tiles declared: one row by path
                               of ``ruleset_state``, learnt by the
                               :class:`~parlour.envs.encoding.Walker`)
scalars                 ...    ``wall`` (tiles left), ``hand_sizes/@r``, ``dealer@r``,
                               ``current@r``, ``discarder@r`` (one-hot by relative
                               seat), ``face_down_kongs@r`` (kongs another seat
                               holds face down: ``{????}``), ``phase=...``,
                               ``window_kind=...``, and the numbers of
                               ``ruleset_state`` and of the match (scores,
                               hand number) by path, ``43`` to a row
======================= ====== =====================================================

``S`` is the number of seats, ``D`` the discard planes per seat (``discards``, 24 by
default).

>>> from parlour.registry import find_system
>>> mcr = find_system("mcr")
>>> table = mcr.new_hand({}, seed=1)
>>> enc = MahjongEncoder(4, [(s, table.observation(s)) for s in range(4)])
>>> x = enc.encode(table.observation(0))
>>> x.shape == enc.shape, x.dtype.name, int(x[:4].sum()) == len(table.hands[0])
(True, 'float32', True)
>>> enc.channels()[:5]
['hand>=1', 'hand>=2', 'hand>=3', 'hand>=4', 'melds@0']
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from parlour.core.errors import NotationError
from parlour.core.game import check_seat
from parlour.core.match import Match
from parlour.envs.encoding import UNBOUNDED, Array, Parts, Walker, cached_reader
from parlour.mahjong.kernel import load_extension
from parlour.mahjong.melds import parse_meld
from parlour.mahjong.table import Table
from parlour.mahjong.tiles import NUM_TILES, WINDS, format_tiles, parse_tiles, plain_tiles

WIDTH = NUM_TILES
"""One column per tile kind."""

DISCARDS = 24
"""Discard planes per seat by default."""

_WIND_OF = {"ESWN"[i]: t for i, t in enumerate(WINDS)}
_KINDS = np.arange(4, dtype=np.int64)[:, None]


def _read_tiles(text: str) -> npt.NDArray[np.float32] | None:
    try:
        tiles = parse_tiles(text)
    except (NotationError, ValueError):
        return None
    if not tiles:
        return None
    return np.bincount(np.asarray(tiles, np.int64), minlength=WIDTH).astype(np.float32)


_tile_counts = cached_reader(_read_tiles)


@lru_cache(maxsize=1 << 16)
def _tile_order(text: str) -> tuple[int, ...]:
    """The tiles of ``text`` in the order written (a river, in discard order)."""
    return tuple(parse_tiles(text)) if text else ()


@lru_cache(maxsize=1 << 14)
def _meld_counts(text: str) -> tuple[npt.NDArray[np.float32], bool]:
    """The physical tiles of a meld, counted, and whether it is a concealed kong."""
    meld = parse_meld(text)
    tiles = list(meld.tiles)
    for physical, stands_for in meld.wilds:
        tiles.remove(stands_for)
        tiles.append(physical)
    counts = np.bincount(np.asarray(tiles, np.int64), minlength=WIDTH).astype(np.float32)
    return counts, meld.kind == "kong" and not meld.exposed


def _tiles_of(text: str) -> bytes | list[int]:
    """The tiles of ``text`` (none when it is not tiles)."""
    fast = plain_tiles(text)
    if fast is not None:
        return fast
    try:
        return parse_tiles(text)
    except (NotationError, ValueError):
        return []


@lru_cache(maxsize=1 << 10)
def _single(text: str) -> int | None:
    """The kind of ``text`` when it is one tile in plain notation (else None)."""
    codes = plain_tiles(text)
    return codes[0] if codes is not None and len(codes) == 1 else None


class _Planes(Protocol):
    """The compiled parts of the encoder (``_planes.c``)."""

    def count_into(self, out: Array, positions: bytes | bytearray, /) -> None: ...

    def fill(
        self,
        out: Array,
        layout: tuple[int, ...],
        seat: int,
        positions: bytes | bytearray,
        hand: list[int] | None,
        hands: list[list[int]] | None,
        wall: int | None,
        rivers: list[list[int]] | None,
        discarded: list[list[int]] | None,
        bonus: list[list[int]] | None,
        aside: list[list[int]] | None,
        shown: list[list[int] | None] | None,
        /,
    ) -> None: ...


def _load_planes() -> _Planes | None:
    planes = load_extension("parlour.envs._planes")
    if planes is None:
        return None
    ready: _Planes = planes
    return ready


_PLANES = _load_planes()
"""The compiled counter, or None on the pure path (or where it is not built)."""

_LONGEST = 512
"""More discards than any seat makes in a hand (the order planes' last row counts the rest)."""

_REPEATED = 256
"""A number of the rule system's state up to this is counted as that many positions."""

_KEPT = 1 << 16
"""How many texts an encoder keeps read (forgotten all at once when full)."""


def _counts(text: str | None) -> npt.NDArray[np.float32] | None:
    return _tile_counts(text) if text else None


def _seat_part(observation: Mapping[str, Any]) -> dict[str, Any]:
    """The part of an observation the walker reads: the rule system's state, the
    match, and the few numbers and words every table shows."""
    window = observation.get("window")
    return {
        "ruleset_state": observation.get("ruleset_state"),
        "match": observation.get("match"),
        "phase": observation.get("phase"),
        "window_kind": window.get("kind") if window else None,
        "wall": observation.get("wall"),
        "hand_sizes": observation.get("hand_sizes"),
    }


class MahjongEncoder:
    """The feature planes of a mahjong observation (see the module docstring) at a
    table of ``seats`` seats; ``samples`` are (seat, observation) pairs from seeded
    games the layout of the rule system's own state is learnt from; ``discards`` the
    discard planes per seat."""

    width = WIDTH

    def __init__(
        self,
        seats: int,
        samples: Iterable[tuple[int, Mapping[str, Any]]],
        *,
        discards: int = DISCARDS,
    ) -> None:
        self.seats = S = seats
        self.discards = D = max(1, discards)
        self.walker = Walker(seats, _counts, WIDTH, ((s, _seat_part(o)) for s, o in samples))
        names = [f"hand>={k}" for k in range(1, 5)]
        names += [f"melds@{r}" for r in range(S)]
        names += [f"concealed_kongs@{r}" for r in range(S)]
        names += [f"river@{r}" for r in range(S)]
        names += [f"discard@{r}.{k}" for r in range(S) for k in range(D)]
        for part in ("bonus", "aside", "shown"):
            names += [f"{part}@{r}" for r in range(S)]
        names += ["last_discard", "window", "seat_wind", "prevailing"]
        self._rows = {n: i for i, n in enumerate(names)}
        self._walked = len(names)
        names += [f"state:{p}" for p in self.walker.piece_names]
        names += [f"scalars.{i}" for i in range(self.walker.scalar_rows)]
        self._names = names
        self.shape = (len(names), WIDTH)
        """The shape of every encoded observation."""
        self._scalar_row = self._walked + len(self.walker.piece_names)
        self._hand = self._rows["hand>=1"]
        self._melds = self._rows["melds@0"]
        self._kongs = self._rows["concealed_kongs@0"]
        self._river = self._rows["river@0"]
        self._discard = self._rows["discard@0.0"]
        self._bonus = self._rows["bonus@0"]
        self._aside = self._rows["aside@0"]
        self._shown = self._rows["shown@0"]
        self._last = self._rows["last_discard"]
        self._window = self._rows["window"]
        self._wind = self._rows["seat_wind"]
        self._prevailing = self._rows["prevailing"]
        extra = [
            f"{what}@{r}"
            for what in ("dealer", "current", "discarder", "face_down_kongs")
            for r in range(S)
        ]
        self.scalar_names = [*self.walker.scalar_names, *extra]
        """The scalars, in the order they fill the scalar rows."""
        total = len(self.scalar_names)
        self._extra_rows = -(-total // WIDTH) - self.walker.scalar_rows
        self._names += [f"scalars.{self.walker.scalar_rows + i}" for i in range(self._extra_rows)]
        self.shape = (len(self._names), WIDTH)
        self._extra = len(self.walker.scalar_names)
        self.low = np.zeros(self.shape, np.float32)
        self.high = np.full(self.shape, UNBOUNDED, np.float32)
        self.low[self._scalar_row :] = -UNBOUNDED
        self._size = self.shape[0] * WIDTH
        self._extra_at = self._scalar_row * WIDTH + self._extra
        self._word = [i.to_bytes(4, sys.byteorder, signed=True) for i in range(self._size)]
        self._store: dict[Any, bytes] = {}
        hand = self._hand * WIDTH
        self._copies = [  # the hand planes of k copies of a kind (a fifth and more: as four)
            [
                b"".join(self._word[hand + j * WIDTH + t] for j in range(min(k, 4)))
                for k in range(20)
            ]
            for t in range(WIDTH)
        ]
        walker = self.walker
        phase, kind = walker.slots(("phase",)), walker.slots(("window_kind",))
        wall = walker.slots(("wall",))
        self._sizes = walker.seat_slots(("hand_sizes",))
        if phase is None or kind is None or wall is None or phase[0] is not None:
            self._sizes = None  # not the plain layout: the walker reads these fields
        self._phases = phase[1] if phase else {}
        self._kinds = kind[1] if kind else {}
        self._wall = wall[0] if wall else None
        self._order_rows = [
            [(self._discard + r * D + min(k, D - 1)) * WIDTH for k in range(_LONGEST)]
            for r in range(S)
        ]
        first = self._scalar_row * WIDTH
        sizes = self._sizes or [None] * S
        self._layout = (  # the compiled part's layout (see _planes.c: fill)
            WIDTH,
            S,
            D,
            _LONGEST,
            *(
                self._rows[n] * WIDTH
                for n in ("hand>=1", "river@0", "discard@0.0", "bonus@0", "aside@0", "shown@0")
            ),
            -1 if self._wall is None else first + self._wall,
            *(-1 if slot is None else first + slot for slot in sizes),
        )

    def channels(self) -> list[str]:
        """The name of every row, in order (see the module docstring)."""
        return list(self._names)

    def decode(self, planes: Array) -> dict[str, str]:
        """The tiles of every tile row of ``planes`` as notation, by channel (the
        scalar rows left out): what a leak check reads.

        >>> from parlour.registry import find_system
        >>> table = find_system("mcr").new_hand({}, seed=1)
        >>> enc = MahjongEncoder(4, [])
        >>> enc.decode(enc.encode(table.observation(0)))["hand>=1"]
        '1389m 349p 2459s'
        """
        out: dict[str, str] = {}
        for name, row in zip(self._names[: self._scalar_row], planes, strict=False):
            kinds = np.flatnonzero(row)
            tiles = [int(t) for t in kinds for _ in range(int(row[t]))]
            out[name] = format_tiles(tiles)
        return out

    def encode(self, observation: Mapping[str, Any], out: Array | None = None) -> Array:
        """The planes of ``observation`` (one seat's), written into ``out`` when given.

        Every tile row is written at once: each text of the observation (a hand, a
        meld, a river) is read once into the flat positions of its tiles in the planes
        (kept for the next observation that shows it), the positions of the whole
        observation are joined and counted in one pass.

        >>> from parlour.registry import find_system
        >>> table = find_system("mcr").new_hand({}, seed=1)
        >>> enc = MahjongEncoder(4, [])
        >>> x = enc.encode(table.observation(1))
        >>> y = np.ones(enc.shape, np.float32)
        >>> bool((enc.encode(table.observation(1), y) == x).all())
        True
        """
        S = self.seats
        seat = observation["seat"]
        buf = bytearray()
        hand = observation.get("hand")
        if hand:
            found = self._store.get(hand)
            buf += found if found is not None else self._hand_at(hand)
        melds, rivers, orders = (
            observation["melds"],
            observation["discards"],
            observation["discarded"],
        )
        bonus, aside = observation.get("bonus"), observation.get("aside")
        shown = observation.get("public_hands")
        store = self._store
        for s in range(S):  # a seat's public tiles change only when it moves: kept whole
            key = (
                (s - seat) % S,
                rivers[s],
                orders[s],
                bonus[s] if bonus else None,
                aside[s] if aside else None,
                shown[s] if shown else None,
                *melds[s],
            )
            found = store.get(key)
            buf += found if found is not None else self._seat_at(key)
        word = self._word
        extra = self._extra_at
        last = observation.get("last_discard")
        if last:
            buf += self._first_at(last["tile"], self._last)
            buf += word[extra + 2 * S + (last["seat"] - seat) % S]
        window = observation.get("window")
        if window and window.get("tile"):
            buf += self._first_at(window["tile"], self._window)
        buf += self._winds_at(observation.get("seat_name"), observation.get("prevailing"))
        for i, part in enumerate(("dealer", "current")):
            value = observation.get(part)
            if isinstance(value, int):
                buf += word[extra + i * S + (value - seat) % S]
        first = self._scalar_row * WIDTH
        parts = self._plain(
            seat,
            observation.get("phase"),
            window.get("kind") if window else None,
            observation.get("wall"),
            observation.get("hand_sizes"),
            observation.get("ruleset_state"),
            observation.get("match"),
        )
        if parts is None:
            parts = self.walker.parts(seat, _seat_part(observation))
        pieces, scalars, flags = parts
        for slot in flags:
            buf += word[first + slot]
        later = []
        for slot, value in scalars:  # a small count is that many positions
            if type(value) is int and 0 <= value <= _REPEATED:
                buf += word[first + slot] * value
            else:
                later.append((slot, value))
        if _PLANES is not None and (out is None or out.flags.c_contiguous):
            if out is None:
                out = np.zeros(self.shape, np.float32)
            else:
                out.fill(0.0)
            _PLANES.count_into(out, buf)  # the compiled twin of the bincount below
        else:
            counts = np.bincount(np.frombuffer(buf, np.int32), minlength=self._size)
            if out is None:
                out = counts.astype(np.float32).reshape(self.shape)
            else:
                out[...] = counts.reshape(self.shape)
        if pieces or later:
            for row, tiles in pieces:
                out[self._walked + row] += tiles
            flat = out[self._scalar_row :].reshape(-1)
            for slot, value in later:
                flat[slot] += value
        return out

    def encode_game(self, game: Any, seat: int, out: Array | None = None) -> Array | None:
        """The planes of ``seat``'s observation of ``game`` read from the table itself
        (:meth:`~parlour.mahjong.table.Table.tiles_seen`: tile numbers, no notation
        written and read back) and written by the compiled part, into ``out`` when
        given: the same array as ``encode(game.observation(seat))``. None where this
        path does not go (the pure path, a game that is not a table or a match of
        tables, a layout the walker reads): the caller encodes the observation then.

        >>> from parlour.registry import find_system
        >>> table = find_system("mcr").new_hand({}, seed=1)
        >>> enc = MahjongEncoder(4, [])
        >>> x = enc.encode_game(table, 2)
        >>> x is None or bool((x == enc.encode(table.observation(2))).all())
        True
        """
        planes = _PLANES
        if (
            planes is None
            or self._sizes is None
            or (
                out is not None
                and (
                    not out.flags.c_contiguous or out.shape != self.shape or out.dtype != np.float32
                )
            )
        ):
            return None
        match = None
        if type(seat) is not int:
            seat = check_seat(seat, self.seats)
        if type(game) is not Table:
            if not isinstance(game, Match) or type(game).observation is not Match.observation:
                return None
            inner = game.game
            if type(inner) is not Table:
                return None
            seat = check_seat(seat, game.num_seats)
            match, game = game.match_view(), inner
        table: Table = game
        if table.num_seats != self.seats:
            return None
        hand, melds, rivers, orders, bonus, aside, shown, last, window = table.tiles_seen(seat)
        phase, kind = table.phase, None if window is None else window[0]
        wall = table.wall.live()
        if type(phase) is not str or not (kind is None or type(kind) is str) or wall > _REPEATED:
            return None  # not the plain values: the reference path reads them
        word = self._word
        store = self._store
        key = ("fixed", seat, phase, kind, table.dealer, table.current, table.prevailing)
        found = store.get(key)  # what changes seldom: the flags, the seats by role, winds
        buf = bytearray(found if found is not None else self._fixed_at(key, table))
        if last is not None:
            buf += word[self._last * WIDTH + last[1]]
            buf += word[self._extra_at + 2 * self.seats + (last[0] - seat) % self.seats]
        if window is not None and window[1]:
            buf += self._first_at(window[1], self._window)
        if any(melds):
            seen = ("melds", seat, *melds)
            found = store.get(seen)
            buf += found if found is not None else self._melds_at(seen)
        state = table._ruleset_state(seat) if table._asks_observe else None
        later: list[tuple[int, Any]] = []
        pieces: list[tuple[int, Any]] = []
        if state or match:
            first = self._scalar_row * WIDTH
            pieces, numbers, flags = self.walker.parts(
                seat, {"ruleset_state": state, "match": match}
            )
            for slot in flags:
                buf += word[first + slot]
            for slot, value in numbers:  # a small count is that many positions
                if type(value) is int and 0 <= value <= _REPEATED:
                    buf += word[first + slot] * value
                else:
                    later.append((slot, value))
        if out is None:
            out = np.empty(self.shape, np.float32)
        planes.fill(
            out,
            self._layout,
            seat,
            buf,
            hand,
            table.hands,
            wall,
            rivers,
            orders,
            bonus,
            aside,
            shown,
        )
        if pieces or later:
            for row, tiles in pieces:
                out[self._walked + row] += tiles
            flat = out[self._scalar_row :].reshape(-1)
            for slot, value in later:
                flat[slot] += value
        return out

    def _fixed_at(self, key: tuple[Any, ...], table: Table) -> bytes:
        """The positions of what ``table`` shows a seat that changes seldom (``key``:
        ``"fixed"``, the seat, the phase, the window's kind, the dealer, the seat at
        turn, the prevailing wind): the phase's and the kind's flags, the seats by role,
        the winds (the seat's: the same at every table of the rule system with that
        dealer)."""
        seat, phase, kind, dealer, current = key[1:6]
        seat_name, prevailing = table.seat_name(seat), table._prevailing_seen()
        S = self.seats
        word, extra = self._word, self._extra_at
        first = self._scalar_row * WIDTH
        out = b""
        for value, categories in ((phase, self._phases), (kind, self._kinds)):
            slot = categories.get(value) if value else None
            if slot is not None:
                out += word[first + slot]
        out += self._winds_at(seat_name, prevailing)
        out += word[extra + (dealer - seat) % S]
        out += word[extra + S + (current - seat) % S]
        return self._keep(key, out)

    def _melds_at(self, key: tuple[Any, ...]) -> bytes:
        """The positions of every seat's melds (``key``: ``"melds"``, the observing seat,
        then the melds by seat as it sees them)."""
        seat, melds = key[1], key[2:]
        S = self.seats
        out = b"".join([self._meld_at(text, (s - seat) % S) for s in range(S) for text in melds[s]])
        return self._keep(key, out)

    def _plain(
        self,
        seat: int,
        phase: Any,
        kind: Any,
        wall: Any,
        sizes: Any,
        state: Any,
        match: Any,
    ) -> Parts | None:
        """What the walker would read of the phase, the window's kind, the wall, the
        hand sizes (fields every table shows, read at their precompiled slots), the rule
        system's state and the match (walked): (pieces by row, numbers by slot, category
        slots); None when the layout or the values of the first four are not the plain
        ones (the walker reads them then)."""
        if self._sizes is None:
            return None
        if (
            not (phase is None or type(phase) is str)
            or not (kind is None or type(kind) is str)
            or not (wall is None or type(wall) is int)
            or not (sizes is None or type(sizes) is list)
            or (sizes and not all(v is None or type(v) is int for v in sizes))
        ):
            return None
        flags = set()
        for value, categories in ((phase, self._phases), (kind, self._kinds)):
            if value:
                slot = categories.get(value)
                if slot is not None:
                    flags.add(slot)
        scalars: list[tuple[int, float]] = []
        if wall is not None and self._wall is not None:
            scalars.append((self._wall, wall))
        if sizes:
            S, slots = self.seats, self._sizes
            scalars += [
                (slot, v)
                for i, v in enumerate(sizes)
                if v is not None and (slot := slots[(i - seat) % S]) is not None
            ]
        if state or match:
            pieces, more, also = self.walker.parts(seat, {"ruleset_state": state, "match": match})
            return pieces, scalars + more, flags | also
        return [], scalars, flags

    # -- the flat positions of texts (each read once, then kept) ---------------------------

    def _keep(self, key: Any, found: bytes) -> bytes:
        store = self._store
        if len(store) >= _KEPT:
            store.clear()
        store[key] = found
        return found

    def _seat_at(self, key: tuple[Any, ...]) -> bytes:
        """The public tiles of the seat ``key`` describes: (relative seat, river, discards
        in order, bonus, aside, shown hand, melds…)."""
        r, river, order, bonus, aside, shown, *melds = key
        out = b"".join([self._meld_at(text, r) for text in melds])
        for text, row in ((river, self._river), (bonus, self._bonus), (aside, self._aside)):
            if text:
                out += self._at(text, row + r)
        if shown:
            out += self._at(shown, self._shown + r)
        if order:
            out += self._order_at(order, r)
        return self._keep(key, out)

    def _at(self, text: str, row: int) -> bytes:
        """The tiles of ``text`` at ``row`` (nothing when it is not tiles)."""
        found = self._store.get((text, row))
        if found is not None:
            return found
        word = self._word
        base = row * WIDTH
        head, _, tail = text.rpartition(" ")  # a river grows a tile at a time
        if head:
            before = self._store.get((head, row))
            kind = _single(tail)
            if before is not None and kind is not None:
                return self._keep((text, row), before + word[base + kind])
        return self._keep((text, row), b"".join([word[base + t] for t in _tiles_of(text)]))

    def _first_at(self, text: str, row: int) -> bytes:
        """The first tile of ``text`` at ``row``."""
        key = ("first", text, row)
        found = self._store.get(key)
        if found is not None:
            return found
        return self._keep(key, self._word[row * WIDTH + parse_tiles(text)[0]])

    def _hand_at(self, text: str) -> bytes:
        """The hand planes of ``text``: a tile's k-th copy at row ``hand>=k``."""
        found = self._store.get(text)
        if found is not None:
            return found
        tiles = _tiles_of(text)
        copies = self._copies
        return self._keep(text, b"".join([copies[t][tiles.count(t)] for t in set(tiles)]))

    def _meld_at(self, text: str, r: int) -> bytes:
        """A meld of relative seat ``r``: its tiles at ``melds@r`` (and at
        ``concealed_kongs@r`` for a concealed kong), or one at ``face_down_kongs@r``."""
        found = self._store.get((text, -1 - r))
        if found is not None:
            return found
        if "?" in text:  # a kong shown face down: which tiles is not seen
            return self._keep((text, -1 - r), self._word[self._extra_at + 3 * self.seats + r])
        counts, concealed = _meld_counts(text)
        tiles = [int(t) for t in np.flatnonzero(counts) for _ in range(int(counts[t]))]
        out = b"".join([self._word[(self._melds + r) * WIDTH + t] for t in tiles])
        if concealed:
            out += b"".join([self._word[(self._kongs + r) * WIDTH + t] for t in tiles])
        return self._keep((text, -1 - r), out)

    def _order_at(self, text: str, r: int) -> bytes:
        """The discards of relative seat ``r`` in order: the k-th at ``discard@r.k``,
        every one after the first D-1 at the last."""
        key = ("order", text, r)
        found = self._store.get(key)
        if found is not None:
            return found
        word, rows = self._word, self._order_rows[r]
        head, _, tail = text.rpartition(" ")  # the discards grow a tile at a time
        if head:
            before = self._store.get(("order", head, r))
            kind = _single(tail)
            if before is not None and kind is not None:
                return self._keep(key, before + word[rows[len(before) // 4] + kind])
        found = b"".join([word[at + t] for at, t in zip(rows, _tile_order(text), strict=False)])
        return self._keep(key, found)

    def _winds_at(self, seat_name: str | None, prevailing: str | None) -> bytes:
        """The seat's wind and the prevailing wind (the same few pairs every game)."""
        key = ("winds", seat_name, prevailing)
        found = self._store.get(key)
        if found is not None:
            return found
        words = b""
        wind = _WIND_OF.get(seat_name or "")
        if wind is not None:
            words += self._word[self._wind * WIDTH + wind]
        wind = _WIND_OF.get(prevailing or "")
        if wind is not None:
            words += self._word[self._prevailing * WIDTH + wind]
        return self._keep(key, words)


def make_encoder(
    seats: int, samples: Iterable[tuple[int, Mapping[str, Any]]], **how: Any
) -> MahjongEncoder:
    """The encoder of a mahjong rule system's observations (the family's hook).

    >>> make_encoder(3, []).shape[1]
    43
    """
    return MahjongEncoder(seats, samples, **how)


__all__ = ["DISCARDS", "WIDTH", "MahjongEncoder", "make_encoder"]

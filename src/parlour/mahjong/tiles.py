"""Tiles, tile notation and tile-set compositions.

A tile is a small int (its *kind*; the four copies of a kind are not told apart):

====== ===========================================
0–8    characters 1m–9m
9–17   circles (dots) 1p–9p
18–26  bamboos 1s–9s
27–30  winds E S W N
31–33  dragons C F P (red, green, white)
34–37  flowers f1–f4
38–41  seasons x1–x4
42     joker J
====== ===========================================

The notation groups numbered tiles before their suit letter and writes honours and
bonus tiles one by one; spaces between groups are optional:

>>> parse_tiles("123m 456p 789s EEE CC")
[0, 1, 2, 12, 13, 14, 24, 25, 26, 27, 27, 27, 31, 31]
>>> format_tiles(parse_tiles("123m456p789sEEECC"))
'123m 456p 789s EEE CC'
>>> format_tiles(parse_tiles("f1 x3 J 5p"), style="gb")
'B5 H1 H7 J'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal, Protocol, TypeVar

from parlour.core.errors import NotationError
from parlour.mahjong.kernel import load_extension

Tile = int
"""A tile kind: an int from 0 to 42 (see the module docstring)."""

NUM_KINDS = 34
"""Number of playing-tile kinds (suits and honours); bonus tiles and the joker follow."""
NUM_TILES = 43
"""Number of tile kinds of every sort, joker included."""

SUITS = "mps"
HONOR_LETTERS = "ESWNCFP"

EAST, SOUTH, WEST, NORTH = 27, 28, 29, 30
RED, GREEN, WHITE = 31, 32, 33
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (RED, GREEN, WHITE)
HONORS = WINDS + DRAGONS
FLOWERS = (34, 35, 36, 37)
SEASONS = (38, 39, 40, 41)
BONUS_TILES = FLOWERS + SEASONS
JOKER = 42

TERMINALS = (0, 8, 9, 17, 18, 26)
TERMINALS_AND_HONORS = TERMINALS + HONORS
"""The thirteen kinds of Thirteen Orphans."""


def is_suited(tile: Tile) -> bool:
    """True for a numbered tile (characters, circles or bamboos)."""
    return 0 <= tile < 27


def is_honor(tile: Tile) -> bool:
    """True for a wind or a dragon."""
    return 27 <= tile < 34


def is_terminal(tile: Tile) -> bool:
    """True for a 1 or a 9 of a suit."""
    return tile < 27 and tile % 9 in (0, 8)


def is_bonus(tile: Tile) -> bool:
    """True for a flower or a season."""
    return 34 <= tile < 42


def suit_of(tile: Tile) -> str:
    """The suit letter ``m``, ``p`` or ``s`` of a numbered tile, ``z`` for an honour.

    >>> suit_of(13), suit_of(RED)
    ('p', 'z')
    """
    if tile < 27:
        return SUITS[tile // 9]
    if tile < 34:
        return "z"
    raise ValueError(f"tile {tile} has no suit")


def rank_of(tile: Tile) -> int:
    """The number 1–9 of a numbered tile.

    >>> rank_of(13)
    5
    """
    if tile >= 27:
        raise ValueError(f"tile {tile} is not a numbered tile")
    return tile % 9 + 1


def tile_name(tile: Tile) -> str:
    """The notation of one tile.

    >>> [tile_name(t) for t in (0, 13, 26, EAST, WHITE, 34, 41, JOKER)]
    ['1m', '5p', '9s', 'E', 'P', 'f1', 'x4', 'J']
    """
    return _NAMES[tile]


def tile_from_name(name: str) -> Tile:
    """The tile written ``name`` (one tile only).

    >>> tile_from_name("7s"), tile_from_name("N"), tile_from_name("x2")
    (24, 30, 39)
    """
    try:
        return _BY_NAME[name]
    except (KeyError, TypeError):
        raise NotationError(f"not a tile: {name!r}", str(name), None) from None


_NAMES: tuple[str, ...] = (
    tuple(f"{r}{s}" for s in SUITS for r in range(1, 10))
    + tuple(HONOR_LETTERS)
    + tuple(f"f{i}" for i in range(1, 5))
    + tuple(f"x{i}" for i in range(1, 5))
    + ("J",)
)
_BY_NAME = {n: i for i, n in enumerate(_NAMES)}
TILES_BY_NAME: Mapping[str, Tile] = MappingProxyType(_BY_NAME)
"""Each tile by its name (``"9s"``, ``"C"``, ``"f1"``, ``"J"``): :func:`tile_from_name`
without the error, for a reader that has its own."""

# Unicode Mahjong Tiles block: winds and dragons first, then characters, bamboos, circles,
# flowers, seasons, joker.
_GLYPHS: tuple[str, ...] = (
    tuple(chr(0x1F007 + r) for r in range(9))  # characters
    + tuple(chr(0x1F019 + r) for r in range(9))  # circles
    + tuple(chr(0x1F010 + r) for r in range(9))  # bamboos
    + tuple(chr(0x1F000 + i) for i in range(4))  # winds E S W N
    + (chr(0x1F004), chr(0x1F005), chr(0x1F006))  # red, green, white
    + tuple(chr(0x1F022 + i) for i in range(4))  # flowers
    + tuple(chr(0x1F026 + i) for i in range(4))  # seasons
    + (chr(0x1F02A),)  # joker
)
_BY_GLYPH = {g: i for i, g in enumerate(_GLYPHS)}
_VARIATION_SELECTORS = "\ufe0e\ufe0f"
_SEPARATORS = " \t\n,"

# The notation of PyMahjongGB: W characters, B circles, T bamboos, F winds, J dragons,
# H flowers (H1–H4) and seasons (H5–H8).
_GB_NAMES: tuple[str, ...] = (
    tuple(f"W{r}" for r in range(1, 10))
    + tuple(f"B{r}" for r in range(1, 10))
    + tuple(f"T{r}" for r in range(1, 10))
    + tuple(f"F{i}" for i in range(1, 5))
    + tuple(f"J{i}" for i in range(1, 4))
    + tuple(f"H{i}" for i in range(1, 9))
    + ("J",)
)
_BY_GB_NAME = {n: i for i, n in enumerate(_GB_NAMES)}


def gb_name(tile: Tile) -> str:
    """The PyMahjongGB name of a tile (``W1``…``T9``, ``F1``–``F4``, ``J1``–``J3``, ``H1``–``H8``).

    >>> gb_name(0), gb_name(WHITE)
    ('W1', 'J3')
    """
    return _GB_NAMES[tile]


# ---------------------------------------------------------------------------------------
# Parsing


@dataclass(frozen=True, slots=True)
class ScannedTile:
    """One tile read from notation: its kind, where it was written and whether a ``*``
    marked it as a physical tile used as a wild."""

    tile: Tile
    position: int
    wild_mark: bool = False


def scan_tiles(text: str, *, allow_wild_marks: bool = True) -> list[ScannedTile]:
    """Read tile notation into tiles with their positions (the parser behind every other).

    Groups: digits then a suit letter (``123m``), honour letters (``E S W N C F P``),
    ``f`` or ``x`` then digits 1–4 (``f12`` is f1 and f2), ``J`` for a joker, and the
    Unicode Mahjong Tiles glyphs (🀇, 🀄 or 🀄️). A ``*`` after a digit, an honour, a joker,
    a glyph or a one-digit group marks that tile as wild. Whitespace and commas separate
    groups and are otherwise ignored.

    >>> [(s.tile, s.wild_mark) for s in scan_tiles("12*3m P*")]
    [(0, False), (1, True), (2, False), (33, True)]
    """
    if type(text) is str:
        plain = _scanned_plain(text)
        if plain is not None:
            return plain
    if not isinstance(text, str):
        raise NotationError(f"tile notation must be a string, not {type(text).__name__}", "")
    out: list[ScannedTile] = []
    pending: list[list[int | bool]] = []  # [rank, position, wild_mark] waiting for a suit
    last_group_len = 0
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch in _SEPARATORS:
            if pending:
                raise NotationError(
                    "numbers without a suit letter",
                    text,
                    int(pending[0][1]),
                )
            i += 1
            continue
        if "1" <= ch <= "9":
            pending.append([int(ch), i, False])
            i += 1
            continue
        if ch == "0":
            raise NotationError("unexpected character '0'", text, i)
        if ch == "*":
            if not allow_wild_marks:
                raise NotationError("wild mark '*' is not allowed here", text, i)
            if pending:
                if pending[-1][2]:
                    raise NotationError("double wild mark", text, i)
                pending[-1][2] = True
                i += 1
                continue
            prev = text[i - 1] if i > 0 else ""
            if not out or not prev or prev in _SEPARATORS:
                raise NotationError("wild mark '*' does not follow a tile", text, i)
            last = out[-1]
            if prev == "*" or (prev in SUITS and last_group_len == 1 and last.wild_mark):
                raise NotationError("double wild mark", text, i)
            if prev in SUITS and last_group_len != 1:
                raise NotationError(
                    "ambiguous wild mark",
                    text,
                    i,
                    detail="put '*' after the digit it marks",
                )
            # The tile just read: a one-digit suited group, an honour, a joker, a glyph
            # (perhaps with its variation selector) or the last digit of a bonus group.
            out[-1] = ScannedTile(last.tile, last.position, True)
            i += 1
            continue
        if ch in SUITS:
            if not pending:
                raise NotationError(
                    f"suit letter '{ch}' has no numbers before it",
                    text,
                    i,
                )
            base = SUITS.index(ch) * 9
            for rank, pos, mark in pending:
                out.append(ScannedTile(base + int(rank) - 1, int(pos), bool(mark)))
            last_group_len = len(pending)
            pending.clear()
            i += 1
            continue
        if pending:
            raise NotationError(
                f"unexpected character {ch!r}",
                text,
                i,
                detail="numbers must end with a suit letter m, p or s",
            )
        if ch in HONOR_LETTERS:
            out.append(ScannedTile(27 + HONOR_LETTERS.index(ch), i))
            i += 1
            continue
        if ch == "J":
            out.append(ScannedTile(JOKER, i))
            i += 1
            continue
        if ch in "fx":
            base = 34 if ch == "f" else 38
            j = i + 1
            if j >= n or not ("0" <= text[j] <= "9"):
                raise NotationError(
                    f"'{ch}' must be followed by a number 1-4",
                    text,
                    i,
                )
            while j < n and "0" <= text[j] <= "9":
                if not ("1" <= text[j] <= "4"):
                    raise NotationError(
                        f"bonus tile number {text[j]!r} is not 1-4",
                        text,
                        j,
                    )
                # the first tile of the group starts at its letter (f1), the others at
                # their digit (the 2 of f12)
                out.append(ScannedTile(base + int(text[j]) - 1, i if j == i + 1 else j))
                j += 1
            i = j
            continue
        if ch in _BY_GLYPH:
            out.append(ScannedTile(_BY_GLYPH[ch], i))
            i += 1
            if i < n and text[i] in _VARIATION_SELECTORS:
                i += 1  # 🀄️: emoji or text presentation of the glyph before it
            continue
        # Name non-ASCII characters by code point too: many look like nothing or like
        # something else (U+FE0F, a full-width digit, a no-break space).
        raise NotationError(
            f"unexpected character {ch!r}",
            text,
            i,
            detail=f"U+{ord(ch):04X}" if ord(ch) > 127 else "",
        )
    if pending:
        raise NotationError(
            "numbers without a suit letter",
            text,
            int(pending[0][1]),
        )
    return out


def parse_tiles(text: str, *, tile_set: TileSet | None = None) -> list[Tile]:
    """Parse tile notation into a list of tiles, in the order written.

    Raises :class:`NotationError` naming the offending character and its position, or
    the tile written more often than the tile set holds (four of each playing tile and
    one of each bonus tile in the default 144-tile set plus jokers).

    >>> parse_tiles("19m19p19s ESWNCFP P")
    [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33, 33]
    >>> parse_tiles("11111m")
    Traceback (most recent call last):
    ...
    parlour.core.errors.NotationError: 5 copies of 1m at position 4 in '11111m' (the tile set ...
    """
    if type(text) is str:
        fast = plain_tiles(text, tile_set)
        if fast is not None:
            return list(fast)
    scanned = scan_tiles(text, allow_wild_marks=False)
    tiles = [s.tile for s in scanned]
    check_counts(scanned, text, tile_set)
    return tiles


# ---------------------------------------------------------------------------------------
# The plain scanner: notation without wild marks or glyphs read to tile codes at once


def plain_tiles(
    text: str, tile_set: TileSet | None = None, *, counted: bool = True
) -> bytes | None:
    """The tiles of plain notation, one byte per tile (its kind), in the order written:
    suited groups, honour letters, ``J`` and bonus groups, with separators; None for
    anything else (wild marks, glyphs, bad notation) and for a tile written more often
    than ``tile_set`` (default: :data:`TILES_ALL`) holds, which :func:`parse_tiles`
    then reads (and names) on the full scanner; with ``counted=False`` the counts are
    not checked (as :func:`scan_tiles` does not). No object is built per tile: the
    compiled scanner (``_notation.c``) reads the text at once, or, on the pure path, each
    group (the parts between spaces) is read once and then looked up.

    >>> list(plain_tiles("123m 456p 789s EEE CC") or b"")
    [0, 1, 2, 12, 13, 14, 24, 25, 26, 27, 27, 27, 31, 31]
    >>> plain_tiles("11111m"), plain_tiles("5p*"), plain_tiles("1m2")
    (None, None, None)
    >>> list(plain_tiles("11111m", counted=False) or b"")
    [0, 0, 0, 0, 0]
    """
    if _NOTATION is not None:  # the compiled scanner reads the whole text at once
        codes = _NOTATION.plain_codes(text, counted and tile_set is None)
        if codes is None or not counted or tile_set is None:
            return codes
        return None if _over_limits(codes, tile_set.counts) else codes
    parts = []
    held = 0  # the kinds of the groups read so far
    exact = False  # whether the counts need checking tile by tile
    for group in text.split(" "):  # a group is read once, then looked up
        read = _GROUPS.get(group) or _read_group(group)
        if read is None:
            return None
        codes, kinds = read
        exact = exact or kinds < 0 or held & kinds != 0
        held |= kinds
        parts.append(codes)
    codes = b"".join(parts)
    ts = tile_set or TILES_ALL
    if counted and (exact or id(ts) not in _FOUR_OF_EACH) and _over_limits(codes, ts.counts):
        return None
    return codes


def held_within(tiles: Sequence[Tile], tile_set: TileSet | None = None) -> bool:
    """True if no tile is among ``tiles`` more often than ``tile_set`` (default:
    :data:`TILES_ALL`) holds.

    >>> held_within([0] * 4), held_within([0] * 5), held_within([34, 34])
    (True, False, False)
    """
    return not _over_limits(tiles, (tile_set or TILES_ALL).counts)


def _scanned_plain(text: str) -> list[ScannedTile] | None:
    """:func:`scan_tiles`'s answer for plain notation (None for any other): each tile
    where it was written (a bonus group's first tile at its letter), unmarked."""
    out: list[ScannedTile] = []
    at = 0
    for group in text.split(" "):
        key = (group, at)
        scanned = _SCANNED_GROUPS.get(key)
        if scanned is None:
            read = _GROUPS.get(group) or _read_group(group)
            if read is None:
                return None
            codes = read[0]
            positions = [at + m.start() for m in _TILE_AT.finditer(group)]
            scanned = tuple(map(ScannedTile, codes, positions))
            _keep(_SCANNED_GROUPS, key, scanned)
        out += scanned
        at += len(group) + 1
    return out


def _read_group(group: str) -> tuple[bytes, int] | None:
    """A group's codes and, when it holds playing tiles only and at most four of each,
    its kinds as bits (else -1); kept for the next text that holds it."""
    codes = _scan_group(group) if _NOTATION is None else _NOTATION.plain_codes(group, False)
    if codes is None:
        return None
    kinds = -1
    if not codes or (max(codes) < NUM_KINDS and not _over_limits(codes, TILES_ALL.counts)):
        kinds = sum(map(_BITS.__getitem__, set(codes)))
    read = (codes, kinds)
    _keep(_GROUPS, group, read)
    return read


class _Notation(Protocol):
    """The compiled twin of the plain scanner (``_notation.c``)."""

    def plain_codes(self, text: str, counted: bool, /) -> bytes | None: ...


def _load_notation() -> _Notation | None:
    scanner = load_extension("parlour.mahjong._notation")
    if scanner is None:
        return None
    ready: _Notation = scanner
    return ready


_NOTATION = _load_notation()
"""The compiled plain scanner, or None on the pure path (or where it is not built)."""


_BITS = tuple(1 << t for t in range(NUM_TILES))
_GROUPS: dict[str, tuple[bytes, int]] = {}
_SCANNED_GROUPS: dict[tuple[str, int], tuple[ScannedTile, ...]] = {}
_KEPT = 1 << 14
"""How many groups the plain scanner keeps read, in each of its two forms: codes (and
kinds), and tiles scanned at a position (immutable, so shared by every text that holds
them). A form forgets all its groups when full."""


_K = TypeVar("_K")
_V = TypeVar("_V")


def _keep(kept: dict[_K, _V], key: _K, value: _V) -> None:
    if len(kept) >= _KEPT:
        kept.clear()
    kept[key] = value


def _scan_group(text: str) -> bytes | None:
    """The codes of plain notation read at once (None: not plain notation)."""
    if not text.isascii():
        return None  # glyphs, and any other character the full scanner names
    raw = text.encode()
    if _PLAIN.fullmatch(raw) is None:
        return None
    if b"f" in raw or b"x" in raw:
        codes = bytearray()
        for digits, suit, honour, bonus, numbers in _PLAIN_GROUP.findall(raw):
            if suit:
                codes += digits.translate(_GROUP_TABLES[suit[0]])
            elif honour:
                codes += honour.translate(_GROUP_TABLES[0])
            else:
                codes += numbers.translate(_BONUS_TABLES[bonus[0]])
        return bytes(codes)
    # Each digit takes the suit letter after it: every chunk up to a suit letter (the
    # honours among its digits too) is translated by that suit's table at once.
    return b"".join(
        [c.translate(_CHUNK_TABLES[c[-1]], _DROPPED) for c in _PLAIN_CHUNK.findall(raw) if c]
    )


def _over_limits(codes: Sequence[Tile], limits: Sequence[int]) -> bool:
    """Some tile written more often than ``limits`` allow."""
    for t in set(codes):  # noqa: SIM110 (a loop: quicker here than any() over a generator)
        if codes.count(t) > limits[t]:
            return True
    return False


_SEPARATOR_BYTES = _SEPARATORS.encode()
_PLAIN = re.compile(rb"(?:[1-9]+[mps]|[ESWNCFPJ]|[fx][1-4]+(?![0-9])|[ \t\n,])*")
_PLAIN_CHUNK = re.compile(rb"[^mps]*[mps]?")
_PLAIN_GROUP = re.compile(rb"([1-9]+)([mps])|([ESWNCFPJ])|([fx])([1-4]+)")
_TILE_AT = re.compile(r"[fx]|(?<![fx])[1-9]|[ESWNCFPJ]")
_DROPPED = _SEPARATOR_BYTES + SUITS.encode()


def _code_table(suit_base: int, bonus_base: int | None = None) -> bytes:
    """A bytes.translate table: digits to the suit's tiles (or the bonus tiles'),
    honour letters and J to theirs."""
    table = bytearray(range(256))
    for r in range(1, 10):
        table[ord(str(r))] = suit_base + r - 1 if bonus_base is None else bonus_base + r - 1
    for i, letter in enumerate(HONOR_LETTERS):
        table[ord(letter)] = 27 + i
    table[ord("J")] = JOKER
    return bytes(table)


_GROUP_TABLES: dict[int, bytes] = {ord(s): _code_table(9 * i) for i, s in enumerate(SUITS)}
_GROUP_TABLES[0] = _code_table(0)
_BONUS_TABLES = {ord("f"): _code_table(0, FLOWERS[0]), ord("x"): _code_table(0, SEASONS[0])}
# a chunk that ends in a suit letter reads its digits in that suit; any other chunk (the
# honours after the last suit letter) holds no digits
_CHUNK_TABLES = tuple(_GROUP_TABLES.get(b, _GROUP_TABLES[0]) for b in range(256))


def check_counts(
    scanned: Sequence[ScannedTile], text: str, tile_set: TileSet | None = None
) -> None:
    """Raise :class:`NotationError` at the first tile written more often than the set holds.

    >>> check_counts(scan_tiles("5p f1"), "5p f1", TILES_136)
    Traceback (most recent call last):
    ...
    parlour.core.errors.NotationError: f1 is not in the tile set at position 3 in '5p f1' ...
    """
    ts = tile_set or TILES_ALL
    if id(ts) in _FOUR_OF_EACH:
        tiles = [s.tile for s in scanned]
        if not tiles or (max(tiles) < NUM_KINDS and len(tiles) - len(set(tiles)) < 4):
            return  # playing tiles, none written five times: within the set
    limits = ts.counts
    seen = [0] * NUM_TILES
    for s in scanned:
        seen[s.tile] += 1
        if seen[s.tile] > limits[s.tile]:
            holds = limits[s.tile]
            name = tile_name(s.tile)
            if holds == 0:
                raise NotationError(
                    f"{name} is not in the tile set",
                    text,
                    s.position,
                    detail=f"the {ts.name} set has no {name}",
                )
            raise NotationError(
                f"{seen[s.tile]} copies of {name}",
                text,
                s.position,
                detail=f"the tile set holds {holds}",
            )


def parse_gb_tiles(text: str | Iterable[str], *, tile_set: TileSet | None = None) -> list[Tile]:
    """Parse PyMahjongGB notation (``"W1 W2 B5 F1 J3"`` or a sequence of such names).

    Positions in errors count characters of the text, or of the names joined by single
    spaces when a sequence is given. Counts are checked as by :func:`parse_tiles`.

    >>> parse_gb_tiles("W1 B5 T9 F2 J1 H5")
    [0, 13, 26, 28, 31, 38]
    >>> parse_gb_tiles(["W1", "X1"])
    Traceback (most recent call last):
    ...
    parlour.core.errors.NotationError: not a PyMahjongGB tile name: 'X1' at position 3 in 'W1 X1'
    """
    if isinstance(text, str):
        names = text.split()
        full = text
    else:
        try:
            names = list(text)
        except TypeError:
            raise NotationError(
                f"PyMahjongGB notation must be a string or a sequence of names, "
                f"not {type(text).__name__}",
                "",
            ) from None
        for name in names:
            if not isinstance(name, str):
                raise NotationError(
                    f"a PyMahjongGB tile name must be a string, not {type(name).__name__}", ""
                )
        full = " ".join(names)
    scanned: list[ScannedTile] = []
    pos = 0
    for name in names:
        pos = full.index(name, pos)
        tile = _BY_GB_NAME.get(name)
        if tile is None:
            raise NotationError(f"not a PyMahjongGB tile name: {name!r}", full, pos)
        scanned.append(ScannedTile(tile, pos))
        pos += len(name)
    check_counts(scanned, full, tile_set)
    return [s.tile for s in scanned]


# ---------------------------------------------------------------------------------------
# Formatting


FormatStyle = Literal["spaced", "compact", "unicode", "gb"]


def format_tiles(tiles: Iterable[Tile], *, style: FormatStyle = "spaced", sort: bool = True) -> str:
    """Write tiles in notation.

    ``spaced`` (default) groups numbered tiles by suit and identical honours together;
    ``compact`` leaves out the spaces; ``unicode`` uses the Mahjong Tiles glyphs;
    ``gb`` writes PyMahjongGB names. Tiles are sorted unless ``sort=False``.

    >>> format_tiles([27, 0, 2, 1, 31, 27])
    '123m EE C'
    >>> format_tiles([27, 0, 2, 1, 27], style="compact")
    '123mEE'
    >>> format_tiles([0, 1, 2], style="unicode")
    '🀇🀈🀉'
    """
    seq = list(tiles)
    if seq and (not set(map(type, seq)) <= _INT_TYPES or min(seq) < 0 or max(seq) >= NUM_TILES):
        bad = next(t for t in seq if not (isinstance(t, int) and 0 <= t < NUM_TILES))
        raise ValueError(f"not a tile: {bad!r}")
    if sort:
        seq.sort()
    if style == "unicode":
        return "".join(_GLYPHS[t] for t in seq)
    if style == "gb":
        return " ".join(_GB_NAMES[t] for t in seq)
    if style not in ("spaced", "compact"):
        raise ValueError(f"unknown format style {style!r}")
    gap = " " if style == "spaced" else ""
    out: list[str] = []
    group = -1
    for t in seq:
        g = _FORMAT_GROUP[t]
        if g != group or g >= 34:
            if group >= 0:
                if group < 3:
                    out.append(SUITS[group])
                # bonus tiles end in a digit: keep them apart from a digit group
                out.append(gap or (" " if group >= 34 and g < 3 else ""))
            group = g
        out.append(_FORMAT_CHAR[t])
    if 0 <= group < 3:
        out.append(SUITS[group])
    return "".join(out)


# format_tiles: tiles of one group are written together (a suit's digits before its
# letter; identical honours; each bonus tile alone)
_FORMAT_GROUP = tuple(t // 9 if t < 27 else t for t in range(NUM_TILES))
_FORMAT_CHAR = tuple(
    str(t % 9 + 1) if t < 27 else HONOR_LETTERS[t - 27] if t < 34 else _NAMES[t]
    for t in range(NUM_TILES)
)
_INT_TYPES = frozenset((int, bool))


def counts_of(tiles: Iterable[Tile]) -> list[int]:
    """A 34-long count vector of the playing tiles (bonus tiles and jokers are ignored).

    >>> counts_of([0, 0, 33])[0], counts_of([0, 0, 33])[33]
    (2, 1)
    """
    c = [0] * NUM_KINDS
    for t in tiles:
        if t < NUM_KINDS:
            c[t] += 1
    return c


# ---------------------------------------------------------------------------------------
# Tile-set compositions


@dataclass(frozen=True, slots=True)
class TileSet:
    """How many copies of each tile kind a set holds.

    >>> TILES_144.size, TILES_136.size, TILES_84.size
    (144, 136, 84)
    >>> TILES_136.without(suit="m").size
    100
    """

    name: str
    counts: tuple[int, ...]

    @property
    def size(self) -> int:
        """Number of physical tiles."""
        return sum(self.counts)

    def tiles(self) -> list[Tile]:
        """Every physical tile of the set, sorted (the wall before shuffling)."""
        return [t for t in range(NUM_TILES) for _ in range(self.counts[t])]

    def without(
        self, *, suit: str | None = None, kinds: Iterable[Tile] = (), name: str | None = None
    ) -> TileSet:
        """The set with one suit (``"m"``, ``"p"`` or ``"s"``) and/or some kinds removed."""
        drop = set(kinds)
        for t in drop:
            if not (isinstance(t, int) and 0 <= t < NUM_TILES):
                raise ValueError(f"not a tile: {t!r}")
        if suit is not None:
            if suit not in SUITS:
                raise ValueError(f"not a suit: {suit!r}")
            base = SUITS.index(suit) * 9
            drop.update(range(base, base + 9))
        counts = tuple(0 if t in drop else c for t, c in enumerate(self.counts))
        label = name or f"{self.name}-{''.join(sorted(tile_name(t) for t in drop))}"
        return TileSet(label, counts)

    def with_jokers(self, jokers: int, *, name: str | None = None) -> TileSet:
        """The set with ``jokers`` joker tiles added."""
        if not isinstance(jokers, int) or jokers < 0:
            raise ValueError(f"the number of jokers must be a non-negative int, not {jokers!r}")
        counts = list(self.counts)
        counts[JOKER] = jokers
        return TileSet(name or f"{self.name}+{jokers}J", tuple(counts))


def _composition(playing: Iterable[Tile], bonus: bool, jokers: int = 0) -> tuple[int, ...]:
    counts = [0] * NUM_TILES
    for t in playing:
        counts[t] = 4
    if bonus:
        for t in BONUS_TILES:
            counts[t] = 1
    counts[JOKER] = jokers
    return tuple(counts)


TILES_144 = TileSet("144", _composition(range(34), bonus=True))
"""Suits, honours, four flowers and four seasons."""
TILES_136 = TileSet("136", _composition(range(34), bonus=False))
"""Suits and honours, no bonus tiles."""
TILES_136_JOKERS = TileSet("136+4J", _composition(range(34), bonus=False, jokers=4))
"""136 tiles and four jokers."""
TILES_148 = TileSet("144+4J", _composition(range(34), bonus=True, jokers=4))
"""144 tiles and four jokers (the British goulash set)."""
TILES_84 = TileSet("84", _composition(list(range(9, 27)) + list(DRAGONS), bonus=False))
"""Two suits (circles and bamboos) and the dragons: the Kawuxing set."""
TILES_ALL = TileSet("all", _composition(range(34), bonus=True, jokers=8))
"""The most any set holds: the default bound when parsing notation."""

TILE_SETS: dict[str, TileSet] = {
    s.name: s for s in (TILES_144, TILES_136, TILES_136_JOKERS, TILES_148, TILES_84)
}

_FOUR_OF_EACH = frozenset(
    id(s) for s in (*TILE_SETS.values(), TILES_ALL) if min(s.counts[:NUM_KINDS]) >= 4
)
"""The named sets that hold four of every playing tile (by identity: a quick test)."""

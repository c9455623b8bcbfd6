"""Melds (chows, pungs, kongs) and whole-hand notation.

>>> m = parse_meld("[123m]")
>>> m.kind, m.exposed, str(m)
('chow', True, '[123m]')
>>> str(parse_meld("{EEEE}")), parse_meld("[CCC>2]").claimed_from
('{EEEE}', 2)
>>> h = parse_hand("[EEE] {CCCC} 123m 456p 99s +9s")
>>> format_tiles(h.concealed), [str(m) for m in h.melds], tile_name(h.win_tile or 0)
('123m 456p 99s', ['[EEE]', '{CCCC}'], '9s')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal

from parlour.core.errors import NotationError
from parlour.mahjong.tiles import (
    JOKER,
    NUM_KINDS,
    TILES_ALL,
    TILES_BY_NAME,
    ScannedTile,
    Tile,
    TileSet,
    check_counts,
    format_tiles,
    gb_name,
    held_within,
    plain_tiles,
    scan_tiles,
    tile_from_name,
    tile_name,
)

MeldKind = Literal["chow", "pung", "kong"]
CHOW: MeldKind = "chow"
PUNG: MeldKind = "pung"
KONG: MeldKind = "kong"


@dataclass(frozen=True, slots=True)
class Meld:
    """A set of tiles: a chow, a pung or a kong.

    ``tiles`` are the kinds the set stands for, sorted (a pung of Red with one wild is
    ``(31, 31, 31)``). ``exposed`` is False for a concealed kong and for sets formed in a
    concealed hand. ``claimed_from`` is the seat offset (1 = next seat in turn order) the
    claimed tile came from, when known. ``wilds`` lists ``(physical tile, stands for)``
    for each wild tile in the set. ``added`` marks a kong made by adding a tile to an
    exposed pung.
    """

    kind: MeldKind
    tiles: tuple[Tile, ...]
    exposed: bool = True
    claimed_from: int | None = None
    wilds: tuple[tuple[Tile, Tile], ...] = ()
    added: bool = False

    def __post_init__(self) -> None:
        tiles = tuple(self.tiles)
        validate_set(self.kind, tiles)
        object.__setattr__(self, "tiles", tiles)
        rest = list(tiles)
        wilds: list[tuple[Tile, Tile]] = []
        for w in self.wilds:
            if isinstance(w, list):
                w = tuple(w)  # e.g. read back from JSON
            if not (isinstance(w, tuple) and len(w) == 2 and all(_is_tile(t) for t in w)):
                raise ValueError(f"a wild must be a (physical tile, stands for) pair, not {w!r}")
            physical, stands_for = w
            if stands_for not in rest:
                raise ValueError(
                    f"a wild stands for {tile_name(stands_for)}, which the {self.kind} "
                    f"{format_tiles(tiles, style='compact')} does not hold (once more)"
                )
            rest.remove(stands_for)
            wilds.append((physical, stands_for))
        object.__setattr__(self, "wilds", tuple(sorted(wilds)))
        if self.claimed_from is not None:
            if self.claimed_from not in (1, 2, 3) or isinstance(self.claimed_from, bool):
                raise ValueError(
                    f"claimed_from must be a seat offset 1, 2 or 3, not {self.claimed_from!r}"
                )
            if not self.exposed:
                raise ValueError("a concealed set cannot be claimed from a seat")
        if self.added and (self.kind != KONG or not self.exposed):
            raise ValueError("only an exposed kong can be made by adding a tile")

    @property
    def first(self) -> Tile:
        """The lowest tile: the set is fully given by ``kind`` and ``first``."""
        return self.tiles[0]

    @property
    def concealed(self) -> bool:
        """True for a concealed kong or a set formed in the concealed hand."""
        return not self.exposed

    @property
    def size(self) -> int:
        """Number of physical tiles (4 for a kong)."""
        return len(self.tiles)

    def physical_tiles(self) -> list[Tile]:
        """The physical tiles of the set: wilds as themselves, the rest as their kinds."""
        rest = list(self.tiles)
        out: list[Tile] = []
        for physical, stands_for in self.wilds:
            rest.remove(stands_for)
            out.append(physical)
        return sorted(rest + out)

    def __str__(self) -> str:
        return format_meld(self)


def _is_tile(t: object) -> bool:
    return isinstance(t, int) and not isinstance(t, bool) and 0 <= t <= JOKER


def validate_set(kind: str, tiles: tuple[Tile, ...]) -> None:
    """Raise ValueError unless ``tiles`` (sorted kinds) form a set of that kind."""
    if not all(_is_tile(t) for t in tiles):
        raise ValueError(f"not tiles: {tiles!r}")
    if kind == CHOW:
        ok = (
            len(tiles) == 3
            and tiles[0] < 27
            and tiles[0] % 9 <= 6
            and tiles[1] == tiles[0] + 1
            and tiles[2] == tiles[0] + 2
        )
    elif kind == PUNG:
        ok = len(tiles) == 3 and tiles[0] < NUM_KINDS and tiles[0] == tiles[1] == tiles[2]
    elif kind == KONG:
        ok = len(tiles) == 4 and tiles[0] < NUM_KINDS and len(set(tiles)) == 1
    else:
        raise ValueError(f"unknown meld kind {kind!r}")
    if not ok:
        raise ValueError(f"tiles {format_tiles(tiles, sort=False)} do not make a {kind}")


def chow(first: Tile, **kw: object) -> Meld:
    """The chow starting at ``first``. >>> str(chow(0))  # doctest: +SKIP"""
    return Meld(CHOW, (first, first + 1, first + 2), **kw)  # type: ignore[arg-type]


def pung(tile: Tile, **kw: object) -> Meld:
    """The pung of ``tile``."""
    return Meld(PUNG, (tile, tile, tile), **kw)  # type: ignore[arg-type]


def kong(tile: Tile, **kw: object) -> Meld:
    """The kong of ``tile``."""
    return Meld(KONG, (tile,) * 4, **kw)  # type: ignore[arg-type]


def format_meld(meld: Meld, *, style: Literal["spaced", "gb"] = "spaced") -> str:
    """Write a meld: ``[123m]``, ``[EEE]``, ``[EEEE]``, ``{EEEE}``, ``[EEE>2]``.

    A wild is written as its physical tile with ``*`` after the kinds it completes
    (``[PPJ*]`` for a joker, ``[13m2m*]`` for a 2m used as a wild). When the kinds alone
    do not say what the wilds stand for, each wild is followed by ``=`` and the kind it
    stands for (``[23mJ*=1m]``: the joker is the 1m, not the 4m; ``[5mJ*=3mJ*=4m]``).

    In ``gb`` style the PyMahjongGB pack tuple is described as text: ``PENG F1 1``.

    >>> format_meld(Meld("chow", (0, 1, 2), wilds=((JOKER, 0),)))
    '[23mJ*=1m]'
    >>> format_meld(Meld("chow", (1, 2, 3), wilds=((JOKER, 3),)))
    '[23mJ*]'
    """
    if style == "gb":
        kind = {CHOW: "CHI", PUNG: "PENG", KONG: "GANG"}[meld.kind]
        tile = meld.tiles[1] if meld.kind == CHOW else meld.tiles[0]
        offer = 0 if not meld.exposed else (meld.claimed_from or 1)
        return f"{kind} {gb_name(tile)} {offer}"
    body = _meld_body(meld, explicit=False)
    if meld.wilds and not _reads_back(body, meld):
        body = _meld_body(meld, explicit=True)
    if meld.claimed_from is not None:
        body += f">{meld.claimed_from}"
    return f"[{body}]" if meld.exposed else "{" + body + "}"


def _meld_body(meld: Meld, *, explicit: bool) -> str:
    if not meld.wilds:
        return format_tiles(meld.tiles, style="compact", sort=False)
    rest = list(meld.tiles)
    for _, stands_for in meld.wilds:
        rest.remove(stands_for)
    body = format_tiles(rest, style="compact") if rest else ""
    for physical, stands_for in meld.wilds:
        body += tile_name(physical) + "*"
        if explicit:
            body += "=" + tile_name(stands_for)
    return body


def _reads_back(body: str, meld: Meld) -> bool:
    """True if ``body`` parses to the meld's kind, tiles and wilds."""
    try:
        back = parse_meld(f"[{body}]")
    except NotationError:
        return False
    return (back.kind, back.tiles, back.wilds) == (meld.kind, meld.tiles, meld.wilds)


def parse_meld(text: str, *, tile_set: TileSet | None = None) -> Meld:
    """Parse one bracketed meld.

    ``[…]`` is exposed, ``{…}`` a concealed kong; ``>N`` (N = 1–3) before the closing
    bracket records the seat offset the tile was claimed from; ``+`` before the last
    tile of an exposed kong marks an added kong (``[FFF+F]``: the fourth tile added to
    an exposed pung; written back as ``[FFFF]``). Jokers ``J`` and tiles
    marked ``*`` are wilds; ``=T`` after a wild names the kind it stands for when the
    other tiles do not (``[J=3mJ=4m5m]``).

    >>> parse_meld("[789s>3]")
    Meld(kind='chow', tiles=(24, 25, 26), exposed=True, claimed_from=3, wilds=(), added=False)
    >>> parse_meld("{123m}")
    Traceback (most recent call last):
    ...
    parlour.core.errors.NotationError: a concealed meld in braces must be a kong at position 0 ...
    """
    if not isinstance(text, str):
        raise NotationError(f"meld notation must be a string, not {type(text).__name__}", "")
    if tile_set is None and type(text) is str:
        return _parse_meld_cached(text)  # melds are immutable: one object per notation
    return _parse_meld(text, tile_set)


@lru_cache(maxsize=4096)
def _parse_meld_cached(text: str) -> Meld:
    return _parse_meld(text, None)


def _parse_meld(text: str, tile_set: TileSet | None) -> Meld:
    s = text.strip()
    if not s:
        raise NotationError("empty meld notation", text)
    offset = len(text) - len(text.lstrip())
    meld, end, _ = _parse_meld_at(s, 0, tile_set=tile_set, full=text, base=offset)
    if end != len(s):
        extra = end + len(s[end:]) - len(s[end:].lstrip())
        raise NotationError(
            "unexpected text after the meld",
            text,
            extra + offset,
        )
    return meld


_STANDS_FOR = re.compile(r"[1-9][mps]|[ESWNCFP]")


def _parse_meld_at(
    s: str, start: int, *, tile_set: TileSet | None, full: str, base: int = 0
) -> tuple[Meld, int, list[ScannedTile]]:
    """Parse the meld opening at ``s[start]``: the meld, the index after its closing
    bracket, and its tiles as scanned (positions in ``full``, which holds ``s`` from
    ``base`` on)."""
    opener = s[start]
    closer = {"[": "]", "{": "}"}.get(opener)
    if closer is None:
        raise NotationError(
            "a meld must start with '[' or '{'",
            full,
            start + base,
        )
    end = start + 1
    while end < len(s) and s[end] not in "]}":
        end += 1
    if end == len(s):
        raise NotationError(f"unclosed {opener!r}", full, start + base)
    if s[end] != closer:
        raise NotationError(f"{opener!r} closed by {s[end]!r}", full, end + base)
    inner = s[start + 1 : end]
    at = start + base + 1  # position in ``full`` of the body's first character
    claimed_from: int | None = None
    if ">" in inner:
        body, _, who = inner.partition(">")
        if who not in ("1", "2", "3"):
            raise NotationError(
                f"claimed-from seat offset must be 1, 2 or 3, not {who!r}",
                full,
                at + len(body) + 1,
            )
        claimed_from = int(who)
    else:
        body = inner
    # ``+`` before the added tile marks an added kong (``[FFF+F]``): blank it out too.
    plus = body.find("+")
    if plus >= 0:
        if "+" in body[plus + 1 :]:
            raise NotationError("a second '+' in a meld", full, at + body.index("+", plus + 1))
        body = body[:plus] + " " + body[plus + 1 :]
    # ``=T`` after a wild names what it stands for: blank it out before scanning.
    annotations: list[tuple[int, Tile]] = []
    chars = list(body)
    k = body.find("=")
    while k >= 0:
        if k == 0 or body[k - 1] not in "*J":
            raise NotationError(
                "'=' must follow a wild tile (J or a tile marked '*')", full, at + k
            )
        m = _STANDS_FOR.match(body, k + 1)
        if m is None:
            raise NotationError(
                "'=' must be followed by the suit or honour tile the wild stands for",
                full,
                at + k,
            )
        annotations.append((k, tile_from_name(m.group())))
        chars[k : m.end()] = " " * (m.end() - k)
        k = body.find("=", m.end())
    try:
        scanned = [
            ScannedTile(t.tile, t.position + at, t.wild_mark) for t in scan_tiles("".join(chars))
        ]
    except NotationError as e:
        raise NotationError(e.reason, full, (e.position or 0) + at, detail=e.detail) from None
    explicit: dict[int, Tile] = {}  # index in ``scanned`` -> the kind that wild stands for
    for k, stands_for in annotations:
        idx = max(i for i, t in enumerate(scanned) if t.position < at + k)
        explicit[idx] = stands_for
    is_wild = [t.wild_mark or t.tile == JOKER for t in scanned]
    natural = [t.tile for t, w in zip(scanned, is_wild, strict=True) if not w]
    fixed = natural + list(explicit.values())
    free = [t.tile for i, t in enumerate(scanned) if is_wild[i] and i not in explicit]
    exposed = opener == "["
    meld_text = s[start : end + 1]
    kind = _meld_kind(fixed, len(scanned))
    if kind is None or any(t >= NUM_KINDS for t in natural):
        raise NotationError(
            f"{meld_text!r} is not a chow, pung or kong",
            full,
            start + base,
        )
    if not exposed and kind != KONG:
        raise NotationError("a concealed meld in braces must be a kong", full, start + base)
    if not exposed and claimed_from is not None:
        raise NotationError("a concealed kong cannot be claimed from a seat", full, start + base)
    if plus >= 0 and (not exposed or kind != KONG):
        raise NotationError(
            "'+' marks the tile added to an exposed pung: only an exposed kong such as "
            "[FFF+F] is added",
            full,
            at + plus,
        )
    tiles, stands = _complete_set(kind, fixed, len(free))
    if tiles is None:
        raise NotationError(
            f"{meld_text!r} is not a chow, pung or kong",
            full,
            start + base,
        )
    wilds = [(scanned[i].tile, t) for i, t in explicit.items()]
    wilds += zip(free, stands, strict=True)
    check_counts(scanned, full, tile_set)
    return Meld(kind, tiles, exposed, claimed_from, tuple(wilds), plus >= 0), end + 1, scanned


def _meld_kind(natural: list[Tile], size: int) -> MeldKind | None:
    if size == 4:
        return KONG
    if size != 3:
        return None
    if len(set(natural)) <= 1:
        return PUNG
    return CHOW


def _complete_set(
    kind: MeldKind, natural: list[Tile], n_wild: int
) -> tuple[tuple[Tile, ...] | None, list[Tile]]:
    """The set's kinds and what each wild stands for, or None if the naturals don't fit."""
    if not natural:
        return None, []  # an all-wild set does not say what it stands for
    nat = sorted(natural)
    if kind in (PUNG, KONG):
        if len(set(nat)) != 1:
            return None, []
        size = 3 if kind == PUNG else 4
        return (nat[0],) * size, [nat[0]] * n_wild
    # chow: the naturals must be distinct numbered tiles of one suit within a span of 3
    if len(set(nat)) != len(nat) or nat[-1] >= 27 or nat[0] // 9 != nat[-1] // 9:
        return None, []
    if nat[-1] - nat[0] > 2:
        return None, []
    first = nat[0] if nat[0] % 9 <= 6 else nat[-1] - 2
    run = (first, first + 1, first + 2)
    if first % 9 > 6 or any(t not in run for t in nat):
        return None, []
    return run, [t for t in run if t not in nat]


@dataclass(frozen=True, slots=True)
class Hand:
    """A hand written in notation: concealed tiles, fixed melds, tiles marked ``*`` as
    wild, and the winning tile named after ``+`` (which is also among ``concealed``).

    ``concealed`` keeps the order written; physical wild tiles are included in it.
    """

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()
    wild_marks: tuple[Tile, ...] = field(default=())
    win_tile: Tile | None = None

    def __post_init__(self) -> None:
        rest = list(self.concealed)
        for t in self.wild_marks:
            if t not in rest:
                name = tile_name(t) if isinstance(t, int) and 0 <= t <= JOKER else repr(t)
                raise ValueError(
                    f"wild mark on {name}, which the concealed tiles do not hold (once more)"
                )
            rest.remove(t)
        if self.win_tile is not None and self.win_tile not in self.concealed:
            raise ValueError("the winning tile must be among the concealed tiles")

    def __str__(self) -> str:
        """The hand in notation; ``parse_hand(str(h))`` gives back the same tiles, melds,
        wild marks and winning tile (the concealed tiles sorted)."""
        parts = [str(m) for m in self.melds]
        rest = list(self.concealed)
        for t in self.wild_marks:
            rest.remove(t)
        if rest:
            parts.append(format_tiles(rest))
        parts += [tile_name(t) + "*" for t in self.wild_marks]
        if self.win_tile is not None:
            # The winning tile is among the concealed tiles written before: ``+T`` names it.
            parts.append("+" + tile_name(self.win_tile))
        return " ".join(parts)


def parse_hand(text: str, *, tile_set: TileSet | None = None) -> Hand:
    """Parse a whole hand: melds in brackets, concealed tiles, ``*`` wild marks and an
    optional ``+T`` winning tile. Counts are checked across the whole hand.

    When ``+T`` is given and the concealed tiles already hold ``T``, it names the winning
    tile among them (the specs' convention: the hand is written complete); ``+T*`` then
    says the winning copy is a wild, marking one copy unless one already is. Otherwise the
    winning tile is added to the concealed tiles (with its wild mark, if any).

    >>> h = parse_hand("123m 456p 789s EE CC +C")
    >>> len(h.concealed), tile_name(h.win_tile or 0)
    (13, 'C')
    """
    if tile_set is None and type(text) is str:
        plain = _parse_plain_hand(text)
        if plain is not None:
            return plain
    if not isinstance(text, str):
        raise NotationError(f"hand notation must be a string, not {type(text).__name__}", "")
    melds: list[Meld] = []
    loose: list[ScannedTile] = []
    all_scanned: list[ScannedTile] = []
    win: ScannedTile | None = None
    i = 0
    n = len(text)
    chunk_start = 0
    while i < n:
        ch = text[i]
        if ch in "[{":
            loose_text = text[chunk_start:i]
            loose += _scan_at(loose_text, chunk_start, text)
            meld, end, meld_scanned = _parse_meld_at(text, i, tile_set=tile_set, full=text)
            melds.append(meld)
            all_scanned += meld_scanned
            i = end
            chunk_start = i
            continue
        if ch in "]}":
            raise NotationError(f"unmatched {ch!r}", text, i)
        if ch == "+":
            loose += _scan_at(text[chunk_start:i], chunk_start, text)
            if win is not None:
                raise NotationError("a second winning tile", text, i)
            j = i + 1
            while j < n and text[j] not in " \t\n,[{+":
                j += 1
            got = _scan_at(text[i + 1 : j], i + 1, text)
            if len(got) != 1:
                raise NotationError(
                    "'+' must be followed by exactly one tile",
                    text,
                    i,
                )
            win = got[0]
            i = j
            chunk_start = i
            continue
        i += 1
    loose += _scan_at(text[chunk_start:], chunk_start, text)
    concealed = [s.tile for s in loose]
    wild_marks = [s.tile for s in loose if s.wild_mark]
    win_tile: Tile | None = None
    if win is not None:
        win_tile = win.tile
        if win.tile not in concealed:
            concealed.append(win.tile)
            loose.append(win)
            if win.wild_mark:
                wild_marks.append(win.tile)
        elif win.wild_mark and win.tile not in wild_marks:
            wild_marks.append(win.tile)  # the winning copy is the one used as a wild
    ordered = sorted(all_scanned + loose, key=lambda s: s.position)
    check_counts(ordered, text, tile_set or TILES_ALL)
    return Hand(tuple(concealed), tuple(melds), tuple(wild_marks), win_tile)


def _parse_plain_hand(text: str) -> Hand | None:
    """:func:`parse_hand`'s common case: melds in brackets, plain tile notation between
    them (no wild marks), perhaps a winning tile ``+T``, within the tile set. The melds
    are parsed as by :func:`parse_meld` and the tiles read at once, with no object per
    tile; None for anything else, which the full parser reads (and names what is
    wrong)."""
    parts = _HAND_PARTS.split(text)
    win: Tile | None = None
    if "+" in text:  # a winning tile, or the '+' of an added kong in a meld
        for k in range(0, len(parts), 2):
            part = parts[k]
            at = part.find("+")
            if at < 0:
                continue
            end = _WIN_END.search(part, at + 1)
            stop = len(part) if end is None else end.start()
            if win is not None or "+" in part[stop:]:
                return None  # a second winning tile: the full parser names it
            win = TILES_BY_NAME.get(part[at + 1 : stop])
            if win is None:
                return None
            parts[k] = part[:at] + " " + part[stop:]
    codes: list[bytes] = []
    melds: list[Meld] = []
    for k, part in enumerate(parts):
        if k % 2:
            try:
                melds.append(_parse_meld_cached(part))
            except NotationError:
                return None
            continue
        loose = plain_tiles(part)
        if loose is None:
            return None
        codes.append(loose)
    concealed = list(b"".join(codes))
    if win is not None and win not in concealed:
        concealed.append(win)  # named after '+' only: the winning tile joins the hand
    physical = [*concealed, *(t for m in melds for t in m.physical_tiles())]
    if (melds or win is not None) and not held_within(physical):
        return None
    return Hand(tuple(concealed), tuple(melds), (), win)


_HAND_PARTS = re.compile(r"(\[[^\[\]{}]*\]|\{[^\[\]{}]*\})")
"""A hand's melds, each in its brackets (``[…]`` or ``{…}``), and the text between."""
_WIN_END = re.compile(r"[ \t\n,\[{+]")
"""What ends the winning tile written after ``+`` (as :func:`parse_hand` reads it)."""


def _scan_at(chunk: str, offset: int, full: str) -> list[ScannedTile]:
    try:
        got = scan_tiles(chunk)
    except NotationError as e:
        pos = (e.position or 0) + offset
        raise NotationError(e.reason, full, pos, detail=e.detail) from None
    return [ScannedTile(s.tile, s.position + offset, s.wild_mark) for s in got]

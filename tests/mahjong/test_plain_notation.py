"""The plain scanner against the full one: notation read to tile codes at once (no object
per tile) gives what the character-by-character scanner gives, on every text, and bad
text fails alike (the same exception, message and position), because the plain scanner
hands every text it does not read to the full one. Likewise hands with melds in
brackets (``parse_hand``).

Every comparison runs the same call twice, once as shipped and once inside
:func:`full_scanner`, which sets the fast paths aside: the plain scanner of
:mod:`parlour.mahjong.tiles`, the string heads of ``shanten``, ``is_complete`` and
``waits``, the plain hands of ``parse_hand``, and the situation readers' fast paths.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.core.errors import InvalidHand, NotationError
from parlour.mahjong import melds as M
from parlour.mahjong import situation as read
from parlour.mahjong import tiles as T
from parlour.mahjong.melds import parse_hand
from parlour.mahjong.rules.mcr.bench.hands import situations
from parlour.mahjong.scoring import Situation
from parlour.mahjong.shapes import api, is_complete, shanten, waits
from parlour.mahjong.tiles import (
    JOKER,
    TILE_SETS,
    TILES_ALL,
    TileSet,
    check_counts,
    format_tiles,
    parse_tiles,
    plain_tiles,
    scan_tiles,
)

settings.register_profile("plain-notation", max_examples=300, deadline=None)
settings.load_profile("plain-notation")

SETS: list[TileSet | None] = [None, *TILE_SETS.values(), TILES_ALL]


@contextmanager
def full_scanner() -> Iterator[None]:
    """Every fast path of the notation readers set aside: the old object path only."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(T, "plain_tiles", lambda text, tile_set=None, counted=True: None)
        mp.setattr(T, "_scanned_plain", lambda text: None)
        mp.setattr(T, "_FOUR_OF_EACH", frozenset())
        mp.setattr(api, "plain_tiles", lambda text, tile_set=None: None)
        mp.setattr(read, "TILES_BY_NAME", {})
        mp.setattr(read, "plain_tiles", lambda text, tile_set=None, counted=True: None)
        mp.setattr(M, "_parse_plain_hand", lambda text: None)
        yield


def outcome(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[Any, ...]:
    """What a call gives: ("ok", its value) or ("error", the exception's type, message
    and, for notation, its reason, text, position and detail)."""
    try:
        value = fn(*args, **kwargs)
    except Exception as e:
        extra: tuple[Any, ...] = ()
        if isinstance(e, NotationError):
            extra = (e.reason, e.text, e.position, e.detail)
        return ("error", type(e), str(e), *extra)
    if isinstance(value, list):
        value = [
            (s.tile, s.position, s.wild_mark) if isinstance(s, T.ScannedTile) else s for s in value
        ]
    return ("ok", value)


@contextmanager
def python_plain_scanner() -> Iterator[None]:
    """The compiled plain scanner set aside: the Python one reads plain notation."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(T, "_NOTATION", None)
        yield


def both(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[Any, ...]:
    """The call's outcome on the fast paths as shipped (the compiled plain scanner where
    it is built) and on the Python plain scanner (each read twice: from scratch, then
    from the groups kept), and on the full scanner; asserts they all agree."""
    T._GROUPS.clear()
    T._SCANNED_GROUPS.clear()
    with full_scanner():
        old = outcome(fn, *args, **kwargs)
    assert not T._GROUPS and not T._SCANNED_GROUPS  # the full scanner alone read it
    runs = [outcome(fn, *args, **kwargs), outcome(fn, *args, **kwargs)]
    T._GROUPS.clear()
    T._SCANNED_GROUPS.clear()
    with python_plain_scanner():
        runs += [outcome(fn, *args, **kwargs), outcome(fn, *args, **kwargs)]
    for run in runs:
        assert run == old, (args, kwargs)
    return old


def check_text(text: str, tile_set: TileSet | None = None) -> bool:
    """Every notation reader agrees on ``text``; True if the plain scanner reads it."""
    both(parse_tiles, text)
    both(parse_tiles, text, tile_set=tile_set)
    scanned = both(scan_tiles, text)
    both(scan_tiles, text, allow_wild_marks=False)
    if scanned[0] == "ok":
        tiles = [T.ScannedTile(t, p, w) for t, p, w in scanned[1]]
        both(check_counts, tiles, text)
        both(check_counts, tiles, text, tile_set)
    loose = plain_tiles(text, counted=False)
    if loose is not None:
        assert list(loose) == [s.tile for s in scan_tiles(text)]
    fast = plain_tiles(text, tile_set)
    if fast is not None:
        assert list(fast) == parse_tiles(text, tile_set=tile_set)
        assert list(plain_tiles(text) or b"") == parse_tiles(text)
    return fast is not None


# ---------------------------------------------------------------------------------------
# Texts

SEPARATORS = ["", " ", " ", "  ", ",", ", ", "\t", "\n"]


def random_group(rng: random.Random) -> str:
    """One group of plain notation, mostly valid: digits and a suit letter, honours,
    jokers, flowers or seasons; now and then something the full scanner refuses."""
    roll = rng.random()
    if roll < 0.5:
        digits = "".join(rng.choice("123456789") for _ in range(rng.randint(1, 6)))
        return digits + rng.choice("mps")
    if roll < 0.75:
        return "".join(rng.choice("ESWNCFP") for _ in range(rng.randint(1, 4)))
    if roll < 0.82:
        return "J" * rng.randint(1, 3)
    if roll < 0.9:
        return rng.choice("fx") + "".join(rng.choice("1234") for _ in range(rng.randint(1, 2)))
    return rng.choice(BAD_GROUPS)


BAD_GROUPS = ["0m", "1m*", "5p*", "1", "m", "f5", "f10", "f1m", "1\rm", "🀄", "🀄\ufe0f", "+C"]
BAD_GROUPS += ["[123m]", "1m2", "１m", "Z", "x"]
"""Groups the full scanner reads (glyphs, wild marks) or refuses, but not the plain one."""


def random_text(rng: random.Random) -> str:
    return "".join(rng.choice(SEPARATORS) + random_group(rng) for _ in range(rng.randint(0, 7)))


@st.composite
def texts(draw: st.DrawFn) -> str:
    seed = draw(st.integers(0, 2**32 - 1))
    return random_text(random.Random(seed))


NOTATION_ALPHABET = "0123456789mpsESWNCFPJfx *,\t\n\r+[]{}>=🀄\ufe0fqé"


# ---------------------------------------------------------------------------------------
# The scanner


@given(texts(), st.sampled_from(SETS))
def test_plain_texts_read_alike(text: str, tile_set: TileSet | None) -> None:
    check_text(text, tile_set)


@given(st.text(NOTATION_ALPHABET, max_size=24), st.sampled_from(SETS))
def test_any_text_reads_or_fails_alike(text: str, tile_set: TileSet | None) -> None:
    check_text(text, tile_set)


@given(st.lists(st.integers(0, JOKER), max_size=20), st.sampled_from(["spaced", "compact"]))
def test_formatted_tiles_read_alike(tiles: list[int], style: str) -> None:
    for sort in (True, False):
        check_text(format_tiles(tiles, style=style, sort=sort))  # type: ignore[arg-type]


def test_seeded_texts_read_alike_and_most_on_the_fast_path() -> None:
    rng = random.Random(19)
    read_fast = refused = 0
    for _ in range(3000):
        text = random_text(rng)
        if check_text(text, rng.choice(SETS)):
            read_fast += 1
        elif both(parse_tiles, text)[0] == "error":
            refused += 1
    assert read_fast > 1000
    assert refused > 500


@pytest.mark.parametrize(
    "text",
    [
        "",
        " ",
        "123m 456p 789s EEE CC",
        "123m456p789sEEECC",
        "11111m",
        "1m 1m 1m 1m 1m",
        "f1 f1",
        "f11",
        "f12 x34 J",
        "f15m",
        "f1 5m",
        "JJJJJJJJJ",
        "JJJJJJJJ",
        "1m\r",
        "1 m",
        "12*3m",
        "5p*",
        "🀄🀄",
        "E,S\tW\nN",
        "1m,,2m",
    ],
)
def test_edge_texts_read_alike(text: str) -> None:
    for tile_set in SETS:
        check_text(text, tile_set)


def test_non_strings_fail_alike() -> None:
    for value in (5, None, b"1m", ["1m"]):
        assert both(parse_tiles, value)[0] == "error"
        assert both(scan_tiles, value)[0] == "error"


def test_plain_tiles_refuses_what_it_does_not_read() -> None:
    assert plain_tiles("11111m") is None
    assert plain_tiles("J", TILE_SETS["136"]) is None
    assert plain_tiles("5p*") is None
    assert plain_tiles("🀄") is None
    assert list(plain_tiles("f12 x3 J 5p") or b"") == [34, 35, 40, JOKER, 13]


def test_kept_groups_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(T, "_KEPT", 8)
    T._GROUPS.clear()
    T._SCANNED_GROUPS.clear()
    for r in range(1, 10):
        for s in "mps":
            text = f"{r}{s} {r}{r}{s}"
            assert list(plain_tiles(text) or b"") == parse_tiles(text)
            assert [x.tile for x in scan_tiles(text)] == parse_tiles(text)
    assert 0 < len(T._GROUPS) <= 8
    assert 0 < len(T._SCANNED_GROUPS) <= 8


# ---------------------------------------------------------------------------------------
# shanten, is_complete and waits from strings


def hand_texts(count: int, seed: int) -> Iterator[str]:
    """Hands of 13 and 14 tiles in notation (spaced, compact, unsorted), some with
    jokers, bonus tiles, a fifth copy, melds, wild marks or bad characters."""
    rng = random.Random(seed)
    wall = [t for t in range(34) for _ in range(4)]
    for i in range(count):
        rng.shuffle(wall)
        tiles = wall[: 13 + i % 2]
        roll = rng.random()
        if roll < 0.05:
            tiles = [*tiles[:-1], JOKER]
        elif roll < 0.08:
            tiles = [*tiles[:-1], rng.randrange(34, 42)]
        elif roll < 0.11:
            tiles = [*tiles[:-1], tiles[0]]
            tiles[1:4] = [tiles[0]] * 3
        style = rng.choice(["spaced", "compact"])
        text = format_tiles(tiles, style=style, sort=rng.random() < 0.8)  # type: ignore[arg-type]
        roll = rng.random()
        if roll < 0.04:
            text = "[123m] " + text[5:]
        elif roll < 0.07:
            text += "*"
        elif roll < 0.09:
            text = text.replace(" ", "\r", 1)
        elif roll < 0.11:
            text = text[:-1]
        yield text


def test_shape_entry_points_read_strings_alike() -> None:
    ok = errors = 0
    for text in hand_texts(1500, 7):
        for result in (
            both(shanten, text),
            both(shanten, text, model="loose"),
            both(shanten, text, wilds=1),
            both(is_complete, text),
        ):
            ok += result[0] == "ok"
            errors += result[0] == "error"
    assert ok > 3000
    assert errors > 100


def test_waits_reads_strings_alike() -> None:
    ok = errors = 0
    rng = random.Random(11)
    for text in hand_texts(400, 8):
        visible = format_tiles(rng.sample(range(34), rng.randint(0, 6)))
        for result in (both(waits, text), both(waits, text, visible=visible)):
            ok += result[0] == "ok"
            errors += result[0] == "error"
    assert ok > 200
    assert errors > 50


def test_shapes_of_complete_and_ready_hands_read_alike() -> None:
    assert both(shanten, "19m 19p 19s ESWNCF 1m") == ("ok", 0)
    assert both(is_complete, "123m 456p 789s EEE CC") == ("ok", True)
    assert both(waits, "123m 456p 789s 2355s", visible="1s 1s 1s 4s") == ("ok", {18: 1, 21: 3})
    assert both(shanten, "123m 456p 789s EE C J") == ("ok", 0)
    assert both(shanten, "11111m 456p 789s EE")[0] == "error"
    assert both(waits, "123m 456p 789s 2355s", visible="55555s")[0] == "error"


# ---------------------------------------------------------------------------------------
# Situations from JSON


def test_situations_from_json_read_alike() -> None:
    data = situations(3, 600)
    assert all(both(Situation.from_json, s)[0] == "ok" for s in data)
    for s in data[:5]:
        assert Situation.from_json(s) == Situation.from_json(s)


def test_situations_with_whole_hands_read_alike() -> None:
    """The same situations with the whole hand written out (``"hand"``: melds, concealed
    tiles and the winning tile), which parse_hand reads."""
    count = 0
    for s in situations(4, 300):
        whole = " ".join([*s["melds"], s["concealed"], s["win_tile"]])
        rest = {k: v for k, v in s.items() if k not in ("concealed", "melds")}
        result = both(Situation.from_json, {**rest, "hand": whole})
        assert result[0] == "ok"
        assert result[1] == Situation.from_json(s)
        count += 1
    assert count == 300


@pytest.mark.parametrize(
    "change",
    [
        {"concealed": "11111m"},
        {"concealed": "123m 5p* 99s"},
        {"concealed": "123m 456p 789s EE\r"},
        {"concealed": 5},
        {"concealed": ""},
        {"concealed": "f1 123m"},
        {"win_tile": "CC"},
        {"win_tile": "🀄"},
        {"win_tile": " C "},
        {"win_tile": "0m"},
        {"win_tile": 31},
        {"win_tile": "f1"},
        {"seat_wind": "X"},
        {"bonus": "f1 f1"},
        {"bonus": "f1 x3"},
        {"bonus": ["f1", "x2"]},
        {"bonus": "5m"},
    ],
)
def test_situation_fields_read_alike(change: dict[str, Any]) -> None:
    base = {"rules": "mcr", "concealed": "123m 456p 789s EE C", "melds": [], "win_tile": "C"}
    both(Situation.from_json, {**base, **change})
    both(Situation.from_json, {**situations(5, 1)[0], **change})


@pytest.mark.parametrize(
    "value", ["9s", "C", "f1", "J", " 9s", "9s ", "🀄", "CC", "", "0", 5, None]
)
def test_one_tile_reads_alike(value: object) -> None:
    both(read.one_tile, value, "'win_tile'")


@pytest.mark.parametrize("value", ["E", "s", " W ", "n\n", "X", "", "EE", 5, None, ["E"]])
def test_wind_reads_alike(value: object) -> None:
    for winds in (read.WINDS, ("E", "W"), (*read.WINDS, "C")):
        result = outcome(read.wind, value, "'seat_wind'", winds=winds)
        text = value.strip().upper() if isinstance(value, str) else None
        if text in winds:
            assert result == ("ok", text)
        else:
            assert result[:2] == ("error", InvalidHand)


@pytest.mark.parametrize("value", ["5p* 123m 5p", "123m 456p 789s EE C", "11111m", "5p**", 5, ""])
def test_marked_tiles_reads_alike(value: object) -> None:
    result = both(read.marked_tiles, value, "'concealed'")
    if isinstance(value, str):
        try:
            scanned = scan_tiles(value)
            check_counts(scanned, value)
        except NotationError as e:
            assert result[:3] == ("error", NotationError, str(e))
        else:
            marked = tuple(sorted(s.tile for s in scanned if s.wild_mark))
            assert result == ("ok", (tuple(sorted(s.tile for s in scanned)), marked))
    else:
        assert result[:2] == ("error", InvalidHand)


# ---------------------------------------------------------------------------------------
# Hands with melds


MELDS = ["[123m]", "[789s>1]", "[EEE]", "[CCC>2]", "{SSSS}", "[5555p]", "[FFF+F]", "[J23m]"]
MELDS += ["[5p*55p]", "[J=3mJ=4m5m]", "[99s9s>3]", "{1111m}", "[PPPP>3]"]
BAD_MELDS = ["[123m", "[12m]", "{123m}", "[EEE}", "[123m>4]", "]", "[1[23m]", "[FF+F+F]"]


def meld_hand_texts(count: int, seed: int) -> Iterator[str]:
    """Hands written with melds in brackets between plain notation, often a winning tile
    ``+T`` (now and then one the full parser reads, or refuses), a wild mark, a bad meld
    or a fifth copy now and then."""
    rng = random.Random(seed)
    for _ in range(count):
        parts = [rng.choice(MELDS) for _ in range(rng.randint(0, 3))]
        parts += [random_group(rng) for _ in range(rng.randint(0, 4))]
        roll = rng.random()
        if roll < 0.1:
            parts.append(rng.choice(BAD_MELDS))
        elif roll < 0.35:
            parts.append("+" + rng.choice(["C", "5p", "5p*", "9s", "🀄", "1m2m", "", "E+E"]))
        elif roll < 0.4:
            parts.append("1111m 1m")
        rng.shuffle(parts)
        yield "".join(rng.choice(["", " ", "  ", ", "]) + p for p in parts)


def test_hands_with_melds_read_alike() -> None:
    ok = errors = plain = won = 0
    for text in meld_hand_texts(3000, 23):
        result = both(parse_hand, text)
        if result[0] == "ok":
            ok += 1
            hand = M._parse_plain_hand(text)
            plain += hand is not None
            won += hand is not None and hand.win_tile is not None
        else:
            errors += 1
    assert plain > 1000
    assert won > 100
    assert ok - plain > 100  # read by the full parser: wild marks, winning tiles
    assert errors > 300


def test_shape_entry_points_read_hands_with_melds_alike() -> None:
    ok = 0
    rng = random.Random(29)
    wall = [t for t in range(34) for _ in range(4)]
    for _ in range(400):
        rng.shuffle(wall)
        melds = rng.sample(["[123m]", "[EEE]", "{SSSS}", "[789s>1]", "[CCC]"], rng.randint(1, 2))
        size = 13 - 3 * len(melds) + rng.randint(0, 1)
        text = " ".join([*melds, format_tiles(wall[:size])])
        for result in (both(shanten, text), both(is_complete, text), both(waits, text)):
            ok += result[0] == "ok"
    assert ok > 400


@pytest.mark.parametrize("value", [0, 2, 8, 9, -1, True, 2.0, "f1 x3", ["f1", "x2"], "5m", None])
def test_bonus_reads_as_the_full_reader(value: object) -> None:
    result = outcome(read.bonus, value, "'bonus'")
    if type(value) is int and 0 <= value <= 8:
        assert result == ("ok", ((), value))
    elif isinstance(value, str | list):
        assert result == outcome(
            read.bonus, " ".join(value) if isinstance(value, list) else value, "'bonus'"
        )
    else:
        assert result[:2] == ("error", InvalidHand)


# ---------------------------------------------------------------------------------------
# The compiled plain scanner against the Python one


needs_compiled = pytest.mark.skipif(
    T._NOTATION is None, reason="the compiled plain scanner is not in use (pure path)"
)


def python_codes(text: str, counted: bool) -> bytes | None:
    with python_plain_scanner():
        T._GROUPS.clear()
        codes = T._scan_group(text)
        if codes is None or (counted and not T.held_within(codes)):
            return None
        return codes


@needs_compiled
def test_compiled_scanner_reads_as_the_python_one() -> None:
    assert T._NOTATION is not None
    rng = random.Random(31)
    read = refused = 0
    texts = [random_text(rng) for _ in range(5000)]
    texts += [
        "".join(rng.choice(NOTATION_ALPHABET) for _ in range(rng.randint(0, 30)))
        for _ in range(5000)
    ]
    texts += ["1m" * 200, "123m " * 60, "f1" * 3, "x1234", "x12345", "J" * 300]
    for text in texts:
        for counted in (False, True):
            codes = T._NOTATION.plain_codes(text, counted)
            assert codes == python_codes(text, counted), (text, counted)
            read += codes is not None
            refused += codes is None
    assert read > 4000
    assert refused > 4000


@needs_compiled
def test_compiled_scanner_refuses_what_is_not_text() -> None:
    assert T._NOTATION is not None
    assert T._NOTATION.plain_codes(b"1m", False) is None  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        T._NOTATION.plain_codes("1m")  # type: ignore[call-arg]


@pytest.mark.parametrize("value", ["9s", "C", "f1", "J", "5p*", " 9s", "🀄", "CC", "", 5, None])
def test_marked_tile_reads_alike(value: object) -> None:
    both(read.marked_tile, value, "'win_tile'", "5s")


@pytest.mark.parametrize("value", ["f1 x3", "f1 f1", "f1 5m", "f1*", "", None, 5, "x12 x2"])
def test_tiles_with_repeats_read_alike(value: object) -> None:
    both(read.tiles, value, "'bonus'", repeats=True)
    both(read.bonus_tiles, value, "'bonus'", repeats=True)

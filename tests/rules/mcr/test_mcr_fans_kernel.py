"""Differential test: MCR's compiled fan engine (``_fans.c``) against the Python reference.

For seeded random situations (the bench's winning hands, with the winds, flags and kong
values varied, and hands of fourteen random tiles that mostly do not win) the compiled
engine's answer, the reading worth the most, must be the Python code's exactly: its
points, the count of every fan, its shape, its sets in order and its knitted straight.
A situation the compiled engine leaves to the Python code (None) must be one the Python
code refuses. The points the engine reads off a hand won at the table (``points``, what
``MCRRuleset.accepts`` asks) must be the reference's too. Skipped when the engine is not
built or ``PARLOUR_PURE`` is set.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from parlour.core.errors import InvalidHand
from parlour.mahjong.rules.mcr import scoring as mcr
from parlour.mahjong.rules.mcr.bench.hands import situations
from parlour.mahjong.rules.mcr.table import MCRRuleset
from parlour.mahjong.ruleset import WinContext, WonHand
from parlour.mahjong.scoring import Situation
from parlour.mahjong.tiles import format_tiles
from places import VECTORS

pytestmark = pytest.mark.skipif(mcr._fans is None, reason="the compiled fan engine is not built")

N = 4_000
"""Winning-hand situations per run (times the slow factor with --runslow)."""


def _python(sit: Situation, reference: bool) -> tuple[Any, ...]:
    options = mcr.MCROptions("reference" if reference else "source")
    table, points, (shape, sets, knitted) = mcr._best(mcr._prepare(sit, options))
    fans = None if table is None else tuple(table)
    return points, fans, shape, tuple(sets), knitted


def _compiled(sit: Situation, reference: bool) -> tuple[Any, ...] | None:
    assert mcr._fans is not None
    found = mcr._fans.score(sit, reference)
    if found is None:
        return None
    points, fans, shape, packed, knitted = found
    sets = tuple((packed[i], packed[i + 1], bool(packed[i + 2])) for i in range(0, len(packed), 3))
    return points, None if fans is None else tuple(fans), shape, sets, knitted


def _varied(s: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    v = dict(s)
    v["seat_wind"] = rng.choice("ESWN")
    v["round_wind"] = rng.choice("ESWN")
    if rng.random() < 0.3:
        v["self_drawn"] = not v["self_drawn"]
        v["discarder"] = None
        v["kong_replacement"] = v["robbing_kong"] = False
    if rng.random() < 0.2:
        v["last_wall_tile"] = not v["last_wall_tile"]
    return v


def _random_hand(rng: random.Random) -> dict[str, Any]:
    tiles = sorted(rng.sample([t for t in range(34) for _ in range(4)], 14))
    win = tiles.pop(rng.randrange(14))
    return {
        "rules": "mcr",
        "concealed": format_tiles(tiles),
        "win_tile": format_tiles([win]),
        "self_drawn": rng.random() < 0.5,
    }


def _cases(n: int) -> list[dict[str, Any]]:
    rng = random.Random(19)
    out: list[dict[str, Any]] = []
    for s in situations(20261128, n):
        out.append(s)
        out.append(_varied(s, rng))
    out += [_random_hand(rng) for _ in range(n // 4)]
    examples = json.loads((VECTORS / "mcr_examples.json").read_text(encoding="utf-8"))
    out += [v["situation"] for v in examples]
    return out


def test_compiled_engine_answers_as_the_reference(slow_factor: int) -> None:
    compared = unanswered = not_winning = 0
    for data in _cases(N * slow_factor):
        try:
            sit = Situation.from_json(data)
        except InvalidHand:
            continue
        for reference in (False, True):
            compiled = _compiled(sit, reference)
            try:
                expected = _python(sit, reference)
            except InvalidHand:
                assert compiled is None, data  # a refused situation is the Python code's
                continue
            if compiled is None:
                unanswered += 1
                continue
            assert compiled == expected, (data, reference)
            compared += 1
            not_winning += expected[1] is None
    assert compared > 2 * N * 2, compared
    assert not_winning > N // 10, not_winning  # the non-winning answer is compared too
    assert unanswered == 0, unanswered


def _won_hand(sit: Situation, as_lists: bool = False) -> WonHand:
    """The hand won that the table would hand the ruleset for ``sit`` (its tiles in
    lists when ``as_lists``, as a caller may give them)."""
    how = WinContext(
        self_drawn=sit.self_drawn,
        last_wall_tile=sit.last_wall_tile,
        kong_replacement=sit.kong_replacement,
        robbing_kong=sit.robbing_kong,
        last_of_kind=sit.last_of_kind,
    )
    concealed, melds = sit.concealed, sit.melds
    if as_lists:
        concealed, melds = list(concealed)[::-1], list(melds)  # type: ignore[assignment]
    return WonHand(
        concealed, melds, sit.win_tile, sit.seat_wind, sit.round_wind, sit.bonus, how, sit.discarder
    )


def test_points_of_a_won_hand_are_the_references(slow_factor: int) -> None:
    """``points`` of a hand won (what ``MCRRuleset.accepts`` asks, no situation built)
    against the reference's reading worth the most, and ``accepts`` against its verdict,
    under both kong values; a hand the reference refuses is left to it (None)."""
    rulesets = {False: MCRRuleset(), True: MCRRuleset({"kong_values": "reference"})}
    compared = accepted = refused = 0
    for i, data in enumerate(_cases(N * slow_factor)):
        try:
            sit = Situation.from_json(data)
        except InvalidHand:
            continue
        hand = _won_hand(sit, as_lists=i % 3 == 0)
        for reference in (False, True):
            points = mcr.won_points(hand, reference)
            try:
                expected = _python(sit, reference)
            except InvalidHand:
                assert points is None, data
                refused += 1
                continue
            assert points == (-1 if expected[1] is None else expected[0]), (data, reference)
            valid = expected[1] is not None and expected[0] >= mcr.MINIMUM
            assert rulesets[reference].accepts(hand) is valid, (data, reference)
            compared += 1
            accepted += valid
    assert compared > 2 * N * 2, compared
    assert N // 10 < accepted < compared - N // 10, accepted  # both verdicts compared


@pytest.mark.parametrize(
    "change",
    [
        {"robbing_kong": True, "self_drawn": True},
        {"kong_replacement": True, "self_drawn": False},
        {"discarder": "E", "seat_wind": "E", "self_drawn": False},
        {"last_of_kind": True, "concealed": "123m 456p 789s EE C", "win_tile": "E"},
        {"rules": "classical"},
    ],
)
def test_refused_situations_are_left_to_the_reference(change: dict[str, Any]) -> None:
    """The compiled engine answers None where the Python code raises (which then names
    the fault): a situation of other rules, or illegal win flags."""
    assert mcr._fans is not None
    base = {"rules": "mcr", "concealed": "123m 456p 789s EEE C", "win_tile": "C"}
    sit = Situation.from_json(base)
    fields = {f: getattr(sit, f) for f in Situation.__dataclass_fields__}
    if "concealed" in change:
        changed = Situation.from_json({**base, **change})
        fields.update(concealed=changed.concealed, win_tile=changed.win_tile)
        change = {k: v for k, v in change.items() if k not in ("concealed", "win_tile")}
    odd = Situation(**{**fields, **change})
    assert mcr._fans.score(odd, False) is None
    with pytest.raises(InvalidHand):
        mcr.score(odd)
    if odd.rules == "mcr":  # a hand won at an MCR table: accepts asks the reference
        assert mcr.won_points(_won_hand(odd), False) is None
        with pytest.raises(InvalidHand):
            MCRRuleset().accepts(_won_hand(odd))


def test_the_engine_knows_the_fans_of_the_table() -> None:
    """configure() refuses a fan table that is not the engine's (order or number)."""
    assert mcr._fans is not None
    keys = tuple(f.key for f in mcr.FANS)
    values = mcr._VALUES["source"]
    with pytest.raises(ValueError):
        mcr._fans.configure(keys[::-1], values, values)
    with pytest.raises(ValueError):
        mcr._fans.configure(keys[:-1], values, values)
    mcr._fans.configure(keys, mcr._VALUES["source"], mcr._VALUES["reference"])


# ---------------------------------------------------------------------------------------
# The compiled reader of the situation JSON


def _printed(data: Any) -> str:
    """What ``parlour score`` prints of a situation (JSON and explanation), or the error."""
    import copy

    from parlour.core.errors import ParlourError

    try:
        result = mcr.score(copy.deepcopy(data))
    except (ParlourError, ValueError) as e:
        return f"error {type(e).__name__}: {e}"
    return json.dumps(result.to_json(), ensure_ascii=False)


_NOISE = [*"0123456789mpsESWNCFPJfx*[]{} ,+>=\tesw", "🀄", "5p*", ""]


def _mutated(s: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The situation with one field changed: a character of its notation, a wind's case,
    a flag's type, the bonus as tiles, an extra field, the hand form..."""
    v = dict(s)
    roll = rng.randrange(9)
    if roll <= 2:
        key = rng.choice(["concealed", "win_tile", "melds", "hand"])
        if not v.get(key):
            return v
        if key == "melds":
            melds = list(v["melds"])
            i = rng.randrange(len(melds))
            text = melds[i]
            j = rng.randrange(len(text))
            melds[i] = text[:j] + rng.choice(_NOISE) + text[j + 1 :]
            v["melds"] = melds if rng.random() < 0.8 else tuple(melds)
        else:
            text = v[key]
            j = rng.randrange(len(text) + 1)
            v[key] = text[:j] + rng.choice(_NOISE) + text[j + 1 :]
    elif roll == 3:
        v[rng.choice(["seat_wind", "round_wind", "discarder"])] = rng.choice(
            ["e", " S", "W ", "N", "X", None, 1, "EE"]
        )
    elif roll == 4:
        v[rng.choice(["self_drawn", "last_wall_tile", "robbing_kong", "last_of_kind"])] = (
            rng.choice([True, False, None, 1, "yes"])
        )
    elif roll == 5:
        v["bonus"] = rng.choice([0, 3, 8, 9, -1, True, "f1 x3", "", ["f1"]])
    elif roll == 6:
        v["options"] = rng.choice(
            [{}, {"kong_values": "reference"}, {"kong_values": "x"}, {"other": 1}, []]
        )
    elif roll == 7:
        v.pop(rng.choice(["rules", "concealed", "melds", "win_tile", "seat_wind"]), None)
        if rng.random() < 0.5:
            v["flowers"] = 1
    elif "melds" in v and "concealed" in v and "win_tile" in v:
        v = _as_hand(v)
    return v


def _as_hand(s: dict[str, Any]) -> dict[str, Any]:
    v = dict(s)
    v["hand"] = " ".join([*v.pop("melds"), v.pop("concealed"), v["win_tile"]])
    return v


def test_compiled_json_reader_prints_as_the_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    """score() on a situation dict prints the same, byte for byte, whether the compiled
    engine read the JSON or the Python reader did; the dicts are the bench's situations
    and mutations of them (the compiled reader leaves every form it does not read to the
    Python reader, which names the fault)."""
    assert mcr._fans is not None
    rng = random.Random(1128)
    cases: list[dict[str, Any]] = []
    for s in situations(4242, N // 2):
        cases.append(s)
        cases.append(_mutated(s, rng))
        cases.append(_mutated(_mutated(s, rng), rng))
        whole = _as_hand(s)  # the hand written whole, the winning tile among its tiles
        cases.append(whole)
        cases.append(_mutated(whole, rng))
    compiled = [_printed(c) for c in cases]
    read_here = sum(mcr._fans.score_json(c) is not None for c in cases)
    monkeypatch.setattr(mcr, "_fans", None)
    reference = [_printed(c) for c in cases]
    different = [(c, a, b) for c, a, b in zip(cases, compiled, reference, strict=True) if a != b]
    assert not different, different[:3]
    refused = sum(r.startswith("error") for r in reference)
    assert read_here > N // 2 and refused > N // 20, (read_here, refused)

"""Golden test: what ``parlour score`` prints, byte for byte, for many seeded hands.

For every case of ``vectors/score_golden.jsonl.gz`` (one situation, or one table of
seats to settle) the test scores it again and compares, byte for byte, the JSON that
``parlour score --json`` prints (the score's ``to_json()``) and the text that ``parlour
score`` prints (the rule system's view: the fan or pattern lines, the reading, the
explanation and the payments, as plain text), or the error a refused situation raises.
The file keeps a sha256 of that output per case and the whole output for the first few
cases of each rule system (so that a difference there reads as a diff).

The cases: MCR's seeded random winning hands (the bench's generator, each under both
kong values, some with the win flags or the seat changed), some that are not winning
hands, and every MCR worked example; the same hands read under the classical rules
(each seat's hand, won on a discard or self-drawn) and, with a fifth set added and a
Gold chosen among their tiles, under the Xiamen and Quanzhou rules; and the worked
examples of the classical and gold rule systems.

The file was written from the code as it was before the scoring speed work (issue 19);
regenerate it only when an output is meant to change, with
``PYTHONPATH=src python tests/mahjong/test_score_golden.py --write``.
"""

from __future__ import annotations

import copy
import gzip
import hashlib
import json
import random
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

GOLDEN = Path(__file__).resolve().parent.parent / "vectors" / "score_golden.jsonl.gz"
VECTORS = GOLDEN.parent
FULL_SAMPLES = 12
"""Cases per rule system kept whole in the file (the rest as a sha256)."""
MCR_HANDS = 2500
OTHER_HANDS = 300
SEED = 20261128


def output(case: dict[str, Any]) -> str:
    """What ``parlour score`` prints for the case: the JSON line, then the text view (or
    the error raised)."""
    from parlour import score, settle
    from parlour.core.errors import ParlourError
    from parlour.core.views import as_text
    from parlour.registry import find_system

    data = copy.deepcopy(case["input"])
    try:
        if case["kind"] == "table":
            result = settle(data)
            view = find_system(data["rules"]).settle_view(data, result)
        else:
            result = score(data)
            view = find_system(data.get("rules", "mcr")).score_view(data, result)
        blob = json.dumps(result.to_json(), ensure_ascii=False) + "\n" + as_text(view)
    except (ParlourError, ValueError) as e:
        blob = f"error {type(e).__name__}: {e}"
    return blob


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]


# ---------------------------------------------------------------------------------------
# The cases


def _mcr_cases(rng: random.Random) -> Iterator[dict[str, Any]]:
    from parlour.mahjong.rules.mcr.bench.hands import situations
    from parlour.mahjong.tiles import format_tiles

    for s in situations(SEED, MCR_HANDS):
        yield {"kind": "score", "input": s}
        roll = rng.random()
        if roll < 0.5:
            yield {"kind": "score", "input": {**s, "options": {"kong_values": "reference"}}}
        elif roll < 0.7:
            v = dict(s)
            v["seat_wind"] = rng.choice("ESWN")
            v["round_wind"] = rng.choice("ESWN")
            v["bonus"] = rng.randrange(9)
            yield {"kind": "score", "input": v}
    for _ in range(200):  # fourteen random tiles: almost never a winning hand
        tiles = sorted(rng.sample([t for t in range(34) for _ in range(4)], 14))
        win = tiles.pop(rng.randrange(14))
        yield {
            "kind": "score",
            "input": {
                "rules": "mcr",
                "concealed": format_tiles(tiles),
                "win_tile": format_tiles([win]),
                "self_drawn": rng.random() < 0.5,
            },
        }
    for v in json.loads((VECTORS / "mcr_examples.json").read_text(encoding="utf-8")):
        yield {"kind": "score", "input": v["situation"]}


def _hand_text(s: dict[str, Any]) -> str:
    return " ".join([*s["melds"], s["concealed"], s["win_tile"]])


def _classical_cases(rng: random.Random) -> Iterator[dict[str, Any]]:
    from parlour.mahjong.rules.mcr.bench.hands import situations

    for s in situations(SEED + 1, OTHER_HANDS):
        d: dict[str, Any] = {
            "rules": "classical",
            "hand": _hand_text(s),
            "win_tile": s["win_tile"],
            "seat_wind": s["seat_wind"],
        }
        if s["self_drawn"]:
            d["self_drawn"] = True
        else:
            d["discarder"] = rng.choice([w for w in "ESWN" if w != s["seat_wind"]])
        yield {"kind": "score", "input": d}
    tables = json.loads((VECTORS / "classical" / "worked_examples.json").read_text("utf-8"))
    for v in tables:
        if "table" in v:
            yield {"kind": "table", "input": v["table"]}


_NO_BRACKETS = str.maketrans("", "", "[]{}")
_EXTRA_SETS = ["123m", "456p", "789s", "EEE", "555s", "234p", "CCC", "678m", "999p"]


def _gold_cases(rules: str, rng: random.Random) -> Iterator[dict[str, Any]]:
    from parlour.mahjong.rules.mcr.bench.hands import situations
    from parlour.mahjong.tiles import format_tiles, parse_tiles, tile_name

    for s in situations(SEED + (2 if rules == "xiamen" else 3), OTHER_HANDS):
        win = parse_tiles(s["win_tile"])[0]
        melded = parse_tiles(" ".join(s["melds"]).translate(_NO_BRACKETS))
        before = [*parse_tiles(s["concealed"]), win, *melded]
        extra = [t for t in _EXTRA_SETS if max(Counter(before + parse_tiles(t)).values()) <= 4]
        concealed = parse_tiles(s["concealed"] + " " + rng.choice(extra))
        held = Counter([*concealed, win])
        gold = rng.choice(sorted(held))
        plain = [t for t in concealed if t != gold]
        marks = [tile_name(t) + "*" for t in concealed if t == gold]
        win_text = tile_name(win) + ("*" if win == gold else "")
        hand = " ".join([*s["melds"], format_tiles(plain), *marks, win_text])
        d: dict[str, Any] = {
            "rules": rules,
            "gold": tile_name(gold),
            "hand": hand,
            "win_tile": win_text,
            "seat_wind": s["seat_wind"],
            "bonus": rng.choice(["", "f1", "f1 x3", "f2 f3 x1"]),
        }
        if s["self_drawn"]:
            d["self_drawn"] = True
        else:
            d["discarder"] = rng.choice([w for w in "ESWN" if w != s["seat_wind"]])
        yield {"kind": "score", "input": d}
    for path in sorted((VECTORS / "gold").glob("*.json")):
        for case in json.loads(path.read_text("utf-8")).get("cases", []):
            sit = case.get("situation")
            if isinstance(sit, dict) and sit.get("rules") == rules:
                yield {"kind": "score", "input": sit}


def cases() -> Iterator[dict[str, Any]]:
    """Every case, in a fixed order, each with its rule system's name in ``rules``."""
    for rules, make in (
        ("mcr", _mcr_cases),
        ("classical", _classical_cases),
        ("xiamen", lambda rng: _gold_cases("xiamen", rng)),
        ("quanzhou", lambda rng: _gold_cases("quanzhou", rng)),
    ):
        for case in make(random.Random(f"{SEED}-{rules}")):
            yield {"rules": rules, **case}


def write() -> None:
    shown: Counter[str] = Counter()
    rows = []
    for case in cases():
        text = output(case)
        row = {**case, "sha256": digest(text)}
        if shown[case["rules"]] < FULL_SAMPLES:
            row["output"] = text
            shown[case["rules"]] += 1
        rows.append(json.dumps(row, ensure_ascii=False, sort_keys=True))
    GOLDEN.write_bytes(gzip.compress(("\n".join(rows) + "\n").encode("utf-8"), mtime=0))
    print(f"{len(rows)} cases written to {GOLDEN}")


# ---------------------------------------------------------------------------------------
# The test


def _stored() -> list[dict[str, Any]]:
    lines = gzip.decompress(GOLDEN.read_bytes()).decode("utf-8").splitlines()
    return [json.loads(line) for line in lines]


def test_every_output_is_byte_identical() -> None:
    stored = _stored()
    by_rules = Counter(row["rules"] for row in stored)
    assert by_rules["mcr"] > 3000 and min(by_rules.values()) > 300, by_rules
    valid = Counter(row["rules"] for row in stored if '"valid": true' in row.get("output", "x"))
    assert valid["mcr"] and valid["classical"] and valid["xiamen"], valid
    different = []
    for row in stored:
        text = output(row)
        if "output" in row:
            assert text == row["output"], row["input"]
        if digest(text) != row["sha256"]:
            different.append(row["input"])
    assert not different, f"{len(different)} outputs differ, first: {different[:3]}"


def test_the_cases_are_those_of_the_generator() -> None:
    """The stored inputs are what :func:`cases` makes (so ``--write`` rewrites the same
    hands)."""
    stored = [(row["rules"], row["kind"], row["input"]) for row in _stored()]
    made = [(c["rules"], c["kind"], c["input"]) for c in cases()]
    assert len(made) == len(stored)
    assert json.dumps(made, sort_keys=True) == json.dumps(stored, sort_keys=True)


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        write()
    else:
        print(__doc__)

"""Wuhan's settlement (``wuhan.md`` §5-§12, C1-C10) through ``parlour.settle`` in the
scoring API's contract form: every worked example (§14, Ex 1-9), then the rules one by
one: the laizi cycle, the winning conditions W1-W6, each big pattern and its pair
condition, the fans, the minimum in its forms, each cap, each liability, three
players, and the errors a bad table gets."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

import parlour
from parlour.cli import app
from parlour.core.errors import InvalidHand
from parlour.mahjong.rules.wuhan import laizi_of, next_kind
from parlour.mahjong.rules.wuhan.scoring import kong_only_kinds, previous_kind, resolve_options
from parlour.mahjong.tiles import GREEN, RED, parse_tiles, tile_name
from places import VECTORS

FILES = sorted((VECTORS / "wuhan").glob("ex*.json"))
EXAMPLES = [json.loads(f.read_text()) for f in FILES]
CASES = [
    pytest.param(c, id=f"{e['example']} {i}".replace(" ", "-"))
    for e in EXAMPLES
    for i, c in enumerate(e["cases"])
]
runner = CliRunner()


def test_every_worked_example_has_a_vector() -> None:
    assert [e["example"] for e in EXAMPLES] == [f"Ex {n}" for n in range(1, 10)]
    assert len(CASES) == 12


@pytest.mark.parametrize("case", CASES)
def test_worked_example(case: dict[str, Any]) -> None:
    expect = case["expect"]
    t = parlour.settle(case["table"])
    assert t.valid is expect["valid"], t.reason
    assert t.net == expect["net"]
    assert t.points == expect["points"]
    assert sorted(t.patterns) == sorted(expect["patterns"])
    assert t.liable == expect.get("liable")
    assert sum(t.net.values()) == 0
    out = t.to_json()
    assert out["net"] == expect["net"] and out["valid"] is expect["valid"]


def table(winner_hand: str, win: str, *, winner: str = "N", laizi: str = "7s", **kw: Any) -> Any:
    """A four-player table: the winner's hand and how he won (``self_drawn``,
    ``discarder``...), the other seats from ``seats``, the options from ``options``."""
    seats = {s: {"hand": ""} for s in "ESWN"}
    seats.update(kw.pop("seats", {}))
    how = {k: kw.pop(k) for k in list(kw) if k in (
        "self_drawn", "discarder", "kong_replacement", "haitei", "robbing_kong",
        "third_opening_from")}  # fmt: skip
    seats[winner] = {**seats.get(winner, {}), "hand": winner_hand, "win_tile": win, **how}
    return parlour.settle({"rules": "wuhan", "laizi": laizi, "dealer": "E", "winner": winner,
                           "seats": seats, **kw})  # fmt: skip


# -- the laizi (§5.1) --------------------------------------------------------------------------


def test_the_laizi_follows_its_indicator_and_skips_kong_only_kinds() -> None:
    t = {tile_name(k): tile_name(laizi_of(k, {RED})) for k in parse_tiles("6s 9m N P F")}
    assert t == {"6s": "7s", "9m": "1m", "N": "E", "P": "F", "F": "P"}  # F -> P; P -> C skipped
    assert tile_name(laizi_of(parse_tiles("F")[0], {RED, GREEN})) == "P"
    # green_is_kong_tile: an indicator P makes P the laizi (C10)
    assert tile_name(laizi_of(parse_tiles("P")[0], {RED, GREEN})) == "P"
    # three players: S -> W -> N -> S
    assert tile_name(next_kind(parse_tiles("N")[0], 3)) == "S"
    # pizi: the indicator's kind and the one below are kong-only
    pizi = kong_only_kinds({"pizi_kong": True, "green_is_kong_tile": False}, 21, 4)
    assert sorted(tile_name(k) for k in pizi) == ["3s", "4s"]
    assert tile_name(previous_kind(parse_tiles("C")[0])) == "P"


def test_the_indicator_alone_gives_the_laizi_and_must_agree_with_it() -> None:
    win = {"hand": "[234m] 345s 678p 999p 55m", "win_tile": "9p", "discarder": "S"}
    seats = {"E": {"hand": "[123p]"}, "S": {"hand": "[456p]"}, "W": {"hand": "[789m]"}, "N": win}
    data = {"rules": "wuhan", "indicator": "6s", "dealer": "E", "winner": "N", "seats": seats}
    assert parlour.settle(data).valid
    with pytest.raises(InvalidHand, match="indicator 6s makes the laizi 7s, not 8s"):
        parlour.settle({**data, "laizi": "8s"})


# -- the winning conditions (§9) ---------------------------------------------------------------


def test_w1_no_red_in_a_winning_hand() -> None:
    t = table("[234m] 345s 678p CCC 55m", "5m", self_drawn=True, options={"minimum_points": 0})
    assert not t.valid and "W1" in (t.reason or "")


def test_w2_a_win_needs_an_opening() -> None:
    t = table("234m 345s 678p 999p 55m", "9p", self_drawn=True, options={"minimum_points": 0})
    assert not t.valid and "W2" in (t.reason or "")
    # a concealed kong is no opening
    t = table("{2222m} 345s 678p 999p 55m", "9p", self_drawn=True, options={"minimum_points": 0})
    assert not t.valid and "W2" in (t.reason or "")


def test_w4_the_pair_is_a_2_5_or_8_unless_a_pattern_frees_it() -> None:
    small = table("[234m] 345s 678p 999p 66m", "9p", self_drawn=True, options={"minimum_points": 0})
    assert not small.valid and "W4" in (small.reason or "")
    pungs = table("[222m] 333s 666p 999p 11m", "9p", self_drawn=True)
    assert pungs.valid and "all_pungs" in pungs.patterns


def test_a_pair_of_two_laizi_only_when_the_laizi_is_a_2_5_or_8() -> None:
    # all pungs won on a kong's replacement; no 2, 5 or 8 but the laizi pair: the bloom
    # needs it to be a 2-5-8 pair, which two laizi are only when the laizi is one
    for laizi, bloom in (("8s", True), ("7s", False)):
        hand = f"[333m] {{1111p}} 666s 999p {laizi}* {laizi}*"
        t = table(hand, "9p", laizi=laizi, self_drawn=True, kong_replacement=True)
        assert t.valid and "all_pungs" in t.patterns
        assert ("kong_bloom" in t.patterns) is bloom


def test_w5_a_small_win_holds_at_most_one_laizi() -> None:
    t = table("[234m] 345s 6p 7s* 999p 55m 7s*", "9p", discarder="S",
              options={"minimum_points": 0})  # fmt: skip
    assert not t.valid and "W5" in (t.reason or "")


def test_a_laizi_at_face_value_keeps_the_hard_win() -> None:
    hard = table(
        "[234m] 7s* 8s 9s 678p 999p 55m", "9p", discarder="S", options={"minimum_points": 0}
    )
    wild = table(
        "[234m] 4s 7s* 6s 678p 999p 55m", "9p", discarder="S", options={"minimum_points": 0}
    )
    assert hard.valid and wild.valid
    assert hard.net["N"] == 2 * wild.net["N"]  # the hard win's fan doubles every share


# -- big patterns (§10.2) ----------------------------------------------------------------------


def test_winds_and_two_five_eight_need_no_structure() -> None:
    winds = table("[EEE] S W N F P S W N F P", "P", self_drawn=True)
    assert winds.valid and winds.patterns == ("winds",) and winds.points == 10
    t258 = table("[222m] 5m 8m 2p 5p 8p 2s 5s 8s 8s 5s", "5s", self_drawn=True)
    assert t258.valid and "two_five_eight" in t258.patterns


def test_the_last_four_patterns_need_a_2_5_8_pair() -> None:
    bloom = table("[222m] 333s 666p 999p 55m", "9p", self_drawn=True, kong_replacement=True,
                  seats={"N": {"hand": ""}})  # fmt: skip
    assert {"kong_bloom", "all_pungs"} <= set(bloom.patterns)
    other = table("[222m] 333s 666p 999p 11m", "9p", self_drawn=True, kong_replacement=True)
    assert "kong_bloom" not in other.patterns and "all_pungs" in other.patterns
    haitei = table("[234m] 345s 678p 999p 55m", "9p", self_drawn=True, haitei=True)
    assert haitei.patterns == ("haitei",) and haitei.points == 10


def test_all_claimed_is_a_bare_single_wait_on_a_discard() -> None:
    t = table("[234m] [345s] [678p] [999p] 55m", "5m", discarder="S")
    assert t.valid and "all_claimed" in t.patterns
    # on a self-draw it is no 全求人
    t = table("[234m] [345s] [678p] [999p] 55m", "5m", self_drawn=True)
    assert "all_claimed" not in t.patterns


# -- the minimum (§10.5, C7) -------------------------------------------------------------------


def test_the_minimum_forms() -> None:
    hand, win = "[789p] 234m 456m 4s 6s 7s* 22p", "4s"
    assert not table(hand, win, discarder="S").valid  # 4, 4, 2 < 8
    assert table(hand, win, discarder="S", options={"minimum_points": 4}).valid is False
    assert table(hand, win, discarder="S", options={"minimum_points": 2}).valid
    # fans: the shares have 2, 2 and 1 fans
    assert table(hand, win, discarder="S", options={"minimum_fans": 3}).valid is False
    big = table("[222m] 333s 666p 999p 11m", "9p", discarder="S", options={"minimum_fans": 4})
    assert big.valid  # big wins are exempt from minimum_fans
    # green_is_kong_tile: 32 points for every win, big ones too
    t = table("[222m] 333s 666p 999p 11m", "9p", discarder="S",
              options={"green_is_kong_tile": True})  # fmt: skip
    assert t.valid is (min(t.shares.values()) >= 32)


def test_three_players_need_one_share_at_the_minimum() -> None:
    # S wins on W's discard, the laizi wild (no hard win): E (the dealer, an opening)
    # pays 2^3 = 8, W (the discarder) 2^2 = 4: one share reaches 8
    win = {"hand": "[333p] 456p 4s 7s* 6s 123s 55s", "win_tile": "3s", "discarder": "W"}
    base = {"rules": "wuhan", "players": 3, "laizi": "7s", "dealer": "E", "winner": "S"}
    t = parlour.settle({**base, "seats": {"E": {"hand": "[456s]"}, "W": {"hand": ""}, "S": win}})
    assert t.valid and t.shares == {"E": 8, "W": 4} and t.net["S"] == 12
    none = parlour.settle({**base, "seats": {"E": {"hand": ""}, "W": {"hand": ""}, "S": win}})
    assert not none.valid and none.shares == {"E": 4, "W": 4}


# -- caps (§10.6, C6) --------------------------------------------------------------------------


def test_each_cap() -> None:
    hand = "[222m] {8888s} 555p 22s 555s"
    gold = table(hand, "5s", winner="W", self_drawn=True,
                 seats={s: {"hand": "[123p]"} for s in "ESN"})  # fmt: skip
    assert gold.cap == "金頂" and gold.net == {"E": -400, "S": -400, "W": 1200, "N": -400}
    sun = table(hand, "5s", winner="W", self_drawn=True,
                seats={"S": {"hand": "[123p]"}, "N": {"hand": "[123m]"}})  # fmt: skip
    assert sun.cap == "陽光頂" and sun.net["E"] == -500 and sun.net["S"] == -400
    three = table(hand, "5s", winner="W", self_drawn=True)
    assert three.cap == "三陽" and three.net["W"] == 1800
    high = table(hand, "5s", winner="W", self_drawn=True, options={"high_caps": True})
    assert high.cap == "三陽" and high.net["W"] == 3 * 700
    high8 = table(hand, "5s", winner="W", self_drawn=True,
                  options={"high_caps": True, "sanyang_800": True})  # fmt: skip
    assert high8.net["W"] == 3 * 800
    # Ex 3: one share over 300 is capped, no 金頂
    with pytest.raises(InvalidHand, match="sanyang_800 needs high_caps"):
        table(hand, "5s", winner="W", self_drawn=True, options={"sanyang_800": True})


# -- liability (§10.7, C5) ---------------------------------------------------------------------


def test_the_unready_discarder_of_an_all_claimed_win_pays_everything() -> None:
    ready = table("[234m] [345s] [678p] [999p] 55m", "5m", discarder="S")
    assert ready.liable is None
    unready = table("[234m] [345s] [678p] [999p] 55m", "5m", discarder="S",
                    seats={"S": {"hand": "", "ready": False}})  # fmt: skip
    assert unready.liable == "S"
    assert unready.net["S"] == -unready.net["N"] and unready.net["E"] == 0
    assert unready.net["N"] == ready.net["N"]  # the same shares, one payer


def test_the_giver_of_the_third_opening_pays_a_one_suit_win() -> None:
    hand = "[123p] [456p] [789p] 222p 55p"
    t = table(hand, "5p", self_drawn=True, third_opening_from="W")
    assert "one_suit" in t.patterns and t.liable == "W"
    assert t.net["W"] == -t.net["N"] and t.net["E"] == t.net["S"] == 0
    two = table("[123p] [456p] 789p 222p 55p", "5p", self_drawn=True, third_opening_from="W")
    assert two.liable is None  # two openings only


# -- errors ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"players": 5}, "'players' must be 4 or 3"),
        ({"laizi": None, "indicator": None}, "give the laizi"),
        ({"laizi": "C", "indicator": None}, "C cannot be the laizi"),
        ({"winner": "Q"}, "'winner' must be a seat"),
        ({"bogus": 1}, "unknown field 'bogus'"),
        ({"options": {"green_is_kong_tile": True, "pizi_kong": True}}, "exclude each other"),
        ({"removed_suit": "m"}, "'removed_suit' is for three players"),
    ],
)
def test_a_bad_table_is_refused_with_its_fault(change: dict[str, Any], message: str) -> None:
    data = json.loads(json.dumps(EXAMPLES[0]["cases"][0]["table"]))
    data.update(change)
    data = {k: v for k, v in data.items() if v is not None}
    with pytest.raises(InvalidHand, match=message):
        parlour.settle(data)


def test_bad_seats_are_refused() -> None:
    data = json.loads(json.dumps(EXAMPLES[0]["cases"][0]["table"]))
    data["seats"]["E"]["win_tile"] = "3m"
    with pytest.raises(InvalidHand, match="'win_tile' is the winner's, not seat E's"):
        parlour.settle(data)
    data = json.loads(json.dumps(EXAMPLES[0]["cases"][0]["table"]))
    data["seats"]["N"]["hand"] = "[234m] 345s 678p 999p 55m 7s"
    with pytest.raises(InvalidHand, match="every laizi is written with"):
        parlour.settle(data)
    three = {"rules": "wuhan", "players": 3, "laizi": "7s", "winner": "S", "removed_suit": "m",
             "seats": {"S": {"hand": "[234m] 345s 678p 999p 55p", "win_tile": "9p",
                             "self_drawn": True}}}  # fmt: skip
    with pytest.raises(InvalidHand, match="2m is not in the three-player set"):
        parlour.settle(three)


def test_options_are_checked() -> None:
    assert resolve_options({}, 4)["minimum_points"] == 8
    with pytest.raises(InvalidHand, match="minimum_fans"):
        resolve_options({"minimum_fans": 5}, 4)
    with pytest.raises(InvalidHand, match="not played by three"):
        resolve_options({"green_is_kong_tile": True}, 3)


# -- the command line --------------------------------------------------------------------------


def test_score_table_on_the_command_line(tmp_path: Any) -> None:
    path = tmp_path / "t.json"
    path.write_text(json.dumps(EXAMPLES[0]["cases"][0]["table"]))
    result = runner.invoke(app, ["score", "--table", str(path), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["net"] == {"E": -16, "S": -16, "W": -64, "N": 96}
    text = runner.invoke(app, ["score", "--rules", "wuhan", "--table", str(path)])
    assert text.exit_code == 0 and "Shares" in text.output and "+96" in text.output
    refused = json.loads(json.dumps(EXAMPLES[4]["cases"][0]["table"]))
    path.write_text(json.dumps(refused))
    result = runner.invoke(app, ["score", "--table", str(path)])
    assert result.exit_code == 2 and "minimum" in result.output
    hand = runner.invoke(app, ["score", "--rules", "wuhan", "123m"])
    assert hand.exit_code == 2 and "give --table FILE" in " ".join(hand.output.split())


def test_the_2_5_8_split_by_counts_agrees_with_the_decompositions() -> None:
    """``_sets_and_pair_258`` (``may_win``'s count of a small win's shape) says what the
    decompositions say: some split into sets and a 2-5-8 pair, with one laizi standing
    for any kind the table has, or none; seeded hands near complete, four and three
    players."""
    import random

    from parlour.mahjong.melds import CHOW as CHOW_KIND
    from parlour.mahjong.melds import PUNG, Meld
    from parlour.mahjong.rules.wuhan.scoring import _sets_and_pair_258
    from parlour.mahjong.shapes import WildRules, decompositions

    rng = random.Random(21)
    seen = {(w, v): 0 for w in (False, True) for v in (False, True)}
    for case in range(3000):
        removed = frozenset((*range(9), 27)) if case % 3 == 0 else frozenset()
        pool = [k for k in range(34) if k not in removed for _ in range(4)]
        rng.shuffle(pool)
        groups: list[list[int]] = []
        while len(groups) < 4:
            k = rng.choice(pool)
            chow = k < 27 and k % 9 <= 6 and rng.random() < 0.6
            want = [k, k + 1, k + 2] if chow else [k, k, k]
            if all(want.count(x) <= pool.count(x) for x in set(want)):
                for x in want:
                    pool.remove(x)
                groups.append(want)
        k = rng.choice([x for x in pool if pool.count(x) >= 2] or pool)
        pair = [k, k] if pool.count(k) >= 2 else [k, rng.choice(pool)]
        for x in pair:
            pool.remove(x)
        n_melds = rng.randrange(4)
        melds = [Meld(CHOW_KIND if g[0] != g[1] else PUNG, tuple(g), exposed=True)
                 for g in groups[:n_melds]]  # fmt: skip
        concealed = [x for g in groups[n_melds:] for x in g] + pair
        if rng.random() < 0.6:  # one tile swapped for another from the wall
            concealed[rng.randrange(len(concealed))] = pool.pop()
        wild = rng.random() < 0.5
        laizi = pool.pop()  # a copy the wall still holds
        if wild:
            concealed.pop(rng.randrange(len(concealed)))
            if laizi in concealed:
                continue  # every laizi held is the wild
        counts = [0] * 34
        for x in concealed:
            counts[x] += 1
        got = _sets_and_pair_258(counts, wild=wild)
        rules = WildRules(in_kong=False, beyond_four=True, wild_tile=laizi) if wild else None
        found = decompositions(
            concealed + ([laizi] if wild else []), melds, constraints=rules, kinds=("regular",)
        )
        want_258 = any(
            d.pair is not None
            and d.pair < 27
            and d.pair % 9 in (1, 4, 7)
            and not any(s in removed for _, s in d.wilds)
            for d in found
        )
        assert got is want_258, (concealed, melds, wild and tile_name(laizi), removed)
        assert counts == [concealed.count(x) for x in range(34)]  # left as it was
        seen[wild, got] += 1
    assert min(seen.values()) > 100, seen

"""Piquet's worked examples (P1-P7 with P6's variants) and mini-vectors, played through
the engine from the JSON vectors in tests/vectors/piquet/."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from parlour.cards.cards import format_cards, parse_cards
from parlour.cards.piquet import (
    BLANK,
    CARDS,
    POINT,
    SEQUENCE,
    SET,
    SPACE,
    TRICK,
    Combination,
    Piquet,
    PiquetOptions,
    combinations,
    deal_order,
    settle,
    seventeenth_century_value,
    sort_hand,
    value_points,
)
from parlour.core.actions import Action
from places import VECTORS

VECTORS = VECTORS / "piquet"
HANDS = sorted(p for p in VECTORS.glob("P*.json"))
ELDER, YOUNGER = 0, 1  # seat 1 deals in every vector
ROLE = {"E": ELDER, "Y": YOUNGER, "elder": ELDER, "younger": YOUNGER}


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def sorted_text(text: str) -> str:
    return format_cards(sort_hand(parse_cards(text)))


def act(game: Piquet, seat: int, text: str) -> list[Any]:
    assert seat in game.to_act(), (text, game.phase, game.to_act())
    return game.apply(seat, game.parse_action(text))


def start(v: dict[str, Any], scores: list[int] | None = None) -> Piquet:
    options = PiquetOptions.make(v["options"])
    deck = deal_order(
        parse_cards(v["elder"]),
        parse_cards(v["younger"]),
        parse_cards(v["talon"]),
        options.packet_size,
    )
    return Piquet(v["options"], seed=7, deck=deck, dealer=YOUNGER, scores=scores)


def exchange(game: Piquet, v: dict[str, Any]) -> list[Any]:
    """Carte blanche claims and both exchanges; the events they caused."""
    events: list[Any] = []
    if "elder" in v["blank"]:
        events += act(game, ELDER, "blank")
    for c in v["elder_discards"].split():
        events += act(game, ELDER, f"discard {c}")
    events += act(game, ELDER, "exchange")
    if "younger" in v["blank"]:
        events += act(game, YOUNGER, "blank")
    for c in v["younger_discards"].split():
        events += act(game, YOUNGER, f"discard {c}")
    events += act(game, YOUNGER, "exchange")
    if game.phase == "talon":
        if YOUNGER in game.to_act():
            events += act(game, YOUNGER, "pass")
        lead = v["name_lead"]
        events += act(game, ELDER, f"name_lead {lead}" if lead else "pass")
    return events


def declare(game: Piquet, v: dict[str, Any]) -> list[Any]:
    events: list[Any] = []
    for category in (POINT, SEQUENCE, SET):
        assert game.phase == "declare" and game.observation(ELDER)["category"] == category
        mine = v["declare"][category]
        events += act(game, ELDER, f"{category} {mine}" if mine else "none")
        if mine:
            theirs = v["answer"][category]
            events += act(game, YOUNGER, f"{category} {theirs}" if theirs else "good")
    return events


def tricks(text: str) -> list[tuple[int, str, int, str, int]]:
    out = []
    for part in text.split("|"):
        _, lead, follow = part.split()
        follow, winner = follow.split(">")
        out.append((ROLE[lead[0]], lead[2:], ROLE[follow[0]], follow[2:], ROLE[winner]))
    return out


def play(game: Piquet, v: dict[str, Any], stop_after_lead: bool = False) -> list[Any]:
    events: list[Any] = []
    for number, (leader, lead, follower, follow, winner) in enumerate(tricks(v["tricks"]), 1):
        events += act(game, leader, f"play {lead}")
        if number == 1:
            for category, claim in v["claim"].items():
                assert game.phase == "claim"
                events += act(game, YOUNGER, f"{category} {claim}" if claim else "none")
            if stop_after_lead or game.hand_records:
                return events
        events += act(game, follower, f"play {follow}")
        assert game.hand is not None
        if number < 12:
            assert game.hand.tricks[-1][3] == winner, number
    return events


def play_out(v: dict[str, Any], scores: list[int] | None = None) -> tuple[Piquet, list[Any]]:
    game = start(v, scores)
    events = exchange(game, v)
    events += declare(game, v)
    events += play(game, v)
    return game, events


@pytest.fixture(params=HANDS, ids=[p.stem for p in HANDS])
def vector(request: pytest.FixtureRequest) -> dict[str, Any]:
    return load(request.param)


def test_the_vectors_are_all_there() -> None:
    assert [p.stem for p in HANDS] == ["P1", "P2", "P3", "P4", "P5", "P6", "P6a", "P6b", "P7"]


def test_exchange(vector: dict[str, Any]) -> None:
    v = vector
    game = start(v)
    assert game.observation(ELDER)["hand"] == sorted_text(v["elder"])
    assert game.observation(YOUNGER)["hand"] == sorted_text(v["younger"])
    events = exchange(game, v)
    takes = {e.seat: e.data["cards"] for e in events if e.kind == "take"}
    assert takes == {ELDER: v["elder_takes"], YOUNGER: v["younger_takes"]}
    peek = [e.data["cards"] for e in events if e.kind == "peek"]
    assert peek == ([v["elder_peek"]] if v["elder_peek"] else [])
    assert all(e.to == ELDER for e in events if e.kind == "peek")
    left = [e for e in events if e.kind == "leftover"]
    if v["leftover"]:
        assert left[0].data["cards"] == v["leftover"] and left[0].to == YOUNGER
        if v["name_lead"]:
            assert left[-1].to is None and game.observation(ELDER)["leftover"] == v["leftover"]
    else:
        assert not left
    shown = [e.seat for e in events if e.kind == "show"]
    assert shown == [ROLE[r] for r in v["blank"]]
    assert game.observation(ELDER)["hand"] == sorted_text(v["final_elder"])
    assert game.observation(YOUNGER)["hand"] == sorted_text(v["final_younger"])
    assert game.phase == "declare"


def test_declarations(vector: dict[str, Any]) -> None:
    v = vector
    game = start(v)
    exchange(game, v)
    events = declare(game, v)
    said = [
        [e.data["category"], "elder" if e.seat == ELDER else "younger", e.data["says"]]
        for e in events
        if e.kind == "say"
    ]
    assert said == v["dialogue"]
    # the hand's canonical points are not entered before younger's claims at trick 1
    assert game.observation(ELDER)["hand_points"] == [0, 0] or v["blank"]
    events = play(game, v, stop_after_lead=True)
    for seat, role in ((ELDER, "elder"), (YOUNGER, "younger")):
        spoken = [e.data["says"] for e in game.events if e.kind == "score" and e.seat == seat]
        assert spoken == v[f"{role}_says"]
    assert game.hand is not None
    after: dict[str, tuple[int, int]] = {}
    for line in game.hand.ledger.lines:
        if line.step in (BLANK, POINT, SEQUENCE, SET):
            after[line.step] = line.totals
    assert [[k, a, b] for k, (a, b) in after.items()] == v["canonical"]


def test_whole_hand(vector: dict[str, Any]) -> None:
    v = vector
    game, _ = play_out(v)
    record = game.hand_records[0]
    assert record["ended"] == "tricks"
    lines = game.hand_records[0]["lines"]
    for seat, role in ((ELDER, "elder"), (YOUNGER, "younger")):
        trick = sum(
            x["points"]
            for x in lines
            if x["step"] == TRICK and x["who"] == seat and x["what"] != "pique"
        )
        cards = sum(x["points"] for x in lines if x["step"] == CARDS and x["who"] == seat)
        assert trick == v["trick_points"][role]
        assert cards == v["cards"][role]
    assert record["points"] == [v["hand_points"]["elder"], v["hand_points"]["younger"]]
    bonus = record["bonus"]
    expect = v["bonus"]
    assert (
        None if bonus is None else ["elder" if bonus["seat"] == ELDER else "younger", bonus["name"]]
    ) == expect
    if expect and expect[1] == "pique":
        # the pique comes at the lead point of the vector's trick
        pique = next(i for i, x in enumerate(lines) if x["what"] == "pique")
        leads = [x for x in lines[:pique] if x["what"] == "lead"]
        assert len(leads) == v["pique_after_trick"]
    assert record["tricks"][ELDER] + record["tricks"][YOUNGER] == 12


def test_game_end(vector: dict[str, Any]) -> None:
    v = vector
    for case in v["game_end"]:
        scores = [case["scores"]["elder"], case["scores"]["younger"]]
        game, _ = play_out(v, scores)
        record = game.hand_records[0]
        assert record["ended"] == case["ended"]
        g = game.games[0]
        assert g["winner"] == ROLE[case["winner"]]
        assert g["scores"] == [case["final"]["elder"], case["final"]["younger"]]
        if case["ended"] == "declarations":
            # no trick point was scored: the game ended with younger's claims
            assert all(x["step"] not in (TRICK, CARDS) for x in record["lines"])


def test_game_end_vectors_are_tested() -> None:
    assert sum(len(load(p)["game_end"]) for p in HANDS) == 3


MINI = load(VECTORS / "mini.json")


def pick(category: str, cards: str, key: str | None) -> Combination | None:
    if key is None:
        return None
    action = SPACE.parse(f"{category} {key}")
    return next(c for c in combinations(category, parse_cards(cards)) if c.key == action.payload)


@pytest.mark.parametrize("case", MINI["settle"], ids=[c["name"] for c in MINI["settle"]])
def test_mini_settle(case: dict[str, Any]) -> None:
    options = PiquetOptions.make(case["options"])
    cat = case["category"]
    s = settle(
        cat,
        parse_cards(case["elder"]),
        parse_cards(case["younger"]),
        pick(cat, case["elder"], case["declared"]),
        pick(cat, case["younger"], case["compared"]),
        options,
    )
    assert [list(d) for d in s.dialogue] == case["dialogue"]
    assert s.outcome == case["outcome"]
    assert s.points == case["points"]
    assert [c.describe() for c in s.scored] == case["scored"]


def test_mini_value_points() -> None:
    for value, points in MINI["value_points"]["values"]:
        assert value_points(value) == points
        cards = parse_cards("AS KS QS JS 10S 9S 8S 7S")
        assert Combination(POINT, cards).score("value") == value_points(
            Combination(POINT, cards).value
        )
    assert len(MINI["value_points"]["values"]) == 7


def test_partie_values() -> None:
    for winner, loser, value in MINI["seventeenth_century_value"]["games"]:
        assert seventeenth_century_value(winner, loser) == value


def test_the_engine_reproduces_the_dialogue_of_M3() -> None:
    """M3 through the game: elder declares a quinte to the king, stepwise disclosure."""
    e = parse_cards("KH QH JH 10H 9H 7S 8S 9D 7D 8C 9C 10C")
    y = parse_cards("AD KD QD JD 10D 7H 8H 9S 10S 7C JC QC")
    talon = parse_cards("AS KS QS JS AH AC KC 8D")
    game = Piquet({"disclosure": "stepwise"}, deck=deal_order(e, y, talon), dealer=1)
    for text in ("discard 7S", "exchange"):
        act(game, 0, text)
    for text in ("discard 7C", "exchange"):
        act(game, 1, text)
    act(game, 0, "pass")  # names no lead suit (younger saw the leftover privately)
    act(game, 0, "point H")
    act(game, 1, "good")
    events = act(game, 0, "sequence KH") + act(game, 1, "sequence AD")
    said = [e.data["says"] for e in events if e.kind == "say"]
    assert said == ["a quinte", "equal", "to the king", "not good"]
    assert Action("none") in game.legal_actions(0)

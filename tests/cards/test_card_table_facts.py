"""What the card tables draw, as the hosted games tell it: Piquet's declarations with who
scored what, who took each trick, the end of a deal broken down line by line; all of it
public (nothing of a hand still held, nothing of the unseen talon)."""

from __future__ import annotations

import json
import random
from typing import Any

from parlour.cards.hosted import CardHosted


def play_first_deal(seed: int) -> tuple[CardHosted, list[dict[str, Any]]]:
    """A Piquet partie whose first deal is played by random choices; the observations
    of both seats at every step of it."""
    match = CardHosted("piquet", {"partie": "single_game"}, seed=seed, players=["A", "B"])
    rng = random.Random(seed)
    seen: list[dict[str, Any]] = []
    while match.hand_number == 1 and not match.is_over():
        seen += [match.observation(0), match.observation(1)]
        seat = match.to_act()[0]
        match.apply(seat, rng.choice(match.legal_actions(seat)), 1)
    return match, seen


def test_the_end_of_a_piquet_deal_says_who_took_each_trick_and_how_it_scored() -> None:
    for seed in range(6):
        match, _ = play_first_deal(seed)
        last = match.last_hand()
        assert last is not None
        r = last["result"]
        assert {"dealer", "elder", "declarations", "scored", "lines", "tricks_taken"} <= set(r)
        assert r["elder"] == 1 - r["dealer"]
        if r["ended"] != "tricks":
            continue
        taken = r["tricks_taken"]
        assert [t["number"] for t in taken] == list(range(1, 13))
        assert [sum(t["winner"] == s for t in taken) for s in (0, 1)] == r["tricks"]
        assert len({c for t in taken for c in t["cards"]}) == 24  # every card played once
        # the ledger adds up to the deal's points, and ends with the cards or capot
        assert [sum(ln["points"] for ln in r["lines"] if ln["who"] == s) for s in (0, 1)] == r[
            "points"
        ]
        if r["tricks"] != [6, 6]:
            assert r["lines"][-1]["what"] in ("the cards", "capot")
        # the point is always declared first, and by elder
        assert r["declarations"][0]["category"] == "point"
        assert r["declarations"][0]["seat"] == r["elder"]
        for s in r["scored"]:
            assert s["points"] > 0 and s["combinations"]
        # younger's claims at the first trick: his, each in a category elder left open
        for c in r["claims"]:
            assert c["seat"] == r["dealer"]
            elder_said = [d for d in r["declarations"] if d["category"] == c["category"]]
            assert all(d["says"] in ("no sequence",) for d in elder_said), elder_said


def test_younger_claims_what_elder_left_unsaid_and_everyone_is_told() -> None:
    claimed = []
    for seed in range(12):
        match, _ = play_first_deal(seed)
        last = match.last_hand()
        assert last is not None
        claimed += last["result"]["claims"]
    assert claimed, "some deal of twelve has a claim"
    for c in claimed:
        assert c["category"] in ("point", "sequence", "set") and c["says"]


def test_piquet_observations_tell_the_trick_takers_and_what_was_scored() -> None:
    _, seen = play_first_deal(3)
    played = [o for o in seen if o.get("phase") == "play"]
    assert played
    for obs in played:
        assert len(obs["trick_winners"]) == sum(obs["tricks_won"])
        assert [obs["trick_winners"].count(s) for s in (0, 1)] == obs["tricks_won"]
        assert sum(ln["points"] for ln in obs["lines"]) == sum(obs["hand_points"])
    later = played[-1]
    assert later["scored"] == played[-2]["scored"]  # both seats are told the same
    for s in later["scored"]:
        assert set(s) == {"seat", "categories", "points", "combinations", "says"}


def test_what_the_tables_are_told_shows_no_card_still_held_by_the_other_seat() -> None:
    """The new facts (scored, claims, trick_winners, lines) name only combinations declared
    aloud and cards played: a seat's observation never holds a card the other seat
    still has in hand."""
    for seed in range(4):
        match = CardHosted("piquet", {"partie": "single_game"}, seed=seed, players=["A", "B"])
        rng = random.Random(seed)
        while match.hand_number == 1 and not match.is_over():
            deal = match.game.hand  # type: ignore[attr-defined]
            for seat in (0, 1):
                obs = match.observation(seat)
                told = {
                    k: obs[k] for k in ("scored", "claims", "trick_winners", "lines") if k in obs
                }
                text = json.dumps(told)
                for card in deal.hands[1 - seat] if deal is not None else ():
                    assert f'"{card}"' not in text, (seed, seat, card)
            seat = match.to_act()[0]
            match.apply(seat, rng.choice(match.legal_actions(seat)), 1)

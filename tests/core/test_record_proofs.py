"""What a record proves about its seed, for every family of games.

A server's record carries a ``fairness`` block: the salt it kept secret and the
commitment (SHA-256 of ``"<seed>:<salt>"``) it published before the deal. Validation
checks that the seed and salt give the commitment, and refuses a malformed block naming
what is wrong, whether the record is of a mahjong game or of a card game (one shared
check, :func:`parlour.core.records.check_fairness`).

A hand record (``kind: "hand"``, as ``parlour simulate --records`` writes) names its seed
twice, at the top and in its hand's setup: the hand is dealt from the record's seed, so
changing either one is refused, naming the seed.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from parlour.bots import RandomBot
from parlour.cards.games import find_card_game
from parlour.cards.sim import play_card_game
from parlour.core.digests import seed_commitment
from parlour.core.records import RecordError, check_fairness, check_fairness_form
from parlour.mahjong.sim import play_hand
from parlour.mahjong.table import Table
from parlour.records import check_record, record_of, replay, validate
from parlour.server import store
from places import VECTORS

SALT = "5f0c2a9e41d7b3a8c6e2f1d0b9a87654"


def mahjong_hand(seed: int = 11) -> dict[str, Any]:
    """The record of a whole MCR hand played by random bots."""
    table = Table(seed=seed)
    bots = [RandomBot(seed=seed * 4 + s) for s in range(4)]
    while not table.is_over():
        seat = table.to_act()[0]
        table.apply(seat, bots[seat].act(table.observation(seat), table.legal_actions(seat)))
    return record_of(table)


def mahjong_session(seed: int = 3) -> dict[str, Any]:
    """The record of a (short) finished mahjong session."""
    from parlour.mahjong.session import SessionRules, play_session

    session = play_session(
        [RandomBot(seed=i) for i in range(4)], seed=seed, session_rules=SessionRules(max_hands=1)
    )
    return record_of(session)


def card_game(rules: str, seed: int = 5) -> dict[str, Any]:
    spec = find_card_game(rules)
    out = play_card_game(rules, ["random"] * spec.players, seed, record=True)
    record: dict[str, Any] = out["record"]
    return record


RECORDS: dict[str, Callable[[], dict[str, Any]]] = {
    "mahjong hand": mahjong_hand,
    "mahjong session": mahjong_session,
    "ninety-nine": lambda: card_game("ninety-nine"),
    "piquet": lambda: card_game("piquet"),
}


@pytest.fixture(scope="module", params=sorted(RECORDS))
def served(request: pytest.FixtureRequest) -> dict[str, Any]:
    """A finished record as a server gives it: with the seed's salt and commitment."""
    record = RECORDS[request.param]()
    assert validate(record).ok, validate(record).message
    record["fairness"] = {"salt": SALT, "commitment": seed_commitment(record["seed"], SALT)}
    return record


def refusal(record: dict[str, Any]) -> str:
    report = validate(record)
    assert not report.ok and not report.unfinished, report.message
    return report.message


def test_the_commitment_is_one_recipe_kept_where_the_server_had_it() -> None:
    assert store.seed_commitment is seed_commitment
    assert seed_commitment(7, "ab")[:12] == "ad6ba0f9c42b"
    assert len(seed_commitment(-3, "x")) == 64


def test_a_served_record_validates(served: dict[str, Any]) -> None:
    assert validate(served).ok, validate(served).message
    check_record(served)


def test_a_wrong_salt_is_refused(served: dict[str, Any]) -> None:
    forged = copy.deepcopy(served)
    forged["fairness"]["salt"] = "00" + SALT[2:]
    assert "commitment" in refusal(forged)


def test_a_wrong_commitment_is_refused(served: dict[str, Any]) -> None:
    forged = copy.deepcopy(served)
    forged["fairness"]["commitment"] = seed_commitment(served["seed"] + 1, SALT)
    assert "commitment" in refusal(forged)


def test_an_upper_case_commitment_is_the_same_digest(served: dict[str, Any]) -> None:
    same = copy.deepcopy(served)
    same["fairness"]["commitment"] = same["fairness"]["commitment"].upper()
    assert validate(same).ok


@pytest.mark.parametrize(
    ("fairness", "named"),
    [
        (5, "fairness must be an object with 'salt' and 'commitment', not 5"),
        ("x", "fairness must be an object"),
        ([SALT], "fairness must be an object"),
        ({"commitment": "0" * 64}, "fairness has no 'salt'"),
        ({"salt": SALT}, "fairness has no 'commitment'"),
        ({"salt": 5, "commitment": "0" * 64}, "fairness salt must be text, not 5"),
        ({"salt": "", "commitment": "0" * 64}, "fairness salt must be text"),
        ({"salt": SALT, "commitment": 5}, "fairness commitment must be a SHA-256 digest"),
        ({"salt": SALT, "commitment": "00"}, "fairness commitment must be a SHA-256 digest"),
        ({"salt": SALT, "commitment": "z" * 64}, "fairness commitment must be a SHA-256 digest"),
        (
            {"salt": SALT, "commitment": "0" * 64, "seed": 1},
            "fairness has no field 'seed'",
        ),
    ],
)
def test_a_malformed_fairness_block_is_refused_naming_what_is_wrong(
    served: dict[str, Any], fairness: Any, named: str
) -> None:
    forged = dict(served, fairness=fairness)
    assert named in refusal(forged)
    with pytest.raises(RecordError, match="fairness"):
        check_record(forged)


def test_a_record_without_fairness_needs_none(served: dict[str, Any]) -> None:
    old = {k: v for k, v in served.items() if k != "fairness"}
    assert validate(old).ok
    assert validate(dict(old, fairness=None)).ok


def test_the_shared_checks_directly() -> None:
    good = {"salt": "ab", "commitment": seed_commitment(7, "ab")}
    check_fairness({"seed": 7, "fairness": good})
    check_fairness_form({"seed": 8, "fairness": good})
    with pytest.raises(RecordError, match="commitment published"):
        check_fairness({"seed": 8, "fairness": good})
    with pytest.raises(RecordError, match="seed must be a whole number"):
        check_fairness({"seed": True, "fairness": good})


# -- the seed of a hand record ---------------------------------------------------------


@pytest.fixture(scope="module")
def hand_record() -> dict[str, Any]:
    """A hand record as ``parlour simulate --records`` writes it."""
    out = play_hand(["random"] * 4, 9, 2, record=True)
    record: dict[str, Any] = out["record"]
    assert record["kind"] == "hand" and validate(record).ok
    return record


SEED_CHANGES: list[Callable[[int], int]] = [
    lambda s: s + 1,
    lambda s: -s,
    lambda s: 10**70,
    lambda s: s - 1,
]


@pytest.mark.parametrize("change", SEED_CHANGES)
def test_a_hand_record_with_another_seed_is_refused(
    hand_record: dict[str, Any], change: Callable[[int], int]
) -> None:
    forged = copy.deepcopy(hand_record)
    forged["seed"] = change(forged["seed"])
    assert forged["seed"] != hand_record["seed"]
    message = refusal(forged)
    assert "seed" in message and str(forged["seed"]) in message
    with pytest.raises(RecordError, match="seed"):
        list(replay(forged))


@pytest.mark.parametrize("change", SEED_CHANGES)
def test_a_hand_record_whose_hand_has_another_seed_is_refused(
    hand_record: dict[str, Any], change: Callable[[int], int]
) -> None:
    forged = copy.deepcopy(hand_record)
    setup = forged["hands"][0]["setup"]
    setup["seed"] = change(setup["seed"])
    assert "seed" in refusal(forged)


def test_an_unfinished_hand_record_with_another_seed_is_refused() -> None:
    table = Table(seed=4)
    table.apply(0, table.legal_actions(0)[-1])
    record = record_of(table)
    assert validate(record).unfinished
    record["seed"] += 1
    assert "seed" in refusal(record)


def test_a_version_one_hand_record_with_another_seed_is_refused() -> None:
    record = json.loads((VECTORS / "records_v1" / "hand_greedy.json").read_text())
    assert validate(record).ok
    record["seed"] = -record["seed"]
    assert "seed" in refusal(record)


def test_every_hand_of_a_simulation_record_names_its_own_seed() -> None:
    for index in range(3):
        record = mahjong_hand(seed=100 + index)
        assert record["seed"] == record["hands"][0]["setup"]["seed"] == 100 + index
        assert validate(record).ok


@pytest.mark.parametrize(
    ("rules", "options", "named"),
    [
        ("classical", {"rounds": 0}, "option rounds"),
        ("classical", {"limit": -5}, "option limit"),
        ("ninety-nine", {"deal_count": 9000000}, "option deal_count"),
    ],
)
def test_a_record_with_options_out_of_their_domain_is_refused_as_it_is_read(
    rules: str, options: dict[str, object], named: str
) -> None:
    from parlour.records import check_record

    if rules == "ninety-nine":
        record = {"format": "parlour-record", "version": 2, "game": "cards", "rules": rules,
                  "seed": 1, "actions": [], "options": options}  # fmt: skip
    else:
        record = {"format": "parlour-record", "version": 2, "ruleset": rules, "seed": 1,
                  "hands": [], "options": options}  # fmt: skip
    with pytest.raises(RecordError, match=f"the record's options: {named}"):
        check_record(record)

"""The card games' options are refused outside their domains at every way in: the rule
system, the game itself, the card game's entry, the score keeper, a simulation, the
command line, the server's API and a record's validation. The finding: a Ninety-Nine
game of 9000000 deals was accepted (a server table of bots then played for hours).
Piquet's one rule over two options (C6) holds with the ``rule_set`` presets."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

import parlour
from parlour.cards.games import find_card_game
from parlour.cards.ninety_nine import NinetyNine
from parlour.cards.ninety_nine.options import MOST_DEALS
from parlour.cards.piquet import OPTIONS as PIQUET_OPTIONS
from parlour.cards.piquet import PiquetOptions
from parlour.cards.piquet.partie import Piquet
from parlour.cards.sim import play_card_game
from parlour.cli import app
from parlour.core.errors import InvalidHand
from parlour.core.options import option_values
from parlour.records import validate
from parlour.registry import find_system
from parlour.server.app import create_app
from parlour.sim import prepare

runner = CliRunner()

DEALS = "option deal_count must be a multiple of 9 from 9 to 999, not"
BAD_99: list[tuple[dict[str, Any], str]] = [
    ({"deal_count": 9000000}, f"{DEALS} 9000000"),
    ({"deal_count": 1008}, f"{DEALS} 1008"),
    ({"deal_count": 10}, f"{DEALS} 10"),
    ({"deal_count": 0}, f"{DEALS} 0"),
    ({"deal_count": -9}, f"{DEALS} -9"),
    ({"deal_count": True}, "option deal_count must be a whole number, not True"),
    ({"game_target": 1000}, "option game_target must be one of 100, not 1000"),
]
IDS_99 = [f"{k}={v}" for o, _ in BAD_99 for k, v in o.items()]
EXCHANGE = "elder_max_exchange=8 needs deck_size=36 (younger would have no card to take)"
BAD_PIQUET: list[tuple[dict[str, Any], str]] = [
    ({"elder_max_exchange": 8}, EXCHANGE),
    ({"rule_set": "seventeenth_century", "deck_size": 32}, EXCHANGE),
    ({"rule_set": "old", "elder_max_exchange": 8}, EXCHANGE),
    ({"target_score": 1000}, "option target_score must be one of 100, 150, 200, not 1000"),
    ({"packet_size": 4}, "option packet_size must be one of 3, 2, not 4"),
]
IDS_PIQUET = ["exchange8", "17th-32", "old-exchange8", "target1000", "packet4"]
BAD = [("ninety-nine", o, m) for o, m in BAD_99] + [("piquet", o, m) for o, m in BAD_PIQUET]
IDS = [f"ninety-nine:{i}" for i in IDS_99] + [f"piquet:{i}" for i in IDS_PIQUET]


@pytest.mark.parametrize(("rules", "options", "message"), BAD, ids=IDS)
def test_the_rule_system_and_the_game_refuse(
    rules: str, options: dict[str, Any], message: str
) -> None:
    for make in (
        lambda: find_system(rules).check_options(options),
        lambda: find_system(rules).new_match(options, seed=1),
        lambda: find_card_game(rules).make_game(options, 1),
        lambda: (
            NinetyNine(seed=1, options=options)
            if rules == "ninety-nine"
            else Piquet(options, seed=1)
        ),
    ):
        with pytest.raises(ValueError) as e:
            make()
        assert str(e.value) == message


@pytest.mark.parametrize(("rules", "options", "message"), BAD, ids=IDS)
def test_a_simulation_refuses(rules: str, options: dict[str, Any], message: str) -> None:
    seats = find_system(rules).seats({})
    with pytest.raises(ValueError, match="^" + message.replace("(", r"\(").replace(")", r"\)")):
        prepare(rules, ["random"] * seats, options)


def test_the_score_keepers_refuse() -> None:
    with pytest.raises(InvalidHand, match=f"^{DEALS} 9000000$"):
        parlour.score({"rules": "ninety-nine", "options": {"deal_count": 9000000}, "deals": []})
    with pytest.raises(InvalidHand) as e:
        parlour.score({"rules": "piquet", "options": {"rule_set": "old", "elder_max_exchange": 8}})
    assert str(e.value) == EXCHANGE


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rules", "ninety-nine", "--option", "deal_count=9000000"], f"{DEALS} 9000000"),
        (["--rules", "ninety-nine", "--option", "deal_count=1008"], f"{DEALS} 1008"),
        (
            [
                *("--rules", "piquet"),
                *("--option", "rule_set=seventeenth_century"),
                *("--option", "deck_size=32"),
            ],
            EXCHANGE,
        ),
    ],
)
def test_the_command_line_refuses(args: list[str], message: str) -> None:
    for command in (["simulate", "--games", "1", *args], ["play", *args]):
        result = runner.invoke(app, command)
        assert result.exit_code == 2, (command, result.output)
        assert message in " ".join(result.output.split()), (command, result.output)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app("sqlite:///" + str(tmp_path / "games.db"))) as c:
        yield c


@pytest.mark.parametrize(("rules", "options", "message"), BAD, ids=IDS)
def test_the_server_refuses_a_table(
    client: TestClient, rules: str, options: dict[str, Any], message: str
) -> None:
    seats = ["human"] + ["random"] * (find_system(rules).seats({}) - 1)
    reply = client.post("/api/tables", json={"rules": rules, "options": options, "seats": seats})
    assert reply.status_code == 400, reply.text
    assert message in reply.json()["detail"]


@pytest.mark.parametrize(("rules", "options", "message"), BAD, ids=IDS)
def test_a_record_with_bad_options_is_refused(
    rules: str, options: dict[str, Any], message: str
) -> None:
    bots = ["random"] * find_system(rules).seats({})
    record = play_card_game(rules, bots, 3, record=True)["record"]
    bad = copy.deepcopy(record)
    bad["options"] = {**bad["options"], **options}
    if rules == "piquet" and "rule_set" in options:
        # the record keeps every option's value: drop those the preset should give
        for key in ("deck_size", "elder_max_exchange"):
            if key not in options:
                bad["options"].pop(key)
    report = validate(bad)
    assert not report.ok and message in report.message, report.message


def test_ninety_nine_plays_within_its_domain() -> None:
    assert find_system("ninety-nine").check_options({"deal_count": MOST_DEALS})["deal_count"] == 999
    game = NinetyNine(seed=1, deal_count=18)
    assert game.options["deal_count"] == 18
    option = next(o for o in find_system("ninety-nine").options() if o.name == "deal_count")
    assert (option.minimum, option.maximum) == (9, 999)
    assert option.to_json()["allowed"] == "a multiple of 9 from 9 to 999"


def test_piquet_presets_fix_the_exchange() -> None:
    """The seventeenth-century preset gives 36 cards and an exchange of 8: the rule over
    the two options reads the preset's values, and an explicit option overrides them."""
    assert PiquetOptions.make({"rule_set": "seventeenth_century"}).elder_max_exchange == 8
    made = PiquetOptions.make({"rule_set": "seventeenth_century", "elder_max_exchange": 8})
    assert made.deck_size == 36
    made = PiquetOptions.make({"rule_set": "seventeenth_century", "elder_max_exchange": 5})
    assert (made.deck_size, made.elder_max_exchange) == (36, 5)
    values = option_values(PIQUET_OPTIONS, {"rule_set": "seventeenth_century"})
    assert (values["deck_size"], values["elder_max_exchange"]) == (36, 8)
    assert [r.says for r in find_system("piquet").option_rules()] == [
        "elder_max_exchange=8 needs deck_size=36"
    ]

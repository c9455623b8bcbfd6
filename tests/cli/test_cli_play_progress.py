"""``parlour play`` always moves on: a menu answered with the same number forever plays
the game to its end (Piquet's exchange marks each card once, never unmarks it;
Ninety-Nine's bid is picked card by card), an answer that chooses nothing, repeated
forever, stops the game with a message; the players have the same names at the
terminal and at the server; the balances at the end of a classical match read as
balances, their change apart.

The "forever" tests run ``parlour play`` in a process fed by an endless stream of one
line (as ``yes 1 | parlour play`` does); the timeout only guards against a hang.
"""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from parlour.cards.games import find_card_game
from parlour.cards.terminal import card_menu, card_order, choose_card_action, marking_line
from parlour.cli import app
from parlour.core.actions import Action
from parlour.core.names import player_name, table_names, terminal_names
from parlour.terminal import PATIENCE, Quit

runner = CliRunner()

HANG = 300
"""Seconds after which a game still asking is taken for one asking forever."""


def fed_forever(line: str, *args: str) -> str:
    """The output of ``parlour play ARGS`` fed ``line`` again and again, endlessly; it
    must end by itself (its exit status 0)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "parlour.cli", "play", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    assert proc.stdin is not None and proc.stdout is not None
    stdin, stdout = proc.stdin, proc.stdout
    chunk = (line + "\n").encode() * 512
    out: list[bytes] = []

    def feed() -> None:
        try:
            while True:
                stdin.write(chunk)
                stdin.flush()
        except (BrokenPipeError, OSError, ValueError):  # the game has stopped reading
            pass

    def read() -> None:
        out.append(stdout.read())

    threads = [threading.Thread(target=feed, daemon=True), threading.Thread(target=read)]
    for t in threads:
        t.start()
    try:
        code = proc.wait(timeout=HANG)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
        pytest.fail(f"parlour play {' '.join(args)} fed {line!r} forever never ended")
    threads[1].join()
    text = out[0].decode()
    assert code == 0, text[-3000:]
    assert "Traceback" not in text
    return text


GAMES = [
    pytest.param(["--rules", "piquet", "--seed", "3"], "the game is over", id="piquet"),
    pytest.param(["--rules", "ninety-nine", "--seed", "3"], "the game is over", id="ninety-nine"),
    pytest.param(["--rules", "mcr", "--seed", "3", "--hands", "1"], "1 hands played", id="mcr"),
]


# -- 1. the same number forever plays the game to its end --------------------------------


@pytest.mark.parametrize(("args", "end"), GAMES)
def test_the_same_number_forever_plays_the_game_to_its_end(args: list[str], end: str) -> None:
    out = fed_forever("1", *args)
    assert end in out
    assert "stopped." not in out


def test_piquet_fed_1_forever_marks_five_cards_once_each_then_exchanges() -> None:
    out = fed_forever("1", "--rules", "piquet", "--seed", "3")
    first = out.split("A (you) marks")[1:6]
    marked = [part.split()[0] for part in first]
    assert len(set(marked)) == 5  # five different cards, each marked once
    assert "A (you) keeps" not in out  # a number never takes a mark back
    assert "5 marked; no more may be marked; exchange confirms them" in out


# -- 2. an answer that chooses nothing, forever, stops the game with a message ------------


@pytest.mark.parametrize("answer", ["x", "", "help"])
@pytest.mark.parametrize(("args", "end"), GAMES)
def test_an_unusable_answer_forever_stops_the_game_saying_why(
    args: list[str], end: str, answer: str
) -> None:
    out = fed_forever(answer, *args)
    assert f"{PATIENCE} answers in a row chose none of your actions: the game stops here" in out
    assert out.rstrip().endswith("stopped.")


def test_a_typed_mark_repeated_forever_says_it_is_already_marked_and_stops() -> None:
    out = fed_forever("discard AS", "--rules", "piquet", "--seed", "3")
    assert "discard AS: already marked (keep AS unmarks it)" in out
    assert "answers in a row chose none of your actions" in out


# -- 3. the menus, one answer at a time ---------------------------------------------------


def _exchange() -> tuple[Any, int]:
    """A Piquet game at elder's exchange, and elder's seat."""
    game = find_card_game("piquet").make_game({"partie": "single_game"}, 1, None)
    return game, game.to_act()[0]


def test_taking_a_mark_back_is_typed_never_numbered() -> None:
    game, elder = _exchange()
    fmt = game.format_action
    first = card_order(game.legal_actions(elder), fmt)[0]
    game.apply(elder, first)
    legal = card_order(game.legal_actions(elder), fmt)
    menu = card_menu(legal, fmt)
    assert menu is not None
    numbered = [line for line in menu if line.strip()[:1].isdigit()]
    assert not [line for line in numbered if " keep " in line]
    assert menu[-1] == f"  to unmark a card, type: keep {fmt(first).split()[1]}"
    assert numbered[-1].split(". ")[1] == "exchange"


def test_the_marking_line_counts_the_cards_still_to_choose() -> None:
    game, elder = _exchange()

    def copy_game() -> Any:
        fresh = find_card_game("piquet").make_game({"partie": "single_game"}, 1, None)
        for seat, action in game.actions:
            fresh.apply(seat, action)
        return fresh

    lines = []
    for _ in range(6):
        legal = card_order(game.legal_actions(elder), game.format_action)
        lines.append(marking_line(copy_game, elder, legal))
        marks = [a for a in legal if a.kind == "discard"]
        if not marks:
            break
        game.apply(elder, marks[0])
    assert lines == [
        "none marked yet: mark 1 to 5 cards, then exchange",
        "1 marked; you may mark 4 more; exchange confirms them",
        "2 marked; you may mark 3 more; exchange confirms them",
        "3 marked; you may mark 2 more; exchange confirms them",
        "4 marked; you may mark 1 more; exchange confirms them",
        "5 marked; no more may be marked; exchange confirms them",
    ]


def _bid(answers: list[str]) -> tuple[Action, list[str], Any]:
    game = find_card_game("ninety-nine").make_game({}, 1, None)
    said: list[str] = []
    feed = iter(answers)
    action = choose_card_action(game.legal_actions(0), lambda p: next(feed), said.append, game, ())
    return action, said, game


def test_a_bid_is_picked_card_by_card_each_card_once() -> None:
    action, said, game = _bid(["1", "1", "1"])
    hand = game.observation(0)["hand"]
    first = card_order([Action("x", c) for c in range(len(hand))], lambda a: f"x {hand[a.payload]}")
    in_order = [hand[a.payload] for a in first]
    assert sorted(game.format_action(action).split()[1:]) == sorted(in_order[:3])
    assert said[0].startswith(f"your bid so far: {in_order[0]} (2 more to choose")
    assert not any(line.endswith(f". {in_order[0]}") for line in said)  # never offered again


def test_a_card_chosen_again_is_said_to_be_chosen() -> None:
    game = find_card_game("ninety-nine").make_game({}, 1, None)
    card = game.observation(0)["hand"][0]
    action, said, game = _bid([card, card, "2", "2"])
    assert f"{card} is already chosen; again starts the bid again" in said
    assert card in game.format_action(action).split()


def test_numbers_out_of_range_and_again_count_towards_the_stop() -> None:
    with pytest.raises(Quit):
        _bid(["99", "again"] * PATIENCE)


def test_a_card_picked_starts_the_count_of_answers_that_chose_nothing_again() -> None:
    answers = ["x"] * (PATIENCE - 1) + ["1"] + ["x"] * (PATIENCE - 1) + ["1", "1"]
    action, said, _ = _bid(answers)
    assert action.kind == "bid"
    assert not [line for line in said if "answers in a row" in line]


# -- 4. the same names at the terminal and at the server ---------------------------------


def test_one_rule_names_the_players() -> None:
    assert terminal_names(["greedy", "greedy", "greedy"]) == [
        "you",
        "greedy 2",
        "greedy 3",
        "greedy 4",
    ]
    assert table_names([None, "greedy", None]) == ["player 1", "greedy 2", "player 3"]
    assert player_name(0, "random") == "random 1"


def _terminal_table_line(*args: str) -> str:
    result = runner.invoke(app, ["play", *args], input="quit\n")
    assert result.exit_code == 0, result.output
    return next(line for line in result.output.splitlines() if line.startswith("at the table:"))


def _server_players(tmp_path: Path, rules: str, seats: list[str]) -> list[str]:
    from fastapi.testclient import TestClient

    from parlour.server.app import create_app

    server = create_app(f"sqlite:///{tmp_path / 'games.db'}", workers=0)
    with TestClient(server) as client:
        reply = client.post("/api/tables", json={"rules": rules, "seats": seats})
        assert reply.status_code == 201, reply.text
        table = client.get(f"/api/tables/{reply.json()['id']}").json()
    players: list[str] = table["players"]
    return players


@pytest.mark.parametrize(
    ("rules", "bot", "seats"),
    [("mcr", "greedy", 4), ("piquet", "heuristic", 2), ("ninety-nine", "greedy", 3)],
)
def test_bots_have_the_same_names_at_the_terminal_and_at_the_server(
    rules: str, bot: str, seats: int, tmp_path: Path
) -> None:
    line = _terminal_table_line("--rules", rules, "--seed", "1", "--bots", bot)
    served = _server_players(tmp_path, rules, ["human"] + [bot] * (seats - 1))
    assert served[0] == "player 1"
    for name in served[1:]:
        assert f"{name} (" in line or f"({name})" in line  # greedy 2 (S, right), B (greedy 2)
    assert "you" in line and f"{bot} 1 " not in line and f"{bot} 1)" not in line


# -- 5. balances and their change, apart --------------------------------------------------


def test_a_classical_match_ends_with_balances_and_changes_apart() -> None:
    answers = "\n".join(["1"] * 3000) + "\n"
    result = runner.invoke(
        app, ["play", "--rules", "classical", "--seed", "3", "--hands", "1"], input=answers
    )
    assert result.exit_code == 0, result.output
    out = result.output.splitlines()
    end = out[out.index("final standings:") :]
    assert end[1].split() == ["rank", "player", "start", "change", "balance"]
    rows = [line.split() for line in end[2:6]]
    assert all(row[-3] == "2,000" for row in rows)  # everyone started from 2,000
    changes = [int(row[-2].replace(",", "")) for row in rows]
    balances = [int(row[-1].replace(",", "")) for row in rows]
    assert sum(changes) == 0 and [2000 + c for c in changes] == balances
    assert not [row for row in rows if row[-1].startswith("+")]  # a balance has no sign
    table = end[6:]
    assert table[-3].split()[0] == "change" and table[-2].split()[1:] == ["2,000"] * 4
    assert table[-1].split()[0] == "balance"
    assert sorted(int(x.replace(",", "")) for x in table[-1].split()[1:]) == sorted(balances)
    balances_line = next(line for line in out if line.startswith("balances"))
    assert balances_line.startswith("balances (change since the start): ")
    assert "(+" in balances_line or "(-" in balances_line


# -- 6. a goulash exchange is picked tile by tile -----------------------------------------


def test_a_goulash_exchange_is_picked_tile_by_tile_and_the_match_goes_on() -> None:
    # seed 1: the first hand is a washout, so the second is a goulash with its exchanges
    args = ["--rules", "classical", "--option", "goulash=true", "--seed", "1", "--hands", "2"]
    out = fed_forever("1", *args)
    assert "2 hands played" in out
    lines = out.splitlines()
    start = lines.index(next(line for line in lines if line.startswith("your exchange: choose")))
    assert lines[start].startswith("your exchange: choose its 3 tiles one at a time (3 to choose)")
    first = lines[start + 1].split(". ")[1]
    picked = next(line for line in lines[start:] if line.startswith("your exchange so far:"))
    assert picked.startswith(f"your exchange so far: {first} (2 more to choose")
    assert not [line for line in lines if line.strip().startswith("364.")]  # never listed whole
    assert "you (E) pass 3 tiles to" in out

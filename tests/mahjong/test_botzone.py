"""Outside bots over Botzone's Chinese Standard Mahjong protocol, run as subprocesses:
whole MCR matches against parlour's bots whose records validate, the penalty for an
illegal, late or missing answer (−30/+10, the match goes on, the program started again),
the JSON input, programs that do not keep running, the translation of every kind of move
(a bot that keeps its hand from the requests alone and plays it never forfeits), the
names ``--bots`` takes and the README's commands as written."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from parlour.bots import GreedyBot, RandomBot, make_bot
from parlour.bots.botzone import BotzoneBot, parse_name
from parlour.mahjong.session import Session, SessionRules, play_session
from parlour.mahjong.sim import play_hand, play_out
from parlour.mahjong.table import Table
from parlour.records import record_of, validate
from places import ROOT, TESTS
from processes import children

EXAMPLE = ROOT / "examples" / "botzone_bot.py"
TRACKER = TESTS / "botzone_tracker.py"
PY = sys.executable


def example(*flags: str, how: str = "botzone") -> str:
    return f"{how}:{shlex.join([PY, str(EXAMPLE), *flags])}"


def tracker(seed: int, *, json_input: bool = False) -> str:
    flags = [str(seed), "--json"] if json_input else [str(seed)]
    how = "botzone-json" if json_input else "botzone"
    return f"{how}:{shlex.join([PY, str(TRACKER), *flags])}"


def match(first: BotzoneBot, hands: int | None = None, seed: int = 3) -> list[int]:
    """Play an MCR match with ``first`` as player 0 against greedy and random bots; the
    record validates; the players' scores."""
    return list(played(first, hands, seed).scores)


def played(first: BotzoneBot, hands: int | None = None, seed: int = 3) -> Session:
    """The MCR match of :func:`match`, its record validated."""
    bots = [first, GreedyBot(seed=1), RandomBot(seed=2), GreedyBot(seed=3)]
    rules = None if hands is None else SessionRules(max_hands=hands)
    session = play_session(bots, seed=seed, session_rules=rules)
    first.close()
    record = record_of(session)
    report = validate(record)
    assert report.ok, report.message
    assert session.is_over() and len(session.tables) == (hands or 16)
    return session


def test_a_botzone_bot_plays_a_whole_match_and_its_record_validates() -> None:
    bot = BotzoneBot.from_name(example())
    match(bot)
    assert bot.forfeits == []


def test_an_illegal_move_is_penalised_as_on_botzone_and_the_match_goes_on() -> None:
    bot = BotzoneBot.from_name(example("--bad"))
    bot.quiet = True
    session = played(bot, hands=4)
    assert list(session.scores) == [-120, 40, 40, 40]
    # the results table names who forfeited each hand, never a draw
    rows = session.results_text().splitlines()[1:5]
    assert all(f"{session.players[0]} forfeit" in row and "draw" not in row for row in rows)
    assert len(bot.forfeits) == 4
    assert all(why.startswith("answered 'PLAY Z9' to '2 ") for why in bot.forfeits)
    assert "'Z9' is not a Botzone tile" in bot.forfeits[0]


def test_an_answer_too_late_forfeits() -> None:
    bot = BotzoneBot.from_name(example("--sleep", "2", how="botzone-0.3s"))
    bot.quiet = True
    table = Table(seed=11)
    players = [bot, RandomBot(seed=1), RandomBot(seed=2), RandomBot(seed=3)]
    play_out(table, players)
    bot.close()
    result = table.result()
    assert result is not None and result["forfeit"]["seat"] == 0
    assert result["payments"] == [-30, 10, 10, 10]
    assert bot.forfeits == ["no answer within 0.3 s"]


def test_a_program_that_dies_forfeits_and_is_started_again_next_hand() -> None:
    bot = BotzoneBot.from_name(example("--die"))
    bot.quiet = True
    scores = match(bot, hands=2)
    assert scores == [-60, 20, 20, 20]
    assert bot.forfeits == ["the program stopped without answering"] * 2


def test_garbage_and_a_program_that_cannot_run() -> None:
    bot = BotzoneBot([PY, "-c", "print('hello'); print('>>>BOTZONE_REQUEST_KEEP_RUNNING<<<')"])
    bot.quiet = True
    assert match(bot, hands=1) == [-30, 10, 10, 10]
    assert bot.forfeits and "'hello'" in bot.forfeits[0]
    with pytest.raises(ValueError, match="no program"):
        BotzoneBot("no-such-program-here --x")


def test_json_input_and_programs_that_do_not_keep_running() -> None:
    for name in (example("--json", how="botzone-json"), example("--once")):
        bot = BotzoneBot.from_name(name)
        match(bot, hands=2)
        assert bot.forfeits == []


def test_every_kind_of_move_is_translated_exactly() -> None:
    """Four tracking bots (and a greedy one in some hands), simple and JSON input,
    every seat asked or only the seats that can act: no forfeit in many hands, and
    chows, pungs and kongs among their moves."""
    moves: Counter[str] = Counter()
    hands = 0
    for i in range(24):
        bots = [tracker(i * 4 + s, json_input=s == i % 4) for s in range(4)]
        if i % 3 == 0:
            bots[i % 4] = "greedy"
        r = play_hand(bots, seed=8, index=i, record=True, fast=i % 2 == 1)
        assert "forfeit" not in r, r["record"]["hands"][0]["actions"][-1]
        assert validate(r["record"]).ok
        for _, text, _ in r["record"]["hands"][0]["actions"]:
            moves[text.split()[0]] += 1
        hands += 1
    assert hands == 24
    assert moves["chow"] >= 20 and moves["pung"] >= 10, moves
    assert moves["kong"] + moves["concealed_kong"] + moves["added_kong"] >= 1, moves


def test_a_claim_whose_discard_the_hand_would_not_hold_forfeits_at_once() -> None:
    forfeits = []
    for i in range(30):
        bot = BotzoneBot([PY, str(TRACKER), str(i), "--bad-claim"], quiet=True)
        table = Table(seed=100 + i)
        play_out(table, [bot, *(make_bot("greedy", seed=s) for s in (1, 2, 3))])
        bot.close()
        result = table.result()
        assert result is not None
        if "forfeit" in result:
            forfeits += bot.forfeits
            assert table.actions[-2][0] != 0 or table.actions[-2][1][0] != "pung"
        else:
            assert bot.forfeits == []
    assert len(forfeits) >= 3
    assert all("PENG" in why and "would not hold" in why for why in forfeits), forfeits


def test_the_requests_of_a_deal() -> None:
    """What a dealer's program reads first: its seat and the wind, the deal (13 tiles and
    the flowers laid out), then its fourteenth tile as a draw."""
    from parlour.bots.botzone import _requests

    table = Table(seed=5, dealer=0)
    seen = [e for e in table.events if e.visible_to(0)]
    requests, held = _requests(
        seen, 0, 4, 0, first=True, quan=table.observation(0, ("prevailing",))
    )
    assert held == 0 and requests[0] == "0 0 0"
    one = requests[1].split()
    assert one[0] == "1" and sum(map(int, one[1:5])) == len(one) - 18
    assert one[1:5] == ["2", "1", "0", "1"]  # x1 x2 laid out by the dealer, x4 and f2
    assert one[18:] == ["H1", "H2", "H4", "H6"]
    assert requests[2].startswith("2 ") and len(requests) == 3
    other, _ = _requests([e for e in table.events if e.visible_to(2)], 0, 4, 2, first=True, quan={})
    assert other[0] == "0 2 0" and other[2] == "3 0 DRAW"


def test_names() -> None:
    assert parse_name("botzone:./bot") == ("simple", 3.0, ["./bot"])
    assert parse_name("botzone-json-2.5s:a 'b c'") == ("json", 2.5, ["a", "b c"])
    for bad in ("botzone:", "botzone-xml:./bot", "botzone:'unclosed", "botzone-0s:./bot"):
        with pytest.raises(ValueError):
            parse_name(bad)
    bot = make_bot(example())
    assert isinstance(bot, BotzoneBot) and bot.command[1] == str(EXAMPLE)
    from parlour.registry import find_system

    with pytest.raises(ValueError, match="takes no outside bot"):
        find_system("classical").make_bot(example())


def cli(*args: str, cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    return subprocess.run(
        [PY, "-m", "parlour.cli", *args],
        cwd=cwd,
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_the_cli_takes_botzone_bots_for_mcr_only(tmp_path: Path) -> None:
    out = cli("simulate", "--games", "2", "--bots", "botzone:no-such-program", cwd=tmp_path)
    assert out.returncode != 0 and "no program 'no-such-program'" in out.stderr + out.stdout
    out = cli("simulate", "--rules", "classical", "--bots", example(), cwd=tmp_path)
    assert out.returncode != 0 and "unknown bot" in out.stderr + out.stdout


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split("### Outside bots", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    return [line for line in block.splitlines() if line.startswith("parlour ")]


@pytest.mark.slow
def test_the_readme_commands_run_as_written(tmp_path: Path) -> None:
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    commands = readme_commands()
    assert len(commands) == 4
    for command in commands:
        words = shlex.split(command)[1:]
        out = cli(*words, cwd=tmp_path, stdin="1\n" * 3000)
        assert out.returncode == 0, (command, out.stdout[-2000:], out.stderr[-2000:])
        if words[0] == "validate":
            assert "valid: 8 records" in out.stdout
        if "--bad" in command:
            assert "hands forfeited: seat 1 4" in out.stdout
    assert not children(os.getpid())

"""The command line for every rule system: --rules, --option, --players and --bots read
from the registry, ``parlour rules`` and ``parlour --version``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import rulebooks  # registers the test rulebooks by name
from parlour import __version__
from parlour.cli import app
from parlour.mahjong.kernel import active
from parlour.registry import PLAYABLE, find_system, rule_systems

runner = CliRunner()


def flat(text: str) -> str:
    return " ".join(text.split())


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    kernel = active()
    assert kernel in ("compiled", "pure")
    assert result.exit_code == 0
    assert result.output.strip() == f"parlour {__version__} (shape kernel: {kernel})"


def test_rules_lists_every_rule_system() -> None:
    result = runner.invoke(app, ["rules"])
    assert result.exit_code == 0, result.output
    for system in rule_systems():
        assert system.name in result.output
    assert "fuzhou" in result.output  # the alias of xiamen is shown
    data = json.loads(runner.invoke(app, ["rules", "--json"]).output)
    assert data[0]["name"] == "mcr" and data[0]["status"] == PLAYABLE
    assert {d["name"] for d in data} >= {"classical", "xiamen", "kawuxing", "piquet"}


def test_rules_shows_a_systems_options() -> None:
    result = runner.invoke(app, ["rules", "mcr"])
    assert result.exit_code == 0, result.output
    text = flat(result.output)
    assert "kong_values" in text and '"source"' in text and "reference" in text
    data = json.loads(runner.invoke(app, ["rules", "mcr", "--json"]).output)
    assert data["options"] == [o.to_json() for o in find_system("mcr").options()]
    assert data["options"][0]["default"] == "source"
    # MCR takes outside programs over the Botzone protocol; the others none
    assert data["outside_bots"] == ["botzone"]
    assert "--bots botzone:COMMAND" in text and "botzone-json:COMMAND" in text
    kawuxing = runner.invoke(app, ["rules", "kawuxing"])
    assert kawuxing.exit_code == 0 and "status: playable" in kawuxing.output
    wuhan = runner.invoke(app, ["rules", "wuhan"])
    assert wuhan.exit_code == 0 and "status: playable" in wuhan.output
    assert "--table FILE settles" in flat(wuhan.output) and "minimum_points = 8" in wuhan.output
    hangzhou = runner.invoke(app, ["rules", "hangzhou"])
    assert hangzhou.exit_code == 0 and "status: playable" in hangzhou.output
    assert "max_loss = 100" in hangzhou.output and "bots: greedy, random" in hangzhou.output
    assert "outside programs" not in hangzhou.output
    assert (
        json.loads(runner.invoke(app, ["rules", "hangzhou", "--json"]).output)["outside_bots"] == []
    )
    alias = runner.invoke(app, ["rules", "fuzhou"])
    assert alias.exit_code == 0 and "xiamen" in alias.output and "playable" in alias.output


def test_rules_refuses_an_unknown_system() -> None:
    result = runner.invoke(app, ["rules", "nope"])
    assert result.exit_code == 2
    assert "error: unknown rule system 'nope' (known: mcr, classical" in flat(result.output)


def test_players_are_checked_against_the_rule_system() -> None:
    for args in (
        ["play", "--players", "3"],
        ["simulate", "--players", "3", "--games", "1"],
        ["score", "123m 456p 789s EEE CC +C", "--players", "3"],
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 2, args
        assert "error: mcr is played by 4 players, not 3" in result.output, args


def test_planned_systems_cannot_be_played_yet() -> None:
    from parlour.core.systems import PLANNED, SCORING
    from parlour.mahjong.system import MahjongSystem
    from parlour.registry import register, registry

    # a scoring-only rule system (a test-only one: every built-in one is played)
    register(MahjongSystem(name="test-scoring", title="a scorer alone", players=(4,),
                           status=SCORING, source="nowhere", order=98))  # fmt: skip
    try:
        result = runner.invoke(app, ["simulate", "--rules", "test-scoring", "--games", "1"])
        assert result.exit_code == 2
        assert "error: test-scoring is scoring only: it cannot be played yet" in result.output
    finally:
        registry.unregister("test-scoring")
    # a planned rule system (a test-only one: every built-in one is at least scored)

    register(MahjongSystem(name="test-planned", title="a rulebook to come", players=(4,),
                           status=PLANNED, source="nowhere", order=99))  # fmt: skip
    try:
        shown = runner.invoke(app, ["rules", "test-planned"])
        assert shown.exit_code == 0 and "status: planned" in shown.output
        assert "options come when it is built" in shown.output
        for args in (["simulate", "--games", "1"], ["play"], ["score", "123m"]):
            result = runner.invoke(app, [*args, "--rules", "test-planned"])
            assert result.exit_code == 2, (args, result.output)
            assert "test-planned" in result.output
    finally:
        registry.unregister("test-planned")


def test_options_are_checked_by_name_and_value() -> None:
    result = runner.invoke(app, ["simulate", "--games", "1", "--option", "kong_value=x"])
    assert result.exit_code == 2 and "unknown MCR option 'kong_value'" in result.output
    result = runner.invoke(app, ["simulate", "--games", "1", "--option", "kong_values=x"])
    assert result.exit_code == 2 and "kong_values must be 'source' or 'reference'" in result.output
    result = runner.invoke(app, ["simulate", "--games", "1", "--option", "novalue"])
    assert result.exit_code == 2 and "--option must be KEY=VALUE" in result.output


def test_one_bot_name_fills_every_seat(tmp_path: Path) -> None:
    out = tmp_path / "sim"
    result = runner.invoke(
        app, ["simulate", "--games", "3", "--bots", "random", "--out", str(out), "--fast"]
    )
    assert result.exit_code == 0, result.output
    summary = json.loads((out / "summary.json").read_text())
    assert [s["bot"] for s in summary["seats"]] == ["random"] * 4


def test_another_rule_system_is_simulated_and_recorded(tmp_path: Path) -> None:
    out = tmp_path / "three"
    args = ["simulate", "--rules", "test-three-seats", "--games", "4", "--bots", "random"]
    result = runner.invoke(app, [*args, "--out", str(out), "--records"])
    assert result.exit_code == 0, result.output
    assert "4 test-three-seats hands" in result.output
    summary = json.loads((out / "summary.json").read_text())
    assert len(summary["seats"]) == 3
    result = runner.invoke(app, ["validate", str(out / "records.jsonl")])
    assert result.exit_code == 0 and "valid: 4 records" in result.output
    result = runner.invoke(app, ["simulate", "--rules", "test-three-seats", "--bots", "a,b"])
    assert result.exit_code == 2 and "unknown bot 'a'" in result.output


def test_negative_and_positive_seeds_play_different_hands(tmp_path: Path) -> None:
    hands = []
    for seed in ("10", "-10"):
        out = tmp_path / seed
        args = ["simulate", "--games", "3", "--bots", "random", "--seed", seed, "--out", str(out)]
        assert runner.invoke(app, args).exit_code == 0
        hands.append([json.loads(line)["seed"] for line in (out / "hands.jsonl").open()])
    assert not set(hands[0]) & set(hands[1])


def test_play_another_rule_system_at_the_terminal(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = runner.invoke(
        app,
        ["play", "--rules", "test-three-seats", "--hands", "1", "--bots", "random",
         "--seed", "4", "--record", str(path)],
        input="1\n" * 400,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "you are banker (seat 0)" in result.output
    record = json.loads(path.read_text())
    assert record["ruleset"] == "test-three-seats" and len(record["players"]) == 3
    result = runner.invoke(app, ["play", "--rules", "test-three-seats", "--bots", "a,b,c"])
    assert result.exit_code == 2 and "unknown bot 'a'" in result.output
    result = runner.invoke(
        app, ["play", "--rules", "test-three-seats", "--bots", "random,random,random"]
    )
    assert result.exit_code == 2
    assert "--bots names one bot for every other player or 2 comma-separated, not 3" in flat(
        result.output
    )


@pytest.mark.slow
def test_the_greedy_bot_plays_a_table_whose_seats_are_not_winds() -> None:
    result = runner.invoke(
        app, ["simulate", "--rules", "test-three-seats", "--games", "2", "--bots", "greedy"]
    )
    assert result.exit_code == 0, result.output


def test_players_reach_a_rule_system_that_has_a_players_option() -> None:
    from parlour.core.options import Option
    from parlour.mahjong.rules import register_ruleset
    from parlour.mahjong.wall import WallRules

    class ByPlayers(rulebooks.SimpleRules):
        """Played by 3 or 4, always on four walls (as the British three-player game)."""

        name = "test-by-players"
        options_spec = (Option("players", 4, "players at the table", (3, 4)),)
        wall = WallRules(num_walls=4)

        def __init__(self, options: Any = None) -> None:
            super().__init__(options)
            self.num_seats = int(self.options.get("players", 4))

    class Misfit(ByPlayers):
        name = "test-misfit-players"
        wall = WallRules()  # one wall per seat: three walls cannot hold 144 tiles

    register_ruleset(ByPlayers)
    register_ruleset(Misfit)
    try:
        _players_reach(ByPlayers.name, Misfit.name)
    finally:  # the misfit cannot be played: no later test may find it in the registry
        from parlour.registry import registry

        registry.unregister(ByPlayers.name)
        registry.unregister(Misfit.name)


def _players_reach(by_players: str, misfit: str) -> None:
    def run(rules: str, *more: str) -> Any:
        args = ["simulate", "--rules", rules, "--games", "2", "--bots", "random", *more]
        return runner.invoke(app, args)

    result = run(by_players, "--players", "3")
    assert result.exit_code == 0, result.output
    assert f"2 {by_players} hands" in result.output and result.output.count("random") == 3
    result = run(by_players, "--players", "5")
    assert result.exit_code == 2 and "is played by 3 or 4 players, not 5" in result.output
    result = run(by_players, "--players", "3", "--option", "players=4")
    assert result.exit_code == 2 and "--players 3 and --option players=4 differ" in result.output
    result = run(misfit, "--players", "3")
    assert result.exit_code == 2
    assert "error: the tile set 144 has 144 tiles, but 3 walls of 18 stacks" in flat(result.output)

"""The greedy bot in the gold games (``xiamen-gold.md`` §6, §9.3-§9.5): it keeps its
Golds, throws one only as a float discard, and makes that float when it pays (a double
float's ×8 against the gold float's ×4 at hand; Quanzhou ×6 against ×3).

The float discard is offered in the seat's own observation (``float_discard``: the
tile, the level it starts, its multiplier and the multiplier of the win at hand), so the
bot decides from what it sees, like any player."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from test_gold_table import FLOAT_EAST, FLOAT_NORTH, FLOAT_SOUTH, FLOAT_WEST, act, gold_table

from parlour.bots import make_bot
from parlour.bots.greedy import FLOAT_ODDS, GreedyBot
from parlour.core.actions import Action
from parlour.mahjong.actions import MahjongAction
from parlour.mahjong.rules.gold_table import GoldRuleset, QuanzhouRuleset, XiamenRuleset
from parlour.mahjong.session import Session, make_ruleset, rules_of
from parlour.mahjong.tiles import parse_tiles


@pytest.mark.parametrize(
    ("profile", "level_m", "now_m"), [(XiamenRuleset, 8, 4), (QuanzhouRuleset, 6, 3)]
)
def test_the_bot_floats_when_it_pays(profile: type[GoldRuleset], level_m: int, now_m: int) -> None:
    """Ex 3: South, in gold-float shape, draws a second Gold: he may win at once (a gold
    float) or throw a Gold for a double float; the bot throws it, and at its next turn
    wins the double float."""
    hands = [FLOAT_EAST, FLOAT_SOUTH, FLOAT_WEST, FLOAT_NORTH]
    table = gold_table(hands, "2s", draws="2s N 1p 3p 7p", everyone=False, profile=profile)
    act(table, 0, "discard 7s")
    obs = table.observation(1)
    assert obs["ruleset_state"]["float_discard"] == {
        "tile": "2s",
        "level": 2,
        "multiplier": level_m,
        "now": now_m,
    }
    for s in (0, 2, 3):  # private: only the seat on its turn is told
        assert "float_discard" not in table.observation(s)["ruleset_state"]
    bot = GreedyBot(ruleset=table.rules)
    assert bot.act(obs, table.legal_actions(1)) == MahjongAction("discard", parse_tiles("2s")[0])
    act(table, 1, "discard 2s")
    assert table.state.floating == (1, 2)
    for seat, tile in ((2, "N"), (3, "1p"), (0, "3p")):
        act(table, seat, f"discard {tile}")
    choice = bot.act(table.observation(1), table.legal_actions(1))
    assert choice == MahjongAction("win")
    act(table, 1, "win")
    assert table.wins[0].score.tally is not None
    assert table.wins[0].score.tally.multiplier == level_m


def test_a_float_that_does_not_pay_is_not_made() -> None:
    """The offer is weighed: a float worth less than the win at hand is passed up."""
    bot = GreedyBot(ruleset=XiamenRuleset())
    obs = {
        "ruleset_state": {"float_discard": {"tile": "2s", "level": 2, "multiplier": 8, "now": 8}}
    }
    legal: list[Action] = [MahjongAction("win"), MahjongAction("discard", parse_tiles("2s")[0])]
    assert bot._float(obs, legal) is None
    obs["ruleset_state"]["float_discard"]["now"] = 0
    assert bot._float(obs, legal) == legal[1]
    assert FLOAT_ODDS * 4 < 4  # a gold float's ×4 is never traded for itself


class Watched:
    """A greedy bot whose every decision is checked against the Gold rules."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.floats = 0
        self.offers = 0

    def act(self, observation: dict[str, Any], legal: list[Action]) -> Action:
        action: Action = self.bot.act(observation, legal)
        rules = observation.get("rules", {})
        gold = rules.get("gold")
        offer = rules.get("float_discard")
        if offer is not None and FLOAT_ODDS * offer["multiplier"] > offer["now"]:
            self.offers += 1
            assert action == MahjongAction("discard", parse_tiles(offer["tile"])[0])
        if action.kind == "discard" and gold is not None and action.payload == parse_tiles(gold)[0]:
            held_back = rules.get("indicator_holder") == observation["seat"]
            hand = parse_tiles(observation["hand"])
            only_golds = all(t == action.payload for t in hand)
            # a Gold thrown: a float discard, the indicator drawn back (an ordinary
            # tile), or nothing else left to throw
            assert offer is not None or held_back or only_golds, observation
            self.floats += int(offer is not None)
        return action


@pytest.mark.slow
@pytest.mark.parametrize(("name", "seed"), [("xiamen", 11), ("quanzhou", 12)])
def test_over_seeded_games_a_gold_is_thrown_only_to_float(name: str, seed: int) -> None:
    """Every Gold the greedy bots throw is a float discard (or the indicator drawn back,
    an ordinary tile), and every float discard that pays is made."""
    ruleset = make_ruleset(name)
    rules = dataclasses.replace(rules_of(ruleset), max_hands=4)
    session = Session(name, seed=seed, session_rules=rules)
    # two greedy bots watched, two random ones beside them (quicker)
    greedy = [Watched(make_bot("greedy", seed=i, ruleset=session.ruleset)) for i in range(2)]
    bots = [greedy[0], make_bot("random", seed=1), greedy[1], make_bot("random", seed=3)]
    steps = 0
    while not session.is_over():
        table = session.current_table()
        seat = table.to_act()[0]
        action = bots[session.player_at(seat)].act(
            table.observation(seat), table.legal_actions(seat)
        )
        session.apply(seat, action, hand=session.hand_number)
        steps += 1
        assert steps < 50000
    assert len(session.outcomes) == 4
    assert sum(b.floats for b in greedy) == sum(b.offers for b in greedy)


def test_the_gold_sim_bench_plays_greedy_xiamen_hands() -> None:
    """``parlour bench gold-sim``: greedy Xiamen hands per second beside random ones,
    the greedy figure set against its target."""
    from typer.testing import CliRunner

    from parlour.cli import app

    result = CliRunner().invoke(app, ["bench", "gold-sim", "--games", "1", "--repeat", "1"])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "xiamen greedy" in text and "xiamen random" in text
    assert "(target >= 20)" in text

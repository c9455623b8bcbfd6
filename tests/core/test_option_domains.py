"""Every option declares its domain: an :class:`Option`'s bounds, choices or test, the
rules over several options (:class:`OptionSpec`), the messages that name the option, the
value and what is allowed, the JSON and ``parlour rules`` that show them, and every rule
system's options, whose defaults fit their own domains."""

from __future__ import annotations

import json
import math
import pickle
from collections.abc import Mapping
from typing import Any

import pytest
from typer.testing import CliRunner

import parlour
from parlour.cli import app
from parlour.core.errors import InvalidHand
from parlour.core.options import (
    NO_BOUND,
    Option,
    OptionRule,
    OptionSpec,
    check_options,
    option_rules,
    option_values,
)
from parlour.core.systems import PLAYABLE, Registry, RuleSystem
from parlour.registry import find_system, rule_systems

runner = CliRunner()

ROUNDS = Option("rounds", 4, "rounds in a match", minimum=1, maximum=16)


def refusal(option: Option, value: Any) -> str:
    with pytest.raises(ValueError) as e:
        option.check(value)
    return str(e.value)


# -- one option ------------------------------------------------------------------------


def test_a_number_outside_its_bounds_is_refused_naming_option_value_and_domain() -> None:
    assert refusal(ROUNDS, 0) == "option rounds must be a whole number from 1 to 16, not 0"
    assert refusal(ROUNDS, -3) == "option rounds must be a whole number from 1 to 16, not -3"
    assert refusal(ROUNDS, 17) == "option rounds must be a whole number from 1 to 16, not 17"
    assert [ROUNDS.check(n) for n in (1, 16)] == [1, 16]  # both bounds are allowed


def test_the_type_messages_keep_their_shape() -> None:
    assert refusal(ROUNDS, "two") == "option rounds must be a whole number, not 'two'"
    assert refusal(ROUNDS, True) == "option rounds must be a whole number, not True"
    assert refusal(ROUNDS, 2.0) == "option rounds must be a whole number, not 2.0"
    flag = Option("rob_kong", False, "robbing a kong")
    assert refusal(flag, 1) == "option rob_kong must be true or false, not 1"
    assert flag.check(True) is True and flag.describe() == "true or false"
    kongs = Option("kong_values", "source", "kongs", ("source", "reference"))
    assert refusal(kongs, "x") == "option kong_values must be one of source, reference, not 'x'"
    size = Option("deck_size", 32, "the pack", (32, 36))
    assert refusal(size, True) == "option deck_size must be one of 32, 36, not True"


def test_one_bound_or_explicitly_none() -> None:
    k = Option("k", 1, "a multiplier", minimum=1, maximum=NO_BOUND)
    assert k.bounded and k.check(10**9) == 10**9
    assert refusal(k, 0) == "option k must be 1 or more, not 0"
    low = Option("low", 0, "at most three", minimum=-NO_BOUND, maximum=3)
    assert refusal(low, 4) == "option low must be 3 or less, not 4"
    assert low.to_json().get("minimum") is None and low.to_json()["maximum"] == 3
    assert not Option("n", 0, "undeclared").bounded


def test_a_float_option_refuses_nan_and_takes_whole_numbers() -> None:
    share = Option("share", 0.5, "a share", minimum=0, maximum=1)
    assert share.check(1) == 1 and share.check(0.25) == 0.25
    assert refusal(share, math.nan) == "option share must be a number from 0 to 1, not nan"
    assert refusal(share, 1.5) == "option share must be a number from 0 to 1, not 1.5"
    assert share.brief() == "0–1"


def test_a_text_with_a_structure_declares_its_test_and_its_words() -> None:
    pair = Option(
        "pair",
        "a,b",
        "two letters",
        fits=lambda t: len(set(t.split(","))) == 2,
        allowed="two distinct letters",
    )
    assert pair.check("a,c") == "a,c"
    assert refusal(pair, "a,a") == "option pair must be two distinct letters, not 'a,a'"
    assert refusal(pair, 7) == "option pair must be a str, not 7"  # the type comes first
    assert pair.to_json()["allowed"] == pair.brief() == "two distinct letters"


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Option("n", 0, "n", minimum=1, maximum=4), "must be a whole number from 1"),
        (lambda: Option("n", 5, "n", minimum=4, maximum=1), "minimum 4 is above maximum 1"),
        (lambda: Option("t", "x", "t", minimum=1), "only a number option has bounds"),
        (lambda: Option("c", 1, "c", (1, 2), minimum=1), "its choices are its whole domain"),
        (lambda: Option("t", "x", "t", fits=bool), "a test (fits) needs its words"),
        (lambda: Option("c", 3, "c", (1, 2)), "option c must be one of 1, 2, not 3"),
    ],
)
def test_a_declaration_that_contradicts_itself_is_refused(make: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        make()


def test_the_json_of_an_option_has_its_domain() -> None:
    assert ROUNDS.to_json() == {
        "name": "rounds",
        "default": 4,
        "meaning": "rounds in a match",
        "minimum": 1,
        "maximum": 16,
        "allowed": "a whole number from 1 to 16",
    }
    kongs = Option("kong_values", "source", "kongs", ("source", "reference")).to_json()
    assert kongs["choices"] == ["source", "reference"]
    assert kongs["allowed"] == "one of source, reference" and "minimum" not in kongs
    assert Option("f", True, "a flag").to_json()["allowed"] == "true or false"
    json.dumps(Option("k", 1, "k", minimum=1, maximum=NO_BOUND).to_json(), allow_nan=False)


# -- rules over several options ---------------------------------------------------------


def _b_needs_a(values: Mapping[str, Any]) -> str | None:
    return "option b needs a=true" if values["b"] and not values["a"] else None


SPEC = OptionSpec(
    (
        Option("preset", "plain", "a preset", ("plain", "rich")),
        Option("a", False, "a"),
        Option("b", False, "b"),
        ROUNDS,
    ),
    rules=(OptionRule("b needs a", _b_needs_a),),
    presets=lambda given: {"a": True} if given.get("preset") == "rich" else {},
)


def test_a_rule_over_several_options_is_checked_with_presets_and_defaults() -> None:
    assert check_options(SPEC, {"b": True, "a": True}, "demo") == {"b": True, "a": True}
    assert check_options(SPEC, {"b": True, "preset": "rich"}, "demo") == {
        "b": True,
        "preset": "rich",
    }
    with pytest.raises(ValueError, match=r"^option b needs a=true$"):
        check_options(SPEC, {"b": True}, "demo")
    with pytest.raises(ValueError, match=r"^option b needs a=true$"):
        check_options(SPEC, {"b": True, "preset": "rich", "a": False}, "demo")
    # each option is checked before the rules read it
    with pytest.raises(ValueError, match="option rounds must be a whole number from 1 to 16"):
        check_options(SPEC, {"b": True, "rounds": 0}, "demo")


def test_an_option_spec_is_a_tuple_of_options_with_its_rules() -> None:
    assert isinstance(SPEC, tuple) and SPEC[3] is ROUNDS and len(SPEC) == 4
    assert [r.says for r in option_rules(SPEC)] == ["b needs a"]
    assert option_rules((ROUNDS,)) == ()
    assert option_values(SPEC, {"preset": "rich"})["a"] is True
    assert option_values(SPEC, {"preset": "rich", "a": False})["a"] is False
    assert option_values(SPEC, {})["a"] is False


def test_an_option_spec_pickles_with_its_rules() -> None:
    spec = OptionSpec((ROUNDS, Option("a", False, "a"), Option("b", False, "b")), rules=())
    again = pickle.loads(pickle.dumps(spec))
    assert again == spec and isinstance(again, OptionSpec) and again.rules == ()


def test_a_rule_system_checks_its_options_domains_and_rules() -> None:
    @_frozen
    class Demo(RuleSystem):
        def options(self) -> tuple[Option, ...]:
            return SPEC

    reg = Registry()
    demo = reg.register(Demo(name="demo", title="a demonstration", players=(2,), status=PLAYABLE))
    assert demo.check_options({"rounds": 3})["rounds"] == 3
    with pytest.raises(ValueError, match=r"^option rounds must be a whole number from 1 to 16"):
        demo.check_options({"rounds": 17})
    with pytest.raises(ValueError, match=r"^option b needs a=true$"):
        demo.check_options({"b": True})
    assert demo.to_json()["option_rules"] == ["b needs a"]
    assert demo.to_json()["options"][3]["maximum"] == 16


def _frozen(cls: type[RuleSystem]) -> type[RuleSystem]:
    from dataclasses import dataclass

    return dataclass(frozen=True, kw_only=True)(cls)


# -- every rule system ------------------------------------------------------------------

SYSTEMS = [s for s in rule_systems() if s.options()]


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.name)
def test_every_default_fits_its_own_domain(system: RuleSystem) -> None:
    for o in system.options():
        assert o.check(o.default) == o.default, o.name
    assert system.check_options({}) is not None
    for case in system.option_cases:
        system.check_options(case)


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.name)
def test_every_number_option_declares_both_bounds(system: RuleSystem) -> None:
    """A number option with no choices declares a minimum and a maximum (NO_BOUND when
    there is none, said explicitly): no domain is left to the type alone."""
    for o in system.options():
        if o.numeric:
            assert o.bounded, f"{system.name}: option {o.name} declares no bounds"
        assert o.describe() and o.brief(), o.name
        for value in (o.minimum, o.maximum):
            if value is not None and math.isfinite(value):
                assert o.check(type(o.default)(value)) == value


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: s.name)
def test_every_option_shows_its_domain_in_the_json(system: RuleSystem) -> None:
    data = json.loads(runner.invoke(app, ["rules", system.name, "--json"]).output)
    for o, shown in zip(system.options(), data["options"], strict=True):
        assert shown["allowed"] == o.describe()
        if o.numeric and o.minimum is not None and math.isfinite(o.minimum):
            assert shown["minimum"] == o.minimum
        if o.numeric and o.maximum is not None and math.isfinite(o.maximum):
            assert shown["maximum"] == o.maximum
    assert data["option_rules"] == [r.says for r in system.option_rules()]


def test_parlour_rules_shows_each_options_domain_and_whole_name() -> None:
    out = runner.invoke(app, ["rules", "classical"], env={"COLUMNS": "80"}).output
    lines = out.splitlines()
    assert any(line.strip() == "rounds = 4 · 1–4" for line in lines)
    assert any(line.strip() == "rob_kong = false · true/false" for line in lines)
    assert any(line.strip() == 'goulash_wild = "bamboo_2" · bamboo_2, jokers' for line in lines)
    assert any("three distinct winds of E,S,W,N including E" in line for line in lines)
    assert any(line.startswith("  two_player_difference_payment = true") for line in lines)
    assert "options together: centre_round needs players=5" in out
    assert max(len(line.rstrip()) for line in lines) <= 80
    cards = runner.invoke(app, ["rules", "ninety-nine"], env={"COLUMNS": "80"}).output
    assert "deal_count = 9 · a multiple of 9 from 9 to 999" in cards


# -- the gold systems -----------------------------------------------------------------


@pytest.mark.parametrize("name", ["xiamen", "quanzhou"])
def test_the_gold_base_multiplier_is_one_or_more_everywhere(name: str) -> None:
    message = "option base_multiplier must be 1 or more, not 0"
    with pytest.raises(ValueError, match=f"^{message}$"):
        find_system(name).check_options({"base_multiplier": 0})
    with pytest.raises(InvalidHand, match=f"^{message}$"):
        parlour.score({"rules": name, "options": {"base_multiplier": 0}})
    result = runner.invoke(
        app, ["simulate", "--rules", name, "--games", "1", "--option", "base_multiplier=-2"]
    )
    assert result.exit_code == 2 and "base_multiplier must be 1 or more, not -2" in result.output
    assert find_system(name).check_options({"base_multiplier": 8})["base_multiplier"] == 8

"""Options of a rule system: each with a name, a default, a meaning and its domain.

Every "some players do it this way" of a rulebook is an option with a default and a
one-line explanation, never a silent choice. A rule system declares its options as
:class:`Option` values, each with the values it allows: its ``choices``, or for a
number its ``minimum`` and ``maximum``, or for a text with a structure a test
(``fits``) and the words that say what it allows (``allowed``). Rules over several
options are :class:`OptionRule` values, declared with the options in an
:class:`OptionSpec`. :func:`check_options` refuses unknown names, values that do not
fit and combinations a rule refuses, naming the option.

>>> spec = (Option("kong_values", "source", "fan values of kongs", ("source", "reference")),
...         Option("rounds", 4, "rounds in a match", minimum=1, maximum=4))
>>> check_options(spec, {"rounds": 2}, "demo")
{'rounds': 2}
>>> check_options(spec, {"kong_value": "x"}, "demo")
Traceback (most recent call last):
...
ValueError: demo has no option 'kong_value' (options: kong_values, rounds)
>>> check_options(spec, {"rounds": "two"}, "demo")
Traceback (most recent call last):
...
ValueError: option rounds must be a whole number, not 'two'
>>> check_options(spec, {"rounds": 0}, "demo")
Traceback (most recent call last):
...
ValueError: option rounds must be a whole number from 1 to 4, not 0
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import KW_ONLY, dataclass
from typing import Any

NO_BOUND = math.inf
"""The ``maximum`` (or, negated, the ``minimum``) of a number option that has none, said
explicitly: every number option declares both bounds, this one among them."""


@dataclass(frozen=True, slots=True)
class Option:
    """One option: ``name`` (snake_case), ``default``, ``meaning`` (one line) and the
    values it allows.

    ``choices``: the only values allowed (None: any value of the default's type, within
    the rest of the domain). ``minimum`` and ``maximum``: the bounds of a number
    option, both allowed (None: not declared; :data:`NO_BOUND` or ``-NO_BOUND``: none,
    said explicitly). ``fits``: a test the value must also pass (a text with a
    structure, a number that must be a multiple of another), with ``allowed`` the
    domain in words (a fragment after "must be": ``three distinct winds of E,S,W,N``);
    ``allowed`` given without ``fits`` replaces the words made from the bounds.

    >>> rounds = Option("rounds", 4, "wind rounds in a game", minimum=1, maximum=4)
    >>> rounds.check(3), rounds.describe(), rounds.brief()
    (3, 'a whole number from 1 to 4', '1–4')
    >>> rounds.check(True)
    Traceback (most recent call last):
    ...
    ValueError: option rounds must be a whole number, not True
    >>> rounds.to_json()["minimum"], rounds.to_json()["maximum"]
    (1, 4)
    """

    name: str
    default: Any
    meaning: str
    choices: tuple[Any, ...] | None = None
    _: KW_ONLY
    minimum: float | None = None
    maximum: float | None = None
    fits: Callable[[Any], bool] | None = None
    allowed: str | None = None

    def __post_init__(self) -> None:
        number = type(self.default) in (int, float)
        if (self.minimum is not None or self.maximum is not None) and not number:
            raise ValueError(f"option {self.name}: only a number option has bounds")
        if self.choices is not None and (
            self.minimum is not None or self.maximum is not None or self.fits is not None
        ):
            raise ValueError(f"option {self.name}: its choices are its whole domain")
        low, high = self._bounds()
        if low > high:
            raise ValueError(f"option {self.name}: minimum {low} is above maximum {high}")
        if self.fits is not None and not self.allowed:
            raise ValueError(f"option {self.name}: a test (fits) needs its words (allowed)")
        self.check(self.default)  # a default outside its own domain is a slip of the rules

    @property
    def numeric(self) -> bool:
        """Is this a number option (its default a whole number or a number, no choices)?"""
        return self.choices is None and type(self.default) in (int, float)

    @property
    def bounded(self) -> bool:
        """Does this number option declare both bounds (:data:`NO_BOUND` counts)?"""
        return self.minimum is not None and self.maximum is not None

    def _bounds(self) -> tuple[float, float]:
        low = -math.inf if self.minimum is None else self.minimum
        high = math.inf if self.maximum is None else self.maximum
        return low, high

    def _kind(self) -> str:
        """The type the option takes, in words."""
        want = type(self.default)
        if want is bool:
            return "true or false"
        if want is int:
            return "a whole number"
        if want is float:
            return "a number"
        if self.default is None:
            return "any value"
        return f"a {want.__name__}"

    def describe(self) -> str:
        """The values the option allows, in words (what follows "must be")."""
        if self.allowed:
            return self.allowed
        if self.choices is not None:
            return "one of " + ", ".join(str(c) for c in self.choices)
        low, high = self._bounds()
        if math.isfinite(low) and math.isfinite(high):
            return f"{self._kind()} from {_number(low)} to {_number(high)}"
        if math.isfinite(low):
            return f"{_number(low)} or more"
        if math.isfinite(high):
            return f"{_number(high)} or less"
        return self._kind()

    def brief(self) -> str:
        """The values the option allows, short (a column of ``parlour rules``)."""
        if self.allowed:
            return self.allowed
        if self.choices is not None:
            return ", ".join(str(c) for c in self.choices)
        if type(self.default) is bool:
            return "true/false"
        low, high = self._bounds()
        if math.isfinite(low) and math.isfinite(high):
            return f"{_number(low)}–{_number(high)}"
        return self.describe()

    def check(self, value: Any) -> Any:
        """``value`` if it fits this option, else ValueError naming the option, the
        value and what is allowed."""
        if self.choices is not None:
            if value not in self.choices or type(value) is not type(self.choices[0]):
                raise ValueError(f"option {self.name} must be {self.describe()}, not {value!r}")
            return value
        want = type(self.default)
        if want is bool:
            ok = type(value) is bool
        elif want is int:
            ok = type(value) is int
        elif want is float:
            ok = type(value) in (int, float)
        elif self.default is None:
            ok = True
        else:
            ok = type(value) is want
        if not ok:
            raise ValueError(f"option {self.name} must be {self._kind()}, not {value!r}")
        low, high = self._bounds()
        inside = not self.numeric or low <= value <= high  # NaN is outside every domain
        if not inside or (self.fits is not None and not self.fits(value)):
            raise ValueError(f"option {self.name} must be {self.describe()}, not {value!r}")
        return value

    def to_json(self) -> dict[str, Any]:
        """The option as JSON: name, default, meaning, its ``choices`` or finite
        ``minimum`` and ``maximum``, and ``allowed``: its domain in words."""
        out: dict[str, Any] = {"name": self.name, "default": self.default, "meaning": self.meaning}
        if self.choices is not None:
            out["choices"] = list(self.choices)
        low, high = self._bounds()
        if math.isfinite(low):
            out["minimum"] = self.minimum
        if math.isfinite(high):
            out["maximum"] = self.maximum
        out["allowed"] = self.describe()
        return out


def _number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


@dataclass(frozen=True, slots=True)
class OptionRule:
    """A rule over several options of a rule system.

    ``says`` is the rule in one line (as ``parlour rules`` shows it); ``problem`` reads
    every option's value (given, else preset, else default) and says what breaks the
    rule, naming the options, or returns None when it holds.

    >>> rule = OptionRule("b needs a", lambda v: None if v["a"] or not v["b"] else "b needs a")
    >>> spec = OptionSpec([Option("a", False, "a"), Option("b", False, "b")], rules=(rule,))
    >>> check_options(spec, {"b": True, "a": True}, "demo")
    {'b': True, 'a': True}
    >>> check_options(spec, {"b": True}, "demo")
    Traceback (most recent call last):
    ...
    ValueError: b needs a
    """

    says: str
    problem: Callable[[Mapping[str, Any]], str | None]


Presets = Callable[[Mapping[str, Any]], Mapping[str, Any]]
"""The defaults some given options change (a ``rule_set`` preset), from the given ones."""


class OptionSpec(tuple[Option, ...]):
    """A rule system's options (a tuple of :class:`Option`), with ``rules`` over several
    of them (:class:`OptionRule`) and ``presets``: the defaults that given options
    change. Everywhere a tuple of options is taken, this is; :func:`check_options`
    then checks the rules too, so that every way into a rule system meets them."""

    rules: tuple[OptionRule, ...]
    presets: Presets | None

    def __new__(
        cls,
        options: Iterable[Option],
        *,
        rules: Iterable[OptionRule] = (),
        presets: Presets | None = None,
    ) -> OptionSpec:
        spec = super().__new__(cls, options)
        spec.rules = tuple(rules)
        spec.presets = presets
        return spec


def option_rules(spec: Sequence[Option]) -> tuple[OptionRule, ...]:
    """The rules over several options ``spec`` declares (none for a plain tuple)."""
    return spec.rules if isinstance(spec, OptionSpec) else ()


def check_options(spec: Sequence[Option], given: Mapping[str, Any], system: str) -> dict[str, Any]:
    """The options ``given`` (only those), each checked against ``spec``, then every
    rule over several options (:class:`OptionSpec`) checked over all their values."""
    if not isinstance(given, Mapping):
        raise ValueError(f"options must be an object of name: value, not {given!r}")
    by_name = {o.name: o for o in spec}
    out: dict[str, Any] = {}
    for name, value in given.items():
        option = by_name.get(name)
        if option is None:
            known = ", ".join(sorted(by_name)) or "none"
            raise ValueError(f"{system} has no option {name!r} (options: {known})")
        out[name] = option.check(value)
    rules = option_rules(spec)
    if rules:
        values = option_values(spec, out)
        for rule in rules:
            problem = rule.problem(values)
            if problem:
                raise ValueError(problem)
    return out


def option_values(spec: Sequence[Option], given: Mapping[str, Any]) -> dict[str, Any]:
    """Every option of ``spec``: its given value, else its preset (an
    :class:`OptionSpec`'s ``presets``), else its default."""
    values = {o.name: o.default for o in spec}
    presets = spec.presets if isinstance(spec, OptionSpec) else None
    if presets is not None:
        values.update({k: v for k, v in presets(given).items() if k in values})
    values.update({k: v for k, v in given.items() if k in values})
    return values


__all__ = [
    "NO_BOUND",
    "Option",
    "OptionRule",
    "OptionSpec",
    "check_options",
    "option_rules",
    "option_values",
]

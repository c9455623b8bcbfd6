"""Options of a rule system: each with a name, a default and a meaning.

Every "some players do it this way" of a rulebook is an option with a default and a
one-line explanation, never a silent choice. A rule system declares its options as
:class:`Option` values; :func:`check_options` refuses unknown names and values that do
not fit, naming the option.

>>> spec = (Option("kong_values", "source", "fan values of kongs", ("source", "reference")),
...         Option("rounds", 4, "rounds in a match"))
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
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Option:
    """One option: ``name`` (snake_case), ``default``, ``meaning`` (one line) and the
    allowed ``choices`` (None: any value of the default's type)."""

    name: str
    default: Any
    meaning: str
    choices: tuple[Any, ...] | None = None

    def check(self, value: Any) -> Any:
        """``value`` if it fits this option, else ValueError naming the option."""
        if self.choices is not None:
            if value not in self.choices or type(value) is not type(self.choices[0]):
                allowed = ", ".join(str(c) for c in self.choices)
                raise ValueError(f"option {self.name} must be one of {allowed}, not {value!r}")
            return value
        want = type(self.default)
        if want is bool:
            ok = type(value) is bool
            what = "true or false"
        elif want is int:
            ok = type(value) is int
            what = "a whole number"
        elif want is float:
            ok = type(value) in (int, float)
            what = "a number"
        elif self.default is None:
            ok = True
            what = "any value"
        else:
            ok = type(value) is want
            what = f"a {want.__name__}"
        if not ok:
            raise ValueError(f"option {self.name} must be {what}, not {value!r}")
        return value

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "default": self.default, "meaning": self.meaning}
        if self.choices is not None:
            out["choices"] = list(self.choices)
        return out


def check_options(spec: Sequence[Option], given: Mapping[str, Any], system: str) -> dict[str, Any]:
    """The options ``given`` (only those), each checked against ``spec``."""
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
    return out


def option_values(spec: Sequence[Option], given: Mapping[str, Any]) -> dict[str, Any]:
    """Every option of ``spec``: its given value or its default."""
    return {o.name: given.get(o.name, o.default) for o in spec}


__all__ = ["Option", "check_options", "option_values"]

"""Piquet's options: every option with its default and meaning (:data:`OPTIONS`), the
presets of each ``rule_set`` (:data:`PRESETS`) and one game's options resolved and
checked (:class:`PiquetOptions`).

>>> PiquetOptions.make({"rule_set": "seventeenth_century"}).talon_size
12
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from parlour.core.options import Option, OptionRule, OptionSpec, check_options

RULE_SETS = ("modern", "old", "seventeenth_century")

PRESETS: dict[str, dict[str, Any]] = {
    "modern": {},
    "old": {"point_rule": "value", "trick_scoring": "ten_or_higher"},
    "seventeenth_century": {
        "point_rule": "value",
        "trick_scoring": "ten_or_higher",
        "deck_size": 36,
        "elder_max_exchange": 8,
        "both_blanks": "both_score",
        "first_dealer": "high_card_chooses",
        "game_format": "six_deals",
    },
}
"""The options each ``rule_set`` changes (the rows marked (P) in the rules); an option
given explicitly overrides its preset."""


def _preset(given: Mapping[str, Any]) -> Mapping[str, Any]:
    """The options the ``rule_set`` given (or the default) presets."""
    return PRESETS[given.get("rule_set", "modern")]


def _exchange_needs_talon(values: Mapping[str, Any]) -> str | None:
    """C6: with 32 cards the talon holds 8, so elder taking 8 leaves younger none."""
    if values["deck_size"] == 32 and values["elder_max_exchange"] == 8:
        return "elder_max_exchange=8 needs deck_size=36 (younger would have no card to take)"
    return None


OPTIONS = OptionSpec(
    (
        Option("rule_set", "modern", "preset of the rows below", RULE_SETS),
        Option(
            "point_rule",
            "count",
            "point compared by count then value, or by value",
            ("count", "value"),
        ),
        Option(
            "trick_scoring",
            "every_lead",
            "a point for every lead, or only for leads and wins with a 10 or higher",
            ("every_lead", "ten_or_higher"),
        ),
        Option("deck_size", 32, "32 cards (7..A) or 36 (6..A)", (32, 36)),
        Option("elder_max_exchange", 5, "most cards elder may exchange", (5, 8)),
        Option(
            "both_blanks",
            "neither_scores",
            "when both claim carte blanche",
            ("neither_scores", "both_score"),
        ),
        Option(
            "first_dealer",
            "low_card_deals",
            "lower card of the draw deals, or higher card chooses elder or younger",
            ("low_card_deals", "high_card_chooses"),
        ),
        Option(
            "game_format",
            "target",
            "play to target_score, or exactly six deals",
            ("target", "six_deals"),
        ),
        Option("target_score", 100, "the score that wins a game", (100, 150, 200)),
        Option(
            "partie",
            "best_of_three",
            "two games and a third if split, or one game",
            ("best_of_three", "single_game"),
        ),
        Option(
            "last_trick",
            "always",
            "last trick scored always, or only won with a 10 or higher",
            ("always", "needs_ten"),
        ),
        Option("last_trick_on_capot", True, "last-trick point also when one player takes all 12"),
        Option(
            "extra_combinations",
            "not_stronger",
            "the winner of a category also scores only combinations not stronger than his "
            "winning one",
            ("not_stronger", "unrestricted"),
        ),
        Option(
            "disclosure",
            "combined",
            "sequence and set stated at once, or size first",
            ("combined", "stepwise"),
        ),
        Option("younger_min_exchange", 1, "fewest cards younger exchanges", (1, 0)),
        Option(
            "younger_talon_view",
            "private",
            "younger sees the leftover talon alone, or only by exposing it",
            ("private", "expose"),
        ),
        Option(
            "own_discards_view",
            "forbidden",
            "may a player look at his own discards",
            ("forbidden", "allowed"),
        ),
        Option(
            "elder_blank_protocol",
            "protected",
            "a blank elder announces his count before younger discards",
            ("protected", "plain"),
        ),
        Option(
            "tricks_view", "last_only", "which won tricks may be looked at", ("last_only", "all")
        ),
        Option(
            "elder_point_choice",
            "any_suit",
            "elder may declare any suit as his point, or his best",
            ("any_suit", "best_only"),
        ),
        Option(
            "new_game_dealer",
            "redraw",
            "first dealer of a later game: a new draw, or the other player",
            ("redraw", "alternate"),
        ),
        Option("packet_size", 3, "cards dealt at a time (2 or 3)", (3, 2)),
    ),
    rules=(OptionRule("elder_max_exchange=8 needs deck_size=36", _exchange_needs_talon),),
    presets=_preset,
)
"""Every option, with its default and meaning (``rule_set`` presets the others), and the
combination refused (C6). Every option is a choice: its domain is its choices."""


@dataclass(frozen=True, slots=True)
class PiquetOptions:
    """The options of one game, every one resolved (preset of ``rule_set``, then the
    options given).

    >>> o = PiquetOptions.make({"rule_set": "old", "target_score": 150})
    >>> o.point_rule, o.trick_scoring, o.target_score, o.deck_size
    ('value', 'ten_or_higher', 150, 32)
    >>> PiquetOptions.make({"elder_max_exchange": 8})
    Traceback (most recent call last):
    ...
    ValueError: elder_max_exchange=8 needs deck_size=36 (younger would have no card to take)
    """

    rule_set: str = "modern"
    point_rule: str = "count"
    trick_scoring: str = "every_lead"
    deck_size: int = 32
    elder_max_exchange: int = 5
    both_blanks: str = "neither_scores"
    first_dealer: str = "low_card_deals"
    game_format: str = "target"
    target_score: int = 100
    partie: str = "best_of_three"
    last_trick: str = "always"
    last_trick_on_capot: bool = True
    extra_combinations: str = "not_stronger"
    disclosure: str = "combined"
    younger_min_exchange: int = 1
    younger_talon_view: str = "private"
    own_discards_view: str = "forbidden"
    elder_blank_protocol: str = "protected"
    tricks_view: str = "last_only"
    elder_point_choice: str = "any_suit"
    new_game_dealer: str = "redraw"
    packet_size: int = 3

    @classmethod
    def make(cls, given: Mapping[str, Any] | None = None) -> PiquetOptions:
        """The options from ``given`` (unknown names and bad values raise ValueError)."""
        checked = check_options(OPTIONS, given or {}, "piquet")  # C6 checked there too
        rule_set = checked.get("rule_set", "modern")
        return cls(**{**PRESETS[rule_set], **checked, "rule_set": rule_set})

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @property
    def talon_size(self) -> int:
        return self.deck_size - 24

"""The score keeper (:func:`score_json`): what each player scores for point, sequences
and sets from a JSON situation, category by category and in canonical order
(:class:`DeclarationScore`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from parlour.cards.cards import Card, format_cards, parse_cards
from parlour.cards.piquet.dealing import pack, sort_hand
from parlour.cards.piquet.declarations import (
    CATEGORIES,
    ELDER,
    YOUNGER,
    Combination,
    Settlement,
    settle,
    strongest,
)
from parlour.cards.piquet.options import PiquetOptions
from parlour.cards.piquet.scoring import BLANK, Ledger, Line, blank_awards
from parlour.core.errors import InvalidHand


@dataclass(frozen=True, slots=True)
class DeclarationScore:
    """What each player scores for point, sequences and sets (each declaring his
    strongest), category by category, then in canonical order with any repique.
    ``totals`` are (elder, younger) hand points after the sets."""

    options: PiquetOptions
    elder: tuple[Card, ...]
    younger: tuple[Card, ...]
    carte_blanche: tuple[str, ...]
    settlements: tuple[Settlement, ...]
    lines: tuple[Line, ...]
    totals: tuple[int, int]
    repique: str | None

    def to_json(self) -> dict[str, Any]:
        rule = self.options.point_rule
        roles = (ELDER, YOUNGER)

        def held(c: Combination | None) -> dict[str, Any] | None:
            return None if c is None else {"name": c.describe(rule), "cards": format_cards(c.cards)}

        categories = []
        for s in self.settlements:
            categories.append(
                {
                    "category": s.category,
                    "elder": held(s.declared),
                    "younger": held(s.compared),
                    "dialogue": [{"who": who, "says": words} for who, words in s.dialogue],
                    "outcome": s.outcome,
                    "scores": [c.to_json(rule) for c in s.scored],
                    "points": s.points,
                    "why": _why(s, rule),
                }
            )
        return {
            "rules": "piquet",
            "options": self.options.to_json(),
            "elder": format_cards(sort_hand(self.elder)),
            "younger": format_cards(sort_hand(self.younger)),
            "carte_blanche": list(self.carte_blanche),
            "categories": categories,
            "steps": [
                {
                    "step": ln.step,
                    "who": roles[ln.who],
                    "points": ln.points,
                    "what": ln.what,
                    "elder": ln.totals[0],
                    "younger": ln.totals[1],
                }
                for ln in self.lines
            ],
            "repique": self.repique,
            "totals": {"elder": self.totals[0], "younger": self.totals[1]},
        }


def _why(s: Settlement, rule: str) -> str:
    """One sentence saying why a category went as it did."""
    e = s.declared.describe(rule) if s.declared else None
    y = s.compared.describe(rule) if s.compared else None
    if s.outcome == "none":
        return f"elder declares no {s.category}; younger has none" if e is None else "nobody scores"
    if s.outcome == "equal":
        return f"elder's {e} and younger's {y} are equal: nobody scores"
    if e is None:
        return f"elder declares no {s.category}: younger's {y} scores unopposed"
    if s.outcome == YOUNGER:
        return f"younger's {y} beats elder's {e}"
    if y is None:
        return f"younger has nothing as strong as elder's {e}"
    return f"elder's {e} beats younger's {y}"


_SITUATION_KEYS = frozenset(("rules", "options", "elder", "younger", "carte_blanche"))


def _read_hand(text: Any, who: str, deck: tuple[Card, ...]) -> tuple[Card, ...]:
    if not isinstance(text, str):
        raise InvalidHand(f"{who}'s hand must be text such as 'AS KS 10D', not {text!r}")
    cards = parse_cards(text)
    if len(cards) != 12:
        raise InvalidHand(f"{who}'s hand has {len(cards)} cards, not 12 (in {text!r})")
    seen: set[Card] = set()
    for c in cards:
        if c not in deck:
            raise InvalidHand(f"{c} in {who}'s hand is not in the {len(deck)}-card pack")
        if c in seen:
            raise InvalidHand(f"{c} appears twice in {who}'s hand")
        seen.add(c)
    return cards


def score_json(situation: Mapping[str, Any]) -> DeclarationScore:
    """Score a situation: ``{"rules": "piquet", "options": {...}, "elder": "<12 cards>",
    "younger": "<12 cards>"}`` and optionally ``"carte_blanche": ["elder"]`` (who claimed
    it; the hands given are those after the exchange, so the claim is taken as given).
    Each player declares (elder) or compares (younger) his strongest combination of
    each category; the result says who scores what and why, then the steps in canonical
    order with any repique. Bad input raises :class:`InvalidHand` or :class:`NotationError`.

    >>> r = score_json({"rules": "piquet", "options": {},
    ...     "elder": "AS KS 9S 8S 7S AH QH AD KD QD AC 10C",
    ...     "younger": "QS JS JH 10H 9H 8H 7D KC QC JC 9C 8C"})
    >>> [(c["category"], c["outcome"], c["points"]) for c in r.to_json()["categories"]]
    [('point', 'younger', 5), ('sequence', 'younger', 7), ('set', 'elder', 14)]
    >>> r.totals
    (14, 12)
    >>> score_json({"rules": "piquet", "elder": "AS", "younger": ""})
    Traceback (most recent call last):
    ...
    parlour.core.errors.InvalidHand: elder's hand has 1 cards, not 12 (in 'AS')
    """
    if not isinstance(situation, Mapping):
        raise InvalidHand(f"a situation is an object, not {type(situation).__name__}")
    unknown = set(situation) - _SITUATION_KEYS
    if unknown:
        raise InvalidHand(
            f"unknown situation field {sorted(unknown)[0]!r} "
            f"(fields: {', '.join(sorted(_SITUATION_KEYS))})"
        )
    rules = situation.get("rules", "piquet")
    if rules != "piquet":
        raise InvalidHand(f"this score keeper is for rules 'piquet', not {rules!r}")
    try:
        options = PiquetOptions.make(situation.get("options") or {})
    except ValueError as e:
        raise InvalidHand(str(e)) from None
    deck = pack(options.deck_size)
    elder = _read_hand(situation.get("elder"), ELDER, deck)
    younger = _read_hand(situation.get("younger"), YOUNGER, deck)
    both = set(elder) & set(younger)
    if both:
        raise InvalidHand(f"{min(both)} is in both hands")
    claims_given = situation.get("carte_blanche") or []
    if isinstance(claims_given, str) or not isinstance(claims_given, Sequence):
        raise InvalidHand(f"carte_blanche is a list of 'elder' and 'younger', not {claims_given!r}")
    claims: list[int] = []
    for c in claims_given:
        if c not in (ELDER, YOUNGER):
            raise InvalidHand(f"carte_blanche names 'elder' or 'younger', not {c!r}")
        claims.append(0 if c == ELDER else 1)
    rule = options.point_rule
    ledger = Ledger()
    ledger.add(BLANK, blank_awards(claims, options))
    done: list[Settlement] = []
    for category in CATEGORIES:
        s = settle(
            category,
            elder,
            younger,
            strongest(category, elder, rule),
            strongest(category, younger, rule),
            options,
        )
        done.append(s)
        if s.winner is not None:
            who = 0 if s.winner == ELDER else 1
            ledger.add(category, [(who, c.score(rule), c.describe(rule)) for c in s.scored])
    bonus = ledger.bonus
    return DeclarationScore(
        options=options,
        elder=elder,
        younger=younger,
        carte_blanche=tuple(sorted({ELDER if c == 0 else YOUNGER for c in claims})),
        settlements=tuple(done),
        lines=tuple(ledger.lines),
        totals=(ledger.points[0], ledger.points[1]),
        repique=None if bonus is None else (ELDER, YOUNGER)[bonus[0]],
    )

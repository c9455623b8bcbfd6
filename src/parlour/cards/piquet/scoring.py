"""A hand's scoring: the canonical order of its steps with repique and pique
(:class:`Ledger`), the carte blanche, trick and cards awards, and when a game is won
(:func:`game_winner`, :func:`seventeenth_century_value`).

>>> ledger = Ledger()
>>> _ = ledger.add(POINT, [(0, 4, "point of four")])
>>> ledger.points, ledger.bonus
([4, 0], None)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from parlour.cards.cards import Card, parse_card  # noqa: F401 (the examples use parse_card)
from parlour.cards.piquet.declarations import POINT, SEQUENCE, SET
from parlour.cards.piquet.options import PiquetOptions

BLANK, TRICK, CARDS = "carte_blanche", "trick", "cards"
STEPS = (BLANK, POINT, SEQUENCE, SET, TRICK, CARDS)
"""The canonical order in which a hand's points count as entering."""

REPIQUE, PIQUE = 60, 30


@dataclass(frozen=True, slots=True)
class Line:
    """One entry of a hand's score: ``who`` (a seat or a role index) scored ``points``
    at canonical ``step`` for ``what``; ``totals`` are both players' hand points after it."""

    step: str
    who: int
    points: int
    what: str
    totals: tuple[int, int]

    def to_json(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "who": self.who,
            "points": self.points,
            "what": self.what,
            "totals": list(self.totals),
        }


@dataclass(slots=True)
class Ledger:
    """A hand's points entered in the canonical order, with repique and pique.

    Each :meth:`add` is one step (all carte blanche awards at once, each category, each
    single trick point, the cards). After a step of carte blanche, point, sequences or
    sets, a scorer with 30 or more while his opponent has 0 scores repique (+60); after
    a trick point, pique (+30); once per hand, never for the cards.

    >>> ledger = Ledger()
    >>> _ = ledger.add(SEQUENCE, [(1, 35, "two quintes")])
    >>> ledger.points, ledger.bonus
    ([0, 95], (1, 'repique'))
    """

    points: list[int] = field(default_factory=lambda: [0, 0])
    lines: list[Line] = field(default_factory=list)
    bonus: tuple[int, str] | None = None

    def add(self, step: str, awards: Sequence[tuple[int, int, str]]) -> list[Line]:
        """Enter one step's ``awards`` (who, points, what); the lines added."""
        start = len(self.lines)
        for who, pts, what in awards:
            if pts:
                self.points[who] += pts
                self.lines.append(Line(step, who, pts, what, (self.points[0], self.points[1])))
        if self.bonus is None and step != CARDS:
            for who, pts, _ in awards:
                if pts and self.points[who] >= 30 and self.points[1 - who] == 0:
                    bonus, label = (PIQUE, "pique") if step == TRICK else (REPIQUE, "repique")
                    self.points[who] += bonus
                    self.bonus = (who, label)
                    self.lines.append(
                        Line(step, who, bonus, label, (self.points[0], self.points[1]))
                    )
                    break
        return self.lines[start:]


def blank_awards(claims: Iterable[int], options: PiquetOptions) -> list[tuple[int, int, str]]:
    """The carte blanche awards of the players who claimed it: 10 each, or nothing when
    both claim under ``both_blanks=neither_scores``."""
    who = sorted(set(claims))
    if len(who) == 2 and options.both_blanks == "neither_scores":
        return []
    return [(w, 10, "carte blanche") for w in who]


def trick_awards(
    number: int,
    leader: int,
    lead: Card,
    follow: Card,
    options: PiquetOptions,
    capot: bool = False,
) -> tuple[int, list[tuple[int, int, str]]]:
    """The winner of trick ``number`` (1..12) and its points in order: lead point, win
    point, last-trick point. ``capot`` says the winner has taken every trick (for
    ``last_trick_on_capot``).

    >>> trick_awards(12, 0, parse_card("10C"), parse_card("KC"), PiquetOptions())
    (1, [(0, 1, 'lead'), (1, 1, 'win'), (1, 1, 'last trick')])
    """
    follower = 1 - leader
    winner = follower if (follow.suit == lead.suit and follow.rank > lead.rank) else leader
    ten = options.trick_scoring == "ten_or_higher"
    awards: list[tuple[int, int, str]] = []
    if not ten or lead.rank >= 10:
        awards.append((leader, 1, "lead"))
    if winner == follower and (not ten or follow.rank >= 10):
        awards.append((follower, 1, "win"))
    if number == 12:
        card = follow if winner == follower else lead
        if (options.last_trick == "always" or card.rank >= 10) and (
            options.last_trick_on_capot or not capot
        ):
            awards.append((winner, 1, "last trick"))
    return winner, awards


def cards_award(tricks: Sequence[int]) -> list[tuple[int, int, str]]:
    """The cards (+10 for more tricks) or capot (+40 for all twelve); 6-6 scores nothing.

    >>> cards_award([12, 0]), cards_award([5, 7]), cards_award([6, 6])
    ([(0, 40, 'capot')], [(1, 10, 'the cards')], [])
    """
    for who in (0, 1):
        if tricks[who] == 12:
            return [(who, 40, "capot")]
        if tricks[who] > tricks[1 - who]:
            return [(who, 10, "the cards")]
    return []


def seventeenth_century_value(winner: int, loser: int) -> int:
    """What the winner of a six-deal game scores: both totals + 100 if the loser has
    under 100, else the difference + 100.

    >>> seventeenth_century_value(212, 87), seventeenth_century_value(180, 150)
    (399, 130)
    """
    if loser < 100:
        return winner + loser + 100
    return winner - loser + 100


# ---------------------------------------------------------------------------------------
# When a game is won


def game_winner(
    options: PiquetOptions, totals: Sequence[int], hands: int, reached_at: Sequence[int | None]
) -> int | None:
    """The seat that has won a game whose ``totals`` are these after ``hands`` deals
    (None: the game goes on). To a target: the one player at the target, or of two the
    higher total, or with equal totals the first to reach it (``reached_at``, in scoring
    steps). Six deals: the higher total after six deals, or after each further pair
    while they are equal.

    >>> game_winner(PiquetOptions(), (104, 97), 3, (9, None))
    0
    >>> game_winner(PiquetOptions(), (101, 101), 4, (30, 22))
    1
    >>> six = PiquetOptions.make({"game_format": "six_deals"})
    >>> game_winner(six, (80, 150), 5, (None, None)), game_winner(six, (80, 150), 6, (None, 7))
    (None, 1)
    """
    a, b = totals
    if options.game_format == "target":
        reached = [s for s in (0, 1) if totals[s] >= options.target_score]
        if len(reached) == 1:
            return reached[0]
        if len(reached) == 2:
            if a != b:
                return 0 if a > b else 1
            first, second = reached_at
            if first is not None and second is not None and first != second:
                return 0 if first < second else 1
        return None
    if hands >= 6 and hands % 2 == 0 and a != b:
        return 0 if a > b else 1
    return None

"""The match layer: many deals of one game, with players, seats, scores and an end.

A :class:`Match` plays one game (a hand of mahjong, a deal of cards) after another. Its
:class:`MatchRules` say how the first deal is set up, how each next one follows from the
last result (who deals, who sits where, who sits out, whether the round moves on,
whether the match is over), how each deal's payments become the players' scores
(starting scores, payments to or from players not at the table, limits that make the
totals not sum to zero), and build the game of each deal. The players may outnumber the
seats (a fifth player sitting out); each deal's :class:`Setup` says who sits where.

Everything the match does depends on its rules, seed and the actions applied, so a
record of those replays it.

>>> from parlour.core.actions import Action
>>> class Coin:  # a one-action game: seat 0 calls, and wins 1 from seat 1 or loses 1
...     num_seats = 2
...     def __init__(self, setup): self.setup, self.res = setup, None
...     def to_act(self): return () if self.res else (0,)
...     def legal_actions(self, seat): return [Action("heads"), Action("tails")][: 2 * (seat == 0)]
...     def apply(self, seat, action):
...         win = (action.kind == "heads") == (self.setup.seed % 2 == 0)
...         self.res = {"payments": [1, -1] if win else [-1, 1]}
...         return []
...     def is_over(self): return self.res is not None
...     def result(self): return self.res
...     def observation(self, seat): return {"seat": seat}
>>> class CoinRules(MatchRules):
...     num_seats = 2
...     def new_game(self, match, setup): return Coin(setup)
...     def next_setup(self, match, last, result):  # three deals; the winner calls next
...         if last.number == 3: return None
...         caller = last.seating[0] if result["payments"][0] > 0 else last.seating[1]
...         other = 1 - caller
...         return self.setup_for(match, last.number + 1, (caller, other))
>>> m = Match(CoinRules(), seed=4, players=["Ann", "Bob"])
>>> while not m.is_over():
...     _ = m.apply(0, Action("heads"))
>>> m.scores, len(m.outcomes), m.result()["standings"][0]["name"]
([-1, 1], 3, 'Bob')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from parlour.core.actions import Action
from parlour.core.errors import IllegalAction
from parlour.core.game import Event, Game, check_seat, freeze, thaw
from parlour.core.rng import check_seed, derive_seed


def hand_seed(seed: int, index: int) -> int:
    """The seed of deal ``index`` (0-based) of the match with ``seed``: 32 bits of a
    hash, so it depends on nothing else (not on how many deals came before).

    >>> hand_seed(1, 0) == hand_seed(1, 0) != hand_seed(1, 1)
    True
    """
    return derive_seed("session", seed, index)


@dataclass(frozen=True, slots=True)
class Setup:
    """How one deal of a match is set up.

    ``number`` counts deals from 1; ``seed`` deals it; ``seating[s]`` is the player at
    seat ``s``; ``dealer`` is the dealer's seat; ``round`` counts rounds from 0 and
    ``prevailing`` is the round's value where the game has one (a mahjong round wind,
    or the Red Dragon of a five-player centre round); ``streak`` counts how many deals
    in a row this dealer has kept; ``flags`` carries what else the rules pass on (a
    goulash hand); ``resting`` lists the players not at the table.
    """

    number: int
    seed: int
    seating: tuple[int, ...]
    dealer: int = 0
    round: int = 0
    prevailing: str | None = None
    streak: int = 0
    flags: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    resting: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "flags", freeze(dict(self.flags)))

    def to_json(self) -> dict[str, Any]:
        """The setup as JSON (``from_json`` reads it back)."""
        out: dict[str, Any] = {
            "number": self.number,
            "seed": self.seed,
            "seating": list(self.seating),
            "dealer": self.dealer,
            "round": self.round,
            "prevailing": self.prevailing,
            "streak": self.streak,
            "flags": thaw(self.flags),
        }
        if self.resting:
            out["resting"] = list(self.resting)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Setup:
        return cls(
            number=data["number"],
            seed=data["seed"],
            seating=tuple(data["seating"]),
            dealer=data.get("dealer", 0),
            round=data.get("round", 0),
            prevailing=data.get("prevailing"),
            streak=data.get("streak", 0),
            flags=data.get("flags", {}),
            resting=tuple(data.get("resting", ())),
        )


@dataclass(frozen=True, slots=True)
class Outcome:
    """One finished deal: its setup, the game's result (seats) and each player's
    change of score (players, after the match's adjustments)."""

    setup: Setup
    result: Mapping[str, Any]
    payments: tuple[int, ...]

    @property
    def number(self) -> int:
        return self.setup.number


class MatchRules:
    """How a match runs (override the hooks a game's rulebook changes).

    The defaults: ``num_seats`` players, each always at the seat of their number;
    every player starts at ``starting_score``; a deal's payments go to the players at
    the seats; the match ends after ``max_deals`` deals (None: never, so a subclass
    must end it in :meth:`next_setup`).
    """

    num_seats = 4
    starting_score = 0
    max_deals: int | None = None

    def num_players(self) -> int:
        """How many players the match has (more than seats when some sit out)."""
        return self.num_seats

    def new_game(self, match: Match, setup: Setup) -> Game:
        """The game of one deal."""
        raise NotImplementedError

    def first_setup(self, match: Match) -> Setup:
        """The first deal: player ``k`` at seat ``k``, seat 0 deals."""
        return self.setup_for(match, 1, tuple(range(self.num_seats)))

    def setup_for(self, match: Match, number: int, seating: Sequence[int], **kw: Any) -> Setup:
        """A setup for deal ``number`` with its seed from the match's seed; the players
        not in ``seating`` rest."""
        seated = tuple(seating)
        resting = tuple(p for p in range(match.num_players) if p not in seated)
        return Setup(number, hand_seed(match.seed, number - 1), seated, resting=resting, **kw)

    def next_setup(self, match: Match, last: Setup, result: Mapping[str, Any]) -> Setup | None:
        """The deal after ``last``, which ended with ``result``; None ends the match.
        The default keeps the seats and stops after ``max_deals``."""
        if self.max_deals is not None and last.number >= self.max_deals:
            return None
        return self.setup_for(match, last.number + 1, last.seating)

    def player_payments(self, match: Match, setup: Setup, result: Mapping[str, Any]) -> list[int]:
        """Each player's change of score from a deal: the seats' payments moved to the
        players at them (players resting get 0). Override for payments to or from
        players not at the table, or limits on what a player can lose."""
        out = [0] * match.num_players
        for seat, amount in enumerate(result["payments"]):
            out[setup.seating[seat]] += amount
        return out


class Match:
    """A match (see the module docstring). ``players`` names the players (player ``i``
    is ``players[i]``); ``seed`` decides every deal."""

    def __init__(
        self, rules: MatchRules, *, seed: int = 0, players: Sequence[str] | None = None
    ) -> None:
        self.match_rules = rules
        self.seed = check_seed(seed)
        self.num_players = rules.num_players()
        self.num_seats = rules.num_seats
        names = [chr(ord("A") + i) for i in range(self.num_players)] if players is None else players
        if len(names) != self.num_players:
            raise ValueError(f"this match needs {self.num_players} players, not {len(names)}")
        self.players: list[str] = [str(p) for p in names]
        self.scores: list[int] = [rules.starting_score] * self.num_players
        self.setups: list[Setup] = []
        self.games: list[Game] = []
        self.outcomes: list[Outcome] = []
        self._over = False
        self._start(rules.first_setup(self))

    # -- state -----------------------------------------------------------------------

    @property
    def setup(self) -> Setup:
        """The setup of the current (or last) deal."""
        return self.setups[-1]

    @property
    def game(self) -> Game:
        """The deal in play (the last one, finished, once the match is over)."""
        return self.games[-1]

    @property
    def seating(self) -> tuple[int, ...]:
        return self.setup.seating

    @property
    def hand_number(self) -> int:
        """The current deal's number, 1-based (the last one's once the match is over)."""
        return self.setup.number

    def player_at(self, seat: int) -> int:
        """The player at ``seat`` in the current deal."""
        return self.seating[seat]

    def seat_of(self, player: int) -> int | None:
        """The seat of ``player`` in the current deal (None when resting)."""
        return self.seating.index(player) if player in self.seating else None

    def is_over(self) -> bool:
        return self._over

    # -- the game protocol (seats are the current deal's seats) ----------------------

    def to_act(self) -> tuple[int, ...]:
        return () if self._over else self.game.to_act()

    def legal_actions(self, seat: int) -> list[Action]:
        seat = check_seat(seat, self.num_seats)
        return [] if self._over else self.game.legal_actions(seat)

    def mask(self, seat: int) -> list[bool]:
        """The legal actions of ``seat`` as flags over the fixed encoding."""
        flags = [False] * self.action_space_size
        for action in self.legal_actions(seat):
            flags[self.encode(action)] = True
        return flags

    def observation(self, seat: int) -> dict[str, Any]:
        """The current deal as ``seat`` sees it, with the match around it."""
        seat = check_seat(seat, self.num_seats)
        obs = self.game.observation(seat)
        obs["match"] = self.match_view()
        return obs

    def match_view(self) -> dict[str, Any]:
        """What everyone knows of the match: deal number, round, and every player's
        name, seat (None when resting) and score."""
        return {
            "hand": self.hand_number,
            "round": self.setup.round,
            "prevailing": self.setup.prevailing,
            "over": self._over,
            "players": [
                {"name": self.players[p], "seat": self.seat_of(p), "score": self.scores[p]}
                for p in range(self.num_players)
            ],
        }

    @property
    def action_space_size(self) -> int:
        return self.game.action_space_size

    def encode(self, action: Action) -> int:
        return self.game.encode(action)

    def decode(self, index: int) -> Action:
        return self.game.decode(index)

    def format_action(self, action: Action) -> str:
        return self.game.format_action(action)

    def parse_action(self, text: str) -> Action:
        return self.game.parse_action(text)

    def apply(self, seat: int, action: Action, *, hand: int | None = None) -> list[Event]:
        """Apply ``action`` by ``seat`` to the current deal and return its events; when
        the deal ends, score it and set up the next one. ``hand``, when given, is the
        deal the action is meant for: an action for a deal that is over is refused.
        Raises ``IllegalAction`` (changing nothing) if the rules refuse the action or
        the match is over."""
        if self._over:
            raise IllegalAction("the match is over")
        if hand is not None and (type(hand) is not int or hand != self.hand_number):
            raise IllegalAction(
                f"the action is for hand {hand!r}, but hand {self.hand_number} is being played"
            )
        game = self.game
        events = game.apply(seat, action)
        if game.is_over():
            self._finish(game)
        return events

    def _finish(self, game: Game) -> None:
        result = game.result()
        assert result is not None
        setup = self.setup
        rules = self.match_rules
        payments = rules.player_payments(self, setup, result)
        for p, amount in enumerate(payments):
            self.scores[p] += amount
        self.outcomes.append(Outcome(setup, result, tuple(payments)))
        nxt = rules.next_setup(self, setup, result)
        if nxt is None:
            self._over = True
        else:
            self._start(nxt)

    def _start(self, setup: Setup) -> None:
        self.setups.append(setup)
        self.games.append(self.match_rules.new_game(self, setup))

    # -- results ---------------------------------------------------------------------

    def standings(self) -> list[dict[str, Any]]:
        """The players by score, best first: ``player`` (number), ``name``, ``score``
        and ``rank`` (equal scores share a rank)."""
        return standings(self.scores, self.players)

    def result(self) -> dict[str, Any] | None:
        """The match result once it is over (:meth:`results`), else None."""
        return self.results() if self._over else None

    def results(self) -> dict[str, Any]:
        """Standings as JSON: ``scores`` per player, ``standings``, ``hands`` finished
        and ``complete`` (the match is over)."""
        return {
            "scores": list(self.scores),
            "standings": self.standings(),
            "hands": len(self.outcomes),
            "complete": self._over,
        }


def standings(scores: Sequence[int], names: Sequence[str]) -> list[dict[str, Any]]:
    """Players by score, best first, equal scores sharing a rank.

    >>> [(r["name"], r["rank"]) for r in standings([3, 5, 3], ["a", "b", "c"])]
    [('b', 1), ('a', 2), ('c', 2)]
    """
    order = sorted(range(len(scores)), key=lambda p: (-scores[p], p))
    out: list[dict[str, Any]] = []
    for i, p in enumerate(order):
        tied = i and scores[p] == scores[order[i - 1]]
        rank = out[-1]["rank"] if tied else i + 1
        out.append({"player": p, "name": names[p], "score": scores[p], "rank": rank})
    return out


__all__ = ["Match", "MatchRules", "Outcome", "Setup", "hand_seed", "standings"]

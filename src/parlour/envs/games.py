"""What both kinds of environment share: the rule system's games as episodes
(:class:`Episodes`), each seat's observation as arrays, and the payments a move made.

An episode is one unit of the rule system, as a simulation plays it
(:meth:`~parlour.core.systems.RuleSystem.new_hand`: a mahjong hand, a whole card game),
or with ``match=True`` a whole match (:meth:`~parlour.core.systems.RuleSystem.new_match`,
cut after ``hands`` hands where the rules allow). Episode ``i`` after ``reset(seed=S)``
is unit ``i`` of a run seeded ``S``: the same seed gives the same deals.

>>> eps = Episodes("mcr")
>>> eps.seats, eps.action_size, eps.encoder.shape[1]
(4, 9864, 43)
>>> game = eps.new_game(seed=1, index=0)
>>> seat = game.to_act()[0]
>>> obs = eps.observe(game, seat)
>>> sorted(obs), int(obs["action_mask"].sum()) == len(game.legal_actions(seat))
(['action_mask', 'observation'], True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from parlour.core.game import Game
from parlour.core.systems import RuleSystem
from parlour.envs.encoding import Array

PROBE_GAMES = 3
"""How many seeded random games an encoder's layout is learnt from."""
PROBE_HANDS = 2
"""A match played to learn a layout is cut after this many hands (where it can be)."""
PROBE_SEED = 20_240_523
"""The seed of the games a layout is learnt from."""
PROBE_MOVES = 20_000
PROBE_STRIDE = 4
"""Every seat's observation is sampled at every this many states (the seat to act's
at each)."""

_CODES = 1 << 16
"""How many actions' indices an :class:`Episodes` keeps (forgotten all at once when full)."""

Mask = npt.NDArray[np.int8]


def agent_name(seat: int) -> str:
    """The agent of ``seat``.

    >>> agent_name(2)
    'player_2'
    """
    return f"player_{seat}"


class Episodes:
    """The games of rule system ``name`` with ``options`` as episodes (see the module
    docstring): ``match`` plays whole matches (cut after ``hands`` where the rules
    allow), ``ask_everyone`` asks every seat in a claim window (False: only those who
    may do more than pass: faster, but which seats are asked then shows who could
    claim), ``encoding`` passes options to the family's encoder (``discards``)."""

    def __init__(
        self,
        name: str,
        *,
        match: bool = False,
        hands: int | None = None,
        ask_everyone: bool = True,
        encoding: Mapping[str, Any] | None = None,
        **options: Any,
    ) -> None:
        from parlour.registry import check_playable

        self.system: RuleSystem = check_playable(name)
        self.options = self.system.check_options(options)
        self.match = match
        self.hands = hands if match and getattr(self.system, "hands_limit", False) else None
        self.ask_everyone = ask_everyone
        self._codes: dict[Any, int] = {}
        first = self.new_game(seed=0, index=0)
        self.seats: int = first.num_seats
        self.action_size: int = first.action_space_size
        self.encoder = _encoder(
            self.system.name,
            tuple(sorted(self.options.items())),
            match,
            tuple(sorted((encoding or {}).items())),
        )

    def new_game(self, *, seed: int, index: int = 0) -> Game:
        """Episode ``index`` of a run seeded ``seed``."""
        return _new_game(
            self.system, self.options, seed, index, self.match, self.hands, self.ask_everyone
        )

    def codes(self, game: Game, seat: int) -> list[int]:
        """The legal actions of ``seat`` as indices of the action encoding (each action's
        index found once, then kept: the encoding is the same in every game).

        >>> eps = Episodes("piquet")
        >>> game = eps.new_game(seed=1)
        >>> seat = game.to_act()[0]
        >>> eps.codes(game, seat) == [game.encode(a) for a in game.legal_actions(seat)]
        True
        """
        kept = self._codes
        out = []
        for action in game.legal_actions(seat):
            code = kept.get(action)
            if code is None:
                if len(kept) >= _CODES:
                    kept.clear()
                code = kept[action] = game.encode(action)
            out.append(code)
        return out

    def mask(self, game: Game, seat: int) -> Mask:
        """The legal actions of ``seat`` as 1s over the game's action encoding."""
        mask = np.zeros(self.action_size, np.int8)
        legal = self.codes(game, seat)
        if legal:
            mask[legal] = 1
        return mask

    def observe(self, game: Game, seat: int) -> dict[str, Any]:
        """What ``seat`` sees as arrays: ``observation`` (its observation dict
        encoded) and ``action_mask``."""
        return {
            "observation": self.encode(game.observation(seat)),
            "action_mask": self.mask(game, seat),
        }

    def text(self, game: Game, seat: int) -> str:
        """What ``seat`` sees, as text (the text view): its table as the terminal shows
        it (the rule system's :meth:`~parlour.core.systems.RuleSystem.text_view` of its
        observation, the seats named ``player_0``…), then its legal actions as
        the game writes them (``you may: …``), or ``not yours to act``.

        >>> eps = Episodes("mcr")
        >>> game = eps.new_game(seed=1)
        >>> print(eps.text(game, 0).splitlines()[-1][:44])
        you may: discard 1m, discard 3m, discard 8m,
        >>> print(eps.text(game, 1).splitlines()[-1])
        not yours to act
        """
        names = [agent_name(s) for s in range(self.seats)]
        view = self.system.text_view(game.observation(seat), names)
        legal = game.legal_actions(seat)
        asked = ", ".join(game.format_action(a) for a in legal) if legal else None
        return view + "\n" + (f"you may: {asked}" if asked else "not yours to act")

    def encode(self, observation: Mapping[str, Any]) -> Array:
        """One seat's observation dict encoded."""
        encoded: Array = self.encoder.encode(observation)
        return encoded

    def spaces(self) -> tuple[Any, Any]:
        """A new (observation space, action space) pair."""
        from gymnasium import spaces

        enc = self.encoder
        observation = spaces.Dict(
            {
                "observation": spaces.Box(enc.low, enc.high, enc.shape, np.float32),
                "action_mask": spaces.Box(0, 1, (self.action_size,), np.int8),
            }
        )
        return observation, spaces.Discrete(self.action_size)


def _new_game(
    system: RuleSystem,
    options: Mapping[str, Any],
    seed: int,
    index: int,
    match: bool,
    hands: int | None,
    ask_everyone: bool,
) -> Game:
    if match:
        from parlour.core.match import hand_seed

        return system.new_match(
            options, seed=hand_seed(seed, index), hands=hands, ask_everyone=ask_everyone
        )
    return system.new_hand(options, seed=seed, index=index, ask_everyone=ask_everyone)


@lru_cache(maxsize=64)
def _encoder(
    name: str,
    options: tuple[tuple[str, Any], ...],
    match: bool,
    encoding: tuple[tuple[str, Any], ...],
) -> Any:
    """The encoder of ``name`` with ``options``, its layout learnt once per process
    from :data:`PROBE_GAMES` seeded games played by random legal moves (the
    observation of the seat to act at every state, of every seat at some)."""
    from parlour.registry import find_system

    system = find_system(name)
    values = dict(options)
    hands = PROBE_HANDS if match and getattr(system, "hands_limit", False) else None
    samples: list[tuple[int, dict[str, Any]]] = []
    seats = 0
    for i in range(PROBE_GAMES):
        game = _new_game(system, values, PROBE_SEED, i, match, hands, True)
        seats = game.num_seats
        rng = random.Random(PROBE_SEED + i)
        for move in range(PROBE_MOVES):
            if game.is_over():
                samples += [(s, game.observation(s)) for s in range(seats)]
                break
            seat = game.to_act()[0]
            looked = range(seats) if move % PROBE_STRIDE == 0 else (seat,)
            samples += [(s, game.observation(s)) for s in looked]
            game.apply(seat, rng.choice(game.legal_actions(seat)))
    return system.make_encoder(seats, samples, **dict(encoding))


def payments_since(game: Game, seen: int) -> tuple[list[int] | None, int]:
    """The payments (by seat) of the hands of ``game`` finished since the first
    ``seen``, and how many have finished (a game that is one hand: its result's
    payments once it is over).

    >>> eps = Episodes("mcr")
    >>> payments_since(eps.new_game(seed=1), 0)
    (None, 0)
    """
    outcomes: Sequence[Any] | None = getattr(game, "outcomes", None)
    if outcomes is None:
        if seen or not game.is_over():
            return None, seen
        result = game.result()
        return (None if result is None else list(result["payments"])), 1
    if len(outcomes) == seen:
        return None, seen
    total = [0] * game.num_seats
    for outcome in outcomes[seen:]:
        for s, amount in enumerate(outcome.result["payments"]):
            total[s] += amount
    return total, len(outcomes)


__all__ = ["PROBE_GAMES", "Episodes", "agent_name", "payments_since"]

"""Many games stepped in one process: :class:`VectorGames`, the quickest way to make
experience on one core.

``VectorGames(name, n, seed)`` holds ``n`` games of rule system ``name`` and writes, for
each, the observation of the seat to act (encoded by the family's encoder) and its
action mask into preallocated numpy arrays: ``observations`` of shape ``(n, rows,
width)`` and ``masks`` of shape ``(n, actions)``. Each call to :meth:`~VectorGames.step`
takes one action per game (an index of the game's action encoding) for the seat whose
observation is in that game's row (``seats[i]``), and answers::

    obs, mask = vg.reset()
    obs, mask, rewards, dones, infos = vg.step(actions)

``rewards`` (shape ``(n, seats)``) is what the rulebook paid each seat of each game for
the move (its result's payments when the move ended the hand), ``dones`` (shape ``(n,)``)
says which games the move ended: such a game is dealt again at once (auto-reset), so
its row already shows the next episode's first observation. ``infos`` holds arrays:
``seat`` (who acts now in each game), ``acted`` (who took the action) and ``episode``
(how many episodes each game has finished). Game ``i`` plays episodes ``i``, ``i + n``,
``i + 2n`` … of a run seeded ``seed`` (see :class:`~parlour.envs.games.Episodes`): the
same seed and actions give the same arrays. The arrays returned are the object's own,
overwritten by the next step (copy what you keep).

>>> vg = VectorGames("mcr", 4, seed=1)
>>> obs, mask = vg.reset()
>>> obs.shape[0], mask.shape
(4, (4, 9864))
>>> rng = np.random.default_rng(0)
>>> for _ in range(200):
...     obs, mask, rewards, dones, infos = vg.step(vg.sample(rng))
>>> rewards.shape, dones.shape, sorted(infos)
((4, 4), (4,), ['acted', 'episode', 'seat'])
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np
import numpy.typing as npt

from parlour.core.actions import Action
from parlour.core.errors import IllegalAction
from parlour.core.game import Game
from parlour.envs.encoding import Array
from parlour.envs.games import Episodes, Mask, ones_at, payments_since

Step = tuple[
    Array,
    "npt.NDArray[np.int8]",
    "npt.NDArray[np.float32]",
    "npt.NDArray[np.bool_]",
    dict[str, "npt.NDArray[np.int64]"],
]
"""What :meth:`VectorGames.step` answers: observations, masks, rewards, dones, infos."""


class VectorGames:
    """``n`` games of rule system ``name`` with ``options`` stepped together (see the
    module docstring); ``match``, ``hands``, ``ask_everyone`` and ``encoding`` are those
    of :class:`~parlour.envs.games.Episodes`."""

    def __init__(
        self,
        name: str,
        n: int,
        seed: int = 0,
        *,
        match: bool = False,
        hands: int | None = None,
        ask_everyone: bool = True,
        encoding: dict[str, Any] | None = None,
        **options: Any,
    ) -> None:
        if n < 1:
            raise ValueError("VectorGames needs at least one game")
        self.episodes = Episodes(
            name, match=match, hands=hands, ask_everyone=ask_everyone, encoding=encoding, **options
        )
        self.num_games = n
        self.seed = seed
        self.num_seats = self.episodes.seats
        self.action_size = self.episodes.action_size
        enc = self.episodes.encoder
        self.observations: Array = np.zeros((n, *enc.shape), np.float32)
        """Each game's observation of the seat to act, encoded."""
        self.masks: npt.NDArray[np.int8] = np.zeros((n, self.action_size), np.int8)
        """Each game's legal actions of the seat to act, as 1s."""
        self.rewards: npt.NDArray[np.float32] = np.zeros((n, self.num_seats), np.float32)
        self.dones: npt.NDArray[np.bool_] = np.zeros(n, np.bool_)
        self.seats: npt.NDArray[np.int64] = np.zeros(n, np.int64)
        """The seat whose observation is in each game's row (the one to act)."""
        self.acted: npt.NDArray[np.int64] = np.zeros(n, np.int64)
        self.finished: npt.NDArray[np.int64] = np.zeros(n, np.int64)
        """How many episodes each game has finished."""
        self.games: list[Game] = []
        self._seen = [0] * n
        self._legal: list[list[int]] = [[] for _ in range(n)]
        self._actions: list[list[Action]] = [[] for _ in range(n)]
        self._to_act = [0] * n  # seats, as ints
        self._rows = list(self.observations)  # each game's row, made once
        self._mask_rows = list(self.masks)

    def reset(self, seed: int | None = None) -> tuple[Array, Mask]:
        """Deal every game afresh (from ``seed`` when given) and answer the
        observations and masks of the seats to act."""
        if seed is not None:
            self.seed = seed
        n = self.num_games
        self.games = [self.episodes.new_game(seed=self.seed, index=i) for i in range(n)]
        self._seen = [0] * n
        self.finished[:] = 0
        self.rewards[:] = 0
        self.dones[:] = False
        for i in range(n):
            self._write(i)
        return self.observations, self.masks

    def step(self, actions: Any) -> Step:
        """Play ``actions[i]`` (an index of the action encoding) for the seat to act in
        game ``i``, for every game; an action its mask forbids raises
        :class:`~parlour.core.errors.IllegalAction` (the games before it have moved)."""
        if not self.games:
            raise RuntimeError("reset the games first")
        codes = np.asarray(actions, np.int64).reshape(-1)
        if len(codes) != self.num_games:
            raise ValueError(f"{len(codes)} actions for {self.num_games} games")
        self.rewards[:] = 0
        self.dones[:] = False
        for i, game in enumerate(self.games):
            code = int(codes[i])
            seat = self._to_act[i]
            try:  # the action as the game handed it out (its mask's 1s are these)
                action = self._actions[i][self._legal[i].index(code)]
            except ValueError:
                raise IllegalAction(
                    f"game {i}: {code} is not a legal action of seat {seat}"
                ) from None
            game.apply(seat, action)
            self.acted[i] = seat
            payments, self._seen[i] = payments_since(game, self._seen[i])
            if payments is not None:
                self.rewards[i] = payments
            if game.is_over():
                self.dones[i] = True
                self.finished[i] += 1
                index = i + self.num_games * int(self.finished[i])
                self.games[i] = self.episodes.new_game(seed=self.seed, index=index)
                self._seen[i] = 0
            self._write(i)
        infos = {"seat": self.seats, "acted": self.acted, "episode": self.finished}
        return self.observations, self.masks, self.rewards, self.dones, infos

    def sample(self, rng: np.random.Generator) -> npt.NDArray[np.int64]:
        """One uniformly random legal action per game.

        >>> vg = VectorGames("ninety-nine", 2, seed=3)
        >>> _ = vg.reset()
        >>> a = vg.sample(np.random.default_rng(1))
        >>> bool(vg.masks[0, a[0]] and vg.masks[1, a[1]])
        True
        """
        picks = rng.random(self.num_games)
        return np.asarray(
            [legal[int(p * len(legal))] for legal, p in zip(self._legal, picks, strict=True)],
            np.int64,
        )

    def _write(self, i: int) -> None:
        game = self.games[i]
        seat = self._to_act[i] = game.to_act()[0]
        self.seats[i] = seat
        eps = self.episodes
        eps.encode_game(game, seat, self._rows[i])
        row = self._mask_rows[i]
        row.fill(0)
        self._actions[i], legal = eps.legal(game, seat)
        self._legal[i] = legal
        ones_at(row, legal)


def vector_steps_per_second(
    name: str, steps: int = 2_000, *, games: int = 16, seed: int = 0, **options: Any
) -> float:
    """Steps per second (one action in one game, its observation and mask written) of
    :class:`VectorGames` of ``name`` with ``games`` games, random legal actions.

    >>> vector_steps_per_second("kawuxing", steps=40, games=4) > 0
    True
    """
    vg = VectorGames(name, games, seed, **options)
    rng = np.random.default_rng(seed)
    vg.reset()
    done = 0
    start = time.perf_counter()
    while done < steps:
        vg.step(vg.sample(rng))
        done += games
    return done / (time.perf_counter() - start)


__all__ = ["Step", "VectorGames", "vector_steps_per_second"]

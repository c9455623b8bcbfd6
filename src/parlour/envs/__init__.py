"""Learning environments for every playable rule system (the ``envs`` extra: PettingZoo,
Gymnasium, numpy).

* :func:`env` — the PettingZoo AEC environment of a rule system
  (:class:`~parlour.envs.aec.ParlourEnv`): agents ``player_0…``, observations
  ``{"observation": Box, "action_mask": Box(int8)}``, rewards the rulebook's payments;
* :func:`single` — a Gymnasium environment with one learner seat, the others played by
  named bots (:class:`~parlour.envs.single.SingleSeatEnv`);
* the observation encoders of each family: :mod:`parlour.envs.mahjong` (feature
  planes over the 43 tile kinds) and :mod:`parlour.envs.cards` (card planes over a full
  pack), both reading only what one seat observes (its observation dict; the mahjong
  planes, quicker, the same tiles read from the table);
* :class:`VectorGames` — ``n`` games stepped together in one process, observations
  and masks written into preallocated arrays, with auto-reset
  (:mod:`parlour.envs.vector`);
* :func:`steps_per_second` and :func:`vector_steps_per_second` — environment steps
  per second, and :func:`encoding_cost` — an observation's encoding against an engine
  step, for the benchmarks.

>>> e = env("mcr")
>>> e.reset(seed=1)
>>> e.agent_selection
'player_0'
>>> g = single("piquet", opponents="random", rule_set="old")
>>> obs, info = g.reset(seed=2)
>>> bool(info["action_mask"].any())
True
"""

from __future__ import annotations

import random
import time
from typing import Any

import numpy as np

from parlour.envs.aec import ParlourEnv
from parlour.envs.games import Episodes
from parlour.envs.single import SingleSeatEnv
from parlour.envs.vector import VectorGames, vector_steps_per_second


def env(name: str, **options: Any) -> ParlourEnv:
    """The PettingZoo AEC environment of rule system ``name`` (any name or alias the
    registry knows) with its ``options`` (and the environment's own: ``match``,
    ``hands``, ``ask_everyone``, ``encoding``, ``render_mode``).

    >>> e = env("ninety-nine")
    >>> e.possible_agents
    ['player_0', 'player_1', 'player_2']
    """
    return ParlourEnv(name, **options)


def single(name: str, opponents: str | list[str] = "greedy", **options: Any) -> SingleSeatEnv:
    """A Gymnasium environment of rule system ``name``: the learner sits at ``seat``
    (0 unless given), the other seats are played by the bots named by ``opponents``
    (one name for all, or one per other seat, in seat order).

    >>> g = single("xiamen", opponents="random")
    >>> obs, info = g.reset(seed=0)
    >>> obs["observation"].shape == g.observation_space["observation"].shape
    True
    """
    return SingleSeatEnv(name, opponents=opponents, **options)


def steps_per_second(
    name: str, steps: int = 2_000, *, seed: int = 0, tensors: bool = True, **options: Any
) -> float:
    """Environment steps per second of the AEC environment of ``name``, playing
    uniformly random legal actions from ``seed`` (``tensors`` False: the mask only,
    no observation encoded): what ``parlour bench env`` measures.

    >>> steps_per_second("mcr", steps=20) > 0
    True
    """
    e = ParlourEnv(name, **options)
    rng = random.Random(seed)  # as the peers' loops draw (numpy's Generator is slow at one draw)
    episodes: Episodes = e.episodes
    e.reset(seed=seed)
    done = 0
    start = time.perf_counter()
    while done < steps:
        agent = e.agent_selection
        if e.terminations[agent] or e.truncations[agent]:
            e.step(None)
            if not e.agents:
                e.reset()
            continue
        game = e.game
        assert game is not None
        seat = e.possible_agents.index(agent)
        mask = e.observe(agent)["action_mask"] if tensors else episodes.mask(game, seat)
        legal = mask.view(np.bool_).nonzero()[0]  # a bool view: nonzero is quicker
        e.step(int(legal[int(rng.random() * len(legal))]))
        done += 1
    return done / (time.perf_counter() - start)


def encoding_cost(
    name: str, steps: int = 2_000, *, seed: int = 0, **options: Any
) -> tuple[float, float]:
    """Seconds per engine step (the legal actions of the seat to act, a uniformly random
    one applied) and seconds per observation encoded (the planes of the seat to act,
    as the environments read them), timed side by side at every step of seeded random
    games (a load on the machine weighs on both alike).

    >>> engine, encoding = encoding_cost("mcr", steps=50)
    >>> engine > 0 and encoding > 0
    True
    """
    episodes = Episodes(name, **options)
    rng = random.Random(seed)
    clock = time.perf_counter
    index, done, engine, encoding = 0, 0, 0.0, 0.0
    game = episodes.new_game(seed=seed, index=index)
    while done < steps:
        if game.is_over():
            index += 1
            game = episodes.new_game(seed=seed, index=index)
            continue
        seat = game.to_act()[0]
        start = clock()
        episodes.encode_game(game, seat)
        middle = clock()
        legal = game.legal_actions(seat)
        game.apply(seat, legal[int(rng.random() * len(legal))])
        end = clock()
        encoding += middle - start
        engine += end - middle
        done += 1
    return engine / steps, encoding / steps


__all__ = [
    "Episodes",
    "ParlourEnv",
    "SingleSeatEnv",
    "VectorGames",
    "encoding_cost",
    "env",
    "single",
    "steps_per_second",
    "vector_steps_per_second",
]

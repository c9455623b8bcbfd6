"""A Gymnasium environment with one learner: :class:`SingleSeatEnv`.

The learner sits at one seat; the other seats are played inside :meth:`step` by bots
of the rule system, named by ``opponents``. An observation is the learner's
``{"observation": …, "action_mask": …}`` (the same arrays as the AEC environment's),
and ``info["action_mask"]`` holds the mask too. The reward of a step is what the
rulebook paid the learner's seat for the hands finished during it (the learner's move
and the bots' moves after it); the episode terminates when the hand (or the match, with
``match=True``) is over. ``reset(seed=S)`` starts unit 0 of a run seeded ``S`` (the bots
seeded from it too), ``reset()`` the next unit; ``options={"seat": k}`` moves the
learner.

An action the mask does not allow is, by default, taken as the legal action at its
index modulo the number of legal actions (``info["illegal_action"]`` says so); with
``strict=True`` it raises :class:`~parlour.core.errors.IllegalAction`.

>>> env = SingleSeatEnv("mcr", opponents="random")
>>> obs, info = env.reset(seed=5)
>>> action = int(info["action_mask"].nonzero()[0][0])
>>> obs, reward, terminated, truncated, info = env.step(action)
>>> terminated, truncated, info["seat"]
(False, False, 0)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import gymnasium

from parlour.core.errors import IllegalAction
from parlour.core.game import Game
from parlour.core.rng import derive_seed
from parlour.core.systems import Bot
from parlour.envs.games import Episodes, payments_since

RESETS = 100
"""How many units a reset deals at most, looking for one where the learner acts."""


class SingleSeatEnv(gymnasium.Env[dict[str, Any], Any]):
    """The one-learner environment of rule system ``name`` (see the module docstring):
    ``opponents`` names the bots (one name for all other seats, or one per other seat
    in seat order), ``seat`` is the learner's seat, ``strict`` refuses illegal
    actions; ``match``, ``hands``, ``ask_everyone`` and ``encoding`` are those of
    :class:`~parlour.envs.games.Episodes`."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 (Gymnasium's own declaration)

    def __init__(
        self,
        name: str,
        opponents: str | Sequence[str] = "greedy",
        *,
        seat: int = 0,
        strict: bool = False,
        match: bool = False,
        hands: int | None = None,
        ask_everyone: bool = True,
        encoding: dict[str, Any] | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.episodes = Episodes(
            name,
            match=match,
            hands=hands,
            ask_everyone=ask_everyone,
            encoding=encoding,
            **options,
        )
        system = self.episodes.system
        self.seats = self.episodes.seats
        others = self.seats - 1
        names = [opponents] * others if isinstance(opponents, str) else list(opponents)
        if len(names) != others:
            raise ValueError(f"{system.name} has {others} other seats: name {others} bots")
        for bot in names:
            system.make_bot(bot, options=self.episodes.options)  # an unknown name fails now
        self.opponents = names
        self.seat = self._check_seat(seat)
        self.strict = strict
        self.render_mode = render_mode
        self.observation_space, self.action_space = self.episodes.spaces()
        self._seed = 0
        self._index = -1
        self.game: Game | None = None
        self.bots: dict[int, Bot] = {}
        self._pending = 0

    def _check_seat(self, seat: Any) -> int:
        if not isinstance(seat, int) or not 0 <= seat < self.seats:
            raise ValueError(f"the learner's seat is 0-{self.seats - 1}, not {seat!r}")
        return seat

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        if options and "seat" in options:
            self.seat = self._check_seat(options["seat"])
        if seed is not None:
            self._seed, self._index = int(seed), -1
        for _ in range(RESETS):
            self._index += 1
            game = self.game = self.episodes.new_game(seed=self._seed, index=self._index)
            others = [s for s in range(self.seats) if s != self.seat]
            self.bots = {
                s: self.episodes.system.make_bot(
                    name,
                    seed=derive_seed("envs-bot", self._seed, self._index, s),
                    options=self.episodes.options,
                )
                for s, name in zip(others, self.opponents, strict=True)
            }
            self._seen = 0
            self._pending = self._play_others(game)
            if not game.is_over():
                return self._observe(game, illegal=False)
        raise RuntimeError(f"the learner was never asked in {RESETS} units")

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        game = self.game
        if game is None or game.is_over():
            raise RuntimeError("the episode is over: reset the environment")
        legal = game.legal_actions(self.seat)
        illegal = False
        try:
            chosen = game.decode(int(action))
        except (TypeError, ValueError, IndexError):
            chosen = None
        if chosen is None or chosen not in legal:
            if self.strict:
                raise IllegalAction(f"{action!r} is not a legal action of the learner now")
            illegal = True
            chosen = legal[int(action) % len(legal)]
        reward = self._pending + self._apply(game, self.seat, chosen)
        self._pending = 0
        reward += self._play_others(game)
        obs, info = self._observe(game, illegal=illegal)
        return obs, float(reward), game.is_over(), False, info

    def _apply(self, game: Game, seat: int, action: Any) -> int:
        game.apply(seat, action)
        payments, self._seen = payments_since(game, self._seen)
        return 0 if payments is None else payments[self.seat]

    def _play_others(self, game: Game) -> int:
        """Let the bots play until the learner is to act or the episode is over; what
        the learner was paid meanwhile."""
        paid = 0
        while not game.is_over():
            seat = game.to_act()[0]
            if seat == self.seat:
                break
            action = self.bots[seat].act(game.observation(seat), game.legal_actions(seat))
            paid += self._apply(game, seat, action)
        return paid

    def _observe(self, game: Game, *, illegal: bool) -> tuple[dict[str, Any], dict[str, Any]]:
        obs = self.episodes.observe(game, self.seat)
        info = {"action_mask": obs["action_mask"].copy(), "seat": self.seat}
        if illegal:
            info["illegal_action"] = True
        return obs, info

    def text(self) -> str:
        """What the learner sees, as text: the text view of its observation and its
        legal actions (:meth:`~parlour.envs.games.Episodes.text`).

        >>> g = SingleSeatEnv("mcr", opponents="random")
        >>> _ = g.reset(seed=1)
        >>> "your hand: " in g.text()
        True
        """
        assert self.game is not None, "reset the environment first"
        return self.episodes.text(self.game, self.seat)

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.game is None:
            return None
        return json.dumps(self.episodes.system.spectator(self.game), ensure_ascii=False)


__all__ = ["SingleSeatEnv"]

"""The PettingZoo AEC environment of a rule system: :class:`ParlourEnv`.

Agents are the seats: ``player_0`` … ``player_{n-1}`` (a match where a player rests
for a hand has as many agents as seats). The agent to act is the first seat the game
asks (``to_act()[0]``): a claim window, a bid or an exchange that several seats answer
at once is asked one seat at a time, in seat order, and no seat's observation shows
what a seat asked before it in the same window answered (the game shows each seat only
its own part of a window). Each agent observes ``{"observation": …, "action_mask": …}``:
its observation dict encoded by the family's encoder, and its legal actions as 1s over
the game's fixed action encoding (all 0 when it is not to act). An action is an index
of that encoding; an illegal one raises
:class:`~parlour.core.errors.IllegalAction` and changes nothing.

The reward of a move is what the rulebook pays each seat for the hands the move
finished (the result's payments, kong payments and the like included); every agent
terminates when the episode (a hand, or a match with ``match=True``) is over.

>>> env = ParlourEnv("mcr")
>>> env.reset(seed=3)
>>> env.agents, env.agent_selection
(['player_0', 'player_1', 'player_2', 'player_3'], 'player_0')
>>> obs, reward, terminated, truncated, info = env.last()
>>> obs["observation"].shape == env.observation_space("player_0")["observation"].shape
True
>>> action = int(obs["action_mask"].nonzero()[0][0])
>>> env.step(action)
>>> env.observation_space("player_1") is env.observation_space("player_1")
True
"""

from __future__ import annotations

import json
from typing import Any

from pettingzoo import AECEnv  # type: ignore[import-untyped]

from parlour.core.actions import Action
from parlour.core.errors import IllegalAction
from parlour.core.game import Game
from parlour.envs.games import Episodes, agent_name, payments_since


class ParlourEnv(AECEnv):  # type: ignore[misc]
    """The AEC environment of rule system ``name`` with ``options`` (see the module
    docstring). ``match``, ``hands``, ``ask_everyone`` and ``encoding`` are those of
    :class:`~parlour.envs.games.Episodes`; ``render_mode`` ``"ansi"`` renders what a
    spectator sees as text."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo's own declaration)
        "render_modes": ["ansi"],
        "name": "parlour",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        name: str,
        *,
        match: bool = False,
        hands: int | None = None,
        ask_everyone: bool = True,
        encoding: dict[str, Any] | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.episodes = Episodes(
            name,
            match=match,
            hands=hands,
            ask_everyone=ask_everyone,
            encoding=encoding,
            **options,
        )
        self.metadata = {**self.metadata, "name": f"parlour_{self.episodes.system.name}"}
        self.render_mode = render_mode
        self.possible_agents = [agent_name(s) for s in range(self.episodes.seats)]
        self._seat_of = {a: s for s, a in enumerate(self.possible_agents)}
        self._spaces = {a: self.episodes.spaces() for a in self.possible_agents}
        self._seed = 0
        self._index = -1
        self.game: Game | None = None

    # -- spaces ----------------------------------------------------------------------

    def observation_space(self, agent: str) -> Any:
        return self._spaces[agent][0]

    def action_space(self, agent: str) -> Any:
        return self._spaces[agent][1]

    # -- the episode -----------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start an episode: with ``seed``, unit 0 of a run seeded ``seed``; without,
        the next unit of the current run (of seed 0 at first)."""
        if seed is not None:
            self._seed, self._index = int(seed), 0
        else:
            self._index += 1
        self.game = self.episodes.new_game(seed=self._seed, index=self._index)
        self._seen = 0
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game.to_act()[0]]

    def observe(self, agent: str) -> dict[str, Any]:
        assert self.game is not None, "reset the environment first"
        return self.episodes.observe(self.game, self._seat_of[agent])

    def text(self, agent: str) -> str:
        """What ``agent`` sees, as text: the text view of its observation and its legal
        actions (:meth:`~parlour.envs.games.Episodes.text`), for agents that read words.

        >>> e = ParlourEnv("piquet")
        >>> e.reset(seed=1)
        >>> "your hand: " in e.text(e.agent_selection)
        True
        """
        assert self.game is not None, "reset the environment first"
        return self.episodes.text(self.game, self._seat_of[agent])

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        assert game is not None, "reset the environment first"
        seat = self._seat_of[agent]
        self._cumulative_rewards[agent] = 0
        self._clear_rewards()
        game.apply(seat, self.action_of(game, seat, action))
        self._pay(game)
        if game.is_over():
            for a in self.agents:
                self.terminations[a] = True
        else:
            self.agent_selection = self.possible_agents[game.to_act()[0]]
        self._accumulate_rewards()

    def action_of(self, game: Game, seat: int, index: Any) -> Action:
        """The action at ``index`` of the encoding, if ``seat`` may take it; else
        :class:`~parlour.core.errors.IllegalAction`."""
        try:
            code = int(index)
            action = game.decode(code)
        except (TypeError, ValueError, IndexError) as e:
            raise IllegalAction(f"{index!r} is not an action of the encoding") from e
        if action not in game.legal_actions(seat):
            raise IllegalAction(f"{agent_name(seat)} may not {game.format_action(action)} now")
        return action

    def _pay(self, game: Game) -> None:
        payments, self._seen = payments_since(game, self._seen)
        if payments is not None:
            for s, amount in enumerate(payments):
                self.rewards[self.possible_agents[s]] += amount

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.game is None:
            return None
        return json.dumps(self.episodes.system.spectator(self.game), ensure_ascii=False)

    def close(self) -> None:
        self.game = None


__all__ = ["ParlourEnv"]

"""A learning loop with parlour's environments, training nothing heavy.

Three loops over one rule system (MCR unless --rules says otherwise):

1. the PettingZoo AEC environment (``parlour.envs.env``): every agent plays a uniformly
   random legal action, rewards summed by agent;
2. ``parlour.envs.VectorGames``: 4 games stepped together, a tabular policy (the mean
   reward of each action index, learnt Monte Carlo from the end of each game, played
   epsilon-greedily among the legal actions);
3. the Gymnasium single-seat environment (``parlour.envs.single``): one learner
   against random bots.

Run: ``python examples/train_random.py --steps 3000`` (the envs extra: PettingZoo,
Gymnasium, numpy).
"""

from __future__ import annotations

import argparse
from collections import defaultdict

import numpy as np

from parlour.envs import VectorGames, env, single


def aec_random(rules: str, steps: int, seed: int) -> dict[str, float]:
    """Random legal actions in the AEC environment; the rewards summed by agent."""
    e = env(rules)
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    totals: dict[str, float] = defaultdict(float)
    for _ in range(steps):
        obs, reward, terminated, truncated, _ = e.last()
        totals[e.agent_selection] += reward
        if terminated or truncated:
            e.step(None)  # the agent leaves; when all have, the next hand is dealt
            if not e.agents:
                e.reset()
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(rng.choice(legal)))
    return dict(totals)


def vector_tabular(rules: str, steps: int, seed: int, epsilon: float = 0.2) -> int:
    """A tabular policy over action indices in VectorGames; answers the games finished."""
    vg = VectorGames(rules, 4, seed)
    rng = np.random.default_rng(seed)
    value = np.zeros(vg.action_size)  # the mean final reward after playing each index
    count = np.zeros(vg.action_size)
    taken: list[list[tuple[int, int]]] = [[] for _ in range(vg.num_games)]  # (seat, action)
    _, masks = vg.reset()
    finished = 0
    for _ in range(max(1, steps // vg.num_games)):
        actions = vg.sample(rng)
        for i in range(vg.num_games):
            if rng.random() > epsilon:  # greedy: the legal index of highest value
                legal = np.flatnonzero(masks[i])
                actions[i] = legal[np.argmax(value[legal])]
            taken[i].append((int(vg.seats[i]), int(actions[i])))
        _, masks, rewards, dones, _ = vg.step(actions)
        for i in np.flatnonzero(dones):
            for seat, action in taken[i]:
                count[action] += 1
                value[action] += (rewards[i, seat] - value[action]) / count[action]
            taken[i] = []
            finished += 1
    return finished


def single_random(rules: str, steps: int, seed: int) -> float:
    """Random legal actions of one learner against random bots; its total reward."""
    g = single(rules, opponents="random")
    rng = np.random.default_rng(seed)
    _, info = g.reset(seed=seed)
    total = 0.0
    for _ in range(steps):
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, reward, terminated, truncated, info = g.step(action)
        total += float(reward)
        if terminated or truncated:
            _, info = g.reset()
    return total


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rules", default="mcr", help="the rule system (parlour rules)")
    parser.add_argument("--steps", type=int, default=3000, help="steps of each loop")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    totals = aec_random(args.rules, args.steps, args.seed)
    print(f"AEC, random: {args.steps} steps, rewards by agent {dict(sorted(totals.items()))}")
    games = vector_tabular(args.rules, args.steps, args.seed)
    print(f"VectorGames, tabular: {args.steps} steps, {games} games finished")
    total = single_random(args.rules, args.steps, args.seed)
    print(f"single seat, random: {args.steps} steps, learner's reward {total:g}")


if __name__ == "__main__":
    main()

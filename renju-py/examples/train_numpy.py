"""A short policy-gradient (REINFORCE) training loop with numpy alone over renju.env.VecEnv:
a linear softmax policy over the observation planes, masked by the legal actions,
playing both colours of freestyle 9x9 games; prints the mean game length per round.

    python renju-py/examples/train_numpy.py [ROUNDS]   (env RENJU_EXAMPLE_ROUNDS)
"""

from __future__ import annotations

import os
import sys

import numpy as np

import renju
import renju.env


def main(rounds: int, envs: int = 64) -> list[float]:
    env = renju.env.VecEnv(envs, rule="freestyle", size=9, planes=["own", "opponent"], seed=0)
    obs, masks = env.reset()
    features = int(np.prod(obs.shape[1:]))
    weights = np.zeros((features, env.action_count), dtype=np.float64)
    rng = np.random.default_rng(0)
    lengths: list[float] = []
    for _ in range(rounds):
        history: list[list[tuple[np.ndarray, int, np.ndarray]]] = [[] for _ in range(envs)]
        grad = np.zeros_like(weights)
        ended: list[int] = []
        for _ in range(60):
            x = env.observations.reshape(envs, -1).astype(np.float64)
            mask = env.masks.astype(bool)
            logits = np.where(mask, x @ weights, -np.inf)
            p = np.exp(logits - logits.max(axis=1, keepdims=True))
            p /= p.sum(axis=1, keepdims=True)
            actions = np.array([rng.choice(env.action_count, p=row) for row in p])
            for i in range(envs):
                history[i].append((x[i], int(actions[i]), p[i]))
            _, _, rewards, terminated, _ = env.step(actions)
            for i in np.flatnonzero(terminated):
                # The mover's reward; the moves before alternate sides.
                r = float(rewards[i])
                for k, (xi, a, pi) in enumerate(reversed(history[i])):
                    sign = r if k % 2 == 0 else -r
                    g = -pi.copy()
                    g[a] += 1.0
                    grad += sign * np.outer(xi, g)
                ended.append(len(history[i]))
                history[i] = []
        weights += 0.01 * grad / max(1, len(ended))
        lengths.append(float(np.mean(ended)) if ended else 0.0)
    print("mean game length per round:", " ".join(f"{n:.1f}" for n in lengths))
    return lengths


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else int(os.environ.get("RENJU_EXAMPLE_ROUNDS", "20"))
    main(n)

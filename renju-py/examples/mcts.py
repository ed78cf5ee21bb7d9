"""A small pure Monte Carlo tree search (UCT, random rollouts) over copied
renju.env.EnvGame games, playing against the random policy: prints the score.

    python renju-py/examples/mcts.py [GAMES] [ROLLOUTS]   (env RENJU_EXAMPLE_GAMES)
"""

from __future__ import annotations

import math
import os
import random
import sys
from typing import Optional

import renju
import renju.env

OPTIONS = {"rule": "freestyle", "size": 7}


class Node:
    """A tree node: the visits and wins of the player who moved into it."""

    def __init__(self, parent: Optional[Node], action: Optional[int], untried: list[int]) -> None:
        self.parent, self.action, self.untried = parent, action, untried
        self.children: list[Node] = []
        self.visits, self.wins = 0, 0.0

    def best_child(self) -> Node:
        log = math.log(self.visits)
        return max(self.children, key=lambda c: c.wins / c.visits + 1.4 * math.sqrt(log / c.visits))


def search(root_game: renju.env.EnvGame, rollouts: int) -> int:
    root = Node(None, None, root_game.legal_actions())
    for _ in range(rollouts):
        node, game = root, root_game.copy()
        while not node.untried and node.children:  # selection
            node = node.best_child()
            game.step(node.action or 0)
        if node.untried:  # expansion
            action = node.untried.pop(random.randrange(len(node.untried)))
            game.step(action)
            child = Node(node, action, game.legal_actions())
            node.children.append(child)
            node = child
        mover = len(game.actions) % 2  # 1 when the last move was Black's
        reward = 0.0
        while not game.is_over:  # rollout
            reward, _ = game.step(game.random_action() or 0)
        outcome = game.outcome
        winner = None if outcome is None or outcome.winner is None else str(outcome.winner)
        while node is not None:  # backpropagation, from the view of who moved into node
            colour = "black" if mover == 1 else "white"
            node.visits += 1
            node.wins += 1.0 if winner == colour else 0.5 if winner is None else 0.0
            mover ^= 1
            node = node.parent  # type: ignore[assignment]
    return max(root.children, key=lambda c: c.visits).action or 0


def play(mcts_black: bool, rollouts: int, seed: int) -> float:
    """MCTS's score in one game: 1 win, 0.5 draw, 0 loss."""
    game = renju.env.EnvGame(seed=seed, **OPTIONS)
    while not game.is_over:
        mcts_turn = (str(game.to_move) == "black") == mcts_black
        game.step(search(game, rollouts) if mcts_turn else game.random_action() or 0)
    winner = game.outcome.winner if game.outcome else None
    if winner is None:
        return 0.5
    return 1.0 if (str(winner) == "black") == mcts_black else 0.0


def main(games: int, rollouts: int) -> float:
    random.seed(1)
    score = sum(play(i % 2 == 0, rollouts, i) for i in range(games))
    print(f"MCTS ({rollouts} rollouts) against random: {score} / {games}")
    return score


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else int(os.environ.get("RENJU_EXAMPLE_GAMES", "20"))
    main(n, int(sys.argv[2]) if len(sys.argv) > 2 else 200)

"""Throughput of the agent interface: Gymnasium steps and referee moves, game by game.

Run from the repository root::

    python -m benchmarks env                         # all 11 games, ~1 s each
    python -m benchmarks env --seconds 3 --games terrace klondike

*Env steps*: ``SolitaireEnv(variant, max_steps=400)`` driven by a random agent that
samples from the action mask (``action_space.sample(mask=...)``, seeded), episode after
episode (seeds 0, 1, …), until ``--seconds`` have passed. A step is the move, the fair
observation, its NumPy arrays and the mask; resets are timed too.
*Referee moves*: :func:`terrace_widget.agents.env.tournament` with a seeded random player (its
moves in action-number order), deal after deal; a move is the fair observation, the
player's choice and the play.
Both print the median of three runs of ``--seconds`` each.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time

from terrace_widget import VARIANTS, Move
from terrace_widget.agents.env import Bot, Observation, tournament
from terrace_widget.game.actions import action_number


def env_steps_per_second(variant: str, seconds: float) -> float:
    from terrace_widget.agents.gym_env import SolitaireEnv

    env = SolitaireEnv(variant, max_steps=400)
    env.action_space.seed(0)
    steps, episode = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        _, info = env.reset(seed=episode)
        ended = False
        while not ended:
            action = env.action_space.sample(mask=info["action_mask"])
            _, _, terminated, truncated, info = env.step(action)
            steps += 1
            ended = terminated or truncated
        episode += 1
    return steps / (time.perf_counter() - start)


def referee_moves_per_second(variant: str, seconds: float) -> float:
    def random_player(seed: int) -> Bot:
        rng = random.Random(seed)

        def choose(obs: Observation) -> Move:
            moves = sorted(
                (Move.parse(text) for text in obs["legal_moves"]),
                key=lambda move: action_number(variant, move),
            )
            return rng.choice(moves)

        return choose

    moves, seed = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        (row,) = tournament({"random": random_player}, [variant], [seed], max_moves=400)
        moves += row["moves"]
        seed += 1
    return moves / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=0.35, help="per run (3 runs)")
    parser.add_argument("--games", nargs="+", default=list(VARIANTS), choices=list(VARIANTS))
    args = parser.parse_args(argv)
    print(f"Python {platform.python_version()} on {platform.machine()}, 3 runs of {args.seconds} s")
    print(f"{'game':24} {'env steps/s':>12} {'µs/step':>8} {'referee moves/s':>16} {'µs/move':>8}")
    for variant in args.games:
        steps = statistics.median(env_steps_per_second(variant, args.seconds) for _ in range(3))
        moves = statistics.median(referee_moves_per_second(variant, args.seconds) for _ in range(3))
        print(f"{variant:24} {steps:12,.0f} {1e6 / steps:8.0f} {moves:16,.0f} {1e6 / moves:8.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

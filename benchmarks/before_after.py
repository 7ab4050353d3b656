"""The engine and the solver before and after a change, measured in one run.

Run from the repository root::

    python benchmarks/before_after.py --base f98d24a          # that commit against the tree
    python benchmarks/before_after.py --base main --rounds 5 --seconds 3

``git archive`` puts the package of ``--base`` in a temporary folder; each round runs the
same two workloads in a fresh process for the base and then for the working tree, and
the order alternates from round to round, so both see the same machine. The workloads:

* **playout**: random playouts (``legal_moves`` then ``play``, undone at the end of each
  deal) on every game for ``--seconds`` each; moves per second;
* **solver**: ``solve`` on deals 1-3 of every game with a node budget of ``--nodes``;
  nodes per second of search.

It prints the median of the rounds for each and the ratio tree / base (above 1: faster).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

WORKLOAD = r"""
import json, random, sys, time
from terrace_widget import VARIANTS, Game
from terrace_widget.solver import solve

seconds, nodes = float(sys.argv[1]), int(sys.argv[2])
moves = spent = 0.0
for variant in VARIANTS:
    rng, seed, deadline = random.Random(7), 0, time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        game = Game(variant, seed=seed)
        seed += 1
        start = time.perf_counter()
        for _ in range(400):
            legal = game.legal_moves()
            if not legal:
                break
            game.play(rng.choice(legal))
            moves += 1
        while game.undo():
            pass
        spent += time.perf_counter() - start
searched = search_time = 0.0
for variant in VARIANTS:
    for seed in (1, 2, 3):
        solution = solve(Game(variant, seed=seed), budget=nodes)
        searched += solution.nodes
        search_time += solution.seconds
print(json.dumps({"playout": moves / spent, "solver": searched / search_time}))
"""


def extract(revision: str, into: Path) -> None:
    """The package as it is at ``revision``, unpacked into ``into``."""
    archive = subprocess.run(
        ["git", "archive", "--format=tar", revision, "terrace_widget"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")


def measure(tree: Path, seconds: float, nodes: int) -> dict[str, float]:
    # Pure Python on both sides unless asked otherwise (terrace_widget/compiled.py).
    pure = os.environ.get("TERRACE_WIDGET_PURE", "1")
    env = {**os.environ, "PYTHONPATH": str(tree), "TERRACE_WIDGET_PURE": pure}
    result = subprocess.run(
        [sys.executable, "-c", WORKLOAD, str(seconds), str(nodes)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
        cwd=tree,
    )
    return json.loads(result.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True, help="the git revision to compare against")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds (default 3)")
    parser.add_argument("--seconds", type=float, default=1.0, help="playout seconds per game")
    parser.add_argument("--nodes", type=int, default=20_000, help="solver nodes per deal")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        extract(args.base, base)
        runs: dict[str, list[dict[str, float]]] = {"base": [], "tree": []}
        for round_ in range(args.rounds):
            order = ["base", "tree"] if round_ % 2 == 0 else ["tree", "base"]
            for name in order:
                runs[name].append(
                    measure(base if name == "base" else ROOT, args.seconds, args.nodes)
                )
    print(f"{'workload':<10} {'base ' + args.base:>20} {'this tree':>14} {'tree/base':>10}")
    for key, unit in (("playout", "moves/s"), ("solver", "nodes/s")):
        before = statistics.median(r[key] for r in runs["base"])
        after = statistics.median(r[key] for r in runs["tree"])
        print(f"{key:<10} {before:>12,.0f} {unit} {after:>8,.0f} {unit} {after / before:>9.3f}")
    print(f"(medians of {args.rounds} rounds; playout {args.seconds:g} s per game, "
          f"solver {args.nodes:,} nodes on deals 1-3 of each of the 11 games)")  # fmt: skip


if __name__ == "__main__":
    main()

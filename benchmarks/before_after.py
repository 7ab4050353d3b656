"""The engine and the solver before and after a change, measured in one run.

Run from the repository root::

    python -m benchmarks before-after --base f98d24a          # that commit against the tree
    python -m benchmarks before-after --base main --rounds 5 --seconds 3

Every change that touches the engine or the solver runs it and quotes its two ratios.

``git archive`` puts the package of ``--base`` in a temporary folder; each round runs the
same two workloads in a fresh process for the base and then for the working tree, and
the order alternates from round to round, so both see the same machine. The workloads:

* **playout**: random playouts (``legal_moves`` then ``play``, undone at the end of each
  deal) on every game for ``--seconds`` each; moves per second;
* **solver**: ``solve`` on deals 1-3 of every game with a node budget of ``--nodes``;
  nodes per second of search.

It prints the median of the rounds for each, both commits by name, and the ratio
tree / base (above 1: the tree is faster).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

from benchmarks.common import ROOT, game_list, run_python

WORKLOAD = r"""
import json, random, sys, time
from terrace_widget import VARIANTS, Game
try:
    from terrace_widget.search.solver import solve
except ImportError:  # a tree from before the subpackages (before b264807)
    from terrace_widget.solver import solve

seconds, nodes = float(sys.argv[1]), int(sys.argv[2])
games = sys.argv[3].split(",") if len(sys.argv) > 3 else list(VARIANTS)
moves = spent = 0.0
for variant in games:
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
for variant in games:
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


def measure(tree: Path, seconds: float, nodes: int, games: list[str]) -> dict[str, float]:
    """The two workloads' rates in a fresh interpreter importing the package of ``tree``."""
    # Pure Python on both sides unless asked otherwise (terrace_widget/compiled.py).
    pure = {"TERRACE_WIDGET_PURE": os.environ.get("TERRACE_WIDGET_PURE", "1")}
    args = (str(seconds), str(nodes), ",".join(games))
    return json.loads(run_python(tree, WORKLOAD, *args, env=pure))


def describe(revision: str) -> str:
    """``f98d24a`` for a revision, ``HEAD 1a2b3c4 + uncommitted changes`` for the tree."""

    def git(*args: str) -> str:
        done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True)
        return done.stdout.strip() if done.returncode == 0 else "?"

    if revision != "tree":
        return git("rev-parse", "--short", revision)
    dirty = git("status", "--porcelain", "--untracked-files=no", "--", "terrace_widget")
    return f"HEAD {git('rev-parse', '--short', 'HEAD')}" + (
        " + uncommitted changes" if dirty else ""
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True, help="the git revision to compare against")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds (default 3)")
    parser.add_argument("--seconds", type=float, default=1.0, help="playout seconds per game")
    parser.add_argument("--nodes", type=int, default=20_000, help="solver nodes per deal")
    parser.add_argument("--games", type=game_list, default="all", help="'all' or ids, by commas")
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.seconds <= 0 or args.nodes < 1:
        parser.error("--rounds, --seconds and --nodes must be positive")
    try:
        base_name = describe(args.base)
        with tempfile.TemporaryDirectory() as tmp:
            base = Path(tmp)
            extract(args.base, base)
            runs: dict[str, list[dict[str, float]]] = {"base": [], "tree": []}
            for round_ in range(args.rounds):
                order = ["base", "tree"] if round_ % 2 == 0 else ["tree", "base"]
                for name in order:
                    tree = base if name == "base" else ROOT
                    runs[name].append(measure(tree, args.seconds, args.nodes, args.games))
    except subprocess.CalledProcessError as error:
        detail = (error.stderr or b"").strip()
        detail = detail.decode() if isinstance(detail, bytes) else detail
        raise SystemExit(
            f"before-after: {' '.join(map(str, error.cmd[:3]))} failed: {detail}"
        ) from None
    print(f"base:  {args.base} = {base_name}")
    print(f"after: this tree = {describe('tree')}")
    print(f"{'workload':<10} {'base':>20} {'after':>20} {'after/base':>11}")
    ratios = []
    for key, unit in (("playout", "moves/s"), ("solver", "nodes/s")):
        before = statistics.median(r[key] for r in runs["base"])
        after = statistics.median(r[key] for r in runs["tree"])
        ratios.append(f"{key} {after / before:.3f}")
        print(f"{key:<10} {before:>12,.0f} {unit} {after:>12,.0f} {unit} {after / before:>11.3f}")
    print(f"ratios after / base ({base_name} -> {describe('tree')}): {', '.join(ratios)}")
    print(f"(medians of {args.rounds} interleaved rounds; playout {args.seconds:g} s per game, "
          f"solver {args.nodes:,} nodes on deals 1-3 of each of {len(args.games)} games; "
          "above 1: the tree is faster)")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

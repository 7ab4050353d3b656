"""Solver memory: the peak memory of one search, with the lost-position table bounded.

Each configuration runs in a fresh process (so peak RSS belongs to that search alone) and
prints the verdict, the nodes, the CPU time, the nodes per CPU second and the growth of
the peak resident memory over the process before the search::

    python -m benchmarks solver-memory                                # GP #15, 1M and 5M nodes
    python -m benchmarks solver-memory --variant klondike --seed 7 --nodes 2000000
    python -m benchmarks solver-memory --nodes 5000000 --table 1000000 100000

One run, one deal: the figures are for that deal (docs/solver.md, "Memory").
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import time

from benchmarks.common import ROOT


def one(variant: str, seed: int, nodes: int, table: int) -> str:
    """Run one search here and describe it in one line."""
    from terrace_widget import Game
    from terrace_widget.search.solver import solve
    from terrace_widget.studies.analysis import SOLVER_VERSION

    game = Game(variant, seed=seed)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    cpu = time.process_time()
    solution = solve(game, budget=nodes, lost_table_size=table)
    cpu = time.process_time() - cpu
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return (
        f"{variant}#{seed} solver v{SOLVER_VERSION}, budget {nodes:,} nodes, table {table:,}: "
        f"{solution.verdict}, {solution.nodes:,} nodes, {cpu:.1f} CPU s, "
        f"{solution.nodes / max(cpu, 1e-9):,.0f} nodes/CPU s, "
        f"peak RSS +{(after - before) / 1024:.0f} MB"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="generals-patience")
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--nodes", type=int, nargs="+", default=[1_000_000, 5_000_000])
    parser.add_argument("--table", type=int, nargs="+", default=None, help="lost-table sizes")
    parser.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.one:
        print(one(args.variant, args.seed, args.nodes[0], args.table[0]), flush=True)
        return 0
    from terrace_widget.search.solver import LOST_TABLE_SIZE

    # The same interpreter and path rules (-P when this run has them) in a fresh process.
    python = [
        sys.executable,
        *(["-P"] if sys.flags.safe_path else []),
        "-m",
        "benchmarks.solver_memory",
    ]

    for nodes in args.nodes:
        for table in args.table or [LOST_TABLE_SIZE]:
            where = ["--variant", args.variant, "--seed", str(args.seed)]
            size = ["--nodes", str(nodes), "--table", str(table)]
            subprocess.run([*python, "--one", *where, *size], check=True, cwd=ROOT)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

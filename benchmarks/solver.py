"""Solver benchmark: fixed deal sets per game, a time budget per deal.

Prints, per game: the share of deals decided (won or proven unwinnable) within the
budget, the won / unwinnable / unknown counts, the median and 90th-percentile time per
deal, and the nodes searched per second::

    python -m benchmarks solver                          # 20 deals x 11 games, 10 s each
    python -m benchmarks solver --deals 50 --budget 2 --variants klondike terrace
    python -m benchmarks solver --json solver.json
    python -m benchmarks solver --nodes 1000000 --budget 1e9   # machine-independent
    python -m benchmarks solver --variants redheads --seeds 2,6,9 --nodes 4000000 --budget 1e9

On a busy machine a wall-time budget measures the machine's load as much as the solver:
``--nodes 1000000 --budget 1e9`` gives every deal the nodes that one idle core of this
machine class searches in about 10 s (about 100,000 nodes per CPU second), so the
decided share no longer depends on the load; the CPU columns show the time it took.

Deals are ``Game(variant, seed=s)`` for s = first .. first + deals - 1, so any figure
can be reproduced from (variant, seed, budget). Runs on one core, one deal at a time.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from pathlib import Path

from benchmarks.common import command_line, percentile, seed_list, versions
from terrace_widget import VARIANTS, Game
from terrace_widget.search.solver import solve


def run_variant(variant: str, seeds: list[int], budget: float, nodes: int | None) -> dict:
    records = []
    for seed in seeds:
        game = Game(variant, seed=seed)
        cpu = time.process_time()
        solution = solve(game, budget=nodes, seconds=budget)
        cpu = time.process_time() - cpu
        if solution.verdict == "won" and solution.replay(game).status != "won":
            raise AssertionError(f"{variant}#{seed}: the winning line does not replay")
        records.append(
            {
                "seed": seed,
                "verdict": solution.verdict,
                "nodes": solution.nodes,
                "seconds": round(solution.seconds, 4),
                "cpu_s": round(cpu, 4),
                "length": len(solution.moves),
            }
        )
    times = [r["seconds"] for r in records]
    cpus = [r["cpu_s"] for r in records]
    total_nodes = sum(r["nodes"] for r in records)
    counts = {v: sum(r["verdict"] == v for r in records) for v in ("won", "unwinnable", "unknown")}
    return {
        "variant": variant,
        "deals": len(records),
        "decided": (counts["won"] + counts["unwinnable"]) / max(1, len(records)),
        **counts,
        "median_s": statistics.median(times) if times else 0.0,
        "p90_s": percentile(times, 0.9),
        "nodes_per_s": total_nodes / max(1e-9, sum(times)),
        "median_cpu_s": statistics.median(cpus) if cpus else 0.0,
        "p90_cpu_s": percentile(cpus, 0.9),
        "nodes_per_cpu_s": total_nodes / max(1e-9, sum(cpus)),
        "records": records,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20, help="deals per game (default 20)")
    parser.add_argument("--first", type=int, default=1, help="first seed (default 1)")
    parser.add_argument("--seeds", type=seed_list, help="these seeds instead: 2,6,9")
    parser.add_argument("--budget", type=float, default=10.0, help="seconds per deal (default 10)")
    parser.add_argument("--nodes", type=int, default=None, help="also a node budget per deal")
    parser.add_argument("--variants", nargs="+", default=list(VARIANTS), metavar="ID")
    parser.add_argument("--json", type=Path, help="write every figure and record as JSON")
    args = parser.parse_args(argv)
    unknown = [v for v in args.variants if v not in VARIANTS]
    if unknown:
        parser.error(f"unknown variants {unknown}; choose from {', '.join(VARIANTS)}")
    seeds = args.seeds or list(range(args.first, args.first + args.deals))
    shown = ",".join(map(str, seeds)) if args.seeds else f"{seeds[0]}..{seeds[-1]}"
    print(
        f"solver benchmark: {len(seeds)} deals per game (seeds {shown}), "
        f"budget {args.budget:g} s per deal, Python {platform.python_version()}"
    )
    header = (
        f"{'game':<22} {'decided':>8} {'won':>4} {'unw':>4} {'unk':>4} "
        f"{'median s':>9} {'p90 s':>7} {'nodes/s':>9} {'med cpu':>8} {'p90 cpu':>8} "
        f"{'nodes/cpu-s':>11}"
    )
    print(header)
    print("-" * len(header))
    results = []
    started = time.perf_counter()
    for variant in args.variants:
        row = run_variant(variant, seeds, args.budget, args.nodes)
        results.append(row)
        print(
            f"{variant:<22} {row['decided']:>7.0%} {row['won']:>4} {row['unwinnable']:>4} "
            f"{row['unknown']:>4} {row['median_s']:>9.3f} {row['p90_s']:>7.2f} "
            f"{row['nodes_per_s']:>9.0f} {row['median_cpu_s']:>8.3f} {row['p90_cpu_s']:>8.2f} "
            f"{row['nodes_per_cpu_s']:>11.0f}",
            flush=True,
        )
    print(f"total {time.perf_counter() - started:.0f} s")
    if args.json:
        args.json.write_text(
            json.dumps(
                {
                    "command": command_line("solver", argv),
                    "versions": versions(),
                    "settings": {
                        "seeds": seeds,
                        "budget_s": args.budget,
                        "nodes": args.nodes,
                        "python": platform.python_version(),
                        "machine": platform.machine(),
                    },
                    "results": results,
                },
                indent=1,
            )
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Klondike with bringing cards down from the foundations forbidden: the same deals solved
twice, with the usual rules and with ``foundations_final=True`` (no card leaves a
foundation), at the same node budget.

    nice -n 10 python -m benchmarks bring-downs --deals 150 --budget 100000 \\
        --out notebooks/data/klondike-no-bring-downs.jsonl

Both options have unlimited redeals (draw one and draw three), so the stock is never what
decides. One JSON line per deal and option: the verdicts with and without bring-downs,
the nodes, the number of bring-downs in the usual winning line.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import time
from pathlib import Path

from terrace_widget import Game
from terrace_widget.rules.variants import get_rules
from terrace_widget.search.solver import solve
from terrace_widget.studies.analysis import SOLVER_VERSION

OPTIONS = ("klondike-unlimited", "klondike-three-card")


def solve_both(variant: str, seed: int, budget: int) -> dict[str, object]:
    """One deal solved with and without bring-downs."""
    rules = get_rules(variant)
    final = dataclasses.replace(rules, foundations_final=True)
    usual = solve(Game(rules, seed=seed), budget=budget)
    forbidden = solve(Game(final, seed=seed), budget=budget)
    downs = sum(m.source.startswith("f") and m.target.startswith("t") for m in usual.moves)
    return {
        "variant": variant,
        "seed": seed,
        "budget": budget,
        "solver_version": SOLVER_VERSION,
        "verdict": usual.verdict,
        "downs": downs if usual.verdict == "won" else None,
        "nodes": usual.nodes,
        "verdict_no_downs": forbidden.verdict,
        "nodes_no_downs": forbidden.nodes,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=150)
    parser.add_argument("--budget", type=int, default=100_000)
    parser.add_argument("--out", type=Path, default=None, help="write JSON lines here")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    rows = []
    out = args.out.open("w", encoding="utf-8") if args.out is not None else None
    for variant in OPTIONS:
        for seed in range(1, args.deals + 1):
            rows.append(solve_both(variant, seed, args.budget))
            if out is not None:  # as deals finish: an interrupted run keeps its rows
                out.write(json.dumps(rows[-1], separators=(",", ":")) + "\n")
                out.flush()
    if out is not None:
        out.close()
    for variant in OPTIONS:
        mine = [r for r in rows if r["variant"] == variant]
        both = sum(r["verdict"] == "won" for r in mine)
        kept = sum(r["verdict"] == r["verdict_no_downs"] == "won" for r in mine)
        print(f"{variant}: won {both}/{len(mine)}; of those, won without bring-downs: {kept}")
    print(f"{time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The small runs behind notebook 05 beside the winnability run.

    nice -n 10 python benchmarks/notebook_05_data.py greedy    # greedy player, deals 1..1000
    nice -n 10 python benchmarks/notebook_05_data.py lengths   # 20 won deals per game

``greedy`` plays every game's deals 1..1000 with ``analysis.greedy_play`` (the same deals as
``winnability.jsonl``) into ``notebooks/data/greedy.jsonl``. ``lengths`` solves again the
first 20 deals of each game that the winnability run won (the same budget, 100,000 nodes)
and counts each winning line's moves with and without the stock clicks, into
``notebooks/data/solution-lengths.jsonl``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from terrace_widget import Game
from terrace_widget.analysis import SOLVER_VERSION, analyze, load_results
from terrace_widget.solver import solve

DATA = Path(__file__).resolve().parent.parent / "notebooks" / "data"
BUDGET = 100_000
PER_GAME = 20


def greedy() -> None:
    analyze("all", 1000, player="greedy", executor="serial", cache=DATA / "greedy.jsonl",
            progress=False, as_frame=False)  # fmt: skip


def lengths() -> None:
    records = load_results(DATA / "winnability.jsonl", as_frame=False)
    with (DATA / "solution-lengths.jsonl").open("w", encoding="utf-8") as out:
        for variant in dict.fromkeys(r["variant"] for r in records):
            won = [r for r in records if r["variant"] == variant and r["verdict"] == "won"]
            for record in sorted(won, key=lambda r: r["seed"])[:PER_GAME]:
                game = Game(variant, seed=record["seed"])
                solution = solve(game, budget=BUDGET)
                if solution.verdict != "won":
                    continue
                moves = [str(m) for m in solution.moves]
                row = {"variant": variant, "seed": record["seed"], "budget": BUDGET,
                       "solver_version": SOLVER_VERSION, "length": len(moves),
                       "deals": moves.count("deal")}  # fmt: skip
                out.write(json.dumps(row) + "\n")
                out.flush()


if __name__ == "__main__":
    {"greedy": greedy, "lengths": lengths}[sys.argv[1]]()

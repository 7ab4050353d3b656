"""The small runs behind notebook 05 beside the winnability run.

    nice -n 10 python benchmarks/notebook_05_data.py greedy    # greedy player, deals 1..1000
    nice -n 10 python benchmarks/notebook_05_data.py lengths   # 50 won deals per game
    nice -n 10 python benchmarks/notebook_05_data.py budgets   # deals 1..30 at 3 budgets

``greedy`` plays every game's deals 1..1000 with ``analysis.greedy_play`` (the same deals as
``winnability.jsonl``) into ``notebooks/data/greedy.jsonl``.

``lengths`` solves again the first 50 deals of each game that the winnability run won (the
same solver, the same budget, 100,000 nodes: the same winning line, which it checks
against the saved ``length``), replays each line and counts its moves: all of them, the
stock clicks among them (``deals``) and the clicks that turned the waste back into the
stock (``redeals``), into ``notebooks/data/solution-lengths.jsonl``. About 1.5 minutes of
one core (2.2 minutes of wall time beside two busy processes on two cores).

``budgets`` solves deals 1..30 of every game again at 1,000, 5,000 and 25,000 nodes, into
``notebooks/data/budget-check.jsonl`` (``analyze``'s cache format): the notebook checks
these verdicts against what the 100,000-node records' node counts predict. About 1 minute
of one core (1.5 minutes of wall time on the same busy machine).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

# Appended, not inserted: a compiled build on PYTHONPATH (tools/compile.py) comes first.
sys.path.append(str(Path(__file__).resolve().parent.parent))

from terrace_widget import Game
from terrace_widget.analysis import SOLVER_VERSION, analyze, load_results
from terrace_widget.solver import solve

DATA = Path(__file__).resolve().parent.parent / "notebooks" / "data"
BUDGET = 100_000
PER_GAME = 50
CHECK_DEALS = 30
CHECK_BUDGETS = (1_000, 5_000, 25_000)


def greedy() -> None:
    analyze("all", 1000, player="greedy", executor="serial", cache=DATA / "greedy.jsonl",
            progress=False, as_frame=False)  # fmt: skip


def lengths() -> None:
    records = load_results(DATA / "winnability.jsonl", as_frame=False)
    start = time.perf_counter()
    with (DATA / "solution-lengths.jsonl").open("w", encoding="utf-8") as out:
        for variant in dict.fromkeys(r["variant"] for r in records):
            won = [r for r in records if r["variant"] == variant and r["verdict"] == "won"]
            for record in sorted(won, key=lambda r: r["seed"])[:PER_GAME]:
                game = Game(variant, seed=record["seed"])
                solution = solve(game, budget=record["budget"])
                if solution.verdict != "won" or len(solution.moves) != record["length"]:
                    raise SystemExit(f"{variant} #{record['seed']}: not the saved line")
                deals = redeals = 0
                for move in solution.moves:
                    if move.is_deal:
                        deals += 1
                        redeals += game.stock_count == 0
                    game.play(move)
                assert game.status == "won"
                row = {"variant": variant, "seed": record["seed"], "budget": record["budget"],
                       "solver_version": SOLVER_VERSION, "length": len(solution.moves),
                       "deals": deals, "redeals": redeals}  # fmt: skip
                out.write(json.dumps(row) + "\n")
                out.flush()
            print(f"{variant}: done at {time.perf_counter() - start:.0f} s", flush=True)


def budgets() -> None:
    for budget in CHECK_BUDGETS:
        analyze("all", CHECK_DEALS, budget, executor="serial", cache=DATA / "budget-check.jsonl",
                progress=False, as_frame=False)  # fmt: skip
        print(f"{budget:,} nodes: done", flush=True)


if __name__ == "__main__":
    {"greedy": greedy, "lengths": lengths, "budgets": budgets}[sys.argv[1]]()

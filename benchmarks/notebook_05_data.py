"""The small runs behind notebook 05 beside the winnability run.

    nice -n 10 python -m benchmarks notebook-05-data greedy    # greedy player, deals 1..1000
    nice -n 10 python -m benchmarks notebook-05-data lengths   # 50 won deals per game
    nice -n 10 python -m benchmarks notebook-05-data budgets   # deals 1..30 at 3 budgets

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

``--data`` reads and writes another folder than ``notebooks/data`` (the options after it
make small runs for the tests).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from benchmarks.common import DATA
from terrace_widget import Game
from terrace_widget.search.solver import solve
from terrace_widget.studies.analysis import SOLVER_VERSION, analyze, load_results

BUDGET = 100_000
PER_GAME = 50
CHECK_DEALS = 30
CHECK_BUDGETS = (1_000, 5_000, 25_000)


def greedy(data: Path, deals: int = 1000) -> None:
    analyze("all", deals, player="greedy", executor="serial", cache=data / "greedy.jsonl",
            progress=False, as_frame=False)  # fmt: skip


def lengths(data: Path, per_game: int = PER_GAME) -> None:
    records = load_results(data / "winnability.jsonl", as_frame=False)
    start = time.perf_counter()
    with (data / "solution-lengths.jsonl").open("w", encoding="utf-8") as out:
        for variant in dict.fromkeys(r["variant"] for r in records):
            won = [r for r in records if r["variant"] == variant and r["verdict"] == "won"]
            for record in sorted(won, key=lambda r: r["seed"])[:per_game]:
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


def budgets(data: Path, deals: int = CHECK_DEALS, nodes: tuple[int, ...] = CHECK_BUDGETS) -> None:
    for budget in nodes:
        analyze("all", deals, budget, executor="serial", cache=data / "budget-check.jsonl",
                progress=False, as_frame=False)  # fmt: skip
        print(f"{budget:,} nodes: done", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("run", choices=("greedy", "lengths", "budgets"))
    parser.add_argument("--data", type=Path, default=DATA, help="the folder of the files")
    parser.add_argument("--deals", type=int, default=None, help="greedy: 1000; budgets: 30")
    parser.add_argument("--per-game", type=int, default=PER_GAME, help="lengths: won deals")
    parser.add_argument(
        "--budgets", type=int, nargs="+", default=list(CHECK_BUDGETS), help="budgets: nodes"
    )
    args = parser.parse_args(argv)
    if args.run == "greedy":
        greedy(args.data, args.deals or 1000)
    elif args.run == "lengths":
        lengths(args.data, args.per_game)
    else:
        budgets(args.data, args.deals or CHECK_DEALS, tuple(args.budgets))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

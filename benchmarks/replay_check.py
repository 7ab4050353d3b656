"""Check a saved winnability run's wins: each deal it records as won is solved again with
the record's budget (the search is deterministic: it wins again, after the same nodes,
with the same line) and the line is replayed move by move in the engine.

    PYTHONPATH=build/compiled:. python -P -m benchmarks replay-check \\
        --from notebooks/data/winnability-v8.jsonl --games klondike,klondike-no-redeal

The records store a line's length, not the line; :func:`analysis.analyze` does not replay
it. This closes that gap: a won record whose search, run again within its nodes, does not
win, or whose line does not replay to a won game, is printed and makes the exit status 1.
Records of another solver version than the running one are refused (their searches
differ).
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from typing import Any

from benchmarks.common import add_workers, game_list
from terrace_widget import Game
from terrace_widget.search.solver import solve
from terrace_widget.studies.analysis import SOLVER_VERSION, load_results, run_tasks


def replay(variant: str, seed: int, budget: int, nodes: int, length: int | None) -> str:
    """``ok``, or what went wrong with this won record."""
    game = Game(variant, seed=seed)
    solution = solve(game, budget=budget)
    if solution.verdict != "won":
        return f"not won again within {budget} nodes: {solution.verdict}"
    if (solution.nodes, len(solution.moves)) != (nodes, length):
        return (
            f"won after {solution.nodes} nodes with {len(solution.moves)} moves; the record "
            f"says {nodes} and {length}"
        )
    if solution.replay(game).status != "won":
        return "the line does not replay to a won game"
    return "ok"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--from", dest="source", required=True, help="a saved run (JSON lines)")
    parser.add_argument("--games", type=game_list, required=True, help="ids, by commas")
    add_workers(parser)
    args = parser.parse_args(argv)
    games = set(args.games)
    rows: list[dict[str, Any]] = [
        r
        for r in load_results(args.source, as_frame=False)
        if r["variant"] in games and r["verdict"] == "won" and r["player"] == "solver"
        and r.get("base_mode") != "each"
    ]  # fmt: skip
    versions = {str(r["solver_version"]) for r in rows}
    if versions - {SOLVER_VERSION}:
        parser.error(f"records of solver version {sorted(versions)}, this is {SOLVER_VERSION}")
    results: dict[tuple[str, int], str] = {}
    start = time.perf_counter()
    todo = [
        ((r["variant"], r["seed"]), (r["variant"], r["seed"], r["budget"], r["nodes"], r["length"]))
        for r in rows
    ]
    run_tasks(replay, todo, args.workers, results.__setitem__)
    counts = Counter((key[0], result == "ok") for key, result in results.items())
    for game in sorted(games):
        print(f"{game}: {counts[game, True]} won lines replayed, {counts[game, False]} failed")
    bad = {k: v for k, v in results.items() if v != "ok"}
    for (variant, seed), why in sorted(bad.items()):
        print(f"FAILED {variant}#{seed}: {why}")
    print(f"{len(results)} wins checked in {time.perf_counter() - start:.0f} s")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Budget escalation for the winnability table: solve again, with a larger budget, only
the deals a saved run left undecided, and print the table with both runs combined.

    nice -n 5 python -m benchmarks escalate --from notebooks/data/winnability.jsonl \\
        --budget 1000000 --games terrace,wood,signora,falling-stars,klondike-three-card \\
        --cache notebooks/data/winnability-1m.jsonl --workers 2

``--from`` may also be an escalation's own ``--cache``, to go on to a larger budget still
(for example from ``winnability-v8-1m.jsonl`` to 10,000,000 nodes).

For each game: the deals of the saved run (``--from``, one budget), how many it left
undecided, what the larger budget made of those (won, proven unwinnable, still unknown),
and the "winnability lies in" interval before and after, with its width and the 95%
interval around it (Wilson bounds of its two ends). A deal decided by the first run keeps
its verdict; an escalated deal's verdict replaces its ``unknown``, so the two runs cannot
contradict each other. Every won line is replayed in the engine as it is found (a line
that does not replay stops the run). The deals run through ``analysis.run_tasks`` (a
process pool) and are appended to ``--cache`` as they finish, so a run resumes.
"""

from __future__ import annotations

import argparse
import json
import time
import warnings
from collections import Counter
from pathlib import Path
from typing import Any

from benchmarks.common import add_workers, append_jsonl, build, game_list, read_jsonl
from terrace_widget import Game
from terrace_widget.search.solver import solve
from terrace_widget.studies.analysis import SOLVER_VERSION, run_tasks, winnability_range


def solve_deal(variant: str, seed: int, budget: int) -> dict[str, Any]:
    """One deal solved with ``budget`` nodes; a won line must replay to a won game."""
    start = time.perf_counter()
    game = Game(variant, seed=seed)
    solution = solve(game, budget=budget)
    if solution.verdict == "won" and solution.replay(game).status != "won":
        raise AssertionError(f"{variant}#{seed}: the winning line does not replay")
    return {
        "variant": variant,
        "seed": seed,
        "budget": budget,
        "solver_version": SOLVER_VERSION,
        "verdict": solution.verdict,
        "nodes": solution.nodes,
        "length": len(solution.moves) if solution.verdict == "won" else None,
        "replayed": solution.verdict == "won",
        "seconds": round(time.perf_counter() - start, 3),
        "build": build(),
    }


RUN_KEYS = ("variant", "seed", "budget", "verdict")


def read_run(path: Path) -> list[dict[str, Any]]:
    """The solver's records of a saved run: a ``winnability.py`` run or an escalation's own
    ``--cache`` (so a run can be escalated again). Lines that are not such a record are
    skipped with a warning."""
    saved = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        try:
            row = json.loads(line)
            ok = isinstance(row, dict) and all(k in row for k in RUN_KEYS)
        except ValueError:
            ok = False
        if not ok:
            warnings.warn(f"{path}:{number}: not a record of a run, skipped", stacklevel=2)
        elif row.get("player", "solver") == "solver" and row.get("base_mode") != "each":
            saved.append(row)
    return saved


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--from", dest="source", required=True, help="the saved run (JSON lines)")
    parser.add_argument("--budget", type=int, default=1_000_000, help="nodes per deal")
    parser.add_argument("--games", type=game_list, required=True, help="ids, by commas")
    parser.add_argument("--cache", default=None, help="JSON-lines file of the new records")
    add_workers(parser)
    parser.add_argument(
        "--limit",
        type=int,
        default=None,
        help="escalate only the first N undecided deals of each game (a sample; the table "
        "then counts the others as still undecided)",
    )
    parser.add_argument(
        "--shard",
        default=None,
        metavar="I/N",
        help="solve only the undecided deals whose index is I mod N (to share a game "
        "between separate runs writing the same --cache); the table counts the rest as "
        "undecided unless --cache already has them",
    )
    args = parser.parse_args(argv)
    shard = (0, 1)
    if args.shard is not None:
        i, n = (int(x) for x in args.shard.split("/"))
        if not 0 <= i < n:
            parser.error("--shard I/N needs 0 <= I < N")
        shard = (i, n)
    saved = read_run(Path(args.source))
    print(
        "| game | deals | first budget | undecided | at the new budget: won / unwinnable / "
        "unknown | lies in, before | width | after | width | after, 95% |"
    )
    print("|---|--:|--:|--:|---|---|--:|---|--:|---|")
    done: dict[tuple[str, int], dict[str, Any]] = {}
    path = Path(args.cache) if args.cache else None
    for row in read_jsonl(path) if path is not None else []:
        if row["budget"] == args.budget and row["solver_version"] == SOLVER_VERSION:
            done[(row["variant"], row["seed"])] = row

    def finish(key: tuple[str, int], row: dict[str, Any]) -> None:
        done[key] = row
        append_jsonl(path, [row])

    start = time.perf_counter()
    for game in args.games:
        mine = {r["seed"]: r for r in saved if r["variant"] == game}
        if not mine:
            raise SystemExit(f"{game}: no records in {args.source}")
        budgets = {r["budget"] for r in mine.values()}
        undecided = sorted(s for s, r in mine.items() if r["verdict"] == "unknown")
        chosen = undecided if args.limit is None else undecided[: args.limit]
        todo = [
            ((game, seed), (game, seed, args.budget))
            for k, seed in enumerate(chosen)
            if k % shard[1] == shard[0]
        ]
        todo = [t for t in todo if t[0] not in done]
        run_tasks(solve_deal, todo, args.workers, finish)
        # Every undecided deal: its new record, or still unknown (not in the sample yet).
        again = [done.get((game, seed), {"verdict": "unknown"}) for seed in undecided]
        new = Counter(r["verdict"] for r in again)
        before = Counter(r["verdict"] for r in mine.values())
        after = before - Counter(unknown=len(undecided)) + new
        n = len(mine)
        b = winnability_range(before["won"], before["unknown"], n)
        a = winnability_range(after["won"], after["unknown"], n)
        print(
            f"| {game} | {n} | {'/'.join(f'{x:,}' for x in sorted(budgets))} | {len(undecided)} "
            f"| {new['won']} / {new['unwinnable']} / {new['unknown']} "
            f"| {100 * b[0]:.1f}–{100 * b[1]:.1f}% | {100 * (b[1] - b[0]):.1f} "
            f"| {100 * a[0]:.1f}–{100 * a[1]:.1f}% | {100 * (a[1] - a[0]):.1f} "
            f"| {100 * a[2]:.1f}–{100 * a[3]:.1f}% |",
            flush=True,
        )
    print(f"\n{args.budget:,} nodes per undecided deal; {time.perf_counter() - start:.0f} s wall.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""How fast the table's "Winnable?" verdict comes, on positions a player really meets.

    python -m benchmarks winnable-latency --positions 200 --seconds 3 --workers 2 \\
        --cache notebooks/data/winnable-latency-200.jsonl

For each game, deals 1, 2, ... are played by the fair rule player
(:class:`terrace_widget.fair.players.RulePlayer`, every tip on: it sees only the observation)
and ``--per-deal`` positions are taken from each game at evenly spaced moves (the first
one after the first move), until the game has ``--positions`` positions. Each position is
then judged as the widget does (:func:`terrace_widget.search.solver.solve` from it, after the
cheap status check), with no node budget and ``--seconds`` of wall time; the record says
how long the verdict took and what it was ("unknown" when the time ran out). The widget
itself runs pure Python, so this benchmark should too (a compiled build on PYTHONPATH is
recorded as such in each row). Positions are appended to ``--cache`` as their deal
finishes, so a run resumes.

``--table`` judges as the table does since issue 30: each deal's positions in the order
of play, each with :func:`terrace_widget.table.searches.winnable` (no node budget, the
positions proven lost by the earlier checks of the deal kept) after the table's memory
of verdicts along the deal's history (a position after a proven loss is lost); the memory
starts empty at each deal. Its rows say ``"mode": "table"``.

Prints, per game: positions, the share decided within the time (95% Wilson interval),
the median and 95th percentile of the time to a verdict over all positions (an undecided
position counts as the full time), and the verdicts.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path
from typing import Any

from benchmarks.common import add_workers, all_games, append_jsonl, build, game_list, read_jsonl
from terrace_widget import Game
from terrace_widget.fair.players import RulePlayer
from terrace_widget.intervals import wilson_interval
from terrace_widget.search import advice
from terrace_widget.search.solver import solve
from terrace_widget.studies.analysis import SOLVER_VERSION, run_tasks
from terrace_widget.table import searches

MAX_MOVES = 3000


def positions_of(variant: str, seed: int, per_deal: int) -> list[tuple[int, Game]]:
    """The deal played by the fair rule player; ``per_deal`` positions evenly spaced
    along it, each with the number of moves played to reach it."""
    game = Game(variant, seed=seed)
    player = RulePlayer()
    player.reset()
    seen: list[Game] = []
    while len(seen) < MAX_MOVES:
        observation = game.observation()
        if observation["status"] in ("won", "lost"):
            break
        move = player.choose(observation)
        if move is None:
            break
        game.play(move)
        seen.append(game.copy())
    if not seen:
        return []
    count = min(per_deal, len(seen))
    picks = sorted({(len(seen) - 1) * k // max(count - 1, 1) for k in range(count)})
    return [(i + 1, seen[i]) for i in picks]


def judge(
    variant: str, seed: int, per_deal: int, seconds: float, table: bool = False
) -> list[dict[str, Any]]:
    """The Winnable? verdict on each sampled position of one fairly played deal."""
    rows = []
    known = searches.HistoryVerdicts()
    searches.forget_losses()
    advice.forget()
    for moves, game in positions_of(variant, seed, per_deal):
        start = time.perf_counter()
        status = game.status
        if status in ("won", "lost"):
            verdict, nodes = ("won" if status == "won" else "unwinnable"), 0
        elif table:
            said = known.recall(game) or searches.winnable(game, seconds)
            known.learn(game, said)
            verdict, nodes = ("won" if said == "winnable" else said), -1
        else:
            solution = solve(game, budget=None, seconds=seconds)
            verdict, nodes = solution.verdict, solution.nodes
        rows.append(
            {
                "variant": variant,
                "seed": seed,
                "moves": moves,
                "verdict": verdict,
                "nodes": nodes,
                "seconds": round(time.perf_counter() - start, 4),
                "limit": seconds,
                "mode": "table" if table else "solve",
                "solver_version": SOLVER_VERSION,
                "build": build(),
            }
        )
    return rows


def summary(variant: str, rows: list[dict[str, Any]], seconds: float) -> str:
    n = len(rows)
    decided = sum(r["verdict"] != "unknown" for r in rows)
    low, high = wilson_interval(decided, n)
    times = sorted(r["seconds"] if r["verdict"] != "unknown" else seconds for r in rows)
    p95 = times[min(n - 1, int(0.95 * n))]
    verdicts = {v: sum(r["verdict"] == v for r in rows) for v in ("won", "unwinnable", "unknown")}
    return (
        f"| {variant} | {n} | {100 * decided / n:.1f}% ({100 * low:.1f}–{100 * high:.1f}%) "
        f"| {statistics.median(times):.3f} | {p95:.2f} "
        f"| {verdicts['won']} / {verdicts['unwinnable']} / {verdicts['unknown']} |"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--games", type=game_list, default=",".join(all_games()), help="by commas")
    parser.add_argument("--positions", type=int, default=200, help="positions per game")
    parser.add_argument("--per-deal", type=int, default=5, help="positions taken from a deal")
    parser.add_argument("--seconds", type=float, default=3.0, help="time for one verdict")
    add_workers(parser)
    parser.add_argument("--cache", type=Path, default=None, help="JSON-lines records")
    parser.add_argument("--table", action="store_true", help="judge as the table does")
    args = parser.parse_args(argv)
    games = args.games
    rows: dict[str, list[dict[str, Any]]] = {g: [] for g in games}
    done: set[tuple[str, int]] = set()
    for row in read_jsonl(args.cache) if args.cache is not None else []:
        mode = "table" if args.table else "solve"
        if (
            row["variant"] in rows
            and row["limit"] == args.seconds
            and row.get("mode", "solve") == mode
        ):
            rows[row["variant"]].append(row)
            done.add((row["variant"], row["seed"]))

    def finish(key: tuple[str, int], new: list[dict[str, Any]]) -> None:
        rows[key[0]].extend(new)
        append_jsonl(args.cache, new)

    start = time.perf_counter()
    deals = -(-args.positions // args.per_deal) + 5  # a few spare: short games give fewer
    batch = 2 * (args.workers or 2)
    for game in games:
        todo = [
            ((game, s), (game, s, args.per_deal, args.seconds, args.table))
            for s in range(1, deals + 1)
            if (game, s) not in done
        ]
        # Deals in small batches, until the game has the positions asked.
        while todo and len(rows[game]) < args.positions:
            run_tasks(judge, todo[:batch], args.workers, finish)
            todo = todo[batch:]
    how = "as the table judges them (--table)" if args.table else "each solved afresh"
    print(f"Winnable? on fair games' positions, {how}, {args.seconds:g} s each, "
          f"solver v{SOLVER_VERSION}, build {build()}")  # fmt: skip
    print(
        "| game | positions | decided in time (95% CI) | median s | p95 s "
        "| won / unwinnable / unknown |"
    )
    print("|---|--:|---|--:|--:|---|")
    for game in games:
        chosen = sorted(rows[game], key=lambda r: (r["seed"], r["moves"]))[: args.positions]
        if chosen:
            print(summary(game, chosen, args.seconds))
    print(f"\n{time.perf_counter() - start:.0f} s wall")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

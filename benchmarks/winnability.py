"""Winnability study: solve deals 1..N of each game in parallel and print a Markdown table.

    python -m benchmarks winnability --deals 1000 --budget 200000 \\
        --cache notebooks/data/winnability.jsonl
    python -m benchmarks winnability --deals 200 --games terrace,generals-patience --bases each
    python -m benchmarks winnability --deals 1000 --player greedy --games all

Per game: deals, won, proven unwinnable, unknown (budget ran out), the won share with its
95% Wilson interval, the interval the true winnability lies in ([won, won + unknown] / n),
the median and 90th-percentile seconds per deal and the nodes searched per second.
Records are appended to ``--cache`` as they finish, so an interrupted run resumes where it
stopped; with ``--seconds`` the results depend on the machine (see analysis.py).
"""

from __future__ import annotations

import argparse
import time

from benchmarks.common import add_workers, game_list
from terrace_widget.studies.analysis import analyze, markdown_table, summarize


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=100, help="deals 1..N per game")
    parser.add_argument("--first", type=int, default=1, help="first seed (default 1)")
    parser.add_argument("--budget", type=int, default=200_000, help="solver nodes per deal")
    parser.add_argument("--seconds", type=float, default=None, help="wall seconds per deal")
    parser.add_argument("--games", type=game_list, default="all", help="'all' or ids, by commas")
    parser.add_argument("--bases", choices=("best", "each"), default="best")
    parser.add_argument("--player", choices=("solver", "greedy"), default="solver")
    add_workers(parser)
    parser.add_argument("--cache", default=None, help="JSON-lines file of results")
    parser.add_argument("--no-progress", action="store_true")
    args = parser.parse_args(argv)

    games = args.games
    start = time.perf_counter()
    records = analyze(
        games,
        range(args.first, args.first + args.deals),
        args.budget,
        seconds=args.seconds,
        bases=args.bases,
        player=args.player,
        executor=args.workers,
        cache=args.cache,
        progress=not args.no_progress,
        as_frame=False,
    )
    elapsed = time.perf_counter() - start
    print(markdown_table(summarize(records, as_frame=False)))
    if args.player == "greedy":
        how = "the greedy player (nodes = moves played)"
    else:
        limit = f", {args.seconds:g} s" if args.seconds else ""
        how = f"the solver, budget {args.budget:,} nodes{limit}"
    print(
        f"\n{args.deals} deals per game (seeds {args.first}..{args.first + args.deals - 1}), "
        f"{how}, bases {args.bases}; {len(records)} records in {elapsed:.1f} s wall."
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The ceiling of fair play: how many deals the strong fair player wins, against the
rule-based player and the all-seeing solver on the same deals.

    python -m benchmarks fair-ceiling --deals 300 --games terrace,klondike --workers 2 \\
        --cache notebooks/data/fair-ceiling.jsonl --strategy notebooks/data \\
        --solver notebooks/data/winnability.jsonl

Both players see only ``Game.observation()``. The strong one is
:class:`terrace_widget.fair.players.FairSolverPlayer` (the rule player that looks ahead: for
its first three candidate moves it solves three worlds of the hidden cards, 300 nodes
each, and plays the one that wins in the most). The rule player's games come from the
tip study's files (``--strategy``: ``strategy-<game>.jsonl``, every tip on); the
all-seeing solver's verdicts from a winnability cache (``--solver``), where an undecided
deal is shown apart. Intervals are 95%: Wilson for one rate, Newcombe's for the paired
difference. Games are appended to ``--cache`` as they finish, so a run resumes.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

from benchmarks.common import add_workers, append_jsonl, command_line, game_list, pct, versions
from terrace_widget import Game
from terrace_widget.fair.players import FairSolverPlayer, play_out
from terrace_widget.studies.analysis import load_results, run_tasks
from terrace_widget.studies.tip_study import CEILING_VERSION, fair_ceiling, load_ceiling, load_tips

SAMPLES, BUDGET, WIDTH = 3, 300, 3


def play(game: str, seed: int, command: str = "") -> dict[str, Any]:
    """One deal played by the strong fair player; the record names the versions (the
    solver's inside the player among them) and the command that played it."""
    player = FairSolverPlayer(SAMPLES, BUDGET, width=WIDTH)
    result = play_out(Game(game, seed=seed), player)
    return {
        **versions(),
        "command": command,
        "version": CEILING_VERSION,
        "player": player.name,
        "game": game,
        "seed": seed,
        "won": int(result.won),
        "status": result.status,
        "score": result.score,
        "moves": result.moves,
        "seconds": round(result.seconds, 3),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=100, help="deals 1..N per game")
    parser.add_argument("--games", type=game_list, default="terrace,klondike", help="by commas")
    add_workers(parser)
    parser.add_argument("--cache", default=None, help="JSON-lines file of the games played")
    parser.add_argument("--strategy", default=None, help="folder of strategy-<game>.jsonl")
    parser.add_argument("--solver", default=None, help="winnability cache (analyze records)")
    args = parser.parse_args(argv)
    games = args.games
    seeds = range(1, args.deals + 1)
    path = Path(args.cache) if args.cache else None
    done = {(r["game"], r["seed"]): r for r in (load_ceiling(path) if path else [])}
    command = command_line("fair-ceiling", argv)
    todo = [((g, s), (g, s, command)) for g in games for s in seeds if (g, s) not in done]
    start = time.perf_counter()

    def finish(key: tuple[str, int], row: dict[str, Any]) -> None:
        done[key] = row
        append_jsonl(path, [row])

    run_tasks(play, todo, args.workers, finish)
    elapsed = time.perf_counter() - start
    rule = []
    if args.strategy:
        for game in games:
            file = Path(args.strategy) / f"strategy-{game}.jsonl"
            rule += load_tips(file) if file.exists() else []
    solver = load_results(args.solver, as_frame=False) if args.solver else []
    rows = fair_ceiling([done[(g, s)] for g in games for s in seeds], rule, solver)
    print(
        "| game | deals | strong fair player | rule player | strong − rule (95%) "
        "| all-seeing solver: won (undecided) |"
    )
    print("|---|--:|---|---|---|---|")
    for row in rows:
        rule_cell = diff_cell = solver_cell = ""
        if "rule" in row:
            r = row["rule"]
            rule_cell = f"{pct(r['won'])} ({pct(r['interval'][0])}–{pct(r['interval'][1])})"
            d, lo, hi = r["difference"]
            diff_cell = f"{100 * d:+.1f} ({100 * lo:+.1f} to {100 * hi:+.1f})"
        if "solver" in row:
            v = row["solver"]
            solver_cell = (
                f"{pct(v['won'])} ({pct(v['interval'][0])}–{pct(v['interval'][1])}) "
                f"({v['undecided']}; v{v['solver_version']}, {v['budget']:,} nodes)"
            )
        print(
            f"| {row['game']} | {row['deals']} | {pct(row['won'])} ({pct(row['low'])}–"
            f"{pct(row['high'])}) | {rule_cell} | {diff_cell} | {solver_cell} |"
        )
    print(
        f"\nFairSolverPlayer({SAMPLES}x{BUDGET}, width {WIDTH}), version {CEILING_VERSION}; "
        f"{len(todo)} games played in {elapsed:.0f} s wall."
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

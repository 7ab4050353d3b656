"""Remake the saved solver runs behind notebooks 03, 04 and 05 (``notebooks/data/``).

    nice -n 10 python benchmarks/notebook_data.py --workers 2     # both (long)
    nice -n 10 python benchmarks/notebook_data.py --only terrace  # a few minutes

Terrace: deals 1..200 with each of the four bases at 100,000 nodes
(``terrace-bases.jsonl``) and one winning line per won deal (``terrace-lines.jsonl``).
Klondike: deals 1..150 of four options at 1,000,000 nodes (``klondike-options.jsonl``),
draw one with one redeal, the greedy player's give-up positions re-solved, and the
foundation moves of the winning lines. Every record keeps its budget and solver version.
The winnability files of notebook 05 come from ``benchmarks/winnability.py``; the tip
measurements (``strategy-*.jsonl``) from ``benchmarks/strategy.py``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from terrace_widget import Game, Move
from terrace_widget.analysis import greedy_play
from terrace_widget.solver import solve

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "notebooks" / "data"

TERRACE_DEALS, TERRACE_BUDGET = 200, 100_000
TERRACE_LINES = 100  # winning lines kept (of the first won deals): enough for the figures
KLONDIKE_DEALS, KLONDIKE_BUDGET = 150, 1_000_000
KLONDIKE_OPTIONS = ("klondike", "klondike-three-card", "klondike-no-redeal", "klondike-unlimited")

RANKS = "A23456789TJQK"


def relative(card, base):
    """Base-relative rank: 0 for the base rank, 12 for the rank just below it."""
    return (RANKS.index(card[0]) + 1 - base) % 13


def red(card):
    return card[1] in "DH"


def choose(game, card):
    """Play the base choice: the candidate ``card`` (a code such as "6H") to F1."""
    move = next(
        m for m in game.legal_moves() if m.target == "f1" and game.piles[m.source][-1] == card
    )
    return game.play(move)


def upcoming(game):
    """The waste card and then the stock, in the order the cards come to the waste."""
    return game.piles["waste"][-1:] + [c.lstrip("#") for c in reversed(game.piles["stock"])]


def reversed_runs(game, min_length=2):
    """Runs of the stock that will come out *downwards*: each card one rank below the card
    dealt before it, of the other colour (General's Patience: the same suit), never past
    the base. Each run is a list of (position in upcoming(game), card)."""
    if game.base_rank is None:
        raise ValueError("choose the base first: which runs count depends on it")
    base, same_suit = game.base_rank, game.rules.foundation_build == "same-suit"
    cards = upcoming(game)

    def below(high, low):
        fits = low[1] == high[1] if same_suit else red(low) != red(high)
        return fits and relative(low, base) == relative(high, base) - 1

    runs, run = [], [0]
    for i in range(1, len(cards) + 1):
        if i < len(cards) and below(cards[i - 1], cards[i]):
            run.append(i)
            continue
        if len(run) >= min_length:
            runs.append([(j, cards[j]) for j in run])
        run = [i]
    return runs


def follow(variant, seed, moves):
    """Replay a winning line that starts with the base choice and note what became of
    every stock card: where it went when it left the waste ("foundation", "tableau" or
    "space"), whether it belonged to a reversed run, and what the stock lock did."""
    g = Game(variant, seed=seed)
    if isinstance(moves, str):  # as saved: "t1-f1 deal ..."
        moves = moves.split()
    moves = [Move.parse(m) if isinstance(m, str) else m for m in moves]
    g.play(moves[0])
    base, cards = g.base_rank, upcoming(g)
    in_run = {i for run in reversed_runs(g) for i, _ in run}
    waste, dealt = [0], 1  # positions (in cards) of the waste's cards, bottom to top
    fates, fills, unlocks, open_deals = [], [], [], 0
    for move in moves[1:]:
        before, locked = g.stock_count, g.stock_locked
        if move.source == "waste":
            i = waste.pop()
            if move.target.startswith("f"):
                where = "foundation"
            elif g.piles[move.target]:
                where = "tableau"
            else:
                where = "space"
                fills.append(relative(cards[i], base))
            fates.append((i in in_run, where))
            if locked:
                unlocks.append(where)
        g.play(move)
        spaces = any(not g.piles[p] for p in g.pile_names if p.startswith("t"))
        for _ in range(before - g.stock_count):
            waste.append(dealt)
            dealt += 1
            open_deals += spaces
    assert g.status == "won", f"{variant}#{seed}: the line does not win"
    return {"fates": fates, "fills": fills, "unlocks": unlocks, "open_deals": open_deals}


def redeal_game(seed, redeals):
    """Klondike draw one, deal ``seed``, allowed ``redeals`` redeals (None: unlimited)."""
    if redeals is None:
        return Game("klondike-unlimited", seed=seed)
    deal = Game("klondike", seed=seed)  # two redeals: mark some of them used
    return Game.from_piles("klondike", deal.piles, redeals_used=2 - redeals)


def downs(moves):
    """How many moves of a line bring a card back down from a foundation."""
    return sum(m.source.startswith("f") and m.target.startswith("t") for m in moves)


def give_up_study(variant, seed, budget):
    """Play the deal greedily until the greedy player is stuck; then ask the solver
    whether the stuck position can still be won. One row per deal."""
    g = Game(variant, seed=seed)
    greedy = greedy_play(g)
    for move in greedy.moves:
        g.play(move)
    row = {"variant": variant, "seed": seed, "budget": budget, "greedy": greedy.status}
    row["score"] = greedy.score
    if greedy.status == "won":
        return {**row, "verdict": "won", "rescue": 0, "downs": 0, "first": None}
    rescue = solve(g, budget=budget)
    won = rescue.verdict == "won"
    return {
        **row,
        "verdict": rescue.verdict,
        "rescue": len(rescue.moves) if won else None,
        "downs": downs(rescue.moves) if won else None,
        "first": str(rescue.moves[0]) if won else None,
    }


def _write_rows(path: Path, rows: list[dict]) -> None:
    """Write ``rows`` as JSON lines, replacing the file."""
    with path.open("w", encoding="utf-8") as file:
        for row in rows:
            file.write(json.dumps(row, separators=(",", ":")) + "\n")


def _log(text: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {text}", flush=True)


def make_terrace_data(deals: int, budget: int, executor: object) -> None:
    from terrace_widget import Game
    from terrace_widget.analysis import analyze
    from terrace_widget.solver import solve

    _log(f"terrace: {deals} deals x 4 bases at {budget:,} nodes")
    records = analyze(
        "terrace",
        range(1, deals + 1),
        budget,
        bases="each",
        executor=executor,
        cache=DATA / "terrace-bases.jsonl",
        progress=False,
        as_frame=False,
    )
    _write_rows(DATA / "terrace-bases.jsonl", records)  # only this run (and solver version)
    # One winning line per won deal (the won base whose search was shortest), found again
    # with the same budget: the search is deterministic.
    lines = []
    for seed in range(1, deals + 1):
        won = [r for r in records if r["seed"] == seed and r["verdict"] == "won"]
        if not won or len(lines) == TERRACE_LINES:
            continue
        record = min(won, key=lambda r: r["nodes"])
        game = Game("terrace", seed=seed)
        base_move = choose(game, record["base"])
        solution = solve(game, budget=budget)
        assert solution.verdict == "won", (seed, record)
        moves = [base_move, *solution.moves]
        lines.append(
            {
                "variant": "terrace",
                "seed": seed,
                "budget": budget,
                "solver_version": record["solver_version"],
                "base": record["base"],
                "moves": " ".join(map(str, moves)),
            }
        )
    _write_rows(DATA / "terrace-lines.jsonl", lines)
    _log(f"terrace: {len(lines)} winning lines")


def make_klondike_data(deals: int, budget: int, executor: object) -> None:
    from terrace_widget import Game
    from terrace_widget.analysis import SOLVER_VERSION, analyze
    from terrace_widget.solver import solve

    seeds = range(1, deals + 1)
    _log(f"klondike: {deals} deals x {len(KLONDIKE_OPTIONS)} options at {budget:,} nodes")
    records = analyze(
        KLONDIKE_OPTIONS,
        seeds,
        budget,
        executor=executor,
        cache=DATA / "klondike-options.jsonl",
        progress=False,
        as_frame=False,
    )
    _write_rows(DATA / "klondike-options.jsonl", records)  # only this run (and solver version)
    _log("klondike: one redeal")
    rows = []
    for seed in seeds:
        solution = solve(redeal_game(seed, 1), budget=budget)
        rows.append(
            {
                "variant": "klondike",
                "redeals": 1,
                "seed": seed,
                "budget": budget,
                "solver_version": SOLVER_VERSION,
                "verdict": solution.verdict,
                "length": len(solution.moves) if solution.verdict == "won" else None,
                "nodes": solution.nodes,
            }
        )
    _write_rows(DATA / "klondike-one-redeal.jsonl", rows)
    _log("klondike: giving up")
    rows = [
        {**give_up_study(variant, seed, budget), "solver_version": SOLVER_VERSION}
        for variant in ("klondike", "klondike-three-card")
        for seed in seeds
    ]
    _write_rows(DATA / "klondike-give-up.jsonl", rows)
    _log("klondike: foundation moves in the winning lines")
    rows = []
    for record in records:
        variant = record["variant"]
        if record["verdict"] != "won" or variant not in ("klondike", "klondike-three-card"):
            continue
        solution = solve(Game(record["variant"], seed=record["seed"]), budget=budget)
        assert solution.verdict == "won", record
        rows.append(
            {
                "variant": record["variant"],
                "seed": record["seed"],
                "budget": budget,
                "solver_version": SOLVER_VERSION,
                "length": len(solution.moves),
                "downs": downs(solution.moves),
            }
        )
    _write_rows(DATA / "klondike-lines.jsonl", rows)
    _log("klondike: done")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--workers", default="serial", help="'serial' or a number of processes")
    parser.add_argument("--only", choices=("terrace", "klondike"), help="one family only")
    args = parser.parse_args(argv)
    workers: object = args.workers if args.workers == "serial" else int(args.workers)
    DATA.mkdir(exist_ok=True)
    if args.only in (None, "terrace"):
        make_terrace_data(TERRACE_DEALS, TERRACE_BUDGET, workers)
    if args.only in (None, "klondike"):
        make_klondike_data(KLONDIKE_DEALS, KLONDIKE_BUDGET, workers)


if __name__ == "__main__":
    main()

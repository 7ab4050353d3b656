"""The shipped list of winnable deals, with their difficulty, from the winnability data.

    python -m benchmarks winnable-deals            # writes terrace_widget/table/winnable-deals.json

Nothing is solved again: a deal is listed when a saved solver run proved it winnable
(``verdict`` ``won``: the solver found a winning line; the newest solver version's run of
a game is preferred, ``notebooks/data/winnability-v8.jsonl`` over ``winnability.jsonl``).
Its difficulty is read from the fair rule player's game on it (``strategy-<game>.jsonl``,
every tip on) and the solver's effort (nodes), by :data:`RULE`.
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path
from typing import Any

from benchmarks.common import DATA, ROOT, command_line, read_jsonl, versions

OUT = ROOT / "terrace_widget" / "table" / "winnable-deals.json"
SOLVER_RUNS = ("winnability-v8.jsonl", "winnability.jsonl")
"""Saved solver runs, newest solver first: a game's deals come from the first that has it."""
LIMIT = 200
"""Deals listed per game (the lowest seeds proven winnable); the table finds more itself."""
RULE = (
    "easy: the fair rule player (every tip on, player version {player}) wins the deal; "
    "medium: it loses, and the solver proved the deal winnable within the game's median "
    "nodes over its winnable deals; hard: it loses, and the solver needed more"
)


def difficulty(fair_won: bool | None, nodes: int, median: float) -> str:
    """The difficulty of a winnable deal by :data:`RULE` (``fair_won`` None: not played)."""
    if fair_won:
        return "easy"
    return "medium" if nodes <= median else "hard"


def build(data: Path = DATA, limit: int | None = None) -> dict[str, Any]:
    """The list's contents from the data files in ``data`` (``limit``: deals per game)."""
    solved: dict[str, list[dict[str, Any]]] = {}
    for name in SOLVER_RUNS:
        path = data / name
        if not path.is_file():
            continue
        by_game: dict[str, list[dict[str, Any]]] = {}
        for row in read_jsonl(path):
            by_game.setdefault(row["variant"], []).append(row)
        for game, rows in by_game.items():
            solved.setdefault(game, rows)
    records: list[dict[str, Any]] = []
    player_versions: set[str] = set()
    for game in sorted(solved):
        won = [r for r in solved[game] if r["verdict"] == "won"]
        if not won:
            continue
        fair: dict[int, bool] = {}
        strategy = data / f"strategy-{game}.jsonl"
        if strategy.is_file():
            for row in read_jsonl(strategy):
                if row.get("spec") == game and "all" in row.get("games", {}):
                    fair[row["seed"]] = bool(row["games"]["all"][0])
                    player_versions.add(str(row["player_version"]))
        median = statistics.median(r["nodes"] for r in won)
        for row in sorted(won, key=lambda r: r["seed"])[:limit]:
            records.append({
                "variant": game, "seed": row["seed"],
                "difficulty": difficulty(fair.get(row["seed"]), row["nodes"], median),
                "nodes": row["nodes"], "fair_won": fair.get(row["seed"]),
                "solver_version": row["solver_version"], "budget": row["budget"],
            })  # fmt: skip
    return {
        "rule": RULE.format(player="/".join(sorted(player_versions)) or "?"),
        "player_version": "/".join(sorted(player_versions)) or None,
        "records": records,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=DATA, help="where the saved runs are")
    parser.add_argument("--out", type=Path, default=OUT, help="the list to write")
    parser.add_argument("--limit", type=int, default=LIMIT, help="at most this many per game")
    args = parser.parse_args(argv)
    made = build(args.data, args.limit)
    made["command"] = command_line("winnable-deals", argv)
    made["package_version"] = versions()["package_version"]
    records = made.pop("records")
    head = json.dumps(made, sort_keys=True)[:-1]
    rows = ",\n".join(json.dumps(r, sort_keys=True, separators=(",", ":")) for r in records)
    args.out.write_text(f'{head}, "records": [\n{rows}\n]}}\n', encoding="utf-8")
    made["records"] = records
    counts: dict[str, dict[str, int]] = {}
    for record in made["records"]:
        tally = counts.setdefault(record["variant"], {"easy": 0, "medium": 0, "hard": 0})
        tally[record["difficulty"]] += 1
    for game, tally in counts.items():
        print(f"{game:24} {sum(tally.values()):5} winnable: {tally}")
    print(f"wrote {args.out} ({len(made['records'])} deals)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

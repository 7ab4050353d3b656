"""``python -m benchmarks <subcommand> [args]``: every benchmark behind one command.

To add a benchmark, write ``benchmarks/<module>.py`` with ``main(argv) -> int`` and add
one line to :data:`SUBCOMMANDS` (its name is the module's, with ``-`` for ``_``);
tests/test_benchmarks.py then asks for a tiny-input run of it.
"""

from __future__ import annotations

import importlib
import sys

SUBCOMMANDS: dict[str, str] = {
    "before-after": "engine and solver speed of a base commit against this tree, interleaved",
    "playout": "random-playout moves/s of the engine per game, against soliterm's Klondike",
    "solver": "the solver on fixed deal sets: decided share, nodes/s, times",
    "solver-memory": "peak memory of one search, with the lost-position table bounded",
    "compiled-speed": "the mypyc build against pure Python on the same searches",
    "env": "Gymnasium steps and referee moves per second",
    "saves": "time and memory of loading the largest save accepted",
    "winnability": "solve deals 1..N of every game and print the winnability table",
    "escalate": "solve a saved run's undecided deals again with a larger budget",
    "winnability-table": "the README's winnability table from the saved runs",
    "replay-check": "solve a saved run's wins again and replay their lines",
    "winnable-latency": "time to a Winnable? verdict on positions of fair games",
    "bring-downs": "Klondike solved with and without cards brought down from foundations",
    "notebook-05-data": "the small runs behind notebook 05 (greedy, lengths, budgets)",
    "strategy": "what each tip is worth to the fair rule player (the Coach's effects)",
    "fair-ceiling": "the strong fair player against the rule player and the solver",
    "strategy-search": "rules found in the data: screen candidates, confirm with Holm intervals",
    "solvitaire-check": "the solver's Klondike verdicts against Solvitaire's",
    "latency": "click -> kernel -> DOM latency in JupyterLab and Voila (Chromium)",
    "lite": "the JupyterLite site: size, first table, clicks, Pyodide engine speed",
    "lite-app": "the Lite Play app: cold/warm time to a table, bytes, clicks, crash count",
    "value-calibration": "the fair value of a position against what the rule player then does",
    "bounds": "time and memory of refusing oversized or deep input, each in a fresh process",
    "click-load": "a click's wait while ten tables search (threads before, worker processes)",
    "drills": "the lesson drills' positions, found in the studies, with their move values",
    "holm": "the tip study's paired effects with Holm's correction for 27 tests",
    "winnable-deals": "the shipped list of winnable deals and their difficulty (the table's)",
    "manifest": "which command and versions made each shipped data file; --check verifies",
}
"""Subcommand -> one-line description; the module is ``benchmarks.<name with _ for ->``."""


def module_name(subcommand: str) -> str:
    """``before-after`` -> ``benchmarks.before_after``."""
    return "benchmarks." + subcommand.replace("-", "_")


def usage() -> str:
    width = max(map(len, SUBCOMMANDS))
    lines = [f"  {name:<{width}}  {what}" for name, what in SUBCOMMANDS.items()]
    return (
        "usage: python -m benchmarks <subcommand> [args]   (<subcommand> --help for its "
        "options)\n\nsubcommands:\n" + "\n".join(lines)
    )


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] in ("-h", "--help", "help"):
        print(usage())
        return 0
    name, rest = args[0], args[1:]
    if name not in SUBCOMMANDS:
        print(f"unknown subcommand {name!r}\n\n{usage()}", file=sys.stderr)
        return 2
    from benchmarks.common import check_build

    check_build()
    module = importlib.import_module(module_name(name))
    result: int = module.main(rest)
    return result


if __name__ == "__main__":
    raise SystemExit(main())

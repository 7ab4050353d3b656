"""What the benchmarks share: paths, game lists, seeds, workers, JSON-lines records,
version stamps and the printing of figures.

Every benchmark is a module of this package, run from the repository root as
``python -m benchmarks <subcommand>`` (or ``python -m benchmarks.<module>``); none edits
``sys.path``. To measure the compiled build (``tools/compile.py``), put it first on the
path and keep the current folder off it: ``PYTHONPATH=build/compiled:. python -P -m
benchmarks ...`` (``python -m`` alone puts the current folder, and so the pure-Python
source, first). :func:`check_build` refuses a run where that went wrong.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shlex
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
"""The repository's root (the folder holding ``terrace_widget/`` and ``benchmarks/``)."""
DATA = ROOT / "notebooks" / "data"
"""The shipped data files the notebooks read (listed in ``benchmarks/manifest.json``)."""


# ----------------------------------------------------------------- games and seeds
def all_games() -> list[str]:
    """Every variant id, in ``terrace_widget.VARIANTS`` order."""
    from terrace_widget import VARIANTS

    return list(VARIANTS)


def game_list(text: str) -> list[str]:
    """``"all"`` or variant ids separated by commas, checked against the rules table.

    Raises ``argparse.ArgumentTypeError`` (shown by argparse as a usage error) on an
    unknown id, so a typo stops the run before anything is computed.
    """
    games = all_games() if text == "all" else [g for g in text.split(",") if g]
    known = all_games()
    unknown = [g for g in games if g not in known]
    if unknown or not games:
        raise argparse.ArgumentTypeError(
            f"unknown game {', '.join(unknown) or repr(text)}; choose from {', '.join(known)}"
        )
    return games


def seed_list(text: str) -> list[int]:
    """``"2,6,9"`` as seeds; a clear argparse error otherwise."""
    try:
        seeds = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a comma-separated list of seeds: {text!r}") from None
    if not seeds or min(seeds) < 0:
        raise argparse.ArgumentTypeError(f"seeds must be non-negative integers: {text!r}")
    return seeds


def add_workers(parser: argparse.ArgumentParser) -> None:
    """The ``--workers N`` option of the benchmarks that run through ``run_tasks``."""
    parser.add_argument(
        "--workers", type=int, default=None, help="processes (default: one per core; 1: serial)"
    )


# ----------------------------------------------------------------- records
def read_jsonl(path: Path | str) -> list[dict[str, Any]]:
    """The records of a JSON-lines file; an absent file has none."""
    path = Path(path)
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def append_jsonl(path: Path | str | None, rows: Iterable[dict[str, Any]]) -> None:
    """Append ``rows`` to ``path`` as compact JSON lines, at once (a run stopped later
    keeps them); nothing when ``path`` is None."""
    if path is None:
        return
    with Path(path).open("a", encoding="utf-8") as out:
        for row in rows:
            out.write(json.dumps(row, separators=(",", ":")) + "\n")


def build() -> str:
    """``"mypyc"`` when the solver imported is the compiled build, else ``"python"``."""
    from terrace_widget.search.solver import is_compiled

    return "mypyc" if is_compiled() else "python"


def versions() -> dict[str, str]:
    """The versions a data file's records depend on: package, solver, player, fair ceiling,
    the build of the solver and Python's."""
    import terrace_widget
    from terrace_widget.studies.analysis import SOLVER_VERSION
    from terrace_widget.studies.tip_study import CEILING_VERSION, PLAYER_VERSION

    return {
        "package_version": terrace_widget.__version__,
        "solver_version": SOLVER_VERSION,
        "player_version": PLAYER_VERSION,
        "ceiling_version": CEILING_VERSION,
        "build": build(),
        "python": platform.python_version(),
    }


def command_line(subcommand: str, argv: list[str] | None) -> str:
    """The command that reproduces this run: ``python -m benchmarks <subcommand> <args>``
    (``argv`` None: this process's own arguments)."""
    args = sys.argv[1:] if argv is None else argv
    return " ".join(["python -m benchmarks", subcommand, *map(shlex.quote, args)])


def check_build() -> None:
    """Stop with a clear message when ``PYTHONPATH`` names a copy of the package (the
    compiled build) but another one was imported, as ``python -m`` does by putting the
    current folder first; the fix is ``python -P``."""
    import terrace_widget

    imported = Path(terrace_widget.__file__).resolve().parent
    for entry in os.environ.get("PYTHONPATH", "").split(os.pathsep):
        package = Path(entry or ".").resolve() / "terrace_widget"
        if (package / "__init__.py").is_file():
            if package != imported:
                raise SystemExit(
                    f"PYTHONPATH puts {package} first but {imported} was imported (python -m "
                    "puts the current folder first): run PYTHONPATH="
                    f"{entry}{os.pathsep}. python -P -m benchmarks ..."
                )
            return


# ----------------------------------------------------------------- figures
def percentile(values: Iterable[float], q: float) -> float:
    """The ``q`` quantile (nearest rank) of ``values``; 0.0 for none."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    k = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[k]


def pct(x: float) -> str:
    """A share as a percentage with one decimal: ``0.123`` -> ``"12.3%"``."""
    return f"{100 * x:.1f}%"


def points(x: float) -> str:
    """A difference of shares in signed percentage points: ``0.05`` -> ``"+5.0"``."""
    return f"{100 * x:+.1f}"


# ----------------------------------------------------------------- fresh interpreters
def run_python(
    pythonpath: Path,
    code: str,
    *args: str,
    timeout: float = 1800,
    env: dict[str, str] | None = None,
) -> str:
    """Run ``python -c code args`` in a fresh interpreter importing the package from
    ``pythonpath`` alone, and return what it printed. It runs in an empty temporary folder,
    since ``-c`` puts the working folder first on its path."""
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory() as away:
        done = subprocess.run(
            [sys.executable, "-c", code, *args],
            capture_output=True,
            text=True,
            check=True,
            cwd=away,
            env={**os.environ, **(env or {}), "PYTHONPATH": str(pythonpath)},
            timeout=timeout,
        )
    return done.stdout


LOAD_VARIANTS = ["terrace", "klondike", "wood", "klondike-three-card", "redheads"]


def random_intent(rng: random.Random, view: dict[str, Any]) -> dict[str, Any]:
    """One intent a player (or a confused browser) might send from ``view``: mostly moves,
    some stale, some malformed. The load test and `click-load` send this mix (the benchmark
    pastes this function's source into the script it runs against a base commit)."""
    roll = rng.random()
    legal = view["legal_moves"]
    seq = view["seq"] if rng.random() > 0.05 else view["seq"] - 3  # a few stale ones
    if roll < 0.55 and legal:
        return {"kind": "move", "move": rng.choice(legal), "seq": seq}
    if roll < 0.62:
        pile = rng.choice(view["pile_order"])
        return {"kind": "move", "move": f"{pile}-{rng.choice(view['pile_order'])}", "seq": seq}
    if roll < 0.68:
        return {"kind": "double", "pile": rng.choice(view["pile_order"]), "seq": seq}
    if roll < 0.74:
        return {"kind": "deal", "seq": seq}
    if roll < 0.82:
        return {"kind": "undo"}
    if roll < 0.86:
        return {"kind": "redo"}
    if roll < 0.91:
        return {"kind": "hint"}
    if roll < 0.94:
        return {"kind": "winnable"}
    if roll < 0.96:
        return {"kind": "restart"}
    if roll < 0.975:
        return {"kind": "new", "variant": rng.choice(LOAD_VARIANTS)}
    return {"kind": rng.choice(["nonsense", 7, None, ["move"]]), "move": "x" * rng.randrange(99)}

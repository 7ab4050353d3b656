"""The compiled build (tools/compile.py: the search and the engine's Table through mypyc)
is the same program: on positions of every game it returns the same verdicts, node counts
and lines as the pure-Python package, which the browser build and every other test run."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import compile as compile_tool  # noqa: E402  (tools/compile.py)

# (variant, seed, moves played first, node budget): a base choice, the restarts, K+ stock
# moves with and without redeals, auto-fill, the second pass, wins, losses and budgets.
CASES = [
    ("terrace", 1, 0, 30_000),
    ("terrace", 5, 12, 20_000),
    ("generals-patience", 4, 0, 20_000),
    ("generals-patience", 15, 0, 5_000),
    ("falling-stars", 93, 0, 30_000),
    ("signora", 2, 0, 20_000),
    ("redheads", 6, 0, 20_000),
    ("blondes-and-brunettes", 13, 0, 20_000),
    ("wood", 10, 0, 20_000),
    ("klondike", 3, 0, 30_000),
    ("klondike-three-card", 39, 0, 20_000),
    ("klondike-no-redeal", 2, 0, 20_000),
    ("klondike-unlimited", 21, 0, 20_000),
    ("klondike-unlimited", 7, 6, 20_000),
]

SCRIPT = """
import json, sys
from terrace_widget import Game
import terrace_widget.engine, terrace_widget.solver
from terrace_widget.solver import solve
out = {"solver": terrace_widget.solver.__file__, "engine": terrace_widget.engine.__file__}
rows = []
for variant, seed, first, budget in json.loads(sys.argv[1]):
    g = Game(variant, seed=seed)
    for _ in range(first):
        moves = g.legal_moves()
        if not moves:
            break
        g.play(moves[len(moves) // 2])
    s = solve(g, budget=budget)
    rows.append([variant, seed, s.verdict, s.nodes, [str(m) for m in s.moves]])
out["rows"] = rows
print(json.dumps(out))
"""


def run(pythonpath: Path) -> dict[str, object]:
    """The cases solved in a fresh interpreter importing the package from ``pythonpath``."""
    result: dict[str, object] = json.loads(
        compile_tool.run_python(pythonpath, SCRIPT, json.dumps(CASES))
    )
    return result


@pytest.mark.slow
def test_compiled_search_is_the_same_search(tmp_path: Path) -> None:
    target = compile_tool.build(tmp_path / "compiled")
    compiled = run(target)
    pure = run(ROOT)
    # The compiled run really used the extension modules, the pure one the sources.
    assert not str(compiled["solver"]).endswith(".py")
    assert not str(compiled["engine"]).endswith(".py")
    assert str(pure["solver"]).endswith(".py")
    assert compiled["rows"] == pure["rows"]
    rows = pure["rows"]
    assert isinstance(rows, list)
    verdicts = {row[2] for row in rows}
    assert {"won", "unwinnable", "unknown"} <= verdicts, verdicts

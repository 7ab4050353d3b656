"""The compiled build (tools/compile.py: the search and the engine's Table through mypyc,
used by default where it is up to date: terrace_widget/compiled.py) is the same program:
on positions of every game it returns the same verdicts, node counts and lines as the
pure-Python package, which the browser build and every other test run."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import compile as compile_tool  # noqa: E402  (tools/compile.py)

from benchmarks.common import run_python  # noqa: E402

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
import terrace_widget.rules.engine, terrace_widget.search.solver
from terrace_widget.search.solver import solve
out = {
    "solver": terrace_widget.search.solver.__file__,
    "engine": terrace_widget.rules.engine.__file__,
}
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
# The engine alone: random playouts of every game end in the same positions.
import random
from terrace_widget import VARIANTS
ends = []
for variant in VARIANTS:
    rng, g = random.Random(variant), Game(variant, seed=11)
    for _ in range(300):
        moves = g.legal_moves()
        if not moves:
            break
        g.play(rng.choice(moves))
    ends.append(g.fen())
out["playouts"] = ends
# Tables go to the search worker by pickle: a compiled class pickles only through
# Table.__reduce__, and must come back the same position.
import pickle
same = []
for variant in VARIANTS:
    rng, g = random.Random(variant), Game(variant, seed=5)
    for _ in range(40):
        moves = g.legal_moves()
        if not moves:
            break
        g.play(rng.choice(moves))
    t = g.to_table()
    u = pickle.loads(pickle.dumps(t))
    same.append(
        u.key() == t.key()
        and [str(m) for m in u.legal_moves()] == [str(m) for m in t.legal_moves()]
        and (u.base, u.locked, u.passes, u.down) == (t.base, t.locked, t.passes, t.down)
    )
out["pickled"] = same
print(json.dumps(out))
"""


def run(pythonpath: Path, **env: str) -> dict[str, object]:
    """The cases solved in a fresh interpreter importing the package from ``pythonpath``."""
    result: dict[str, object] = json.loads(
        run_python(pythonpath, SCRIPT, json.dumps(CASES), env=env)
    )
    return result


WHICH = (
    "import terrace_widget, terrace_widget.search.solver as s, terrace_widget.rules.engine as e; "
    "print(terrace_widget.COMPILED, s.is_compiled(), e.__file__.endswith('.py'))"
)


def which(**env: str) -> str:
    """What the source package imports in a fresh interpreter with ``env``."""
    return run_python(ROOT, WHICH, env=env).strip()


def test_pure_python_without_an_up_to_date_build(tmp_path: Path) -> None:
    # No build, a stale one (other sources), one for another interpreter, one whose
    # modules are missing: the sources run, and say so.
    assert which(TERRACE_WIDGET_COMPILED_DIR=str(tmp_path)) == "False False True"
    stamp = compile_tool.stamp_of(ROOT / "terrace_widget")
    for broken in (
        {**stamp, "sources": "0" * 64, "runtime": "x__mypyc"},
        {**stamp, "cache_tag": "cpython-27", "runtime": "x__mypyc"},
        {**stamp, "runtime": "x__mypyc"},
    ):
        (tmp_path / compile_tool.STAMP).write_text(json.dumps(broken))
        env = {"TERRACE_WIDGET_COMPILED_DIR": str(tmp_path), "TERRACE_WIDGET_PURE": "0"}
        assert which(**env) == "False False True", broken


@pytest.mark.slow
def test_compiled_search_is_the_same_search(tmp_path: Path) -> None:
    target = compile_tool.build(tmp_path / "compiled")
    assert compile_tool.is_current(target)
    compiled = run(target)
    pure = run(ROOT, TERRACE_WIDGET_PURE="1", TERRACE_WIDGET_COMPILED_DIR=str(target))
    # By default the source package imports the up-to-date build (terrace_widget/compiled.py).
    default = run(ROOT, TERRACE_WIDGET_PURE="0", TERRACE_WIDGET_COMPILED_DIR=str(target))
    # The compiled runs really used the extension modules, the pure one the sources.
    for run_ in (compiled, default):
        assert not str(run_["solver"]).endswith(".py")
        assert not str(run_["engine"]).endswith(".py")
    assert str(pure["solver"]).endswith(".py")
    assert str(pure["engine"]).endswith(".py")
    assert compiled["rows"] == pure["rows"] == default["rows"]
    assert compiled["playouts"] == pure["playouts"] == default["playouts"]
    for run_ in (compiled, pure, default):
        assert run_["pickled"] and all(run_["pickled"]), run_["pickled"]  # type: ignore[union-attr]
    rows = pure["rows"]
    assert isinstance(rows, list)
    verdicts = {row[2] for row in rows}
    assert {"won", "unwinnable", "unknown"} <= verdicts, verdicts

"""The import graph keeps its layers: the model imports no search and no widget."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_the_model_imports_nothing_above_it() -> None:
    lint = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    if lint is None:
        pytest.fail("import-linter is missing: it is in the test extra (pip install -e '.[test]')")
    result = subprocess.run(
        [lint, "--config", str(ROOT / "pyproject.toml")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_a_broken_layer_is_caught(tmp_path: Path) -> None:
    """The check itself can fail: a copy of the package whose game imports the solver."""
    package = tmp_path / "terrace_widget"
    shutil.copytree(ROOT / "terrace_widget", package, ignore=shutil.ignore_patterns("static"))
    game = package / "game" / "game.py"
    game.write_text(game.read_text() + "\nfrom ..search import solver  # noqa\n")
    lint = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    assert lint is not None
    result = subprocess.run(
        [lint, "--config", str(ROOT / "pyproject.toml")],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        env={"PYTHONPATH": str(tmp_path), "PATH": str(Path(sys.executable).parent)},
    )
    assert result.returncode != 0
    assert "terrace_widget.game.game -> terrace_widget.search.solver" in result.stdout


CYCLES = """
import graphlib, json, sys
import grimp

graph = grimp.build_graph(sys.argv[1], include_external_packages=False)
edges = {m: graph.find_modules_directly_imported_by(m) for m in graph.modules}
try:
    graphlib.TopologicalSorter(edges).prepare()
    print(json.dumps([]))
except graphlib.CycleError as error:
    print(json.dumps(error.args[1]))
"""
"""Prints one import circle of a package's modules (every module and subpackage, however
deep; imports inside functions and under TYPE_CHECKING count), or ``[]``."""


def import_cycle(package: str, path: Path) -> list[str]:
    import json

    result = subprocess.run(
        [sys.executable, "-c", CYCLES, package],
        cwd=path,
        capture_output=True,
        text=True,
        timeout=120,
        env={"PYTHONPATH": str(path), "PATH": str(Path(sys.executable).parent)},
    )
    assert result.returncode == 0, result.stderr
    cycle: list[str] = json.loads(result.stdout)
    return cycle


def test_the_package_has_no_import_circle() -> None:
    assert import_cycle("terrace_widget", ROOT) == []


def test_an_import_circle_is_caught(tmp_path: Path) -> None:
    """The check itself can fail: a copy of the package whose game imports the tips."""
    package = tmp_path / "terrace_widget"
    shutil.copytree(ROOT / "terrace_widget", package, ignore=shutil.ignore_patterns("static"))
    game = package / "game" / "game.py"
    game.write_text(game.read_text() + "\nfrom ..fair import tips  # noqa\n")
    cycle = import_cycle("terrace_widget", tmp_path)
    assert "terrace_widget.game.game" in cycle and "terrace_widget.fair.tips" in cycle

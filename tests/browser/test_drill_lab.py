"""A drill in a real JupyterLab: a wrong move made with the mouse gets ✗ and its reason on
the table, Try again resets the position, the hint ladder lights the piles, the right move
gets ✓, and the stars land in the learner's progress file."""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest

from terrace_widget.lessons import drills
from terrace_widget.rules.moves import Move

from .conftest import KERNEL_IDLE, Table
from .servers import KernelHelper, lab_server

pytestmark = pytest.mark.browser

STAGE = "klondike-reorder"


def has_wrong_move(position: drills.DrillPosition) -> bool:
    return bool(position.wrong_moves())


def wrong_move(position: drills.DrillPosition) -> str:
    """A legal move the saved fair value grades below ``good``."""
    return position.wrong_moves()[0]


def play_with_mouse(t: Table, move: str) -> None:
    if move == "deal":
        t.click_pile("stock")
        return
    m = Move.parse(move)
    t.drag(m.source, m.target, m.size)


def write_notebook(folder: Path, name: str, cells: list[str]) -> None:
    """A notebook of code ``cells`` in ``folder`` (made), for Lab to open and run."""
    folder.mkdir()
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(source) for source in cells]
    notebook.metadata["kernelspec"] = {
        "display_name": "Python 3 (ipykernel)",
        "language": "python",
        "name": "python3",
    }
    nbformat.write(notebook, folder / name)


def test_a_drill_judges_mouse_moves_gives_hints_and_keeps_stars(
    browser_requirements, page, page_errors, screenshot, tmp_path: Path
) -> None:
    stage = drills.stage(STAGE)
    first = next(k for k, p in enumerate(stage.positions) if has_wrong_move(p))
    position = stage.positions[first]
    wrong, best = wrong_move(position), position.best
    data = tmp_path / "jupyter-data"
    folder = tmp_path / "notebooks"
    write_notebook(
        folder,
        "drill.ipynb",
        [
            f"import os\nos.environ['JUPYTER_DATA_DIR'] = {str(data)!r}",
            f"from terrace_widget.lessons import drill\nd = drill({STAGE!r}, learner='lab')\n"
            f"d.trainer.go({first})\nd",
        ],
    )
    with lab_server(folder) as server:
        page.goto(server.lab_url("drill.ipynb"))
        page.wait_for_function(KERNEL_IDLE, timeout=90_000)
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        page.wait_for_selector(".tw-root[data-seq]", timeout=90_000)
        kernel = KernelHelper.for_notebook(server, "drill.ipynb")
        try:
            kernel.run("w = d.trainer.table")
            t = Table(page, kernel)
            assert kernel.json("[str(m) for m in w.game.history]") == list(position.before)
            page.wait_for_selector(".tw-drill-status")

            # ✗: a move the fair value grades clearly worse, made with the mouse
            seq = t.seq()
            play_with_mouse(t, wrong)
            state = t.settle(seq)
            assert state["history"][-1] == wrong
            verdict = page.locator(".tw-drill-verdict")
            verdict.filter(has_text="✗").wait_for(timeout=15_000)
            message = t.root.locator(".tw-message")
            assert (message.text_content() or "").startswith("✗")

            # Try again puts the position back
            seq = t.seq()
            page.get_by_role("button", name="Try again").click()
            state = t.settle(seq)
            assert state["history"] == list(position.before)

            # the hint ladder: a nudge, then the piles lit on the table, then the move
            for _rung in range(3):
                seq = t.seq()
                page.locator(".widget-button", has_text="Drill hint").click()
                t.settle(seq)
            assert kernel.json("w.view['hint']['message']") == f"Hint: play {best}."
            lit = kernel.json("w.view['hint']['cards']")
            assert lit and all(t.pile(p).count() for p in lit)

            # ✓: the best move, made with the mouse
            seq = t.seq()
            play_with_mouse(t, best)
            state = t.settle(seq)
            verdict.filter(has_text="✓").wait_for(timeout=15_000)
            assert (message.text_content() or "").startswith("✓")
            screenshot(page.locator(".jp-OutputArea").last, "drill-lab.png")

            # one miss and three hints leave no star, and the file says so
            saved = json.loads((data / drills.PROGRESS_NAME).read_text(encoding="utf-8"))
            assert saved["learners"]["lab"][STAGE] == {str(first): 0}
            assert page_errors == []
        finally:
            kernel.close()


def test_every_stage_judges_a_wrong_and_a_right_mouse_move(
    browser_requirements, page, page_errors, tmp_path: Path
) -> None:
    """One table in a real JupyterLab serves every stage in turn: at a position of each
    stage, a move the fair value grades clearly worse, made with the mouse, gets ✗ on the
    table, and after Try again the best move gets ✓."""
    folder = tmp_path / "notebooks"
    write_notebook(
        folder,
        "stages.ipynb",
        [
            f"import os\nos.environ['JUPYTER_DATA_DIR'] = {str(tmp_path / 'data')!r}\n"
            "from terrace_widget import TerraceWidget\n"
            "w = TerraceWidget('terrace', statistics=False, show_statistics=False)\nw"
        ],
    )
    with lab_server(folder) as server:
        page.goto(server.lab_url("stages.ipynb"))
        page.wait_for_function(KERNEL_IDLE, timeout=90_000)
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        page.wait_for_selector(".tw-root[data-seq]", timeout=90_000)
        kernel = KernelHelper.for_notebook(server, "stages.ipynb")
        try:
            kernel.run("from terrace_widget.lessons import Drill\nd = None")
            t = Table(page, kernel)
            message = t.root.locator(".tw-message")
            judged = []
            for stage in drills.load_stages():
                k = next(k for k, p in enumerate(stage.positions) if has_wrong_move(p))
                position = stage.positions[k]
                seq = t.seq()
                kernel.run(
                    "d is None or d.close()\n"
                    f"d = Drill({stage.spec.id!r}, table=w, learner='lab')\nd.go({k})"
                )
                state = t.settle(seq)
                assert state["history"] == list(position.before), stage.spec.id
                seq = t.seq()
                play_with_mouse(t, wrong_move(position))
                t.settle(seq)
                page.wait_for_function(
                    "() => document.querySelector('.tw-root .tw-message')"
                    "?.textContent.startsWith('✗')",
                    timeout=15_000,
                )
                seq = t.seq()
                kernel.run("d.retry()")
                t.settle(seq)
                seq = t.seq()
                play_with_mouse(t, position.best)
                t.settle(seq)
                page.wait_for_function(
                    "() => document.querySelector('.tw-root .tw-message')"
                    "?.textContent.startsWith('✓')",
                    timeout=15_000,
                )
                assert kernel.json("d.verdict.right") is True
                judged.append((stage.spec.id, (message.text_content() or "")[:1]))
            assert [s for s, _ in judged] == drills.stage_ids()
            assert page_errors == []
        finally:
            kernel.close()

"""Lesson 03 in a real JupyterLab: the notebook runs from top to bottom, the first tip's
"your move" is played with the mouse on its live table, the Coach answers it on the
table, and the lesson's check cell says what that choice led to."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from terrace_widget.lessons import tip_moment

from .conftest import KERNEL_IDLE, Table
from .servers import KernelHelper, Server, lab_server

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LESSON = "03-terrace-strategy.ipynb"


@pytest.fixture(scope="module")
def lessons_lab(browser_requirements) -> Iterator[Server]:
    """JupyterLab serving a copy of the project's notebooks (with their saved data)."""
    with lab_server(NOTEBOOKS) as server:
        yield server


def test_lesson_03_runs_and_the_coach_answers_the_first_tips_move(
    lessons_lab: Server, page, page_errors, screenshot
) -> None:
    moment = tip_moment("terrace", 14, "base")  # the lesson's first table
    page.goto(lessons_lab.lab_url(LESSON))
    page.wait_for_function(KERNEL_IDLE, timeout=90_000)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_selector(".tw-root[data-seq]", timeout=90_000)
    kernel = KernelHelper.for_notebook(lessons_lab, LESSON)
    try:
        # every cell ran: the last one (the deal slider) exists in the kernel
        page.wait_for_selector(".widget-slider, .jupyter-widgets.widget-hslider", timeout=90_000)
        kernel.run("w = w1")  # the Table helpers read the kernel's table as `w`
        t = Table(page, kernel)
        t.root = page.locator(".tw-root").first
        assert kernel.json("[str(m) for m in w1.game.history]") == moment.before == []
        assert t.root.locator(".tw-coach").count() == 1  # the Coach is on in the lesson

        # "your move": the base the player without the tip chose, dragged with the mouse
        seq = t.seq()
        source, target = moment.without_tip.split("-")
        t.drag(source, target)
        state = t.settle(seq)
        assert state["history"] == [moment.without_tip]
        note = kernel.json("w1.view['coach']['note']")
        assert note and "is buried deeper in the reserve than" in note, note
        page.wait_for_selector(".tw-root .tw-coach-note")
        assert t.root.locator(".tw-coach-note").text_content() == f"Coach: {note}"

        # the lesson's check cell, run again after the move
        answer = kernel.json("check_move(base, w1.game)")
        assert "the move of the player without the tip" in answer
        assert "went on to lose" in answer and f"The tip plays {moment.with_tip}" in answer
        assert note in answer
        screenshot(t.root, "lesson-03-base.png")
        assert page_errors == []
    finally:
        kernel.close()

"""The widget in Jupyter Notebook 7 (the same server's /notebooks/ page), by the mouse."""

from __future__ import annotations

import pytest

from terrace_widget import Game

from .conftest import KERNEL_IDLE, Table

pytestmark = pytest.mark.browser


def test_notebook7_deals_and_plays(page, lab, kernel_for):
    # Notebook 7's own settings loader can throw a TypeError while it starts (its stack is
    # all in notebook_core): only errors from elsewhere, such as our widget, count.
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(f"{exc}\n{exc.stack}"))
    lab.check_alive()
    page.goto(f"{lab.url}/notebooks/klondike.ipynb?token={lab.token}")
    page.wait_for_function(KERNEL_IDLE, timeout=90_000)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    page.wait_for_selector(".tw-root[data-seq]", timeout=90_000)
    t = Table(page, kernel_for("klondike.ipynb"))
    start = t.check_matches_kernel()
    assert start["history"] == []

    seq = t.seq()
    t.click_pile("stock")
    state = t.check_matches_kernel(t.settle(seq))
    assert state["history"] == ["deal"]

    game = Game("klondike", seed=7)
    game.play("deal")
    move = next(m for m in game.legal_moves() if m.source.startswith("t") and m.size == 1)
    seq = t.seq()
    t.drag(move.source, move.target)
    state = t.check_matches_kernel(t.settle(seq))
    assert state["history"] == ["deal", str(move)]
    assert not [e for e in errors if "/static/notebook/notebook_core." not in e], errors

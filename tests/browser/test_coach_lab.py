"""The Coach in a real JupyterLab: switched on from the kernel, it marks the candidate bases,
answers a base chosen against the tip (by the real mouse) with its sentence, and frames a
reversed run in the waste."""

from __future__ import annotations

import pytest

from terrace_widget import Game
from terrace_widget.fair import strategy as st

pytestmark = pytest.mark.browser

SEED = 1  # terrace#1: a candidate buried worse than the tip's, and an early reversed run


def plan(seed: int) -> tuple[str, list[str], str]:
    """(a base against the tip, the tip's base and deals up to a reversed run on top of
    the waste, that run's text), found at run time from the deal."""
    game = Game("terrace", seed=seed)
    obs = game.observation()
    best = st.tip_base(obs)
    assert best is not None and best.move is not None
    worse = next(r.move for r in st.base_readings(obs) if r.burial > best.burial)
    assert worse is not None
    moves = [best.move]
    game.play(best.move)
    while game.is_legal("deal"):
        game.play("deal")
        moves.append("deal")
        runs = [r for r in st.reversed_runs(game.observation()) if r.pile == "waste"]
        if runs and runs[0].head_depth == 0:
            return worse, moves, runs[0].text
    raise AssertionError(f"terrace#{seed}: no reversed run shows in the waste")


def marks_in_dom(t) -> list[dict]:
    return t.root.evaluate(
        """root => [...root.querySelectorAll('.tw-pile[data-coach]')].map(el => ({
            pile: el.dataset.pile,
            classes: el.className,
            badge: el.querySelector('.tw-coach-badge')?.textContent ?? null,
            framed: [...el.querySelectorAll('.tw-card.tw-coach-card')]
                .map(c => Number(c.dataset.i)),
        }))"""
    )


def test_coach_marks_bases_speaks_on_a_move_against_a_tip_and_frames_a_run(
    open_lab, page, page_errors, screenshot
):
    worse, path, run_text = plan(SEED)
    t = open_lab("terrace.ipynb")
    t.check_matches_kernel()
    assert t.root.locator(".tw-coach").count() == 0  # off by default

    # 1. Coach on, a new deal: every candidate base is marked with what the reserve says
    seq = t.seq()
    t.kernel.run(f'w.coach = True\nw.new_game("terrace", seed={SEED})')
    t.settle(seq)
    coach = t.kernel.json("w.view['coach']")
    assert [m["tip"] for m in coach["marks"]] == ["base"] * len(coach["marks"]) != []
    shown = {m["pile"]: m for m in marks_in_dom(t)}
    for mark in coach["marks"]:
        assert f"tw-coach-{mark['tone']}" in shown[mark["pile"]]["classes"]
        assert shown[mark["pile"]]["badge"] == mark["label"]
    assert any(m["tone"] == "good" for m in coach["marks"])
    assert "read the reserve" in t.root.locator(".tw-coach").text_content()
    screenshot(t.root, "coach-lab-base.png")

    # 2. a base against the tip, dragged with the mouse: the Coach's sentence
    seq = t.seq()
    src, dst = worse.split("-")
    t.drag(src, dst)
    t.settle(seq)
    note = t.kernel.json("w.view['coach']['note']")
    assert note and "is buried deeper in the reserve than" in note, note
    page.wait_for_selector(".tw-root .tw-coach-note")
    assert t.root.locator(".tw-coach-note").text_content() == f"Coach: {note}"

    # 3. back, then the tip's base and deals up to a reversed run on top of the waste
    seq = t.seq()
    moves = ", ".join(repr(m) for m in path)
    t.kernel.run(f"w.undo()\nfor m in [{moves}]:\n    w.play(m)")
    state = t.check_matches_kernel(t.settle(seq))
    assert state["history"] == path
    waste = next(m for m in marks_in_dom(t) if m["pile"] == "waste")
    assert "tw-coach-run" in waste["classes"] and waste["badge"] == "reversed run"
    n = len(state["piles"]["waste"])
    assert waste["framed"][-1] == n - 1 and len(waste["framed"]) >= 2
    assert run_text in t.root.locator(".tw-coach").text_content()
    # a move along the tips is never blamed (it may be praised, or graded once valued)
    assert t.root.locator('.tw-coach-note[data-tone="warn"]').count() == 0
    page.mouse.move(0, 0)
    screenshot(t.root, "coach-lab-run.png")
    assert page_errors == []

"""The Coach in a real JupyterLab, switched on from the toolbar with the real mouse: a
short game is played by dragging, the move gets its grade and a word of praise, the game
finishes, and the review shows its curve and its sentences. Winnable? is off meanwhile
(learning mode)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

RANKS = "A23456789TJQK"
# Klondike, two clubs to go: Q♣ on t2, K♣ on t1. Dragging Q♣ up leaves K♣ to the finish.
SETUP = f"""
from terrace_widget import Game
piles = {{"f1": [r + "C" for r in "{RANKS[:11]}"], "f2": [r + "D" for r in "{RANKS}"],
         "f3": [r + "H" for r in "{RANKS}"], "f4": [r + "S" for r in "{RANKS}"],
         "t1": ["KC"], "t2": ["QC"]}}
w.load(Game.from_piles("klondike", piles, rest_to=None))
w.hint_mode = "classic"
"""


def test_coach_grades_praises_and_reviews_a_short_game(open_lab, page, page_errors, screenshot):
    t = open_lab("terrace.ipynb")
    seq = t.seq()
    t.kernel.run(SETUP)
    t.settle(seq)
    assert t.root.locator(".tw-coach").count() == 0

    # 1. the Coach from the toolbar (the real mouse): on, and Winnable? off
    seq = t.seq()
    t.button("Coach").click()
    t.settle(seq)
    assert t.kernel.json("w.coach") is True
    assert t.button("Coach").get_attribute("aria-pressed") == "true"
    assert t.button("Winnable?").is_disabled()
    assert t.kernel.json("w.view['learning']['off']") == ["winnable", "post_mortem", "share"]

    # 2. a move by dragging: its grade arrives from the background, with praise
    t.drag("t2", "f1")
    page.wait_for_selector('.tw-root .tw-coach-note[data-tone="praise"]', timeout=60_000)
    judgement = t.kernel.json("w.view['coach']['judgement']")
    assert judgement["move"] == "t2-f1" and judgement["tone"] == "praise"
    assert judgement["grade"]["label"] in ("best", "good")
    note = t.root.locator(".tw-coach-note").text_content()
    assert note == f"Coach: {judgement['text']}"
    assert "move" in note and "to win" in note  # "The best move here (100% to win)."

    # 3. the finish plays K♣ up: won, and the review comes with its curve
    page.wait_for_selector('.tw-root[data-status="won"], .tw-banner[data-kind="won"]',
                           timeout=30_000)  # fmt: skip
    page.wait_for_selector(".tw-root .tw-review-curve polyline", state="attached", timeout=60_000)
    review = t.kernel.json("w.view['coach']['review']")
    assert review["curve"][-1] == 1.0 and review["complete"]
    text = t.root.locator(".tw-review-text").text_content()
    assert "Game review" in text and review["sentences"][0] in text
    points = t.root.locator(".tw-review-curve polyline").get_attribute("points")
    assert len(points.split()) == len(review["curve"])
    page.mouse.move(0, 0)
    screenshot(t.root, "coach-review-lab.png")
    assert page_errors == []

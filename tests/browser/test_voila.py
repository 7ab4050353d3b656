"""The same widget served by Voila: rendered, played by mouse, refusals shown.

The DOM is compared with a local copy of the game played through the same moves (the
engine is deterministic) and with the game in Voila's kernel, reached through the
connection file of the kernel named in the page's websocket URL.
"""

from __future__ import annotations

import pytest

from terrace_widget import Game

from .conftest import Table, as_shown
from .servers import KernelHelper, kernel_id_from_ws

pytestmark = pytest.mark.browser


def test_voila_plays_and_refuses(page, voila, page_errors, local_state, screenshot):
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    voila.check_alive()
    page.goto(voila.voila_url("terrace.ipynb"))
    page.wait_for_selector(".tw-root[data-seq]", timeout=60_000)
    assert "w = play(" not in page.content()  # Voila strips the sources
    kernel_id = next(k for k in map(kernel_id_from_ws, sockets) if k)
    kernel = KernelHelper.for_kernel(voila, kernel_id)
    try:
        t = Table(page, kernel)
        game = Game("terrace", seed=12345)
        t.check_matches_kernel(local_state(game))
        t.check_matches_kernel()

        # choose the base card by dragging the first candidate onto a foundation
        base = next(str(m) for m in game.legal_moves() if str(m) != "deal")
        src, dst = base.split("-")
        seq = t.seq()
        t.drag(src, dst)
        state = t.check_matches_kernel(t.settle(seq))
        game.play(base)
        t.check_matches_kernel(local_state(game))
        assert state["history"] == [base]
        assert t.root.get_attribute("data-status") == "playing"

        # deal by clicking the stock
        seq = t.seq()
        t.click_pile("stock")
        state = t.check_matches_kernel(t.settle(seq))
        game.play("deal")
        t.check_matches_kernel(local_state(game))
        assert state["history"] == [base, "deal"]

        # an illegal drop is refused with the engine's reason; nothing moves
        target = next(
            p for p in game.pile_names if p.startswith("t") and not game.is_legal(f"reserve-{p}")
        )
        reason = game.explain(f"reserve-{target}")
        dom_before = t.dom()["piles"]
        seq = t.seq()
        t.drag("reserve", target)
        state = t.check_matches_kernel(t.settle(seq))
        assert state["history"] == [base, "deal"]
        assert state["message"] == {"kind": "refused", "text": reason}
        message = t.root.locator(".tw-message")
        assert message.text_content() == as_shown(reason)
        assert message.get_attribute("data-kind") == "refused"
        page.wait_for_timeout(400)  # the card slides back
        assert t.dom()["piles"] == dom_before
        t.check_matches_kernel(local_state(game))
    finally:
        kernel.close()

    screenshot(page, "terrace-voila.png")
    assert page_errors == []

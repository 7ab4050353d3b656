"""The widget in a real JupyterLab, played with the real mouse and keyboard in Chromium.

After every step the DOM (cards inside ``data-pile`` elements, ``data-seq``) is compared
with the game in the notebook's own kernel, read through a second kernel client.
The deals are fixed (``terrace#12345``, ``klondike#7``); the moves are chosen at run time
from what the kernel says is legal.
"""

from __future__ import annotations

import re

import pytest

from terrace_widget import Game, glyph, parse_card

from .conftest import as_shown

pytestmark = pytest.mark.browser

CARD_NAMES = {"A": "ace", "J": "jack", "Q": "queen", "K": "king", "T": "ten", "2": "two",
              "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven", "8": "eight",
              "9": "nine"}  # fmt: skip
SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def tableau(pile: str) -> bool:
    return pile.startswith("t")


def plan_terrace(game: Game) -> tuple[str, str, str]:
    """A base choice after which, once the stock has dealt, some tableau card can go to a
    foundation by double-click and then some tableau pile can build on another."""
    for base in game.legal_moves():
        if str(base) == "deal":
            continue
        g = game.copy()
        g.play(base)
        if not g.is_legal("deal"):
            continue
        g.play("deal")
        for pile in g.pile_names:
            h = g.copy()
            if not tableau(pile) or not h.to_foundation(pile):
                continue
            builds = [m for m in h.legal_moves() if tableau(m.source) and tableau(m.target)]
            if builds:
                return str(base), pile, str(builds[0])
    raise AssertionError("no base choice in this deal leads to every kind of move")


def cell_count(page) -> int:
    return page.evaluate("() => window.jupyterapp.shell.currentWidget.content.widgets.length")


def test_terrace_by_mouse_and_keyboard(open_lab, page, page_errors, screenshot):
    t = open_lab("terrace.ipynb")
    start = t.check_matches_kernel()
    assert start["status"] == "choosing-base" and start["history"] == []
    game = Game.from_dict(t.kernel.json("w.game.to_dict()"))
    assert game.deal_id == "terrace#12345"
    base, double_pile, build = plan_terrace(game)
    cells = cell_count(page)
    history: list[str] = []

    # 1. choose the base card: drag a tableau candidate onto a foundation
    seq = t.seq()
    src, dst = base.split("-")
    card = start["piles"][src][-1]
    t.drag(src, dst)
    state = t.check_matches_kernel(t.settle(seq))
    history.append(base)
    assert state["history"] == history
    assert state["status"] == "playing"
    assert state["piles"][dst] == [card]
    assert t.top(dst).get_attribute("data-card") == card

    # 2. deal by clicking the stock
    seq = t.seq()
    before = state
    t.click_pile("stock")
    state = t.check_matches_kernel(t.settle(seq))
    history.append("deal")
    assert state["history"] == history
    assert len(state["piles"]["stock"]) == len(before["piles"]["stock"]) - 1
    assert len(state["piles"]["waste"]) == len(before["piles"]["waste"]) + 1
    assert t.top("waste").get_attribute("data-card") == state["piles"]["waste"][-1]

    # 3. double-click a tableau card: it goes to a foundation
    seq = t.seq()
    card = state["piles"][double_pile][-1]
    t.dblclick_pile(double_pile)
    state = t.check_matches_kernel(t.settle(seq))
    played = state["history"][len(history) :]
    assert len(played) == 1 and played[0].startswith(f"{double_pile}-f"), played
    history += played
    home = played[0].split("-")[1]
    assert state["piles"][home][-1] == card
    assert t.top(home).get_attribute("data-card") == card

    # 4. a tableau build, by dragging
    assert build in state["legal"], (build, state["legal"])
    src, dst = build.split("-")
    card = state["piles"][src][-1]
    seq = t.seq()
    t.drag(src, dst)
    state = t.check_matches_kernel(t.settle(seq))
    history.append(build)
    assert state["history"] == history
    assert state["piles"][dst][-1] == card
    assert t.top(dst).get_attribute("data-card") == card

    # 5. click-to-move: click a card, then the pile it goes to
    moves = [m for m in state["legal"] if m != "deal" and "x" not in m]
    click_move = next((m for m in moves if m.split("-")[0] != "reserve"), moves[0])
    src, dst = click_move.split("-")
    card = state["piles"][src][-1]
    seq = t.seq()
    t.click_pile(src)
    assert "tw-held" in (t.top(src).get_attribute("class") or "")
    assert "tw-target" in (t.pile(dst).get_attribute("class") or "")
    t.click_pile(dst)
    state = t.check_matches_kernel(t.settle(seq))
    history.append(click_move)
    assert state["history"] == history
    assert state["piles"][dst][-1] == card

    # 6. an illegal drop (the reserve's top card onto a tableau pile) is refused
    target = next(p for p in state["piles"] if tableau(p) and f"reserve-{p}" not in state["legal"])
    reason = t.kernel.json(f"w.game.explain('reserve-{target}')")
    assert reason
    before = state
    dom_before = t.dom()["piles"]
    seq = t.seq()
    t.drag("reserve", target)
    state = t.check_matches_kernel(t.settle(seq))
    assert state["history"] == history
    assert state["piles"] == before["piles"]
    assert state["message"] == {"kind": "refused", "text": reason}
    message = t.root.locator(".tw-message")
    assert message.text_content() == as_shown(reason)
    assert message.get_attribute("data-kind") == "refused"
    page.wait_for_timeout(400)  # the card slides back
    assert t.dom()["piles"] == dom_before

    # 7. undo with the toolbar button
    seq = t.seq()
    t.button("Undo").click()
    state = t.check_matches_kernel(t.settle(seq))
    history.pop()
    assert state["history"] == history

    # 8. keyboard: D deals, U undoes (JupyterLab's own shortcuts stay out of the way)
    t.pile("t1").focus()
    seq = t.seq()
    page.keyboard.press("d")
    state = t.check_matches_kernel(t.settle(seq))
    assert state["history"] == [*history, "deal"]
    seq = t.seq()
    page.keyboard.press("u")
    state = t.check_matches_kernel(t.settle(seq))
    assert state["history"] == history
    assert cell_count(page) == cells

    page.evaluate("() => document.activeElement?.blur()")  # no focus ring in the picture
    page.mouse.move(0, 0)
    screenshot(t.root, "terrace-lab.png", doc=True)
    screenshot(page, "terrace-lab-page.png")
    assert page_errors == []


def card_name(code: str) -> str:
    rank = CARD_NAMES.get(code[0], code[0])
    return f"{rank} of {SUITS[code[1]]}"


def test_klondike_and_hidden_cards(open_lab, page, page_errors, screenshot):
    t = open_lab("klondike.ipynb")
    state = t.check_matches_kernel()
    assert state["status"] == "playing"
    history: list[str] = []

    def hidden_never_shown(state) -> None:
        hidden = {c[1:] for cards in state["piles"].values() for c in cards if c.startswith("#")}
        shown = {c for cards in state["view_piles"].values() for c in cards if c != "#"}
        assert hidden and not hidden & shown  # one deck: every code is unique
        # the page's own stylesheets quote licences ("AS IS"): look at everything else
        html = re.sub(r"<(style|script)\b.*?</\1>", "", page.content(), flags=re.S)
        widget = t.root.evaluate("(el) => el.outerHTML")
        text = page.evaluate("() => document.body.innerText").lower()
        for code in hidden:
            assert f'data-card="{code}"' not in html, code
            assert not re.search(rf"\b{code}\b", html), code
            assert not re.search(rf"\b{code}\b", widget), code
            assert card_name(code) not in widget.lower() and card_name(code) not in text, code

    hidden_never_shown(state)

    # deal from the stock
    seq = t.seq()
    t.click_pile("stock")
    state = t.check_matches_kernel(t.settle(seq))
    history.append("deal")
    assert state["history"] == history
    assert len(state["piles"]["waste"]) == 1

    # a tableau move by drag (the card underneath turns face up)
    builds = [m for m in state["legal"] if all(tableau(p) for p in m.split("-"))]
    assert builds, state["legal"]
    move = builds[0]
    src, dst = move.split("-")
    count = int(dst.split("x")[1]) if "x" in dst else 1
    dst = dst.split("x")[0]
    moving = state["piles"][src][-count:]
    seq = t.seq()
    t.drag(src, dst, count)
    state = t.check_matches_kernel(t.settle(seq))
    history.append(move)
    assert state["history"] == history
    assert state["piles"][dst][-count:] == moving
    if state["piles"][src]:
        assert not state["piles"][src][-1].startswith("#")  # turned over
        assert t.top(src).get_attribute("data-card") == state["piles"][src][-1]

    # double-click sends a card to a foundation
    pile = next(
        p for p in state["piles"]
        if tableau(p) or p == "waste"
        if any(m.startswith(f"{p}-f") for m in state["legal"])
    )  # fmt: skip
    card = state["piles"][pile][-1]
    seq = t.seq()
    t.dblclick_pile(pile)
    state = t.check_matches_kernel(t.settle(seq))
    played = state["history"][len(history) :]
    assert played and played[0].startswith(f"{pile}-f"), played
    home = played[0].split("-")[1]
    assert card in state["piles"][home]
    assert t.pile(home).locator(f'[data-card="{card}"]').count() == 1

    hidden_never_shown(state)
    screenshot(t.root, "klondike-lab.png")
    assert page_errors == []


def test_solver_hint_and_winnable_indicator(open_lab, page, page_errors, screenshot):
    """The Hint button shows the solver's explained move; the toggle shows the verdict."""
    t = open_lab("klondike.ipynb")
    t.check_matches_kernel()
    # a deal the solver wins in a few dozen nodes, so no budget is ever tight
    seq = t.seq()
    t.kernel.run('w.new_game("klondike-three-card", seed=3)')
    state = t.check_matches_kernel(t.settle(seq))
    assert state["history"] == []

    # 1. Hint: the solver's move and why, the piles lit up
    seq = t.seq()
    t.button("Hint").click()
    t.wait_seq_after(seq)
    page.wait_for_function(
        "() => document.querySelector('.tw-root .tw-message')?.dataset.kind === 'hint'",
        timeout=60_000,
    )
    state = t.settle(t.seq() - 1)
    hint = t.kernel.json("w.view['hint']")
    assert hint["by"] == "solver" and hint["move"] in state["legal"], hint
    src, dst = hint["move"].split("-")
    card = state["piles"][src][-1]
    assert hint["message"].startswith(f"Move {glyph(parse_card(card))} "), hint
    assert t.root.locator(".tw-message").text_content() == hint["message"]
    for pile in hint["cards"]:
        assert "tw-hint" in (t.pile(pile).get_attribute("class") or ""), pile

    # 2. the indicator: off, then on with the kernel's verdict
    badge = t.root.locator(".tw-verdict")
    assert badge.is_hidden()
    toggle = t.button("Winnable?")
    assert toggle.get_attribute("aria-pressed") == "false"
    seq = t.seq()
    toggle.click()
    t.wait_seq_after(seq)
    page.wait_for_selector('.tw-root .tw-verdict[data-verdict="winnable"]', timeout=60_000)
    assert badge.text_content() == "winnable \u2713"
    assert toggle.get_attribute("aria-pressed") == "true"
    assert t.kernel.json("w.view['winnable']") == "winnable"

    # 3. after the hinted move the verdict is checked again (and still a win)
    seq = t.seq()
    t.drag(src, dst)
    t.wait_seq_after(seq)
    page.wait_for_function(
        "([n]) => Number(document.querySelector('.tw-root')?.dataset.seq) > n"
        " && document.querySelector('.tw-root .tw-verdict')?.dataset.verdict === 'winnable'",
        arg=[seq + 1],
        timeout=60_000,
    )
    state = t.check_matches_kernel(t.settle(t.seq() - 1))
    assert state["history"] == [hint["move"]]
    page.mouse.move(0, 0)
    screenshot(t.root, "klondike-lab-advice.png")
    assert page_errors == []


FITS = """(root) => {
  const box = root.closest('.widget-box').getBoundingClientRect();
  const out = [];
  for (const el of root.querySelectorAll('.tw-felt [data-pile], .tw-felt .tw-card, .tw-felt')) {
    const r = el.getBoundingClientRect();
    if (r.left < box.left - 1 || r.right > box.right + 1) out.push(el.getAttribute('class'));
  }
  return { box: box.width, root: root.getBoundingClientRect().width, outside: out };
}"""


def test_a_360px_box_holds_the_whole_table(open_lab, page, page_errors, screenshot):
    """Issue 23: the table is sized by its own element, not by the output area."""
    t = open_lab("boxed.ipynb")
    root = page.locator(".tw-root").first
    page.wait_for_function(
        "() => document.querySelector('.tw-root').getBoundingClientRect().width <= 362",
        timeout=15_000,
    )
    fit = root.evaluate(FITS)
    assert 355 <= fit["box"] <= 362, fit
    assert fit["root"] <= fit["box"] + 1 and fit["outside"] == [], fit
    assert t.check_matches_kernel()["status"] == "choosing-base"
    screenshot(root, "boxed-360.png")
    assert page_errors == []


def test_d_d_after_a_click_on_the_felt_deals_twice_and_deletes_no_cell(open_lab, page, page_errors):
    """Issue 27 item 6: a click on the felt outside every pile keeps the focus in the table,
    so its keys never reach JupyterLab's command mode (`d d` deletes a cell there)."""
    t = open_lab("klondike.ipynb")
    cells = cell_count(page)
    felt = page.locator(".tw-felt").first.bounding_box()
    assert felt is not None
    page.mouse.click(felt["x"] + felt["width"] - 3, felt["y"] + 6)  # the margin: no pile
    assert page.evaluate("() => !!document.activeElement.closest('.tw-root')")
    seq = t.seq()
    page.keyboard.press("d")
    seq = t.wait_seq_after(seq)
    page.keyboard.press("d")
    t.settle(seq)
    assert t.kernel.json("[str(m) for m in w.game.history]") == ["deal", "deal"]
    assert cell_count(page) == cells
    assert page_errors == []

"""What players expect (issue 27): a Klondike deal won in the browser shows in the
Statistics panel and a new kernel reads it, a corrupt statistics file is survived and kept;
Watch plays, stops on a click and undoes; the four-colour deck; an axe-core audit.

Real Chromium against a real JupyterLab; the kernel's game is read through a second client.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from terrace_widget import Game
from terrace_widget.game.statistics import Statistics
from terrace_widget.search.solver import solve

from .conftest import REPO, Table, save_screenshot

AXE_JS = Path(os.environ.get("TERRACE_AXE_JS") or REPO / "js/node_modules/axe-core/axe.min.js")
"""axe-core (js/package.json's devDependency; ``npm ci`` in js/ installs it)."""
DOC_PICTURE = REPO / "docs" / "players-table.png"
"""The README's picture of these features (written when missing, or to update it)."""


def stats_file() -> Path:
    """The statistics file of the servers' kernels (the root conftest.py names it)."""
    return Path(os.environ["TERRACE_WIDGET_STATISTICS"])


def figure(t: Table, name: str) -> str:
    return t.root.locator(f'.tw-statpanel [data-figure="{name}"] b').text_content() or ""


def test_a_won_deal_shows_in_the_panel_a_new_kernel_reads_it_a_corrupt_file_is_kept(
    open_lab, page, page_errors
):
    path = stats_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    for old in path.parent.glob(path.name + ".corrupt-*"):
        old.unlink()
    garbage = '{"schema": 1, "games": {"klondike": [broken'
    path.write_text(garbage, encoding="utf-8")
    t = open_lab("klondike.ipynb")  # klondike#7, proven winnable
    assert t.kernel is not None
    # The table read the file, set the corrupt one aside (kept as it was) and goes on.
    kept = list(path.parent.glob(path.name + ".corrupt-*"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == garbage
    page.wait_for_selector(".tw-statpanel:not([hidden])")
    assert figure(t, "played") == "0"

    line = [str(m) for m in solve(Game("klondike", seed=7)).moves]
    t.kernel.run(f"for _m in {line[:-1]!r}: w.play(_m)")
    last = line[-1]
    source, target = last.split("-")
    seq = t.seq()
    t.drag(source, target)  # the winning move, with the real mouse
    t.wait_seq_after(seq)
    page.wait_for_selector('.tw-root[data-status="won"]', timeout=30_000)
    page.wait_for_function(
        "() => document.querySelector('.tw-statpanel [data-figure=\"won\"] b')"
        "?.textContent === '1'",
        timeout=15_000,
    )
    assert figure(t, "played") == "1" and figure(t, "percent") == "100%"
    assert figure(t, "fewest_moves") == str(len(line))
    save_screenshot(t.root, "statistics-won.png")

    # A new kernel (a new process, the same user) reads it.
    code = "import json, terrace_widget; print(json.dumps(terrace_widget.statistics('klondike')))"
    from jupyter_client.manager import start_new_kernel

    manager, client = start_new_kernel(kernel_name="python3", env=dict(os.environ))
    try:
        lines: list[str] = []
        client.execute_interactive(
            code,
            output_hook=lambda m: (
                lines.append(m["content"].get("text", ""))
                if m["header"]["msg_type"] == "stream"
                else None
            ),
            timeout=60,
        )
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)
    read = json.loads("".join(lines))
    assert read["won"] == 1 and read["played"] == 1 and read["clean"] == 1
    assert Statistics(path).read("klondike")["won"] == 1
    assert page_errors == []


def test_watch_plays_stops_on_a_click_and_undoes(open_lab, page, page_errors):
    t = open_lab("klondike.ipynb")
    assert t.kernel is not None
    t.kernel.run("from terrace_widget.table import watch as _w; _w.SPEEDS['fast'] = 0.25")
    t.root.locator(".tw-settings summary").click()
    t.root.locator("select.tw-speed").select_option("fast")
    t.root.locator(".tw-settings summary").click()
    t.root.locator("button.tw-watch").click()
    page.wait_for_selector('.tw-root button.tw-watch[aria-pressed="true"]', timeout=15_000)
    page.wait_for_function(
        "() => Number(document.querySelector('.tw-root')?.dataset.seq) > 0 &&"
        " (document.querySelector('.tw-announce')?.textContent ?? '').includes('It ')",
        timeout=30_000,
    )
    for _ in range(100):
        played = t.kernel.json("len(w.game.history)")
        if played >= 3:
            break
        page.wait_for_timeout(100)
    assert played >= 3
    t.root.locator(".tw-felt").click(position={"x": 5, "y": 5})  # any click hands it back
    page.wait_for_selector('.tw-root button.tw-watch[aria-pressed="false"]', timeout=15_000)
    assert t.kernel.json("w.session.watching") is False
    stopped_at = t.kernel.json("len(w.game.history)")
    page.wait_for_timeout(800)
    assert t.kernel.json("len(w.game.history)") == stopped_at  # no move after the click
    seq = t.seq()
    t.button("Undo").click()
    t.wait_seq_after(seq)
    state = t.settle(seq)
    assert len(state["history"]) < stopped_at  # Watch's moves undo like any other
    assert page_errors == []


def test_four_colour_deck_from_the_settings(open_lab, page, page_errors):
    t = open_lab("klondike.ipynb")
    colours = """(root) => {
      const of = (suit) => [...root.querySelectorAll(`.tw-face[data-card$="${suit}"]`)]
        .map((c) => getComputedStyle(c).color);
      return {C: of('C'), D: of('D'), H: of('H'), S: of('S')};
    }"""
    t.kernel.run("w.new_game(seed=7)")  # type: ignore[union-attr]
    t.kernel.run("for _m in ['deal'] * 8: w.play(_m)")  # type: ignore[union-attr]
    page.wait_for_timeout(500)
    before = t.root.evaluate(colours)
    t.root.locator(".tw-settings summary").click()
    seq = t.seq()
    t.root.locator("select.tw-palette").select_option("four-colour")
    t.wait_seq_after(seq)
    page.wait_for_selector(".tw-root.tw-four-colour")
    after = t.root.evaluate(colours)
    assert t.kernel.json("w.view['deck']['palette']") == "four-colour"  # type: ignore[union-attr]
    shown = {suit: set(v) for suit, v in after.items() if v}
    assert shown.get("C") == {"rgb(19, 121, 47)"}, after  # clubs green
    assert shown.get("D") == {"rgb(22, 69, 184)"}, after  # diamonds blue
    assert "H" not in shown or shown["H"] == set(before["H"])  # hearts stay red
    assert "S" not in shown or shown["S"] == set(before["S"])  # spades stay black
    assert len({c for v in shown.values() for c in v}) == len(shown)  # four suits, four inks
    save_screenshot(t.root, "four-colour.png")
    # The README's picture: a winnable deal, four colours, the statistics, the deal's line.
    t.root.locator(".tw-settings summary").click()  # closed
    seq = t.seq()
    t.kernel.run("w.new_game(winnable=True); [w.play('deal') for _ in range(5)]")  # type: ignore[union-attr]
    t.wait_seq_after(seq)
    page.wait_for_function(
        "() => (document.querySelector('.tw-deal')?.textContent ?? '').includes('sees every card')"
    )
    page.wait_for_timeout(600)
    shot = save_screenshot(t.root, "players-table.png")
    if os.environ.get("TERRACE_UPDATE_SCREENSHOTS") == "1" or not DOC_PICTURE.exists():
        shutil.copyfile(shot, DOC_PICTURE)
    assert page_errors == []


@pytest.mark.parametrize("deck", ["classic", "four-colour high-contrast large"])
def test_axe_finds_no_serious_or_critical_violation(open_lab, page, page_errors, deck):
    if not AXE_JS.is_file():
        if os.environ.get("TERRACE_REQUIRE_BROWSER") == "1":
            pytest.fail(f"TERRACE_REQUIRE_BROWSER is set but axe-core is missing: {AXE_JS}")
        pytest.skip(f"axe-core is not installed ({AXE_JS}): npm ci in js/")
    t = open_lab("klondike.ipynb")
    if deck != "classic":
        t.kernel.run(  # type: ignore[union-attr]
            "from terrace_widget.table.deck import Deck;"
            " w.session.deck = Deck('four-colour', True, True); w.session.refresh()"
        )
        page.wait_for_selector(".tw-root.tw-high-contrast.tw-large-print")
    t.kernel.run("w.play('deal'); w.show_hint()")  # type: ignore[union-attr]
    page.wait_for_timeout(500)
    page.add_script_tag(path=str(AXE_JS))
    result = page.evaluate(
        "async () => { const r = await axe.run(document.querySelector('.tw-root'));"
        " return r.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,"
        " nodes: v.nodes.slice(0, 3).map((n) => n.html.slice(0, 160))})); }"
    )
    bad = [v for v in result if v["impact"] in ("serious", "critical")]
    assert bad == [], json.dumps(bad, indent=1)
    assert page_errors == []

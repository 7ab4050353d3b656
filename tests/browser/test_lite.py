"""The JupyterLite site, offline, in a real Chromium: nothing but 127.0.0.1 answers.

The site is built from this checkout (``tools/build_lite.py``), served by
``python -m http.server`` and opened with every other request aborted and recorded. The
front page leads to the Play app, which deals with no key press and shows no code; a
reload brings the game back with its Undo; on a phone the table takes the width. The Play
notebook is run with one Shift+Enter and played with the mouse; the table is checked
after every action against a local engine that replays the same moves. The rules and
scripting notebooks run all their cells, with no error, and print what they print on
CPython; lesson 03 runs its live Coach tables and keeps its saved figures; a lessons' drill
judges mouse moves in the browser kernel (✗, Try again, hints, ✓). The wheel in the site is
the checkout's code.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from terrace_widget import Game
from terrace_widget.table.widget import BROWSER_NOTE

from .conftest import ARTIFACTS, VIEWPORT, Table, engine_state
from .lite_site import (
    CODE_CELL,
    KERNEL_BOOT_TIMEOUT,
    REPO,
    StaticServer,
    add_cell,
    build_module,
    build_site,
    cell_outputs,
    offline_context,
    open_notebook,
    run_all,
    run_cell,
    show_collapsed_cells,
    static_server,
    wait_until_run,
)
from .test_lab import plan_terrace

pytestmark = [pytest.mark.browser, pytest.mark.slow]
build_lite = build_module()


@pytest.fixture(scope="module")
def lite_site(browser_requirements, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once for this module (tools and downloads cached in build/lite/)."""
    if shutil.which("npm") is None:
        if os.environ.get("TERRACE_REQUIRE_BROWSER") == "1":
            pytest.fail("TERRACE_REQUIRE_BROWSER is set but npm (Node.js) is missing")
        pytest.skip("npm is missing: the site's Pyodide comes from npm")
    folder = tmp_path_factory.mktemp("lite")
    site = folder / "_site"
    build_site(site, folder / "build.log")
    return site


@pytest.fixture(scope="module")
def lite_server(lite_site: Path) -> Iterator[StaticServer]:
    with static_server(lite_site) as server:
        yield server


@pytest.fixture
def lite_page(chromium, lite_server: StaticServer, request: pytest.FixtureRequest):
    """A page that reaches only the site's server; yields (page, offline log, page errors)."""
    context, offline = offline_context(chromium, lite_server, viewport=VIEWPORT)
    page = context.new_page()
    page.set_default_timeout(30_000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page, offline, errors
    report = getattr(request.node, "_browser_report", None)
    if report is not None and report.failed:
        ARTIFACTS.mkdir(exist_ok=True)
        name = "".join(c if c.isalnum() else "-" for c in request.node.name)
        page.screenshot(path=str(ARTIFACTS / f"failed-{name}.png"))
    context.close()


DRIVE_PROBE = re.compile(r"/api/contents/(.+/)?all\.json$")
"""JupyterLite's drive asks the static host for a listing of each folder the kernel makes
(the Play app's save folder); a static host answers 404, which JupyterLite expects."""


def assert_offline(offline) -> None:
    assert offline.blocked == [], f"requests outside the site: {offline.blocked[:10]}"
    failed = [(status, url) for status, url in offline.failed if not DRIVE_PROBE.search(url)]
    assert failed == [], f"failed responses: {failed[:10]}"


# ---------------------------------------------------------------- the wheel
def test_site_wheel_is_the_checkout(lite_site: Path) -> None:
    info = json.loads((lite_site / build_lite.BUILD_INFO).read_text())
    wheel = lite_site / "pypi" / info["wheel"]
    content = wheel.read_bytes()
    assert hashlib.sha256(content).hexdigest() == info["wheel_sha256"]
    in_wheel = build_lite.wheel_package_files(wheel)
    here = build_lite.package_files()
    assert sorted(in_wheel) == sorted(here)
    assert [name for name in here if in_wheel[name] != here[name]] == []
    assert info["package_sha256"] == build_lite.source_hash(here)
    assert "terrace_widget/table/static/widget.js" in in_wheel  # the bundled front end too
    # the copy Pyodide preloads is the same file, and both indexes name its checksum
    assert (lite_site / "static" / "pyodide" / wheel.name).read_bytes() == content
    lock = json.loads((lite_site / "static" / "pyodide" / "pyodide-lock.json").read_text())
    assert lock["packages"]["terrace-widget"]["sha256"] == info["wheel_sha256"]
    index = json.loads((lite_site / "pypi" / "all.json").read_text())
    (release,) = index["terrace-widget"]["releases"].values()
    assert release[0]["digests"]["sha256"] == info["wheel_sha256"]
    # and nothing in the site points at a CDN for Pyodide
    config = json.loads((lite_site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert kernel["disablePyPIFallback"] is True


def test_source_hash_sees_a_change(tmp_path: Path) -> None:
    """The recorded hash changes with any byte of the package (so a stale wheel shows)."""
    package = tmp_path / "terrace_widget"
    shutil.copytree(REPO / "terrace_widget", package, ignore=shutil.ignore_patterns("__pycache__"))
    before = build_lite.source_hash(build_lite.package_files(package))
    assert before == build_lite.source_hash(build_lite.package_files())
    game = package / "game" / "game.py"
    game.write_text(game.read_text() + "\n# changed\n")
    assert build_lite.source_hash(build_lite.package_files(package)) != before


# ---------------------------------------------------------------- 01 Play
def last_output(page: Any) -> str:
    page.wait_for_function(
        f"""() => {{
          const cells = document.querySelectorAll('{CODE_CELL}');
          const last = cells[cells.length - 1];
          return /\\[\\d+\\]/.test(last.querySelector('.jp-InputPrompt').textContent)
            && last.querySelector('.jp-OutputArea-output');
        }}""",
        timeout=60_000,
    )
    return page.locator(CODE_CELL).last.locator(".jp-OutputArea-output").inner_text()


SET_DEAL = 'import json\nw.new_game("terrace", seed=12345)\nprint(json.dumps(w.game.to_dict()))'


def test_play_offline(lite_page, lite_server: StaticServer, screenshot) -> None:
    page, offline, errors = lite_page
    open_notebook(page, lite_server, "01-play.ipynb")
    assert "/lab/" in page.url and page.title().startswith("01-play.ipynb")
    sources = page.locator(f"{CODE_CELL} .cm-content").all_inner_texts()
    assert not any("pip" in s for s in sources), "an install cell"
    page.locator(".jp-MarkdownCell", has_text="In the browser.").first.wait_for()

    # one Shift+Enter on the first cell: the kernel starts and the table appears
    run_cell(page, 0)
    page.wait_for_selector(".tw-root[data-seq]", timeout=KERNEL_BOOT_TIMEOUT)
    t = Table(page)
    first = t.dom()
    assert first["status"] == "choosing-base"
    assert len(first["piles"]["reserve"]) == 11
    assert [len(first["piles"][f"t{i}"]) for i in range(1, 10)] == [1, 1, 1, 1, 0, 0, 0, 0, 0]

    # a known deal from Python in the same kernel, and its full state for a local referee
    seq = t.seq()
    add_cell(page, SET_DEAL)
    game = Game.from_dict(json.loads(last_output(page)))
    assert game.deal_id == "terrace#12345"
    t.settle(seq)
    t.check_matches_kernel(engine_state(game))
    base, double_pile, build = plan_terrace(game)

    def after(action, local) -> None:
        seq = t.seq()
        action()
        local()
        t.settle(seq)
        t.check_matches_kernel(engine_state(game))

    # 1. drag a candidate onto a foundation: the base card
    after(lambda: t.drag(*base.split("-")), lambda: game.play(base))
    assert game.status == "playing"
    # 2. click the stock
    after(lambda: t.click_pile("stock"), lambda: game.play("deal"))
    # 3. double-click: a card to a foundation
    after(lambda: t.dblclick_pile(double_pile), lambda: game.to_foundation(double_pile))
    # 4. drag a tableau build
    after(lambda: t.drag(*build.split("-")), lambda: game.play(build))
    # 5. click-to-move: click a card, then its target
    moves = [str(m) for m in game.legal_moves() if str(m) != "deal" and m.size == 1]
    click = next((m for m in moves if not m.startswith("reserve")), moves[0])
    src, dst = click.split("-")

    def click_then_target() -> None:
        t.click_pile(src)
        t.click_pile(dst)

    after(click_then_target, lambda: game.play(click))
    # 6. undo from the toolbar
    after(lambda: t.button("Undo").click(), game.undo)
    assert len(game.history) == 4

    # the Hint searches in the kernel's worker: the page keeps drawing frames meanwhile
    page.evaluate(
        """() => { window.__gaps = []; let last = performance.now();
          const tick = (now) => { window.__gaps.push(now - last); last = now;
                                  if (window.__gaps.length < 100000) requestAnimationFrame(tick); };
          requestAnimationFrame(tick); }"""
    )
    t.button("Hint").click()
    message = t.root.locator(".tw-message")
    page.wait_for_function(
        "([note]) => document.querySelector('.tw-root .tw-message')?.textContent.includes(note)",
        arg=[BROWSER_NOTE], timeout=30_000,
    )  # fmt: skip
    assert message.get_attribute("data-kind") == "hint"
    longest = page.evaluate("() => Math.max(...window.__gaps.slice(1))")
    assert longest < 1000, f"the page froze for {longest:.0f} ms during a Hint"

    page.mouse.move(0, 0)
    screenshot(t.root, "lite-play.png")
    assert errors == []
    assert_offline(offline)


# ---------------------------------------------------------------- 02 and 06
def checked_outputs(notebook: Path) -> dict[int, str]:
    """Code cell index to the text the notebook's ``NBVAL_CHECK_OUTPUT`` cells printed (a
    tag in the browser copy; cells the browser cannot run are Markdown there)."""
    cells = [c for c in json.loads(notebook.read_text())["cells"] if c["cell_type"] == "code"]
    checked = {}
    for i, cell in enumerate(cells):
        if "nbval-check-output" in cell["metadata"].get("tags", []):
            streams = [o for o in cell["outputs"] if o["output_type"] == "stream"]
            checked[i] = "".join("".join(o["text"]) for o in streams)
    return checked


def same_text(shown: str, saved: str) -> bool:
    def lines(text: str) -> list[str]:
        return [line.rstrip() for line in text.strip().splitlines()]

    return lines(shown) == lines(saved)


@pytest.mark.parametrize("notebook", ["02-rules-tutorial.ipynb", "06-scripting-and-agents.ipynb"])
def test_notebook_runs_offline(lite_page, lite_server: StaticServer, notebook: str) -> None:
    page, offline, errors = lite_page
    open_notebook(page, lite_server, notebook)
    run_all(page)
    wait_until_run(page, timeout=KERNEL_BOOT_TIMEOUT + 120_000)
    show_collapsed_cells(page)
    cells = cell_outputs(page)
    unrun = [i for i, cell in enumerate(cells) if not re.search(r"\[\d+\]", cell["prompt"])]
    problems = [
        (i, o["text"][:300])
        for i, cell in enumerate(cells)
        for o in cell["outputs"]
        if "error" in o["mime"] or "Traceback" in o["text"] or "stderr" in o["mime"]
    ]
    assert problems == []
    assert unrun == []
    assert page.locator(".jp-OutputArea-output[data-mime-type*=error]").count() == 0
    checked = checked_outputs(lite_server.site / "files" / notebook)
    assert checked, notebook
    for i, saved in checked.items():
        shown = "\n".join(o["text"] for o in cells[i]["outputs"])
        assert same_text(shown, saved), (notebook, i, shown[:500], saved[:500])
    assert errors == []
    assert_offline(offline)


def test_saved_results_notebook_opens_with_its_figures(lite_page, lite_server) -> None:
    """05 needs matplotlib and a process pool: it shows its code and saved figures, and
    has no code cell whose run could erase them."""
    page, offline, errors = lite_page
    page.goto(lite_server.lab_url("05-analyses.ipynb"))
    page.locator(".jp-MarkdownCell", has_text="shows its saved results").first.wait_for()
    saved = json.loads((lite_server.site / "files" / "05-analyses.ipynb").read_text())
    figures = sum(c["source"].count("data:image/png") for c in saved["cells"])
    assert figures >= 1
    page.wait_for_function(
        f"() => [...document.querySelectorAll('.jp-MarkdownOutput img')]"
        f".filter(i => i.complete && i.naturalWidth > 0).length >= {figures}",
        timeout=30_000,
    )
    assert page.locator(CODE_CELL).count() == 0
    assert errors == []
    assert_offline(offline)


# ---------------------------------------------------------------- 03: the lesson, live
def test_lesson_03_runs_its_coach_tables_and_keeps_its_figures(lite_page, lite_server) -> None:
    page, offline, errors = lite_page
    page.goto(lite_server.lab_url("03-terrace-strategy.ipynb"))
    page.wait_for_selector(CODE_CELL, timeout=60_000)
    site_copy = json.loads((lite_server.site / "files" / "03-terrace-strategy.ipynb").read_text())
    tables = [c for c in site_copy["cells"] if c["cell_type"] == "code"
              and "coach=True" in "".join(c["source"])]  # fmt: skip
    saved_images = sum(c["source"].count("<img") for c in site_copy["cells"])
    assert len(tables) >= 4 and saved_images >= 1
    # before running: the saved tables show as pictures, not as an object's repr
    assert page.locator(".jp-OutputArea-output", has_text="object at 0x").count() == 0
    assert page.locator(".jp-RenderedSVG svg, .jp-OutputArea-output img").count() >= len(tables)

    run_all(page)
    wait_until_run(page, timeout=KERNEL_BOOT_TIMEOUT + 180_000)
    show_collapsed_cells(page)
    cells = cell_outputs(page)
    assert [i for i, c in enumerate(cells) if not re.search(r"\[\d+\]", c["prompt"])] == []
    problems = [(i, o["text"][:300]) for i, c in enumerate(cells) for o in c["outputs"]
                if "error" in o["mime"] or "Traceback" in o["text"]]  # fmt: skip
    assert problems == []
    # a live table per tip, with the Coach's marks, and the saved figures still there
    live = page.locator(".tw-root[data-seq]")
    assert live.count() >= len(tables)
    assert page.locator(".tw-root .tw-pile[data-coach]").count() >= 1
    shown = page.evaluate(
        "() => [...document.querySelectorAll('.jp-MarkdownOutput img')]"
        ".filter(i => i.complete && i.naturalWidth > 0).length"
    )
    assert shown >= saved_images
    assert errors == []
    assert_offline(offline)


# ---------------------------------------------------------------- the front page and the app
CONTROLS = ".tw-root :is(button, select, summary, [role=button], [role=switch])"


def wait_for_table(page: Any) -> Table:
    page.wait_for_selector(".tw-root[data-seq]", timeout=KERNEL_BOOT_TIMEOUT)
    page.wait_for_selector("#tw-loading", state="hidden", timeout=10_000)
    return Table(page)


def test_front_page_play_and_a_reload_keeps_the_game(chromium, lite_server: StaticServer) -> None:
    context, offline = offline_context(
        chromium, lite_server, viewport={"width": 1280, "height": 800}
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(f"{lite_server.origin}/")
        assert page.title().startswith("Terrace")
        picture = page.locator("header img")
        page.wait_for_function("(img) => img.complete && img.naturalWidth > 0",
                               arg=picture.element_handle())  # fmt: skip
        icon = context.request.get(f"{lite_server.origin}/favicon.ico")
        assert icon.status == 200 and icon.body()[:4] == b"\x00\x00\x01\x00"
        svg = page.evaluate("async () => (await fetch('favicon.svg')).status")
        assert svg == 200 and page.locator('link[rel="icon"]').count() == 1
        manifest = page.evaluate("async () => (await fetch('manifest.webmanifest')).json()")
        assert manifest["short_name"] == "Terrace"
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "lite-front.png"), full_page=True)

        page.get_by_role("link", name="Play Klondike").click()  # no key press from here on
        t = wait_for_table(page)
        assert page.url.endswith("/play/?game=klondike")  # the address stays shareable
        # no code anywhere, and the table is above the fold
        assert page.locator(".cm-content:visible, .jp-InputArea:visible").count() == 0
        box = t.root.bounding_box()
        assert box is not None and box["y"] < 200 and box["width"] > 1000
        assert t.dom()["status"] == "playing"
        seq = t.seq()
        t.click_pile("stock")  # a deal
        t.wait_seq_after(seq)
        page.wait_for_function(
            "() => document.querySelectorAll('.tw-root [data-pile=waste] .tw-card').length > 0"
        )
        before = t.dom()
        assert before["piles"]["waste"]

        page.wait_for_timeout(1000)  # the kernel saves after each change
        page.reload()
        t = wait_for_table(page)
        after = t.dom()
        assert after["piles"] == before["piles"]  # the same deal, the same position
        seq = t.seq()
        t.button("Undo").click()  # and Undo still knows the history
        t.wait_seq_after(seq)
        page.wait_for_function(
            "() => document.querySelectorAll('.tw-root [data-pile=waste] .tw-card').length == 0"
        )
        # The statistics are kept on JupyterLite's /drive too (Pyodide's fcntl has no flock:
        # they are written unlocked): a game left after a move counts, a reload reads it.
        played = '.tw-statpanel [data-figure="played"] b'
        assert page.locator(played).text_content() == "0"
        seq = t.seq()
        t.click_pile("stock")  # a move in this kernel: the game counts
        t.wait_seq_after(seq)
        seq = t.seq()
        t.button("New deal").click()  # clear of the hidden output prompt's overlay
        t.wait_seq_after(seq)
        counted = f"() => document.querySelector('{played}')?.textContent === '1'"
        page.wait_for_function(counted, timeout=15_000)
        page.wait_for_timeout(1000)  # JupyterLite's drive stores the file
        page.reload()
        wait_for_table(page)
        page.wait_for_function(counted, timeout=15_000)
        assert errors == []
        assert_offline(offline)
    finally:
        context.close()


def test_play_app_on_a_phone(chromium, lite_server: StaticServer) -> None:
    width, height = 390, 844
    context, offline = offline_context(
        chromium, lite_server, viewport={"width": width, "height": height},
        is_mobile=True, has_touch=True,
    )  # fmt: skip
    page = context.new_page()
    try:
        # the front page fits the phone, and its Play links are big enough to tap
        page.goto(f"{lite_server.origin}/")
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
        for link in page.locator("a.play").all():
            box = link.bounding_box()
            assert box is not None and box["height"] >= 40 and box["width"] >= width / 2
        page.goto(f"{lite_server.origin}/play/?game=klondike&seed=7")
        loading = page.locator("#tw-loading")
        loading.wait_for(state="visible")
        assert "Python" in loading.inner_text() or "Loading" in loading.inner_text()
        t = wait_for_table(page)
        box = t.root.bounding_box()
        assert box is not None
        assert box["width"] >= width - 30 and box["x"] >= 0  # the table takes the width
        assert box["y"] < height / 4  # and starts near the top
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
        small = page.evaluate(
            f"""() => [...document.querySelectorAll('{CONTROLS}')]
              .filter(e => e.offsetParent)
              .map(e => [e.textContent.trim().slice(0, 20), e.getBoundingClientRect()])
              .filter(([, r]) => r.width < 40 || r.height < 40)
              .map(([name, r]) => [name, Math.round(r.width), Math.round(r.height)])"""
        )
        assert small == [], f"touch targets under 40 px: {small}"
        seq = t.seq()
        t.top("stock").tap()
        t.wait_seq_after(seq)
        page.wait_for_function(
            "() => document.querySelectorAll('.tw-root [data-pile=waste] .tw-card').length > 0"
        )
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / "lite-play-390.png"
        page.screenshot(path=str(path), animations="disabled")
        from PIL import Image

        with Image.open(path) as image:
            assert image.size[0] == width
            rgb = image.convert("RGB").tobytes()
            felt = sum(
                1
                for i in range(0, len(rgb), 3)
                if rgb[i + 1] > rgb[i] + 40 and rgb[i + 1] > rgb[i + 2] + 20
            )
            assert felt > 0.25 * image.size[0] * image.size[1]  # mostly the table's felt
        assert_offline(offline)
    finally:
        context.close()


# ---------------------------------------------------------------- a drill, live
DRILL_STAGE = "klondike-reorder"


def test_a_drill_judges_mouse_moves_in_the_browser_kernel(
    lite_page, lite_server: StaticServer, screenshot
) -> None:
    """The lessons' drill on JupyterLite: a wrong move made with the mouse gets ✗, Try
    again puts the position back, the hint ladder names the move, the right move gets ✓
    (the moves are worked out here, from the stage's saved values, as in the Lab test)."""
    from terrace_widget.lessons import drills

    from .test_drill_lab import has_wrong_move, play_with_mouse, wrong_move

    page, offline, errors = lite_page
    stage = drills.stage(DRILL_STAGE)
    first = next(k for k, p in enumerate(stage.positions) if has_wrong_move(p))
    position = stage.positions[first]
    wrong, best = wrong_move(position), position.best

    open_notebook(page, lite_server, "01-play.ipynb")
    add_cell(
        page,
        f"from terrace_widget.lessons import drill\nd = drill({DRILL_STAGE!r}, learner='lite')\n"
        f"d.trainer.go({first})\nd",
    )
    page.wait_for_selector(".tw-root[data-seq]", timeout=KERNEL_BOOT_TIMEOUT)
    page.locator(".tw-drill-status").wait_for()
    t = Table(page)
    game = position.game()
    t.check_matches_kernel(engine_state(game))  # the position, as a local engine has it
    verdict = page.locator(".tw-drill-verdict")
    message = t.root.locator(".tw-message")

    # ✗: a move the fair value grades clearly worse, made with the mouse
    seq = t.seq()
    play_with_mouse(t, wrong)
    t.settle(seq)
    verdict.filter(has_text="✗").wait_for(timeout=15_000)
    assert (message.text_content() or "").startswith("✗")
    game.play(wrong)
    t.check_matches_kernel(engine_state(game))

    # Try again puts the position back
    seq = t.seq()
    page.get_by_role("button", name="Try again").click()
    t.settle(seq)
    page.wait_for_function(
        "() => !document.querySelector('.tw-drill-verdict')?.textContent.includes('✗')"
    )
    t.check_matches_kernel(engine_state(position.game()))

    # the hint ladder, up to the move itself
    for _rung in range(3):
        seq = t.seq()
        page.locator(".widget-button", has_text="Drill hint").click()
        t.settle(seq)
    assert f"play {best}" in (message.text_content() or "")

    # ✓: the best move, made with the mouse; the stars (none: a miss and three hints)
    seq = t.seq()
    play_with_mouse(t, best)
    t.settle(seq)
    verdict.filter(has_text="✓").wait_for(timeout=15_000)
    assert (message.text_content() or "").startswith("✓")
    assert "☆☆☆" in (message.text_content() or "")
    status = page.locator(".tw-drill-status")
    status.filter(has_text="Solved 1 of").wait_for(timeout=15_000)
    assert "stars 0 of" in (status.text_content() or "")
    screenshot(page.locator(".jp-OutputArea").last, "lite-drill.png")
    errors_shown = page.locator(".jp-OutputArea-output[data-mime-type*=error]").count()
    assert errors_shown == 0
    assert errors == []
    assert_offline(offline)


# ---------------------------------------------------------------- the table's languages
LOCALES = ("el", "uk", "ru", "ca")
SHORT = {"el": {"β1", "σ5"}, "uk": {"о1", "с5"}, "ru": {"о1", "с5"}, "ca": {"b1", "t5"}}
"""An empty foundation's and tableau pile's short labels in each language."""


def test_four_tables_speak_their_languages_in_the_browser_kernel(
    lite_page, lite_server: StaticServer, screenshot
) -> None:
    """``play('terrace', seed=5, locale=L)`` for each language, four tables in one notebook
    of one page: a move refused with the mouse (the base card is not chosen yet) is
    refused in the table's language, and no English word of the table's vocabulary is
    left on it (text, titles, labels read by screen readers), as in the Lab test."""
    from .test_i18n_lab import EXPECTED, WORDS, english_words

    page, offline, errors = lite_page
    open_notebook(page, lite_server, "01-play.ipynb")
    add_cell(
        page,
        "from IPython.display import display\nfrom terrace_widget import play\n"
        f"tables = [play('terrace', seed=5, locale=lang) for lang in {LOCALES!r}]\n"
        "for table in tables:\n    display(table)\n",
    )
    roots = page.locator(".tw-root[data-seq]")
    page.wait_for_function(
        "() => document.querySelectorAll('.tw-root[data-seq]').length === 4",
        timeout=KERNEL_BOOT_TIMEOUT,
    )
    assert [roots.nth(i).get_attribute("lang") for i in range(4)] == list(LOCALES)
    for i, lang in enumerate(LOCALES):
        t = Table(page)
        t.root = roots.nth(i)
        t.drag("t1", "t2")
        message = t.root.locator(".tw-message")
        message.filter(has_text=EXPECTED[lang]).wait_for(timeout=30_000)
        assert message.get_attribute("data-kind") == "refused"
        words = t.root.evaluate(WORDS)
        assert english_words(words) == [], (lang, english_words(words), words[:2000])
        slots = t.root.locator(".tw-slot-name").all_inner_texts()
        assert SHORT[lang] <= set(slots) and "f1" not in slots, slots  # short labels too
        screenshot(t.root, f"lite-table-{lang}.png")
    assert errors == []
    assert_offline(offline)

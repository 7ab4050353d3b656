"""The JupyterLite pieces that need no browser: the notebooks' browser copies, the lock
of the self-hosted Pyodide and the widget's thread-free mode (``sys.platform ==
"emscripten"``). The site itself is built and played in ``tests/browser/test_lite.py``."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import threading
from pathlib import Path
from typing import Any

import pytest

from terrace_widget.search import advice
from terrace_widget.table import session as session_module
from terrace_widget.table.widget import BROWSER_NOTE, BROWSER_SECONDS, THINKING, TerraceWidget

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"
_spec = importlib.util.spec_from_file_location("build_lite", REPO / "tools" / "build_lite.py")
assert _spec is not None and _spec.loader is not None
build_lite = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build_lite)


def notebook(name: str) -> dict[str, Any]:
    return json.loads((NOTEBOOKS / name).read_text())


def code_cells(nb: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for c in nb["cells"] if c["cell_type"] == "code"]


def saved_cells(nb: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for c in nb["cells"] if build_lite.LITE_SAVED_TAG in c["metadata"].get("tags", [])]


def test_browser_copies_use_the_pyodide_kernel_and_say_where_they_run() -> None:
    for name, mode in build_lite.NOTEBOOKS.items():
        source = notebook(name)
        copy = build_lite.lite_notebook(source, mode)
        assert copy["metadata"]["kernelspec"]["name"] == "python", name
        note = build_lite.RUN_NOTE if mode == "run" else build_lite.SAVED_NOTE
        assert [c["source"] for c in copy["cells"]].count(note) == 1, name
        # every code cell is kept, as code or with its saved output; no install cell
        kept, saved = code_cells(copy), saved_cells(copy)
        assert len(kept) + len(saved) == len(code_cells(source)), name
        assert not any("pip" in "".join(c["source"]) for c in kept), name
        # no test marker is shown: they are tags
        assert not any("NBVAL" in "".join(c["source"]) for c in copy["cells"]), name
    assert source != copy  # the original is not changed in place
    assert notebook(name)["metadata"]["kernelspec"]["name"] == "python3"


def test_lessons_run_but_for_cells_that_need_what_the_browser_lacks() -> None:
    for name in ("03-terrace-strategy.ipynb", "04-klondike-strategy.ipynb"):
        source = notebook(name)
        copy = build_lite.lite_notebook(source, build_lite.NOTEBOOKS[name])
        kept, saved = code_cells(copy), saved_cells(copy)
        assert len(kept) > 2 * len(saved), name  # most cells run
        # every live Coach table stays a code cell
        tables = [c for c in code_cells(source) if "coach=True" in "".join(c["source"])]
        assert tables and all(
            any("".join(t["source"]).endswith("".join(k["source"])[-40:]) for k in kept)
            for t in tables
        ), name
        # a cell kept for its saved output shows the code and why, and its figure
        for cell in saved:
            assert "Not run in the browser" in cell["source"] and "```python" in cell["source"]
        figures = sum(
            "image/png" in o.get("data", {}) for c in code_cells(source) for o in c["outputs"]
        )
        shown = sum(c["source"].count("data:image/png;base64,") for c in saved)
        assert shown == figures >= 1, name


def test_a_saved_cell_keeps_every_kind_of_output() -> None:
    cell = {
        "cell_type": "code", "metadata": {"tags": ["nbval-ignore-output"]}, "execution_count": 3,
        "source": "from terrace_widget.studies import plots\nplots.bar(rows)\n",
        "outputs": [
            {"output_type": "stream", "name": "stdout", "text": ["12 deals\n"]},
            {"output_type": "display_data", "metadata": {},
             "data": {"image/png": "iVBORw0KGgo=\n", "text/plain": "<Figure>"}},
            {"output_type": "execute_result", "metadata": {}, "execution_count": 3,
             "data": {"image/svg+xml": "<svg/>", "text/plain": "<svg>"}},
            {"output_type": "display_data", "metadata": {},
             "data": {"text/html": "<table><tr><td>1</td></tr></table>", "text/plain": "t"}},
            {"output_type": "error", "ename": "E", "evalue": "", "traceback": []},
        ],
    }  # fmt: skip
    assert build_lite.browser_reasons(cell) == ["matplotlib (a figure)"]
    saved = build_lite.saved_cell(cell, build_lite.browser_reasons(cell))
    assert saved["cell_type"] == "markdown"
    assert saved["metadata"]["tags"] == [build_lite.LITE_SAVED_TAG]
    text = saved["source"]
    assert "matplotlib (a figure)" in text and "plots.bar(rows)" in text
    assert "```\n12 deals\n```" in text
    assert 'src="data:image/png;base64,iVBORw0KGgo="' in text
    assert "data:image/svg+xml;base64,PHN2Zy8+" in text  # base64 of <svg/>
    assert "<table><tr><td>1</td></tr></table>" in text


def test_a_cell_that_reads_what_an_unrun_cell_made_keeps_its_output_too() -> None:
    def code(source: str) -> dict[str, Any]:
        return {"cell_type": "code", "metadata": {}, "source": source, "outputs": [],
                "execution_count": None}  # fmt: skip

    nb = {
        "metadata": {"kernelspec": {"name": "python3"}},
        "cells": [
            code("seeds = [1, 2]"),
            code('records = load("data/x.jsonl")\nseeds = [3]'),
            code("print(len(records))"),  # needs the unrun cell's records
            code("print(seeds)"),  # seeds was made by a cell that runs
            code("records = [1]\nprint([r for r in records])"),  # makes its own
        ],
    }
    copy = build_lite.lite_notebook(nb, "run")
    kinds = [c["cell_type"] for c in copy["cells"][1:]]  # after the note
    assert kinds == ["code", "markdown", "markdown", "code", "code"]
    assert "`records`, made by a cell not run here" in copy["cells"][3]["source"]


def test_tags_overrule_the_guess() -> None:
    data = {"cell_type": "code", "metadata": {}, "source": 'load("data/x.jsonl")', "outputs": []}
    assert build_lite.browser_reasons(data) == ["the data files of notebooks/data"]
    data["metadata"] = {"tags": [build_lite.LITE_RUN_TAG]}
    assert build_lite.browser_reasons(data) == []
    plain = {"cell_type": "code", "metadata": {"tags": [build_lite.LITE_SAVED_TAG]},
             "source": "x = 1", "outputs": []}  # fmt: skip
    assert build_lite.browser_reasons(plain) == ["a full Python"]


def test_markers_become_tags_and_saved_widgets_show_their_picture() -> None:
    view = {"application/vnd.jupyter.widget-view+json": {"model_id": "abc"},
            "image/svg+xml": "<svg/>", "text/plain": "<TerraceWidget>"}  # fmt: skip
    cell = {
        "cell_type": "code", "metadata": {}, "execution_count": 1,
        "source": "# NBVAL_IGNORE_OUTPUT\nw = play()\nw",
        "outputs": [{"output_type": "execute_result", "metadata": {}, "execution_count": 1,
                     "data": dict(view)}],
    }  # fmt: skip
    nb = {"metadata": {"kernelspec": {"name": "python3"}}, "cells": [cell]}
    copy = build_lite.lite_notebook(nb, "run")
    (code,) = code_cells(copy)
    assert code["source"] == "w = play()\nw"
    assert code["metadata"]["tags"] == ["nbval-ignore-output"]
    assert set(code["outputs"][0]["data"]) == {"image/svg+xml", "text/plain"}
    assert code["metadata"]["trusted"] is True  # else JupyterLab shows the SVG as its repr
    # with the widget's state saved in the notebook, the widget itself is kept
    state = {"application/vnd.jupyter.widget-state+json": {"state": {"abc": {}}}}
    nb["metadata"]["widgets"] = state
    (code,) = code_cells(build_lite.lite_notebook(nb, "run"))
    assert set(code["outputs"][0]["data"]) == set(view)


def test_missing_modules_are_found_in_imports_only() -> None:
    source = "import numpy as np\nfrom matplotlib import pyplot\n%matplotlib inline\nimport numpy"
    assert build_lite.missing_modules(source) == ["numpy", "matplotlib"]
    assert build_lite.missing_modules("import numpyish\n# import numpy\nx = 'import pandas'") == []
    assert build_lite.missing_modules("from terrace_widget.agents.env import tournament") == []


def test_lock_closure_follows_dependencies_and_stops() -> None:
    lock = {
        "ipython": {"depends": ["traitlets", "Pygments"]},
        "traitlets": {"depends": []},
        "pygments": {"depends": []},
        "jedi": {"depends": ["parso"]},
        "parso": {"depends": []},
        "numpy": {"depends": []},
    }
    assert build_lite.closure(lock, ["IPython", "jedi"]) == [
        "ipython", "jedi", "parso", "pygments", "traitlets",
    ]  # fmt: skip
    with pytest.raises(KeyError):
        build_lite.closure(lock, ["matplotlib"])  # not in the lock: a clear stop


def test_pinned_requirements_are_exact() -> None:
    for name in ("requirements.txt", "kernel-requirements.txt"):
        for line in build_lite.pinned(build_lite.LITE / name):
            assert "==" in line, (name, line)


# ---------------------------------------------------------------- the widget without threads
def test_in_the_browser_advice_runs_on_the_event_loop_shorter_and_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(session_module, "BROWSER", True)
    asked: list[float | None] = []
    real_advise = advice.advise

    def advise(game, seconds=1.0, **kwargs):
        asked.append(seconds)
        assert threading.current_thread() is threading.main_thread()
        return real_advise(game, seconds, **kwargs)

    monkeypatch.setattr(advice, "advise", advise)

    async def scenario() -> None:
        w = TerraceWidget("klondike-three-card", seed=3, hint_seconds=5.0)
        w._on_custom_msg(w, {"kind": "hint", "id": 1, "seq": w.view["seq"]}, [])
        # the "thinking" update goes out first; the search runs once the loop is free
        assert w.view["hint"] is None and w.view["message"]["text"] == THINKING
        await asyncio.sleep(0)
        for _ in range(200):
            if w.view["hint"]:
                break
            await asyncio.sleep(0.01)
        hint = w.view["hint"]
        assert hint["message"].startswith(f"({BROWSER_NOTE}) ")
        assert hint["move"] in w.view["legal_moves"]
        assert asked == [BROWSER_SECONDS]
        assert w.session._worker is None  # no thread was started
        # a stale search is not run at all: the table changes before the loop gets to it
        asked.clear()
        w._on_custom_msg(w, {"kind": "hint", "id": 2, "seq": w.view["seq"]}, [])
        w.play(hint["move"])
        await asyncio.sleep(0.05)
        assert asked == [] and w.view["hint"] is None

    asyncio.run(scenario())


def test_outside_the_browser_budgets_are_unchanged() -> None:
    assert session_module.BROWSER is False
    assert session_module._budget(5.0) == 5.0


def test_binder_links_come_from_one_setting() -> None:
    link = build_lite.binder_link("someone/terrace_widget", "01-play.ipynb")
    assert link == (
        "https://mybinder.org/v2/gh/someone/terrace_widget/HEAD"
        "?urlpath=lab/tree/notebooks/01-play.ipynb"
    )
    copy = build_lite.lite_notebook(
        notebook("01-play.ipynb"), "run", name="01-play.ipynb", repository="someone/terrace_widget"
    )
    assert f"[01-play.ipynb]({link})" in copy["cells"][1]["source"]
    plain = build_lite.lite_notebook(notebook("01-play.ipynb"), "run")
    assert "mybinder" not in json.dumps(plain)
    for bad in ("", "someone", "a/b/c", "a b/c", "x/y)](javascript:alert(1)"):
        with pytest.raises(ValueError, match="owner/name"):
            build_lite.binder_link(bad, "01-play.ipynb")


def test_every_wheel_of_the_site_is_pinned_with_its_checksum(tmp_path: Path) -> None:
    kernel = build_lite.LITE / "kernel-requirements.txt"
    for source in (kernel, build_lite.PYODIDE_WHEELS):
        specs, hashes = build_lite.pinned(source), build_lite.pinned_hashes(source)
        assert specs and len(hashes) == len(specs), source
    assert "anywidget==0.11.0" in build_lite.pinned(kernel)
    # a file that is not the pinned one stops the build, and so does an unpinned one
    wheel = tmp_path / "anywidget-0.11.0-py3-none-any.whl"
    wheel.write_bytes(b"not the wheel")
    hashes = build_lite.pinned_hashes(kernel)
    with pytest.raises(SystemExit, match="does not match its checksum"):
        build_lite.check_pinned(wheel, "anywidget==0.11.0", hashes, kernel)
    with pytest.raises(SystemExit, match="has no checksum"):
        build_lite.check_pinned(wheel, "anywidget==0.12.0", hashes, kernel)
    good = build_lite.sha256(wheel)
    build_lite.check_pinned(wheel, "AnyWidget==0.11.0", {"anywidget==0.11.0": good}, kernel)


def test_pyodide_is_the_release_without_the_crash() -> None:
    """pyodide#6464 (memory access out of bounds mid-game) is fixed after 314.0.6."""
    package = json.loads((build_lite.LITE / "package.json").read_text())
    lock = json.loads((build_lite.LITE / "package-lock.json").read_text())
    assert package["dependencies"]["pyodide"] == "314.0.8"
    assert lock["packages"]["node_modules/pyodide"]["version"] == "314.0.8"
    assert lock["packages"]["node_modules/pyodide"]["integrity"].startswith("sha512-")


def test_front_page_keeps_the_config_and_links_every_game() -> None:
    index = (
        '<html><head><script id="jupyter-config-data" type="application/json" '
        'data-jupyter-lite-root=".">{}</script><script type="module">'
        "await import('./config-utils.js');</script></head></html>"
    )
    games = {"terrace": ("Terrace", "terrace"), "wood": ("Wood", "terrace"),
             "klondike": ("Klondike", "klondike")}  # fmt: skip
    page = build_lite.pages.front_page(index, games, repository="someone/terrace_widget")
    assert 'id="jupyter-config-data"' in page and "config-utils" not in page  # no redirect
    assert "<title>Terrace" in page and 'rel="manifest"' in page and 'rel="icon"' in page
    assert 'class="play" href="play/?game=terrace"' in page
    assert 'class="play" href="play/?game=klondike"' in page
    assert 'href="play/?game=wood"' in page
    for name, _, _ in (*build_lite.pages.LESSONS, *build_lite.pages.ANALYSES):
        assert f'href="lab/index.html?path={name}"' in page
        assert name in build_lite.NOTEBOOKS
    assert "https://github.com/someone/terrace_widget" in page
    with pytest.raises(ValueError, match="jupyter-config-data"):
        build_lite.pages.front_page("<html></html>", games)


def test_play_page_hides_the_code_and_passes_the_address_quoted() -> None:
    repl = "<html><head><title>REPLite</title></head><body><div></div></body></html>"
    page = build_lite.pages.play_page(repl)
    assert "<title>Play Terrace</title>" in page
    assert "hideCodeInput" in page and "encodeURIComponent(location.search)" in page
    assert 'id="tw-loading"' in page and 'aria-live="polite"' in page
    assert page.index("hideCodeInput") < page.index("</head>") < page.index("tw-loading-step")
    with pytest.raises(ValueError, match="REPL page"):
        build_lite.pages.play_page("<html></html>")


def test_icons_are_real_images() -> None:
    png = build_lite.pages.icon_png(32)
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and b"IEND" in png[-12:]
    ico = build_lite.pages.favicon_ico()
    assert ico[:6] == b"\x00\x00\x01\x00\x01\x00" and ico.endswith(png)
    manifest = build_lite.pages.manifest()
    assert manifest["name"].startswith("Terrace") and manifest["short_name"] == "Terrace"
    assert {i["sizes"] for i in manifest["icons"]} >= {"192x192", "512x512"}

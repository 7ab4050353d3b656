"""The JupyterLite pieces that need no browser: the notebooks' browser copies, the lock
of the self-hosted Pyodide and the widget's thread-free mode (``sys.platform ==
"emscripten"``). The site itself is built and played in ``tests/browser/test_lite.py``."""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import io
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


def test_browser_copies_use_the_pyodide_kernel_and_say_where_they_run() -> None:
    for name, mode in build_lite.NOTEBOOKS.items():
        source = notebook(name)
        copy = build_lite.lite_notebook(source, mode)
        assert copy["metadata"]["kernelspec"]["name"] == "python", name
        note = build_lite.RUN_NOTE if mode == "run" else build_lite.SAVED_NOTE
        assert [c["source"] for c in copy["cells"]].count(note) == 1, name
        # no code is lost and no install cell appears; outputs stay as saved
        kept = code_cells(copy)
        assert len(kept) == len(code_cells(source)), name
        assert not any("pip" in "".join(c["source"]) for c in kept), name
        assert [c["outputs"] for c in kept] == [c["outputs"] for c in code_cells(source)]
    assert source != copy  # the original is not changed in place
    assert notebook(name)["metadata"]["kernelspec"]["name"] == "python3"


def test_only_cells_the_browser_cannot_run_are_guarded() -> None:
    source = notebook("06-scripting-and-agents.ipynb")
    copy = build_lite.lite_notebook(source, "run")
    guarded = [
        i for i, c in enumerate(code_cells(copy)) if 'sys.platform == "emscripten"' in c["source"]
    ]
    needs = [
        i
        for i, c in enumerate(code_cells(source))
        if build_lite.missing_modules("".join(c["source"]))
    ]
    assert guarded == needs and guarded  # the chart (matplotlib), the Gymnasium cell
    assert all(code_cells(copy)[i]["outputs"] for i in guarded)  # their saved outputs
    notes = [c["source"] for c in copy["cells"] if "does not have offline" in c["source"]]
    assert len(notes) == len(guarded)
    first = code_cells(build_lite.lite_notebook(notebook("01-play.ipynb"), "run"))[0]
    assert "".join(first["source"]) == "".join(code_cells(notebook("01-play.ipynb"))[0]["source"])
    saved = build_lite.lite_notebook(notebook("05-analyses.ipynb"), "saved")
    assert all('sys.platform == "emscripten"' in c["source"] for c in code_cells(saved))


@pytest.mark.parametrize("platform", ["emscripten", "linux"])
def test_a_guarded_cell_prints_a_note_in_the_browser_and_runs_elsewhere(
    platform: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = "# NBVAL_IGNORE_OUTPUT\n%matplotlib inline\nvalue = 6 * 7\nprint('ran', value)\n"
    cell = build_lite.guarded(source)
    assert cell.startswith("# NBVAL_IGNORE_OUTPUT\n")
    assert "# %matplotlib inline" in cell  # magics would not run inside the if
    monkeypatch.setattr("sys.platform", platform)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(cell, "<cell>", "exec"), {})
    if platform == "emscripten":
        assert out.getvalue().startswith("Not run in the browser")
    else:
        assert out.getvalue() == "ran 42\n"


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

"""The JupyterLite site, measured: size, time to the first table, click latency, engine speed.

    python -m benchmarks lite                 # builds _site/ first, ~4 min in all
    python -m benchmarks lite --no-build --cold-runs 5 --json lite.json

* **size**: the built site (``tools/build_lite.py``), in MB, by part.
* **first table, cold**: a fresh browser context (empty cache) opens the site's address,
  which opens the Play notebook; its first cell is run (Shift+Enter) as soon as it shows;
  the clock stops when the table is drawn (``.tw-root[data-seq]``). ``--cold-runs`` runs.
* **stock click → DOM**: Terrace ``terrace#12345`` with its base chosen, then the stock and
  Undo clicked alternately; ``performance.now()`` from the click's ``pointerup`` to the
  widget's new ``data-seq`` (``python -m benchmarks latency``'s in-page measure), in the Lite
  site and in JupyterLab (a local server, :mod:`benchmarks.servers`) in the same run.
* **engine**: ``python -m benchmarks playout`` (random playouts, moves/s) on CPython and on the
  site's own Pyodide under Node.js, same seeds and settings.

Every page runs with requests outside 127.0.0.1 aborted (and counted).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks import latency
from benchmarks.lite_site import (
    CODE_CELL,
    KERNEL_BOOT_TIMEOUT,
    REPO,
    add_cell,
    build_module,
    offline_context,
    open_notebook,
    run_cell,
    static_server,
)
from benchmarks.servers import lab_server, launch_args

build_lite = build_module()
VIEWPORT = {"width": 1400, "height": 1300}

PYODIDE_PLAYOUT = """
const [pyodideDir, repo, out, ...args] = process.argv.slice(2);
const { loadPyodide } = await import(pyodideDir + "/pyodide.mjs");
const py = await loadPyodide({ indexURL: pyodideDir + "/",
  stdout: (s) => console.log(s), stderr: (s) => console.error(s) });
for (const [path, root] of [["/repo", repo], ["/out", out]]) {
  py.FS.mkdirTree(path);
  py.FS.mount(py.FS.filesystems.NODEFS, { root }, path);
}
py.globals.set("ARGS", py.toPy(args));
await py.runPythonAsync(`
import runpy, sys
sys.path.insert(0, "/repo")  # in Pyodide: the mounted checkout is the repository root
sys.argv = ["playout", *ARGS]
try:
    runpy.run_module("benchmarks.playout", run_name="__main__")
except SystemExit as exit:
    if exit.code:
        raise
`);
"""


# ---------------------------------------------------------------- size
def site_size(site: Path) -> dict[str, float]:
    parts: dict[str, float] = {}
    for path in site.rglob("*"):
        if path.is_file():
            rel = path.relative_to(site).parts
            part = "/".join(rel[:2]) if rel[0] == "static" else rel[0] if len(rel) > 1 else "."
            parts[part] = parts.get(part, 0.0) + path.stat().st_size / 1e6
    parts = dict(sorted(parts.items(), key=lambda kv: -kv[1]))
    return {"total": round(sum(parts.values()), 1), **{k: round(v, 2) for k, v in parts.items()}}


# ---------------------------------------------------------------- the first table
def cold_open(browser, server) -> dict[str, float]:
    context, offline = offline_context(browser, server, viewport=VIEWPORT)
    page = context.new_page()
    try:
        t0 = time.perf_counter()
        open_notebook(page, server, "01-play.ipynb")
        cells = time.perf_counter() - t0
        run_cell(page, 0)
        page.wait_for_selector(".tw-root[data-seq]", timeout=KERNEL_BOOT_TIMEOUT)
        table = time.perf_counter() - t0
        return {"notebook_s": round(cells, 2), "table_s": round(table, 2),
                "blocked": len(offline.blocked)}  # fmt: skip
    finally:
        context.close()


# ---------------------------------------------------------------- stock click latency
def choose_base_and_click(page, clicks: int, warmup: int) -> dict[str, Any]:
    """Drag t1 onto f1 (the base), then stock and Undo alternately; in-page milliseconds."""
    root = page.locator(".tw-root")
    before = latency.seq_of(page)
    x0, y0 = latency.center(root.locator('[data-pile="t1"] .tw-card.tw-top'))
    x1, y1 = latency.center(root.locator('[data-pile="f1"]'))
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x1, y1, steps=10)
    page.mouse.up()
    page.wait_for_function(
        "n => Number(document.querySelector('.tw-root').dataset.seq) > n", arg=before
    )
    assert root.get_attribute("data-status") == "playing", "the base choice failed"
    stock = root.locator('[data-pile="stock"]')
    undo = root.locator(".tw-tools").get_by_role("button", name="Undo", exact=True)
    page.evaluate(latency.INSTRUMENT)
    for i in range(warmup + 2 * clicks):
        if i == warmup:
            page.evaluate("() => { window.__lat.dom.length = 0; }")
        x, y = latency.center(stock if (i - warmup) % 2 == 0 else undo)
        before = latency.seq_of(page)
        page.mouse.click(x, y)
        page.wait_for_function(
            "n => Number(document.querySelector('[data-seq]').dataset.seq) > n",
            arg=before, polling="raf",
        )  # fmt: skip
        page.wait_for_timeout(60)  # the follow-up update (game-over check) lands
    dom = page.evaluate("() => window.__lat.dom")
    return {"stock": latency.summary(dom[0::2]), "undo": latency.summary(dom[1::2])}


def lite_clicks(browser, server, clicks: int, warmup: int) -> dict[str, Any]:
    context, offline = offline_context(browser, server, viewport=VIEWPORT)
    page = context.new_page()
    try:
        open_notebook(page, server, "01-play.ipynb")
        run_cell(page, 0)
        page.wait_for_selector(".tw-root[data-seq]", timeout=KERNEL_BOOT_TIMEOUT)
        before = latency.seq_of(page)
        add_cell(page, 'w.new_game("terrace", seed=12345)')
        page.wait_for_function(
            "n => Number(document.querySelector('.tw-root').dataset.seq) > n", arg=before
        )
        page.locator(CODE_CELL).first.scroll_into_view_if_needed()
        result = choose_base_and_click(page, clicks, warmup)
        result["blocked"] = len(offline.blocked)
        return result
    finally:
        context.close()


def lab_clicks(browser, clicks: int, warmup: int) -> dict[str, Any]:
    with lab_server() as lab:
        page = browser.new_page(viewport=VIEWPORT)
        try:
            page.goto(lab.lab_url("terrace.ipynb"))
            page.wait_for_function(latency.KERNEL_IDLE, timeout=90_000)
            page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
            page.wait_for_selector(".tw-root[data-seq]", timeout=90_000)
            page.wait_for_timeout(300)
            return choose_base_and_click(page, clicks, warmup)
        finally:
            page.close()


# ---------------------------------------------------------------- engine speed
def playout(command: list[str], args: list[str], out: Path, out_arg: str) -> dict[str, Any]:
    """Run playout.py; its JSON goes to ``out_arg`` (as the interpreter sees ``out``)."""
    subprocess.run([*command, *args, "--json", f"{out_arg}/playout.json"], check=True,
                   stdout=subprocess.DEVNULL, cwd=REPO)  # fmt: skip
    return json.loads((out / "playout.json").read_text())


def rates(data: dict[str, Any]) -> dict[str, float]:
    """Moves/s of our engine per variant, from playout.py's JSON."""
    return {
        r["variant"]: round(r["moves_per_second"])
        for r in data["results"]
        if r["engine"] == "terrace_widget"
    }


def engine_speed(site: Path, seconds: float) -> dict[str, Any]:
    node = shutil.which("node")
    args = ["--seconds", str(seconds), "--games", "terrace", "klondike", "--no-soliterm",
            "--no-pin"]  # fmt: skip
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        cpython = rates(playout([sys.executable, "-m", "benchmarks.playout"], args, out, tmp))
        if node is None:
            return {"cpython": cpython, "pyodide": None, "note": "node not found"}
        script = out / "playout.mjs"
        script.write_text(PYODIDE_PLAYOUT)
        pyodide_dir = site / "static" / "pyodide"
        command = [node, str(script), str(pyodide_dir), str(REPO), str(out)]
        pyodide = rates(playout(command, args, out, "/out"))  # the NODEFS mount of ``out``
    return {"cpython": cpython, "pyodide": pyodide}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, default=REPO / "_site")
    parser.add_argument("--no-build", action="store_true", help="measure the site as it is")
    parser.add_argument("--cold-runs", type=int, default=3)
    parser.add_argument("--clicks", type=int, default=20, help="stock clicks (and as many undos)")
    parser.add_argument("--warmup", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=2.0, help="playout seconds per game")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    if args.no_build and not (args.site / "index.html").is_file():
        parser.error(f"no JupyterLite site in {args.site}: build it first (leave out --no-build)")
    if min(args.cold_runs, args.clicks) < 1:
        parser.error("--cold-runs and --clicks must be at least 1")

    from playwright.sync_api import sync_playwright

    report: dict[str, Any] = {
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count(),
                    "load_average_1min": round(os.getloadavg()[0], 1)},
    }  # fmt: skip
    if not args.no_build:
        t0 = time.perf_counter()
        build_lite.build(args.site.resolve(), build_lite.DEFAULT_CACHE)
        report["build_seconds"] = round(time.perf_counter() - t0, 1)
    report["size_mb"] = site_size(args.site)
    print(f"site: {report['size_mb']['total']} MB  {report['size_mb']}", flush=True)

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**launch_args())
        try:
            with static_server(args.site) as server:
                runs = [cold_open(browser, server) for _ in range(args.cold_runs)]
                report["cold_open"] = runs
                tables = [r["table_s"] for r in runs]
                print(f"first table, cold: median {statistics.median(tables):.1f} s "
                      f"(runs {tables}; notebook shown after "
                      f"{[r['notebook_s'] for r in runs]} s)", flush=True)  # fmt: skip
                report["lite_clicks"] = lite_clicks(browser, server, args.clicks, args.warmup)
            report["lab_clicks"] = lab_clicks(browser, args.clicks, args.warmup)
        finally:
            browser.close()
    for name in ("lite_clicks", "lab_clicks"):
        r = report[name]
        print(f"{name:<12} stock click -> DOM median {r['stock']['median']:.1f} ms "
              f"(p90 {r['stock']['p90']:.1f}); undo median {r['undo']['median']:.1f} ms "
              f"over {args.clicks} clicks each", flush=True)  # fmt: skip

    report["engine"] = engine_speed(args.site, args.seconds)
    engine = report["engine"]
    for variant, rate in engine["cpython"].items():
        other = (engine["pyodide"] or {}).get(variant)
        ratio = f"{other / rate:.2f}x" if other else "n/a"
        print(f"engine {variant:<9} CPython {rate:>8,} moves/s   Pyodide (Node) "
              f"{other or 0:>8,} moves/s   Pyodide/CPython {ratio}")  # fmt: skip
    if args.json:
        args.json.write_text(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

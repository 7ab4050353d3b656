"""The JupyterLite site for the browser tests (``tests/browser/lite_site.py`` re-exports it)
and ``python -m benchmarks lite``: build, serve, drive.

The site is built by ``tools/build_lite.py`` and served by ``python -m http.server`` on
127.0.0.1 (started and stopped through its own ``Popen`` handle). Pages get a route that
lets through only that server's address and records every other request it aborts, so a
test proves that nothing is fetched from a CDN.
"""

from __future__ import annotations

import contextlib
import importlib.util
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.servers import free_port

REPO = Path(__file__).resolve().parents[1]
BUILD_SCRIPT = REPO / "tools" / "build_lite.py"
KERNEL_BOOT_TIMEOUT = 180_000
"""Milliseconds for Pyodide and the kernel to start (about 20-30 s on two busy cores)."""
CODE_CELL = ".jp-Notebook .jp-CodeCell"


def build_module() -> Any:
    """``tools/build_lite.py`` as a module (its hashes and file lists)."""
    spec = importlib.util.spec_from_file_location("build_lite", BUILD_SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def build_site(site: Path, log: Path) -> None:
    """``tools/build_lite.py --site SITE`` (its output goes to ``log``; shown on failure)."""
    with log.open("w") as out:
        done = subprocess.run(
            [sys.executable, str(BUILD_SCRIPT), "--site", str(site)],
            stdout=out, stderr=subprocess.STDOUT, cwd=REPO, check=False,
        )  # fmt: skip
    if done.returncode != 0:
        raise RuntimeError(f"the Lite build failed:\n{log.read_text()[-4000:]}")


@dataclass
class StaticServer:
    site: Path
    port: int
    process: subprocess.Popen[bytes]

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def lab_url(self, notebook: str) -> str:
        return f"{self.origin}/lab/index.html?path={notebook}"


@contextlib.contextmanager
def static_server(site: Path) -> Iterator[StaticServer]:
    """``python -m http.server`` on a free port of 127.0.0.1, serving ``site``."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port),
         "--directory", str(site)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    server = StaticServer(site, port, process)
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(f"{server.origin}/jupyter-lite.json", timeout=2):
                    break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("python -m http.server did not start") from None
                time.sleep(0.1)
        yield server
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@dataclass
class Offline:
    """Every request a page made outside the server, and every failed local response."""

    blocked: list[str] = field(default_factory=list)
    failed: list[tuple[int, str]] = field(default_factory=list)


def offline_context(browser: Any, server: StaticServer, **options: Any) -> tuple[Any, Offline]:
    """A browser context in which only ``server`` answers; the rest is aborted and logged."""
    context = browser.new_context(**options)
    offline = Offline()
    local = server.origin + "/"

    def route(request_route: Any) -> None:
        url = request_route.request.url
        if url.startswith(local):
            request_route.continue_()
        else:
            offline.blocked.append(url)
            request_route.abort()

    context.route("**/*", route)
    context.on(
        "response",
        lambda r: offline.failed.append((r.status, r.url)) if r.status >= 400 else None,
    )
    return context, offline


def open_notebook(page: Any, server: StaticServer, notebook: str | None) -> None:
    """Open ``notebook`` (``None``: the site's root page, which opens Play) in JupyterLite's
    JupyterLab and wait for its cells."""
    page.goto(server.lab_url(notebook) if notebook else f"{server.origin}/")
    page.wait_for_selector(CODE_CELL, timeout=60_000)


def run_cell(page: Any, index: int) -> None:
    """Click into code cell ``index`` and press Shift+Enter, as a reader does (again if the
    page was not ready for it: the cell's prompt must show ``[*]`` or a count)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    cell = page.locator(CODE_CELL).nth(index)
    for _ in range(3):
        cell.locator(".cm-content").click()
        page.keyboard.press("Shift+Enter")
        try:
            page.wait_for_function(
                "(prompt) => /\\[(\\*|\\d+)\\]/.test(prompt.textContent)",
                arg=cell.locator(".jp-InputPrompt").element_handle(), timeout=5_000,
            )  # fmt: skip
            return
        except PlaywrightTimeout:
            continue
    raise AssertionError(f"code cell {index} did not start running")


def add_cell(page: Any, code: str) -> None:
    """A new code cell at the end with ``code``, run with Shift+Enter."""
    cells = page.locator(CODE_CELL)
    count = cells.count()
    cells.last.locator(".cm-content").click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")  # command mode: insert a cell below the last one
    page.wait_for_function(
        f"() => document.querySelectorAll('{CODE_CELL}').length > {count}", timeout=10_000
    )
    editor = page.locator(CODE_CELL).last.locator(".cm-content")
    editor.click()
    page.keyboard.insert_text(code)
    page.keyboard.press("Shift+Enter")


def run_all(page: Any) -> None:
    """Run ▸ Run All Cells, from the menu bar (again if the page was not ready for it: some
    cell's prompt must show ``[*]`` or a count)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for _ in range(3):
        page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
        page.locator(".lm-Menu-content .lm-Menu-item", has_text="Run All Cells").first.click()
        try:
            page.wait_for_function(
                """() => [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]
                  .some(p => /\\[(\\*|\\d+)\\]/.test(p.textContent))""",
                timeout=10_000,
            )
            return
        except PlaywrightTimeout:
            page.keyboard.press("Escape")
    raise AssertionError("Run All Cells did not start the run")


def wait_until_run(page: Any, timeout: float = KERNEL_BOOT_TIMEOUT) -> None:
    """Wait until the run is over: no cell waits (``[*]``) and the last run cell has been
    done for a second (a cell that fails stops Run All; the caller checks the prompts)."""
    page.wait_for_function(
        """() => {
          const prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')];
          const busy = prompts.some(p => p.textContent.includes('*'));
          const ran = prompts.some(p => /\\[\\d+\\]/.test(p.textContent));
          const now = performance.now();
          if (busy || !ran) { window.__runDone = null; return false; }
          window.__runDone = window.__runDone ?? now;
          return now - window.__runDone > 1000;
        }""",
        timeout=timeout,
        polling=250,
    )


def show_collapsed_cells(page: Any) -> None:
    """Expand every collapsed input and output (the exercises' solutions are saved
    collapsed): a collapsed cell shows no prompt, and its outputs must be read too."""
    placeholders = page.locator(".jp-InputPlaceholder, .jp-OutputPlaceholder")
    for _ in range(200):
        if placeholders.count() == 0:
            return
        placeholders.first.click()
    raise AssertionError("collapsed cells would not expand")


def cell_outputs(page: Any) -> list[dict[str, Any]]:
    """Per code cell: its execution count and its outputs' text and MIME types."""
    return page.evaluate(
        """() => [...document.querySelectorAll('.jp-CodeCell')].map(cell => ({
          prompt: cell.querySelector('.jp-InputPrompt')?.textContent ?? '',
          outputs: [...cell.querySelectorAll('.jp-OutputArea-output')].map(o => ({
            mime: o.dataset.mimeType ?? '',
            text: o.innerText,
          })),
        }))"""
    )

"""The zero-install Play app, measured: time to a playable table, bytes, clicks, crashes.

    python -m benchmarks lite-app                       # builds _site/ first
    python -m benchmarks lite-app --no-build --cold-runs 3 --warm-runs 3 --sessions 20 \\
        --json notebooks/data/lite-app.json

* **cold**: a fresh browser context (empty cache) opens ``play/?game=terrace``; the clock
  stops when the table is playable (``.tw-root[data-seq]`` drawn and the loading message
  gone). **bytes** are what the server sent for it.
* **warm**: the same browser profile (on disk, as a person's browser has) opens the page
  again, with the browser's cache as a static host lets it: the server sends
  ``Cache-Control: max-age=600``, as GitHub Pages does. No Playwright routing here, since
  it disables the cache: the server logs every request and the page's requests to any
  other host are counted (they must be 0).
* **stock click**: ``play/?game=terrace&seed=12345``, the base chosen, then the stock and
  Undo clicked alternately; in-page ``pointerup`` to new ``data-seq`` (``benchmarks.latency``).
* **stress**: ``--sessions`` fresh contexts, each with Winnable? and the Coach on
  (``&winnable=1&coach=1``): the base is chosen, then ``--burst`` clicks on the stock, Undo,
  Hint and Winnable? with no wait, then the table must still answer a click. A session
  whose kernel died (the table stops answering, or the page says Python stopped) counts as
  a crash. (pyodide#6464 crashed 2 of 20 such sessions on Pyodide 314.0.6.)

The server is a ``http.server`` in this process, on 127.0.0.1, counting bytes per request.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import http.server
import json
import os
import platform
import statistics
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks import latency
from benchmarks.lite_site import KERNEL_BOOT_TIMEOUT, REPO, build_module
from benchmarks.servers import launch_args
from terrace_widget import __version__
from terrace_widget.intervals import wilson_interval

build_lite = build_module()
VIEWPORT = {"width": 1280, "height": 800}
PLAYABLE = """() => document.querySelector('.tw-root[data-seq]')
                    && document.getElementById('tw-loading')?.hidden"""


@dataclass
class CountingServer:
    """A static server for the site that records each request's path and bytes sent."""

    site: Path
    port: int = 0
    sent: list[tuple[str, int, int]] = field(default_factory=list)  # (path, status, bytes)
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def take(self) -> list[tuple[str, int, int]]:
        with self.lock:
            taken, self.sent = self.sent, []
        return taken


@contextlib.contextmanager
def counting_server(site: Path) -> Iterator[CountingServer]:
    record = CountingServer(site)

    class Handler(http.server.SimpleHTTPRequestHandler):
        def end_headers(self) -> None:
            self.send_header("Cache-Control", "max-age=600")
            super().end_headers()

        def log_message(self, format: str, *args: Any) -> None:
            pass

        def copyfile(self, source: Any, outputfile: Any) -> None:
            data = source.read()
            outputfile.write(data)
            with record.lock:
                record.sent.append((self.path, 200, len(data)))

        def log_request(self, code: Any = "-", size: Any = "-") -> None:
            if str(code) != "200":  # a body is counted when it is sent (copyfile)
                with record.lock:
                    record.sent.append((self.path, int(code), 0))

    handler = functools.partial(Handler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    record.port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield record
    finally:
        server.shutdown()
        server.server_close()


def outside_requests(context: Any, origin: str) -> list[str]:
    """Requests to any host but the site's, recorded (not blocked: routing would disable
    the browser's cache)."""
    seen: list[str] = []
    context.on(
        "request",
        lambda r: seen.append(r.url) if not r.url.startswith((origin, "data:", "blob:")) else None,
    )
    return seen


def open_playable(page: Any, url: str) -> float:
    t0 = time.perf_counter()
    page.goto(url)
    page.wait_for_function(PLAYABLE, timeout=KERNEL_BOOT_TIMEOUT, polling=50)
    return time.perf_counter() - t0


def visits(playwright: Any, server: CountingServer, warm_runs: int) -> dict[str, Any]:
    """One cold visit, then ``warm_runs`` visits, in a fresh browser profile on disk (a
    throwaway context keeps its cache in memory, where Pyodide's 9.6 MB WebAssembly file
    is never kept: a real browser's disk cache keeps it)."""
    with tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, viewport=VIEWPORT, **launch_args()
        )
        outside = outside_requests(context, server.origin)
        try:
            page = context.new_page()
            server.take()
            cold = open_playable(page, f"{server.origin}/play/?game=terrace")
            sent = server.take()
            warm = []
            warm_bytes = []
            for _ in range(warm_runs):
                page.wait_for_timeout(500)
                page.goto("about:blank")
                warm.append(open_playable(page, f"{server.origin}/play/?game=terrace"))
                warm_bytes.append(sum(b for _, _, b in server.take()))
            return {
                "cold_s": round(cold, 2),
                "cold_bytes": sum(b for _, _, b in sent),
                "cold_requests": len(sent),
                "warm_s": [round(w, 2) for w in warm],
                "warm_bytes": warm_bytes,
                "outside_requests": len(outside),
            }
        finally:
            context.close()


def choose_base(page: Any) -> None:
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


def clicks(browser: Any, server: CountingServer, count: int, warmup: int) -> dict[str, Any]:
    context = browser.new_context(viewport=VIEWPORT)
    try:
        page = context.new_page()
        open_playable(page, f"{server.origin}/play/?game=terrace&seed=12345")
        choose_base(page)
        root = page.locator(".tw-root")
        stock = root.locator('[data-pile="stock"]')
        undo = root.locator(".tw-tools").get_by_role("button", name="Undo", exact=True)
        page.evaluate(latency.INSTRUMENT)
        for i in range(warmup + 2 * count):
            if i == warmup:
                page.evaluate("() => { window.__lat.dom.length = 0; }")
            x, y = latency.center(stock if (i - warmup) % 2 == 0 else undo)
            before = latency.seq_of(page)
            page.mouse.click(x, y)
            page.wait_for_function(
                "n => Number(document.querySelector('[data-seq]').dataset.seq) > n",
                arg=before, polling="raf",
            )  # fmt: skip
            page.wait_for_timeout(60)
        dom = page.evaluate("() => window.__lat.dom")
        return {"stock": latency.summary(dom[0::2]), "undo": latency.summary(dom[1::2])}
    finally:
        context.close()


def stress_session(browser: Any, server: CountingServer, seed: int, burst: int) -> dict[str, Any]:
    """One session with Winnable? and the Coach on and a burst of clicks; did Python die?"""
    context = browser.new_context(viewport=VIEWPORT)
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)[:200]))
        page.on("crash", lambda _page: errors.append("page crashed"))
        seconds = open_playable(
            page, f"{server.origin}/play/?game=terrace&seed={seed}&winnable=1&coach=1"
        )
        for attempt in range(3):  # a drag during the deal's animation can miss
            try:
                choose_base(page)
                break
            except Exception as error:  # a missed drag, or Playwright's timeout
                page.wait_for_timeout(1000)
                if attempt == 2:
                    errors.append(f"base not chosen: {str(error)[:80]}")
        root = page.locator(".tw-root")
        targets = [
            root.locator('[data-pile="stock"]'),
            root.locator(".tw-tools").get_by_role("button", name="Undo", exact=True),
            root.locator(".tw-tools").get_by_role("button", name="Hint", exact=True),
            root.locator(".tw-tools").get_by_role("button", name="Redo", exact=True),
        ]
        points = [latency.center(t) for t in targets]
        for i in range(burst):  # no wait between clicks
            page.mouse.click(*points[i % len(points)])
            page.wait_for_timeout(15)
        page.wait_for_timeout(2000)
        before = latency.seq_of(page)
        page.mouse.click(*points[0])
        try:
            page.wait_for_function(
                "n => Number(document.querySelector('.tw-root').dataset.seq) > n",
                arg=before, timeout=60_000,
            )  # fmt: skip
            answers = True
        except Exception:
            answers = False
        stopped = "Python stopped" in (page.locator("#tw-loading").text_content() or "")
        errors += [] if answers else ["the table did not answer a click within 60 s"]
        return {"kind": "stress", "seed": seed, "variant": "terrace", "open_s": round(seconds, 2),
                "died": stopped or not answers or "page crashed" in errors,
                "errors": errors[:5], "package_version": __version__}  # fmt: skip
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, default=REPO / "_site")
    parser.add_argument("--no-build", action="store_true", help="measure the site as it is")
    parser.add_argument("--cold-runs", type=int, default=3, help="fresh contexts (cold visits)")
    parser.add_argument("--warm-runs", type=int, default=3, help="warm visits per context")
    parser.add_argument("--clicks", type=int, default=20, help="stock clicks (and as many undos)")
    parser.add_argument("--warmup", type=int, default=4)
    parser.add_argument("--sessions", type=int, default=20, help="stress sessions")
    parser.add_argument("--burst", type=int, default=40, help="clicks per stress session")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    if args.no_build and not (args.site / "play" / "index.html").is_file():
        parser.error(f"no Play app in {args.site}: build the site first (leave out --no-build)")
    if min(args.cold_runs, args.clicks) < 1 or min(args.warm_runs, args.sessions) < 0:
        parser.error("--cold-runs and --clicks must be at least 1")

    from playwright.sync_api import sync_playwright

    started = time.time()
    report: dict[str, Any] = {
        "command": "python -m benchmarks lite-app " + " ".join(argv or []),
        "package_version": __version__,
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count(),
                    "load_average_1min": round(os.getloadavg()[0], 1)},
    }  # fmt: skip
    if not args.no_build:
        build_lite.build(args.site.resolve(), build_lite.DEFAULT_CACHE)
    info = json.loads((args.site / build_lite.BUILD_INFO).read_text())
    report["pyodide"] = info["pyodide"]
    report["wheel"] = info["wheel"]
    records: list[dict[str, Any]] = []
    with sync_playwright() as playwright, counting_server(args.site) as server:
        browser = playwright.chromium.launch(**launch_args())
        try:
            for run in range(args.cold_runs):
                visit = visits(playwright, server, args.warm_runs)
                records.append({"kind": "visit", "run": run, **visit,
                                 "package_version": __version__})  # fmt: skip
                print(f"visit {run}: cold {visit['cold_s']} s ({visit['cold_bytes'] / 1e6:.1f} "
                      f"MB, {visit['cold_requests']} requests), warm {visit['warm_s']} s "
                      f"({visit['warm_bytes']} bytes), outside requests "
                      f"{visit['outside_requests']}", flush=True)  # fmt: skip
            report["clicks"] = clicks(browser, server, args.clicks, args.warmup)
            stock = report["clicks"]["stock"]
            print(f"stock click -> DOM: median {stock['median']:.1f} ms, p90 "
                  f"{stock['p90']:.1f} ms over {args.clicks} clicks", flush=True)  # fmt: skip
            for i in range(args.sessions):
                session = stress_session(browser, server, 100 + i, args.burst)
                records.append(session)
                if args.json:  # kept as it goes: a long run that stops keeps its sessions
                    args.json.write_text(json.dumps({**report, "records": records}, indent=1))
                print(f"stress {i + 1}/{args.sessions}: died={session['died']} "
                      f"open {session['open_s']} s {session['errors']}", flush=True)  # fmt: skip
        finally:
            browser.close()
    visits_ = [r for r in records if r["kind"] == "visit"]
    stress = [r for r in records if r["kind"] == "stress"]
    cold = [r["cold_s"] for r in visits_]
    warm = [w for r in visits_ for w in r["warm_s"]]
    deaths = sum(r["died"] for r in stress)
    report["summary"] = {
        "cold_median_s": statistics.median(cold),
        "warm_median_s": statistics.median(warm) if warm else None,
        "first_visit_mb": round(statistics.median(r["cold_bytes"] for r in visits_) / 1e6, 1),
        "stress_sessions": len(stress),
        "kernel_deaths": deaths,
        "death_rate_95": list(wilson_interval(deaths, len(stress))) if stress else None,
        "seconds": round(time.time() - started),
    }
    report["records"] = records
    print("summary:", json.dumps(report["summary"]))
    if args.json:
        args.json.write_text(json.dumps(report, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Click → kernel → DOM latency of the widget in JupyterLab and Voila, against a floor.

Real Chromium (Debian's, never a downloaded one) clicks the real widget; the servers are
the ones the browser tests use (:mod:`benchmarks.servers`). For each server:

* **game**: Terrace ``terrace#12345``: the base card is chosen by a drag, then the stock
  is clicked (deal) and the toolbar's Undo is clicked, alternately; every click is one
  round trip through Python's engine and one new ``view``.
* **coach** (``--coach``): the same game with the Coach on (``w.coach = True``), whose
  marks and words are computed and sent with every view.
* **floor**: a trivial anywidget counter (``tests/browser/notebooks/counter.ipynb``): a
  button whose click sends a message, Python bumps a synced Int, JS redraws.

Timings, over ``--moves`` clicks after ``--warmup`` unmeasured ones:

* ``in-page``: ``performance.now()`` at the click's ``pointerup`` (capture phase, the
  moment the click is complete) → a ``MutationObserver`` sees the widget's new
  ``data-seq`` (DOM updated); ``frame`` adds the wait for the next animation frame.
  Animations are on (the page does not ask for reduced motion): the DOM is final when the
  cards start flying, so this measures the update, not the animation's end; the number of
  card animations each update starts is reported to show they ran.
* ``external``: ``time.perf_counter`` around Playwright's ``mouse.click`` and the wait for
  the new ``data-seq`` (includes the DevTools-protocol round trips).
* ``kernel``: time inside the widget's ``_handle_custom_msg`` in the kernel (engine +
  serialising and sending the new state), read through a second kernel client.
* bytes: every websocket frame of the kernel channel, received and sent, during the
  measured clicks, per click; ``update`` is the ``comm_msg`` carrying the new state.

``--nodelay`` runs each server a second time with TCP_NODELAY set on the kernel
websockets (a ``jupyter_server_config.py`` patch, see benchmarks/README.md).

    python -m benchmarks latency                   # Lab and Voila, 60 clicks each, ~1.5 min
    python -m benchmarks latency --nodelay --json latency.json
    python -m benchmarks latency --servers lab --coach   # also the Coach on against off
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from benchmarks.servers import (
    KernelHelper,
    Server,
    kernel_id_from_ws,
    lab_server,
    launch_args,
    voila_server,
)

KERNEL_IDLE = (
    "() => window.jupyterapp?.shell?.currentWidget?.sessionContext?.session?.kernel?.status"
    " === 'idle'"
)

# Before any page script: note when each kernel-channel websocket message arrives (our
# listener is added first, so it runs before the page's own handler).
TRACE_SOCKETS = """(() => {
  const Native = window.WebSocket;
  window.__wsLast = 0;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      if (String(args[0]).includes('/channels')) {
        this.addEventListener('message', () => { window.__wsLast = performance.now(); });
      }
    }
  };
})();"""

INSTRUMENT = """() => {
  if (window.__lat) return;
  const st = (window.__lat = { t0: null, dom: [], frame: [], wire: [], front: [], anims: [] });
  document.addEventListener('pointerup', () => { st.t0 = performance.now(); }, true);
  new MutationObserver((records) => {
    if (st.t0 === null || !records.some((r) => r.attributeName === 'data-seq')) return;
    const t0 = st.t0;
    const now = performance.now();
    st.t0 = null;
    st.dom.push(now - t0);
    // card animations started for this update, in the frame after it (Web Animations only)
    requestAnimationFrame(() => st.anims.push(document.getAnimations().filter((a) =>
      !(a instanceof CSSAnimation) && !(a instanceof CSSTransition)).length));
    if (window.__wsLast > t0) {
      st.wire.push(window.__wsLast - t0);
      st.front.push(now - window.__wsLast);
    }
    requestAnimationFrame(() => st.frame.push(performance.now() - t0));
  }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-seq'] });
}"""

KERNEL_TIMER = """
import time as _t
_lat_kernel = []
def _lat_wrap(obj):
    inner = obj._handle_custom_msg
    def timed(content, buffers):
        t0 = _t.perf_counter()
        try:
            inner(content, buffers)
        finally:
            _lat_kernel.append(_t.perf_counter() - t0)
    obj._handle_custom_msg = timed
_lat_wrap({name})
"""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = (len(ordered) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def summary(values: list[float]) -> dict[str, float]:
    return {
        "median": statistics.median(values) if values else float("nan"),
        "p90": percentile(values, 0.9),
        "min": min(values, default=float("nan")),
        "max": max(values, default=float("nan")),
    }


# ------------------------------------------------------------------ websocket frames
def frame_info(payload: str | bytes) -> tuple[int, str]:
    """(size in bytes, msg_type) of one kernel-channel frame, either protocol."""
    if isinstance(payload, bytes):
        size = len(payload)
        try:  # v1.kernel.websocket.jupyter.org: offsets, then channel, header, ...
            n = int.from_bytes(payload[:8], "little")
            offsets = [
                int.from_bytes(payload[8 * (i + 1) : 8 * (i + 2)], "little") for i in range(n)
            ]
            header = json.loads(payload[offsets[1] : offsets[2]])
            kind = header.get("msg_type", "?")
            if kind == "comm_msg":
                content = json.loads(payload[offsets[4] : offsets[5]])
                kind = f"comm_msg:{content.get('data', {}).get('method', '?')}"
            return size, kind
        except Exception:
            return size, "?"
    size = len(payload.encode())
    try:
        msg = json.loads(payload)
        kind = msg.get("header", {}).get("msg_type", "?")
        if kind == "comm_msg":
            kind = f"comm_msg:{msg.get('content', {}).get('data', {}).get('method', '?')}"
        return size, kind
    except Exception:
        return size, "?"


class Frames:
    def __init__(self, page) -> None:
        self.log: list[tuple[str, int, str]] = []
        self.kernel_ids: list[str] = []
        self.on = False
        page.on("websocket", self._socket)

    def _socket(self, ws) -> None:
        kid = kernel_id_from_ws(ws.url)
        if kid is None:
            return
        self.kernel_ids.append(kid)
        ws.on("framereceived", lambda payload: self._add("in", payload))
        ws.on("framesent", lambda payload: self._add("out", payload))

    def _add(self, direction: str, payload: str | bytes) -> None:
        if self.on:
            size, kind = frame_info(payload)
            self.log.append((direction, size, kind))

    def per_click(self, clicks: int) -> dict[str, Any]:
        received = sum(s for d, s, _ in self.log if d == "in")
        sent = sum(s for d, s, _ in self.log if d == "out")
        kinds: dict[str, list[int]] = {}
        for d, s, k in self.log:
            kinds.setdefault(f"{d}:{k}", []).append(s)
        updates = kinds.get("in:comm_msg:update", [])
        return {
            "received_per_click": received / clicks,
            "sent_per_click": sent / clicks,
            "frames_per_click": len(self.log) / clicks,
            "update_frames_per_click": len(updates) / clicks,
            "update_bytes_median": statistics.median(updates) if updates else 0,
            "by_type": {k: {"count": len(v), "bytes": sum(v)} for k, v in sorted(kinds.items())},
        }


# ------------------------------------------------------------------ one widget in one page
def open_widget(page, server: Server, notebook: str, selector: str) -> None:
    if server.kind == "lab":
        page.goto(server.lab_url(notebook))
        page.wait_for_function(KERNEL_IDLE, timeout=90_000)
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    else:
        page.goto(server.voila_url(notebook))
    page.wait_for_selector(selector, timeout=90_000)
    page.wait_for_timeout(300)


def center(locator) -> tuple[float, float]:
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def seq_of(page) -> int:
    return int(page.evaluate("() => Number(document.querySelector('[data-seq]').dataset.seq)"))


def run_widget(
    browser, server: Server, which: str, moves: int, warmup: int, no_loss_check: bool = False
) -> dict[str, Any]:
    page = browser.new_page(viewport={"width": 1400, "height": 1300})
    page.add_init_script(TRACE_SOCKETS)
    frames = Frames(page)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    notebook, selector, name = {
        "game": ("terrace.ipynb", ".tw-root[data-seq]", "w"),
        "coach": ("terrace.ipynb", ".tw-root[data-seq]", "w"),
        "floor": ("counter.ipynb", ".counter-root[data-seq]", "c"),
    }[which]
    t_open = time.perf_counter()
    open_widget(page, server, notebook, selector)
    t_open = time.perf_counter() - t_open
    kid = server.kernel_id(notebook) if server.kind == "lab" else frames.kernel_ids[-1]
    kernel = KernelHelper.for_kernel(server, kid)
    try:
        kernel.run(KERNEL_TIMER.format(name=name))
        if no_loss_check:  # experiment: skip the exact game-over search after each move
            kernel.run("import terrace_widget.game.game as _g; _g.LOSS_SEARCH_BUDGET = 0")
        view_bytes = None
        if which == "coach":  # the same table with the Coach on
            before = seq_of(page)
            kernel.run("w.coach = True")
            page.wait_for_function(
                "n => Number(document.querySelector('.tw-root').dataset.seq) > n", arg=before
            )
            page.wait_for_selector(".tw-root .tw-coach-badge")
        if which in ("game", "coach"):
            # choose the base card by a drag (t1 onto f1) so that the stock deals
            root = page.locator(".tw-root")
            before = seq_of(page)
            x0, y0 = center(root.locator('[data-pile="t1"] .tw-card.tw-top'))
            x1, y1 = center(root.locator('[data-pile="f1"]'))
            page.mouse.move(x0, y0)
            page.mouse.down()
            page.mouse.move(x1, y1, steps=10)
            page.mouse.up()
            page.wait_for_function(
                "n => Number(document.querySelector('.tw-root').dataset.seq) > n", arg=before
            )
            assert root.get_attribute("data-status") == "playing", "the base choice failed"
            undo = root.locator(".tw-tools").get_by_role("button", name="Undo", exact=True)
            stock = root.locator('[data-pile="stock"]')
            targets = [lambda: center(stock), lambda: center(undo)]
        else:
            button = page.locator(".counter-button")
            targets = [lambda: center(button)]
        page.evaluate(INSTRUMENT)
        kernel.run("_lat_kernel.clear()")
        external: list[float] = []
        for i in range(warmup + moves):
            if i == warmup:
                page.evaluate(
                    "() => { for (const k of ['dom', 'frame', 'wire', 'front', 'anims'])"
                    " window.__lat[k].length = 0; }"
                )
                kernel.run("_lat_kernel.clear()")
                page.wait_for_timeout(200)
                frames.on = True
            x, y = targets[i % len(targets)]()
            before = seq_of(page)
            t0 = time.perf_counter()
            page.mouse.click(x, y)
            page.wait_for_function(
                "n => Number(document.querySelector('[data-seq]').dataset.seq) > n",
                arg=before, polling="raf",
            )  # fmt: skip
            if i >= warmup:
                external.append((time.perf_counter() - t0) * 1000)
            page.wait_for_timeout(30)  # let the idle status and the frame land
        page.wait_for_timeout(500)
        frames.on = False
        lat = page.evaluate("() => window.__lat")
        kernel_ms = [1000 * s for s in kernel.json("_lat_kernel")]
        if which in ("game", "coach"):
            view_bytes = kernel.json("len(_j.dumps(w.view))")
            history = kernel.json("len(w.game.history)")
            assert history in (1, 2), history  # deal/undo pairs cancel out
        assert len(lat["dom"]) == moves, (len(lat["dom"]), moves)
    finally:
        kernel.close()
        page.close()
    return {
        "server": server.kind,
        "widget": which,
        "clicks": moves,
        "open_seconds": round(t_open, 2),
        "in_page_ms": summary(lat["dom"]),
        "frame_ms": summary(lat["frame"]),
        "wire_ms": summary(lat["wire"]),
        "front_ms": summary(lat["front"]),
        "external_ms": summary(external),
        "kernel_ms": summary(kernel_ms),
        "view_json_bytes": view_bytes,
        "animations_per_click": statistics.median(lat["anims"]) if lat["anims"] else 0,
        "websocket": frames.per_click(moves),
        "page_errors": errors,
    }


def run_server(playwright, kind: str, nodelay: bool, args: argparse.Namespace) -> list[dict]:
    make = lab_server if kind == "lab" else voila_server
    t0 = time.perf_counter()
    with make(nodelay=nodelay) as server:
        started = time.perf_counter() - t0
        browser = playwright.chromium.launch(**launch_args())
        try:
            out = []
            for which in ("floor", "game", *(("coach",) if args.coach else ())):
                result = run_widget(
                    browser, server, which, args.moves, args.warmup, args.no_loss_check
                )
                result["nodelay"] = nodelay
                result["server_start_seconds"] = round(started, 2)
                out.append(result)
                print_row(result)
            return out
        finally:
            browser.close()


# ------------------------------------------------------------------ report
HEADER = (
    f"{'server':<14} {'widget':<6} {'in-page':>8} {'p90':>6} {'wire':>6} {'front':>6} "
    f"{'frame':>6} {'external':>8} {'p90':>6} {'kernel':>7} {'recv B':>7} {'update B':>8} "
    f"{'sent B':>7}\n{'':<21} {'(ms: medians and p90 over the clicks)':<57} (bytes per click)"
)


def label(r: dict[str, Any]) -> str:
    return r["server"] + (" +nodelay" if r["nodelay"] else "")


def print_row(r: dict[str, Any]) -> None:
    ws = r["websocket"]
    page, ext = r["in_page_ms"], r["external_ms"]
    med = {k: r[f"{k}_ms"]["median"] for k in ("wire", "front", "frame", "kernel")}
    print(
        f"{label(r):<14} {r['widget']:<6} {page['median']:>8.1f} {page['p90']:>6.1f} "
        f"{med['wire']:>6.1f} {med['front']:>6.1f} {med['frame']:>6.1f} "
        f"{ext['median']:>8.1f} {ext['p90']:>6.1f} {med['kernel']:>7.2f} "
        f"{ws['received_per_click']:>7.0f} {ws['update_bytes_median']:>8.0f} "
        f"{ws['sent_per_click']:>7.0f}",
        flush=True,
    )


def find(results: list[dict[str, Any]], **want: Any) -> dict[str, Any]:
    return next(r for r in results if all(r[k] == v for k, v in want.items()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add = parser.add_argument
    add("--moves", type=int, default=60, help="measured clicks per widget (default 60)")
    add("--warmup", type=int, default=6, help="unmeasured clicks first (default 6)")
    add("--servers", nargs="+", choices=["lab", "voila"], default=["lab", "voila"])
    add("--nodelay", action="store_true", help="also run with TCP_NODELAY on kernel websockets")
    add("--json", type=Path, help="also write every figure as JSON")
    add("--coach", action="store_true", help="also the game with the Coach on (coach / game)")
    add(
        "--no-loss-check",
        action="store_true",
        help="experiment: turn off the game-over search the kernel runs after each move",
    )
    args = parser.parse_args(argv)
    if args.moves < 2:
        parser.error("--moves must be at least 2")
    if args.warmup % 2:  # the game alternates deal / undo: start the measured run on a deal
        args.warmup += 1

    from playwright.sync_api import sync_playwright

    import terrace_widget

    t_all = time.perf_counter()
    print(
        f"terrace_widget {terrace_widget.__version__} · Python {platform.python_version()} · "
        f"{platform.machine()} · {args.moves} clicks per widget (+{args.warmup} warm-up)"
    )
    print(HEADER)
    results: list[dict[str, Any]] = []
    with sync_playwright() as p:
        for kind in args.servers:
            for nodelay in (False, True) if args.nodelay else (False,):
                results += run_server(p, kind, nodelay, args)
    print()
    for game in [r for r in results if r["widget"] == "game"]:
        floor = find(results, widget="floor", server=game["server"], nodelay=game["nodelay"])
        ratio = game["in_page_ms"]["median"] / floor["in_page_ms"]["median"]
        ext = game["external_ms"]["median"] / floor["external_ms"]["median"]
        print(
            f"{label(game):<14} game / floor: in-page median x{ratio:.2f} (goal: within x1.2, "
            f"animations on: median {game['animations_per_click']:g} card animations started "
            f"per click), external median x{ext:.2f}; view JSON {game['view_json_bytes']} B; "
            "update frame "
            f"{game['websocket']['update_bytes_median']:.0f} B "
            f"(floor {floor['websocket']['update_bytes_median']:.0f} B)"
        )
    for coached in [r for r in results if r["widget"] == "coach"]:
        game = find(results, widget="game", server=coached["server"], nodelay=coached["nodelay"])
        ratio = coached["in_page_ms"]["median"] / game["in_page_ms"]["median"]
        ext = coached["external_ms"]["median"] / game["external_ms"]["median"]
        print(
            f"{label(coached):<14} Coach on / off: in-page median x{ratio:.2f}, external median "
            f"x{ext:.2f} (goal: within x1.2); kernel median "
            f"{coached['kernel_ms']['median']:.2f} against {game['kernel_ms']['median']:.2f} ms; "
            f"view JSON {coached['view_json_bytes']} B against {game['view_json_bytes']} B"
        )
    if args.nodelay:
        for kind in args.servers:
            for which in ("floor", "game"):
                off = find(results, server=kind, widget=which, nodelay=False)["in_page_ms"]
                on = find(results, server=kind, widget=which, nodelay=True)["in_page_ms"]
                print(
                    f"{kind:<6} {which:<6} TCP_NODELAY: in-page median {off['median']:.1f} -> "
                    f"{on['median']:.1f} ms, p90 {off['p90']:.1f} -> {on['p90']:.1f} ms"
                )
    errors = [e for r in results for e in r["page_errors"]]
    if errors:
        print(f"page errors: {errors}")
    print(f"total {time.perf_counter() - t_all:.0f} s")
    if args.json:
        report = {"settings": {k: str(v) for k, v in vars(args).items()}, "results": results}
        args.json.write_text(json.dumps(report, indent=1))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())

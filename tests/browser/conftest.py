"""Fixtures for the real-browser tests: servers, Debian's Chromium, the notebook's kernel.

Run them with ``python -m pytest -m browser tests/browser``. They need JupyterLab, Voila,
Playwright and a ``chromium`` binary (Debian: ``apt-get install chromium``; Playwright's own
browser download is never used). When one is missing the tests are skipped, unless
``TERRACE_REQUIRE_BROWSER=1`` (CI), which makes that a failure.

Screenshots go to ``test-artifacts/``; ``docs/terrace-table.png`` is written when it is
missing or ``TERRACE_UPDATE_SCREENSHOTS=1``.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from .servers import KernelHelper, Server, chromium_path, lab_server, launch_args, voila_server

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
DOC_SCREENSHOT = REPO / "docs" / "terrace-table.png"
VIEWPORT = {"width": 1400, "height": 1300}
KERNEL_IDLE = (
    "() => window.jupyterapp?.shell?.currentWidget?.sessionContext?.session?.kernel?.status"
    " === 'idle'"
)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "browser: real Chromium against JupyterLab / Voila servers (tests/browser)"
    )


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):
    """On a failure, show the tail of the servers' logs with the report."""
    outcome = yield
    report = outcome.get_result()
    if report.when == "call":
        item._browser_report = report  # type: ignore[attr-defined]
    if report.failed:
        for name in ("lab", "voila"):
            server = getattr(item, "funcargs", {}).get(name)
            if isinstance(server, Server):
                report.sections.append((f"{name} server log (tail)", server.log(4000)))


def _missing() -> str | None:
    for module in ("playwright", "jupyterlab", "voila", "jupyter_client"):
        if importlib.util.find_spec(module) is None:
            return f"{module} is not installed"
    if not Path(chromium_path()).exists():
        return "no chromium binary (apt-get install chromium)"
    return None


@pytest.fixture(scope="session")
def browser_requirements() -> None:
    reason = _missing()
    if reason:
        if os.environ.get("TERRACE_REQUIRE_BROWSER") == "1":
            pytest.fail(f"TERRACE_REQUIRE_BROWSER is set but {reason}")
        pytest.skip(reason)


# ------------------------------------------------------------------ Playwright
# Our own fixtures rather than pytest-playwright's session-long ones: Playwright's sync API
# leaves its event loop marked as running in this thread while it is started, which would
# change what later, non-browser tests see (asyncio.get_running_loop()). So it is started
# for this package only and stopped after its last test.
@pytest.fixture(scope="package")
def chromium(browser_requirements) -> Iterator[Any]:
    """Debian's Chromium (``executable_path``), never a browser Playwright downloaded."""
    from playwright.sync_api import sync_playwright

    playwright = sync_playwright().start()
    try:
        browser = playwright.chromium.launch(**launch_args())
        yield browser
        browser.close()
    finally:
        playwright.stop()


@pytest.fixture
def page(chromium, request: pytest.FixtureRequest) -> Iterator[Any]:
    context = chromium.new_context(viewport=VIEWPORT)
    page = context.new_page()
    page.set_default_timeout(30_000)
    yield page
    report = getattr(request.node, "_browser_report", None)
    if report is not None and report.failed:
        ARTIFACTS.mkdir(exist_ok=True)
        name = "".join(c if c.isalnum() else "-" for c in request.node.name)
        page.screenshot(path=str(ARTIFACTS / f"failed-{name}.png"))
    context.close()


@pytest.fixture
def page_errors(page) -> Iterator[list[str]]:
    """Uncaught exceptions in the page (the test asserts none at the end)."""
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield errors


# ------------------------------------------------------------------ servers
@pytest.fixture(scope="package")
def lab(browser_requirements) -> Iterator[Server]:
    with lab_server() as server:
        yield server


@pytest.fixture(scope="package")
def voila(browser_requirements) -> Iterator[Server]:
    with voila_server() as server:
        yield server


@pytest.fixture
def kernel_for(lab: Server) -> Iterator[Callable[[str], KernelHelper]]:
    """``kernel_for("terrace.ipynb")``: a client on that notebook's own kernel in Lab."""
    clients: list[KernelHelper] = []

    def connect(notebook: str) -> KernelHelper:
        client = KernelHelper.for_notebook(lab, notebook)
        clients.append(client)
        return client

    yield connect
    for client in clients:
        client.close()


# ------------------------------------------------------------------ the table in a page
DOM_STATE = """(root) => {
  const piles = {};
  for (const p of root.querySelectorAll('[data-pile]')) {
    piles[p.dataset.pile] = [...p.querySelectorAll('.tw-card')].map(
      (c) => [Number(c.dataset.i), c.dataset.card ?? '#']);
  }
  const msg = root.querySelector('.tw-message');
  return {seq: Number(root.dataset.seq), status: root.dataset.status ?? null, piles,
          message: msg ? msg.textContent : null,
          message_kind: msg ? msg.dataset.kind ?? null : null};
}"""

KERNEL_STATE = (
    "{'seq': w.view['seq'], 'status': w.game.outcome(), 'view_piles': w.view['piles'],"
    " 'piles': w.game.piles, 'history': [str(m) for m in w.game.history],"
    " 'legal': [str(m) for m in w.game.legal_moves()], 'message': w.view['message']}"
)


CARDS_AT_REST = """() => !document.getAnimations().some((a) =>
  !(a instanceof CSSAnimation) && a.effect?.target?.closest?.('.tw-card'))"""


class Table:
    """The widget in a page: read its DOM, act on it with the real mouse and keyboard."""

    def __init__(self, page, kernel: KernelHelper | None = None) -> None:
        self.page = page
        self.kernel = kernel
        self.root = page.locator(".tw-root")

    # ---------------------------------------------------------------- reading
    def seq(self) -> int:
        return int(self.root.get_attribute("data-seq") or "-1")

    def dom(self) -> dict[str, Any]:
        return self.root.evaluate(DOM_STATE)

    def state(self) -> dict[str, Any]:
        assert self.kernel is not None
        return self.kernel.json(KERNEL_STATE)

    def pile(self, name: str):
        return self.root.locator(f'[data-pile="{name}"]')

    def top(self, name: str):
        return self.pile(name).locator(".tw-card.tw-top")

    def wait_seq_after(self, old: int, timeout: float = 15_000) -> int:
        self.page.wait_for_function(
            "([old]) => Number(document.querySelector('.tw-root')?.dataset.seq) > old",
            arg=[old], timeout=timeout, polling=10,
        )  # fmt: skip
        return self.seq()

    def settle(self, old: int) -> dict[str, Any]:
        """Wait until the DOM shows a newer view, then until it shows the kernel's latest."""
        self.wait_seq_after(old)
        if self.kernel is None:
            self.page.wait_for_timeout(150)  # a second sync (status change) would be quick
            return {}
        state = self.state()
        deadline = time.monotonic() + 10
        while self.seq() != state["seq"]:
            assert time.monotonic() < deadline, (self.seq(), state["seq"])
            self.page.wait_for_timeout(25)
            state = self.state()
        return state

    # ---------------------------------------------------------------- acting
    def _box(self, locator) -> dict[str, float]:
        # Cards fly to their places (Web Animations): measure them at rest.
        self.page.wait_for_function(CARDS_AT_REST, timeout=10_000, polling=20)
        locator.scroll_into_view_if_needed()
        box = locator.bounding_box()
        assert box is not None, locator
        return box

    def grab_point(self, pile: str, count: int = 1) -> tuple[float, float]:
        """Where to press to pick up the top ``count`` cards of ``pile``."""
        cards = self.pile(pile).locator(".tw-card")
        n = cards.count()
        assert n >= count, (pile, n, count)
        if count == 1:
            box = self._box(self.top(pile))
            return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        # the card under others: its uncovered strip at the top
        card = self.pile(pile).locator(".tw-card").nth(n - count)
        box = self._box(card)
        return box["x"] + box["width"] / 2, box["y"] + 6

    def drop_point(self, pile: str) -> tuple[float, float]:
        top = self.top(pile)
        box = self._box(top if top.count() else self.pile(pile))
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    def drag(self, src: str, dst: str, count: int = 1) -> None:
        """A real pointer drag: press on the card, travel in steps, release over ``dst``."""
        # Both points after any scrolling: bringing one pile into view must not move the other.
        self.drop_point(dst)
        x0, y0 = self.grab_point(src, count)
        x1, y1 = self.drop_point(dst)
        assert (x0, y0) == self.grab_point(src, count), "the page scrolled between the two"
        mouse = self.page.mouse
        mouse.move(x0, y0)
        mouse.down()
        mouse.move(x0 + 10, y0 + 10, steps=3)
        mouse.move(x1, y1, steps=12)
        mouse.up()

    def click_pile(self, pile: str) -> None:
        top = self.top(pile)
        (top if top.count() else self.pile(pile).locator(".tw-slot")).click()

    def dblclick_pile(self, pile: str) -> None:
        self.top(pile).dblclick()

    def button(self, name: str):
        return self.root.locator(".tw-tools").get_by_role("button", name=name, exact=True)

    # ---------------------------------------------------------------- checking
    def check_matches_kernel(self, state: dict[str, Any] | None = None) -> dict[str, Any]:
        """The DOM shows exactly the kernel's table; the kernel's view hides what it should."""
        state = state or self.state()
        dom = self.dom()
        if state.get("seq") is not None:
            assert dom["seq"] == state["seq"]
        assert dom["status"] == state["status"]
        assert set(dom["piles"]) == set(state["view_piles"])
        for name, real in state["piles"].items():
            shown = state["view_piles"][name]
            assert shown == ["#" if c.startswith("#") else c for c in real], name
            drawn = dom["piles"][name]
            for i, code in drawn:
                assert 0 <= i < len(shown) and shown[i] == code, (name, drawn, shown)
            if shown:  # the top card is always drawn
                assert drawn and drawn[-1] == [len(shown) - 1, shown[-1]], (name, drawn, shown)
            else:
                assert drawn == [], (name, drawn)
            if name == "reserve" or name.startswith("t"):  # fanned piles: every card
                assert [i for i, _ in drawn] == list(range(len(shown))), (name, drawn)
        return state


def engine_state(game) -> dict[str, Any]:
    """What ``Table.check_matches_kernel`` compares, from a local copy of the game."""
    return {
        "seq": None,
        "status": game.outcome(),
        "view_piles": game.observation()["piles"],
        "piles": game.piles,
        "history": [str(m) for m in game.history],
        "legal": [str(m) for m in game.legal_moves()],
    }


@pytest.fixture
def open_lab(page, lab: Server, kernel_for):
    """Open a notebook in Lab, run all its cells, wait for the table; return a ``Table``."""

    def open_notebook(notebook: str, selector: str = ".tw-root[data-seq]") -> Table:
        lab.check_alive()
        page.goto(lab.lab_url(notebook))
        page.wait_for_function(KERNEL_IDLE, timeout=90_000)
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        page.wait_for_selector(selector, timeout=60_000)
        return Table(page, kernel_for(notebook))

    return open_notebook


def save_screenshot(locator, name: str, *, doc: bool = False) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / name
    locator.screenshot(path=str(path), animations="disabled")
    if doc and (os.environ.get("TERRACE_UPDATE_SCREENSHOTS") == "1" or not DOC_SCREENSHOT.exists()):
        DOC_SCREENSHOT.parent.mkdir(exist_ok=True)
        shutil.copyfile(path, DOC_SCREENSHOT)
    return path


def as_shown(text: str) -> str:
    """A kernel sentence as the message line shows it: capitalised, with a full stop."""
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return text if text[-1:] in ".!?…" else f"{text}."


@pytest.fixture
def local_state() -> Callable[[Any], dict[str, Any]]:
    return engine_state


@pytest.fixture
def screenshot() -> Callable[..., Path]:
    return save_screenshot

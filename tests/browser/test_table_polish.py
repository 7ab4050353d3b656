"""The table as a player meets it: undoable restarts, honest game-over words, animations
that never eat a click, a layout that holds still at every width, real court cards.

JupyterLab and Voila, real Chromium, the real mouse and keyboard; the kernel's game is read
through a second kernel client after every step.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from terrace_widget import Game
from terrace_widget.search.solver import solve
from terrace_widget.table.widget import finishing_moves

from .conftest import VIEWPORT, Table, save_screenshot
from .servers import KernelHelper, Server, kernel_id_from_ws

# Card animations only (the Web Animations API's own, not the CSS pulse of a hint), counted
# in the first animation frame after the table's data-seq changes: the table starts them
# there, before that frame is painted.
WATCH_ANIMATIONS = """() => {
  if (window.__tw) return;
  const st = (window.__tw = { bySeq: {} });
  const cards = () => document.getAnimations().filter((a) =>
    !(a instanceof CSSAnimation) && !(a instanceof CSSTransition) &&
    a.effect && a.effect.target && a.effect.target.closest && a.effect.target.closest('.tw-card'));
  new MutationObserver(() => {
    const root = document.querySelector('.tw-root');
    if (!root) return;
    const seq = root.dataset.seq;
    // the table starts its animations in the frame after the update, before painting it
    requestAnimationFrame(() => { st.bySeq[seq] = cards().length; });
  }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-seq'] });
}"""

IDLE = "() => document.getAnimations().filter((a) => !(a instanceof CSSAnimation)).length === 0"

GEOMETRY = """(root) => {
  const felt = root.querySelector('.tw-felt').getBoundingClientRect();
  const out = [];
  for (const el of root.querySelectorAll('.tw-felt [data-pile], .tw-felt .tw-card')) {
    const r = el.getBoundingClientRect();
    if (r.left < felt.left - 1 || r.right > felt.right + 1 || r.top < felt.top - 1 ||
        r.bottom > felt.bottom + 1) out.push(el.closest('[data-pile]').dataset.pile);
  }
  const doc = document.scrollingElement;
  const scrollers = [...document.querySelectorAll('*')].filter((e) => {
    const s = getComputedStyle(e);
    const scrolls = s.overflowX === 'auto' || s.overflowX === 'scroll';
    return scrolls && e.scrollWidth > e.clientWidth + 1;
  }).map((e) => e.className);
  return { outside: out, scroll: doc.scrollWidth > doc.clientWidth + 1, scrollers,
           root: root.getBoundingClientRect().height, width: root.getBoundingClientRect().width,
           felt: felt.height };
}"""


# ------------------------------------------------------------------ opening a table
def open_voila(page, voila: Server, notebook: str, kernels: list[KernelHelper]) -> Table:
    sockets: list[str] = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    voila.check_alive()
    page.goto(voila.voila_url(notebook))
    page.wait_for_selector(".tw-root[data-seq]", timeout=60_000)
    kernel_id = next(k for k in map(kernel_id_from_ws, sockets) if k)
    kernel = KernelHelper.for_kernel(voila, kernel_id)
    kernels.append(kernel)
    return Table(page, kernel)


@pytest.fixture
def open_table(request, page, kernel_for) -> Iterator[Callable[[str, str], Table]]:
    """``open_table("lab" | "voila", "klondike.ipynb")``: the table with its kernel."""
    kernels: list[KernelHelper] = []

    def opener(where: str, notebook: str) -> Table:
        if where == "voila":
            return open_voila(page, request.getfixturevalue("voila"), notebook, kernels)
        return request.getfixturevalue("open_lab")(notebook)

    yield opener
    for kernel in kernels:
        kernel.close()


def run_and_settle(t: Table, code: str) -> dict[str, Any]:
    """Run ``code`` in the kernel (it changes the table) and wait for the DOM to show it."""
    seq = t.seq()
    t.kernel.run(code)
    return t.settle(seq)


def idle(page) -> None:
    page.wait_for_function(IDLE, timeout=10_000, polling=20)


# ------------------------------------------------------------------ 1. safety
@pytest.mark.parametrize("where", ["lab", "voila"])
def test_restart_then_undo_brings_the_game_back(where, open_table, page, page_errors):
    t = open_table(where, "klondike.ipynb")
    t.check_matches_kernel()
    for _ in range(3):
        seq = t.seq()
        t.click_pile("stock")
        t.settle(seq)
    state = t.state()
    move = next(m for m in state["legal"] if m != "deal" and "x" not in m)
    src, dst = move.split("-")
    seq = t.seq()
    t.drag(src, dst)
    played = t.check_matches_kernel(t.settle(seq))
    assert played["history"] == ["deal", "deal", "deal", move]
    message = t.root.locator(".tw-message")
    told = message.text_content() or ""
    assert told.startswith("Moved the ") and told.endswith(f"to Tableau {dst[1:]}."), told
    # the Winnable? verdict redraws the table's chrome: the move's sentence stays
    seq = t.seq()
    t.button("Winnable?").click()
    page.wait_for_function(
        "() => !['off', 'pending'].includes("
        "document.querySelector('.tw-root .tw-verdict')?.dataset.verdict)",
        timeout=60_000,
    )
    assert t.seq() >= seq + 2 and message.text_content() == told
    seq = t.seq()
    t.button("Winnable?").click()
    t.settle(seq)

    seq = t.seq()
    t.button("Restart").click()
    state = t.check_matches_kernel(t.settle(seq))
    assert state["history"] == []
    assert t.button("Undo").is_enabled()
    assert "Undo brings your game back" in (t.root.locator(".tw-message").text_content() or "")

    seq = t.seq()
    t.button("Undo").click()
    state = t.check_matches_kernel(t.settle(seq))
    assert state["history"] == played["history"] and state["piles"] == played["piles"]
    assert "previous game" in (t.root.locator(".tw-message").text_content() or "")

    # New deal with the n key, then u: the same game again
    t.pile("t1").focus()
    seq = t.seq()
    page.keyboard.press("n")
    state = t.check_matches_kernel(t.settle(seq))
    assert state["history"] == [] and state["piles"] != played["piles"]
    seq = t.seq()
    page.keyboard.press("u")
    state = t.check_matches_kernel(t.settle(seq))
    assert state["history"] == played["history"] and state["piles"] == played["piles"]
    assert page_errors == []


# ------------------------------------------------------------------ 2. game over
LOST_PILES = {
    "f3": ["AH", "2H"],
    "f4": ["AD", "2D"],
    "t1": ["#AC", "#3H", "2S"],
    "t2": ["#AS", "#3D", "2C"],
    "t3": ["#KC", "#QH", "#JC", "#TH", "#9C", "#8H", "7C"],
    "t4": ["#KS", "#QD", "#JS", "#TD", "#9S", "#8D", "7S"],
    "t5": ["#KH", "#QC", "#JH", "#TC", "#9H", "#8C", "7H"],
    "t6": ["#KD", "#QS", "#JD", "#TS", "#9D", "#8S", "7D"],
    "t7": ["#3C", "#4C", "#5C", "#6C", "#3S", "#4S", "5H"],
    "waste": ["5S", "4D", "6D", "6S", "5D", "4H", "6H"],
}
# The two black twos bury each other's way up (the aces and the red threes lie under them):
# lost, proven by the game-over search, while the waste still has moves.
LOST_POSITION = f"Game.from_piles('klondike-no-redeal', {LOST_PILES!r}, rest_to=None)"


def test_lost_banner_and_badge_say_what_is_proven(open_table, page, page_errors):
    t = open_table("lab", "klondike.ipynb")
    seq = t.seq()
    t.kernel.run(f"from terrace_widget import Game; w.load({LOST_POSITION})")
    page.wait_for_selector('.tw-root[data-status="lost"]', timeout=60_000)
    state = t.settle(seq)
    assert state["status"] == "lost" and state["legal"], state["legal"]
    banner = t.root.locator(".tw-banner")
    assert banner.locator("strong").text_content() == "This deal can no longer be won."
    assert "Moves are still allowed" in (banner.get_attribute("title") or "")
    # the banner names the losing move once the post-mortem has found it (issue 27 item 7)
    for _ in range(50):
        post_mortem = t.kernel.json('w.view["post_mortem"]')
        if post_mortem:
            break
        page.wait_for_timeout(100)
    assert post_mortem, "the post-mortem names the losing move"
    page.wait_for_function(
        "([pm]) => (document.querySelector('.tw-root .tw-postmortem')?.textContent ?? '')"
        ".includes(pm)",
        arg=[post_mortem], timeout=10_000,
    )  # fmt: skip
    assert "No more moves" not in (t.root.text_content() or "")
    # moves are still accepted under the banner, as it says: a real drag
    seq = t.seq()
    t.drag("waste", "t3")
    page.wait_for_timeout(300)  # the game-over check and the post-mortem add views
    state = t.check_matches_kernel({**t.settle(seq), "seq": None})
    assert state["history"] == ["waste-t3"]
    save_screenshot(t.root, "lost-lab.png")

    # General's Patience #1: proven unwinnable whichever base is chosen; the badge says so
    # in those words, and not "lost" while the base is still to choose
    state = run_and_settle(t, 'w.new_game("generals-patience", seed=1)')
    assert state["status"] == "choosing-base"
    seq = t.seq()
    t.button("Winnable?").click()
    t.wait_seq_after(seq)
    badge = t.root.locator(".tw-verdict")
    page.wait_for_selector('.tw-root .tw-verdict[data-verdict="unwinnable"]', timeout=60_000)
    assert badge.text_content() == "cannot be won \u2717"
    assert "whichever base card you choose" in (badge.get_attribute("title") or "")
    assert t.root.get_attribute("data-status") == "choosing-base"
    assert page_errors == []


# ------------------------------------------------------------------ 3. layout
def pick_moves(game: Game, count: int, seed: int) -> list[str]:
    """``count`` moves of a real game, chosen at random among the legal ones."""
    rng = random.Random(seed)
    work = game.copy()
    out: list[str] = []
    while len(out) < count and work.status in ("playing", "choosing-base"):
        moves = [str(m) for m in work.legal_moves()]
        forward = [m for m in moves if not m.split("-")[0].startswith("f")]
        move = rng.choice(forward or moves)
        work.play(move)
        out.append(move)
    return out


def output_width(page, t: Table, where: str, width: int) -> None:
    """Make the widget's output `width` pixels wide: in Voila by the output's own width (a
    page of that width), in Lab by the window's width (the notebook's margins around it)."""
    if where == "voila":
        page.set_viewport_size({"width": width + 40, "height": VIEWPORT["height"]})
        page.evaluate(
            "([w]) => { const r = document.querySelector('.tw-root').parentElement;"
            " r.style.width = w + 'px'; r.style.maxWidth = w + 'px'; }",
            [width],
        )
        return
    view = width + 200
    for _ in range(4):
        page.set_viewport_size({"width": view, "height": VIEWPORT["height"]})
        page.wait_for_timeout(300)
        got = t.root.evaluate("(el) => el.getBoundingClientRect().width")
        if abs(got - width) <= 8:
            return
        view += round(width - got)


@pytest.mark.slow
@pytest.mark.parametrize("where", ["voila", "lab"])
def test_the_layout_holds_still_at_every_width(where, open_table, page, page_errors):
    page.emulate_media(reduced_motion="reduce")  # geometry at rest
    t = open_table(where, "terrace.ipynb")
    for width in (360, 600, 1200):
        output_width(page, t, where, width)
        for variant, seed in (("terrace", 12345), ("klondike", 7)):
            run_and_settle(t, f"w.new_game({variant!r}, seed={seed})")
            page.wait_for_timeout(100)  # the ResizeObserver's redraw
            first = t.root.evaluate(GEOMETRY)
            assert abs(first["width"] - width) <= 12, first
            game = Game.from_dict(t.kernel.json("w.game.to_dict()"))
            for k, move in enumerate(pick_moves(game, 40, seed=width)):
                state = run_and_settle(t, f"w.play({move!r})")
                geo = t.root.evaluate(GEOMETRY)
                where_at = f"{variant} at {width} px after {k + 1} moves"
                assert geo["outside"] == [], (where_at, geo["outside"])
                assert not geo["scroll"] and geo["scrollers"] == [], (where_at, geo)
                steady = geo["root"] == first["root"] and geo["felt"] == first["felt"]
                assert steady, (where_at, geo, first)
            t.check_matches_kernel(state)
    assert page_errors == []


GAMES = [
    "terrace", "generals-patience", "falling-stars", "signora", "redheads",
    "blondes-and-brunettes", "wood", "klondike", "klondike-three-card", "klondike-no-redeal",
    "klondike-unlimited",
]  # fmt: skip


@pytest.mark.slow
def test_screenshots_of_every_game_at_three_widths(open_table, page, page_errors):
    """test-artifacts/table-<game>-<width>.png, each after a few real moves."""
    page.emulate_media(reduced_motion="reduce")
    t = open_table("voila", "terrace.ipynb")
    for width in (360, 800, 1400):
        output_width(page, t, "voila", width)
        for variant in GAMES:
            run_and_settle(t, f"w.new_game({variant!r}, seed=4)")
            game = Game.from_dict(t.kernel.json("w.game.to_dict()"))
            moves = pick_moves(game, 12, seed=4)
            record = {**game.record(), "moves": " ".join(moves)}
            seq = t.seq()
            t.kernel.run(f"w.replay({record!r}, delay=0)")
            t.page.wait_for_function(
                "([n]) => document.querySelector('.tw-root')?.dataset.seq >= n",
                arg=[seq + len(moves)], timeout=30_000,
            )  # fmt: skip
            t.settle(seq)
            page.mouse.move(0, 0)
            geo = t.root.evaluate(GEOMETRY)
            assert geo["outside"] == [] and not geo["scroll"], (variant, width, geo)
            save_screenshot(t.root, f"table-{variant}-{width}.png")
    assert page_errors == []


# ------------------------------------------------------------------ 4. animation
def replay_line(line: list[Any], n: int) -> Game:
    game = Game("klondike", seed=3)
    for move in line[:n]:
        game.play(move)
    return game


def played_since(t: Table, n: int) -> list[str]:
    return t.state()["history"][n:]


def test_every_kind_of_move_animates(open_table, page, page_errors):
    t = open_table("lab", "klondike.ipynb")
    page.evaluate(WATCH_ANIMATIONS)
    counts: dict[str, int] = {}

    def animated(kind: str, act: Callable[[], None]) -> dict[str, Any]:
        idle(page)
        seq = t.seq()
        act()
        state = t.check_matches_kernel(t.settle(seq))
        shown = page.evaluate("() => window.__tw.bySeq")
        counts[kind] = max(v for k, v in shown.items() if int(k) > seq)
        return state

    state = animated("deal", lambda: t.click_pile("stock"))
    game = Game.from_dict(t.kernel.json("w.game.to_dict()"))

    build = next(m for m in game.legal_moves() if m.source[0] == "t" and m.target[0] == "t")
    state = animated("drag", lambda: t.drag(build.source, build.target, build.size))

    def click_to_move() -> None:
        move = next(m for m in state["legal"] if m != "deal" and "x" not in m)
        src, dst = move.split("-")
        t.click_pile(src)
        t.click_pile(dst)

    state = animated("click-to-move", click_to_move)
    state = animated("undo", lambda: t.button("Undo").click())
    state = animated("redo", lambda: t.button("Redo").click())

    def keyboard() -> None:
        move = next(m for m in state["legal"] if m != "deal" and "x" not in m)
        src, dst = move.split("-")
        t.pile(src).focus()
        page.keyboard.press("Enter")
        t.pile(dst).focus()
        page.keyboard.press("Enter")

    state = animated("keyboard", keyboard)

    # double-click and the auto-finish: klondike#3 along a solver line
    line = solve(Game("klondike", seed=3), budget=200_000).moves
    assert line, "the solver wins klondike#3 within its budget"

    def replay_to(n: int) -> Game:
        game = Game("klondike", seed=3)
        for move in line[:n]:
            game.play(move)
        seq = t.seq()
        t.kernel.run(f"w.replay({game.record()!r}, delay=0)")
        page.wait_for_function(
            "([n]) => Number(document.querySelector('.tw-root')?.dataset.seq) >= n",
            arg=[seq + n], timeout=30_000,
        )  # fmt: skip
        t.settle(seq)
        assert len(t.state()["history"]) == n
        return game

    up = next(j for j, m in enumerate(line) if m.target[0] == "f" and m.source[0] == "t")
    game = replay_to(up)
    before = len(game.history)
    animated("double-click", lambda: t.dblclick_pile(line[up].source))
    assert played_since(t, before)[0].startswith(line[up].source + "-f")

    k = next(j for j in range(len(line)) if finishing_moves(replay_line(line, j + 1)))
    last = line[k]
    replay_to(k)
    t.kernel.run("w.auto_finish = True")
    idle(page)
    seq = t.seq()
    if last.source == "stock":  # the move that makes the rest go up may be a deal
        t.click_pile("stock")
    else:
        t.drag(last.source, last.target, last.size)
    page.wait_for_selector('.tw-root[data-status="won"]', timeout=30_000)
    t.settle(seq)
    shown = page.evaluate("() => window.__tw.bySeq")
    finish = [v for key, v in shown.items() if int(key) > seq + 1]
    counts["auto-finish"] = min(finish)
    assert len(finish) >= 10, shown  # the last cards fly up one after the other, each drawn
    assert "went up to the foundations by itself" in (
        t.root.locator(".tw-message").text_content() or ""
    )
    save_screenshot(t.root, "won-lab.png")

    state = animated("new deal", lambda: t.button("New deal").click())
    assert all(n > 0 for n in counts.values()), counts
    assert {"deal", "drag", "click-to-move", "undo", "redo", "keyboard", "new deal"} <= set(counts)

    # reduced motion: the same kinds of change, no animation at all
    page.emulate_media(reduced_motion="reduce")
    idle(page)
    page.wait_for_timeout(300)  # the kernel's late views of the new deal (game-over check)
    page.evaluate("() => { window.__tw.bySeq = {}; }")
    seq = t.seq()
    t.click_pile("stock")
    t.settle(seq)
    seq = t.seq()
    t.button("Undo").click()
    t.settle(seq)
    seq = t.seq()
    t.button("Restart").click()
    t.settle(seq)
    shown = page.evaluate("() => window.__tw.bySeq")
    assert shown and all(v == 0 for v in shown.values()), shown
    assert page_errors == []


@pytest.mark.parametrize("where", ["lab", "voila"])
def test_twenty_quick_clicks_make_twenty_moves(where, open_table, page, page_errors):
    """Stock clicks 40 ms apart, each landing while the last deal still animates."""
    t = open_table(where, "klondike.ipynb")
    page.evaluate(WATCH_ANIMATIONS)
    state = t.check_matches_kernel()
    start = len(state["history"])
    x, y = t.drop_point("stock")
    for _ in range(20):
        page.mouse.click(x, y)
        page.wait_for_timeout(40)
    deadline = 200
    while len(t.state()["history"]) < start + 20 and deadline:
        page.wait_for_timeout(50)
        deadline -= 1
    state = t.check_matches_kernel(t.settle(t.seq() - 1))
    assert state["history"][start:] == ["deal"] * 20
    shown = page.evaluate("() => window.__tw.bySeq")
    assert sum(1 for v in shown.values() if v > 0) >= 10, shown  # they did animate

    assert page_errors == []


# ------------------------------------------------------------------ 5. court cards
def test_court_cards_have_artwork(open_table, page, page_errors):
    t = open_table("voila", "terrace.ipynb")
    state = t.check_matches_kernel()
    courts = [c for cards in state["view_piles"].values() for c in cards if c[:1] in "JQK"]
    assert courts, state["view_piles"]
    art = t.root.locator(".tw-card .tw-court").first
    image = art.evaluate("(el) => getComputedStyle(el).backgroundImage")
    assert image.startswith('url("data:image/svg+xml'), image
    box = art.bounding_box()
    assert box and box["width"] > 20 and box["height"] > 40
    assert page_errors == []


def test_a_dragged_card_is_not_clipped_by_the_felt(open_table, page, page_errors):
    """Held above the felt's top edge, the dragged card is still what the pointer is on."""
    t = open_table("voila", "terrace.ipynb")
    t.check_matches_kernel()
    x0, y0 = t.grab_point("t1")
    felt = t.root.locator(".tw-felt").bounding_box()
    assert felt is not None
    mouse = page.mouse
    mouse.move(x0, y0)
    mouse.down()
    mouse.move(x0 + 10, y0 + 10, steps=3)
    above = felt["y"] - 12  # over the message line, outside the felt
    mouse.move(x0, above, steps=10)
    on = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y)?.closest('.tw-card')?.dataset.card ?? null",
        [x0, above],
    )
    mouse.move(x0, y0, steps=5)
    mouse.up()
    assert on == t.state()["piles"]["t1"][-1]
    assert page_errors == []

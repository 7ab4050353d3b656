"""The pages that make the JupyterLite site an app (used by ``tools/build_lite.py``).

* ``index.html``: the front page. The project's name, a picture of the table, one big
  Play link per family, the lessons, the analyses and the source. It keeps JupyterLite's
  configuration element, which every app page reads from the root page.
* ``play/``: the Play app. It is JupyterLite's REPL app, opened with a line that builds the
  table from the page's address (``play/?game=klondike&seed=7``) and with the code hidden.
  A loading message counts the steps while Pyodide starts, and the table fills the width
  on a phone. (Voici was the first choice, but voici 0.10 needs jupyterlite-core < 0.8 and
  a xeus kernel from emscripten-forge, which is neither pip nor npm.)
* the web manifest, a favicon and the app icons, drawn here (no bundled asset).
"""

from __future__ import annotations

import html
import json
import re
import struct
import zlib
from typing import Any

TITLE = "Terrace"
TAGLINE = "Patience as GNOME Aisleriot plays it, in your browser: nothing to install"
PLAY_CODE = 'from terrace_widget.table.app import open_table; open_table("{query}")'
"""The one line the Play app runs; ``{query}`` is the page's query, URI-encoded by the
page (so it holds no quote or backslash) and checked by ``open_table``."""
FAMILIES = (
    ("terrace", "Play Terrace", "Two decks, a base card, round-the-corner foundations"),
    ("klondike", "Play Klondike", "The classic: draw one, two redeals"),
)
LESSONS = (
    ("01-play.ipynb", "Play in a notebook", "the table and the Python that drives it"),
    ("02-rules-tutorial.ipynb", "The rules", "one small position at a time"),
    ("03-terrace-strategy.ipynb", "Terrace strategy", "Aisleriot's tips, with the Coach"),
    ("04-klondike-strategy.ipynb", "Klondike strategy", "when to bring cards down"),
    ("07-what-the-data-teaches.ipynb", "What the data teaches", "two rules no help page gives"),
)
ANALYSES = (
    ("05-analyses.ipynb", "The analyses", "how many deals can be won, measured (saved results)"),
    ("06-scripting-and-agents.ipynb", "Scripting and agents", "programs that play"),
)
FELT = "#1d6b3a"


def lab_link(notebook: str) -> str:
    return f"lab/index.html?path={notebook}"


def front_page(
    jupyterlite_index: str, games: dict[str, tuple[str, str]], *, repository: str | None = None
) -> str:
    """The site's ``index.html``. ``games`` maps each game id to its name and family (a
    family's other games get small links under its big Play link)."""
    config = re.search(
        r'<script id="jupyter-config-data".*?</script>', jupyterlite_index, flags=re.S
    )
    if config is None:
        raise ValueError("JupyterLite's root page has no jupyter-config-data element")
    e = html.escape
    family_links = []
    for family, label, blurb in FAMILIES:
        siblings = " · ".join(
            f'<a href="play/?game={e(gid)}">{e(name)}</a>'
            for gid, (name, its_family) in games.items()
            if its_family == family and gid != family
        )
        family_links.append(
            f'<li><a class="play" href="play/?game={family}">{e(label)}</a>'
            f"<span>{e(blurb)}</span><small>{siblings}</small></li>"
        )
    lessons = "".join(
        f'<li><a href="{lab_link(n)}">{e(label)}</a> <span>{e(blurb)}</span></li>'
        for n, label, blurb in LESSONS
    )
    analyses = "".join(
        f'<li><a href="{lab_link(n)}">{e(label)}</a> <span>{e(blurb)}</span></li>'
        for n, label, blurb in ANALYSES
    )
    if repository:
        source = f'<a href="https://github.com/{e(repository)}">github.com/{e(repository)}</a>'
    else:
        source = 'the project\'s wheel in <a href="pypi/">pypi/</a>'
    return FRONT_PAGE.format(
        title=e(TITLE), tagline=e(TAGLINE), config=config.group(0), felt=FELT,
        families="".join(family_links), lessons=lessons, analyses=analyses, source=source,
    )  # fmt: skip


FRONT_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{title}: patience in your browser</title>
  <meta name="description" content="{tagline}">
  <link rel="icon" href="favicon.svg" type="image/svg+xml">
  <link rel="manifest" href="manifest.webmanifest">
  <meta name="theme-color" content="{felt}">
  {config}
  <style>
    body {{ margin: 0; font: 16px/1.45 system-ui, sans-serif; color: #17251c;
           background: #f4f1e8; }}
    header {{ background: {felt}; color: #fff; padding: 1.2rem 1rem 0; text-align: center; }}
    header h1 {{ margin: 0; font-size: 2.4rem; letter-spacing: .02em; }}
    header p {{ margin: .3rem auto 1rem; max-width: 40rem; }}
    header img {{ display: block; width: 100%; max-width: 56rem; height: auto;
                 margin: 0 auto; }}
    main {{ max-width: 56rem; margin: 0 auto; padding: 1rem; }}
    ul {{ list-style: none; padding: 0; }}
    .families {{ display: grid; gap: 1rem; grid-template-columns: repeat(auto-fit,
                 minmax(15rem, 1fr)); margin: 0 0 1.5rem; }}
    .families li {{ display: flex; flex-direction: column; gap: .3rem; }}
    a.play {{ display: block; padding: 1rem; min-height: 2.5rem; border-radius: .6rem;
             background: #b8322a; color: #fff; font-size: 1.5rem; font-weight: 600;
             text-align: center; text-decoration: none; }}
    a.play:hover, a.play:focus {{ background: #8f241e; }}
    .families small a {{ display: inline-block; padding: .5rem .2rem; min-height: 1.5rem; }}
    h2 {{ font-size: 1.2rem; margin: 1.2rem 0 .3rem; }}
    section li {{ padding: .45rem 0; }}
    section li a {{ font-weight: 600; }}
    footer {{ max-width: 56rem; margin: 0 auto; padding: 1rem; font-size: .9rem; }}
  </style>
</head>
<body>
  <header>
    <h1>{title}</h1>
    <p>{tagline}.</p>
    <img src="table.svg" width="800" height="420"
         alt="A Terrace table: the reserve, the base card on a foundation, the tableau">
  </header>
  <main>
    <ul class="families">{families}</ul>
    <section><h2>Lessons</h2><ul>{lessons}</ul></section>
    <section><h2>Analyses</h2><ul>{analyses}</ul></section>
  </main>
  <footer>
    Everything here runs in this page, on Pyodide (Python compiled to WebAssembly): it
    works offline once loaded, and nothing leaves your computer. Source: {source}.
  </footer>
</body>
</html>
"""

# ---------------------------------------------------------------- the Play app
PLAY_HEAD = """
    <link rel="icon" href="../favicon.svg" type="image/svg+xml">
    <script>
      /* The Play app: the address (?game=klondike&seed=7) becomes the REPL's one line,
         which the kernel checks; the REPL shows no code and no toolbar. */
      (function () {
        const asked = new URLSearchParams(location.search);
        if (asked.has("code")) return;
        sessionStorage.setItem("terrace-play-address", location.search);
        const app = new URLSearchParams({ kernel: "python", toolbar: "0", showBanner: "0",
                                          hideCodeInput: "1" });
        app.append("code", PLAY_CODE.replace("{query}",
                                             encodeURIComponent(location.search)));
        history.replaceState(null, "", location.pathname + "?" + app + location.hash);
      })();
    </script>
    <style>
      #jupyterlite-loading-indicator { display: none !important; }
      .jp-CodeConsole-promptCell, .jp-CodeConsole-input, .jp-Cell-inputWrapper,
      .jp-InputPrompt, .jp-OutputPrompt, .jp-OutputArea-promptOverlay, .jp-CodeConsole-banner,
      .jp-ConsolePanel .jp-Toolbar, #jp-top-panel, #jp-bottom-panel,
      .lm-TabBar { display: none !important; }
      .jp-CodeConsole-content { padding: 0 !important; background: #fff !important; }
      .jp-CodeConsole .jp-Cell { padding: 0 !important; }
      .jp-OutputArea-child { display: block; }
      .jp-OutputArea-output { padding: 0; width: 100%; max-width: 100%; }
      .jp-ConsolePanel, .jp-CodeConsole, .jp-CodeConsole-split { background: #fff !important; }
      .tw-root button, .tw-root select, .tw-root summary, .tw-root [role="switch"] {
        min-height: 40px; min-width: 40px; box-sizing: border-box; }
      .tw-root summary { display: inline-flex; align-items: center; }
      #tw-loading { position: fixed; inset: 0; z-index: 10000; display: flex;
                    flex-direction: column; align-items: center; justify-content: center;
                    gap: .8rem; background: #1d6b3a; color: #fff;
                    font: 18px/1.4 system-ui, sans-serif; text-align: center; padding: 1rem; }
      #tw-loading[hidden] { display: none; }
      #tw-loading progress { width: min(20rem, 80vw); height: 1rem; }
      #tw-loading a { color: #fff; }
    </style>"""

PLAY_BODY = """
    <div id="tw-loading" role="status" aria-live="polite">
      <strong>Terrace</strong>
      <span id="tw-loading-step">Loading the page…</span>
      <progress id="tw-loading-bar" max="4" value="0"></progress>
      <small id="tw-loading-time">Python starts inside this page: the first visit
        downloads about 12 MB, later visits come from the browser's cache.</small>
      <a href="../">Back to the front page</a>
    </div>
    <script>
      /* Steps while Pyodide starts, then the table replaces the message. */
      (function () {
        const started = performance.now();
        const box = document.getElementById("tw-loading");
        const step = document.getElementById("tw-loading-step");
        const bar = document.getElementById("tw-loading-bar");
        const time = document.getElementById("tw-loading-time");
        const steps = ["Loading the page…", "Starting Python (Pyodide) in your browser…",
                       "Loading the game…", "Dealing the cards…"];
        const timer = setInterval(function () {
          const seconds = Math.round((performance.now() - started) / 1000);
          const kernel = window.jupyterapp?.shell?.currentWidget?.sessionContext
                               ?.session?.kernel;
          const status = kernel ? kernel.status : "";
          let at = 0;
          if (document.querySelector(".jp-CodeConsole")) at = 1;
          if (status === "idle" || status === "busy") at = 2;
          if (document.querySelector(".jp-OutputArea-output")) at = 3;
          if (status === "dead") {
            step.textContent = "Python stopped. Reload the page: your game is kept.";
            clearInterval(timer);
            return;
          }
          const table = document.querySelector(".tw-root[data-seq]");
          if (table) {
            box.hidden = true;
            table.scrollIntoView({ block: "start" });
            clearInterval(timer);
            const address = sessionStorage.getItem("terrace-play-address");
            if (address !== null) {
              history.replaceState(null, "", location.pathname + address + location.hash);
            }
            return;
          }
          step.textContent = steps[at];
          bar.value = at + 1;
          time.textContent = seconds + " s";
        }, 100);
      })();
    </script>
"""


def play_page(repl_index: str) -> str:
    """JupyterLite's REPL page made into the Play app."""
    if repl_index.count("<head>") != 1 or repl_index.count("</body>") != 1:
        raise ValueError("JupyterLite's REPL page is not as expected")
    head = PLAY_HEAD.replace("PLAY_CODE", json.dumps(PLAY_CODE))
    page = repl_index.replace("<head>", "<head>" + head, 1)
    page = re.sub(r"<title>.*?</title>", f"<title>Play {TITLE}</title>", page, count=1)
    return page.replace("</body>", PLAY_BODY + "  </body>", 1)


# ---------------------------------------------------------------- manifest and icons
def manifest() -> dict[str, Any]:
    return {
        "name": f"{TITLE}: patience in your browser",
        "short_name": TITLE,
        "description": TAGLINE,
        "icons": [
            {"src": "./favicon.svg", "type": "image/svg+xml", "sizes": "any"},
            {"src": "./icon-192.png", "type": "image/png", "sizes": "192x192"},
            {"src": "./icon-512.png", "type": "image/png", "sizes": "512x512"},
        ],
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": "#f4f1e8",
        "theme_color": FELT,
        "shortcuts": [
            {"name": label, "url": f"./play/?game={family}"} for family, label, _ in FAMILIES
        ],
    }


FAVICON_SVG = f"""<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
<rect width="64" height="64" rx="12" fill="{FELT}"/>
<rect x="16" y="8" width="32" height="48" rx="5" fill="#fff" stroke="#17251c" stroke-width="2"/>
<path d="M32 20 C26 28 20 31 24 37 C27 41 31 38 31 38 L29 46 H35 L33 38 C33 38 37 41 40 37
C44 31 38 28 32 20 Z" fill="#17251c"/>
</svg>
"""


def icon_png(size: int) -> bytes:
    """A square PNG of the icon: a white card on the felt (drawn pixel by pixel)."""
    rows = []
    for y in range(size):
        row = bytearray([0])  # filter: none
        for x in range(size):
            u, v = x / size, y / size
            card = 0.25 <= u <= 0.75 and 0.125 <= v <= 0.875
            mark = abs(u - 0.5) + abs(v - 0.5) < 0.13
            rgb = (23, 37, 28) if mark else (255, 255, 255) if card else (29, 107, 58)
            row += bytes(rgb)
        rows.append(bytes(row))
    raw = zlib.compress(b"".join(rows), 9)

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


def favicon_ico() -> bytes:
    """``favicon.ico`` holding one 32x32 PNG (the form every current browser reads)."""
    png = icon_png(32)
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 32, 32, 0, 0, 1, 32,
                                                      len(png), 22) + png  # fmt: skip

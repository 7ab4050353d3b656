"""Build the JupyterLite site: play in the browser, with nothing to install (``bash run.sh lite``).

The site runs the package on Pyodide in a Web Worker and needs no server. Everything it
uses is served by the site itself, so it also works offline and from any static host:

* the build tools, pinned in ``lite/requirements.txt``, in their own virtual environment;
* Pyodide, the npm package pinned in ``lite/package-lock.json`` (314.0.8: 314.0.6 could
  crash mid-game, pyodide#6464), plus the pure-Python wheels its lock file names for the
  kernel (IPython, traitlets, ...), taken from PyPI at the exact versions of that lock and
  checked against ``lite/pyodide-wheels.txt`` (the lock's checksums are rewritten for
  those files);
* a local package index (``pypi/``) with the project's own wheel, rebuilt from this
  checkout at every build, and the widget's dependencies (``lite/kernel-requirements.txt``);
  they are also preloaded when the kernel starts, so the first cell needs no install;
* the notebooks: 01-04 and 06 run in the browser, but for the cells that need what it
  lacks (matplotlib, the data files, a process pool), which show their code and saved
  output and are never erased; 05 shows its saved results only.

Downloads and tools are cached under ``build/lite/``: a second build takes seconds.
``_site/terrace-widget-build.json`` records a hash of the package sources the wheel was
built from (``tests/browser/test_lite.py`` checks it against the checkout).
"""

from __future__ import annotations

import argparse
import ast
import base64
import contextlib
import functools
import hashlib
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import time
import zipfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import lite_pages as pages  # tools/ is not a package: found through sys.path

ROOT = Path(__file__).resolve().parents[1]
LITE = ROOT / "lite"
PACKAGE = ROOT / "terrace_widget"
DEFAULT_CACHE = ROOT / "build" / "lite"
PYODIDE_WHEELS = LITE / "pyodide-wheels.txt"
"""The checksums of the PyPI wheels the self-hosted Pyodide's lock names for the kernel."""
DEFAULT_SITE = ROOT / "_site"
BUILD_INFO = "terrace-widget-build.json"

PYODIDE_CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
KERNEL_BOOT = ("micropip", "ipython", "jedi", "traitlets", "typing-extensions", "packaging")
"""Packages of Pyodide's lock the kernel loads (with their dependencies, from the lock)."""
PRELOAD = "terrace-widget"
"""Loaded with Pyodide, before the first cell runs (with the dependencies below)."""
PRELOAD_DEPENDS = {
    "terrace-widget": ["anywidget", "ipywidgets", "traitlets"],
    "anywidget": ["ipywidgets", "psygnal", "typing-extensions"],
    "ipywidgets": ["comm", "ipython", "traitlets"],
    "comm": [],
    "psygnal": [],
}
"""The import-time dependencies (``jupyterlab_widgets`` and ``widgetsnbextension`` only
carry front-end files, which the site already holds as extensions)."""

NOTEBOOKS = {
    "01-play.ipynb": "run",
    "02-rules-tutorial.ipynb": "run",
    "03-terrace-strategy.ipynb": "run",
    "04-klondike-strategy.ipynb": "run",
    "05-analyses.ipynb": "saved",
    "06-scripting-and-agents.ipynb": "run",
    "07-what-the-data-teaches.ipynb": "run",
}
"""``run``: runs in the browser (a cell that needs what the browser lacks keeps its saved
output, see :func:`browser_reasons`); ``saved``: every cell shows its saved output."""
PYODIDE_KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
BROWSER_MISSING = ("matplotlib", "numpy", "pandas", "scipy", "gymnasium", "tqdm", "distributed")
"""Modules a notebook may import that have no wheel for the site (compiled ones live only
on Pyodide's CDN): a cell that imports one keeps its saved output in the browser."""
NEEDS_MISSING = re.compile(
    rf"^\s*(?:import|from)\s+({'|'.join(BROWSER_MISSING)})\b|^%(matplotlib)\b", re.M
)

RUN_NOTE = (
    "> **In the browser.** This copy of the notebook runs on Pyodide, Python compiled to "
    "WebAssembly, inside this page: nothing is installed and nothing leaves your computer. "
    "The solver is slower here, so the table's Hint and *Winnable?* search for a shorter "
    'time and say so ("browser kernel: quick search").'
)
SAVED_NOTE = (
    "> **In the browser, this notebook shows its saved results.** It needs matplotlib and "
    "a process pool, which the browser kernel (Pyodide) does not have offline, so its "
    "code is shown with the tables and figures saved with it, and nothing here is erased "
    "by running it. To run it, install the project (`bash run.sh play`)."
)
SAVED_CELL_NOTE = (
    "*Not run in the browser, which lacks what this cell needs: {reasons}. Its code, and "
    "below it the output saved with the notebook:*"
)
"""A cell the browser cannot run becomes a Markdown cell with its code and saved output:
Run All skips it, so the saved output is never erased."""
LITE_RUN_TAG = "lite-run"
LITE_SAVED_TAG = "lite-saved"
"""Cell tags that overrule the guess of :func:`browser_reasons` either way."""
NEEDS_OTHER = {
    "matplotlib (a figure)": re.compile(r"\bplots\.\w+\(|\bplt\."),
    "the data files of notebooks/data": re.compile(r"""["']data/"""),
    "a process pool": re.compile(r"ProcessPool|multiprocessing|\bworkers\s*="),
}
"""What else a cell may need that the site lacks: figures (``studies.plots`` draws with
matplotlib), the notebooks' data files (16 MB, left out of the site) and process pools."""
NBVAL_TAGS = {
    "# NBVAL_IGNORE_OUTPUT": "nbval-ignore-output",
    "# NBVAL_CHECK_OUTPUT": "nbval-check-output",
    "# NBVAL_SKIP": "nbval-skip",
    "# NBVAL_RAISES_EXCEPTION": "raises-exception",
}
"""The test markers of the notebooks, as the cell tags nbval reads instead (not shown)."""


def log(message: str) -> None:
    print(f"[build_lite] {message}", file=sys.stderr, flush=True)


def run(command: list[str | Path], **kwargs: Any) -> None:
    subprocess.run([str(c) for c in command], check=True, **kwargs)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def stamp_is(stamp: Path, value: str) -> bool:
    return stamp.exists() and stamp.read_text() == value


# ---------------------------------------------------------------- the source hash
def package_files(root: Path = PACKAGE) -> dict[str, bytes]:
    """The package as the wheel holds it: ``terrace_widget/...`` path to content."""
    files = {}
    for path in sorted(root.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
            files[path.relative_to(root.parent).as_posix()] = path.read_bytes()
    return files


def wheel_package_files(wheel: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(wheel) as archive:
        return {
            name: archive.read(name)
            for name in sorted(archive.namelist())
            if name.startswith("terrace_widget/") and not name.endswith("/")
        }


def source_hash(files: dict[str, bytes]) -> str:
    """One hash over the package's file names and contents."""
    digest = hashlib.sha256()
    for name, content in sorted(files.items()):
        digest.update(name.encode() + b"\0" + hashlib.sha256(content).digest())
    return digest.hexdigest()


# ---------------------------------------------------------------- tools and downloads
def ensure_tools(cache: Path) -> Path:
    """The pinned build tools in ``cache/venv``; returns its ``bin`` directory."""
    venv = cache / "venv"
    requirements = LITE / "requirements.txt"
    stamp = venv / ".terrace-widget-lite"
    want = sha256(requirements)
    if not stamp_is(stamp, want):
        log(f"installing the build tools ({requirements.relative_to(ROOT)}) into {venv} ...")
        if not (venv / "bin" / "python").exists():
            run([sys.executable, "-m", "venv", venv])
        pip = [venv / "bin" / "python", "-m", "pip"]
        run([*pip, "install", "-q", "-r", requirements], env=pip_env())
        stamp.write_text(want)
    return venv / "bin"


def pip_env() -> dict[str, str]:
    env = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_NO_INPUT="1")
    env["PIP_CONSTRAINT"] = ""  # the pins here are exact; no machine-wide cap applies
    return env


def ensure_pyodide(cache: Path) -> Path:
    """``npm ci`` of ``lite/package.json`` in ``cache/npm``; returns the pyodide package."""
    npm_dir = cache / "npm"
    npm_dir.mkdir(parents=True, exist_ok=True)
    lock = LITE / "package-lock.json"
    stamp = npm_dir / ".terrace-widget-lite"
    want = sha256(lock) + sha256(LITE / "package.json")
    if not stamp_is(stamp, want):
        log("installing Pyodide from npm (lite/package-lock.json) ...")
        for name in ("package.json", "package-lock.json"):
            shutil.copyfile(LITE / name, npm_dir / name)
        npm = shutil.which("npm")
        if npm is None:
            sys.exit("[build_lite] error: npm not found (install Node.js 18+)")
        run([npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=npm_dir)
        stamp.write_text(want)
    return npm_dir / "node_modules" / "pyodide"


def download_wheels(bin_dir: Path, specs: Iterable[str], dest: Path) -> None:
    """Pure-Python wheels of exactly these versions (already downloaded ones are kept)."""
    dest.mkdir(parents=True, exist_ok=True)
    missing = [s for s in specs if find_wheel(dest, s) is None]
    if not missing:
        return
    log(f"downloading {len(missing)} wheels from PyPI: {' '.join(missing)}")
    run(
        [bin_dir / "python", "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
         "--platform", "any", "--python-version", "3.14", "--implementation", "py",
         "--abi", "none", "-d", dest, *missing],
        env=pip_env(),
    )  # fmt: skip


def find_wheel(folder: Path, spec: str) -> Path | None:
    """The wheel of ``name==version`` in ``folder`` (names compared as PyPI does)."""
    name, version = spec.split("==")
    for wheel in sorted(folder.glob("*.whl")):
        wheel_name, wheel_version = wheel.name.split("-")[:2]
        if normal(wheel_name) == normal(name) and wheel_version == version:
            return wheel
    return None


def wheel_of(folder: Path, spec: str) -> Path:
    wheel = find_wheel(folder, spec)
    if wheel is None:
        sys.exit(f"[build_lite] error: no wheel of {spec} in {folder}")
    return wheel


def pinned(requirements: Path) -> list[str]:
    """The ``name==version`` lines of a requirements file (without their ``--hash``)."""
    lines = [line.split("#")[0].strip() for line in requirements.read_text().splitlines()]
    return [line.split()[0] for line in lines if line]


def pinned_hashes(requirements: Path) -> dict[str, str]:
    """``name==version`` (names as PyPI compares them) to the sha256 its line pins."""
    hashes = {}
    for line in requirements.read_text().splitlines():
        found = re.fullmatch(r"\s*([\w.-]+)==(\S+)\s+--hash=sha256:([0-9a-f]{64})\s*", line)
        if found:
            hashes[f"{normal(found[1])}=={found[2]}"] = found[3]
    return hashes


def check_pinned(wheel: Path, spec: str, hashes: dict[str, str], source: Path) -> None:
    """Stop the build unless ``wheel`` is the file ``source`` pins for ``spec``."""
    name, version = spec.split("==")
    want = hashes.get(f"{normal(name)}=={version}")
    if want is None:
        sys.exit(f"[build_lite] error: {spec} has no checksum in {source.relative_to(ROOT)}")
    if sha256(wheel) != want:
        sys.exit(
            f"[build_lite] error: {wheel.name} does not match its checksum in "
            f"{source.relative_to(ROOT)} (delete it from the cache to download it again)"
        )


def build_project_wheel(bin_dir: Path, dest: Path) -> Path:
    if dest.exists():
        shutil.rmtree(dest)
    run(
        [bin_dir / "python", "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation",
         "-w", dest, ROOT],
        env=pip_env(),
    )  # fmt: skip
    (wheel,) = dest.glob("terrace_widget-*.whl")
    return wheel


# ---------------------------------------------------------------- Pyodide, self-hosted
def closure(lock: dict[str, Any], roots: Iterable[str]) -> list[str]:
    """The roots and their dependencies in Pyodide's lock, in a stable order."""
    seen: list[str] = []
    todo = [normal(r) for r in roots]
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.append(name)
            todo.extend(normal(d) for d in lock[name]["depends"])
    return sorted(seen)


def normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def assemble_pyodide(
    pyodide: Path, bin_dir: Path, cache: Path, kernel_wheels: list[Path], dest: Path
) -> None:
    """Pyodide's core files, the kernel's wheels and a lock that lists exactly those."""
    dest.mkdir(parents=True)
    for name in PYODIDE_CORE:
        shutil.copyfile(pyodide / name, dest / name)
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    keys = {normal(n): n for n in lock["packages"]}  # the lock's own spelling is kept
    packages = {normal(n): p for n, p in lock["packages"].items()}
    needed = closure(packages, KERNEL_BOOT)
    for name in needed:
        if not packages[name]["file_name"].endswith("-none-any.whl"):
            sys.exit(f"[build_lite] error: {name} is not pure Python in Pyodide's lock")
    wheels = cache / "wheels" / "pyodide"
    download_wheels(bin_dir, [f"{packages[n]['name']}=={packages[n]['version']}" for n in needed],
                    wheels)  # fmt: skip
    kept = {}
    hashes = pinned_hashes(PYODIDE_WHEELS)
    for name in needed:
        entry = dict(packages[name])
        wheel = wheel_of(wheels, f"{entry['name']}=={entry['version']}")
        check_pinned(wheel, f"{entry['name']}=={entry['version']}", hashes, PYODIDE_WHEELS)
        shutil.copyfile(wheel, dest / wheel.name)
        # Pyodide repacks the wheels it hosts: the PyPI file has another checksum
        entry.update(file_name=wheel.name, sha256=sha256(wheel))
        kept[keys[name]] = entry
    for wheel in kernel_wheels:
        name = normal(wheel.name.split("-")[0])
        if name not in PRELOAD_DEPENDS:
            continue
        shutil.copyfile(wheel, dest / wheel.name)
        kept[name] = {
            "name": name, "version": wheel.name.split("-")[1], "file_name": wheel.name,
            "install_dir": "site", "sha256": sha256(wheel), "package_type": "package",
            "imports": [name.replace("-", "_")], "depends": PRELOAD_DEPENDS[name],
            "unvendored_tests": False, "shared_library": False,
        }  # fmt: skip
    missing = {normal(d) for p in kept.values() for d in p["depends"]} - {normal(k) for k in kept}
    if missing:
        sys.exit(f"[build_lite] error: the lock would miss {sorted(missing)}")
    lock["packages"] = kept
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))


# ---------------------------------------------------------------- notebooks
def markdown(text: str) -> dict[str, Any]:
    return {"cell_type": "markdown", "metadata": {}, "source": text}


def binder_link(repository: str, notebook: str) -> str:
    """The mybinder.org link that opens ``notebook`` of GitHub's ``owner/name``."""
    if not re.fullmatch(r"[\w.-]+/[\w.-]+", repository):
        raise ValueError(f"not a GitHub owner/name: {repository!r}")
    return f"https://mybinder.org/v2/gh/{repository}/HEAD?urlpath=lab/tree/notebooks/{notebook}"


def lite_notebook(
    notebook: dict[str, Any], mode: str, *, name: str = "", repository: str | None = None
) -> dict[str, Any]:
    """The browser copy: Pyodide's kernel, a note on top, test markers as tags, saved
    widgets drawn as their saved pictures, and the cells the browser cannot run turned into
    Markdown with their saved output; with ``repository`` (GitHub's ``owner/name``) the
    note links the notebook on Binder."""
    nb = json.loads(json.dumps(notebook))
    nb["metadata"]["kernelspec"] = dict(PYODIDE_KERNELSPEC)
    nb["metadata"].pop("language_info", None)
    widget_state = nb["metadata"].get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    cells = []
    made: set[str] = set()  # names the cells run so far define
    unmade: set[str] = set()  # names only the cells left unrun define
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            tags_from_markers(cell)
            reasons = ["matplotlib and a process pool"] if mode == "saved" else []
            reasons = reasons or browser_reasons(cell)
            defined, used = names_of("".join(cell["source"]))
            needs = sorted((used - defined) & unmade)
            if needs and not reasons:
                reasons = [f"{', '.join(f'`{n}`' for n in needs)}, made by a cell not run here"]
            if reasons:
                unmade |= defined - made
            else:
                made |= defined
                unmade -= defined
            if reasons:
                cell = saved_cell(cell, reasons)
            else:
                for output in cell.get("outputs", []):
                    picture_without_state(output, widget_state)
                if cell.get("outputs"):
                    # the project's own saved outputs: JupyterLab draws an untrusted cell's
                    # SVG as text (its repr), and there is no server here to sign them
                    cell["metadata"]["trusted"] = True
        cells.append(cell)
    title = 1 if cells and cells[0]["cell_type"] == "markdown" else 0
    note = RUN_NOTE if mode == "run" else SAVED_NOTE
    if repository:
        link = binder_link(repository, name)
        note += f" The same notebook with a full Python, on Binder: [{name}]({link})."
    cells.insert(title, markdown(note))
    nb["cells"] = cells
    return nb


WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def tags_from_markers(cell: dict[str, Any]) -> None:
    """Move ``# NBVAL_...`` lines of a code cell into its tags."""
    lines = "".join(cell["source"]).splitlines()
    markers = [line.strip() for line in lines if line.strip() in NBVAL_TAGS]
    if not markers:
        return
    tags = cell.setdefault("metadata", {}).setdefault("tags", [])
    tags.extend(NBVAL_TAGS[m] for m in markers if NBVAL_TAGS[m] not in tags)
    cell["source"] = "\n".join(line for line in lines if line.strip() not in NBVAL_TAGS)


def browser_reasons(cell: dict[str, Any]) -> list[str]:
    """Why the browser kernel cannot run this code cell (empty: it can)."""
    tags = cell.get("metadata", {}).get("tags", [])
    if LITE_RUN_TAG in tags:
        return []
    source = "".join(cell["source"])
    reasons = missing_modules(source)
    reasons += [
        what
        for what, pattern in NEEDS_OTHER.items()
        if pattern.search(source) and what.split()[0] not in reasons
    ]
    if LITE_SAVED_TAG in tags and not reasons:
        reasons.append("a full Python")
    return list(dict.fromkeys(reasons))


def names_of(source: str) -> tuple[set[str], set[str]]:
    """The names a cell defines and the ones it reads (both empty if it does not parse)."""
    code = "\n".join(
        line for line in source.splitlines() if not line.lstrip().startswith(("%", "!"))
    )
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return set(), set()
    defined, used = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (defined if isinstance(node.ctx, ast.Store) else used).add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            defined.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            defined.update((a.asname or a.name).split(".")[0] for a in node.names)
    return defined, used


def missing_modules(source: str) -> list[str]:
    """The modules of ``BROWSER_MISSING`` a cell imports (or ``%matplotlib``), in order."""
    found = [a or b for a, b in NEEDS_MISSING.findall(source)]
    return list(dict.fromkeys(found))


def picture_without_state(output: dict[str, Any], state: dict[str, Any]) -> None:
    """A saved widget whose state the notebook does not hold shows its saved picture (the
    widget's SVG), not "Loading widget..." or an object's repr; running the cell brings the
    live widget back."""
    data = output.get("data", {})
    view = data.get(WIDGET_VIEW)
    if view is not None and view.get("model_id") not in state and len(data) > 2:
        del data[WIDGET_VIEW]


def saved_cell(cell: dict[str, Any], reasons: list[str]) -> dict[str, Any]:
    """A Markdown cell with the code cell's source and its saved outputs (figures, tables,
    text), which Run All does not touch."""
    source = "".join(cell["source"]).rstrip()
    parts = [SAVED_CELL_NOTE.format(reasons=" and ".join(reasons)), fenced(source, "python")]
    parts += [p for p in (output_markdown(o) for o in cell.get("outputs", [])) if p]
    tags = [t for t in cell.get("metadata", {}).get("tags", []) if not t.startswith("nbval")]
    metadata: dict[str, Any] = {"tags": [*tags, LITE_SAVED_TAG]}
    return {"cell_type": "markdown", "metadata": metadata, "source": "\n\n".join(parts)}


def fenced(text: str, language: str = "") -> str:
    fence = "````" if "```" in text else "```"
    return f"{fence}{language}\n{text.rstrip()}\n{fence}"


def output_markdown(output: dict[str, Any]) -> str:
    """One saved output as Markdown: a picture as an inline image, HTML as it is, text
    fenced; errors and live widgets are left out."""
    kind = output.get("output_type")
    if kind == "stream":
        return fenced("".join(output.get("text", "")))
    if kind not in ("display_data", "execute_result"):
        return ""
    data = output.get("data", {})
    for mime in ("image/png", "image/jpeg", "image/svg+xml"):
        if mime in data:
            content = "".join(data[mime])
            if mime == "image/svg+xml":
                content = base64.b64encode(content.encode()).decode()
            return f'<img alt="saved output" src="data:{mime};base64,{content.strip()}">'
    if "text/html" in data:
        return "".join(data["text/html"])
    if "text/markdown" in data:
        return "".join(data["text/markdown"])
    if "text/plain" in data and WIDGET_VIEW not in data:
        return fenced("".join(data["text/plain"]))
    return ""


def stage_notebooks(dest: Path, repository: str | None = None) -> list[str]:
    dest.mkdir(parents=True)
    staged = []
    for name, mode in NOTEBOOKS.items():
        source = ROOT / "notebooks" / name
        if not source.exists():
            log(f"warning: {source.relative_to(ROOT)} is missing; left out of the site")
            continue
        nb = lite_notebook(json.loads(source.read_text()), mode, name=name, repository=repository)
        (dest / name).write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n")
        staged.append(name)
    return staged


# ---------------------------------------------------------------- the build
def build(site: Path, cache: Path, repository: str | None = None) -> dict[str, Any]:
    started = time.monotonic()
    cache.mkdir(parents=True, exist_ok=True)
    bin_dir = ensure_tools(cache)
    pyodide = ensure_pyodide(cache)
    kernel_dir = cache / "wheels" / "kernel"
    requirements = LITE / "kernel-requirements.txt"
    specs, hashes = pinned(requirements), pinned_hashes(requirements)
    download_wheels(bin_dir, specs, kernel_dir)
    kernel_wheels = [wheel_of(kernel_dir, s) for s in specs]
    for spec, wheel in zip(specs, kernel_wheels, strict=True):
        check_pinned(wheel, spec, hashes, requirements)
    project = build_project_wheel(bin_dir, cache / "project")
    kernel_wheels.append(project)

    stage = cache / "stage"
    if stage.exists():
        shutil.rmtree(stage)
    stage.mkdir()
    for name in ("jupyter_lite_config.json", "jupyter-lite.json", "overrides.json"):
        shutil.copyfile(LITE / name, stage / name)
    (stage / "pypi").mkdir()
    for wheel in kernel_wheels:
        shutil.copyfile(wheel, stage / "pypi" / wheel.name)
    assemble_pyodide(pyodide, bin_dir, cache, kernel_wheels, stage / "static" / "pyodide")
    notebooks = stage_notebooks(stage / "files", repository)

    if site.exists():
        shutil.rmtree(site)
    log(f"jupyter lite build into {site} ...")
    run([bin_dir / "jupyter", "lite", "build", "--lite-dir", stage, "--contents",
         stage / "files", "--output-dir", site],
        cwd=stage, env=dict(pip_env(), JUPYTER_PLATFORM_DIRS="1"),
        stdout=subprocess.DEVNULL)  # fmt: skip
    drop_legacy_fonts(site / "build")
    (site / ".nojekyll").touch()  # GitHub Pages: serve folders that start with "_"
    app_pages(site, repository)
    info = {
        "package_sha256": source_hash(package_files()),
        "wheel": project.name,
        "wheel_sha256": sha256(project),
        "notebooks": notebooks,
        "pyodide": json.loads((pyodide / "package.json").read_text())["version"],
    }
    (site / BUILD_INFO).write_text(json.dumps(info, indent=1) + "\n")
    size = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
    log(f"built {site} ({size / 1e6:.1f} MB) in {time.monotonic() - started:.0f} s")
    return info


def drop_legacy_fonts(build_dir: Path) -> None:
    """Font Awesome's EOT, TrueType and SVG fonts (2.5 MB): every browser that runs
    WebAssembly takes the WOFF2 files listed first in the same ``@font-face`` rules."""
    for pattern in ("fa-*.eot", "fa-*.ttf", "fa-*.svg"):
        for path in build_dir.glob(pattern):
            path.unlink()


def app_pages(site: Path, repository: str | None = None) -> None:
    """The front page, the Play app (``play/``), the web manifest and the icons."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from terrace_widget.rules.variants import VARIANTS

    index = site / "index.html"
    games = {gid: (rules.name, rules.family) for gid, rules in VARIANTS.items()}
    index.write_text(pages.front_page(index.read_text(), games, repository=repository))
    shutil.copytree(site / "repl", site / "play")
    play = site / "play" / "index.html"
    play.write_text(pages.play_page(play.read_text()))
    (site / "manifest.webmanifest").write_text(json.dumps(pages.manifest(), indent=1) + "\n")
    (site / "favicon.svg").write_text(pages.FAVICON_SVG)
    (site / "favicon.ico").write_bytes(pages.favicon_ico())
    for size in (192, 512):
        (site / f"icon-{size}.png").write_bytes(pages.icon_png(size))
    (site / "table.svg").write_text(front_picture())


def front_picture() -> str:
    """The front page's picture: a Terrace deal a few moves in (what a person sees)."""
    from terrace_widget import Game
    from terrace_widget.game.render import svg_board

    game = Game("terrace", seed=12345)
    for move in ("t2-f6", "deal"):
        game.play(move)
    return str(svg_board(game.observation(prove_loss=False), width=800))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, default=DEFAULT_SITE, help="output folder")
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE, help="tools and downloads")
    parser.add_argument(
        "--repository",
        default=os.environ.get("GITHUB_REPOSITORY") or None,
        metavar="OWNER/NAME",
        help="the GitHub repository, for Binder links in the notebooks' notes "
        "(default: $GITHUB_REPOSITORY, which GitHub Actions sets)",
    )
    parser.add_argument(
        "--serve", type=int, nargs="?", const=8000, metavar="PORT",
        help="then serve the site on 127.0.0.1:PORT (default 8000) until Ctrl+C",
    )  # fmt: skip
    args = parser.parse_args(argv)
    site = args.site.resolve()
    build(site, args.cache.resolve(), args.repository)
    if args.serve is not None:
        serve(site, args.serve)
    return 0


def serve(site: Path, port: int) -> None:
    """What ``python -m http.server`` does, on the loopback address only."""
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(site))
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        log(f"serving on http://127.0.0.1:{port}/ (the front page; Ctrl+C stops)")
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()


if __name__ == "__main__":
    raise SystemExit(main())

"""Build the JupyterLite site: play in the browser, with nothing to install (``bash run.sh lite``).

The site runs the package on Pyodide in a Web Worker and needs no server. Everything it
uses is served by the site itself, so it also works offline and from any static host:

* the build tools, pinned in ``lite/requirements.txt``, in their own virtual environment;
* Pyodide, the npm package pinned in ``lite/package-lock.json``, plus the pure-Python
  wheels its lock file names for the kernel (IPython, traitlets, ...), taken from PyPI at
  the exact versions of that lock (whose checksums are rewritten for those files);
* a local package index (``pypi/``) with the project's own wheel, rebuilt from this
  checkout at every build, and the widget's dependencies (``lite/kernel-requirements.txt``);
  they are also preloaded when the kernel starts, so the first cell needs no install;
* the notebooks that run in a browser (01, 02, 06), and 03-05 with their saved outputs
  (they need matplotlib and a process pool, which the browser kernel lacks).

Downloads and tools are cached under ``build/lite/``: a second build takes seconds.
``_site/terrace-widget-build.json`` records a hash of the package sources the wheel was
built from (``tests/browser/test_lite.py`` checks it against the checkout).
"""

from __future__ import annotations

import argparse
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

ROOT = Path(__file__).resolve().parents[1]
LITE = ROOT / "lite"
PACKAGE = ROOT / "terrace_widget"
DEFAULT_CACHE = ROOT / "build" / "lite"
DEFAULT_SITE = ROOT / "_site"
BUILD_INFO = "terrace-widget-build.json"
PLAY_URL = "lab/index.html?path=01-play.ipynb"

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
    "03-terrace-strategy.ipynb": "saved",
    "04-klondike-strategy.ipynb": "saved",
    "05-analyses.ipynb": "saved",
    "06-scripting-and-agents.ipynb": "run",
}
"""``run``: runs in the browser (a cell that needs a module of ``BROWSER_MISSING`` keeps its
saved output);
``saved``: shows the outputs saved with the notebook, its cells only print a note."""
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
    "cells only print a note when run; the tables and figures below were saved with it. "
    "To run it, install the project (`bash run.sh play`)."
)
GUARD_NOTE = "Not run in the browser: the output saved with the notebook was here."
MISSING_NOTE = "This cell needs {modules}, which the browser kernel does not have offline: \
the output below is the one saved with the notebook."


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
    lines = [line.split("#")[0].strip() for line in requirements.read_text().splitlines()]
    return [line for line in lines if line]


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
    for name in needed:
        entry = dict(packages[name])
        wheel = wheel_of(wheels, f"{entry['name']}=={entry['version']}")
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
    """The browser copy: Pyodide's kernel, a note on top, unrunnable cells guarded; with
    ``repository`` (GitHub's ``owner/name``) the note links the notebook on Binder."""
    nb = json.loads(json.dumps(notebook))
    nb["metadata"]["kernelspec"] = dict(PYODIDE_KERNELSPEC)
    nb["metadata"].pop("language_info", None)
    cells = []
    for cell in nb["cells"]:
        source = "".join(cell["source"])
        missing = missing_modules(source) if cell["cell_type"] == "code" else []
        if cell["cell_type"] == "code" and (mode == "saved" or missing):
            if mode == "run":
                cells.append(markdown(f"*{MISSING_NOTE.format(modules=' and '.join(missing))}*"))
            cell["source"] = guarded(source)
        cells.append(cell)
    title = 1 if cells and cells[0]["cell_type"] == "markdown" else 0
    note = RUN_NOTE if mode == "run" else SAVED_NOTE
    if repository:
        link = binder_link(repository, name)
        note += f" The same notebook with a full Python, on Binder: [{name}]({link})."
    cells.insert(title, markdown(note))
    nb["cells"] = cells
    return nb


def missing_modules(source: str) -> list[str]:
    """The modules of ``BROWSER_MISSING`` a cell imports (or ``%matplotlib``), in order."""
    found = [a or b for a, b in NEEDS_MISSING.findall(source)]
    return list(dict.fromkeys(found))


def guarded(source: str) -> str:
    """The cell's code, run only outside the browser; in it, a note keeps the saved output."""
    lines = source.splitlines()
    head = [line for line in lines if line.startswith("# NBVAL")]
    body = [line for line in lines if not line.startswith("# NBVAL")]
    body = [f"# {line}" if line.startswith("%") else line for line in body]  # no magics
    indented = "\n".join(f"    {line}" if line.strip() else "" for line in body)
    return "\n".join([
        *head,
        "import sys",
        "",
        'if sys.platform == "emscripten":  # the browser kernel (Pyodide)',
        f"    print({GUARD_NOTE!r})",
        "else:",
        indented.rstrip() or "    pass",
    ])  # fmt: skip


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
    specs = pinned(LITE / "kernel-requirements.txt")
    download_wheels(bin_dir, specs, kernel_dir)
    kernel_wheels = [wheel_of(kernel_dir, s) for s in specs]
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
    open_on_play(site / "index.html")
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


def open_on_play(index: Path) -> None:
    """The site's root page opens the Play notebook (instead of an empty JupyterLab).

    The root ``index.html`` also carries the configuration every app page reads, so it is
    kept, with a redirect that runs before its module script."""
    html = index.read_text()
    anchor = '<script type="module">'
    if html.count(anchor) != 1:
        sys.exit(f"[build_lite] error: {index} is not JupyterLite's root page as expected")
    redirect = f'<script>location.replace("{PLAY_URL}" + location.hash);</script>\n    '
    index.write_text(html.replace(anchor, redirect + anchor))


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
        log(f"serving on http://127.0.0.1:{port}/ (the Play notebook; Ctrl+C stops)")
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()


if __name__ == "__main__":
    raise SystemExit(main())

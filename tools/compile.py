"""Build a compiled copy of the package for long measurements: the same source, with the
search (``solver.py``) and the engine's ``Table`` (``engine.py``) compiled by mypyc.

    python tools/compile.py                 # -> build/compiled/terrace_widget
    PYTHONPATH=build/compiled:. python -P -m benchmarks escalate ...

The copy lives outside the source tree, so the package, its wheel and the JupyterLite
build stay pure Python; a benchmark uses the compiled copy only when ``PYTHONPATH`` puts
it first (worker processes inherit it). mypyc compiles the very same files: the search
visits the same nodes in the same order and returns the same verdicts and lines, about
twice as fast (``tests/test_compiled.py`` checks the sameness; docs/solver.md, "Raw
speed", has the figures). Needs mypy (the test extra), setuptools and a C compiler.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMPILED_MODULES = ("solver.py", "engine.py")
"""The modules mypyc compiles; the rest of the package is copied as it is."""

_SETUP = textwrap.dedent(
    """
    from setuptools import setup
    from mypyc.build import mypycify

    setup(
        name="terrace-widget-compiled",
        packages=[],
        ext_modules=mypycify(
            ["--ignore-missing-imports", {modules}], opt_level="3", verbose=False
        ),
    )
    """
)


def build(target: Path = ROOT / "build" / "compiled", *, quiet: bool = True) -> Path:
    """Copy the package into ``target`` and compile its search there; returns ``target``.

    ``target`` is then a folder to put first on ``sys.path`` (or ``PYTHONPATH``).
    """
    target = target.resolve()
    package = target / "terrace_widget"
    if package.exists():
        shutil.rmtree(package)
    target.mkdir(parents=True, exist_ok=True)
    shutil.copytree(
        ROOT / "terrace_widget",
        package,
        ignore=shutil.ignore_patterns("__pycache__", "*.so", "static"),
    )
    # The widget's front end is not needed by a search; keep the folder for imports.
    (package / "static").mkdir(exist_ok=True)
    modules = ", ".join(repr(f"terrace_widget/{m}") for m in COMPILED_MODULES)
    (target / "setup_compiled.py").write_text(_SETUP.format(modules=modules))
    command = [sys.executable, "setup_compiled.py", "build_ext", "--inplace"]
    done = subprocess.run(
        command,
        cwd=target,
        capture_output=quiet,
        text=True,
        check=False,
        env={**os.environ, "PYTHONPATH": ""},
    )
    if done.returncode:
        if quiet:
            sys.stderr.write(done.stdout[-4000:] + done.stderr[-4000:])
        raise SystemExit(f"mypyc build failed (exit {done.returncode})")
    built = sorted(p.name for p in package.glob("*.so"))
    if len(built) != len(COMPILED_MODULES):
        raise SystemExit(f"expected {len(COMPILED_MODULES)} compiled modules, found {built}")
    return target


def run_python(pythonpath: Path, code: str, *args: str) -> str:
    """Run ``python -c code args`` in a fresh interpreter that imports the package from
    ``pythonpath`` (from a temporary folder: ``-c`` puts the working folder first on
    ``sys.path``, which in a checkout would be the source tree); returns its output."""
    with tempfile.TemporaryDirectory() as away:
        done = subprocess.run(
            [sys.executable, "-c", code, *args],
            capture_output=True,
            text=True,
            check=True,
            cwd=away,
            env={**os.environ, "PYTHONPATH": str(pythonpath)},
            timeout=1800,
        )
    return done.stdout


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument(
        "--target",
        type=Path,
        default=ROOT / "build" / "compiled",
        help="where to build (default build/compiled); put it first on PYTHONPATH",
    )
    parser.add_argument("--verbose", action="store_true", help="show the compiler's output")
    args = parser.parse_args(argv)
    target = build(args.target, quiet=not args.verbose)
    print(f"compiled: {target}  (PYTHONPATH={target}:. python -P -m benchmarks ...)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

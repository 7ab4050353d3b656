"""Build the compiled engine and search: the same source, with the search (``solver.py``)
and the engine's ``Table`` (``engine.py``) compiled by mypyc.

    python tools/compile.py                 # -> build/compiled/terrace_widget
    python tools/compile.py --if-stale      # the same, unless the build is up to date
    PYTHONPATH=build/compiled:. python -P -m benchmarks escalate ...

``bash run.sh setup`` runs it where a C compiler exists. The build lives outside the
source tree (nothing built is committed; the wheel and the JupyterLite build stay pure
Python), with a stamp of the sources it was made from: the package then imports the
compiled modules from it by default (terrace_widget/compiled.py), as long as the stamp
matches its sources; ``TERRACE_WIDGET_PURE=1`` forces pure Python. The folder also holds
a whole compiled copy of the package, which ``PYTHONPATH`` can put first. mypyc compiles
the very same files: the search
visits the same nodes in the same order and returns the same verdicts and lines, about
twice as fast (``tests/test_compiled.py`` checks the sameness; docs/solver.md, "Raw
speed", has the figures). Needs mypy (the test extra), setuptools and a C compiler.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMPILED_MODULES = ("search/solver.py", "rules/engine.py")
"""The modules mypyc compiles; the rest of the package is copied as it is."""
STAMP = "stamp.json"  # terrace_widget.compiled.STAMP


def stamp_of(package: Path) -> dict[str, str]:
    """The stamp of a build of ``package`` (terrace_widget.compiled.stamp_for; the copy's
    module is loaded from its file, so the source package's import hook is not involved)."""
    spec = importlib.util.spec_from_file_location("_terrace_compiled", package / "compiled.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    stamp: dict[str, str] = module.stamp_for(package)
    return stamp


def is_current(target: Path = ROOT / "build" / "compiled") -> bool:
    """Whether ``target`` holds a build of the sources as they are now, for this Python."""
    try:
        stamp = json.loads((target / STAMP).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    want = stamp_of(ROOT / "terrace_widget")
    return isinstance(stamp, dict) and all(stamp.get(k) == v for k, v in want.items())


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
    (target / STAMP).unlink(missing_ok=True)  # no stamp until the build is complete
    for old in target.glob("*__mypyc*.so"):
        old.unlink()
    if package.exists():
        shutil.rmtree(package)
    target.mkdir(parents=True, exist_ok=True)
    shutil.copytree(
        ROOT / "terrace_widget",
        package,
        ignore=shutil.ignore_patterns("__pycache__", "*.so", "static"),
    )
    # The widget's front end is not needed by a search; keep the folder for imports.
    (package / "table" / "static").mkdir(exist_ok=True)
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
    built = sorted(p.name for p in package.rglob("*.so"))
    if len(built) != len(COMPILED_MODULES):
        raise SystemExit(f"expected {len(COMPILED_MODULES)} compiled modules, found {built}")
    runtimes = sorted(target.glob("*__mypyc*.so"))
    if len(runtimes) != 1:
        raise SystemExit(f"expected one mypyc runtime module, found {runtimes}")
    stamp = {**stamp_of(package), "runtime": runtimes[0].name.split(".")[0]}
    (target / STAMP).write_text(json.dumps(stamp, indent=1) + "\n", encoding="utf-8")
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument(
        "--target",
        type=Path,
        default=ROOT / "build" / "compiled",
        help="where to build (default build/compiled); put it first on PYTHONPATH",
    )
    parser.add_argument("--verbose", action="store_true", help="show the compiler's output")
    parser.add_argument(
        "--if-stale", action="store_true", help="do nothing if the build is up to date"
    )
    args = parser.parse_args(argv)
    if args.if_stale and is_current(args.target.resolve()):
        print(f"compiled build up to date: {args.target}")
        return 0
    target = build(args.target, quiet=not args.verbose)
    print(f"compiled: {target}  (PYTHONPATH={target}:. python -P -m benchmarks ...)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The compiled build, used by default where one was built for these very sources.

``bash run.sh setup`` (or ``python tools/compile.py``) compiles the engine and the search
(``rules/engine.py``, ``search/solver.py``) with mypyc into ``build/compiled/`` beside the
package, with a stamp of the sources it was built from. When the package is imported, this
module puts the compiled ``terrace_widget.rules.engine`` and ``terrace_widget.search.solver``
in front of the sources, but only if the stamp matches the package's sources now and this
interpreter; otherwise (no compiler, a failed or stale build, JupyterLite, a wheel) the package runs
pure Python. Both give the same results (tests/test_compiled.py), the compiled about
twice as fast.

``TERRACE_WIDGET_PURE=1`` forces pure Python (the test suite sets it by default: the
pure engine is the one tested, and the compiled one is checked against it);
``TERRACE_WIDGET_COMPILED_DIR`` names another build folder.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

PURE_ENV = "TERRACE_WIDGET_PURE"
DIR_ENV = "TERRACE_WIDGET_COMPILED_DIR"
STAMP = "stamp.json"
COMPILED_MODULES = ("rules.engine", "search.solver")
"""The modules mypyc compiles (tools/compile.py); the rest stays pure Python."""

PACKAGE = Path(__file__).resolve().parent


def build_dir() -> Path:
    """Where the compiled build is looked for (default ``build/compiled`` beside the package)."""
    return Path(os.environ.get(DIR_ENV) or PACKAGE.parent / "build" / "compiled")


def source_digest(package: Path = PACKAGE) -> str:
    """A digest of every Python source of the package: any change makes a build stale."""
    digest = hashlib.sha256()
    for path in sorted(package.rglob("*.py")):
        name = path.relative_to(package).as_posix()
        digest.update(name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def stamp_for(package: Path) -> dict[str, str]:
    """What a build's stamp records: the sources it compiled and the interpreter."""
    return {"sources": source_digest(package), "cache_tag": str(sys.implementation.cache_tag)}


def wanted() -> bool:
    """Whether the compiled build may be used here at all."""
    pure = os.environ.get(PURE_ENV, "").strip().lower() not in ("", "0", "false", "no")
    return not pure and sys.platform != "emscripten"


class _CompiledFinder(MetaPathFinder):
    """Finds the compiled modules of the build before the sources."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        file = self.files.get(fullname)
        if file is None:
            return None
        return importlib.util.spec_from_file_location(fullname, file)


def _extension(folder: Path, dotted: str) -> Path | None:
    *parts, stem = dotted.split(".")
    folder = folder.joinpath(*parts)
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = folder / (stem + suffix)
        if candidate.is_file():
            return candidate
    return None


def install() -> bool:
    """Put the compiled modules first if an up-to-date build exists; whether it did."""
    if not wanted() or any(_extension(PACKAGE, m) for m in COMPILED_MODULES):
        return False  # forced pure, or this package is itself a compiled copy
    if any(f"terrace_widget.{m}" in sys.modules for m in COMPILED_MODULES):
        return False  # too late: the sources are already in use
    folder = build_dir()
    try:
        stamp = json.loads((folder / STAMP).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False  # no build
    if not isinstance(stamp, dict) or stamp.get("cache_tag") != sys.implementation.cache_tag:
        return False
    runtime_name = stamp.get("runtime")
    if stamp.get("sources") != source_digest() or not isinstance(runtime_name, str):
        return False  # built from other sources: pure Python until run.sh setup rebuilds
    files: dict[str, Path] = {}
    for name in COMPILED_MODULES:
        file = _extension(folder / "terrace_widget", name)
        if file is None:
            return False
        files[f"terrace_widget.{name}"] = file
    runtime = _extension(folder, runtime_name)
    if runtime is None:
        return False
    try:  # mypyc's shared runtime, which the compiled modules import by its name
        spec = importlib.util.spec_from_file_location(runtime_name, runtime)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    except Exception as error:  # a broken build must not break the package
        warnings.warn(f"compiled build not used ({error}); running pure Python", stacklevel=2)
        return False
    sys.modules[runtime_name] = module
    sys.meta_path.insert(0, _CompiledFinder(files))
    return True


ACTIVE = install()
"""Whether this process runs the compiled engine and search."""

"""What a release carries: the sdist has the front end's sources and the docs, the wheel
is typed, and no file of the repository names a path of one machine."""

from __future__ import annotations

import re
import subprocess
import tarfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _build(target: str, directory: Path) -> Path:
    """Build the sdist or the wheel with hatchling, the project's build backend."""
    from hatchling.builders.sdist import SdistBuilder
    from hatchling.builders.wheel import WheelBuilder

    builder = SdistBuilder(str(ROOT)) if target == "sdist" else WheelBuilder(str(ROOT))
    (path,) = builder.build(directory=str(directory), versions=["standard"])
    return Path(path)


def test_sdist_has_the_front_end_docs_and_license(tmp_path: Path) -> None:
    with tarfile.open(_build("sdist", tmp_path)) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    expected = {
        "LICENSE",
        "README.md",
        "pyproject.toml",
        "js/package.json",
        "js/package-lock.json",
        "js/widget.js",
        "js/widget.css",
        "docs/engine-api.md",
        "docs/widget-protocol.md",
        "terrace_widget/table/static/widget.js",
        "terrace_widget/py.typed",
    }
    assert expected <= names, expected - names
    assert any(name.startswith("js/test/") and name.endswith(".test.js") for name in names)
    sources = {path.name for path in (ROOT / "js").glob("*.js")}
    assert {f"js/{name}" for name in sources} <= names
    assert not [name for name in names if "node_modules" in name or "__pycache__" in name]


def test_wheel_is_typed_and_carries_the_bundle(tmp_path: Path) -> None:
    names = set(zipfile.ZipFile(_build("wheel", tmp_path)).namelist())
    assert {
        "terrace_widget/py.typed",
        "terrace_widget/table/static/widget.js",
        "terrace_widget/table/static/widget.css",
    } <= names
    assert any(name.endswith(".dist-info/licenses/LICENSE") for name in names)
    assert not [name for name in names if name.startswith(("js/", "tests/"))]


def test_no_file_names_a_path_of_this_machine() -> None:
    tracked = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    if tracked.returncode != 0:
        pytest.skip("not a git checkout")
    machine_paths = ("/" + "work/", "/" + "root/", "/" + "home/")
    offenders = []
    for name in tracked.stdout.split("\0"):
        path = ROOT / name
        if not name or not path.is_file() or path.suffix == ".png":
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        offenders += [f"{name}: {p}" for p in machine_paths if p in text]
    assert not offenders, offenders


def test_rule_links_point_at_sections_of_docs_rules_md() -> None:
    """Every ``rules.md#…`` link in the code and docs names a section that exists, and no
    file cites the specification outside the repository."""
    tracked = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    if tracked.returncode != 0:
        pytest.skip("not a git checkout")
    anchors = set(re.findall(r'<a id="([a-z0-9-]+)"></a>', (ROOT / "docs/rules.md").read_text()))
    assert {f"d{i}" for i in range(1, 8)} <= anchors
    cited: dict[str, str] = {}
    outside = []
    for name in tracked.stdout.split("\0"):
        path = ROOT / name
        if not name.endswith((".py", ".md", ".js", ".sh")) or not path.is_file():
            continue
        text = path.read_text(encoding="utf-8")
        for anchor in re.findall(r"rules\.md#([a-z0-9-]+)", text):
            cited.setdefault(anchor, name)
        if "RULES" + ".md" in text:
            outside.append(name)
    assert len(cited) >= 5
    assert {a: f for a, f in cited.items() if a not in anchors} == {}
    assert not outside, outside


def test_the_play_extra_brings_everything_the_notebooks_import() -> None:
    """``bash run.sh play`` installs the package with [play]: every module a notebook
    imports is the standard library's, the package's own or a dependency of [play]."""
    import ast
    import re
    import sys

    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = project["dependencies"] + project["optional-dependencies"]["play"]
    names = {re.split(r"[<>=!~\[ ;]", spec)[0].lower().replace("-", "_") for spec in wanted}
    # What those distributions bring along under another name.
    names |= {"ipython", "numpy", "traitlets", "terrace_widget"}
    for script in sorted((ROOT / "notebooks" / "py").glob("*.py")):
        tree = ast.parse(script.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                modules = [node.module]
            else:
                continue
            for module in modules:
                top = module.split(".")[0]
                assert top in sys.stdlib_module_names or top.lower() in names, (
                    f"{script.name} imports {top}, which [play] does not install"
                )

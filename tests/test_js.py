"""The front end: its own unit tests, a fresh committed bundle, `tsc` clean, the View type
mirroring the observation, fixtures in today's format.

Without Node these tests are skipped on a developer's machine; in CI (``CI=true``) or with
``TERRACE_REQUIRE_JS=1`` (set by ``.ci/run``) a missing node, npm or ``npm ci`` fails them.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import typing
from pathlib import Path

import pytest

from terrace_widget import VARIANTS, Game, Observation, TerraceWidget

ROOT = Path(__file__).resolve().parent.parent
JS = ROOT / "js"
STATIC = ROOT / "terrace_widget" / "table" / "static"


def js_required() -> bool:
    """True in CI or with TERRACE_REQUIRE_JS=1: a missing Node fails instead of skipping."""
    ci = os.environ.get("CI", "").lower() not in ("", "0", "false", "no")
    return ci or os.environ.get("TERRACE_REQUIRE_JS", "") not in ("", "0")


def node() -> str:
    exe = shutil.which("node")
    npm = shutil.which("npm")
    if exe is None or npm is None:
        missing = "node" if exe is None else "npm"
        if js_required():
            pytest.fail(
                f"{missing} is required in CI to test the front end (apt-get install nodejs npm)"
            )
        pytest.skip(f"{missing} is not installed")
    return exe


def local_tool(name: str) -> Path:
    """A build tool pinned in js/package-lock.json, installed by `npm ci` (never fetched by npx)."""
    node()
    exe = JS / "node_modules" / ".bin" / name
    if not exe.exists():
        pytest.fail(f"{name} is missing: run `npm --prefix js ci` first (bash run.sh test does)")
    return exe


def test_front_end_unit_tests_pass() -> None:
    result = subprocess.run(
        [node(), "--test", "test/"], cwd=JS, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "# fail 0" in result.stdout


def test_committed_bundle_is_fresh(tmp_path: Path) -> None:
    esbuild = local_tool("esbuild")
    out = tmp_path / "widget.js"
    subprocess.run(
        [str(esbuild), "widget.js", "--bundle", "--format=esm", "--target=es2020",
         "--legal-comments=none", f"--outfile={out}", "--log-level=warning"],
        cwd=JS, check=True, timeout=120,
    )  # fmt: skip
    assert out.read_bytes() == (STATIC / "widget.js").read_bytes(), (
        "terrace_widget/table/static/widget.js is stale: run `npm --prefix js run build` and commit"
    )
    assert (JS / "widget.css").read_bytes() == (STATIC / "widget.css").read_bytes()


@pytest.mark.parametrize("fixture", sorted((JS / "test" / "fixtures").glob("*.json")))
def test_front_end_fixtures_match_the_observation_format(fixture: Path) -> None:
    view = json.loads(fixture.read_text())
    current = Game(view["variant"], seed=1).observation()
    assert set(current) <= set(view), set(current) - set(view)
    assert view["pile_order"] == current["pile_order"]


def test_front_end_type_checks_with_tsc() -> None:
    """`tsc -p js` (js/tsconfig.json: checkJs, strict, noEmit) finds no type error."""
    tsc = local_tool("tsc")
    result = subprocess.run(
        [str(tsc), "-p", ".", "--noEmit", "--pretty", "false"],
        cwd=JS, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    config = json.loads((JS / "tsconfig.json").read_text())["compilerOptions"]
    assert config["checkJs"] and config["strict"] and config["noEmit"]


def typedef_keys(name: str) -> dict[str, bool]:
    """The `@property` names of a JSDoc typedef in js/view-types.js -> whether required."""
    text = (JS / "view-types.js").read_text()
    block = re.search(rf"@typedef \{{object\}} {name}\n(.*?)\*/", text, re.S)
    assert block, f"no typedef {name} in js/view-types.js"
    found = re.findall(r"@property \{.*\}\s+(\[?)(\w+)\]?", block.group(1))
    return {key: not optional for optional, key in found}


def test_view_type_mirrors_the_observation_and_the_widget_keys() -> None:
    observation = typedef_keys("Observation")
    assert all(observation.values()), "every observation key is always present"
    # The Python side's TypedDict, key for key and in order, every key required.
    assert list(typing.get_type_hints(Observation)) == list(observation)
    assert Observation.__required_keys__ == frozenset(observation)
    for variant in VARIANTS:
        assert list(Game(variant, seed=1).observation()) == list(observation), variant
    widget = typedef_keys("WidgetKeys")
    view = TerraceWidget("terrace", seed=1, hint_mode="classic").view
    assert set(view) == set(observation) | set(widget)
    assert not set(observation) & set(widget)

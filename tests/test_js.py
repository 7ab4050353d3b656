"""The front end: its own unit tests, a fresh committed bundle, fixtures in today's format."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from terrace_widget import Game

ROOT = Path(__file__).resolve().parent.parent
JS = ROOT / "js"
STATIC = ROOT / "terrace_widget" / "static"


def node() -> str:
    exe = shutil.which("node")
    if exe is None:
        if os.environ.get("CI"):
            pytest.fail("node is required in CI to test the front end")
        pytest.skip("node is not installed")
    return exe


def test_front_end_unit_tests_pass() -> None:
    result = subprocess.run(
        [node(), "--test", "test/"], cwd=JS, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "# fail 0" in result.stdout


def test_committed_bundle_is_fresh(tmp_path: Path) -> None:
    node()
    esbuild = JS / "node_modules" / ".bin" / "esbuild"
    if not esbuild.exists():
        pytest.fail("run `npm --prefix js ci` first (bash run.sh test does)")
    out = tmp_path / "widget.js"
    subprocess.run(
        [str(esbuild), "widget.js", "--bundle", "--format=esm", "--target=es2020",
         "--legal-comments=none", f"--outfile={out}", "--log-level=warning"],
        cwd=JS, check=True, timeout=120,
    )  # fmt: skip
    assert out.read_bytes() == (STATIC / "widget.js").read_bytes(), (
        "terrace_widget/static/widget.js is stale: run `npm --prefix js run build` and commit"
    )
    assert (JS / "widget.css").read_bytes() == (STATIC / "widget.css").read_bytes()


@pytest.mark.parametrize("fixture", sorted((JS / "test" / "fixtures").glob("*.json")))
def test_front_end_fixtures_match_the_observation_format(fixture: Path) -> None:
    view = json.loads(fixture.read_text())
    current = Game(view["variant"], seed=1).observation()
    assert set(current) <= set(view), set(current) - set(view)
    assert view["pile_order"] == current["pile_order"]

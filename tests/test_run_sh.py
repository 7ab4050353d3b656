"""``run.sh play``: it plays in an ignored copy of the notebooks and passes its arguments on.

JupyterLab is replaced by a stand-in that prints its arguments (the real server is started
by the browser tests); the virtual environment is a stand-in that ``run.sh`` accepts as set up.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def cksum(path: Path) -> str:
    """What POSIX ``cksum`` prints for a file read from stdin."""
    out = subprocess.run(["cksum"], input=path.read_bytes(), capture_output=True, check=True)
    return out.stdout.decode().strip()


@pytest.fixture
def clone(tmp_path: Path) -> Path:
    if shutil.which("bash") is None or shutil.which("cksum") is None:
        pytest.skip("needs bash and cksum")
    repo = tmp_path / "repo"
    repo.mkdir()
    for name in ("run.sh", "pyproject.toml", ".gitignore"):
        shutil.copy(ROOT / name, repo / name)
    shutil.copytree(ROOT / "notebooks", repo / "notebooks",
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints"))  # fmt: skip
    venv = repo / ".venv" / "bin"
    venv.mkdir(parents=True)
    (venv / "python").symlink_to(sys.executable)
    lab = venv / "jupyter-lab"
    lab.write_text('#!/bin/sh\nprintf "%s\\n" "$@"\n')
    lab.chmod(0o755)
    (repo / ".venv" / ".terrace-widget-play").write_text(cksum(repo / "pyproject.toml") + "\n")
    return repo


def run_play(repo: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", "run.sh", "play", *args], cwd=repo, capture_output=True,
                          text=True, timeout=60)  # fmt: skip


def test_play_opens_an_ignored_copy_and_passes_arguments_on(clone: Path) -> None:
    result = run_play(clone, "--no-browser", "--port=8899")
    assert result.returncode == 0, result.stderr
    args = result.stdout.splitlines()
    assert "--LabApp.default_url=/lab/tree/play/01-play.ipynb" in args  # the printed URL
    assert args[-2:] == ["--no-browser", "--port=8899"]
    assert "extra arguments go to jupyter-lab" in result.stderr
    copy = clone / "play" / "01-play.ipynb"
    assert copy.read_bytes() == (clone / "notebooks" / "01-play.ipynb").read_bytes()
    translated = clone / "play" / "uk" / "02-rules-tutorial.ipynb"  # the lessons' languages
    assert translated.read_bytes() == (clone / "notebooks/uk/02-rules-tutorial.ipynb").read_bytes()
    assert "play/" in (clone / ".gitignore").read_text().split()
    assert ".ipynb_checkpoints/" in (clone / ".gitignore").read_text().split()
    # a saved game in the copy is kept on the next start, the tracked notebook untouched
    copy.write_text('{"saved": "game"}')
    tracked = zlib.crc32((clone / "notebooks" / "01-play.ipynb").read_bytes())
    assert run_play(clone).returncode == 0
    assert copy.read_text() == '{"saved": "game"}'
    assert zlib.crc32((clone / "notebooks" / "01-play.ipynb").read_bytes()) == tracked


def test_usage_says_where_extra_arguments_go(clone: Path) -> None:
    result = subprocess.run(["bash", "run.sh"], cwd=clone, capture_output=True, text=True)
    assert result.returncode == 2
    assert "ARGS go on to jupyter-lab" in result.stderr

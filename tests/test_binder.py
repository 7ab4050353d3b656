"""Binder: what repo2docker installs from binder/ works in a clean environment.

repo2docker builds the Binder image from ``binder/`` alone (``runtime.txt`` picks Python,
``requirements.txt`` is installed with pip from the repository root), then the README's
badge opens a notebook in JupyterLab. These tests do the same in a fresh virtual
environment (no system site-packages): install ``binder/requirements.txt`` from the
repository root, import the package, play a little, and run the Play notebook as Binder
would open it. Only the package index is needed (pip's cache makes a second run quick).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BINDER = ROOT / "binder"
# A mybinder.org launch link; its urlpath names the file JupyterLab (or Voila) opens.
BINDER_LINK = re.compile(r"https://mybinder\.org/v2/[^\s)\"']+")
URLPATH = re.compile(r"urlpath=(?:%2F|/)?(?:lab/tree|tree|voila/render|notebooks)/([^\s&)\"']+)")
NOTEBOOK_PATH = re.compile(r"notebooks/[\w.-]+\.ipynb")


def requirements() -> list[str]:
    lines = (BINDER / "requirements.txt").read_text().splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def test_binder_files() -> None:
    runtime = (BINDER / "runtime.txt").read_text().strip()
    assert re.fullmatch(r"python-3\.(1[0-9])", runtime), runtime
    reqs = requirements()
    # The package itself, from the repository root, with the extras the notebooks need.
    local = [r for r in reqs if r.startswith(".[") or r == "."]
    assert local, f"binder/requirements.txt must install the package ('.[play,analysis]'): {reqs}"
    assert "play" in local[0] and "analysis" in local[0], local[0]
    names = {re.split(r"[<>=!~\[ ;]", r, maxsplit=1)[0].lower() for r in reqs}
    assert {"voila", "matplotlib"} <= names, names
    # repo2docker ignores the root pyproject.toml once binder/ exists: nothing else there
    # may be needed. A postBuild, if any, must be executable.
    post_build = BINDER / "postBuild"
    if post_build.exists():
        assert os.access(post_build, os.X_OK), "binder/postBuild must be executable"


def linked_notebooks() -> set[str]:
    """Every notebook the README names or a Binder link in it opens."""
    readme = (ROOT / "README.md").read_text()
    found = set(NOTEBOOK_PATH.findall(readme))
    for link in BINDER_LINK.findall(readme):
        match = URLPATH.search(link.replace("%2F", "/"))
        assert match, f"a Binder link without a urlpath to a notebook: {link}"
        found.add(match.group(1))
    return found


def test_linked_notebooks_exist() -> None:
    names = linked_notebooks() | {"notebooks/01-play.ipynb"}  # the one Binder opens
    missing = sorted(name for name in names if not (ROOT / name).is_file())
    assert not missing, f"README/Binder links to missing notebooks: {missing}"


def test_seven_notebooks_each_end_with_where_next() -> None:
    """The seven notebooks exist; each ends with a "Where next" cell linking the others."""
    import nbformat

    notebooks = sorted((ROOT / "notebooks").glob("[0-9][0-9]-*.ipynb"))
    numbers = [path.name[:2] for path in notebooks]
    assert numbers == ["01", "02", "03", "04", "05", "06", "07"], numbers
    for path in notebooks:
        nb = nbformat.read(path, as_version=4)
        last = [cell for cell in nb.cells if cell.cell_type == "markdown"][-1].source
        assert re.search(r"^#+ Where (to go )?next", last, re.MULTILINE | re.IGNORECASE), (
            f"{path.name}: the last Markdown cell is not a 'Where next' section"
        )
        linked = set(re.findall(r"\]\((\d\d-[\w-]+\.ipynb)\)", last))
        assert linked and all((path.parent / name).is_file() for name in linked), (
            f"{path.name}: 'Where next' must link the other notebooks: {sorted(linked)}"
        )


def run(cmd: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(cmd, capture_output=True, text=True, **kwargs)  # type: ignore[call-overload]
    assert result.returncode == 0, f"{' '.join(map(str, cmd))}\n{result.stdout}\n{result.stderr}"
    return result


def test_binder_requirements_install_in_a_clean_venv(tmp_path: Path) -> None:
    venv = tmp_path / "binder-venv"
    run([sys.executable, "-m", "venv", str(venv)])  # no --system-site-packages
    python = venv / ("Scripts" if os.name == "nt" else "bin") / "python"
    # As repo2docker does: pip install -r binder/requirements.txt, from the repository
    # root (the requirements name the package as '.'). Pip's cache is kept on purpose.
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    pip = [str(python), "-m", "pip", "install", "--quiet", "--prefer-binary", "--no-compile"]
    run(
        [*pip, "-r", "binder/requirements.txt"],
        cwd=ROOT,
        env=env,
    )
    check = textwrap.dedent(
        """
        import sys
        import terrace_widget
        from terrace_widget import Game, TerraceWidget

        assert terrace_widget.__file__.startswith(sys.prefix), terrace_widget.__file__
        g = Game("terrace", seed=12345)
        g.play("t2-f6")
        g.play(g.hint().move)
        w = TerraceWidget(game=g)
        assert g._repr_svg_().startswith("<svg")
        import jupyterlab, voila, matplotlib, anywidget  # what the notebooks and Binder use
        import gymnasium, terrace_widget.agents.env  # notebook 06: the gym extra
        assert 'terrace_widget/Klondike-v0' in gymnasium.registry
        from terrace_widget.studies.analysis import analyze

        frame = analyze("klondike-three-card", 2, 2000, executor="serial", progress=False)
        assert type(frame).__name__ == "DataFrame", type(frame)  # pandas: the analysis extra
        print(g.base_rank, w.game.score == g.score)
        """
    )
    result = run([str(python), "-c", check], cwd=tmp_path, env=env)
    assert result.stdout.split() == ["6", "True"], result.stdout
    # What the badge opens: the Play notebook, executed by the Binder environment's kernel.
    bin_dir = python.parent
    nbconvert = [str(bin_dir / "jupyter"), "nbconvert", "--to", "notebook", "--execute"]
    run(
        [*nbconvert, "--output-dir", str(tmp_path), str(ROOT / "notebooks" / "01-play.ipynb")],
        cwd=tmp_path,
        env=env,
    )
    assert (bin_dir / "voila").exists(), "voila is not installed by binder/requirements.txt"

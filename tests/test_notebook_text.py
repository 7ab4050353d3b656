"""The notebooks are kept as text: each ``notebooks/*.ipynb`` has a jupytext twin in
``notebooks/py/`` (percent format), and the two hold the same cells."""

from __future__ import annotations

from pathlib import Path

import jupytext
import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
PAIRS = sorted(NOTEBOOKS.glob("*.ipynb"))


def twin(notebook: Path) -> Path:
    return NOTEBOOKS / "py" / (notebook.stem + ".py")


def cells(path: Path) -> list[tuple[str, str, dict]]:
    """Each cell's type, source and the metadata a reader sees (hidden, collapsed)."""
    notebook = jupytext.read(path)
    shown = ("jupyter", "collapsed", "tags")
    return [
        (
            cell.cell_type,
            cell.source.strip(),
            {k: v for k, v in cell.metadata.items() if k in shown},
        )
        for cell in notebook.cells
    ]


def test_there_are_seven_notebooks_and_no_text_file_without_its_notebook() -> None:
    assert len(PAIRS) == 7
    texts = {p.stem for p in (NOTEBOOKS / "py").glob("*.py")}
    assert texts == {p.stem for p in PAIRS}


@pytest.mark.parametrize("notebook", PAIRS, ids=lambda p: p.stem)
def test_the_notebook_and_its_text_twin_hold_the_same_cells(notebook: Path) -> None:
    metadata = jupytext.read(notebook).metadata
    assert metadata["jupytext"]["formats"] == "ipynb,py//py:percent"
    assert cells(notebook) == cells(twin(notebook)), (
        f"{notebook.name} and py/{twin(notebook).name} differ: "
        "run `jupytext --sync notebooks/py/*.py`"
    )


def test_the_comparison_sees_an_edited_cell(tmp_path: Path) -> None:
    notebook = PAIRS[0]
    edited = tmp_path / twin(notebook).name
    text = twin(notebook).read_text(encoding="utf-8")
    edited.write_text(text.replace("# %%\n", "# %%\nprint('edited')\n", 1), encoding="utf-8")
    assert cells(notebook) != cells(edited)


def test_no_script_writes_notebooks_from_strings() -> None:
    root = NOTEBOOKS.parent
    scripts = [
        p
        for folder in ("terrace_widget", "benchmarks", "tools")
        for p in (root / folder).rglob("*.py")
        if "new_code_cell" in p.read_text(encoding="utf-8")
    ]
    assert scripts == []

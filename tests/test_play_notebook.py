"""The Play notebook's words match the table: every key is listed, nothing assumes Lab."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def markdown() -> str:
    nb = json.loads((ROOT / "notebooks" / "01-play.ipynb").read_text())
    return "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")


def test_the_key_table_lists_every_shortcut_of_the_widget() -> None:
    keys_js = (ROOT / "js" / "keys.js").read_text()
    simple = re.search(r"const simple = \{([^}]*)\}", keys_js)
    assert simple is not None
    shortcuts = set(re.findall(r"(\w): \"", simple.group(1))) | {"w", "d"}
    assert {"u", "r", "h", "n"} <= shortcuts
    listed = set(re.findall(r"^\| (\w)(?: /[^|]*)? \|", markdown(), flags=re.M))
    assert shortcuts <= listed, shortcuts - listed


def test_the_text_reads_right_in_voila_too() -> None:
    text = markdown()
    assert "Run the cell below" not in text  # Voila shows no cells to run
    assert "Undo at the start of a deal brings the previous game back" in text

"""Write notebooks/01-play.ipynb (run: python tools/make_play_notebook.py)."""

from __future__ import annotations

from pathlib import Path

import nbformat
from make_notebooks import ruff_format
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

CELLS = [
    new_markdown_cell(
        "# Play Terrace\n\n"
        "Run the cell below (**Shift+Enter**) and a Terrace table appears: a two-deck "
        "patience played exactly as GNOME Aisleriot plays it. Every move is checked by the "
        "Python engine running in this notebook's kernel; the table only draws what the "
        "kernel sends, and the cards you have not turned are never sent to the browser.\n\n"
        "What you will learn here: how to play (mouse, touch or keyboard), how to open the "
        "other ten games and share a deal, and how Python drives the same table."
    ),
    new_code_cell(
        '# NBVAL_IGNORE_OUTPUT\nfrom terrace_widget import play\n\nw = play("terrace")\nw'
    ),
    new_markdown_cell(
        "## How to play\n\n"
        "* **Choose the base card first.** Four cards wait in the tableau: drop one on any "
        "foundation. Its rank is the base: every foundation starts with that rank and "
        "builds up round the corner (… Q K A 2 …) in alternating colours.\n"
        "* **Drag** a card, or **click** it and then click where it goes; the piles that "
        "would take it light up. **Double-click** sends a card to a foundation.\n"
        "* **Click the stock** to deal. While a tableau pile is empty the stock deals one "
        "card and then locks until you play the waste card somewhere.\n"
        "* The toolbar has New deal, Restart, Undo, Redo, Hint and the game picker.\n\n"
        "| key | does |\n|---|---|\n"
        "| ← → ↑ ↓ / Tab | move between piles |\n"
        "| Enter / Space | pick up the card (or group) on the focused pile, or put it down |\n"
        "| Esc | put the held card back |\n"
        "| d | deal |\n| u / Ctrl+Z | undo |\n| r / Ctrl+Y | redo |\n| h | hint |\n"
        "| n | new deal |"
    ),
    new_markdown_cell(
        "## Other games\n\n"
        "Pick one in the table's menu, or name it: `terrace`, `generals-patience`, "
        "`falling-stars`, `signora`, `redheads`, `blondes-and-brunettes`, `wood`, "
        "`klondike` (draw one, two redeals), `klondike-three-card`, `klondike-no-redeal`, "
        "`klondike-unlimited`. A seed gives a deal you can share: `klondike#7` is the same "
        "deal on every machine."
    ),
    new_code_cell('# NBVAL_IGNORE_OUTPUT\nk = play("klondike", seed=7)\nk'),
    new_markdown_cell(
        "## Python drives the same table\n\n"
        "The widget and your code share one game. Moves are written `t3-f1` (third tableau "
        "pile to the first foundation), `waste-t4`, `t2-t5x3` (a Klondike group of three) "
        "and `deal`."
    ),
    new_code_cell(
        "# NBVAL_CHECK_OUTPUT\n"
        'k.new_game("klondike", seed=7)\n'
        "print(k.game.legal_moves())\n"
        'k.play("deal")\n'
        'print(k.view["piles"]["waste"], k.view["stock_count"], "cards left in the stock")'
    ),
    new_markdown_cell(
        "A position also draws itself without the widget, so it shows on GitHub and in "
        "exported HTML:"
    ),
    new_code_cell(
        "# NBVAL_CHECK_OUTPUT\nfrom terrace_widget import Game\n\n"
        'g = Game("terrace", seed=12345)\ng.play("t2-f6")\nprint(g)'
    ),
    new_markdown_cell(
        "## Where next\n\n"
        "* [02-rules-tutorial.ipynb](02-rules-tutorial.ipynb) — the rules, one small "
        "position at a time.\n"
        "* [03-terrace-strategy.ipynb](03-terrace-strategy.ipynb) — Aisleriot's Terrace "
        "tips, measured with the solver.\n"
        "* [04-klondike-strategy.ipynb](04-klondike-strategy.ipynb) — Klondike: don't give "
        "up, draw one or three, redeals.\n"
        "* [05-analyses.ipynb](05-analyses.ipynb) — how winnable each game is.\n"
        "* [06-scripting-and-agents.ipynb](06-scripting-and-agents.ipynb) — write your own "
        "bot.\n"
        "* `help(terrace_widget.Game)` for the engine: legal moves, undo, hints, saves."
    ),
]


def main() -> None:
    nb = new_notebook(cells=CELLS)
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    path = Path(__file__).resolve().parent.parent / "notebooks" / "01-play.ipynb"
    nbformat.write(nb, path)
    ruff_format(path)
    print(f"wrote {path}")


if __name__ == "__main__":
    main()

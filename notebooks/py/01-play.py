# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py//py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Play Terrace
#
# Below is a Terrace table: a two-deck patience played as GNOME Aisleriot plays it (less a few of its bugs). (In JupyterLab, if the table is not there yet, click in the code cell under this text and press **Shift+Enter**.) Every move is checked by the Python engine running in this notebook's kernel; the table only draws what the kernel sends, and the cards you have not turned are never sent to the browser.
#
# **The goal.** Put every card on the foundations. In Terrace that is all 104 cards (two decks) on eight foundations. You start each foundation with a card of the **base rank**, which you choose at the start, and build it up one rank at a time in alternating colours (red on black, black on red), round the corner after the King: with base 6 a foundation runs 6 7 8 9 10 J Q K A 2 3 4 5, thirteen cards, and is then complete. In Klondike, the one-deck classic, it is all 52 cards on four foundations, each one suit from the Ace up to the King. The score counts the cards on the foundations, so a won Terrace game scores 104.
#
# What you will learn here: how to play (mouse, touch or keyboard), a first deal to win, how to open the other ten games and share a deal, and how Python drives the same table.

# %%
# NBVAL_IGNORE_OUTPUT
from terrace_widget import Game, play

w = play("terrace")
w

# %% [markdown]
# ## How to play
#
# * **Choose the base card first.** Four cards wait in the tableau: drop one on any foundation. Its rank is the base: every foundation starts with that rank and builds up round the corner (… Q K A 2 …) in alternating colours.
# * **Drag** a card, or **click** it and then click where it goes; the piles that would take it light up. **Double-click** sends a card to a foundation.
# * **Click the stock** to deal. While a tableau pile is empty the stock deals one card and then locks until you play the waste card somewhere.
# * The toolbar has New deal, Restart, Undo, Redo, Hint, Winnable? (can this deal still be won?) and the game picker. Restart and New deal are undone like a move: Undo at the start of a deal brings the previous game back.
# * When every card left can simply go up, the table plays them for you.
#
# | key | does |
# |---|---|
# | ← → ↑ ↓ / Tab | move between piles |
# | Enter / Space | pick up the card (or group) on the focused pile, or put it down |
# | Esc | put the held card back |
# | d | deal |
# | u / Ctrl+Z | undo |
# | r / Ctrl+Y | redo |
# | h | hint |
# | w | switch the "can this still be won?" badge on or off |
# | n | new deal |

# %% [markdown]
# ## A first challenge: win deal 4
#
# Deal `terrace#4` can be won: a simple rule, given in the solution below, wins it from the start. Here is a hint to begin with: the base card sits on T1. Win it on this table (Undo is free): the table says so when the last card goes up, and in code `challenge.game.status == "won"` checks it (the cell under the table).

# %%
# NBVAL_IGNORE_OUTPUT
challenge = play("terrace", seed=4)
challenge

# %%
# NBVAL_CHECK_OUTPUT
game = challenge.game
print("Won!" if game.status == "won" else f"Not yet: {game.score} of 104 cards are up.")

# %% [markdown]
# Stuck? The table's **Hint** button suggests a move. The solution is behind the button below (its code cell is collapsed: click the three dots to see it).

# %% jupyter={"source_hidden": true}
# NBVAL_IGNORE_OUTPUT
import textwrap

from terrace_widget import lessons
from terrace_widget.studies.analysis import greedy_play

line = greedy_play(Game("terrace", seed=4), base="TD")  # the rule below, as a bot
assert line.status == "won" and str(line.moves[0]) == "t1-f1"
lessons.reveal(
    "Choose the 10♦ of T1 as the base (t1-f1). Then, every turn, play the first of these that"
    " you can:\n 1. a card onto a foundation;\n 2. a tableau card onto another pile, if that"
    " uncovers a card a foundation takes at once;\n 3. the waste card onto the tableau (a"
    " space included);\n 4. a deal.\nA bot that follows this rule (taking the moves in the"
    f" order of g.legal_moves()) wins in {len(line.moves)} moves:\n\n"
    + textwrap.fill(" ".join(map(str, line.moves)), 88)
)

# %% [markdown]
# ## Other games
#
# Pick one in the table's menu, or name it: `terrace`, `generals-patience`, `falling-stars`, `signora`, `redheads`, `blondes-and-brunettes`, `wood`, `klondike` (draw one, two redeals), `klondike-three-card`, `klondike-no-redeal`, `klondike-unlimited`. A seed gives a deal you can share: `klondike#7` is the same deal on every machine.

# %%
# NBVAL_IGNORE_OUTPUT
k = play("klondike", seed=7)
k

# %% [markdown]
# ## Python drives the same table
#
# The widget and your code share one game. Moves are written `t3-f1` (third tableau pile to the first foundation), `waste-t4`, `t2-t5x3` (a Klondike group of three) and `deal`.

# %%
# NBVAL_CHECK_OUTPUT
k.new_game("klondike", seed=7)
print(k.game.legal_moves())
k.play("deal")
print(k.view["piles"]["waste"], k.view["stock_count"], "cards left in the stock")

# %% [markdown]
# A position also draws itself without the widget, so it shows on GitHub and in exported HTML:

# %%
# NBVAL_CHECK_OUTPUT
g = Game("terrace", seed=12345)
g.play("t2-f6")
print(g)

# %% [markdown]
# ## Where next
#
# * [02-rules-tutorial.ipynb](02-rules-tutorial.ipynb) — the rules, one small position at a time.
# * [03-terrace-strategy.ipynb](03-terrace-strategy.ipynb) — Aisleriot's Terrace tips, measured with the solver.
# * [04-klondike-strategy.ipynb](04-klondike-strategy.ipynb) — Klondike: don't give up, draw one or three, redeals.
# * [05-analyses.ipynb](05-analyses.ipynb) — how winnable each game is.
# * [06-scripting-and-agents.ipynb](06-scripting-and-agents.ipynb) — write your own bot.
# * `help(terrace_widget.Game)` for the engine: legal moves, undo, hints, saves.

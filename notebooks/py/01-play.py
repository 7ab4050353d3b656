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
# Below is a Terrace table: a two-deck patience played exactly as GNOME Aisleriot plays it. (In JupyterLab, if the table is not there yet, click in the code cell under this text and press **Shift+Enter**.) Every move is checked by the Python engine running in this notebook's kernel; the table only draws what the kernel sends, and the cards you have not turned are never sent to the browser.
#
# What you will learn here: how to play (mouse, touch or keyboard), how to open the other ten games and share a deal, and how Python drives the same table.

# %%
# NBVAL_IGNORE_OUTPUT
from terrace_widget import play

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
from terrace_widget import Game

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

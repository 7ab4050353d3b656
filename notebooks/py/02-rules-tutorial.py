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
# # The rules of Terrace, step by step
#
# Terrace is a two-deck patience: 104 cards, eight foundations, a reserve and nine tableau
# piles. This notebook teaches its rules **one at a time, each on a small position built for
# the purpose**, exactly as GNOME Aisleriot plays them. Every step has three parts: the rule
# in plain words, a few lines of Python that try it (the printed facts are checked each time
# the tests run), and the table drawn as a picture.
#
# What you will learn:
#
# 1. the table and **the choice of the base card**;
# 2. building **round the corner** (… Q K A 2 …) on foundations and in the tableau;
# 3. why **nothing goes on a base-rank card** in the tableau;
# 4. the **reserve**, which feeds only the foundations;
# 5. the **stock lock**: when the stock refuses to deal and how it lifts;
# 6. **Signora** and **Redheads**, which fill their spaces by themselves;
# 7. **General's Patience**: foundations in suit, one redeal, then one card at a time;
# 8. **Klondike** and its four options.
#
# Positions are made with `Game.from_piles(variant, {pile: cards}, base_rank=…)`. Cards are
# written `AS 2H … TD JC QS KH` (T is ten) and listed **bottom → top**: the last card is the
# one you can play. Cards not listed go face down to the bottom of the stock.

# %%
from terrace_widget import DEAL, VARIANTS, Game, IllegalMoveError, TerraceWidget

# Nine black cards that never build on each other (black on black) and never go to an
# empty foundation while the base is 3: they keep the tableau full and quiet.
FILLERS = ["KC", "KS", "QC", "QS", "JC", "JS", "TC", "TS", "9C"]
QUIET = {f"t{i}": [card] for i, card in enumerate(FILLERS, 1)}

# %% [markdown]
# ## 1. The table and the base card
#
# A new Terrace deal puts **11 cards in the reserve** (fanned, all visible, but only the top
# one, on the right, is in play), **four cards on T1–T4** and the rest in the stock. The
# foundations are empty and have no starting rank yet: **you choose it**. Drop any of the four
# tableau cards on any foundation; its rank becomes the **base** of all eight foundations.
# Until then the stock will not deal and nothing else moves.

# %%
# NBVAL_IGNORE_OUTPUT
g = Game("terrace", seed=12345)
g

# %%
# NBVAL_CHECK_OUTPUT
candidates = {pile: g.piles[pile][0] for pile in ("t1", "t2", "t3", "t4")}
print("status:    ", g.status)
print("candidates:", candidates)
print("reserve:   ", " ".join(g.piles["reserve"]), "(top card last)")
print("stock:     ", g.stock_count, "cards")
print("legal moves:", len(g.legal_moves()), "= 4 candidates x 8 foundations")
print("deal?      ", g.explain("deal"))

# %% [markdown]
# **A tip from Aisleriot's help: look at the reserve before you choose.** Every card of the
# base rank must one day start a foundation, and the reserve gives up its cards only from the
# top. A base-rank card buried deep in the reserve can hold a whole foundation back.

# %%
# NBVAL_CHECK_OUTPUT
reserve = g.piles["reserve"]
for pile, card in candidates.items():
    depths = [len(reserve) - 1 - i for i, c in enumerate(reserve) if c[:-1] == card[:-1]]
    where = ", ".join(f"{d} card(s) on top of it" for d in depths) or "none in the reserve"
    print(f"{pile}: {card}  same rank in the reserve: {where}")

# %% [markdown]
# Here one six lies in the reserve, under seven cards; no jack does. We choose the six
# anyway (notebook 03 measures what such a choice costs): `t2-f6` drops the 6♥ of T2 on the
# sixth foundation. Watch what the choice sets off:
#
# * the base becomes 6: every foundation must start with a six;
# * **every empty tableau pile gets a card** from the stock, left to right (T2, then T5–T9);
#   the three candidates not chosen stay where they are;
# * the first card is turned onto the **waste**.

# %%
# NBVAL_CHECK_OUTPUT
before = {pile: list(g.piles[pile]) for pile in g.pile_names if pile.startswith("t")}
g.play("t2-f6")
print(f"base rank: {g.base_rank} | score: {g.score} | stock: {g.stock_count}", end=" ")
print("| waste:", g.piles["waste"])
for pile, cards in before.items():
    now = g.piles[pile]
    print(
        f"{pile}: {' '.join(cards) or '--':3} -> {' '.join(now)}",
        "" if cards == now else "(new card)",
    )

# %%
# NBVAL_IGNORE_OUTPUT
g

# %% [markdown]
# Undo takes the whole choice back (the filled piles and the waste card too), and redo
# plays it again:

# %%
# NBVAL_CHECK_OUTPUT
g.undo()
print(g.status, g.stock_count, g.piles["t5"], g.piles["waste"])
g.redo()
print(g.status, g.stock_count, g.piles["t5"], g.piles["waste"])

# %% [markdown]
# ### The same position on a live table
#
# `TerraceWidget(game=g)` puts a copy of the game on a table you can play with the mouse
# (drag, or click then click), touch or keyboard. Try moving the 4♣ of T7 onto the 5♦ of T9,
# or click the stock. (On GitHub, which does not run Python, the widget does not appear; the
# pictures above do.)

# %%
# NBVAL_IGNORE_OUTPUT
w = TerraceWidget(game=g)
w

# %% [markdown]
# ## 2. Round the corner
#
# **Foundations** build **up by one, in alternating colours** (red on black, black on red),
# and after the King comes the Ace: with base 3 a foundation runs
# 3 4 5 6 7 8 9 10 J Q K **A 2** — exactly 13 cards — and is then complete.
#
# **Tableau piles** build **down by one, in alternating colours**, one card at a time, and
# the corner works there too: **a King may go on an Ace**.
#
# Here the base is 3 and F1 already runs from 3♣ to K♠. The waste shows A♥; under it the
# stock will deal 2♣ and then K♦.

# %%
# NBVAL_IGNORE_OUTPUT
g = Game.from_piles(
    "terrace",
    {
        **QUIET,
        "t1": ["AC"],
        "t2": ["3D"],
        "f1": ["3C", "4D", "5S", "6H", "7C", "8D", "9S", "TH", "JC", "QD", "KS"],
        "reserve": ["9H", "5C", "8S"],
        "waste": ["AH"],
        "stock": ["KD", "2C"],  # the last listed is dealt first
    },
    base_rank=3,
)
g

# %%
# NBVAL_CHECK_OUTPUT
for move in ("waste-f1", "waste-f1", "waste-t1"):
    g.play(move)
    print(
        f"{move:9} F1 ends {' '.join(g.piles['f1'][-3:])} ({len(g.piles['f1'])} cards)",
        f"| T1 = {' '.join(g.piles['t1'])} | waste now {g.piles['waste']}",
    )
print("a third 3 on F1?", g.explain("t2-f1"))
print("3D on an empty foundation?", g.explain("t2-f2") or "legal")

# %% [markdown]
# Each time the waste was emptied the stock dealt the next card **at once**: in Terrace the
# waste is never empty while the stock has cards. F1 is now complete (13 cards, A♥ and 2♣
# after the King), and K♦ sits on A♣ in T1.

# %%
# NBVAL_IGNORE_OUTPUT
g

# %% [markdown]
# ## 3. Nothing on a base-rank card
#
# In the tableau the corner stops at the base: **no card may be put on a card of the base
# rank**. With base 3, 2♦ cannot go on 3♣ (the run would wrap past the base), but a
# base-rank card may itself go on base + 1: 3♦ on 4♣ is fine. So a tableau run is at most
# 13 cards long, from the rank below the base down to the base.
#
# `g.explain(move)` says why a move is refused (`None` when it is legal); `g.play` raises
# `IllegalMoveError` with the same reason and changes nothing.

# %%
# NBVAL_CHECK_OUTPUT
g = Game.from_piles(
    "terrace",
    {**QUIET, "t1": ["3C"], "t2": ["4C"], "t3": ["3D"], "waste": ["2D"]},
    base_rank=3,
)
print("2D onto 3C:", g.explain("waste-t1"))
try:
    g.play("waste-t1")
except IllegalMoveError as error:
    print("IllegalMoveError:", error)
print("3D onto 4C:", g.explain("t3-t2") or "legal")
g.play("t3-t2")
print("T2 =", g.piles["t2"], "| 2D onto 3D:", g.explain("waste-t2"))

# %%
# NBVAL_IGNORE_OUTPUT
g

# %% [markdown]
# ## 4. The reserve feeds only the foundations
#
# Only the reserve's **top** card (the rightmost) is in play, and it may go **only to a
# foundation** — never to the tableau, not even into a space, even when colour and rank fit.
# Emptying the reserve is the heart of the game: every card in it must reach a foundation
# directly.

# %%
# NBVAL_IGNORE_OUTPUT
g = Game.from_piles(
    "terrace",
    {
        **QUIET,
        "t1": ["9C"],
        "f1": ["3C", "4D", "5S", "6H", "7C"],
        "reserve": ["5H", "2C", "8D"],
    },
    base_rank=3,
)
g

# %%
# NBVAL_CHECK_OUTPUT
print("8D onto 9C (fits colour and rank):", g.explain("reserve-t1"))
print("two reserve cards at once:        ", g.explain("reserve-f1x2"))
print("8D onto F1 (7C):                  ", g.explain("reserve-f1") or "legal")
g.play("reserve-f1")
print("reserve now", g.piles["reserve"], "| F1 ends", g.piles["f1"][-2:])

# %% [markdown]
# ## 5. The stock lock
#
# An empty tableau pile is a **space**, and only the **waste's top card** may fill it (never a
# tableau or reserve card). Filling is not forced, but the stock keeps you honest:
#
# * with no space, the stock deals one card per click, as often as you like;
# * **a card dealt while a space is open locks the stock**: it will not deal again **until a
#   card leaves the waste** — into the space, onto a tableau pile or onto a foundation.
#
# Every other move stays legal while the stock is locked.
#
# Below, T2 holds a lone 3♠ (a base card) and the stock will deal 8♥, then 9♥.

# %%
# NBVAL_CHECK_OUTPUT
g = Game.from_piles(
    "terrace",
    {**QUIET, "t2": ["3S"], "reserve": ["QH", "6C"], "waste": ["5D"], "stock": ["9H", "8H"]},
    base_rank=3,
)


def report(action):
    waste = g.piles["waste"][-1] if g.piles["waste"] else "--"
    spaces = [p for p in g.pile_names if p.startswith("t") and not g.piles[p]]
    print(
        f"{action:12} locked={g.stock_locked!s:5} waste top={waste:3} stock={g.stock_count}",
        f"spaces={spaces}",
    )


report("start")
for move in ("deal", "deal", "t2-f1", "deal"):
    g.play(move)
    report(move)
print("deal again?", g.explain("deal"))
print("T3's KS into the space?", g.explain("t3-t2"))

# %%
# NBVAL_IGNORE_OUTPUT
g

# %%
# NBVAL_CHECK_OUTPUT
g.play("waste-t2")  # the waste card fills the space: the lock lifts
report("waste-t2")
g.play("deal")  # no space left: the stock deals freely again
report("deal")

# %% [markdown]
# In a real game the lock means: **when you open a space, one card is dealt and then you must
# play the waste card before you see another.** The strategy notebook measures how much this
# matters.

# %% [markdown]
# ## 6. Signora and Redheads fill their spaces themselves
#
# Five of the seven games (Terrace, General's Patience, Falling Stars, Blondes and Brunettes,
# Wood) leave spaces to you. **Signora** and **Redheads** fill every space automatically,
# right after each move, left to right:
#
# * **Signora**: from the waste's top card, or if the waste is empty from the stock — never
#   from the reserve;
# * **Redheads**: from the reserve first, then the waste, then the stock.
#
# Their base card is dealt (F1 starts with the next stock card), so there is nothing to
# choose. Here both games have the same position: T1 holds a lone 3♥ that goes to F1.

# %%
# NBVAL_CHECK_OUTPUT
for variant in ("signora", "redheads"):
    tableau = {p: c for p, c in QUIET.items() if int(p[1:]) <= VARIANTS[variant].tableau}
    g = Game.from_piles(
        variant,
        {**tableau, "t1": ["3H"], "reserve": ["9D", "4C"], "waste": ["9S", "8H", "JC"]},
        base_rank=3,
    )
    g.play("t1-f1")
    print(
        f"{g.rules.name:9}: T1 got {g.piles['t1']}, reserve now {g.piles['reserve']},",
        f"waste now {g.piles['waste']}",
    )

# %%
# NBVAL_IGNORE_OUTPUT
g  # Redheads after the move: the reserve's 4♣ went into T1


# %% [markdown]
# Because spaces never stay open while cards remain, these two games ignore the stock lock.
#
# ## 7. General's Patience: in suit, one redeal, then one card at a time
#
# General's Patience is Terrace with a 13-card reserve, **foundations built in suit** (not
# just alternating colours) and **one redeal**: when the stock runs out, a click turns the
# waste back into the stock, in its original order. On this second pass **each card must be
# played before the next one is dealt**: the stock deals only into an empty waste.
#
# To get there with a real deal we let Aisleriot's own hint play the first pass of
# `generals-patience#20` (hints are the subject of notebook 06).


# %%
# NBVAL_CHECK_OUTPUT
def counts(when):
    waste = len(g.piles["waste"])
    print(f"{when:14} stock {g.stock_count:2} | waste {waste:2} | redeals left {g.redeals_left}")


g = Game("generals-patience", seed=20)
print("reserve:", len(g.piles["reserve"]), "cards")
g.play("t1-f1")  # any base will do
while not (g.stock_count == 0 and g.hint().move == DEAL):
    g.play(g.hint().move)
counts("end of pass 1:")
g.play("deal")
counts("redeal:")
g.play("deal")
print("first card of pass 2:", g.piles["waste"], "| deal again?", g.explain("deal"))

# %%
# NBVAL_IGNORE_OUTPUT
g

# %%
# NBVAL_CHECK_OUTPUT
move = g.hint().move
print("play it:", move, "->", g.hint().message)
g.play(move)
print("the next card came at once:", g.piles["waste"], "| stock", g.stock_count)

# %% [markdown]
# A second-pass card that fits nowhere blocks the stock for good; the game is lost once no
# move can help it any more.
#
# In suit or in colour, a refusal always says why:

# %%
# NBVAL_CHECK_OUTPUT
for variant, f1 in (("terrace", ["3H", "4C"]), ("generals-patience", ["3H", "4H"])):
    g = Game.from_piles(variant, {**QUIET, "f1": f1, "waste": ["5D"]}, base_rank=3)
    print(f"{variant:18} F1 = {' '.join(f1)}, 5D onto it: {g.explain('waste-f1') or 'legal'}")

# %% [markdown]
# ## 8. Klondike and its four options
#
# Klondike is the one-deck classic: seven tableau piles dealt in a triangle, only their top
# cards face up; foundations start with the Aces and build up **in suit**; the tableau builds
# down in alternating colours, **groups of cards move together**, and only a King (or a group
# headed by a King) may go into a space. Foundation cards may come back down.
#
# Aisleriot offers four options, which differ only in how the stock works. All eleven games
# are rows of one table, `VARIANTS`:

# %%
# NBVAL_CHECK_OUTPUT
print(
    f"{'id':22} {'reserve':>7} {'tableau':>7}  {'base':6} {'foundations':16} "
    f"{'auto-fill':20} {'deal':>4} {'redeals':>9}"
)
for rules in VARIANTS.values():
    redeals = "unlimited" if rules.redeals is None else rules.redeals
    print(
        f"{rules.id:22} {rules.reserve:7} {rules.tableau:7}  {rules.base:6} "
        f"{rules.foundation_build:16} {'+'.join(rules.auto_fill) or '-':20} "
        f"{rules.deal_count:4} {redeals:>9}"
    )

# %%
# NBVAL_IGNORE_OUTPUT
g = Game("klondike", seed=7)
g

# %%
# NBVAL_CHECK_OUTPUT
print("T7 as a player sees it:", g.observation()["piles"]["t7"])
print("stock", g.stock_count, "| waste", g.piles["waste"], "| redeals left", g.redeals_left)
print(
    "Q onto an empty pile?",
    Game.from_piles("klondike", {"t1": [], "t2": ["#4C", "QD"]}).explain("t2-t1"),
)

# %% [markdown]
# **Draw three** turns three cards per click (the last one on top, the only one you may
# play). The redeal count is what separates the other three options. Let us click each
# stock until it refuses (or 200 times) without playing anything else:

# %%
# NBVAL_CHECK_OUTPUT
for variant in ("klondike", "klondike-three-card", "klondike-no-redeal", "klondike-unlimited"):
    g = Game(variant, seed=7)
    g.play("deal")
    first = g.piles["waste"][:]
    clicks = 1
    while g.is_legal("deal") and clicks < 200:
        g.play("deal")
        clicks += 1
    stops = f"stops after {clicks} clicks" if clicks < 200 else "still dealing after 200 clicks"
    left = "unlimited" if g.redeals_left is None else g.redeals_left
    print(f"{variant:20} first click shows {' '.join(first):9} {stops:30}", f"redeals left: {left}")

# %% [markdown]
# Single card deals (the default) give 24 + 1 + 24 + 1 + 24 = 74 clicks: three passes and
# two redeals (a redeal click turns the waste over and shows no card).
#
# ## Where to go next
#
# * **Play**: [01-play.ipynb](01-play.ipynb), or `terrace_widget.play("generals-patience")`
#   in any cell.
# * **Strategy**: [03 (Terrace)](03-terrace-strategy.ipynb) and
#   [04 (Klondike)](04-klondike-strategy.ipynb) turn the help's tips into measurements with
#   the solver; [05](05-analyses.ipynb) compares the games.
# * **Scripting**: [06](06-scripting-and-agents.ipynb) writes bots against this engine.
# * **Reference**: `docs/engine-api.md` lists every call used here.
#
# Exercises for a class: build a position where the stock is locked with **two** spaces open
# — how many waste cards must be played before it deals freely again? In Redheads, what
# happens when a move opens a space and the reserve is empty?

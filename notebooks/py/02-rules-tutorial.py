# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py//py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.7
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # The rules of Terrace, step by step
#
# Terrace is a two-deck patience: 104 cards, eight foundations, a reserve and nine tableau
# piles. **The goal is to put all 104 cards on the foundations**: each starts with a card of
# the base rank and builds up, round the corner after the King, to 13 cards. This notebook
# teaches the rules of Terrace, its six siblings and Klondike **one at a time, each on a
# small position built for the purpose**, as GNOME Aisleriot plays them (less a few of its
# bugs). Every step has four parts: the rule in plain words, a few lines of Python that try
# it (the printed facts are checked each time the tests run), the table drawn as a picture,
# and a **practice**: a position on a live table where you find a legal move, or try a move
# the rule refuses and read why. A picture marks the move just played: its source pile
# framed in dashed amber, its target in green, an arrow between them.
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
# 8. **Klondike**: the deal and the goal;
# 9. Klondike's **groups**, and face-down cards turning up;
# 10. only a **King** into a space;
# 11. Klondike's foundations, and a card **brought back down**;
# 12. **draw three**: only the top waste card plays;
# 13. **redeals**, option by option, and when a game is won or lost.
#
# Positions are made with `Game.from_piles(variant, {pile: cards}, base_rank=…)`. Cards are
# written `AS 2H … TD JC QS KH` (T is ten) and listed **bottom → top**: the last card is the
# one you can play. Cards not listed go face down to the bottom of the stock (`#9C` is a card
# placed face down, under a Klondike pile's face-up cards). `picture(g)` draws the table with
# the last move marked.

# %%
from terrace_widget import DEAL, VARIANTS, Game, IllegalMoveError, TerraceWidget
from terrace_widget.lessons import picture, practice

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
picture(g)  # the base choice, T2 -> F6, marked

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
# **Practice 1: choose the base.** Click the stock first: it refuses, and the table's
# message line says why. Then choose a base card whose rank has no card buried in the
# reserve (the tip above). The table tells you at once what your move did (✓ or ✗, on its
# message line); *Try again* resets it.

# %%
# NBVAL_CHECK_OUTPUT
practice_1 = practice("base")
print(practice_1.status())

# %%
# NBVAL_IGNORE_OUTPUT
practice_1.widget()

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
# after the King), and K♦ sits on A♣ in T1 (the last move, waste → T1, is marked).

# %%
# NBVAL_IGNORE_OUTPUT
picture(g)

# %% [markdown]
# **Practice 2: round the corner.** The same position as at the start of this section: put a
# card on a foundation round the corner (after its King).

# %%
# NBVAL_CHECK_OUTPUT
practice_2 = practice("corner")
print(practice_2.status())

# %%
# NBVAL_IGNORE_OUTPUT
practice_2.widget()

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
picture(g)  # 3D onto 4C

# %% [markdown]
# **Practice 3: nothing on a base-rank card.** Base 3. Try the 2♦ of the waste on the 3♣ of
# T1: the table refuses it and says why. Then put a base-rank card on a tableau card, where
# the rules allow it.

# %%
# NBVAL_CHECK_OUTPUT
practice_3 = practice("base-rank")
print(practice_3.status())

# %%
# NBVAL_IGNORE_OUTPUT
practice_3.widget()

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

# %%
# NBVAL_IGNORE_OUTPUT
picture(g)

# %% [markdown]
# **Practice 4: the reserve feeds only the foundations.** Try the reserve's 8♦ on the 9♣ of
# T1 and read why it is refused. Then play the 8♦ where it may go.

# %%
# NBVAL_CHECK_OUTPUT
practice_4 = practice("reserve")
print(practice_4.status())

# %%
# NBVAL_IGNORE_OUTPUT
practice_4.widget()

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
print("T3's Q♣ into the space?", g.explain("t3-t2"))

# %%
# NBVAL_IGNORE_OUTPUT
picture(g)  # the deal that locked the stock: the padlock is on the stock

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
# **Practice 5: unlock the stock.** The stock below is locked. Click it to see why it
# refuses (the message line says), then play a move that unlocks it.

# %%
# NBVAL_CHECK_OUTPUT
practice_5 = practice("lock")
print(practice_5.status())

# %%
# NBVAL_IGNORE_OUTPUT
practice_5.widget()

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
picture(g)  # Redheads after T1 -> F1: the reserve's 4♣ went into T1 by itself


# %% [markdown]
# Because spaces never stay open while cards remain, these two games ignore the stock lock.

# %% [markdown]
# **Practice 6: a space fills itself.** A Redheads position, base 3: empty a tableau pile
# and watch which card fills the space.

# %%
# NBVAL_CHECK_OUTPUT
practice_6 = practice("fill")
print(practice_6.status())

# %%
# NBVAL_IGNORE_OUTPUT
practice_6.widget()

# %% [markdown]
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
picture(g)  # the first deal of the second pass

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
# **Practice 7: the second pass.** A game of General's Patience on its second pass, base 3.
# Click the stock and read why it waits; try the 5♥ on F2 (4♦, another suit) and read why it
# is refused. Then play the 5♥ where it may go.

# %%
# NBVAL_CHECK_OUTPUT
practice_7 = practice("generals")
print(practice_7.status())

# %%
# NBVAL_IGNORE_OUTPUT
practice_7.widget()

# %% [markdown]
# ## 8. Klondike: the deal and the goal
#
# Klondike is the one-deck classic. **The goal: all 52 cards on the four foundations, each
# one suit from the Ace up to the King.** Seven tableau piles are dealt in a triangle (one
# card on T1, … seven on T7), only their top cards face up; the other 24 cards wait in the
# stock, and the waste starts empty. The tableau builds down in alternating colours, as in
# Terrace, but with no corner: nothing goes on an Ace, so a run can start no higher than a
# King.
#
# All eleven games are rows of one table, `VARIANTS`; Klondike's four options differ only
# in the stock (cards per deal, redeals):

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
print("cards to put up:", g.rules.cards, "| score now:", g.score)
print("K onto A?", Game.from_piles("klondike", {"t1": ["AC"], "t2": ["KH"]}).explain("t2-t1"))

# %% [markdown]
# **Practice 8: nothing on an Ace.** Try the K♥ on the A♣ and read why it is refused. Then
# start a foundation.

# %%
# NBVAL_CHECK_OUTPUT
practice_8 = practice("ace")
print(practice_8.status())

# %%
# NBVAL_IGNORE_OUTPUT
practice_8.widget()

# %% [markdown]
# ## 9. Groups move together, and face-down cards turn up
#
# In Klondike **a run moves as one**: any face-up run of a pile, from one of its cards to
# the top, may move if that card fits where it goes (one lower, the other colour). A move is
# written with the number of cards: `t1-t2x3` moves three. When a move leaves a face-down
# card on top of a pile, **it turns face up by itself**.
#
# Below, T1 holds 6♦ 5♠ 4♥ over a face-down card. The whole run fits on the 7♣ of T2, and its
# upper part (5♠ 4♥) on the 6♥ of T3; the face-down cards are in play only once turned.

# %%
# NBVAL_CHECK_OUTPUT
g = Game.from_piles(
    "klondike", {"t1": ["#9C", "6D", "5S", "4H"], "t2": ["#2D", "7C"], "t3": ["#JD", "6H"]}
)


def seen(pile):
    """A pile as a player sees it (# for a face-down card)."""
    return " ".join(g.observation()["piles"][pile])


print("T1 as a player sees it:", seen("t1"))
print("legal:", " ".join(map(str, g.legal_moves())))
for move in ("t1-t2x2", "t1-t3x3", "t1-t2x4"):
    print(f"{move}: {g.explain(move)}")
g.play("t1-t2x3")
print("after t1-t2x3, T1:", seen("t1"), "| T2:", seen("t2"))

# %%
# NBVAL_IGNORE_OUTPUT
picture(g)  # three cards moved as one, and the 9♣ turned up

# %% [markdown]
# **Practice 9: a group moves, a card turns up.** Try moving only the 5♠ and the 4♥ onto the
# 7♣ and read why it is refused. Then move a group so that a face-down card turns up.

# %%
# NBVAL_CHECK_OUTPUT
practice_9 = practice("group")
print(practice_9.status())

# %%
# NBVAL_IGNORE_OUTPUT
practice_9.widget()

# %% [markdown]
# ## 10. Only a King goes into a space
#
# An empty tableau pile takes **only a King**, or a run headed by a King. A Queen, or a run
# headed by anything else, is refused, however well it would fit. (In Terrace a space takes
# only the waste's card, whatever its rank.)

# %%
# NBVAL_CHECK_OUTPUT
g = Game.from_piles(
    "klondike",
    {
        "t1": [],
        "t2": ["#4C", "QD"],
        "t3": ["#8S", "6D", "5S", "4H"],
        "t4": ["#2S", "KS", "QH", "JC"],
    },
)
for move in ("t2-t1", "t3-t1x3", "t4-t1x2"):
    print(f"{move}: {g.explain(move)}")
try:
    g.play("t2-t1")
except IllegalMoveError as error:
    print("IllegalMoveError:", error)
g.play("t4-t1x3")
print("T1 now:", seen("t1"), "| T4:", seen("t4"))

# %%
# NBVAL_IGNORE_OUTPUT
picture(g)  # the King's run went into the space, and the 2♠ turned up

# %% [markdown]
# **Practice 10: fill the space.** Try the Q♦ in a space first: the table refuses it and
# says why. Then find the move the rules allow.

# %%
# NBVAL_CHECK_OUTPUT
practice_10 = practice("space")
print(practice_10.status())

# %%
# NBVAL_IGNORE_OUTPUT
practice_10.widget()

# %% [markdown]
# ## 11. Foundations, and a card brought back down
#
# A Klondike foundation starts with **an Ace**, builds up **in suit**, and takes **one card
# at a time**. Unlike Terrace's, its cards are not final: **the top card of a foundation may
# come back down** onto the tableau (the score, the number of cards up, drops by one). That
# helps when a card needs somewhere to go: below, the 3♠ on the waste fits nowhere until the
# 4♥ comes down onto the 5♠.

# %%
# NBVAL_CHECK_OUTPUT
g = Game.from_piles(
    "klondike",
    {
        "f1": ["AH", "2H", "3H", "4H"],
        "t1": ["#9C", "5S"],
        "t2": ["#2C", "AC"],
        "t3": ["#8D", "3C", "2D"],
        "waste": ["3S"],
    },
)
print("2D onto an empty foundation:", g.explain("t3-f2"))
g.play("t2-f2")
print("AC went up; T2 turned up", seen("t2"))
print("2D onto AC:", g.explain("t3-f2"), "| 3C and 2D at once:", g.explain("t3-f2x2"))
g.play("t2-f2")
print("3S onto 5S:", g.explain("waste-t1"), "| score:", g.score)

# %%
# NBVAL_CHECK_OUTPUT
g.play("f1-t1")  # the 4♥ comes back down
print("score:", g.score, "| T1:", seen("t1"), "| 3S onto it:", g.explain("waste-t1") or "legal")

# %%
# NBVAL_IGNORE_OUTPUT
picture(g)  # F1 -> T1: the 4♥ brought down from the foundation

# %% [markdown]
# **Practice 11: bring a card down.** Try the waste's 3♠ on the 5♠: refused. Then bring a
# card down from a foundation so that the 3♠ can be played.

# %%
# NBVAL_CHECK_OUTPUT
practice_11 = practice("down")
print(practice_11.status())

# %%
# NBVAL_IGNORE_OUTPUT
practice_11.widget()

# %% [markdown]
# ## 12. Draw three: only the top card of the waste plays
#
# With **Three card deals** each click turns three cards onto the waste, the third one on
# top. All three show, but **only the top one may be played**; the others come into play as
# the cards above them leave. Here the click turns A♠, 6♦ and then 9♥: the Ace would go up
# and the 6♦ would fit on the 7♣, but the 9♥ covers them.

# %%
# NBVAL_CHECK_OUTPUT
tableau = {f"t{i}": [card] for i, card in enumerate(["7C", "KD", "5D", "JH", "3C", "8D", "2S"], 1)}
g = Game.from_piles("klondike-three-card", {**tableau, "stock": ["QH", "JS", "9H", "6D", "AS"]})
g.play("deal")
print("waste:", " ".join(g.piles["waste"]), "(top last) | stock:", g.stock_count)
print("waste onto F1:", g.explain("waste-f1"))
print("waste onto 7C:", g.explain("waste-t1"))
print("two waste cards:", g.explain("waste-t1x2"))

# %%
# NBVAL_IGNORE_OUTPUT
picture(g)  # one click dealt three cards

# %% [markdown]
# **Practice 12: only the top card plays.** A click has just dealt A♠, 6♦ and 9♥. Try the 6♦
# on the 7♣: refused, only the top card plays. Then play the 9♥ so that the 6♦ comes into
# play.

# %%
# NBVAL_CHECK_OUTPUT
practice_12 = practice("three")
print(practice_12.status())

# %%
# NBVAL_IGNORE_OUTPUT
practice_12.widget()

# %% [markdown]
# ## 13. Redeals, option by option
#
# When the stock is empty, a click **redeals**: the waste turns back over into the stock, in
# the order it was dealt, and no card is turned on that click. How often you may do this is
# the option: **Single card deals** (the default) twice, **No redeals** never, **Three card
# deals** and **Unlimited redeals** as often as you like. Here the stock is empty and the
# waste holds 9♥ 6♥ Q♥ (all other cards are placed); each game redeals and deals the three
# cards out again until it refuses, or five times.

# %%
# NBVAL_CHECK_OUTPUT
ALL = "A23456789TJQK"
END_OF_PASS = {
    "f1": [rank + "C" for rank in ALL],
    "f2": [rank + "D" for rank in ALL],
    "f3": [rank + "S" for rank in ALL],
    "f4": ["AH", "2H", "3H", "4H", "5H"],
    **{f"t{i}": [card] for i, card in enumerate(["KH", "8H", "JH", "TH", "7H"], 1)},
    "waste": ["9H", "6H", "QH"],
}
for variant in ("klondike", "klondike-no-redeal", "klondike-three-card", "klondike-unlimited"):
    g = Game.from_piles(variant, END_OF_PASS, rest_to=None)
    redeals = 0
    while redeals < 5 and g.is_legal("deal"):
        g.play("deal")  # the redeal: the waste goes back, no card is turned
        assert g.piles["waste"] == [] and g.stock_count == 3
        while g.stock_count:
            g.play("deal")
        redeals += 1
    then = g.explain("deal") or "the stock still redeals (the loop stops at five)"
    print(f"{variant:20} {redeals} redeals, then: {then}")

# %% [markdown]
# The redeal click itself, in the default game: the waste is empty again, the stock holds
# its three cards, and the next click turns the 9♥ again (the first card of the last pass).

# %%
# NBVAL_CHECK_OUTPUT
g = Game.from_piles("klondike", END_OF_PASS, rest_to=None)
g.play("deal")
print("stock:", g.stock_count, "| waste:", g.piles["waste"], "| redeals left:", g.redeals_left)
after = g.copy()
after.play("deal")
print("the next click turns", after.piles["waste"])

# %%
# NBVAL_IGNORE_OUTPUT
picture(g)  # the redeal: the waste went back to the stock

# %% [markdown]
# On a real deal, clicking each stock until it refuses (or 200 times) without playing
# anything else:

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
# A Klondike game is **won** when the 52nd card goes up; after that no move is taken, not
# even a card coming back down. It is **lost** only when it is proven that no way to win is
# left (no move at all, or a search of what is reachable finds none); until then it stays
# open. Below, the last King goes up; and a game with no redeal, an empty stock and seven
# blocked piles (the twos lie face down) has no move left.

# %%
# NBVAL_CHECK_OUTPUT
full = {f: END_OF_PASS[f] for f in ("f1", "f2", "f3")}  # clubs, diamonds, spades
g = Game.from_piles("klondike", {**full, "f4": [r + "H" for r in ALL[:-1]], "t1": ["KH"]})
g.play("t1-f4")
print(g.status, g.score, "| bring the K down?", g.explain("f4-t1"))

# %%
# NBVAL_CHECK_OUTPUT
aces = {"f1": ["AC"], "f2": ["AD"], "f3": ["AH"], "f4": ["AS"]}
tops = ["3C", "3D", "3S", "3H", "5C", "5S", "9C"]
rest = [rank + suit for suit in "CDHS" for rank in ALL[1:] if rank + suit not in tops]
piles = {
    f"t{i}": ["#" + c for c in rest[6 * i - 6 : 6 * i]] + [top] for i, top in enumerate(tops, 1)
}
g = Game.from_piles("klondike-no-redeal", {**aces, **piles}, rest_to=None)
print(g.status, g.legal_moves(), "| deal?", g.explain("deal"))

# %% [markdown]
# **Practice 13: redeal.** The stock is empty and redeals are left: turn the waste
# back into the stock. (Playing the 6♥ up is legal, but it is not a redeal.)

# %%
# NBVAL_CHECK_OUTPUT
practice_13 = practice("redeal")
print(practice_13.status())

# %%
# NBVAL_IGNORE_OUTPUT
practice_13.widget()

# %% [markdown]
# ## Exercises
#
# 1. Build a Terrace position where the stock is locked with **two** spaces open. How many
#    waste cards must be played before it deals freely again?
# 2. In Redheads, what happens when a move opens a space and the reserve is empty?
#
# Try them first; each solution is in the collapsed cell under it (click the three dots to
# open it).

# %% jupyter={"outputs_hidden": true, "source_hidden": true}
# Solution 1: two, one into each space. Any card leaving the waste lifts the lock, but the
# next deal locks the stock again while a space is open, and only waste cards fill spaces.
g = Game.from_piles(
    "terrace",
    {**QUIET, "t2": [], "t5": [], "waste": ["5D"], "stock": ["9H", "8H", "7S"]},
    base_rank=3,
)
locks = []
for move in ("deal", "waste-t2", "deal", "waste-t5", "deal"):
    g.play(move)
    locks.append(g.stock_locked)
    report(move)
assert locks == [True, False, True, False, False]

# %% jupyter={"outputs_hidden": true, "source_hidden": true}
# Solution 2: the space takes the waste's top card; if that empties the waste, the stock
# turns the next card onto it at once.
tableau = {p: c for p, c in QUIET.items() if int(p[1:]) <= VARIANTS["redheads"].tableau}
for waste in (["9S", "8H", "JC"], ["JC"]):
    g = Game.from_piles(
        "redheads",
        {**tableau, "t1": ["3H"], "waste": waste, "stock": ["2S", "7D"]},
        base_rank=3,
    )
    g.play("t1-f1")
    assert g.piles["t1"] == ["JC"] and g.piles["reserve"] == []
    print(f"waste {' '.join(waste)}: T1 got {g.piles['t1']}, the waste is now {g.piles['waste']}")

# %% [markdown]
# ## Where to go next
#
# * **Play**: [01-play.ipynb](01-play.ipynb), or `terrace_widget.play("generals-patience")`
#   in any cell.
# * **Strategy**: [03 (Terrace)](03-terrace-strategy.ipynb) and
#   [04 (Klondike)](04-klondike-strategy.ipynb) turn the help's tips into measurements with
#   the solver; [05](05-analyses.ipynb) compares the games.
# * **Scripting**: [06](06-scripting-and-agents.ipynb) writes bots against this engine.
# * **Reference**: `docs/engine-api.md` lists every call used here.

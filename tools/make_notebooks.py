"""Write notebooks/02-rules-tutorial.ipynb and notebooks/06-scripting-and-agents.ipynb.

Run: python tools/make_notebooks.py, then execute them in place so GitHub shows the outputs:
jupyter nbconvert --to notebook --execute --inplace --ExecutePreprocessor.record_timing=False \
    notebooks/02-rules-tutorial.ipynb notebooks/06-scripting-and-agents.ipynb

Cells whose printed facts are deterministic start with ``# NBVAL_CHECK_OUTPUT`` (nbval
compares them); tables drawn as SVG, widgets and timings start with ``# NBVAL_IGNORE_OUTPUT``.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def md(text: str) -> nbformat.NotebookNode:
    return new_markdown_cell(text.strip())


def check(source: str) -> nbformat.NotebookNode:
    """A cell whose output nbval compares."""
    return new_code_cell("# NBVAL_CHECK_OUTPUT\n" + source.strip())


def ignore(source: str) -> nbformat.NotebookNode:
    """A cell whose output nbval does not compare (pictures, widgets, timings)."""
    return new_code_cell("# NBVAL_IGNORE_OUTPUT\n" + source.strip())


def code(source: str, **metadata: object) -> nbformat.NotebookNode:
    return new_code_cell(source.strip(), metadata=metadata)


# ------------------------------------------------------------------ 02 rules tutorial

RULES_TUTORIAL = [
    md("""
# The rules of Terrace, step by step

Terrace is a two-deck patience: 104 cards, eight foundations, a reserve and nine tableau
piles. This notebook teaches its rules **one at a time, each on a small position built for
the purpose**, exactly as GNOME Aisleriot plays them. Every step has three parts: the rule
in plain words, a few lines of Python that try it (the printed facts are checked each time
the tests run), and the table drawn as a picture.

What you will learn:

1. the table and **the choice of the base card**;
2. building **round the corner** (… Q K A 2 …) on foundations and in the tableau;
3. why **nothing goes on a base-rank card** in the tableau;
4. the **reserve**, which feeds only the foundations;
5. the **stock lock**: when the stock refuses to deal and how it lifts;
6. **Signora** and **Redheads**, which fill their spaces by themselves;
7. **General's Patience**: foundations in suit, one redeal, then one card at a time;
8. **Klondike** and its four options.

Positions are made with `Game.from_piles(variant, {pile: cards}, base_rank=…)`. Cards are
written `AS 2H … TD JC QS KH` (T is ten) and listed **bottom → top**: the last card is the
one you can play. Cards not listed go face down to the bottom of the stock.
"""),
    code("""
from terrace_widget import DEAL, VARIANTS, Game, IllegalMoveError, TerraceWidget

# Nine black cards that never build on each other (black on black) and never go to an
# empty foundation while the base is 3: they keep the tableau full and quiet.
FILLERS = ["KC", "KS", "QC", "QS", "JC", "JS", "TC", "TS", "9C"]
QUIET = {f"t{i}": [card] for i, card in enumerate(FILLERS, 1)}
"""),
    md("""
## 1. The table and the base card

A new Terrace deal puts **11 cards in the reserve** (fanned, all visible, but only the top
one, on the right, is in play), **four cards on T1–T4** and the rest in the stock. The
foundations are empty and have no starting rank yet: **you choose it**. Drop any of the four
tableau cards on any foundation; its rank becomes the **base** of all eight foundations.
Until then the stock will not deal and nothing else moves.
"""),
    ignore("""
g = Game("terrace", seed=12345)
g
"""),
    check("""
candidates = {pile: g.piles[pile][0] for pile in ("t1", "t2", "t3", "t4")}
print("status:    ", g.status)
print("candidates:", candidates)
print("reserve:   ", " ".join(g.piles["reserve"]), "(top card last)")
print("stock:     ", g.stock_count, "cards")
print("legal moves:", len(g.legal_moves()), "= 4 candidates x 8 foundations")
print("deal?      ", g.explain("deal"))
"""),
    md("""
**A tip from Aisleriot's help: look at the reserve before you choose.** Every card of the
base rank must one day start a foundation, and the reserve gives up its cards only from the
top. A base-rank card buried deep in the reserve can hold a whole foundation back.
"""),
    check("""
reserve = g.piles["reserve"]
for pile, card in candidates.items():
    depths = [len(reserve) - 1 - i for i, c in enumerate(reserve) if c[:-1] == card[:-1]]
    where = ", ".join(f"{d} card(s) on top of it" for d in depths) or "none in the reserve"
    print(f"{pile}: {card}  same rank in the reserve: {where}")
"""),
    md("""
Here one six lies in the reserve, under seven cards; no jack does. We choose the six
anyway (notebook 03 measures what such a choice costs): `t2-f6` drops the 6♥ of T2 on the
sixth foundation. Watch what the choice sets off:

* the base becomes 6: every foundation must start with a six;
* **every empty tableau pile gets a card** from the stock, left to right (T2, then T5–T9);
  the three candidates not chosen stay where they are;
* the first card is turned onto the **waste**.
"""),
    check("""
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
"""),
    ignore("g"),
    md("""
Undo takes the whole choice back (the filled piles and the waste card too), and redo
plays it again:
"""),
    check("""
g.undo()
print(g.status, g.stock_count, g.piles["t5"], g.piles["waste"])
g.redo()
print(g.status, g.stock_count, g.piles["t5"], g.piles["waste"])
"""),
    md("""
### The same position on a live table

`TerraceWidget(game=g)` puts a copy of the game on a table you can play with the mouse
(drag, or click then click), touch or keyboard. Try moving the 4♣ of T7 onto the 5♦ of T9,
or click the stock. (On GitHub, which does not run Python, the widget does not appear; the
pictures above do.)
"""),
    ignore("""
w = TerraceWidget(game=g)
w
"""),
    md("""
## 2. Round the corner

**Foundations** build **up by one, in alternating colours** (red on black, black on red),
and after the King comes the Ace: with base 3 a foundation runs
3 4 5 6 7 8 9 10 J Q K **A 2** — exactly 13 cards — and is then complete.

**Tableau piles** build **down by one, in alternating colours**, one card at a time, and
the corner works there too: **a King may go on an Ace**.

Here the base is 3 and F1 already runs from 3♣ to K♠. The waste shows A♥; under it the
stock will deal 2♣ and then K♦.
"""),
    ignore("""
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
"""),
    check("""
for move in ("waste-f1", "waste-f1", "waste-t1"):
    g.play(move)
    print(
        f"{move:9} F1 ends {' '.join(g.piles['f1'][-3:])} ({len(g.piles['f1'])} cards)",
        f"| T1 = {' '.join(g.piles['t1'])} | waste now {g.piles['waste']}",
    )
print("a third 3 on F1?", g.explain("t2-f1"))
print("3D on an empty foundation?", g.explain("t2-f2") or "legal")
"""),
    md("""
Each time the waste was emptied the stock dealt the next card **at once**: in Terrace the
waste is never empty while the stock has cards. F1 is now complete (13 cards, A♥ and 2♣
after the King), and K♦ sits on A♣ in T1.
"""),
    ignore("g"),
    md("""
## 3. Nothing on a base-rank card

In the tableau the corner stops at the base: **no card may be put on a card of the base
rank**. With base 3, 2♦ cannot go on 3♣ (the run would wrap past the base), but a
base-rank card may itself go on base + 1: 3♦ on 4♣ is fine. So a tableau run is at most
13 cards long, from the rank below the base down to the base.

`g.explain(move)` says why a move is refused (`None` when it is legal); `g.play` raises
`IllegalMoveError` with the same reason and changes nothing.
"""),
    check("""
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
"""),
    ignore("g"),
    md("""
## 4. The reserve feeds only the foundations

Only the reserve's **top** card (the rightmost) is in play, and it may go **only to a
foundation** — never to the tableau, not even into a space, even when colour and rank fit.
Emptying the reserve is the heart of the game: every card in it must reach a foundation
directly.
"""),
    ignore("""
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
"""),
    check("""
print("8D onto 9C (fits colour and rank):", g.explain("reserve-t1"))
print("two reserve cards at once:        ", g.explain("reserve-f1x2"))
print("8D onto F1 (7C):                  ", g.explain("reserve-f1") or "legal")
g.play("reserve-f1")
print("reserve now", g.piles["reserve"], "| F1 ends", g.piles["f1"][-2:])
"""),
    md("""
## 5. The stock lock

An empty tableau pile is a **space**, and only the **waste's top card** may fill it (never a
tableau or reserve card). Filling is not forced, but the stock keeps you honest:

* with no space, the stock deals one card per click, as often as you like;
* **a card dealt while a space is open locks the stock**: it will not deal again **until a
  card leaves the waste** — into the space, onto a tableau pile or onto a foundation.

Every other move stays legal while the stock is locked.

Below, T2 holds a lone 3♠ (a base card) and the stock will deal 8♥, then 9♥.
"""),
    check("""
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
"""),
    ignore("g"),
    check("""
g.play("waste-t2")  # the waste card fills the space: the lock lifts
report("waste-t2")
g.play("deal")  # no space left: the stock deals freely again
report("deal")
"""),
    md("""
In a real game the lock means: **when you open a space, one card is dealt and then you must
play the waste card before you see another.** The strategy notebook measures how much this
matters.
"""),
    md("""
## 6. Signora and Redheads fill their spaces themselves

Five of the seven games (Terrace, General's Patience, Falling Stars, Blondes and Brunettes,
Wood) leave spaces to you. **Signora** and **Redheads** fill every space automatically,
right after each move, left to right:

* **Signora**: from the waste's top card, or if the waste is empty from the stock — never
  from the reserve;
* **Redheads**: from the reserve first, then the waste, then the stock.

Their base card is dealt (F1 starts with the next stock card), so there is nothing to
choose. Here both games have the same position: T1 holds a lone 3♥ that goes to F1.
"""),
    check("""
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
"""),
    ignore("g  # Redheads after the move: the reserve's 4♣ went into T1"),
    md("""
Because spaces never stay open while cards remain, these two games ignore the stock lock.

## 7. General's Patience: in suit, one redeal, then one card at a time

General's Patience is Terrace with a 13-card reserve, **foundations built in suit** (not
just alternating colours) and **one redeal**: when the stock runs out, a click turns the
waste back into the stock, in its original order. On this second pass **each card must be
played before the next one is dealt**: the stock deals only into an empty waste.

To get there with a real deal we let Aisleriot's own hint play the first pass of
`generals-patience#20` (hints are the subject of notebook 06).
"""),
    check("""
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
"""),
    ignore("g"),
    check("""
move = g.hint().move
print("play it:", move, "->", g.hint().message)
g.play(move)
print("the next card came at once:", g.piles["waste"], "| stock", g.stock_count)
"""),
    md("""
A second-pass card that fits nowhere blocks the stock for good; the game is lost once no
move can help it any more.

In suit or in colour, a refusal always says why:
"""),
    check("""
for variant, f1 in (("terrace", ["3H", "4C"]), ("generals-patience", ["3H", "4H"])):
    g = Game.from_piles(variant, {**QUIET, "f1": f1, "waste": ["5D"]}, base_rank=3)
    print(f"{variant:18} F1 = {' '.join(f1)}, 5D onto it: {g.explain('waste-f1') or 'legal'}")
"""),
    md("""
## 8. Klondike and its four options

Klondike is the one-deck classic: seven tableau piles dealt in a triangle, only their top
cards face up; foundations start with the Aces and build up **in suit**; the tableau builds
down in alternating colours, **groups of cards move together**, and only a King (or a group
headed by a King) may go into a space. Foundation cards may come back down.

Aisleriot offers four options, which differ only in how the stock works. All eleven games
are rows of one table, `VARIANTS`:
"""),
    check("""
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
"""),
    ignore("""
g = Game("klondike", seed=7)
g
"""),
    check("""
print("T7 as a player sees it:", g.observation()["piles"]["t7"])
print("stock", g.stock_count, "| waste", g.piles["waste"], "| redeals left", g.redeals_left)
print(
    "Q onto an empty pile?",
    Game.from_piles("klondike", {"t1": [], "t2": ["#4C", "QD"]}).explain("t2-t1"),
)
"""),
    md("""
**Draw three** turns three cards per click (the last one on top, the only one you may
play). The redeal count is what separates the other three options. Let us click each
stock until it refuses (or 200 times) without playing anything else:
"""),
    check("""
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
"""),
    md("""
Single card deals (the default) give 24 + 1 + 24 + 1 + 24 = 74 clicks: three passes and
two redeals (a redeal click turns the waste over and shows no card).

## Where to go next

* **Play**: [01-play.ipynb](01-play.ipynb), or `terrace_widget.play("generals-patience")`
  in any cell.
* **Strategy**: [03 (Terrace)](03-terrace-strategy.ipynb) and
  [04 (Klondike)](04-klondike-strategy.ipynb) turn the help's tips into measurements with
  the solver; [05](05-analyses.ipynb) compares the games.
* **Scripting**: [06](06-scripting-and-agents.ipynb) writes bots against this engine.
* **Reference**: `docs/engine-api.md` lists every call used here.

Exercises for a class: build a position where the stock is locked with **two** spaces open
— how many waste cards must be played before it deals freely again? In Redheads, what
happens when a move opens a space and the reserve is empty?
"""),
]

# ------------------------------------------------------------------ 06 scripting and agents

SCRIPTING = [
    md("""
# Scripting and agents

The engine behind the table is a plain Python object, fast and exact, so it is easy to
drive from code. This notebook is for **bot writers**. It teaches:

1. the `Game` API: legal moves, playing, undo, refusals;
2. what a bot may see: `fair_observation()`, where face-down cards are just `"#"`;
3. **records**: a whole game as two short strings, replayed move by move, also on the table;
4. **action numbers** and a **Gymnasium environment**, for learning agents;
5. five bots that see only the observation — **random**, **greedy**, **greedy that plays
   the waste first**, Aisleriot's **classic hint**, and the package's **strategy tips**
   player — and a fair comparison over many deals with `tournament()`, with 95% intervals
   and a chart.

Everything is seeded, so every run gives the same numbers. Change `N_DEALS` below for a
bigger study (CI runs it with 20 deals per game and bot).
"""),
    code(
        """
# Parameters (papermill-style: this cell is tagged "parameters")
N_DEALS = 20  # deals per game and bot
GAMES = ("terrace", "klondike")  # which games the bots play
MAX_MOVES = 1000  # a move budget, so that no bot can play forever
""",
        tags=["parameters"],
    ),
    md("""
## 1. A game is an object

`Game(variant, seed=…)` deals; the same variant and seed give the same deal on every
machine (`g.deal_id` names it). Moves are text or `Move` tuples: `t3-f1` (pile to pile),
`t2-t5x3` (a Klondike group of three), `deal` (a click on the stock).
"""),
    check("""
from terrace_widget import DEAL, Game, IllegalMoveError, Move

g = Game("klondike", seed=7)
print(g.deal_id, "|", g.status, "| score", g.score)
print("piles:", g.pile_names)
print("legal:", [str(m) for m in g.legal_moves()])
print(g)
"""),
    check("""
g.play("deal")  # text or Move: play() returns the Move it played
print(g.piles["waste"], "| legal:", [str(m) for m in g.legal_moves()])
try:
    g.play("t1-t2")
except IllegalMoveError as error:  # a ValueError; the game is unchanged
    print("refused:", error)
print("undo:", g.undo(), "| waste", g.piles["waste"], "| redo:", g.redo())
print("a move is a NamedTuple:", Move.parse("t2-t5x3"), "| DEAL is", DEAL)
print(repr(g))
"""),
    md("""
## 2. What a bot may see

`g.piles` shows everything, face-down cards included (written `#QH`): it is the referee's
view. `g.observation()` is what the table in the browser shows: face-down cards are `"#"`,
with no face at all, and there is no deal number (the documented shuffle would rebuild the
whole deck from it).

A bot gets `fair_observation(g)`: the observation, with a status that says `lost` only when
no move is left (the game-over check behind `g.status` searches through the hidden cards,
so its verdict is not a player's). It is plain JSON.
"""),
    check("""
import json

from terrace_widget.env import fair_observation

obs = fair_observation(g)
print(sorted(obs))
print("T7, referee:", g.piles["t7"])
print("T7, player: ", obs["piles"]["t7"])
print("stock:", obs["stock_count"], "cards, all", set(obs["piles"]["stock"]))
print("JSON size:", len(json.dumps(obs)), "characters")
"""),
    md("""
The proof that nothing hidden leaks: deal Klondike #7 again, and a second deck with the
same 28 tableau cards but the 24 stock cards in another order. A player cannot tell the two
apart, and neither can a bot.
"""),
    check("""
import random

deck = Game("klondike", seed=7).deck
stock = deck[28:]  # the first 28 cards of the deck go to the tableau
random.Random(1).shuffle(stock)
twin = Game("klondike", deck=deck[:28] + stock)
print("same stock?", twin.piles["stock"] == Game("klondike", seed=7).piles["stock"])
print("same fair view?", fair_observation(twin) == fair_observation(Game("klondike", seed=7)))
"""),
    md("""
## 3. Records: a game in two strings

`g.record()` is the deck and the moves; `Game.replay(record)` plays the moves again from
the deal, checking every one. Records are small enough to store by the thousand, and
exact: the replayed game is the same game.
"""),
    check("""
g = Game("terrace", seed=12345)
g.play("t2-f6")
for _ in range(20):  # twenty moves as Aisleriot's hint suggests them
    g.play(g.hint().move)
record = g.record()
print({key: value if key != "deck" else value[:23] + " ..." for key, value in record.items()})
again = Game.replay(record)
print("same position:", again.piles == g.piles, "| same score:", again.score == g.score)
print("the record as JSON:", len(json.dumps(record)), "characters")
"""),
    md("""
## 4. Actions as numbers, and a Gymnasium environment

Learning agents want moves as numbers. Every game has a fixed list of every move its layout
allows (action `0` is the deal); `g.legal_actions()` gives the numbers of the legal ones and
`g.apply(n)` plays one, as in OpenSpiel (`g.clone()` copies the game).
"""),
    check("""
from terrace_widget.actions import action_list, action_move, action_number

g = Game("terrace", seed=12345)
print(len(action_list("terrace")), "Terrace actions;", len(action_list("klondike")), "in Klondike")
print("legal now:", g.legal_actions()[:8], "...")
print("action 35:", action_move("terrace", 35), "| t2-f6:", action_number("terrace", "t2-f6"))
child = g.clone()
child.apply(action_number("terrace", "t2-f6"))
print("the clone scores", child.score, "| the game still", g.score)
"""),
    md("""
With Gymnasium installed (`pip install 'terrace-widget[gym]'`), importing
`terrace_widget.env` registers the eleven games as environments
(`terrace_widget/Terrace-v0` … `terrace_widget/KlondikeUnlimited-v0`). The observation is a
dict of NumPy arrays built from the fair view only (a face-down card has one code, 53); the
legal actions come as a mask; the reward is +1 for each card that reaches a foundation, −1
for each card taken back, and +10 for the win. Here a random agent that respects the mask
plays one Klondike deal, and Gymnasium's own checker looks the environment over.
"""),
    check("""
import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env

env = gymnasium.make("terrace_widget/Klondike-v0", max_steps=500)
obs, info = env.reset(seed=7)  # the deal klondike#7
print({key: value.shape for key, value in obs.items() if value.shape})
print("legal:", [str(action_move("klondike", a)) for a in np.flatnonzero(info["action_mask"])])

env.action_space.seed(0)
total, ended = 0.0, False
while not ended:
    action = env.action_space.sample(mask=info["action_mask"])
    obs, reward, terminated, truncated, info = env.step(action)
    total += reward
    ended = terminated or truncated
print(f"return {total:+.0f}, score {info['score']}/52 after {info['steps']} steps,",
      "terminated" if terminated else "truncated")
check_env(env.unwrapped)  # silent when all is well
print("check_env passed")
"""),
    md("""
`env.unwrapped.action_masks()` is the mask under the name sb3-contrib's `MaskablePPO` looks
for. The rest of this notebook stays with hand-written bots.

## 5. Bots that see only the observation

A bot here is a function: it gets the fair observation and returns the move to play (a
`Move` or its text), or `None` to stop. It never sees the `Game`. The referee,
`tournament()`, deals the same deals to every bot and ends a game when it is won, when no
move is left, when the bot stops or plays an illegal move, after the move budget, or when
it chooses the same move in the same visible position a third time (a bot going round in
circles). It takes
each bot as a *factory*, called with the deal's seed, so that a random bot can seed itself.

To try a move before playing it, a bot may build `game_from_observation(obs)`: a `Game`
that shows exactly what the observation shows, its hidden cards a guess (the unseen cards
in a fixed order). The package's own fair players live in `terrace_widget.players`:
`RulePlayer` plays by the strategy tips of notebooks 03 and 04; it joins the tournament as
a fifth bot.
"""),
    code('''
from terrace_widget.env import play_one, summarize, tournament
from terrace_widget.players import RulePlayer, game_from_observation


def legal(obs):
    """The legal moves, in action-number order (whatever order the engine lists them in)."""
    moves = [Move.parse(text) for text in obs["legal_moves"]]
    return sorted(moves, key=lambda move: action_number(obs["variant"], move))


def random_bot(seed):
    """Any legal move, uniformly at random (its own seeded generator)."""
    rng = random.Random(seed)
    return lambda obs: rng.choice(legal(obs))


def hint_bot(obs):
    """Aisleriot's classic hint, asked of a game built from the observation."""
    move = game_from_observation(obs).hint().move
    if move is None and obs["status"] == "choosing-base":
        return legal(obs)[0]  # the hint only says "Move something onto the foundation."
    return move
'''),
    md("""
The classic hint looks only at face-up cards, so the game built from the observation gives
exactly the hint the real game would give. Checked along a game the hint bot plays:
"""),
    check("""
g, same, positions = Game("klondike", seed=3), 0, 0
while fair_observation(g)["legal_moves"] and positions < 80:
    obs = fair_observation(g)
    same += game_from_observation(obs).hint() == g.hint()
    positions += 1
    move = hint_bot(obs)
    if move is None:
        break
    g.play(move)
print(f"the same hint in {same} of {positions} positions")
"""),
    md("""
The **greedy** bot follows three preferences, in order:

1. a move **to a foundation** (never back down from one);
2. a tableau move that **empties a pile or frees a card**: one that turns a face-down card
   (Klondike) or uncovers a card that can go up at once (Terrace);
3. otherwise **deal**.

A careful reader will notice it never plays the waste card onto the tableau unless the
stock refuses to deal. The variant `greedy_waste_bot` adds one rule — *play the waste card
onto the tableau before dealing* — so that we can see what one rule is worth.
"""),
    code('''
def frees_a_card(obs, move, world):
    """Does this tableau move empty its pile, turn a card, or uncover a foundation card?"""
    pile = obs["piles"][move.source]
    if move.size == len(pile):
        return bool(obs["piles"][move.target])  # a whole pile into a space changes nothing
    if pile[-move.size - 1] == "#":
        return True
    after = world.copy()
    after.play(move)
    return any(m.source == move.source and m.target.startswith("f") for m in after.legal_moves())


def greedy(waste_first=False):
    def bot(obs):
        moves = legal(obs)
        up = [m for m in moves if m.target.startswith("f") and not m.source.startswith("f")]
        if up:
            return up[0]
        tableau = [m for m in moves if m.source.startswith("t") and m.target.startswith("t")]
        world = game_from_observation(obs) if tableau else None
        freeing = [m for m in tableau if frees_a_card(obs, m, world)]
        if freeing:
            return freeing[0]
        waste = [m for m in moves if m.source == "waste" and m.target.startswith("t")]
        if waste_first and waste:
            return waste[0]
        if DEAL in moves:
            return DEAL
        return waste[0] if waste else None

    return bot


greedy_bot, greedy_waste_bot = greedy(), greedy(waste_first=True)
PLAYERS = {
    "random": random_bot,
    "greedy": lambda seed: greedy_bot,
    "greedy + waste": lambda seed: greedy_waste_bot,
    "classic hint": lambda seed: hint_bot,
    "strategy tips": lambda seed: RulePlayer().choose,  # a fresh player for each deal
}
'''),
    check("""
for name, make in PLAYERS.items():
    g, end = play_one(make(1), "terrace", 1, max_moves=MAX_MOVES)
    print(f"{name:15} terrace#1: score {g.score:3}/104 after {len(g.history):4} moves ({end})")
"""),
    md("""
### Watch a bot play

`w.replay(record, delay=0.3)` animates a record on the table, one move every 0.3 s (the
cell returns at once; the table plays on). Here is the classic-hint bot on `klondike#3`.
"""),
    check("""
from terrace_widget import TerraceWidget

best, end = play_one(hint_bot, "klondike", 3, max_moves=MAX_MOVES)
print(best, "\\n", len(best.history), "moves, score", best.score, f"({end})")
"""),
    ignore("""
w = TerraceWidget("klondike")
task = w.replay(best.record(), delay=0.3)
w
"""),
    md("""
## 6. A tournament

Every bot plays the same `N_DEALS` deals of each game (seeds 1, 2, …), so the comparison
is paired and fair. `tournament()` returns one row per game; `summarize()` turns them into
the share of the cards each bot brought to the foundations (104 in Terrace, 52 in
Klondike) and its wins, each with a 95% interval.
"""),
    ignore("""
import time

started = time.perf_counter()
results = tournament(PLAYERS, GAMES, range(1, N_DEALS + 1), max_moves=MAX_MOVES)
print(f"{len(results)} games in {time.perf_counter() - started:.1f} s")
print(results[0])
"""),
    check("""
summary = summarize(results)
print(f"{'game':9} {'bot':15} {'cards on foundations':>24} {'won':>6} {'95% interval':>13}", end="")
print(f" {'moves':>6}")
for row in summary:
    cards = f"{row['cards_pct']:5.1f}% [{row['cards_pct_low']:4.1f}, {row['cards_pct_high']:4.1f}]"
    won = f"[{row['win_pct_low']:4.1f}, {row['win_pct_high']:4.1f}]%"
    print(
        f"{row['variant']:9} {row['player']:15} {cards:>24} {row['wins']:3}/{row['games']:<3}"
        f"{won:>13} {row['moves']:6.0f}"
    )
"""),
    ignore("""
import matplotlib.pyplot as plt

names = list(PLAYERS)
width = 0.8 / len(names)
colours = ["#9e9e9e", "#7fb3d5", "#2e86c1", "#1e6b3c", "#d68910"]
by_key = {(row["variant"], row["player"]): row for row in summary}
fig, (ax_score, ax_win) = plt.subplots(1, 2, figsize=(11, 4.2))
for k, name in enumerate(names):
    xs = [i + (k - (len(names) - 1) / 2) * width for i in range(len(GAMES))]
    rows = [by_key[variant, name] for variant in GAMES]
    for ax, key in ((ax_score, "cards_pct"), (ax_win, "win_pct")):
        values = [row[key] for row in rows]
        errors = [
            [v - row[key + "_low"] for v, row in zip(values, rows, strict=True)],
            [row[key + "_high"] - v for v, row in zip(values, rows, strict=True)],
        ]
        bars = ax.bar(xs, values, width, yerr=errors, capsize=3, color=colours[k], label=name)
        if ax is ax_win:
            ax.bar_label(bars, labels=[f"{row['wins']}/{row['games']}" for row in rows], fontsize=8)
for ax in (ax_score, ax_win):
    ax.set_xticks(range(len(GAMES)), [variant.title() for variant in GAMES])
    ax.set_xlabel("game")
    ax.set_ylim(0, 100)
ax_score.set_ylabel("mean share of the cards on foundations (%)")
ax_score.set_title(f"Cards brought up ({N_DEALS} deals, 95% intervals)")
ax_win.set_ylabel("deals won (%)")
ax_win.set_title(f"Win rate ({N_DEALS} deals, 95% Wilson intervals)")
handles, labels = ax_score.get_legend_handles_labels()
fig.legend(handles, labels, loc="lower center", ncol=len(names), fontsize=9)
fig.suptitle("Five bots on the same deals, seeing only what a player sees")
fig.tight_layout(rect=(0, 0.07, 1, 1))
plt.show()
"""),
    md("""
What the table and the chart say (with the default 20 deals; the intervals are wide, run
more deals to tighten them):

* **Random** play goes nowhere: about a quarter of the Terrace cards and a tenth of the
  Klondike ones, no win. Its games mostly end by going round in circles.
* **Greedy** as first written is better but wins nothing (43% and 16% of the cards): it
  deals the whole stock past the tableau. **One extra rule** — play the waste card onto
  the tableau before dealing — lifts it to 63% and 54%, the level of Aisleriot's hint.
* The **classic hint** was never meant as a player (it only suggests the next move), yet
  it wins 7 of these 20 Klondike deals (95% interval 18–57%) and one Terrace deal.
* The **strategy tips** player wins 3 Terrace deals and 7 Klondike ones. Twenty deals
  cannot tell the last three bots apart: their intervals overlap almost entirely.

None of them plans ahead. How many of these deals could be won at all is a question for
the solver (notebook 05).

## Where to go next

* **Write your own bot**: copy `greedy` and change the order of its preferences, then run
  the tournament cell again. Ideas: in Terrace, choose the base card whose rank is least
  buried in the reserve (notebook 02 shows how to see it); never fill a space with a card
  that could go up soon.
* **Train an agent**: the environments of section 4 work with any Gymnasium library; the
  mask keeps an agent to legal moves.
* **Bigger studies**: set `N_DEALS = 500` in the parameter cell.
* **The rules** your bot must respect: notebook 02; the whole API, and the agent interface:
  `docs/engine-api.md`.
* **Against the best**: the solver (`docs/solver.md`) answers whether a deal can be won.
* **The other notebooks**: [01 play](01-play.ipynb), [02 rules](02-rules-tutorial.ipynb),
  [03 Terrace strategy](03-terrace-strategy.ipynb),
  [04 Klondike strategy](04-klondike-strategy.ipynb), [05 analyses](05-analyses.ipynb).
"""),
]


def write(name: str, cells: list[nbformat.NotebookNode]) -> Path:
    nb = new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nb.metadata["language_info"] = {"name": "python"}
    path = NOTEBOOKS / name
    nbformat.validate(nb)
    nbformat.write(nb, path)
    ruff_format(path)
    return path


def ruff_format(path: Path) -> None:
    """Format the notebook's code cells as the rest of the code (the lint test checks it)."""
    exe = shutil.which("ruff", path=str(Path(sys.executable).parent)) or shutil.which("ruff")
    if exe is None:
        raise SystemExit("ruff is not installed: pip install -e '.[test]'")
    subprocess.run([exe, "format", "--quiet", str(path)], check=True)


def main() -> None:
    targets = {
        "02-rules-tutorial.ipynb": RULES_TUTORIAL,
        "06-scripting-and-agents.ipynb": SCRIPTING,
    }
    wanted = sys.argv[1:] or list(targets)
    for name in wanted:
        print(f"wrote {write(name, targets[name])}")


if __name__ == "__main__":
    main()

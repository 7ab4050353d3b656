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
# # Scripting and agents
#
# The engine behind the table is a plain Python object, fast and exact, so it is easy to
# drive from code. This notebook is for **bot writers**. It teaches:
#
# 1. the `Game` API: legal moves, playing, undo, refusals;
# 2. what a bot may see: `fair_observation()`, where face-down cards are just `"#"`;
# 3. **records**: a whole game as two short strings, replayed move by move, also on the table;
# 4. **action numbers** and a **Gymnasium environment**, for learning agents;
# 5. five bots that see only the observation — **random**, **greedy**, **greedy that plays
#    the waste first**, Aisleriot's **classic hint**, and the package's **strategy tips**
#    player — and a fair comparison over many deals with `tournament()`, with 95% intervals
#    and a chart.
#
# Everything is seeded, so every run gives the same numbers. Change `N_DEALS` below for a
# bigger study (CI runs it with 20 deals per game and bot).

# %% tags=["parameters"]
# Parameters (papermill-style: this cell is tagged "parameters")
N_DEALS = 20  # deals per game and bot
GAMES = ("terrace", "klondike")  # which games the bots play
MAX_MOVES = 1000  # a move budget, so that no bot can play forever

# %% [markdown]
# ## 1. A game is an object
#
# `Game(variant, seed=…)` deals; the same variant and seed give the same deal on every
# machine (`g.deal_id` names it). Moves are text or `Move` tuples: `t3-f1` (pile to pile),
# `t2-t5x3` (a Klondike group of three), `deal` (a click on the stock).

# %%
# NBVAL_CHECK_OUTPUT
from terrace_widget import DEAL, Game, IllegalMoveError, Move

g = Game("klondike", seed=7)
print(g.deal_id, "|", g.status, "| score", g.score)
print("piles:", g.pile_names)
print("legal:", [str(m) for m in g.legal_moves()])
print(g)

# %%
# NBVAL_CHECK_OUTPUT
g.play("deal")  # text or Move: play() returns the Move it played
print(g.piles["waste"], "| legal:", [str(m) for m in g.legal_moves()])
try:
    g.play("t1-t2")
except IllegalMoveError as error:  # a ValueError; the game is unchanged
    print("refused:", error)
print("undo:", g.undo(), "| waste", g.piles["waste"], "| redo:", g.redo())
print("a move is a NamedTuple:", Move.parse("t2-t5x3"), "| DEAL is", DEAL)
print(repr(g))

# %% [markdown]
# ## 2. What a bot may see
#
# `g.piles` shows everything, face-down cards included (written `#QH`): it is the referee's
# view. `g.observation()` is what the table in the browser shows: face-down cards are `"#"`,
# with no face at all, and there is no deal number (the documented shuffle would rebuild the
# whole deck from it).
#
# A bot gets `fair_observation(g)`: the observation, with a status that says `lost` only when
# no move is left (the game-over check behind `g.status` searches through the hidden cards,
# so its verdict is not a player's). It is plain JSON.

# %%
# NBVAL_CHECK_OUTPUT
import json

from terrace_widget.agents.env import fair_observation

obs = fair_observation(g)
print(sorted(obs))
print("T7, referee:", g.piles["t7"])
print("T7, player: ", obs["piles"]["t7"])
print("stock:", obs["stock_count"], "cards, all", set(obs["piles"]["stock"]))
print("JSON size:", len(json.dumps(obs)), "characters")

# %% [markdown]
# The proof that nothing hidden leaks: deal Klondike #7 again, and a second deck with the
# same 28 tableau cards but the 24 stock cards in another order. A player cannot tell the two
# apart, and neither can a bot.

# %%
# NBVAL_CHECK_OUTPUT
import random

deck = Game("klondike", seed=7).deck
stock = deck[28:]  # the first 28 cards of the deck go to the tableau
random.Random(1).shuffle(stock)
twin = Game("klondike", deck=deck[:28] + stock)
print("same stock?", twin.piles["stock"] == Game("klondike", seed=7).piles["stock"])
print("same fair view?", fair_observation(twin) == fair_observation(Game("klondike", seed=7)))

# %% [markdown]
# ## 3. Records: a game in two strings
#
# `g.record()` is the deck and the moves; `Game.replay(record)` plays the moves again from
# the deal, checking every one. Records are small enough to store by the thousand, and
# exact: the replayed game is the same game.

# %%
# NBVAL_CHECK_OUTPUT
g = Game("terrace", seed=12345)
g.play("t2-f6")
for _ in range(20):  # twenty moves as Aisleriot's hint suggests them
    g.play(g.hint().move)
record = g.record()
print({key: value if key != "deck" else value[:23] + " ..." for key, value in record.items()})
again = Game.replay(record)
print("same position:", again.piles == g.piles, "| same score:", again.score == g.score)
print("the record as JSON:", len(json.dumps(record)), "characters")

# %% [markdown]
# ## 4. Actions as numbers, and a Gymnasium environment
#
# Learning agents want moves as numbers. Every game has a fixed list of every move its layout
# allows (action `0` is the deal); `g.legal_actions()` gives the numbers of the legal ones and
# `g.apply(n)` plays one, as in OpenSpiel (`g.clone()` copies the game).

# %%
# NBVAL_CHECK_OUTPUT
from terrace_widget.game.actions import action_list, action_move, action_number

g = Game("terrace", seed=12345)
print(len(action_list("terrace")), "Terrace actions;", len(action_list("klondike")), "in Klondike")
print("legal now:", g.legal_actions()[:8], "...")
print("action 35:", action_move("terrace", 35), "| t2-f6:", action_number("terrace", "t2-f6"))
child = g.clone()
child.apply(action_number("terrace", "t2-f6"))
print("the clone scores", child.score, "| the game still", g.score)

# %% [markdown]
# With Gymnasium installed (`pip install 'terrace-widget[gym]'`), importing
# `terrace_widget.agents.env` registers the eleven games as environments
# (`terrace_widget/Terrace-v0` … `terrace_widget/KlondikeUnlimited-v0`). The observation is a
# dict of NumPy arrays built from the fair view only (a face-down card has one code, 53); the
# legal actions come as a mask; the reward is +1 for each card that reaches a foundation, −1
# for each card taken back, and +10 for the win. Here a random agent that respects the mask
# plays one Klondike deal, and Gymnasium's own checker looks the environment over.

# %%
# NBVAL_CHECK_OUTPUT
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
print(
    f"return {total:+.0f}, score {info['score']}/52 after {info['steps']} steps,",
    "terminated" if terminated else "truncated",
)
check_env(env.unwrapped)  # silent when all is well
print("check_env passed")

# %% [markdown]
# `env.unwrapped.action_masks()` is the mask under the name sb3-contrib's `MaskablePPO` looks
# for. The rest of this notebook stays with hand-written bots.
#
# ## 5. Bots that see only the observation
#
# A bot here is a function: it gets the fair observation and returns the move to play (a
# `Move` or its text), or `None` to stop. It never sees the `Game`. The referee,
# `tournament()`, deals the same deals to every bot and ends a game when it is won, when no
# move is left, when the bot stops or plays an illegal move, after the move budget, or when
# it chooses the same move in the same visible position a third time (a bot going round in
# circles). It takes
# each bot as a *factory*, called with the deal's seed, so that a random bot can seed itself.
#
# To try a move before playing it, a bot may build `game_from_observation(obs)`: a `Game`
# that shows exactly what the observation shows, its hidden cards a guess (the unseen cards
# in a fixed order). The package's own fair players live in `terrace_widget.fair.players`:
# `RulePlayer` plays by the strategy tips of notebooks 03 and 04; it joins the tournament as
# a fifth bot.

# %%
from terrace_widget.agents.env import play_one, tournament, tournament_summary
from terrace_widget.fair.players import RulePlayer, game_from_observation


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


# %% [markdown]
# The classic hint looks only at face-up cards, so the game built from the observation gives
# exactly the hint the real game would give. Checked along a game the hint bot plays:

# %%
# NBVAL_CHECK_OUTPUT
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


# %% [markdown]
# The **greedy** bot follows three preferences, in order:
#
# 1. a move **to a foundation** (never back down from one);
# 2. a tableau move that **empties a pile or frees a card**: one that turns a face-down card
#    (Klondike) or uncovers a card that can go up at once (Terrace);
# 3. otherwise **deal**.
#
# A careful reader will notice it never plays the waste card onto the tableau unless the
# stock refuses to deal. The variant `greedy_waste_bot` adds one rule — *play the waste card
# onto the tableau before dealing* — so that we can see what one rule is worth.


# %%
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

# %%
# NBVAL_CHECK_OUTPUT
for name, make in PLAYERS.items():
    g, end = play_one(make(1), "terrace", 1, max_moves=MAX_MOVES)
    print(f"{name:15} terrace#1: score {g.score:3}/104 after {len(g.history):4} moves ({end})")

# %% [markdown]
# ### Watch a bot play
#
# `w.replay(record, delay=0.3)` animates a record on the table, one move every 0.3 s (the
# cell returns at once; the table plays on). Here is the classic-hint bot on `klondike#3`.

# %%
# NBVAL_CHECK_OUTPUT
from terrace_widget import TerraceWidget

best, end = play_one(hint_bot, "klondike", 3, max_moves=MAX_MOVES)
print(best, "\n", len(best.history), "moves, score", best.score, f"({end})")

# %%
# NBVAL_IGNORE_OUTPUT
w = TerraceWidget("klondike")
task = w.replay(best.record(), delay=0.3)
w

# %% [markdown]
# ## 6. A tournament
#
# Every bot plays the same `N_DEALS` deals of each game (seeds 1, 2, …), so the comparison
# is paired and fair. `tournament()` returns one row per game; `tournament_summary()` turns them into
# the share of the cards each bot brought to the foundations (104 in Terrace, 52 in
# Klondike) and its wins, each with a 95% interval.

# %%
# NBVAL_IGNORE_OUTPUT
import time

started = time.perf_counter()
results = tournament(PLAYERS, GAMES, range(1, N_DEALS + 1), max_moves=MAX_MOVES)
print(f"{len(results)} games in {time.perf_counter() - started:.1f} s")
print(results[0])

# %%
# NBVAL_CHECK_OUTPUT
summary = tournament_summary(results)
print(f"{'game':9} {'bot':15} {'cards on foundations':>24} {'won':>6} {'95% interval':>13}", end="")
print(f" {'moves':>6}")
for row in summary:
    cards = f"{row['cards_pct']:5.1f}% [{row['cards_pct_low']:4.1f}, {row['cards_pct_high']:4.1f}]"
    won = f"[{row['win_pct_low']:4.1f}, {row['win_pct_high']:4.1f}]%"
    print(
        f"{row['variant']:9} {row['player']:15} {cards:>24} {row['wins']:3}/{row['games']:<3}"
        f"{won:>13} {row['moves']:6.0f}"
    )

# %%
# NBVAL_IGNORE_OUTPUT
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

# %% [markdown]
# What the table and the chart say (with the default 20 deals; the intervals are wide, run
# more deals to tighten them):
#
# * **Random** play goes nowhere: about a quarter of the Terrace cards and a tenth of the
#   Klondike ones, no win. Its games mostly end by going round in circles.
# * **Greedy** as first written is better but wins nothing (43% and 16% of the cards): it
#   deals the whole stock past the tableau. **One extra rule** — play the waste card onto
#   the tableau before dealing — lifts it to 63% and 54%, the level of Aisleriot's hint.
# * The **classic hint** was never meant as a player (it only suggests the next move), yet
#   it wins 7 of these 20 Klondike deals (95% interval 18–57%) and one Terrace deal.
# * The **strategy tips** player wins 3 Terrace deals and 7 Klondike ones. Twenty deals
#   cannot tell the last three bots apart: their intervals overlap almost entirely.
#
# None of them plans ahead. How many of these deals could be won at all is a question for
# the solver (notebook 05).
#
# ## Where to go next
#
# * **Write your own bot**: copy `greedy` and change the order of its preferences, then run
#   the tournament cell again. Ideas: in Terrace, choose the base card whose rank is least
#   buried in the reserve (notebook 02 shows how to see it); never fill a space with a card
#   that could go up soon.
# * **Train an agent**: the environments of section 4 work with any Gymnasium library; the
#   mask keeps an agent to legal moves.
# * **Bigger studies**: set `N_DEALS = 500` in the parameter cell.
# * **The rules** your bot must respect: notebook 02; the whole API, and the agent interface:
#   `docs/engine-api.md`.
# * **Against the best**: the solver (`docs/solver.md`) answers whether a deal can be won.
# * **The other notebooks**: [01 play](01-play.ipynb), [02 rules](02-rules-tutorial.ipynb),
#   [03 Terrace strategy](03-terrace-strategy.ipynb),
#   [04 Klondike strategy](04-klondike-strategy.ipynb), [05 analyses](05-analyses.ipynb).

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
# # Klondike strategy: don't give up, and what the options are worth
#
# GNOME Aisleriot's help has one tip for Klondike: *"Don't give up the ship! Try brute force
# methods when the game seems over. Sometimes a combination of using cards already in the
# Foundation and rearranging sequences will free up some needed cards."* This notebook
# measures that tip, and the two choices Klondike's options make for you. You will learn:
#
# 1. **don't give up**: how often a position where a simple player is stuck can still be
#    won, and how to ask the solver for the way out;
# 2. **bringing foundation cards back down**: how often winning lines do it;
# 3. **draw one against draw three**, on the very same deals;
# 4. **the value of each redeal**: none, one, two or unlimited, with draw one.
#
# **The solver** (`terrace_widget.solver.solve`) is *thoughtful*: it sees the face-down cards
# and the stock. Its answers are `won` (with a winning line), `unwinnable` (proved) or
# `unknown` (the node budget ran out); the figures show `unknown` as grey, hatched bars, never
# as losses. Klondike is easier for it than Terrace, but a draw-one deal with redeals can
# still outlast a budget.
#
# **Where the figures come from.** Every measurement runs live on a small sample
# (`N_DEALS` deals at `BUDGET` nodes per search: what the tests run). The figures are drawn
# from the **saved run** in `notebooks/data/` when it is there (150 deals,
# 1,000,000 nodes per search, written by
# `python benchmarks/notebook_data.py`) and from the live sample otherwise; each
# figure's title says which. Set `SAVED = None` for the live sample's figures.

# %% tags=["parameters"]
# Parameters (papermill-style: this cell is tagged "parameters")
N_DEALS = 6  # deals of the live sample
BUDGET = 30_000  # solver nodes per search in the live sample
EXECUTOR = "serial"  # analyze() in this process; None: one process per core
SAVED = "data"  # the folder of the saved run behind the figures (None: the live sample)

# %%
import json
from collections import Counter
from pathlib import Path

from terrace_widget import Game
from terrace_widget.advice import solver_hint
from terrace_widget.analysis import analyze, greedy_play, load_results
from terrace_widget.solver import solve

OPTIONS = ("klondike", "klondike-three-card", "klondike-no-redeal", "klondike-unlimited")
NAMES = {
    "klondike": "draw one,\n2 redeals",
    "klondike-three-card": "draw three,\nunlimited",
    "klondike-no-redeal": "draw one,\nno redeal",
    "klondike-unlimited": "draw one,\nunlimited",
}


FILES = (
    "klondike-options.jsonl",
    "klondike-one-redeal.jsonl",
    "klondike-give-up.jsonl",
    "klondike-lines.jsonl",
)
USE_SAVED = SAVED is not None and all((Path(SAVED) / name).exists() for name in FILES)


def saved(name):
    """The rows of a file of the saved run, or None (no saved run, or SAVED = None)."""
    if not USE_SAVED:
        return None
    with open(Path(SAVED) / name) as file:
        return [json.loads(line) for line in file if line.strip()]


# %matplotlib inline
import matplotlib.pyplot as plt

from terrace_widget.analysis import wilson_interval

plt.style.use("default")
plt.rcParams.update(
    {
        "figure.figsize": (9, 4),
        "figure.dpi": 90,
        "axes.grid": True,
        "grid.alpha": 0.3,
        "axes.spines.top": False,
        "axes.spines.right": False,
        "axes.titlesize": 11,
    }
)
VERDICTS = ("won", "unknown", "unwinnable")
COLOURS = {"won": "#2e7d32", "unknown": "#bdbdbd", "unwinnable": "#c62828"}
LABELS = {
    "won": "won (a winning line found)",
    "unknown": "unknown (budget ran out)",
    "unwinnable": "unwinnable (proved)",
}


def verdict_bars(ax, groups, *, xlabel, title):
    """Stacked bars of won / unknown / unwinnable shares, one bar per group.

    ``groups`` maps a label to a Counter of verdicts. The black whisker is the 95%
    Wilson interval of the won share; n is the number of searches in the group.
    """
    labels = [label for label in groups if sum(groups[label].values())]
    bottom = [0.0] * len(labels)
    for verdict in VERDICTS:
        shares = [100 * groups[g][verdict] / sum(groups[g].values()) for g in labels]
        ax.bar(
            labels,
            shares,
            bottom=bottom,
            color=COLOURS[verdict],
            label=LABELS[verdict],
            hatch="//" if verdict == "unknown" else None,
            edgecolor="white",
        )
        bottom = [b + s for b, s in zip(bottom, shares, strict=True)]
    for x, label in enumerate(labels):
        n = sum(groups[label].values())
        won = groups[label]["won"]
        low, high = wilson_interval(won, n)
        ax.errorbar(
            x,
            100 * won / n,
            yerr=[[100 * (won / n - low)], [100 * (high - won / n)]],
            color="black",
            capsize=4,
        )
        ax.text(x, 101, f"n={n}", ha="center", va="bottom", fontsize=8)
    ax.set_ylim(0, 112)
    ax.set_ylabel("share of searches (%)")
    ax.set_xlabel(xlabel)
    ax.set_title(title)


def source_of(saved_path, records, live_deals, live_budget, what="deals"):
    """A figure title's note on where its data comes from."""
    if saved_path is not None:
        budgets = sorted({r["budget"] for r in records})
        deals = len({(r["variant"], r["seed"]) for r in records})
        nodes = "/".join(f"{b:,}" for b in budgets)
        return f"saved run: {deals} {what}, {nodes} nodes per search"
    return f"small live sample: {live_deals} deals, {live_budget:,} nodes per search"


# %% [markdown]
# ## 1. Don't give up
#
# **The claim.** When no obvious move is left, the game often is *not* over: moves that look
# pointless — a card brought back down from a foundation, a run moved from one pile to
# another — can free the card you need.
#
# **A stuck player.** `greedy_play` (from `terrace_widget.analysis`) is a simple,
# deterministic player: it sends any card it can to a foundation, then moves that turn up a
# face-down card, then a waste card to the tableau, then it deals, and it never goes back to
# a position it has seen. It never brings a card down from a foundation and never moves a
# run just to move it. When none of its moves is left, it stops: the position *looks* lost.
#
# **A position.** The greedy player's game of `klondike#5` ends with 16 cards on the
# foundations:

# %%
g = Game("klondike", seed=5)
greedy = greedy_play(g)
for move in greedy.moves:
    g.play(move)

# %%
# NBVAL_IGNORE_OUTPUT
g

# %%
# NBVAL_CHECK_OUTPUT
print(f"greedy: {len(greedy.moves)} moves, {greedy.score} cards up, status {greedy.status!r}")
rescue = solve(g, budget=100_000)
print("the solver from here:", rescue.verdict, f"({len(rescue.moves)} moves)")
print("its line begins:", " ".join(map(str, rescue.moves[:8])), "...")
print(solver_hint(g, seconds=None, budget=100_000).message)

# %% [markdown]
# The way out begins by taking a card **back down from a foundation** — exactly what the
# help suggests and what the greedy player never does. The position after the rescue's first
# few moves:

# %%
# NBVAL_IGNORE_OUTPUT
after = g.copy()
for move in rescue.moves[:4]:
    after.play(move)
after


# %% [markdown]
# **How often?** `give_up_study` plays a deal greedily and, when the greedy player is stuck,
# asks the solver whether the stuck position can still be won. The live sample:


# %%
def redeal_game(seed, redeals):
    """Klondike draw one, deal ``seed``, allowed ``redeals`` redeals (None: unlimited)."""
    if redeals is None:
        return Game("klondike-unlimited", seed=seed)
    deal = Game("klondike", seed=seed)  # two redeals: mark some of them used
    return Game.from_piles("klondike", deal.piles, redeals_used=2 - redeals)


def downs(moves):
    """How many moves of a line bring a card back down from a foundation."""
    return sum(m.source.startswith("f") and m.target.startswith("t") for m in moves)


def give_up_study(variant, seed, budget):
    """Play the deal greedily until the greedy player is stuck; then ask the solver
    whether the stuck position can still be won. One row per deal."""
    g = Game(variant, seed=seed)
    greedy = greedy_play(g)
    for move in greedy.moves:
        g.play(move)
    row = {"variant": variant, "seed": seed, "budget": budget, "greedy": greedy.status}
    row["score"] = greedy.score
    if greedy.status == "won":
        return {**row, "verdict": "won", "rescue": 0, "downs": 0, "first": None}
    rescue = solve(g, budget=budget)
    won = rescue.verdict == "won"
    return {
        **row,
        "verdict": rescue.verdict,
        "rescue": len(rescue.moves) if won else None,
        "downs": downs(rescue.moves) if won else None,
        "first": str(rescue.moves[0]) if won else None,
    }


# %%
# NBVAL_CHECK_OUTPUT
live_give_up = [give_up_study("klondike", seed, BUDGET) for seed in range(1, N_DEALS + 1)]
for row in live_give_up:
    print(
        f"klondike#{row['seed']}: greedy {row['greedy']:7} with {row['score']:2} cards up",
        f"-> from there: {row['verdict']}",
        f"(rescue of {row['rescue']} moves, {row['downs']} brought down)" if row["rescue"] else "",
    )

# %%
# NBVAL_IGNORE_OUTPUT
rows = saved("klondike-give-up.jsonl") or live_give_up
source = source_of(None if rows is live_give_up else SAVED, rows, N_DEALS, BUDGET, "games")
OUTCOMES = {
    "won by the greedy player": "#81c784",
    "stuck, but still winnable": "#2e7d32",
    "stuck, outcome unknown": "#bdbdbd",
    "stuck and lost (proved)": "#c62828",
}


def outcome(row):
    if row["greedy"] == "won":
        return "won by the greedy player"
    return {
        "won": "stuck, but still winnable",
        "unknown": "stuck, outcome unknown",
        "unwinnable": "stuck and lost (proved)",
    }[row["verdict"]]


variants = [v for v in ("klondike", "klondike-three-card") if any(r["variant"] == v for r in rows)]
fig, ax = plt.subplots(figsize=(9, 3.2))
for y, variant in enumerate(variants):
    counts = Counter(outcome(r) for r in rows if r["variant"] == variant)
    n, left = sum(counts.values()), 0.0
    for name, colour in OUTCOMES.items():
        share = 100 * counts[name] / n
        hatch = "//" if "unknown" in name else None
        ax.barh(
            y,
            share,
            left=left,
            color=colour,
            hatch=hatch,
            edgecolor="white",
            label=name if y == 0 else None,
        )
        if share >= 4:
            ax.text(left + share / 2, y, f"{share:.0f}%", ha="center", va="center", fontsize=9)
        left += share
    ax.text(101, y, f"n={n}", va="center", fontsize=8)
ax.set_yticks(range(len(variants)), [NAMES[v].replace("\n", " ") for v in variants])
ax.invert_yaxis()
ax.set_xlim(0, 112)
ax.set_xlabel("share of deals (%)")
ax.set_title(f"Klondike: what became of the greedy player's games ({source})")
ax.legend(fontsize=8, ncol=2, loc="upper center", bbox_to_anchor=(0.5, -0.28))
fig.tight_layout()
plt.show()

# %%
# NBVAL_IGNORE_OUTPUT
for variant in variants:
    stuck = [r for r in rows if r["variant"] == variant and r["greedy"] != "won"]
    decided = [r for r in stuck if r["verdict"] != "unknown"]
    alive = sum(r["verdict"] == "won" for r in decided)
    print(
        f"{variant}: {len(stuck)} stuck games, {len(decided)} decided,",
        f"{alive} of them still winnable ({100 * alive / max(1, len(decided)):.0f}%)",
    )

# %% [markdown]
# **What it says.** Most of the greedy player's stuck positions really are lost (red): the
# deal was never winnable, or an earlier greedy move threw it away. But a real share of them
# — the dark green part, printed above as a share of the stuck games — can still be won,
# more often with draw three than with draw one. The help is right: before you give up, try
# the moves that look useless, or ask the solver (`solver_hint(game)`, or
# `advice.hint(game, "solver")`, which is what the table's hint button does in solver mode).
#
# ## 2. Bringing foundation cards back down
#
# **The claim.** In Klondike, a foundation's top card may come back down onto the tableau.
# It looks like a step backwards, but a card brought down can take the next lower card of the
# other colour, and so free a pile.
#
# **The measurement.** We count the winning lines that bring at least one card down: the
# rescues above, and the solver's lines from the first position of won deals. The solver
# tries such moves last, and only when some card could go onto the brought-down card at
# once. (As in notebook 03: a winning line is one way to win, not the only one, so this
# shows how often the move *helps*, not how often it is indispensable.)

# %%
# NBVAL_CHECK_OUTPUT
sample = analyze(OPTIONS, N_DEALS, BUDGET, executor=EXECUTOR, progress=False, as_frame=False)
live_lines = []
for r in sample:
    if r["verdict"] == "won" and r["variant"] in ("klondike", "klondike-three-card"):
        moves = solve(Game(r["variant"], seed=r["seed"]), budget=BUDGET).moves
        live_lines.append({"variant": r["variant"], "seed": r["seed"], "downs": downs(moves)})
print(
    f"{len(live_lines)} won deals in the live sample;",
    sum(line["downs"] > 0 for line in live_lines),
    "of their lines bring a card down",
)

# %%
# NBVAL_IGNORE_OUTPUT
lines = saved("klondike-lines.jsonl") or live_lines
rows_ = saved("klondike-give-up.jsonl") or live_give_up
source = source_of(None if lines is live_lines else SAVED, lines, N_DEALS, BUDGET, "won deals")
groups = {
    "rescues of stuck\ngreedy games": [
        r for r in rows_ if r["greedy"] != "won" and r["verdict"] == "won"
    ],
    "whole deals,\ndraw one": [r for r in lines if r["variant"] == "klondike"],
    "whole deals,\ndraw three": [r for r in lines if r["variant"] == "klondike-three-card"],
}
fig, ax = plt.subplots(figsize=(8, 3.8))
for x, group in enumerate(groups.values()):
    n, k = len(group), sum(r["downs"] > 0 for r in group)
    if not n:
        continue
    low, high = wilson_interval(k, n)
    ax.bar(x, 100 * k / n, color="#6a1b9a")
    ax.errorbar(
        x,
        100 * k / n,
        yerr=[[100 * (k / n - low)], [100 * (high - k / n)]],
        color="black",
        capsize=4,
    )
    ax.text(x, 100 * high + 2, f"{k} of {n}", ha="center", fontsize=8)
ax.set_xticks(range(len(groups)), list(groups))
ax.set_ylim(0, 100)
ax.set_ylabel("winning lines that bring a card down (%)")
ax.set_title(f"Klondike: foundation cards brought back down ({source})")
fig.tight_layout()
plt.show()

# %% [markdown]
# **What it says.** Bringing cards down is not a last resort: most of the solver's winning
# lines do it at least once, even though it tries those moves last, and so do about half of
# the rescues of stuck games. That is the help's "using cards already in the Foundation":
# a card brought down takes the next lower card of the other colour, and a pile comes free.
#
# ## 3. Draw one against draw three
#
# **The claim.** Turning three cards at a time hides two of every three stock cards on each
# pass, so draw three should be harder. But Aisleriot's draw three also has **unlimited**
# redeals, while its default draw one has two.
#
# Because a deal depends only on the seed and the number of packs, `klondike#7` and
# `klondike-three-card#7` are the **same cards in the same order**: the four options are
# compared on the very same deals. The live sample (computed in section 2):

# %%
# NBVAL_CHECK_OUTPUT
for seed in range(1, N_DEALS + 1):
    verdicts = {r["variant"]: r["verdict"] for r in sample if r["seed"] == seed}
    print(
        f"deal #{seed}:",
        "  ".join(f"{v.removeprefix('klondike-') or 'default'}={verdicts[v]}" for v in OPTIONS),
    )

# %%
# NBVAL_IGNORE_OUTPUT
records = sample
if saved("klondike-options.jsonl") is not None:
    records = load_results(Path(SAVED) / "klondike-options.jsonl", as_frame=False)
source = source_of(None if records is sample else SAVED, records, N_DEALS, BUDGET, "searches")
groups = {NAMES[v]: Counter(r["verdict"] for r in records if r["variant"] == v) for v in OPTIONS}
fig, ax = plt.subplots(figsize=(9, 4.2))
title = f"Klondike options on the same deals ({source})"
verdict_bars(ax, groups, xlabel="Klondike option", title=title)
ax.set_ylabel("share of deals (%)")
ax.legend(fontsize=8, loc="lower right", framealpha=0.9)
fig.tight_layout()
plt.show()

# %%
# NBVAL_IGNORE_OUTPUT
pairs = Counter()
by_deal = {}
for r in records:
    by_deal.setdefault(r["seed"], {})[r["variant"]] = r["verdict"]
for verdicts in by_deal.values():
    if "klondike-unlimited" in verdicts and "klondike-three-card" in verdicts:
        pairs[verdicts["klondike-unlimited"], verdicts["klondike-three-card"]] += 1
print("the same deals, both with unlimited redeals: draw one -> draw three")
for (one, three), n in sorted(pairs.items()):
    print(f"  {one:10} -> {three:10} {n:4}")

# %% [markdown]
# **What it says.** Read each green bar as *at least* and green plus grey as *at most*: the
# true share of winnable deals lies between. With unlimited redeals both ways, **draw three
# is harder than draw one**, and the paired table shows it deal by deal: some deals that draw
# one wins are proved lost with draw three (hidden cards that never come to the top of the
# waste), while hardly any go the other way. The default, draw one with two redeals, and draw
# one without a redeal are much harder for the solver to decide: the grey is where the budget
# ran out, and no redeal at all is proved lost in a large share of the deals.
#
# ## 4. The value of each redeal
#
# **The claim.** Each pass through the stock shows its cards again in the same order; a
# redeal is a second chance for every card you could not play.
#
# Aisleriot offers no option with exactly one redeal, but a position can be built: the same
# deal with one of the default's two redeals already used (`Game.from_piles(...,
# redeals_used=1)`). `redeal_game(seed, redeals)` (defined above) does that; the other three
# points are the options of section 3.

# %%
# NBVAL_CHECK_OUTPUT
live_one = []
for seed in range(1, N_DEALS + 1):
    solution = solve(redeal_game(seed, 1), budget=BUDGET)
    live_one.append({"variant": "klondike", "seed": seed, "verdict": solution.verdict})
print("one redeal:", " ".join(f"#{r['seed']}={r['verdict']}" for r in live_one))
print("same deal as klondike#1:", redeal_game(1, 1).piles == Game("klondike", seed=1).piles)
print("redeals left:", [redeal_game(1, k).redeals_left for k in (0, 1, 2, None)])

# %%
# NBVAL_IGNORE_OUTPUT
one = saved("klondike-one-redeal.jsonl") or live_one
points = {
    "0": [r for r in records if r["variant"] == "klondike-no-redeal"],
    "1": one,
    "2": [r for r in records if r["variant"] == "klondike"],
    "unlimited": [r for r in records if r["variant"] == "klondike-unlimited"],
}
source = source_of(None if one is live_one else SAVED, one, N_DEALS, BUDGET)
fig, ax = plt.subplots(figsize=(8, 4))
xs = range(len(points))
won, low, high, upper = [], [], [], []
for rows_k in points.values():
    n = len(rows_k)
    k = sum(r["verdict"] == "won" for r in rows_k)
    u = sum(r["verdict"] == "unknown" for r in rows_k)
    a, b = wilson_interval(k, n)
    won.append(100 * k / n)
    low.append(100 * (k / n - a))
    high.append(100 * (b - k / n))
    upper.append(100 * (k + u) / n)
ax.fill_between(
    xs,
    won,
    upper,
    color=COLOURS["unknown"],
    alpha=0.6,
    hatch="//",
    label="unknown: winnable or not",
)
ax.errorbar(
    xs,
    won,
    yerr=[low, high],
    color=COLOURS["won"],
    marker="o",
    capsize=4,
    label="won (95% interval)",
)
ax.plot(xs, upper, color="#757575", marker="^", linestyle="--", label="won + unknown: at most")
ax.set_xticks(xs, list(points))
ax.set_xlabel("redeals allowed (draw one)")
ax.set_ylabel("share of deals (%)")
ax.set_ylim(0, 100)
ax.set_title(f"Klondike draw one: what each redeal is worth ({source})")
ax.legend(fontsize=8, loc="lower right")
fig.tight_layout()
plt.show()

# %% [markdown]
# **What it says.** The solid result is at the top: one minus the dashed line is the share
# of deals *proved* lost. Without a redeal that share is large; a single redeal removes
# nearly all of it, and further redeals have little left to remove. The green line — deals
# the solver actually won — rises with every redeal, but part of that rise is the solver's
# budget: limited redeals are hard for it to decide, and the grey band between the two lines
# is what it left open. The first redeal is worth the most.
#
# ## Summary
#
# * **Don't give up**: a stuck position is usually lost, but not always; about half of the
#   rescues bring a foundation card back down.
# * **Bring cards down**: most winning lines do it at least once.
# * **Draw three** is harder than draw one, on the same deals and with the same unlimited
#   redeals.
# * **Redeals**: the first one removes nearly all the proved losses; the others add little.

# %% [markdown]
# ## Where next
#
# * [01-play.ipynb](01-play.ipynb) — play Terrace and the other games on a live table
# * [02-rules-tutorial.ipynb](02-rules-tutorial.ipynb) — the rules, one small position at a time
# * [03-terrace-strategy.ipynb](03-terrace-strategy.ipynb) — Aisleriot's Terrace tips, measured with the solver
# * [05-analyses.ipynb](05-analyses.ipynb) — how winnable all eleven games are; greedy against solver
# * [06-scripting-and-agents.ipynb](06-scripting-and-agents.ipynb) — write your own bot and run a tournament

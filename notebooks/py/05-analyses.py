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
# # Analyses: how winnable is each game?
#
# Every number in this notebook comes from `terrace_widget.analysis.analyze`, which solves
# (or plays greedily) many deals and returns one record per deal. You will learn to read
# such a study honestly, in five figures:
#
# 1. **winnability per game**, with 95% confidence intervals — and what to do with the deals
#    the solver could not decide;
# 2. **the base-card choice** in Terrace: how many of the four candidates win a deal;
# 3. **solution lengths**: how many moves a win takes;
# 4. **a greedy player against the solver** on the same deals;
# 5. **the scores** the greedy player reaches.
#
# **Three verdicts.** The solver answers `won` (a winning line found), `unwinnable` (the
# whole reachable space searched) or `unknown` (the node budget ran out). An `unknown` deal
# is neither a win nor a loss, so the true share of winnable deals lies **between** the won
# share and the won-plus-unknown share; the figures show both.
#
# **Where the figures come from.** The full figures come from a saved run,
# `notebooks/data/winnability.jsonl` (`analyze`'s cache format: every record keeps its node
# budget), written by
#
#     python benchmarks/winnability.py --deals 1000 --budget 100000 \
#         --cache notebooks/data/winnability.jsonl
#
# When that file is missing (or `RESULTS = None`), the notebook solves a **small live
# sample** instead (`N_DEALS` deals per game at `BUDGET` nodes: what the tests run), and
# every figure says so in its title.

# %% tags=["parameters"]
# Parameters (papermill-style: this cell is tagged "parameters")
N_DEALS = 5  # deals per game of the live sample (used when there are no saved results)
BUDGET = 20_000  # solver nodes per deal in the live sample
N_GREEDY = 40  # deals per game for the greedy player when the saved run has none
EXECUTOR = "serial"  # analyze() in this process; None: one process per core
RESULTS = "data/winnability.jsonl"  # the saved full run (None: the live sample)
# Every candidate base card solved: the first of these files that exists (None: live sample)
BASES = ("data/winnability-bases.jsonl", "data/terrace-bases.jsonl")

# %%
from collections import Counter
from pathlib import Path

# %matplotlib inline
import matplotlib.pyplot as plt
from IPython.display import Markdown

from terrace_widget import VARIANTS
from terrace_widget.analysis import (
    analyze,
    load_results,
    markdown_table,
    summarize,
    wilson_interval,
)

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


def label(variant):
    """A short name: the game, and for Klondike the cards per click and the redeals."""
    rules = VARIANTS[variant]
    if rules.family != "klondike":
        return rules.name
    redeals = "unlimited" if rules.redeals is None else rules.redeals
    return f"Klondike, draw {rules.deal_count}, redeals {redeals}"


# %% [markdown]
# ## The records
#
# One record per deal (and player): the verdict, the length of the winning line, the nodes
# searched, the node budget, and for Terrace and General's Patience the base card.

# %%
if RESULTS is not None and Path(RESULTS).exists():
    records = load_results(RESULTS, as_frame=False)
    solved = [r for r in records if r["player"] == "solver"]
    budgets = sorted({r["budget"] for r in solved})
    deals = sorted(set(Counter(r["variant"] for r in solved if r["base_mode"] != "each").values()))
    SOURCE = (
        f"saved run: {'-'.join(map(str, deals[:1] + deals[1:][-1:]))} deals per game, "
        f"{'/'.join(f'{b:,}' for b in budgets)} nodes"
    )
else:
    records = analyze("all", N_DEALS, BUDGET, executor=EXECUTOR, progress=False, as_frame=False)
    solved = records
    SOURCE = f"small live sample: {N_DEALS} deals per game, {BUDGET:,} nodes"
print(SOURCE)

# %%
# NBVAL_CHECK_OUTPUT
sample = analyze(
    "klondike-three-card", 3, BUDGET, executor=EXECUTOR, progress=False, as_frame=False
)
print({key: sample[0][key] for key in ("variant", "seed", "player", "verdict", "length", "budget")})

# %% [markdown]
# `summarize` turns the records into one row per game: counts, the won share with its 95%
# Wilson interval, and the interval the true winnability lies in.

# %%
# NBVAL_IGNORE_OUTPUT
summary = summarize([r for r in solved if r["base_mode"] != "each"], as_frame=False)
order = [v for v in VARIANTS if any(s["variant"] == v for s in summary)]
summary = sorted(summary, key=lambda s: order.index(s["variant"]))
Markdown(markdown_table(summary))

# %% [markdown]
# ## 1. Winnability per game
#
# The green bar is the share of deals the solver won, with its 95% interval (black); the
# grey, hatched part is the share it could not decide. The true winnability lies somewhere
# over the green and grey together: at least the green, at most green plus grey.

# %%
# NBVAL_IGNORE_OUTPUT
fig, ax = plt.subplots(figsize=(9, 5.5))
labels = [label(s["variant"]) for s in summary]
ys = range(len(summary))
won = [100 * s["won_share"] for s in summary]
unknown = [100 * (s["winnable_high"] - s["winnable_low"]) for s in summary]
ax.barh(ys, won, color=COLOURS["won"], label=LABELS["won"])
ax.barh(
    ys,
    unknown,
    left=won,
    color=COLOURS["unknown"],
    hatch="//",
    edgecolor="white",
    label=LABELS["unknown"],
)
ax.errorbar(
    won,
    ys,
    xerr=[
        [w - 100 * s["won_ci_low"] for w, s in zip(won, summary, strict=True)],
        [100 * s["won_ci_high"] - w for w, s in zip(won, summary, strict=True)],
    ],
    fmt="none",
    color="black",
    capsize=3,
)
for y, s in zip(ys, summary, strict=True):
    ax.text(101, y, f"n={s['deals']}", va="center", fontsize=8)
ax.set_yticks(ys, labels)
ax.invert_yaxis()
ax.set_xlim(0, 112)
ax.set_xlabel("share of deals (%)")
ax.set_title(f"Winnability per game ({SOURCE})")
ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.12), ncol=2)
fig.tight_layout()
plt.show()

# %% [markdown]
# A wide grey part means the
# budget was too small for that game: General's Patience, Redheads and Klondike with few
# redeals keep many deals undecided, while Terrace and Klondike with draw three are decided
# almost always. To narrow the intervals, raise the
# budget; to narrow the black whiskers, add deals.
#
# ## 2. The base card: how many of the four win?
#
# In Terrace and General's Patience the player chooses the base from four cards. With every
# candidate solved (`analyze(..., bases="each")`), we count for each deal how many of its
# candidates win. A deal where some win and some do not is one where **the choice decides
# the game**.

# %%
# NBVAL_IGNORE_OUTPUT
each = [r for r in records if r["base_mode"] == "each"]
base_source = SOURCE
for path in BASES or ():
    if not each and Path(path).exists():
        each = load_results(path, as_frame=False)
        budgets = sorted({r["budget"] for r in each})
        base_source = f"saved run {Path(path).name}: {'/'.join(f'{b:,}' for b in budgets)} nodes"
if not each:
    each = analyze(
        "terrace", N_DEALS, BUDGET, bases="each", executor=EXECUTOR, progress=False, as_frame=False
    )
    base_source = f"small live sample: {N_DEALS} deals, {BUDGET:,} nodes"
per_deal = {}
for r in each:
    per_deal.setdefault((r["variant"], r["seed"]), []).append(r["verdict"])
games_each = [v for v in VARIANTS if any(key[0] == v for key in per_deal)]
fig, ax = plt.subplots(figsize=(9, 4))
width = 0.8 / len(games_each)
for k, variant in enumerate(games_each):
    deals_v = [v for key, v in per_deal.items() if key[0] == variant]
    wins = Counter(v.count("won") for v in deals_v)
    xs = [x + (k - (len(games_each) - 1) / 2) * width for x in range(5)]
    shares = [100 * wins[x] / len(deals_v) for x in range(5)]
    bars = ax.bar(xs, shares, width, label=f"{label(variant)} ({len(deals_v)} deals)")
    ax.bar_label(bars, fmt="%.0f", fontsize=7)
    decides = sum(0 < v.count("won") < len(v) for v in deals_v)
    print(f"{label(variant)}: {decides} of {len(deals_v)} deals won with some bases, not others")
ax.set_xticks(range(5))
ax.set_xlabel("candidate base cards that win the deal (count)")
ax.set_ylabel("share of deals (%)")
ax.set_title(f"Winning base cards per deal ({base_source})")
ax.legend(fontsize=8)
fig.tight_layout()
plt.show()

# %% [markdown]
# Deals with no winning base include the undecided ones: at a larger budget some would move
# right. (A deal whose candidates include the same card twice has only three distinct
# choices.) Notebook 03 shows *which* base cards win in Terrace: those whose rank is not
# buried deep in the reserve.
#
# ## 3. Solution lengths
#
# How many moves does the solver's winning line take? A Terrace win plays all 104 cards
# (each dealt, then moved once or more), a Klondike win 52; every click on the stock counts
# as one move.

# %%
# NBVAL_IGNORE_OUTPUT
won_games = {r["variant"] for r in solved if r["length"]}
games = [s["variant"] for s in summary if s["variant"] in won_games]
data = [[r["length"] for r in solved if r["variant"] == v and r["length"]] for v in games]
fig, ax = plt.subplots(figsize=(10, 5))
ax.boxplot(data, widths=0.6)
ax.set_xticks(range(1, len(games) + 1), [label(v) for v in games], rotation=35, ha="right")
ax.set_ylabel("length of the winning line (moves, stock clicks included)")
ax.set_ylim(bottom=0)
ax.set_title(f"Solution lengths of the won deals ({SOURCE})")
fig.tight_layout()
plt.show()

# %% [markdown]
# **What it says.** A Terrace-family win takes well over twice as many moves as a Klondike
# win: twice the cards, and every stock card is dealt with a click of its own.
#
# ## 4. A greedy player against the solver
#
# `greedy_play` is a simple deterministic player (cards to the foundations first, then moves
# that free a card, then the waste, then a deal; notebook 04 describes it). It runs in a few
# milliseconds, so it plays the same deals as the solver. Its failures prove nothing about
# the deal: they count as `unknown`.

# %%
# NBVAL_IGNORE_OUTPUT
greedy = [r for r in records if r["player"] == "greedy"]
if greedy:
    greedy_source = SOURCE
else:
    n_greedy = min(N_GREEDY, max(Counter(r["variant"] for r in solved).values()))
    greedy = analyze(
        "all", n_greedy, player="greedy", executor=EXECUTOR, progress=False, as_frame=False
    )
    greedy_source = f"greedy: {n_greedy} deals per game"
seeds = {(r["variant"], r["seed"]) for r in greedy}
paired = [r for r in solved if (r["variant"], r["seed"]) in seeds and r["base_mode"] != "each"]
fig, ax = plt.subplots(figsize=(10, 4.5))
width = 0.38
for k, (player, rows, colour) in enumerate(
    (("greedy player", greedy, "#ef6c00"), ("solver", paired, COLOURS["won"]))
):
    shares, errors = [], [[], []]
    for v in order:
        group = [r for r in rows if r["variant"] == v]
        n, won_ = len(group), sum(r["verdict"] == "won" for r in group)
        low, high = wilson_interval(won_, n)
        shares.append(100 * won_ / max(1, n))
        errors[0].append(100 * (won_ / max(1, n) - low))
        errors[1].append(100 * (high - won_ / max(1, n)))
    xs = [i + (k - 0.5) * width for i in range(len(order))]
    ax.bar(xs, shares, width, color=colour, label=player)
    ax.errorbar(xs, shares, yerr=errors, fmt="none", color="black", capsize=2)
ax.set_xticks(range(len(order)), [label(v) for v in order], rotation=35, ha="right")
ax.set_ylabel("deals won (%)")
ax.set_ylim(0, 105)
ax.set_title(f"Greedy player and solver on the same deals ({greedy_source}; {SOURCE})")
ax.legend(fontsize=8)
fig.tight_layout()
plt.show()

# %% [markdown]
# **What it says.** Looking ahead is worth a great deal: in every game the solver, even with
# a budget, wins several times as many deals as the greedy player, which wins only the odd
# easy deal (and none at all in the hardest games).
#
# ## 5. Scores reached
#
# The greedy player's score is the number of cards it got onto the foundations: how far a
# game goes without any look-ahead (the box holds the middle half of the deals, the line is
# the median, the triangle the mean). The solver's won deals reach 100%.

# %%
# NBVAL_IGNORE_OUTPUT
played = [v for v in VARIANTS if any(r["variant"] == v for r in greedy)]
data = [[100 * r["score"] / VARIANTS[v].cards for r in greedy if r["variant"] == v] for v in played]
fig, ax = plt.subplots(figsize=(10, 5))
ax.boxplot(data, widths=0.6, showmeans=True)
ax.set_xticks(range(1, len(played) + 1), [label(v) for v in played], rotation=35, ha="right")
ax.set_ylim(0, 102)
ax.set_ylabel("cards on the foundations at the end (% of the pack)")
ax.set_title(f"How far the greedy player gets ({greedy_source})")
fig.tight_layout()
plt.show()

# %% [markdown]
# **What it says.** The greedy player gets furthest in Terrace and least far in Klondike,
# where the cards it needs lie face down, and in General's Patience, whose foundations take
# only cards of their own suit.
# A high score is not a win: most of the greedy player's Terrace games end two thirds of the
# way there.
#
# ## Reproduce and extend
#
# * `analyze(games, seeds, budget, cache="my-run.jsonl")` appends each record to the cache as
#   soon as it is done: an interrupted run resumes where it stopped, and a second call reads
#   the file instead of solving again.
# * `executor=None` uses every core; any `concurrent.futures.Executor` works (a Dask
#   client's `get_executor()` spreads a study over a cluster).
# * `summarize(records)` and `markdown_table(...)` give the table above; `load_results(path)`
#   reads a cache file back.

# %% [markdown]
# ## Where next
#
# * [01-play.ipynb](01-play.ipynb) — play Terrace and the other games on a live table
# * [02-rules-tutorial.ipynb](02-rules-tutorial.ipynb) — the rules, one small position at a time
# * [03-terrace-strategy.ipynb](03-terrace-strategy.ipynb) — Aisleriot's Terrace tips, measured with the solver
# * [04-klondike-strategy.ipynb](04-klondike-strategy.ipynb) — Klondike: don't give up, draw one or three, redeals
# * [06-scripting-and-agents.ipynb](06-scripting-and-agents.ipynb) — write your own bot and run a tournament

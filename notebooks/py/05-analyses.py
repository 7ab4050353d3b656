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
# # Analyses: how winnable is each game?
#
# Every number in this notebook comes from `terrace_widget.studies.analysis.analyze`, which solves
# (or plays greedily) many deals and returns one record per deal. You will learn to read
# such a study honestly, in seven steps:
#
# 1. **which game is hardest**: winnability per game, with 95% confidence intervals, and
#    what to do with the deals the solver could not decide;
# 2. **the won share against the budget**: what more search would buy;
# 3. **the base-card choice** in Terrace: how many of the four candidates win a deal;
# 4. **solution lengths**, with and without the clicks on the stock;
# 5. **a greedy player against the solver** on the same deals;
# 6. **fair play against seeing play**: a player who sees only what you see, against the
#    solver, which sees every card;
# 7. **the scores** the greedy player reaches.
#
# **Three verdicts.** The solver answers `won` (a winning line found), `unwinnable` (the
# whole reachable space searched) or `unknown` (the node budget ran out). An `unknown` deal
# is neither a win nor a loss, so the true share of winnable deals lies **between** the won
# share and the won-plus-unknown share. Every figure and table below keeps the undecided
# deals apart, and says which solver version, node budget and number of deals it comes
# from; every share has its 95% interval (Wilson's, for a proportion).
#
# **Where the figures come from.** Saved runs in `notebooks/data/`, each written by one
# command (run from the repository's root):
#
#     python -m benchmarks winnability --deals 1000 --budget 100000 \
#         --cache notebooks/data/winnability.jsonl        # the solver, deals 1..1000
#     # solver version 8 changed Klondike with two redeals and with none: their rows come
#     # from its run, winnability-v8.jsonl (same deals and budget; commands in the README)
#     python -m benchmarks winnability --deals 150 --budget 100000 --bases each \
#         --games terrace,generals-patience --cache notebooks/data/winnability-bases.jsonl
#     python -m benchmarks notebook-05-data greedy      # greedy.jsonl: deals 1..1000
#     python -m benchmarks notebook-05-data lengths     # solution-lengths.jsonl
#     python -m benchmarks notebook-05-data budgets     # budget-check.jsonl
#     python -m benchmarks strategy --deals 2000 --data notebooks/data  # strategy-<game>.jsonl
#
# When `winnability.jsonl` is missing (or `RESULTS = None`), the notebook solves a **small
# live sample** instead (`N_DEALS` deals per game at `BUDGET` nodes), and the titles say so.

# %% tags=["parameters"]
# Parameters (papermill-style: this cell is tagged "parameters")
N_DEALS = 5  # deals per game of the live sample (used when there are no saved results)
BUDGET = 20_000  # solver nodes per deal in the live sample
EXECUTOR = "serial"  # analyze() in this process; None: one process per core
RESULTS = "data/winnability.jsonl"  # the saved full run (None: the live sample)
NEWER = "data/winnability-v8.jsonl"  # solver 8's run of the games it changed (replaces them)
BASES = "data/winnability-bases.jsonl"  # every candidate base card solved
GREEDY = "data/greedy.jsonl"  # the greedy player on the same deals
LENGTHS = "data/solution-lengths.jsonl"  # winning lines re-solved and counted
CHECK = "data/budget-check.jsonl"  # deals 1..30 solved again at smaller budgets
FAIR = "data/strategy-*.jsonl"  # the fair player's games, one file per game

# %%
import json
from pathlib import Path

# %matplotlib inline
import matplotlib.pyplot as plt
from IPython.display import Markdown

from terrace_widget.studies import plots
from terrace_widget.studies.analysis import analyze, load_results, summarize
from terrace_widget.studies.tip_study import PLAYER_VERSION, fair_ceiling, load_ceiling, load_tips

plt.rcParams.update({"figure.dpi": 90, "axes.spines.top": False, "axes.spines.right": False})

# %% [markdown]
# ## The records
#
# One record per deal (and player): the verdict, the length of the winning line, the nodes
# searched, the node budget, the solver version, and for Terrace and General's Patience the
# base card. A small live study shows the format:

# %%
# NBVAL_CHECK_OUTPUT
sample = analyze(
    "klondike-three-card", 3, BUDGET, executor=EXECUTOR, progress=False, as_frame=False
)
print({key: sample[0][key] for key in ("variant", "seed", "verdict", "length", "nodes", "budget")})

# %%
if RESULTS is not None and Path(RESULTS).exists():
    records = load_results(RESULTS, as_frame=False)
    if Path(NEWER).exists():  # the current solver's verdicts where it changed a game
        newer = load_results(NEWER, as_frame=False)
        redone = {r["variant"] for r in newer}
        records = [r for r in records if r["variant"] not in redone] + newer
else:
    records = analyze("all", N_DEALS, BUDGET, executor=EXECUTOR, progress=False, as_frame=False)
solved = [r for r in records if r["player"] == "solver" and r["base_mode"] != "each"]
SOURCE = plots.source_note(solved)
print(SOURCE)

# %% [markdown]
# ## 1. Which game is hardest?
#
# `summarize` gives one row per game; `plots.ranking` sorts them hardest first, by the won
# share (the lower end of the winnability), and adds the ranks the 95% intervals allow: a
# game is surely harder than another only when its whole interval lies below the other's.

# %%
ranked = plots.ranking(summarize(solved, as_frame=False))
versions = {r["variant"]: r["solver_version"] for r in solved}
Markdown(plots.ranking_table(ranked, versions))

# %%
print(plots.ranking_answer(ranked))

# %% [markdown]
# **The plain answer.** At 100,000 nodes, **General's Patience** is the hardest game: the
# solver won 3.3% of its deals and proved 60.9% lost, so at most 39% (95% CI: 42%) are
# winnable. Only **Klondike without redeals** might be as hard: solver version 8 wins it
# 15.7% of the time, but 53.3% of its deals stay undecided at this budget. **Terrace** is the easiest by the won share (95.6%);
# the intervals cannot tell it apart from Redheads, Klondike draw one with two redeals or
# draw one with unlimited redeals, whose undecided deals leave room above it. The middle of
# the table is a tie: ranks such as "3–10" say that the data order those games only loosely.
#
# The same rows as a picture: green the won share with its 95% interval (black), grey the
# undecided deals, red the deals proved lost. The true winnability lies over the green and
# the grey: at least the green, at most green plus grey.

# %%
# NBVAL_IGNORE_OUTPUT
plots.winnability_bars(ranked, title=f"Winnability per game, hardest first ({SOURCE})")
plt.show()

# %% [markdown]
# A wide grey part means the budget was too small for that game: General's Patience,
# Redheads and Klondike with few redeals keep many deals undecided. To narrow the grey,
# raise the budget (next section); to narrow the black whiskers, add deals.
#
# ## 2. The won share against the budget
#
# Each record keeps `nodes`, the positions its search made before it answered. The search
# is deterministic (with no time limit), so a record decided in *n* nodes says what a
# smaller budget *b* ≥ *n* would have answered, and a curve over *b* needs no new run.
#
# **Does that hold for this solver?** Not exactly, and `solver.solve` says why: it spends
# its budget in restarts (`solver.RESTARTS`), attempts of 700 nodes in the Terrace games
# and, in Klondike, 150 attempts of 300 nodes and then longer ones; the last attempt gets
# whatever is left, up to two attempts' worth. A run with a smaller budget makes the same
# attempts as the 100,000-node run (a depth-first search goes the same way whatever its
# budget, and the attempts share the same table of proven losses) up to its last one,
# which may run up to one attempt's length longer than the big run's attempt at that
# point. Those extra nodes can decide a deal differently: win it earlier, or miss the win
# that the big run found in its next attempt. So the curve from the nodes is exact up to
# what one attempt's extra nodes change: much at 1,000 nodes (one or two attempts in all),
# little once a budget holds dozens of attempts. The check below solved deals 1..30 of
# every game again at three budgets:

# %%
check = plots.budget_check(solved, load_results(CHECK, as_frame=False))
for row in check:
    print(f"{row['budget']:>6,} nodes: {row['agree']} of {row['deals']} verdicts as predicted")
    for variant, seed, predicted, found in row["differ"]:
        print(f"    {variant} #{seed}: {predicted} predicted, {found} found")

# %% [markdown]
# At 1,000 nodes 17 of the 330 verdicts differ, all the same way: the nodes count a deal as
# won that a fresh 1,000-node search leaves undecided (its longer last attempt went another
# way). At 5,000 and 25,000 nodes all 330 match. So the curves below are a little
# optimistic at their left end (1,000–2,000 nodes) and otherwise exact, up to the sampling
# error of their 95% bands.

# %%
# NBVAL_IGNORE_OUTPUT
grid = (1_000, 2_000, 3_000, 5_000, 10_000, 20_000, 30_000, 50_000, 100_000)
budgets = [b for b in grid if b <= min(r["budget"] for r in solved)]
curves = plots.budget_curves(solved, budgets)
plots.budget_plot(curves, budgets, title=f"Deals decided within a budget ({SOURCE}; 95% bands)")
plt.show()

# %% [markdown]
# **What it says.** Only two games have levelled off: Klondike with draw three and with
# unlimited redeals gain less than 2 points of won share from 30,000 to 100,000 nodes. All
# the others still climb on this log scale: Terrace 4 points, the other Terrace games 5–10,
# and Klondike with two redeals 16 (from 35% to 51%). So the won shares of section 1 are
# lower ends that a larger budget will raise, fastest for Klondike with two redeals, whose
# rank is the least settled. General's Patience is the exception the other way: its
# proofs of a loss come almost all within 1,000 nodes (61%), its wins hardly come at all.
#
# ## 3. The base card: how many of the four win?
#
# In Terrace and General's Patience the player chooses the base from four cards. With every
# candidate solved (`analyze(..., bases="each")`), we count for each deal how many of its
# candidates win. A deal where some win and some do not is one where **the choice decides
# the game**.

# %%
# NBVAL_IGNORE_OUTPUT
each = [r for r in records if r["base_mode"] == "each"]
if not each and Path(BASES).exists():
    each = load_results(BASES, as_frame=False)
if not each:
    live = {"executor": EXECUTOR, "progress": False, "as_frame": False}
    each = analyze("terrace", N_DEALS, BUDGET, bases="each", **live)
counts = plots.winning_bases(each)
for variant, row in counts.items():
    distinct: dict[int, set[str]] = {}  # per deal, the verdicts of its distinct candidates
    for r in each:
        if r["variant"] == variant:
            distinct.setdefault(r["seed"], set()).add(r["verdict"] == "won")
    decided = sum(len(v) == 2 for v in distinct.values())
    print(
        f"{plots.game_label(variant)}: {sum(row[1:])} of {sum(row)} deals won with at least one "
        f"base; decided by the choice (some distinct bases win, some do not): {decided}"
    )
plots.winning_bases_bars(counts, title=f"Winning base cards per deal ({plots.source_note(each)})")
plt.show()

# %% [markdown]
# Deals with no winning base include the undecided ones: at a larger budget some would move
# right. (A deal whose candidates include the same card twice has only three distinct
# choices.) Notebook 03 shows *which* base cards win in Terrace: those whose rank is not
# buried deep in the reserve.
#
# ## 4. Solution lengths, with and without the stock clicks
#
# How many moves does the solver's winning line take? Every click on the stock (a deal, or
# turning the waste over for a redeal) is a move of its own, and the games click very
# differently: Klondike with unlimited redeals goes round its stock a dozen times. So we
# count both. The saved records have only the length; `notebook_05_data.py lengths` solved
# the first 50 won deals of each game again (all 33 of General's Patience) with the same
# solver and budget, checked that each line is the saved one, replayed it and counted its
# clicks. The medians come with a distribution-free 95% interval.

# %%
lines = [json.loads(line) for line in Path(LENGTHS).read_text(encoding="utf-8").splitlines()]
versions_budgets = sorted({(x["solver_version"], x["budget"]) for x in lines})
LINES = ", ".join(f"solver v{v}, {b:,} nodes" for v, b in versions_budgets)
LINES += ", the first 50 won deals per game (or all)"
Markdown(plots.length_table(plots.length_rows(lines)) + f"\n\nMedians (95% CI); {LINES}.")

# %%
# NBVAL_IGNORE_OUTPUT
plots.length_boxes(lines, title=f"Moves in the winning lines ({LINES})")
plt.show()

# %%
print(f"All the won deals of the records ({SOURCE}), clicks included:")
for variant in ("terrace", "klondike", "klondike-unlimited"):
    won = [r["length"] for r in solved if r["variant"] == variant and r["length"]]
    if won:
        median, low, high = plots.median_interval(won)
        print(f"    {plots.game_label(variant)}: median {median:g} (95% CI {low:g}–{high:g})")

# %% [markdown]
# **What it says.** With the clicks, a Terrace win takes about 1.6 times as many moves as a
# Klondike win with draw one and two redeals (medians 258 and 157 over all won deals), and
# Klondike with unlimited redeals takes more than Terrace (284), almost all of it clicks.
# **Without the clicks** the picture is simple: a Klondike win takes about 90 card moves in
# every variant, and the Terrace games 145–220, about twice as many, which is what twice the
# cards (104 against 52) predicts: roughly 1.4–2.1 moves per card in every game. The
# lengths are those of the solver's lines, which are not the shortest ones (it does not
# look for short lines: Klondike's 200 clicks with unlimited redeals are the solver using
# its redeals, not a need of the deal).
#
# ## 5. A greedy player against the solver
#
# `greedy_play` is a simple deterministic player (cards to the foundations first, then moves
# that free a card, then the waste, then a deal; notebook 04 describes it). It played the
# same 1,000 deals per game as the solver (`greedy.jsonl`). Where the player chooses the
# base (Terrace, General's Patience), it plays each of the four candidates and keeps the
# game that goes furthest: there it has four tries at each deal. **How the two are compared:** a
# deal the greedy player did not win is a loss *for the greedy player* (it proves nothing
# about the deal); the solver's undecided deals are shown apart (grey), never as losses.
# The gap between the two lies between "known winnable, greedy lost" and "not proved lost,
# greedy lost", paired deal by deal. The table also compares the two on the deals the
# solver decided only.

# %%
if Path(GREEDY).exists():
    greedy = load_results(GREEDY, as_frame=False)
else:
    live = {"executor": EXECUTOR, "progress": False, "as_frame": False}
    greedy = analyze("all", N_DEALS, player="greedy", **live)
greedy_won = {(r["variant"], r["seed"]): r["verdict"] == "won" for r in greedy}
greedy_rows = plots.against_solver(greedy_won, solved)
GREEDY_SOURCE = f"{plots.source_note(greedy)} against {SOURCE}"
table = plots.against_solver_table(greedy_rows, "greedy")
print(plots.against_solver_note(greedy_rows, "greedy player"))
Markdown(f"{table}\n\nShares (95% CI), paired on the same deals; {GREEDY_SOURCE}.")

# %%
# NBVAL_IGNORE_OUTPUT
title = f"Greedy player and solver on the same deals\n({GREEDY_SOURCE})"
plots.against_solver_bars(greedy_rows, player="greedy player", title=title)
plt.show()

# %% [markdown]
# **What it says.** Looking ahead is worth a great deal: in every game the solver wins
# several times as many deals as the greedy player, which wins 26% of the Terrace deals,
# 13% of Klondike's (draw one, two redeals) and none of General's Patience. The greedy
# player even wins a few deals the solver left undecided (6, 2 of them in Klondike with two
# redeals): a win proves a deal winnable, so those deals narrow the solver's interval.
#
# ## 6. Fair play against seeing play
#
# The solver sees every card: the order of the stock (73–89 of the 104 cards at the start of
# a Terrace game, 24 in Klondike) and Klondike's 21 face-down cards. A human does not.
# `RulePlayer` is a **fair** rule-based player: it sees only `Game.observation()` and plays
# the Aisleriot tips of notebooks 03 and 04 (here with every tip on, the configuration
# `all`). The strategy study (`benchmarks/strategy.py`) played deals 1..2000 of every game
# with it; on deals 1..1000, which the solver played too, the two are compared deal by
# deal, as the greedy player was above.

# %%
fair = [row for path in sorted(Path().glob(FAIR)) for row in load_tips(path)]
newest = PLAYER_VERSION  # load_tips keeps this player's games only: never two players mixed
fair_won = {(row["spec"], row["seed"]): bool(row["games"]["all"][0]) for row in fair}
fair_rows = plots.against_solver(fair_won, solved)
FAIR_SOURCE = f"fair player v{newest}, every tip on, against {SOURCE}"
table = plots.against_solver_table(fair_rows, "fair player")
print(plots.against_solver_note(fair_rows, "fair player"))
Markdown(f"{table}\n\nShares (95% CI), paired on the same deals; {FAIR_SOURCE}.")

# %%
# NBVAL_IGNORE_OUTPUT
title = f"Fair play against seeing play\n({FAIR_SOURCE})"
plots.against_solver_bars(fair_rows, player="fair player (every tip)", title=title)
plt.show()

# %% [markdown]
# **What it says.** Seeing every card and searching is worth far more than every tip
# together: the fair player wins 11% of the Terrace deals, against the solver's 96%, 17%
# of Klondike's (draw one, two redeals) against at least 81%, and at best a quarter of the
# deals of any game (Redheads, 26%). Paired deal by deal, the winnable deals it loses are
# at least 40 points of the deals in every game but the two the solver rarely wins
# (General's Patience, Klondike without redeals). It never wins a deal the solver proved
# lost (a check on both), and it wins 6 deals the solver left undecided (3 of them in
# Klondike without redeals): those are winnable, so they raise the lower end of those
# games' winnability. The gap mixes two things, the hidden cards and the look-ahead (the
# rule player does not search at all), so it is an upper bound on what the hidden cards
# alone cost. A fair player that searches the worlds the hidden cards could be in closes
# part of it: `FairSolverPlayer` plays the rule player's moves but, for its first three
# candidates, solves three sampled worlds (300 nodes each) and plays the one that wins in
# the most. On the first 300 deals of Terrace and Klondike (`benchmarks/fair_ceiling.py`,
# saved in `data/fair-ceiling.jsonl`):

# %%
for row in fair_ceiling(load_ceiling("data/fair-ceiling.jsonl"), fair, solved):
    rule, seeing, (d, lo, hi) = row["rule"], row["solver"], row["rule"]["difference"]
    print(f"{row['game']:9} {row['deals']} deals: look-ahead {row['won']:.1%} "
          f"({row['low']:.1%}-{row['high']:.1%}), rule player {rule['won']:.1%}, "
          f"difference {100 * d:+.1f} ({100 * lo:+.1f} to {100 * hi:+.1f}); all-seeing "
          f"solver {seeing['won']:.1%} won, {seeing['undecided']} undecided")  # fmt: skip

# %% [markdown]
# The look-ahead triples the Terrace win rate, yet stays more than 60 points below the
# all-seeing solver; in Klondike three worlds of 300 nodes are too short a look to help
# (the difference's interval spans zero).
#
# ## 7. Scores reached
#
# The greedy player's score is the number of cards it got onto the foundations: how far a
# game goes without any look-ahead (the box holds the middle half of the deals, the line is
# the median, the triangle the mean). The solver's won deals reach 100%.

# %%
# NBVAL_IGNORE_OUTPUT
plots.score_boxes(greedy, title=f"How far the greedy player gets ({plots.source_note(greedy)})")
plt.show()

# %% [markdown]
# **What it says.** The greedy player gets furthest in Terrace and least far in Klondike,
# where the cards it needs lie face down, and in General's Patience, whose foundations take
# only cards of their own suit. A high score is not a win: the Terrace games the greedy
# player loses end, in the median, 62% of the way there.
#
# ## Reproduce and extend
#
# * `analyze(games, seeds, budget, cache="my-run.jsonl")` appends each record to the cache as
#   soon as it is done: an interrupted run resumes where it stopped, and a second call reads
#   the file instead of solving again.
# * `executor=None` uses every core; any `concurrent.futures.Executor` works (a Dask
#   client's `get_executor()` spreads a study over a cluster).
# * `summarize(records)` gives one row per game; `terrace_widget.studies.plots` draws this
#   notebook's figures and tables from records (`ranking`, `budget_curves`,
#   `against_solver`, …); `load_results(path)` reads a cache file back.

# %% [markdown]
# ## Strategy found in the data
#
# The help's Terrace tips lift the fair rule player to about 11% of deals; a fair player
# that looks ahead with the solver wins about 35%. Two rules a person can apply from what
# they see close that gap (`terrace_widget.fair.found_rules`, found and measured by
# `python -m benchmarks strategy-search`, see the README):
#
# 1. **reserve-base**: choose the base under which the reserve's top five cards go up
#    soonest (for each, the highest place above the base among it and the cards on it;
#    the smallest sum wins);
# 2. **guard-reserve**: keep a foundation for a reserve card that lies on a card it needs
#    first; while few foundations can take it, no other card of its rank and colour goes
#    onto them before a deal.
#
# The bars are the same deals played by each rule player (RulePlayer, which sees only the
# observation); the look-ahead player's bar is its own run on the first 300 of them.

# %%
# NBVAL_IGNORE_OUTPUT
from terrace_widget.studies.strategy_search import load_summary, rates_figure

found = load_summary("data/found-rules-summary.json")
rates_figure(found, "terrace")
plt.show()

# %%
# NBVAL_IGNORE_OUTPUT
rows = [
    f"| {r['spec']} | {r['effect']} | {r['helps']} | {r['hurts']} | {100 * r['difference']:+.1f} "
    f"| {100 * r['low']:+.1f} to {100 * r['high']:+.1f} |"
    for r in found["records"]
    if r["with"] == "found"
]
Markdown(
    "| game | rule | deals won only with it | only without it | difference (points) "
    "| Holm-corrected 95% interval |\n|---|---|--:|--:|--:|---|\n" + "\n".join(rows)
)

# %% [markdown]
# **What it says.** Each rule both helps and hurts: the counts are the deals won only with
# the rule and only without it. A rule is kept when the whole corrected interval is above
# zero. Neither rule is in any help page.

# %% [markdown]
# ## Where next
#
# * [01-play.ipynb](01-play.ipynb) — play Terrace and the other games on a live table
# * [02-rules-tutorial.ipynb](02-rules-tutorial.ipynb) — the rules, one small position at a time
# * [03-terrace-strategy.ipynb](03-terrace-strategy.ipynb) — Aisleriot's Terrace tips, measured with the solver
# * [04-klondike-strategy.ipynb](04-klondike-strategy.ipynb) — Klondike: don't give up, draw one or three, redeals
# * [06-scripting-and-agents.ipynb](06-scripting-and-agents.ipynb) — write your own bot and run a tournament
# * [07-what-the-data-teaches.ipynb](07-what-the-data-teaches.ipynb) — the found rules as drills

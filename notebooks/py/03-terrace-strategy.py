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
# # Terrace strategy: the help's four tips, measured
#
# GNOME Aisleriot's help closes its Terrace page with four tips:
#
# 1. *"When the game starts examine the Reserve carefully before choosing your base card,
#    avoid base cards that have several buried in the Reserve."*
# 2. *"Watch for reversed sequences in the Stock, Reserve a Foundation to remove each reversed
#    sequence."*
# 3. *"Try to start Tableau piles from the last card needed to complete a Foundation."*
# 4. *"Remember that you can continue to flip cards from the stock while it is locked without
#    filling the tableau by using the top card of the waste."*
#
# This notebook turns each tip into **a claim, a position that shows it, and a figure that
# measures it** with the package's solver. What you will learn:
#
# * how to ask the solver about a deal, and how to read its three answers honestly;
# * what a buried base rank costs, in deals won;
# * how to find the reversed runs of a stock (a function, drawn as cards), and what winning
#   lines do with them;
# * which cards winning lines put into spaces, and how they keep the stock moving while it
#   is locked.
#
# **The solver.** `solve(game, budget=...)` is *thoughtful*: it sees the stock, which a player
# does not. It answers `won` (with a winning line), `unwinnable` (the whole reachable space
# was searched) or `unknown` (the node budget ran out first). Terrace is hard for it: at the
# budgets a notebook can afford, many deals stay `unknown`, and every figure shows them as
# grey, hatched bars instead of counting them as losses.
#
# **Where the figures come from.** Every measurement runs live on a small sample (the
# parameters below: `N_DEALS` deals, `BUDGET` nodes per search: that is what the tests run).
# The figures are drawn from the **saved run** in `notebooks/data/` when it is there
# (200 deals, 100,000 nodes per search, written by
# `python benchmarks/notebook_data.py`) and from the small sample otherwise;
# each figure's title says which. Set `SAVED = None` to see the live sample's figures, and
# raise `N_DEALS` and `BUDGET` for a bigger run of your own (the solver makes about 100,000
# nodes a second; a Terrace deal, four base cards at 100,000 nodes each, takes a few
# seconds).

# %% tags=["parameters"]
# Parameters (papermill-style: this cell is tagged "parameters")
N_DEALS = 3  # deals of the live sample (each is solved once per candidate base card)
BUDGET = 20_000  # solver nodes per search in the live sample
EXECUTOR = "serial"  # analyze() in this process; None: one process per core
SAVED = "data/terrace-bases.jsonl"  # the saved run behind the figures (None: the live sample)
SAVED_LINES = "data/terrace-lines.jsonl"  # one winning line per won deal of the saved run

# %%
import json
from collections import Counter
from pathlib import Path

# %matplotlib inline
import matplotlib.pyplot as plt

from terrace_widget import Game, Move, glyph, parse_card
from terrace_widget.analysis import analyze, load_results, wilson_interval
from terrace_widget.render import SvgString
from terrace_widget.solver import solve

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
# ## The solver in one cell
#
# `solve` copies the game's position and searches it; the game is not changed. A `won`
# answer comes with its line: the moves, starting with the base choice, that win from here.
# With a node budget (and no `seconds`), the answer is the same on every machine.

# %%
# NBVAL_CHECK_OUTPUT
g = Game("terrace", seed=11)
solution = solve(g, budget=BUDGET)
print(g.deal_id, "->", solution.verdict, "in", len(solution.moves), "moves")
print("the line begins:", " ".join(map(str, solution.moves[:8])), "...")

# %% [markdown]
# ## Tip 1: examine the reserve before choosing the base
#
# **The claim.** The reserve gives up its cards only from the top, and each of them may go
# only to a foundation. Every foundation starts with a base-rank card, so a base-rank card
# buried deep in the reserve cannot start its foundation until every card above it has gone
# up — and those cards need started foundations too. A base rank whose copies lie near the
# top of the reserve, or not in it at all, should be the better choice.
#
# **A position.** `terrace#6`: the four candidates are 6♠, 3♠, J♥ and Q♥. The reserve is the
# fanned row at the top; its top card (the one in play) is on the right.

# %%
# NBVAL_IGNORE_OUTPUT
g = Game("terrace", seed=6)
g


# %%
def burial(game):
    """For each candidate base card: how many cards lie on top of each card of its rank
    in the reserve (0: it is the top card)."""
    reserve = game.piles["reserve"]
    candidates = [game.piles[pile][-1] for pile in ("t1", "t2", "t3", "t4")]
    return {
        base: [len(reserve) - 1 - i for i, card in enumerate(reserve) if card[0] == base[0]]
        for base in candidates
    }


# %%
# NBVAL_CHECK_OUTPUT
print("reserve, bottom to top:", " ".join(g.piles["reserve"]))
for card, depths in burial(g).items():
    where = ", ".join(map(str, depths)) + " card(s) on top" if depths else "none in the reserve"
    print(f"base {card}: {len(depths)} of its rank in the reserve ({where})")

# %% [markdown]
# Three jacks lie in the reserve, one of them under ten cards: with J♥ as the base, one
# foundation cannot start until the reserve is all but empty. No three is there, and the
# only six lies under four cards. Let the solver try each base card (100,000 nodes each):

# %%
# NBVAL_CHECK_OUTPUT
example = analyze(
    "terrace", [6], 100_000, bases="each", executor=EXECUTOR, progress=False, as_frame=False
)
for r in example:
    print(f"base {r['base']}: {r['verdict']}", f"({r['length']} moves)" if r["length"] else "")

# %% [markdown]
# The two bases the tip recommends win; with J♥ or Q♥ (a queen under seven cards) the solver
# proves that no line wins. One deal proves nothing, though. So we measure.
# `analyze(..., bases="each")` solves every candidate base card of every deal and records,
# for each, how many cards of its rank the reserve holds and how deep they lie
# (`base_rank_depths`: the cards on top of each). The live sample first:

# %%
# NBVAL_CHECK_OUTPUT
sample = analyze(
    "terrace", N_DEALS, BUDGET, bases="each", executor=EXECUTOR, progress=False, as_frame=False
)
for r in sample:
    print(
        f"terrace#{r['seed']} base {r['base']}: {r['base_rank_in_reserve']} in the reserve",
        f"{r['base_rank_depths']!s:12} -> {r['verdict']}",
    )

# %% [markdown]
# And the figure, from the saved run when there is one. On the left, the candidates are
# grouped by how many cards of their rank the reserve holds; on the right, by how many cards
# lie on top of the **deepest** of them (the foundation that starts last).

# %%
# NBVAL_IGNORE_OUTPUT
records = sample
if SAVED is not None and Path(SAVED).exists():
    records = load_results(SAVED, as_frame=False)
source = source_of(None if records is sample else SAVED, records, N_DEALS, BUDGET)


def deepest(depths):
    if not depths:
        return "none there"
    return ("0-2", "3-5", "6-8", "9-12")[min(3, max(depths) // 3)]


by_count = {k: Counter() for k in ("0", "1", "2", "3+")}
by_depth = {k: Counter() for k in ("none there", "0-2", "3-5", "6-8", "9-12")}
for r in records:
    by_count[str(min(3, r["base_rank_in_reserve"])).replace("3", "3+")][r["verdict"]] += 1
    by_depth[deepest(r["base_rank_depths"])][r["verdict"]] += 1
fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2), sharey=True)
verdict_bars(
    left, by_count, xlabel="cards of the base rank in the reserve", title="How many are buried"
)
verdict_bars(
    right,
    by_depth,
    xlabel="cards on top of the deepest one (cards)",
    title="How deep the deepest one lies",
)
right.set_ylabel("")
handles, names = left.get_legend_handles_labels()
fig.legend(handles, names, loc="lower center", ncol=3, fontsize=8)
fig.suptitle(f"Terrace: the solver's verdict for each candidate base card ({source})")
fig.tight_layout(rect=(0, 0.06, 1, 1))
plt.show()


# %%
# NBVAL_IGNORE_OUTPUT
def won_share(counter):
    n = sum(counter.values())
    return f"{100 * counter['won'] / n:.0f}% won of {n}" if n else "no data"


for label, counter in by_depth.items():
    print(f"deepest base-rank card {label:>10}: {won_share(counter)}")

# %% [markdown]
# **What it says.** How *many* cards of the base rank the reserve holds matters less than
# how **deep** the deepest of them lies. A candidate whose rank has a card under nine or more
# others is won clearly less often than one whose rank is not in the reserve at all, and it
# is *proved lost* (red) about three times as often; the other depths differ little. So the
# help's advice holds, sharpened: before you choose, look for the candidate whose rank is
# not buried deep. (Grey is what the budget left undecided: the true won share of each bar
# lies between the top of the green and the top of the grey.)
#
# ## Tip 2: reversed sequences in the stock
#
# **The claim.** The stock deals one card at a time onto the waste, and only the waste's
# top card can be played. Suppose the stock deals 8♦ and then, at once, 7♣: on the waste
# the 7♣ now covers the 8♦. The two cannot help each other in the tableau (the tableau
# builds *down*, and the 8♦ is under the 7♣), but a foundation that has reached a red 6
# takes 7♣ and then 8♦ at once. Seen in the stock, such cards lie in the reverse of tableau
# order: a **reversed sequence**. The tip: keep a foundation ready (ending just below the
# run) for each of them.
#
# A player cannot see the stock on the first pass, but does see the waste pile up — and in
# General's Patience the second pass deals the stock again *in the same order*, so a player
# who watched the first pass knows where every reversed run is.
#
# `reversed_runs(game)` finds them: in the order the cards will come (the waste card, then
# the stock from its top), runs where each card is one rank below the previous one in
# base-relative order and of the other colour (the same suit in General's Patience). The
# other functions of this cell are for the measurements below.

# %%
RANKS = "A23456789TJQK"


def relative(card, base):
    """Base-relative rank: 0 for the base rank, 12 for the rank just below it."""
    return (RANKS.index(card[0]) + 1 - base) % 13


def red(card):
    return card[1] in "DH"


def choose(game, card):
    """Play the base choice: the candidate ``card`` (a code such as "6H") to F1."""
    move = next(
        m for m in game.legal_moves() if m.target == "f1" and game.piles[m.source][-1] == card
    )
    return game.play(move)


def upcoming(game):
    """The waste card and then the stock, in the order the cards come to the waste."""
    return game.piles["waste"][-1:] + [c.lstrip("#") for c in reversed(game.piles["stock"])]


def reversed_runs(game, min_length=2):
    """Runs of the stock that will come out *downwards*: each card one rank below the card
    dealt before it, of the other colour (General's Patience: the same suit), never past
    the base. Each run is a list of (position in upcoming(game), card)."""
    if game.base_rank is None:
        raise ValueError("choose the base first: which runs count depends on it")
    base, same_suit = game.base_rank, game.rules.foundation_build == "same-suit"
    cards = upcoming(game)

    def below(high, low):
        fits = low[1] == high[1] if same_suit else red(low) != red(high)
        return fits and relative(low, base) == relative(high, base) - 1

    runs, run = [], [0]
    for i in range(1, len(cards) + 1):
        if i < len(cards) and below(cards[i - 1], cards[i]):
            run.append(i)
            continue
        if len(run) >= min_length:
            runs.append([(j, cards[j]) for j in run])
        run = [i]
    return runs


def follow(variant, seed, moves):
    """Replay a winning line that starts with the base choice and note what became of
    every stock card: where it went when it left the waste ("foundation", "tableau" or
    "space"), whether it belonged to a reversed run, and what the stock lock did."""
    g = Game(variant, seed=seed)
    if isinstance(moves, str):  # as saved: "t1-f1 deal ..."
        moves = moves.split()
    moves = [Move.parse(m) if isinstance(m, str) else m for m in moves]
    g.play(moves[0])
    base, cards = g.base_rank, upcoming(g)
    in_run = {i for run in reversed_runs(g) for i, _ in run}
    waste, dealt = [0], 1  # positions (in cards) of the waste's cards, bottom to top
    fates, fills, unlocks, open_deals = [], [], [], 0
    for move in moves[1:]:
        before, locked = g.stock_count, g.stock_locked
        if move.source == "waste":
            i = waste.pop()
            if move.target.startswith("f"):
                where = "foundation"
            elif g.piles[move.target]:
                where = "tableau"
            else:
                where = "space"
                fills.append(relative(cards[i], base))
            fates.append((i in in_run, where))
            if locked:
                unlocks.append(where)
        g.play(move)
        spaces = any(not g.piles[p] for p in g.pile_names if p.startswith("t"))
        for _ in range(before - g.stock_count):
            waste.append(dealt)
            dealt += 1
            open_deals += spaces
    assert g.status == "won", f"{variant}#{seed}: the line does not win"
    return {"fates": fates, "fills": fills, "unlocks": unlocks, "open_deals": open_deals}


# %%
# NBVAL_CHECK_OUTPUT
g = Game("terrace", seed=12345)
g.play("t2-f6")  # base 6, as in the rules tutorial
runs = reversed_runs(g)
print(f"base {g.base_rank}; {len(upcoming(g))} cards to come; reversed runs:")
NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
for run in runs:
    where = ", ".join(f"{card} (card {i + 1})" for i, card in run)
    low = run[-1][1]  # the last card dealt, the lowest: it goes up first
    colour = "black" if red(low) else "red"
    below = NAMES[(RANKS.index(low[0]) - 1) % 13]
    print(f"  {where}: a foundation ending in a {colour} {below} takes them in a row")


# %%
def card_strip(cards, runs=(), per_row=21):
    """The cards as rows of small faces, numbered in the order they come; the cards of
    each run are framed in yellow."""
    marked = {i for run in runs for i, _ in run}
    w, h, gap, row_gap = 30, 40, 3, 16
    rows = (len(cards) + per_row - 1) // per_row
    width, height = 12 + per_row * (w + gap), 10 + rows * (h + row_gap)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        'font-family="DejaVu Sans, Arial, sans-serif">',
        f'<rect width="{width}" height="{height}" rx="8" fill="#1e6b3c"/>',
    ]
    for k, card in enumerate(cards):
        x, y = 6 + (k % per_row) * (w + gap), 6 + (k // per_row) * (h + row_gap)
        edge = 'stroke="#ffb300" stroke-width="4"' if k in marked else 'stroke="#9e9e9e"'
        colour = "#c62828" if red(card) else "#212121"
        parts += [
            f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="4" fill="#fff" {edge}/>',
            f'<text x="{x + w / 2}" y="{y + 25}" font-size="13" text-anchor="middle" '
            f'fill="{colour}">{glyph(parse_card(card))}</text>',
            f'<text x="{x + w / 2}" y="{y + h + 12}" font-size="9" text-anchor="middle" '
            f'fill="#fff" fill-opacity=".8">{k + 1}</text>',
        ]
    return SvgString("".join(parts) + "</svg>")


# %% [markdown]
# The stock of `terrace#12345` after the base choice, in the order it will be dealt (card 1
# is on the waste now), with its reversed runs framed:

# %%
# NBVAL_IGNORE_OUTPUT
card_strip(upcoming(g), runs)

# %% [markdown]
# **What winning lines do with them.** `follow(variant, seed, line)` replays a winning line
# and notes where each stock card went when it left the waste: to a **foundation**, onto a
# **tableau** pile, or into a **space**. If the tip is right, the cards of reversed runs go
# to foundations more often than the other cards. Here is `terrace#11`, solved above:

# %%
# NBVAL_CHECK_OUTPUT
line = solve(Game("terrace", seed=11), budget=BUDGET).moves
fates = follow("terrace", 11, line)["fates"]
for in_run, label in ((True, "cards of reversed runs"), (False, "the other stock cards")):
    counts = Counter(where for flag, where in fates if flag == in_run)
    print(f"{label:22}", dict(sorted(counts.items())))


# %% [markdown]
# Now over many winning lines. The live sample's lines are found again from its won
# records (the search is deterministic: the same budget finds the same line); the saved
# run keeps one line per won deal in `data/terrace-lines.jsonl`.


# %%
def winning_lines(records, budget):
    """One winning line per won deal: the won base card with the shortest search."""
    lines = []
    for seed in sorted({r["seed"] for r in records}):
        won = [r for r in records if r["seed"] == seed and r["verdict"] == "won"]
        if won:
            best = min(won, key=lambda r: r["nodes"])
            g = Game("terrace", seed=seed)
            first = choose(g, best["base"])
            lines.append({"seed": seed, "moves": [first, *solve(g, budget=budget).moves]})
    return lines


live_lines = winning_lines(sample, BUDGET)
if SAVED_LINES is not None and Path(SAVED_LINES).exists():
    with open(SAVED_LINES) as file:
        lines = [json.loads(text) for text in file]
    lines_source = source_of(SAVED_LINES, lines, N_DEALS, BUDGET, "winning lines")
else:
    lines = live_lines
    lines_source = f"small live sample: {len(lines)} winning lines, {BUDGET:,} nodes per search"
followed = [follow("terrace", line["seed"], line["moves"]) for line in lines]
print(f"{len(live_lines)} winning line(s) in the live sample; the figures use {len(lines)}")

# %%
# NBVAL_IGNORE_OUTPUT
WHERE = ("foundation", "tableau", "space")
WHERE_COLOURS = {"foundation": "#1565c0", "tableau": "#90caf9", "space": "#ffb300"}
groups = {True: Counter(), False: Counter()}
for f in followed:
    for in_run, where in f["fates"]:
        groups[in_run][where] += 1
fig, ax = plt.subplots(figsize=(9, 3.2))
names = {True: "cards of reversed runs", False: "other stock cards"}
for row, in_run in enumerate((True, False)):
    n = sum(groups[in_run].values())
    left = 0.0
    for where in WHERE:
        share = 100 * groups[in_run][where] / max(1, n)
        name = where if row == 0 else None
        ax.barh(row, share, left=left, color=WHERE_COLOURS[where], label=name)
        if share > 4:
            ax.text(left + share / 2, row, f"{share:.0f}%", ha="center", va="center", fontsize=9)
        left += share
    ax.text(101, row, f"n={n}", va="center", fontsize=8)
ax.set_yticks([0, 1], [names[True], names[False]])
ax.invert_yaxis()
ax.set_xlim(0, 110)
ax.set_xlabel("where the card went when it left the waste (% of cards)")
ax.set_title(f"Terrace: what winning lines do with reversed runs ({lines_source})")
ax.legend(loc="upper center", fontsize=8, ncol=3, bbox_to_anchor=(0.5, -0.3))
fig.tight_layout()
plt.show()


# %% [markdown]
# The cards of reversed runs go to the foundations **no more often** than the other stock
# cards. A second test: if reversed runs made a deal harder, the candidates whose stock holds
# more of them (for that base) would be won less often.


# %%
# NBVAL_IGNORE_OUTPUT
def run_cards(record):
    g = Game("terrace", seed=record["seed"])
    choose(g, record["base"])
    return sum(len(run) for run in reversed_runs(g))


BINS = ("0-1", "2-3", "4-5", "6-7", "8-9", "10+")
by_runs = {k: Counter() for k in BINS}
for r in records:
    by_runs[BINS[min(5, run_cards(r) // 2)]][r["verdict"]] += 1
fig, ax = plt.subplots(figsize=(9, 4))
verdict_bars(
    ax,
    by_runs,
    xlabel="cards in reversed runs in the stock, for this base (cards)",
    title=f"Terrace: the verdict by the reversed runs of the stock ({source})",
)
ax.legend(loc="lower left", fontsize=8, framealpha=0.9)
fig.tight_layout()
plt.show()

# %% [markdown]
# **What it says.** Neither test finds an effect: deals with many reversed runs are won as
# often as deals with none, and winning lines treat their cards like any other. Reversed
# runs are short (nearly all are pairs) and with eight foundations and nine piles their
# cards usually find a place anyway. The tip may help a player who cannot see the stock and
# lets the waste pile up; for play that looks ahead, this measurement does not support it.
# Not every tip survives being measured.
#
# A word of caution for figures built from winning lines (here and below): a winning line
# is *one* way to win, shaped by the solver's move order, so it shows what winning play
# *can* look like, not what every win needs. Tip 1's figure is different: there the base
# card is the only thing that changes.
#
# ## Tip 3: start tableau piles with the card one below the base
#
# **The claim.** The last card a foundation needs is the rank just below the base (with base
# 3, the twos). In the tableau that card is the best possible start for a pile: the tableau
# builds down round the corner, but nothing may go on a base-rank card, so a pile can hold
# at most the cards from its first card down to the base. Started with the rank below the
# base, a pile can take a whole run of 13 cards; started with base + 4, only five. And the
# card at the bottom is one that no foundation wants until the very end.
#
# **A position.** Base 3: T1 was started with 2♦ and holds a complete run down to 3♦; T2
# was started with 7♥ and is full at five cards.

# %%
FILLERS = ["KC", "KS", "QC", "QS", "JC", "JS", "TC", "TS", "9C"]  # quiet black cards
QUIET = {f"t{i}": [card] for i, card in enumerate(FILLERS, 1)}
g = Game.from_piles(
    "terrace",
    {
        **QUIET,
        "t1": ["2D", "AC", "KD", "QC", "JD", "TC", "9D", "8C", "7D", "6C", "5D", "4C", "3D"],
        "t2": ["7H", "6S", "5H", "4S", "3H"],
        "waste": ["2S"],
    },
    base_rank=3,
)

# %%
# NBVAL_IGNORE_OUTPUT
g

# %%
# NBVAL_CHECK_OUTPUT
for pile in ("t1", "t2"):
    cards = g.piles[pile]
    print(f"{pile}: {len(cards):2} cards, {cards[0]} down to {cards[-1]}")
print("2S onto T2's 3H:", g.explain("waste-t2"))
first = ["base"] + [f"+{r}" for r in range(1, 12)] + ["base-1"]
print("a pile's first card:", " ".join(f"{f:>6}" for f in first))
print("cards it can hold:  ", " ".join(f"{r + 1:>6}" for r in range(13)))

# %% [markdown]
# **The measurement.** Every time a winning line puts a waste card into a space, we note the
# card's rank relative to the base (0 is the base rank, 12 the rank just below it). If the
# tip is right, the ranks near 12 should stand out; a card chosen at random would give each
# rank 1/13 of the fills (the dotted line).

# %%
# NBVAL_IGNORE_OUTPUT
fills = Counter(rank for f in followed for rank in f["fills"])
total = sum(fills.values())
fig, ax = plt.subplots(figsize=(9, 3.6))
ax.bar(range(13), [100 * fills[r] / max(1, total) for r in range(13)], color="#ffb300")
ax.axhline(100 / 13, color="black", linestyle=":", label="each rank alike (1/13)")
ax.set_xticks(range(13), ["base"] + [f"+{r}" for r in range(1, 12)] + ["base-1"])
ax.set_xlabel("rank of the card put into a space, counted from the base")
ax.set_ylabel("share of the cards put into spaces (%)")
ax.set_title(f"Terrace: which cards winning lines start piles with ({total} fills; {lines_source})")
ax.legend(fontsize=8)
fig.tight_layout()
plt.show()

# %% [markdown]
# **What it says.** The rank just below the base is the card winning lines most often put
# into a space — about twice its share by chance — and the ranks near it follow; low ranks
# (which a foundation needs soon) are rare, and a base-rank card never starts a pile. The
# tip holds: start piles with the cards a foundation needs last.
#
# ## Tip 4: keep dealing while the stock is locked
#
# **The claim.** A card dealt while a space is open locks the stock until a card leaves the
# waste (rules tutorial, step 5). The lock does not force you to fill the space: any play of
# the waste card — onto a tableau pile or a foundation — lifts it for one more card. So you
# can keep the space open for the card that deserves it (tip 3) and go on dealing.
#
# **A position.** Base 3; T2 is a space and the stock is locked with 8♠ on the waste. The
# stock will deal 7♦, then 2♦ (the rank below the base).

# %%
g = Game.from_piles(
    "terrace",
    {**QUIET, "t2": [], "t4": ["9H"], "waste": ["8S"], "stock": ["2D", "7D"]},
    base_rank=3,
    stock_locked=True,
)


def report(action):
    waste = g.piles["waste"][-1] if g.piles["waste"] else "--"
    spaces = [p for p in g.pile_names if p.startswith("t") and not g.piles[p]]
    print(
        f"{action:9} locked={g.stock_locked!s:5} waste top={waste:3}",
        f"stock={g.stock_count} spaces={spaces}",
    )


# %%
# NBVAL_IGNORE_OUTPUT
g

# %%
# NBVAL_CHECK_OUTPUT
report("start")
print("deal?", g.explain("deal"))
for move in ("waste-t4", "waste-t4", "waste-t2", "deal"):
    g.play(move)
    report(move)

# %% [markdown]
# 8♠ and then 7♦ went onto T4; each play brought the next card at once, and the space
# waited for the 2♦. Only then was it filled, and the stock dealt freely again.
#
# **The measurement.** In winning lines: each time the stock was locked, where did the
# waste card go that lifted the lock? And how long do spaces stay open: what share of the
# cards dealt came while a space was open?

# %%
# NBVAL_IGNORE_OUTPUT
unlocks = Counter(where for f in followed for where in f["unlocks"])
open_share = [100 * f["open_deals"] / 83 for f in followed]  # Terrace deals 83 stock cards
fig, (left, right) = plt.subplots(1, 2, figsize=(11, 3.8))
left.bar(list(WHERE), [unlocks[w] for w in WHERE], color=[WHERE_COLOURS[w] for w in WHERE])
left.set_xlabel("where the waste card went")
left.set_ylabel("times the lock was lifted (count)")
left.set_title("What lifted the lock")
right.hist(open_share, bins=range(0, 105, 5), color="#7e57c2")
right.set_xlabel("cards dealt while a space was open (% of the stock)")
right.set_ylabel("winning lines (count)")
right.set_title("How long spaces stay open")
fig.suptitle(f"Terrace: the stock lock in winning lines ({lines_source})")
fig.tight_layout()
plt.show()

# %% [markdown]
# **What it says.** About half of the locks are lifted without filling the space: the
# waste card goes elsewhere, mostly straight to a foundation. So winning lines do use the
# tip — but only for a few cards at a time: spaces rarely stay open for more than a few
# percent of the stock. Keep dealing while locked, but do not leave a space empty for long.
#
# ## Summary
#
# | tip | measured here | verdict |
# | --- | --- | --- |
# | examine the reserve | won share by depth of the base rank | holds: deep burial costs |
# | reversed runs | their cards' fate; won share by their number | no effect found |
# | start piles one below the base | the ranks put into spaces | holds |
# | deal while locked | what lifts the lock | holds, for a few cards |
#
# To make the figures yours: raise `N_DEALS` and `BUDGET` in the parameter cell and set
# `SAVED = None`, or rerun the saved study with `python benchmarks/notebook_data.py`
# (a few minutes for Terrace, half an hour for Klondike, on one core).

# %% [markdown]
# ## Where next
#
# * [01-play.ipynb](01-play.ipynb) — play Terrace and the other games on a live table
# * [02-rules-tutorial.ipynb](02-rules-tutorial.ipynb) — the rules, one small position at a time
# * [04-klondike-strategy.ipynb](04-klondike-strategy.ipynb) — Klondike: don't give up, draw one or three, redeals
# * [05-analyses.ipynb](05-analyses.ipynb) — how winnable all eleven games are; greedy against solver
# * [06-scripting-and-agents.ipynb](06-scripting-and-agents.ipynb) — write your own bot and run a tournament

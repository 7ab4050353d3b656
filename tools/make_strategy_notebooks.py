"""Write the strategy and analysis notebooks 03, 04 and 05, and the data behind them.

    python tools/make_strategy_notebooks.py            # write the three notebooks
    python tools/make_strategy_notebooks.py --execute  # write them, then run them in place
    python tools/make_strategy_notebooks.py --data     # recompute notebooks/data/ (long)

The notebooks draw their figures from small saved runs in ``notebooks/data/`` (written by
``--data``, in :func:`terrace_widget.analysis.analyze`'s cache format where one fits) and
always compute a small live sample too, so that the tests exercise the code. Cells whose
printed facts are deterministic start with ``# NBVAL_CHECK_OUTPUT`` (node budgets, never
seconds); pictures and tables that would churn start with ``# NBVAL_IGNORE_OUTPUT``.
``notebooks/data/winnability.jsonl`` (notebook 05's full run) is written by
``benchmarks/winnability.py``, not here.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from make_notebooks import check, code, ignore, md, write

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "notebooks" / "data"

# The saved runs (--data): deals and node budgets (every record keeps its budget).
TERRACE_DEALS, TERRACE_BUDGET = 200, 100_000
TERRACE_LINES = 100  # winning lines kept (of the first won deals): enough for the figures
KLONDIKE_DEALS, KLONDIKE_BUDGET = 150, 1_000_000
KLONDIKE_OPTIONS = ("klondike", "klondike-three-card", "klondike-no-redeal", "klondike-unlimited")

# ------------------------------------------------------------------ shared notebook code

STYLE = """
%matplotlib inline
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
    \"\"\"Stacked bars of won / unknown / unwinnable shares, one bar per group.

    ``groups`` maps a label to a Counter of verdicts. The black whisker is the 95%
    Wilson interval of the won share; n is the number of searches in the group.
    \"\"\"
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
"""


def where_next(current: str) -> str:
    """The closing cell: every other notebook, one line each."""
    notebooks = {
        "01": ("01-play.ipynb", "play Terrace and the other games on a live table"),
        "02": ("02-rules-tutorial.ipynb", "the rules, one small position at a time"),
        "03": ("03-terrace-strategy.ipynb", "Aisleriot's Terrace tips, measured with the solver"),
        "04": ("04-klondike-strategy.ipynb", "Klondike: don't give up, draw one or three, redeals"),
        "05": ("05-analyses.ipynb", "how winnable all eleven games are; greedy against solver"),
        "06": ("06-scripting-and-agents.ipynb", "write your own bot and run a tournament"),
    }
    lines = [
        f"* [{name}]({name}) — {text}" for key, (name, text) in notebooks.items() if key != current
    ]
    return "## Where next\n\n" + "\n".join(lines)


# ------------------------------------------------------------------ 03: code shared with --data

TERRACE_HELPERS = '''
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
'''

# ------------------------------------------------------------------ 04: code shared with --data

KLONDIKE_HELPERS = '''
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
'''


# ------------------------------------------------------------------ --data


def _helpers(source: str) -> dict:
    from terrace_widget import Game, Move
    from terrace_widget.analysis import greedy_play
    from terrace_widget.solver import solve

    namespace = {"Game": Game, "Move": Move, "greedy_play": greedy_play, "solve": solve}
    exec(source, namespace)
    return namespace


def _write_rows(path: Path, rows: list[dict]) -> None:
    """Write ``rows`` as JSON lines, replacing the file."""
    with path.open("w", encoding="utf-8") as file:
        for row in rows:
            file.write(json.dumps(row, separators=(",", ":")) + "\n")


def _log(text: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {text}", flush=True)


def make_terrace_data(deals: int, budget: int, executor: object) -> None:
    from terrace_widget import Game
    from terrace_widget.analysis import analyze
    from terrace_widget.solver import solve

    helpers = _helpers(TERRACE_HELPERS)
    _log(f"terrace: {deals} deals x 4 bases at {budget:,} nodes")
    records = analyze(
        "terrace",
        range(1, deals + 1),
        budget,
        bases="each",
        executor=executor,
        cache=DATA / "terrace-bases.jsonl",
        progress=False,
        as_frame=False,
    )
    _write_rows(DATA / "terrace-bases.jsonl", records)  # only this run (and solver version)
    # One winning line per won deal (the won base whose search was shortest), found again
    # with the same budget: the search is deterministic.
    lines = []
    for seed in range(1, deals + 1):
        won = [r for r in records if r["seed"] == seed and r["verdict"] == "won"]
        if not won or len(lines) == TERRACE_LINES:
            continue
        record = min(won, key=lambda r: r["nodes"])
        game = Game("terrace", seed=seed)
        base_move = helpers["choose"](game, record["base"])
        solution = solve(game, budget=budget)
        assert solution.verdict == "won", (seed, record)
        moves = [base_move, *solution.moves]
        lines.append(
            {
                "variant": "terrace",
                "seed": seed,
                "budget": budget,
                "solver_version": record["solver_version"],
                "base": record["base"],
                "moves": " ".join(map(str, moves)),
            }
        )
    _write_rows(DATA / "terrace-lines.jsonl", lines)
    _log(f"terrace: {len(lines)} winning lines")


def make_klondike_data(deals: int, budget: int, executor: object) -> None:
    from terrace_widget import Game
    from terrace_widget.analysis import SOLVER_VERSION, analyze
    from terrace_widget.solver import solve

    helpers = _helpers(KLONDIKE_HELPERS)
    seeds = range(1, deals + 1)
    _log(f"klondike: {deals} deals x {len(KLONDIKE_OPTIONS)} options at {budget:,} nodes")
    records = analyze(
        KLONDIKE_OPTIONS,
        seeds,
        budget,
        executor=executor,
        cache=DATA / "klondike-options.jsonl",
        progress=False,
        as_frame=False,
    )
    _write_rows(DATA / "klondike-options.jsonl", records)  # only this run (and solver version)
    _log("klondike: one redeal")
    rows = []
    for seed in seeds:
        solution = solve(helpers["redeal_game"](seed, 1), budget=budget)
        rows.append(
            {
                "variant": "klondike",
                "redeals": 1,
                "seed": seed,
                "budget": budget,
                "solver_version": SOLVER_VERSION,
                "verdict": solution.verdict,
                "length": len(solution.moves) if solution.verdict == "won" else None,
                "nodes": solution.nodes,
            }
        )
    _write_rows(DATA / "klondike-one-redeal.jsonl", rows)
    _log("klondike: giving up")
    rows = [
        {**helpers["give_up_study"](variant, seed, budget), "solver_version": SOLVER_VERSION}
        for variant in ("klondike", "klondike-three-card")
        for seed in seeds
    ]
    _write_rows(DATA / "klondike-give-up.jsonl", rows)
    _log("klondike: foundation moves in the winning lines")
    rows = []
    for record in records:
        variant = record["variant"]
        if record["verdict"] != "won" or variant not in ("klondike", "klondike-three-card"):
            continue
        solution = solve(Game(record["variant"], seed=record["seed"]), budget=budget)
        assert solution.verdict == "won", record
        rows.append(
            {
                "variant": record["variant"],
                "seed": record["seed"],
                "budget": budget,
                "solver_version": SOLVER_VERSION,
                "length": len(solution.moves),
                "downs": helpers["downs"](solution.moves),
            }
        )
    _write_rows(DATA / "klondike-lines.jsonl", rows)
    _log("klondike: done")


# ------------------------------------------------------------------ 03 Terrace strategy

SOURCE_TEXT = """
def source_of(saved_path, records, live_deals, live_budget, what="deals"):
    \"\"\"A figure title's note on where its data comes from.\"\"\"
    if saved_path is not None:
        budgets = sorted({r["budget"] for r in records})
        deals = len({(r["variant"], r["seed"]) for r in records})
        nodes = "/".join(f"{b:,}" for b in budgets)
        return f"saved run: {deals} {what}, {nodes} nodes per search"
    return f"small live sample: {live_deals} deals, {live_budget:,} nodes per search"
"""

TERRACE = [
    md(f"""
# Terrace strategy: the help's four tips, measured

GNOME Aisleriot's help closes its Terrace page with four tips:

1. *"When the game starts examine the Reserve carefully before choosing your base card,
   avoid base cards that have several buried in the Reserve."*
2. *"Watch for reversed sequences in the Stock, Reserve a Foundation to remove each reversed
   sequence."*
3. *"Try to start Tableau piles from the last card needed to complete a Foundation."*
4. *"Remember that you can continue to flip cards from the stock while it is locked without
   filling the tableau by using the top card of the waste."*

This notebook turns each tip into **a claim, a position that shows it, and a figure that
measures it** with the package's solver. What you will learn:

* how to ask the solver about a deal, and how to read its three answers honestly;
* what a buried base rank costs, in deals won;
* how to find the reversed runs of a stock (a function, drawn as cards), and what winning
  lines do with them;
* which cards winning lines put into spaces, and how they keep the stock moving while it
  is locked.

**The solver.** `solve(game, budget=...)` is *thoughtful*: it sees the stock, which a player
does not. It answers `won` (with a winning line), `unwinnable` (the whole reachable space
was searched) or `unknown` (the node budget ran out first). Terrace is hard for it: at the
budgets a notebook can afford, many deals stay `unknown`, and every figure shows them as
grey, hatched bars instead of counting them as losses.

**Where the figures come from.** Every measurement runs live on a small sample (the
parameters below: `N_DEALS` deals, `BUDGET` nodes per search: that is what the tests run).
The figures are drawn from the **saved run** in `notebooks/data/` when it is there
({TERRACE_DEALS} deals, {TERRACE_BUDGET:,} nodes per search, written by
`python tools/make_strategy_notebooks.py --data`) and from the small sample otherwise;
each figure's title says which. Set `SAVED = None` to see the live sample's figures, and
raise `N_DEALS` and `BUDGET` for a bigger run of your own (the solver makes about 100,000
nodes a second; a Terrace deal, four base cards at 100,000 nodes each, takes a few
seconds).
"""),
    code(
        """
# Parameters (papermill-style: this cell is tagged "parameters")
N_DEALS = 3  # deals of the live sample (each is solved once per candidate base card)
BUDGET = 20_000  # solver nodes per search in the live sample
EXECUTOR = "serial"  # analyze() in this process; None: one process per core
SAVED = "data/terrace-bases.jsonl"  # the saved run behind the figures (None: the live sample)
SAVED_LINES = "data/terrace-lines.jsonl"  # one winning line per won deal of the saved run
""",
        tags=["parameters"],
    ),
    code(
        """
import json
from collections import Counter
from pathlib import Path

from terrace_widget import Game, Move, glyph, parse_card
from terrace_widget.analysis import analyze, load_results
from terrace_widget.render import SvgString
from terrace_widget.solver import solve
"""
        + STYLE
        + SOURCE_TEXT
    ),
    md("""
## The solver in one cell

`solve` copies the game's position and searches it; the game is not changed. A `won`
answer comes with its line: the moves, starting with the base choice, that win from here.
With a node budget (and no `seconds`), the answer is the same on every machine.
"""),
    check("""
g = Game("terrace", seed=11)
solution = solve(g, budget=BUDGET)
print(g.deal_id, "->", solution.verdict, "in", len(solution.moves), "moves")
print("the line begins:", " ".join(map(str, solution.moves[:8])), "...")
"""),
    md("""
## Tip 1: examine the reserve before choosing the base

**The claim.** The reserve gives up its cards only from the top, and each of them may go
only to a foundation. Every foundation starts with a base-rank card, so a base-rank card
buried deep in the reserve cannot start its foundation until every card above it has gone
up — and those cards need started foundations too. A base rank whose copies lie near the
top of the reserve, or not in it at all, should be the better choice.

**A position.** `terrace#6`: the four candidates are 6♠, 3♠, J♥ and Q♥. The reserve is the
fanned row at the top; its top card (the one in play) is on the right.
"""),
    ignore("""
g = Game("terrace", seed=6)
g
"""),
    code('''
def burial(game):
    """For each candidate base card: how many cards lie on top of each card of its rank
    in the reserve (0: it is the top card)."""
    reserve = game.piles["reserve"]
    candidates = [game.piles[pile][-1] for pile in ("t1", "t2", "t3", "t4")]
    return {
        base: [len(reserve) - 1 - i for i, card in enumerate(reserve) if card[0] == base[0]]
        for base in candidates
    }
'''),
    check("""
print("reserve, bottom to top:", " ".join(g.piles["reserve"]))
for card, depths in burial(g).items():
    where = ", ".join(map(str, depths)) + " card(s) on top" if depths else "none in the reserve"
    print(f"base {card}: {len(depths)} of its rank in the reserve ({where})")
"""),
    md("""
Three jacks lie in the reserve, one of them under ten cards: with J♥ as the base, one
foundation cannot start until the reserve is all but empty. No three is there, and the
only six lies under four cards. Let the solver try each base card (100,000 nodes each):
"""),
    check("""
example = analyze(
    "terrace", [6], 100_000, bases="each", executor=EXECUTOR, progress=False, as_frame=False
)
for r in example:
    print(f"base {r['base']}: {r['verdict']}", f"({r['length']} moves)" if r["length"] else "")
"""),
    md("""
The two bases the tip recommends win; with J♥ or Q♥ (a queen under seven cards) the solver
proves that no line wins. One deal proves nothing, though. So we measure.
`analyze(..., bases="each")` solves every candidate base card of every deal and records,
for each, how many cards of its rank the reserve holds and how deep they lie
(`base_rank_depths`: the cards on top of each). The live sample first:
"""),
    check("""
sample = analyze(
    "terrace", N_DEALS, BUDGET, bases="each", executor=EXECUTOR, progress=False, as_frame=False
)
for r in sample:
    print(
        f"terrace#{r['seed']} base {r['base']}: {r['base_rank_in_reserve']} in the reserve",
        f"{r['base_rank_depths']!s:12} -> {r['verdict']}",
    )
"""),
    md("""
And the figure, from the saved run when there is one. On the left, the candidates are
grouped by how many cards of their rank the reserve holds; on the right, by how many cards
lie on top of the **deepest** of them (the foundation that starts last).
"""),
    ignore("""
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
"""),
    ignore("""
def won_share(counter):
    n = sum(counter.values())
    return f"{100 * counter['won'] / n:.0f}% won of {n}" if n else "no data"


for label, counter in by_depth.items():
    print(f"deepest base-rank card {label:>10}: {won_share(counter)}")
"""),
    md("""
**What it says.** How *many* cards of the base rank the reserve holds matters less than
how **deep** the deepest of them lies. A candidate whose rank has a card under nine or more
others is won clearly less often than one whose rank is not in the reserve at all, and it
is *proved lost* (red) about three times as often; the other depths differ little. So the
help's advice holds, sharpened: before you choose, look for the candidate whose rank is
not buried deep. (Grey is what the budget left undecided: the true won share of each bar
lies between the top of the green and the top of the grey.)

## Tip 2: reversed sequences in the stock

**The claim.** The stock deals one card at a time onto the waste, and only the waste's
top card can be played. Suppose the stock deals 8♦ and then, at once, 7♣: on the waste
the 7♣ now covers the 8♦. The two cannot help each other in the tableau (the tableau
builds *down*, and the 8♦ is under the 7♣), but a foundation that has reached a red 6
takes 7♣ and then 8♦ at once. Seen in the stock, such cards lie in the reverse of tableau
order: a **reversed sequence**. The tip: keep a foundation ready (ending just below the
run) for each of them.

A player cannot see the stock on the first pass, but does see the waste pile up — and in
General's Patience the second pass deals the stock again *in the same order*, so a player
who watched the first pass knows where every reversed run is.

`reversed_runs(game)` finds them: in the order the cards will come (the waste card, then
the stock from its top), runs where each card is one rank below the previous one in
base-relative order and of the other colour (the same suit in General's Patience). The
other functions of this cell are for the measurements below.
"""),
    code(TERRACE_HELPERS),
    check("""
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
"""),
    code('''
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
'''),
    md("""
The stock of `terrace#12345` after the base choice, in the order it will be dealt (card 1
is on the waste now), with its reversed runs framed:
"""),
    ignore("card_strip(upcoming(g), runs)"),
    md("""
**What winning lines do with them.** `follow(variant, seed, line)` replays a winning line
and notes where each stock card went when it left the waste: to a **foundation**, onto a
**tableau** pile, or into a **space**. If the tip is right, the cards of reversed runs go
to foundations more often than the other cards. Here is `terrace#11`, solved above:
"""),
    check("""
line = solve(Game("terrace", seed=11), budget=BUDGET).moves
fates = follow("terrace", 11, line)["fates"]
for in_run, label in ((True, "cards of reversed runs"), (False, "the other stock cards")):
    counts = Counter(where for flag, where in fates if flag == in_run)
    print(f"{label:22}", dict(sorted(counts.items())))
"""),
    md("""
Now over many winning lines. The live sample's lines are found again from its won
records (the search is deterministic: the same budget finds the same line); the saved
run keeps one line per won deal in `data/terrace-lines.jsonl`.
"""),
    code('''
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
'''),
    ignore("""
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
"""),
    md("""
The cards of reversed runs go to the foundations **no more often** than the other stock
cards. A second test: if reversed runs made a deal harder, the candidates whose stock holds
more of them (for that base) would be won less often.
"""),
    ignore("""
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
"""),
    md("""
**What it says.** Neither test finds an effect: deals with many reversed runs are won as
often as deals with none, and winning lines treat their cards like any other. Reversed
runs are short (nearly all are pairs) and with eight foundations and nine piles their
cards usually find a place anyway. The tip may help a player who cannot see the stock and
lets the waste pile up; for play that looks ahead, this measurement does not support it.
Not every tip survives being measured.

A word of caution for figures built from winning lines (here and below): a winning line
is *one* way to win, shaped by the solver's move order, so it shows what winning play
*can* look like, not what every win needs. Tip 1's figure is different: there the base
card is the only thing that changes.

## Tip 3: start tableau piles with the card one below the base

**The claim.** The last card a foundation needs is the rank just below the base (with base
3, the twos). In the tableau that card is the best possible start for a pile: the tableau
builds down round the corner, but nothing may go on a base-rank card, so a pile can hold
at most the cards from its first card down to the base. Started with the rank below the
base, a pile can take a whole run of 13 cards; started with base + 4, only five. And the
card at the bottom is one that no foundation wants until the very end.

**A position.** Base 3: T1 was started with 2♦ and holds a complete run down to 3♦; T2
was started with 7♥ and is full at five cards.
"""),
    code("""
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
"""),
    ignore("g"),
    check("""
for pile in ("t1", "t2"):
    cards = g.piles[pile]
    print(f"{pile}: {len(cards):2} cards, {cards[0]} down to {cards[-1]}")
print("2S onto T2's 3H:", g.explain("waste-t2"))
first = ["base"] + [f"+{r}" for r in range(1, 12)] + ["base-1"]
print("a pile's first card:", " ".join(f"{f:>6}" for f in first))
print("cards it can hold:  ", " ".join(f"{r + 1:>6}" for r in range(13)))
"""),
    md("""
**The measurement.** Every time a winning line puts a waste card into a space, we note the
card's rank relative to the base (0 is the base rank, 12 the rank just below it). If the
tip is right, the ranks near 12 should stand out; a card chosen at random would give each
rank 1/13 of the fills (the dotted line).
"""),
    ignore("""
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
"""),
    md("""
**What it says.** The rank just below the base is the card winning lines most often put
into a space — about twice its share by chance — and the ranks near it follow; low ranks
(which a foundation needs soon) are rare, and a base-rank card never starts a pile. The
tip holds: start piles with the cards a foundation needs last.

## Tip 4: keep dealing while the stock is locked

**The claim.** A card dealt while a space is open locks the stock until a card leaves the
waste (rules tutorial, step 5). The lock does not force you to fill the space: any play of
the waste card — onto a tableau pile or a foundation — lifts it for one more card. So you
can keep the space open for the card that deserves it (tip 3) and go on dealing.

**A position.** Base 3; T2 is a space and the stock is locked with 8♠ on the waste. The
stock will deal 7♦, then 2♦ (the rank below the base).
"""),
    code("""
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
"""),
    ignore("g"),
    check("""
report("start")
print("deal?", g.explain("deal"))
for move in ("waste-t4", "waste-t4", "waste-t2", "deal"):
    g.play(move)
    report(move)
"""),
    md("""
8♠ and then 7♦ went onto T4; each play brought the next card at once, and the space
waited for the 2♦. Only then was it filled, and the stock dealt freely again.

**The measurement.** In winning lines: each time the stock was locked, where did the
waste card go that lifted the lock? And how long do spaces stay open: what share of the
cards dealt came while a space was open?
"""),
    ignore("""
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
"""),
    md("""
**What it says.** About half of the locks are lifted without filling the space: the
waste card goes elsewhere, mostly straight to a foundation. So winning lines do use the
tip — but only for a few cards at a time: spaces rarely stay open for more than a few
percent of the stock. Keep dealing while locked, but do not leave a space empty for long.

## Summary

| tip | measured here | verdict |
| --- | --- | --- |
| examine the reserve | won share by depth of the base rank | holds: deep burial costs |
| reversed runs | their cards' fate; won share by their number | no effect found |
| start piles one below the base | the ranks put into spaces | holds |
| deal while locked | what lifts the lock | holds, for a few cards |

To make the figures yours: raise `N_DEALS` and `BUDGET` in the parameter cell and set
`SAVED = None`, or rerun the saved study with `python tools/make_strategy_notebooks.py
--data` (a few minutes for Terrace, half an hour for Klondike, on one core).
"""),
    md(where_next("03")),
]


# ------------------------------------------------------------------ 04 Klondike strategy

KLONDIKE = [
    md(f"""
# Klondike strategy: don't give up, and what the options are worth

GNOME Aisleriot's help has one tip for Klondike: *"Don't give up the ship! Try brute force
methods when the game seems over. Sometimes a combination of using cards already in the
Foundation and rearranging sequences will free up some needed cards."* This notebook
measures that tip, and the two choices Klondike's options make for you. You will learn:

1. **don't give up**: how often a position where a simple player is stuck can still be
   won, and how to ask the solver for the way out;
2. **bringing foundation cards back down**: how often winning lines do it;
3. **draw one against draw three**, on the very same deals;
4. **the value of each redeal**: none, one, two or unlimited, with draw one.

**The solver** (`terrace_widget.solver.solve`) is *thoughtful*: it sees the face-down cards
and the stock. Its answers are `won` (with a winning line), `unwinnable` (proved) or
`unknown` (the node budget ran out); the figures show `unknown` as grey, hatched bars, never
as losses. Klondike is easier for it than Terrace, but a draw-one deal with redeals can
still outlast a budget.

**Where the figures come from.** Every measurement runs live on a small sample
(`N_DEALS` deals at `BUDGET` nodes per search: what the tests run). The figures are drawn
from the **saved run** in `notebooks/data/` when it is there ({KLONDIKE_DEALS} deals,
{KLONDIKE_BUDGET:,} nodes per search, written by
`python tools/make_strategy_notebooks.py --data`) and from the live sample otherwise; each
figure's title says which. Set `SAVED = None` for the live sample's figures.
"""),
    code(
        """
# Parameters (papermill-style: this cell is tagged "parameters")
N_DEALS = 6  # deals of the live sample
BUDGET = 30_000  # solver nodes per search in the live sample
EXECUTOR = "serial"  # analyze() in this process; None: one process per core
SAVED = "data"  # the folder of the saved run behind the figures (None: the live sample)
""",
        tags=["parameters"],
    ),
    code(
        """
import json
from collections import Counter
from pathlib import Path

from terrace_widget import Game
from terrace_widget.advice import solver_hint
from terrace_widget.analysis import analyze, greedy_play, load_results
from terrace_widget.solver import solve

OPTIONS = ("klondike", "klondike-three-card", "klondike-no-redeal", "klondike-unlimited")
NAMES = {
    "klondike": "draw one,\\n2 redeals",
    "klondike-three-card": "draw three,\\nunlimited",
    "klondike-no-redeal": "draw one,\\nno redeal",
    "klondike-unlimited": "draw one,\\nunlimited",
}


FILES = (
    "klondike-options.jsonl",
    "klondike-one-redeal.jsonl",
    "klondike-give-up.jsonl",
    "klondike-lines.jsonl",
)
USE_SAVED = SAVED is not None and all((Path(SAVED) / name).exists() for name in FILES)


def saved(name):
    \"\"\"The rows of a file of the saved run, or None (no saved run, or SAVED = None).\"\"\"
    if not USE_SAVED:
        return None
    with open(Path(SAVED) / name) as file:
        return [json.loads(line) for line in file if line.strip()]
"""
        + STYLE
        + SOURCE_TEXT
    ),
    md("""
## 1. Don't give up

**The claim.** When no obvious move is left, the game often is *not* over: moves that look
pointless — a card brought back down from a foundation, a run moved from one pile to
another — can free the card you need.

**A stuck player.** `greedy_play` (from `terrace_widget.analysis`) is a simple,
deterministic player: it sends any card it can to a foundation, then moves that turn up a
face-down card, then a waste card to the tableau, then it deals, and it never goes back to
a position it has seen. It never brings a card down from a foundation and never moves a
run just to move it. When none of its moves is left, it stops: the position *looks* lost.

**A position.** The greedy player's game of `klondike#5` ends with 16 cards on the
foundations:
"""),
    code("""
g = Game("klondike", seed=5)
greedy = greedy_play(g)
for move in greedy.moves:
    g.play(move)
"""),
    ignore("g"),
    check("""
print(f"greedy: {len(greedy.moves)} moves, {greedy.score} cards up, status {greedy.status!r}")
rescue = solve(g, budget=100_000)
print("the solver from here:", rescue.verdict, f"({len(rescue.moves)} moves)")
print("its line begins:", " ".join(map(str, rescue.moves[:8])), "...")
print(solver_hint(g, seconds=None, budget=100_000).message)
"""),
    md("""
The way out begins by taking a card **back down from a foundation** — exactly what the
help suggests and what the greedy player never does. The position after the rescue's first
few moves:
"""),
    ignore("""
after = g.copy()
for move in rescue.moves[:4]:
    after.play(move)
after
"""),
    md("""
**How often?** `give_up_study` plays a deal greedily and, when the greedy player is stuck,
asks the solver whether the stuck position can still be won. The live sample:
"""),
    code(KLONDIKE_HELPERS),
    check("""
live_give_up = [give_up_study("klondike", seed, BUDGET) for seed in range(1, N_DEALS + 1)]
for row in live_give_up:
    print(
        f"klondike#{row['seed']}: greedy {row['greedy']:7} with {row['score']:2} cards up",
        f"-> from there: {row['verdict']}",
        f"(rescue of {row['rescue']} moves, {row['downs']} brought down)" if row["rescue"] else "",
    )
"""),
    ignore("""
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
        ax.barh(y, share, left=left, color=colour, hatch=hatch, edgecolor="white",
                label=name if y == 0 else None)
        if share >= 4:
            ax.text(left + share / 2, y, f"{share:.0f}%", ha="center", va="center", fontsize=9)
        left += share
    ax.text(101, y, f"n={n}", va="center", fontsize=8)
ax.set_yticks(range(len(variants)), [NAMES[v].replace("\\n", " ") for v in variants])
ax.invert_yaxis()
ax.set_xlim(0, 112)
ax.set_xlabel("share of deals (%)")
ax.set_title(f"Klondike: what became of the greedy player's games ({source})")
ax.legend(fontsize=8, ncol=2, loc="upper center", bbox_to_anchor=(0.5, -0.28))
fig.tight_layout()
plt.show()
"""),
    ignore("""
for variant in variants:
    stuck = [r for r in rows if r["variant"] == variant and r["greedy"] != "won"]
    decided = [r for r in stuck if r["verdict"] != "unknown"]
    alive = sum(r["verdict"] == "won" for r in decided)
    print(f"{variant}: {len(stuck)} stuck games, {len(decided)} decided,",
          f"{alive} of them still winnable ({100 * alive / max(1, len(decided)):.0f}%)")
"""),
    md("""
**What it says.** Most of the greedy player's stuck positions really are lost (red): the
deal was never winnable, or an earlier greedy move threw it away. But a real share of them
— the dark green part, printed above as a share of the stuck games — can still be won,
more often with draw three than with draw one. The help is right: before you give up, try
the moves that look useless, or ask the solver (`solver_hint(game)`, or
`advice.hint(game, "solver")`, which is what the table's hint button does in solver mode).

## 2. Bringing foundation cards back down

**The claim.** In Klondike, a foundation's top card may come back down onto the tableau.
It looks like a step backwards, but a card brought down can take the next lower card of the
other colour, and so free a pile.

**The measurement.** We count the winning lines that bring at least one card down: the
rescues above, and the solver's lines from the first position of won deals. The solver
tries such moves last, and only when some card could go onto the brought-down card at
once. (As in notebook 03: a winning line is one way to win, not the only one, so this
shows how often the move *helps*, not how often it is indispensable.)
"""),
    check("""
sample = analyze(OPTIONS, N_DEALS, BUDGET, executor=EXECUTOR, progress=False, as_frame=False)
live_lines = []
for r in sample:
    if r["verdict"] == "won" and r["variant"] in ("klondike", "klondike-three-card"):
        moves = solve(Game(r["variant"], seed=r["seed"]), budget=BUDGET).moves
        live_lines.append({"variant": r["variant"], "seed": r["seed"], "downs": downs(moves)})
print(f"{len(live_lines)} won deals in the live sample;",
      sum(line["downs"] > 0 for line in live_lines), "of their lines bring a card down")
"""),
    ignore("""
lines = saved("klondike-lines.jsonl") or live_lines
rows_ = saved("klondike-give-up.jsonl") or live_give_up
source = source_of(None if lines is live_lines else SAVED, lines, N_DEALS, BUDGET, "won deals")
groups = {
    "rescues of stuck\\ngreedy games": [
        r for r in rows_ if r["greedy"] != "won" and r["verdict"] == "won"
    ],
    "whole deals,\\ndraw one": [r for r in lines if r["variant"] == "klondike"],
    "whole deals,\\ndraw three": [r for r in lines if r["variant"] == "klondike-three-card"],
}
fig, ax = plt.subplots(figsize=(8, 3.8))
for x, group in enumerate(groups.values()):
    n, k = len(group), sum(r["downs"] > 0 for r in group)
    if not n:
        continue
    low, high = wilson_interval(k, n)
    ax.bar(x, 100 * k / n, color="#6a1b9a")
    ax.errorbar(x, 100 * k / n, yerr=[[100 * (k / n - low)], [100 * (high - k / n)]],
                color="black", capsize=4)
    ax.text(x, 100 * high + 2, f"{k} of {n}", ha="center", fontsize=8)
ax.set_xticks(range(len(groups)), list(groups))
ax.set_ylim(0, 100)
ax.set_ylabel("winning lines that bring a card down (%)")
ax.set_title(f"Klondike: foundation cards brought back down ({source})")
fig.tight_layout()
plt.show()
"""),
    md("""
**What it says.** Bringing cards down is not a last resort: most of the solver's winning
lines do it at least once, even though it tries those moves last, and so do about half of
the rescues of stuck games. That is the help's "using cards already in the Foundation":
a card brought down takes the next lower card of the other colour, and a pile comes free.

## 3. Draw one against draw three

**The claim.** Turning three cards at a time hides two of every three stock cards on each
pass, so draw three should be harder. But Aisleriot's draw three also has **unlimited**
redeals, while its default draw one has two.

Because a deal depends only on the seed and the number of packs, `klondike#7` and
`klondike-three-card#7` are the **same cards in the same order**: the four options are
compared on the very same deals. The live sample (computed in section 2):
"""),
    check("""
for seed in range(1, N_DEALS + 1):
    verdicts = {r["variant"]: r["verdict"] for r in sample if r["seed"] == seed}
    print(f"deal #{seed}:", "  ".join(f"{v.removeprefix('klondike-') or 'default'}={verdicts[v]}"
                                     for v in OPTIONS))
"""),
    ignore("""
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
"""),
    ignore("""
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
"""),
    md("""
**What it says.** Read each green bar as *at least* and green plus grey as *at most*: the
true share of winnable deals lies between. With unlimited redeals both ways, **draw three
is harder than draw one**, and the paired table shows it deal by deal: some deals that draw
one wins are proved lost with draw three (hidden cards that never come to the top of the
waste), while hardly any go the other way. The default, draw one with two redeals, and draw
one without a redeal are much harder for the solver to decide: the grey is where the budget
ran out, and no redeal at all is proved lost in a large share of the deals.

## 4. The value of each redeal

**The claim.** Each pass through the stock shows its cards again in the same order; a
redeal is a second chance for every card you could not play.

Aisleriot offers no option with exactly one redeal, but a position can be built: the same
deal with one of the default's two redeals already used (`Game.from_piles(...,
redeals_used=1)`). `redeal_game(seed, redeals)` (defined above) does that; the other three
points are the options of section 3.
"""),
    check("""
live_one = []
for seed in range(1, N_DEALS + 1):
    solution = solve(redeal_game(seed, 1), budget=BUDGET)
    live_one.append({"variant": "klondike", "seed": seed, "verdict": solution.verdict})
print("one redeal:", " ".join(f"#{r['seed']}={r['verdict']}" for r in live_one))
print("same deal as klondike#1:", redeal_game(1, 1).piles == Game("klondike", seed=1).piles)
print("redeals left:", [redeal_game(1, k).redeals_left for k in (0, 1, 2, None)])
"""),
    ignore("""
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
ax.fill_between(xs, won, upper, color=COLOURS["unknown"], alpha=0.6, hatch="//",
                label="unknown: winnable or not")
ax.errorbar(xs, won, yerr=[low, high], color=COLOURS["won"], marker="o", capsize=4,
            label="won (95% interval)")
ax.plot(xs, upper, color="#757575", marker="^", linestyle="--", label="won + unknown: at most")
ax.set_xticks(xs, list(points))
ax.set_xlabel("redeals allowed (draw one)")
ax.set_ylabel("share of deals (%)")
ax.set_ylim(0, 100)
ax.set_title(f"Klondike draw one: what each redeal is worth ({source})")
ax.legend(fontsize=8, loc="lower right")
fig.tight_layout()
plt.show()
"""),
    md("""
**What it says.** The solid result is at the top: one minus the dashed line is the share
of deals *proved* lost. Without a redeal that share is large; a single redeal removes
nearly all of it, and further redeals have little left to remove. The green line — deals
the solver actually won — rises with every redeal, but part of that rise is the solver's
budget: limited redeals are hard for it to decide, and the grey band between the two lines
is what it left open. The first redeal is worth the most.

## Summary

* **Don't give up**: a stuck position is usually lost, but not always; about half of the
  rescues bring a foundation card back down.
* **Bring cards down**: most winning lines do it at least once.
* **Draw three** is harder than draw one, on the same deals and with the same unlimited
  redeals.
* **Redeals**: the first one removes nearly all the proved losses; the others add little.
"""),
    md(where_next("04")),
]


# ------------------------------------------------------------------ 05 analyses

ANALYSES = [
    md("""
# Analyses: how winnable is each game?

Every number in this notebook comes from `terrace_widget.analysis.analyze`, which solves
(or plays greedily) many deals and returns one record per deal. You will learn to read
such a study honestly, in five figures:

1. **winnability per game**, with 95% confidence intervals — and what to do with the deals
   the solver could not decide;
2. **the base-card choice** in Terrace: how many of the four candidates win a deal;
3. **solution lengths**: how many moves a win takes;
4. **a greedy player against the solver** on the same deals;
5. **the scores** the greedy player reaches.

**Three verdicts.** The solver answers `won` (a winning line found), `unwinnable` (the
whole reachable space searched) or `unknown` (the node budget ran out). An `unknown` deal
is neither a win nor a loss, so the true share of winnable deals lies **between** the won
share and the won-plus-unknown share; the figures show both.

**Where the figures come from.** The full figures come from a saved run,
`notebooks/data/winnability.jsonl` (`analyze`'s cache format: every record keeps its node
budget), written by

    python benchmarks/winnability.py --deals 1000 --budget 100000 \\
        --cache notebooks/data/winnability.jsonl

When that file is missing (or `RESULTS = None`), the notebook solves a **small live
sample** instead (`N_DEALS` deals per game at `BUDGET` nodes: what the tests run), and
every figure says so in its title.
"""),
    code(
        """
# Parameters (papermill-style: this cell is tagged "parameters")
N_DEALS = 5  # deals per game of the live sample (used when there are no saved results)
BUDGET = 20_000  # solver nodes per deal in the live sample
N_GREEDY = 40  # deals per game for the greedy player when the saved run has none
EXECUTOR = "serial"  # analyze() in this process; None: one process per core
RESULTS = "data/winnability.jsonl"  # the saved full run (None: the live sample)
# Every candidate base card solved: the first of these files that exists (None: live sample)
BASES = ("data/winnability-bases.jsonl", "data/terrace-bases.jsonl")
""",
        tags=["parameters"],
    ),
    code(
        """
from collections import Counter
from pathlib import Path

from IPython.display import Markdown

from terrace_widget import VARIANTS
from terrace_widget.analysis import analyze, load_results, markdown_table, summarize
"""
        + STYLE
        + """

def label(variant):
    \"\"\"A short name: the game, and for Klondike the cards per click and the redeals.\"\"\"
    rules = VARIANTS[variant]
    if rules.family != "klondike":
        return rules.name
    redeals = "unlimited" if rules.redeals is None else rules.redeals
    return f"Klondike, draw {rules.deal_count}, redeals {redeals}"
"""
    ),
    md("""
## The records

One record per deal (and player): the verdict, the length of the winning line, the nodes
searched, the node budget, and for Terrace and General's Patience the base card.
"""),
    code("""
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
"""),
    check("""
sample = analyze(
    "klondike-three-card", 3, BUDGET, executor=EXECUTOR, progress=False, as_frame=False
)
print({key: sample[0][key] for key in ("variant", "seed", "player", "verdict", "length", "budget")})
"""),
    md("""
`summarize` turns the records into one row per game: counts, the won share with its 95%
Wilson interval, and the interval the true winnability lies in.
"""),
    ignore("""
summary = summarize([r for r in solved if r["base_mode"] != "each"], as_frame=False)
order = [v for v in VARIANTS if any(s["variant"] == v for s in summary)]
summary = sorted(summary, key=lambda s: order.index(s["variant"]))
Markdown(markdown_table(summary))
"""),
    md("""
## 1. Winnability per game

The green bar is the share of deals the solver won, with its 95% interval (black); the
grey, hatched part is the share it could not decide. The true winnability lies somewhere
over the green and grey together: at least the green, at most green plus grey.
"""),
    ignore("""
fig, ax = plt.subplots(figsize=(9, 5.5))
labels = [label(s["variant"]) for s in summary]
ys = range(len(summary))
won = [100 * s["won_share"] for s in summary]
unknown = [100 * (s["winnable_high"] - s["winnable_low"]) for s in summary]
ax.barh(ys, won, color=COLOURS["won"], label=LABELS["won"])
ax.barh(ys, unknown, left=won, color=COLOURS["unknown"], hatch="//", edgecolor="white",
        label=LABELS["unknown"])
ax.errorbar(won, ys, xerr=[[w - 100 * s["won_ci_low"] for w, s in zip(won, summary, strict=True)],
                           [100 * s["won_ci_high"] - w for w, s in zip(won, summary, strict=True)]],
            fmt="none", color="black", capsize=3)
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
"""),
    md("""
A wide grey part means the
budget was too small for that game: General's Patience, Redheads and Klondike with few
redeals keep many deals undecided, while Terrace and Klondike with draw three are decided
almost always. To narrow the intervals, raise the
budget; to narrow the black whiskers, add deals.

## 2. The base card: how many of the four win?

In Terrace and General's Patience the player chooses the base from four cards. With every
candidate solved (`analyze(..., bases="each")`), we count for each deal how many of its
candidates win. A deal where some win and some do not is one where **the choice decides
the game**.
"""),
    ignore("""
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
"""),
    md("""
Deals with no winning base include the undecided ones: at a larger budget some would move
right. (A deal whose candidates include the same card twice has only three distinct
choices.) Notebook 03 shows *which* base cards win in Terrace: those whose rank is not
buried deep in the reserve.

## 3. Solution lengths

How many moves does the solver's winning line take? A Terrace win plays all 104 cards
(each dealt, then moved once or more), a Klondike win 52; every click on the stock counts
as one move.
"""),
    ignore("""
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
"""),
    md("""
**What it says.** A Terrace-family win takes well over twice as many moves as a Klondike
win: twice the cards, and every stock card is dealt with a click of its own.

## 4. A greedy player against the solver

`greedy_play` is a simple deterministic player (cards to the foundations first, then moves
that free a card, then the waste, then a deal; notebook 04 describes it). It runs in a few
milliseconds, so it plays the same deals as the solver. Its failures prove nothing about
the deal: they count as `unknown`.
"""),
    ignore("""
greedy = [r for r in records if r["player"] == "greedy"]
if greedy:
    greedy_source = SOURCE
else:
    n_greedy = min(N_GREEDY, max(Counter(r["variant"] for r in solved).values()))
    greedy = analyze("all", n_greedy, player="greedy", executor=EXECUTOR, progress=False,
                     as_frame=False)
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
"""),
    md("""
**What it says.** Looking ahead is worth a great deal: in every game the solver, even with
a budget, wins several times as many deals as the greedy player, which wins only the odd
easy deal (and none at all in the hardest games).

## 5. Scores reached

The greedy player's score is the number of cards it got onto the foundations: how far a
game goes without any look-ahead (the box holds the middle half of the deals, the line is
the median, the triangle the mean). The solver's won deals reach 100%.
"""),
    ignore("""
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
"""),
    md("""
**What it says.** The greedy player gets furthest in Terrace and least far in Klondike,
where the cards it needs lie face down, and in General's Patience, whose foundations take
only cards of their own suit.
A high score is not a win: most of the greedy player's Terrace games end two thirds of the
way there.

## Reproduce and extend

* `analyze(games, seeds, budget, cache="my-run.jsonl")` appends each record to the cache as
  soon as it is done: an interrupted run resumes where it stopped, and a second call reads
  the file instead of solving again.
* `executor=None` uses every core; any `concurrent.futures.Executor` works (a Dask
  client's `get_executor()` spreads a study over a cluster).
* `summarize(records)` and `markdown_table(...)` give the table above; `load_results(path)`
  reads a cache file back.
"""),
    md(where_next("05")),
]


NOTEBOOK_CELLS = {
    "03-terrace-strategy.ipynb": TERRACE,
    "04-klondike-strategy.ipynb": KLONDIKE,
    "05-analyses.ipynb": ANALYSES,
}


def execute(path: Path) -> None:
    """Run a notebook in place (from its folder, as nbval does), without timing metadata."""
    import nbformat
    from nbconvert.preprocessors import ExecutePreprocessor

    nb = nbformat.read(path, as_version=4)
    ExecutePreprocessor(timeout=1200, record_timing=False).preprocess(
        nb, {"metadata": {"path": str(path.parent)}}
    )
    nbformat.write(nb, path)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("notebooks", nargs="*", help="names (default: all three)")
    parser.add_argument("--execute", action="store_true", help="run them in place afterwards")
    parser.add_argument("--data", action="store_true", help="recompute notebooks/data/ first")
    parser.add_argument("--workers", default="serial", help="'serial' or a number of processes")
    args = parser.parse_args(argv)
    if args.data:
        workers: object = args.workers if args.workers == "serial" else int(args.workers)
        DATA.mkdir(exist_ok=True)
        make_terrace_data(TERRACE_DEALS, TERRACE_BUDGET, workers)
        make_klondike_data(KLONDIKE_DEALS, KLONDIKE_BUDGET, workers)
    for name in args.notebooks or list(NOTEBOOK_CELLS):
        cells = NOTEBOOK_CELLS[name]
        for i, cell in enumerate(cells):
            cell["id"] = f"{name[:2]}-{i:02d}"  # stable ids: a regenerated notebook diffs cleanly
        path = write(name, cells)
        print(f"wrote {path}")
        if args.execute:
            start = time.perf_counter()
            execute(path)
            print(f"executed {path.name} in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    sys.exit(main())

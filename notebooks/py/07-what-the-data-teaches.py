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
# # What the data teaches: two Terrace rules no help page gives
#
# Lesson 03 played the four tips of Aisleriot's Terrace help. A simple player that
# follows all four wins about one Terrace deal in nine. A player that looks a few moves
# ahead in the worlds of cards it cannot see wins about one in three. The knowledge
# between the two is in no help page, so it was looked for in the data: rules a person can
# apply from what they see, each measured on the same 2,000 deals played with it and
# without it.
#
# Two rules were kept:
#
# 1. **Choose a base the reserve can climb** (`reserve-base`);
# 2. **Guard the reserve's stuck card** (`guard-reserve`).
#
# Each gets the same steps as the tips of lesson 03:
#
# * **the idea**, with a deal where it helped *and* one where it hurt;
# * **what it is worth**, with the count of deals it won and lost and a 95% interval
#   corrected for testing several rules at once (Holm's method);
# * **an exercise** that checks your answer, with its solution behind a button;
# * **a drill**: positions from real deals on a live table, your move judged at once by
#   what it does (✓ or ✗, with the reason), a hint ladder that costs stars, and the
#   counts of deals the rule won and lost.
#
# **How the rules were measured.** The players here see only what you see
# (`Game.observation()`: never the stock or a face-down card). `RulePlayer` plays a plain
# order of moves (cards to the foundations first) that the rules change; the same deals
# are played with the two found rules, without one of them, with the help's four tips, and
# with no rule at all. The command and the versions are printed with each figure.

# %%
from terrace_widget import Game, play
from terrace_widget.fair import strategy as st
from terrace_widget.fair.found_rules import release_levels, reserve_base, stuck_cards
from terrace_widget.lessons import check_answer, drill, reveal
from terrace_widget.lessons.drills import stage
from terrace_widget.studies.strategy_search import load_summary

# %%
summary = load_summary("data/found-rules-summary.json")
print("made by:", summary["command"].split(" --")[0], "…")
print(f"RulePlayer version {summary['player_version']}, study version {summary['study_version']}")

# %% [markdown]
# ## The gap, in numbers

# %%
# NBVAL_CHECK_OUTPUT
terrace = next(row for row in summary["rates"] if row["spec"] == "terrace")
print(f"Terrace deals 1-{terrace['found']['deals']:,}, each played by every player:")
for label, key in (
    ("no rule at all", "none"),
    ("the help's four tips", "help"),
    ("the two found rules", "found"),
):
    r = terrace[key]
    print(f"  {label:22} {r['rate']:6.1%} won (95% {r['low']:.1%} to {r['high']:.1%})")
ahead = summary["ceiling"][0]
print(
    f"Deals 1-{ahead['deals']}: the look-ahead player ({ahead['player']}) wins "
    f"{ahead['ahead']:.1%}, the found rules {ahead['found']:.1%}: a gap of "
    f"{100 * ahead['gap']:+.1f} points "
    f"(95% {100 * ahead['low']:+.1f} to {100 * ahead['high']:+.1f})"
)

# %% [markdown]
# The two rules triple the help's rate, and on the deals where the look-ahead player was
# measured they leave no clear difference to it (the interval contains 0). Note that the
# help's four tips do *worse* than no rule at all for this player: lesson 03 showed why
# (starting piles with the rank below the base keeps the stock locked).

# %% [markdown]
# ## Rule 1: choose a base the reserve can climb
#
# The help says: *avoid base cards that have several buried in the reserve.* It counts
# only the cards of the base's rank. The found rule reads the reserve's **top five
# cards**, the ones that block the rest, and asks of each: how high must the foundations
# climb before this card can go up? A card can go up only after every card lying on it,
# so its **wait** is the highest place above the base among it and the cards on it (the
# base rank is place 0, the next rank place 1, … up to 12). Add the five waits; **choose
# the candidate with the smallest sum.**
#
# Deal 1, where the rule helped: the player with it won, the same player without it lost.

# %%
# NBVAL_IGNORE_OUTPUT
w1 = play(game=Game("terrace", seed=1))
w1


# %%
# NBVAL_CHECK_OUTPUT
def read_the_reserve(seed):
    """Each candidate base's waits for the reserve's top five cards, and the two picks."""
    obs = Game("terrace", seed=seed).observation()
    reserve = obs["piles"]["reserve"]
    print("the reserve's top five, top first:", " ".join(st.show(c) for c in reserve[:-6:-1]))
    for reading in st.base_readings(obs):
        waits = release_levels(reserve, reading.rank)[:5]
        print(
            f"  base {st.show(reading.card):4} waits {' + '.join(map(str, waits))} = {sum(waits)}"
        )
    print(f"the help's tip picks {st.show(st.tip_base(obs).card)}, "
          f"the found rule {st.show(reserve_base(obs).card)}")  # fmt: skip


read_the_reserve(1)

# %% [markdown]
# With base A♥ the top card 5♣ waits for place 4 (A 2 3 4 **5**), and everything under it
# waits for the 9♣ (place 8). Under the help's 10♥ the 5♣ is place 8 and the 9♣ under it
# place 12, the very last: that reserve would stay shut nearly to the end.
#
# **Where it hurts.** Deal 4: the rule picks 3♣, whose first reserve card goes up at
# once (wait 0), over the help's 4♠. Here the player with the rule lost and the one
# without it won.

# %%
# NBVAL_CHECK_OUTPUT
read_the_reserve(4)

# %% [markdown]
# Over all 2,000 deals (the found set against the found set without this rule, the same
# deals, a paired comparison):


# %%
# NBVAL_CHECK_OUTPUT
def worth(rule, game="terrace"):
    r = next(r for r in summary["records"]
             if r["spec"] == game and r["effect"] == rule and r["with"] == "found")  # fmt: skip
    clear = "a clear effect" if r["clear"] else "no clear difference"
    print(f"{game}, {rule}: won {r['helps']} deals only with it and {r['hurts']} only "
          f"without it, of {r['deals']:,}; {100 * r['difference']:+.1f} points (Holm-corrected "
          f"95% {100 * r['low']:+.1f} to {100 * r['high']:+.1f}): {clear}")  # fmt: skip


worth("reserve-base")

# %% [markdown]
# **Exercise 1.** Deal 24: which base does the found rule pick? Read the reserve yourself
# on the table below (the top card is the one on the right), then write the card (such as
# `"KD"` or `"K♦"`) and run the cell under it.

# %%
# NBVAL_IGNORE_OUTPUT
play(game=Game("terrace", seed=24))

# %%
answer_1 = ""  # the found rule's base card on deal 24

# %%
print(check_answer(answer_1, reserve_base(Game("terrace", seed=24).observation()).card))

# %% jupyter={"source_hidden": true}
# NBVAL_IGNORE_OUTPUT
from contextlib import redirect_stdout
from io import StringIO

with redirect_stdout(StringIO()) as solution_1:
    read_the_reserve(24)
reveal(solution_1.getvalue() + "The nine's sum is the smallest: its five waits are all 9 "
       "or below, where every other candidate leaves a card at place 10 or more.")  # fmt: skip

# %% [markdown]
# **Drill: a base the reserve can climb.** Five positions from deals the rule decided,
# won and lost; the help's own base tip has its drill in lesson 03 (`drill("terrace-base")`).
# Side by side, the two drills' counts:

# %%
# NBVAL_CHECK_OUTPUT
for stage_id in ("terrace-base", "terrace-reserve-base"):
    print(f"{stage_id}: {stage(stage_id).counts_text}\n")

# %%
# NBVAL_IGNORE_OUTPUT
drill("terrace-reserve-base")

# %% [markdown]
# ## Rule 2: guard the reserve's stuck card
#
# Sometimes a reserve card lies on a card it needs first: 6♣ on 5♦ when the foundations
# build 5♦ then 6♣. The 5♦ must go up before the 6♣ can move, and then the 6♣ needs a
# foundation *already past* the 5♦. So only a foundation that is past that place can ever
# take it, and those are few. The rule: **while few foundations can take the stuck card,
# put no other card of its rank and colour on them before you deal.** Keep one for it.
#
# The drill's first position, from a deal the rule won: `stuck_cards` lists each stuck
# reserve card with the place it waits past.

# %%
# NBVAL_IGNORE_OUTPUT
guard = stage("terrace-guard-reserve")
first = next(p for p in guard.positions if p.kind == "helped")
w2 = play(game=first.game())
w2

# %%
# NBVAL_CHECK_OUTPUT
obs = first.game().observation()
for card, past in stuck_cards(obs, "reserve"):
    print(f"{st.show(card)} in the reserve waits for a foundation past place {past}")
print(f"the rule plays {first.idea_move}; without it the player plays {first.other_move}")

# %% [markdown]
# What is each move worth here? The drill judges a move by its **fair value**: the share
# of the deals that fit what you see (32 of them, the unseen cards shuffled) that a fair
# player wins after it. For the found rules' stages that player is the one that plays the
# found rules, so that a foundation kept is a foundation used.

# %%
# NBVAL_CHECK_OUTPUT
values = first.values(obs)
for label, move in (("the rule's move", first.idea_move), ("the other move", first.other_move)):
    print(f"{label:16} {move:9} {values.grade(move).describe()}")

# %% [markdown]
# In this deal, which the rule won, the fair value leans to the *other* move (91% against
# 75%), though not clearly: the rule's move is still graded good. A rule is a bet that
# pays over many deals, not a verdict on every position. Over all of them:

# %%
# NBVAL_CHECK_OUTPUT
worth("guard-reserve")
agree = sum(p.values(p.game().observation()).grade(p.idea_move).label in ("best", "good")
            for p in guard.positions)  # fmt: skip
print(f"in {agree} of the drill's {len(guard.positions)} positions the fair value rates the "
      "rule's move best or not clearly worse than the best")  # fmt: skip

# %% [markdown]
# **Exercise 2.** In the drill's position above, which foundation should be kept? Write
# the foundation (such as `"f3"`) and run the cell under it.

# %%
answer_2 = ""  # the foundation the rule keeps


# %%
def kept(position):
    """The foundation the other move fills and the rule's move leaves free."""
    return position.other_move.partition("-")[2]


print(check_answer(answer_2, kept(first)))

# %% jupyter={"source_hidden": true}
# NBVAL_IGNORE_OUTPUT
reveal(f"The player without the rule plays {first.other_move}, onto {kept(first)}, one of "
       "the few foundations the stuck card can still go to. The rule plays "
       f"{first.idea_move} instead and keeps {kept(first)} for it.")  # fmt: skip

# %% [markdown]
# **Drill: guard the stuck card.** Judge each position on its own: your move is credited
# for its fair value, whether or not it follows the rule.

# %%
# NBVAL_IGNORE_OUTPUT
drill("terrace-guard-reserve")

# %% [markdown]
# ## The help's reversed runs, in versions
#
# The help also says: *watch for reversed sequences in the stock, reserve a foundation to
# remove each reversed sequence.* Lesson 03 measured it as a cost. Is there a version of
# it that helps? Seven were played on top of the found rules (where the run lies, how
# strictly the foundation is kept):

# %%
# NBVAL_CHECK_OUTPUT
for r in summary["records"]:
    if r["spec"] == "terrace" and r["effect"].startswith("rev-"):
        verdict = "clear" if r["clear"] else "no clear difference"
        print(f"{r['effect']:15} won {r['helps']:3} only with it, {r['hurts']:3} only without: "
              f"{100 * r['difference']:+.1f} points ({100 * r['low']:+.1f} to "
              f"{100 * r['high']:+.1f}), {verdict}")  # fmt: skip

# %% [markdown]
# No version helps. Keeping the last foundation for a run as the help says it costs about
# two points; the gentler versions make no clear difference. So: **watch for the runs, but
# do not hold a foundation back for them.** A run comes off the waste in its own time; a
# foundation kept empty for it is a foundation the other cards cannot use.

# %% [markdown]
# ## In the other Terrace games
#
# The same rules on 300 deals of each sibling (the base rule applies only where you
# choose the base):

# %%
# NBVAL_CHECK_OUTPUT
for r in summary["records"]:
    if r["spec"] != "terrace" and r["with"] == "found":
        verdict = "clear" if r["clear"] else "no clear difference"
        print(f"{r['spec']:22} {r['effect']:14} {r['helps']:3} helped, {r['hurts']:3} hurt: "
              f"{100 * r['difference']:+.1f} ({100 * r['low']:+.1f} to {100 * r['high']:+.1f}), "
              f"{verdict}")  # fmt: skip

# %% [markdown]
# The guard helps in Falling Stars, Wood and Signora, and **hurts in Redheads**, whose
# reserve refills the spaces by itself: there the stuck card comes free another way, and
# a foundation kept for it is only lost. A rule is worth what it does in *your* game.
#
# ## Where next
#
# * [03-terrace-strategy.ipynb](03-terrace-strategy.ipynb): the help's four tips, played
# * [05-analyses.ipynb](05-analyses.ipynb): the found rules' figure, and how winnable every game is
# * [06-scripting-and-agents.ipynb](06-scripting-and-agents.ipynb): write your own player
#   with these rules (`RulePlayer(FOUND_SET)`) and run a tournament

"""The figures and tables of notebook 05 (terrace_widget.studies.plots), on made-up records."""

from __future__ import annotations

from math import comb
from typing import Any

import matplotlib
import pytest

from terrace_widget.studies import plots
from terrace_widget.studies.analysis import FIELDS, summarize

matplotlib.use("Agg")


def record(variant: str, seed: int, verdict: str, nodes: int, **more: Any) -> dict[str, Any]:
    """A solver record with the fields of analysis.FIELDS."""
    r: dict[str, Any] = dict.fromkeys(FIELDS)
    r.update(variant=variant, seed=seed, player="solver", verdict=verdict, nodes=nodes,
             budget=10_000, solver_version="7", seconds=0.01,
             length=150 if verdict == "won" else None)  # fmt: skip
    r.update(more)
    return r


# Klondike: 6 won (at 10, 100, ... nodes), 2 proved lost, 2 undecided; Wood: 9 won, 1 lost.
KLONDIKE = [record("klondike", s, "won", 10 * s) for s in range(1, 7)]
KLONDIKE += [record("klondike", 7, "unwinnable", 50), record("klondike", 8, "unwinnable", 5000)]
KLONDIKE += [record("klondike", s, "unknown", 10_000) for s in (9, 10)]
WOOD = [record("wood", s, "won", 100) for s in range(1, 10)] + [record("wood", 10, "unwinnable", 5)]


def test_labels_and_source_notes_say_the_version_budget_and_deals() -> None:
    assert plots.game_label("klondike") == "Klondike, draw 1, redeals 2"
    assert plots.game_label("klondike-unlimited") == "Klondike, draw 1, redeals unlimited"
    assert plots.game_label("wood") == "Wood"
    note = plots.source_note(KLONDIKE + WOOD)
    assert note == "solver v7, 10,000 nodes, 10 deals per game"
    greedy = [dict(r, player="greedy", budget=None) for r in KLONDIKE[:4]]
    assert plots.source_note(greedy) == "greedy player, 4 deals per game"
    assert "3–10 deals" in plots.source_note(KLONDIKE + WOOD[:3])
    with pytest.raises(ValueError, match="no records"):
        plots.source_note([])


def exact_coverage(n: int, k: int) -> float:
    """The chance that x(k) <= median <= x(n + 1 - k) for n values of any distribution."""
    return 1 - 2 * sum(comb(n, i) for i in range(k)) / 2**n


@pytest.mark.parametrize("n", [6, 9, 10, 50, 51, 200])
def test_the_median_interval_is_the_narrowest_with_95_percent(n: int) -> None:
    values = [float(v) for v in range(1, n + 1)]
    median, low, high = plots.median_interval(values[::-1])
    assert median == (n + 1) / 2
    k = int(low)  # the values are their own ranks
    assert high == n + 1 - k
    assert exact_coverage(n, k) >= 0.95 > exact_coverage(n, k + 1)


def test_the_median_interval_of_few_values_is_their_range() -> None:
    assert plots.median_interval([3, 1, 2]) == (2, 1, 3)
    assert plots.median_interval([7]) == (7, 7, 7)
    with pytest.raises(ValueError, match="no values"):
        plots.median_interval([])


def test_the_ranking_puts_the_hardest_first_and_ranks_only_what_the_intervals_allow() -> None:
    hard = [record("generals-patience", s, "won" if s < 3 else "unwinnable", 9) for s in range(60)]
    rows = plots.ranking(summarize(KLONDIKE + WOOD + hard, as_frame=False))
    assert [r["variant"] for r in rows] == ["generals-patience", "klondike", "wood"]
    gp, klondike, _ = rows
    assert (gp["rank_low"], gp["rank_high"]) == (1, 1)  # 60 deals: surely below the others
    assert (klondike["rank_low"], klondike["rank_high"]) == (2, 3)  # 10 deals: a tie
    assert klondike["lost_share"] == 0.2 and klondike["unknown_share"] == 0.2
    table = plots.ranking_table(rows, {"klondike": "7", "wood": "7"})
    assert "| 2–3 | Klondike, draw 1, redeals 2 | 10 | 60.0% | 20.0% | 20.0% | 60.0%–80.0% |" in (
        table
    )
    assert "| v? | 10,000 |" in table  # General's Patience: no version given
    answer = plots.ranking_answer(rows)
    assert answer.startswith("Hardest: General's Patience") and "no other game" in answer
    assert "Easiest: Wood" in answer and "overlap those of: Klondike" in answer
    ax = plots.winnability_bars(rows, title="t")
    assert len(ax.patches) == 9  # three verdicts for each of three games
    with pytest.raises(ValueError):
        plots.winnability_bars([])


def test_winning_bases_count_the_winning_candidates_per_deal() -> None:
    each = [record("terrace", 1, v, 9, base_mode="each") for v in ("won", "won", "unknown")]
    each += [record("terrace", 2, "unwinnable", 9, base_mode="each")] * 4
    counts = plots.winning_bases(each)
    assert counts == {"terrace": [1, 0, 1, 0, 0]}
    ax = plots.winning_bases_bars(counts)
    assert len(ax.patches) == 5


def test_length_rows_count_the_lines_with_and_without_the_stock_clicks() -> None:
    lines = [{"variant": "klondike", "length": 150 + i, "deals": 60 + i} for i in range(9)]
    (row,) = plots.length_rows(lines)
    assert row["lines"] == 9
    assert row["with_clicks"] == (154, 151, 157)
    assert row["without_clicks"] == (90, 90, 90)
    assert row["clicks"][0] == 64
    assert "| Klondike, draw 1, redeals 2 | 9 | 154 (151–157) | 64 (61–67) | 90 (90–90) |" in (
        plots.length_table([row])
    )
    ax = plots.length_boxes(lines)
    assert [t.get_text() for t in ax.get_legend().get_texts()] == [
        "all moves, stock clicks included",
        "without the stock clicks",
    ]


def test_budget_curves_count_the_deals_decided_within_each_budget() -> None:
    curves = plots.budget_curves(KLONDIKE, [10, 55, 10_000])
    won = [p[0] for p in curves["klondike"]["won"]]
    decided = [p[0] for p in curves["klondike"]["decided"]]
    assert won == [0.1, 0.5, 0.6]
    assert decided == [0.1, 0.6, 0.8]  # the lost deal #7 took 50 nodes, #8 5,000
    share, low, high = curves["klondike"]["won"][1]
    assert low < share < high
    with pytest.raises(ValueError, match="below a budget"):
        plots.budget_curves(KLONDIKE, [100_000])
    axes = plots.budget_plot(curves, [10, 55, 10_000], title="t")
    assert len(axes) == 2 and axes[0].get_xscale() == "log"


def test_budget_check_predicts_from_the_nodes_and_lists_the_misses() -> None:
    rerun = [
        record("klondike", 1, "won", 10, budget=45),
        record("klondike", 5, "won", 40, budget=45),
    ]
    rerun.append(record("klondike", 7, "unknown", 45, budget=45))
    rerun.append(record("klondike", 9, "won", 50, budget=50_000))  # above the saved budget
    (row,) = plots.budget_check(KLONDIKE, rerun)
    assert (row["budget"], row["deals"], row["agree"]) == (45, 3, 2)
    assert row["differ"] == [("klondike", 5, "unknown", "won")]  # #5 took 50 nodes at 10,000, #7 50


def test_a_player_against_the_solver_keeps_the_undecided_apart() -> None:
    won = {("klondike", s): s in (1, 9) for s in range(1, 11)}  # a win the solver left open
    won[("wood", 99)] = True  # no solver record: not paired
    (row,) = plots.against_solver(won, KLONDIKE)
    assert row["deals"] == 10 and row["player"][0] == 0.2
    assert row["solver_won"][0] == 0.6 and row["solver_unknown"][0] == 0.2
    assert row["player_won_undecided"] == 1
    assert row["player_won_lost"] == 0
    assert row["gap_low"][0] == pytest.approx(0.5)  # deals 2-6 known winnable, lost by the player
    assert row["gap_high"][0] == pytest.approx(0.6)  # ... and deal 10, not proved lost
    assert row["decided"] == 8 and row["player_decided"][0] == 1 / 8
    assert row["solver_decided"][0] == 6 / 8
    note = plots.against_solver_note([row], "fair player")
    assert note == (
        "Deals the fair player won and the solver left undecided: 1 (Klondike, draw 1, "
        "redeals 2: 1)\nDeals the fair player won and the solver proved lost: 0"
    )
    table = plots.against_solver_table([row], "fair player")
    assert "| 20.0% (5.7%–51.0%) | 60.0% (31.3%–83.2%) | 20.0% | 50.0% – 60.0% (" in table
    ax = plots.against_solver_bars([row], player="fair player")
    assert len(ax.patches) == 4  # the solver's three verdicts and the player's bar
    with pytest.raises(ValueError, match="no paired deals"):
        plots.against_solver_bars([], player="p")


def test_score_boxes_draw_one_box_per_game() -> None:
    greedy = [dict(r, score=26) for r in KLONDIKE] + [dict(r, score=104) for r in WOOD]
    ax = plots.score_boxes(greedy)
    assert [t.get_text() for t in ax.get_xticklabels()] == ["Klondike, draw 1, redeals 2", "Wood"]
    assert ax.get_ylim() == (0, 102)


def test_statistics_bars_show_each_game_played_with_its_interval() -> None:
    figures = {
        "klondike": {"played": 10, "won": 4, "clean": 3},
        "wood": {"played": 0, "won": 0, "clean": 0},
        "terrace": {"played": 2, "won": 2, "clean": 0},
    }
    ax = plots.statistics_bars(figures)
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert labels == ["Klondike, draw 1, redeals 2", "Terrace"]  # top first; wood unplayed
    texts = sorted(t.get_text() for t in ax.texts)
    assert texts == ["2/2 won, 0 clean", "4/10 won, 3 clean"]
    widths = sorted(p.get_width() for p in ax.patches)
    assert widths == [40.0, 100.0]
    with pytest.raises(ValueError, match="no game played"):
        plots.statistics_bars({"wood": {"played": 0, "won": 0, "clean": 0}})

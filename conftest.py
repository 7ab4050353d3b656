"""The test tiers, for every item pytest collects (tests/, notebooks/, README.md).

Markers (registered in pyproject.toml), given here by path and fixture so that a new test
lands in the right tier without a decorator:

* ``browser``: everything under ``tests/browser/`` (real Chromium against real servers);
* ``oracle``: every test that uses the ``oracle`` fixture (GNOME Aisleriot run headless);
* ``slow``: the notebooks (nbval cells), and the tests listed in :data:`SLOW` below;
* ``network``: tests that need the package index (listed in :data:`NETWORK`).

The developer's loop is the fast tier, under a minute:
``python -m pytest -m "not slow and not browser and not oracle"`` (or ``bash run.sh fast``).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent / "tests"

# The tests run the pure-Python engine and search (what JupyterLite and the wheel run), also
# in notebook kernels and subprocesses, even where run.sh setup built the compiled ones;
# tests/test_compiled.py checks those against it. TERRACE_WIDGET_PURE=0 runs the suite on
# the compiled build instead (terrace_widget/compiled.py).
os.environ.setdefault("TERRACE_WIDGET_PURE", "1")
# Tables record their games in the statistics file (game/statistics.py): the tests' go to a
# file of their own, never the user's, also in notebook kernels and servers they start.
os.environ.setdefault(
    "TERRACE_WIDGET_STATISTICS",
    os.path.join(tempfile.mkdtemp(prefix="terrace-statistics-"), "statistics.json"),
)

# The tests left out of the fast tier for their time: every test over about 0.7 s on this
# project's 2-core machine under the load of several agents (load average 8; about 1 s at
# load 13, 0.2 s idle), from pytest --durations runs, plus the Hypothesis state machine
# (8 s idle). "file::test" names all its parameters, "file::test[parameter]" one.
SLOW = frozenset(
    {
        "file::test",
        "file::test[parameter]",
        "test_advice.py::test_fair_advice_does_not_depend_on_where_the_hidden_cards_are[klondike-three-card]",
        "test_advice.py::test_fair_advice_does_not_depend_on_where_the_hidden_cards_are[klondike]",
        "test_advice.py::test_following_the_hints_wins",
        "test_advice.py::test_post_mortem_finds_the_losing_move",
        "test_advice.py::test_solve_fair_credits_first_moves_deterministically",
        "test_advice.py::test_the_fair_hint_uses_only_what_the_player_sees",
        "test_analysis.py::test_a_corrupt_cache_is_recovered",
        "test_analysis.py::test_a_local_dask_cluster_gives_the_serial_records",
        "test_analysis.py::test_an_executor_is_used_as_is_and_left_open",
        "test_analysis.py::test_cache_hits_return_the_same_records",
        "test_analysis.py::test_frames",
        "test_analysis.py::test_greedy_records_and_base_choice",
        "test_analysis.py::test_process_pool_gives_the_serial_records",
        "test_analysis.py::test_records_are_deterministic_and_ordered",
        "test_analysis.py::test_won_lines_replay",
        "test_binder.py::test_binder_requirements_install_in_a_clean_venv",
        "test_coach.py::test_the_coach_marks_only_visible_cards",
        "test_coach.py::test_the_coach_says_the_same_whatever_the_hidden_cards[signora-3]",
        "test_coach.py::test_the_coach_says_the_same_whatever_the_hidden_cards[terrace-11]",
        "test_conformance.py::TestGameMachine",
        "test_deals.py::test_in_a_kernel_the_table_proves_more_deals_in_the_background",
        "test_deals.py::test_the_daily_deals_result_is_recorded_and_its_share_text_shows_no_card",
        "test_deals.py::test_winnable_deals_are_replayed_to_a_win_by_the_solver[blondes-and-brunettes]",
        "test_deals.py::test_winnable_deals_are_replayed_to_a_win_by_the_solver[generals-patience]",
        "test_env.py::test_fair_status_is_lost_only_when_no_move_is_left",
        "test_env.py::test_players_with_reset_and_choose_are_reset_before_each_game",
        "test_hardening.py::test_a_corrupt_line_is_moved_aside_once",
        "test_hardening.py::test_a_stale_search_stops_and_tables_do_not_wait_for_each_other",
        "test_hardening.py::test_a_tiny_lost_table_never_changes_a_decided_verdict",
        "test_hardening.py::test_any_intent_is_answered_within_bounds",
        "test_hardening.py::test_the_lost_table_is_bounded_and_verdicts_do_not_change",
        "test_hardening.py::test_time_limits_hold_on_a_long_history",
        "test_js.py::test_front_end_type_checks_with_tsc",
        "test_js.py::test_front_end_unit_tests_pass",
        "test_layers.py::test_the_model_imports_nothing_above_it",
        "test_new_rows.py::test_new_rows_keep_every_invariant",
        "test_players.py::test_play_out_wins_loses_and_stops",
        "test_run_sh.py::test_play_opens_an_ignored_copy_and_passes_arguments_on",
        "test_solver.py::test_a_dead_reserve_is_really_lost",
        "test_solver.py::test_blocked_klondike_cards_are_really_lost",
        "test_solver.py::test_real_deals_small_budget[falling-stars]",
        "test_solver.py::test_real_deals_small_budget[klondike-no-redeal]",
        "test_solver.py::test_real_deals_small_budget[klondike-three-card]",
        "test_solver.py::test_real_deals_small_budget[klondike]",
        "test_solver.py::test_real_deals_small_budget[redheads]",
        "test_solver.py::test_real_deals_small_budget[signora]",
        "test_solver.py::test_real_deals_small_budget[terrace]",
        "test_solver.py::test_real_deals_small_budget[wood]",
        "test_solver.py::test_restarts_share_proven_losses_soundly[generals-patience]",
        "test_solver.py::test_restarts_share_proven_losses_soundly[klondike]",
        "test_solver.py::test_restarts_share_proven_losses_soundly[terrace]",
        "test_solver.py::test_safe_moves_keep_wins[generals-patience]",
        "test_solver.py::test_safe_moves_keep_wins[klondike-no-redeal]",
        "test_solver.py::test_safe_moves_keep_wins[klondike-three-card]",
        "test_solver.py::test_safe_moves_keep_wins[klondike-unlimited]",
        "test_solver.py::test_safe_moves_keep_wins[klondike]",
        "test_solver.py::test_safe_moves_keep_wins[terrace]",
        "test_solver.py::test_terrace_restarts_are_many_short_dives",
        "test_solver.py::test_the_sample_has_both_verdicts",
        "test_solver.py::test_unwinnable_is_never_claimed_for_a_winnable_line",
        "test_solver.py::test_verdicts_match_exhaustive_search[blondes-and-brunettes]",
        "test_solver.py::test_verdicts_match_exhaustive_search[falling-stars]",
        "test_solver.py::test_verdicts_match_exhaustive_search[generals-patience]",
        "test_solver.py::test_verdicts_match_exhaustive_search[klondike-no-redeal]",
        "test_solver.py::test_verdicts_match_exhaustive_search[klondike-three-card]",
        "test_solver.py::test_verdicts_match_exhaustive_search[klondike-unlimited]",
        "test_solver.py::test_verdicts_match_exhaustive_search[klondike]",
        "test_solver.py::test_verdicts_match_exhaustive_search[terrace]",
        "test_solver.py::test_verdicts_match_exhaustive_search[wood]",
        "test_solvitaire.py::test_a_fresh_deal_round_trips_with_its_deck[klondike-no-redeal]",
        "test_solvitaire.py::test_a_fresh_deal_round_trips_with_its_deck[klondike-three-card]",
        "test_solvitaire.py::test_a_fresh_deal_round_trips_with_its_deck[klondike-unlimited]",
        "test_solvitaire.py::test_a_fresh_deal_round_trips_with_its_deck[klondike]",
        "test_statistics.py::test_two_processes_lose_nothing",
        "test_tip_study.py::test_effects_tables",
        "test_tip_study.py::test_play_tips_caches_and_runs_on_any_executor",
        "test_typecheck.py::test_mypy_strict_finds_no_error_outside_the_pending_modules",
        "test_watch.py::test_watch_plays_the_deal_to_its_end_narrated",
        "test_watch.py::test_watch_sees_only_the_observation",
        "test_widget.py::test_a_flood_of_clicks_keeps_game_and_view_in_step",
        "test_widget.py::test_hidden_cards_never_reach_the_coach",
        "test_widget.py::test_in_a_kernel_the_auto_finish_plays_one_card_at_a_time",
        "test_widget.py::test_only_so_many_earlier_games_are_kept",
        "test_widget.py::test_replay_animates_a_record",
        "test_widget.py::test_restart_and_new_deal_are_undone_like_moves",
    }
)
NETWORK = frozenset({"test_binder.py::test_binder_requirements_install_in_a_clean_venv"})


def _names(item: pytest.Item) -> set[str]:
    """The keys under which :data:`SLOW` and :data:`NETWORK` may name ``item``."""
    file = Path(str(item.path)).name
    names = {f"{file}::{item.name}"}
    original = getattr(item, "originalname", None)
    if original:
        names.add(f"{file}::{original}")
    if item.parent is not None and isinstance(item.parent, pytest.Class):
        names.add(f"{file}::{item.parent.name}")
    return names


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        path = Path(str(item.path)).resolve()
        names = _names(item)
        if (TESTS / "browser") in path.parents:
            item.add_marker(pytest.mark.browser)
        if "oracle" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.oracle)
        if path.suffix == ".ipynb" or names & SLOW:
            item.add_marker(pytest.mark.slow)
        if names & NETWORK:
            item.add_marker(pytest.mark.network)

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
        # coached games of Terrace and Klondike in five languages (a 45 s fixture)
        "test_i18n.py::test_the_coached_game_in_english_speaks_every_part_it_checks",
        "test_i18n.py::test_a_coached_game_with_watch_and_review_speaks_no_english",
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
        "test_bounds.py::test_a_game_at_the_turn_limit_saves_and_loads_and_the_next_turn_is_refused",
        "test_coach.py::test_the_coach_marks_only_visible_cards",
        "test_coach.py::test_the_coach_says_the_same_whatever_the_hidden_cards[signora-3]",
        "test_coach.py::test_the_coach_says_the_same_whatever_the_hidden_cards[terrace-11]",
        "test_coach_judge.py::test_the_coach_and_the_grades_are_the_same_for_twin_positions",
        "test_compiled.py::test_pure_python_without_an_up_to_date_build",
        "test_conformance.py::TestGameMachine",
        "test_deals.py::test_in_a_kernel_the_table_proves_more_deals_in_the_background",
        "test_deals.py::test_the_daily_deals_result_is_recorded_and_its_share_text_shows_no_card",
        "test_deals.py::test_winnable_deals_are_replayed_to_a_win_by_the_solver[blondes-and-brunettes]",
        "test_deals.py::test_winnable_deals_are_replayed_to_a_win_by_the_solver[generals-patience]",
        "test_env.py::test_fair_status_is_lost_only_when_no_move_is_left",
        "test_env.py::test_players_with_reset_and_choose_are_reset_before_each_game",
        "test_found_rules.py::test_the_found_set_wins_more_terrace_deals_than_the_help_and_plays_every_game",
        "test_hardening.py::test_a_corrupt_line_is_moved_aside_once",
        "test_hardening.py::test_a_stale_search_stops_and_tables_do_not_wait_for_each_other",
        "test_hardening.py::test_a_tiny_lost_table_never_changes_a_decided_verdict",
        "test_hardening.py::test_any_intent_is_answered_within_bounds",
        "test_hardening.py::test_the_lost_table_is_bounded_and_verdicts_do_not_change",
        "test_hardening.py::test_time_limits_hold_on_a_long_history",
        "test_js.py::test_front_end_type_checks_with_tsc",
        "test_js.py::test_front_end_unit_tests_pass",
        "test_layers.py::test_the_model_imports_nothing_above_it",
        "test_new_rows.py::test_a_renamed_game_is_judged_alike_everywhere[copy-of-klondike-unlimited]",
        "test_new_rows.py::test_new_rows_keep_every_invariant",
        "test_players.py::test_fair_solver_player_checks_its_settings_and_looks_ahead",
        "test_players.py::test_fair_solver_player_plays_twins_identically[terrace-4]",
        "test_players.py::test_play_out_wins_loses_and_stops",
        "test_review.py::test_a_fair_hint_reason_names_only_what_the_next_few_visible_moves_do",
        "test_review.py::test_a_finished_game_gets_its_review_at_once_with_the_coach_on",
        "test_review.py::test_a_lost_game_ends_at_zero_and_a_won_one_at_one",
        "test_review.py::test_a_review_values_every_position_and_reads_back",
        "test_review.py::test_the_review_is_the_same_for_twin_games[blondes-and-brunettes]",
        "test_review.py::test_the_review_is_the_same_for_twin_games[falling-stars]",
        "test_review.py::test_the_review_is_the_same_for_twin_games[generals-patience]",
        "test_review.py::test_the_review_is_the_same_for_twin_games[klondike-unlimited]",
        "test_review.py::test_the_review_is_the_same_for_twin_games[redheads]",
        "test_review.py::test_the_review_is_the_same_for_twin_games[signora]",
        "test_review.py::test_the_review_is_the_same_for_twin_games[terrace]",
        "test_review.py::test_the_review_is_the_same_for_twin_games[wood]",
        "test_review.py::test_the_whole_learning_mode_view_is_the_same_for_twin_tables",
        "test_run_sh.py::test_play_opens_an_ignored_copy_and_passes_arguments_on",
        "test_secrecy.py::test_a_random_table_is_not_in_any_old_space[terrace]",
        "test_session.py::test_a_flood_of_clicks_keeps_game_and_view_in_step",
        "test_session.py::test_a_hint_after_forty_winnable_toggles_starts_within_a_second",
        "test_session.py::test_in_a_kernel_the_auto_finish_plays_one_card_at_a_time",
        "test_session.py::test_seeded_deals_do_not_grow_the_shown_numbers",
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
        "test_solver.py::test_searches_sharing_their_proven_losses_give_the_same_verdicts",
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
        "test_value.py::test_bad_positions_and_moves_get_a_clear_error",
        "test_value.py::test_every_legal_move_gets_a_grade_along_a_game[blondes-and-brunettes]",
        "test_value.py::test_every_legal_move_gets_a_grade_along_a_game[falling-stars]",
        "test_value.py::test_every_legal_move_gets_a_grade_along_a_game[generals-patience]",
        "test_value.py::test_every_legal_move_gets_a_grade_along_a_game[terrace]",
        "test_value.py::test_every_legal_move_gets_a_grade_along_a_game[wood]",
        "test_value.py::test_other_seeds_sample_other_worlds",
        "test_value.py::test_same_seed_same_value_and_refining_extends_the_same_worlds",
        "test_value.py::test_time_counts_and_at_least_one_world_is_played",
        "test_value.py::test_twins_differ_where_the_hidden_cards_decide",
        "test_value.py::test_value_and_grades_are_the_same_for_twin_observations[falling-stars]",
        "test_value.py::test_value_and_grades_are_the_same_for_twin_observations[generals-patience]",
        "test_value.py::test_value_and_grades_are_the_same_for_twin_observations[redheads]",
        "test_value.py::test_value_and_grades_are_the_same_for_twin_observations[signora]",
        "test_value.py::test_value_and_grades_are_the_same_for_twin_observations[terrace]",
        "test_value.py::test_value_and_grades_are_the_same_for_twin_observations[wood]",
        "test_value_calibration.py::test_a_tiny_calibration_run_saves_its_data_and_resumes",
        "test_watch.py::test_watch_plays_the_deal_to_its_end_narrated",
        "test_watch.py::test_watch_sees_only_the_observation",
        "test_widget.py::test_a_flood_of_clicks_keeps_game_and_view_in_step",
        "test_widget.py::test_hidden_cards_never_reach_the_coach",
        "test_widget.py::test_in_a_kernel_the_auto_finish_plays_one_card_at_a_time",
        "test_widget.py::test_only_so_many_earlier_games_are_kept",
        "test_widget.py::test_replay_animates_a_record",
        "test_widget.py::test_restart_and_new_deal_are_undone_like_moves",
        "test_worker.py::test_a_dropped_search_stops_promptly_and_frees_its_worker",
        "test_worker.py::test_a_kernel_exits_without_waiting_for_its_searches",
        "test_worker.py::test_a_table_says_checking_until_its_verdict_and_never_stalls",
        "test_worker.py::test_long_searches_never_hold_up_quick_ones",
        "test_worker.py::test_the_same_verdicts_in_a_process_and_on_the_thread",
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

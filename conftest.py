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

from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent / "tests"

# Tests that take over about 1.5 s on this project's 2-core machine while it is loaded by
# other work (about 0.5 s when idle; the figures below are the idle ones, from one
# pytest --durations run), as "file::test" (all its parameters) or "file::test[parameter]".
SLOW = frozenset(
    {
        "test_binder.py::test_binder_requirements_install_in_a_clean_venv",  # 28 s
        "test_solver.py::test_safe_moves_keep_wins[klondike-three-card]",  # 18 s
        "test_solver.py::test_safe_moves_keep_wins[klondike-no-redeal]",  # 2.4 s
        "test_solver.py::test_safe_moves_keep_wins[klondike-unlimited]",  # 2.2 s
        "test_conformance.py::TestGameMachine",  # 7.8 s, the Hypothesis state machine
        "test_solver.py::test_verdicts_match_exhaustive_search[klondike-unlimited]",  # 5.6 s
        "test_solver.py::test_verdicts_match_exhaustive_search[klondike-three-card]",  # 4.6 s
        "test_solver.py::test_verdicts_match_exhaustive_search[klondike-no-redeal]",  # 1.3 s
        "test_solver.py::test_restarts_share_proven_losses_soundly[terrace]",  # 4.5 s
        "test_solver.py::test_blocked_klondike_cards_are_really_lost",  # 3.7 s
        "test_solver.py::test_a_dead_reserve_is_really_lost",  # 2.7 s
        "test_widget.py::test_a_flood_of_clicks_keeps_game_and_view_in_step",  # 1.6 s
        "test_analysis.py::test_a_local_dask_cluster_gives_the_serial_records",  # 1.3 s
        "test_js.py::test_front_end_type_checks_with_tsc",  # 2.4 s
        "test_js.py::test_front_end_unit_tests_pass",  # 0.7 s
        "test_typecheck.py::test_mypy_strict_finds_no_error_outside_the_pending_modules",  # 6 s
        "test_solver.py::test_verdicts_match_exhaustive_search[generals-patience]",  # 1.2 s
        "test_solver.py::test_restarts_share_proven_losses_soundly[klondike]",  # 1.0 s
        "test_solver.py::test_unwinnable_is_never_claimed_for_a_winnable_line",  # 0.9 s
        "test_solver.py::test_verdicts_match_exhaustive_search[klondike]",  # 0.9 s
        "test_solver.py::test_the_sample_has_both_verdicts",  # 0.9 s
        "test_solver.py::test_terrace_restarts_are_many_short_dives",  # 0.8 s
        "test_solver.py::test_verdicts_match_exhaustive_search[terrace]",  # 0.8 s
        "test_advice.py::test_post_mortem_finds_the_losing_move",  # 0.7 s
        "test_solver.py::test_restarts_share_proven_losses_soundly[generals-patience]",  # 0.7 s
        "test_advice.py::test_the_fair_hint_uses_only_what_the_player_sees",  # 0.7 s
        "test_solver.py::test_safe_moves_keep_wins[klondike]",  # 0.7 s
        "test_solvitaire.py::test_a_fresh_deal_round_trips_with_its_deck[klondike-no-redeal]",
        "test_solvitaire.py::test_a_fresh_deal_round_trips_with_its_deck[klondike]",  # 0.5 s
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

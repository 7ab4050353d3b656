"""A new game of either family is a new row of rules, never new code.

Each row below is a game that does not exist in Aisleriot; registered in ``VARIANTS`` for
the test, it is dealt and played by the unchanged engine, and the engine's invariants
(the state machine of ``test_conformance``) hold for it.
"""

from __future__ import annotations

from dataclasses import replace

import hypothesis.strategies as st
import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import initialize, run_state_machine_as_test
from test_conformance import GameMachine

from terrace_widget import DEAL, VARIANTS, Game, Rules
from terrace_widget.variants import KLONDIKE, TERRACE

NEW_ROWS = [
    replace(
        TERRACE, id="terrace-thirteen", name="Terrace (13 reserve cards, 8 piles)",
        reserve=13, tableau=8,
    ),
    replace(TERRACE, id="terrace-unlocked", name="Terrace (no stock lock)", stock_lock=False),
    replace(
        KLONDIKE, id="klondike-eight", name="Klondike (eight piles, draw two)",
        tableau=8, deal_count=2, redeals=1,
    ),
]  # fmt: skip


@pytest.fixture
def new_rows(monkeypatch: pytest.MonkeyPatch) -> list[Rules]:
    for rules in NEW_ROWS:
        monkeypatch.setitem(VARIANTS, rules.id, rules)
    return NEW_ROWS


class NewRowMachine(GameMachine):
    """The engine's invariants, on games that are only rows."""

    @initialize(rules=st.sampled_from(NEW_ROWS), seed=st.integers(0, 2**32))
    def deal(self, rules: Rules, seed: int) -> None:  # type: ignore[override]
        self.game = Game(rules, seed=seed)


def test_new_rows_keep_every_invariant(new_rows: list[Rules]) -> None:
    run_state_machine_as_test(
        NewRowMachine,
        settings=settings(
            max_examples=30,
            stateful_step_count=40,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow],
        ),
    )


def test_a_thirteen_card_reserve_on_eight_piles_is_dealt_by_the_row(
    new_rows: list[Rules],
) -> None:
    game = Game("terrace-thirteen", seed=5)
    assert game.pile_names[-1] == "t8" and "t9" not in game.pile_names
    assert len(game.piles["reserve"]) == 13
    assert [len(game.piles[f"t{i}"]) for i in range(1, 9)] == [1, 1, 1, 1, 0, 0, 0, 0]
    assert game.stock_count == 104 - 13 - 4
    game.play("t1-f1")  # the base choice deals the rest of the tableau
    assert all(game.piles[f"t{i}"] for i in range(1, 9))
    assert Game.from_fen(game.fen()) == game
    assert Game.from_dict(game.to_dict()).to_dict() == game.to_dict()


def test_a_row_without_the_stock_lock_deals_with_a_space_open(new_rows: list[Rules]) -> None:
    piles = {"waste": ["4C"], "t1": ["KC"], "t3": ["KS"], "t4": ["QD"]}
    locked = Game.from_piles("terrace", piles, base_rank=3, stock_locked=True)
    assert locked.stock_locked and DEAL not in locked.legal_moves()
    free = Game.from_piles("terrace-unlocked", piles, base_rank=3, stock_locked=True)
    assert not free.stock_locked and DEAL in free.legal_moves()
    assert free.observation()["stock_locked"] is False
    stock = free.stock_count
    free.play("deal")
    assert free.stock_count == stock - 1 and not free.stock_locked


def test_an_eight_pile_klondike_row_deals_a_triangle_and_draws_two(
    new_rows: list[Rules],
) -> None:
    game = Game("klondike-eight", seed=9)
    sizes = [len(game.piles[f"t{i}"]) for i in range(1, 9)]
    assert sizes == list(range(1, 9))
    hidden = [sum(c.startswith("#") for c in game.piles[f"t{i}"]) for i in range(1, 9)]
    assert hidden == list(range(8))
    assert game.stock_count == 52 - 36
    game.play("deal")
    assert len(game.piles["waste"]) == 2 and game.stock_count == 14
    for _ in range(7):
        game.play("deal")
    assert game.stock_count == 0 and DEAL in game.legal_moves()  # one redeal left
    game.play("deal")
    assert game.redeals_left == 0 and game.stock_count == 16

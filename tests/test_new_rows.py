"""A new game of either family is a new row of rules, never new code.

Each row below is a game that does not exist in Aisleriot; registered in ``VARIANTS`` for
the test, it is dealt and played by the unchanged engine, and the engine's invariants
(the state machine of ``test_conformance``) hold for it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import hypothesis.strategies as st
import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import initialize, run_state_machine_as_test
from test_conformance import GameMachine

from terrace_widget import DEAL, VARIANTS, Game, Rules, get_rules
from terrace_widget.fair.coach import coach_view, note_for
from terrace_widget.fair.players import FairSolverPlayer, RulePlayer, play_out
from terrace_widget.fair.tips import TIPS, against_tips, tips_for
from terrace_widget.rules.variants import KLONDIKE, TERRACE
from terrace_widget.search.solver import solve

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


# ---------------------------------------------------------------- renamed copies
RENAMED = [
    replace(rules, id=f"copy-of-{rules.id}", name=f"A copy of {rules.name}")
    for rules in VARIANTS.values()
]
"""Every game under another id and name: the same rules, so everything must judge alike."""
SAME_KEYS = ("variant", "name")


@pytest.fixture
def renamed(monkeypatch: pytest.MonkeyPatch) -> list[Rules]:
    for rules in RENAMED:
        monkeypatch.setitem(VARIANTS, rules.id, rules)
    return RENAMED


def _seen(obs: Mapping[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in obs.items() if key not in SAME_KEYS}


@pytest.mark.parametrize("copy", RENAMED, ids=lambda rules: rules.id)
def test_a_renamed_game_is_judged_alike_everywhere(renamed: list[Rules], copy: Rules) -> None:
    """The engine, its classic hint, the solver, the tips, the Coach (marks and notes, with
    the measured figures of the game it copies) and the fair players: a renamed copy of a
    game plays, hints, solves, reads and chooses exactly as the game does, move by move."""
    original = get_rules(copy.id.removeprefix("copy-of-"))
    assert tips_for(copy) == tips_for(original)
    assert [tip.effect(copy) for tip in TIPS] == [tip.effect(original) for tip in TIPS]
    seed = 3
    games = Game(original, seed=seed), Game(copy, seed=seed)
    players = RulePlayer(tips_for(original)), RulePlayer(tips_for(copy))
    for player in players:
        player.reset()
    noted = 0
    for _ in range(120):
        obs = [game.observation() for game in games]
        assert _seen(obs[0]) == _seen(obs[1])
        assert games[0].hint() == games[1].hint()
        assert coach_view(obs[0]) == coach_view(obs[1])
        for move in obs[0]["legal_moves"]:
            notes = [note_for(o, move) for o in obs]
            assert notes[0] == notes[1]
            assert against_tips(obs[0], move) == against_tips(obs[1], move)
            noted += notes[0] is not None
        choices = [player.choose(o) for player, o in zip(players, obs, strict=True)]
        assert choices[0] == choices[1]
        if choices[0] is None or obs[0]["status"] in ("won", "lost"):
            break
        for game in games:
            game.play(choices[0])
    start = [Game(rules, seed=seed) for rules in (original, copy)]
    solutions = [solve(game, budget=3000) for game in start]
    assert solutions[0].verdict == solutions[1].verdict
    assert solutions[0].nodes == solutions[1].nodes
    assert solutions[0].moves == solutions[1].moves
    fair = [FairSolverPlayer(samples=2, budget=60).choose(game.observation()) for game in start]
    assert fair[0] == fair[1]
    results = [play_out(game, RulePlayer()) for game in start]
    assert [(r.won, r.status, r.score, r.moves) for r in results[:1]] == [
        (r.won, r.status, r.score, r.moves) for r in results[1:]
    ]
    if original.base == "choose":
        assert noted, "the comparison saw no note at all"

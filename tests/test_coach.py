"""The Coach: marks and sentences from what the player sees, in the widget's view."""

from __future__ import annotations

import json
import random

import pytest

from terrace_widget import Game, TerraceWidget
from terrace_widget.fair import coach as coach_module
from terrace_widget.fair import tips as tips_module
from terrace_widget.fair.coach import FAIR_PREFIX, coach_view, note_for
from terrace_widget.fair.players import RulePlayer

SUMMARY = {
    "effects": [
        {"spec": "terrace", "tip": "pile-start", "deals": 2000, "difference": 0.031,
         "low": 0.019, "high": 0.043},
        {"spec": "terrace", "tip": "deal-on", "deals": 2000, "difference": 0.004,
         "low": -0.006, "high": 0.014},
    ],
    "bases": [
        {"spec": "terrace", "in_reserve": "0", "bases": 4000, "won": 0.16, "low": 0.15,
         "high": 0.17},
        {"spec": "terrace", "in_reserve": "2+", "bases": 1000, "won": 0.09, "low": 0.07,
         "high": 0.11},
    ],
    "solver_bases": [
        {"spec": "terrace", "solver_version": "7",
         "classes": {"0": {"won": 0.86, "bases": 270, "low": 0.81, "high": 0.89}}},
    ],
}  # fmt: skip


@pytest.fixture
def summary(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tips_module, "measured", lambda: SUMMARY)


def test_base_choice_marks_every_candidate_with_the_reserves_reading(summary: None) -> None:
    view = coach_view(Game("terrace", seed=6).observation())
    marks = {m["pile"]: m for m in view["marks"]}
    assert set(marks) == {"t1", "t2", "t3", "t4"}
    assert marks["t2"]["tone"] == "good"  # 3♠: no three in the reserve
    assert marks["t2"]["label"] == "0 in reserve · 16% won"
    assert marks["t2"]["text"] == (
        "3♠: no three in the reserve; bases like it won 16% of 4000 games played by the tips "
        "(15–17%), 86% of 270 for someone who sees every card"
    )
    assert marks["t3"]["tone"] == "warn" and marks["t3"]["label"] == "3 in reserve · 9% won"


def test_reversed_run_and_pile_start_marks() -> None:
    piles = {"f1": ["6C"], "waste": ["KC", "9H", "8S", "7H"], "t1": ["5C"]}
    obs = Game.from_piles("terrace", piles, base_rank=6).observation()
    view = coach_view(obs)
    run = next(m for m in view["marks"] if m["tip"] == "reversed")
    assert run["pile"] == "waste" and run["indices"] == [3, 2, 1] and run["tone"] == "run"
    start = next(m for m in view["marks"] if m["tip"] == "pile-start" and m["pile"] == "t1")
    assert start["tone"] == "good" and start["indices"] == [0]
    assert view["say"][0].startswith("7♥ 8♠ 9♥ lie reversed on top of the waste")


def test_a_move_against_a_tip_gets_one_sentence_with_its_measured_worth(summary: None) -> None:
    piles = {"f1": ["6C"], "t1": ["JC"], "t2": ["TH"], "waste": ["KC", "9S"]}
    obs = Game.from_piles("terrace", piles, base_rank=6, stock_locked=True).observation()
    assert note_for(obs, "waste-t3") == (
        "9♠ is not a good pile start (a five is: nothing waits under it). The tip: start "
        "tableau piles with the rank one below the base."
    )
    assert note_for(obs, "waste-t2") is None
    base = Game("terrace", seed=6).observation()
    assert note_for(base, "t3-f1") == (
        "J♥'s rank is buried deeper in the reserve than 3♠'s (choose the base by reading the "
        "reserve)."
    )  # the base tip was not measured in this summary


def test_a_tip_that_does_not_pay_is_said_plainly(monkeypatch: pytest.MonkeyPatch) -> None:
    rows = [dict(SUMMARY["effects"][0], difference=-0.072, low=-0.09, high=-0.054),
            SUMMARY["effects"][1]]  # fmt: skip
    monkeypatch.setattr(tips_module, "measured", lambda: {"effects": rows})
    assert coach_module.effect_words("terrace", "pile-start") == (
        "yet following this tip won 7.2 points fewer deals for our test player "
        "(95% -9.0 to -5.4, 2000 deals)"
    )
    assert coach_module.effect_words("terrace", "deal-on") == (
        "following this tip made no clear difference for our test player "
        "(+0.4, 95% -0.6 to +1.4, 2000 deals)"
    )
    assert coach_module.effect_words("wood", "deal-on") == ""


def test_without_measurements_the_sentence_names_the_tip(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tips_module, "measured", dict)
    piles = {"f1": ["6C"], "t1": ["JC"], "waste": ["KC", "9S"]}
    obs = Game.from_piles("terrace", piles, base_rank=6).observation()
    assert note_for(obs, "waste-t2") == (
        "9♠ is not a good pile start (a five is: nothing waits under it) "
        "(start tableau piles with the rank one below the base)."
    )


def test_the_widget_coach_is_off_by_default_and_speaks_after_a_move(summary: None) -> None:
    w = TerraceWidget("terrace", seed=6, hint_mode="classic")
    assert w.view["coach"] is None
    w.coach = True
    assert [m["pile"] for m in w.view["coach"]["marks"]] == ["t1", "t2", "t3", "t4"]
    w.play("t3-f1")
    assert w.view["coach"]["note"].startswith("J♥'s rank is buried deeper")
    w.undo()
    assert w.view["coach"]["note"] is None
    w.play("t2-f1")  # the tip's base: a word of praise
    assert w.view["coach"]["note"] == "Good: choose the base by reading the reserve."
    assert w.view["coach"]["tone"] == "praise"
    w.coach = False
    assert w.view["coach"] is None


def test_the_lessons_hint_is_the_fair_one_and_says_so() -> None:
    w = TerraceWidget("klondike", seed=2, coach=True, hint_mode="classic")
    w.hint_seconds = 0.3
    text = w.show_hint()
    assert text.startswith(FAIR_PREFIX)
    assert w.view["hint"]["message"].startswith(FAIR_PREFIX)


def twin(game: Game, rng: random.Random) -> Game:
    piles = game.piles
    hidden = [(n, k) for n, pile in piles.items() for k, c in enumerate(pile) if c[0] == "#"]
    cards = [piles[n][k] for n, k in hidden]
    rng.shuffle(cards)
    new = {n: list(p) for n, p in piles.items()}
    for (n, k), c in zip(hidden, cards, strict=True):
        new[n][k] = c
    return Game.from_piles(
        game.rules, new, base_rank=game.base_rank, stock_locked=game.stock_locked,
        redeals_used=game.redeals_used,
    )  # fmt: skip


@pytest.mark.parametrize("variant, seed", [("terrace", 11), ("klondike", 5), ("signora", 3)])
def test_the_coach_says_the_same_whatever_the_hidden_cards(variant: str, seed: int) -> None:
    """Every mark and word of the Coach, along a whole game, is the same for a twin table
    whose hidden cards are reshuffled."""
    rng = random.Random(seed)
    game = Game(variant, seed=seed)
    player = RulePlayer()
    player.reset()
    spoke = 0
    for _ in range(300):
        other = twin(game, rng)
        a, b = game.observation(prove_loss=False), other.observation(prove_loss=False)
        view = coach_view(a)
        assert view == coach_view(b)
        spoke += bool(view["marks"])
        move = player.choose(a)
        if move is None:
            break
        assert note_for(a, move) == note_for(b, move)
        game.play(move)
    assert spoke > 5


def test_the_coach_marks_only_visible_cards() -> None:
    w = TerraceWidget("terrace", seed=11, coach=True, hint_mode="classic")
    player = RulePlayer()
    player.reset()
    for _ in range(120):
        view = w.view
        for mark in view["coach"]["marks"]:
            pile = view["piles"][mark["pile"]]
            assert all(0 <= i < len(pile) and pile[i] != "#" for i in mark["indices"])
        assert "#" not in json.dumps(view["coach"]).replace("\\u", "")
        move = player.choose(w.game.observation(prove_loss=False))
        if move is None:
            break
        w.play(move)

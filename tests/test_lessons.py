"""The lessons' building blocks, on real deals: the moment a tip decides a game, the
learner's move checked against it, the measured worth in words, the tips' figure."""

from __future__ import annotations

import pytest

from terrace_widget import Game, lessons
from terrace_widget.fair import tips
from terrace_widget.fair.players import RulePlayer, play_out, tips_for
from terrace_widget.game import render
from terrace_widget.studies import plots


@pytest.mark.parametrize(
    ("variant", "seed", "tip"),
    [("terrace", 14, "base"), ("terrace", 19, "deal-on"), ("klondike", 5, "reorder")],
)
def test_the_moment_is_where_the_two_fair_players_part(variant: str, seed: int, tip: str) -> None:
    moment = lessons.tip_moment(variant, seed, tip)
    assert moment.with_tip != moment.without_tip
    game = moment.game()
    assert [str(m) for m in game.history] == moment.before
    assert game.is_legal(moment.with_tip) and game.is_legal(moment.without_tip)
    # Each player's game ends as the same player's game played alone (play_out) ends.
    tips = set(tips_for(variant))
    alone = play_out(Game(variant, seed=seed), RulePlayer(tips), lessons.MAX_MOVES)
    without = play_out(Game(variant, seed=seed), RulePlayer(tips - {tip}), lessons.MAX_MOVES)
    assert (moment.won_with, moment.won_without) == (alone.won, without.won)
    assert moment.decides  # these deals were picked because the tip decides them


def test_a_tip_that_does_not_apply_is_refused() -> None:
    with pytest.raises(ValueError, match="does not apply to klondike"):
        lessons.tip_moment("klondike", 1, "base")


def test_check_move_answers_both_players_moves_and_a_foreign_table() -> None:
    moment = lessons.tip_moment("terrace", 14, "base")
    game = moment.game()
    assert "play one on the table" in lessons.check_move(moment, game)
    game.play(moment.with_tip)
    assert "as the tip says" in lessons.check_move(moment, game)
    other = moment.game()
    other.play(moment.without_tip)
    answer = lessons.check_move(moment, other)
    assert "without the tip" in answer and "went on to lose" in answer
    assert "The Coach:" in answer and "buried deeper" in answer
    with pytest.raises(ValueError, match="does not hold terrace#14"):
        lessons.check_move(moment, Game("terrace", seed=15))


def test_effect_text_says_where_the_number_comes_from(monkeypatch: pytest.MonkeyPatch) -> None:
    row = {"spec": "terrace", "tip": "deal-on", "deals": 2000, "with": 0.113,
           "without": 0.0875, "difference": 0.0255, "low": 0.0146, "high": 0.0367}  # fmt: skip
    monkeypatch.setattr(tips, "measured", lambda: {"player_version": "1", "effects": [row]})
    text = lessons.effect_text("terrace", "deal-on")
    assert "player version 1" in text and "deals 1-2000" in text
    assert "11.3% with it and 8.8% without" in text
    assert "2.5 points more" in text and "+1.5 to +3.7" in text
    assert "not been measured" in lessons.effect_text("terrace", "base")
    assert [r["tip"] for r in lessons.effects_table("terrace")] == ["deal-on"]
    loss = dict(row, tip="pile-start", difference=-0.071, low=-0.09, high=-0.053)
    monkeypatch.setattr(tips, "measured", lambda: {"player_version": "2", "effects": [loss]})
    text = lessons.effect_text("terrace", "pile-start")
    assert "without, so following this tip won 7.1 points fewer deals" in text


def test_the_tip_effects_figure_colours_by_the_interval() -> None:
    import matplotlib

    matplotlib.use("Agg")
    rows = [
        {"tip": "deal-on", "deals": 2000, "difference": 0.025, "low": 0.015, "high": 0.037},
        {"tip": "pile-start", "deals": 2000, "difference": -0.07, "low": -0.09, "high": -0.05},
        {"tip": "base", "deals": 2000, "difference": 0.014, "low": -0.002, "high": 0.03},
    ]
    ax = plots.tip_effect_bars(rows, title="Terrace")
    colours = [bar.get_facecolor()[:3] for bar in ax.patches]
    assert [tuple(round(c, 2) for c in colour) for colour in colours] == [
        (0.18, 0.49, 0.2),
        (0.78, 0.16, 0.16),
        (0.62, 0.62, 0.62),
    ]
    assert "2000 deals" in ax.get_title()
    with pytest.raises(ValueError, match="no measured tips"):
        plots.tip_effect_bars([])


def test_verdict_shares_keep_the_undecided_apart_and_the_bars_stack_to_100() -> None:
    import matplotlib

    matplotlib.use("Agg")
    records = [
        {"variant": "a", "verdict": v} for v in ["won"] * 6 + ["unknown"] * 3 + ["unwinnable"]
    ]
    records += [{"variant": "b", "verdict": "won"}] * 4
    shares = plots.verdict_shares(records)
    assert shares["a"]["n"] == 10 and shares["a"]["unknown"][0] == 0.3
    share, low, high = shares["a"]["won"]
    assert share == 0.6 and low < 0.6 < high
    assert shares["b"]["unwinnable"][0] == 0.0
    ax = plots.verdict_bars(shares, title="t")
    tops = [bar.get_y() + bar.get_height() for bar in ax.patches]
    assert max(tops) == pytest.approx(100)
    assert len(ax.patches) == 6  # three verdicts for each of two groups
    with pytest.raises(ValueError, match="no records"):
        plots.verdict_bars({})


def test_the_picture_marks_the_move_just_played() -> None:
    game = Game.from_piles("klondike", {"t1": ["KS"], "t2": [], "t3": ["#4C", "QD"]})
    assert 'class="move"' not in lessons.picture(game)  # nothing played yet
    game.play("t1-t2")
    svg = lessons.picture(game, width=400)
    assert svg == str(render.svg_board(game.observation(), width=400, move="t1-t2"))
    assert 'class="move-source" data-pile="t1"' in svg
    assert 'class="move-target" data-pile="t2"' in svg
    game.play("deal")
    assert 'class="move-source" data-pile="stock"' in lessons.picture(game)
    redeal = Game("klondike", seed=1)
    while redeal.stock_count:
        redeal.play("deal")
    redeal.play("deal")  # the waste goes back to the stock
    svg = lessons.picture(redeal)
    assert 'class="move-source" data-pile="waste"' in svg
    assert 'class="move-target" data-pile="stock"' in svg


def test_reveal_hides_the_answer_until_the_button_is_clicked() -> None:
    box = lessons.reveal("t2-f6 <then> deal", label="Show me")
    button, text = box.children
    assert button.description == "Show me" and text.value == ""
    button.click()
    assert text.value == "<pre>t2-f6 &lt;then&gt; deal</pre>"
    assert button.description == "Hide the solution"
    button.click()
    assert text.value == "" and button.description == "Show me"

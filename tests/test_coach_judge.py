"""The Coach judges what a move does: a predicate per tip credits every move that follows
it, a move against a tip gets the reason (a rule of thumb the data does not support is
called so, never blamed), good moves are praised, grades quote the move's own drop, and in
Klondike a stuck player is told which earlier choice to try again."""

from __future__ import annotations

import random

import pytest

from terrace_widget import Game
from terrace_widget.fair import coach, strategy, tips
from terrace_widget.fair.coach import coach_sentence, judge, note_for, stuck_advice
from terrace_widget.fair.messages import MESSAGES, say
from terrace_widget.fair.players import RulePlayer
from terrace_widget.fair.value import grade_move
from terrace_widget.i18n import Rank, translator
from terrace_widget.lessons.moments import tip_moment
from terrace_widget.rules.variants import VARIANTS
from tests.positions import klondike_stuck, twin

HISTORY_KEYS = ("moves_played", "can_undo", "can_redo")
"""What a twin built from the piles cannot share: it has no moves behind it."""

# The lesson moments of notebooks 03 and 04 (terrace_widget.lessons.tip_moment).
MOMENTS = [
    ("terrace", 14, "base"),
    ("terrace", 142, "reversed"),
    ("terrace", 48, "pile-start"),
    ("terrace", 19, "deal-on"),
    ("klondike", 5, "reorder"),
    ("klondike", 158, "bring-down"),
]


@pytest.mark.parametrize("variant, seed, tip", MOMENTS)
def test_every_legal_move_at_a_lesson_moment_is_judged_by_what_it_does(
    variant: str, seed: int, tip: str
) -> None:
    moment = tip_moment(variant, seed, tip)
    obs = moment.game().observation()
    judged = {move: judge(obs, move) for move in obs["legal_moves"]}
    for move, j in judged.items():
        against = {t.name for t in tips.TIPS if not t.follows(move, obs)}
        credited = {t.name for t in tips.TIPS if t.follows(move, obs) and t.credits(move, obs)}
        assert set(j.against) == against and set(j.credited) == credited, move
        if against:
            assert j.tone in ("warn", "unsupported") and j.note, move
            supported = [n for n in against if tips.support(variant, n) == "supported"]
            if not supported:  # a rule of thumb the data does not support: never blame
                assert j.tone == "unsupported"
                assert "rule of thumb the data does not support" in j.note
        elif credited:
            assert j.tone == "praise" and j.note and j.note.startswith("Good"), move
        else:
            assert j.tone == "plain", move
    # the move of the player that follows the tip is credited, never blamed
    assert tip in judged[moment.with_tip].credited
    assert not judged[moment.with_tip].against


def test_the_base_choice_credits_every_base_the_tip_rates_best_on_any_foundation() -> None:
    obs = tip_moment("terrace", 14, "base").game().observation()
    credited = [m for m in obs["legal_moves"] if "base" in judge(obs, m).credited]
    assert len(obs["legal_moves"]) == 32 and len(credited) == 16
    best = strategy.tip_base(obs)
    assert best is not None
    rated = {r.piles[0] for r in strategy.base_readings(obs) if r.burial <= best.burial}
    assert {m.partition("-")[0] for m in credited} == rated
    # the warning does not depend on which foundation the base goes to
    worse = next(r for r in strategy.base_readings(obs) if r.burial > best.burial)
    notes = {note_for(obs, f"{worse.piles[0]}-f{k}") for k in range(1, 9)}
    assert len(notes) == 1 and None not in notes


def test_deal_on_credits_every_way_to_deal_on() -> None:
    obs = tip_moment("terrace", 19, "deal-on").game().observation()
    assert judge(obs, "waste-t3").tone == judge(obs, "waste-t8").tone == "praise"
    assert "deal-on" in judge(obs, "waste-t8").credited


def test_klondike_gets_notes_praise_for_reordering_and_an_idea_when_one_is_missed() -> None:
    obs = tip_moment("klondike", 5, "reorder").game().observation()
    assert judge(obs, "t2-t3").tone == "praise"
    deal = judge(obs, "deal")
    assert (
        deal.tone == "plain" and deal.note and deal.note.startswith("Another idea here: Re-order")
    )
    down = tip_moment("klondike", 158, "bring-down").game().observation()
    assert judge(down, "f2-t3").note == say("praise", tip="bring cards down from the foundations")


def test_a_tip_the_data_does_not_support_is_a_rule_of_thumb_never_blame(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    piles = {"f1": ["6C"], "t1": ["JC"], "t2": ["TH"], "waste": ["KC", "9S"]}
    obs = Game.from_piles("terrace", piles, base_rank=6, stock_locked=True).observation()
    for low, high, finding in ((-0.09, -0.05, "negative"), (-0.01, 0.03, "unclear")):
        rows = [{"spec": "terrace", "tip": "pile-start", "deals": 2000, "difference": 0.0,
                 "low": low, "high": high}]  # fmt: skip
        monkeypatch.setattr(tips, "measured", lambda rows=rows: {"effects": rows})
        j = judge(obs, "waste-t3")
        assert j.tone == "unsupported"
        assert j.note == say(
            "note.unsupported",
            why="9♠ is not a good pile start (a five is: nothing waits under it)",
            finding=say(f"finding.{finding}"),
        )
        assert "test player" not in j.note and "version" not in j.note


@pytest.mark.parametrize("base, start", [(9, "an eight"), (2, "an ace"), (6, "a five")])
def test_articles(base: int, start: str) -> None:
    lower = "4D" if base != 6 else "9S"
    piles = {"f1": [f"{'A23456789TJQK'[base - 1]}C"], "t1": ["JC"], "waste": ["KC", lower]}
    obs = Game.from_piles("terrace", piles, base_rank=base).observation()
    note = note_for(obs, "waste-t2")
    assert note is not None and f"({start} is:" in note
    assert Rank(8).words("en", "an") == "an eight" and Rank(12).words("en", "an") == "a queen"
    # each language names the rank its own way: no English article in the translations
    words = {"ca": {9: "rang vuit", 2: "rang as", 6: "rang cinc"},
             "ru": {9: "с восьмёрки", 2: "с туза", 6: "с пятёрки"},
             "el": {9: "με το οχτάρι", 2: "με τον άσο", 6: "με το πεντάρι"}}  # fmt: skip
    for lang, starts in words.items():
        said = translator(lang).render(note)
        assert starts[base] in said and start not in said, said


def test_the_worth_quoted_is_the_moves_own_drop_with_its_interval() -> None:
    obs = tip_moment("klondike", 5, "reorder").game().observation()
    grade = grade_move(obs, "deal", samples=8, seconds=None)
    j = judge(obs, "deal", grade)
    low, high = grade.drop_interval
    text = j.sentence
    assert text is not None
    if grade.label in ("inaccuracy", "mistake", "blunder"):
        assert j.tone == "warn" and f"{100 * grade.drop:.0f} points" in text
        assert f"95% interval {100 * low:.0f} to {100 * high:.0f}" in text
    else:
        assert j.tone == "praise"
    assert f"played out: {grade.samples}" in text
    with pytest.raises(ValueError, match="is not a legal move"):
        judge(obs, "t9-f9")
    with pytest.raises(ValueError, match="the grade is of"):
        judge(obs, "t2-t3", grade)


def test_dont_give_up_names_the_last_real_choice() -> None:
    stuck = klondike_stuck(clubs_up=3)  # 4♣ 5♣ on the waste: they go up, then nothing
    for _ in range(2):
        stuck.play("waste-f1")
    assert coach.visibly_stuck(stuck) and stuck_advice(stuck) is None  # never a choice
    found = 0
    for seed in range(1, 40):
        game = Game("klondike-no-redeal", seed=seed)
        player = RulePlayer()
        player.reset()
        while (move := player.choose(game.observation())) is not None:
            game.play(move)
        assert coach.visibly_stuck(game)  # the rule player sees nothing worth doing
        advice = stuck_advice(game)
        if advice is None:
            continue
        found += 1
        moves = [str(m) for m in game.history]
        assert moves[advice.number - 1] == advice.played
        back = game.copy()
        while len(back.history) > advice.number - 1:
            back.undo()
        legal = [str(m) for m in back.legal_moves()]
        assert advice.other in legal and advice.other not in (advice.played, "deal")
        for later in range(advice.number, len(moves)):  # no real choice after it
            at = game.copy()
            while len(at.history) > later:
                at.undo()
            obs = at.observation()
            assert all(m in (moves[later], "deal") or not coach._real(obs, m)
                       for m in obs["legal_moves"])  # fmt: skip
        assert advice.text == say("stuck", number=advice.number, played=advice.played,
                                  other=advice.other)  # fmt: skip
        if found == 2:
            break
    assert found == 2


def test_a_whole_pass_of_dealing_without_another_move_is_visibly_stuck() -> None:
    game = Game("klondike", seed=5)
    assert not coach.visibly_stuck(game)
    work = game.copy()
    cards = work.stock_count
    for _ in range(cards):
        work.play("deal")
    assert not coach.visibly_stuck(work)  # deals alone, but not yet a whole pass
    only_deals = all(str(m) == "deal" for m in work.legal_moves())
    work.play("deal")  # the redeal: every card of stock and waste has been turned
    assert coach.visibly_stuck(work) == only_deals


def test_coach_sentence_is_the_quick_fair_sentence_for_a_narrator() -> None:
    game = tip_moment("terrace", 19, "deal-on").game()
    assert coach_sentence(game, "waste-t3") == "Good: deal on while the stock is locked."
    with pytest.raises(TypeError):
        coach_sentence(game.observation(), "waste-t3")  # type: ignore[arg-type]


def test_every_sentence_is_a_template_of_the_one_table() -> None:
    assert coach.MESSAGES is MESSAGES
    for key, template in MESSAGES.items():
        assert template and "test player" not in template and "version" not in template, key
    with pytest.raises(KeyError):
        say("no such sentence")


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_the_coach_and_the_grades_are_the_same_for_twin_positions(variant: str) -> None:
    """All 11 games: along a fair player's game, the same observation with the hidden
    cards permuted gets the same marks, judgements and grades."""
    rng = random.Random(variant)
    game = Game(variant, seed=3)
    player = RulePlayer()
    player.reset()
    graded = 0
    for step in range(40):
        other = twin(game, rng)
        a = game.observation()
        b = dict(other.observation(), **{k: a[k] for k in HISTORY_KEYS})  # type: ignore[misc]
        assert a == b  # the same observation (the twin has no history of its own)
        assert coach.coach_view(a) == coach.coach_view(b)
        move = player.choose(a)
        if move is None:
            break
        for m in a["legal_moves"]:
            assert judge(a, m) == judge(b, m)
        if step % 13 == 0:
            ga = grade_move(a, move, samples=3, seconds=None, seed=step)
            gb = grade_move(b, move, samples=3, seconds=None, seed=step)
            assert ga == gb and judge(a, move, ga).sentence == judge(b, move, gb).sentence
            graded += 1
        game.play(move)
    assert graded >= 1

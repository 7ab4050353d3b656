"""Lessons 03 and 04 in every language (issue 28): a drill, check_answer, check_move,
effect_text and reveal speak the locale they are given, with no English vocabulary of
their own; English stays the default; an unknown locale is refused clearly.

Parts that come from fair/ (the Coach's note, a grade's words, a tip's measured worth) are
rendered in the locale too, but they are fair/'s sentences: the tests take them out before
looking for English words, so they check only what the lesson helpers say themselves."""

from __future__ import annotations

import re
import warnings
from html import escape
from pathlib import Path

import pytest

from terrace_widget import lessons
from terrace_widget.fair import coach, tips
from terrace_widget.fair.tips import TIP_NAMES
from terrace_widget.i18n import MissingTranslationWarning, UnknownLocaleError, translator
from terrace_widget.lessons import drills
from terrace_widget.lessons.drills import Progress
from terrace_widget.lessons.trainer import Drill

LANGUAGES = ("el", "uk", "ru", "ca")
ENGLISH = re.compile(
    r"\b(the|and|of|to|is|with|without|this|your|you|move|moves|hint|tip|tips|position|"
    r"positions|solved|stars|try|again|deals?|played|coach|right|answer|best|find|look|"
    r"play|won|lost|previous|next|show|hide|solution|write|cell|study|player|rule|"
    r"characters|used|chosen|these)\b",
    re.IGNORECASE,
)
"""English words the lesson helpers use (none is a word of el, uk, ru or ca)."""


def english_words(text: str, *parts_from_fair: str) -> list[str]:
    """The English words left in ``text`` once fair/'s own sentences are taken out, and
    move notations (``t3-f1``), file paths and identifiers are ignored."""
    for part in parts_from_fair:
        text = text.replace(part, " ")
    words = [w for w in text.split() if not re.search(r"[-/_#.]\w|\d", w)]
    return ENGLISH.findall(" ".join(words))


@pytest.fixture(autouse=True)
def _every_id_translated() -> object:
    with warnings.catch_warnings():
        warnings.simplefilter("error", MissingTranslationWarning)
        yield


@pytest.fixture(scope="module")
def base_moment() -> lessons.TipMoment:
    return lessons.tip_moment("terrace", 14, "base")


def a_position(stage: drills.Stage) -> int:
    """A position with a wrong move whose best move is not the deal (a move's notation)."""
    return next(k for k, p in enumerate(stage.positions) if p.wrong_moves() and p.best != "deal")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_drill_speaks_its_tables_language(lang: str, tmp_path: Path) -> None:
    tr = translator(lang)
    trainer = Drill("klondike-reorder", progress=Progress("ann", tmp_path / "p.json"), locale=lang)
    assert trainer.locale == trainer.table.session.locale == lang
    trainer.go(a_position(trainer.stage))
    position = trainer.position
    line = trainer.table.session.view["message"]["text"]
    assert trainer.goal in line and not english_words(line), line
    assert not english_words(trainer.summary())
    assert not english_words(tr.render(trainer.stage.counts_text))
    hints = [trainer.ask_hint() for _ in drills.HINT_RUNGS]
    for text in hints:
        assert text and not english_words(text), text
    assert position.best in hints[-1]
    wrong = position.wrong_moves()[0]
    trainer.table.play(wrong)
    verdict = trainer.verdict
    assert verdict is not None and not verdict.right
    said = trainer.table.session.view["message"]["text"]
    before = position.game().observation()
    from_fair = [
        tr.render(coach.grade_words(verdict.grade)),
        tr.render(drills.idea_of(trainer.stage.spec).note(wrong, before)),
    ]
    assert said.startswith("✗ ") and not english_words(said, *from_fair), said
    trainer.retry()
    trainer.table.play(position.best)
    assert trainer.verdict is not None and trainer.verdict.right
    assert trainer.table.session.view["message"]["text"].endswith("☆☆☆")  # hints cost stars


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_drill_widget_speaks_the_locale(
    lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path))
    box = lessons.drill("terrace-base", learner="ann", locale=lang)
    heading, status, table, row, verdict = box.children
    assert table.session.locale == lang
    for text in (heading.value, status.value, *(b.description for b in row.children)):
        assert not english_words(re.sub(r"<[^>]+>", " ", text)), text
    assert escape(translator(lang).gettext(drills.SELECTION_RULE)) in heading.value
    assert verdict.value == "<p class='tw-drill-verdict'></p>"


def test_english_stays_the_default_and_a_stage_reads_as_before(tmp_path: Path) -> None:
    trainer = Drill("klondike-reorder", progress=Progress("ann", tmp_path / "p.json"))
    assert trainer.locale == "en"
    assert trainer.table.session.view["message"]["text"] == f"Your move. {trainer.goal}"
    assert trainer.summary().startswith("Position 1 of ")
    stage = trainer.stage
    assert str(stage.counts_text).startswith(f"In the study ({stage.source}, {stage.deals} deals)")
    assert drills.source_of(stage.spec) == stage.source  # the saved file's words
    assert lessons.check_answer("4C", "4C") == "✓ Right."
    assert lessons.reveal("x").children[0].description == "Show the solution"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_check_answer_speaks_the_locale(lang: str) -> None:
    answers = [
        lessons.check_answer("", "4C", locale=lang),
        lessons.check_answer("x" * 500, "4C", locale=lang),
        lessons.check_answer(" 4♣ ", "4C", locale=lang),
        lessons.check_answer("5C", "4C", locale=lang),
    ]
    assert [a[:1] for a in answers[1:]] == ["✗", "✓", "✗"]
    assert "200" in answers[1]
    for answer in answers:
        assert not english_words(answer), answer


@pytest.mark.parametrize("lang", LANGUAGES)
def test_check_move_and_the_moment_speak_the_locale(
    lang: str, base_moment: lessons.TipMoment
) -> None:
    tr = translator(lang)
    moment = base_moment
    game = moment.game()
    assert not english_words(lessons.check_move(moment, game, locale=lang))
    for move in (moment.with_tip, moment.without_tip):
        played = moment.game()
        played.play(move)
        answer = lessons.check_move(moment, played, locale=lang)
        note = coach.note_for(moment.game().observation(), move)
        assert move in answer and not english_words(answer, tr.render(note) if note else ""), answer
    said = type(moment)(**{**moment.__dict__, "locale": lang}).text
    assert not english_words(said, tr.render(TIP_NAMES[moment.tip])), said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_effect_text_and_reveal_speak_the_locale(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    row = {"spec": "terrace", "tip": "deal-on", "deals": 2000, "with": 0.113,
           "without": 0.0875, "difference": 0.0255, "low": 0.0146, "high": 0.0367}  # fmt: skip
    monkeypatch.setattr(tips, "measured", lambda: {"player_version": "1", "effects": [row]})
    tr = translator(lang)
    text = lessons.effect_text("terrace", "deal-on", locale=lang)
    assert "11.3%" in text and "2000" in text
    assert not english_words(text, tr.render(tips.effect_words("terrace", "deal-on"))), text
    assert not english_words(lessons.effect_text("terrace", "base", locale=lang))
    box = lessons.reveal("t2-f6", locale=lang)
    button, shown = box.children
    assert button.description == tr.gettext("Show the solution") != "Show the solution"
    button.click()
    assert button.description == tr.gettext("Hide the solution") and "t2-f6" in shown.value
    [says] = [r["says"] for r in lessons.effects_table("terrace", locale=lang)]
    assert says == tr.render(TIP_NAMES["deal-on"])


def test_an_unknown_locale_is_refused_clearly(base_moment: lessons.TipMoment) -> None:
    for call in (
        lambda: lessons.check_answer("4C", "4C", locale="xx"),
        lambda: lessons.check_move(base_moment, base_moment.game(), locale="xx"),
        lambda: lessons.effect_text("terrace", "base", locale="xx"),
        lambda: lessons.reveal("x", locale="xx"),
        lambda: lessons.tip_moment("terrace", 14, "base", locale="xx"),
        lambda: Drill(
            "klondike-reorder", progress=Progress("ann", "/nonexistent/p.json"), locale="xx"
        ),
    ):
        with pytest.raises(UnknownLocaleError, match="no translation for locale 'xx'"):
            call()

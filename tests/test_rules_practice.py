"""Lesson 02's practices (terrace_widget/lessons/rules_practice.py) on their live tables: a
right move gives ✓, a legal wrong one ✗, a refused one is refused and judged nothing, Try
again brings back the exact start, and the judges go by what a move does, not its text."""

from __future__ import annotations

import inspect

import pytest

from terrace_widget import Game, IllegalMoveError
from terrace_widget.i18n import LOCALES, Message, translator
from terrace_widget.lessons import PRACTICES, Practice, practice
from terrace_widget.lessons.rules_practice import QUIET

# For each practice: moves that do what it asks (two different ones where the position has
# two), legal moves that do not, and moves the rules refuse (the ones its goal asks to try).
MOVES: dict[str, tuple[list[str], list[str], list[str]]] = {
    "base": (["t4-f1", "t4-f5"], ["t1-f1", "t2-f3"], ["deal"]),
    "corner": (["waste-f1"], ["deal"], ["t2-f1"]),
    "base-rank": (["t3-t2", "t1-t4"], ["t1-f1", "deal"], ["waste-t1"]),
    "reserve": (["reserve-f1", "reserve-f2"], ["deal"], ["reserve-t1"]),
    "lock": (["waste-t2", "waste-t9"], ["reserve-f1"], ["deal", "t3-t2"]),
    "fill": (["t1-f1", "t1-f2"], ["deal"], ["reserve-t1"]),
    "generals": (["waste-f1", "waste-t2"], ["reserve-f3"], ["deal", "waste-f2"]),
    "ace": (["t1-f1", "t1-f3"], ["t3-t2", "deal"], ["t2-t1"]),
    "group": (["t1-t2x3", "t1-t4x3"], ["t1-t3x2", "deal"], ["t1-t2x2"]),
    "space": (["t4-t1x3", "t5-t1"], ["t4-t2"], ["t2-t1", "t3-t1x3"]),
    "down": (["f1-t1"], ["f2-t2", "deal"], ["waste-t1"]),
    "three": (["waste-t4", "waste-t6"], ["deal"], ["waste-t1x2", "waste-f1"]),
    "redeal": (["deal"], ["waste-f4"], ["waste-t1"]),
}


def state(game: Game) -> tuple[object, ...]:
    """Everything a position is: its piles (face-down cards marked), base, lock, redeals,
    history and status."""
    return (
        {p: list(game.piles[p]) for p in game.pile_names},
        game.base_rank,
        game.stock_locked,
        game.redeals_left,
        [str(m) for m in game.history],
        game.status,
    )


def line(p: Practice) -> str:
    return str(p.table.session.view["message"]["text"])


def test_every_practice_of_the_lesson_is_covered_in_section_order() -> None:
    assert set(MOVES) == set(PRACTICES)
    assert [p.section for p in PRACTICES.values()] == list(range(1, 14))
    for found in PRACTICES.values():
        assert found.game().rules.id == found.variant
        assert found.game().status not in ("won", "lost")
        assert isinstance(found.goal, Message)


@pytest.mark.parametrize("name", list(MOVES))
def test_a_practice_judges_by_effect_and_retry_restores_the_start(name: str) -> None:
    rights, wrongs, refused = MOVES[name]
    p = practice(name)
    start = state(p.table.game)
    assert start == state(PRACTICES[name].game())
    assert p.status() == f"Not played yet. {PRACTICES[name].goal}"
    assert line(p) == f"Your move. {PRACTICES[name].goal}"
    for move in refused:
        with pytest.raises(IllegalMoveError):
            p.table.play(move)
        assert p.verdict is None and state(p.table.game) == start
    seq = p.table.session.view["seq"]
    intent = {"kind": "deal"} if refused[0] == "deal" else {"kind": "move", "move": refused[0]}
    reason = p.table.handle_intent({**intent, "seq": seq})  # as the browser sends it
    assert reason and line(p) == reason and p.verdict is None  # the table says why
    # On the table, one right and one wrong move (the judge-only test below plays them all).
    for move, right in ((rights[0], True), (wrongs[0], False)):
        p.table.play(move)
        assert p.verdict is not None and p.verdict[0] is right
        assert line(p) == p.status() and line(p)[0] == ("✓" if right else "✗")
        p.retry()
        assert p.verdict is None and state(p.table.game) == start
        assert line(p) == f"Your move. {PRACTICES[name].goal}"


def test_only_the_first_move_is_judged() -> None:
    p = practice("lock")
    p.table.play("reserve-f1")  # legal, and the stock stays locked
    p.table.play("waste-t2")  # this one would unlock it, but the verdict is given
    assert p.verdict is not None and not p.verdict[0]
    assert p.status().startswith("✗")


@pytest.mark.parametrize("name", list(MOVES))
def test_a_judge_sees_only_the_games_before_and_after(name: str) -> None:
    found = PRACTICES[name]
    assert list(inspect.signature(found.judge).parameters) == ["before", "after"]
    rights, wrongs, _ = MOVES[name]
    for move in rights + wrongs:
        before, after = found.game(), found.game()
        after.play(move.upper().replace("DEAL", "stock"))  # another spelling, the same move
        right, reason = found.judge(before, after)
        assert right == (move in rights) and isinstance(reason, Message)


def test_two_moves_with_the_same_effect_are_credited_alike() -> None:
    # Different moves that do the same thing get the same verdict, word for word.
    for name, (a, b) in {
        "base": ("t4-f1", "t4-f5"),
        "lock": ("waste-t2", "waste-t9"),
        "fill": ("t1-f1", "t1-f2"),
        "generals": ("waste-f1", "waste-t2"),
        "ace": ("t1-f1", "t1-f3"),
        "group": ("t1-t2x3", "t1-t4x3"),
        "three": ("waste-t4", "waste-t6"),
    }.items():
        found = PRACTICES[name]
        verdicts = []
        for move in (a, b):
            after = found.game()
            after.play(move)
            verdicts.append(found.judge(found.game(), after))
        assert verdicts[0] == verdicts[1] and verdicts[0][0], name
    # A double-click sends the card up as a drag would.
    p = practice("corner")
    assert p.table.to_foundation("waste")
    assert p.verdict is not None and p.verdict[0]


def test_the_judge_looks_at_the_position_not_the_move() -> None:
    # The same move text from another position is judged by what it does there.
    unlock = PRACTICES["lock"].judge
    free = Game.from_piles("terrace", {**QUIET, "waste": ["8H"]}, base_rank=3)
    after = free.copy()
    after.play("waste-t9")
    assert unlock(free, after)[0] is False  # nothing was locked: nothing unlocked


@pytest.mark.parametrize("lang", LOCALES[1:])
def test_a_practice_speaks_the_tables_language(lang: str) -> None:
    tr = translator(lang)
    for found in PRACTICES.values():  # every goal has a translation (else a warning: an error)
        assert tr.render(Message("Not played yet. {goal}", params={"goal": found.goal}))
    name = {"el": "lock", "uk": "group", "ru": "down", "ca": "fill"}[lang]
    p = practice(name, locale=lang)
    goal = tr.render(PRACTICES[name].goal)
    assert p.table.session.locale == lang and goal != PRACTICES[name].goal
    assert p.status().endswith(goal) and line(p).endswith(goal)
    assert not p.status().startswith("Not played")
    heading, table, button = p.widget().children
    assert goal in heading.value and table is p.table
    assert button.description == tr.gettext("Try again") != "Try again"
    p.table.play(MOVES[name][0][0])
    assert p.verdict is not None and p.verdict[0]
    assert p.status() == line(p) == f"✓ {tr.render(p.verdict[1])}"
    assert p.verdict[1] not in p.status()  # not the English sentence


def test_every_verdict_reads_in_every_language() -> None:
    # Each judge's sentences, with their cards and piles, in each language's cases.
    for name, (rights, wrongs, _) in MOVES.items():
        found = PRACTICES[name]
        for move in rights + wrongs:
            after = found.game()
            after.play(move)
            _, reason = found.judge(found.game(), after)
            for lang in LOCALES[1:]:
                text = translator(lang).render(reason)
                assert text != reason and text[0] == text[0].upper() and "{" not in text

"""Exercises that check the answer, and practice positions judged by what the move does."""

from __future__ import annotations

import pytest

from terrace_widget import Game, IllegalMoveError
from terrace_widget.lessons import Practice, check_answer

FILLERS = ["KC", "KS", "QC", "QS", "JC", "JS", "TC", "TS", "9C"]
QUIET = {f"t{i}": [card] for i, card in enumerate(FILLERS, 1)}


def test_an_answer_is_checked_without_giving_it_away() -> None:
    assert check_answer("", "4C").startswith("Write your answer")
    assert check_answer(None, "4C").startswith("Write your answer")
    assert check_answer(" 4♣ ", "4C") == "✓ Right."
    assert check_answer("4c", ["4D", "4C"]) == "✓ Right."
    assert check_answer("10♦", "TD") == "✓ Right."
    assert check_answer(3, 3) == "✓ Right."
    wrong = check_answer("5C", "4C")
    assert wrong.startswith("✗") and "4C" not in wrong
    assert "at most" in check_answer("x" * 500, "4C")


def unlocks(before: Game, after: Game) -> tuple[bool, str]:
    if before.stock_locked and not after.stock_locked:
        return True, "the stock deals again"
    return False, "still locked"


def locked() -> Game:
    piles = {**QUIET, "t2": [], "reserve": ["QH", "6C"], "waste": ["5D", "8H"], "stock": ["9H"]}
    return Game.from_piles("terrace", piles, base_rank=3, stock_locked=True)


def test_a_practice_judges_the_first_move_on_its_live_table() -> None:
    practice = Practice(locked(), "Unlock the stock.", unlocks)
    assert practice.status().startswith("Not played yet")
    with pytest.raises(IllegalMoveError):
        practice.table.play("deal")  # refused by the rules, and nothing is judged
    assert practice.verdict is None
    practice.table.play("waste-t2")
    assert practice.verdict == (True, "the stock deals again")
    assert practice.table.session.view["message"]["text"] == "✓ the stock deals again"
    practice.retry()
    assert practice.verdict is None and practice.table.game.stock_locked
    practice.table.play("waste-t9")  # 8♥ on 9♣: a card left the waste too
    assert practice.verdict is not None and practice.verdict[0]

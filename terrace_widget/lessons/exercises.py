"""Exercises that check the learner's answer, and practice positions on a live table.

``check_answer`` compares a written answer (a card, a move, a number) with the one the
lesson computes, and says ✓ or ✗ without giving the answer away. ``Practice`` puts a
position on a table and judges the learner's first move there by what it does (a
predicate on the game before and after the move), with the engine's refusal shown when a
move is refused. Its goal and verdicts are shown in the table's language.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from ..game.game import Game
from ..i18n import message, translator
from ..rules.moves import Move
from ..table.widget import TerraceWidget

SUITS = str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C"})
MAX_ANSWER_CHARS = 200


def normal(answer: object) -> str:
    """An answer as compared: suit symbols as letters, no spaces, upper case."""
    text = str(answer).translate(SUITS)
    return "".join(text.split()).upper().replace("10", "T")


def check_answer(
    given: object, expected: object | list[object], *, locale: str | None = None
) -> str:
    """✓ when ``given`` is (one of) ``expected``, ✗ otherwise; a prompt when nothing
    was written yet. The expected answer is not shown. The words are in ``locale`` (the
    kernel's language when ``None``)."""
    tr = translator(locale)
    if given is None or (isinstance(given, str) and not given.strip()):
        return tr.render(
            message("Write your answer in the cell above (between the quotes), then run this cell.")
        )
    if len(str(given)) > MAX_ANSWER_CHARS:
        return "✗ " + tr.render(
            message("An answer is at most {most} characters.", most=MAX_ANSWER_CHARS)
        )
    wanted = expected if isinstance(expected, list) else [expected]
    if normal(given) in {normal(w) for w in wanted}:
        return "✓ " + tr.render(message("Right."))
    return "✗ " + tr.render(message("Not this one: look again, or open the solution."))


class Practice:
    """A position on a live table and a goal; the learner's first move is judged by what it
    does: ``judge(before, after)`` (the game before the move and after it) -> (right,
    reason). ``goal`` and the reasons may be :class:`~terrace_widget.i18n.Message` objects:
    the table shows them in its language (``locale``)."""

    def __init__(
        self,
        game: Game,
        goal: str,
        judge: Callable[[Game, Game], tuple[bool, str]],
        *,
        table: TerraceWidget | None = None,
        locale: str | None = None,
    ) -> None:
        self.start = game.copy()
        self.goal = goal
        self.judge = judge
        self.table = table if table is not None else TerraceWidget(game=game.copy(), locale=locale)
        self.table.auto_finish = False
        self.verdict: tuple[bool, str] | None = None
        self.table.on_move(self._moved)
        self.retry()

    def tr(self, text: str) -> str:
        """``text`` in the table's language."""
        return self.table.session.tr(text)

    def retry(self) -> None:
        """The position again."""
        self.verdict = None
        self.table.load(self.start.copy())
        self.table.session.tell("info", self.tr(message("Your move. {goal}", goal=self.goal)))

    def _moved(self, _table: object, _moves: list[Move]) -> None:
        history = self.table.game.history
        at = len(self.start.history)
        if self.verdict is None and len(history) > at:
            before, after = self.start.copy(), self.start.copy()
            after.play(history[at])
            self.verdict = self.judge(before, after)
            self.table.session.tell("info", self.status())

    def status(self) -> str:
        """The verdict so far, in the table's language."""
        if self.verdict is None:
            return self.tr(message("Not played yet. {goal}", goal=self.goal))
        return f"{'✓' if self.verdict[0] else '✗'} {self.tr(self.verdict[1])}"

    def widget(self) -> Any:
        """The goal, the table and a Try again button (ipywidgets)."""
        import ipywidgets  # type: ignore[import-untyped]

        button = ipywidgets.Button(description=self.tr(message("Try again")))
        button.on_click(lambda _b: self.retry())
        goal = ipywidgets.HTML(f"<b>{html.escape(self.tr(self.goal), quote=False)}</b>")
        return ipywidgets.VBox([goal, self.table, button])

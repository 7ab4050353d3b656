"""A drill on a live table: the stage's positions one by one, the learner's move judged
at once (✓/✗ with the reason on the table's message line), a hint ladder that costs
stars, and the stars kept in the learner's progress file.

``Drill`` holds the state and works without a browser (tests drive it with
``table.play``); :func:`drill` lays it out with ipywidgets for a notebook. Everything runs
on the kernel's thread, at once: no process, no thread (JupyterLite runs it as it is).
"""

from __future__ import annotations

from html import escape
from typing import Any

from ..game.game import Observation
from ..i18n import message
from ..rules.moves import Move
from ..table.widget import TerraceWidget
from .drills import (
    HINT_RUNGS,
    SELECTION_RULE,
    STARS,
    Progress,
    Stage,
    Verdict,
    hint,
    judge,
    stage,
    stars_for,
)


class Drill:
    """One stage on one table. ``table``: the table to drill on (a new one by default, in
    ``locale``: the kernel's language when ``None``). The drill speaks its table's language."""

    def __init__(
        self,
        stage_id: str | Stage,
        *,
        learner: str | None = None,
        progress: Progress | None = None,
        table: TerraceWidget | None = None,
        locale: str | None = None,
    ) -> None:
        self.stage = stage(stage_id) if isinstance(stage_id, str) else stage_id
        self.progress = progress if progress is not None else Progress(learner)
        # Drill positions are practice, not games: they are kept out of the statistics.
        self.table = (
            table
            if table is not None
            else TerraceWidget(
                self.stage.spec.variant,
                statistics=False,
                show_statistics=False,
                locale=locale,
                hint_mode="fair",  # the table's own Hint sees what the learner sees
                fair=True,  # and nothing shown depends on a hidden card (no Winnable?)
            )
        )
        if table is not None and locale is not None:
            self.table.session.locale = locale
        self.table.auto_finish = False
        self.index = 0
        self.rungs = 0
        """Hint rungs used at this position."""
        self.misses = 0
        """Wrong answers at this position (each costs a star, like a hint)."""
        self.verdict: Verdict | None = None
        self._before: Observation | None = None
        self.listeners: list[Any] = []
        """Called with no argument after every change (the notebook's layout redraws)."""
        self.table.on_move(self._moved)
        self.go(0)

    @property
    def locale(self) -> str:
        """The drill's language: its table's."""
        return self.table.session.locale

    def tr(self, text: str) -> str:
        """``text`` (a message or a marked id) in the drill's language."""
        return self.table.session.tr(text)

    # ---------------------------------------------------------------- positions
    @property
    def position(self) -> Any:
        return self.stage.positions[self.index]

    @property
    def goal(self) -> str:
        """The goal sentence of the position, in the drill's language."""
        spec = self.stage.spec
        goal = spec.goal if self.position.kind == "helped" else spec.goal_hurt
        return self.tr(message(goal))

    def go(self, index: int) -> None:
        """Put position ``index`` on the table (a fresh start of it)."""
        if not isinstance(index, int) or not 0 <= index < len(self.stage.positions):
            raise ValueError(f"a position is 0 to {len(self.stage.positions) - 1}, not {index!r}")
        self.index = index
        self.rungs = self.misses = 0
        self._start()

    def _start(self) -> None:
        game = self.position.game()
        self._before = game.observation()
        self.verdict = None
        self.table.load(game)
        self.table.session.tell("info", self.tr(message("Your move. {goal}", goal=self.goal)))
        self._changed()

    def retry(self) -> None:
        """The same position again (the hints and misses so far still count)."""
        self._start()

    def close(self) -> None:
        """Stop judging the table's moves (the table may then serve another drill)."""
        self.table.on_move(self._moved, remove=True)
        self.listeners.clear()

    def next(self) -> None:
        self.go((self.index + 1) % len(self.stage.positions))

    def previous(self) -> None:
        self.go((self.index - 1) % len(self.stage.positions))

    # ---------------------------------------------------------------- the learner's move
    def _moved(self, _table: object, _moves: list[Move]) -> None:
        history = self.table.game.history
        at = len(self.position.before)
        if self.verdict is not None or self._before is None or len(history) <= at:
            return
        self.answer(str(history[at]))

    def answer(self, move: str) -> Verdict:
        """Judge ``move`` at the position (the table calls it when the learner plays)."""
        assert self._before is not None
        verdict = judge(self.position, self.stage.spec, self._before, move, locale=self.locale)
        self.verdict = verdict
        if verdict.right:
            self.progress.record(self.stage.spec.id, self.index, self.stars_now)
            ending = f" {'★' * self.stars_now}{'☆' * (STARS - self.stars_now)}"
        else:
            self.misses += 1
            ending = " " + self.tr(message("Try again, or ask for a hint."))
        self.table.session.tell("info", verdict.reason + ending)
        self._changed()
        return verdict

    @property
    def stars_now(self) -> int:
        """What a right answer earns now."""
        return max(0, stars_for(self.rungs) - self.misses)

    def ask_hint(self) -> str:
        """The next rung of the hint ladder (a nudge, the piles, the move); each costs a star."""
        rung = min(self.rungs, len(HINT_RUNGS) - 1)
        text, move = hint(self.position, self.stage.spec, rung, locale=self.locale)
        self.rungs = min(self.rungs + 1, len(HINT_RUNGS))
        if move is None:
            self.table.session.tell("hint", text)
        else:
            self.table.session.point(move, text)
        self._changed()
        return text

    # ---------------------------------------------------------------- progress
    def stars(self) -> dict[int, int]:
        """The learner's best stars per position of this stage."""
        return self.progress.stars(self.stage.spec.id)

    def summary(self) -> str:
        """Where the learner stands in the stage, in the drill's language."""
        stars = self.stars()
        n = len(self.stage.positions)
        return self.tr(
            message(
                "Position {index} of {n}. Solved {solved} of {n}; stars {stars} of {most}.",
                index=self.index + 1,
                n=n,
                solved=len(stars),
                stars=sum(stars.values()),
                most=STARS * n,
            )
        )

    def _changed(self) -> None:
        for listener in list(self.listeners):
            listener()


def drill(stage_id: str, *, learner: str | None = None, locale: str | None = None) -> Any:
    """The stage as a notebook widget: heading, honest counts, the table, the buttons
    (Hint, Try again, Previous, Next) and the verdict, in ``locale`` (the kernel's language
    when ``None``)."""
    import ipywidgets  # type: ignore[import-untyped]

    trainer = Drill(stage_id, learner=learner, locale=locale)
    tr = trainer.tr
    spec = trainer.stage.spec
    title, lesson = tr(message(spec.title)), tr(message(spec.lesson))
    chosen = tr(message("How these positions were chosen"))
    heading = ipywidgets.HTML(
        f"<h3>{escape(title)}</h3><p>{escape(lesson)}</p>"
        f"<p>{escape(tr(trainer.stage.counts_text))}</p>"
        f"<details><summary>{escape(chosen)}</summary>"
        f"<p>{escape(tr(message(SELECTION_RULE)))}</p></details>"
    )
    status = ipywidgets.HTML()
    verdict = ipywidgets.HTML()
    buttons = {
        tr(message("Drill hint (costs a star)")): trainer.ask_hint,
        tr(message("Try again")): trainer.retry,
        tr(message("Previous")): trainer.previous,
        tr(message("Next")): trainer.next,
    }
    row = []
    for label, action in buttons.items():
        # as wide as its words (a translated label is often longer than the default width)
        button = ipywidgets.Button(description=label, layout=ipywidgets.Layout(width="auto"))
        button.on_click(lambda _b, act=action: act())
        row.append(button)

    def redraw() -> None:
        used = tr(message("Hints used here: {n} of {most}.", n=trainer.rungs, most=len(HINT_RUNGS)))
        status.value = (
            f"<p class='tw-drill-status'><b>{escape(trainer.goal)}</b><br>"
            f"{escape(trainer.summary())} {escape(used)}</p>"
        )
        shown = trainer.verdict.reason if trainer.verdict else ""
        verdict.value = f"<p class='tw-drill-verdict'>{escape(shown)}</p>"

    trainer.listeners.append(redraw)
    redraw()
    box = ipywidgets.VBox(
        [
            heading,
            status,
            trainer.table,
            ipywidgets.HBox(row, layout=ipywidgets.Layout(flex_flow="row wrap")),
            verdict,
        ]
    )
    box.trainer = trainer
    return box

"""Learning mode: the table with the Coach on, where nothing depends on a hidden card.

:class:`CoachDesk` holds the Coach's part of a table: the judgement of the last move (at
once from the tips, then with its grade once the move is valued in the background), and
the game review once a game ends or is asked for. :func:`fair_table` turns a view into its
learning-mode version: the game is over only when no move is left (visibly), Winnable?,
the all-seeing post-mortem and the deal number are off (the view says so), and the
review's "where it slipped away" is the post-mortem.

Everything here reads ``Game.observation()`` and the moves played, as the Coach does.
"""

from __future__ import annotations

from typing import Any

from ..fair import coach as coaching
from ..fair.messages import say
from ..fair.review import Review, review_game
from ..fair.value import move_values
from ..game.game import Game, Observation

GRADE_SAMPLES = 32
"""Worlds for a move's grade at the table (value.DEFAULT_SAMPLES)."""
GRADE_SECONDS = 1.0
"""Time for a move's grade (the first world always counts)."""
REVIEW_SAMPLES = 8
"""Worlds per position for the table's review."""
REVIEW_SECONDS = 20.0
"""Time for the table's review of a game."""


class CoachDesk:
    """The Coach's state at one table: the last move's judgement and the review."""

    def __init__(self) -> None:
        self.judgement: coaching.Judgement | None = None
        self.pending: tuple[Observation, str] | None = None
        """The position before the last move and that move, while its grade is computed."""
        self.review: Review | None = None
        self.reviewing = False

    def moved(self, before: Observation, move: str) -> None:
        """A move was played from ``before``: judged at once, graded later (:meth:`grade`)."""
        self.judgement = coaching.judge(before, move)
        self.pending = (before, move)

    def clear(self) -> None:
        """The table changed otherwise (undo, new deal, …): nothing to say about it."""
        self.judgement = None
        self.pending = None
        self.review = None
        self.reviewing = False

    def grade(
        self, before: Observation, move: str, *, seconds: float | None = GRADE_SECONDS
    ) -> coaching.Judgement:
        """The judgement of ``move`` with its grade (run in the background: it plays out
        ``GRADE_SAMPLES`` worlds per legal move, within ``seconds``)."""
        values = move_values(before, samples=GRADE_SAMPLES, seconds=seconds)
        return coaching.judge(before, move, values.grade(move))

    def view(self, obs: Observation, game: Game) -> dict[str, Any]:
        """The Coach's part of the view (``view.coach``)."""
        stuck = coaching.stuck_advice(game)
        extra: dict[str, Any] = {
            "stuck": stuck.text if stuck is not None else None,
            "review": self.review.as_view() if self.review is not None else None,
            "reviewing": self.reviewing,
        }
        if stuck is None and coaching.visibly_stuck(game):
            extra["stuck"] = say("stuck.none")
        return coaching.coach_view(obs, judgement=self.judgement, extra=extra)


def run_review(game: Game, stop: Any, seconds: float = REVIEW_SECONDS) -> Review:
    """The table's review of ``game`` (a copy), stopped by ``stop()``."""
    return review_game(game, samples=REVIEW_SAMPLES, seconds=seconds, stop=stop)


def fair_table(view: dict[str, Any], game: Game, *, coach: bool = True) -> None:
    """Make ``view`` the learning-mode table (in place): the status is the observation's
    (lost only when no move is left), no Winnable?, no all-seeing post-mortem, no deal
    number; ``view.learning`` says what is off and why."""
    obs = game.observation()
    view["status"] = obs["status"]
    message = view.get("message")
    if view["status"] == "lost" and (message is None or message.get("kind") == "lost"):
        view["message"] = {"kind": "lost", "text": say("no-moves")}
    elif view["status"] == "playing" and message is not None and message.get("kind") == "lost":
        view["message"] = None
    if view["status"] not in ("won", "lost"):
        view["summary"] = None
    view["winnable_check"] = False
    view["winnable"] = None
    view["post_mortem"] = None
    view["deal_id"] = None
    why = say("learning.seeing-off" if coach else "learning.fair-off")
    view["learning"] = {"off": ["winnable", "post_mortem", "share"], "why": why}

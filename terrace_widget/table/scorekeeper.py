"""The table's scorekeeper: follows each game on the table and records it in the statistics.

The session tells it of every change (:meth:`Scorekeeper.seen`), of every hint or check
(:meth:`Scorekeeper.helped`) and of the games it must not count (a replay, a game Watch
played in: as PySolFC leaves its demo games out). A game counts once a card moved; it is
recorded when won, or as a loss when it leaves the table (a New deal, a Restart, another
game loaded, the table closed). Each game is recorded once.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Any

from ..game.game import Game
from ..game.statistics import GameResult, NewerStatisticsError, Statistics
from .deals import WINNABLE_TEXT, Deal, rule_text, share_text

__all__ = ["Scorekeeper", "Statistics", "Tally"]

TALLIES_KEPT = 64
"""How many games' tallies are kept (the table keeps at most 20 earlier games)."""


@dataclass
class Tally:
    """What happened in one game on the table."""

    game: Game
    moved: bool = False
    hints: int = 0
    undos: int = 0
    helped: bool = False
    counted: bool = True
    recorded: bool = False
    seconds: float = 0.0
    deal: Deal | None = None
    """How the deal was chosen (winnable, daily), if not at random or by seed."""


class Scorekeeper:
    """Records the table's games in ``store`` (``None``: records nothing)."""

    def __init__(self, store: Statistics | None) -> None:
        self.store = store
        self._tallies: dict[int, Tally] = {}
        self._current: Tally | None = None
        self._failed = False
        self._figures: dict[str, dict[str, Any] | None] = {}
        self.last: dict[str, Any] | None = None
        """The summary of the game last recorded (its game's figures), or ``None``."""

    def tally(self, game: Game) -> Tally:
        """The tally of ``game`` (a new one for a game not seen before)."""
        found = self._tallies.get(id(game))
        if found is None or found.game is not game:
            found = self._tallies[id(game)] = Tally(game)
            for key in list(self._tallies)[:-TALLIES_KEPT]:
                del self._tallies[key]
        return found

    def seen(self, game: Game, kind: str, seconds: float, *, checking: bool) -> None:
        """The table changed by ``kind`` (session's kinds) and shows ``game``; ``seconds``
        on its clock; ``checking``: the Winnable? indicator is on."""
        tally = self.tally(game)
        previous = self._current
        if previous is not None and previous is not tally:
            self._leave(previous)
            if kind == "restart" and tally.deal is None:
                tally.deal = previous.deal  # the same deal again
        self._current = tally
        if kind in ("move", "finish") and game.history:
            tally.moved = True
        elif kind == "undo":
            tally.undos += 1
        tally.helped |= checking
        tally.seconds = seconds
        if game.status == "won":
            self._record(tally, won=True)

    def helped(self, game: Game) -> None:
        """A hint was shown (or the solver consulted) for ``game``."""
        tally = self.tally(game)
        tally.hints += 1
        tally.helped = True

    def checked(self, game: Game) -> None:
        """The Winnable? indicator was switched on during ``game``."""
        self.tally(game).helped = True

    def exclude(self, game: Game) -> None:
        """Never record ``game`` (a replay; a game Watch played in)."""
        self.tally(game).counted = False

    def chose(self, game: Game, deal: Deal | None) -> None:
        """``game`` was dealt as ``deal`` (``None``: at random or from a seed)."""
        self.tally(game).deal = deal

    def deal_view(self, game: Game, seconds: float | None) -> dict[str, Any] | None:
        """``view.deal``: a winnable or daily deal's words, difficulty and share text."""
        deal = self.tally(game).deal
        if deal is None:
            return None
        return {
            "source": deal.source,
            "winnable": deal.difficulty != "unknown",
            "text": WINNABLE_TEXT if deal.difficulty != "unknown" else None,
            "difficulty": None if deal.difficulty == "unknown" else deal.difficulty,
            "rule": rule_text(),
            "daily": deal.daily,
            "share": share_text(deal, game, seconds) if deal.daily else None,
        }

    def close(self) -> None:
        """The table closes: the game on it leaves."""
        if self._current is not None:
            self._leave(self._current)
            self._current = None

    def _leave(self, tally: Tally) -> None:
        if tally.game.status != "won":
            self._record(tally, won=False)

    def _record(self, tally: Tally, *, won: bool) -> None:
        if tally.recorded or not tally.moved or not tally.counted or self.store is None:
            return
        tally.recorded = True
        game = tally.game
        result = GameResult(
            variant=game.variant, won=won, seconds=max(0.0, tally.seconds),
            moves=len(game.history), hints=tally.hints, undos=tally.undos,
            helped=tally.helped, daily=tally.deal.daily if tally.deal else None,
        )  # fmt: skip
        try:
            self.last = self.store.record(result)
            self._figures[game.variant] = self.last
        except (OSError, NewerStatisticsError) as error:  # statistics never stop the game
            if not self._failed:
                self._failed = True
                text = f"statistics not recorded: {type(error).__name__}: {error}"
                warnings.warn(text[:300], RuntimeWarning, stacklevel=3)

    def figures(self, variant: str) -> dict[str, Any] | None:
        """The current figures of ``variant`` (``None`` without a store or if unreadable)."""
        if self.store is None:
            return None
        if variant not in self._figures:
            try:
                self._figures[variant] = self.store.read(variant)
            except OSError:
                self._figures[variant] = None
        found = self._figures[variant]
        return None if found is None else {k: v for k, v in found.items() if k != "daily"}

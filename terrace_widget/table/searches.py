"""The table's searches as plain functions of picklable arguments, for the worker processes
(:mod:`terrace_widget.table.worker`), and what a table remembers of its verdicts.

Each function takes a copy of the game and its limits and never fails: advice is optional,
so an error gives the same answer as no answer.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import TypeVar

from ..fair import coach as coaching
from ..game.game import Game
from ..rules.hints import Hint
from ..search import advice
from ..search.solver import LostTable, share_losses

_T = TypeVar("_T")

WINNABLE_SECONDS = 15.0
"""The stated limit of the "Winnable?" search: the indicator says "checking…" until the
verdict, and "undecided" only after this many seconds without one. The search runs in the
background (a worker process) and stops as soon as the table changes."""


def safely(compute: Callable[[], _T], default: _T) -> _T:
    """``compute()``, or ``default`` if it fails: advice must never break the table."""
    try:
        return compute()
    except Exception:  # advice is optional: the table goes on without it
        return default


def hint(game: Game, coach: bool, hint_mode: str, seconds: float) -> tuple[Hint, str]:
    """The Hint button's hint and who gave it (``solver``, ``fair`` or ``classic``)."""
    if coach:  # the lesson's hint is the fair one, and says so
        found = safely(lambda: advice.advise(game, seconds=seconds, fair=True), None)
        given, by = found if found is not None else (game.hint(), "classic")
        return Hint(given.move, coaching.fair_hint(given.message)), by
    if hint_mode != "classic":
        fair = hint_mode == "fair"
        found = safely(lambda: advice.advise(game, seconds=seconds, fair=fair), None)
        if found is not None:
            return found
    return game.hint(), "classic"


SHARED_LOST_SIZE = 400_000
"""Proven-lost positions the worker keeps per game for the Winnable? checks (about 30 MB)."""
SHARED_GAMES = 2
"""Games whose proven losses a worker keeps (the most recently searched)."""
_SHARED: OrderedDict[str, LostTable] = OrderedDict()


def losses_of(game: Game) -> LostTable:
    """This process's table of proven-lost positions for ``game``'s rules."""
    rules = game.rules.id
    lost = _SHARED.get(rules)
    if lost is None:
        lost = _SHARED[rules] = LostTable(SHARED_LOST_SIZE)
    _SHARED.move_to_end(rules)
    while len(_SHARED) > SHARED_GAMES:
        _SHARED.popitem(last=False)
    return lost


def forget_losses() -> None:
    """Drop this process's proven losses (for measurements that start afresh)."""
    _SHARED.clear()


def winnable(game: Game, seconds: float) -> str:
    """The all-seeing verdict: ``winnable``, ``unwinnable`` or ``unknown`` after ``seconds``
    (no node budget: time is the only limit). The positions each check proves lost are
    kept for the next checks of the same game (:func:`losses_of`)."""

    def check() -> str:
        with share_losses(losses_of(game)):
            return str(advice.can_win(game, budget=None, seconds=seconds))

    return safely(check, "unknown")


def post_mortem(game: Game, seconds: float) -> str:
    """The lost banner's sentence: the move after which no line won."""
    return safely(lambda: advice.post_mortem(game, seconds=seconds).message, "")


def outcome(game: Game) -> str:
    """The game-over check: ``lost`` once a bounded search proves it (docs/rules.md#d5)."""
    return safely(lambda: str(game.outcome()), "playing")


Deal = tuple[str, tuple[str, ...]]


def deal_of(game: Game) -> Deal | None:
    """What identifies the deal (game and deck), ``None`` for a position set up by hand."""
    deck = game.deck
    return None if deck is None else (game.rules.id, tuple(deck))


class HistoryVerdicts:
    """The verdicts a table has seen, by deal and history, so that "Winnable?" answers at
    once where they settle it. Winnability is only ever lost along a line, never regained:
    a position after a proven loss is lost too, and every position before a winnable one
    is winnable (an Undo, a Restart). Keeps the ``size`` latest verdicts."""

    def __init__(self, size: int = 64) -> None:
        self.size = size
        self._known: OrderedDict[tuple[Deal, tuple[str, ...]], str] = OrderedDict()

    def recall(self, game: Game) -> str | None:
        """``winnable`` or ``unwinnable`` when a verdict seen settles ``game``, else ``None``."""
        deal = deal_of(game)
        if deal is None:
            return None
        history = tuple(map(str, game.history))
        for (known_deal, known), verdict in self._known.items():
            if known_deal != deal:
                continue
            if verdict == "unwinnable" and history[: len(known)] == known:
                return verdict
            if verdict == "winnable" and known[: len(history)] == history:
                return verdict
        return None

    def learn(self, game: Game, verdict: str) -> None:
        """Remember a decided verdict (``unknown`` teaches nothing)."""
        deal = deal_of(game)
        if deal is None or verdict not in ("winnable", "unwinnable"):
            return
        key = (deal, tuple(map(str, game.history)))
        self._known[key] = verdict
        self._known.move_to_end(key)
        while len(self._known) > self.size:
            self._known.popitem(last=False)

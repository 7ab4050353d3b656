"""Watch and learn: the fair rule player plays the deal on the table, one move at a time.

It sees only :func:`~terrace_widget.game.game.fair_observation` (what a person at the table
sees). Each move goes through the table like a player's (so Undo takes it back), with a
sentence of narration (:func:`narrate`, one function to swap for the Coach's words later).
Any other intent stops it and hands the game back. A game Watch played in is left out of
the statistics (as PySolFC leaves out its demo games).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, Protocol

from ..fair.players import Player, RulePlayer
from ..game.game import Game, Observation, fair_observation
from ..i18n import Card, MoveRef, Pile, message, plural_message
from ..rules.cards import parse_card
from .worker import loop_running


class WatchedTable(Protocol):
    """What Watch needs of a table (``TableSession`` has it)."""

    view: dict[str, Any]

    @property
    def generation(self) -> int: ...

    def current_game(self) -> Game: ...

    def watched_move(self, move: str) -> None: ...

    def refresh(self) -> None: ...


SPEEDS = {"slow": 1.5, "normal": 0.8, "fast": 0.3}
"""Seconds between two of Watch's moves, by the speed's name."""
MAX_WATCHED = 3000
"""Watch stops after this many moves (a game never needs more)."""
TEXTS = {
    "started": message("Watch: the fair player (it sees only what you see) plays this deal."),
    "stopped": message("Watch stopped: the game is yours again."),
    "done-won": message("Watch: the fair player won this deal."),
    "done-stuck": message("Watch: the fair player sees no good move left; the game is yours."),
    "finished": message("Watch: the game is over."),
}
"""Every sentence Watch shows, in one place (messages: rendered in the table's language)."""
NarrateFn = Callable[[Observation, str], str]


def narrate(obs: Observation, move: str) -> str:
    """One short sentence for ``move`` played in ``obs`` (it reads only the observation),
    rendered in the table's language where it is shown."""
    source, _, rest = move.partition("-")
    target, _, count = rest.partition("x")
    if source == "stock" or move == "deal":
        return message("It deals from the stock.")
    pile = obs["piles"].get(source, [])
    number = int(count) if count.isdigit() else 1
    top = pile[-number] if len(pile) >= number else None
    if not top or top.startswith("#"):
        return message("It plays {move}.", move=MoveRef(move))
    where = {"card": Card(parse_card(top)), "source": Pile(source)}
    if target.startswith("f") and obs["status"] == "choosing-base":
        return message("It moves {card} from {source} to a foundation: its rank is the base.",
                       **where)  # fmt: skip
    if target.startswith("f") and number == 1:
        return message("It moves {card} from {source} up to a foundation.", **where)
    if target.startswith("f"):
        return plural_message(
            "It moves {card} and the {n} card on it from {source} up to a foundation.",
            "It moves {card} and the {n} cards on it from {source} up to a foundation.",
            number - 1, **where,
        )  # fmt: skip
    if number == 1:
        return message("It moves {card} from {source} to {target}.", target=Pile(target),
                       **where)  # fmt: skip
    return plural_message(
        "It moves {card} and the {n} card on it from {source} to {target}.",
        "It moves {card} and the {n} cards on it from {source} to {target}.",
        number - 1, target=Pile(target), **where,
    )  # fmt: skip


class Watcher:
    """Watch on one table: :meth:`start`, :meth:`stop`, and the part of the view it adds."""

    def __init__(self, session: WatchedTable, narrator: NarrateFn = narrate) -> None:
        self.session = session
        self.narrate = narrator
        self.player: Player = RulePlayer()
        self.delay = SPEEDS["normal"]
        self.on = False
        self.said: str | None = None
        self._task: asyncio.Task[None] | None = None

    def view(self) -> dict[str, Any]:
        """``view.watch``: whether Watch plays, its speed, and its last sentence."""
        speed = next((k for k, v in SPEEDS.items() if v == self.delay), "normal")
        return {"on": self.on, "speed": speed, "say": self.said}

    def start(self, speed: str | float | None = None) -> str | None:
        """Start playing (at ``speed``: a name of :data:`SPEEDS`); why not, or ``None``."""
        if speed is not None:
            if isinstance(speed, str) and speed in SPEEDS:
                self.delay = SPEEDS[speed]
            else:
                return message("the speed is one of {speeds}", speeds=", ".join(SPEEDS))
        if self.session.view.get("status") not in ("playing", "choosing-base"):
            return message("the game is over: deal again to watch")
        self.player.reset()
        self.on = True
        self.said = TEXTS["started"]
        self.session.refresh()
        if not loop_running():
            self._play_all()
        else:
            self._task = asyncio.get_running_loop().create_task(self._run())
        return None

    def stop(self, text: str | None = None) -> None:
        """Stop (after the move under way), saying ``text`` (``stopped`` by default)."""
        if not self.on:
            return
        self.on = False
        if self._task is not None and self._task is not asyncio.current_task():
            self._task.cancel()
        self._task = None
        self.said = text or TEXTS["stopped"]
        self.session.refresh()

    def _step(self) -> bool:
        """Play one move; ``False`` when Watch is done."""
        session = self.session
        game = session.current_game()
        obs = fair_observation(game)
        if obs["status"] not in ("playing", "choosing-base"):
            self.stop(TEXTS["done-won"] if obs["status"] == "won" else TEXTS["finished"])
            return False
        move = self.player.choose(obs)
        if move is None:
            self.stop(TEXTS["done-stuck"])
            return False
        self.said = self.narrate(obs, move)
        session.watched_move(move)
        return True

    def _play_all(self) -> None:
        for _ in range(MAX_WATCHED):
            if not self.on or not self._step():
                return
        self.stop()

    async def _run(self) -> None:
        expected = self.session.generation
        for _ in range(MAX_WATCHED):
            await asyncio.sleep(self.delay)
            if not self.on:
                return
            if self.session.generation != expected:
                self.stop()
                return
            if not self._step():
                return
            expected = self.session.generation
        self.stop()

"""``TerraceWidget``: the table in a notebook, drawn by ``js/`` and ruled by the kernel.

The kernel is the single source of truth (docs/widget-protocol.md): the browser gets the
engine's observation in the ``view`` trait and sends intents, which are validated by the
engine. Nothing the browser sends can change the game except through a legal move. The
table itself (history, intents, searches, the view) is a :class:`~.session.TableSession`;
this class only syncs it with the browser.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..game.game import Game
from ..game.render import svg_board
from ..rules.moves import Move
from ..rules.variants import Rules
from .locale import Localized
from .players import PlayerMethods, session_options
from .searches import WINNABLE_SECONDS
from .session import (  # noqa: F401  (public names of this module before the split)
    BROWSER,
    BROWSER_NOTE,
    BROWSER_SECONDS,
    FINISH_DELAY,
    FINISH_STEP,
    GAMES_KEPT,
    HINT_MODES,
    LOSS_CHECK_DELAY,
    LOST_TEXT,
    MAX_MOVE_CHARS,
    MAX_REASON_CHARS,
    THINKING,
    TableSession,
    finishing_moves,
)

STATIC = Path(__file__).parent / "static"
MoveCallback = Callable[["TerraceWidget", list[Move]], Any]
_SETTINGS = ("hint_seconds", "hint_mode", "show_winnable", "auto_finish", "winnable_seconds",
             "post_mortem_seconds", "coach", "locale")  # fmt: skip


class TerraceWidget(Localized, PlayerMethods, anywidget.AnyWidget):
    """Play one of the eleven games with the mouse, touch or keyboard.

    Python drives the same table: ``w.play("t3-f1")``, ``w.undo()``, ``w.new_game("wood")``.
    """

    _esm = STATIC / "widget.js"
    _css = STATIC / "widget.css"
    view = traitlets.Dict().tag(sync=True)
    hint_seconds = traitlets.Float(1.0)
    """Wall-time budget of the solver's hint (then the classic hint is given instead)."""
    hint_mode = traitlets.Enum(HINT_MODES, "solver")
    """``solver`` (sees every card), ``fair`` (only what the player has seen) or ``classic``."""
    show_winnable = traitlets.Bool(False)
    """The "can this still be won?" indicator (``view.winnable``), checked after each change."""
    auto_finish = traitlets.Bool(True)
    """After a player's move, play the last cards up when nothing is left to decide."""
    winnable_seconds = traitlets.Float(WINNABLE_SECONDS)  # Winnable?'s limit (searches.py)
    post_mortem_seconds = traitlets.Float(3.0)
    coach = traitlets.Bool(False)
    """The Coach (``view.coach``): the strategy tips' marks on the table, a sentence when a
    move goes against a tip, and the fair hint. It reads only what the player sees."""

    def __init__(
        self,
        variant: str | Rules = "terrace",
        seed: int | None = None,
        *,
        game: Game | None = None,
        hint_seconds: float = 1.0,
        hint_mode: str = "solver",
        show_winnable: bool = False,
        coach: bool = False,
        locale: str | None = None,
        **players: Any,  # winnable, daily, palette, ...: players.session_options
    ) -> None:
        super().__init__(
            hint_seconds=hint_seconds, hint_mode=hint_mode, show_winnable=show_winnable,
            coach=coach,
        )  # fmt: skip
        self.session = TableSession(
            variant, seed, game=game, hint_seconds=hint_seconds, hint_mode=hint_mode,
            show_winnable=show_winnable, coach=coach, publish=self._publish, locale=locale,
            send=lambda message: self.send(message), on_setting=self.set_trait,
            **session_options(**players),
        )  # fmt: skip
        self.session.owner = self
        self.observe(self._setting_changed, names=list(_SETTINGS))
        self.on_msg(self._on_custom_msg)

    def _setting_changed(self, change: Mapping[str, Any]) -> None:
        setattr(self.session, change["name"], change["new"])

    def _on_custom_msg(self, _widget: object, content: object, _buffers: object) -> None:
        self.session.receive(content)

    # ------------------------------------------------------------ Python API (the session's)
    @property
    def game(self) -> Game:
        """A copy of the game on the table (changing it does not change the table)."""
        return self.session.game

    def play(self, move: Move | str) -> Move:
        """Play a move; an illegal one raises ``IllegalMoveError`` and changes nothing."""
        return self.session.play(move)

    def to_foundation(self, pile: str) -> list[Move]:
        """What a double-click on ``pile`` does."""
        return self.session.to_foundation(pile)

    def undo(self) -> bool:
        """Take back the last turn, or at a game's start go back to the game before it."""
        return self.session.undo()

    def redo(self) -> bool:
        """Play again the turn taken back last, or go forward to the game Undo left."""
        return self.session.redo()

    def restart(self) -> None:
        """Back to the deal; Undo brings the game as it was back."""
        self.session.restart()

    def load(self, game: Game) -> None:
        """Put a copy of ``game`` on the table; Undo at its start takes it off."""
        self.session.load(game)

    def share(self) -> str | None:
        """Show this deal's number in the view (anyone with it can rebuild the deal)."""
        return self.session.share()

    def show_hint(self) -> str:
        """Highlight a hint (``hint_mode``, within ``hint_seconds``) and return its text."""
        return self.session.show_hint()

    def on_move(self, callback: MoveCallback, *, remove: bool = False) -> None:
        """Call ``callback(widget, moves)`` after every move, from the browser or from Python."""
        self.session.on_move(callback, remove=remove)

    def replay(self, record: Mapping[str, Any], delay: float = 0.5) -> asyncio.Task[None] | None:
        """Animate a recorded game (:meth:`Game.record`) from its deal, one turn per ``delay``
        (in a kernel: as a task, and the cell finishes at once)."""
        return self.session.replay(record, delay)

    def handle_intent(self, content: object) -> str | None:
        """Carry out one intent from the browser; return why it was refused, or ``None``."""
        return self.session.handle_intent(content)

    def close(self) -> None:
        """Close the table: its pending checks, replay and searches stop."""
        if hasattr(self, "session"):
            self.session.close()
        _forget_file_watch(self)
        super().close()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The widget, plus an SVG of the table for viewers without a kernel."""
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        if isinstance(data, dict):
            data["image/svg+xml"] = str(svg_board(self.session.game.observation(prove_loss=False)))
        return bundle


def _forget_file_watch(widget: TerraceWidget) -> None:
    """Drop the callbacks anywidget connects, for every instance, to the class's file
    contents (``_esm``, ``_css``: reloaded when the file changes): they hold the widget, so
    a closed table would never be freed."""
    # add_traits() made the instance's class a subclass: look along the whole MRO.
    for key, klass in itertools.product(("_esm", "_css"), type(widget).__mro__):
        changed = getattr(klass.__dict__.get(key), "changed", None)
        if changed is None:
            continue
        try:
            for slot in list(getattr(changed, "_slots", ())):
                callback = slot.dereference()
                cells = getattr(callback, "__closure__", None) or ()
                if any(cell.cell_contents is widget for cell in cells):
                    changed.disconnect(callback)
        except Exception:  # another anywidget version: nothing to drop, or not this way
            continue


def play(variant: str = "terrace", seed: int | None = None, **options: Any) -> TerraceWidget:
    """Open a table: ``play()`` deals Terrace, ``play("klondike", seed=7)`` a given deal,
    ``play("terrace", seed=6, coach=True)`` with the Coach on (options of the widget;
    ``winnable=True``, ``daily=True``, ``palette="four-colour"``: players.session_options)."""
    return TerraceWidget(variant, seed=seed, **options)

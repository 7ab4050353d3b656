"""``TableSession``: one solitaire table without a browser, the state behind ``TerraceWidget``.

It holds the game and its history (the games kept for Undo and Redo), carries out the
browser's intents (docs/widget-protocol.md), schedules the solver's work in the background
and builds the ``view`` the front end draws. It knows nothing of traitlets or widgets: it
hands each new view to ``publish`` and each message for the browser to ``send``, so tests
drive it directly.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import sys
import threading
import time
import warnings
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from ..game.game import Game, read_turns
from ..game.render import GEOMETRY
from ..i18n import LANGUAGE_NAMES, LOCALES, N_, Message, Translator, message, translator
from ..rules.deal import MAX_SEED
from ..rules.hints import Hint
from ..rules.limits import MAX_MESSAGE_BYTES, oversize, quote
from ..rules.moves import DEAL, Move
from ..rules.variants import VARIANTS, Rules
from ..search import advice
from . import deals as dealing
from . import learning, searches, worker
from .deck import Deck
from .scorekeeper import Scorekeeper, Statistics
from .strings import front_end_strings
from .watch import Watcher
from .worker import loop_running

MoveCallback = Callable[[Any, list[Move]], Any]

LOSS_CHECK_DELAY = 0.05
"""Seconds between a move's update and the game-over search, in a running kernel."""
_SEQ_CHECKED = {"move", "deal", "double"}
_VARIANT_MENU = [{"id": r.id, "name": r.name} for r in VARIANTS.values()]
_KINDS = {"move", "deal", "double", "undo", "redo", "restart", "hint", "new", "winnable", "share",
          "coach", "review", "watch", "deck", "settings", "locale"}  # fmt: skip
_LOCALE_MENU = [{"id": lang, "name": LANGUAGE_NAMES[lang]} for lang in LOCALES]
MAX_MOVE_CHARS = 24
"""The longest move text an intent may carry (``'waste-t4'``, ``'t2-t5x12'``)."""
MAX_REASON_CHARS = 300
"""The longest refusal the kernel sends back."""
HINT_MODES = ("solver", "fair", "classic")
THINKING = N_("Looking for a winning line…")
BROWSER = sys.platform == "emscripten"
"""In Pyodide (JupyterLite) there are no threads: advice runs on the kernel's event loop,
with searches of at most ``BROWSER_SECONDS``, and the hint says so (``BROWSER_NOTE``)."""
BROWSER_SECONDS = 0.3
THREAD_WINNABLE_SECONDS = 0.5
"""The Winnable? limit where searches run on the kernel's threads (no worker processes)."""
BROWSER_NOTE = N_("browser kernel: quick search")
LOST_TEXT = N_("This deal can no longer be won.")
WON_TEXT = N_("Congratulations, you won!")
"""The lost banner: proven, whether or not a move is left (moves are still accepted)."""
GAMES_KEPT = 20
"""How many earlier games (before a Restart or a New deal) Undo can bring back."""
FINISH_DELAY = 0.3
"""Seconds between the move that leaves a trivially won table and the auto-finish."""
FINISH_STEP = 0.06
"""Seconds between two cards of the auto-finish, in a kernel."""
_CLOCKED = {"move", "finish"}
"""The changes that start a game's clock (it waits for the first move)."""

_T = TypeVar("_T")
_SEARCH_KINDS = 6  # hint, winnable, loss, post-mortem, grade, review
"""Hint, winnable, loss, post-mortem: each kind waits for its search on a thread of its own."""
_Job = tuple[Callable[[], Any], Callable[[Any], None], Callable[[], bool]]
"""A search waiting for the worker: compute, apply, stale."""
_Done = tuple[Callable[[Any], None], Callable[[], bool], Any]
"""A search done: apply, stale, its result."""
# The solver's work (hints, "can this still be won?", post-mortems, the game-over check) runs
# in the kernel's worker processes (worker.py; a thread where there are none), on copies of
# the game, waited for by a thread of its own table: the kernel keeps answering clicks, and
# a long Winnable? search never holds up a hint (worker.LANES).
# A search whose table changed, or whose kind was asked for again (or switched off), stops
# at its next check and its result is dropped; at most one search of each kind waits per
# table, a newer request replacing the waiting one. Tables never queue behind each other
# (docs/widget-protocol.md, "Advice from the solver").


class _Kept:
    """A game off the table, kept for Undo or Redo, with its clock."""

    __slots__ = ("changed_at", "game", "started")

    def __init__(self, game: Game, started: float | None, changed_at: float) -> None:
        self.game, self.started, self.changed_at = game, started, changed_at


class TableSession:
    """One table: the game, its history, the intents, the background searches, the view.

    ``publish(view)`` receives every new view, ``send(message)`` every message for the
    browser (a refusal), and ``on_setting(name, value)`` each setting an intent changed
    (the Winnable? switch). ``owner`` is what ``on_move`` callbacks receive first.
    """

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
        auto_finish: bool = True,
        winnable_seconds: float = searches.WINNABLE_SECONDS,
        post_mortem_seconds: float = 3.0,
        publish: Callable[[dict[str, Any]], None] | None = None,
        send: Callable[[dict[str, Any]], None] | None = None,
        on_setting: Callable[[str, object], None] | None = None,
        statistics: Statistics | bool | None = True,
        show_statistics: bool = True,
        deck: Deck | None = None,
        winnable: bool = False,
        daily: bool = False,
        locale: str | None = None,
        fair: bool = False,
    ) -> None:
        self._translator: Translator = translator(locale)  # UnknownLocaleError first
        if hint_mode not in HINT_MODES:
            raise ValueError(f"hint_mode is one of {', '.join(HINT_MODES)}")
        store = Statistics() if statistics is True else statistics or None
        self._keeper = Scorekeeper(store)
        self.show_statistics = show_statistics
        """The Statistics panel (``view.statistics``); the games are recorded either way."""
        self.deck = deck if deck is not None else Deck()
        self.winnable_deals = winnable
        """New deals are deals the solver proved winnable (``view.deal``)."""
        chosen = None
        if game is None and seed is None and (winnable or daily):
            name = variant if isinstance(variant, str) else variant.id
            chosen = dealing.daily_deal(name) if daily else dealing.winnable_deal(name)
            seed = chosen.seed
        self._game = game.copy() if game is not None else Game(variant, seed=seed)
        self._watch = Watcher(self)
        self.publish = publish
        self.send = send
        self.on_setting = on_setting
        self.owner: object = self
        self.hint_seconds = hint_seconds
        """Wall-time budget of the solver's hint (then the classic hint is given instead)."""
        self.hint_mode = hint_mode
        """``solver`` (sees every card), ``fair`` (only what the player has seen) or ``classic``."""
        self.auto_finish = auto_finish
        """After a player's move, play the last cards up when nothing is left to decide."""
        self.winnable_seconds = winnable_seconds
        self.post_mortem_seconds = post_mortem_seconds
        self._show_winnable = show_winnable
        self._coach = coach
        self._fair = fair
        """A fair table without the Coach (a drill's): nothing shown depends on a hidden
        card, as in learning mode."""
        self.view: dict[str, Any] = {}
        self._seq = 0
        self._table_seq = 1  # the first seq that shows the current table
        self._generation = 0  # +1 whenever the table changes: older advice is dropped
        self._hint: dict[str, Any] | None = None
        self._message: dict[str, str] | None = None
        self._winnable: str | None = None
        self._post_mortem: str | None = None
        self._post_mortem_for = -1  # the generation whose post-mortem is asked for
        self._hint_for = -1  # the generation whose hint is being computed
        self._started: float | None = None  # the first move's time: the clock waits for it
        self._changed_at = time.time()  # when the table last changed (a finished game's time)
        self._callbacks: list[MoveCallback] = []
        self._pending_check: asyncio.TimerHandle | None = None
        self._pending_winnable: asyncio.TimerHandle | None = None
        self._pending_finish: asyncio.TimerHandle | None = None
        self._lost_for = -1  # the generation (table) proven lost by the game-over check
        # Earlier games (a Restart or a New deal put them here) and the games Undo left,
        # so Undo at a game's start brings the last one back.
        self._past: list[_Kept] = []
        self._future: list[_Kept] = []
        self._action: dict[str, Any] | None = None  # what changed the table last, for the JS
        self._worker: concurrent.futures.ThreadPoolExecutor | None = None
        self._tickets: dict[str, int] = {}  # per kind of search: +1 per request
        self._waiting: dict[str, _Job] = {}  # per kind: the one search waiting
        self._lock = threading.Lock()
        self._verdicts = searches.HistoryVerdicts()  # "Winnable?" verdicts along histories
        self._closed = False
        self._replay_task: asyncio.Task[None] | None = None
        # Deal numbers shown in the view: only deals the player chose (a seed given) or
        # asked to share, since a number rebuilds every hidden card. Trimmed to the games
        # on or off the table that Undo and Redo can still reach.
        self._shared: set[str] = set()
        if game is None and seed is not None and chosen is None:
            self._shared.add(self._game.deal_id or "")
        self._desk = learning.CoachDesk()  # the Coach: the last move's judgement, the review
        self._next_move: tuple[Any, str] | None = None
        self.review_seconds = learning.REVIEW_SECONDS
        self.grade_seconds: float | None = learning.GRADE_SECONDS
        """Time for the Coach's grade of a move (``None``: its worlds in full, the same on
        every run); in a kernel in the background, elsewhere only when ``grade_at_once``."""
        self.grade_at_once = False
        self._review_for = -1  # the generation (table) whose review was asked for
        self._keeper.chose(self._game, chosen)
        self._sync()
        self._schedule_winnable()

    # ------------------------------------------------------------ settings
    @property
    def show_winnable(self) -> bool:
        """The "can this still be won?" indicator (``view.winnable``), checked after each change."""
        return self._show_winnable

    @show_winnable.setter
    def show_winnable(self, on: bool) -> None:
        if on == self._show_winnable:
            return
        self._show_winnable = on
        if on:
            self._keeper.checked(self._game)
        self._winnable = None
        self._cancel("winnable")
        if self._pending_winnable is not None:
            self._pending_winnable.cancel()
            self._pending_winnable = None
        self._sync(prove_loss=False)
        self._schedule_winnable()
        if self.on_setting is not None:
            self.on_setting("show_winnable", on)

    @property
    def _is_fair(self) -> bool:
        """Learning mode: the Coach on, or a fair table (``fair=True``)."""
        return self._coach or self._fair

    @property
    def coach(self) -> bool:
        """The Coach (``view.coach``): the strategy tips' marks on the table, a sentence when
        a move goes against a tip, and the fair hint. It reads only what the player sees."""
        return self._coach

    @coach.setter
    def coach(self, on: bool) -> None:
        if on != self._coach:
            self._coach = on
            self._desk.clear()
            self._cancel("grade")
            self._cancel("review")
            self._sync(prove_loss=False)
            if self.on_setting is not None:
                self.on_setting("coach", on)

    @property
    def locale(self) -> str:
        """The table's language (``en``, ``el``, ``uk``, ``ru``, ``ca``): its buttons, messages,
        refusals and hints. Setting an unknown one raises ``UnknownLocaleError``."""
        return self._translator.locale

    @locale.setter
    def locale(self, value: str) -> None:
        chosen = translator(value)
        if chosen is self._translator:
            return
        self._translator = chosen
        self._sync(prove_loss=False)
        if self.on_setting is not None:
            self.on_setting("locale", chosen.locale)

    @property
    def strings(self) -> dict[str, Any]:
        """The front end's words in this table's language (see ``table/strings.py``)."""
        return front_end_strings(self._translator)

    def tr(self, text: str) -> str:
        """``text`` in this table's language (a :class:`~terrace_widget.i18n.Message` or a
        marked id; other text as it is)."""
        if isinstance(text, Message):
            return self._translator.render(text)
        return self._translator.gettext(text) if text in _MARKED else text

    # ------------------------------------------------------------ Python API
    @property
    def game(self) -> Game:
        """A copy of the game on the table (changing it does not change the table)."""
        return self._game.copy()

    def play(self, move: Move | str) -> Move:
        """Play a move; an illegal one raises ``IllegalMoveError`` and changes nothing."""
        before = self._game.observation(prove_loss=False) if self._coach else None
        played = self._game.play(move)
        if before is not None:
            self._next_move = (before, str(played))
        self._future.clear()
        self._changed([played], "move")
        return played

    def to_foundation(self, pile: str) -> list[Move]:
        """What a double-click on ``pile`` does."""
        played = self._game.to_foundation(pile)
        if played:
            self._future.clear()
            self._changed(played, "move")
        return played

    def undo(self) -> bool:
        """Take back the last turn; at the start of a game, go back to the game before it
        (a Restart or a New deal is undone like a move)."""
        game = self._game
        before = [str(m) for m in game.history]
        if game.undo():
            self._changed([], "undo", before[len(game.history) :])
            return True
        if not self._past:
            return False
        self._future.append(self._current())
        self._bring(self._past.pop())
        self._changed([], "undo-game", None, keep_time=True)
        return True

    def redo(self) -> bool:
        """Play again the turn taken back last, or go forward to the game Undo left."""
        game = self._game
        before = len(game.history)
        if game.redo():
            self._changed([], "redo", [str(m) for m in game.history[before:]])
            return True
        if not self._future:
            return False
        self._keep_current()
        self._bring(self._future.pop())
        self._changed([], "redo-game", None, keep_time=True)
        return True

    def restart(self) -> None:
        """Back to the deal; Undo brings the game as it was back. On a game without moves
        (nothing to take back or redo) nothing is kept or forgotten: the Redo path stays."""
        if self._game.history or self._game.can_redo:
            self._keep_current()
            self._game = self._game.copy()
            self._future.clear()
            self._game.restart()
        self._started = None
        self._changed([], "restart")

    def new_game(
        self,
        variant: str | Rules | None = None,
        seed: int | None = None,
        *,
        winnable: bool | None = None,
        daily: bool = False,
    ) -> None:
        """A new deal: of ``variant`` (the current game by default), from ``seed`` or at random
        (``winnable``: a deal the solver proved winnable, by default when the table deals
        only those; ``daily``: today's daily deal). Undo at its start brings the previous
        game back."""
        rules = variant if variant is not None else self._game.rules
        chosen = None
        if seed is None and (daily or (self.winnable_deals if winnable is None else winnable)):
            name = rules if isinstance(rules, str) else rules.id
            chosen = dealing.daily_deal(name) if daily else dealing.winnable_deal(name)
            seed = chosen.seed
        game = Game(rules, seed=seed)
        self._keep_current()
        self._future.clear()
        self._game = game
        self._keeper.chose(game, chosen)
        if seed is not None and chosen is None:
            self._shared.add(game.deal_id or "")
        self._started = None
        self._changed([], "new")

    def load(self, game: Game) -> None:
        """Put a copy of ``game`` on the table (a position from ``Game.from_piles``, a saved
        game); Undo at its start brings the previous game back."""
        if not isinstance(game, Game):
            raise TypeError(f"load() takes a Game, not {type(game).__name__}")
        self._keep_current()
        self._future.clear()
        self._game = game.copy()
        self._started = None
        self._changed([], "new")

    def _current(self) -> _Kept:
        return _Kept(self._game, self._started, self._changed_at)

    def _bring(self, kept: _Kept) -> None:
        self._game, self._started, self._changed_at = kept.game, kept.started, kept.changed_at

    def _keep_current(self) -> None:
        """Put the game on the table on the stack of earlier games (bounded)."""
        self._past.append(self._current())
        del self._past[:-GAMES_KEPT]

    def _trim_shared(self) -> None:
        """Forget the shown deal numbers of games Undo and Redo can no longer reach."""
        reachable = {k.game.deal_id for k in (*self._past, *self._future)}
        reachable.add(self._game.deal_id)
        self._shared &= {d for d in reachable if d is not None}

    def share(self) -> str | None:
        """Put this deal's number into the view (``view.deal_id``) and return it.

        Anyone with the number can rebuild the deal, face-down cards included, so it is
        shown only on request, or when the player chose the deal by its seed.
        """
        deal_id = self._game.deal_id
        if deal_id is not None and deal_id not in self._shared:
            self._shared.add(deal_id)
            self._sync(prove_loss=False)
        return deal_id

    def on_move(self, callback: MoveCallback, *, remove: bool = False) -> None:
        """Call ``callback(owner, moves)`` after every move, from the browser or from Python."""
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    # ------------------------------------------------------------ hints
    def show_hint(self) -> str:
        """Highlight a hint (``hint_mode``, within ``hint_seconds``) and return its text."""
        hint, by = self._compute_hint(self._game)()
        self._show(hint, by)
        return self.tr(hint.message)

    def _compute_hint(self, game: Game) -> worker.Search[tuple[Hint, str]]:
        seconds = _budget(self.hint_seconds)
        return worker.Search(searches.hint, game, self._coach, self.hint_mode, seconds)

    def _show(self, hint: Hint, by: str) -> None:
        self._keeper.helped(self._game)
        self._hint_for = -1
        self._message = None
        message = self.tr(hint.message)
        if BROWSER and (self._coach or self.hint_mode != "classic"):
            message = f"({self.tr(BROWSER_NOTE)}) {message}"  # first: a long line is cut at the end
        self._hint = {"move": None if hint.move is None else str(hint.move),
                      "message": message, "cards": advice.hint_cards(hint.move),
                      "by": by}  # fmt: skip
        self._sync(prove_loss=False)

    def _ask_hint(self) -> str | None:
        """The Hint button: at once without an event loop, else on the worker thread."""
        if (self.hint_mode == "classic" and not self._coach) or not loop_running():
            self.show_hint()
            return None
        if self._hint_for == self._generation:
            return self.tr(message("still looking for a hint for this table"))
        self._hint_for = self._generation
        self._message = {"kind": "info", "text": self.tr(THINKING)}
        self._sync(prove_loss=False)
        game = self._game.copy()
        self._in_background("hint", self._compute_hint(game), lambda result: self._show(*result))
        return None

    # ------------------------------------------------------------ replay
    def replay(self, record: Mapping[str, Any], delay: float = 0.5) -> asyncio.Task[None] | None:
        """Animate a recorded game (:meth:`Game.record`) from its deal, one turn per ``delay``.

        In a running event loop (a Jupyter kernel) this returns the task and the cell
        finishes at once; elsewhere it plays the whole record before returning.
        """
        final = Game.replay(record)  # checks the whole record before anything is shown
        turns = read_turns(record.get("moves", ""))
        if final.seed is not None:
            self._game = Game(final.rules, seed=final.seed)
            self._shared.add(self._game.deal_id or "")  # the record names its deal
        else:
            self._game = Game(final.rules, deck=final.deck)
        self._keeper.exclude(self._game)  # a replay is not the player's game
        self._started = None
        if self._replay_task is not None:
            self._replay_task.cancel()
            self._replay_task = None
        self._changed([], "new")

        def step(turn: list[str]) -> None:
            if len(turn) > 1:  # an autoplay turn (Klondike's foundation double-click)
                self.to_foundation("f1")
            else:
                self.play(turn[0])

        if not loop_running():
            for turn in turns:
                time.sleep(delay)
                step(turn)
            return None

        async def run() -> None:
            # Each step expects the table as the previous step left it: anything else
            # (New, Undo, Restart, a click, another replay) ends the replay, and says so.
            expected = self._generation
            for number, turn in enumerate(turns, 1):
                await asyncio.sleep(delay)
                if self._generation != expected:
                    text = message(
                        "The replay stopped at move {number}: the table was changed.",
                        number=number,
                    )
                    self._say("info", self.tr(text))
                    return
                try:
                    step(turn)
                except ValueError as error:  # cannot happen on an unchanged table
                    stopped = message(
                        "The replay stopped at move {number}: {error}",
                        number=number,
                        error=_reason_of(error),
                    )
                    self._say("refused", self.tr(stopped))
                    return
                expected = self._generation
            self._replay_task = None

        self._replay_task = asyncio.get_running_loop().create_task(run())
        return self._replay_task

    def _say(self, kind: str, text: str) -> None:
        """Show ``text`` in the status line (``view.message``) without changing the table."""
        self._message = {"kind": kind, "text": text}
        self._sync(prove_loss=False)

    def tell(self, kind: str, text: str) -> None:
        """Show a lesson's ``text`` in the status line (``kind``: ``info`` or ``hint``);
        the table does not change."""
        self._say(kind, str(text)[:MAX_REASON_CHARS])

    def point(self, move: Move | str, text: str) -> None:
        """Light up the piles of ``move`` with ``text`` on the hint line (a lesson's hint)."""
        found = Move.parse(move) if isinstance(move, str) else move
        self._show(Hint(found, str(text)[:MAX_REASON_CHARS]), "lesson")

    def close(self) -> None:
        """Close the table: its pending checks, replay and searches stop."""
        self._closed = True
        self._watch.stop()
        self._keeper.close()
        self._generation += 1  # any search still running stops at its next check
        for pending in (self._pending_check, self._pending_winnable, self._pending_finish):
            if pending is not None:
                pending.cancel()
        self._pending_check = self._pending_winnable = self._pending_finish = None
        if self._replay_task is not None:
            self._replay_task.cancel()
            self._replay_task = None
        if self._worker is not None:
            self._worker.shutdown(wait=False, cancel_futures=True)
            self._worker = None

    # ------------------------------------------------------------ browser intents
    def receive(self, content: object) -> None:
        """An intent from the browser: carried out, or refused with a message to ``send``."""
        reason = self.handle_intent(content)
        if reason is not None and self.send is not None:
            ident = content.get("id") if isinstance(content, dict) else None
            if isinstance(ident, bool) or not isinstance(ident, int) or abs(ident) > 2**53:
                ident = None
            self.send({"kind": "refused", "id": ident, "reason": reason})

    def handle_intent(self, content: object) -> str | None:
        """Carry out one intent from the browser; return why it was refused, or ``None``.

        An intent larger than :data:`~terrace_widget.rules.limits.MAX_MESSAGE_BYTES` or nested
        too deeply is refused before anything in it is read; a refusal quotes at most a
        short prefix of what was sent.
        """
        too_big = oversize(content, MAX_MESSAGE_BYTES)
        try:
            if too_big is not None:
                reason: str | None = f"the message is {too_big}: an intent is a few bytes"
            else:
                reason = self._intent(content)
        except ValueError as error:  # IllegalMoveError, InvalidMoveError, bad variant …
            reason = _reason_of(error)
        if reason is not None:
            reason = self.tr(reason)
            if len(reason) > MAX_REASON_CHARS:
                reason = reason[: MAX_REASON_CHARS - 1] + "…"
            self._say("refused", reason)
        return reason

    def _intent(self, content: object) -> str | None:
        if not isinstance(content, dict):
            return message("an intent is an object with a 'kind'")
        kind = content.get("kind")
        if not isinstance(kind, str) or kind not in _KINDS:
            return message("unknown intent {kind}", kind=quote(kind))
        if kind != "watch" and self._watch.on:
            self._watch.stop()  # any click hands the game back
        seq = content.get("seq")
        fresh = (
            isinstance(seq, int)
            and not isinstance(seq, bool)
            and self._table_seq <= seq <= self._seq
        )
        if kind in _SEQ_CHECKED and not fresh:
            # Made from a view older than the table's last change (a hint, a refusal or a
            # verdict shown since then changes nothing the intent depends on).
            return message("the table changed before this arrived; nothing was done")
        game = self._game
        if kind == "move":
            move = content.get("move")
            if not isinstance(move, str):
                return message("a move intent needs a move text such as 't3-f1'")
            if len(move) > MAX_MOVE_CHARS:
                return message(
                    "{move} is not a move: a move is a short text such as 't3-f1'",
                    move=quote(move, 12),
                )
            reason = game.explain(move)
            if reason is not None:
                return reason
            self.play(move)
            self._schedule_finish()
        elif kind == "deal":
            reason = game.explain(DEAL)
            if reason is not None:
                return reason
            self.play(DEAL)
            self._schedule_finish()
        elif kind == "double":
            pile = content.get("pile")
            if not isinstance(pile, str) or pile not in game.pile_names:
                return message("there is no pile {pile} on this table", pile=quote(pile, 12))
            if not self.to_foundation(pile):
                return message("nothing there can go to a foundation")
            self._schedule_finish()
        elif kind in ("undo", "redo"):
            if not (self.undo() if kind == "undo" else self.redo()):
                return message("nothing to undo") if kind == "undo" else message("nothing to redo")
        elif kind == "restart":
            self.restart()
        elif kind == "hint":
            return self._ask_hint()
        elif kind == "winnable":
            on = content.get("on", not self._show_winnable)
            if not isinstance(on, bool):
                return message("'on' is true or false")
            if on == self._show_winnable:
                if on:
                    return message("the indicator is already on")
                return message("the indicator is already off")
            self.show_winnable = on
        elif kind == "coach":
            on = content.get("on", not self._coach)
            if not isinstance(on, bool):
                return "'on' is true or false"
            self.coach = on
        elif kind == "review":
            return self.review()
        elif kind == "share":
            if self.share() is None:
                return message("this position was set up by hand: it has no deal number to share")
        elif kind in ("watch", "deck", "settings"):
            return self._player_intent(kind, content)
        elif kind == "locale":
            chosen = content.get("locale")
            if not isinstance(chosen, str) or chosen not in LOCALES:
                return message("the language is one of {locales}", locales=", ".join(LOCALES))
            self.locale = chosen
        else:
            variant, seed = content.get("variant"), content.get("seed")
            if variant is not None and (not isinstance(variant, str) or len(variant) > 40):
                return message("the variant is a name such as 'terrace'")
            if seed is not None and (
                not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED
            ):
                return message("the seed is a whole number from 0 to 2**128 - 1")
            winnable, daily = content.get("winnable"), content.get("daily", False)
            if (winnable is not None and not isinstance(winnable, bool)) or not isinstance(
                daily, bool
            ):
                return message("'winnable' and 'daily' are true or false")
            self.new_game(variant, seed, winnable=winnable, daily=daily)
        return None

    # ------------------------------------------------------------ statistics, deals, Watch, deck
    def _player_intent(self, kind: str, content: Mapping[str, Any]) -> str | None:
        """``watch`` (``on``, ``speed``), ``deck`` (:mod:`.deck`) and ``settings``
        (``winnable_deals``, ``show_statistics``)."""
        if kind == "watch":
            on = content.get("on", not self._watch.on)
            if not isinstance(on, bool):
                return "'on' is true or false"
            if not on:
                self._watch.stop()
                return None
            return self.watch(speed=content.get("speed"))
        if kind == "deck":
            self.deck = self.deck.changed(content)  # ValueError: refused, nothing changes
            self.refresh()
            return None
        names = [k for k in ("winnable_deals", "show_statistics") if k in content]
        if not names or any(not isinstance(content[k], bool) for k in names):
            return "settings: winnable_deals or show_statistics, true or false"
        for name in names:
            setattr(self, name, content[name])
        self.refresh()
        return None

    def watch(self, on: bool = True, speed: object = None) -> str | None:
        """Watch and learn: the fair player plays this deal on the table (``speed``: slow,
        normal or fast); ``on=False`` stops it. Returns why it cannot start, or ``None``."""
        if not on:
            self._watch.stop()
            return None
        if speed is not None and not isinstance(speed, (str, int, float)):
            return "the speed is slow, normal or fast"
        return self._watch.start(speed)

    @property
    def watching(self) -> bool:
        """Whether Watch is playing."""
        return self._watch.on

    @property
    def generation(self) -> int:
        """+1 whenever the table changes."""
        return self._generation

    def current_game(self) -> Game:
        """The game on the table itself (for Watch, which plays through :meth:`watched_move`)."""
        return self._game

    def watched_move(self, move: str) -> None:
        """A move by Watch: played like a player's (undoable); the game is not counted."""
        self._keeper.exclude(self._game)
        self.play(move)
        self._schedule_finish()

    def refresh(self) -> None:
        """Send the view again (a setting changed, not the table)."""
        self._sync(prove_loss=False)

    # ------------------------------------------------------------ changes
    def _changed(
        self,
        moves: list[Move],
        kind: str,
        turn: list[str] | None = None,
        *,
        keep_time: bool = False,
    ) -> None:
        """The table changed: by ``kind`` ("move", "undo", "redo", "restart", "new",
        "undo-game", "redo-game", "finish"), ``turn`` the moves it played or took back."""
        self._generation += 1
        if not keep_time:
            self._changed_at = time.time()
            if self._started is None and kind in _CLOCKED:
                self._started = self._changed_at  # the clock starts at the first move
        if turn is None:
            turn = [str(m) for m in moves]
        self._action = {"kind": kind, "moves": turn}
        if kind != "finish":  # the auto-finish keeps the word on the player's last move
            self._desk.clear()
        if self._next_move is not None:
            self._desk.moved(*self._next_move)
        self._next_move = None
        self._hint = None
        self._message = None
        self._winnable = None
        self._post_mortem = None
        self._table_seq = self._seq + 1  # the view _sync sends next
        if kind not in ("move", "finish", "undo", "redo"):
            self._trim_shared()
        seconds = 0.0 if self._started is None else self._changed_at - self._started
        self._keeper.seen(self._game, kind, seconds, checking=self._show_winnable)
        self._sync(prove_loss=False)
        self._schedule_loss_check()
        self._schedule_winnable()
        self._schedule_grade()
        if moves:
            for callback in list(self._callbacks):
                try:
                    callback(self.owner, moves)
                except Exception as error:  # a user's callback must not break the table
                    text = f"an on_move callback failed: {type(error).__name__}: {error}"
                    warnings.warn(text[:MAX_REASON_CHARS], RuntimeWarning, stacklevel=3)
                    self._say("info", text[:MAX_REASON_CHARS])

    # ------------------------------------------------------------ auto-finish
    def _schedule_finish(self) -> None:
        """After a player's move: if every card left can simply go up, play them (soon, so
        that the move itself is drawn first)."""
        if not self.auto_finish or not finishing_moves(self._game):
            return
        if not loop_running():
            self._finish(self._generation)
            return
        if self._pending_finish is not None:
            self._pending_finish.cancel()
        generation = self._generation
        loop = asyncio.get_running_loop()
        self._pending_finish = loop.call_later(FINISH_DELAY, self._finish, generation)

    def _finish(self, generation: int) -> None:
        """Play the finishing moves: all at once without an event loop, else one card every
        ``FINISH_STEP`` seconds (each is drawn flying up), until the player acts."""
        self._pending_finish = None
        if generation != self._generation:
            return  # the player moved, undid or dealt again meanwhile
        moves = finishing_moves(self._game)
        if not moves:
            return
        if loop_running():
            moves = moves[:1]
        for move in moves:
            self._game.play(move)
        self._future.clear()
        self._changed(moves, "finish")
        if loop_running() and self._game.observation(prove_loss=False)["status"] == "playing":
            loop = asyncio.get_running_loop()
            self._pending_finish = loop.call_later(FINISH_STEP, self._finish, self._generation)

    # ------------------------------------------------------------ searches in the background
    def _cancel(self, kind: str) -> None:
        """Drop the search of ``kind`` waiting or running: it stops at its next check."""
        with self._lock:
            self._tickets[kind] = self._tickets.get(kind, 0) + 1

    def _in_background(
        self, kind: str, compute: Callable[[], _T], apply: Callable[[_T], None]
    ) -> None:
        """``apply(compute())`` unless the table changes or ``kind`` is asked for again
        first: ``compute`` runs on the worker thread (it must only touch copies), ``apply``
        back on the event loop. A request of a kind already waiting replaces it."""
        with self._lock:
            ticket = self._tickets[kind] = self._tickets.get(kind, 0) + 1
        generation = self._generation

        def stale() -> bool:
            # Called by the search every 256 nodes: also let the event loop's thread have
            # the GIL, so that ten tables searching at once do not stall the kernel.
            time.sleep(0)
            return (
                generation != self._generation or ticket != self._tickets.get(kind) or self._closed
            )

        if not loop_running():
            apply(compute())
            return
        if BROWSER:  # no threads: on the event loop, once the pending messages are answered
            asyncio.get_running_loop().call_soon(lambda: None if stale() else apply(compute()))
            return
        job: _Job = (compute, apply, stale)
        with self._lock:
            merged = kind in self._waiting
            self._waiting[kind] = job
        if merged:
            return  # the job already queued for this kind runs the newest request
        if self._worker is None:  # threads that wait for the worker processes (worker.py)
            self._worker = concurrent.futures.ThreadPoolExecutor(
                max_workers=_SEARCH_KINDS if worker.mode() == "process" else 1,
                thread_name_prefix="terrace-advice",
            )

        def run() -> _Done | None:
            with self._lock:
                compute, apply, stale = self._waiting.pop(kind)
            if stale():
                return None
            return apply, stale, worker.run(compute, stale)

        future = asyncio.get_running_loop().run_in_executor(self._worker, run)

        def done(f: asyncio.Future[_Done | None]) -> None:
            if f.cancelled() or f.exception() is not None:
                return
            out = f.result()
            if out is None:
                return
            apply, stale, result = out
            if result is not None and not stale():
                apply(result)

        future.add_done_callback(done)

    def _schedule_winnable(self) -> None:
        """Check "can this still be won?" once the new table is on its way (if switched on)."""
        if not self._show_winnable:
            return
        if not loop_running():
            self._check_winnable()
            return
        if self._pending_winnable is not None:
            self._pending_winnable.cancel()
        loop = asyncio.get_running_loop()
        self._pending_winnable = loop.call_later(LOSS_CHECK_DELAY, self._check_winnable)

    def _check_winnable(self) -> None:
        self._pending_winnable = None
        if not self._show_winnable:
            return
        game = self._game.copy()
        seconds = _budget(self.winnable_seconds)
        if not worker.mode().startswith("process"):  # searches share the kernel's GIL
            seconds = min(seconds, THREAD_WINNABLE_SECONDS)

        def apply(verdict: str) -> None:
            self._verdicts.learn(game, verdict)
            if self._show_winnable:
                self._winnable = verdict
                self._sync(prove_loss=False)

        known = self._verdicts.recall(game)  # settled by a verdict along this history
        if known is not None:
            self._cancel("winnable")
            apply(known)
            return
        self._in_background(
            "winnable", worker.Search(searches.winnable, game, seconds, lane="long"), apply
        )

    def _schedule_grade(self) -> None:
        """With the Coach on, after a move: its grade, in the background."""
        pending = self._desk.pending
        if not self._coach or pending is None or not (loop_running() or self.grade_at_once):
            return
        before, move = pending
        seconds = None if self.grade_seconds is None else _budget(self.grade_seconds)

        def apply(judgement: Any) -> None:
            if self._coach:
                self._desk.judgement = judgement
                self._desk.pending = None
                self._sync(prove_loss=False)

        self._in_background(
            "grade", lambda: _safely(lambda: self._desk.grade(before, move, seconds=seconds),
                                     None), apply,
        )  # fmt: skip

    def review(self) -> str | None:
        """Review the game on the table (the Coach's review: fair values over the moves,
        the biggest drops, where it slipped away) into ``view.coach.review``; in a kernel
        in the background. Returns why not, or ``None``. Needs the Coach on."""
        if not self._coach:
            return message("the review is the Coach's: switch the Coach on first")
        if self._desk.reviewing and self._review_for == self._generation:
            return message("the review of this table is under way")
        game = self._game.copy()
        generation = self._review_for = self._generation
        self._desk.reviewing = True

        def stop() -> bool:
            return generation != self._generation or self._closed or not self._coach

        def apply(review: Any) -> None:
            self._desk.reviewing = False
            self._desk.review = review
            self._sync(prove_loss=False)

        def compute() -> Any:
            return _safely(lambda: learning.run_review(game, stop, _budget(self.review_seconds)),
                           None)  # fmt: skip

        if loop_running():
            self._sync(prove_loss=False)  # "reviewing" shows at once
        self._in_background("review", compute, apply)
        return None

    def _schedule_post_mortem(self) -> None:
        """After a loss: find the move that lost the game, for the lost banner."""
        if self._post_mortem_for == self._generation:
            return
        self._post_mortem_for = self._generation
        game = self._game.copy()
        seconds = _budget(self.post_mortem_seconds)

        def apply(text: str) -> None:
            self._post_mortem = text
            self._sync(prove_loss=False)

        self._in_background(
            "post-mortem", worker.Search(searches.post_mortem, game, seconds), apply
        )

    def _schedule_loss_check(self) -> None:
        """Run the exact game-over check (docs/rules.md#d5) once the new table is on its way.

        In a kernel it waits for the event loop, so the update leaves first and a burst of
        moves costs one search; elsewhere it runs at once.
        """
        if not loop_running():
            self._check_loss()
            return
        if self._pending_check is not None:
            self._pending_check.cancel()
        loop = asyncio.get_running_loop()
        self._pending_check = loop.call_later(LOSS_CHECK_DELAY, self._check_loss)

    def _check_loss(self) -> None:
        # The search (up to 800 positions, tens of ms) runs on the table's worker, on a
        # copy: ten tables checking at once must not stall the event loop.
        self._pending_check = None
        game = self._game.copy()

        def apply(outcome: str) -> None:
            if outcome == "lost":
                self._lost_for = self._generation  # later views of this table stay lost
            if outcome != self.view.get("status") and not self._is_fair:  # not shown
                self._sync(prove_loss=False)

        self._in_background("loss", worker.Search(searches.outcome, game), apply)

    # ------------------------------------------------------------ the view
    def _sync(self, *, prove_loss: bool = True) -> None:
        """Build the view and hand it to ``publish``."""
        game = self._game
        obs = game.observation(prove_loss=prove_loss)
        fair = game.observation() if prove_loss else obs  # what the Coach may see
        view: dict[str, Any] = dict(obs)  # the observation plus the table's keys
        if view["status"] == "playing" and self._lost_for == self._generation:
            view["status"] = "lost"  # proven for this table (a hint or verdict redraws it)
        status = view["status"]
        self._seq += 1
        message = self._message
        tr = self.tr
        if status == "won" and message is None:
            message = {"kind": "won", "text": tr(WON_TEXT)}
        elif status == "lost" and message is None:
            message = {"kind": "lost", "text": tr(LOST_TEXT)}
        started = self._started
        view.update(
            deal_id=game.deal_id if game.deal_id in self._shared else None,
            seq=self._seq,
            hint=self._hint,
            message=message,
            name=tr(game.rules.name),
            variants=[{"id": r.id, "name": tr(r.name)} for r in VARIANTS.values()],
            locale=self._translator.locale,
            locales=_LOCALE_MENU,
            started=None if started is None else int(started * 1000),
            summary=(
                {"moves": obs["moves_played"], "score": obs["score"],
                 "seconds": 0 if started is None else round(self._changed_at - started)}
                if status in ("won", "lost") else None
            ),
            stock_reason=None if DEAL in game.legal_moves() else _maybe(tr, game.explain(DEAL)),
            winnable_check=self._show_winnable,
            winnable=self._winnable if self._show_winnable else None,
            post_mortem=self._post_mortem if status == "lost" else None,
            can_undo=obs["can_undo"] or bool(self._past),
            can_redo=obs["can_redo"] or bool(self._future),
            redeals=game.rules.redeals,
            table_seq=self._table_seq,
            action=self._action,
            coach=self._desk.view(fair, game) if self._coach else None,
            learning=None,  # learning mode (the Coach on) fills it in
            layout=layout_hints(game.rules),
            **self._player_view(game),
        )  # fmt: skip
        if self._is_fair:  # learning mode: nothing on the table depends on a hidden card
            learning.fair_table(view, game, coach=self._coach)
            status = view["status"]
        for key in _SPOKEN:  # the Coach's, Watch's and the deal's sentences, in this language
            view[key] = rendered(self._translator, view[key])
        self.view = view
        if self.publish is not None:
            self.publish(view)
        if status == "lost" and self._post_mortem is None and not self._is_fair:
            self._schedule_post_mortem()
        over = status in ("won", "lost")
        if self._coach and over and self._review_for != self._generation:
            self.review()

    def _player_view(self, game: Game) -> dict[str, Any]:
        """The view's keys for statistics, the deal's kind, Watch and the deck."""
        seconds = None if self._started is None else self._changed_at - self._started
        return {
            "statistics": self._keeper.figures(game.variant) if self.show_statistics else None,
            "deal": self._keeper.deal_view(game, seconds),
            "watch": self._watch.view(),
            "deck": self.deck.view(),
            "options": {"winnable_deals": self.winnable_deals,
                        "show_statistics": self.show_statistics},
        }  # fmt: skip


def layout_hints(rules: Rules) -> dict[str, Any]:
    """What the front end needs to know of a game to lay out and label its table, read
    from the rules in this one place (the front end never reads a family or a variant id):

    - ``foundations_row``: 0 when the rules' ``layout`` puts the foundations on the top row
      beside the stock and waste (``"klondike"``), else 1 (the row below the reserve);
    - ``tableau_depth``: the tableau's room in card heights (deeper when face-down cards
      start in it);
    - ``base_card``: the status bar shows the base rank;
    - ``foundation_mark``: the label of an empty foundation when it always starts from
      the same rank (``"A"``), else ``None`` (the base rank, once known);
    - ``pick_depth``: the keyboard may choose how many face-up cards to pick up (groups
      move together);
    - ``redeals``: the status bar counts redeals.
    """
    return {
        "foundations_row": 0 if rules.layout == "klondike" else 1,
        "tableau_depth": GEOMETRY["DEPTH_HIDDEN" if rules.hidden_tableau else "DEPTH_OPEN"],
        "base_card": rules.has_base_rank,
        "foundation_mark": None if rules.has_base_rank else "A",
        "pick_depth": rules.tableau_moves == "sequence",
        "redeals": rules.redeals != 0,
    }


def finishing_moves(game: Game) -> list[Move]:
    """The moves that win from here by foundation moves alone, when nothing is left to
    decide: no face-down card, an empty stock, and every remaining card goes up in turn
    (in both families). Empty when that is not so. Reads only what the player sees."""
    seen = game.observation(prove_loss=False)
    if seen["status"] != "playing" or any("#" in cards for cards in seen["piles"].values()):
        return []
    work = game.copy()
    played: list[Move] = []
    while work.observation(prove_loss=False)["status"] == "playing":
        up = next(
            (m for m in work.legal_moves()
             if m.target.startswith("f") and not m.source.startswith("f")),
            None,
        )  # fmt: skip
        if up is None:
            return []
        work.play(up)
        played.append(up)
    return played if work.observation(prove_loss=False)["status"] == "won" else []


_MARKED = frozenset(
    {THINKING, BROWSER_NOTE, LOST_TEXT, WON_TEXT, *(r.name for r in VARIANTS.values())}
)
"""The fixed texts of this module marked with ``N_`` (translated where shown)."""


_SPOKEN = ("message", "hint", "post_mortem", "coach", "learning", "watch", "deal")
"""The view's keys whose sentences are :class:`~terrace_widget.i18n.Message` objects from the
Coach, the review, Watch and the deal (rendered when the view is built)."""


def rendered(translator: Translator, value: Any) -> Any:
    """``value`` with every :class:`~terrace_widget.i18n.Message` in it (in dicts and lists)
    rendered by ``translator``; everything else as it is."""
    if isinstance(value, Message):
        return translator.render(value)
    if isinstance(value, dict):
        return {k: rendered(translator, v) for k, v in value.items()}
    if isinstance(value, list):
        return [rendered(translator, v) for v in value]
    return value


def _maybe(tr: Callable[[str], str], text: str | None) -> str | None:
    return None if text is None else tr(text)


def _reason_of(error: Exception) -> str:
    """An error's sentence, keeping its :class:`~terrace_widget.i18n.Message` (``str(error)``
    would give the English)."""
    first = error.args[0] if len(error.args) == 1 else None
    return first if isinstance(first, Message) else str(error)


def _safely(compute: Callable[[], _T], default: _T) -> _T:
    """``compute()``, or ``default`` if it fails: advice must never break the table."""
    try:
        return compute()
    except Exception:  # advice is optional: the table goes on without it
        return default


def _budget(seconds: float) -> float:
    """A search's time limit: shorter in the browser kernel (``BROWSER``)."""
    return min(seconds, BROWSER_SECONDS) if BROWSER else seconds

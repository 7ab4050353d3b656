"""A player's statistics, per game: kept in a JSON file in Jupyter's data directory.

The file is ``<data_dir()>/terrace_widget/statistics.json`` (``JUPYTER_DATA_DIR`` moves
the directory; ``TERRACE_WIDGET_STATISTICS`` names the file itself, as the tests do). In
the browser kernel (JupyterLite's Pyodide) the directory is :data:`BROWSER_DATA_DIR`, on
JupyterLite's persistent ``/drive``, so statistics survive a reload.

- Every write reads the file, adds one game and replaces the file atomically (a temporary
  file and ``os.replace``) under an exclusive lock (``fcntl.flock`` on a lock file beside
  it), so two kernels recording at once lose nothing. Where ``fcntl`` or its ``flock`` is
  missing (Windows; Pyodide, whose ``fcntl`` has no ``flock``) there is one kernel per file
  (a single browser tab) and no lock is taken.
- The schema is versioned (:data:`SCHEMA`). A file that cannot be read as this schema is
  set aside as ``statistics.json.corrupt-<time>`` (never deleted), with a warning, and a
  new file is started: play goes on. A file written by a newer version is left alone and
  nothing is recorded in it.
- A game counts only once a card moved (as Aisleriot counts them). It is recorded when it
  is won, or as a loss when the player leaves it (a new deal, a restart, the table closed).
  A game won without a hint, Watch or the Winnable? check is "clean".
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import tempfile
import time
import warnings
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

try:
    import fcntl
except ImportError:  # Windows: one kernel per file
    fcntl = None  # type: ignore[assignment]

SCHEMA = 1
"""The version of the file's layout; a file with another version is never overwritten."""
FILE_ENV = "TERRACE_WIDGET_STATISTICS"
MAX_FILE_BYTES = 4_000_000
"""A larger file is not read (set aside as corrupt): statistics are a few kilobytes."""
DAILY_KEPT = 400
"""How many daily deals' results are kept per game (the oldest are dropped)."""

FIGURES = (
    "played", "won", "percent", "clean", "best_seconds", "worst_seconds", "fewest_moves",
    "streak", "longest_streak", "hints", "undos",
)  # fmt: skip
"""The figures kept per game, in the order the table shows them."""
_COUNTS = ("played", "won", "clean", "streak", "longest_streak", "hints", "undos")
_BESTS = ("best_seconds", "worst_seconds", "fewest_moves")


@dataclass(frozen=True)
class GameResult:
    """One finished game, as recorded: ``daily`` is the daily deal's date, if it was one."""

    variant: str
    won: bool
    seconds: float
    moves: int
    hints: int = 0
    undos: int = 0
    helped: bool = False
    """A hint, the Winnable? check or the solver was used: a win is then not clean."""
    daily: str | None = None


BROWSER_DATA_DIR = Path("/drive/.jupyter-data")
"""The Jupyter data directory in the browser kernel: JupyterLite's ``/drive`` persists in
the browser's storage, the rest of Pyodide's file system is lost on reload."""


def in_browser() -> bool:
    """Whether this kernel runs in the browser (Pyodide, as JupyterLite's)."""
    return sys.platform == "emscripten" or "pyodide" in sys.modules


def data_dir() -> Path:
    """The Jupyter data directory, where statistics, drill progress and the Play app's
    saved games live: ``$JUPYTER_DATA_DIR`` if set; in the browser kernel
    :data:`BROWSER_DATA_DIR`; else ``jupyter_core``'s choice (``~/.local/share/jupyter``
    without ``jupyter_core``)."""
    named = os.environ.get("JUPYTER_DATA_DIR")
    if named:
        return Path(named)
    if in_browser():
        return BROWSER_DATA_DIR
    try:
        from jupyter_core.paths import jupyter_data_dir
    except ImportError:  # the engine alone, without Jupyter: jupyter_core's Linux default
        return Path.home() / ".local" / "share" / "jupyter"
    return Path(jupyter_data_dir())


def can_lock() -> bool:
    """Whether files can be locked here: ``fcntl.flock`` exists (not on Windows, nor in
    Pyodide, whose ``fcntl`` module has no ``flock``)."""
    return fcntl is not None and hasattr(fcntl, "flock")


def default_path() -> Path:
    """Where this user's statistics live (see the module's docstring)."""
    named = os.environ.get(FILE_ENV)
    if named:
        return Path(named)
    return data_dir() / "terrace_widget" / "statistics.json"


def empty() -> dict[str, Any]:
    """A statistics file with no game in it."""
    return {"schema": SCHEMA, "games": {}}


def new_figures() -> dict[str, Any]:
    """One game's figures before any game was played."""
    figures: dict[str, Any] = dict.fromkeys(_COUNTS, 0)
    figures.update(dict.fromkeys(_BESTS))
    figures["daily"] = {}
    return figures


def add(figures: dict[str, Any], result: GameResult) -> None:
    """Count ``result`` into one game's ``figures`` (in place)."""
    figures["played"] += 1
    figures["hints"] += result.hints
    figures["undos"] += result.undos
    if result.won:
        figures["won"] += 1
        figures["clean"] += 0 if result.helped or result.hints else 1
        figures["streak"] += 1
        figures["longest_streak"] = max(figures["longest_streak"], figures["streak"])
        seconds = round(result.seconds)
        best, worst = figures["best_seconds"], figures["worst_seconds"]
        figures["best_seconds"] = seconds if best is None else min(best, seconds)
        figures["worst_seconds"] = seconds if worst is None else max(worst, seconds)
        fewest = figures["fewest_moves"]
        figures["fewest_moves"] = result.moves if fewest is None else min(fewest, result.moves)
    else:
        figures["streak"] = 0
    if result.daily is not None:
        daily: dict[str, Any] = figures["daily"]
        earlier = daily.get(result.daily)
        if earlier is None or (result.won and not earlier["won"]):
            daily[result.daily] = {"won": result.won, "moves": result.moves,
                                   "seconds": round(result.seconds)}  # fmt: skip
        for day in sorted(daily)[:-DAILY_KEPT]:
            del daily[day]


def summary(figures: Mapping[str, Any]) -> dict[str, Any]:
    """``figures`` with the winning percentage (``None`` before the first game)."""
    out = {key: figures.get(key) for key in FIGURES if key != "percent"}
    played = out["played"] or 0
    out["percent"] = round(100 * (out["won"] or 0) / played, 1) if played else None
    out["daily"] = dict(figures.get("daily") or {})
    return out


def _valid(data: object) -> bool:
    """Whether ``data`` is a statistics file of this schema."""
    if not isinstance(data, dict) or data.get("schema") != SCHEMA:
        return False
    games = data.get("games")
    if not isinstance(games, dict):
        return False
    for figures in games.values():
        if not isinstance(figures, dict) or not isinstance(figures.get("daily", {}), dict):
            return False
        for key in _COUNTS:
            value = figures.get(key)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                return False
        for key in _BESTS:
            value = figures.get(key)
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                return False
    return True


class NewerStatisticsError(RuntimeError):
    """The statistics file was written by a newer terrace_widget: it is left as it is."""


class Statistics:
    """A player's statistics file: :meth:`record` adds a game, :meth:`read` returns them."""

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()

    def __repr__(self) -> str:
        return f"Statistics({str(self.path)!r})"

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if not can_lock():  # one kernel per file (a single browser tab)
            yield
            return
        with open(self.path.with_name(self.path.name + ".lock"), "a+b") as lock:
            fcntl.flock(lock.fileno(), fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(lock.fileno(), fcntl.LOCK_UN)

    def _load(self) -> dict[str, Any]:
        """The file's contents; a corrupt file is set aside (with a warning) for a new one."""
        try:
            size = self.path.stat().st_size
        except FileNotFoundError:
            return empty()
        try:
            if size > MAX_FILE_BYTES:
                raise ValueError(f"{size} bytes")
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (ValueError, UnicodeDecodeError, OSError) as error:
            return self._set_aside(f"it cannot be read ({type(error).__name__})")
        schema = data.get("schema") if isinstance(data, dict) else None
        if isinstance(schema, int) and schema > SCHEMA:
            raise NewerStatisticsError(
                f"{self.path} was written by a newer terrace_widget (schema {schema}); "
                "it is left as it is and this game is not recorded"
            )
        if not _valid(data):
            return self._set_aside(f"it is not a statistics file of schema {SCHEMA}")
        return data  # type: ignore[no-any-return]

    def _set_aside(self, why: str) -> dict[str, Any]:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        kept = self.path.with_name(f"{self.path.name}.corrupt-{stamp}")
        number = 1
        while kept.exists():
            number += 1
            kept = self.path.with_name(f"{self.path.name}.corrupt-{stamp}-{number}")
        os.replace(self.path, kept)
        warnings.warn(
            f"The statistics file {self.path} was set aside as {kept.name}: {why}. "
            "New statistics start from here.",
            RuntimeWarning,
            stacklevel=4,
        )
        return empty()

    def _write(self, data: dict[str, Any]) -> None:
        handle, temporary = tempfile.mkstemp(
            prefix=self.path.name + ".", suffix=".tmp", dir=self.path.parent
        )
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                json.dump(data, file, indent=1, sort_keys=True)
                file.flush()
                os.fsync(file.fileno())
            os.replace(temporary, self.path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise

    def record(self, result: GameResult) -> dict[str, Any]:
        """Add one finished game and return that game's new summary."""
        with self._locked():
            data = self._load()
            figures = data["games"].setdefault(result.variant, new_figures())
            figures.setdefault("daily", {})
            add(figures, result)
            self._write(data)
        return summary(figures)

    def read(self, variant: str | None = None) -> dict[str, Any]:
        """The summaries: of one game (its figures, zeros if never played), or of every
        game played (a dict by game)."""
        with self._locked():
            try:
                data = self._load()
            except NewerStatisticsError as error:
                warnings.warn(str(error), RuntimeWarning, stacklevel=3)
                data = empty()
        games = data["games"]
        if variant is not None:
            return summary(games.get(variant) or new_figures())
        return {name: summary(figures) for name, figures in sorted(games.items())}


def statistics(variant: str | None = None) -> dict[str, Any]:
    """This user's statistics: of ``variant`` (e.g. ``"klondike"``), or of every game played.

    >>> statistics("terrace")["played"]  # doctest: +SKIP
    12
    """
    if variant is not None:
        from ..rules.variants import get_rules

        variant = get_rules(variant).id
    return Statistics().read(variant)

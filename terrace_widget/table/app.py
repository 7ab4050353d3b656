"""The Play app: a table chosen by the page's address, kept across reloads.

The zero-install site's Play page (``tools/build_lite.py``) runs one line in the browser
kernel, ``open_table("<the page's query string>")``. The query picks the game and its
options (``?game=klondike&seed=7&coach=1&lang=uk``); anything else in it is refused with a clear
message and the defaults are used. The game on the table is saved after every change to
``<jupyter data dir>/terrace_widget/autosave/<game>.json`` (in the browser, the kernel's
``/drive`` file system, which JupyterLite keeps in the browser's storage), and opening the
same game again brings it back with its history, so Undo still works. Only the kernel
writes and reads the save: the browser never holds a hidden card.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote

from ..game.game import Game
from ..game.statistics import BROWSER_DATA_DIR as BROWSER_DATA_DIR  # re-exported
from ..game.statistics import data_dir as jupyter_data_dir
from ..i18n import UnknownLocaleError, message, normalize_locale
from ..rules.variants import VARIANTS
from .widget import TerraceWidget

MAX_QUERY_CHARS = 400
MAX_SEED = 2**31 - 1
_SWITCHES = {"coach": "coach", "winnable": "show_winnable"}
_TRUE = {"1": True, "true": True, "on": True, "0": False, "false": False, "off": False}


class QueryError(ValueError):
    """A query string the Play app cannot use (the message says why)."""


def data_dir() -> Path:
    """The Jupyter data directory's ``terrace_widget`` folder (also used by the players'
    statistics): ``$JUPYTER_DATA_DIR``, else ``jupyter_core``'s choice; in the browser
    kernel, a folder of JupyterLite's persistent ``/drive`` (:data:`BROWSER_DATA_DIR`).
    See :func:`terrace_widget.game.statistics.data_dir`."""
    return jupyter_data_dir() / "terrace_widget"


def parse_query(query: str) -> dict[str, Any]:
    """``game``, ``seed`` and the switches from a page's query string (``?`` optional).

    Raises :class:`QueryError` for an unknown game or key, a bad seed or switch."""
    if len(query) > MAX_QUERY_CHARS:
        raise QueryError(
            message("the address's query is longer than {n} characters", n=MAX_QUERY_CHARS)
        )
    fields = parse_qs(unquote(query).lstrip("?"), keep_blank_values=True)
    options: dict[str, Any] = {"variant": "terrace", "seed": None}
    for key, values in fields.items():
        value = values[-1].strip().lower()
        if key == "game":
            if value not in VARIANTS:
                names = ", ".join(sorted(VARIANTS))
                raise QueryError(
                    message(
                        "unknown game {game}: one of {names}", game=repr(value[:40]), names=names
                    )
                )
            options["variant"] = value
        elif key == "seed":
            if not value.isdigit() or int(value) > MAX_SEED:
                raise QueryError(
                    message("seed must be a whole number from 0 to {most}", most=MAX_SEED)
                )
            options["seed"] = int(value)
        elif key in _SWITCHES:
            if value not in _TRUE:
                raise QueryError(
                    message("{key} must be 1 or 0, not {value}", key=key, value=repr(value[:20]))
                )
            options[_SWITCHES[key]] = _TRUE[value]
        elif key == "lang":
            try:
                options["locale"] = normalize_locale(value)
            except UnknownLocaleError as error:
                raise QueryError(str(error)) from None
        else:
            raise QueryError(
                message(
                    "unknown option {key}: game, seed, coach, winnable or lang", key=repr(key[:40])
                )
            )
    return options


class Autosave:
    """Save a table's game after every change, one file per game name."""

    def __init__(self, widget: TerraceWidget, folder: Path | None = None) -> None:
        self.widget = widget
        self.folder = (folder or data_dir()) / "autosave"
        self.error: str | None = None
        widget.observe(self._changed, names=["view"])

    def path(self, variant: str) -> Path:
        return self.folder / f"{variant}.json"

    def _changed(self, _change: Mapping[str, Any]) -> None:
        self.save()

    def save(self) -> Path | None:
        """Write the table's game (atomically); on failure keep the reason in ``error``."""
        game = self.widget.session.game
        path = self.path(game.variant)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            part = path.with_suffix(".part")
            part.write_text(json.dumps(game.to_dict()))
            part.replace(path)
        except OSError as error:
            self.error = f"the game could not be saved: {error}"
            return None
        self.error = None
        return path


def saved_game(path: Path) -> Game | None:
    """The game saved at ``path``, or ``None`` if there is none or it cannot be read."""
    try:
        return Game.from_dict(json.loads(path.read_text()))
    except (OSError, ValueError):
        return None


def open_table(query: str = "", *, folder: Path | None = None) -> TerraceWidget:
    """The Play app's table: the game the query names, the saved one if it is the same
    game (and the query asks for no other deal), with an autosave attached."""
    try:
        options = parse_query(query)
        problem = None
    except QueryError as error:
        options, problem = {"variant": "terrace", "seed": None}, error.args[0]
    variant, seed = options.pop("variant"), options.pop("seed")
    folder = (folder or data_dir()) / "autosave"
    saved = saved_game(folder / f"{variant}.json")
    if saved is not None and (
        saved.variant != variant or (seed is not None and saved.seed != seed)
    ):
        saved = None
    widget = TerraceWidget(variant, seed, game=saved, **options)
    Autosave(widget, folder.parent).save()  # the widget's observer keeps it alive
    if problem is not None:
        said = message("Address not understood ({problem}): a new deal.", problem=problem)
        widget.session._say("refused", widget.session.tr(said))
    return widget

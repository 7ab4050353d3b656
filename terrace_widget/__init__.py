"""terrace_widget: Terrace, its six siblings and Klondike, as GNOME Aisleriot plays them."""

from .compiled import ACTIVE as COMPILED  # before .game imports the engine (compiled.py)
from .game.game import Game, Observation, Status
from .game.positions import CorruptSaveError
from .game.statistics import statistics
from .rules.cards import card_name, code, glyph, parse_card
from .rules.deal import shuffled_deck
from .rules.hints import Hint
from .rules.moves import DEAL, IllegalMoveError, InvalidMoveError, Move
from .rules.variants import VARIANTS, Rules, UnknownVariantError, get_rules

__version__ = "0.1.0"


def __getattr__(name: str) -> object:
    # The widget needs anywidget; the engine needs nothing but the standard library.
    if name in ("TerraceWidget", "play"):
        from .table import widget

        return getattr(widget, name)
    raise AttributeError(f"module 'terrace_widget' has no attribute {name!r}")


__all__ = [
    "COMPILED",
    "DEAL",
    "VARIANTS",
    "CorruptSaveError",
    "Game",
    "Hint",
    "IllegalMoveError",
    "InvalidMoveError",
    "Move",
    "Observation",
    "Rules",
    "Status",
    "TerraceWidget",
    "UnknownVariantError",
    "__version__",
    "card_name",
    "code",
    "get_rules",
    "glyph",
    "parse_card",
    "play",
    "shuffled_deck",
    "statistics",
]

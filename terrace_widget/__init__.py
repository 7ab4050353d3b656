"""terrace_widget: Terrace, its six siblings and Klondike, as GNOME Aisleriot plays them."""

from .cards import card_name, code, glyph, parse_card
from .deal import shuffled_deck
from .game import CorruptSaveError, Game, Status
from .hints import Hint
from .moves import DEAL, IllegalMoveError, InvalidMoveError, Move
from .variants import VARIANTS, Rules, UnknownVariantError, get_rules

__version__ = "0.1.0"

__all__ = [
    "DEAL",
    "VARIANTS",
    "CorruptSaveError",
    "Game",
    "Hint",
    "IllegalMoveError",
    "InvalidMoveError",
    "Move",
    "Rules",
    "Status",
    "UnknownVariantError",
    "__version__",
    "card_name",
    "code",
    "get_rules",
    "glyph",
    "parse_card",
    "shuffled_deck",
]

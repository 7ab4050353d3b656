"""A game and its positions: `Game` (history, undo/redo, saves, records, the
observation a player sees), positions built by hand, the action numbering, and the
pictures of a position (text and SVG, `render`).

Knows: `rules`. Must not import search, the fair layer, studies, the table or agents.
"""

from .game import (
    LOSS_MEMO_SIZE,
    LOSS_SEARCH_BUDGET,
    MAX_MOVES_CHARS,
    MAX_TURN_CHARS,
    MAX_TURNS,
    SAVE_FORMAT,
    SAVE_VERSION,
    Game,
    Observation,
    Status,
    Turn,
    fair_observation,
    read_turns,
)

__all__ = [
    "LOSS_MEMO_SIZE",
    "LOSS_SEARCH_BUDGET",
    "MAX_MOVES_CHARS",
    "MAX_TURNS",
    "MAX_TURN_CHARS",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "Game",
    "Observation",
    "Status",
    "Turn",
    "fair_observation",
    "read_turns",
]

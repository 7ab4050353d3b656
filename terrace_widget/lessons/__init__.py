"""Helpers the lesson notebooks use: tip moments, checked moves, pictures and
solutions behind a button.

Knows: every layer below. Nothing imports it.
"""

from .moments import (
    MAX_MOVES,
    TipMoment,
    check_move,
    effect_text,
    effects_table,
    picture,
    reveal,
    tip_moment,
    what_it_sees,
)

__all__ = [
    "MAX_MOVES",
    "TipMoment",
    "check_move",
    "effect_text",
    "effects_table",
    "picture",
    "reveal",
    "tip_moment",
    "what_it_sees",
]

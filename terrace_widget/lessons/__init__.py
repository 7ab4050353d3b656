"""Helpers the lesson notebooks use: tip moments, checked moves, pictures and
solutions behind a button.

Knows: every layer below. Nothing imports it.
"""

from .exercises import Practice, check_answer
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
from .trainer import Drill, drill

__all__ = [
    "MAX_MOVES",
    "Drill",
    "Practice",
    "TipMoment",
    "check_answer",
    "check_move",
    "drill",
    "effect_text",
    "effects_table",
    "picture",
    "reveal",
    "tip_moment",
    "what_it_sees",
]

"""Helpers the lesson notebooks use: tip moments, checked moves, pictures,
solutions behind a button and the practices of lesson 02 (rules_practice.py).

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
from .rules_practice import PRACTICES, RulesPractice, practice
from .trainer import Drill, drill

__all__ = [
    "MAX_MOVES",
    "PRACTICES",
    "Drill",
    "Practice",
    "RulesPractice",
    "TipMoment",
    "check_answer",
    "check_move",
    "drill",
    "effect_text",
    "effects_table",
    "picture",
    "practice",
    "reveal",
    "tip_moment",
    "what_it_sees",
]

"""The Coach: what the table shows when the strategy tips are switched on.

:func:`coach_view` turns an observation into marks on the table (a candidate base and what
the reserve says about it, a reversed run, a good or poor pile start, how to deal on, a
card worth bringing down, a sequence to re-order) and :func:`note_for` says, in one
sentence, why a move goes against a tip and what the tip was measured to be worth. Both
read only ``Game.observation()``, so the Coach cannot tell anything about a hidden card.

The marks and the notes are the tips' own (:data:`terrace_widget.fair.tips.TIPS`, in the
help's order); the measured figures come from ``strategy-effects.json`` beside the
package, written by ``benchmarks/strategy.py --summary`` (the rule-based player of
:mod:`.players`, with each tip on and off on the same deals), read by
:mod:`terrace_widget.fair.tips`.
"""

from __future__ import annotations

from typing import Any

from ..game.game import Observation
from . import strategy
from . import tips as registry
from .tips import EFFECTS_FILE, base_rate, effect_of, effect_words, measured, solver_rate

__all__ = [
    "EFFECTS_FILE",
    "FAIR_PREFIX",
    "base_rate",
    "coach_view",
    "effect_of",
    "effect_words",
    "measured",
    "note_for",
    "solver_rate",
]

FAIR_PREFIX = "Fair hint (it sees only what you see): "


def coach_view(obs: Observation, note: str | None = None) -> dict[str, Any]:
    """The Coach's part of the widget's view: ``marks`` (pile, card positions, tone, a short
    label and a sentence), ``say`` (what the tips see, a few sentences) and ``note``."""
    marks = [mark for tip in registry.TIPS for mark in tip.marks(obs)]
    say = [m["text"] for m in marks if m["tip"] != "base"][:3]
    if strategy.base_readings(obs):
        best = strategy.tip_base(obs)
        say = ["Before choosing the base, read the reserve: " + best.text if best else ""]
    return {"marks": marks, "say": [s for s in say if s], "note": note}


def note_for(obs: Observation, move: str) -> str | None:
    """One sentence when ``move``, played in ``obs``, goes against a tip (else ``None``):
    the first such tip's note."""
    strategy.check_observation(obs)
    move = str(move)
    for tip in registry.TIPS:
        if not tip.follows(move, obs):
            return tip.note(move, obs)
    return None

"""The Coach: what the table shows when the strategy tips are switched on.

:func:`coach_view` turns an observation into marks on the table (a candidate base and what
the reserve says about it, a reversed run, a good or poor pile start, how to deal on, a
card worth bringing down, a sequence to re-order). :func:`judge` says what a move does:
which tips it follows (a predicate per tip, :meth:`~terrace_widget.fair.tips.Tip.credits`),
which it goes against, a word of praise or the reason against, and, when the move's value
was measured (:func:`terrace_widget.fair.value.grade_move`), its grade and its own drop in
the chance to win with a 95% interval. :func:`coach_sentence` is that in one sentence (for
a narrator), :func:`stuck_advice` the Klondike "don't give up" (undo to the last real
choice and try the other branch).

Everything reads only ``Game.observation()`` (and, for :func:`stuck_advice`, the moves
played, which the player saw), so the Coach cannot tell anything about a hidden card. Every
sentence is a template of :data:`~terrace_widget.fair.messages.MESSAGES`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ..game.game import Game, Observation
from ..i18n import MoveRef, message
from ..rules.moves import DEAL
from . import strategy
from . import tips as registry
from .messages import MESSAGES, joined, percent, points, say
from .players import RulePlayer
from .tips import EFFECTS_FILE, base_rate, effect_of, effect_words, measured, solver_rate
from .value import Grade

__all__ = [
    "EFFECTS_FILE",
    "FAIR_PREFIX",
    "MESSAGES",
    "Judgement",
    "StuckAdvice",
    "base_rate",
    "coach_sentence",
    "coach_view",
    "effect_of",
    "effect_words",
    "fair_hint",
    "grade_words",
    "judge",
    "measured",
    "note_for",
    "say",
    "solver_rate",
    "stuck_advice",
    "visibly_stuck",
]

FAIR_PREFIX = "Fair hint (it sees only what you see): "
"""How a fair hint starts, in English (:func:`fair_hint`)."""


def fair_hint(text: str) -> str:
    """A hint labelled fair (it sees only what the player sees), in the table's language."""
    return message("Fair hint (it sees only what you see): {hint}", hint=text)


Tone = Literal["praise", "warn", "unsupported", "plain"]
MAX_SAY = 3
"""Lines of what the tips see, under the Coach's sentence."""


@dataclass(frozen=True)
class Judgement:
    """What the Coach makes of one move: the tips it follows and goes against, its tone and
    its sentence (``None``: nothing to say), and its grade when the move was valued."""

    move: str
    credited: tuple[str, ...]
    """The tips the move does what they ask (praised)."""
    against: tuple[str, ...]
    """The tips the move goes against."""
    tone: Tone
    """``praise``, ``warn`` (against a tip the data supports, or a graded mistake),
    ``unsupported`` (only against rules of thumb the data does not support), ``plain``."""
    note: str | None
    grade: Grade | None = None

    @property
    def sentence(self) -> str | None:
        """The note, after the grade's words when the move was valued."""
        parts = [grade_words(self.grade)] if self.grade is not None else []
        if self.note is not None and not (
            self.grade is not None and self.note == say("praise.best")
        ):
            parts.append(self.note)
        return joined(*parts) if parts else None

    def as_view(self) -> dict[str, Any]:
        """The judgement in the widget's view (``view.coach.judgement``)."""
        grade = self.grade
        return {
            "move": self.move,
            "tone": self.tone,
            "credited": list(self.credited),
            "against": list(self.against),
            "text": self.sentence,
            "grade": None if grade is None else {
                "label": grade.label, "best": grade.best_move, "drop": round(grade.drop, 4),
                "low": round(grade.drop_interval[0], 4), "high": round(grade.drop_interval[1], 4),
                "value": round(grade.value.estimate, 4), "samples": grade.samples,
            },
        }  # fmt: skip


def grade_words(grade: Grade) -> str:
    """A grade in plain words: the move's own drop in the chance to win, with its 95%
    interval, and how many deals it was measured on."""
    low, high = grade.drop_interval
    text = say(
        f"grade.{grade.label}", value=percent(grade.value.estimate), best=MoveRef(grade.best_move),
        drop=points(grade.drop), low=points(low), high=points(high),
    )  # fmt: skip
    return joined(text, say("grade.meaning", samples=grade.samples))


def judge(obs: Observation, move: str, grade: Grade | None = None) -> Judgement:
    """What the Coach makes of ``move`` played in ``obs`` (a legal move of it).

    A move against a tip the data supports gets the tip's reason (``warn``); against only
    tips the data does not support, the reason called a rule of thumb the data does not
    support (``unsupported``, never blame); a move that does what a tip asks, or is graded
    best or good, a word of praise; else nothing. ``grade`` (from
    :func:`~terrace_widget.fair.value.grade_move` on the same position) adds the move's
    own worth; a graded inaccuracy or worse is never praised.
    """
    strategy.check_observation(obs)
    move = str(move)
    if move not in obs["legal_moves"]:
        legal = ", ".join(obs["legal_moves"])
        raise ValueError(f"{move!r} is not a legal move here; they are: {legal}")
    position = obs
    if grade is not None and grade.move != move:
        raise ValueError(f"the grade is of {grade.move!r}, not of {move!r}")
    against = [t for t in registry.TIPS if not t.follows(move, position)]
    credited = [t for t in registry.TIPS if t.follows(move, position) and t.credits(move, position)]
    variant = obs["variant"]
    graded_bad = grade is not None and grade.label not in ("best", "good")
    tone: Tone = "plain"
    note: str | None = None
    if against:
        supported = [t for t in against if registry.support(variant, t.name) == "supported"]
        first = supported[0] if supported else against[0]
        note = first.note(move, position)
        tone = "warn" if supported or graded_bad else "unsupported"
    elif graded_bad:
        tone, note = "warn", _missed(position, move)
    elif credited:
        first = min(credited, key=lambda t: t.stage)  # the tip the player applies first
        tone, note = "praise", say("praise", tip=first.says)
    elif grade is not None:
        tone, note = "praise", say("praise.best")
    else:
        note = _missed(position, move)
    names = tuple(t.name for t in credited), tuple(t.name for t in against)
    return Judgement(move, names[0], names[1], tone, note, grade)


def _missed(obs: Observation, move: str) -> str | None:
    """A move that neither follows nor goes against a tip, when a tip the data supports
    asks for another legal move here: that idea, said plainly (never blame)."""
    variant = obs["variant"]
    for tip in registry.TIPS:
        if registry.support(variant, tip.name) != "supported":
            continue
        if any(tip.credits(m, obs) for m in obs["legal_moves"] if m != move):
            marks = tip.marks(obs)
            idea = marks[0]["text"] if marks else tip.says
            return say("missed", idea=idea)
    return None


def note_for(obs: Observation, move: str) -> str | None:
    """One sentence when ``move``, played in ``obs``, goes against a tip (else ``None``):
    the first such tip's note (a rule of thumb the data does not support is called so)."""
    judgement = judge(obs, move)
    return judgement.note if judgement.against else None


def coach_sentence(game: Game, move: str) -> str | None:
    """What the Coach says of ``move`` played now in ``game`` (before it is played): praise,
    the reason against a tip, or ``None``. Quick (no valuing), fair (it reads only the
    observation); for a narrator such as a Watch mode."""
    if not isinstance(game, Game):
        raise TypeError(f"coach_sentence takes a Game, not {type(game).__name__}")
    return judge(game.observation(), str(move)).note


# ---------------------------------------------------------------- don't give up
@dataclass(frozen=True)
class StuckAdvice:
    """Where to go back to: the move ``number`` (1-based) that played ``played`` in a
    position where ``other`` was also possible."""

    number: int
    played: str
    other: str

    @property
    def text(self) -> str:
        return say(
            "stuck", number=self.number, played=MoveRef(self.played), other=MoveRef(self.other)
        )


def visibly_stuck(game: Game) -> bool:
    """Whether the player can see that no move is left: no legal move at all, none the
    rule player would make (only shuffles that change nothing), or nothing but dealing,
    and a whole pass of the stock (every card of stock and waste turned since
    the last other move) changed nothing. Reads the observation and the moves played."""
    obs = game.observation()
    if obs["status"] != "playing":
        return obs["status"] == "lost"  # no legal move at all
    legal = obs["legal_moves"]
    if not legal:
        return True
    if any(m != str(DEAL) for m in legal):
        # Moves are left, but none the rule player would make: only shuffles of cards
        # that change nothing (it reads the observation only).
        return RulePlayer().choose(obs) is None
    history = [str(m) for m in game.history]
    trailing = len(history) - next(
        (i + 1 for i in range(len(history) - 1, -1, -1) if history[i] != str(DEAL)), 0
    )
    cards = obs["stock_count"] + len(obs["piles"].get("waste", []))
    return trailing > cards


def _real(obs: Observation, move: str) -> bool:
    """Whether ``move`` does something: a card up or down from a foundation, a waste or
    reserve card played, a face-down card turned, a pile emptied, or a re-ordering that
    frees a card (not a group shuffled from one pile to another)."""
    source, _, rest = move.partition("-")
    target, _, count = rest.partition("x")
    if not (source.startswith("t") and target.startswith("t")):
        return True
    pile = obs["piles"][source]
    below = len(pile) - int(count or 1) - 1
    if below < 0 or pile[below] == "#":
        return True
    return any(r.move == move for r in strategy.reorderings(obs))


def stuck_advice(game: Game) -> StuckAdvice | None:
    """When :func:`visibly_stuck`: the last real choice (the latest earlier position where
    another move than the one played, not a deal and not a mere shuffle, was legal) and
    that other move;
    ``None`` when not stuck or there was no choice."""
    if not isinstance(game, Game) or not visibly_stuck(game):
        return None
    work = game.copy()
    while work.history:
        before = [str(m) for m in work.history]
        if not work.undo():
            break
        played = before[len(work.history)]  # the turn's first move (a turn may be several)
        obs = work.observation()
        others = [m for m in obs["legal_moves"] if m not in (played, str(DEAL)) and _real(obs, m)]
        if others:
            return StuckAdvice(len(work.history) + 1, played, others[0])
    return None


# ---------------------------------------------------------------- the view
def coach_view(
    obs: Observation,
    note: str | None = None,
    *,
    judgement: Judgement | None = None,
    extra: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The Coach's part of the widget's view: ``marks`` (pile, card positions, tone, a short
    label and a sentence), ``say`` (what the tips see, a few sentences, none repeating the
    note), ``note`` (the sentence on the last move), ``judgement`` and any ``extra`` keys."""
    marks = [mark for tip in registry.TIPS for mark in tip.marks(obs)]
    say_lines = [m["text"] for m in marks if m["tip"] != "base"]
    if strategy.base_readings(obs):
        best = strategy.tip_base(obs)
        say_lines = [
            message("Before choosing the base, read the reserve: {reading}", reading=best.text)
            if best
            else ""
        ]
    if judgement is not None and note is None:
        note = judgement.sentence
    lines = list(dict.fromkeys(s for s in say_lines if s and s != note))[:MAX_SAY]
    view: dict[str, Any] = {
        "marks": marks,
        "say": lines,
        "note": note,
        "tone": judgement.tone if judgement is not None else ("plain" if note else None),
        "judgement": judgement.as_view() if judgement is not None else None,
    }
    if extra:
        view.update(extra)
    return view

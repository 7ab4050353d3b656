"""Every sentence of the Coach and of the game review, as English templates in one table.

:data:`MESSAGES` maps a key to a template with named placeholders and :func:`say` renders
one. A translation layer (gettext) replaces :func:`say`'s lookup and nothing else: the
placeholders are filled with numbers, cards and moves, never with English words, except
through :func:`article` (which a catalogue may override per language).

>>> say("praise", tip="read the reserve before choosing the base")
'Good: read the reserve before choosing the base.'
>>> article("eight"), article("two")
('an eight', 'a two')
"""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # ------------------------------------------------ a move against a tip
    "against.base": "{card}'s rank is buried deeper in the reserve than {best}'s",
    "against.reversed": "{card} takes the last foundation the reversed run {run} needs",
    "against.pile-start": "{card} is not a good pile start ({start} is: nothing waits under it)",
    "against.deal-on": "No need to fill the space to deal on: {card} could go to {where}",
    "against.other": "{card} goes against the tip",
    "note.supported": "{why}. The tip: {says}.",
    "note.unsupported": "{why}. That is a rule of thumb the data does not support: {finding}.",
    "note.unmeasured": "{why} ({says}).",
    "finding.negative": "players who follow it win fewer games",
    "finding.unclear": "following it makes no clear difference",
    "mark.base-rate": (
        "; bases like it won {won} of {games} games played by the tips ({low}–{high})"
    ),
    "mark.base-seeing": ", {won} of {games} for someone who sees every card",
    # ------------------------------------------------ praise
    "praise": "Good: {tip}.",
    "praise.best": "Good move: nothing here is clearly better.",
    "missed": "Another idea here: {idea}.",
    # ------------------------------------------------ grades (the move's own value drop)
    "grade.best": "The best move here ({value} to win).",
    "grade.good": "A good move ({value} to win; {best} is not clearly better).",
    "grade.inaccuracy": (
        "An inaccuracy: {best} was better, {drop} points more to win (95% interval {low} to "
        "{high})."
    ),
    "grade.mistake": (
        "A mistake: {best} was better, {drop} points more to win (95% interval {low} to {high})."
    ),
    "grade.blunder": (
        "A blunder: {best} was much better, {drop} points more to win (95% interval {low} to "
        "{high})."
    ),
    "grade.meaning": "Deals that fit what you see, played out: {samples}.",
    # ------------------------------------------------ don't give up (Klondike)
    "stuck": (
        "Don't give up: undo to move {number}, where you played {played}, and try {other} instead."
    ),
    "stuck.none": "No moves are left, and no earlier choice to try again.",
    "no-moves": "No moves left.",
    # ------------------------------------------------ the review
    "review.title": "Game review",
    "review.value": "Move {number} ({move}): {value} to win.",
    "review.start": "At the start: {value} to win.",
    "review.slipped": (
        "Where it slipped away: move {number}, {move}. After it, the chance to win fell below "
        "{level} and did not come back."
    ),
    "review.kept": "The chance to win never fell below {level} for good.",
    "review.drop": "Move {number}, {move}: {before} to {after} to win; {better} was better.",
    "review.drop-best": "Move {number}, {move}: {before} to {after} to win (no move was better).",
    "review.meaning": (
        "Each value: how often the rule player wins the deals that fit what you saw, "
        "at least {samples} deals per position."
    ),
    "review.partial": "The review stopped early: {done} of {total} positions were valued.",
    "review.seeing": "All-seeing post-mortem (it looks at every hidden card): {text}",
    "review.working": "Reviewing the game…",
    "learning.seeing-off": "Off while the Coach is on: it would look at the hidden cards.",
}
"""Every sentence of the Coach and the review: a key -> an English template."""

VOWEL_SOUNDS = ("ace", "eight")


def say(key: str, **values: object) -> str:
    """The sentence ``key`` with its placeholders filled (``KeyError`` for an unknown key)."""
    return MESSAGES[key].format(**values)


def article(word: str) -> str:
    """``word`` after its indefinite article: ``'an ace'``, ``'a two'``."""
    return f"{'an' if word.lower().startswith(VOWEL_SOUNDS) else 'a'} {word}"


def percent(x: float) -> str:
    """A chance as a whole percentage: ``'31%'``."""
    return f"{100 * x:.0f}%"


def points(x: float) -> str:
    """A difference of chances in whole points: ``'12'``."""
    return f"{100 * x:.0f}"

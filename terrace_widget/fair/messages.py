"""Every sentence of the Coach and of the game review, as English templates in one table.

:data:`MESSAGES` maps a key to a template (a message id of the catalogues, marked with
``N_``) with named placeholders, and :func:`say` makes one a
:class:`~terrace_widget.i18n.Message`: English as a ``str``, rendered in the table's
language where it is shown. The placeholders are filled with numbers, card glyphs and
parameters that each language names itself (:class:`~terrace_widget.i18n.Rank`,
:class:`~terrace_widget.i18n.PileRef`, :class:`~terrace_widget.i18n.MoveRef`, other
messages), never with English words.

>>> from terrace_widget.i18n import Rank, translator
>>> say("praise.best")
'Good move: nothing here is clearly better.'
>>> note = say("against.pile-start", card="7♣", start=Rank(8))
>>> note
'7♣ is not a good pile start (an eight is: nothing waits under it)'
>>> translator("ca").render(note)
'7♣ no és un bon inici de pila (ho seria una carta de rang vuit: no hi ha res a sota)'
>>> translator("ru").render(note)
'7♣ — неудачное начало стопки (лучше начать с восьмёрки: под такой картой ничего не ждёт)'
"""

from __future__ import annotations

from ..i18n import N_, Message

MESSAGES: dict[str, str] = {
    # ------------------------------------------------ a move against a tip
    "against.base": N_("{card}'s rank is buried deeper in the reserve than {best}'s"),
    "against.reversed": N_("{card} takes the last foundation the reversed run {run} needs"),
    "against.pile-start": N_(
        "{card} is not a good pile start ({start:an} is: nothing waits under it)"
    ),
    "against.deal-on": N_("No need to fill the space to deal on: {card} could go to {where}"),
    "against.other": N_("{card} goes against the tip"),
    "note.supported": N_("{why}. The tip: {says}."),
    "note.unsupported": N_("{why}. That is a rule of thumb the data does not support: {finding}."),
    "note.unmeasured": N_("{why} ({says})."),
    "finding.negative": N_("players who follow it win fewer games"),
    "finding.unclear": N_("following it makes no clear difference"),
    "mark.base-rate": N_(
        "{reading}; bases like it won {won} of {games} games played by the tips ({low}–{high})"
    ),
    "mark.base-seeing": N_("{reading}, {won} of {games} for someone who sees every card"),
    # ------------------------------------------------ praise
    "praise": N_("Good: {tip}."),
    "praise.best": N_("Good move: nothing here is clearly better."),
    "missed": N_("Another idea here: {idea}."),
    # ------------------------------------------------ grades (the move's own value drop)
    "grade.best": N_("The best move here ({value} to win)."),
    "grade.good": N_("A good move ({value} to win; {best} is not clearly better)."),
    "grade.inaccuracy": N_(
        "An inaccuracy: {best} was better, {drop} points more to win (95%: {low} to {high})."
    ),
    "grade.mistake": N_(
        "A mistake: {best} was better, {drop} points more to win (95%: {low} to {high})."
    ),
    "grade.blunder": N_(
        "A blunder: {best} was much better, {drop} points more to win (95%: {low} to {high})."
    ),
    "grade.meaning": N_("Deals that fit what you see, played out: {samples}."),
    # ------------------------------------------------ don't give up (Klondike)
    "stuck": N_(
        "Don't give up: undo to move {number}, where you played {played}, and try {other} instead."
    ),
    "stuck.none": N_("No moves are left, and no earlier choice to try again."),
    "no-moves": N_("No moves left."),
    # ------------------------------------------------ the review
    "review.title": N_("Game review"),
    "review.value": N_("Move {number} ({move}): {value} to win."),
    "review.start": N_("At the start: {value} to win."),
    "review.slipped": N_(
        "Where it slipped away: move {number}, {move}. After it, the chance to win fell below "
        "{level} and did not come back."
    ),
    "review.kept": N_("The chance to win never fell below {level} for good."),
    "review.drop": N_("Move {number}, {move}: {before} to {after} to win; {better} was better."),
    "review.drop-best": N_(
        "Move {number}, {move}: {before} to {after} to win (no move was better)."
    ),
    "review.meaning": N_(
        "Each value: how often the rule player wins the deals that fit what you saw, "
        "at least {samples} deals per position."
    ),
    "review.partial": N_("The review stopped early: {done} of {total} positions were valued."),
    "review.seeing": N_("All-seeing post-mortem (it looks at every hidden card): {text}"),
    "review.working": N_("Reviewing the game…"),
    "learning.seeing-off": N_("Off while the Coach is on: it would look at the hidden cards."),
    "learning.fair-off": N_("Off at a drill: it would look at the hidden cards."),
    "join": N_("{first} {then}"),
}
"""Every sentence of the Coach and the review: a key -> an English template."""


def say(key: str, **values: object) -> Message:
    """The sentence ``key`` with its placeholders (``KeyError`` for an unknown key), to be
    rendered in the table's language."""
    return Message(MESSAGES[key], params=values)


def joined(*parts: str) -> str:
    """Sentences one after the other (each rendered in the table's language)."""
    kept = [p for p in parts if p]
    out = kept[0] if kept else ""
    for part in kept[1:]:
        out = say("join", first=out, then=part)
    return out


def percent(x: float) -> str:
    """A chance as a whole percentage: ``'31%'``."""
    return f"{100 * x:.0f}%"


def points(x: float) -> str:
    """A difference of chances in whole points: ``'12'``."""
    return f"{100 * x:.0f}"

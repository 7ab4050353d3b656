"""Aisleriot's classic hints, in its order of priority (docs/rules.md#terrace-hints)."""

from __future__ import annotations

from typing import NamedTuple

from ..i18n import Card, message
from .cards import builds_down, rank_of
from .engine import WASTE, Table
from .moves import DEAL, Move

NO_BASE = message("Move something onto the foundation.")
DEAL_TEXT = message("Deal a new card from the deck")
FOUNDATION_DOWN = message("Try moving cards down from the foundation")
NO_HINT = message("No hint available right now")


class Hint(NamedTuple):
    """A suggestion: the move to make (``None`` when the hint is only advice) and its text."""

    move: Move | None
    message: str

    def __str__(self) -> str:
        return self.message


def _move_text(table: Table, source: int, target: int, count: int = 1) -> Hint:
    piles = table.piles
    card = piles[source][-count]
    onto = piles[target]
    names = table.names
    move = Move(names[source], names[target], count)
    if onto:
        text = message("Move {card} onto {onto}.", card=Card(card), onto=Card(onto[-1]))
    elif target in table.foundations:
        text = message("Move {card} onto an empty foundation slot.", card=Card(card))
    else:
        text = message("Move {card} onto an empty tableau slot.", card=Card(card))
    return Hint(move, text)


def classic_hint(table: Table) -> Hint | None:
    """The hint Aisleriot would give, or ``None`` where it has none."""
    return _CLASSIC_HINTS[table.rules.hint_style](table)


def _leftmost_foundation(table: Table, value: int) -> int | None:
    targets = table.foundation_targets().get(value)
    return min(targets) if targets else None


def _terrace_hint(table: Table) -> Hint | None:
    if not table.base:
        return Hint(None, NO_BASE)
    piles = table.piles
    sources = [table.reserve, *table.tableau, WASTE]
    for source in sources:
        if piles[source]:
            f = _leftmost_foundation(table, piles[source][-1])
            if f is not None:
                return _move_text(table, source, f)
    build = _terrace_build(table)
    if build is not None:
        return build
    waste = piles[WASTE]
    if waste:
        card = waste[-1]
        for i in table.tableau:
            if not piles[i] or card in table.tableau_next[piles[i][-1]]:
                return _move_text(table, WASTE, i)
    if table.dealable():
        return Hint(DEAL, DEAL_TEXT)
    return None


def _terrace_build(table: Table) -> Hint | None:
    """A tableau build that empties a pile or frees a card for a foundation."""
    piles = table.piles
    taccept = table.tableau_next
    ftargets = table.foundation_targets()
    base = table.base
    best_order = base
    best: tuple[int, int] | None = None
    for p in table.tableau:
        pile = piles[p]
        if not pile:
            continue
        first: int | None = None
        success = True
        for card in reversed(pile):
            if first is not None and card in ftargets:
                break
            target = next(
                (q for q in table.tableau if q != p and piles[q] and card in taccept[piles[q][-1]]),
                None,
            )
            if target is None:
                success = False
                break
            if first is None:
                first = target
        if not success or first is None:
            continue
        rank = rank_of(pile[-1])
        order = rank if rank >= base else rank + 13
        if order > best_order:
            best_order = order
            best = (p, first)
    return None if best is None else _move_text(table, *best)


def _klondike_hint(table: Table) -> Hint | None:
    piles = table.piles
    down = table.down
    empty_foundations = [f for f in table.foundations if not piles[f]]
    for source in (WASTE, *table.tableau):
        pile = piles[source]
        if pile and rank_of(pile[-1]) == 1 and empty_foundations:
            return _move_text(table, source, empty_foundations[0])
    for p in table.tableau:
        pile = piles[p]
        if not pile:
            continue
        deepest = down[p]
        card = pile[deepest]
        if deepest == 0 and rank_of(card) == 13:
            continue
        target = _klondike_tableau_target(table, card, exclude=p)
        if target is not None:
            return _move_text(table, p, target, len(pile) - deepest)
    waste = piles[WASTE]
    if waste:
        target = _klondike_tableau_target(table, waste[-1], exclude=WASTE)
        if target is not None:
            return _move_text(table, WASTE, target)
    for f in table.foundations:
        if not piles[f]:
            continue
        for source in (WASTE, *table.tableau):
            pile = piles[source]
            if pile and pile[-1] in table.foundation_next[piles[f][-1]]:
                return _move_text(table, source, f)
    if table.dealable():
        return Hint(DEAL, DEAL_TEXT)
    if any(piles[f] for f in table.foundations):
        return Hint(None, FOUNDATION_DOWN)
    return Hint(None, NO_HINT)


def _klondike_tableau_target(table: Table, card: int, exclude: int) -> int | None:
    piles = table.piles
    for q in table.tableau:
        if q == exclude:
            continue
        onto = piles[q]
        if not onto:
            if rank_of(card) == 13:
                return q
        elif builds_down(onto[-1], card):
            return q
    return None


_CLASSIC_HINTS = {"terrace": _terrace_hint, "klondike": _klondike_hint}
"""Aisleriot's hint code is one per family of game files: the rules' ``hint_style`` picks it."""

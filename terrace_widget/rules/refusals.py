"""Why a move is refused, in one sentence a player can act on.

The sentences name cards as a person says them ("the queen of clubs"), start with a
capital and give the first rule the move breaks: the rank before the colour.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import pairwise

from ..i18n import Card, Message, Pile, Rank, message, plural_message
from ..i18n.nouns import pile_words as _pile_words
from .cards import builds_down, is_red, rank_of
from .engine import STOCK, WASTE, Table
from .moves import DEAL, Move


def pile_words(name: str) -> str:
    """``'tableau pile 3'``, ``'foundation 2'``, ``'the waste'`` (in English)."""
    return _pile_words("en", name)


def why_illegal(table: Table, index: Mapping[str, int], move: Move, status: str) -> Message:
    """Why ``move`` (naming piles of this table) is refused in ``table``: an English
    :class:`~terrace_widget.i18n.Message` that a table renders in its own language."""
    return _reason(table, index, move, status).capitalized()


def deal_refusal(table: Table) -> Message:
    """Why a click on the stock does nothing now."""
    rules = table.rules
    piles = table.piles
    if not table.base:
        return message(
            "choose the base card first: drop one of the four tableau cards on a foundation"
        )
    if rules.one_at_a_time_after_redeal and table.passes and piles[WASTE]:
        return message(
            "after the redeal each card must be played before the next is dealt: "
            "play the waste card first"
        )
    if table.stock_locked():
        return message(
            "the stock is locked while a tableau space is open: play the waste card first"
        )
    if not piles[STOCK] and not piles[WASTE]:
        return message("the stock and the waste are both empty")
    return message("the stock is empty and no redeal is left")


def _reason(table: Table, index: Mapping[str, int], move: Move, status: str) -> Message:
    rules = table.rules
    piles = table.piles
    if status == "won":
        return message("the game is already won; start a new deal")
    if move == DEAL:
        return deal_refusal(table)
    s, t, n = index[move.source], index[move.target], move.size
    source = piles[s]
    if t in (STOCK, WASTE, table.reserve):
        return message("nothing can be put on {pile}", pile=Pile(move.target))
    if s == STOCK:
        return message("cards leave the stock only by a deal: click the stock")
    if not source:
        return message("{pile} is empty", pile=Pile(move.source))
    if s in table.foundations and rules.foundations_final:
        return message("foundation cards are final in this game: they never come back")
    if not table.base and (s not in table.tableau or t not in table.foundations):
        return message(
            "choose the base card first: drag one of the four tableau cards onto a foundation"
        )
    if n > 1 and s == table.reserve:
        return message("only the reserve's top card is in play")
    if n > 1 and rules.tableau_moves == "single":
        return message("cards move one at a time in this game")
    if n > len(source):
        return plural_message(
            "{pile} has only {n} card", "{pile} has only {n} cards", len(source),
            pile=Pile(move.source),
        )  # fmt: skip
    if n > 1:
        if s not in table.tableau:
            return message("only one card at a time can leave {pile}", pile=Pile(move.source))
        if n > len(source) - table.down[s]:
            return message("face-down cards cannot be moved")
        group = source[-n:]
        for under, over in pairwise(group):
            if not builds_down(under, over):
                return message(
                    "{first} … {last} is not a sequence: a group must build down in "
                    "alternating colours",
                    first=Card(under),
                    last=Card(group[-1]),
                )
        if t in table.foundations:
            return message("cards go to a foundation one at a time")
    card = source[-n]
    onto = piles[t]
    if s == table.reserve and t in table.tableau:
        return message("reserve cards go only to the foundations")
    if t in table.foundations:
        return _foundation_reason(table, card, onto)
    return _tableau_reason(table, card, onto)


def _foundation_reason(table: Table, card: int, onto: list[int]) -> Message:
    rules = table.rules
    if not onto:
        if not rules.has_base_rank:
            return message("an empty foundation takes only an Ace")
        return message(
            "an empty foundation takes only a {rank} (the base rank)", rank=Rank(table.base)
        )
    if rules.has_base_rank and rank_of(card) == table.base:
        return message(
            "{card} has the base rank: it can only start an empty foundation", card=Card(card)
        )
    top = onto[-1]
    if rank_of(card) != rank_of(top) % 13 + 1 or (rank_of(top) == 13 and not rules.wrap):
        return message(
            "{card} cannot go on {onto}: foundations build up by one",
            card=Card(card),
            onto=Card(top),
        )
    if rules.foundation_build == "same-suit":
        return message(
            "{card} cannot go on {onto}: a foundation keeps one suit",
            card=Card(card),
            onto=Card(top),
        )
    return message(
        "{card} cannot go on {onto}: the colours must alternate", card=Card(card), onto=Card(top)
    )


def _tableau_reason(table: Table, card: int, onto: list[int]) -> Message:
    rules = table.rules
    if not onto:
        if rules.space_fill == "kings":
            return message("only a King (or a group headed by a King) can fill an empty pile")
        return message("a tableau space can be filled only from the waste")
    top = onto[-1]
    if rules.has_base_rank and rank_of(top) == table.base:
        return message("nothing may be built on {card}: it has the base rank", card=Card(top))
    below = 13 if rank_of(top) == 1 else rank_of(top) - 1
    if rank_of(card) != below or (rank_of(top) == 1 and not rules.wrap):
        return message(
            "{card} cannot go on {onto}: the tableau builds down by one",
            card=Card(card),
            onto=Card(top),
        )
    if is_red(card) == is_red(top):
        return message(
            "{card} cannot go on {onto}: the colours must alternate",
            card=Card(card),
            onto=Card(top),
        )
    return message("{card} cannot go on {onto}", card=Card(card), onto=Card(top))

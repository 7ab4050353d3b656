"""Why a move is refused, in one sentence a player can act on.

The sentences name cards as a person says them ("the queen of clubs"), start with a
capital and give the first rule the move breaks: the rank before the colour.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import pairwise

from .cards import RANK_TITLES, builds_down, card_name, is_red, rank_of
from .engine import STOCK, WASTE, Table
from .moves import DEAL, Move

PILE_WORDS = {"stock": "the stock", "waste": "the waste", "reserve": "the reserve"}


def pile_words(name: str) -> str:
    """``'tableau pile 3'``, ``'foundation 2'``, ``'the waste'``."""
    if name in PILE_WORDS:
        return PILE_WORDS[name]
    kind = "foundation" if name.startswith("f") else "tableau pile"
    return f"{kind} {name[1:]}"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def why_illegal(table: Table, index: Mapping[str, int], move: Move, status: str) -> str:
    """Why ``move`` (naming piles of this table) is refused in ``table``."""
    return _capital(_reason(table, index, move, status))


def deal_refusal(table: Table) -> str:
    """Why a click on the stock does nothing now."""
    rules = table.rules
    piles = table.piles
    if not table.base:
        return "choose the base card first: drop one of the four tableau cards on a foundation"
    if rules.one_at_a_time_after_redeal and table.passes and piles[WASTE]:
        return (
            "after the redeal each card must be played before the next is dealt: "
            "play the waste card first"
        )
    if table.stock_locked():
        return "the stock is locked while a tableau space is open: play the waste card first"
    if not piles[STOCK] and not piles[WASTE]:
        return "the stock and the waste are both empty"
    return "the stock is empty and no redeal is left"


def _reason(table: Table, index: Mapping[str, int], move: Move, status: str) -> str:
    rules = table.rules
    piles = table.piles
    if status == "won":
        return "the game is already won; start a new deal"
    if move == DEAL:
        return deal_refusal(table)
    s, t, n = index[move.source], index[move.target], move.size
    source = piles[s]
    if t in (STOCK, WASTE, table.reserve):
        return f"nothing can be put on {pile_words(move.target)}"
    if s == STOCK:
        return "cards leave the stock only by a deal: click the stock"
    if not source:
        return f"{pile_words(move.source)} is empty"
    if s in table.foundations and rules.foundations_final:
        return "foundation cards are final in this game: they never come back"
    if not table.base and (s not in table.tableau or t not in table.foundations):
        return "choose the base card first: drag one of the four tableau cards onto a foundation"
    if n > 1 and s == table.reserve:
        return "only the reserve's top card is in play"
    if n > 1 and rules.tableau_moves == "single":
        return "cards move one at a time in this game"
    if n > len(source):
        return f"{pile_words(move.source)} has only {len(source)} card(s)"
    if n > 1:
        if s not in table.tableau:
            return f"only one card at a time can leave {pile_words(move.source)}"
        if n > len(source) - table.down[s]:
            return "face-down cards cannot be moved"
        group = source[-n:]
        for under, over in pairwise(group):
            if not builds_down(under, over):
                return (
                    f"{card_name(under)} … {card_name(group[-1])} is not a sequence: a group "
                    "must build down in alternating colours"
                )
        if t in table.foundations:
            return "cards go to a foundation one at a time"
    card = source[-n]
    onto = piles[t]
    if s == table.reserve and t in table.tableau:
        return "reserve cards go only to the foundations"
    if t in table.foundations:
        return _foundation_reason(table, card, onto)
    return _tableau_reason(table, card, onto)


def _foundation_reason(table: Table, card: int, onto: list[int]) -> str:
    rules = table.rules
    if not onto:
        if not rules.has_base_rank:
            return "an empty foundation takes only an Ace"
        return f"an empty foundation takes only a {RANK_TITLES[table.base - 1]} (the base rank)"
    if rules.has_base_rank and rank_of(card) == table.base:
        return f"{card_name(card)} has the base rank: it can only start an empty foundation"
    top = onto[-1]
    if rank_of(card) != rank_of(top) % 13 + 1 or (rank_of(top) == 13 and not rules.wrap):
        return f"{card_name(card)} cannot go on {card_name(top)}: foundations build up by one"
    if rules.foundation_build == "same-suit":
        return f"{card_name(card)} cannot go on {card_name(top)}: a foundation keeps one suit"
    return f"{card_name(card)} cannot go on {card_name(top)}: the colours must alternate"


def _tableau_reason(table: Table, card: int, onto: list[int]) -> str:
    rules = table.rules
    if not onto:
        if rules.space_fill == "kings":
            return "only a King (or a group headed by a King) can fill an empty pile"
        return "a tableau space can be filled only from the waste"
    top = onto[-1]
    if rules.has_base_rank and rank_of(top) == table.base:
        return f"nothing may be built on {card_name(top)}: it has the base rank"
    below = 13 if rank_of(top) == 1 else rank_of(top) - 1
    if rank_of(card) != below or (rank_of(top) == 1 and not rules.wrap):
        return f"{card_name(card)} cannot go on {card_name(top)}: the tableau builds down by one"
    if is_red(card) == is_red(top):
        return f"{card_name(card)} cannot go on {card_name(top)}: the colours must alternate"
    return f"{card_name(card)} cannot go on {card_name(top)}"

"""Small helpers to build test positions concisely on top of ``Game.from_piles``.

Piles are given as keyword arguments, each a string of card codes bottom → top
(``t1="9C 8D"``: 8♦ is the top card) or a list. Cards that are not listed go to the
bottom of ``rest`` (the stock by default), so listed stock cards are dealt first, the
last one listed first of all.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from terrace_widget import Game

SUIT_CYCLES = (("H", "C"), ("H", "C"), ("D", "S"), ("D", "S"),
               ("C", "H"), ("C", "H"), ("S", "D"), ("S", "D"))  # fmt: skip
"""The suits of F1…F8 in :func:`full_foundations`: (even positions, odd positions)."""

RANKS = "A23456789TJQK"

# Nine black cards that never build on each other (black on black) and, as long as the
# base is not a Ten or higher-ranked card among them, never go to an empty foundation.
BLACK_FILLERS = ("KC", "KS", "QC", "QS", "JC", "JS", "TC", "TS", "9C")


def cards(spec: str | Iterable[str]) -> list[str]:
    """``"9C 8D"`` → ``["9C", "8D"]``; lists pass through."""
    return spec.split() if isinstance(spec, str) else list(spec)


def _piles(piles: dict[str, str | Iterable[str]]) -> dict[str, list[str]]:
    return {name: cards(spec) for name, spec in piles.items()}


def terrace(
    variant: str = "terrace",
    *,
    base: int | None = 3,
    locked: bool = False,
    redeals_used: int = 0,
    rest: str = "stock",
    **piles: str | Iterable[str],
) -> Game:
    """A Terrace-family position: ``terrace(t1="9C 8D", t2="9S", base=3)``."""
    return Game.from_piles(
        variant,
        _piles(piles),
        base_rank=base,
        stock_locked=locked,
        redeals_used=redeals_used,
        rest_to=rest,
    )


def klondike(
    variant: str = "klondike",
    *,
    redeals_used: int = 0,
    rest: str = "stock",
    **piles: str | Iterable[str],
) -> Game:
    """A Klondike position: ``klondike(t1="#9C 6D 5S 4H", t2="7C")`` (``#`` = face down)."""
    return Game.from_piles(variant, _piles(piles), redeals_used=redeals_used, rest_to=rest)


def fillers(n: int, *, skip: Iterable[str] = (), start: int = 1) -> dict[str, str]:
    """Tableau piles t{start}… (``n`` of them, minus those in ``skip``) with one inert card."""
    names = [f"t{i}" for i in range(start, start + n) if f"t{i}" not in set(skip)]
    return dict(zip(names, BLACK_FILLERS, strict=False))


def full_foundations(base: int, *, same_suit: bool = False) -> dict[str, list[str]]:
    """Eight complete Terrace foundations (13 cards each, all 104 cards).

    Position p of a foundation holds rank base + p. Alternate colours: F1, F2 have hearts
    at even positions and clubs at odd ones, F3, F4 diamonds/spades, F5, F6 clubs/hearts,
    F7, F8 spades/diamonds, so every card is used exactly twice. ``same_suit`` (General's
    Patience): F1, F2 clubs, F3, F4 diamonds, F5, F6 hearts, F7, F8 spades.
    """
    cycles = [(s, s) for s in "CCDDHHSS"] if same_suit else SUIT_CYCLES
    result = {}
    for i, (even, odd) in enumerate(cycles, start=1):
        result[f"f{i}"] = [
            RANKS[(base - 1 + p) % 13] + (even if p % 2 == 0 else odd) for p in range(13)
        ]
    return result


def face(pile: Iterable[str]) -> list[str]:
    """Card codes without the face-down mark."""
    return [c.lstrip("#") for c in pile]


def rank(code: str) -> int:
    """1 (Ace) … 13 (King)."""
    return RANKS.index(code.lstrip("#")[0]) + 1


def position(g: Game) -> tuple:
    """Everything undo must restore (the history aside)."""
    return (
        g.piles,
        g.score,
        g.status,
        g.base_rank,
        g.stock_locked,
        g.redeals_used,
        g.stock_count,
    )


def klondike_stuck(variant: str = "klondike-no-redeal", *, clubs_up: int = 5) -> Game:
    """A Klondike position with no legal move, every pile within the deal's face-down
    counts: the stock and waste are empty, four Kings and three unplayable cards on top,
    the cards they would need face down, foundations at 5♣, J♦, J♥, 5♠.

    With ``clubs_up`` below 5 the clubs up to 5♣ are on the waste instead (5♣ on top), so
    the game is lost only once they have gone up."""
    suit = {s: [r + s for r in RANKS] for s in "CDHS"}
    return Game.from_piles(
        variant,
        {
            "waste": suit["C"][clubs_up:5][::-1],
            "f1": suit["C"][:clubs_up], "f2": suit["D"][:11],
            "f3": suit["H"][:11], "f4": suit["S"][:5],
            "t1": ["KC"],
            "t2": ["#6C", "8C"],
            "t3": ["#7C", "#9C", "8S"],
            "t4": ["#TC", "#JC", "#QC", "TS"],
            "t5": ["#QD", "#QH", "#6S", "#7S", "KD"],
            "t6": ["#9S", "#JS", "#QS", "KH"],
            "t7": ["KS"],
        },
        rest_to=None,
    )  # fmt: skip


def twin(game: Game, rng: random.Random) -> Game:
    """The same visible position with the hidden cards (stock, face-down) reshuffled."""
    piles = game.piles
    hidden = [(name, k) for name, pile in piles.items() for k, c in enumerate(pile) if c[0] == "#"]
    cards = [piles[name][k] for name, k in hidden]
    rng.shuffle(cards)
    new = {name: list(pile) for name, pile in piles.items()}
    for (name, k), card in zip(hidden, cards, strict=True):
        new[name][k] = card
    return Game.from_piles(
        game.rules,
        new,
        base_rank=game.base_rank,
        stock_locked=game.stock_locked,
        redeals_used=game.redeals_used,
    )

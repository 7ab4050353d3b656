"""Klondike positions in Solvitaire's JSON deal format (Blake & Gent's solver).

>>> from terrace_widget import Game
>>> g = Game("klondike", seed=3)
>>> deal = to_solvitaire(g)
>>> deal["tableau piles"][1], len(deal["stock"])
(['3d', 'AH'], 24)
>>> from_solvitaire(deal).piles == g.piles
True

Solvitaire's JSON deal format: every pile is listed bottom to top;
``"tableau piles"`` holds seven lists, a card face down when its suit letter is lower
case (``"10c"``); ``"stock"`` ends with the card dealt next; ``"waste"`` ends with the
playable card; ``"foundations"`` is one flat list, each card pushed onto its suit's
foundation in list order. Ranks are ``A 2 … 10 J Q K`` (Solvitaire refuses ``T``).

Only the Klondike games have such a deal. No Terrace-family game can be written in it
(alternate-colour foundations, a reserve that feeds only the foundations, the stock
lock and the chosen base are not in Solvitaire's rules), and the redeal count is not
part of a deal. :func:`solvitaire_rules` gives Solvitaire's rule file for the two
Klondike options it can express (unlimited redeals or none).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ..game.game import Game
from ..game.positions import CorruptSaveError
from ..rules.cards import RANKS, SUITS, code, parse_card, rank_of, suit_of
from ..rules.limits import MAX_JSON_CHARS, load_json, quote
from ..rules.variants import Rules, get_rules

_KEYS = ("tableau piles", "stock", "waste", "foundations", "reserve", "cells")


class SolvitaireFormatError(ValueError):
    """A deal that is not valid Solvitaire JSON for Klondike, or a game it cannot hold."""


def _klondike(variant: str | Rules, what: str) -> Rules:
    rules = get_rules(variant)
    klondike_like = (
        rules.decks == 1
        and rules.base == "ace"
        and not rules.reserve
        and rules.hidden_tableau
        and rules.foundation_build == "same-suit"
    )
    if not klondike_like:
        raise SolvitaireFormatError(
            f"{rules.name} cannot be {what} Solvitaire's format: its alternate-colour "
            "foundations, reserve-to-foundation-only rule and chosen base card are not "
            "expressible there; only the Klondike games are"
        )
    return rules


def card_text(value: int, face_up: bool = True) -> str:
    """Solvitaire's text of a card: ``'10C'`` face up, ``'10c'`` face down."""
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 52:
        raise ValueError(f"a card value is 0 … 51, not {quote(value)}")
    rank = rank_of(value)
    suit = SUITS[suit_of(value)]
    return ("10" if rank == 10 else RANKS[rank - 1]) + (suit if face_up else suit.lower())


def read_card(text: object) -> tuple[int, bool]:
    """(card value, face up) of a Solvitaire card text: ``'QH'``, ``'10c'``, ``'12h'``."""
    if not isinstance(text, str) or not 2 <= len(text.strip()) <= 3:
        raise SolvitaireFormatError(f"{quote(text)} is not a card such as 'QH', '10c' or '7S'")
    norm = text.strip()
    rank_text, suit = norm[:-1].upper(), norm[-1]
    if rank_text.isdigit() and 1 <= int(rank_text) <= 13:
        rank_text = "T" if int(rank_text) == 10 else RANKS[int(rank_text) - 1]
    if suit.upper() not in SUITS or rank_text not in RANKS:
        raise SolvitaireFormatError(
            f"{quote(text)} is not a card: write the rank (A 2 … 10 J Q K, or 1 … 13) then the "
            "suit (C D H S; lower case for a face-down tableau card)"
        )
    return parse_card(rank_text + suit.upper()), suit.isupper()


def to_solvitaire(game: Game) -> dict[str, Any]:
    """The position of a Klondike ``game`` as a Solvitaire JSON deal (a dict)."""
    if not isinstance(game, Game):
        raise TypeError(f"expected a terrace_widget.Game, not {game!r}")
    _klondike(game.rules, "written in")
    piles = game.piles

    def cards(name: str, *, tableau: bool = False) -> list[str]:
        return [
            card_text(parse_card(c.lstrip("#")), not (tableau and c.startswith("#")))
            for c in piles[name]
        ]

    return {
        "tableau piles": [cards(f"t{i}", tableau=True) for i in range(1, 8)],
        "stock": cards("stock"),
        "waste": cards("waste"),
        "foundations": [card for i in range(1, 5) for card in cards(f"f{i}")],
    }


def to_solvitaire_json(game: Game, indent: int | None = None) -> str:
    """:func:`to_solvitaire` as JSON text (a file Solvitaire reads)."""
    return json.dumps(to_solvitaire(game), indent=indent)


def from_solvitaire(
    data: Mapping[str, Any] | str, variant: str = "klondike", *, redeals_used: int = 0
) -> Game:
    """The Klondike game of a Solvitaire deal (a dict or its JSON text).

    A freshly dealt position (seven piles of 1 … 7 cards with only the top face up, the
    24 others in the stock) gives a game with its deck (:meth:`Game.record` works); any
    other position gives a constructed game (:meth:`Game.from_piles`). A deal does not
    say how many redeals were used: give ``redeals_used``. Nor does it say which slot
    each foundation was in (they are one list): they come back as f1, f2, … in the order
    their suits first appear, so a round trip keeps every foundation's cards but may
    number the foundations differently.
    """
    rules = _klondike(variant, "read from")
    if isinstance(data, str):
        # A deal is about 1 kB: longer or deeper text is refused before it is parsed on.
        try:
            data = load_json(data, "a Solvitaire deal", max_chars=MAX_JSON_CHARS // 16, depth=4)
        except ValueError as error:
            raise SolvitaireFormatError(str(error)) from None
    if not isinstance(data, Mapping):
        raise SolvitaireFormatError("a Solvitaire deal is a JSON object")
    unknown = [k for k in data if k not in _KEYS]
    if unknown:
        raise SolvitaireFormatError(
            f"unknown key {quote(unknown[0])}; a Klondike deal has {', '.join(_KEYS[:4])}"
        )
    for key in ("reserve", "cells"):
        if data.get(key):
            raise SolvitaireFormatError(f"Klondike has no {key}, but the deal fills {quote(key)}")
    tableau = data.get("tableau piles")
    if not isinstance(tableau, list) or len(tableau) != rules.tableau:
        raise SolvitaireFormatError(
            f"'tableau piles' must be a list of {rules.tableau} piles (each bottom to top)"
        )

    def read(name: str, entries: object, tableau: bool = False) -> list[str]:
        if not isinstance(entries, list) or len(entries) > 2 * rules.cards:
            raise SolvitaireFormatError(f"{name} must be a list of cards, not {quote(entries)}")
        result = []
        for entry in entries:
            try:
                value, up = read_card(entry)
            except SolvitaireFormatError as error:
                raise SolvitaireFormatError(f"{name}: {error}") from None
            result.append(code(value) if up or not tableau else "#" + code(value))
        return result

    piles: dict[str, list[str]] = {
        f"t{i}": read(f"tableau pile {i}", pile, tableau=True) for i, pile in enumerate(tableau, 1)
    }
    piles["stock"] = read("stock", data.get("stock", []))
    piles["waste"] = read("waste", data.get("waste", []))
    # Each foundation card goes on its suit's foundation, the suits in order of appearance.
    slots: dict[int, list[str]] = {}
    for card in read("foundations", data.get("foundations", [])):
        slots.setdefault(suit_of(parse_card(card)), []).append(card)
    for i, cards in enumerate(slots.values(), 1):
        piles[f"f{i}"] = cards
    deck = _fresh_deck(piles) if not redeals_used else None
    if deck is not None and len(deck) == len(set(deck)) == rules.cards:
        return Game(rules, deck=deck)
    try:
        return Game.from_piles(rules, piles, redeals_used=redeals_used, rest_to=None)
    except CorruptSaveError as error:
        raise SolvitaireFormatError(f"not a Klondike position: {error}") from None


def _fresh_deck(piles: Mapping[str, list[str]]) -> list[str] | None:
    """The deck in deal order of a freshly dealt position, or ``None``."""
    if piles["waste"] or any(piles.get(f"f{i}") for i in range(1, 5)):
        return None
    tableau = [piles[f"t{i}"] for i in range(1, 8)]
    for i, pile in enumerate(tableau):
        if len(pile) != i + 1 or any(not c.startswith("#") for c in pile[:-1]):
            return None
        if pile[-1].startswith("#"):
            return None
    # Row by row (as the engine deals, docs/rules.md#klondike-deal), then the stock from its top.
    deck = [tableau[i][row].lstrip("#") for row in range(7) for i in range(row, 7)]
    return deck + list(reversed(piles["stock"]))


def solvitaire_rules(variant: str | Rules) -> dict[str, Any]:
    """Solvitaire's rules (``--custom-rules`` JSON) for a Klondike game it can express.

    Solvitaire's redeal is a yes/no switch: Klondike with two redeals (Aisleriot's default)
    cannot be expressed, only unlimited redeals or a single pass.
    """
    rules = _klondike(variant, "written in")
    if rules.redeals not in (None, 0):
        raise SolvitaireFormatError(
            f"{rules.name}: Solvitaire's redeal is unlimited or none, so {rules.redeals} "
            "redeals cannot be expressed"
        )
    return {
        "tableau piles": {
            "count": 7,
            "build policy": "red-black",
            "spaces policy": "kings",
            "move built group": "partial-if-card-above-buildable",
            "diagonal deal": True,
            "face up cards": "top",
        },
        "foundations": {"removable": True},
        "stock": {"size": 24, "deal count": rules.deal_count, "redeal": rules.redeals is None},
    }

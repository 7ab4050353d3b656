"""Cards as small integers, and their text forms.

A card's *value* is ``suit * 13 + rank - 1`` with suits in Aisleriot's order
(clubs 0, diamonds 1, hearts 2, spades 3) and ranks Ace 1 … King 13, so values run
0 … 51. The two copies of a card in a two-deck game share one value: no rule tells
them apart. Codes are two characters, rank then suit: ``AS 2H … TD JC QS KH``.
"""

from __future__ import annotations

from .limits import quote

RANKS = "A23456789TJQK"
SUITS = "CDHS"
SUIT_GLYPHS = "♣♦♥♠"
RANK_WORDS = (
    "ace",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
)
SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")
RANK_TITLES = ("Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King")

CODES: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
_CODE_TO_VALUE = {code: value for value, code in enumerate(CODES)}
MAX_CARD_CHARS = 8
"""The longest card text read (``' 10h '``): anything longer is refused before a copy."""


def rank_of(value: int) -> int:
    """Rank 1 (Ace) … 13 (King)."""
    return value % 13 + 1


def suit_of(value: int) -> int:
    """Suit index: 0 clubs, 1 diamonds, 2 hearts, 3 spades."""
    return value // 13


def is_red(value: int) -> bool:
    """Diamonds and hearts are red."""
    return value // 13 in (1, 2)


def card_value(rank: int, suit: int) -> int:
    """The value of the card of ``rank`` (1–13) and ``suit`` (0–3)."""
    return suit * 13 + rank - 1


def code(value: int) -> str:
    """``'QH'`` for the queen of hearts."""
    return CODES[value]


def parse_card(text: str) -> int:
    """Read a card code (``'QH'``, ``'10h'`` and ``'th'`` are accepted) into its value."""
    if not isinstance(text, str) or len(text) > MAX_CARD_CHARS:
        raise ValueError(f"a card is written as text such as 'QH', not {quote(text)}")
    norm = text.strip().upper()
    if norm.startswith("10"):
        norm = "T" + norm[2:]
    value = _CODE_TO_VALUE.get(norm)
    if value is None:
        raise ValueError(
            f"{quote(text)} is not a card: write the rank (A 2 … 9 T J Q K) then the suit "
            "(C D H S), for example 'QH' or 'TC'"
        )
    return value


def glyph(value: int) -> str:
    """``'Q♥'``, ``'10♣'``: the code with a suit symbol, for people."""
    rank = rank_of(value)
    return ("10" if rank == 10 else RANKS[rank - 1]) + SUIT_GLYPHS[suit_of(value)]


def card_name(value: int) -> str:
    """``'the queen of hearts'``, as Aisleriot's hints name a card."""
    return f"the {RANK_WORDS[rank_of(value) - 1]} of {SUIT_WORDS[suit_of(value)]}"


def standard_deck(decks: int = 1) -> list[int]:
    """Every card of ``decks`` packs, each pack clubs A–K, diamonds, hearts, spades."""
    return list(range(52)) * decks


def builds_down(under: int, over: int) -> bool:
    """Whether ``over`` may lie on ``under`` in a Klondike-style build (one lower, other colour)."""
    return rank_of(under) == rank_of(over) + 1 and is_red(under) != is_red(over)

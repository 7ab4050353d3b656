"""Stable, documented shuffles: the same seed gives the same deck everywhere.

The generator is SplitMix64 (Steele, Lea and Flood, 2014), written out here so that
no Python version or platform can change a deal. The shuffle is Fisher–Yates from
the last position down, each index drawn without bias by rejection sampling::

    x = seed mod 2**64
    next():  x = (x + 0x9E3779B97F4A7C15) mod 2**64
             z = x; z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9 mod 2**64
             z = (z ^ (z >> 27)) * 0x94D049BB133111EB mod 2**64
             return z ^ (z >> 31)
    below(n): draw r = next() until r < 2**64 - (2**64 mod n); return r mod n
    deck = [clubs A..K, diamonds A..K, hearts A..K, spades A..K] * decks
    for i = len(deck)-1 down to 1: j = below(i + 1); swap deck[i], deck[j]

The result is the deck in the order the deal takes it (docs/rules.md#d7). It depends on
the number of packs and the seed only, so ``terrace#7`` and ``wood#7`` share a deck.
"""

from __future__ import annotations

from .cards import standard_deck

_MASK = (1 << 64) - 1
MAX_SEED = _MASK


class SplitMix64:
    """The SplitMix64 generator: 64-bit state, 64-bit outputs."""

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``."""
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            r = self.next()
            if r < limit:
                return r % n


def shuffled_deck(seed: int, decks: int = 1) -> list[int]:
    """The deck (card values, in deal order) for ``seed``."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"a seed is a whole number from 0 to 2**64 - 1, not {seed!r}")
    cards = standard_deck(decks)
    rng = SplitMix64(seed)
    for i in range(len(cards) - 1, 0, -1):
        j = rng.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards

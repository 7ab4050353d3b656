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

Seeds from 2**64 to 2**128 - 1 (*long seeds*, the ones random deals draw) replace
SplitMix64 by a cryptographic stream, so that the cards a table shows cannot lead back to
the seed: ``next()`` returns the successive 8-byte big-endian words of
``SHAKE-256(b"terrace-widget deal 1" + seed as 16 big-endian bytes)``; ``below`` and the
shuffle are the same. Seeds below 2**64 deal exactly as they always did.
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Protocol

from .cards import standard_deck
from .limits import as_int, quote

_MASK = (1 << 64) - 1
SPLITMIX_SEEDS = 1 << 64
"""Seeds below this use SplitMix64 (every shared deal number); the rest are long seeds."""
MAX_SEED = (1 << 128) - 1
"""The largest seed: random deals draw from ``SPLITMIX_SEEDS .. MAX_SEED``."""
_DOMAIN = b"terrace-widget deal 1"


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
        return _below(self, n)


class ShakeStream:
    """The long seeds' generator: 64-bit words of SHAKE-256 of the seed (see above)."""

    def __init__(self, seed: int) -> None:
        self._hash = hashlib.shake_256(_DOMAIN + seed.to_bytes(16, "big"))
        self._words: list[int] = []
        self._used = 0

    def next(self) -> int:
        if self._used == len(self._words):
            # SHAKE's longer outputs start with its shorter ones: extend the same stream.
            size = 2 * len(self._words) or 128
            data = self._hash.digest(8 * size)
            self._words = [int.from_bytes(data[k : k + 8], "big") for k in range(0, 8 * size, 8)]
        self._used += 1
        return self._words[self._used - 1]

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``."""
        return _below(self, n)


class _Words(Protocol):
    def next(self) -> int: ...


def _below(rng: _Words, n: int) -> int:
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        r = rng.next()
        if r < limit:
            return r % n


def random_seed() -> int:
    """A long seed from the operating system's secure random source: a deal no one can
    guess from what it shows (2**128 - 2**64 seeds, a cryptographic shuffle)."""
    return SPLITMIX_SEEDS + secrets.randbelow(MAX_SEED + 1 - SPLITMIX_SEEDS)


def long_seed(random_bytes: bytes) -> int | None:
    """The long seed that 16 random bytes give (``None`` for the 2**-64 chance that they
    fall below 2**64: draw again), for generators such as a Gym env's ``np_random``."""
    if len(random_bytes) != 16:
        raise ValueError("a long seed takes 16 random bytes")
    seed = int.from_bytes(random_bytes, "big")
    return seed if seed >= SPLITMIX_SEEDS else None


def check_seed(seed: object) -> int:
    """``seed`` as an ``int`` (NumPy's integers too) if it is a seed, else ``ValueError``."""
    seed = as_int(seed)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"a seed is a whole number from 0 to 2**128 - 1, not {quote(seed)}")
    return seed


def shuffled_deck(seed: int, decks: int = 1) -> list[int]:
    """The deck (card values, in deal order) for ``seed``."""
    seed = check_seed(seed)
    cards = standard_deck(decks)
    rng: SplitMix64 | ShakeStream = SplitMix64(seed) if seed < SPLITMIX_SEEDS else ShakeStream(seed)
    for i in range(len(cards) - 1, 0, -1):
        j = rng.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards

"""The documented shuffle: frozen test vectors that must never change."""

from __future__ import annotations

import pytest

from terrace_widget import VARIANTS, Game, code, shuffled_deck
from terrace_widget.rules.deal import SplitMix64


def test_splitmix64_reference_outputs() -> None:
    # The published reference values of SplitMix64 (seed 0 and seed 1234567).
    rng = SplitMix64(0)
    assert rng.next() == 0xE220A8397B1DCDAF
    assert rng.next() == 0x6E789E6AA1B965F4
    rng = SplitMix64(1234567)
    assert [rng.next(), rng.next()] == [6457827717110365317, 3203168211198807973]


@pytest.mark.parametrize(
    ("seed", "decks", "first", "last"),
    [
        (0, 1, "8S JH 9C 2S 2D QD 6S TC 3D AC JC 7C", "6D 4H KC TH"),
        (1, 1, "7D 9C 4D 8H 8D 5S JD 6D 9S JC 5D KD", "3H 2S 9H 7S"),
        (12345, 2, "8C 4H 2D 6H 5H QS KS AS 7D 7D KD AC", "JS 3S 3S 2S"),
        (2**64 - 1, 1, "JC KS 7S 4C AD JH 5D 2H AH 7D 6D 6S", "TS 2C TC 5C"),
        # Long seeds (random deals): the SHAKE-256 stream.
        (2**64, 1, "5S 9D 5D TH 2C 6C JS KD 7S 7D 6S 3H", "7H 8S 2D 6H"),
        (2**128 - 1, 2, "3D 6D 6S 6S 8D 5C AH JC QC TC 2S 8H", "5H 5D TD 7H"),
    ],
)
def test_frozen_decks(seed: int, decks: int, first: str, last: str) -> None:
    deck = [code(v) for v in shuffled_deck(seed, decks)]
    assert " ".join(deck[:12]) == first
    assert " ".join(deck[-4:]) == last
    assert sorted(deck) == sorted(code(v) for v in range(52) for _ in range(decks))


@pytest.mark.parametrize("bad", [-1, 2**128, 1.5, "7", True, None])
def test_bad_seeds_are_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="seed"):
        shuffled_deck(bad, 1)  # type: ignore[arg-type]


def test_deck_is_a_permutation_for_every_variant() -> None:
    for variant, rules in VARIANTS.items():
        deck = Game(variant, seed=99).deck
        assert deck is not None
        assert len(deck) == rules.cards
        assert all(deck.count(code(v)) == rules.decks for v in range(52))


def test_deal_id_round_trip_and_shared_decks() -> None:
    game = Game("wood", seed=4242)
    assert game.deal_id == "wood#4242"
    again = Game.from_deal_id("wood#4242")
    assert again.piles == game.piles
    assert Game("terrace", seed=4242).deck == game.deck  # the deck depends on seed and packs only
    for bad in ("wood", "wood#", "wood#x1", "nope#3"):
        with pytest.raises(ValueError):
            Game.from_deal_id(bad)


def test_deck_order_is_deal_order_d7() -> None:
    """The first card of the deck is the first card the deal takes (docs/rules.md#d7)."""
    deck = shuffled_deck(77, 2)
    codes = [code(v) for v in deck]
    game = Game("falling-stars", deck=codes)
    piles = game.piles
    assert piles["reserve"] == codes[:11]  # first dealt at the bottom of the fan
    assert piles["f1"] == [codes[11]]
    assert [piles[f"t{i}"][0] for i in range(1, 10)] == codes[12:21]
    assert piles["waste"] == [codes[21]]
    assert piles["stock"][-1] == "#" + codes[22]  # the next card to come is on top
    klondike = Game("klondike", deck=[code(v) for v in shuffled_deck(77, 1)])
    kp = klondike.piles
    kcodes = klondike.deck
    assert kcodes is not None
    assert kp["t1"] == [kcodes[0]]
    assert kp["t7"][-1] == kcodes[27]
    assert kp["t2"] == ["#" + kcodes[1], kcodes[7]]
    assert kp["stock"][-1] == "#" + kcodes[28]
    assert kp["waste"] == []

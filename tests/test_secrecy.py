"""Issue 26, F1: a table dealt at random cannot be rebuilt from what it shows.

The attack is the issue's: take the cards a random table shows at the start (its
``observation()``, what the browser and the fair players get, or a Gym observation) and
search a seed space for the seed whose deal shows the same cards; that seed then gives
every face-down card. It worked in seconds against the old spaces (``Game()`` drew from
10**9 seeds, ``SolitaireEnv.reset()`` from 2**31).

A random deal now draws a *long seed*, from 2**64 to 2**128 - 1, whose deck comes from
SHAKE-256 (:mod:`terrace_widget.rules.deal`). The tests search bounded slices of the old spaces
(a test cannot search 10**9 seeds), each including the seed the old code would have drawn,
and find nothing. Why the full spaces are out of reach: the long seeds are outside every
space below 2**64 by construction (any search below 2**64 finds nothing, whatever its
size); and searching the long seeds themselves means 2**128 - 2**64 SHAKE-256 shuffles, or
a preimage of SHAKE-256, at ~10 µs a shuffle about 10**26 CPU-years.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable

import numpy as np
import pytest

from terrace_widget import Game, code, shuffled_deck
from terrace_widget.agents.gym_env import SolitaireEnv
from terrace_widget.rules.deal import MAX_SEED, SPLITMIX_SEEDS, long_seed, random_seed
from terrace_widget.rules.engine import STOCK, Table
from terrace_widget.rules.variants import Rules, get_rules

SLICE = 3000
"""Seeds searched in each old space: the attack's cost is about 60 µs a seed."""


def shown_slots(rules: Rules) -> dict[int, list[int]]:
    """For each pile, the deck positions of the face-up cards of a fresh deal."""
    table = Table(rules)
    table.deal(list(range(rules.cards)))  # card k of the deck is "value" k: its position
    return {
        i: pile[(len(pile) if i == STOCK else table.down[i]) :]
        for i, pile in enumerate(table.piles)
    }


def shown_cards(rules: Rules, piles: dict[str, list[str]]) -> dict[int, list[str]]:
    """The face-up cards of an observation's piles, by pile number."""
    names = Table(rules).names
    return {i: [c for c in piles[name] if c != "#"] for i, name in enumerate(names)}


def matching_seeds(rules: Rules, shown: dict[int, list[str]], seeds: Iterable[int]) -> list[int]:
    """The attack: every seed among ``seeds`` whose deal shows exactly ``shown``."""
    slots = shown_slots(rules)
    found = []
    for seed in seeds:
        deck = shuffled_deck(seed, rules.decks)
        if all([code(deck[k]) for k in slots[i]] == cards for i, cards in shown.items()):
            found.append(seed)
    return found


def old_slices(extra: Iterable[int] = ()) -> list[int]:
    """Slices of the old spaces: their first seeds, seeds drawn at random in 10**9, 2**31
    and 2**64, and ``extra`` (what the old code would have drawn)."""
    rng = random.Random(26)
    seeds = list(range(SLICE))
    seeds += [rng.randrange(10**9) for _ in range(SLICE // 3)]
    seeds += [rng.randrange(2**31) for _ in range(SLICE // 3)]
    seeds += [rng.randrange(2**64) for _ in range(SLICE // 3)]
    return seeds + list(extra)


@pytest.mark.parametrize("variant", ["klondike", "terrace"])
def test_the_attack_rebuilds_a_deal_from_a_small_space(variant: str) -> None:
    # The attack is real: a deal from the old space is found and its hidden cards rebuilt.
    rules = get_rules(variant)
    secret = 1234
    game = Game(variant, seed=secret)
    view = game.observation()
    assert "deal_id" not in view and "seed" not in view
    found = matching_seeds(rules, shown_cards(rules, view["piles"]), range(SLICE))
    assert found == [secret]
    assert Game(variant, seed=found[0]).piles == game.piles  # every face-down card


@pytest.mark.parametrize("variant", ["klondike", "terrace"])
def test_a_random_table_is_not_in_any_old_space(
    variant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = get_rules(variant)
    # Even when the operating system's random source gives only zero bytes (the old code
    # then dealt seed 0, found at once), the seed is a long one.
    monkeypatch.setattr(random, "_urandom", lambda n: bytes(n))
    weakest = Game(variant)
    monkeypatch.undo()
    assert weakest.seed == SPLITMIX_SEEDS
    game = Game(variant)  # real entropy
    for table in (weakest, game):
        assert table.seed is not None and SPLITMIX_SEEDS <= table.seed <= MAX_SEED
        shown = shown_cards(rules, table.observation()["piles"])
        assert matching_seeds(rules, shown, old_slices()) == []


def test_a_random_gym_deal_is_not_in_any_old_space() -> None:
    env = SolitaireEnv("klondike")
    env.reset(seed=5)
    before = copy.deepcopy(env.np_random)
    arrays, _ = env.reset()  # no seed: a deal drawn from np_random
    old_draw = int(before.integers(2**31))  # what the old code dealt
    rules = env.rules
    codes = {value + 1: code(value) for value in range(52)}
    shown = {
        row: [codes[int(v)] for v in arrays["piles"][row, : int(size)] if int(v) in codes]
        for row, size in enumerate(arrays["sizes"])
    }
    assert env.game is not None and env.game.seed is not None
    assert env.game.seed >= SPLITMIX_SEEDS
    assert matching_seeds(rules, shown, old_slices([old_draw])) == []
    # The draw follows Gymnasium's rule: a seeded reset makes the next ones reproducible.
    again = SolitaireEnv("klondike")
    again.reset(seed=5)
    arrays_again, _ = again.reset()
    assert np.array_equal(arrays_again["piles"], arrays["piles"])


def test_random_deals_differ_and_round_trip() -> None:
    seeds = {random_seed() for _ in range(50)}
    assert len(seeds) == 50 and min(seeds) >= SPLITMIX_SEEDS
    game = Game("klondike")
    game.play(game.legal_moves()[0])
    # A random deal is shared, saved and recorded by its long seed, like any deal number.
    assert Game.from_deal_id(game.deal_id or "").deck == game.deck
    assert Game.from_dict(game.to_dict()).piles == game.piles
    assert Game.replay(game.record()).piles == game.piles


def test_long_seed_needs_sixteen_bytes_and_skips_short_seeds() -> None:
    assert long_seed(bytes(16)) is None
    assert long_seed(b"\x00" * 7 + b"\x01" + bytes(8)) == SPLITMIX_SEEDS
    with pytest.raises(ValueError, match="16"):
        long_seed(bytes(8))


def test_the_widgets_random_deals_are_long_seeds() -> None:
    from terrace_widget import play

    table = play("terrace")
    table._on_custom_msg(table, {"kind": "new", "id": 1, "seq": table.view["seq"]}, [])
    for game in (play("klondike").game, table.game):
        assert game.seed is not None and game.seed >= SPLITMIX_SEEDS
    assert table.view["deal_id"] is None  # and its number stays hidden until shared

"""Rules found in the data (terrace_widget.fair.found_rules): what each reads, how it
changes the rule player's order, and that it reads only the observation (twin tests)."""

from __future__ import annotations

import random

import pytest
from positions import fillers, terrace, twin

from terrace_widget import Game
from terrace_widget.fair.found_rules import (
    FOUND_RULES,
    FOUND_SET,
    REVERSED_VARIANTS,
    found_rule_named,
    release_levels,
    reserve_base,
    same_chain,
    stuck_cards,
)
from terrace_widget.fair.players import RulePlayer, play_out
from terrace_widget.fair.strategy import base_readings
from terrace_widget.rules.variants import get_rules


def seen(game: Game) -> dict:
    obs = game.observation(prove_loss=False)
    obs.pop("deal_id", None)
    obs.pop("moves_played")
    obs.pop("can_undo")
    return obs


@pytest.mark.parametrize(
    "variant, seed", [("terrace", 10003), ("generals-patience", 4), ("wood", 7)]
)
def test_the_found_rules_decide_the_same_whatever_the_hidden_cards(variant: str, seed: int) -> None:
    """Along a whole game played with every found rule of the set (and each guard), every
    position gets a twin with the stock reshuffled: each rule ranks the moves alike."""
    rng = random.Random(seed)
    game = Game(variant, seed=seed)
    names = [*FOUND_SET, "guard-waste", "guard-both", "fill-first"]
    names += [v.name for v in REVERSED_VARIANTS[:3]]
    player = RulePlayer(FOUND_SET)
    player.reset()
    differing = 0
    for _ in range(400):
        other = twin(game, rng)
        differing += other.piles != game.piles
        a, b = seen(game), seen(other)
        assert a == b
        for name in names:
            rule = found_rule_named(name)
            ranked = [(float(k), k, m) for k, m in enumerate(a["legal_moves"])]
            assert rule.prefer(a, list(ranked)) == rule.prefer(b, list(ranked)), name
        move = player.choose(a)
        if move is None:
            break
        game.play(move)
        if game.status in ("won", "lost"):
            break
    assert differing > 20  # the twins really hid other cards


def test_release_levels_read_the_reserve_from_the_top() -> None:
    # Base 2: 2H is the base rank (0), KD is 11 places above it, 5C 3.
    assert release_levels(["5C", "KD", "2H"], 2) == [0, 11, 11]
    assert release_levels([], 5) == []


def test_the_reserve_base_waits_least() -> None:
    obs = Game("terrace", seed=6).observation()
    best = reserve_base(obs)
    assert best is not None
    reserve = obs["piles"]["reserve"]
    waits = {r.card: sum(release_levels(reserve, r.rank)[:5]) for r in base_readings(obs)}
    assert waits[best.card] == min(waits.values())
    assert RulePlayer({"reserve-base"}).propose(obs) == best.move
    assert reserve_base(Game("falling-stars", seed=6).observation()) is None


def test_a_reserve_card_on_a_card_it_needs_first_keeps_its_foundation() -> None:
    # Base 3. 6♣ lies on 5♦ in the reserve: a foundation must get past a red five by
    # another card before it can take 6♣. F1 (3♥ 4♣ 5♥) is the only one that has.
    piles = dict(fillers(9, skip=("t1",)), t1="6S", reserve="5D 6C 9H", waste="2C",
                 f1="3H 4C 5H")  # fmt: skip
    game = terrace(**piles)
    obs = game.observation()
    assert same_chain(obs, "6C", "5D") and not same_chain(obs, "6C", "5C")
    assert ("6C", 2) in stuck_cards(obs, "reserve")
    assert "t1-f1" in obs["legal_moves"]
    assert RulePlayer(()).propose(obs) == "t1-f1"
    guarded = RulePlayer({"guard-reserve"})
    assert guarded.propose(obs) == "deal"  # 6♠ waits: F1 is kept for 6♣
    rule = found_rule_named("guard-reserve")
    assert not rule.follows("t1-f1", obs) and rule.follows("deal", obs)
    assert "takes the last foundation a reserve card waits for" in rule.note("t1-f1", obs)
    # With a second foundation past the red five, 6♠ may take one of them.
    two = terrace(**dict(piles, f2="3D 4S 5D"))
    assert RulePlayer({"guard-reserve"}).propose(two.observation()) in ("t1-f1", "t1-f2")
    assert rule.follows("t1-f1", two.observation())


def test_the_found_set_wins_more_terrace_deals_than_the_help_and_plays_every_game() -> None:
    deals = range(10001, 10031)
    found = sum(play_out(Game("terrace", seed=s), RulePlayer(FOUND_SET)).won for s in deals)
    helped = sum(play_out(Game("terrace", seed=s), RulePlayer()).won for s in deals)
    assert found > helped
    for variant in ("signora", "redheads", "klondike"):
        switches = [n for n in FOUND_SET if found_rule_named(n).applies_to(get_rules(variant))]
        assert play_out(Game(variant, seed=1), RulePlayer(switches)).moves > 0


def test_every_found_rule_is_registered_and_named_once() -> None:
    names = [r.name for r in FOUND_RULES]
    assert len(names) == len(set(names))
    assert set(FOUND_SET) <= set(names)
    assert all(found_rule_named(n).says for n in names)
    with pytest.raises(ValueError, match="unknown found rule"):
        found_rule_named("nope")
    with pytest.raises(ValueError, match="unknown tips"):
        RulePlayer({"reserve-base", "nope"})
    # No Klondike game takes a Terrace rule.
    assert not any(r.applies_to(get_rules("klondike")) for r in FOUND_RULES)

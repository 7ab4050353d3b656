"""Fair players: they decide from the observation alone; the referee plays games out."""

from __future__ import annotations

import random

import pytest
from positions import twin

from terrace_widget import Game
from terrace_widget.fair.players import (
    ALL_TIPS,
    FairSolverPlayer,
    RulePlayer,
    game_from_observation,
    play_out,
    tips_for,
)


def seen(game: Game) -> dict:
    obs = game.observation(prove_loss=False)
    obs.pop("deal_id", None)
    obs.pop("moves_played")
    obs.pop("can_undo")
    return obs


@pytest.mark.parametrize(
    "variant, seed", [("terrace", 11), ("generals-patience", 3), ("klondike", 2), ("wood", 5)]
)
def test_rule_player_decides_the_same_whatever_the_hidden_cards(variant: str, seed: int) -> None:
    """Along a whole game, every position gets a twin with other hidden cards: the player
    (with the same memory) proposes the same move in both."""
    rng = random.Random(seed)
    game = Game(variant, seed=seed)
    player = RulePlayer()
    player.reset()
    differing = 0
    for _ in range(400):
        other = twin(game, rng)
        differing += other.piles != game.piles
        a, b = seen(game), seen(other)
        assert a == b
        move = player.propose(a)
        assert player.propose(b) == move
        if move is None:
            break
        assert player.choose(a) == move
        game.play(move)
    assert differing > 20  # the twins really hid other cards


def test_twin_games_are_played_identically_until_a_hidden_card_shows() -> None:
    """Two Terrace games that differ only in the two deepest stock cards: identical play
    until the first of them is dealt."""
    g = Game("terrace", seed=11)
    piles = g.piles
    stock = piles["stock"]
    assert stock[0] != stock[1]
    other = Game.from_piles("terrace", dict(piles, stock=[stock[1], stock[0], *stock[2:]]))
    pa, pb = RulePlayer(), RulePlayer()
    pa.reset()
    pb.reset()
    moves = 0
    while True:
        a, b = seen(g), seen(other)
        if a != b:
            break
        ma, mb = pa.choose(a), pb.choose(b)
        assert ma == mb
        if ma is None:
            break
        g.play(ma)
        other.play(mb)
        moves += 1
    assert moves > 100


def test_the_tips_switch_on_and_off() -> None:
    assert RulePlayer().tips == ALL_TIPS
    assert RulePlayer(set()).name == "rules"
    assert RulePlayer({"base"}).name == "rules+base"
    with pytest.raises(ValueError, match="unknown tips"):
        RulePlayer({"luck"})
    with pytest.raises(TypeError):
        RulePlayer("base")
    assert tips_for("terrace") == ("base", "reversed", "pile-start", "deal-on")
    assert tips_for("signora") == ("reversed",)
    assert tips_for("klondike-three-card") == ("bring-down", "reorder")


def test_base_tip_on_and_off() -> None:
    obs = Game("terrace", seed=6).observation()
    assert RulePlayer({"base"}).choose(obs) == "t2-f1"  # 3♠: no three in the reserve
    off = {RulePlayer(set()).choose(obs) for _ in range(3)}
    assert len(off) == 1  # the random pick depends only on what is on the table


def test_deal_on_switch_changes_what_the_locked_player_does() -> None:
    piles = {"f1": ["6C"], "t1": ["JC"], "t2": ["TH"], "waste": ["KC", "9S"]}
    obs = Game.from_piles("terrace", piles, base_rank=6, stock_locked=True).observation()
    assert RulePlayer({"deal-on"}).choose(obs) == "waste-t2"
    assert RulePlayer(set()).choose(obs) == "waste-t3"  # fills the space, as if it had to


def test_play_out_wins_loses_and_stops() -> None:
    result = play_out(Game("terrace", seed=11), RulePlayer())
    assert result.won and result.status == "won" and result.score == 104
    lost = play_out(Game("terrace", seed=6), RulePlayer())
    assert not lost.won and lost.status in ("gave-up", "lost") and lost.score < 104
    stopped = play_out(Game("klondike", seed=2), RulePlayer(), max_moves=5)
    assert stopped.status == "stopped" and stopped.moves == 5
    game = Game("klondike", seed=2)
    play_out(game, RulePlayer())
    assert game.history == []  # the referee plays a copy
    with pytest.raises(ValueError):
        play_out(game, RulePlayer(), max_moves=-1)
    with pytest.raises(TypeError):
        play_out(game.observation(), RulePlayer())  # type: ignore[arg-type]


def test_game_from_observation_looks_the_same_and_hides_nothing_real() -> None:
    g = Game("klondike", seed=4)
    for move in ["deal", "deal"]:
        g.play(move)
    built = game_from_observation(g.observation())
    assert seen(built) == seen(g)
    other = twin(g, random.Random(1))
    assert game_from_observation(other.observation()).piles == built.piles


def test_fair_solver_player_wins_a_near_won_game_and_ignores_hidden_cards() -> None:
    piles = {
        "f1": ["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC"],
        "f2": ["AD", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD"],
        "f3": ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH"],
        "f4": ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "TS", "JS"],
        "t1": ["#KC", "QS"],
    }
    game = Game.from_piles("klondike", piles, rest_to="stock")
    player = FairSolverPlayer(samples=2, budget=500)
    assert play_out(game, player, max_moves=50).won
    g = Game("klondike", seed=9)
    obs_a, obs_b = g.observation(), twin(g, random.Random(2)).observation()
    player.reset()
    first = player.choose(obs_a)
    player.reset()
    assert player.choose(obs_b) == first


@pytest.mark.parametrize("variant, seed", [("klondike", 5), ("terrace", 4)])
def test_fair_solver_player_plays_twins_identically(variant: str, seed: int) -> None:
    """The look-ahead player on a real deal: at 40 positions along its game, a twin with
    other hidden cards gets the same move from a player with the same memory."""
    rng = random.Random(seed)
    game = Game(variant, seed=seed)
    player, other = FairSolverPlayer(samples=2, budget=200), FairSolverPlayer(samples=2, budget=200)
    player.reset()
    other.reset()
    for _ in range(40):
        a, b = seen(game), seen(twin(game, rng))
        move = player.choose(a)
        assert other.choose(b) == move
        if move is None:
            break
        game.play(move)


def test_fair_solver_player_checks_its_settings_and_looks_ahead() -> None:
    with pytest.raises(ValueError, match="samples"):
        FairSolverPlayer(samples=0)
    with pytest.raises(ValueError, match="width"):
        FairSolverPlayer(width=True)
    # Terrace deal 4: the rule player loses it, the look-ahead player wins it.
    assert not play_out(Game("terrace", seed=4), RulePlayer()).won
    assert play_out(Game("terrace", seed=4), FairSolverPlayer()).won


def test_the_rule_player_never_moves_an_ace_between_empty_foundations() -> None:
    """The Klondike engine lets a lone ace go to another empty foundation; the player
    never offers it (it changes nothing and only made games longer)."""
    game = Game.from_piles("klondike", {"f1": ["AH"], "t1": ["#9C", "5S"]}, rest_to="stock")
    obs = game.observation(prove_loss=False)
    assert "f1-f2" in obs["legal_moves"]
    assert not [m for m in RulePlayer().ranked(obs) if m[0] == "f" and m.split("-")[1][0] == "f"]

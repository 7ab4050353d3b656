"""Advice from the solver: sampled worlds, hints that say why, winnability, post-mortems."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from terrace_widget import DEAL, Game, Move
from terrace_widget.rules.cards import glyph, parse_card
from terrace_widget.search.advice import (
    LOST_TEXT,
    can_win,
    explain_line,
    forget,
    post_mortem,
    sample_worlds,
    solve_fair,
    solver_hint,
    unseen_cards,
)
from terrace_widget.search.advice import hint as advice_hint
from terrace_widget.search.solver import solve


@pytest.fixture(autouse=True)
def fresh_memory():
    """Remembered lines would make one test depend on another."""
    forget()
    yield
    forget()


def suit(s: str, first: int, last: int) -> list[str]:
    return [r + s for r in "A23456789TJQK"[first - 1 : last]]


def frees_a_card() -> Game:
    """Klondike near the end: 4♠ covers the 5♥ that foundation f4 needs; only 5♦ takes 4♠."""
    return Game.from_piles(
        "klondike-no-redeal",
        {
            "f1": suit("C", 1, 13), "f2": suit("S", 1, 2), "f3": suit("D", 1, 3),
            "f4": suit("H", 1, 4),
            "t1": ["#4D", "#3S", "5H", "4S"], "t2": ["5D"],
            "t3": ["#QS", "#9S", "#7S", "#5S", "KS"],
            "t4": ["#QH", "#9H", "#7H", "#6H", "KH"],
            "t5": ["#QD", "#8D", "#7D", "#6D", "KD"],
            "t6": ["#TS", "#JS", "#8H", "#6S", "JD"],
            "t7": ["#TH", "#9D", "#8S", "#TD", "JH"],
        },
        rest_to=None,
    )  # fmt: skip


def one_move_wins() -> Game:
    """No redeal: dealing the T♥ buries the 9♥ for good; 9♥ to its foundation wins."""
    return Game.from_piles(
        "klondike-no-redeal",
        {
            "f1": suit("C", 1, 8), "f2": suit("S", 1, 8), "f3": suit("D", 1, 8),
            "f4": suit("H", 1, 8), "waste": ["9H"], "stock": ["TH"],
            "t1": ["#QS", "#JS", "#TS", "KC"], "t2": ["#QC", "#JC", "KS"],
            "t3": ["#TC", "#9S", "KD"], "t4": ["#9D", "KH"], "t5": ["#QD", "JD"],
            "t6": ["#QH", "JH"], "t7": ["#9C", "TD"],
        },
        rest_to=None,
    )  # fmt: skip


def played(variant: str, seed: int, moves: int, rng_seed: int = 0) -> Game:
    """A real deal after ``moves`` moves chosen at random (deals included)."""
    g = Game(variant, seed=seed)
    rng = random.Random(rng_seed)
    for _ in range(moves):
        legal = g.legal_moves()
        if not legal:
            break
        g.play(rng.choice(legal))
    return g


def hidden_codes(game: Game) -> set[str]:
    return {c[1:] for cards in game.piles.values() for c in cards if c.startswith("#")}


# ---------------------------------------------------------------- sampled worlds


@pytest.mark.parametrize(("variant", "seed", "moves"), [("klondike", 7, 12), ("wood", 3, 20)])
def test_sampled_worlds_keep_everything_the_player_sees(variant, seed, moves) -> None:
    game = played(variant, seed, moves)
    obs = game.observation(prove_loss=False)
    worlds = sample_worlds(game, 6, random.Random(1))
    full = Counter(
        dict.fromkeys([r + s for s in "CDHS" for r in "A23456789TJQK"], game.rules.decks)
    )
    hidden = []
    for world in worlds:
        seen = world.observation(prove_loss=False)
        for key in ("piles", "legal_moves", "base_rank", "stock_locked", "redeals_left",
                    "stock_count", "score", "status"):  # fmt: skip
            assert seen[key] == obs[key], key
        assert world.legal_moves() == game.legal_moves()
        cards = Counter(c.lstrip("#") for pile in world.piles.values() for c in pile)
        assert cards == full  # a valid deck (two decks in Wood)
        hidden.append(
            tuple(c for name in world.pile_names for c in world.piles[name] if c.startswith("#"))
        )
    assert len(set(hidden)) > 1  # the hidden cards differ between samples
    assert sorted(unseen_cards(game)) == sorted(c.lstrip("#") for c in hidden[0])


def test_every_legal_move_plays_the_same_in_every_world() -> None:
    game = played("klondike", 11, 8)
    for world in sample_worlds(game, 4, 5):
        for move in game.legal_moves():
            a, b = game.copy(), world.copy()
            a.play(move)
            b.play(move)
            # the same visible result, except a card the move turns over (not yet seen)
            va = a.observation(prove_loss=False)["piles"]
            vb = b.observation(prove_loss=False)["piles"]
            differ = [p for p in va if va[p] != vb[p]]
            assert all(len(va[p]) == len(vb[p]) for p in va)
            assert len(differ) <= 1 and (not differ or move.source in differ or move == DEAL)


def test_sampling_is_reproducible_and_remembers_a_turned_stock() -> None:
    game = played("klondike", 7, 12)
    one = [w.piles for w in sample_worlds(game, 3, 42)]
    two = [w.piles for w in sample_worlds(game, 3, 42)]
    assert one == two
    # after a redeal every stock card has been seen: the stock keeps its real order
    g = Game("klondike", seed=7)
    while g.redeals_used == 0:
        g.play(DEAL)
    g.play(DEAL)
    assert g.stock_count > 0
    for world in sample_worlds(g, 3, 0):
        assert world.piles["stock"] == g.piles["stock"]
    assert hidden_codes(g) - {c.lstrip("#") for c in g.piles["stock"]} == set(unseen_cards(g))
    shuffled = {tuple(w.piles["stock"]) for w in sample_worlds(g, 4, 0, memory=False)}
    assert len(shuffled) > 1


def test_solve_fair_credits_first_moves_deterministically() -> None:
    game = Game("klondike-three-card", seed=3)
    result = solve_fair(game, samples=4, budget=4000, seed=3)
    again = solve_fair(game, samples=4, budget=4000, seed=3)
    assert result.won + result.unwinnable + result.unknown == 4
    assert sum(result.wins.values()) == result.won
    assert set(result.wins) <= set(game.legal_moves())
    assert result.wins == again.wins
    assert [s.verdict for s in result.solutions] == [s.verdict for s in again.solutions]
    assert re.fullmatch(r"won in \d of 4 sampled worlds( \(\d undecided\))?", result.message)
    if result.won:
        assert result.best == next(iter(result.wins))


# ---------------------------------------------------------------- hints


def test_the_fair_hint_uses_only_what_the_player_sees() -> None:
    game = played("klondike-three-card", 3, 6)
    hint = solver_hint(game, seconds=None, budget=40_000, fair=True, samples=4, seed=1)
    again = solver_hint(game, seconds=None, budget=40_000, fair=True, samples=4, seed=1)
    assert hint == again
    if hint.move is not None and "Classic hint" not in hint.message:
        assert game.is_legal(hint.move)
        assert re.search(r"\(a win in [1-4] of 4 deals that fit what you can see", hint.message)
    for code in hidden_codes(game):
        assert glyph(parse_card(code)) not in hint.message, code


def test_solver_hint_is_the_first_move_of_a_winning_line() -> None:
    game = Game("klondike-three-card", seed=3)
    solution = solve(game, budget=100_000)
    assert solution.verdict == "won"
    hint = solver_hint(game, seconds=None, budget=100_000)
    assert hint.move == solution.moves[0] and game.is_legal(hint.move)
    assert solution.replay(game).status == "won"
    card = game.piles[hint.move.source][-hint.move.size]
    assert hint.message.startswith(f"Move {glyph(parse_card(card))} ")
    assert advice_hint(game, "solver", seconds=None) == hint  # the dispatcher delegates


def test_following_the_hints_wins() -> None:
    game = Game("klondike-three-card", seed=3)
    for _ in range(300):
        if game.observation(prove_loss=False)["status"] == "won":
            break
        hint = solver_hint(game, seconds=2.0)
        assert hint.move is not None and game.is_legal(hint.move), hint
        game.play(hint.move)
    assert game.status == "won"


def test_a_near_won_position_gets_a_specific_reason() -> None:
    hint = solver_hint(frees_a_card(), seconds=None, budget=50_000)
    assert hint.move == Move("t1", "t2")
    assert hint.message == "Move 4♠ onto 5♦: it frees 5♥ for foundation f4."


def test_only_one_move_still_wins() -> None:
    game = one_move_wins()
    assert sorted(map(str, game.legal_moves())) == ["deal", "waste-f4"]
    hint = solver_hint(game, seconds=None, budget=50_000)
    assert hint.move == Move("waste", "f4")
    assert hint.message.startswith("Only one move still wins: move 9♥ from the waste onto ")
    assert "10♥" not in hint.message  # the stock's card stays unnamed


def test_a_lost_position_says_so() -> None:
    game = Game("klondike-three-card", seed=2)
    assert solver_hint(game, seconds=2.0) == (None, LOST_TEXT)
    assert can_win(game, seconds=2.0) == "unwinnable"
    game = one_move_wins()
    game.play(DEAL)
    assert solver_hint(game) == (None, LOST_TEXT)


def test_undecided_falls_back_to_the_classic_hint() -> None:
    game = Game("terrace", seed=1)
    game.play(next(m for m in game.legal_moves() if m != DEAL))
    hint = solver_hint(game, seconds=None, budget=50)
    classic = game.hint()
    assert hint.move == classic.move
    assert hint.message.startswith(classic.message)
    assert "the solver found no winning line within its budget" in hint.message


def test_hints_never_name_a_hidden_card() -> None:
    game = Game("klondike-three-card", seed=3)
    line = solve(game, budget=100_000).moves
    for k, move in enumerate(line[:60]):
        if k % 3 == 0:
            hidden = hidden_codes(game)
            text = explain_line(game, line[k:])
            for code in hidden:
                assert glyph(parse_card(code)) not in text, (k, code, text)
        game.play(move)


def test_the_locked_stock_is_the_reason() -> None:
    rng = random.Random(4)
    game = Game("terrace", seed=8)
    for _ in range(400):
        waste = [m for m in game.legal_moves() if m.source == "waste"]
        if game.stock_locked and waste:
            break
        game.play(rng.choice(game.legal_moves()))
    else:
        pytest.fail("no locked stock in this game")
    text = explain_line(game, [waste[0]])
    card = glyph(parse_card(game.piles["waste"][-1]))
    assert text.startswith(f"Play the waste card {card} ")
    assert text.endswith(": the stock is locked until it goes.")


def test_game_hint_modes() -> None:
    game = Game("terrace", seed=12345)
    assert game.hint().message == "Move something onto the foundation."
    assert advice_hint(game, "classic") == game.hint()
    with pytest.raises(ValueError, match="hint mode"):
        advice_hint(game, "oracle")


# ---------------------------------------------------------------- winnable, post-mortem


def test_winnable_is_a_thin_wrapper() -> None:
    assert can_win(Game("klondike-three-card", seed=3), seconds=None, budget=100_000) == "winnable"
    assert can_win(Game("terrace", seed=1), seconds=None, budget=10) == "unknown"


# Klondike (three cards) #4: after these 19 moves the deal is still won, and waste-t4 loses it.
FATAL_PREFIX = (
    "t7-t1 deal deal deal deal deal deal deal waste-t1 deal waste-t3 t6-t3 deal deal waste-t4 "
    "deal deal deal deal"
)
FATAL = Move("waste", "t4")


def fatal_game(extra: int = 10) -> tuple[Game, int]:
    """The game above: the prefix, the fatal move, then ``extra`` more moves."""
    game = Game("klondike-three-card", seed=4)
    for move in FATAL_PREFIX.split():
        game.play(move)
    assert solve(game, budget=200_000).verdict == "won"
    game.play(FATAL)
    assert solve(game, budget=200_000).verdict == "unwinnable"
    for _ in range(extra):
        game.play(game.legal_moves()[0])
    return game, len(FATAL_PREFIX.split())


def test_post_mortem_finds_the_losing_move() -> None:
    game, index = fatal_game()
    result = post_mortem(game, budget_per_position=20_000, seconds=None)
    assert (result.move_index, result.move) == (index, FATAL)
    assert result.message == (
        "The game was still winnable before move 20 (waste-t4); after it no line wins."
    )


def test_post_mortem_is_honest_when_undecided() -> None:
    game, _ = fatal_game()
    result = post_mortem(
        game, budget_per_position=1, seconds=None
    )  # one node: nothing can be decided
    assert result.move_index is None and result.move is None
    assert "could not decide" in result.message
    winning = Game("klondike-three-card", seed=3)
    for move in solve(winning, budget=100_000).moves[:10]:
        winning.play(move)
    assert post_mortem(winning, budget_per_position=50_000, seconds=None).message == (
        "The game can still be won from here."
    )


def test_post_mortem_of_an_immediate_loss() -> None:
    game = one_move_wins()
    game.play(DEAL)
    result = post_mortem(game, seconds=5)
    assert (result.move_index, result.move) == (0, DEAL)
    assert result.message.startswith("The game was still winnable before move 1 (deal)")


@pytest.mark.parametrize("variant", ["klondike", "klondike-three-card", "terrace"])
def test_fair_advice_does_not_depend_on_where_the_hidden_cards_are(variant: str) -> None:
    """Two games that look the same to the player (their hidden cards swapped around)
    get the same sampled worlds, so the same fair hint."""
    game = Game(variant, seed=7)
    if variant == "terrace":
        game.play(game.legal_moves()[0])  # choose a base
    piles = game.to_dict()["piles"]
    hidden = [(name, i) for name, cards in piles.items() for i, c in enumerate(cards)
              if c.startswith("#")]  # fmt: skip
    faces = [piles[name][i] for name, i in hidden]
    random.Random(3).shuffle(faces)
    for (name, i), card in zip(hidden, faces, strict=True):
        piles[name][i] = card
    other = Game.from_piles(variant, piles, base_rank=game.base_rank, rest_to=None)
    assert other.observation()["piles"] == game.observation()["piles"]
    assert other.piles != game.piles  # the hidden cards really moved
    worlds = [w.piles for w in sample_worlds(game, 4, 11)]
    assert [w.piles for w in sample_worlds(other, 4, 11)] == worlds
    fair = solve_fair(game, samples=3, budget=5_000, seed=2)
    again = solve_fair(other, samples=3, budget=5_000, seed=2)
    assert (again.won, again.unwinnable, again.wins) == (fair.won, fair.unwinnable, fair.wins)


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda g: solve(g, budget=-5), ValueError, "node budget"),
        (lambda g: solve(g, budget=1.5), ValueError, "node budget"),
        (lambda g: solve(g, budget=True), ValueError, "node budget"),
        (lambda g: solve(g, budget=1000, seconds=-1), ValueError, "time limit"),
        (lambda g: solve(g, budget=1000, seconds=float("nan")), ValueError, "time limit"),
        (lambda g: can_win(g, seconds=0.5, budget=-5), ValueError, "node budget"),
        (lambda g: can_win(g, seconds="a", budget=1000), ValueError, "time limit"),
        (lambda g: can_win("klondike"), TypeError, "Game"),
        (lambda g: solver_hint(g, seconds=-1, budget=1000), ValueError, "time limit"),
        (
            lambda g: solver_hint(g, seconds=1, budget=1000, fair=True, samples=-3),
            ValueError,
            "worlds",
        ),
        (lambda g: solve_fair(g, samples=-1, budget=1000), ValueError, "worlds"),
        (lambda g: solve_fair(g, samples=2, budget=-1), ValueError, "node budget"),
        (lambda g: sample_worlds(g, 0), ValueError, "worlds"),
        (lambda g: post_mortem(g, budget_per_position=-1), ValueError, "node budget"),
        (lambda g: explain_line(g, []), ValueError, "at least one move"),
    ],
)
def test_bad_limits_are_refused_and_change_nothing(call, error, message: str) -> None:  # type: ignore[no-untyped-def]
    game = Game("klondike", seed=1)
    game.play(DEAL)
    before = game.to_dict()
    with pytest.raises(error, match=message):
        call(game)
    assert game.to_dict() == before
    assert solve(game, budget=0).verdict == "unknown"  # no nodes: nothing decided, not an error

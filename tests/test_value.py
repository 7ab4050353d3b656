"""The fair value of a position and move grades (terrace_widget.fair.value, issue 24)."""

from __future__ import annotations

import copy
import random
import time

import pytest
from positions import twin

from terrace_widget import VARIANTS, Game
from terrace_widget.fair.found_rules import FOUND_SET
from terrace_widget.fair.players import RulePlayer, play_out
from terrace_widget.fair.value import (
    MAX_SAMPLES,
    THRESHOLDS,
    Grade,
    Value,
    grade_move,
    label_for,
    move_values,
    paired_interval,
    paired_se,
    position_value,
)


def rule_game(variant: str, seed: int, moves: int) -> Game:
    """The deal after the rule player's first ``moves`` moves (fewer if the game ends)."""
    game = Game(variant, seed=seed)
    player = RulePlayer()
    for _ in range(moves):
        obs = game.observation()
        if obs["status"] in ("won", "lost"):
            break
        move = player.choose(obs)
        if move is None:
            break
        game.play(move)
    return game


def hidden_count(game: Game) -> int:
    return sum(c == "#" for pile in game.observation()["piles"].values() for c in pile)


# ---------------------------------------------------------------- twins


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_value_and_grades_are_the_same_for_twin_observations(variant: str) -> None:
    """A real position and twins of it (hidden cards permuted, no history): the value, every
    move's outcomes in every world, and every move's grade are identical."""
    game = rule_game(variant, seed=7, moves=12)
    assert game.status == "playing" and hidden_count(game) > 5
    rng = random.Random(variant)
    twins = [twin(game, rng) for _ in range(2)]
    assert all(t.piles != game.piles for t in twins)  # other cards really are hidden
    for other in twins:
        assert other.observation()["piles"] == game.observation()["piles"]
    obs = [g.observation() for g in (game, *twins)]
    values = [position_value(o, samples=6, seconds=None, seed=3) for o in obs]
    assert values[0].samples == 6
    assert values[1:] == values[:1] * 2
    moves = [move_values(o, samples=4, seconds=None, seed=3) for o in obs]
    assert moves[0].moves == obs[0]["legal_moves"]
    for other in moves[1:]:
        assert other.outcomes == moves[0].outcomes
    for move in obs[0]["legal_moves"]:
        grades = [grade_move(o, move, values=v) for o, v in zip(obs, moves, strict=True)]
        assert grades[1:] == grades[:1] * 2
        assert grades[0].label in ("best", "good", "inaccuracy", "mistake", "blunder")


def test_twins_differ_where_the_hidden_cards_decide() -> None:
    """The twins above are a real test: on the real deals, the rule player's results after
    the same moves differ between twins, while the fair values do not."""
    differing = 0
    for variant in VARIANTS:
        game = rule_game(variant, seed=7, moves=12)
        rng = random.Random(variant)
        for _ in range(6):
            other = twin(game, rng)
            differing += play_out(game, RulePlayer()).won != play_out(other, RulePlayer()).won
    assert differing >= 3


# ---------------------------------------------------------------- meaning


def first_open_position(variant: str, seed: int) -> Game:
    """The first position of the rule player's game with nothing hidden and a choice."""
    game = Game(variant, seed=seed)
    player = RulePlayer()
    while True:
        obs = game.observation()
        if hidden_count(game) == 0 and obs["status"] == "playing" and len(obs["legal_moves"]) > 1:
            return game
        move = player.choose(obs)
        assert move is not None and obs["status"] != "lost", "no such position"
        game.play(move)


@pytest.mark.parametrize(
    "variant, seed, won",
    [("klondike", 5, True), ("falling-stars", 4, True), ("terrace", 1, False),
     ("klondike-three-card", 29, False)],
)  # fmt: skip
def test_with_nothing_hidden_the_value_is_the_rule_players_result(
    variant: str, seed: int, won: bool
) -> None:
    """Every world is the real deal: the value is 0 or 1, what the rule player really does,
    and each move's value is the rule player's real result after that move."""
    game = first_open_position(variant, seed)
    assert play_out(game, RulePlayer()).won is won
    value = position_value(game.observation(), samples=5, seconds=None)
    assert value.wins == (5 if won else 0)
    values = move_values(game.observation(), samples=3, seconds=None)
    for move in values.moves:
        after = game.copy()
        after.play(move)
        truth = play_out(after, RulePlayer()).won
        assert values.outcomes[move] == [truth] * 3
    assert any(values.outcomes[m][0] for m in values.moves) or not won


def test_the_rollout_player_can_be_the_found_rules_player() -> None:
    """``tips=``: the worlds are played out by that rule player (here every world is the
    real deal, so each move's outcome is that player's real result after it)."""
    game = first_open_position("terrace", 4)  # where the two players part after a move
    values = move_values(game.observation(), samples=2, seconds=None, tips=FOUND_SET)
    assert values.tips == FOUND_SET
    for move in values.moves:
        after = game.copy()
        after.play(move)
        assert values.outcomes[move] == [play_out(after, RulePlayer(FOUND_SET)).won] * 2
    with pytest.raises(ValueError, match="unknown tips"):
        move_values(game.observation(), samples=1, tips=("no-such-rule",))


@pytest.mark.parametrize(
    "variant, seed, moves, losing",
    [("klondike", 8, 113, "deal"), ("klondike-three-card", 17, 72, "t5-t1"),
     ("falling-stars", 15, 197, "t9-f6"), ("terrace", 30, 198, "t8-f5")],
)  # fmt: skip
def test_a_move_that_throws_a_sure_win_away_is_a_blunder(
    variant: str, seed: int, moves: int, losing: str
) -> None:
    """With nothing hidden, a move after which the rule player loses, where another move
    wins, drops the value from 1 to 0: a blunder; the winning moves are best."""
    game = rule_game(variant, seed, moves)
    assert hidden_count(game) == 0
    after = game.copy()
    after.play(losing)
    assert not play_out(after, RulePlayer()).won
    values = move_values(game.observation(), samples=8, seconds=None)
    grade = grade_move(game.observation(), losing, values=values)
    assert grade.label == "blunder"
    assert grade.drop == 1.0 and grade.drop_interval[0] > THRESHOLDS[0][0]
    assert values.best is not None and values.best != losing
    assert grade_move(game.observation(), values.best, values=values).label == "best"
    assert "blunder" in grade.describe() and values.best in grade.describe()


def test_a_finished_game_has_an_exact_value() -> None:
    won = rule_game("klondike", 5, 3000)
    assert won.status == "won"
    value = position_value(won.observation())
    assert value.exact and value.estimate == 1.0 and value.interval == (1.0, 1.0)
    assert value.describe() == "The game is won."


def test_the_value_says_what_it_means_with_its_interval() -> None:
    value = Value(wins=10, samples=32)
    low, high = value.interval
    assert low < 10 / 32 < high
    assert value.describe().startswith("The rule player wins 31% of the 32 deals that fit")
    seeing = Value(wins=10, samples=32, seeing_won=13, seeing_unknown=2)
    assert "41% of those deals can be won by someone who sees every card" in seeing.describe()


def test_the_all_seeing_solver_can_be_asked_too() -> None:
    game = rule_game("klondike", 5, 20)
    value = position_value(game.observation(), samples=3, seconds=None, solver_budget=2000)
    assert value.seeing_won is not None and value.seeing_unknown is not None
    assert value.seeing_won + value.seeing_unknown <= 3
    assert value.seeing is not None


# ---------------------------------------------------------------- determinism, budget


def test_same_seed_same_value_and_refining_extends_the_same_worlds() -> None:
    obs = rule_game("klondike", 3, 10).observation()
    a = move_values(obs, samples=6, seconds=None, seed=4)
    b = move_values(obs, samples=3, seconds=None, seed=4).refine(3, seconds=None)
    assert a.outcomes == b.outcomes and a.samples == b.samples == 6
    assert position_value(obs, samples=5, seconds=None, seed=4) == position_value(
        obs, samples=5, seconds=None, seed=4
    )


def test_other_seeds_sample_other_worlds() -> None:
    obs = rule_game("klondike", 2, 30).observation()
    runs = {
        tuple(tuple(v) for v in move_values(obs, samples=8, seconds=None, seed=s).outcomes.values())
        for s in range(4)
    }
    assert len(runs) > 1


def test_time_counts_and_at_least_one_world_is_played() -> None:
    obs = Game("terrace", seed=5).observation()
    start = time.perf_counter()
    values = move_values(obs, samples=MAX_SAMPLES, seconds=0.3)
    elapsed = time.perf_counter() - start
    assert 1 <= values.samples < MAX_SAMPLES
    assert elapsed < 5.0  # the limit plus at most one world of rollouts
    one = position_value(obs, samples=MAX_SAMPLES, seconds=0.01)
    assert 1 <= one.samples < MAX_SAMPLES


# ---------------------------------------------------------------- grades


def test_paired_interval_and_labels() -> None:
    same = [True, False, True, False] * 8
    low, high = paired_interval(same, same)
    assert low < 0 < high
    assert paired_se(same, same) == 0.0
    low, high = paired_interval([True] * 32, [False] * 32)
    assert 0.8 < low <= high <= 1.0
    assert label_for(0.0, 0.0) == "best"
    assert label_for(0.5, -0.01) == "good"  # not told apart from the best move
    assert label_for(0.09, 0.01) == "good"
    assert label_for(0.10, 0.01) == "inaccuracy"
    assert label_for(0.20, 0.01) == "mistake"
    assert label_for(0.30, 0.01) == "blunder"
    assert [t for t, _ in THRESHOLDS] == sorted((t for t, _ in THRESHOLDS), reverse=True)


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_legal_move_gets_a_grade_along_a_game(variant: str) -> None:
    """Along the rule player's game, every move it plays is graded against the others."""
    game = Game(variant, seed=21)
    player = RulePlayer()
    graded = 0
    for step in range(40):
        obs = game.observation()
        if obs["status"] in ("won", "lost"):
            break
        move = player.choose(obs)
        if move is None:
            break
        if step % 8 == 0:
            grade = grade_move(obs, move, samples=2, seconds=None)
            assert isinstance(grade, Grade) and grade.move == move
            assert 0.0 <= grade.drop <= 1.0
            assert grade.drop_interval[0] <= grade.drop <= grade.drop_interval[1] or (
                grade.label == "best"
            )
            graded += 1
        game.play(move)
    assert graded >= 2


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "kwargs",
    [{"samples": 0}, {"samples": MAX_SAMPLES + 1}, {"samples": True}, {"samples": 2.0},
     {"seconds": 0}, {"seconds": -1}, {"seconds": float("nan")}, {"seconds": 1e9},
     {"seed": "x"}, {"seed": None}],
)  # fmt: skip
def test_bad_limits_get_a_clear_error(kwargs: dict[str, object]) -> None:
    obs = Game("klondike", seed=1).observation()
    before = copy.deepcopy(obs)
    with pytest.raises(ValueError, match=r"samples|seconds|seed"):
        position_value(obs, **kwargs)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"samples|seconds|seed"):
        move_values(obs, **kwargs)  # type: ignore[arg-type]
    assert obs == before


def test_bad_positions_and_moves_get_a_clear_error() -> None:
    obs = Game("terrace", seed=1).observation()
    with pytest.raises(TypeError, match="observation"):
        position_value("terrace")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="lacks"):
        position_value({"variant": "terrace"})
    broken = copy.deepcopy(obs)
    broken["piles"]["t1"] = ["KS", "KS", "KS"]  # three King of spades in a two-deck game
    with pytest.raises(ValueError, match="not a position"):
        position_value(broken, samples=1)
    unknown = dict(obs, variant="chess")
    with pytest.raises(ValueError, match="not a position"):
        move_values(unknown, samples=1)
    with pytest.raises(ValueError, match="not a legal move"):
        grade_move(obs, "t9-f1", samples=1)
    values = move_values(obs, samples=1, seconds=None)
    other = Game("terrace", seed=2).observation()
    with pytest.raises(ValueError, match="another position"):
        grade_move(other, other["legal_moves"][0], values=values)
    with pytest.raises(ValueError, match="not a legal move"):
        values.value("deal")
    with pytest.raises(ValueError, match="at most"):
        values.refine(MAX_SAMPLES)
    assert values.samples == 1  # a refused refinement changes nothing


def test_memory_of_the_stock_needs_the_game() -> None:
    """After a redeal a remembering player knows the stock's order: only the face-down
    tableau cards are sampled, so the worlds agree with the real stock."""
    game = rule_game("klondike", 5, 3000 // 30)
    assert game.redeals_used > 0 and game.status == "playing"
    with pytest.raises(ValueError, match="needs the Game"):
        position_value(game.observation(), samples=2, memory=True)
    value = position_value(game, samples=3, seconds=None, memory=True)
    assert value.samples == 3

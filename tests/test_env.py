"""The agent interface: action numbers, the fair view, the referee and the Gymnasium env."""

from __future__ import annotations

import random
import subprocess
import sys
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from terrace_widget import VARIANTS, Game, IllegalMoveError, Move
from terrace_widget.agents.env import (
    ENV_IDS,
    fair_observation,
    play_one,
    tournament,
    tournament_summary,
)
from terrace_widget.agents.gym_env import HIDDEN, PHASES, SolitaireEnv
from terrace_widget.fair.players import RulePlayer
from terrace_widget.game.actions import (
    action_list,
    action_mask,
    action_move,
    action_number,
)
from terrace_widget.game.render import text_board
from terrace_widget.rules.cards import CODES

ALL = list(VARIANTS)


def random_play(variant: str, seed: int, moves: int) -> Game:
    """``variant#seed`` after up to ``moves`` uniformly random legal moves."""
    rng = random.Random(seed)
    game = Game(variant, seed=seed)
    for _ in range(moves):
        legal = game.legal_moves()
        if not legal:
            break
        game.play(rng.choice(legal))
    return game


def twin_deals(variant: str, seed: int, moves: int) -> tuple[Game, Game, list[Move]]:
    """Two deals that look the same for ``moves`` random moves: every card never face up
    in that time is renamed (a random permutation among those cards) in the second deck."""
    game = random_play(variant, seed, moves)
    history = game.history
    replay = Game(variant, seed=seed)
    seen = set()
    for move in [*history, None]:
        seen |= {c for cards in fair_observation(replay)["piles"].values() for c in cards}
        if move is not None:
            replay.play(move)
    never = sorted(set(CODES) - seen)
    renamed = never[:]
    random.Random(seed).shuffle(renamed)
    rename = dict(zip(never, renamed, strict=True))
    deck = [rename.get(card, card) for card in game.deck]
    return Game(variant, seed=seed), Game(variant, deck=deck), history


def arrays_equal(a: dict, b: dict) -> bool:
    return a.keys() == b.keys() and all(np.array_equal(a[key], b[key]) for key in a)


# ---------------------------------------------------------------- action numbers


@pytest.mark.parametrize("variant", ALL)
def test_every_action_round_trips_through_its_move_and_text(variant: str) -> None:
    moves = action_list(variant)
    assert moves[0] == Move("stock", "waste", 1)
    assert len(set(moves)) == len(moves)
    for number, move in enumerate(moves):
        assert action_move(variant, number) == move
        assert action_number(variant, move) == number
        assert action_number(variant, str(move)) == number
        assert Move.parse(str(move)) == move


def test_action_counts_per_layout() -> None:
    counts = {variant: len(action_list(variant)) for variant in ALL}
    assert counts["terrace"] == counts["wood"] == counts["generals-patience"] == 179
    assert counts["redheads"] == counts["blondes-and-brunettes"] == 153
    assert {counts[v] for v in ALL if v.startswith("klondike")} == {626}
    # Klondike groups: t1-t2 carries 1 to 13 cards; Terrace moves one card at a time.
    assert action_number("klondike", "t1-t2x13") == action_number("klondike", "t1-t2") + 12
    with pytest.raises(ValueError, match="not one of the Terrace actions"):
        action_number("terrace", "t1-t2x2")


@pytest.mark.parametrize("bad", [-1, 179, 2.0, "3", True, None, [1]])
def test_action_numbers_outside_the_list_are_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="whole number from 0 to 178"):
        action_move("terrace", bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("variant", ALL)
def test_legal_actions_are_the_legal_moves_and_apply_plays_them(variant: str) -> None:
    rng = random.Random(3)
    game = Game(variant, seed=11)
    for _ in range(150):
        actions = game.legal_actions()
        assert [action_move(variant, a) for a in actions] == sorted(
            set(game.legal_moves()), key=lambda m: action_number(variant, m)
        )
        mask = action_mask(game)
        assert [i for i, legal in enumerate(mask) if legal] == actions
        if not actions:
            break
        action = rng.choice(actions)
        assert game.apply(action) == action_move(variant, action)
        assert game.history[-1] == action_move(variant, action)


def test_apply_refuses_an_illegal_action_and_changes_nothing() -> None:
    game = Game("klondike", seed=4)
    before = game.to_dict()
    illegal = next(a for a in range(len(action_list("klondike"))) if a not in game.legal_actions())
    with pytest.raises(IllegalMoveError, match=f"action {illegal} .* is not legal here: "):
        game.apply(illegal)
    with pytest.raises(ValueError, match="whole number"):
        game.apply(10**6)
    assert game.to_dict() == before


def test_clone_is_independent() -> None:
    game = random_play("terrace", 5, 30)
    clone = game.clone()
    assert clone.to_dict() == game.to_dict()
    clone.apply(clone.legal_actions()[0])
    assert len(clone.history) == len(game.history) + 1
    assert game.to_dict() != clone.to_dict()


# ---------------------------------------------------------------- fairness


@pytest.mark.parametrize("variant", ALL)
def test_nothing_an_agent_sees_depends_on_the_hidden_cards(variant: str) -> None:
    for seed, moves in ((1, 12), (2, 40)):
        real, twin, history = twin_deals(variant, seed, moves)
        env_a = SolitaireEnv(variant, render_mode="ansi", max_steps=500)
        env_b = SolitaireEnv(variant, render_mode="ansi", max_steps=500)
        obs_a, info_a = env_a.reset(options={"game": real})
        obs_b, info_b = env_b.reset(options={"game": twin})
        for move in history:
            assert fair_observation(env_a.game) == fair_observation(env_b.game)
            assert arrays_equal(obs_a, obs_b) and info_a.keys() == info_b.keys()
            assert all(np.array_equal(info_a[key], info_b[key]) for key in info_a)
            assert np.array_equal(env_a.action_masks(), env_b.action_masks())
            assert env_a.game.legal_actions() == env_b.game.legal_actions()
            assert env_a.render() == env_b.render()
            action = action_number(variant, move)
            obs_a, *rest_a, info_a = env_a.step(action)
            obs_b, *rest_b, info_b = env_b.step(action)
            assert rest_a == rest_b
        assert arrays_equal(obs_a, obs_b)
        # The twins really differ in their face-down cards.
        assert env_a.game.piles != env_b.game.piles


@pytest.mark.parametrize("variant", ["terrace", "klondike", "generals-patience"])
def test_face_down_cards_have_one_code_and_no_deal_id(variant: str) -> None:
    game = random_play(variant, 9, 60)
    obs = fair_observation(game)
    assert "deal_id" not in obs and game.deal_id is not None
    arrays, _ = SolitaireEnv(variant).reset(options={"game": game})
    for row, name in enumerate(game.pile_names):
        real = game.piles[name]
        encoded = arrays["piles"][row]
        assert arrays["sizes"][row] == len(real)
        for k, card in enumerate(real):
            if card.startswith("#"):
                assert encoded[k] == HIDDEN and obs["piles"][name][k] == "#"
            else:
                assert encoded[k] == CODES.index(card) + 1
        assert not encoded[len(real) :].any()
    assert (arrays["piles"] == HIDDEN).sum() == sum(
        card.startswith("#") for cards in game.piles.values() for card in cards
    )


def test_fair_status_is_lost_only_when_no_move_is_left() -> None:
    for seed in range(6):
        game = random_play("wood", seed, 400)
        obs = fair_observation(game)
        game.status  # noqa: B018  (runs the game-over search, which reads the hidden cards)
        assert (obs["status"] == "lost") == (not obs["legal_moves"] and obs["status"] != "won")
        assert fair_observation(game) == obs


# ---------------------------------------------------------------- the Gymnasium environment


@pytest.mark.parametrize("variant", ["terrace", "redheads", "klondike", "klondike-three-card"])
def test_gymnasium_checker_passes(variant: str) -> None:
    env = gymnasium.make(ENV_IDS[variant])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)
    assert [str(w.message) for w in caught] == []


def test_every_game_is_registered() -> None:
    assert set(ENV_IDS) == set(VARIANTS)
    assert ENV_IDS["generals-patience"] == "terrace_widget/GeneralsPatience-v0"
    for variant, env_id in ENV_IDS.items():
        assert gymnasium.spec(env_id).kwargs == {"variant": variant}


@pytest.mark.parametrize("variant", ALL)
def test_random_agents_with_the_mask_play_to_the_end(variant: str) -> None:
    env = gymnasium.make(ENV_IDS[variant], max_steps=300)
    env.action_space.seed(0)
    for episode in range(2):
        obs, info = env.reset(seed=episode)
        start, total, steps = int(obs["score"]), 0.0, 0
        ended = False
        while not ended:
            assert obs in env.observation_space
            assert np.array_equal(obs["action_mask"], info["action_mask"])
            action = env.action_space.sample(mask=info["action_mask"])
            obs, reward, terminated, truncated, info = env.step(action)
            steps += 1
            assert "refused" not in info and info["move"] == str(action_move(variant, action))
            total += reward
            ended = terminated or truncated
        assert steps <= 300 and (terminated or steps == 300)
        bonus = 10.0 if info["status"] == "won" else 0.0
        assert total == int(obs["score"]) - start + bonus
        assert terminated == (PHASES[int(obs["phase"])] in ("won", "lost"))
        with pytest.raises(RuntimeError, match="episode is over"):
            env.step(action)


def test_no_move_left_terminates_the_episode() -> None:
    rng = random.Random(0)
    for seed in range(20):  # random Wood games until one gets stuck
        game = Game("wood", seed=seed)
        while game.legal_moves() and len(game.history) < 3000:
            game.play(rng.choice(game.legal_moves()))
        if not game.legal_moves() and game.score < 104:
            break
    assert not game.legal_moves(), "no random Wood game of twenty got stuck"
    last = game.history[-1]
    game.undo()
    env = SolitaireEnv("wood")
    env.reset(options={"game": game})
    obs, _, terminated, truncated, info = env.step(action_number("wood", last))
    assert (terminated, truncated) == (True, False)
    assert PHASES[int(obs["phase"])] == "lost" and info["status"] == "lost"
    assert not obs["action_mask"].any()


def test_rewards_count_foundation_cards_and_the_win() -> None:
    suits = "CDHS"
    foundations = {f"f{i + 1}": [r + s for r in "A23456789TJQK"] for i, s in enumerate(suits)}
    foundations["f4"].pop()  # KS waits on the waste
    game = Game.from_piles("klondike", {**foundations, "waste": ["KS"]}, rest_to=None)
    env = SolitaireEnv("klondike")
    _, info = env.reset(options={"game": game})
    assert info["action_mask"][action_number("klondike", "waste-f4")]
    # A King taken back into a space costs a card.
    _, reward, terminated, _, _ = env.step(action_number("klondike", "f1-t1"))
    assert (reward, terminated) == (-1.0, False)
    env.step(action_number("klondike", "t1-f1"))
    obs, reward, terminated, truncated, _ = env.step(action_number("klondike", "waste-f4"))
    assert (reward, terminated, truncated) == (11.0, True, False)
    assert PHASES[int(obs["phase"])] == "won" and int(obs["score"]) == 52


def test_a_masked_out_action_is_refused_and_changes_nothing() -> None:
    env = SolitaireEnv("terrace")
    obs, info = env.reset(seed=12345)
    illegal = action_number("terrace", "t1-t2")
    assert not info["action_mask"][illegal]
    saved = env.game.to_dict()
    after, reward, terminated, truncated, info = env.step(illegal)
    assert arrays_equal(after, obs) and env.game.to_dict() == saved
    assert (reward, terminated, truncated) == (-1.0, False, False)
    assert "base card" in info["refused"] and info["move"] is None

    strict = SolitaireEnv("terrace", illegal_action="raise")
    strict.reset(seed=12345)
    with pytest.raises(IllegalMoveError, match=r"action \d+ \(t1-t2\) is not legal here"):
        strict.step(illegal)
    assert strict.game.to_dict() == saved and strict.steps == 0
    with pytest.raises(ValueError, match="whole number from 0 to 178"):
        strict.step(179)


def test_truncated_after_max_steps() -> None:
    env = SolitaireEnv("klondike-unlimited", max_steps=5)
    env.reset(seed=1)
    ends = [env.step(0)[2:4] for _ in range(5)]  # five deals
    assert ends == [(False, False)] * 4 + [(False, True)]


def test_reset_with_a_seed_deals_that_deal() -> None:
    env = SolitaireEnv("klondike")
    first, _ = env.reset(seed=7)
    assert env.game.piles == Game("klondike", seed=7).piles
    follow, _ = env.reset()
    again, _ = env.reset(seed=7)
    follow_again, _ = env.reset()
    assert arrays_equal(first, again)
    assert arrays_equal(follow, follow_again)  # reset() after reset(seed) is reproducible
    assert not arrays_equal(first, follow)


def test_render_is_the_fair_text_board() -> None:
    env = gymnasium.make("terrace_widget/Klondike-v0", render_mode="ansi")
    env.reset(seed=3)
    text = env.render()
    assert text == text_board(fair_observation(Game("klondike", seed=3)))
    assert "Klondike" in text and "klondike#3" not in text
    with pytest.raises(ValueError, match="render_mode"):
        SolitaireEnv("klondike", render_mode="human")


def test_env_arguments_are_checked() -> None:
    with pytest.raises(ValueError, match="max_steps"):
        SolitaireEnv("terrace", max_steps=0)
    with pytest.raises(ValueError, match="illegal_action"):
        SolitaireEnv("terrace", illegal_action="ignore")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown variant"):
        SolitaireEnv("spider")
    with pytest.raises(ValueError, match="must be a Terrace Game"):
        SolitaireEnv("terrace").reset(options={"game": Game("klondike", seed=1)})
    with pytest.raises(RuntimeError, match="reset"):
        SolitaireEnv("terrace").step(0)


# ---------------------------------------------------------------- the referee


def first_move(seed: int):
    return lambda obs: obs["legal_moves"][0]


def random_player(seed: int):
    rng = random.Random(seed)
    return lambda obs: rng.choice(obs["legal_moves"])


def test_tournament_plays_every_player_on_the_same_deals() -> None:
    players = {"first": first_move, "random": random_player}
    rows = tournament(players, ["terrace", "klondike"], [1, 2, 3], max_moves=300)
    assert len(rows) == 12
    assert [(r["variant"], r["player"], r["seed"]) for r in rows[:4]] == [
        ("terrace", "first", 1),
        ("terrace", "first", 2),
        ("terrace", "first", 3),
        ("terrace", "random", 1),
    ]
    assert rows == tournament(players, ["terrace", "klondike"], [1, 2, 3], max_moves=300)
    for row in rows:
        assert row["cards"] == Game(row["variant"], seed=1).rules.cards
        assert row["won"] == (row["end"] == "won") == (row["score"] == row["cards"])
        assert row["end"] in ("won", "no moves", "repetition", "move limit")
        assert 0 <= row["moves"] <= 300
    # What the referee reports is what the player's moves give on the real deal.
    game, end = play_one(random_player(2), "klondike", 2, max_moves=300)
    (row,) = [
        r for r in rows if r["player"] == "random" and r["variant"] == "klondike" and r["seed"] == 2
    ]
    replayed = Game("klondike", seed=2)
    for move in game.history:
        replayed.play(move)
    assert (replayed.score, len(game.history), end) == (row["score"], row["moves"], row["end"])


def test_players_see_only_the_fair_observation() -> None:
    seen = []

    def spy(seed: int):
        def player(obs):
            seen.append(obs)
            return obs["legal_moves"][-1]

        return player

    tournament({"spy": spy}, ["klondike", "terrace"], [5], max_moves=60)
    assert len(seen) > 60
    for obs in seen:
        assert "deal_id" not in obs
        assert all(
            card == "#" or card in CODES for cards in obs["piles"].values() for card in cards
        )


def test_players_with_reset_and_choose_are_reset_before_each_game() -> None:
    class Counting(RulePlayer):
        resets = 0

        def reset(self) -> None:
            Counting.resets += 1
            super().reset()

    rows = tournament({"tips": Counting()}, ["terrace", "klondike"], [1, 2], max_moves=400)
    assert Counting.resets == 4
    for row in rows:
        game, end = play_one(RulePlayer().choose, row["variant"], row["seed"], max_moves=400)
        assert (game.score, len(game.history), end) == (row["score"], row["moves"], row["end"])


def test_the_referee_ends_stopped_illegal_and_looping_games() -> None:
    assert play_one(lambda obs: None, "terrace", 1)[1] == "stopped"
    game, end = play_one(lambda obs: "t1-t2", "terrace", 1)
    assert end == "illegal move" and game.history == []
    game, end = play_one(lambda obs: obs["legal_moves"][0], "klondike", 1)
    assert end == "repetition"
    with pytest.raises(ValueError, match="max_moves"):
        tournament({"first": first_move}, ["terrace"], [1], max_moves=0)
    with pytest.raises(ValueError, match="unknown variant"):
        tournament({"first": first_move}, ["spider"], [1])


def test_summarize_gives_rates_with_intervals() -> None:
    rows = [
        {"variant": "klondike", "player": "p", "score": 52, "cards": 52, "won": True, "moves": 100},
        {"variant": "klondike", "player": "p", "score": 13, "cards": 52, "won": False, "moves": 50},
    ]
    (line,) = tournament_summary(rows)
    assert (line["games"], line["wins"], line["win_pct"], line["moves"]) == (2, 1, 50.0, 75)
    assert line["win_pct_low"] == pytest.approx(9.45, abs=0.01)
    assert line["win_pct_high"] == pytest.approx(90.55, abs=0.01)
    assert line["cards_pct"] == 62.5
    assert line["cards_pct_low"] == 0.0 and line["cards_pct_high"] == 100.0


def test_the_referee_needs_no_gymnasium() -> None:
    code = (
        "import sys; sys.modules['gymnasium'] = None\n"
        "import terrace_widget.agents.env as env\n"
        "rows = env.tournament({'first': lambda s: lambda o: o['legal_moves'][0]}, ['wood'], [1])\n"
        "print(rows[0]['end'])\n"
        "try:\n    env.SolitaireEnv\nexcept ImportError as error:\n    print(error)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    lines = out.stdout.splitlines()
    assert lines[0] in ("won", "no moves", "repetition", "move limit")
    assert "pip install 'terrace-widget[gym]'" in lines[1]


def test_the_docstring_examples_run() -> None:
    import doctest

    import terrace_widget.agents.env
    import terrace_widget.agents.gym_env
    import terrace_widget.game.actions

    modules = (
        terrace_widget.game.actions,
        terrace_widget.agents.env,
        terrace_widget.agents.gym_env,
    )
    for module in modules:
        failed, attempted = doctest.testmod(module)
        assert (failed, attempted > 0) == (0, True), module.__name__

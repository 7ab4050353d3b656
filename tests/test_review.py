"""The game review: the fair value curve, the drops with their better moves, where it
slipped away; exported and loaded back checked; bounded and cancellable; the same for twin
games; and the learning-mode table, where nothing depends on a hidden card."""

from __future__ import annotations

import json
import random
import time

import pytest

from terrace_widget import Game, TerraceWidget
from terrace_widget.fair.messages import say
from terrace_widget.fair.players import RulePlayer
from terrace_widget.fair.review import (
    MAX_REVIEW_CHARS,
    Review,
    ReviewCancelled,
    load_review,
    review_game,
)
from terrace_widget.fair.value import MAX_SAMPLES, Value
from terrace_widget.rules.cards import code
from terrace_widget.rules.variants import VARIANTS
from terrace_widget.search import advice
from terrace_widget.table.session import LOST_TEXT, TableSession
from tests.positions import twin


def played(variant: str, seed: int, moves: int) -> Game:
    game = Game(variant, seed=seed)
    player = RulePlayer()
    player.reset()
    for _ in range(moves):
        move = player.choose(game.observation())
        if move is None:
            break
        game.play(move)
    return game


def history_twin(game: Game, rng: random.Random) -> Game:
    """The same deal with the cards the player never saw (face up in no observation along
    the game) permuted, and the same moves played: every observation is the same."""
    work = game.copy()
    seen = set()
    while True:
        for pile in work.observation()["piles"].values():
            seen.update(c for c in pile if c != "#")
        if not work.undo():
            break
    deck = game.record()["deck"].split()
    unseen = [k for k, c in enumerate(deck) if c not in seen]
    cards = [deck[k] for k in unseen]
    rng.shuffle(cards)
    for k, c in zip(unseen, cards, strict=True):
        deck[k] = c
    other = Game(game.variant, deck=deck)
    for move in game.history:
        other.play(move)
    return other


def test_a_review_values_every_position_and_reads_back() -> None:
    game = played("klondike", 5, 30)
    review = review_game(game, samples=4, seconds=None)
    assert len(review.points) == len(review.turns) + 1 == 31 and review.complete
    assert all(0 <= v <= 1 for v in review.curve)
    for drop in review.drops:  # each with its better move, legal where it was played
        assert drop.better is not None and drop.label in ("inaccuracy", "mistake", "blunder")
        assert drop.before > drop.after
        assert drop.better in [str(m) for m in review.position(drop.number - 1).legal_moves()]
    text = review.to_json()
    back = load_review(text)
    assert back.to_dict() == review.to_dict() and back.curve == review.curve
    assert str(back.position(len(back.turns))) == str(game)
    assert review_game(game, samples=4, seconds=None).to_dict() == review.to_dict()


def test_where_it_slipped_away_is_the_first_turn_after_which_it_stayed_below() -> None:
    game = played("klondike", 5, 3)
    review = review_game(game, samples=1, seconds=None)
    review.points[:] = [Value(1, 2), Value(1, 2), Value(0, 2), Value(0, 2)]
    assert review.slipped == 2
    review.points[:] = [Value(1, 2), Value(0, 2), Value(1, 2), Value(1, 2)]
    assert review.slipped is None
    assert review.sentences()[0] == say("review.kept", level="5%")
    review.points[:] = [Value(0, 2), Value(0, 2), Value(0, 2), Value(0, 2)]
    assert review.slipped is None  # below from the start: nothing slipped
    review.points[:] = [Value(1, 2), Value(1, 2), None, Value(0, 2)]
    assert review.slipped is None  # not valued right after: not known
    review.points[:] = [Value(1, 2), Value(1, 2), Value(0, 2), Value(0, 1, exact=True)]
    assert review.slipped == 2
    assert review.sentences()[0] == say("review.slipped", number=2, move=review.turns[1],
                                        level="5%")  # fmt: skip


def test_a_lost_game_ends_at_zero_and_a_won_one_at_one() -> None:
    game = played("klondike", 5, 400)
    assert game.status == "won"
    review = review_game(game, samples=2, seconds=None)
    assert review.points[-1] == Value(1, 1, exact=True) and review.slipped is None


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_the_review_is_the_same_for_twin_games(variant: str) -> None:
    game = played(variant, 2, 12)
    other = history_twin(game, random.Random(variant))
    assert [str(m) for m in other.history] == [str(m) for m in game.history]
    assert game.record()["deck"] != other.record()["deck"] or game.stock_count == 0
    a, b = (review_game(g, samples=2, seconds=None) for g in (game, other))
    assert a.as_view() == b.as_view() and a.curve == b.curve


def test_bad_arguments_get_a_clear_error() -> None:
    game = played("terrace", 3, 3)
    with pytest.raises(ValueError, match="samples is a whole number"):
        review_game(game, samples=MAX_SAMPLES + 1)
    with pytest.raises(ValueError, match="seconds is None or a number"):
        review_game(game, seconds=-1)
    with pytest.raises(ValueError, match="level is a chance"):
        review_game(game, level=2)
    with pytest.raises(TypeError):
        review_game(game.observation())  # type: ignore[arg-type]


def test_a_review_stops_when_asked_and_keeps_to_its_time() -> None:
    game = played("terrace", 4, 60)
    with pytest.raises(ReviewCancelled, match="cancelled"):
        review_game(game, samples=4, seconds=None, stop=lambda: True)
    start = time.perf_counter()
    review = review_game(game, samples=64, seconds=0.5)
    assert time.perf_counter() - start < 3.0  # one position's batch may overrun
    assert not review.complete
    assert review.sentences()[-1].startswith("The review stopped early")


def test_a_bad_review_file_is_refused_and_says_why() -> None:
    game = played("klondike", 5, 8)
    good = review_game(game, samples=2, seconds=None).to_dict()

    def broken(**change: object) -> str:
        return json.dumps(dict(good, **change))

    cases = [
        ("{", "bad JSON"),
        ("x" * (MAX_REVIEW_CHARS + 1), "longer than"),
        (json.dumps([1]), "not an object"),
        (broken(format="other"), "format"),
        (broken(samples=10**9), "samples"),
        (broken(turns=good["turns"][:-1]), "turns are not the moves"),
        (broken(points=good["points"][:-1]), "points"),
        (broken(points=[[3, 2, False]] * len(good["points"])), "a point is"),
        (
            broken(
                drops=[
                    {
                        "number": 1,
                        "move": good["turns"][0],
                        "before": 0.5,
                        "after": 0.1,
                        "better": "t9-f9",
                        "label": "mistake",
                    }
                ]
            ),
            "not legal",
        ),
        (broken(drops=[{"number": 99}]), "a drop's number"),
        (broken(game={"format": "nope"}), "its game does not load"),
    ]
    for text, why in cases:
        with pytest.raises(ValueError, match=why):
            load_review(text)


def test_the_review_figure_draws_the_curve_and_says_what_it_is() -> None:
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    from terrace_widget.studies.plots import review_curve

    review = review_game(played("klondike", 5, 20), samples=2, seconds=None)
    ax = review_curve(review, title="klondike#5")
    assert len(ax.lines[0].get_xdata()) == len(review.points)
    assert "deals that fit what was seen" in ax.get_title()
    with pytest.raises(ValueError):
        review_curve(Review(review.game, [], [], [], 1, 0))


# ---------------------------------------------------------------- learning mode
def _finish_lost(variant: str, seed: int) -> Game:
    game = Game(variant, seed=seed)
    player = RulePlayer()
    player.reset()
    while (move := player.choose(game.observation())) is not None:
        game.play(move)
    return game


def test_learning_mode_shows_no_loss_proven_from_hidden_cards() -> None:
    """klondike-no-redeal#1 after 27 moves of the rule player: the engine proves the deal
    lost (it looks at the hidden cards); with the Coach on the table says nothing of it."""
    game = played("klondike-no-redeal", 1, 27)
    plain = TableSession(game=game, hint_mode="classic", show_winnable=True)
    coached = TableSession(game=game, hint_mode="classic", show_winnable=True, coach=True)
    if plain.view["status"] == "lost":
        assert plain.view["message"]["text"] == LOST_TEXT
    view = coached.view
    assert view["status"] == game.observation()["status"] == "playing"
    assert view["message"] is None or view["message"]["kind"] != "lost"
    assert view["winnable"] is None and view["winnable_check"] is False
    assert view["post_mortem"] is None and view["deal_id"] is None
    assert view["learning"]["off"] == ["winnable", "post_mortem", "share"]


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_the_whole_learning_mode_view_is_the_same_for_twin_tables(variant: str) -> None:
    rng = random.Random(variant)
    game = played(variant, 4, 15)
    views = []
    tables = [twin(game, rng), twin(game, rng)]
    # a move that shows no hidden card (a deal or a turned card would differ, rightly)
    move = next(
        (m for m in tables[0].observation()["legal_moves"]
         if _after(tables[0], m) == _after(tables[1], m)),
        None,
    )  # fmt: skip
    same = Game.from_piles(
        game.rules, game.piles, base_rank=game.base_rank,
        stock_locked=game.stock_locked, redeals_used=game.redeals_used,
    )  # fmt: skip
    for g in (same, *tables):  # built from piles: no history
        session = TableSession(game=g, hint_mode="classic", show_winnable=True, coach=True)
        session.grade_at_once, session.grade_seconds = True, None
        if move is not None:
            session.play(move)
            assert session.view["coach"]["judgement"]["grade"] is not None
        view = dict(session.view)
        view.pop("started", None)  # the clock
        views.append(json.dumps(view, sort_keys=True))
    assert views[0] == views[1] == views[2]


def _after(game: Game, move: str) -> object:
    work = game.copy()
    work.play(move)
    return work.observation()


def test_the_coach_is_switched_from_the_table_and_the_review_comes_after_the_game() -> None:
    settings: list[tuple[str, object]] = []
    session = TableSession("klondike", seed=5, hint_mode="classic",
                           on_setting=lambda n, v: settings.append((n, v)))  # fmt: skip
    assert session.handle_intent({"kind": "review"}) == (
        "the review is the Coach's: switch the Coach on first"
    )
    assert session.handle_intent({"kind": "coach", "on": "yes"}) == "'on' is true or false"
    assert session.handle_intent({"kind": "coach"}) is None
    assert session.coach and settings == [("coach", True)]
    session.review_seconds = 2.0
    assert session.handle_intent({"kind": "review"}) is None
    review = session.view["coach"]["review"]
    assert review is not None and review["curve"] and review["sentences"]
    assert "#" not in json.dumps(session.view["coach"])
    session.handle_intent({"kind": "coach", "on": False})
    assert session.view["coach"] is None and settings[-1] == ("coach", False)


def test_a_finished_game_gets_its_review_at_once_with_the_coach_on() -> None:
    game = played("klondike", 5, 137)  # one move from the win
    session = TableSession(game=game, hint_mode="classic", coach=True, auto_finish=True)
    session.review_seconds = 3.0
    move = RulePlayer().choose(game.observation())
    assert move is not None
    session.handle_intent({"kind": "move", "move": move, "seq": session.view["seq"]})
    assert session.view["status"] == "won"
    assert session.view["coach"]["review"]["curve"][-1] == 1.0


def test_widget_coach_trait_follows_the_toggle() -> None:
    w = TerraceWidget("terrace", seed=6, hint_mode="classic")
    w.session.receive({"kind": "coach", "on": True})
    assert w.coach is True and w.view["coach"] is not None


# ---------------------------------------------------------------- hint reasons
def test_a_fair_hint_reason_names_only_what_the_next_few_visible_moves_do() -> None:
    """A reason of the fair hint ("it frees 7♦ for foundation f1") must come true within
    FAIR_HORIZON moves of the line, none of them a deal or an unseen card."""
    checked = 0
    for seed in range(1, 30):
        game = Game("klondike", seed=seed)
        solution = advice._solve(game, 200_000, 2.0)
        if solution.verdict != "won" or len(solution.moves) < 10:
            continue
        line = solution.moves
        long = advice.explain_line(game, line)
        short = advice.explain_line(game, line, horizon=advice.FAIR_HORIZON)
        if "for foundation" in short:
            freed = short.split("it frees ")[1].split(" for")[0]
            sim = game.copy()
            came_true = False
            for later in line[: advice.FAIR_HORIZON]:
                table = sim.to_table()
                pile = table.piles[table.index(later.source)]
                moved = "" if later == advice.DEAL else code(pile[-later.size])
                if later.target.startswith("f") and moved and freed.startswith(moved[0]):
                    came_true = True
                sim.play(later)
            assert came_true, (seed, short)
        checked += long != short
    assert checked >= 1  # the long horizon names things the short one does not


def test_a_group_of_two_is_the_card_with_the_card_on_it() -> None:
    piles = {"t1": ["KS", "QH"], "t2": [], "waste": ["2C"]}
    game = Game.from_piles("klondike", piles)
    what, _ = advice._action(game, next(m for m in game.legal_moves() if m.size == 2))
    assert what.endswith("with the card on it") and "1 card" not in what

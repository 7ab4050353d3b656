"""The Game API: creation, refusals that explain, undo/redo, saves, records, reprs."""

from __future__ import annotations

import json

import pytest

from terrace_widget import (
    DEAL,
    VARIANTS,
    CorruptSaveError,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    UnknownVariantError,
    get_rules,
)


def played(variant: str, seed: int, moves: int) -> Game:
    """A game with ``moves`` moves played, always the first legal one but deals last."""
    game = Game(variant, seed=seed)
    for _ in range(moves):
        legal = game.legal_moves()
        if not legal:
            break
        game.play(legal[0])
    return game


# ---------------------------------------------------------------- moves and variants


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("t3-f1", Move("t3", "f1", 1)),
        ("t2-t5x3", Move("t2", "t5", 3)),
        ("deal", DEAL),
        ("waste-t4", Move("waste", "t4")),
        ("w-t4", Move("waste", "t4")),
        ("R-F8", Move("reserve", "f8")),
        (" t10-f1 ", Move("t10", "f1")),
    ],
)
def test_move_notation(text: str, move: Move) -> None:
    assert Move.parse(text) == move
    assert Move.parse(str(move)) == move


@pytest.mark.parametrize("text", ["", "t3", "t3-", "t3-t3", "x1-f1", "t3-f1x0", "stock-t1", 3])
def test_malformed_moves(text: object) -> None:
    with pytest.raises(InvalidMoveError):
        Move.parse(text)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("variant", "move"),
    [
        ("redheads", "t9-f1"),  # eight tableau piles
        ("klondike", "reserve-f1"),  # no reserve
        ("klondike", Move(["t1"], "f1")),  # type: ignore[arg-type]
        ("klondike", Move("t1", 3)),  # type: ignore[arg-type]
    ],
)
def test_moves_naming_piles_a_game_lacks(variant: str, move: object) -> None:
    game = Game(variant, seed=1)
    before = game.to_dict()
    assert not game.is_legal(move)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="pile"):
        game.play(move)  # type: ignore[arg-type]
    assert game.to_dict() == before


def test_a_refusal_never_reads_the_stock() -> None:
    game = Game("redheads", seed=1)
    top = game.piles["stock"][-1].lstrip("#")
    for move in (Move("stock", "f1"), Move("stock", "t1")):
        reason = game.explain(move)
        assert reason is not None and "only by a deal" in reason and top not in reason
        with pytest.raises(IllegalMoveError) as refused:
            game.play(move)
        assert top not in str(refused.value)


def test_a_deck_must_be_cards() -> None:
    with pytest.raises(ValueError, match="list of card codes"):
        Game("terrace", deck=5)  # type: ignore[arg-type]


def test_str_of_moves() -> None:
    assert str(Move("t3", "f1")) == "t3-f1"
    assert str(Move("t2", "t5", 3)) == "t2-t5x3"
    assert str(DEAL) == "deal"
    assert repr(Move("t3", "f1")) == "Move.parse('t3-f1')"


def test_variant_lookup() -> None:
    assert get_rules("Generals Patience").id == "generals-patience"
    assert get_rules("blondes_and_brunettes").id == "blondes-and-brunettes"
    with pytest.raises(UnknownVariantError, match="terrace, generals-patience"):
        Game("spider")
    with pytest.raises(ValueError):
        Game(42)  # type: ignore[arg-type]


def test_variants_are_small_differences_of_two_rows() -> None:
    terrace = VARIANTS["terrace"].to_dict()
    for rules in VARIANTS.values():
        if rules.family != "terrace":
            continue
        diff = {k for k, v in rules.to_dict().items() if terrace[k] != v} - {"id", "name"}
        assert len(diff) <= 5, (rules.id, diff)
    assert VARIANTS["signora"].auto_fill == ("waste", "stock")
    assert VARIANTS["redheads"].auto_fill == ("reserve", "waste", "stock")
    assert VARIANTS["klondike-three-card"].deal_count == 3
    assert json.dumps(VARIANTS["wood"].to_dict())


# ---------------------------------------------------------------- decks


def test_deck_argument() -> None:
    deck = Game("klondike", seed=8).deck
    assert deck is not None
    game = Game("klondike", deck=deck)
    assert game.piles == Game("klondike", seed=8).piles
    assert game.deal_id is None
    assert Game("klondike", deck=" ".join(deck)).piles == game.piles
    with pytest.raises(ValueError, match="52 cards"):
        Game("klondike", deck=deck[:-1])
    with pytest.raises(ValueError, match="wrong counts"):
        Game("klondike", deck=[*deck[:-1], deck[0]])
    with pytest.raises(ValueError, match="not a card"):
        Game("klondike", deck=[*deck[:-1], "ZZ"])
    with pytest.raises(ValueError, match="104 cards"):
        Game("terrace", deck=deck)
    with pytest.raises(ValueError, match="either a seed or a deck"):
        Game("klondike", seed=1, deck=deck)


# ---------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    ("setup", "move", "reason"),
    [
        ([], "deal", "Choose the base card first"),
        ([], "t5-f1", "Tableau pile 5 is empty"),
        ([], "reserve-f1", "Choose the base card first"),
        (["t1-f1"], "f1-t2", "Foundation cards are final"),
        (["t1-f1"], "t1-t2x2", "one at a time"),
        (["t1-f1"], "t1-stock", "Nothing can be put on the stock"),
        (["t1-f1"], "t1-f10", "has no pile 'f10'"),
    ],
)
def test_refusals_say_why_and_change_nothing(setup: list[str], move: str, reason: str) -> None:
    game = Game("terrace", seed=12345)
    for m in setup:
        game.play(m)
    before = game.to_dict()
    with pytest.raises((IllegalMoveError, InvalidMoveError), match=reason):
        game.play(move)
    assert game.to_dict() == before


def test_locked_stock_refusal_names_the_remedy() -> None:
    game = Game.from_piles(
        "terrace",
        {
            "waste": ["4C"],
            "t1": ["KC"],
            **{
                f"t{i}": [c]
                for i, c in zip(
                    range(3, 10), ["KS", "KS", "KH", "KH", "KD", "KD", "QC"], strict=True
                )
            },
        },
        base_rank=3,
        stock_locked=True,
    )
    with pytest.raises(
        IllegalMoveError, match="locked while a tableau space is open: play the waste"
    ):
        game.play("deal")
    assert game.stock_locked


def test_a_refused_move_is_an_error_a_caller_can_catch_as_value_error() -> None:
    game = Game("klondike", seed=3)
    with pytest.raises(ValueError):
        game.play("f1-t1")


# ---------------------------------------------------------------- undo, redo, restart


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_undo_to_the_deal_and_redo_to_the_end(variant: str) -> None:
    game = Game(variant, seed=21)
    start = game.to_dict()
    positions = [start["piles"]]
    for _ in range(60):
        legal = game.legal_moves()
        if not legal:
            break
        game.play(legal[-1])
        positions.append(game.piles)
    end = game.to_dict()
    while game.undo():
        assert game.piles == positions[len(game.history)]
    assert game.to_dict()["piles"] == start["piles"]
    assert not game.undo()
    while game.redo():
        pass
    assert game.to_dict() == end
    game.restart()
    assert game.to_dict() == start


def test_a_new_move_clears_redo() -> None:
    game = Game("wood", seed=3)
    game.play(game.legal_moves()[0])
    game.undo()
    assert game.can_redo
    game.play(game.legal_moves()[-1])
    assert not game.can_redo


def test_copy_is_independent() -> None:
    game = played("klondike", 5, 20)
    other = game.copy()
    other.play(other.legal_moves()[0])
    other.undo()
    other.undo()
    assert other.piles != game.piles or other.history != game.history
    game.undo()
    assert game.piles == other.piles


# ---------------------------------------------------------------- saves and records


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_save_is_json_and_round_trips(variant: str) -> None:
    game = played(variant, 9, 40)
    game.undo()
    data = json.loads(json.dumps(game.to_dict()))
    loaded = Game.from_dict(data)
    assert loaded.to_dict() == game.to_dict()
    assert loaded.can_redo
    loaded.redo()
    game.redo()
    assert loaded.piles == game.piles
    assert (
        any(card.startswith("#") for card in data["piles"]["stock"]) or not data["piles"]["stock"]
    )


def test_saved_piles_write_face_down_cards_with_a_hash() -> None:
    piles = Game("klondike", seed=2).to_dict()["piles"]
    assert all(card.startswith("#") for card in piles["stock"])
    assert piles["t3"][0].startswith("#") and not piles["t3"][-1].startswith("#")


@pytest.mark.parametrize(
    ("tamper", "message"),
    [
        (lambda d: d.update(format="chess"), "not a saved game"),
        (lambda d: d.update(version=99), "version 99"),
        (lambda d: d.update(variant="spider"), "unknown variant"),
        (lambda d: d.update(deck=d["deck"].replace("AS", "AH", 1)), "deck"),
        (lambda d: d.update(moves=[*d["moves"], "t9-t9"]), "move"),
        (lambda d: d.update(moves="t1-f1"), "lists of move texts"),
        (lambda d: d["piles"]["waste"].append("KS"), "piles"),
        (lambda d: d.update(stock_locked=not d["stock_locked"]), "stock locked"),
        (lambda d: d.update(seed=d["seed"] + 1), "seed"),
    ],
)
def test_corrupt_saves_are_refused(tamper, message: str) -> None:  # type: ignore[no-untyped-def]
    data = played("terrace", 4, 25).to_dict()
    tamper(data)
    with pytest.raises(CorruptSaveError, match=message):
        Game.from_dict(data)


def test_constructed_positions_save_too() -> None:
    game = Game.from_piles("falling-stars", {"f1": ["3C"], "waste": ["4D"]}, base_rank=3)
    game.play("waste-f1")
    data = game.to_dict()
    assert data["deck"] is None and data["start"] is not None
    assert Game.from_dict(data).piles == game.piles
    with pytest.raises(ValueError, match="no deal to record"):
        game.record()


@pytest.mark.parametrize(
    ("piles", "kwargs", "message"),
    [
        ({"f1": ["3C", "5D"]}, {"base_rank": 3}, "cannot follow"),
        ({"f1": ["4C"]}, {"base_rank": 3}, "must start with a 3"),
        ({"t1": ["#KS"]}, {"base_rank": 3}, "face-down cards lie only"),
        ({"t1": ["KS", "KS", "KS"]}, {"base_rank": 3}, "too many copies"),
        ({"t12": ["KS"]}, {"base_rank": 3}, "no pile 't12'"),
        ({"t1": ["KS"]}, {"base_rank": 14}, "base rank"),
        ({"t1": ["KS"]}, {}, "needs a base rank"),
        ({"t1": ["KS"]}, {"base_rank": 3, "redeals_used": 1}, "redeals"),
        ({"t1": ["KS"]}, {"base_rank": 3, "redeals_used": True}, "redeals"),
        ({"t1": 5}, {"base_rank": 3}, "list of card codes"),
        ({"t1": None}, {"base_rank": 3}, "list of card codes"),
    ],
)
def test_bad_constructed_positions(piles: dict, kwargs: dict, message: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(CorruptSaveError, match=message):
        Game.from_piles("falling-stars", piles, **kwargs)


def test_a_klondike_tableau_pile_shows_its_top_card() -> None:
    with pytest.raises(CorruptSaveError, match="face-up top card"):
        Game.from_piles("klondike", {"t1": ["#AS"]})
    with pytest.raises(CorruptSaveError, match="face-up top card"):
        Game.from_piles("klondike", {}, rest_to="t3")  # every card face down in t3
    game = Game.from_piles("klondike", {"t3": ["#2C", "#3C", "KH"]})
    assert game.piles["t3"] == ["#2C", "#3C", "KH"]


def test_a_save_is_a_copy_of_the_game() -> None:
    game = Game.from_piles("terrace", {"f1": ["3C"], "t1": ["9D"]})
    data = game.to_dict()
    data["start"]["piles"]["t1"].append("KS")
    data["start"]["base_rank"] = 7
    game.restart()
    assert game.base_rank == 3 and game.piles["t1"] == ["9D"]


@pytest.mark.parametrize("seed", ["5", 5.0, True, [5]])
def test_a_record_with_a_bad_seed_is_refused(seed: object) -> None:
    game = Game("terrace", seed=5)
    game.play("t2-f6")
    with pytest.raises(CorruptSaveError, match="seed"):
        Game.replay({**game.record(), "seed": seed})
    with pytest.raises(CorruptSaveError, match="seed"):
        Game.from_dict({**game.to_dict(), "seed": seed})


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_record_replays_to_the_same_position(variant: str) -> None:
    game = played(variant, 17, 50)
    record = game.record()
    assert set(record) == {"variant", "deck", "moves", "seed"}
    assert len(record["moves"].split()) == len(game.history)
    assert Game.replay(json.loads(json.dumps(record))).to_dict() == game.to_dict()


def test_klondike_autoplay_is_one_turn_in_the_record() -> None:
    game = Game.from_piles(
        "klondike",
        {"f1": ["AH"], "waste": ["3H"], "t1": ["2H"], "t3": ["#5S", "4H"]},
        rest_to="stock",
    )
    played_moves = game.to_foundation("f1")
    assert [str(m) for m in played_moves] == ["t1-f1", "waste-f1", "t3-f1"]
    assert game.piles["t3"] == ["5S"]
    assert game.undo()
    assert game.piles["f1"] == ["AH"] and game.piles["t3"] == ["#5S", "4H"]


# ---------------------------------------------------------------- status, observation, reprs


def test_status_values() -> None:
    assert Game("terrace", seed=1).status == "choosing-base"
    assert Game("wood", seed=1).status == "playing"
    won = Game.from_piles(
        "klondike",
        {f"f{i + 1}": [r + s for r in "A23456789TJQK"] for i, s in enumerate("CDHS")},
        rest_to=None,
    )
    assert won.status == "won"
    # A won game is over: nothing moves (the engine's table still lists Aisleriot's moves).
    assert won.legal_moves() == [] and not won.is_legal("f1-t1")
    assert won.explain("f1-t1") == "The game is already won; start a new deal"
    assert won.explain("t1-f1") == "The game is already won; start a new deal"
    assert "f1-t1" in {str(m) for m in won.to_table().legal_moves()}


def test_observation_is_json_and_hides_the_stock() -> None:
    game = Game("terrace", seed=12345)
    game.play("t2-f6")
    obs = json.loads(json.dumps(game.observation()))
    assert obs["piles"]["stock"] == ["#"] * 82
    assert obs["legal_moves"] == [str(m) for m in game.legal_moves()]
    assert obs["status"] == "playing" and obs["base_rank"] == game.base_rank
    hidden = set(game.piles["stock"])
    assert not any(card in json.dumps(obs) for card in hidden)


def test_text_and_svg_reprs() -> None:
    game = Game("klondike", seed=4)
    text = str(game)
    assert "Klondike" in text and "##" in text
    svg = game._repr_svg_()
    assert svg.startswith("<svg") and 'data-pile="t7"' in svg
    assert repr(game) == "<Game klondike (dealt): 0 moves, score 0, playing>"  # no deal id

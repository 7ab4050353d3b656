"""The help's tips, read from built positions: each function's words and its marks."""

from __future__ import annotations

import pytest

from terrace_widget import Game
from terrace_widget.fair import strategy as st
from terrace_widget.fair.tips import against_tips

QUIET = ["KC", "KS", "QC", "QS", "JC"]  # filler cards of no rank that matters here


def choosing(reserve: list[str], candidates: list[str]) -> dict:
    piles = {"reserve": reserve}
    piles.update({f"t{i}": [c] for i, c in enumerate(candidates, 1)})
    return Game.from_piles("terrace", piles).observation()


def test_base_readings_count_and_depth_of_each_candidates_rank() -> None:
    reserve = ["3D", "KC", "KS", "QC", "QS", "JC", "JS", "9C", "3C", "6H", "TC"]
    obs = choosing(reserve, ["3H", "6S", "JH", "8D"])
    readings = {r.card: r for r in st.base_readings(obs)}
    assert readings["3H"].text == "3♥: two threes in the reserve, the deepest under 10 cards"
    assert readings["3H"].depths == (2, 10)
    assert readings["6S"].text == "6♠: one six in the reserve, under 1 card"
    assert readings["JH"].text == "J♥: two jacks in the reserve, the deepest under 5 cards"
    assert readings["8D"].text == "8♦: no eight in the reserve"
    assert readings["8D"].move == "t4-f1" and readings["8D"].piles == ("t4",)
    assert st.tip_base(obs).card == "8D"
    assert st.buried(obs, "3H") == [
        "3♣ is buried under 2 cards of the reserve",
        "3♦ is buried under 10 cards of the reserve",
    ]
    assert st.buried(obs, "TD") == ["10♣ is the reserve's top card"]


def test_base_reading_is_empty_once_the_base_is_set_and_for_klondike() -> None:
    g = Game("terrace", seed=6)
    g.play("t1-f1")
    assert st.base_readings(g.observation()) == []
    assert st.tip_base(g.observation()) is None
    assert st.base_readings(Game("klondike", seed=1).observation()) == []


def test_the_tip_prefers_fewer_then_shallower_cards_of_the_rank() -> None:
    reserve = ["9C", "KC", "KS", "QC", "4D", "JC", "JS", "2C", "QS", "4C", "TC"]
    obs = choosing(reserve, ["9H", "4S", "2H", "QD"])
    # 9: one, under 10; 4: two; 2: one, under 3; Q: two.
    assert st.tip_base(obs).card == "2H"
    assert against_tips(obs, "t1-f1") == ["base"]  # the nine lies deeper than the two
    assert against_tips(obs, "t3-f1") == []


def playing(piles: dict, base: int = 6, **kwargs) -> dict:
    return Game.from_piles("terrace", piles, base_rank=base, **kwargs).observation()


def test_reversed_runs_in_the_waste_and_the_reserve() -> None:
    obs = playing(
        {
            "f1": ["6C"],
            "waste": ["KC", "9H", "8S", "7H"],
            "reserve": ["QC", "9D", "8C", "7D", "KS", "QS"],
            "t1": ["JC"],
        }
    )
    runs = st.reversed_runs(obs)
    assert [(r.pile, r.cards, r.head_depth) for r in runs] == [
        ("waste", ("7H", "8S", "9H"), 0),
        ("reserve", ("7D", "8C", "9D"), 2),
    ]
    assert runs[0].text == (
        "7♥ 8♠ 9♥ lie reversed on top of the waste: once 7♥ goes up, the rest follow; "
        "keep a foundation ending in a black 6 for them"
    )
    assert runs[1].text.startswith("7♦ 8♣ 9♦ lie reversed under 2 cards of the reserve")


def test_a_run_stops_at_the_base_and_needs_the_colours_to_alternate() -> None:
    # 5 is the last rank of a base-6 foundation: 6 cannot follow it; 8H on 7H breaks colour.
    obs = playing({"f1": ["6C"], "waste": ["8H", "7H", "6D", "5S", "4H"], "t1": ["JC"]})
    assert [r.cards for r in st.reversed_runs(obs)] == [("4H", "5S")]
    assert st.reversed_runs(Game("terrace", seed=6).observation()) == []  # no base yet


def test_a_foundation_move_that_takes_the_runs_last_foundation_goes_against_the_tip() -> None:
    obs = playing({"f1": ["6C"], "waste": ["KC", "9H", "8S", "7H"], "t1": ["JC", "7D"]})
    assert st.spoils_run(obs, "t1-f1") is not None
    assert against_tips(obs, "t1-f1") == ["reversed"]
    assert against_tips(obs, "waste-f1") == []  # the head itself is the right card


def test_pile_starts() -> None:
    obs = playing({"f1": ["6C"], "t3": ["5C", "4H"], "t1": ["JC"], "waste": ["KC", "5H"]})
    texts = [t.text for t in st.pile_starts(obs)]
    assert texts[0] == "t3 starts with 5♣, the last card its foundation needs: a good pile start"
    assert texts[1] == "5♥ would start t2 well: a five is the last card a foundation needs"
    assert st.pile_start_rank(obs) == 5
    assert against_tips(obs, "waste-t2") == []
    bad = playing({"f1": ["6C"], "t1": ["JC"], "waste": ["KC", "9H"]})
    assert [t.text for t in st.pile_starts(bad)] == [
        "9♥ is not a good pile start; the best start for t2 is a five"
    ]
    assert against_tips(bad, "waste-t2") == ["pile-start"]


def test_deal_on_while_the_stock_is_locked() -> None:
    obs = playing(
        {"f1": ["6C"], "t1": ["JC"], "t2": ["TH"], "waste": ["KC", "9S"]}, stock_locked=True
    )
    tip = st.deal_on(obs)
    assert tip.text == (
        "The stock is locked, but you need not fill the space: play 9♠ onto 10♥ (t2) and deal on"
    )
    assert tip.move == "waste-t2"
    assert against_tips(obs, "waste-t3") == ["pile-start", "deal-on"]
    stuck = playing({"f1": ["6C"], "t1": ["JC"], "waste": ["KC", "9S"]}, stock_locked=True)
    assert st.deal_on(stuck).text == (
        "The stock is locked and 9♠ has nowhere to go but a space: fill one to deal on"
    )
    assert against_tips(stuck, "waste-t2") == ["pile-start"]  # forced, but a poor start
    assert st.deal_on(playing({"f1": ["6C"], "t1": ["JC"], "waste": ["9S"]})) is None


def klondike(piles: dict) -> dict:
    return Game.from_piles("klondike", piles, rest_to="stock").observation()


def test_bring_down_from_a_foundation() -> None:
    obs = klondike({"f1": ["AH", "2H", "3H", "4H", "5H"], "t1": ["#KD", "6S"], "waste": ["4C"]})
    (tip,) = st.bring_downs(obs)
    assert tip.text == (
        "Don't give up: bring 5♥ down from f1 onto 6♠ (t1); then 4♣ from the waste can go on it"
    )
    assert tip.move == "f1-t1"
    assert st.bring_downs(klondike({"f1": ["AH", "2H", "3H", "4H", "5H"], "t1": ["6S"]})) == []


def test_reorder_sequences() -> None:
    obs = klondike({"t1": ["#KD", "8S", "7D", "6C"], "t2": ["8C"], "waste": ["7H"]})
    (tip,) = st.reorderings(obs)
    assert tip.text == (
        "Re-order: move 7♦ 6♣ from t1 onto 8♣ (t2); then 7♥ from the waste can go on 8♠"
    )
    assert tip.move == "t1-t2x2"
    up = klondike({"f1": ["AH", "2H"], "t1": ["#KD", "3H", "2S"], "t2": ["3D"]})
    assert [t.text for t in st.reorderings(up)] == [
        "Re-order: move 2♠ from t1 onto 3♦ (t2); then 3♥ can go up"
    ]


def test_read_position_gathers_every_tip_and_reads_only_observations() -> None:
    obs = playing({"f1": ["6C"], "waste": ["KC", "9H", "8S", "7H"], "t1": ["JC"]})
    kinds = [t.kind for t in st.read_position(obs)]
    assert kinds == ["reversed", "pile-start"]
    with pytest.raises(TypeError):
        st.read_position(Game("terrace", seed=1))  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        st.card_facts("#")


def test_the_tips_read_the_same_from_twin_positions() -> None:
    g = Game("terrace", seed=8)
    g.play(st.tip_base(g.observation()).move)
    for _ in range(12):
        g.play("deal")
    piles = g.piles
    twin_piles = dict(piles, stock=piles["stock"][::-1])
    twin = Game.from_piles(
        "terrace", twin_piles, base_rank=g.base_rank, stock_locked=g.stock_locked
    )
    a, b = g.observation(), twin.observation()
    assert g.piles["stock"] != twin.piles["stock"]
    assert st.read_position(a) == st.read_position(b)

"""The rules' 53 worked scenarios, one test each, under the decisions D1–D7 of docs/rules.md.

Each docstring quotes its scenario. Positions are built with ``tests/positions.py``; the
cards not listed in a position go to the bottom of the stock unless ``rest=`` says
otherwise, so listed stock cards are the next ones dealt.
"""

from __future__ import annotations

import pytest
from positions import (
    face,
    fillers,
    full_foundations,
    klondike,
    position,
    rank,
    terrace,
)

from terrace_widget import DEAL, Game, IllegalMoveError, Move

AUTO_VARIANTS = {
    # variant: (stock, reserve, tableau) after the deal (docs/rules.md#terrace-deal)
    "falling-stars": (82, 11, 9),
    "signora": (82, 11, 9),
    "redheads": (73, 21, 8),
    "blondes-and-brunettes": (84, 10, 8),
    "wood": (83, 10, 9),
}


def mv(text: str) -> Move:
    return Move.parse(text)


def refused(g: Game, move: str | Move) -> None:
    """The move is illegal everywhere it can be asked, and trying it changes nothing."""
    move = mv(move) if isinstance(move, str) else move
    before = g.to_dict()
    assert not g.is_legal(move)
    assert move not in g.legal_moves()
    with pytest.raises(IllegalMoveError):
        g.play(move)
    assert g.to_dict() == before


def accepted(g: Game, move: str | Move) -> None:
    move = mv(move) if isinstance(move, str) else move
    assert g.is_legal(move)
    assert move in g.legal_moves()
    assert g.play(move) == move


def tableau(g: Game) -> list[str]:
    return [name for name in g.pile_names if name.startswith("t")]


def foundations(g: Game) -> list[str]:
    return [name for name in g.pile_names if name.startswith("f")]


# --------------------------------------------------------------------------- Terrace


def test_s01_terrace_new_deal():
    """1. Terrace, new deal: reserve 11 face up; T1–T4 one face-up card each; T5–T9 empty;
    foundations and waste empty; stock 89; score 0; status bar empty; clicking the stock
    does nothing; dragging a reserve card is refused; T1's card to T5 is refused."""
    g = Game("terrace", seed=1)
    p = g.piles
    deck = g.deck
    assert len(p["reserve"]) == 11 and not any(c.startswith("#") for c in p["reserve"])
    assert p["reserve"] == deck[:11]  # first card dealt at the bottom (docs/rules.md#d7)
    for i, name in enumerate(("t1", "t2", "t3", "t4")):
        assert p[name] == [deck[11 + i]]
    for name in ("t5", "t6", "t7", "t8", "t9"):
        assert p[name] == []
    assert all(p[f] == [] for f in foundations(g))
    assert p["waste"] == []
    assert g.stock_count == 89
    assert p["stock"] == ["#" + c for c in reversed(deck[15:])]  # deck[15] is on top
    assert g.score == 0
    assert g.base_rank is None
    assert g.status == "choosing-base"
    assert not g.stock_locked
    # Only tableau candidate -> any foundation is legal (docs/rules.md#terrace-base).
    expected = {Move(t, f) for t in ("t1", "t2", "t3", "t4") for f in foundations(g)}
    assert set(g.legal_moves()) == expected
    assert g.hint().message == "Move something onto the foundation."
    refused(g, DEAL)
    refused(g, "reserve-f1")
    refused(g, "reserve-t5")
    refused(g, "t1-t5")


def test_s02_terrace_base_choice():
    """2. Terrace, base choice: drag T3's card (value v) onto F6: accepted; base = v; F6 holds
    that card; T1, T2, T4 keep their cards; T3 then T5…T9 get one new card each, left to
    right; the waste gets 1 card; stock 82; score 1; "Stock left: 82   Base Card: v"."""
    g = Game("terrace", seed=1)
    deck = g.deck
    before = g.piles
    v = rank(before["t3"][0])
    accepted(g, "t3-f6")
    p = g.piles
    assert g.base_rank == v
    assert p["f6"] == before["t3"]
    for name in ("t1", "t2", "t4"):
        assert p[name] == before[name]
    assert p["t3"] == [deck[15]]
    for i, name in enumerate(("t5", "t6", "t7", "t8", "t9")):
        assert p[name] == [deck[16 + i]]
    assert p["waste"] == [deck[21]]
    assert g.stock_count == 82
    assert g.score == 1
    assert g.status == "playing"
    assert not g.stock_locked
    assert g.redeals_left == 0
    assert all(p[f] == [] for f in foundations(g) if f != "f6")


def test_s03_terrace_base_by_double_click():
    """3. Terrace, base by double-click: double-click T2: the card goes to F1; everything
    else as in scenario 2."""
    g = Game("terrace", seed=1)
    deck = g.deck
    before = g.piles
    assert g.to_foundation("t2") == [Move("t2", "f1")]
    p = g.piles
    assert p["f1"] == before["t2"]
    assert g.base_rank == rank(before["t2"][0])
    for name in ("t1", "t3", "t4"):
        assert p[name] == before[name]
    assert p["t2"] == [deck[15]]
    for i, name in enumerate(("t5", "t6", "t7", "t8", "t9")):
        assert p[name] == [deck[16 + i]]
    assert p["waste"] == [deck[21]]
    assert g.stock_count == 82
    assert g.score == 1
    assert g.history == [Move("t2", "f1")]


def test_s04_generals_patience_counts():
    """4. General's Patience, counts: reserve 13, stock 87. After the base choice: stock 80
    and status "… Redeals left: 1 … Base Card: …"."""
    g = Game("generals-patience", seed=2)
    assert len(g.piles["reserve"]) == 13
    assert g.stock_count == 87
    assert g.status == "choosing-base"
    card = g.piles["t1"][0]
    accepted(g, "t1-f1")
    assert g.stock_count == 80
    assert g.redeals_left == 1
    assert g.redeals_used == 0
    assert g.base_rank == rank(card)
    assert g.score == 1
    assert len(g.piles["waste"]) == 1


@pytest.mark.parametrize("variant", sorted(AUTO_VARIANTS))
def test_s05_automatic_variants_new_deal(variant):
    """5. Automatic variants, new deal: F1 holds one face-up card, which is the base; every
    tableau pile has 1 card; the waste has 1 card; score 1; stock/reserve/tableau as tabled."""
    stock, reserve, piles = AUTO_VARIANTS[variant]
    for seed in (1, 2, 5, 39):
        g = Game(variant, seed=seed)
        deck = g.deck
        p = g.piles
        assert g.stock_count == stock
        assert p["reserve"] == deck[:reserve]
        assert p["f1"] == [deck[reserve]]
        assert g.base_rank == rank(deck[reserve])
        assert len(tableau(g)) == piles
        for i, name in enumerate(tableau(g)):
            assert p[name] == [deck[reserve + 1 + i]]
        assert p["waste"] == [deck[reserve + 1 + piles]]
        assert p["stock"] == ["#" + c for c in reversed(deck[reserve + 2 + piles :])]
        assert all(p[f] == [] for f in foundations(g) if f != "f1")
        assert g.score == 1
        assert g.status == "playing"
        assert not g.stock_locked
        assert g.redeals_left == 0


def test_s06_king_on_ace_in_the_tableau():
    """6. King on Ace in the tableau. Terrace, base 3, T = [A♣]. Drop W = K♦ on it: accepted."""
    g = terrace(t1="AC", waste="KD", stock="5S")
    accepted(g, "waste-t1")
    assert g.piles["t1"] == ["AC", "KD"]
    assert g.piles["waste"] == ["5S"]  # the emptied waste is refilled at once


def test_s07_nothing_on_a_base_rank_card():
    """7. Nothing on a base-rank card. Base 3, T = [3♣]. Drop W = 2♦ on it: refused."""
    g = terrace(t1="3C", waste="2D")
    refused(g, "waste-t1")
    # the same 2♦ does go on a non-base card one higher (control)
    g = terrace(t1="3C", t2="3S", waste="2D", base=4)
    accepted(g, "waste-t1")


def test_s08_base_rank_card_onto_base_plus_one():
    """8. A base-rank card may be moved onto base+1. Base 3, T = [4♣]. Drop W = 3♦: accepted."""
    g = terrace(t1="4C", waste="3D")
    accepted(g, "waste-t1")
    assert g.piles["t1"] == ["4C", "3D"]


def test_s09_same_colour_refused():
    """9. Same colour refused. T = [9♣]. Drop W = 8♠: refused."""
    g = terrace(t1="9C", waste="8S")
    refused(g, "waste-t1")
    g = terrace(t1="9C", waste="8H")
    accepted(g, "waste-t1")


def test_s10_a_full_foundation_cycle():
    """10. A full foundation cycle. Falling Stars, base 3, F1 = [3♣]. Play 4♦ 5♠ 6♥ 7♣ 8♦ 9♠
    10♥ J♣ Q♦ K♠ A♥ 2♣ in turn: all accepted, F1 has 13 cards and the score rises by 12.
    Then 3♦ on F1: refused."""
    run = ["4D", "5S", "6H", "7C", "8D", "9S", "TH", "JC", "QD", "KS", "AH", "2C"]
    g = terrace("falling-stars", f1="3C", reserve=list(reversed(run)), waste="3D")
    assert g.score == 1
    for card in run:
        accepted(g, "reserve-f1")
        assert g.piles["f1"][-1] == card
    assert g.piles["f1"] == ["3C", *run]
    assert g.score == 13
    refused(g, "waste-f1")
    accepted(g, "waste-f2")  # 3♦ still starts an empty foundation


def test_s11_colour_rule():
    """11. Colour rule. F = [3♥]. 4♦ refused, then 4♣ accepted."""
    g = terrace(f1="3H", waste="4D", reserve="4C")
    refused(g, "waste-f1")
    accepted(g, "reserve-f1")
    assert g.piles["f1"] == ["3H", "4C"]
    assert g.score == 2


def test_s12_suit_rule_generals_patience():
    """12. Suit rule (General's Patience). Base 3, F = [3♥]. 5♦ on [3♥, 4♥] refused, 5♥
    accepted."""
    g = terrace("generals-patience", f1="3H 4H", waste="5D", reserve="5H", t1="4D")
    refused(g, "waste-f1")
    refused(g, "t1-f1")  # alternating colour is not enough in General's Patience
    accepted(g, "reserve-f1")
    assert g.piles["f1"] == ["3H", "4H", "5H"]


def test_s13_empty_foundation_takes_base_rank_only():
    """13. An empty foundation takes the base rank only. Base 3, empty F: 5♣ refused, 3♠
    accepted, whatever the other foundations hold."""
    g = terrace(f1="3H 4C", waste="5C", reserve="3S")
    for f in ("f1", "f2", "f3", "f8"):
        refused(g, f"waste-{f}")
    accepted(g, "reserve-f2")
    assert g.piles["f2"] == ["3S"]


def test_s14_reserve_to_tableau_refused():
    """14. Reserve to tableau refused, even when colour and rank fit: reserve top 8♦ onto
    T = [9♣] → refused."""
    g = terrace(reserve="8D", t1="9C", t2="", waste="KH")
    refused(g, "reserve-t1")
    refused(g, "reserve-t2")  # nor into a space


def test_s15_a_space_takes_only_the_waste():
    """15. A space takes only the waste. With a space at T6: T7's top card → T6 refused; waste
    top → T6 accepted. The same holds with the stock and waste empty (the space just stays
    empty)."""
    g = terrace(**fillers(9, skip=["t6", "t7"]), waste="8H", t7="4D")
    assert not any(m.source.startswith("t") for m in g.legal_moves())  # inert fillers
    refused(g, "t7-t6")
    refused(g, "t1-t6")
    accepted(g, "waste-t6")
    assert g.piles["t6"] == ["8H"]

    g = terrace(**fillers(9, skip=["t5", "t6"]), t5="3S", rest="reserve")
    assert g.piles["stock"] == [] and g.piles["waste"] == []
    for source in ("t7", "t1", "reserve"):
        refused(g, f"{source}-t6")
    assert not any(m.target == "t6" for m in g.legal_moves())
    accepted(g, "t5-f1")
    assert g.piles["t6"] == [] and g.piles["t5"] == []  # no auto-fill in Terrace


def test_s16_no_groups():
    """16. No groups. Picking up 2 cards from a tableau pile is refused (only the top card
    can be lifted)."""
    g = terrace(t1="9C 8D", t2="TD", t3="9S", waste="KH")
    refused(g, Move("t1", "t2", 2))  # 9♣ would fit 10♦, but groups never move
    assert all(m.size == 1 for m in g.legal_moves())
    accepted(g, "t1-t3")  # the top card alone is fine


def test_s17_foundations_are_final():
    """17. Foundations are final. Dragging F1's top card anywhere is refused."""
    g = terrace(f1="3C 4D", t1="5S", t2="", waste="KH")
    for target in ("t1", "t2", "f2", "waste", "reserve"):
        refused(g, f"f1-{target}")
    assert not any(m.source.startswith("f") for m in g.legal_moves())


def test_s18_the_lock_engages():
    """18. The lock engages. Terrace, tableau full. Click the stock twice → 2 cards dealt, no
    lock. Move T2's only card to a foundation → a space, still unlocked. Click → one card
    dealt, lock on. Click again → nothing; "dealable" is false."""
    g = terrace(**fillers(9, skip=["t2"]), t2="3S", waste="5D", stock="9H 8H")
    n = g.stock_count
    accepted(g, DEAL)
    accepted(g, DEAL)
    assert g.piles["waste"] == ["5D", "8H", "9H"]
    assert g.stock_count == n - 2
    assert not g.stock_locked
    accepted(g, "t2-f1")
    assert g.piles["t2"] == []
    assert not g.stock_locked
    assert g.stock_count == n - 2
    unlocked = position(g)
    accepted(g, DEAL)
    assert g.stock_count == n - 3
    assert len(g.piles["waste"]) == 4
    assert g.stock_locked
    refused(g, DEAL)
    assert g.hint().move != DEAL
    assert g.undo() is True  # the lock is part of what undo restores (docs/rules.md#terrace-lock)
    assert position(g) == unlocked and not g.stock_locked
    assert g.redo() is True
    assert g.stock_locked


def test_s19_moves_stay_legal_while_locked():
    """19. Moves stay legal while locked. With the lock on: tableau → foundation is accepted
    and the lock stays on. Reserve → foundation and tableau → tableau are also accepted and
    leave the lock on."""
    g = terrace(
        locked=True, t1="3S", t2="9C", t3="8D", t4="KC", t5="KS", t6="QC", t7="QS", t8="JC",
        t9="", reserve="3H", waste="KD",
    )  # fmt: skip
    assert g.stock_locked
    refused(g, DEAL)
    accepted(g, "t1-f1")
    assert g.stock_locked
    accepted(g, "reserve-f2")
    assert g.stock_locked
    accepted(g, "t3-t2")
    assert g.stock_locked
    assert g.piles["t2"] == ["9C", "8D"]
    refused(g, DEAL)


def test_s20_unlock_by_playing_the_waste_card():
    """20. Unlock by playing the waste card anywhere. Locked, space at T2, waste top 4♣,
    T4 = [5♦]: 4♣ → T4 → lock off. Click → one card, lock on again. That card → T2 → lock
    off. Click → deals and stays unlocked (tableau full)."""
    g = terrace(
        locked=True, t1="KC", t2="", t3="KS", t4="5D", t5="QC", t6="QS", t7="JC", t8="JS",
        t9="TC", waste="9H 4C", stock="QD JD",
    )  # fmt: skip
    n = g.stock_count
    refused(g, DEAL)
    accepted(g, "waste-t4")
    assert g.piles["t4"] == ["5D", "4C"]
    assert not g.stock_locked
    assert g.piles["waste"] == ["9H"]
    accepted(g, DEAL)
    assert g.piles["waste"] == ["9H", "JD"]
    assert g.stock_locked
    refused(g, DEAL)
    accepted(g, "waste-t2")
    assert g.piles["t2"] == ["JD"]
    assert not g.stock_locked
    accepted(g, DEAL)
    assert g.piles["waste"] == ["9H", "QD"]
    assert not g.stock_locked
    assert g.stock_count == n - 2
    locks = []
    while g.undo():
        locks.append(g.stock_locked)
    assert locks == [False, True, False, True]


def test_s21_emptying_the_waste_deals_at_once():
    """21. Emptying the waste deals at once. Terrace, waste holds a single card, no space. Play
    it to a foundation: the waste immediately shows the next stock card and the stock count
    drops by 1. The same with a space present: the new card also locks the stock."""
    g = terrace(**fillers(9), waste="3H", stock="7C")
    n = g.stock_count
    accepted(g, "waste-f1")
    assert g.piles["waste"] == ["7C"]
    assert g.stock_count == n - 1
    assert not g.stock_locked

    g = terrace(**fillers(8), waste="3H", stock="7C")  # t9 is a space
    n = g.stock_count
    accepted(g, "waste-f1")
    assert g.piles["waste"] == ["7C"]
    assert g.stock_count == n - 1
    assert g.stock_locked
    refused(g, DEAL)


@pytest.mark.parametrize("variant", ["terrace", *sorted(AUTO_VARIANTS)])
def test_s22_no_redeal(variant):
    """22. No redeal. Terrace (and variants 2–6), stock empty, waste not empty: a click does
    nothing and "dealable" is false."""
    n = 8 if variant in ("redheads", "blondes-and-brunettes") else 9
    g = terrace(variant, **fillers(n), waste="KH 5D", rest="reserve")
    assert g.stock_count == 0
    assert g.redeals_left == 0
    refused(g, DEAL)
    assert g.hint().move != DEAL


def test_s23_generals_patience_redeal():
    """23. General's Patience redeal. First pass; stock empty; waste Q♥ 8♠ 6♠ …; no space.
    Click: the waste goes back onto the stock with Q♥ on top; the waste is empty; "Redeals
    left: 0". Next click: deals Q♥. Another click: nothing. Play Q♥: 8♠ is dealt."""
    g = terrace(
        "generals-patience", t1="KS", **fillers(8, start=2), waste="QH 8S 6S 5D",
        rest="reserve",
    )  # fmt: skip
    assert g.redeals_left == 1
    accepted(g, DEAL)
    assert g.piles["waste"] == []
    assert g.piles["stock"] == ["#5D", "#6S", "#8S", "#QH"]
    assert g.redeals_left == 0 and g.redeals_used == 1
    assert not g.stock_locked
    accepted(g, DEAL)
    assert g.piles["waste"] == ["QH"]
    assert g.stock_count == 3
    refused(g, DEAL)  # second pass: only into an empty waste
    accepted(g, "waste-t1")
    assert g.piles["t1"] == ["KS", "QH"]
    assert g.piles["waste"] == ["8S"]
    assert g.stock_count == 2


def test_s24_generals_patience_redeal_with_a_space():
    """24. General's Patience redeal with a space (Q2, D2). As scenario 23, but with an empty
    pile at T6 when clicking. This project: the redeal happens and does not lock; the next
    click deals one card and, the space still being there, locks."""
    g = terrace(
        "generals-patience", **fillers(9, skip=["t6"]), waste="QH 8S 6S 5D", rest="reserve",
    )  # fmt: skip
    assert g.piles["t6"] == []
    accepted(g, DEAL)
    assert g.piles["waste"] == []
    assert g.piles["stock"] == ["#5D", "#6S", "#8S", "#QH"]
    assert g.redeals_left == 0
    assert not g.stock_locked  # D2
    accepted(g, DEAL)
    assert g.piles["waste"] == ["QH"]
    assert g.stock_locked
    refused(g, DEAL)
    accepted(g, "waste-t6")  # playing it unlocks; the next card comes at once
    assert g.piles["waste"] == ["8S"]
    assert not g.stock_locked


def test_s25_generals_patience_stuck_second_pass():
    """25. General's Patience, stuck second pass. Pass 2, the waste card fits nowhere, and
    there are no other hints: the game ends with "no more moves" and is not won. If another
    hint exists, play goes on. (D5: lost because no legal move is left.)"""
    g = terrace("generals-patience", redeals_used=1, **fillers(9), waste="5S")
    assert g.stock_count > 0
    assert g.legal_moves() == []
    assert g.hint().move is None
    assert g.status == "lost"
    assert g.score == 0

    # Another hint exists (A♠ to its foundation, then the blocked 2♠ follows): play goes on.
    f = full_foundations(3, same_suit=True)
    f["f7"] = f["f7"][:11]  # 3♠ … K♠
    g = Game.from_piles(
        "generals-patience", {**f, "t1": ["AS"], "waste": ["2S"]}, base_rank=3,
        redeals_used=1, rest_to=None,
    )  # fmt: skip
    assert g.stock_count == 0
    assert not g.is_legal("waste-f7")
    hint = g.hint()
    assert hint.move == Move("t1", "f7")
    assert hint.message == "Move the ace of spades onto the king of spades."
    assert g.status == "playing"
    accepted(g, "t1-f7")
    accepted(g, "waste-f7")
    assert g.status == "won"


def test_s26_signora_auto_fill():
    """26. Signora auto-fill. Waste (top first) J♣, 8♥, 9♠. Move T1's only card to a
    foundation: T1 gets J♣ and the waste's top becomes 8♥. When the waste is empty and a move
    creates a space: the space takes the stock's top card, then the waste gets a fresh card
    (stock −2)."""
    g = terrace("signora", t1="3H", **fillers(8, start=2), waste="9S 8H JC")
    n = g.stock_count
    accepted(g, "t1-f1")
    assert g.piles["t1"] == ["JC"]
    assert g.piles["waste"] == ["9S", "8H"]
    assert g.stock_count == n

    g = terrace("signora", t1="3H", **fillers(8, start=2), waste="", stock="7D AH")
    n = g.stock_count
    start = position(g)
    accepted(g, "t1-f1")
    assert g.piles["t1"] == ["AH"]
    assert g.piles["waste"] == ["7D"]
    assert g.stock_count == n - 2
    assert g.undo() is True  # the auto-fill and auto-deal are part of the move (undo restores all)
    assert position(g) == start


def test_s27_signora_never_uses_the_reserve():
    """27. Signora never uses the reserve. As scenario 26 with a non-empty reserve: the reserve
    is unchanged."""
    g = terrace("signora", t1="3H", **fillers(8, start=2), waste="9S 8H JC", reserve="5C 9D")
    accepted(g, "t1-f1")
    assert g.piles["reserve"] == ["5C", "9D"]
    assert g.piles["t1"] == ["JC"]

    g = terrace("signora", t1="3H", **fillers(8, start=2), waste="", stock="7D AH",
                reserve="5C 9D")  # fmt: skip
    accepted(g, "t1-f1")
    assert g.piles["reserve"] == ["5C", "9D"]
    assert g.piles["t1"] == ["AH"]


def test_s28_redheads_auto_fill_order():
    """28. Redheads auto-fill order. A space takes the reserve's top card (4♣). With the
    reserve empty, the next space takes the waste's top card (2♠), and the waste is
    refilled from the stock."""
    g = terrace("redheads", t1="3H", **fillers(7, start=2), reserve="9D 4C", waste="2S")
    accepted(g, "t1-f1")
    assert g.piles["t1"] == ["4C"]
    assert g.piles["reserve"] == ["9D"]
    assert g.piles["waste"] == ["2S"]

    g = terrace("redheads", t1="3H", t2="3D", **fillers(6, start=3), reserve="4C", waste="2S",
                stock="TC")  # fmt: skip
    n = g.stock_count
    accepted(g, "t1-f1")
    assert g.piles["t1"] == ["4C"] and g.piles["reserve"] == []
    accepted(g, "t2-f2")
    assert g.piles["t2"] == ["2S"]
    assert g.piles["waste"] == ["TC"]
    assert g.stock_count == n - 1


def test_s29_double_click_to_the_leftmost_foundation():
    """29. Double-click to the leftmost foundation. Base A; F1 = A♦ 2♣ 3♦ 4♣ and
    F4 = A♥ 2♣ 3♦ 4♣. Double-click W = 5♥: it goes to F1."""
    g = terrace(base=1, f1="AD 2C 3D 4C", f4="AH 2C 3D 4C", waste="5H", **fillers(9))
    assert g.to_foundation("waste") == [Move("waste", "f1")]
    assert g.piles["f1"] == ["AD", "2C", "3D", "4C", "5H"]
    assert g.piles["f4"] == ["AH", "2C", "3D", "4C"]
    assert g.score == 9


def test_s30_double_clicking_a_reserve_card_acts_on_the_top_card():
    """30. Double-clicking a reserve card acts on the top card. Double-click a buried reserve
    card: the reserve's top card goes to a foundation if it can; otherwise nothing happens."""
    g = terrace(f1="3S", reserve="3C 4D", waste="KH")
    assert g.to_foundation("reserve") == [Move("reserve", "f1")]
    assert g.piles["f1"] == ["3S", "4D"]
    assert g.piles["reserve"] == ["3C"]

    g = terrace(f1="3S", reserve="3C 9H", waste="KH")  # the buried 3♣ could go up; 9♥ cannot
    before = g.to_dict()
    assert g.to_foundation("reserve") == []
    assert g.to_dict() == before


def test_s31_foundation_double_click_does_nothing():
    """31. Foundation double-click (Q3, D3). Falling Stars, F1 = [3♣] only, F2 empty.
    Double-click F1: Aisleriot moves 3♣ to F2; this project: nothing happens."""
    g = terrace("falling-stars", f1="3C", waste="KH")
    before = g.to_dict()
    assert g.to_foundation("f1") == []
    assert g.to_dict() == before
    refused(g, "f1-f2")

    g = terrace("falling-stars", f1="3C 4D", f2="3S", waste="KH")  # 4♦ would fit F2 too
    before = g.to_dict()
    assert g.to_foundation("f1") == []
    assert g.to_dict() == before


def test_s32_reserve_group_refused():
    """32. Reserve group (Q1) must be refused. Reserve …9♦, 2♣ (top); F = [A♥] with base A.
    Dragging the 9♦ pair (9♦ + 2♣) onto F is refused. (Aisleriot wrongly accepts it.)"""
    g = terrace(base=1, reserve="5S 9D 2C", f1="AH", waste="KH")
    refused(g, Move("reserve", "f1", 2))
    refused(g, Move("reserve", "f1", 3))
    assert all(m.size == 1 for m in g.legal_moves())
    accepted(g, "reserve-f1")  # the top card alone is fine
    assert g.piles["f1"] == ["AH", "2C"]
    assert g.piles["reserve"] == ["5S", "9D"]
    assert g.score == 2


def test_s33_hint_order_terrace():
    """33. Hint order, Terrace. Reserve top, a tableau top and the waste top all able to go to
    foundations: the hint names the reserve card. With none of those: the tableau build comes
    before waste → tableau, which comes before "Deal a new card from the deck". With base 3
    and both A♥→2♠ and Q♦→K♣ available: A♥ is named."""
    g = terrace(reserve="KD 3H", t1="3C", waste="3D")
    hint = g.hint()
    assert hint.move == Move("reserve", "f1")
    assert hint.message == "Move the three of hearts onto an empty foundation slot."
    g = terrace(reserve="3H KD", t1="3C", waste="3D")
    assert g.hint().move == Move("t1", "f1")
    assert g.hint().message == "Move the three of clubs onto an empty foundation slot."
    g = terrace(reserve="3H KD", t1="KC", waste="3D")
    assert g.hint().move == Move("waste", "f1")
    assert g.hint().message == "Move the three of diamonds onto an empty foundation slot."

    g = terrace(t1="9C", t2="8D", waste="8H")
    assert g.hint().move == Move("t2", "t1")
    assert g.hint().message == "Move the eight of diamonds onto the nine of clubs."
    g = terrace(t1="9C", waste="8H")
    assert g.hint().move == Move("waste", "t1")
    assert g.hint().message == "Move the eight of hearts onto the nine of clubs."
    g = terrace(**fillers(9), waste="KH")
    assert g.hint().move == DEAL
    assert g.hint().message.startswith("Deal a new card from the deck")

    g = terrace(t1="KC", t2="QD", t3="2S", t4="AH", waste="KH")
    assert {Move("t2", "t1"), Move("t4", "t3"), Move("t1", "t4")} <= set(g.legal_moves())
    assert g.hint().move == Move("t4", "t3")
    assert g.hint().message == "Move the ace of hearts onto the two of spades."


def test_s34_a_build_hint_must_lead_somewhere():
    """34. A build hint must lead somewhere. Base 3, T1 = [9♣, 8♦], T2 = [9♠], nothing else
    playable: no hint, and the game is over (lost). Add T3 = [10♥]: the hint is "Move the
    nine of spades onto the ten of hearts." (D5: lost only once proven: 8♦→9♠ stays legal.)"""
    # Everything else is buried in the reserve under a K♥ that can never move.
    g = terrace(t1="9C 8D", t2="9S", reserve="KH", rest="reserve")
    assert g.stock_count == 0 and g.piles["waste"] == []
    assert g.legal_moves() == [Move("t1", "t2")]  # legal, but it leads nowhere
    assert g.hint().move is None
    assert g.status == "playing"  # a move is left, so the cheap status says playing
    assert g.outcome() == "lost"  # proven: the few reachable positions hold no win

    # D5: no classic hint, yet a win exists (the 9♠-style build that opens a way): not lost.
    f = full_foundations(3)
    f["f1"] = f["f1"][:8]  # 3♥ … 10♣; J♥ Q♣ K♥ A♣ 2♥ are in play
    g = Game.from_piles(
        "terrace", {**f, "t1": ["JH", "QC"], "t2": ["KH", "AC"], "t3": ["2H"]}, base_rank=3,
        rest_to=None,
    )  # fmt: skip
    assert g.hint().move is None
    assert g.legal_moves() == [Move("t2", "t3")]
    assert g.status == "playing"
    for move in ("t2-t3", "t1-t2", "t1-f1", "t2-f1", "t2-f1", "t3-f1", "t3-f1"):
        accepted(g, move)
    assert g.status == "won" and g.score == 104

    g = terrace(t1="9C 8D", t2="9S", t3="TH", waste="KS")
    hint = g.hint()
    assert hint.move == Move("t2", "t3")
    assert hint.message == "Move the nine of spades onto the ten of hearts."
    assert g.status == "playing"


def test_s35_a_waste_card_can_be_hinted_into_a_space():
    """35. A waste card can be hinted into a space. With a space at T2 and W = 8♣ fitting
    nowhere else: "Move the eight of clubs onto an empty tableau slot." It is given before
    the deal hint."""
    g = terrace(t1="KS", **fillers(7, start=3), waste="8C")
    assert g.piles["t2"] == []
    assert DEAL in g.legal_moves()
    hint = g.hint()
    assert hint.move == Move("waste", "t2")
    assert hint.message == "Move the eight of clubs onto an empty tableau slot."


def test_s36_terrace_win():
    """36. Terrace win. All 104 cards on the foundations: score 104, won."""
    f = full_foundations(3)
    last = f["f1"].pop()
    g = Game.from_piles("terrace", {**f, "waste": [last]}, base_rank=3, rest_to=None)
    assert g.score == 103
    assert g.status == "playing"
    accepted(g, "waste-f1")
    assert g.score == 104
    assert g.status == "won"
    assert all(len(g.piles[name]) == 13 for name in foundations(g))


def _locked_falling_stars() -> Game:
    """A Falling Stars deal played until the stock is locked (a tableau card moved, a deal)."""
    for seed in range(1, 200):
        g = Game("falling-stars", seed=seed)
        moves = [m for m in g.legal_moves() if m.source.startswith("t")]
        if moves:
            accepted(g, moves[0])
            accepted(g, DEAL)
            return g
    raise AssertionError("no Falling Stars deal with a tableau move in seeds 1–199")


def test_s37_new_deal_after_a_lock_is_clean():
    """37. New deal after a lock (Q4) must be clean. Falling Stars: lock the stock, then start
    a new deal. Expected: unlocked and 1 card on the waste. (Aisleriot: locked, waste empty.)"""
    g = _locked_falling_stars()
    assert g.stock_locked
    refused(g, DEAL)
    fresh = Game.from_deal_id(g.deal_id)
    assert not fresh.stock_locked
    assert len(fresh.piles["waste"]) == 1
    assert fresh.stock_count == 82
    assert DEAL in fresh.legal_moves()
    other = Game("falling-stars", seed=g.seed + 1000)
    assert not other.stock_locked and len(other.piles["waste"]) == 1
    g.restart()
    assert not g.stock_locked
    assert g.piles == fresh.piles
    assert g.history == [] and not g.can_undo


def test_s38_undo_of_the_base_choice():
    """38. Undo of the base choice. After scenario 2, undo: T1–T4 hold the candidates again,
    T5–T9 are empty, foundations and waste are empty, the stock is back to 89, there is no
    base, and the status bar is empty."""
    g = Game("terrace", seed=1)
    fresh = position(g)
    accepted(g, "t3-f6")
    after = position(g)
    assert g.undo() is True
    assert position(g) == fresh
    assert g.base_rank is None
    assert g.stock_count == 89
    assert g.status == "choosing-base"
    assert g.piles["waste"] == [] and all(g.piles[f] == [] for f in foundations(g))
    assert g.can_redo and not g.can_undo
    assert g.undo() is False
    assert g.redo() is True
    assert position(g) == after


# -------------------------------------------------------------------------- Klondike


def test_s39_klondike_deal():
    """39. Klondike deal. Pile i has i cards with only the top face up; stock 24; waste empty;
    score 0; "Stock left: 24   Redeals left: 2"."""
    g = Game("klondike", seed=1)
    deck = g.deck
    p = g.piles
    expected = {f"t{j}": [] for j in range(1, 8)}
    k = 0
    for r in range(1, 8):
        for j in range(r, 8):
            expected[f"t{j}"].append(deck[k])
            k += 1
    for j in range(1, 8):
        pile = p[f"t{j}"]
        assert len(pile) == j
        assert all(c.startswith("#") for c in pile[:-1])
        assert not pile[-1].startswith("#")
        assert face(pile) == expected[f"t{j}"]
    assert p["stock"] == ["#" + c for c in reversed(deck[28:])]
    assert g.stock_count == 24
    assert p["waste"] == []
    assert all(p[f] == [] for f in ("f1", "f2", "f3", "f4"))
    assert g.score == 0
    assert g.redeals_left == 2
    assert g.status == "playing"
    assert g.base_rank is None


def test_s40_klondike_default_three_passes():
    """40. Default, three passes. 24 clicks empty the stock. The 25th click redeals (the waste
    goes back in its original order, nothing is dealt, "Redeals left: 1"). After the second
    redeal, a click on the empty stock does nothing."""
    g = Game("klondike", seed=1)
    stock = g.piles["stock"]
    for redeals_left in (2, 1, 0):
        assert g.piles["stock"] == stock
        for i in range(24):
            accepted(g, DEAL)
            assert g.piles["waste"][-1] == stock[-1 - i].lstrip("#")
        assert g.stock_count == 0
        assert g.piles["waste"] == face(reversed(stock))
        assert g.redeals_left == redeals_left
        if redeals_left:
            accepted(g, DEAL)
            assert g.piles["waste"] == []
            assert g.redeals_left == redeals_left - 1
    refused(g, DEAL)
    assert g.redeals_used == 2


def test_s41_three_card_deals():
    """41. Three-card deals. Each click moves 3 cards, the third ending on top; 24 cards take
    8 clicks; with 1–2 cards left it moves only those; redeals are unlimited; only the top
    card can be picked up."""
    g = Game("klondike-three-card", seed=1)
    stock = face(g.piles["stock"])
    assert g.redeals_left is None
    accepted(g, DEAL)
    assert g.piles["waste"] == [stock[-1], stock[-2], stock[-3]]
    assert g.stock_count == 21
    for _ in range(7):
        accepted(g, DEAL)
    assert g.stock_count == 0
    assert g.piles["waste"] == stock[::-1]
    for cycle in range(1, 4):
        accepted(g, DEAL)  # redeal
        assert face(g.piles["stock"]) == stock
        assert g.piles["waste"] == []
        assert g.redeals_used == cycle
        assert g.redeals_left is None
        for _ in range(8):
            accepted(g, DEAL)

    g = klondike("klondike-three-card", stock="#5H #6C", rest="waste")
    n = len(g.piles["waste"])
    accepted(g, DEAL)
    assert g.stock_count == 0
    assert len(g.piles["waste"]) == n + 2
    assert g.piles["waste"][-2:] == ["6C", "5H"]

    g = klondike("klondike-three-card", waste="5H KC", t1="6S")
    refused(g, "waste-t1")  # 5♥ would fit, but only the top card K♣ is in play
    refused(g, Move("waste", "t1", 2))


def test_s42_no_redeals():
    """42. No redeals. Once the stock is empty a click does nothing; "Redeals left: 0"."""
    g = Game("klondike-no-redeal", seed=2)
    assert g.redeals_left == 0
    for _ in range(24):
        accepted(g, DEAL)
    assert g.stock_count == 0 and len(g.piles["waste"]) == 24
    refused(g, DEAL)
    assert g.redeals_left == 0


def test_s43_unlimited_redeals():
    """43. Unlimited redeals. After three redeals, clicking still redeals; the status has no
    redeal count."""
    g = Game("klondike-unlimited", seed=2)
    stock = g.piles["stock"]
    assert g.redeals_left is None
    for used in range(1, 5):
        for _ in range(24):
            accepted(g, DEAL)
        accepted(g, DEAL)
        assert g.redeals_used == used
        assert g.redeals_left is None
        assert g.piles["stock"] == stock and g.piles["waste"] == []
    assert g.observation()["redeals_left"] is None


def test_s44_klondike_empty_pile():
    """44. Empty pile. Q♦ onto an empty pile: refused. So is any group whose bottom card is not
    a King, for example [6♦ 5♠ 4♥]. [K♠ Q♦ J♣] onto it: accepted."""
    g = klondike(t1="", t2="QD", t3="#9C 6D 5S 4H", t4="#2C KS QH JC")
    refused(g, "t2-t1")
    refused(g, "t3-t1x3")
    refused(g, "t3-t1")
    accepted(g, "t4-t1x3")
    assert g.piles["t1"] == ["KS", "QH", "JC"]
    assert g.piles["t4"] == ["2C"]  # turned face up


def test_s45_group_move_and_flip():
    """45. Group move and flip. A pile holds a face-down 9♣ under [6♦ 5♠ 4♥]. Move the three
    cards onto 7♣: accepted, and the 9♣ turns face up."""
    g = klondike(t1="#9C 6D 5S 4H", t2="7C")
    accepted(g, "t1-t2x3")
    assert g.piles["t2"] == ["7C", "6D", "5S", "4H"]
    assert g.piles["t1"] == ["9C"]


def test_s46_not_a_sequence():
    """46. Not a sequence. Picking up [9♦ over 5♣] is refused. Picking up 2 cards from the
    waste is refused."""
    # Face-up cards that are no sequence cannot even be set up (from_piles refuses them, as
    # no Klondike game can reach them); a group reaching under a face-down card is no
    # sequence either.
    with pytest.raises(ValueError):
        klondike(t1="#2D 9D 5C", t2="TC")
    g = klondike(t1="#2D #QS 9D 8C", t2="TC", t3="3D")
    refused(g, "t1-t2x3")
    refused(g, "t1-t3x3")
    accepted(g, "t1-t2x2")  # the proper sequence [9♦ 8♣] is fine
    assert g.piles["t1"] == ["#2D", "QS"]
    g = klondike(t2="TC", t3="6S", waste="4S 5H")
    refused(g, Move("waste", "t3", 2))
    refused(g, Move("waste", "t2", 2))
    accepted(g, "waste-t3")
    assert g.piles["t3"] == ["6S", "5H"] and g.piles["waste"] == ["4S"]


def test_s47_foundation_to_tableau():
    """47. Foundation → tableau. F = A♥ 2♥ 3♥ 4♥, T = [5♠]. Drag 4♥ onto it: accepted, score
    −1."""
    g = klondike(f1="AH 2H 3H 4H", t1="5S")
    assert g.score == 4
    accepted(g, "f1-t1")
    assert g.piles["t1"] == ["5S", "4H"]
    assert g.piles["f1"] == ["AH", "2H", "3H"]
    assert g.score == 3


def test_s48_foundation_input():
    """48. Foundation input. A group of 2 is refused. A 2 of another suit onto an Ace is
    refused. An Ace onto an empty foundation is accepted."""
    g = klondike(f1="AH", f2="AC", t1="3S 2H", t2="2D", t3="AD")
    refused(g, "t1-f1x2")
    refused(g, "t2-f2")
    refused(g, "t2-f1")
    accepted(g, "t3-f3")
    assert g.piles["f3"] == ["AD"]
    accepted(g, "t1-f1")
    assert g.score == 4


def test_s49_double_click_an_ace():
    """49. Double-click an Ace. Double-click T1 = [A♥]: it goes to the leftmost empty
    foundation. Double-click T2, whose top card is 2♥ over a face-down card: 2♥ goes to that
    foundation and the face-down card turns up."""
    g = klondike(f1="AC", t1="AH", t2="#9S 2H")
    assert g.to_foundation("t1") == [Move("t1", "f2")]
    assert g.piles["f2"] == ["AH"]
    assert g.to_foundation("t2") == [Move("t2", "f2")]
    assert g.piles["f2"] == ["AH", "2H"]
    assert g.piles["t2"] == ["9S"]
    assert g.score == 3


def test_s50_autoplay():
    """50. Autoplay. F = [A♥], W = 3♥, T3 = […4♥], T1 = […2♥]. Double-click any foundation:
    A♥ 2♥ 3♥ 4♥ end on the foundation, one card per animation step."""
    g = klondike(f1="AH", waste="3H", t3="#8D 4H", t1="#9C 2H")
    start = position(g)
    twin = g.copy()
    played = g.autoplay()
    assert played == [Move("t1", "f1"), Move("waste", "f1"), Move("t3", "f1")]
    assert g.piles["f1"] == ["AH", "2H", "3H", "4H"]
    assert g.piles["t1"] == ["9C"] and g.piles["t3"] == ["8D"]
    assert g.score == 4
    assert twin.to_foundation("f3") == played  # any foundation, even an empty one
    assert twin.piles == g.piles
    assert g.undo() is True  # one undo step
    assert position(g) == start
    assert not g.can_undo


def test_s51_klondike_game_over():
    """51. "Game over" in Klondike (D5). Aisleriot never ends a Klondike game. This project:
    the game is over (lost) once it is proven that it can no longer be won, for example no
    legal move at all; while that is not proven, it stays open."""
    g = klondike(redeals_used=2, waste="5H", rest="waste")
    assert g.stock_count == 0
    assert g.legal_moves() == []
    assert g.status == "lost"
    assert g.hint().move is None
    assert g.hint().message.startswith("No hint available right now")

    # A King shuttling between empty piles is legal but leads nowhere: proven lost.
    g = klondike(redeals_used=2, t1="KH", waste="5H", rest="waste")
    assert Move("t1", "t2") in g.legal_moves()
    assert g.status == "playing" and g.outcome() == "lost" and g.is_lost()

    # A redeal is left: not proven, the game stays open.
    g = klondike(redeals_used=1, waste="5H", rest="waste")
    assert g.legal_moves() == [DEAL]
    assert g.status == "playing"
    assert Game("klondike", seed=5).status == "playing"


def test_s52_klondike_hint_order():
    """52. Klondike hint order. An Ace on the tableau is named before a tableau build. A
    tableau build or a waste → tableau move is named before a non-Ace foundation move. A King
    at the bottom of a pile is never suggested to an empty pile. A King with a face-down card
    beneath it is."""
    g = klondike(t1="AH", t2="8S", t3="9D")
    assert g.hint().move == Move("t1", "f1")
    assert g.hint().message == "Move the ace of hearts onto an empty foundation slot."

    g = klondike(f1="AH", t1="2H", t2="8S", t3="9D")
    assert Move("t1", "f1") in g.legal_moves()
    assert g.hint().move == Move("t2", "t3")
    assert g.hint().message == "Move the eight of spades onto the nine of diamonds."

    g = klondike(f1="AH", t1="2H", t3="9D", waste="8S")
    assert g.hint().move == Move("waste", "t3")
    assert g.hint().message == "Move the eight of spades onto the nine of diamonds."

    g = klondike(t1="KS")
    assert Move("t1", "t2") in g.legal_moves()
    assert g.hint().move == DEAL
    assert g.hint().message.startswith("Deal a new card from the deck")

    g = klondike(t1="#3C KS")
    assert g.hint().move == Move("t1", "t2")
    assert g.hint().message == "Move the king of spades onto an empty tableau slot."


def test_s53_klondike_win():
    """53. Klondike win. The 52nd card reaches a foundation: won."""
    suits = {"f1": "H", "f2": "C", "f3": "D", "f4": "S"}
    piles = {f: [r + s for r in "A23456789TJQK"] for f, s in suits.items()}
    piles["f1"].pop()
    g = Game.from_piles("klondike", {**piles, "t1": ["KH"]}, rest_to=None)
    assert g.score == 51
    assert g.status == "playing"
    assert g.to_foundation("t1") == [Move("t1", "f1")]
    assert g.score == 52
    assert g.status == "won"

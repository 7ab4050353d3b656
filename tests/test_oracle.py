"""Differential tests: our engine against GNOME Aisleriot's own rules (the oracle).

Every deal is played from the same deck in both engines; after the deal and after every
action the whole position (every pile, score, base, stock lock, redeals used) and the set
of legal moves must be identical. Allowed for (the decisions of docs/rules.md):

* D1: Aisleriot's reserve drags of more than one card are not compared;
* D2: a General's Patience redeal made while a tableau space exists locks Aisleriot's
  stock for good and not ours: the game is compared up to that redeal, then dropped;
* D3: Terrace foundations are never double-clicked;
* D4: every deal is a fresh ``new`` in the oracle;
* D5: game-over flags are never compared.

A failure names the variant, the deck seed, the action and the differences, and prints a
``replay(...)`` call (tests/oracle_support.py) that reproduces it.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from oracle_support import (
    ORACLE_VARIANTS,
    Duel,
    oracle_piles,
    oracle_position,
    our_position,
    position_diff,
)

from terrace_widget import DEAL, Move

pytestmark = pytest.mark.oracle

VARIANTS = list(ORACLE_VARIANTS)
DEALS_PER_VARIANT = 25  # layout-only comparisons
GAMES_PER_VARIANT = 8  # random games, half uniform, half weighted toward foundations
MAX_ACTIONS = 300
HINT_GAMES_PER_VARIANT = 3
HINT_MAX_ACTIONS = 150
UNDO_PROBABILITY = 0.05
DOUBLE_CLICK_PROBABILITY = 0.07


def _seed(variant: str, i: int) -> int:
    return 1000 * (VARIANTS.index(variant) + 1) + i


def _weight(duel: Duel, move: Move) -> float:
    """Toward foundations and toward turning face-down cards, so that games get far."""
    if move == DEAL:
        return 1.0
    piles = duel.game.piles
    if move.target.startswith("f") and not move.source.startswith("f"):
        return 20.0
    if move.source.startswith("f"):
        return 0.1
    if move.source.startswith("t"):
        rest = piles[move.source][: -move.size]
        if rest and rest[-1].startswith("#"):
            return 6.0
        if not rest and not piles[move.target]:
            return 0.05  # a King shuttled between empty piles
        return 1.0
    return 3.0


def _double_click_piles(duel: Duel) -> list[str]:
    if duel.family == "terrace":
        return [name for name in duel.names if not name.startswith("f")]  # D3
    return list(duel.names)


def _is_d2_redeal(duel: Duel, move: Move) -> bool:
    """A General's Patience redeal with a tableau space (docs/rules.md#d2)."""
    game = duel.game
    return (
        game.variant == "generals-patience"
        and move == DEAL
        and game.stock_count == 0
        and game.redeals_used == 0
        and any(not cards for name, cards in game.piles.items() if name.startswith("t"))
    )


def _play_d2_redeal(duel: Duel) -> None:
    """Play the D2 redeal in both; everything but the lock must still agree."""
    duel.script.append("deal")
    duel.game.play(DEAL)
    duel.state = duel.oracle.deal()["state"]
    theirs = oracle_position(duel.state, duel.names)
    if not theirs["locked"]:
        duel.fail("expected Aisleriot to lock the stock on this redeal (quirk Q2)")
    ours = our_position(duel.game)
    ours["locked"] = theirs["locked"]
    diff = position_diff(ours, theirs)
    if diff:
        duel.fail("the position differs after a General's Patience redeal", diff)


def play_random_game(oracle, variant: str, seed: int, greedy: bool) -> tuple[str, int]:
    """One random game compared move by move; returns (outcome, actions played)."""
    rng = random.Random(f"{variant}/{seed}/{greedy}")
    duel = Duel(oracle, variant, seed)
    duel.check_position()
    for _ in range(MAX_ACTIONS):
        moves = duel.legal_moves()
        roll = rng.random()
        if roll < UNDO_PROBABILITY:
            for _ in range(rng.randint(1, 3)):
                duel.undo()
            for _ in range(rng.randint(0, 3)):
                duel.redo()
            continue
        if roll < UNDO_PROBABILITY + DOUBLE_CLICK_PROBABILITY:
            duel.double_click(rng.choice(_double_click_piles(duel)))
            continue
        if not moves:
            return "no moves", len(duel.script)
        ordered = sorted(moves)
        if greedy:
            move = rng.choices(ordered, [_weight(duel, m) for m in ordered])[0]
        else:
            move = rng.choice(ordered)
        if _is_d2_redeal(duel, move):
            _play_d2_redeal(duel)
            return "D2 stop", len(duel.script)
        duel.play(move, click=move == DEAL and rng.random() < 0.5)
    return "capped", len(duel.script)


@pytest.mark.parametrize("variant", VARIANTS)
def test_deal_matches_aisleriot(oracle, variant):
    """The layout after the deal and the first legal moves, for many decks."""
    for i in range(DEALS_PER_VARIANT):
        duel = Duel(oracle, variant, _seed(variant, 100 + i))
        duel.check_position()
        duel.legal_moves()


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_play_matches_aisleriot(oracle, variant, record_property):
    """Random games: same legal moves and same position after every action."""
    outcomes: Counter[str] = Counter()
    actions = 0
    for i in range(GAMES_PER_VARIANT):
        outcome, n = play_random_game(oracle, variant, _seed(variant, i), greedy=i % 2 == 1)
        outcomes[outcome] += 1
        actions += n
    record_property("outcomes", dict(outcomes))
    record_property("actions", actions)
    print(f"{variant}: {actions} actions compared, outcomes {dict(outcomes)}")
    assert actions > GAMES_PER_VARIANT


@pytest.mark.parametrize("variant", VARIANTS)
def test_hints_match_aisleriot(oracle, variant):
    """Our classic hint's text is Aisleriot's get-hint message, position after position."""
    mismatches: list[str] = []
    compared = 0
    for i in range(HINT_GAMES_PER_VARIANT):
        seed = _seed(variant, 500 + i)
        rng = random.Random(f"hint/{variant}/{seed}")
        duel = Duel(oracle, variant, seed)
        for _ in range(HINT_MAX_ACTIONS):
            moves = duel.legal_moves()
            ours, theirs = duel.check_hint()
            compared += 1
            if ours != theirs:
                mismatches.append(
                    f"{variant} (deck seed {seed}) after {duel.script}:\n"
                    f"    ours      {ours!r}\n    aisleriot {theirs!r}"
                )
            hinted = duel.game.hint().move
            if hinted is not None and hinted not in moves:
                mismatches.append(
                    f"{variant} (deck seed {seed}) after {duel.script}: the hint's move"
                    f" {hinted} is not legal"
                )
            if not moves or len(mismatches) >= 10:
                break
            ordered = sorted(moves)
            move = rng.choices(ordered, [_weight(duel, m) for m in ordered])[0]
            if _is_d2_redeal(duel, move):
                break
            duel.play(move)
    assert not mismatches, f"{len(mismatches)} hint mismatches ({compared} compared):\n" + (
        "\n".join(mismatches)
    )


@pytest.mark.parametrize("seed", [0, 2, 5])
def test_generals_patience_redeal_with_a_space(oracle, seed):
    """D2 against quirk Q2: after the same redeal Aisleriot's stock is dead, ours deals."""
    duel = Duel(oracle, "generals-patience", seed)
    duel.play(sorted(duel.legal_moves())[0])  # choose the base
    while duel.game.stock_count:
        duel.play(DEAL)  # the tableau is full: no lock
    space_maker = next(
        m
        for m in sorted(duel.legal_moves())
        if m.source.startswith("t") and len(duel.game.piles[m.source]) == 1
    )
    duel.play(space_maker)
    assert _is_d2_redeal(duel, DEAL)
    _play_d2_redeal(duel)  # same cards everywhere; Aisleriot locked (checked inside)
    game = duel.game
    assert not game.stock_locked and game.piles["waste"] == []
    assert game.redeals_used == 1 and game.stock_count > 0
    ours, theirs = set(game.legal_moves()), oracle.moves()
    assert DEAL in ours
    assert not any(m["type"] in ("deal", "click") for m in theirs), "Q2: Aisleriot's stock is dead"
    game.play(DEAL)  # D2: the next card actually dealt locks, the space being still there
    assert game.stock_locked and len(game.piles["waste"]) == 1


@pytest.mark.parametrize("variant", ["falling-stars", "signora", "wood"])
def test_terrace_foundation_double_click_does_nothing(oracle, variant):
    """D3 against quirk Q3: Aisleriot moves a lone base card from F1 to F2; we do not."""
    duel = Duel(oracle, variant, 1)
    before = duel.game.piles
    assert duel.game.to_foundation("f1") == []
    assert duel.game.piles == before and not duel.game.can_undo
    answer = oracle.dblclick(duel.names.index("f1"))
    slots = oracle_piles(answer["state"], duel.names)
    assert answer["moved"] and slots["f1"] == [] and slots["f2"] == before["f1"], "Q3"

"""Klondike deals in Solvitaire's JSON deal format (terrace_widget.search.solvitaire)."""

from __future__ import annotations

import doctest
import importlib.util
import json
import stat
import sys
from pathlib import Path

import pytest

from terrace_widget import VARIANTS, Game
from terrace_widget.search import solvitaire
from terrace_widget.search.solver import solve
from terrace_widget.search.solvitaire import (
    SolvitaireFormatError,
    card_text,
    from_solvitaire,
    read_card,
    solvitaire_rules,
    to_solvitaire,
    to_solvitaire_json,
)

KLONDIKE_GAMES = [v for v, r in VARIANTS.items() if r.family == "klondike"]


def same_game(a: Game, b: Game) -> None:
    assert a.piles == b.piles
    assert a.legal_moves() == b.legal_moves()
    assert (a.redeals_used, a.score, a.status) == (b.redeals_used, b.score, b.status)


@pytest.mark.parametrize("variant", KLONDIKE_GAMES)
def test_a_fresh_deal_round_trips_with_its_deck(variant: str) -> None:
    for seed in (1, 77, 123456):
        game = Game(variant, seed=seed)
        deal = to_solvitaire(game)
        back = from_solvitaire(deal, variant)
        same_game(back, game)
        assert back.deck == game.deck and back.variant == variant
        assert to_solvitaire(back) == deal
        # JSON text too, and the first moves lead to the same positions.
        again = from_solvitaire(to_solvitaire_json(game, indent=1), variant)
        for move in game.legal_moves()[:3]:
            g, h = game.copy(), again.copy()
            g.play(move)
            h.play(move)
            same_game(h, g)


def test_the_format_details() -> None:
    game = Game("klondike", seed=3)
    deal = to_solvitaire(game)
    assert set(deal) == {"tableau piles", "stock", "waste", "foundations"}
    assert [len(p) for p in deal["tableau piles"]] == [1, 2, 3, 4, 5, 6, 7]
    for pile, ours in zip(
        deal["tableau piles"], (game.piles[f"t{i}"] for i in range(1, 8)), strict=True
    ):
        # Face-down cards have a lower-case suit, the top card an upper-case one.
        assert [c[-1].islower() for c in pile] == [c.startswith("#") for c in ours]
        assert pile[-1][-1].isupper()
    every = [c for p in deal["tableau piles"] for c in p] + deal["stock"]
    assert not any(c.upper().startswith("T") for c in every)  # Solvitaire rejects "T"
    assert sum(c[:-1] == "10" for c in every) == 4
    # The stock's last card is dealt first: deck[28] (Solvitaire's stock ends with it).
    assert deal["stock"][-1] == card_text(*read_card(game.deck[28]))
    game.play("deal")
    assert game.piles["waste"] == [read_card_code(deal["stock"][-1])]
    assert (card_text(9), card_text(9, face_up=False), read_card("10c")) == (
        "10C",
        "10c",
        (9, False),
    )
    assert read_card("12H") == read_card("qH") == (2 * 13 + 11, True)
    assert read_card("1s") == (3 * 13, False)


def read_card_code(text: str) -> str:
    from terrace_widget import code

    return code(read_card(text)[0])


def test_a_position_in_play_round_trips_and_still_wins() -> None:
    game = Game("klondike-three-card", seed=3)
    line = solve(game, budget=3000).moves
    assert line
    for move in line[:80]:
        game.play(move)
    deal = to_solvitaire(game)
    assert deal["waste"] and deal["foundations"]
    back = from_solvitaire(json.dumps(deal), "klondike-three-card", redeals_used=game.redeals_used)
    same_game(back, game)
    assert back.deck is None  # a constructed position
    for move in line[80:]:
        back.play(move)
    assert back.status == "won"
    # Redeals used are not part of a deal; they can be given.
    limited = Game("klondike", seed=3)
    for _ in range(25):
        limited.play("deal")
    assert limited.redeals_used == 1
    again = from_solvitaire(to_solvitaire(limited), "klondike", redeals_used=1)
    same_game(again, limited)


def test_terrace_games_are_not_expressible() -> None:
    with pytest.raises(SolvitaireFormatError, match="alternate-colour"):
        to_solvitaire(Game("terrace", seed=1))
    deal = to_solvitaire(Game("klondike", seed=1))
    with pytest.raises(SolvitaireFormatError, match="only the Klondike games"):
        from_solvitaire(deal, "generals-patience")


def _deal() -> dict:
    return to_solvitaire(Game("klondike", seed=5))


def _take(pile: list[str], rank: str) -> str:
    card = next(c for c in pile if c.startswith(rank))
    pile.remove(card)
    return card


def _with(change) -> dict:
    deal = _deal()
    change(deal)
    return deal


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("{not json", "not JSON"),
        ([1, 2], "JSON object"),
        (_with(lambda d: d.update(hole=["AS"])), "unknown key 'hole'"),
        (_with(lambda d: d.update(reserve=["AS"])), "no reserve"),
        (_with(lambda d: d["tableau piles"].pop()), "list of 7 piles"),
        (_with(lambda d: d.update(stock="AS 2S")), "stock must be a list"),
        (_with(lambda d: d["stock"].__setitem__(0, "1X")), "is not a card"),
        (_with(lambda d: d["stock"].__setitem__(0, 7)), "is not a card"),
        (_with(lambda d: d["stock"].pop()), "cards are missing"),
        (_with(lambda d: d["stock"].append(d["stock"][0])), "too many copies"),
        (_with(lambda d: d["tableau piles"][3].reverse()), "face-down cards lie only"),
        (_with(lambda d: d.update(foundations=[_take(d["stock"], "2")])), "f1 must start with a"),
    ],
)
def test_malformed_deals_give_clear_errors(data: object, message: str) -> None:
    with pytest.raises(SolvitaireFormatError, match=message):
        from_solvitaire(data)  # type: ignore[arg-type]


def test_solvitaire_rules() -> None:
    assert solvitaire_rules("klondike-three-card")["stock"] == {
        "size": 24,
        "deal count": 3,
        "redeal": True,
    }
    assert solvitaire_rules("klondike-no-redeal")["stock"]["redeal"] is False
    assert solvitaire_rules("klondike-unlimited")["stock"]["deal count"] == 1
    with pytest.raises(SolvitaireFormatError, match="2 redeals"):
        solvitaire_rules("klondike")
    with pytest.raises(SolvitaireFormatError):
        solvitaire_rules("wood")


def test_module_doctests() -> None:
    assert doctest.testmod(solvitaire).failed == 0


# ------------------------------------------- benchmarks/solvitaire_check.py
def fake_solvitaire(tmp_path, outcome: str):
    """An executable standing in for Solvitaire: it checks that it got a rules file and
    a Klondike deal in the format, and prints a ``--classify`` line with ``outcome``."""
    script = tmp_path / f"solvitaire-{outcome}"
    script.write_text(
        f"#!{sys.executable}\n"
        "import json, sys\n"
        "args = sys.argv[1:]\n"
        "rules = json.load(open(args[args.index('--custom-rules') + 1]))\n"
        "deal = json.load(open(args[-1]))\n"
        "assert '--classify' in args and len(deal['tableau piles']) == 7, args\n"
        "assert rules['foundations']['removable'] is True\n"
        f"print(f'{{args[-1]}}, 0, 12, 345, 1, 0, 0, 1, {outcome}')\n"
    )
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return script


def test_the_cross_check_script_finds_agreement_and_contradictions(
    tmp_path, capsys, monkeypatch
) -> None:
    """Seed 2 of draw three is proven unwinnable (no waste card ever fits anywhere): a
    stand-in that calls it unsolvable agrees; one that calls it solved contradicts."""
    path = Path(__file__).resolve().parent.parent / "benchmarks" / "solvitaire_check.py"
    spec = importlib.util.spec_from_file_location("solvitaire_check", path)
    check = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "solvitaire_check", check)  # for its dataclass
    spec.loader.exec_module(check)
    assert check.parse_classify("d.json, 0, 7, 1234, 1, 2, 3, 4, solved\n") == ("solved", 7, 1234)
    assert check.parse_classify("ERROR: bad deal\n")[0] == check.ERROR

    common = ["--variants", "klondike-three-card", "--first", "2", "--deals", "1", "--quiet"]
    agree = fake_solvitaire(tmp_path, "unsolvable")
    saved = tmp_path / "check.json"
    assert check.main(["--solvitaire", str(agree), *common, "--json", str(saved)]) == 0
    out = capsys.readouterr().out
    assert "0 contradiction(s)" in out and "(unwinnable, unsolvable) 1" in out
    assert "decided: ours 1, Solvitaire 1 of 1; ratio ours / Solvitaire 1.000" in out
    record = json.loads(saved.read_text())["records"][0]
    assert (record["ours"], record["theirs"], record["contradiction"]) == (
        "unwinnable",
        "unsolvable",
        False,
    )

    disagree = fake_solvitaire(tmp_path, "solved")
    assert check.main(["--solvitaire", str(disagree), *common]) == 1
    assert "1 contradiction(s)" in capsys.readouterr().out


def test_helpers_refuse_what_is_not_a_card_or_a_game() -> None:
    for value in (52, -1, True, "AS"):
        with pytest.raises(ValueError, match="card value"):
            solvitaire.card_text(value)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="Game"):
        solvitaire.to_solvitaire("klondike")  # type: ignore[arg-type]


def test_a_round_trip_keeps_every_foundation_but_may_renumber_them() -> None:
    game = Game.from_piles("klondike", {"f2": ["AH", "2H"], "f4": ["AC"], "t1": ["KS"]})
    back = solvitaire.from_solvitaire(solvitaire.to_solvitaire(game))
    assert back.piles["f1"] == ["AH", "2H"] and back.piles["f2"] == ["AC"]
    piles = dict(game.piles)
    again = dict(back.piles)
    ours = sorted(tuple(piles.pop(f"f{i}")) for i in range(1, 5))
    theirs = sorted(tuple(again.pop(f"f{i}")) for i in range(1, 5))
    assert ours == theirs and any(ours) and piles == again


# The layout of Solvitaire's CMakeLists.txt (last commit, 2020-10-26), cut down: the blocks
# the build must drop and the ones it must keep.
SOLVITAIRE_CMAKE = """cmake_minimum_required(VERSION 3.5)
project(solvitaire)
###############################################################################
## GTest setup ################################################################
###############################################################################

# Download and unpack googletest at configure time
configure_file(CMakeLists.txt.in googletest-download/CMakeLists.txt)
execute_process(COMMAND ${CMAKE_COMMAND} -G "${CMAKE_GENERATOR}" .)
add_subdirectory(${CMAKE_BINARY_DIR}/googletest-src ${CMAKE_BINARY_DIR}/googletest-build)

###############################################################################
## compile options ############################################################
###############################################################################

set(CMAKE_CXX_FLAGS "${CMAKE_CXX_FLAGS} -std=c++14")
add_executable(solvitaire ${main} ${sources})

###############################################################################
## testing ####################################################################
###############################################################################

add_executable(unit_tests ${sources_test} ${sources})
target_link_libraries(unit_tests gtest_main ${Boost_LIBRARIES})
ADD_TEST(NAME unit_tests COMMAND unit_tests)
"""


def test_the_solvitaire_build_drops_only_the_unit_tests(monkeypatch) -> None:
    """The offline build removes the googletest download and the unit tests, keeps the
    solver's own target, and refuses a CMake file it does not recognise."""
    path = Path(__file__).resolve().parent.parent / "benchmarks" / "solvitaire_check.py"
    spec = importlib.util.spec_from_file_location("solvitaire_check", path)
    check = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "solvitaire_check", check)
    spec.loader.exec_module(check)
    kept = check.without_unit_tests(SOLVITAIRE_CMAKE)
    for gone in ("googletest", "configure_file", "unit_tests", "ADD_TEST", "GTest"):
        assert gone not in kept
    for still in ("project(solvitaire)", "-std=c++14", "add_executable(solvitaire"):
        assert still in kept
    with pytest.raises(SystemExit, match="has changed"):
        check.without_unit_tests("project(solvitaire)\nadd_executable(solvitaire main.cpp)\n")

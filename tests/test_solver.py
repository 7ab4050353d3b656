"""The solver against a plain exhaustive search, on many small random positions.

Small positions have most cards already on the foundations, so the plain search (every
legal move of the engine, a set of visited ``Table.key()`` positions, no pruning, no
automatic moves) finishes at once. The solver must agree with it on every verdict, every
``won`` line must replay to a win with ``Game.play``, and every safe automatic move the
solver would make must keep a winnable position winnable.
"""

from __future__ import annotations

import random

import pytest

from terrace_widget import DEAL, VARIANTS, Game, IllegalMoveError
from terrace_widget.rules.cards import code, is_red
from terrace_widget.search.solver import RESTARTS, Restarts, Solution, _Search, solve

TERRACE_GAMES = [v for v, r in VARIANTS.items() if r.family == "terrace"]
KLONDIKE_GAMES = [v for v, r in VARIANTS.items() if r.family == "klondike"]


# ---------------------------------------------------------------- the reference search
def exhaustive(game: Game, limit: int = 400_000) -> bool:
    """Whether some sequence of legal moves wins (plain DFS over ``Table.legal_moves``)."""
    table = game.to_table()
    if table.is_won():
        return True
    index = {name: i for i, name in enumerate(table.names)}
    seen = {table.key()}
    stack = [table.legal_moves()]
    records = []
    while stack:
        moves = stack[-1]
        if not moves:
            stack.pop()
            if records:
                table.unmake(records.pop())
            continue
        move = moves.pop()
        records.append(table.make(index[move.source], index[move.target], move.size))
        if table.is_won():
            return True
        key = table.key()
        if key in seen:
            table.unmake(records.pop())
            continue
        seen.add(key)
        assert len(seen) < limit, "position too large for the reference search"
        stack.append(table.legal_moves())
    return False


def replays_to_win(game: Game, solution: Solution) -> bool:
    return solution.replay(game).status == "won"


# ---------------------------------------------------------------- small positions
def terrace_position(variant: str, rng: random.Random, loose: int) -> Game:
    """A random position of ``variant`` with about ``loose`` cards off the foundations."""
    rules = VARIANTS[variant]
    base = rng.randint(1, 13)
    founds: list[list[int]] = []
    if rules.foundation_build == "same-suit":
        for suit in (0, 0, 1, 1, 2, 2, 3, 3):
            founds.append([suit * 13 + (base - 1 + j) % 13 for j in range(13)])
    else:
        colours = [True] * 4 + [False] * 4  # the base card's colour
        rng.shuffle(colours)
        founds = [[] for _ in range(8)]
        for j in range(13):
            rank0 = (base - 1 + j) % 13
            reds = [1, 1, 2, 2]
            blacks = [0, 0, 3, 3]
            rng.shuffle(reds)
            rng.shuffle(blacks)
            for k in range(8):
                red = colours[k] != bool(j & 1)
                suit = (reds if red else blacks).pop()
                founds[k].append(suit * 13 + rank0)
    cut = [13] * 8
    for _ in range(loose):
        k = rng.randrange(8)
        if cut[k] > 1:
            cut[k] -= 1
    off = [v for k in range(8) for v in founds[k][cut[k] :]]
    rng.shuffle(off)
    piles: dict[str, list[str]] = {
        f"f{k + 1}": [code(v) for v in founds[k][: cut[k]]] for k in range(8)
    }
    names = ["stock", "waste", "reserve"] + [f"t{i + 1}" for i in range(rules.tableau)]
    for name in names:
        piles.setdefault(name, [])
    width = rng.randint(1, rules.tableau)
    for v in off:
        where = rng.random()
        if where < 0.35:
            name = "reserve"
        elif where < 0.55:
            name = "stock"
        elif where < 0.65:
            name = "waste"
        else:
            name = names[3 + rng.randrange(width)]
        piles[name].append(code(v))
    if piles["stock"] and not piles["waste"] and rng.random() < 0.8:
        piles["waste"].append(piles["stock"].pop())
    redeals = rng.randint(0, rules.redeals or 0)
    return Game.from_piles(variant, piles, base_rank=base, redeals_used=redeals, rest_to=None)


def klondike_loose(rng: random.Random, loose: int) -> tuple[dict[str, list[str]], list[int]]:
    """Foundations with about ``loose`` cards taken off (the piles), and those cards shuffled."""
    heights = [13] * 4
    for _ in range(loose):
        s = rng.randrange(4)
        if heights[s] > 0:
            heights[s] -= 1
    off = [s * 13 + r for s in range(4) for r in range(heights[s], 13)]
    rng.shuffle(off)
    return {f"f{s + 1}": [code(s * 13 + r) for r in range(heights[s])] for s in range(4)}, off


def klondike_position(variant: str, rng: random.Random, loose: int) -> Game:
    rules = VARIANTS[variant]
    piles, off = klondike_loose(rng, loose)
    tableau: list[list[int]] = [[] for _ in range(7)]
    stock: list[int] = []
    waste: list[int] = []
    width = rng.randint(1, 3)
    for v in off:
        where = rng.random()
        if where < 0.3:
            stock.append(v)
        elif where < 0.4:
            waste.append(v)
        else:
            tableau[rng.randrange(width)].append(v)
    piles["stock"] = [code(v) for v in stock]
    piles["waste"] = [code(v) for v in waste]
    for i, pile in enumerate(tableau):
        # All but the top card face down, except a valid run on top sometimes.
        piles[f"t{i + 1}"] = ["#" + code(v) for v in pile[:-1]] + [code(v) for v in pile[-1:]]
    redeals = rng.randint(0, rules.redeals if rules.redeals is not None else 3)
    return Game.from_piles(variant, piles, redeals_used=redeals, rest_to=None)


def positions(variant: str, count: int, loose: int, seed: int = 0) -> list[Game]:
    rng = random.Random(f"{variant}/{seed}/{loose}")
    make = terrace_position if VARIANTS[variant].family == "terrace" else klondike_position
    return [make(variant, rng, loose) for _ in range(count)]


# ---------------------------------------------------------------- tests
SMALL = {"terrace": (30, 10), "klondike": (4, 5)}  # positions, cards off the foundations
SAFE_SMALL = {"terrace": (40, 8), "klondike": (6, 4)}
VERDICTS: dict[bool, int] = {}


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_verdicts_match_exhaustive_search(variant: str) -> None:
    count, loose = SMALL[VARIANTS[variant].family]
    for game in positions(variant, count, loose):
        truth = exhaustive(game)
        VERDICTS[truth] = VERDICTS.get(truth, 0) + 1
        for safe in (True, False):
            solution = solve(game, budget=None, safe_moves=safe)
            assert solution.verdict == ("won" if truth else "unwinnable"), (safe, game.piles)
            if truth:
                assert replays_to_win(game, solution)


@pytest.mark.parametrize("variant", ["terrace", "signora", "generals-patience", "klondike"])
def test_restarts_share_proven_losses_soundly(variant: str, monkeypatch) -> None:
    """Tiny attempts end mid-search again and again; the components they prove lost are
    shared with the next attempts. The verdicts must still be the exhaustive ones."""
    monkeypatch.setitem(RESTARTS, VARIANTS[variant].family, Restarts(7, 5))
    count, loose = SMALL[VARIANTS[variant].family]
    for game in positions(variant, min(count, 12), loose, seed=3):
        truth = exhaustive(game)
        solution = solve(game, budget=None)
        assert solution.verdict == ("won" if truth else "unwinnable"), game.piles
        if truth:
            assert replays_to_win(game, solution)


def test_a_dead_reserve_is_really_lost() -> None:
    """Whenever the reserve deadlock test fires, the exhaustive search finds no win."""
    dead = 0
    for variant in TERRACE_GAMES:
        if variant == "redheads":  # its reserve also fills spaces: no test there
            continue
        for seed in (4, 5):
            for game in positions(variant, 40, 8, seed=seed):
                if _Search(game.to_table(), None, None, True).reserve_dead():
                    assert exhaustive(game) is False, game.piles
                    dead += 1
    assert dead >= 6


def test_reserve_deadlock_examples() -> None:
    """General's Patience, base 2: both 5♣ under a 9♣ in the reserve can never come out
    (each clubs foundation needs a 5♣ before the 9♣); with one 5♣ elsewhere they can."""

    def position(reserve: list[str]) -> _Search:
        piles = {"reserve": reserve, "waste": ["KD"]}  # the reserve's top card is last
        piles.update({f"f{k + 1}": [f"2{s}"] for k, s in enumerate("CCDDHHSS")})
        game = Game.from_piles("generals-patience", piles, base_rank=2, rest_to="stock")
        return _Search(game.to_table(), None, None, True)

    assert position(["5C", "5C", "9C"]).reserve_dead()
    assert not position(["5C", "9C"]).reserve_dead()
    assert not position(["9C", "5C", "5C"]).reserve_dead()


def buried_klondike_position(rng: random.Random, loose: int) -> Game:
    """A Klondike position whose loose cards lie face down in one or two piles."""
    piles, off = klondike_loose(rng, loose)
    stock = off[: rng.randint(0, 1)]
    rest = off[len(stock) :]
    cut = len(rest) if rng.random() < 0.5 else rng.randint(1, len(rest))
    piles["stock"] = [code(v) for v in stock]
    for name, pile in (("t1", rest[:cut]), ("t2", rest[cut:])):
        piles[name] = ["#" + code(v) for v in pile[:-1]] + [code(v) for v in pile[-1:]]
    return Game.from_piles("klondike", piles, rest_to=None)


def test_blocked_klondike_cards_are_really_lost() -> None:
    """Whenever the blocked-card test fires, the exhaustive search finds no win."""
    rng = random.Random(1)
    fired = 0
    for _ in range(600):
        game = buried_klondike_position(rng, rng.randint(5, 7))
        if _Search(game.to_table(), 0, None, True).klondike_blocked():
            assert exhaustive(game) is False, game.piles
            fired += 1
    assert fired >= 10


def test_blocked_klondike_example() -> None:
    """5♥ lies face down above 4♥ (so it cannot go up first) and above both black
    sixes (so it has nowhere to go): lost, whatever the stock holds."""

    def position(pile: list[str]) -> Game:
        piles = {
            "f1": [f"{r}C" for r in "A2345"],
            "f2": [f"{r}D" for r in "A23456789TJQK"],
            "f3": [f"{r}H" for r in "A23"],
            "f4": [f"{r}S" for r in "A2345"],
            "t1": pile,
        }
        return Game.from_piles("klondike", piles, rest_to="stock")

    blocked = position(["#6S", "#6C", "#4H", "#5H", "KH"])
    assert solve(blocked, budget=None).verdict == "unwinnable"
    assert solve(blocked, budget=None).nodes == 0  # the test, not the search, proved it
    free = position(["#6S", "#4H", "#5H", "#6C", "KH"])  # 6♣ comes out first
    assert not _Search(free.to_table(), 0, None, True).klondike_blocked()


def test_restarts_also_shuffle_the_moves_tried_first() -> None:
    """Klondike (unlimited) #41: Solvitaire wins it in about 2,000 states. Version 5,
    whose restarts kept the first-tried class (foundation moves and runs that uncover a
    face-down card) in a fixed order, went down the same hopeless move in every restart
    and had not won it after 3,000,000 nodes."""
    game = Game("klondike-unlimited", seed=41)
    solution = solve(game, budget=20_000)
    assert solution.verdict == "won"
    assert replays_to_win(game, solution)


def test_limited_redeals_try_the_stock_last() -> None:
    """Version 8: with two redeals or none, a stock move that clicks past cards (they are
    buried in the waste for good, or for one of the few redeals) is tried after every
    tableau move, fewest clicks first. Klondike (no redeal) #146, which Solvitaire wins in
    456 states and version 7 needed 1,876,149 nodes for, is won within 30,000; with
    unlimited redeals the order is version 7's."""
    game = Game("klondike-no-redeal", seed=146)
    solution = solve(game, budget=30_000)
    assert solution.verdict == "won"
    assert replays_to_win(game, solution)
    for variant in ("klondike-no-redeal", "klondike"):
        search = _Search(Game(variant, seed=146).to_table(), None, None, True)
        moves = search.moves()
        founds = set(search.founds)
        clicks = [i for i, m in enumerate(moves) if m[3] > 0]
        downs = [i for i, m in enumerate(moves) if m[3] == 0 and m[0] in founds]
        others = [i for i, m in enumerate(moves) if m[3] == 0 and m[0] not in founds]
        assert clicks and others
        # Popped from the end: every other move first, then the clicks, fewest first, then
        # cards brought down from the foundations.
        assert max(downs, default=-1) < min(clicks) and max(clicks) < min(others)
        assert [moves[i][3] for i in clicks] == sorted((moves[i][3] for i in clicks), reverse=True)
    unlimited = _Search(Game("klondike-unlimited", seed=146).to_table(), None, None, True)
    kinds = [m[3] > 0 for m in unlimited.moves()]
    assert kinds[-1]  # version 7's order: a K+ foundation move is tried first here


def test_terrace_restarts_are_many_short_dives(monkeypatch) -> None:
    """Falling Stars #93, undecided by version 6 in 10 s: one of many 700-node dives
    with every non-foundation move shuffled wins it (version 7). Klondike's schedule,
    whose attempts start growing after 150, tries too few dives within the budget."""
    game = Game("falling-stars", seed=93)
    solution = solve(game, budget=30_000)
    assert solution.verdict == "won"
    assert replays_to_win(game, solution)
    monkeypatch.setitem(RESTARTS, "terrace", RESTARTS["klondike"])
    assert solve(game, budget=30_000).verdict == "unknown"


def test_replay_plays_the_line_on_a_copy() -> None:
    game = Game("klondike", seed=2)
    game.play(DEAL)
    before = game.to_dict()
    solution = solve(game, budget=50_000)
    assert solution.verdict == "won"
    after = solution.replay(game)
    assert after.status == "won" and after.history == game.history + solution.moves
    assert game.to_dict() == before  # the game itself is not played
    assert Solution("unknown").replay(game).to_dict() == before
    # A line that is not legal in the position (another deal's) raises, changing nothing.
    other = Game("klondike", seed=3)
    other_before = other.to_dict()
    with pytest.raises(IllegalMoveError):
        solution.replay(other)
    assert other.to_dict() == other_before


def test_the_sample_has_both_verdicts() -> None:
    for variant in ("terrace", "blondes-and-brunettes"):
        for game in positions(variant, 30, 10):
            truth = exhaustive(game)
            VERDICTS[truth] = VERDICTS.get(truth, 0) + 1
    assert VERDICTS.get(True) and VERDICTS.get(False)


def test_a_dead_klondike_deal_is_unwinnable() -> None:
    game = Game("klondike-three-card", seed=2)  # no waste card ever fits anywhere
    assert solve(game, budget=None).verdict == "unwinnable"
    assert exhaustive(game) is False


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_safe_moves_keep_wins(variant: str) -> None:
    """Whenever the solver would make a safe move, the position after it is as winnable."""
    checked = 0
    count, loose = SAFE_SMALL[VARIANTS[variant].family]
    for game in positions(variant, count, loose, seed=1):
        search = _Search(game.to_table(), None, None, True)
        move = search.safe_move(search.ftargets(), search.tops)
        if move is None:
            continue
        names = game.pile_names
        after = game.copy()
        after.play(f"{names[move[0]]}-{names[move[1]]}")
        assert exhaustive(after) == exhaustive(game), game.piles
        checked += 1
    assert checked >= 3


def test_unwinnable_is_never_claimed_for_a_winnable_line() -> None:
    # Random playouts from small positions: whenever a random line wins, the solver
    # (with any budget) must not have said "unwinnable".
    rng = random.Random(7)
    for variant in VARIANTS:
        for game in positions(variant, 10, 8, seed=2):
            verdict = solve(game, budget=50).verdict
            for _ in range(20):
                g = game.copy()
                for _ in range(60):
                    moves = g.legal_moves()
                    if not moves or g.score == g.rules.cards:
                        break
                    g.play(rng.choice(moves))
                if g.score == g.rules.cards:
                    assert verdict != "unwinnable"


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_real_deals_small_budget(variant: str) -> None:
    for seed in (1, 2, 3):
        game = Game(variant, seed=seed)
        solution = solve(game, budget=3000)
        assert solution.verdict in ("won", "unwinnable", "unknown")
        assert solution.nodes <= 3000
        if solution.verdict == "won":
            assert replays_to_win(game, solution)
        # The same budget gives the same answer (the search is deterministic).
        again = solve(game, budget=3000)
        assert (again.verdict, again.nodes, again.moves) == (
            solution.verdict,
            solution.nodes,
            solution.moves,
        )
        # A verdict that is reached is never contradicted by a larger budget.
        if solution.decided:
            assert solve(game, budget=6000).verdict == solution.verdict


@pytest.mark.parametrize(
    "deal", ["terrace#3", "falling-stars#2", "signora#1", "redheads#1", "wood#2", "klondike#5"]
)
def test_real_deals_are_won_with_lines_that_replay(deal: str) -> None:
    """Deals that the solver wins within a small budget (the benchmark found them)."""
    game = Game.from_deal_id(deal)
    solution = solve(game, budget=20_000)
    assert solution.verdict == "won"
    assert replays_to_win(game, solution)
    if game.status == "choosing-base":
        first = solution.moves[0]
        assert first.source.startswith("t") and first.target.startswith("f")


def test_solve_leaves_the_game_alone() -> None:
    game = Game("klondike", seed=3)
    before = game.to_dict()
    solve(game, budget=500)
    assert game.to_dict() == before


def test_colour_classes_only_where_suits_do_not_matter() -> None:
    from terrace_widget.search.solver import _COLOUR_CLASS

    assert _COLOUR_CLASS[1] == _COLOUR_CLASS[40] != _COLOUR_CLASS[14]  # 2C ~ 2S, not 2D
    assert is_red(14) and not is_red(1)


def _full_hashes(search: _Search) -> list[int]:
    fresh = _Search(search.t.copy(), None, None, True)
    return fresh.c


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_incremental_hashes_match_the_exact_key(variant: str) -> None:
    """Along random lines (with unmakes), the incrementally kept pile hashes equal a fresh
    computation, and hashed keys and exact keys identify the same positions."""
    rng = random.Random(variant)
    exact_of: dict[object, bytes] = {}
    hashed_of: dict[bytes, object] = {}
    for seed in (1, 2):
        search = _Search(Game(variant, seed=seed).to_table(), None, None, True)
        stack: list[tuple[list, list[int]]] = []
        for step in range(150):
            moves = search.moves()
            if not moves or (stack and rng.random() < 0.25):
                if not stack:
                    break
                records, old = stack.pop()
                search.unmake(records)
                search.c = old
            else:
                records: list = []
                search.make(rng.choice(moves), records)
                search.play_safe(records, [])
                old = search.c
                changed = set()
                for r in records:
                    changed.update(r[0] if len(r) == 4 else (0, 1))
                search.rehash(changed)
                stack.append((records, old))
            assert search.c == _full_hashes(search), step
            exact, hashed = search.key(), search.hkey()
            assert exact_of.setdefault(hashed, exact) == exact
            assert hashed_of.setdefault(exact, hashed) == hashed
        # The tableau order does not matter (once the base is set).
        t = search.t
        tab = list(search.tableau)
        if t.base and t.piles[search.first_tab :].count([]) < 2:
            before = search.hkey()
            t.piles[tab[0]], t.piles[tab[-1]] = t.piles[tab[-1]], t.piles[tab[0]]
            t.down[tab[0]], t.down[tab[-1]] = t.down[tab[-1]], t.down[tab[0]]
            search.rehash(range(len(t.piles)))
            assert search.hkey() == before
    assert len(exact_of) > 20
    assert any(isinstance(h, int) for h in exact_of)


def test_final_foundations_forbid_bringing_cards_down_in_the_search() -> None:
    import dataclasses

    from terrace_widget.rules.variants import get_rules

    rules = dataclasses.replace(get_rules("klondike-unlimited"), foundations_final=True)
    usual = solve(Game("klondike-unlimited", seed=3), budget=100_000)
    assert any(m.source.startswith("f") for m in usual.moves)  # this deal's line brings down
    game = Game(rules, seed=3)
    result = solve(game, budget=100_000)
    assert result.verdict == "won"
    assert not any(m.source.startswith("f") for m in result.moves)
    for move in result.moves:
        game.play(move)  # the engine refuses a bring-down under these rules
    assert game.status == "won"


def test_searches_sharing_their_proven_losses_give_the_same_verdicts() -> None:
    """share_losses: the positions one search proves lost are skipped by the next ones of
    the same game, with the same verdicts as searches on their own, and fewer nodes."""
    from terrace_widget.search.solver import LostTable, share_losses

    rng = random.Random(30)
    positions = []
    for variant, seed in (("klondike", 3), ("terrace", 2), ("redheads", 4)):
        game = Game(variant, seed=seed)
        for _ in range(12):
            moves = game.legal_moves()
            if not moves:
                break
            game.play(rng.choice(moves))
            positions.append(game.copy())
    alone = [solve(p, budget=3_000) for p in positions]
    shared: dict[str, LostTable] = {}
    together = []
    for p in positions:
        with share_losses(shared.setdefault(p.variant, LostTable())):
            together.append(solve(p, budget=3_000))
    decided = [(a.verdict, t.verdict) for a, t in zip(alone, together, strict=True) if t.decided]
    assert decided and all(a in (t, "unknown") for a, t in decided)
    assert {a.verdict for a in alone if a.decided} <= {t.verdict for t in together}
    assert sum(map(len, shared.values())) > 0
    again = Game("klondike", seed=3)
    with share_losses(shared["klondike"]):
        first = solve(again, budget=3_000)
        second = solve(again, budget=3_000)
    assert first.verdict == second.verdict
    assert second.nodes <= first.nodes

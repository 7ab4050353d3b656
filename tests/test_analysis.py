"""Winnability studies (terrace_widget.studies.analysis): records, executors, cache, statistics."""

from __future__ import annotations

import doctest
import json
import sys
import warnings
from concurrent.futures import ThreadPoolExecutor

import pytest

from terrace_widget import VARIANTS, Game, UnknownVariantError
from terrace_widget.search.solver import solve
from terrace_widget.studies import analysis
from terrace_widget.studies.analysis import (
    FIELDS,
    analyze,
    greedy_play,
    load_results,
    markdown_table,
    solve_deal,
    summarize,
    wilson_interval,
)

GAMES = ["klondike-three-card", "terrace"]
SEEDS = [1, 2, 3, 4]
BUDGET = 3000
QUIET = {"progress": False, "as_frame": False}


def timeless(records: list[dict]) -> list[dict]:
    """Records without their wall time (the only field that varies between runs)."""
    return [{k: v for k, v in r.items() if k != "seconds"} for r in records]


@pytest.fixture(scope="module")
def serial() -> list[dict]:
    return analyze(GAMES, SEEDS, BUDGET, executor="serial", **QUIET)


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[tuple]:
    """Record the arguments of every in-process call of the worker."""
    calls: list[tuple] = []
    real = analysis.solve_deal

    def spy(*args):
        calls.append(args)
        return real(*args)

    monkeypatch.setattr(analysis, "solve_deal", spy)
    return calls


# ---------------------------------------------------------------- records
def test_records_are_deterministic_and_ordered(serial: list[dict]) -> None:
    assert [(r["variant"], r["seed"]) for r in serial] == [(v, s) for v in GAMES for s in SEEDS]
    assert all(list(r) == list(FIELDS) for r in serial)
    verdicts = {(r["variant"], r["seed"]): r["verdict"] for r in serial}
    # Draw-three Klondike #2 is proven lost at once, #3 is won in under 100 nodes.
    assert verdicts["klondike-three-card", 2] == "unwinnable"
    assert verdicts["klondike-three-card", 3] == "won"
    for r in serial:
        assert r["budget"] == BUDGET and r["time_limit"] is None and r["player"] == "solver"
        assert r["solver_version"] == analysis.SOLVER_VERSION
        if r["verdict"] == "won":
            cards = VARIANTS[r["variant"]].cards
            assert r["length"] > 0 and r["score"] == cards and r["nodes"] <= BUDGET
        else:
            assert r["length"] is None and r["score"] is None
        if r["verdict"] == "unknown":
            assert r["nodes"] == BUDGET
        if r["variant"] == "terrace":
            # The base is the card the winning line chooses, none without a win.
            assert r["base_mode"] == "best"
            assert (r["base"] is not None) == (r["verdict"] == "won")
        else:
            assert r["base_mode"] is None and r["base"] is None
    assert timeless(analyze(GAMES, SEEDS, BUDGET, executor=1, **QUIET)) == timeless(serial)


def test_process_pool_gives_the_serial_records(serial: list[dict]) -> None:
    assert timeless(analyze(GAMES, SEEDS, BUDGET, executor=2, **QUIET)) == timeless(serial)


def test_an_executor_is_used_as_is_and_left_open(serial: list[dict]) -> None:
    with ThreadPoolExecutor(max_workers=2) as pool:
        records = analyze(GAMES, SEEDS, BUDGET, executor=pool, **QUIET)
        assert pool.submit(sum, [1, 2]).result() == 3  # not shut down
    assert timeless(records) == timeless(serial)


def test_a_local_dask_cluster_gives_the_serial_records(serial: list[dict]) -> None:
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    try:
        with distributed.Client(cluster) as client:
            records = analyze(GAMES, SEEDS, BUDGET, executor=client.get_executor(), **QUIET)
            assert len(client.scheduler_info()["workers"]) == 2
    finally:
        cluster.close()
    assert timeless(records) == timeless(serial)


def test_each_base_gives_one_record_per_candidate_card() -> None:
    records = analyze("terrace", [1], BUDGET, bases="each", executor="serial", **QUIET)
    game = Game("terrace", seed=1)
    cards = [game.piles[f"t{i}"][-1] for i in range(1, 5)]
    assert len(set(cards)) == 4
    assert [r["base"] for r in records] == cards
    reserve = game.piles["reserve"]
    for r in records:
        assert r["base_mode"] == "each" and r["seed"] == 1
        rank = "A23456789TJQK".index(r["base"][0]) + 1
        assert r["base_rank"] == rank
        same = [i for i, c in enumerate(reserve) if c[0] == r["base"][0]]
        assert r["base_rank_in_reserve"] == len(same)
        assert r["base_rank_depths"] == sorted(len(reserve) - 1 - i for i in same)
    # King of diamonds: one king (KS) in the reserve, six cards above it.
    assert records[cards.index("KD")]["base_rank_depths"] == [6]
    # Games without a base choice keep one record per deal.
    assert len(analyze("wood", [1], 100, bases="each", executor="serial", **QUIET)) == 1


def test_each_base_line_starts_with_that_base() -> None:
    (record,) = solve_deal("klondike-three-card", 3, BUDGET, None, "each")
    assert record["base"] is None  # not a base-choice game: "each" means nothing there
    records = solve_deal("terrace", 1, 200, None, "each")
    assert [r["base"] for r in records] == ["TH", "KD", "JH", "AH"]
    (one,) = solve_deal("terrace", 1, 200, None, "jh")
    assert timeless([one]) == timeless([records[2]])
    with pytest.raises(ValueError, match="not a base card"):
        solve_deal("terrace", 1, 200, None, "QS")


def test_won_lines_replay(serial: list[dict]) -> None:
    won = [r for r in serial if r["verdict"] == "won"]
    assert won
    for r in won:
        game = Game(r["variant"], seed=r["seed"])
        solution = solve(game, budget=r["budget"])
        assert len(solution.moves) == r["length"]
        assert solution.replay(game).status == "won"


def test_a_won_base_choice_game_records_the_chosen_base() -> None:
    # Terrace #4 is won in about 45,000 nodes (a later seed if a new solver misses it).
    for seed in (4, 5, 6):
        (r,) = analyze("terrace", [seed], 200_000, executor="serial", **QUIET)
        if r["verdict"] == "won":
            break
    assert r["verdict"] == "won" and r["base_mode"] == "best"
    game = Game("terrace", seed=r["seed"])
    solution = solve(game, budget=200_000)
    first = solution.moves[0]
    assert r["base"] == game.piles[first.source][-1]
    assert r["length"] == len(solution.moves) and r["score"] == 104
    assert solution.replay(game).status == "won"


# ---------------------------------------------------------------- arguments
def test_bad_arguments_fail_before_any_work(tmp_path, counted: list[tuple]) -> None:
    cache = tmp_path / "never.jsonl"
    with pytest.raises(UnknownVariantError, match="nope"):
        analyze(["klondike", "nope"], 3, executor="serial", cache=cache, **QUIET)
    with pytest.raises(ValueError, match="seed"):
        analyze("klondike", [1, "2"], executor="serial", **QUIET)
    with pytest.raises(ValueError, match="bases"):
        analyze("klondike", 1, bases="all", executor="serial", **QUIET)
    with pytest.raises(ValueError, match="budget"):
        analyze("klondike", 1, 0, executor="serial", **QUIET)
    with pytest.raises(ValueError, match="player"):
        analyze("klondike", 1, player="human", executor="serial", **QUIET)
    assert not counted and not cache.exists()


def test_frames(monkeypatch: pytest.MonkeyPatch) -> None:
    pd = pytest.importorskip("pandas")
    frame = analyze("klondike-three-card", 3, BUDGET, executor="serial", progress=False)
    assert isinstance(frame, pd.DataFrame) and list(frame.columns) == list(FIELDS)
    assert frame["verdict"].tolist() == ["unknown", "unwinnable", "won"]
    assert frame["length"].isna().tolist() == [True, True, False]
    assert summarize(frame, as_frame=False) == summarize(frame.to_dict("records"), as_frame=False)
    monkeypatch.setitem(sys.modules, "pandas", None)
    assert isinstance(analyze("klondike", [2], 10, executor="serial", progress=False), list)
    with pytest.raises(ImportError, match="pandas"):
        analyze("klondike", [2], 10, executor="serial", progress=False, as_frame=True)


def test_progress_bar_runs(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("tqdm")
    analyze("klondike-three-card", 2, 100, executor="serial", as_frame=False)
    assert "2/2" in capsys.readouterr().err


# ---------------------------------------------------------------- the cache
def test_cache_hits_return_the_same_records(tmp_path, counted: list[tuple]) -> None:
    cache = tmp_path / "sub" / "results.jsonl"
    first = analyze(GAMES, SEEDS, BUDGET, executor="serial", cache=cache, **QUIET)
    assert len(counted) == len(first) == 8
    lines = cache.read_text().splitlines()
    assert [json.loads(line) for line in lines] == first
    counted.clear()
    again = analyze(GAMES, SEEDS, BUDGET, executor="serial", cache=cache, **QUIET)
    assert again == first and not counted  # seconds included: read, not recomputed
    assert cache.read_text().splitlines() == lines  # nothing appended
    # A superset of seeds computes only the new deals, a new budget or version everything.
    analyze(GAMES, [*SEEDS, 5], BUDGET, executor="serial", cache=cache, **QUIET)
    assert [(c[0], c[1]) for c in counted] == [("klondike-three-card", 5), ("terrace", 5)]
    counted.clear()
    analyze("terrace", [1], BUDGET + 1, executor="serial", cache=cache, **QUIET)
    analyze("terrace", [1], BUDGET, bases="each", executor="serial", cache=cache, **QUIET)
    assert len(counted) == 1 + 4
    assert load_results(cache, as_frame=False)[: len(first)] == first


def test_the_cache_works_without_flock(
    tmp_path, counted: list[tuple], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pyodide's ``fcntl`` module has no ``flock``: the cache is then used unlocked."""
    import types

    monkeypatch.setattr(analysis, "fcntl", types.SimpleNamespace(LOCK_EX=2))
    cache = tmp_path / "results.jsonl"
    first = analyze("klondike", [1, 2], 50, executor="serial", cache=cache, **QUIET)
    counted.clear()
    assert analyze("klondike", [1, 2], 50, executor="serial", cache=cache, **QUIET) == first
    assert not counted and load_results(cache, as_frame=False) == first


def test_cache_key_includes_the_solver_version(
    tmp_path, counted: list[tuple], monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "results.jsonl"
    analyze("klondike", [1], 50, executor="serial", cache=cache, **QUIET)
    monkeypatch.setattr(analysis, "SOLVER_VERSION", "next")
    (record,) = analyze("klondike", [1], 50, executor="serial", cache=cache, **QUIET)
    assert len(counted) == 2 and record["solver_version"] == "next"
    # Never mixed: each deal's newest record, unless every version is asked for.
    assert load_results(cache, as_frame=False) == [record]
    assert len(load_results(cache, as_frame=False, solver_version=None)) == 2


def test_a_corrupt_cache_is_recovered(tmp_path, counted: list[tuple]) -> None:
    cache = tmp_path / "results.jsonl"
    first = analyze("klondike-three-card", 4, BUDGET, executor="serial", cache=cache, **QUIET)
    lines = cache.read_text().splitlines()
    # Line 2 garbled, line 3 not a record, the last one cut off mid-write.
    lines[1] = lines[1][:-7] + "garbage"
    lines[2] = json.dumps({"variant": "klondike"})
    cache.write_text("\n".join(lines)[:-10])
    counted.clear()
    with pytest.warns(RuntimeWarning, match="corrupt cache line") as caught:
        again = analyze("klondike-three-card", 4, BUDGET, executor="serial", cache=cache, **QUIET)
    assert [str(c.message).count("corrupt cache line") for c in caught] == [1, 1, 1, 0]
    assert "3 corrupt line(s) moved to results.jsonl.corrupt" in str(caught[3].message)
    assert [c[1] for c in counted] == [2, 3, 4]
    assert timeless(again) == timeless(first) and again[0] == first[0]
    assert len((tmp_path / "results.jsonl.corrupt").read_text().splitlines()) == 3
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # rewritten: the file reads cleanly from now on
        loaded = load_results(cache, as_frame=False)
    assert sorted(timeless(loaded), key=lambda r: r["seed"]) == timeless(first)
    with pytest.raises(FileNotFoundError):
        load_results(tmp_path / "missing.jsonl")


# ---------------------------------------------------------------- statistics
def test_wilson_interval() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    low, high = wilson_interval(10, 10)
    assert low == pytest.approx(0.7225, abs=1e-4) and high == 1.0
    assert wilson_interval(0, 200)[0] == 0.0
    # A published Solvitaire measurement (Klondike, 200 deals): 169 solved of 200 -> 78.8% to 88.9%.
    low, high = wilson_interval(169, 200)
    assert round(100 * low, 1) == 78.8 and round(100 * high, 1) == 88.9
    with pytest.raises(ValueError):
        wilson_interval(3, 2)


def record(variant: str, seed: int, verdict: str, mode: str | None = None, **extra) -> dict:
    r = dict.fromkeys(FIELDS)
    r.update(variant=variant, seed=seed, verdict=verdict, player="solver", budget=10)
    r.update(base_mode=mode, nodes=100, seconds=0.5, **extra)
    return r


def test_summarize_counts_deals() -> None:
    records = [
        record("klondike", 1, "won"),
        record("klondike", 2, "unwinnable"),
        record("klondike", 3, "unknown"),
        record("klondike", 4, "won"),
        # Terrace, one record per base: won if some base wins, lost only if all are.
        record("terrace", 1, "unknown", "each"),
        record("terrace", 1, "won", "each"),
        record("terrace", 2, "unwinnable", "each"),
        record("terrace", 2, "unwinnable", "each"),
        record("terrace", 3, "unwinnable", "each"),
        record("terrace", 3, "unknown", "each"),
    ]
    klondike, terrace = summarize(records, as_frame=False)
    assert (klondike["deals"], klondike["won"], klondike["unwinnable"], klondike["unknown"]) == (
        4,
        2,
        1,
        1,
    )
    assert klondike["won_share"] == 0.5
    assert (klondike["winnable_low"], klondike["winnable_high"]) == (0.5, 0.75)
    assert (klondike["won_ci_low"], klondike["won_ci_high"]) == wilson_interval(2, 4)
    assert klondike["winnable_ci_high"] == wilson_interval(3, 4)[1]
    assert klondike["median_seconds"] == 0.5 and klondike["nodes_per_second"] == 200
    assert (terrace["deals"], terrace["won"], terrace["unwinnable"], terrace["unknown"]) == (
        3,
        1,
        1,
        1,
    )
    assert terrace["median_seconds"] == 1.0  # two bases of 0.5 s each
    table = markdown_table(summarize(records, as_frame=False))
    assert "| Klondike (Single card deals) | solver | 4 | 2 | 1 | 1 | 50.0% (15.0%–85.0%)" in table
    assert "| 50.0%–75.0% |" in table


# ---------------------------------------------------------------- the greedy player
def test_greedy_play() -> None:
    game = Game("klondike", seed=2)
    result = greedy_play(game)
    assert game.history == [] and game.score == 0  # the game itself is not played
    assert result.status == "won" and result.score == result.max_score == 52
    for move in result.moves:
        game.play(move)
    assert game.status == "won"
    stuck = greedy_play(Game("klondike", seed=4))
    assert stuck.status != "won" and stuck.score < 52
    assert greedy_play(Game("klondike", seed=4)) == stuck  # deterministic
    with pytest.raises(ValueError, match="policy"):
        greedy_play(game, "random")


def test_greedy_records_and_base_choice() -> None:
    each = analyze("terrace", [1, 4], player="greedy", bases="each", executor="serial", **QUIET)
    best = analyze("terrace", [1, 4], player="greedy", executor="serial", **QUIET)
    assert len(each) == 8 and len(best) == 2
    for seed, b in zip([1, 4], best, strict=True):
        mine = [r for r in each if r["seed"] == seed]
        assert b["score"] == max(r["score"] for r in mine)
        top = next(r for r in mine if r["score"] == b["score"])
        assert b["base"] == top["base"] and b["budget"] is None
    assert best[1]["verdict"] == "won" and best[1]["length"] == best[1]["nodes"] > 104
    assert best[0]["verdict"] == "unknown" and best[0]["length"] is None
    game = Game("terrace", seed=4)
    result = greedy_play(game, base=best[1]["base"])
    for move in result.moves:
        game.play(move)
    assert game.status == "won"


def test_module_doctests() -> None:
    assert doctest.testmod(analysis, optionflags=doctest.ELLIPSIS).failed == 0


def test_corrupt_cache_fields_are_recomputed(tmp_path, counted: list[tuple]) -> None:
    cache = tmp_path / "results.jsonl"
    first = analyze("klondike-three-card", 2, BUDGET, executor="serial", cache=cache, **QUIET)
    good = json.loads(cache.read_text().splitlines()[0])
    # Bytes that are not UTF-8, a boolean seed, a count that is not a number.
    cache.write_bytes(
        b"\xff\xfe not text\n"
        + json.dumps({**good, "seed": True}).encode()
        + b"\n"
        + json.dumps({**good, "seed": 2, "nodes": "many"}).encode()
        + b"\n"
    )
    counted.clear()
    with pytest.warns(RuntimeWarning, match="corrupt cache line") as caught:
        again = analyze("klondike-three-card", 2, BUDGET, executor="serial", cache=cache, **QUIET)
    assert len(caught) == 4  # three lines, then where they were moved
    assert [c[1] for c in counted] == [1, 2]  # both deals recomputed
    assert timeless(again) == timeless(first)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"variants": 5}, "variants"),
        ({"seeds": 2.0}, "seeds"),
        ({"seeds": None}, "seeds"),
        ({"seeds": "abc"}, "seeds"),
        ({"seconds": True}, "seconds"),
        ({"executor": "x"}, "executor"),
        ({"executor": 0}, "executor"),
    ],
)
def test_more_bad_arguments_fail_before_any_work(tmp_path, counted, kwargs, message) -> None:  # type: ignore[no-untyped-def]
    cache = tmp_path / "sub" / "never.jsonl"
    arguments = {"variants": "klondike", "seeds": [1], "cache": cache, **kwargs}
    with pytest.raises(ValueError, match=message):
        analyze(**arguments, **QUIET)
    assert not counted and not cache.parent.exists()

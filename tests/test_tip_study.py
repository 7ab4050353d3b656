"""The tip study: paired plays of the same deals, their statistics, the cache, executors."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from terrace_widget.studies.tip_study import (
    base_classes,
    draw_effects,
    mean_difference,
    paired_difference,
    play_deal,
    play_tips,
    rules_of,
    tip_effects,
)


def test_paired_difference_newcombe() -> None:
    # 100 pairs: 30 won by both, 15 only with the tip, 5 only without, 50 by neither.
    pairs = [(True, True)] * 30 + [(True, False)] * 15 + [(False, True)] * 5 + [(False, False)] * 50
    diff, low, high = paired_difference(pairs)
    assert diff == pytest.approx(0.10)
    assert 0.0 < low < 0.10 < high < 0.2
    # Swapping the sides mirrors the interval.
    back = paired_difference([(y, x) for x, y in pairs])
    assert back == pytest.approx((-diff, -high, -low))
    # Pairs that always agree: no difference, a tight interval around 0.
    same = paired_difference([(True, True)] * 40 + [(False, False)] * 60)
    assert same[0] == 0 and same[1] <= 0 <= same[2] and same[2] - same[1] < 0.15
    with pytest.raises(ValueError):
        paired_difference([])


def test_mean_difference() -> None:
    mean, low, high = mean_difference([0.0, 0.5, 1.0, 0.5])
    assert mean == 0.5 and low < 0.5 < high


def test_rules_of_specs() -> None:
    assert rules_of("klondike-three-card@redeals=2").redeals == 2
    assert rules_of("klondike-three-card@redeals=2").deal_count == 3
    assert rules_of("klondike@redeals=unlimited").redeals is None
    with pytest.raises(ValueError):
        rules_of("klondike@draw=3")


def test_play_deal_records_every_configuration() -> None:
    record = play_deal("terrace", 6)
    assert set(record["games"]) == {
        "all",
        "no-base",
        "no-deal-on",
        "no-pile-start",
        "no-reversed",
        "none",
    }
    assert [b[0] for b in record["bases"]] == ["6S", "3S", "JH", "QH"]
    assert sum(b[5] for b in record["bases"]) == 1  # one tip's pick
    assert record["bases"][1][5] == 1  # 3♠, no three in the reserve
    assert set(play_deal("klondike", 2, "full")["games"]) == {"all"}


def test_play_tips_caches_and_runs_on_any_executor(tmp_path) -> None:
    cache = tmp_path / "tips.jsonl"
    first = play_tips("wood", [1, 2], executor="serial", cache=cache)
    assert len(cache.read_text().splitlines()) == 2
    with ThreadPoolExecutor(2) as pool:
        again = play_tips("wood", [1, 2, 3], executor=pool, cache=cache)
    assert again[:2] == first  # read back, not replayed
    assert len(cache.read_text().splitlines()) == 3
    assert json.loads(cache.read_text().splitlines()[2])["seed"] == 3
    pooled = play_tips("wood", [1, 2], executor=2)
    assert [r["games"] for r in pooled] == [r["games"] for r in first]
    with pytest.raises(ValueError):
        play_tips("wood", [1], executor="threads")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        play_tips("wood", -1)


def test_effects_tables() -> None:
    records = play_tips(
        ["terrace", "klondike", "klondike-three-card@redeals=2"], 3, executor="serial"
    )
    rows = tip_effects(records)
    tips = {(r["spec"], r["tip"]) for r in rows}
    assert ("terrace", "reversed") in tips and ("klondike", "bring-down") in tips
    assert ("terrace", "base: the tip's base against a random base") in tips
    for row in rows:
        assert row["low"] <= row["difference"] <= row["high"] and row["deals"] == 3
    (draw,) = draw_effects(records, [("klondike", "klondike-three-card@redeals=2")])
    assert draw["deals"] == 3
    classes = base_classes(records)
    assert sum(c["bases"] for c in classes) == sum(len(r["bases"]) for r in records[:3])


def test_solver_bases_reads_analyze_records() -> None:
    from terrace_widget.studies.analysis import analyze
    from terrace_widget.studies.tip_study import solver_bases

    records = analyze(
        "terrace", [6], 20_000, bases="each", executor="serial", progress=False, as_frame=False
    )
    (row,) = solver_bases(records)
    won = {r["base"]: r["verdict"] == "won" for r in records}
    assert row["deals"] == 1 and row["budget"] == 20_000
    assert row["tip"] == float(won["3S"])  # 3♠: no three in the reserve
    assert row["random"] == sum(won.values()) / len(won)
    assert row["best"] == float(any(won.values()))
    assert sum(c["bases"] for c in row["classes"].values()) == len(won)
    none_there = [r for r in records if r["base_rank_in_reserve"] == 0]
    assert row["classes"]["0"]["bases"] == len({r["base"] for r in none_there})


def test_fair_ceiling_pairs_the_players_on_the_same_deals() -> None:
    from terrace_widget.studies.tip_study import fair_ceiling

    ceiling = [
        {"game": "terrace", "seed": s, "won": int(s <= 3), "player": "p"} for s in (1, 2, 3, 4)
    ]
    rule = [
        {"spec": "terrace", "seed": s, "games": {"all": [int(s == 4), 0, 0]}} for s in (1, 2, 3, 4)
    ]
    solver = [
        {"variant": "terrace", "seed": s, "verdict": v, "budget": 100, "solver_version": "7"}
        for s, v in zip((1, 2, 3, 4), ("won", "won", "unknown", "won"), strict=True)
    ]
    (row,) = fair_ceiling(ceiling, rule, solver)
    assert (row["deals"], row["won"], row["rule"]["won"]) == (4, 0.75, 0.25)
    assert row["rule"]["difference"][0] == 0.5
    assert row["low"] < 0.75 < row["high"]
    assert (row["solver"]["won"], row["solver"]["undecided"]) == (0.75, 1)
    (alone,) = fair_ceiling(ceiling)
    assert "rule" not in alone and "solver" not in alone


def test_load_ceiling_keeps_this_versions_games_and_skips_a_broken_line(tmp_path: Path) -> None:
    from terrace_widget.studies.tip_study import CEILING_VERSION, load_ceiling

    path = tmp_path / "ceiling.jsonl"
    rows = [
        {"version": CEILING_VERSION, "game": "terrace", "seed": 2, "won": 1},
        {"version": "0", "game": "terrace", "seed": 1, "won": 0},
        {"version": CEILING_VERSION, "game": "klondike", "seed": 5, "won": 0},
    ]
    path.write_text("\n".join(json.dumps(r) for r in rows) + '\n{"version": "1", "ga')
    assert [(r["game"], r["seed"]) for r in load_ceiling(path)] == [("klondike", 5), ("terrace", 2)]
    assert load_ceiling(tmp_path / "none.jsonl") == []

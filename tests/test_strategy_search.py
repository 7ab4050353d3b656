"""The strategy-search study: configurations, the cache, paired effects with Holm."""

from __future__ import annotations

from pathlib import Path

import pytest

from terrace_widget.fair.found_rules import FOUND_SET, REVERSED_VARIANTS
from terrace_widget.intervals import holm
from terrace_widget.studies.strategy_search import (
    confirm_configs,
    found_set,
    load_search,
    paired_effects,
    play_search,
    rates_figure,
    rule_effects,
)


def test_confirm_configs_leave_each_found_rule_out() -> None:
    configs = confirm_configs("terrace")
    assert configs["found"] == FOUND_SET
    for rule in FOUND_SET:
        assert rule not in configs[f"found-{rule}"]
        assert len(configs[f"found-{rule}"]) == len(FOUND_SET) - 1
    assert configs["none"] == () and "base" in configs["help"]
    assert all(f"found+{v.name}" in configs for v in REVERSED_VARIANTS)
    # No base to choose in Wood: only the guard applies; Klondike takes no found rule.
    assert found_set("wood") == ("guard-reserve",)
    assert found_set("klondike") == ()
    assert "found+rev-help" not in confirm_configs("wood", reversed_study=False)


def test_play_search_caches_and_adds_missing_configurations(tmp_path: Path) -> None:
    cache = tmp_path / "c.jsonl"
    first = play_search("wood", [3, 4], {"none": ()}, executor="serial", cache=cache)
    assert [r["seed"] for r in first] == [3, 4]
    both = play_search(
        "wood", [3, 4], {"none": (), "guard": ("guard-reserve",)}, executor="serial", cache=cache
    )
    assert [sorted(r["games"]) for r in both] == [["guard", "none"]] * 2
    assert both[0]["games"]["none"] == first[0]["games"]["none"]
    assert len(cache.read_text().splitlines()) == 4  # the second call played only "guard"
    with cache.open("a") as out:
        out.write('{"half a line')
    assert sorted(load_search(cache)) == [("wood", 3), ("wood", 4)]
    with pytest.raises(ValueError, match="unknown tips"):
        play_search("wood", [1], {"x": ("no-such-rule",)}, executor="serial")


def records(helps: int, hurts: int, both: int, neither: int, b: str = "b") -> list[dict]:
    pairs = [(1, 0)] * helps + [(0, 1)] * hurts + [(1, 1)] * both + [(0, 0)] * neither
    return [{"spec": "terrace", "seed": i, "games": {"a": [x, 0, 0], b: [y, 0, 0]}}
            for i, (x, y) in enumerate(pairs)]  # fmt: skip


def test_paired_effects_correct_a_family_by_holm() -> None:
    deals = records(40, 10, 100, 850)
    for i, r in enumerate(deals):  # a second comparison, weaker: 8 against 3
        r["games"]["c"] = [r["games"]["a"][0] if i >= 11 else int(i < 3), 0, 0]
    rows = paired_effects(deals, [("strong", "a", "b"), ("weak", "c", "a")])
    strong, weak = rows
    assert (strong["helps"], strong["hurts"], strong["deals"]) == (40, 10, 1000)
    assert strong["helps_seeds"] == [0, 1, 2, 3, 4] and strong["hurts_seeds"] == [
        40,
        41,
        42,
        43,
        44,
    ]
    assert strong["difference"] == pytest.approx(0.03)
    assert [strong["p_holm"], weak["p_holm"]] == pytest.approx(holm([strong["p"], weak["p"]]))
    assert strong["level"] == pytest.approx(1 - 0.05 / 2) and weak["level"] == pytest.approx(0.95)
    assert strong["clear"] and strong["low"] > 0
    alone = paired_effects(deals, [("strong", "a", "b")])[0]
    assert alone["high"] - alone["low"] < strong["high"] - strong["low"]  # Holm widens it
    with pytest.raises(ValueError, match="no deal has both"):
        paired_effects(deals, [("x", "a", "missing")])


def test_rule_effects_and_the_figure() -> None:
    deals = records(30, 5, 200, 765, b="found-guard-reserve")
    for r in deals:
        r["games"]["found"] = r["games"].pop("a")
        r["games"]["found-reserve-base"] = r["games"]["found"]
        r["games"]["help"] = r["games"]["none"] = [0, 0, 0]
    rows = rule_effects(deals, "terrace")
    assert [r["effect"] for r in rows] == list(FOUND_SET)
    guard = rows[FOUND_SET.index("guard-reserve")]
    assert guard["clear"] and (guard["helps"], guard["hurts"]) == (30, 5)
    base = rows[FOUND_SET.index("reserve-base")]
    assert base["difference"] == 0 and not base["clear"]
    rate = {"rate": 0.2, "low": 0.1, "high": 0.3, "deals": 1000}
    rates = [{"spec": "terrace", "found": rate, "help": rate, "none": rate}]
    summary = {"rates": rates, "records": rows, "ceiling": [], "player_version": "2",
               "study_version": "1"}  # fmt: skip
    fig = rates_figure(summary)
    labels = [t.get_text() for t in fig.axes[0].get_yticklabels()]
    assert labels[-1] == "the found set" and "found set without guard-reserve" in labels

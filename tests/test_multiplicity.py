"""Holm's correction of the tip study's many tests, and rates clustered by deal."""

from __future__ import annotations

import math

import pytest

from terrace_widget.intervals import cluster_interval, wilson_interval
from terrace_widget.studies.multiplicity import holm_effects, mcnemar_p


def records(spec: str, tip: str, only_with: int, only_without: int, both: int = 100) -> list[dict]:
    """Deals of a fake tip study: won only with the tip, only without it, or neither."""
    rows = []
    outcomes = [(1, 0)] * only_with + [(0, 1)] * only_without + [(0, 0)] * both
    for seed, (a, b) in enumerate(outcomes, 1):
        rows.append({"spec": spec, "seed": seed, "games": {"all": [a], f"no-{tip}": [b]}})
    return rows


def test_a_strong_effect_stays_clear_and_a_weak_one_among_many_does_not() -> None:
    strong = records("terrace", "deal-on", 60, 10)
    weak = records("wood", "deal-on", 25, 12)  # p about 0.03 alone
    nulls = [records(f"game{i}", "base", 10, 10) for i in range(8)]
    rows = holm_effects(strong + weak + [r for n in nulls for r in n])
    by = {(r["spec"], r["tip"]): r for r in rows}
    assert len(rows) == 10
    assert by["terrace", "deal-on"]["clear"] and by["terrace", "deal-on"]["low"] > 0
    assert 0.01 < by["wood", "deal-on"]["p"] < 0.05  # clear alone...
    assert by["wood", "deal-on"]["low_95"] > 0
    assert not by["wood", "deal-on"]["clear"]  # ...but not among ten tests
    assert by["wood", "deal-on"]["low"] <= 0  # the Holm interval agrees with the test
    assert all(r["p_holm"] >= r["p"] for r in rows)


def test_mcnemar_counts_only_the_deals_one_side_won() -> None:
    assert mcnemar_p([(True, True), (False, False)]) == 1.0
    z = (30 - 10) / math.sqrt(40)
    p = mcnemar_p([(True, False)] * 30 + [(False, True)] * 10 + [(True, True)] * 500)
    assert p == pytest.approx(math.erfc(z / math.sqrt(2)))


def test_clustered_candidates_give_a_wider_interval_than_independent_ones() -> None:
    # 100 deals of 3 candidates each, where a deal's candidates all win or all lose
    clusters = [(3, 3)] * 60 + [(0, 3)] * 40
    low, high = cluster_interval(clusters)
    w_low, w_high = wilson_interval(180, 300)
    assert low < 0.6 < high
    assert high - low > 1.5 * (w_high - w_low)
    # one candidate per deal: close to the plain interval
    single = cluster_interval([(1, 1)] * 60 + [(0, 1)] * 40)
    assert single[0] == pytest.approx(wilson_interval(60, 100)[0], abs=0.01)
    with pytest.raises(ValueError, match="wins"):
        cluster_interval([(4, 3)])

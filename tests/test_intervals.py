"""The intervals every layer reports with: Wilson, Newcombe's paired difference, McNemar,
Holm's correction."""

from __future__ import annotations

import math
import random

import pytest

from terrace_widget.intervals import (
    holm,
    holm_levels,
    mcnemar_p,
    paired_counts,
    paired_interval,
    z_for,
)
from terrace_widget.studies.tip_study import paired_difference


def test_holm_adjusts_step_down_and_keeps_the_order_given() -> None:
    # Sorted 0.01, 0.03, 0.04 of three: 3 x 0.01, 2 x 0.03, then max(0.06, 1 x 0.04).
    assert holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])
    assert holm([0.5, 0.001]) == pytest.approx([0.5, 0.002])
    assert holm([0.9, 0.8]) == pytest.approx([1.0, 1.0])  # capped at 1, then monotone
    assert holm([0.3, 0.02]) == pytest.approx([0.3, 0.04])
    assert holm([0.6, 0.7, 0.2]) == pytest.approx([1.0, 1.0, 0.6])
    assert holm([]) == []
    with pytest.raises(ValueError):
        holm([1.5])


def test_holm_levels_widen_the_smallest_p_values_intervals_most() -> None:
    levels = holm_levels([0.01, 0.04, 0.03], alpha=0.05)
    assert levels == pytest.approx([1 - 0.05 / 3, 1 - 0.05 / 1, 1 - 0.05 / 2])
    assert holm_levels([0.2]) == pytest.approx([0.95])
    with pytest.raises(ValueError):
        holm_levels([0.1], alpha=0)


def test_z_for_a_level() -> None:
    assert z_for(0.95) == pytest.approx(1.959964, abs=1e-5)
    assert z_for(1 - 0.05 / 3) == pytest.approx(2.393980, abs=1e-5)
    with pytest.raises(ValueError):
        z_for(1.0)


def test_mcnemar_exact() -> None:
    assert mcnemar_p(10, 0) == pytest.approx(2 / 2**10)
    assert mcnemar_p(0, 10) == pytest.approx(2 / 2**10)
    assert mcnemar_p(5, 5) == 1.0
    assert mcnemar_p(0, 0) == 1.0
    # 15 against 5: two-sided exact binomial.
    assert mcnemar_p(15, 5) == pytest.approx(2 * sum(math.comb(20, i) for i in range(6)) / 2**20)
    with pytest.raises(ValueError):
        mcnemar_p(-1, 2)


def test_paired_interval_is_newcombes_and_matches_the_tip_study() -> None:
    rng = random.Random(3)
    for _ in range(20):
        pairs = [(rng.random() < 0.3, rng.random() < 0.25) for _ in range(rng.randint(5, 400))]
        counts = paired_counts(pairs)
        assert sum(counts) == len(pairs)
        assert paired_interval(*counts) == pytest.approx(paired_difference(pairs))
    both, first, second, neither = 30, 15, 5, 50
    d, low, high = paired_interval(both, first, second, neither)
    assert d == pytest.approx(0.10) and 0 < low < d < high
    wider = paired_interval(both, first, second, neither, z=z_for(1 - 0.05 / 4))
    assert wider[1] < low and wider[2] > high  # a Holm step's interval is wider
    with pytest.raises(ValueError):
        paired_interval(0, 0, 0, 0)
    with pytest.raises(ValueError):
        paired_interval(1, -1, 0, 0)

"""Confidence intervals for the figures the package reports (standard library only).

Used by every layer that states a rate: the fair value of a position, the studies and
the environment's tournament summary. It imports nothing of the package.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import NormalDist

__all__ = [
    "cluster_interval",
    "holm",
    "holm_levels",
    "mcnemar_p",
    "paired_counts",
    "paired_interval",
    "wilson_interval",
    "z_for",
]


def wilson_interval(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``k / n`` (95% for ``z = 1.96``)."""
    if n < 0 or not 0 <= k <= n:
        raise ValueError(f"need 0 <= k <= n, got k={k}, n={n}")
    if n == 0:
        return 0.0, 1.0
    p = k / n
    zz = z * z
    denom = 1 + zz / n
    centre = (p + zz / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + zz / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def cluster_interval(clusters: list[tuple[int, int]], z: float = 1.96) -> tuple[float, float]:
    """The 95% interval of a rate pooled over clusters that are not independent inside
    (``(wins, trials)`` per cluster, such as a deal's 3-4 candidate bases): the ratio
    estimate with its cluster-robust (sandwich) standard error, clipped to [0, 1]. With
    one trial per cluster it is the normal interval of a proportion (with ``m/(m-1)``)."""
    if any(n < 0 or not 0 <= k <= n for k, n in clusters):
        raise ValueError("each cluster needs 0 <= wins <= trials")
    clusters = [(k, n) for k, n in clusters if n]
    m, total = len(clusters), sum(n for _, n in clusters)
    if m < 2:
        return 0.0, 1.0
    rate = sum(k for k, _ in clusters) / total
    spread = sum((k - rate * n) ** 2 for k, n in clusters) * m / (m - 1)
    half = z * math.sqrt(spread) / total
    return max(0.0, rate - half), min(1.0, rate + half)


def z_for(level: float) -> float:
    """The two-sided normal quantile of a confidence ``level`` (1.96 for 0.95)."""
    if not 0 < level < 1:
        raise ValueError(f"a confidence level is between 0 and 1, not {level!r}")
    return NormalDist().inv_cdf(0.5 + level / 2)


def paired_counts(pairs: Sequence[tuple[bool, bool]]) -> tuple[int, int, int, int]:
    """(both, first only, second only, neither) of paired yes/no outcomes."""
    both = sum(1 for x, y in pairs if x and y)
    first = sum(1 for x, y in pairs if x and not y)
    second = sum(1 for x, y in pairs if y and not x)
    return both, first, second, len(pairs) - both - first - second


def paired_interval(
    both: int, first: int, second: int, neither: int, z: float = 1.96
) -> tuple[float, float, float]:
    """The difference of two paired rates (first minus second) with Newcombe's interval
    (his method 10: Wilson intervals combined through the correlation of the pairs), from
    the four counts of :func:`paired_counts`. Returns (difference, low, high)."""
    counts = (both, first, second, neither)
    if any(not isinstance(c, int) or c < 0 for c in counts):
        raise ValueError(f"the four counts are whole numbers >= 0, not {counts}")
    n = sum(counts)
    if n == 0:
        raise ValueError("no pairs")
    a, b, c, d = counts
    p1, p2 = (a + b) / n, (a + c) / n
    l1, u1 = wilson_interval(a + b, n, z)
    l2, u2 = wilson_interval(a + c, n, z)
    margins = (a + b) * (c + d) * (a + c) * (b + d)
    phi = 0.0 if margins == 0 else (a * d - b * c) / math.sqrt(margins)
    delta = p1 - p2
    low = delta - math.sqrt(
        max(0.0, (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2)
    )
    high = delta + math.sqrt(
        max(0.0, (u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2)
    )
    return delta, max(-1.0, low), min(1.0, high)


def mcnemar_p(first: int, second: int) -> float:
    """McNemar's exact two-sided p-value for paired yes/no outcomes: ``first`` pairs
    where only the first said yes, ``second`` where only the second did."""
    if first < 0 or second < 0:
        raise ValueError(f"counts are >= 0, not {first}, {second}")
    n = first + second
    if n == 0:
        return 1.0
    k = min(first, second)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / (1 << n)
    return min(1.0, 2 * tail)


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values, in the order given: a test is significant at
    level alpha, correcting for all of them together, when its adjusted p-value is
    below alpha."""
    if any(not 0 <= p <= 1 for p in p_values):
        raise ValueError("p-values are between 0 and 1")
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [0.0] * m
    running = 0.0
    for step, i in enumerate(order):
        running = max(running, min(1.0, (m - step) * p_values[i]))
        adjusted[i] = running
    return adjusted


def holm_levels(p_values: Sequence[float], alpha: float = 0.05) -> list[float]:
    """The confidence level of each test's interval under Holm's step-down correction, in
    the order given: the test with the k-th smallest p-value (k from 0) of m gets level
    1 - alpha / (m - k). Its interval excludes 0 in step with its adjusted p-value
    (:func:`holm`) as long as interval and test agree."""
    if not 0 < alpha < 1:
        raise ValueError(f"alpha is between 0 and 1, not {alpha!r}")
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    levels = [0.0] * m
    for step, i in enumerate(order):
        levels[i] = 1 - alpha / (m - step)
    return levels

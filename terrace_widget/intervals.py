"""Confidence intervals for the figures the package reports (standard library only).

Used by every layer that states a rate: the fair value of a position, the studies and
the environment's tournament summary. It imports nothing of the package.
"""

from __future__ import annotations

import math

__all__ = ["wilson_interval"]


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

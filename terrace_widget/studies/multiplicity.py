"""Many tests at once: the tip study's paired effects with Holm's correction.

The tip study makes one paired test per game and tip (27 in all for the help's tips). At
95% each, about one in twenty would look "clear" by chance alone. Holm's step-down method
keeps the chance of any false "clear" at 5% for the whole family: the tests are ordered by
their p-value (McNemar's, from the deals only one side won), the k-th smallest of m is
judged at level 0.05 / (m - k + 1), and the step stops at the first test that fails. Each
effect's interval is Newcombe's at its own Holm level, so "clear" (the interval above or
below 0) and the corrected test agree.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from statistics import NormalDist
from typing import Any

from .tip_study import paired_difference

ALPHA = 0.05


def mcnemar_p(pairs: Sequence[tuple[bool, bool]]) -> float:
    """Two-sided p-value of McNemar's test (normal form) on paired wins."""
    only_first = sum(a and not b for a, b in pairs)
    only_second = sum(b and not a for a, b in pairs)
    if only_first + only_second == 0:
        return 1.0
    z = abs(only_first - only_second) / math.sqrt(only_first + only_second)
    return 2 * (1 - NormalDist().cdf(z))


def holm_effects(
    records: Iterable[Mapping[str, Any]], alpha: float = ALPHA
) -> list[dict[str, Any]]:
    """Every tip's paired effect (every tip against every tip but this one) in every game
    spec of the tip study's ``records``, with its p-value, Holm's adjusted p-value and the
    interval at its Holm level; ``clear`` when the corrected test rejects "no effect"."""
    tests: list[tuple[str, str, list[tuple[bool, bool]]]] = []
    by: dict[str, list[Mapping[str, Any]]] = {}
    for r in records:
        by.setdefault(r["spec"], []).append(r)
    for spec, deals in by.items():
        configs = sorted({c for d in deals for c in d["games"] if c.startswith("no-")})
        for config in configs:
            pairs = [
                (bool(d["games"]["all"][0]), bool(d["games"][config][0]))
                for d in deals
                if "all" in d["games"] and config in d["games"]
            ]
            tests.append((spec, config[3:], pairs))
    order = sorted(range(len(tests)), key=lambda i: mcnemar_p(tests[i][2]))
    m = len(tests)
    rows: list[dict[str, Any]] = [{} for _ in tests]
    running = 0.0
    for rank, i in enumerate(order):
        spec, tip, pairs = tests[i]
        p = mcnemar_p(pairs)
        running = max(running, min(1.0, (m - rank) * p))
        level = alpha / (m - rank)
        z = NormalDist().inv_cdf(1 - level / 2)
        diff, low, high = paired_difference(pairs, z=z)
        raw = paired_difference(pairs)
        rows[i] = {
            "spec": spec, "tip": tip, "deals": len(pairs), "difference": diff,
            "low_95": raw[1], "high_95": raw[2], "p": p, "p_holm": running,
            "level": level, "low": low, "high": high, "clear": running < alpha,
        }  # fmt: skip
    return rows

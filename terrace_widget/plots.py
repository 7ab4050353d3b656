"""The notebooks' figures (matplotlib, imported only when a figure is drawn)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .strategy import TIP_NAMES


def _axes(ax: Any, size: tuple[float, float]) -> Any:
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    return plt.subplots(figsize=size, dpi=90)[1]


def tip_effects(rows: Sequence[Mapping[str, Any]], *, ax: Any = None, title: str = "") -> Any:
    """One bar per tip: the paired win-rate difference (tip on minus off) in points, with
    its 95% interval; bars whose interval is above zero are green, below zero red, across
    zero grey. ``rows`` are rows of the tip study's summary
    (:func:`terrace_widget.tip_study.tip_effects`). Returns the axes."""
    if not rows:
        raise ValueError("no measured tips to draw")
    ax = _axes(ax, (8, 0.55 * len(rows) + 1.2))
    labels = [TIP_NAMES.get(r["tip"], r["tip"]) for r in rows]
    mid = [100 * r["difference"] for r in rows]
    low = [100 * (r["difference"] - r["low"]) for r in rows]
    high = [100 * (r["high"] - r["difference"]) for r in rows]
    colours = [
        "#2e7d32" if r["low"] > 0 else "#c62828" if r["high"] < 0 else "#9e9e9e" for r in rows
    ]
    y = list(range(len(rows)))[::-1]
    ax.barh(y, mid, color=colours, xerr=[low, high], capsize=4)
    ax.set_yticks(y, labels)
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_xlabel("won deals with the tip minus without (points, 95% interval)")
    deals = sorted({r["deals"] for r in rows})
    note = f"{'/'.join(map(str, deals))} deals, each played with and without the tip"
    ax.set_title(f"{title}\n{note}" if title else note, fontsize=10)
    ax.grid(axis="x", alpha=0.3)
    return ax

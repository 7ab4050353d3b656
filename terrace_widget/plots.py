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


VERDICT_COLOURS = {"won": "#2e7d32", "unknown": "#bdbdbd", "unwinnable": "#c62828"}
VERDICT_LABELS = {
    "won": "won (a winning line found)",
    "unknown": "undecided (the budget ran out)",
    "unwinnable": "unwinnable (proved)",
}


def verdict_shares(
    records: Sequence[Mapping[str, Any]], key: str = "variant"
) -> dict[str, dict[str, Any]]:
    """Per value of ``key``: the number of records and, for each verdict, its share with a
    95% Wilson interval. Undecided searches stay a verdict of their own (never a loss)."""
    from .analysis import wilson_interval

    groups: dict[str, list[str]] = {}
    for r in records:
        groups.setdefault(str(r[key]), []).append(r["verdict"])
    shares: dict[str, dict[str, Any]] = {}
    for name, verdicts in groups.items():
        n = len(verdicts)
        row: dict[str, Any] = {"n": n}
        for verdict in VERDICT_COLOURS:
            k = verdicts.count(verdict)
            row[verdict] = (k / n, *wilson_interval(k, n))
        shares[name] = row
    return shares


def verdict_bars(
    shares: Mapping[str, Mapping[str, Any]], *, ax: Any = None, title: str = ""
) -> Any:
    """Stacked bars, one per group of :func:`verdict_shares`: won (green, with the 95%
    interval of the won share), undecided (grey), proved unwinnable (red). Returns the
    axes."""
    if not shares:
        raise ValueError("no records to draw")
    ax = _axes(ax, (max(5.0, 1.3 * len(shares) + 2), 4))
    names = list(shares)
    bottom = [0.0] * len(names)
    for verdict, colour in VERDICT_COLOURS.items():
        heights = [100 * shares[n][verdict][0] for n in names]
        ax.bar(names, heights, bottom=bottom, color=colour, label=VERDICT_LABELS[verdict])
        bottom = [b + h for b, h in zip(bottom, heights, strict=True)]
    won = [100 * shares[n]["won"][0] for n in names]
    err = [
        [w - 100 * shares[n]["won"][1] for w, n in zip(won, names, strict=True)],
        [100 * shares[n]["won"][2] - w for w, n in zip(won, names, strict=True)],
    ]
    ax.errorbar(names, won, yerr=err, fmt="none", ecolor="black", capsize=4)
    ax.set_ylabel("share of deals (%)")
    ax.set_ylim(0, 100)
    ax.legend(fontsize=8, loc="lower right", framealpha=0.9)
    ax.set_title(title, fontsize=10)
    ax.tick_params(axis="x", labelrotation=15)
    return ax

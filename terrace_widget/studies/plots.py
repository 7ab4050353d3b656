"""The notebooks' figures (matplotlib, imported only when a figure is drawn)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..fair.tips import TIP_NAMES


def _axes(ax: Any, size: tuple[float, float]) -> Any:
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    return plt.subplots(figsize=size, dpi=90)[1]


def tip_effect_bars(rows: Sequence[Mapping[str, Any]], *, ax: Any = None, title: str = "") -> Any:
    """One bar per tip: the paired win-rate difference (tip on minus off) in points, with
    its 95% interval; bars whose interval is above zero are green, below zero red, across
    zero grey. ``rows`` are rows of the tip study's summary
    (:func:`terrace_widget.studies.tip_study.tip_effects`). Returns the axes."""
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
    from ..intervals import wilson_interval

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


# ---------------------------------------------------------------- notebook 05: the studies
# Records are those of :func:`terrace_widget.studies.analysis.analyze` (dicts with the fields of
# ``analysis.FIELDS``); a figure's title says which solver version, budget and number of
# deals its records come from (:func:`source_note`).


def game_label(variant: str) -> str:
    """A short name: the game, and for Klondike the cards per click and the redeals."""
    from ..rules.variants import VARIANTS

    rules = VARIANTS[variant]
    if rules.family != "klondike":
        return rules.name
    redeals = "unlimited" if rules.redeals is None else rules.redeals
    return f"Klondike, draw {rules.deal_count}, redeals {redeals}"


def _span(values: Sequence[int]) -> str:
    """``"1,000"`` or ``"20–50"`` (the smallest and largest of whole numbers)."""
    low, high = min(values), max(values)
    return f"{low:,}" if low == high else f"{low:,}–{high:,}"


def source_note(records: Sequence[Mapping[str, Any]]) -> str:
    """Where records come from, for a title: ``"solver v7, 100,000 nodes, 1,000 deals per
    game"`` (the greedy player has neither version nor budget; several versions or
    budgets are all listed, and the deals per game as a range when they differ)."""
    if not records:
        raise ValueError("no records")
    players = sorted({str(r["player"]) for r in records})
    versions = sorted({str(r["solver_version"]) for r in records})
    budgets = sorted({r["budget"] for r in records if r["budget"] is not None})
    deals: dict[str, set[Any]] = {}
    for r in records:
        deals.setdefault(str(r["variant"]), set()).add(r["seed"])
    names = "/".join("greedy player" if p == "greedy" else p for p in players)
    parts = [f"{names} v{'/'.join(versions)}" if "solver" in players else names]
    if budgets:
        parts.append("/".join(f"{b:,}" for b in budgets) + " nodes")
    parts.append(f"{_span([len(s) for s in deals.values()])} deals per game")
    return ", ".join(parts)


def median_interval(
    values: Sequence[float], confidence: float = 0.95
) -> tuple[float, float, float]:
    """The median of ``values`` and a distribution-free interval of it: the order
    statistics ``x(k)`` and ``x(n + 1 - k)`` with the largest ``k`` such that the
    interval covers the median with at least that ``confidence`` (the binomial count of
    values below the median, exactly). With fewer than 6 values no interval reaches 95%:
    it is then the whole range."""
    if not values:
        raise ValueError("no values")
    if not 0 < confidence < 1:
        raise ValueError(f"a confidence is between 0 and 1, not {confidence!r}")
    from fractions import Fraction
    from math import comb

    ordered = sorted(values)
    n = len(ordered)
    tail = Fraction(1 - confidence).limit_denominator(10**6) / 2
    k, below = 0, 0  # below = the number of ways to have at most k - 1 values below
    while k < n // 2 and (below + comb(n, k)) * tail.denominator <= tail.numerator * 2**n:
        below += comb(n, k)
        k += 1
    mid = n // 2
    median = ordered[mid] if n % 2 else (ordered[mid - 1] + ordered[mid]) / 2
    return median, ordered[max(0, k - 1)], ordered[n - max(1, k)]


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


# ------------------------------------------------ which game is hardest
def ranking(summary: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The rows of :func:`terrace_widget.studies.analysis.summarize`, hardest first: sorted by the
    won share (the lower end of the winnability), ties by the upper end. Each row gains
    ``lost_share``, ``unknown_share`` and ``rank_low`` / ``rank_high``: the ranks (1 = the
    hardest) the 95% intervals allow. Game A is surely less winnable than game B when A's
    interval (``winnable_ci_high``) ends below B's (``winnable_ci_low``) starts."""
    rows = [dict(r) for r in summary]
    rows.sort(key=lambda r: (r["won_share"], r["winnable_high"]))
    for r in rows:
        r["lost_share"] = r["unwinnable"] / r["deals"]
        r["unknown_share"] = r["unknown"] / r["deals"]
    for r in rows:
        harder = sum(o["winnable_ci_high"] < r["winnable_ci_low"] for o in rows)
        easier = sum(o["winnable_ci_low"] > r["winnable_ci_high"] for o in rows)
        r["rank_low"], r["rank_high"] = 1 + harder, len(rows) - easier
    return rows


def ranking_table(rows: Sequence[Mapping[str, Any]], versions: Mapping[str, str]) -> str:
    """A Markdown table of :func:`ranking`'s rows; ``versions`` maps a variant to the solver
    version its records come from."""
    lines = [
        "| Rank (1 = hardest) | Game | Deals | Won | Proven lost | Undecided "
        "| Winnability lies in | its 95% CI | Solver | Budget (nodes) |",
        "|:-:|---|--:|--:|--:|--:|:-:|:-:|:-:|--:|",
    ]
    for r in rows:
        rank = (
            str(r["rank_low"])
            if r["rank_low"] == r["rank_high"]
            else (f"{r['rank_low']}–{r['rank_high']}")
        )
        budget = "–" if r["budget"] is None else f"{r['budget']:,}"
        lines.append(
            f"| {rank} | {game_label(r['variant'])} | {r['deals']:,} | {_pct(r['won_share'])} "
            f"| {_pct(r['lost_share'])} | {_pct(r['unknown_share'])} "
            f"| {_pct(r['winnable_low'])}–{_pct(r['winnable_high'])} "
            f"| {_pct(r['winnable_ci_low'])}–{_pct(r['winnable_ci_high'])} "
            f"| v{versions.get(r['variant'], '?')} | {budget} |"
        )
    return "\n".join(lines)


def ranking_answer(rows: Sequence[Mapping[str, Any]]) -> str:
    """The hardest and the easiest game of :func:`ranking`'s rows, each with its
    winnability interval and the games whose 95% intervals overlap its own (the games
    the data cannot rank against it), in two lines."""
    if not rows:
        raise ValueError("no games to rank")
    lines = []
    for word, row in (("Hardest", rows[0]), ("Easiest", rows[-1])):
        others = [
            game_label(o["variant"])
            for o in rows
            if o is not row
            and o["winnable_ci_low"] <= row["winnable_ci_high"]
            and o["winnable_ci_high"] >= row["winnable_ci_low"]
        ]
        lines.append(
            f"{word}: {game_label(row['variant'])}, winnable in {_pct(row['winnable_low'])}–"
            f"{_pct(row['winnable_high'])} of its deals (95% CI {_pct(row['winnable_ci_low'])}–"
            f"{_pct(row['winnable_ci_high'])}); the intervals overlap those of: "
            f"{', '.join(others) or 'no other game'}"
        )
    return "\n".join(lines)


def winnability_bars(rows: Sequence[Mapping[str, Any]], *, ax: Any = None, title: str = "") -> Any:
    """One horizontal bar per row of :func:`ranking` (in its order): won (green, with the
    95% interval of the won share), undecided (grey, hatched), proved lost (red), with
    the number of deals on the right. Returns the axes."""
    if not rows:
        raise ValueError("no games to draw")
    ax = _axes(ax, (9, 0.45 * len(rows) + 1.8))
    ys = list(range(len(rows)))
    left = [0.0] * len(rows)
    for verdict, share in (("won", "won_share"), ("unknown", "unknown_share"),
                           ("unwinnable", "lost_share")):  # fmt: skip
        widths = [100 * r[share] for r in rows]
        ax.barh(ys, widths, left=left, color=VERDICT_COLOURS[verdict],
                label=VERDICT_LABELS[verdict], hatch="//" if verdict == "unknown" else None,
                edgecolor="white")  # fmt: skip
        left = [a + w for a, w in zip(left, widths, strict=True)]
    won = [100 * r["won_share"] for r in rows]
    err = [[w - 100 * r["won_ci_low"] for w, r in zip(won, rows, strict=True)],
           [100 * r["won_ci_high"] - w for w, r in zip(won, rows, strict=True)]]  # fmt: skip
    ax.errorbar(won, ys, xerr=err, fmt="none", ecolor="black", capsize=3)
    for y, r in zip(ys, rows, strict=True):
        ax.text(101, y, f"n={r['deals']:,}", va="center", fontsize=8)
    ax.set_yticks(ys, [game_label(r["variant"]) for r in rows])
    ax.invert_yaxis()
    ax.set_xlim(0, 112)
    ax.set_xlabel("share of deals (%)")
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.15), ncol=3)
    return ax


# ------------------------------------------------ the base card
def winning_bases(records: Sequence[Mapping[str, Any]]) -> dict[str, list[int]]:
    """Per game of ``bases="each"`` records: how many deals have 0, 1, … 4 winning
    candidate base cards (index = the number of winning candidates)."""
    per_deal: dict[tuple[str, Any], list[str]] = {}
    for r in records:
        per_deal.setdefault((str(r["variant"]), r["seed"]), []).append(r["verdict"])
    counts: dict[str, list[int]] = {}
    for (variant, _), verdicts in per_deal.items():
        row = counts.setdefault(variant, [0] * 5)
        row[min(4, verdicts.count("won"))] += 1
    return counts


def winning_bases_bars(
    counts: Mapping[str, Sequence[int]], *, ax: Any = None, title: str = ""
) -> Any:
    """Grouped bars of :func:`winning_bases`: the share of deals with 0 … 4 winning base
    cards, one colour per game. Returns the axes."""
    if not counts:
        raise ValueError("no base-card records to draw")
    ax = _axes(ax, (9, 4))
    width = 0.8 / len(counts)
    for k, (variant, row) in enumerate(counts.items()):
        n = sum(row)
        xs = [x + (k - (len(counts) - 1) / 2) * width for x in range(5)]
        bars = ax.bar(xs, [100 * c / n for c in row], width,
                      label=f"{game_label(variant)} ({n:,} deals)")  # fmt: skip
        ax.bar_label(bars, fmt="%.0f", fontsize=7)
    ax.set_xticks(range(5))
    ax.set_xlabel("candidate base cards that win the deal (count)")
    ax.set_ylabel("share of deals (%)")
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=8)
    return ax


# ------------------------------------------------ solution lengths
def length_rows(lines: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Per game of re-solved winning lines (records with ``variant``, ``length`` and
    ``deals``, the stock clicks among the moves): the number of lines and the median
    length with its 95% interval (:func:`median_interval`), with the stock clicks and
    without them, and the median number of clicks."""
    games: dict[str, list[Mapping[str, Any]]] = {}
    for line in lines:
        games.setdefault(str(line["variant"]), []).append(line)
    rows = []
    for variant, group in games.items():
        rows.append(
            {
                "variant": variant,
                "lines": len(group),
                "with_clicks": median_interval([g["length"] for g in group]),
                "without_clicks": median_interval([g["length"] - g["deals"] for g in group]),
                "clicks": median_interval([g["deals"] for g in group]),
            }
        )
    return rows


def length_table(rows: Sequence[Mapping[str, Any]]) -> str:
    """A Markdown table of :func:`length_rows` (medians with their 95% intervals)."""

    def cell(m: tuple[float, float, float]) -> str:
        return f"{m[0]:g} ({m[1]:g}–{m[2]:g})"

    lines = [
        "| Game | Lines | Moves, clicks included | Stock clicks | Moves without the clicks |",
        "|---|--:|--:|--:|--:|",
    ]
    for r in rows:
        lines.append(
            f"| {game_label(r['variant'])} | {r['lines']} | {cell(r['with_clicks'])} "
            f"| {cell(r['clicks'])} | {cell(r['without_clicks'])} |"
        )
    return "\n".join(lines)


def length_boxes(lines: Sequence[Mapping[str, Any]], *, ax: Any = None, title: str = "") -> Any:
    """Two boxes per game: the winning lines' lengths with the stock clicks (light) and
    without them (dark). Returns the axes."""
    rows = length_rows(lines)
    if not rows:
        raise ValueError("no winning lines to draw")
    ax = _axes(ax, (10, 5))
    for offset, colour, name, clicks in (
        (-0.2, "#a5d6a7", "all moves, stock clicks included", False),
        (0.2, "#1b5e20", "without the stock clicks", True),
    ):
        data = [
            [g["length"] - (g["deals"] if clicks else 0) for g in lines if g["variant"] == v]
            for v in (r["variant"] for r in rows)
        ]
        boxes = ax.boxplot(data, positions=[i + offset for i in range(len(rows))], widths=0.35,
                           patch_artist=True, manage_ticks=False)  # fmt: skip
        for patch in boxes["boxes"]:
            patch.set_facecolor(colour)
        boxes["boxes"][0].set_label(name)
    ax.set_xticks(range(len(rows)), [game_label(r["variant"]) for r in rows], rotation=35,
                  ha="right")  # fmt: skip
    ax.set_ylabel("moves in the winning line")
    ax.set_ylim(bottom=0)
    ax.legend(fontsize=8, loc="lower right")
    ax.set_title(title, fontsize=10)
    return ax


# ------------------------------------------------ won share against budget
def budget_curves(
    records: Sequence[Mapping[str, Any]], budgets: Sequence[int]
) -> dict[str, dict[str, list[tuple[float, float, float]]]]:
    """Per game: for each budget ``b`` of ``budgets``, the share of deals the records'
    search had won (``"won"``) and had decided (``"decided"``: won or proved lost) within
    ``b`` nodes, each with its 95% Wilson interval. Only meaningful for budgets up to the
    records' own (a deal undecided at the records' budget stays undecided)."""
    from ..intervals import wilson_interval

    games: dict[str, list[Mapping[str, Any]]] = {}
    for r in records:
        games.setdefault(str(r["variant"]), []).append(r)
    curves: dict[str, dict[str, list[tuple[float, float, float]]]] = {}
    for variant, group in games.items():
        n = len(group)
        top = min(r["budget"] for r in group)
        if max(budgets) > top:
            raise ValueError(f"{variant}: the records' budget is {top:,} nodes, below a budget")
        curve: dict[str, list[tuple[float, float, float]]] = {"won": [], "decided": []}
        for b in budgets:
            won = sum(r["verdict"] == "won" and r["nodes"] <= b for r in group)
            decided = sum(r["verdict"] != "unknown" and r["nodes"] <= b for r in group)
            curve["won"].append((won / n, *wilson_interval(won, n)))
            curve["decided"].append((decided / n, *wilson_interval(decided, n)))
        curves[variant] = curve
    return curves


def budget_plot(
    curves: Mapping[str, Mapping[str, Sequence[tuple[float, float, float]]]],
    budgets: Sequence[int],
    *,
    axes: Any = None,
    title: str = "",
) -> Any:
    """Two panels of :func:`budget_curves`, the budget on a log scale: the won share (left)
    and the decided share (right) of each game, with 95% bands. Returns the two axes."""
    if not curves:
        raise ValueError("no curves to draw")
    if axes is None:
        import matplotlib.pyplot as plt

        axes = plt.subplots(1, 2, figsize=(11, 4.5), dpi=90, sharey=True)[1]
    for ax, which, what in zip(axes, ("won", "decided"), ("won", "decided (won or proved lost)"),
                               strict=True):  # fmt: skip
        for k, (variant, curve) in enumerate(curves.items()):
            points = curve[which]
            style = "-" if k < 10 else "--"
            (line,) = ax.plot(budgets, [100 * p[0] for p in points], style,
                              label=game_label(variant))  # fmt: skip
            ax.fill_between(budgets, [100 * p[1] for p in points], [100 * p[2] for p in points],
                            color=line.get_color(), alpha=0.15, linewidth=0)  # fmt: skip
        ax.set_xscale("log")
        ax.set_xlabel("node budget per deal")
        ax.set_ylim(0, 100)
        ax.set_title(f"share of deals {what}", fontsize=10)
        ax.grid(alpha=0.3)
    axes[0].set_ylabel("share of deals (%)")
    axes[1].legend(fontsize=7, loc="center left", bbox_to_anchor=(1.02, 0.5))
    if title:
        axes[0].figure.suptitle(title, fontsize=10)
    return axes


def budget_check(
    saved: Sequence[Mapping[str, Any]], rerun: Sequence[Mapping[str, Any]]
) -> list[dict[str, Any]]:
    """Per budget of the ``rerun`` records: how many of their verdicts are the ones the
    ``saved`` records (same deals, a larger budget) predict, the saved verdict if its
    search took at most that many nodes, else ``unknown``; the others are listed as
    ``(variant, seed, predicted, found)``."""
    by_deal = {(r["variant"], r["seed"]): r for r in saved}
    rows: dict[int, dict[str, Any]] = {}
    for r in rerun:
        s = by_deal.get((r["variant"], r["seed"]))
        if s is None or r["budget"] is None or r["budget"] > s["budget"]:
            continue
        predicted = s["verdict"] if s["nodes"] <= r["budget"] else "unknown"
        row = rows.setdefault(r["budget"], {"budget": r["budget"], "deals": 0, "agree": 0,
                                            "differ": []})  # fmt: skip
        row["deals"] += 1
        if predicted == r["verdict"]:
            row["agree"] += 1
        else:
            row["differ"].append((r["variant"], r["seed"], predicted, r["verdict"]))
    return [rows[b] for b in sorted(rows)]


# ------------------------------------------------ a player against the all-seeing solver
def against_solver(
    player_won: Mapping[tuple[str, int], bool], solver: Sequence[Mapping[str, Any]]
) -> list[dict[str, Any]]:
    """A player's games against the solver's verdicts on the same deals (paired).

    ``player_won`` maps ``(variant, seed)`` to whether the player won that deal; only the
    deals both have count. Per game: ``deals``; the player's wins and the solver's won /
    undecided / proved-lost deals, as ``(share, low, high)`` with 95% Wilson intervals;
    ``player_won_undecided``, the deals the player won that the solver left undecided
    (winnable: a win is a proof); ``player_won_lost``, the deals the player won that the
    solver proved lost (a bug in one of them: always 0); and the gap between the winnable
    share and the player's, paired deal by deal: at least ``gap_low`` (deals known
    winnable that the player lost), at most ``gap_high`` (the player lost and the solver
    did not prove a loss). Each difference is 0 or 1 per deal (a player's win is always a
    winnable deal), so its share has a Wilson interval too. On the ``decided`` deals (the
    solver won or proved a loss) the player's and the solver's won shares are
    ``player_decided`` and ``solver_decided``.
    """
    from ..intervals import wilson_interval

    games: dict[str, list[tuple[bool, str]]] = {}
    for r in solver:
        key = (str(r["variant"]), int(r["seed"]))
        if key in player_won:
            games.setdefault(key[0], []).append((bool(player_won[key]), str(r["verdict"])))
    rows = []
    for variant, pairs in games.items():
        n = len(pairs)

        def share(k: int, m: int = n) -> tuple[float, float, float]:
            return (k / m if m else 0.0, *wilson_interval(k, m))

        won = sum(p for p, _ in pairs)
        winnable = sum(p or v == "won" for p, v in pairs)
        open_ = sum(p or v != "unwinnable" for p, v in pairs)
        decided = [(p, v) for p, v in pairs if v != "unknown"]
        rows.append(
            {
                "variant": variant,
                "deals": n,
                "player": share(won),
                "solver_won": share(sum(v == "won" for _, v in pairs)),
                "solver_unknown": share(sum(v == "unknown" for _, v in pairs)),
                "solver_lost": share(sum(v == "unwinnable" for _, v in pairs)),
                "player_won_undecided": sum(p and v == "unknown" for p, v in pairs),
                "player_won_lost": sum(p and v == "unwinnable" for p, v in pairs),
                "gap_low": share(winnable - won),
                "gap_high": share(open_ - won),
                "decided": len(decided),
                "player_decided": share(sum(p for p, _ in decided), len(decided)),
                "solver_decided": share(sum(v == "won" for _, v in decided), len(decided)),
            }
        )
    return rows


def against_solver_table(rows: Sequence[Mapping[str, Any]], player: str) -> str:
    """A Markdown table of :func:`against_solver`'s rows (shares with 95% intervals)."""

    def cell(s: tuple[float, float, float]) -> str:
        return f"{_pct(s[0])} ({_pct(s[1])}–{_pct(s[2])})"

    lines = [
        f"| Game | Deals | {player} won | Solver won | Solver undecided | Winnable minus "
        f"{player} won: at least – at most (95% CI) | Decided deals | {player} won, decided "
        "| Solver won, decided |",
        "|---|--:|--:|--:|--:|:-:|--:|--:|--:|",
    ]
    for r in rows:
        lines.append(
            f"| {game_label(r['variant'])} | {r['deals']:,} | {cell(r['player'])} "
            f"| {cell(r['solver_won'])} | {_pct(r['solver_unknown'][0])} "
            f"| {_pct(r['gap_low'][0])} – {_pct(r['gap_high'][0])} "
            f"({_pct(r['gap_low'][1])} – {_pct(r['gap_high'][2])}) | {r['decided']:,} "
            f"| {cell(r['player_decided'])} | {cell(r['solver_decided'])} |"
        )
    return "\n".join(lines)


def against_solver_note(rows: Sequence[Mapping[str, Any]], player: str) -> str:
    """Two lines on :func:`against_solver`'s rows: the player's wins that the solver left
    undecided (per game), and those it proved lost (0 unless one of the two is wrong)."""
    open_wins = {game_label(r["variant"]): r["player_won_undecided"] for r in rows}
    where = "; ".join(f"{name}: {k}" for name, k in open_wins.items() if k)
    lost = sum(r["player_won_lost"] for r in rows)
    return (
        f"Deals the {player} won and the solver left undecided: {sum(open_wins.values())}"
        f"{f' ({where})' if where else ''}\n"
        f"Deals the {player} won and the solver proved lost: {lost}"
    )


def against_solver_bars(
    rows: Sequence[Mapping[str, Any]], *, player: str, ax: Any = None, title: str = ""
) -> Any:
    """One stacked bar per game of :func:`against_solver`: the solver's won (green) /
    undecided (grey, hatched) / proved-lost (red) deals, and beside it the player's won
    share (orange) with its 95% interval, on the same deals. Returns the axes."""
    if not rows:
        raise ValueError("no paired deals to draw")
    ax = _axes(ax, (2.5 + 0.75 * len(rows), 4.5))
    xs = list(range(len(rows)))
    ax.set_xlim(-0.7, len(rows) - 0.3)
    bottom = [0.0] * len(rows)
    for verdict, key in (("won", "solver_won"), ("unknown", "solver_unknown"),
                         ("unwinnable", "solver_lost")):  # fmt: skip
        heights = [100 * r[key][0] for r in rows]
        ax.bar([x - 0.2 for x in xs], heights, 0.38, bottom=bottom,
               color=VERDICT_COLOURS[verdict], hatch="//" if verdict == "unknown" else None,
               edgecolor="white", label=f"solver: {VERDICT_LABELS[verdict]}")  # fmt: skip
        bottom = [b + h for b, h in zip(bottom, heights, strict=True)]
    for key, dx, colour in (("solver_won", -0.2, "black"), ("player", 0.2, "black")):
        mid = [100 * r[key][0] for r in rows]
        err = [[m - 100 * r[key][1] for m, r in zip(mid, rows, strict=True)],
               [100 * r[key][2] - m for m, r in zip(mid, rows, strict=True)]]  # fmt: skip
        if key == "player":
            ax.bar([x + dx for x in xs], mid, 0.38, color="#ef6c00", label=f"{player}: won")
        ax.errorbar([x + dx for x in xs], mid, yerr=err, fmt="none", ecolor=colour, capsize=3)
    ax.set_xticks(xs, [game_label(r["variant"]) for r in rows], rotation=35, ha="right")
    ax.set_ylabel("share of the same deals (%)")
    ax.set_ylim(0, 100)
    ax.legend(fontsize=7, loc="center left", bbox_to_anchor=(1.01, 0.5))
    ax.set_title(title, fontsize=10)
    return ax


def score_boxes(records: Sequence[Mapping[str, Any]], *, ax: Any = None, title: str = "") -> Any:
    """One box per game: the cards on the foundations at the end of each record's game,
    as a share of the pack (the triangle is the mean). Returns the axes."""
    from ..rules.variants import VARIANTS

    games = list(dict.fromkeys(str(r["variant"]) for r in records))
    if not games:
        raise ValueError("no records to draw")
    ax = _axes(ax, (10, 5))
    data = [[100 * r["score"] / VARIANTS[v].cards for r in records if r["variant"] == v]
            for v in games]  # fmt: skip
    ax.boxplot(data, widths=0.6, showmeans=True)
    ax.set_xticks(range(1, len(games) + 1), [game_label(v) for v in games], rotation=35,
                  ha="right")  # fmt: skip
    ax.set_ylim(0, 102)
    ax.set_ylabel("cards on the foundations at the end (% of the pack)")
    ax.set_title(title, fontsize=10)
    return ax


def review_curve(review: Any, *, ax: Any = None, title: str = "") -> Any:
    """The game review (:func:`terrace_widget.fair.review.review_game`) as a figure: the fair
    value after each turn with its 95% interval, the biggest drops in red (each labelled
    with the better move), where it slipped away as a purple line, the slip level dashed.
    Every value sees only what the player saw. Returns the axes."""
    points = review.points
    if not points:
        raise ValueError("an empty review has nothing to draw")
    ax = _axes(ax, (8, 3.2))
    turns = [k for k, p in enumerate(points) if p is not None]
    values = [100 * points[k].estimate for k in turns]
    low = [100 * points[k].interval[0] for k in turns]
    high = [100 * points[k].interval[1] for k in turns]
    ax.fill_between(turns, low, high, color="#90caf9", alpha=0.4, linewidth=0, label="95% interval")
    ax.plot(turns, values, color="#1565c0", linewidth=1.5, label="chance to win")
    ax.axhline(100 * review.level, color="#9e9e9e", linestyle="--", linewidth=0.8,
               label=f"slip level ({100 * review.level:.0f}%)")  # fmt: skip
    for drop in review.drops:
        ax.plot([drop.number], [100 * drop.after], "o", color="#c62828")
        if drop.better:
            where = (drop.number, 100 * drop.after)
            text = f"{drop.move}; better {drop.better}"
            ax.annotate(text, where, textcoords="offset points", xytext=(4, 6), fontsize=8,
                        color="#c62828")  # fmt: skip
    if review.slipped is not None:
        ax.axvline(review.slipped, color="#6a1b9a", linewidth=1.2, label="where it slipped away")
    ax.set_ylim(0, 100)
    ax.set_xlabel("turn")
    ax.set_ylabel("chance to win (%)")
    least = min((p.samples for p in points if p is not None and not p.exact), default=0)
    note = (
        f"the rule player's wins over at least {least} deals that fit what was seen, per position"
        f" (value version {review_value_version()})"
    )
    ax.set_title(f"{title}\n{note}" if title else note, fontsize=10)
    ax.legend(fontsize=8, loc="upper right")
    ax.grid(alpha=0.3)
    return ax


def review_value_version() -> str:
    """The version of the fair value the review's figures name."""
    from ..fair.value import VALUE_VERSION

    return VALUE_VERSION


def statistics_bars(
    figures: Mapping[str, Mapping[str, Any]] | None = None, *, ax: Any = None, title: str = ""
) -> Any:
    """A player's statistics (:func:`terrace_widget.statistics`, all games by default): one
    bar per game played, the share won with its 95% Wilson interval, labelled won/played
    and clean wins. Returns the axes."""
    from ..game.statistics import statistics
    from ..intervals import wilson_interval

    figures = statistics() if figures is None else figures
    rows = [(game, f) for game, f in figures.items() if f.get("played")]
    if not rows:
        raise ValueError("no game played yet: play one, then draw the statistics")
    ax = _axes(ax, (8, 0.5 * len(rows) + 1.4))
    y = list(range(len(rows)))[::-1]
    shares, low, high = [], [], []
    for _, f in rows:
        lo, hi = wilson_interval(f["won"], f["played"])
        share = f["won"] / f["played"]
        shares.append(100 * share)
        low.append(100 * (share - lo))
        high.append(100 * (hi - share))
    ax.barh(y, shares, xerr=[low, high], capsize=4, color="#2e7d32")
    labels = [game_label(game) if game in _variants() else game for game, _ in rows]
    ax.set_yticks(y, labels)
    for k, (_, f) in zip(y, rows, strict=True):
        ax.text(101, k, f"{f['won']}/{f['played']} won, {f['clean']} clean", va="center")
    ax.set_xlim(0, 140)
    ax.set_xlabel("games won (%, 95% Wilson interval)")
    ax.set_title(title or "Your statistics")
    return ax


def _variants() -> set[str]:
    from ..rules.variants import VARIANTS

    return set(VARIANTS)

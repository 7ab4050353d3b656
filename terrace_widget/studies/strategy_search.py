"""Strategy found in the data: fair rule players with and without each found rule, played
on the same deals (a paired design), with Holm-corrected intervals.

>>> (record,) = play_search(["terrace"], [6], {"found": ("reserve-base",), "none": ()},
...                         executor="serial")
>>> sorted(record["games"])
['found', 'none']

A configuration is a name and the switches of :class:`~terrace_widget.fair.players.RulePlayer`
(the help's tips and the rules of :mod:`terrace_widget.fair.found_rules`). Each deal is
played once per configuration; a rule's effect is the paired difference between the
player with the rule and the same player without it (:func:`paired_effects`), and the
effects of one family of comparisons are corrected together by Holm's step-down method.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any, Literal

from ..fair.found_rules import FOUND_SET, REVERSED_VARIANTS, found_rule_named
from ..fair.players import RulePlayer, play_out
from ..fair.tips import rules_of, tips_for
from ..game.game import Game
from ..intervals import (
    holm,
    holm_levels,
    mcnemar_p,
    paired_counts,
    paired_interval,
    wilson_interval,
    z_for,
)
from .analysis import run_tasks
from .tip_study import MAX_MOVES, PLAYER_VERSION

STUDY_VERSION = "1"
"""Part of every record: bump it when a found rule changes what it plays."""

Configs = Mapping[str, Sequence[str]]


def found_set(spec: str) -> tuple[str, ...]:
    """The found rule set's rules that apply to a game spec."""
    rules = rules_of(spec)
    return tuple(r for r in FOUND_SET if found_rule_named(r).applies_to(rules))


def confirm_configs(spec: str, reversed_study: bool = True) -> dict[str, tuple[str, ...]]:
    """The configurations the confirmation plays on a game: the found set (``found``),
    the found set without each of its rules (``found-<rule>``), the help's tips
    (``help``), no switch at all (``none``) and, for games with reversed runs, the found
    set with each version of the reversed-sequence idea (``found+<version>``)."""
    rules = rules_of(spec)
    found = found_set(spec)
    configs: dict[str, tuple[str, ...]] = {"found": found}
    for rule in found:
        configs[f"found-{rule}"] = tuple(r for r in found if r != rule)
    configs["help"] = tips_for(rules)
    configs["none"] = ()
    if reversed_study and rules.has_base_rank:
        for version in REVERSED_VARIANTS:
            configs[f"found+{version.name}"] = (*found, version.name)
    return configs


def play_configs(spec: str, seed: int, configs: Configs) -> dict[str, Any]:
    """The record of one deal: for each configuration, ``[won 0/1, score, moves]``."""
    game = Game(rules_of(spec), seed=seed)
    start = time.perf_counter()
    games: dict[str, list[int]] = {}
    for name, switches in configs.items():
        result = play_out(game, RulePlayer(switches), MAX_MOVES)
        games[name] = [int(result.won), result.score, result.moves]
    return {
        "study_version": STUDY_VERSION,
        "player_version": PLAYER_VERSION,
        "spec": spec,
        "seed": seed,
        "games": games,
        "seconds": round(time.perf_counter() - start, 3),
    }


def load_search(path: str | os.PathLike[str]) -> dict[tuple[str, int], dict[str, Any]]:
    """The records of a cache file of this study version, by (spec, seed); the games of
    several lines of one deal are merged (a later line adds configurations)."""
    done: dict[tuple[str, int], dict[str, Any]] = {}
    file = Path(path)
    if not file.exists():
        return done
    for line in file.read_text(encoding="utf-8").splitlines():
        try:
            row = json.loads(line)
        except ValueError:
            continue  # the half line of an interrupted run
        if not isinstance(row, dict) or row.get("study_version") != STUDY_VERSION:
            continue
        key = (row["spec"], row["seed"])
        if key in done:
            done[key]["games"].update(row["games"])
        else:
            done[key] = row
    return done


def play_search(
    specs: str | Iterable[str],
    seeds: Iterable[int],
    configs: Configs | None = None,
    *,
    executor: Executor | Literal["serial"] | int | None = None,
    cache: str | os.PathLike[str] | None = None,
) -> list[dict[str, Any]]:
    """Play every deal of every game spec with every configuration (``None``: each
    game's :func:`confirm_configs`); one record per deal, in order. ``cache``: a JSON-lines
    file; the configurations a deal already has there are not played again, the others
    are appended as each deal finishes (so an interrupted run keeps what it did)."""
    spec_list = [specs] if isinstance(specs, str) else list(specs)
    seed_list = list(seeds)
    if any(not isinstance(s, int) or isinstance(s, bool) or s < 0 for s in seed_list):
        raise ValueError("seeds are whole numbers >= 0")
    wanted = {spec: dict(configs or confirm_configs(spec)) for spec in spec_list}
    for named in wanted.values():
        for switches in named.values():
            RulePlayer(switches)  # an unknown switch stops the run before it starts
    path = None if cache is None else Path(cache)
    done = load_search(path) if path is not None else {}
    todo = []
    for spec in spec_list:
        for seed in seed_list:
            have = done.get((spec, seed), {}).get("games", {})
            missing = {k: v for k, v in wanted[spec].items() if k not in have}
            if missing:
                todo.append(((spec, seed), (spec, seed, missing)))
    out = None if path is None else path.open("a", encoding="utf-8")

    def finish(key: tuple[str, int], row: dict[str, Any]) -> None:
        if key in done:
            done[key]["games"].update(row["games"])
        else:
            done[key] = row
        if out is not None:
            out.write(json.dumps(row, separators=(",", ":")) + "\n")
            out.flush()

    try:
        run_tasks(play_configs, todo, executor, finish)
    finally:
        if out is not None:
            out.close()
    return [
        {**done[(spec, seed)], "games": {k: done[(spec, seed)]["games"][k] for k in wanted[spec]}}
        for spec in spec_list
        for seed in seed_list
    ]


# ---------------------------------------------------------------- statistics
def win_rate(records: Iterable[Mapping[str, Any]], config: str) -> dict[str, Any]:
    """The share of deals ``config`` won, with its Wilson 95% interval."""
    won = [r["games"][config][0] for r in records if config in r["games"]]
    k, n = sum(won), len(won)
    low, high = wilson_interval(k, n)
    return {"config": config, "deals": n, "won": k, "rate": k / n if n else 0.0,
            "low": low, "high": high}  # fmt: skip


def paired_effects(
    records: Sequence[Mapping[str, Any]],
    comparisons: Sequence[tuple[str, str, str]],
    alpha: float = 0.05,
) -> list[dict[str, Any]]:
    """One row per ``(label, with, without)`` comparison, all of one family: how many
    deals only the player ``with`` won (``helps``), only the one ``without`` won
    (``hurts``; the first five seeds of each in ``helps_seeds``, ``hurts_seeds``), both or
    neither; the difference of win rates; McNemar's exact p-value
    and Holm's adjusted one over the family; and Newcombe's paired interval at the Holm
    step's level (``level``, from 1 - alpha/m for the smallest p-value up to 1 - alpha).
    ``clear`` is whether that interval excludes 0."""
    rows: list[dict[str, Any]] = []
    for label, with_, without in comparisons:
        played = [r for r in records if with_ in r["games"] and without in r["games"]]
        pairs = [(bool(r["games"][with_][0]), bool(r["games"][without][0])) for r in played]
        if not pairs:
            raise ValueError(f"no deal has both {with_!r} and {without!r}")
        both, helps, hurts, neither = paired_counts(pairs)
        rows.append({
            "effect": label, "with": with_, "without": without, "deals": len(pairs),
            "with_rate": (both + helps) / len(pairs), "without_rate": (both + hurts) / len(pairs),
            "both": both, "helps": helps, "hurts": hurts, "neither": neither,
            "p": mcnemar_p(helps, hurts),
            "helps_seeds": [r["seed"] for r, (x, y) in zip(played, pairs, strict=True)
                            if x and not y][:5],
            "hurts_seeds": [r["seed"] for r, (x, y) in zip(played, pairs, strict=True)
                            if y and not x][:5],
        })  # fmt: skip
    adjusted = holm([row["p"] for row in rows])
    levels = holm_levels([row["p"] for row in rows], alpha)
    for row, p_holm, level in zip(rows, adjusted, levels, strict=True):
        counts = (row["both"], row["helps"], row["hurts"], row["neither"])
        difference, low, high = paired_interval(*counts, z=z_for(level))
        row.update(
            p_holm=p_holm,
            level=level,
            difference=difference,
            low=low,
            high=high,
            clear=low > 0 or high < 0,
            family=len(rows),
        )
    return rows


def rule_effects(records: Sequence[Mapping[str, Any]], spec: str) -> list[dict[str, Any]]:
    """Each found rule's effect in a game: the found set against the found set without
    it (one Holm family per game)."""
    deals = [r for r in records if r["spec"] == spec]
    return [
        {"spec": spec, **row}
        for row in paired_effects(
            deals, [(rule, "found", f"found-{rule}") for rule in found_set(spec)]
        )
    ] if found_set(spec) else []  # fmt: skip


def reversed_effects(records: Sequence[Mapping[str, Any]], spec: str) -> list[dict[str, Any]]:
    """Each version of the reversed-sequence idea added to the found set (one Holm family
    per game)."""
    deals = [r for r in records if r["spec"] == spec]
    comparisons = [
        (v.name, f"found+{v.name}", "found")
        for v in REVERSED_VARIANTS
        if any(f"found+{v.name}" in r["games"] for r in deals)
    ]
    if not comparisons:
        return []
    return [{"spec": spec, **row} for row in paired_effects(deals, comparisons)]


# ---------------------------------------------------------------- the figure
def load_summary(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The summary ``python -m benchmarks strategy-search confirm --summary`` wrote."""
    data: dict[str, Any] = json.loads(Path(path).read_text(encoding="utf-8"))
    return data


def rates_figure(summary: Mapping[str, Any], spec: str = "terrace") -> Any:
    """A bar chart of one game's win rates with their Wilson 95% intervals: no switch, the
    help's tips, the found set without each rule, the found set and, where measured, the
    look-ahead fair player (on its own deals). Returns the matplotlib figure."""
    import matplotlib.pyplot as plt

    (row,) = [r for r in summary["rates"] if r["spec"] == spec]
    bars = [("no switch", row["none"]), ("the help's tips", row["help"])]
    for effect in summary["records"]:
        if effect["spec"] == spec and effect["with"] == "found":
            k = round(effect["without_rate"] * effect["deals"])
            low, high = wilson_interval(k, effect["deals"])
            rate = {"rate": effect["without_rate"], "low": low, "high": high}
            bars.append((f"found set without {effect['effect']}", rate))
    bars.append(("the found set", row["found"]))
    for gap in summary.get("ceiling", []):
        if gap["spec"] == spec:
            low, high = gap["ahead_interval"]
            name = f"look-ahead player ({gap['deals']} deals)"
            bars.append((name, {"rate": gap["ahead"], "low": low, "high": high}))
    fig, ax = plt.subplots(figsize=(7, 0.5 + 0.45 * len(bars)))
    names = [name for name, _ in bars]
    values = [100 * r["rate"] for _, r in bars]
    errors = [
        [100 * (r["rate"] - r["low"]) for _, r in bars],
        [100 * (r["high"] - r["rate"]) for _, r in bars],
    ]
    ax.barh(names, values, xerr=errors, color="#4c72b0", capsize=3)
    ax.invert_yaxis()
    ax.set_xlabel(f"{spec} deals won, % (95% interval)")
    ax.set_title(
        f"Rule players on {row['found']['deals']} deals (RulePlayer v{summary['player_version']}, "
        f"study v{summary['study_version']})",
        fontsize=10,
    )
    fig.tight_layout()
    return fig

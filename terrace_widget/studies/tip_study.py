"""What each strategy tip is worth: the same deals played by fair players with the tip on
and off (a paired design), in parallel through any executor, cached to JSON lines.

>>> (record,) = play_tips(["terrace"], [6], executor="serial")
>>> sorted(record["games"])
['all', 'no-base', 'no-deal-on', 'no-pile-start', 'no-reversed', 'none']
>>> [b[0] for b in record["bases"]]
['6S', '3S', 'JH', 'QH']

Each deal of each game is played by :class:`~terrace_widget.fair.players.RulePlayer` with
every tip that applies (``all``), with each tip switched off in turn (``no-<tip>``) and
with none (``none``). Where the player chooses the base, it also plays each candidate
base card with the other tips on (``bases``), so the tip's base, a base chosen at
random (the mean over the candidates) and the best of them come from the same deals.
A game spec is a variant id, optionally with another number of redeals:
``"klondike-three-card@redeals=2"`` is draw three with draw one's two redeals.
"""

from __future__ import annotations

import json
import math
import os
import statistics
import time
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any, Literal, cast

from ..fair import strategy
from ..fair.players import RulePlayer, play_out
from ..fair.tips import rules_of, tips_for
from ..game.game import Game
from ..intervals import cluster_interval, paired_counts, paired_interval, wilson_interval
from .analysis import run_tasks

PLAYER_VERSION = "2"
"""Part of every cache key: bump it when the rule-based player changes."""
MAX_MOVES = 3000
CEILING_VERSION = "2"
"""Part of every record of ``benchmarks/fair_ceiling.py``: bump it when the strong fair
player or the solver inside it changes (2: solver version 8, records carry the versions)."""


def play_deal(spec: str, seed: int, configs: Literal["all", "full"] = "all") -> dict[str, Any]:
    """The record of one deal (the worker of :func:`play_tips`): for each configuration,
    ``[won 0/1, score, moves]``; where the player chooses the base, one entry per candidate
    ``[card, cards of its rank in the reserve, depth of the deepest (-1: none), won, score,
    tip's pick 0/1, the random pick 0/1]``."""
    rules = rules_of(spec)
    game = Game(rules, seed=seed)
    tips = set(tips_for(rules))
    plans: list[tuple[str, set[str]]] = [("all", tips)]
    if configs == "all":
        plans += [(f"no-{t}", tips - {t}) for t in sorted(tips)] + [("none", set())]
    start = time.perf_counter()
    games: dict[str, list[int]] = {}
    for config, on in plans:
        result = play_out(game, RulePlayer(on), MAX_MOVES)
        games[config] = [int(result.won), result.score, result.moves]
    record: dict[str, Any] = {
        "player_version": PLAYER_VERSION,
        "spec": spec,
        "seed": seed,
        "games": games,
    }
    if configs == "all" and "base" in tips:
        obs = game.observation()
        pick = strategy.tip_base(obs)
        random_pick = RulePlayer.random_base(obs)
        bases = []
        for reading in strategy.base_readings(obs):
            g = game.copy()
            g.play(reading.move or "")
            result = play_out(g, RulePlayer(tips), MAX_MOVES)
            bases.append(
                [
                    reading.card,
                    reading.in_reserve,
                    max(reading.depths, default=-1),
                    int(result.won),
                    result.score,
                    int(pick is not None and reading.card == pick.card),
                    int(reading.move == random_pick),
                ]
            )
        record["bases"] = bases
    record["seconds"] = round(time.perf_counter() - start, 3)
    return record


def _json_lines(path: Path) -> Iterator[dict[str, Any]]:
    """The JSON objects of a JSON-lines file (none if it does not exist); a line that is
    not one, such as the half line of an interrupted run, is skipped."""
    if not path.exists():
        return
    with path.open(encoding="utf-8") as file:
        for line in file:
            try:
                row = json.loads(line)
            except ValueError:
                continue
            if isinstance(row, dict):
                yield row


def _read(path: Path) -> dict[tuple[str, int], dict[str, Any]]:
    return {
        (row["spec"], row["seed"]): row
        for row in _json_lines(path)
        if row.get("player_version") == PLAYER_VERSION
    }


def load_tips(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """The records of a tip-study cache file (this player version), by spec and seed."""
    done = _read(Path(path))
    return [done[key] for key in sorted(done)]


def load_ceiling(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """The records of ``benchmarks/fair_ceiling.py`` (this :data:`CEILING_VERSION`), by game
    and seed: the games :func:`fair_ceiling` compares."""
    done = {
        (row["game"], row["seed"]): row
        for row in _json_lines(Path(path))
        if row.get("version") == CEILING_VERSION
    }
    return [done[key] for key in sorted(done)]


def play_tips(
    specs: str | Iterable[str],
    seeds: int | Iterable[int],
    *,
    configs: Literal["all", "full"] = "all",
    executor: Executor | Literal["serial"] | int | None = None,
    cache: str | os.PathLike[str] | None = None,
) -> list[dict[str, Any]]:
    """Play every deal of every game spec with every configuration; one record per deal
    (see :func:`play_deal`), in order.

    ``seeds``: a count (deals 1..N) or the seeds. ``executor``: ``None`` a process pool
    over every core, ``"serial"`` this process, a number of processes, or any
    ``concurrent.futures.Executor`` (a Dask ``client.get_executor()``). ``cache``: a
    JSON-lines file; deals already in it are not played again, new ones are appended as
    they finish.
    """
    spec_list = [specs] if isinstance(specs, str) else list(specs)
    for spec in spec_list:
        rules_of(spec)
    if isinstance(seeds, int) and not isinstance(seeds, bool):
        if seeds < 0:
            raise ValueError(f"seeds: a count >= 0 or a list of seeds, not {seeds}")
        seeds = range(1, seeds + 1)
    seed_list = list(cast(Iterable[int], seeds))
    if any(not isinstance(s, int) or isinstance(s, bool) or s < 0 for s in seed_list):
        raise ValueError("seeds are whole numbers >= 0")
    if configs not in ("all", "full"):
        raise ValueError(f"configs is 'all' or 'full', not {configs!r}")
    path = None if cache is None else Path(cache)
    done = _read(path) if path is not None else {}
    tasks = [(spec, seed) for spec in spec_list for seed in seed_list]
    todo = [t for t in tasks if not done.get(t)]
    out = None if path is None else path.open("a", encoding="utf-8")

    def finish(task: tuple[str, int], row: dict[str, Any]) -> None:
        done[task] = row
        if out is not None:
            out.write(json.dumps(row, ensure_ascii=False, separators=(",", ":")) + "\n")
            out.flush()

    try:
        run_tasks(play_deal, [(task, (*task, configs)) for task in todo], executor, finish)
    finally:
        if out is not None:
            out.close()
    return [done[task] for task in tasks]


# ---------------------------------------------------------------- statistics
def paired_difference(
    pairs: Sequence[tuple[bool, bool]], z: float = 1.96
) -> tuple[float, float, float]:
    """Difference of two paired win rates (first minus second) with Newcombe's interval for
    paired proportions (his method 10: Wilson intervals combined through the correlation
    of the pairs). Returns (difference, low, high)."""
    if not pairs:
        raise ValueError("no pairs")
    return paired_interval(*paired_counts(pairs), z=z)


def mean_difference(values: Sequence[float], z: float = 1.96) -> tuple[float, float, float]:
    """Mean of paired per-deal differences with a normal 95% interval."""
    n = len(values)
    if n == 0:
        raise ValueError("no values")
    mean = statistics.fmean(values)
    sd = statistics.stdev(values) if n > 1 else 0.0
    half = z * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def tip_effects(records: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """One row per game spec and tip: the win rate with every tip (``all``), without that
    tip, their paired difference and its 95% interval (Newcombe), the paired difference in
    cards brought to the foundations (``cards_*``, normal interval), and the deal count. The
    ``every tip`` row compares all tips with none; for the base tip, two rows compare the
    tip's base with a random one (the mean over the candidates) and with the best one for
    this player (paired per-deal means, normal interval)."""
    by: dict[str, list[Mapping[str, Any]]] = defaultdict(list)
    for r in records:
        by[r["spec"]].append(r)
    rows = []
    for spec, deals in by.items():
        configs = sorted({c for d in deals for c in d["games"] if c.startswith("no-")})
        for config in [*configs, "none"]:
            pairs = [
                (bool(d["games"]["all"][0]), bool(d["games"][config][0]))
                for d in deals
                if "all" in d["games"] and config in d["games"]
            ]
            if not pairs:
                continue
            diff, low, high = paired_difference(pairs)
            cards = [
                d["games"]["all"][1] - d["games"][config][1]
                for d in deals
                if "all" in d["games"] and config in d["games"]
            ]
            cards_diff = mean_difference(cards)
            rows.append(
                {
                    "spec": spec,
                    "tip": "every tip" if config == "none" else config[3:],
                    "cards_difference": cards_diff[0],
                    "cards_low": cards_diff[1],
                    "cards_high": cards_diff[2],
                    "deals": len(pairs),
                    "with": sum(x for x, _ in pairs) / len(pairs),
                    "without": sum(y for _, y in pairs) / len(pairs),
                    "difference": diff,
                    "low": low,
                    "high": high,
                    "interval": "Newcombe paired",
                }
            )
        bases = [d["bases"] for d in deals if d.get("bases")]
        if bases:
            tip_won = [float(next(b[3] for b in cands if b[5])) for cands in bases]
            random_won = [statistics.fmean(b[3] for b in cands) for cands in bases]
            best_won = [float(any(b[3] for b in cands)) for cands in bases]
            for name, other in (("a random base", random_won), ("the best base", best_won)):
                diffs = [t - o for t, o in zip(tip_won, other, strict=True)]
                diff, low, high = mean_difference(diffs)
                rows.append(
                    {
                        "spec": spec,
                        "tip": f"base: the tip's base against {name}",
                        "deals": len(bases),
                        "with": statistics.fmean(tip_won),
                        "without": statistics.fmean(other),
                        "difference": diff,
                        "low": low,
                        "high": high,
                        "interval": "paired mean, normal",
                    }
                )
    return rows


def base_classes(records: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Win rate of the candidate bases by how many cards of their rank the reserve holds
    (0, 1, 2+), for each game spec: the measured rate the Coach quotes for "bases like it".
    A deal's candidates share its cards, so the 95% interval is clustered by deal
    (:func:`~terrace_widget.intervals.cluster_interval`)."""
    counts: dict[tuple[str, str], dict[int, list[int]]] = defaultdict(dict)
    for r in records:
        for cand in r.get("bases") or []:
            key = (r["spec"], str(min(cand[1], 2)) + ("+" if cand[1] >= 2 else ""))
            deal = counts[key].setdefault(r["seed"], [0, 0])
            deal[0] += cand[3]
            deal[1] += 1
    rows = []
    for (spec, cls), by_deal in sorted(counts.items()):
        clusters = [(k, n) for k, n in by_deal.values()]
        won, n = sum(k for k, _ in clusters), sum(n for _, n in clusters)
        low, high = cluster_interval(clusters)
        rows.append(
            {"spec": spec, "in_reserve": cls, "bases": n, "won": won / n, "low": low, "high": high}
        )
    return rows


def _class_row(clusters: list[list[int]]) -> dict[str, Any]:
    """A class of candidate bases: won share, count and the deal-clustered 95% interval."""
    k, n = sum(c[0] for c in clusters), sum(c[1] for c in clusters)
    low, high = cluster_interval([(c[0], c[1]) for c in clusters])
    return {"won": k / n, "bases": n, "deals": len(clusters), "low": low, "high": high}


def draw_effects(
    records: Iterable[Mapping[str, Any]], pairs: Sequence[tuple[str, str]]
) -> list[dict[str, Any]]:
    """Draw one against draw three on the same deals: for each (one spec, three spec) pair,
    the paired difference of the full player's win rates (Newcombe interval)."""
    won: dict[tuple[str, int], bool] = {}
    for r in records:
        if "all" in r["games"]:
            won[(r["spec"], r["seed"])] = bool(r["games"]["all"][0])
    rows = []
    for one, three in pairs:
        seeds = sorted({s for sp, s in won if sp == one} & {s for sp, s in won if sp == three})
        if not seeds:
            continue
        data = [(won[(one, s)], won[(three, s)]) for s in seeds]
        diff, low, high = paired_difference(data)
        rows.append(
            {
                "one": one,
                "three": three,
                "deals": len(seeds),
                "draw one": sum(x for x, _ in data) / len(data),
                "draw three": sum(y for _, y in data) / len(data),
                "difference": diff,
                "low": low,
                "high": high,
            }
        )
    return rows


def solver_bases(records: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The base tip for the all-seeing solver, from :func:`~terrace_widget.studies.analysis.analyze`
    records made with ``bases="each"``: per game, the share of deals won with the tip's base
    (the least-buried candidate), with a base chosen at random (the mean over the distinct
    candidates) and with the best base (any candidate won), and the paired differences
    (normal 95% intervals), and the won share by how many cards of the base's rank the
    reserve holds (``classes``). Undecided candidates count as not won."""
    deals: dict[tuple[str, int], dict[str, Mapping[str, Any]]] = defaultdict(dict)
    budgets: dict[str, set[Any]] = defaultdict(set)
    for r in records:
        if r.get("base_mode") == "each" and r.get("base"):
            deals[(r["variant"], r["seed"])].setdefault(r["base"], r)
            budgets[r["variant"]].add((r["budget"], r["solver_version"]))

    def burial(r: Mapping[str, Any]) -> tuple[int, int, int]:
        depths = r["base_rank_depths"] or []
        return (r["base_rank_in_reserve"], max(depths, default=-1), sum(depths))

    rows = []
    for variant in sorted({v for v, _ in deals}):
        tip, rand, best = [], [], []
        classes: dict[str, dict[int, list[int]]] = {"0": {}, "1": {}, "2+": {}}
        for (v, seed), cands in deals.items():
            if v != variant:
                continue
            won = {card: float(r["verdict"] == "won") for card, r in cands.items()}
            for card, r in cands.items():
                cls = classes[str(min(r["base_rank_in_reserve"], 2)).replace("2", "2+")]
                deal = cls.setdefault(seed, [0, 0])
                deal[0] += int(won[card])
                deal[1] += 1
            tip.append(won[min(cands.values(), key=burial)["base"]])
            rand.append(statistics.fmean(won.values()))
            best.append(max(won.values()))
        (budget, version), *_ = sorted(budgets[variant], key=str)
        rows.append(
            {
                "spec": variant,
                "deals": len(tip),
                "budget": budget,
                "solver_version": version,
                "tip": statistics.fmean(tip),
                "random": statistics.fmean(rand),
                "best": statistics.fmean(best),
                "tip_minus_random": mean_difference(
                    [a - b for a, b in zip(tip, rand, strict=True)]
                ),
                "best_minus_tip": mean_difference([b - a for a, b in zip(tip, best, strict=True)]),
                "classes": {  # intervals clustered by deal (a deal's candidates share cards)
                    cls: _class_row(list(by_deal.values()))
                    for cls, by_deal in classes.items()
                    if by_deal
                },
            }
        )
    return rows


def fair_ceiling(
    ceiling: Iterable[Mapping[str, Any]],
    rule: Iterable[Mapping[str, Any]] = (),
    solver: Iterable[Mapping[str, Any]] = (),
) -> list[dict[str, Any]]:
    """The strong fair player against the rule player and the all-seeing solver, on the
    same deals: one row per game of ``ceiling`` (the records of
    ``benchmarks/fair_ceiling.py``: ``game``, ``seed``, ``won``). ``rule``: tip-study
    records (the rule player with every tip, ``spec`` = the game); ``solver``:
    :func:`~terrace_widget.studies.analysis.analyze` records of whole deals (one base per deal,
    not ``bases="each"``). Rates have Wilson intervals, the paired difference Newcombe's;
    an undecided solver verdict is counted apart."""
    by_game: dict[str, dict[int, bool]] = defaultdict(dict)
    player = ""
    for r in ceiling:
        by_game[r["game"]][r["seed"]] = bool(r["won"])
        player = r.get("player", player)
    rule_won = {(r["spec"], r["seed"]): bool(r["games"]["all"][0]) for r in rule}
    verdicts = {(r["variant"], r["seed"]): r for r in solver if r.get("base_mode") != "each"}
    rows = []
    for game, won in by_game.items():
        seeds = sorted(won)
        n, k = len(seeds), sum(won.values())
        row: dict[str, Any] = {"game": game, "player": player, "deals": n, "won": k / n}
        row["low"], row["high"] = wilson_interval(k, n)
        pairs = [(won[s], rule_won[(game, s)]) for s in seeds if (game, s) in rule_won]
        if pairs:
            r_k = sum(b for _, b in pairs)
            row["rule"] = {
                "deals": len(pairs),
                "won": r_k / len(pairs),
                "interval": wilson_interval(r_k, len(pairs)),
                "difference": paired_difference(pairs),
            }
        found = [verdicts[(game, s)] for s in seeds if (game, s) in verdicts]
        if len(found) == n:
            s_k = sum(v["verdict"] == "won" for v in found)
            row["solver"] = {
                "deals": n,
                "won": s_k / n,
                "interval": wilson_interval(s_k, n),
                "undecided": sum(v["verdict"] == "unknown" for v in found),
                "budget": found[0]["budget"],
                "solver_version": found[0]["solver_version"],
            }
        rows.append(row)
    return rows

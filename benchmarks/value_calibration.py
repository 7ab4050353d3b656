"""Does the fair value predict what the fair player then does? Calibration, Brier score
and the value's latency (issue 24).

    nice python -m benchmarks.value_calibration --per-family 2000 --samples 16 --workers 2 \
        --out notebooks/data/value-calibration.jsonl \
        --plot notebooks/data/value-calibration.png --latency 60 --latency-samples 32
    nice python -m benchmarks.value_calibration --per-family 2000 --samples 16 --workers 2 \
        --families klondike --memory --out notebooks/data/value-calibration.jsonl

Held-out positions: deals ``--first-seed`` (24,000,001) onwards, used for nothing else.
Each deal is played by the fair rule player (every tip on) to its end; one position is
taken from that game, the one after ``i`` moves with ``i`` drawn uniformly from the
positions where a move was played (``random.Random("value-calibration <game> <seed>")``).
The positions are shared evenly between the games of a family (Terrace's seven, then
Klondike's four). At each position:

* **predicted**: :func:`terrace_widget.fair.value.position_value` from the observation alone
  (``--samples`` worlds, no time limit, seed 0);
* **won**: a fresh rule player plays the *real* deal on from that position (what the value
  claims to predict); ``game_won`` is how the original game ended (the same player with
  its memory of the moves already tried), reported beside it.

Reported per family: a calibration table (10 bins of predicted value: mean predicted,
share won with its 95% Wilson interval), the Brier score against two constant baselines
(the family's share won, and each game's own share won, both taken from these same
positions, which favours the baselines), and the Brier skill score. ``--plot`` saves the
calibration plot. ``--latency N``: then, in this process alone, the values of every legal
move of the first N positions per family (:func:`~terrace_widget.fair.value.move_values`,
``--samples`` worlds, no time limit, then ``seconds=1``): wall time per legal move set
(median, 90th percentile), worlds reached within 1 s, and the standard error of the
difference between the best move and each other move under common random numbers (the
noise the grade thresholds are set against), beside what independent samples would give.

Rows are appended to ``--out`` as they finish (a run resumes); its first line records the
command and the versions.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import random
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from terrace_widget import Game, __version__
from terrace_widget.fair.players import RulePlayer, play_out
from terrace_widget.fair.value import (
    DEFAULT_SAMPLES,
    VALUE_VERSION,
    move_values,
    paired_se,
    position_value,
)
from terrace_widget.intervals import wilson_interval
from terrace_widget.rules.variants import VARIANTS
from terrace_widget.studies.analysis import run_tasks
from terrace_widget.studies.tip_study import PLAYER_VERSION

FAMILIES = {
    family: [v for v, rules in VARIANTS.items() if rules.family == family]
    for family in ("terrace", "klondike")
}
FIRST_SEED = 24_000_001
BINS = 10


def held_out_position(variant: str, seed: int) -> tuple[Game, int, int, bool]:
    """The rule player's game on deal ``seed``: (the game after ``i`` moves, ``i``, the
    moves of the whole game, did that game win?)."""
    game = Game(variant, seed=seed)
    player = RulePlayer()
    moves: list[str] = []
    while len(moves) < 3000:
        obs = game.observation()
        if obs["status"] in ("won", "lost"):
            break
        move = player.choose(obs)
        if move is None:
            break
        game.play(move)
        moves.append(move)
    won = game.status == "won"
    pick = random.Random(f"value-calibration {variant} {seed}").randrange(max(len(moves), 1))
    position = Game(variant, seed=seed)
    for move in moves[:pick]:
        position.play(move)
    return position, pick, len(moves), won


def measure(variant: str, seed: int, samples: int, memory: bool = False) -> dict[str, Any]:
    """One held-out position: its fair value and what the rule player then does."""
    position, index, length, game_won = held_out_position(variant, seed)
    start = time.perf_counter()
    source = position if memory else position.observation()
    value = position_value(source, samples=samples, seconds=None, seed=0, memory=memory)
    seconds = time.perf_counter() - start
    won = play_out(position, RulePlayer()).won
    return {
        "kind": "position",
        "variant": variant,
        "seed": seed,
        "move_index": index,
        "game_moves": length,
        "wins": value.wins,
        "samples": value.samples,
        "memory": memory,
        "predicted": value.estimate,
        "won": int(won),
        "game_won": int(game_won),
        "seconds": round(seconds, 4),
    }


def tasks(
    per_family: int, first_seed: int, families: list[str] | None = None
) -> list[tuple[str, int]]:
    """(variant, seed) pairs: ``per_family`` positions per family, shared evenly, in an
    order that takes every game in turn (so that a run stopped early is balanced)."""
    out = []
    index = list(VARIANTS)
    for k in range(max(math.ceil(per_family / len(g)) for g in FAMILIES.values())):
        for family, games in FAMILIES.items():
            if families is not None and family not in families:
                continue
            if k < math.ceil(per_family / len(games)):
                out += [(v, first_seed + 100_000 * index.index(v) + k) for v in games]
    return out


def skill(score: float, baseline: float) -> float:
    """The Brier skill score ``1 - score / baseline`` (NaN when the baseline is perfect)."""
    return 1 - score / baseline if baseline else math.nan


def brier(rows: list[dict[str, Any]], key: str = "predicted") -> float:
    return statistics.fmean((r[key] - r["won"]) ** 2 for r in rows)


def calibration(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Ten bins of predicted value: count, mean predicted, share won and its interval."""
    bins: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        bins[min(int(r["predicted"] * BINS), BINS - 1)].append(r)
    table = []
    for b in range(BINS):
        members = bins.get(b, [])
        won = sum(r["won"] for r in members)
        low, high = wilson_interval(won, len(members))
        table.append(
            {
                "bin": f"{b / BINS:.1f}-{(b + 1) / BINS:.1f}",
                "n": len(members),
                "predicted": statistics.fmean(r["predicted"] for r in members) if members else None,
                "won": won / len(members) if members else None,
                "low": low,
                "high": high,
            }
        )
    return table


def report(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Print the calibration tables and Brier scores; return the figures."""
    figures: dict[str, Any] = {}
    for family, games in FAMILIES.items():
        mine = [r for r in rows if r["variant"] in games]
        if not mine:
            continue
        base_rate = statistics.fmean(r["won"] for r in mine)
        by_game = {g: [r for r in mine if r["variant"] == g] for g in games}
        game_rate = {g: statistics.fmean(r["won"] for r in rs) for g, rs in by_game.items() if rs}
        b_value = brier(mine)
        b_const = statistics.fmean((base_rate - r["won"]) ** 2 for r in mine)
        b_game = statistics.fmean((game_rate[r["variant"]] - r["won"]) ** 2 for r in mine)
        agree = statistics.fmean(int(r["won"] == r["game_won"]) for r in mine)
        b_game_won = statistics.fmean((r["predicted"] - r["game_won"]) ** 2 for r in mine)
        table = calibration(mine)
        print(f"\n== {family} family: {len(mine)} positions, {sum(r['won'] for r in mine)} won")
        print(f"{'bin':>8} {'n':>5} {'predicted':>9} {'won':>6}  95% interval")
        for row in table:
            if row["n"]:
                print(
                    f"{row['bin']:>8} {row['n']:5d} {row['predicted']:9.3f} {row['won']:6.3f}"
                    f"  {row['low']:.3f}-{row['high']:.3f}"
                )
            else:
                print(f"{row['bin']:>8} {0:5d}")
        print(
            f"Brier: value {b_value:.4f}; constant {base_rate:.3f} -> {b_const:.4f} "
            f"(skill {skill(b_value, b_const):+.3f}); each game's own rate -> {b_game:.4f} "
            f"(skill {skill(b_value, b_game):+.3f})"
        )
        print(
            f"Against the original game's end (the player with its memory): Brier {b_game_won:.4f};"
            f" the two outcomes agree at {100 * agree:.1f}% of positions"
        )
        for g, rs in by_game.items():
            if rs:
                print(
                    f"  {g:24s} n={len(rs):4d} won {game_rate[g]:.3f} mean predicted "
                    f"{statistics.fmean(r['predicted'] for r in rs):.3f} Brier {brier(rs):.4f}"
                )
        figures[family] = {
            "n": len(mine),
            "base_rate": base_rate,
            "brier": b_value,
            "brier_constant": b_const,
            "brier_game_rate": b_game,
            "skill_constant": skill(b_value, b_const),
            "skill_game_rate": skill(b_value, b_game),
            "brier_vs_game_won": b_game_won,
            "table": table,
        }
    return figures


def plot(figures: dict[str, Any], path: Path, samples: int) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(figures), figsize=(5.5 * len(figures), 5), squeeze=False)
    for ax, (family, fig_data) in zip(axes[0], figures.items(), strict=True):
        ax.plot([0, 1], [0, 1], color="grey", lw=1, ls="--", label="perfect calibration")
        pts = [r for r in fig_data["table"] if r["n"]]
        xs = [r["predicted"] for r in pts]
        ys = [r["won"] for r in pts]
        err = [
            [y - r["low"] for y, r in zip(ys, pts, strict=True)],
            [r["high"] - y for y, r in zip(ys, pts, strict=True)],
        ]
        ax.errorbar(xs, ys, yerr=err, fmt="o-", capsize=3, label="share won (95%)")
        for x, y, r in zip(xs, ys, pts, strict=True):
            ax.annotate(
                str(r["n"]), (x, y), textcoords="offset points", xytext=(5, -12), fontsize=8
            )
        ax.set_title(
            f"{family.title()} family: {fig_data['n']} positions\n"
            f"Brier {fig_data['brier']:.4f} vs constant {fig_data['brier_constant']:.4f}"
        )
        ax.set_xlabel(f"fair value (rule player's wins in {samples} sampled deals)")
        ax.set_ylabel("share the rule player then won on the real deal")
        ax.set_xlim(0, 1)
        ax.set_ylim(0, 1)
        ax.legend(loc="upper left", fontsize=8)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    print(f"\nplot saved to {path}")


def pctl(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def latency(todo: list[tuple[str, int]], per_family: int, samples: int) -> list[dict[str, Any]]:
    """Values of every legal move at the first ``per_family`` positions of each family."""
    rows = []
    for family, games in FAMILIES.items():
        share = math.ceil(per_family / len(games))
        chosen = []
        for g in games:
            chosen += [t for t in todo if t[0] == g][:share]
        for variant, seed in chosen[:per_family]:
            position = held_out_position(variant, seed)[0]
            obs = position.observation()
            if obs["status"] in ("won", "lost"):
                continue
            start = time.perf_counter()
            values = move_values(obs, samples=samples, seconds=None)
            full = time.perf_counter() - start
            start = time.perf_counter()
            timed = move_values(obs, samples=samples, seconds=1.0)
            one = time.perf_counter() - start
            best = values.best
            assert best is not None
            pairs = []
            for move in values.moves:
                if move == best:
                    continue
                a, b = values.outcomes[best], values.outcomes[move]
                pa, pb = sum(a) / len(a), sum(b) / len(b)
                grade = values.grade(move)
                pairs.append(
                    {
                        "se_paired": paired_se(a, b),
                        "se_independent": math.sqrt((pa * (1 - pa) + pb * (1 - pb)) / len(a)),
                        "drop": pa - pb,
                        "label": grade.label,
                    }
                )
            rows.append(
                {
                    "kind": "latency",
                    "family": family,
                    "variant": variant,
                    "seed": seed,
                    "moves": len(values.moves),
                    "samples": values.samples,
                    "samples_asked": samples,
                    "seconds": round(full, 4),
                    "samples_in_1s": timed.samples,
                    "seconds_1s": round(one, 4),
                    "pairs": pairs,
                }
            )
    return rows


def latency_report(rows: list[dict[str, Any]], samples: int) -> None:
    for family in FAMILIES:
        mine = [r for r in rows if r["family"] == family]
        if not mine:
            continue
        secs = [r["seconds"] for r in mine]
        reach = [r["samples_in_1s"] for r in mine]
        pairs = [p for r in mine for p in r["pairs"]]
        print(
            f"\n== latency, {family} family: {len(mine)} positions, legal moves median "
            f"{statistics.median(r['moves'] for r in mine):g} (max {max(r['moves'] for r in mine)})"
        )
        print(
            f"every legal move at {samples} worlds: median {statistics.median(secs):.3f} s, "
            f"p90 {pctl(secs, 0.9):.3f} s, max {max(secs):.3f} s; within 1 s: "
            f"{100 * statistics.fmean(s <= 1.0 for s in secs):.1f}% of positions"
        )
        print(
            f"worlds reached with seconds=1: median {statistics.median(reach):g}, "
            f"p10 {pctl([float(x) for x in reach], 0.1):g}; that call's time median "
            f"{statistics.median(r['seconds_1s'] for r in mine):.3f} s, "
            f"p90 {pctl([r['seconds_1s'] for r in mine], 0.9):.3f} s"
        )
        if pairs:
            paired = [p["se_paired"] for p in pairs]
            indep = [p["se_independent"] for p in pairs]
            print(
                f"SE of (best - other) over {len(pairs)} move pairs, {samples} worlds: common "
                f"worlds median {statistics.median(paired):.4f}, p90 {pctl(paired, 0.9):.4f}, "
                f"max {max(paired):.4f}; independent worlds would give median "
                f"{statistics.median(indep):.4f}, p90 {pctl(indep, 0.9):.4f}"
            )
            labels = Counter(p["label"] for p in pairs)
            print(
                "grades of the non-best moves: "
                + ", ".join(f"{k} {v}" for k, v in labels.most_common())
            )


def load(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    rows = []
    for line in path.read_text().splitlines():
        if line.strip():
            rows.append(json.loads(line))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--per-family", type=int, default=2000, help="positions per family")
    parser.add_argument("--samples", type=int, default=32, help="worlds per value")
    parser.add_argument("--first-seed", type=int, default=FIRST_SEED)
    parser.add_argument("--workers", type=int, default=2, help="process pool size")
    parser.add_argument("--out", type=Path, default=None, help="JSONL file (appended, resumed)")
    parser.add_argument("--plot", type=Path, default=None, help="calibration plot (PNG)")
    parser.add_argument(
        "--memory",
        action="store_true",
        help="the player remembers the stock after a redeal (from the Game; not fair to twins)",
    )
    parser.add_argument("--families", default="terrace,klondike", help="comma-separated")
    parser.add_argument("--latency", type=int, default=0, help="latency positions per family")
    parser.add_argument(
        "--latency-samples", type=int, default=DEFAULT_SAMPLES, help="worlds per move value"
    )
    args = parser.parse_args(argv)
    if min(args.per_family, args.samples, args.workers, args.latency_samples) < 1:
        parser.error("--per-family, --samples, --latency-samples and --workers are >= 1")
    if args.latency < 0:
        parser.error("--latency is >= 0")

    header = {
        "kind": "header",
        "command": "python -m benchmarks.value_calibration "
        + " ".join(sys.argv[1:] if argv is None else argv),
        "package_version": __version__,
        "value_version": VALUE_VERSION,
        "player_version": PLAYER_VERSION,
        "player": RulePlayer().name,
        "samples": args.samples,
        "memory": args.memory,
        "first_seed": args.first_seed,
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "load_average": os.getloadavg()[0],
        "started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    old = load(args.out) if args.out else []
    done = {
        (r["variant"], r["seed"]): r
        for r in old
        if r.get("kind") == "position"
        and r.get("samples") == args.samples
        and r.get("memory", False) == args.memory
    }
    families = args.families.split(",")
    if not set(families) <= set(FAMILIES):
        parser.error(f"--families: some of {', '.join(FAMILIES)}")
    todo = tasks(args.per_family, args.first_seed, families)
    missing = [t for t in todo if t not in done]
    print(
        f"{len(todo)} positions, {len(todo) - len(missing)} already measured; "
        f"{args.samples} worlds each"
    )
    sink = None
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        sink = args.out.open("a")
        sink.write(json.dumps(header) + "\n")
        sink.flush()
    start = time.perf_counter()
    count = 0

    def finish(key: tuple[str, int], row: dict[str, Any]) -> None:
        nonlocal count
        done[key] = row
        count += 1
        if sink:
            sink.write(json.dumps(row) + "\n")
            sink.flush()
        if count % 200 == 0:
            print(f"  {count}/{len(missing)} in {time.perf_counter() - start:.0f} s", flush=True)

    run_tasks(
        measure,
        [(t, (t[0], t[1], args.samples, args.memory)) for t in missing],
        args.workers,
        finish,
    )
    print(f"measured {count} positions in {time.perf_counter() - start:.0f} s")
    rows = [done[t] for t in todo]
    figures = report(rows)
    if args.plot:
        plot(figures, args.plot, args.samples)
    if args.latency:
        lat = latency(todo, args.latency, args.latency_samples)
        if sink:
            for row in lat:
                sink.write(json.dumps(row) + "\n")
        latency_report(lat, args.latency_samples)
    elif args.out:
        lat = [r for r in old if r.get("kind") == "latency"]
        if lat:
            latency_report(lat, lat[-1]["samples_asked"])
    if sink:
        sink.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Strategy found in the data: screen candidate rules on a few hundred deals, then confirm
the found rule set on other deals, each rule's effect paired and Holm-corrected.

    python -m benchmarks strategy-search screen --deals 300 --first-seed 10001 \\
        --cache notebooks/data/found-rules-screen.jsonl
    python -m benchmarks strategy-search confirm --deals 2000 --games all --workers 1 \\
        --cache notebooks/data/found-rules.jsonl \\
        --summary notebooks/data/found-rules-summary.json \\
        --ceiling notebooks/data/fair-ceiling.jsonl

``screen`` plays the found set with and without each candidate rule of
terrace_widget.fair.found_rules (uncorrected 95% intervals: it only picks finalists).
``confirm`` plays every game with the found set, the set without each of its rules, the
help's tips, no switch at all and, where runs exist, each version of the reversed-sequence
idea; each game's rule effects form one Holm family, and so do its reversed versions. The
confirmation's seeds (1..N) differ from the screening's (from --first-seed, 10001 by
default). The player is terrace_widget.fair.players.RulePlayer: it sees only the
observation. Records are appended to --cache as deals finish, so an interrupted run
resumes; at the end the cache is rewritten with one line per deal.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from benchmarks.common import add_workers, command_line, pct, points, versions
from benchmarks.strategy import GAMES
from terrace_widget.fair.found_rules import FOUND_RULES, FOUND_SET, REVERSED_VARIANTS
from terrace_widget.fair.tips import rules_of
from terrace_widget.intervals import paired_counts, paired_interval, wilson_interval
from terrace_widget.studies.strategy_search import (
    STUDY_VERSION,
    confirm_configs,
    found_set,
    load_search,
    paired_effects,
    play_search,
    reversed_effects,
    rule_effects,
    win_rate,
)

CANDIDATES = tuple(r.name for r in FOUND_RULES if r not in REVERSED_VARIANTS)
"""The rules ``screen`` tries (the reversed versions have their own study)."""


def label(switches: tuple[str, ...] | list[str]) -> str:
    """A configuration's name in the screening: its switches, sorted, joined by ``+``."""
    return "+".join(sorted(switches)) or "none"


def screen_configs(base: list[str], candidates: list[str]) -> dict[str, tuple[str, ...]]:
    """The set screened against, and that set with each candidate switched (on when it is
    out of the set, off when it is in), named by :func:`label`."""
    configs = {label(base): tuple(base)}
    for rule in candidates:
        switched = [r for r in base if r != rule] if rule in base else [*base, rule]
        configs[label(switched)] = tuple(switched)
    return configs


def compact(path: Path) -> None:
    """Rewrite a cache with one line per deal (the lines of one deal merged)."""
    done = load_search(path)
    lines = [json.dumps(done[key], separators=(",", ":")) for key in sorted(done)]
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")


def table(rows: list[dict[str, Any]], title: str) -> None:
    print(f"\n{title}\n")
    print(
        "| game | effect | deals | won with | without | helps (won only with) "
        "| hurts (won only without) | difference | Holm interval (level) | Holm p | clear? |"
    )
    print("|---|---|--:|--:|--:|--:|--:|--:|---|--:|---|")
    for r in rows:
        print(
            f"| {r['spec']} | {r['effect']} | {r['deals']} | {pct(r['with_rate'])} "
            f"| {pct(r['without_rate'])} | {r['helps']} | {r['hurts']} | {points(r['difference'])} "
            f"| {points(r['low'])} to {points(r['high'])} ({100 * r['level']:.2f}%) "
            f"| {r['p_holm']:.2g} | {'yes' if r['clear'] else 'no clear difference'} |"
        )


def gap_to_ceiling(records: list[dict[str, Any]], ceiling: str | None) -> list[dict[str, Any]]:
    """The found set against the look-ahead fair player on the deals both played."""
    if not ceiling or not Path(ceiling).exists():
        return []
    from terrace_widget.studies.tip_study import load_ceiling

    ahead = {
        (r["game"], r["seed"]): (bool(r["won"]), r.get("player", "")) for r in load_ceiling(ceiling)
    }
    rows = []
    for spec in dict.fromkeys(r["spec"] for r in records):
        pairs = [
            (ahead[(spec, r["seed"])][0], bool(r["games"]["found"][0]))
            for r in records
            if r["spec"] == spec and (spec, r["seed"]) in ahead
        ]
        if not pairs:
            continue
        difference, low, high = paired_interval(*paired_counts(pairs))
        k_ahead, k_found = sum(a for a, _ in pairs), sum(b for _, b in pairs)
        rows.append({
            "spec": spec, "deals": len(pairs), "player": next(iter(ahead.values()))[1],
            "ahead": k_ahead / len(pairs), "ahead_interval": wilson_interval(k_ahead, len(pairs)),
            "found": k_found / len(pairs), "found_interval": wilson_interval(k_found, len(pairs)),
            "gap": difference, "low": low, "high": high,
        })  # fmt: skip
    return rows


def screen(args: argparse.Namespace) -> int:
    seeds = range(args.first_seed, args.first_seed + args.deals)
    candidates = args.candidates.split(",") if args.candidates else list(CANDIDATES)
    base = [r for r in args.base.split(",") if r]
    reference = label(base)
    print(f"| game | configuration | deals | won | against {reference} | 95% interval |")
    print("|---|---|--:|--:|--:|---|")
    for spec in args.games:
        configs = screen_configs(base, candidates)
        records = play_search(spec, seeds, configs, executor=args.workers, cache=args.cache)
        for name in configs:
            rate = win_rate(records, name)
            pairs = [(bool(r["games"][name][0]), bool(r["games"][reference][0])) for r in records]
            d, low, high = paired_interval(*paired_counts(pairs))
            print(
                f"| {spec} | {name} | {rate['deals']} | {pct(rate['rate'])} | {points(d)} "
                f"| {points(low)} to {points(high)} |"
            )
    if args.cache:
        compact(Path(args.cache))
    print(f"\nscreening seeds {seeds.start}..{seeds.stop - 1}; uncorrected 95% intervals")
    return 0


def with_reversed(args: argparse.Namespace, spec: str) -> bool:
    """Whether the confirmation plays the reversed-sequence study on this game."""
    if args.no_reversed:
        return False
    return args.reversed_games is None or spec in args.reversed_games


def confirm(args: argparse.Namespace, argv: list[str] | None) -> int:
    counts = {spec: args.deals_for.get(spec, args.deals) for spec in args.games}
    start = time.perf_counter()
    records = []
    for spec in args.games:
        t = time.perf_counter()
        records += play_search(
            spec,
            range(1, counts[spec] + 1),
            confirm_configs(spec, with_reversed(args, spec)),
            executor=args.workers,
            cache=args.cache,
        )
        print(f"{spec}: {counts[spec]} deals in {time.perf_counter() - t:.1f} s", file=sys.stderr)
    if args.cache:
        compact(Path(args.cache))
    rates = []
    print("| game | found rules | found set | help's tips | no switch | found − help (95%) |")
    print("|---|---|--:|--:|--:|---|")
    for spec in args.games:
        deals = [r for r in records if r["spec"] == spec]
        row = {name: win_rate(deals, name) for name in ("found", "help", "none")}
        (vs_help,) = paired_effects(deals, [("found − help", "found", "help")])
        rates.append({"spec": spec, "rules": list(found_set(spec)), **row, "vs_help": vs_help})
        f = row["found"]
        print(
            f"| {spec} | {', '.join(found_set(spec)) or '(none apply)'} "
            f"| {pct(f['rate'])} ({pct(f['low'])}–{pct(f['high'])}) | {pct(row['help']['rate'])} "
            f"| {pct(row['none']['rate'])} | {points(vs_help['difference'])} "
            f"({points(vs_help['low'])} to {points(vs_help['high'])}) |"
        )
    effects = [row for spec in args.games for row in rule_effects(records, spec)]
    table(effects, "Each found rule: the found set against the set without it (Holm per game)")
    versions_rows = [row for spec in args.games for row in reversed_effects(records, spec)]
    if versions_rows:
        table(
            versions_rows, "The reversed-sequence versions added to the found set (Holm per game)"
        )
    gaps = gap_to_ceiling(records, args.ceiling)
    if gaps:
        print("\n| game | deals | look-ahead player | found set | gap (95%) |")
        print("|---|--:|--:|--:|---|")
        for g in gaps:
            print(
                f"| {g['spec']} | {g['deals']} | {pct(g['ahead'])} | {pct(g['found'])} "
                f"| {points(g['gap'])} ({points(g['low'])} to {points(g['high'])}) |"
            )
    elapsed = time.perf_counter() - start
    stamp = versions()
    print(
        f"\nRulePlayer version {stamp['player_version']}, study version {STUDY_VERSION}, "
        f"deals 1..N ({', '.join(f'{g} {n}' for g, n in counts.items())}); {len(records)} "
        f"deals in {elapsed:.1f} s wall."
    )
    if args.summary:
        summary = {
            "command": command_line("strategy-search", argv),
            "study_version": STUDY_VERSION,
            "player_version": stamp["player_version"],
            "package_version": stamp["package_version"],
            "deals": args.deals,
            "deals_per_game": counts,
            "seeds": "1..N per game (the screening's: 10001..)",
            "found_set": list(FOUND_SET),
            "rates": rates,
            "records": effects + versions_rows,
            "ceiling": gaps,
        }
        Path(args.summary).write_text(
            json.dumps(summary, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
        )
    return 0


def deals_for(text: str) -> dict[str, int]:
    """``"wood=500,signora=500"`` as deals per game; an argparse error otherwise."""
    out = {}
    for part in filter(None, text.split(",")):
        game, _, n = part.partition("=")
        if not n.isdigit() or int(n) < 1:
            raise argparse.ArgumentTypeError(f"not game=N: {part!r}")
        out[games_arg(game)[0]] = int(n)
    return out


def games_arg(text: str) -> list[str]:
    games = list(GAMES) if text == "all" else [g for g in text.split(",") if g]
    for game in games:
        try:
            rules_of(game)
        except Exception as error:  # an unknown game: a usage error
            raise argparse.ArgumentTypeError(str(error)) from None
    return games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("stage", choices=("screen", "confirm"))
    parser.add_argument("--deals", type=int, default=300, help="deals per game")
    parser.add_argument("--games", type=games_arg, default=["terrace"], help="'all' or ids")
    parser.add_argument("--first-seed", type=int, default=10001, help="screen: the first seed")
    parser.add_argument("--candidates", default="", help="screen: rules to try (default all)")
    parser.add_argument("--base", default="", help="screen: the rules screened against")
    parser.add_argument("--cache", default=None, help="JSON-lines file of the deals played")
    parser.add_argument("--summary", default=None, help="confirm: write the figures here")
    parser.add_argument("--ceiling", default=None, help="confirm: fair-ceiling records")
    parser.add_argument(
        "--deals-for", type=deals_for, default={}, help="confirm: game=N,... (else --deals)"
    )
    parser.add_argument(
        "--reversed-games", type=games_arg, default=None, help="confirm: the reversed study's games"
    )
    parser.add_argument("--no-reversed", action="store_true", help="confirm: skip that study")
    add_workers(parser)
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals is at least 1")
    return screen(args) if args.stage == "screen" else confirm(args, argv)


if __name__ == "__main__":
    raise SystemExit(main())

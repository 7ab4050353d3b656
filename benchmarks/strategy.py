"""What the help's strategy tips are worth to a fair player: play deals 1..N of each game
with every tip on, each tip off in turn and none, and print the paired effects.

    python -m benchmarks strategy --deals 2000 --workers 2 --data notebooks/data \\
        --summary terrace_widget/fair/strategy-effects.json
    python -m benchmarks strategy --deals 200 --games terrace,klondike --no-draws
    python -m benchmarks strategy --deals 0 --speed 30 --no-draws   # the player's speed only

The player is terrace_widget.fair.players.RulePlayer (it sees only the observation); the
intervals are 95%: Newcombe's for paired proportions, a normal one for per-deal mean
differences (the base rows). Draw one against draw three is played on the same deals
with the same number of redeals (``klondike-three-card@redeals=2`` is draw three with
draw one's two redeals). Records are appended to ``--cache`` as deals finish, so an
interrupted run resumes where it stopped: one file per game, ``strategy-<game>.jsonl``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from benchmarks.common import add_workers, command_line, pct, points
from terrace_widget.studies.analysis import load_results
from terrace_widget.studies.tip_study import (
    PLAYER_VERSION,
    base_classes,
    draw_effects,
    load_tips,
    play_tips,
    rules_of,
    solver_bases,
    tip_effects,
)

GAMES = (
    "terrace",
    "klondike",
    "generals-patience",
    "klondike-three-card",
    "falling-stars",
    "wood",
    "blondes-and-brunettes",
    "signora",
    "redheads",
    "klondike-unlimited",
    "klondike-no-redeal",
)
"""In the order they are played (the most asked-about first, so a cut-short run has them)."""
DRAWS = (
    ("klondike", "klondike-three-card@redeals=2"),
    ("klondike-unlimited", "klondike-three-card"),
    ("klondike-no-redeal", "klondike-three-card@redeals=0"),
)
"""Draw one against draw three, each pair with the same number of redeals."""


def cache_of(folder: str | None, spec: str) -> Path | None:
    """``strategy-klondike-three-card-redeals-2.jsonl`` for ``klondike-three-card@redeals=2``."""
    if folder is None:
        return None
    return Path(folder) / f"strategy-{spec.replace('@', '-').replace('=', '-')}.jsonl"


def move_speed(games: list[str], deals: int) -> None:
    """Time the rule-based player's choices (its own time, not the engine's) on deals 1..N."""
    from terrace_widget import Game
    from terrace_widget.fair.players import RulePlayer

    print("\n| game | moves timed | RulePlayer.choose, mean | 99th percentile | max |")
    print("|---|--:|--:|--:|--:|")
    for game in games:
        times: list[float] = []
        for seed in range(1, deals + 1):
            g = Game(rules_of(game), seed=seed)
            player = RulePlayer()
            player.reset()
            for _ in range(3000):
                obs = g.observation(prove_loss=False)
                if obs["status"] in ("won", "lost"):
                    break
                t = time.perf_counter()
                move = player.choose(obs)
                times.append(time.perf_counter() - t)
                if move is None:
                    break
                g.play(move)
        times.sort()
        print(
            f"| {game} | {len(times)} | {1000 * sum(times) / len(times):.3f} ms "
            f"| {1000 * times[int(0.99 * (len(times) - 1))]:.3f} ms | {1000 * times[-1]:.2f} ms |"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=200, help="deals 1..N per game")
    parser.add_argument("--games", default="all", help="'all' or specs separated by commas")
    parser.add_argument("--no-draws", action="store_true", help="skip draw one against three")
    add_workers(parser)
    parser.add_argument("--data", default=None, help="folder of the strategy-<game>.jsonl files")
    parser.add_argument("--summary", default=None, help="write the effects as JSON here")
    parser.add_argument(
        "--cached-only",
        action="store_true",
        help="play nothing: summarise the deals already in the --data files (1..N at most)",
    )
    parser.add_argument(
        "--speed", type=int, default=0, help="also time the player's moves on N deals per game"
    )
    parser.add_argument(
        "--solver-bases",
        default=None,
        help="also the base tip for the all-seeing solver, from analyze(bases='each') records",
    )
    args = parser.parse_args(argv)

    games = list(GAMES) if args.games == "all" else [g for g in args.games.split(",") if g]
    if args.speed:
        move_speed(games, args.speed)
    seeds = range(1, args.deals + 1)
    start = time.perf_counter()
    records = []
    for game in games:
        t = time.perf_counter()
        path = cache_of(args.data, game)
        if args.cached_only:
            rows = (
                [r for r in load_tips(path) if r["seed"] in seeds] if path and path.exists() else []
            )
        else:
            rows = play_tips(game, seeds, executor=args.workers, cache=path)
        records += rows
        print(
            f"{game}: {len(rows)} deals in {time.perf_counter() - t:.1f} s",
            file=sys.stderr,
            flush=True,
        )
    draws = []
    if not args.no_draws:
        extra = sorted({three for one, three in DRAWS if three not in games})
        for spec in extra:
            path = cache_of(args.data, spec)
            if args.cached_only:
                if path is not None and path.exists():
                    records += [r for r in load_tips(path) if r["seed"] in seeds]
                continue
            records += play_tips(spec, seeds, configs="full", executor=args.workers, cache=path)
        draws = draw_effects(records, [(o, t) for o, t in DRAWS if o in games or o in extra])
    elapsed = time.perf_counter() - start
    effects = tip_effects(records)
    print(
        "| game | tip | deals | won with | without | difference (points) | 95% interval "
        "| cards to the foundations (95%) |"
    )
    print("|---|---|--:|--:|--:|--:|---|---|")
    for e in effects:
        cards = (
            f"{e['cards_difference']:+.1f} ({e['cards_low']:+.1f} to {e['cards_high']:+.1f})"
            if "cards_difference" in e
            else ""
        )
        print(
            f"| {e['spec']} | {e['tip']} | {e['deals']} | {pct(e['with'])} | {pct(e['without'])} "
            f"| {points(e['difference'])} | {points(e['low'])} to {points(e['high'])} | {cards} |"
        )
    if draws:
        print(
            "\n| draw one | draw three | deals | won, draw one | won, draw three "
            "| difference | 95% interval |"
        )
        print("|---|---|--:|--:|--:|--:|---|")
        for d in draws:
            print(
                f"| {d['one']} | {d['three']} | {d['deals']} | {pct(d['draw one'])} | "
                f"{pct(d['draw three'])} | {points(d['difference'])} | "
                f"{points(d['low'])} to {points(d['high'])} |"
            )
    classes = base_classes(records)
    if classes:
        print(
            "\n| game | cards of the base rank in the reserve | candidate bases "
            "| won (95% interval) |"
        )
        print("|---|---|--:|---|")
        for c in classes:
            print(
                f"| {c['spec']} | {c['in_reserve']} | {c['bases']} | {pct(c['won'])} "
                f"({pct(c['low'])}–{pct(c['high'])}) |"
            )
    solver = (
        solver_bases(load_results(args.solver_bases, as_frame=False)) if args.solver_bases else []
    )
    if solver:
        print(
            "\n| game (all-seeing solver) | deals | budget | tip's base | random base | best base "
            "| tip − random (95%) | best − tip (95%) |"
        )
        print("|---|--:|--:|--:|--:|--:|---|---|")
        for r in solver:
            tr, bt = r["tip_minus_random"], r["best_minus_tip"]
            print(
                f"| {r['spec']} | {r['deals']} | {r['budget']:,} (v{r['solver_version']}) "
                f"| {pct(r['tip'])} | {pct(r['random'])} | {pct(r['best'])} "
                f"| {points(tr[0])} ({points(tr[1])} to {points(tr[2])}) "
                f"| {points(bt[0])} ({points(bt[1])} to {points(bt[2])}) |"
            )
    print(
        f"\nRulePlayer version {PLAYER_VERSION}, deals 1..{args.deals}; {len(records)} games "
        f"in {elapsed:.1f} s wall."
    )
    if args.summary:
        command = command_line("strategy", argv)
        Path(args.summary).write_text(
            json.dumps(
                {
                    "player_version": PLAYER_VERSION,
                    "command": command,
                    "deals": args.deals,
                    "effects": effects,
                    "draws": draws,
                    "bases": classes,
                    "solver_bases": solver,
                },
                indent=1,
                ensure_ascii=False,
            )
            + "\n",
            encoding="utf-8",
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

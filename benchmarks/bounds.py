"""Issue 26's bounds, each measured in a fresh process: time, and peak memory growth.

Every case builds its bad input first, then times the call that must refuse (or accept)
it and reads how much the process's peak resident memory grew during the call
(``ru_maxrss``, Linux), so the figures are the bound's own, not the input's. The cases
are the issue's attacks at their full size (30 MB deck texts, 10 M pile entries, a
5 MB pile text, 10 MB move texts, values nested 100,000 deep, a cache line of
``--cache-mb`` MB, ``solve_fair(samples=20_000)``), the largest save accepted, and the
cost of the brute force against the seed spaces::

    python -m benchmarks.bounds                 # every case, one fresh process each
    python -m benchmarks.bounds --case f3-replay-deck
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _nested(depth: int = 100_000) -> list[object]:
    value: list[object] = []
    for _ in range(depth):
        value = [value]
    return value


def _outcome(call: Callable[[], object]) -> str:
    try:
        result = call()
    except (ValueError, TypeError) as error:
        return f"{type(error).__name__} ({len(str(error)):,} characters): {str(error)[:60]}"
    except RecursionError:
        return "RecursionError"
    return f"accepted: {str(result)[:60]}"


def _case_inputs(name: str, cache_mb: int) -> Callable[[], str]:
    """The call of case ``name``, its input already built."""
    from terrace_widget import Game, Move
    from terrace_widget.game.game import MAX_TURNS
    from terrace_widget.search.advice import solve_fair

    if name == "f3-replay-deck":
        deck = "AS " * 10_000_000
        return lambda: _outcome(lambda: Game.replay({"variant": "klondike", "deck": deck}))
    if name == "f3-from-dict-deck":
        save = Game("klondike", seed=1).to_dict()
        save["deck"] = "AS " * 10_000_000
        return lambda: _outcome(lambda: Game.from_dict(save))
    if name == "f4-move-text":
        text = "x" * 10**7
        return lambda: _outcome(lambda: Game("klondike", seed=1).play(text))
    if name == "f5-nested":
        deep = _nested()
        calls = [
            lambda: Move.parse(deep),  # type: ignore[arg-type]
            lambda: Game("klondike", seed=deep),  # type: ignore[arg-type]
            lambda: Game(deep),  # type: ignore[arg-type]
            lambda: Game.replay({"variant": "klondike", "seed": 1, "moves": [deep]}),
            lambda: Game.from_piles("klondike", {}, rest_to=deep),  # type: ignore[arg-type]
        ]
        return lambda: " | ".join(_outcome(c).split(" (")[0] for c in calls)
    if name == "f6-pile-entries":
        entries = ["AS"] * 10_000_000
        return lambda: _outcome(lambda: Game.from_piles("klondike", {"t1": entries}))
    if name == "f6-pile-text":
        text = "AS " * 1_700_000  # 5 MB
        return lambda: _outcome(lambda: Game.from_piles("klondike", {"t1": text}))
    if name == "f7-largest-save":
        game = Game("klondike-unlimited", seed=1)
        for _ in range(MAX_TURNS):
            game.play("deal")
        save = game.to_dict()
        return lambda: _outcome(lambda: len(Game.from_dict(save).history))
    if name == "f10-cache-line":
        from terrace_widget.studies.analysis import load_results

        folder = Path(tempfile.mkdtemp())
        path = folder / "cache.jsonl"
        with path.open("wb") as file:
            file.write(b'{"seed": "')
            chunk = b"9" * 2**20
            for _ in range(cache_mb):
                file.write(chunk)
            file.write(b'"}\n')

        def read() -> str:
            import warnings

            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                result = _outcome(lambda: len(load_results(path, as_frame=False)))
            path.unlink()
            folder.rmdir()
            return result

        return read
    if name == "f11-solve-fair":
        game = Game("klondike", seed=8)

        def fair() -> str:
            refused = _outcome(lambda: solve_fair(game, samples=20_000, seconds=0.5))
            start = time.perf_counter()
            result = solve_fair(game, samples=1000, seconds=0.5)
            took = time.perf_counter() - start
            return (
                f"samples=20,000: {refused.split(':')[0]}; samples=1,000, seconds=0.5: "
                f"{took:.2f} s, {len(result.worlds)} worlds sampled"
            )

        return fair
    raise ValueError(f"unknown case {name!r}")


CASES = (
    "f3-replay-deck",
    "f3-from-dict-deck",
    "f4-move-text",
    "f5-nested",
    "f6-pile-entries",
    "f6-pile-text",
    "f7-largest-save",
    "f10-cache-line",
    "f11-solve-fair",
)


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kB on Linux


def run_case(name: str, cache_mb: int) -> dict[str, object]:
    """Measure one case in this process (it should be fresh)."""
    call = _case_inputs(name, cache_mb)
    before = _peak_mb()
    start = time.perf_counter()
    outcome = call()
    seconds = time.perf_counter() - start
    return {
        "case": name,
        "seconds": round(seconds, 3),
        "peak_growth_mb": round(_peak_mb() - before, 1),
        "outcome": outcome,
    }


def attack_rate(first: int, seeds: int = 3000) -> float:
    """Seeds a second the brute force tries from ``first`` on (one 52-card shuffle each)."""
    from terrace_widget import shuffled_deck

    start = time.perf_counter()
    for seed in range(first, first + seeds):
        shuffled_deck(seed, 1)
    return seeds / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--case", choices=CASES, help="one case, in this process")
    parser.add_argument("--cache-mb", type=int, default=300, help="the long cache line's size")
    parser.add_argument("--json", action="store_true", help="print JSON lines (with --case)")
    parser.add_argument("--timeout", type=float, default=300, help="seconds a case may take")
    args = parser.parse_args(argv)
    if args.case is not None:
        figures = run_case(args.case, args.cache_mb)
        print(json.dumps(figures) if args.json else figures, flush=True)
        return 0

    import terrace_widget

    print(f"terrace_widget {terrace_widget.__version__}; python -m benchmarks.bounds "
          f"--cache-mb {args.cache_mb}; each case in a fresh process")  # fmt: skip
    print(f"{'case':<18} {'seconds':>8} {'peak +MB':>9}  outcome")
    for name in CASES:
        try:
            done = subprocess.run(
                [sys.executable, "-m", "benchmarks.bounds", "--case", name, "--json",
                 "--cache-mb", str(args.cache_mb)],
                cwd=ROOT, capture_output=True, text=True, check=False, timeout=args.timeout,
            )  # fmt: skip
        except subprocess.TimeoutExpired:
            print(f"{name:<18} stopped after {args.timeout:g} s")
            continue
        if done.returncode != 0:
            print(f"{name:<18} failed: {done.stderr.strip()[-300:]}")
            continue
        row = json.loads(done.stdout.strip().splitlines()[-1])
        print(f"{name:<18} {row['seconds']:>8.3f} {row['peak_growth_mb']:>9.1f}  {row['outcome']}")
    year = 365.25 * 86400
    for label, first, space in (
        ("10**9 seeds (the old Game())", 0, 10**9),
        ("2**31 seeds (the old reset())", 0, 2**31),
        ("2**128 - 2**64 long seeds (random deals now)", 2**64, 2**128 - 2**64),
    ):
        rate = attack_rate(first)
        seconds = space / rate
        print(
            f"brute force over {label}: {rate:,.0f} seeds/s on one core, "
            f"{seconds:,.3g} s = {seconds / year:.3g} core-years"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

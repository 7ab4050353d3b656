"""The worst save that is accepted: time and peak memory of loading it.

A save holds at most ``MAX_TURNS`` turns (moves and redo turns together); this loads a
Klondike save of exactly that many clicks on the stock (unlimited redeals), the largest
history a save may carry, and prints the wall time and the peak memory the load
allocated (``tracemalloc``, in a second load: tracing slows it down), and the time to refuse a
save one turn over the limit::

    python -m benchmarks saves
    python -m benchmarks saves --turns 1000     # a smaller accepted save
"""

from __future__ import annotations

import argparse
import time
import tracemalloc

from terrace_widget import Game
from terrace_widget.game.game import MAX_TURNS, CorruptSaveError


def load(save: dict[str, object], *, traced: bool) -> tuple[float, float | None, str]:
    """(seconds, peak MB or None, outcome) of ``Game.from_dict(save)``."""
    if traced:
        tracemalloc.start()
    start = time.perf_counter()
    try:
        Game.from_dict(save)
        outcome = "accepted"
    except CorruptSaveError as error:
        outcome = f"refused ({error})"
    seconds = time.perf_counter() - start
    peak = None
    if traced:
        peak = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
    return seconds, peak, outcome


def clicks(turns: int) -> dict[str, object]:
    """The save of a Klondike game (unlimited redeals) after ``turns`` clicks on the stock."""
    game = Game("klondike-unlimited", seed=1)
    deal = game.legal_moves()[-1]
    for _ in range(turns):
        game._undo.append(((deal,), [game._make(deal)]))  # Game.play without its checks
    return game.to_dict()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument(
        "--turns", type=int, default=MAX_TURNS, help=f"turns of the accepted save ({MAX_TURNS})"
    )
    args = parser.parse_args(argv)
    if not 0 <= args.turns <= MAX_TURNS:
        parser.error(f"--turns must be between 0 and {MAX_TURNS}")
    for turns in (args.turns, MAX_TURNS + 1):
        save = clicks(turns)
        seconds, _, outcome = load(save, traced=False)
        print(f"{turns:,} turns: {outcome[:70]}, {seconds:.2f} s", flush=True)
        if outcome == "accepted":
            seconds, peak, _ = load(save, traced=True)
            print(f"  peak memory allocated by the load (tracemalloc): {peak:.1f} MB", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Random-playout throughput of the terrace_widget engine, variant by variant.

Run from the repository root::

    python -m benchmarks playout                     # all 11 variants, ~2 s each
    python -m benchmarks playout --seconds 5 --games terrace klondike
    python -m benchmarks playout --json bench.json   # also write the figures as JSON

A *playout step* is ``game.legal_moves()`` followed by ``game.play(rng.choice(moves))``.
A deal is played until no legal move is left or ``--max-moves`` (400) moves have been
played (random Klondike can cycle through the stock for ever), then every move is
taken back with ``game.undo()`` and the next deal (next seed) starts. Playing and
unwinding are timed separately with ``time.perf_counter``; building a deal is not timed.
Whole deals are played until ``--seconds`` of wall time have passed, so the moves made
depend only on ``--seed``; the machine decides only how many deals are reached.

The same playout is run on soliterm's Klondike engine (PyPI ``soliterm==1.2.0``, the
``bench`` extra) for each Klondike variant selected, interleaved with ours in
quarter-second slices, and the ratio ours/soliterm is printed. Without soliterm the
comparison is skipped with a note.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Protocol

from benchmarks.common import command_line, versions

MAX_MOVES = 400
DEFAULT_SECONDS = 2.0
DEFAULT_SEED = 1
SLICE_SECONDS = 0.25
WARM_UP_SECONDS = 0.05
SOLITERM_VERSION = "1.2.0"
OURS = "terrace_widget"
SOLITERM = "soliterm"
# The variant ids of docs/engine-api.md, for --help before the engine is loaded.
VARIANT_IDS = (
    "terrace", "generals-patience", "falling-stars", "signora", "redheads",
    "blondes-and-brunettes", "wood",
    "klondike", "klondike-three-card", "klondike-no-redeal", "klondike-unlimited",
)  # fmt: skip

# Our Klondike variants as soliterm options. soliterm's "standard" redeal rule is
# AisleRiot's: two redeals drawing one card, unlimited drawing three.
SOLITERM_OPTIONS: dict[str, dict[str, object]] = {
    "klondike": {"draw": 1, "redeals": "standard"},
    "klondike-three-card": {"draw": 3, "redeals": "standard"},
    "klondike-no-redeal": {"draw": 1, "redeals": "none"},
    "klondike-unlimited": {"draw": 1, "redeals": "unlimited"},
}

Clock = Callable[[], float]


class OurGame(Protocol):
    """The part of ``terrace_widget.Game`` the benchmark uses (docs/engine-api.md)."""

    @property
    def piles(self) -> dict[str, list[str]]: ...
    @property
    def status(self) -> str: ...
    def legal_moves(self) -> list[Any]: ...
    def play(self, move: Any) -> Any: ...
    def undo(self) -> bool: ...


@dataclass
class Measurement:
    """What one engine did on one variant in its wall-time budget."""

    engine: str
    variant: str
    deals: int = 0
    moves: int = 0
    play_seconds: float = 0.0
    undos: int = 0
    undo_seconds: float = 0.0
    won: int = 0
    stuck: int = 0
    capped: int = 0
    first_seed: int = 0
    inexact_undo: list[int] = field(default_factory=list)
    """Seeds whose unwinding did not take the board back to the deal (should be empty)."""

    def record(self, moves: int, play_s: float, undos: int, undo_s: float) -> None:
        self.deals += 1
        self.moves += moves
        self.play_seconds += play_s
        self.undos += undos
        self.undo_seconds += undo_s

    def count_ending(self, out_of_moves: bool, capped: bool, won: bool) -> None:
        """Count how a playout ended: won or stuck (no legal move left), or capped.

        Won is only asked when no move is left: our ``Game.status`` may run the loss
        search of docs/rules.md#d5, too slow to ask after every deal.
        """
        if out_of_moves:
            if won:
                self.won += 1
            else:
                self.stuck += 1
        elif capped:
            self.capped += 1

    @property
    def moves_per_second(self) -> float:
        return self.moves / self.play_seconds if self.play_seconds else 0.0

    @property
    def undos_per_second(self) -> float:
        return self.undos / self.undo_seconds if self.undo_seconds else 0.0

    @property
    def moves_per_deal(self) -> float:
        return self.moves / self.deals if self.deals else 0.0

    def to_json(self) -> dict[str, object]:
        data = asdict(self)
        data["moves_per_second"] = round(self.moves_per_second, 1)
        data["undos_per_second"] = round(self.undos_per_second, 1)
        data["moves_per_deal"] = round(self.moves_per_deal, 1)
        return data


# --------------------------------------------------------------------------- engines


def load_engine() -> Any:
    """``terrace_widget`` as imported (from the repository root under ``python -m``)."""
    module = importlib.import_module("terrace_widget")
    if not hasattr(module, "Game") or not hasattr(module, "VARIANTS"):
        raise ImportError("terrace_widget has no Game/VARIANTS yet (is the engine written?)")
    return module


def load_soliterm() -> tuple[Any, str] | str:
    """``(soliterm.engine, version)``, or a note saying why the comparison is skipped."""
    try:
        package = importlib.import_module("soliterm")
        engine = importlib.import_module("soliterm.engine")
    except ImportError:
        return (
            f"soliterm is not installed, so there is no comparison "
            f"(pip install soliterm=={SOLITERM_VERSION}, or pip install -e '.[bench]')"
        )
    version = str(getattr(package, "__version__", "?"))
    return engine, version


class OursRunner:
    """Random playouts of one variant on terrace_widget, carried on slice after slice."""

    def __init__(
        self, game_cls: Callable[..., OurGame], variant: str, seed: int, max_moves: int
    ) -> None:
        self.game_cls = game_cls
        self.variant = variant
        self.rng = random.Random(seed)
        self.next_seed = seed
        self.max_moves = max_moves
        self.result = Measurement(OURS, variant, first_seed=seed)

    def run(self, seconds: float, clock: Clock = time.perf_counter) -> None:
        """Play whole deals, from the next seed on, until ``seconds`` have passed."""
        choice, max_moves, result = self.rng.choice, self.max_moves, self.result
        deadline = clock() + seconds
        while clock() < deadline:
            seed = self.next_seed
            self.next_seed += 1
            game = self.game_cls(self.variant, seed=seed)
            start = {name: list(cards) for name, cards in game.piles.items()}
            legal_moves, play, undo = game.legal_moves, game.play, game.undo
            played = 0
            out_of_moves = False
            t0 = clock()
            while played < max_moves:
                moves = legal_moves()
                if not moves:
                    out_of_moves = True
                    break
                play(choice(moves))
                played += 1
            t1 = clock()
            # status may run the loss search (docs/rules.md#d5): ask it only with no move left
            won = out_of_moves and game.status == "won"
            undone = 0
            t2 = clock()
            while undo():
                undone += 1
            t3 = clock()
            result.record(played, t1 - t0, undone, t3 - t2)
            result.count_ending(out_of_moves, played == max_moves, won)
            if undone != played or game.piles != start:
                result.inexact_undo.append(seed)


class SolitermRunner:
    """The same playouts on soliterm's Klondike.

    soliterm's ``Solitaire.legal_moves()`` lists drags as ``(src, dst, n)`` slot-id
    tuples and leaves the stock out, so a click on the stock (``Solitaire.deal()``:
    deal, or redeal the waste) is added as one more choice whenever
    ``Solitaire.can_deal()``; a drag is played with ``Solitaire.attempt_move(src, dst, n)``.
    """

    def __init__(self, engine: Any, variant: str, seed: int, max_moves: int) -> None:
        self.game = engine.new_solitaire("klondike", seed=seed, options=SOLITERM_OPTIONS[variant])
        self.rng = random.Random(seed)
        self.next_seed = seed
        self.max_moves = max_moves
        self.result = Measurement(SOLITERM, variant, first_seed=seed)

    def run(self, seconds: float, clock: Clock = time.perf_counter) -> None:
        """Play whole deals, from the next seed on, until ``seconds`` have passed."""
        choice, max_moves, result, game = self.rng.choice, self.max_moves, self.result, self.game
        legal_moves, can_deal, deal = game.legal_moves, game.can_deal, game.deal
        attempt_move, undo = game.attempt_move, game.undo
        deal_move = None  # stands for the click on the stock among the choices
        deadline = clock() + seconds
        while clock() < deadline:
            seed = self.next_seed
            self.next_seed += 1
            game.new_game(seed)
            start = game.serialize()
            played = 0
            out_of_moves = False
            t0 = clock()
            while played < max_moves:
                moves = legal_moves()
                if can_deal():
                    moves.append(deal_move)
                if not moves:
                    out_of_moves = True
                    break
                move = choice(moves)
                if move is deal_move:
                    deal()
                else:
                    attempt_move(*move)
                played += 1
            t1 = clock()
            won = out_of_moves and game.is_won()
            undone = 0
            t2 = clock()
            while undo():
                undone += 1
            t3 = clock()
            result.record(played, t1 - t0, undone, t3 - t2)
            result.count_ending(out_of_moves, played == max_moves, won)
            if undone != played or game.serialize() != start:
                result.inexact_undo.append(seed)


Runner = OursRunner | SolitermRunner


def measure(make: Callable[[], list[Runner]], seconds: float) -> list[Measurement]:
    """Run fresh runners for ``seconds`` each, interleaved in short slices.

    Interleaving means ours and soliterm's share whatever else the machine is doing,
    so their ratio holds up on a busy machine better than back-to-back runs would.
    A short untimed warm-up on separate runners settles imports and caches first.
    """
    for runner in make():
        runner.run(WARM_UP_SECONDS)
    runners = make()
    slices = max(1, round(seconds / SLICE_SECONDS))
    gc.collect()
    for _ in range(slices):
        for runner in runners:
            runner.run(seconds / slices)
    return [runner.result for runner in runners]


# --------------------------------------------------------------------------- output


def pin_to_one_core() -> str:
    """Pin the process to one CPU where the OS allows it; say which."""
    if not hasattr(os, "sched_setaffinity"):
        return "not pinned (no sched_setaffinity on this OS)"
    cpu = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})
    return f"pinned to CPU {cpu}"


def fmt_rate(value: float) -> str:
    return f"{value:,.0f}"


def render_table(rows: Sequence[Measurement], ratios: dict[str, tuple[float, float]]) -> str:
    """The results as an aligned text table, ratios on our rows that have them."""
    headers: tuple[str, ...] = (
        "variant", "engine", "deals", "moves", "mv/deal", "moves/s", "undos/s", "won",
        "x moves/s", "x undos/s",
    )  # fmt: skip
    body: list[tuple[str, ...]] = []
    for row in rows:
        moves_ratio = undo_ratio = ""
        if row.engine == OURS and row.variant in ratios:
            moves_ratio, undo_ratio = (f"{r:.2f}x" for r in ratios[row.variant])
        body.append((
            row.variant, row.engine + (" !" if row.inexact_undo else ""), f"{row.deals:,}",
            f"{row.moves:,}", f"{row.moves_per_deal:.0f}", fmt_rate(row.moves_per_second),
            fmt_rate(row.undos_per_second), f"{row.won:,}", moves_ratio, undo_ratio,
        ))  # fmt: skip
    if not ratios:  # no comparison: leave the ratio columns out
        headers, body = headers[:-2], [r[:-2] for r in body]
    widths = [max(len(h), *(len(r[i]) for r in body)) for i, h in enumerate(headers)]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(
            cell.ljust(width) if i < 2 else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    rule = "  ".join("-" * width for width in widths)
    return "\n".join([line(headers), rule, *(line(r) for r in body)])


def summary_line(
    ours: Sequence[Measurement], ratios: dict[str, tuple[float, float]], soliterm_note: str | None
) -> str:
    rates = [m.moves_per_second for m in ours]
    total = sum(m.moves for m in ours)
    text = (
        f"Summary: {len(ours)} variant{'s' if len(ours) != 1 else ''}, {total:,} random moves; "
        f"terrace_widget median {fmt_rate(statistics.median(rates))} moves/s "
        f"(range {fmt_rate(min(rates))}-{fmt_rate(max(rates))}), median undo "
        f"{fmt_rate(statistics.median(m.undos_per_second for m in ours))}/s"
    )
    if ratios:
        key = "klondike" if "klondike" in ratios else next(iter(ratios))
        moves_ratio, undo_ratio = ratios[key]
        text += f"; {key}: {moves_ratio:.2f}x soliterm's moves/s, {undo_ratio:.2f}x its undos/s"
    elif soliterm_note:
        text += "; no soliterm comparison"
    bad = [m for m in ours if m.inexact_undo]
    if bad:
        text += f"; UNDO NOT EXACT in {', '.join(m.variant for m in bad)}"
    return text + "."


# --------------------------------------------------------------------------- main


def parse_args(argv: Sequence[str] | None, variant_ids: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Random-playout moves/s and undos/s of the terrace_widget engine per "
        "variant, compared with soliterm's Klondike.",
    )
    parser.add_argument(
        "--seconds",
        type=float,
        default=DEFAULT_SECONDS,
        help="wall time per variant and engine (default %(default)s)",
    )
    parser.add_argument(
        "--games",
        nargs="+",
        metavar="VARIANT",
        default=list(variant_ids),
        help=f"variants to run (default: all): {' '.join(variant_ids)}",
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=DEFAULT_SEED,
        help="seed of the move-choosing random.Random and of the first deal (default %(default)s)",
    )
    parser.add_argument(
        "--max-moves",
        type=int,
        default=MAX_MOVES,
        help="moves per deal before the next deal (default %(default)s)",
    )
    parser.add_argument("--no-soliterm", action="store_true", help="skip the soliterm comparison")
    parser.add_argument("--no-pin", action="store_true", help="do not pin the process to one CPU")
    parser.add_argument("--json", metavar="PATH", type=Path, help="also write the results here")
    args = parser.parse_args(argv)
    unknown = [g for g in args.games if g not in variant_ids]
    if unknown:
        parser.error(f"unknown variant {', '.join(unknown)}; choose from {', '.join(variant_ids)}")
    if args.seconds <= 0 or args.max_moves <= 0:
        parser.error("--seconds and --max-moves must be positive")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv, VARIANT_IDS)
    try:
        tw = load_engine()
    except ImportError as exc:
        print(f"error: cannot load the terrace_widget engine: {exc}", file=sys.stderr)
        return 1
    missing = [g for g in args.games if g not in tw.VARIANTS]
    if missing:
        print(f"error: the engine has no variant {', '.join(missing)}", file=sys.stderr)
        return 1
    games: list[str] = list(dict.fromkeys(args.games))
    pinned = "not pinned (--no-pin)" if args.no_pin else pin_to_one_core()

    soliterm: tuple[Any, str] | None = None
    soliterm_note: str | None = None
    if args.no_soliterm:
        soliterm_note = "soliterm comparison skipped (--no-soliterm)"
    else:
        loaded = load_soliterm()
        if isinstance(loaded, str):
            soliterm_note = loaded
        else:
            soliterm = loaded
            if loaded[1] != SOLITERM_VERSION:
                soliterm_note = (
                    f"soliterm {loaded[1]} is installed; the comparison was written "
                    f"for {SOLITERM_VERSION}"
                )

    print(
        f"terrace_widget {getattr(tw, '__version__', '?')} on Python {platform.python_version()} "
        f"({platform.python_implementation()}, {platform.machine()}), {pinned}"
    )
    print(
        f"random playouts: {args.seconds:g} s per variant and engine, seed {args.seed}, "
        f"at most {args.max_moves} moves per deal"
    )
    if soliterm_note:
        print(f"note: {soliterm_note}")
    sys.stdout.flush()
    show_progress = sys.stderr.isatty()

    rows: list[Measurement] = []
    ours: list[Measurement] = []
    ratios: dict[str, tuple[float, float]] = {}
    began = time.perf_counter()
    for variant in games:

        def make(variant: str = variant) -> list[Runner]:
            runners: list[Runner] = [OursRunner(tw.Game, variant, args.seed, args.max_moves)]
            if soliterm is not None and variant in SOLITERM_OPTIONS:
                runners.append(SolitermRunner(soliterm[0], variant, args.seed, args.max_moves))
            return runners

        measured = measure(make, args.seconds)
        mine = measured[0]
        rows.extend(measured)
        ours.append(mine)
        if len(measured) > 1:
            theirs = measured[1]
            if theirs.moves_per_second and theirs.undos_per_second:
                ratios[variant] = (
                    mine.moves_per_second / theirs.moves_per_second,
                    mine.undos_per_second / theirs.undos_per_second,
                )
        if show_progress:
            print(f"  {variant:<22} {fmt_rate(mine.moves_per_second):>9} moves/s", file=sys.stderr)
    elapsed = time.perf_counter() - began

    print()
    print(render_table(rows, ratios))
    print()
    if ratios:
        print("x moves/s, x undos/s = terrace_widget / soliterm (same playout, own deals each)")
    if any(m.inexact_undo for m in rows):
        print("! = unwinding a deal did not restore it exactly (seeds in the JSON output)")
    print(f"(ran {elapsed:.1f} s)")
    summary = summary_line(ours, ratios, soliterm_note)
    print(summary)

    if args.json:
        report = {
            "benchmark": "random-playout",
            "command": command_line("playout", None if argv is None else list(argv)),
            "versions": versions(),
            "terrace_widget_version": getattr(tw, "__version__", None),
            "python": platform.python_version(),
            "implementation": platform.python_implementation(),
            "machine": platform.machine(),
            "platform": platform.platform(),
            "cpu": pinned,
            "seconds_per_run": args.seconds,
            "seed": args.seed,
            "max_moves": args.max_moves,
            "soliterm_version": soliterm[1] if soliterm else None,
            "note": soliterm_note,
            "results": [m.to_json() for m in rows],
            "ratios_vs_soliterm": {
                v: {"moves_per_second": round(r[0], 3), "undos_per_second": round(r[1], 3)}
                for v, r in ratios.items()
            },
            "summary": summary,
        }
        args.json.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

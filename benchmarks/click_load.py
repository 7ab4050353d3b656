"""How long a click waits for its answer while ten tables search: the load test, timed.

    python -m benchmarks click-load --base b264807 --json notebooks/data/click-load.json

Ten tables (Terrace, Klondike, Wood, Klondike draw three, Redheads, in turn) share one
event loop, as in one kernel, with the table's default settings. Intents arrive at a fixed
rate (one every ``--interval`` seconds, the tables in turn, ``--intents`` per table): the
random mix of tests/test_load.py, with Hint and Winnable? requests whose searches run in
the background. A click's latency is the time from its arrival to the end of its handling
(the new view built): the event loop's lateness (a search holding the GIL, another
click) plus the work. A monitor task also records how late its 5 ms sleeps wake.

Each setup runs in a fresh interpreter, in alternating order over ``--rounds``: the
package of ``--base`` (a git revision: the searches on threads of the kernel, before
table/worker.py), and this tree with its searches in worker processes (``process``) and on
threads (``thread``: ``TERRACE_WIDGET_SEARCHES=thread``, what a kernel without processes
does). Both sides run pure Python (``TERRACE_WIDGET_PURE=1``) unless told otherwise.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import statistics
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from benchmarks.before_after import describe, extract
from benchmarks.common import LOAD_VARIANTS, ROOT, command_line, random_intent, run_python, versions

CHILD = r"""
import asyncio, json, random, sys, time
from typing import Any
from terrace_widget.table.session import TableSession

tables_n, intents, seed = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[4])
interval = float(sys.argv[3])
#INTENTS#


async def main():
    rng = random.Random(seed)
    tables = [TableSession(VARIANTS[i % len(VARIANTS)], seed=100 + i) for i in range(tables_n)]
    latencies, stalls = [], []
    stop = asyncio.Event()

    async def monitor():
        loop = asyncio.get_running_loop()
        while not stop.is_set():
            start = loop.time()
            await asyncio.sleep(0.005)
            stalls.append(loop.time() - start - 0.005)

    watcher = asyncio.create_task(monitor())
    start = time.perf_counter()
    k = 0
    for _ in range(intents):
        for table in tables:
            arrival = start + k * interval
            k += 1
            await asyncio.sleep(max(0.0, arrival - time.perf_counter()))
            table.receive({"id": 1, **random_intent(rng, table.view)})
            latencies.append(time.perf_counter() - arrival)
    elapsed = time.perf_counter() - start
    hints = sum(t.view["hint"] is not None for t in tables)
    stop.set()
    await watcher
    for table in tables:
        table.close()
    return {"latencies": latencies, "stalls": stalls, "elapsed": elapsed, "hints_shown": hints}


print(json.dumps(asyncio.run(main())))
"""


WHERE = {"process": "worker processes", "thread": "threads"}


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(tree: Path, mode: str, args: argparse.Namespace) -> dict[str, Any]:
    env = {"TERRACE_WIDGET_SEARCHES": mode, "TERRACE_WIDGET_PURE": args.pure}
    out = run_python(
        tree, child_script(), str(args.tables), str(args.intents), str(args.interval),
        str(args.seed), env=env, timeout=3600,
    )  # fmt: skip
    raw = json.loads(out.strip().splitlines()[-1])
    lat, stalls = raw["latencies"], raw["stalls"]
    return {
        "clicks": len(lat),
        "click_p50_ms": round(1000 * statistics.median(lat), 2),
        "click_p99_ms": round(1000 * percentile(lat, 0.99), 2),
        "click_max_ms": round(1000 * max(lat), 2),
        "clicks_over_50ms": sum(x > 0.05 for x in lat),
        "stall_p99_ms": round(1000 * percentile(stalls, 0.99), 2),
        "stall_max_ms": round(1000 * max(stalls), 2),
        "elapsed_s": round(raw["elapsed"], 2),
    }


def child_script() -> str:
    """The script each setup runs: :data:`CHILD` with the shared intents pasted in (it
    runs against a base commit's package, where ``benchmarks`` may not exist)."""
    shared = f"VARIANTS = LOAD_VARIANTS = {LOAD_VARIANTS!r}\n\n" + inspect.getsource(random_intent)
    return CHILD.replace("#INTENTS#", shared)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--base", default=None, help="git revision measured as 'before'")
    parser.add_argument("--modes", default="process,thread", help="this tree's setups")
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--intents", type=int, default=1000, help="intents per table")
    parser.add_argument("--interval", type=float, default=0.01, help="seconds between clicks")
    parser.add_argument("--rounds", type=int, default=1, help="alternating rounds")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--pure", default="1", help="TERRACE_WIDGET_PURE for both sides")
    parser.add_argument("--json", type=Path, default=None, help="write the figures here")
    args = parser.parse_args(argv)
    modes = [m for m in args.modes.split(",") if m]
    if not set(modes) <= {"process", "thread"} or args.tables < 1 or args.intents < 1:
        parser.error("--modes is process and/or thread; --tables and --intents are positive")
    setups = [f"tree:{m}" for m in modes] + ([f"base:{args.base}"] if args.base else [])
    runs: dict[str, list[dict[str, Any]]] = {s: [] for s in setups}
    try:
        with tempfile.TemporaryDirectory() as tmp:
            if args.base:
                extract(args.base, Path(tmp))
            for round_ in range(args.rounds):
                for setup in setups if round_ % 2 == 0 else setups[::-1]:
                    where, mode = setup.split(":")
                    tree = Path(tmp) if where == "base" else ROOT
                    runs[setup].append(measure(tree, mode if where == "tree" else "thread", args))
    except subprocess.CalledProcessError as error:
        raise SystemExit(f"click-load: a run failed: {(error.stderr or '').strip()}") from None
    names = {s: (f"base {describe(args.base)} (threads)" if s.startswith("base") else
                 f"{describe('tree')} ({WHERE[s.split(':')[1]]})") for s in setups}  # fmt: skip
    print(f"{args.tables} tables x {args.intents} intents, one every {args.interval * 1000:g} ms; "
          f"pure Python: {args.pure == '1'}; {args.rounds} round(s), medians")  # fmt: skip
    print("| setup | click p50 ms | click p99 ms | click max ms | clicks > 50 ms "
          "| loop stall p99 ms | stall max ms |")  # fmt: skip
    print("|---|--:|--:|--:|--:|--:|--:|")
    summary: dict[str, dict[str, Any]] = {}
    for setup in setups:
        rows = runs[setup]
        med = {k: statistics.median(r[k] for r in rows) for k in rows[0]}
        summary[names[setup]] = {"median": med, "rounds": rows}
        print(f"| {names[setup]} | {med['click_p50_ms']:.1f} | {med['click_p99_ms']:.1f} "
              f"| {med['click_max_ms']:.0f} | {med['clicks_over_50ms']:.0f} of "
              f"{med['clicks']:.0f} | {med['stall_p99_ms']:.1f} "
              f"| {med['stall_max_ms']:.0f} |")  # fmt: skip
    if args.json is not None:
        record = {
            "command": command_line("click-load", argv),
            **versions(),
            "load_average": os.getloadavg()[0] if hasattr(os, "getloadavg") else None,
            "settings": {k: v for k, v in vars(args).items() if k != "json"},
            "setups": summary,
        }
        args.json.write_text(json.dumps(record, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Load: ten tables in one kernel's event loop, a thousand random intents each.

No browser: intents go to each widget's message handler, as the comm would deliver them,
interleaved with Hint and Winnable? requests whose searches run on the tables' worker
threads. The test checks that the event loop never stalls longer than
:data:`STALL_BOUND` (a monitor task measures how late its 5 ms sleeps wake up), that every
table's view matches its game at the end, and that memory comes back once the tables are
closed. The figures are printed (run with ``-s``).
"""

from __future__ import annotations

import asyncio
import gc
import random
import sys
import time

import pytest

from benchmarks.common import LOAD_VARIANTS as VARIANTS
from benchmarks.common import random_intent
from terrace_widget import TerraceWidget
from terrace_widget.search import advice

pytestmark = pytest.mark.slow

TABLES = 10
INTENTS = 1_000
STALL_BOUND = 1.0
"""Seconds the loop may stall at most, on the shared two-core machine the suite runs on.
Measured there (load 11-14): worst 0.62 s, 99th percentile 0.34 s; the long stalls are
the garbage collector's full passes over ten tables' histories (up to 0.4 s) and waits
for the GIL behind the tables' worker threads. The aim of 50 ms holds only on an idle
machine (see the report printed with ``-s``)."""


def same_table(widget: TerraceWidget) -> list[str]:
    """What differs between the widget's view and its game (nothing, if all is well)."""
    view = widget.view
    expected = widget.session._game.observation(prove_loss=True)
    keys = ("piles", "legal_moves", "score", "status", "moves_played", "stock_count")
    return [key for key in keys if view[key] != expected[key]]


def allocated() -> int:
    gc.collect()
    return sys.getallocatedblocks()


def test_ten_tables_in_one_loop() -> None:
    rng = random.Random(2026)
    stalls: list[float] = []

    async def monitor(stop: asyncio.Event) -> None:
        loop = asyncio.get_running_loop()
        while not stop.is_set():
            start = loop.time()
            await asyncio.sleep(0.005)
            stalls.append(loop.time() - start - 0.005)

    async def settle(tables: list[TerraceWidget]) -> None:
        """Wait until no table is checking, hinting or searching any more."""
        for _ in range(400):
            await asyncio.sleep(0.02)
            busy = [w for w in tables if w.session._pending_check or w.session._pending_winnable]
            busy += [w for w in tables if w.show_winnable and w.view["winnable"] is None]
            if not busy:
                return

    async def scenario(intents: int) -> tuple[list[TerraceWidget], float]:
        tables = [
            TerraceWidget(VARIANTS[i % len(VARIANTS)], seed=100 + i, hint_seconds=0.05)
            for i in range(TABLES)
        ]
        for w in tables:
            w.winnable_seconds = 0.05
            w.post_mortem_seconds = 0.2
        stop = asyncio.Event()
        watcher = asyncio.create_task(monitor(stop))  # from here on, every stall counts
        start = time.perf_counter()
        for _ in range(intents):
            for w in tables:
                content = {"id": 1, **random_intent(rng, w.view)}
                w._on_custom_msg(w, content, [])
                await asyncio.sleep(0)  # the comm delivers one message per loop turn
        elapsed = time.perf_counter() - start
        await settle(tables)
        stop.set()
        await watcher
        return tables, elapsed

    # Warm up (imports, each game's tables of rules, the first widgets), then measure
    # from there: memory must come back to where it was before the tables were opened.
    warm, _ = asyncio.run(scenario(20))
    for w in warm:
        w.close()
    del warm
    time.sleep(0.3)
    advice.forget()
    before = allocated()
    stalls.clear()
    tables, elapsed = asyncio.run(scenario(INTENTS))
    mismatches = {i: same_table(w) for i, w in enumerate(tables) if same_table(w)}
    for w in tables:
        w.close()
    del tables
    time.sleep(0.3)  # the workers finish their last check and exit
    advice.forget()  # the process-wide memory of verdicts (bounded) is not a table's
    after = allocated()
    worst = max(stalls)
    p99 = sorted(stalls)[len(stalls) * 99 // 100]
    print(
        f"\n{TABLES} tables x {INTENTS} intents in {elapsed:.1f} s; worst loop stall "
        f"{worst * 1000:.0f} ms, 99th percentile {p99 * 1000:.0f} ms"
        f" ({len(stalls)} samples); memory blocks {before:,} -> {after:,}"
    )
    assert mismatches == {}
    assert worst < STALL_BOUND
    assert after <= before * 1.10

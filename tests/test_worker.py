"""Searches in worker processes (terrace_widget/table/worker.py): where they run, that a
dropped search stops promptly, the thread fallback, and the verdicts a table carries along
a deal's histories (terrace_widget/table/searches.py)."""

from __future__ import annotations

import asyncio
import os
import random
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from terrace_widget import Game
from terrace_widget.search.advice import can_win, forget
from terrace_widget.table import searches, worker
from terrace_widget.table.session import TableSession


@pytest.fixture(autouse=True)
def fresh_pool(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delenv(worker.MODE_VARIABLE, raising=False)
    yield
    worker.shutdown()


def never() -> bool:
    return False


def test_a_search_runs_in_another_process_and_a_plain_callable_here() -> None:
    assert worker.mode() == "process"
    assert worker.run(worker.Search(os.getpid), never) != os.getpid()
    assert worker.run(os.getpid, never) == os.getpid()


def test_searches_run_here_when_told_or_without_processes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(worker.MODE_VARIABLE, "thread")
    assert worker.mode().startswith("thread")
    assert worker.run(worker.Search(os.getpid), never) == os.getpid()
    monkeypatch.delenv(worker.MODE_VARIABLE)
    monkeypatch.setattr(sys, "platform", "emscripten")  # Pyodide: no processes
    assert worker.mode() == "thread: no processes in this kernel (Pyodide)"
    assert worker.run(worker.Search(os.getpid), never) == os.getpid()


def test_a_pool_that_cannot_start_falls_back_to_the_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse() -> None:
        raise OSError("no semaphores here")

    monkeypatch.setattr(worker, "_start_pool", refuse)
    assert worker.run(worker.Search(os.getpid), never) == os.getpid()
    assert worker.mode() == "thread: worker processes could not start (OSError)"


def test_a_dropped_search_stops_promptly_and_frees_its_worker() -> None:
    """Klondike #1 is not decided in seconds: dropped after 0.3 s, the call returns at
    once and the worker process stops at its next check, so the pool answers again."""
    worker.run(worker.Search(os.getpid), never)  # the pool is up
    game = Game("klondike", seed=1)
    start = time.perf_counter()
    dropped = worker.run(
        worker.Search(searches.winnable, game, 60.0, lane="long"),
        lambda: time.perf_counter() - start > 0.3,
    )
    assert dropped is None
    assert time.perf_counter() - start < 0.8
    for _ in range(worker.POOL_SIZE):  # every worker is free again
        begin = time.perf_counter()
        assert worker.run(worker.Search(time.sleep, 0.2, lane="long"), never) is None
        assert time.perf_counter() - begin < 1.0


def test_long_searches_never_hold_up_quick_ones() -> None:
    """Every long worker busy with an undecided Winnable? search: a hint's lane answers."""
    worker.run(worker.Search(os.getpid), never)
    stop = time.perf_counter() + 4.0
    busy = [
        threading.Thread(
            target=worker.run,
            args=(
                worker.Search(searches.winnable, Game("klondike", seed=1), 60.0, lane="long"),
                lambda: time.perf_counter() > stop,
            ),
        )
        for _ in range(worker.POOL_SIZE)
    ]
    for thread in busy:
        thread.start()
    time.sleep(0.5)
    begin = time.perf_counter()
    assert worker.run(worker.Search(os.getpid), never) != os.getpid()
    assert time.perf_counter() - begin < 1.0
    for thread in busy:
        thread.join()
    with pytest.raises(ValueError, match="lane"):
        worker.Search(os.getpid, lane="slow")


def test_the_same_verdicts_in_a_process_and_on_the_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    games = [
        Game(variant, seed=seed) for variant in ("terrace", "klondike", "wood") for seed in (2, 3)
    ]
    remote = [worker.run(worker.Search(searches.winnable, g, 2.0), never) for g in games]
    remote += [worker.run(worker.Search(searches.outcome, g), never) for g in games]
    monkeypatch.setenv(worker.MODE_VARIABLE, "thread")
    forget()
    local = [worker.run(worker.Search(searches.winnable, g, 2.0), never) for g in games]
    local += [worker.run(worker.Search(searches.outcome, g), never) for g in games]
    assert remote == local
    assert {"winnable", "unwinnable"} & set(remote)


def lost_game() -> Game:
    """Wood #5 a few moves in: the solver proves the deal lost from its start."""
    game = Game("wood", seed=5)
    assert can_win(game, budget=20_000) == "unwinnable"
    rng = random.Random(5)
    for _ in range(3):
        game.play(rng.choice(game.legal_moves()))
    return game


def test_verdicts_carry_along_a_deals_histories() -> None:
    game = lost_game()
    known = searches.HistoryVerdicts()
    assert known.recall(game) is None
    known.learn(game, "unknown")
    assert known.recall(game) is None
    known.learn(game, "unwinnable")
    later = game.copy()
    later.play(later.legal_moves()[0])
    assert known.recall(later) == "unwinnable"  # no line wins after a proven loss
    earlier = game.copy()
    earlier.undo()
    assert known.recall(earlier) is None  # the move before may have been the losing one
    other = Game("wood", seed=6)
    assert known.recall(other) is None
    fresh = Game("wood", seed=5)
    known.learn(game, "winnable")  # (a made-up verdict, to test the other direction)
    assert known.recall(fresh) == "winnable"  # every position before a winnable one
    assert known.recall(Game.from_piles("terrace", {"t1": ["AS"]})) is None  # by hand


def test_a_table_says_checking_until_its_verdict_and_never_stalls() -> None:
    """The indicator shows "checking…" (``None``) while the search runs in a worker; the
    event loop keeps answering (its 5 ms sleeps never wake more than 0.25 s late, a bound
    for the shared test machine) and the verdict comes."""
    stalls: list[float] = []

    async def scenario() -> tuple[str | None, str | None]:
        table = TableSession("klondike", seed=4, show_winnable=True, winnable_seconds=5.0)
        first = table.view["winnable"]
        loop = asyncio.get_running_loop()
        for _ in range(3000):
            begin = loop.time()
            await asyncio.sleep(0.005)
            stalls.append(loop.time() - begin - 0.005)
            if table.view["winnable"] is not None:
                break
        table.close()
        return first, table.view["winnable"]

    first, verdict = asyncio.run(scenario())
    assert first is None
    assert verdict in ("winnable", "unwinnable", "unknown")
    assert max(stalls) < 0.25


EXITING_SCRIPT = """
import asyncio, sys, time
from terrace_widget.table.session import TableSession

async def main():
    table = TableSession("klondike", seed=1, show_winnable=True, winnable_seconds=60.0)
    await asyncio.sleep(1.5)
    print(table.view["winnable"])

if __name__ == "__main__":
    asyncio.run(main())
"""


def test_a_kernel_exits_without_waiting_for_its_searches(tmp_path: Path) -> None:
    """A 60 s Winnable? search still running at the exit: the interpreter stops it (in the
    worker process and on the waiting thread) instead of waiting for its limit."""
    script = tmp_path / "exiting.py"
    script.write_text(EXITING_SCRIPT)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=60, check=True
    )
    assert done.stdout.split() == ["None"]  # still checking at the exit
    assert time.perf_counter() - start < 10.0


@pytest.mark.parametrize("variant", ["terrace", "klondike-three-card", "wood"])
def test_games_and_tables_reach_the_worker_as_the_same_position(variant: str) -> None:
    import pickle

    rng, game = random.Random(variant), Game(variant, seed=9)
    for _ in range(30):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(rng.choice(moves))
    table = game.to_table()
    back = pickle.loads(pickle.dumps(table))
    assert back.key() == table.key()
    assert [str(m) for m in back.legal_moves()] == [str(m) for m in table.legal_moves()]
    assert (back.base, back.locked, back.passes, back.down) == (
        table.base, table.locked, table.passes, table.down
    )  # fmt: skip
    again = pickle.loads(pickle.dumps(game))
    assert again.fen() == game.fen() and again.legal_moves() == game.legal_moves()

"""Searches in a worker process: the kernel's event loop never waits behind the solver.

A :class:`Search` is a picklable request (a module-level function and its arguments).
:func:`run` hands it to a small pool of worker processes shared by every table of the
kernel (started lazily, at the first search) and waits for it on the calling thread (a
table's waiting thread, which holds no GIL while it waits). Every :data:`POLL` seconds it
asks ``stale()``; once that is true it drops the search: a search still waiting in the
pool's queue never starts, and a running one stops at its solver's next check
(:data:`terrace_widget.search.solver.CHECK_EVERY` nodes), told through a table of flags in
shared memory, one per running search.

Where there are no processes (JupyterLite's Pyodide, a platform without ``fork`` or
``spawn``, or ``TERRACE_WIDGET_SEARCHES=thread``), or when the pool breaks, the same
request runs on the calling thread under :func:`~terrace_widget.search.solver.stop_when`,
as before: the same results, but sharing the kernel's GIL.

The workers start from a fork server (or a fresh interpreter), never by forking the kernel
with its threads. Like every ``multiprocessing`` program, a plain script that opens tables
in a running event loop keeps that code under ``if __name__ == "__main__":``: each worker
imports the main module (a kernel's, ``ipykernel_launcher``, does nothing when imported).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import concurrent.futures.thread  # its exit handler is registered before ours
import contextlib
import ctypes
import multiprocessing
import os
import sys
import threading
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Generic, TypeVar

from ..search.solver import stop_when

_T = TypeVar("_T")

MODE_VARIABLE = "TERRACE_WIDGET_SEARCHES"
"""Environment variable: ``process`` (the default) or ``thread`` (every search on the
calling thread, in the kernel's process)."""
POOL_SIZE = max(1, min(2, os.cpu_count() or 1))
"""Worker processes of each lane, shared by the kernel's tables."""
LANES = ("quick", "long")
"""Searches of a few seconds at most (hints, game-over checks, post-mortems) and the long
ones (Winnable?, up to its limit) have workers of their own: a long search never holds
up a hint."""
POLL = 0.02
"""Seconds between two looks at ``stale()`` while a search runs in the pool."""
WORKER_NICE = 10
"""How much lower the workers' CPU priority is than the kernel's (``os.nice``): on a busy
machine the event loop, which answers clicks, runs first."""
SLOTS = 4096
"""Cancellation flags in shared memory: search ``n`` uses slot ``n % SLOTS`` (a search
still running ``SLOTS`` submissions later is stopped, which only drops stale work)."""
PRELOAD = ["terrace_widget.table.searches"]
"""Modules the fork server imports once, so a new worker starts warm."""


class Search(Generic[_T]):
    """``function(*args)``, to run in a worker process of ``lane`` (:data:`LANES`): both
    must pickle (``function`` defined at a module's top level, ``args`` plain data or games).
    """

    __slots__ = ("args", "function", "lane")

    def __init__(self, function: Callable[..., _T], *args: Any, lane: str = "quick") -> None:
        if lane not in LANES:
            raise ValueError(f"a search's lane is one of {', '.join(LANES)}, not {lane!r}")
        self.function = function
        self.args = args
        self.lane = lane

    def __call__(self) -> _T:
        return self.function(*self.args)

    def __repr__(self) -> str:
        return f"Search({getattr(self.function, '__qualname__', self.function)!r})"


# ---------------------------------------------------------------- in the worker process
_FLAGS: Any = None


def _start_worker(flags: Any) -> None:
    global _FLAGS
    _FLAGS = flags
    if hasattr(os, "nice"):  # where it is not allowed: the same searches, same priority
        with contextlib.suppress(OSError):
            os.nice(WORKER_NICE)


def _run_job(slot: int, job: int, search: Search[_T]) -> _T | None:
    """Run ``search`` while its flag still holds its number (``None`` if it was dropped)."""
    flags = _FLAGS

    def dropped() -> bool:
        return bool(flags[slot] != job)

    if dropped():
        return None
    with stop_when(dropped):
        return search()


# ---------------------------------------------------------------- in the kernel
class _Pool:
    """The kernel's worker processes, started at the first search."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.executor: concurrent.futures.ProcessPoolExecutor | None = None
        self.flags: Any = None
        self.jobs = 0
        self.unavailable: str | None = None  # why processes cannot be used, once known

    def submit(self, search: Search[_T]) -> tuple[concurrent.futures.Future[_T | None], int, int]:
        with self.lock:
            if self.executor is None:
                self.executor, self.flags = _start_pool()
            self.jobs += 1
            job = self.jobs
            slot = job % SLOTS
            self.flags[slot] = job
            future = self.executor.submit(_run_job, slot, job, search)
        return future, slot, job

    def drop_all(self) -> None:
        flags = self.flags
        if flags is not None:
            for slot in range(SLOTS):
                flags[slot] = 0

    def drop(self, slot: int, job: int) -> None:
        flags = self.flags
        if flags is not None and flags[slot] == job:
            flags[slot] = 0

    def broken(self, why: str) -> None:
        with self.lock:
            executor, self.executor, self.flags = self.executor, None, None
            self.unavailable = why
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)

    def shutdown(self) -> None:
        with self.lock:
            executor, self.executor, self.flags = self.executor, None, None
            self.unavailable = None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)


def _start_pool() -> tuple[concurrent.futures.ProcessPoolExecutor, Any]:
    methods = multiprocessing.get_all_start_methods()
    # Never fork a kernel that runs threads: a fork server (or a fresh interpreter) instead.
    method = "forkserver" if "forkserver" in methods else "spawn"
    context = multiprocessing.get_context(method)
    if method == "forkserver":
        context.set_forkserver_preload(PRELOAD)
    flags = context.RawArray(ctypes.c_longlong, SLOTS)
    executor = concurrent.futures.ProcessPoolExecutor(
        max_workers=POOL_SIZE, mp_context=context, initializer=_start_worker, initargs=(flags,)
    )
    return executor, flags


_POOLS = {lane: _Pool() for lane in LANES}
_EXITING = threading.Event()


def _exiting() -> None:
    """At the interpreter's exit: every search stops at its next check, so that neither the
    waiting threads nor the worker processes hold the exit up for a search's time limit."""
    _EXITING.set()
    for pool in _POOLS.values():
        pool.drop_all()


# Before the thread and process pools' own exit handlers join their threads (this module is
# imported after theirs, and these handlers run in reverse order of registration).
_register_atexit = getattr(threading, "_register_atexit", None)
if _register_atexit is not None:
    _register_atexit(_exiting)


def mode() -> str:
    """Where searches run now: ``"process"`` or ``"thread"`` (and why, after a colon)."""
    if sys.platform == "emscripten":
        return "thread: no processes in this kernel (Pyodide)"
    if os.environ.get(MODE_VARIABLE, "process") == "thread":
        return f"thread: {MODE_VARIABLE}=thread"
    broken = [pool.unavailable for pool in _POOLS.values() if pool.unavailable is not None]
    if broken:
        return f"thread: {broken[0]}"
    return "process"


def run(compute: Callable[[], _T], stale: Callable[[], bool]) -> _T | None:
    """``compute()``, or ``None`` once ``stale()`` is true: a :class:`Search` in the worker
    processes (:func:`mode`), anything else on this thread, stopped by ``stale``."""
    if isinstance(compute, Search) and mode() == "process":
        pool = _POOLS[compute.lane]
        try:
            future, slot, job = pool.submit(compute)
        except (OSError, ImportError, NotImplementedError, RuntimeError) as error:
            pool.broken(f"worker processes could not start ({type(error).__name__})")
        else:
            try:
                return _wait(pool, future, slot, job, stale)
            except BrokenProcessPool:
                pool.broken("the worker processes stopped")
    if stale():
        return None
    with stop_when(stale):
        return compute()


def _wait(
    pool: _Pool,
    future: concurrent.futures.Future[_T | None],
    slot: int,
    job: int,
    stale: Callable[[], bool],
) -> _T | None:
    try:
        while True:
            try:
                return future.result(timeout=POLL)
            except concurrent.futures.TimeoutError:
                if stale() or _EXITING.is_set():
                    future.cancel()
                    return None
    finally:
        pool.drop(slot, job)


def shutdown() -> None:
    """Stop the worker processes (they start again at the next search)."""
    for pool in _POOLS.values():
        pool.shutdown()


def loop_running() -> bool:
    """Whether this thread runs an event loop (a kernel's): background work is scheduled on
    it; without one (a script, a test) the table does it at once or not at all."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True

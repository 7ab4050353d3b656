"""Which deal to put on the table: a winnable one, or the daily deal.

**Winnable deals** come from ``winnable-deals.json`` beside this module (made by ``python
-m benchmarks winnable-deals`` from the saved solver runs: each deal has a winning line the
solver found, so it is winnable *by someone who sees every card*), and from deals the
table proves winnable itself in the background (:class:`DealFinder`: random long seeds,
each solved within :data:`FIND_BUDGET` nodes). A found deal is drawn first: its seed is
known to nobody, while the shipped seeds are public.

**Difficulty** (:data:`RULE`): easy when the fair rule player wins the deal; else medium
when the solver proved it within the game's median effort (nodes) over the listed deals,
else hard.

**The daily deal** is the same for everyone on a date: a listed winnable deal chosen by a
hash of the date and the game. It is public by design (anyone can compute it, hidden
cards included), unlike a random deal's long secret seed.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import random
import secrets
import statistics
import sys
import threading
import time
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ..fair.players import RulePlayer, play_out
from ..game.game import Game
from ..i18n import Message, message, plural_message
from ..rules.deal import MAX_SEED
from ..rules.variants import get_rules
from ..search.solver import solve, stop_when
from .worker import loop_running

LIST_FILE = Path(__file__).with_name("winnable-deals.json")
WINNABLE_TEXT = message("A winnable deal: winnable by someone who sees every card")
"""What the table says of a deal from this module (the solver sees every card)."""
FIND_BUDGET = 100_000
"""Nodes the background finder gives one random deal before trying another."""
FOUND_KEPT = 4
"""Deals the finder keeps ready per game."""
YIELD_SECONDS = 0.002
"""The finder's pause every 256 nodes: a background search must not slow the table."""
DAILY_TEXT = "Daily deal"


@dataclass(frozen=True)
class Deal:
    """A deal to put on the table: its seed, its difficulty and where it came from."""

    variant: str
    seed: int
    difficulty: str
    source: str
    """``list`` (shipped), ``found`` (proven here) or ``daily``."""
    daily: str | None = None


@cache
def shipped() -> dict[str, Any]:
    """The shipped list: ``rule``, ``command``, versions and ``records``."""
    data: dict[str, Any] = json.loads(LIST_FILE.read_text(encoding="utf-8"))
    return data


def rule() -> str:
    """The difficulty rule, stated (from the shipped list)."""
    return str(shipped()["rule"])


def rule_text() -> str:
    """The difficulty rule as the table states it (:func:`rule`, in the table's language)."""
    return message(
        "easy: the fair rule player (every tip on, player version {version}) wins the deal; "
        "medium: it loses, and the solver proved the deal winnable within the game's median "
        "nodes over its winnable deals; hard: it loses, and the solver needed more",
        version=str(shipped().get("player_version", "")),
    )


def listed(variant: str) -> list[dict[str, Any]]:
    """The shipped winnable deals of ``variant`` (a game id), lowest seed first."""
    return [r for r in shipped()["records"] if r["variant"] == variant]


def median_nodes(variant: str) -> float | None:
    """The solver's median effort over the listed deals of ``variant``."""
    rows = listed(variant)
    return statistics.median(r["nodes"] for r in rows) if rows else None


def judge(game: Game, nodes: int) -> str:
    """The difficulty of a deal proven winnable in ``nodes`` (the rule of :func:`rule`)."""
    if play_out(game, RulePlayer()).won:
        return "easy"
    median = median_nodes(game.variant)
    return "medium" if median is not None and nodes <= median else "hard"


class DealFinder:
    """Proves random deals winnable on a daemon thread, a few per game kept ready."""

    def __init__(self) -> None:
        self._found: dict[str, list[Deal]] = {}
        self._lock = threading.Lock()
        self._threads: dict[str, threading.Thread] = {}

    def take(self, variant: str) -> Deal | None:
        """A deal found for ``variant``, or ``None``; in a kernel (a running event loop)
        the search for more starts."""
        with self._lock:
            ready = self._found.get(variant, [])
            deal = ready.pop() if ready else None
        if loop_running():
            self.start(variant)
        return deal

    def start(self, variant: str) -> None:
        """Look for winnable deals of ``variant`` until :data:`FOUND_KEPT` are ready."""
        if sys.platform == "emscripten":  # no threads in Pyodide: the list alone serves
            return
        with self._lock:
            thread = self._threads.get(variant)
            if thread is not None and thread.is_alive():
                return
            thread = threading.Thread(
                target=self._work, args=(variant,), daemon=True, name="terrace-deals"
            )
            self._threads[variant] = thread
        thread.start()

    def find_one(self, variant: str, attempts: int = 50) -> Deal | None:
        """Try up to ``attempts`` random deals; the first proven winnable, judged."""
        for _ in range(attempts):
            game = Game(variant, seed=secrets.randbelow(MAX_SEED + 1))
            solution = solve(game, budget=FIND_BUDGET)
            if solution.verdict == "won":
                return Deal(variant, game.seed or 0, judge(game, solution.nodes), "found")
        return None

    def _work(self, variant: str) -> None:
        def yield_often() -> bool:
            time.sleep(YIELD_SECONDS)  # let the kernel's own thread answer clicks first
            return False

        while True:
            with self._lock:
                if len(self._found.get(variant, [])) >= FOUND_KEPT:
                    return
            with stop_when(yield_often):
                deal = self.find_one(variant, attempts=1)
            if deal is not None:
                with self._lock:
                    self._found.setdefault(variant, []).append(deal)


FINDER = DealFinder()


def winnable_deal(variant: str, rng: random.Random | None = None) -> Deal:
    """A deal of ``variant`` proven winnable: one found in the background if ready, else
    one from the shipped list (at random), else one searched for now."""
    variant = get_rules(variant).id
    found = FINDER.take(variant)
    if found is not None:
        return found
    rows = listed(variant)
    if rows:
        row = (rng or random.SystemRandom()).choice(rows)
        return Deal(variant, row["seed"], row["difficulty"], "list")
    deal = FINDER.find_one(variant)
    if deal is None:
        raise ValueError(f"no winnable deal of {variant} was found; try again")
    return deal


def daily_deal(variant: str, date: dt.date | str | None = None) -> Deal:
    """The daily deal of ``variant`` on ``date`` (today, UTC, by default): the same for
    everyone, a listed winnable deal chosen by a hash of the date and the game."""
    variant = get_rules(variant).id
    day = _day(date)
    rows = listed(variant)
    digest = int.from_bytes(hashlib.sha256(f"{variant} {day}".encode()).digest()[:8], "big")
    if not rows:
        seed = digest  # a game without a list: the hash itself, winnable or not
        return Deal(variant, seed, "unknown", "daily", day)
    row = rows[digest % len(rows)]
    return Deal(variant, row["seed"], row["difficulty"], "daily", day)


def _day(date: dt.date | str | None) -> str:
    if date is None:
        return dt.datetime.now(dt.timezone.utc).date().isoformat()
    if isinstance(date, dt.date):
        return date.isoformat()
    if isinstance(date, str) and len(date) <= 10:
        try:
            return dt.date.fromisoformat(date).isoformat()
        except ValueError:
            pass
    raise ValueError(f"a date is like '2026-12-05', not {str(date)[:20]!r}")


def share_text(deal: Deal, game: Game, seconds: float | None) -> str:
    """The daily deal's share text: the date, the game and the result, no card."""
    status = game.status
    said = {"game": Message(game.rules.name), "date": deal.daily or ""}
    moves = len(game.history)
    if status == "won":
        minutes, secs = divmod(round(seconds or 0), 60)
        return plural_message(
            "terrace_widget daily deal, {game}, {date}: won in {time} with {n} move.",
            "terrace_widget daily deal, {game}, {date}: won in {time} with {n} moves.",
            moves, time=f"{minutes}:{secs:02d}", **said,
        )  # fmt: skip
    if status == "lost":
        return plural_message(
            "terrace_widget daily deal, {game}, {date}: lost after {n} move.",
            "terrace_widget daily deal, {game}, {date}: lost after {n} moves.",
            moves, **said,
        )  # fmt: skip
    return plural_message(
        "terrace_widget daily deal, {game}, {date}: {n} move so far.",
        "terrace_widget daily deal, {game}, {date}: {n} moves so far.",
        moves, **said,
    )  # fmt: skip

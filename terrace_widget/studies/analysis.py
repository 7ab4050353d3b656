"""Winnability studies: solve (or play greedily) many deals, in parallel, with a disk cache.

>>> records = analyze("klondike-three-card", [2, 3], budget=3000, executor="serial",
...                   progress=False, as_frame=False)
>>> [(r["seed"], r["verdict"], r["score"]) for r in records]
[(2, 'unwinnable', None), (3, 'won', 52)]

Every record is a plain dict (fields in :data:`FIELDS`), one per deal, or with
``bases="each"`` one per candidate base card of the games where the player chooses the
base (Terrace and General's Patience). A record is reproducible from ``(variant, seed,
budget)``: with ``seconds=None`` the solver is deterministic (only the ``seconds`` field,
the time it took, varies); a ``seconds`` limit makes ``unknown`` verdicts depend on the
machine and its load.

pandas and tqdm are optional (``pip install terrace-widget[analysis]``): without pandas
the functions return lists of dicts, without tqdm there is no progress bar.
"""

from __future__ import annotations

import math
import os
import statistics
import time
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Literal, TypeGuard, TypeVar

try:
    import fcntl
except ImportError:  # Windows: one writer at a time (so too in Pyodide: no flock)
    fcntl = None  # type: ignore[assignment]

from ..game.game import Game, Status
from ..intervals import wilson_interval
from ..rules.cards import RANKS, parse_card, rank_of
from ..rules.deal import MAX_SEED
from ..rules.limits import as_int, dump_json, load_json, quote
from ..rules.moves import Move
from ..rules.variants import VARIANTS, get_rules
from ..search.solver import DEFAULT_BUDGET, solve

SOLVER_VERSION = "8"
"""Part of every cache key: bump it when the solver's answers may change."""

FIELDS = (
    "variant",
    "seed",
    "player",
    "verdict",
    "length",
    "score",
    "nodes",
    "seconds",
    "base",
    "base_rank",
    "base_rank_in_reserve",
    "base_rank_depths",
    "base_mode",
    "budget",
    "time_limit",
    "solver_version",
)
"""The fields of a record, in order (the columns of :func:`analyze`'s DataFrame)."""

Player = Literal["solver", "greedy"]
Bases = Literal["best", "each"]
Key = tuple[Any, ...]


# ---------------------------------------------------------------- the greedy player
@dataclass
class GreedyResult:
    """How far :func:`greedy_play` got."""

    status: Status
    """``won``, ``lost`` (no move left or proven lost) or ``playing`` (no progress left)."""
    score: int
    """Cards on the foundations."""
    max_score: int
    moves: list[Move] = field(default_factory=list)
    """The moves played, from the given position."""


def _choices(game: Game) -> list[tuple[str, str]]:
    """(card code, tableau pile) of each distinct base card the player may choose now."""
    if game.status != "choosing-base":
        return []
    piles = game.piles
    found: dict[str, str] = {}
    for move in game.legal_moves():
        if move.target == "f1" and move.source.startswith("t"):
            found.setdefault(piles[move.source][-1], move.source)
    return list(found.items())


def greedy_play(
    game: Game, policy: str = "foundation-first", *, base: str | None = None, max_moves: int = 5000
) -> GreedyResult:
    """Play ``game`` (left unchanged; a copy is played) with a simple deterministic bot.

    The ``foundation-first`` policy plays, in this order of preference and never into a
    position it has already seen: any card to a foundation; a tableau move that turns up a
    face-down card or uncovers a card a foundation takes now; a waste card to the tableau;
    a deal. It stops when the game is won or none of these moves is left. Where the player
    chooses the base it takes ``base`` (a card code), or the first candidate pile's card.
    """
    if policy != "foundation-first":
        raise ValueError(f"unknown greedy policy {policy!r}; the policies are: foundation-first")
    g = game.copy()
    played: list[Move] = []
    choices = _choices(g)
    if choices:
        wanted = choices[0][0] if base is None else _code(base)
        pile = dict(choices).get(wanted)
        if pile is None:
            raise ValueError(
                f"{base!r} is not a base card to choose here; the candidates are "
                f"{', '.join(c for c, _ in choices)}"
            )
        played.append(g.play(Move(pile, "f1")))
    seen = {g.position_key()}
    while len(played) < max_moves and g.status != "won":
        for move in _greedy_order(g):
            g.play(move)
            key = g.position_key()
            if key in seen:
                g.undo()
                continue
            seen.add(key)
            played.append(move)
            break
        else:
            break
    return GreedyResult(g.outcome(), g.score, g.rules.cards, played)


def _greedy_order(g: Game) -> list[Move]:
    """The legal moves the greedy bot considers, best first (stable within a class)."""
    piles = g.piles
    takes = g.to_table().foundation_targets()
    ranked: list[tuple[int, int, Move]] = []
    for i, move in enumerate(g.legal_moves()):
        source, target = move.source, move.target
        if move.is_deal:
            rank = 3
        elif source.startswith("f"):
            continue
        elif target.startswith("f"):
            rank = 0
        elif source == "waste":
            rank = 2
        else:  # tableau -> tableau
            pile = piles[source]
            if len(pile) <= move.size:
                continue
            under = pile[-move.size - 1]
            if not (under.startswith("#") or parse_card(under) in takes):
                continue
            rank = 1
        ranked.append((rank, i, move))
    ranked.sort()
    return [move for _, _, move in ranked]


# ---------------------------------------------------------------- one deal
def _code(card: str) -> str:
    """A card in the package's notation (``'7H'``, ``'TD'``)."""
    value = parse_card(card)
    return RANKS[rank_of(value) - 1] + "CDHS"[value // 13]


def _reserve_facts(game: Game, card: str) -> tuple[int, int, list[int]]:
    """(base rank, cards of that rank in the reserve, their depths: 0 = the top card)."""
    rank = rank_of(parse_card(card))
    reserve = game.piles.get("reserve", [])
    depths = [len(reserve) - 1 - i for i, c in enumerate(reserve) if rank_of(parse_card(c)) == rank]
    return rank, len(depths), sorted(depths)


def _record(
    variant: str,
    seed: int,
    player: str,
    budget: int | None,
    seconds: float | None,
    base_mode: str | None,
) -> dict[str, Any]:
    record: dict[str, Any] = dict.fromkeys(FIELDS)
    record.update(
        variant=variant,
        seed=seed,
        player=player,
        base_mode=base_mode,
        budget=budget,
        time_limit=seconds,
        solver_version=SOLVER_VERSION,
    )
    return record


def _set_base(record: dict[str, Any], game: Game, card: str | None) -> None:
    if card is not None:
        record["base"] = card
        record["base_rank"], record["base_rank_in_reserve"], record["base_rank_depths"] = (
            _reserve_facts(game, card)
        )


def solve_deal(
    variant: str,
    seed: int,
    budget: int | None = DEFAULT_BUDGET,
    seconds: float | None = None,
    base: str | None = None,
    player: Player = "solver",
) -> list[dict[str, Any]]:
    """The records of one deal ``Game(variant, seed=seed)`` (the worker of :func:`analyze`).

    ``base``: ``None`` lets the player choose the base (one record; its ``base`` is the
    card the winning line chooses); a card code plays that base choice first; ``"each"``
    gives one record per candidate base card. Games without a base choice ignore it.
    """
    rules = get_rules(variant)
    game = Game(rules, seed=seed)
    choices = _choices(game) if rules.base == "choose" else []
    if player == "greedy":
        budget = seconds = None
    elif player != "solver":
        raise ValueError(f"unknown player {player!r}; the players are: solver, greedy")
    if not choices:
        return [_one(game, seed, player, budget, seconds, None, None)]
    if base is None:
        return [_one(game, seed, player, budget, seconds, "best", None)]
    wanted = [c for c, _ in choices] if base == "each" else [_code(base)]
    by_card = dict(choices)
    for card in wanted:
        if card not in by_card:
            raise ValueError(
                f"{rules.name} #{seed}: {base!r} is not a base card to choose; the candidates "
                f"are {', '.join(by_card)}"
            )
    return [_one(game, seed, player, budget, seconds, "each", (c, by_card[c])) for c in wanted]


def _one(
    game: Game,
    seed: int,
    player: str,
    budget: int | None,
    seconds: float | None,
    base_mode: str | None,
    choice: tuple[str, str] | None,
) -> dict[str, Any]:
    record = _record(game.variant, seed, player, budget, seconds, base_mode)
    start = time.perf_counter()
    g = game
    first: list[Move] = []
    if choice is not None:
        g = game.copy()
        first = [g.play(Move(choice[1], "f1"))]
        _set_base(record, game, choice[0])
    if player == "greedy":
        if base_mode == "best":
            # "best": the base card whose greedy game goes furthest (the first on ties).
            results = [(greedy_play(g, base=c), c) for c, _ in _choices(g)]
            result, card = max(results, key=lambda rc: (rc[0].status == "won", rc[0].score))
            _set_base(record, game, card)
        else:
            result = greedy_play(g)
        won = result.status == "won"
        moves = first + result.moves
        record.update(
            verdict="won" if won else "unknown",
            score=result.score,
            nodes=len(moves),
            length=len(moves) if won else None,
        )
    else:
        solution = solve(g, budget=budget, seconds=seconds)
        won = solution.verdict == "won"
        moves = first + solution.moves
        record.update(
            verdict=solution.verdict,
            nodes=solution.nodes,
            length=len(moves) if won else None,
            score=game.rules.cards if won else None,
        )
        if won and base_mode == "best":
            _set_base(record, game, game.piles[moves[0].source][-1])
    record["seconds"] = round(time.perf_counter() - start, 6)
    return record


# ---------------------------------------------------------------- the cache
def _key_of(record: Mapping[str, Any]) -> Key:
    mode = record["base_mode"]
    return (
        record["solver_version"],
        record["player"],
        record["variant"],
        record["seed"],
        record["budget"],
        record["time_limit"],
        record["base"] if mode == "each" else mode,
    )


_COUNTS = ("length", "score", "nodes")
"""Record fields that are a whole number >= 0 or None."""
MAX_CACHE_LINE = 64 * 1024
"""The longest cache line read (a record is a few hundred bytes)."""


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _number(value: object) -> TypeGuard[int | float]:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _finite(value: object) -> bool:
    return _number(value) and math.isfinite(value) and value >= 0


def _check_record(record: object) -> dict[str, Any]:
    """The record of one cache line, or a ``ValueError`` saying what is wrong with it."""
    if not isinstance(record, dict) or not set(FIELDS) <= set(record):
        raise ValueError("not a record with the fields of analysis.FIELDS")
    if (
        record["variant"] not in VARIANTS
        or not _whole(record["seed"])
        or not 0 <= record["seed"] <= MAX_SEED
        or record["verdict"] not in ("won", "unwinnable", "unknown")
        or record["player"] not in ("solver", "greedy")
        or not isinstance(record["solver_version"], str)
    ):
        raise ValueError("unknown variant, seed, verdict, player or solver version")
    if not all(record[f] is None or (_whole(record[f]) and record[f] >= 0) for f in _COUNTS):
        raise ValueError("length, score or nodes is not a whole number >= 0")
    if not _finite(record["seconds"]) or record["nodes"] is None:
        raise ValueError("nodes or seconds is not a number >= 0")
    if record["budget"] is not None and not (_whole(record["budget"]) and record["budget"] >= 1):
        raise ValueError("budget is not a number of nodes")
    if record["time_limit"] is not None and not (
        _finite(record["time_limit"]) and record["time_limit"] > 0
    ):
        raise ValueError("time_limit is not a positive number of seconds")
    if (record["verdict"] == "won") != (record["length"] is not None):
        raise ValueError("a won record has a length, and only a won record")
    if record["base_mode"] not in (None, "best", "each") or not (
        record["base"] is None or isinstance(record["base"], str)
    ):
        raise ValueError("base or base_mode is not a base choice")
    if record["base_mode"] == "each" and record["base"] is None:
        raise ValueError("a record of one base card names the card")
    result = {f: record[f] for f in FIELDS}
    hash(_key_of(result))
    return result


def _version_order(version: str) -> tuple[int, int]:
    """Solver versions in the order they were made: ``"10"`` after ``"9"``, and a version
    that is no number (a development build such as ``"next"``) after every number."""
    return (0, int(version)) if version.isascii() and version.isdigit() else (1, 0)


def _can_lock() -> bool:
    """Whether files can be locked here: ``fcntl.flock`` exists (not on Windows, nor in
    Pyodide, whose ``fcntl`` module has no ``flock``)."""
    return fcntl is not None and hasattr(fcntl, "flock")


def _lock_file(file: IO[bytes]) -> None:
    """Hold an exclusive lock on ``file`` until it is closed (POSIX; elsewhere none)."""
    if not _can_lock():
        return
    with suppress(OSError):  # a file system without locks (or Pyodide's): one writer
        fcntl.flock(file.fileno(), fcntl.LOCK_EX)


@contextmanager
def _locked(path: Path) -> Iterator[IO[bytes]]:
    """The cache file, open to read and append, locked against every other process and
    thread that goes through here. A rewrite replaces the file: a writer that was waiting
    for the lock finds that its file is no longer the path's, and opens the new one."""
    while True:
        file = path.open("a+b")
        try:
            _lock_file(file)
            try:
                same = os.fstat(file.fileno()).st_ino == os.stat(path).st_ino
            except FileNotFoundError:
                same = False
        except BaseException:
            file.close()
            raise
        if same or not _can_lock():
            break
        file.close()
    try:
        yield file
    finally:
        file.close()


def _lines(file: IO[bytes]) -> Iterator[tuple[int, int, bytes | None]]:
    """``(start, end, line)`` for each line of ``file`` from its start; ``line`` is
    ``None`` for a line longer than :data:`MAX_CACHE_LINE`, which is skipped, never held
    in memory whole."""
    file.seek(0)
    position = 0
    while True:
        raw = file.readline(MAX_CACHE_LINE + 1)
        if not raw:
            return
        start, position = position, position + len(raw)
        if len(raw) <= MAX_CACHE_LINE or raw.endswith(b"\n"):
            yield start, position, raw
            continue
        while raw and not raw.endswith(b"\n"):
            raw = file.readline(1 << 16)
            position += len(raw)
        yield start, position, None


Span = tuple[int, int]


def _read_records(
    file: IO[bytes], path: Path, *, warn: bool = True
) -> tuple[list[dict[str, Any]], list[Span]]:
    """The valid records of a locked JSON-lines file (first of equal keys) and where its
    bad lines are (byte ranges)."""
    records: dict[Key, dict[str, Any]] = {}
    bad: list[Span] = []
    for number, (start, end, raw) in enumerate(_lines(file), 1):
        if raw is not None and not raw.strip():
            continue
        try:
            if raw is None:
                raise ValueError(f"longer than {MAX_CACHE_LINE // 1024} kB")
            record = _check_record(load_json(raw, "the line", max_chars=MAX_CACHE_LINE))
        except (ValueError, TypeError) as error:
            bad.append((start, end))
            if warn:
                warnings.warn(
                    f"{path}:{number}: corrupt cache line ignored ({str(error)[:200]}); "
                    "its deal will be recomputed",
                    RuntimeWarning,
                    stacklevel=4,
                )
            continue
        records.setdefault(_key_of(record), record)
    return list(records.values()), bad


def _read_cache(path: Path, *, warn: bool = True) -> list[dict[str, Any]]:
    """The valid records of a JSON-lines file (first of equal keys)."""
    if not path.exists():
        return []
    with _locked(path) as file:
        return _read_records(file, path, warn=warn)[0]


class _Cache:
    """Appends each finished record to a JSON-lines file at once (one record per line).

    Any number of processes may share the file: each read, append and rewrite holds the
    file's lock (issue 26, F10), so no record is lost and no line is interleaved.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with _locked(self.path) as file:
            records, bad = _read_records(file, self.path)
            if bad:
                self._rewrite(file, records, bad)
        self.records = {_key_of(r): r for r in records}

    def _rewrite(self, file: IO[bytes], records: list[dict[str, Any]], bad: list[Span]) -> None:
        """Rewrite the locked file with its valid records only; the corrupt lines are
        kept, appended to ``<name>.corrupt`` beside it, so nothing is lost."""
        aside = self.path.with_name(self.path.name + ".corrupt")
        with aside.open("ab") as out:
            for start, end in bad:
                file.seek(start)
                while start < end:
                    chunk = file.read(min(end - start, 1 << 20))
                    if not chunk:
                        break
                    out.write(chunk)
                    start += len(chunk)
                if not chunk.endswith(b"\n"):
                    out.write(b"\n")
        fresh = self.path.with_name(self.path.name + ".tmp")
        with fresh.open("w", encoding="utf-8") as out:
            out.writelines(dump_json(r) + "\n" for r in records)
        os.replace(fresh, self.path)  # under the old file's lock: waiting writers reopen
        warnings.warn(
            f"{self.path}: {len(bad)} corrupt line(s) moved to {aside.name}",
            RuntimeWarning,
            stacklevel=4,
        )

    def add(self, record: Mapping[str, Any]) -> None:
        line = (dump_json(record) + "\n").encode()  # never NaN or Infinity: JSON has neither
        with _locked(self.path) as file:
            file.seek(0, os.SEEK_END)
            if file.tell():
                # A run killed mid-write may leave a last line without its newline.
                file.seek(-1, os.SEEK_END)
                if file.read(1) != b"\n":
                    line = b"\n" + line
            file.write(line)

    def close(self) -> None:
        """Nothing is held open between records."""


def load_results(
    path: str | os.PathLike[str],
    *,
    as_frame: bool | None = None,
    solver_version: str | None = "newest",
) -> Any:
    """The records of a cache file written by :func:`analyze` (corrupt lines warn).

    Records of different solver versions are never mixed: by default each deal (variant,
    seed, player, budget, time limit, base choice) keeps only its record of the newest
    solver version (``"10"`` is newer than ``"9"``, a development build such as ``"next"``
    newer than any number); ``solver_version="7"`` keeps that version's
    records only, ``None`` every record.
    """
    path = Path(path)
    if not path.exists():
        raise FileNotFoundError(f"no results file {str(path)!r}")
    records = _read_cache(path)
    if solver_version == "newest":
        # By version, not by place: processes of two versions may append in any order.
        newest: dict[Key, dict[str, Any]] = {}
        for record in records:
            deal = _key_of(record)[1:]
            best = newest.get(deal)
            # ">=": of two development builds, the one written last.
            if best is None or _version_order(record["solver_version"]) >= _version_order(
                best["solver_version"]
            ):
                newest[deal] = record
        kept = set(map(id, newest.values()))
        records = [r for r in records if id(r) in kept]
    elif solver_version is not None:
        records = [r for r in records if r["solver_version"] == solver_version]
    return _frame(records, as_frame)


# ---------------------------------------------------------------- analyze
def _frame(
    records: list[dict[str, Any]], as_frame: bool | None, columns: Sequence[str] = FIELDS
) -> Any:
    if as_frame is False:
        return records
    try:
        import pandas as pd
    except ImportError:
        if as_frame:
            raise ImportError(
                "as_frame=True needs pandas: pip install 'terrace-widget[analysis]'"
            ) from None
        return records
    frame = pd.DataFrame.from_records(records, columns=list(columns))
    for name in _INT_COLUMNS.intersection(frame.columns):
        frame[name] = frame[name].astype("Int64")  # integers with missing values
    return frame


_INT_COLUMNS = frozenset(
    ("seed", "length", "score", "nodes", "base_rank", "base_rank_in_reserve", "budget", "deals")
)


class _NoBar:
    def update(self, n: int = 1) -> None:
        pass

    def set_postfix_str(self, text: str, refresh: bool = True) -> None:
        pass

    def close(self) -> None:
        pass


def _bar(total: int, initial: int, enabled: bool, desc: str) -> Any:
    if not enabled:
        return _NoBar()
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return _NoBar()
    return tqdm(total=total, initial=initial, desc=desc, unit="deal", smoothing=0.05)


def _variants(variants: str | Iterable[str]) -> list[str]:
    if isinstance(variants, str):
        variants = list(VARIANTS) if variants.strip().lower() == "all" else [variants]
    elif not isinstance(variants, Iterable):
        raise ValueError(f"variants: an id, 'all' or a list of ids, not {variants!r}")
    ids = [get_rules(v).id for v in variants]
    if not ids:
        raise ValueError("no variant to analyse")
    return list(dict.fromkeys(ids))


def _seeds(seeds: int | Iterable[int]) -> list[int]:
    if _whole(seeds):
        if seeds < 0:
            raise ValueError(f"seeds: a number of deals is at least 0, not {seeds}")
        return list(range(1, seeds + 1))
    if isinstance(seeds, str) or not isinstance(seeds, Iterable):
        raise ValueError(f"seeds: a number of deals or a list of seeds, not {seeds!r}")
    result: list[int] = []
    for value in seeds:
        seed = as_int(value)  # NumPy's integers too (a DataFrame column)
        if not _whole(seed) or not 0 <= seed <= MAX_SEED:
            raise ValueError(f"a seed is a whole number from 0 to 2**128 - 1, not {quote(seed)}")
        result.append(seed)
    return result


def analyze(
    variants: str | Iterable[str],
    seeds: int | Iterable[int],
    budget: int | None = DEFAULT_BUDGET,
    *,
    seconds: float | None = None,
    bases: Bases = "best",
    player: Player = "solver",
    executor: Executor | Literal["serial"] | int | None = None,
    cache: str | os.PathLike[str] | None = None,
    progress: bool = True,
    as_frame: bool | None = None,
) -> Any:
    """Solve (or play greedily) every deal ``Game(variant, seed=s)``; one record per deal.

    ``variants``: an id, ``"all"``, or ids; ``seeds``: ``N`` (deals 1 … N) or seeds.
    ``budget`` / ``seconds``: the solver's node and wall-time budget per deal (a
    ``seconds`` limit makes the results machine-dependent). ``bases="each"``: in the games
    where the player chooses the base, one record per candidate base card instead.
    ``player="greedy"``: :func:`greedy_play` instead of the solver (its failures are
    ``unknown``: they prove nothing).

    ``executor``: ``None`` a process pool over every core, ``"serial"`` or ``1`` this
    process, an int a pool of that size, or any ``concurrent.futures.Executor`` (a Dask
    ``client.get_executor()`` works), used as is and not shut down. ``cache``: a JSON-lines
    file; each record is appended as soon as it is done, and records already there (same
    variant, seed, budget, seconds, base choice, player and :data:`SOLVER_VERSION`) are
    read instead of recomputed (an ``unknown`` only for the very same limits, never for
    longer ones). Every line is validated when read; corrupt ones are recomputed and moved
    to ``<cache>.corrupt``, once. ``seconds=math.inf`` means no limit (``time_limit``
    null: the file is strict JSON). Records come in variant, seed, base order. Returns a
    pandas DataFrame (if pandas is installed and ``as_frame`` is not False) or a list.
    """
    ids = _variants(variants)
    seeds, budget = as_int(seeds), as_int(budget)  # type: ignore[assignment]
    seed_list = _seeds(seeds)
    if budget is not None and not _whole(budget):
        raise ValueError(f"budget is a number of nodes (or None), not {budget!r}")
    if budget is not None and budget < 1:
        raise ValueError(f"budget is at least 1 node, not {budget}")
    if seconds is not None and not (_number(seconds) and seconds > 0):
        raise ValueError(f"seconds is a positive number (or None), not {seconds!r}")
    if seconds == math.inf:
        seconds = None  # no time limit (a record's time_limit is then null, never Infinity)
    if bases not in ("best", "each"):
        raise ValueError(f"bases is 'best' or 'each', not {bases!r}")
    if player not in ("solver", "greedy"):
        raise ValueError(f"player is 'solver' or 'greedy', not {player!r}")
    if not (
        executor is None
        or executor == "serial"
        or isinstance(executor, Executor)
        or (_whole(executor) and executor >= 1)
    ):
        raise ValueError(
            f"executor is None, 'serial', a number of processes or an Executor, not {executor!r}"
        )
    if as_frame:
        _frame([], True)  # fail before any work when pandas is missing
    if player == "greedy":
        budget = seconds = None

    # The tasks: (key, worker arguments), in output order; equal keys are computed once.
    tasks: list[tuple[Key, tuple[Any, ...]]] = []
    for variant in ids:
        choose = get_rules(variant).base == "choose"
        for seed in seed_list:
            if choose and bases == "each":
                for card, _ in _choices(Game(variant, seed=seed)):
                    key: Key = (SOLVER_VERSION, player, variant, seed, budget, seconds, card)
                    tasks.append((key, (variant, seed, budget, seconds, card, player)))
            else:
                mode = "best" if choose else None
                key = (SOLVER_VERSION, player, variant, seed, budget, seconds, mode)
                tasks.append((key, (variant, seed, budget, seconds, None, player)))

    store = _Cache(cache) if cache is not None else None
    done: dict[Key, dict[str, Any]] = {}
    try:
        if store is not None:
            done.update((k, store.records[k]) for k, _ in tasks if k in store.records)
        todo = list({k: a for k, a in tasks if k not in done}.items())
        label = ids[0] if len(ids) == 1 else f"{len(ids)} games"
        bar = _bar(len(todo) + len(done), len(done), progress and bool(todo), label)
        try:
            _run(todo, executor, done, store, bar)
        finally:
            bar.close()
    finally:
        if store is not None:
            store.close()
    return _frame([dict(done[k]) for k, _ in tasks], as_frame)


def _run(
    todo: list[tuple[Key, tuple[Any, ...]]],
    executor: Executor | str | int | None,
    done: dict[Key, dict[str, Any]],
    store: _Cache | None,
    bar: Any,
) -> None:
    won = sum(r["verdict"] == "won" for r in done.values())

    def finish(key: Key, records: list[dict[str, Any]]) -> None:
        nonlocal won
        (record,) = records
        done[key] = record
        if store is not None:
            store.add(record)
        won += record["verdict"] == "won"
        bar.update(1)
        bar.set_postfix_str(f"won {won}", refresh=False)

    run_tasks(solve_deal, todo, executor, finish)


T = TypeVar("T")
K = TypeVar("K")


def run_tasks(
    function: Callable[..., T],
    todo: Sequence[tuple[K, tuple[Any, ...]]],
    executor: Executor | str | int | None,
    finish: Callable[[K, T], None],
) -> None:
    """``finish(key, function(*args))`` for each ``(key, args)`` of ``todo``, in the order
    they complete: serially (``"serial"``, ``1``, or ``None`` with one task), in a process
    pool of that many workers (``None``: one per core), or on any ``Executor`` (a Dask
    cluster's ``client.get_executor()``), which is left open. A failure cancels the rest."""
    if not todo:
        return
    if executor == "serial" or executor == 1 or (executor is None and len(todo) == 1):
        for key, args in todo:
            finish(key, function(*args))
        return
    own = None
    if executor is None or _whole(executor):
        workers = (os.cpu_count() or 1) if executor is None else executor
        if workers < 1:
            raise ValueError(f"executor: a pool has at least 1 worker, not {executor}")
        own = ProcessPoolExecutor(max_workers=workers)
        pool: Executor = own
    elif isinstance(executor, Executor):
        pool = executor
    else:
        raise ValueError(
            f"executor is None, 'serial', a number of processes or an Executor, not {executor!r}"
        )
    futures: dict[Future[T], K] = {}
    ok = False
    try:
        for key, args in todo:
            futures[pool.submit(function, *args)] = key
        for future in as_completed(futures):
            finish(futures[future], future.result())
        ok = True
    finally:
        if not ok:
            for future in futures:
                future.cancel()
        if own is not None:
            own.shutdown(wait=ok, cancel_futures=not ok)


# ---------------------------------------------------------------- statistics
def winnability_range(won: int, unknown: int, n: int) -> tuple[float, float, float, float]:
    """Where the winnability of ``n`` deals lies when ``won`` are won and ``unknown``
    undecided: ``[won / n, (won + unknown) / n]``, and that range widened by the Wilson
    bounds (95%) of its two ends."""
    return (
        won / n,
        (won + unknown) / n,
        wilson_interval(won, n)[0],
        wilson_interval(won + unknown, n)[1],
    )


def _percentile(values: list[float], q: float) -> float | None:
    """Nearest-rank percentile (``None`` for no values)."""
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def _records_of(data: Any) -> list[dict[str, Any]]:
    """Records from a list of dicts or a DataFrame (NaN read back as ``None``)."""
    if hasattr(data, "to_dict") and hasattr(data, "columns"):
        data = data.astype(object).where(data.notna(), None).to_dict("records")
    records = []
    for row in data:
        record = dict(row)
        for name in ("seed", "budget", "nodes"):
            value = record.get(name)
            if isinstance(value, float) and value.is_integer():
                record[name] = int(value)
        records.append(record)
    return records


SUMMARY_FIELDS = (
    "variant",
    "name",
    "player",
    "budget",
    "time_limit",
    "deals",
    "won",
    "unwinnable",
    "unknown",
    "won_share",
    "won_ci_low",
    "won_ci_high",
    "winnable_low",
    "winnable_high",
    "winnable_ci_low",
    "winnable_ci_high",
    "median_seconds",
    "p90_seconds",
    "nodes_per_second",
)


def summarize(records: Any, *, as_frame: bool | None = None) -> Any:
    """Per game (and player, budget, time limit): deal counts, shares and times.

    A deal with several records (``bases="each"``) is won if some base wins and unwinnable
    if every base is. ``won_share`` comes with its 95% Wilson interval; the true
    winnability lies in ``[winnable_low, winnable_high]`` = ``[won / n, (won + unknown) /
    n]``, widened to ``winnable_ci_*`` by the Wilson bounds of those two shares. Times
    and nodes are summed over a deal's records; the greedy player's nodes are its moves.
    """
    groups: dict[tuple[Any, ...], dict[int, list[dict[str, Any]]]] = {}
    for record in _records_of(records):
        group = (record["variant"], record["player"], record["budget"], record["time_limit"])
        groups.setdefault(group, {}).setdefault(record["seed"], []).append(record)
    rows = []
    for (variant, player, budget, time_limit), deals in groups.items():
        counts = {"won": 0, "unwinnable": 0, "unknown": 0}
        times, nodes = [], 0
        for recs in deals.values():
            verdicts = [r["verdict"] for r in recs]
            # Proven unwinnable: by a record that let the player choose the base (or had no
            # choice), or by every base card of the deal.
            proven = any(r["verdict"] == "unwinnable" and r["base_mode"] != "each" for r in recs)
            if "won" in verdicts:
                verdict = "won"
            elif proven or all(v == "unwinnable" for v in verdicts):
                verdict = "unwinnable"
            else:
                verdict = "unknown"
            counts[verdict] += 1
            times.append(sum(r["seconds"] or 0.0 for r in recs))
            nodes += sum(r["nodes"] or 0 for r in recs)
        n = len(deals)
        won, unknown = counts["won"], counts["unknown"]
        low, high = wilson_interval(won, n)
        winnable = winnability_range(won, unknown, n)
        total_time = sum(times)
        rows.append(
            {
                "variant": variant,
                "name": VARIANTS[variant].name if variant in VARIANTS else variant,
                "player": player,
                "budget": budget,
                "time_limit": time_limit,
                "deals": n,
                **counts,
                "won_share": won / n,
                "won_ci_low": low,
                "won_ci_high": high,
                "winnable_low": winnable[0],
                "winnable_high": winnable[1],
                "winnable_ci_low": winnable[2],
                "winnable_ci_high": winnable[3],
                "median_seconds": statistics.median(times),
                "p90_seconds": _percentile(times, 0.9),
                "nodes_per_second": nodes / total_time if total_time > 0 else None,
            }
        )
    return _frame(rows, as_frame, SUMMARY_FIELDS)


def markdown_table(summary: Any) -> str:
    """A Markdown table of :func:`summarize`'s rows (for the README and notebooks)."""
    rows = _records_of(summary)

    def pct(x: float) -> str:
        return f"{100 * x:.1f}%"

    def secs(x: float | None) -> str:
        return "–" if x is None else f"{x:.3g}"

    def count(x: float | None) -> str:
        return "–" if x is None else f"{x:,.0f}"

    lines = [
        "| Game | Player | Deals | Won | Unwinnable | Unknown | Won share (95% CI) "
        "| Winnability | Median s | p90 s | Nodes/s |",
        "|---|---|--:|--:|--:|--:|---|---|--:|--:|--:|",
    ]
    for r in rows:
        lines.append(
            f"| {r['name']} | {r['player']} | {r['deals']} | {r['won']} | {r['unwinnable']} "
            f"| {r['unknown']} | {pct(r['won_share'])} ({pct(r['won_ci_low'])}–"
            f"{pct(r['won_ci_high'])}) | {pct(r['winnable_low'])}–{pct(r['winnable_high'])} "
            f"| {secs(r['median_seconds'])} | {secs(r['p90_seconds'])} "
            f"| {count(r['nodes_per_second'])} |"
        )
    return "\n".join(lines)

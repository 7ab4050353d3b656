"""The game review: the fair value over the moves, the biggest drops, where it slipped away.

After any game (won, lost or abandoned) or on demand, :func:`review_game` values every
position the game went through (:func:`~terrace_widget.fair.value.position_value`: how often
the rule player wins the deals that fit what the player saw), finds the turns whose value
fell most and, for each, the better move (:func:`~terrace_widget.fair.value.move_values` on
the position before it), and the first turn after which the value fell below
:data:`SLIP_LEVEL` for good: "where it slipped away", a fair post-mortem. The all-seeing
post-mortem (:func:`~terrace_widget.search.advice.post_mortem`, which looks at every hidden
card) is added only on request, and labelled so.

Every value reads only an observation, so twin games (the cards the player never saw
permuted) get the same review. The work is bounded (``samples`` worlds per position,
``seconds`` in all, sampling counted) and cancellable (``stop``). :meth:`Review.to_json`
exports it and :func:`load_review` reads it back, checked, with the game replayed.

>>> from terrace_widget import Game
>>> game = Game("klondike", seed=3)
>>> _ = game.play("deal")
>>> review = review_game(game, samples=4, seconds=None)
>>> [round(v, 2) for v in review.curve] == [round(v, 2) for v in review.curve]
True
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..game.game import Game, Observation
from ..i18n import MoveRef
from ..search import advice
from .messages import percent, say
from .value import (
    MAX_SAMPLES,
    MAX_SECONDS,
    VALUE_VERSION,
    Value,
    move_values,
    position_value,
)

REVIEW_FORMAT = "terrace-widget/review"
REVIEW_VERSION = 1
SLIP_LEVEL = 0.05
"""The chance to win below which a game has slipped away (5%: about one deal in twenty
that fit what the player saw is still won by the rule player)."""
DEFAULT_SAMPLES = 16
"""Worlds per position by default."""
DEFAULT_SECONDS = 20.0
"""Time for a whole review by default."""
MAX_DROPS = 3
"""The biggest drops shown, each with its better move."""
MAX_REVIEW_CHARS = 4_000_000
"""The longest review text :func:`load_review` reads."""
BATCH = 4
"""Worlds per position in one pass of the value curve."""
CURVE_SHARE = 0.7
"""Of the time, the share for the value curve (the rest finds the better moves)."""


class ReviewCancelled(RuntimeError):
    """The review was stopped (its table changed, or it was asked to stop)."""


@dataclass(frozen=True)
class Drop:
    """One of the biggest drops: turn ``number`` (1-based) played ``move`` and the value fell
    from ``before`` to ``after``; ``better`` is the move valued higher on the same worlds
    (``None`` when no move was better), with its grade of ``move``."""

    number: int
    move: str
    before: float
    after: float
    better: str | None = None
    label: str | None = None

    @property
    def text(self) -> str:
        if self.better is None:
            return say("review.drop-best", number=self.number, move=MoveRef(self.move),
                       before=percent(self.before), after=percent(self.after))  # fmt: skip
        return say("review.drop", number=self.number, move=MoveRef(self.move),
                   better=MoveRef(self.better),
                   before=percent(self.before), after=percent(self.after))  # fmt: skip


@dataclass
class Review:
    """A game's review. ``points[k]``: the value after ``k`` turns (``None`` when time ran
    out first); ``turns[k - 1]``: turn ``k``'s moves (an automatic finish is one turn)."""

    game: Game = field(repr=False)
    turns: list[str]
    points: list[Value | None]
    drops: list[Drop]
    samples: int
    seed: int
    level: float = SLIP_LEVEL
    seeing: str | None = None
    """The all-seeing post-mortem, when asked for (it looks at every hidden card)."""

    @property
    def complete(self) -> bool:
        """Whether every position was valued."""
        return all(p is not None for p in self.points)

    @property
    def curve(self) -> list[float]:
        """The estimates along the game (``nan`` where a position was not valued)."""
        return [math.nan if p is None else p.estimate for p in self.points]

    @property
    def slipped(self) -> int | None:
        """The first turn after which the value stayed below :attr:`level` (``None``: it
        never did, or it was below it from the start)."""
        values = self.curve
        if not values or math.isnan(values[0]) or values[0] < self.level:
            return None
        last_above = max(k for k, v in enumerate(values) if v >= self.level)
        after = values[last_above + 1 :]
        if not after or math.isnan(after[0]):
            return None  # never below, or not valued right after: not known
        return last_above + 1

    def sentences(self) -> list[str]:
        """The review in plain sentences: where it slipped away, the drops, what a value means."""
        out: list[str] = []
        slipped = self.slipped
        level = percent(self.level)
        if slipped is not None:
            out.append(say("review.slipped", number=slipped, move=MoveRef(self.turns[slipped - 1]),
                           level=level))  # fmt: skip
        else:
            out.append(say("review.kept", level=level))
        out.extend(d.text for d in self.drops)
        least = min((p.samples for p in self.points if p is not None and not p.exact),
                    default=self.samples)  # fmt: skip
        out.append(say("review.meaning", samples=least))
        if not self.complete:
            done = sum(p is not None for p in self.points)
            out.append(say("review.partial", done=done, total=len(self.points)))
        if self.seeing:
            out.append(say("review.seeing", text=self.seeing))
        return out

    def as_view(self) -> dict[str, Any]:
        """What the table shows: the curve (rounded), the drops, the slip, the sentences.
        Nothing in it depends on a hidden card."""
        return {
            "curve": [None if p is None else round(p.estimate, 3) for p in self.points],
            "drops": [
                {
                    "number": d.number,
                    "move": d.move,
                    "better": d.better,
                    "before": round(d.before, 3),
                    "after": round(d.after, 3),
                }
                for d in self.drops
            ],
            "slipped": self.slipped,
            "level": self.level,
            "sentences": [s for s in self.sentences() if not s.startswith(_SEEING)],
            "complete": self.complete,
        }

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data (the game included, hidden cards and all: it is an export)."""
        return {
            "format": REVIEW_FORMAT,
            "version": REVIEW_VERSION,
            "value_version": VALUE_VERSION,
            "samples": self.samples,
            "seed": self.seed,
            "level": self.level,
            "game": self.game.to_dict(),
            "turns": list(self.turns),
            "points": [None if p is None else [p.wins, p.samples, p.exact] for p in self.points],
            "drops": [
                {
                    "number": d.number,
                    "move": d.move,
                    "before": d.before,
                    "after": d.after,
                    "better": d.better,
                    "label": d.label,
                }
                for d in self.drops
            ],
            "seeing": self.seeing,
        }

    def to_json(self) -> str:
        """The review as JSON text (:func:`load_review` reads it back)."""
        return json.dumps(self.to_dict(), ensure_ascii=False)

    def position(self, number: int) -> Game:
        """The game after ``number`` turns (0: the start), to replay the review on a table."""
        if isinstance(number, bool) or not isinstance(number, int):
            raise ValueError(f"a turn number is a whole number, not {number!r}")
        if not 0 <= number <= len(self.turns):
            raise ValueError(f"the game has turns 0 to {len(self.turns)}, not {number}")
        game = self.game.copy()
        for _ in range(len(self.turns) - number):
            game.undo()
        return game


_SEEING = say("review.seeing", text="").split(":")[0]


def _turns(game: Game) -> tuple[list[Observation], list[str]]:
    """The observation before each turn and after the last, and the turns."""
    work = game.copy()
    observations = [work.observation()]
    turns: list[str] = []
    while True:
        before = [str(m) for m in work.history]
        if not work.undo():
            break
        turns.append(",".join(before[len(work.history) :]))
        observations.append(work.observation())
    return observations[::-1], turns[::-1]


def _check(samples: object, seconds: object, level: object) -> None:
    if isinstance(samples, bool) or not isinstance(samples, int) or not 1 <= samples <= MAX_SAMPLES:
        raise ValueError(f"samples is a whole number from 1 to {MAX_SAMPLES}, not {samples!r}")
    if seconds is not None and (
        isinstance(seconds, bool)
        or not isinstance(seconds, (int, float))
        or not 0 < seconds <= MAX_SECONDS
    ):
        raise ValueError(f"seconds is None or a number in (0, {MAX_SECONDS:g}], not {seconds!r}")
    if isinstance(level, bool) or not isinstance(level, (int, float)) or not 0 < level < 1:
        raise ValueError(f"level is a chance between 0 and 1, not {level!r}")


def review_game(
    game: Game,
    *,
    samples: int = DEFAULT_SAMPLES,
    seconds: float | None = DEFAULT_SECONDS,
    seed: int = 0,
    level: float = SLIP_LEVEL,
    stop: Callable[[], bool] | None = None,
    all_seeing: bool = False,
) -> Review:
    """Review ``game``: the value after every turn, the :data:`MAX_DROPS` biggest drops
    with their better moves, where it slipped away.

    ``samples`` worlds per position; ``seconds`` for the whole review (positions not
    valued in time are left out, and the review says so; ``None``: no limit, and the
    review is the same on every run). ``stop()`` is asked between worlds' batches: once it
    is true, :class:`ReviewCancelled` is raised. ``all_seeing``: add the all-seeing
    post-mortem (it looks at every hidden card), labelled so.
    """
    if not isinstance(game, Game):
        raise TypeError(f"review_game takes a Game, not {type(game).__name__}")
    _check(samples, seconds, level)
    start = time.perf_counter()
    deadline = None if seconds is None else start + seconds

    def cancelled() -> None:
        if stop is not None and stop():
            raise ReviewCancelled("the review was cancelled (its table changed)")

    def left() -> float | None:
        return None if deadline is None else deadline - time.perf_counter()

    observations, turns = _turns(game)
    points: list[Value | None] = [None] * len(observations)
    curve_end = None if seconds is None else start + CURVE_SHARE * seconds
    # Anytime: passes of BATCH worlds over every position (pass j on worlds of its own
    # seed), so that a review cut short by time has a rough value everywhere.
    for j in range(math.ceil(samples / BATCH)):
        batch = min(BATCH, samples - j * BATCH)
        for k in _spread(len(observations)):
            obs = observations[k]
            cancelled()
            if curve_end is not None and time.perf_counter() >= curve_end:
                break
            value = position_value(obs, samples=batch, seconds=None, seed=seed * 4096 + j)
            points[k] = _merge(points[k], value)
        else:
            continue
        break
    drops = _drops(observations, turns, points, samples, seed, left, cancelled)
    seeing = None
    if all_seeing:
        cancelled()
        budget = left()
        limit = None if budget is None else max(budget, 0.1)
        seeing = advice.post_mortem(game, seconds=limit).message
    return Review(game.copy(), turns, points, drops, samples, seed, float(level), seeing)


def _spread(n: int) -> list[int]:
    """``range(n)`` in an order that covers the whole game early: the ends, the middle,
    the quarters, … (a review cut short has values spread over the game)."""
    order = [0, n - 1] if n > 1 else [0]
    seen = set(order)
    step = n
    while step > 1:
        step = (step + 1) // 2
        for k in range(0, n, step):
            if k not in seen:
                seen.add(k)
                order.append(k)
    return order


def _merge(a: Value | None, b: Value) -> Value:
    if a is None or b.exact:
        return b
    return Value(a.wins + b.wins, a.samples + b.samples)


def _drops(
    observations: list[Observation],
    turns: list[str],
    points: list[Value | None],
    samples: int,
    seed: int,
    left: Callable[[], float | None],
    cancelled: Callable[[], None],
) -> list[Drop]:
    found = []
    for k in range(1, len(points)):
        a, b = points[k - 1], points[k]
        if a is not None and b is not None and a.estimate > b.estimate:
            found.append((a.estimate - b.estimate, k))
    found.sort(key=lambda x: (-x[0], x[1]))
    drops: list[Drop] = []
    for _, k in found[: 2 * MAX_DROPS]:
        before, after = points[k - 1], points[k]
        assert before is not None and after is not None
        move = turns[k - 1]
        remaining = left()
        if len(drops) == MAX_DROPS or "," in move or (remaining is not None and remaining <= 0):
            continue
        cancelled()
        share = None if remaining is None else max(remaining / MAX_DROPS, 1e-3)
        values = move_values(observations[k - 1], samples=samples, seconds=share, seed=seed)
        grade = values.grade(move)
        if grade.label not in ("best", "good"):  # the curve's noise is not a drop
            drops.append(Drop(k, move, before.estimate, after.estimate, grade.best_move,
                              grade.label))  # fmt: skip
    return sorted(drops, key=lambda d: d.number)


# ---------------------------------------------------------------- loading
def _fail(why: str) -> ValueError:
    return ValueError(f"not a game review: {why}")


def load_review(text: str | bytes | Mapping[str, Any]) -> Review:
    """A review read back from :meth:`Review.to_json` (or its dict), every field checked
    and the game replayed; a ``ValueError`` says what is wrong, and nothing is kept."""
    if isinstance(text, (str, bytes)):
        if len(text) > MAX_REVIEW_CHARS:
            raise _fail(f"it is longer than {MAX_REVIEW_CHARS} characters")
        try:
            data = json.loads(text)
        except ValueError as error:
            raise _fail(f"bad JSON ({str(error)[:80]})") from None
    else:
        data = text
    if not isinstance(data, Mapping):
        raise _fail("it is not an object")
    if data.get("format") != REVIEW_FORMAT or data.get("version") != REVIEW_VERSION:
        raise _fail(f"its format is not {REVIEW_FORMAT} version {REVIEW_VERSION}")
    samples, seed, level = data.get("samples"), data.get("seed"), data.get("level")
    _check(samples, None, level)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise _fail("its seed is not a whole number")
    try:
        game = Game.from_dict(data.get("game") or {})
    except (ValueError, TypeError, KeyError) as error:
        raise _fail(f"its game does not load ({str(error)[:120]})") from None
    _, turns = _turns(game)
    if data.get("turns") != turns:
        raise _fail("its turns are not the moves of its game")
    raw = data.get("points")
    if not isinstance(raw, list) or len(raw) != len(turns) + 1:
        raise _fail(f"it needs {len(turns) + 1} points, one per position")
    points = [_point(p) for p in raw]
    drops = [_drop(d, turns) for d in _items(data.get("drops"), MAX_DROPS, "drops")]
    seeing = data.get("seeing")
    if seeing is not None and (not isinstance(seeing, str) or len(seeing) > 2000):
        raise _fail("its all-seeing post-mortem is not a short text")
    assert isinstance(samples, int) and isinstance(level, (int, float))
    review = Review(game, turns, points, drops, samples, seed, float(level), seeing)
    for d in drops:
        legal = [str(m) for m in review.position(d.number - 1).legal_moves()]
        if d.better is not None and d.better not in legal:
            raise _fail(f"drop {d.number}'s better move {d.better!r} is not legal there")
    return review


def _items(value: object, most: int, what: str) -> list[Any]:
    if not isinstance(value, list) or len(value) > most:
        raise _fail(f"its {what} are not a list of at most {most}")
    return value


def _point(p: object) -> Value | None:
    if p is None:
        return None
    if (
        not isinstance(p, list)
        or len(p) != 3
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in p[:2])
        or not isinstance(p[2], bool)
        or not 0 <= p[0] <= p[1] <= MAX_SAMPLES
        or p[1] < 1
    ):
        raise _fail(f"a point is [wins, samples, exact], not {str(p)[:40]}")
    return Value(p[0], p[1], exact=p[2])


def _drop(d: object, turns: list[str]) -> Drop:
    if not isinstance(d, Mapping):
        raise _fail("a drop is an object")
    number, move, better = d.get("number"), d.get("move"), d.get("better")
    before, after, label = d.get("before"), d.get("after"), d.get("label")
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= len(turns):
        raise _fail(f"a drop's number is a turn from 1 to {len(turns)}")
    if move != turns[number - 1]:
        raise _fail(f"drop {number}'s move is not the game's")
    for x in (before, after):
        if isinstance(x, bool) or not isinstance(x, (int, float)) or not 0 <= x <= 1:
            raise _fail(f"drop {number}'s values are chances from 0 to 1")
    if better is not None and (not isinstance(better, str) or len(better) > 24):
        raise _fail(f"drop {number}'s better move is a short move text")
    if label not in (None, "best", "good", "inaccuracy", "mistake", "blunder"):
        raise _fail(f"drop {number}'s grade is not a grade")
    assert isinstance(before, (int, float)) and isinstance(after, (int, float))
    return Drop(number, str(move), float(before), float(after), better, label)

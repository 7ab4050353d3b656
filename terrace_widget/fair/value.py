"""The fair value of a position and the grade of a move, from what the player sees.

The value of a position is the chance that the player wins from here, estimated from
``Game.observation()`` alone: the cards the player has not seen are shuffled into their
hidden places (:func:`~terrace_widget.search.advice.sample_worlds`), and in each such *world*
the fair rule player (:class:`~terrace_widget.fair.players.RulePlayer`, every tip on) plays
the game out. The estimate reads: "the rule player wins 31% of the deals that fit what
you see". Optionally each world is also solved by the all-seeing solver: "41% of those
deals can be won by someone who sees every card".

* :func:`position_value` — the value of a position, with a 95% Wilson interval.
* :func:`move_values` — the value of every legal move, on *the same* worlds for every move
  (common random numbers: the differences between moves carry much less noise than the
  values). The result can be refined later with more worlds (:meth:`MoveValues.refine`).
* :func:`grade_move` — the drop from the best move's value, graded ``best`` / ``good`` /
  ``inaccuracy`` / ``mistake`` / ``blunder`` (:data:`THRESHOLDS`).

Every call is deterministic for a given ``seed`` and number of worlds; ``samples`` and
``seconds`` are both bounded, and sampling counts against the time (the first world is
always played, so a call may overrun ``seconds`` by one world's rollouts). Nothing here
looks at a hidden card: twin observations (hidden cards permuted) get identical answers.
(``position_value(game, memory=True)`` alone reads the stock's order after a redeal,
which a player who remembers the waste has seen.)

>>> from terrace_widget import Game
>>> value = position_value(Game("klondike", seed=3).observation(), samples=8)
>>> value.samples
8
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, cast

from ..game.game import Game, Observation
from ..intervals import wilson_interval
from ..search.advice import sample_worlds
from ..search.solver import solve
from .players import RulePlayer, game_from_observation, play_out

VALUE_VERSION = "1"
"""Changes when the estimate changes (the player, the sampling or the rollout)."""

MAX_SAMPLES = 10_000
"""The most worlds one call may sample."""
MAX_SECONDS = 600.0
"""The longest time one call may take (``seconds``)."""
MAX_SOLVER_BUDGET = 10_000_000
"""The most nodes the all-seeing solver may search per world."""
ROLLOUT_MOVES = 3000
"""A rollout that has not ended after this many moves counts as not won."""

DEFAULT_SAMPLES = 32
"""Worlds per call by default: enough for a value of every legal move within about a
second at the median (benchmarks/value_calibration.py measures it)."""
DEFAULT_SECONDS = 1.0
"""Time per call by default."""

Label = Literal["best", "good", "inaccuracy", "mistake", "blunder"]

THRESHOLDS: tuple[tuple[float, Label], ...] = (
    (0.30, "blunder"),
    (0.20, "mistake"),
    (0.10, "inaccuracy"),
)
"""Drop in win chance (from the best move's value) at or above which a move gets a grade.

Justified from the value's noise (``python -m benchmarks.value_calibration --latency 60``,
2026-12-05): at :data:`DEFAULT_SAMPLES` worlds, the standard error of the difference
between the best move and another move, on common worlds, is 0 at the median and 0.044
(Terrace family) / 0.074 (Klondike family) at the 90th percentile, 0.106 at most (on
independent worlds it would be 0.108 / 0.112 at the 90th percentile). An inaccuracy
(10 points) is above the 90th percentile, a mistake (20 points) about three times it and
twice the largest, a blunder (30 points) four times it. A drop whose 95% interval
contains 0 is never worse than ``good``, whatever its size."""

Z95 = 1.959963984540054


# ---------------------------------------------------------------- checks


def _check_samples(samples: object) -> int:
    if not isinstance(samples, int) or isinstance(samples, bool) or not 1 <= samples <= MAX_SAMPLES:
        raise ValueError(f"samples is a whole number from 1 to {MAX_SAMPLES}, not {samples!r}")
    return samples


def _check_seconds(seconds: object) -> float | None:
    if seconds is None:
        return None
    if (
        not isinstance(seconds, (int, float))
        or isinstance(seconds, bool)
        or not 0 < seconds <= MAX_SECONDS
        or math.isnan(seconds)
    ):
        raise ValueError(f"seconds is None or a number in (0, {MAX_SECONDS:g}], not {seconds!r}")
    return float(seconds)


def _check_seed(seed: object) -> int:
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"seed is a whole number, not {seed!r}")
    return seed


def _check_budget(budget: object) -> int | None:
    if budget is None:
        return None
    if (
        not isinstance(budget, int)
        or isinstance(budget, bool)
        or not 1 <= budget <= MAX_SOLVER_BUDGET
    ):
        raise ValueError(
            f"solver_budget is None or a whole number from 1 to {MAX_SOLVER_BUDGET}, not {budget!r}"
        )
    return budget


OBSERVATION_KEYS = ("variant", "status", "pile_order", "piles", "legal_moves", "base_rank")


def _as_observation(observation: object) -> Mapping[str, Any]:
    """The observation itself (a :class:`Game` gives its own), checked for its keys."""
    if isinstance(observation, Game):
        return observation.observation()
    if not isinstance(observation, Mapping):
        raise TypeError(
            f"expected Game.observation() (a mapping), not {type(observation).__name__}"
        )
    missing = [key for key in OBSERVATION_KEYS if key not in observation]
    if missing:
        raise ValueError(f"not an observation: it lacks {', '.join(missing)}")
    return observation


def _rebuild(obs: Mapping[str, Any]) -> Game:
    """A game that looks exactly like ``obs`` (its hidden cards in a fixed order)."""
    try:
        game = game_from_observation(cast(Observation, obs))
    except (ValueError, KeyError, TypeError, IndexError, AttributeError) as error:
        raise ValueError(f"not a position of the game: {error}") from None
    if sorted(str(m) for m in game.legal_moves()) != sorted(obs["legal_moves"]):
        raise ValueError("not a position of the game: its legal moves disagree with its piles")
    return game


def _world_stream(seed: int) -> random.Random:
    return random.Random(f"terrace-widget value {VALUE_VERSION} seed {seed}")


def _rollout(world: Game, player: RulePlayer) -> bool:
    """Does the rule player win ``world`` from here? (``play_out`` resets the player.)"""
    return play_out(world, player, max_moves=ROLLOUT_MOVES).won


# ---------------------------------------------------------------- values


@dataclass(frozen=True)
class Value:
    """An estimated win chance: ``wins`` of ``samples`` worlds, with a 95% interval.

    ``exact`` when the game is over (a won game is worth 1, a lost one 0, without
    sampling). ``seeing_won`` / ``seeing_unknown``: of the same worlds, how many the
    all-seeing solver wins / leaves undecided (``None`` when it was not asked).
    """

    wins: int
    samples: int
    exact: bool = False
    seeing_won: int | None = None
    seeing_unknown: int | None = None

    @property
    def estimate(self) -> float:
        """The chance of winning (``wins / samples``; 0.5 before any world)."""
        if self.samples == 0:
            return 0.5
        return self.wins / self.samples

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of :attr:`estimate` (a point when :attr:`exact`)."""
        if self.exact:
            return self.estimate, self.estimate
        return wilson_interval(self.wins, self.samples)

    @property
    def seeing(self) -> float | None:
        """The share of worlds the all-seeing solver wins (``None`` if not asked)."""
        if self.seeing_won is None or self.samples == 0:
            return None
        return self.seeing_won / self.samples

    def describe(self) -> str:
        """The value in plain words."""
        if self.exact:
            return "The game is won." if self.wins else "The game is lost."
        low, high = self.interval
        text = (
            f"The rule player wins {_pct(self.estimate)} of the {self.samples} deals that fit "
            f"what you see (95% interval {_pct(low)} to {_pct(high)})."
        )
        seeing = self.seeing
        if seeing is not None:
            text += f" {_pct(seeing)} of those deals can be won by someone who sees every card"
            text += f" ({self.seeing_unknown} undecided)." if self.seeing_unknown else "."
        return text


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def _over(status: str) -> Value | None:
    if status == "won":
        return Value(1, 1, exact=True)
    if status == "lost":
        return Value(0, 1, exact=True)
    return None


def position_value(
    observation: Mapping[str, Any] | Game,
    *,
    samples: int = DEFAULT_SAMPLES,
    seconds: float | None = DEFAULT_SECONDS,
    seed: int = 0,
    solver_budget: int | None = None,
    memory: bool = False,
) -> Value:
    """The chance that the rule player wins from this position, over up to ``samples``
    worlds that fit the observation (fewer if ``seconds`` runs out first).

    ``solver_budget``: also solve each world with the all-seeing solver, that many nodes
    each (:attr:`Value.seeing_won`); its time counts against ``seconds`` too.

    ``memory``: the player remembers the stock once it has been turned over (after a
    redeal every stock card has been seen, in the waste's order); this needs the
    :class:`Game`, since an observation shows the stock face down. Off, the value is the
    observation's alone (and the same for twin observations).
    """
    obs = _as_observation(observation)
    samples = _check_samples(samples)
    seconds = _check_seconds(seconds)
    seed = _check_seed(seed)
    budget = _check_budget(solver_budget)
    over = _over(obs["status"])
    if over is not None:
        return over
    start = time.perf_counter()
    if memory and not isinstance(observation, Game):
        raise ValueError("memory=True needs the Game: an observation does not show the stock")
    game = observation if memory and isinstance(observation, Game) else _rebuild(obs)
    rng = _world_stream(seed)
    player = RulePlayer()
    wins = seen_won = seen_unknown = done = 0
    while done < samples:
        if done and seconds is not None and time.perf_counter() - start >= seconds:
            break
        world = sample_worlds(game, 1, rng, memory=memory)[0]
        wins += _rollout(world, player)
        if budget is not None:
            verdict = solve(world, budget=budget).verdict
            seen_won += verdict == "won"
            seen_unknown += verdict == "unknown"
        done += 1
    if budget is None:
        return Value(wins, done)
    return Value(wins, done, seeing_won=seen_won, seeing_unknown=seen_unknown)


# ---------------------------------------------------------------- moves


@dataclass(frozen=True)
class Grade:
    """How good ``move`` was: the drop from the best move's value, and its label."""

    move: str
    label: Label
    value: Value
    """The played move's value."""
    best_move: str
    best: Value
    """The best move's value (the highest estimate; ties in legal-move order)."""
    drop: float
    """``best.estimate - value.estimate`` (0 for the best move)."""
    drop_interval: tuple[float, float]
    """95% interval of the drop, paired over the shared worlds (Agresti-Min)."""
    samples: int

    def describe(self) -> str:
        """The grade in plain words."""
        if self.label == "best":
            return f"{self.move}: the best move ({_pct(self.value.estimate)} to win)."
        low, high = self.drop_interval
        return (
            f"{self.move}: {self.label} — {_pct(self.value.estimate)} to win, against "
            f"{_pct(self.best.estimate)} for {self.best_move} (a drop of "
            f"{100 * self.drop:.0f} points, 95% interval {100 * low:.0f} to {100 * high:.0f}; "
            f"{self.samples} deals that fit what you see)."
        )


def paired_interval(a: list[bool], b: list[bool], z: float = Z95) -> tuple[float, float]:
    """Interval of ``mean(a) - mean(b)`` for outcomes paired by world (Agresti-Min: half a
    count added to each of the four cells of the paired table)."""
    if len(a) != len(b):
        raise ValueError("paired outcomes need the same number of worlds")
    only_a = sum(x and not y for x, y in zip(a, b, strict=True)) + 0.5
    only_b = sum(y and not x for x, y in zip(a, b, strict=True)) + 0.5
    n = len(a) + 2.0
    diff = (only_a - only_b) / n
    var = ((only_a + only_b) / n - diff * diff) / n
    half = z * math.sqrt(max(var, 0.0))
    return max(-1.0, diff - half), min(1.0, diff + half)


def paired_se(a: list[bool], b: list[bool]) -> float:
    """The standard error of ``mean(a) - mean(b)`` over paired worlds (0 with < 2)."""
    n = len(a)
    if n < 2:
        return 0.0
    d = [int(x) - int(y) for x, y in zip(a, b, strict=True)]
    mean = sum(d) / n
    return math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1) / n)


def label_for(drop: float, low: float) -> Label:
    """The grade of a drop (``low``: the lower end of its interval)."""
    if drop <= 0:
        return "best"
    if low <= 0:
        return "good"
    for threshold, label in THRESHOLDS:
        if drop >= threshold - 1e-12:
            return label
    return "good"


@dataclass
class MoveValues:
    """The value of every legal move of one position, on shared worlds.

    ``outcomes[move][k]``: does the rule player win world ``k`` after ``move``? Every move
    has the same worlds. :meth:`refine` adds worlds (the same ones a single longer call
    would have sampled).
    """

    observation: Mapping[str, Any]
    seed: int
    moves: list[str]
    outcomes: dict[str, list[bool]] = field(default_factory=dict)
    seconds: float = 0.0
    tips: tuple[str, ...] | None = None
    """The rollout player's switches (``None``: the rule player with every tip)."""
    _game: Game | None = field(default=None, repr=False)
    _rng: random.Random | None = field(default=None, repr=False)

    @property
    def samples(self) -> int:
        """Worlds played so far (the same for every move)."""
        return len(self.outcomes[self.moves[0]]) if self.moves else 0

    def refine(
        self, samples: int = DEFAULT_SAMPLES, *, seconds: float | None = DEFAULT_SECONDS
    ) -> MoveValues:
        """Play up to ``samples`` more worlds (fewer if ``seconds`` runs out); returns self."""
        samples = _check_samples(samples)
        seconds = _check_seconds(seconds)
        if not self.moves:
            return self
        if self.samples + samples > MAX_SAMPLES:
            raise ValueError(f"at most {MAX_SAMPLES} worlds in all; {self.samples} played")
        if self._game is None or self._rng is None:
            self._game = _rebuild(self.observation)
            self._rng = _world_stream(self.seed)
        start = time.perf_counter()
        player = RulePlayer() if self.tips is None else RulePlayer(self.tips)
        for k in range(samples):
            if k and seconds is not None and time.perf_counter() - start >= seconds:
                break
            world = sample_worlds(self._game, 1, self._rng, memory=False)[0]
            for move in self.moves:
                after = world.copy()
                after.play(move)
                self.outcomes[move].append(_rollout(after, player))
        self.seconds += time.perf_counter() - start
        return self

    def value(self, move: str) -> Value:
        """The value of one legal move."""
        if move not in self.outcomes:
            raise ValueError(
                f"{move!r} is not a legal move here; they are: {', '.join(self.moves)}"
            )
        wins = self.outcomes[move]
        return Value(sum(wins), len(wins))

    def ranked(self) -> list[str]:
        """The moves, best first (ties in legal-move order)."""
        order = {m: i for i, m in enumerate(self.moves)}
        return sorted(self.moves, key=lambda m: (-sum(self.outcomes[m]), order[m]))

    @property
    def best(self) -> str | None:
        """The move with the highest value (``None`` when no move is legal)."""
        ranked = self.ranked()
        return ranked[0] if ranked else None

    def grade(self, move: str) -> Grade:
        """The grade of ``move`` against the best move, on these worlds."""
        value = self.value(move)
        best_move = self.best
        assert best_move is not None
        best = self.value(best_move)
        drop = best.estimate - value.estimate
        if move == best_move or drop <= 0:
            label: Label = "best"
            drop, interval = 0.0, (0.0, 0.0)
        else:
            interval = paired_interval(self.outcomes[best_move], self.outcomes[move])
            label = label_for(drop, interval[0])
        return Grade(move, label, value, best_move, best, drop, interval, self.samples)


def move_values(
    observation: Mapping[str, Any] | Game,
    *,
    samples: int = DEFAULT_SAMPLES,
    seconds: float | None = DEFAULT_SECONDS,
    seed: int = 0,
    tips: tuple[str, ...] | None = None,
) -> MoveValues:
    """The value of every legal move: the rule player's win chance after it, over up to
    ``samples`` worlds of the unseen cards, the same worlds for every move. ``tips``: the
    rollout player's switches (``None``: every help tip; ``FOUND_SET``: the found rules)."""
    obs = _as_observation(observation)
    samples = _check_samples(samples)
    seconds = _check_seconds(seconds)
    seed = _check_seed(seed)
    game = _rebuild(obs)
    moves = [str(m) for m in game.legal_moves()]
    if tips is not None:
        RulePlayer(tips)  # an unknown switch is refused before any world is played
        tips = tuple(tips)
    result = MoveValues(
        obs, seed, moves, {m: [] for m in moves}, tips=tips, _game=game, _rng=_world_stream(seed)
    )
    return result.refine(samples, seconds=seconds)


def grade_move(
    observation_before: Mapping[str, Any] | Game,
    move: str,
    *,
    samples: int = DEFAULT_SAMPLES,
    seconds: float | None = DEFAULT_SECONDS,
    seed: int = 0,
    values: MoveValues | None = None,
) -> Grade:
    """The grade of ``move`` played from ``observation_before``.

    ``values``: the :func:`move_values` of that position, if already computed (then
    ``samples``, ``seconds`` and ``seed`` are not used).
    """
    obs = _as_observation(observation_before)
    if not isinstance(move, str):
        move = str(move)
    if move not in obs["legal_moves"]:
        raise ValueError(
            f"{move!r} is not a legal move here; they are: {', '.join(obs['legal_moves'])}"
        )
    if values is None:
        values = move_values(obs, samples=samples, seconds=seconds, seed=seed)
    elif list(values.observation["legal_moves"]) != list(obs["legal_moves"]) or dict(
        values.observation["piles"]
    ) != dict(obs["piles"]):
        raise ValueError("values were computed for another position")
    return values.grade(move)

"""Fair players: they see only ``Game.observation()``, as a person at the table does.

* :class:`RulePlayer` — a fast rule-based player (well under 5 ms a move) whose strategy
  tips can be switched on and off one by one (``RulePlayer(tips={"base", "deal-on"})``);
* :class:`FairSolverPlayer` — a strong fair player, the ceiling: the rule player that
  looks ahead, solving a few worlds consistent with what it sees after each of its
  candidate moves;
* :func:`play_out` — the referee: plays a copy of a game to the end and says how it went.

A player is any object with ``reset()`` and ``choose(observation) -> move text | None``
(``None``: it gives up). The referee hands it nothing but observations.

>>> from terrace_widget import Game
>>> play_out(Game("terrace", seed=11), RulePlayer()).won
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from ..game.game import Game, Observation, fair_observation
from ..rules.cards import CODES
from ..rules.moves import Move
from ..rules.variants import Rules, get_rules
from . import strategy
from . import tips as registry
from .found_rules import FOUND_RULES
from .tips import FILL, FORCED_FILL, TIP_NAMES, Ranked, tips_for

__all__ = [
    "ALL_TIPS",
    "FairSolverPlayer",
    "PlayResult",
    "Player",
    "RulePlayer",
    "game_from_observation",
    "play_fair",
    "play_out",
    "position_key",
    "tips_for",
]

ALL_TIPS = frozenset(TIP_NAMES)


class Player(Protocol):
    """What the referee needs of a player: ``reset()`` before each game, then
    ``choose(observation)`` for each move (the move's text, or ``None`` to give up)."""

    def reset(self) -> None: ...

    def choose(self, observation: Observation) -> str | None: ...


def _split(move: str) -> tuple[str, str, int]:
    source, _, rest = move.partition("-")
    target, _, count = rest.partition("x")
    return source, target, int(count) if count else 1


def position_key(obs: Observation) -> tuple[Any, ...]:
    """What a player sees of a position, hashable (hidden cards are only counted)."""
    piles = obs["piles"]
    return (
        tuple(tuple(piles[name]) for name in obs["pile_order"]),
        obs["stock_locked"],
        obs["redeals_left"],
        obs["base_rank"],
    )


class RulePlayer:
    """A simple rule-based player, with the help's tips as switches.

    The games with Terrace's hint style (the rules' ``hint_style``), in this order of
    preference: a card to a foundation (reserve first,
    then waste, then tableau); a tableau move that uncovers a card a foundation takes; the
    waste card onto a tableau pile, or into a space; a deal. The tips change it:

    * ``base``: choose the least-buried candidate (off: a candidate picked at random, seeded
      by what is on the table);
    * ``reversed``: a foundation move that starts a visible reversed run comes first, and a
      move that would take the last foundation such a run needs waits until after a deal;
    * ``pile-start``: a space is filled early with a card one below the base, and with any
      other card only when nothing else (not even a deal) is left;
    * ``deal-on``: while the stock is locked the waste card goes onto a pile if it can (off:
      the player fills the space first, as if it had to).

    Klondike's hint style: a card to a foundation (never from one foundation to another);
    a group move that turns a face-down card; the waste card to the tableau; a deal.
    ``reorder`` adds
    the sequence moves of :func:`~terrace_widget.fair.strategy.reorderings` and ``bring-down``
    those of :func:`~terrace_widget.fair.strategy.bring_downs`, both before a deal.

    The player never plays the same move twice from the same position (as it sees it), so
    every game ends; ``choose`` returns ``None`` when nothing is left to try. Each tip is
    an object of :data:`terrace_widget.fair.tips.TIPS`; the player applies those switched on.
    """

    def __init__(self, tips: Iterable[str] = ALL_TIPS, *, name: str | None = None) -> None:
        if isinstance(tips, str):
            raise TypeError("tips is a collection of tip names, such as {'base', 'deal-on'}")
        chosen = frozenset(tips)
        switches: tuple[registry.Tip, ...] = (*registry.TIPS, *FOUND_RULES)
        known = [tip.name for tip in switches]
        unknown = sorted(chosen - set(known))
        if unknown:
            raise ValueError(f"unknown tips {unknown}; the tips are: {', '.join(known)}")
        self.tips = chosen
        self._tips = sorted((tip for tip in switches if tip.name in chosen), key=lambda t: t.stage)
        self.name = name or "rules" + "".join(f"+{t}" for t in sorted(chosen))
        self._tried: set[tuple[Any, str]] = set()

    def __repr__(self) -> str:
        return f"RulePlayer(tips={sorted(self.tips)})"

    def reset(self) -> None:
        """Forget the game played so far."""
        self._tried = set()

    def choose(self, observation: Observation) -> str | None:
        """The move to play (and remember having tried), or ``None`` to give up."""
        move = self.propose(observation)
        if move is not None:
            self.remember(observation, move)
        return move

    def propose(self, observation: Observation) -> str | None:
        """The move :meth:`choose` would play, without remembering it."""
        return next(iter(self.untried(observation)), None)

    def untried(self, observation: Observation) -> list[str]:
        """The moves of :meth:`ranked` not yet tried from this position, best first."""
        key = position_key(observation)
        return [m for m in self.ranked(observation) if (key, m) not in self._tried]

    def remember(self, observation: Observation, move: str) -> None:
        """Count ``move`` as tried from this position: it is not proposed there again."""
        self._tried.add((position_key(observation), move))

    def ranked(self, obs: Observation) -> list[str]:
        """The moves this player would consider, best first: its own order for the game's
        hint style, then each of its tips' preferences (:meth:`Tip.prefer
        <terrace_widget.fair.tips.Tip.prefer>`)."""
        if obs["status"] in ("won", "lost"):
            return []
        if obs["status"] == "choosing-base":
            ranked = [(0.0, 0, self.random_base(obs))]
        else:
            ranked = _ORDERS[obs["hint_style"]](obs)
        for tip in self._tips:
            ranked = tip.prefer(obs, ranked)
        ranked.sort()
        return [move for _, _, move in ranked]

    @staticmethod
    def random_base(obs: Observation) -> str:
        """The base move of a player without the base tip: a candidate picked at random,
        seeded by what is on the table."""
        readings = strategy.base_readings(obs)
        seen = " ".join(r.card for r in readings) + "|" + " ".join(obs["piles"]["reserve"])
        move = random.Random(seen).choice(readings).move
        assert move is not None
        return move


def _terrace_order(obs: Observation) -> list[Ranked]:
    """The Terrace games' order without tips: a card to a foundation (reserve first, then
    waste, then tableau); a tableau move that uncovers a card a foundation takes; the waste
    card onto a tableau pile (into a space at once while the stock is locked, as if it had
    to); a deal."""
    piles = obs["piles"]
    locked = obs["stock_locked"]
    order = {"reserve": 0.0, "waste": 1.0}
    ranked: list[Ranked] = []
    for i, move in enumerate(obs["legal_moves"]):
        if move == "deal":
            ranked.append((6.0, i, move))
            continue
        source, target, _ = _split(move)
        if target[0] == "f":
            ranked.append((order.get(source, 2.0), i, move))
        elif source == "waste":
            if piles[target]:
                ranked.append((4.0, i, move))
            else:
                ranked.append((FORCED_FILL if locked else FILL, i, move))
        elif source[0] == "t" and target[0] == "t":
            pile = piles[source]
            if len(pile) > 1 and any(
                strategy.foundation_takes(obs, f, pile[-2]) for f in _foundations(obs)
            ):
                ranked.append((3.0, i, move))
            elif len(pile) == 1 and piles["waste"] and not locked:
                ranked.append((4.5, i, move))  # opens a space for the waste card
    return ranked


def _klondike_order(obs: Observation) -> list[Ranked]:
    """Klondike's order without tips: a card to a foundation (never from one foundation
    to another); a group move that turns a face-down card; the waste card to the
    tableau; a deal."""
    piles = obs["piles"]
    ranked: list[Ranked] = []
    for i, move in enumerate(obs["legal_moves"]):
        if move == "deal":
            ranked.append((6.0, i, move))
            continue
        source, target, n = _split(move)
        if source[0] == "f" and target[0] == "f":
            continue  # an ace from one empty foundation to another changes nothing
        if target[0] == "f":
            if source[0] == "t":
                rank = 0.0 if len(piles[source]) > 1 and piles[source][-2] == "#" else 1.5
            else:
                rank = 1.0
            ranked.append((rank, i, move))
        elif source[0] == "t" and target[0] == "t":
            pile = piles[source]
            if len(pile) > n and pile[-n - 1] == "#":
                ranked.append((2.0 - 0.01 * min(pile.count("#"), 50), i, move))
        elif source == "waste":
            ranked.append((3.0, i, move))
    return ranked


_ORDERS = {"terrace": _terrace_order, "klondike": _klondike_order}
"""The rule player's own order of moves, by the game's hint style (the rules' field)."""


def _foundations(obs: Observation) -> list[str]:
    return [n for n in obs["pile_order"] if n[0] == "f"]


# ---------------------------------------------------------------- the ceiling
def game_from_observation(obs: Observation, rules: str | Rules | None = None) -> Game:
    """A game that looks exactly like ``obs``; its hidden cards are the unseen ones in a
    fixed order (so nothing hidden from the real game leaks in)."""
    rules = get_rules(rules if rules is not None else obs["variant"])
    piles = obs["piles"]
    unseen = [c for c in CODES for _ in range(rules.decks)]
    for name in obs["pile_order"]:
        for card in piles[name]:
            if card != "#":
                unseen.remove(card)
    built: dict[str, list[str]] = {}
    for name in obs["pile_order"]:
        built[name] = ["#" + unseen.pop() if c == "#" else c for c in piles[name]]
    used = 0
    if rules.redeals is not None and obs["redeals_left"] is not None:
        used = rules.redeals - obs["redeals_left"]
    return Game.from_piles(
        rules,
        built,
        base_rank=obs["base_rank"],
        stock_locked=bool(obs["stock_locked"]),
        redeals_used=used,
        rest_to=None,
    )


class FairSolverPlayer:
    """The strong fair player, the ceiling of this family: the rule player with a look
    ahead. At each move it samples ``samples`` worlds of its hidden cards (what it has not
    seen, shuffled; it remembers nothing of the stock once turned over), and for the rule
    player's first ``width`` candidate moves counts the worlds the search (``budget``
    nodes each) wins after that move. It plays the candidate that wins in the most
    worlds; a tie, and so every position the search cannot yet decide, goes to the rule
    player's order. Choosing among the rule player's moves, not the first move of a
    world's winning line, keeps it from trusting what a world knows of its stock (a line
    that deals first because it knows what comes). Like the rule player, it never plays
    the same move twice from the same position (as it sees it), so every game ends."""

    def __init__(
        self, samples: int = 3, budget: int = 300, *, width: int = 3, seed: int = 0
    ) -> None:
        for name, value in (("samples", samples), ("budget", budget), ("width", width)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValueError(f"{name} is a whole number >= 1, not {value!r}")
        self.samples, self.budget, self.width, self.seed = samples, budget, width, seed
        self.name = f"fair-solver({samples}x{budget}, width {width})"
        self._rules = RulePlayer()

    def __repr__(self) -> str:
        return f"FairSolverPlayer(samples={self.samples}, budget={self.budget}, width={self.width})"

    def reset(self) -> None:
        self._rules.reset()

    def choose(self, observation: Observation) -> str | None:
        """The move to play (and remember having tried), or ``None`` to give up."""
        from ..search.advice import sample_worlds
        from ..search.solver import solve

        candidates = self._rules.untried(observation)
        if not candidates:
            return None
        best = candidates[0]
        if len(candidates) > 1 and observation["status"] == "playing":
            worlds = sample_worlds(
                game_from_observation(observation), self.samples, self.seed, memory=False
            )
            most = -1
            for move in candidates[: self.width]:
                wins = 0
                for world in worlds:
                    world = world.copy()
                    world.play(move)
                    wins += solve(world, budget=self.budget).verdict == "won"
                if wins > most:
                    best, most = move, wins
                if most == len(worlds):
                    break
        self._rules.remember(observation, best)
        return best


# ---------------------------------------------------------------- the referee
@dataclass(frozen=True)
class PlayResult:
    """How a game played by :func:`play_out` went."""

    won: bool
    status: str
    """``won``; ``gave-up`` (the player had nothing left); ``lost`` (no move left);
    ``stopped`` (``max_moves`` reached)."""
    score: int
    moves: int
    seconds: float


End = Literal["won", "lost", "gave-up", "stopped"]


def play_fair(
    game: Game, choose: Callable[[Observation], Move | str | None], max_moves: int
) -> End:
    """The fair play loop: ``choose`` (a player's ``choose``, or any bot) plays ``game`` in
    place, seeing nothing but :func:`~terrace_widget.game.game.fair_observation`, for at most
    ``max_moves`` moves. Returns how it ended: ``won``, ``lost`` (no move left),
    ``gave-up`` (``choose`` returned ``None``) or ``stopped`` (``max_moves`` reached). An
    illegal move raises ``IllegalMoveError`` and is not played."""
    for _ in range(max_moves):
        obs = fair_observation(game)
        if obs["status"] in ("won", "lost"):
            return "won" if obs["status"] == "won" else "lost"
        move = choose(obs)
        if move is None:
            return "gave-up"
        game.play(move)
    status = game.status
    return "won" if status == "won" else "lost" if status == "lost" else "stopped"


def play_out(game: Game, player: Player, max_moves: int = 3000) -> PlayResult:
    """Play a copy of ``game`` with ``player`` until it is won, the player gives up, no
    move is left or ``max_moves`` are played (:func:`play_fair`). The player sees only
    observations."""
    if not isinstance(game, Game):
        raise TypeError(f"play_out plays a Game, not {type(game).__name__}")
    if not isinstance(max_moves, int) or isinstance(max_moves, bool) or max_moves < 0:
        raise ValueError(f"max_moves is a whole number >= 0, not {max_moves!r}")
    start = time.perf_counter()
    g = game.copy()
    player.reset()
    status = play_fair(g, player.choose, max_moves)
    played = len(g.history) - len(game.history)
    return PlayResult(status == "won", status, g.score, played, time.perf_counter() - start)

"""The agent interface: a fair view of a game, a referee for bots, and a Gymnasium environment.

Everything here that a bot sees comes from :func:`fair_observation`: ``Game.observation()``
(no hidden card, no deal id) with a status that does not rest on a search through the
hidden cards.

* :func:`tournament` plays bots against the same deals and returns one row per game;
  :func:`summarize` turns the rows into a table with 95% intervals. No Gymnasium needed.
* A bot that wants to try moves first builds a game from what it sees with
  :func:`terrace_widget.fair.players.game_from_observation`.
* :class:`SolitaireEnv` (needs ``pip install terrace-widget[gym]``) is a Gymnasium
  ``Env``; importing this module registers ``terrace_widget/Terrace-v0``,
  ``terrace_widget/Klondike-v0`` and the other nine (see :data:`ENV_IDS`).

Actions are the numbers of :mod:`terrace_widget.game.actions`.
"""

from __future__ import annotations

import importlib.util
import math
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from statistics import mean, stdev
from typing import TYPE_CHECKING, Any

from ..fair.players import Player, play_fair, position_key
from ..game.actions import action_list, action_mask, action_move, action_number, legal_actions
from ..game.game import Game, Observation, fair_observation
from ..intervals import wilson_interval
from ..rules.limits import quote
from ..rules.moves import Move
from ..rules.variants import VARIANTS, get_rules

if TYPE_CHECKING:
    from .gym_env import SolitaireEnv

__all__ = [
    "ENV_IDS",
    "Bot",
    "Observation",
    "Player",
    "PlayerFactory",
    "SolitaireEnv",
    "action_list",
    "action_mask",
    "action_move",
    "action_number",
    "fair_observation",
    "legal_actions",
    "play_one",
    "register_envs",
    "tournament",
    "tournament_summary",
]

Bot = Callable[[Observation], "Move | str | None"]
"""A bot: gets the fair observation, returns its move (a Move or its text), or None to stop.
(A :class:`~terrace_widget.fair.players.Player`, with ``reset()`` and ``choose()``, plays too.)"""
PlayerFactory = Callable[[int], Bot]
"""Makes the player for one game; it is given the deal's seed (for a bot's own randomness)."""


def _env_name(variant: str) -> str:
    return "".join(word.capitalize() for word in variant.split("-"))


ENV_IDS: dict[str, str] = {
    variant: f"terrace_widget/{_env_name(variant)}-v0" for variant in VARIANTS
}
"""Gymnasium id of each game: ``terrace_widget/GeneralsPatience-v0`` for ``generals-patience``."""


# ------------------------------------------------------------------ the referee

END_WON = "won"
END_NO_MOVES = "no moves"
END_STOPPED = "stopped"
END_REPETITION = "repetition"
END_MOVE_LIMIT = "move limit"
END_ILLEGAL = "illegal move"


def play_one(
    player: Bot,
    variant: str,
    seed: int,
    *,
    max_moves: int = 1000,
    repetitions: int = 3,
) -> tuple[Game, str]:
    """Let ``player`` play the deal ``variant#seed``; return the finished game and how it ended.

    The player sees only :func:`fair_observation`. The game ends when it is won, when no
    move is left, when the player returns ``None`` or an illegal move (which is not
    played), after ``max_moves`` moves, or when the player chooses the same move in the
    same visible position for the ``repetitions``-th time (it is going round in circles; a
    player that remembers what it tried may come back to a position and try another move).
    """
    game = Game(variant, seed=seed)
    seen: Counter[tuple[Any, str]] = Counter()
    end = END_STOPPED

    def guarded(obs: Observation) -> Move | str | None:
        nonlocal end
        move = player(obs)
        if move is None:
            return None
        key = (position_key(obs), str(move))
        seen[key] += 1
        if seen[key] >= repetitions:
            end = END_REPETITION
            return None
        if not game.is_legal(move):
            end = END_ILLEGAL
            return None
        return move

    ended = play_fair(game, guarded, max_moves)
    if ended == "gave-up":
        return game, end
    return game, {"won": END_WON, "lost": END_NO_MOVES}.get(ended, END_MOVE_LIMIT)


def tournament(
    players: Mapping[str, PlayerFactory | Player],
    variants: Iterable[str],
    seeds: Iterable[int],
    *,
    max_moves: int = 1000,
    repetitions: int = 3,
) -> list[dict[str, Any]]:
    """Every player plays every deal ``variant#seed``; one result row per game.

    ``players`` maps a name to a factory called once per game with the deal's seed, which
    returns the player for that game (``lambda seed: greedy`` for a plain function; a
    random bot can seed its own generator), or to an object with ``reset()`` and
    ``choose(observation)`` such as :class:`terrace_widget.fair.players.RulePlayer` (reset
    before each game). Every player gets the same deals, so the comparison is paired.
    A row: ``variant, player, seed, score, cards, won, moves, end`` (``end`` says how the
    game ended; see :func:`play_one`).

    >>> rows = tournament({"first": lambda seed: lambda obs: obs["legal_moves"][0]},
    ...                   ["klondike"], [1, 2])
    >>> [(row["seed"], row["end"]) for row in rows]
    [(1, 'repetition'), (2, 'repetition')]
    """
    if not isinstance(max_moves, int) or isinstance(max_moves, bool) or max_moves < 1:
        raise ValueError(f"max_moves is a whole number of at least 1, not {quote(max_moves)}")
    if not isinstance(repetitions, int) or isinstance(repetitions, bool) or repetitions < 2:
        raise ValueError(f"repetitions is a whole number of at least 2, not {quote(repetitions)}")
    variants = [get_rules(variant).id for variant in variants]
    seeds = list(seeds)
    rows = []
    for variant in variants:
        for name, make_player in players.items():
            for seed in seeds:
                game, end = play_one(
                    _player_for(make_player, seed),
                    variant,
                    seed,
                    max_moves=max_moves,
                    repetitions=repetitions,
                )
                rows.append(
                    {
                        "variant": variant,
                        "player": name,
                        "seed": seed,
                        "score": game.score,
                        "cards": game.rules.cards,
                        "won": end == END_WON,
                        "moves": len(game.history),
                        "end": end,
                    }
                )
    return rows


def _player_for(entry: PlayerFactory | Player, seed: int) -> Bot:
    """The player for one game: a ``choose`` method after ``reset()``, or the factory's."""
    choose = getattr(entry, "choose", None)
    if callable(choose):
        reset = getattr(entry, "reset", None)
        if callable(reset):
            reset()
        return choose  # type: ignore[no-any-return]
    return entry(seed)  # type: ignore[operator]


def tournament_summary(rows: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """One row per (variant, player): games, wins and the win rate with its 95% Wilson
    interval, the mean share of the cards on foundations with a 95% normal interval
    (mean ± 1.96 standard errors), and the mean number of moves."""
    groups: dict[tuple[str, str], list[Mapping[str, Any]]] = {}
    for row in rows:
        groups.setdefault((row["variant"], row["player"]), []).append(row)
    table = []
    for (variant, player), games in groups.items():
        shares = [100 * game["score"] / game["cards"] for game in games]
        wins = sum(bool(game["won"]) for game in games)
        half = 1.96 * stdev(shares) / math.sqrt(len(shares)) if len(shares) > 1 else math.inf
        low, high = (100 * bound for bound in wilson_interval(wins, len(games)))
        table.append(
            {
                "variant": variant,
                "player": player,
                "games": len(games),
                "wins": wins,
                "win_pct": 100 * wins / len(games),
                "win_pct_low": low,
                "win_pct_high": high,
                "cards_pct": mean(shares),
                "cards_pct_low": max(0.0, mean(shares) - half),
                "cards_pct_high": min(100.0, mean(shares) + half),
                "moves": mean(game["moves"] for game in games),
            }
        )
    return table


# ------------------------------------------------------------------ Gymnasium


def register_envs() -> None:
    """Register the eleven environments with Gymnasium (done on import when it is installed)."""
    import gymnasium

    for variant, env_id in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point="terrace_widget.agents.gym_env:SolitaireEnv",
                kwargs={"variant": variant},
            )


def __getattr__(name: str) -> object:
    if name == "SolitaireEnv":
        try:
            from .gym_env import SolitaireEnv
        except ImportError as error:
            raise ImportError(
                f"SolitaireEnv needs Gymnasium ({error}): pip install 'terrace-widget[gym]'"
            ) from None
        return SolitaireEnv
    raise AttributeError(f"module 'terrace_widget.agents.env' has no attribute {name!r}")


if importlib.util.find_spec("gymnasium") is not None:
    register_envs()

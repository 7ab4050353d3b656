"""Moves as numbers: one fixed action list per game, for agents (OpenSpiel and Gymnasium style).

Every game gets a fixed, numbered list of every move its layout allows, legal or not:

* action ``0`` is the deal (a click on the stock);
* then every ``(source, target, count)`` in slot order of the source, then of the target,
  then by count. Sources are the waste, the reserve, the foundations (only where
  foundation cards may come back, as in Klondike) and the tableau piles; targets are the
  foundations and the tableau piles. ``count`` goes up to 13 for tableau-to-tableau
  moves in games that move groups (Klondike), and is 1 everywhere else.

The list depends only on the :class:`~terrace_widget.rules.variants.Rules` row: Terrace and
its siblings with nine tableau piles have 179 actions, Redheads and Blondes and
Brunettes 153, the four Klondikes 626. ``Game.legal_actions()`` and ``Game.apply()``
use it; so does :class:`terrace_widget.agents.env.SolitaireEnv`.

>>> from terrace_widget import Game
>>> g = Game("terrace", seed=12345)
>>> actions = action_list(g.rules)
>>> len(actions), actions[0]
(179, Move.parse('deal'))
>>> g.apply(action_number(g.rules, "t2-f6"))
Move.parse('t2-f6')
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Protocol, SupportsIndex

from ..rules.limits import quote
from ..rules.moves import DEAL, IllegalMoveError, Move
from ..rules.variants import Rules, get_rules


class Game(Protocol):
    """What the action functions need of a :class:`terrace_widget.Game` (named here, not
    imported, so that ``game`` may import this module)."""

    @property
    def rules(self) -> Rules: ...

    def legal_moves(self) -> list[Move]: ...

    def is_legal(self, move: Move | str) -> bool: ...

    def explain(self, move: Move | str) -> str | None: ...

    def play(self, move: Move | str) -> Move: ...


MAX_GROUP = 13
"""The largest group a game that moves sequences can carry (King down to Ace)."""


@cache
def _actions(rules: Rules) -> tuple[tuple[Move, ...], dict[Move, int]]:
    names = ["stock", "waste"]
    if rules.reserve:
        names.append("reserve")
    foundations = [f"f{i + 1}" for i in range(rules.foundations)]
    tableau = [f"t{i + 1}" for i in range(rules.tableau)]
    sources = names[1:] + ([] if rules.foundations_final else foundations) + tableau
    targets = foundations + tableau
    groups = rules.tableau_moves == "sequence"
    moves = [DEAL]
    for source in sources:
        for target in targets:
            if source == target:
                continue
            both_tableau = source.startswith("t") and target.startswith("t")
            most = MAX_GROUP if groups and both_tableau else 1
            moves.extend(Move(source, target, count) for count in range(1, most + 1))
    table = tuple(moves)
    return table, {move: number for number, move in enumerate(table)}


def action_list(rules: str | Rules) -> tuple[Move, ...]:
    """Every action of this game, in action-number order (the same list every time)."""
    return _actions(get_rules(rules))[0]


def action_number(rules: str | Rules, move: Move | str) -> int:
    """The action number of ``move`` (a :class:`Move` or its text) in this game."""
    rules = get_rules(rules)
    if isinstance(move, str):
        move = Move.parse(move)
    number = _actions(rules)[1].get(move) if isinstance(move, Move) else None
    if number is None:
        raise ValueError(f"{quote(move)} is not one of the {rules.name} actions")
    return number


def action_move(rules: str | Rules, action: SupportsIndex) -> Move:
    """The move of action number ``action``; ``ValueError`` outside ``0 … len(actions) - 1``."""
    moves = action_list(rules)
    number = _whole_number(action)
    if number is None or not 0 <= number < len(moves):
        raise ValueError(
            f"an action is a whole number from 0 to {len(moves) - 1}, not {quote(action)}"
        )
    return moves[number]


def legal_actions(game: Game) -> list[int]:
    """The numbers of the legal moves, ascending (OpenSpiel's ``legal_actions``)."""
    index = _actions(game.rules)[1]
    try:
        return sorted({index[move] for move in game.legal_moves()})
    except KeyError as error:  # a move the enumeration does not know: a bug, said plainly
        raise RuntimeError(f"{error.args[0]} is legal but has no action number") from None


def action_mask(game: Game) -> list[bool]:
    """One flag per action: ``True`` where the action is legal now."""
    mask = [False] * len(action_list(game.rules))
    for number in legal_actions(game):
        mask[number] = True
    return mask


def apply_action(game: Game, action: SupportsIndex) -> Move:
    """Play action number ``action``; an illegal one raises and changes nothing."""
    move = action_move(game.rules, action)
    if not game.is_legal(move):
        reason = game.explain(move)
        raise IllegalMoveError(f"action {action} ({move}) is not legal here: {reason}")
    return game.play(move)


def _whole_number(value: object) -> int | None:
    """``value`` as an int if it is a whole number (numpy integers too), else ``None``."""
    if isinstance(value, (bool, str, bytes, Sequence)):
        return None
    try:
        number = value.__index__()  # type: ignore[attr-defined]
    except (AttributeError, TypeError):
        return None
    return int(number)

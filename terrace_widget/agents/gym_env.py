"""A Gymnasium environment for every game (``pip install terrace-widget[gym]``).

>>> import gymnasium, terrace_widget.agents.env
>>> env = gymnasium.make("terrace_widget/Klondike-v0")
>>> obs, info = env.reset(seed=7)
>>> obs["piles"].shape, int(info["action_mask"].sum())
((13, 52), 8)

**Observation** (a ``Dict``; built from :func:`terrace_widget.game.game.fair_observation` only):

* ``piles``: ``int8``, one row per pile in slot order (``stock, waste, reserve, f1…,
  t1…``), cards bottom → top, then zeros. ``0`` no card, ``1 … 52`` a face-up card (its
  value plus one: ``AC`` 1 … ``KC`` 13, then diamonds, hearts, spades), ``53`` a
  face-down card. A face-down card never has any other code.
* ``sizes``: ``int16``, the number of cards in each pile.
* ``score`` (cards on the foundations), ``base_rank`` (1 … 13; 0 before the base is
  chosen, and in Klondike), ``stock_locked`` (0/1), ``redeals_left`` (−1 when unlimited),
  ``phase`` (0 choosing the base, 1 playing, 2 won, 3 lost: no move left);
* ``action_mask``: ``int8``, 1 for each legal action (also in ``info``, and
  :meth:`SolitaireEnv.action_masks` for MaskablePPO).

**Actions**: ``Discrete(n)``, the numbers of :mod:`terrace_widget.game.actions`.

**Reward**: +1 for each card that reaches a foundation, −1 for each card taken back from
one (so an episode's return is its final score minus its starting one), and
``win_bonus`` (10) on the move that wins. An illegal action is refused: nothing changes,
the reward is ``illegal_reward`` (−1) and ``info["refused"]`` says why (or, with
``illegal_action="raise"``, ``IllegalMoveError`` is raised and nothing changes).

**Episode end**: ``terminated`` when the game is won or no move is left; ``truncated``
after ``max_steps`` steps (refused ones count). The game-over search behind
``Game.status`` is not used: it reads the hidden cards. A step after the end raises.
"""

from __future__ import annotations

from typing import Any, Literal

import gymnasium
import numpy as np
from gymnasium import spaces

from ..game.actions import action_list, action_move
from ..game.game import Game, Observation, fair_observation
from ..game.render import text_board
from ..rules.cards import CODES
from ..rules.deal import long_seed
from ..rules.limits import quote
from ..rules.moves import IllegalMoveError
from ..rules.variants import get_rules

HIDDEN = 53
"""The code of a face-down card in ``obs["piles"]``."""
PHASES = ("choosing-base", "playing", "won", "lost")
_CARD_CODE = {card: value + 1 for value, card in enumerate(CODES)} | {"#": HIDDEN}

ArrayObservation = dict[str, Any]


class SolitaireEnv(gymnasium.Env[ArrayObservation, np.int64]):
    """One game as a Gymnasium environment; ``reset(seed=n)`` deals ``variant#n``, and
    ``reset()`` a deal drawn from ``np_random`` among the long seeds (docs/promises.md).

    ``options`` of :meth:`reset`: ``{"game": g}`` starts from a copy of the game ``g``
    (a constructed position, say) instead of a deal.
    """

    # Gymnasium declares it an instance attribute, and its own environments write it so.
    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        variant: str = "terrace",
        *,
        max_steps: int = 1000,
        win_bonus: float = 10.0,
        illegal_reward: float = -1.0,
        illegal_action: Literal["refuse", "raise"] = "refuse",
        render_mode: str | None = None,
    ) -> None:
        self.rules = get_rules(variant)
        if not isinstance(max_steps, int) or isinstance(max_steps, bool) or max_steps < 1:
            raise ValueError(f"max_steps is a whole number of at least 1, not {quote(max_steps)}")
        if illegal_action not in ("refuse", "raise"):
            raise ValueError(f"illegal_action is 'refuse' or 'raise', not {quote(illegal_action)}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is None or 'ansi', not {quote(render_mode)}")
        self.max_steps = max_steps
        self.win_bonus = float(win_bonus)
        self.illegal_reward = float(illegal_reward)
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        self.pile_names = Game(self.rules, seed=0).pile_names
        self.actions = action_list(self.rules)
        self._numbers = {str(move): number for number, move in enumerate(self.actions)}
        rules = self.rules
        redeals = -1 if rules.redeals is None else rules.redeals
        self.action_space = spaces.Discrete(len(self.actions))
        self.observation_space = spaces.Dict(
            {
                "piles": spaces.Box(0, HIDDEN, (len(self.pile_names), rules.cards), np.int8),
                "sizes": spaces.Box(0, rules.cards, (len(self.pile_names),), np.int16),
                "score": spaces.Discrete(rules.cards + 1),
                "base_rank": spaces.Discrete(14),
                "stock_locked": spaces.Discrete(2),
                "redeals_left": spaces.Discrete(redeals + 2, start=-1),
                "phase": spaces.Discrete(len(PHASES)),
                "action_mask": spaces.MultiBinary(len(self.actions)),
            }
        )
        self.game: Game | None = None
        self.steps = 0
        self._done = False

    # ------------------------------------------------------------ the API
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[ArrayObservation, dict[str, Any]]:
        super().reset(seed=seed)
        start = (options or {}).get("game")
        if start is not None:
            if not isinstance(start, Game) or start.rules != self.rules:
                raise ValueError(f"options['game'] must be a {self.rules.name} Game")
            self.game = start.copy()
        else:
            self.game = Game(self.rules, seed=seed if seed is not None else self._long_seed())
        self.steps = 0
        self._done = False
        obs = fair_observation(self.game)
        return self._arrays(obs), self._info(obs, None)

    def _long_seed(self) -> int:
        """A long seed (docs/promises.md) from ``np_random``: reproducible after a seeded
        ``reset``, as Gymnasium asks, and drawn from 2**128 - 2**64 deals."""
        while True:
            seed = long_seed(self.np_random.bytes(16))
            if seed is not None:
                return seed

    def step(
        self, action: np.int64 | int
    ) -> tuple[ArrayObservation, float, bool, bool, dict[str, Any]]:
        game = self.game
        if game is None:
            raise RuntimeError("call reset() before step()")
        if self._done:
            raise RuntimeError("the episode is over: call reset() for a new one")
        move = action_move(self.rules, action)  # ValueError outside the action space
        refused = None if game.is_legal(move) else game.explain(move)
        if refused is not None and self.illegal_action == "raise":
            raise IllegalMoveError(f"action {int(action)} ({move}) is not legal here: {refused}")
        self.steps += 1
        before = game.score
        if refused is None:
            game.play(move)
        obs = fair_observation(game)
        reward = float(game.score - before) if refused is None else self.illegal_reward
        terminated = obs["status"] in ("won", "lost")
        if obs["status"] == "won" and refused is None:
            reward += self.win_bonus
        truncated = not terminated and self.steps >= self.max_steps
        self._done = terminated or truncated
        info = self._info(obs, None if refused is not None else str(move))
        if refused is not None:
            info["refused"] = refused
        return self._arrays(obs), reward, terminated, truncated, info

    def render(self) -> str | None:
        """The text board (``render_mode="ansi"``), drawn from the fair observation."""
        if self.render_mode != "ansi" or self.game is None:
            return None
        return text_board(fair_observation(self.game))

    def action_masks(self) -> np.ndarray:
        """The legal actions as booleans (the name sb3-contrib's MaskablePPO looks for)."""
        if self.game is None:
            return np.zeros(len(self.actions), dtype=bool)
        return self._mask(fair_observation(self.game)).astype(bool)

    # ------------------------------------------------------------ encoding
    def _arrays(self, obs: Observation) -> ArrayObservation:
        piles = np.zeros((len(self.pile_names), self.rules.cards), dtype=np.int8)
        sizes = np.zeros(len(self.pile_names), dtype=np.int16)
        for row, name in enumerate(self.pile_names):
            cards = obs["piles"][name]
            piles[row, : len(cards)] = [_CARD_CODE[card] for card in cards]
            sizes[row] = len(cards)
        redeals_left = obs["redeals_left"]
        return {
            "piles": piles,
            "sizes": sizes,
            "score": np.int64(obs["score"]),
            "base_rank": np.int64(obs["base_rank"] or 0),
            "stock_locked": np.int64(bool(obs["stock_locked"])),
            "redeals_left": np.int64(-1 if redeals_left is None else redeals_left),
            "phase": np.int64(PHASES.index(obs["status"])),
            "action_mask": self._mask(obs),
        }

    def _mask(self, obs: Observation) -> np.ndarray:
        """The legal actions, read from the observation's legal moves."""
        mask = np.zeros(len(self.actions), dtype=np.int8)
        mask[[self._numbers[text] for text in obs["legal_moves"]]] = 1
        return mask

    def _info(self, obs: Observation, move: str | None) -> dict[str, Any]:
        return {
            "action_mask": self._mask(obs),
            "score": obs["score"],
            "status": obs["status"],
            "move": move,
            "steps": self.steps,
        }

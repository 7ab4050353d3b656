"""One Hypothesis state machine over all eleven games: the engine's invariants.

Cards are conserved, every listed move plays, unlisted moves are refused and change
nothing, undo and redo are exact, saves and records round-trip, and the observation
never shows a face-down card.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import hypothesis.strategies as st
from hypothesis import HealthCheck, settings
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from terrace_widget import (
    DEAL,
    VARIANTS,
    CorruptSaveError,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    code,
)


def snapshot(game: Game) -> dict[str, Any]:
    """Everything that defines the position (not the history)."""
    data = game.to_dict()
    return {key: data[key] for key in ("piles", "base_rank", "stock_locked", "redeals_used")}


class GameMachine(RuleBasedStateMachine):
    """Plays random games of every variant and checks the engine after every step."""

    game: Game

    def __init__(self) -> None:
        super().__init__()
        self.past: list[dict[str, Any]] = []  # snapshots before each turn still undoable
        self.future: list[dict[str, Any]] = []  # snapshots after each undone turn

    @initialize(variant=st.sampled_from(sorted(VARIANTS)), seed=st.integers(0, 2**32))
    def deal(self, variant: str, seed: int) -> None:
        self.game = Game(variant, seed=seed)

    def _played(self, before: dict[str, Any]) -> None:
        self.past.append(before)
        self.future.clear()

    @rule(data=st.data())
    def play_a_legal_move(self, data: st.DataObject) -> None:
        moves = self.game.legal_moves()
        if not moves:
            return
        move = data.draw(st.sampled_from(moves))
        before = snapshot(self.game)
        assert self.game.is_legal(move)
        assert self.game.play(move) == move
        self._played(before)
        assert self.game.history[-1] == move

    @rule(data=st.data())
    def play_mostly_forward(self, data: st.DataObject) -> None:
        """Prefer foundation moves, so games get somewhere."""
        moves = self.game.legal_moves()
        upward = [m for m in moves if m.target.startswith("f")] or moves
        if upward:
            before = snapshot(self.game)
            self.game.play(data.draw(st.sampled_from(upward)))
            self._played(before)

    @rule(
        source=st.sampled_from(["stock", "waste", "reserve", *[f"f{i}" for i in range(1, 9)],
                                *[f"t{i}" for i in range(1, 10)]]),
        onto=st.sampled_from(["waste", "reserve", *[f"f{i}" for i in range(1, 9)],
                                *[f"t{i}" for i in range(1, 10)]]),
        count=st.integers(1, 14),
    )  # fmt: skip
    def unlisted_moves_are_refused(self, source: str, onto: str, count: int) -> None:
        move = DEAL if source == "stock" else Move(source, onto, count)
        if source == onto or move in self.game.legal_moves():
            return
        before = self.game.to_dict()
        try:
            self.game.play(move)
        except IllegalMoveError as error:
            assert str(error), "a refusal says why"
        else:
            raise AssertionError(f"{move} is not listed but was played")
        assert self.game.to_dict() == before

    @rule(text=st.text(max_size=12))
    def garbage_text_is_refused(self, text: str) -> None:
        before = self.game.to_dict()
        try:
            move = Move.parse(text)
        except InvalidMoveError:
            return
        if move not in self.game.legal_moves():
            try:
                self.game.play(text)
            except (IllegalMoveError, InvalidMoveError):
                pass
            else:
                raise AssertionError(f"{text!r} was played although not legal")
            assert self.game.to_dict() == before

    @rule(pile=st.sampled_from(["stock", "waste", "reserve", "f1", "f2", "t1", "t2", "t5", "t7"]))
    def double_click(self, pile: str) -> None:
        if pile not in self.game.pile_names:
            return
        before = snapshot(self.game)
        legal = self.game.legal_moves()
        played = self.game.to_foundation(pile)
        if played:
            assert played[0] in legal
            assert all(m.target.startswith("f") for m in played)
            self._played(before)
        else:
            assert snapshot(self.game) == before

    @precondition(lambda self: self.past)
    @rule()
    def undo(self) -> None:
        after = snapshot(self.game)
        assert self.game.undo()
        assert snapshot(self.game) == self.past.pop()
        self.future.append(after)

    @precondition(lambda self: self.future)
    @rule()
    def redo(self) -> None:
        before = snapshot(self.game)
        assert self.game.redo()
        assert snapshot(self.game) == self.future.pop()
        self.past.append(before)

    @rule()
    def save_and_load(self) -> None:
        data = self.game.to_dict()
        loaded = Game.from_dict(data)
        assert loaded.to_dict() == data
        assert loaded.legal_moves() == self.game.legal_moves()

    @rule()
    def position_text_round_trips(self) -> None:
        text = self.game.fen()
        again = Game.from_fen(text)
        assert again.fen() == text and again == self.game
        assert again.position_key() == self.game.position_key()
        assert again.legal_moves() == self.game.legal_moves()
        assert again.observation()["piles"] == self.game.observation()["piles"]

    @rule()
    def record_replays(self) -> None:
        replayed = Game.replay(self.game.record())
        assert snapshot(replayed) == snapshot(self.game)

    @rule(key=st.sampled_from(["piles", "base_rank", "stock_locked", "redeals_used", "moves"]))
    def tampering_is_refused(self, key: str) -> None:
        data = self.game.to_dict()
        if key == "piles":
            piles = data["piles"]
            full = [name for name, cards in piles.items() if len(cards) >= 2]
            name = full[0]
            piles[name] = piles[name][::-1]
            if piles[name] == self.game.piles[name]:
                return
        elif key == "base_rank":
            data[key] = (data[key] or 0) % 13 + 1
        elif key == "stock_locked":
            data[key] = not data[key]
        elif key == "redeals_used":
            data[key] += 1
        else:
            data["moves"] = [*data["moves"], "t1-t1"]
        try:
            Game.from_dict(data)
        except CorruptSaveError:
            return
        raise AssertionError(f"a save with a tampered {key!r} was accepted")

    @invariant()
    def cards_are_conserved(self) -> None:
        game = self.game
        counts = Counter(card.lstrip("#") for cards in game.piles.values() for card in cards)
        assert counts == {code(v): game.rules.decks for v in range(52)}
        assert game.score == sum(len(c) for n, c in game.piles.items() if n.startswith("f"))

    @invariant()
    def observation_hides_face_down_cards(self) -> None:
        game = self.game
        piles = game.piles
        seen = game.observation()["piles"]
        for name, cards in piles.items():
            shown = seen[name]
            assert len(shown) == len(cards)
            for real, visible in zip(cards, shown, strict=True):
                assert visible == ("#" if real.startswith("#") else real)

    @invariant()
    def every_listed_move_is_unique_and_well_formed(self) -> None:
        moves = self.game.legal_moves()
        assert len(set(moves)) == len(moves)
        for move in moves:
            assert Move.parse(str(move)) == move


GameMachine.TestCase.settings = settings(
    max_examples=60,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestGameMachine = GameMachine.TestCase

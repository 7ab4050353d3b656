"""``Game``: the engine's public face — a deal, its history, and everything a player does."""

from __future__ import annotations

import copy
import secrets
from collections import Counter
from collections.abc import Iterable, Mapping
from itertools import pairwise
from typing import Any, Literal

from .actions import apply_action, legal_actions
from .cards import RANK_TITLES, builds_down, code, is_red, parse_card, rank_of, suit_of
from .deal import shuffled_deck
from .engine import STOCK, WASTE, Table, UndoRecord
from .hints import Hint, classic_hint
from .limits import as_int
from .moves import DEAL, IllegalMoveError, InvalidMoveError, Move
from .variants import Rules, get_rules

Status = Literal["choosing-base", "playing", "won", "lost"]
SAVE_FORMAT = "terrace-widget/game"
SAVE_VERSION = 1
LOSS_SEARCH_BUDGET = 800
"""Positions the exact loss check (docs/rules.md#d5) may visit before it leaves the game open."""
LOSS_MEMO_SIZE = 512
"""Verdicts of that check remembered per game, oldest forgotten first."""


class CorruptSaveError(ValueError):
    """A saved game, record or constructed position that is malformed or inconsistent."""


Turn = tuple[Move, ...]


class Game:
    """One deal of one of the eleven games, with unlimited undo and redo.

    >>> g = Game("terrace", seed=12345)
    >>> g.status, g.stock_count
    ('choosing-base', 89)
    >>> g.play("t2-f6")
    Move.parse('t2-f6')
    >>> g.status, g.stock_count, g.score
    ('playing', 82, 1)
    """

    def __init__(
        self,
        variant: str | Rules = "terrace",
        seed: int | None = None,
        deck: Iterable[str | int] | None = None,
    ) -> None:
        rules = get_rules(variant)
        if seed is not None and not isinstance(seed, (int, bool)):
            seed = as_int(seed)  # NumPy's integers (a DataFrame column)
        if deck is not None:
            if seed is not None:
                raise ValueError("give either a seed or a deck, not both")
            values = _read_deck(deck, rules)
        else:
            if seed is None:
                seed = secrets.randbelow(1_000_000_000)
            values = shuffled_deck(seed, rules.decks)
        self._rules = rules
        self._seed = seed
        self._deck: tuple[int, ...] | None = tuple(values)
        self._start: dict[str, Any] | None = None
        self._table = Table(rules)
        self._index = {name: i for i, name in enumerate(self._table.names)}
        self._reset()

    # ------------------------------------------------------------ creation
    @classmethod
    def from_deal_id(cls, deal_id: str) -> Game:
        """``Game.from_deal_id("terrace#12345")``."""
        variant, sep, number = str(deal_id).partition("#")
        if not sep or not number.strip().isdigit():
            raise ValueError(f"{deal_id!r} is not a deal id such as 'terrace#12345'")
        return cls(variant, seed=int(number))

    @classmethod
    def from_piles(
        cls,
        variant: str | Rules,
        piles: Mapping[str, Iterable[str]],
        *,
        base_rank: int | None = None,
        stock_locked: bool = False,
        redeals_used: int = 0,
        rest_to: str | None = "stock",
    ) -> Game:
        """A constructed position. Cards left out go to the bottom of pile ``rest_to``."""
        rules = get_rules(variant)
        game = cls.__new__(cls)
        game._rules = rules
        game._seed = None
        game._deck = None
        game._table = Table(rules)
        game._index = {name: i for i, name in enumerate(game._table.names)}
        game._start = _check_position(
            game._table, piles, base_rank, stock_locked, redeals_used, rest_to
        )
        game._reset()
        return game

    def _reset(self) -> None:
        table = self._table
        if self._deck is not None:
            table.deal(list(self._deck))
        else:
            assert self._start is not None
            _load_position(table, self._start)
        self._undo: list[tuple[Turn, list[UndoRecord]]] = []
        self._redo: list[Turn] = []
        self._lost_memo: dict[bytes, bool] = {}
        self._changed()

    def _changed(self) -> None:
        self._legal: tuple[Move, ...] | None = None
        self._lost: bool | None = None

    def copy(self) -> Game:
        """An independent game with the same position and history."""
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other._table = self._table.copy()
        other._undo = [
            (
                turn,
                [
                    ({i: (c[:], d) for i, (c, d) in saved.items()}, b, lk, p)
                    for saved, b, lk, p in records
                ],
            )
            for turn, records in self._undo
        ]
        other._redo = list(self._redo)
        other._lost_memo = dict(self._lost_memo)
        return other

    # ------------------------------------------------------------ properties
    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def variant(self) -> str:
        return self._rules.id

    @property
    def seed(self) -> int | None:
        return self._seed

    @property
    def deal_id(self) -> str | None:
        """``'terrace#12345'``: enough to play the same deal anywhere."""
        return None if self._seed is None else f"{self.variant}#{self._seed}"

    @property
    def deck(self) -> list[str] | None:
        """The deck, first card dealt first, or ``None`` for a constructed position."""
        return None if self._deck is None else [code(v) for v in self._deck]

    @property
    def pile_names(self) -> list[str]:
        return list(self._table.names)

    @property
    def piles(self) -> dict[str, list[str]]:
        """Every pile bottom → top; face-down cards are written with a leading ``#``."""
        table = self._table
        result = {}
        for i, name in enumerate(table.names):
            hidden = len(table.piles[i]) if i == STOCK else table.down[i]
            result[name] = [
                ("#" if k < hidden else "") + code(v) for k, v in enumerate(table.piles[i])
            ]
        return result

    @property
    def score(self) -> int:
        return self._table.score

    @property
    def base_rank(self) -> int | None:
        """The base rank (1 Ace … 13 King) of a Terrace game once it is set."""
        if self._rules.family != "terrace":
            return None
        return self._table.base or None

    @property
    def stock_locked(self) -> bool:
        """Whether the stock waits until a card leaves the waste (docs/rules.md#terrace-lock)."""
        return self._table.locked and self._rules.stock_lock and not self._rules.auto_fill

    @property
    def redeals_used(self) -> int:
        return self._table.passes

    @property
    def redeals_left(self) -> int | None:
        """Redeals still allowed; ``None`` when they are unlimited."""
        if self._rules.redeals is None:
            return None
        return self._rules.redeals - self._table.passes

    @property
    def stock_count(self) -> int:
        return len(self._table.piles[STOCK])

    @property
    def history(self) -> list[Move]:
        return [move for turn, _ in self._undo for move in turn]

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def status(self) -> Status:
        """``choosing-base``, ``playing``, ``won``, or ``lost`` once proven (docs/rules.md#d5)."""
        status = self._cheap_status()
        if status != "playing":
            return status
        if self._lost is None:
            # Positions come back (undo, redo, a deal and its undo): remember the verdicts.
            memo = self._lost_memo
            key = self._table.key()
            lost = memo.get(key)
            if lost is None:
                lost = _proven_lost(self._table, self._index, LOSS_SEARCH_BUDGET)
                if len(memo) >= LOSS_MEMO_SIZE:
                    memo.pop(next(iter(memo)))
                memo[key] = lost
            self._lost = lost
        return "lost" if self._lost else "playing"

    def _cheap_status(self) -> Status:
        """The status without the game-over search: ``lost`` only when no move is left."""
        table = self._table
        if table.is_won():
            return "won"
        if self._rules.family == "terrace" and not table.base:
            return "choosing-base"
        return "playing" if self.legal_moves() else "lost"

    # ------------------------------------------------------------ playing
    def legal_moves(self) -> list[Move]:
        """Every legal move in this position.

        As in Aisleriot, a won Klondike game still lists the cards that may come down
        from the foundations (the differential tests compare the move sets).
        """
        return list(self._legal_moves())

    def _legal_moves(self) -> tuple[Move, ...]:
        if self._legal is None:
            self._legal = tuple(self._table.legal_moves())
        return self._legal

    def is_legal(self, move: Move | str) -> bool:
        try:
            move = self._coerce(move)
        except ValueError:  # malformed, or naming a pile this game does not have
            return False
        return move in self._legal_moves()

    def play(self, move: Move | str) -> Move:
        """Play ``move`` (a :class:`Move` or its text); illegal moves raise and change nothing."""
        move = self._coerce(move)
        if move not in self._legal_moves():
            raise IllegalMoveError(self._why_illegal(move))
        record = self._make(move)
        self._undo.append(((move,), [record]))
        self._redo.clear()
        return move

    def _make(self, move: Move) -> UndoRecord:
        index = self._index
        record = self._table.make(index[move.source], index[move.target], move.count)
        self._legal = None
        self._lost = None
        return record

    def undo(self) -> bool:
        """Take back the last turn exactly; ``False`` if there is none."""
        if not self._undo:
            return False
        turn, records = self._undo.pop()
        for record in reversed(records):
            self._table.unmake(record)
        self._redo.append(turn)
        self._changed()
        return True

    def redo(self) -> bool:
        """Play again the last turn taken back; ``False`` if there is none."""
        if not self._redo:
            return False
        turn = self._redo.pop()
        self._undo.append((turn, [self._make(move) for move in turn]))
        return True

    def restart(self) -> None:
        """Back to the deal, with an empty history."""
        self._reset()

    def to_foundation(self, pile: str) -> list[Move]:
        """What a double-click on ``pile`` does; returns the moves played (maybe none)."""
        table = self._table
        i = self._pile_index(pile)
        if self._rules.family == "klondike" and i in table.foundations:
            return self.autoplay()
        if i == STOCK or i in table.foundations or not table.piles[i]:
            return []  # nothing happens: Terrace foundations are final (docs/rules.md#d3)
        if self._rules.family == "terrace" and not table.base:
            if i not in table.tableau:
                return []
            target = table.foundations[0]
        else:
            targets = table.foundation_targets().get(table.piles[i][-1])
            if not targets:
                return []
            target = min(targets)
        return [self.play(Move(table.names[i], table.names[target]))]

    def autoplay(self) -> list[Move]:
        """Klondike's foundation double-click: move every card that can go up; one undo step."""
        table = self._table
        if self._rules.family != "klondike":
            return []
        played: list[Move] = []
        records: list[UndoRecord] = []
        while True:
            ftargets = table.foundation_targets()
            for source in (WASTE, *table.tableau):
                pile = table.piles[source]
                if pile and pile[-1] in ftargets:
                    move = Move(table.names[source], table.names[min(ftargets[pile[-1]])])
                    records.append(self._make(move))
                    played.append(move)
                    break
            else:
                break
        if played:
            self._undo.append((tuple(played), records))
            self._redo.clear()
        return played

    def hint(self, mode: str = "classic", seconds: float | None = 1.0) -> Hint:
        """A hint: Aisleriot's classic one (docs/rules.md#terrace-hints) or the solver's.

        ``mode="solver"``: the first move of a winning line and why it helps, within
        ``seconds`` (:func:`terrace_widget.advice.solver_hint`); ``"fair"``: the same from
        worlds sampled from what the player has seen. ``seconds`` is ignored by ``classic``.
        """
        if mode != "classic":
            if mode not in ("solver", "fair"):
                raise ValueError(f"unknown hint mode {mode!r}: use 'classic', 'solver' or 'fair'")
            from .advice import solver_hint

            return solver_hint(self, seconds=seconds, fair=mode == "fair")
        hint = classic_hint(self._table)
        if hint is not None:
            return hint
        if self.status == "won":
            return Hint(None, "The game is won.")
        return Hint(None, "No hint: no move leads anywhere.")

    # ------------------------------------------------------------ explaining refusals
    def _coerce(self, move: Move | str) -> Move:
        if isinstance(move, str):
            move = Move.parse(move)
        elif not isinstance(move, Move):
            raise InvalidMoveError(f"a move is a Move or text such as 't3-f1', not {move!r}")
        if not isinstance(move.source, str) or not isinstance(move.target, str):
            raise InvalidMoveError(f"a move's piles are names such as 't3', not {move!r}")
        if move.source not in self._index or move.target not in self._index:
            missing = move.source if move.source not in self._index else move.target
            raise IllegalMoveError(
                f"{self._rules.name} has no pile {missing!r}; its piles are "
                f"{', '.join(self._table.names)}"
            )
        if not isinstance(move.count, int) or move.count < 1:
            raise InvalidMoveError(f"a move takes at least one card, not {move.count!r}")
        return move

    def _pile_index(self, pile: str) -> int:
        if not isinstance(pile, str) or pile not in self._index:
            raise ValueError(
                f"{self._rules.name} has no pile {pile!r}; its piles are "
                f"{', '.join(self._table.names)}"
            )
        return self._index[pile]

    def explain(self, move: Move | str) -> str | None:
        """Why ``move`` is refused here, in words a player can act on; ``None`` if it is legal."""
        try:
            move = self._coerce(move)
        except ValueError as error:
            return str(error)
        if self.is_legal(move):
            return None
        return self._why_illegal(move)

    def _why_illegal(self, move: Move) -> str:
        return _explain(self._table, self._index, move, self._cheap_status())

    # ------------------------------------------------------------ saving
    def record(self) -> dict[str, Any]:
        """A compact record (variant, deck, moves) that :meth:`replay` turns back into this game."""
        if self._deck is None:
            raise ValueError("a constructed position has no deal to record; use to_dict()")
        result: dict[str, Any] = {
            "variant": self.variant,
            "deck": " ".join(code(v) for v in self._deck),
            "moves": " ".join(",".join(map(str, turn)) for turn, _ in self._undo),
        }
        if self._seed is not None:
            result["seed"] = self._seed
        return result

    @classmethod
    def replay(cls, record: Mapping[str, Any]) -> Game:
        """The game a :meth:`record` describes, its moves replayed and checked."""
        if not isinstance(record, Mapping):
            raise CorruptSaveError("a game record is a dict with 'variant', 'deck' and 'moves'")
        deck = record.get("deck")
        seed = record.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise CorruptSaveError(f"a record's seed is a whole number, not {seed!r}")
        try:
            if deck is None and seed is not None:
                game = cls(record.get("variant", ""), seed=seed)
            elif isinstance(deck, str):
                game = cls(record.get("variant", ""), deck=deck.split())
                if seed is not None:
                    if shuffled_deck(seed, game.rules.decks) != list(game._deck or ()):
                        raise CorruptSaveError("the record's deck is not the deck of its seed")
                    game._seed = seed
            else:
                raise CorruptSaveError("a game record needs a 'deck' (text) or a 'seed'")
        except CorruptSaveError:
            raise
        except ValueError as error:
            raise CorruptSaveError(f"bad game record: {error}") from None
        game._replay_turns(_read_turns(record.get("moves", "")))
        return game

    def _replay_turns(self, turns: list[list[str]]) -> None:
        for number, turn in enumerate(turns, 1):
            try:
                if len(turn) == 1:
                    self.play(turn[0])
                    continue
                played = self.autoplay()
                if [str(m) for m in played] != turn:
                    raise IllegalMoveError(f"{','.join(turn)} is not what autoplay does here")
            except ValueError as error:
                raise CorruptSaveError(f"move {number} ({','.join(turn)}): {error}") from None

    def to_dict(self) -> dict[str, Any]:
        """The whole game as JSON-ready data (see :meth:`from_dict`)."""
        table = self._table
        data: dict[str, Any] = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "variant": self.variant,
            "seed": self._seed,
            "deck": None if self._deck is None else " ".join(code(v) for v in self._deck),
            "start": copy.deepcopy(self._start),
            "moves": [",".join(map(str, turn)) for turn, _ in self._undo],
            "redo": [",".join(map(str, turn)) for turn in reversed(self._redo)],
            "piles": self.piles,
            "base_rank": table.base if self._rules.family == "terrace" and table.base else None,
            "stock_locked": table.locked,
            "redeals_used": table.passes,
        }
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Game:
        """Load :meth:`to_dict` output; malformed or tampered data raises ``CorruptSaveError``."""
        if not isinstance(data, Mapping) or data.get("format") != SAVE_FORMAT:
            raise CorruptSaveError(f"not a saved game: expected format {SAVE_FORMAT!r}")
        if data.get("version") != SAVE_VERSION:
            raise CorruptSaveError(
                f"saved game version {data.get('version')!r} is not supported "
                f"(this is version {SAVE_VERSION})"
            )
        moves, redo = data.get("moves"), data.get("redo", [])
        if not isinstance(moves, list) or not isinstance(redo, list):
            raise CorruptSaveError("'moves' and 'redo' must be lists of move texts")
        try:
            if data.get("deck") is not None:
                game = cls.replay(
                    {
                        "variant": data.get("variant"),
                        "deck": data["deck"],
                        "seed": data.get("seed"),
                        "moves": "",
                    }
                )
            else:
                start = data.get("start")
                if not isinstance(start, Mapping):
                    raise CorruptSaveError("a saved game needs its 'deck' or its 'start' position")
                game = cls.from_piles(
                    data.get("variant", ""),
                    start.get("piles", {}),
                    base_rank=start.get("base_rank"),
                    stock_locked=start.get("stock_locked", False),
                    redeals_used=start.get("redeals_used", 0),
                    rest_to=None,
                )
        except CorruptSaveError:
            raise
        except (ValueError, TypeError, KeyError) as error:
            raise CorruptSaveError(f"bad saved game: {error}") from None
        game._replay_turns([_split_turn(t) for t in moves])
        future = game.copy()
        future._replay_turns([_split_turn(t) for t in redo])
        for _ in redo:
            future.undo()
        game._redo = future._redo
        reached = game.to_dict()
        for key in ("piles", "base_rank", "stock_locked", "redeals_used"):
            if key in data and data[key] != reached[key]:
                raise CorruptSaveError(
                    f"the saved {key.replace('_', ' ')} does not match what its moves lead to"
                )
        return game

    # ------------------------------------------------------------ showing
    def observation(self, *, prove_loss: bool = True) -> dict[str, Any]:
        """What a player may see: face-down cards are ``"#"``, never their faces.

        It carries no seed and no deal id: either rebuilds the whole deck.

        With ``prove_loss=False`` the status skips the game-over search (a position not
        yet proven lost reads ``playing``), for callers that check :attr:`status` later.
        """
        table = self._table
        piles = {}
        for i, name in enumerate(table.names):
            hidden = len(table.piles[i]) if i == STOCK else table.down[i]
            piles[name] = ["#"] * hidden + [code(v) for v in table.piles[i][hidden:]]
        rules = self._rules
        return {
            "variant": rules.id,
            "name": rules.name,
            "family": rules.family,
            "status": self.status if prove_loss or self._lost is not None else self._cheap_status(),
            "score": self.score,
            "max_score": rules.cards,
            "base_rank": self.base_rank,
            "stock_locked": self.stock_locked,
            "redeals_left": self.redeals_left,
            "stock_count": self.stock_count,
            "deal_count": rules.deal_count,
            "moves_played": sum(len(turn) for turn, _ in self._undo),
            "can_undo": self.can_undo,
            "can_redo": self.can_redo,
            "pile_order": list(table.names),
            "piles": piles,
            "legal_moves": [str(m) for m in self.legal_moves()],
            "hint": None,
        }

    def __str__(self) -> str:
        from .render import text_board

        return text_board(self.observation())

    def _repr_svg_(self) -> str:
        from .render import svg_board

        return str(svg_board(self.observation()))

    def __repr__(self) -> str:
        name = self.deal_id or f"{self.variant} (constructed)"
        return f"<Game {name}: {len(self.history)} moves, score {self.score}, {self.status}>"

    # ------------------------------------------------------------ agents (see actions.py)
    def clone(self) -> Game:
        """An independent copy, as OpenSpiel names it (the same as :meth:`copy`)."""
        return self.copy()

    def legal_actions(self) -> list[int]:
        """The legal moves as action numbers (:mod:`terrace_widget.actions`), ascending."""
        return legal_actions(self)

    def apply(self, action: int) -> Move:
        """Play action number ``action``; an illegal one raises ``IllegalMoveError``, unchanged."""
        return apply_action(self, action)


# ---------------------------------------------------------------- helpers


def _read_deck(deck: Iterable[str | int], rules: Rules) -> list[int]:
    if isinstance(deck, str):
        deck = deck.split()
    elif not isinstance(deck, Iterable):
        raise ValueError(f"a deck is a list of card codes or one text of them, not {deck!r}")
    values = []
    for card in deck:
        if isinstance(card, int) and not isinstance(card, bool) and 0 <= card < 52:
            values.append(card)
        else:
            values.append(parse_card(card))  # type: ignore[arg-type]
    counts = Counter(values)
    wrong = [code(v) for v in range(52) if counts[v] != rules.decks]
    if len(values) != rules.cards or wrong:
        raise ValueError(
            f"a {rules.name} deck has {rules.cards} cards, each card {rules.decks} time(s); "
            f"this one has {len(values)} cards"
            + (f", wrong counts of {' '.join(wrong[:6])}" if wrong else "")
        )
    return values


def _split_turn(text: object) -> list[str]:
    if not isinstance(text, str) or not text.strip():
        raise CorruptSaveError(f"{text!r} is not a move text")
    return text.strip().split(",")


def _read_turns(moves: object) -> list[list[str]]:
    if isinstance(moves, str):
        return [_split_turn(t) for t in moves.split()]
    if isinstance(moves, list):
        return [_split_turn(t) for t in moves]
    raise CorruptSaveError("'moves' is a text of space-separated moves")


def _check_position(
    table: Table,
    piles: Mapping[str, Iterable[str]],
    base_rank: int | None,
    stock_locked: bool,
    redeals_used: int,
    rest_to: str | None,
) -> dict[str, Any]:
    """Validate a constructed position; return it in canonical saved form."""
    rules = table.rules
    if not isinstance(piles, Mapping):
        raise CorruptSaveError("piles must map pile names to lists of cards")
    unknown = [name for name in piles if name not in table.names]
    if unknown:
        raise CorruptSaveError(
            f"{rules.name} has no pile {unknown[0]!r}; its piles are {', '.join(table.names)}"
        )
    cards: dict[str, list[int]] = {}
    hidden: dict[str, int] = {}
    for name in table.names:
        entries = piles.get(name, [])
        if isinstance(entries, str):
            entries = entries.split()
        if not isinstance(entries, (list, tuple)):
            raise CorruptSaveError(f"{name}: a pile is a list of card codes, not {entries!r}")
        values, down, seen_up = [], 0, False
        for entry in entries:
            if not isinstance(entry, str):
                raise CorruptSaveError(f"{name}: {entry!r} is not a card code")
            face_down = entry.startswith("#")
            try:
                values.append(parse_card(entry[1:] if face_down else entry))
            except ValueError as error:
                raise CorruptSaveError(f"{name}: {error}") from None
            if name == "stock":
                continue
            if face_down:
                if seen_up or not (rules.family == "klondike" and name.startswith("t")):
                    raise CorruptSaveError(
                        f"{name}: face-down cards lie only in the stock and under the face-up "
                        "cards of a Klondike tableau pile"
                    )
                down += 1
            else:
                seen_up = True
        cards[name], hidden[name] = values, down
    counts = Counter(v for values in cards.values() for v in values)
    extra = [code(v) for v in range(52) if counts[v] > rules.decks]
    if extra:
        raise CorruptSaveError(f"too many copies of {' '.join(extra)} for {rules.name}")
    rest = [v for v in range(52) for _ in range(rules.decks - counts[v])]
    if rest:
        if rest_to is None:
            raise CorruptSaveError(
                f"cards are missing: {' '.join(code(v) for v in rest[:8])}"
                + (" …" if len(rest) > 8 else "")
            )
        if rest_to not in table.names:
            raise CorruptSaveError(f"rest_to: {rules.name} has no pile {rest_to!r}")
        cards[rest_to] = rest + cards[rest_to]
        if rules.family == "klondike" and rest_to.startswith("t"):
            hidden[rest_to] += len(rest)
    # The base and the foundations.
    if rules.family == "klondike":
        base = 1
    else:
        if base_rank is None:
            bottoms = [cards[n][0] for n in table.names if n.startswith("f") and cards[n]]
            base_rank = rank_of(bottoms[0]) if bottoms else None
        if base_rank is None and rules.base != "choose":
            raise CorruptSaveError(f"{rules.name} needs a base rank once it is dealt")
        if base_rank is not None and (
            not isinstance(base_rank, int)
            or isinstance(base_rank, bool)
            or not 1 <= base_rank <= 13
        ):
            raise CorruptSaveError(f"the base rank is 1 (Ace) to 13 (King), not {base_rank!r}")
        base = base_rank or 0
    for name in table.names:
        if name.startswith("f") and cards[name]:
            _check_foundation(name, cards[name], base, rules)
        if rules.family == "klondike" and name.startswith("t"):
            up = cards[name][hidden[name] :]
            if cards[name] and not up:
                raise CorruptSaveError(f"{name}: a Klondike tableau pile needs a face-up top card")
            for under, over in pairwise(up):
                if not builds_down(under, over):
                    raise CorruptSaveError(
                        f"{name}: its face-up cards must build down in alternating colours"
                    )
    if (
        not isinstance(redeals_used, int)
        or isinstance(redeals_used, bool)
        or redeals_used < 0
        or (rules.redeals is not None and redeals_used > rules.redeals)
    ):
        raise CorruptSaveError(f"{rules.name} cannot have used {redeals_used!r} redeals")
    if not isinstance(stock_locked, bool):
        raise CorruptSaveError("stock_locked is true or false")
    return {
        "piles": {
            name: [
                ("#" if (name == "stock" or k < hidden[name]) else "") + code(v)
                for k, v in enumerate(cards[name])
            ]
            for name in table.names
        },
        "base_rank": base if rules.family == "terrace" and base else None,
        "stock_locked": stock_locked,
        "redeals_used": redeals_used,
    }


def _check_foundation(name: str, cards: list[int], base: int, rules: Rules) -> None:
    if not base:
        raise CorruptSaveError(f"{name}: no card reaches a foundation before the base is chosen")
    if rank_of(cards[0]) != base:
        raise CorruptSaveError(f"{name} must start with a {RANK_TITLES[base - 1]}")
    if len(cards) > 13:
        raise CorruptSaveError(f"{name} holds more than 13 cards")
    for under, over in pairwise(cards):
        step = (rank_of(over) - rank_of(under)) % 13
        if rank_of(under) == 13 and not rules.wrap:
            step = 0
        same = (
            suit_of(under) == suit_of(over)
            if rules.foundation_build == "same-suit"
            else (is_red(under) != is_red(over))
        )
        if step != 1 or not same:
            raise CorruptSaveError(f"{name}: {code(over)} cannot follow {code(under)}")


def _load_position(table: Table, start: Mapping[str, Any]) -> None:
    for i, name in enumerate(table.names):
        entries = start["piles"][name]
        table.piles[i] = [parse_card(e.lstrip("#")) for e in entries]
        table.down[i] = 0 if i == STOCK else sum(e.startswith("#") for e in entries)
    rules = table.rules
    table.set_base(1 if rules.family == "klondike" else start["base_rank"] or 0)
    table.locked = start["stock_locked"]
    table.passes = start["redeals_used"]


def _proven_lost(table: Table, names: Mapping[str, int], budget: int) -> bool:
    """True only if no sequence of moves from here wins (exhaustive, bounded search)."""
    work = table.copy()
    seen = {work.key()}
    stack: list[list[Move]] = [work.legal_moves()]
    records: list[UndoRecord] = []
    while stack:
        moves = stack[-1]
        if not moves:
            stack.pop()
            if records:
                work.unmake(records.pop())
            continue
        move = moves.pop()
        records.append(work.make(names[move.source], names[move.target], move.count))
        key = work.key()
        if work.is_won():
            return False
        if key in seen:
            work.unmake(records.pop())
            continue
        seen.add(key)
        if len(seen) > budget:
            return False
        stack.append(work.legal_moves())
    return True


def _explain(table: Table, index: Mapping[str, int], move: Move, status: str) -> str:
    """Why ``move`` is refused, in words a player can act on."""
    rules = table.rules
    piles = table.piles
    if status == "won":
        return "the game is already won; start a new deal"
    if move == DEAL:
        if rules.family == "terrace" and not table.base:
            return "choose the base card first: drop one of the four tableau cards on a foundation"
        if rules.one_at_a_time_after_redeal and table.passes and piles[WASTE]:
            return (
                "after the redeal each card must be played before the next is dealt: "
                "play the waste card first"
            )
        if table.locked and rules.stock_lock and not rules.auto_fill:
            return "the stock is locked while a tableau space is open: play the waste card first"
        if not piles[STOCK] and not piles[WASTE]:
            return "the stock and the waste are both empty"
        return "the stock is empty and no redeal is left"
    s, t, n = index[move.source], index[move.target], move.count
    source = piles[s]
    where = f"{move.source}"
    if t in (STOCK, WASTE, table.reserve):
        return f"nothing can be put on the {move.target}"
    if s == STOCK:
        return "cards leave the stock only by a deal: click the stock"
    if not source:
        return f"{where} is empty"
    if s in table.foundations and rules.foundations_final:
        return "foundation cards are final in this game: they never come back"
    if (
        rules.family == "terrace"
        and not table.base
        and (s not in table.tableau or t not in table.foundations)
    ):
        return "choose the base card first: drag one of the four tableau cards onto a foundation"
    if n > 1 and s == table.reserve:
        return "only the reserve's top card is in play"
    if n > 1 and rules.tableau_moves == "single":
        return "cards move one at a time in this game"
    if n > len(source):
        return f"{where} has only {len(source)} card(s)"
    if n > 1:
        if s not in table.tableau:
            return f"only one card at a time can leave the {move.source}"
        if n > len(source) - table.down[s]:
            return "face-down cards cannot be moved"
        group = source[-n:]
        for under, over in pairwise(group):
            if not builds_down(under, over):
                return (
                    f"{code(under)} … {code(group[-1])} is not a sequence: a group must "
                    "build down in alternating colours"
                )
        if t in table.foundations:
            return "cards go to a foundation one at a time"
    card = source[-n]
    onto = piles[t]
    if s == table.reserve and t in table.tableau:
        return "reserve cards go only to the foundations"
    if t in table.foundations:
        if not onto:
            if rules.family == "klondike":
                return "an empty foundation takes only an Ace"
            return f"an empty foundation takes only a {RANK_TITLES[table.base - 1]} (the base rank)"
        if rules.family == "terrace" and rank_of(card) == table.base:
            return f"{code(card)} has the base rank: it can only start an empty foundation"
        need = (
            "of the same suit" if rules.foundation_build == "same-suit" else "of the other colour"
        )
        return f"{code(card)} cannot go on {code(onto[-1])}: foundations build up by one, {need}"
    # The target is a tableau pile.
    if not onto:
        if rules.space_fill == "kings":
            return "only a King (or a group headed by a King) can fill an empty pile"
        return "a tableau space can be filled only from the waste"
    if rules.family == "terrace" and rank_of(onto[-1]) == table.base:
        return f"nothing may be built on {code(onto[-1])}: it has the base rank"
    if is_red(card) == is_red(onto[-1]):
        return f"{code(card)} cannot go on {code(onto[-1])}: the colours must alternate"
    return f"{code(card)} cannot go on {code(onto[-1])}: the tableau builds down by one"

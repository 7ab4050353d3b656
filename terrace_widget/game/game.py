"""``Game``: the engine's public face — a deal, its history, and everything a player does."""

from __future__ import annotations

import copy
import itertools
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any, Literal, TypedDict

from ..i18n import message
from ..rules.cards import code, parse_card
from ..rules.deal import random_seed, shuffled_deck
from ..rules.engine import STOCK, WASTE, Table, UndoRecord
from ..rules.hints import Hint, classic_hint
from ..rules.limits import as_int, quote
from ..rules.moves import IllegalMoveError, InvalidMoveError, Move
from ..rules.refusals import why_illegal
from ..rules.variants import Rules, get_rules
from .actions import apply_action, legal_actions
from .positions import CorruptSaveError as CorruptSaveError
from .positions import check_position, load_position, position_text, read_position_text

Status = Literal["choosing-base", "playing", "won", "lost"]
SAVE_FORMAT = "terrace-widget/game"
SAVE_VERSION = 1
MAX_TURNS = 20_000
"""The most turns (moves and redo turns together) a game, a save or a record may hold: far
beyond any game played by hand (a long Klondike game is a few hundred turns), and a bound
on the time and memory of loading one (docs/promises.md). :meth:`Game.play` refuses a turn
beyond it, so every game played can be saved and loaded again."""
MAX_TURN_CHARS = 400
"""The longest text of one turn (an autoplay turn of 52 foundation moves is under 390)."""
MAX_MOVES_CHARS = MAX_TURNS * (MAX_TURN_CHARS + 1)
"""The longest ``moves`` text of a record (turns and the spaces between them)."""
LOSS_SEARCH_BUDGET = 800
"""Positions the exact loss check (docs/rules.md#d5) may visit before it leaves the game open."""
LOSS_MEMO_SIZE = 512
"""Verdicts of that check remembered per game, oldest forgotten first."""


Turn = tuple[Move, ...]


class Observation(TypedDict):
    """What a person at the table sees (:meth:`Game.observation`): the JS ``View`` of the
    widget extends it. A face-down card is ``"#"``; no key reveals one."""

    variant: str
    name: str
    family: str
    has_base_rank: bool
    foundation_build: str
    """How the foundations build: ``alternate-colour`` or ``same-suit`` (the rules' field)."""
    tableau_moves: str
    """``single`` cards or ``sequence`` groups (the rules' field)."""
    hint_style: str
    """Which classic hint code the game uses (the rules' field)."""
    status: Status
    score: int
    max_score: int
    base_rank: int | None
    stock_locked: bool
    redeals_left: int | None
    stock_count: int
    deal_count: int
    moves_played: int
    can_undo: bool
    can_redo: bool
    pile_order: list[str]
    piles: dict[str, list[str]]
    legal_moves: list[str]
    hint: None


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
                seed = random_seed()  # a long seed: docs/promises.md
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
        if not isinstance(deal_id, str) or len(deal_id) > 80:
            raise ValueError(f"{quote(deal_id)} is not a deal id such as 'terrace#12345'")
        variant, sep, number = deal_id.partition("#")
        number = number.strip()
        # ASCII digits only: str.isdigit() also takes '²' (which int() refuses) and '٣'.
        if not sep or not number or not number.isascii() or not number.isdigit():
            raise ValueError(f"{quote(deal_id)} is not a deal id such as 'terrace#12345'")
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
        game._start = check_position(
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
            load_position(table, self._start)
        self._undo: list[tuple[Turn, list[UndoRecord]]] = []
        self._redo: list[Turn] = []
        self._lost_memo: dict[tuple[bytes, int], bool] = {}
        self._changed()

    def _changed(self) -> None:
        self._legal: tuple[Move, ...] | None = None

    def copy(self) -> Game:
        """An independent game with the same position and history."""
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other._table = self._table.copy()
        # Undo records are never changed once made (undo() puts copies of their piles on
        # the table), so the copy shares them: copying a long game costs one list.
        other._undo = list(self._undo)
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
        if not self._rules.has_base_rank:
            return None
        return self._table.base or None

    @property
    def stock_locked(self) -> bool:
        """Whether the stock waits until a card leaves the waste (docs/rules.md#terrace-lock)."""
        return self._table.stock_locked()

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
        """``choosing-base``, ``playing``, ``won``, or ``lost`` when no move is left.

        Cheap: it never searches. :meth:`outcome` also proves a loss by a bounded search.
        """
        table = self._table
        if table.is_won():
            return "won"
        if not table.base:
            return "choosing-base"
        return "playing" if self._legal_moves() else "lost"

    def outcome(self, *, budget: int = LOSS_SEARCH_BUDGET) -> Status:
        """:attr:`status`, except that a game is ``lost`` as soon as an exhaustive search of
        at most ``budget`` positions proves that no line wins (the table's game over)."""
        status = self.status
        if status != "playing":
            return status
        return "lost" if self.is_lost(budget=budget) else "playing"

    def is_lost(self, *, budget: int = LOSS_SEARCH_BUDGET) -> bool:
        """Whether it is proven, within ``budget`` positions, that this game can no longer
        be won (``False`` also when the search gave up)."""
        if not isinstance(budget, int) or isinstance(budget, bool) or budget < 0:
            raise ValueError(f"budget is a whole number of positions, not {quote(budget)}")
        status = self.status
        if status != "playing":
            return status == "lost"
        # Positions come back (undo, redo, a deal and its undo): remember the verdicts.
        memo = self._lost_memo
        key = (self._table.key(), budget)
        lost = memo.get(key)
        if lost is None:
            lost = self._table.proven_lost(budget)
            if len(memo) >= LOSS_MEMO_SIZE:
                memo.pop(next(iter(memo)))
            memo[key] = lost
        return lost

    def fen(self) -> str:
        """The position in one line of text, which :meth:`from_fen` reads back.

        ``variant piles base lock redeals``: the piles in :attr:`pile_names` order,
        separated by ``/``, each its cards bottom to top as two-character codes, a
        face-down card in lower case and an empty pile ``-``; then the base rank (``-``
        while unset, and in games whose foundations start from the Ace), ``L`` if the
        stock is locked else ``-``, and the redeals used. Unlike :meth:`observation` it
        names the face-down cards: it is the whole position, for saving and testing.
        """
        return position_text(self._rules, self._table)

    @classmethod
    def from_fen(cls, text: str) -> Game:
        """The position a :meth:`fen` text describes (``CorruptSaveError`` if it is
        malformed or not a position of its game)."""
        rules, piles, base_rank, locked, redeals = read_position_text(text)
        return cls.from_piles(
            rules,
            piles,
            base_rank=base_rank,
            stock_locked=locked,
            redeals_used=redeals,
            rest_to=None,
        )

    def to_table(self) -> Table:
        """An independent copy of the position as the engine's mutable
        :class:`~terrace_widget.rules.engine.Table`, for searches (``make``/``unmake``)."""
        return self._table.copy()

    def position_key(self) -> bytes:
        """A compact key of the position (not the history): equal for equal positions.

        Redeals used count only where redeals are limited.
        """
        return self._table.key()

    # ------------------------------------------------------------ playing
    def legal_moves(self) -> list[Move]:
        """Every legal move in this position; none once the game is won.

        A won game is over, in every game: no move is accepted, not even a Klondike card
        coming back down from a foundation (the engine's :class:`Table` still lists
        those, as Aisleriot's move rules do, for the differential tests).
        """
        return list(self._legal_moves())

    def _legal_moves(self) -> tuple[Move, ...]:
        if self._legal is None:
            table = self._table
            self._legal = () if table.is_won() else tuple(table.legal_moves())
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
        self._check_room()
        record = self._make(move)
        self._undo.append(((move,), [record]))
        self._redo.clear()
        return move

    def _check_room(self) -> None:
        """Refuse a new turn once the game holds :data:`MAX_TURNS`: a save could not hold it."""
        if len(self._undo) >= MAX_TURNS:
            raise IllegalMoveError(
                f"this game has reached {MAX_TURNS:,} turns, the most a save holds: "
                "restart it or deal a new one"
            )

    def push_unchecked(self, move: Move) -> None:
        """Play ``move`` WITHOUT checking that it is legal, for speed: for a search that
        replays moves it knows to be legal (a history's). An illegal move leaves the game
        corrupt. Like :meth:`play`, it forgets the turns that :meth:`redo` would replay."""
        self._undo.append(((move,), [self._make(move)]))
        self._redo.clear()

    def pop_turn(self) -> tuple[Move, ...]:
        """Take back the last turn, as :meth:`undo` does but keeping nothing for
        :meth:`redo`, and return its moves (several for an autoplay turn; ``()`` when there
        is none): the other half of :meth:`push_unchecked`."""
        if not self._undo:
            return ()
        self.undo()
        return self._redo.pop()

    def _make(self, move: Move) -> UndoRecord:
        index = self._index
        record = self._table.make(index[move.source], index[move.target], move.size)
        self._legal = None
        return record

    def undo(self) -> bool:
        """Take back the last turn exactly; ``False`` if there is none."""
        if not self._undo:
            return False
        turn, records = self._undo.pop()
        for saved, base, locked, passes in reversed(records):
            # Copies of the saved piles: the record itself may be shared with a copy.
            fresh = {i: (cards[:], down) for i, (cards, down) in saved.items()}
            self._table.unmake((fresh, base, locked, passes))
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
        if self._rules.foundation_autoplay and i in table.foundations:
            return self.autoplay()
        if i == STOCK or i in table.foundations or not table.piles[i]:
            return []  # nothing happens: Terrace foundations are final (docs/rules.md#d3)
        if not table.base:
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
        if not self._rules.foundation_autoplay:
            return []
        self._check_room()
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

    def hint(self) -> Hint:
        """Aisleriot's classic hint, in its order of priority.

        The solver's hints (a winning line's first move and why) are
        :func:`terrace_widget.search.advice.hint`'s: the model knows no search.
        """
        hint = classic_hint(self._table)
        if hint is not None:
            return hint
        if self.status == "won":
            return Hint(None, message("The game is won."))
        return Hint(None, message("No hint: no move leads anywhere."))

    # ------------------------------------------------------------ explaining refusals
    def _coerce(self, move: Move | str) -> Move:
        if isinstance(move, str):
            move = Move.parse(move)
        elif not isinstance(move, Move):
            raise InvalidMoveError(f"a move is a Move or text such as 't3-f1', not {quote(move)}")
        if not isinstance(move.source, str) or not isinstance(move.target, str):
            raise InvalidMoveError(
                f"a move's piles are names such as 't3', not {quote(move.source)} and "
                f"{quote(move.target)}"
            )
        if move.source not in self._index or move.target not in self._index:
            missing = move.source if move.source not in self._index else move.target
            raise IllegalMoveError(
                f"{self._rules.name} has no pile {quote(missing)}; its piles are "
                f"{', '.join(self._table.names)}"
            )
        size = as_int(move.size)
        if not isinstance(size, int) or isinstance(size, bool) or size < 1:
            raise InvalidMoveError(f"a move takes at least one card, not {quote(move.size)}")
        if size is not move.size:
            move = Move(move.source, move.target, size)
        return move

    def _pile_index(self, pile: str) -> int:
        if not isinstance(pile, str) or pile not in self._index:
            raise ValueError(
                f"{self._rules.name} has no pile {quote(pile)}; its piles are "
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
        return why_illegal(self._table, self._index, move, self.status)

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
        seed = as_int(record.get("seed"))  # NumPy's integers too
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise CorruptSaveError(f"a record's seed is a whole number, not {quote(seed)}")
        try:
            if deck is None and seed is not None:
                game = cls(record.get("variant", ""), seed=seed)
            elif isinstance(deck, str):
                game = cls(record.get("variant", ""), deck=deck)  # sized before it is split
                if seed is not None:
                    if shuffled_deck(seed, game.rules.decks) != list(game._deck or ()):
                        raise CorruptSaveError("the record's deck is not the deck of its seed")
                    game._seed = seed
            else:
                raise CorruptSaveError("a game record needs a 'deck' (text) or a 'seed'")
        except CorruptSaveError:
            raise
        except ValueError as error:
            raise CorruptSaveError(f"bad game record: {str(error)[:200]}") from None
        game._replay_turns(read_turns(record.get("moves", "")))
        return game

    def _replay_turns(self, turns: list[list[str]], first: int = 1) -> None:
        for number, turn in enumerate(turns, first):
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
            "base_rank": self.base_rank,
            "stock_locked": table.locked,
            "redeals_used": table.passes,
        }
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Game:
        """Load :meth:`to_dict` output; malformed or tampered data raises ``CorruptSaveError``."""
        if not isinstance(data, Mapping) or data.get("format") != SAVE_FORMAT:
            raise CorruptSaveError(f"not a saved game: expected format {SAVE_FORMAT!r}")
        if as_int(data.get("version")) != SAVE_VERSION:
            raise CorruptSaveError(
                f"saved game version {quote(data.get('version'))} is not supported "
                f"(this is version {SAVE_VERSION})"
            )
        moves, redo = data.get("moves"), data.get("redo", [])
        if not isinstance(moves, list) or not isinstance(redo, list):
            raise CorruptSaveError("'moves' and 'redo' must be lists of move texts")
        if len(moves) + len(redo) > MAX_TURNS:
            raise CorruptSaveError(
                f"a saved game has at most {MAX_TURNS:,} turns; this one has "
                f"{len(moves) + len(redo):,}"
            )
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
            raise CorruptSaveError(f"bad saved game: {str(error)[:200]}") from None
        game._replay_turns([_split_turn(t) for t in moves])
        # The redo turns are checked by playing them and taking them back.
        game._replay_turns([_split_turn(t) for t in redo], first=len(moves) + 1)
        for _ in redo:
            game.undo()
        reached = game.to_dict()
        for key in ("piles", "base_rank", "stock_locked", "redeals_used"):
            if key in data and data[key] != reached[key]:
                raise CorruptSaveError(
                    f"the saved {key.replace('_', ' ')} does not match what its moves lead to"
                )
        return game

    # ------------------------------------------------------------ showing
    def observation(self, *, prove_loss: bool = False) -> Observation:
        """What a player may see: face-down cards are ``"#"``, never their faces.

        It carries no seed and no deal id: either rebuilds the whole deck.

        Its ``status`` is the cheap :attr:`status`. With ``prove_loss=True`` it is
        :meth:`outcome`'s: the referee's game over, whose search looks at the hidden cards,
        so a fair player or agent never asks for it (the table shows it as its verdict).
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
            "has_base_rank": rules.has_base_rank,
            "foundation_build": rules.foundation_build,
            "tableau_moves": rules.tableau_moves,
            "hint_style": rules.hint_style,
            "status": self.outcome() if prove_loss else self.status,
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
        # No deal id: a notebook shows the repr as text/plain, which reaches the browser,
        # and the number rebuilds every face-down card (issue 26, F8).
        kind = "dealt" if self._deck is not None else "constructed"
        return (
            f"<Game {self.variant} ({kind}): {len(self.history)} moves, score {self.score}, "
            f"{self.status}>"
        )

    # ------------------------------------------------------------ agents (see actions.py)
    def clone(self) -> Game:
        """An independent copy, as OpenSpiel names it (the same as :meth:`copy`)."""
        return self.copy()

    def legal_actions(self) -> list[int]:
        """The legal moves as action numbers (:mod:`terrace_widget.game.actions`), ascending."""
        return legal_actions(self)

    def apply(self, action: int) -> Move:
        """Play action number ``action``; an illegal one raises ``IllegalMoveError``, unchanged."""
        return apply_action(self, action)

    def __eq__(self, other: object) -> bool:
        """Two games are equal when they are the same game in the same position (their
        histories may differ), as their :meth:`fen` texts say."""
        if not isinstance(other, Game):
            return NotImplemented
        return self._rules == other._rules and self._table.key() == other._table.key()

    __hash__ = None  # type: ignore[assignment]  # a game changes: it is no dict key


def fair_observation(game: Game) -> Observation:
    """``game.observation()`` with the cheap status: ``lost`` only when no move is left.

    What every fair player and agent sees: the game-over search of :meth:`Game.outcome`
    looks through the hidden cards, so its verdict is not a player's; the observation
    carries no deal id (it would rebuild the whole deck).
    """
    return game.observation(prove_loss=False)


# ---------------------------------------------------------------- helpers


def _read_deck(deck: Iterable[str | int], rules: Rules) -> list[int]:
    # The size first: a deck has 52 or 104 cards of at most 3 characters.
    if isinstance(deck, str):
        if len(deck) > 8 * rules.cards:
            raise ValueError(
                f"a {rules.name} deck has {rules.cards} cards; this text is "
                f"{len(deck):,} characters long"
            )
        deck = deck.split()
    elif not isinstance(deck, Iterable):
        raise ValueError(f"a deck is a list of card codes or one text of them, not {quote(deck)}")
    deck = list(itertools.islice(deck, rules.cards + 1))
    if len(deck) > rules.cards:
        raise ValueError(f"a {rules.name} deck has {rules.cards} cards; this one has more")
    values = []
    for entry in deck:
        card = as_int(entry)  # NumPy's integers too
        if isinstance(card, int) and not isinstance(card, bool) and 0 <= card < 52:
            values.append(card)
        elif isinstance(card, int) and not isinstance(card, bool):
            raise ValueError(f"a card value is 0 to 51, not {quote(card)}")
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
    if not isinstance(text, str) or not text.strip() or len(text) > MAX_TURN_CHARS:
        raise CorruptSaveError(f"{quote(text)} is not a move text")
    return text.strip().split(",")


def read_turns(moves: object) -> list[list[str]]:
    """The turns of a record's ``moves`` (a text, or a list of turn texts): each turn is a
    list of move texts, several for one autoplay."""
    if isinstance(moves, str):
        if len(moves) > MAX_MOVES_CHARS:
            raise CorruptSaveError(f"a record has at most {MAX_TURNS:,} turns")
        moves = moves.split(maxsplit=MAX_TURNS)  # at most MAX_TURNS + 1 pieces
    if isinstance(moves, list):
        if len(moves) > MAX_TURNS:
            raise CorruptSaveError(f"a record has at most {MAX_TURNS:,} turns")
        return [_split_turn(t) for t in moves]
    raise CorruptSaveError("'moves' is a text of space-separated moves")

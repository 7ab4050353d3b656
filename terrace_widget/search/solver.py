"""A thoughtful solver for the eleven games: ``solve(game, budget=...) -> Solution``.

"Thoughtful" means the solver sees every card, the stock's order and Klondike's face-down
cards included. The search is a depth-first search on one mutable
:class:`~terrace_widget.rules.engine.Table` (make / unmake, no copies), with

* a transposition table of canonical position keys (tableau piles as a multiset,
  foundations as a multiset of tops, suits erased where no rule of the game reads them),
  hashed to 128 bits incrementally through make / unmake;
* proven-safe automatic foundation moves (``docs/solver.md`` has the proofs);
* Klondike's compressed stock moves ("deal k times, then play the waste card", K+);
* move pruning and ordering, and a budget of nodes and seconds.

The verdict is ``won`` (with a line that replays with :meth:`Game.play`), ``unwinnable``
(the whole reachable space was searched) or ``unknown`` (the budget ran out).
"""

from __future__ import annotations

import contextlib
import contextvars
import random
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from ..game.game import Game
from ..rules.cards import is_red
from ..rules.engine import STOCK, WASTE, Table
from ..rules.moves import DEAL, Move

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator

Verdict = Literal["won", "unwinnable", "unknown"]


class Restarts(NamedTuple):
    """How :func:`solve` splits its budget into search attempts (docs/solver.md)."""

    first: int
    """Nodes of each of the first attempts."""
    same_size: int
    """How many attempts get ``first`` nodes; after them each gets half as many again."""


RESTARTS = {"klondike": Restarts(300, 150), "terrace": Restarts(700, 1500)}
"""The schedule of each kind of search (the rules' ``search`` field picks one). Klondike's
proofs of a loss need long attempts; in the Terrace games the proofs come from the reserve
test in a few nodes, and a win is found by trying many different short dives
(docs/solver.md, "Restarts")."""
DEFAULT_BUDGET = 200_000
"""Nodes (positions made by the search) that :func:`solve` may visit by default."""
LOST_TABLE_SIZE = 1_000_000
"""Proven-lost positions a search remembers at most (docs/solver.md, "Memory"): about
70 MB. Beyond it the oldest half is forgotten; a forgotten position is searched again if
it comes back, which costs nodes but never changes a verdict."""


REACHABLE_MEMO_SIZE = 200_000
"""Stock-and-waste states whose reachable waste cards a Klondike search remembers."""


class LostTable:
    """Positions proven lost, in two generations of at most ``size // 2`` each.

    When the new generation is full it becomes the old one and the old one is dropped:
    memory stays bounded and recently proven positions are kept.
    """

    def __init__(self, size: int = LOST_TABLE_SIZE) -> None:
        if isinstance(size, bool) or not isinstance(size, int) or size < 2:
            raise ValueError(f"a lost-table size is a whole number >= 2, not {size!r}")
        self.half = size // 2
        self.new: set[int | bytes] = set()
        self.old: set[int | bytes] = set()
        self.forgotten = 0

    def __contains__(self, key: int | bytes) -> bool:
        return key in self.new or key in self.old

    def __len__(self) -> int:
        return len(self.new) + len(self.old)

    def add(self, key: int | bytes) -> None:
        self.new.add(key)
        if len(self.new) >= self.half:
            self.rotate()

    def rotate(self) -> None:
        """The new generation becomes the old one; the old one is forgotten."""
        self.forgotten += len(self.old)
        self.old = self.new
        self.new = set()


@dataclass
class Solution:
    """What :func:`solve` found."""

    verdict: Verdict
    moves: list[Move] = field(default_factory=list)
    """A winning line from the given position (empty unless ``verdict == "won"``)."""
    nodes: int = 0
    seconds: float = 0.0

    @property
    def decided(self) -> bool:
        return self.verdict != "unknown"

    def replay(self, game: Game) -> Game:
        """Play :attr:`moves` on a copy of ``game`` (the position it was solved from).

        Returns the copy, so ``solution.replay(game).status == "won"`` checks a win; an
        illegal move raises :class:`~terrace_widget.game.game.IllegalMoveError`, and ``game``
        itself is never changed.
        """
        copy = game.copy()
        for move in self.moves:
            copy.play(move)
        return copy


# A search move: (source, target, count, deals before it). ``source == STOCK`` is a click.
SMove = tuple[int, int, int, int]
SearchRecord = tuple[Any, ...]  # an engine UndoRecord, or (stock, waste, passes)
"""How the search takes a move back: the engine's undo record, or for a compressed run
of stock clicks the stock, the waste and the redeals used before it."""

# Card classes for the keys: in the Terrace games other than General's Patience no rule
# ever reads a card's suit, only its rank and colour, so 4♥ and 4♦ are the same card.
_COLOUR_CLASS = bytes((v % 13) + (13 if is_red(v) else 0) for v in range(52)) + bytes(204)
_IDENTITY = bytes(range(256))
_RED = [int(is_red(v)) for v in range(52)]

_M64 = (1 << 64) - 1
_SCALARS = 140
"""Bit offset of (base, lock, redeals) in a hashed key, above any sum of pile hashes."""


def _h128(b: bytes) -> int:
    """A 128-bit hash of ``b``: two SipHash values (``hash``) of ``b`` and ``b + 0xff``.

    No byte string hashed here contains 0xff (card values and classes are < 52, down
    counts < 52, pile tags 0xf0-0xfa, an empty foundation 0xfe), so the two halves are
    hashes of disjoint sets of strings.
    """
    return (hash(b) & _M64) << 64 | (hash(b + b"\xff") & _M64)


_STOP: contextvars.ContextVar[Callable[[], bool] | None] = contextvars.ContextVar(
    "terrace_solver_stop", default=None
)
CHECK_EVERY = 256
"""Nodes between two looks at the clock and at the stop condition (:func:`stop_when`)."""


@contextlib.contextmanager
def stop_when(stop: Callable[[], bool]) -> Iterator[None]:
    """Within this block (in this thread), every search ends as "unknown" at its next check
    (every :data:`CHECK_EVERY` nodes) once ``stop()`` is true, as if its time were up.

    The widget uses it to end a search whose table has changed since it was asked for.
    """
    token = _STOP.set(stop)
    try:
        yield
    finally:
        _STOP.reset(token)


_SHARED_LOST: contextvars.ContextVar[LostTable | None] = contextvars.ContextVar(
    "terrace_solver_shared_lost", default=None
)


@contextlib.contextmanager
def share_losses(lost: LostTable) -> Iterator[None]:
    """Within this block (in this thread), every search records the positions it proves
    lost in ``lost`` and skips those already there, instead of starting a table of its own.

    A position is proven lost only when every line from it is searched, whatever the
    search's root, so the proofs hold for every search of the same game (the same rules:
    keys of different games never meet). The table's worker keeps one per game, so that
    the Winnable? checks along a deal reuse each other's proofs.
    """
    token = _SHARED_LOST.set(lost)
    try:
        yield
    finally:
        _SHARED_LOST.reset(token)


def is_compiled() -> bool:
    """Whether this module runs compiled (tools/compile.py builds it with mypyc for long
    measurements): the same search, node for node, at another speed."""
    return not __file__.endswith(".py")


def check_limits(game: object, budget: object, seconds: object) -> None:
    """Refuse what no search can use: not a game, a negative or non-integer node budget,
    a negative or non-numeric time (``None`` means no limit for either)."""
    if not isinstance(game, Game):
        raise TypeError(f"expected a terrace_widget.Game, not {game!r}")
    if budget is not None and (
        not isinstance(budget, int) or isinstance(budget, bool) or budget < 0
    ):
        raise ValueError(f"a node budget is a whole number >= 0 or None, not {budget!r}")
    if seconds is not None and (
        isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds >= 0
    ):
        raise ValueError(f"a time limit is a number of seconds >= 0 or None, not {seconds!r}")


def solve(
    game: Game,
    *,
    budget: int | object | None = DEFAULT_BUDGET,
    seconds: float | object | None = None,
    mode: str = "thoughtful",
    safe_moves: bool = True,
    lost_table_size: int = LOST_TABLE_SIZE,
) -> Solution:
    """Search the position of ``game`` (left unchanged) for a win.

    ``budget`` bounds the nodes (``None``: no bound), ``seconds`` the wall time. The solver
    is thoughtful (it sees every card); the hidden-information mode, which samples the
    unseen cards and solves the samples, is :func:`terrace_widget.search.advice.solve_fair`.
    ``safe_moves=False`` turns the proven-safe automatic moves and Klondike's blocked-card
    test off (for testing them). ``lost_table_size`` bounds the proven-lost positions kept
    (:data:`LOST_TABLE_SIZE`), hence the search's memory (docs/solver.md, "Memory").
    """
    # The limits are typed ``object`` so that the compiled build, too, refuses a bad one
    # with check_limits' ValueError rather than its own TypeError at the call.
    check_limits(game, budget, seconds)
    if mode != "thoughtful":
        raise ValueError(
            f"unknown solver mode {mode!r}: solve() is 'thoughtful'; for hidden "
            "information use terrace_widget.search.advice.solve_fair(game, samples=...)"
        )
    start = time.perf_counter()
    assert seconds is None or isinstance(seconds, (int, float))  # check_limits saw to it
    assert budget is None or isinstance(budget, int)
    deadline = None if seconds is None else start + seconds
    total = budget if budget is not None else 1 << 62
    used = 0
    shared = _SHARED_LOST.get()
    lost = shared if shared is not None else LostTable(lost_table_size)
    memo: dict[tuple[int, int, int], list[tuple[int, int]]] = {}
    if (
        game.rules.hidden_tableau
        and safe_moves
        and _Search(game.to_table(), 0, None, True).klondike_blocked()
    ):
        return Solution("unwinnable", [], 0, time.perf_counter() - start)
    size, same_size = RESTARTS[game.rules.search]
    attempt = 0
    while True:
        # Restarts: a deterministic first attempt, then attempts with the moves of equal
        # priority shuffled (seeded: the result depends only on the position and budget),
        # of RESTARTS[search] nodes, later ones growing by half. Any attempt that finishes
        # proves its verdict; the last one gets whatever budget is left.
        left = total - used
        this = left if left <= 2 * size else size
        remaining = None if deadline is None else deadline - time.perf_counter()
        search = _Search(game.to_table(), this, remaining, safe_moves)
        search.lost = lost
        search.reachable_memo = memo
        if attempt:
            search.rng = random.Random(attempt)
        solution = search.run()
        used += solution.nodes
        if solution.verdict != "unknown" or this == left or search.timed_out:
            solution.nodes = used
            solution.seconds = time.perf_counter() - start
            return solution
        attempt += 1
        if attempt >= same_size:
            size = size * 3 // 2


class _Search:
    def __init__(self, table: Table, budget: int | None, seconds: float | None, safe: bool) -> None:
        self.t = table
        rules = table.rules
        self.rules = rules
        self.klondike = rules.search == "klondike"
        """Klondike's move generator (groups, Kings into spaces, compressed stock moves) and
        position key, as the rules' ``search`` field says."""
        self.budget = budget if budget is not None else 1 << 62
        self.deadline = None if seconds is None else time.perf_counter() + seconds
        self.stop = _STOP.get()
        self.safe = safe
        self.rng: random.Random | None = None
        self.timed_out = False
        self.nodes = 0
        self.lost = LostTable()
        """Positions proven lost (complete components), shared between attempts."""
        self.tableau = list(table.tableau)
        self.founds = list(table.foundations)
        self.reserve = table.reserve
        self.same_suit = rules.foundation_build == "same-suit"
        self.classes = _IDENTITY if (self.klondike or self.same_suit) else _COLOUR_CLASS
        self.limited = rules.redeals is not None
        self.autofill = bool(rules.auto_fill)
        # In Redheads the reserve fills spaces, so a reserve card going up is not safe.
        self.safe_reserve = "reserve" not in rules.auto_fill
        # Klondike: waste cards go up automatically only with single-card deals.
        self.safe_waste = self.klondike and rules.deal_count == 1
        self._base = -1
        self._base_cards: tuple[int, ...] = ()
        self._rel: list[int] = []
        self.base_cards()
        # Incremental hashing (docs/solver.md): a 128-bit hash per pile, kept up to date
        # for the piles that each make changes; tableau piles hash without their index,
        # so the sum of the pile hashes is the same for every order of the tableau.
        npiles = len(table.piles)
        self.kind = [2] * npiles  # 0 tableau, 1 foundation, 2 stock / waste / reserve
        for i in self.tableau:
            self.kind[i] = 0
        for f in self.founds:
            self.kind[f] = 1
        self.tag = [bytes((0xF0 + i,)) if i < 10 else b"" for i in range(npiles)]
        self.zf = [_h128(bytes((0xFA, c))) for c in range(256)]
        self.first_tab = self.tableau[0]
        self.c: list[int] = [0] * npiles
        self.rehash(range(npiles))
        self.ft_last: dict[int, int] | None = None
        """ftargets() of the current position when play_safe computed it, else None."""
        self.reachable_memo: dict[tuple[int, int, int], list[tuple[int, int]]] = {}
        """_reachable_waste results, shared by the attempts of one solve()."""
        fs = self.founds
        self.fslice = slice(fs[0], fs[-1] + 1)
        self.cards = rules.cards
        # The reserve deadlock test applies where the reserve feeds only the foundations.
        self.check_reserve = (
            not self.klondike and self.reserve >= 0 and "reserve" not in rules.auto_fill
        )
        self.fset = frozenset(fs)
        # Sources of safe moves, in the order they are tried.
        if self.klondike:
            self.tops = [*self.tableau, WASTE] if self.safe_waste else list(self.tableau)
        else:
            reserve = self.safe_reserve and self.reserve >= 0
            self.tops = [*self.tableau, self.reserve] if reserve else list(self.tableau)

    # ------------------------------------------------------------------ keys
    def rehash(self, changed: Iterable[int]) -> None:
        """Recompute the hashes of the piles ``changed`` into a new ``self.c``."""
        piles = self.t.piles
        down = self.t.down
        cls = self.classes
        kind = self.kind
        klondike = self.klondike
        c = self.c[:]
        for i in changed:
            p = piles[i]
            k = kind[i]
            if k == 1:
                c[i] = self.zf[cls[p[-1]] if p else 0xFE]
                continue
            if k:
                b = self.tag[i] + bytes(p).translate(cls)
            elif klondike:
                b = bytes((down[i],)) + bytes(p)
            else:
                b = bytes(p).translate(cls)
            c[i] = (hash(b) & _M64) << 64 | (hash(b + b"\xff") & _M64)
        self.c = c

    def hkey(self) -> int | bytes:
        """The canonical position as a 128-bit hash (exact ``key()`` where piles keep order).

        The sum of the pile hashes (tableau piles hashed without their index) plus the
        base, lock and redeal count above bit ``_SCALARS``.
        """
        t = self.t
        if self.klondike:
            return sum(self.c) + ((t.passes if self.limited else 0) << _SCALARS)
        if not t.base or (self.autofill and t.piles[self.first_tab :].count([]) > 1):
            return self.key()
        locked = 0 if self.autofill else t.locked
        return sum(self.c) + ((t.base | locked << 4 | t.passes << 5) << _SCALARS)

    def key(self) -> bytes:
        t = self.t
        piles = t.piles
        cls = self.classes
        if self.klondike:
            tabs = sorted(bytes((t.down[i],)) + bytes(piles[i]) for i in self.tableau)
            tops = sorted(piles[f][-1] if piles[f] else 255 for f in self.founds)
            passes = t.passes if self.limited else 0
            return b"\xff".join(
                (bytes(piles[STOCK]), bytes(piles[WASTE]), bytes(tops), bytes((passes,)), *tabs)
            )
        tabs = [bytes(piles[i]).translate(cls) for i in self.tableau]
        if t.base and not (self.autofill and tabs.count(b"") > 1):
            tabs.sort()
        tops = sorted(cls[piles[f][-1]] if piles[f] else 255 for f in self.founds)
        locked = 0 if self.autofill else t.locked
        return b"\xff".join(
            (
                bytes(piles[STOCK]).translate(cls),
                bytes(piles[WASTE]).translate(cls),
                bytes(piles[self.reserve]).translate(cls),
                bytes((*tops, t.base, locked, t.passes)),
                *tabs,
            )
        )

    # ------------------------------------------------------------ targets
    def ftargets(self) -> dict[int, int]:
        """Each card that some foundation takes now -> the first such foundation."""
        t = self.t
        piles = t.piles
        faccept = t.foundation_next
        result: dict[int, int] = {}
        empty = None
        for f in self.founds:
            p = piles[f]
            if p:
                for v in faccept[p[-1]]:
                    if v not in result:
                        result[v] = f
            elif empty is None:
                empty = f
        if empty is not None:
            for v in self.base_cards():
                if v not in result:
                    result[v] = empty
        return result

    def base_cards(self) -> tuple[int, ...]:
        base = self.t.base
        if base != self._base:
            self._base = base
            self._base_cards = tuple(v for v in range(52) if v % 13 + 1 == base)
            self._rel = [(v % 13 + 1 - base) % 13 for v in range(52)] if base else [0] * 52
        return self._base_cards

    # ------------------------------------------------------------ safe moves
    def safe_move(self, ftargets: dict[int, int], sources: Iterable[int]) -> tuple[int, int] | None:
        """A foundation move proven never to spoil a win (docs/solver.md), or ``None``.

        ``ftargets`` is :meth:`ftargets` of the position; only the tops of ``sources``
        (in the order of ``self.tops``) are tried.
        """
        if not ftargets:
            return None
        piles = self.t.piles
        if self.klondike:
            for s in sources:
                p = piles[s]
                if p:
                    target = ftargets.get(p[-1])
                    if target is not None and self._klondike_safe(p[-1]):
                        return s, target
            return None
        if not self.t.base:
            return None
        reserve = self.reserve
        for s in sources:
            p = piles[s]
            # A tableau pile needs two cards (the move must not make a space).
            if len(p) > (1 if s != reserve else 0):
                target = ftargets.get(p[-1])
                if target is not None and self._terrace_safe(p[-1]):
                    return s, target
        return None

    def _klondike_safe(self, v: int) -> bool:
        r = v % 13 + 1
        if r <= 2:
            return True
        # Foundation heights by suit.
        height = [0, 0, 0, 0]
        piles = self.t.piles
        for f in self.founds:
            p = piles[f]
            if p:
                height[p[-1] // 13] = len(p)
        red = _RED[v]
        s = v // 13
        for suit in range(4):
            if suit != s and height[suit] < (r - 2 if _RED[suit * 13] == red else r - 1):
                return False
        return True

    def _terrace_safe(self, v: int) -> bool:
        rel = self._rel
        r = rel[v]
        if r == 0:
            return True
        want = r - 1
        red = _RED[v]
        opposite = 0
        own_suit = 0
        piles = self.t.piles
        for f in self.founds:
            p = piles[f]
            if not p:
                continue
            top = p[-1]
            rt = rel[top]
            if rt < want:
                continue
            if self.same_suit:
                if _RED[top] != red:
                    opposite += 1
                elif top // 13 == v // 13:
                    own_suit += 1
            elif (_RED[top] ^ (rt - want) & 1) != red:
                # The foundation's colour at relative rank ``want`` is not v's colour.
                opposite += 1
        if opposite < 4:
            return False
        return own_suit >= 2 if self.same_suit else True

    def reserve_dead(self) -> bool:
        """Whether the reserve can no longer be emptied (docs/solver.md, "Reserve deadlock").

        Reserve cards reach the foundations one by one from the top, and each foundation
        takes its track's cards in rising base-relative rank; so the reserve read from the
        top must split into one rising sequence per foundation of each track (a track is
        a suit in General's Patience, else the foundations whose base card has one colour),
        each above the foundation's height. The best-fit greedy decides it exactly.
        """
        t = self.t
        piles = t.piles
        reserve = piles[self.reserve]
        if not reserve or not t.base:
            return False
        self.base_cards()
        rel = self._rel
        same_suit = self.same_suit
        width = 2 if same_suit else 4
        lasts: list[list[int]] = [[] for _ in range(4 if same_suit else 2)]
        for f in self.founds:
            p = piles[f]
            if p:
                lasts[p[0] // 13 if same_suit else _RED[p[0]]].append(len(p) - 1)
        for track in lasts:
            track.extend([-1] * (width - len(track)))
        for v in reversed(reserve):
            r = rel[v]
            track = lasts[v // 13 if same_suit else _RED[v] ^ (r & 1)]
            best = -1
            for i, last in enumerate(track):
                if last < r and (best < 0 or last > track[best]):
                    best = i
            if best < 0:
                return True
            track[best] = r
        return False

    def klondike_blocked(self) -> bool:
        """Whether some Klondike card can never reach its foundation (docs/solver.md,
        "Blocked face-down cards").

        The least fixed point of two necessary conditions, checked from the cards that
        are free now: a face-down card comes out only after every card above it has
        moved; a card moves only to its foundation (after all lower cards of its suit),
        to a space (a King), or onto a card of the next rank and the other colour that
        can be uncovered (or brought back down from a foundation). Every condition only
        gets easier as cards are uncovered or go up, so if the position to solve passes,
        so do all the positions after it: :func:`solve` checks it once.
        """
        t = self.t
        piles = t.piles
        down = t.down
        done = [False] * 52  # on a foundation
        for f in self.founds:
            for v in piles[f]:
                done[v] = True
        # The cards each card may be built on, from the engine's build table.
        parents: list[list[int]] = [[] for _ in range(52)]
        for under, over in enumerate(t.tableau_next):
            for v in over:
                parents[v].append(under)
        hidden: list[tuple[int, list[int]]] = []  # (face-down card, the cards above it)
        for i in self.tableau:
            p = piles[i]
            for j in range(down[i]):
                hidden.append((p[j], p[j + 1 :]))
        free = [True] * 52  # can be uncovered (face-down cards: once those above move)
        for v, _ in hidden:
            free[v] = False
        leaves = [False] * 52  # can leave its place
        home = done[:]  # can reach its foundation
        changed = True
        while changed:
            changed = False
            for v, above in hidden:
                if not free[v] and all(leaves[a] for a in above):
                    free[v] = True
                    changed = True
            for v in range(52):
                if not free[v] or done[v]:
                    continue
                if not home[v] and (v % 13 == 0 or home[v - 1]):
                    home[v] = True
                    changed = True
                # A King leaves into a space; any other card onto a parent or home.
                if not leaves[v] and (
                    home[v] or v % 13 == 12 or any(free[w] or done[w] for w in parents[v])
                ):
                    leaves[v] = True
                    changed = True
        return not all(home)

    # ------------------------------------------------------------ moves
    def moves(self) -> list[SMove]:
        """Candidate moves, the most promising LAST (the search pops from the end)."""
        if self.klondike:
            return self._klondike_moves()
        t = self.t
        piles = t.piles
        if not t.base:
            # Base choice: foundations are all empty and interchangeable; identical
            # candidates in the same pile position still differ by the fill order.
            f0 = self.founds[0]
            bases = [(i, f0, 1, 0) for i in reversed(self.tableau) if piles[i]]
            if self.rng is not None:
                # Restarts try the candidates in a new order too: a short attempt never
                # leaves the first base it chooses.
                self.rng.shuffle(bases)
            return bases
        ftargets = self.ft_last if self.ft_last is not None else self.ftargets()
        ttargets, spaces = t.tableau_targets()
        found: list[SMove] = []  # foundation moves: tried first
        wt: list[SMove] = []  # waste to tableau
        good: list[SMove] = []  # tableau moves that uncover a card that can go up
        tt: list[SMove] = []  # other tableau moves
        deal: list[SMove] = []
        if t.dealable():
            deal.append((STOCK, WASTE, 1, 0))
        waste = piles[WASTE]
        if waste:
            v = waste[-1]
            f = ftargets.get(v)
            if f is not None:
                found.append((WASTE, f, 1, 0))
            for j in ttargets.get(v, ()):
                wt.append((WASTE, j, 1, 0))
            if spaces:
                wt.append((WASTE, spaces[0], 1, 0))
        reserve = piles[self.reserve]
        if reserve:
            f = ftargets.get(reserve[-1])
            if f is not None:
                found.append((self.reserve, f, 1, 0))
        pile_hash = self.c
        for i in self.tableau:
            pile = piles[i]
            if not pile:
                continue
            v = pile[-1]
            f = ftargets.get(v)
            if f is not None:
                found.append((i, f, 1, 0))
            tj = ttargets.get(v)
            if tj:
                bucket = good if len(pile) > 1 and pile[-2] in ftargets else tt
                if len(tj) > 1:
                    # Targets with the same cards (up to suit) give the same position:
                    # their pile hashes (of the cards' classes) are equal.
                    seen_piles = set()
                    for j in tj:
                        content = pile_hash[j]
                        if content not in seen_piles:
                            seen_piles.add(content)
                            bucket.append((i, j, 1, 0))
                else:
                    bucket.append((i, tj[0], 1, 0))
        rng = self.rng
        if rng is not None:
            # Restarts: foundation moves first, every other move (the deal too) in one
            # random order: shuffling only within the classes below made the dives too
            # alike (docs/solver.md, "Restarts").
            rest = deal + tt + wt + good
            rng.shuffle(rest)
            rng.shuffle(found)
            return rest + found
        # Tried first: foundation moves, uncovering moves, waste to tableau, the deal.
        return tt + deal + wt + good + found

    def _klondike_moves(self) -> list[SMove]:
        t = self.t
        piles = t.piles
        down = t.down
        ftargets = self.ft_last if self.ft_last is not None else self.ftargets()
        ttargets, spaces = t.tableau_targets()
        low: list[SMove] = []
        mid: list[SMove] = []
        high: list[SMove] = []
        space = spaces[0] if spaces else -1
        reachable = self._reachable_waste()
        # Kings that could enter a space, and the cards that could be built on each card
        # brought down from a foundation: the filters below need them.
        heads, king_free = self._klondike_heads(reachable)
        kids = t.tableau_next
        # Tableau groups.
        for i in self.tableau:
            pile = piles[i]
            if not pile:
                continue
            v = pile[-1]
            f = ftargets.get(v)
            if f is not None:
                high.append((i, f, 1, 0))
            n = 1
            lowest = len(pile) - 1
            while True:
                whole = lowest <= down[i]
                # A partial group moves only if the card it uncovers can go up.
                # A whole pile (nothing face down) moves only to make a space for a King.
                if (lowest or king_free) if whole else pile[lowest - 1] in ftargets:
                    for j in ttargets.get(v, ()):
                        (high if whole and down[i] else mid).append((i, j, n, 0))
                    if space >= 0 and v % 13 == 12 and lowest > 0:
                        (high if whole and down[i] else mid).append((i, space, n, 0))
                if whole:
                    break
                under = pile[lowest - 1]
                if v not in kids[under]:
                    break
                lowest -= 1
                v = under
                n += 1
        # Foundation cards back down (worrying back), only when some card could go on
        # them at once: a card brought down that nothing is built on is never needed.
        # Rules with final foundations (foundations_final) forbid them.
        for f in () if self.rules.foundations_final else self.founds:
            p = piles[f]
            if p and p[-1] % 13:
                x = p[-1]
                if not any(v in heads for v in kids[x]):
                    continue
                for j in ttargets.get(x, ()):
                    low.append((f, j, 1, 0))
                if space >= 0 and x % 13 == 12:
                    low.append((f, space, 1, 0))
        # The stock, compressed: every waste card reachable by k clicks, then played.
        # With a limited number of redeals (version 8), a move that clicks (k > 0) is tried
        # after every tableau move, fewest clicks first: the cards it passes are buried in
        # the waste for good, or for a redeal (docs/solver.md, "Stock moves last").
        clicks: list[SMove] = []
        for k, v in reachable:
            f = ftargets.get(v)
            to_f, to_t = (clicks, clicks) if self.limited and k else (high, mid)
            for j in ttargets.get(v, ()):
                to_t.append((WASTE, j, 1, k))
            if space >= 0 and v % 13 == 12:
                to_t.append((WASTE, space, 1, k))
            if f is not None:
                to_f.append((WASTE, f, 1, k))
        clicks.reverse()  # popped from the end: fewest clicks first
        if self.rng is not None:
            # Restarts shuffle each class, the first-tried one too: with it in a fixed
            # order, every restart went down the same hopeless first move (docs/solver.md).
            mid += low
            self.rng.shuffle(mid)
            self.rng.shuffle(high)
            if clicks:
                self.rng.shuffle(clicks)
                return clicks + mid + high
            return mid + high
        return low + clicks + mid + high

    def _klondike_heads(self, reachable: list[tuple[int, int]]) -> tuple[set[int], bool]:
        """The cards that could be the bottom card of a move (the face-up cards of the
        tableau that head a run to the top, the waste cards reachable by clicking, the
        foundation tops), and whether a King among them could enter a space (one that
        is not already the bottom card of its pile)."""
        piles = self.t.piles
        down = self.t.down
        kids = self.t.tableau_next
        heads = {v for _, v in reachable}
        king_free = any(v % 13 == 12 for v in heads)
        for i in self.tableau:
            pile = piles[i]
            j = len(pile) - 1
            while j >= 0:
                heads.add(pile[j])
                if j and pile[j] % 13 == 12:
                    king_free = True
                if j <= down[i]:
                    break
                if pile[j] not in kids[pile[j - 1]]:
                    break
                j -= 1
        for f in self.founds:
            if piles[f]:
                heads.add(piles[f][-1])
                if piles[f][-1] % 13 == 12:
                    king_free = True
        return heads, king_free

    def _reachable_waste(self) -> list[tuple[int, int]]:
        """(clicks, waste top) for each distinct waste card reachable by clicking.

        Memoised on the stock's and waste's hashes and the redeal count (the only inputs).
        """
        t = self.t
        memo_key = (self.c[STOCK], self.c[WASTE], t.passes)
        memo = self.reachable_memo
        result = memo.get(memo_key)
        if result is None:
            if len(memo) >= REACHABLE_MEMO_SIZE:
                memo.clear()  # bounded memory: the entries are cheap to compute again
            result = memo[memo_key] = self._reachable_waste_of(t)
        return result

    def _reachable_waste_of(self, t: Table) -> list[tuple[int, int]]:
        stock = t.piles[STOCK][:]
        waste = t.piles[WASTE][:]
        draw = self.rules.deal_count
        redeals = self.rules.redeals
        passes = t.passes
        result = []
        seen = set()
        if waste:
            result.append((0, waste[-1]))
            seen.add(waste[-1])
        clicks = 0
        fresh = 0  # times the stock was turned over with nothing yet dealt
        while True:
            if stock:
                for _ in range(min(draw, len(stock))):
                    waste.append(stock.pop())
            elif waste and (redeals is None or passes < redeals):
                stock = waste[::-1]
                waste = []
                passes += 1
                fresh += 1
                if fresh > 1:
                    break
            else:
                break
            clicks += 1
            if waste and waste[-1] not in seen:
                seen.add(waste[-1])
                result.append((clicks, waste[-1]))
        return result

    # ------------------------------------------------------------ make / unmake
    def make(self, move: SMove, records: list[SearchRecord]) -> None:
        t = self.t
        s, d, n, k = move
        if k:
            # K+: k clicks done directly on the stock and waste (Klondike only: a click
            # there changes nothing else), undone by putting the old lists back.
            piles = t.piles
            records.append((piles[STOCK], piles[WASTE], t.passes))
            stock = piles[STOCK][:]
            waste = piles[WASTE][:]
            draw = self.rules.deal_count
            passes = t.passes
            for _ in range(k):
                if stock:
                    for _ in range(min(draw, len(stock))):
                        waste.append(stock.pop())
                else:
                    stock = waste[::-1]
                    waste = []
                    passes += 1
            piles[STOCK] = stock
            piles[WASTE] = waste
            t.passes = passes
        records.append(t.make(s, d, n))

    def unmake(self, records: list[SearchRecord]) -> None:
        t = self.t
        self.ft_last = None
        for record in reversed(records):
            if len(record) == 3:
                t.piles[STOCK], t.piles[WASTE], t.passes = record
            else:
                t.unmake(record)

    def play_safe(
        self,
        records: list[SearchRecord],
        line: list[SMove],
        ftargets: dict[int, int] | None = None,
        changed: Iterable[int] = (),
    ) -> None:
        """Play the safe moves; leave the last position's foundation targets in ft_last.

        ``ftargets``, when given, are the targets of the position before the last move,
        which changed no foundation: then only the tops of the piles ``changed`` can
        have become safe (the others were tried in that position, against the same
        foundations), and only those are tried.
        """
        if not self.safe:
            self.ft_last = ftargets
            return
        t = self.t
        while True:
            if ftargets is None:
                ftargets = self.ftargets()
                m = self.safe_move(ftargets, self.tops)
            else:
                m = self.safe_move(ftargets, [s for s in self.tops if s in changed])
            if m is None:
                self.ft_last = ftargets
                return
            records.append(t.make(m[0], m[1], 1))
            line.append((m[0], m[1], 1, 0))
            ftargets = None

    # ------------------------------------------------------------ the search
    def run(self) -> Solution:
        start = time.perf_counter()
        t = self.t
        result = self._dfs()
        verdict, line = result
        moves: list[Move] = []
        names = t.names
        for s, d, n, k in line:
            moves.extend([DEAL] * k)
            moves.append(DEAL if s == STOCK else Move(names[s], names[d], n))
        return Solution(verdict, moves, self.nodes, time.perf_counter() - start)

    def _dfs(self) -> tuple[Verdict, list[SMove]]:
        t = self.t
        root_records: list[SearchRecord] = []
        root_line: list[SMove] = []
        self.play_safe(root_records, root_line)
        try:
            if t.is_won():
                return "won", root_line
            self.rehash(range(len(t.piles)))
            # Tarjan's strongly connected components over the positions: when a
            # component is complete (its root's subtree is searched and reaches no
            # position still on the stack), every position in it is proven lost. Those
            # go into ``self.lost``, which later attempts share, so no attempt searches
            # a proven loss again.
            # The positions of the components still open are the keys of ``index_of``
            # (the current line among them, never forgotten); a position already
            # searched is there or in the table of lost ones (two generations, bounded).
            table = self.lost
            lost, lost_old, half = table.new, table.old, table.half
            root = self.hkey()
            if root in table or (self.check_reserve and self.reserve_dead()):
                return "unwinnable", []
            check_reserve = self.check_reserve
            fset = self.fset
            index_of = {root: 0}
            component = [root]
            lows = [0]
            indices = [0]
            counter = 1
            frames: list[list[SMove]] = [self.moves()]
            # The foundation targets of each position on the stack (see play_safe).
            fts: list[dict[int, int] | None] = [self.ft_last]
            undo: list[list[SearchRecord]] = []
            hashes: list[list[int]] = []
            line: list[list[SMove]] = []
            budget = self.budget
            deadline = self.deadline
            stop = self.stop
            mask = CHECK_EVERY - 1
            nodes = 0
            key = self.hkey
            rehash = self.rehash
            fslice = self.fslice
            cards = self.cards
            while frames:
                cands = frames[-1]
                if not cands:
                    frames.pop()
                    fts.pop()
                    low = lows.pop()
                    if low == indices.pop():
                        # The root of a complete component: all of it is lost.
                        while component and index_of[component[-1]] >= low:
                            k = component.pop()
                            del index_of[k]
                            lost.add(k)
                            if len(lost) >= half:
                                table.rotate()
                                lost, lost_old = table.new, table.old
                    elif lows and low < lows[-1]:
                        lows[-1] = low
                    if undo:
                        self.unmake(undo.pop())
                        self.c = hashes.pop()
                        line.pop()
                    continue
                if nodes >= budget or (
                    not nodes & mask
                    and (
                        (deadline is not None and time.perf_counter() > deadline)
                        or (stop is not None and stop())
                    )
                ):
                    self.nodes = nodes
                    self.timed_out = nodes < budget
                    for r in reversed(undo):
                        self.unmake(r)
                    return "unknown", []
                move = cands.pop()
                records: list[SearchRecord] = []
                played = [move]
                self.make(move, records)
                touched = records[-1][0]  # the piles the move changed
                if fset.isdisjoint(touched):
                    self.play_safe(records, played, fts[-1], touched)
                else:
                    self.play_safe(records, played)
                nodes += 1
                if sum(map(len, t.piles[fslice])) == cards:
                    self.nodes = nodes
                    flat = root_line + [m for ms in line for m in ms] + played
                    self.unmake(records)
                    for r in reversed(undo):
                        self.unmake(r)
                    return "won", flat
                old = self.c
                changed: set[int] = set()
                for rec in records:
                    changed.update(rec[0] if len(rec) == 4 else (STOCK, WASTE))
                rehash(changed)
                k = key()
                j = index_of.get(k)
                if j is not None or k in lost or k in lost_old:
                    if j is not None and j < lows[-1]:
                        lows[-1] = j
                    self.unmake(records)
                    self.c = old
                    continue
                if check_reserve and not fset.isdisjoint(changed) and self.reserve_dead():
                    # A dead reserve: this position is lost, whatever follows.
                    lost.add(k)
                    if len(lost) >= half:
                        table.rotate()
                        lost, lost_old = table.new, table.old
                    self.unmake(records)
                    self.c = old
                    continue
                index_of[k] = counter
                component.append(k)
                lows.append(counter)
                indices.append(counter)
                counter += 1
                hashes.append(old)
                undo.append(records)
                line.append(played)
                frames.append(self.moves())
                fts.append(self.ft_last)
            self.nodes = nodes
            return "unwinnable", []
        finally:
            self.unmake(root_records)

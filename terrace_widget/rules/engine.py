"""The rules: one mutable table, legal-move generation, make and unmake.

:class:`Table` is the fast core that :class:`~terrace_widget.game.game.Game` wraps. Piles are
lists of card values (see :mod:`terrace_widget.rules.cards`) indexed by Aisleriot's slot ids:

0 stock, 1 waste, 2 reserve (in the games that have one), then the foundations, then the
tableau: Terrace's are 0 stock, 1 waste, 2 reserve, 3–10 foundations, 11–19 tableau, and
Klondike's 0 stock, 1 waste, 2–5 foundations, 6–12 tableau.

The table reads every rule from its :class:`~terrace_widget.rules.variants.Rules` row; it has
no branch on the family. Every card is face up except the stock's and, in games dealt in
a triangle (Klondike), the ``down[i]`` bottom cards of tableau pile ``i``.
:meth:`Table.make` plays a legal move (with every automatic consequence: flips, fills,
auto-deals, the lock) and returns an undo record that :meth:`Table.unmake` uses to put
back exactly what changed. Legality is the caller's business: :meth:`Table.legal_moves`
lists it, and :class:`Game` checks it.
"""

from __future__ import annotations

from .cards import is_red, rank_of, suit_of
from .moves import DEAL, Move
from .variants import Rules

STOCK, WASTE = 0, 1

# An undo record: (saved piles {index: (cards, down)}, base, locked, passes).
UndoRecord = tuple[dict[int, tuple[list[int], int]], int, bool, int]


GROUP_MOVES_UP_TO = 13
"""Group moves of up to this many cards are interned (a longer group is made when met)."""

# Interned moves per pile layout: one_card[s][d] is the one-card Move from s to d (the deal
# from the stock), groups[s][d][n] the n-card Move between tableau piles s and d.
_MoveTables = tuple[list[list[Move]], list[list[list[Move]]]]
_MOVE_TABLES: dict[tuple[str, ...], _MoveTables] = {}


def _move_tables(names: tuple[str, ...], first_tableau: int) -> _MoveTables:
    """The interned moves of a layout, made once per layout and shared (moves are immutable)."""
    tables = _MOVE_TABLES.get(names)
    if tables is None:
        one_card = [[Move(a, b, 1) if a != b else DEAL for b in names] for a in names]
        # groups[s][d][0] is unused (the one-card move again, so that n indexes directly).
        groups = [
            [
                [one_card[s][d]] * 2 + [Move(a, b, n) for n in range(2, GROUP_MOVES_UP_TO + 1)]
                if s >= first_tableau and d >= first_tableau and s != d
                else []
                for d, b in enumerate(names)
            ]
            for s, a in enumerate(names)
        ]
        tables = _MOVE_TABLES[names] = (one_card, groups)
    return tables


# The accept tables per (base, wrap[, same suit]), made once: a base is set at every deal
# and every undo across the base choice. Shared between tables, never changed.
_TABLEAU_ACCEPTS: dict[tuple[int, bool], list[tuple[int, ...]]] = {}
_FOUNDATION_ACCEPTS: dict[tuple[int, bool, bool], list[tuple[int, ...]]] = {}


def _tableau_accepts(base: int, wrap: bool) -> list[tuple[int, ...]]:
    """For each top value t, the values that may be built on it (down, alternate colour)."""
    table = _TABLEAU_ACCEPTS.get((base, wrap))
    if table is None:
        table = _TABLEAU_ACCEPTS[base, wrap] = _make_tableau_accepts(base, wrap)
    return table


def _foundation_accepts(base: int, same_suit: bool, wrap: bool) -> list[tuple[int, ...]]:
    """For each top value t, the values that may follow it on a foundation."""
    table = _FOUNDATION_ACCEPTS.get((base, same_suit, wrap))
    if table is None:
        table = _make_foundation_accepts(base, same_suit, wrap)
        _FOUNDATION_ACCEPTS[base, same_suit, wrap] = table
    return table


def _make_tableau_accepts(base: int, wrap: bool) -> list[tuple[int, ...]]:
    table: list[tuple[int, ...]] = []
    for top in range(52):
        rank = rank_of(top)
        if (base and rank == base) or (not wrap and rank == 1):
            table.append(())
            continue
        below = 13 if rank == 1 else rank - 1
        table.append(tuple(s * 13 + below - 1 for s in range(4) if is_red(s * 13) != is_red(top)))
    return table


def _make_foundation_accepts(base: int, same_suit: bool, wrap: bool) -> list[tuple[int, ...]]:
    table: list[tuple[int, ...]] = []
    for top in range(52):
        rank = rank_of(top)
        if rank == 13 and not wrap:
            table.append(())
            continue
        above = 1 if rank == 13 else rank + 1
        if base and above == base:
            table.append(())
            continue
        if same_suit:
            table.append((suit_of(top) * 13 + above - 1,))
        else:
            table.append(
                tuple(s * 13 + above - 1 for s in range(4) if is_red(s * 13) != is_red(top))
            )
    return table


class Table:
    """A position and the rules to change it."""

    __slots__ = (
        "_auto_deal",
        "_auto_fill",
        "_base_cards",
        "_cards",
        "_end",
        "_f_cache",
        "_first_f",
        "_first_t",
        "_groups",
        "_kings_fill",
        "_moves",
        "_sequences",
        "_singles",
        "_stock_lock",
        "_waste_fills",
        "base",
        "down",
        "foundation_next",
        "foundations",
        "locked",
        "names",
        "passes",
        "piles",
        "reserve",
        "rules",
        "tableau",
        "tableau_next",
    )

    def __init__(self, rules: Rules, *, copy_of: Table | None = None) -> None:
        if copy_of is not None:
            self._copy_from(copy_of)
            return
        self.rules = rules
        names = ["stock", "waste"]
        if rules.reserve:
            names.append("reserve")
        first_f = len(names)
        names += [f"f{i + 1}" for i in range(rules.foundations)]
        first_t = len(names)
        names += [f"t{i + 1}" for i in range(rules.tableau)]
        self.names: tuple[str, ...] = tuple(names)
        self.reserve = 2 if rules.reserve else -1
        self.foundations = range(first_f, first_t)
        self.tableau = range(first_t, len(names))
        self.piles: list[list[int]] = [[] for _ in names]
        self.down: list[int] = [0] * len(names)
        self.base = 0  # base rank (Terrace); 0 while unset
        self.locked = False
        self.passes = 0  # redeals used
        # The rules as plain fields, read on every move (a Rules field is a slower lookup).
        self._first_f = first_f
        self._first_t = first_t
        self._end = len(names)
        self._cards = rules.cards
        self._singles = (WASTE, *(() if rules.foundations_final else self.foundations))
        self._kings_fill = rules.space_fill == "kings"
        self._waste_fills = rules.space_fill == "waste"
        self._sequences = rules.tableau_moves == "sequence"
        self._auto_fill = bool(rules.auto_fill)
        self._auto_deal = rules.auto_deal
        self._stock_lock = rules.stock_lock
        # _moves[s][d] is the one-card Move from pile s to pile d, _groups[s][d][n] the
        # n-card one between tableau piles (interned: no allocation).
        self._moves, self._groups = _move_tables(self.names, first_t)
        self._f_cache: dict[int, list[int]] | None = None
        self._set_tables()

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Pickle as the rules and the position (a search worker receives tables; compiled
        classes pickle only through this)."""
        return (
            _rebuilt_table,
            (self.rules, self.piles, self.down, self.base, self.locked, self.passes),
        )

    # ------------------------------------------------------------------ setup
    def _set_tables(self) -> None:
        rules = self.rules
        # tableau_next[t]: the card values that may be built on a tableau top card t;
        # foundation_next[t]: the card values that may follow t on a foundation.
        self.tableau_next = _tableau_accepts(self.base, rules.wrap)
        self.foundation_next = _foundation_accepts(
            self.base, rules.foundation_build == "same-suit", rules.wrap
        )
        self._base_cards = list(range(self.base - 1, 52, 13)) if self.base else []
        self._f_cache = None

    def set_base(self, rank: int) -> None:
        """Fix the base rank (0 clears it) and the tables that depend on it."""
        self.base = rank
        self._set_tables()

    def deal(self, deck: list[int]) -> None:
        """Lay out a new game from ``deck`` (card values in deal order: the first card of
        the list is the first dealt; docs/rules.md#d7)."""
        rules = self.rules
        for pile in self.piles:
            pile.clear()
        self.down = [0] * len(self.piles)
        self.locked = False
        self.passes = 0
        self.set_base(1 if rules.base == "ace" else 0)
        stock = self.piles[STOCK]
        stock.extend(reversed(deck))  # the first card dealt is the top of the stock
        if self.reserve >= 0:
            reserve = self.piles[self.reserve]
            for _ in range(rules.reserve):
                reserve.append(stock.pop())
        if rules.base == "auto":
            first = stock.pop()
            self.piles[self.foundations[0]].append(first)
            self.set_base(rank_of(first))
        tableau = list(self.tableau)
        if rules.tableau_deal == "triangle":
            # Row by row, each row one pile shorter; all but each pile's top face down.
            for row in range(len(tableau)):
                for i in tableau[row:]:
                    self.piles[i].append(stock.pop())
            for i in tableau:
                self.down[i] = len(self.piles[i]) - 1
        else:
            # One card each; while the base is chosen, only the four candidates.
            for i in tableau[:4] if rules.base == "choose" else tableau:
                self.piles[i].append(stock.pop())
        if rules.auto_deal and not self.piles[WASTE] and self.dealable():
            self._deal_cards()

    # ------------------------------------------------------------- queries
    @property
    def score(self) -> int:
        return sum(map(len, self.piles[self._first_f : self._first_t]))

    def is_won(self) -> bool:
        piles = self.piles
        if piles[STOCK] or piles[WASTE]:
            return False  # every card is on a foundation only once these are empty
        return self.score == self._cards

    def has_space(self) -> bool:
        return not all(self.piles[self._first_t : self._end])

    def dealable(self) -> bool:
        """Whether a click on the stock does something (Aisleriot's ``dealable?``)."""
        rules = self.rules
        piles = self.piles
        if not self.base:
            return False  # the base card is chosen before the first deal
        if rules.one_at_a_time_after_redeal and self.passes and piles[WASTE]:
            return False
        if self.locked and self._stock_lock and not self._auto_fill:
            return False  # self.stock_locked()
        if piles[STOCK]:
            return True
        return bool(piles[WASTE]) and (rules.redeals is None or self.passes < rules.redeals)

    def stock_locked(self) -> bool:
        """Whether the lock holds the stock: a card was dealt while a space was open, and
        spaces do not fill themselves."""
        return self.locked and self._stock_lock and not self._auto_fill

    def foundation_targets(self) -> dict[int, list[int]]:
        """Map each card value to the foundations that accept it now (cached)."""
        cache = self._f_cache
        if cache is None:
            cache = {}
            faccept = self.foundation_next
            empty_takes = self._base_cards
            f = self._first_f
            for pile in self.piles[f : self._first_t]:
                for v in faccept[pile[-1]] if pile else empty_takes:
                    targets = cache.get(v)
                    if targets is None:
                        cache[v] = [f]
                    else:
                        targets.append(f)
                f += 1
            self._f_cache = cache
        return cache

    def tableau_targets(self) -> tuple[dict[int, list[int]], list[int]]:
        """Map each card value to the tableau piles that take it; and the empty piles."""
        taccept = self.tableau_next
        ttargets: dict[int, list[int]] = {}
        spaces = []
        i = self._first_t
        for pile in self.piles[i : self._end]:
            if pile:
                for v in taccept[pile[-1]]:
                    targets = ttargets.get(v)
                    if targets is None:
                        ttargets[v] = [i]
                    else:
                        targets.append(i)
            else:
                spaces.append(i)
            i += 1
        return ttargets, spaces

    def space_takes(self, value: int) -> bool:
        """Whether a card (or a group headed by it) may fill a space by hand."""
        return self._kings_fill and value % 13 == 12  # a King

    def legal_moves(self) -> list[Move]:
        """Every legal move: drags (one per source, target and count) and the deal.

        The order: the reserve, the waste, the foundations (where their cards may come
        back), the tableau, then the deal.
        """
        piles = self.piles
        moves = self._moves
        result: list[Move] = []
        if not self.base:
            # The base choice: one of the candidates goes to any foundation.
            for i in self.tableau:
                if piles[i]:
                    row = moves[i]
                    result.extend(row[f] for f in self.foundations)
            return result
        ftargets = self.foundation_targets()
        ttargets, spaces = self.tableau_targets()
        append = result.append
        no_targets: list[int] = []
        if self.reserve >= 0 and piles[self.reserve]:
            # Reserve cards go only to the foundations.
            row = moves[self.reserve]
            for f in ftargets.get(piles[self.reserve][-1], no_targets):
                append(row[f])
        kings_fill = self._kings_fill
        for s in self._singles:
            pile = piles[s]
            if not pile:
                continue
            v = pile[-1]
            row = moves[s]
            for f in ftargets.get(v, no_targets):
                if f != s:
                    append(row[f])
            for j in ttargets.get(v, no_targets):
                append(row[j])
            if spaces and ((s == WASTE and self._waste_fills) or (kings_fill and v % 13 == 12)):
                for j in spaces:
                    append(row[j])
        sequences = self._sequences
        i = self._first_t - 1
        if not sequences and not kings_fill:
            # One card at a time, and no tableau card fills a space (Terrace's games).
            for pile in piles[self._first_t : self._end]:
                i += 1
                if pile:
                    v = pile[-1]
                    row = moves[i]
                    for f in ftargets.get(v, no_targets):
                        append(row[f])
                    for j in ttargets.get(v, no_targets):
                        append(row[j])
            if self.dealable():
                append(DEAL)
            return result
        taccept = self.tableau_next
        down = self.down
        for pile in piles[self._first_t : self._end]:
            i += 1
            if not pile:
                continue
            row = moves[i]
            v = pile[-1]
            for f in ftargets.get(v, no_targets):
                append(row[f])
            for j in ttargets.get(v, no_targets):
                append(row[j])
            if spaces and kings_fill and v % 13 == 12:
                for j in spaces:
                    append(row[j])
            if not sequences:
                continue
            # Groups: the face-up run under the top card, one card more at a time.
            lowest = len(pile) - 1
            n = 1
            groups = self._groups[i]
            while lowest > down[i]:
                under = pile[lowest - 1]
                if v not in taccept[under]:
                    break
                lowest -= 1
                v = under
                n += 1
                for j in ttargets.get(v, no_targets):
                    append(self._group(groups, i, j, n))
                if spaces and kings_fill and v % 13 == 12:
                    for j in spaces:
                        append(self._group(groups, i, j, n))
        if self.dealable():
            append(DEAL)
        return result

    def _group(self, groups: list[list[Move]], source: int, target: int, count: int) -> Move:
        """The ``count``-card move from tableau pile ``source`` to ``target``."""
        interned = groups[target]
        if count < len(interned):
            return interned[count]
        return Move(self.names[source], self.names[target], count)

    # ------------------------------------------------------------ make / unmake
    def _save(self, saved: dict[int, tuple[list[int], int]], i: int) -> None:
        if i not in saved:
            saved[i] = (self.piles[i][:], self.down[i])

    def make(self, source: int, target: int, count: int = 1) -> UndoRecord:
        """Play a legal move (``source == STOCK`` is the deal) and return its undo record."""
        piles = self.piles
        down = self.down
        if source == STOCK:
            saved = {STOCK: (piles[STOCK][:], down[STOCK]), WASTE: (piles[WASTE][:], down[WASTE])}
            record: UndoRecord = (saved, self.base, self.locked, self.passes)
            self.deal_click()
            return record
        src = piles[source]
        dst = piles[target]
        saved = {source: (src[:], down[source]), target: (dst[:], down[target])}
        record = (saved, self.base, self.locked, self.passes)
        if count == 1:
            dst.append(src.pop())
        else:
            dst.extend(src[-count:])
            del src[-count:]
        first_f = self._first_f
        first_t = self._first_t
        if first_f <= source < first_t or first_f <= target < first_t:
            self._f_cache = None
        if src and down[source] == len(src):
            down[source] -= 1  # the card under the move turns face up
        if not self.base:
            # The base is chosen: the rest of the tableau is dealt.
            self.set_base(rank_of(dst[-1]))
            self._fill_spaces(saved, self.rules.auto_fill or ("waste", "stock"))
        if self.locked and (source == WASTE or all(piles[first_t : self._end])):
            self.locked = False
        if self._auto_fill and not all(piles[first_t : self._end]):
            self._fill_spaces(saved, self.rules.auto_fill)  # only when a space is open
        # The waste can only be empty with cards to redeal in General's Patience, whose
        # redeal needs a non-empty waste: so an automatic deal always takes a stock card.
        if self._auto_deal and not piles[WASTE] and self.dealable():
            self._save(saved, STOCK)
            self._save(saved, WASTE)
            self._deal_cards()
        return record

    def unmake(self, record: UndoRecord) -> None:
        """Undo the move that returned ``record``."""
        saved, base, locked, passes = record
        piles = self.piles
        down = self.down
        for i, (cards, pile_down) in saved.items():
            piles[i] = cards
            down[i] = pile_down
        if base != self.base:
            self.set_base(base)
        else:
            self._f_cache = None
        self.locked = locked
        self.passes = passes

    def deal_click(self) -> None:
        """A click on the stock when :meth:`dealable`: deal (or redeal)."""
        piles = self.piles
        stock, waste = piles[STOCK], piles[WASTE]
        if stock:
            self._deal_cards()
        else:  # a redeal deals no card, so it never locks the stock
            stock.extend(reversed(waste))
            waste.clear()
            self.passes += 1

    def _deal_cards(self) -> None:
        piles = self.piles
        stock, waste = piles[STOCK], piles[WASTE]
        count = min(self.rules.deal_count, len(stock))
        if count == 1:
            waste.append(stock.pop())
        elif count:  # the top card of the stock is dealt first
            waste.extend(stock[: -count - 1 : -1])
            del stock[-count:]
        if self._stock_lock and not all(piles[self._first_t : self._end]):
            self.locked = True

    def _fill_spaces(
        self, saved: dict[int, tuple[list[int], int]], sources: tuple[str, ...]
    ) -> None:
        piles = self.piles
        order = [
            self.reserve if s == "reserve" else WASTE if s == "waste" else STOCK for s in sources
        ]
        for i in self.tableau:
            if piles[i]:
                continue
            for s in order:
                if piles[s]:
                    self._save(saved, s)
                    self._save(saved, i)
                    piles[i].append(piles[s].pop())
                    break

    # --------------------------------------------------------------- helpers
    def index(self, name: str) -> int:
        """The slot index of pile ``name`` (``ValueError`` if this game has no such pile)."""
        try:
            return self.names.index(name)
        except ValueError:
            raise ValueError(
                f"this game has no pile {name!r}; its piles are {', '.join(self.names)}"
            ) from None

    def key(self) -> bytes:
        """A compact, hashable snapshot of the position (redeals count only when limited)."""
        passes = 0 if self.rules.redeals is None else self.passes
        return b"\xff".join(map(bytes, self.piles)) + bytes(
            [*self.down, 255, self.base, self.locked, passes]
        )

    def proven_lost(self, budget: int) -> bool:
        """True only if no sequence of moves from here wins: an exhaustive search that
        gives up (``False``) after ``budget`` positions."""
        work = self.copy()
        index = {name: i for i, name in enumerate(self.names)}
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
            records.append(work.make(index[move.source], index[move.target], move.size))
            if work.is_won():
                return False
            key = work.key()
            if key in seen:
                work.unmake(records.pop())
                continue
            seen.add(key)
            if len(seen) > budget:
                return False
            stack.append(work.legal_moves())
        return True

    def copy(self) -> Table:
        return Table(self.rules, copy_of=self)

    def _copy_from(self, source: Table) -> None:
        """Become a copy of ``source``: its own piles, the rule tables shared.

        Attribute by attribute, not through ``__slots__``, so that the class also compiles
        with mypyc (tools/compile.py), whose classes cannot be made without ``__init__``.
        """
        self.rules = source.rules
        self.names = source.names
        self.reserve = source.reserve
        self.foundations = source.foundations
        self.tableau = source.tableau
        self.piles = [p[:] for p in source.piles]
        self.down = source.down[:]
        self.base = source.base
        self.locked = source.locked
        self.passes = source.passes
        self._moves = source._moves
        self._groups = source._groups
        self._first_f = source._first_f
        self._first_t = source._first_t
        self._end = source._end
        self._cards = source._cards
        self._singles = source._singles
        self._kings_fill = source._kings_fill
        self._waste_fills = source._waste_fills
        self._sequences = source._sequences
        self._auto_fill = source._auto_fill
        self._auto_deal = source._auto_deal
        self._stock_lock = source._stock_lock
        self._f_cache = None
        self.tableau_next = source.tableau_next
        self.foundation_next = source.foundation_next
        self._base_cards = source._base_cards


def _rebuilt_table(
    rules: Rules, piles: list[list[int]], down: list[int], base: int, locked: bool, passes: int
) -> Table:
    """The table :meth:`Table.__reduce__` describes."""
    table = Table(rules)
    table.piles = [p[:] for p in piles]
    table.down = down[:]
    table.set_base(base)
    table.locked = locked
    table.passes = passes
    return table

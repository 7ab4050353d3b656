"""The rules: one mutable table, legal-move generation, make and unmake.

:class:`Table` is the fast core that :class:`~terrace_widget.game.Game` wraps. Piles are
lists of card values (see :mod:`terrace_widget.cards`) indexed by Aisleriot's slot ids:

* Terrace family: 0 stock, 1 waste, 2 reserve, 3–10 foundations, 11… tableau;
* Klondike: 0 stock, 1 waste, 2–5 foundations, 6–12 tableau.

Every card is face up except the stock's and, in Klondike, the ``down[i]`` bottom cards
of tableau pile ``i``. :meth:`Table.make` plays a legal move (with every automatic
consequence: flips, fills, auto-deals, the lock) and returns an undo record that
:meth:`Table.unmake` uses to put back exactly what changed. Legality is the caller's
business: :meth:`Table.legal_moves` lists it, and :class:`Game` checks it.
"""

from __future__ import annotations

from .cards import is_red, rank_of, suit_of
from .moves import DEAL, Move
from .variants import Rules

STOCK, WASTE = 0, 1

# An undo record: (saved piles {index: (cards, down)}, base, locked, passes).
UndoRecord = tuple[dict[int, tuple[list[int], int]], int, bool, int]


def _tableau_accepts(base: int, wrap: bool) -> list[tuple[int, ...]]:
    """For each top value t, the values that may be built on it (down, alternate colour)."""
    table: list[tuple[int, ...]] = []
    for top in range(52):
        rank = rank_of(top)
        if (base and rank == base) or (not wrap and rank == 1):
            table.append(())
            continue
        below = 13 if rank == 1 else rank - 1
        table.append(tuple(s * 13 + below - 1 for s in range(4) if is_red(s * 13) != is_red(top)))
    return table


def _foundation_accepts(base: int, same_suit: bool, wrap: bool) -> list[tuple[int, ...]]:
    """For each top value t, the values that may follow it on a foundation."""
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
        "_base_cards",
        "_f_cache",
        "_moves",
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

    def __init__(self, rules: Rules) -> None:
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
        # moves[s][d] is the one-card Move from pile s to pile d (interned: no allocation).
        self._moves = [[Move(a, b, 1) if a != b else DEAL for b in names] for a in names]
        self._f_cache: dict[int, list[int]] | None = None
        self._set_tables()

    # ------------------------------------------------------------------ setup
    def _set_tables(self) -> None:
        rules = self.rules
        # tableau_next[t]: the card values that may be built on a tableau top card t;
        # foundation_next[t]: the card values that may follow t on a foundation.
        self.tableau_next = _tableau_accepts(self.base, rules.wrap)
        self.foundation_next = _foundation_accepts(
            self.base, rules.foundation_build == "same-suit", rules.wrap
        )
        self._base_cards = [v for v in range(52) if rank_of(v) == self.base] if self.base else []
        self._f_cache = None

    def set_base(self, rank: int) -> None:
        """Fix the base rank (0 clears it) and the tables that depend on it."""
        self.base = rank
        self._set_tables()

    def deal(self, deck: list[int]) -> None:
        """Lay out a new game from ``deck`` (card values in deal order, docs/rules.md#d7)."""
        rules = self.rules
        for pile in self.piles:
            pile.clear()
        self.down = [0] * len(self.piles)
        self.locked = False
        self.passes = 0
        self.set_base(1 if rules.base == "ace" else 0)
        stock = self.piles[STOCK]
        stock.extend(reversed(deck))  # the first card dealt is the top of the stock
        if rules.family == "klondike":
            tableau = list(self.tableau)
            for row in range(len(tableau)):
                for i in tableau[row:]:
                    self.piles[i].append(stock.pop())
            for i in tableau:
                self.down[i] = len(self.piles[i]) - 1
            return
        reserve = self.piles[self.reserve]
        for _ in range(rules.reserve):
            reserve.append(stock.pop())
        if rules.base == "choose":
            for i in self.tableau[:4]:
                self.piles[i].append(stock.pop())
        else:
            first = stock.pop()
            self.piles[self.foundations[0]].append(first)
            self.set_base(rank_of(first))
            for i in self.tableau:
                self.piles[i].append(stock.pop())
        if not self.piles[WASTE] and self.dealable():
            self._deal_one()

    # ------------------------------------------------------------- queries
    @property
    def score(self) -> int:
        return sum(len(self.piles[f]) for f in self.foundations)

    def is_won(self) -> bool:
        return self.score == self.rules.cards

    def has_space(self) -> bool:
        piles = self.piles
        return any(not piles[i] for i in self.tableau)

    def dealable(self) -> bool:
        """Whether a click on the stock does something (Aisleriot's ``dealable?``)."""
        rules = self.rules
        piles = self.piles
        if rules.family == "terrace":
            if not self.base:
                return False
            if rules.one_at_a_time_after_redeal and self.passes and piles[WASTE]:
                return False
            if self.locked and not rules.auto_fill:
                return False
        if piles[STOCK]:
            return True
        return bool(piles[WASTE]) and (rules.redeals is None or self.passes < rules.redeals)

    def foundation_targets(self) -> dict[int, list[int]]:
        """Map each card value to the foundations that accept it now (cached)."""
        cache = self._f_cache
        if cache is None:
            cache = {}
            piles = self.piles
            faccept = self.foundation_next
            empty_takes = self._base_cards
            for f in self.foundations:
                pile = piles[f]
                for v in faccept[pile[-1]] if pile else empty_takes:
                    targets = cache.get(v)
                    if targets is None:
                        cache[v] = [f]
                    else:
                        targets.append(f)
            self._f_cache = cache
        return cache

    def tableau_targets(self) -> tuple[dict[int, list[int]], list[int]]:
        """Map each card value to the tableau piles that take it; and the empty piles."""
        piles = self.piles
        taccept = self.tableau_next
        ttargets: dict[int, list[int]] = {}
        spaces = []
        for i in self.tableau:
            pile = piles[i]
            if pile:
                for v in taccept[pile[-1]]:
                    targets = ttargets.get(v)
                    if targets is None:
                        ttargets[v] = [i]
                    else:
                        targets.append(i)
            else:
                spaces.append(i)
        return ttargets, spaces

    def legal_moves(self) -> list[Move]:
        """Every legal move: drags (one per source, target and count) and the deal."""
        if self.rules.family == "klondike":
            return self._klondike_moves()
        piles = self.piles
        moves = self._moves
        result: list[Move] = []
        if not self.base:
            for i in self.tableau:
                if piles[i]:
                    row = moves[i]
                    result.extend(row[f] for f in self.foundations)
            return result
        ftargets = self.foundation_targets()
        ttargets, spaces = self.tableau_targets()
        reserve = piles[self.reserve]
        if reserve:
            row = moves[self.reserve]
            for f in ftargets.get(reserve[-1], ()):
                result.append(row[f])
        for i in self.tableau:
            pile = piles[i]
            if pile:
                v = pile[-1]
                row = moves[i]
                for f in ftargets.get(v, ()):
                    result.append(row[f])
                for j in ttargets.get(v, ()):
                    result.append(row[j])
        waste = piles[WASTE]
        if waste:
            v = waste[-1]
            row = moves[WASTE]
            for f in ftargets.get(v, ()):
                result.append(row[f])
            for j in ttargets.get(v, ()):
                result.append(row[j])
            for j in spaces:
                result.append(row[j])
        if self.dealable():
            result.append(DEAL)
        return result

    def _klondike_moves(self) -> list[Move]:
        piles = self.piles
        down = self.down
        moves = self._moves
        names = self.names
        ftargets = self.foundation_targets()
        ttargets, spaces = self.tableau_targets()
        result: list[Move] = []
        waste = piles[WASTE]
        singles = [WASTE] if waste else []
        singles += [f for f in self.foundations if piles[f]]
        for s in singles:
            v = piles[s][-1]
            row = moves[s]
            for f in ftargets.get(v, ()):
                if f != s:
                    result.append(row[f])
            for j in ttargets.get(v, ()):
                result.append(row[j])
            if v % 13 == 12:
                for j in spaces:
                    result.append(row[j])
        for i in self.tableau:
            pile = piles[i]
            if not pile:
                continue
            row = moves[i]
            v = pile[-1]
            for f in ftargets.get(v, ()):
                result.append(row[f])
            n = 1
            lowest = len(pile) - 1
            while True:
                for j in ttargets.get(v, ()):
                    result.append(row[j] if n == 1 else Move(names[i], names[j], n))
                if v % 13 == 12:
                    for j in spaces:
                        result.append(row[j] if n == 1 else Move(names[i], names[j], n))
                if lowest <= down[i]:
                    break
                under = pile[lowest - 1]
                if rank_of(under) != rank_of(v) + 1 or is_red(under) == is_red(v):
                    break
                lowest -= 1
                v = under
                n += 1
        if self.dealable():
            result.append(DEAL)
        return result

    # ------------------------------------------------------------ make / unmake
    def _save(self, saved: dict[int, tuple[list[int], int]], i: int) -> None:
        if i not in saved:
            saved[i] = (self.piles[i][:], self.down[i])

    def make(self, source: int, target: int, count: int = 1) -> UndoRecord:
        """Play a legal move (``source == STOCK`` is the deal) and return its undo record."""
        saved: dict[int, tuple[list[int], int]] = {}
        record: UndoRecord = (saved, self.base, self.locked, self.passes)
        piles = self.piles
        if source == STOCK:
            self._save(saved, STOCK)
            self._save(saved, WASTE)
            self.deal_click()
            return record
        self._save(saved, source)
        self._save(saved, target)
        src = piles[source]
        if count == 1:
            piles[target].append(src.pop())
        else:
            piles[target].extend(src[-count:])
            del src[-count:]
        if source in self.foundations or target in self.foundations:
            self._f_cache = None
        if self.rules.family == "klondike":
            if src and self.down[source] == len(src):
                self.down[source] -= 1
            return record
        # Terrace family (terrace.scm button-released).
        if not self.base:
            self.set_base(rank_of(piles[target][-1]))
            self._fill_spaces(saved, self.rules.auto_fill or ("waste", "stock"))
        if source == WASTE or not self.has_space():
            self.locked = False
        self._auto_deal(saved)
        return record

    def unmake(self, record: UndoRecord) -> None:
        """Undo the move that returned ``record``."""
        saved, base, locked, passes = record
        piles = self.piles
        for i, (cards, down) in saved.items():
            piles[i] = cards
            self.down[i] = down
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
        if self.rules.family == "klondike":
            if stock:
                for _ in range(min(self.rules.deal_count, len(stock))):
                    waste.append(stock.pop())
            else:
                stock.extend(reversed(waste))
                waste.clear()
                self.passes += 1
            return
        if stock:
            self._deal_one()
        else:  # General's Patience redeal: no card dealt, so no lock (docs/rules.md#d2)
            stock.extend(reversed(waste))
            waste.clear()
            self.passes += 1

    def _deal_one(self) -> None:
        self.piles[WASTE].append(self.piles[STOCK].pop())
        if self.has_space():
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

    def _auto_deal(self, saved: dict[int, tuple[list[int], int]]) -> None:
        if self.rules.auto_fill:
            self._fill_spaces(saved, self.rules.auto_fill)
        # The waste can only be empty with cards to redeal in General's Patience, whose
        # redeal needs a non-empty waste: so an automatic deal always takes a stock card.
        if not self.piles[WASTE] and self.dealable():
            self._save(saved, STOCK)
            self._save(saved, WASTE)
            self._deal_one()

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

    def copy(self) -> Table:
        other = Table.__new__(Table)
        for slot in Table.__slots__:
            setattr(other, slot, getattr(self, slot))
        other.piles = [p[:] for p in self.piles]
        other.down = self.down[:]
        other._f_cache = None
        return other

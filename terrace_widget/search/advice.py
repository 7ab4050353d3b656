"""Advice from the solver: hints that say why, "can this still be won?", and post-mortems.

Everything here is bounded by a ``seconds`` argument (wall time) and a node ``budget``, so
that the widget stays responsive:

* :func:`solver_hint` — the first move of a winning line, with a sentence derived from
  what the move achieves along that line ("Move 6♣ onto 7♦: it frees 5♥ for foundation
  f3."). The sentence only ever names cards the player can see now.
* :func:`winnable` — ``"won"`` (a winning line exists), ``"unwinnable"`` (proved) or
  ``"unknown"``.
* :func:`post_mortem` — the move after which the game could no longer be won.
* :func:`sample_worlds` / :func:`solve_fair` — the hidden-information ("fair") view: the
  cards the player has not seen are shuffled into their hidden places, each such world is
  solved, and each first move is credited with the worlds it wins.

The solver (:func:`terrace_widget.search.solver.solve`) is *thoughtful*: it sees the stock and
Klondike's face-down cards. :func:`solver_hint` and :func:`winnable` therefore speak
about the real deal; ``fair=True`` hints use only what the player has seen.
"""

from __future__ import annotations

import random
import threading
import time
from collections import Counter, OrderedDict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, NamedTuple

from ..i18n import PileRef, Rank, message, plural_message
from ..rules.cards import glyph, rank_of
from ..rules.engine import STOCK, WASTE, Table
from ..rules.hints import Hint
from ..rules.limits import quote
from ..rules.moves import DEAL, Move
from .solver import Solution, Verdict, check_limits, solve

if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence

    from ..game.game import Game

HINT_BUDGET = 200_000
"""Nodes a solver hint may search (the ``seconds`` bound usually stops it first)."""
WINNABLE_BUDGET = 100_000
"""Nodes of one "can this still be won?" check."""
FAIR_BUDGET = 30_000
"""Nodes per sampled world in :func:`solve_fair`."""
POST_MORTEM_BUDGET = 30_000
"""Nodes per position in :func:`post_mortem`."""

MEMORY_SIZE = 100_000
"""Positions whose verdict (and winning line) is remembered, oldest forgotten first."""

LOST_TEXT = message("No line wins from here: the game is lost (proved).")
WON_TEXT = message("The game is won.")


# ---------------------------------------------------------------- remembered verdicts
# A winning line found once is remembered for every position along it (so a player who
# follows the hints gets the same line, instantly), and proved losses are remembered too.
# Keys are exact positions; the memory is shared by all games and threads.
_MEMORY: OrderedDict[bytes, tuple[tuple[Move, ...], int] | None] = OrderedDict()
_MEMORY_LOCK = threading.Lock()


def _key(game: Game) -> bytes:
    return game.rules.id.encode() + b"\x00" + game.position_key()


def _recall(game: Game) -> tuple[bool, list[Move] | None]:
    """(known, line): a remembered winning line, or ``(True, None)`` for a proved loss."""
    key = _key(game)
    with _MEMORY_LOCK:
        if key not in _MEMORY:
            return False, None
        _MEMORY.move_to_end(key)
        entry = _MEMORY[key]
    return True, None if entry is None else list(entry[0][entry[1] :])


def _remember(game: Game, solution: Solution) -> None:
    """Store a decided verdict: a loss for this position, a win for every position of its line."""
    if solution.verdict == "unknown":
        return
    entries: list[tuple[bytes, tuple[tuple[Move, ...], int] | None]] = []
    prefix = game.rules.id.encode() + b"\x00"
    if solution.verdict == "unwinnable":
        entries.append((prefix + game.position_key(), None))
    else:
        line = tuple(solution.moves)
        table = game.to_table()
        index = {name: i for i, name in enumerate(table.names)}
        for i, move in enumerate(line):
            entries.append((prefix + table.key(), (line, i)))
            table.make(index[move.source], index[move.target], move.size)
    with _MEMORY_LOCK:
        for key, value in entries:
            _MEMORY[key] = value
            _MEMORY.move_to_end(key)
        while len(_MEMORY) > MEMORY_SIZE:
            _MEMORY.popitem(last=False)


def _solve(game: Game, budget: int | None, seconds: float | None) -> Solution:
    """:func:`solve`, through the memory of decided positions."""
    known, line = _recall(game)
    if known:
        return Solution("unwinnable") if line is None else Solution("won", line)
    solution = solve(game, budget=budget, seconds=seconds)
    _remember(game, solution)
    return solution


MAX_SAMPLES = 1000
"""The most worlds :func:`solve_fair` and :func:`sample_worlds` sample in one call: each
world is a whole position (tens of kB) and at least one search (issue 26, F11)."""


def _check_samples(samples: object) -> None:
    if not isinstance(samples, int) or isinstance(samples, bool) or not 1 <= samples <= MAX_SAMPLES:
        raise ValueError(
            f"the number of sampled worlds is a whole number from 1 to {MAX_SAMPLES:,}, "
            f"not {quote(samples)}"
        )


def forget() -> None:
    """Clear the remembered verdicts and lines (for tests and measurements)."""
    with _MEMORY_LOCK:
        _MEMORY.clear()


# ---------------------------------------------------------------- hidden information


def _hidden_slots(game: Game, memory: bool) -> list[tuple[str, int]]:
    """The (pile, index) places whose card the player has not seen.

    What is face down in the observation (``"#"``), except, with ``memory``, a stock that
    has been turned over: after a redeal every stock card has been through the waste, and
    its order (the waste's, reversed) is known to a player who remembers.
    """
    obs = game.observation(prove_loss=False)
    remembered = memory and game.redeals_used > 0
    return [
        (name, i)
        for name, cards in obs["piles"].items()
        if not (remembered and name == "stock")
        for i, card in enumerate(cards)
        if card == "#"
    ]


def unseen_cards(game: Game, *, memory: bool = True) -> list[str]:
    """The cards the player has not seen (sorted codes): the deck minus every seen card."""
    slots = _hidden_slots(game, memory)
    piles = game.piles
    return sorted(piles[name][i].lstrip("#") for name, i in slots)


def sample_worlds(
    game: Game, n: int, rng: random.Random | int | None = None, *, memory: bool = True
) -> list[Game]:
    """``n`` positions that agree with everything the player has seen.

    The unseen cards (the stock's, and Klondike's face-down cards; see
    :func:`unseen_cards`) are shuffled into their hidden places; everything visible, the
    base, the lock and the redeals used are the game's own. Legal moves depend only on
    what is visible, so every world has exactly the game's legal moves.
    """
    check_limits(game, None, None)
    _check_samples(n)
    return list(_worlds(game, n, rng, memory))


def _worlds(game: Game, n: int, rng: random.Random | int | None, memory: bool) -> Iterator[Game]:
    """:func:`sample_worlds`' worlds one at a time, so that a caller with a time limit
    samples only while it has time."""
    if not isinstance(rng, random.Random):
        rng = random.Random(rng)
    slots = _hidden_slots(game, memory)
    real = game.piles
    # Sorted first: the worlds must not depend on where the hidden cards really are.
    cards = sorted(real[name][i].lstrip("#") for name, i in slots)
    table = game.to_table()
    for _ in range(n):
        deck = cards[:]
        rng.shuffle(deck)
        piles = {name: list(cards_) for name, cards_ in real.items()}
        for (name, i), card in zip(slots, deck, strict=True):
            piles[name][i] = "#" + card
        yield type(game).from_piles(
            game.rules,
            piles,
            base_rank=game.base_rank,
            stock_locked=table.locked,
            redeals_used=game.redeals_used,
            rest_to=None,
        )


@dataclass
class FairResult:
    """What :func:`solve_fair` found over the sampled worlds."""

    samples: int
    won: int = 0
    unwinnable: int = 0
    unknown: int = 0
    wins: dict[Move, int] = field(default_factory=dict)
    """First move -> number of worlds it wins in, most first (ties in legal-move order)."""
    solutions: list[Solution] = field(default_factory=list)
    """One per world, in sampling order."""
    worlds: list[Game] = field(default_factory=list)
    """The sampled worlds."""
    nodes: int = 0
    seconds: float = 0.0

    @property
    def best(self) -> Move | None:
        """The first move that wins in the most worlds (``None`` if none won)."""
        return next(iter(self.wins), None)

    @property
    def message(self) -> str:
        text = f"won in {self.won} of {self.samples} sampled worlds"
        if self.unknown:
            text += f" ({self.unknown} undecided)"
        return text


def solve_fair(
    game: Game,
    *,
    samples: int = 8,
    budget: int | None = FAIR_BUDGET,
    seconds: float | None = None,
    seed: int = 0,
    memory: bool = True,
) -> FairResult:
    """Solve ``samples`` worlds consistent with what the player has seen.

    Each world is solved with the thoughtful :func:`~terrace_widget.search.solver.solve` and its
    winning line's first move is credited with that world (a move that begins a winning
    line in world *w* counts for *w*; another move may win there too but is not searched).
    ``budget`` bounds the nodes *per world*, ``seconds`` the whole call, sampling included
    (shared out evenly between the worlds still to solve; the worlds not sampled in time
    count as unknown). ``samples`` is at most :data:`MAX_SAMPLES`. With a fixed ``seed``
    and a node budget only, the result is deterministic.
    """
    check_limits(game, budget, seconds)
    _check_samples(samples)
    start = time.perf_counter()
    deadline = None if seconds is None else start + seconds
    worlds = _worlds(game, samples, seed, memory)
    result = FairResult(samples)
    credit: Counter[Move] = Counter()
    seen: dict[bytes, Solution] = {}
    for k in range(samples):
        if deadline is not None and k and time.perf_counter() >= deadline:
            result.unknown += samples - k  # not sampled in time
            break
        world = next(worlds)
        result.worlds.append(world)
        key = world.position_key()
        solution = seen.get(key)
        if solution is None:
            left = None
            if deadline is not None:
                left = max(0.0, (deadline - time.perf_counter()) / (samples - k))
            solution = solve(world, budget=budget, seconds=left)
            seen[key] = solution
            result.nodes += solution.nodes
        result.solutions.append(solution)
        if solution.verdict == "won":
            result.won += 1
            if solution.moves:
                credit[solution.moves[0]] += 1
        elif solution.verdict == "unwinnable":
            result.unwinnable += 1
        else:
            result.unknown += 1
    order = {m: i for i, m in enumerate(game.legal_moves())}
    ranked = sorted(credit, key=lambda m: (-credit[m], order.get(m, len(order))))
    result.wins = {m: credit[m] for m in ranked}
    result.seconds = time.perf_counter() - start
    return result


# ---------------------------------------------------------------- verdicts


CanWin = Literal["winnable", "unwinnable", "unknown"]
"""The answer to "can this game still be won?"."""


def can_win(
    game: Game, *, budget: int | None = WINNABLE_BUDGET, seconds: float | None = 0.5
) -> CanWin:
    """Can the game still be won? ``"winnable"`` (a winning line exists, or the game is
    won), ``"unwinnable"`` (proved) or ``"unknown"`` (not decided within the limits)."""
    check_limits(game, budget, seconds)
    status = game.status
    if status in ("won", "lost"):
        return "winnable" if status == "won" else "unwinnable"
    verdict = _solve(game, budget, seconds).verdict
    return "winnable" if verdict == "won" else verdict


class PostMortem(NamedTuple):
    """Where a game was lost: ``move`` (``history[move_index]``) turned it from winnable
    to lost.

    ``move_index`` and ``move`` are ``None`` when that move is not pinned down: the game can
    still be won, it never could, or the solver left a range undecided
    (``last_winnable`` and ``first_lost``: positions by number of moves played, ``None``
    where unknown).
    """

    move_index: int | None
    move: Move | None
    message: str
    last_winnable: int | None = None
    first_lost: int | None = None


def post_mortem(
    game: Game,
    *,
    budget_per_position: int | None = POST_MORTEM_BUDGET,
    seconds: float | None = 5.0,
) -> PostMortem:
    """Replay the game's history and find the move after which no line wins.

    Winnability can only be lost along a line, never regained, so the positions after
    0, 1, … n moves are winnable up to some point and lost after it: a binary search finds
    the move, solving each probed position within ``budget_per_position`` nodes (and the
    time left of ``seconds``). A winning line found from one position also settles the
    positions the history reaches by following it. Undecided positions are reported
    honestly, as a range.
    """
    check_limits(game, budget_per_position, seconds)
    deadline = None if seconds is None else time.perf_counter() + seconds
    history = game.history
    n = len(history)
    # One game walks the history back and forth (the binary search moves it about 2n
    # moves in all): the copy and every step count against ``seconds``.
    walker = game.copy()
    at = n
    verdicts: dict[int, Verdict] = {}
    lo, hi = -1, n + 1  # positions <= lo are winnable, >= hi lost (n + 1: not known)

    def position(i: int) -> Game | None:
        """The game after ``i`` moves of the history, or ``None`` once time is up."""
        nonlocal at
        steps = 0
        while at != i:
            steps += 1
            if not steps & 1023 and not time_left():
                return None
            if at > i:  # back one turn (an autoplay turn is several moves)
                at -= len(walker.pop_turn())
            else:  # the history's moves are legal: played without checking them again
                walker.push_unchecked(history[at])
                at += 1
        return walker

    def probe(i: int, probes_left: int) -> None:
        """Decide position ``i`` with its share of the time left (``probes_left`` to come)."""
        nonlocal lo, hi
        g = position(i)
        if g is None:
            return
        status = g.status
        if status == "won":
            verdicts[i] = "won"
            lo = max(lo, i)
            return
        left = None
        if deadline is not None:
            left = max(0.0, deadline - time.perf_counter()) / max(1, probes_left)
        solution = _solve(g, budget_per_position, left)
        verdicts[i] = solution.verdict
        if solution.verdict == "won":
            # The history may follow the winning line for a while: those positions win too.
            same = 0
            for played, planned in zip(history[i:], solution.moves, strict=False):
                if played != planned:
                    break
                same += 1
            lo = max(lo, i + same)
        elif solution.verdict == "unwinnable":
            hi = min(hi, i)

    def time_left() -> bool:
        return deadline is None or time.perf_counter() < deadline

    if game.status == "won":
        return PostMortem(None, None, WON_TEXT, n, None)
    probe(n, (n + 1).bit_length() + 1)
    if lo < n and time_left():
        probe(0, (n + 1).bit_length())
    while hi - lo > 1 and time_left():
        top = min(hi, n + 1)
        untested = [i for i in range(lo + 1, top) if i not in verdicts]
        if not untested:
            break
        middle = (lo + top) / 2
        probe(min(untested, key=lambda i: (abs(i - middle), i)), (top - lo).bit_length())
    return _post_mortem_text(history, lo, hi)


def _post_mortem_text(history: Sequence[Move], lo: int, hi: int) -> PostMortem:
    n = len(history)
    last = lo if lo >= 0 else None
    first = hi if hi <= n else None
    if lo >= n:
        return PostMortem(None, None, message("The game can still be won from here."), n, None)
    if hi == 0:
        return PostMortem(
            None, None, message("No line wins this game, even from its first position."), None, 0
        )
    if first is not None and last is not None and first == last + 1:
        move = history[last]
        return PostMortem(
            last,
            move,
            message(
                "The game was still winnable before move {number} ({move}); after it no line wins.",
                number=last + 1,
                move=str(move),
            ),
            last,
            first,
        )
    if first is None and last is None:
        text = message(
            "Within its budget the solver could not decide whether this game was ever winnable."
        )
    elif first is None and last:
        text = message(
            "The game was still winnable after move {number}; the solver could not decide the "
            "later positions within its budget.",
            number=last,
        )
    elif first is None:
        text = message(
            "The deal was winnable; the solver could not decide the later positions within its "
            "budget."
        )
    elif last is None:
        text = message(
            "No line wins after move {number}; the solver could not decide the earlier "
            "positions within its budget.",
            number=first,
        )
    else:
        text = message(
            "The game was still winnable before move {number} and lost after move {after}; the "
            "solver could not decide the positions in between within its budget.",
            number=last + 1,
            after=first,
        )
    return PostMortem(None, None, text, last, first)


# ---------------------------------------------------------------- hints


def solver_hint(
    game: Game,
    *,
    budget: int | None = HINT_BUDGET,
    seconds: float | None = 1.0,
    fair: bool = False,
    samples: int = 8,
    seed: int = 0,
) -> Hint:
    """The first move of a winning line, and why it helps.

    The solver's verdict decides the answer: a win gives its first move and a sentence
    derived from what the move achieves along the line ("Move 6♣ onto 7♦: it frees 5♥
    for foundation f3."); when time is left and every other first move is proved to lose,
    the sentence begins "Only one move still wins:". A proved loss gives
    ``Hint(None, "No line wins from here: …")``; an undecided search falls back to the
    classic hint, saying so. With ``fair=True`` the move is the one that wins in the most
    worlds of :func:`solve_fair` (the hidden cards are not looked at).
    """
    return advise(game, budget=budget, seconds=seconds, fair=fair, samples=samples, seed=seed)[0]


def advise(
    game: Game,
    *,
    budget: int | None = HINT_BUDGET,
    seconds: float | None = 1.0,
    fair: bool = False,
    samples: int = 8,
    seed: int = 0,
) -> tuple[Hint, str]:
    """:func:`solver_hint` and where it comes from: ``"solver"``, ``"fair"`` or ``"classic"``."""
    check_limits(game, budget, seconds)
    if fair:
        _check_samples(samples)
    start = time.perf_counter()
    status = game.status
    if status == "won":
        return Hint(None, WON_TEXT), "solver"
    if status == "lost":
        return Hint(None, LOST_TEXT), "solver"
    if fair:
        return _fair_hint(game, seconds, budget, samples, seed)
    solution = _solve(game, budget, seconds)
    if solution.verdict == "unwinnable":
        return Hint(None, LOST_TEXT), "solver"
    if solution.verdict != "won" or not solution.moves:
        return _fallback(game, seconds), "classic"
    line = solution.moves
    text = explain_line(game, line)
    # "Only one move still wins": a cheap check, with a quarter of the budget at most.
    left = None if seconds is None else min(seconds / 4, seconds - (time.perf_counter() - start))
    quarter = None if budget is None else budget // 4
    if _only_move(game, line[0], left, quarter):
        text = message("Only one move still wins: {hint:lower}", hint=text)
    return Hint(line[0], text), "solver"


def hint(
    game: Game,
    mode: str = "solver",
    *,
    budget: int | None = HINT_BUDGET,
    seconds: float | None = 1.0,
) -> Hint:
    """A hint of the kind ``mode`` names: ``"classic"`` (Aisleriot's, :meth:`Game.hint`),
    ``"solver"`` (:func:`solver_hint`, which sees every card) or ``"fair"`` (the same from
    worlds that fit what the player has seen)."""
    if mode == "classic":
        return game.hint()
    if mode not in ("solver", "fair"):
        raise ValueError(f"unknown hint mode {quote(mode)}: use 'classic', 'solver' or 'fair'")
    return solver_hint(game, budget=budget, seconds=seconds, fair=mode == "fair")


def _fallback(game: Game, seconds: float | None) -> Hint:
    classic = game.hint()
    if seconds is None:
        return Hint(
            classic.move,
            message(
                "{hint} (Classic hint: the solver found no winning line within its budget.)",
                hint=classic.message,
            ),
        )
    return Hint(
        classic.move,
        message(
            "{hint} (Classic hint: the solver found no winning line within {seconds} s.)",
            hint=classic.message,
            seconds=f"{seconds:g}",
        ),
    )


def _fair_hint(
    game: Game, seconds: float | None, budget: int | None, samples: int, seed: int
) -> tuple[Hint, str]:
    per_world = None if budget is None else max(1000, budget // max(1, samples))
    result = solve_fair(game, samples=samples, budget=per_world, seconds=seconds, seed=seed)
    best = result.best
    if best is None:
        classic = game.hint()
        return Hint(
            classic.move,
            message(
                "{hint} (Classic hint: no winning line was found in any of {samples} worlds that "
                "fit what you have seen.)",
                hint=classic.message,
                samples=samples,
            ),
        ), "classic"
    # Explain with the line of a world that begins with the best move: a world's hidden
    # cards are made up, but the explanation names only cards the player sees.
    world_line = next(s.moves for s in result.solutions if s.moves and s.moves[0] == best)
    world = next(
        w for w, s in zip(result.worlds, result.solutions, strict=True) if s.moves == world_line
    )
    text = _explanation(game, world_line, world=world, horizon=FAIR_HORIZON)
    said = {"hint": text, "wins": result.wins[best], "samples": samples}
    if result.unknown:
        return Hint(
            best,
            message(
                "{hint} (a win in {wins} of {samples} deals that fit what you can see; "
                "{unknown} undecided).",
                unknown=result.unknown,
                **said,
            ),
        ), "fair"
    return Hint(
        best,
        message("{hint} (a win in {wins} of {samples} deals that fit what you can see).", **said),
    ), "fair"


def _only_move(game: Game, move: Move, seconds: float | None, budget: int | None) -> bool:
    """Whether every other legal first move is proved to lose, within what is left."""
    if seconds is not None and seconds <= 0.05:
        return False
    others = [m for m in game.legal_moves() if m != move]
    if not others:
        return False
    deadline = None if seconds is None else time.perf_counter() + seconds
    each = None if budget is None else max(500, budget // len(others))
    for k, other in enumerate(others):
        left = None
        if deadline is not None:
            left = (deadline - time.perf_counter()) / (len(others) - k)
            if left <= 0:
                return False
        g = game.copy()
        g.push_unchecked(other)  # a legal move; a game at MAX_TURNS is still searched
        if g.status == "won" or _solve(g, each, left).verdict != "unwinnable":
            return False
    return True


# ---------------------------------------------------------------- why a move helps


EXPLAIN_HORIZON = 80
"""Moves of the winning line that :func:`explain_line` follows to find what a move is for."""
FAIR_HORIZON = 4
"""The same for a fair hint (the Coach's): the next few moves, and no deal or unseen card."""


def explain_line(
    game: Game,
    line: Sequence[Move],
    *,
    world: Game | None = None,
    horizon: int = EXPLAIN_HORIZON,
) -> str:
    """A sentence for ``line[0]``, from what it achieves along ``line`` (a winning line).

    Only cards visible in ``game`` now are named: a card that is face down or in the stock
    is never mentioned, even where the line shows it. ``world``: the position the line
    was found in, if not ``game`` (a sampled world of :func:`sample_worlds`).
    ``horizon``: the moves of the line followed; a short one (:data:`FAIR_HORIZON`) also
    stops at the first deal or card the player cannot see, so that the reason is true in
    the next few moves of the player's own game, whatever the hidden cards.
    """
    return message("{sentence}.", sentence=_explanation(game, line, world=world, horizon=horizon))


def _explanation(
    game: Game,
    line: Sequence[Move],
    *,
    world: Game | None = None,
    horizon: int = EXPLAIN_HORIZON,
) -> str:
    """:func:`explain_line`'s sentence without its full stop."""
    if not isinstance(horizon, int) or isinstance(horizon, bool) or not 1 <= horizon <= 1000:
        raise ValueError(f"horizon is a whole number of moves from 1 to 1000, not {horizon!r}")
    if not line:
        raise ValueError("explain_line needs a line of at least one move")
    move = line[0]
    table = game.to_table()
    visible = _visible_values(game)
    if game.status == "choosing-base":
        card = table.piles[table.index(move.source)][-1]
        return plural_message(
            "Choose {card} as the base: with {rank:titles} as the base rank a winning line "
            "exists ({n} move)",
            "Choose {card} as the base: with {rank:titles} as the base rank a winning line "
            "exists ({n} moves)",
            len(line),
            card=glyph(card),
            rank=Rank(rank_of(card)),
        )
    if move == DEAL:
        return _explain_deal(game, line)
    what, where = _action(game, move)
    if game.stock_locked and move.source == "waste":
        return message(
            "Play the waste card {what} {where}: the stock is locked until it goes",
            what=what,
            where=where,
        )
    return message(
        "Move {what} {where}: {reason}",
        what=what,
        where=where,
        reason=_reason(world or game, line, visible, horizon),
    )


def _visible_values(game: Game) -> set[int]:
    table = game.to_table()
    values = set()
    for i, pile in enumerate(table.piles):
        if i != STOCK:
            values.update(pile[table.down[i] :])
    return values


def _action(game: Game, move: Move) -> tuple[str, str]:
    """The move in words: ("6♣", "onto 7♦"), ("K♠ from the waste", "to the empty pile t4")."""
    table = game.to_table()
    s, t = table.index(move.source), table.index(move.target)
    card = table.piles[s][-move.size]
    what = glyph(card)
    if move.size > 1:
        what = plural_message(
            "{card} with the card on it", "{card} with the {n} cards on it", move.size - 1,
            card=what,
        )  # fmt: skip
    onto = table.piles[t]
    target = PileRef(move.target)
    if t in table.foundations and onto:
        where = message("onto foundation {pile}", pile=target)
    elif t in table.foundations:
        where = message("to the empty foundation {pile}", pile=target)
    elif onto:
        where = message("onto {card}", card=glyph(onto[-1]))
    else:
        where = message("to the empty pile {pile}", pile=target)
    if s in table.foundations:
        what = message("{what} back down from foundation {pile}", what=what,
                       pile=PileRef(move.source))  # fmt: skip
    elif s == WASTE and not game.stock_locked:
        what = message("{what} from the waste", what=what)
    elif s == table.reserve:
        what = message("{what} from the reserve", what=what)
    return what, where


def _explain_deal(game: Game, line: Sequence[Move]) -> str:
    deals = 0
    for m in line:
        if m != DEAL:
            break
        deals += 1
    if not game.stock_count:
        return message(
            "Deal: the winning line turns the waste over for another pass through the stock"
        )
    if not [m for m in game.legal_moves() if m != DEAL]:
        return message("Deal: it is the only move")
    if deals >= len(line):
        return message("Deal: the rest of the winning line is in the stock")
    if deals > 1:
        return message(
            "Deal: the winning line goes on with the stock, {n} deals before its next move",
            n=deals,
        )
    return message("Deal: the winning line goes on with the stock")


def _reason(
    game: Game, line: Sequence[Move], visible: set[int], horizon: int = EXPLAIN_HORIZON
) -> str:
    """Why ``line[0]`` helps, from the first ``EXPLAIN_HORIZON`` moves of the line.

    ``game`` is the position the line was found in (maybe a sampled world); only cards in
    ``visible`` (what the player sees in the real game) are named.

    In this order of preference: it turns over a Klondike face-down card; the card it
    uncovers goes to a foundation later in the line, or onto a tableau pile; the space it
    makes is filled later; a card goes onto the moved card later (where it could not go
    before: the card came from the waste, the reserve or a foundation, or went up to a
    foundation). Otherwise it begins the winning line. Only cards in ``visible`` are named.
    """
    table = game.to_table()
    move = line[0]
    s, t = table.index(move.source), table.index(move.target)
    before = table.piles[s][:]
    n = move.size
    card, top = before[-n], before[-1]
    rest = len(before) - n
    if s in table.tableau and rest and table.down[s] >= rest:
        return message(
            "it turns over the face-down card under it in pile {pile}", pile=PileRef(move.source)
        )
    sim = game.copy()
    sim.play(move)
    piles = sim.to_table().piles
    # Followed along the line by place (pile, index): the uncovered card, the moved group.
    uncovered = (s, rest - 1) if rest and s != STOCK and before[rest - 1] in visible else None
    moved: tuple[int, int] | None = (t, len(piles[t]) - n)
    if piles[t][-1] != top or not (s == WASTE or s == table.reserve or s in table.foundations
                                   or t in table.foundations):  # fmt: skip
        moved = None  # cards could go on it before: nothing to explain there
    space = s in table.tableau and not rest and not piles[s]
    found: dict[str, str] = {}
    strict = horizon <= FAIR_HORIZON
    for later in line[1:horizon]:
        tp = sim.to_table()
        if strict and (later == DEAL or _moves_unseen(tp, later, visible)):
            break  # what follows depends on cards the player cannot see
        if later == DEAL:
            if uncovered and uncovered[0] == WASTE and not tp.piles[STOCK]:
                uncovered = None  # the waste goes back to the stock
        else:
            ls, lt = tp.index(later.source), tp.index(later.target)
            src, dst = tp.piles[ls], tp.piles[lt]
            first = len(src) - later.size
            if uncovered and uncovered[0] == ls and uncovered[1] >= first:
                u = src[uncovered[1]]
                if lt in tp.foundations:
                    found.setdefault(
                        "up",
                        message(
                            "it frees {card} for foundation {pile}",
                            card=glyph(u),
                            pile=PileRef(later.target),
                        ),
                    )
                elif dst and dst[-1] in visible:
                    found.setdefault(
                        "build",
                        message(
                            "it frees {card} to go onto {onto}", card=glyph(u), onto=glyph(dst[-1])
                        ),
                    )
                elif not dst:
                    found.setdefault(
                        "build",
                        message(
                            "it frees {card} to fill pile {pile}",
                            card=glyph(u),
                            pile=PileRef(later.target),
                        ),
                    )
                else:
                    found.setdefault("build", message("it frees {card} for a later move",
                                                      card=glyph(u)))  # fmt: skip
                uncovered = None
            if space and lt == s and not dst:
                filler = src[first]
                found.setdefault(
                    "space",
                    message(
                        "it empties pile {pile} for {card}",
                        pile=PileRef(move.source),
                        card=glyph(filler),
                    )
                    if filler in visible
                    else message(
                        "it empties pile {pile}, which the winning line fills later",
                        pile=PileRef(move.source),
                    ),
                )
                space = False
            if moved and lt == moved[0] and len(dst) == moved[1] + n:
                onto = src[first]
                if onto in visible:
                    found.setdefault(
                        "onto",
                        message(
                            "then {card} can follow it on foundation {pile}",
                            card=glyph(onto),
                            pile=PileRef(move.target),
                        )
                        if t in table.foundations
                        else message("then {card} can go on it", card=glyph(onto)),
                    )
                moved = None
            if moved and ls == moved[0] and moved[1] >= first:
                moved = None  # the moved cards move on
        try:
            sim.play(later)
        except ValueError:
            break  # not a line of this position: explain what was seen so far
        piles = sim.to_table().piles
        if uncovered and (
            len(piles[uncovered[0]]) <= uncovered[1]
            or piles[uncovered[0]][uncovered[1]] != before[uncovered[1]]
        ):
            uncovered = None  # carried off by an automatic fill: stop following it
        if moved and (len(piles[moved[0]]) < moved[1] + n or piles[moved[0]][moved[1]] != card):
            moved = None
        if "up" in found or not (uncovered or space or moved):
            break
    for kind in ("up", "build", "space", "onto"):
        if kind in found:
            return found[kind]
    if s in table.tableau and not rest:
        return message("it empties pile {pile}", pile=PileRef(move.source))
    return plural_message(
        "it begins a winning line of {n} move", "it begins a winning line of {n} moves", len(line)
    )


def _moves_unseen(table: Table, move: Move, visible: set[int]) -> bool:
    """Whether ``move`` moves a card the player cannot see now (in the real game)."""
    pile = table.piles[table.index(move.source)]
    return any(card not in visible for card in pile[len(pile) - move.size :])


def hint_cards(move: Move | None) -> list[str]:
    """The piles a hint lights up."""
    if move is None:
        return []
    return ["stock"] if move == DEAL else [move.source, move.target]


__all__ = [
    "FairResult",
    "PostMortem",
    "advise",
    "can_win",
    "explain_line",
    "forget",
    "hint",
    "post_mortem",
    "sample_worlds",
    "solve_fair",
    "solver_hint",
    "unseen_cards",
]

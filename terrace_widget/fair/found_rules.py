"""Rules found in the data: strategy for the Terrace games that no help page gives, as
tip-like objects the rule player can switch on (``RulePlayer(FOUND_SET)``).

The found set (:data:`FOUND_SET`), two rules a person applies from what they see:

1. ``reserve-base``: choose the base under which the reserve's top five cards go up
   soonest. For each of those cards take the highest place above the base among it and
   the cards on it (what foundation height it waits for), and add them up; choose the
   candidate with the smallest sum (:func:`reserve_base`).
2. ``guard-reserve``: keep a foundation for a reserve card that lies on a card it needs
   first (6♣ on 5♦ when the foundations build 5♦ then 6♣): only a foundation already past
   that card can take it, so while those are few, no other card of its rank and colour
   goes onto them before a deal (:class:`GuardStuck`).

Each rule reads only ``Game.observation()`` and changes the rule player's order of moves
(:meth:`FoundRule.prefer`), like the help's tips of :mod:`terrace_widget.fair.tips`; the
other rules here are the candidates the search tried and rejected, and the versions of
the reversed-sequence tip (:data:`REVERSED_VARIANTS`). They were searched for and measured
by :mod:`terrace_widget.studies.strategy_search` (``python -m benchmarks strategy-search``).

Why these: every Terrace tableau pile is one run building down, and a run comes off to
the foundations in the order it lies, so the tableau never blocks; the reserve and the
waste do, because only their top cards move. Most games the help's player loses end with
eight or more cards still in the reserve.

>>> from terrace_widget import Game
>>> obs = Game("terrace", seed=6).observation()
>>> reserve_base(obs).card, FOUND_SET
('JH', ('reserve-base', 'guard-reserve'))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..game.game import Observation
from ..rules.variants import Rules
from . import strategy
from .strategy import BaseReading, card_facts
from .tips import FILL, BaseTip, Ranked, _top_card

__all__ = [
    "FOUND_RULES",
    "FOUND_RULE_NAMES",
    "FOUND_SET",
    "REVERSED_VARIANTS",
    "FoundRule",
    "ReversedVariant",
    "found_rule_named",
    "release_levels",
    "reserve_base",
]

TOP_CARDS = 5
"""How many of the reserve's top cards the base rule reads."""


def _split(move: str) -> tuple[str, str]:
    source, _, rest = move.partition("-")
    return source, rest.partition("x")[0]


def _relative(obs: Observation, card: str, base: int | None = None) -> int:
    base = obs["base_rank"] if base is None else base
    return (card_facts(card)[0] - (base or 1)) % 13


def _foundations(obs: Observation) -> list[str]:
    return [n for n in obs["pile_order"] if n[0] == "f"]


def _tableau(obs: Observation) -> list[str]:
    return [n for n in obs["pile_order"] if n[0] == "t"]


def _goes_up(obs: Observation, card: str) -> bool:
    """Whether some foundation takes the visible ``card`` now."""
    return any(strategy.foundation_takes(obs, f, card) for f in _foundations(obs))


def _lands(obs: Observation, card: str, exclude: str = "") -> bool:
    """Whether ``card`` could go onto a tableau pile's top card (not into a space)."""
    base = obs["base_rank"]
    rank, red, _ = card_facts(card)
    for t in _tableau(obs):
        pile = obs["piles"][t]
        if t == exclude or not pile:
            continue
        top_rank, top_red, _ = card_facts(pile[-1])
        if top_red != red and top_rank != base and (top_rank - rank) % 13 == 1:
            return True
    return False


# ---------------------------------------------------------------- the base
def release_levels(reserve: list[str], base: int) -> list[int]:
    """For each reserve card from the top down: the highest place above the base (0 for
    the base rank … 12) among it and the cards on it, the foundation height it waits
    for before it can go up."""
    levels, highest = [], 0
    for card in reversed(reserve):
        highest = max(highest, (card_facts(card)[0] - base) % 13)
        levels.append(highest)
    return levels


def reserve_base(obs: Observation, top: int = TOP_CARDS) -> BaseReading | None:
    """The candidate base under which the reserve's ``top`` cards wait least: the
    smallest sum of their :func:`release_levels` (ties: the leftmost pile). ``None``
    when there is no base to choose."""
    readings = strategy.base_readings(obs)
    if not readings:
        return None
    reserve = obs["piles"].get("reserve", [])

    def wait(r: BaseReading) -> tuple[int, int]:
        return sum(release_levels(reserve, r.rank)[:top]), int(r.piles[0][1:])

    return min(readings, key=wait)


# ---------------------------------------------------------------- the rule objects
class FoundRule(BaseTip):
    """A rule found in the data: one sentence (``says``), the games it applies to, and how
    it changes the rule player's order (``prefer``)."""

    area: str = ""
    """Which decision it is about: base, spaces, deal, foundations, reversed runs."""
    stage = 2
    """After the help's tips (``deal-on`` is 0, the others 1)."""

    def applies_to(self, rules: Rules) -> bool:
        return rules.has_base_rank and rules.hint_style == "terrace"


class ReserveBase(FoundRule):
    """Choose the base under which the reserve's top five cards go up soonest."""

    name = "reserve-base"
    says = "choose the base under which the reserve's top five cards go up soonest"
    area = "base"

    def __init__(self, top: int = TOP_CARDS, name: str = "") -> None:
        self.top = top
        if name:
            self.name = name
            self.says = f"choose the base under which the reserve's top {top} cards go up soonest"

    def applies_to(self, rules: Rules) -> bool:
        return rules.base == "choose"

    def follows(self, move: str, obs: Observation) -> bool:
        best = reserve_base(obs, self.top)
        return best is None or move == best.move or not move.startswith("t")

    def against(self, move: str, obs: Observation) -> str:
        best = reserve_base(obs, self.top)
        card = _top_card(obs, move)
        if best is None or not card:
            return super().against(move, obs)
        return (
            f"under {strategy.show(card)}'s rank the reserve's top {self.top} cards wait longer "
            f"than under {strategy.show(best.card)}'s"
        )

    def prefer(self, obs: Observation, ranked: list[Ranked]) -> list[Ranked]:
        if obs["status"] != "choosing-base":
            return ranked
        best = reserve_base(obs, self.top)
        assert best is not None and best.move is not None
        return [(0.0, 0, best.move)]


class NoPileStartWait(FoundRule):
    """Fill a space with any waste card before dealing (undoes the help's pile-start
    tip, which keeps a space open for the rank below the base)."""

    name = "no-pile-start"
    says = "fill a space with the waste card before you deal, whatever its rank"
    area = "spaces"
    stage = 3

    def applies_to(self, rules: Rules) -> bool:
        return super().applies_to(rules) and not rules.auto_fill

    def prefer(self, obs: Observation, ranked: list[Ranked]) -> list[Ranked]:
        out = []
        for rank, i, move in ranked:
            source, target = _split(move)
            if source == "waste" and target[:1] == "t" and not obs["piles"][target]:
                rank = min(rank, FILL)
            out.append((rank, i, move))
        return out


class MakeSpace(FoundRule):
    """Move a lone tableau card onto another pile to open a space, before anything but
    foundation moves."""

    name = "make-space"
    says = "move a lone tableau card onto another pile to open a space"
    area = "spaces"

    def prefer(self, obs: Observation, ranked: list[Ranked]) -> list[Ranked]:
        piles = obs["piles"]
        present = {move for _, _, move in ranked}
        out = list(ranked)
        for i, move in enumerate(obs["legal_moves"]):
            source, target = _split(move)
            if source[:1] == "t" and target[:1] == "t" and len(piles[source]) == 1:
                if move in present:
                    out = [(min(r, 3.8) if m == move else r, j, m) for r, j, m in out]
                else:
                    out.append((3.8, 300 + i, move))
        return out


class FillHigh(FoundRule):
    """Fill a space only with a high card (eight or more places above the base), which
    carries a long run; deal on past a low one."""

    name = "fill-high"
    says = "fill a space with a card at least eight places above the base; deal past lower ones"
    area = "spaces"
    stage = 3

    def __init__(self, least: int = 8, name: str = "") -> None:
        self.least = least
        if name:
            self.name = name
            self.says = (
                f"fill a space with a card at least {least} places above the base; "
                "deal past lower ones"
            )

    def prefer(self, obs: Observation, ranked: list[Ranked]) -> list[Ranked]:
        piles = obs["piles"]
        out = []
        for rank, i, move in ranked:
            source, target = _split(move)
            if source == "waste" and target[:1] == "t" and not piles[target]:
                high = _relative(obs, piles["waste"][-1]) >= self.least
                if high:
                    rank = min(rank, 3.95)
                elif not obs["stock_locked"]:
                    rank = 6.5  # after a deal
            out.append((rank, i, move))
        return out


class FillFirst(FoundRule):
    """Put the waste card into a space even when it could go onto a tableau pile."""

    name = "fill-first"
    says = "put the waste card into a space before onto a pile"
    area = "spaces"
    stage = 3

    def prefer(self, obs: Observation, ranked: list[Ranked]) -> list[Ranked]:
        piles = obs["piles"]
        out = []
        for rank, i, move in ranked:
            source, target = _split(move)
            if source == "waste" and target[:1] == "t" and not piles[target]:
                rank = min(rank, 3.95)
            out.append((rank, i, move))
        return out


class KeepLandings(FoundRule):
    """Keep a tableau card that the waste's top card could land on: it goes up only after
    a deal, unless that lets a reserve or waste card go up."""

    name = "keep-landings"
    says = "don't send up a tableau card the waste card could go onto"
    area = "foundations"

    def prefer(self, obs: Observation, ranked: list[Ranked]) -> list[Ranked]:
        piles = obs["piles"]
        waste = piles.get("waste", [])
        if not waste:
            return ranked
        out = []
        for rank, i, move in ranked:
            source, target = _split(move)
            if source[:1] == "t" and target[:1] == "f" and piles[source]:
                card = piles[source][-1]
                top_rank, top_red, _ = card_facts(card)
                w_rank, w_red, _ = card_facts(waste[-1])
                lands = top_red != w_red and (top_rank - w_rank) % 13 == 1
                if lands and not _lands(obs, waste[-1], exclude=source):
                    rank = 6.5
            out.append((rank, i, move))
        return out


def same_chain(obs: Observation, a: str, b: str) -> bool:
    """Whether visible cards ``a`` and ``b`` go up on the same foundations (one chain of
    cards: the same suit where foundations build in suit, else the colours alternating
    with the places above the base)."""
    _, red_a, suit_a = card_facts(a)
    _, red_b, suit_b = card_facts(b)
    if obs["foundation_build"] == "same-suit":
        return suit_a == suit_b
    return (red_a ^ (_relative(obs, a) % 2)) == (red_b ^ (_relative(obs, b) % 2))


def stuck_cards(obs: Observation, pile: str) -> list[tuple[str, int]]:
    """The cards of ``pile`` (the reserve or the waste) lying on a card they need first:
    a card of their chain lower above the base. Each with the highest such place below
    it: only a foundation already past that place can take the card."""
    cards = obs["piles"].get(pile, [])
    same_suit = obs["foundation_build"] == "same-suit"
    seen: list[tuple[int, int]] = []  # (chain, place) of the cards below
    stuck = []
    for card in cards:
        place = _relative(obs, card)
        _, red, suit = card_facts(card)
        chain = suit if same_suit else red ^ (place % 2)
        below = [p for c, p in seen if c == chain and p < place]
        if below:
            stuck.append((card, max(below)))
        seen.append((chain, place))
    return stuck


class GuardStuck(FoundRule):
    """Keep a foundation for a reserve card that lies on a card it needs first: while few
    foundations past that card can take it, no other card of its rank and colour goes
    onto them before a deal."""

    area = "foundations"

    def __init__(self, name: str, piles: tuple[str, ...]) -> None:
        self.name = name
        self.piles = piles
        where = " and the ".join(piles)
        self.says = (
            f"keep a foundation for a card of the {where} that lies on a card it needs first"
        )

    def follows(self, move: str, obs: Observation) -> bool:
        source, target = _split(move)
        piles = obs["piles"]
        if not obs["base_rank"] or target[:1] != "f" or source in self.piles:
            return True
        if not piles.get(source):
            return True
        stuck = [s for pile in self.piles for s in stuck_cards(obs, pile)]
        return not stuck or not self._takes_last(obs, piles[source][-1], target, stuck)

    def against(self, move: str, obs: Observation) -> str:
        card = strategy.show(obs["piles"][move.partition("-")[0]][-1])
        return f"{card} takes the last foundation a {' or '.join(self.piles)} card waits for"

    def prefer(self, obs: Observation, ranked: list[Ranked]) -> list[Ranked]:
        if not obs["base_rank"]:
            return ranked
        stuck = [s for pile in self.piles for s in stuck_cards(obs, pile)]
        if not stuck:
            return ranked
        piles = obs["piles"]
        out = []
        for rank, i, move in ranked:
            source, target = _split(move)
            if target[:1] == "f" and source not in self.piles and piles.get(source):
                card = piles[source][-1]
                if self._takes_last(obs, card, target, stuck):
                    rank = 7.0  # after a deal
            out.append((rank, i, move))
        return out

    @staticmethod
    def _takes_last(obs: Observation, card: str, target: str, stuck: list[tuple[str, int]]) -> bool:
        piles = obs["piles"]
        facts = card_facts(card)[:2]
        same = [(c, past) for c, past in stuck if card_facts(c)[:2] == facts]
        if not same or not same_chain(obs, card, same[0][0]):
            return False
        place = _relative(obs, card)
        for _, past in same:
            serving = [
                f
                for f in _foundations(obs)
                if piles[f]
                and same_chain(obs, piles[f][-1], card)
                and past <= _relative(obs, piles[f][-1]) <= place - 1
            ]
            if target in serving and len(serving) <= len(same):
                return True
        return False


Where = Literal["waste", "reserve", "both"]
Strictness = Literal["head-first", "defer", "never"]


@dataclass
class ReversedSpec:
    """One version of the reversed-sequence idea."""

    where: Where = "both"
    """Which piles' runs count."""
    on_top: bool = False
    """Only runs whose head is the pile's top card (else: anywhere in the pile)."""
    min_length: int = 2
    strictness: Strictness = "defer"
    """``head-first``: only send a run's head up first; ``defer``: also play a move that
    takes the last foundation a run needs only after a deal; ``never``: only when nothing
    else is left."""


class ReversedVariant(FoundRule):
    """A version of the help's reversed-sequence tip (see :class:`ReversedSpec`)."""

    area = "reversed runs"
    stage = 3

    def __init__(self, name: str, spec: ReversedSpec) -> None:
        self.name = name
        self.spec = spec
        where = {"both": "the waste and the reserve"}.get(spec.where, f"the {spec.where}")
        top = "on top of " if spec.on_top else "in "
        how = {
            "head-first": "send its head up first",
            "defer": "send its head up first, and take its last foundation only after a deal",
            "never": "send its head up first, and take its last foundation only as a last resort",
        }[spec.strictness]
        self.says = f"for a reversed run of {spec.min_length}+ cards {top}{where}: {how}"

    def applies_to(self, rules: Rules) -> bool:
        return rules.has_base_rank

    def runs(self, obs: Observation) -> list[strategy.Run]:
        spec = self.spec
        return [
            run
            for run in strategy.reversed_runs(obs, spec.min_length)
            if (spec.where == "both" or run.pile == spec.where)
            and (not spec.on_top or run.head_depth == 0)
        ]

    def follows(self, move: str, obs: Observation) -> bool:
        return strategy.spoils_run(obs, move, self.runs(obs)) is None

    def prefer(self, obs: Observation, ranked: list[Ranked]) -> list[Ranked]:
        runs = self.runs(obs)
        if not runs:
            return ranked
        heads = {run.cards[0] for run in runs if run.head_depth == 0}
        piles = obs["piles"]
        late = {"head-first": None, "defer": 7.0, "never": 9.0}[self.spec.strictness]
        out = []
        for rank, i, move in ranked:
            source, target = _split(move)
            if target[:1] == "f" and source != "stock":
                if piles[source][-1] in heads:
                    rank -= 1.0
                elif late is not None and strategy.spoils_run(obs, move, runs) is not None:
                    rank = late
            out.append((rank, i, move))
        return out


REVERSED_VARIANTS: tuple[ReversedVariant, ...] = (
    ReversedVariant("rev-help", ReversedSpec()),
    ReversedVariant("rev-head-first", ReversedSpec(strictness="head-first")),
    ReversedVariant("rev-never", ReversedSpec(strictness="never")),
    ReversedVariant("rev-waste", ReversedSpec(where="waste")),
    ReversedVariant("rev-reserve", ReversedSpec(where="reserve")),
    ReversedVariant("rev-on-top", ReversedSpec(on_top=True)),
    ReversedVariant("rev-long", ReversedSpec(min_length=3)),
)
"""The reversed-sequence study's versions; ``rev-help`` is the help's tip as the rule
player has always obeyed it."""


FOUND_RULES: tuple[FoundRule, ...] = (
    ReserveBase(),
    ReserveBase(2, name="reserve-base-2"),
    ReserveBase(3, name="reserve-base-3"),
    ReserveBase(4, name="reserve-base-4"),
    ReserveBase(7, name="reserve-base-7"),
    ReserveBase(11, name="reserve-base-11"),
    FillFirst(),
    MakeSpace(),
    FillHigh(),
    FillHigh(5, name="fill-high-5"),
    KeepLandings(),
    GuardStuck("guard-reserve", ("reserve",)),
    GuardStuck("guard-waste", ("waste",)),
    GuardStuck("guard-both", ("reserve", "waste")),
    *REVERSED_VARIANTS,
)
"""Every rule found or tried, each switchable on the rule player by name."""

FOUND_SET: tuple[str, ...] = ("reserve-base", "guard-reserve")
"""The found rule set: the rules the data kept (each one's effect clear after Holm's
correction on held-out deals), in the order a person applies them."""

FOUND_RULE_NAMES: dict[str, str] = {rule.name: rule.says for rule in FOUND_RULES}


def found_rule_named(name: str) -> FoundRule:
    """The found rule called ``name``; a ``ValueError`` for another name."""
    for rule in FOUND_RULES:
        if rule.name == name:
            return rule
    raise ValueError(f"unknown found rule {name!r}; the rules are: {', '.join(FOUND_RULE_NAMES)}")

"""The help's strategy tips as objects: one class per tip, registered in :data:`TIPS`.

A tip knows which games it applies to (read from the :class:`~terrace_widget.rules.variants.Rules`
row, never from a variant id), whether a move follows it (:meth:`Tip.follows`), the
sentence that says why a move goes against it (:meth:`Tip.note`), what it marks on the
table (:meth:`Tip.marks`), how it changes the rule player's order of moves
(:meth:`Tip.prefer`) and what it was measured to be worth (:meth:`Tip.effect`, from
``strategy-effects.json``). The rule player, the Coach and the tip study iterate over
:data:`TIPS`, so a new tip is one class here (and its test).

Everything reads only ``Game.observation()``; the positions' readings come from
:mod:`terrace_widget.fair.strategy`.

>>> from terrace_widget import Game
>>> tips_for("signora")
('reversed',)
>>> obs = Game("terrace", seed=6).observation()
>>> against_tips(obs, "t1-f1"), against_tips(obs, "t3-f1")
(['base'], [])
"""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any, Protocol

from ..game.game import Observation
from ..i18n import PileRef, Rank, message
from ..rules.variants import Rules, UnknownVariantError, get_rules
from . import strategy
from .messages import say
from .strategy import show

EFFECTS_FILE = Path(__file__).with_name("strategy-effects.json")
"""The tip study's summary, written by ``benchmarks/strategy.py --summary``."""

Ranked = tuple[float, int, str]
"""A move in the rule player's order: (rank, tie-break, move text); lowest first."""
Mark = dict[str, Any]
"""A mark of the Coach on the table: ``tip, tone, pile, indices, label, text``."""

FILL = 5.0
"""The rule player's rank of a waste card put into a space it need not fill."""
FORCED_FILL = 3.9
"""Its rank while the stock is locked and it believes a space must be filled to deal on."""


# ---------------------------------------------------------------- measured effects
@cache
def measured() -> dict[str, Any]:
    """The saved effects (``{}`` when there are none)."""
    try:
        data: dict[str, Any] = json.loads(EFFECTS_FILE.read_text(encoding="utf-8"))
        return data
    except (OSError, ValueError):
        return {}


def rules_of(spec: str) -> Rules:
    """The rules of a game spec: ``"klondike"`` or ``"klondike-three-card@redeals=2"``."""
    if not isinstance(spec, str):
        raise ValueError(f"a game spec is text such as 'klondike@redeals=0', not {spec!r}")
    variant, _, option = spec.partition("@")
    rules = get_rules(variant)
    if not option:
        return rules
    name, _, value = option.partition("=")
    if name != "redeals" or not (value.isdigit() or value == "unlimited"):
        raise ValueError(f"{spec!r}: the only option is @redeals=N (or @redeals=unlimited)")
    return replace(rules, redeals=None if value == "unlimited" else int(value))


def measured_spec(variant: str | Rules, specs: list[str]) -> str | None:
    """Which of the measured ``specs`` holds the figures of ``variant``: its own id, else
    the first spec whose rules are the same (so a renamed copy of a game reads the
    figures of the game)."""
    if isinstance(variant, str) and variant in specs:
        return variant
    try:
        rules = get_rules(variant)
    except UnknownVariantError:
        return None
    if rules.id in specs:
        return rules.id
    for spec in specs:
        try:
            theirs = rules_of(spec)
        except ValueError:
            continue
        if replace(theirs, id=rules.id, name=rules.name) == rules:
            return spec
    return None


def _rows(section: str, variant: str | Rules) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = measured().get(section, [])
    spec = measured_spec(variant, list(dict.fromkeys(str(r.get("spec")) for r in rows)))
    return [r for r in rows if r.get("spec") == spec] if spec is not None else []


def effect_of(variant: str | Rules, tip: str) -> dict[str, Any] | None:
    """The measured effect of ``tip`` in ``variant`` (a row of the saved summary)."""
    for row in _rows("effects", variant):
        if row["tip"] == tip:
            return dict(row)
    return None


def _points(x: float) -> str:
    return f"{100 * x:+.1f}"


def effect_words(variant: str | Rules, tip: str) -> str:
    """What the tip was measured to be worth to the test player, in words (``''`` when it
    was not measured): ``'following this tip won 2.6 points more deals for our test player
    (95% +1.5 to +3.7, 2000 deals)'``."""
    row = effect_of(variant, tip)
    if row is None:
        return ""
    d = 100 * row["difference"]
    span = {"low": _points(row["low"]), "high": _points(row["high"]), "deals": row["deals"]}
    if row["low"] > 0:
        return message(
            "following this tip won {d} points more deals for our test player "
            "(95% {low} to {high}, {deals} deals)",
            d=f"{d:.1f}",
            **span,
        )
    if row["high"] < 0:
        return message(
            "yet following this tip won {d} points fewer deals for our test player "
            "(95% {low} to {high}, {deals} deals)",
            d=f"{-d:.1f}",
            **span,
        )
    return message(
        "following this tip made no clear difference for our test player "
        "({d}, 95% {low} to {high}, {deals} deals)",
        d=f"{d:+.1f}",
        **span,
    )


def support(variant: str | Rules, tip: str) -> str | None:
    """What the data says of a tip in a game: ``'supported'`` (its 95% interval above 0),
    ``'negative'`` (below 0), ``'unclear'`` (containing 0), ``None`` (not measured)."""
    row = effect_of(variant, tip)
    if row is None:
        return None
    if row["low"] > 0:
        return "supported"
    return "negative" if row["high"] < 0 else "unclear"


def _reserve_class(in_reserve: int) -> str:
    return "2+" if in_reserve >= 2 else str(in_reserve)


def base_rate(variant: str | Rules, in_reserve: int) -> dict[str, Any] | None:
    """How often the test player won with a base of this class (cards of its rank in the
    reserve: 0, 1, 2+)."""
    cls = _reserve_class(in_reserve)
    for row in _rows("bases", variant):
        if row["in_reserve"] == cls:
            return dict(row)
    return None


def solver_rate(variant: str | Rules, in_reserve: int) -> dict[str, Any] | None:
    """The same for the all-seeing solver (the saved ``solver_bases`` rows)."""
    for row in _rows("solver_bases", variant):
        found = row["classes"].get(_reserve_class(in_reserve))
        return None if found is None else dict(found)
    return None


# ---------------------------------------------------------------- the protocol
class Tip(Protocol):
    """One of the help's tips."""

    name: str
    """Its short name: ``'deal-on'``."""
    says: str
    """What it says: ``'deal on while the stock is locked'``."""
    stage: int
    """When the rule player applies it (lowest first; ties in the order of :data:`TIPS`)."""

    def applies_to(self, rules: Rules) -> bool:
        """Whether the tip applies to a game (read from its rules)."""
        ...

    def follows(self, move: str, obs: Observation) -> bool:
        """Whether ``move``, played in ``obs``, follows the tip (``False``: it goes against it)."""
        ...

    def credits(self, move: str, obs: Observation) -> bool:
        """Whether ``move`` does what the tip asks (the Coach praises it): a predicate on
        what the move does, so every move that follows the tip is credited."""
        ...

    def note(self, move: str, obs: Observation) -> str:
        """The Coach's sentence on a move that goes against the tip."""
        ...

    def marks(self, obs: Observation) -> list[Mark]:
        """What the Coach marks on the table for this tip."""
        ...

    def prefer(self, obs: Observation, ranked: list[Ranked]) -> list[Ranked]:
        """The rule player's moves (rank, tie-break, move) with this tip switched on."""
        ...

    def effect(self, variant: str | Rules) -> dict[str, Any] | None:
        """What following the tip was measured to be worth in a game, if measured."""
        ...


def _mark(tip: str, tone: str, pile: str, indices: list[int], label: str, text: str) -> Mark:
    return {"tip": tip, "tone": tone, "pile": pile, "indices": indices, "label": label,
            "text": text}  # fmt: skip


def _top_card(obs: Observation, move: str) -> str:
    piles = obs["piles"]
    source = move.partition("-")[0]
    return piles[source][-1] if piles.get(source) else ""


def _is_fill(obs: Observation, move: str) -> bool:
    """Whether ``move`` puts the waste's top card into an empty tableau pile."""
    source, _, target = move.partition("-")
    return source == "waste" and target[:1] == "t" and not obs["piles"][target]


class BaseTip:
    """What every tip shares: it follows nothing it does not judge, marks nothing, changes
    no move, and reads its measured effect from the saved summary."""

    name: str = ""
    says: str = ""
    stage: int = 1

    def __repr__(self) -> str:
        return f"<tip {self.name!r}: {self.says}>"

    def applies_to(self, rules: Rules) -> bool:
        return False

    def follows(self, move: str, obs: Observation) -> bool:
        return True

    def credits(self, move: str, obs: Observation) -> bool:
        return False

    def against(self, move: str, obs: Observation) -> str:
        """Why ``move`` goes against the tip, without the measured effect."""
        return say("against.other", card=show(_top_card(obs, move)))

    def note(self, move: str, obs: Observation) -> str:
        """Why ``move`` goes against the tip; a tip the data does not support (its measured
        effect negative, or its interval containing 0) is called a rule of thumb the data
        does not support, never blamed."""
        why = self.against(move, obs)
        verdict = support(obs["variant"], self.name)
        if verdict is None:
            return say("note.unmeasured", why=why, says=self.says)
        if verdict == "supported":
            return say("note.supported", why=why, says=self.says)
        return say("note.unsupported", why=why, finding=say(f"finding.{verdict}"))

    def marks(self, obs: Observation) -> list[Mark]:
        return []

    def prefer(self, obs: Observation, ranked: list[Ranked]) -> list[Ranked]:
        return ranked

    def effect(self, variant: str | Rules) -> dict[str, Any] | None:
        return effect_of(variant, self.name)


# ---------------------------------------------------------------- the six tips
def _base_reading(obs: Observation, move: str) -> strategy.BaseReading | None:
    """The reading of the base ``move`` would choose, whichever foundation it goes to."""
    source, _, target = move.partition("-")
    if not target.startswith("f"):
        return None
    return next((r for r in strategy.base_readings(obs) if r.piles[0] == source), None)


class ChooseBase(BaseTip):
    """Examine the reserve before choosing the base card: avoid a base whose rank is
    buried in it (:func:`~terrace_widget.fair.strategy.tip_base`)."""

    name = "base"
    says: str = message("choose the base by reading the reserve")

    def applies_to(self, rules: Rules) -> bool:
        return rules.base == "choose"

    def follows(self, move: str, obs: Observation) -> bool:
        best = strategy.tip_base(obs)
        if best is None:
            return True
        chosen = _base_reading(obs, move)
        return chosen is None or chosen.burial <= best.burial

    def credits(self, move: str, obs: Observation) -> bool:
        best = strategy.tip_base(obs)
        chosen = _base_reading(obs, move)
        return best is not None and chosen is not None and chosen.burial <= best.burial

    def against(self, move: str, obs: Observation) -> str:
        best = strategy.tip_base(obs)
        chosen = _base_reading(obs, move)
        assert best is not None and chosen is not None
        return say("against.base", card=show(chosen.card), best=show(best.card))

    def marks(self, obs: Observation) -> list[Mark]:
        variant = obs["variant"]
        piles = obs["piles"]
        readings = strategy.base_readings(obs)
        best = strategy.tip_base(obs) if readings else None
        marks = []
        for r in readings:
            pile = r.piles[0]
            rate = base_rate(variant, r.in_reserve)
            text = r.text
            label = message("{n} in reserve", n=r.in_reserve)
            if rate is not None:
                text = say(
                    "mark.base-rate", reading=text, won=f"{100 * rate['won']:.0f}%",
                    games=rate["bases"], low=f"{100 * rate['low']:.0f}",
                    high=f"{100 * rate['high']:.0f}%",
                )  # fmt: skip
                label = message("{label} · {won} won", label=label,
                                won=f"{100 * rate['won']:.0f}%")  # fmt: skip
            solver = solver_rate(variant, r.in_reserve)
            if solver is not None:
                text = say(
                    "mark.base-seeing", reading=text, won=f"{100 * solver['won']:.0f}%",
                    games=solver["bases"],
                )  # fmt: skip
            good = best is not None and r.card == best.card
            tone = "good" if good else "warn" if r.in_reserve else "plain"
            marks.append(_mark(self.name, tone, pile, [len(piles[pile]) - 1], label, text))
        return marks

    def prefer(self, obs: Observation, ranked: list[Ranked]) -> list[Ranked]:
        if obs["status"] != "choosing-base":
            return ranked
        best = strategy.tip_base(obs)
        assert best is not None and best.move is not None
        return [(0.0, 0, best.move)]


class ReversedRuns(BaseTip):
    """Watch for reversed sequences in the waste and the reserve and keep a foundation
    for each (:func:`~terrace_widget.fair.strategy.reversed_runs`)."""

    name = "reversed"
    says: str = message("keep a foundation for each reversed sequence")

    def applies_to(self, rules: Rules) -> bool:
        return rules.has_base_rank

    def follows(self, move: str, obs: Observation) -> bool:
        return strategy.spoils_run(obs, move) is None

    def credits(self, move: str, obs: Observation) -> bool:
        """A run's head going up, or any move that keeps the runs' foundations where
        another legal move would take the last one."""
        runs = strategy.reversed_runs(obs)
        if not runs or strategy.spoils_run(obs, move, runs) is not None:
            return False
        source, _, target = move.partition("-")
        piles = obs["piles"]
        heads = {run.cards[0] for run in runs if run.head_depth == 0}
        if target.startswith("f") and piles.get(source) and piles[source][-1] in heads:
            return True
        return any(strategy.spoils_run(obs, m, runs) is not None for m in obs["legal_moves"])

    def against(self, move: str, obs: Observation) -> str:
        run = strategy.spoils_run(obs, move)
        assert run is not None
        cards = " ".join(show(c) for c in run.cards)
        return say("against.reversed", card=show(_top_card(obs, move)), run=cards)

    def marks(self, obs: Observation) -> list[Mark]:
        piles = obs["piles"]
        marks = []
        for run in strategy.reversed_runs(obs):
            top = len(piles[run.pile]) - 1 - run.head_depth
            indices = list(range(top, top - len(run.cards), -1))
            marks.append(
                _mark(self.name, "run", run.pile, indices, message("reversed run"), run.text)
            )
        return marks

    def prefer(self, obs: Observation, ranked: list[Ranked]) -> list[Ranked]:
        runs = strategy.reversed_runs(obs)
        if not runs:
            return ranked
        heads = {run.cards[0] for run in runs if run.head_depth == 0}
        piles = obs["piles"]
        out = []
        for rank, i, move in ranked:
            source, _, target = move.partition("-")
            if target[:1] == "f" and source != "stock":
                if piles[source][-1] in heads:
                    rank -= 1.0  # the head of a run goes up first
                elif strategy.spoils_run(obs, move, runs) is not None:
                    rank = 7.0  # after a deal
            out.append((rank, i, move))
        return out


class PileStarts(BaseTip):
    """Start tableau piles with the last card a foundation needs, the rank one below the
    base (:func:`~terrace_widget.fair.strategy.pile_starts`)."""

    name = "pile-start"
    says: str = message("start tableau piles with the rank one below the base")

    def applies_to(self, rules: Rules) -> bool:
        return rules.has_base_rank and not rules.auto_fill

    def follows(self, move: str, obs: Observation) -> bool:
        return not strategy.is_bad_pile_start(obs, move)

    def against(self, move: str, obs: Observation) -> str:
        rank = strategy.pile_start_rank(obs)
        assert rank is not None
        card = show(_top_card(obs, move))
        return say("against.pile-start", card=card, start=Rank(rank))

    def credits(self, move: str, obs: Observation) -> bool:
        """A space filled with the pile-start rank, or any move that leaves the space
        free where the legal moves would fill it with another card."""
        start = strategy.pile_start_rank(obs)
        if start is None or strategy.is_bad_pile_start(obs, move):
            return False
        if _is_fill(obs, move):
            return strategy.card_facts(obs["piles"]["waste"][-1])[0] == start
        return any(strategy.is_bad_pile_start(obs, m) for m in obs["legal_moves"])

    def marks(self, obs: Observation) -> list[Mark]:
        piles = obs["piles"]
        marks = []
        for tip in strategy.pile_starts(obs):
            good = "not a good" not in tip.text
            pile = tip.piles[0]
            if tip.move is not None:  # a waste card that would start a space well
                waste = [len(piles["waste"]) - 1]
                start, here = message("good start"), message("start here")
                marks.append(_mark(self.name, "good", "waste", waste, start, tip.text))
                marks.append(_mark(self.name, "good", pile, [], here, tip.text))
            elif good:
                marks.append(_mark(self.name, "good", pile, [0], message("good start"), tip.text))
            else:
                poor = message("poor start here")
                marks.append(_mark(self.name, "warn", pile, [], poor, tip.text))
        return marks

    def prefer(self, obs: Observation, ranked: list[Ranked]) -> list[Ranked]:
        start = strategy.pile_start_rank(obs)
        out = []
        for rank, i, move in ranked:
            if rank == FILL and _is_fill(obs, move):
                good = strategy.card_facts(obs["piles"]["waste"][-1])[0] == start
                rank = 3.5 if good else 8.0  # early with a good card, else last of all
            out.append((rank, i, move))
        return out


class DealOn(BaseTip):
    """While the stock is locked you may deal on without filling the space, by playing the
    waste's top card elsewhere (:func:`~terrace_widget.fair.strategy.deal_on`)."""

    name = "deal-on"
    says: str = message("deal on while the stock is locked")
    stage = 0
    """Before the pile-start tip: it decides whether a fill is forced at all."""

    def applies_to(self, rules: Rules) -> bool:
        return rules.stock_lock and not rules.auto_fill

    def follows(self, move: str, obs: Observation) -> bool:
        return not strategy.is_needless_fill(obs, move)

    def against(self, move: str, obs: Observation) -> str:
        lock = strategy.deal_on(obs)
        where = (
            PileRef(lock.move.partition("-")[2])
            if lock is not None and lock.move
            else message("a pile")
        )
        return say("against.deal-on", card=show(_top_card(obs, move)), where=where)

    def credits(self, move: str, obs: Observation) -> bool:
        source, _, target = move.partition("-")
        piles = obs["piles"]
        return (
            bool(obs["stock_locked"])
            and source == "waste"
            and target in piles
            and bool(piles[target])
            and strategy.deal_on(obs) is not None
        )

    def marks(self, obs: Observation) -> list[Mark]:
        lock = strategy.deal_on(obs)
        if lock is None:
            return []
        waste = obs["piles"]["waste"]
        label = message("deal on")
        return [_mark(self.name, "good", "waste", [len(waste) - 1], label, lock.text)]

    def prefer(self, obs: Observation, ranked: list[Ranked]) -> list[Ranked]:
        if not obs["stock_locked"]:
            return ranked
        return [
            (FILL if rank == FORCED_FILL and _is_fill(obs, move) else rank, i, move)
            for rank, i, move in ranked
        ]


class BringDowns(BaseTip):
    """Don't give up: bring cards down from the foundations
    (:func:`~terrace_widget.fair.strategy.bring_downs`)."""

    name = "bring-down"
    says: str = message("bring cards down from the foundations")

    def applies_to(self, rules: Rules) -> bool:
        return not rules.foundations_final

    def credits(self, move: str, obs: Observation) -> bool:
        return any(t.move == move for t in strategy.bring_downs(obs))

    def marks(self, obs: Observation) -> list[Mark]:
        piles = obs["piles"]
        marks = []
        for tip in strategy.bring_downs(obs):
            source = tip.piles[0]
            top = [len(piles[source]) - 1]
            marks.append(_mark(self.name, "good", source, top, message("bring down"), tip.text))
        return marks

    def prefer(self, obs: Observation, ranked: list[Ranked]) -> list[Ranked]:
        found = strategy.bring_downs(obs)
        return ranked + [(5.0, 200 + i, t.move) for i, t in enumerate(found) if t.move]


class Reorder(BaseTip):
    """Re-order sequences to free a face-up card
    (:func:`~terrace_widget.fair.strategy.reorderings`)."""

    name = "reorder"
    says: str = message("re-order sequences")

    def applies_to(self, rules: Rules) -> bool:
        return rules.tableau_moves == "sequence"

    def credits(self, move: str, obs: Observation) -> bool:
        return any(t.move == move for t in strategy.reorderings(obs))

    def marks(self, obs: Observation) -> list[Mark]:
        piles = obs["piles"]
        marks = []
        for tip in strategy.reorderings(obs):
            source = tip.piles[0]
            n = len(tip.cards) - 1
            count = len(piles[source])
            cards = list(range(count - n, count))
            marks.append(_mark(self.name, "good", source, cards, message("re-order"), tip.text))
        return marks

    def prefer(self, obs: Observation, ranked: list[Ranked]) -> list[Ranked]:
        found = strategy.reorderings(obs)
        return ranked + [(4.0, 100 + i, t.move) for i, t in enumerate(found) if t.move]


TIPS: tuple[Tip, ...] = (
    ChooseBase(),
    ReversedRuns(),
    PileStarts(),
    DealOn(),
    BringDowns(),
    Reorder(),
)
"""The registered tips, in the order of the help (Aisleriot's four Terrace tips, then
Klondike's "don't give up")."""

TIP_NAMES: dict[str, str] = {tip.name: tip.says for tip in TIPS}
"""Each tip's short name -> what it says, in the order of the help."""


def tip_named(name: str) -> Tip:
    """The registered tip called ``name``; a ``ValueError`` for another name."""
    for tip in TIPS:
        if tip.name == name:
            return tip
    raise ValueError(f"unknown tip {name!r}; the tips are: {', '.join(TIP_NAMES)}")


def tips_for(variant: str | Rules) -> tuple[str, ...]:
    """The tips that apply to a game (each tip reads the game's rules): the base tip needs
    a base to choose, the pile-start and deal-on tips a space the player fills by hand,
    the last two foundations that give cards back and sequences that move."""
    rules = get_rules(variant)
    return tuple(tip.name for tip in TIPS if tip.applies_to(rules))


def against_tips(obs: Observation, move: str) -> list[str]:
    """The tips that ``move`` goes against in the position ``obs`` (their short names).

    * ``base``: a base card whose rank is buried worse than the tip's pick;
    * ``reversed``: a foundation move that takes the last foundation a visible reversed
      run needs;
    * ``pile-start``: a space filled with a card that is not one rank below the base;
    * ``deal-on``: a space filled to unlock the stock while the waste card could go
      elsewhere.
    """
    strategy.check_observation(obs)
    if not isinstance(move, str):
        move = str(move)
    return [tip.name for tip in TIPS if not tip.follows(move, obs)]


def credited_tips(obs: Observation, move: str) -> list[str]:
    """The tips that ``move`` does what they ask in the position ``obs`` (their short
    names): every base no deeper buried than the tip's pick, on any foundation; every
    deal-on move; every good pile start; every head of a reversed run going up; every
    bring-down and re-ordering the tips see."""
    strategy.check_observation(obs)
    move = str(move)
    return [tip.name for tip in TIPS if tip.follows(move, obs) and tip.credits(move, obs)]

"""The Coach: what the table shows when the strategy tips are switched on.

:func:`coach_view` turns an observation into marks on the table (a candidate base and what
the reserve says about it, a reversed run, a good or poor pile start, how to deal on, a
card worth bringing down, a sequence to re-order) and :func:`note_for` says, in one
sentence, why a move goes against a tip and what the tip was measured to be worth. Both
read only ``Game.observation()``, so the Coach cannot tell anything about a hidden card.

The measured figures come from ``strategy-effects.json`` beside this module, written by
``benchmarks/strategy.py --summary`` (the rule-based player of :mod:`.players`, with each
tip on and off on the same deals).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from . import strategy
from .cards import RANK_WORDS
from .strategy import TIP_NAMES, Observation, show

EFFECTS_FILE = Path(__file__).with_name("strategy-effects.json")
FAIR_PREFIX = "Fair hint (it sees only what you see): "


@cache
def measured() -> dict[str, Any]:
    """The saved effects (``{}`` when there are none)."""
    try:
        data: dict[str, Any] = json.loads(EFFECTS_FILE.read_text(encoding="utf-8"))
        return data
    except (OSError, ValueError):
        return {}


def effect_of(variant: str, tip: str) -> dict[str, Any] | None:
    """The measured effect of ``tip`` in ``variant`` (a row of the saved summary)."""
    for row in measured().get("effects", []):
        if row["spec"] == variant and row["tip"] == tip:
            return dict(row)
    return None


def _points(x: float) -> str:
    return f"{100 * x:+.1f}"


def effect_words(variant: str, tip: str) -> str:
    """What the tip was measured to be worth to the test player, in words (``''`` when it
    was not measured): ``'following this tip won 2.6 points more deals for our test player
    (95% +1.5 to +3.7, 2000 deals)'``."""
    row = effect_of(variant, tip)
    if row is None:
        return ""
    d = 100 * row["difference"]
    span = f"95% {_points(row['low'])} to {_points(row['high'])}, {row['deals']} deals"
    if row["low"] > 0:
        return f"following this tip won {d:.1f} points more deals for our test player ({span})"
    if row["high"] < 0:
        return (
            f"yet following this tip won {-d:.1f} points fewer deals for our test player ({span})"
        )
    return f"following this tip made no clear difference for our test player ({d:+.1f}, {span})"


def base_rate(variant: str, in_reserve: int) -> dict[str, Any] | None:
    """How often the test player won with a base of this class (cards of its rank in the
    reserve: 0, 1, 2+)."""
    cls = "2+" if in_reserve >= 2 else str(in_reserve)
    for row in measured().get("bases", []):
        if row["spec"] == variant and row["in_reserve"] == cls:
            return dict(row)
    return None


def solver_rate(variant: str, in_reserve: int) -> dict[str, Any] | None:
    """The same for the all-seeing solver (the saved ``solver_bases`` rows)."""
    cls = "2+" if in_reserve >= 2 else str(in_reserve)
    for row in measured().get("solver_bases", []):
        if row["spec"] == variant:
            found = row["classes"].get(cls)
            return None if found is None else dict(found)
    return None


def _mark(
    tip: str, tone: str, pile: str, indices: list[int], label: str, text: str
) -> dict[str, Any]:
    return {
        "tip": tip,
        "tone": tone,
        "pile": pile,
        "indices": indices,
        "label": label,
        "text": text,
    }


def coach_view(obs: Observation, note: str | None = None) -> dict[str, Any]:
    """The Coach's part of the widget's view: ``marks`` (pile, card positions, tone, a short
    label and a sentence), ``say`` (what the tips see, a few sentences) and ``note``."""
    variant = obs["variant"]
    piles = obs["piles"]
    marks: list[dict[str, Any]] = []
    readings = strategy.base_readings(obs)
    if readings:
        best = strategy.tip_base(obs)
        for r in readings:
            pile = r.piles[0]
            rate = base_rate(variant, r.in_reserve)
            text = r.text
            label = f"{r.in_reserve} in reserve"
            if rate is not None:
                text += (
                    f"; bases like it won {100 * rate['won']:.0f}% of {rate['bases']} games "
                    f"(95% {100 * rate['low']:.0f}–{100 * rate['high']:.0f}%) for the test player"
                )
                label += f" · {100 * rate['won']:.0f}% won"
            solver = solver_rate(variant, r.in_reserve)
            if solver is not None:
                text += (
                    f", {100 * solver['won']:.0f}% of {solver['bases']} for the all-seeing "
                    f"solver (version {measured()['solver_bases'][0]['solver_version']})"
                )
            good = best is not None and r.card == best.card
            marks.append(
                _mark("base", "good" if good else "warn" if r.in_reserve else "plain", pile,
                      [len(piles[pile]) - 1], label, text)
            )  # fmt: skip
    for run in strategy.reversed_runs(obs):
        top = len(piles[run.pile]) - 1 - run.head_depth
        indices = list(range(top, top - len(run.cards), -1))
        marks.append(_mark("reversed", "run", run.pile, indices, "reversed run", run.text))
    for tip in strategy.pile_starts(obs):
        good = "not a good" not in tip.text
        pile = tip.piles[0]
        if tip.move is not None:  # a waste card that would start a space well
            marks.append(
                _mark("pile-start", "good", "waste", [len(piles["waste"]) - 1], "good start",
                      tip.text)
            )  # fmt: skip
            marks.append(_mark("pile-start", "good", pile, [], "start here", tip.text))
        elif good:
            marks.append(_mark("pile-start", "good", pile, [0], "good start", tip.text))
        else:
            marks.append(_mark("pile-start", "warn", pile, [], "poor start here", tip.text))
    lock = strategy.deal_on(obs)
    if lock is not None:
        waste = piles["waste"]
        marks.append(_mark("deal-on", "good", "waste", [len(waste) - 1], "deal on", lock.text))
    for tip in strategy.bring_downs(obs):
        source = tip.piles[0]
        marks.append(
            _mark("bring-down", "good", source, [len(piles[source]) - 1], "bring down", tip.text)
        )
    for tip in strategy.reorderings(obs):
        source = tip.piles[0]
        n = len(tip.cards) - 1
        count = len(piles[source])
        marks.append(
            _mark("reorder", "good", source, list(range(count - n, count)), "re-order", tip.text)
        )
    say = [m["text"] for m in marks if m["tip"] != "base"][:3]
    if readings:
        say = ["Before choosing the base, read the reserve: " + best.text if best else ""]
    return {"marks": marks, "say": [s for s in say if s], "note": note}


def note_for(obs: Observation, move: str) -> str | None:
    """One sentence when ``move``, played in ``obs``, goes against a tip (else ``None``)."""
    against = strategy.against_tips(obs, move)
    if not against:
        return None
    tip = against[0]
    variant = obs["variant"]
    piles = obs["piles"]
    source = move.partition("-")[0]
    card = piles[source][-1] if piles.get(source) else ""
    if tip == "base":
        best = strategy.tip_base(obs)
        chosen = next(r for r in strategy.base_readings(obs) if r.move == move)
        assert best is not None
        rates = [base_rate(variant, r.in_reserve) for r in (chosen, best)]
        text = (
            f"{show(chosen.card)}'s rank is buried deeper in the reserve than {show(best.card)}'s"
        )
        if rates[0] is not None and rates[1] is not None:
            text += (
                f": bases like it won {100 * rates[0]['won']:.0f}% against "
                f"{100 * rates[1]['won']:.0f}% for the test player"
            )
        return text + "."
    if tip == "reversed":
        run = strategy.spoils_run(obs, move)
        assert run is not None
        text = (
            f"{show(card)} takes the last foundation the reversed run "
            f"{' '.join(show(c) for c in run.cards)} needs"
        )
    elif tip == "pile-start":
        rank = strategy.pile_start_rank(obs)
        assert rank is not None
        word = RANK_WORDS[rank - 1]
        text = f"{show(card)} is not a good pile start (a {word} is: nothing waits under it)"
    else:
        lock = strategy.deal_on(obs)
        where = lock.move.partition("-")[2] if lock is not None and lock.move else "a pile"
        text = f"No need to fill the space to deal on: {show(card)} could go to {where}"
    words = effect_words(variant, tip)
    return f"{text}; {words}." if words else f"{text} ({TIP_NAMES[tip]})."

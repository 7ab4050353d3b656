"""Drills: a stage per idea, each a handful of positions from real deals, where the
learner plays a move on a live table and is told at once whether it was good, and why.

A stage is a few lines of data (:class:`StageSpec` in :data:`STAGES`). Its positions are
found by code, from the paired data of a study, by :data:`SELECTION_RULE`
(:func:`find_positions`).

The positions, with the fair value of each legal move there (``fair/value.py``: the rule
player's wins over the same worlds of the unseen cards, seed 0), are saved in
``drills.json`` beside this module by ``python -m benchmarks drills``; a test finds them
again and compares. A move is judged by what it does: it is right (✓) when the fair
value grades it ``best`` or ``good`` (not clearly worse than the best move), wrong (✗)
otherwise; the idea's own predicate (the tip's ``follows``) says whether the move
followed it. Nothing here looks at a hidden card, and nothing starts a thread or a
process, so the drills run in JupyterLite too.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
import warnings
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import Any, Literal

from ..fair import tips as tip_registry
from ..fair.coach import grade_words
from ..fair.found_rules import FOUND_SET, found_rule_named
from ..fair.players import FairSolverPlayer, RulePlayer, tips_for
from ..fair.value import Grade, MoveValues, move_values
from ..game.game import Game, Observation
from ..game.statistics import data_dir
from ..i18n import N_, Message, Pile, message, translator

DRILLS_FILE = Path(__file__).with_name("drills.json")
"""The saved stages (``python -m benchmarks drills`` writes it)."""
DRILL_SAMPLES = 32
"""Worlds of the unseen cards the fair value of a drill position is measured on."""
DRILL_SEED = 0
RIGHT = ("best", "good")
"""The grades of a right answer: not clearly worse than the best move."""
STARS = 3
"""Stars for a position answered right without a hint; each hint rung costs one."""
HINT_RUNGS = ("nudge", "piles", "move")
MAX_REJECTED = 3
"""Positions without a wrong answer skipped per kind before the rest are kept as they come
(so that finding a stage's positions takes a bounded time)."""
MAX_PARTING_MOVES = 400
"""How far into a deal the two players are followed looking for the first difference."""
LOOK_AHEAD = "look-ahead"
"""The idea of the "don't give up" stage: try a move in the worlds you can imagine
before you commit (the fair look-ahead player against the rule player)."""
FOUND_STUDY = "found-rules.jsonl"
"""The found-rules study (``python -m benchmarks strategy-search confirm``)."""
PROGRESS_NAME = "terrace_widget/drill-progress.json"
MAX_LEARNER_CHARS = 64

Kind = Literal["helped", "hurt"]

SELECTION_RULE = N_(
    "Take the deals, in order of their number, that the idea decided in the study: won by "
    "the player with the idea and lost by the same player without it (helped), or the "
    "reverse (hurt). In each, play both players side by side from the deal (they see only "
    "what a person sees) to the first position where the idea changes the move. Keep that "
    "position if the fair value (32 worlds of the unseen cards, seed 0, played out by the "
    "rule player with the help's tips, or with the found rules in a found rule's stage) "
    "grades at least one legal move there as an inaccuracy or worse, so that a wrong "
    "answer exists. A stage may look further along the line of the player with the idea, "
    "at its next few such positions, for the first with a wrong answer. After three deals "
    "of a kind without one (or the stage's own number), keep the first positions as they "
    "come; when the deals of a kind run out, add the skipped ones in order, until the "
    "stage has its number of helped and hurt positions."
)
"""How a stage's positions are chosen (shown with every stage)."""


@dataclass(frozen=True)
class StageSpec:
    """One stage, as data: the idea, the game, the goal sentences and how many positions
    of each kind. ``idea`` is a tip's name (``fair/tips.py``) or :data:`LOOK_AHEAD`."""

    id: str
    variant: str
    idea: str
    title: str
    lesson: str
    """What the idea says, for the stage's heading."""
    goal: str
    """The goal sentence of a position where the idea won the deal."""
    goal_hurt: str
    """The goal sentence of a position where the idea lost the deal."""
    helped: int = 3
    hurt: int = 2
    max_deals: int = 400
    """Deals looked at, at most, to find the positions."""
    max_moves: int = MAX_PARTING_MOVES
    """How far into a deal the two players are followed looking for the first difference."""
    partings: int = 1
    """Positions where the idea changes the move looked at per deal, along the line of the
    player with the idea, for one with a wrong answer (the first is kept if none has)."""
    max_rejected: int = MAX_REJECTED
    """Deals of a kind skipped for want of a wrong answer before positions are kept as they
    come (more for an idea whose moves seldom differ clearly in value)."""


STAGES: tuple[StageSpec, ...] = (
    StageSpec(
        "terrace-base", "terrace", "base", N_("Choose the base"),
        N_("Read the reserve: choose a base card whose rank is not buried in it."),
        N_("Choose the base card. Look at the reserve before you pick."),
        N_("Choose the base card. The tip picked wrong in this deal: judge for yourself."),
    ),
    StageSpec(
        "terrace-pile-start", "terrace", "pile-start", N_("Start a pile well"),
        N_("Start tableau piles with the rank one below the base."),
        N_("A space is free or the waste card waits: find the best move here."),
        N_("The tip's move lost this deal: find the best move here."),
    ),
    StageSpec(
        "terrace-deal-on", "terrace", "deal-on", N_("Deal on"),
        N_("While the stock is locked, deal on rather than fill a space with the waste card."),
        N_("The stock is locked: deal on, or fill the space? Find the best move."),
        N_("Dealing on lost this deal: find the best move here."),
        max_rejected=40,
    ),
    StageSpec(
        "terrace-reversed", "terrace", "reversed", N_("Reversed runs"),
        N_("Keep a foundation free for each run that lies in reverse order."),
        N_("A run lies in reverse order: find the best move."),
        N_("Keeping the foundation free lost this deal: find the best move."),
    ),
    StageSpec(  # found in the data: fair/found_rules.py
        "terrace-reserve-base", "terrace", "reserve-base", N_("Base the reserve can climb"),
        N_("Choose the base under which the reserve's top five cards go up soonest: for "
           "each of them, count how high the foundations must be before it and the cards "
           "on it are free."),
        N_("Choose the base card. Read the reserve's top five cards first."),
        N_("Choose the base card. The found rule picked wrong in this deal: judge for yourself."),
    ),
    StageSpec(  # found in the data: fair/found_rules.py
        "terrace-guard-reserve", "terrace", "guard-reserve", N_("Guard the reserve's stuck card"),
        N_("A reserve card that lies on a card it needs first can only go up late: keep a "
           "foundation for it, and put no other card of its rank and colour there before "
           "a deal."),
        N_("A reserve card is stuck on a card it needs first: find the best move."),
        N_("Guarding the foundation lost this deal: find the best move."),
        max_rejected=40,
    ),
    StageSpec(  # unlimited redeals: with two, no deal is lost by bringing down (7 won, 0 lost)
        "klondike-bring-down", "klondike-unlimited", "bring-down", N_("Bring cards down"),
        N_("A card on a foundation can come back down to hold a card of the other colour."),
        N_("Find the best move: a foundation card may come back down."),
        N_("Bringing a card down lost this deal: find the best move."),
        helped=4, hurt=1, max_moves=3000,
    ),
    StageSpec(
        "klondike-reorder", "klondike", "reorder", N_("Re-order a sequence"),
        N_("Move part of a sequence to another pile to free the card you need."),
        N_("Find the best move: a sequence can be split and moved."),
        N_("Re-ordering lost this deal: find the best move."),
    ),
    StageSpec(
        "klondike-dont-give-up", "klondike", LOOK_AHEAD, N_("Don't give up: explore"),
        N_("Before you commit, try the moves in your head (or play and Undo) and keep the "
           "one that leaves the most ways to win."),
        N_("The plain rules and the look-ahead part here: find the best move."),
        N_("Looking ahead lost this deal: find the best move."),
        max_rejected=40, partings=12,
    ),
)  # fmt: skip
"""Every stage, in the lessons' order. A new stage is one more line."""


def stage_spec(stage_id: str) -> StageSpec:
    """The spec of a stage; a ``ValueError`` naming the stages for another id."""
    for spec in STAGES:
        if spec.id == stage_id:
            return spec
    raise ValueError(f"unknown stage {stage_id!r}; the stages are: {', '.join(stage_ids())}")


def stage_ids() -> list[str]:
    """Every stage id, in order."""
    return [spec.id for spec in STAGES]


# ------------------------------------------------------------------- the study's pairs
def decided_deals(spec: StageSpec, data: Path | str) -> tuple[list[int], list[int], int]:
    """The deals the idea decided in the saved study, in order: (helped, hurt, deals
    compared). A tip's pairs come from the tip study (``strategy-<game>.jsonl``: every
    tip, and every tip but this one); a found rule's from the found-rules study
    (``found-rules.jsonl``: the found set, and the found set without this rule); the
    look-ahead's from the fair ceiling (``fair-ceiling.jsonl``) against the rule player
    with every tip on the same deals."""
    data = Path(data)
    if is_found(spec):
        found = [r for r in _json_lines(data / FOUND_STUDY) if r["spec"] == spec.variant]
        key = f"found-{spec.idea}"
        pairs = {r["seed"]: (r["games"]["found"][0], r["games"][key][0]) for r in found}
        seeds = sorted(pairs)
        helped = [s for s in seeds if pairs[s][0] and not pairs[s][1]]
        hurt = [s for s in seeds if pairs[s][1] and not pairs[s][0]]
        return helped, hurt, len(seeds)
    study = _json_lines(data / f"strategy-{spec.variant}.jsonl")
    rule = {r["seed"]: bool(r["games"]["all"][0]) for r in study if r["spec"] == spec.variant}
    if spec.idea == LOOK_AHEAD:
        with_idea = {
            r["seed"]: bool(r["won"])
            for r in _json_lines(data / "fair-ceiling.jsonl")
            if r["game"] == spec.variant
        }
        without = rule
    else:
        key = f"no-{spec.idea}"
        with_idea = rule
        without = {
            r["seed"]: bool(r["games"][key][0])
            for r in study
            if r["spec"] == spec.variant and key in r["games"]
        }
    seeds = sorted(set(with_idea) & set(without))
    helped = [s for s in seeds if with_idea[s] and not without[s]]
    hurt = [s for s in seeds if without[s] and not with_idea[s]]
    return helped, hurt, len(seeds)


def _json_lines(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        raise ValueError(f"no study data at {path}")
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def is_found(spec: StageSpec) -> bool:
    """Whether the stage's idea is a rule found in the data (``fair/found_rules.py``)."""
    return spec.idea in FOUND_SET


def _players(spec: StageSpec) -> tuple[Any, Any]:
    """The player with the idea and the player without it."""
    if is_found(spec):
        return RulePlayer(FOUND_SET), RulePlayer(set(FOUND_SET) - {spec.idea})
    every = set(tips_for(spec.variant))
    if spec.idea == LOOK_AHEAD:
        return FairSolverPlayer(3, 300, width=3), RulePlayer(every)
    if spec.idea not in every:
        raise ValueError(f"the tip {spec.idea!r} does not apply to {spec.variant}")
    return RulePlayer(every), RulePlayer(every - {spec.idea})


def parting(spec: StageSpec, seed: int) -> tuple[list[str], str, str] | None:
    """The first position of deal ``seed`` where the idea changes the move: the moves
    before it, the move with the idea and the move without (``None``: they never part)."""
    return next(partings(spec, seed), None)


def partings(spec: StageSpec, seed: int) -> Iterator[tuple[list[str], str, str]]:
    """Every position of deal ``seed``, along the line of the player with the idea, where
    the idea changes the move (as :func:`parting` gives the first)."""
    with_idea, without = _players(spec)
    with_idea.reset()
    without.reset()
    game = Game(spec.variant, seed=seed)
    before: list[str] = []
    while len(before) < spec.max_moves:
        obs = game.observation()
        if obs["status"] in ("won", "lost"):
            return
        a, b = with_idea.choose(obs), without.choose(obs)
        if a is None or b is None:
            return
        if a != b:
            yield list(before), str(a), str(b)
        game.play(a)
        before.append(str(a))


# ------------------------------------------------------------------- positions
@dataclass(frozen=True)
class DrillPosition:
    """One position of a stage: a deal with moves played, and the fair value of every
    legal move there (``outcomes[move]``: "1" where the rule player won that world)."""

    variant: str
    seed: int
    before: tuple[str, ...]
    kind: Kind
    idea_move: str
    """The move of the player with the idea."""
    other_move: str
    """The move of the player without it."""
    outcomes: Mapping[str, str] = field(repr=False)
    samples: int = DRILL_SAMPLES
    values_seed: int = DRILL_SEED
    rollout: tuple[str, ...] | None = None
    """The switches of the rule player that played the worlds out (``None``: every help
    tip; a found rule's stage: the found rules, the player that keeps what they keep)."""

    @property
    def deal_id(self) -> str:
        return f"{self.variant}#{self.seed}"

    def game(self) -> Game:
        """A new game at the position."""
        return game_at(self.variant, self.seed, self.before)

    def values(self, observation: Observation) -> MoveValues:
        """The saved fair value of every move, for ``observation`` (the position's):
        the same worlds and outcomes :func:`~terrace_widget.fair.value.move_values` gives."""
        if sorted(observation["legal_moves"]) != sorted(self.outcomes):
            raise ValueError(f"{self.deal_id}: the saved values are for another position")
        return _saved_values(observation, self.outcomes, self.values_seed, self.rollout)

    def wrong_moves(self) -> list[str]:
        """The legal moves the saved fair value grades below ``good`` (legal-move order)."""
        values = self.values(self.game().observation())
        return [m for m in values.moves if values.grade(m).label not in RIGHT]

    @property
    def best(self) -> str:
        """The best move by the saved fair value (ties in legal-move order)."""
        game = self.game()
        best = self.values(game.observation()).best
        assert best is not None
        return best

    def to_dict(self) -> dict[str, Any]:
        return {
            "variant": self.variant, "seed": self.seed, "before": list(self.before),
            "kind": self.kind, "idea_move": self.idea_move, "other_move": self.other_move,
            "samples": self.samples, "values_seed": self.values_seed,
            "outcomes": dict(self.outcomes),
            **({} if self.rollout is None else {"rollout": list(self.rollout)}),
        }  # fmt: skip

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DrillPosition:
        kind = data["kind"]
        if kind not in ("helped", "hurt"):
            raise ValueError(f"a position's kind is helped or hurt, not {kind!r}")
        return cls(
            str(data["variant"]), int(data["seed"]), tuple(data["before"]), kind,
            str(data["idea_move"]), str(data["other_move"]), dict(data["outcomes"]),
            int(data["samples"]), int(data["values_seed"]),
            None if data.get("rollout") is None else tuple(data["rollout"]),
        )  # fmt: skip


def measure(
    game: Game, samples: int = DRILL_SAMPLES, rollout: tuple[str, ...] | None = None
) -> dict[str, str]:
    """The fair value of every legal move of ``game``'s position, as saved in a drill
    (``rollout``: the switches of the rule player that plays the worlds out)."""
    values = move_values(
        game.observation(), samples=samples, seconds=None, seed=DRILL_SEED, tips=rollout
    )
    return {m: "".join("1" if w else "0" for w in values.outcomes[m]) for m in values.moves}


def _saved_values(
    observation: Observation,
    outcomes: Mapping[str, str],
    seed: int = DRILL_SEED,
    rollout: tuple[str, ...] | None = None,
) -> MoveValues:
    """The fair values of ``observation``'s legal moves from saved outcomes ("1" a win)."""
    moves = list(observation["legal_moves"])
    won = {m: [c == "1" for c in outcomes[m]] for m in moves}
    return MoveValues(observation, seed, moves, won, tips=rollout)


def game_at(variant: str, seed: int, moves: Iterable[str]) -> Game:
    """Deal ``seed`` of ``variant`` with ``moves`` played."""
    game = Game(variant, seed=seed)
    for move in moves:
        game.play(move)
    return game


def find_positions(
    spec: StageSpec,
    data: Path | str,
    *,
    samples: int = DRILL_SAMPLES,
    helped: int | None = None,
    hurt: int | None = None,
    max_deals: int | None = None,
) -> tuple[list[DrillPosition], dict[str, Any]]:
    """The stage's positions by the rule of this module's docstring, and the counts the
    stage shows (deals compared, helped, hurt, deals looked at)."""
    won, lost, compared = decided_deals(spec, data)
    wanted: dict[Kind, int] = {
        "helped": spec.helped if helped is None else helped,
        "hurt": spec.hurt if hurt is None else hurt,
    }
    found: list[DrillPosition] = []
    looked = 0
    rollout = FOUND_SET if is_found(spec) else None
    plans: list[tuple[Kind, list[int]]] = [("helped", won), ("hurt", lost)]
    for kind, seeds in plans:
        mine: list[DrillPosition] = []
        skipped: list[DrillPosition] = []
        for seed in seeds[: spec.max_deals if max_deals is None else max_deals]:
            if len(mine) >= wanted[kind]:
                break
            looked += 1
            first: DrillPosition | None = None
            for before, idea_move, other_move in islice(partings(spec, seed), spec.partings):
                outcomes = measure(game_at(spec.variant, seed, before), samples, rollout)
                position = DrillPosition(
                    spec.variant, seed, tuple(before), kind, idea_move, other_move, outcomes,
                    samples, DRILL_SEED, rollout,
                )  # fmt: skip
                if position.wrong_moves():
                    mine.append(position)
                    break
                first = first or position
            else:
                if first is None:
                    continue
                if len(skipped) < spec.max_rejected:
                    skipped.append(first)
                    continue
                mine.append(first)
        mine += skipped[: max(0, wanted[kind] - len(mine))]
        found += mine
    counts = {"deals": compared, "helped": len(won), "hurt": len(lost), "looked_at": looked}
    return found, counts


# ------------------------------------------------------------------- stages
@dataclass(frozen=True)
class Stage:
    """A stage as saved: its spec, its positions and the study's counts."""

    spec: StageSpec
    positions: tuple[DrillPosition, ...]
    deals: int
    """Deals compared in the study."""
    helped: int
    """Deals the idea won that the same player without it lost."""
    hurt: int
    """Deals the idea lost that the same player without it won."""
    source: str
    """Where the counts come from (the data file and its player)."""

    @property
    def counts_text(self) -> Message:
        """The honest counts, in words (a :class:`~terrace_widget.i18n.Message`: English as
        a ``str``, rendered in a drill's language)."""
        fresh = source_of(self.spec)
        return message(
            "In the study ({source}, {deals} deals), this idea won {helped} deals that were "
            "lost without it, and lost {hurt} that were won without it. Here are {won} "
            "positions from deals it won and {lost} from deals it lost.",
            source=fresh if fresh == self.source else self.source,
            deals=self.deals,
            helped=self.helped,
            hurt=self.hurt,
            won=sum(p.kind == "helped" for p in self.positions),
            lost=sum(p.kind == "hurt" for p in self.positions),
        )


def load_stages(path: Path | str = DRILLS_FILE) -> list[Stage]:
    """The saved stages, in :data:`STAGES` order (a stage not yet saved is left out)."""
    saved = json.loads(Path(path).read_text(encoding="utf-8"))
    by_id = {s["id"]: s for s in saved["stages"]}
    stages = []
    for spec in STAGES:
        if spec.id in by_id:
            s = by_id[spec.id]
            positions = tuple(DrillPosition.from_dict(p) for p in s["positions"])
            stages.append(Stage(spec, positions, s["deals"], s["helped"], s["hurt"], s["source"]))
    return stages


def stage(stage_id: str, path: Path | str = DRILLS_FILE) -> Stage:
    """One saved stage."""
    spec = stage_spec(stage_id)
    for found in load_stages(path):
        if found.spec.id == spec.id:
            return found
    raise ValueError(f"the stage {stage_id!r} has not been saved in {path}")


def source_of(spec: StageSpec) -> Message:
    """The data file a stage's counts come from, in words (a
    :class:`~terrace_widget.i18n.Message`; its English text is what ``drills.json`` saves)."""
    if spec.idea == LOOK_AHEAD:
        return message(
            "notebooks/data/fair-ceiling.jsonl, the fair look-ahead player "
            "FairSolverPlayer 3x300 width 3, against the rule player with every tip, "
            "notebooks/data/strategy-{variant}.jsonl",
            variant=spec.variant,
        )
    if is_found(spec):
        return message(
            "notebooks/data/{study}, the fair rule player with the found rules ({rules}) and "
            "again without this one",
            study=FOUND_STUDY,
            rules=", ".join(FOUND_SET),
        )
    return message(
        "notebooks/data/strategy-{variant}.jsonl, the fair rule player with every tip and "
        "again without this one",
        variant=spec.variant,
    )


# ------------------------------------------------------------------- judging
@dataclass(frozen=True)
class Verdict:
    """What a move at a drill position was worth."""

    right: bool
    move: str
    grade: Grade
    follows: bool | None
    """Whether the move followed the stage's tip (``None`` for an idea with no predicate)."""
    reason: str


def judge(
    position: DrillPosition,
    spec: StageSpec,
    observation: Observation,
    move: str,
    *,
    locale: str | None = "en",
) -> Verdict:
    """Judge ``move`` played at ``position`` (``observation``: the position as the learner
    sees it) by what it does: its fair-value grade, and the tip's predicate. The reason is
    in ``locale`` (English by default; ``None``: the kernel's language)."""
    tr = translator(locale)
    move = str(move)
    if move not in observation["legal_moves"]:
        raise ValueError(
            f"{move!r} is not a legal move here; they are: {', '.join(observation['legal_moves'])}"
        )
    grade = position.values(observation).grade(move)
    right = grade.label in RIGHT
    follows: bool | None = None
    said = ""
    if spec.idea != LOOK_AHEAD:
        tip = idea_of(spec)
        follows = tip.follows(move, observation)
        if follows:
            kept = (
                message("It follows the rule.")
                if is_found(spec)
                else message("It follows the tip.")
            )
            said = f" {tr.render(kept)}"
        else:
            said = f" {tr.render(tip.note(move, observation))}"
    mark = "✓" if right else "✗"
    # The grade in the drill's language: Grade.describe() is English only; the Coach's words
    # for a grade (fair/coach.py) are what the table translates.
    worth = grade.describe() if tr.locale == "en" else tr.render(grade_words(grade))
    text = f"{mark} {worth}{said}"
    return Verdict(right, move, grade, follows, text)


def idea_of(spec: StageSpec) -> tip_registry.Tip:
    """The tip or found rule a stage drills (a ``ValueError`` for the look-ahead)."""
    if is_found(spec):
        return found_rule_named(spec.idea)
    return tip_registry.tip_named(spec.idea)


def hint(
    position: DrillPosition, spec: StageSpec, rung: int, *, locale: str | None = "en"
) -> tuple[str, str | None]:
    """The hint of ``rung`` (0 a nudge, 1 the piles, 2 the move): its text in ``locale``
    (English by default; ``None``: the kernel's language), and the move whose piles the
    table lights up (``None`` for the nudge)."""
    if not 0 <= rung < len(HINT_RUNGS):
        raise ValueError(f"a hint rung is 0 to {len(HINT_RUNGS) - 1}, not {rung!r}")
    tr = translator(locale)
    best = position.best
    if rung == 0:
        return tr.render(message("Hint: {lesson}", lesson=message(spec.lesson))), None
    if rung == 1:
        if best == "deal":
            return tr.render(message("Hint: look at the stock.")), best
        source, _, target = best.partition("-")
        if tr.locale == "en":  # the piles as the move writes them
            return f"Hint: look at {source} and {target}.", best
        piles = message(
            "Hint: look at {source} and {target}.", source=Pile(source),
            target=Pile(target.split("x")[0]),
        )  # fmt: skip
        return tr.render(piles), best
    return tr.render(message("Hint: play {move}.", move=best)), best


def stars_for(rungs_used: int) -> int:
    """Stars for a right answer after ``rungs_used`` hints."""
    return max(0, STARS - rungs_used)


# ------------------------------------------------------------------- progress
def progress_path() -> Path:
    """The learner's progress file, in Jupyter's data folder (``JUPYTER_DATA_DIR`` moves it;
    in the browser kernel, JupyterLite's persistent ``/drive``: see
    :func:`terrace_widget.game.statistics.data_dir`)."""
    return data_dir() / PROGRESS_NAME


def default_learner() -> str:
    """The learner's name: the login name, or ``"learner"``."""
    try:
        import getpass

        return getpass.getuser() or "learner"
    except Exception:
        return "learner"


class Progress:
    """Stars per learner, stage and position, kept in a JSON file. Every change is
    written at once, atomically (a temporary file renamed over the old one); a file that
    cannot be read is set aside with a warning and a new one started."""

    VERSION = 1

    def __init__(self, learner: str | None = None, path: Path | str | None = None) -> None:
        learner = default_learner() if learner is None else learner
        if not isinstance(learner, str) or not learner.strip() or len(learner) > MAX_LEARNER_CHARS:
            raise ValueError(f"a learner's name is 1 to {MAX_LEARNER_CHARS} characters")
        self.learner = learner
        self.path = Path(path) if path is not None else progress_path()
        self._data = self._read()

    def _read(self) -> dict[str, Any]:
        empty: dict[str, Any] = {"version": self.VERSION, "learners": {}}
        if not self.path.exists():
            return empty
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if not isinstance(data, dict) or not isinstance(data.get("learners"), dict):
                raise ValueError("not a progress file")
            for stages in data["learners"].values():
                for positions in stages.values():
                    for stars in positions.values():
                        if not isinstance(stars, int) or not 0 <= stars <= STARS:
                            raise ValueError(f"stars out of range: {stars!r}")
            return data
        except (ValueError, AttributeError, UnicodeDecodeError) as error:
            aside = self.path.with_name(f"{self.path.name}.corrupt-{int(time.time())}")
            os.replace(self.path, aside)
            warnings.warn(
                f"the drill progress file {self.path} could not be read ({error}); it was set "
                f"aside as {aside.name} and a new one started",
                stacklevel=3,
            )
            return empty

    def stars(self, stage_id: str) -> dict[int, int]:
        """Stars per position index of a stage (positions not yet answered are absent)."""
        mine = self._data["learners"].get(self.learner, {}).get(stage_id, {})
        return {int(k): v for k, v in mine.items()}

    def record(self, stage_id: str, index: int, stars: int) -> None:
        """Keep the best stars of a position, and write the file."""
        stage_spec(stage_id)
        if not isinstance(stars, int) or not 0 <= stars <= STARS:
            raise ValueError(f"stars are 0 to {STARS}, not {stars!r}")
        mine = self._data["learners"].setdefault(self.learner, {}).setdefault(stage_id, {})
        mine[str(index)] = max(stars, mine.get(str(index), 0))
        self._write()

    def _write(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, name = tempfile.mkstemp(dir=self.path.parent, prefix=".drill-", suffix=".json")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(self._data, out, indent=1, sort_keys=True)
            os.replace(name, self.path)
        except BaseException:
            Path(name).unlink(missing_ok=True)
            raise


# ------------------------------------------------------------------- saving
def save_stages(
    stages: Iterable[tuple[StageSpec, Sequence[DrillPosition], Mapping[str, Any]]],
    path: Path | str,
    about: Mapping[str, Any],
    keep: Sequence[Mapping[str, Any]] = (),
) -> None:
    """Write the stages found by :func:`find_positions` (with ``about``: the command and
    the versions) to ``path``; ``keep``: saved stage rows written too (in stage order)."""
    rows: list[Mapping[str, Any]] = [
        {
            "id": spec.id,
            "source": source_of(spec),
            **{k: counts[k] for k in ("deals", "helped", "hurt", "looked_at")},
            "positions": [p.to_dict() for p in positions],
        }
        for spec, positions, counts in stages
    ]
    fresh = {row["id"] for row in rows}
    rows += [row for row in keep if row["id"] not in fresh]
    order = {stage_id: k for k, stage_id in enumerate(stage_ids())}
    rows.sort(key=lambda row: order.get(row["id"], len(order)))
    text = json.dumps({**about, "rule": SELECTION_RULE, "stages": rows})
    Path(path).write_text(text + "\n", encoding="utf-8")

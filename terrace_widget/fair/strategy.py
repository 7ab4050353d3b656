"""The help's strategy tips, read from what a player sees (``Game.observation()`` only).

Aisleriot's help gives four tips for the Terrace family and one for Klondike:

* examine the reserve before choosing the base card: avoid a base whose rank is buried
  in the reserve (:func:`base_readings`, :func:`tip_base`);
* watch for reversed sequences and keep a foundation for each (:func:`reversed_runs`);
* start tableau piles with the last card a foundation needs, the rank one below the
  base (:func:`pile_starts`);
* while the stock is locked you may deal on without filling the space, by playing the
  waste's top card elsewhere (:func:`deal_on`);
* Klondike, "don't give up": bring cards down from the foundations
  (:func:`bring_downs`) and re-order sequences (:func:`reorderings`).

Every function takes an observation (a dict, see ``docs/engine-api.md``) and returns
:class:`Reading` objects that say in words what they see, name the visible cards and piles
they are about, and, where the tip suggests one, a move. Nothing here can read a
face-down card: the observation writes it ``"#"``. What the game is (how its foundations
build, whether it has a base rank or moves sequences) comes from the observation too,
never from a variant id. The tips themselves, as objects, are in :mod:`terrace_widget.fair.tips`.

>>> from terrace_widget import Game
>>> g = Game("terrace", seed=6)
>>> [r.text for r in base_readings(g.observation())][:2]
['6♠: one six in the reserve, under 4 cards', '3♠: no three in the reserve']
>>> tip_base(g.observation()).card
'3S'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from ..game.game import Observation
from ..i18n import Card, Count, Pile, PileRef, Rank, message, plural_message
from ..rules.cards import RANKS, SUITS, glyph, parse_card


@dataclass(frozen=True)
class Reading:
    """One thing a tip sees in a position, in words."""

    kind: str
    """The tip's short name (a key of :data:`terrace_widget.fair.tips.TIP_NAMES`)."""
    text: str
    """What it sees, for a person: ``'3♦ is buried under 7 cards of the reserve'``."""
    cards: tuple[str, ...] = ()
    """The visible cards it is about (codes such as ``'3D'``)."""
    piles: tuple[str, ...] = ()
    """The piles it is about."""
    move: str | None = None
    """The move it suggests, if any (move text such as ``'waste-t4'``)."""


@dataclass(frozen=True)
class BaseReading(Reading):
    """What the reserve says about one candidate base card."""

    card: str = ""
    rank: int = 0
    in_reserve: int = 0
    """Cards of the candidate's rank in the reserve."""
    depths: tuple[int, ...] = field(default=())
    """For each of them, the cards lying on top of it (0: it is the top card), shallowest first."""

    @property
    def burial(self) -> tuple[int, int, int]:
        """Sort key of the tip: fewer cards of the rank, then a shallower deepest one."""
        return (self.in_reserve, max(self.depths, default=-1), sum(self.depths))


# ---------------------------------------------------------------- cards as seen
_CARD: dict[str, tuple[int, bool, int]] = {}
for _s, _suit in enumerate(SUITS):
    for _r, _rank in enumerate(RANKS):
        _CARD[_rank + _suit] = (_r + 1, _s in (1, 2), _s)


def card_facts(card: str) -> tuple[int, bool, int]:
    """(rank 1–13, red?, suit 0–3) of a visible card code; a ``ValueError`` for ``"#"``."""
    facts = _CARD.get(card)
    if facts is None:
        raise ValueError(f"{card!r} is not a visible card")
    return facts


def show(card: str) -> str:
    """``'Q♥'`` for ``'QH'``."""
    return glyph(parse_card(card))


def _cards(cards: Iterable[str]) -> str:
    return " ".join(show(c) for c in cards)


def check_observation(obs: object) -> None:
    """A ``TypeError`` unless ``obs`` is an observation (the dict ``Game.observation()``)."""
    if not isinstance(obs, Mapping) or "piles" not in obs or "foundation_build" not in obs:
        raise TypeError("a strategy function reads an observation: the dict Game.observation()")


def _has_base(obs: Observation) -> bool:
    """Whether the foundations start from a base rank (the Terrace games' tips)."""
    check_observation(obs)
    return bool(obs["has_base_rank"])


def _names(obs: Observation, prefix: str) -> list[str]:
    return [n for n in obs["pile_order"] if n[0] == prefix and n[1:].isdigit()]


def relative_rank(card: str, base: int) -> int:
    """Place in a Terrace foundation: 0 for the base rank … 12 for the rank just below it."""
    return (card_facts(card)[0] - base) % 13


def _same_suit(obs: Observation) -> bool:
    return obs["foundation_build"] == "same-suit"


def _base(obs: Observation) -> int | None:
    """The rank the foundations start from: the base rank, or the Ace where there is none."""
    return obs["base_rank"] if obs["has_base_rank"] else 1


def _follows(obs: Observation, lower: str, upper: str) -> bool:
    """Whether a foundation takes ``upper`` right after ``lower`` (once it holds ``lower``,
    the foundation's last rank takes nothing)."""
    base = _base(obs) or 0
    r1, red1, s1 = card_facts(lower)
    r2, red2, s2 = card_facts(upper)
    if (r1 - base) % 13 == 12 or (r2 - r1) % 13 != 1:
        return False
    return s1 == s2 if _same_suit(obs) else red1 != red2


def foundation_takes(obs: Observation, pile: str, card: str) -> bool:
    """Whether foundation ``pile`` takes visible ``card`` now (any game)."""
    cards = obs["piles"][pile]
    rank = card_facts(card)[0]
    base = _base(obs)
    if not base:
        return False
    if not cards:
        return bool(rank == base)
    return bool(rank != base and _follows(obs, cards[-1], card))


def what_takes(obs: Observation, card: str) -> str:
    """In words, the foundation a Terrace card needs: ``'a foundation ending in a black 6'``
    (``'an empty foundation'`` for a base-rank card)."""
    base = obs["base_rank"]
    rank, red, suit = card_facts(card)
    if rank == base:
        return message("an empty foundation")
    below = (rank - 2) % 13 + 1
    if _same_suit(obs):
        return message(
            "a foundation ending in {card}", card=Card(parse_card(RANKS[below - 1] + SUITS[suit]))
        )
    if red:
        return message("a foundation ending in a black {rank}", rank=Rank(below))
    return message("a foundation ending in a red {rank}", rank=Rank(below))


# ---------------------------------------------------------------- tip 1: the base
def base_readings(obs: Observation) -> list[BaseReading]:
    """During the base choice, what the reserve says about each candidate base card.

    For each distinct candidate (the tableau cards that may go to a foundation now), how
    many cards of its rank the reserve holds and how many cards lie on top of each. An
    empty list when there is no base to choose.
    """
    if not _has_base(obs) or obs["status"] != "choosing-base":
        return []
    piles = obs["piles"]
    reserve = piles.get("reserve", [])
    seen: dict[str, str] = {}
    for text in obs["legal_moves"]:
        source, _, target = text.partition("-")
        if source.startswith("t") and target.startswith("f") and piles[source]:
            seen.setdefault(piles[source][-1], source)
    readings = []
    for card, pile in seen.items():
        rank = card_facts(card)[0]
        depths = tuple(
            sorted(len(reserve) - 1 - i for i, c in enumerate(reserve) if card_facts(c)[0] == rank)
        )
        n = len(depths)
        shown, of = show(card), Rank(rank)
        if n == 0:
            text = message("{card}: no {rank:word} in the reserve", card=shown, rank=of)
        elif n == 1 and depths[0] == 0:
            text = message("{card}: one {rank:word} in the reserve, on top", card=shown, rank=of)
        elif n == 1:
            text = plural_message(
                "{card}: one {rank:word} in the reserve, under {n} card",
                "{card}: one {rank:word} in the reserve, under {n} cards",
                depths[0],
                card=shown,
                rank=of,
            )
        else:
            text = plural_message(
                "{card}: {count} {rank:plural} in the reserve, the deepest under {n} card",
                "{card}: {count} {rank:plural} in the reserve, the deepest under {n} cards",
                depths[-1],
                card=shown,
                count=Count(n),
                rank=of,
            )
        readings.append(
            BaseReading(
                kind="base",
                text=text,
                cards=(card,),
                piles=(pile,),
                move=f"{pile}-f1",
                card=card,
                rank=rank,
                in_reserve=n,
                depths=depths,
            )
        )
    return readings


def buried(obs: Observation, card: str) -> list[str]:
    """Sentences on where the cards of ``card``'s rank lie in the reserve, shallowest first.

    >>> from terrace_widget import Game
    >>> buried(Game("terrace", seed=6).observation(), "JH")[-1]
    'J♠ is buried under 10 cards of the reserve'
    """
    check_observation(obs)
    reserve = obs["piles"].get("reserve", [])
    rank = card_facts(card)[0]
    out: list[str] = []
    for i, c in enumerate(reserve):
        if card_facts(c)[0] == rank:
            depth = len(reserve) - 1 - i
            out.append(
                message("{card} is the reserve's top card", card=show(c))
                if depth == 0
                else plural_message(
                    "{card} is buried under {n} card of the reserve",
                    "{card} is buried under {n} cards of the reserve",
                    depth,
                    card=show(c),
                )
            )
    return out[::-1]


def tip_base(obs: Observation) -> BaseReading | None:
    """The candidate the tip picks: the fewest cards of its rank in the reserve, then the
    shallowest deepest one (ties: the leftmost pile). ``None`` when there is no choice."""
    readings = base_readings(obs)
    if not readings:
        return None
    return min(readings, key=lambda r: (r.burial, int(r.piles[0][1:])))


# ---------------------------------------------------------------- tip 2: reversed runs
@dataclass(frozen=True)
class Run(Reading):
    """A reversed sequence: cards that a foundation takes from the top down, one after the
    other. ``cards`` runs from the head (the uppermost, played first) downwards."""

    pile: str = ""
    head_depth: int = 0
    """Cards lying on the head (0: the head is the pile's top card)."""


def reversed_runs(obs: Observation, min_length: int = 2) -> list[Run]:
    """Reversed sequences in the waste and the reserve, as they lie.

    In those piles only the top card is in play, so a run of cards each the foundation
    successor of the card above it comes off in one sweep once its head goes up: the help
    says to keep a foundation free for it. Needs the base rank (an empty list before).
    """
    if not _has_base(obs) or not obs["base_rank"]:
        return []
    runs = []
    for name in ("waste", "reserve"):
        pile = obs["piles"].get(name, [])
        i = len(pile) - 1
        while i > 0:
            j = i  # pile[j] is the run's head; extend downwards while each card follows
            while j > 0 and _follows(obs, pile[j], pile[j - 1]):
                j -= 1
            if i - j + 1 >= min_length:
                cards = tuple(pile[k] for k in range(i, j - 1, -1))
                depth = len(pile) - 1 - i
                params = {
                    "cards": _cards(cards),
                    "pile": Pile(name),
                    "head": show(cards[0]),
                    "keep": what_takes(obs, cards[0]),
                }
                if depth == 0:
                    text = message(
                        "{cards} lie reversed on top of {pile}: once {head} goes up, the rest "
                        "follow; keep {keep} for them",
                        **params,
                    )
                else:
                    text = plural_message(
                        "{cards} lie reversed under {n} card of {pile}: once {head} goes up, "
                        "the rest follow; keep {keep} for them",
                        "{cards} lie reversed under {n} cards of {pile}: once {head} goes up, "
                        "the rest follow; keep {keep} for them",
                        depth,
                        **params,
                    )
                runs.append(Run("reversed", text, cards, (name,), None, name, depth))
            i = j - 1
    return runs


def foundations_for(obs: Observation, card: str) -> list[str]:
    """The foundations that take ``card`` now."""
    return [f for f in _names(obs, "f") if foundation_takes(obs, f, card)]


def spoils_run(obs: Observation, move: str, runs: list[Run] | None = None) -> Run | None:
    """The reversed run a foundation move would leave without a foundation, if any.

    A move of a card onto the last foundation that takes a run's head (when the card is
    not that head's twin) means the run must wait for another foundation.
    """
    source, _, target = move.partition("-")
    if not target.startswith("f") or source == "stock":
        return None
    pile = obs["piles"].get(source) or []
    if not pile:
        return None
    card = pile[-1]
    for run in reversed_runs(obs) if runs is None else runs:
        head = run.cards[0]
        if head == card or card_facts(head)[0] == obs["base_rank"]:
            continue
        takers = foundations_for(obs, head)
        if takers == [target]:
            return run
    return None


# ---------------------------------------------------------------- tip 3: pile starts
def pile_start_rank(obs: Observation) -> int | None:
    """The rank one below the base: the last card a foundation needs (``None`` before the
    base is set, and in Klondike)."""
    if not _has_base(obs) or not obs["base_rank"]:
        return None
    return int(obs["base_rank"] - 2) % 13 + 1


def pile_starts(obs: Observation) -> list[Reading]:
    """Good and bad pile starts on the table: tableau piles whose bottom card has the rank
    one below the base (nothing waits under it), and an open space with a waste card that
    would start one well (or not)."""
    rank = pile_start_rank(obs)
    if rank is None:
        return []
    piles = obs["piles"]
    tips = []
    spaces = [t for t in _names(obs, "t") if not piles[t]]
    for name in _names(obs, "t"):
        if piles[name] and card_facts(piles[name][0])[0] == rank:
            tips.append(
                Reading(
                    "pile-start",
                    message(
                        "{pile} starts with {card}, the last card its foundation needs: a good "
                        "pile start",
                        pile=PileRef(name),
                        card=show(piles[name][0]),
                    ),
                    (piles[name][0],),
                    (name,),
                )
            )
    waste = piles.get("waste", [])
    if spaces and waste:
        top = waste[-1]
        if card_facts(top)[0] == rank:
            tips.append(
                Reading(
                    "pile-start",
                    message(
                        "{card} would start {pile} well: {rank:an} is the last card a foundation "
                        "needs",
                        card=show(top),
                        pile=PileRef(spaces[0]),
                        rank=Rank(rank),
                    ),
                    (top,),
                    (spaces[0], "waste"),
                    f"waste-{spaces[0]}",
                )
            )
        elif "waste-" + spaces[0] in obs["legal_moves"]:
            tips.append(
                Reading(
                    "pile-start",
                    message(
                        "{card} is not a good pile start; the best start for {pile} is {rank:an}",
                        card=show(top),
                        pile=PileRef(spaces[0]),
                        rank=Rank(rank),
                    ),
                    (top,),
                    (spaces[0],),
                )
            )
    return tips


def is_bad_pile_start(obs: Observation, move: str) -> bool:
    """Whether ``move`` fills a space with a card that is not of the pile-start rank."""
    rank = pile_start_rank(obs)
    source, _, target = move.partition("-")
    piles = obs["piles"]
    if rank is None or source != "waste" or not target.startswith("t") or piles[target]:
        return False
    return bool(piles["waste"]) and card_facts(piles["waste"][-1])[0] != rank


# ---------------------------------------------------------------- tip 4: deal on
def deal_on(obs: Observation) -> Reading | None:
    """While the stock is locked: how to deal on without filling the space (play the
    waste's top card onto a foundation or a tableau pile), or ``None``."""
    if not _has_base(obs) or not obs["stock_locked"]:
        return None
    piles = obs["piles"]
    waste = piles.get("waste", [])
    if not waste:
        return None
    outs = [
        m
        for m in obs["legal_moves"]
        if m.startswith("waste-") and piles[m.partition("-")[2]]  # not into a space
    ]
    top = show(waste[-1])
    if outs:
        where = outs[0].partition("-")[2]
        if where.startswith("t"):
            text = message(
                "The stock is locked, but you need not fill the space: play {card} onto {onto} "
                "({pile}) and deal on",
                card=top,
                onto=show(piles[where][-1]),
                pile=PileRef(where),
            )
        else:
            text = message(
                "The stock is locked, but you need not fill the space: play {card} up and deal on",
                card=top,
            )
        return Reading(
            "deal-on",
            text,
            (waste[-1],),
            ("stock", "waste", where),
            outs[0],
        )
    return Reading(
        "deal-on",
        message(
            "The stock is locked and {card} has nowhere to go but a space: fill one to deal on",
            card=top,
        ),
        (waste[-1],),
        ("stock", "waste"),
    )


def is_needless_fill(obs: Observation, move: str) -> bool:
    """Whether ``move`` fills a space to unlock the stock while the waste card could have
    gone elsewhere (the deal-on tip)."""
    source, _, target = move.partition("-")
    piles = obs["piles"]
    if not obs.get("stock_locked") or source != "waste" or target not in piles or piles[target]:
        return False
    if not target.startswith("t"):
        return False
    if pile_start_rank(obs) == card_facts(piles["waste"][-1])[0]:
        return False  # a good pile start is the right use of the space
    tip = deal_on(obs)
    return tip is not None and tip.move is not None


# ---------------------------------------------------------------- Klondike: don't give up
def _builds(under: str, over: str) -> bool:
    ru, redu, _ = card_facts(under)
    ro, redo, _ = card_facts(over)
    return ru == ro + 1 and redu != redo


def _waiting_for(obs: Observation, card: str, exclude: str) -> list[tuple[str, str]]:
    """Visible cards that could then move onto ``card``: (card, where) for the waste's top
    and every tableau card heading its pile's face-up cards above a face-down one."""
    piles = obs["piles"]
    found = []
    waste = piles.get("waste", [])
    if waste and _builds(card, waste[-1]):
        found.append((waste[-1], "waste"))
    for t in _names(obs, "t"):
        pile = piles[t]
        if t == exclude or not pile:
            continue
        first = next((k for k, c in enumerate(pile) if c != "#"), len(pile))
        if 0 < first < len(pile) and _builds(card, pile[first]):
            found.append((pile[first], t))
    return found


def _onto(piles: Mapping[str, list[str]], target: str) -> str:
    """Where a move goes: "onto 7♣ (t3)", or "to t3" for an empty pile."""
    if piles[target]:
        return message("onto {card} ({pile})", card=show(piles[target][-1]), pile=PileRef(target))
    return message("to {pile}", pile=PileRef(target))


def bring_downs(obs: Observation) -> list[Reading]:
    """Klondike: foundation cards worth bringing down, because a visible card (the waste's
    top, or a group with face-down cards under it) could then go onto them (in games whose
    foundations give cards back, as the legal moves say)."""
    check_observation(obs)
    piles = obs["piles"]
    tips = []
    for move in obs["legal_moves"]:
        source, _, target = move.partition("-")
        if not (source.startswith("f") and target.startswith("t")) or not piles[source]:
            continue
        card = piles[source][-1]
        waiting = _waiting_for(obs, card, target)
        if waiting:
            other, where = waiting[0]
            then = (
                message("then {card} from the waste can go on it", card=show(other))
                if where == "waste"
                else message(
                    "then {card} from {pile}, turning a card, can go on it",
                    card=show(other),
                    pile=PileRef(where),
                )
            )
            tips.append(
                Reading(
                    "bring-down",
                    message(
                        "Don't give up: bring {card} down from {pile} {onto}; {then}",
                        card=show(card),
                        pile=PileRef(source),
                        onto=_onto(piles, target),
                        then=then,
                    ),
                    (card, other),
                    (source, target, where),
                    move,
                )
            )
    return tips


def reorderings(obs: Observation) -> list[Reading]:
    """Klondike: sequence moves that turn no face-down card but free a face-up one, which
    can then go up to a foundation or take the waste's top card (in games that move
    sequences)."""
    check_observation(obs)
    if obs["tableau_moves"] != "sequence":
        return []
    piles = obs["piles"]
    waste = piles.get("waste", [])
    founds = _names(obs, "f")
    tips = []
    for move in obs["legal_moves"]:
        source, _, rest = move.partition("-")
        target, _, count = rest.partition("x")
        if not (source.startswith("t") and target.startswith("t")):
            continue
        n = int(count or 1)
        pile = piles[source]
        if len(pile) <= n or pile[-n - 1] == "#":
            continue
        freed = pile[-n - 1]
        group = _cards(pile[-n:])
        if any(foundation_takes(obs, f, freed) for f in founds):
            then = message("then {card} can go up", card=show(freed))
        elif waste and _builds(freed, waste[-1]):
            then = message(
                "then {card} from the waste can go on {onto}",
                card=show(waste[-1]),
                onto=show(freed),
            )
        else:
            continue
        tips.append(
            Reading(
                "reorder",
                message(
                    "Re-order: move {cards} from {pile} {onto}; {then}",
                    cards=group,
                    pile=PileRef(source),
                    onto=_onto(piles, target),
                    then=then,
                ),
                (*pile[-n:], freed),
                (source, target),
                move,
            )
        )
    return tips


# ---------------------------------------------------------------- everything at once
def read_position(obs: Observation) -> list[Reading]:
    """Everything the tips see in this position, in the help's order."""
    tips: list[Reading] = [*base_readings(obs), *reversed_runs(obs), *pile_starts(obs)]
    lock = deal_on(obs)
    if lock is not None:
        tips.append(lock)
    return tips + bring_downs(obs) + reorderings(obs)

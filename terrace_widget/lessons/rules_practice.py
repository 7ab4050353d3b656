"""The practices of lesson 02 (notebooks/02-rules-tutorial.ipynb), one after each rule.

Each is data: a name, a variant, a position, a goal and a judge. The judge looks only at
what the learner's first move did to the position (``judge(before, after)``: the game
before the move and the game after it), never at how the move was written, and answers
``(right, reason)``. Goals and reasons are :class:`~terrace_widget.i18n.Message` objects, so
the table shows them in its own language. ``practice(name, locale=...)`` puts one on a
live table (:class:`~.exercises.Practice`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..game.game import Game
from ..i18n import Card, Message, Pile, message
from ..rules.cards import parse_card
from .exercises import Practice

Judge = Callable[[Game, Game], tuple[bool, Message]]

# Nine black cards that never build on each other (black on black) and never go to an
# empty foundation while the base is 3: they keep the tableau full and quiet.
FILLERS = ["KC", "KS", "QC", "QS", "JC", "JS", "TC", "TS", "9C"]
QUIET = {f"t{i}": [card] for i, card in enumerate(FILLERS, 1)}
ALL = "A23456789TJQK"


@dataclass(frozen=True)
class RulesPractice:
    """One practice: a position of ``variant`` (``build`` makes it afresh), a goal, and a
    judge of the first move's effect."""

    name: str
    section: int
    variant: str
    goal: Message
    build: Callable[[], Game]
    judge: Judge

    def game(self) -> Game:
        """The practice's start position (a new game each time)."""
        return self.build()


def card(text: str) -> Card:
    """``'4H'`` as a sentence's parameter (named in the table's language)."""
    return Card(parse_card(text.lstrip("#")))


def rank(text: str) -> int:
    """The rank of ``'TD'`` (10), ``'AH'`` (1), ``'KS'`` (13)."""
    return ALL.index(text.lstrip("#")[0]) + 1


def piles_of(game: Game, kind: str) -> list[str]:
    """The names of the piles of a kind: ``t`` (tableau) or ``f`` (foundations)."""
    return [p for p in game.pile_names if p[0] == kind and p[1:].isdigit()]


def face_down(game: Game) -> int:
    """How many tableau cards lie face down."""
    return sum(c.startswith("#") for p in piles_of(game, "t") for c in game.piles[p])


def grown(before: Game, after: Game, kind: str) -> list[str]:
    """The piles of a kind that hold more cards after the move than before."""
    return [p for p in piles_of(after, kind) if len(after.piles[p]) > len(before.piles[p])]


# ---------------------------------------------------------------- 1. the base card
def base_position() -> Game:
    return Game("terrace", seed=12345)


def judge_base(before: Game, after: Game) -> tuple[bool, Message]:
    if after.base_rank is None:
        return False, message("No base yet: drop one of T1-T4's cards on a foundation.")
    reserve = before.piles["reserve"]
    buried = [c for c in reserve[:-1] if rank(c) == after.base_rank]
    if buried:
        return False, message(
            "The base is legal, but {card} lies buried in the reserve: its foundation "
            "must wait for it.",
            card=card(buried[-1]),
        )
    return True, message("No card of the base rank is buried in the reserve.")


# ---------------------------------------------------------------- 2. round the corner
def corner_position() -> Game:
    return Game.from_piles(
        "terrace",
        {
            **QUIET,
            "t1": ["AC"],
            "t2": ["3D"],
            "f1": ["3C", "4D", "5S", "6H", "7C", "8D", "9S", "TH", "JC", "QD", "KS"],
            "reserve": ["9H", "5C", "8S"],
            "waste": ["AH"],
            "stock": ["KD", "2C"],  # the last listed is dealt first
        },
        base_rank=3,
    )


def judge_corner(before: Game, after: Game) -> tuple[bool, Message]:
    for pile in grown(before, after, "f"):
        cards = after.piles[pile]
        if len(cards) > 1 and rank(cards[-2]) == 13 and rank(cards[-1]) == 1:
            return True, message(
                "{card} went on {onto}: after the King comes the Ace.",
                card=card(cards[-1]),
                onto=card(cards[-2]),
            ).capitalized()
    return False, message("Legal, but no card went round the corner onto a foundation.")


# ---------------------------------------------------------------- 3. nothing on a base card
def base_rank_position() -> Game:
    return Game.from_piles(
        "terrace",
        {**QUIET, "t1": ["3C"], "t2": ["4C"], "t3": ["3D"], "t4": ["4H"], "waste": ["2D"]},
        base_rank=3,
    )


def judge_base_rank(before: Game, after: Game) -> tuple[bool, Message]:
    base = before.base_rank
    for pile in grown(before, after, "t"):
        cards = after.piles[pile]
        if len(cards) > 1 and rank(cards[-1]) == base:
            return True, message(
                "{card} has the base rank, and it may go on {onto}.",
                card=card(cards[-1]),
                onto=card(cards[-2]),
            ).capitalized()
    return False, message("Legal, but no base-rank card went onto a tableau card.")


# ---------------------------------------------------------------- 4. the reserve
def reserve_position() -> Game:
    return Game.from_piles(
        "terrace",
        {
            **QUIET,
            "t1": ["9C"],
            "f1": ["3C", "4D", "5S", "6H", "7C"],
            "f2": ["3S", "4H", "5C", "6D", "7S"],
            "reserve": ["5H", "2C", "8D"],
        },
        base_rank=3,
    )


def judge_reserve(before: Game, after: Game) -> tuple[bool, Message]:
    top = before.piles["reserve"][-1]
    if after.piles["reserve"] == before.piles["reserve"][:-1]:
        for pile in grown(before, after, "f"):
            if after.piles[pile][-1] == top:
                return True, message(
                    "{card} left the reserve for {pile}.", card=card(top), pile=Pile(pile)
                ).capitalized()
    return False, message("Legal, but the reserve's top card is still there.")


# ---------------------------------------------------------------- 5. the stock lock
def lock_position() -> Game:
    return Game.from_piles(
        "terrace",
        {
            **QUIET,
            "t2": [],
            "reserve": ["QH", "3C"],
            "waste": ["5D", "8H"],
            "stock": ["9H"],
        },
        base_rank=3,
        stock_locked=True,
    )


def judge_lock(before: Game, after: Game) -> tuple[bool, Message]:
    if before.stock_locked and not after.stock_locked:
        return True, message("A card left the waste: the stock deals again.")
    return False, message("Legal, but the stock is still locked.")


# ---------------------------------------------------------------- 6. spaces fill themselves
def fill_position() -> Game:
    tableau = {p: c for p, c in QUIET.items() if int(p[1:]) <= 8}  # Redheads has 8 piles
    return Game.from_piles(
        "redheads",
        {
            **tableau,
            "t1": ["3H"],
            "reserve": ["9D", "4C"],
            "waste": ["9S", "8H", "JC"],
        },
        base_rank=3,
    )


def judge_fill(before: Game, after: Game) -> tuple[bool, Message]:
    for pile in piles_of(after, "t"):
        then, now = before.piles[pile], after.piles[pile]
        if len(then) == 1 and len(now) == 1 and then != now:
            return True, message(
                "{pile} emptied, and {card} filled it by itself.",
                pile=Pile(pile),
                card=card(now[0]),
            ).capitalized()
    return False, message("Legal, but no tableau pile emptied: no space was filled.")


# ---------------------------------------------------------------- 7. General's Patience
def generals_position() -> Game:
    return Game.from_piles(
        "generals-patience",
        {
            **QUIET,
            "t2": ["6C"],
            "f1": ["3H", "4H"],
            "f2": ["3D", "4D"],
            "reserve": ["8S", "3S"],
            "waste": ["5H"],
            "stock": ["2C", "9D"],
        },
        base_rank=3,
        redeals_used=1,
    )


def judge_generals(before: Game, after: Game) -> tuple[bool, Message]:
    top = before.piles["waste"][-1]
    if top not in after.piles["waste"] or len(after.piles["waste"]) < len(before.piles["waste"]):
        return True, message(
            "{card} was played, so the stock turned the next card.", card=card(top)
        ).capitalized()
    return False, message("Legal, but the waste card is still there: the stock waits for it.")


# ---------------------------------------------------------------- 8. Klondike: Aces
def ace_position() -> Game:
    return Game.from_piles(
        "klondike",
        {"t1": ["#5D", "AC"], "t2": ["KH"], "t3": ["#9S", "QS"], "t4": ["#4H", "JD"]},
    )


def judge_ace(before: Game, after: Game) -> tuple[bool, Message]:
    for pile in grown(before, after, "f"):
        if after.piles[pile] and rank(after.piles[pile][0]) == 1:
            return True, message(
                "{card} started a foundation: its suit builds up from it to the King.",
                card=card(after.piles[pile][0]),
            ).capitalized()
    return False, message("Legal, but no foundation was started.")


# ---------------------------------------------------------------- 9. groups, cards turn up
def group_position() -> Game:
    return Game.from_piles(
        "klondike",
        {
            "t1": ["#9C", "6D", "5S", "4H"],
            "t2": ["#2D", "7C"],
            "t3": ["#JD", "6H"],
            "t4": ["#3S", "7S"],
        },
    )


def judge_group(before: Game, after: Game) -> tuple[bool, Message]:
    if face_down(after) < face_down(before):
        return True, message("The group moved as one, and a face-down card turned up.")
    return False, message("Legal, but every face-down card is still face down.")


# ---------------------------------------------------------------- 10. a King into a space
def space_position() -> Game:
    return Game.from_piles(
        "klondike",
        {
            "t1": [],
            "t2": ["#4C", "QD"],
            "t3": ["#8S", "6D", "5S", "4H"],
            "t4": ["#2S", "KS", "QH", "JC"],
            "t5": ["#7H", "KD"],
        },
    )


def judge_space(before: Game, after: Game) -> tuple[bool, Message]:
    for pile in piles_of(after, "t"):
        if not before.piles[pile] and after.piles[pile]:
            return True, message(
                "A run headed by {card} filled the space.", card=card(after.piles[pile][0])
            )
    return False, message("Legal, but the space is still empty.")


# ---------------------------------------------------------------- 11. brought back down
def down_position() -> Game:
    return Game.from_piles(
        "klondike",
        {
            "f1": ["AH", "2H", "3H", "4H"],
            "f2": ["AC", "2C"],
            "t1": ["#9C", "5S"],
            "t2": ["#8D", "3D"],
            "t3": ["#JC", "TD"],
            "waste": ["3S"],
        },
    )


def judge_down(before: Game, after: Game) -> tuple[bool, Message]:
    came_down = [p for p in piles_of(after, "f") if len(after.piles[p]) < len(before.piles[p])]
    if not came_down:
        return False, message("Legal, but no card came down from a foundation.")
    waste = after.piles["waste"][-1]
    if any(after.is_legal(f"waste-{p}") for p in piles_of(after, "t")):
        return True, message("A card came down, and now {card} has a place.", card=card(waste))
    return False, message("A card came down, but {card} still fits nowhere.", card=card(waste))


# ---------------------------------------------------------------- 12. draw three
def three_position() -> Game:
    tableau = ["7C", "KD", "5D", "TS", "3C", "TC", "2S"]
    return Game.from_piles(
        "klondike-three-card",
        {
            **{f"t{i}": [c] for i, c in enumerate(tableau, 1)},
            "waste": ["AS", "6D", "9H"],
            "stock": ["QH", "JS", "8C"],
        },
    )


def judge_three(before: Game, after: Game) -> tuple[bool, Message]:
    waste = before.piles["waste"]
    if after.piles["waste"] == waste[:-1]:
        return True, message(
            "{card} left the waste: {under} is on top and in play now.",
            card=card(waste[-1]),
            under=card(waste[-2]),
        ).capitalized()
    return False, message("Legal, but the cards under the waste's top card are still covered.")


# ---------------------------------------------------------------- 13. redeals
def redeal_position() -> Game:
    return Game.from_piles(
        "klondike",
        {
            "f1": [r + "C" for r in ALL],
            "f2": [r + "D" for r in ALL],
            "f3": [r + "S" for r in ALL],
            "f4": ["AH", "2H", "3H", "4H", "5H"],
            **{f"t{i}": [c] for i, c in enumerate(["KH", "8H", "JH", "TH", "7H"], 1)},
            "waste": ["9H", "QH", "6H"],
        },
        rest_to=None,
    )


def judge_redeal(before: Game, after: Game) -> tuple[bool, Message]:
    if before.stock_count == 0 and after.stock_count > 0 and not after.piles["waste"]:
        return True, message("The waste went back into the stock: its cards come round again.")
    return False, message("Legal, but the stock is still empty.")


PRACTICES: dict[str, RulesPractice] = {
    p.name: p
    for p in (
        RulesPractice(
            "base", 1, "terrace",
            message(
                "Click the stock to see why it waits, then choose a base card whose rank has "
                "no card buried in the reserve."
            ),
            base_position, judge_base,
        ),
        RulesPractice(
            "corner", 2, "terrace",
            message("Play a card round the corner onto a foundation."),
            corner_position, judge_corner,
        ),
        RulesPractice(
            "base-rank", 3, "terrace",
            message(
                "Try the 2♦ on the 3♣ and read why it is refused; then put a base-rank card "
                "on a tableau card."
            ),
            base_rank_position, judge_base_rank,
        ),
        RulesPractice(
            "reserve", 4, "terrace",
            message(
                "Try the reserve's 8♦ on the 9♣ and read why it is refused; then play it "
                "where it may go."
            ),
            reserve_position, judge_reserve,
        ),
        RulesPractice(
            "lock", 5, "terrace",
            message("Click the stock to see why it is locked, then unlock it."),
            lock_position, judge_lock,
        ),
        RulesPractice(
            "fill", 6, "redheads",
            message("Empty a tableau pile and watch the space fill by itself."),
            fill_position, judge_fill,
        ),
        RulesPractice(
            "generals", 7, "generals-patience",
            message(
                "Second pass: click the stock and read why it waits; then play the 5♥ "
                "(foundations build in suit)."
            ),
            generals_position, judge_generals,
        ),
        RulesPractice(
            "ace", 8, "klondike",
            message("Try the K♥ on the A♣ and read why it is refused; then start a foundation."),
            ace_position, judge_ace,
        ),
        RulesPractice(
            "group", 9, "klondike",
            message(
                "Try moving only the 5♠ and 4♥ onto the 7♣ and read why it is refused; then "
                "move a group so that a face-down card turns up."
            ),
            group_position, judge_group,
        ),
        RulesPractice(
            "space", 10, "klondike",
            message("Try the Q♦ in a space and read why it is refused; then fill a space."),
            space_position, judge_space,
        ),
        RulesPractice(
            "down", 11, "klondike",
            message(
                "The 3♠ fits nowhere: bring a card down from a foundation so that it can be "
                "played."
            ),
            down_position, judge_down,
        ),
        RulesPractice(
            "three", 12, "klondike-three-card",
            message(
                "Try the 6♦ or the A♠ under the top waste card and read why it is refused; "
                "then play the top card so that the 6♦ comes into play."
            ),
            three_position, judge_three,
        ),
        RulesPractice(
            "redeal", 13, "klondike",
            message("The stock is empty: redeal, so that the waste's cards come round again."),
            redeal_position, judge_redeal,
        ),
    )
}  # fmt: skip


def practice(name: str, *, locale: str | None = None) -> Practice:
    """Practice ``name`` of lesson 02 on a live table in ``locale`` (the kernel's default
    language when ``None``)."""
    found = PRACTICES[name]
    return Practice(found.game(), found.goal, found.judge, locale=locale)

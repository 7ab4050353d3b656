"""The eleven games as data: one :class:`Rules` table, each game a small difference.

Terrace is written out in full; its six siblings and the four Klondike options are
``dataclasses.replace`` of a base row, exactly as docs/rules.md tabulates them.
The engine reads only these fields, so a new variant is a new row, never new code.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Literal

from ..i18n import N_
from .limits import quote

BaseRule = Literal["choose", "auto", "ace"]
FoundationBuild = Literal["alternate-colour", "same-suit"]
TableauMoves = Literal["single", "sequence"]
SpaceFill = Literal["waste", "kings"]
TableauDeal = Literal["one-each", "triangle"]
Style = Literal["terrace", "klondike"]
"""One of the two ways of the games' code: Aisleriot's two hint functions, the solver's two
move generators and restart schedules, the table's two arrangements."""


@dataclass(frozen=True)
class Rules:
    """Everything the engine needs to know about one game."""

    id: str
    name: str
    family: Literal["terrace", "klondike"]
    """The family the game belongs to, for people (docs, tables). No code branches on it:
    each per-game decision is a field of its own (the ones below)."""
    decks: int
    reserve: int
    tableau: int
    foundations: int
    tableau_deal: TableauDeal
    base: BaseRule
    """``choose``: the player picks the base from four cards; ``auto``: the next stock
    card starts F1; ``ace``: foundations start with an Ace (Klondike)."""
    foundation_build: FoundationBuild
    wrap: bool
    """Foundations build round the corner (K → A) and tableaux take a King on an Ace."""
    foundations_final: bool
    tableau_moves: TableauMoves
    space_fill: SpaceFill
    """Who may fill a space by hand: only the waste's top card, or a King-headed group."""
    auto_fill: tuple[str, ...]
    """Sources that fill spaces automatically after every move, in order of preference."""
    deal_count: int
    redeals: int | None
    """Redeals allowed; ``None`` means unlimited."""
    stock_lock: bool
    """A card dealt while a tableau space is open locks the stock until a card leaves the
    waste or the last space is filled (games whose spaces fill themselves never lock)."""
    one_at_a_time_after_redeal: bool
    """General's Patience: after the redeal a card is dealt only into an empty waste."""
    auto_deal: bool
    """An empty waste is refilled from the stock at once, whenever the stock may deal."""
    foundation_autoplay: bool
    """A double-click on a foundation sends up every card that can go (Klondike)."""
    hint_style: Style
    """Which of Aisleriot's two hint functions gives the classic hint (one per game file
    family); the rule player's own order of moves follows it too."""
    search: Style
    """The solver's move generator, position key and restart schedule
    (``solver.RESTARTS[search]``)."""
    layout: Style
    """How the front end arranges the table: ``terrace``, the stock, waste and reserve on
    the top row with the foundations in a row below; ``klondike``, the stock, waste and
    foundations on the top row. The tableau is the last row in both."""

    @property
    def cards(self) -> int:
        return 52 * self.decks

    @property
    def hidden_tableau(self) -> bool:
        """Whether tableau piles hold face-down cards (a triangle deal)."""
        return self.tableau_deal == "triangle"

    @property
    def has_base_rank(self) -> bool:
        """Whether the foundations start from a base rank set by the deal or the player
        (not always from the Ace)."""
        return self.base != "ace"

    def to_dict(self) -> dict[str, object]:
        """The row as plain data (tuples become lists)."""
        data = asdict(self)
        data["auto_fill"] = list(self.auto_fill)
        return data


TERRACE = Rules(
    id="terrace",
    name=N_("Terrace"),
    family="terrace",
    decks=2,
    reserve=11,
    tableau=9,
    foundations=8,
    tableau_deal="one-each",
    base="choose",
    foundation_build="alternate-colour",
    wrap=True,
    foundations_final=True,
    tableau_moves="single",
    space_fill="waste",
    auto_fill=(),
    deal_count=1,
    redeals=0,
    stock_lock=True,
    one_at_a_time_after_redeal=False,
    auto_deal=True,
    foundation_autoplay=False,
    hint_style="terrace",
    search="terrace",
    layout="terrace",
)
GENERALS_PATIENCE = replace(
    TERRACE,
    id="generals-patience",
    name=N_("General's Patience"),
    reserve=13,
    foundation_build="same-suit",
    redeals=1,
    one_at_a_time_after_redeal=True,
)
FALLING_STARS = replace(TERRACE, id="falling-stars", name=N_("Falling Stars"), base="auto")
SIGNORA = replace(FALLING_STARS, id="signora", name=N_("Signora"), auto_fill=("waste", "stock"))
REDHEADS = replace(
    SIGNORA,
    id="redheads",
    name=N_("Redheads"),
    reserve=21,
    tableau=8,
    auto_fill=("reserve", "waste", "stock"),
)
BLONDES_AND_BRUNETTES = replace(
    FALLING_STARS,
    id="blondes-and-brunettes",
    name=N_("Blondes and Brunettes"),
    reserve=10,
    tableau=8,
)
WOOD = replace(FALLING_STARS, id="wood", name=N_("Wood"), reserve=10)

KLONDIKE = Rules(
    id="klondike",
    name=N_("Klondike (Single card deals)"),
    family="klondike",
    decks=1,
    reserve=0,
    tableau=7,
    foundations=4,
    tableau_deal="triangle",
    base="ace",
    foundation_build="same-suit",
    wrap=False,
    foundations_final=False,
    tableau_moves="sequence",
    space_fill="kings",
    auto_fill=(),
    deal_count=1,
    redeals=2,
    stock_lock=False,
    one_at_a_time_after_redeal=False,
    auto_deal=False,
    foundation_autoplay=True,
    hint_style="klondike",
    search="klondike",
    layout="klondike",
)
KLONDIKE_THREE_CARD = replace(
    KLONDIKE,
    id="klondike-three-card",
    name=N_("Klondike (Three card deals)"),
    deal_count=3,
    redeals=None,
)
KLONDIKE_NO_REDEAL = replace(
    KLONDIKE, id="klondike-no-redeal", name=N_("Klondike (No redeals)"), redeals=0
)
KLONDIKE_UNLIMITED = replace(
    KLONDIKE, id="klondike-unlimited", name=N_("Klondike (Unlimited redeals)"), redeals=None
)

VARIANTS: dict[str, Rules] = {
    rules.id: rules
    for rules in (
        TERRACE,
        GENERALS_PATIENCE,
        FALLING_STARS,
        SIGNORA,
        REDHEADS,
        BLONDES_AND_BRUNETTES,
        WOOD,
        KLONDIKE,
        KLONDIKE_THREE_CARD,
        KLONDIKE_NO_REDEAL,
        KLONDIKE_UNLIMITED,
    )
}


class UnknownVariantError(ValueError):
    """Raised for a variant id that is not one of :data:`VARIANTS`."""


def get_rules(variant: str | Rules) -> Rules:
    """The rules of ``variant``, an id such as ``'generals-patience'`` (names work too)."""
    if isinstance(variant, Rules):
        return variant
    if not isinstance(variant, str):
        raise UnknownVariantError(
            f"a variant is named by a string such as 'terrace', not {quote(variant)}"
        )
    if len(variant) > 64:  # no game has a longer name: refused before any copy
        raise UnknownVariantError(
            f"unknown variant {quote(variant)}; the games are: {', '.join(VARIANTS)}"
        )
    key = variant.strip().lower().replace("_", "-").replace(" ", "-").replace("'", "")
    if key in VARIANTS:
        return VARIANTS[key]
    for rules in VARIANTS.values():
        if key == rules.name.lower().replace(" ", "-").replace("'", ""):
            return rules
    raise UnknownVariantError(
        f"unknown variant {quote(variant)}; the games are: {', '.join(VARIANTS)}"
    )

"""The table options players expect (``play(..., winnable=True, palette="four-colour")``),
turned into the session's arguments in one place."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..game.statistics import Statistics
from ..rules.variants import Rules
from .deck import Deck

if TYPE_CHECKING:
    from .session import TableSession


class PlayerMethods:
    """The widget's methods for the players' features (``TerraceWidget`` mixes them in)."""

    session: TableSession

    def new_game(
        self,
        variant: str | Rules | None = None,
        seed: int | None = None,
        *,
        winnable: bool | None = None,
        daily: bool = False,
    ) -> None:
        """A new deal of ``variant`` (the current game by default), from ``seed`` or at
        random (``winnable``: one the solver proved winnable; ``daily``: today's daily
        deal); Undo at its start brings the previous game back."""
        self.session.new_game(variant, seed, winnable=winnable, daily=daily)

    def watch(self, on: bool = True, speed: str | None = None) -> str | None:
        """Watch and learn: the fair player plays this deal (``speed``: slow, normal, fast);
        any click stops it. Returns why it cannot start, or ``None``."""
        return self.session.watch(on, speed)


def session_options(
    *,
    winnable: bool = False,
    daily: bool = False,
    palette: str = "classic",
    high_contrast: bool = False,
    large_print: bool = False,
    back: str = "blue",
    show_statistics: bool = True,
    statistics: Statistics | bool | None = True,
    fair: bool = False,
) -> dict[str, Any]:
    """``TableSession`` keywords for the players' options; a bad value raises ``ValueError``
    (or ``TypeError`` for an unknown option) before anything is built."""
    for name, value in (("winnable", winnable), ("daily", daily),
                        ("show_statistics", show_statistics), ("fair", fair)):  # fmt: skip
        if not isinstance(value, bool):
            raise ValueError(f"{name} is True or False")
    deck = Deck(palette=palette, contrast=high_contrast, large=large_print, back=back)
    return {"winnable": winnable, "daily": daily, "deck": deck,
            "show_statistics": show_statistics, "statistics": statistics,
            "fair": fair}  # fmt: skip

"""Decks you can read: the table's card settings (``view.deck``), checked in one place.

- ``palette``: ``classic`` (red and black) or ``four-colour`` (clubs green, diamonds blue);
- ``contrast``: high contrast (black on white faces, thick outlines, no felt texture);
- ``large``: large print (bigger corner indices);
- ``back``: the card back, one of :data:`BACKS` (each drawn by ``js/settings.js`` as CSS
  patterns: no bundled artwork, nothing to license).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
from typing import Any

PALETTES = ("classic", "four-colour")
BACKS = ("blue", "red", "green", "plain")


@dataclass(frozen=True)
class Deck:
    """The card settings of one table."""

    palette: str = "classic"
    contrast: bool = False
    large: bool = False
    back: str = "blue"

    def __post_init__(self) -> None:
        reason = _problem(asdict(self))
        if reason is not None:
            raise ValueError(reason)

    def view(self) -> dict[str, Any]:
        """``view.deck``."""
        return asdict(self)

    def changed(self, content: Mapping[str, object]) -> Deck:
        """A copy with the settings in ``content`` (a ``deck`` intent); ``ValueError``
        names the first bad one, and nothing changes."""
        fields = {k: content[k] for k in ("palette", "contrast", "large", "back") if k in content}
        if not fields:
            raise ValueError("a deck intent names palette, contrast, large or back")
        return replace(self, **fields)  # type: ignore[arg-type]


def _problem(fields: Mapping[str, object]) -> str | None:
    palette, back = fields.get("palette"), fields.get("back")
    if not isinstance(palette, str) or palette not in PALETTES:
        return f"the palette is one of {', '.join(PALETTES)}"
    if not isinstance(back, str) or back not in BACKS:
        return f"the card back is one of {', '.join(BACKS)}"
    for name in ("contrast", "large"):
        if not isinstance(fields.get(name), bool):
            return f"'{name}' is true or false"
    return None

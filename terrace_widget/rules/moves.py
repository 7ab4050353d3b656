"""Moves and their text notation.

``t3-f1`` moves one card from the third tableau pile to the first foundation,
``t2-t5x3`` moves a Klondike group of three, ``deal`` is a click on the stock (a deal
or a redeal). Pile names: ``stock``, ``waste``, ``reserve``, ``f1``…``f8``,
``t1``…``t9``; ``w`` and ``r`` are accepted as short forms when reading.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .limits import quote


class InvalidMoveError(ValueError):
    """A move text that cannot be read at all (as opposed to an illegal move)."""


class IllegalMoveError(ValueError):
    """A well-formed move that the rules refuse in the current position."""


_PILE = r"(stock|waste|reserve|w|r|[ft][1-9][0-9]?)"
_MOVE_RE = re.compile(rf"^{_PILE}-{_PILE}(?:x([1-9][0-9]?))?$")
_SHORT = {"w": "waste", "r": "reserve"}
MAX_MOVE_CHARS = 40
"""The longest move text read (``'reserve-t10x12'`` has 14 characters; spaces around
are allowed)."""


class Move(NamedTuple):
    """One action: ``size`` cards from the top of ``source`` onto ``target``.

    A deal is ``Move("stock", "waste", 1)`` and is written ``deal``.
    """

    source: str
    target: str
    size: int = 1
    """How many cards move (more than one only for a group in Klondike)."""

    @property
    def is_deal(self) -> bool:
        return self.source == "stock"

    def __str__(self) -> str:
        if self.source == "stock":
            return "deal"
        text = f"{self.source}-{self.target}"
        return text if self.size == 1 else f"{text}x{self.size}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read ``'t3-f1'``, ``'t2-t5x3'``, ``'waste-t4'`` or ``'deal'``."""
        if not isinstance(text, str):
            raise InvalidMoveError(f"a move is written as text such as 't3-f1', not {quote(text)}")
        if len(text) > MAX_MOVE_CHARS:  # before any copy of it
            raise InvalidMoveError(f"{quote(text)} is not a move: too long")
        norm = text.strip().lower()
        if norm in ("deal", "stock", "s"):
            return DEAL
        match = _MOVE_RE.match(norm)
        if match is None:
            raise InvalidMoveError(
                f"{quote(text)} is not a move: write 'source-target' with piles stock, waste, "
                "reserve, f1…f8, t1…t9 (for example 't3-f1', 'waste-t4', 't2-t5x3'), or 'deal'"
            )
        source, target, count = match.groups()
        source, target = _SHORT.get(source, source), _SHORT.get(target, target)
        if source == "stock":
            raise InvalidMoveError(
                f"{quote(text)}: cards leave the stock only by a deal; write 'deal'"
            )
        if source == target:
            raise InvalidMoveError(f"{quote(text)}: the source and the target are the same pile")
        return cls(source, target, int(count) if count else 1)


DEAL = Move("stock", "waste", 1)

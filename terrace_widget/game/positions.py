"""Constructed positions: checked against the rules, kept in a canonical form, loaded.

A position is what :meth:`Game.from_piles <terrace_widget.game.game.Game.from_piles>`, a save
and a position text (:mod:`terrace_widget.fen`) describe: the piles, the base rank, the
lock and the redeals used. :func:`check_position` refuses anything the rules could not
have dealt or played into (with :class:`CorruptSaveError`) and returns the canonical
form; :func:`load_position` puts it on a :class:`~terrace_widget.rules.engine.Table`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from itertools import pairwise
from typing import Any

from ..rules.cards import (
    RANK_TITLES,
    RANKS,
    builds_down,
    code,
    is_red,
    parse_card,
    rank_of,
    suit_of,
)
from ..rules.engine import STOCK, Table
from ..rules.limits import as_int, quote
from ..rules.variants import Rules, UnknownVariantError, get_rules

MAX_POSITION_TEXT = 2048
"""The longest position text read (two decks take under 300 characters)."""
MAX_CARD_TEXT = 6
"""Characters one card may take in a pile text (``'#10H'`` and a space): a longer text
holds more cards than the deck and is refused before it is split."""


class CorruptSaveError(ValueError):
    """A saved game, record or constructed position that is malformed or inconsistent."""


def check_position(
    table: Table,
    piles: Mapping[str, Iterable[str]],
    base_rank: int | None,
    stock_locked: bool,
    redeals_used: int,
    rest_to: str | None,
) -> dict[str, Any]:
    """Validate a constructed position; return it in canonical saved form."""
    rules = table.rules
    if not isinstance(piles, Mapping):
        raise CorruptSaveError("piles must map pile names to lists of cards")
    # Sizes before contents (issue 26, F6): no more piles than the game has, no pile
    # longer than its deck, no pile text longer than its deck written out.
    if len(piles) > len(table.names):
        raise CorruptSaveError(f"{rules.name} has {len(table.names)} piles, not {len(piles):,}")
    unknown = [name for name in piles if name not in table.names]
    if unknown:
        raise CorruptSaveError(
            f"{rules.name} has no pile {quote(unknown[0])}; its piles are {', '.join(table.names)}"
        )
    cards: dict[str, list[int]] = {}
    hidden: dict[str, int] = {}
    for name in table.names:
        entries = piles.get(name, [])
        if isinstance(entries, str):
            if len(entries) > MAX_CARD_TEXT * rules.cards:
                raise CorruptSaveError(
                    f"{name}: a pile text of {len(entries):,} characters holds more than "
                    f"the {rules.cards} cards of {rules.name}"
                )
            entries = entries.split()
        if not isinstance(entries, (list, tuple)):
            raise CorruptSaveError(f"{name}: a pile is a list of card codes, not {quote(entries)}")
        if len(entries) > rules.cards:
            raise CorruptSaveError(
                f"{name}: {len(entries):,} cards, more than the {rules.cards} of {rules.name}"
            )
        values, down, seen_up = [], 0, False
        for entry in entries:
            if not isinstance(entry, str):
                raise CorruptSaveError(f"{name}: {quote(entry)} is not a card code")
            face_down = entry.startswith("#")
            try:
                values.append(parse_card(entry[1:] if face_down else entry))
            except ValueError as error:
                raise CorruptSaveError(f"{name}: {error}") from None
            if name == "stock":
                continue
            if face_down:
                if seen_up or not (rules.hidden_tableau and name.startswith("t")):
                    raise CorruptSaveError(
                        f"{name}: face-down cards lie only in the stock and under the face-up "
                        "cards of a tableau pile dealt face down (Klondike)"
                    )
                down += 1
            else:
                seen_up = True
        cards[name], hidden[name] = values, down
    counts = Counter(v for values in cards.values() for v in values)
    extra = [code(v) for v in range(52) if counts[v] > rules.decks]
    if extra:
        raise CorruptSaveError(f"too many copies of {' '.join(extra)} for {rules.name}")
    rest = [v for v in range(52) for _ in range(rules.decks - counts[v])]
    if rest:
        if rest_to is None:
            raise CorruptSaveError(
                f"cards are missing: {' '.join(code(v) for v in rest[:8])}"
                + (" …" if len(rest) > 8 else "")
            )
        if not isinstance(rest_to, str) or rest_to not in table.names:
            raise CorruptSaveError(f"rest_to: {rules.name} has no pile {quote(rest_to)}")
        cards[rest_to] = rest + cards[rest_to]
        if rules.hidden_tableau and rest_to.startswith("t"):
            hidden[rest_to] += len(rest)
    # The base and the foundations.
    if not rules.has_base_rank:
        base = 1
    else:
        if base_rank is None:
            bottoms = [cards[n][0] for n in table.names if n.startswith("f") and cards[n]]
            base_rank = rank_of(bottoms[0]) if bottoms else None
        if base_rank is None and rules.base != "choose":
            raise CorruptSaveError(f"{rules.name} needs a base rank once it is dealt")
        base_rank = as_int(base_rank)  # type: ignore[assignment]  # NumPy's integers too
        if base_rank is not None and (
            not isinstance(base_rank, int)
            or isinstance(base_rank, bool)
            or not 1 <= base_rank <= 13
        ):
            raise CorruptSaveError(f"the base rank is 1 (Ace) to 13 (King), not {quote(base_rank)}")
        base = base_rank or 0
    for name in table.names:
        if name.startswith("f") and cards[name]:
            check_foundation(name, cards[name], base, rules)
        if rules.hidden_tableau and name.startswith("t"):
            up = cards[name][hidden[name] :]
            if cards[name] and not up:
                raise CorruptSaveError(f"{name}: a tableau pile needs a face-up top card")
            for under, over in pairwise(up):
                if not builds_down(under, over):
                    raise CorruptSaveError(
                        f"{name}: its face-up cards must build down in alternating colours"
                    )
    redeals_used = as_int(redeals_used)  # type: ignore[assignment]  # NumPy's integers too
    if (
        not isinstance(redeals_used, int)
        or isinstance(redeals_used, bool)
        or redeals_used < 0
        or (rules.redeals is not None and redeals_used > rules.redeals)
    ):
        raise CorruptSaveError(f"{rules.name} cannot have used {quote(redeals_used)} redeals")
    if not isinstance(stock_locked, bool):
        raise CorruptSaveError("stock_locked is true or false")
    check_reachable(table, cards, hidden, base, stock_locked)
    return {
        "piles": {
            name: [
                ("#" if (name == "stock" or k < hidden[name]) else "") + code(v)
                for k, v in enumerate(cards[name])
            ]
            for name in table.names
        },
        "base_rank": base if rules.has_base_rank and base else None,
        "stock_locked": stock_locked,
        "redeals_used": redeals_used,
    }


def check_reachable(
    table: Table,
    cards: Mapping[str, list[int]],
    hidden: Mapping[str, int],
    base: int,
    stock_locked: bool,
) -> None:
    """Refuse positions that no play of the game can reach, where the rules would leave
    the game stuck in a state it cannot be in."""
    rules = table.rules
    tableau = [name for name in table.names if name.startswith("t")]
    if stock_locked and rules.stock_lock and not rules.auto_fill:
        # The stock locks when a card is dealt while a space is open, and opens again
        # when a waste card is played or no space is left.
        if all(cards[name] for name in tableau):
            raise CorruptSaveError("the stock can be locked only while a tableau space is open")
        if not cards["waste"]:
            raise CorruptSaveError("the stock can be locked only with a card on the waste")
    if rules.hidden_tableau:
        # Face-down cards are only dealt, never added: no pile ever holds more than the
        # deal's largest number (six). Which pile holds how many is not checked: the
        # piles are alike in play, and a constructed position may number them freely.
        most = len(tableau) - 1
        for name in tableau:
            if hidden[name] > most:
                raise CorruptSaveError(
                    f"{name}: a tableau pile holds at most {most} face-down cards (as dealt), "
                    f"not {hidden[name]}"
                )
    if rules.has_base_rank and not base and not any(cards[name] for name in tableau):
        raise CorruptSaveError(
            "the base is chosen from a tableau card: a position before the choice needs one"
        )


def check_foundation(name: str, cards: list[int], base: int, rules: Rules) -> None:
    if not base:
        raise CorruptSaveError(f"{name}: no card reaches a foundation before the base is chosen")
    if rank_of(cards[0]) != base:
        raise CorruptSaveError(f"{name} must start with a {RANK_TITLES[base - 1]}")
    if len(cards) > 13:
        raise CorruptSaveError(f"{name} holds more than 13 cards")
    for under, over in pairwise(cards):
        step = (rank_of(over) - rank_of(under)) % 13
        if rank_of(under) == 13 and not rules.wrap:
            step = 0
        same = (
            suit_of(under) == suit_of(over)
            if rules.foundation_build == "same-suit"
            else (is_red(under) != is_red(over))
        )
        if step != 1 or not same:
            raise CorruptSaveError(f"{name}: {code(over)} cannot follow {code(under)}")


def load_position(table: Table, start: Mapping[str, Any]) -> None:
    for i, name in enumerate(table.names):
        entries = start["piles"][name]
        table.piles[i] = [parse_card(e.lstrip("#")) for e in entries]
        table.down[i] = 0 if i == STOCK else sum(e.startswith("#") for e in entries)
    rules = table.rules
    table.set_base((start["base_rank"] or 0) if rules.has_base_rank else 1)
    table.locked = start["stock_locked"]
    table.passes = start["redeals_used"]


def position_text(rules: Rules, table: Table) -> str:
    """The one-line text of ``table`` (see :meth:`Game.fen <terrace_widget.game.game.Game.fen>`)."""
    piles = []
    for i, cards in enumerate(table.piles):
        hidden = len(cards) if i == STOCK else table.down[i]
        text = "".join(code(v).lower() if k < hidden else code(v) for k, v in enumerate(cards))
        piles.append(text or "-")
    base = RANKS[table.base - 1] if rules.has_base_rank and table.base else "-"
    lock = "L" if table.locked else "-"
    return f"{rules.id} {'/'.join(piles)} {base} {lock} {table.passes}"


def read_position_text(text: object) -> tuple[Rules, dict[str, list[str]], int | None, bool, int]:
    """The variant, piles (``#`` before a face-down card), base rank, lock and redeals
    of a position text; ``CorruptSaveError`` if it is not well formed."""
    if not isinstance(text, str):
        raise CorruptSaveError(f"a position text is a string, not {type(text).__name__}")
    if len(text) > MAX_POSITION_TEXT:
        raise CorruptSaveError(f"a position text is at most {MAX_POSITION_TEXT} characters")
    fields = text.split()
    if len(fields) != 5:
        raise CorruptSaveError(
            "a position text has five fields: variant, piles, base, lock, redeals "
            f"(e.g. 'klondike as2h/-/... - - 0'), not {len(fields)}"
        )
    variant, pile_field, base_field, lock_field, redeals_field = fields
    try:
        rules = get_rules(variant)
    except UnknownVariantError as error:
        raise CorruptSaveError(str(error)) from None
    names = Table(rules).names
    texts = pile_field.split("/")
    if len(texts) != len(names):
        raise CorruptSaveError(
            f"{rules.name} has {len(names)} piles ({', '.join(names)}), the text {len(texts)}"
        )
    piles: dict[str, list[str]] = {}
    for name, pile in zip(names, texts, strict=True):
        if pile == "-":
            pile = ""
        if len(pile) % 2 or not pile.isascii() or (pile and not pile.isalnum()):
            raise CorruptSaveError(f"{name}: {pile[:20]!r} is not a run of two-character cards")
        cards = [pile[k : k + 2] for k in range(0, len(pile), 2)]
        piles[name] = [("#" + c.upper()) if c[0].islower() or c[1].islower() else c for c in cards]
    if base_field == "-":
        base_rank = None
    elif len(base_field) == 1 and base_field.upper() in RANKS:
        base_rank = RANKS.index(base_field.upper()) + 1
    else:
        raise CorruptSaveError(
            f"the base is a rank (A 2 … T J Q K) or '-', not {quote(base_field)}"
        )
    if lock_field not in ("L", "-"):
        raise CorruptSaveError(f"the lock is 'L' or '-', not {quote(lock_field)}")
    if not redeals_field.isascii() or not redeals_field.isdigit() or len(redeals_field) > 4:
        raise CorruptSaveError(
            f"the redeals used are a small whole number, not {quote(redeals_field)}"
        )
    return rules, piles, base_rank, lock_field == "L", int(redeals_field)

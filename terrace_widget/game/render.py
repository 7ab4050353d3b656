"""Text and SVG pictures of an observation, laid out as GNOME Aisleriot lays the table.

Both functions read only the observation dict (``Game.observation()``): a face-down card
is ``"#"`` there and is drawn as a card back that carries no identity. Anything written
``"#XX"`` (a save's face-down card) is treated the same way, so it can never leak.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

from terrace_widget.rules.cards import (
    RANK_TITLES,
    RANK_WORDS,
    RANKS,
    SUIT_GLYPHS,
    SUIT_WORDS,
    code,
    glyph,
    is_red,
    parse_card,
    rank_of,
    suit_of,
)

__all__ = ["SvgString", "svg_board", "text_board"]

Obs = Mapping[str, Any]


class SvgString(str):
    """An SVG document that Jupyter displays as a picture."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


# --------------------------------------------------------------------------- reading


def _value(card: str) -> int | None:
    """The card's value, or None for a face-down card (``"#"`` or ``"#XX"``)."""
    return None if card.startswith("#") else parse_card(card)


def _piles(obs: Obs) -> dict[str, list[str]]:
    return {name: list(cards) for name, cards in obs.get("piles", {}).items()}


def _order(obs: Obs) -> list[str]:
    order = obs.get("pile_order")
    return list(order) if order else list(obs.get("piles", {}))


def _numbered(order: Sequence[str], prefix: str) -> list[str]:
    return [p for p in order if re.fullmatch(prefix + r"\d+", p)]


def _has_base_rank(obs: Obs) -> bool:
    """Whether the foundations start from a base rank (the Terrace games), not the Ace."""
    known = obs.get("has_base_rank")
    if known is not None:
        return bool(known)
    return "reserve" in obs.get("piles", {})


def _stock_count(obs: Obs, piles: Mapping[str, list[str]]) -> int:
    count = obs.get("stock_count")
    return int(count) if count is not None else len(piles.get("stock", []))


def _redeals_text(obs: Obs) -> str:
    left = obs.get("redeals_left")
    return "unlimited redeals" if left is None else f"redeals left {left}"


def _base_text(obs: Obs) -> str | None:
    """``'base 3'``, ``'base Queen'``; None in Klondike."""
    if not _has_base_rank(obs):
        return None
    base = obs.get("base_rank")
    if base:
        return f"base {RANK_TITLES[int(base) - 1]}"
    return "base to choose" if obs.get("status") == "choosing-base" else "no base"


def _name(obs: Obs) -> str:
    return str(obs.get("name") or obs.get("variant") or "Solitaire")


def _score_text(obs: Obs) -> str:
    score, top = obs.get("score", 0), obs.get("max_score")
    return f"score {score}/{top}" if top else f"score {score}"


def _short(card: str) -> str:
    """``'Q♥'``, or ``'##'`` for a face-down card."""
    value = _value(card)
    return "##" if value is None else glyph(value)


def _spoken(value: int) -> str:
    """``'queen of hearts'``."""
    return f"{RANK_WORDS[rank_of(value) - 1]} of {SUIT_WORDS[suit_of(value)]}"


def _status_parts(obs: Obs) -> list[str]:
    piles = _piles(obs)
    parts = [_name(obs), str(obs.get("status", "playing")), _score_text(obs)]
    base = _base_text(obs)
    if base:
        parts.append(base)
    parts.append(f"stock {_stock_count(obs, piles)}")
    if obs.get("stock_locked"):
        parts.append("locked")
    parts.append(_redeals_text(obs))
    return parts


# ------------------------------------------------------------------------------ text

_LINE = 99


def _wrap(label: str, words: Sequence[str]) -> list[str]:
    """``label`` followed by ``words``, wrapped under 100 characters."""
    lines, line = [], label
    for word in words:
        if len(line) + 1 + len(word) > _LINE:
            lines.append(line)
            line = " " * len(label)
        line += " " + word
    lines.append(line)
    return lines


def _top(cards: Sequence[str]) -> str:
    return _short(cards[-1]) if cards else "--"


def text_board(obs: Obs) -> str:
    """A compact monospace board: header, stock/waste/reserve, foundations, tableau."""
    piles, order = _piles(obs), _order(obs)
    lines = [" · ".join(_status_parts(obs))]

    row = []
    if "stock" in piles:
        lock = " locked" if obs.get("stock_locked") else ""
        row.append(f"stock [{_stock_count(obs, piles)}]{lock}")
    if "waste" in piles:
        waste = piles["waste"]
        shown = 3 if int(obs.get("deal_count", 1)) == 3 else 1
        tops = " ".join(_short(c) for c in waste[-shown:]) or "--"
        under = len(waste) - min(len(waste), shown)
        row.append(f"waste {tops}" + (f" (+{under})" if under else ""))
    foundations = _numbered(order, "f")
    found = [f"{f} {_top(piles.get(f, [])):<3}" for f in foundations]
    if "reserve" in piles:
        lines.append("   ".join(row))
        lines += _wrap("reserve", [_short(c) for c in piles["reserve"]] or ["--"])
        lines.append("  ".join(found).rstrip())
    else:
        lines.append("   ".join([*row, "  ".join(found)]).rstrip())

    tableau = _numbered(order, "t")
    if tableau:
        columns = [piles.get(t, []) for t in tableau]
        lines.append(" ".join(f"{t:<4}" for t in tableau).rstrip())
        for depth in range(max(1, *(len(c) for c in columns))):
            cells = [
                _short(c[depth]) if depth < len(c) else ("--" if depth == 0 else "")
                for c in columns
            ]
            lines.append(" ".join(f"{cell:<4}" for cell in cells).rstrip())
    return "\n".join(lines)


# ------------------------------------------------------------------------------- SVG

GEOMETRY: dict[str, Any] = json.loads(
    (Path(__file__).parent / "geometry.json").read_text(encoding="utf-8")
)
"""The table's proportions in card widths: the one source js/layout.js reads too."""
CARD_W = 100
CARD_H = round(GEOMETRY["H"] * CARD_W)
PITCH = round(GEOMETRY["PITCH"] * CARD_W)  # one Aisleriot slot unit: a card plus the gap
MARGIN = round(GEOMETRY["MARGIN"] * CARD_W)
ROW_GAP = round(GEOMETRY["ROW_GAP"] * CARD_W)  # between the top row and the foundations
TABLEAU_GAP = round(GEOMETRY["TABLEAU_GAP"] * CARD_W)  # above the tableau
FAN_RIGHT = round(GEOMETRY["FAN_RIGHT"] * CARD_W)  # largest reserve offset
FAN_RIGHT_MIN = round(GEOMETRY["FAN_RIGHT_MIN"] * CARD_W)  # keeps the corner index readable
FAN_DOWN = round(GEOMETRY["FAN_DOWN"] * CARD_W)  # face-up tableau offset
FAN_DOWN_BACK = round(GEOMETRY["FAN_BACK"] * CARD_W)  # face-down tableau offset
CAPTION_H = 36

FELT = "#1e6b3c"
RED, BLACK = "#c4212d", "#1b1b1b"
FONT = "'DejaVu Sans', 'Segoe UI', 'Helvetica Neue', Helvetica, Arial, sans-serif"
TEXT_VS = "\ufe0e"  # keep ♥ ♦ as text glyphs, never colour emoji


def _suit_text(value: int) -> str:
    return SUIT_GLYPHS[suit_of(value)] + TEXT_VS


def _rank_label(rank: int) -> str:
    return "10" if rank == 10 else RANKS[rank - 1]


def _n(x: float) -> str:
    """A short number for SVG attributes."""
    return f"{x:.2f}".rstrip("0").rstrip(".")


def _attr(text: str) -> str:
    return escape(text, quote=True)


def _back_lattice() -> str:
    """Diagonal lines inside the back's inner frame (they never leave it)."""
    x0, y0, x1, y1, step = 9.0, 9.0, CARD_W - 9.0, CARD_H - 9.0, 12.0
    w, h = x1 - x0, y1 - y0
    parts = []
    k = -h
    while k < w:
        # the line x - x0 = (y - y0) + k, and its mirror image
        ta, tb = max(0.0, -k), min(h, w - k)
        if tb > ta:
            parts.append(f"M{_n(x0 + ta + k)} {_n(y0 + ta)}L{_n(x0 + tb + k)} {_n(y0 + tb)}")
            parts.append(f"M{_n(x1 - ta - k)} {_n(y0 + ta)}L{_n(x1 - tb - k)} {_n(y0 + tb)}")
        k += step
    return "".join(parts)


_LATTICE = _back_lattice()

_BACK_BODY = (
    f'<rect width="{CARD_W}" height="{CARD_H}" rx="8" fill="#24509a" stroke="#0e2a5c"/>'
    f'<rect x="6" y="6" width="{CARD_W - 12}" height="{CARD_H - 12}" rx="5" fill="#2e62b5" '
    'stroke="#dfe8f7" stroke-width="1.5"/>'
    f'<path d="{_LATTICE}" stroke="#8fb0e6" stroke-width="1" stroke-opacity=".55"/>'
)

_FACE_RECT = (
    f'<rect width="{CARD_W}" height="{CARD_H}" rx="8" fill="#fffdf8" stroke="#5a5a5a" '
    'stroke-width="1"/>'
)


def _back(x: float, y: float) -> str:
    """A face-down card: a back and nothing else."""
    return (
        f'<g class="back" transform="translate({_n(x)},{_n(y)})">'
        f"<title>face-down card</title>{_BACK_BODY}</g>"
    )


def _index(value: int) -> str:
    rank, suit = _rank_label(rank_of(value)), _suit_text(value)
    squeeze = ' letter-spacing="-2"' if len(rank) > 1 else ""
    return (
        f'<text x="16" y="23" font-size="22" font-weight="bold" text-anchor="middle"'
        f"{squeeze}>{rank}</text>"
        f'<text x="16" y="41" font-size="18" text-anchor="middle">{suit}</text>'
    )


def _face(value: int, x: float, y: float, *, buried: bool = False) -> str:
    """A face-up card; ``buried`` cards (hidden under a pile's top) are drawn plain."""
    colour = RED if is_red(value) else BLACK
    head = (
        f'<g data-card="{code(value)}" '
        f'class="card{" buried" if buried else ""}" fill="{colour}" '
        f'transform="translate({_n(x)},{_n(y)})"><title>{_spoken(value)}</title>{_FACE_RECT}'
    )
    if buried:
        return head + "</g>"
    rank, suit = rank_of(value), _suit_text(value)
    index = _index(value)
    if rank > 10:  # court card: a tinted panel with a big letter and the suit
        middle = (
            f'<rect x="30" y="50" width="40" height="68" rx="4" fill="{colour}" '
            'fill-opacity=".07"/>'
            f'<text x="50" y="90" font-size="40" font-weight="bold" text-anchor="middle">'
            f"{RANKS[rank - 1]}</text>"
            f'<text x="50" y="114" font-size="22" text-anchor="middle">{suit}</text>'
        )
    else:
        size = 64 if rank == 1 else 52
        middle = (
            f'<text x="50" y="{_n(72 + size * 0.36)}" font-size="{size}" '
            f'text-anchor="middle">{suit}</text>'
        )
    return (
        f"{head}{index}{middle}"
        f'<g transform="rotate(180 {CARD_W / 2:g} {CARD_H / 2:g})">{index}</g></g>'
    )


def _outline(x: float, y: float, label: str, mark: str = "") -> str:
    """An empty slot: a dashed outline with a faint name (and a faint rank mark)."""
    big = (
        f'<text x="{_n(x + CARD_W / 2)}" y="{_n(y + CARD_H / 2 + 14)}" font-size="40" '
        f'text-anchor="middle" fill="#fff" fill-opacity=".22">{escape(mark)}</text>'
        if mark
        else ""
    )
    return (
        f'<rect x="{_n(x + 1)}" y="{_n(y + 1)}" width="{CARD_W - 2}" height="{CARD_H - 2}" '
        'rx="8" fill="#000" fill-opacity=".10" stroke="#fff" stroke-opacity=".45" '
        'stroke-width="1.5" stroke-dasharray="7 5"/>'
        f'<text x="{_n(x + CARD_W / 2)}" y="{_n(y + CARD_H - 14)}" font-size="15" '
        f'text-anchor="middle" fill="#fff" fill-opacity=".55">{escape(label)}</text>{big}'
    )


def _padlock(cx: float, cy: float) -> str:
    """A small drawn padlock centred on (cx, cy)."""
    return (
        f'<path d="M{_n(cx - 9)} {_n(cy - 2)}v-7a9 9 0 0 1 18 0v7" fill="none" '
        'stroke="#f3c544" stroke-width="4"/>'
        f'<rect x="{_n(cx - 14)}" y="{_n(cy - 3)}" width="28" height="22" rx="4" '
        'fill="#f3c544" stroke="#7a5a00" stroke-width="1"/>'
        f'<circle cx="{_n(cx)}" cy="{_n(cy + 6)}" r="3.2" fill="#5a4200"/>'
        f'<rect x="{_n(cx - 1.5)}" y="{_n(cy + 7)}" width="3" height="7" fill="#5a4200"/>'
    )


def _card(card: str, x: float, y: float, *, buried: bool = False) -> str:
    value = _value(card)
    return _back(x, y) if value is None else _face(value, x, y, buried=buried)


def _stack(cards: Sequence[str], x: float, y: float, fan: int = 1, dx: float = 0.0) -> str:
    """A plain pile: buried cards edge out below-right, the top ``fan`` cards fan right."""
    out = []
    n = len(cards)
    fanned = min(fan, n)
    for i, card in enumerate(cards[: n - fanned]):
        depth = min(3, n - fanned - i)
        out.append(_card(card, x + depth * 1.5, y + depth * 1.5, buried=True))
    for j, card in enumerate(cards[n - fanned :]):
        out.append(_card(card, x + j * dx, y))
    return "".join(out)


@dataclass
class _Pile:
    name: str
    x: float
    y: float
    kind: str  # "stock" | "waste" | "reserve" | "foundation" | "tableau"


def _pile_title(name: str, cards: Sequence[str], obs: Obs) -> str:
    if name == "stock":
        n = _stock_count(obs, {"stock": list(cards)})
        locked = ", locked" if obs.get("stock_locked") else ""
        return f"stock: {n} card{'s' * (n != 1)}{locked}"
    if not cards:
        return f"{name}: empty"
    shown = [_short(c) for c in reversed(cards)]
    if name.startswith("f") or name == "waste":
        return f"{name}: {shown[0]} on top, {len(cards)} card{'s' * (len(cards) != 1)}"
    up = [s for s in shown if s != "##"]
    down = len(shown) - len(up)
    text = " on ".join(up) if up else ""
    if down:
        hidden = f"{down} face-down card{'s' * (down != 1)}"
        text = f"{text} on {hidden}" if text else hidden
    return f"{name}: {text}"


def _layout(obs: Obs) -> tuple[list[_Pile], float, float, float]:
    """Slot positions, the reserve's fan offset, the board width and the tableau's top."""
    order, piles = _order(obs), _piles(obs)
    foundations, tableau = _numbered(order, "f"), _numbered(order, "t")
    top, second = MARGIN, MARGIN + CARD_H + ROW_GAP
    slots: list[_Pile] = []
    if "stock" in order:
        slots.append(_Pile("stock", MARGIN, top, "stock"))
    if "waste" in order:
        slots.append(_Pile("waste", MARGIN + PITCH, top, "waste"))
    fan = float(FAN_RIGHT)
    if _has_base_rank(obs):
        columns = max(8, len(foundations))
        width: float = (columns - 1) * PITCH + CARD_W
        if "reserve" in order:
            x0: float = MARGIN + 3 * PITCH
            n = len(piles.get("reserve", []))
            if n > 1:
                room = MARGIN + width - x0 - CARD_W
                fan = max(FAN_RIGHT_MIN, min(FAN_RIGHT, room / (n - 1)))
                width = max(width, x0 - MARGIN + CARD_W + fan * (n - 1))
            slots.append(_Pile("reserve", x0, top, "reserve"))
        slots += [
            _Pile(f, MARGIN + i * PITCH, second, "foundation") for i, f in enumerate(foundations)
        ]
        # Aisleriot steps one unit plus (1 - piles/8): 9 piles sit 7/8 apart (terrace.scm:111)
        step = PITCH * (2 - len(tableau) / 8)
        span = (len(tableau) - 1) * step + CARD_W
        x0 = MARGIN + max(0.0, width - span) / 2  # centred under the whole top, as js/layout.js
        row = second + CARD_H + TABLEAU_GAP
    else:
        columns = max(7, len(tableau), 3 + len(foundations))
        width = (columns - 1) * PITCH + CARD_W
        slots += [
            _Pile(f, MARGIN + (3 + i) * PITCH, top, "foundation") for i, f in enumerate(foundations)
        ]
        step, x0, row = PITCH, MARGIN, second
    slots += [_Pile(t, x0 + i * step, row, "tableau") for i, t in enumerate(tableau)]
    return slots, fan, width, row


def _tableau_offsets(cards: Sequence[str]) -> list[float]:
    """Vertical offsets of a tableau pile's cards, bottom to top."""
    ys, y = [], 0.0
    for card in cards:
        ys.append(y)
        y += FAN_DOWN_BACK if card.startswith("#") else FAN_DOWN
    return ys


def _draw_stock(x: float, y: float, obs: Obs, cards: list[str]) -> str:
    """The stock: a card back with the count, or a dashed slot; padlock when locked."""
    n = _stock_count(obs, {"stock": cards})
    cx = x + CARD_W / 2
    if n:
        edges = "".join(
            f'<rect x="{_n(x + d * 1.5)}" y="{_n(y + d * 1.5)}" width="{CARD_W}" '
            f'height="{CARD_H}" rx="8" fill="#1c4383" stroke="#0e2a5c"/>'
            for d in range(min(3, n - 1), 0, -1)
        )
        pill_y = y + CARD_H - 40
        body = (
            f'{edges}<g transform="translate({_n(x)},{_n(y)})">{_BACK_BODY}</g>'
            f'<rect x="{_n(cx - 24)}" y="{_n(pill_y)}" width="48" height="24" rx="12" '
            'fill="#fff" fill-opacity=".92" stroke="#0e2a5c"/>'
            f'<text x="{_n(cx)}" y="{_n(pill_y + 17.5)}" font-size="16" font-weight="bold" '
            f'text-anchor="middle" fill="#14305e">{n}</text>'
        )
    else:
        left = obs.get("redeals_left")
        redeal = (left is None or left > 0) and bool(obs.get("piles", {}).get("waste"))
        body = _outline(x, y, "stock", "↻" if redeal else "")
    if obs.get("stock_locked"):
        body += (
            f'<g class="lock"><rect x="{_n(x + 1)}" y="{_n(y + 1)}" width="{CARD_W - 2}" '
            f'height="{CARD_H - 2}" rx="8" fill="#000" fill-opacity=".38"/>'
            f"{_padlock(cx, y + 36)}"
            f'<text x="{_n(cx)}" y="{_n(y + 80)}" font-size="17" font-weight="bold" '
            'text-anchor="middle" fill="#f3c544">locked</text></g>'
        )
    return body


def _draw_pile(slot: _Pile, cards: list[str], obs: Obs, fan: float) -> str:
    x, y, name = slot.x, slot.y, slot.name
    if slot.kind == "stock":
        return _draw_stock(x, y, obs, cards)
    if not cards:
        mark = ""
        if slot.kind == "foundation":
            base = obs.get("base_rank") if _has_base_rank(obs) else 1
            mark = _rank_label(int(base)) if base else ""
        return _outline(x, y, name, mark)
    if slot.kind == "reserve":
        return "".join(_card(c, x + i * fan, y) for i, c in enumerate(cards))
    if slot.kind == "tableau":
        offsets = _tableau_offsets(cards)
        return "".join(_card(c, x, y + dy) for c, dy in zip(cards, offsets, strict=True))
    three = slot.kind == "waste" and int(obs.get("deal_count", 1)) == 3
    return _stack(cards, x, y, fan=3 if three else 1, dx=FAN_RIGHT_MIN + 2)


_STATUS_WORDS = {"choosing-base": "choose a base card", "won": "won!", "lost": "game over"}


def _caption(obs: Obs) -> str:
    """Aisleriot's status bar in one line: name, score, base card, stock and redeals left."""
    piles = _piles(obs)
    parts = [_name(obs)]
    status = str(obs.get("status", "playing"))
    if status != "playing":
        parts.append(_STATUS_WORDS.get(status, status))
    top = obs.get("max_score")
    parts.append(f"Score: {obs.get('score', 0)}" + (f"/{top}" if top else ""))
    base = obs.get("base_rank")
    if _has_base_rank(obs) and base:
        parts.append(f"Base Card: {RANK_TITLES[int(base) - 1]}")
    parts.append(f"Stock left: {_stock_count(obs, piles)}")
    left = obs.get("redeals_left")
    parts.append("Redeals: unlimited" if left is None else f"Redeals left: {left}")
    return "   ·   ".join(parts)


def _move_piles(
    move: object, names: Sequence[str], piles: Mapping[str, Sequence[str]]
) -> tuple[str, str]:
    """The source and target pile of ``move`` (a Move, ``"t3-f1"``, ``"deal"`` or a pair),
    drawn on the table after it: a deal that left the waste empty was a redeal, the waste
    going back to the stock."""
    if isinstance(move, str):
        from terrace_widget.rules.moves import Move

        move = Move.parse(move)
    if isinstance(move, tuple) and len(move) >= 2:
        source, target = str(move[0]), str(move[1])
        if source == "deal" or target == "deal" or (source, target) == ("stock", "waste"):
            if "waste" not in names:
                source, target = "stock", "stock"
            elif piles.get("waste"):
                source, target = "stock", "waste"
            else:
                source, target = "waste", "stock"
        for pile in (source, target):
            if pile not in names:
                raise ValueError(f"move {move!r}: there is no pile {pile!r} on this table")
        return source, target
    raise TypeError(f"move must be a Move, a string such as 't3-f1' or a pair, not {move!r}")


def _extent(slot: _Pile, cards: Sequence[str], fan: float) -> tuple[float, float, float, float]:
    """The box a pile's cards cover: x, y, width, height."""
    w, h = float(CARD_W), float(CARD_H)
    if slot.kind == "tableau" and cards:
        h += _tableau_offsets(cards)[-1]
    elif slot.kind == "reserve" and len(cards) > 1:
        w += fan * (len(cards) - 1)
    return slot.x, slot.y, w, h


def _move_marks(move: tuple[str, str], boxes: Mapping[str, tuple[float, ...]]) -> str:
    """Frames round the move's source (dashed, amber) and target (solid, green), and an
    arrow from one to the other."""
    (source, target), out = move, ['<g class="move" pointer-events="none">']
    for pile, role, colour, dash in (
        (source, "source", "#ffb300", ' stroke-dasharray="9 6"'),
        (target, "target", "#76ff03", ""),
    ):
        x, y, w, h = boxes[pile]
        out.append(
            f'<rect class="move-{role}" data-pile="{_attr(pile)}" x="{_n(x - 5)}" '
            f'y="{_n(y - 5)}" width="{_n(w + 10)}" height="{_n(h + 10)}" rx="11" fill="none" '
            f'stroke="{colour}" stroke-width="5"{dash}/>'
        )
    if source != target:
        (sx, sy, sw, _), (tx, ty, tw, _) = boxes[source], boxes[target]
        x1, y1, x2, y2 = sx + sw / 2, sy + CARD_H / 2, tx + tw / 2, ty + CARD_H / 2
        out.append(
            f'<line class="move-arrow" x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" '
            'stroke="#76ff03" stroke-width="5" stroke-opacity=".85" stroke-linecap="round" '
            'marker-end="url(#move-head)"/>'
        )
    out.append("</g>")
    return "".join(out)


_ARROW_HEAD = (
    '<defs><marker id="move-head" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="4" '
    'markerHeight="4" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" '
    'fill="#76ff03"/></marker></defs>'
)


def svg_board(obs: Obs, *, width: int = 800, move: object = None) -> SvgString:
    """A standalone SVG picture of the table, ``width`` pixels wide.

    ``move`` (a Move, ``"t3-f1"``, ``"deal"`` or a ``(source, target)`` pair) marks the
    move just played: its source pile framed in dashed amber, its target in green, with an
    arrow between them (a deal that left the waste empty is marked as the redeal it was).
    A pile the table does not have is a ``ValueError``.
    """
    piles = _piles(obs)
    slots, fan, board_w, row = _layout(obs)
    depth = CARD_H * 2.5
    for slot in slots:
        if slot.kind == "tableau":
            cards = piles.get(slot.name, [])
            if cards:
                depth = max(depth, _tableau_offsets(cards)[-1] + CARD_H)
    view_w = board_w + 2 * MARGIN
    view_h = row + depth + 14 + CAPTION_H
    marked = None if move is None else _move_piles(move, [slot.name for slot in slots], piles)
    height = round(width * view_h / view_w)

    caption = _caption(obs)
    status = str(obs.get("status", "playing"))
    tint = {"won": "#ffd966", "lost": "#ffb3b3"}.get(status, "#ffffff")
    body = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_n(view_w)} {_n(view_h)}" '
        f'width="{width}" height="{height}" role="img" aria-label="{_attr(caption)}" '
        f'font-family="{_attr(FONT)}">',
        f"<title>{escape(caption)}</title>",
        f'<rect width="{_n(view_w)}" height="{_n(view_h)}" rx="10" fill="{FELT}"/>',
        f'<rect x="3" y="3" width="{_n(view_w - 6)}" height="{_n(view_h - 6)}" rx="8" '
        'fill="none" stroke="#000" stroke-opacity=".18" stroke-width="6"/>',
    ]
    for slot in slots:
        cards = piles.get(slot.name, [])
        body.append(
            f'<g data-pile="{_attr(slot.name)}" data-count="{len(cards)}">'
            f"<title>{escape(_pile_title(slot.name, cards, obs))}</title>"
            f"{_draw_pile(slot, cards, obs, fan)}</g>"
        )
    if marked is not None:
        boxes = {slot.name: _extent(slot, piles.get(slot.name, []), fan) for slot in slots}
        body.append(_ARROW_HEAD + _move_marks(marked, boxes))
    cap_y = view_h - CAPTION_H
    body.append(
        f'<g class="caption"><rect x="0" y="{_n(cap_y)}" width="{_n(view_w)}" '
        f'height="{CAPTION_H}" fill="#000" fill-opacity=".22"/>'
        f'<text x="{_n(view_w / 2)}" y="{_n(cap_y + 24)}" font-size="17" text-anchor="middle" '
        f'fill="{tint}">{escape(caption)}</text></g>'
    )
    body.append("</svg>")
    return SvgString("".join(body))

"""Bounds on untrusted input: how much is read, how deep, and how much is quoted back.

Everything that reads text or data from outside (browser intents, saves, Solvitaire
deals, cache files) checks its size here first, so bad input gets a short, clear error
instead of costing memory, time or a ``RecursionError``.
"""

from __future__ import annotations

import json
import operator
from typing import Any

MAX_MESSAGE_BYTES = 64 * 1024
"""The largest browser intent the widget reads (an intent is a few dozen bytes)."""
MAX_NESTING = 32
"""The deepest nesting of lists and objects any reader here accepts."""
MAX_JSON_CHARS = 1 << 20
"""The longest JSON text (a Solvitaire deal, one cache line) that is parsed at all."""
QUOTE_CHARS = 40
"""How many characters of a bad value an error message quotes."""


def as_int(value: object) -> object:
    """``value`` as an ``int`` if it is an integer of another type (NumPy's), else itself."""
    if isinstance(value, (int, bool)) or not hasattr(type(value), "__index__"):
        return value
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return value


def quote(value: object, limit: int = QUOTE_CHARS) -> str:
    """A short, safe rendering of an untrusted value for an error message.

    Text is quoted up to ``limit`` characters (with its full length when cut); numbers and
    ``None`` are shown as they are; anything else by its type alone, so a huge or deeply
    nested value never reaches ``repr``.
    """
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        return f"{value[:limit]!r}… ({len(value):,} characters)"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"a {value.bit_length():,}-bit number"
    if value is None or isinstance(value, (bool, int, float)):
        return repr(value)
    if isinstance(value, (list, tuple, dict)):
        return f"a {type(value).__name__} of {len(value):,} items"
    return f"a {type(value).__name__}"


def oversize(value: object, limit: int = MAX_MESSAGE_BYTES, depth: int = MAX_NESTING) -> str | None:
    """Why ``value`` (parsed JSON) is too big or too deep to handle, or ``None``.

    Walks the value without recursion and stops as soon as the JSON text of ``value``
    would exceed ``limit`` bytes (estimated from above: strings count four bytes a
    character) or nesting exceeds ``depth``; the cost is bounded by ``limit``.
    """
    size = 0
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, str):
            size += 4 * len(item) + 2
        elif isinstance(item, dict):
            if level > depth:
                return f"nested more than {depth} levels deep"
            size += 2 + len(item)
            for key, sub in item.items():
                stack.append((key, level + 1))
                stack.append((sub, level + 1))
                if size > limit:
                    break
        elif isinstance(item, (list, tuple)):
            if level > depth:
                return f"nested more than {depth} levels deep"
            size += 2 + len(item)
            stack.extend((sub, level + 1) for sub in item[: limit - size + 1])
        elif isinstance(item, int) and not isinstance(item, bool):
            size += min(item.bit_length() // 3 + 2, limit + 1)
        else:
            size += 8
        if size > limit:
            return f"larger than {limit // 1024} kB"
    return None


def load_json(
    text: str | bytes, what: str, *, max_chars: int = MAX_JSON_CHARS, depth: int = MAX_NESTING
) -> Any:
    """``json.loads(text)`` within bounds: too long, nested deeper than ``depth`` or not
    JSON is a ``ValueError`` naming ``what``; never a ``RecursionError``, and ``NaN`` or
    ``Infinity`` are refused (they are not JSON)."""
    if isinstance(text, bytes):
        if len(text) > max_chars:
            raise ValueError(f"{what} is longer than {max_chars:,} bytes")
        text = text.decode("utf-8")  # UnicodeDecodeError is a ValueError
    if len(text) > max_chars:
        raise ValueError(f"{what} is longer than {max_chars:,} characters")
    try:
        value = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise ValueError(f"{what} nests too deeply") from None
    except ValueError as error:  # json.JSONDecodeError, NaN, Infinity
        raise ValueError(f"{what} is not JSON: {str(error)[:120]}") from None
    reason = oversize(value, limit=4 * max_chars + 64, depth=depth)
    if reason is not None:
        raise ValueError(f"{what} is {reason}")
    return value


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is not a JSON number")


def dump_json(value: object) -> str:
    """Compact JSON, refusing ``NaN`` and ``Infinity`` (which are not JSON)."""
    return json.dumps(value, separators=(",", ":"), allow_nan=False)

"""Random intents a player (or a confused browser) might send a table: the load test
(tests/test_load.py) and the click-load benchmark (benchmarks/click_load.py, which puts
this module's source into the script it runs against a base commit) send the same mix.

No ``from __future__`` import here: the source is pasted into that script as it is."""

import random
from typing import Any

VARIANTS = ["terrace", "klondike", "wood", "klondike-three-card", "redheads"]


def random_intent(rng: random.Random, view: dict[str, Any]) -> dict[str, Any]:
    """One intent from ``view``: mostly moves, some stale, some malformed."""
    roll = rng.random()
    legal = view["legal_moves"]
    seq = view["seq"] if rng.random() > 0.05 else view["seq"] - 3  # a few stale ones
    if roll < 0.55 and legal:
        return {"kind": "move", "move": rng.choice(legal), "seq": seq}
    if roll < 0.62:
        pile = rng.choice(view["pile_order"])
        return {"kind": "move", "move": f"{pile}-{rng.choice(view['pile_order'])}", "seq": seq}
    if roll < 0.68:
        return {"kind": "double", "pile": rng.choice(view["pile_order"]), "seq": seq}
    if roll < 0.74:
        return {"kind": "deal", "seq": seq}
    if roll < 0.82:
        return {"kind": "undo"}
    if roll < 0.86:
        return {"kind": "redo"}
    if roll < 0.91:
        return {"kind": "hint"}
    if roll < 0.94:
        return {"kind": "winnable"}
    if roll < 0.96:
        return {"kind": "restart"}
    if roll < 0.975:
        return {"kind": "new", "variant": rng.choice(VARIANTS)}
    return {"kind": rng.choice(["nonsense", 7, None, ["move"]]), "move": "x" * rng.randrange(99)}

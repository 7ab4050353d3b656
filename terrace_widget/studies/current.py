"""The current solver's verdicts, from the saved winnability runs.

The runs were made over time: a full run with solver version 7, a run of the games that
version 8 changed (Klondike with two redeals and with none), and escalations of their
undecided deals at larger budgets. :func:`current_verdicts` keeps one record per deal: a
newer solver version replaces an older one, and within a version a larger budget
replaces an undecided verdict. The README's winnability table is built the same way.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

RUNS = (
    "winnability.jsonl",
    "winnability-1m.jsonl",
    "winnability-v8.jsonl",
    "winnability-v8-1m.jsonl",
    "winnability-10m.jsonl",
)
"""The saved runs in ``notebooks/data``, oldest first."""


def current_verdicts(paths: Iterable[str | os.PathLike[str]]) -> list[dict[str, Any]]:
    """One solver record per deal (whole deals; ``bases="each"`` records are left out),
    read from the analysis records and the escalations' records alike."""
    kept: dict[tuple[str, int], dict[str, Any]] = {}
    for path in paths:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
        for r in (json.loads(line) for line in lines if line.strip()):
            if r.get("base_mode") == "each" or r.get("player", "solver") != "solver":
                continue
            key = (r["variant"], r["seed"])
            old = kept.get(key)
            newer = old is None or int(r["solver_version"]) > int(old["solver_version"])
            deeper = (
                old is not None
                and r["solver_version"] == old["solver_version"]
                and old["verdict"] == "unknown"
                and r["budget"] > old["budget"]
            )
            if newer or deeper:
                kept[key] = r
    return [kept[key] for key in sorted(kept)]

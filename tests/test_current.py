"""The current solver's verdicts: newer versions and escalations replace older verdicts."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from terrace_widget.studies.current import RUNS, current_verdicts

DATA = Path(__file__).resolve().parent.parent / "notebooks" / "data"


def test_the_saved_runs_give_the_readmes_klondike_figures() -> None:
    records = current_verdicts([DATA / name for name in RUNS])
    counts = Counter((r["variant"], r["verdict"]) for r in records)
    # README's winnability table: two redeals 863 won, 38 lost, 99 undecided (solver 8)
    assert [counts["klondike", v] for v in ("won", "unwinnable", "unknown")] == [863, 38, 99]
    assert {r["solver_version"] for r in records if r["variant"] == "klondike"} == {"8"}
    assert len({(r["variant"], r["seed"]) for r in records}) == len(records)


def test_a_newer_version_replaces_and_a_decided_verdict_is_kept(tmp_path: Path) -> None:
    def write(name: str, rows: list[dict]) -> Path:
        path = tmp_path / name
        path.write_text("".join(json.dumps(r) + "\n" for r in rows))
        return path

    row = {"variant": "klondike", "seed": 1, "budget": 100, "solver_version": "7"}
    old = write("old.jsonl", [{**row, "verdict": "unknown"}, {**row, "seed": 2, "verdict": "won"}])
    new = write("new.jsonl", [{**row, "solver_version": "8", "verdict": "unknown"}])
    deeper = write(
        "deeper.jsonl",
        [{**row, "solver_version": "8", "budget": 1000, "verdict": "won"},
         {**row, "seed": 2, "budget": 1000, "verdict": "unknown"}],
    )  # fmt: skip
    (one, two) = current_verdicts([old, new, deeper])
    assert (one["solver_version"], one["budget"], one["verdict"]) == ("8", 1000, "won")
    assert (two["budget"], two["verdict"]) == (100, "won")  # a decided verdict stays

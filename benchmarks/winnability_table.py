"""The README's winnability table: for every game, what the saved runs have decided about
deals 1-1,000, with each deal's verdict from the largest budget that decided it.

    python -m benchmarks winnability-table

Reads the 100,000-node runs (``winnability.jsonl``: version 7; ``winnability-v8.jsonl``:
version 8, Klondike with two redeals and with none) and the escalations of their undecided
deals to 1,000,000 nodes (``winnability-1m.jsonl``, ``winnability-v8-1m.jsonl``) and to
10,000,000 (``winnability-10m.jsonl``). A game's row comes from one solver version:
version 8 where it has a 100,000-node run (it changed only the two limited Klondike
options), else version 7. Version 8 searches every other game node for node as version 7,
so its escalations of those games extend their version-7 rows (the row's version then
reads "7+8"). Verdicts are certain, so a decided deal keeps its verdict and an escalated
deal's verdict replaces its "unknown"; the script also reports any deal that two runs
decided differently, or against Solvitaire's verdicts in the head-to-head records
(``solvitaire-200*.json``; there must be none). Prints the table with the width of
"winnability lies in", its 95% interval (Wilson bounds of its two ends) and the aim of
issue 18 (at most 5 points for the Terrace games, 2 for Klondike).
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

from benchmarks.common import DATA, read_jsonl
from terrace_widget import VARIANTS
from terrace_widget.studies.analysis import winnability_range

RUNS = {"7": "winnability.jsonl", "8": "winnability-v8.jsonl"}
ESCALATIONS = ("winnability-1m.jsonl", "winnability-v8-1m.jsonl", "winnability-10m.jsonl")
# The games whose search version 8 changed; it searches the others node for node as 7.
CHANGED_BY_8 = {"klondike", "klondike-no-redeal"}
AIM = {"terrace": 5.0, "klondike": 2.0}
KLONDIKE_NAMES = {
    "klondike": "Klondike, draw one, two redeals",
    "klondike-three-card": "Klondike, draw three, unlimited",
    "klondike-no-redeal": "Klondike, draw one, no redeal",
    "klondike-unlimited": "Klondike, draw one, unlimited",
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--data", type=Path, default=DATA, help="folder of the saved runs")
    parser.add_argument("--deals", type=int, default=1000)
    args = parser.parse_args(argv)
    verdicts: dict[tuple[str, str, int], tuple[str, int]] = {}
    decided: dict[tuple[str, int], set[str]] = {}
    for version, name in RUNS.items():
        for r in read_jsonl(args.data / name):
            if r.get("player", "solver") != "solver" or r.get("base_mode") == "each":
                continue
            if str(r["solver_version"]) != version or r["seed"] > args.deals:
                continue
            verdicts[(version, r["variant"], r["seed"])] = (r["verdict"], r["budget"])
    extended: set[str] = set()  # games whose version-7 row has version-8 escalations
    for name in ESCALATIONS:
        for r in read_jsonl(args.data / name):
            version = str(r["solver_version"])
            key = (version, r["variant"], r["seed"])
            if key not in verdicts and version == "8" and r["variant"] not in CHANGED_BY_8:
                key = ("7", r["variant"], r["seed"])
                if key in verdicts:
                    extended.add(r["variant"])
            if key not in verdicts:
                continue
            if verdicts[key][0] == "unknown" and r["verdict"] != "unknown":
                verdicts[key] = (r["verdict"], r["budget"])
            elif verdicts[key][0] == "unknown":
                verdicts[key] = ("unknown", max(r["budget"], verdicts[key][1]))
    for (_, variant, seed), (verdict, _) in verdicts.items():
        if verdict != "unknown":
            decided.setdefault((variant, seed), set()).add(verdict)
    theirs = {"solved": "won", "unsolvable": "unwinnable"}
    checked = 0
    for path in sorted(args.data.glob("solvitaire-200*.json")):
        for r in json.loads(path.read_text(encoding="utf-8"))["records"]:
            for verdict in (r["ours"], theirs.get(r["theirs"], "unknown")):
                if verdict != "unknown":
                    decided.setdefault((r["variant"], r["seed"]), set()).add(verdict)
            checked += r["theirs"] in theirs
    clashes = sorted(k for k, v in decided.items() if len(v) > 1)
    print(
        "| game | version | deals | won | proven lost | undecided | budgets | lies in "
        "| width | 95% CI | aim |"
    )
    print("|---|--:|--:|--:|--:|--:|---|---|--:|---|---|")
    for variant, rules in VARIANTS.items():
        version = "8" if any(k[:2] == ("8", variant) for k in verdicts) else "7"
        mine = [v for k, v in verdicts.items() if k[:2] == (version, variant)]
        if not mine:
            continue
        n = len(mine)
        count = Counter(v for v, _ in mine)
        done = Counter(b for v, b in mine if v != "unknown")
        open_ = Counter(b for v, b in mine if v == "unknown")
        low, high, ci_low, ci_high = winnability_range(count["won"], count["unknown"], n)
        width = 100 * (high - low)
        aim = AIM[rules.family]
        spent = "; ".join(
            f"{what} at {', '.join(f'{b:,}: {c}' for b, c in sorted(by.items()))}"
            for what, by in (("decided", done), ("undecided", open_))
            if by
        )
        shown = version + ("+8" if version == "7" and variant in extended else "")
        print(
            f"| {KLONDIKE_NAMES.get(variant, rules.name)} "
            f"| {shown} | {n} | {count['won']} | {count['unwinnable']} | {count['unknown']} "
            f"| {spent} | {100 * low:.1f}–{100 * high:.1f}% "
            f"| {width:.1f} | {100 * ci_low:.1f}–{100 * ci_high:.1f}% "
            f"| {'met' if width <= aim else 'not met'} (≤ {aim:g}) |"
        )
    print(
        f"\n{len(decided)} deals decided, {checked} Solvitaire verdicts; "
        f"deals decided differently by two runs: {len(clashes)}"
    )
    for clash in clashes:
        print(f"  {clash}: {sorted(decided[clash])}")
    return 1 if clashes else 0


if __name__ == "__main__":
    raise SystemExit(main())

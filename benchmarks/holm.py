"""The tip study's 27 paired effects with Holm's correction for multiplicity.

    python -m benchmarks holm --data notebooks/data

Reads the saved tip study (``strategy-<game>.jsonl``, every tip against every tip but
one, per deal) and prints each effect with its 95% interval, McNemar's p-value, Holm's
adjusted p-value and the interval at its Holm level. Writes nothing.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from terrace_widget.studies.multiplicity import holm_effects
from terrace_widget.studies.tip_study import PLAYER_VERSION, load_tips


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", default="notebooks/data", help="folder of strategy-*.jsonl")
    args = parser.parse_args(argv)
    records = []
    for file in sorted(Path(args.data).glob("strategy-*.jsonl")):
        records += load_tips(file)
    if not records:
        raise SystemExit(f"no tip-study records (player version {PLAYER_VERSION}) in {args.data}")
    rows = holm_effects(records)
    print("| game | tip | deals | effect (95%) | p | Holm p | Holm interval | clear |")
    print("|---|---|--:|---|--:|--:|---|---|")
    for r in sorted(rows, key=lambda r: (r["spec"], r["tip"])):
        print(
            f"| {r['spec']} | {r['tip']} | {r['deals']} | {100 * r['difference']:+.1f} "
            f"({100 * r['low_95']:+.1f} to {100 * r['high_95']:+.1f}) | {r['p']:.4f} | "
            f"{r['p_holm']:.4f} | {100 * r['low']:+.1f} to {100 * r['high']:+.1f} | "
            f"{'yes' if r['clear'] else 'no'} |"
        )
    print(f"\n{len(rows)} tests, Holm at 5%; rule player version {PLAYER_VERSION}.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The compiled build against the pure-Python package: the same searches, CPU seconds.

    python tools/compile.py && python -m benchmarks compiled-speed

Each case (a deal and a node budget) is solved in a fresh interpreter importing the
package from the source tree, then from ``build/compiled`` (tools/compile.py); the script
checks that both return the same verdict, nodes and line, and prints the CPU seconds
(``time.process_time``, less sensitive to a busy machine than wall time), the nodes per
CPU second and the ratio.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from benchmarks.common import ROOT, run_python

CASES = [
    ("blondes-and-brunettes", 13, 60_000),
    ("redheads", 6, 60_000),
    ("generals-patience", 4, 60_000),
    ("klondike-unlimited", 1, 60_000),
    ("klondike-no-redeal", 2, 60_000),
]
SCRIPT = """
import json, sys, time
from terrace_widget import Game
import terrace_widget.search.solver as solver
rows = []
for variant, seed, budget in json.loads(sys.argv[1]):
    game = Game(variant, seed=seed)
    start = time.process_time()
    s = solver.solve(game, budget=budget)
    rows.append([variant, seed, s.verdict, s.nodes, len(s.moves), time.process_time() - start])
print(json.dumps({"file": solver.__file__, "rows": rows}))
"""


def run(pythonpath: Path, cases: list[tuple[str, int, int]]) -> dict[str, object]:
    result: dict[str, object] = json.loads(run_python(pythonpath, SCRIPT, json.dumps(cases)))
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--compiled", type=Path, default=ROOT / "build" / "compiled")
    parser.add_argument("--cases", type=int, default=len(CASES), help="the first N cases only")
    args = parser.parse_args(argv)
    if not list((args.compiled / "terrace_widget").glob("solver*.so")):
        parser.error(f"no compiled build in {args.compiled}: run python tools/compile.py")
    pure, fast = run(ROOT, CASES[: args.cases]), run(args.compiled, CASES[: args.cases])
    print(f"pure: {pure['file']}\ncompiled: {fast['file']}")
    print("| deal | verdict | nodes | pure CPU s | compiled CPU s | ratio |")
    print("|---|---|--:|--:|--:|--:|")
    total = [0.0, 0.0]
    pure_rows, fast_rows = pure["rows"], fast["rows"]
    assert isinstance(pure_rows, list) and isinstance(fast_rows, list)
    for a, b in zip(pure_rows, fast_rows, strict=True):
        if a[:5] != b[:5]:
            raise SystemExit(f"the builds differ on {a[:2]}: {a[:5]} against {b[:5]}")
        total[0] += a[5]
        total[1] += b[5]
        ratio = a[5] / b[5]
        print(f"| {a[0]}#{a[1]} | {a[2]} | {a[3]:,} | {a[5]:.2f} | {b[5]:.2f} | {ratio:.2f} |")
    print(f"| all | | | {total[0]:.2f} | {total[1]:.2f} | {total[0] / total[1]:.2f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

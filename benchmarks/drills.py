"""The drill stages' positions (terrace_widget/lessons/drills.json), found in the saved
studies by the rule in ``terrace_widget.lessons.drills.SELECTION_RULE``.

    python -m benchmarks drills --data notebooks/data --out terrace_widget/lessons/drills.json

Each position carries the fair value of every legal move there (32 worlds, seed 0), so a
learner's move is judged at once, also in JupyterLite. The file records the command and
the package, solver and player versions.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from benchmarks.common import command_line, versions
from terrace_widget.lessons import drills


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", default="notebooks/data", help="folder of the studies")
    parser.add_argument("--out", default=str(drills.DRILLS_FILE), help="the JSON file to write")
    parser.add_argument("--stages", default="all", help="stage ids by commas, or all")
    parser.add_argument("--samples", type=int, default=drills.DRILL_SAMPLES)
    parser.add_argument("--helped", type=int, default=None, help="override every stage's count")
    parser.add_argument("--hurt", type=int, default=None, help="override every stage's count")
    parser.add_argument(
        "--keep", action="store_true", help="keep the other stages already saved in --out"
    )
    parser.add_argument("--max-deals", type=int, default=None, help="deals looked at per kind")
    args = parser.parse_args(argv)
    ids = drills.stage_ids() if args.stages == "all" else args.stages.split(",")
    found = []
    kept: list[dict[str, Any]] = []
    commands: list[str] = []
    if args.keep and Path(args.out).exists():
        saved = json.loads(Path(args.out).read_text(encoding="utf-8"))
        kept = [row for row in saved["stages"] if row["id"] not in ids]
        commands = [*saved.get("commands", [saved.get("command", "")])]
    command = command_line("drills", argv)
    about = {**versions(), "command": command, "samples": args.samples}
    if kept:  # the first run's command stays "command"; "commands" lists every run
        about["command"] = commands[0]
        about["commands"] = [*commands, command]
    for stage_id in ids:
        spec = drills.stage_spec(stage_id)
        start = time.perf_counter()
        positions, counts = drills.find_positions(
            spec,
            args.data,
            samples=args.samples,
            helped=args.helped,
            hurt=args.hurt,
            max_deals=args.max_deals,
        )
        found.append((spec, positions, counts))
        kinds = [p.kind for p in positions]
        print(
            f"{spec.id}: {kinds.count('helped')} helped + {kinds.count('hurt')} hurt positions "
            f"(study: {counts['helped']} helped, {counts['hurt']} hurt of {counts['deals']} "
            f"deals; {counts['looked_at']} looked at) in {time.perf_counter() - start:.0f} s",
            flush=True,
        )
        drills.save_stages(
            found, args.out, about, kept
        )  # after each stage: a stopped run keeps them
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

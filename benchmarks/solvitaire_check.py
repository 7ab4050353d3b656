"""Cross-check the solver's Klondike verdicts against Solvitaire (Blake & Gent).

Solvitaire is a separate C++ program (GPL): build it yourself and pass its path; none
of its code is part of this project. For each variant and each seed, the deal
``Game(variant, seed=s)`` is written in Solvitaire's JSON format
(:func:`terrace_widget.search.solvitaire.to_solvitaire_json`) with the matching rules file
(:func:`terrace_widget.search.solvitaire.solvitaire_rules`), classified by Solvitaire and solved
by :func:`terrace_widget.search.solver.solve`. Usage::

    python -m benchmarks solvitaire-check --solvitaire /path/to/solvitaire
    python -m benchmarks solvitaire-check --solvitaire S --first 1 --deals 100 \\
        --timeout 10000 --nodes 1000000 --json check.json
    python -m benchmarks solvitaire-check --solvitaire S --variants klondike-three-card \\
        --seconds 10

Prints, per variant, how many deals got each (ours, Solvitaire's) pair of verdicts and
every CONTRADICTION: one side won / solved the deal, the other proved it unwinnable /
unsolvable. A winning line of ours is also replayed move by move; a line that does not
win counts as a contradiction too. Exit status 1 if there is any contradiction, else 0.

Solvitaire runs with its default streamliners ("none"), so its "unsolvable" is a proof.
Its ``--timeout`` is wall-clock milliseconds. One process at a time, one deal at a time.

``--source DIR`` builds Solvitaire from a checkout of its public source instead of taking
a binary (``--build-dir``, default ``build/solvitaire``; needs cmake, g++ and Debian's
``libboost-dev libboost-program-options-dev libboost-system-dev``). The build leaves out its
unit tests, whose CMake file downloads googletest at configure time; nothing else changes.
At the end each variant prints the ratio of the deals each side decided.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path

from benchmarks.common import ROOT, command_line, versions
from terrace_widget import Game
from terrace_widget.search.solver import solve
from terrace_widget.search.solvitaire import (
    SolvitaireFormatError,
    solvitaire_rules,
    to_solvitaire_json,
)

VARIANTS = ("klondike-unlimited", "klondike-three-card")
OURS = ("won", "unwinnable", "unknown")
THEIRS = ("solved", "unsolvable", "timed-out", "memory-limit-reached", "terminated")
ERROR = "error"
"""Solvitaire's verdict when it printed no classification (a crash or a rejected file)."""
CONTRADICTIONS = {("won", "unsolvable"), ("unwinnable", "solved")}


@dataclass
class Record:
    """One deal: both verdicts and what each cost."""

    variant: str
    seed: int
    ours: str
    ours_nodes: int
    ours_seconds: float
    ours_moves: int
    replayed: bool | None
    """Whether our winning line replays to a won game (``None`` unless ours is won)."""
    theirs: str
    their_ms: int | None
    their_states: int | None
    their_seconds: float
    their_output: str

    @property
    def contradiction(self) -> bool:
        return (self.ours, self.theirs) in CONTRADICTIONS or self.replayed is False


def parse_classify(stdout: str) -> tuple[str, int | None, int | None]:
    """(outcome, milliseconds, states searched) of Solvitaire's ``--classify`` output.

    The line reads ``[seed], <outcome>, <ms>, <states searched>, ..., <outcome>``; the
    outcome is its last field. Without such a line the outcome is :data:`ERROR`.
    """
    for line in reversed(stdout.splitlines()):
        fields = [field.strip() for field in line.split(",")]
        if len(fields) >= 3 and fields[-1] in THEIRS:
            return fields[-1], _number(fields, 2), _number(fields, 3)
    return ERROR, None, None


def _number(fields: list[str], i: int) -> int | None:
    return int(fields[i]) if i < len(fields) and fields[i].isdigit() else None


def without_unit_tests(cmake: str) -> str:
    """Solvitaire's CMake file less its "GTest setup" block (which downloads googletest at
    configure time) and its "testing" section (the unit tests that need it)."""
    cmake, found = re.subn(
        r"#+\n## GTest setup #+\n.*?(?=#+\n## compile options)", "", cmake, flags=re.S
    )
    cmake, found_tests = re.subn(r"#+\n## testing #+\n.*\Z", "", cmake, flags=re.S)
    if not (found and found_tests):
        raise SystemExit("Solvitaire's CMakeLists.txt has changed: no GTest / testing block")
    return cmake


def build_solvitaire(source: Path, build_dir: Path) -> Path:
    """Build the ``solvitaire`` binary from a checkout of its source; returns its path.

    The checkout is copied into ``build_dir``; there the CMake file loses its "GTest setup"
    block and its "testing" section (they download googletest and build the unit tests),
    then ``cmake -DCMAKE_BUILD_TYPE=Release`` and ``make solvitaire``. A binary already
    built there is reused.
    """
    binary = build_dir / "build" / "bin" / "solvitaire"
    if binary.is_file():
        return binary
    copy = build_dir / "src"
    if copy.exists():
        shutil.rmtree(copy)
    shutil.copytree(source, copy, symlinks=True, ignore=shutil.ignore_patterns(".git"))
    cmake = copy / "CMakeLists.txt"
    cmake.write_text(without_unit_tests(cmake.read_text()))
    out = build_dir / "build"
    out.mkdir(parents=True, exist_ok=True)
    for command in (
        ["cmake", "-DCMAKE_BUILD_TYPE=Release", str(copy)],
        ["make", f"-j{os.cpu_count() or 1}", "solvitaire"],
    ):
        subprocess.run(command, cwd=out, check=True, stdout=subprocess.DEVNULL)
    if not binary.is_file():
        raise SystemExit(f"the build made no {binary}")
    return binary


def run_solvitaire(
    binary: str, rules: Path, deal: Path, timeout_ms: int
) -> tuple[str, int | None, int | None, float, str]:
    """Classify one deal file: (outcome, ms, states, wall seconds, output to keep)."""
    command = [binary, "--custom-rules", str(rules), "--classify", "--timeout", str(timeout_ms)]
    start = time.perf_counter()
    try:
        done = subprocess.run(
            [*command, str(deal)],
            capture_output=True,
            text=True,
            timeout=timeout_ms / 1000 + 120,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return ERROR, None, None, time.perf_counter() - start, "killed: no answer in time"
    wall = time.perf_counter() - start
    outcome, ms, states = parse_classify(done.stdout)
    output = done.stdout.strip()
    if outcome == ERROR or done.returncode != 0:
        outcome = ERROR
        output = f"exit {done.returncode}: {output} {done.stderr.strip()}".strip()
    return outcome, ms, states, wall, output


def check_deal(
    variant: str,
    seed: int,
    binary: str,
    rules: Path,
    workdir: Path,
    args: argparse.Namespace,
) -> Record:
    """Both verdicts on ``Game(variant, seed=seed)``."""
    game = Game(variant, seed=seed)
    deal = workdir / f"{variant}-{seed}.json"
    deal.write_text(to_solvitaire_json(game))
    theirs, ms, states, wall, output = run_solvitaire(binary, rules, deal, args.timeout)
    deal.unlink()

    solution = solve(game, budget=args.nodes, seconds=args.seconds)
    replayed = None
    if solution.verdict == "won":
        replayed = solution.replay(game).status == "won"
    return Record(
        variant=variant,
        seed=seed,
        ours=solution.verdict,
        ours_nodes=solution.nodes,
        ours_seconds=round(solution.seconds, 3),
        ours_moves=len(solution.moves),
        replayed=replayed,
        theirs=theirs,
        their_ms=ms,
        their_states=states,
        their_seconds=round(wall, 3),
        their_output=output,
    )


def report(variant: str, records: list[Record]) -> None:
    """Print the verdict pairs of one variant and its contradictions."""
    pairs = Counter((r.ours, r.theirs) for r in records)
    columns = [*THEIRS[:3], *(t for t in (*THEIRS[3:], ERROR) if any(p[1] == t for p in pairs))]
    seeds = f"seeds {records[0].seed}..{records[-1].seed}" if records else "no deals"
    print(f"\n{variant}: {len(records)} deals ({seeds})")
    head = "ours \\ Solvitaire"
    print(f"  {head:<18}" + "".join(f"{c:>12}" for c in columns) + f"{'total':>8}")
    for ours in OURS:
        row = [pairs[ours, theirs] for theirs in columns]
        print(f"  {ours:<18}" + "".join(f"{n:>12}" for n in row) + f"{sum(row):>8}")
    totals = [sum(pairs[o, t] for o in OURS) for t in columns]
    print(f"  {'total':<18}" + "".join(f"{n:>12}" for n in totals) + f"{len(records):>8}")
    print("  pairs: " + ", ".join(f"({o}, {t}) {n}" for (o, t), n in sorted(pairs.items())))
    ours_time = sum(r.ours_seconds for r in records)
    their_time = sum(r.their_seconds for r in records)
    print(f"  time: ours {ours_time:.1f} s, Solvitaire {their_time:.1f} s (wall)")
    ours_decided = sum(r.ours in ("won", "unwinnable") for r in records)
    their_decided = sum(r.theirs in ("solved", "unsolvable") for r in records)
    ratio = f"{ours_decided / their_decided:.3f}" if their_decided else "n/a"
    print(
        f"  decided: ours {ours_decided}, Solvitaire {their_decided} of {len(records)}; "
        f"ratio ours / Solvitaire {ratio}"
    )
    bad = [r for r in records if r.contradiction]
    for r in bad:
        why = "" if r.replayed is not False else " (our winning line does not replay)"
        print(f"  CONTRADICTION seed {r.seed}: ours {r.ours}, Solvitaire {r.theirs}{why}")
    if not bad:
        print("  contradictions: none")
    for r in records:
        if r.theirs == ERROR:
            print(f"  Solvitaire error on seed {r.seed}: {r.their_output}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--solvitaire", help="path of the solvitaire binary")
    where.add_argument("--source", type=Path, help="build it from this checkout of its source")
    parser.add_argument(
        "--build-dir",
        type=Path,
        default=ROOT / "build" / "solvitaire",
        help="where --source builds (default build/solvitaire)",
    )
    parser.add_argument("--variants", nargs="+", default=list(VARIANTS), metavar="VARIANT")
    parser.add_argument("--first", type=int, default=1, help="first seed (default 1)")
    parser.add_argument("--deals", type=int, default=100, help="deals per variant (default 100)")
    parser.add_argument(
        "--timeout", type=int, default=10_000, help="Solvitaire's timeout in ms (default 10000)"
    )
    parser.add_argument(
        "--nodes", type=int, default=1_000_000, help="our node budget (default 1000000)"
    )
    parser.add_argument("--seconds", type=float, default=None, help="our time budget per deal")
    parser.add_argument("--json", type=Path, default=None, help="save per-deal records here")
    parser.add_argument("--quiet", action="store_true", help="no per-deal progress on stderr")
    args = parser.parse_args(argv)

    if args.source is not None:
        args.solvitaire = str(build_solvitaire(args.source.resolve(), args.build_dir.resolve()))
    binary = str(Path(args.solvitaire).expanduser().resolve())
    if not Path(binary).is_file():
        parser.error(f"no Solvitaire binary at {args.solvitaire}")
    try:
        rules_of = {variant: solvitaire_rules(variant) for variant in args.variants}
    except (SolvitaireFormatError, KeyError, ValueError) as error:
        parser.error(str(error))

    seeds = range(args.first, args.first + args.deals)
    records: dict[str, list[Record]] = {}
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="solvitaire-check-") as tmp:
        workdir = Path(tmp)
        for variant, rules in rules_of.items():
            rules_file = workdir / f"{variant}.rules.json"
            rules_file.write_text(json.dumps(rules))
            records[variant] = []
            for seed in seeds:
                record = check_deal(variant, seed, binary, rules_file, workdir, args)
                records[variant].append(record)
                if not args.quiet:
                    print(
                        f"{variant} #{seed}: ours {record.ours} ({record.ours_nodes} nodes, "
                        f"{record.ours_seconds:.2f} s), Solvitaire {record.theirs} "
                        f"({record.their_seconds:.2f} s)" + (" !" if record.contradiction else ""),
                        file=sys.stderr,
                        flush=True,
                    )
    elapsed = time.perf_counter() - start

    print(
        f"Solvitaire {binary} --timeout {args.timeout} ms; ours solve(budget={args.nodes}, budget="
        f"seconds={args.seconds})"
    )
    for variant, rows in records.items():
        report(variant, rows)
    bad = sum(r.contradiction for rows in records.values() for r in rows)
    print(f"\n{bad} contradiction(s); total time {elapsed:.1f} s")
    if args.json is not None:
        data = {
            "command": command_line("solvitaire-check", argv),
            "versions": versions(),
            "solvitaire": binary,
            "timeout_ms": args.timeout,
            "nodes": args.nodes,
            "seconds": args.seconds,
            "total_seconds": round(elapsed, 1),
            "records": [
                {**asdict(r), "contradiction": r.contradiction}
                for rows in records.values()
                for r in rows
            ],
        }
        args.json.write_text(json.dumps(data, indent=1) + "\n")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())

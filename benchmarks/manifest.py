"""The manifest of the shipped data: which command made each file, with which versions.

    python -m benchmarks manifest                 # every data file, its command and facts
    python -m benchmarks manifest --check         # exit 1 on any file the manifest misstates
    python -m benchmarks manifest --facts notebooks/data/new.jsonl   # an entry to paste

``benchmarks/manifest.json`` maps every shipped data file (``notebooks/data/*`` and the
package's own ``terrace_widget/*.json``) to the command(s) that made it and to the facts
its records hold: how many records, games and deals, the budgets, and the versions (solver,
tip player, fair ceiling, package) its records carry. ``--check`` verifies that every data
file is listed, every listed file exists, and every fact the manifest states is what the
file's records say; where a file records its own command, that it is the manifest's first
command (older files name the script, ``python -m benchmarks x``, which is read as
``python -m benchmarks x``). Nothing is recomputed: a fact is read from the records.

A new data file: make it with a benchmark, run ``--facts`` on it, add the entry with its
command to ``benchmarks/manifest.json``.
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

from benchmarks.common import ROOT

MANIFEST = Path(__file__).resolve().parent / "manifest.json"
DATA_GLOBS = ("notebooks/data/*", "terrace_widget/*.json", "terrace_widget/*/*.json")
"""Where shipped data lives: what the notebooks read and what the package reads."""
VERSION_FIELDS = ("solver_version", "player_version", "version", "package_version", "build")
"""Record fields that name a version (``version``: the fair ceiling's player)."""
NOT_DATA = frozenset({"terrace_widget/game/geometry.json"})
"""Files the globs find that are settings, not measured data (the table's geometry)."""
FACTS = ("records", "games", "deals", "budgets", "versions", "top")
"""The facts an entry may state; each is compared with :func:`facts` of the file."""


def data_files(root: Path = ROOT) -> list[str]:
    """Every shipped data file, as a path relative to ``root``."""
    found = {p.relative_to(root).as_posix() for g in DATA_GLOBS for p in root.glob(g)}
    return sorted(f for f in found if (root / f).is_file() and f not in NOT_DATA)


def records_of(path: Path) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """(records, top-level fields) of a data file: the lines of a JSON-lines file, or the
    ``records`` list of a JSON object (its other scalar fields are the top level)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".jsonl":
        return [json.loads(line) for line in text.splitlines() if line.strip()], {}
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError(f"{path}: a JSON data file must hold an object")
    records = data.get("records", [])
    top = {k: v for k, v in data.items() if not isinstance(v, (list, dict))}
    return list(records), top


def facts(path: Path) -> dict[str, Any]:
    """What ``path``'s records say: counts, budgets and versions (sorted, as strings)."""
    return facts_of(*records_of(path))


def facts_of(records: list[dict[str, Any]], top: dict[str, Any]) -> dict[str, Any]:
    """:func:`facts` of records already read."""
    game_of = [r.get("variant", r.get("game", r.get("spec"))) for r in records]
    seeds: dict[str, set[Any]] = {}
    for game, record in zip(game_of, records, strict=True):
        if game is not None and "seed" in record:
            seeds.setdefault(str(game), set()).add(record["seed"])
    found: dict[str, Any] = {"records": len(records)}
    if seeds:
        found["games"] = len(seeds)
        found["deals"] = max(len(s) for s in seeds.values())
    budgets = sorted({r["budget"] for r in records if r.get("budget") is not None})
    if budgets:
        found["budgets"] = budgets
    versions = {
        name: sorted({str(r[name]) for r in records if name in r})
        for name in VERSION_FIELDS
        if any(name in r for r in records)
    }
    if versions:
        found["versions"] = versions
    shown = {
        k: v for k, v in top.items() if k in ("player_version", "deals", "nodes", "ours_build")
    }
    if shown:
        found["top"] = shown
    return found


COMMAND = re.compile(r"(PYTHONPATH=\S+ )?python (-P )?-m benchmarks [a-z0-9-]+( |$)")
"""A manifest's command: a subcommand, on the compiled build when ``PYTHONPATH`` says so."""


def plain(command: str) -> str:
    """A command without the build it ran on, in the ``python -m benchmarks`` form:
    ``PYTHONPATH=build/compiled:. python -P -m benchmarks escalate ...`` -> ``python -m
    benchmarks escalate ...``."""
    command = re.sub(r"^PYTHONPATH=\S+ ", "", command.strip()).replace("python -P ", "python ")
    return re.sub(
        r"python benchmarks/(\w+)\.py",
        lambda m: "python -m benchmarks " + m.group(1).replace("_", "-"),
        command,
    )


def load(path: Path = MANIFEST) -> dict[str, dict[str, Any]]:
    """The manifest's entries, by data file."""
    entries: dict[str, dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["files"]
    return entries


def problems(entries: dict[str, dict[str, Any]], root: Path = ROOT) -> list[str]:
    """Everything the manifest states that the data files contradict; [] when it holds."""
    found = [
        f"{name}: a data file the manifest does not list"
        for name in data_files(root)
        if name not in entries
    ]
    for name, entry in entries.items():
        path = root / name
        if not path.is_file():
            found.append(f"{name}: listed in the manifest but missing")
            continue
        commands = entry.get("commands")
        if not commands or not all(COMMAND.match(c) for c in commands):
            found.append(f"{name}: needs its commands, each 'python -m benchmarks ...'")
        try:
            records, top = records_of(path)
            actual = facts_of(records, top)
        except (OSError, ValueError) as error:
            found.append(f"{name}: unreadable ({error})")
            continue
        for key in FACTS:
            if key in entry and entry[key] != actual.get(key):
                found.append(
                    f"{name}: the manifest says {key} {entry[key]}, the file {actual.get(key)}"
                )
        missing = [k for k in ("records", "versions") if k in actual and k not in entry]
        if missing:
            found.append(f"{name}: the manifest does not state its {', '.join(missing)}")
        own = top.get("command")
        if isinstance(own, str) and commands and plain(own) != plain(commands[0]):
            found.append(f"{name}: the file says it was made by {own!r}, not {commands[0]!r}")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--check", action="store_true", help="verify; exit 1 on any problem")
    parser.add_argument("--facts", type=Path, help="print what this data file's records say")
    parser.add_argument("--manifest", type=Path, default=MANIFEST, help=argparse.SUPPRESS)
    parser.add_argument("--root", type=Path, default=ROOT, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.facts is not None:
        if not args.facts.is_file():
            parser.error(f"no such file: {args.facts}")
        print(json.dumps(facts(args.facts), indent=1))
        return 0
    entries = load(args.manifest)
    if args.check:
        found = problems(entries, args.root)
        for problem in found:
            print(problem)
        kinds = Counter("versions" in e for e in entries.values())
        print(
            f"{len(entries)} data files listed ({kinds[True]} with versions in their records); "
            f"{len(found)} problem(s)"
        )
        return 1 if found else 0
    for name, entry in entries.items():
        stated = ", ".join(f"{k} {entry[k]}" for k in FACTS if k in entry)
        print(f"{name}\n  {stated}")
        for command in entry.get("commands", []):
            print(f"  $ {command}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

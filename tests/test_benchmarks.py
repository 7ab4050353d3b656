"""The measurement scripts of issue 18 on tiny runs: budget escalation split into shards
and limited to a sample, and the Winnable? latency on positions of fair games."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def script(name: str, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, name, module)
    spec.loader.exec_module(module)
    return module


def saved_run(path: Path, seeds: list[int], verdict: str = "unknown") -> None:
    from terrace_widget.analysis import FIELDS

    rows = [
        {
            **dict.fromkeys(FIELDS),
            "variant": "klondike-unlimited",
            "seed": s,
            "player": "solver",
            "verdict": verdict,
            "budget": 10,
            "nodes": 10,
            "seconds": 0.0,
            "score": 0,
            "base_mode": "best",
            "solver_version": "7",
        }
        for s in seeds
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))


def test_escalation_in_shards_and_samples(tmp_path: Path, capsys, monkeypatch) -> None:
    """Two shards share one cache and together solve every undecided deal once; a limited
    run solves only the first deals and counts the rest as undecided."""
    escalate = script("escalate", monkeypatch)
    source, cache = tmp_path / "run.jsonl", tmp_path / "more.jsonl"
    saved_run(source, [2, 3, 4, 5])
    common = ["--from", str(source), "--budget", "20000", "--games", "klondike-unlimited"]
    common += ["--cache", str(cache), "--workers", "1"]
    assert escalate.main([*common, "--shard", "0/2"]) == 0
    first = [json.loads(line) for line in cache.read_text().splitlines()]
    assert [r["seed"] for r in first] == [2, 4]
    out = capsys.readouterr().out
    assert "| klondike-unlimited | 4 | 10 | 4 |" in out
    assert escalate.main([*common, "--shard", "1/2"]) == 0
    rows = [json.loads(line) for line in cache.read_text().splitlines()]
    assert sorted(r["seed"] for r in rows) == [2, 3, 4, 5]
    assert all(r["verdict"] == "won" and r["replayed"] for r in rows)
    assert {r["build"] for r in rows} <= {"python", "mypyc"}
    # Both shards done: the table now holds every deal as won.
    assert escalate.main(common) == 0
    assert "| 4 / 0 / 0 |" in capsys.readouterr().out
    limited = tmp_path / "limited.jsonl"
    args = [*common[:-4], "--cache", str(limited), "--workers", "1", "--limit", "1"]
    assert escalate.main(args) == 0
    assert [json.loads(line)["seed"] for line in limited.read_text().splitlines()] == [2]
    assert "| 4 | 1 / 0 / 3 |" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        escalate.main([*common, "--shard", "2/2"])
    # An escalation's own records can be escalated again; a line that is not a record
    # is skipped with a warning.
    again = tmp_path / "again.jsonl"
    again.write_text(
        '{"variant": "klondike-unlimited", "seed": 6, "budget": 10, "verdict": "unknown"}\n'
        '{"variant": "klondike-unlimited", "seed": 7, "budget": 10, "verdict": "won"}\n'
        "[1, 2]\n"
    )
    chained = ["--from", str(again), "--budget", "20000", "--games", "klondike-unlimited"]
    with pytest.warns(UserWarning, match="again.jsonl:3: not a record"):
        assert escalate.main([*chained, "--workers", "1"]) == 0
    assert "| klondike-unlimited | 2 | 10 | 1 | 1 / 0 / 0 |" in capsys.readouterr().out


@pytest.mark.slow
def test_winnable_latency_on_fair_positions(tmp_path: Path, capsys, monkeypatch) -> None:
    """Positions come from deals played by the fair rule player, in move order; each gets
    a verdict and its time, within the limit; a second run reuses the cache."""
    latency = script("winnable_latency", monkeypatch)
    cache = tmp_path / "latency.jsonl"
    args = ["--games", "klondike-unlimited", "--positions", "4", "--per-deal", "2"]
    args += ["--seconds", "0.5", "--workers", "1", "--cache", str(cache)]
    assert latency.main(args) == 0
    rows = [json.loads(line) for line in cache.read_text().splitlines()]
    assert len(rows) >= 4
    for row in rows:
        assert row["verdict"] in ("won", "unwinnable", "unknown")
        assert row["moves"] >= 1 and row["seconds"] < 0.5 + 2.0
    by_deal: dict[int, list[int]] = {}
    for row in rows:
        by_deal.setdefault(row["seed"], []).append(row["moves"])
    assert all(moves == sorted(moves) and len(moves) <= 2 for moves in by_deal.values())
    out = capsys.readouterr().out
    assert "| klondike-unlimited | 4 |" in out
    assert latency.main(args) == 0  # everything cached: nothing new is played
    assert len(cache.read_text().splitlines()) == len(rows)


def test_replay_check_finds_a_record_that_does_not_hold(tmp_path: Path, capsys, monkeypatch):
    """Won records of a real run are won again, after the same nodes, with lines that
    replay; a record whose line length was altered is reported and fails the check."""
    from terrace_widget.analysis import analyze

    check = script("replay_check", monkeypatch)
    run = tmp_path / "run.jsonl"
    rows = analyze(
        "klondike-unlimited",
        3,
        5_000,
        executor="serial",
        cache=str(run),
        progress=False,
        as_frame=False,
    )
    assert sum(r["verdict"] == "won" for r in rows) >= 2
    args = ["--from", str(run), "--games", "klondike-unlimited", "--workers", "1"]
    assert check.main(args) == 0
    assert "0 failed" in capsys.readouterr().out
    records = [json.loads(line) for line in run.read_text().splitlines()]
    won = next(r for r in records if r["verdict"] == "won")
    won["length"] += 1
    run.write_text("".join(json.dumps(r) + "\n" for r in records))
    assert check.main(args) == 1
    assert f"FAILED klondike-unlimited#{won['seed']}" in capsys.readouterr().out


def test_the_winnability_table_combines_budgets_and_finds_clashes(
    tmp_path: Path, capsys, monkeypatch
) -> None:
    """A deal decided by the escalation replaces its "unknown"; version 8's run replaces
    version 7's for its game, and its escalations extend version 7's rows of the games it
    did not change; a deal that two runs decide differently fails the table."""
    table = script("winnability_table", monkeypatch)

    def rows(version: str, budget: int, verdicts: dict[int, str], variant: str = "klondike") -> str:
        return "".join(
            json.dumps(
                {
                    "variant": variant,
                    "seed": s,
                    "player": "solver",
                    "verdict": v,
                    "budget": budget,
                    "solver_version": version,
                }
            )
            + "\n"
            for s, v in verdicts.items()
        )

    (tmp_path / "winnability.jsonl").write_text(rows("7", 100, {1: "won", 2: "unknown"}))
    (tmp_path / "winnability-v8.jsonl").write_text(
        rows("8", 100, {1: "won", 2: "unknown", 3: "unknown", 4: "unwinnable"})
    )
    (tmp_path / "winnability-v8-1m.jsonl").write_text(rows("8", 1000, {2: "won", 3: "unknown"}))
    assert table.main(["--data", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if "two redeals" in line)
    assert "| 8 | 4 | 2 | 1 | 1 |" in row and "50.0–75.0%" in row and "| 25.0 |" in row
    assert "decided at 100: 2, 1,000: 1; undecided at 1,000: 1" in row
    (tmp_path / "winnability.jsonl").write_text(
        rows("7", 100, {1: "won", 2: "unknown"})
        + rows("7", 100, {1: "won", 2: "unknown", 3: "unknown"}, "redheads")
    )
    (tmp_path / "winnability-10m.jsonl").write_text(
        rows("8", 10_000, {2: "won"}, "redheads")
        + rows("8", 10_000, {2: "won"}, "klondike-no-redeal")
    )
    assert table.main(["--data", str(tmp_path)]) == 0
    row = next(line for line in capsys.readouterr().out.splitlines() if "Redheads" in line)
    assert "| 7+8 | 3 | 2 | 0 | 1 |" in row
    assert "decided at 100: 1, 10,000: 1; undecided at 100: 1" in row
    record = {"variant": "klondike", "seed": 4, "ours": "unknown", "theirs": "solved"}
    (tmp_path / "solvitaire-200.json").write_text(json.dumps({"records": [record]}))
    assert table.main(["--data", str(tmp_path)]) == 1
    assert "('klondike', 4): ['unwinnable', 'won']" in capsys.readouterr().out
    (tmp_path / "solvitaire-200.json").unlink()
    (tmp_path / "winnability-1m.jsonl").write_text(rows("7", 1000, {2: "unwinnable"}))
    assert table.main(["--data", str(tmp_path)]) == 1
    assert "('klondike', 2): ['unwinnable', 'won']" in capsys.readouterr().out

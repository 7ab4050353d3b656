"""The benchmark harness: every subcommand of ``python -m benchmarks`` runs here on tiny
inputs (a few deals, a tiny budget, files under ``tmp_path``), as python-chess runs perft;
a subcommand added to the dispatcher without a tiny run in :data:`TINY` fails
:func:`test_every_subcommand_runs_on_tiny_inputs`. Also: the dispatcher, the rules every
benchmark module keeps (no ``sys.path`` edits, no imports of the tests), and the manifest
of the shipped data files."""

from __future__ import annotations

import ast
import importlib
import inspect
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from benchmarks import common, manifest
from benchmarks.__main__ import SUBCOMMANDS, module_name
from benchmarks.__main__ import main as dispatch
from terrace_widget.studies.analysis import FIELDS, SOLVER_VERSION, analyze
from terrace_widget.studies.tip_study import CEILING_VERSION, PLAYER_VERSION

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = ROOT / "benchmarks"
HELPERS = {"__init__", "__main__", "common", "servers", "lite_site"}
"""Modules of the package that are not subcommands."""


def run(subcommand: str, *args: str) -> int:
    """``python -m benchmarks <subcommand> <args>``, in this process."""
    return dispatch([subcommand, *args])


def jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def saved_run(path: Path, seeds: list[int], verdict: str = "unknown") -> None:
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


# ------------------------------------------------------------------ the tiny runs
def tiny_before_after(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    """Both commits named, both workloads measured, the ratios printed; a base that is
    not a commit is a clear error."""
    assert run("before-after", "--base", "HEAD", "--rounds", "1", "--seconds", "0.02",
               "--nodes", "200", "--games", "terrace") == 0  # fmt: skip
    out = capfd.readouterr().out
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, text=True,
                          capture_output=True, check=True).stdout.strip()  # fmt: skip
    assert f"base:  HEAD = {head}" in out and f"after: this tree = HEAD {head}" in out
    ratios = next(line for line in out.splitlines() if line.startswith("ratios after / base"))
    for key in ("playout", "solver"):
        row = next(line for line in out.splitlines() if line.startswith(key))
        assert float(row.split()[-1]) > 0 and f"{key} " in ratios
    with pytest.raises(SystemExit, match="no-such-commit"):
        run("before-after", "--base", "no-such-commit", "--rounds", "1", "--games", "terrace")


def tiny_playout(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "playout.json"
    assert run("playout", "--seconds", "0.05", "--games", "terrace", "--no-soliterm",
               "--no-pin", "--json", str(out)) == 0  # fmt: skip
    report = json.loads(out.read_text())
    (row,) = report["results"]
    assert row["variant"] == "terrace" and row["moves"] > 0 and row["inexact_undo"] == []
    assert report["command"].startswith("python -m benchmarks playout --seconds 0.05")
    assert report["versions"]["solver_version"] == SOLVER_VERSION
    assert "Summary: 1 variant" in capfd.readouterr().out


def tiny_solver(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "solver.json"
    assert run("solver", "--deals", "2", "--nodes", "300", "--budget", "5", "--variants",
               "klondike-unlimited", "--json", str(out)) == 0  # fmt: skip
    (result,) = json.loads(out.read_text())["results"]
    assert [r["seed"] for r in result["records"]] == [1, 2]
    assert all(r["nodes"] <= 300 for r in result["records"])
    assert "klondike-unlimited" in capfd.readouterr().out


def tiny_solver_memory(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    """Each search runs in a fresh ``python -m benchmarks.solver_memory`` process."""
    assert run("solver-memory", "--variant", "terrace", "--seed", "1", "--nodes", "300",
               "--table", "1000") == 0  # fmt: skip
    out = capfd.readouterr().out
    assert f"terrace#1 solver v{SOLVER_VERSION}, budget 300 nodes, table 1,000:" in out
    assert "peak RSS +" in out


def tiny_compiled_speed(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    """Without a compiled build (``tools/compile.py``; tests/test_compiled.py builds one
    and checks the sameness) the subcommand says how to make one."""
    with pytest.raises(SystemExit) as stop:
        run("compiled-speed", "--compiled", str(tmp_path), "--cases", "1")
    assert stop.value.code == 2
    assert "no compiled build in" in capfd.readouterr().err


def tiny_env(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    assert run("env", "--seconds", "0.01", "--games", "terrace") == 0
    row = next(line for line in capfd.readouterr().out.splitlines() if line.startswith("terrace"))
    steps, _, moves, _ = row.split()[1:]
    assert float(steps.replace(",", "")) > 0 and float(moves.replace(",", "")) > 0


def tiny_saves(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    assert run("saves", "--turns", "200") == 0
    out = capfd.readouterr().out
    assert "200 turns: accepted" in out and "20,001 turns: refused" in out
    with pytest.raises(SystemExit):
        run("saves", "--turns", "20001")


def tiny_winnability(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    cache = tmp_path / "run.jsonl"
    assert run("winnability", "--deals", "2", "--budget", "2000", "--games",
               "klondike-unlimited", "--workers", "1", "--cache", str(cache),
               "--no-progress") == 0  # fmt: skip
    rows = jsonl(cache)
    assert [r["seed"] for r in rows] == [1, 2] and {r["budget"] for r in rows} == {2000}
    assert "2 deals per game (seeds 1..2)" in capfd.readouterr().out
    with pytest.raises(SystemExit):
        run("winnability", "--games", "terrace,no-such-game")


def tiny_escalate(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    """Two shards share one cache and together solve every undecided deal once; a limited
    run solves only the first deals and counts the rest as undecided."""
    source, cache = tmp_path / "run.jsonl", tmp_path / "more.jsonl"
    saved_run(source, [2, 3, 4, 5])
    common_args = ["--from", str(source), "--budget", "20000", "--games", "klondike-unlimited"]
    common_args += ["--cache", str(cache), "--workers", "1"]
    assert run("escalate", *common_args, "--shard", "0/2") == 0
    assert [r["seed"] for r in jsonl(cache)] == [2, 4]
    assert "| klondike-unlimited | 4 | 10 | 4 |" in capfd.readouterr().out
    assert run("escalate", *common_args, "--shard", "1/2") == 0
    rows = jsonl(cache)
    assert sorted(r["seed"] for r in rows) == [2, 3, 4, 5]
    assert all(r["verdict"] == "won" and r["replayed"] for r in rows)
    assert {r["build"] for r in rows} <= {"python", "mypyc"}
    # Both shards done: the table now holds every deal as won.
    assert run("escalate", *common_args) == 0
    assert "| 4 / 0 / 0 |" in capfd.readouterr().out
    limited = tmp_path / "limited.jsonl"
    args = [*common_args[:-4], "--cache", str(limited), "--workers", "1", "--limit", "1"]
    assert run("escalate", *args) == 0
    assert [r["seed"] for r in jsonl(limited)] == [2]
    assert "| 4 | 1 / 0 / 3 |" in capfd.readouterr().out
    with pytest.raises(SystemExit):
        run("escalate", *common_args, "--shard", "2/2")
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
        assert run("escalate", *chained, "--workers", "1") == 0
    assert "| klondike-unlimited | 2 | 10 | 1 | 1 / 0 / 0 |" in capfd.readouterr().out


def tiny_winnability_table(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    """A deal decided by the escalation replaces its "unknown"; version 8's run replaces
    version 7's for its game, and its escalations extend version 7's rows of the games it
    did not change; a deal that two runs decide differently fails the table."""

    def rows(version: str, budget: int, verdicts: dict[int, str], variant: str = "klondike") -> str:
        return "".join(
            json.dumps({"variant": variant, "seed": s, "player": "solver", "verdict": v,
                        "budget": budget, "solver_version": version}) + "\n"
            for s, v in verdicts.items()
        )  # fmt: skip

    (tmp_path / "winnability.jsonl").write_text(rows("7", 100, {1: "won", 2: "unknown"}))
    (tmp_path / "winnability-v8.jsonl").write_text(
        rows("8", 100, {1: "won", 2: "unknown", 3: "unknown", 4: "unwinnable"})
    )
    (tmp_path / "winnability-v8-1m.jsonl").write_text(rows("8", 1000, {2: "won", 3: "unknown"}))
    assert run("winnability-table", "--data", str(tmp_path)) == 0
    out = capfd.readouterr().out
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
    assert run("winnability-table", "--data", str(tmp_path)) == 0
    row = next(line for line in capfd.readouterr().out.splitlines() if "Redheads" in line)
    assert "| 7+8 | 3 | 2 | 0 | 1 |" in row
    assert "decided at 100: 1, 10,000: 1; undecided at 100: 1" in row
    record = {"variant": "klondike", "seed": 4, "ours": "unknown", "theirs": "solved"}
    (tmp_path / "solvitaire-200.json").write_text(json.dumps({"records": [record]}))
    assert run("winnability-table", "--data", str(tmp_path)) == 1
    assert "('klondike', 4): ['unwinnable', 'won']" in capfd.readouterr().out
    (tmp_path / "solvitaire-200.json").unlink()
    (tmp_path / "winnability-1m.jsonl").write_text(rows("7", 1000, {2: "unwinnable"}))
    assert run("winnability-table", "--data", str(tmp_path)) == 1
    assert "('klondike', 2): ['unwinnable', 'won']" in capfd.readouterr().out


def tiny_replay_check(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    """Won records of a real run are won again, after the same nodes, with lines that
    replay; a record whose line length was altered is reported and fails the check."""
    saved = tmp_path / "run.jsonl"
    rows = analyze("klondike-unlimited", 3, 5_000, executor="serial", cache=str(saved),
                   progress=False, as_frame=False)  # fmt: skip
    assert sum(r["verdict"] == "won" for r in rows) >= 2
    args = ["--from", str(saved), "--games", "klondike-unlimited", "--workers", "1"]
    assert run("replay-check", *args) == 0
    assert "0 failed" in capfd.readouterr().out
    records = jsonl(saved)
    won = next(r for r in records if r["verdict"] == "won")
    won["length"] += 1
    saved.write_text("".join(json.dumps(r) + "\n" for r in records))
    assert run("replay-check", *args) == 1
    assert f"FAILED klondike-unlimited#{won['seed']}" in capfd.readouterr().out


def tiny_winnable_latency(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    """Positions come from deals played by the fair rule player, in move order; each gets
    a verdict and its time, within the limit; a second run reuses the cache."""
    cache = tmp_path / "latency.jsonl"
    args = ["--games", "klondike-unlimited", "--positions", "4", "--per-deal", "2"]
    args += ["--seconds", "0.5", "--workers", "1", "--cache", str(cache)]
    assert run("winnable-latency", *args) == 0
    rows = jsonl(cache)
    assert len(rows) >= 4
    for row in rows:
        assert row["verdict"] in ("won", "unwinnable", "unknown")
        assert row["moves"] >= 1 and row["seconds"] < 0.5 + 2.0
    by_deal: dict[int, list[int]] = {}
    for row in rows:
        by_deal.setdefault(row["seed"], []).append(row["moves"])
    assert all(moves == sorted(moves) and len(moves) <= 2 for moves in by_deal.values())
    assert "| klondike-unlimited | 4 |" in capfd.readouterr().out
    assert run("winnable-latency", *args) == 0  # everything cached: nothing new is played
    assert len(cache.read_text().splitlines()) == len(rows)
    assert run("winnable-latency", *args, "--table") == 0  # as the table judges: new rows
    table = [row for row in jsonl(cache) if row["mode"] == "table"]
    assert len(table) >= 4 and all(row["verdict"] != "" for row in table)
    assert "as the table judges them" in capfd.readouterr().out


def tiny_click_load(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    """Two tables, a few clicks each, in worker processes and on threads: every click is
    timed and the figures are written with the command and versions."""
    out = tmp_path / "load.json"
    args = ["--tables", "2", "--intents", "5", "--interval", "0.005", "--json", str(out)]
    assert run("click-load", *args) == 0
    record = json.loads(out.read_text())
    assert record["command"].startswith("python -m benchmarks click-load")
    assert record["solver_version"] == SOLVER_VERSION
    setups = record["setups"]
    assert len(setups) == 2 and all(s["median"]["clicks"] == 10 for s in setups.values())
    assert "worker processes" in capfd.readouterr().out


def tiny_bring_downs(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "downs.jsonl"
    assert run("bring-downs", "--deals", "1", "--budget", "500", "--out", str(out)) == 0
    rows = jsonl(out)
    assert [(r["variant"], r["seed"]) for r in rows] == [
        ("klondike-unlimited", 1),
        ("klondike-three-card", 1),
    ]
    assert all(r["solver_version"] == SOLVER_VERSION and r["budget"] == 500 for r in rows)
    assert "klondike-unlimited: won" in capfd.readouterr().out


def tiny_notebook_05_data(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    """The three runs into another folder: greedy and budgets on deal 1 of every game,
    lengths on one won deal of a tiny winnability run (its saved line is found again)."""
    assert run("notebook-05-data", "greedy", "--data", str(tmp_path), "--deals", "1") == 0
    assert len(jsonl(tmp_path / "greedy.jsonl")) == len(common.all_games())
    analyze("klondike-unlimited", 2, 5_000, executor="serial",
            cache=str(tmp_path / "winnability.jsonl"), progress=False)  # fmt: skip
    assert run("notebook-05-data", "lengths", "--data", str(tmp_path), "--per-game", "1") == 0
    (row,) = jsonl(tmp_path / "solution-lengths.jsonl")
    assert row["length"] >= row["deals"] >= row["redeals"] >= 0
    assert run("notebook-05-data", "budgets", "--data", str(tmp_path), "--deals", "1",
               "--budgets", "100") == 0  # fmt: skip
    assert {r["budget"] for r in jsonl(tmp_path / "budget-check.jsonl")} == {100}
    assert "100 nodes: done" in capfd.readouterr().out


def tiny_strategy(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    summary = tmp_path / "effects.json"
    args = ["--deals", "2", "--games", "klondike-unlimited", "--no-draws", "--workers", "1"]
    assert run("strategy", *args, "--data", str(tmp_path), "--summary", str(summary)) == 0
    assert len(jsonl(tmp_path / "strategy-klondike-unlimited.jsonl")) == 2
    effects = json.loads(summary.read_text())
    assert effects["player_version"] == PLAYER_VERSION and effects["deals"] == 2
    assert effects["command"].startswith("python -m benchmarks strategy --deals 2 ")
    assert f"RulePlayer version {PLAYER_VERSION}" in capfd.readouterr().out


def tiny_strategy_search(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    cache = tmp_path / "screen.jsonl"
    args = ["--deals", "1", "--games", "wood", "--workers", "1", "--cache", str(cache)]
    assert run("strategy-search", "screen", *args, "--candidates", "guard-reserve") == 0
    (row,) = jsonl(cache)
    assert set(row["games"]) == {"none", "guard-reserve"} and row["seed"] == 10001
    summary = tmp_path / "summary.json"
    cache = tmp_path / "confirm.jsonl"
    args = ["--deals", "2", "--games", "wood", "--workers", "1", "--cache", str(cache)]
    assert run("strategy-search", "confirm", *args, "--no-reversed", "--summary", str(summary)) == 0
    assert [r["seed"] for r in jsonl(cache)] == [1, 2]
    made = json.loads(summary.read_text())
    assert made["command"].startswith("python -m benchmarks strategy-search confirm --deals 2 ")
    assert made["player_version"] == PLAYER_VERSION and made["deals"] == 2
    out = capfd.readouterr().out
    assert "| wood |" in out and "Holm" in out


def tiny_fair_ceiling(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    cache = tmp_path / "ceiling.jsonl"
    args = ["--deals", "1", "--games", "klondike-no-redeal", "--workers", "1"]
    assert run("fair-ceiling", *args, "--cache", str(cache)) == 0
    (row,) = jsonl(cache)
    assert (row["game"], row["seed"], row["version"]) == ("klondike-no-redeal", 1, CEILING_VERSION)
    assert row["solver_version"] and row["command"].startswith("python -m benchmarks fair-ceiling")
    assert "| klondike-no-redeal | 1 |" in capfd.readouterr().out


def tiny_solvitaire_check(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    """Solvitaire is built by hand (``--source``); without it the subcommand stops with a
    clear error before any solving (tests/test_solvitaire.py runs it with a stand-in)."""
    with pytest.raises(SystemExit) as stop:
        run("solvitaire-check", "--solvitaire", str(tmp_path / "solvitaire"), "--deals", "1")
    assert stop.value.code == 2
    assert "no Solvitaire binary at" in capfd.readouterr().err


def tiny_latency(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    """Real Chromium against a real Voila: two measured clicks per widget."""
    out = tmp_path / "latency.json"
    assert run("latency", "--servers", "voila", "--moves", "2", "--warmup", "0",
               "--json", str(out)) == 0  # fmt: skip
    results = json.loads(out.read_text())["results"]
    assert {r["widget"] for r in results} == {"floor", "game"}
    assert all(r["in_page_ms"]["median"] > 0 for r in results)


def tiny_lite(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    """The site is built by tools/build_lite.py (tests/browser/test_lite.py builds and
    drives it); measuring a folder that holds no site is refused at once."""
    with pytest.raises(SystemExit) as stop:
        run("lite", "--no-build", "--site", str(tmp_path))
    assert stop.value.code == 2
    assert "no JupyterLite site in" in capfd.readouterr().err


def tiny_lite_app(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    """The app's counting server sends what it serves and records the bytes (the browser
    runs are in tests/browser/test_lite.py); a folder with no Play app is refused."""
    import time
    import urllib.request

    from benchmarks import lite_app

    (tmp_path / "index.html").write_text("<title>x</title>")
    with lite_app.counting_server(tmp_path) as server:
        with urllib.request.urlopen(f"{server.origin}/index.html") as response:
            assert response.read() == b"<title>x</title>"
            assert response.headers["Cache-Control"] == "max-age=600"
        deadline = time.monotonic() + 5
        while not server.sent and time.monotonic() < deadline:
            time.sleep(0.01)
        assert server.take() == [("/index.html", 200, 16)]
    with pytest.raises(SystemExit) as stop:
        run("lite-app", "--no-build", "--site", str(tmp_path))
    assert stop.value.code == 2
    assert "no Play app in" in capfd.readouterr().err


def tiny_manifest(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    """The real manifest holds against the real data files."""
    assert run("manifest", "--check") == 0
    assert " 0 problem(s)" in capfd.readouterr().out


def tiny_bounds(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    """One case in this process: a 30 MB deck text is refused before it is split."""
    assert run("bounds", "--case", "f3-replay-deck", "--json") == 0
    row = json.loads(capfd.readouterr().out.strip().splitlines()[-1])
    assert row["seconds"] < 5 and row["outcome"].startswith("CorruptSaveError")


def tiny_value_calibration(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    """Two positions of one family, two worlds each (tests/test_value_calibration.py has more)."""
    out = tmp_path / "cal.jsonl"
    args = ["--per-family", "2", "--samples", "2", "--workers", "1", "--families", "klondike"]
    assert run("value-calibration", *args, "--out", str(out)) == 0
    assert "Brier: value" in capfd.readouterr().out


def tiny_drills(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    """One stage, one deal of each kind looked at, 4 worlds a move."""
    out = tmp_path / "drills.json"
    args = ["--stages", "klondike-reorder", "--max-deals", "1", "--samples", "4"]
    assert run("drills", *args, "--out", str(out)) == 0
    saved = json.loads(out.read_text())
    (stage,) = saved["stages"]
    assert stage["id"] == "klondike-reorder" and stage["looked_at"] == 2
    assert saved["command"].startswith("python -m benchmarks drills --stages klondike-reorder")
    assert "klondike-reorder:" in capfd.readouterr().out


def tiny_holm(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    """The saved tip study, corrected: re-ordering in Klondike stays clear."""
    assert run("holm") == 0
    out = capfd.readouterr().out
    assert "| klondike | reorder | 2000 |" in out and out.count(" yes |") >= 5


def tiny_winnable_deals(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    """Only proven wins are listed, the newest solver's run first, with the stated rule:
    easy when the rule player won, else medium/hard around the game's median nodes."""
    solver = lambda v, seed, verdict, nodes: json.dumps({  # noqa: E731
        "variant": v, "seed": seed, "verdict": verdict, "nodes": nodes, "budget": 100,
        "solver_version": "8" if v == "klondike" else "7"})  # fmt: skip
    (tmp_path / "winnability-v8.jsonl").write_text(
        "\n".join([solver("klondike", 1, "won", 10), solver("klondike", 2, "unknown", 100)])
    )
    (tmp_path / "winnability.jsonl").write_text(
        "\n".join(
            [
                solver("klondike", 3, "won", 5),
                solver("wood", 1, "won", 10),
                solver("wood", 2, "won", 50),
                solver("wood", 3, "won", 90),
                solver("wood", 4, "unwinnable", 9),
            ]
        )
    )
    (tmp_path / "strategy-wood.jsonl").write_text(
        "\n".join(json.dumps({"player_version": "2", "spec": "wood", "seed": s,
                              "games": {"all": [int(s == 3), 0, 0]}}) for s in (1, 2, 3))
    )  # fmt: skip
    out = tmp_path / "deals.json"
    assert run("winnable-deals", "--data", str(tmp_path), "--out", str(out)) == 0
    made = json.loads(out.read_text())
    got = {(r["variant"], r["seed"]): r["difficulty"] for r in made["records"]}
    assert got == {("klondike", 1): "medium", ("wood", 1): "medium", ("wood", 2): "medium",
                   ("wood", 3): "easy"}  # fmt: skip
    assert made["command"].startswith("python -m benchmarks winnable-deals")
    assert "median" in made["rule"] and made["player_version"] == "2"
    assert "wrote" in capfd.readouterr().out


TINY: dict[str, Callable[[Path, pytest.CaptureFixture[str]], None]] = {
    "before-after": tiny_before_after,
    "playout": tiny_playout,
    "solver": tiny_solver,
    "solver-memory": tiny_solver_memory,
    "compiled-speed": tiny_compiled_speed,
    "env": tiny_env,
    "saves": tiny_saves,
    "winnability": tiny_winnability,
    "escalate": tiny_escalate,
    "winnability-table": tiny_winnability_table,
    "replay-check": tiny_replay_check,
    "winnable-latency": tiny_winnable_latency,
    "bring-downs": tiny_bring_downs,
    "notebook-05-data": tiny_notebook_05_data,
    "strategy": tiny_strategy,
    "fair-ceiling": tiny_fair_ceiling,
    "strategy-search": tiny_strategy_search,
    "solvitaire-check": tiny_solvitaire_check,
    "latency": tiny_latency,
    "lite": tiny_lite,
    "lite-app": tiny_lite_app,
    "value-calibration": tiny_value_calibration,
    "bounds": tiny_bounds,
    "click-load": tiny_click_load,
    "manifest": tiny_manifest,
    "drills": tiny_drills,
    "holm": tiny_holm,
    "winnable-deals": tiny_winnable_deals,
}
"""Subcommand -> its run on tiny inputs. A subcommand without one fails the test below."""
SLOW = {"before-after", "solver-memory", "escalate", "replay-check", "winnable-latency",
        "notebook-05-data", "fair-ceiling", "winnability", "strategy", "saves", "env",
        "playout", "manifest", "value-calibration", "click-load", "drills", "holm",
        "strategy-search"}  # fmt: skip
"""The tiny runs over about 0.7 s on the busy 2-core machine (conftest.py's rule)."""
BROWSER = {"latency"}
"""The tiny runs that need Debian's Chromium and a Jupyter server."""


def marks(name: str) -> list[pytest.MarkDecorator]:
    return [pytest.mark.slow] * (name in SLOW | BROWSER) + [pytest.mark.browser] * (name in BROWSER)


@pytest.mark.parametrize(
    "name", [pytest.param(name, marks=marks(name), id=name) for name in SUBCOMMANDS]
)
def test_every_subcommand_runs_on_tiny_inputs(
    name: str, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    if name not in TINY:
        pytest.fail(f"the subcommand {name!r} has no tiny-input run in TINY")
    TINY[name](tmp_path, capfd)


def test_the_tiny_runs_are_the_subcommands() -> None:
    assert set(TINY) == set(SUBCOMMANDS)
    assert set(SUBCOMMANDS) >= SLOW | BROWSER


# ------------------------------------------------------------------ the dispatcher
@pytest.mark.slow
def test_the_dispatcher_lists_every_benchmark_module() -> None:
    """Every module with a ``main`` is a subcommand, and every subcommand a module whose
    ``main`` takes ``argv``."""
    modules = {p.stem for p in BENCHMARKS.glob("*.py")} - HELPERS
    assert {module_name(s) for s in SUBCOMMANDS} == {f"benchmarks.{m}" for m in modules}
    for subcommand in SUBCOMMANDS:
        main = importlib.import_module(module_name(subcommand)).main
        assert list(inspect.signature(main).parameters) == ["argv"], subcommand


def test_the_dispatcher_describes_each_subcommand_and_refuses_others(capsys) -> None:
    assert dispatch([]) == 0
    out = capsys.readouterr().out
    for name, what in SUBCOMMANDS.items():
        assert f"  {name} " in out and what in out
    assert dispatch(["no-such-benchmark"]) == 2
    assert "unknown subcommand 'no-such-benchmark'" in capsys.readouterr().err


@pytest.mark.slow
def test_python_dash_m_runs_a_subcommand_from_the_root() -> None:
    """The documented form, in a fresh interpreter: ``python -m benchmarks manifest``."""
    done = subprocess.run([sys.executable, "-m", "benchmarks", "manifest", "--check"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 problem(s)" in done.stdout


@pytest.mark.slow
def test_no_benchmark_edits_sys_path_or_imports_the_tests() -> None:
    """Read from the code itself (strings, such as the script Pyodide runs, aside)."""
    for path in sorted(BENCHMARKS.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr == "path":
                assert not (isinstance(node.value, ast.Name) and node.value.id == "sys"), (
                    f"{path.name}:{node.lineno} uses sys.path"
                )
            if isinstance(node, ast.ImportFrom):
                assert not (node.module or "").startswith("tests"), f"{path.name} imports tests"
            if isinstance(node, ast.Import):
                assert not any(a.name.startswith("tests") for a in node.names), path.name


def test_a_build_on_pythonpath_that_was_not_imported_is_refused(tmp_path, monkeypatch) -> None:
    """``PYTHONPATH=build/compiled python -m benchmarks ...`` would measure the source tree
    (``-m`` puts the current folder first): the dispatcher says how to run it instead."""
    (tmp_path / "terrace_widget").mkdir()
    (tmp_path / "terrace_widget" / "__init__.py").write_text("")
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    with pytest.raises(SystemExit, match=r"python -P -m benchmarks"):
        dispatch(["manifest", "--check"])
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    common.check_build()  # the package imported is the one named: nothing to say


def test_game_lists_and_seed_lists_refuse_what_they_do_not_know() -> None:
    assert common.game_list("terrace,klondike") == ["terrace", "klondike"]
    assert common.game_list("all") == common.all_games()
    assert common.seed_list("2,6,9") == [2, 6, 9]
    for bad in ("", "terrace,klondke"):
        with pytest.raises(Exception, match="unknown game"):
            common.game_list(bad)
    for bad in ("2,x", "-1"):
        with pytest.raises(Exception, match="seeds"):
            common.seed_list(bad)


# ------------------------------------------------------------------ the manifest
@pytest.mark.slow
def test_every_shipped_data_file_is_in_the_manifest_with_its_versions() -> None:
    entries = manifest.load()
    assert set(entries) == set(manifest.data_files())
    assert "terrace_widget/fair/strategy-effects.json" in entries
    for name, entry in entries.items():
        assert entry["commands"] and entry["package_version"], name
    assert entries["notebooks/data/winnability.jsonl"]["versions"]["solver_version"] == ["7"]
    assert manifest.problems(entries) == []


def test_the_manifest_check_finds_each_kind_of_mistake(tmp_path: Path) -> None:
    """An unlisted file, a listed file that is missing, a version or a count that the
    records contradict, a command not in the harness' form, a file whose own command is
    another one."""
    data = tmp_path / "notebooks" / "data"
    data.mkdir(parents=True)
    rows = [{"variant": "terrace", "seed": s, "budget": 100, "solver_version": "8"} for s in (1, 2)]
    (data / "run.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    (data / "unlisted.jsonl").write_text("")
    (data / "summary.json").write_text(json.dumps({"command": "python benchmarks/x.py --a 1"}))
    command = "python -m benchmarks winnability --deals 2"
    entries = {
        "notebooks/data/run.jsonl": {"commands": [command], **manifest.facts(data / "run.jsonl")},
        "notebooks/data/summary.json": {"commands": ["python -m benchmarks x --a 1"], "records": 0},
    }
    assert entries["notebooks/data/run.jsonl"]["versions"] == {"solver_version": ["8"]}
    assert manifest.problems(entries, tmp_path) == [
        "notebooks/data/unlisted.jsonl: a data file the manifest does not list"
    ]
    entries["notebooks/data/gone.jsonl"] = {"commands": [command], "records": 0}
    entries["notebooks/data/run.jsonl"]["versions"] = {"solver_version": ["7"]}
    entries["notebooks/data/run.jsonl"]["deals"] = 3
    entries["notebooks/data/summary.json"]["commands"] = ["python benchmarks/x.py --a 2"]
    found = "\n".join(manifest.problems(entries, tmp_path))
    assert "gone.jsonl: listed in the manifest but missing" in found
    assert "run.jsonl: the manifest says versions {'solver_version': ['7']}" in found
    assert "run.jsonl: the manifest says deals 3, the file 2" in found
    assert "summary.json: needs its commands" in found
    assert "summary.json: the file says it was made by 'python benchmarks/x.py --a 1'" in found

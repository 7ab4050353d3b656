"""benchmarks/value_calibration.py on a tiny run: held-out positions, the saved data with
its command and versions, a resumed run, the calibration table and the plot."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks import value_calibration
from terrace_widget.fair.value import VALUE_VERSION


def test_a_tiny_calibration_run_saves_its_data_and_resumes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, png = tmp_path / "cal.jsonl", tmp_path / "cal.png"
    args = ["--per-family", "4", "--samples", "2", "--workers", "1", "--out", str(out)]
    assert value_calibration.main([*args, "--plot", str(png), "--latency", "1",
                                   "--latency-samples", "2"]) == 0  # fmt: skip
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    header = rows[0]
    assert header["kind"] == "header" and header["value_version"] == VALUE_VERSION
    assert header["command"].startswith("python -m benchmarks.value_calibration --per-family 4")
    positions = [r for r in rows if r["kind"] == "position"]
    assert len(positions) == 11  # one per game: 4 a family, at least one for each game
    assert {r["variant"] for r in positions} == set(value_calibration.VARIANTS)
    for r in positions:
        assert r["samples"] == 2 and r["predicted"] == r["wins"] / 2
        assert r["won"] in (0, 1) and 0 <= r["move_index"] < max(r["game_moves"], 1)
    assert len([r for r in rows if r["kind"] == "latency"]) == 2
    assert png.stat().st_size > 1000
    text = capsys.readouterr().out
    assert "Brier: value" in text and "every legal move at 2 worlds" in text
    # A second run finds every position measured and only reports.
    assert value_calibration.main(args) == 0
    assert "11 already measured" in capsys.readouterr().out
    assert len([r for r in (json.loads(x) for x in out.read_text().splitlines())
                if r["kind"] == "position"]) == 11  # fmt: skip


def test_the_held_out_position_is_taken_from_the_rule_players_own_game() -> None:
    position, index, length, _ = value_calibration.held_out_position("klondike", 24_700_001)
    again = value_calibration.held_out_position("klondike", 24_700_001)
    assert again[0].piles == position.piles and again[1] == index
    assert len(position.history) == index < length

"""Statistics: counted per game in a JSON file, atomic and locked, versioned, a corrupt file
kept aside; the table records its games (won, left, helped, watched)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from terrace_widget.game.statistics import (
    SCHEMA,
    GameResult,
    Statistics,
    default_path,
    statistics,
)
from terrace_widget.search.solver import solve
from terrace_widget.table.session import TableSession


def win(table: TableSession) -> None:
    """Win the deal on the table: the solver's line up to its last move off the table (a
    table checks every position it shows, seconds for a whole game), that game put on the
    table, then the last move played on it."""
    game = table.current_game().copy()
    line = solve(game).moves
    for move in line[:-1]:
        game.play(move)
    table.load(game)
    table.play(line[-1])
    assert table.view["status"] == "won"


def test_figures_add_up(tmp_path: Path) -> None:
    store = Statistics(tmp_path / "s.json")
    store.record(GameResult("klondike", won=True, seconds=100.4, moves=120))
    store.record(GameResult("klondike", won=True, seconds=80, moves=130, hints=2, helped=True))
    store.record(GameResult("klondike", won=False, seconds=30, moves=40, undos=3))
    got = store.record(GameResult("klondike", won=True, seconds=200, moves=150))
    assert got["played"] == 4 and got["won"] == 3 and got["percent"] == 75.0
    assert got["clean"] == 2  # the one with hints is not clean
    assert (got["best_seconds"], got["worst_seconds"], got["fewest_moves"]) == (80, 200, 120)
    assert (got["streak"], got["longest_streak"]) == (1, 2)
    assert (got["hints"], got["undos"]) == (2, 3)
    assert store.read("terrace")["played"] == 0
    assert list(store.read()) == ["klondike"]
    assert json.loads((tmp_path / "s.json").read_text())["schema"] == SCHEMA


def test_jupyter_data_dir_moves_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TERRACE_WIDGET_STATISTICS", raising=False)
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "data"))
    assert default_path() == tmp_path / "data" / "terrace_widget" / "statistics.json"
    Statistics().record(GameResult("wood", won=False, seconds=3, moves=2))
    assert statistics("wood")["played"] == 1
    assert (tmp_path / "data" / "terrace_widget" / "statistics.json").is_file()


def test_a_corrupt_file_is_set_aside_and_play_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    path.write_text('{"schema": 1, "games": {"klondike": {"played": "many"', encoding="utf-8")
    store = Statistics(path)
    with pytest.warns(RuntimeWarning, match="set aside"):
        store.record(GameResult("klondike", won=True, seconds=5, moves=9))
    kept = list(tmp_path.glob("s.json.corrupt-*"))
    assert len(kept) == 1 and kept[0].read_text().endswith('"many"')  # never lost
    assert store.read("klondike")["won"] == 1
    # Valid JSON of the wrong shape is set aside too.
    path.write_text('{"schema": 1, "games": {"klondike": {"played": -1}}}', encoding="utf-8")
    with pytest.warns(RuntimeWarning, match="set aside"):
        assert store.read("klondike")["played"] == 0
    assert len(list(tmp_path.glob("s.json.corrupt-*"))) == 2


def test_a_newer_file_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    newer = '{"schema": 99, "games": {}}'
    path.write_text(newer, encoding="utf-8")
    with pytest.warns(RuntimeWarning, match="newer"):
        table = TableSession("terrace", seed=11, statistics=Statistics(path))
    table.play(table.current_game().legal_moves()[0])
    with pytest.warns(RuntimeWarning, match="newer"):
        table.new_game()  # the game left is not recorded, and the table goes on
    assert path.read_text() == newer
    assert table.view["status"] == "choosing-base"


WRITER = """
import sys
from terrace_widget.game.statistics import GameResult, Statistics
store = Statistics(sys.argv[1])
for k in range(int(sys.argv[2])):
    store.record(GameResult("terrace", won=k % 2 == 0, seconds=k, moves=k + 1))
"""


@pytest.mark.skipif(sys.platform == "win32", reason="the lock is fcntl's")
def test_two_processes_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    runs = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(path), "40"], env=env) for _ in range(2)
    ]
    assert [run.wait(timeout=120) for run in runs] == [0, 0]
    got = Statistics(path).read("terrace")
    assert got["played"] == 80 and got["won"] == 40
    assert not list(tmp_path.glob("*.tmp"))


def test_without_fcntl_records_still_work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from terrace_widget.game import statistics as module

    monkeypatch.setattr(module, "fcntl", None)  # as in Pyodide
    store = Statistics(tmp_path / "s.json")
    store.record(GameResult("signora", won=True, seconds=5, moves=9))
    assert store.read("signora")["won"] == 1


def test_in_pyodide_statistics_live_on_the_drive_and_need_no_flock(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """JupyterLite's kernel: ``sys.platform`` is ``"emscripten"`` and its ``fcntl`` module
    has no ``flock``. The data live on JupyterLite's persistent ``/drive`` (here a
    temporary folder in its place) and a game is recorded without a lock."""
    import types

    from terrace_widget.game import statistics as module
    from terrace_widget.lessons import drills
    from terrace_widget.table import app

    assert str(module.BROWSER_DATA_DIR) == "/drive/.jupyter-data"
    monkeypatch.delenv("JUPYTER_DATA_DIR", raising=False)
    monkeypatch.delenv("TERRACE_WIDGET_STATISTICS", raising=False)
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert module.data_dir() == Path("/drive/.jupyter-data")
    drive = tmp_path / "drive" / ".jupyter-data"
    monkeypatch.setattr(module, "BROWSER_DATA_DIR", drive)
    pyodide_fcntl = types.SimpleNamespace(LOCK_EX=2, LOCK_UN=8)  # no flock, as in Pyodide
    monkeypatch.setattr(module, "fcntl", pyodide_fcntl)
    assert not module.can_lock()
    assert module.data_dir() == drive
    assert default_path() == drive / "terrace_widget" / "statistics.json"
    assert drills.progress_path() == drive / drills.PROGRESS_NAME
    assert app.data_dir() == drive / "terrace_widget"
    Statistics().record(GameResult("klondike", won=True, seconds=5, moves=9))
    assert statistics("klondike")["won"] == 1
    assert (drive / "terrace_widget" / "statistics.json").is_file()
    assert not list((drive / "terrace_widget").glob("*.lock"))  # no lock was taken
    # The table records a game left after a move, as the Lite app's table does.
    table = TableSession("klondike", seed=7, statistics=Statistics(), hint_mode="classic")
    table.play(table.current_game().legal_moves()[0])
    table.new_game()
    assert statistics("klondike")["played"] == 2
    # Pyodide is known by its module too.
    monkeypatch.setattr(sys, "platform", "linux")
    assert module.data_dir() != drive
    monkeypatch.setitem(sys.modules, "pyodide", types.ModuleType("pyodide"))
    assert module.data_dir() == drive


def test_jupyter_data_dir_wins_over_the_browsers_drive(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from terrace_widget.game import statistics as module

    monkeypatch.delenv("TERRACE_WIDGET_STATISTICS", raising=False)
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(module, "BROWSER_DATA_DIR", tmp_path / "drive")
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "data"))
    assert module.data_dir() == tmp_path / "data"
    assert default_path() == tmp_path / "data" / "terrace_widget" / "statistics.json"
    Statistics().record(GameResult("wood", won=False, seconds=3, moves=2))
    assert statistics("wood")["played"] == 1
    assert not (tmp_path / "drive").exists()


def test_the_table_counts_a_game_once_a_card_moved(tmp_path: Path) -> None:
    store = Statistics(tmp_path / "s.json")
    table = TableSession("klondike", seed=7, statistics=store, hint_mode="classic")
    table.new_game()  # nothing moved: not counted
    assert store.read("klondike")["played"] == 0
    table.play(table.current_game().legal_moves()[0])
    table.undo()
    table.show_hint()
    table.restart()  # leaving a game where a card moved: a loss
    got = store.read("klondike")
    assert (got["played"], got["won"], got["undos"], got["hints"]) == (1, 0, 1, 1)
    assert table.view["statistics"]["played"] == 1


def test_a_won_game_is_recorded_once_and_clean(tmp_path: Path) -> None:
    store = Statistics(tmp_path / "s.json")
    table = TableSession("klondike", seed=7, statistics=store)
    win(table)
    moves = len(table.current_game().history)
    table.undo()
    table.redo()
    table.new_game()
    got = store.read("klondike")
    assert (got["played"], got["won"], got["clean"], got["streak"]) == (1, 1, 1, 1)
    assert got["fewest_moves"] == moves
    assert table.view["statistics"]["won"] == 1


def test_winnable_checks_make_a_win_not_clean(tmp_path: Path) -> None:
    store = Statistics(tmp_path / "s.json")
    table = TableSession("klondike", seed=7, statistics=store, show_winnable=True)
    win(table)
    got = store.read("klondike")
    assert (got["won"], got["clean"]) == (1, 0)


def test_hiding_the_panel_still_records(tmp_path: Path) -> None:
    store = Statistics(tmp_path / "s.json")
    table = TableSession("klondike", seed=7, statistics=store, show_statistics=False)
    assert table.view["statistics"] is None
    table.receive({"kind": "settings", "show_statistics": True, "id": 1})
    assert table.view["statistics"]["played"] == 0
    table.receive({"kind": "settings", "show_statistics": "yes", "id": 2})
    assert table.view["message"]["kind"] == "refused" and table.show_statistics is True
    win(table)
    assert store.read("klondike")["won"] == 1


def test_the_public_function_reads_the_users_file() -> None:
    import terrace_widget

    before = terrace_widget.statistics("redheads")["played"]
    Statistics().record(GameResult("redheads", won=False, seconds=1, moves=1))
    assert terrace_widget.statistics("redheads")["played"] == before + 1
    assert "redheads" in terrace_widget.statistics()
    with pytest.raises(ValueError):
        terrace_widget.statistics("no-such-game")

"""The Play app's table (terrace_widget.table.app): the address picks the game, and the
game comes back after a reload with its history, so Undo still works."""

from __future__ import annotations

import gc
import json
from pathlib import Path

import pytest

from terrace_widget.i18n import translator
from terrace_widget.table.app import Autosave, QueryError, data_dir, open_table, parse_query


def test_query_picks_game_seed_and_switches() -> None:
    assert parse_query("?game=klondike&seed=7") == {"variant": "klondike", "seed": 7}
    assert parse_query("") == {"variant": "terrace", "seed": None}
    assert parse_query("game=Wood&coach=1&winnable=0") == {
        "variant": "wood", "seed": None, "coach": True, "show_winnable": False,
    }  # fmt: skip


@pytest.mark.parametrize(
    "query, reason",
    [
        ("?game=chess", "unknown game"),
        ("?seed=-1", "seed must be"),
        ("?seed=99999999999", "seed must be"),
        ("?coach=maybe", "coach must be"),
        ("?import=os", "unknown option"),
        ("?game=" + "x" * 500, "longer than"),
        ("?lang=xx", "the table speaks en, el, uk, ru, ca"),
    ],
)
def test_bad_query_is_refused(query: str, reason: str) -> None:
    with pytest.raises(QueryError, match=reason):
        parse_query(query)


def test_bad_address_deals_terrace_and_says_why(tmp_path: Path) -> None:
    w = open_table("?game=chess", folder=tmp_path)
    assert w.game.variant == "terrace"
    assert "Address not understood" in w.view["message"]["text"]
    w.close()


def test_the_address_picks_the_language_and_the_language_says_what_was_wrong(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert parse_query("?game=klondike&lang=UK")["locale"] == "uk"
    w = open_table("?game=klondike&lang=ru", folder=tmp_path)
    assert w.locale == "ru" and w.view["locale"] == "ru"
    assert (
        w.view["name"]
        == translator("ru").gettext("Klondike (Single card deals)")
        != ("Klondike (Single card deals)")
    )
    w.close()
    monkeypatch.setenv("LANGUAGE", "ca")  # the kernel's language: the table's by default
    w = open_table("?game=chess", folder=tmp_path)
    assert w.view["message"]["text"].startswith("No s'ha entès l'adreça (joc desconegut 'chess'")
    w.close()


def test_a_reload_brings_the_game_back_with_undo(tmp_path: Path) -> None:
    w = open_table("?game=klondike&seed=7", folder=tmp_path)
    gc.collect()  # the autosave lives as long as its table
    w.play("deal")
    moves = [m for m in w.game.legal_moves() if str(m) != "deal"]
    if moves:
        w.play(moves[0])
    played = [str(m) for m in w.game.history]
    assert len(played) >= 1
    saved = json.loads((tmp_path / "autosave" / "klondike.json").read_text())
    assert saved["seed"] == 7
    w.close()

    again = open_table("?game=klondike", folder=tmp_path)  # no seed: the kept game
    assert [str(m) for m in again.game.history] == played
    assert again.game.piles == w.game.piles
    assert again.undo()
    assert [str(m) for m in again.game.history] == played[:-1]
    again.close()
    # the undo was saved too, and another seed asks for another deal
    assert len(json.loads((tmp_path / "autosave" / "klondike.json").read_text())["moves"]) == (
        len(played) - 1
    )
    other = open_table("?game=klondike&seed=8", folder=tmp_path)
    assert other.game.seed == 8 and other.game.history == []
    other.close()


def test_an_unreadable_save_is_ignored(tmp_path: Path) -> None:
    (tmp_path / "autosave").mkdir()
    (tmp_path / "autosave" / "terrace.json").write_text('{"format": "nonsense"}')
    w = open_table("", folder=tmp_path)
    assert w.game.history == []
    assert json.loads((tmp_path / "autosave" / "terrace.json").read_text())["variant"] == "terrace"
    w.close()


def test_a_failing_disk_is_reported_not_raised(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    w = open_table("", folder=tmp_path)
    keeper = Autosave(w, blocker)  # a folder under a plain file cannot be made
    assert keeper.save() is None and keeper.error and "could not be saved" in keeper.error
    w.close()


def test_data_dir_follows_jupyter(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path))
    assert data_dir() == tmp_path / "terrace_widget"

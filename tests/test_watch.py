"""Watch and learn: the fair player plays the table's deal, narrated; a click stops it and
its moves are undone like any other; it sees only the observation (twin test)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from positions import twin

from terrace_widget import Game
from terrace_widget.game.statistics import Statistics
from terrace_widget.table import watch as watch_module
from terrace_widget.table.session import TableSession
from terrace_widget.table.watch import TEXTS, narrate


def test_watch_plays_the_deal_to_its_end_narrated(tmp_path: Path) -> None:
    store = Statistics(tmp_path / "s.json")
    table = TableSession("terrace", seed=11, statistics=store)
    said: list[str] = []
    table.publish = lambda view: said.append(view["watch"]["say"] or "")
    table.watch()
    assert table.view["status"] == "won" and not table.watching
    assert table.view["watch"]["say"] == TEXTS["done-won"]
    assert any(s.startswith("It moves the ") for s in said)
    table.new_game()
    assert store.read("terrace")["played"] == 0  # a watched game is not the player's


def test_a_click_stops_watch_and_its_moves_undo() -> None:
    async def scenario() -> tuple[int, int, int, bool]:
        table = TableSession("klondike", seed=7, statistics=None)
        table._watch.delay = 0.01
        table.receive({"kind": "watch", "on": True, "speed": "fast", "id": 1})
        table._watch.delay = 0.01
        assert table.watching
        for _ in range(400):
            await asyncio.sleep(0.01)
            if len(table.current_game().history) >= 5:
                break
        played = len(table.current_game().history)
        table.receive({"kind": "undo", "id": 2, "seq": table.view["seq"]})  # any click
        stopped = not table.watching
        after = len(table.current_game().history)
        await asyncio.sleep(0.1)
        still = len(table.current_game().history)
        table.close()
        return played, after, still, stopped

    played, after, still, stopped = asyncio.run(scenario())
    assert played >= 5 and stopped
    assert after < played  # the undo took Watch's last turn back
    assert still == after  # and Watch played no more


def test_bad_watch_intents_are_refused() -> None:
    table = TableSession("terrace", seed=11, statistics=None)
    table.receive({"kind": "watch", "on": "yes", "id": 1})
    assert table.view["message"]["kind"] == "refused" and not table.watching
    table.receive({"kind": "watch", "on": True, "speed": "ludicrous", "id": 2})
    assert "slow, normal, fast" in table.view["message"]["text"] and not table.watching
    assert table.current_game().history == []


def _first_watched_move(game: Game) -> tuple[str, str | None]:
    table = TableSession(game=game, statistics=None)
    table._watch.player.reset()
    table._watch._step()
    return str(table.current_game().history[-1]), table._watch.said


def test_watch_sees_only_the_observation() -> None:
    """Along a game, twins (the hidden cards permuted) get the same move and sentence."""
    rng = random.Random(3)
    game = Game("klondike", seed=21)
    for _ in range(12):
        first = _first_watched_move(game)
        assert all(_first_watched_move(twin(game, rng)) == first for _ in range(2))
        game.play(first[0])


def test_narration_reads_only_the_observation() -> None:
    game = Game("terrace", seed=11)
    obs = game.observation()
    move = str(game.legal_moves()[0])
    assert narrate(obs, move) == narrate(twin(game, random.Random(1)).observation(), move)
    assert "base" in narrate(obs, move)
    assert watch_module.SPEEDS["slow"] > watch_module.SPEEDS["fast"]

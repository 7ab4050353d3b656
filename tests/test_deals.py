"""Winnable deals (replayed to a win by the solver), their difficulty, the daily deal."""

from __future__ import annotations

import asyncio
import datetime as dt
import random
from pathlib import Path

import pytest

from terrace_widget import VARIANTS, Game
from terrace_widget.fair.players import RulePlayer, play_out
from terrace_widget.game.statistics import Statistics
from terrace_widget.search.solver import solve
from terrace_widget.table import deals
from terrace_widget.table.session import TableSession

REPLAY_BUDGET = 400_000


@pytest.mark.parametrize("variant", sorted({r["variant"] for r in deals.shipped()["records"]}))
def test_winnable_deals_are_replayed_to_a_win_by_the_solver(variant: str) -> None:
    table = TableSession(variant, winnable=True, statistics=None)
    assert table.view["deal"]["winnable"] is True
    assert table.view["deal"]["text"] == deals.WINNABLE_TEXT
    assert "sees every card" in table.view["deal"]["text"]
    assert table.view["deal_id"] is None  # a listed seed is public, but not shown unasked
    solution = solve(table.current_game(), budget=REPLAY_BUDGET)
    assert solution.verdict == "won"
    assert solution.replay(table.current_game()).status == "won"


def test_every_game_with_saved_runs_has_a_list() -> None:
    games = {r["variant"] for r in deals.shipped()["records"]}
    assert games <= set(VARIANTS) and len(games) >= 10
    assert {r["difficulty"] for r in deals.shipped()["records"]} == {"easy", "medium", "hard"}


def test_difficulty_follows_the_stated_rule() -> None:
    rows = deals.listed("terrace")
    median = deals.median_nodes("terrace")
    assert median is not None
    rng = random.Random(5)
    for row in rng.sample(rows, 6):
        won = play_out(Game("terrace", seed=row["seed"]), RulePlayer()).won
        assert (row["difficulty"] == "easy") == won
        if not won:
            assert row["difficulty"] == ("medium" if row["nodes"] <= median else "hard")
    assert "fair rule player" in deals.rule() and "median" in deals.rule()


def test_a_table_option_deals_only_winnable_deals() -> None:
    table = TableSession("wood", seed=3, statistics=None)
    assert table.view["deal"] is None
    table.receive({"kind": "settings", "winnable_deals": True, "id": 1})
    assert table.view["options"]["winnable_deals"] is True
    table.receive({"kind": "new", "id": 2, "seq": table.view["seq"]})
    listed = {r["seed"] for r in deals.listed("wood")}
    assert table.current_game().seed in listed
    assert table.view["deal"]["difficulty"] in ("easy", "medium", "hard")
    table.restart()  # the same deal: still said to be winnable
    assert table.view["deal"]["winnable"] is True
    table.receive({"kind": "new", "winnable": "yes", "id": 3, "seq": table.view["seq"]})
    assert table.view["message"]["kind"] == "refused"


def test_the_finder_proves_a_random_deal_winnable() -> None:
    deal = deals.FINDER.find_one("terrace", attempts=10)
    assert deal is not None and deal.source == "found" and deal.seed > 2**64
    assert solve(Game("terrace", seed=deal.seed)).verdict == "won"


def test_the_daily_deal_is_the_same_for_everyone_on_a_date() -> None:
    a = deals.daily_deal("klondike", "2026-12-05")
    assert a == deals.daily_deal("klondike", dt.date(2026, 12, 5))
    assert a.seed in {r["seed"] for r in deals.listed("klondike")}
    first = dt.date(2026, 1, 1)
    days = {deals.daily_deal("klondike", first + dt.timedelta(d)).seed for d in range(30)}
    assert len(days) > 20  # it changes from day to day
    assert deals.daily_deal("terrace", "2026-12-05").variant == "terrace"
    with pytest.raises(ValueError, match="a date"):
        deals.daily_deal("klondike", "tomorrow")


def test_the_daily_deals_result_is_recorded_and_its_share_text_shows_no_card(
    tmp_path: Path,
) -> None:
    store = Statistics(tmp_path / "s.json")
    table = TableSession("klondike", daily=True, statistics=store)
    today = dt.datetime.now(dt.timezone.utc).date().isoformat()
    assert table.view["deal"]["daily"] == today
    for move in solve(table.current_game()).moves:
        if table.view["status"] == "won":
            break
        table.play(move)
    assert table.view["status"] == "won"
    text = table.view["deal"]["share"]
    assert today in text and "Klondike" in text and "won in" in text
    cards = {c for pile in table.current_game().piles.values() for c in pile}
    assert not any(card in text.split() for card in cards)
    assert store.read("klondike")["daily"][today]["won"] is True


def test_in_a_kernel_the_table_proves_more_deals_in_the_background() -> None:
    async def scenario() -> deals.Deal:
        first = deals.winnable_deal("terrace")  # starts the finder (an event loop runs)
        assert first.source in ("list", "found")
        for _ in range(600):
            await asyncio.sleep(0.1)
            if deals.FINDER._found.get("terrace"):
                break
        return deals.winnable_deal("terrace")

    found = asyncio.run(scenario())
    assert found.source == "found" and found.seed > 2**64  # a long seed nobody knows
    assert found.difficulty in ("easy", "medium", "hard")
    assert solve(Game("terrace", seed=found.seed)).verdict == "won"

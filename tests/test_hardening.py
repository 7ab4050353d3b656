"""The hardening campaign's findings (issue "Hardening"), each reproduced and kept fixed.

Every test here failed before its fix: the secrecy of the deal number, bounded input,
background work that stops when its table changes, and a cache that can be trusted.
"""

from __future__ import annotations

import asyncio
import json
import time
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from terrace_widget import Game, TerraceWidget, play
from terrace_widget.advice import forget
from terrace_widget.limits import MAX_MESSAGE_BYTES, oversize, quote


class Recorder:
    """Collects the custom messages the widget sends to the browser."""

    def __init__(self, widget: TerraceWidget) -> None:
        self.sent: list[dict] = []  # type: ignore[type-arg]
        widget.send = self.sent.append  # type: ignore[method-assign,assignment]


def intent(widget: TerraceWidget, kind: object, **fields: object) -> None:
    widget._on_custom_msg(widget, {"kind": kind, "id": 7, "seq": widget.view["seq"], **fields}, [])


def synced_text(widget: TerraceWidget) -> str:
    state = {k: v for k, v in widget.get_state().items() if k not in ("_esm", "_css")}
    return json.dumps(state)


# ---------------------------------------------------------------- 1. the deal number


def test_the_observation_carries_no_seed_and_no_deal_id() -> None:
    game = Game("klondike", seed=424242)
    game.play("deal")
    text = json.dumps(game.observation())
    assert "deal_id" not in text and "seed" not in text and "424242" not in text


def test_a_random_table_does_not_show_its_deal_number_until_shared() -> None:
    w = play("klondike")  # dealt at random: the player did not choose the deal
    deal_id = w.game.deal_id
    assert deal_id is not None and w.view["deal_id"] is None
    assert deal_id not in synced_text(w) and str(w.game.seed) not in synced_text(w)
    w.play("deal")
    intent(w, "new")  # a new random deal: still hidden
    assert w.view["deal_id"] is None and w.game.deal_id not in synced_text(w)
    # "Share this deal": the number is shown on request, and it rebuilds the deal.
    intent(w, "share")
    assert w.view["deal_id"] == w.game.deal_id
    assert Game.from_deal_id(w.view["deal_id"]).piles["stock"] == w.game.piles["stock"]


def test_a_chosen_deal_shows_its_number_and_a_constructed_one_has_none() -> None:
    assert play("wood", seed=9).view["deal_id"] == "wood#9"
    w = play("terrace")
    intent(w, "new", seed=5)
    assert w.view["deal_id"] == "terrace#5"
    constructed = TerraceWidget(game=Game.from_piles("klondike", {"t1": ["KS"]}))
    rec = Recorder(constructed)
    intent(constructed, "share")
    assert "no deal number" in rec.sent[-1]["reason"] and constructed.view["deal_id"] is None


# ---------------------------------------------------------------- 2. replays end


def _record(moves: int = 12) -> dict:  # type: ignore[type-arg]
    source = Game("klondike", seed=5)
    for _ in range(moves):
        source.play(source.legal_moves()[0])
    return source.record()


@pytest.mark.parametrize("interrupt", ["new", "undo", "restart", "replay"])
def test_a_replay_ends_when_the_table_is_changed_and_says_so(interrupt: str) -> None:
    async def scenario() -> None:
        w = play("klondike", seed=1)
        task = w.replay(_record(), delay=0.01)
        assert task is not None
        await asyncio.sleep(0.035)
        played = w.view["moves_played"]
        assert 0 < played < 12
        if interrupt == "replay":
            w.replay(_record(2), delay=0.01)
        else:
            intent(w, interrupt)
        at = w.game.to_dict()
        await asyncio.sleep(0.15)
        assert task.done()
        if interrupt == "replay":  # the first replay was cancelled by the second
            assert task.cancelled() and w.view["moves_played"] == 2
        else:
            assert task.exception() is None
            assert w.game.to_dict() == at  # the replay played nothing more
            assert "replay stopped" in w.view["message"]["text"]

    asyncio.run(scenario())


# ---------------------------------------------------------------- 3. bounded messages


def test_a_huge_move_text_gets_a_short_refusal() -> None:
    w = play("klondike", seed=2)
    rec = Recorder(w)
    before = w.game.to_dict()
    intent(w, "move", move="t1-" + "x" * 10_000_000)
    reason = rec.sent[-1]["reason"]
    assert len(reason) < 300 and "larger than 64 kB" in reason
    intent(w, "move", move="t1-" + "x" * 1000)  # under the size limit, still not a move
    reason = rec.sent[-1]["reason"]
    assert len(reason) < 200 and "not a move" in reason
    assert len(json.dumps(w.view)) < 20_000
    assert w.game.to_dict() == before


def test_deep_nesting_never_raises_out_of_the_handler() -> None:
    w = play("terrace", seed=3)
    rec = Recorder(w)
    kind: object = "move"
    for _ in range(990):
        kind = [kind]
    intent(w, kind)
    assert "nested" in rec.sent[-1]["reason"]
    deep: object = {}
    for _ in range(5000):
        deep = {"a": deep}
    w._on_custom_msg(w, deep, [])
    assert "nested" in rec.sent[-1]["reason"]
    intent(w, [["move"]] * 3)  # shallow but not text: quoted by its type only
    assert rec.sent[-1]["reason"] == "unknown intent a list of 3 items"


@settings(max_examples=60, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=50),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
        max_leaves=40,
    )
)
def test_any_intent_is_answered_within_bounds(value: object) -> None:
    w = play("klondike", seed=4)
    rec = Recorder(w)
    before = w.game.to_dict()
    for content in (value, {"kind": value}, {"kind": "move", "move": value, "seq": 1}):
        w._on_custom_msg(w, content, [])
        assert all(len(m["reason"]) <= 300 for m in rec.sent)
    assert w.game.to_dict()["piles"] == before["piles"]


def test_the_size_check_is_bounded_and_the_quotes_short() -> None:
    assert oversize({"kind": "move", "move": "t3-f1"}) is None
    assert oversize(["x" * 20_000]) == "larger than 64 kB"
    assert oversize(list(range(10**6))) == "larger than 64 kB"
    assert oversize([[[[1]]]], depth=3) == "nested more than 3 levels deep"
    assert quote("t3-f1") == "'t3-f1'" and len(quote("y" * 10**6)) < 80
    assert quote(2**20000) == "a 20,001-bit number" and quote(-3) == "-3"
    assert MAX_MESSAGE_BYTES == 65536


# ---------------------------------------------------------------- 8. background work


def test_a_stale_search_stops_and_tables_do_not_wait_for_each_other() -> None:
    """Table A's long search does not delay table B's short hint, and a move on A stops
    A's search at its next check (every 256 nodes), so A's next hint starts at once."""
    forget()

    async def wait_for_hint(w: TerraceWidget, limit: float) -> float:
        start = time.perf_counter()
        while w.view["hint"] is None:
            assert time.perf_counter() - start < limit, "no hint in time"
            await asyncio.sleep(0.005)
        return time.perf_counter() - start

    async def scenario() -> None:
        a = TerraceWidget("klondike", seed=7, hint_seconds=4.0)  # undecided in 4 s
        b = TerraceWidget("klondike", seed=5, hint_seconds=0.2)
        intent(a, "hint")
        await asyncio.sleep(0.1)  # A's search is under way
        intent(b, "hint")
        waited = await wait_for_hint(b, 2.0)
        assert waited < 1.2, f"B waited {waited:.2f} s behind A"
        assert a.view["hint"] is None  # A is still searching
        # A move on A: the stale search stops; a short hint on A is not queued behind it.
        a.play("deal")
        a.hint_seconds = 0.2
        intent(a, "hint")
        waited = await wait_for_hint(a, 3.0)
        assert waited < 1.2, f"A's new hint waited {waited:.2f} s behind its stale search"
        a.close()
        b.close()

    asyncio.run(scenario())


# ---------------------------------------------------------------- 12. a failing callback


def test_a_failing_on_move_callback_is_reported_and_the_table_goes_on() -> None:
    game = Game.from_piles(
        "klondike-no-redeal",
        {"t1": ["#KS", "QH"], "t2": ["#KH", "#QS", "JD"], "t3": ["5H"], "t4": ["JS"]},
        rest_to="t3",
    )
    w = TerraceWidget(game=game)
    w.on_move(lambda _w, _moves: 1 / 0)
    calls: list[int] = []
    w.on_move(lambda _w, moves: calls.append(len(moves)))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        intent(w, "move", move="t4-t1")  # the only move: the game is then lost
    assert str(w.game.history[-1]) == "t4-t1" and calls == [1]
    assert any("ZeroDivisionError" in str(c.message) for c in caught)
    assert w.view["status"] == "lost" and w.view["summary"] is not None
    assert "on_move callback failed" in w.view["message"]["text"]

"""The table without a browser or a widget: a ``TableSession`` driven by intents and by
its Python API, its views checked."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from positions import klondike_stuck

from terrace_widget import Game, IllegalMoveError, Move
from terrace_widget.search.advice import LOST_TEXT, forget, solver_hint
from terrace_widget.table import searches, worker
from terrace_widget.table import session as session_module
from terrace_widget.table.session import THINKING, TableSession


class Recorder:
    """Collects the messages the table sends to the browser."""

    def __init__(self, table: TableSession) -> None:
        self.sent: list[dict[str, Any]] = []
        table.send = self.sent.append


def table(variant: str = "terrace", seed: int | None = None, **options: Any) -> TableSession:
    return TableSession(variant, seed, **options)


def intent(table: TableSession, kind: str, **fields: object) -> None:
    table.receive({"kind": kind, "id": 7, "seq": table.view["seq"], **fields})


def test_browser_moves_go_through_the_engine() -> None:
    w = table("terrace", seed=12345)
    moves: list[list[str]] = []
    w.on_move(lambda _w, played: moves.append([str(m) for m in played]))
    seq = w.view["seq"]
    intent(w, "move", move="t2-f6")
    assert w.view["seq"] > seq
    assert w.view["base_rank"] == 6 and w.view["stock_count"] == 82
    assert moves == [["t2-f6"]]
    assert w.game.history[-1].target == "f6"


def test_illegal_intents_are_refused_with_a_reason_and_change_nothing() -> None:
    w = table("terrace", seed=12345)
    rec = Recorder(w)
    before = w.game.to_dict()
    intent(w, "deal")
    assert rec.sent[-1] == {
        "kind": "refused",
        "id": 7,
        "reason": "Choose the base card first: drop one of the four tableau cards on a foundation",
    }
    assert w.view["message"]["kind"] == "refused"
    assert w.game.to_dict() == before


@pytest.mark.parametrize(
    "content",
    [
        None,
        "t3-f1",
        [1, 2],
        {},
        {"kind": "teleport"},
        {"kind": []},
        {"kind": {"move": "t1-f1"}},
        {"kind": "move", "move": "t1-f1", "seq": True},
        {"kind": "move"},
        {"kind": "move", "move": 3},
        {"kind": "move", "move": "t9-t9"},
        {"kind": "move", "move": "zz-top"},
        {"kind": "double", "pile": "nowhere"},
        {"kind": "double", "pile": ["t1"]},
        {"kind": "new", "variant": "spider"},
        {"kind": "new", "variant": 5},
        {"kind": "new", "seed": "x"},
        {"kind": "new", "seed": -1},
        {"kind": "redo"},
        {"kind": "winnable", "on": "yes"},
        {"kind": "winnable", "on": False},
    ],
)
def test_garbage_is_refused_without_raising(content: object) -> None:
    w = table("terrace", seed=5)
    w.play("t1-f1")
    w.undo()  # something to redo would make 'redo' legal: start from a clean slate
    w.new_game("terrace", seed=5)
    rec = Recorder(w)
    before = (w.game.to_dict(), {k: v for k, v in w.view.items() if k not in ("seq", "message")})
    if isinstance(content, dict):
        content = {"seq": w.view["seq"], **content}
    w.receive(content)
    assert rec.sent and rec.sent[-1]["kind"] == "refused" and rec.sent[-1]["reason"]
    after = (w.game.to_dict(), {k: v for k, v in w.view.items() if k not in ("seq", "message")})
    assert after == before


def test_out_of_date_moves_are_refused() -> None:
    w = table("wood", seed=2)
    rec = Recorder(w)
    stale = w.view["seq"]
    move = w.view["legal_moves"][0]
    w.play(w.view["legal_moves"][-1])
    before = w.game.to_dict()
    w.receive({"kind": "move", "move": move, "id": 1, "seq": stale})
    assert "changed" in rec.sent[-1]["reason"]
    assert w.game.to_dict() == before


def test_views_that_leave_the_table_alone_do_not_make_moves_stale() -> None:
    w = TableSession("wood", seed=2, hint_mode="classic")
    rec = Recorder(w)
    seen = w.view["seq"]  # the view the player clicked on
    intent(w, "hint")  # then a hint and a refusal arrive before the click
    intent(w, "redo")
    assert w.view["seq"] > seen and rec.sent[-1]["reason"] == "nothing to redo"
    move = w.view["legal_moves"][0]
    w.receive({"kind": "move", "move": move, "id": 1, "seq": seen})
    assert w.game.history == [Move.parse(move)]
    assert len(rec.sent) == 1  # only the refused redo: the move was accepted


def test_a_flood_of_clicks_keeps_game_and_view_in_step() -> None:
    w = table("klondike", seed=9)
    for i in range(300):
        intent(w, "deal")
        if i % 7 == 0:
            intent(w, "undo")
        assert w.view["piles"] == w.game.observation()["piles"]
        assert w.view["legal_moves"] == [str(m) for m in w.game.legal_moves()]


def test_python_drives_the_same_table() -> None:
    w = table("terrace", seed=12345)
    w.play("t2-f6")
    assert w.view["moves_played"] == 1
    with pytest.raises(IllegalMoveError):
        w.play("reserve-t1")
    assert w.undo() and w.view["status"] == "choosing-base"
    assert w.redo() and w.view["base_rank"] == 6
    w.restart()
    assert w.view["moves_played"] == 0
    w.new_game("klondike-three-card", seed=4)
    assert w.view["variant"] == "klondike-three-card" and w.view["deal_count"] == 3
    g = w.game
    g.play(g.legal_moves()[0])  # a copy: the table does not change
    assert w.view["moves_played"] == 0


def test_hint_highlights_piles() -> None:
    w = TableSession("terrace", seed=12345, hint_mode="classic")
    intent(w, "hint")
    assert w.view["hint"]["message"] == "Move something onto the foundation."
    assert w.view["hint"]["by"] == "classic"
    w.play("t2-f6")
    assert w.view["hint"] is None
    text = w.show_hint()
    assert w.view["hint"]["message"] == text
    move = w.view["hint"]["move"]
    assert move is None or move in w.view["legal_moves"]


def test_the_hint_button_asks_the_solver() -> None:
    forget()
    w = table("klondike-three-card", seed=3)
    intent(w, "hint")
    hint = w.view["hint"]
    assert hint["by"] == "solver"
    assert hint["move"] in w.view["legal_moves"]
    assert hint["cards"] == [hint["move"].split("-")[0], hint["move"].split("-")[1]]
    assert hint["message"].startswith("Move ") and ": " in hint["message"]
    # a table with no winning line says so, with nothing to highlight
    w.new_game("klondike-three-card", seed=2)
    intent(w, "hint")
    assert w.view["hint"] == {"move": None, "message": LOST_TEXT, "cards": [], "by": "solver"}
    # out of time: the classic hint, saying so
    w = TableSession("terrace", seed=1, hint_seconds=0.0)
    w.play(next(m for m in w.view["legal_moves"] if m != "deal"))
    intent(w, "hint")
    assert w.view["hint"]["by"] == "classic"
    assert "the solver found no winning line within 0 s" in w.view["hint"]["message"]


def test_the_winnable_indicator() -> None:
    forget()
    w = table("klondike-three-card", seed=3)
    assert w.view["winnable_check"] is False and w.view["winnable"] is None
    intent(w, "winnable", on=True)
    assert w.view["winnable_check"] is True and w.view["winnable"] == "winnable"
    w.play(solver_hint(w.game, seconds=None).move)
    assert w.view["winnable"] == "winnable"  # checked again after the change
    rec = Recorder(w)
    intent(w, "winnable", on=True)
    assert rec.sent[-1]["reason"] == "the indicator is already on"
    intent(w, "winnable", on=False)
    assert w.view["winnable_check"] is False and w.view["winnable"] is None
    w = TableSession("klondike-three-card", seed=2, show_winnable=True)
    assert w.view["winnable"] == "unwinnable"


def test_the_lost_banner_says_which_move_lost() -> None:
    game = Game.from_piles(
        "klondike-no-redeal",
        {
            "f1": [r + "C" for r in "A2345678"], "f2": [r + "S" for r in "A2345678"],
            "f3": [r + "D" for r in "A2345678"], "f4": [r + "H" for r in "A2345678"],
            "waste": ["9H"], "stock": ["TH"],
            "t7": ["#QS", "#JS", "#TS", "KC"], "t6": ["#QC", "#JC", "KS"],
            "t5": ["#TC", "#9S", "KD"], "t4": ["#9D", "KH"], "t3": ["#9C", "#QD", "JD"],
            "t2": ["#QH", "JH"], "t1": ["TD"],
        },
        rest_to=None,
    )  # fmt: skip
    w = TableSession(game=game)
    assert w.view["post_mortem"] is None
    intent(w, "deal")
    assert w.view["status"] == "lost"
    assert w.view["post_mortem"] == (
        "The game was still winnable before move 1 (deal); after it no line wins."
    )
    intent(w, "undo")
    assert w.view["status"] == "playing" and w.view["post_mortem"] is None


def test_advice_runs_beside_the_event_loop() -> None:
    """In a kernel the solver works on a thread; its answer arrives if the table is unchanged."""
    forget()

    async def scenario() -> None:
        w = table("klondike-three-card", seed=3)
        intent(w, "hint")
        assert w.view["hint"] is None and w.view["message"]["text"] == THINKING
        for _ in range(400):
            if w.view["hint"]:
                break
            await asyncio.sleep(0.01)
        assert w.view["hint"]["by"] == "solver" and w.view["message"] is None
        # a second Hint while the first is being worked out is answered, not ignored
        rec = Recorder(w)
        w.play("deal")
        intent(w, "hint")
        intent(w, "hint")
        assert rec.sent[-1]["reason"] == "still looking for a hint for this table"
        for _ in range(400):
            if w.view["hint"]:
                break
            await asyncio.sleep(0.01)
        # a move made while the solver thinks: its stale answer is dropped
        intent(w, "hint")
        w.play(w.view["hint"]["move"])
        intent(w, "winnable", on=True)
        assert w.view["winnable"] is None  # being checked
        for _ in range(400):
            if w.view["winnable"]:
                break
            await asyncio.sleep(0.01)
        assert w.view["winnable"] == "winnable" and w.view["hint"] is None

    asyncio.run(scenario())


def test_lost_is_shown_once_proven() -> None:
    game = klondike_stuck()  # no move is left
    w = TableSession(game=game)
    assert w.view["status"] == "lost"
    assert w.view["message"]["kind"] == "lost"
    assert w.view["summary"]["moves"] == 0


def test_stock_reason_says_why_the_stock_does_not_deal() -> None:
    w = table("terrace", seed=1)
    assert "base card" in w.view["stock_reason"]
    w.play("t1-f1")
    assert w.view["stock_reason"] is None


def test_replay_animates_a_record() -> None:
    source = Game("falling-stars", seed=31)
    for _ in range(12):
        source.play(source.legal_moves()[0])
    w = table("klondike", seed=1)
    seen: list[int] = []
    w.on_move(lambda widget, _moves: seen.append(widget.view["moves_played"]))
    assert w.replay(source.record(), delay=0) is None  # no event loop here: plays at once
    assert w.game.to_dict() == source.to_dict()
    assert seen == list(range(1, 13))
    # A record whose moves are a list (as Game.replay also reads them) replays the same.
    listed = {**source.record(), "moves": [str(m) for m in source.history]}
    w.replay(listed, delay=0)
    assert w.game.to_dict() == source.to_dict()


def test_a_bad_record_leaves_the_table_alone() -> None:
    w = table("klondike", seed=1)
    w.play("deal")
    before = w.game.to_dict()
    record = {**Game("wood", seed=3).record(), "moves": "t1-t9 nonsense"}
    with pytest.raises(ValueError, match="move"):
        w.replay(record, delay=0)
    assert w.game.to_dict() == before


def test_restart_and_new_deal_are_undone_like_moves() -> None:
    w = table("klondike", seed=7)
    for _ in range(5):
        intent(w, "deal")
    intent(w, "move", move=next(m for m in w.view["legal_moves"] if m != "deal"))
    played = w.game.to_dict()
    intent(w, "restart")
    assert w.view["moves_played"] == 0 and w.view["can_undo"] and not w.view["can_redo"]
    assert w.view["action"] == {"kind": "restart", "moves": []}
    intent(w, "undo")  # the game comes back with its history
    assert w.game.to_dict() == played and w.view["action"]["kind"] == "undo-game"
    intent(w, "undo")  # and its own undo goes on from there
    assert w.view["action"]["kind"] == "undo" and len(w.game.history) == 5
    intent(w, "redo")
    assert w.game.to_dict() == played
    intent(w, "redo")  # forward again to the restarted deal
    assert w.view["action"]["kind"] == "redo-game" and w.view["moves_played"] == 0
    intent(w, "new", variant="wood", seed=3)
    assert w.view["variant"] == "wood" and w.view["can_undo"]
    intent(w, "undo")
    assert w.view["variant"] == "klondike" and w.view["moves_played"] == 0
    intent(w, "undo")
    assert w.game.to_dict() == played
    w.play("deal")  # a new move forgets the games ahead
    assert not w.view["can_redo"]


def test_only_so_many_earlier_games_are_kept() -> None:
    w = table("wood", seed=1)
    for seed in range(session_module.GAMES_KEPT + 5):
        w.new_game(seed=seed + 2)
    undone = 0
    while w.undo():
        undone += 1
    assert undone == session_module.GAMES_KEPT
    assert w.view["deal_id"] == "wood#6"


def test_a_trivially_won_table_finishes_by_itself() -> None:
    foundations = {f"f{i + 1}": [r + s for r in "A23456789T"] for i, s in enumerate("CDHS")}
    piles = {**foundations, "t1": ["KS", "QH", "JC"], "t2": ["KH", "QS", "JD"],
             "t3": ["KC", "QD", "JS"], "t4": ["KD", "QC"], "t5": ["JH"]}  # fmt: skip
    w = TableSession(game=Game.from_piles("klondike", piles, rest_to=None))
    moves: list[list[str]] = []
    w.on_move(lambda _w, played: moves.append([str(m) for m in played]))
    assert session_module.finishing_moves(w.game) != []  # the table waits for a player's move
    intent(w, "move", move="t5-t4")
    assert w.view["status"] == "won" and w.view["action"]["kind"] == "finish"
    assert len(moves) == 2 and moves[0] == ["t5-t4"] and len(moves[1]) == 12
    w2 = TableSession(game=Game.from_piles("klondike", piles, rest_to=None))
    w2.auto_finish = False
    intent(w2, "move", move="t5-t4")
    assert w2.view["status"] == "playing"


def test_no_auto_finish_while_a_card_is_hidden() -> None:
    w = table("klondike", seed=7)
    assert session_module.finishing_moves(w.game) == []
    intent(w, "deal")
    assert w.view["action"]["kind"] == "move" and w.view["status"] == "playing"


def test_the_lost_text_says_no_line_wins_and_moves_stay_open() -> None:
    game = klondike_stuck()
    w = TableSession(game=game)
    assert w.view["message"] == {"kind": "lost", "text": "This deal can no longer be won."}
    assert w.view["redeals"] == 0 and w.view["table_seq"] == 1


def test_load_puts_a_position_on_the_table_and_undo_takes_it_off() -> None:
    w = table("klondike", seed=7)
    w.play("deal")
    position = klondike_stuck(clubs_up=4)  # 5♣ can still go up, and then nothing
    w.load(position)
    assert w.view["status"] == "lost" and w.view["legal_moves"]  # proven, with moves left
    intent(w, "move", move="waste-f1")  # still accepted, as the banner says
    assert w.view["moves_played"] == 1 and w.view["message"]["text"] == session_module.LOST_TEXT
    with pytest.raises(TypeError):
        w.load("klondike")  # type: ignore[arg-type]
    assert w.undo() and w.undo() and w.view["variant"] == "klondike"
    assert w.game.history == [Move.parse("deal")]


def test_in_a_kernel_the_auto_finish_plays_one_card_at_a_time() -> None:
    foundations = {f"f{i + 1}": [r + s for r in "A23456789T"] for i, s in enumerate("CDHS")}
    piles = {**foundations, "t1": ["KS", "QH", "JC"], "t2": ["KH", "QS", "JD"],
             "t3": ["KC", "QD", "JS"], "t4": ["KD", "QC"], "t5": ["JH"]}  # fmt: skip

    async def scenario() -> list[str]:
        w = TableSession(game=Game.from_piles("klondike", piles, rest_to=None))
        kinds: list[str] = []
        w.publish = lambda view: kinds.append((view.get("action") or {}).get("kind"))
        intent(w, "move", move="t5-t4")
        for _ in range(300):
            if w.view["status"] == "won":
                break
            await asyncio.sleep(0.01)
        assert w.view["status"] == "won"
        return kinds

    kinds = asyncio.run(scenario())
    assert kinds.count("finish") == 12  # one view per card: each is drawn flying up


def test_a_finished_game_keeps_its_time_and_the_clock_waits_for_the_first_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = [1000.0]
    monkeypatch.setattr(session_module.time, "time", lambda: clock[0])
    foundations = {f"f{i + 1}": [r + s for r in "A23456789TJQK"] for i, s in enumerate("CDHS")}
    foundations["f4"][-2:] = []
    w = TableSession(game=Game.from_piles("klondike", {**foundations, "t1": ["KS"], "t2": ["QS"]}))
    clock[0] = 1010.0
    assert w.view["started"] is None  # drawn, untouched: the clock has not started
    w.play("t2-f4")  # the first move starts it, at t = 1010
    assert w.view["started"] == 1010_000
    clock[0] = 1030.0
    w.play("t1-f4")  # the winning move at t = 1030
    assert w.view["status"] == "won" and w.view["summary"]["seconds"] == 20
    clock[0] = 1100.0
    intent(w, "deal")  # refused: the view is redrawn later, with the same time
    assert w.view["status"] == "won" and w.view["summary"]["seconds"] == 20
    w.restart()
    assert w.view["started"] is None


@pytest.mark.parametrize("where", ["thread", "process"])
def test_a_hint_after_forty_winnable_toggles_starts_within_a_second(
    monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    """Issue 26 F2: a search no longer wanted is dropped (at most one per kind waits), so
    toggling Winnable? does not queue searches in front of the Hint. With searches on a
    thread, the hint's search must start within a second; in the worker processes (whose
    calls this process cannot see), the hint itself must arrive within 1.5 s."""
    forget()
    monkeypatch.setenv(worker.MODE_VARIABLE, where)
    asked: list[float] = []
    real_advise = searches.advice.advise

    def advise(*args: Any, **kwargs: Any) -> Any:
        asked.append(time.perf_counter())
        return real_advise(*args, **kwargs)

    monkeypatch.setattr(searches.advice, "advise", advise)

    async def scenario() -> float:
        # Klondike #1 is undecided within the budget: each check uses all of it.
        w = table("klondike", seed=1, hint_seconds=0.2, winnable_seconds=0.6)
        for _ in range(40):
            intent(w, "winnable")
            await asyncio.sleep(0.07)  # each "on" has reached the worker
        start = time.perf_counter()
        intent(w, "hint")
        for _ in range(500):
            if asked and where == "thread":
                break
            if w.view["hint"] is not None:
                asked.append(time.perf_counter())
                break
            await asyncio.sleep(0.01)
        w.close()
        return asked[0] - start if asked else float("inf")

    assert asyncio.run(scenario()) < (1.0 if where == "thread" else 1.5)


def test_restart_on_a_game_without_moves_keeps_the_redo_path() -> None:
    """Issue 26 F12: undo back to an earlier game, Restart it untouched: Redo still goes
    forward to the newer deal."""
    fresh = table("klondike", seed=7)
    intent(fresh, "new", seed=8)
    intent(fresh, "undo")  # back to #7, no moves at all
    intent(fresh, "restart")
    assert fresh.view["can_redo"]
    intent(fresh, "redo")
    assert fresh.view["deal_id"] == "klondike#8"


def test_seeded_deals_do_not_grow_the_shown_numbers() -> None:
    """Issue 26 F13: the deal numbers shown are kept only for games Undo or Redo reach."""
    w = table("wood", seed=1)
    for seed in range(300):
        intent(w, "new", seed=seed + 2)
    assert len(w._shared) <= session_module.GAMES_KEPT + 1
    assert w.view["deal_id"] == "wood#301"
    while w.undo():
        pass
    assert w.view["deal_id"] == "wood#281"  # the oldest kept still shows its number

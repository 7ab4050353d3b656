"""The widget without a browser: intents fed to its message handler reach its table
session, traits and session stay in step, nothing hidden is synced. The table's own
behaviour is tested on the session (tests/test_session.py)."""

from __future__ import annotations

import json

import pytest

from terrace_widget import Game, TerraceWidget, play
from terrace_widget.table.session import TableSession


class Recorder:
    """Collects the custom messages the widget sends to the browser."""

    def __init__(self, widget: TerraceWidget) -> None:
        self.sent: list[dict] = []  # type: ignore[type-arg]
        widget.send = self.sent.append  # type: ignore[method-assign,assignment]


def intent(widget: TerraceWidget, kind: str, **fields: object) -> None:
    widget._on_custom_msg(widget, {"kind": kind, "id": 7, "seq": widget.view["seq"], **fields}, [])


def test_play_returns_a_widget_on_the_requested_deal() -> None:
    w = play("klondike", seed=11)
    assert isinstance(w, TerraceWidget)
    assert w.view["deal_id"] == "klondike#11"
    assert w.view["piles"] == Game("klondike", seed=11).observation()["piles"]
    assert {"id": "wood", "name": "Wood"} in w.view["variants"]


def test_hidden_cards_never_reach_the_synced_state() -> None:
    w = play("klondike", seed=3)
    game = w.game
    state = {k: v for k, v in w.get_state().items() if k not in ("_esm", "_css")}  # not the code
    synced = json.dumps(state)
    for name, cards in game.piles.items():
        for card in cards:
            if card.startswith("#"):
                # The stock's and face-down tableau cards' faces are nowhere in the state,
                # in any spelling ("QS", "#QS", ...), unless the same card is face up
                # elsewhere (impossible with one deck).
                assert card[1:] not in synced, (name, card)
    assert w.view["piles"]["stock"] == ["#"] * 24

    def texts(value: object) -> list[str]:
        if isinstance(value, str):
            return [value]
        if isinstance(value, dict):
            return [t for k, v in value.items() for t in [*texts(k), *texts(v)]]
        if isinstance(value, (list, tuple)):
            return [t for v in value for t in texts(v)]
        return []

    assert all(t == "#" or not t.startswith("#") for t in texts(state))


@pytest.mark.parametrize("variant, seed", [("klondike", 2), ("klondike", 10)])
def test_hidden_cards_never_reach_the_coach(variant: str, seed: int) -> None:
    """With the Coach on, along a whole game: no face-down card, in any spelling (code or
    glyph), is anywhere in the synced state: marks, labels, sentences, the hint."""
    from terrace_widget.fair.players import RulePlayer
    from terrace_widget.rules.cards import glyph, parse_card

    w = play(variant, seed=seed, coach=True, hint_mode="classic")
    player = RulePlayer()
    player.reset()
    marked = 0
    for _ in range(150):
        state = {k: v for k, v in w.get_state().items() if k not in ("_esm", "_css")}
        synced = json.dumps(state, ensure_ascii=False)
        coach_words = json.dumps(state["view"]["coach"], ensure_ascii=False)
        marked += bool(state["view"]["coach"]["marks"])
        for cards in w.game.piles.values():
            for card in cards:
                if card.startswith("#"):
                    assert card[1:] not in synced, card
                    assert glyph(parse_card(card[1:])) not in coach_words, card
        move = player.choose(w.game.observation(prove_loss=False))
        if move is None:
            break
        w.play(move)
    assert marked > 3
    w.show_hint()
    hidden = [c[1:] for cards in w.game.piles.values() for c in cards if c.startswith("#")]
    text = json.dumps(w.view, ensure_ascii=False)
    assert all(glyph(parse_card(c)) not in text and c not in text for c in hidden)


def test_mimebundle_has_an_svg_for_viewers_without_a_kernel() -> None:
    w = play("wood", seed=8)
    bundle = w._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert data["image/svg+xml"].startswith("<svg")
    assert "application/vnd.jupyter.widget-view+json" in data


def test_intents_reach_the_session_and_refusals_reach_the_browser() -> None:
    w = play("terrace", seed=12345, hint_mode="classic")
    assert isinstance(w.session, TableSession) and w.view is w.session.view
    rec = Recorder(w)
    intent(w, "deal")  # the base card is chosen first
    assert rec.sent[-1]["kind"] == "refused" and rec.sent[-1]["id"] == 7
    intent(w, "move", move="t2-f6")
    assert w.view["base_rank"] == 6 and w.game.history[-1].target == "f6"
    moves: list[str] = []
    w.on_move(lambda table, played: moves.append(f"{type(table).__name__} {played[0]}"))
    w.play(w.view["legal_moves"][0])
    assert moves == [f"TerraceWidget {w.game.history[-1]}"]
    assert w.undo() and w.redo() and w.view["moves_played"] == 2


def test_traits_and_session_stay_in_step() -> None:
    w = TerraceWidget("klondike", seed=3, hint_mode="classic")
    intent(w, "winnable", on=True)  # the browser's switch sets the trait
    assert w.show_winnable is True and w.view["winnable_check"] is True
    w.show_winnable = False  # and Python's trait the table
    assert w.session.show_winnable is False and w.view["winnable_check"] is False
    w.coach = True
    assert w.view["coach"] is not None
    w.hint_mode = "fair"
    w.hint_seconds = 0.25
    assert (w.session.hint_mode, w.session.hint_seconds) == ("fair", 0.25)
    with pytest.raises(Exception, match="hint_mode"):
        w.hint_mode = "psychic"
    assert w.session.hint_mode == "fair"


def test_the_widget_class_is_only_plumbing() -> None:
    """The table lives in the session: the widget module stays a thin layer."""
    import inspect

    from terrace_widget.table import widget as widget_module

    assert len(inspect.getsource(widget_module).splitlines()) < 200
    assert "traitlets" not in inspect.getsource(TableSession.__init__)

"""Decks you can read: the table's card settings, set from Python or by a ``deck`` intent,
checked (a bad value is refused and changes nothing)."""

from __future__ import annotations

import pytest

from terrace_widget.table.deck import BACKS, PALETTES, Deck
from terrace_widget.table.players import session_options
from terrace_widget.table.session import TableSession


def test_the_deck_is_in_the_view_and_changes_by_intent() -> None:
    table = TableSession("klondike", seed=7, statistics=None)
    assert table.view["deck"] == {"palette": "classic", "contrast": False, "large": False,
                                  "back": "blue"}  # fmt: skip
    seq = table.view["seq"]
    table.receive({"kind": "deck", "palette": "four-colour", "back": "red", "id": 1})
    table.receive({"kind": "deck", "contrast": True, "large": True, "id": 2})
    assert table.view["deck"] == {"palette": "four-colour", "contrast": True, "large": True,
                                  "back": "red"}  # fmt: skip
    assert table.view["seq"] > seq and table.current_game().history == []


@pytest.mark.parametrize(
    "fields",
    [{"palette": "pink"}, {"back": "cat"}, {"contrast": "yes"}, {"large": 1}, {}],
)
def test_bad_deck_intents_are_refused_and_change_nothing(fields: dict[str, object]) -> None:
    table = TableSession("klondike", seed=7, statistics=None)
    sent: list[dict[str, object]] = []
    table.send = sent.append
    table.receive({"kind": "deck", "id": 3, **fields})
    assert sent and sent[-1]["kind"] == "refused"
    assert table.deck == Deck()


def test_play_options_become_the_tables_settings() -> None:
    options = session_options(palette="four-colour", high_contrast=True, back="green")
    assert options["deck"] == Deck("four-colour", True, False, "green")
    with pytest.raises(ValueError, match="palette"):
        session_options(palette="tartan")
    with pytest.raises(ValueError, match="winnable"):
        session_options(winnable="sometimes")  # type: ignore[arg-type]
    assert set(PALETTES) == {"classic", "four-colour"} and "plain" in BACKS

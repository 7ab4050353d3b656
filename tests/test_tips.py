"""The tips as objects: one registry drives the rule player, the Coach and the tip study,
so a new tip is one class (and this kind of test)."""

from __future__ import annotations

import pytest

from terrace_widget import Game
from terrace_widget.fair import tips
from terrace_widget.fair.coach import coach_view, note_for
from terrace_widget.fair.players import RulePlayer, game_from_observation, play_out
from terrace_widget.fair.tips import TIPS, BaseTip, Mark, Ranked, against_tips, tips_for
from terrace_widget.game.game import Observation
from terrace_widget.rules.variants import Rules


def test_the_registry_holds_the_six_tips_in_the_help_order() -> None:
    assert [tip.name for tip in TIPS] == [
        "base", "reversed", "pile-start", "deal-on", "bring-down", "reorder",
    ]  # fmt: skip
    assert list(tips.TIP_NAMES) == [tip.name for tip in TIPS]
    assert all(tip.says and isinstance(tip.stage, int) for tip in TIPS)
    assert tips.tip_named("deal-on").says == "deal on while the stock is locked"
    with pytest.raises(ValueError, match="unknown tip"):
        tips.tip_named("patience")


class DealFirst(BaseTip):
    """A made-up tip: deal before anything else."""

    name = "deal-first"
    says = "deal before any other move"

    def applies_to(self, rules: Rules) -> bool:
        return rules.deal_count == 1

    def follows(self, move: str, obs: Observation) -> bool:
        return move == "deal" or "deal" not in obs["legal_moves"]

    def against(self, move: str, obs: Observation) -> str:
        return "The deal was left"

    def marks(self, obs: Observation) -> list[Mark]:
        if "deal" in obs["legal_moves"] and len(obs["legal_moves"]) > 1:
            return [{"tip": self.name, "tone": "warn", "pile": "stock", "indices": [],
                     "label": "deal", "text": "Deal first"}]  # fmt: skip
        return []

    def prefer(self, obs: Observation, ranked: list[Ranked]) -> list[Ranked]:
        return [(-1.0 if move == "deal" else rank, i, move) for rank, i, move in ranked]


def test_a_new_tip_is_one_class(monkeypatch: pytest.MonkeyPatch) -> None:
    """Registered, the class is read by tips_for, against_tips, the Coach's marks and notes
    and the rule player, with no other change."""
    monkeypatch.setattr(tips, "TIPS", (*TIPS, DealFirst()))
    assert tips_for("klondike") == ("bring-down", "reorder", "deal-first")
    assert "deal-first" not in tips_for("klondike-three-card")
    game = Game("klondike", seed=4)
    obs = game.observation()
    assert "deal" in obs["legal_moves"] and len(obs["legal_moves"]) > 1
    other = next(m for m in obs["legal_moves"] if m != "deal")
    assert against_tips(obs, other) == ["deal-first"] and against_tips(obs, "deal") == []
    assert note_for(obs, other) == "The deal was left (deal before any other move)."
    assert any(m["tip"] == "deal-first" for m in coach_view(obs)["marks"])
    dealer = RulePlayer({"deal-first"})
    assert dealer.ranked(obs)[0] == "deal"
    assert RulePlayer(set()).ranked(obs)[0] != "deal"
    assert play_out(game, dealer).moves > 0


@pytest.mark.parametrize("variant", ["klondike", "klondike-three-card"])
def test_every_tip_judges_alike_whatever_the_hidden_cards(variant: str) -> None:
    """Twins: the real deal and a world with the same observation but other hidden cards."""
    game = Game(variant, seed=8)
    for move in ("deal", "deal"):
        game.play(move)
    twin = game_from_observation(game.observation())
    a, b = game.observation(), twin.observation()
    history = ("moves_played", "can_undo")  # the twin is built, not played
    assert {k: v for k, v in a.items() if k not in history} == {
        k: v for k, v in b.items() if k not in history
    }
    assert twin.to_dict()["piles"] != game.to_dict()["piles"]  # hidden cards differ
    for tip in TIPS:
        assert tip.marks(a) == tip.marks(b)
        ranked: list[Ranked] = [(1.0, i, m) for i, m in enumerate(a["legal_moves"])]
        assert tip.prefer(a, ranked) == tip.prefer(b, ranked)
        for move in a["legal_moves"]:
            assert tip.follows(move, a) == tip.follows(move, b)
    assert coach_view(a) == coach_view(b)
    assert RulePlayer().ranked(a) == RulePlayer().ranked(b)

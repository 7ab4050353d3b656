"""The drills: stages of real positions found by a stated rule, moves judged by what they
do (the fair value and the tip's predicate), a hint ladder that costs stars, and the
learner's progress kept in a file that survives a restart."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from positions import twin

from terrace_widget.lessons import drills
from terrace_widget.lessons.drills import Progress, judge
from terrace_widget.lessons.trainer import Drill
from terrace_widget.table.widget import TerraceWidget

DATA = Path(__file__).resolve().parent.parent / "notebooks" / "data"
STAGES = drills.load_stages()


def cheapest(stage: drills.Stage) -> drills.DrillPosition:
    """The stage's position with the fewest legal moves (the cheapest to measure again)."""
    return min(stage.positions, key=lambda p: (len(p.outcomes), len(p.before)))


def has_wrong_move(position: drills.DrillPosition) -> bool:
    return bool(position.wrong_moves())


def wrong_move(position: drills.DrillPosition) -> str:
    """A legal move the saved fair value grades below ``good``."""
    return position.wrong_moves()[0]


def test_every_stage_is_saved_with_five_to_ten_positions_of_both_kinds() -> None:
    assert [s.spec.id for s in STAGES] == drills.stage_ids()
    for stage in STAGES:
        kinds = [p.kind for p in stage.positions]
        assert 5 <= len(kinds) <= 10, stage.spec.id
        assert "helped" in kinds and "hurt" in kinds, stage.spec.id
        assert stage.helped > 0 and stage.hurt > 0
        # a drill teaches only where a move can be wrong: some position has one
        assert any(p.wrong_moves() for p in stage.positions), stage.spec.id
        for position in stage.positions:
            game = position.game()
            assert game.is_legal(position.idea_move) and game.is_legal(position.other_move)
            assert position.idea_move != position.other_move


def test_the_saved_file_names_its_command_and_versions() -> None:
    saved = json.loads(drills.DRILLS_FILE.read_text(encoding="utf-8"))
    assert saved["command"].startswith("python -m benchmarks drills")
    for key in ("package_version", "solver_version", "player_version"):
        assert saved[key]
    assert saved["rule"] == drills.SELECTION_RULE


@pytest.mark.slow
@pytest.mark.parametrize(
    "stage_id", ["terrace-deal-on", "klondike-reorder", "terrace-guard-reserve"]
)
def test_the_counts_and_a_position_are_found_again_from_the_data(stage_id: str) -> None:
    stage = drills.stage(stage_id)
    helped, hurt, deals = drills.decided_deals(stage.spec, DATA)
    assert (len(helped), len(hurt), deals) == (stage.helped, stage.hurt, stage.deals)
    for position in stage.positions:
        assert position.seed in (helped if position.kind == "helped" else hurt)
    position = cheapest(stage)
    before, idea_move, other_move = drills.parting(stage.spec, position.seed) or ([], "", "")
    assert (tuple(before), idea_move, other_move) == (
        position.before,
        position.idea_move,
        position.other_move,
    )
    measured = drills.measure(position.game(), position.samples, position.rollout)
    assert measured == dict(position.outcomes)


@pytest.mark.parametrize(
    "stage_id",
    ["terrace-base", "klondike-reorder", "terrace-reserve-base", "terrace-guard-reserve"],
)
def test_the_best_move_is_right_and_a_worse_one_wrong_with_the_tip_saying_why(
    stage_id: str,
) -> None:
    stage = drills.stage(stage_id)
    judged = [p for p in stage.positions if has_wrong_move(p)]
    assert judged
    for position in judged:
        obs = position.game().observation()
        best = judge(position, stage.spec, obs, position.best)
        assert best.right and best.grade.label == "best" and best.reason.startswith("✓")
        bad = judge(position, stage.spec, obs, wrong_move(position))
        assert not bad.right and bad.reason.startswith("✗")
        assert bad.grade.label in ("inaccuracy", "mistake", "blunder")
        assert bad.follows is not None  # the tip's predicate was asked
        kind = "rule" if drills.is_found(stage.spec) else "tip"
        assert (f"It follows the {kind}." in bad.reason) == bad.follows


def test_an_illegal_answer_is_refused_and_changes_nothing() -> None:
    stage = drills.stage("klondike-bring-down")
    position = stage.positions[0]
    obs = position.game().observation()
    with pytest.raises(ValueError, match="not a legal move"):
        judge(position, stage.spec, obs, "t9-f9")
    assert position.game().observation() == obs


def test_twins_are_judged_alike() -> None:
    rng = random.Random(5)
    for stage in STAGES:
        position = stage.positions[0]
        game = position.game()
        other = twin(game, rng)
        for move in game.observation()["legal_moves"]:
            mine = judge(position, stage.spec, game.observation(), move)
            theirs = judge(position, stage.spec, other.observation(), move)
            assert (mine.right, mine.reason, mine.follows) == (
                theirs.right,
                theirs.reason,
                theirs.follows,
            )


def test_a_drill_on_a_live_table_judges_hints_and_keeps_stars(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    table = TerraceWidget("klondike")
    trainer = Drill("klondike-reorder", progress=Progress("ann", path), table=table)
    first = next(k for k, p in enumerate(trainer.stage.positions) if has_wrong_move(p))
    trainer.go(first)
    position = trainer.position
    # ✗ first: a wrong move, judged the moment it is played on the table
    table.play(wrong_move(position))
    assert trainer.verdict is not None and not trainer.verdict.right
    assert table.session.view["message"]["text"].startswith("✗")
    assert trainer.stars() == {}
    trainer.retry()
    assert [str(m) for m in table.game.history] == list(position.before)
    # the hint ladder: a nudge, the piles (lit on the table), the move
    assert trainer.ask_hint().startswith("Hint: ")
    piles = trainer.ask_hint()
    assert table.session.view["hint"]["cards"]
    assert "look at" in piles
    assert trainer.ask_hint() == f"Hint: play {position.best}."
    table.play(position.best)
    assert trainer.verdict is not None and trainer.verdict.right
    assert table.session.view["message"]["text"].startswith("✓")
    assert trainer.stars() == {first: 0}  # one miss and three hints: no star left
    trainer.next()
    table.play(trainer.position.best)
    second = (first + 1) % len(trainer.stage.positions)
    assert trainer.stars() == {first: 0, second: 3}
    # a new kernel: the stars are read back from the file
    again = Progress("ann", path)
    assert again.stars("klondike-reorder") == {first: 0, second: 3}
    assert Progress("bob", path).stars("klondike-reorder") == {}


def test_drill_positions_are_not_counted_as_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from terrace_widget.game.statistics import FILE_ENV, Statistics

    monkeypatch.setenv(FILE_ENV, str(tmp_path / "statistics.json"))
    trainer = Drill("klondike-reorder", progress=Progress("ann", tmp_path / "progress.json"))
    for _ in range(2):
        trainer.table.play(trainer.position.best)
        trainer.next()  # the position left, a card moved: a table would count a game here
    assert trainer.table.session.view.get("statistics") is None
    assert not Statistics().path.exists()
    # the same moves on a plain table are counted, so the check above could fail
    table = TerraceWidget("klondike")
    table.play(str(table.game.legal_moves()[0]))
    table.session.receive({"kind": "new"})
    assert Statistics().path.exists()


def test_the_progress_file_lives_in_jupyters_data_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "jd"))
    progress = Progress("ann")
    assert progress.path == tmp_path / "jd" / drills.PROGRESS_NAME
    progress.record("terrace-base", 2, 2)
    progress.record("terrace-base", 2, 1)  # the best is kept
    assert Progress("ann").stars("terrace-base") == {2: 2}
    assert [p.name for p in progress.path.parent.iterdir()] == ["drill-progress.json"]


def test_a_corrupt_progress_file_is_set_aside_with_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.warns(UserWarning, match="set aside"):
        progress = Progress("ann", path)
    assert progress.stars("terrace-base") == {}
    assert [p.name.startswith("progress.json.corrupt-") for p in tmp_path.iterdir()] == [True]
    progress.record("terrace-base", 0, 3)
    assert Progress("ann", path).stars("terrace-base") == {0: 3}
    path.write_text(json.dumps({"learners": {"ann": {"terrace-base": {"0": 9}}}}))
    with pytest.warns(UserWarning, match="stars out of range"):
        Progress("ann", path)


def test_bad_input_gets_a_clear_error(tmp_path: Path) -> None:
    progress = Progress("ann", tmp_path / "p.json")
    with pytest.raises(ValueError, match="unknown stage"):
        progress.record("chess", 0, 3)
    with pytest.raises(ValueError, match="stars are 0 to 3"):
        progress.record("terrace-base", 0, 4)
    with pytest.raises(ValueError, match="learner"):
        Progress("", tmp_path / "p.json")
    with pytest.raises(ValueError, match="hint rung"):
        drills.hint(STAGES[0].positions[0], STAGES[0].spec, 3)
    assert not (tmp_path / "p.json").exists()


def test_a_found_rule_stage_compares_the_found_set_with_and_without_the_rule() -> None:
    spec = drills.stage_spec("terrace-reserve-base")
    assert drills.is_found(spec) and not drills.is_found(drills.stage_spec("terrace-base"))
    with_rule, without = drills._players(spec)
    assert with_rule.tips == {"reserve-base", "guard-reserve"}
    assert without.tips == {"guard-reserve"}
    helped, hurt, deals = drills.decided_deals(spec, DATA)
    saved = drills.stage("terrace-reserve-base")
    assert (len(helped), len(hurt), deals) == (saved.helped, saved.hurt, saved.deals)
    assert "found-rules.jsonl" in saved.source
    # the drill's judge asks the found rule itself: the rule's base follows it
    position = next(p for p in saved.positions if p.kind == "helped")
    obs = position.game().observation()
    assert drills.judge(position, spec, obs, position.idea_move).follows is True
    other = drills.judge(position, spec, obs, position.other_move)
    assert other.follows is False and "reserve's top 5 cards wait longer" in other.reason


def test_a_drills_own_table_is_fair(tmp_path: Path) -> None:
    """At a drill nothing on the table depends on a hidden card: its own Hint comes from
    the fair player, and Winnable?, the post-mortem and sharing are off, saying why."""
    trainer = Drill("terrace-base", progress=Progress("ann", tmp_path / "progress.json"))
    assert trainer.table.hint_mode == "fair"
    learning = trainer.table.session.view["learning"]
    assert learning["off"] == ["winnable", "post_mortem", "share"]
    assert learning["why"].startswith("Off at a drill")
    assert trainer.table.session.view["deal_id"] is None
    plain = TerraceWidget("terrace")  # a plain table shows them all
    assert plain.hint_mode == "solver" and plain.session.view["learning"] is None
    greek = Drill("terrace-base", progress=Progress("ann", tmp_path / "p.json"), locale="el")
    assert greek.table.session.view["learning"]["why"].startswith("Ανενεργό στην άσκηση")

"""What the strategy lessons (notebooks 03 and 04) build on: the moment a tip decides a
deal, the learner's move checked against it, and the tip's measured worth in words.

A *tip moment* is found by playing the same deal with two fair players
(:class:`~terrace_widget.fair.players.RulePlayer`) side by side, one with every tip of the game
and one with every tip but ``tip``: both see only the observation, and they play the same
moves until the first position where the tip changes the move. That position is the
lesson's "your move".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Any

from ..fair import coach, strategy, tips
from ..fair.players import RulePlayer, play_fair, tips_for
from ..fair.tips import TIP_NAMES
from ..game.game import Game
from ..game.render import SvgString, svg_board

MAX_MOVES = 3000


@dataclass(frozen=True)
class TipMoment:
    """Where a tip changes the move in one deal, and how each player's game ended."""

    variant: str
    seed: int
    tip: str
    before: list[str] = field(repr=False)
    """The moves both players played before they part."""
    with_tip: str
    """The move of the player that follows the tip, at the moment."""
    without_tip: str
    """The move of the player without the tip."""
    won_with: bool
    won_without: bool

    def game(self) -> Game:
        """A new game at the moment (the deal with :attr:`before` played)."""
        game = Game(self.variant, seed=self.seed)
        for move in self.before:
            game.play(move)
        return game

    @property
    def decides(self) -> bool:
        """Whether the two players' games ended differently."""
        return self.won_with != self.won_without

    @property
    def text(self) -> str:
        """The moment in words."""
        verb = {True: "won", False: "lost"}
        return (
            f"{self.variant}#{self.seed}, after {len(self.before)} moves: following the tip "
            f"({TIP_NAMES[self.tip]}) plays {self.with_tip}, and that player "
            f"{verb[self.won_with]}; "
            f"without it the move is {self.without_tip}, and that player "
            f"{verb[self.won_without]}."
        )


def _play_on(game: Game, move: str, player: RulePlayer, max_moves: int) -> bool:
    """Play ``move`` and let ``player`` finish ``game`` (in place); whether it won."""
    game.play(move)
    return play_fair(game, player.choose, max_moves - len(game.history)) == "won"


def tip_moment(variant: str, seed: int, tip: str, *, max_moves: int = MAX_MOVES) -> TipMoment:
    """The first position of deal ``seed`` where ``tip`` changes the fair player's move.

    A ``ValueError`` when the tip does not apply to the game, or never changes a move in
    this deal.
    """
    tips = set(tips_for(variant))
    if tip not in tips:
        raise ValueError(f"the tip {tip!r} does not apply to {variant}: {sorted(tips)}")
    players = RulePlayer(tips), RulePlayer(tips - {tip})
    games = Game(variant, seed=seed), Game(variant, seed=seed)
    before: list[str] = []
    while len(before) < max_moves:
        obs = games[0].observation()
        if obs["status"] in ("won", "lost"):
            break
        moves = [player.choose(obs) for player in players]
        if moves[0] != moves[1]:
            if moves[0] is None or moves[1] is None:
                break
            return TipMoment(
                variant,
                seed,
                tip,
                before,
                moves[0],
                moves[1],
                _play_on(games[0].copy(), moves[0], players[0], max_moves),
                _play_on(games[1].copy(), moves[1], players[1], max_moves),
            )
        if moves[0] is None:
            break
        for game in games:
            game.play(moves[0])
        before.append(moves[0])
    raise ValueError(f"{variant}#{seed}: the tip {tip!r} never changes the move")


def _replay_and_first(moment: TipMoment, game: Game) -> tuple[Game, str | None]:
    """A fresh game at the moment, and the move ``game`` played there (or ``None``)."""
    played = [str(m) for m in game.history]
    if game.deal_id != f"{moment.variant}#{moment.seed}" or played[: len(moment.before)] != (
        moment.before
    ):
        raise ValueError(
            f"this table does not hold {moment.variant}#{moment.seed} at the lesson's position"
        )
    move = played[len(moment.before)] if len(played) > len(moment.before) else None
    return moment.game(), move


def check_move(moment: TipMoment, game: Game) -> str:
    """What the learner's move at the moment was worth: ``game`` is the table's game (the
    widget's ``w.game``). Says which player's move it was, how that player's game ended,
    and what the Coach says about it."""
    at, move = _replay_and_first(moment, game)
    if move is None:
        return "Your move: play one on the table above, then run this cell again."
    verb = {True: "went on to win", False: "went on to lose"}
    if move == moment.with_tip:
        text = (
            f"You played {move}, as the tip says; the player that follows it "
            f"{verb[moment.won_with]}."
        )
    elif move == moment.without_tip:
        text = (
            f"You played {move}, the move of the player without the tip; that player "
            f"{verb[moment.won_without]}. The tip plays {moment.with_tip}."
        )
    else:
        text = (
            f"You played {move}; the tip plays {moment.with_tip}, the player without it "
            f"{moment.without_tip}."
        )
    note = coach.note_for(at.observation(), move)
    return f"{text} The Coach: {note}" if note else f"{text} The Coach has nothing against it."


def effect_text(variant: str, tip: str) -> str:
    """The measured worth of ``tip`` in ``variant`` (the saved tip study), with where it
    comes from: the player, its version, the deals and the 95% interval."""
    saved = tips.measured()
    row = tips.effect_of(variant, tip)
    if row is None:
        return f"The tip {tip!r} has not been measured for {variant} yet (benchmarks/strategy.py)."
    worth = tips.effect_words(variant, tip).removeprefix("yet ")  # after "so"
    return (
        f"Tip study, {variant}: the fair rule-based player (player version "
        f"{saved.get('player_version', '?')}, no search) on deals 1-{row['deals']}, each deal "
        f"played with every tip and again without this one: it won {100 * row['with']:.1f}% "
        f"with it and {100 * row['without']:.1f}% without, so {worth}."
    )


def effects_table(variant: str) -> list[dict[str, Any]]:
    """Every measured tip of ``variant``, in the help's order, for a table or a plot."""
    order = [*TIP_NAMES, "every tip"]
    rows = [r for r in tips.measured().get("effects", []) if r["spec"] == variant]
    return sorted(rows, key=lambda r: order.index(r["tip"]) if r["tip"] in order else 99)


def what_it_sees(game: Game) -> list[str]:
    """What the tips read in the position, sentence by sentence (only what a player sees)."""
    return [tip.text for tip in strategy.read_position(game.observation())]


# ------------------------------------------------------------ pictures and solutions
# (notebooks 01 and 02: every picture marks the move just played; a solution stays out of
# sight until it is asked for)


def picture(game: Game, *, width: int = 800) -> SvgString:
    """The table of ``game`` as a picture, with the move just played marked: the last move
    of its history, its source pile framed in dashed amber, its target in green, an arrow
    between them (a deal marks the stock and the waste, a redeal the waste and the stock).
    A game with nothing played yet, such as a new deal or a position built with
    ``Game.from_piles``, is drawn unmarked."""
    history = game.history
    return svg_board(game.observation(), width=width, move=history[-1] if history else None)


def reveal(answer: str, *, label: str = "Show the solution") -> Any:
    """A button that shows ``answer`` (plain text) under it when clicked, and hides it
    again on a second click: an ``ipywidgets.VBox`` of the button and the text.

    The answer stays out of sight until asked for, also in Voila, which hides the code
    cells (a collapsed code cell would show its output there)."""
    import ipywidgets  # type: ignore[import-untyped]

    text = ipywidgets.HTML()
    button = ipywidgets.Button(description=label, icon="eye")

    def toggle(_: object) -> None:
        shown = not text.value
        text.value = f"<pre>{escape(answer)}</pre>" if shown else ""
        button.description = "Hide the solution" if shown else label

    button.on_click(toggle)
    return ipywidgets.VBox([button, text])

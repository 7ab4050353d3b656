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
from ..i18n import Message, message, plural_message, translator

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
    locale: str | None = field(default=None, repr=False, compare=False)
    """The language of :attr:`text` (the kernel's when ``None``)."""

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
        """The moment in words, in :attr:`locale`."""
        says = TIP_NAMES[self.tip]
        if self.won_with:
            first = message(
                "following the tip ({says}) plays {move}, and that player won",
                says=says,
                move=self.with_tip,
            )
        else:
            first = message(
                "following the tip ({says}) plays {move}, and that player lost",
                says=says,
                move=self.with_tip,
            )
        if self.won_without:
            second = message(
                "without it the move is {move}, and that player won", move=self.without_tip
            )
        else:
            second = message(
                "without it the move is {move}, and that player lost", move=self.without_tip
            )
        return translator(self.locale).render(
            plural_message(
                "{deal}, after {n} move: {first}; {second}.",
                "{deal}, after {n} moves: {first}; {second}.",
                len(self.before),
                deal=f"{self.variant}#{self.seed}",
                first=first,
                second=second,
            )
        )


def _play_on(game: Game, move: str, player: RulePlayer, max_moves: int) -> bool:
    """Play ``move`` and let ``player`` finish ``game`` (in place); whether it won."""
    game.play(move)
    return play_fair(game, player.choose, max_moves - len(game.history)) == "won"


def tip_moment(
    variant: str, seed: int, tip: str, *, max_moves: int = MAX_MOVES, locale: str | None = None
) -> TipMoment:
    """The first position of deal ``seed`` where ``tip`` changes the fair player's move;
    its :attr:`~TipMoment.text` is in ``locale`` (the kernel's language when ``None``).

    A ``ValueError`` when the tip does not apply to the game, or never changes a move in
    this deal.
    """
    translator(locale)  # an unknown locale is refused before the deal is played
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
                locale,
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


def check_move(moment: TipMoment, game: Game, *, locale: str | None = None) -> str:
    """What the learner's move at the moment was worth: ``game`` is the table's game (the
    widget's ``w.game``). Says which player's move it was, how that player's game ended,
    and what the Coach says about it, in ``locale`` (the kernel's language when ``None``)."""
    tr = translator(locale)
    at, move = _replay_and_first(moment, game)
    if move is None:
        return tr.render(
            message("Your move: play one on the table above, then run this cell again.")
        )
    text: Message
    if move == moment.with_tip:
        if moment.won_with:
            text = message(
                "You played {move}, as the tip says; the player that follows it went on to win.",
                move=move,
            )
        else:
            text = message(
                "You played {move}, as the tip says; the player that follows it went on to lose.",
                move=move,
            )
    elif move == moment.without_tip:
        if moment.won_without:
            text = message(
                "You played {move}, the move of the player without the tip; that player went "
                "on to win. The tip plays {tip}.",
                move=move,
                tip=moment.with_tip,
            )
        else:
            text = message(
                "You played {move}, the move of the player without the tip; that player went "
                "on to lose. The tip plays {tip}.",
                move=move,
                tip=moment.with_tip,
            )
    else:
        text = message(
            "You played {move}; the tip plays {tip}, the player without it {other}.",
            move=move,
            tip=moment.with_tip,
            other=moment.without_tip,
        )
    note = coach.note_for(at.observation(), move)
    coach_says = (
        message("The Coach: {note}", note=note)
        if note
        else message("The Coach has nothing against it.")
    )
    return f"{tr.render(text)} {tr.render(coach_says)}"


def effect_text(variant: str, tip: str, *, locale: str | None = None) -> str:
    """The measured worth of ``tip`` in ``variant`` (the saved tip study), with where it
    comes from: the player, its version, the deals and the 95% interval; in ``locale`` (the
    kernel's language when ``None``)."""
    tr = translator(locale)
    saved = tips.measured()
    row = tips.effect_of(variant, tip)
    if row is None:
        return tr.render(
            message(
                "The tip '{tip}' has not been measured for {variant} yet (benchmarks/strategy.py).",
                tip=tip,
                variant=variant,
            )
        )
    words = tips.effect_words(variant, tip)
    # after "so": the English drops its "yet"; another language takes the whole phrase
    worth = words.removeprefix("yet ") if tr.locale == "en" else tr.render(words)
    return tr.render(
        message(
            "Tip study, {variant}: the fair rule-based player (player version {version}, no "
            "search) on deals 1-{deals}, each deal played with every tip and again without "
            "this one: it won {won}% with it and {lost}% without, so {worth}.",
            variant=variant,
            version=saved.get("player_version", "?"),
            deals=row["deals"],
            won=f"{100 * row['with']:.1f}",
            lost=f"{100 * row['without']:.1f}",
            worth=worth,
        )
    )


def effects_table(variant: str, *, locale: str | None = None) -> list[dict[str, Any]]:
    """Every measured tip of ``variant``, in the help's order, for a table or a plot; with
    ``locale``, each row also has ``says``: what the tip says, in that language."""
    order = [*TIP_NAMES, "every tip"]
    rows = [r for r in tips.measured().get("effects", []) if r["spec"] == variant]
    rows = sorted(rows, key=lambda r: order.index(r["tip"]) if r["tip"] in order else 99)
    if locale is None:
        return rows
    tr = translator(locale)
    every = message("every tip")
    return [
        {
            **r,
            "says": tr.render(
                TIP_NAMES.get(r["tip"], every if r["tip"] == "every tip" else r["tip"])
            ),
        }
        for r in rows
    ]


def what_it_sees(game: Game, *, locale: str | None = None) -> list[str]:
    """What the tips read in the position, sentence by sentence (only what a player sees),
    in ``locale`` (the kernel's language when ``None``)."""
    tr = translator(locale)
    return [tr.render(tip.text) for tip in strategy.read_position(game.observation())]


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


def reveal(answer: str, *, label: str | None = None, locale: str | None = None) -> Any:
    """A button that shows ``answer`` (plain text) under it when clicked, and hides it
    again on a second click: an ``ipywidgets.VBox`` of the button and the text. The
    button's words (``label``, by default "Show the solution") are in ``locale`` (the
    kernel's language when ``None``); ``answer`` is shown as it is.

    The answer stays out of sight until asked for, also in Voila, which hides the code
    cells (a collapsed code cell would show its output there)."""
    import ipywidgets  # type: ignore[import-untyped]

    tr = translator(locale)
    shown_label = tr.render(message("Show the solution")) if label is None else label
    hide_label = tr.render(message("Hide the solution"))
    text = ipywidgets.HTML()
    button = ipywidgets.Button(description=shown_label, icon="eye")

    def toggle(_: object) -> None:
        shown = not text.value
        text.value = f"<pre>{escape(answer)}</pre>" if shown else ""
        button.description = hide_label if shown else shown_label

    button.on_click(toggle)
    return ipywidgets.VBox([button, text])

"""The bridge between terrace_widget and the Aisleriot rules oracle.

The oracle (``../shared/oracle`` beside the repository, see its README) runs GNOME
Aisleriot's own ``terrace`` and ``klondike`` rules headless behind JSON lines. This module
finds it, starts its Python client (imported from there, not copied) and translates
between the two worlds:

* variant ids -> (oracle game, option name);
* our deck (deal order, docs/rules.md#d7) -> the oracle's ``DECK`` (Terrace deals from the
  reversed list, so ours is reversed; Klondike's stock is the list itself);
* oracle slots (bottom -> top, ``#`` for face down) -> our ``game.piles``; slot id ``i``
  is ``game.pile_names[i]``;
* oracle MOVE dicts -> our :class:`~terrace_widget.Move` (a drag is ``Move(from, to, n)``,
  the Deal button and a click on the stock are ``DEAL``; a double-click is our
  ``game.to_foundation(pile)``).

Where to find the oracle: ``$TERRACE_ORACLE_DIR``, else ``../shared/oracle`` beside the
repository root. When guile or Aisleriot's game files are missing the oracle tests are
skipped, unless ``TERRACE_REQUIRE_ORACLE=1`` (set by ``.ci/run``), which turns the skip
into a failure.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
from pathlib import Path
from typing import Any

from terrace_widget import DEAL, Game, Move

REPO_ROOT = Path(__file__).resolve().parent.parent

ORACLE_VARIANTS: dict[str, tuple[str, str]] = {
    "terrace": ("terrace", "Terrace"),
    "generals-patience": ("terrace", "General's Patience"),
    "falling-stars": ("terrace", "Falling Stars"),
    "signora": ("terrace", "Signora"),
    "redheads": ("terrace", "Redheads"),
    "blondes-and-brunettes": ("terrace", "Blondes and Brunettes"),
    "wood": ("terrace", "Wood"),
    "klondike": ("klondike", "Single card deals"),
    "klondike-three-card": ("klondike", "Three card deals"),
    "klondike-no-redeal": ("klondike", "No redeals"),
    "klondike-unlimited": ("klondike", "Unlimited redeals"),
}


# -- finding and starting the oracle ------------------------------------------------


def oracle_dir() -> Path | None:
    """The oracle's directory (the one holding ``oracle.py``), or None."""
    candidates = []
    if os.environ.get("TERRACE_ORACLE_DIR"):
        candidates.append(Path(os.environ["TERRACE_ORACLE_DIR"]))
    candidates.append(REPO_ROOT.parent / "shared" / "oracle")
    for path in candidates:
        if (path / "oracle.py").is_file() and (path / "aisleriot-oracle").is_file():
            return path.resolve()
    return None


def oracle_required() -> bool:
    """True when a missing oracle must fail the tests instead of skipping them (CI)."""
    return os.environ.get("TERRACE_REQUIRE_ORACLE", "") not in ("", "0")


def _load_client(directory: Path) -> Any:
    """Import ``oracle.py`` from the oracle directory (read-only: no bytecode written)."""
    name = "aisleriot_oracle_client"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, directory / "oracle.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    saved, sys.dont_write_bytecode = sys.dont_write_bytecode, True
    try:
        spec.loader.exec_module(module)
    finally:
        sys.dont_write_bytecode = saved
    sys.modules[name] = module
    return module


def unavailable_reason() -> str | None:
    """Why the oracle cannot run here (None when it can)."""
    directory = oracle_dir()
    if directory is None:
        return (
            "Aisleriot oracle not found: set TERRACE_ORACLE_DIR or put shared/oracle beside "
            f"the repository ({REPO_ROOT.parent / 'shared' / 'oracle'})"
        )
    if not (os.environ.get("GUILE") or shutil.which("guile-3.0") or shutil.which("guile")):
        return "guile-3.0 is not installed (apt-get install -y aisleriot guile-3.0)"
    return None


def start_oracle() -> Any:
    """A running ``Oracle`` (the client class of ``oracle.py``) that knows both games.

    Raises RuntimeError with the reason when the oracle cannot run.
    """
    reason = unavailable_reason()
    if reason:
        raise RuntimeError(reason)
    directory = oracle_dir()
    assert directory is not None
    client = _load_client(directory)
    env = {}
    home_cache = Path.home() / ".cache"
    if not os.environ.get("XDG_CACHE_HOME") and not _writable(home_cache):
        # Guile compiles the oracle's modules into $XDG_CACHE_HOME/guile on first start.
        env["XDG_CACHE_HOME"] = str(REPO_ROOT / ".cache")
    oracle = client.Oracle(env=env or None)
    try:
        games = oracle.call("games", check=False)
        missing = [g for g in ("terrace", "klondike") if g not in games.get("games", [])]
        if not games.get("ok") or missing:
            raise RuntimeError(
                "Aisleriot's game files are not installed (apt-get install -y aisleriot "
                f"guile-3.0): the oracle answered {str(games)[:300]}"
            )
    except Exception:
        oracle.close()
        raise
    return oracle


def _writable(path: Path) -> bool:
    probe = path
    while not probe.exists():
        probe = probe.parent
    return os.access(probe, os.W_OK)


# -- translating ------------------------------------------------------------------


def oracle_deck(variant: str, deck: list[str]) -> list[str]:
    """Our deck (deal order, D7) as the oracle's ``DECK``."""
    game, _ = ORACLE_VARIANTS[variant]
    return list(reversed(deck)) if game == "terrace" else list(deck)


def new_game(oracle: Any, game: Game) -> dict:
    """Start the oracle on the same deal as ``game``, from a clean game module; its state.

    A ``new`` of the same game does not reload the game file, so Terrace's
    ``stock-locked`` would survive from the previous deal (quirk Q4, decision D4).
    Loading the other game first gives the game file a fresh module.
    """
    name, option = ORACLE_VARIANTS[game.variant]
    oracle.new("klondike" if name == "terrace" else "terrace", seed=0)
    answer = oracle.new(name, variant=option, deck=oracle_deck(game.variant, game.deck))
    return answer["state"]


def oracle_piles(state: dict, pile_names: list[str]) -> dict[str, list[str]]:
    """Oracle slots as our ``game.piles`` (same ``#QH`` face-down convention)."""
    slots = state["slots"]
    if len(slots) != len(pile_names):
        raise AssertionError(f"oracle has {len(slots)} slots, we have {pile_names}")
    return {name: list(slot["cards"]) for name, slot in zip(pile_names, slots, strict=True)}


def oracle_position(state: dict, pile_names: list[str]) -> dict[str, Any]:
    """What is compared after every action, in the oracle's world."""
    variables = state.get("vars", {})
    return {
        "piles": oracle_piles(state, pile_names),
        "score": state["score"],
        "base": variables.get("BASE-VAL") or None,
        "locked": bool(variables.get("stock-locked", False)),
        "redeals_used": state["flip_counter"],
    }


def our_position(game: Game) -> dict[str, Any]:
    """The same for our game."""
    return {
        "piles": {name: list(cards) for name, cards in game.piles.items()},
        "score": game.score,
        "base": game.base_rank if game.rules.family == "terrace" else None,
        "locked": bool(game.stock_locked),
        "redeals_used": game.redeals_used,
    }


def position_diff(ours: dict[str, Any], theirs: dict[str, Any]) -> list[str]:
    """Human-readable differences (empty when equal)."""
    lines = []
    for name in theirs["piles"]:
        a, b = ours["piles"].get(name), theirs["piles"][name]
        if a != b:
            lines.append(f"  {name}: ours {' '.join(a or []) or '-'}")
            lines.append(f"  {' ' * len(name)}  aisleriot {' '.join(b) or '-'}")
    extra = set(ours["piles"]) - set(theirs["piles"])
    if extra:
        lines.append(f"  piles only we have: {sorted(extra)}")
    for key in ("score", "base", "locked", "redeals_used"):
        if ours[key] != theirs[key]:
            lines.append(f"  {key}: ours {ours[key]!r}, aisleriot {theirs[key]!r}")
    return lines


def oracle_moves(raw: list[dict], pile_names: list[str], family: str) -> tuple[set[Move], dict]:
    """The oracle's legal drags and deal as our moves, and what was left out.

    Decision D1: reserve drags of more than one card are dropped. A click on the stock
    and the Deal button are both our DEAL; they are reported separately in ``extra`` so
    that a disagreement between them can be noticed. Double-clicks are listed in
    ``extra["dblclick"]`` (slot names).
    """
    moves: set[Move] = set()
    extra: dict[str, Any] = {"deal": False, "click_stock": False, "dblclick": [], "other": []}
    for m in raw:
        kind = m["type"]
        if kind == "drag":
            source = pile_names[m["from"]]
            if family == "terrace" and source == "reserve" and m["n"] > 1:
                continue  # D1
            moves.add(Move(source, pile_names[m["to"]], m["n"]))
        elif kind == "deal":
            extra["deal"] = True
            moves.add(DEAL)
        elif kind == "click" and m["slot"] == 0:
            extra["click_stock"] = True
            moves.add(DEAL)
        elif kind == "dblclick":
            extra["dblclick"].append(pile_names[m["slot"]])
        else:
            extra["other"].append(m)
    return moves, extra


def to_oracle_action(move: Move, pile_names: list[str]) -> dict:
    """Our move as an oracle request (``Oracle.play`` takes it)."""
    if move == DEAL:
        return {"type": "deal"}
    return {
        "type": "drag",
        "from": pile_names.index(move.source),
        "n": move.size,
        "to": pile_names.index(move.target),
    }


def hint_text(raw: Any) -> str | None:
    """Aisleriot's hint message for a raw ``get-hint`` result, as ``game.c`` formats it.

    ``(0 "text")`` is shown as is; ``(1 a b)`` and ``(2 a b)`` become "Move a onto b."
    (``game.c``: ``_("Move %s onto %s.")``); ``#f`` means no hint (None).
    """
    if not raw:
        return None
    kind = raw[0]
    if kind == 0:
        return raw[1]
    if kind in (1, 2):
        return f"Move {raw[1]} onto {raw[2]}."
    raise ValueError(f"unexpected hint form {raw!r}")


# -- one deal played in both engines --------------------------------------------------


class Duel:
    """One deal played side by side in our engine and in the oracle.

    Every action goes to both and is recorded in ``script`` (move texts, ``click`` for a
    deal sent to Aisleriot as a click on the stock, ``dbl:<pile>``, ``undo``, ``redo``), so
    that a failure can be replayed with :func:`replay`. The checks raise AssertionError
    with the variant, the deck seed, the action number, the action and the differences.

    Undo granularity: our Klondike autoplay (double-click on a foundation) is one undo
    step; Aisleriot records each card it moves as its own step. ``_undo_steps`` keeps, for
    each of our undo steps, how many oracle steps it stands for.
    """

    def __init__(self, oracle: Any, variant: str, seed: int) -> None:
        self.oracle = oracle
        self.variant = variant
        self.seed = seed
        self.game = Game(variant, seed=seed)
        self.names = self.game.pile_names
        self.family = self.game.rules.family
        self.script: list[str] = []
        self.state = new_game(oracle, self.game)
        self._undo_steps: list[int] = []
        self._redo_steps: list[int] = []

    # -- reporting
    def fail(self, what: str, details: list[str] | None = None) -> None:
        head = (
            f"{self.variant} (deck seed {self.seed}), action {len(self.script)}"
            f" {self.script[-1] if self.script else '(the deal)'!r}: {what}"
        )
        lines = [head, *(details or [])]
        lines.append("board (ours):")
        lines += ["  " + line for line in str(self.game).splitlines()]
        lines.append(
            f"replay: oracle_support.replay(oracle, {self.variant!r}, {self.seed}, {self.script!r})"
        )
        raise AssertionError("\n".join(lines))

    # -- comparing
    def check_position(self) -> None:
        diff = position_diff(our_position(self.game), oracle_position(self.state, self.names))
        if diff:
            self.fail("the position differs from Aisleriot's", diff)

    def legal_moves(self) -> set[Move]:
        """Our legal moves, after checking that they are exactly Aisleriot's.

        A won game is over (no move), but its table's move rules are still compared.
        """
        won = self.game.status == "won"
        ours = set((self.game.to_table() if won else self.game).legal_moves())
        theirs, _ = oracle_moves(self.oracle.moves(), self.names, self.family)
        if ours != theirs:
            self.fail(
                "the legal moves differ from Aisleriot's",
                [
                    f"  only ours: {sorted(map(str, ours - theirs))}",
                    f"  only Aisleriot's: {sorted(map(str, theirs - ours))}",
                ],
            )
        return set() if won else ours

    def check_hint(self) -> tuple[str | None, str | None]:
        """(ours, Aisleriot's) hint texts; ours is None when we also have no hint."""
        theirs = hint_text(self.oracle.hint())
        hint = self.game.hint()
        ours: str | None = hint.message
        if hint.move is None and not _aisleriot_text(hint.message):
            ours = None  # the project's own words where Aisleriot has no hint at all
        return ours, theirs

    # -- acting
    def play(self, move: Move, click: bool = False) -> None:
        """Play ``move`` in both; ``click``: send DEAL as a click on the stock (not Deal)."""
        self.script.append("click" if click else str(move))
        self.game.play(move)
        if click and move == DEAL:
            answer = self.oracle.click(0)
        else:
            answer = self.oracle.play(to_oracle_action(move, self.names))
        if not answer["moved"]:
            self.fail("Aisleriot refused the move")
        self.state = answer["state"]
        self._undo_steps.append(1)
        self._redo_steps.clear()
        self.check_position()

    def double_click(self, pile: str) -> None:
        self.script.append(f"dbl:{pile}")
        before = self.state
        played = self.game.to_foundation(pile)
        answer = self.oracle.dblclick(self.names.index(pile))
        self.state = answer["state"]
        if bool(played) != bool(answer["moved"]):
            self.fail(
                f"double-click: we played {[str(m) for m in played]},"
                f" Aisleriot moved={answer['moved']}"
            )
        self.check_position()
        if played:
            self._undo_steps.append(self._count_oracle_steps(before))
            self._redo_steps.clear()

    def _count_oracle_steps(self, before: dict) -> int:
        """How many oracle undo steps lead back to ``before`` (then redone again)."""
        target = oracle_position(before, self.names)
        after = self.state
        steps = 0
        while oracle_position(self.state, self.names) != target:
            answer = self.oracle.undo()
            if not answer["moved"] or steps > 200:
                self.fail("cannot undo Aisleriot's double-click back to the position before")
            self.state = answer["state"]
            steps += 1
        for _ in range(steps):
            self.state = self.oracle.redo()["state"]
        if self.state["slots"] != after["slots"]:
            self.fail("Aisleriot's redo does not give back the double-click's position")
        return steps

    def undo(self) -> bool:
        self.script.append("undo")
        done = self.game.undo()
        if done != bool(self._undo_steps):
            self.fail(f"undo answered {done}, expected {bool(self._undo_steps)}")
        if not done:
            if self.oracle.undo()["moved"]:
                self.fail("Aisleriot could still undo")
            return False
        steps = self._undo_steps.pop()
        for _ in range(steps):
            answer = self.oracle.undo()
            if not answer["moved"]:
                self.fail("Aisleriot could not undo")
            self.state = answer["state"]
        self._redo_steps.append(steps)
        self.check_position()
        return True

    def redo(self) -> bool:
        self.script.append("redo")
        done = self.game.redo()
        if done != bool(self._redo_steps):
            self.fail(f"redo answered {done}, expected {bool(self._redo_steps)}")
        if not done:
            if self.oracle.redo()["moved"]:
                self.fail("Aisleriot could still redo")
            return False
        steps = self._redo_steps.pop()
        for _ in range(steps):
            answer = self.oracle.redo()
            if not answer["moved"]:
                self.fail("Aisleriot could not redo")
            self.state = answer["state"]
        self._undo_steps.append(steps)
        self.check_position()
        return True

    def run(self, action: str) -> None:
        """Do one scripted action (see the class docstring)."""
        if action == "undo":
            self.undo()
        elif action == "redo":
            self.redo()
        elif action.startswith("dbl:"):
            self.double_click(action[4:])
        elif action == "click":
            self.play(DEAL, click=True)
        else:
            self.play(Move.parse(action))


def replay(oracle: Any, variant: str, seed: int, script: list[str]) -> Duel:
    """Replay a failure's action script in both engines (stops at the first difference)."""
    duel = Duel(oracle, variant, seed)
    duel.check_position()
    for action in script:
        duel.run(action)
    return duel


_AISLERIOT_WORDS = (
    "Move ",
    "Deal a new card from the deck",
    "Try moving cards down from the foundation",
    "No hint available right now",
)


def _aisleriot_text(message: str) -> bool:
    return message.startswith(_AISLERIOT_WORDS)

"""The text and SVG boards, on observations written by hand (no engine needed)."""

from __future__ import annotations

import copy
import json
import re
import xml.etree.ElementTree as ET
from collections import Counter
from itertools import pairwise
from typing import Any

import pytest

from terrace_widget.game.render import SvgString, svg_board, text_board
from terrace_widget.rules.cards import glyph, parse_card

NS = "{http://www.w3.org/2000/svg}"

TERRACE_ORDER = ["stock", "waste", "reserve", *(f"f{i}" for i in range(1, 9)),
                 *(f"t{i}" for i in range(1, 10))]  # fmt: skip
KLONDIKE_ORDER = ["stock", "waste", *(f"f{i}" for i in range(1, 5)),
                  *(f"t{i}" for i in range(1, 8))]  # fmt: skip


def terrace_playing() -> dict[str, Any]:
    """Base 3 chosen, reserve of 11, some foundations built, the stock locked."""
    piles = {
        "stock": ["#"] * 70,
        "waste": ["7C", "KD", "TS"],
        "reserve": ["3H", "4S", "5D", "9C", "TH", "JS", "QD", "KC", "AH", "2S", "3D"],
        "f1": ["3C", "4H", "5S"], "f2": [], "f3": ["3S"], "f4": [], "f5": [],
        "f6": ["3H", "4C", "5D", "6S", "7H"], "f7": [], "f8": [],
        "t1": ["9D", "8C"], "t2": ["KC"], "t3": ["TC", "9D"], "t4": ["QH", "JS", "TD"],
        "t5": [], "t6": ["2H"], "t7": ["AS"], "t8": ["6C", "5H", "4C", "3H", "2C"], "t9": ["8H"],
    }  # fmt: skip
    return {
        "variant": "terrace", "name": "Terrace", "family": "terrace",
        "deal_id": "terrace#12345", "status": "playing", "score": 10, "max_score": 104,
        "base_rank": 3, "stock_locked": True, "redeals_left": 0, "stock_count": 70,
        "deal_count": 1, "moves_played": 25, "can_undo": True, "can_redo": False,
        "pile_order": TERRACE_ORDER, "piles": piles,
        "legal_moves": ["t2-f6", "t8-t3"], "hint": None,
    }  # fmt: skip


def terrace_choosing() -> dict[str, Any]:
    """The deal of Terrace before the base is chosen: T1..T4 hold one card each."""
    piles: dict[str, list[str]] = {name: [] for name in TERRACE_ORDER}
    piles["stock"] = ["#"] * 89
    piles["reserve"] = ["8S", "2D", "JH", "5C", "QS", "TD", "4H", "9S", "AC", "6D", "KH"]
    for name, card in zip(["t1", "t2", "t3", "t4"], ["7H", "QC", "3S", "TD"], strict=True):
        piles[name] = [card]
    return {
        "variant": "terrace", "name": "Terrace", "family": "terrace",
        "deal_id": "terrace#7", "status": "choosing-base", "score": 0, "max_score": 104,
        "base_rank": None, "stock_locked": False, "redeals_left": 0, "stock_count": 89,
        "deal_count": 1, "moves_played": 0, "can_undo": False, "can_redo": False,
        "pile_order": TERRACE_ORDER, "piles": piles,
        "legal_moves": ["t1-f1"], "hint": None,
    }  # fmt: skip


def klondike_three() -> dict[str, Any]:
    """Klondike, three-card deals, face-down cards under the tableau."""
    piles = {
        "stock": ["#"] * 11,
        "waste": ["4D", "JC", "8H", "2S", "6C"],
        "f1": ["AS"], "f2": ["AH", "2H"], "f3": [], "f4": [],
        "t1": ["KS", "QH"], "t2": ["#", "9C"], "t3": ["#", "#", "7D", "6S"],
        "t4": ["#", "#", "#", "TH"], "t5": [], "t6": ["#", "#", "#", "#", "#", "3C"],
        "t7": ["#", "#", "#", "#", "#", "#", "KD", "QC", "JD", "TC", "9H"],
    }  # fmt: skip
    return {
        "variant": "klondike-three-card", "name": "Klondike (Three card deals)",
        "family": "klondike", "deal_id": "klondike-three-card#99", "status": "playing",
        "score": 3, "max_score": 52, "base_rank": None, "stock_locked": False,
        "redeals_left": None, "stock_count": 11, "deal_count": 3, "moves_played": 12,
        "can_undo": True, "can_redo": False, "pile_order": KLONDIKE_ORDER, "piles": piles,
        "legal_moves": ["deal"], "hint": None,
    }  # fmt: skip


ALL = [terrace_playing, terrace_choosing, klondike_three]


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def face_up(obs: dict[str, Any]) -> Counter[str]:
    """Every face-up card of the observation, as canonical codes."""
    return Counter(c for cards in obs["piles"].values() for c in cards if not c.startswith("#"))


def data_cards(root: ET.Element) -> Counter[str]:
    return Counter(e.get("data-card") for e in root.iter() if e.get("data-card") is not None)


def pile_groups(root: ET.Element) -> dict[str, ET.Element]:
    groups = [e for e in root.iter(f"{NS}g") if e.get("data-pile") is not None]
    by_name = {g.get("data-pile"): g for g in groups}
    assert len(by_name) == len(groups), "a pile is drawn twice"
    return by_name  # type: ignore[return-value]


def backs(group: ET.Element) -> int:
    return sum(1 for e in group.iter(f"{NS}g") if e.get("class") == "back")


@pytest.mark.parametrize("make", ALL)
def test_svg_is_standalone_xml(make: Any) -> None:
    svg = svg_board(make())
    assert isinstance(svg, SvgString) and svg._repr_svg_() == svg
    assert svg.startswith("<svg")
    root = parse(svg)
    assert root.tag == f"{NS}svg"
    assert root.get("viewBox") and root.get("width") == "800" and int(root.get("height", 0)) > 0
    assert "href" not in svg and "url(" not in svg and "@import" not in svg  # no resources
    assert root.find(f"{NS}title") is not None


@pytest.mark.parametrize("make", ALL)
def test_one_group_per_pile(make: Any) -> None:
    obs = make()
    groups = pile_groups(parse(svg_board(obs)))
    assert list(groups) == obs["pile_order"]
    for name, group in groups.items():
        title = group.find(f"{NS}title")
        assert title is not None and title.text and title.text.startswith(f"{name}:")


@pytest.mark.parametrize("make", ALL)
def test_every_face_up_card_is_drawn_once(make: Any) -> None:
    obs = make()
    assert data_cards(parse(svg_board(obs))) == face_up(obs)


@pytest.mark.parametrize("make", ALL)
def test_face_down_tableau_cards_are_backs(make: Any) -> None:
    obs = make()
    groups = pile_groups(parse(svg_board(obs)))
    for name in obs["pile_order"]:
        if name.startswith("t"):
            assert backs(groups[name]) == obs["piles"][name].count("#"), name


def test_klondike_tableau_has_backs_and_titles() -> None:
    obs = klondike_three()
    groups = pile_groups(parse(svg_board(obs)))
    assert backs(groups["t7"]) == 6
    title = groups["t3"].find(f"{NS}title")
    assert title is not None and title.text == "t3: 6♠ on 7♦ on 2 face-down cards"
    assert sum(backs(g) for n, g in groups.items() if n.startswith("t")) == 17


def test_a_pile_of_backs_reveals_nothing() -> None:
    obs = klondike_three()
    obs["piles"]["t4"] = ["#", "#", "#"]
    obs["piles"]["t6"] = ["#5S", "#8D"]  # save-style codes must not leak either
    svg = svg_board(obs)
    groups = pile_groups(parse(svg))
    for name in ("t4", "t6"):
        assert not [e for e in groups[name].iter() if e.get("data-card") is not None]
        assert backs(groups[name]) == len(obs["piles"][name])
    for leak in ("5S", "8D", "5♠", "8♦", "five of spades", "eight of diamonds"):
        assert leak not in svg and leak not in text_board(obs)


def test_reserve_fans_right_with_every_card_readable() -> None:
    obs = terrace_playing()
    group = pile_groups(parse(svg_board(obs)))["reserve"]
    xs = [
        float(re.findall(r"translate\(([-\d.]+)", e.get("transform", ""))[0])
        for e in group
        if e.get("data-card") is not None
    ]
    assert len(xs) == 11 and xs == sorted(xs)
    assert min(b - a for a, b in pairwise(xs)) >= 34  # the corner index stays visible


def test_terrace_tableau_spacing() -> None:
    def tops(obs: dict[str, Any]) -> list[float]:
        groups = pile_groups(parse(svg_board(obs)))
        out = []
        for name in [p for p in obs["pile_order"] if re.fullmatch(r"t\d+", p)]:
            rect = groups[name].find(f".//{NS}g")
            assert rect is not None
            out.append(float(re.findall(r"translate\(([-\d.]+)", rect.get("transform", ""))[0]))
        return out

    nine = terrace_playing()
    nine["piles"]["t5"] = ["4D"]
    xs = tops(nine)
    assert {round(b - a, 3) for a, b in pairwise(xs)} == {105.0}  # 7/8 of a 120 unit
    eight = copy.deepcopy(nine)
    eight["pile_order"] = [p for p in nine["pile_order"] if p != "t9"]
    del eight["piles"]["t9"]
    xs = tops(eight)
    assert {round(b - a, 3) for a, b in pairwise(xs)} == {120.0}


def test_lock_mark_only_when_locked() -> None:
    locked = terrace_playing()
    unlocked = copy.deepcopy(locked)
    unlocked["stock_locked"] = False

    def locks(obs: dict[str, Any]) -> int:
        root = parse(svg_board(obs))
        return sum(1 for e in root.iter() if e.get("class") == "lock")

    assert locks(locked) == 1 and "locked" in svg_board(locked)
    assert locks(unlocked) == 0 and "locked" not in svg_board(unlocked)
    assert "locked" in text_board(locked) and "locked" not in text_board(unlocked)
    stock = pile_groups(parse(svg_board(locked)))["stock"]
    assert any(e.get("class") == "lock" for e in stock.iter())


def test_width_scales() -> None:
    obs = terrace_playing()
    big, small = parse(svg_board(obs, width=800)), parse(svg_board(obs, width=400))
    assert big.get("viewBox") == small.get("viewBox")
    assert small.get("width") == "400"
    assert abs(int(big.get("height", 0)) - 2 * int(small.get("height", 0))) <= 1


def test_text_is_escaped() -> None:
    obs = terrace_playing()
    obs["name"] = 'General\'s <Patience> & "co"'
    svg = svg_board(obs)
    parse(svg)
    assert "<Patience>" not in svg and "&lt;Patience&gt;" in svg


def test_caption_and_klondike_waste() -> None:
    obs = klondike_three()
    root = parse(svg_board(obs))
    caption = "".join(next(e for e in root.iter() if e.get("class") == "caption").itertext())
    for part in ("Klondike (Three card deals)", "Score: 3", "Stock left: 11", "unlimited"):
        assert part in caption
    waste = pile_groups(root)["waste"]
    visible = [e.get("data-card") for e in waste if e.get("class") == "card"]
    assert visible == ["8H", "2S", "6C"]  # the top three, fanned right


def test_choosing_base() -> None:
    obs = terrace_choosing()
    root = parse(svg_board(obs))
    groups = pile_groups(root)
    assert [data_cards(groups[f"t{i}"]) for i in range(1, 5)] == [
        Counter({c: 1}) for c in ["7H", "QC", "3S", "TD"]
    ]
    for i in range(5, 10):  # empty spaces: a dashed outline, no card
        group = groups[f"t{i}"]
        assert not data_cards(group) and backs(group) == 0
        assert any(r.get("stroke-dasharray") for r in group.iter(f"{NS}rect"))
    text = text_board(obs)
    assert "choosing-base" in text and "base to choose" in text


def visible_text_cards(obs: dict[str, Any]) -> list[str]:
    """The face-up cards a player sees: tableau, reserve, waste top (3), foundation tops."""
    piles = obs["piles"]
    out = [c for p in obs["pile_order"] if re.fullmatch(r"t\d+", p) for c in piles[p]]
    out += piles.get("reserve", [])
    out += piles["waste"][-(3 if obs["deal_count"] == 3 else 1) :]
    out += [piles[p][-1] for p in obs["pile_order"] if re.fullmatch(r"f\d+", p) and piles[p]]
    return [c for c in out if not c.startswith("#")]


@pytest.mark.parametrize("make", ALL)
def test_text_board(make: Any) -> None:
    obs = make()
    text = text_board(obs)
    lines = text.splitlines()
    assert all(len(line) < 100 for line in lines)
    assert obs["name"] in lines[0] and f"score {obs['score']}" in lines[0]
    assert f"stock {obs['stock_count']}" in lines[0]
    words = set(text.split())
    for card in visible_text_cards(obs):
        assert glyph(parse_card(card)) in words, card
    down = sum(obs["piles"][p].count("#") for p in obs["pile_order"] if p.startswith("t"))
    assert text.count("##") == down
    for name in obs["pile_order"]:
        if name[0] in "ft":
            assert name in words


def test_text_board_terrace_rows() -> None:
    text = text_board(terrace_playing())
    assert "base 3" in text and "redeals left 0" in text
    assert "reserve 3♥ 4♠ 5♦ 9♣ 10♥ J♠ Q♦ K♣ A♥ 2♠ 3♦" in text
    assert "f1 5♠" in text and "f2 --" in text and "f6 7♥" in text
    header, *_ = [line for line in text.splitlines() if line.startswith("t1")]
    assert header.split() == [f"t{i}" for i in range(1, 10)]


def test_long_reserve_stays_readable() -> None:
    obs = terrace_playing()
    obs["piles"]["reserve"] = ["TH"] * 21
    text = text_board(obs)
    assert all(len(line) < 100 for line in text.splitlines())
    svg = svg_board(obs)
    xs = [
        float(re.findall(r"translate\(([-\d.]+)", e.get("transform", ""))[0])
        for e in pile_groups(parse(svg))["reserve"]
        if e.get("data-card") is not None
    ]
    assert min(b - a for a, b in pairwise(xs)) >= 34


def move_marks(svg: str) -> dict[str, str]:
    """The piles the picture marks as the move's source and target."""
    marks = {}
    for rect in parse(svg).iter(f"{NS}rect"):
        role = rect.get("class", "")
        if role.startswith("move-"):
            marks[role.removeprefix("move-")] = rect.get("data-pile", "")
    return marks


@pytest.mark.parametrize(
    ("move", "marked"),
    [
        ("t8-t3", {"source": "t8", "target": "t3"}),
        ("reserve-f2", {"source": "reserve", "target": "f2"}),
        (("waste", "t5"), {"source": "waste", "target": "t5"}),
        ("deal", {"source": "stock", "target": "waste"}),
    ],
)
def test_svg_marks_the_move_just_played(move: object, marked: dict[str, str]) -> None:
    svg = svg_board(terrace_playing(), move=move)
    assert move_marks(svg) == marked
    assert parse(svg).find(f".//{NS}line[@class='move-arrow']") is not None


def test_the_move_frame_covers_the_whole_tableau_pile() -> None:
    obs = terrace_playing()
    svg = svg_board(obs, move="t8-t3")
    frames = {r.get("data-pile"): r for r in parse(svg).iter(f"{NS}rect") if r.get("data-pile")}
    # t8 holds five cards, t3 two: the source frame is taller by three fan steps.
    assert float(frames["t8"].get("height", 0)) > float(frames["t3"].get("height", 0))


def test_svg_without_a_move_marks_nothing_and_is_unchanged() -> None:
    obs = terrace_playing()
    plain = svg_board(obs)
    assert move_marks(plain) == {}
    assert "move-arrow" not in plain
    assert svg_board(obs, move=None) == plain


def test_svg_refuses_a_move_off_the_table_and_changes_nothing() -> None:
    obs = terrace_playing()
    before = copy.deepcopy(obs)
    with pytest.raises(ValueError, match="no pile 't12'"):
        svg_board(obs, move="t1-t12")
    with pytest.raises(TypeError, match="must be a Move"):
        svg_board(obs, move=42)
    assert obs == before


def test_game_repr_svg_is_the_plain_picture() -> None:
    from terrace_widget import Game

    game = Game("klondike", seed=3)
    move = game.legal_moves()[0]
    game.play(move)
    assert game._repr_svg_() == str(svg_board(game.observation()))
    assert move_marks(svg_board(game.observation(), move=move)) == {
        "source": move.source,
        "target": move.target,
    }


def test_the_svg_and_the_front_end_place_every_pile_alike() -> None:
    """One geometry (terrace_widget/game/geometry.json): js/layout.js, given the view the
    kernel sends, puts every pile where render.py does, in every game, at 100 px a card."""
    import shutil
    import subprocess
    from pathlib import Path

    from terrace_widget import VARIANTS
    from terrace_widget.game.render import CARD_W, MARGIN, _layout
    from terrace_widget.table.session import TableSession

    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    js = Path(__file__).resolve().parent.parent / "js"
    views = []
    for variant in VARIANTS:
        view = TableSession(variant, seed=3, hint_mode="classic").view
        slots, _fan, board_w, _row = _layout(view)
        width = int(board_w + 2 * MARGIN) + 1  # the whole table at CARD_W px a card
        views.append((variant, view, width, {s.name: (s.x, s.y) for s in slots}))
    script = (
        "import { computeLayout } from './layout.js';"
        "let text = ''; process.stdin.on('data', (d) => (text += d));"
        "process.stdin.on('end', () => { const out = JSON.parse(text).map(([v, w]) => {"
        " const l = computeLayout(v, w); return [l.cw, Object.fromEntries("
        " l.slots.map((s) => [s.name, [s.x, s.y]]))]; });"
        " process.stdout.write(JSON.stringify(out)); });"
    )
    found = subprocess.run(
        [node, "--input-type=module", "-e", script],
        input=json.dumps([[view, width] for _, view, width, _ in views]),
        cwd=js, capture_output=True, text=True, timeout=60, check=True,
    )  # fmt: skip
    for (variant, _view, _width, svg), (cw, front) in zip(
        views, json.loads(found.stdout), strict=True
    ):
        assert cw == CARD_W, variant
        assert set(front) == set(svg), variant
        for name, (x, y) in svg.items():
            assert front[name] == [pytest.approx(x, abs=1), pytest.approx(y, abs=1)], (
                variant, name,
            )  # fmt: skip

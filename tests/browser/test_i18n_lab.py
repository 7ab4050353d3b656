"""The table in each of its languages, in a real JupyterLab: chosen from the language menu,
a refused move, the base card, a deal and another refusal, and no English word of the
table's vocabulary anywhere on it (text, titles, labels read by screen readers). One
screenshot per language in test-artifacts/."""

from __future__ import annotations

import re

import pytest

from terrace_widget import Game

pytestmark = pytest.mark.browser

VOCABULARY = re.compile(
    r"\b(stock|waste|reserve|foundations?|tableau|undo|redo|hint|restart|new deal|score|"
    r"moves?|moved|time|keys|winnable|cards?|pile|choose|drag|click|empty|the|of)\b",
    re.IGNORECASE,
)
"""English words of the table: none may show in another language (``base`` and ``piles``
are Catalan too)."""

WORDS = """(root) => {
  const out = [];
  const walk = (el) => {
    if (el.tagName === 'SELECT') return;  // the menus name games and languages by name
    for (const a of ['title', 'aria-label']) if (el.getAttribute(a)) out.push(el.getAttribute(a));
    for (const n of el.childNodes) {
      if (n.nodeType === 3) out.push(n.textContent);
      else if (n.nodeType === 1) walk(n);
    }
  };
  walk(root);
  return out.join(' | ');
}"""

EXPECTED = {  # a word of each language's refusal of a move before the base is chosen
    "uk": "базову карту",
    "el": "βασικό φύλλο",
    "ru": "базовую карту",
    "ca": "carta base",
}


def english_words(text: str) -> list[str]:
    return sorted({m.group(0).lower() for m in VOCABULARY.finditer(text)})


def test_the_table_speaks_each_language(open_lab, page, page_errors, screenshot):
    t = open_lab("i18n.ipynb")
    game = Game("terrace", seed=5)
    base = next(m for m in game.legal_moves() if str(m) != "deal")
    after = game.copy()
    after.play(base)
    refused = next(
        f"{a}-{b}"
        for a in after.pile_names
        for b in after.pile_names
        if a.startswith("t") and b.startswith("t") and a != b and after.explain(f"{a}-{b}")
    )
    for lang in ("uk", "el", "ru", "ca"):
        seq = t.seq()
        if lang != "uk":
            t.kernel.run('w.new_game("terrace", seed=5)')
            seq = t.settle(seq)["seq"]
            t.root.locator("select.tw-lang").select_option(lang)
            seq = t.settle(seq)["seq"]
        assert t.root.get_attribute("lang") == lang
        # a refusal: the base card is not chosen yet
        t.drag("t1", "t2")
        message = t.root.locator(".tw-message")
        message.filter(has_text=EXPECTED[lang]).wait_for(timeout=15_000)
        assert message.get_attribute("data-kind") == "refused"
        # the base card, a deal, then a refused tableau move
        seq = t.seq()
        t.drag(base.source, base.target)
        seq = t.settle(seq)["seq"]
        t.click_pile("stock")
        seq = t.settle(seq)["seq"]
        src, dst = refused.split("-")
        t.drag(src, dst)
        page.wait_for_function(
            "(el) => el.dataset.kind === 'refused'", arg=message.element_handle(), timeout=15_000
        )
        state = t.check_matches_kernel()
        assert state["history"][:1] == [str(base)]
        words = t.root.evaluate(WORDS)
        assert english_words(words) == [], (lang, english_words(words), words[:2000])
        assert t.kernel.json("w.locale") == lang
        screenshot(t.root, f"table-{lang}.png")
    assert page_errors == []

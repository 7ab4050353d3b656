"""The table's languages: complete catalogues, grammatical card names, per-table locales."""

from __future__ import annotations

import importlib.util
import os
import pickle
import random
import re
import shutil
import subprocess
import sys
import warnings
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

from terrace_widget import Game
from terrace_widget.i18n import (
    Card,
    Message,
    MissingTranslationWarning,
    Pile,
    Translator,
    UnknownLocaleError,
    default_locale,
    message,
    normalize_locale,
    plural_message,
    translator,
)
from terrace_widget.i18n.nouns import CARDS, CASES, card_words, pile_words
from terrace_widget.rules.cards import parse_card
from terrace_widget.table.session import TableSession
from terrace_widget.table.strings import front_end_strings

ROOT = Path(__file__).resolve().parent.parent
SEEDS = Path(os.environ.get("TERRACE_SEEDS_DIR") or ROOT.parent / "shared" / "seeds")
"""The help pages the terms come from: ``$TERRACE_SEEDS_DIR``, else ``../shared/seeds``."""
LANGUAGES = ("el", "uk", "ru", "ca")


def _catalogues() -> ModuleType:
    spec = importlib.util.spec_from_file_location("catalogues", ROOT / "tools" / "catalogues.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ------------------------------------------------------------------ the catalogues
def test_catalogues_are_complete_checked_and_compiled() -> None:
    """Every id translated in each locale, nothing fuzzy, placeholders and cases match,
    Babel's checkers pass, and every committed .mo is what its .po compiles to."""
    assert _catalogues().problems() == []


@pytest.mark.parametrize(
    ("lang", "edit", "expected"),
    [
        ("ru", ('msgstr "Очки"', 'msgstr ""'), "untranslated"),
        (
            "uk",
            (
                'msgstr "{card:acc} не можна покласти на {onto:acc}"',
                'msgstr "{card:acc} не можна на {onto:xyz}"',
            ),
            "unknown cases",
        ),
        (
            "el",
            ('msgstr "Αναίρεση: {card} επέστρεψε {pile:sto}."', 'msgstr "Αναίρεση: {kard}."'),
            "placeholders",
        ),
        ("ca", ('msgid "Score"', '#, fuzzy\nmsgid "Score"'), "fuzzy"),
    ],
)
def test_the_check_finds_a_broken_catalogue(
    tmp_path: Path, lang: str, edit: tuple[str, str], expected: str
) -> None:
    catalogues = _catalogues()
    copy = tmp_path / "locale"
    shutil.copytree(catalogues.LOCALE_DIR, copy)
    po = catalogues.po_path(lang, copy)
    text = po.read_text(encoding="utf-8")
    assert edit[0] in text
    po.write_text(text.replace(edit[0], edit[1], 1), encoding="utf-8")
    found = catalogues.problems(copy)
    assert any(expected in line for line in found), found
    assert any("does not match its .po" in line for line in found)  # the .mo is now stale


def test_the_template_matches_the_sources(tmp_path: Path) -> None:
    """``tools/catalogues.py extract`` finds exactly the ids of the committed .pot: a string
    marked in the Python or the JS without a catalogue entry fails here."""
    from babel.messages.pofile import read_po

    catalogues = _catalogues()
    out = tmp_path / "fresh.pot"
    args = [sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel.cfg"]
    args += ["--no-default-keywords", "-o", str(out), "."]
    for keyword in catalogues.KEYWORDS:
        args += ["-k", keyword]
    subprocess.run(args, cwd=ROOT, check=True, capture_output=True)

    def ids(path: Path) -> set[object]:
        return {m.id for m in read_po(path.open("rb")) if m.id}

    assert ids(out) == ids(catalogues.POT)


def test_the_wheel_carries_working_catalogues(tmp_path: Path) -> None:
    from hatchling.builders.wheel import WheelBuilder

    (path,) = WheelBuilder(str(ROOT)).build(directory=str(tmp_path), versions=["standard"])
    archive = zipfile.ZipFile(path)
    names = set(archive.namelist())
    for lang in LANGUAGES:
        mo = f"terrace_widget/i18n/locale/{lang}/LC_MESSAGES/terrace_widget.mo"
        assert mo in names
        assert archive.read(mo) == (ROOT / mo).read_bytes()


# ------------------------------------------------------------------ grammar
def test_card_names_change_by_case() -> None:
    queen_of_hearts = parse_card("QH")
    assert card_words("en", queen_of_hearts) == "the queen of hearts"
    assert card_words("ru", queen_of_hearts, "acc") == "даму червей"
    assert card_words("ru", parse_card("KC"), "acc") == "короля треф"  # animate: like gen
    assert card_words("ru", parse_card("5H"), "loc") == "пятёрке червей"
    assert card_words("uk", queen_of_hearts, "loc") == "дамі чирв"
    assert card_words("el", queen_of_hearts, "sto") == "στην ντάμα κούπα"
    assert card_words("el", parse_card("KS"), "acc") == "τον ρήγα μπαστούνι"
    assert card_words("el", parse_card("5H"), "gen") == "του πενταριού κούπα"
    assert card_words("ca", parse_card("5H"), "de") == "del cinc de cors"
    assert card_words("ca", parse_card("AS"), "a") == "a l'as de piques"
    assert card_words("ca", queen_of_hearts) == "la reina de cors"
    assert pile_words("ru", "t3", "acc") == "стопку 3 расклада"
    assert pile_words("el", "waste", "sto") == "στον σωρό"
    for lang, cases in CASES.items():
        for case in cases:
            names = CARDS[lang].get(case, CARDS[lang]["nom"])
            assert len(set(names)) == 52, (lang, case)  # 52 different names in every case


def test_a_refusal_reads_grammatically_in_each_language() -> None:
    refusal = message(
        "{card} cannot go on {onto}: the colours must alternate",
        card=Card(parse_card("QH")),
        onto=Card(parse_card("KD")),
    ).capitalized()
    assert (
        refusal
        == "The queen of hearts cannot go on the king of diamonds: the colours must alternate"
    )
    said = {lang: translator(lang).render(refusal) for lang in LANGUAGES}
    assert said["ru"].startswith("Даму червей нельзя положить на короля бубён")
    assert said["uk"].startswith("Даму чирв не можна покласти на короля бубон")
    assert said["el"].startswith("Η ντάμα κούπα δεν μπαίνει στον ρήγα καρό")
    assert said["ca"].startswith("La reina de cors no pot anar sobre el rei de diamants")


@pytest.mark.parametrize(
    ("lang", "counts"),
    [
        (
            "ru",
            {1: "карта", 2: "карты", 4: "карты", 5: "карт", 11: "карт", 21: "карта", 22: "карты"},
        ),
        ("uk", {1: "карта", 3: "карти", 5: "карт", 12: "карт", 31: "карта"}),
        ("el", {1: "φύλλο", 2: "φύλλα"}),
        ("ca", {1: "carta", 2: "cartes", 1_000_000: "de cartes"}),
    ],
)
def test_plural_forms_follow_babels_rules(lang: str, counts: dict[int, str]) -> None:
    for n, word in counts.items():
        text = translator(lang).render(
            plural_message(
                "{pile} has only {n} card", "{pile} has only {n} cards", n, pile=Pile("t2")
            )
        )
        assert re.search(rf"\b{n} {word}\b", text), (n, text)


def test_every_refusal_and_hint_of_real_games_is_translated() -> None:
    """Play random games of every variant: each refused move and each hint renders in every
    language without falling back to English."""
    from terrace_widget import VARIANTS

    rng = random.Random(28)
    seen: set[str] = set()
    with warnings.catch_warnings():
        warnings.simplefilter("error", MissingTranslationWarning)
        for variant in VARIANTS:
            game = Game(variant, seed=rng.randrange(10_000))
            names = game.pile_names
            for _ in range(60):
                for _ in range(6):
                    text = f"{rng.choice(names)}-{rng.choice(names)}"
                    reason = game.explain(text)
                    if isinstance(reason, Message):
                        seen.add(reason.msgid)
                        for lang in LANGUAGES:
                            assert translator(lang).render(reason) != reason
                hint = game.hint().message
                for lang in LANGUAGES:
                    translator(lang).render(hint)
                moves = game.legal_moves()
                if not moves:
                    break
                game.play(rng.choice(moves))
    assert len(seen) >= 8, seen  # many different refusals were met


# ------------------------------------------------------------------ choosing the language
def test_two_tables_in_one_kernel_speak_two_languages() -> None:
    uk = TableSession("terrace", seed=5, locale="uk")
    ca = TableSession("terrace", seed=5, locale="ca")
    en = TableSession("terrace", seed=5, locale="en")
    intent = {"kind": "move", "move": "t1-t2", "seq": 1}
    assert uk.handle_intent(intent) == (
        "Спершу виберіть базову карту: перетягніть одну з чотирьох карт ігрового поля на основу"
    )
    assert ca.handle_intent(intent) == (
        "Primer trieu la carta base: arrossegueu una de les quatre cartes del tauler a una base"
    )
    assert en.handle_intent(intent) == (
        "Choose the base card first: drag one of the four tableau cards onto a foundation"
    )
    assert (uk.view["name"], ca.view["name"], en.view["name"]) == ("Тераса", "Terrassa", "Terrace")
    assert uk.view["message"]["text"].startswith("Спершу")


def test_the_language_menu_changes_the_table_and_bad_choices_change_nothing() -> None:
    table = TableSession("klondike", seed=3, locale="en")
    before = dict(table.view)
    assert table.handle_intent({"kind": "locale", "locale": "el"}) is None
    assert table.locale == "el" and table.view["locale"] == "el"
    assert table.view["name"] == "Κλοντάικ (ένα φύλλο τη φορά)"
    assert table.view["piles"] == before["piles"]
    for bad in ("xx", 5, None, "e" * 10_000):
        reason = table.handle_intent({"kind": "locale", "locale": bad})
        assert reason is not None and len(reason) <= 300
        assert reason.startswith("η γλώσσα είναι μία από")
        assert table.locale == "el"
    assert {"id": "uk", "name": "Українська"} in table.view["locales"]


def test_unknown_locales_are_refused_clearly() -> None:
    with pytest.raises(UnknownLocaleError, match="the table speaks en, el, uk, ru, ca"):
        TableSession("terrace", locale="de")
    with pytest.raises(UnknownLocaleError) as caught:
        normalize_locale("x" * 100_000)
    assert len(str(caught.value)) < 120
    assert normalize_locale("uk_UA.UTF-8") == "uk" and normalize_locale("CA-es") == "ca"


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "uk_UA.UTF-8"}, "uk"),
        ({"LANGUAGE": "de:ru:en", "LANG": "ca_ES.UTF-8"}, "ru"),
        ({"LC_ALL": "C", "LANG": "el_GR.UTF-8"}, "en"),
        ({"LC_ALL": "el_GR.UTF-8", "LANG": "C"}, "el"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_default_comes_from_the_environment(environ: dict[str, str], expected: str) -> None:
    assert default_locale(environ) == expected


def test_the_kernel_environment_sets_a_new_tables_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert TableSession("terrace", seed=5).view["name"] == "Терраса"


def test_a_missing_translation_falls_back_to_english_with_a_warning() -> None:
    text = message("a sentence no catalogue has, about {card}", card=Card(0))
    with pytest.warns(MissingTranslationWarning, match="no ru translation"):
        assert (
            translator("ru").render(text) == "a sentence no catalogue has, about the ace of clubs"
        )
    assert Translator("en").render(text) == text  # English is the source: no warning


def test_messages_survive_pickling_and_stay_english_strings() -> None:
    text = plural_message(
        "{pile} has only {n} card", "{pile} has only {n} cards", 3, pile=Pile("f2")
    )
    assert text == "foundation 2 has only 3 cards" and isinstance(text, str)
    back = pickle.loads(pickle.dumps(text))
    assert isinstance(back, Message) and back == text
    assert translator("ru").render(back) == "в основании 2 всего 3 карты"


# ------------------------------------------------------------------ the front end's words
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_front_end_gets_every_message_of_its_language(lang: str) -> None:
    from babel.messages.pofile import read_po

    strings = front_end_strings(translator(lang))
    template = read_po(_catalogues().POT.open("rb"))
    for m in template:
        if not m.id:
            continue
        if isinstance(m.id, tuple):
            forms = strings["plurals"][m.id[0]]
            assert "one" in forms and "other" in forms
            if lang in ("ru", "uk"):
                assert {"one", "few", "many", "other"} <= set(forms)
        else:
            assert strings["messages"][m.id]
    assert len(strings["cards"]["nom"]) == 52
    assert set(strings["piles"]) == set(CASES[lang])


def test_the_seed_pages_terms_are_the_catalogues_terms() -> None:
    """Stock, waste, reserve, foundation, tableau, base card and the games' names, as the
    help pages in ../shared/seeds/ name them."""
    if not SEEDS.is_dir():
        pytest.skip("the seed pages are not here: set TERRACE_SEEDS_DIR")
    pages = {
        "el": "terrace-help.el.txt",
        "uk": "terrace-help.uk.txt",
        "ru": "terrace-help.ru.txt",
        "ca": "klondike-help.ca.txt",
    }
    terms = {  # a message id of the catalogue: the seed page's words its translation uses
        "el": {"Stock": "Μάνα", "Waste": "Σωρός", "Reserve": "Ρεζέρβα", "Foundation {n}": "Βάση",
               "Move {card} onto an empty tableau slot.": "ταμπλό",
               "Choose the base card: drop one of the four cards on a foundation": "βασικό φύλλο"},
        "uk": {"Stock": "Стос", "Waste": "Звалище", "Reserve": "Резерв", "Foundation {n}": "Основа",
               "Move {card} onto an empty tableau slot.": "ігров",
               "Choose the base card: drop one of the four cards on a foundation": "базов"},
        "ru": {"Stock": "Колода", "Waste": "Сброс", "Reserve": "Резерв",
               "Foundation {n}": "Основание", "Move {card} onto an empty tableau slot.": "расклад",
               "Choose the base card: drop one of the four cards on a foundation": "базов"},
        "ca": {"Stock": "Pila principal", "Foundation {n}": "Base",
               "Move {card} onto an empty tableau slot.": "tauler",
               "the stock is locked while a tableau space is open: play the waste card first":
                   "pila de descartades"},
    }  # fmt: skip
    games = {
        "el": ["Terrace", "General's Patience", "Falling Stars", "Signora", "Redheads",
               "Blondes and Brunettes", "Wood"],
        "ca": ["Klondike (Single card deals)", "Klondike (Three card deals)",
               "Klondike (No redeals)", "Klondike (Unlimited redeals)"],
    }  # fmt: skip
    games["uk"] = games["ru"] = games["el"]
    for lang, page in pages.items():
        seed = (SEEDS / page).read_text(encoding="utf-8").lower()
        tr = translator(lang)
        for msgid, word in terms[lang].items():
            assert word.lower() in tr.gettext(msgid).lower(), (lang, msgid)
            stem = word.lower()[: max(4, len(word) - 2)]  # the seed may decline it
            assert stem in seed, (lang, word)
        for name in games[lang]:
            said = tr.gettext(name).lower()
            inner = said.split("(")[-1].rstrip(")") if "(" in said else said
            assert inner in seed, (lang, name, said)


# ------------------------------------------------------------------ the Coach, Watch, the review
ENGLISH = re.compile(
    r"\b(stock|waste|reserve|foundations?|tableau|undo|redo|hint|restart|new deal|score|"
    r"moves?|moved|time|keys|winnable|cards?|pile|choose|drag|click|empty|the|of|good|"
    r"better|best|win|won|lost|review|watch|player|tips?|deals?|reversed|start|chance|points|"
    r"give up|fair|rank|onto|base|coach|blunder|mistake|inaccuracy|sees?|left|game|from|to|"
    r"and|is|it|on|in|up|down|play|plays|played|waits?|locked|space)\b",
    re.IGNORECASE,
)
"""English words of the table, the Coach, the review and Watch."""
NATIVE = {"ca": {"base", "on"}}
"""Words of that list that are the language's own ("on": where, in Catalan)."""
SPOKEN_KEYS = {"text", "message", "note", "say", "label", "stuck", "sentences", "why", "name",
               "stock_reason", "rule", "share", "reason", "post_mortem"}  # fmt: skip
"""The keys of the view and of the refusals whose values are sentences for the player
(``grade.label`` is an id the front end translates)."""


def spoken(value: object, key: str | None = None) -> list[str]:
    """Every sentence in a view or a message the session sends."""
    if isinstance(value, dict):
        return [s for k, v in value.items() if k != "grade" for s in spoken(v, k)]
    if isinstance(value, list):
        return [s for v in value for s in spoken(v, key)]
    return [value] if isinstance(value, str) and key in SPOKEN_KEYS and value else []


def coached_game(lang: str, variant: str, seed: int | None, **options: object) -> list[str]:
    """A refused move, a fair hint, a move judged and graded, Watch playing the game to its
    end (with a bad speed refused first), and the Coach's review: every sentence sent."""
    said: list[str] = []
    table = TableSession(variant, seed=seed, locale=lang, coach=True, hint_seconds=0.2,
                         statistics=False, **options)  # type: ignore[arg-type]  # fmt: skip
    table.grade_at_once, table.grade_seconds, table.review_seconds = True, 0.02, 0.5
    table.publish = lambda view: said.extend(spoken(view))
    table.send = lambda content: said.extend(spoken(content))
    said += spoken(table.view)
    table.receive({"kind": "move", "move": "t1-t2"})
    table.receive({"kind": "hint"})
    table.receive({"kind": "move", "move": str(table.current_game().legal_moves()[-1])})
    table.grade_at_once = False  # Watch's moves are judged, not graded (that takes long)
    table.receive({"kind": "watch", "on": True, "speed": "warp"})
    table.receive({"kind": "watch", "on": True})
    table.receive({"kind": "review"})
    return said + spoken(table.view)


@pytest.fixture(scope="module")
def coached() -> dict[str, list[str]]:
    """The sentences of coached games of Terrace and Klondike (and a daily and a winnable
    deal) in English and each language, a missing translation an error."""
    out = {}
    with warnings.catch_warnings():
        warnings.simplefilter("error", MissingTranslationWarning)
        for lang in ("en", *LANGUAGES):
            out[lang] = (
                coached_game(lang, "terrace", 5)
                + coached_game(lang, "klondike", 3)
                + spoken(TableSession("klondike", locale=lang, daily=True, statistics=False).view)
                + spoken(TableSession("signora", locale=lang, winnable=True, statistics=False).view)
            )
    return out


def test_the_coached_game_in_english_speaks_every_part_it_checks(
    coached: dict[str, list[str]],
) -> None:
    """What the other languages are checked against: the English game says all of it."""
    text = " ".join(coached["en"])
    for sentence in ("Fair hint", "It moves the", "Watch: the fair player", "to win",
                     "Off while the Coach is on", "terrace_widget daily deal",
                     "A winnable deal", "the speed is one of", "Each value"):  # fmt: skip
        assert sentence in text, sentence
    assert {"the", "of", "foundation", "move"} <= {w.lower() for w in ENGLISH.findall(text)}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_coached_game_with_watch_and_review_speaks_no_english(
    coached: dict[str, list[str]], lang: str
) -> None:
    said = set(coached[lang])
    assert len(said) > 100  # the Coach, Watch, the hint, the review and the deals spoke
    leaks = {
        s: found
        for s in said
        if (found := {w.lower() for w in ENGLISH.findall(s)} - NATIVE.get(lang, set()))
    }
    assert leaks == {}
    text = " ".join(said)
    assert re.search(r"\d+%", text)  # grades and the review's values
    assert "→" in text or "×" in text or any(":" in s for s in said)


def test_moves_and_ranks_are_named_in_each_language() -> None:
    from terrace_widget.i18n import Count, MoveRef, PileRef, Rank

    assert MoveRef("t3-f1").words("en") == "t3-f1"
    assert MoveRef("t2-t5x3").words("ru") == "стопка 2 расклада → стопка 5 расклада ×3"
    assert MoveRef("deal").words("el") == "μάνα → σωρός"
    assert MoveRef("t1-f1,t2-f2").words("ca") == (
        "pila 1 del tauler → base 1, pila 2 del tauler → base 2"
    )
    assert PileRef("t4").words("en", "acc") == "t4" and PileRef("t4").words("uk", "acc") == (
        "стовпчик 4"
    )
    assert [Rank(r).words("en", "an") for r in (1, 8, 12)] == ["an ace", "an eight", "a queen"]
    assert Rank(6).words("en", "plural") == "sixes" and Rank(13).words("en", "titles") == "Kings"
    assert Count(2).words("en") == "two" and Count(2).words("ru") == "2"


def test_the_coachs_sentences_decline_their_cards_and_piles() -> None:
    from terrace_widget.fair.messages import say
    from terrace_widget.i18n import Rank
    from terrace_widget.table.watch import narrate

    obs = Game("terrace", seed=5).observation()
    move = next(m for m in obs["legal_moves"] if m.startswith("t"))
    said = narrate(obs, move)
    assert said.startswith("It moves the ")
    assert " з стовпчика " not in translator("uk").render(said)
    ru = translator("ru").render(said)
    assert ru.startswith("Игрок переносит ") and "из стопки " in ru and "на основание" in ru
    note = say("against.pile-start", card="7♣", start=Rank(1))
    assert translator("el").render(note).endswith("(ξεκινήστε με τον άσο: από κάτω του δεν "
                                                  "περιμένει τίποτα)")  # fmt: skip
    assert "с туза" in translator("ru").render(note)


def test_printed_messages_speak_the_language_the_lesson_chose() -> None:
    """``use_language("uk")``: what code prints (a refusal, an error, an f-string) speaks
    Ukrainian, the message's English text is unchanged, and a table keeps its own locale."""
    from terrace_widget import IllegalMoveError
    from terrace_widget.i18n import use_language

    game = Game("terrace", seed=5)
    move = "reserve-t1"  # the reserve feeds only the foundations
    reason = game.explain(move)
    assert reason is not None and str(reason) == reason  # English by default
    english = str(reason)
    table = TableSession("terrace", seed=5, locale="en")
    try:
        use_language("uk")
        said = str(reason)
        assert said != english and not ENGLISH.search(said)
        assert f"{reason}" == said and f"{reason:>5}".strip() == said
        with pytest.raises(IllegalMoveError) as refused:
            game.play(move)
        assert str(refused.value) == said
        assert str.__str__(reason) == english  # the message's own text stays English
        assert table.handle_intent({"kind": "move", "move": move, "seq": 1}) == english
        assert table.view["message"]["text"] == english  # the English table stays English
        with pytest.raises(UnknownLocaleError):
            use_language("xx")
        assert str(reason) == said  # a refused language changes nothing
    finally:
        use_language("en")
    assert str(reason) == english

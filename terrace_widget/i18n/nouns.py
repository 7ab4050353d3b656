"""Cards and piles named in each language, in every grammatical case a sentence needs.

A catalogue's sentence names the case of each card or pile it mentions in the
placeholder's format spec: Russian ``"{card} нельзя положить на {onto:acc}"``, Greek
``"… {onto:sto}"``, Catalan ``"… {onto:a}"``. The English source says ``{card}`` (the
default case, ``nom``). No sentence is assembled from English pieces: each language has
its own rank and suit words here, and its own sentence templates in its catalogue.

Cases per language (``nom`` is the default; ``bare`` drops the article where the
language has one):

- en: ``nom`` "the queen of hearts", ``bare`` "queen of hearts"; for piles ``title``
  "Tableau 3", for ranks ``word`` "six", ``plural`` "sixes", ``titles`` "Kings" and ``an``
  "an eight" (cards and the rest fall back to ``nom``)
- ru, uk: ``nom acc gen dat ins loc`` (the rank noun declines; the suit stays genitive)
- el: ``nom acc gen sto`` (σε + article: "στην ντάμα κούπα"), ``bare``
- ca: ``nom de a`` (with the contracted article: "del cinc", "a l'as"), ``bare``
"""

from __future__ import annotations

CASES: dict[str, tuple[str, ...]] = {
    "en": ("nom", "bare", "title", "word"),
    "ru": ("nom", "acc", "gen", "dat", "ins", "loc"),
    "uk": ("nom", "acc", "gen", "dat", "ins", "loc"),
    "el": ("nom", "acc", "gen", "sto", "bare"),
    "ca": ("nom", "de", "a", "bare"),
}
"""The cases a catalogue of each language may name in a placeholder's format spec."""


def _words(text: str) -> list[str]:
    """The words of ``text`` (tables below are written as one line per noun)."""
    return text.split()


def _by_case(lang: str, forms: str | tuple[str, ...], pattern: str = "{}") -> dict[str, str]:
    """``{case: form}`` for ``lang``'s cases, the forms in :data:`CASES` order."""
    words = _words(forms) if isinstance(forms, str) else list(forms)
    return {case: pattern.format(w) for case, w in zip(CASES[lang], words, strict=True)}


_EN_RANKS = _words("ace two three four five six seven eight nine ten jack queen king")
_EN_SUITS = ("clubs", "diamonds", "hearts", "spades")

# Russian: nom acc gen dat ins loc of each rank; suits in the genitive plural.
_RU_RANKS = [
    "туз туза туза тузу тузом тузе",
    "двойка двойку двойки двойке двойкой двойке",
    "тройка тройку тройки тройке тройкой тройке",
    "четвёрка четвёрку четвёрки четвёрке четвёркой четвёрке",
    "пятёрка пятёрку пятёрки пятёрке пятёркой пятёрке",
    "шестёрка шестёрку шестёрки шестёрке шестёркой шестёрке",
    "семёрка семёрку семёрки семёрке семёркой семёрке",
    "восьмёрка восьмёрку восьмёрки восьмёрке восьмёркой восьмёрке",
    "девятка девятку девятки девятке девяткой девятке",
    "десятка десятку десятки десятке десяткой десятке",
    "валет валета валета валету валетом валете",
    "дама даму дамы даме дамой даме",
    "король короля короля королю королём короле",
]
_RU_SUITS = ("треф", "бубён", "червей", "пик")

_UK_RANKS = [
    "туз туза туза тузу тузом тузі",
    "двійка двійку двійки двійці двійкою двійці",
    "трійка трійку трійки трійці трійкою трійці",
    "четвірка четвірку четвірки четвірці четвіркою четвірці",
    "п'ятірка п'ятірку п'ятірки п'ятірці п'ятіркою п'ятірці",
    "шістка шістку шістки шістці шісткою шістці",
    "сімка сімку сімки сімці сімкою сімці",
    "вісімка вісімку вісімки вісімці вісімкою вісімці",
    "дев'ятка дев'ятку дев'ятки дев'ятці дев'яткою дев'ятці",
    "десятка десятку десятки десятці десяткою десятці",
    "валет валета валета валетові валетом валеті",
    "дама даму дами дамі дамою дамі",
    "король короля короля королю королем королі",
]
_UK_SUITS = ("треф", "бубон", "чирв", "пік")

# Greek: gender (m f n) and the nominative and genitive of each rank; the accusative of a
# masculine noun drops its final ς. Suits are indeclinable after the rank ("ντάμα κούπα").
_EL_RANKS = [
    ("m", "άσος", "άσου"),
    ("n", "δυάρι", "δυαριού"),
    ("n", "τριάρι", "τριαριού"),
    ("n", "τεσσάρι", "τεσσαριού"),
    ("n", "πεντάρι", "πενταριού"),
    ("n", "εξάρι", "εξαριού"),
    ("n", "εφτάρι", "εφταριού"),
    ("n", "οχτάρι", "οχταριού"),
    ("n", "εννιάρι", "εννιαριού"),
    ("n", "δεκάρι", "δεκαριού"),
    ("m", "βαλές", "βαλέ"),
    ("f", "ντάμα", "ντάμας"),
    ("m", "ρήγας", "ρήγα"),
]
_EL_SUITS = ("σπαθί", "καρό", "κούπα", "μπαστούνι")
_EL_ARTICLES = {  # nom, acc, gen, σε + acc
    "m": ("ο", "τον", "του", "στον"),
    "f": ("η", "την", "της", "στην"),
    "n": ("το", "το", "του", "στο"),
}

# Catalan: rank words, feminine ranks, suits after "de".
_CA_RANKS = _words("as dos tres quatre cinc sis set vuit nou deu valet reina rei")
_CA_FEMININE = {"reina"}
_CA_SUITS = ("trèvols", "diamants", "cors", "piques")


def _ca_forms(word: str) -> dict[str, str]:
    if word in _CA_FEMININE:
        return {"nom": f"la {word}", "de": f"de la {word}", "a": f"a la {word}", "bare": word}
    if word[0] in "aeiouàèéíòóú":
        return {"nom": f"l'{word}", "de": f"de l'{word}", "a": f"a l'{word}", "bare": word}
    return {"nom": f"el {word}", "de": f"del {word}", "a": f"al {word}", "bare": word}


def _el_forms(gender: str, nom: str, gen: str) -> dict[str, str]:
    articles = _EL_ARTICLES[gender]
    acc = nom[:-1] if gender == "m" else nom
    return {
        "nom": f"{articles[0]} {nom}",
        "acc": f"{articles[1]} {acc}",
        "gen": f"{articles[2]} {gen}",
        "sto": f"{articles[3]} {acc}",
        "bare": nom,
    }


def _build_cards() -> dict[str, dict[str, tuple[str, ...]]]:
    """Every card's name in every case, by language: ``CARDS[lang][case][value]``."""
    out: dict[str, dict[str, list[str]]] = {lang: {c: [] for c in CASES[lang]} for lang in CASES}
    for suit in range(4):
        for rank in range(13):
            en = f"{_EN_RANKS[rank]} of {_EN_SUITS[suit]}"
            out["en"]["nom"].append(f"the {en}")
            out["en"]["bare"].append(en)
            out["en"]["title"].append(f"the {en}")
            out["en"]["word"].append(en)
            for lang, ranks, suits in (("ru", _RU_RANKS, _RU_SUITS), ("uk", _UK_RANKS, _UK_SUITS)):
                for case, word in zip(CASES[lang], ranks[rank].split(), strict=True):
                    out[lang][case].append(f"{word} {suits[suit]}")
            for case, text in _el_forms(*_EL_RANKS[rank]).items():
                out["el"][case].append(f"{text} {_EL_SUITS[suit]}")
            for case, text in _ca_forms(_CA_RANKS[rank]).items():
                out["ca"][case].append(f"{text} de {_CA_SUITS[suit]}")
    return {lang: {c: tuple(names) for c, names in cases.items()} for lang, cases in out.items()}


CARDS = _build_cards()
"""``CARDS[lang][case][value]``: the name of card ``value`` (0 … 51, rules/cards.py)."""

PILES: dict[str, dict[str, dict[str, str]]] = {
    # PILES[lang][kind][case]; tableau piles and foundations carry their number as {n}.
    "en": {
        "stock": {"nom": "the stock", "bare": "stock", "title": "Stock", "word": "stock"},
        "waste": {"nom": "the waste", "bare": "waste", "title": "Waste", "word": "waste"},
        "reserve": {
            "nom": "the reserve",
            "bare": "reserve",
            "title": "Reserve",
            "word": "reserve",
        },
        "t": {
            "nom": "tableau pile {n}",
            "bare": "tableau pile {n}",
            "title": "Tableau {n}",
            "word": "tableau pile {n}",
        },
        "f": {
            "nom": "foundation {n}",
            "bare": "foundation {n}",
            "title": "Foundation {n}",
            "word": "foundation {n}",
        },
    },
    "ru": {
        "stock": _by_case("ru", "колода колоду колоды колоде колодой колоде"),
        "waste": _by_case("ru", "сброс сброс сброса сбросу сбросом сбросе"),
        "reserve": _by_case("ru", "резерв резерв резерва резерву резервом резерве"),
        "t": _by_case("ru", "стопка стопку стопки стопке стопкой стопке", "{} {{n}} расклада"),
        "f": _by_case(
            "ru", "основание основание основания основанию основанием основании", "{} {{n}}"
        ),
    },
    "uk": {
        "stock": _by_case("uk", "стос стос стосу стосу стосом стосі"),
        "waste": _by_case("uk", "звалище звалище звалища звалищу звалищем звалищі"),
        "reserve": _by_case("uk", "резерв резерв резерву резерву резервом резерві"),
        "t": _by_case(
            "uk", "стовпчик стовпчик стовпчика стовпчику стовпчиком стовпчику", "{} {{n}}"
        ),
        "f": _by_case("uk", "основа основу основи основі основою основі", "{} {{n}}"),
    },
    "el": {
        "stock": _by_case("el", ("η μάνα", "τη μάνα", "της μάνας", "στη μάνα", "μάνα")),
        "waste": _by_case("el", ("ο σωρός", "τον σωρό", "του σωρού", "στον σωρό", "σωρός")),
        "reserve": _by_case(
            "el", ("η ρεζέρβα", "τη ρεζέρβα", "της ρεζέρβας", "στη ρεζέρβα", "ρεζέρβα")
        ),
        "t": _by_case(
            "el", ("η στήλη {n}", "τη στήλη {n}", "της στήλης {n}", "στη στήλη {n}", "στήλη {n}")
        ),
        "f": _by_case(
            "el", ("η βάση {n}", "τη βάση {n}", "της βάσης {n}", "στη βάση {n}", "βάση {n}")
        ),
    },
    "ca": {
        "stock": {
            "nom": "la pila principal",
            "de": "de la pila principal",
            "a": "a la pila principal",
            "bare": "pila principal",
        },
        "waste": {
            "nom": "la pila de descartades",
            "de": "de la pila de descartades",
            "a": "a la pila de descartades",
            "bare": "pila de descartades",
        },
        "reserve": {
            "nom": "la reserva",
            "de": "de la reserva",
            "a": "a la reserva",
            "bare": "reserva",
        },
        "t": {
            "nom": "la pila {n} del tauler",
            "de": "de la pila {n} del tauler",
            "a": "a la pila {n} del tauler",
            "bare": "pila {n} del tauler",
        },
        "f": {
            "nom": "la base {n}",
            "de": "de la base {n}",
            "a": "a la base {n}",
            "bare": "base {n}",
        },
    },
}
"""``PILES[lang][kind][case]``: a pile's words; ``kind`` is stock, waste, reserve, t or f."""


def pile_kind(name: str) -> tuple[str, str]:
    """``('t', '3')`` for ``'t3'``, ``('waste', '')`` for ``'waste'``."""
    if name in ("stock", "waste", "reserve"):
        return name, ""
    return name[:1], name[1:]


def card_words(lang: str, value: int, case: str = "nom") -> str:
    """The name of card ``value`` in ``lang`` and ``case`` (the default case if unknown)."""
    forms = CARDS.get(lang, CARDS["en"])
    return forms.get(case or "nom", forms["nom"])[value]


def pile_words(lang: str, name: str, case: str = "nom") -> str:
    """The words for pile ``name`` (``'t3'``, ``'f1'``, ``'waste'``) in ``lang`` and ``case``."""
    kind, number = pile_kind(name)
    forms = PILES.get(lang, PILES["en"]).get(kind)
    if forms is None:
        return name
    return forms.get(case or "nom", forms["nom"]).replace("{n}", number)


_EN_RANK_TITLES = _words("Ace 2 3 4 5 6 7 8 9 10 Jack Queen King")


def rank_words(lang: str, rank: int, case: str = "nom") -> str:
    """A rank alone (1 Ace … 13 King), as the status bar and the base-card sentences say it:
    "Queen", "дама", "ντάμα", "la reina"."""
    i = rank - 1
    case = case or "nom"
    if lang in ("ru", "uk"):
        words = (_RU_RANKS if lang == "ru" else _UK_RANKS)[i].split()
        cases = CASES[lang]
        return words[cases.index(case)] if case in cases else words[0]
    if lang == "el":
        forms = _el_forms(*_EL_RANKS[i])
        return forms.get(case, forms["bare"]) if case != "nom" else forms["bare"]
    if lang == "ca":
        forms = _ca_forms(_CA_RANKS[i])
        return forms.get(case, forms["bare"]) if case != "nom" else forms["bare"]
    if case == "titles":  # "Kings", "4s"
        return _EN_RANK_TITLES[i] + "s"
    if case == "plural":  # "sixes", "threes"
        word = _EN_RANKS[i]
        return word + ("es" if word.endswith("x") else "s")
    if case == "an":  # after its indefinite article: "an eight", "a two"
        word = _EN_RANKS[i]
        return f"{'an' if word.startswith(('ace', 'eight')) else 'a'} {word}"
    return _EN_RANKS[i] if case in ("word", "bare") else _EN_RANK_TITLES[i]

"""The table's languages: English (the source), Greek, Ukrainian, Russian and Catalan.

Each table holds a :class:`Translator` for its own locale, so two tables in one kernel may
speak two languages. The one setting of the whole kernel is the language a message speaks
when code *prints* it (:func:`use_language`, English by default): a lesson in Ukrainian
prints the engine's refusals in Ukrainian. Lower layers (rules/, game/) do not know the
table's language. They return :class:`Message` objects: an English ``str`` that also keeps
its message id and parameters, and the table renders it in its own locale
(``Translator.render``).

Marking a string is one call (docs/translating.md):

- ``message("{card} cannot go on {onto}", card=Card(v), onto=Card(w))``: a sentence;
- ``plural_message("{n} card", "{n} cards", n)``: a sentence with a count;
- ``N_("Hint")``: a fixed text looked up later (``translator.gettext``).

Placeholders are ``str.format`` fields. A :class:`Card` or :class:`Pile` parameter is named in
the case its language needs (``{onto:acc}``, see :mod:`.nouns`). The catalogues are in
``locale/<lang>/LC_MESSAGES/terrace_widget.po``, with their compiled ``.mo`` beside them.
"""

from __future__ import annotations

import gettext as _gettext
import os
import string
import warnings
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .nouns import CASES, card_words, pile_words, rank_words

__all__ = [
    "DOMAIN",
    "LANGUAGE_NAMES",
    "LOCALES",
    "LOCALE_DIR",
    "N_",
    "Card",
    "Count",
    "Message",
    "MissingTranslationWarning",
    "MoveRef",
    "Pile",
    "PileRef",
    "Rank",
    "Translator",
    "UnknownLocaleError",
    "default_locale",
    "message",
    "normalize_locale",
    "plural_message",
    "translator",
    "use_language",
]

DOMAIN = "terrace_widget"
LOCALE_DIR = Path(__file__).parent / "locale"
LOCALES = ("en", "el", "uk", "ru", "ca")
"""English (the source) and the languages of the seed pages."""
LANGUAGE_NAMES = {
    "en": "English",
    "el": "Ελληνικά",
    "uk": "Українська",
    "ru": "Русский",
    "ca": "Català",
}
"""Each language in its own words, for the table's language menu."""
MAX_LOCALE_CHARS = 32
PLURAL_SAMPLES = {
    "en": {"one": 1, "other": 2},
    "el": {"one": 1, "other": 2},
    "ca": {"one": 1, "other": 2, "many": 1000000},
    "ru": {"one": 1, "few": 2, "many": 5, "other": 5},
    "uk": {"one": 1, "few": 2, "many": 5, "other": 5},
}
"""A count of each CLDR plural category (what ``Intl.PluralRules`` returns in the browser),
so the front end gets every form of a counted message."""


class UnknownLocaleError(ValueError):
    """A locale the table does not speak."""


class MissingTranslationWarning(UserWarning):
    """A message id has no translation in a catalogue: the English text is shown."""


def normalize_locale(locale: object) -> str:
    """``'uk'`` for ``'uk'``, ``'uk_UA.UTF-8'`` or ``'UK-ua'``; unknown ones raise
    :class:`UnknownLocaleError` (bounded, naming the locales there are)."""
    if not isinstance(locale, str) or len(locale) > MAX_LOCALE_CHARS:
        shown = repr(locale)[:MAX_LOCALE_CHARS]
        raise UnknownLocaleError(f"a locale is a short text such as 'uk', not {shown}")
    lang = locale.strip().replace("-", "_").split(".")[0].split("@")[0].split("_")[0].lower()
    if lang not in LOCALES:
        raise UnknownLocaleError(
            f"no translation for locale {locale[:MAX_LOCALE_CHARS]!r}: "
            f"the table speaks {', '.join(LOCALES)}"
        )
    return lang


def default_locale(environ: Mapping[str, str] | None = None) -> str:
    """The kernel's language from ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` (in
    gettext's order); English when none names a language the table speaks."""
    env = os.environ if environ is None else environ
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(key, "")
        if not value:
            continue
        for part in value.split(":"):
            try:
                return normalize_locale(part)
            except UnknownLocaleError:
                continue
        if key != "LANGUAGE":
            return "en"  # C, POSIX or another language: the first setting decides
    return "en"


def N_(msgid: str) -> str:
    """Mark ``msgid`` for the catalogues without translating it (translated when shown)."""
    return msgid


class Card:
    """A card as a sentence's parameter: named in the case the language's template asks."""

    __slots__ = ("value",)

    def __init__(self, value: int) -> None:
        self.value = value

    def words(self, lang: str, case: str = "") -> str:
        return card_words(lang, self.value, case or "nom")

    def __repr__(self) -> str:
        return f"Card({self.value})"


class Pile:
    """A pile (``'t3'``, ``'f1'``, ``'waste'``) as a sentence's parameter, named by case."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def words(self, lang: str, case: str = "") -> str:
        return pile_words(lang, self.name, case or "nom")

    def __repr__(self) -> str:
        return f"Pile({self.name!r})"


class Rank:
    """A rank alone (1 Ace … 13 King) as a sentence's parameter."""

    __slots__ = ("rank",)

    def __init__(self, rank: int) -> None:
        self.rank = rank

    def words(self, lang: str, case: str = "") -> str:
        return rank_words(lang, self.rank, case or "nom")

    def __repr__(self) -> str:
        return f"Rank({self.rank})"


class PileRef(Pile):
    """A pile as the moves name it: ``t3`` in English (the table's slot names), its words
    by case in the other languages (``"{pile:acc}"``)."""

    __slots__ = ()

    def words(self, lang: str, case: str = "") -> str:
        if lang == "en":
            return self.name
        return pile_words(lang, self.name, case or "nom")


class Count:
    """A small count in words where the language's sentence wants it: "two" in English,
    the digits in the other languages (their templates put it in their own grammar)."""

    __slots__ = ("n",)

    def __init__(self, n: int) -> None:
        self.n = n

    def words(self, lang: str, case: str = "") -> str:
        if lang == "en" and 0 <= self.n < len(_EN_COUNTS):
            return _EN_COUNTS[self.n]
        return str(self.n)

    def __repr__(self) -> str:
        return f"Count({self.n})"


_EN_COUNTS = ("no", "one", "two", "three", "four")


class MoveRef:
    """A move (``'t3-f1'``, ``'waste-t4'``, ``'t2-t5x3'``, ``'deal'``) as a sentence's
    parameter (or a turn of several, comma-separated): its text in English, its piles'
    words in the other languages ("стопка 3 расклада → основание 1", a count as "×3")."""

    __slots__ = ("text",)

    def __init__(self, text: object) -> None:
        self.text = str(text)

    def words(self, lang: str, case: str = "") -> str:
        if lang == "en":
            return self.text
        return ", ".join(_move_words(lang, move) for move in self.text.split(","))

    def __repr__(self) -> str:
        return f"MoveRef({self.text!r})"


def _move_words(lang: str, move: str) -> str:
    """One move (a turn may be several, comma-separated) in ``lang``'s pile words."""
    source, _, rest = move.partition("-")
    if move == "deal" or not rest:
        source, rest = "stock", "waste"
    target, _, count = rest.partition("x")
    said = f"{_short(lang, source)} → {_short(lang, target)}"
    return f"{said} ×{count}" if count else said


def _short(lang: str, pile: str) -> str:
    """A pile's words without an article where the language has the case (else nominative)."""
    return pile_words(lang, pile, "bare" if "bare" in CASES[lang] else "nom")


class _Bound:
    """A parameter bound to a language: ``format`` passes it the placeholder's case."""

    __slots__ = ("lang", "translator", "value")

    def __init__(self, value: object, translator: Translator) -> None:
        self.value, self.translator, self.lang = value, translator, translator.locale

    def __format__(self, spec: str) -> str:
        value = self.value
        if isinstance(value, (Card, Pile, Rank, MoveRef, Count)):
            return value.words(self.lang, spec)
        if isinstance(value, Message):
            said = self.translator.render(value)
            return said[:1].lower() + said[1:] if spec == "lower" else format(said, spec)
        return format(value, spec)


class Message(str):
    """An English sentence that keeps its message id and parameters, so a table can render it
    in its own language (:meth:`Translator.render`). It is a ``str`` (the English text), so
    code that only needs English keeps working."""

    msgid: str
    plural: str | None
    number: int | None
    params: dict[str, Any]
    capital: bool

    def __new__(
        cls,
        msgid: str,
        plural: str | None = None,
        count: int | None = None,
        *,
        capital: bool = False,
        params: Mapping[str, Any] | None = None,
    ) -> Message:
        params = dict(params or {})
        text = ENGLISH._format(msgid, plural, count, params, capital)
        self = super().__new__(cls, text)
        self.msgid, self.plural, self.number = msgid, plural, count
        self.params, self.capital = params, capital
        return self

    def __str__(self) -> str:
        """The sentence in the printing language (:func:`use_language`; English by default)."""
        speaking = _printing[0]
        return str.__str__(self) if speaking is None else speaking.render(self)

    def __format__(self, spec: str) -> str:
        return format(self.__str__(), spec)

    def capitalized(self) -> Message:
        """The same sentence, starting with a capital letter in every language."""
        return Message(self.msgid, self.plural, self.number, capital=True, params=self.params)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.msgid, self.plural, self.number, self.capital, self.params))


def _rebuild(
    msgid: str, plural: str | None, count: int | None, capital: bool, params: dict[str, Any]
) -> Message:
    return Message(msgid, plural, count, capital=capital, params=params)


def message(msgid: str, /, **params: Any) -> Message:
    """A sentence to translate where it is shown: ``message("{pile} is empty", pile=Pile(s))``."""
    return Message(msgid, params=params)


def plural_message(singular: str, plural: str, count: int, /, **params: Any) -> Message:
    """A counted sentence; ``{n}`` is the count: ``plural_message("{n} card", "{n} cards", k)``."""
    return Message(singular, plural, count, params={"n": count, **params})


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


class Translator:
    """One locale's catalogue: ``gettext``, ``ngettext`` and ``render`` for messages.

    A message id missing from the catalogue is shown in English, with a
    :class:`MissingTranslationWarning` (the tests turn it into an error).
    """

    def __init__(self, locale: str = "en") -> None:
        self.locale = normalize_locale(locale)
        self._catalog: _gettext.NullTranslations
        if self.locale == "en":
            self._catalog = _gettext.NullTranslations()
        else:
            self._catalog = _gettext.translation(DOMAIN, LOCALE_DIR, [self.locale])

    def _missing(self, msgid: str) -> None:
        if self.locale != "en":
            warnings.warn(
                f"no {self.locale} translation of {msgid[:60]!r}: shown in English",
                MissingTranslationWarning,
                stacklevel=4,
            )

    def gettext(self, msgid: str) -> str:
        """``msgid`` in this locale (English if the catalogue lacks it)."""
        if not msgid:
            return msgid
        text = self._catalog.gettext(msgid)
        if text == msgid:
            self._has(msgid)
        return text

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        """The form of a counted message for ``count``."""
        text = self._catalog.ngettext(singular, plural, count)
        if text in (singular, plural):
            self._has(singular)
        return text

    def _knows(self, msgid: str) -> bool:
        catalog = getattr(self._catalog, "_catalog", None)
        return catalog is None or msgid in catalog or (msgid, 0) in catalog

    def _has(self, msgid: str) -> None:
        if not self._knows(msgid):
            self._missing(msgid)

    def _format(
        self,
        msgid: str,
        plural: str | None,
        count: int | None,
        params: Mapping[str, Any],
        capital: bool,
    ) -> str:
        if self is not ENGLISH and not self._knows(msgid):
            self._missing(msgid)  # the whole sentence in English, its cards too
            return ENGLISH._format(msgid, plural, count, params, capital)
        if plural is not None:
            template = self.ngettext(msgid, plural, count or 0)
        else:
            template = self.gettext(msgid)
        bound = {k: _Bound(v, self) for k, v in params.items()}
        try:
            text = template.format_map(bound)
        except (KeyError, IndexError, ValueError):  # a broken catalogue entry: the English
            self._missing(msgid)
            source = msgid if plural is None or count == 1 else plural
            text = source.format_map({k: _Bound(v, ENGLISH) for k, v in params.items()})
        return _capital(text) if capital else text

    def render(self, text: str) -> str:
        """A :class:`Message` in this locale; any other text as it is."""
        if isinstance(text, Message):
            return self._format(text.msgid, text.plural, text.number, text.params, text.capital)
        return str(text)

    def plural_forms(self, singular: str, plural: str) -> dict[str, str]:
        """Every form of a counted message, by CLDR plural category (for the front end)."""
        return {
            category: self.ngettext(singular, plural, n)
            for category, n in PLURAL_SAMPLES[self.locale].items()
        }


ENGLISH = Translator.__new__(Translator)
ENGLISH.locale = "en"
ENGLISH._catalog = _gettext.NullTranslations()

_TRANSLATORS: dict[str, Translator] = {"en": ENGLISH}


def translator(locale: str | None = None) -> Translator:
    """The (shared, read-only) translator of ``locale``; the kernel's default when ``None``."""
    lang = default_locale() if locale is None else normalize_locale(locale)
    if lang not in _TRANSLATORS:
        _TRANSLATORS[lang] = Translator(lang)
    return _TRANSLATORS[lang]


_printing: list[Translator | None] = [None]
"""The translator of printed messages (``None``: their English text)."""


def use_language(locale: str) -> None:
    """Make messages that code prints (``print``, ``str``, f-strings, a refused move's
    error) speak ``locale`` in this kernel: ``use_language("uk")`` at the top of a lesson in
    Ukrainian. Tables keep their own language (``locale=``); ``"en"`` goes back to English.
    An unknown locale raises :class:`UnknownLocaleError` and changes nothing."""
    speaking = translator(locale)
    _printing[0] = None if speaking.locale == "en" else speaking


def placeholders(template: str) -> set[str]:
    """The parameter names of a template (``{card}``, ``{onto:acc}`` → card, onto)."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def cases_used(template: str) -> set[str]:
    """The format specs (grammatical cases) a template names."""
    return {spec for _, name, spec, _ in string.Formatter().parse(template) if name and spec}


def known_cases(locale: str) -> tuple[str, ...]:
    """The cases a catalogue of ``locale`` may name (:data:`.nouns.CASES`)."""
    return CASES[normalize_locale(locale)]

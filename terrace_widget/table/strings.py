"""The front end's words, sent from the kernel: anywidget has no translator of its own.

One catalogue serves Python and the browser. ``front_end_strings(translator)`` is what the
widget's ``strings`` trait holds for a table's locale: every translated message of the
catalogue, each counted message's forms by CLDR plural category (the browser picks one with
``Intl.PluralRules``), and the names of cards, ranks and piles in each grammatical case.
``js/i18n.js`` reads it: ``t("Moved {cards} to {pile:acc}.", …)`` looks the English id up,
and English (an empty catalogue) is the id itself.
"""

from __future__ import annotations

import functools
from typing import Any

from ..i18n import Translator
from ..i18n.nouns import CARDS, CASES, PILES, rank_words


@functools.lru_cache(maxsize=8)
def _strings(translator: Translator) -> dict[str, Any]:
    lang = translator.locale
    catalog: dict[Any, str] = getattr(translator._catalog, "_catalog", {})
    messages: dict[str, str] = {}
    plurals: dict[str, dict[str, str]] = {}
    for key in catalog:
        if isinstance(key, tuple):
            msgid = key[0]
            if msgid not in plurals:
                plurals[msgid] = {}
        elif key:
            messages[key] = catalog[key]
    for msgid in plurals:
        # the English plural is not in a .mo: any other form is looked up by the singular
        plurals[msgid] = translator.plural_forms(msgid, msgid)
    return {
        "locale": lang,
        "messages": messages,
        "plurals": plurals,
        "cards": {case: list(names) for case, names in CARDS[lang].items()},
        "ranks": {case: [rank_words(lang, r, case) for r in range(1, 14)] for case in CASES[lang]},
        "piles": {
            case: {kind: forms[case] for kind, forms in PILES[lang].items()} for case in CASES[lang]
        },
    }


def front_end_strings(translator: Translator) -> dict[str, Any]:
    """The ``strings`` the browser needs for ``translator``'s locale (shared, do not change)."""
    return _strings(translator)

"""The table's language on the widget: the ``locale`` setting and the ``strings`` trait.

``TerraceWidget`` mixes this in (table/widget.py stays plumbing). The kernel sends the
front end's words once per language, in ``strings`` (table/strings.py), before the first
view that needs them; ``locale`` follows the table (the language menu sends an intent).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import traitlets

from ..i18n import normalize_locale, translator
from .strings import front_end_strings


class Localized(traitlets.HasTraits):
    """The ``locale`` and ``strings`` traits of a table widget."""

    strings = traitlets.Dict().tag(sync=True)
    """The front end's words in the table's language (table/strings.py)."""
    locale = traitlets.Unicode("en")
    """The table's language: ``en``, ``el``, ``uk``, ``ru`` or ``ca`` (the language menu)."""

    @traitlets.validate("locale")
    def _valid_locale(self, proposal: Mapping[str, Any]) -> str:
        return normalize_locale(proposal["value"])  # UnknownLocaleError: nothing changes

    def _publish(self, view: dict[str, Any]) -> None:
        """A new view from the table: its language's words first, then the view."""
        locale = view.get("locale", "en")
        if self.strings.get("locale") != locale:
            self.strings = front_end_strings(translator(locale))
            self.locale = locale
        self.set_trait("view", view)

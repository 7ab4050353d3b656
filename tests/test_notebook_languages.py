"""Lessons 01 and 02 in Greek, Ukrainian, Russian and Catalan: ``notebooks/<lang>/NN-*.ipynb``
with its jupytext twin in ``notebooks/<lang>/py/``. The same code runs in every language;
only the text changes (the markdown, the strings the code prints, and ``locale=``)."""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import jupytext
import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LANGUAGES = ("el", "uk", "ru", "ca")
LESSONS = ("01-play", "02-rules-tutorial", "03-terrace-strategy")
"""The lessons translated into every language."""
SCRIPTS = {  # letters each language's text is written in
    "el": re.compile("[α-ω]", re.IGNORECASE),
    "uk": re.compile("[іїєґ]", re.IGNORECASE),  # Ukrainian-only letters
    "ru": re.compile("[ыэё]", re.IGNORECASE),  # Russian-only letters
    "ca": re.compile("[àèéíòóúç]|l·l", re.IGNORECASE),
}


TWIN_ONLY = re.compile(
    r'^from terrace_widget\.i18n import use_language(?:\n|$)|^use_language\("\w+"\).*(?:\n|$)',
    re.M,
)
"""The lines a twin adds: what its code prints speaks its language (``use_language``)."""


def code_shape(source: str) -> list[tuple[int, str]]:
    """The code's tokens with every string literal blanked and ``locale=…`` dropped."""
    source = re.sub(r',\s*locale="\w+"', "", source)
    source = TWIN_ONLY.sub("", source)
    tokens = []
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type in (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE):
            continue
        if tok.type == tokenize.STRING or tok.type in _FSTRING:
            tokens.append((tokenize.STRING, ""))
        else:
            tokens.append((tok.type, tok.string))
    return tokens


_FSTRING = {
    getattr(tokenize, name)
    for name in ("FSTRING_START", "FSTRING_MIDDLE", "FSTRING_END")
    if hasattr(tokenize, name)
}


def _squash(tokens: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Adjacent strings (a literal split over lines, an f-string's parts) count as one."""
    out: list[tuple[int, str]] = []
    for tok in tokens:
        if not (out and tok[0] == tokenize.STRING and out[-1][0] == tokenize.STRING):
            out.append(tok)
    return out


def without_run(metadata: dict[str, object]) -> dict[str, object]:
    """A cell's metadata but for when it last ran (each language runs on its own)."""
    return {k: v for k, v in metadata.items() if k != "execution"}


@pytest.mark.parametrize("lesson", LESSONS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_lesson_in_each_language(lang: str, lesson: str) -> None:
    notebook = NOTEBOOKS / lang / f"{lesson}.ipynb"
    twin = NOTEBOOKS / lang / "py" / f"{lesson}.py"
    english = jupytext.read(NOTEBOOKS / f"{lesson}.ipynb")
    read = jupytext.read(notebook)
    assert read.metadata["jupytext"]["formats"] == "ipynb,py//py:percent"
    cells = [(c.cell_type, c.source.strip()) for c in read.cells]
    assert cells == [(c.cell_type, c.source.strip()) for c in jupytext.read(twin).cells]
    assert [c.cell_type for c in read.cells] == [c.cell_type for c in english.cells]
    for mine, theirs in zip(read.cells, english.cells, strict=True):
        if mine.cell_type == "code":
            assert _squash(code_shape(mine.source)) == _squash(code_shape(theirs.source))
            assert without_run(mine.metadata) == without_run(theirs.metadata)
            if re.search(r"(?<![.\w])play\(", mine.source):
                assert f'locale="{lang}"' in mine.source
            for said in re.findall(r'^use_language\("(\w+)"\)', mine.source, re.M):
                assert said == lang, mine.source[:80]
        else:
            assert SCRIPTS[lang].search(mine.source), mine.source[:80]
            assert mine.source != theirs.source
    first_code = next(c.source for c in read.cells if c.cell_type == "code")
    assert f'use_language("{lang}")' in first_code  # printed messages speak the language


def test_the_shape_check_sees_changed_code() -> None:
    english = jupytext.read(NOTEBOOKS / "01-play.ipynb")
    code = next(c.source for c in english.cells if "challenge = play" in c.source)
    changed = code.replace("seed=4", "seed=5")
    assert code_shape(code.replace("seed=4", 'seed=4, locale="uk"')) == code_shape(code)
    assert code_shape(changed) != code_shape(code)


def test_the_shape_check_drops_only_the_twins_language_lines() -> None:
    code = 'from terrace_widget import Game\n\nGame("terrace")\n'
    twin = (
        "from terrace_widget import Game\nfrom terrace_widget.i18n import use_language\n\n"
        'use_language("uk")  # a comment\n\nGame("terrace")\n'
    )
    assert code_shape(twin) == code_shape(code)
    assert code_shape(twin.replace('use_language("uk")', 'print("uk")')) != code_shape(code)

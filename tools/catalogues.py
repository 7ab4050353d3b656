"""The translation catalogues: extract, update, compile, check (docs/translating.md).

    python tools/catalogues.py extract   # terrace_widget.pot from the Python and js/ sources
    python tools/catalogues.py update    # merge the .pot into each language's .po
    python tools/catalogues.py compile   # each .po into its .mo (committed, see below)
    python tools/catalogues.py check     # complete, not fuzzy, placeholders and cases match,
                                         # Babel's checkers pass, and each .mo matches its .po

The compiled ``.mo`` files are committed next to their ``.po``: the wheel (hatch packs the
package's files as they are), an editable install, ``run.sh setup`` and the JupyterLite
wheel then all carry working catalogues without a build hook, and ``check`` (run by
tests/test_i18n.py) fails when a ``.mo`` no longer matches its ``.po``.
"""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE_DIR = ROOT / "terrace_widget" / "i18n" / "locale"
POT = LOCALE_DIR / "terrace_widget.pot"
LANGUAGES = ("el", "uk", "ru", "ca")
KEYWORDS = ["message", "plural_message:1,2", "N_", "Nn_:1,2", "t:2", "tn:2,3"]


def po_path(lang: str, locale_dir: Path = LOCALE_DIR) -> Path:
    return locale_dir / lang / "LC_MESSAGES" / "terrace_widget.po"


def extract() -> None:
    """Write the template from the sources (babel.cfg names them)."""
    args = [sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel.cfg"]
    args += ["--no-default-keywords", "--omit-header", "--sort-by-file", "--no-location"]
    for keyword in KEYWORDS:
        args += ["-k", keyword]
    args += ["-o", str(POT.relative_to(ROOT)), "."]
    subprocess.run(args, cwd=ROOT, check=True, capture_output=True)


def update() -> None:
    """Merge the template into every language's catalogue (new ids come in untranslated)."""
    from babel.messages.pofile import read_po, write_po

    template = read_po(POT.open("rb"))
    for lang in LANGUAGES:
        path = po_path(lang)
        catalog = read_po(path.open("rb"), locale=lang)
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        with path.open("wb") as out:
            write_po(out, catalog, omit_header=False, no_location=True, width=100)


def compiled_bytes(lang: str, locale_dir: Path = LOCALE_DIR) -> bytes:
    """The .mo that the .po of ``lang`` compiles to."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    catalog = read_po(po_path(lang, locale_dir).open("rb"), locale=lang)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def compile_all() -> None:
    for lang in LANGUAGES:
        po_path(lang).with_suffix(".mo").write_bytes(compiled_bytes(lang))


def problems(locale_dir: Path = LOCALE_DIR) -> list[str]:
    """Everything wrong with the catalogues in ``locale_dir``, as sentences (none when all
    is well)."""
    from babel.messages.checkers import checkers
    from babel.messages.pofile import read_po

    sys.path.insert(0, str(ROOT))
    from terrace_widget.i18n import cases_used, known_cases, placeholders

    found: list[str] = []
    template = read_po((locale_dir / POT.name).open("rb"))
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in template if m.id}
    for lang in LANGUAGES:
        catalog = read_po(po_path(lang, locale_dir).open("rb"), locale=lang)
        cases = set(known_cases(lang)) | {""}
        have = {m.id if isinstance(m.id, str) else m.id[0] for m in catalog if m.id}
        for missing in sorted(ids - have):
            found.append(f"{lang}: no entry for {missing!r}")
        for extra in sorted(have - ids):
            found.append(f"{lang}: entry {extra!r} is not in the sources")
        for m in catalog:
            if not m.id:
                continue
            ident = m.id if isinstance(m.id, str) else m.id[0]
            sources = [m.id] if isinstance(m.id, str) else list(m.id)
            strings = [m.string] if isinstance(m.string, str) else list(m.string)
            if m.fuzzy:
                found.append(f"{lang}: {ident!r} is fuzzy")
            if not all(strings):
                found.append(f"{lang}: {ident!r} is untranslated")
                continue
            if isinstance(m.id, tuple) and len(strings) != catalog.num_plurals:
                found.append(
                    f"{lang}: {ident!r} has {len(strings)} forms, not {catalog.num_plurals}"
                )
            want = set().union(*(placeholders(s) for s in sources))
            for text in strings:
                got = placeholders(text)
                if got - want:
                    found.append(f"{lang}: {ident!r} has unknown placeholders {sorted(got - want)}")
                if got != want and not (isinstance(m.id, tuple) and got == want - {"n"}):
                    found.append(f"{lang}: {ident!r} placeholders {sorted(got)} != {sorted(want)}")
                if cases_used(text) - cases:
                    found.append(
                        f"{lang}: {ident!r} names unknown cases {cases_used(text) - cases}"
                    )
            for checker in checkers:
                try:
                    checker(catalog, m)
                except Exception as error:  # TranslationError and friends
                    found.append(f"{lang}: {ident!r}: {error}")
        mo = po_path(lang, locale_dir).with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != compiled_bytes(lang, locale_dir):
            found.append(
                f"{lang}: {mo.name} does not match its .po (python tools/catalogues.py compile)"
            )
    return found


def main(argv: list[str]) -> int:
    command = argv[1] if len(argv) > 1 else "check"
    if command == "extract":
        extract()
    elif command == "update":
        update()
    elif command == "compile":
        compile_all()
    elif command == "check":
        found = problems()
        print("\n".join(found) or "the catalogues are complete and consistent")
        return 1 if found else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
